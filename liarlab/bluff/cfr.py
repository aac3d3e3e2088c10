"""numba kernels on one Bluff round's bitmask history tree: exact best response and CFR+ (issue 18).

The tree is that of :class:`liarlab.bluff.rounds.Round`: history ``m`` is a bitmask of the bids made
(bit k-1 for bid k), the opener moves at even popcount, the children of ``m`` are ``m | 1 << (k-1)``
for bids k above its top bid, and "call at m" ends the round with payoff ``U[top(m), bidder, d0, d1]``
to the opener. A parent always has a smaller mask than its children, so a pass over masks in
increasing order is a forward (reach) pass and in decreasing order a backward (value) pass.

Tables follow the module doc of :mod:`liarlab.bluff.exact`: for player p, entry ``[m, d]`` is the
sequence "call at m" when p moves at m, and "the bid that made m" when p made m's last bid.

* :func:`_best_response_numba` is the compiled twin of :func:`liarlab.bluff.rounds.best_response`
  (the pure-numpy reference it is tested against).
* :func:`cfr_plus` runs CFR+ (regret matching+, simultaneous updates, linearly weighted averages)
  vectorised over both players' hands and returns the average realization plans.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from liarlab.bluff.rounds import Round, payoffs_for
from liarlab.bluff.sparse_oracle import _best_response_kernel


def tree_arrays(rnd: Round):
    """(mover, top, topbit) as int64 arrays for the kernels."""
    return (rnd.mover.astype(np.int64), rnd.top.astype(np.int64), rnd.topbit.astype(np.int64))


def _best_response_numba(rnd: Round, U_own: np.ndarray, X_opp: np.ndarray, player: int):
    """Same contract as :func:`liarlab.bluff.rounds.best_response`: (value, choice[m, d]). The kernel is the one of
    :func:`liarlab.bluff.sparse_oracle._best_response_sparse`, run over every history."""
    mover, top, _ = tree_arrays(rnd)
    value, choice, _ = _best_response_kernel(rnd.n, np.arange(rnd.M, dtype=np.int64), top, mover,
                                  np.ascontiguousarray(U_own, dtype=np.float64),
                                  np.ascontiguousarray(X_opp, dtype=np.float64), rnd.probs[player].astype(np.float64),
                                  rnd.probs[1 - player].astype(np.float64), player, True)
    return value, choice


@njit(cache=True, inline="always")
def _call_values(U_own, t, bidder, m, w, r, s, opp_moves, T):
    """One player's value of "call at m" for each own hand d: the sum over the opponent's hands e of
    ``U_own[t, bidder, d, e]`` times the opponent's chance ``w[e]``, its reach ``r[m, e]`` and, when the
    opponent moves at m (``opp_moves``), its probability ``s[m, e]`` of calling there."""
    u = U_own[t, bidder]
    for d in range(T.size):
        acc = 0.0
        if opp_moves:
            for e in range(w.size):
                acc += u[d, e] * (w[e] * r[m, e] * s[m, e])
        else:
            for e in range(w.size):
                acc += u[d, e] * (w[e] * r[m, e])
        T[d] = acc


@njit(cache=True)
def _cfr_plus(n, mover, top, topbit, U0, U1, w0, w1, iterations, R0, R1, A0, A1):
    M = mover.size
    D0 = w0.size
    D1 = w1.size
    s0 = np.zeros((M, D0))
    s1 = np.zeros((M, D1))
    r0 = np.zeros((M, D0))
    r1 = np.zeros((M, D1))
    V0 = np.zeros((M, D0))
    V1 = np.zeros((M, D1))
    T0 = np.zeros(D0)
    T1 = np.zeros(D1)
    weight_total = 0.0
    for it in range(1, iterations + 1):
        # 1. regret matching+: the current strategy at every information set
        for h in range(M):
            p = mover[h]
            D = D0 if p == 0 else D1
            R = R0 if p == 0 else R1
            s = s0 if p == 0 else s1
            t = top[h]
            n_act = n - t + (1 if h > 0 else 0)
            if n_act == 0:
                continue
            for d in range(D):
                tot = R[h, d] if h > 0 else 0.0
                for k in range(t + 1, n + 1):
                    tot += R[h | (1 << (k - 1)), d]
                if tot > 0.0:
                    if h > 0:
                        s[h, d] = R[h, d] / tot
                    for k in range(t + 1, n + 1):
                        c = h | (1 << (k - 1))
                        s[c, d] = R[c, d] / tot
                else:
                    if h > 0:
                        s[h, d] = 1.0 / n_act
                    for k in range(t + 1, n + 1):
                        s[h | (1 << (k - 1)), d] = 1.0 / n_act
        # 2. forward: each player's own reach of every history
        for d in range(D0):
            r0[0, d] = 1.0
        for d in range(D1):
            r1[0, d] = 1.0
        for c in range(1, M):
            h = c - topbit[c]
            if mover[h] == 0:
                for d in range(D0):
                    r0[c, d] = r0[h, d] * s0[c, d]
                for d in range(D1):
                    r1[c, d] = r1[h, d]
            else:
                for d in range(D0):
                    r0[c, d] = r0[h, d]
                for d in range(D1):
                    r1[c, d] = r1[h, d] * s1[c, d]
        # 3. backward: counterfactual values and regret updates
        for m in range(M - 1, -1, -1):
            t = top[m]
            p = mover[m]
            if m > 0:
                bidder = 1 - p
                _call_values(U0, t, bidder, m, w1, r1, s1, p == 1, T0)
                _call_values(U1, t, bidder, m, w0, r0, s0, p == 0, T1)
            else:
                T0[:] = 0.0
                T1[:] = 0.0
            # the mover's values and regrets (own strategy s), then the other player's values
            if p == 0:
                so, To, Vo, Ro, Tx, Vx = s0, T0, V0, R0, T1, V1
            else:
                so, To, Vo, Ro, Tx, Vx = s1, T1, V1, R1, T0, V0
            for d in range(Vo.shape[1]):
                v = so[m, d] * To[d] if m > 0 else 0.0
                for k in range(t + 1, n + 1):
                    c = m | (1 << (k - 1))
                    v += so[c, d] * Vo[c, d]
                Vo[m, d] = v
                if m > 0:
                    Ro[m, d] = max(Ro[m, d] + To[d] - v, 0.0)
                for k in range(t + 1, n + 1):
                    c = m | (1 << (k - 1))
                    Ro[c, d] = max(Ro[c, d] + Vo[c, d] - v, 0.0)
            for d in range(Vx.shape[1]):
                v = Tx[d]
                for k in range(t + 1, n + 1):
                    v += Vx[m | (1 << (k - 1)), d]
                Vx[m, d] = v
        # 4. linearly weighted average of the realization plans
        wt = float(it)
        weight_total += wt
        for m in range(1, M):
            if mover[m] == 0:
                for d in range(D0):
                    A0[m, d] += wt * r0[m, d] * s0[m, d]
                for d in range(D1):
                    A1[m, d] += wt * r1[m, d]
            else:
                for d in range(D1):
                    A1[m, d] += wt * r1[m, d] * s1[m, d]
                for d in range(D0):
                    A0[m, d] += wt * r0[m, d]
    return weight_total


def cfr_plus(rnd: Round, U: np.ndarray, iterations: int):
    """CFR+ for ``iterations`` iterations from zero regrets; returns the average realization plans
    (X0, X1), each of shape (hands, 2**n) with column 0 = 1 (the format of rounds.plan_from_behaviour)."""
    mover, top, topbit = tree_arrays(rnd)
    D0, D1 = len(rnd.hands[0]), len(rnd.hands[1])
    R0, R1 = np.zeros((rnd.M, D0)), np.zeros((rnd.M, D1))
    A0, A1 = np.zeros((rnd.M, D0)), np.zeros((rnd.M, D1))
    # each player's own payoffs [k, bidder, d_own, d_opp]; player 1's are -U with the hands swapped, so
    # acc + (-u) * f is bit for bit acc - u * f
    U0, U1 = (np.ascontiguousarray(payoffs_for(U, p), dtype=np.float64) for p in (0, 1))
    total = _cfr_plus(rnd.n, mover, top, topbit, U0, U1, rnd.probs[0].astype(np.float64),
                      rnd.probs[1].astype(np.float64), int(iterations), R0, R1, A0, A1)
    X0 = (A0 / total).T.copy()
    X1 = (A1 / total).T.copy()
    X0[:, 0] = 1.0
    X1[:, 0] = 1.0
    return X0, X1
