"""Bayesian-belief-network opponent model for two-player Liar Dice (paper 01, Huang 2009, Ch. 4 §3).

:class:`BayesNetBelief` implements the belief interface of :mod:`liarlab.liardice.agents`
(``RandomGuessAgent(belief=BayesNetBelief(...))``). It learns, across the games of one match,
three pgmpy ``DiscreteBayesianNetwork`` models of the opponent, turns their outputs into an
imagined partial opponent hand H and per-face upper limits L, and the random-guess strategy
samples the opponent's dice from H and L.

Networks (spec §4; pgmpy fits every CPD with a BDeu Dirichlet prior and answers every query by
``VariableElimination``; no probability table is written by hand):

* **Response network** with nodes A (count of our bid, 2..10), B (opponent's hand supports our
  face: own(y) >= x-2), C (opponent's answering bid is a lie: own(y') <= x'-2), D (their bid
  keeps our face, y' = y, the spec's reading of "supports the face the previous player called";
  ``node_d="every_bid"`` reads it as 1 on every bid, open point 9), E (they challenge). Edges A->C, B->C, A->D, B->D, C->D, A->E, B->E;
  B is a root (``b_depends_on_a=True`` adds A->B). States are 0/1 with 1 = supports / lie /
  same face / challenge. C and D exist only when E = bid; they are left missing otherwise, so
  pgmpy estimates P(C|A,B) and P(D|A,B,C) from the bid rows only.
* **Opening network (a)**: one node O, "the opponent's opening bid is a lie".
* **Opening network (b)**: N (count of our opening, 2..10) -> K (the opponent challenged it).

Derived probabilities: P(B | A, D, E=bid), P(C | A, D, E=bid) (the thesis's formulas, with an
exact normaliser instead of P(D|A)P(E|A)), P(O = lie) and P(K = 1 | N).

Gate: the network's output is adopted only if u < n/(n+10), u ~ U(0,1), with n = recorded
decisions of the opponent when our count was A (response network), recorded opponent openings
(a), recorded openings of ours (b). One draw per opponent action, shared by its B and C updates;
one draw per game for our opening (made at ``new_game`` from the belief's own generator, because
``opening_challenge_probability`` gets none).

Learning schedule: as in the thesis, the networks learn after every game (``refit_every=1``, the
default). Training samples are counted after every game (the gate's n are these live counts) and the
conditional tables are the BDeu posterior of those counts. The posterior has a closed form, so a refit
computes every table the player reads straight from the count tables
(:mod:`liarlab.liardice.bbn_counts`, microseconds); pgmpy stays the model of record:
``fitter="pgmpy"`` refits the three ``DiscreteBayesianNetwork`` models with pgmpy's BDeu estimator and
answers with VariableElimination (~50 ms per refit, pandas inside pgmpy), and
:meth:`BayesNetBelief.pgmpy_models` builds them from the current counts at any time. The two agree to
1e-9 on random count tables for every query the player makes (tests/liardice/test_bbn_counts.py).
A batched schedule remains as a measured alternative: ``refit_every=k`` refits after k new games and,
with ``refit_doubling``, also whenever the number of games has doubled since the last refit (after games
1, 2, 4, ...). :func:`refit_sensitivity` measures what it changes; ``benchmarks/bench_liardice_bbn.py``
measures games/s. (``DiscreteBayesianNetwork.fit_update`` is not used: it re-weights every parent
configuration's old CPD column by the total sample count, which is not the count-accumulating update of
the thesis's tables.)

Two play engines: ``engine="fast"`` (default) compiles the random-guess decision with H/L, the
gate, the verdict updates and the training counts with numba (the test programs are the engine's
compiled ``liardice_fast._tp_decide``) and refits between batches, with the closed-form tables inside the
compiled match or (``compiled_refits=False``, ``fitter="pgmpy"``) through :meth:`BayesNetBelief.refit`;
``engine="python"`` plays the reference agents (``RandomGuessAgent`` with this
belief) and is the only one that records per-decision diagnostics (``record=True``, E8). The
two agree in distribution, not game by game (tested on win rates).

Notebook calls (paper 01):

* E7: ``run = run_bbn_matches(range(1, 33), n_games=500, n_seeds=R, seed=seed)``;
  ``summarize_vs_types(run)``; ``cumulative_wins(run, ["type1", "type8", "type11"])``.
  One-call form: ``bbn_vs_types(n_games, types=range(1, 33), n_seeds=R, seed=seed)``.
* E8: ``diag = run_bbn_matches([1, 8, 11, 23], n_games=500, n_seeds=R8, seed=seed, engine="python",
  record=True)``; ``gate_adoption_curve(diag)``, ``calibration_table(diag)``,
  ``imagined_hand_errors(diag)``.
* E9: ``warm_up(); bbn_timing(500, type_id=1, seed=seed)``.
* E10: ``bbn_substitutes(n_games=500, n_seeds=R, seed=seed)``.
* Refit schedule: ``refit_sensitivity(types=(1, 8, 11, 23), refit_values=[1, 10, 100, 250, (100, False)],
  n_seeds=R, seed=seed)``.

Experiments (each returns pandas DataFrames; parallel through :func:`liarlab.study.parallel.run_tasks`,
task i = one match of ``n_games`` games with its own random stream):

* :func:`run_bbn_matches` -> :class:`BBNRun` with per-game results of the BBN player *and* the plain
  random-guess player on the same per-game dice (common random numbers), gate/verdict records
  and end-of-game imagined-hand checks.
* E7: :func:`summarize_vs_types` (per type: wins, games, rates, Wilson 95 % intervals, paired
  difference with its 95 % interval); :func:`bbn_vs_types` runs and summarises in one call;
  :func:`cumulative_wins` gives the trend curves (Figs 5.9-5.11).
* E8: :func:`gate_adoption_curve`, :func:`calibration_table`, :func:`imagined_hand_errors`.
* E9: :func:`bbn_timing` (wall time of random-only vs BBN matches).
* E10 substitutes: :func:`bbn_substitutes` ((a) random-guess self-play, (b) BBN vs plain
  random-guess, (c) drifting opponents, (d) deceivers) in the layout of Table 5.1.
* Refit interval: :func:`refit_sensitivity`.
"""
from __future__ import annotations

import logging
import time
import warnings

import numpy as np
import pandas as pd

from liarlab.core.validation import check_choice, check_int
from liarlab.liardice.bbn_counts import closed_form_tables

DICE = 5
FACES = 6
COUNTS = tuple(range(2, 11))                 # node A / N values: legal counts with two players
# A game whose bids start at one die (paper 02's rules) has bids below the network's counts. The player reads such
# a bid as outside its network: it neither updates its imagined hand on it nor learns from it, and a count-1
# opening gets no opinion of network (b) (:func:`in_network`). The thesis's game never has one, so its play is
# unchanged.
BINARY = (0, 1)
MISSING = 2                                   # C, D index in the count table when E = challenge
DEFAULT_REFIT_EVERY = 1
DEFAULT_ESS = 5.0

RESPONSE_EDGES = (("A", "C"), ("B", "C"), ("A", "D"), ("B", "D"), ("C", "D"), ("A", "E"), ("B", "E"))


# ============================================================================ thesis definitions

def in_network(count: int) -> bool:
    """Is a bid of ``count`` dice one the networks have a node value for (:data:`COUNTS`)?"""
    return COUNTS[0] <= count <= COUNTS[-1]


def hand_supports(own_count: int, quantity: int) -> bool:
    """Node B: the hand 'supports' a bid when it lacks fewer than 3 dice of it: own >= x - 2."""
    return own_count >= quantity - 2


def bid_is_lie(own_count: int, quantity: int) -> bool:
    """Node C / network (a): a lie counts on 2+ dice from the other player: own <= x - 2."""
    return own_count <= quantity - 2


def refit_due(games: int, games_at_last_refit: int, refit_every: int, doubling: bool = True) -> bool:
    """Refit after ``refit_every`` new games; with ``doubling`` also whenever the games played have
    doubled since the last refit (after games 1, 2, 4, 8, ...), so early tables are never stale."""
    new_games = games - games_at_last_refit
    return new_games >= refit_every or (doubling and new_games >= games_at_last_refit)


def refit_points(n_games: int, refit_every: int, doubling: bool = True) -> list[int]:
    """The game counts after which a match of ``n_games`` refits."""
    points, last = [], 0
    for games in range(1, n_games + 1):
        if refit_due(games, last, refit_every, doubling):
            points.append(games)
            last = games
    return points


def gate_probability(n: int) -> float:
    """Adoption threshold n/(n+10): 0 at the first occurrence, 1/11 at the second, 1/2 after 10."""
    return n / (n + 10.0)


# ============================================================================ pgmpy networks

def _quiet_pgmpy():
    logging.getLogger("pgmpy").setLevel(logging.ERROR)
    warnings.filterwarnings("ignore", category=FutureWarning, module="pgmpy")


def response_network(b_depends_on_a: bool = False):
    """The Fig 4.9 network, edges read off the thesis's factorisations (spec §4.2)."""
    _quiet_pgmpy()
    from pgmpy.models import DiscreteBayesianNetwork

    edges = list(RESPONSE_EDGES) + ([("A", "B")] if b_depends_on_a else [])
    model = DiscreteBayesianNetwork(edges)
    model.add_nodes_from("ABCDE")
    return model


def opening_lie_network():
    """Fig 4.10(a): a single node O = 'the opponent's opening bid is a lie'."""
    _quiet_pgmpy()
    from pgmpy.models import DiscreteBayesianNetwork

    model = DiscreteBayesianNetwork()
    model.add_node("O")
    return model


def opening_challenge_network():
    """Fig 4.10(b): N (our opening count) -> K (the opponent challenged it)."""
    _quiet_pgmpy()
    from pgmpy.models import DiscreteBayesianNetwork

    return DiscreteBayesianNetwork([("N", "K")])


STATE_NAMES = {"A": list(COUNTS), "B": list(BINARY), "C": list(BINARY), "D": list(BINARY),
               "E": list(BINARY), "O": list(BINARY), "N": list(COUNTS), "K": list(BINARY)}


def fit_network(model, rows: pd.DataFrame, weights: np.ndarray, equivalent_sample_size: float,
                laplace: bool = False):
    """pgmpy fit on weighted rows (every state name passed, so unseen states keep prior mass): BDeu with
    ``equivalent_sample_size``, or (``laplace``) add-one smoothing, pgmpy's K2 prior."""
    from pgmpy.parameter_estimator import DiscreteBayesianEstimator

    states = {v: STATE_NAMES[v] for v in model.nodes()}
    estimator = DiscreteBayesianEstimator(state_names=states, prior_type="K2" if laplace else "BDeu",
                                          equivalent_sample_size=equivalent_sample_size)
    model.fit(rows, estimator=estimator, sample_weight=np.asarray(weights, dtype=float))
    return model


def response_rows(counts: np.ndarray) -> tuple[pd.DataFrame, np.ndarray]:
    """Non-empty cells of the (A, B, C, D, E) count table as weighted rows; C, D missing on challenges."""
    cells = np.argwhere(counts > 0)
    weights = counts[tuple(cells.T)].astype(float)
    c = cells[:, 2].astype(float)
    d = cells[:, 3].astype(float)
    c[c == MISSING] = np.nan
    d[d == MISSING] = np.nan
    rows = pd.DataFrame({"A": cells[:, 0] + COUNTS[0], "B": cells[:, 1], "C": c, "D": d, "E": cells[:, 4]})
    return rows, weights


def response_posteriors(model) -> tuple[np.ndarray, np.ndarray]:
    """P(B=supports | A, D, E=bid) and P(C=lie | A, D, E=bid) for every (A, D), from one joint query.

    Arrays are indexed [A - 2, D]. The joint P(A, B, C, D | E=bid) comes from VariableElimination;
    conditioning on (A, D) then only divides its sums.
    """
    from pgmpy.inference import VariableElimination

    joint = VariableElimination(model).query(["A", "B", "C", "D"], evidence={"E": 0},
                                             joint=True, show_progress=False)
    values = _ordered(joint, ["A", "B", "C", "D"])
    by_ad = values.sum(axis=(1, 2))                                  # [A, D]
    p_supports = values[:, 1, :, :].sum(axis=1) / by_ad
    p_lie = values[:, :, 1, :].sum(axis=1) / by_ad
    return p_supports, p_lie


def _ordered(factor, order):
    """Factor values as an array with axes in ``order`` and states in STATE_NAMES order."""
    axes = [factor.variables.index(v) for v in order]
    values = np.transpose(factor.values, axes)
    for axis, v in enumerate(order):
        if list(factor.state_names[v]) != STATE_NAMES[v]:
            index = [factor.state_names[v].index(s) for s in STATE_NAMES[v]]
            values = np.take(values, index, axis=axis)
    return values


def query_probability(model, variable: str, state, evidence: dict | None = None) -> float:
    """One VariableElimination query P(variable = state | evidence)."""
    from pgmpy.inference import VariableElimination

    factor = VariableElimination(model).query([variable], evidence=evidence or None, show_progress=False)
    return float(factor.values[list(factor.state_names[variable]).index(state)])


def pgmpy_tables(response_counts, opening_lie_counts, opening_challenge_counts, ess: float,
                 b_depends_on_a: bool = False, laplace: bool = False) -> dict:
    """The tables of :func:`liarlab.liardice.bbn_counts.closed_form_tables` from pgmpy (the model of record):
    a fit of the three networks on the weighted rows of the count tables, then VariableElimination
    queries. Also returns the models. (Lives here, not in ``bbn_counts``, so that module imports nothing
    of this one.)"""
    out = {"models": {}}
    rows, weights = response_rows(np.asarray(response_counts))
    model = fit_network(response_network(b_depends_on_a), rows, weights, ess, laplace)
    out["models"]["response"] = model
    out["p_supports"], out["p_lie"] = response_posteriors(model)
    model = fit_network(opening_lie_network(), pd.DataFrame({"O": list(BINARY)}),
                        np.asarray(opening_lie_counts, dtype=float), ess, laplace)
    out["models"]["opening_lie"] = model
    out["p_opening_lie"] = query_probability(model, "O", 1)
    counts = np.asarray(opening_challenge_counts)
    cells = np.argwhere(np.ones_like(counts, dtype=bool))
    rows = pd.DataFrame({"N": cells[:, 0] + COUNTS[0], "K": cells[:, 1]})
    model = fit_network(opening_challenge_network(), rows, counts[tuple(cells.T)].astype(float), ess, laplace)
    out["models"]["opening_challenge"] = model
    out["p_opening_challenged"] = _challenge_by_count(model)
    return out


# ============================================================================ imagined hand

class ImaginedHand:
    """H (imagined partial opponent hand, counts per face) and L (per-face upper limits, -1 = none).

    Fills never exceed a limit or the five dice; a new limit is never below the dice already
    imagined on that face, and repeated limits keep the smaller one (spec §4.5).
    """

    __slots__ = ("H", "L")

    def __init__(self):
        self.H = [0] * FACES
        self.L = [-1] * FACES

    @property
    def size(self) -> int:
        return sum(self.H)

    def is_blank(self) -> bool:
        return self.size == 0 and max(self.L) < 0

    def fill_to(self, face: int, target: int) -> None:
        """Add dice of ``face`` until H(face) = target, within the limit and the five dice."""
        f = face - 1
        room = DICE - self.size
        cap = self.L[f] if self.L[f] >= 0 else DICE
        self.H[f] = max(self.H[f], min(target, self.H[f] + room, cap))

    def limit(self, face: int, at_most: int) -> None:
        """Allow at most ``at_most`` dice of ``face`` (never fewer than imagined, never raised)."""
        f = face - 1
        new = max(at_most, self.H[f], 0)
        self.L[f] = new if self.L[f] < 0 else min(self.L[f], new)

    def guess_range(self, face: int) -> tuple[int, int]:
        """lo = H(y); hi = min(5 - other imagined dice, L(y) if limited)."""
        f = face - 1
        hi = DICE - (self.size - self.H[f])
        if self.L[f] >= 0:
            hi = min(hi, self.L[f])
        return self.H[f], max(hi, self.H[f])

    def free_capacity(self) -> tuple[int, ...]:
        """Dice each face may still receive from the uniform fill (5 where unlimited)."""
        return tuple(DICE if lim < 0 else lim - h for h, lim in zip(self.H, self.L))


def _compositions(k: int) -> np.ndarray:
    """All count vectors of k dice over six faces."""
    if k == 0:
        return np.zeros((1, FACES), dtype=np.int64)
    rows = []

    def rec(prefix, left, faces_left):
        if faces_left == 1:
            rows.append(prefix + [left])
            return
        for c in range(left + 1):
            rec(prefix + [c], left - c, faces_left - 1)

    rec([], k, FACES)
    return np.array(rows, dtype=np.int64)


def _multinomial_weights(comps: np.ndarray) -> np.ndarray:
    from math import factorial

    k = int(comps[0].sum())
    return np.array([factorial(k) / np.prod([factorial(int(c)) for c in row]) for row in comps], dtype=float)


_COMPOSITIONS = {k: _compositions(k) for k in range(DICE + 1)}
_WEIGHTS = {k: _multinomial_weights(c) for k, c in _COMPOSITIONS.items()}
_FILL_CACHE: dict = {}


def _fill_table(k: int, capacity: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Fills of k uniform dice that respect ``capacity``, with cumulative probabilities.

    This is rejection sampling's distribution (uniform dice conditioned on the limits) without the
    rejections; infeasible limits are ignored, as the spec says.
    """
    key = (k, capacity)
    table = _FILL_CACHE.get(key)
    if table is None:
        comps, weights = _COMPOSITIONS[k], _WEIGHTS[k]
        ok = np.all(comps <= np.asarray(capacity), axis=1)
        if not ok.any():
            ok[:] = True
        cumulative = np.cumsum(weights[ok])
        table = (comps[ok], cumulative / cumulative[-1])
        _FILL_CACHE[key] = table
    return table


def sample_hand(hand: ImaginedHand, rng: np.random.Generator) -> np.ndarray:
    """H plus 5 - |H| uniform dice, conditioned on every limited face staying within L."""
    k = DICE - hand.size
    capacity = hand.free_capacity()
    if k == DICE and min(capacity) >= DICE:
        # no information: the same draws as UniformBelief, so CRN pairs stay aligned
        return np.bincount(rng.integers(0, FACES, DICE), minlength=FACES)
    comps, cumulative = _fill_table(k, capacity)
    pick = int(np.searchsorted(cumulative, rng.random(), side="right"))
    return np.asarray(hand.H, dtype=np.int64) + comps[min(pick, len(comps) - 1)]


# ============================================================================ the belief

class BayesNetBelief:
    """Opponent model of Ch. 4 §3 behind the belief interface of :mod:`liarlab.liardice.agents`.

    Parameters
    ----------
    rng : generator for the once-per-game gate of our opening (network (b)); default fixed seed 0.
    refit_every : refit the networks after this many games (1, the default, is the thesis: after every game).
    fitter : ``"counts"`` (closed-form BDeu tables from the counts, default) or ``"pgmpy"`` (pgmpy fit +
        VariableElimination at every refit; the same tables, ~1,000 times slower).
    b_depends_on_a : add the edge A -> B (P(B|A) instead of P(B)).
    verdict : ``"threshold"`` (credible / supports iff probability > 0.5) or ``"sample"``
        (Bernoulli draws with the network's probability).
    not_support_offset : limit after a "does not support" verdict is x - 2 (Fig 4.16) or x - 3.
    opening_fill : credible opponent opening adds ``"one"`` die (text) or fills ``"to_count"`` x - 1.
    use_opening_probability : use probability 4 (network (b)) at our opening (spec §4.7 reading);
        False keeps the plain opponent-belief check there. The reading keeps a candidate opening
        when the opponent would challenge it, true or not, and counts never opened keep the prior
        P(K=1) = 0.5, so it pushes openings towards higher counts.
    equivalent_sample_size : BDeu prior strength for every node.
    prior : ``"BDeu"`` (default, pgmpy's prior with ``equivalent_sample_size``) or ``"laplace"`` (add-one
        smoothing, the spec's reading; pgmpy's K2 prior). The default is a stated deviation from the spec.
    h_updates, l_updates : ablations: False drops every fill of H (resp. every limit in L).
    gate : ``"thesis"`` (adopt with probability n/(n+10)) or ``"shut"`` (never adopt: no H, no L, no
        probability 4; the player is then plain random-guess, draw for draw).
    challenge_guess : ``"range"`` (thesis reading: g ~ U{H(y)..hi}) or ``"sampled"`` (spec variant: g = the
        count of y in a hand sampled from H and L, used on faces the model has an opinion about; others keep
        the uniform guess).
    gate_draws : ``"shared"`` (the spec's reading: one gate draw per opponent action, shared by the B and C
        updates) or ``"per_update"`` (open point 10: each update draws its own gate).
    gate_count : ``"before"`` (the spec's reading: a gate's n counts the records before the current event, so
        the first occurrence is never adopted) or ``"after"`` (open point 10: n includes the current event).
    normaliser : ``"exact"`` (the spec's reading: posteriors normalised over B, resp. C) or ``"thesis"`` (open
        point 8: divided by the thesis's P(D|A) P(E|A), :func:`liarlab.liardice.bbn_counts.response_tables`; the
        closed-form fitter only).
    node_d : ``"same_face"`` (the spec's reading, open point 9: D = 1 iff their bid keeps our face, y' = y) or
        ``"every_bid"`` (the other reading of the seed's "supports the face the previous player called": every bid
        accepts the call it answers, so D = 1 on every bid, in the training samples and in the query). D is then a
        constant: its table learns P(D=1 | A, B, C) -> 1 and carries nothing but its prior's trace, so the posteriors
        are (up to that trace) the network's without node D.
    weighted_hand : X3 (Ch. 6): a "supports"/"credible" verdict adds the network's probability times the dice
        the thesis would add, as real-valued weights W (limits in L stay as in the thesis); the player must
        use real-valued guessing (``RandomGuessAgent(guess="real")``), which then samples its opponent hands
        from :meth:`sample_real_hand`.
    record : keep gate, verdict and imagined-hand records for the E8 diagnostics.
    """

    def __init__(self, rng: np.random.Generator | None = None, *, refit_every: int = DEFAULT_REFIT_EVERY,
                 refit_doubling: bool = True, b_depends_on_a: bool = False, verdict: str = "threshold", not_support_offset: int = 2,
                 opening_fill: str = "one", use_opening_probability: bool = True,
                 equivalent_sample_size: float = DEFAULT_ESS, record: bool = False, fitter: str = "counts",
                 prior: str = "BDeu", h_updates: bool = True, l_updates: bool = True, gate: str = "thesis",
                 challenge_guess: str = "range", weighted_hand: bool = False, normaliser: str = "exact",
                 gate_draws: str = "shared", gate_count: str = "before", node_d: str = "same_face"):
        self.rng = np.random.default_rng(0) if rng is None else rng
        self.refit_every = check_int("refit_every", refit_every, 1)
        self.refit_doubling = bool(refit_doubling)
        self.b_depends_on_a = bool(b_depends_on_a)
        self.verdict = check_choice("verdict", verdict, ("threshold", "sample"))
        self.not_support_offset = check_choice("not_support_offset", not_support_offset, (2, 3))
        self.opening_fill = check_choice("opening_fill", opening_fill, ("one", "to_count"))
        self.use_opening_probability = bool(use_opening_probability)
        if not equivalent_sample_size > 0:
            raise ValueError(f"equivalent_sample_size must be > 0, got {equivalent_sample_size!r}")
        self.ess = float(equivalent_sample_size)
        self.prior = check_choice("prior", prior, ("BDeu", "laplace"))
        self.laplace = self.prior == "laplace"
        self.h_updates = bool(h_updates)
        self.l_updates = bool(l_updates)
        self.gate = check_choice("gate", gate, ("thesis", "shut"))
        self.challenge_guess = check_choice("challenge_guess", challenge_guess, ("range", "sampled"))
        self.weighted_hand = bool(weighted_hand)
        self.weights = np.zeros(FACES)
        self.record = bool(record)
        self.fitter = check_choice("fitter", fitter, ("counts", "pgmpy"))
        self.normaliser = check_choice("normaliser", normaliser, ("exact", "thesis"))
        self.gate_draws = check_choice("gate_draws", gate_draws, ("shared", "per_update"))
        self.gate_count = check_choice("gate_count", gate_count, ("before", "after"))
        self._n_after = int(self.gate_count == "after")
        self.node_d = check_choice("node_d", node_d, ("same_face", "every_bid"))
        if self.gate_draws == "per_update" and weighted_hand:
            raise ValueError("a gate per update is built for the thesis's hand, not X3's weighted hand")
        if self.normaliser == "thesis" and self.fitter == "pgmpy":
            raise ValueError("the thesis's normaliser is a reading of the closed-form tables: use fitter='counts'")
        # training counts: response table [A, B, C(+missing), D(+missing), E]; (a) [lie]; (b) [N, K]
        self.response_counts = np.zeros((len(COUNTS), 2, 3, 3, 2), dtype=np.int64)
        self.opening_lie_counts = np.zeros(2, dtype=np.int64)
        self.opening_challenge_counts = np.zeros((len(COUNTS), 2), dtype=np.int64)
        self.decisions_at = np.zeros(len(COUNTS), dtype=np.int64)    # gate n per count A
        self.games = 0
        self.refits = 0
        self.refit_seconds = 0.0
        self.refit_cpu_seconds = 0.0
        self._games_at_refit = 0
        self.models = {}
        self.p_supports = None          # [A-2, D] -> P(B = supports | A, D, E = bid)
        self.p_lie = None               # [A-2, D] -> P(C = lie | A, D, E = bid)
        self.p_opening_lie = None
        self.p_opening_challenged = None  # [N-2] -> P(K = 1 | N)
        self.hand = ImaginedHand()
        self._opening_adopted = False
        self._pending = []
        self.observations = []          # diagnostics rows (record=True)
        self.hand_checks = []

    # ------------------------------------------------------------------ interface: per game
    def new_game(self, starter_is_me: bool) -> None:
        self.hand = ImaginedHand()
        self.weights = np.zeros(FACES)
        self._pending = []
        self._opening_adopted = False
        if (starter_is_me and self.use_opening_probability and self.p_opening_challenged is not None
                and self.gate == "thesis"):
            n = int(self.opening_challenge_counts.sum()) + self._n_after
            self._opening_adopted = self.rng.random() < gate_probability(n)

    def sample_opponent_hand(self, rng: np.random.Generator) -> np.ndarray:
        return sample_hand(self.hand, rng)

    def challenge_guess_range(self, face: int) -> tuple[int, int]:
        return self.hand.guess_range(face)

    def sample_real_hand(self, rng: np.random.Generator) -> np.ndarray | None:
        """X3: the weights W plus the remaining 5 - sum(W) dice cut as 5 * Dirichlet(1, ..., 1) (X1), each limited
        face clipped at its limit; None unless ``weighted_hand``."""
        if not self.weighted_hand:
            return None
        rest = max(DICE - float(self.weights.sum()), 0.0)
        hand = self.weights + rest * rng.dirichlet(np.ones(FACES))
        limits = np.asarray(self.hand.L, dtype=float)
        return np.where(limits >= 0, np.minimum(hand, limits), hand)

    def _add_weight(self, face: int, target: float, p: float) -> None:
        """X3 fill: add ``p`` times the dice the thesis would add to reach ``target``, within five dice."""
        f = face - 1
        add = p * max(target - self.weights[f], 0.0)
        self.weights[f] += min(add, max(DICE - float(self.weights.sum()), 0.0))

    def sampled_challenge_guess(self, face: int, rng: np.random.Generator) -> int | None:
        """Reading ``challenge_guess="sampled"``: the count of ``face`` in a hand sampled from H and L when
        the model has an opinion about that face; None (the uniform range guess) otherwise."""
        f = face - 1
        if self.challenge_guess != "sampled" or (self.hand.H[f] == 0 and self.hand.L[f] < 0):
            return None
        return int(sample_hand(self.hand, rng)[f])

    def opening_challenge_probability(self, count: int) -> float | None:
        if not self._opening_adopted or not in_network(count):
            return None
        return float(self.p_opening_challenged[count - COUNTS[0]])

    def observe_opponent_action(self, my_last_bid, action, rng: np.random.Generator) -> None:
        if action[0] != "bid":
            return      # a challenge ends the game: nothing left to guess
        if not in_network((my_last_bid or action[1])[0]):
            return      # a bid below the network's counts (a game with bids from one die): no verdict on it
        if my_last_bid is None:
            self._observe_opening(tuple(action[1]), rng)
        else:
            self._observe_response(tuple(my_last_bid), tuple(action[1]), rng)

    def end_game(self, record, me: int) -> None:
        opp_hand = np.asarray(record.hands[1 - me])
        self._check_imagined_hand(opp_hand)
        self._resolve_pending(opp_hand)
        self.add_training_samples(record, me)
        self.games += 1
        if refit_due(self.games, self._games_at_refit, self.refit_every, self.refit_doubling):
            self.refit()

    # ------------------------------------------------------------------ H / L updates (§4.5)
    def _observe_opening(self, bid, rng) -> None:
        n = int(self.opening_lie_counts.sum()) + self._n_after
        adopted = self.p_opening_lie is not None and self._gate(n, rng)
        if adopted and self.weighted_hand:
            if self._says(self.p_opening_lie, rng):
                self._limit(bid[1], bid[0] - 2)
            else:
                self._add_weight(bid[1], self.weights[bid[1] - 1] + 1, 1 - self.p_opening_lie)
        elif adopted:
            self.apply_opening_verdict(bid, not self._says(self.p_opening_lie, rng))
        if self.record:
            self._pending.append(("opening", None, bid, n, adopted, None, self.p_opening_lie))

    def _observe_response(self, mine, theirs, rng) -> None:
        x, y = mine
        x2, y2 = theirs
        n = int(self.decisions_at[x - COUNTS[0]]) + self._n_after
        fitted = self.p_supports is not None
        adopted = fitted and self._gate(n, rng)
        p_b = p_c = None
        if fitted:
            d = self.node_d_state(y, y2)
            p_b = float(self.p_supports[x - COUNTS[0], d])
            p_c = float(self.p_lie[x - COUNTS[0], d])
        if fitted and self.gate_draws == "per_update":
            # one gate per update: the first draw gates B's update (our face), a second C's (theirs)
            gate_c = self._gate(n, rng)
            if adopted:
                supports = self._says(p_b, rng)
                if supports:
                    self._fill(y, x - 2)
                else:
                    self._limit(y, x - self.not_support_offset)
            if gate_c:
                if not self._says(p_c, rng):
                    self._fill(y2, x2 - 1)
                else:
                    self._limit(y2, x2 - 2)
            adopted = adopted or gate_c
        elif adopted and self.weighted_hand:
            supports, credible = self._says(p_b, rng), not self._says(p_c, rng)
            if supports:
                self._add_weight(y, x - 2, p_b)
            else:
                self._limit(y, x - self.not_support_offset)
            if credible:
                self._add_weight(y2, x2 - 1, 1 - p_c)
            else:
                self._limit(y2, x2 - 2)
        elif adopted:
            self.apply_response_verdicts(mine, theirs, self._says(p_b, rng), not self._says(p_c, rng))
        if self.record:
            self._pending.append(("response", mine, theirs, n, adopted, p_b, p_c))

    def node_d_state(self, y: int, y2: int) -> int:
        """Node D of an answer with face ``y2`` to our bid on face ``y`` (``node_d``): 1 iff y2 = y, or 1 always."""
        return 1 if self.node_d == "every_bid" else int(y2 == y)

    def apply_response_verdicts(self, mine, theirs, supports: bool, credible: bool) -> None:
        """Figs 4.13/4.16 for our face, then Figs 4.14/4.17 for theirs."""
        (x, y), (x2, y2) = mine, theirs
        if supports:
            self._fill(y, x - 2)
        else:
            self._limit(y, x - self.not_support_offset)
        if credible:
            self._fill(y2, x2 - 1)
        else:
            self._limit(y2, x2 - 2)

    def _fill(self, face: int, target: int) -> None:
        if self.h_updates:
            self.hand.fill_to(face, target)

    def _limit(self, face: int, at_most: int) -> None:
        if self.l_updates:
            self.hand.limit(face, at_most)

    def apply_opening_verdict(self, bid, credible: bool) -> None:
        """Figs 4.12/4.15."""
        x, y = bid
        if credible:
            self._fill(y, self.hand.H[y - 1] + 1 if self.opening_fill == "one" else x - 1)
        else:
            self._limit(y, x - 2)

    def _gate(self, n: int, rng) -> bool:
        return self.gate == "thesis" and n > 0 and rng.random() < gate_probability(n)

    def _says(self, p: float, rng) -> bool:
        """The verdict 'yes' for probability p: p > 0.5, or a Bernoulli(p) draw."""
        if self.verdict == "threshold":
            return p > 0.5
        return bool(rng.random() < p)

    # ------------------------------------------------------------------ training (§4.6)
    def add_training_samples(self, record, me: int) -> None:
        """Openings to (a) / (b); every opponent answer to one of our bids to the response network."""
        opp = 1 - me
        opp_hand = record.hands[opp]
        bids = record.bids
        if not bids:
            return
        opener, (x0, y0) = bids[0]
        if not in_network(x0):
            pass                                    # an opening below the network's counts teaches nothing
        elif opener == opp:
            self.opening_lie_counts[int(bid_is_lie(opp_hand[y0 - 1], x0))] += 1
        else:
            challenged = len(bids) == 1 and record.challenger == opp
            self.opening_challenge_counts[x0 - COUNTS[0], int(challenged)] += 1
        for i, (seat, (x, y)) in enumerate(bids):
            if seat != me or not in_network(x):
                continue
            a = x - COUNTS[0]
            b = int(hand_supports(opp_hand[y - 1], x))
            if i + 1 < len(bids):
                x2, y2 = bids[i + 1][1]
                self.response_counts[a, b, int(bid_is_lie(opp_hand[y2 - 1], x2)),
                                     self.node_d_state(y, y2), 0] += 1
            else:
                self.response_counts[a, b, MISSING, MISSING, 1] += 1
            self.decisions_at[a] += 1

    def refit(self) -> None:
        """Refit the three networks and cache every posterior the play needs: from the count tables
        in closed form (``fitter="counts"``, default) or with pgmpy (``fitter="pgmpy"``); the two agree
        to 1e-9 (tests/liardice/test_bbn_counts.py)."""
        if self.fitter == "pgmpy":
            self._refit_pgmpy()
            return
        start, start_cpu = time.perf_counter(), time.process_time()
        tables = closed_form_tables(self.response_counts, self.opening_lie_counts, self.opening_challenge_counts,
                                    self.ess, self.b_depends_on_a, self.laplace, self.normaliser == "thesis")
        # a network with no samples yet has no opinion (the gate's n is 0 there anyway)
        if self.response_counts.any():
            self.p_supports, self.p_lie = tables["p_supports"], tables["p_lie"]
        if self.opening_lie_counts.any():
            self.p_opening_lie = tables["p_opening_lie"]
        if self.opening_challenge_counts.any():
            self.p_opening_challenged = tables["p_opening_challenged"]
        self._games_at_refit = self.games
        self.refits += 1
        self.refit_seconds += time.perf_counter() - start
        self.refit_cpu_seconds += time.process_time() - start_cpu

    def pgmpy_models(self) -> dict:
        """The three pgmpy ``DiscreteBayesianNetwork`` models fitted (BDeu) to the current counts: the
        model of record, whose VariableElimination answers equal the cached tables."""
        self._refit_pgmpy(count=False)
        return self.models

    def _refit_pgmpy(self, count: bool = True) -> None:
        start, start_cpu = time.perf_counter(), time.process_time()
        if self.response_counts.any():
            rows, weights = response_rows(self.response_counts)
            model = fit_network(response_network(self.b_depends_on_a), rows, weights, self.ess, self.laplace)
            self.models["response"] = model
            self.p_supports, self.p_lie = response_posteriors(model)
        if self.opening_lie_counts.any():
            rows = pd.DataFrame({"O": list(BINARY)})
            model = fit_network(opening_lie_network(), rows, self.opening_lie_counts, self.ess, self.laplace)
            self.models["opening_lie"] = model
            self.p_opening_lie = query_probability(model, "O", 1)
        if self.opening_challenge_counts.any():
            cells = np.argwhere(self.opening_challenge_counts > 0)
            rows = pd.DataFrame({"N": cells[:, 0] + COUNTS[0], "K": cells[:, 1]})
            weights = self.opening_challenge_counts[tuple(cells.T)]
            model = fit_network(opening_challenge_network(), rows, weights, self.ess, self.laplace)
            self.models["opening_challenge"] = model
            self.p_opening_challenged = _challenge_by_count(model)
        if not count:
            return
        self._games_at_refit = self.games
        self.refits += 1
        self.refit_seconds += time.perf_counter() - start
        self.refit_cpu_seconds += time.process_time() - start_cpu

    # ------------------------------------------------------------------ diagnostics (E8)
    def _check_imagined_hand(self, opp_hand) -> None:
        if not self.record:
            return
        H = np.asarray(self.hand.H)
        L = np.asarray(self.hand.L)
        limited = L >= 0
        self.hand_checks.append({
            "game": self.games, "h_dice": int(H.sum()),
            "h_dice_wrong": int(np.maximum(H - opp_hand, 0).sum()),
            "n_limits": int(limited.sum()),
            "n_limits_wrong": int((limited & (opp_hand > L)).sum()),
        })

    def _resolve_pending(self, opp_hand) -> None:
        for kind, mine, theirs, n, adopted, p_b, p_c in self._pending:
            x2, y2 = theirs
            row = {"game": self.games, "kind": kind, "count": (mine or theirs)[0], "n": n,
                   "gate": gate_probability(n), "adopted": bool(adopted),
                   "p_supports": np.nan if p_b is None else p_b,
                   "p_lie": np.nan if p_c is None else p_c,
                   "lie": bid_is_lie(opp_hand[y2 - 1], x2)}
            row["supports"] = (hand_supports(opp_hand[mine[1] - 1], mine[0]) if mine is not None else np.nan)
            self.observations.append(row)
        self._pending = []


def _challenge_by_count(model) -> np.ndarray:
    """P(K = 1 | N = n) for every n, from one joint VariableElimination query."""
    from pgmpy.inference import VariableElimination

    joint = VariableElimination(model).query(["N", "K"], joint=True, show_progress=False)
    values = _ordered(joint, ["N", "K"])
    return values[:, 1] / values.sum(axis=1)
