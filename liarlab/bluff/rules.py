"""ONE rule set for Bluff (face N wild, dice kept through a round) and Ferguson's Liar's Dice (notebook 05).

:class:`Rules` holds every rule option with its one set of aliases ("borg" = "difference",
"alternating" = "alternate"); :func:`dice_lost` is the one penalty rule and :func:`next_round_opener`
the one next-opener rule; :func:`check_fits` is the one size guard ("does this round
fit?") of the per-turn LP, the exact solvers and the end game. :class:`BluffState` plays the game OpenSpiel-style
(``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``,
``observation(player)``); the solvers in :mod:`liarlab.bluff.per_turn`, :mod:`liarlab.bluff.exact`
and :mod:`liarlab.bluff.ferguson` are tested for agreement with it.

Bids are ``(quantity, face)`` on the ladder :class:`liarlab.core.bids.BidLadder` (quantities
1..total dice, "quantity" or "star" order); solvers number them 1..n (bid k is ladder index k - 1)
and use action 0 for "call bluff".
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from math import comb

import numpy as np

from liarlab.core import dice as dice_helpers
from liarlab.core.bids import BID_ORDERS, BidLadder, bid_ladder
from liarlab.core.reprs import compact_repr
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int

GAMES = ("bluff", "ferguson")
PENALTIES = ("difference", "one")
#: Who opens the next round: every role a round can name. The loser or the winner of the challenge, the
#: "bidder" of the challenged bid, the "challenger" (the player who called Bluff), the "opener" of this round
#: (the same player opens again) or "alternate" (the other player than this round's opener).
NEXT_OPENERS = ("loser", "winner", "bidder", "challenger", "opener", "alternate")
#: The next-opener rules that need to know who opened this round (a parity flag in the per-turn state).
OPENER_MEMORY_RULES = ("opener", "alternate")
ACCEPT_PAYOFFS = ("R1", "R2")
HAND_WEIGHTS = ("multinomial", "uniform")
#: Counting conventions: "top" (face N is wild: it counts for every face, and a bid on face N counts only
#: face N) or "none" (no wild face: every face counts only itself).
WILDS = ("top", "none")
#: The counting conventions the Bluff-2 variant search tries: (wild, bid order). Without a wild face the
#: star order has no stars and equals the quantity order, so it is not listed twice.
COUNTINGS = (("top", "quantity"), ("top", "star"), ("none", "quantity"))
#: The one set of rule-name aliases, for every entry point.
RULE_ALIASES = {"borg": "difference", "alternating": "alternate", "other": "alternate", "same": "opener"}

# Largest single per-turn LP we build (constraint-matrix nonzeros); larger games fail fast.
MAX_LP_NONZEROS = 20_000_000
DEFAULT_MAX_BYTES = 6 * 2**30
# Measured peak resident memory of build + HiGHS + checks, per nonzero as estimated by round_size:
# about 300 bytes (N = 7 one die each: 0.52 GB for 1.7 M; N = 2 with 4 v 5 dice: 4.7 GB for 19.4 M).
# Budgeting 512 errs on the safe side on a shared machine.
_BYTES_PER_LP_NONZERO = 512


def _alias(value):
    return RULE_ALIASES.get(value, value) if isinstance(value, str) else value


def check_dice_pair(dice, name: str = "dice") -> tuple[int, int]:
    """``dice`` as a validated pair (first player's / opener's dice, second player's / responder's)."""
    if isinstance(dice, (int, np.integer)) or not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"{name} must be a pair (opener's dice, responder's dice), got {dice!r}")
    return (check_int(f"{name}[0]", dice[0], 1), check_int(f"{name}[1]", dice[1], 1))


# ---------------------------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """Every rule option of the talk's Bluff (spec 2.1 and 6) and of Ferguson's game; defaults are the spec's.

    game: "bluff" (dice kept for a round, face N wild) or "ferguson" (one fresh die per turn,
    announcements 1..N; the dice and penalty options do not apply).
    faces, dice: N and (opener's dice, responder's dice) of the round or game.
    bid_order: "quantity" (the talk's) or "star" (the published board), see :mod:`liarlab.core.bids`.
    challenger_penalty: "difference" (Borg: exact count -> 1 die, over -> the excess) or "one";
    "borg" is another name for "difference".
    bidder_penalty: "difference" (the shortfall) or "one".
    next_opener: who opens the next round: "loser" or "winner" of the challenge, "bidder" (who made the
    challenged bid), "challenger" (who called Bluff), "opener" (this round's opener opens again; "same" is
    another name) or "alternate" (the responder of this round; "alternating" and "other" are other names).
    accept_payoff, hand_weights: options of the talk's per-turn *method* (not of the game):
    "R1" (value of the next turn under the uniform prior) or "R2" (conditional on hands);
    "multinomial" (correct) or "uniform" (every sorted hand equally likely, a hypothesis about how
    the talk's program weighted multi-dice hands, identical with one die each).
    wild: "top" (face N wild, the talk's and the default) or "none" (no wild face), a counting
    convention the Bluff-2 variant search tries (issue 18).
    """

    challenger_penalty: str = "difference"
    bidder_penalty: str = "difference"
    next_opener: str = "loser"
    accept_payoff: str = "R1"
    hand_weights: str = "multinomial"
    faces: int = 6
    dice: tuple = (1, 1)
    bid_order: str = "quantity"
    game: str = "bluff"
    wild: str = "top"

    def __post_init__(self):
        for name in ("challenger_penalty", "next_opener", "bidder_penalty"):
            object.__setattr__(self, name, _alias(getattr(self, name)))
        check_choice("game", self.game, GAMES)
        check_int("faces", self.faces, 2 if self.game == "bluff" else 1)
        object.__setattr__(self, "dice", check_dice_pair(self.dice))
        check_choice("bid_order", self.bid_order, BID_ORDERS)
        check_choice("challenger_penalty", self.challenger_penalty, PENALTIES)
        check_choice("bidder_penalty", self.bidder_penalty, PENALTIES)
        check_choice("next_opener", self.next_opener, NEXT_OPENERS)
        check_choice("accept_payoff", self.accept_payoff, ACCEPT_PAYOFFS)
        check_choice("hand_weights", self.hand_weights, HAND_WEIGHTS)
        check_choice("wild", self.wild, WILDS)

    @property
    def wild_face(self) -> int | None:
        """The face that counts for every face (N), or None without a wild face."""
        return self.faces if self.wild == "top" else None

    @property
    def counting(self) -> str:
        """The counting convention as a short label: "" for the talk's (face N wild, quantity order)."""
        if self.wild == "none":
            return "no-wild"
        return "" if self.bid_order == "quantity" else "star-order"

    @property
    def total_dice(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def ladder(self) -> BidLadder:
        """Bluff's bids of this round: quantities 1..total dice in ``bid_order``."""
        return bid_ladder(self.faces, 1, self.total_dice, self.bid_order)

    @property
    def n_bids(self) -> int:
        return self.faces * self.total_dice if self.game == "bluff" else self.faces

    def with_dice(self, dice) -> "Rules":
        return replace(self, dice=tuple(dice))

    def options(self) -> dict:
        """The game options as keyword arguments of liarlab.bluff.exact (everything but faces and dice)."""
        return dict(bid_order=self.bid_order, bidder_penalty=self.bidder_penalty,
                    challenger_penalty=self.challenger_penalty, next_opener=self.next_opener, wild=self.wild)

    def exact_options(self) -> dict:
        """The penalty, next-opener and counting rules as keyword arguments of liarlab.bluff.exact (the
        counting ones only when they differ from the talk's, so default calls keep their old form)."""
        out = dict(challenger_penalty=self.challenger_penalty, bidder_penalty=self.bidder_penalty,
                   next_opener=self.next_opener)
        if self.bid_order != "quantity":
            out["bid_order"] = self.bid_order
        if self.wild != "top":
            out["wild"] = self.wild
        return out

    @property
    def label(self) -> str:
        label = f"{self.challenger_penalty}/{self.bidder_penalty}/{self.next_opener}/{self.accept_payoff}"
        if self.counting:
            label = f"{self.counting}:{label}"
        return label if self.hand_weights == "multinomial" else label + "/uniform-hands"


#: The name the per-turn method and notebook 05 use for the same rules.
BluffRules = Rules


def make_rules(faces, dice=(1, 1), bid_order="quantity", bidder_penalty="difference",
               challenger_penalty="difference", next_opener="loser", wild="top") -> Rules:
    """The rules of a Bluff round of ``faces`` faces and ``dice`` dice (the exact solver's entry point)."""
    return Rules(challenger_penalty=challenger_penalty, bidder_penalty=bidder_penalty, next_opener=next_opener,
                 faces=faces, dice=dice, bid_order=bid_order, wild=wild)


def all_rule_variants(accept_payoff: str = "R1", hand_weights: str = "multinomial",
                      countings=(("top", "quantity"),), next_openers=NEXT_OPENERS) -> list[Rules]:
    """Penalties x next opener (2 x 2 x 6 = 24 variants) for each counting convention (wild, bid order) asked for."""
    return [Rules(c, b, o, accept_payoff, hand_weights, wild=w, bid_order=order)
            for w, order in countings for c in PENALTIES for b in PENALTIES for o in next_openers]


def bid_of(k: int, faces: int) -> tuple[int, int]:
    """Bid number k (1-based, quantity order) as (quantity, face); face N (wild) is highest per quantity.

    The quantity order does not depend on the number of dice, so any ladder holding bid k will do (one
    with quantities up to k has faces * k >= k bids).
    """
    return bid_ladder(faces, 1, max(int(k), 1)).bid(k - 1)


def bid_name(k: int, faces: int) -> str:
    if k == 0:
        return "(no bid yet)"
    q, f = bid_of(k, faces)
    return f"{q}x{f}"


def dice_lost(count, quantity, rules: Rules):
    """(bidder's loss, challenger's loss) for a challenged bid, given the true count (arrays).

    The bid fails when count < quantity: the bidder loses the shortfall (or one die). Otherwise the
    challenger loses: Borg's "difference" rule costs one die for an exact bid and the excess for an
    exceeded one, "one" always one die.
    """
    short = quantity - count
    bidder = np.where(short > 0, short if rules.bidder_penalty == "difference" else 1, 0)
    over = count - quantity
    if rules.challenger_penalty == "difference":
        challenger = np.where(over == 0, 1, np.where(over > 0, over, 0))
    else:
        challenger = np.where(over >= 0, 1, 0)
    return bidder, challenger


def next_round_opener(rule: str, loser, bidder, opener):
    """Seat (0 or 1) that opens the next round after a challenge; arrays broadcast like ``loser``.

    "loser" / "winner" of the challenge, the "bidder" of the challenged bid, the "challenger" who called
    Bluff (the seat that did not make the bid), the "opener" of this round (it opens again), or
    "alternate": the seat that did not open this round. ``bidder`` and ``opener`` are seats (scalars).
    """
    rule = _alias(rule)
    check_choice("next_opener", rule, NEXT_OPENERS)
    loser = np.asarray(loser)
    if rule == "loser":
        return loser
    if rule == "winner":
        return 1 - loser
    if rule == "bidder":
        return np.full_like(loser, bidder)
    if rule == "challenger":
        return np.full_like(loser, 1 - bidder)
    if rule == "opener":
        return np.full_like(loser, opener)
    return np.full_like(loser, 1 - opener)


# ---------------------------------------------------------------------------------------------
# Private states and size guards
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrivateStates:
    """All hands of ``dice`` N-faced dice as sorted tuples, with multinomial probabilities."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    dice: int
    faces: int
    hands: tuple
    weights: np.ndarray
    counts: np.ndarray  # counts[h, f-1]: dice in hand h that count as face f (wild N included)


def private_states(dice: int, faces: int, weighting: str = "multinomial", wild: str = "top") -> PrivateStates:
    """Hands as multisets. ``weighting="uniform"`` gives every sorted hand the same weight: wrong for
    more than one die, kept only to test a hypothesis about the talk's Bluff-2 table. ``wild``: "top"
    (face N counts for every face) or "none"."""
    check_choice("weighting", weighting, HAND_WEIGHTS)
    check_choice("wild", wild, WILDS)
    hands, weights = dice_helpers.multiset_arrays(dice, faces)
    if weighting == "uniform":
        weights = np.full(len(hands), 1.0 / len(hands))
    return PrivateStates(dice, faces, hands, weights, dice_helpers.matching_table(
        hands, faces, wild=faces if wild == "top" else None))


def round_size(faces: int, dice=(1, 1)) -> dict:
    """Sizes of one round's sequence-form LP, computed without allocating anything."""
    rules = make_rules(faces, dice)
    n = rules.n_bids
    histories = 2**n
    hands_1 = comb(faces + dice[0] - 1, dice[0])
    hands_2 = comb(faces + dice[1] - 1, dice[1])
    sequences = (hands_1 + hands_2) * (histories - 1) + 2
    terminal_nonzeros = (histories - 1) * hands_1 * hands_2
    # A^T, F^T (two entries per sequence) and E (two per sequence).
    lp_nonzeros = terminal_nonzeros + 4 * sequences
    return dict(bids=n, histories=histories, hands_1=hands_1, hands_2=hands_2,
                deals=hands_1 * hands_2, sequences=sequences, lp_nonzeros=lp_nonzeros,
                estimated_bytes=lp_nonzeros * _BYTES_PER_LP_NONZERO)


def _gib(n_bytes: int) -> str:
    """A byte count in GiB, computed in integers so that no size can overflow a float."""
    n_bytes = int(n_bytes)
    if n_bytes < 10**5 * 2**30:
        return f"{n_bytes / 2**30:.1f} GiB"
    digits = len(str(n_bytes // 2**30)) - 1 if n_bytes.bit_length() < 10_000 else int(n_bytes.bit_length() * 0.30103)
    return f"10^{digits} GiB"


#: The most bids a round may have: every history is a set of bids (a bitmask), and beyond this many no method
#: can hold even the histories' count (2^62 of them).
MAX_BIDS = 62
#: The most deals (first mover's hands x second mover's) an end game may have: the double oracle keeps a payoff
#: per deal for every restricted history, and the largest games this study solved have 1,296 deals.
MAX_END_GAME_DEALS = 100_000
#: ``auto`` uses the whole-tree LP up to this many LP nonzeros (N = 6 one die each: 344,000, about 2 s);
#: beyond it the double oracle is faster (N = 7: 1.7 M nonzeros) as well as leaner.
LP_AUTO_NONZEROS = 500_000
#: the double oracle's resident peak per (history x deal) of the round: one die each at N = 8, 9, 10 grew the
#: process by 1.0, 1.8 and 3.3 GB for 6.6 M, 21 M and 105 M history-deals (bench bluff), and a whole process
#: solving N = 10 through the solve door peaked at 5.0 GiB resident (about 51 bytes each); budgeted at 56.
_ORACLE_BYTES_PER_HISTORY_DEAL = 56
#: what :func:`check_fits` can be asked about: a Bluff round for one method (or ``auto``, the one that suits
#: it), or the end game of Liar's Dice
FIT_METHODS = ("auto", "lp", "oracle", "per-turn")


def check_fits(faces, dice=(1, 1), max_bytes: int = DEFAULT_MAX_BYTES, *, game: str = "bluff", method: str = "lp",
               convention: str = "normal", **rules) -> dict:
    """Does this round fit? The one size check of this package's solvers, run by every door before anything is
    allocated, in integer arithmetic; raises ValueError naming what is too large and the most faces that fit.

    ``game="bluff"``: one round of Bluff (``rules`` those of :func:`make_rules`) for ``method``: ``"lp"`` the
    whole-tree sequence-form LP, ``"oracle"`` the certified double oracle, ``"auto"`` the one that suits it
    (the LP while small, the double oracle beyond :data:`LP_AUTO_NONZEROS` nonzeros), both within
    ``max_bytes``; ``"per-turn"`` the talk's per-turn LP (at most :data:`MAX_LP_NONZEROS` nonzeros). Returns
    :func:`round_size`'s sizes with ``method`` (the one chosen) and ``reason`` (why), or for ``"per-turn"``
    the checked ``faces`` and ``dice``. ``game="endgame"``: the end game of Liar's Dice under ``convention``
    (at most :data:`MAX_BIDS` bids and :data:`MAX_END_GAME_DEALS` deals); returns its ``bids`` and ``deals``.
    """
    if game == "endgame":
        return _end_game_fits(faces, dice, convention)
    if game != "bluff":
        raise ValueError(f"game must be 'bluff' or 'endgame', got {game!r}")
    if method not in FIT_METHODS:
        raise ValueError(f"method must be one of {FIT_METHODS}, got {method!r}")
    if method == "per-turn":
        return _per_turn_fits(faces, dice)
    ok = isinstance(dice, (tuple, list)) and len(dice) == 2 and all(isinstance(d, int) for d in dice)
    _bids_fit(faces, dice, sum(dice) if ok else 1, max_bytes)
    r = make_rules(faces, dice, **rules)
    size = round_size(r.faces, r.dice)
    lp_bytes = size["estimated_bytes"]
    oracle_bytes = size["histories"] * size["deals"] * _ORACLE_BYTES_PER_HISTORY_DEAL
    what = (f"Bluff with faces={r.faces}, dice={r.dice}: {size['histories']:,} histories x {size['deals']:,} deals "
            f"per round")
    lp_fits, oracle_fits = lp_bytes <= max_bytes, oracle_bytes <= max_bytes
    need = (f"the whole-tree LP needs about {_gib(lp_bytes)} and the double oracle about {_gib(oracle_bytes)} "
            f"(limit max_bytes={_gib(max_bytes)})")
    if method == "lp" and not lp_fits:
        hint = "; method='oracle' or 'auto' may fit" if oracle_fits else ""
        raise ValueError(f"{what}: too large for the whole-tree LP ({size['lp_nonzeros']:,} LP nonzeros): {need}{hint}")
    if method == "oracle" and not oracle_fits:
        raise ValueError(f"{what}: too large for the double oracle: {need}")
    if method != "auto":
        return dict(size, method=method, reason=f"asked for ({need})")
    if lp_fits and size["lp_nonzeros"] <= LP_AUTO_NONZEROS:
        return dict(size, method="lp", reason=f"small: {size['lp_nonzeros']:,} LP nonzeros")
    if oracle_fits:
        return dict(size, method="oracle",
                    reason=f"{size['lp_nonzeros']:,} LP nonzeros: the double oracle is faster and leaner")
    raise ValueError(f"no method can solve {what}: {need}. {_largest_that_fits(r.dice, max_bytes)}")


def _bids_fit(faces, dice, bids_per_face: int, max_bytes: int) -> None:
    """(:func:`check_fits`) Refuse a Bluff round whose histories no method can hold: more than :data:`MAX_BIDS`
    bids (faces x ``bids_per_face``). Names the most faces that pass for these dice."""
    faces = check_int("faces", faces, 1)
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"dice is a pair (first player's, second player's), got {dice!r}")
    check_int("dice[0]", dice[0], 1)
    check_int("dice[1]", dice[1], 1)
    check_int("max_bytes", max_bytes, 1)
    if faces * bids_per_face > MAX_BIDS:
        raise ValueError(f"Bluff with faces={faces}, dice={tuple(dice)} has {faces * bids_per_face:,} bids, so "
                         f"2^{faces * bids_per_face:,} histories: no method can hold them. "
                         + _largest_that_fits(tuple(dice), max_bytes))


def _largest_that_fits(dice, max_bytes: int) -> str:
    """(:func:`check_fits`) The sentence naming the most faces with these dice whose round one of the methods can
    hold in ``max_bytes`` (sizes from :func:`round_size`, which allocates nothing)."""
    largest = None
    for faces in range(2, MAX_BIDS // sum(dice) + 1):
        size = round_size(faces, dice)
        if min(size["estimated_bytes"], size["histories"] * size["deals"] * _ORACLE_BYTES_PER_HISTORY_DEAL) > max_bytes:
            break
        largest = faces
    if largest is None:
        return f"No number of faces fits in max_bytes={_gib(max_bytes)} with dice={dice}."
    return f"The most faces that fit in max_bytes={_gib(max_bytes)} with dice={dice}: {largest}."


def _end_game_fits(faces, dice, convention: str) -> dict:
    """(:func:`check_fits`) Refuse, before the tree is built, an end game with more than :data:`MAX_BIDS` bids or
    more than :data:`MAX_END_GAME_DEALS` deals (counted in integers), naming the most faces that pass."""
    faces = check_int("faces", faces, 1)
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"dice is a pair (first mover's, second mover's), got {dice!r}")
    a, b = check_int("dice[0]", dice[0], 1), check_int("dice[1]", dice[1], 1)

    def sizes(n):
        per_face = a + b + (2 if convention == "stairs" else 0)
        hands = [comb(n + d - 1, d) + (n if convention == "stairs" else 0) for d in (a, b)]
        return n * per_face, hands[0] * hands[1]

    bids, deals = sizes(faces)
    if bids <= MAX_BIDS and deals <= MAX_END_GAME_DEALS:
        return dict(bids=bids, deals=deals)
    largest = 1
    while largest < faces and all(x <= y for x, y in zip(sizes(largest + 1), (MAX_BIDS, MAX_END_GAME_DEALS))):
        largest += 1
    raise ValueError(f"the end game with faces={faces}, dice={(a, b)} has {bids:,} bids and {deals:,} deals: too "
                     f"large to solve here (at most {MAX_BIDS} bids and {MAX_END_GAME_DEALS:,} deals). The most faces "
                     f"that pass with these dice: {largest}")


def _per_turn_fits(faces, dice) -> dict:
    """(:func:`check_fits`) Validate the per-turn method's parameters; refuse a per-turn LP that would be too large."""
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
    return dict(faces=faces, dice=(a0, b0))


# ---------------------------------------------------------------------------------------------
# The game, OpenSpiel-style
# ---------------------------------------------------------------------------------------------
CALL = 0   # "Bluff!": challenge the standing bid (Bluff) or announcement (Ferguson)


@dataclass
class BluffState:
    """A game of Bluff (rounds until a player has no dice) or of Ferguson's Liar's Dice, in progress.

    Actions are integers. Bluff: ``CALL`` (0) or bid k (1..n, ladder index k - 1). Ferguson: ``CALL``,
    announce b (1..N) or ``accept`` (N + 1), after which the accepting player rolls a fresh die and
    must announce higher (facing the top announcement, accepting loses). Players are 0 and 1;
    ``returns()`` is +1 for the winner and -1 for the loser. Hands are re-dealt from ``rng`` when a
    new round (Bluff) or turn (Ferguson) begins.
    """

    rules: Rules
    rng: np.random.Generator = field(repr=False)
    dice: list = field(default_factory=list)        # dice held by seat 0 and seat 1
    hands: list = field(default_factory=list)       # Bluff: each seat's Hand; Ferguson: the caller's roll
    opener: int = 0
    current: int = 0
    history: list = field(default_factory=list)     # this round's bids (Bluff) / announcements (Ferguson)
    accepted: bool = True                           # Ferguson: the caller has accepted and rolled
    winner: int | None = None
    rounds: list = field(default_factory=list)      # finished Bluff rounds: (opener, history, hands, loser, lost)

    # ------------------------------------------------------------------ setup
    def _deal(self) -> None:
        if self.rules.game == "ferguson":
            self.hands = [None, None]
            self.hands[self.current] = int(self.rng.integers(1, self.rules.faces + 1))
            return
        self.hands = [dice_helpers.Hand(self.rng.integers(1, self.rules.faces + 1, size=d)) for d in self.dice]

    @property
    def ladder(self) -> BidLadder:
        return bid_ladder(self.rules.faces, 1, max(sum(self.dice), 1), self.rules.bid_order)

    # ------------------------------------------------------------------ protocol
    def is_terminal(self) -> bool:
        return self.winner is not None

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.current

    def last(self) -> int:
        return self.history[-1] if self.history else 0

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        n = self.rules.faces if self.rules.game == "ferguson" else self.ladder.n_bids
        if self.rules.game == "ferguson" and not self.accepted:
            return [CALL, n + 1]
        raises = list(range(self.last() + 1, n + 1))
        return raises + ([CALL] if self.history and self.rules.game == "bluff" else [])

    def observation(self, player: int) -> dict:
        """What ``player`` may see: own dice (or own current roll), the public history and dice counts."""
        check_int("player", player, 0, 1)
        own = self.hands[player] if self.hands else None
        return {"player": player, "own": own, "history": tuple(self.history), "dice": tuple(self.dice),
                "opener": self.opener, "faces": self.rules.faces, "accepted": self.accepted}

    def clone(self) -> "BluffState":
        # the twin draws its later deals from a copy of the stream, so playing it never moves the original's
        twin = replace(self, rng=copy.deepcopy(self.rng), dice=list(self.dice), hands=list(self.hands),
                       history=list(self.history), rounds=list(self.rounds))
        return twin

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r} for player {self.current}; legal: {self.legal_actions()}")
        if self.rules.game == "ferguson":
            self._apply_ferguson(int(action))
        else:
            self._apply_bluff(int(action))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    # ------------------------------------------------------------------ Bluff
    def _apply_bluff(self, action: int) -> None:
        if action != CALL:
            self.history.append(action)
            self.current = 1 - self.current
            return
        bidder, challenger = 1 - self.current, self.current
        quantity, face = self.ladder.bid(self.history[-1] - 1)
        count = sum(h.count_matching(face, wild=self.rules.wild_face) for h in self.hands)
        bidder_loss, challenger_loss = dice_lost(np.array(count), np.array(quantity), self.rules)
        loser, lost = (bidder, int(bidder_loss)) if bidder_loss > 0 else (challenger, int(challenger_loss))
        self.rounds.append((self.opener, tuple(self.history), tuple(self.hands), loser, lost))
        self.dice[loser] = max(self.dice[loser] - lost, 0)
        if self.dice[loser] == 0:
            self.winner = 1 - loser
            return
        self.opener = int(next_round_opener(self.rules.next_opener, loser, bidder, self.opener))
        self.current = self.opener
        self.history = []
        self._deal()

    # ------------------------------------------------------------------ Ferguson
    def _apply_ferguson(self, action: int) -> None:
        N = self.rules.faces
        if action == CALL:              # the guesser calls: the announcement stands iff roll >= it
            caller = 1 - self.current
            stands = self.hands[caller] >= self.last()
            self.winner = caller if stands else self.current
        elif action == N + 1:           # accept: roll a fresh die and become the caller
            if self.last() == N:
                self.winner = 1 - self.current     # nothing higher to announce
                return
            self.accepted = True
            self._deal()
        else:
            self.history.append(action)
            self.accepted = False
            self.current = 1 - self.current


def new_game(rules: Rules, rng: np.random.Generator, opener: int = 0) -> BluffState:
    """Deal the first round (Bluff: ``rules.dice`` = (seat 0's, seat 1's) dice) with ``opener`` to move."""
    rng = generator(rng)
    check_int("opener", opener, 0, 1)
    state = BluffState(rules, rng, dice=list(rules.dice), opener=opener, current=opener)
    state._deal()
    return state
