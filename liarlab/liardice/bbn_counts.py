"""The network's posteriors straight from its count tables (BDeu in closed form), for refitting after
every game as the thesis does.

pgmpy stays the model of record (:mod:`liarlab.liardice.bbn` builds the ``DiscreteBayesianNetwork``
models and :func:`pgmpy_tables` fits them with ``DiscreteBayesianEstimator(prior_type="BDeu")`` and
answers with ``VariableElimination``). A BDeu fit of a fully specified discrete network has a closed
form: every conditional table is

    P(X = x | parents = u) = (N(x, u) + ess / (|X| |U|)) / (N(u) + ess / |U|),

with N the (weighted) counts of the rows where X and its parents are all observed (pgmpy drops the
rows where the node or a parent is missing, so C and D are learnt from the bid rows only). The spec asks
for add-one (Laplace) smoothing; the default here is BDeu (ess 5, pgmpy's default prior), a deviation
notebook 01 states. ``laplace=True`` gives the spec's reading, pseudo count 1 per cell (pgmpy's "K2"):

    P(X = x | parents = u) = (N(x, u) + 1) / (N(u) + |X|). The
queries the player makes are small sums over B and C of products of these tables, so they are a few
dozen multiplications: :func:`response_tables` computes them from the count table in microseconds
instead of pgmpy's ~50 ms refit (pandas counting, model checks). ``tests/liardice/
test_bbn_counts.py`` checks these tables against pgmpy's fit plus VariableElimination
(:func:`liarlab.liardice.bbn.pgmpy_tables`; this module imports nothing of the network's) to
1e-9 on random count tables, for every query the player makes: P(B = supports | A, D, E = bid),
P(C = lie | A, D, E = bid), P(O = lie) and P(K = 1 | N).

Count-table layout (as in :class:`liarlab.liardice.bbn.BayesNetBelief`): response counts
``[A - 2, B, C (2 = missing), D (2 = missing), E]``, opening-lie counts ``[O]``, opening-challenge
counts ``[N - 2, K]``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

N_COUNTS = 9        # A and N take the nine legal counts 2..10 with two players of five dice


@njit(cache=True)
def _pseudo(ess, laplace, n_states, n_parent_configs):
    """Prior pseudo count of one cell of a table: BDeu ess / (|X| |U|), or 1 (Laplace)."""
    if laplace:
        return 1.0
    return ess / (n_states * n_parent_configs)


@njit(cache=True)
def response_tables(counts, ess, b_depends_on_a, p_supports, p_lie, laplace=False, thesis_normaliser=False):
    """Fill ``p_supports[A, D]`` = P(B=1 | A, D, E=bid) and ``p_lie[A, D]`` = P(C=1 | A, D, E=bid).

    ``counts`` is the [A, B, C, D, E] table (float or int). The network: B (root, or child of A),
    C | A, B; D | A, B, C; E | A, B. A is conditioned on, so its own table cancels. The scratch arrays are
    allocated once and zeroed where each is used (the refit after every game calls this 500 times a match).
    ``thesis_normaliser`` (spec §4.2, open point 8): divide by the thesis's P(D=d | A) P(E=bid | A) instead of
    the exact P(D=d, E=bid | A); the two agree only if D and E are independent given A, and the thesis's
    "probabilities" may then leave [0, 1] (a verdict thresholds or samples them as they are).
    """
    n_a = counts.shape[0]
    pb = np.zeros(2)
    cell = np.zeros(2)
    score = np.zeros((2, 2, 2))
    n_e = np.zeros(2)
    n_c = np.zeros(2)
    # P(B) or P(B | A): BDeu pseudo count ess / 2 per state (root) or ess / (2 * 9) per cell (child of A)
    total = 0.0
    nb = np.zeros(2)
    for a in range(n_a):
        for b in range(2):
            s = 0.0
            for c in range(3):
                for d in range(3):
                    for e in range(2):
                        s += counts[a, b, c, d, e]
            nb[b] += s
            total += s
    for a in range(n_a):
        pb[0] = pb[1] = 0.0
        if b_depends_on_a:
            row = 0.0
            cell[0] = cell[1] = 0.0
            for b in range(2):
                for c in range(3):
                    for d in range(3):
                        for e in range(2):
                            cell[b] += counts[a, b, c, d, e]
                row += cell[b]
            k = _pseudo(ess, laplace, 2, n_a)
            for b in range(2):
                pb[b] = (cell[b] + k) / (row + 2 * k)
        else:
            k = _pseudo(ess, laplace, 2, 1)
            for b in range(2):
                pb[b] = (nb[b] + k) / (total + 2 * k)
        # score[b, c, d] = P(b) P(E=bid | a, b) P(c | a, b) P(d | a, b, c)
        score[:, :, :] = 0.0
        for b in range(2):
            n_e[0] = n_e[1] = 0.0
            for c in range(3):
                for d in range(3):
                    for e in range(2):
                        n_e[e] += counts[a, b, c, d, e]
            k_e = _pseudo(ess, laplace, 2, 2 * n_a)
            p_e_bid = (n_e[0] + k_e) / (n_e[0] + n_e[1] + 2 * k_e)
            n_c[0] = n_c[1] = 0.0
            for c in range(2):
                for d in range(2):
                    n_c[c] += counts[a, b, c, d, 0]
            k_c = _pseudo(ess, laplace, 2, 2 * n_a)
            k_d = _pseudo(ess, laplace, 2, 2 * 2 * n_a)
            for c in range(2):
                p_c = (n_c[c] + k_c) / (n_c[0] + n_c[1] + 2 * k_c)
                n_cd = counts[a, b, c, 0, 0] + counts[a, b, c, 1, 0]
                for d in range(2):
                    p_d = (counts[a, b, c, d, 0] + k_d) / (n_cd + 2 * k_d)
                    score[b, c, d] = pb[b] * p_e_bid * p_c * p_d
        for d in range(2):
            z = 0.0
            sup = 0.0
            lie = 0.0
            for b in range(2):
                for c in range(2):
                    z += score[b, c, d]
                    if b == 1:
                        sup += score[b, c, d]
                    if c == 1:
                        lie += score[b, c, d]
            if thesis_normaliser:
                # score[b] summed over c and d is P(b) P(E=bid | a, b) (P(c | a, b) P(d | a, b, c) sums to 1), so
                # P(E=bid | a) is its sum over b, and P(D=d | a) = sum_{b,c} P(b) P(c | a, b) P(d | a, b, c) is the
                # score divided by P(E=bid | a, b)
                p_e = 0.0
                p_d = 0.0
                for b in range(2):
                    e_b = score[b, 0, 0] + score[b, 0, 1] + score[b, 1, 0] + score[b, 1, 1]
                    p_e += e_b
                    p_d += (score[b, 0, d] + score[b, 1, d]) * pb[b] / e_b
                z = p_d * p_e
            p_supports[a, d] = sup / z
            p_lie[a, d] = lie / z


@njit(cache=True)
def opening_lie_probability(counts, ess, laplace=False):
    """P(O = lie) of network (a): one binary root."""
    k = _pseudo(ess, laplace, 2, 1)
    return (counts[1] + k) / (counts[0] + counts[1] + 2 * k)


@njit(cache=True)
def opening_challenge_tables(counts, ess, out, laplace=False):
    """Fill ``out[N - 2]`` = P(K = 1 | N) of network (b), N -> K."""
    n_n = counts.shape[0]
    k = _pseudo(ess, laplace, 2, n_n)
    for n in range(n_n):
        out[n] = (counts[n, 1] + k) / (counts[n, 0] + counts[n, 1] + 2 * k)


def closed_form_tables(response_counts, opening_lie_counts, opening_challenge_counts, ess: float,
                       b_depends_on_a: bool = False, laplace: bool = False, thesis_normaliser: bool = False) -> dict:
    """Every table the player reads, from the three count tables (see the module docstring)."""
    p_supports = np.zeros((N_COUNTS, 2))
    p_lie = np.zeros((N_COUNTS, 2))
    laplace = bool(laplace)
    response_tables(np.asarray(response_counts, dtype=float), float(ess), bool(b_depends_on_a), p_supports, p_lie,
                    laplace, bool(thesis_normaliser))
    p_open = np.zeros(N_COUNTS)
    opening_challenge_tables(np.asarray(opening_challenge_counts, dtype=float), float(ess), p_open, laplace)
    return {"p_supports": p_supports, "p_lie": p_lie,
            "p_opening_lie": float(opening_lie_probability(np.asarray(opening_lie_counts, dtype=float), float(ess),
                                                           laplace)),
            "p_opening_challenged": p_open}
