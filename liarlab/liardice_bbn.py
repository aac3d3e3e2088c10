"""Bayesian-belief-network opponent model for two-player Liar Dice (paper 01, Huang 2009, Ch. 4 §3).

:class:`BayesNetBelief` implements the belief interface of :mod:`liarlab.liardice_agents`
(``RandomGuessAgent(belief=BayesNetBelief(...))``). It learns, across the games of one match,
three pgmpy ``DiscreteBayesianNetwork`` models of the opponent, turns their outputs into an
imagined partial opponent hand H and per-face upper limits L, and the random-guess strategy
samples the opponent's dice from H and L.

Networks (spec §4; pgmpy fits every CPD with a BDeu Dirichlet prior and answers every query by
``VariableElimination``; no probability table is written by hand):

* **Response network** with nodes A (count of our bid, 2..10), B (opponent's hand supports our
  face: own(y) >= x-2), C (opponent's answering bid is a lie: own(y') <= x'-2), D (their bid
  keeps our face, y' = y), E (they challenge). Edges A->C, B->C, A->D, B->D, C->D, A->E, B->E;
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

Speed and the refit schedule (a documented deviation): the thesis retrains after every game.
Here training samples are counted after every game (and the gate's n are these live counts), but
pgmpy refits the three networks from the aggregated, weighted count table (the exact BDeu
posterior; at most 324 rows) only on a schedule: after ``refit_every`` new games, and, with
``refit_doubling`` (default), also whenever the number of games has doubled since the last refit
(after games 1, 2, 4, ..., 128, 256), so the early tables are never stale. With the default
``refit_every=250`` a 500-game match refits 9 times instead of 500; on types 1, 8, 11 and 23
(3 x 500 games each) that changed the BBN win rate by +0.1 points (95 % CI -0.3..+0.5) against
refitting after every game, paired on the same dice (``refit_sensitivity``). Each refit precomputes the
posteriors for every evidence value (A, D) from one joint VariableElimination query, so play
never calls pgmpy. One refit costs ~40-100 ms (pandas inside pgmpy's counting), which is the
whole cost of BBN play: ``refit_every=1`` is the thesis's schedule but runs at ~10-20 games/s.
:func:`refit_sensitivity` measures what the coarser schedule changes; ``benchmarks/
bench_liardice_bbn.py`` measures games/s. (``DiscreteBayesianNetwork.fit_update`` is not used:
it re-weights every parent configuration's old CPD column by the total sample count, which is
not the count-accumulating update of the thesis's tables.)

Two play engines: ``engine="fast"`` (default) compiles the random-guess decision with H/L, the
gate, the verdict updates and the training counts with numba (the test programs are the engine's
compiled ``liardice_fast._tp_decide``), and hands the counts to :meth:`BayesNetBelief.refit`
between batches; ``engine="python"`` plays the reference agents (``RandomGuessAgent`` with this
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

Experiments (each returns pandas DataFrames; parallel through :func:`liarlab.parallel.run_tasks`,
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
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from numba import njit

from .liardice import THESIS, play_game
from .liardice_agents import RandomGuessAgent, TestProgram
from .liardice_fast import _tp_decide, _weighted_pick  # the engine's compiled test programs and bid draw
from .stats import mean_interval, wilson_interval
from .validation import check_choice, check_int

DICE = 5
FACES = 6
COUNTS = tuple(range(2, 11))                 # node A / N values: legal counts with two players
BINARY = (0, 1)
MISSING = 2                                   # C, D index in the count table when E = challenge
DEFAULT_REFIT_EVERY = 250
DEFAULT_ESS = 5.0

RESPONSE_EDGES = (("A", "C"), ("B", "C"), ("A", "D"), ("B", "D"), ("C", "D"), ("A", "E"), ("B", "E"))


# ============================================================================ thesis definitions

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


def fit_network(model, rows: pd.DataFrame, weights: np.ndarray, equivalent_sample_size: float):
    """pgmpy BDeu fit on weighted rows (every state name passed, so unseen states keep prior mass)."""
    from pgmpy.parameter_estimator import DiscreteBayesianEstimator

    states = {v: STATE_NAMES[v] for v in model.nodes()}
    estimator = DiscreteBayesianEstimator(state_names=states, prior_type="BDeu",
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
    """Opponent model of Ch. 4 §3 behind the belief interface of :mod:`liarlab.liardice_agents`.

    Parameters
    ----------
    rng : generator for the once-per-game gate of our opening (network (b)); default fixed seed 0.
    refit_every : refit the networks after this many games (1 = the thesis: after every game).
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
    record : keep gate, verdict and imagined-hand records for the E8 diagnostics.
    """

    def __init__(self, rng: np.random.Generator | None = None, *, refit_every: int = DEFAULT_REFIT_EVERY,
                 refit_doubling: bool = True, b_depends_on_a: bool = False, verdict: str = "threshold", not_support_offset: int = 2,
                 opening_fill: str = "one", use_opening_probability: bool = True,
                 equivalent_sample_size: float = DEFAULT_ESS, record: bool = False):
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
        self.record = bool(record)
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
        self._pending = []
        self._opening_adopted = False
        if starter_is_me and self.use_opening_probability and self.p_opening_challenged is not None:
            n = int(self.opening_challenge_counts.sum())
            self._opening_adopted = self.rng.random() < gate_probability(n)

    def sample_opponent_hand(self, rng: np.random.Generator) -> np.ndarray:
        return sample_hand(self.hand, rng)

    def challenge_guess_range(self, face: int) -> tuple[int, int]:
        return self.hand.guess_range(face)

    def opening_challenge_probability(self, count: int) -> float | None:
        if not self._opening_adopted:
            return None
        return float(self.p_opening_challenged[count - COUNTS[0]])

    def observe_opponent_action(self, my_last_bid, action, rng: np.random.Generator) -> None:
        if action[0] != "bid":
            return      # a challenge ends the game: nothing left to guess
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
        n = int(self.opening_lie_counts.sum())
        adopted = self.p_opening_lie is not None and self._gate(n, rng)
        if adopted:
            self.apply_opening_verdict(bid, not self._says(self.p_opening_lie, rng))
        if self.record:
            self._pending.append(("opening", None, bid, n, adopted, None, self.p_opening_lie))

    def _observe_response(self, mine, theirs, rng) -> None:
        x, y = mine
        x2, y2 = theirs
        n = int(self.decisions_at[x - COUNTS[0]])
        fitted = self.p_supports is not None
        adopted = fitted and self._gate(n, rng)
        p_b = p_c = None
        if fitted:
            same_face = int(y2 == y)
            p_b = float(self.p_supports[x - COUNTS[0], same_face])
            p_c = float(self.p_lie[x - COUNTS[0], same_face])
        if adopted:
            self.apply_response_verdicts(mine, theirs, self._says(p_b, rng), not self._says(p_c, rng))
        if self.record:
            self._pending.append(("response", mine, theirs, n, adopted, p_b, p_c))

    def apply_response_verdicts(self, mine, theirs, supports: bool, credible: bool) -> None:
        """Figs 4.13/4.16 for our face, then Figs 4.14/4.17 for theirs."""
        (x, y), (x2, y2) = mine, theirs
        if supports:
            self.hand.fill_to(y, x - 2)
        else:
            self.hand.limit(y, x - self.not_support_offset)
        if credible:
            self.hand.fill_to(y2, x2 - 1)
        else:
            self.hand.limit(y2, x2 - 2)

    def apply_opening_verdict(self, bid, credible: bool) -> None:
        """Figs 4.12/4.15."""
        x, y = bid
        if credible:
            self.hand.fill_to(y, self.hand.H[y - 1] + 1 if self.opening_fill == "one" else x - 1)
        else:
            self.hand.limit(y, x - 2)

    def _gate(self, n: int, rng) -> bool:
        return n > 0 and rng.random() < gate_probability(n)

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
        if opener == opp:
            self.opening_lie_counts[int(bid_is_lie(opp_hand[y0 - 1], x0))] += 1
        else:
            challenged = len(bids) == 1 and record.challenger == opp
            self.opening_challenge_counts[x0 - COUNTS[0], int(challenged)] += 1
        for i, (seat, (x, y)) in enumerate(bids):
            if seat != me:
                continue
            a = x - COUNTS[0]
            b = int(hand_supports(opp_hand[y - 1], x))
            if i + 1 < len(bids):
                x2, y2 = bids[i + 1][1]
                self.response_counts[a, b, int(bid_is_lie(opp_hand[y2 - 1], x2)), int(y2 == y), 0] += 1
            else:
                self.response_counts[a, b, MISSING, MISSING, 1] += 1
            self.decisions_at[a] += 1

    def refit(self) -> None:
        """Refit the three networks with pgmpy and cache every posterior the play needs."""
        start, start_cpu = time.perf_counter(), time.process_time()
        if self.response_counts.any():
            rows, weights = response_rows(self.response_counts)
            model = fit_network(response_network(self.b_depends_on_a), rows, weights, self.ess)
            self.models["response"] = model
            self.p_supports, self.p_lie = response_posteriors(model)
        if self.opening_lie_counts.any():
            rows = pd.DataFrame({"O": list(BINARY)})
            model = fit_network(opening_lie_network(), rows, self.opening_lie_counts, self.ess)
            self.models["opening_lie"] = model
            self.p_opening_lie = query_probability(model, "O", 1)
        if self.opening_challenge_counts.any():
            cells = np.argwhere(self.opening_challenge_counts > 0)
            rows = pd.DataFrame({"N": cells[:, 0] + COUNTS[0], "K": cells[:, 1]})
            weights = self.opening_challenge_counts[tuple(cells.T)]
            model = fit_network(opening_challenge_network(), rows, weights, self.ess)
            self.models["opening_challenge"] = model
            self.p_opening_challenged = _challenge_by_count(model)
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


# ============================================================================ opponents for E10

class ScheduledOpponent:
    """A test program whose type follows a per-game schedule (drifting opponents, deceivers)."""

    def __init__(self, schedule):
        self.schedule = [check_int("type", t, 1, 32) for t in schedule]
        self._programs = {t: TestProgram(t) for t in set(self.schedule)}
        self._game = -1
        self.current = self._programs[self.schedule[0]]

    def new_game(self, player, starter, config=THESIS, rng=None) -> None:
        self._game += 1
        self.current = self._programs[self.schedule[self._game % len(self.schedule)]]
        self.current.new_game(player, starter, config, rng)

    def act(self, obs, rng):
        return self.current.act(obs, rng)

    def end_game(self, record, player, rng) -> None:
        self.current.end_game(record, player, rng)


def opposite_type(type_id: int) -> int:
    """All five traits flipped (type t <-> 33 - t)."""
    return 33 - check_int("type", type_id, 1, 32)


def drifting_schedule(n_games: int, block: int, rng: np.random.Generator) -> list[int]:
    """A new uniformly drawn test type every ``block`` games."""
    types = rng.integers(1, 33, size=-(-n_games // block))
    return [int(types[i // block]) for i in range(n_games)]


def deceiver_schedule(n_games: int, type_id: int) -> list[int]:
    """``type_id`` for the first half of the match, its opposite for the second half."""
    half = n_games // 2
    return [type_id] * half + [opposite_type(type_id)] * (n_games - half)


def make_opponent(spec, n_games: int, rng: np.random.Generator):
    """Opponent from a picklable spec: ``("type", t)``, ``("random_guess",)``,
    ``("drifting", block)`` or ``("deceiver", t)``."""
    kind = spec[0]
    if kind == "type":
        return TestProgram(spec[1])
    if kind == "random_guess":
        return RandomGuessAgent()
    if kind == "drifting":
        return ScheduledOpponent(drifting_schedule(n_games, spec[1], rng))
    if kind == "deceiver":
        return ScheduledOpponent(deceiver_schedule(n_games, spec[1]))
    raise ValueError(f"unknown opponent spec {spec!r}: use ('type', t), ('random_guess',), "
                     "('drifting', block) or ('deceiver', t)")


def opponent_label(spec) -> str:
    kind = spec[0]
    if kind == "type":
        return f"type{spec[1]}"
    if kind == "random_guess":
        return "random-guess"
    if kind == "drifting":
        return "drifting (new type each game)" if spec[1] == 1 else f"drifting (new type every {spec[1]} games)"
    return f"deceiver (type{spec[1]} -> type{opposite_type(spec[1])})"


# ============================================================================ matches

def _play(agents_for, n_games: int, game_seeds, bbn_seat_starts) -> tuple[np.ndarray, float]:
    """Games with per-game generators; our player sits in seat 0; returns wins and seconds."""
    agents = agents_for()
    wins = np.zeros(n_games, dtype=np.int8)
    start, start_cpu = time.perf_counter(), time.process_time()
    for i in range(n_games):
        starter = 0 if bbn_seat_starts[i] else 1
        record = play_game(agents, np.random.default_rng(game_seeds[i]), THESIS, starter)
        wins[i] = record.winner == 0
    return wins, time.perf_counter() - start, time.process_time() - start_cpu


def play_paired_match(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                      record: bool = True, **belief_options) -> dict:
    """One match of the BBN player and (``baseline``) of the plain random-guess player.

    Both face a fresh opponent built from ``opponent_spec`` and see the same per-game dice and
    opponent caps (game i of both matches uses the same generator seed, starters alternate with
    our player opening game 0): common random numbers. Returns DataFrames ``games``,
    ``observations`` and ``hands`` plus timing.
    """
    n_games = check_int("n_games", n_games, 1)
    schedule_seed, belief_seed, games_seed = rng.integers(0, 2**63, size=3)
    game_seeds = np.random.SeedSequence(int(games_seed)).spawn(n_games)
    bbn_starts = np.arange(n_games) % 2 == 0
    belief = BayesNetBelief(np.random.default_rng(int(belief_seed)), record=record, **belief_options)

    def opponent():
        return make_opponent(opponent_spec, n_games, np.random.default_rng(int(schedule_seed)))

    wins_bbn, seconds_bbn, cpu_bbn = _play(lambda: [RandomGuessAgent(belief=belief), opponent()], n_games,
                                           game_seeds, bbn_starts)
    games = pd.DataFrame({"opponent": opponent_label(opponent_spec), "game": np.arange(n_games),
                          "bbn_starts": bbn_starts, "win_bbn": wins_bbn})
    seconds_plain = np.nan
    if baseline:
        wins_plain, seconds_plain, _ = _play(lambda: [RandomGuessAgent(), opponent()], n_games,
                                             game_seeds, bbn_starts)
        games["win_plain"] = wins_plain
    return {"games": games, "observations": pd.DataFrame(belief.observations),
            "hands": pd.DataFrame(belief.hand_checks),
            "timing": {"seconds_bbn": seconds_bbn, "cpu_seconds_bbn": cpu_bbn, "seconds_plain": seconds_plain,
                       "refits": belief.refits, "refit_seconds": belief.refit_seconds,
                       "refit_cpu_seconds": belief.refit_cpu_seconds}}


def _match_task(rng, opponent_spec, rep, n_games, baseline, record, belief_options, engine="python"):
    """Module-level worker for :func:`liarlab.parallel.run_tasks`."""
    play = play_paired_match_fast if engine == "fast" else play_paired_match
    out = play(opponent_spec, n_games, rng, baseline=baseline, record=record, **belief_options)
    for key in ("games", "observations", "hands"):
        out[key].insert(0, "rep", rep)
        if "opponent" not in out[key]:
            out[key].insert(0, "opponent", opponent_label(opponent_spec))
    out["timing"].update(opponent=opponent_label(opponent_spec), rep=rep, games=n_games)
    return out


@dataclass
class BBNRun:
    """Per-game results, network records and timings of a set of paired matches."""

    games: pd.DataFrame
    observations: pd.DataFrame
    hands: pd.DataFrame
    timing: pd.DataFrame
    params: dict = field(default_factory=dict)


def run_bbn_matches(opponents, n_games: int = 500, n_seeds: int = 20, seed: int = 0, *,
                    refit_every: int = DEFAULT_REFIT_EVERY, baseline: bool = True, record: bool = False,
                    engine: str = "fast", n_jobs: int | None = None, scheduler=None,
                    progress: bool | None = None, **belief_options) -> BBNRun:
    """``n_seeds`` paired matches (BBN and plain random-guess, common random numbers) per opponent.

    ``opponents``: test type ids and/or opponent specs (see :func:`make_opponent`). Task order is
    opponent-major, so a run is fixed by ``seed`` whatever the number of workers.
    ``engine="fast"`` plays compiled games; ``engine="python"`` plays the reference agents and
    is needed for ``record=True`` (the E8 diagnostics).
    """
    from .parallel import run_tasks

    n_games = check_int("n_games", n_games, 1)
    n_seeds = check_int("n_seeds", n_seeds, 1)
    engine = check_choice("engine", engine, ("fast", "python"))
    if record and engine == "fast":
        raise ValueError("record=True (E8 diagnostics) needs engine='python'")
    specs = [("type", int(o)) if np.isscalar(o) else tuple(o) for o in opponents]
    options = dict(belief_options, refit_every=refit_every)
    tasks = [dict(opponent_spec=s, rep=r, n_games=n_games, baseline=baseline, record=record,
                  belief_options=options, engine=engine) for s in specs for r in range(n_seeds)]
    results = run_tasks(_match_task, tasks, seed, n_jobs=n_jobs, scheduler=scheduler, progress=progress,
                        desc="BBN matches")
    return BBNRun(games=pd.concat([r["games"] for r in results], ignore_index=True),
                  observations=pd.concat([r["observations"] for r in results], ignore_index=True),
                  hands=pd.concat([r["hands"] for r in results], ignore_index=True),
                  timing=pd.DataFrame([r["timing"] for r in results]),
                  params=dict(n_games=n_games, n_seeds=n_seeds, seed=seed, engine=engine, **options))


# ============================================================================ E7 summaries

def paired_difference(win_bbn, win_plain) -> tuple[float, float, float]:
    """Mean per-game difference (BBN - plain) with a normal 95 % interval (games paired by dice)."""
    return mean_interval(np.asarray(win_bbn, dtype=float) - np.asarray(win_plain, dtype=float))


def summarize_vs_types(run: BBNRun) -> pd.DataFrame:
    """E7 table: per opponent, both win rates with Wilson intervals and the paired difference."""
    rows = []
    for opponent, g in run.games.groupby("opponent", sort=False):
        n = len(g)
        lo_b, hi_b = wilson_interval(g.win_bbn.sum(), n)
        row = {"opponent": opponent, "games": n, "wins_bbn": int(g.win_bbn.sum()),
               "win_rate_bbn": g.win_bbn.mean(), "ci_low_bbn": lo_b, "ci_high_bbn": hi_b}
        if "win_plain" in g:
            lo_p, hi_p = wilson_interval(g.win_plain.sum(), n)
            diff, d_lo, d_hi = paired_difference(g.win_bbn, g.win_plain)
            row.update(wins_plain=int(g.win_plain.sum()), win_rate_plain=g.win_plain.mean(),
                       ci_low_plain=lo_p, ci_high_plain=hi_p, diff=diff, diff_ci_low=d_lo, diff_ci_high=d_hi)
        rows.append(row)
    return pd.DataFrame(rows)


def bbn_vs_types(n_games: int = 500, types=range(1, 33), n_seeds: int = 20, seed: int = 0, *,
                 refit_every: int = DEFAULT_REFIT_EVERY, engine: str = "fast", n_jobs: int | None = None, scheduler=None,
                 progress: bool | None = None, **belief_options) -> pd.DataFrame:
    """E7 in one call: paired matches against each test type, summarised per type."""
    run = run_bbn_matches(list(types), n_games, n_seeds, seed, refit_every=refit_every, record=False, engine=engine,
                          n_jobs=n_jobs, scheduler=scheduler, progress=progress, **belief_options)
    return summarize_vs_types(run)


def cumulative_wins(run: BBNRun, opponents=None) -> pd.DataFrame:
    """Figs 5.9-5.11: mean cumulative wins vs game index, BBN and plain, per opponent."""
    games = run.games if opponents is None else run.games[run.games.opponent.isin(opponents)]
    games = games.sort_values(["opponent", "rep", "game"])
    cols = [c for c in ("win_bbn", "win_plain") if c in games]
    cum = games.groupby(["opponent", "rep"])[cols].cumsum()
    cum.columns = ["cum_" + c[4:] for c in cols]
    out = pd.concat([games[["opponent", "rep", "game"]], cum], axis=1)
    return out.groupby(["opponent", "game"], as_index=False)[list(cum.columns)].mean()


# ============================================================================ E8 diagnostics

def gate_adoption_curve(run: BBNRun, bins: int = 10) -> pd.DataFrame:
    """Adoption rate of the network outputs vs game index, with the mean n/(n+10) it should follow."""
    obs = run.observations
    if obs.empty:
        return pd.DataFrame(columns=["kind", "game_bin", "adopted", "expected", "events"])
    edges = np.linspace(0, obs.game.max() + 1, bins + 1)
    binned = obs.assign(game_bin=pd.cut(obs.game, edges, right=False, labels=edges[:-1].astype(int)))
    out = binned.groupby(["kind", "game_bin"], observed=True).agg(
        adopted=("adopted", "mean"), expected=("gate", "mean"), events=("adopted", "size")).reset_index()
    lo, hi = wilson_interval(np.round(out.adopted * out.events), out.events)
    return out.assign(ci_low=lo, ci_high=hi)


def calibration_table(run: BBNRun, n_bins: int = 10) -> pd.DataFrame:
    """Reliability diagram data: predicted P(B = supports), P(C = lie), P(opening lie) vs revealed truth."""
    obs = run.observations
    parts = []
    if not obs.empty:
        resp = obs[obs.kind == "response"]
        parts.append(pd.DataFrame({"target": "P(B) supports", "p": resp.p_supports, "truth": resp.supports}))
        parts.append(pd.DataFrame({"target": "P(C) lie", "p": resp.p_lie, "truth": resp.lie}))
        opening = obs[obs.kind == "opening"]
        parts.append(pd.DataFrame({"target": "P(opening lie)", "p": opening.p_lie, "truth": opening.lie}))
    if not parts:
        return pd.DataFrame(columns=["target", "bin", "p_mean", "observed", "n", "ci_low", "ci_high"])
    data = pd.concat(parts, ignore_index=True).dropna()
    data["truth"] = data.truth.astype(float)
    data["bin"] = np.minimum((data.p * n_bins).astype(int), n_bins - 1) / n_bins
    out = data.groupby(["target", "bin"]).agg(p_mean=("p", "mean"), observed=("truth", "mean"),
                                             n=("truth", "size")).reset_index()
    lo, hi = wilson_interval(np.round(out.observed * out.n), out.n)
    return out.assign(ci_low=lo, ci_high=hi)


def imagined_hand_errors(run: BBNRun) -> pd.DataFrame:
    """How often H overstated the opponent's dice and how often a limit in L was broken."""
    h = run.hands
    if h.empty:
        return pd.DataFrame()
    rows = []
    for opponent, g in h.groupby("opponent", sort=False):
        with_h = g[g.h_dice > 0]
        with_l = g[g.n_limits > 0]
        rows.append({
            "opponent": opponent, "games": len(g),
            "share_games_with_H": len(with_h) / len(g),
            "mean_H_dice": g.h_dice.mean(),
            "share_H_dice_wrong": g.h_dice_wrong.sum() / max(g.h_dice.sum(), 1),
            "share_games_H_wrong": (with_h.h_dice_wrong > 0).mean() if len(with_h) else np.nan,
            "share_games_with_L": len(with_l) / len(g),
            "mean_limits": g.n_limits.mean(),
            "share_limits_wrong": g.n_limits_wrong.sum() / max(g.n_limits.sum(), 1),
            "share_games_L_wrong": (with_l.n_limits_wrong > 0).mean() if len(with_l) else np.nan,
        })
    return pd.DataFrame(rows)


# ============================================================================ E9, E10, refit interval

TIMING_CONFIGS = (("python", 1, True), ("python", DEFAULT_REFIT_EVERY, True), ("fast", DEFAULT_REFIT_EVERY, True))


def bbn_timing(n_games: int = 500, type_id: int = 1, seed: int = 0, configs=TIMING_CONFIGS,
               **belief_options) -> pd.DataFrame:
    """E9: wall and CPU time of one ``n_games`` match, random-only vs BBN, per (engine, refit_every,
    refit_doubling) in ``configs``; ("python", 1, True) is the thesis's setting (refit every game).

    Runs in this process (no workers); call :func:`warm_up` first so compilation is not timed.
    The thesis's Java program: 500 games in ~10 s random-only and ~30 s with the BBN.
    """
    rows = []
    for engine, refit_every, doubling in configs:
        play = play_paired_match_fast if engine == "fast" else play_paired_match
        out = play(("type", type_id), n_games, np.random.default_rng(seed), record=False,
                   refit_every=refit_every, refit_doubling=doubling, **belief_options)
        t = out["timing"]
        rows.append({"engine": engine, "refit_every": refit_every, "doubling": doubling, "games": n_games,
                     "seconds_random_only": t["seconds_plain"], "seconds_bbn": t["seconds_bbn"],
                     "ratio": t["seconds_bbn"] / t["seconds_plain"],
                     "bbn_games_per_s": n_games / t["seconds_bbn"],
                     "bbn_games_per_cpu_s": n_games / t["cpu_seconds_bbn"], "refits": t["refits"],
                     "refit_ms": 1000 * t["refit_seconds"] / max(t["refits"], 1),
                     "refit_cpu_ms": 1000 * t["refit_cpu_seconds"] / max(t["refits"], 1)})
    return pd.DataFrame(rows)


def bbn_substitutes(n_games: int = 500, n_seeds: int = 20, seed: int = 0, *, deceivers=(1, 8, 11),
                    drift_block: int = 50, refit_every: int = DEFAULT_REFIT_EVERY, engine: str = "fast", n_jobs: int | None = None,
                    scheduler=None, progress: bool | None = None, **belief_options) -> pd.DataFrame:
    """E10 substitutes for the human study, in the layout of Table 5.1.

    Rows: (a)/(b) plain random-guess as the opponent (the plain column is random-guess self-play,
    expected ~50 %; the BBN column is the BBN version against it); (c) drifting opponents (new
    type every ``drift_block`` games, and every game); (d) deceivers (type t, then 33 - t).
    """
    specs = [("random_guess",), ("drifting", drift_block), ("drifting", 1)] + [("deceiver", t) for t in deceivers]
    run = run_bbn_matches(specs, n_games, n_seeds, seed, refit_every=refit_every, record=False, engine=engine,
                          n_jobs=n_jobs, scheduler=scheduler, progress=progress, **belief_options)
    table = summarize_vs_types(run)
    return table.rename(columns={"opponent": "player", "win_rate_plain": "random_guess",
                                 "win_rate_bbn": "with_bbn", "diff": "difference"})


def refit_sensitivity(types=(1, 8, 11, 23), refit_values=(1, DEFAULT_REFIT_EVERY), n_games: int = 500,
                      n_seeds: int = 2, seed: int = 0, *, engine: str = "fast", n_jobs: int | None = None,
                      scheduler=None, progress: bool | None = None, **belief_options) -> pd.DataFrame:
    """BBN win rate per refit schedule on the same seeds, with the paired gains vs plain and vs the first.

    ``refit_values`` items are ``refit_every`` or ``(refit_every, refit_doubling)``. The same ``seed``
    gives every schedule the same per-game dice, so each row is paired with the first (put the
    thesis's schedule, 1, first).
    """
    rows, reference = [], None
    for value in refit_values:
        refit_every, doubling = value if isinstance(value, tuple) else (value, True)
        run = run_bbn_matches(list(types), n_games, n_seeds, seed, refit_every=refit_every,
                              refit_doubling=doubling, record=False, engine=engine, n_jobs=n_jobs,
                              scheduler=scheduler, progress=progress, **belief_options)
        g = run.games
        reference = g.win_bbn.to_numpy() if reference is None else reference
        lo, hi = wilson_interval(g.win_bbn.sum(), len(g))
        diff, d_lo, d_hi = paired_difference(g.win_bbn, g.win_plain)
        ref, r_lo, r_hi = paired_difference(g.win_bbn, reference) if len(rows) else (0.0, 0.0, 0.0)
        t = run.timing
        rows.append({"refit_every": refit_every, "doubling": doubling,
                     "refits_per_match": t.refits.mean(), "games": len(g), "win_rate_bbn": g.win_bbn.mean(),
                     "ci_low": lo, "ci_high": hi, "win_rate_plain": g.win_plain.mean(), "diff_vs_plain": diff,
                     "diff_vs_plain_ci_low": d_lo, "diff_vs_plain_ci_high": d_hi, "diff_vs_first": ref,
                     "diff_vs_first_ci_low": r_lo, "diff_vs_first_ci_high": r_hi,
                     "bbn_games_per_s": t.games.sum() / t.seconds_bbn.sum(),
                     "refit_ms": 1000 * t.refit_seconds.sum() / t.refits.sum()})
    return pd.DataFrame(rows)


# ============================================================================ compiled play (fast path)
#
# The same player and opponent model in numba, for the large runs: the random-guess decision
# with H/L sampling, the gate and the verdict updates, and the training counts are compiled;
# pgmpy still refits the networks between batches of ``refit_every`` games (BayesNetBelief.refit),
# and the compiled games read the posterior tables it caches. The test programs are the engine's
# compiled ones (liarlab.liardice_fast._tp_decide). Game g reseeds numba's generator with
# game_seeds[g], so the BBN and the plain player see the same dice and opponent caps (CRN).
# Draws follow the reference agents' order but not their generator: the two paths agree in
# distribution (tests/test_liardice_bbn.py checks win rates), not game by game.


RG_OPPONENT = 0        # schedule entry 0 = plain random-guess opponent; 1..32 = test type


@njit(cache=True)
def _nb_fill_to(H, L, f, target):
    size = 0
    for i in range(FACES):
        size += H[i]
    cap = L[f] if L[f] >= 0 else DICE
    new = min(target, H[f] + DICE - size, cap)
    if new > H[f]:
        H[f] = new


@njit(cache=True)
def _nb_limit(H, L, f, at_most):
    new = max(at_most, H[f], 0)
    if L[f] < 0 or new < L[f]:
        L[f] = new


@njit(cache=True)
def _nb_sample_opponent(H, L, opp):
    """H plus uniform dice, rejection-sampled until within L (limits ignored if infeasible)."""
    size = 0
    limited = False
    for f in range(FACES):
        size += H[f]
        if L[f] >= 0:
            limited = True
    k = DICE - size
    feasible = True
    if limited:
        room = 0
        for f in range(FACES):
            room += min(k, (L[f] - H[f]) if L[f] >= 0 else k)
        feasible = room >= k
    while True:
        for f in range(FACES):
            opp[f] = H[f]
        for _ in range(k):
            opp[np.random.randint(0, FACES)] += 1
        if not (limited and feasible):
            return
        ok = True
        for f in range(FACES):
            if L[f] >= 0 and opp[f] > L[f]:
                ok = False
        if ok:
            return


@njit(cache=True)
def _nb_guess_range(H, L, f):
    size = 0
    for i in range(FACES):
        size += H[i]
    hi = DICE - (size - H[f])
    if L[f] >= 0:
        hi = min(hi, L[f])
    return H[f], max(hi, H[f])


@njit(cache=True)
def _nb_rg_decide(own, last, H, L, p_open, cumw, opp, weights):
    """Random-guess decision (four-case loop) with the belief's H, L and probability 4.

    Bid indices: (quantity - 2) * 6 + face - 1; 54 = challenge. ``p_open`` < 0: no opinion.
    """
    n_bids = len(COUNTS) * FACES
    for _ in range(10_000):
        challenge = False
        if last >= 0:
            quantity = 2 + last // FACES
            face = last % FACES
            lo, hi = _nb_guess_range(H, L, face)
            challenge = np.random.randint(lo, hi + 1) + own[face] < quantity
        _nb_sample_opponent(H, L, opp)
        total_w = 0.0
        for b in range(n_bids):
            w = 0.0
            if b > last:
                q = 2 + b // FACES
                f = b % FACES
                if own[f] + opp[f] >= q:
                    w = cumw[max(q - own[f], 0)]
            weights[b] = w
            total_w += w
        bid = -1
        if total_w > 0.0:
            pick = _weighted_pick(weights, last + 1, n_bids, total_w)
            q = 2 + pick // FACES
            f = pick % FACES
            if last < 0 and p_open[0] >= 0.0:
                keep = np.random.random() < p_open[q - 2]
            else:
                keep = np.random.randint(0, DICE + 1) + opp[f] < q
            if keep:
                bid = pick
        if (not challenge) and bid >= 0:
            return bid
        if challenge and bid < 0:
            return n_bids
    return 0 if last < 0 else n_bids


@njit(cache=True)
def _nb_says(p, sample):
    if sample:
        return np.random.random() < p
    return p > 0.5


@njit(cache=True)
def _nb_play(game_seeds, schedule, starts, use_bbn, fitted, p_supports, p_lie, p_open_lie, p_open_chal,
             response_counts, opening_lie_counts, opening_challenge_counts, decisions_at,
             sample_verdict, not_support_offset, fill_to_count, cumw, wins):
    """Play games i = 0..len(game_seeds)-1 with our player in seat 0; update the training counts.

    ``fitted`` = (response, opening lie, opening challenge) networks available.
    """
    n_bids = len(COUNTS) * FACES
    hands = np.zeros((2, FACES), dtype=np.int64)
    H = np.zeros(FACES, dtype=np.int64)
    L = np.zeros(FACES, dtype=np.int64)
    opp = np.zeros(FACES, dtype=np.int64)
    weights = np.zeros(n_bids)
    believed = np.zeros(FACES, dtype=np.int64)
    candidates = np.zeros(FACES, dtype=np.int64)
    no_opinion = np.full(len(COUNTS), -1.0)
    plain_H = np.zeros(FACES, dtype=np.int64)
    plain_L = np.full(FACES, -1, dtype=np.int64)
    bids = np.zeros(64, dtype=np.int64)
    for g in range(len(game_seeds)):
        np.random.seed(game_seeds[g])
        for p in range(2):
            for f in range(FACES):
                hands[p, f] = 0
            for _ in range(DICE):
                hands[p, np.random.randint(0, FACES)] += 1
        opp_type = schedule[g]
        cap = 0
        if opp_type > 0:
            cap = (4 if ((opp_type - 1) & 2) != 0 else 5) + np.random.randint(0, 2)
        for f in range(FACES):
            H[f] = 0
            L[f] = -1
        p_open = no_opinion
        if use_bbn and starts[g] and fitted[2]:
            n = opening_challenge_counts.sum()
            if np.random.random() < n / (n + 10.0):
                p_open = p_open_chal
        current = 0 if starts[g] else 1
        last = -1
        n_bidsmade = 0
        my_last = -1
        while True:
            if current == 0:
                if use_bbn:
                    action = _nb_rg_decide(hands[0], last, H, L, p_open, cumw, opp, weights)
                else:
                    action = _nb_rg_decide(hands[0], last, plain_H, plain_L, no_opinion, cumw, opp, weights)
            elif opp_type == RG_OPPONENT:
                action = _nb_rg_decide(hands[1], last, plain_H, plain_L, no_opinion, cumw, opp, weights)
            else:
                action = _tp_decide(hands[1], last, opp_type, cap, False, False, DICE, FACES, 2, 2 * DICE,
                                    believed, candidates)
            if action == n_bids:
                break
            if current == 1 and use_bbn:
                _nb_observe(my_last, action, H, L, fitted, p_supports, p_lie, p_open_lie, opening_lie_counts,
                            decisions_at, sample_verdict, not_support_offset, fill_to_count)
            if current == 0:
                my_last = action
            bids[n_bidsmade] = action
            n_bidsmade += 1
            last = action
            current = 1 - current
        quantity = 2 + last // FACES
        face = last % FACES
        stands = hands[0, face] + hands[1, face] >= quantity
        # current is the challenger: they lose iff the bid stands
        wins[g] = (current == 1) == stands
        if use_bbn:
            first_is_me = starts[g]
            _nb_train(hands[1], bids, n_bidsmade, first_is_me, current, response_counts, opening_lie_counts,
                      opening_challenge_counts, decisions_at)


@njit(cache=True)
def _nb_observe(my_last, action, H, L, fitted, p_supports, p_lie, p_open_lie, opening_lie_counts,
                decisions_at, sample_verdict, not_support_offset, fill_to_count):
    x2 = 2 + action // FACES
    y2 = action % FACES
    if my_last < 0:
        n = opening_lie_counts.sum()
        if fitted[1] and n > 0 and np.random.random() < n / (n + 10.0):
            if not _nb_says(p_open_lie, sample_verdict):
                _nb_fill_to(H, L, y2, H[y2] + 1 if not fill_to_count else x2 - 1)
            else:
                _nb_limit(H, L, y2, x2 - 2)
        return
    x = 2 + my_last // FACES
    y = my_last % FACES
    n = decisions_at[x - 2]
    if not (fitted[0] and n > 0 and np.random.random() < n / (n + 10.0)):
        return
    d = 1 if y2 == y else 0
    supports = _nb_says(p_supports[x - 2, d], sample_verdict)
    credible = not _nb_says(p_lie[x - 2, d], sample_verdict)
    if supports:
        _nb_fill_to(H, L, y, x - 2)
    else:
        _nb_limit(H, L, y, x - not_support_offset)
    if credible:
        _nb_fill_to(H, L, y2, x2 - 1)
    else:
        _nb_limit(H, L, y2, x2 - 2)


@njit(cache=True)
def _nb_train(opp_hand, bids, n_bids_made, first_is_me, challenger, response_counts, opening_lie_counts,
              opening_challenge_counts, decisions_at):
    """Spec §4.6 samples; bids alternate seats starting with the opener."""
    x0 = 2 + bids[0] // FACES
    y0 = bids[0] % FACES
    if first_is_me:
        challenged = n_bids_made == 1 and challenger == 1
        opening_challenge_counts[x0 - 2, 1 if challenged else 0] += 1
    else:
        opening_lie_counts[1 if opp_hand[y0] <= x0 - 2 else 0] += 1
    for i in range(n_bids_made):
        mine = (i % 2 == 0) == first_is_me
        if not mine:
            continue
        x = 2 + bids[i] // FACES
        y = bids[i] % FACES
        b = 1 if opp_hand[y] >= x - 2 else 0
        if i + 1 < n_bids_made:
            x2 = 2 + bids[i + 1] // FACES
            y2 = bids[i + 1] % FACES
            c = 1 if opp_hand[y2] <= x2 - 2 else 0
            d = 1 if y2 == y else 0
            response_counts[x - 2, b, c, d, 0] += 1
        else:
            response_counts[x - 2, b, MISSING, MISSING, 1] += 1
        decisions_at[x - 2] += 1


def _refit_batches(n_games: int, refit_every: int, doubling: bool):
    """Game ranges between refits, on the same schedule as the Python path."""
    edges = [0] + refit_points(n_games, refit_every, doubling)
    if edges[-1] < n_games:
        edges.append(n_games)
    return list(zip(edges[:-1], edges[1:]))


def opponent_schedule(spec, n_games: int, rng: np.random.Generator) -> np.ndarray:
    """Per-game opponent for the compiled path: 0 = plain random-guess, 1..32 = test type."""
    kind = spec[0]
    if kind == "type":
        return np.full(n_games, check_int("type", spec[1], 1, 32), dtype=np.int64)
    if kind == "random_guess":
        return np.zeros(n_games, dtype=np.int64)
    if kind == "drifting":
        return np.array(drifting_schedule(n_games, spec[1], rng), dtype=np.int64)
    if kind == "deceiver":
        return np.array(deceiver_schedule(n_games, spec[1]), dtype=np.int64)
    raise ValueError(f"unknown opponent spec {spec!r}")


def play_paired_match_fast(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                           record: bool = False, **belief_options) -> dict:
    """:func:`play_paired_match` with compiled games (same outputs; no per-decision records)."""
    from . import dice

    n_games = check_int("n_games", n_games, 1)
    if record:
        raise ValueError("the compiled path keeps no per-decision records; use engine='python' for E8")
    schedule_seed, belief_seed, games_seed = rng.integers(0, 2**63, size=3)
    schedule = opponent_schedule(opponent_spec, n_games, np.random.default_rng(int(schedule_seed)))
    game_seeds = np.random.default_rng(int(games_seed)).integers(0, 2**32 - 1, size=n_games).astype(np.int64)
    starts = np.arange(n_games) % 2 == 0
    belief = BayesNetBelief(np.random.default_rng(int(belief_seed)), **belief_options)
    cumw = np.array(dice.cumulative_weights(DICE, FACES), dtype=float)
    sample_verdict = belief.verdict == "sample"
    fill_to_count = belief.opening_fill == "to_count"

    def play(use_bbn, lo, hi, wins):
        fitted = np.array([belief.p_supports is not None, belief.p_opening_lie is not None,
                           belief.p_opening_challenged is not None and belief.use_opening_probability])
        p_sup = belief.p_supports if fitted[0] else np.zeros((len(COUNTS), 2))
        p_lie = belief.p_lie if fitted[0] else np.zeros((len(COUNTS), 2))
        p_chal = belief.p_opening_challenged if fitted[2] else np.zeros(len(COUNTS))
        p_open_lie = belief.p_opening_lie if fitted[1] else 0.0
        _nb_play(game_seeds[lo:hi], schedule[lo:hi], starts[lo:hi], use_bbn, fitted,
                 np.ascontiguousarray(p_sup, dtype=float), np.ascontiguousarray(p_lie, dtype=float),
                 float(p_open_lie), np.ascontiguousarray(p_chal, dtype=float),
                 belief.response_counts, belief.opening_lie_counts, belief.opening_challenge_counts,
                 belief.decisions_at, sample_verdict, belief.not_support_offset, fill_to_count, cumw, wins[lo:hi])

    wins_bbn = np.zeros(n_games, dtype=np.int8)
    start, start_cpu = time.perf_counter(), time.process_time()
    for lo, hi in _refit_batches(n_games, belief.refit_every, belief.refit_doubling):
        play(True, lo, hi, wins_bbn)
        belief.games += hi - lo
        if refit_due(belief.games, belief._games_at_refit, belief.refit_every, belief.refit_doubling):
            belief.refit()
    seconds_bbn, cpu_bbn = time.perf_counter() - start, time.process_time() - start_cpu
    games = pd.DataFrame({"opponent": opponent_label(opponent_spec), "game": np.arange(n_games),
                          "bbn_starts": starts, "win_bbn": wins_bbn})
    seconds_plain = np.nan
    if baseline:
        wins_plain = np.zeros(n_games, dtype=np.int8)
        start = time.perf_counter()
        play(False, 0, n_games, wins_plain)
        seconds_plain = time.perf_counter() - start
        games["win_plain"] = wins_plain
    return {"games": games, "observations": pd.DataFrame(), "hands": pd.DataFrame(),
            "timing": {"seconds_bbn": seconds_bbn, "cpu_seconds_bbn": cpu_bbn, "seconds_plain": seconds_plain,
                       "refits": belief.refits, "refit_seconds": belief.refit_seconds,
                       "refit_cpu_seconds": belief.refit_cpu_seconds}}


def warm_up() -> None:
    """Compile (or load from the numba cache) the fast path before timing anything."""
    play_paired_match_fast(("type", 1), 3, np.random.default_rng(0), refit_every=1)


# ============================================================================ E12 (network readings)

BBN_VARIANTS = {
    "thesis reading": {},
    "Bernoulli verdicts": {"verdict": "sample"},
    "not-support limit x-3": {"not_support_offset": 3},
    "P(B|A) (edge A->B)": {"b_depends_on_a": True},
    "credible opening fills to x-1": {"opening_fill": "to_count"},
    "no probability 4 at our opening": {"use_opening_probability": False},
}


def bbn_variants(variants: dict | None = None, types=range(1, 33), n_games: int = 500, n_seeds: int = 2,
                 seed: int = 0, *, refit_every: int = DEFAULT_REFIT_EVERY, engine: str = "fast",
                 n_jobs: int | None = None, scheduler=None, progress: bool | None = None) -> pd.DataFrame:
    """E12 for the network's readings: mean BBN gain over the types per variant (same seed = same dice).

    Per variant: pooled win rates, the paired gain vs plain random-guess with its 95 % interval, and
    the number of types with a significantly positive / negative gain.
    """
    rows = []
    for name, options in (BBN_VARIANTS if variants is None else variants).items():
        run = run_bbn_matches(list(types), n_games, n_seeds, seed, refit_every=refit_every, engine=engine,
                              n_jobs=n_jobs, scheduler=scheduler, progress=progress, **options)
        per_type = summarize_vs_types(run)
        g = run.games
        diff, lo, hi = paired_difference(g.win_bbn, g.win_plain)
        rows.append({"variant": name, "games": len(g), "win_rate_plain": g.win_plain.mean(),
                     "win_rate_bbn": g.win_bbn.mean(), "diff": diff, "diff_ci_low": lo, "diff_ci_high": hi,
                     "types_gain": int((per_type.diff_ci_low > 0).sum()),
                     "types_loss": int((per_type.diff_ci_high < 0).sum()),
                     "min_type_diff": per_type["diff"].min(), "max_type_diff": per_type["diff"].max()})
    return pd.DataFrame(rows)
