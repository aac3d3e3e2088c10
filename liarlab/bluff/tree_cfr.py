"""Full-tree CFR+ on one bid round with lean memory, to seed the double oracle (issue 53).

The round is a :class:`liarlab.bluff.sparse_oracle.Tree` (the end game of Liar's Dice, or one Bluff round): history
``m`` is the bitmask of the bids made, the first mover moves at even popcount, and "call at m" ends the round with
payoff ``U[top(m), bidder, d0, d1]`` to the first mover. As in :mod:`liarlab.bluff.exact`, a history names one
sequence of each player: "call at m" for the player to move at m, "the bid that made m" for the other. So each
player's regrets and average strategy are ONE array each over (history, own hand), ``R[p][m, d]`` and ``A[p][m,
d]``, and a player's options at m are its sequences at m (the call, when m > 0) and at m's children (the bids).

:func:`cfr_plus_iterations` runs CFR+ (regret matching+, ALTERNATING updates, iteration t weighted t ** power in the
averages: 1 is CFR+'s linear averaging, 2 the default of :class:`TreeCFR`, far faster here) by an explicit depth-first traversal whose stack holds the reach vectors of the path, so beside the four
(history, hand) arrays it needs memory of the depth only (:mod:`liarlab.bluff.cfr`'s simultaneous CFR+ keeps ten
such arrays). Each traversal is for one player p and is vectorised over both players' hands; the value of a call
is the product of the payoff matrix with the opponent's chance times reach. A subtree where both players' reach is
0 for every hand is skipped (it changes neither regrets nor averages), and a call's value is not computed where the
opponent's reach is 0 (it is 0): CFR+ quickly puts exact zeros in its strategies, so most of the tree is skipped.
The arrays may be float32 (2^24 histories times 16 hands: 1.07 GB each) or float64.

:func:`average_plans` turns the averages into realization plans over the histories they reach (the format of
:class:`~liarlab.bluff.sparse_oracle.SparsePlan`), optionally dropping every action of conditional probability
below a threshold (then renormalising: still a plan), and :func:`_exploitability` certifies a pair of such plans by
the existing exact best responses (:func:`liarlab.bluff.sparse_oracle.plans_bracket`): the round's value lies in the
bracket whatever the plans are. :func:`seed_histories` gives the histories the plans reach, the restricted set the
double oracle may start from. :class:`TreeCFR` holds the state, iterates, reports and saves/loads a checkpoint.
:func:`reference_cfr_plus` is a plain-Python twin (dicts of numpy vectors, recursion) the kernel is tested against.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from liarlab.bluff.sparse_oracle import SparsePlan, Tree, closed, plans_bracket

__all__ = ["TreeCFR", "CFRReport", "cfr_plus_iterations", "average_plans", "seed_histories", "reach_of", "seed_checkpoint", "abstract_cfr", "abstract_seed", "plans_inside",
           "reference_cfr_plus"]


# --------------------------------------------------------------------------- the traversal kernel

@njit(cache=True, inline="always")
def _matching(R, m, t, n, d, S, L):
    """Regret matching+ at history m for hand d into S[L, :, d]: [0] the call (m > 0), [k] bid k (k = t+1..n);
    the other entries are not written."""
    out = S[L, :, d]
    tot = 0.0
    if m > 0:
        tot += max(R[m, d], 0.0)
    for k in range(t + 1, n + 1):
        tot += max(R[m | (np.int64(1) << (k - 1)), d], 0.0)
    n_act = n - t + (1 if m > 0 else 0)
    out[0] = 0.0
    if tot > 0.0:
        if m > 0:
            out[0] = max(R[m, d], 0.0) / tot
        for k in range(t + 1, n + 1):
            out[k] = max(R[m | (np.int64(1) << (k - 1)), d], 0.0) / tot
    else:
        if m > 0:
            out[0] = 1.0 / n_act
        for k in range(t + 1, n + 1):
            out[k] = 1.0 / n_act


@njit(cache=True)
def _traverse(p, n, Up, w_opp, Rp, Rq, Ap, weight):
    """One CFR+ traversal for player p: updates p's regrets Rp and average Ap (weight ``weight``) against the
    opponent's current strategy (regret matching+ on Rq). Returns (p's value, nodes visited)."""
    D = Rp.shape[1]
    E = Rq.shape[1]
    depth = n + 2
    nodes = np.zeros(depth, dtype=np.int64)
    tops = np.zeros(depth, dtype=np.int64)
    nxt = np.zeros(depth, dtype=np.int64)
    active = np.zeros(depth, dtype=np.bool_)   # the opponent's reach is > 0 for some hand
    ro = np.zeros((depth, D))
    rq = np.zeros((depth, E))
    sp = np.zeros((depth, n + 1, D))
    sq = np.zeros((depth, n + 1, E))
    optv = np.zeros((depth, n + 1, D))
    val = np.zeros((depth, D))
    visited = 0
    root_value = 0.0
    L = 0
    # frame 0: the empty history, the first mover to move
    for d in range(D):
        ro[0, d] = 1.0
    for e in range(E):
        rq[0, e] = 1.0
    init = True
    m_new = np.int64(0)
    t_new = 0
    while True:
        if init:
            # set up frame L for history m_new (its reach vectors already written to ro[L], rq[L])
            init = False
            visited += 1
            m = m_new
            t = t_new
            nodes[L] = m
            tops[L] = t
            nxt[L] = t + 1
            act = False
            for e in range(E):
                if rq[L, e] != 0.0:
                    act = True
                    break
            active[L] = act
            mover = L % 2
            if mover == p:
                for d in range(D):
                    _matching(Rp, m, t, n, d, sp, L)
                    optv[L, 0, d] = 0.0
                    for k in range(t + 1, n + 1):
                        optv[L, k, d] = 0.0
                if m > 0 and act:
                    # p calls at m; the opponent made the bid
                    for d in range(D):
                        acc = 0.0
                        for e in range(E):
                            acc += Up[t, 1 - p, d, e] * (w_opp[e] * rq[L, e])
                        optv[L, 0, d] = acc
            else:
                for e in range(E):
                    _matching(Rq, m, t, n, e, sq, L)
                for d in range(D):
                    val[L, d] = 0.0
                if m > 0 and act:
                    # the opponent calls at m the bid p made
                    for d in range(D):
                        acc = 0.0
                        for e in range(E):
                            acc += Up[t, p, d, e] * (w_opp[e] * rq[L, e] * sq[L, 0, e])
                        val[L, d] = acc
        m = nodes[L]
        t = tops[L]
        k = nxt[L]
        mover = L % 2
        if k <= n:
            nxt[L] = k + 1
            c = m | (np.int64(1) << (k - 1))
            any_o = False
            any_q = False
            if mover == p:
                for d in range(D):
                    x = ro[L, d] * sp[L, k, d]
                    ro[L + 1, d] = x
                    if x != 0.0:
                        any_o = True
                for e in range(E):
                    rq[L + 1, e] = rq[L, e]
                any_q = active[L]
            else:
                for d in range(D):
                    ro[L + 1, d] = ro[L, d]
                    if ro[L, d] != 0.0:
                        any_o = True
                for e in range(E):
                    x = rq[L, e] * sq[L, k, e]
                    rq[L + 1, e] = x
                    if x != 0.0:
                        any_q = True
            if any_o or any_q:
                L += 1
                m_new = c
                t_new = k
                init = True
            # else: neither reaches c, its value is 0 (optv already 0, nothing added to val)
            continue
        # every child done: finish frame L
        if mover == p:
            for d in range(D):
                v = 0.0
                for kk in range(t + 1, n + 1):
                    v += sp[L, kk, d] * optv[L, kk, d]
                if m > 0:
                    v += sp[L, 0, d] * optv[L, 0, d]
                val[L, d] = v
                if active[L]:
                    if m > 0:
                        Rp[m, d] = max(Rp[m, d] + optv[L, 0, d] - v, 0.0)
                    for kk in range(t + 1, n + 1):
                        c = m | (np.int64(1) << (kk - 1))
                        Rp[c, d] = max(Rp[c, d] + optv[L, kk, d] - v, 0.0)
                if ro[L, d] != 0.0:
                    x = weight * ro[L, d]
                    if m > 0:
                        Ap[m, d] += x * sp[L, 0, d]
                    for kk in range(t + 1, n + 1):
                        Ap[m | (np.int64(1) << (kk - 1)), d] += x * sp[L, kk, d]
        if L == 0:
            for d in range(D):
                root_value += val[0, d]
            break
        parent_mover = (L - 1) % 2
        if parent_mover == p:
            for d in range(D):
                optv[L - 1, t, d] = val[L, d]
        else:
            for d in range(D):
                val[L - 1, d] += val[L, d]
        L -= 1
    return root_value, visited


def cfr_plus_iterations(tree: Tree, R: list, A: list, start: int, iterations: int,
                        power: float = 1.0) -> tuple[int, int]:
    """Run CFR+ iterations ``start + 1 .. start + iterations`` in place on the regrets ``R = [R0, R1]`` and
    averages ``A = [A0, A1]`` (each (2^n, hands), float32 or float64, zeros to begin): in each, player 0's
    traversal, then player 1's against player 0's updated regrets; iteration t adds its reach-weighted strategy to
    the average with weight t ** ``power`` (1: CFR+'s linear averages; 2 converges faster here). Returns (the last iteration, histories visited in all)."""
    U = [np.ascontiguousarray(tree.payoffs_for(p), dtype=np.float64) for p in (0, 1)]
    w = [np.ascontiguousarray(tree.probs[p], dtype=np.float64) for p in (0, 1)]
    visited = 0
    for it in range(start + 1, start + iterations + 1):
        for p in (0, 1):
            _, v = _traverse(p, tree.n, U[p], w[1 - p], R[p], R[1 - p], A[p], float(it) ** power)
            visited += v
    return start + iterations, visited


# --------------------------------------------------------------------------- plans from the averages

@njit(cache=True)
def _plan_dfs(n, A, p, threshold, mark, pos, X):
    """Depth-first over the histories p's normalised (and thresholded) average reaches: mark them (``mark``), or,
    given ``pos`` (row of each marked history), write the plan X[d, pos[m]]."""
    D = A.shape[1]
    depth = n + 2
    fill = X.shape[1] > 0
    nodes = np.zeros(depth, dtype=np.int64)
    tops = np.zeros(depth, dtype=np.int64)
    nxt = np.zeros(depth, dtype=np.int64)
    r = np.zeros((depth, D))          # p's realization weight of reaching the history
    b = np.zeros((depth, n + 1, D))   # p's behaviour at the history where p moves
    for d in range(D):
        r[0, d] = 1.0
    L = 0
    init = True
    m_new = np.int64(0)
    t_new = 0
    while True:
        if init:
            init = False
            m = m_new
            t = t_new
            nodes[L] = m
            tops[L] = t
            nxt[L] = t + 1
            mark[m] = True
            if L % 2 == p:
                for d in range(D):
                    for k in range(n + 1):
                        b[L, k, d] = 0.0
                    if r[L, d] == 0.0:
                        continue
                    tot = A[m, d] if m > 0 else 0.0
                    for k in range(t + 1, n + 1):
                        tot += A[m | (np.int64(1) << (k - 1)), d]
                    n_act = n - t + (1 if m > 0 else 0)
                    if tot > 0.0:
                        if m > 0:
                            b[L, 0, d] = A[m, d] / tot
                        for k in range(t + 1, n + 1):
                            b[L, k, d] = A[m | (np.int64(1) << (k - 1)), d] / tot
                    else:
                        if m > 0:
                            b[L, 0, d] = 1.0 / n_act
                        for k in range(t + 1, n + 1):
                            b[L, k, d] = 1.0 / n_act
                    if threshold > 0.0:
                        kept = 0.0
                        for k in range(n + 1):
                            if b[L, k, d] < threshold:
                                b[L, k, d] = 0.0
                            kept += b[L, k, d]
                        for k in range(n + 1):
                            b[L, k, d] /= kept
                if fill and m > 0:
                    for d in range(D):
                        X[d, pos[m]] = r[L, d] * b[L, 0, d]
            elif fill:
                # p made the bid of m (or m is the root of player 1's plan): its weight is the reach
                for d in range(D):
                    X[d, pos[m]] = r[L, d]
        m = nodes[L]
        t = tops[L]
        k = nxt[L]
        if k <= n:
            nxt[L] = k + 1
            any_r = False
            for d in range(D):
                x = r[L, d] * b[L, k, d] if L % 2 == p else r[L, d]
                r[L + 1, d] = x
                if x != 0.0:
                    any_r = True
            if any_r:
                L += 1
                m_new = m | (np.int64(1) << (k - 1))
                t_new = k
                init = True
            continue
        if L == 0:
            break
        L -= 1


def average_plans(tree: Tree, A: list, threshold: float = 0.0) -> tuple:
    """The two average strategies as :class:`~liarlab.bluff.sparse_oracle.SparsePlan` over the histories they
    reach (prefix-closed; column 0, the empty sequence, 1). ``threshold``: at every information set, actions of
    conditional probability below it are dropped and the rest renormalised (a plan still: its bracket is
    certified as any other's)."""
    plans = []
    M = 1 << tree.n
    for p in (0, 1):
        mark = np.zeros(M, dtype=np.bool_)
        empty = np.zeros((tree.hands(p), 0))
        _plan_dfs(tree.n, A[p], p, float(threshold), mark, np.zeros(1, dtype=np.int64), empty)
        nodes = np.flatnonzero(mark).astype(np.int64)
        pos = np.full(M, -1, dtype=np.int64)
        pos[nodes] = np.arange(nodes.size)
        X = np.zeros((tree.hands(p), nodes.size))
        _plan_dfs(tree.n, A[p], p, float(threshold), mark, pos, X)
        X[:, 0] = 1.0
        plans.append(SparsePlan(p, nodes, X))
    return tuple(plans)


def _exploitability(tree: Tree, plans) -> tuple[float, float, float]:
    """(lower, upper, exploitability = upper - lower) of a pair of plans, by the exact best responses of
    :func:`liarlab.bluff.sparse_oracle.plans_bracket`: the round's value lies in [lower, upper]."""
    lower, upper = plans_bracket(tree, plans)
    return lower, upper, upper - lower


def reach_of(plan: SparsePlan) -> np.ndarray:
    """``reach[d, i]``: the plan's weight of arriving at history ``plan.nodes[i]`` with hand d (its sequence there
    where it made the last bid, else the sequence of its last bid before it; 1 at the root)."""
    from liarlab.bluff.sparse_oracle import index_in, mover_of, topbit_of

    m = plan.nodes
    own_bid = mover_of(m) != plan.player
    before = np.where(own_bid, m, m - topbit_of(m))
    return plan.X[:, index_in(m, before)]


def seed_histories(plans, weight: float = 0.0) -> np.ndarray:
    """The prefix-closed set of histories that BOTH plans reach with weight above ``weight`` (for some hand each):
    the play of the pair, the restricted set the double oracle starts from (``H0`` of
    :func:`liarlab.bluff.sparse_oracle._solve_certified`; it adds the deviations that matter itself)."""
    from liarlab.bluff.sparse_oracle import index_in

    common = np.intersect1d(plans[0].nodes, plans[1].nodes)
    ok = np.ones(common.size, dtype=bool)
    for plan in plans:
        ok &= reach_of(plan)[:, index_in(plan.nodes, common)].max(axis=0) > weight
    return closed(np.concatenate([[0], common[ok]]))


def plans_inside(tree: Tree, A: list, H: np.ndarray) -> tuple:
    """The averages ``A`` played inside the prefix-closed set ``H`` only: at each information set in H a player
    keeps the call and its bids into H (renormalised), and it calls wherever it is to move outside H. Plans small
    enough to store (H, and the children where the opponent leaves it), certified as any others; how the open cells'
    CFR+ brackets were stored (issue 53). ``A`` is left as it is; dense masks: 2^n flags and one copy of each array."""
    from liarlab.bluff.sparse_oracle import mover_of, topbit_of

    M = 1 << tree.n
    masks = np.arange(M, dtype=np.int64)
    mover = mover_of(masks)
    inside = np.zeros(M, dtype=bool)
    inside[np.asarray(H, dtype=np.int64)] = True
    parent_inside = inside[masks - topbit_of(masks)]
    out = []
    for p in (0, 1):
        a = A[p].copy()
        a[(mover == p) & ~inside] = 1.0                                          # its call outside H
        a[(mover != p) & (masks > 0) & ~(inside & parent_inside)] = 0.0          # no bid out of H
        out.append(a)
    return average_plans(tree, out, 0.0)


def seed_checkpoint(tree: Tree, plans, H0: np.ndarray, folder, seconds: float = 0.0) -> Path:
    """Write a :class:`~liarlab.bluff.sparse_oracle.Checkpoint` state from which
    :func:`~liarlab.bluff.sparse_oracle._solve_certified` (``checkpoint=folder``) starts: the restricted set ``H0``
    and, as the best bounds so far, the bracket the pair of plans certifies (their exact best responses), with those
    plans cut to their support; ``seconds`` (what finding them cost) is counted in the solve's time. Round 0, leg 0:
    the resumed solve's first round is round 1."""
    from liarlab.bluff.sparse_oracle import Checkpoint

    small = tuple(plan.on_support() for plan in plans)
    lower, upper = plans_bracket(tree, small)
    store = Checkpoint(folder, tree)
    store.save(H=closed(H0), X0=small[0], X1=small[1], lower=lower, upper=upper, iterations=0, legs=0,
               seconds=float(seconds), visited=0, lp_lower=float("nan"), lp_upper=float("nan"))
    return store.path


# --------------------------------------------------------------------------- the cheap seed: the standing-bid abstraction

def abstract_cfr(tree: Tree, iterations: int, power: float = 2.0) -> list:
    """Fixed-strategy-iteration CFR+ (Neller and Hnath's method for Dudo) on the imperfect-recall abstraction in
    which a player remembers only its own hand and the standing bid: node (t, p) is "bid t stands, p to move" (t = 0:
    the start), the histories that end in bid t at p's turn merged into one. The strategies are path-free, so the
    payoff from a node on, for each pair of hands, is one (hands0, hands1) matrix ``W[t, p]``, found backwards; the
    reach of each node forwards, summed over the merged paths. Regret matching+, alternating updates, averages
    weighted by t ** ``power``. Returns the average behaviour ``B[p][t, d, a]`` (a = 0 the call, a = k bid k).

    Not an equilibrium of the real game (it forgets the bids below the standing one); its play is a cheap guess of
    the histories an equilibrium uses (:func:`abstract_seed`)."""
    n = tree.n
    U = tree.U
    D = (tree.hands(0), tree.hands(1))
    w = tree.probs
    R = [np.zeros((n + 1, D[p], n + 1)) for p in (0, 1)]
    S = [np.zeros((n + 1, D[p], n + 1)) for p in (0, 1)]
    legal = np.zeros((n + 1, n + 1), dtype=bool)      # legal[t, a]
    for t in range(n + 1):
        legal[t, 0] = t > 0
        legal[t, t + 1:] = True

    def strategy(p):
        pos = np.maximum(R[p], 0.0) * legal[:, None, :]
        tot = pos.sum(axis=2, keepdims=True)
        uniform = legal[:, None, :] / legal.sum(axis=1)[:, None, None]
        return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), uniform)

    for it in range(1, iterations + 1):
        for p in (0, 1):
            sig = [strategy(0), strategy(1)]
            # forward: each player's reach of each node (t, mover), summed over the merged paths
            reach = [np.zeros((n + 1, 2, D[q])) for q in (0, 1)]
            reach[0][0, 0] = 1.0
            reach[1][0, 0] = 1.0
            for t in range(n + 1):
                for mv in (0, 1):
                    for k in range(t + 1, n + 1):
                        reach[mv][k, 1 - mv] += reach[mv][t, mv] * sig[mv][t, :, k]
                        reach[1 - mv][k, 1 - mv] += reach[1 - mv][t, mv]
            # backward: W[t, mover][d0, d1], the first mover's payoff from the node on
            W = np.zeros((n + 1, 2, D[0], D[1]))
            for t in range(n, -1, -1):
                for mv in (0, 1):
                    s = sig[mv][t]                                   # (D_mv, n + 1)
                    opt = np.zeros((n + 1, D[0], D[1]))
                    if t > 0:
                        opt[0] = U[t, 1 - mv]
                    for k in range(t + 1, n + 1):
                        opt[k] = W[k, 1 - mv]
                    weights = s.T[:, :, None] if mv == 0 else s.T[:, None, :]
                    W[t, mv] = (weights * opt).sum(axis=0)
                    if mv != p:
                        continue
                    # p's counterfactual value of each option at (t, p), for each own hand
                    sign = 1.0 if p == 0 else -1.0
                    q = 1 - p
                    rq = w[q] * reach[q][t, p]
                    cv = sign * (opt @ rq if p == 0 else np.einsum("ade,d->ae", opt, rq))   # (n + 1, D_p)
                    v = (s * cv.T).sum(axis=1)
                    R[p][t] = np.maximum(R[p][t] + (cv.T - v[:, None]) * legal[t][None, :], 0.0)
                    S[p][t] += float(it) ** power * reach[p][t, p][:, None] * s
    out = []
    for p in (0, 1):
        tot = S[p].sum(axis=2, keepdims=True)
        uniform = legal[:, None, :] / legal.sum(axis=1)[:, None, None]
        out.append(np.where(tot > 0, S[p] / np.where(tot > 0, tot, 1.0), uniform))
    return out


@njit(cache=True)
def _joint_dfs(n, B0, B1, weight, mark):
    """Mark every history that both players' behaviours B0, B1 (over (standing bid, hand, action)) reach with
    weight above ``weight`` for some hand each (depth first, pruned where either falls to it); returns the count."""
    D0 = B0.shape[1]
    D1 = B1.shape[1]
    depth = n + 2
    nodes = np.zeros(depth, dtype=np.int64)
    tops = np.zeros(depth, dtype=np.int64)
    nxt = np.zeros(depth, dtype=np.int64)
    r0 = np.ones((depth, D0))
    r1 = np.ones((depth, D1))
    nxt[0] = 1
    mark[0] = True
    L = 0
    count = 1
    while L >= 0:
        m = nodes[L]
        t = tops[L]
        k = nxt[L]
        if k > n:
            L -= 1
            continue
        nxt[L] = k + 1
        ok0 = False
        ok1 = False
        for d in range(D0):
            x = r0[L, d] * B0[t, d, k] if L % 2 == 0 else r0[L, d]
            r0[L + 1, d] = x
            ok0 = ok0 or x > weight
        for e in range(D1):
            x = r1[L, e] * B1[t, e, k] if L % 2 == 1 else r1[L, e]
            r1[L + 1, e] = x
            ok1 = ok1 or x > weight
        if ok0 and ok1:
            c = m | (np.int64(1) << (k - 1))
            mark[c] = True
            count += 1
            L += 1
            nodes[L] = c
            tops[L] = k
            nxt[L] = k + 1
    return count


def abstract_seed(tree: Tree, B: list, weight: float = 1e-3) -> np.ndarray:
    """The histories (sorted, prefix-closed) that both players' abstract behaviours (:func:`abstract_cfr`), played
    in the real tree, reach with weight above ``weight`` for some hand each: a restricted set H0 for the double
    oracle. Memory: one flag a history (2^n bytes)."""
    mark = np.zeros(1 << tree.n, dtype=np.bool_)
    _joint_dfs(tree.n, np.ascontiguousarray(B[0]), np.ascontiguousarray(B[1]), float(weight), mark)
    return np.flatnonzero(mark).astype(np.int64)


# --------------------------------------------------------------------------- the solver's state

@dataclass
class CFRReport:
    """One report line: iteration, certified bracket of the (thresholded) average plans, histories they reach."""

    iteration: int
    lower: float
    upper: float
    exploitability: float
    support: int            # histories either plan reaches
    seconds: float          # CFR+ seconds so far (best responses not counted)


class TreeCFR:
    """CFR+ on a round's whole tree: ``R[p]`` and ``A[p]`` over (history, hand) (``dtype`` float32 halves their
    memory: 4 * 2^n * (hands0 + hands1) bytes in all), iterated by :meth:`run`, checkpointed by :meth:`save` and
    :meth:`load`. ``power``: iteration t's weight in the averages is t ** power; CFR+'s linear weights (1) reach an
    exploitability of 1e-6 on one die each at N = 4 only after tens of thousands of iterations, quadratic ones (2, the
    default, as in Brown and Sandholm's discounted CFR) after hundreds."""

    def __init__(self, tree: Tree, dtype=np.float64, power: float = 2.0):
        self.tree = tree
        self.power = float(power)
        M = 1 << tree.n
        self.R = [np.zeros((M, tree.hands(p)), dtype=dtype) for p in (0, 1)]
        self.A = [np.zeros((M, tree.hands(p)), dtype=dtype) for p in (0, 1)]
        self.iteration = 0
        self.seconds = 0.0
        self.visited = 0

    @staticmethod
    def memory_bytes(tree: Tree, dtype=np.float64) -> int:
        """Bytes of the four arrays (check before allocating a large round)."""
        return 2 * (1 << tree.n) * (tree.hands(0) + tree.hands(1)) * np.dtype(dtype).itemsize

    def step(self, iterations: int = 1) -> None:
        t0 = time.perf_counter()
        self.iteration, visited = cfr_plus_iterations(self.tree, self.R, self.A, self.iteration, iterations,
                                                        self.power)
        self.visited += visited
        self.seconds += time.perf_counter() - t0

    def plans(self, threshold: float = 0.0) -> tuple:
        return average_plans(self.tree, self.A, threshold)

    def report(self, threshold: float = 0.0) -> CFRReport:
        plans = self.plans(threshold)
        lower, upper, gap = _exploitability(self.tree, plans)
        return CFRReport(self.iteration, lower, upper, gap, int(seed_histories(plans).size), self.seconds)

    def run(self, iterations: int, *, report_every: int = 0, threshold: float = 0.0, callback=None,
            target: float = 0.0, time_limit: float | None = None) -> CFRReport:
        """Iterate up to ``iterations`` more times; every ``report_every`` iterations (and at the end) compute the
        certified bracket of the thresholded averages and pass it to ``callback``; stop early once the
        exploitability is at most ``target`` or after ``time_limit`` seconds of this call. Returns the last report."""
        t0 = time.perf_counter()
        end = self.iteration + iterations
        rep = None
        while self.iteration < end:
            chunk = end - self.iteration if report_every <= 0 else min(report_every, end - self.iteration)
            self.step(chunk)
            done = self.iteration >= end or (time_limit is not None and time.perf_counter() - t0 >= time_limit)
            if report_every > 0 or done:
                rep = self.report(threshold)
                if callback is not None:
                    callback(rep)
                if rep.exploitability <= target:
                    break
            if done:
                break
        return rep if rep is not None else self.report(threshold)

    def save(self, path) -> Path:
        """Write the state (arrays, iteration, seconds) to ``path`` (.npy-in-.npz, uncompressed: it is large)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(tmp, R0=self.R[0], R1=self.R[1], A0=self.A[0], A1=self.A[1], iteration=self.iteration,
                 seconds=self.seconds, visited=self.visited, n=self.tree.n, power=self.power)
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, tree: Tree, path) -> TreeCFR:
        with np.load(path) as f:
            if int(f["n"]) != tree.n or f["R0"].shape != (1 << tree.n, tree.hands(0)) or \
                    f["R1"].shape != (1 << tree.n, tree.hands(1)):
                raise ValueError(f"{path} holds the CFR+ state of another round")
            out = cls.__new__(cls)
            out.tree = tree
            out.power = float(f["power"])
            out.R = [f["R0"].copy(), f["R1"].copy()]
            out.A = [f["A0"].copy(), f["A1"].copy()]
            out.iteration = int(f["iteration"])
            out.seconds = float(f["seconds"])
            out.visited = int(f["visited"])
        return out


# --------------------------------------------------------------------------- the plain-Python reference

def reference_cfr_plus(tree: Tree, iterations: int, power: float = 2.0):
    """The same CFR+ (alternating, regret matching+, linear averages) by plain recursion over dicts of numpy
    vectors (iteration t's weight in the averages t ** ``power``): returns (R0, R1, A0, A1) as dense (2^n, hands) arrays. For small rounds (tests) only."""
    n = tree.n
    M = 1 << n
    U = [tree.payoffs_for(p) for p in (0, 1)]
    w = list(tree.probs)
    R = [np.zeros((M, tree.hands(p))) for p in (0, 1)]
    A = [np.zeros((M, tree.hands(p))) for p in (0, 1)]

    def options(m):
        t = int(m).bit_length()
        return ([m] if m > 0 else []) + [m | (1 << (k - 1)) for k in range(t + 1, n + 1)]

    def strategy(Rx, m):
        opts = options(m)
        pos = np.maximum(Rx[opts], 0.0)
        tot = pos.sum(axis=0)
        return opts, np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), 1.0 / len(opts))

    def visit(p, m, depth, ro, rq, weight):
        t = int(m).bit_length()
        q = 1 - p
        if depth % 2 == p:
            opts, s = strategy(R[p], m)
            vals = []
            for j, o in enumerate(opts):
                if o == m:
                    vals.append(U[p][t, q] @ (w[q] * rq))
                else:
                    vals.append(visit(p, o, depth + 1, ro * s[j], rq, weight))
            vals = np.array(vals)
            v = (s * vals).sum(axis=0)
            R[p][opts] = np.maximum(R[p][opts] + vals - v, 0.0)
            A[p][opts] += weight * ro * s
            return v
        opts, s = strategy(R[q], m)
        v = np.zeros(tree.hands(p))
        for j, o in enumerate(opts):
            if o == m:
                v += U[p][t, p] @ (w[q] * rq * s[j])
            else:
                v += visit(p, o, depth + 1, ro, rq * s[j], weight)
        return v

    for it in range(1, iterations + 1):
        for p in (0, 1):
            visit(p, 0, 0, np.ones(tree.hands(p)), np.ones(tree.hands(1 - p)), float(it) ** power)
    return R[0], R[1], A[0], A[1]
