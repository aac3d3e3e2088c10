"""Exact equilibria of two-player Bluff with N-faced dice (face N wild), round by round.

A round is solved as a two-player zero-sum extensive-form game with perfect recall by the
sequence-form LP of Koller, Megiddo and von Stengel (scipy's HiGHS on sparse matrices). Rounds are
chained by backward induction over (opener's dice, responder's dice), because a new round starts
from public information only. Every equilibrium is checked by an independent best-response tree
walk (:func:`evaluate_profile`), which also evaluates any other behavioural profile, for example
the per-turn strategies of ``liarlab.bluff``.

Conventions and formats
-----------------------
Players
    Public functions number the players 1 (the round's opener) and 2 (the responder). Values are
    in +-1 units from the opener's side unless a name says otherwise; ``opener_win`` and
    ``first_player_win`` are (1 + value) / 2 because every game ends in a win or a loss.
Dice
    ``dice = (a, b)``: the opener holds ``a`` dice, the responder ``b``. A hand is a sorted tuple of
    faces in 1..N (``own_dice``). Hands are enumerated as multisets with multinomial weights.
Bids
    Bids are numbered 1..n, n = N (a + b), in increasing order (:func:`bid_table` gives
    ``(quantity, face)`` of each). ``bid_order="quantity"`` (default, the talk's order): by
    quantity, then face, the wild face N highest within a quantity. ``bid_order="star"``: the
    published board, where k wild faces rank above 2k-1 dice of any other face and below 2k
    (1, *1, 2, 3, *2, 4, ...). With one die each the two orders coincide.
Histories
    A history is the tuple of bids made so far (strictly increasing). Internally it is a bitmask
    with bit k-1 set for bid k; the player to move at a history is the opener when it has even
    length. Calling bluff is allowed after any bid; after the top bid it is the only action.
Policies (the contract shared with ``liarlab.bluff``)
    A *per-turn policy* is a callable ``policy(own_dice, prev_bid)`` or
    ``policy(own_dice, prev_bid, own_count, opp_count)`` returning an array of length n + 1:
    index 0 = call bluff, index k = make bid k. ``prev_bid`` is 0 at the opening, where index 0
    must be 0; bids <= prev_bid must get probability 0. The four-argument form is used whenever
    the callable accepts four positional arguments; ``own_count = len(own_dice)`` and
    ``opp_count`` is the opponent's number of dice in this round (the talk's caller/guesser
    counts). A *history policy* is ``HistoryPolicy(func)`` with
    ``func(own_dice, history) -> array(n + 1)``, ``history`` a tuple of bid numbers; this is how
    the exact solution is expressed (:meth:`BluffSolution.policy`).
Behaviour tables
    The evaluator works on a table ``B`` of shape (number of hands, 2**n) per player: for a
    history mask ``m`` that ends with this player's bid, ``B[d, m]`` is the probability of that
    last bid at the history before it; for a mask at which this player is to move,
    ``B[d, m]`` is the probability of calling bluff there. Column 0 is unused. The realization
    plan ``X`` has the same shape with ``X[:, 0] = 1``.
Rules (keyword arguments accepted by every function here)
    ``bid_order`` ("quantity" | "star"), ``bidder_penalty`` ("difference" | "one": a bid that was
    too high costs the bidder q - n_f dice, or one), ``challenger_penalty`` ("difference" |
    "one": Borg's rule, an exact bid costs the challenger one die and an exceeded bid n_f - q, or
    always one), ``next_opener`` ("loser" | "winner" | "bidder" | "challenger" | "opener" | "alternate":
    who opens the next round; "challenger" is the player who called Bluff, "opener" this round's opener
    again, "alternate" the responder of this round). With one die each the round decides
    the game and these last three do not matter.

Methods (private: the door is :func:`liarlab.bluff.solve`, ``method="lp"``)
----------------------------------------------------------------------------
``_solve_lp(faces, dice=(1, 1), *, continuation=None, max_bytes, tolerance, method, **rules)``
    -> :class:`BluffSolution` (value, first_player_win, mean_gain, nash_conv, behaviour tables, sizes,
    seconds; ``.policy(1 | 2)`` and ``.action_probabilities(player, own_dice, history)``).
``_solve_round_lp(rules, continuation, max_bytes, tolerance, method)`` -> :class:`BluffSolution`
    of one round given its smaller rounds' values (no backward induction).
``bluff_game_values(faces, max_dice=5, *, max_total=None, **rules)`` -> DataFrame
    (a, b, value, opener_win, mean_gain, seconds, status, histories, deals).
``evaluate_profile(faces, dice, policy1, policy2, *, continuation=None, **rules)`` -> dict
    (value, opener_win, best_response_1, best_response_2, gain_1, gain_2, nash_conv, mean_gain; see
    :mod:`liarlab.core.measures`); ``_best_response_value(faces, dice, player, policy)`` wraps it.
``evaluate_game_profile(faces, max_dice, policy, **rules)`` -> DataFrame: a per-turn policy used
    by both players through the whole multi-round game (best responders respond in every round).
``to_efg`` / ``gambit_value``: the round as a Gambit game tree, solved by pygambit's LP.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from liarlab.bluff.rounds import (
    HistoryPolicy,
    Round,
    _best_response,
    _solve_sequence_form,
    backward_induction,
    behaviour_from_plan,
    behaviour_table,
    cached_round,
    challenge_outcomes,
    continuation_payoffs,
    evaluate_behaviour,
    grid_cells,
    negated,
    payoffs_for,
    plan_from_behaviour,
    plan_table,
    rounds_below,
    zero_sum_payoffs,
)
from liarlab.bluff.rules import (  # noqa: F401  (Rules, make_rules, round_size: part of this module's API)
    DEFAULT_MAX_BYTES,
    Rules,
    check_fits,
    dice_lost,
    make_rules,
    next_round_opener,
    round_size,
)
from liarlab.core.measures import nash_conv
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_int, check_real

__all__ = [
    "BluffSolution",
    "bluff_game_values",
    "round_size",
    "evaluate_profile",
    "evaluate_game_profile",
    "DEFAULT_MAX_BYTES",
]


# --------------------------------------------------------------------------- public API

@dataclass
class BluffSolution:
    """Exact equilibrium of one Bluff round (see the module docstring for the formats)."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    faces: int
    dice: tuple[int, int]
    rules: dict
    value: float                   # opener's equilibrium value, +-1 units (LP optimum)
    first_player_win: float        # (1 + value) / 2: probability the opener wins the game
    mean_gain: float               # mean best-response gain over both players, +-1 units (half the NashConv)
    self_play_value: float         # value of the extracted behaviour profile (tree walk)
    best_response_gains: tuple[float, float]
    bids: list                     # [(quantity, face)] of bids 1..n
    hands: tuple[list, list]       # each player's hands (sorted tuples)
    hand_probs: tuple[np.ndarray, np.ndarray]
    behaviour: tuple[np.ndarray, np.ndarray]  # per player, (hands, 2**n) table, see module doc
    sizes: dict
    build_seconds: float
    solve_seconds: float
    check_seconds: float
    continuation: dict = field(default_factory=dict)  # values of the smaller rounds used

    @property
    def n_bids(self) -> int:
        return len(self.bids)

    @property
    def nash_conv(self) -> float:
        """Sum of both best-response gains (twice :attr:`mean_gain`)."""
        return nash_conv(*self.best_response_gains)

    def action_probabilities(self, player: int, own_dice, history=()) -> np.ndarray:
        """Equilibrium probabilities (index 0 = call, k = bid k) for ``player`` (1 opener, 2 responder)."""
        p = check_int("player", player, 1, 2) - 1
        rnd = cached_round(self.faces, self.dice, tuple(sorted(self.rules.items())))
        mask = rnd.mask_of(history)
        if rnd.mover[mask] != p:
            raise ValueError(f"player {player} is not to move after history {tuple(history)}")
        hand = tuple(sorted(int(v) for v in own_dice))
        if hand not in rnd.hand_index[p]:
            raise ValueError(f"own_dice {own_dice!r} is not a hand of {self.dice[p]} dice with {self.faces} faces")
        d = rnd.hand_index[p][hand]
        B = self.behaviour[p]
        out = np.zeros(rnd.n + 1)
        if mask > 0:
            out[0] = B[d, mask]
        for k in range(int(rnd.top[mask]) + 1, rnd.n + 1):
            out[k] = B[d, mask | (1 << (k - 1))]
        return out

    def opening_strategy(self):
        """DataFrame: the opener's first-bid probabilities, one row per hand, columns "qxf" bids."""
        import pandas as pd

        rows = [self.action_probabilities(1, hand, ())[1:] for hand in self.hands[0]]
        columns = [f"{q}x{f}" for q, f in self.bids]
        return pd.DataFrame(rows, index=[str(h) for h in self.hands[0]], columns=columns)

    def policy(self, player: int) -> HistoryPolicy:
        """The equilibrium strategy of ``player`` (1 opener, 2 responder) as a HistoryPolicy."""
        check_int("player", player, 1, 2)
        return HistoryPolicy(lambda own_dice, history: self.action_probabilities(player, own_dice, history))


def _solve_lp(faces: int, dice=(1, 1), *, continuation: dict | None = None,
              max_bytes: int = DEFAULT_MAX_BYTES, tolerance: float = 1e-9, method: str = "highs",
              **rules) -> BluffSolution:
    """Exact equilibrium of a Bluff round with ``dice = (opener's, responder's)`` dice, by the whole-tree
    sequence-form LP, as the LP's own :class:`BluffSolution` (behaviour tables, self-play value and
    best-response gains). The study's entry point :func:`liarlab.bluff.solve` (``method="lp"``) wraps
    one such LP in a certified bracket.

    With more than one die in total beyond (1, 1), the payoffs after a challenge are the exact
    values of the smaller rounds, solved first (or taken from ``continuation[(x, y)]``, the value
    to the opener of a round with x against y dice). ``method`` is scipy's linprog method
    ("highs", "highs-ds" or "highs-ipm"). Raises ValueError for bad input or when the LP would
    exceed ``max_bytes`` (checked before allocating).
    """
    r = make_rules(faces, dice, **rules)
    check_fits(r.faces, r.dice, max_bytes)
    if continuation is None and r.dice != (1, 1):
        continuation = _exact_values_below(r, max_bytes, tolerance, method)
    return _solve_round_lp(r, continuation, max_bytes, tolerance, method)


def _solve_round_lp(r: Rules, continuation, max_bytes, tolerance, method="highs") -> BluffSolution:
    """The whole-tree LP of the one round ``r`` (:class:`~liarlab.bluff.rules.Rules`, its dice included), with
    the payoffs after a challenge taken from ``continuation[(x, y)]`` (the smaller rounds' values; ``{}`` or None
    for one die each): what :func:`_solve_lp` solves after the rounds below. ``tolerance`` and ``method`` as there;
    raises ValueError when the LP would exceed ``max_bytes``."""
    check_real("tolerance", tolerance, 1e-10)     # HiGHS's range; a NaN tolerance crashes it
    size = check_fits(r.faces, r.dice, max_bytes)
    t0 = time.perf_counter()
    rnd = Round(r)
    U = zero_sum_payoffs(rnd, continuation)
    t1 = time.perf_counter()
    value, x, y, lp_info = _solve_sequence_form(rnd, U, tolerance, method)
    t2 = time.perf_counter()
    B0 = behaviour_from_plan(rnd, plan_table(rnd, x, 0), 0)
    B1 = behaviour_from_plan(rnd, plan_table(rnd, y, 1), 1)
    ev = evaluate_behaviour(rnd, U, B0, B1)
    t3 = time.perf_counter()
    size.update(lp_info)
    return BluffSolution(
        faces=r.faces, dice=r.dice, rules=r.options(), value=value,
        first_player_win=(1 + value) / 2, mean_gain=ev["mean_gain"],
        self_play_value=ev["value"], best_response_gains=(ev["gain_1"], ev["gain_2"]),
        bids=list(rnd.bids), hands=(rnd.hands[0], rnd.hands[1]),
        hand_probs=(rnd.probs[0], rnd.probs[1]), behaviour=(B0, B1), sizes=size,
        build_seconds=t1 - t0, solve_seconds=t2 - t1, check_seconds=t3 - t2,
        continuation=dict(continuation or {}))


def _exact_values_below(r: Rules, max_bytes, tolerance, method="highs") -> dict:
    """The whole-tree LP values of every round a round with ``r.dice`` continues into."""
    def solve(cell, values, inherited):
        value = _solve_round_lp(r.with_dice(cell), values, max_bytes, tolerance, method).value
        return value, 0.0, value
    return backward_induction(rounds_below(*r.dice), solve)


def bluff_game_values(faces: int, max_dice: int = 5, *, max_bytes: int = DEFAULT_MAX_BYTES,
                      max_total: int | None = None, tolerance: float = 1e-9, method: str = "highs",
                      progress=None, **rules):
    """Exact game values for every (opener's dice a, responder's dice b) with a, b <= max_dice.

    Returns a DataFrame with columns a, b, value, opener_win, mean_gain, seconds, status,
    histories, deals. Rounds too large for ``max_bytes`` (or with a + b > max_total) are
    recorded with status "omitted: ..." and NaN values, as are rounds that depend on them.
    ``progress`` is an optional callable(a, b, status) for progress reporting.
    """
    import pandas as pd

    faces = check_int("faces", faces, 2)
    max_dice = check_int("max_dice", max_dice, 1)
    make_rules(faces, (1, 1), **rules)
    rows = []

    def solve(cell, values, inherited):
        a, b = cell
        r = make_rules(faces, (a, b), **rules)
        size = round_size(faces, (a, b))
        row = dict(a=a, b=b, value=np.nan, opener_win=np.nan, mean_gain=np.nan, seconds=np.nan,
                   histories=size["histories"], deals=size["deals"])
        missing = [c for c in rounds_below(a, b) if not np.isfinite(values.get(c, np.nan))]
        if max_total is not None and a + b > max_total:
            row["status"] = f"omitted: a + b > max_total = {max_total}"
        elif size["estimated_bytes"] > max_bytes:
            row["status"] = f"omitted: too large ({size['lp_nonzeros']:,} LP nonzeros)"
        elif missing:
            row["status"] = f"omitted: needs omitted round {missing[0]}"
        else:
            t0 = time.perf_counter()
            sol = _solve_round_lp(r, values, max_bytes, tolerance, method)
            row.update(value=sol.value, opener_win=sol.first_player_win,
                       mean_gain=sol.mean_gain, seconds=time.perf_counter() - t0)
            row["status"] = "solved"
        rows.append(row)
        if progress is not None:
            progress(a, b, row["status"])
        return row["value"], 0.0, row

    backward_induction(grid_cells(max_dice), solve)
    return pd.DataFrame(rows, columns=["a", "b", "value", "opener_win", "mean_gain", "seconds",
                                       "status", "histories", "deals"])


def _round_and_payoffs(faces, dice, continuation, rules):
    r = make_rules(faces, dice, **rules)
    rnd = Round(r)
    if continuation is None and r.dice != (1, 1):
        continuation = _exact_values_below(r, DEFAULT_MAX_BYTES, 1e-9)
    return rnd, zero_sum_payoffs(rnd, continuation)


def evaluate_profile(faces: int, dice, policy1, policy2, *, continuation: dict | None = None,
                     max_bytes: int = DEFAULT_MAX_BYTES, **rules) -> dict:
    """Self-play value and best-response gains of any behavioural profile in one round.

    ``policy1`` plays the opener, ``policy2`` the responder (per-turn callables or HistoryPolicy,
    see the module docstring). After a challenge that leaves both players with dice, payoffs are
    ``continuation[(x, y)]`` (value to the next round's opener) or, if None, the exact values.
    Returns a dict: value (opener's +-1 utility), opener_win, best_response_1 (what a best
    responding opener gets against policy2), best_response_2 (what a best responding responder
    gets against policy1, in its own units), gain_1, gain_2, nash_conv = gain_1 + gain_2 and
    mean_gain = (gain_1 + gain_2) / 2.
    """
    check_fits(faces, dice, max_bytes)
    rnd, U = _round_and_payoffs(faces, dice, continuation, rules)
    B0 = behaviour_table(rnd, policy1, 0)
    B1 = behaviour_table(rnd, policy2, 1)
    return evaluate_behaviour(rnd, U, B0, B1)


def _best_response_value(faces: int, dice, player: int, policy, *, continuation: dict | None = None,
                         **rules) -> float:
    """What ``player`` (1 opener, 2 responder) gets, in its own +-1 units, best responding to ``policy``."""
    p = check_int("player", player, 1, 2) - 1
    check_fits(faces, dice, DEFAULT_MAX_BYTES)
    rnd, U = _round_and_payoffs(faces, dice, continuation, rules)
    X_opp = plan_from_behaviour(rnd, behaviour_table(rnd, policy, 1 - p), 1 - p)
    return _best_response(rnd, payoffs_for(U, p), X_opp, p)[0]


def evaluate_game_profile(faces: int, max_dice: int, policy, *, max_total: int | None = None,
                          max_bytes: int = DEFAULT_MAX_BYTES, **rules):
    """Play a per-turn ``policy`` (used by both players) through the whole multi-round game.

    For every (a, b) with a, b <= max_dice: the self-play value of the game starting with a round
    where the opener holds a dice, and what a best responder gets as opener (best_response_1)
    or as responder (best_response_2) when it best responds in every round. Four-argument
    policies receive (own_dice, prev_bid, own_count, opp_count). Returns a DataFrame.
    """
    import pandas as pd

    faces = check_int("faces", faces, 2)
    max_dice = check_int("max_dice", max_dice, 1)
    br_open, br_resp, rows = {}, {}, []

    def evaluate(cell, self_play, inherited):
        a, b = cell
        size = round_size(faces, (a, b))
        ok = (max_total is None or a + b <= max_total) and size["estimated_bytes"] <= max_bytes
        ok = ok and all(np.isfinite(self_play.get(c, np.nan)) for c in rounds_below(a, b))
        row = dict(a=a, b=b, value=np.nan, opener_win=np.nan, best_response_1=np.nan,
                   best_response_2=np.nan, gain_1=np.nan, gain_2=np.nan, nash_conv=np.nan, mean_gain=np.nan)
        if ok:
            rnd = Round(make_rules(faces, (a, b), **rules))
            new_a, new_b, next_open = challenge_outcomes(rnd)
            U = continuation_payoffs(new_a, new_b, next_open, 0, self_play, negated(self_play))
            U_br = tuple(
                _payoffs_as_player(continuation_payoffs(new_a, new_b, next_open, p, br_open, br_resp), p)
                for p in (0, 1))
            B0 = behaviour_table(rnd, policy, 0)
            B1 = behaviour_table(rnd, policy, 1)
            row.update(evaluate_behaviour(rnd, U, B0, B1, U_br=U_br))
            row["status"] = "evaluated"
        else:
            row["status"] = "omitted"
        br_open[(a, b)] = row["best_response_1"]
        br_resp[(a, b)] = row["best_response_2"]
        rows.append(row)
        return row["value"], 0.0, row

    backward_induction(grid_cells(max_dice), evaluate)
    return pd.DataFrame(rows)


def _payoffs_as_player(U_player: np.ndarray, player: int) -> np.ndarray:
    """Reorder a payoff array [k, bidder, d1, d2] of ``player`` to [k, bidder, d_own, d_opp]."""
    return U_player if player == 0 else np.swapaxes(U_player, 2, 3)


