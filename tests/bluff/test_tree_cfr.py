"""Full-tree CFR+ on one bid round (liarlab.bluff.tree_cfr, issue 53): the numba traversal against its plain-Python
twin, convergence to the certified fractions of the end game, and seeding the double oracle."""
import numpy as np
import pytest

from liarlab.bluff import solve
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff import tree_cfr as tc
from liarlab.bluff.endgame import EndGame


def _tree(game):
    return so.Tree.of_game(game)


@pytest.mark.parametrize("game", [EndGame(3, (1, 1)), EndGame(2, (2, 1), "joker"), EndGame(3, (1, 1), "stairs"),
                                  EndGame(2, (1, 2))])
def test_kernel_is_the_reference_cfr_plus(game):
    tree = _tree(game)
    ref = tc.reference_cfr_plus(tree, 5)
    solver = tc.TreeCFR(tree)
    solver.step(5)
    for ours, theirs in zip(solver.R + solver.A, ref):
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)
    assert np.abs(ref[0]).max() > 0 and np.abs(ref[3]).max() > 0   # something was learned: the check can fail


def test_average_plans_are_realization_plans():
    tree = _tree(EndGame(3, (1, 1)))
    solver = tc.TreeCFR(tree)
    solver.step(30)
    for threshold in (0.0, 0.05):
        for plan in solver.plans(threshold):
            X = np.zeros((plan.X.shape[0], 1 << tree.n))
            X[:, plan.nodes] = plan.X
            p = plan.player
            for m in range(1 << tree.n):
                if bin(m).count("1") % 2 != p:
                    continue                      # constraints sit at p's information sets
                before = 1.0 if m == 0 or (p == 1 and bin(m).count("1") == 1) else X[:, m - (1 << (m.bit_length() - 1))]
                t = m.bit_length()
                out = (X[:, m] if m > 0 else 0) + sum(X[:, m | 1 << (k - 1)] for k in range(t + 1, tree.n + 1))
                np.testing.assert_allclose(out, before * np.ones(X.shape[0]), atol=1e-12)


def test_cfr_plus_reaches_the_certified_fraction_on_one_die_each():
    game = EndGame(4, (1, 1))
    fraction = solve(game=game).fraction
    rep = tc.TreeCFR(_tree(game)).run(5000, report_every=250, target=1e-6)
    assert rep.exploitability < 1e-6
    assert rep.lower <= float(fraction) <= rep.upper


@pytest.mark.parametrize("game", [EndGame(2, (2, 1)), EndGame(3, (1, 1), "stairs"), EndGame(4, (1, 1), "joker")])
def test_cfr_plus_brackets_tighten_around_the_certified_fraction(game):
    fraction = float(solve(game=game).fraction)
    solver = tc.TreeCFR(_tree(game))
    early = solver.run(100)
    late = solver.run(1900)
    assert late.exploitability < early.exploitability / 10
    assert late.exploitability < 1e-3
    for rep in (early, late):
        assert rep.lower <= fraction <= rep.upper


@pytest.mark.slow
@pytest.mark.parametrize("game", [EndGame(4, (2, 1)), EndGame(4, (1, 2))])
def test_cfr_plus_reaches_the_certified_fraction_on_two_dice_against_one(game):
    fraction = solve(game=game).fraction
    tree = _tree(game)
    rep = tc.TreeCFR(tree).run(200000, report_every=5000, target=1e-6)
    assert rep.exploitability < 1e-6
    assert rep.lower <= float(fraction) <= rep.upper


def test_quadratic_averages_converge_faster():
    tree = _tree(EndGame(4, (1, 1)))
    gaps = []
    for power in (1.0, 2.0):
        R = [np.zeros((1 << tree.n, tree.hands(p))) for p in (0, 1)]
        A = [np.zeros_like(r) for r in R]
        tc.cfr_plus_iterations(tree, R, A, 0, 300, power)
        gaps.append(tc._exploitability(tree, tc.average_plans(tree, A))[2])
    assert gaps[1] < gaps[0] / 5


def test_checkpoint_round_trip_goes_on_alike(tmp_path):
    tree = _tree(EndGame(3, (1, 1), "joker"))
    whole = tc.TreeCFR(tree)
    whole.step(20)
    half = tc.TreeCFR(tree)
    half.step(10)
    half.save(tmp_path / "cfr.npz")
    resumed = tc.TreeCFR.load(tree, tmp_path / "cfr.npz")
    resumed.step(10)
    assert resumed.iteration == 20
    for a, b in zip(resumed.R + resumed.A, whole.R + whole.A):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="another round"):
        tc.TreeCFR.load(_tree(EndGame(4, (1, 1))), tmp_path / "cfr.npz")


def test_seed_closes_the_oracle_from_the_cfr_play(tmp_path):
    game = EndGame(4, (2, 1))
    tree = _tree(game)
    solver = tc.TreeCFR(tree)
    solver.step(300)
    plans = solver.plans(1e-3)
    H0 = tc.seed_histories(plans, 1e-3)
    assert H0[0] == 0 and np.array_equal(so.closed(H0), H0) and H0.size < (1 << tree.n) // 4
    tc.seed_checkpoint(tree, plans, H0, tmp_path / "ck")
    sol = so._solve_certified(tree, checkpoint=tmp_path / "ck", oracle="classic", threads=False)
    assert sol.width <= 1e-10
    assert abs(sol.value - float(solve(game=game).fraction)) < 1e-9


def test_abstract_seed_is_a_small_prefix_closed_play_the_oracle_closes_from():
    game = EndGame(4, (2, 1))
    tree = _tree(game)
    B = tc.abstract_cfr(tree, 100)
    for p in (0, 1):
        np.testing.assert_allclose(B[p].sum(axis=2), 1.0)
        assert np.all(B[p][0, :, 0] == 0)                 # no call before a bid
    H0 = tc.abstract_seed(tree, B, 1e-2)
    assert H0[0] == 0 and np.array_equal(so.closed(H0), H0) and 1 < H0.size < (1 << tree.n) // 4
    assert tc.abstract_seed(tree, B, 1e-4).size >= H0.size
    sol = so._solve_certified(tree, H0=H0, oracle="classic", threads=False)
    assert abs(sol.value - float(solve(game=game).fraction)) < 1e-9


def test_plans_inside_a_seed_stay_in_it_call_outside_and_are_certified():
    game = EndGame(4, (2, 1))
    tree = _tree(game)
    solver = tc.TreeCFR(tree)
    solver.step(100)
    H = tc.seed_histories(solver.plans(0.01), 1e-2)
    plans = tc.plans_inside(tree, solver.A, H)
    for plan in plans:
        own = plan.nodes[(plan.X.max(axis=0) > 0) & (so.mover_of(plan.nodes) != plan.player) & (plan.nodes > 0)]
        assert np.all(so.member(H, own)), "a player bids only into H"
    lower, upper, _ = tc._exploitability(tree, plans)
    fraction = float(solve(game=game).fraction)
    assert lower <= fraction <= upper
    assert plans[0].nodes.size < (1 << tree.n) // 2
