"""Rational certificates for rounds solved by the sparse double oracle (issue 27).

A float bracket of width 1e-12 is not a fraction. Here the final plans of :func:`liarlab.bluff.sparse_oracle.
solve_certified` are turned into exact rational strategies on their supports (each behaviour probability
rounded to the nearest fraction with a bounded denominator, then each information set re-normalised
exactly, so the result is a valid strategy whatever the rounding), and both best responses to them are
computed in exact integer arithmetic:

* ``lower`` = what the first mover's rational strategy guarantees (minus the second mover's exact best
  response to it),
* ``upper`` = what the second mover's rational strategy concedes (the first mover's exact best response).

Both are exact rationals and the game's value lies between them. When they are equal, that fraction *is*
the value, and the pair of rational strategies is an exact equilibrium: the certificate. Otherwise no
fraction is reported (``fraction`` is None) and the float bracket stands alone. Several denominator bounds
are tried, smallest first.

The best responses run over the histories the rational plan reaches (a history it never reaches is worth
0 to the responder); hand probabilities are exact (``EndGameRound.exact_probs`` or multinomials).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np

from liarlab.bluff.sparse_oracle import SparsePlan, best_response_sparse, info_of, topbit_of

__all__ = ["RationalCertificate", "rational_certificate", "rational_plan", "exact_best_response", "verify_plans"]

DENOMINATOR_BOUNDS = (10**2, 10**3, 10**4, 10**5, 10**6, 10**7)


@dataclass
class RationalCertificate:
    fraction: Fraction | None     # the value, when lower == upper
    lower: Fraction | None        # exact: the first mover's rational strategy guarantees this
    upper: Fraction | None        # exact: the second mover's rational strategy concedes this
    max_denominator: int | None   # the bound that gave the certificate (or the last one tried)
    nodes: tuple = (0, 0)         # histories each exact best response ran over

    @property
    def holds(self) -> bool:
        return self.fraction is not None


def rational_plan(plan: SparsePlan, n: int, max_denominator: int) -> dict:
    """Exact behaviour and realization plan of ``plan`` on its support: {node: [Fraction per hand]}.

    Returns the realization plan as a dict from history mask to a list of Fractions (one per hand), for the
    histories where it is positive for some hand (and the root)."""
    nodes, X = plan.nodes, plan.X
    p = plan.player
    D = X.shape[0]
    info = info_of(nodes, p)
    parent = info - topbit_of(info)
    pos = {int(m): i for i, m in enumerate(nodes)}
    # sequences grouped by information set, in mask order (parents first)
    groups: dict = {}
    for i in range(1, len(nodes)):
        groups.setdefault(int(info[i]), []).append(i)
    Xr = {0: [Fraction(1)] * D}
    for inf in sorted(groups):
        seqs = groups[inf]
        par = int(parent[seqs[0]])
        if par not in Xr:
            continue
        base = Xr[par]
        pi = pos[par]
        rows = [[Fraction(0)] * D for _ in seqs]
        for d in range(D):
            if base[d] == 0:
                continue
            reach = X[d, pi]
            probs = [max(X[d, i], 0.0) / reach if reach > 0 else 0.0 for i in seqs]
            total = sum(probs)
            if total <= 0:
                probs = [1.0 / len(seqs)] * len(seqs)
                total = 1.0
            fr = [Fraction(v / total).limit_denominator(max_denominator) for v in probs]
            j = int(np.argmax(probs))
            fr[j] = 1 - (sum(fr) - fr[j])
            if fr[j] < 0:       # rounding could not be repaired: keep the largest, drop the rest
                fr = [Fraction(int(k == j)) for k in range(len(fr))]
            for k in range(len(seqs)):
                rows[k][d] = base[d] * fr[k]
        for k, i in enumerate(seqs):
            if any(v != 0 for v in rows[k]):
                Xr[int(nodes[i])] = rows[k]
    return Xr


def exact_best_response(n: int, U_own: np.ndarray, Xr: dict, weights_own, weights_opp, player: int):
    """Exact value to ``player`` of its best response to the opponent's rational plan ``Xr`` (as returned by
    :func:`rational_plan`), and the number of histories it ran over.

    ``U_own[k, bidder, d_own, d_opp]`` (+-1 integers), ``weights_*``: exact hand probabilities (Fractions).
    The histories: those where the player moves and the opponent's last sequence is in the plan's support
    (and the root), and their children; below any other history the opponent's reach is 0."""
    Z = 1
    for row in Xr.values():
        for v in row:
            Z = lcm(Z, v.denominator)
    Wd = lcm(*[w.denominator for w in weights_opp])
    Wown = lcm(*[w.denominator for w in weights_own])
    E, D = len(weights_opp), len(weights_own)
    wo = [int(w * Wd) for w in weights_opp]
    X_int = {m: [int(v * Z) * wo[e] for e, v in enumerate(row)] for m, row in Xr.items()}
    A = [m for m in Xr if bin(m).count("1") % 2 == player]
    nodes = {0}
    for m in A:
        nodes.add(m)
        for k in range(m.bit_length() + 1, n + 1):
            nodes.add(m | (1 << (k - 1)))
    U_int = np.rint(U_own).astype(np.int64)
    zero = [0] * E
    q = {}
    for m in sorted(nodes, reverse=True):
        t = m.bit_length()
        mv = bin(m).count("1") % 2
        if m > 0:
            Ut = U_int[t, 1 - mv]
            wx = X_int.get(m, zero)
            idx = [e for e in range(E) if wx[e]]
            term = [sum(int(Ut[d, e]) * wx[e] for e in idx) for d in range(D)] if idx else [0] * D
        kids = [q.get(m | (1 << (k - 1))) for k in range(t + 1, n + 1)]
        if mv == player:
            vals = []
            for d in range(D):
                options = ([term[d]] if m > 0 else []) + [0 if c is None else c[d] for c in kids]
                vals.append(max(options))
            q[m] = vals
        else:
            base = term if m > 0 else [0] * D
            q[m] = [base[d] + sum(c[d] for c in kids if c is not None) for d in range(D)]
    total = sum(int(w * Wown) * q[0][d] for d, w in enumerate(weights_own))
    return Fraction(total, Z * Wd * Wown), len(nodes)


def rational_certificate(tree, plans, exact_probs, bounds=DENOMINATOR_BOUNDS) -> RationalCertificate:
    """Try each denominator bound; the first whose exact bracket closes gives the fraction."""
    X0, X1 = plans
    n = tree.n
    U0 = tree.payoffs_for(0)
    U1 = tree.payoffs_for(1)
    lower = upper = None
    sizes = (0, 0)
    for bound in bounds:
        X0r = rational_plan(X0, n, bound)
        X1r = rational_plan(X1, n, bound)
        br1, k1 = exact_best_response(n, U1, X0r, exact_probs[1], exact_probs[0], 1)
        br0, k0 = exact_best_response(n, U0, X1r, exact_probs[0], exact_probs[1], 0)
        lower, upper, sizes = -br1, br0, (k0, k1)
        if lower == upper:
            return RationalCertificate(lower, lower, upper, bound, sizes)
    return RationalCertificate(None, lower, upper, bounds[-1] if bounds else None, sizes)


def verify_plans(tree, plans, exact_probs, max_denominator: int | None = None):
    """Everything a solve certifies, re-derived from its two final plans alone (no LP): ``(lower, upper, cert)``.

    ``lower`` is what the first mover's plan guarantees (minus the second mover's float best response to it),
    ``upper`` what the second mover's plan concedes (the first mover's float best response), and ``cert`` the
    rational certificate of the plans with the denominator bound ``max_denominator`` (None: every bound of
    :data:`DENOMINATOR_BOUNDS` in turn). Given the plans :func:`liarlab.bluff.sparse_oracle.solve_certified`
    returned (or the same on their support, :meth:`SparsePlan.on_support`), the bracket is the solve's to the
    bit and the certificate is :func:`rational_certificate`'s. A stored pair of plans is so checked far faster
    than it was found: two best responses in floats and two in integers, where the solve ran many LPs."""
    X0, X1 = plans
    lower = -best_response_sparse(tree, X0, 1)[0]
    upper = best_response_sparse(tree, X1, 0)[0]
    bounds = DENOMINATOR_BOUNDS if max_denominator is None else (int(max_denominator),)
    return lower, upper, rational_certificate(tree, plans, exact_probs, bounds)
