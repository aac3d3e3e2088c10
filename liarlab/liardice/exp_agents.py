"""The rule-based players of paper 02 (science-fair report on Q-learning in Liar Dice): RAND, EXP0-EXP3, EXPRAND.

They play the common-hand rules of :mod:`liarlab.liardice.rules` in the report's setting: k players with
five dice each, bids from one die upwards (``min_count=1``, so 30k bids), and the first seat always
opens (:func:`paper_config`, ``starter=0``). The report writes a bid as ``[face, count]``; the engine
writes ``(quantity, face)``. The engine's legal-action list is the report's list: bids count-major,
face ascending, then the challenge last. Every rule below indexes that list the way the report's code
does, so the order matters.

EXP rules as in the report's code (section 2 of the spec):

* EXP0 challenges when ``own[face] + (margin - 1) < count`` of the standing bid (code: ``own + 1 < count``);
  otherwise it picks uniformly among the first ``min(len(actions) - 1, 5) + 1`` legal actions. Near the
  top of the ladder that window contains the challenge.
* EXP1-3 use the largest multiplicity ``m`` of the own hand and the largest face ``mf`` holding it. EXP2
  opens with ``[mf, m]`` (largest honest bid), EXP3 with ``[mf, m + 1]`` (a slight lie). After the
  opening they challenge when ``m + (margin - 1) < count`` and otherwise play :func:`honest_action`.
* ``margin`` defaults to the number of players: the shown 2-player code (``+ 1 <``) for k = 2 and the
  text's "difference >= number of players" for k = 3.
* EXPRAND draws a rule per decision: u <= .25 EXP0, <= .5 EXP1, <= .75 EXP2, else EXP3.

``honestAction`` is not shown in the report. ``honest_fallback="smallest"`` returns the smallest honest
bid, else the first legal action; ``"best_face_plus_one"`` falls back to ``[mf, m + 1]`` when legal.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from liarlab.core.api import register_agent
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int
from liarlab.liardice.rules import (
    CHALLENGE,
    LiarDiceConfig,
    LiarDiceState,
    Observation,
    higher_bids,
    new_game_from_hands,
    play_state,
)

EXP_KINDS = (0, 1, 2, 3)
HONEST_FALLBACKS = ("smallest", "best_face_plus_one")
#: EXP0 bids among this many of the smallest legal actions: the shown two-player code's ``randint(0, 5)``. The
#: report's text leaves it open (「個數較小的幾種喊牌」, a few bids of the smallest counts) and its three-player
#: code is not shown, so ``window`` is a parameter (notebook 02's readings of spec 7.1).
EXP0_WINDOW = 6
#: EXPRAND's cut-points (``rand_area`` in the report's code)
RAND_AREA = (0.25, 0.5, 0.75)


# ============================================================================ the report's setting

def paper_config(n_players: int = 2) -> LiarDiceConfig:
    """The report's rules: k players, 5 six-sided dice each, bids from one die up (30k bids)."""
    check_int("n_players", n_players, 2, 3)
    return LiarDiceConfig(n_players=n_players, dice_per_player=5, faces=6, min_count=1)


def forced_hand(rng: np.random.Generator, same: int, faces: int = 6, n_dice: int = 5) -> np.ndarray:
    """A hand from the report's generator: ``same = 0`` rolls fair dice; ``same = s >= 1`` puts ``s`` dice
    on a uniform face and redraws each remaining die until it lands on an empty face.

    So s = 2 is exactly one pair (never two pairs) and s = 3 never a full house.
    """
    same = check_int("same", same, 0, n_dice)
    hand = np.zeros(faces, dtype=np.int64)
    if same == 0:
        for d in rng.integers(0, faces, size=n_dice):
            hand[d] += 1
        return hand
    hand[int(rng.integers(0, faces))] += same
    for _ in range(n_dice - same):
        d = int(rng.integers(0, faces))
        while hand[d] != 0:
            d = int(rng.integers(0, faces))
        hand[d] += 1
    return hand


def new_paper_game(rng: np.random.Generator, n_players: int = 2, same: Sequence[int] | None = None) -> LiarDiceState:
    """A game in the report's setting; ``same[p]`` forces seat p's largest multiplicity (0 = fair)."""
    rng = generator(rng)
    config = paper_config(n_players)
    same = [0] * n_players if same is None else list(same)
    if len(same) != n_players:
        raise ValueError(f"same must list {n_players} players, got {len(same)}")
    hands = np.stack([forced_hand(rng, s) for s in same])
    return new_game_from_hands(hands, config, starter=0)


def legal_from_observation(obs: Observation) -> list:
    """The report's ordered action list: higher bids count-major, then the challenge (once a bid stands)."""
    actions = [("bid", b) for b in higher_bids(obs.last_bid, obs.config) if b[0] <= obs.config.max_count]
    if obs.bids:
        actions.append(CHALLENGE)
    return actions


def standing(obs: Observation) -> tuple[int, int]:
    """The standing bid in the report's ``[face, count]`` order; ``(0, 0)`` before any bid."""
    if not obs.bids:
        return (0, 0)
    quantity, face = obs.last_bid
    return (face, quantity)


def largest_multiplicity(own) -> tuple[int, int]:
    """``(m, mf)``: the largest count in the hand and the largest face holding it (the code's ``>=`` loop)."""
    m, mf = 0, 0
    for i, c in enumerate(own):
        if c >= m:
            m, mf = int(c), i + 1
    return m, mf


# ============================================================================ the rules as functions

def exp0_action(own, obs_standing, actions: list, u: float, margin: int = 2, window: int = EXP0_WINDOW):
    """EXP0 with ``u`` in [0, 1) choosing the window slot: ``randint(0, min(len - 1, window - 1))`` inclusive
    (the code's ``randint(0, min(len - 1, 5))`` for the default window of six)."""
    face, count = obs_standing
    # At the opening face = 0 indexes hand[-1] in the report's code; count = 0 keeps the test false.
    if own[face - 1] + (margin - 1) < count:
        return actions[-1]
    width = min(len(actions) - 1, window - 1) + 1
    return actions[min(int(u * width), width - 1)]


def honest_action(actions: list, own, fallback: str = "smallest", best: tuple[int, int] | None = None):
    """The smallest honest bid (count <= own count of its face); if none, the fallback.

    ``fallback="smallest"``: ``actions[0]``; ``"best_face_plus_one"``: ``best`` = ``(face, count)`` =
    ``[mf, m + 1]`` when it is legal, else ``actions[0]``.
    """
    for a in actions:
        if a[0] == "bid" and a[1][0] <= own[a[1][1] - 1]:
            return a
    if fallback == "best_face_plus_one" and best is not None:
        target = ("bid", (best[1], best[0]))
        if target in actions:
            return target
    return actions[0]


def exp_action(kind: int, own, obs_standing, actions: list, margin: int = 2, fallback: str = "smallest"):
    """EXP1, EXP2 or EXP3 (deterministic)."""
    m, mf = largest_multiplicity(own)
    face, count = obs_standing
    if count == 0 and kind == 2:
        return ("bid", (m, mf))
    if count == 0 and kind == 3:
        return ("bid", (m + 1, mf))
    if m + (margin - 1) < count:
        return actions[-1]
    return honest_action(actions, own, fallback, (mf, m + 1))


def exprand_kind(u: float) -> int:
    """EXPRAND's rule for one decision from u ~ U[0, 1) (the code compares with ``<=``)."""
    for kind, cut in enumerate(RAND_AREA):
        if u <= cut:
            return kind
    return 3


# ============================================================================ agents

class _PaperAgent:
    """Shared plumbing: the margin defaults to the number of players of the game being played."""

    def __init__(self, margin: int | None = None, honest_fallback: str = "smallest"):
        self.margin = None if margin is None else check_int("margin", margin, 1)
        self.honest_fallback = check_choice("honest_fallback", honest_fallback, HONEST_FALLBACKS)

    def _margin(self, obs: Observation) -> int:
        return obs.config.n_players if self.margin is None else self.margin

    def _legal(self, obs, legal_actions):
        return list(legal_actions) if legal_actions is not None else legal_from_observation(obs)


@register_agent("liardice", "RAND")
class RandAgent(_PaperAgent):
    """RAND: uniform over the legal actions (so it may challenge whenever that is legal)."""

    name = "RAND"

    def act(self, observation, legal_actions, rng):
        actions = self._legal(observation, legal_actions)
        return actions[int(rng.integers(len(actions)))]


class ExpAgent(_PaperAgent):
    """EXP0-EXP3 of the report (``kind`` 0..3); see the module docstring for the rules."""

    def __init__(self, kind: int = 0, margin: int | None = None, honest_fallback: str = "smallest",
                 window: int = EXP0_WINDOW):
        super().__init__(margin, honest_fallback)
        self.kind = check_choice("kind", kind, EXP_KINDS)
        self.window = check_int("window", window, 1)
        self.name = f"EXP{self.kind}"

    def act(self, observation, legal_actions, rng):
        actions = self._legal(observation, legal_actions)
        return self._decide(self.kind, observation, actions, rng)

    def _decide(self, kind, obs, actions, rng):
        if kind == 0:
            return exp0_action(obs.own, standing(obs), actions, float(rng.random()), self._margin(obs), self.window)
        return exp_action(kind, obs.own, standing(obs), actions, self._margin(obs), self.honest_fallback)


@register_agent("liardice", "EXPRAND")
class ExpRandAgent(ExpAgent):
    """EXPRAND: one of EXP0-EXP3 drawn afresh at every decision (``per="decision"``) or once per game."""

    def __init__(self, margin: int | None = None, honest_fallback: str = "smallest", per: str = "decision"):
        super().__init__(0, margin, honest_fallback)
        self.per = check_choice("per", per, ("decision", "game"))
        self.name = "EXPRAND"
        self._game_kind = None

    def new_game(self, player, starter, config, rng) -> None:
        self._game_kind = exprand_kind(float(rng.random())) if self.per == "game" else None

    def act(self, observation, legal_actions, rng):
        actions = self._legal(observation, legal_actions)
        kind = self._game_kind
        if kind is None:
            kind = exprand_kind(float(rng.random()))
        return self._decide(kind, observation, actions, rng)


def _exp_factory(kind):
    def make(margin: int | None = None, honest_fallback: str = "smallest") -> ExpAgent:
        return ExpAgent(kind, margin, honest_fallback)
    make.__name__ = f"make_exp{kind}"
    return make


for _kind in EXP_KINDS:
    register_agent("liardice", f"EXP{_kind}")(_exp_factory(_kind))


# ============================================================================ reference game loop

def play_paper_game(agents: Sequence, rng: np.random.Generator, same: Sequence[int] | None = None,
                    hands=None, max_turns: int = 1000):
    """One game of the report's setting through the rules module (seat 0 opens); returns its GameRecord.

    ``agents[seat]`` has ``act(observation, legal_actions, rng)`` and optionally the engine's
    ``new_game`` / ``end_game`` hooks. ``hands`` fixes the hands (k x 6 counts), else ``same`` forces
    largest multiplicities (0 = fair dice).
    """
    rng = generator(rng)
    k = len(agents)
    if hands is not None:
        state = new_game_from_hands(hands, paper_config(k), starter=0)
    else:
        state = new_paper_game(rng, k, same)
    return play_state(state, agents, rng, max_turns)
