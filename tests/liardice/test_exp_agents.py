"""Paper 02's EXP rules (liarlab.liardice.exp_agents): the report's opening windows, challenges and honest raises,
by hand."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.core.api import make_agent
from liarlab.liardice import qfast
from liarlab.liardice.exp_agents import (
    ExpAgent,
    exp0_action,
    exp_action,
    exprand_kind,
    forced_hand,
    honest_action,
    largest_multiplicity,
    paper_config,
)
from liarlab.liardice.rules import CHALLENGE, new_game_from_hands

HAND = np.array([0, 2, 0, 1, 2, 0])          # two 2s, one 4, two 5s: m = 2, mf = 5 (ties go to the higher face)


def legal_after(bid, k=2):
    """The report's ordered action list after engine bid ``bid`` = (quantity, face) (None = opening)."""
    state = new_game_from_hands(np.tile([5, 0, 0, 0, 0, 0], (k, 1)), paper_config(k))
    if bid is not None:
        state.apply_action(("bid", bid))
    return state.legal_actions()


def test_opening_list_has_30k_bids_and_no_challenge():
    assert len(legal_after(None, 2)) == 60 and CHALLENGE not in legal_after(None, 2)
    assert len(legal_after(None, 3)) == 90
    assert legal_after((10, 6)) == [CHALLENGE]
    assert legal_after((10, 4)) == [("bid", (10, 5)), ("bid", (10, 6)), CHALLENGE]


def test_exp0_opening_window_is_the_six_one_die_bids():
    actions = legal_after(None)
    picks = {exp0_action(HAND, (0, 0), actions, u) for u in np.linspace(0, 0.999, 50)}
    assert picks == {("bid", (1, f)) for f in range(1, 7)}


def test_exp0_challenges_by_own_count_of_the_bid_face():
    # standing two 5s ([5, 2]); holding two 5s: 2 + 1 < 2 is false -> bid in the window
    actions = legal_after((2, 5))
    assert exp0_action(HAND, (5, 2), actions, 0.0) == ("bid", (2, 6))
    # standing three 6s, holding none: 0 + 1 < 3 -> challenge
    assert exp0_action(HAND, (6, 3), legal_after((3, 6)), 0.0) == CHALLENGE
    # standing two 6s: 0 + 1 < 2 -> challenge with margin 2 (k = 2), not with margin 3 (k = 3 text rule)
    assert exp0_action(HAND, (6, 2), legal_after((2, 6)), 0.0, margin=2) == CHALLENGE
    assert exp0_action(HAND, (6, 2), legal_after((2, 6), 3), 0.0, margin=3) == ("bid", (3, 1))


def test_exp0_window_near_the_top_includes_the_challenge():
    actions = legal_after((10, 4))        # (10,5), (10,6), challenge: window of 3
    hand = np.array([0, 0, 0, 5, 0, 0])   # five 4s: 5 + 1 < 10, so with k = 2 the challenge test fires first
    assert exp0_action(hand, (4, 10), actions, 0.0) == CHALLENGE
    # with a margin that keeps the test false the window itself reaches the challenge
    assert exp0_action(hand, (4, 10), actions, 0.99, margin=6) == CHALLENGE
    assert exp0_action(hand, (4, 10), actions, 0.0, margin=6) == ("bid", (10, 5))


def test_largest_multiplicity_ties_go_to_the_higher_face():
    assert largest_multiplicity(HAND) == (2, 5)
    assert largest_multiplicity([1, 1, 1, 1, 1, 0]) == (1, 5)


def test_exp1_to_exp3_openings():
    actions = legal_after(None)
    assert exp_action(1, HAND, (0, 0), actions) == ("bid", (1, 2))   # smallest honest bid: one 2
    assert exp_action(2, HAND, (0, 0), actions) == ("bid", (2, 5))   # largest honest bid [mf, m]
    assert exp_action(3, HAND, (0, 0), actions) == ("bid", (3, 5))   # slight lie [mf, m + 1]


def test_exp123_challenge_on_largest_multiplicity_and_honest_raise():
    for kind in (1, 2, 3):
        # m = 2: challenge when 2 + 1 < count, i.e. at four of anything (even of a held face)
        assert exp_action(kind, HAND, (2, 4), legal_after((4, 2))) == CHALLENGE
        # after one 6 the smallest honest bid is two 2s
        assert exp_action(kind, HAND, (6, 1), legal_after((1, 6))) == ("bid", (2, 2))
        # after three 1s no honest bid exists: fallback smallest = (3, 2); best_face_plus_one = three 5s
        assert exp_action(kind, HAND, (1, 3), legal_after((3, 1))) == ("bid", (3, 2))
        assert exp_action(kind, HAND, (1, 3), legal_after((3, 1)), fallback="best_face_plus_one") == ("bid", (3, 5))
    # margin 3 (three players): three of a face is no longer challenged at m = 2 ... nor four
    assert exp_action(1, HAND, (2, 4), legal_after((4, 2), 3), margin=3) == ("bid", (4, 3))
    assert exp_action(1, HAND, (2, 5), legal_after((5, 2), 3), margin=3) == CHALLENGE


def test_honest_action_fallback_when_only_the_challenge_is_left():
    assert honest_action([CHALLENGE], HAND) == CHALLENGE


def test_exprand_cut_points_are_inclusive():
    assert [exprand_kind(u) for u in (0.0, 0.25, 0.2501, 0.5, 0.75, 0.7501, 0.999)] == [0, 0, 1, 1, 2, 3, 3]


def test_forced_hands_have_the_pattern():
    rng = np.random.default_rng(0)
    for s in range(1, 6):
        for _ in range(200):
            h = forced_hand(rng, s)
            assert h.sum() == 5 and h.max() == s and (s == 1 or (h == s).sum() == 1)
            assert set(h[h != s]) <= {0, 1}       # the rest are distinct singletons
    with pytest.raises(ValueError, match="same"):
        forced_hand(rng, 6)


def test_registered_agents_and_bad_names():
    for name in ("RAND", "EXP0", "EXP1", "EXP2", "EXP3", "EXPRAND", "QTABLE"):
        assert make_agent("liardice", name) is not None
    with pytest.raises(ValueError, match="EXP9"):
        make_agent("liardice", "EXP9")
    with pytest.raises(ValueError, match="honest_fallback"):
        ExpAgent(1, honest_fallback="biggest")
    with pytest.raises(ValueError, match="kind"):
        qfast.Player("EXP7")
