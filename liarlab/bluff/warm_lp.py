"""A sequence-form max-min LP re-solved from the previous basis (issue 27).

The classic double oracle solves one restricted game after another, each a little larger than the last. scipy's
``linprog`` starts HiGHS cold every time; through HiGHS's own bindings (highspy) the last optimal basis is handed
to the next LP, so the dual simplex only repairs what the new histories changed: on the end game of Liar's Dice
(two dice each, six faces) a re-solve takes a few hundred to a few thousand pivots where a cold start takes tens
of thousands.

The LP is :class:`liarlab.bluff.rounds.MaxMinForm`, the one :func:`liarlab.bluff.rounds.max_min_lp` solves cold:
max f'v s.t. F'v <= B'x, Ex = e, x >= 0. Columns (x, then v) and rows (the minimiser's sequences, then the
maximiser's information sets) are named by integer keys the caller chooses; a column or row whose key was in the
last LP keeps its basis status, a new column starts at its bound and a new row with its slack basic. So a basis
stays consistent (as many basic variables as rows) as long as no row of the last LP disappears, which the caller
ensures by keeping rows once kept.
"""
from __future__ import annotations

import highspy
import numpy as np
import scipy.sparse as sp

from liarlab.bluff.rounds import MaxMinForm

__all__ = ["WarmMaxMinLP", "quiet_highs", "highs_model"]

_STATUS = highspy.HighsBasisStatus
_LOWER, _BASIC, _ZERO = int(_STATUS.kLower), int(_STATUS.kBasic), int(_STATUS.kZero)


def _carried(old_keys: np.ndarray, old_status: np.ndarray, keys: np.ndarray, default: np.ndarray) -> np.ndarray:
    """``default`` with the status of every key that was in the last LP (``old_keys`` sorted)."""
    status = default.copy()
    if old_keys.size:
        i = np.minimum(np.searchsorted(old_keys, keys), old_keys.size - 1)
        hit = old_keys[i] == keys
        status[hit] = old_status[i[hit]]
    return status


def quiet_highs():
    """A ``highspy.Highs`` that prints nothing, on one thread: HiGHS writes its banner to the process's standard
    output (file descriptor 1, which ``contextlib.redirect_stdout`` cannot catch) when it is constructed, so fd 1
    points at the null device for that moment; the solver is then silenced. HiGHS starts one task scheduler per
    process, sized by the first solve's ``threads``, and refuses (model status "Not Set") every later solve that
    asks for another size, so every solver of the process takes the same one thread (these LPs are solved by the
    serial dual simplex)."""
    import os
    import sys

    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            highs = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    highs.silent()
    highs.setOptionValue("threads", 1)
    return highs


def highs_model(cost, A: sp.csc_matrix, col_lower, col_upper, row_lower, row_upper) -> highspy.HighsLp:
    """min cost'x s.t. row_lower <= A x <= row_upper, col_lower <= x <= col_upper as HiGHS's column-wise model
    (``A`` in CSC form; infinite bounds as +-inf, which is HiGHS's own infinity)."""
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = A.shape[1], A.shape[0]
    lp.col_cost_ = np.asarray(cost, dtype=float)
    lp.col_lower_, lp.col_upper_ = np.asarray(col_lower, dtype=float), np.asarray(col_upper, dtype=float)
    lp.row_lower_, lp.row_upper_ = np.asarray(row_lower, dtype=float), np.asarray(row_upper, dtype=float)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = A.indptr
    lp.a_matrix_.index_ = A.indices
    lp.a_matrix_.value_ = A.data
    return lp


def _solve_model(highs, lp: highspy.HighsLp, what: str) -> float:
    """Pass ``lp`` to ``highs`` (replacing its last model), solve it and return the optimal objective;
    RuntimeError naming ``what`` when HiGHS does not reach an optimum."""
    highs.passModel(lp)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(f"{what} failed: {highs.modelStatusToString(highs.getModelStatus())}")
    return float(highs.getInfo().objective_function_value)


class WarmMaxMinLP:
    """max_x min_y x'By over realization plans, each solve starting from the last one's optimal basis."""

    def __init__(self, tolerance: float = 1e-10):
        self.highs = quiet_highs()
        # the dual simplex on one thread, without presolve (a presolved model could not take the basis)
        for option, value in dict(primal_feasibility_tolerance=tolerance, dual_feasibility_tolerance=tolerance,
                                  presolve="off", solver="simplex", simplex_strategy=1).items():
            self.highs.setOptionValue(option, value)
        self._last = None
        self.pivots = 0          # simplex iterations of the last solve

    def solve(self, Bt, E, F, column_keys: np.ndarray, row_keys: np.ndarray):
        """(value, x, y) of max_x min_y x'By with Ex = e, Fy = f; ``y`` from the duals of F'v <= B'x.

        ``column_keys``: one integer per column of [x, v] (E's columns, then F's rows); ``row_keys``: one per row
        of [F'v <= B'x (Bt's rows), Ex = e (E's rows)]; all distinct."""
        form = MaxMinForm.of(Bt, E, F)
        n_x, n_ub = form.n_x, Bt.shape[0]
        A = sp.vstack([form.A_ub, form.A_eq]).tocsc()
        n_rows, n_cols = A.shape
        lp = highs_model(form.cost, A, form.col_lower, np.full(n_cols, np.inf),
                         np.r_[np.full(n_ub, -np.inf), form.b_eq], np.r_[np.zeros(n_ub), form.b_eq])
        self.highs.passModel(lp)
        if self._last is not None:
            old_cols, col_status, old_rows, row_status = self._last
            at_bound = np.r_[np.full(n_x, _LOWER), np.full(n_cols - n_x, _ZERO)]       # x at 0, v free at 0
            basis = highspy.HighsBasis()
            basis.col_status = [_STATUS(s) for s in _carried(old_cols, col_status, column_keys, at_bound)]
            basis.row_status = [_STATUS(s) for s in _carried(old_rows, row_status, row_keys,
                                                             np.full(n_rows, _BASIC))]
            basis.valid = True
            self.highs.setBasis(basis)
        self.highs.run()
        if self.highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            status = self.highs.modelStatusToString(self.highs.getModelStatus())
            raise RuntimeError(f"sequence-form LP failed: {status}")
        solution, info = self.highs.getSolution(), self.highs.getInfo()
        self.pivots = int(info.simplex_iteration_count)
        basis = self.highs.getBasis()
        cols = np.argsort(column_keys)
        rows = np.argsort(row_keys)
        self._last = (np.asarray(column_keys)[cols], np.array([int(s) for s in basis.col_status])[cols],
                      np.asarray(row_keys)[rows], np.array([int(s) for s in basis.row_status])[rows])
        x = np.maximum(np.asarray(solution.col_value)[:n_x], 0.0)
        y = np.maximum(-np.asarray(solution.row_dual)[:n_ub], 0.0)
        return -info.objective_function_value, x, y
