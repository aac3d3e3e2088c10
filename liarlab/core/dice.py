"""Exact dice combinatorics shared by the papers (notebook 00).

Counts are exact integers and probabilities are ``fractions.Fraction``; the tests check every
formula here against brute-force enumeration of all hands.
"""
from __future__ import annotations

import itertools
import numbers
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, prod

import numpy as np

from liarlab.core.validation import check_int


class Hand(tuple):
    """One player's dice as a sorted tuple of faces (1..faces): the one hand type of liarlab.

    A ``Hand`` is a plain tuple (it compares and hashes like one), so the multisets the solvers
    enumerate (:func:`dice_multisets`) are hands. Engines that need counts per face (Liar Dice's
    cups, the compiled simulators) convert with :meth:`counts` and :meth:`from_counts`.
    """

    __slots__ = ()

    def __new__(cls, faces_shown=()):
        return super().__new__(cls, sorted(int(f) for f in faces_shown))

    @classmethod
    def from_counts(cls, counts) -> "Hand":
        """The hand with ``counts[f - 1]`` dice showing face f."""
        return cls(f + 1 for f, c in enumerate(counts) for _ in range(int(c)))

    def counts(self, faces: int) -> np.ndarray:
        """Dice per face, index 0 = face 1 (the Liar Dice engines' representation)."""
        return np.bincount(np.asarray(self, dtype=np.int64) - 1, minlength=faces)[:faces].astype(np.int64)

    def count_matching(self, face: int, wild: int | None = None) -> int:
        """Dice that count as ``face``; see :func:`count_matching`."""
        return count_matching(self, face, wild)


#: the largest dice and faces the counting functions take (their counts are exact big ints); the functions that
#: list hands or patterns one by one take at most LISTED of them
MAX_DICE = 1_000
MAX_FACES = 1_000
LISTED = 10_000_000
MAX_PATTERN_DICE = 40     # integer partitions of 40: 37,338 patterns


def _check(dice: int, faces: int) -> tuple[int, int]:
    return check_int("dice", dice, 1, MAX_DICE), check_int("faces", faces, 2, MAX_FACES)


def _check_listed(what: str, count: int, dice: int, faces: int) -> None:
    if count > LISTED:
        size = f"{count:,}" if count < 10**15 else f"about 10^{int(count.bit_length() * 0.30103)}"
        raise ValueError(f"{what} with dice={dice}, faces={faces} lists {size} hands, more than {LISTED:,}")


def hands_total(dice: int = 5, faces: int = 6) -> int:
    """Ordered outcomes of rolling ``dice`` dice: faces ** dice (7776 for five six-sided dice)."""
    dice, faces = _check(dice, faces)
    return faces**dice


def hands_with_exactly(k: int, dice: int = 5, faces: int = 6) -> int:
    """Ordered hands showing a given face exactly ``k`` times: C(dice, k) (faces-1)^(dice-k)."""
    dice, faces = _check(dice, faces)
    k = check_int("k", k)
    if not 0 <= k <= dice:
        return 0
    return comb(dice, k) * (faces - 1) ** (dice - k)


def hands_with_at_least(k: int, dice: int = 5, faces: int = 6) -> int:
    """Ordered hands showing a given face at least ``k`` times (paper 01, Table 4.7 cumulative row)."""
    k, (dice, faces) = check_int("k", k), _check(dice, faces)
    return sum(hands_with_exactly(j, dice, faces) for j in range(max(k, 0), dice + 1))


def probability_at_least(k: int, dice: int = 5, faces: int = 6) -> Fraction:
    """P(at least ``k`` of a given face among ``dice`` dice) (paper 01, Table 4.5)."""
    return Fraction(hands_with_at_least(k, dice, faces), hands_total(dice, faces))


def cumulative_weights(dice: int = 5, faces: int = 6) -> list[int]:
    """``[hands with >= r of a face for r = 0..dice]``: the random-guess bid weights (7776, 4651, ...)."""
    dice, faces = _check(dice, faces)
    out, total = [], 0
    for r in range(dice, -1, -1):        # sums from the top: one pass, not one sum per r
        total += hands_with_exactly(r, dice, faces)
        out.append(total)
    return out[::-1]


def multiplicity_pattern(hand) -> tuple[int, ...]:
    """How many times each shown face occurs, largest first: (2, 2, 1) is two pairs."""
    return tuple(sorted(Counter(hand).values(), reverse=True))


def pattern_count(pattern: tuple[int, ...], faces: int = 6) -> int:
    """Ordered hands with the given multiplicity pattern, counted without enumeration.

    Choose which faces fill the pattern's slots (slots of equal multiplicity are interchangeable),
    then arrange the dice: faces!/(faces-m)!/prod(repeats!) * dice!/prod(mult!).
    """
    dice = sum(pattern)
    m = len(pattern)
    if m > faces:
        return 0
    face_choices = factorial(faces) // factorial(faces - m)
    for repeat in Counter(pattern).values():
        face_choices //= factorial(repeat)
    arrangements = factorial(dice) // prod(factorial(p) for p in pattern)
    return face_choices * arrangements


def integer_partitions(n: int, largest: int | None = None):
    """Partitions of ``n`` as non-increasing tuples."""
    largest = n if largest is None else largest
    if n == 0:
        yield ()
        return
    for first in range(min(n, largest), 0, -1):
        for rest in integer_partitions(n - first, first):
            yield (first,) + rest


def pattern_counts(dice: int = 5, faces: int = 6) -> dict[tuple[int, ...], int]:
    """Ordered hands per multiplicity pattern; the counts sum to faces ** dice."""
    dice, faces = _check(dice, faces)
    check_int("dice (listed by pattern)", dice, 1, MAX_PATTERN_DICE)
    return {p: pattern_count(p, faces) for p in integer_partitions(dice) if len(p) <= faces}


def is_straight(hand, low: int) -> bool:
    return sorted(hand) == list(range(low, low + len(hand)))


POKER_DICE_CLASSES = ("nothing", "one pair", "two pairs", "three of a kind", "low straight",
                      "high straight", "full house", "four of a kind", "five of a kind")


def hand_class_counts() -> dict[str, int]:
    """Paper 01, Table 4.6: the nine classes of five six-sided dice (Freeman 1989), 7776 in all.

    Only "five different" hands can be straights; exactly 5! ordered hands show 1-2-3-4-5 and as
    many show 2-3-4-5-6, the rest of the 720 are "nothing".
    """
    by_pattern = pattern_counts(5, 6)
    straight = factorial(5)
    return {
        "nothing": by_pattern[(1, 1, 1, 1, 1)] - 2 * straight,
        "one pair": by_pattern[(2, 1, 1, 1)],
        "two pairs": by_pattern[(2, 2, 1)],
        "three of a kind": by_pattern[(3, 1, 1)],
        "low straight": straight,
        "high straight": straight,
        "full house": by_pattern[(3, 2)],
        "four of a kind": by_pattern[(4, 1)],
        "five of a kind": by_pattern[(5,)],
    }


def classify_hand(hand) -> str:
    """The Table 4.6 class of one five-dice hand (used to check :func:`hand_class_counts`)."""
    if isinstance(hand, (str, bytes)) or not hasattr(hand, "__len__") or len(hand) != 5 or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) and 1 <= v <= 6 for v in hand):
        raise ValueError(f"hand must be five dice, each an integer 1..6, got {hand!r}")
    pattern = multiplicity_pattern(hand)
    if pattern == (1, 1, 1, 1, 1):
        if is_straight(hand, 1):
            return "low straight"
        if is_straight(hand, 2):
            return "high straight"
        return "nothing"
    return {(2, 1, 1, 1): "one pair", (2, 2, 1): "two pairs", (3, 1, 1): "three of a kind",
            (3, 2): "full house", (4, 1): "four of a kind", (5,): "five of a kind"}[pattern]


def max_multiplicity_counts(dice: int = 5, faces: int = 6) -> dict[int, int]:
    """Ordered hands by their largest multiplicity (paper 02, Table 6-3)."""
    out: dict[int, int] = {}
    for pattern, count in pattern_counts(dice, faces).items():
        out[pattern[0]] = out.get(pattern[0], 0) + count
    return dict(sorted(out.items()))


def hands_with_some_face_repeated(dice: int = 5, faces: int = 6) -> int:
    """Hands in which some face shows at least twice (the thesis's "about half")."""
    return hands_total(dice, faces) - max_multiplicity_counts(dice, faces).get(1, 0)


def multisets_count(dice: int = 5, faces: int = 6) -> int:
    """Distinct unordered hands, H(faces, dice) = C(faces+dice-1, dice): 252 for five dice."""
    dice, faces = _check(dice, faces)
    return comb(faces + dice - 1, dice)


@lru_cache(maxsize=None)
def dice_multisets(dice: int, faces: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every unordered hand (sorted faces 1..faces) with its exact probability under fair dice.

    Private hands in the equilibrium computations are multisets weighted by these multinomial
    probabilities: far fewer states than the faces**dice ordered hands.
    """
    dice, faces = _check(dice, faces)
    _check_listed("dice_multisets", comb(faces + dice - 1, dice), dice, faces)
    total = faces**dice
    out = []
    for hand in itertools.combinations_with_replacement(range(1, faces + 1), dice):
        ways = factorial(dice) // prod(factorial(c) for c in Counter(hand).values())
        out.append((Hand(hand), Fraction(ways, total)))
    return tuple(out)


def count_matching(hand, face: int, wild: int | None = None) -> int:
    """Dice in one ``hand`` (faces shown) that count as ``face``; a die showing ``wild`` counts for every face.

    (Liar Dice's table-wide count from counts per face is ``liarlab.liardice.rules.count_on_table``.)
    """
    hand = list(hand)
    face = check_int("face", face)
    if wild is not None:
        wild = check_int("wild", wild)
    if wild is None or face == wild:
        return sum(1 for d in hand if d == face)
    return sum(1 for d in hand if d == face or d == wild)


def enumerate_hands(dice: int = 5, faces: int = 6) -> np.ndarray:
    """All ordered hands as an array of shape (faces**dice, dice): brute force for checks."""
    dice, faces = _check(dice, faces)
    _check_listed("enumerate_hands", faces**dice, dice, faces)
    return np.array(list(itertools.product(range(1, faces + 1), repeat=dice)), dtype=np.int8)


# --- paper 02: Q-table key space (Tables 4-4, 6-1, 6-2) --------------------------------------------

#: the largest history and player count the Q-space formulas take
MAX_HISTORY = 100
MAX_PLAYERS = 1_000


def q_action_keys(history: int, players: int) -> int:
    """N_act(n, k): keys of (own action + n history slots), actions strictly increasing, '[0,0]' padded.

    With A = 30k + 1 actions (all bids plus the challenge), a key's real actions form an
    (n+1-m)-subset for m padding slots; the single key 'challenge at the opening' is illegal.
    """
    n = check_int("history", history, 1, MAX_HISTORY)
    k = check_int("players", players, 2, MAX_PLAYERS)
    actions = 30 * k + 1
    return sum(comb(actions, n + 1 - m) for m in range(n + 1)) - 1


def q_challenge_keys(history: int, players: int) -> int:
    """N_chal(n, k): keys whose own action is the challenge."""
    n = check_int("history", history, 1, MAX_HISTORY)
    k = check_int("players", players, 2, MAX_PLAYERS)
    return sum(comb(30 * k, n - m) for m in range(n + 1)) - 1


def q_space_partial(history: int, players: int) -> int:
    """Partial-hand Q-space: a bid key comes with 6 held counts (0..5), a challenge key with one."""
    return 6 * q_action_keys(history, players) - 5 * q_challenge_keys(history, players)


def q_space_full(history: int, players: int) -> int:
    """Full-hand Q-space: every key with each of the 252 unordered five-dice hands."""
    return multisets_count(5, 6) * q_action_keys(history, players)


def brute_force_q_keys(history: int, players: int) -> tuple[int, int]:
    """(N_act, N_chal) by listing keys one by one; only for small ``history`` (tests, notebook 00)."""
    k = check_int("players", players, 2, 10)
    n = check_int("history", history, 1, 2)
    bids = list(range(1, 30 * k + 1))  # bids in increasing order; the challenge is action 30k+1
    challenge = 30 * k + 1
    act = chal = 0
    for real in range(1, n + 2):
        for subset in itertools.combinations(bids + [challenge], real):
            if subset == (challenge,):
                continue  # no challenge at the opening
            act += 1
            chal += subset[-1] == challenge
    return act, chal


def legal_bid_count(players: int, dice: int = 5, faces: int = 6, min_count: int = 2) -> int:
    """Bids 'x of y' with min_count <= x <= players*dice: 54 for two players, 144 for five."""
    players = check_int("players", players, 2, MAX_PLAYERS)
    dice, faces = _check(dice, faces)
    min_count = check_int("min_count", min_count, 1, players * dice)
    return (players * dice - min_count + 1) * faces


def multiset_arrays(dice: int, faces: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """:func:`dice_multisets` as (hands, float probabilities), for vectorised solvers."""
    pairs = dice_multisets(dice, faces)
    return tuple(h for h, _ in pairs), np.array([float(p) for _, p in pairs])


def matching_table(hands, faces: int, wild: int | None = None) -> np.ndarray:
    """``table[h, f-1]``: dice of hand ``h`` that count as face ``f`` (``wild`` counts for every face)."""
    table = np.zeros((len(hands), faces), dtype=np.int64)
    for i, hand in enumerate(hands):
        for f in range(1, faces + 1):
            table[i, f - 1] = count_matching(hand, f, wild)
    return table
