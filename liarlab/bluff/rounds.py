"""The arithmetic of one Bluff round, on which every solver and the end game's rules stand.

A round is a two-player zero-sum extensive-form game: the hands (:func:`hands`), the bid ladder (:func:`bid_table`),
the history masks (:class:`Round`), what a challenge does (:func:`challenge_outcomes`, :func:`zero_sum_payoffs`,
:func:`continuation_payoffs`), the sequence-form LP (:func:`sequence_form_lp`, :class:`MaxMinForm`,
:func:`max_min_lp`), plans and behaviour (:func:`plan_from_behaviour`, :func:`behaviour_from_plan`), exact best
responses and the tree walk (:func:`_best_response`, :func:`evaluate_behaviour`), and policies as tables
(:class:`HistoryPolicy`, :func:`behaviour_table`). Rounds are chained by :func:`backward_induction`, the one driver
of every multi-round solve (the whole-tree LP's :func:`liarlab.bluff.exact.bluff_game_values`, the certified
grid :func:`liarlab.bluff.oracle.certified_grid` and :func:`liarlab.bluff.solve`). The formats (players,
dice, bids, histories, behaviour tables) are those of :mod:`liarlab.bluff.exact`'s docstring.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from liarlab.bluff.rules import Rules, dice_lost, make_rules, next_round_opener
from liarlab.core import dice as dice_helpers
from liarlab.core.bids import BID_ORDERS, bid_ladder
from liarlab.core.measures import mean_gain, nash_conv
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_choice, check_int

__all__ = ["negated", "HistoryPolicy", "MaxMinForm", "Round", "behaviour_from_plan", "behaviour_table", "bid_table", "challenge_outcomes", "constraint_matrix", "continuation_payoffs", "evaluate_behaviour", "face_counts", "hands", "max_min_lp", "normalise_behaviour", "payoffs_for", "plan_from_behaviour", "plan_table", "self_play_value", "sequence_form_lp", "zero_sum_payoffs", "cached_round", "rounds_below", "grid_cells", "backward_induction"]


# --------------------------------------------------------------------------- rules and sizes

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
                                as_opener=values, as_responder=negated(values))


def negated(values):
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


def _solve_sequence_form(rnd: Round, U: np.ndarray, tolerance: float = 1e-9, method: str = "highs"):
    """Solve the LP for the opener; the responder's plan is read from the duals.

    The duals are checked against the responder's sequence-form constraints; if they fail, the
    responder's own LP is solved instead.
    """
    At, E, F = sequence_form_lp(rnd, U)
    value, x, y, message = max_min_lp(At, E, F, tolerance, method)
    f = np.zeros(F.shape[0])
    f[0] = 1.0
    if np.abs(F @ y - f).max() > 1e-7:
        _, y, _, message = max_min_lp(-At.T.tocsr(), F, E, tolerance, method)
    nnz = At.nnz + E.nnz + F.nnz * 2
    return value, x, y, dict(lp_nonzeros=int(nnz), lp_rows=int(F.shape[1] + E.shape[0]),
                             lp_columns=int(E.shape[1] + F.shape[0]), message=message)


@dataclass(frozen=True)
class MaxMinForm:
    """max_x min_y x'By over realization plans (Ex = e, Fy = f) as the LP min c'[x, v] s.t. A_ub [x, v] <= 0,
    A_eq [x, v] = b_eq, x >= 0, v free: the dual of the minimiser's side turns min_y into max f'v s.t.
    F'v <= B'x. One form for the cold solve (:func:`max_min_lp`) and the warm one
    (:class:`liarlab.bluff.warm_lp.WarmMaxMinLP`)."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

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


def max_min_lp(Bt, E, F, tolerance, method):
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


def _best_response(rnd: Round, U_own: np.ndarray, X_opp: np.ndarray, player: int):
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
    br1, _ = _best_response(rnd, U_br[0], X1, 0)
    br2, _ = _best_response(rnd, U_br[1], X0, 1)
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


# --------------------------------------------------------------------------- backward induction

@lru_cache(maxsize=8)
def cached_round(faces: int, dice: tuple[int, int], rule_items: tuple) -> Round:
    """The :class:`Round` of ``faces`` and ``dice`` under the rules ``dict(rule_items)``, kept for reuse."""
    return Round(make_rules(faces, dice, **dict(rule_items)))


def rounds_below(a: int, b: int) -> list[tuple[int, int]]:
    """The rounds (opener's, responder's dice) a round with ``(a, b)`` dice can continue into: every cell with
    fewer dice in all, smallest totals first (the order in which backward induction solves them)."""
    cells = {(x, y) for x in range(1, a + 1) for y in range(1, b + 1)}
    cells |= {(y, x) for x, y in cells}
    return sorted((c for c in cells if c[0] + c[1] < a + b), key=lambda c: (c[0] + c[1], c))


def grid_cells(max_dice: int, cells=None) -> list[tuple[int, int]]:
    """Every round (a, b) with a, b <= ``max_dice``, smallest totals first; with ``cells``, only those and the
    rounds they continue into."""
    wanted = sorted(((x, y) for x in range(1, max_dice + 1) for y in range(1, max_dice + 1)),
                    key=lambda c: (c[0] + c[1], c))
    if cells is None:
        return wanted
    need = set()
    for c in cells:
        need.add(tuple(c))
        need.update(rounds_below(*c))
    return [c for c in wanted if c in need]


def backward_induction(cells, solve) -> dict:
    """Solve rounds in order (smallest totals first), each given the values of those already solved.

    ``solve(cell, values, inherited)`` returns ``(value, half_width, result)``: the round's value (NaN if it was
    not solved), how far it may lie from the real round's value, and whatever the caller keeps. ``inherited``
    is the largest ``half_width`` among the rounds this one continues into: a round solved against midpoints
    of smaller rounds is off by at most that much more than its own bracket says. Returns ``{cell: result}``.
    """
    values, errors, results = {}, {}, {}
    for cell in cells:
        cell = tuple(cell)
        inherited = max((errors[c] for c in rounds_below(*cell) if c in errors), default=0.0)
        values[cell], errors[cell], results[cell] = solve(cell, values, inherited)
    return results
