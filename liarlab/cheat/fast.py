"""Compiled engines for both stages, tested for agreement with the rules modules.

Stage 1: :func:`learning_run` plays the lie-profile learner against one personality (with its
simulated games), :func:`position_games` plays fixed catchers. Stage 2: :func:`play_cheat` plays the
modified Cheat game between agent types a..f, random, the exploiter x and the linear-Q learner (learning or
frozen).

Each engine draws uniforms from numba's generator seeded from the caller's Generator, or, when
``uniforms`` is given, reads them in order from that array: in the order the rules module and the
registered agents draw them. The tests feed the same uniforms to both and compare every result.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int, check_probability

from . import policies as pol
from .game import LIE_HISTORY, CheatRules
from .positions import (
    CANDIDATE_STEPS,
    FULL_MASK,
    N_POSITIONS,
    POPCOUNT,
    SIMULATIONS,
    UNIFORM_PLACEMENT_CDF,
    hand_cdf,
    personality_cdf,
)


@njit(cache=True)
def _uniform(u, pos):
    if u.shape[0] == 0:
        return np.random.random()
    x = u[pos[0]]
    pos[0] += 1
    return x


@njit(cache=True)
def _draw_cdf(cdf, x):
    i = np.searchsorted(cdf, x, side="right")
    return min(i, cdf.shape[0] - 1)


GUIDE_BUCKETS = 512


def guide_table(cdf_rows: np.ndarray, buckets: int = GUIDE_BUCKETS) -> np.ndarray:
    """For each row of CDFs, ``guide[j]`` = the first index whose CDF value exceeds j / buckets: a search for a
    uniform x may start at bucket int(x * buckets) - 1 and scan forward (same index as searchsorted, fewer steps)."""
    rows = np.atleast_2d(np.asarray(cdf_rows, dtype=np.float64))
    edges = np.arange(buckets) / buckets
    return np.array([np.minimum(np.searchsorted(r, edges, side="right"), r.shape[0] - 1) for r in rows],
                    dtype=np.int64)


@njit(cache=True)
def _draw_guided(cdf, guide, x):
    """``_draw_cdf(cdf, x)`` (the first index with cdf > x, at most the last), started from the guide table."""
    b = guide.shape[0]
    j = int(x * b) - 1
    i = guide[j] if j > 0 else 0
    n = cdf.shape[0]
    while i < n - 1 and cdf[i] <= x:
        i += 1
    return i


# ============================================================================ stage 1

@njit(cache=True)
def _catch_probabilities(p, k, counts, out):
    total = 0.0
    for i in range(N_POSITIONS):
        total += counts[i]
    for i in range(N_POSITIONS):
        x = p if total == 0 else p + (counts[i] / total - 0.1) * k
        out[i] = min(1.0, max(0.0, x))


@njit(cache=True)
def _catch_and_score(lie0, lie1, learner_probs, opponent_catch, u, pos, popcount):
    """The rest of a game once both lie masks are placed: the learner's catches (position i with
    ``learner_probs[i]``), then the opponent's (each position with ``opponent_catch``), both drawn in position
    order, and the sign of the learner's score minus the opponent's (a caught lie -1, an uncaught one +2, a
    catch of an honest card -1 to the catcher). The real game and the simulated game against a model share it."""
    c0 = 0
    for i in range(N_POSITIONS):
        if _uniform(u, pos) < learner_probs[i]:
            c0 |= 1 << i
    c1 = 0
    for i in range(N_POSITIONS):
        if _uniform(u, pos) < opponent_catch:
            c1 |= 1 << i
    s0 = 2 * popcount[lie0 & ~c1 & FULL_MASK] - popcount[lie0 & c1] - popcount[c0 & ~lie1 & FULL_MASK]
    s1 = 2 * popcount[lie1 & ~c0 & FULL_MASK] - popcount[lie1 & c0] - popcount[c1 & ~lie0 & FULL_MASK]
    d = s0 - s1
    return 1 if d > 0 else (-1 if d < 0 else 0)


@njit(cache=True)
def _position_game(hands, learner_cdf, opponent_cdf, learner_probs, opponent_catch, u, pos, popcount, learner_guide,
                   opponent_guide):
    """One game, learner in seat 0; returns (sign of score difference, opponent's lie mask)."""
    nb0 = _draw_cdf(hands, _uniform(u, pos))
    nb1 = _draw_cdf(hands, _uniform(u, pos))
    lie0 = _draw_guided(learner_cdf[nb0], learner_guide[nb0], _uniform(u, pos))
    lie1 = _draw_guided(opponent_cdf[nb1], opponent_guide[nb1], _uniform(u, pos))
    return _catch_and_score(lie0, lie1, learner_probs, opponent_catch, u, pos, popcount), lie1


@njit(cache=True)
def _model_game(hands, learner_cdf, rates, learner_probs, opponent_catch, u, pos, popcount, learner_guide):
    """A simulated game against the model of the opponent (independent lies at ``rates``); learner's result."""
    nb0 = _draw_cdf(hands, _uniform(u, pos))
    lie0 = _draw_guided(learner_cdf[nb0], learner_guide[nb0], _uniform(u, pos))
    lie1 = 0
    for i in range(N_POSITIONS):
        if _uniform(u, pos) < rates[i]:
            lie1 |= 1 << i
    return _catch_and_score(lie0, lie1, learner_probs, opponent_catch, u, pos, popcount)


@njit(cache=True)
def _learning_run(hands, learner_cdf, opponent_cdf, opponent_catch, n_games, p0, k0, dp, dk, p_max, k_max,
                  n_simulated, search, steps, u, seed, popcount, learner_guide, opponent_guide, model=False):
    if u.shape[0] == 0:
        np.random.seed(seed)
    pos = np.zeros(1, dtype=np.int64)
    counts = np.zeros(N_POSITIONS, dtype=np.int64)
    probs = np.empty(N_POSITIONS)
    outcomes = np.empty(n_games, dtype=np.int64)
    ps = np.empty(n_games)
    ks = np.empty(n_games)
    cand_p = np.empty(9)
    cand_k = np.empty(9)
    points = np.empty(9, dtype=np.int64)
    rates = np.zeros(N_POSITIONS)
    p, k = p0, k0
    for g in range(n_games):
        _catch_probabilities(p, k, counts, probs)
        res, lie1 = _position_game(hands, learner_cdf, opponent_cdf, probs, opponent_catch, u, pos, popcount,
                                   learner_guide, opponent_guide)
        outcomes[g] = res
        for i in range(N_POSITIONS):
            counts[i] += (lie1 >> i) & 1
            rates[i] = counts[i] / (g + 1)
        if search != 2:  # 0: p and k, 1: p only, 2: frozen
            for c in range(9):
                a, b = steps[c, 0], steps[c, 1]
                if search == 1:
                    b = 0
                cand_p[c] = min(p_max, max(0.0, p + a * dp))
                cand_k[c] = min(k_max, max(0.0, k + b * dk))
                _catch_probabilities(cand_p[c], cand_k[c], counts, probs)
                total = 0
                for _ in range(n_simulated):
                    if model:
                        r = _model_game(hands, learner_cdf, rates, probs, opponent_catch, u, pos, popcount,
                                        learner_guide)
                    else:
                        r, _l = _position_game(hands, learner_cdf, opponent_cdf, probs, opponent_catch, u, pos,
                                               popcount, learner_guide, opponent_guide)
                    total += 1 + r
                points[c] = total
            best = points.max()
            n_best = 0
            for c in range(9):
                if points[c] == best:
                    n_best += 1
            pick = min(int(_uniform(u, pos) * n_best), n_best - 1)
            for c in range(9):
                if points[c] == best:
                    if pick == 0:
                        p, k = cand_p[c], cand_k[c]
                        break
                    pick -= 1
        ps[g], ks[g] = p, k
    return outcomes, ps, ks, counts


SEARCHES = {"both": 0, "p-only": 1, "none": 2}
_UNIFORM_GUIDE = guide_table(UNIFORM_PLACEMENT_CDF)
_GUIDES: dict = {}


def _guide(opponent: str, p5_lie_probability: float) -> np.ndarray:
    key = (opponent, float(p5_lie_probability))
    if key not in _GUIDES:
        _GUIDES[key] = guide_table(personality_cdf(opponent, p5_lie_probability))
    return _GUIDES[key]


def learning_run(opponent: str, n_games: int, rng: np.random.Generator | None = None, *, p0: float = 0.5,
                 k0: float = 0.0, dp: float = 0.05, dk: float = 0.5, p_max: float = 1.0, k_max: float = 20.0,
                 n_simulated: int = 10, search: str = "both", catch_probability: float = 0.5,
                 p5_lie_probability: float = 0.3, hand_distribution: str = "binomial", simulate: str = "program",
                 uniforms=None) -> dict:
    """Compiled :func:`liarlab.cheat.positions.play_learning_run` (same arguments, same results);
    ``simulate="model"`` simulates against the learner's model of the personality (spec §8.4)."""
    rng = None if rng is None else generator(rng)  # None: the uniforms are given
    check_int("n_games", n_games, 1)
    check_int("n_simulated", n_simulated, 1)
    check_choice("search", search, SEARCHES)
    catch = check_probability("catch_probability", catch_probability)
    check_probability("p0", p0)
    u, seed = _uniform_source(rng, uniforms)
    opponent_cdf = personality_cdf(opponent, p5_lie_probability)
    out = _learning_run(hand_cdf(hand_distribution), UNIFORM_PLACEMENT_CDF, opponent_cdf, catch, int(n_games),
                        float(p0), float(k0), float(dp), float(dk), float(p_max), float(k_max), int(n_simulated), SEARCHES[search],
                        np.array(CANDIDATE_STEPS, dtype=np.int64), u, seed, POPCOUNT, _UNIFORM_GUIDE,
                        _guide(opponent, p5_lie_probability), check_choice("simulate", simulate, SIMULATIONS) == "model")
    return {"outcomes": out[0], "p": out[1], "k": out[2], "lie_counts": out[3]}


@njit(cache=True)
def _lie_rates(hands, cdf, n_games, u, seed, popcount):
    """Realised lies per position over ``n_games`` placements of one personality."""
    if u.shape[0] == 0:
        np.random.seed(seed)
    pos = np.zeros(1, dtype=np.int64)
    counts = np.zeros(N_POSITIONS, dtype=np.int64)
    per_game = np.empty(n_games, dtype=np.int64)
    for g in range(n_games):
        nb = _draw_cdf(hands, _uniform(u, pos))
        lie = _draw_cdf(cdf[nb], _uniform(u, pos))
        per_game[g] = popcount[lie]
        for i in range(N_POSITIONS):
            counts[i] += (lie >> i) & 1
    return counts, per_game


def personality_lies(name: str, n_games: int, rng: np.random.Generator, p5_lie_probability: float = 0.3,
                     hand_distribution: str = "binomial") -> dict:
    """Lie counts per position and lies per game of personality ``name`` over ``n_games`` deals."""
    rng = generator(rng)
    u, seed = _uniform_source(rng, None)
    counts, per_game = _lie_rates(hand_cdf(hand_distribution), personality_cdf(name, p5_lie_probability),
                                  check_int("n_games", n_games, 1), u, seed, POPCOUNT)
    return {"lie_counts": counts, "lies_per_game": per_game}


def _uniform_source(rng, uniforms):
    if uniforms is not None:
        return np.ascontiguousarray(uniforms, dtype=np.float64), 0
    if rng is None:
        raise ValueError("rng (a numpy Generator) is required unless uniforms are given")
    return np.empty(0), int(rng.integers(2**31 - 1))


# ============================================================================ stage 2

HISTORIES = ("ground-truth", "revealed")  # feature 7 from the engine's lie log, or from turned-over plays only
CAUGHT_LIE = ("n-P", "-P")  # reward of a caught LIE_n: 2 (n - P) (spec) or 2 (-P) (E10 variant)
N_COUNTERS = 12
(PLAYS, LIES, LIES_CAUGHT, CHALLENGES, CHALLENGES_RIGHT, CARDS, DECISIONS, OPPORTUNITIES, DUMPS, EXPRESSIBLE,
 FINAL_CHALLENGES, FINAL_CHALLENGES_RIGHT) = range(N_COUNTERS)
COUNTER_NAMES = ("plays", "lies", "lies_caught", "challenges", "challenges_right", "cards_played", "decisions",
                 "opportunities", "dumps", "dump_expressible", "final_challenges", "final_challenges_right")
# DECISIONS: turns at which the seat acted (play or challenge). OPPORTUNITIES: turns it started with 1..max_play
# cards and a play to make (it can empty its hand in one play; under the modified rules that play cannot be
# challenged, so it wins at once). DUMPS: plays that emptied the hand. EXPRESSIBLE: opportunities at which the
# hand is all of the required rank or all of other ranks (the Q-learner's TRUTH_n / LIE_n can then empty it).
# FINAL_CHALLENGES: challenges of a play that emptied a hand (rules variant only); FINAL_CHALLENGES_RIGHT: those
# that caught a lie (the game goes on).


@njit(cache=True)
def _push_lie(record, count, p, outcome):
    if count[p] < record.shape[1]:
        record[p, count[p]] = outcome
        count[p] += 1
    else:
        for i in range(record.shape[1] - 1):
            record[p, i] = record[p, i + 1]
        record[p, record.shape[1] - 1] = outcome


@njit(cache=True)
def _settle(s, buf_phi, buf_a, buf_legal, buf_r, buf_len, pend_phi, pend_a, pend_r, has_pend, weights,
            gamma, alpha, terminal):
    """Update the buffered transitions of seat s in order; the last waits for s' (or ends the game)."""
    m = buf_len[s]
    for j in range(m - 1):
        pol.q_update(weights[s], buf_phi[s, j], buf_a[s, j], buf_r[s, j], gamma, alpha, buf_phi[s, j + 1],
                     buf_legal[s, j + 1], False)
    if m > 0:
        if terminal:
            pol.q_update(weights[s], buf_phi[s, m - 1], buf_a[s, m - 1], buf_r[s, m - 1], gamma, alpha,
                         buf_phi[s, m - 1], buf_legal[s, m - 1], True)
        else:
            pend_phi[s, :] = buf_phi[s, m - 1]
            pend_a[s] = buf_a[s, m - 1]
            pend_r[s] = buf_r[s, m - 1]
            has_pend[s] = True
    buf_len[s] = 0


@njit(cache=True)
def _play_cheat(types, weights, learn, n_features, memory, alpha, gamma, epsilon, n_players, n_ranks,
                hand_size, max_play, play_cap, winner_leads, three_actions, caught_minus_pile, revealed_only, n_games,
                u, seed, last_challengeable=False):
    if u.shape[0] == 0:
        np.random.seed(seed)
    pos = np.zeros(1, dtype=np.int64)
    n_actions = 1 + 2 * max_play
    hands = np.zeros((n_players, n_ranks), dtype=np.int64)
    pile = np.zeros(n_ranks, dtype=np.int64)
    last_counts = np.zeros(n_ranks, dtype=np.int64)
    out = np.zeros(n_ranks, dtype=np.int64)
    ubuf = np.empty(pol.N_UNIFORMS)
    record = np.zeros((n_players, LIE_HISTORY), dtype=np.int64)
    rec_count = np.zeros(n_players, dtype=np.int64)
    seen = np.zeros((n_players, LIE_HISTORY), dtype=np.int64)  # revealed plays: 1 a lie, 0 honest
    seen_count = np.zeros(n_players, dtype=np.int64)
    n_phi = weights.shape[2]
    phi = np.zeros(n_phi)
    legal = np.zeros(n_actions, dtype=np.bool_)
    bmax = play_cap // n_players + 2
    buf_phi = np.zeros((n_players, bmax, n_phi))
    buf_a = np.zeros((n_players, bmax), dtype=np.int64)
    buf_n = np.zeros((n_players, bmax), dtype=np.int64)
    buf_legal = np.zeros((n_players, bmax, n_actions), dtype=np.bool_)
    buf_r = np.zeros((n_players, bmax))
    buf_len = np.zeros(n_players, dtype=np.int64)
    pend_phi = np.zeros((n_players, n_phi))
    pend_a = np.zeros(n_players, dtype=np.int64)
    pend_r = np.zeros(n_players)
    has_pend = np.zeros(n_players, dtype=np.bool_)
    winners = np.empty(n_games, dtype=np.int64)
    firsts = np.empty(n_games, dtype=np.int64)
    first_opp = np.empty(n_games, dtype=np.int64)
    final_lie = np.zeros(n_games, dtype=np.bool_)
    n_plays = np.empty(n_games, dtype=np.int64)
    counters = np.zeros((n_players, N_COUNTERS), dtype=np.int64)
    q_actions = np.zeros((n_players, n_actions), dtype=np.int64)
    orders = np.empty((n_ranks, n_ranks), dtype=np.int64)
    for r in range(n_ranks):
        orders[r, :] = pol.least_suitable_order(r, n_players, n_ranks)
    for g in range(n_games):
        hands[:, :] = 0
        for p in range(n_players):
            for _ in range(hand_size):
                hands[p, min(int(_uniform(u, pos) * n_ranks), n_ranks - 1)] += 1
        cur = min(int(_uniform(u, pos) * n_players), n_players - 1)
        firsts[g] = cur
        pile[:] = 0
        pile_n = 0
        last_player = -1
        last_n = 0
        last_lie = False
        plays = 0
        rec_count[:] = 0
        seen_count[:] = 0
        winner = -1
        buf_len[:] = 0
        has_pend[:] = False
        pending = False  # the previous play emptied a hand and may be challenged (last_challengeable)
        first_opp[g] = -1
        while True:
            r = plays % n_ranks
            if pol.NEEDS_UNIFORMS[types[cur]]:
                for i in range(pol.N_UNIFORMS):
                    ubuf[i] = _uniform(u, pos)
            hand = hands[cur]
            counters[cur, DECISIONS] += 1
            h_now = hand.sum()
            if not pending and h_now <= max_play:
                counters[cur, OPPORTUNITIES] += 1
                if hand[r] == h_now or hand[r] == 0:
                    counters[cur, EXPRESSIBLE] += 1
                if first_opp[g] < 0:
                    first_opp[g] = cur
            if types[cur] == pol.Q:
                prev = last_player if last_player >= 0 else (cur - 1) % n_players
                smallest = hands[0].sum()
                for p in range(1, n_players):
                    smallest = min(smallest, hands[p].sum())
                if revealed_only:
                    pol.feature_vector(pile_n, hands[prev].sum(), last_n, smallest, record[cur], rec_count[cur],
                                       seen[prev], seen_count[prev], hand_size, n_features, memory, phi)
                else:
                    pol.feature_vector(pile_n, hands[prev].sum(), last_n, smallest, record[cur], rec_count[cur],
                                       record[prev], rec_count[prev], hand_size, n_features, memory, phi)
                pol.q_legal(hand, r, max_play, pile_n, three_actions, legal)
                if learn[cur] and has_pend[cur]:
                    pol.q_update(weights[cur], pend_phi[cur], pend_a[cur], pend_r[cur], gamma, alpha, phi, legal,
                                 False)
                    has_pend[cur] = False
                action = pol.q_choose(weights[cur], phi, legal, epsilon if learn[cur] else 0.0, ubuf)
                q_actions[cur, action] += 1
                if learn[cur]:
                    b = buf_len[cur]
                    buf_phi[cur, b, :] = phi
                    buf_a[cur, b] = action
                    buf_legal[cur, b, :] = legal
                    buf_r[cur, b] = 0.0
                    buf_len[cur] = b + 1
                n = pol.q_action_cards(action, hand, r, orders[r], max_play, three_actions, out)
                if learn[cur]:
                    buf_n[cur, buf_len[cur] - 1] = n
            else:
                caught3 = pol.caught_recent(record[cur], rec_count[cur], 3)
                n = pol.scripted_decision(types[cur], hand, r, orders[r], n_ranks, hand_size, max_play, pile_n,
                                          caught3, ubuf, out, pending)
            if n == pol.CHALLENGE_CODE:
                target = last_player
                size = pile_n
                loser = target if last_lie else cur
                lead = cur if last_lie else target
                for k in range(n_ranks):
                    hands[loser, k] += pile[k]
                    pile[k] = 0
                pile_n = 0
                counters[cur, CHALLENGES] += 1
                if pending:
                    counters[cur, FINAL_CHALLENGES] += 1
                    if last_lie:
                        counters[cur, FINAL_CHALLENGES_RIGHT] += 1
                if last_lie:
                    counters[cur, CHALLENGES_RIGHT] += 1
                    counters[target, LIES_CAUGHT] += 1
                    _push_lie(record, rec_count, target, 1)
                _push_lie(seen, seen_count, target, 1 if last_lie else 0)
                for s in range(n_players):
                    if learn[s] and buf_len[s] > 0:
                        m = buf_len[s]
                        for j in range(m):
                            last = j == m - 1
                            buf_r[s, j] = pol.q_reward(buf_a[s, j], buf_n[s, j], max_play, last,
                                                       last and s == target, last_lie, size, caught_minus_pile)
                        _settle(s, buf_phi, buf_a, buf_legal, buf_r, buf_len, pend_phi, pend_a, pend_r, has_pend,
                                weights, gamma, alpha, False)
                survived = pending and not last_lie
                pending = False
                last_player = -1
                last_n = 0
                last_lie = False
                if survived:  # the play that emptied the target's hand was honest: it wins
                    winner = target
                    break
                cur = lead if winner_leads else cur
                continue
            if pending:  # any other decision accepts the play that emptied the previous player's hand
                winner = last_player
                final_lie[g] = last_lie
                break
            if last_player >= 0 and last_lie:
                _push_lie(record, rec_count, last_player, 0)
            lie = False
            for k in range(n_ranks):
                hands[cur, k] -= out[k]
                pile[k] += out[k]
                last_counts[k] = out[k]
                if k != r and out[k] > 0:
                    lie = True
            pile_n += n
            last_player = cur
            last_n = n
            last_lie = lie
            plays += 1
            counters[cur, PLAYS] += 1
            counters[cur, CARDS] += n
            if lie:
                counters[cur, LIES] += 1
            if n == h_now:
                counters[cur, DUMPS] += 1
            if hands[cur].sum() == 0:
                if last_challengeable:
                    pending = True
                    cur = (cur + 1) % n_players
                    continue
                winner = cur
                final_lie[g] = lie
                break
            if plays >= play_cap:
                break
            cur = (cur + 1) % n_players
        winners[g] = winner
        n_plays[g] = plays
        for s in range(n_players):
            if not learn[s]:
                continue
            m = buf_len[s]
            for j in range(m):
                buf_r[s, j] = pol.q_reward(buf_a[s, j], buf_n[s, j], max_play, False, False, False, 0,
                                           caught_minus_pile)
            if winner == s:
                if m > 0:
                    buf_r[s, m - 1] = 100.0
                elif has_pend[s]:  # its emptying play survived a challenge (last play challengeable)
                    pend_r[s] = 100.0
            elif winner >= 0:
                if m > 0:
                    buf_r[s, m - 1] = -100.0
                elif has_pend[s]:
                    pend_r[s] = -100.0
            if has_pend[s]:
                pol.q_update(weights[s], pend_phi[s], pend_a[s], pend_r[s], gamma, alpha, pend_phi[s], legal, True)
                has_pend[s] = False
            _settle(s, buf_phi, buf_a, buf_legal, buf_r, buf_len, pend_phi, pend_a, pend_r, has_pend, weights,
                    gamma, alpha, True)
    return winners, n_plays, counters, q_actions, firsts, first_opp, final_lie


def play_cheat(agent_types, n_games: int, rng: np.random.Generator | None = None, *,
               rules: CheatRules | None = None, weights=None, learn=None, feature_set: str = "F7",
               alpha: float = 0.7, gamma: float = 0.9, epsilon: float = 0.5, three_actions: bool = False,
               caught_lie: str = "n-P", encoding: str = "ordinal", history: str = "ground-truth",
               uniforms=None) -> dict:
    """Play ``n_games`` of the modified game between ``agent_types`` (one of a..f, random, x, q per seat).

    ``weights`` (seats x actions x 7) hold the Q-learners' weights (zeros if None) and are updated in
    place for seats with ``learn`` set (epsilon-greedy with rate ``epsilon``); other Q seats play greedily
    with frozen weights. ``three_actions``, ``caught_lie="-P"``, ``encoding="one-hot"`` and
    ``history="revealed"`` are the learner variants of spec §7 E10
    (see :class:`liarlab.cheat.agents.QLearner`). ``rules.last_play_challengeable`` makes the play that empties
    a hand challengeable (the next player challenges or accepts; a Q-learner accepts with any non-challenge
    action). Returns winners (-1: the play cap was reached, a draw), plays per game, counters per seat
    (:data:`COUNTER_NAMES`), Q action counts per seat, the weights, each game's first player, the first player
    to start a turn with at most ``max_play`` cards (-1: nobody) and whether the game's winning play was a lie.
    """
    rng = None if rng is None else generator(rng)  # None: the uniforms are given
    rules = rules or CheatRules()
    if rules.deck != "random":
        raise ValueError("the compiled engine plays the modified rules only (deck='random'; the last play may "
                         "be made challengeable); use liarlab.cheat.game.CheatState for the traditional game")
    n = rules.n_players
    types = [check_choice("agent type", t, pol.AGENT_TYPES) for t in agent_types]
    if len(types) != n:
        raise ValueError(f"agent_types must name one agent per seat ({n} players), got {len(types)}")
    n_features, memory = pol.FEATURE_SETS[check_choice("feature_set", feature_set, pol.FEATURE_SETS)]
    n_actions = 1 + 2 * rules.max_play
    shape = (n, n_actions, pol.phi_size(check_choice("encoding", encoding, pol.ENCODINGS)))
    if weights is None:
        weights = np.zeros(shape)
    if weights.shape != shape or weights.dtype != np.float64:
        raise ValueError(f"weights must be a float64 array of shape {shape} ({encoding} encoding)")
    learn = np.zeros(n, dtype=np.bool_) if learn is None else np.asarray(learn, dtype=np.bool_)
    if learn.shape != (n,):
        raise ValueError(f"learn must have one flag per seat ({n}), got {learn!r}")
    check_probability("epsilon", epsilon)
    check_choice("caught_lie", caught_lie, CAUGHT_LIE)
    u, seed = _uniform_source(rng, uniforms)
    codes = np.array([pol.AGENT_TYPES.index(t) for t in types], dtype=np.int64)
    winners, plays, counters, q_actions, firsts, first_opp, final_lie = _play_cheat(
        codes, weights, learn, n_features, memory, float(alpha), float(gamma), float(epsilon), n, rules.n_ranks,
        rules.hand_size, rules.max_play, rules.play_cap, rules.leader_after_challenge == "winner",
        bool(three_actions), caught_lie == "-P", check_choice("history", history, HISTORIES) == "revealed",
        check_int("n_games", n_games, 1), u, seed, bool(rules.last_play_challengeable))
    return {"winners": winners, "plays": plays, "counters": counters, "q_actions": q_actions, "weights": weights,
            "first_players": firsts, "first_opportunity": first_opp, "final_lie": final_lie}


def train_and_test(opponent: str, n_train: int, n_test: int, rng: np.random.Generator, *, feature_set: str = "F7",
                   rules: CheatRules | None = None, alpha: float = 0.7, gamma: float = 0.9,
                   epsilon: float = 0.5, n_small: int = 20, three_actions: bool = False,
                   caught_lie: str = "n-P", encoding: str = "ordinal", history: str = "ground-truth",
                   seat: int = 0, test_rules: CheatRules | None = None) -> dict:
    """Train a fresh Q-learner (in ``seat``) for ``n_train`` games against ``opponent`` in every other seat,
    then test it frozen and greedy for ``n_test`` games (under ``test_rules`` when given, else ``rules``:
    to tell what training under one rule set does from what the rules do at test time). Returns test wins, draws, weights, action counts,
    the wins in the first ``n_small`` test games (the paper's 20-game test), and the test games' audit of the
    hand-emptying line (first-player and first-opportunity wins, lying winning plays, the learner's counters:
    opportunities, dumps, expressible, decisions, challenges and challenges that caught a lie)."""
    rng = generator(rng)
    rules = rules or CheatRules()
    seat = check_int("seat", seat, 0, rules.n_players - 1)
    seats = [opponent] * rules.n_players
    seats[seat] = "q"
    learn = np.zeros(rules.n_players, dtype=np.bool_)
    learn[seat] = True
    weights = np.zeros((rules.n_players, 1 + 2 * rules.max_play, pol.phi_size(encoding)))
    if n_train > 0:
        play_cheat(seats, n_train, rng, rules=rules, weights=weights, learn=learn, feature_set=feature_set,
                   alpha=alpha, gamma=gamma, epsilon=epsilon, three_actions=three_actions, caught_lie=caught_lie,
                   encoding=encoding, history=history)
    test_rules = test_rules or rules
    if test_rules.n_players != rules.n_players or test_rules.max_play != rules.max_play:
        raise ValueError("test_rules must keep the training rules' n_players and max_play (the weights' shape)")
    test = play_cheat(seats, n_test, rng, rules=test_rules, weights=weights, feature_set=feature_set,
                      three_actions=three_actions, encoding=encoding, history=history)
    w = test["winners"]
    decided = w >= 0
    c = test["counters"][seat]
    return {"wins": int((w == seat).sum()), "draws": int((w == -1).sum()), "games": int(n_test),
            "small_wins": int((w[:n_small] == seat).sum()), "small_games": int(min(n_small, n_test)),
            "weights": weights[seat].copy(), "q_actions": test["q_actions"][seat].copy(),
            "mean_plays": float(test["plays"].mean()), "seat": seat,
            "first_player_wins": int((decided & (w == test["first_players"])).sum()),
            "first_opportunity_wins": int((decided & (w == test["first_opportunity"])).sum()),
            "lying_final_plays": int((decided & test["final_lie"]).sum()), "decided": int(decided.sum()),
            "opportunities": int(c[OPPORTUNITIES]), "dumps": int(c[DUMPS]), "expressible": int(c[EXPRESSIBLE]),
            "decisions": int(c[DECISIONS]), "challenges": int(c[CHALLENGES]),
            "challenges_right": int(c[CHALLENGES_RIGHT])}
