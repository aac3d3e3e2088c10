"""The bid ladder of every dice-bidding game: one order of ``(quantity, face)`` bids.

A bid ``(quantity, face)`` claims that the table holds at least ``quantity`` dice showing ``face``.
Both Liar Dice (papers 01, 02) and Bluff (paper 05) rank bids on a ladder; a bid must be higher
than the standing one, i.e. further up the ladder. Two orders are in use:

``"quantity"``
    By quantity, then face (faces 1 < 2 < ... < ``faces``). The thesis's Liar Dice and the talk's
    Bluff (where the top face is wild, so it ranks highest within a quantity).
``"star"``
    Bluff's published board: ``k`` wild ("star", the top face) dice rank above ``2k - 1`` dice of
    any other face and below ``2k`` (1, *1, 2, 3, *2, 4, 5, *3, ... per quantity row). With one
    die each the two orders coincide.

Indices are 0-based positions on the ladder (0 = the lowest bid). Compiled engines take the
precomputed arrays :attr:`BidLadder.quantities`, :attr:`BidLadder.face_indices` and
:attr:`BidLadder.index_table` instead of re-deriving the arithmetic.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from liarlab.core.validation import check_choice, check_int

BID_ORDERS = ("quantity", "star")


@dataclass(frozen=True)
class BidLadder:
    """Every legal bid ``(quantity, face)`` with ``min_quantity <= quantity <= max_quantity``, in order."""

    faces: int
    min_quantity: int
    max_quantity: int
    order: str = "quantity"

    def __post_init__(self):
        check_int("faces", self.faces, 2)
        check_int("min_quantity", self.min_quantity, 1)
        check_int("max_quantity", self.max_quantity, self.min_quantity)
        check_choice("order", self.order, BID_ORDERS)

    # ------------------------------------------------------------------ the order
    def rank_key(self, bid: tuple[int, int]) -> tuple[int, int]:
        """Sort key of a bid: equal keys never occur for different bids."""
        quantity, face = bid
        if self.order == "star" and face == self.faces:
            return (2 * quantity - 1, self.faces)   # k stars sit just above 2k - 1 of any plain face
        return (quantity, face)

    @cached_property
    def bids(self) -> tuple[tuple[int, int], ...]:
        """Every bid from lowest to highest."""
        plain = [(q, f) for q in range(self.min_quantity, self.max_quantity + 1) for f in range(1, self.faces + 1)]
        if self.order == "quantity":
            return tuple(plain)
        return tuple(sorted(plain, key=self.rank_key))

    @cached_property
    def _index(self) -> dict:
        return {bid: i for i, bid in enumerate(self.bids)}

    @property
    def n_bids(self) -> int:
        return (self.max_quantity - self.min_quantity + 1) * self.faces

    def index(self, bid: tuple[int, int]) -> int:
        """Position of ``bid`` on the ladder (0 = lowest); ValueError if it is not a legal bid."""
        try:
            return self._index[(int(bid[0]), int(bid[1]))]
        except (KeyError, TypeError, IndexError):
            raise ValueError(f"{bid!r} is not a bid (quantity {self.min_quantity}..{self.max_quantity}, "
                             f"face 1..{self.faces})") from None

    def bid(self, index: int) -> tuple[int, int]:
        """The bid at ladder position ``index`` (0-based)."""
        return self.bids[check_int("index", index, 0, self.n_bids - 1)]

    def bid_is_higher(self, new: tuple[int, int], old: tuple[int, int] | None) -> bool:
        """True iff ``new`` may follow the standing bid ``old`` (None: nothing bid yet)."""
        if old is None:
            return True
        return self.rank_key(new) > self.rank_key(old)

    def higher_bids(self, last: tuple[int, int] | None) -> list[tuple[int, int]]:
        """Every bid above ``last`` (all bids at the opening), lowest first."""
        start = 0 if last is None else self.index(last) + 1
        return list(self.bids[start:])

    # ------------------------------------------------------------------ arrays for vectorised and compiled code
    @cached_property
    def quantities(self) -> np.ndarray:
        """``quantities[i]``: quantity of bid i (read-only int64)."""
        return _frozen([q for q, _ in self.bids])

    @cached_property
    def face_indices(self) -> np.ndarray:
        """``face_indices[i]``: face of bid i minus one (0-based, read-only int64)."""
        return _frozen([f - 1 for _, f in self.bids])

    @cached_property
    def index_table(self) -> np.ndarray:
        """``index_table[quantity, face - 1]``: ladder index of that bid, -1 outside the ladder."""
        table = np.full((self.max_quantity + 1, self.faces), -1, dtype=np.int64)
        for i, (q, f) in enumerate(self.bids):
            table[q, f - 1] = i
        table.setflags(write=False)
        return table


def _frozen(values) -> np.ndarray:
    array = np.array(values, dtype=np.int64)
    array.setflags(write=False)
    return array


@lru_cache(maxsize=None)
def bid_ladder(faces: int, min_quantity: int, max_quantity: int, order: str = "quantity") -> BidLadder:
    """A shared (cached) ladder: its arrays are built once per rule set."""
    return BidLadder(faces, min_quantity, max_quantity, order)
