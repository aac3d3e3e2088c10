"""The double oracle over sets of histories (issues 18 and 27), with nothing the size of the whole tree.

LPs are solved on a growing, prefix-closed set H of public bid histories and every bound is certified by a
best response in the whole round (the double-oracle idea for extensive-form games, Bosansky et al. 2014). Two
forms of the restricted game:

* the **fringe** oracle (the default; :mod:`liarlab.bluff.oracle` tells its story): two restricted games
  G(P, H) a round, one for each certified player P, in which the opponent Q may step once out of H and P answer
  once; each LP is solved cold by scipy's HiGHS. Few rounds, large LPs.
* the **classic** oracle: one restricted game on H for both players, each calling wherever a history leaves H;
  its LP is re-solved warm from the last basis (:mod:`liarlab.bluff.warm_lp`). More rounds, LPs the size of H:
  the faster where the equilibrium needs few deviations answered (the end game of Liar's Dice), the slower where
  it needs many (one die each, the stairs convention).

Every array is over a *sorted set of histories*, and each best response runs over the histories the fixed plan
reaches. For the fringe oracle:

* the certified player P's plan calls wherever it moves outside H, so it reaches only the fringe tree
  T = H, its children and, where the opponent Q moves, their children (the nodes of the restricted game);
  a history outside T has P's reach 0 and adds 0 to Q's best response, whatever Q does below it;
* Q's LP plan, extended by calling outside T, reaches only T and the children of T where Q is to move.

So the memory and time of a certificate grow with |H| n^2, not 2^n (two dice each at N = 6 under the stairs
convention has 2^30 histories; its restricted sets hold thousands). The game is
given by its tree arithmetic alone: ``n`` bids, the movers alternate (the first mover at even-length
histories), a call at history m ends the round with payoff ``U[top(m), bidder, d0, d1]`` to the first
mover, and hand probabilities. Bluff rounds (:class:`liarlab.bluff.rounds.Round`) and the end game of
Liar's Dice (:mod:`liarlab.bluff.endgame`) are both such games.

:func:`_solve_certified` returns the bracket of best-response values (the round's value lies in it whatever
the LP did), the final plans on their supports (for the rational certificate of
:mod:`liarlab.bluff.rational`), |H|, the histories each best response visited, and the time.
"""
from __future__ import annotations

import hashlib
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from numba import njit

from liarlab.bluff.rounds import max_min_lp
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_real

__all__ = ["Tree", "SparsePlan", "SparseCertified", "Bracketed", "Checkpoint", "ORACLES", "DEFAULT_ORACLE", "plans_bracket",
           "closed"]


class Bracketed:
    """A certified value: the round's value to the first mover (+-1 units) lies in [lower, upper]."""

    @property
    def width(self) -> float:
        """Width of the certified bracket."""
        return self.upper - self.lower

    @property
    def opener_win(self) -> float:
        """Probability that the first mover wins: (1 + value) / 2."""
        return (1 + self.value) / 2


# --------------------------------------------------------------------------- history arithmetic on sets

def top_of(masks: np.ndarray) -> np.ndarray:
    """Highest bid in each history (0 for the empty history): the bit length of the mask."""
    masks = np.asarray(masks, dtype=np.int64)
    return np.where(masks > 0, np.frexp(masks.astype(np.float64))[1], 0).astype(np.int64)


def topbit_of(masks: np.ndarray) -> np.ndarray:
    t = top_of(masks)
    return np.where(t > 0, np.left_shift(np.int64(1), np.maximum(t - 1, 0)), 0).astype(np.int64)


def mover_of(masks: np.ndarray) -> np.ndarray:
    """0 (first mover) at even-length histories, 1 at odd."""
    return (np.bitwise_count(np.asarray(masks, dtype=np.int64).astype(np.uint64)) % 2).astype(np.int64)


def children(masks: np.ndarray, n: int) -> np.ndarray:
    """Sorted, unique children (one more, higher bid) of the histories ``masks``."""
    masks = np.asarray(masks, dtype=np.int64)
    if masks.size == 0:
        return masks
    t = top_of(masks)
    out = [masks[t < k] | (np.int64(1) << np.int64(k - 1)) for k in range(1, n + 1)]
    return np.unique(np.concatenate(out))


#: histories of at most this many bids are closed over a flag per history (2^24 flags: 16 MB), larger ones by sorting
DENSE_CLOSURE_MAX_BIDS = 24


def closed(masks: np.ndarray) -> np.ndarray:
    """``masks`` with all their prefixes (a prefix-closed, sorted set containing 0)."""
    masks = np.asarray(masks, dtype=np.int64)
    if masks.size and 0 <= masks.min() and int(masks.max()).bit_length() <= DENSE_CLOSURE_MAX_BIDS:
        # one flag per history, each prefix marked once: no sort per level (the plans of notebook 06 reach 10^5 masks)
        seen = np.zeros(1 << int(masks.max()).bit_length(), dtype=bool)
        seen[0] = True
        cur = masks
        while cur.size:
            cur = cur[~seen[cur]]
            seen[cur] = True
            cur = cur - topbit_of(cur)
        return np.flatnonzero(seen).astype(np.int64)
    out = [masks]
    cur = out[0]
    while cur.size:
        cur = np.unique(cur - topbit_of(cur))
        cur = cur[cur > 0]
        out.append(cur)
    return np.union1d(np.concatenate(out), [0]).astype(np.int64)


def member(S: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Whether each of ``masks`` is in the sorted set ``S``."""
    masks = np.asarray(masks, dtype=np.int64)
    if S.size == 0:
        return np.zeros(masks.shape, dtype=bool)
    i = np.minimum(np.searchsorted(S, masks), S.size - 1)
    return S[i] == masks


def index_in(S: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Positions of ``masks`` (all in S) in the sorted set ``S``."""
    return np.searchsorted(S, np.asarray(masks, dtype=np.int64))


def info_of(masks: np.ndarray, player: int) -> np.ndarray:
    """The history at which ``player`` chose each of its sequences (m itself for 'call at m' where it moves,
    the parent for the bid that made m)."""
    masks = np.asarray(masks, dtype=np.int64)
    return np.where(mover_of(masks) == player, masks, masks - topbit_of(masks))


@dataclass(frozen=True)
class Tree:
    """A round given by its tree arithmetic: ``n`` bids, hand probabilities, and the first mover's
    payoff ``U[k, bidder, d0, d1]`` after a call of bid k."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    n: int
    probs: tuple          # (probs0, probs1), float arrays
    U: np.ndarray

    @classmethod
    def of_round(cls, rnd, U) -> Tree:
        return cls(int(rnd.n), (np.asarray(rnd.probs[0], float), np.asarray(rnd.probs[1], float)),
                   np.ascontiguousarray(U, dtype=np.float64))

    @classmethod
    def of_game(cls, game) -> Tree:
        """A one-round game given by its rules alone (the end game of Liar's Dice,
        :class:`liarlab.bluff.endgame.EndGame`): ``game.n_bids``, ``game.hands(p) = (hands, exact probabilities)``
        and ``game.payoffs()``; the probabilities become floats here."""
        return cls(int(game.n_bids), tuple(np.array([float(x) for x in game.hands(p)[1]]) for p in (0, 1)),
                   np.ascontiguousarray(game.payoffs(), dtype=np.float64))

    def hands(self, player: int) -> int:
        return len(self.probs[player])

    def payoffs_for(self, player: int) -> np.ndarray:
        """[k, bidder, d_own, d_opp] from ``player``'s side."""
        return self.U if player == 0 else np.ascontiguousarray(-np.swapaxes(self.U, 2, 3))


@dataclass
class SparsePlan:
    """A realization plan over a sorted history set: ``X[d, i]`` is the weight of the player's sequence at
    history ``nodes[i]`` (see :mod:`liarlab.bluff.exact`: 'call at m' where it moves, else the bid that made
    m); the plan is 0 at every history not in ``nodes``."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    player: int
    nodes: np.ndarray
    X: np.ndarray

    def support(self) -> np.ndarray:
        return self.nodes[self.X.max(axis=0) > 0]

    def on_support(self) -> SparsePlan:
        """The same plan on the prefix-closed hull of its support: every best response to it, and its rational
        certificate, come out the same to the bit (a history outside adds exactly 0), and it is small enough to
        store (a few thousand histories where ``nodes`` may hold a million)."""
        nodes = closed(self.support())
        return SparsePlan(self.player, nodes, np.ascontiguousarray(self.X[:, index_in(self.nodes, nodes)]))


# --------------------------------------------------------------------------- best response over a set

@njit(cache=True, nogil=True)
def _best_response_kernel(n, S, top, mover, U_own, X_opp, probs_own, probs_opp, player, dense=False):
    """The best-response kernel over the sorted history set S (``dense``: S is every history 0..2^n - 1, so a
    child's row is its mask and no search is needed)."""
    K = S.size
    D = U_own.shape[2]
    E = U_own.shape[3]
    q = np.zeros((K, D))
    choice = np.zeros((K, D), dtype=np.int64)
    term = np.zeros(D)
    kid = np.zeros(n + 1, dtype=np.int64)
    for i in range(K - 1, -1, -1):
        m = S[i]
        t = top[i]
        if m > 0:
            bidder = 1 - mover[i]
            for d in range(D):
                s = 0.0
                for e in range(E):
                    s += U_own[t, bidder, d, e] * X_opp[e, i] * probs_opp[e]
                term[d] = s
        for k in range(t + 1, n + 1):
            c = m | (np.int64(1) << (k - 1))
            if dense:
                kid[k] = c
            else:
                j = np.searchsorted(S, c)
                kid[k] = j if (j < K and S[j] == c) else -1
        if mover[i] == player:
            for d in range(D):
                if m > 0:
                    best = term[d]
                    arg = 0
                else:
                    best = -np.inf
                    arg = -1
                for k in range(t + 1, n + 1):
                    v = q[kid[k], d] if kid[k] >= 0 else 0.0
                    if v > best:
                        best = v
                        arg = k
                q[i, d] = best
                choice[i, d] = arg
        else:
            for d in range(D):
                s = term[d] if m > 0 else 0.0
                for k in range(t + 1, n + 1):
                    if kid[k] >= 0:
                        s += q[kid[k], d]
                q[i, d] = s
    value = 0.0
    for d in range(D):
        value += probs_own[d] * q[0, d]
    return value, choice, q


def _best_response_sparse(tree: Tree, plan: SparsePlan, player: int):
    """``player``'s best response to the opponent's ``plan`` over ``plan.nodes`` (sorted, prefix-closed, and
    holding every history the opponent's plan reaches): (value, choice[i, d], q[i, d]) with the rows of
    ``choice`` and ``q`` over ``plan.nodes``. The twin of :func:`liarlab.bluff.cfr._best_response_numba`
    restricted to the histories that can matter: a history the plan never reaches is worth 0."""
    S = plan.nodes
    return _best_response_kernel(tree.n, S, top_of(S), mover_of(S), tree.payoffs_for(player),
                      np.ascontiguousarray(plan.X, dtype=np.float64), tree.probs[player].astype(np.float64),
                      tree.probs[1 - player].astype(np.float64), player)


# --------------------------------------------------------------------------- the restricted games G(P, H)

def plans_bracket(tree: Tree, plans) -> tuple[float, float]:
    """The bracket a pair of plans certifies: [what the first mover's plan guarantees against a best response,
    what the second mover's plan concedes to one] (exact best responses over the plans' histories; the value of
    the game lies inside, whatever found the plans)."""
    return -_best_response_sparse(tree, plans[0], 1)[0], _best_response_sparse(tree, plans[1], 0)[0]


def fringe_tree(n: int, H: np.ndarray, P: int) -> np.ndarray:
    """Sorted nodes of G(P, H): H, its children, and the children of those children where Q moves."""
    kids = np.setdiff1d(children(H, n), H)
    q_kids = kids[mover_of(kids) != P]
    grand = children(q_kids, n)
    return np.unique(np.concatenate([H, kids, grand]))


def _infosets(T: np.ndarray, player: int) -> np.ndarray:
    """The histories of T where ``player`` moves: its information sets, one per hand at each (the empty history
    is the first mover's)."""
    return T[mover_of(T) == player]


def _constraints(T: np.ndarray, player: int, n_hands: int, seqs: np.ndarray | None = None):
    """E with E x = e over the sequences of ``player`` in tree T (sequence i of node T[i], i >= 1), or, given
    ``seqs`` (a sorted part of T[1:] closed under the player's parent sequences), over those alone."""
    Ts = T[1:] if seqs is None else seqs
    K = len(Ts)
    infosets = _infosets(T, player) if seqs is None else np.unique(info_of(Ts, player))
    per_hand = len(infosets)
    info = info_of(Ts, player)
    rank = np.searchsorted(infosets, info)
    pos_Ts = np.arange(K)
    hand = np.arange(n_hands)[:, None]
    seq_rows = 1 + hand * per_hand + rank[None, :]
    seq_cols = 1 + hand * K + pos_Ts[None, :]
    parent = infosets - topbit_of(infosets)
    ppos = np.searchsorted(Ts, parent)
    parent_cols = np.where(parent[None, :] == 0, 0, 1 + hand * K + ppos[None, :])
    parent_rows = 1 + hand * per_hand + np.arange(per_hand)[None, :]
    rows = np.concatenate([[0], seq_rows.ravel(), parent_rows.ravel()])
    cols = np.concatenate([[0], seq_cols.ravel(), parent_cols.ravel()])
    vals = np.concatenate([[1.0], np.ones(seq_rows.size), -np.ones(parent_rows.size)])
    return sp.csr_matrix((vals, (rows, cols)), shape=(1 + n_hands * per_hand, 1 + n_hands * K))


def _undominated_rows(tree: Tree, T: np.ndarray, P: int) -> np.ndarray:
    """Indices of Q's sequences to keep: at a history of T where Q moves, an option that ends the round (a call,
    or a bid to a leaf of T where P can only call) whose payoff to Q is at most another's for every pair of hands
    is dropped. The LP value is unchanged."""
    Q = 1 - P
    n, D = tree.n, tree.hands(Q)
    K = len(T) - 1
    UQ = tree.payoffs_for(Q)
    Ts = T[1:]
    parents = np.unique(Ts - topbit_of(Ts))
    drop = np.zeros(1 + D * K, dtype=bool)
    nodes = Ts[mover_of(Ts) == Q]
    tops = top_of(nodes)
    for t in np.unique(tops):
        cs = nodes[tops == t]
        opts = np.concatenate([UQ[t, P][None], UQ[t + 1:, Q]], axis=0)     # (options, d_Q, d_P)
        kids = cs[:, None] | (np.int64(1) << np.arange(t, n, dtype=np.int64))[None, :]
        leaf = np.zeros(kids.shape, dtype=bool)
        if kids.size:
            leaf = member(T, kids) & ~member(parents, kids)
        S = np.concatenate([np.ones((len(cs), 1), dtype=bool), leaf], axis=1)
        idx = np.arange(opts.shape[0])
        for d in range(D):
            V = opts[:, d, :]
            ge = (V[None, :, :] >= V[:, None, :]).all(axis=2)
            gt = (V[None, :, :] > V[:, None, :]).any(axis=2)
            dom = ge & (gt | (idx[None, :] < idx[:, None])) & (idx[None, :] != idx[:, None])
            if not dom.any():
                continue
            dropped = S & (S[:, None, :] & dom[None]).any(axis=2)
            ci, oi = np.nonzero(dropped)
            seqs = np.where(oi == 0, cs[ci], cs[ci] | (np.int64(1) << np.maximum(t + oi - 1, 0)))
            drop[1 + d * K + np.searchsorted(Ts, seqs)] = True
    return np.flatnonzero(~drop)


def _fringe_lp(tree: Tree, T: np.ndarray, P: int, H: np.ndarray | None = None, also_keep=None):
    """(B^T, E_P, E_Q, keep, P's sequence nodes) of max_x min_y x'By for P in the tree T (``also_keep``: indices of
    Q's sequences kept even where dominated).

    Given ``H``, the lean form: P's forced calls (at the histories of T outside H where P moves, all leaves)
    are not variables of their own; each is its parent sequence's (it has that sequence's weight), so the call's
    payoff is put on that sequence. The same LP value on far fewer columns (the grandchildren of H dominate
    T). Without ``H`` every node of T has a sequence of P (the form the chain's tables were computed with)."""
    Q = 1 - P
    Ts = T[1:]
    K = len(Ts)
    D = [tree.hands(0), tree.hands(1)]
    UP = tree.payoffs_for(P)
    w = tree.probs[P][:, None] * tree.probs[Q][None, :]
    vals = w[None] * UP[top_of(Ts), 1 - mover_of(Ts)]     # (K, D_P, D_Q)
    k = np.arange(K)[:, None, None]
    rows = 1 + np.arange(D[Q])[None, None, :] * K + k
    if H is None:
        seqs = Ts
        col_of = np.arange(K)
    else:
        forced = (mover_of(Ts) == P) & ~member(H, Ts)
        seqs = Ts[~forced]
        parent = Ts - topbit_of(Ts)
        col_of = np.where(forced, np.where(parent > 0, index_in(seqs, parent), -1), index_in(seqs, Ts))
    Kp = len(seqs)
    cols = np.where(col_of[:, None, None] < 0, 0, 1 + np.arange(D[P])[None, :, None] * Kp + col_of[:, None, None])
    Bt = sp.csr_matrix((vals.ravel(), (np.broadcast_to(rows, vals.shape).ravel(),
                                       np.broadcast_to(cols, vals.shape).ravel())),
                       shape=(1 + D[Q] * K, 1 + D[P] * Kp))
    keep = _undominated_rows(tree, T, P)
    if also_keep is not None:
        keep = np.union1d(keep, also_keep)
    F = _constraints(T, Q, D[Q])
    E = _constraints(T, P, D[P], None if H is None else seqs)
    return Bt[keep], E, F[:, keep], keep, seqs


def _full_plan(T: np.ndarray, seqs: np.ndarray, x: np.ndarray, n_hands: int) -> np.ndarray:
    """A lean LP plan ``x`` (over ``seqs``) as a plan over every node of T: a forced call has its parent
    sequence's weight (the empty sequence's, 1, at the root)."""
    Ts = T[1:]
    if len(seqs) == len(Ts):
        return x
    parent = Ts - topbit_of(Ts)
    inside = member(seqs, Ts)
    src = np.where(inside, index_in(seqs, Ts), index_in(seqs, parent))
    xs = x[1:].reshape(n_hands, len(seqs))
    z = np.empty(1 + n_hands * len(Ts))
    z[0] = x[0]
    full = xs[:, np.minimum(src, max(len(seqs) - 1, 0))]
    full[:, ~inside & (parent == 0)] = x[0]
    z[1:] = full.ravel()
    return z


# --------------------------------------------------------------------------- plans on sets

def plan_calling_outside(tree: Tree, decided_set: np.ndarray, nodes: np.ndarray, T: np.ndarray, z: np.ndarray,
                         player: int) -> SparsePlan:
    """An LP plan ``z`` over the sequences of tree T as a plan of the whole round on ``nodes`` (a sorted,
    prefix-closed superset of T): the player chooses as the plan says at its histories in ``decided_set``
    and calls wherever it moves outside it. Behaviour is re-normalised at every information set, so the
    result is a valid realization plan whatever the LP's rounding."""
    D = tree.hands(player)
    n = tree.n
    K = len(nodes)
    Ts = T[1:]
    X = np.zeros((D, K))
    X[:, 0] = 1.0
    X[:, index_in(nodes, Ts)] = np.maximum(z[1:].reshape(D, len(Ts)), 0.0)
    mover = mover_of(nodes)
    info = info_of(nodes, player)
    info_i = index_in(nodes, info)
    parent = info - topbit_of(info)
    parent_i = index_in(nodes, parent)
    own_nodes = mover == player
    t_info = top_of(info)
    actions = (n - t_info) + (info > 0)
    decided = member(decided_set, info) & member(T, nodes)
    decided[0] = False
    B = np.zeros((D, K))
    reach = X[:, parent_i]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(reach > 0, X / np.where(reach > 0, reach, 1.0), (1.0 / np.maximum(actions, 1))[None, :])
    B[:, decided] = ratio[:, decided]
    outside = own_nodes & ~member(decided_set, nodes)
    outside[0] = False
    B[:, outside] = 1.0
    # normalise each information set's probabilities (over the sequences present in ``nodes``)
    totals = np.zeros((D, K))
    for d in range(D):
        totals[d] = np.bincount(info_i[1:], weights=B[d, 1:], minlength=K)
    denom = totals[:, info_i]
    B = np.where(denom > 0, B / np.where(denom > 0, denom, 1.0), 0.0)
    B[:, 0] = 0.0
    # realization plan: product along the player's own sequences, parents first
    Xp = np.zeros((D, K))
    Xp[:, 0] = 1.0
    depth = np.bitwise_count(nodes.astype(np.uint64)).astype(np.int64)
    for level in range(1, int(depth.max(initial=0)) + 1):
        sel = np.flatnonzero(depth == level)
        Xp[:, sel] = Xp[:, parent_i[sel]] * B[:, sel]
    return SparsePlan(player, nodes, Xp)


def _frontier(tree: Tree, H: np.ndarray, choice: np.ndarray, S: np.ndarray, X_opp: SparsePlan,
              player: int) -> np.ndarray:
    """Histories outside H that ``player``'s best response (``choice`` over the rows of S) bids into, on paths
    the opponent's plan reaches."""
    n = tree.n
    D = choice.shape[1]
    reach = np.zeros((len(H), D), dtype=bool)
    reach[0] = True
    opp_plays = X_opp.X[:, index_in(X_opp.nodes, H)].max(axis=0) > 0
    H_in_S = index_in(S, H)
    tops = top_of(H)
    mov = mover_of(H)
    new = []
    for t in range(0, n):
        gi = np.flatnonzero(tops == t)
        if gi.size == 0:
            continue
        live = reach[gi].any(axis=1)
        gi = gi[live]
        if gi.size == 0:
            continue
        G = H[gi]
        own = mov[gi] == player
        go = gi[own]
        if go.size:
            a = choice[H_in_S[go]]
            bids = (a > 0) & reach[go]
            r, di = np.nonzero(bids)
            child = H[go[r]] | (np.int64(1) << (a[r, di] - 1))
            inside = member(H, child)
            ci = index_in(H, child[inside])
            reach[ci, di[inside]] = True
            new.append(child[~inside])
        gp = gi[~own]
        for k in range(t + 1, n + 1):
            child = H[gp] | (np.int64(1) << np.int64(k - 1))
            ok = member(H, child)
            if ok.any():
                ci = index_in(H, child[ok])
                ok2 = opp_plays[ci]
                if ok2.any():
                    reach[ci[ok2]] |= reach[gp[ok][ok2]]
        del G
    return np.unique(np.concatenate(new)) if new else np.zeros(0, dtype=np.int64)


def _certify(tree: Tree, H: np.ndarray, P: int, tolerance: float, method: str, lean: bool = False):
    """Solve G(P, H); return (lp value to P, certified value to P, P's plan, new histories, visited)."""
    Q = 1 - P
    n = tree.n
    T = fringe_tree(n, H, P)
    Bt, E, F, keep, seqs = _fringe_lp(tree, T, P, H if lean else None)
    lp_value, x, y_kept, _ = max_min_lp(Bt, E, F, tolerance, method)
    x = _full_plan(T, seqs, x, tree.hands(P))
    y = np.zeros(1 + tree.hands(Q) * (len(T) - 1))
    y[keep] = y_kept
    X = plan_calling_outside(tree, H, T, T, x, P)       # P calls outside H: reaches only T
    br, choice, _ = _best_response_sparse(tree, X, Q)
    visited = len(T)
    in_H_T = member(H, T)
    out = T[~in_H_T]
    new = [_frontier(tree, H, choice, T, X, Q)]
    kids = out[member(H, out - topbit_of(out)) & (mover_of(out) == Q)]
    new.append(kids[X.X[:, index_in(T, kids)].max(axis=0) > 1e-12])
    f = np.zeros(F.shape[0])
    f[0] = 1.0
    if np.abs(F @ y_kept - f).max() <= 1e-7:
        p_nodes = T[mover_of(T) == P]
        S = np.union1d(T, children(p_nodes, n))              # Q calls outside T
        Y = plan_calling_outside(tree, T, S, T, y, Q)
        _, choice_p, _ = _best_response_sparse(tree, Y, P)
        forced = out[mover_of(out) == P]
        fi = index_in(S, forced)
        keep_f = Y.X[:, fi].max(axis=0) > 1e-12
        forced, fi = forced[keep_f], fi[keep_f]
        new.append(forced[(choice_p[fi] > 0).any(axis=1)])
        visited = max(visited, len(S))
    return lp_value, -br, X, np.unique(np.concatenate(new)), visited, len(T)


# --------------------------------------------------------------------------- the classic double oracle on H

def _keys(nodes: np.ndarray, hands: int, n: int, offset: int = 0) -> np.ndarray:
    """Integer names of the per-hand sequences (or information sets) at ``nodes``, the empty one first: the
    order of :func:`_constraints`' columns and rows. Distinct for every (hand, history) and stable as H grows, so
    a warm-started LP can carry each one's basis status over."""
    per_hand = ((np.arange(hands, dtype=np.int64)[:, None] + 1) << np.int64(n)) | nodes[None, :]
    return np.r_[np.int64(offset), np.int64(offset) + per_hand.ravel()]


class _ClassicLP:
    """The restricted game on H (both players; calls wherever a history leaves H) as one warm-started LP. The
    maximiser is the player with fewer hands (its plan from the columns, the other's from the duals): the LP
    then has the fewer columns, which the dual simplex re-solves far faster (three dice against one at N = 6:
    56 hands against 6). Rows of the minimiser's sequences once kept stay kept, so the last basis always fits
    the next LP."""

    def __init__(self, tree: Tree, tolerance: float):
        from liarlab.bluff.warm_lp import WarmMaxMinLP

        if tree.n + 8 > 62:
            raise ValueError(f"{tree.n} bids: too many for the LP's integer keys")
        self.tree = tree
        self.P = 1 if tree.hands(1) < tree.hands(0) else 0
        self.lp = WarmMaxMinLP(tolerance)
        self.tolerance = tolerance
        self.offset = 1 << (tree.n + 7)        # above every sequence key: information sets' keys
        self.kept = np.zeros(0, dtype=np.int64)

    def solve(self, H: np.ndarray):
        """(LP value to the first mover, player 0's plan, player 1's plan), the plans over H's sequences."""
        tree, n, off, P = self.tree, self.tree.n, self.offset, self.P
        Q = 1 - P
        Ts = H[1:]
        DP, DQ = tree.hands(P), tree.hands(Q)
        q_keys = _keys(Ts, DQ, n)
        Bt, E, F, keep, _ = _fringe_lp(tree, H, P, also_keep=np.flatnonzero(member(self.kept, q_keys)))
        self.kept = q_keys[keep]
        columns = np.r_[_keys(Ts, DP, n), _keys(_infosets(H, Q), DQ, n, off)]
        rows = np.r_[self.kept, _keys(_infosets(H, P), DP, n, off)]
        value, x, y_kept = self.lp.solve(Bt, E, F, columns, rows)
        f = np.zeros(F.shape[0])
        f[0] = 1.0
        if np.abs(F @ y_kept - f).max() > 1e-7:      # the duals are not a plan: solve for the minimiser's side
            _, y_kept, _, _ = max_min_lp(-Bt.T.tocsr(), F, E, self.tolerance, "highs-ds")
        y = np.zeros(1 + DQ * len(Ts))
        y[keep] = y_kept
        return (value, x, y) if P == 0 else (-value, y, x)


def _certify_classic(tree: Tree, H: np.ndarray, lp: _ClassicLP):
    """Solve the restricted game on H; return (lp value twice, certified lower, certified upper, player 0's
    plan, player 1's plan, new histories, histories visited, nodes of the restricted game). Each plan calls
    wherever it leaves H, so it reaches H and the children of the opponent's histories in H; each best response
    runs over those."""
    n = tree.n
    value, x, y = lp.solve(H)
    S0 = np.union1d(H, children(H[mover_of(H) == 1], n))
    X = plan_calling_outside(tree, H, S0, H, x, 0)
    br1, choice1, _ = _best_response_sparse(tree, X, 1)
    S1 = np.union1d(H, children(H[mover_of(H) == 0], n))
    Y = plan_calling_outside(tree, H, S1, H, y, 1)
    br0, choice0, _ = _best_response_sparse(tree, Y, 0)
    new = np.union1d(_frontier(tree, H, choice1, S0, X, 1), _frontier(tree, H, choice0, S1, Y, 0))
    return value, value, -br1, br0, X, Y, new, max(len(S0), len(S1)), len(H)


# --------------------------------------------------------------------------- the solver

@dataclass
class SparseCertified(Bracketed):
    """One round solved by the sparse double oracle (first mover's +-1 units)."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    value: float
    lower: float
    upper: float
    lp_lower: float
    lp_upper: float
    n_bids: int
    restricted_histories: int     # |H| at the end
    visited: int                  # most histories one best response ran over (the fringe tree and its kids)
    lp_nodes: int                 # nodes of the last restricted game G(P, H)
    iterations: int
    seconds: float
    H: np.ndarray = field(repr=False, default=None)
    plans: tuple = field(repr=False, default=())   # (first mover's plan, second mover's plan): SparsePlan
    legs: int = 1                 # calls that made it (a solve resumed from a checkpoint adds one per call)

    @property
    def histories(self) -> int:
        return 1 << self.n_bids


#: the two forms of the double oracle (see :func:`_solve_certified`)
ORACLES = ("fringe", "classic")
#: the one default of every entry point that solves an end game or a round by the double oracle: the classic
#: oracle's warm-started LPs are far faster on large rounds (two dice each at N = 6: minutes, not most of an hour)
DEFAULT_ORACLE = "classic"


class Checkpoint:
    """A long solve's state in a folder (``state.npz``), so that it can stop and go on: the restricted set H, the
    best bounds and the plans that give them, the iterations, seconds and legs so far, and a fingerprint of the
    tree, so that a state is never resumed on another game. Written to a temporary file, then renamed, so a solve
    killed mid-write leaves the last whole state."""

    FILE = "state.npz"

    def __init__(self, folder, tree: Tree):
        self.folder = Path(folder)
        self.path = self.folder / self.FILE
        digest = hashlib.sha256(np.ascontiguousarray(tree.U).tobytes())
        for probs in tree.probs:
            digest.update(np.ascontiguousarray(probs, dtype=np.float64).tobytes())
        self.fingerprint = f"{tree.n}:{digest.hexdigest()[:32]}"

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, *, H, X0, X1, **numbers) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        arrays = {"H": np.asarray(H, dtype=np.int64), "fingerprint": np.array(self.fingerprint)}
        for name, plan in (("X0", X0), ("X1", X1)):
            if plan is not None:
                arrays[f"{name}_player"] = np.array(plan.player)
                arrays[f"{name}_nodes"] = plan.nodes
                arrays[f"{name}_X"] = plan.X
        arrays.update({k: np.array(v) for k, v in numbers.items()})
        tmp = self.folder / (self.FILE + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        os.replace(tmp, self.path)

    def load(self) -> dict:
        with np.load(self.path) as data:
            if str(data["fingerprint"]) != self.fingerprint:
                raise ValueError(f"the checkpoint in {self.folder} belongs to another game (its fingerprint "
                                 f"{str(data['fingerprint'])} is not this tree's {self.fingerprint})")
            out = {"H": data["H"]}
            for name in ("X0", "X1"):
                out[name] = (SparsePlan(int(data[f"{name}_player"]), data[f"{name}_nodes"], data[f"{name}_X"])
                             if f"{name}_X" in data else None)
            for key in ("lower", "upper", "seconds", "lp_lower", "lp_upper"):
                out[key] = float(data[key])
            for key in ("iterations", "legs", "visited"):
                out[key] = int(data[key])
        return out


def _use_threads(threads):
    if threads is not None:
        return bool(threads)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores >= 2


def _fringe_round(tree: Tree, H: np.ndarray, tolerance: float, method: str, lean: bool, threads: bool):
    """One round of the fringe-aware oracle: G(0, H) and G(1, H), in two threads if asked; the same tuple as
    :func:`_certify_classic`, bounds to the first mover."""
    if threads:
        with ThreadPoolExecutor(2) as pool:
            jobs = [pool.submit(_certify, tree, H, P, tolerance, method, lean) for P in (0, 1)]
            r0, r1 = [j.result() for j in jobs]
    else:
        r0, r1 = (_certify(tree, H, P, tolerance, method, lean) for P in (0, 1))
    lp0, g0, X0, new0, v0, k0 = r0
    lp1, g1, X1, new1, v1, k1 = r1
    return lp0, -lp1, g0, -g1, X0, X1, np.union1d(new0, new1), max(v0, v1), max(k0, k1)


def _solve_certified(tree: Tree, *, target: float = 1e-10, tolerance: float = 1e-10, max_iterations: int = 500,
                     method: str = "highs-ds", H0=None, threads: bool | None = None, lean: bool = False,
                     oracle: str = DEFAULT_ORACLE, log=None, checkpoint=None,
                     time_limit: float | None = None) -> SparseCertified:
    """The round solved and certified by the double oracle over sets of histories.

    ``oracle``: ``"fringe"``, two restricted games G(P, H) a round, each letting the opponent step once out of
    H (few rounds, large LPs, solved cold by scipy); ``"classic"``, one restricted game on H for both players
    (more rounds, LPs the size of H, each re-solved by HiGHS from the last basis: :mod:`liarlab.bluff.warm_lp`).
    Both certify the bracket by best responses in the whole round; the classic one is far faster on large
    rounds (two dice each at N = 6: minutes, not the better part of an hour), but it may end at another
    equilibrium, so a bracket's last bits differ.

    ``lean``: restricted games in the lean form (P's forced calls folded into their parent sequences, see
    :func:`_fringe_lp`): the same bounds in exact arithmetic, found faster and in less memory, but HiGHS may
    return another of the equilibria, so the last bits of a bracket and the histories H grows by may differ
    from the default form's.

    ``checkpoint``: a folder where the solve's state (the restricted set H, the best bounds and their plans, the
    iterations and seconds so far) is written after every round; a solve given a folder that holds a state of the
    same tree resumes from it, and its iterations and seconds add up every leg (``legs`` counts them).
    ``time_limit``: stop after the round that passes this many seconds of this leg, with the bracket reached (a
    later call with the same ``checkpoint`` goes on from there). The fringe oracle resumes exactly where it stopped;
    the classic one re-solves its first LP cold, so a resumed classic solve may end at another equilibrium (the
    same value, other last bits of the bracket)."""
    t0 = time.perf_counter()
    n = tree.n
    if oracle not in ORACLES:
        raise ValueError(f"oracle must be 'fringe' or 'classic', not {oracle!r}")
    # a NaN target never closes the bracket (the restricted set grows to the whole round), and HiGHS takes no
    # tolerance outside [1e-10, inf): both refused here, the one loop every double oracle runs
    check_real("target", target, 1e-10)
    check_real("tolerance", tolerance, 1e-10)
    singles = np.int64(1) << np.arange(n, dtype=np.int64)
    H = closed(np.concatenate([[0], singles])) if H0 is None else closed(H0)
    threads = _use_threads(threads)
    lower, upper = -np.inf, np.inf
    X0 = X1 = None
    visited = lp_nodes = 0
    lp_lower = lp_upper = np.nan
    done, before, legs = 0, 0.0, 1
    store = Checkpoint(checkpoint, tree) if checkpoint is not None else None
    if store is not None and store.exists():
        state = store.load()
        H, lower, upper, X0, X1 = state["H"], state["lower"], state["upper"], state["X0"], state["X1"]
        done, before, legs, visited = state["iterations"], state["seconds"], state["legs"] + 1, state["visited"]
        lp_lower, lp_upper = state["lp_lower"], state["lp_upper"]
        if log is not None:
            log(f"resumed after {done} iterations ({before:.1f} s): |H| = {len(H):,}, bracket [{lower:.12f}, "
                f"{upper:.12f}]")
    classic = _ClassicLP(tree, tolerance) if oracle == "classic" else None
    iteration = done
    for iteration in range(done + 1, max_iterations + 1):
        if upper - lower <= target:      # a resumed solve that had already closed
            iteration -= 1
            break
        t1 = time.perf_counter()
        if classic is not None:
            step = _certify_classic(tree, H, classic)
        else:
            step = _fringe_round(tree, H, tolerance, method, lean, threads)
        lp0, lp1, g0, g1, X0i, X1i, new, v, lp_nodes = step
        visited = max(visited, v)
        if g0 > lower:
            lower, X0 = g0, X0i
        if g1 < upper:
            upper, X1 = g1, X1i
        lp_lower, lp_upper = lp0, lp1
        if log is not None:
            log(f"iteration {iteration}: |H| = {len(H):,}, bracket [{lower:.12f}, {upper:.12f}] "
                f"(LP [{lp0:.12f}, {lp1:.12f}]), {time.perf_counter() - t1:.2f} s")
        closed_now = upper - lower <= target
        if not closed_now:
            new = np.setdiff1d(new, H)
            if new.size == 0:
                new = np.setdiff1d(children(H, n), H)
            closed_now = new.size == 0
            if not closed_now:
                H = closed(np.union1d(H, new))
        if store is not None:
            store.save(H=H, lower=lower, upper=upper, X0=X0, X1=X1, iterations=iteration, legs=legs,
                       seconds=before + time.perf_counter() - t0, visited=visited, lp_lower=lp_lower,
                       lp_upper=lp_upper)
        if closed_now or (time_limit is not None and time.perf_counter() - t0 >= time_limit):
            break
    return SparseCertified(value=(lower + upper) / 2, lower=lower, upper=upper, lp_lower=lp_lower,
                           lp_upper=lp_upper, n_bids=n, restricted_histories=len(H), visited=visited,
                           lp_nodes=lp_nodes, iterations=iteration, seconds=before + time.perf_counter() - t0, H=H,
                           plans=(X0, X1), legs=legs)
