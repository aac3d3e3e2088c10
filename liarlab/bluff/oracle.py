"""Certified exact Bluff rounds by a sequence-form double oracle (issue 18).

The whole-tree sequence-form LP of :mod:`liarlab.bluff.exact` holds a variable for every (hand,
history) of both players: 2^20 histories for two players with five dice each at N = 2, too large to
build. Equilibrium play, however, reaches only a small part of that tree. This module solves the LP on
a *restricted* tree and grows the tree until exact best responses in the *whole* tree certify the
result (the double-oracle method for extensive-form games, Bosansky et al. 2014, in its simplest form):

1. The restricted tree is a prefix-closed set H of public bid histories. At a history of H the mover
   may call (after the opening) or make any bid that leads to a history of H; everything else is cut.
2. Its sequence-form LP is solved exactly (HiGHS). Each player's restricted strategy extends to the whole
   game by *calling at every history outside H* (always legal), so it is a strategy of the real round.
3. Exact best responses to both extended strategies are computed by backward induction over all 2^n
   histories (:func:`liarlab.bluff.exact.best_response`): ``upper`` is what a best-responding opener gets
   against the responder's extended strategy, ``lower`` what the opener's extended strategy guarantees.
   The round's value lies in [lower, upper] whatever the LP did; this bracket is the certificate.
4. If the bracket is wider than ``target``, the histories where a best response leaves H are added to H
   and the LP is solved again. H only grows, so the loop ends (at worst with H = every history).

The round's payoffs after a challenge use the values of smaller rounds (backward induction over the dice
counts). A value of a smaller round known only within +-e moves this round's value by at most e, so a
grid's certified width adds the widths of the rounds it depends on (:func:`certified_grid`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from liarlab.bluff.cfr import best_response_numba, cfr_plus, public_reach
from liarlab.bluff.exact import (
    Round,
    _max_min_lp,
    _needed_rounds,
    payoffs_for,
    plan_from_behaviour,
    zero_sum_payoffs,
)
from liarlab.bluff.rules import Rules, make_rules
from liarlab.core.validation import check_int

EXACT_WIDTH = 1e-9  # a value counts as exact when its certified bracket is at most this wide


@dataclass
class CertifiedRound:
    """One round solved by the double oracle: value and its certificate (opener's +-1 units)."""

    dice: tuple
    value: float            # midpoint of the bracket
    lower: float            # the opener's extended strategy guarantees at least this
    upper: float            # a best-responding opener gets at most this against the responder's strategy
    restricted_value: float  # the last restricted LP's optimum
    histories: int          # 2^n: histories of the whole round
    restricted_histories: int  # |H| at the end
    iterations: int
    seconds: float
    lp_seconds: float
    br_seconds: float
    cfr_seconds: float = 0.0

    @property
    def width(self) -> float:
        return self.upper - self.lower

    @property
    def opener_win(self) -> float:
        return (1 + self.value) / 2


# --------------------------------------------------------------------------- restricted LP

def _restricted_lp(rnd: Round, U: np.ndarray, H: np.ndarray):
    """Sequence-form matrices (A^T, E, F) of the round cut down to the sorted history set ``H`` (with 0)."""
    Hs = H[1:]
    K = len(Hs)
    pos = np.full(rnd.M, -1, dtype=np.int64)
    pos[Hs] = np.arange(K)
    D = [len(h) for h in rnd.hands]
    # terminals: the call at each m in Hs pairs sequence (d0, m) with (d1, m)
    bidder = 1 - rnd.mover[Hs]
    w = rnd.probs[0][:, None] * rnd.probs[1][None, :]
    vals = w[None] * U[rnd.top[Hs], bidder]                     # (K, D0, D1)
    k = np.arange(K)[:, None, None]
    rows = 1 + np.arange(D[1])[None, None, :] * K + k
    cols = 1 + np.arange(D[0])[None, :, None] * K + k
    At = sp.csr_matrix((vals.ravel(), (np.broadcast_to(rows, vals.shape).ravel(),
                                       np.broadcast_to(cols, vals.shape).ravel())),
                       shape=(1 + D[1] * K, 1 + D[0] * K))
    E = [_restricted_constraints(rnd, H, Hs, pos, p, D[p]) for p in (0, 1)]
    return At, E[0], E[1], pos


def _restricted_constraints(rnd: Round, H, Hs, pos, player: int, n_hands: int):
    K = len(Hs)
    infosets = H[rnd.mover[H] == player]
    if player == 1:
        infosets = infosets[infosets != 0]
    rank = np.full(rnd.M, -1, dtype=np.int64)
    rank[infosets] = np.arange(len(infosets))
    per_hand = len(infosets)
    info_of_seq = rnd.infoset_mask(player)[Hs]
    hand = np.arange(n_hands)[:, None]
    seq_rows = 1 + hand * per_hand + rank[info_of_seq][None, :]
    seq_cols = 1 + hand * K + np.arange(K)[None, :]
    parent = infosets - rnd.topbit[infosets]
    parent_cols = np.where(parent[None, :] == 0, 0, 1 + hand * K + pos[parent][None, :])
    parent_rows = 1 + hand * per_hand + np.arange(per_hand)[None, :]
    rows = np.concatenate([[0], seq_rows.ravel(), parent_rows.ravel()])
    cols = np.concatenate([[0], seq_cols.ravel(), parent_cols.ravel()])
    vals = np.concatenate([[1.0], np.ones(seq_rows.size), -np.ones(parent_rows.size)])
    return sp.csr_matrix((vals, (rows, cols)), shape=(1 + n_hands * per_hand, 1 + n_hands * K))


def _extended_plan(rnd: Round, H: np.ndarray, plan: np.ndarray, player: int) -> np.ndarray:
    """The restricted LP's plan as a valid behaviour strategy of the whole round (call outside H),
    returned as a realization plan over all 2^n histories."""
    Hs = H[1:]
    K = len(Hs)
    D = len(rnd.hands[player])
    X = np.zeros((D, rnd.M))
    X[:, 0] = 1.0
    X[:, Hs] = np.maximum(plan[1:].reshape(D, K), 0.0)
    info = rnd.infoset_mask(player)
    parent = rnd.parent_mask(player)
    in_H = np.zeros(rnd.M, dtype=bool)
    in_H[H] = True
    B = np.zeros((D, rnd.M))
    reach = X[:, parent[Hs]]
    # restricted action counts, for infosets the player's own plan never reaches (any valid choice will do)
    n_actions = np.bincount(info[Hs], minlength=rnd.M)
    uniform = 1.0 / np.maximum(n_actions[info[Hs]], 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        B[:, Hs] = np.where(reach > 0, X[:, Hs] / reach, uniform[None, :])
    # normalise each restricted information set's actions to sum to one
    totals = np.zeros((D, rnd.M))
    for d in range(D):
        totals[d] = np.bincount(info[Hs], weights=B[d, Hs], minlength=rnd.M)
    denom = totals[:, info[Hs]]
    B[:, Hs] = np.where(denom > 0, B[:, Hs] / np.where(denom > 0, denom, 1.0), uniform[None, :])
    # outside H: the player calls wherever it is to move
    outside = (~in_H) & (rnd.mover == player)
    outside[0] = False
    B[:, outside] = 1.0
    return plan_from_behaviour(rnd, B, player)


def _frontier(rnd: Round, H: np.ndarray, choice: np.ndarray, X_opp: np.ndarray, player: int) -> np.ndarray:
    """Histories outside H that ``player``'s best response (``choice[m, d]``) bids into, on paths the
    opponent's plan reaches."""
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
            a = choice[Go]                       # (g, D)
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


def initial_histories(rnd: Round, depth: int = 2) -> np.ndarray:
    """Every history of at most ``depth`` bids (prefix-closed, contains 0)."""
    return np.flatnonzero(rnd.popcount <= depth).astype(np.int64)


def seed_histories(rnd: Round, U: np.ndarray, iterations: int, eps: float = 1e-3) -> np.ndarray:
    """The histories CFR+ (``iterations`` iterations) reaches with public reach above ``eps``, plus every
    single bid: a restricted tree that already holds most of an equilibrium's support."""
    X0, X1 = cfr_plus(rnd, U, iterations)
    reach = public_reach(rnd, X0, X1)
    return np.union1d(np.flatnonzero(reach > eps), initial_histories(rnd, 1)).astype(np.int64)


def solve_round_certified(rules: Rules, continuation: dict | None = None, *, target: float = 1e-10,
                          tolerance: float = 1e-10, max_iterations: int = 1000, depth: int = 2,
                          cfr_iterations: int = 0, eps: float = 1e-3, method: str = "highs",
                          expand: int = 0, log=None) -> CertifiedRound:
    """One round (``rules.dice`` = (opener's, responder's)) solved by the double oracle and certified.

    ``continuation[(x, y)]``: value to the opener of a fresh round with x against y dice. The restricted
    tree starts from every history of at most ``depth`` bids, or, with ``cfr_iterations`` > 0, from the
    histories CFR+ reaches (:func:`seed_histories`). Stops when the certified bracket is at most
    ``target`` wide or no best response leaves the restricted tree.
    """
    t0 = time.perf_counter()
    rnd = Round(rules)
    U = zero_sum_payoffs(rnd, continuation)
    cfr_s = 0.0
    if cfr_iterations > 0:
        H = seed_histories(rnd, U, cfr_iterations, eps)
        cfr_s = time.perf_counter() - t0
    else:
        H = initial_histories(rnd, depth)
    lp_s = br_s = 0.0
    best_lower, best_upper = -np.inf, np.inf
    for iteration in range(1, max_iterations + 1):
        t1 = time.perf_counter()
        At, E, F, _ = _restricted_lp(rnd, U, H)
        value, x, y, _ = _max_min_lp(At, E, F, tolerance, method)
        f = np.zeros(F.shape[0])
        f[0] = 1.0
        if np.abs(F @ y - f).max() > 1e-7:
            _, y, _, _ = _max_min_lp(-At.T.tocsr(), F, E, tolerance, method)
        t2 = time.perf_counter()
        X0 = _extended_plan(rnd, H, x, 0)
        X1 = _extended_plan(rnd, H, y, 1)
        upper, choice0 = best_response_numba(rnd, payoffs_for(U, 0), X1, 0)
        br2, choice1 = best_response_numba(rnd, payoffs_for(U, 1), X0, 1)
        lower = -br2
        best_lower, best_upper = max(best_lower, lower), min(best_upper, upper)
        t3 = time.perf_counter()
        lp_s += t2 - t1
        br_s += t3 - t2
        if log is not None:
            log(f"iteration {iteration}: |H| = {len(H):,}, bracket [{best_lower:.12f}, {best_upper:.12f}], "
                f"LP {t2 - t1:.2f} s, best responses {t3 - t2:.2f} s")
        if best_upper - best_lower <= target:
            break
        new = np.union1d(_frontier(rnd, H, choice0, X1, 0), _frontier(rnd, H, choice1, X0, 1))
        if new.size == 0:
            break
        for _ in range(expand):   # also every bid from the new histories (fewer, larger steps)
            kids = [c | (np.int64(1) << (k - 1)) for c in new.tolist() for k in range(int(rnd.top[c]) + 1, rnd.n + 1)]
            new = np.union1d(new, np.array(kids, dtype=np.int64))
        H = np.union1d(H, new)
    return CertifiedRound(dice=rules.dice, value=(best_lower + best_upper) / 2, lower=best_lower,
                          upper=best_upper, restricted_value=value, histories=rnd.M,
                          restricted_histories=len(H), iterations=iteration,
                          seconds=time.perf_counter() - t0, lp_seconds=lp_s, br_seconds=br_s, cfr_seconds=cfr_s)


def certified_grid(faces: int, max_dice: int = 5, *, cells=None, progress=None, target: float = 1e-10,
                   cfr_iterations: int = 0, **rules) -> list[dict]:
    """Every round (a, b) with a, b <= max_dice solved by the double oracle, by backward induction.

    Returns one dict per cell: a, b, value, lower, upper, round_width (this round's own bracket, given
    the midpoints of the smaller rounds), width (round_width plus the widths of the rounds it depends
    on, twice: ``value`` +- width / 2 holds the value of the real game), opener_win, histories,
    restricted_histories, iterations, seconds. ``cells`` limits the grid to the rounds those cells need.
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
        sol = solve_round_certified(r, values, target=target, cfr_iterations=cfr_iterations)
        inherited = max((errors[c] for c in deps if c in errors), default=0.0)
        values[(a, b)] = sol.value
        errors[(a, b)] = sol.width / 2 + inherited   # |value - the real round's value| is at most this
        rows.append(dict(a=a, b=b, value=sol.value, lower=sol.lower - inherited, upper=sol.upper + inherited,
                         round_width=sol.width, width=sol.width + 2 * inherited, opener_win=sol.opener_win,
                         histories=sol.histories, restricted_histories=sol.restricted_histories,
                         iterations=sol.iterations, seconds=sol.seconds))
        if progress is not None:
            progress(a, b, sol)
    return rows
