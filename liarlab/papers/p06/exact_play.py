"""The papers' players against exact play in the end game of Liar's Dice (issue 41).

A player (:mod:`liarlab.papers.p06.policies`) becomes a realization plan of the end game: for each of its hands d
and each of its sequences, the chance it plays that sequence, keyed as in :mod:`liarlab.bluff.exact` by the
history mask it ends at ("call at m" where the player moves at m, "the bid that made m" otherwise), over the
histories its play can reach whatever the opponent does. The plan is built in exact fractions by one forward walk
(:func:`agent_plan`), so everything computed from it is exact:

* **best response** (:func:`liarlab.bluff.best_response`): what an opponent who knows the plan gets;
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
numbers in floats come from :func:`liarlab.bluff.best_response` (``exact=False``) as a cross-check.
"""
from __future__ import annotations

from liarlab.bluff import best_response, certificates, endgame_store, exploit, rational
from liarlab.bluff import sparse_oracle as so
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


def plan_of_policy(game: EndGame, policy, player: int, exact: bool = True) -> dict:
    """:func:`liarlab.bluff.exploit.plan_of_policy`: the realization plan of a per-turn policy in seat ``player``."""
    return exploit.plan_of_policy(game, policy, player, exact)


def agent_plan(game: EndGame, name: str, player: int, exact: bool = True, parts=None) -> dict:
    """The exact realization plan of player ``name`` in seat ``player``: the weighted sum of its components'
    plans (:func:`liarlab.papers.p06.policies.components`, or ``parts``, ``[(weight, policy)]`` given: a trained
    learner's, :func:`liarlab.papers.p06.learners.learner_components`); ``exact=False`` in floats."""
    parts = policies.components(name, game, player) if parts is None else parts
    return exploit.plan_of_mixture(game, parts, player, exact)


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


def best_response_value(game: EndGame, plan: dict, player: int):
    """What seat ``player`` gets, exactly, best responding to the other seat's ``plan``
    (:func:`liarlab.bluff.best_response`, the best-response door)."""
    return best_response(game, plan, player)


def float_best_response(game: EndGame, plan: dict, player: int) -> float:
    """:func:`best_response_value` in floats (:func:`liarlab.bluff.best_response` with ``exact=False``)."""
    return best_response(game, plan, player, exact=False)


# one implementation of each (liarlab.bluff.exploit); the names stay here for the notebook's modules and tests
plan_value = exploit.plan_value
sparse_plan = exploit.sparse_plan
pure_plan_fraction = exploit.pure_plan_fraction
Equilibrium = exploit.Equilibrium


def equilibrium(dice, faces: int = FACES) -> Equilibrium:
    """The end game's certified exact equilibrium (:func:`liarlab.bluff.exploit.exact_equilibrium`)."""
    return exploit.exact_equilibrium(game_for(dice, faces))


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
    result = exploit.exploitability(game, book, equilibrium=eq, exact_max_sequences=exact_max_sequences)
    return [dict(agent=name, a=game.dice[0], b=game.dice[1], faces=game.faces,
                 seat="first" if r.seat == 0 else "second", own_dice=game.dice[r.seat], game_value=r.game_value,
                 sequences=r.sequences, exact=r.exact, best_response=r.best_response, guaranteed=r.guaranteed,
                 exploitability=r.exploitability, equilibrium_result=r.equilibrium_result,
                 equilibrium_edge=r.equilibrium_edge, best_response_float=r.best_response_float)
            for r in result.seats]
