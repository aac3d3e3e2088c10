"""Liar's Dice in the Ferguson & Ferguson (1991) model: one fresh die per turn, so a turn's subgame
depends only on the public previous announcement, and backward induction with one zero-sum LP per
announcement is exact. Also: exact certificates, best responses and a Monte Carlo simulator.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd
from numba import njit

from liarlab.bluff.turn_lp import _solve_turn, _solve_turn_guesser
from liarlab.core.measures import nash_conv
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_choice, check_int


# ---------------------------------------------------------------------------------------------
# Liar's Dice (Ferguson & Ferguson 1991 model), spec section 1
# ---------------------------------------------------------------------------------------------
@dataclass
class LiarsDiceStrategy:
    """A stationary strategy for either seat.

    ``x[s, r-1, b-1]``: P(announce b | previous announcement s, roll r), s = 0..N-1.
    ``y_bluff[s, b-1]``: P(call Bluff | previous s, announcement b).
    """

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    faces: int
    x: np.ndarray
    y_bluff: np.ndarray
    label: str = ""


@dataclass
class LiarsDiceSolution:

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents
    faces: int
    values: np.ndarray  # U(s) for s = 0..N: the caller's utility (+-1 scale)
    strategy: LiarsDiceStrategy

    @property
    def first_player_win(self) -> float:
        return (1.0 + float(self.values[0])) / 2.0


def announcement_truth(faces: int) -> np.ndarray:
    """sigma[r-1, b-1] = +1 if a roll r backs announcement b (r >= b), else -1."""
    r = np.arange(1, faces + 1)
    return np.where(r[:, None] >= r[None, :], 1.0, -1.0)


def ferguson_solution(faces: int, variant: str = "K") -> LiarsDiceSolution:
    """Per-turn LP backward induction over the previous announcement (spec 1.3).

    ``variant="K"``: the LP solution HiGHS returns (the talk's strategy K).
    ``variant="T*"``: a *substitute* for Ferguson & Ferguson's strategy T, which the talk does not
    list: among optimal turn strategies the caller maximises the chance of announcing a true value
    and the guesser calls Bluff as rarely as optimal play allows. A different optimal vertex.
    """
    N = check_int("faces", faces, 1, 2000)
    check_choice("variant", variant, ("K", "T*"))
    truth = announcement_truth(N)
    U = np.zeros(N + 1)
    U[N] = -1.0  # a caller facing the top announcement has nothing left to say
    x = np.zeros((N, N, N))
    y = np.zeros((N, N))
    for s in range(N - 1, -1, -1):
        bids = np.arange(s + 1, N + 1)
        accept = -U[bids][None, None, :]  # having b accepted hands the opponent U(b)
        bluff = truth[:, bids - 1][:, None, :]
        wc, wg = np.full(N, 1.0 / N), np.ones(1)
        if variant == "K":
            turn = _solve_turn(wc, wg, accept, bluff)
            x_s, y_s = turn.x, turn.y_bluff[0]
        else:
            honest = (truth[:, bids - 1] > 0).astype(float)
            turn = _solve_turn(wc, wg, accept, bluff, caller_preference=honest * wc[:, None])
            _, y_mat = _solve_turn_guesser(wc, wg, accept, bluff, bluff_preference=np.ones((1, len(bids))))
            x_s, y_s = turn.x, y_mat[0]
        U[s] = turn.value
        x[s][:, bids - 1] = x_s
        y[s][bids - 1] = y_s
    return LiarsDiceSolution(N, U, LiarsDiceStrategy(N, x, y, label=variant))


def ferguson_first_player_win(faces: int) -> float:
    """P1(N): the first player's winning probability under optimal play (41/60 at N = 6), from the game's values
    alone (:func:`ferguson_values`: no strategies, so N = 200 takes seconds, not minutes). ``faces`` in 1..2000."""
    return float((1.0 + ferguson_values(faces)[0]) / 2.0)


def ferguson_strategy_tables(faces: int = 6, variant: str = "K") -> tuple[pd.DataFrame, pd.DataFrame]:
    """Strategy tables in long form: caller ``(s, roll, announce, prob)``, guesser ``(s, announce, p_bluff)``."""
    strat = ferguson_solution(faces, variant).strategy
    N = strat.faces
    caller = [{"previous": s, "roll": r, "announce": b, "prob": strat.x[s, r - 1, b - 1]}
              for s in range(N) for r in range(1, N + 1) for b in range(s + 1, N + 1)
              if strat.x[s, r - 1, b - 1] > 1e-9]
    guesser = [{"previous": s, "announce": b, "p_bluff": strat.y_bluff[s, b - 1]}
               for s in range(N) for b in range(s + 1, N + 1)]
    return pd.DataFrame(caller), pd.DataFrame(guesser)


def liars_dice_match_utility(first: LiarsDiceStrategy, second: LiarsDiceStrategy) -> float:
    """Exact expected utility (+-1) of ``first`` (opening) against ``second``, by recursion over s."""
    N = first.faces
    truth = announcement_truth(N)
    players = (first, second)
    V = np.zeros((2, N + 1))  # V[i, s]: utility to player i when i is the caller after s
    V[:, N] = -1.0
    for s in range(N - 1, -1, -1):
        for i in (0, 1):
            me, opp = players[i], players[1 - i]
            yb = opp.y_bluff[s][None, :]
            after_accept = -V[1 - i, 1:][None, :]
            payoff = yb * truth + (1 - yb) * after_accept
            V[i, s] = float((me.x[s] * payoff).sum()) / N
    return float(V[0, 0])


def _liars_dice_best_response(opponent: LiarsDiceStrategy, seat: int) -> float:
    """Utility of a best response to ``opponent`` when the responder plays ``seat`` (1 opens, 2 answers).

    Each turn's roll is fresh, so the responder's best play depends only on the public previous
    announcement and its own current roll: backward recursion over s is exact.
    """
    check_choice("seat", seat, (1, 2))
    N = opponent.faces
    truth = announcement_truth(N)
    as_caller = np.zeros(N + 1)   # responder is the caller after s
    as_guesser = np.zeros(N + 1)  # opponent is the caller after s
    as_caller[N], as_guesser[N] = -1.0, 1.0
    for s in range(N - 1, -1, -1):
        bids = np.arange(s + 1, N + 1)
        yb = opponent.y_bluff[s, bids - 1]
        options = yb[None, :] * truth[:, bids - 1] + (1 - yb[None, :]) * as_guesser[bids][None, :]
        as_caller[s] = options.max(axis=1).mean()
        mass = opponent.x[s][:, bids - 1] / N  # P(roll r and announcement b)
        challenge = -(mass * truth[:, bids - 1]).sum(axis=0)
        accept = mass.sum(axis=0) * as_caller[bids]
        as_guesser[s] = np.maximum(challenge, accept).sum()
    return float(as_caller[0] if seat == 1 else as_guesser[0])


def liars_dice_nash_conv(strategy: LiarsDiceStrategy, second: LiarsDiceStrategy | None = None) -> float:
    """NashConv of (strategy as first, second as second): max u1(.,s2) - min u1(s1,.); 0 at equilibrium.

    The game value cancels: gain_1 + gain_2 = (BR1 - v) + (BR2 + v) = BR1 + BR2 (see liarlab.core.measures).
    """
    second = strategy if second is None else second
    return nash_conv(_liars_dice_best_response(second, 1), _liars_dice_best_response(strategy, 2))


def ld_exploitability_table(faces_list=(2, 3, 4, 5, 6, 7, 8, 9, 10, 20)) -> pd.DataFrame:
    """E2: NashConv (sum of both best-response gains) of the per-turn LP profile in the whole multi-turn game."""
    rows = []
    for N in faces_list:
        sol = ferguson_solution(N)
        strat = sol.strategy
        rows.append({"faces": N, "first_player_win": sol.first_player_win,
                     "self_play_win": (1 + liars_dice_match_utility(strat, strat)) / 2,
                     "best_response_as_first": _liars_dice_best_response(strat, 1),
                     "best_response_as_second": _liars_dice_best_response(strat, 2),
                     "nash_conv": liars_dice_nash_conv(strat)})
    return pd.DataFrame(rows)


def ferguson_values(faces: int) -> np.ndarray:
    """U(s), s = 0..N, by the same backward induction as :func:`ferguson_solution`, without the strategies.

    Each turn's value comes from the guesser's LP in a compact form (:func:`_turn_value`): O(N) rows instead of
    the N K rows of :func:`liarlab.bluff.turn_lp._solve_turn_guesser`, which is what LD-1's N = 1..100 needs
    (5,050 turn LPs). The tests hold it to :func:`ferguson_solution`'s values.
    """
    from liarlab.bluff.warm_lp import quiet_highs

    N = check_int("faces", faces, 1, 2000)
    highs = quiet_highs()
    U = np.zeros(N + 1)
    U[N] = -1.0
    for s in range(N - 1, -1, -1):
        U[s] = _turn_value(-U[s + 1:], s, N, highs)
    return U


def _turn_value(accept: np.ndarray, s: int, N: int, highs) -> float:
    """The caller's value of the turn after announcement ``s``: min over the guesser's calls y_b of the mean over
    rolls r of max_b [y_b (+1 if r >= b else -1) + (1 - y_b) accept_b], b = s+1..N.

    A bluff's payoff a_b - y_b (1 + a_b) does not depend on the roll, and a true announcement's a_b + y_b (1 - a_b)
    only on whether r >= b, so a roll's best option is the larger of a prefix maximum over the true announcements
    (P_r, b <= r) and a suffix maximum over the bluffs (S_{r+1}, b > r); every roll r <= s has only bluffs
    (S_{s+1}). Chaining P_r >= P_{r-1} and S_b >= S_{b+1} writes those maxima in 6K rows. Columns: y, P, S, v
    (K each, in announcement order); v_r >= max(P_r, S_{r+1}) is roll r's value."""
    import scipy.sparse as sp

    from liarlab.bluff.warm_lp import _solve_model, highs_model

    K = N - s
    a = np.asarray(accept, dtype=float)
    k = np.arange(K)
    y, P, S, v = k, K + k, 2 * K + k, 3 * K + k
    rows, cols, vals, upper = [], [], [], []

    def add(row_cols, row_vals, bound):
        start, n = len(upper), len(bound)
        for c, w in zip(row_cols, row_vals):
            rows.append(np.arange(start, start + n))
            cols.append(np.asarray(c))
            vals.append(np.broadcast_to(np.asarray(w, dtype=float), (n,)))
        upper.extend(bound)

    add((y, P), (1.0 - a, -1.0), -a)                  # P_b >= a_b + y_b (1 - a_b)
    add((P[:-1], P[1:]), (1.0, -1.0), np.zeros(K - 1))   # P_r >= P_{r-1}
    add((y, S), (-(1.0 + a), -1.0), -a)               # S_b >= a_b - y_b (1 + a_b)
    add((S[1:], S[:-1]), (1.0, -1.0), np.zeros(K - 1))   # S_b >= S_{b+1}
    add((P, v), (1.0, -1.0), np.zeros(K))             # v_r >= P_r
    add((S[1:], v[:-1]), (1.0, -1.0), np.zeros(K - 1))   # v_r >= S_{r+1}
    A = sp.csc_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                      shape=(len(upper), 4 * K))
    cost = np.zeros(4 * K)
    cost[v] = 1.0 / N
    cost[S[0]] += s / N
    lp = highs_model(cost, A, np.r_[np.zeros(K), np.full(3 * K, -np.inf)], np.r_[np.ones(K), np.full(3 * K, np.inf)],
                     np.full(A.shape[0], -np.inf), upper)
    return _solve_model(highs, lp, f"turn LP after announcement {s} of {N}")


def perturbed_strategy(strategy: LiarsDiceStrategy, epsilon: float, rng: np.random.Generator) -> LiarsDiceStrategy:
    """Mix ``strategy`` with a random legal strategy (weight ``epsilon``): a test of the NashConv check."""
    N = strategy.faces
    noise_x = rng.random(strategy.x.shape)
    noise_y = rng.random(strategy.y_bluff.shape)
    legal = np.arange(N)[None, None, :] >= np.arange(N)[:, None, None]  # b-1 >= s
    noise_x = np.where(legal, noise_x, 0.0)
    noise_x /= noise_x.sum(axis=-1, keepdims=True)
    x = (1 - epsilon) * strategy.x + epsilon * noise_x
    y = np.where(legal[:, 0, :], (1 - epsilon) * strategy.y_bluff + epsilon * noise_y, 0.0)
    return LiarsDiceStrategy(N, x, y, label=f"{strategy.label}+noise{epsilon}")


# --- exact certificate -----------------------------------------------------------------------
def certified_ferguson_value(faces: int, max_denominator: int = 10_000) -> Fraction | None:
    """P1(N) as an exact fraction, certified by exact best responses, or None if rounding failed.

    The LP strategies are rounded to nearby fractions; if a best response of either seat against
    the rounded strategy earns exactly the same value, that value is the game's value.
    """
    strat = ferguson_solution(faces).strategy
    N = strat.faces
    x = [[[Fraction(float(v)).limit_denominator(max_denominator) for v in row] for row in strat.x[s]]
         for s in range(N)]
    for s in range(N):
        for r in range(N):
            total = sum(x[s][r])
            x[s][r] = [v / total for v in x[s][r]]
    y = [[Fraction(float(v)).limit_denominator(max_denominator) for v in strat.y_bluff[s]] for s in range(N)]
    best_first = _exact_best_response(N, x, y, seat=1)
    best_second = _exact_best_response(N, x, y, seat=2)
    if best_first != -best_second:
        return None
    return (1 + best_first) / 2


def _exact_best_response(N, x, y, seat):
    truth = [[1 if r >= b else -1 for b in range(1, N + 1)] for r in range(1, N + 1)]
    as_caller = [Fraction(0)] * (N + 1)
    as_guesser = [Fraction(0)] * (N + 1)
    as_caller[N], as_guesser[N] = Fraction(-1), Fraction(1)
    for s in range(N - 1, -1, -1):
        bids = range(s + 1, N + 1)
        total = Fraction(0)
        for r in range(N):
            total += max(y[s][b - 1] * truth[r][b - 1] + (1 - y[s][b - 1]) * as_guesser[b] for b in bids)
        as_caller[s] = total / N
        acc = Fraction(0)
        for b in bids:
            mass = [x[s][r][b - 1] / N for r in range(N)]
            challenge = -sum(m * truth[r][b - 1] for r, m in enumerate(mass))
            acc += max(challenge, sum(mass) * as_caller[b])
        as_guesser[s] = acc
    return as_caller[0] if seat == 1 else as_guesser[0]


# --- Monte Carlo -----------------------------------------------------------------------------
def _cumulative_bids(strategy: LiarsDiceStrategy) -> np.ndarray:
    cum = np.cumsum(strategy.x, axis=-1)
    cum[..., -1] = 1.0  # rounding must never let a draw fall off the end
    return cum


def simulate_liars_dice(first: LiarsDiceStrategy, second: LiarsDiceStrategy, n_games: int,
                        rng: np.random.Generator, chunk: int = 1 << 19, compiled: bool = True) -> int:
    """Play ``n_games`` real games (fresh rolls, sampled announcements and answers); first's wins.

    A chunk of games is played turn by turn: each turn draws every live game's roll, announcement draw and
    answer draw from ``rng`` as three arrays, so memory stays around ``chunk * 50`` bytes. ``compiled``: the
    turn's arithmetic in one numba pass over those draws; ``False``: the numpy reference it is tested against.
    Both consume the same draws in the same order, so they return the same count for the same ``rng``.
    """
    n_games = check_int("n_games", n_games, 0)
    chunk = check_int("chunk", chunk, 1)
    N = first.faces
    cum = np.stack([_cumulative_bids(first), _cumulative_bids(second)]).astype(np.float32)
    ybluff = np.stack([first.y_bluff, second.y_bluff]).astype(np.float32)
    play = _simulate_chunk if compiled else _simulate_chunk_reference
    wins, done = 0, 0
    while done < n_games:
        m = min(chunk, n_games - done)
        wins += play(cum, ybluff, N, m, rng)
        done += m
    return wins


def _simulate_chunk_reference(cum, ybluff, N, m, rng) -> int:
    caller = np.zeros(m, dtype=np.int8)     # 0 = first player, 1 = second
    prev = np.zeros(m, dtype=np.int16)      # previous announcement
    live = np.arange(m)
    first_wins = 0
    for _ in range(N + 1):
        if live.size == 0:
            break
        c, s = caller[live], prev[live]
        stuck = s == N  # the top announcement was accepted: this caller cannot go on and loses
        first_wins += int(np.count_nonzero(stuck & (c == 1)))
        live, c, s = live[~stuck], c[~stuck], s[~stuck]
        roll = rng.integers(0, N, size=live.size)
        u = rng.random(live.size, dtype=np.float32)
        bid = (u[:, None] > cum[c, s, roll]).sum(axis=1) + 1
        bid = np.minimum(bid, N)
        challenged = rng.random(live.size, dtype=np.float32) < ybluff[1 - c, s, bid - 1]
        caller_right = roll + 1 >= bid
        ended = challenged
        first_won = np.where(caller_right, c == 0, c == 1)
        first_wins += int(np.count_nonzero(ended & first_won))
        keep = ~ended
        live = live[keep]
        caller[live] = 1 - c[keep]
        prev[live] = bid[keep]
    return first_wins


def _simulate_chunk(cum, ybluff, N, m, rng) -> int:
    # the live games as compact arrays in the reference's order, so the i-th draw of a turn meets the same game
    caller = np.zeros(m, dtype=np.int8)
    prev = np.zeros(m, dtype=np.int16)
    first_wins = 0
    for _ in range(N + 1):
        if caller.size == 0:
            break
        caller, prev, wins = _drop_stuck(caller, prev, N)
        first_wins += wins
        roll = rng.integers(0, N, size=caller.size)
        u = rng.random(caller.size, dtype=np.float32)
        answer = rng.random(caller.size, dtype=np.float32)
        caller, prev, wins = _play_turn(cum, ybluff, N, caller, prev, roll, u, answer)
        first_wins += wins
    return first_wins


@njit(cache=True)
def _drop_stuck(caller, prev, N):
    """Games whose caller faces the top announcement end (that caller loses); the rest, in order."""
    keep = prev != N
    wins = 0
    for i in range(caller.size):
        if not keep[i] and caller[i] == 1:
            wins += 1
    return caller[keep], prev[keep], wins


@njit(cache=True)
def _play_turn(cum, ybluff, N, caller, prev, roll, u, answer):
    """One turn of every live game from its draws: announce, answer; the games not challenged, in order."""
    n = caller.size
    next_caller = np.empty(n, dtype=np.int8)
    next_prev = np.empty(n, dtype=np.int16)
    kept, wins = 0, 0
    for i in range(n):
        c, s, r = caller[i], prev[i], roll[i]
        bid = 1
        for b in range(N):
            if u[i] > cum[c, s, r, b]:
                bid += 1
        bid = min(bid, N)
        if answer[i] < ybluff[1 - c, s, bid - 1]:
            caller_right = r + 1 >= bid
            if caller_right == (c == 0):
                wins += 1
        else:
            next_caller[kept] = 1 - c
            next_prev[kept] = bid
            kept += 1
    return next_caller[:kept], next_prev[:kept], wins


def ld2_exact_table(faces: int = 6) -> pd.DataFrame:
    """E3 / LD-2, exact part: first-player win probability for every pairing of K and T*."""
    strategies = {"K": ferguson_solution(faces, "K").strategy, "T*": ferguson_solution(faces, "T*").strategy}
    rows = []
    for a, sa in strategies.items():
        for b, sb in strategies.items():
            rows.append({"first": a, "second": b,
                         "exact_first_win": (1 + liars_dice_match_utility(sa, sb)) / 2})
    return pd.DataFrame(rows)


