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
Rules (keyword arguments accepted by every entry point)
    ``bid_order`` ("quantity" | "star"), ``bidder_penalty`` ("difference" | "one": a bid that was
    too high costs the bidder q - n_f dice, or one), ``challenger_penalty`` ("difference" |
    "one": Borg's rule, an exact bid costs the challenger one die and an exceeded bid n_f - q, or
    always one), ``next_opener`` ("loser" | "winner" | "bidder" | "challenger" | "opener" | "alternate":
    who opens the next round; "challenger" is the player who called Bluff, "opener" this round's opener
    again, "alternate" the responder of this round). With one die each the round decides
    the game and these last three do not matter.

Entry points
------------
``solve_lp(faces, dice=(1, 1), *, continuation=None, max_bytes, tolerance, method, **rules)``
    -> :class:`BluffSolution` (value, first_player_win, mean_gain, nash_conv, behaviour tables, sizes,
    seconds; ``.policy(1 | 2)`` and ``.action_probabilities(player, own_dice, history)``).
``solve_round_lp(rules, continuation, max_bytes, tolerance, method)`` -> :class:`BluffSolution`
    of one round given its smaller rounds' values (no backward induction).
``bluff_game_values(faces, max_dice=5, *, max_total=None, **rules)`` -> DataFrame
    (a, b, value, opener_win, mean_gain, seconds, status, histories, deals).
``evaluate_profile(faces, dice, policy1, policy2, *, continuation=None, **rules)`` -> dict
    (value, opener_win, best_response_1, best_response_2, gain_1, gain_2, nash_conv, mean_gain; see
    :mod:`liarlab.core.measures`); ``best_response_value(faces, dice, player, policy)`` wraps it.
``evaluate_game_profile(faces, max_dice, policy, **rules)`` -> DataFrame: a per-turn policy used
    by both players through the whole multi-round game (best responders respond in every round).
``to_efg`` / ``gambit_value``: the round as a Gambit game tree, solved by pygambit's LP.
"""
from __future__ import annotations

import inspect
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from liarlab.bluff.rules import (  # noqa: F401  (Rules, make_rules, round_size: part of this module's API)
    DEFAULT_MAX_BYTES,
    Rules,
    check_fits,
    dice_lost,
    make_rules,
    next_round_opener,
    round_size,
)
from liarlab.core import dice as dice_helpers
from liarlab.core.bids import BID_ORDERS, bid_ladder
from liarlab.core.measures import mean_gain, nash_conv
from liarlab.core.validation import check_choice, check_int

__all__ = [
    "BluffSolution",
    "HistoryPolicy",
    "bid_table",
    "solve_lp",
    "solve_round_lp",
    "bluff_game_values",
    "round_size",
    "evaluate_profile",
    "best_response_value",
    "behaviour_table",
    "evaluate_behaviour",
    "evaluate_game_profile",
    "DEFAULT_MAX_BYTES",
]


# --------------------------------------------------------------------------- rules and sizes
# Rules, aliases, penalties, the next-opener rule and the size guards live in liarlab.bluff.rules.

def bid_table(faces: int, total_dice: int, bid_order: str = "quantity") -> list[tuple[int, int]]:
    """``[(quantity, face)]`` of bids 1..n in increasing order (list index 0 is bid 1)."""
    faces = check_int("faces", faces, 2)
    total_dice = check_int("total_dice", total_dice, 2)
    check_choice("bid_order", bid_order, BID_ORDERS)
    return list(bid_ladder(faces, 1, total_dice, bid_order).bids)


def hands(faces: int, count: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """All hands of ``count`` dice as sorted tuples, with their probabilities."""
    hand_list, probs = dice_helpers.multiset_arrays(count, faces)
    return list(hand_list), probs


def face_counts(hand_list, faces: int, wild: int | None = -1) -> np.ndarray:
    """``C[d, f]`` for f in 1..N: how many dice of hand d count as face f (the wild face, N unless
    ``wild`` says otherwise (None: no wild face), counts for every f); column 0 is unused so that
    faces index the table directly."""
    table = dice_helpers.matching_table(hand_list, faces, wild=faces if wild == -1 else wild)
    return np.hstack([np.zeros((len(hand_list), 1), dtype=table.dtype), table])


# --------------------------------------------------------------------------- the round's tree

class Round:
    """Index arithmetic of one round: hands, bids and history masks, shared by solver and evaluator."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.faces = rules.faces
        self.dice = rules.dice
        self.n = rules.n_bids
        self.M = 1 << self.n
        self.bids = list(rules.ladder.bids)
        self.quantity = np.array([0] + [q for q, _ in self.bids])
        self.face = np.array([0] + [f for _, f in self.bids])
        self.hands = []
        self.probs = []
        self.counts = []
        for count in self.dice:
            hand_list, probs = hands(self.faces, count)
            self.hands.append(hand_list)
            self.probs.append(probs)
            self.counts.append(face_counts(hand_list, self.faces, rules.wild_face))
        self.hand_index = [{h: i for i, h in enumerate(hl)} for hl in self.hands]
        self._index_histories()

    def _index_histories(self) -> None:
        """popcount, top bid, its bit and the mover of every history 0..M-1 (the opener moves at even length)."""
        masks = np.arange(self.M, dtype=np.int64)
        self.popcount = np.zeros(self.M, dtype=np.int64)
        self.top = np.zeros(self.M, dtype=np.int64)
        for k in range(self.n):
            bit = (masks >> k) & 1
            self.popcount += bit
            self.top[bit == 1] = k + 1
        self.topbit = np.where(self.top > 0, np.left_shift(1, np.maximum(self.top - 1, 0)), 0)
        self.mover = self.popcount % 2

    def group(self, t: int) -> slice:
        """Masks whose highest bid is ``t`` form one contiguous block."""
        return slice(0, 1) if t == 0 else slice(1 << (t - 1), 1 << t)

    def infoset_mask(self, player: int) -> np.ndarray:
        """For each sequence mask of ``player`` (0 opener), the history at which it was chosen."""
        masks = np.arange(self.M, dtype=np.int64)
        own_turn = self.mover == player
        return np.where(own_turn, masks, masks - self.topbit)

    def parent_mask(self, player: int) -> np.ndarray:
        """For each sequence mask of ``player``, the player's previous sequence (0 = empty)."""
        info = self.infoset_mask(player)
        return info - self.topbit[info]

    def action_count(self) -> np.ndarray:
        """Legal actions at each history: every higher bid, plus the call after an opening."""
        return (self.n - self.top) + (np.arange(self.M) > 0)

    def history_of(self, mask: int) -> tuple[int, ...]:
        return tuple(k + 1 for k in range(self.n) if (mask >> k) & 1)

    def mask_of(self, history) -> int:
        mask, last = 0, 0
        for bid in history:
            bid = int(bid)
            if not last < bid <= self.n:
                raise ValueError(f"history must be strictly increasing bids in 1..{self.n}, got {history!r}")
            mask |= 1 << (bid - 1)
            last = bid
        return mask


# --------------------------------------------------------------------------- challenge outcomes

def challenge_outcomes(rnd: Round):
    """New dice counts and next opener after a challenge of bid k made by ``bidder``.

    Returns integer arrays of shape (n + 1, 2, hands_1, hands_2): opener's dice, responder's dice
    and next opener (0 = this round's opener, 1 = responder), indexed [bid, bidder, d1, d2].
    """
    r = rnd.rules
    a, b = r.dice
    shape = (rnd.n + 1, 2, len(rnd.hands[0]), len(rnd.hands[1]))
    new_a = np.full(shape, a, dtype=np.int64)
    new_b = np.full(shape, b, dtype=np.int64)
    next_open = np.zeros(shape, dtype=np.int64)
    # Bid 0 does not exist; mark it as an ended game so no continuation is looked up for it.
    new_a[0] = 0
    for k in range(1, rnd.n + 1):
        q, f = rnd.quantity[k], rnd.face[k]
        present = rnd.counts[0][:, f][:, None] + rnd.counts[1][:, f][None, :]
        bid_fails = present < q
        bidder_loss, challenger_loss = dice_lost(present, q, r)
        for bidder in (0, 1):
            loser = np.where(bid_fails, bidder, 1 - bidder)
            loss = np.where(bid_fails, bidder_loss, challenger_loss)
            new_a[k, bidder] = np.maximum(a - np.where(loser == 0, loss, 0), 0)
            new_b[k, bidder] = np.maximum(b - np.where(loser == 1, loss, 0), 0)
            next_open[k, bidder] = next_round_opener(r.next_opener, loser, bidder, opener=0)
    return new_a, new_b, next_open


def zero_sum_payoffs(rnd: Round, values: dict | None) -> np.ndarray:
    """Opener's payoff U[k, bidder, d1, d2] when bid k is challenged, given round values.

    ``values[(x, y)]`` is the value to the opener of a fresh round with x against y dice; it is
    needed only when nobody is out of dice after the challenge.
    """
    new_a, new_b, next_open = challenge_outcomes(rnd)
    return continuation_payoffs(new_a, new_b, next_open, own=0,
                                as_opener=values, as_responder=_negated(values))


def _negated(values):
    """Zero sum: a player's value as responder is minus the opener's value of that round."""
    if values is None:
        return None
    return {cell: -v for cell, v in values.items()}


def continuation_payoffs(new_a, new_b, next_open, own: int, as_opener, as_responder) -> np.ndarray:
    """Payoff to player ``own`` (0 opener, 1 responder of this round) after each challenge.

    ``as_opener[(x, y)]``: value to that player when it opens the next round with x dice against y;
    ``as_responder[(x, y)]``: its value when the opponent opens with x dice against its y.
    """
    mine, theirs = (new_a, new_b) if own == 0 else (new_b, new_a)
    payoff = np.where(mine == 0, -1.0, 0.0) + np.where(theirs == 0, 1.0, 0.0)
    alive = (mine > 0) & (theirs > 0)
    if alive.any():
        i_open = next_open == own
        for x, y in set(zip(mine[alive].tolist(), theirs[alive].tolist())):
            here = alive & (mine == x) & (theirs == y)
            payoff[here & i_open] = _lookup(as_opener, (x, y))
            payoff[here & ~i_open] = _lookup(as_responder, (y, x))
    return payoff


def _lookup(table, key):
    if table is None or key not in table:
        raise KeyError(f"continuation value for a round with dice {key} is missing")
    value = table[key]
    if not np.isfinite(value):
        raise KeyError(f"continuation value for a round with dice {key} is not available")
    return value


# --------------------------------------------------------------------------- sequence-form LP

def sequence_form_lp(rnd: Round, U: np.ndarray):
    """Sparse matrices of max_x min_y x'Ay as the LP: max v_0 s.t. F'v <= A'x, Ex = e, x >= 0.

    Sequence (d, m) of a player is column 1 + d (M - 1) + (m - 1); column 0 is the empty sequence.
    The terminal 'call at history m' pairs the caller's sequence (d, m) with the bidder's sequence
    (d', m), so A is block diagonal in m.
    """
    M = rnd.M
    D = [len(h) for h in rnd.hands]
    masks = np.arange(1, M, dtype=np.int64)
    weights = rnd.probs[0][:, None] * rnd.probs[1][None, :]
    bidder = 1 - rnd.mover[masks]
    vals = weights[None] * U[rnd.top[masks], bidder]
    d0 = np.arange(D[0])[None, :, None]
    d1 = np.arange(D[1])[None, None, :]
    rows = 1 + d1 * (M - 1) + (masks[:, None, None] - 1)
    cols = 1 + d0 * (M - 1) + (masks[:, None, None] - 1)
    shape_A = (1 + D[1] * (M - 1), 1 + D[0] * (M - 1))
    At = sp.csr_matrix((vals.ravel(), (np.broadcast_to(rows, vals.shape).ravel(),
                                       np.broadcast_to(cols, vals.shape).ravel())), shape=shape_A)
    E = [constraint_matrix(rnd, p, D[p]) for p in (0, 1)]
    return At, E[0], E[1]


def constraint_matrix(rnd: Round, player: int, n_hands: int):
    """E with E x = e: each information set's action sequences sum to its parent sequence."""
    M = rnd.M
    masks = np.arange(1, M, dtype=np.int64)
    own_histories = np.flatnonzero(rnd.mover == player)
    rank = np.full(M, -1, dtype=np.int64)
    rank[own_histories] = np.arange(len(own_histories))
    per_hand = len(own_histories)
    hand = np.arange(n_hands)[:, None]
    info = rnd.infoset_mask(player)
    seq_col = 1 + hand * (M - 1) + (masks[None, :] - 1)
    action_rows = 1 + hand * per_hand + rank[info[masks]][None, :]
    parent = own_histories - rnd.topbit[own_histories]
    parent_col = np.where(parent[None, :] == 0, 0, 1 + hand * (M - 1) + (parent[None, :] - 1))
    parent_rows = 1 + hand * per_hand + np.arange(per_hand)[None, :]
    rows = np.concatenate([[0], action_rows.ravel(), parent_rows.ravel()])
    cols = np.concatenate([[0], seq_col.ravel(), parent_col.ravel()])
    vals = np.concatenate([[1.0], np.ones(action_rows.size), -np.ones(parent_rows.size)])
    return sp.csr_matrix((vals, (rows, cols)), shape=(1 + n_hands * per_hand, 1 + n_hands * (M - 1)))


def solve_sequence_form(rnd: Round, U: np.ndarray, tolerance: float = 1e-9, method: str = "highs"):
    """Solve the LP for the opener; the responder's plan is read from the duals.

    The duals are checked against the responder's sequence-form constraints; if they fail, the
    responder's own LP is solved instead.
    """
    At, E, F = sequence_form_lp(rnd, U)
    value, x, y, message = _max_min_lp(At, E, F, tolerance, method)
    f = np.zeros(F.shape[0])
    f[0] = 1.0
    if np.abs(F @ y - f).max() > 1e-7:
        _, y, _, message = _max_min_lp(-At.T.tocsr(), F, E, tolerance, method)
    nnz = At.nnz + E.nnz + F.nnz * 2
    return value, x, y, dict(lp_nonzeros=int(nnz), lp_rows=int(F.shape[1] + E.shape[0]),
                             lp_columns=int(E.shape[1] + F.shape[0]), message=message)


@dataclass(frozen=True)
class MaxMinForm:
    """max_x min_y x'By over realization plans (Ex = e, Fy = f) as the LP min c'[x, v] s.t. A_ub [x, v] <= 0,
    A_eq [x, v] = b_eq, x >= 0, v free: the dual of the minimiser's side turns min_y into max f'v s.t.
    F'v <= B'x. One form for the cold solve (:func:`_max_min_lp`) and the warm one
    (:class:`liarlab.bluff.warm_lp.WarmMaxMinLP`)."""

    cost: np.ndarray
    A_ub: sp.csr_matrix
    A_eq: sp.csr_matrix
    b_eq: np.ndarray
    col_lower: np.ndarray     # 0 for x, -inf for v; every upper bound is +inf
    n_x: int

    @classmethod
    def of(cls, Bt, E, F) -> MaxMinForm:
        n_x, n_v = E.shape[1], F.shape[0]
        b_eq = np.zeros(E.shape[0])
        b_eq[0] = 1.0
        cost = np.zeros(n_x + n_v)
        cost[n_x] = -1.0                       # max v at the root
        return cls(cost, sp.hstack([-Bt, F.T]).tocsr(), sp.hstack([E, sp.csr_matrix((E.shape[0], n_v))]).tocsr(),
                   b_eq, np.r_[np.zeros(n_x), np.full(n_v, -np.inf)], n_x)


def _max_min_lp(Bt, E, F, tolerance, method):
    """max_x min_y x'By over realization plans (Ex = e, Fy = f) as max f'v s.t. F'v <= B'x.

    Returns the value, x, the minimiser's y (from the duals of F'v <= B'x) and HiGHS's message.
    """
    lp = MaxMinForm.of(Bt, E, F)
    n_x = lp.n_x
    bounds = np.c_[lp.col_lower, np.full(lp.col_lower.size, np.inf)]
    options = dict(primal_feasibility_tolerance=tolerance, dual_feasibility_tolerance=tolerance,
                   presolve=True)
    res = linprog(lp.cost, A_ub=lp.A_ub, b_ub=np.zeros(lp.A_ub.shape[0]), A_eq=lp.A_eq, b_eq=lp.b_eq,
                  bounds=bounds, method=method, options=options)
    if res.status != 0:
        raise RuntimeError(f"sequence-form LP failed: {res.message}")
    x = np.maximum(res.x[:n_x], 0.0)
    y = np.maximum(-res.ineqlin.marginals, 0.0)
    return -res.fun, x, y, str(res.message)


def plan_table(rnd: Round, plan: np.ndarray, player: int) -> np.ndarray:
    """Realization plan as a (hands, M) table with column 0 = the empty sequence (= 1)."""
    D = len(rnd.hands[player])
    table = np.empty((D, rnd.M))
    table[:, 0] = 1.0
    table[:, 1:] = plan[1:].reshape(D, rnd.M - 1)
    return table


def behaviour_from_plan(rnd: Round, X: np.ndarray, player: int) -> np.ndarray:
    """Behavioural probabilities B[d, m] = X[d, m] / X[d, parent]; uniform where never reached."""
    parent = rnd.parent_mask(player)
    info = rnd.infoset_mask(player)
    reach = X[:, parent]
    uniform = 1.0 / np.maximum(rnd.action_count()[info], 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        B = np.where(reach > 1e-13, X / reach, uniform[None, :])
    B[:, 0] = 0.0
    return normalise_behaviour(rnd, np.maximum(B, 0.0), player)


def normalise_behaviour(rnd: Round, B: np.ndarray, player: int) -> np.ndarray:
    """Rescale each information set's action probabilities to sum to one."""
    info = rnd.infoset_mask(player)
    masks = np.arange(1, rnd.M)
    totals = np.zeros_like(B)
    for d in range(B.shape[0]):
        totals[d] = np.bincount(info[masks], weights=B[d, masks], minlength=rnd.M)
    denom = totals[:, info]
    out = np.where(denom > 0, B / np.where(denom > 0, denom, 1.0), 0.0)
    out[:, 0] = 0.0
    return out


def plan_from_behaviour(rnd: Round, B: np.ndarray, player: int) -> np.ndarray:
    """Realization plan X[d, m] = product of the player's own action probabilities along m."""
    parent = rnd.parent_mask(player)
    X = np.empty_like(B)
    X[:, 0] = 1.0
    for t in range(1, rnd.n + 1):
        g = rnd.group(t)
        X[:, g] = X[:, parent[g]] * B[:, g]
    return X


# --------------------------------------------------------------------------- evaluation (tree walk)

def self_play_value(rnd: Round, U: np.ndarray, X0: np.ndarray, X1: np.ndarray) -> float:
    """Opener's expected payoff: sum over 'call at m' terminals of chance x both realizations x U."""
    total = 0.0
    for t in range(1, rnd.n + 1):
        g = rnd.group(t)
        masks = np.arange(g.start, g.stop)
        for bidder in (0, 1):
            sel = masks[(1 - rnd.mover[masks]) == bidder]
            if sel.size == 0:
                continue
            left = X0[:, sel] * rnd.probs[0][:, None]
            right = X1[:, sel] * rnd.probs[1][:, None]
            total += np.einsum("dm,de,em->", left, U[t, bidder], right)
    return float(total)


def best_response(rnd: Round, U_own: np.ndarray, X_opp: np.ndarray, player: int):
    """Value to ``player`` (0 opener) best responding to the opponent's plan, by backward induction.

    ``U_own[k, bidder, d_own, d_opp]`` is the player's payoff. Because the opponent's realization
    weights and chance are folded into each terminal, a history's value is a vector over the
    player's own hands: max over actions where the player moves, sum over actions otherwise.
    Returns (value, argmax table) where the table gives the chosen action at own histories.
    """
    opp = 1 - player
    D_own = len(rnd.hands[player])
    q = np.zeros((rnd.M, D_own))
    choice = np.zeros((rnd.M, D_own), dtype=np.int64)
    for t in range(rnd.n, -1, -1):
        g = rnd.group(t)
        masks = np.arange(g.start, g.stop)
        terminal = np.zeros((masks.size, D_own))
        if t > 0:
            for bidder in (0, 1):
                sel = (1 - rnd.mover[masks]) == bidder
                if sel.any():
                    w = X_opp[:, masks[sel]] * rnd.probs[opp][:, None]
                    terminal[sel] = (U_own[t, bidder] @ w).T
        children = [q[(1 << (k - 1)) + masks] for k in range(t + 1, rnd.n + 1)]
        own = rnd.mover[masks] == player
        summed = terminal + (np.sum(children, axis=0) if children else 0.0)
        options = np.stack(([terminal] if t > 0 else [np.full_like(terminal, -np.inf)]) + children)
        best = np.argmax(options, axis=0)
        best_value = np.take_along_axis(options, best[None], axis=0)[0]
        q[g] = np.where(own[:, None], best_value, summed)
        # Action 0 is the call, action j >= 1 is bid t + j.
        choice[g] = np.where(best == 0, 0, best + t)
    value = float(rnd.probs[player] @ q[0])
    return value, choice


def payoffs_for(U: np.ndarray, player: int) -> np.ndarray:
    """Zero-sum payoff array from ``player``'s side, indexed [k, bidder, d_own, d_opp]."""
    return U if player == 0 else -np.swapaxes(U, 2, 3)


def evaluate_behaviour(rnd: Round, U: np.ndarray, B0: np.ndarray, B1: np.ndarray,
                       U_br=None) -> dict:
    """Self-play value and best-response gains of a behavioural profile (tables, see module doc).

    ``U_br`` optionally gives each player's own payoff arrays for its best response (needed when
    the continuation after the round differs for a best responder, see evaluate_game_profile).
    """
    X0 = plan_from_behaviour(rnd, B0, 0)
    X1 = plan_from_behaviour(rnd, B1, 1)
    value = self_play_value(rnd, U, X0, X1)
    U_br = U_br or (payoffs_for(U, 0), payoffs_for(U, 1))
    br1, _ = best_response(rnd, U_br[0], X1, 0)
    br2, _ = best_response(rnd, U_br[1], X0, 1)
    gain1, gain2 = br1 - value, br2 + value
    return dict(value=value, opener_win=(1 + value) / 2, best_response_1=br1, best_response_2=br2,
                gain_1=gain1, gain_2=gain2, nash_conv=nash_conv(gain1, gain2), mean_gain=mean_gain(gain1, gain2))


# --------------------------------------------------------------------------- policies

class HistoryPolicy:
    """Marks a policy that sees the whole history: ``func(own_dice, history) -> array(n + 1)``."""

    def __init__(self, func):
        self.func = func

    def __call__(self, own_dice, history):
        return self.func(own_dice, history)


def _wants_counts(policy) -> bool:
    try:
        params = inspect.signature(policy).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 4 or any(p.kind == p.VAR_POSITIONAL for p in params)


def behaviour_table(rnd: Round, policy, player: int) -> np.ndarray:
    """Tabulate a per-turn policy or a HistoryPolicy as the player's behaviour table."""
    if isinstance(policy, HistoryPolicy):
        return _history_policy_table(rnd, policy, player)
    own_count, opp_count = rnd.dice[player], rnd.dice[1 - player]
    counts = _wants_counts(policy)
    probs = np.empty((len(rnd.hands[player]), rnd.n + 1, rnd.n + 1))
    for d, hand in enumerate(rnd.hands[player]):
        # Only ask about reachable turns: the opener faces no bid or a bid >= 2, the responder a
        # bid >= 1; rows for other turns are never read.
        probs[d] = 0.0
        for prev in ([0] + list(range(2, rnd.n))) if player == 0 else range(1, rnd.n):
            out = policy(hand, prev, own_count, opp_count) if counts else policy(hand, prev)
            probs[d, prev] = _checked_action_probs(out, rnd.n, prev, hand)
        probs[d, rnd.n] = 0.0
        probs[d, rnd.n, 0] = 1.0
    own_turn = rnd.mover == player
    info = rnd.infoset_mask(player)
    prev = np.where(own_turn, rnd.top, rnd.top[info])
    action = np.where(own_turn, 0, rnd.top)
    B = probs[:, prev, action]
    B[:, 0] = 0.0
    return B


def _history_policy_table(rnd: Round, policy, player: int) -> np.ndarray:
    B = np.zeros((len(rnd.hands[player]), rnd.M))
    for h in np.flatnonzero(rnd.mover == player):
        history = rnd.history_of(int(h))
        prev = int(rnd.top[h])
        for d, hand in enumerate(rnd.hands[player]):
            out = _checked_action_probs(policy(hand, history), rnd.n, prev, hand)
            if h > 0:
                B[d, h] = out[0]
            for k in range(prev + 1, rnd.n + 1):
                B[d, h | (1 << (k - 1))] = out[k]
    return B


def _checked_action_probs(out, n: int, prev: int, hand) -> np.ndarray:
    out = np.asarray(out, dtype=float)
    if out.shape != (n + 1,):
        raise ValueError(f"policy must return an array of length n + 1 = {n + 1}, got shape {out.shape}")
    illegal = out[1:prev + 1].sum() + (out[0] if prev == 0 else 0.0)
    if np.any(out < -1e-12) or illegal > 1e-9 or abs(out.sum() - 1.0) > 1e-9:
        raise ValueError(f"policy gave invalid probabilities for hand {hand} after bid {prev}: {out}")
    return np.maximum(out, 0.0)


# --------------------------------------------------------------------------- public API

@dataclass
class BluffSolution:
    """Exact equilibrium of one Bluff round (see the module docstring for the formats)."""

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
        rnd = _cached_round(self.faces, self.dice, tuple(sorted(self.rules.items())))
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


@lru_cache(maxsize=8)
def _cached_round(faces, dice, rule_items) -> Round:
    return Round(make_rules(faces, dice, **dict(rule_items)))


def solve_lp(faces: int, dice=(1, 1), *, continuation: dict | None = None,
             max_bytes: int = DEFAULT_MAX_BYTES, tolerance: float = 1e-9, method: str = "highs",
             **rules) -> BluffSolution:
    """Exact equilibrium of a Bluff round with ``dice = (opener's, responder's)`` dice, by the whole-tree
    sequence-form LP, as the LP's own :class:`BluffSolution` (behaviour tables, self-play value and
    best-response gains). The study's entry point :func:`liarlab.bluff.solve_bluff` (``method="lp"``) wraps
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
    return solve_round_lp(r, continuation, max_bytes, tolerance, method)


def solve_round_lp(r: Rules, continuation, max_bytes, tolerance, method="highs") -> BluffSolution:
    """The whole-tree LP of the one round ``r`` (:class:`~liarlab.bluff.rules.Rules`, its dice included), with
    the payoffs after a challenge taken from ``continuation[(x, y)]`` (the smaller rounds' values; ``{}`` or None
    for one die each): what :func:`solve_lp` solves after the rounds below. ``tolerance`` and ``method`` as there;
    raises ValueError when the LP would exceed ``max_bytes``."""
    size = check_fits(r.faces, r.dice, max_bytes)
    t0 = time.perf_counter()
    rnd = Round(r)
    U = zero_sum_payoffs(rnd, continuation)
    t1 = time.perf_counter()
    value, x, y, lp_info = solve_sequence_form(rnd, U, tolerance, method)
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


def _needed_rounds(a: int, b: int) -> list[tuple[int, int]]:
    """Rounds (opener's, responder's dice) reachable after (a, b), smallest totals first."""
    cells = {(x, y) for x in range(1, a + 1) for y in range(1, b + 1)}
    cells |= {(y, x) for x, y in cells}
    cells.discard((a, b))
    return sorted(cells, key=lambda c: (c[0] + c[1], c))


def _exact_values_below(r: Rules, max_bytes, tolerance, method="highs") -> dict:
    values = {}
    for cell in _needed_rounds(*r.dice):
        if cell[0] + cell[1] >= r.total_dice:
            continue
        values[cell] = solve_round_lp(r.with_dice(cell), values, max_bytes, tolerance, method).value
    return values


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
    values, rows = {}, []
    cells = sorted(((x, y) for x in range(1, max_dice + 1) for y in range(1, max_dice + 1)),
                   key=lambda c: (c[0] + c[1], c))
    for a, b in cells:
        r = make_rules(faces, (a, b), **rules)
        size = round_size(faces, (a, b))
        row = dict(a=a, b=b, value=np.nan, opener_win=np.nan, mean_gain=np.nan, seconds=np.nan,
                   histories=size["histories"], deals=size["deals"])
        missing = [c for c in _needed_rounds(a, b) if c[0] + c[1] < a + b and not np.isfinite(values.get(c, np.nan))]
        if max_total is not None and a + b > max_total:
            row["status"] = f"omitted: a + b > max_total = {max_total}"
        elif size["estimated_bytes"] > max_bytes:
            row["status"] = f"omitted: too large ({size['lp_nonzeros']:,} LP nonzeros)"
        elif missing:
            row["status"] = f"omitted: needs omitted round {missing[0]}"
        else:
            t0 = time.perf_counter()
            sol = solve_round_lp(r, values, max_bytes, tolerance, method)
            row.update(value=sol.value, opener_win=sol.first_player_win,
                       mean_gain=sol.mean_gain, seconds=time.perf_counter() - t0)
            row["status"] = "solved"
        values[(a, b)] = row["value"]
        rows.append(row)
        if progress is not None:
            progress(a, b, row["status"])
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


def best_response_value(faces: int, dice, player: int, policy, *, continuation: dict | None = None,
                        **rules) -> float:
    """What ``player`` (1 opener, 2 responder) gets, in its own +-1 units, best responding to ``policy``."""
    p = check_int("player", player, 1, 2) - 1
    check_fits(faces, dice, DEFAULT_MAX_BYTES)
    rnd, U = _round_and_payoffs(faces, dice, continuation, rules)
    X_opp = plan_from_behaviour(rnd, behaviour_table(rnd, policy, 1 - p), 1 - p)
    return best_response(rnd, payoffs_for(U, p), X_opp, p)[0]


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
    self_play, br_open, br_resp, rows = {}, {}, {}, []
    cells = sorted(((x, y) for x in range(1, max_dice + 1) for y in range(1, max_dice + 1)),
                   key=lambda c: (c[0] + c[1], c))
    for a, b in cells:
        size = round_size(faces, (a, b))
        ok = (max_total is None or a + b <= max_total) and size["estimated_bytes"] <= max_bytes
        ok = ok and all(np.isfinite(self_play.get(c, np.nan)) for c in _needed_rounds(a, b)
                        if c[0] + c[1] < a + b)
        row = dict(a=a, b=b, value=np.nan, opener_win=np.nan, best_response_1=np.nan,
                   best_response_2=np.nan, gain_1=np.nan, gain_2=np.nan, nash_conv=np.nan, mean_gain=np.nan)
        if ok:
            rnd = Round(make_rules(faces, (a, b), **rules))
            new_a, new_b, next_open = challenge_outcomes(rnd)
            U = continuation_payoffs(new_a, new_b, next_open, 0, self_play, _negated(self_play))
            U_br = tuple(
                _payoffs_as_player(continuation_payoffs(new_a, new_b, next_open, p, br_open, br_resp), p)
                for p in (0, 1))
            B0 = behaviour_table(rnd, policy, 0)
            B1 = behaviour_table(rnd, policy, 1)
            row.update(evaluate_behaviour(rnd, U, B0, B1, U_br=U_br))
            row["status"] = "evaluated"
        else:
            row["status"] = "omitted"
        self_play[(a, b)] = row["value"]
        br_open[(a, b)] = row["best_response_1"]
        br_resp[(a, b)] = row["best_response_2"]
        rows.append(row)
    return pd.DataFrame(rows)


def _payoffs_as_player(U_player: np.ndarray, player: int) -> np.ndarray:
    """Reorder a payoff array [k, bidder, d1, d2] of ``player`` to [k, bidder, d_own, d_opp]."""
    return U_player if player == 0 else np.swapaxes(U_player, 2, 3)


