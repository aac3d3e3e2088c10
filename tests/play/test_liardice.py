"""Liar Dice at the terminal, driven through scripted standard input."""

import numpy as np
import pytest

from liarlab.liardice import rules
from liarlab.play.liardice import LiarDiceAdapter


def test_a_full_game_with_bad_input_first(person, play):
    # game 1: the person opens (seat 0 opens the first game)
    who = person(["dance", "3", "11 3", "3 7", "c", "", "3 5"], games=1, seed=2)
    session = play(LiarDiceAdapter(), "random-guess", who, seed=4)
    text = who.text
    assert "cannot play 'dance': not a move" in text
    assert "cannot play '3': not a move" in text
    assert "cannot play '11 3': illegal bid: bid quantity must be" in text
    assert "cannot play '3 7': illegal bid: bid face must be" in text
    assert "cannot play 'c': there is no bid to challenge" in text
    # none of the bad lines reached the game: the person's first action is the bid typed after them
    first = [a for g, p, a in session.transcript if p == 0][0]
    assert first == ("bid", (3, 5))
    assert "cups up:" in text and "final score after 1 game" in text
    assert session.score.games == 1 and session.score.abandoned == 0
    assert "Traceback" not in text


def test_a_bid_below_the_standing_bid_is_refused(person, play):
    # the person opens high; the opponent must answer higher, after which '2 2' is illegal
    who = person(["6 6"], games=1, seed=3)
    session = play(LiarDiceAdapter(), "random-guess", who, seed=5)
    bids = [a for g, p, a in session.transcript]
    if bids[1][0] == "bid":   # the opponent bid on: a low bid from the person must be refused
        who2 = person(["6 6", "2 2"], games=1, seed=3)
        play(LiarDiceAdapter(), "random-guess", who2, seed=5)
        assert "cannot play '2 2': illegal bid: 2 x 2s is not higher than the standing bid" in who2.text
    else:
        assert "opponent challenges the bid 6 x 6s" in who.text


def test_low_bid_message_from_the_adapter():
    adapter = LiarDiceAdapter()
    state = rules.new_game_from_hands([[1, 1, 1, 1, 1, 0], [0, 2, 0, 0, 3, 0]], starter=1)
    state.apply_action(("bid", (4, 5)))
    obs = state.observation(0)
    with pytest.raises(ValueError, match="2 x 2s is not higher than the standing bid 4 x 5s"):
        adapter.parse("2 2", obs, state.legal_actions())
    assert adapter.parse("4x6", obs, state.legal_actions()) == ("bid", (4, 6))
    assert adapter.parse("liar", obs, state.legal_actions()) == rules.CHALLENGE


def test_the_view_shows_only_the_persons_dice():
    adapter = LiarDiceAdapter()
    a = rules.new_game_from_hands([[2, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 5]])
    b = rules.new_game_from_hands([[2, 0, 1, 0, 1, 1], [5, 0, 0, 0, 0, 0]])
    for s in (a, b):
        s.apply_action(("bid", (3, 1)))
        s.apply_action(("bid", (3, 4)))
    assert adapter.show(a.observation(0), a.legal_actions()) == adapter.show(b.observation(0), b.legal_actions())
    assert "your dice: 1 1 3 5 6" in adapter.show(a.observation(0), a.legal_actions())


def test_running_score_over_three_games(person, play):
    who = person(games=3, seed=7)
    session = play(LiarDiceAdapter(), "type12", who, seed=8)
    assert session.score.games == 3
    assert session.score.wins + session.score.losses == 3
    assert who.text.count("cups up:") == 3
    assert f"final score after 3 games: you {session.score.wins}, type12 {session.score.losses}" in who.text
    # the opener alternates: the person opens games 1 and 3, the opponent game 2
    openers = {g: p for g, p, _ in reversed(session.transcript)}
    assert openers == {0: 0, 1: 1, 2: 0}


def test_end_of_input_mid_game_loses_nothing_and_ends_cleanly(person, play):
    who = person(["hello"], auto=False)   # the person opens game 1; input ends before a move
    session = play(LiarDiceAdapter(), "random-guess", who, seed=1)
    assert "end of input: game 1 abandoned, not scored" in who.text
    assert session.score.games == 0 and session.score.abandoned == 1


@pytest.mark.parametrize("agent", ["bbn", "EXP0", "EXPRAND", "RAND", "QTABLE"])
def test_every_kind_of_agent_plays_two_games(person, play, agent):
    who = person(games=2, seed=11)
    session = play(LiarDiceAdapter(), agent, who, seed=12)
    assert session.score.games == 2
    config = LiarDiceAdapter().config if agent == "bbn" else rules.LiarDiceConfig(min_count=1)
    assert session.adapter.config == config
    if agent == "bbn":      # the network learned from both revealed games of the session
        assert session.agent.agent.belief.games == 2


def test_same_seed_and_input_give_the_same_session(person, play):
    texts = []
    for _ in range(2):
        who = person(games=2, seed=3)
        play(LiarDiceAdapter(), "random-guess", who, seed=9)
        texts.append(who.text)
    assert texts[0] == texts[1]


def test_registry_agents_are_offered():
    from liarlab.core.api import agent_names

    offered = LiarDiceAdapter().agents()
    assert set(agent_names("liardice")) - {"test-program"} <= set(offered)  # test programs are type1..type32
    assert np.all([f"type{t}" in offered for t in range(1, 33)])


