"""One round's tree and what the solvers stand on (liarlab.bluff.rounds): the history masks, plans and behaviour,
the sequence-form LP against best responses, and the order of backward induction."""
import numpy as np
import pytest

from liarlab.bluff import rounds
from liarlab.bluff.rules import make_rules


@pytest.fixture(scope="module")
def rnd():
    return rounds.Round(make_rules(3, (1, 1)))       # six bids, 64 histories, three hands a seat


def test_a_history_is_a_mask_of_increasing_bids_and_back(rnd):
    assert rnd.n == 6 and rnd.M == 64 and rnd.bids[0] == (1, 1) and rnd.bids[-1] == (2, 3)
    for mask in range(rnd.M):
        history = rnd.history_of(mask)
        assert list(history) == sorted(set(history)) and rnd.mask_of(history) == mask
        assert rnd.popcount[mask] == len(history) and rnd.top[mask] == (history[-1] if history else 0)
        assert rnd.mover[mask] == len(history) % 2                 # the opener moves at even length
        assert mask in range(rnd.M)[rnd.group(rnd.top[mask])]
    with pytest.raises(ValueError, match="strictly increasing"):
        rnd.mask_of((3, 2))
    with pytest.raises(ValueError, match="strictly increasing"):
        rnd.mask_of((7,))


def test_every_higher_bid_is_legal_and_the_call_only_after_an_opening(rnd):
    counts = rnd.action_count()
    assert counts[0] == rnd.n                                         # the opening: a bid, no call
    assert counts[rnd.mask_of((2,))] == rnd.n - 2 + 1
    assert counts[rnd.mask_of((1, 6))] == 1                           # after the top bid only the call


def test_a_plan_and_its_behaviour_are_one_strategy(rnd):
    rng = np.random.default_rng(3)
    for player in (0, 1):
        B = rounds.normalise_behaviour(rnd, rng.random((len(rnd.hands[player]), rnd.M)), player)
        X = rounds.plan_from_behaviour(rnd, B, player)
        assert np.all(X[:, 0] == 1.0) and np.all((0 <= X) & (X <= 1 + 1e-12))
        assert np.allclose(rounds.behaviour_from_plan(rnd, X, player), B)


def _plans(rnd, x, y):
    """The LP's flat sequence vectors as plans ``X[d, m]`` (column 0 the empty sequence)."""
    out = []
    for player, z in ((0, x), (1, y)):
        X = np.ones((len(rnd.hands[player]), rnd.M))
        X[:, 1:] = np.asarray(z)[1:].reshape(len(rnd.hands[player]), rnd.M - 1)
        out.append(X)
    return out


@pytest.mark.parametrize("faces", [2, 3])
def test_the_sequence_form_value_is_what_both_best_responses_concede(faces):
    rnd = rounds.Round(make_rules(faces, (1, 1)))
    U = rounds.zero_sum_payoffs(rnd, None)
    value, x, y, info = rounds._solve_sequence_form(rnd, U)
    X0, X1 = _plans(rnd, x, y)
    upper = rounds._best_response(rnd, rounds.payoffs_for(U, 0), X1, 0)[0]
    lower = -rounds._best_response(rnd, rounds.payoffs_for(U, 1), X0, 1)[0]
    assert lower == pytest.approx(value, abs=1e-8) and upper == pytest.approx(value, abs=1e-8)
    assert rounds.self_play_value(rnd, U, X0, X1) == pytest.approx(value, abs=1e-8)
    if faces == 2:
        assert value == pytest.approx(0.5, abs=1e-9)        # two faces, one die each: the opener wins 3/4
    assert info["lp_nonzeros"] > 0


def test_a_worse_plan_is_exploited(rnd):
    U = rounds.zero_sum_payoffs(rnd, None)
    value, x, y, _ = rounds._solve_sequence_form(rnd, U)
    X0, _ = _plans(rnd, x, y)
    uniform = rounds.plan_from_behaviour(rnd, rounds.normalise_behaviour(rnd, np.ones_like(X0), 0), 0)
    assert -rounds._best_response(rnd, rounds.payoffs_for(U, 1), uniform, 1)[0] < value - 1e-3


def test_backward_induction_solves_the_smaller_rounds_first_and_passes_their_errors_on():
    assert rounds.rounds_below(2, 1) == [(1, 1)]
    assert rounds.grid_cells(2) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert rounds.grid_cells(3, cells=[(2, 1)]) == [(1, 1), (2, 1)]
    seen = []

    def solve(cell, values, inherited):
        seen.append((cell, sorted(values), inherited))
        return float(sum(cell)), 0.1 * sum(cell), cell

    results = rounds.backward_induction(rounds.grid_cells(2), solve)
    assert list(results) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert seen[0] == ((1, 1), [], 0.0)
    assert seen[-1][1] == [(1, 1), (1, 2), (2, 1)] and seen[-1][2] == pytest.approx(0.3)
