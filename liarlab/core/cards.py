"""The 52-card deck and its two-character codes, shared by Honeymoon Bridge and Cheat.

A card is an int 0..51: ``suit * 13 + rank`` with suits in the order S H D C and ranks
2..A as 0..12. Its code is the suit letter then the rank letter: ``"SA"``, ``"HT"``, ``"C2"``.
"""
from __future__ import annotations

import numbers
from typing import Iterable

import numpy as np

from liarlab.core.seeds import generator
from liarlab.core.validation import check_int

SUITS = "SHDC"
RANKS = "23456789TJQKA"
N_CARDS = 52


def card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3, S H D C) and ``rank`` (0..12, 2..A)."""
    return check_int("suit", suit, 0, 3) * 13 + check_int("rank", rank, 0, 12)


def _checked(c) -> int:
    """A card: an int 0..51 (numpy's too), else ValueError naming it."""
    if isinstance(c, bool) or not isinstance(c, numbers.Integral) or not 0 <= c < N_CARDS:
        raise ValueError(f"card must be an integer 0..51, got {c!r}")
    return int(c)


def suit_of(c: int) -> int:
    """The suit of card ``c`` (0..3: S H D C)."""
    return _checked(c) // 13


def rank_of(c: int) -> int:
    """The rank of card ``c`` (0..12: 2..A)."""
    return _checked(c) % 13


def card_code(c: int) -> str:
    """``card_code(51) == "CA"``."""
    c = _checked(c)
    return SUITS[c // 13] + RANKS[c % 13]


def parse_card(code: str) -> int:
    """``parse_card("SA") == 12``; a malformed code raises ValueError naming it."""
    if not isinstance(code, str) or len(code) != 2 or code[0].upper() not in SUITS \
            or code[1].upper() not in RANKS:
        raise ValueError(f"malformed card {code!r}: expected a suit letter of {SUITS} then a rank "
                         f"of {RANKS}, e.g. 'SA' or 'HT'")
    return card(SUITS.index(code[0].upper()), RANKS.index(code[1].upper()))


def parse_cards(codes: Iterable[str], what: str = "hand") -> list[int]:
    """Card ints of ``codes``; a malformed or repeated card raises ValueError naming it."""
    cards = [parse_card(c) for c in codes]
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{what}: card {card_code(c)} appears twice")
        seen.add(c)
    return cards


def full_deck() -> np.ndarray:
    """All 52 cards in code order (S2..SA, H2..HA, D2..DA, C2..CA)."""
    return np.arange(N_CARDS)


def shuffled_deck(rng: np.random.Generator) -> np.ndarray:
    """The 52 cards in a random order (``rng``: a Generator or a seed, :func:`liarlab.core.seeds.generator`)."""
    return generator(rng).permutation(N_CARDS)
