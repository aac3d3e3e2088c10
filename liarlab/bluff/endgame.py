"""The end game of Liar's Dice as a rules module: one round, and the winner of the call wins (issue 27).

Two players roll ``dice = (a, b)`` dice with ``faces`` faces in secret; the first mover (``a`` dice) bids,
then they alternate. A bid is ``(quantity, face)``; bids are ordered by quantity, then face, and each bid
must be higher than the last. After any bid the player to move may call instead. Then the dice are shown
and the bidder wins if at least ``quantity`` dice count as ``face``; the loser of the call loses the game.
Values are in +-1 units to the first mover (+1 when it wins), the sign convention of the public LP study
of this game (thomasahle/snyd, whose README and output tables are the published values).

Conventions (``convention``):

* ``"normal"``: no wild face; a die counts for the face it shows. Bids name faces 1..N.
* ``"joker"``: 1s are wild (a 1 counts for every face), and no bid may name face 1 (faces 2..N).
* ``"stairs"``: joker, and a roll that is a run 1, 2, ..., k of all its k dice counts as k + 1 dice of
  the named face (so one die showing 1 counts as two). ``stairs="ordered"`` (the public study's test)
  counts a run only when the dice fell in that order, so the roll (2, 1) is no stair there; with
  ``stairs="any"`` every order of 1..k is a stair.

Quantities run from 1 to the largest count the dice can show (a + b, or a + b + 2 with stairs; the public
study's ladder runs to 2 (a + b) with stairs, but a bid above every possible count loses to a call and
never changes the value, so it is left out).

Hands are enumerated as multisets with exact probabilities (:class:`fractions.Fraction`); under the
ordered stairs reading the multiset {1..k} is two hands: the run in order (probability 1 / N^k) and the
other k! - 1 orders. A history of bids is a bitmask (bit k-1 for bid k), as in :mod:`liarlab.bluff.exact`;
:class:`EndGameRound` is the same tree object as :class:`liarlab.bluff.rounds.Round`, so the whole-tree
LP (``rounds._solve_sequence_form``) and the best responses of ``exact`` and ``cfr`` run on it unchanged.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import factorial, prod

import numpy as np

from liarlab.bluff.rounds import Round
from liarlab.core.validation import check_bool, check_choice, check_int

__all__ = ["CONVENTIONS", "STAIRS_READINGS", "EndGame", "EndGameHand", "EndGameRound", "EndGameState",
           "counts_as", "is_stair"]

CONVENTIONS = ("normal", "joker", "stairs")
STAIRS_READINGS = ("ordered", "any")


@dataclass(frozen=True)
class EndGameHand:
    """One player's roll as the solvers see it: sorted faces, and whether it is a stair run."""

    faces_shown: tuple
    stair: bool = False

    def __str__(self) -> str:
        if self.stair or len(self.faces_shown) < 2 or not _is_run(self.faces_shown):
            return "".join(map(str, self.faces_shown)) + (" (stair)" if self.stair else "")
        return "".join(map(str, self.faces_shown)) + " (not in order)"


def _is_run(sorted_faces) -> bool:
    return tuple(sorted_faces) == tuple(range(1, len(sorted_faces) + 1))


def is_stair(roll, reading: str = "ordered") -> bool:
    """Whether a roll (in the order the dice fell) is a stair: 1, 2, ..., k (``"any"``: in any order)."""
    check_choice("stairs", reading, STAIRS_READINGS)
    roll = tuple(int(v) for v in roll)
    return _is_run(sorted(roll)) if reading == "any" else roll == tuple(range(1, len(roll) + 1))


def counts_as(roll, face: int, convention: str = "normal", stairs: str = "ordered") -> int:
    """How many dice of one roll (in the order they fell) count as ``face`` under a convention."""
    check_choice("convention", convention, CONVENTIONS)
    roll = tuple(int(v) for v in roll)
    if convention == "stairs" and roll and is_stair(roll, stairs):
        return len(roll) + 1
    if convention == "normal" or face == 1:
        return sum(1 for v in roll if v == face)
    return sum(1 for v in roll if v == face or v == 1)


@dataclass(frozen=True)
class EndGame:
    """The end game with ``dice = (first mover's, second mover's)`` dice and ``faces`` faces."""

    faces: int
    dice: tuple = (1, 1)
    convention: str = "normal"
    stairs: str = "ordered"
    stairs_jokers: bool = True

    def __post_init__(self):
        object.__setattr__(self, "faces", check_int("faces", self.faces, 1))
        if not isinstance(self.dice, (tuple, list)) or len(self.dice) != 2:
            raise ValueError(f"dice is a pair (first mover's, second mover's), got {self.dice!r}")
        a, b = self.dice
        object.__setattr__(self, "dice", (check_int("dice[0]", a, 1), check_int("dice[1]", b, 1)))
        check_choice("convention", self.convention, CONVENTIONS)
        check_choice("stairs", self.stairs, STAIRS_READINGS)
        object.__setattr__(self, "stairs_jokers", check_bool("stairs_jokers", self.stairs_jokers))
        if self.convention != "normal" and self.faces < 2:
            raise ValueError(f"faces must be >= 2 under the {self.convention} convention (no bid may name "
                             f"face 1), got {self.faces}")

    @property
    def label(self) -> str:
        conv = self.convention if self.convention != "stairs" else (
            f"stairs ({self.stairs}{'' if self.stairs_jokers else ', no jokers'})")
        return f"{self.dice[0]}v{self.dice[1]}, N = {self.faces}, {conv}"

    @property
    def bid_faces(self) -> tuple:
        return tuple(range(1 if self.convention == "normal" else 2, self.faces + 1))

    @property
    def max_quantity(self) -> int:
        return sum(self.dice) + (2 if self.convention == "stairs" else 0)

    @cached_property
    def bids(self) -> tuple:
        """Bids 1..n as (quantity, face), in increasing order (list index 0 is bid 1)."""
        return tuple((q, f) for q in range(1, self.max_quantity + 1) for f in self.bid_faces)

    @property
    def n_bids(self) -> int:
        return len(self.bids)

    @property
    def histories(self) -> int:
        return 1 << self.n_bids

    def hands(self, player: int) -> tuple:
        """(hands, exact probabilities) of ``player`` (0 first mover, 1 second)."""
        return _hands(self.dice[player], self.faces, self.convention == "stairs", self.stairs)

    def counts(self, player: int) -> np.ndarray:
        """``C[d, f]``: dice of hand d that count as face f (f = 0..N; column 0 unused)."""
        hand_list, _ = self.hands(player)
        C = np.zeros((len(hand_list), self.faces + 1), dtype=np.int64)
        for d, h in enumerate(hand_list):
            for f in self.bid_faces:
                C[d, f] = self._count(h, f)
        return C

    def count_roll(self, roll, face: int) -> int:
        """Dice of one roll (in the order they fell) that count as ``face`` in this game."""
        if self.convention == "stairs" and roll and is_stair(roll, self.stairs):
            return len(roll) + 1
        return counts_as(roll, face, "joker" if self.convention == "joker" or (
            self.convention == "stairs" and self.stairs_jokers) else "normal")

    def _count(self, hand: EndGameHand, face: int) -> int:
        if self.convention == "stairs" and hand.stair:
            return len(hand.faces_shown) + 1
        if self.convention == "stairs":
            return counts_as(hand.faces_shown, face, "joker" if self.stairs_jokers else "normal")
        return counts_as(hand.faces_shown, face, self.convention)

    def payoffs(self) -> np.ndarray:
        """First mover's payoff ``U[k, bidder, d0, d1]`` (+-1) when bid k made by ``bidder`` is called."""
        C0, C1 = self.counts(0), self.counts(1)
        U = np.zeros((self.n_bids + 1, 2, len(C0), len(C1)))
        for k, (q, f) in enumerate(self.bids, start=1):
            true = (C0[:, f][:, None] + C1[:, f][None, :]) >= q
            U[k, 0] = np.where(true, 1.0, -1.0)
            U[k, 1] = np.where(true, -1.0, 1.0)
        return U

    def round(self) -> EndGameRound:
        return EndGameRound(self)

    def new_state(self, rng: np.random.Generator) -> EndGameState:
        """A dealt game: each player's dice rolled in order from ``rng``."""
        rolls = tuple(tuple(int(v) for v in rng.integers(1, self.faces + 1, size=k)) for k in self.dice)
        return EndGameState(self, rolls)


def _hands(count: int, faces: int, split_stairs: bool, reading: str):
    """Multisets of ``count`` dice (sorted), with exact probabilities; stairs split as the reading says."""
    total = faces**count
    out, probs = [], []
    for hand in itertools.combinations_with_replacement(range(1, faces + 1), count):
        ways = factorial(count) // prod(factorial(c) for c in Counter(hand).values())
        if split_stairs and _is_run(hand):
            if reading == "any":
                out.append(EndGameHand(hand, True))
                probs.append(Fraction(ways, total))
                continue
            out.append(EndGameHand(hand, True))        # the dice fell in the order 1, 2, ..., k
            probs.append(Fraction(1, total))
            if ways > 1:
                out.append(EndGameHand(hand, False))   # the other k! - 1 orders
                probs.append(Fraction(ways - 1, total))
            continue
        out.append(EndGameHand(hand, False))
        probs.append(Fraction(ways, total))
    return tuple(out), tuple(probs)


class EndGameRound(Round):
    """The end game's bid-history tree in the format of :class:`liarlab.bluff.rounds.Round`."""

    def __init__(self, game: EndGame):  # noqa: D107 - the parent's attributes, built from the end game
        self.rules = None
        self.game = game
        self.faces = game.faces
        self.dice = game.dice
        self.n = game.n_bids
        self.M = 1 << self.n
        self.bids = list(game.bids)
        self.quantity = np.array([0] + [q for q, _ in self.bids])
        self.face = np.array([0] + [f for _, f in self.bids])
        self.hands, self.probs, self.counts, self.exact_probs = [], [], [], []
        for p in (0, 1):
            hand_list, probs = game.hands(p)
            self.hands.append(list(hand_list))
            self.exact_probs.append(probs)
            self.probs.append(np.array([float(x) for x in probs]))
            self.counts.append(game.counts(p))
        self.hand_index = [{h: i for i, h in enumerate(hl)} for hl in self.hands]
        self._index_histories()


class EndGameState:
    """One dealt end game (``liarlab.core.api.State`` style): actions 0 = call, k = bid k."""

    def __init__(self, game: EndGame, rolls, history=()):
        self.game = game
        self.rolls = tuple(tuple(r) for r in rolls)
        self.history = tuple(history)          # bids made, then 0 once called

    def current_player(self) -> int:
        return -1 if self.is_terminal() else len(self.history) % 2

    def legal_actions(self) -> list:
        if self.is_terminal():
            return []
        last = self.history[-1] if self.history else 0
        return ([0] if self.history else []) + list(range(last + 1, self.game.n_bids + 1))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action} after {self.history}")
        self.history = self.history + (int(action),)

    def clone(self) -> EndGameState:
        return EndGameState(self.game, self.rolls, self.history)

    def is_terminal(self) -> bool:
        return bool(self.history) and self.history[-1] == 0

    def bid_is_true(self, bid: int) -> bool:
        q, f = self.game.bids[bid - 1]
        return sum(self.game.count_roll(r, f) for r in self.rolls) >= q

    def returns(self) -> list[float]:
        """[first mover's, second mover's] payoff, +-1 (the State protocol's list)."""
        if not self.is_terminal():
            return [0.0, 0.0]
        bid = self.history[-2]
        bidder = (len(self.history) - 2) % 2
        bidder_wins = self.bid_is_true(bid)
        first = 1.0 if (bidder == 0) == bidder_wins else -1.0
        return [first, -first]

    def observation(self, player: int) -> dict:
        return {"roll": self.rolls[player], "history": self.history, "player": player}
