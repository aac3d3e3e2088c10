"""Rules engine: auction legality, the exchange flow, follow suit, card conservation, views."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.core.api import make_agent, play_game
from liarlab.core.cards import parse_card
from liarlab.honeymoon.rules import (
    BIDDING,
    EXCHANGE,
    PASS,
    PLAY,
    HoneymoonState,
    bid_action,
    bid_is_higher,
    bid_of,
    leader_wins,
    opponent_hand_in_play,
)

S, H, D, C = 0, 1, 2, 3


def test_bid_order_over_two_hearts():
    assert bid_is_higher((2, S), (2, H))
    assert bid_is_higher((3, C), (2, H))
    assert not bid_is_higher((2, C), (2, H))
    assert not bid_is_higher((2, H), (2, H))
    assert bid_of(bid_action(2, H)) == (2, H)


def test_opening_must_bid_and_auction_ends_on_first_pass():
    st = HoneymoonState(rng=np.random.default_rng(0), opener=1)
    assert st.current_player() == 1
    assert PASS not in st.legal_actions()
    st.apply_action(bid_action(2, H))
    legal = st.legal_actions()
    assert bid_action(2, S) in legal and bid_action(3, C) in legal
    assert bid_action(2, C) not in legal and PASS in legal
    st.apply_action(bid_action(2, S))
    st.apply_action(PASS)
    assert st.phase == EXCHANGE and st.declarer == 0 and st.contract == (2, S)
    assert st.current_player() == 1   # the non-declarer leads the first exchange trick


def test_illegal_action_raises():
    st = HoneymoonState(rng=np.random.default_rng(1))
    with pytest.raises(ValueError):
        st.apply_action(PASS)
    with pytest.raises(ValueError):
        HoneymoonState(deal=list(range(51)))
    with pytest.raises(ValueError):
        HoneymoonState(rng=np.random.default_rng(1), opener=2)


def test_trick_winner():
    assert leader_wins(parse_card("SA"), parse_card("SK"), None)
    assert not leader_wins(parse_card("S2"), parse_card("S3"), H)
    assert not leader_wins(parse_card("SA"), parse_card("H2"), H)
    assert leader_wins(parse_card("S2"), parse_card("HA"), D)


def _check_invariants(st):
    where = st.card_locations()
    assert -1 not in where   # 52 distinct cards, each somewhere exactly once
    n_in = sum(len(h) for h in st.hands) + len(st.stock) + (st.face_up is not None) + len(st.history)
    assert n_in == 52


@pytest.mark.parametrize("seed", range(6))
def test_whole_deals_keep_52_cards_follow_suit_and_hide_draws(seed):
    rng = np.random.default_rng(seed)
    st = HoneymoonState(rng=rng, opener=seed % 2)
    agents = [make_agent("honeymoon", "random"), make_agent("honeymoon", "random")]
    while not st.is_terminal():
        _check_invariants(st)
        p = st.current_player()
        legal = st.legal_actions()
        if st.phase in (EXCHANGE, PLAY):
            if st.trick:
                lead = st.trick[0][1]
                has = [c for c in st.hands[p] if c // 13 == lead // 13]
                assert set(legal) == set(has or st.hands[p])
            # the other player's observation never shows this hand or its hidden draws
            other = st.observation(1 - p)
            assert not set(other["hand"]) & st.hands[p]
            assert not set(other["drawn"]) & set(st.drawn[p])
            assert "stock" not in other
            text = repr(other)
            assert repr(tuple(st.drawn[p])) not in text or not st.drawn[p]
        if st.phase == PLAY and not st.trick:
            obs = st.observation(p)
            assert set(opponent_hand_in_play(obs)) == st.hands[1 - p]
        st.apply_action(agents[p].act(st.observation(p), legal, rng))
    _check_invariants(st)
    assert sum(st.tricks_won) == 13
    assert len(st.history) == 52
    r = st.returns()
    assert sorted(r) == [-1.0, 1.0]
    assert r[st.declarer] == (1.0 if st.tricks_won[st.declarer] >= st.contract[0] + 6 else -1.0)


def test_exchange_winner_takes_face_up_loser_draws_hidden():
    deal = list(range(52))
    st = HoneymoonState(deal=deal, opener=0)   # player 0: all spades; player 1: all hearts
    st.apply_action(bid_action(1, S))
    st.apply_action(PASS)
    assert st.phase == EXCHANGE and st.face_up == 26
    face = st.face_up
    # player 1 (non-declarer) leads a heart, player 0 has none and trumps with a spade
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])
    assert face in st.hands[0] and st.won_face_up[0] == [face]
    assert st.drawn[1] == [27] and 27 in st.hands[1]
    assert st.current_player() == 0 and st.face_up == 28
    assert len(st.hands[0]) == len(st.hands[1]) == 13


def test_play_phase_opens_with_non_declarer_and_perfect_information():
    rng = np.random.default_rng(5)
    st = HoneymoonState(rng=rng, opener=0)
    agents = [make_agent("honeymoon", "random"), make_agent("honeymoon", "random")]
    while st.phase in (BIDDING, EXCHANGE):
        p = st.current_player()
        st.apply_action(agents[p].act(st.observation(p), st.legal_actions(), rng))
    assert st.phase == PLAY
    assert st.current_player() == 1 - st.declarer
    assert len(st.hands[0]) == len(st.hands[1]) == 13
    for p in (0, 1):
        assert set(opponent_hand_in_play(st.observation(p))) == st.hands[1 - p]


def test_same_seed_same_game():
    def run(seed):
        rng = np.random.default_rng(seed)
        st = HoneymoonState(rng=rng)
        play_game(st, [make_agent("honeymoon", "random"), make_agent("honeymoon", "hcp_greedy")], rng)
        return st.history, st.bids
    assert run(3) == run(3)
