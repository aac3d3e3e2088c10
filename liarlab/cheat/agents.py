"""Registered stage-2 agents: the six personality types a..f, a random player, the exploiter x and the linear-Q
learner.

Each decision of a type with random choices (b, c, e, random, q, x) draws ``N_UNIFORMS`` uniforms
(``rng.random(6)``) whether it uses them all or not, and a, d, f draw none, so the compiled engine,
which does the same, replays a game exactly. The decision rules themselves live in
:mod:`liarlab.cheat.policies` (spec §4 and §5).
"""
from __future__ import annotations

import numpy as np

from liarlab.core.api import register_agent
from liarlab.core.validation import check_choice, check_probability

from . import policies as pol
from .game import ACCEPT, Challenge, CheatEvent, CheatObservation, CheatState, Play

SCRIPTED_TYPES = ("a", "b", "c", "d", "e", "f", "random", "x")
#: What each type does, as a person at the table sees it (``policies.scripted_decision``). Every type except
#: f and random is honest whenever it holds the required rank; "lie" means cards of another rank. Types that
#: challenge cannot do so on an empty pile: they lie with one card instead.
DESCRIPTIONS = {
    "a": "honest when it holds the required rank; else lies with as many cards of one other rank as allowed; "
         "never challenges",
    "b": "honest when it can; else, early in the game, lies with as many cards of one rank as allowed, midgame "
         "with a random number of cards of one rank, and late challenges (on an empty pile it lies with one card)",
    "c": "like b, but its lies take one card per rank",
    "d": "honest when it holds the required rank; else challenges, or, when the pile is empty (nothing to "
         "challenge), lies with one card",
    "e": "honest when it can; else lies with 3, 2 or 1 cards as 0, 1 or 2 of its last 3 lies were caught; once all "
         "3 were caught it challenges instead (on an empty pile it lies with one card)",
    "f": "never challenges; always plays its least suitable cards, 3, 2 or 1 as 0-1, 2 or 3 of its last 3 lies "
         "were caught",
    "random": "challenges half the time when there is a pile; else plays 1 to the allowed number of random cards",
    "x": "exploiter (ours, not the paper's): plays its whole hand, true or not, whenever it holds no more cards "
         "than one play may hold, and always challenges a play that emptied the previous player's hand (rules variant); "
         "otherwise like b",
    "q": "approximate Q-learning with the seven bucketed features",
}


def _record(obs: CheatObservation, player: int, revealed: bool = False) -> tuple[np.ndarray, int]:
    seq = (obs.revealed_record if revealed else obs.lie_record)[player]
    rec = np.array(seq, dtype=np.int64)
    return (rec if len(rec) else np.zeros(1, dtype=np.int64)), len(seq)


def _to_action(code: int, out: np.ndarray, obs: CheatObservation):
    if obs.final_pending:
        return Challenge(obs.last_player) if code == pol.CHALLENGE_CODE else ACCEPT
    if code == pol.CHALLENGE_CODE:
        return Challenge(obs.last_player)
    return Play(tuple(int(x) for x in out))


class ScriptedAgent:
    """Personality type ``kind`` (a..f), ``random`` or the exploiter ``x``; see :data:`DESCRIPTIONS`."""

    def __init__(self, kind: str = "a"):
        self.kind = check_choice("kind", kind, SCRIPTED_TYPES)
        self.code = pol.AGENT_TYPES.index(kind)

    def decide(self, obs: CheatObservation, u: np.ndarray) -> tuple[int, np.ndarray]:
        rules = obs.rules
        rec, count = _record(obs, obs.player)
        out = np.zeros(rules.n_ranks, dtype=np.int64)
        order = pol.least_suitable_order(obs.required_rank, rules.n_players, rules.n_ranks)
        code = pol.scripted_decision(self.code, np.array(obs.hand, dtype=np.int64), obs.required_rank,
                                     order, rules.n_ranks, rules.hand_size, rules.max_play,
                                     obs.pile_size, pol.caught_recent(rec, count, 3), u, out, obs.final_pending)
        return code, out

    def act(self, observation: CheatObservation, legal_actions, rng: np.random.Generator):
        u = rng.random(pol.N_UNIFORMS) if pol.NEEDS_UNIFORMS[self.code] else np.zeros(pol.N_UNIFORMS)
        code, out = self.decide(observation, u)
        return _to_action(code, out, observation)


for _kind in SCRIPTED_TYPES:
    register_agent("cheat", _kind)(lambda _k=_kind: ScriptedAgent(_k))


def features(obs: CheatObservation, feature_set: str = "F7", encoding: str = "ordinal",
             history: str = "ground-truth") -> tuple[np.ndarray, np.ndarray]:
    """(phi, levels) of the learner's state (spec §5.1); ``encoding="one-hot"`` is the spec's variant.

    ``history="revealed"`` computes feature 7 from what the table saw of the previous player (its turned-over
    plays: the share that were honest) instead of the engine's record of its lies.
    """
    n_features, memory = pol.FEATURE_SETS[check_choice("feature_set", feature_set, pol.FEATURE_SETS)]
    rules = obs.rules
    prev = obs.last_player if obs.last_player >= 0 else (obs.player - 1) % rules.n_players
    own, own_n = _record(obs, obs.player)
    other, other_n = _record(obs, prev, check_choice("history", history, ("ground-truth", "revealed")) == "revealed")
    phi = np.zeros(pol.phi_size(check_choice("encoding", encoding, pol.ENCODINGS)))
    levels = pol.feature_vector(obs.pile_size, obs.hand_sizes[prev], obs.last_count, min(obs.hand_sizes), own, own_n,
                                other, other_n, rules.hand_size, n_features, memory, phi)
    return phi, levels


def q_action_names(max_play: int = 3) -> list[str]:
    return ["CHALLENGE"] + [f"TRUTH_{n}" for n in range(1, max_play + 1)] + [f"LIE_{n}" for n in range(1, max_play + 1)]


@register_agent("cheat", "q")
class QLearner:
    """Approximate Q-learning with linear Q(s, a) = theta_a . phi(s) (spec §5).

    While ``learning``, it explores with rate ``epsilon``, keeps its transitions and learns when the pile
    is cleared or the game ends (:meth:`observe`, :meth:`end_game`, called by
    :func:`liarlab.cheat.game.play_with_events`). With ``learning=False`` it plays greedily and never
    changes its weights (the paper's test: alpha = 0, epsilon = 0).
    """

    def __init__(self, feature_set: str = "F7", alpha: float = 0.7, gamma: float = 0.9, epsilon: float = 0.5,
                 max_play: int = 3, weights=None, learning: bool = True, three_actions: bool = False,
                 caught_lie: str = "n-P", encoding: str = "ordinal", history: str = "ground-truth",
                 honest_reward: str = "x", next_state: str = "next decision"):
        self.feature_set = check_choice("feature_set", feature_set, pol.FEATURE_SETS)
        self.alpha, self.gamma = float(alpha), float(gamma)
        self.epsilon = check_probability("epsilon", epsilon)
        self.max_play = max_play
        n_actions = 1 + 2 * max_play
        self.encoding = check_choice("encoding", encoding, pol.ENCODINGS)
        self.history = check_choice("history", history, ("ground-truth", "revealed"))
        size = pol.phi_size(self.encoding)
        self.weights = np.zeros((n_actions, size)) if weights is None else np.array(weights, dtype=float)
        self.learning = bool(learning)
        self.three_actions = bool(three_actions)
        self.caught_minus_pile = check_choice("caught_lie", caught_lie, ("n-P", "-P")) == "-P"
        self.honest_zero = check_choice("honest_reward", honest_reward, ("x", "0")) == "0"
        self.after_reply = check_choice("next_state", next_state, ("next decision", "after reply")) == "after reply"
        self.buffer: list[tuple[np.ndarray, int, np.ndarray]] = []
        self.cards: list[int] = []
        self.rewards: list[float] = []
        self.pending = None  # (phi, action, reward) waiting for its next state

    def act(self, observation: CheatObservation, legal_actions, rng: np.random.Generator):
        u = rng.random(pol.N_UNIFORMS)
        rules = observation.rules
        phi, _ = features(observation, self.feature_set, self.encoding, self.history)
        hand = np.array(observation.hand, dtype=np.int64)
        legal = np.zeros(1 + 2 * rules.max_play, dtype=np.bool_)
        pol.q_legal(hand, observation.required_rank, rules.max_play, observation.pile_size, self.three_actions, legal)
        if self.learning and self.pending is not None:
            p_phi, p_a, p_r = self.pending
            pol.q_update(self.weights, p_phi, p_a, p_r, self.gamma, self.alpha, phi, legal, False)
            self.pending = None
        action = pol.q_choose(self.weights, phi, legal, self.epsilon if self.learning else 0.0, u)
        out = np.zeros(rules.n_ranks, dtype=np.int64)
        order = pol.least_suitable_order(observation.required_rank, rules.n_players, rules.n_ranks)
        code = pol.q_action_cards(action, hand, observation.required_rank, order, rules.max_play, self.three_actions,
                                  out)
        if self.learning:
            self.buffer.append((phi, action, legal))
            self.cards.append(code)
        return _to_action(code, out, observation)

    def reward(self, action: int, n_cards: int, last: bool, challenged: bool, lie: bool, pile_size: int) -> float:
        """Reward of one of its actions once settled (spec §5.3)."""
        return pol.q_reward(action, n_cards, self.max_play, last, challenged, lie, pile_size, self.caught_minus_pile,
                            self.honest_zero)

    def _settle(self, terminal: bool) -> None:
        m = len(self.buffer)
        for j in range(m - 1):
            phi, a, _ = self.buffer[j]
            pol.q_update(self.weights, phi, a, self.rewards[j], self.gamma, self.alpha, self.buffer[j + 1][0],
                         self.buffer[j + 1][2], False)
        if m > 0:
            phi, a, legal = self.buffer[-1]
            if terminal:
                pol.q_update(self.weights, phi, a, self.rewards[-1], self.gamma, self.alpha, phi, legal, True)
            else:
                self.pending = (phi, a, self.rewards[-1])
        self.buffer, self.rewards, self.cards = [], [], []

    sees_table = True  # play_with_events passes the state after each event (for next_state="after reply")

    def observe(self, event: CheatEvent, seat: int, state: CheatState | None = None) -> None:
        """Learn at a pile clear (a challenge). With ``next_state="after reply"`` the last transition's s' is
        ``state`` (the table right after the challenge) unless the game is over, not the learner's next decision."""
        if not self.learning or event.kind != "challenge" or not self.buffer:
            return
        m = len(self.buffer)
        self.rewards = [self.reward(a, self.cards[j], j == m - 1, j == m - 1 and seat == event.target, event.lie,
                                    event.pile_size) for j, (_, a, _) in enumerate(self.buffer)]
        if self.after_reply and state is not None and not state.is_terminal():
            obs = state.observation(seat)
            phi, _ = features(obs, self.feature_set, self.encoding, self.history)
            legal = np.zeros(1 + 2 * obs.rules.max_play, dtype=np.bool_)
            pol.q_legal(np.array(obs.hand, dtype=np.int64), obs.required_rank, obs.rules.max_play, obs.pile_size,
                        self.three_actions, legal)
            self.buffer.append((phi, -1, legal))        # s' of the last transition, never updated itself
            self.rewards.append(0.0)
            self._settle(terminal=False)
            self.pending = None
            return
        self._settle(terminal=False)

    def end_game(self, state: CheatState, seat: int) -> None:
        """Learn at the end of a game: +100 for the winning play, -100 for the last action before a loss."""
        if not self.learning:
            return
        self.rewards = [self.reward(a, self.cards[j], False, False, False, 0) for j, (_, a, _) in enumerate(self.buffer)]
        if state.winner == seat:
            if self.buffer:
                self.rewards[-1] = 100.0
            elif self.pending is not None:  # its emptying play survived a challenge (last play challengeable)
                self.pending = (self.pending[0], self.pending[1], 100.0)
        elif state.winner >= 0:
            if self.buffer:
                self.rewards[-1] = -100.0
            elif self.pending is not None:
                self.pending = (self.pending[0], self.pending[1], -100.0)
        if self.pending is not None:
            p_phi, p_a, p_r = self.pending
            pol.q_update(self.weights, p_phi, p_a, p_r, self.gamma, self.alpha, p_phi, np.ones(1, np.bool_), True)
            self.pending = None
        self._settle(terminal=True)
