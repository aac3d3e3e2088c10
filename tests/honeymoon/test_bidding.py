"""Monte Carlo bidding (liarlab.honeymoon.bidding): the margin rule reproduces the thesis's Fig 3-13 calls, ties,
sampling of the unseen cards and the solver behind each sample."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.core.cards import parse_cards
from liarlab.honeymoon import bidding as bd
from liarlab.honeymoon.rules import PASS, bid_action

S, H, D, C = 0, 1, 2, 3


def test_margin_rule_reproduces_fig_3_13_calls():
    printed = [((5.60, 9.26, 8.16, 6.80), None, bid_action(1, H)),
               ((5.52, 9.70, 9.04, 6.40), (1, S), bid_action(2, H)),
               ((5.38, 10.22, 9.12, 7.18), (2, S), bid_action(3, H)),
               ((5.42, 10.56, 10.02, 7.72), (3, S), bid_action(4, H))]
    for e, current, call in printed:
        margins = bd.call_margins(e, None if current is None else e[S], current)
        assert bd.choose_call(margins) == call
    # the pass requirements after 1S, 2S, 3S are 7, 6, 5
    assert [8 - lv for lv in (1, 2, 3)] == [7, 6, 5]


def test_ties_go_to_pass_then_higher_suit():
    margins = {PASS: 0.5, bid_action(2, S): 0.5}
    assert bd.choose_call(margins) == PASS
    assert bd.choose_call({bid_action(1, C): 1.0, bid_action(1, D): 1.0}) == bid_action(1, D)


def test_sampling_deals_unseen_cards_only_and_adjustment_shifts_suit_length():
    rng = np.random.default_rng(0)
    hand = parse_cards(["HK", "HJ", "H9", "H7", "H6", "H5", "DK", "DT", "D9", "D2", "CJ", "CT", "C9"])
    opp = bd.sample_opponent_hands(hand, 2000, rng)
    assert opp.shape == (2000, 13) and not set(opp.ravel()) & set(hand)
    assert all(len(set(row)) == 13 for row in opp[:50])
    plain = (opp // 13 == S).sum(1).mean()
    adj = bd.Adjustment()
    w3 = adj.weights(hand, {S: 3}, bd.unseen_cards(hand))
    heavy = (bd.sample_opponent_hands(hand, 2000, rng, w3) // 13 == S).sum(1).mean()
    assert plain == pytest.approx(13 * 13 / 39, abs=0.1)
    assert heavy > plain + 1.0
    with pytest.raises(ValueError):
        bd.sample_opponent_hands(hand[:12], 5, rng)


def test_mc_estimate_uses_the_solver_for_each_sample():
    rng = np.random.default_rng(1)
    hand = list(rng.permutation(52)[:13])
    opp = bd.sample_opponent_hands(hand, 5, rng)
    est = bd.MonteCarloEstimate(hand, opp)
    from liarlab.honeymoon.solver import DoubleDummy
    dd = DoubleDummy(tt_bits=14)
    for s in range(4):
        assert list(est.tricks(s, True)) == [dd.tricks(hand, list(o), s) for o in opp]
        assert list(est.tricks(s, False)) == [13 - dd.tricks(list(o), hand, s) for o in opp]
