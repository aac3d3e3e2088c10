"""The numba simulator plays the same rules and strategies as the reference agents."""
import numpy as np
import pytest

from liarlab.core.stats import wilson_interval
from liarlab.liardice import fast
from liarlab.liardice import rules as ld
from liarlab.liardice.agents import RandomGuessAgent, TestProgram, UniformBelief, random_guess_action_probabilities


@pytest.mark.parametrize("own, bid", [([0, 0, 0, 4, 0, 0], (4, 3)), ([1, 1, 1, 1, 1, 0], None),
                                      ([2, 0, 1, 0, 2, 0], (2, 3)), ([0, 1, 0, 0, 1, 3], (5, 6))])
def test_random_guess_action_frequencies_match_closed_form(own, bid):
    n = 50_000
    counts = fast.decide_many(RandomGuessAgent(), own, bid, n, np.random.default_rng(0))
    exact = random_guess_action_probabilities(own, bid)
    se = np.sqrt(exact * (1 - exact) / n)
    assert np.all(np.abs(counts / n - exact) <= 5 * se + 1e-4)


@pytest.mark.parametrize("t", [7, 18, 29])
def test_test_program_action_frequencies_match_reference(t):
    own, bid, n = np.array([0, 2, 0, 1, 2, 0]), (3, 5), 3000
    counts = fast.decide_many(TestProgram(t), own, bid, 40_000, np.random.default_rng(1), cap=6) / 40_000
    agent, rng, ref = TestProgram(t), np.random.default_rng(2), np.zeros(55)
    agent.cap = 6
    for _ in range(n):
        a = agent.decide(own, bid, rng)
        ref[54 if a == ld.CHALLENGE else ld.bid_index(a[1])] += 1
    se = np.sqrt(counts * (1 - counts) / n)
    assert np.all(np.abs(ref / n - counts) <= 5 * se + 2e-3)


@pytest.mark.parametrize("t, options, own, bid", [
    (19, {"cap_overrides": False}, [0, 2, 0, 1, 2, 0], (5, 5)),
    (28, {"cap_overrides": False}, [0, 2, 0, 1, 2, 0], (6, 2)),
    (18, {"opening_count": 3}, [0, 2, 0, 1, 2, 0], None),
    (7, {"opening_count": 4}, [1, 1, 0, 1, 2, 0], None),
])
def test_test_program_switches_act_alike_in_both_engines(t, options, own, bid):
    """The test programs' cap-override and opening-count switches: the compiled decision's action frequencies
    match the reference agent's under the same switch, in a state the switch changes (a bid at the cap of 5 for a
    prefers-bid program; the opening), and differ from the default's (a switch one engine ignored would fail)."""
    own, n = np.array(own), 3000

    def compiled(**opts):
        return fast.decide_many(TestProgram(t, **opts), own, bid, 40_000, np.random.default_rng(1), cap=5) / 40_000

    counts, default = compiled(**options), compiled()
    agent, rng, ref = TestProgram(t, **options), np.random.default_rng(2), np.zeros(55)
    agent.cap = 5
    for _ in range(n):
        a = agent.decide(own, bid, rng)
        ref[54 if a == ld.CHALLENGE else ld.bid_index(a[1])] += 1
    se = np.sqrt(counts * (1 - counts) / n)
    assert np.all(np.abs(ref / n - counts) <= 5 * se + 2e-3)
    assert np.abs(counts - default).sum() > 0.5      # twice the total-variation distance


@pytest.mark.parametrize("t, options", [(1, {}), (26, {}), (23, {"guess": "real"})])
def test_win_rates_agree_with_reference_games(t, options):
    n_ref, n_fast = 1500, 40_000
    rng = np.random.default_rng(t)
    records = ld.play_match([RandomGuessAgent(**options), TestProgram(t)], n_ref, rng)
    wins_ref = sum(r.winner == 0 for r in records)
    sim = fast.simulate_match(RandomGuessAgent(**options), TestProgram(t), n_fast, rng)
    p_fast = np.mean(sim["winner"] == 0)
    lo, hi = wilson_interval(wins_ref, n_ref, z=3.3)
    assert lo <= p_fast <= hi
    turns_ref = np.mean([r.n_turns for r in records])
    assert abs(turns_ref - sim["turns"].mean()) < 0.25


def test_simulation_is_fixed_by_the_generator_and_alternates_starters():
    a = fast.simulate_match(TestProgram(3), TestProgram(20), 1000, np.random.default_rng(5))
    b = fast.simulate_match(TestProgram(3), TestProgram(20), 1000, np.random.default_rng(5))
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert np.array_equal(a["starter"], np.arange(1000) % 2)
    assert np.all((a["final_quantity"] >= 2) & (a["final_quantity"] <= 10))
    assert np.all(a["turns"] >= 2)


def test_unsupported_inputs_raise():
    class Other(UniformBelief):
        pass
    with pytest.raises(ValueError, match="UniformBelief"):
        fast.simulate_match(RandomGuessAgent(Other()), TestProgram(1), 10, np.random.default_rng(0))
    with pytest.raises(ValueError, match="starters"):
        fast.simulate_match(TestProgram(1), TestProgram(1), 10, np.random.default_rng(0), starters="x")
    with pytest.raises(ValueError, match="2 players"):
        fast.simulate_match(TestProgram(1), TestProgram(1), 10, np.random.default_rng(0),
                            config=ld.LiarDiceConfig(n_players=3))
