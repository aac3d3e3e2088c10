"""The papers' players against exact play in the end game of Liar's Dice (issue 41).

A player (:mod:`liarlab.papers.p06.policies`) becomes a realization plan of the end game: for each of its hands d
and each of its sequences, the chance it plays that sequence, keyed as in :mod:`liarlab.bluff.exact` by the
history mask it ends at ("call at m" where the player moves at m, "the bid that made m" otherwise), over the
histories its play can reach whatever the opponent does. The plan is built in exact fractions by one forward walk
(:func:`agent_plan`), so everything computed from it is exact:

* **best response** (:func:`liarlab.bluff.rational.exact_best_response`): what an opponent who knows the plan gets;
* **exploitability in a seat**: the game value of that seat minus what the player guarantees there, in the +-1
  units of :mod:`liarlab.bluff.endgame` (a win +1, a loss -1; 2 = the difference between a sure win and a sure
  loss). For the first mover ``v* + BR_2``, for the second mover ``BR_1 - v*``, where ``v*`` is the game's value to
  the first mover and ``BR_p`` what a best-responding player p gets in its own units. 0 exactly at an equilibrium
  strategy of that seat;
* **the equilibrium against the player**: the exact value, to the equilibrium's side, of a certified rational
  equilibrium strategy (:func:`equilibrium`) playing the other seat, by walking the terminals with both plans
  (:func:`plan_value`); its *edge* is that value minus the seat's game value (>= 0, at most the exploitability).
  Two dice each is too slow to solve in a run (48 minutes): its equilibrium comes from notebook 05's stored
  certificate (:func:`stored_equilibrium`), its exact plans solved on the stored plans' support and judged by two
  exact best responses, in seconds.

Values per seat; the tables also give the mean of the two seats (the player plays each seat once). The same
numbers in floats come from :func:`liarlab.bluff.sparse_oracle.best_response_sparse` as a cross-check.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np

from liarlab.bluff import certificates, endgame_store, rational
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.api import certify_end_game
from liarlab.bluff.endgame import EndGame
from liarlab.papers.p06 import policies

__all__ = ["game_for", "agent_plan", "plan_of_policy", "best_response_value", "plan_value", "sparse_plan",
           "float_best_response", "Equilibrium", "equilibrium", "is_stored", "stored_digest", "stored_equilibrium",
           "pure_plan_fraction", "evaluate_agent", "GAMES"]

#: the end games of this study: (first mover's dice, second mover's dice), six faces, no wild face
GAMES = ((1, 1), (2, 1), (1, 2), (2, 2))
FACES = 6


def game_for(dice, faces: int = FACES) -> EndGame:
    return EndGame(faces, tuple(dice), "normal")


def _popcount(m: int) -> int:
    return bin(m).count("1")


def plan_of_policy(game: EndGame, policy, player: int, exact: bool = True) -> dict:
    """The exact realization plan ``{mask: [Fraction per hand]}`` of a per-turn ``policy(own, prev)`` played in
    seat ``player``: a forward walk over the player's information sets (history, own hand) that its own play can
    reach against every opponent move. The root holds 1 for every hand. ``exact=False``: the same plan in floats
    (the policy's fractions rounded once per decision; far faster where the plan reaches 10^5 histories)."""
    n = game.n_bids
    hands = game.hands(player)[0]
    counts = [policies.hand_counts(h, game.faces) for h in hands]
    D = len(hands)
    zero = Fraction(0) if exact else 0.0
    X = {0: [Fraction(1) if exact else 1.0] * D}
    bit = [0] + [1 << (a - 1) for a in range(1, n + 1)]
    # moves[prev][d]: hand d's (action, p) with p != 0 in the policy's order, asked once per (hand, prev) that is
    # reached (None until then); the walk below is the hot loop of notebook 06, so it looks nothing up twice
    moves = {}

    def moves_of(d: int, prev: int) -> list:
        out = policy(counts[d], prev)
        if not exact:
            out = {a: float(p) for a, p in out.items()}
        return [(a, p) for a, p in out.items() if p != 0]

    # (history where the player moves, its last own sequence before it)
    stack = [(0, 0)] if player == 0 else [(1 << (j - 1), 0) for j in range(1, n + 1)]
    while stack:
        h, seq = stack.pop()
        reach = X[seq]
        prev = h.bit_length()
        row = moves.get(prev)
        if row is None:
            row = moves[prev] = [None] * D
        bids_made = set()
        for d in range(D):
            r = reach[d]
            if r == 0:
                continue
            mv = row[d]
            if mv is None:
                mv = row[d] = moves_of(d, prev)
            for action, p in mv:
                if action == 0:
                    if h == 0:
                        raise ValueError("a policy may not call at the opening")
                    m = h
                else:
                    m = h | bit[action]
                    bids_made.add(m)
                x = X.get(m)
                if x is None:
                    x = X[m] = [zero] * D
                x[d] += r * p
        # every opponent reply above a bid the player made is a new information set of the player
        for m in bids_made:
            stack.extend((m | (1 << (j - 1)), m) for j in range(m.bit_length() + 1, n + 1))
    return X


def agent_plan(game: EndGame, name: str, player: int, exact: bool = True, parts=None) -> dict:
    """The exact realization plan of player ``name`` in seat ``player``: the weighted sum of its components'
    plans (:func:`liarlab.papers.p06.policies.components`, or ``parts``, ``[(weight, policy)]`` given: a trained
    learner's, :func:`liarlab.papers.p06.learners.learner_components`); ``exact=False`` in floats."""
    parts = policies.components(name, game, player) if parts is None else parts
    if len(parts) == 1 and parts[0][0] == 1:
        # one component of weight 1 is its own plan (the sum below would copy it entry by entry, unchanged)
        return plan_of_policy(game, parts[0][1], player, exact)
    total = {}
    for weight, policy in parts:
        w = weight if exact else float(weight)
        for m, row in plan_of_policy(game, policy, player, exact).items():
            acc = total.setdefault(m, [0 * w] * len(row))
            for d, v in enumerate(row):
                acc[d] += w * v
    return total


class PlanBook:
    """A player's realization plans in one game, each walked once: :meth:`plan` (seat, exact) is
    :func:`agent_plan`'s, kept for the next question (the exploitability and the behaviour tables read the same
    plans)."""

    def __init__(self, game: EndGame, name: str, components: dict | None = None):
        self.game, self.name, self.components = game, name, components
        self._plans = {}

    def plan(self, seat: int, exact: bool) -> dict:
        if (seat, exact) not in self._plans:
            parts = None if self.components is None else self.components[seat]
            self._plans[seat, exact] = agent_plan(self.game, self.name, seat, exact=exact, parts=parts)
        return self._plans[seat, exact]


def _exact_probs(game: EndGame):
    return [game.hands(p)[1] for p in (0, 1)]


def best_response_value(game: EndGame, plan: dict, player: int) -> Fraction:
    """What seat ``player`` gets, exactly and in its own +-1 units, best responding to the other seat's ``plan``."""
    probs = _exact_probs(game)
    tree = so.Tree.of_game(game)
    value, _ = rational.exact_best_response(game.n_bids, tree.payoffs_for(player), plan, probs[player],
                                            probs[1 - player], player)
    return value


def plan_value(game: EndGame, X0: dict, X1: dict) -> Fraction:
    """The first mover's exact expected payoff when its plan ``X0`` meets the second mover's ``X1``: the sum over
    every call (history m, both hands) of chance x both realizations x the payoff of the called bid."""
    U = np.rint(game.payoffs()).astype(np.int64)
    p0, p1 = _exact_probs(game)
    total = Fraction(0)
    for m in X0.keys() & X1.keys():
        if m == 0:
            continue
        bidder = 1 - _popcount(m) % 2
        left = [p0[d] * x for d, x in enumerate(X0[m]) if x]
        if not left:
            continue
        u = U[m.bit_length(), bidder]
        rows = [d for d, x in enumerate(X0[m]) if x]
        right = [(e, p1[e] * y) for e, y in enumerate(X1[m]) if y]
        for d, w in zip(rows, left):
            total += w * sum(int(u[d, e]) * r for e, r in right)
    return total


def sparse_plan(game: EndGame, plan: dict, player: int) -> so.SparsePlan:
    """The plan in floats over its prefix-closed histories (for the float best response)."""
    keys = np.fromiter(plan, dtype=np.int64, count=len(plan))
    nodes = so.closed(keys)
    D = len(game.hands(player)[0])
    X = np.zeros((D, nodes.size))
    if len(plan):   # one conversion of every row at once (float() of each entry, Fractions included)
        flat = np.fromiter(itertools.chain.from_iterable(plan.values()), dtype=float, count=len(plan) * D)
        X[:, np.searchsorted(nodes, keys)] = flat.reshape(len(plan), D).T
    return so.SparsePlan(player, nodes, X)


def float_best_response(game: EndGame, plan: dict, player: int) -> float:
    """:func:`best_response_value` in floats (:func:`liarlab.bluff.sparse_oracle.best_response_sparse`)."""
    value, _, _ = so.best_response_sparse(so.Tree.of_game(game), sparse_plan(game, plan, 1 - player), player)
    return float(value)


@dataclass
class Equilibrium:
    """A certified exact equilibrium of one end game: its value to the first mover and both rational plans."""

    dice: tuple
    faces: int
    value: Fraction
    plans: tuple          # (first mover's, second mover's) {mask: [Fraction per hand]}
    certificate: str
    seconds: float


def equilibrium(dice, faces: int = FACES) -> Equilibrium:
    """Solve the end game (:func:`liarlab.bluff.api.certify_end_game`, the classic double oracle) and return the
    rational plans of its rounding certificate; refuses a game whose certificate is not by rounding."""
    game = game_for(dice, faces)
    result = certify_end_game(game)
    cert = result.rational
    if not cert.holds or cert.method != "rounding":
        raise ValueError(f"{game.label}: no rounding certificate ({cert.method}); its rational plans are not kept")
    n = game.n_bids
    plans = tuple(rational.rational_plan(result.plans[p], n, cert.max_denominator) for p in (0, 1))
    return Equilibrium(tuple(dice), faces, cert.fraction, plans, cert.method, result.seconds)


def is_stored(dice, faces: int = FACES) -> bool:
    """Does notebook 05 verify this end game from its stored certificate rather than solve it
    (:func:`liarlab.bluff.endgame_store.verified_from_store`)? Then so does this notebook."""
    return endgame_store.verified_from_store(dice[0], dice[1], faces, "normal")


def stored_digest(dice, faces: int = FACES) -> str:
    """The sha256 of the end game's stored certificate (it keys the cache, so a changed file is never served)."""
    return certificates.digest_of(endgame_store.plans_path(dice[0], dice[1], faces, "normal"))


def stored_equilibrium(dice, faces: int = FACES, digest: str | None = None) -> Equilibrium:
    """The end game's exact equilibrium from notebook 05's stored certificate (``data/05_certificates/end_game``,
    read by :func:`liarlab.bluff.certificates.read`): both rational plans solved on the stored float plans'
    support (:func:`liarlab.bluff.rational.support_equilibrium`), which certifies them only when their two exact
    best responses meet. Raises :class:`liarlab.bluff.certificates.CertificateError` when the file is missing
    or for another game, when the exact best responses do not meet, or when they meet at another value than the
    stored fraction. No LP is solved; ``seconds`` is this derivation's time."""
    import time

    game = game_for(dice, faces)
    path = endgame_store.plans_path(game.dice[0], game.dice[1], faces, "normal")
    plans, _, meta = certificates.read(path, digest)
    cell = [game.dice[0], game.dice[1], faces, "normal"]
    if meta.get("cell") != cell:
        raise certificates.CertificateError(f"{path.name} certifies the cell {meta.get('cell')}, not {cell}")
    t0 = time.perf_counter()
    cert, exact = rational.support_equilibrium(so.Tree.of_game(game), plans, _exact_probs(game))
    if not cert.holds:
        raise certificates.CertificateError(f"{game.label}: the stored plans give no exact equilibrium on their "
                                            f"support (bracket [{cert.lower}, {cert.upper}])")
    if meta.get("fraction") and str(cert.fraction) != meta["fraction"]:
        raise certificates.CertificateError(f"{game.label}: the exact plans' value {cert.fraction} is not the "
                                            f"stored fraction {meta['fraction']}")
    return Equilibrium(tuple(game.dice), faces, cert.fraction, exact, "support (stored certificate)",
                       time.perf_counter() - t0)


def pure_plan_fraction(game: EndGame, plan: dict, value: float):
    """The exact best-response value against a *pure* plan (every entry 0 or 1), read off its float ``value``:
    the best responder's result is then a sum of +-1 payoffs weighted by the two hands' probabilities, so it is a
    multiple of 1 / (L0 L1), with L the least common denominator of a seat's hand probabilities (1/1296 with two
    dice each), and the float, accurate to about 1e-12, rounds to it exactly. ``value`` itself when the plan is
    not pure (its probabilities have other denominators) or the float is not within 1e-6 of such a multiple."""
    if any(v not in (0.0, 1.0) for row in plan.values() for v in row):
        return value
    scale = 1
    for p in (0, 1):
        scale *= lcm(*[w.denominator for w in game.hands(p)[1]])
    k = round(value * scale)
    return Fraction(k, scale) if abs(value * scale - k) <= 1e-6 else value


def evaluate_agent(game: EndGame, name: str, eq: Equilibrium, exact_max_sequences: int = 10_000,
                   book: PlanBook | None = None) -> list[dict]:
    """Two rows (the player as first mover, as second mover): the best responder's value, the player's guaranteed
    value, its exploitability, and the equilibrium's result against it. Always in floats (columns ``*_float``); as
    exact fractions too (``exact`` True) when the player's plan has at most ``exact_max_sequences`` sequences in
    that seat (a plan over 10^5 histories takes minutes in fractions, seconds in floats). A larger plan that is
    pure (a deterministic player: EXP1-EXP3) still gets its best response and exploitability as fractions
    (:func:`pure_plan_fraction`); the equilibrium's result against it stays a float. ``book``: the player's
    :class:`PlanBook` (given when the caller reads its plans again, or for a player that is not named in
    :mod:`~liarlab.papers.p06.policies`: a trained Q-learner's components)."""
    book = PlanBook(game, name) if book is None else book
    v = eq.value
    rows = []
    for seat in (0, 1):
        responder = 1 - seat
        seat_value = v if seat == 0 else -v       # the game value of the player's seat
        row = dict(agent=name, a=game.dice[0], b=game.dice[1], faces=game.faces,
                   seat="first" if seat == 0 else "second", own_dice=game.dice[seat], game_value=seat_value)
        plan = book.plan(seat, exact=False)
        row.update(sequences=len(plan) - 1, exact=len(plan) - 1 <= exact_max_sequences)
        if row["exact"]:
            plan = book.plan(seat, exact=True)
        br_float = float_best_response(game, plan, responder)
        br = best_response_value(game, plan, responder) if row["exact"] else pure_plan_fraction(game, plan, br_float)
        eq_result = plan_value(game, eq.plans[0], plan) if seat == 1 else -plan_value(game, plan, eq.plans[1])
        row.update(best_response=br, guaranteed=-br, exploitability=seat_value + br,
                   equilibrium_result=eq_result, equilibrium_edge=eq_result + seat_value,
                   best_response_float=br_float)
        rows.append(row)
    return rows
