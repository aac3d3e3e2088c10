"""The tabular Q-learner of paper 02 (:mod:`liarlab.liardice.qtable`) in Bluff's end game
(:mod:`liarlab.bluff.endgame`), compiled: the engine notebook 06 retrains paper 02's learners RL0-RL3 with (issue
41; moved here from the paper, issue 48). What the learner is, and the plain reference it is tested against to
the bit, are notebook 06's (:mod:`liarlab.papers.p06.learners`); here are the arrays and the compiled loop.

* **Keys** (:class:`KeyLayout`): one value per (standing bid, own action, own count of the action's face), dense,
  the same in both seats.
* **Opponents** are given as tables of cumulative action probabilities per seat, hand and standing bid
  (``opp_cum[seat, hand, prev, action]``, actions 0 = call and 1..n = bid k); the deal as cumulative hand
  probabilities (:func:`deal_tables`). Every random choice is one uniform draw: the two hands, then per learner
  decision one for epsilon and one more to pick the exploring action, per opponent decision one.
* **Epsilon-greedy**: a draw ``u <= epsilon`` explores (list position ``int(u * legal)`` of the higher bids in
  increasing order, then the challenge once a bid stands), else the largest value, ties to the last action.
* **The report's update**: at the end of a game the learner's own keys are walked backwards, the last moved toward
  ``gamma * R`` and each earlier one toward ``gamma *`` the fresh value of the next.

Randomness comes only from the caller: a 32-bit ``seed`` for numba's generator, or the uniforms themselves
(``draws``, tests).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numba import njit

from liarlab.bluff.endgame import EndGame

__all__ = ["KeyLayout", "cumulative", "deal_tables", "ladder", "hand_counts", "train_table", "decide"]


# ============================================================================ the key layout

@dataclass(frozen=True)
class KeyLayout:
    """Dense indices of the partial-hand keys of one end game: ``(prev * (n + 1) + action) * (D + 1) + held``,
    with ``prev`` the standing bid's number (0 at the opening), ``action`` 0 (challenge) or k (bid k), ``held``
    the own count of the bid's face (0 for the challenge) and D the larger hand's dice."""

    game: EndGame

    @property
    def n(self) -> int:
        return self.game.n_bids

    @property
    def held_values(self) -> int:
        return max(self.game.dice) + 1

    @property
    def size(self) -> int:
        return (self.n + 1) ** 2 * self.held_values

    def index(self, prev: int, action: int, held: int) -> int:
        return (prev * (self.n + 1) + action) * self.held_values + (0 if action == 0 else held)

    @cached_property
    def _number(self) -> dict:
        return {bid: k for k, bid in enumerate(self.game.bids, start=1)}

    def index_of_key(self, key: tuple) -> int:
        """The dense index of a report key (:func:`liarlab.liardice.qtable.afterstate_key`, history 1, partial)."""
        number = self._number
        prev_face, prev_count, face, held, count = key
        prev = number[(prev_count, prev_face)] if prev_count else 0
        action = 0 if face == -1 else number[(count, face)]
        return self.index(prev, action, held)



# ============================================================================ deals as arrays

def hand_counts(hand, faces: int) -> np.ndarray:
    """Counts per face (index 0 = face 1) of an end-game hand (:class:`~liarlab.bluff.endgame.EndGameHand` or a
    tuple of faces)."""
    shown = getattr(hand, "faces_shown", hand)
    return np.bincount(np.asarray(shown, dtype=np.int64) - 1, minlength=faces).astype(np.int64)


def cumulative(probabilities) -> np.ndarray:
    """Float cumulative sums in order, the last entry with positive probability (and every later one) set to 1
    exactly, so a draw u in [0, 1) always picks an action of positive probability."""
    out = np.zeros(len(probabilities))
    total = 0.0
    last = -1
    for i, p in enumerate(probabilities):
        total += float(p)
        out[i] = total
        if p > 0:
            last = i
    if last < 0:
        raise ValueError("a distribution with no positive probability")
    out[last:] = 1.0
    return out



def deal_tables(game: EndGame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(``cum[seat, hand]`` the deal's cumulative hand probabilities, ``counts[seat, hand, face - 1]``, hands per
    seat), padded to the larger seat."""
    hands = [game.hands(seat) for seat in (0, 1)]
    size = max(len(h[0]) for h in hands)
    cum = np.ones((2, size))
    counts = np.zeros((2, size, game.faces), dtype=np.int64)
    for seat, (hand_list, probs) in enumerate(hands):
        cum[seat, :len(probs)] = cumulative(probs)
        for d, hand in enumerate(hand_list):
            counts[seat, d] = hand_counts(hand, game.faces)
    return cum, counts, np.array([len(h[0]) for h in hands], dtype=np.int64)


def ladder(game: EndGame) -> tuple[np.ndarray, np.ndarray]:
    """``quantity[k]`` and 0-based ``face[k]`` of bid k (index 0 unused)."""
    quantity = np.array([0] + [q for q, _ in game.bids], dtype=np.int64)
    face = np.array([0] + [f - 1 for _, f in game.bids], dtype=np.int64)
    return quantity, face


# ============================================================================ compiled decisions and training

@njit(cache=True)
def _draw(draws, pos):
    """The next uniform: ``draws[pos]`` when draws are given (tests), else numba's generator."""
    if draws.shape[0] == 0:
        return np.random.random(), pos
    if pos >= draws.shape[0]:
        raise ValueError("the given draws ran out")
    return draws[pos], pos + 1


@njit(cache=True)
def _pick(cum, size, u):
    """The first index whose cumulative probability exceeds ``u``."""
    for i in range(size):
        if u < cum[i]:
            return i
    return size - 1


@njit(cache=True)
def _key(prev, action, own, n, held_values, face):
    held = 0 if action == 0 else own[face[action]]
    return (prev * (n + 1) + action) * held_values + held


@njit(cache=True)
def _explore(prev, n, u):
    """A uniform legal action from ``u``: list position ``int(u * legal)`` of the higher bids in increasing order,
    then the challenge once a bid stands."""
    legal = n - prev + (1 if prev > 0 else 0)
    i = min(int(u * legal), legal - 1)
    return prev + 1 + i if i < n - prev else 0


@njit(cache=True)
def _greedy(values, prev, own, n, held_values, face):
    """The largest value over the report's action list, ties to the last (the challenge last once a bid stands)."""
    best = prev + 1
    vmax = -999.0
    for a in range(prev + 1, n + 1):
        v = values[_key(prev, a, own, n, held_values, face)]
        if v >= vmax:
            vmax = v
            best = a
    if prev > 0 and values[_key(prev, 0, own, n, held_values, face)] >= vmax:
        best = 0
    return best


@njit(cache=True)
def _decide(values, prev, own, n, held_values, face, epsilon, u, u_pick):
    """One learner decision from its draws: explore when ``u <= epsilon`` (with ``u_pick``), else greedy."""
    if u <= epsilon:
        return _explore(prev, n, u_pick)
    return _greedy(values, prev, own, n, held_values, face)


@njit(cache=True)
def _train(values, n_games, seed, draws, opp_cum, hand_cum, counts, n_hands, quantity, face, n, held_values,
           epsilon, alpha, gamma, reward, penalty, won):
    """Train ``values`` in place for ``n_games`` games; the learner sits in seat ``g % 2`` in game g. Returns the
    draws consumed (given draws) and fills ``won[g]``."""
    if seed >= 0:
        np.random.seed(seed)
    pos = 0
    visited = np.zeros(n + 2, dtype=np.int64)
    hands = np.zeros(2, dtype=np.int64)
    for g in range(n_games):
        learner = g % 2
        for s in range(2):
            u, pos = _draw(draws, pos)
            hands[s] = _pick(hand_cum[s], n_hands[s], u)
        prev = 0
        seat = 0
        n_visited = 0
        while True:
            own = counts[seat, hands[seat]]
            if seat == learner:
                u, pos = _draw(draws, pos)
                if u <= epsilon:
                    u_pick, pos = _draw(draws, pos)
                    action = _explore(prev, n, u_pick)
                else:
                    action = _greedy(values, prev, own, n, held_values, face)
                visited[n_visited] = _key(prev, action, own, n, held_values, face)
                n_visited += 1
            else:
                u, pos = _draw(draws, pos)
                action = _pick(opp_cum[seat, hands[seat], prev], n + 1, u)
            if action == 0:
                break
            prev = action
            seat = 1 - seat
        total = counts[0, hands[0], face[prev]] + counts[1, hands[1], face[prev]]
        bidder = 1 - seat
        winner = bidder if total >= quantity[prev] else seat
        won[g] = winner == learner
        r = reward if winner == learner else penalty
        for i in range(n_visited - 1, -1, -1):     # the report's backward update
            k = visited[i]
            values[k] += alpha * (gamma * r - values[k])
            r = values[k]
    return pos


def train_table(game: EndGame, opp_cum: np.ndarray, n_games: int, values: np.ndarray, *, seed: int, draws: np.ndarray,
                epsilon: float, alpha: float, gamma: float, reward: float, penalty: float) -> tuple[np.ndarray, int]:
    """Train ``values`` (dense, :class:`KeyLayout`) in place for ``n_games`` games against the opponent tables
    ``opp_cum``; the learner sits in seat ``g % 2`` in game g. ``seed`` (>= 0) seeds numba's generator, or
    ``draws`` (non-empty, ``seed`` -1) are the uniforms to use. Returns (won per game, the draws consumed)."""
    layout = KeyLayout(game)
    hand_cum, counts, n_hands = deal_tables(game)
    quantity, face = ladder(game)
    won = np.zeros(n_games, dtype=np.bool_)
    used = _train(values, n_games, seed, draws, opp_cum, hand_cum, counts, n_hands, quantity, face, layout.n,
                  layout.held_values, float(epsilon), float(alpha), float(gamma), float(reward), float(penalty), won)
    return won, int(used)


def decide(game: EndGame, values: np.ndarray, own, prev: int, u: float, u_pick: float, epsilon: float) -> int:
    """The compiled learner's decision from given draws: explore when ``u <= epsilon`` (with ``u_pick``), else
    greedy."""
    layout = KeyLayout(game)
    _, face = ladder(game)
    return int(_decide(np.asarray(values, dtype=np.float64), prev, np.asarray(own, dtype=np.int64), layout.n,
                       layout.held_values, face, epsilon, u, u_pick))
