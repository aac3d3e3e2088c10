"""Honeymoon Bridge at the terminal, driven through scripted standard input."""
import numpy as np
import pytest

from liarlab.core.cards import parse_card
from liarlab.honeymoon.rules import PASS, HoneymoonState, bid_action
from liarlab.play.honeymoon import HoneymoonAdapter


def _deal():
    """Player 0: all spades; player 1: all hearts; the stock: diamonds then clubs."""
    return list(range(52))


def test_a_full_deal_against_the_thesis_bot_with_bad_input_first(person, play):
    who = person(["hello", "pass", "9S", "2NT", "SA", "1C"], games=1, seed=1)
    session = play(HoneymoonAdapter(), "thesis", who, seed=2)
    text = who.text
    assert "cannot play 'hello': not a call" in text
    assert "cannot play 'pass': the opener must bid" in text
    assert "cannot play '9S': illegal bid: level must be" in text
    assert "cannot play '2NT': illegal bid: there is no no-trump" in text
    assert "cannot play 'SA': not a call" in text
    assert "the contract is" in text and "the deal turned over" in text
    assert session.score.games == 1
    assert sum(1 for g, p, a in session.transcript if a < 52) == 52      # 26 tricks of two cards
    assert "Traceback" not in text


def test_card_not_in_hand_and_follow_suit():
    adapter = HoneymoonAdapter()
    state = HoneymoonState(deal=_deal(), opener=0)
    state.apply_action(bid_action(1, 0))      # 1S by player 0
    state.apply_action(PASS)                  # player 1 passes: player 1 leads the exchange
    state.apply_action(parse_card("HA"))      # player 1 leads a heart; player 0 holds none
    obs, legal = state.observation(0), state.legal_actions()
    with pytest.raises(ValueError, match="card not in your hand: HK"):
        adapter.parse("HK", obs, legal)
    with pytest.raises(ValueError, match="not a move: 'zz' is not a card"):
        adapter.parse("zz", obs, legal)
    with pytest.raises(ValueError, match="the auction is over"):
        adapter.parse("2H", obs, legal)
    assert adapter.parse("as", obs, legal) == parse_card("SA")
    assert adapter.parse("10S", obs, legal) == parse_card("ST")


def test_must_follow_suit():
    adapter = HoneymoonAdapter()
    deal = _deal()
    deal[12], deal[13] = deal[13], deal[12]   # player 0 gets H2 for SA; player 1 gets SA
    state = HoneymoonState(deal=deal, opener=0)
    state.apply_action(bid_action(1, 0))
    state.apply_action(PASS)
    state.apply_action(parse_card("H3"))      # player 1 leads a heart; player 0 holds H2
    with pytest.raises(ValueError, match="you must follow suit: H3 was led and you hold hearts"):
        adapter.parse("S2", state.observation(0), state.legal_actions())


def test_a_bid_below_the_current_one_is_refused():
    adapter = HoneymoonAdapter()
    state = HoneymoonState(deal=_deal(), opener=1)
    state.apply_action(bid_action(2, 1))      # 2H
    with pytest.raises(ValueError, match="2D is not higher than 2H"):
        adapter.parse("2D", state.observation(0), state.legal_actions())
    assert adapter.parse("2s", state.observation(0), state.legal_actions()) == bid_action(2, 0)


def test_the_view_hides_the_other_hand_and_the_stock():
    adapter = HoneymoonAdapter()
    rng = np.random.default_rng(4)
    deal = rng.permutation(52)
    other = np.concatenate([deal[:13], deal[26:], deal[13:26]])   # same hand, different rest
    views = [adapter.show(HoneymoonState(deal=d).observation(0), HoneymoonState(deal=d).legal_actions())
             for d in (deal, other)]
    assert views[0] == views[1]


def test_two_deals_and_the_running_score(person, play):
    who = person(games=2, seed=3)
    session = play(HoneymoonAdapter(), "hcp_greedy", who, seed=4)
    assert session.score.games == 2
    assert "final score after 2 games" in who.text
    openers = {g: p for g, p, _ in reversed(session.transcript)}
    assert openers == {0: 0, 1: 1}


def test_in_the_play_phase_the_other_hand_is_shown_as_known_by_elimination(person, play):
    who = person(games=1, seed=6)
    session = play(HoneymoonAdapter(), "random", who, seed=7)
    views = [t for t in who.out if "scoring trick 1 of 13" in t and "known by elimination" in t]
    assert views      # the person plays in every trick, so it sees the first scoring trick
    known = views[0].split("opponent's hand (known by elimination): ")[1].splitlines()[0]
    ranks = "".join(part.split(":")[1] for part in known.split("  ")).replace("-", "").split()
    assert len(ranks) in (12, 13)      # 13 cards, or 12 when the opponent has already led to this trick
    assert session.score.games == 1
