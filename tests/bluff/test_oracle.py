"""The fringe-aware double oracle (liarlab.bluff.oracle) and its numba kernels (liarlab.bluff.cfr) against the
whole-tree sequence-form LP (liarlab.bluff.exact)."""
import numpy as np
import pytest

from liarlab.bluff import exact, oracle, rounds
from liarlab.bluff.rules import make_rules


@pytest.mark.parametrize("rules", [{}, {"wild": "none"}, {"bid_order": "star"},
                                   {"challenger_penalty": "one", "next_opener": "winner"}])
def test_double_oracle_agrees_with_the_lp_on_every_cell_the_lp_solves(rules):
    lp = exact.bluff_game_values(2, 3, max_total=5, **rules)
    grid = {(r["a"], r["b"]): r for r in oracle.certified_grid(2, 3, **rules)}
    for row in lp[lp.status == "solved"].itertuples():
        got = grid[(row.a, row.b)]
        assert got["value"] == pytest.approx(row.value, abs=1e-9)
        assert got["width"] <= 1e-9
        assert got["lower"] - 1e-12 <= row.value <= got["upper"] + 1e-12


def test_no_wild_counting_changes_the_game():
    wild = oracle._solve_round_certified(make_rules(2, (2, 1)), {(1, 1): 0.5})
    plain = oracle._solve_round_certified(make_rules(2, (2, 1), wild="none"),
                                         {(1, 1): exact._solve_lp(2, (1, 1), wild="none").value})
    assert abs(wild.value - plain.value) > 0.05


@pytest.mark.parametrize("faces", [2, 3, 4, 5, 6])
def test_one_die_values_agree_with_the_exact_lp(faces):
    sol = oracle._solve_one_die(faces)
    lp = exact._solve_lp(faces, (1, 1))
    assert sol.value == pytest.approx(lp.value, abs=1e-9)
    assert sol.width <= 1e-9
    assert sol.lower - 1e-12 <= lp.value <= sol.upper + 1e-12
    assert sol.restricted_histories < sol.histories


@pytest.mark.parametrize("faces", [3, 4, 5])
def test_the_bracket_is_the_best_responses_to_the_returned_plans(faces):
    # one iteration from the single bids: a wide bracket that must still hold the value, and whose two ends
    # are re-derived here by the pure-numpy best response (not the numba kernel the solver uses)
    sol = oracle._solve_one_die(faces, max_iterations=1)
    rnd = rounds.Round(make_rules(faces, (1, 1)))
    U = rounds.zero_sum_payoffs(rnd, None)
    X0, X1 = sol.plans
    for player, X in ((0, X0), (1, X1)):
        B = rounds.behaviour_from_plan(rnd, X, player)
        assert np.allclose(rounds.plan_from_behaviour(rnd, B, player), X, atol=1e-9)   # a valid strategy
    upper, _ = rounds._best_response(rnd, rounds.payoffs_for(U, 0), X1, 0)
    br1, _ = rounds._best_response(rnd, rounds.payoffs_for(U, 1), X0, 1)
    assert sol.upper == pytest.approx(upper, abs=1e-12)
    assert sol.lower == pytest.approx(-br1, abs=1e-12)
    true = exact._solve_lp(faces, (1, 1)).value
    assert sol.lower - 1e-12 <= true <= sol.upper + 1e-12


@pytest.mark.parametrize("rules", [{"wild": "none"}, {"bid_order": "star"},
                                   {"challenger_penalty": "one", "next_opener": "winner"}])
def test_other_rules_and_rounds_with_continuation_values(rules):
    lp = exact.bluff_game_values(2, 2, **rules)
    values = {}
    for row in lp.itertuples():
        sol = oracle._solve_round_certified(make_rules(2, (row.a, row.b), **rules), values)
        values[(row.a, row.b)] = row.value
        assert sol.value == pytest.approx(row.value, abs=1e-9)
        assert sol.width <= 1e-9


@pytest.mark.slow
def test_seven_faces_agree_with_the_exact_lp():
    sol = oracle._solve_one_die(7)
    lp = exact._solve_lp(7, (1, 1))
    assert sol.value == pytest.approx(lp.value, abs=1e-9)
    assert sol.width <= 1e-9


def test_the_two_bounds_in_threads_give_the_same_round():
    serial = oracle._solve_one_die(5, threads=False)
    sol = oracle._solve_one_die(5, threads=True)
    assert (sol.value, sol.lower, sol.upper, sol.iterations) == (serial.value, serial.lower, serial.upper,
                                                                  serial.iterations)
