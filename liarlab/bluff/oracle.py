"""Certified exact Bluff rounds by a fringe-aware double oracle (issue 18), and grids of them.

The whole-tree sequence-form LP of :mod:`liarlab.bluff.exact` holds a variable for every (hand, history)
of both players: 2^20 histories for two players with five dice each at N = 2, or one die each at N = 10,
too large to build. Equilibrium play reaches only a small part of that tree, so this module solves LPs on
a growing, prefix-closed set H of public bid histories and certifies every result by exact best responses
in the *whole* round (the double-oracle idea for extensive-form games, Bosansky et al. 2014):

* ``G(P, H)``, for the certified player P: inside H both players play the real round. Outside H, P
  calls whenever it is to move (always legal), while the opponent Q stays free. Q's freedom outside H
  is finite: at a history just outside H where Q moves, Q calls or makes one more bid, after which P
  calls. So the game tree is H, its children, and the children of those children where Q moves.
* The maxmin value of ``G(P, H)`` is exactly what P's strategy, extended by "call outside H",
  guarantees in the whole round (so the bound does not lag the LP, as it does when both players are cut
  at H). The LP is solved by HiGHS; an independent best response re-derives each bound, and the bracket
  [lower, upper] reported is the one of the best responses: the round's value lies in it whatever the LP
  did. The best response runs over the histories the fixed plan reaches (the fringe tree: P calls outside
  H), not all 2^n (:func:`liarlab.bluff.sparse_oracle._best_response_sparse`, issue 27); any other history
  has reach 0 and adds 0, so the values and choices are those of the whole-tree best response
  (:func:`liarlab.bluff.cfr._best_response_numba`).
* H grows by the histories outside it that the best responder or the certified player's own plan
  enter, until the bracket is at most ``target`` wide. H only grows, so the loop ends.

The machinery (restricted games, best responses over the histories a plan reaches, the loop) is
:mod:`liarlab.bluff.sparse_oracle`, shared with the end game of Liar's Dice; this module gives it Bluff's
rounds and grids. The two bounds' LPs are independent and HiGHS releases the GIL, so they run in two threads
when the process may use two cores. ``python -m liarlab bench bluff`` measures the grids and one die each.

A round's payoffs after a challenge use the values of smaller rounds (backward induction over the dice
counts, :func:`certified_grid`); a smaller round's value known only within +-e moves this round's value by
at most e, so a grid's certified width adds the widths of the rounds it depends on.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from liarlab.bluff.rounds import Round, backward_induction, grid_cells, zero_sum_payoffs
from liarlab.bluff.rules import Rules, make_rules
from liarlab.bluff.sparse_oracle import Bracketed, Tree, _solve_certified, plans_bracket
from liarlab.core.reprs import compact_repr
from liarlab.core.resources import PeakMemory
from liarlab.core.validation import check_int

__all__ = ["EXACT_WIDTH", "CertifiedRound", "certified_grid",
           "verified_grid"]

EXACT_WIDTH = 1e-9  # a value counts as exact when its certified bracket is at most this wide


@dataclass
class CertifiedRound(Bracketed):
    """One round solved by the double oracle: value and its certificate (opener's +-1 units)."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    dice: tuple
    value: float           # midpoint of the bracket
    lower: float           # the opener's extended strategy guarantees at least this (best response)
    upper: float           # the responder's extended strategy holds the opener to at most this
    lp_lower: float        # maxmin of G(opener, H)
    lp_upper: float        # minus the maxmin of G(responder, H)
    histories: int         # 2^n: histories of the whole round
    restricted_histories: int  # |H| at the end
    iterations: int
    seconds: float
    plans: tuple = ()      # the certified realization plans (X0, X1) over all 2^n histories


# --------------------------------------------------------------------------- the solver

def _solve_round_certified(rules: Rules, continuation: dict | None = None, *, target: float = 1e-9,
                           tolerance: float = 1e-10, max_iterations: int = 200, method: str = "highs-ds",
                           H0: np.ndarray | None = None, threads: bool | None = None, lean: bool = False,
                           log=None) -> CertifiedRound:
    """One round (``rules.dice`` = (opener's, responder's)) solved and certified by the fringe-aware
    double oracle. ``continuation[(x, y)]``: value to the opener of a fresh round with x against y dice.

    The oracle is :func:`liarlab.bluff.sparse_oracle._solve_certified` on the round's tree arithmetic (``lean``: its
    lean restricted games, faster; the same value, possibly another equilibrium); its final plans are given here
    over all 2^n histories (0 wherever they do not reach)."""
    t0 = time.perf_counter()
    rnd = Round(rules)
    U = zero_sum_payoffs(rnd, continuation)
    H0 = np.flatnonzero(rnd.popcount <= 1).astype(np.int64) if H0 is None else H0
    sol = _solve_certified(Tree.of_round(rnd, U), target=target, tolerance=tolerance, max_iterations=max_iterations,
                          method=method, H0=H0, threads=threads, lean=lean, log=log, oracle="fringe")
    plans = []
    for plan in sol.plans:
        X = np.zeros((plan.X.shape[0], rnd.M))
        X[:, plan.nodes] = plan.X
        plans.append(X)
    return CertifiedRound(dice=rules.dice, value=sol.value, lower=sol.lower, upper=sol.upper,
                          lp_lower=sol.lp_lower, lp_upper=sol.lp_upper, histories=rnd.M,
                          restricted_histories=sol.restricted_histories, iterations=sol.iterations,
                          seconds=time.perf_counter() - t0, plans=tuple(plans))


def _solve_one_die(faces: int, **kwargs) -> CertifiedRound:
    """Bluff with one die each and ``faces`` faces (default rules), certified."""
    return _solve_round_certified(make_rules(faces, (1, 1)), None, **kwargs)


def _grid_row(a, b, value, lower, upper, inherited, histories, solve: dict) -> dict:
    """One grid row from a round's certified bracket (``inherited``: the error its smaller rounds carry in) and
    its solve's numbers (restricted_histories, iterations, seconds, peak_gb, memory_gb)."""
    return dict(a=a, b=b, value=value, lower=lower - inherited, upper=upper + inherited,
                round_width=upper - lower, width=upper - lower + 2 * inherited, opener_win=(1 + value) / 2,
                histories=histories, restricted_histories=solve["restricted_histories"],
                iterations=solve["iterations"], seconds=solve["seconds"], peak_gb=solve["peak_gb"],
                memory_gb=solve["memory_gb"])


def certified_grid(faces: int, max_dice: int = 5, *, cells=None, progress=None, target: float = 1e-10,
                   threads: bool | None = None, **rules) -> list[dict]:
    """Every round (a, b) with a, b <= max_dice solved by the double oracle, by backward induction.

    Returns one dict per cell: a, b, value, lower, upper, round_width (this round's own bracket, given
    the midpoints of the smaller rounds), width (round_width plus the widths of the rounds it depends
    on, twice: ``value`` +- width / 2 holds the value of the real game), opener_win, histories,
    restricted_histories, iterations, seconds, peak_gb and memory_gb (the process's resident peak while the
    round was solved, and that peak above the resident size before it). ``cells`` limits the grid to the
    rounds those cells need. ``progress(a, b, sol)`` is called after each round (``sol.plans``: its final plans).
    """
    faces = check_int("faces", faces, 2)
    max_dice = check_int("max_dice", max_dice, 1)
    make_rules(faces, (1, 1), **rules)
    rows = []

    def solve(cell, values, inherited):
        a, b = cell
        r = make_rules(faces, (a, b), **rules)
        with PeakMemory() as memory:
            sol = _solve_round_certified(r, values, target=target, threads=threads)
        rows.append(_grid_row(a, b, sol.value, sol.lower, sol.upper, inherited, sol.histories,
                              dict(restricted_histories=sol.restricted_histories, iterations=sol.iterations,
                                   seconds=sol.seconds, peak_gb=memory.peak_gb, memory_gb=memory.growth_gb)))
        if progress is not None:
            progress(a, b, sol)
        # |value - the real round's value| is at most this
        return sol.value, sol.width / 2 + inherited, sol

    backward_induction(grid_cells(max_dice, cells), solve)
    return rows


def verified_grid(faces: int, max_dice: int, plans: dict, solves: dict, *, cells=None, **rules) -> list[dict]:
    """The rows of :func:`certified_grid`, re-derived from stored plans without an LP: ``plans[(a, b)]`` is the
    round's pair of final plans (:class:`~liarlab.bluff.sparse_oracle.SparsePlan`, on their support), and each
    round's bracket is recomputed by two best responses, with the payoffs after a challenge taken from the
    smaller rounds' values recomputed the same way (so every number is the solve's to the bit). ``solves[(a,
    b)]``: the solve's own restricted_histories, iterations, seconds, peak_gb and memory_gb, copied to the row.
    A round whose plans are missing raises KeyError."""
    rows = []

    def verify(cell, values, inherited):
        a, b = cell
        rnd = Round(make_rules(faces, (a, b), **rules))
        tree = Tree.of_round(rnd, zero_sum_payoffs(rnd, values))
        lower, upper = plans_bracket(tree, plans[(a, b)])
        value = (lower + upper) / 2
        rows.append(_grid_row(a, b, value, lower, upper, inherited, rnd.M, solves[(a, b)]))
        return value, (upper - lower) / 2 + inherited, None

    backward_induction(grid_cells(max_dice, cells), verify)
    return rows
