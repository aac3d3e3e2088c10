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
  H), not all 2^n (:func:`liarlab.bluff.sparse_oracle.best_response_sparse`, issue 27); any other history
  has reach 0 and adds 0, so the values and choices are those of the whole-tree best response
  (:func:`liarlab.bluff.cfr.best_response_numba`).
* H grows by the histories outside it that the best responder or the certified player's own plan
  enter, until the bracket is at most ``target`` wide. H only grows, so the loop ends.

The two bounds' LPs are independent and HiGHS releases the GIL, so they run in two threads when the
process may use two cores. Measured by ``python -m liarlab bench bluff`` on the 2-core project machine, quiet,
every bracket <= 2.2e-15: the talk's Bluff-2 grid (25 rounds) in 2.9 s; the star-order and no-wild variants'
grids in 22 s and 161 s; one die each, N = 8 in 37 s (2,987 of 65,536 histories in H; 1.0 GB), N = 9 in
156 s (4,892 of 262,144; 1.8 GB), N = 10 in 571 s (7,398 of 1,048,576; 3.3 GB). Almost all of the time is
HiGHS on the last two or three LPs.

A round's payoffs after a challenge use the values of smaller rounds (backward induction over the dice
counts, :func:`certified_grid`); a smaller round's value known only within +-e moves this round's value by
at most e, so a grid's certified width adds the widths of the rounds it depends on.
"""
from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from liarlab.bluff.exact import (
    Round,
    _max_min_lp,
    _needed_rounds,
    normalise_behaviour,
    payoffs_for,
    plan_from_behaviour,
    zero_sum_payoffs,
)
from liarlab.bluff.rules import Rules, make_rules
from liarlab.bluff.sparse_oracle import SparsePlan, Tree, best_response_sparse
from liarlab.core.resources import PeakMemory
from liarlab.core.validation import check_int

__all__ = ["EXACT_WIDTH", "CertifiedRound", "solve_round_certified", "solve_one_die", "certified_grid"]

EXACT_WIDTH = 1e-9  # a value counts as exact when its certified bracket is at most this wide


@dataclass
class CertifiedRound:
    """One round solved by the double oracle: value and its certificate (opener's +-1 units)."""

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

    @property
    def width(self) -> float:
        return self.upper - self.lower

    @property
    def opener_win(self) -> float:
        return (1 + self.value) / 2


# --------------------------------------------------------------------------- the restricted games G(P, H)

def _children(rnd: Round, masks: np.ndarray) -> np.ndarray:
    out = [masks | (np.int64(1) << (k - 1)) for k in range(1, rnd.n + 1)]
    kids = np.concatenate([o[rnd.top[masks] < k] for k, o in zip(range(1, rnd.n + 1), out)])
    return np.unique(kids)


def _closed(rnd: Round, masks: np.ndarray) -> np.ndarray:
    """``masks`` with all their prefixes (a prefix-closed set, sorted, with 0)."""
    out = [np.asarray(masks, dtype=np.int64)]
    cur = out[0]
    while cur.size:
        cur = np.unique(cur - rnd.topbit[cur])
        cur = cur[cur > 0]
        out.append(cur)
    return np.union1d(np.concatenate(out), [0]).astype(np.int64)


def _fringe_tree(rnd: Round, H: np.ndarray, P: int) -> np.ndarray:
    """Sorted nodes of G(P, H): H, its children, and the children of those children where P's opponent moves."""
    kids = np.setdiff1d(_children(rnd, H), H)
    q_kids = kids[rnd.mover[kids] != P]
    grand = _children(rnd, q_kids) if q_kids.size else np.zeros(0, dtype=np.int64)
    return np.unique(np.concatenate([H, kids, grand]))


def _constraints(rnd: Round, T: np.ndarray, pos: np.ndarray, player: int, n_hands: int):
    """E with E x = e over the sequences of ``player`` in tree T (sequence m of a node m > 0)."""
    K = len(T) - 1
    Ts = T[1:]
    infosets = T[rnd.mover[T] == player]
    if player == 1:
        infosets = infosets[infosets != 0]
    rank = np.full(rnd.M, -1, dtype=np.int64)
    rank[infosets] = np.arange(len(infosets))
    per_hand = len(infosets)
    info = rnd.infoset_mask(player)[Ts]
    hand = np.arange(n_hands)[:, None]
    seq_rows = 1 + hand * per_hand + rank[info][None, :]
    seq_cols = 1 + hand * K + pos[Ts][None, :]
    parent = infosets - rnd.topbit[infosets]
    parent_cols = np.where(parent[None, :] == 0, 0, 1 + hand * K + pos[parent][None, :])
    parent_rows = 1 + hand * per_hand + np.arange(per_hand)[None, :]
    rows = np.concatenate([[0], seq_rows.ravel(), parent_rows.ravel()])
    cols = np.concatenate([[0], seq_cols.ravel(), parent_cols.ravel()])
    vals = np.concatenate([[1.0], np.ones(seq_rows.size), -np.ones(parent_rows.size)])
    return sp.csr_matrix((vals, (rows, cols)), shape=(1 + n_hands * per_hand, 1 + n_hands * K))


def _fringe_lp(rnd: Round, U: np.ndarray, T: np.ndarray, P: int):
    """(B^T, E_P, E_Q, keep) of max_x min_y x'By for P in the tree T (every node m > 0 ends in 'call at m');
    ``keep``: the indices of Q's sequences kept as rows (:func:`_undominated_rows`)."""
    Q = 1 - P
    Ts = T[1:]
    K = len(Ts)
    pos = np.full(rnd.M, -1, dtype=np.int64)
    pos[Ts] = np.arange(K)
    D = [len(h) for h in rnd.hands]
    UP = payoffs_for(U, P)                                  # [k, bidder, d_P, d_Q]
    w = rnd.probs[P][:, None] * rnd.probs[Q][None, :]
    vals = w[None] * UP[rnd.top[Ts], 1 - rnd.mover[Ts]]     # (K, D_P, D_Q)
    k = np.arange(K)[:, None, None]
    rows = 1 + np.arange(D[Q])[None, None, :] * K + k
    cols = 1 + np.arange(D[P])[None, :, None] * K + k
    Bt = sp.csr_matrix((vals.ravel(), (np.broadcast_to(rows, vals.shape).ravel(),
                                       np.broadcast_to(cols, vals.shape).ravel())),
                       shape=(1 + D[Q] * K, 1 + D[P] * K))
    keep = _undominated_rows(rnd, U, T, pos, P)
    F = _constraints(rnd, T, pos, Q, D[Q])
    return Bt[keep], _constraints(rnd, T, pos, P, D[P]), F[:, keep], keep


def _undominated_rows(rnd: Round, U: np.ndarray, T: np.ndarray, pos: np.ndarray, P: int) -> np.ndarray:
    """Indices of Q's sequences to keep. At a history c of T where Q moves, the options that end the round
    (calling, or a bid to a leaf of T, where P can only call) are compared: one whose payoff to Q is at most
    another's for every pair of hands is dropped (among equal ones the first is kept). Q never needs it,
    so the LP value is unchanged; the LP only gets smaller."""
    Q = 1 - P
    n, D = rnd.n, len(rnd.hands[Q])
    K = len(T) - 1
    UQ = payoffs_for(U, Q)                                   # [k, bidder, d_Q, d_P]
    Ts = T[1:]
    in_T = np.zeros(rnd.M, dtype=bool)
    in_T[T] = True
    has_kid = np.zeros(rnd.M, dtype=bool)
    has_kid[Ts - rnd.topbit[Ts]] = True
    drop = np.zeros(1 + D * K, dtype=bool)
    nodes = Ts[rnd.mover[Ts] == Q]
    for t in np.unique(rnd.top[nodes]):
        cs = nodes[rnd.top[nodes] == t]
        # options: 0 = call at c (P was the bidder), j >= 1 = bid t + j (then P calls, if that is a leaf)
        opts = np.concatenate([UQ[t, P][None], UQ[t + 1:, Q]], axis=0)     # (options, d_Q, d_P)
        kids = cs[:, None] | (np.int64(1) << np.arange(t, n, dtype=np.int64))[None, :]
        leaf = np.zeros(kids.shape, dtype=bool)
        if kids.size:
            leaf = in_T[kids] & ~has_kid[kids]
        S = np.concatenate([np.ones((len(cs), 1), dtype=bool), leaf], axis=1)   # (nodes, options)
        idx = np.arange(opts.shape[0])
        for d in range(D):
            V = opts[:, d, :]
            ge = (V[None, :, :] >= V[:, None, :]).all(axis=2)        # ge[o, o2]: o2 at least as good as o
            gt = (V[None, :, :] > V[:, None, :]).any(axis=2)
            dom = ge & (gt | (idx[None, :] < idx[:, None])) & (idx[None, :] != idx[:, None])
            if not dom.any():
                continue
            dropped = S & (S[:, None, :] & dom[None]).any(axis=2)   # (nodes, options)
            ci, oi = np.nonzero(dropped)
            seqs = np.where(oi == 0, cs[ci], cs[ci] | (np.int64(1) << np.maximum(t + oi - 1, 0)))
            drop[1 + d * K + pos[seqs]] = True
    return np.flatnonzero(~drop)


def _plan_calling_outside(rnd: Round, S: np.ndarray, T: np.ndarray, z: np.ndarray, player: int) -> np.ndarray:
    """An LP plan ``z`` over the sequences of tree T as a realization plan of the whole round: the player
    chooses as the plan says at its histories in S and calls wherever it moves outside S (always legal)."""
    D = len(rnd.hands[player])
    Ts = T[1:]
    X = np.zeros((D, rnd.M))
    X[:, 0] = 1.0
    X[:, Ts] = np.maximum(z[1:].reshape(D, len(Ts)), 0.0)
    in_S = np.zeros(rnd.M, dtype=bool)
    in_S[S] = True
    info = rnd.infoset_mask(player)
    parent = rnd.parent_mask(player)
    decided = Ts[in_S[info[Ts]]]   # the player's choices made at histories of S
    uniform = 1.0 / np.maximum(rnd.action_count()[info[decided]], 1)
    B = np.zeros((D, rnd.M))
    reach = X[:, parent[decided]]
    with np.errstate(divide="ignore", invalid="ignore"):
        B[:, decided] = np.where(reach > 0, X[:, decided] / np.where(reach > 0, reach, 1.0), uniform[None, :])
    outside = (~in_S) & (rnd.mover == player)
    outside[0] = False
    B[:, outside] = 1.0
    return plan_from_behaviour(rnd, normalise_behaviour(rnd, B, player), player)


def _restricted_best_response(rnd: Round, U: np.ndarray, X_opp: np.ndarray, player: int, nodes: np.ndarray):
    """``player``'s best response to the plan ``X_opp`` over ``nodes`` only: a sorted, prefix-closed set holding
    every history the plan reaches (below any other its reach is 0, and so is the history's worth). The same
    sums in the same order as :func:`liarlab.bluff.cfr.best_response_numba`, so the same value and, on
    ``nodes``, the same choices (rows of ``choice`` follow ``nodes``)."""
    value, choice, _ = best_response_sparse(Tree.of_round(rnd, U), SparsePlan(1 - player, nodes, X_opp[:, nodes]),
                                            player)
    return value, choice


def _certify(rnd: Round, U: np.ndarray, H: np.ndarray, P: int, tolerance: float, method: str):
    """Solve G(P, H); return (lp value to P, best-response-certified value to P, X_P, new histories)."""
    Q = 1 - P
    in_H = np.zeros(rnd.M, dtype=bool)
    in_H[H] = True
    T = _fringe_tree(rnd, H, P)
    Bt, E, F, keep = _fringe_lp(rnd, U, T, P)
    lp_value, x, y_kept, _ = _max_min_lp(Bt, E, F, tolerance, method)
    y = np.zeros(1 + len(rnd.hands[Q]) * (len(T) - 1))
    y[keep] = y_kept
    X = _plan_calling_outside(rnd, H, T, x, P)  # P calls outside H, so its plan reaches only T
    br, choice = _restricted_best_response(rnd, U, X, Q, T)
    out = T[~in_H[T]]
    new = [_frontier(rnd, H, choice, X, Q, T)]
    # histories just outside H that P's own plan bids into (P would be forced to call after them)
    kids = out[in_H[out - rnd.topbit[out]] & (rnd.mover[out] == Q)]
    new.append(kids[X[:, kids].max(axis=0) > 1e-12])
    # histories where P is forced to call although a best response to Q's LP plan would bid
    f = np.zeros(F.shape[0])
    f[0] = 1.0
    if np.abs(F @ y_kept - f).max() <= 1e-7:
        Y = _plan_calling_outside(rnd, T, T, y, Q)  # Q calls outside T: reaches T and T's bids where P moves
        S = np.union1d(T, _children(rnd, T[rnd.mover[T] == P]))
        _, choice_p = _restricted_best_response(rnd, U, Y, P, S)
        forced = out[rnd.mover[out] == P]
        forced = forced[Y[:, forced].max(axis=0) > 1e-12]
        new.append(forced[(choice_p[np.searchsorted(S, forced)] > 0).any(axis=1)])
    return lp_value, -br, X, np.unique(np.concatenate(new))


def _frontier(rnd: Round, H: np.ndarray, choice: np.ndarray, X_opp: np.ndarray, player: int,
              nodes: np.ndarray) -> np.ndarray:
    """Histories outside H that ``player``'s best response (``choice[i, d]`` at history ``nodes[i]``, a sorted
    superset of H) bids into, on paths the opponent's plan reaches."""
    n = rnd.n
    D = choice.shape[1]
    in_H = np.zeros(rnd.M, dtype=bool)
    in_H[H] = True
    reach = np.zeros((rnd.M, D), dtype=bool)  # sparse use: only rows of H are touched
    reach[0] = True
    opp_plays = np.zeros(rnd.M, dtype=bool)
    opp_plays[H] = X_opp[:, H].max(axis=0) > 0
    new = []
    tops = rnd.top[H]
    for t in range(0, n):
        G = H[tops == t]
        if G.size == 0:
            continue
        R = reach[G]
        live = R.any(axis=1)
        G, R = G[live], R[live]
        if G.size == 0:
            continue
        own = rnd.mover[G] == player
        # own turns: follow the best response
        Go, Ro = G[own], R[own]
        if Go.size:
            a = choice[np.searchsorted(nodes, Go)]   # (g, D)
            bids = (a > 0) & Ro
            gi, di = np.nonzero(bids)
            child = Go[gi] | (np.int64(1) << (a[gi, di] - 1))
            inside = in_H[child]
            reach[child[inside], di[inside]] = True
            new.append(child[~inside])
        # opponent's turns: every bid into H that the opponent's plan plays
        Gp, Rp = G[~own], R[~own]
        for k in range(t + 1, n + 1):
            child = Gp | (np.int64(1) << (k - 1))
            ok = in_H[child] & opp_plays[child]
            if ok.any():
                reach[child[ok]] |= Rp[ok]
    return np.unique(np.concatenate(new)) if new else np.zeros(0, dtype=np.int64)


# --------------------------------------------------------------------------- the solver

def _use_threads(threads: bool | None) -> bool:
    """None: two threads when this process may use two cores."""
    if threads is not None:
        return bool(threads)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores >= 2


def solve_round_certified(rules: Rules, continuation: dict | None = None, *, target: float = 1e-9,
                          tolerance: float = 1e-10, max_iterations: int = 200, method: str = "highs-ds",
                          H0: np.ndarray | None = None, threads: bool | None = None,
                          log=None) -> CertifiedRound:
    """One round (``rules.dice`` = (opener's, responder's)) solved and certified by the fringe-aware
    double oracle. ``continuation[(x, y)]``: value to the opener of a fresh round with x against y dice."""
    t0 = time.perf_counter()
    rnd = Round(rules)
    U = zero_sum_payoffs(rnd, continuation)
    H = np.flatnonzero(rnd.popcount <= 1).astype(np.int64) if H0 is None else _closed(rnd, H0)
    threads = _use_threads(threads)
    lower, upper = -np.inf, np.inf
    X0 = X1 = None
    for iteration in range(1, max_iterations + 1):
        t1 = time.perf_counter()
        if threads:   # the two bounds are independent; HiGHS runs outside the GIL
            with ThreadPoolExecutor(2) as pool:
                jobs = [pool.submit(_certify, rnd, U, H, P, tolerance, method) for P in (0, 1)]
                (lp0, g0, X0i, new0), (lp1, g1, X1i, new1) = [j.result() for j in jobs]
        else:
            lp0, g0, X0i, new0 = _certify(rnd, U, H, 0, tolerance, method)
            lp1, g1, X1i, new1 = _certify(rnd, U, H, 1, tolerance, method)
        t2 = time.perf_counter()
        if g0 > lower:
            lower, X0 = g0, X0i
        if -g1 < upper:
            upper, X1 = -g1, X1i
        lp_lower, lp_upper = lp0, -lp1
        if log is not None:
            log(f"iteration {iteration}: |H| = {len(H):,}, bracket [{lower:.12f}, {upper:.12f}] "
                f"(LP [{lp0:.12f}, {-lp1:.12f}]), {t2 - t1:.2f} s")
        if upper - lower <= target:
            break
        new = np.setdiff1d(np.union1d(new0, new1), H)
        if new.size == 0:     # nothing new entered: grow by every child of H (never happens in practice)
            new = np.setdiff1d(_children(rnd, H), H)
            if new.size == 0:
                break
        H = _closed(rnd, np.union1d(H, new))
    return CertifiedRound(dice=rules.dice, value=(lower + upper) / 2, lower=lower, upper=upper,
                          lp_lower=lp_lower, lp_upper=lp_upper, histories=rnd.M, restricted_histories=len(H),
                          iterations=iteration, seconds=time.perf_counter() - t0, plans=(X0, X1))


def solve_one_die(faces: int, **kwargs) -> CertifiedRound:
    """Bluff with one die each and ``faces`` faces (default rules), certified."""
    return solve_round_certified(make_rules(faces, (1, 1)), None, **kwargs)


def certified_grid(faces: int, max_dice: int = 5, *, cells=None, progress=None, target: float = 1e-10,
                   threads: bool | None = None, **rules) -> list[dict]:
    """Every round (a, b) with a, b <= max_dice solved by the double oracle, by backward induction.

    Returns one dict per cell: a, b, value, lower, upper, round_width (this round's own bracket, given
    the midpoints of the smaller rounds), width (round_width plus the widths of the rounds it depends
    on, twice: ``value`` +- width / 2 holds the value of the real game), opener_win, histories,
    restricted_histories, iterations, seconds, peak_gb and memory_gb (the process's resident peak while the
    round was solved, and that peak above the resident size before it). ``cells`` limits the grid to the
    rounds those cells need.
    """
    faces = check_int("faces", faces, 2)
    max_dice = check_int("max_dice", max_dice, 1)
    make_rules(faces, (1, 1), **rules)
    wanted = sorted(((x, y) for x in range(1, max_dice + 1) for y in range(1, max_dice + 1)),
                    key=lambda c: (c[0] + c[1], c))
    if cells is not None:
        need = set()
        for c in cells:
            need.add(tuple(c))
            need.update(x for x in _needed_rounds(*c) if x[0] + x[1] < c[0] + c[1])
        wanted = [c for c in wanted if c in need]
    values, errors, rows = {}, {}, []
    for a, b in wanted:
        r = make_rules(faces, (a, b), **rules)
        deps = [c for c in _needed_rounds(a, b) if c[0] + c[1] < a + b]
        with PeakMemory() as memory:
            sol = solve_round_certified(r, values, target=target, threads=threads)
        inherited = max((errors[c] for c in deps if c in errors), default=0.0)
        values[(a, b)] = sol.value
        errors[(a, b)] = sol.width / 2 + inherited   # |value - the real round's value| is at most this
        rows.append(dict(a=a, b=b, value=sol.value, lower=sol.lower - inherited, upper=sol.upper + inherited,
                         round_width=sol.width, width=sol.width + 2 * inherited, opener_win=sol.opener_win,
                         histories=sol.histories, restricted_histories=sol.restricted_histories,
                         iterations=sol.iterations, seconds=sol.seconds, peak_gb=memory.peak_gb,
                         memory_gb=memory.growth_gb))
        if progress is not None:
            progress(a, b, sol)
    return rows
