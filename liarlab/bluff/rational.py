"""Rational certificates for rounds solved by the sparse double oracle (issue 27).

A float bracket of width 1e-12 is not a fraction. Here the final plans of :func:`liarlab.bluff.sparse_oracle.
_solve_certified` are turned into exact rational strategies on their supports (each behaviour probability
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

Rounding fails when the equilibrium's probabilities have large denominators (two dice each at N = 6: no
bound up to 10^7 closes). Then :func:`_solve_on_support` *solves* for the rational plans instead: it keeps
only the supports of the float plans, which an exact equilibrium shares (read at a few thresholds, since a
float plan may carry noise), and solves the sequence-form equalities they imply (each player's realization
constraints on its support, and the opponent's indifference among the sequences the opponent plays or finds
as good) in exact rational arithmetic (python-flint). The solution is checked by the same two exact best
responses, so a wrong support costs a certificate, never a wrong fraction. :func:`rational_certificate` and
:func:`verify_plans` fall back to it (``method`` says which gave the certificate).

The best responses run over the histories the rational plan reaches (a history it never reaches is worth
0 to the responder); hand probabilities are exact (``EndGameRound.exact_probs`` or multinomials).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np
from flint import fmpq_mat

from liarlab.bluff.sparse_oracle import SparsePlan, _best_response_sparse, info_of, mover_of, plans_bracket, topbit_of
from liarlab.core.reprs import compact_repr

__all__ = ["RationalCertificate", "rational_certificate", "rational_plan", "verify_plans", "support_equilibrium"]

DENOMINATOR_BOUNDS = (10**2, 10**3, 10**4, 10**5, 10**6, 10**7)
#: a float plan's (hand, sequence) pair is in the support when its weight is above the threshold. The supports are
#: tried at each threshold in turn: a simplex solution's weights are basic values far above the first (>= 1e-4 in
#: most stored plans), but a plan re-solved warm many times may carry noise (3v1 at N = 6, normal: 101 weights of
#: the second mover between 4.5e-13 and 1e-8, and no certificate until they are left out). A support too small
#: or too large costs a certificate, never a wrong fraction: the exact best responses judge every try
SUPPORT_THRESHOLDS = (1e-12, 1e-9, 1e-6)
#: where the support's equalities leave a direction free (a degenerate game has a face of equilibria), the
#: free coordinate keeps the float plan's weight, as the simplest fraction within 1 / this of it
FREE_DENOMINATOR = 10**6
#: an option of the opponent is taken as best (its equality kept) when its float value is within this of the
#: best one's: in the stored plans every gap is below 1e-14 or above 1e-5
TIGHT_TOLERANCE = 1e-9


@dataclass
class RationalCertificate:

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents
    fraction: Fraction | None     # the value, when lower == upper
    lower: Fraction | None        # exact: the first mover's rational strategy guarantees this
    upper: Fraction | None        # exact: the second mover's rational strategy concedes this
    max_denominator: int | None   # the bound that gave the certificate (or the last one tried); None: solved
    nodes: tuple = (0, 0)         # histories each exact best response ran over
    method: str = "rounding"      # "rounding" (bounded denominators) or "support" (solved on the support)

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


def _exact_best_response(n: int, U_own: np.ndarray, Xr: dict, weights_own, weights_opp, player: int):
    """Exact value to ``player`` of its best response to the opponent's rational plan ``Xr`` (as returned by
    :func:`rational_plan`), and the number of histories it ran over.

    ``U_own[k, bidder, d_own, d_opp]`` (+-1 integers), ``weights_*``: exact hand probabilities (Fractions).
    The histories: those where the player moves and the opponent's last sequence is in the plan's support
    (and the root), and their children; below any other history the opponent's reach is 0."""
    Z = lcm(*{v.denominator for row in Xr.values() for v in row})
    Wd = lcm(*[w.denominator for w in weights_opp])
    Wown = lcm(*[w.denominator for w in weights_own])
    D = len(weights_own)
    wo = [int(w * Wd) for w in weights_opp]
    # v * Z as an integer without a Fraction per entry (Z is a multiple of every denominator)
    X_int = {m: [v.numerator * (Z // v.denominator) * wo[e] for e, v in enumerate(row)] for m, row in Xr.items()}
    A = [m for m in Xr if bin(m).count("1") % 2 == player]
    nodes = {0}
    for m in A:
        nodes.add(m)
        for k in range(m.bit_length() + 1, n + 1):
            nodes.add(m | (1 << (k - 1)))
    U_int = np.rint(U_own).astype(np.int64)
    # the payoff rows as Python ints, once per (bid, bidder): indexing numpy scalars in the loop below cost more
    # than the arithmetic (this walk certifies every end game of notebooks 05 and 06)
    U_rows = {}
    zero_row = [0] * D
    q = {}
    for m in sorted(nodes, reverse=True):
        t = m.bit_length()
        mv = bin(m).count("1") % 2
        term = zero_row
        if m > 0:
            wx = X_int.get(m)
            if wx is not None:
                idx = [(e, w) for e, w in enumerate(wx) if w]
                if idx:
                    Ut = U_rows.get((t, mv))
                    if Ut is None:
                        Ut = U_rows[t, mv] = U_int[t, 1 - mv].tolist()
                    term = [sum(row[e] * w for e, w in idx) for row in Ut]
        kids = [c for c in (q.get(m | (1 << (k - 1))) for k in range(t + 1, n + 1)) if c is not None]
        if mv == player:
            # a missing child is worth 0 to the best responder (the opponent never reaches below it)
            if m > 0:
                q[m] = [max(vals) for vals in zip(term, *kids)] if len(kids) == n - t else \
                    [max(0, *vals) for vals in zip(term, *kids)]
            else:
                q[m] = [max(vals) for vals in zip(*kids)] if len(kids) == n - t else \
                    [max(0, *vals) for vals in zip(zero_row, *kids)]
        else:
            q[m] = [sum(vals) for vals in zip(term, *kids)]
    total = sum(int(w * Wown) * q[0][d] for d, w in enumerate(weights_own))
    return Fraction(total, Z * Wd * Wown), len(nodes)


def rational_certificate(tree, plans, exact_probs, bounds=DENOMINATOR_BOUNDS, *,
                         support: bool | None = None) -> RationalCertificate:
    """Try each denominator bound; the first whose exact bracket closes gives the fraction. If none does, and
    ``support`` is true, :func:`_solve_on_support` is tried; its certificate is returned when it closes, else the
    rounding's (unchanged). ``support=None`` (the default) falls back exactly when ``bounds`` is the whole
    ladder :data:`DENOMINATOR_BOUNDS`: a caller who names its own bounds asks for rounding with those alone."""
    X0, X1 = plans
    n = tree.n
    U0 = tree.payoffs_for(0)
    U1 = tree.payoffs_for(1)
    lower = upper = None
    sizes = (0, 0)
    for bound in bounds:
        X0r = rational_plan(X0, n, bound)
        X1r = rational_plan(X1, n, bound)
        br1, k1 = _exact_best_response(n, U1, X0r, exact_probs[1], exact_probs[0], 1)
        br0, k0 = _exact_best_response(n, U0, X1r, exact_probs[0], exact_probs[1], 0)
        lower, upper, sizes = -br1, br0, (k0, k1)
        if lower == upper:
            return RationalCertificate(lower, lower, upper, bound, sizes)
    rounded = RationalCertificate(None, lower, upper, bounds[-1] if bounds else None, sizes)
    if support is None:
        support = tuple(bounds) == DENOMINATOR_BOUNDS
    if support:
        solved = _solve_on_support(tree, plans, exact_probs)
        if solved.holds:
            return solved
    return rounded


def verify_plans(tree, plans, exact_probs, max_denominator: int | None = None, *, method: str = "rounding"):
    """Everything a solve certifies, re-derived from its two final plans alone (no LP): ``(lower, upper, cert)``.

    ``lower`` is what the first mover's plan guarantees (minus the second mover's float best response to it),
    ``upper`` what the second mover's plan concedes (the first mover's float best response), and ``cert`` the
    rational certificate of the plans with the denominator bound ``max_denominator`` (None: every bound of
    :data:`DENOMINATOR_BOUNDS` in turn), or, when rounding does not close, the plans solved exactly on their
    support (:func:`_solve_on_support`); ``method="support"`` (how the stored certificate was found) goes to that
    solve at once. Given the plans :func:`liarlab.bluff.sparse_oracle._solve_certified`
    returned (or the same on their support, :meth:`SparsePlan.on_support`), the bracket is the solve's to the
    bit and the certificate is :func:`rational_certificate`'s. A stored pair of plans is so checked far faster
    than it was found: two best responses in floats and two in integers, where the solve ran many LPs."""
    X0, X1 = plans
    lower, upper = plans_bracket(tree, plans)
    if method == "support":
        bounds = ()
    else:
        bounds = DENOMINATOR_BOUNDS if max_denominator is None else (int(max_denominator),)
    return lower, upper, rational_certificate(tree, plans, exact_probs, bounds, support=True)


# --------------------------------------------------------------------------- exact plans solved on the support

def _solve_on_support(tree, plans, exact_probs, thresholds=SUPPORT_THRESHOLDS) -> RationalCertificate:
    """:func:`support_equilibrium`'s certificate alone."""
    return support_equilibrium(tree, plans, exact_probs, thresholds)[0]


def support_equilibrium(tree, plans, exact_probs, thresholds=SUPPORT_THRESHOLDS) -> tuple:
    """``(certificate, (X0r, X1r))``: the rational certificate of the exact equilibrium on the float plans'
    supports, solved, not rounded, and the exact plans it judged.

    An exact equilibrium whose supports are those of the float plans satisfies, for each player P with
    opponent Q, linear equalities alone: P's realization constraints on its support (0 off it), and Q's
    indifference: every sequence Q plays earns Q the value of its information set against P's plan
    (complementary slackness of the sequence-form LP, F'v = B'x on the rows Q plays). The equilibria of these
    games are degenerate: the float plans sit at a vertex pinned also by options Q does not play but that are
    as good as the best (tight rows of the LP), so those equalities are kept too (:func:`_equality_rows`; two
    dice each at N = 6: rank 217 of the first mover's 450 coordinates with the played options alone, and the
    bracket misses by 1e-11; 450 of 450 with the tight ones, and it closes). All are solved in exact rational
    arithmetic for P's plan; where they still leave directions free the float plan's weights are kept
    (:data:`FREE_DENOMINATOR`). The two exact best responses then judge the pair: the fraction is reported only
    when they meet. ``lower``/``upper`` are None for a player whose equalities have no non-negative solution
    (a support no equilibrium has).

    The supports are read at each of ``thresholds`` in turn (:data:`SUPPORT_THRESHOLDS`; a threshold that
    changes neither support is skipped) until the bracket closes. Each exact plan is a valid strategy, so the
    bracket kept is the best ``lower`` and the best ``upper`` over the tries: they may come from different ones.
    ``X0r``/``X1r`` are the exact plans that gave them ({node: [Fraction per hand]}, as :func:`rational_plan`;
    None where no try gave one): when the certificate holds, each is an exact equilibrium strategy of its seat."""
    n = tree.n
    lower = upper = None
    k0 = k1 = 0
    kept = [None, None]
    seen = set()
    for threshold in thresholds:
        supports = tuple(np.flatnonzero(plan.X.ravel() > threshold).tobytes() for plan in plans)
        if supports in seen:
            continue
        seen.add(supports)
        X0r = _solved_plan(tree, plans[0], plans[1], exact_probs, threshold)
        if X0r is not None:
            br1, k = _exact_best_response(n, tree.payoffs_for(1), X0r, exact_probs[1], exact_probs[0], 1)
            if lower is None or -br1 > lower:
                lower, k1, kept[0] = -br1, k, X0r
        X1r = _solved_plan(tree, plans[1], plans[0], exact_probs, threshold)
        if X1r is not None:
            br0, k = _exact_best_response(n, tree.payoffs_for(0), X1r, exact_probs[0], exact_probs[1], 0)
            if upper is None or br0 < upper:
                upper, k0, kept[1] = br0, k, X1r
        if lower is not None and lower == upper:
            break
    fraction = lower if lower is not None and lower == upper else None
    return RationalCertificate(fraction, lower, upper, None, (k0, k1), method="support"), tuple(kept)


def _bit_children(m: int, n: int) -> list:
    """The histories one bid after ``m`` (each bid above its top one)."""
    return [m | (1 << (k - 1)) for k in range(m.bit_length() + 1, n + 1)]


def _realization_coordinates(plan: SparsePlan, n: int, threshold: float):
    """P's realization weights on its support as affine functions of free coordinates, or None.

    At each information set a hand reaches, the sequences it plays share the parent's weight: all but one
    (the *pivot*, the heaviest) get a coordinate of their own and the pivot is the parent's weight minus
    theirs, so every realization constraint holds by construction. Returns ``coords`` {(hand, node): (const,
    {coordinate: coefficient})} (constants 0/1, coefficients +-1: each coordinate enters a weight once) and
    the float weight of each coordinate. None when the support is no realization plan's (a sequence played
    below one that is not, or a reached information set where nothing is played)."""
    nodes, X, P = plan.nodes, plan.X, plan.player
    info = info_of(nodes, P)
    coords: dict = {}
    guesses: list = []
    for d in range(X.shape[0]):
        played: dict = {}
        for i in np.flatnonzero(X[d] > threshold):
            if i > 0:
                played.setdefault(int(info[i]), []).append(int(i))
        for inf in sorted(played):          # a parent sequence's information set comes first (smaller mask)
            parent = inf - (1 << (inf.bit_length() - 1)) if inf else 0
            if parent == 0:
                const, lin = 1, {}          # the empty sequence
            elif (d, parent) in coords:
                const, lin = coords[(d, parent)]
            else:
                return None
            seqs = played[inf]
            pivot = max(seqs, key=lambda i: X[d, i])
            lin = dict(lin)
            for i in seqs:
                if i != pivot:
                    coords[(d, int(nodes[i]))] = (0, {len(guesses): 1})
                    lin[len(guesses)] = -1
                    guesses.append(float(X[d, i]))
            coords[(d, int(nodes[pivot]))] = (const, lin)
        # every information set the hand reaches must be played at: the first one, and each after one of its bids
        reached = [0] if P == 0 else _bit_children(0, n)
        for seqs in played.values():
            for i in seqs:
                m = int(nodes[i])
                if bin(m).count("1") % 2 != P:
                    reached.extend(_bit_children(m, n))
        if any(r not in played for r in reached):
            return None
    return coords, guesses


def _payoff_terms(tree, coords, exact_probs, P: int) -> tuple:
    """(B'x) at each node P's support touches, in small form: {node: (coordinates, rows)} with ``rows[e]`` the
    payoff to P of the call at that node against Q's hand e, over (1, those coordinates), weighted by both
    hands' probabilities scaled to integers by a common denominator (the equalities are homogeneous in it),
    and the integer type the rows need."""
    Q = 1 - P
    UP = np.rint(tree.payoffs_for(P)).astype(np.int64)            # [k, bidder, d_P, d_Q]
    scale = lcm(*[w.denominator for w in exact_probs[P]]) * lcm(*[w.denominator for w in exact_probs[Q]])
    W = np.array([[int(wp * wq * scale) for wq in exact_probs[Q]] for wp in exact_probs[P]], dtype=object)
    # a value sums each node's payoff at most once (twice in an equality row), and each coordinate enters a
    # weight with coefficient +-1: int64 holds every row when this bound fits, else Python integers
    n_nodes = len({m for _, m in coords})
    bound = 2 * n_nodes * int(np.abs(UP).max(initial=1)) * int(W.sum())
    dtype = np.int64 if bound < 2**62 else object
    W = W.astype(dtype)
    hands: dict = {}
    for (d, m) in coords:
        hands.setdefault(m, []).append(d)
    terms = {}
    for m, ds in hands.items():
        cols = sorted({u for d in ds for u in coords[(d, m)][1]})
        at = {u: j + 1 for j, u in enumerate(cols)}
        Xs = np.zeros((len(ds), 1 + len(cols)), dtype=dtype)
        for r, d in enumerate(ds):
            const, lin = coords[(d, m)]
            Xs[r, 0] = const
            for u, c in lin.items():
                Xs[r, at[u]] = c
        M = W[ds] * UP[m.bit_length(), 1 - bin(m).count("1") % 2][ds].astype(dtype)
        terms[m] = (np.array(cols, dtype=np.int64), M.T @ Xs)
    return terms, dtype


def _tight_options(tree, plan_p: SparsePlan):
    """Q's options that are best, in floats, against P's float plan: {(J, e): [option nodes]} for each history
    J of ``plan_p.nodes`` where Q moves (a call at J is node J, a bid k the node J | bit k). The float gaps
    are either below 1e-14 or above 1e-5 in the stored plans; :data:`TIGHT_TOLERANCE` sits between."""
    Q = 1 - plan_p.player
    S, n = plan_p.nodes, tree.n
    _, _, q = _best_response_sparse(tree, plan_p, Q)
    UQ = tree.payoffs_for(Q)
    weighted = plan_p.X * tree.probs[plan_p.player][:, None]
    tight = {}
    for i in np.flatnonzero(mover_of(S) == Q):
        J = int(S[i])
        options, values = [], []
        if J > 0:
            options.append(J)
            values.append(UQ[J.bit_length(), plan_p.player] @ weighted[:, i])
        kids = _bit_children(J, n)
        at = np.searchsorted(S, kids)
        for c, j in zip(kids, at):
            options.append(c)
            values.append(q[j] if j < len(S) and S[j] == c else np.zeros(q.shape[1]))
        best = np.asarray(values) >= q[i][None, :] - TIGHT_TOLERANCE
        for e in range(q.shape[1]):
            tight[(J, e)] = [o for o, b in zip(options, best[:, e]) if b]
    return tight


def _equality_rows(tree, plan_p: SparsePlan, plan_q: SparsePlan, terms: dict, n_coords: int, dtype,
                   threshold: float) -> list:
    """The rows over (1, P's coordinates) that Q's values impose: row . (1, z) = 0.

    Q's value v[e, J] at its information set J (hand e) is what each of its options there earns: the call's
    payoff at its node, or a bid's payoff (P calling it) plus Q's values after P's answers. Every option Q
    plays earns v (complementary slackness), and so does every option that is best in floats: at a degenerate
    equilibrium those are the constraints that pin P's plan, and leaving them out lets the solve drift off the
    equilibrium. Below an option Q does not play, Q's float best response says what it would do. Walked depth
    first from Q's first information sets, so only one path's rows are alive at a time."""
    n, Q = tree.n, plan_q.player
    in_p = set(map(int, plan_p.nodes))      # outside, P never reaches: every payoff below is 0
    played: dict = {}
    nodes, Y = plan_q.nodes, plan_q.X
    info = info_of(nodes, Q)
    for e in range(Y.shape[0]):
        for i in np.flatnonzero(Y[e] > threshold):
            if i > 0:
                played.setdefault((int(info[i]), e), []).append(int(nodes[i]))
    tight = _tight_options(tree, plan_p)
    rows: list = []

    def earned(s: int, e: int) -> np.ndarray:
        value = np.zeros(1 + n_coords, dtype=dtype)
        if s in terms:
            cols, small = terms[s]
            value[0] = small[e, 0]
            value[1 + cols] = small[e, 1:]
        if bin(s).count("1") % 2 != Q:     # Q's bid: P answers, then Q moves again
            for after in _bit_children(s, n):
                if after in in_p:
                    value += worth(after, e)
        return value

    def worth(J: int, e: int) -> np.ndarray:
        options = list(dict.fromkeys(played.get((J, e), []) + tight.get((J, e), [])))
        values = [earned(s, e) for s in options]
        rows.extend(v - values[0] for v in values[1:])
        return values[0]

    firsts = [0] if Q == 0 else _bit_children(0, n)
    for e in range(Y.shape[0]):
        for J in firsts:
            if J in in_p:
                worth(J, e)
    return rows


def _solved_plan(tree, plan_p: SparsePlan, plan_q: SparsePlan, exact_probs, threshold: float) -> dict | None:
    """P's exact plan on its support that gives Q the same value at each option Q plays or finds best
    ({node: [Fraction per hand]}, the format of :func:`rational_plan`), or None when those equalities have no
    solution or it is negative somewhere. Both supports are the weights above ``threshold``."""
    found = _realization_coordinates(plan_p, tree.n, threshold)
    if found is None:
        return None
    coords, guesses = found
    terms, dtype = _payoff_terms(tree, coords, exact_probs, plan_p.player)
    z = _solve_coordinates(_equality_rows(tree, plan_p, plan_q, terms, len(guesses), dtype, threshold), guesses)
    if z is None:
        return None
    D = plan_p.X.shape[0]
    Xr = {0: [Fraction(1)] * D}
    for (d, m), (const, lin) in coords.items():
        w = const + sum(c * z[u] for u, c in lin.items())
        if w < 0:
            return None
        if w:
            Xr.setdefault(m, [Fraction(0)] * D)[d] = w
    return Xr


def _solve_coordinates(rows: list, guesses: list) -> list | None:
    """Exact coordinates z with row[0] + row[1:] . z = 0 for every row (reduced row echelon form over the
    rationals), free ones at their float guesses; None when the rows are inconsistent."""
    n = len(guesses)
    z = [Fraction(g).limit_denominator(FREE_DENOMINATOR) for g in guesses]
    rows = [r for r in rows if any(r)]
    if not rows:
        return z
    A = np.array(rows)
    entries = np.concatenate([A[:, 1:], -A[:, :1]], axis=1)
    R, rank = fmpq_mat(len(rows), n + 1, [int(v) for v in entries.ravel()]).rref()
    table = R.tolist()
    pivots = []
    for i in range(rank):
        j = next(j for j, v in enumerate(table[i]) if v != 0)
        if j == n:                          # 0 = nonzero: Q cannot be kept indifferent on this support
            return None
        pivots.append(j)
    free = sorted(set(range(n)) - set(pivots))
    for i, j in enumerate(pivots):
        row = table[i]
        value = _fraction(row[n]) - sum(_fraction(row[f]) * z[f] for f in free if row[f] != 0)
        z[j] = value
    return z


def _fraction(q) -> Fraction:
    return Fraction(int(q.p), int(q.q))
