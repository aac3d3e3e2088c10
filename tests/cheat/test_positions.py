import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.cheat import fast
from liarlab.cheat import positions as pos

from .conftest import ReplayRng


@pytest.mark.parametrize("n_black", range(11))
def test_feasible_masks_are_the_arrangements_of_the_hand(n_black):
    masks = pos.feasible_masks(n_black)
    assert len(masks) == math.comb(10, n_black)
    assert all(pos.colours_of(int(m)).sum() == n_black for m in masks)


@given(st.lists(st.integers(0, 1), min_size=10, max_size=10))
def test_colours_and_lie_masks_round_trip(colours):
    mask = pos.lie_mask_of(colours)
    assert list(pos.colours_of(mask)) == colours
    assert pos.is_feasible(mask, sum(colours))


def test_scoring_table_by_hand():
    lie_at_1 = 1  # player 0 lies at position 1 only
    # caught: placer -1
    assert pos.scores([lie_at_1, 0], [0, 1]) == (-1, 0)
    # not caught: placer +2
    assert pos.scores([lie_at_1, 0], [0, 0]) == (2, 0)
    # honest and caught: the catcher -1 (false accusation)
    assert pos.scores([0, 0], [0, 1]) == (0, -1)
    # honest, not caught: 0
    assert pos.scores([0, 0], [0, 0]) == (0, 0)
    # lies at 1..5, two caught (-2), three not (+6); player 0 also falsely accuses 3 honest cards (-3)
    assert pos.scores([0b11111, 0], [0b111, 0b11]) == (2 * 3 - 2 - 3, 0)


def test_personality_placement_is_the_conditioned_profile():
    q = np.array(pos.PERSONALITY_LIE_PROBABILITIES["P2"])
    cdf = pos.personality_cdf("P2")
    nb = 3
    probs = np.diff(np.concatenate([[0.0], cdf[nb]]))
    feasible = pos.feasible_masks(nb)
    w = np.array([np.prod([q[i] if (m >> i) & 1 else 1 - q[i] for i in range(10)]) for m in feasible])
    assert np.allclose(probs[feasible], w / w.sum())
    assert probs.sum() == pytest.approx(1.0)
    assert probs[np.setdiff1d(np.arange(1024), feasible)].sum() == 0


def test_p1_and_learner_placements_are_uniform_over_arrangements():
    probs = np.diff(np.concatenate([[0.0], pos.UNIFORM_PLACEMENT_CDF[4]]))
    assert np.allclose(probs[pos.feasible_masks(4)], 1 / math.comb(10, 4))


def test_illegal_placement_and_catch_raise():
    state = pos.PositionGameState(np.random.default_rng(0), n_black=(5, 5))
    with pytest.raises(ValueError, match="cannot make lie mask"):
        state.apply_action(0b1)  # a single lie at a black target needs 4 black cards
    state.apply_action(0)
    state.apply_action(0b11)
    with pytest.raises(ValueError, match="catch mask"):
        state.apply_action(1024)


def test_observation_hides_the_opponent_until_the_end():
    state = pos.PositionGameState(np.random.default_rng(0), n_black=(5, 4))
    state.apply_action(0)
    state.apply_action(int(pos.feasible_masks(4)[0]))
    assert state.observation(1).opponent_lie_mask is None
    state.apply_action(5)
    state.apply_action(7)
    assert state.is_terminal()
    assert state.observation(1).opponent_lie_mask == 0
    assert state.observation(0).opponent_catch_mask == 7


def test_catch_probability_worked_example():
    counts = [30, 10, 10, 10, 10, 10, 10, 10, 0, 0]  # N = 100
    probs = pos.catch_probabilities(0.5, 5.0, counts)
    assert probs[0] == 1.0                                     # 0.5 + (0.3 - 0.1) * 5 = 1.5, clipped
    assert probs[1] == pytest.approx(0.5)
    assert probs[8] == pytest.approx(0.0)                      # 0.5 - 0.5
    assert list(pos.catch_probabilities(0.7, 5.0, [0] * 10)) == [0.7] * 10


def test_candidates_are_the_nine_neighbours_clipped():
    learner = pos.LieProfileLearner("P1", p0=1.0, k0=0.0)
    cands = learner.candidates()
    assert len(cands) == 9
    assert set(cands) == {(0.95, 0.0), (0.95, 0.5), (1.0, 0.0), (1.0, 0.5)}


@pytest.mark.parametrize("opponent,search,simulate", [("P1", "both", "program"), ("P4", "both", "program"),
                                                      ("P5", "p-only", "program"), ("P2", "none", "program"),
                                                      ("P2", "both", "model"), ("P5", "p-only", "model")])
def test_compiled_learner_replays_the_rules_module(opponent, search, simulate, uniforms):
    ref = pos.play_learning_run(opponent, 6, ReplayRng(uniforms), search=search, simulate=simulate)
    got = fast.learning_run(opponent, 6, uniforms=uniforms, search=search, simulate=simulate)
    assert np.array_equal(ref["outcomes"], got["outcomes"])
    assert np.array_equal(ref["p"], got["p"]) and np.array_equal(ref["k"], got["k"])
    assert np.array_equal(ref["lie_counts"], got["lie_counts"])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31))
def test_lie_counts_only_grow_by_the_revealed_lies(seed):
    res = fast.learning_run("P3", 5, np.random.default_rng(seed), n_simulated=1)
    assert res["lie_counts"].sum() <= 50
    assert ((res["p"] >= 0) & (res["p"] <= 1)).all() and ((res["k"] >= 0) & (res["k"] <= 20)).all()


def test_realised_lie_rates_follow_the_profiles():
    res = fast.personality_lies("P1", 20_000, np.random.default_rng(1))
    assert np.allclose(res["lie_counts"] / 20_000, 0.5, atol=0.02)
    p2 = fast.personality_lies("P2", 20_000, np.random.default_rng(2))["lie_counts"] / 20_000
    assert p2[0] > p2[4] > p2[9]


def test_guided_draw_and_scan_are_the_plain_search():
    """The stage-1 engine's guide-table draw and its forward scan return exactly the index of numpy's search."""
    rng = np.random.default_rng(7)
    rows = [pos.personality_cdf(n)[k] for n in pos.PERSONALITIES for k in (0, 3, 5, 10)]
    rows += [pos.UNIFORM_PLACEMENT_CDF[k] for k in range(11)]
    table = np.array(rows)
    guides = fast.guide_table(table)
    for row, cdf in enumerate(rows):
        xs = np.concatenate([rng.random(3000), cdf[:50], np.nextafter(cdf[:50], 0), [0.0, 1 - 1e-16]])
        for x in xs:
            want = min(np.searchsorted(cdf, x, side="right"), cdf.shape[0] - 1)
            assert fast._draw_guided_row(table, guides, row, x) == want
            assert fast._draw_cdf(cdf, x) == want
    for cdf in (pos.hand_cdf("binomial"), pos.hand_cdf("uniform")):
        xs = np.concatenate([rng.random(3000), cdf, np.nextafter(cdf, 0), [0.0, 1 - 1e-16]])
        for x in xs:
            assert fast._draw_cdf(cdf, x) == min(np.searchsorted(cdf, x, side="right"), cdf.shape[0] - 1)


def test_model_simulation_differs_from_the_program():
    """The model variant draws other games than the program variant from the same uniforms."""
    u = np.random.default_rng(4).random(200_000)
    a = fast.learning_run("P2", 30, uniforms=u)
    b = fast.learning_run("P2", 30, uniforms=u, simulate="model")
    assert not (np.array_equal(a["p"], b["p"]) and np.array_equal(a["k"], b["k"]))


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="personality"):
        pos.Personality("P9")
    with pytest.raises(ValueError, match="catch_probability"):
        pos.Personality("P1", catch_probability=1.5)
    with pytest.raises(ValueError, match="search"):
        fast.learning_run("P1", 5, np.random.default_rng(0), search="grid")
