"""The classic double oracle of liarlab.bluff.sparse_oracle (one restricted game on H, its LP re-solved from
the last basis by liarlab.bluff.warm_lp): the same certified values as the fringe-aware oracle, and a warm
re-solve that gives the cold LP's value in fewer pivots."""
from fractions import Fraction

import numpy as np
import pytest

from liarlab.bluff import rational, rounds
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame
from liarlab.bluff.warm_lp import WarmMaxMinLP


def _tree_of(game):
    probs = [game.hands(p)[1] for p in (0, 1)]
    return so.Tree(game.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), game.payoffs()), probs


@pytest.mark.parametrize("game, value", [
    (EndGame(4, (2, 1)), Fraction(345, 1696)),
    (EndGame(6, (1, 1)), Fraction(-1, 9)),
    (EndGame(3, (2, 2), "joker"), Fraction(7, 81)),
    (EndGame(3, (1, 2), "stairs", "ordered", False), Fraction(-1, 27)),
])
def test_the_classic_oracle_certifies_the_same_fraction(game, value):
    tree, probs = _tree_of(game)
    sol = so._solve_certified(tree, threads=False, oracle="classic")
    assert sol.width <= 1e-10 and sol.lower - 1e-12 <= float(value) <= sol.upper + 1e-12
    cert = rational.rational_certificate(tree, sol.plans, probs)
    assert cert.holds and cert.fraction == value
    # each plan is its own player's, calling outside H: the bracket comes back from the plans alone
    lower, upper, _ = rational.verify_plans(tree, sol.plans, probs, cert.max_denominator)
    assert (lower, upper) == (sol.lower, sol.upper)


def test_an_unknown_oracle_is_refused():
    tree, _ = _tree_of(EndGame(2, (1, 1)))
    with pytest.raises(ValueError, match="oracle"):
        so._solve_certified(tree, oracle="fringes")


def _restricted_sets(tree, count):
    """A growing sequence of prefix-closed restricted sets H."""
    n = tree.n
    H = so.closed(np.concatenate([[0], np.int64(1) << np.arange(n, dtype=np.int64)]))
    out = []
    for _ in range(count):
        out.append(H)
        H = so.closed(np.union1d(H, so.children(H, n)[: 3 * len(H) // 2]))
    return out


@pytest.mark.parametrize("game", [EndGame(4, (2, 1)), EndGame(4, (1, 2))])
def test_a_warm_resolve_gives_the_cold_value_in_fewer_pivots(game):
    tree, _ = _tree_of(game)
    warm = so._ClassicLP(tree, 1e-10)
    # the maximiser is the player with fewer hands: the LP with fewer columns
    assert tree.hands(warm.P) < tree.hands(1 - warm.P)
    P, Q, n = warm.P, 1 - warm.P, tree.n
    sign = 1 if P == 0 else -1
    for H in _restricted_sets(tree, 4):
        value, z0, z1 = warm.solve(H)
        warm_pivots = warm.lp.pivots
        Bt, E, F, keep, _ = so._fringe_lp(tree, H, P, also_keep=np.flatnonzero(so.member(
            warm.kept, so._keys(H[1:], tree.hands(Q), n))))
        cold = rounds.max_min_lp(Bt, E, F, 1e-10, "highs-ds")[0]
        assert value == pytest.approx(sign * cold, abs=1e-10)
        # both are realization plans of the restricted game
        for player, z in ((0, z0), (1, z1)):
            M = so._constraints(H, player, tree.hands(player))
            assert np.abs(M @ z - np.eye(1, M.shape[0]).ravel()).max() < 1e-7
        fresh = WarmMaxMinLP(1e-10)
        moves = so.mover_of(H)
        columns = np.r_[so._keys(H[1:], tree.hands(P), n),
                        so._keys(H[(moves == Q) & ((H != 0) | (Q == 0))], tree.hands(Q), n, warm.offset)]
        rows = np.r_[warm.kept, so._keys(H[(moves == P) & ((H != 0) | (P == 0))], tree.hands(P), n, warm.offset)]
        assert fresh.solve(Bt, E, F, columns, rows)[0] == pytest.approx(cold, abs=1e-10)
    assert warm_pivots < fresh.pivots
