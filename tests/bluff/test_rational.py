"""The exact value from an equilibrium's support (liarlab.bluff.rational._solve_on_support, issue 27): the plans
are solved in rational arithmetic on the float plans' supports, then judged by the exact best responses."""
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from liarlab.bluff import rational
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame

PLANS = Path(__file__).resolve().parents[2] / "data" / "05_certificates" / "end_game"


def _tree_of(game: EndGame):
    probs = [game.hands(p)[1] for p in (0, 1)]
    return so.Tree(game.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), game.payoffs()), probs


def _solved(game: EndGame):
    tree, probs = _tree_of(game)
    return tree, probs, so._solve_certified(tree, threads=False, oracle="fringe")


@pytest.mark.parametrize("game, value", [(EndGame(4, (2, 1)), Fraction(345, 1696)),
                                         (EndGame(3, (2, 2), "joker"), Fraction(7, 81)),
                                         (EndGame(3, (1, 2), "stairs", "ordered", False), Fraction(-1, 27))])
def test_the_support_solve_gives_the_rounded_fraction(game, value):
    tree, probs, sol = _solved(game)
    rounded = rational.rational_certificate(tree, sol.plans, probs)
    solved = rational._solve_on_support(tree, sol.plans, probs)
    assert rounded.method == "rounding" and rounded.fraction == value
    assert solved.method == "support" and solved.max_denominator is None
    assert solved.holds and solved.fraction == solved.lower == solved.upper == value
    cert, (X0r, X1r) = rational.support_equilibrium(tree, sol.plans, probs)
    assert cert == solved                   # the plans it judged: each seat's guarantees the value exactly
    assert -rational._exact_best_response(tree.n, tree.payoffs_for(1), X0r, probs[1], probs[0], 1)[0] == value
    assert rational._exact_best_response(tree.n, tree.payoffs_for(0), X1r, probs[0], probs[1], 0)[0] == value


def test_when_rounding_cannot_close_the_fallback_solves_on_the_support():
    tree, probs, sol = _solved(EndGame(4, (2, 1)))
    # no fraction with denominators up to 3 (the existing test), unless the fallback is asked for
    assert not rational.rational_certificate(tree, sol.plans, probs, bounds=(3,)).holds
    cert = rational.rational_certificate(tree, sol.plans, probs, bounds=(3,), support=True)
    assert cert.holds and cert.fraction == Fraction(345, 1696) and cert.method == "support"
    lower, upper, again = rational.verify_plans(tree, sol.plans, probs, max_denominator=3)
    assert again.holds and again.fraction == Fraction(345, 1696) and again.method == "support"
    assert lower - 1e-12 <= float(again.fraction) <= upper + 1e-12


def _playing_only_the_lightest(plan: so.SparsePlan, hand: int, infoset: int) -> so.SparsePlan:
    """``plan`` with ``hand`` playing only its least likely sequence at ``infoset``: a valid plan whose support
    no equilibrium has (the dropped sequences' subtrees go, the kept one's is scaled up to the parent's weight)."""
    X = plan.X.copy()
    info = so.info_of(plan.nodes, plan.player)
    seqs = [i for i in np.flatnonzero(X[hand] > 0) if i > 0 and info[i] == infoset]
    keep = min(seqs, key=lambda i: X[hand, i])
    total = X[hand, seqs].sum()
    for i in seqs:
        m = int(plan.nodes[i])
        if m == infoset:                # the call at the information set: a leaf
            below = plan.nodes == m
        else:                           # a bid: m and the histories that continue it
            below = (plan.nodes & ((1 << m.bit_length()) - 1)) == m
        X[hand, below] *= total / X[hand, keep] if i == keep else 0.0
    return so.SparsePlan(plan.player, plan.nodes, X)


def test_a_support_no_equilibrium_has_gives_no_fraction():
    tree, probs, sol = _solved(EndGame(4, (2, 1)))
    plans = tuple(p.on_support() for p in sol.plans)
    bad = (_playing_only_the_lightest(plans[0], 0, 0), plans[1])
    assert -so._best_response_sparse(tree, bad[0], 1)[0] < 0.2      # the value is 0.2034: it is exploitable
    cert = rational._solve_on_support(tree, bad, probs)
    assert not cert.holds and cert.fraction is None
    assert cert.upper == Fraction(345, 1696)       # the second mover's plan is untouched and still exact
    # and the certificate of a solve stopped early (its supports are no equilibrium's) does not close either
    early = so._solve_certified(tree, threads=False, max_iterations=2, oracle="fringe")
    assert early.width > 1e-3 and not rational._solve_on_support(tree, early.plans, probs).holds


def _stored(name: str):
    with np.load(PLANS / name, allow_pickle=False) as f:
        plans = (so.SparsePlan(0, f["nodes0"], f["X0"]), so.SparsePlan(1, f["nodes1"], f["X1"]))
        meta = json.loads(str(f["meta"]))
    a, b, faces, convention = meta["cell"]
    assert convention == "normal"
    return _tree_of(EndGame(faces, (a, b))), plans


@pytest.mark.slow
def test_two_dice_each_at_six_faces_closes_only_with_the_tight_options(monkeypatch):
    # rounding gives no fraction for these plans (weights with denominators near 10^14); solved on the support
    (tree, probs), plans = _stored("2v2_N6_normal.npz")
    cert = rational._solve_on_support(tree, plans, probs)
    assert cert.holds and cert.fraction == Fraction(-97993266983069, 5815959611262048)
    assert abs(float(cert.fraction) - (-0.016849028111)) < 1e-12
    # with the played options' equalities alone the degenerate system leaves the vertex: the bracket misses
    monkeypatch.setattr(rational, "TIGHT_TOLERANCE", -1.0)
    loose = rational._solve_on_support(tree, plans, probs)
    assert not loose.holds and loose.lower < cert.fraction < loose.upper


def _mixed(plan: so.SparsePlan, other: so.SparsePlan, eps: float) -> so.SparsePlan:
    """(1 - eps) plan + eps other, on the union of their histories: a valid plan whose support is both's."""
    nodes = np.union1d(plan.nodes, other.nodes)
    X = np.zeros((plan.X.shape[0], len(nodes)))
    X[:, np.searchsorted(nodes, plan.nodes)] += (1 - eps) * plan.X
    X[:, np.searchsorted(nodes, other.nodes)] += eps * other.X
    return so.SparsePlan(plan.player, nodes, X)


def test_noise_in_a_float_plan_is_left_out_by_a_higher_threshold():
    tree, probs, sol = _solved(EndGame(4, (2, 1)))
    early = so._solve_certified(tree, threads=False, max_iterations=2, oracle="fringe")
    noisy = tuple(_mixed(p.on_support(), q, 1e-10) for p, q in zip(sol.plans, early.plans))
    # read at 1e-12 the noise is support, and no exact plan on it is an equilibrium's
    assert not rational._solve_on_support(tree, noisy, probs, thresholds=(1e-12,)).holds
    cert = rational._solve_on_support(tree, noisy, probs)
    assert rational.SUPPORT_THRESHOLDS[0] == 1e-12 and cert.holds and cert.fraction == Fraction(345, 1696)


@pytest.mark.slow
def test_three_dice_against_one_at_six_faces_closes_once_the_noise_is_left_out():
    # the classic oracle's plans (re-solved warm 35 times) carry 101 weights of the second mover in 4.5e-13..1e-8
    (tree, probs), plans = _stored("3v1_N6_normal.npz")
    first = rational._solve_on_support(tree, plans, probs, thresholds=(1e-12,))
    assert not first.holds and first.upper is None and first.lower == Fraction(137405, 401112)
    cert = rational._solve_on_support(tree, plans, probs)
    assert cert.holds and cert.fraction == Fraction(137405, 401112)
    assert abs(float(cert.fraction) - 0.3425601826927556) < 1e-12
