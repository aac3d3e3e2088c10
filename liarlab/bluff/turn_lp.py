"""One turn of Liar's Dice or Bluff as a zero-sum matrix game, solved as one HiGHS LP.

The caller, holding private state ``c``, picks a bid ``k``; the guesser, holding ``g``, answers Accept or
Bluff. :func:`_solve_turn` solves it as one LP and reads the guesser's strategy from the LP duals, so each
turn costs one HiGHS call. Used by :mod:`liarlab.bluff.ferguson` and :mod:`liarlab.bluff.per_turn`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from liarlab.core.reprs import compact_repr


# ---------------------------------------------------------------------------------------------
# One turn as a zero-sum LP
# ---------------------------------------------------------------------------------------------
@dataclass
class TurnSolution:
    """Optimal play of one turn: caller's ``x[c, k]`` and guesser's ``y_bluff[g, k]``."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    value: float
    x: np.ndarray
    y_bluff: np.ndarray


def _turn_payoff_arrays(accept_payoff, bluff_payoff, C, G, K):
    accept = np.broadcast_to(np.asarray(accept_payoff, dtype=float), (C, G, K))
    bluff = np.broadcast_to(np.asarray(bluff_payoff, dtype=float), (C, G, K))
    return accept, bluff


def _turn_lp(caller_weights, guesser_weights, accept_payoff, bluff_payoff):
    """The turn's max-min LP in scipy's form: (cost, A_ub, A_eq, bounds, C, G, K, n_x); see :func:`_solve_turn`."""
    wc = np.asarray(caller_weights, dtype=float)
    wg = np.asarray(guesser_weights, dtype=float)
    C, G = len(wc), len(wg)
    K = np.broadcast_shapes(np.shape(accept_payoff), np.shape(bluff_payoff))[-1]
    accept, bluff = _turn_payoff_arrays(accept_payoff, bluff_payoff, C, G, K)
    n_x = C * K
    # rows (guess h, g, k): z[g,k] - sum_c w_c V_h[c,g,k] x[c,k] <= 0
    h_idx, g_idx, k_idx, c_idx = np.meshgrid(np.arange(2), np.arange(G), np.arange(K), np.arange(C),
                                             indexing="ij")
    rows_x = ((h_idx * G + g_idx) * K + k_idx).ravel()
    cols_x = (c_idx * K + k_idx).ravel()
    stacked = np.stack([accept, bluff])  # (2, C, G, K)
    vals_x = -(wc[c_idx] * stacked[h_idx, c_idx, g_idx, k_idx]).ravel()
    n_rows = 2 * G * K
    rows_z = np.arange(n_rows)
    cols_z = n_x + (rows_z % (G * K))
    A_ub = sparse.csr_matrix((np.concatenate([vals_x, np.ones(n_rows)]),
                              (np.concatenate([rows_x, rows_z]), np.concatenate([cols_x, cols_z]))),
                             shape=(n_rows, n_x + G * K))
    A_eq = sparse.csr_matrix((np.ones(n_x), (np.repeat(np.arange(C), K), np.arange(n_x))),
                             shape=(C, n_x + G * K))
    cost = np.concatenate([np.zeros(n_x), -np.repeat(wg, K)])
    bounds = [(0, None)] * n_x + [(None, None)] * (G * K)
    return cost, A_ub, A_eq, bounds, C, G, K, n_x


def _solve_turn(caller_weights, guesser_weights, accept_payoff, bluff_payoff,
                caller_preference=None) -> TurnSolution:
    """Max-min of one turn: max_x sum_{c,g} w_c w_g sum_k x[c,k] min_guess V_guess[c,g,k].

    ``accept_payoff``/``bluff_payoff`` broadcast to ``(C, G, K)`` and are the caller's payoffs.
    The guesser's optimal strategy is read off the duals of the ``z <= payoff`` rows: they are
    ``w_g * y[g, k, guess]`` at any dual optimum, i.e. a minimax strategy for every bid, made or not.
    ``caller_preference[c, k]``: among optimal ``x`` pick one maximising this (a second LP).
    The strategies are the optimal vertex scipy's HiGHS returns (the talk's strategy K is that vertex); a
    caller that needs only the value uses :func:`turn_value`.
    """
    cost, A_ub, A_eq, bounds, C, G, K, n_x = _turn_lp(caller_weights, guesser_weights, accept_payoff, bluff_payoff)
    n_rows = A_ub.shape[0]
    res = linprog(cost, A_ub=A_ub, b_ub=np.zeros(n_rows), A_eq=A_eq, b_eq=np.ones(C),
                  bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"per-turn LP failed: {res.message}")
    value = -float(res.fun)
    duals = -np.asarray(res.ineqlin.marginals).reshape(2, G, K)
    total = duals.sum(axis=0)
    y_bluff = np.where(total > 0, duals[1] / np.where(total > 0, total, 1.0), 0.0).clip(0.0, 1.0)
    x = res.x[:n_x].reshape(C, K)
    if caller_preference is not None:
        x = _prefer_among_optimal(cost, A_ub, A_eq, C, n_x, G, K, bounds, value, caller_preference, x)
    return TurnSolution(value, _normalise_rows(x), y_bluff)


_VALUE_SOLVER = []   # one silent HiGHS per process, reused by every turn_value call


def turn_value(caller_weights, guesser_weights, accept_payoff, bluff_payoff) -> float:
    """The value of :func:`_solve_turn`'s LP alone: the same LP handed to HiGHS's own bindings (highspy) with
    scipy's settings (presolve, dual simplex), without linprog's input checks and result object, which cost
    more than the solve on these small LPs. A turn's value is unique, so it is the same number however the
    solver reaches it; the tests hold it to :func:`_solve_turn`'s value."""
    from liarlab.bluff.warm_lp import _solve_model, highs_model, quiet_highs

    cost, A_ub, A_eq, bounds, C, G, K, n_x = _turn_lp(caller_weights, guesser_weights, accept_payoff, bluff_payoff)
    if not _VALUE_SOLVER:
        highs = quiet_highs()
        highs.setOptionValue("presolve", "on")
        highs.setOptionValue("simplex_strategy", 1)   # dual simplex, as scipy's linprog sets it
        _VALUE_SOLVER.append(highs)
    highs = _VALUE_SOLVER[0]
    A = sparse.vstack([A_ub, A_eq]).tocsc()
    n_ub = A_ub.shape[0]
    lp = highs_model(cost, A, np.r_[np.zeros(n_x), np.full(G * K, -np.inf)], np.full(A.shape[1], np.inf),
                     np.r_[np.full(n_ub, -np.inf), np.ones(C)], np.r_[np.zeros(n_ub), np.ones(C)])
    highs.clearSolver()
    return -_solve_model(highs, lp, "per-turn LP")


def _prefer_among_optimal(cost, A_ub, A_eq, C, n_x, G, K, bounds, value, preference, fallback):
    # a second LP: keep the turn value (to 1e-10) and push x towards the preferred bids
    keep_value = sparse.csr_matrix(cost.reshape(1, -1))
    A = sparse.vstack([A_ub, keep_value]).tocsr()
    b = np.concatenate([np.zeros(A_ub.shape[0]), [-value + 1e-10]])
    c2 = np.concatenate([-np.asarray(preference, dtype=float).ravel(), np.zeros(G * K)])
    res = linprog(c2, A_ub=A, b_ub=b, A_eq=A_eq, b_eq=np.ones(C), bounds=bounds, method="highs")
    return res.x[:n_x].reshape(C, K) if res.status == 0 else fallback


def _solve_turn_guesser(caller_weights, guesser_weights, accept_payoff, bluff_payoff,
                        bluff_preference=None) -> tuple[float, np.ndarray]:
    """The mirror LP: the guesser's minimax ``y_bluff[g, k]`` and the turn value.

    ``bluff_preference[g, k]``: among optimal ``y`` pick one minimising ``sum preference * y``.
    """
    wc = np.asarray(caller_weights, dtype=float)
    wg = np.asarray(guesser_weights, dtype=float)
    C, G = len(wc), len(wg)
    K = np.broadcast_shapes(np.shape(accept_payoff), np.shape(bluff_payoff))[-1]
    accept, bluff = _turn_payoff_arrays(accept_payoff, bluff_payoff, C, G, K)
    # rows (c, k): sum_g w_g (VB - VA)[c,g,k] y[g,k] - mu[c] <= -sum_g w_g VA[c,g,k]
    gain = (bluff - accept) * wg[None, :, None]  # (C, G, K)
    c_idx, g_idx, k_idx = np.meshgrid(np.arange(C), np.arange(G), np.arange(K), indexing="ij")
    rows = (c_idx * K + k_idx).ravel()
    A_y = sparse.csr_matrix((gain.ravel(), (rows, (g_idx * K + k_idx).ravel())), shape=(C * K, G * K))
    A_mu = sparse.csr_matrix((-np.ones(C * K), (np.arange(C * K), np.repeat(np.arange(C), K))),
                             shape=(C * K, C))
    A_ub = sparse.hstack([A_y, A_mu]).tocsr()
    b_ub = -(accept * wg[None, :, None]).sum(axis=1).ravel()
    cost = np.concatenate([np.zeros(G * K), wc])
    bounds = [(0, 1)] * (G * K) + [(None, None)] * C
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"guesser LP failed: {res.message}")
    value = float(res.fun)
    y = res.x[:G * K].reshape(G, K)
    if bluff_preference is not None:
        A2 = sparse.vstack([A_ub, sparse.csr_matrix(cost.reshape(1, -1))]).tocsr()
        b2 = np.concatenate([b_ub, [value + 1e-10]])
        c2 = np.concatenate([np.asarray(bluff_preference, dtype=float).ravel(), np.zeros(C)])
        res2 = linprog(c2, A_ub=A2, b_ub=b2, bounds=bounds, method="highs")
        if res2.status == 0:
            y = res2.x[:G * K].reshape(G, K)
    return value, y.clip(0.0, 1.0)


def _normalise_rows(x):
    x = np.clip(x, 0.0, None)
    return x / x.sum(axis=-1, keepdims=True)


