"""Agents of Bluff and of Ferguson's Liar's Dice, registered with :mod:`liarlab.core.api` (``make_agent``).

Bluff (game ``"bluff"``): ``exact`` (:class:`ExactAgent`, the exact equilibrium of every round by the whole-tree
LP, :func:`liarlab.bluff.exact._solve_lp`, solved when first needed), ``per-turn`` (:class:`PerTurnAgent`, the
talk's per-turn method, :mod:`liarlab.bluff.per_turn`) and ``random``. Ferguson (game ``"ferguson"``):
``optimal`` (the per-turn LP equilibrium of :func:`liarlab.bluff.ferguson.ferguson_solution`, the talk's strategy
K), ``T*`` (another optimal vertex, the labelled substitute for Ferguson & Ferguson's strategy T) and ``random``.
Each solving agent is made for one set of rules (``rules=`` for Bluff, ``faces=`` for Ferguson) and refuses, with
ValueError, a game with another number of faces. Randomness only from the generator passed to ``act``.
"""
from __future__ import annotations

import numpy as np

from liarlab.bluff.exact import _solve_lp
from liarlab.bluff.ferguson import ferguson_solution
from liarlab.bluff.per_turn import per_turn_action_probabilities, per_turn_bluff
from liarlab.bluff.rules import CALL, DEFAULT_MAX_BYTES, Rules
from liarlab.core.api import register_agent

__all__ = ["ExactAgent", "PerTurnAgent", "StrategyAgent", "RandomAgent", "ferguson_agent"]


def _sample(probs: np.ndarray, legal, rng: np.random.Generator) -> int:
    """One action drawn from ``probs`` (index = action), restricted to ``legal``."""
    p = np.array([max(float(probs[a]), 0.0) if a < len(probs) else 0.0 for a in legal])
    if not np.isfinite(p).all() or p.sum() <= 0:
        raise RuntimeError(f"the strategy gives no legal action a probability: {probs!r}")
    return int(legal[int(rng.choice(len(legal), p=p / p.sum()))])


def _sample_weighted(probs: np.ndarray, legal, rng: np.random.Generator):
    """One of ``legal`` drawn with weights ``probs`` (same order); uniform if they vanish."""
    p = np.clip(np.asarray(probs, dtype=float), 0.0, None)
    p = p / p.sum() if p.sum() > 0 else np.full(len(legal), 1.0 / len(legal))
    return legal[int(rng.choice(len(legal), p=p))]


def _check_faces(observation, faces: int, what: str) -> None:
    if observation["faces"] != faces:
        raise ValueError(f"{what} was made for {faces} faces; this game has {observation['faces']}")


@register_agent("bluff", "exact")
class ExactAgent:
    """Plays each round's exact equilibrium (player 1 = the round's opener) under ``rules`` (its options and
    faces; the dice come from the game). ``max_bytes`` bounds each round's LP (checked before allocating)."""

    def __init__(self, rules: Rules = Rules(), max_bytes: int = DEFAULT_MAX_BYTES):
        self.rules = rules
        self.max_bytes = max_bytes
        self.solutions: dict = {}

    def solution(self, opener_dice: int, responder_dice: int):
        cell = (opener_dice, responder_dice)
        if cell not in self.solutions:
            self.solutions[cell] = _solve_lp(self.rules.faces, cell, max_bytes=self.max_bytes, **self.rules.options())
        return self.solutions[cell]

    def act(self, observation, legal_actions, rng):
        _check_faces(observation, self.rules.faces, "the exact agent")
        me, opener = observation["player"], observation["opener"]
        dice = observation["dice"]
        sol = self.solution(dice[opener], dice[1 - opener])
        role = 1 if me == opener else 2
        probs = sol.action_probabilities(role, observation["own"], observation["history"])
        return _sample(probs, legal_actions, rng)


@register_agent("bluff", "per-turn")
class PerTurnAgent:
    """The talk's per-turn method: each turn's LP strategy, chained by backward induction over dice up to
    ``rules.dice``."""

    def __init__(self, rules: Rules = Rules()):
        self.rules = rules
        self.solution = per_turn_bluff(rules.faces, rules.dice, rules)

    def act(self, observation, legal_actions, rng):
        _check_faces(observation, self.rules.faces, "the per-turn agent")
        me, opener = observation["player"], observation["opener"]
        dice, history = observation["dice"], observation["history"]
        prev = history[-1] if history else 0
        before = history[-2] if len(history) >= 2 else 0
        probs = per_turn_action_probabilities(self.solution, dice[me], dice[1 - me], observation["own"], prev,
                                              before, own_opened=(me == opener))
        return _sample(probs, legal_actions, rng)


@register_agent("bluff", "random")
@register_agent("ferguson", "random")
@register_agent("endgame", "random")
class RandomAgent:
    """Uniform over the legal actions (Bluff, Ferguson's game and the end game alike)."""

    def act(self, observation, legal_actions, rng):
        return int(legal_actions[int(rng.integers(len(legal_actions)))])


class StrategyAgent:
    """Plays a stationary Ferguson strategy: ``x[s, roll-1, b-1]`` as the caller after previous announcement s,
    ``y_bluff[s, b-1]`` as the guesser facing b after s."""

    def __init__(self, strategy):
        self.strategy = strategy

    def probabilities(self, observation, legal) -> list[float]:
        """The strategy's weight of each of ``legal`` (same order) in this position."""
        history = observation["history"]
        if observation["accepted"]:                       # my turn to announce, with my fresh roll
            s = history[-1] if history else 0
            row = self.strategy.x[s, int(observation["own"]) - 1]
            return [float(row[b - 1]) for b in legal]
        b = history[-1]
        s = history[-2] if len(history) >= 2 else 0
        p_call = float(self.strategy.y_bluff[s, b - 1])
        if b == observation["faces"]:                     # accepting the top announcement loses
            p_call = 1.0
        return [p_call if a == CALL else 1.0 - p_call for a in legal]

    def act(self, observation, legal_actions, rng):
        _check_faces(observation, self.strategy.x.shape[1], "this Ferguson strategy")
        legal = list(legal_actions)
        return _sample_weighted(self.probabilities(observation, legal), legal, rng)


def ferguson_agent(faces: int = 6, strategy: str = "K") -> StrategyAgent:
    """Ferguson's game with ``faces`` faces played by :func:`~liarlab.bluff.ferguson.ferguson_solution`'s
    ``strategy`` ("K": the talk's optimal strategy; "T*": the substitute for Ferguson & Ferguson's T)."""
    return StrategyAgent(ferguson_solution(faces, strategy).strategy)


register_agent("ferguson", "optimal")(lambda faces=6: ferguson_agent(faces, "K"))
register_agent("ferguson", "T*")(lambda faces=6: ferguson_agent(faces, "T*"))
