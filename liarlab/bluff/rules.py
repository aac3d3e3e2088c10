"""Bluff's rules for the per-turn method: bids, private states, rule variants, dice lost."""
from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from liarlab.core import dice as dice_helpers
from liarlab.core.validation import check_choice, check_int

# Largest single per-turn LP we build (constraint-matrix nonzeros); larger games fail fast.
MAX_LP_NONZEROS = 20_000_000


# ---------------------------------------------------------------------------------------------
# Bluff: bids, private states, rules
# ---------------------------------------------------------------------------------------------
def bid_of(k: int, faces: int) -> tuple[int, int]:
    """Bid number k (1-based, increasing) as (quantity, face); face N (wild) is highest per quantity."""
    return (k - 1) // faces + 1, (k - 1) % faces + 1


def bid_name(k: int, faces: int) -> str:
    if k == 0:
        return "(no bid yet)"
    q, f = bid_of(k, faces)
    return f"{q}x{f}"


@dataclass(frozen=True)
class PrivateStates:
    """All hands of ``dice`` N-faced dice as sorted tuples, with multinomial probabilities."""

    dice: int
    faces: int
    hands: tuple
    weights: np.ndarray
    counts: np.ndarray  # counts[h, f-1]: dice in hand h that count as face f (wild N included)


def private_states(dice: int, faces: int, weighting: str = "multinomial") -> PrivateStates:
    """Hands as multisets. ``weighting="uniform"`` gives every sorted hand the same weight: wrong for
    more than one die, kept only to test a hypothesis about the talk's Bluff-2 table."""
    check_choice("weighting", weighting, ("multinomial", "uniform"))
    hands, weights = dice_helpers.multiset_arrays(dice, faces)
    if weighting == "uniform":
        weights = np.full(len(hands), 1.0 / len(hands))
    return PrivateStates(dice, faces, hands, weights, dice_helpers.matching_table(hands, faces, wild=faces))


@dataclass(frozen=True)
class BluffRules:
    """Rule options of the talk's Bluff (spec 2.1 and 6); defaults are the spec's primary reading.

    challenger_penalty: "difference" (Borg: exact count -> 1 die, over -> the excess) or "one";
    "borg" is accepted as another name for "difference".
    bidder_penalty: "difference" (the shortfall) or "one".
    next_opener: who opens the next round: "loser", "winner", "bidder" or "alternate" (the
    responder of this round; "alternating" is accepted too). Names match liarlab.bluff.exact.
    accept_payoff: "R1" (value of the next turn under the uniform prior) or "R2" (conditional on hands).
    hand_weights: "multinomial" (correct) or "uniform" (every sorted hand equally likely; a hypothesis
    about how the talk's program weighted multi-dice hands, identical with one die each).
    """

    challenger_penalty: str = "difference"
    bidder_penalty: str = "difference"
    next_opener: str = "loser"
    accept_payoff: str = "R1"
    hand_weights: str = "multinomial"

    def __post_init__(self):
        aliases = {"borg": "difference", "alternating": "alternate"}
        object.__setattr__(self, "challenger_penalty", aliases.get(self.challenger_penalty, self.challenger_penalty))
        object.__setattr__(self, "next_opener", aliases.get(self.next_opener, self.next_opener))
        check_choice("challenger_penalty", self.challenger_penalty, ("difference", "one"))
        check_choice("bidder_penalty", self.bidder_penalty, ("difference", "one"))
        check_choice("next_opener", self.next_opener, ("loser", "winner", "bidder", "alternate"))
        check_choice("accept_payoff", self.accept_payoff, ("R1", "R2"))
        check_choice("hand_weights", self.hand_weights, ("multinomial", "uniform"))

    def exact_options(self) -> dict:
        """The same rules as keyword arguments of liarlab.bluff.exact."""
        return dict(challenger_penalty=self.challenger_penalty, bidder_penalty=self.bidder_penalty,
                    next_opener=self.next_opener)

    @property
    def label(self) -> str:
        label = f"{self.challenger_penalty}/{self.bidder_penalty}/{self.next_opener}/{self.accept_payoff}"
        return label if self.hand_weights == "multinomial" else label + "/uniform-hands"


def all_rule_variants(accept_payoff: str = "R1", hand_weights: str = "multinomial") -> list[BluffRules]:
    return [BluffRules(c, b, o, accept_payoff, hand_weights) for c in ("difference", "one")
            for b in ("difference", "one") for o in ("loser", "winner", "bidder", "alternate")]


def dice_lost(count, quantity, rules: BluffRules):
    """(bidder's loss, challenger's loss) for a challenged bid, given the true count (arrays)."""
    short = quantity - count
    bidder = np.where(short > 0, short if rules.bidder_penalty == "difference" else 1, 0)
    over = count - quantity
    if rules.challenger_penalty == "difference":
        challenger = np.where(over == 0, 1, np.where(over > 0, over, 0))
    else:
        challenger = np.where(over >= 0, 1, 0)
    return bidder, challenger


def check_bluff_size(faces: int, dice) -> tuple[int, tuple[int, int]]:
    """Validate parameters; raise ValueError before allocating a game that would be too large."""
    faces = check_int("faces", faces, 2)
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"dice must be a pair (first player's dice, second player's dice), got {dice!r}")
    a0 = check_int("dice[0]", dice[0], 1)
    b0 = check_int("dice[1]", dice[1], 1)
    M = max(a0, b0)
    hands = comb(faces + M - 1, M)
    bids = faces * 2 * M
    nonzeros = 2 * hands * bids * (hands + 1)
    if nonzeros > MAX_LP_NONZEROS:
        raise ValueError(f"Bluff with faces={faces}, dice={tuple(dice)} is too large for the per-turn LP: "
                         f"{hands} hands per player and {bids} bids give a {nonzeros:,}-nonzero LP "
                         f"(limit {MAX_LP_NONZEROS:,})")
    return faces, (a0, b0)


