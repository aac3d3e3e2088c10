"""The numba kernels of liarlab.bluff.cfr: exact best responses against the numpy reference, and CFR+'s bracket
around the exact value."""
import numpy as np
import pytest

from liarlab.bluff import cfr, exact, rounds
from liarlab.bluff.rules import make_rules


@pytest.mark.parametrize("dice", [(1, 1), (2, 1), (1, 2)])
def test_numba_best_response_matches_the_numpy_reference(dice):
    rnd = rounds.Round(make_rules(3 if dice == (1, 1) else 2, dice))
    U = rounds.zero_sum_payoffs(rnd, {(1, 1): 0.5} if dice != (1, 1) else None)
    rng = np.random.default_rng(1)
    for player in (0, 1):
        B = rng.random((len(rnd.hands[1 - player]), rnd.M))
        B = rounds.normalise_behaviour(rnd, B, 1 - player)
        X = rounds.plan_from_behaviour(rnd, B, 1 - player)
        ref_value, ref_choice = rounds._best_response(rnd, rounds.payoffs_for(U, player), X, player)
        value, choice = cfr._best_response_numba(rnd, rounds.payoffs_for(U, player), X, player)
        assert value == pytest.approx(ref_value, abs=1e-12)
        own = rnd.mover == player
        assert np.array_equal(choice[own], ref_choice[own])


def test_cfr_plus_bracket_contains_the_exact_value_and_shrinks():
    rnd = rounds.Round(make_rules(3, (1, 1)))
    U = rounds.zero_sum_payoffs(rnd, None)
    true = exact._solve_lp(3, (1, 1)).value
    widths = []
    for iterations in (50, 2000):
        X0, X1 = cfr.cfr_plus(rnd, U, iterations)
        upper, _ = cfr._best_response_numba(rnd, rounds.payoffs_for(U, 0), X1, 0)
        lower = -cfr._best_response_numba(rnd, rounds.payoffs_for(U, 1), X0, 1)[0]
        assert lower - 1e-12 <= true <= upper + 1e-12
        widths.append(upper - lower)
    assert widths[1] < widths[0] / 5
