"""Liar's Dice and Bluff with N-faced dice: the 2016 talk's per-turn method (notebook 05).

Two games from Kayanuma's talk (spec ``papers/05``):

* **Liar's Dice** in the Ferguson & Ferguson (1991) model: one fresh die per turn, so a turn's
  subgame depends only on the public previous announcement and backward induction over it with
  one zero-sum LP per announcement is exact.
* **Bluff** (face N wild, dice kept for a whole round): the talk applies the same per-turn LP,
  plus backward induction over the dice counts. This is *not* exact in general (dice persist
  across turns); :mod:`liarlab.bluff.exact` solves whole rounds exactly for comparison.

Every turn is the same small matrix game: the caller, holding private state ``c``, picks a
bid ``k``; the guesser, holding ``g``, answers Accept or Bluff. :func:`liarlab.bluff.turn_lp._solve_turn` solves it
as one LP and reads the guesser's strategy from the LP duals, so each turn costs one HiGHS call. Ferguson's
one-die-per-turn game itself (its solution, values and simulation) is :mod:`liarlab.bluff.ferguson`; this module
chains the turns of Bluff (:func:`per_turn_bluff`) and compares them with the printed tables.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from liarlab.bluff.rounds import HistoryPolicy
from liarlab.bluff.rules import (
    OPENER_MEMORY_RULES,
    BluffRules,
    all_rule_variants,
    bid_name,
    check_fits,
    dice_lost,
    next_round_opener,
    private_states,
)
from liarlab.bluff.turn_lp import _solve_turn, turn_value
from liarlab.core.bids import bid_ladder
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_choice


# ---------------------------------------------------------------------------------------------
# Bluff: the talk's per-turn method (spec 2.2)
# ---------------------------------------------------------------------------------------------
@dataclass
class PerTurnSolution:
    """Values and strategies of the per-turn method for every cell (a, b) with a, b <= max(dice).

    ``values[(a, b, p)][s]``: U_{a,b}(s), the caller's utility with a dice against b after bid s;
    ``p`` is 1 when the caller opened the current round (only the rules that name this round's opener,
    "opener" and "alternate", use it; otherwise p is always 1). ``strategies[(a, b, p, s)]`` is the turn's
    :class:`TurnSolution` with ``x[caller hand, k]`` and ``y_bluff[guesser hand, k]`` over bids k = s+1..n.
    ``round_values[(a, b)]`` = R(a, b) = U_{a,b}(0) for the round opener.
    """

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    faces: int
    dice: tuple
    rules: BluffRules
    values: dict
    strategies: dict
    round_values: dict
    states: dict = field(repr=False)

    @property
    def first_player_utility(self) -> float:
        return float(self.round_values[self.dice])

    @property
    def first_player_win(self) -> float:
        return (1.0 + self.first_player_utility) / 2.0

    def parities(self):
        return (1, 0) if self.rules.next_opener in OPENER_MEMORY_RULES else (1,)


def _round_value(R, caller_dice, guesser_dice, caller_opens):
    # value to the current caller of a fresh round
    if caller_dice <= 0:
        return -1.0
    if guesser_dice <= 0:
        return 1.0
    return R[(caller_dice, guesser_dice)] if caller_opens else -R[(guesser_dice, caller_dice)]


def _caller_opens_next(rules, caller_lost: bool, caller_opened_round: int) -> bool:
    # seats: the caller (the bidder of the challenged bid) is 0, the guesser 1
    opener = 0 if caller_opened_round else 1
    return bool(next_round_opener(rules.next_opener, 0 if caller_lost else 1, 0, opener) == 0)


def bluff_challenge_payoffs(a, b, p, faces, states, R, rules) -> np.ndarray:
    """V[c, g, k-1]: the caller's utility when bid k is challenged, for every pair of hands."""
    ladder = bid_ladder(faces, 1, a + b, rules.bid_order)
    q, f = ladder.quantities, ladder.face_indices + 1
    count = states[a].counts[:, f - 1][:, None, :] + states[b].counts[:, f - 1][None, :, :]
    bidder_loss, challenger_loss = dice_lost(count, q[None, None, :], rules)
    # index L = dice lost; L = 0 never occurs on the losing side
    caller_lost = np.array([np.nan] + [_round_value(R, a - L, b, _caller_opens_next(rules, True, p))
                                       for L in range(1, a + b + 1)])
    guesser_lost = np.array([np.nan] + [_round_value(R, a, b - L, _caller_opens_next(rules, False, p))
                                        for L in range(1, a + b + 1)])
    return np.where(bidder_loss > 0, caller_lost[bidder_loss], guesser_lost[challenger_loss])


def per_turn_bluff(faces: int, dice=(1, 1), rules: BluffRules | None = None, *, values_only: bool = False,
                   **rule_options) -> PerTurnSolution:
    """The talk's per-turn method with backward induction over dice totals (spec 2.2).

    Cells are processed in increasing dice total; within a total, bids go down from n-1 to 0 and
    U_{a,b}(s) and U_{b,a}(s) are computed together, because Accept hands the turn to the other
    player at a higher bid. ``values_only``: the values alone, each turn by :func:`turn_value` (about twice as
    fast), and no strategies; the R2 payoff needs the strategies, so it always solves them.
    """
    fit = check_fits(faces, dice, method="per-turn")
    faces, dice = fit["faces"], fit["dice"]
    rules = rules if rules is not None else BluffRules(**rule_options)
    M = max(dice)
    states = {d: private_states(d, faces, rules.hand_weights, rules.wild) for d in range(1, M + 1)}
    parities = (1, 0) if rules.next_opener in OPENER_MEMORY_RULES else (1,)
    values, strategies, conditional, R = {}, {}, {}, {}
    for total in range(2, 2 * M + 1):
        cells = [(a, total - a) for a in range(max(1, total - M), min(M, total - 1) + 1)]
        n = faces * total
        challenge = {}
        for a, b in cells:
            for p in parities:
                values[(a, b, p)] = np.full(n + 1, np.nan)
                values[(a, b, p)][n] = -1.0  # no legal raise over the top bid
                challenge[(a, b, p)] = bluff_challenge_payoffs(a, b, p, faces, states, R, rules)
                if rules.accept_payoff == "R2":
                    conditional[(a, b, p)] = np.full((n + 1, len(states[a].weights), len(states[b].weights)), np.nan)
                    conditional[(a, b, p)][n] = -1.0
        for s in range(n - 1, -1, -1):
            for a, b in cells:
                for p in parities:
                    _solve_cell_turn(a, b, p, s, n, states, rules, values, strategies, conditional, challenge,
                                     values_only and rules.accept_payoff == "R1")
        for a, b in cells:
            R[(a, b)] = float(values[(a, b, 1)][0])
    return PerTurnSolution(faces, dice, rules, values, strategies, R, states)


def _next_parity(rules, p):
    # Accept hands the turn to the other player: it opened this round iff the current caller did not
    return 1 - p if rules.next_opener in OPENER_MEMORY_RULES else 1


def _solve_cell_turn(a, b, p, s, n, states, rules, values, strategies, conditional, challenge, values_only=False):
    bids = np.arange(s + 1, n + 1)
    p_next = _next_parity(rules, p)
    if rules.accept_payoff == "R1":
        accept = -values[(b, a, p_next)][bids][None, None, :]
    else:  # the next turn's value for this very pair of hands (roles swapped)
        accept = -np.transpose(conditional[(b, a, p_next)][bids], (2, 1, 0))
    bluff = challenge[(a, b, p)][:, :, bids - 1]
    if values_only:
        values[(a, b, p)][s] = turn_value(states[a].weights, states[b].weights, accept, bluff)
        return
    turn = _solve_turn(states[a].weights, states[b].weights, accept, bluff)
    values[(a, b, p)][s] = turn.value
    strategies[(a, b, p, s)] = turn
    if rules.accept_payoff == "R2":
        yb = turn.y_bluff[None, :, :]
        per_bid = (1 - yb) * np.broadcast_to(accept, bluff.shape) + yb * bluff
        conditional[(a, b, p)][s] = np.einsum("ck,cgk->cg", turn.x, per_bid)


def per_turn_first_player_win(faces: int, dice=(1, 1), rules: BluffRules | None = None, **rule_options) -> float:
    return per_turn_bluff(faces, dice, rules, values_only=True, **rule_options).first_player_win


def truncate(value, digits: int):
    """Truncate towards zero at ``digits`` decimals (the talk's tables truncate, spec 6.2)."""
    scale = 10.0**digits
    return np.trunc(np.asarray(value, dtype=float) * scale + 1e-9 * np.sign(value)) / scale


def bluff1_per_turn_table(faces_list=range(2, 21), rules: BluffRules | None = None) -> pd.DataFrame:
    """E4 / Bluff-1: first player's utility and win % with one die each, per-turn method."""
    rows = []
    for N in faces_list:
        sol = per_turn_bluff(N, (1, 1), rules, values_only=True)
        u = sol.first_player_utility
        rows.append({"faces": N, "utility": u, "win_pct": 100 * sol.first_player_win})
    frame = pd.DataFrame(rows)
    frame["utility_trunc"] = truncate(frame["utility"], 2)
    frame["win_pct_trunc"] = truncate(frame["win_pct"], 2)
    return frame


def bluff3_per_turn_table(faces: int = 6, rules: BluffRules | None = None) -> pd.DataFrame:
    """E5 / Bluff-3: the caller's win % after each previous bid, one die each."""
    sol = per_turn_bluff(faces, (1, 1), rules, values_only=True)
    U = sol.values[(1, 1, 1)]
    n = len(U) - 1
    rows = [{"previous_bid": bid_name(s, faces), "s": s, "caller_win_pct": 100 * (1 + U[s]) / 2}
            for s in range(n, -1, -1)]
    frame = pd.DataFrame(rows)
    frame["caller_win_pct_trunc"] = truncate(frame["caller_win_pct"], 0)
    return frame


def bluff2_per_turn_table(faces: int = 2, max_dice: int = 5, rules: BluffRules | None = None) -> pd.DataFrame:
    """E8 / Bluff-2: first player's win % for every a, b <= max_dice (one per-turn solve covers all)."""
    sol = per_turn_bluff(faces, (max_dice, max_dice), rules, values_only=True)
    rows = [{"first_dice": a, "second_dice": b, "win_pct": 100 * (1 + sol.round_values[(a, b)]) / 2}
            for a in range(1, max_dice + 1) for b in range(1, max_dice + 1)]
    return pd.DataFrame(rows)


def compare_with_printed_grid(frame: pd.DataFrame, printed: dict) -> dict:
    """How a win-% grid matches the talk's integers on the cells both have: truncated/rounded agreement, gaps."""
    got = {(r.first_dice, r.second_dice): r.win_pct for r in frame.itertuples() if np.isfinite(r.win_pct)}
    keys = sorted(set(printed) & set(got))
    diffs = np.array([got[k] - printed[k] for k in keys])
    trunc_match = sum(int(np.floor(got[k] + 1e-9)) == printed[k] for k in keys)
    round_match = sum(int(np.floor(got[k] + 0.5)) == printed[k] for k in keys)
    return {"cells": len(keys), "truncated_matches": trunc_match, "rounded_matches": round_match,
            "max_abs_gap_pct": float(np.abs(diffs).max()), "mean_abs_gap_pct": float(np.abs(diffs).mean())}


def bluff2_variant_search(faces: int = 2, max_dice: int = 5, printed: dict | None = None,
                          accept_payoff: str = "R1", progress: bool = False,
                          hand_weights: str = "multinomial") -> tuple[pd.DataFrame, pd.DataFrame]:
    """E8: every rule variant's grid and its agreement with the printed Bluff-2 table."""
    import sys

    from tqdm import tqdm  # plain text on stderr: tqdm.auto would print "IProgress not found" in notebooks

    grids, summary = [], []
    for rules in tqdm(all_rule_variants(accept_payoff, hand_weights), desc="Bluff-2 variants", disable=not progress,
                      file=sys.stderr):
        grid = bluff2_per_turn_table(faces, max_dice, rules)
        grid.insert(0, "variant", rules.label)
        grids.append(grid)
        row = {"variant": rules.label, "challenger_penalty": rules.challenger_penalty,
               "bidder_penalty": rules.bidder_penalty, "next_opener": rules.next_opener}
        if printed is not None:
            row.update(compare_with_printed_grid(grid, printed))
        summary.append(row)
    return pd.concat(grids, ignore_index=True), pd.DataFrame(summary)


# ---------------------------------------------------------------------------------------------
# The per-turn profile as a behavioural policy for the real game (bluff_exact.evaluate_profile)
# ---------------------------------------------------------------------------------------------
def per_turn_action_probabilities(solution: PerTurnSolution, own: int, other: int, own_dice,
                                  prev_bid: int, before: int, own_opened: bool = True) -> np.ndarray:
    """What the per-turn solution tells a player with ``own`` dice to do facing ``prev_bid``.

    Facing bid s that the opponent made after bid t (``before``): call Bluff with y(own hand, s)
    from the turn solved at t, otherwise raise with x(own hand, . | s). At the opening the
    caller's x applies. ``own_opened`` selects the parity only the "opener" and "alternate" rules need.
    """
    n = solution.faces * (own + other)
    hand = solution.states[own].hands.index(tuple(sorted(int(v) for v in own_dice)))
    memory = solution.rules.next_opener in OPENER_MEMORY_RULES
    p_own = 1 if (own_opened or not memory) else 0
    p_opp = 1 if (not own_opened or not memory) else 0
    out = np.zeros(n + 1)
    if prev_bid == n:
        out[0] = 1.0  # nothing above the top bid: the only move is to challenge
        return out
    raise_probs = solution.strategies[(own, other, p_own, prev_bid)].x[hand]
    if prev_bid == 0:
        out[1:] = raise_probs
        return out
    challenge = float(solution.strategies[(other, own, p_opp, before)].y_bluff[hand, prev_bid - before - 1])
    out[0] = challenge
    out[prev_bid + 1:] = (1.0 - challenge) * raise_probs
    return out


def per_turn_policy(solution: PerTurnSolution, seat: int = 1, dice=None):
    """The per-turn strategy of ``seat`` (1 = round opener, 2 = responder) as a history policy.

    Returns a ``liarlab.bluff.rounds.HistoryPolicy``: it needs the bid *before* the one faced, because the
    guesser's y was solved in that earlier turn. ``dice`` = (opener's, responder's) of the round.
    """
    check_choice("seat", seat, (1, 2))
    a, b = solution.dice if dice is None else tuple(dice)
    own, other = (a, b) if seat == 1 else (b, a)

    def act(own_dice, history):
        history = tuple(history)
        prev_bid = history[-1] if history else 0
        before = history[-2] if len(history) >= 2 else 0
        return per_turn_action_probabilities(solution, own, other, own_dice, prev_bid, before,
                                             own_opened=(seat == 1))

    return HistoryPolicy(act)


class LastBidPolicy:
    """The per-turn strategy keyed only by the last bid (``policy(own_dice, prev_bid, own, opp)``).

    Usable for whole multi-round games, where bluff_exact passes the dice counts; the bid before
    the faced one is unknown here, so y is taken from the earlier turn t that makes the faced bid
    most likely under the opponent's per-turn x (a heuristic, labelled as such in notebook 05).
    Ignores the parity of the "opener" and "alternate" rules.
    """

    def __init__(self, solution: PerTurnSolution):
        self.solution = solution

    def likely_previous(self, own: int, other: int, bid: int) -> int:
        w = self.solution.states[other].weights
        mass = [float(w @ self.solution.strategies[(other, own, 1, t)].x[:, bid - t - 1]) for t in range(bid)]
        return int(np.argmax(mass))

    def __call__(self, own_dice, prev_bid, own_count, opp_count):
        before = self.likely_previous(own_count, opp_count, prev_bid) if prev_bid > 0 else 0
        return per_turn_action_probabilities(self.solution, own_count, opp_count, own_dice, prev_bid, before)


