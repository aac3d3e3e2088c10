"""The stage-2 agents' decision rules and the Q-learner's features, as small compiled functions.

The same functions serve the registered agents of :mod:`liarlab.cheat.agents` (one decision at a
time, from a :class:`~liarlab.cheat.game.CheatObservation`) and the compiled engine of
:mod:`liarlab.cheat.fast` (millions of games), so an agent means the same thing in both.

A decision of a random agent type (:data:`NEEDS_UNIFORMS`) gets ``N_UNIFORMS`` uniforms and writes the cards to play into ``out`` (counts per rank);
it returns the number of cards, or ``CHALLENGE_CODE`` to challenge the previous player.

Helpers (spec §4): ``have`` = cards of the required rank r; HONEST_MAX plays min(have, max_play) of
them. A held rank c is *less suitable* the longer this player waits before c is required again: the
own-turn distance is the smallest m with r + m * n_players = c (mod n_ranks), unreachable ranks last of
all; ties go to the lower rank. The phase is the level of the own hand: early (level 2), mid (1), late (0).
"""
from __future__ import annotations

import numpy as np
from numba import njit

AGENT_TYPES = ("a", "b", "c", "d", "e", "f", "random", "q", "x")
A, B, C, D, E, F, RANDOM, Q, X = range(9)  # X: the exploiter (type b that takes the hand-emptying line)
CHALLENGE_CODE = -1
N_UNIFORMS = 6
#: which agent types draw uniforms at a decision (a, d and f are deterministic and draw none)
NEEDS_UNIFORMS = np.array([False, True, True, False, True, False, True, True, True])
N_FEATURES = 7
FEATURE_NAMES = ("pile size", "previous player's hand", "previous play size", "smallest hand",
                 "active players", "own lie success", "previous player's lie success")
FEATURE_SETS = {"F5": (5, 3), "F7": (7, 3), "F7-H5": (7, 5)}  # (features used, lie memory H)
ENCODINGS = ("ordinal", "one-hot")
#: numba options of the decision helpers: compiled without reference counting (numba's ``_nrt=False``). The
#: engine calls them millions of times, and every array argument of a compiled call was counted up and down (an
#: atomic operation each way), a quarter of the engine's time; they allocate nothing and keep no array beyond the
#: call (the caller owns every array), so nothing needs counting. A helper that allocated would fail to compile.
NO_REFCOUNTS = {"cache": True, "_nrt": False}


def phi_size(encoding: str = "ordinal") -> int:
    """Length of phi(s): one value per feature (ordinal) or one indicator per feature level (one-hot)."""
    return 3 * N_FEATURES if encoding == "one-hot" else N_FEATURES


@njit(**NO_REFCOUNTS)
def level(x, hand_size):
    """Three levels with thresholds H0/3 and 2 H0/3: 0 if x <= H0/3, 1 if x <= 2 H0/3, else 2."""
    if 3 * x <= hand_size:
        return 0
    if 3 * x <= 2 * hand_size:
        return 1
    return 2


@njit(**NO_REFCOUNTS)
def success_level(record, count, memory):
    """Level of the share of the last ``memory`` lies that went uncaught: <1/3: 0, <2/3: 1, else 2; none: 1."""
    m = min(count, memory)
    if m == 0:
        return 1
    uncaught = 0
    for i in range(count - m, count):
        if record[i] == 0:
            uncaught += 1
    if 3 * uncaught < m:
        return 0
    if 3 * uncaught < 2 * m:
        return 1
    return 2


@njit(**NO_REFCOUNTS)
def caught_recent(record, count, memory):
    """How many of the last ``memory`` lies (or all, if fewer) were caught."""
    m = min(count, memory)
    caught = 0
    for i in range(count - m, count):
        caught += record[i]
    return caught


@njit(cache=True)
def feature_vector(pile_size, previous_hand, previous_play, smallest_hand, own_record, own_count,
                   previous_record, previous_count, hand_size, n_features, memory, out):
    """phi(s): the level of each used feature / 2, divided by the number of features used (spec §5.1).

    Feature 5 (active players) is always 2 in these games and is encoded as level 2: the intercept. When
    ``out`` has 3 slots per feature the encoding is one-hot (spec variant): slot 3 i + level is 1 / d.
    Returns the levels.
    """
    levels = np.empty(N_FEATURES, dtype=np.int64)
    feature_levels(pile_size, previous_hand, previous_play, smallest_hand, own_record, own_count, previous_record,
                   previous_count, hand_size, n_features, memory, levels, out)
    return levels


@njit(**NO_REFCOUNTS)
def feature_levels(pile_size, previous_hand, previous_play, smallest_hand, own_record, own_count, previous_record,
                   previous_count, hand_size, n_features, memory, levels, out):
    """:func:`feature_vector` writing the levels into ``levels`` (the compiled engine's decisions allocate
    nothing)."""
    levels[0] = level(pile_size, hand_size)
    levels[1] = level(previous_hand, hand_size)
    levels[2] = level(previous_play, hand_size)
    levels[3] = level(smallest_hand, hand_size)
    levels[4] = 2
    levels[5] = success_level(own_record, own_count, memory)
    levels[6] = success_level(previous_record, previous_count, memory)
    out[:] = 0.0
    one_hot = out.shape[0] == 3 * N_FEATURES
    for i in range(n_features):
        if one_hot:
            out[3 * i + levels[i]] = 1.0 / n_features
        else:
            out[i] = levels[i] / 2.0 / n_features


@njit(**NO_REFCOUNTS)
def own_turn_distance(c, r, n_players, n_ranks):
    """Own turns until rank c is required again (n_ranks when it never is)."""
    for m in range(n_ranks):
        if (r + m * n_players) % n_ranks == c:
            return m
    return n_ranks


@njit(cache=True)
def least_suitable_order(r, n_players, n_ranks):
    """Ranks from least to most suitable to keep (largest own-turn distance first; ties: lower rank)."""
    order = np.empty(n_ranks, dtype=np.int64)
    dist = np.empty(n_ranks, dtype=np.int64)
    for c in range(n_ranks):
        order[c] = c
        dist[c] = own_turn_distance(c, r, n_players, n_ranks)
    for i in range(1, n_ranks):  # insertion sort, stable
        j = i
        while j > 0 and dist[order[j - 1]] < dist[order[j]]:
            t = order[j - 1]
            order[j - 1] = order[j]
            order[j] = t
            j -= 1
    return order


@njit(**NO_REFCOUNTS)
def ls_same(hand, r, order, limit, out):
    """LS_SAME: up to ``limit`` cards of the single least suitable held rank other than r."""
    for c in order:
        if c != r and hand[c] > 0:
            out[c] = min(hand[c], limit)
            return out[c]
    return 0


@njit(**NO_REFCOUNTS)
def ls_cards(hand, r, order, n, exclude_r, out):
    """LS_CARDS: ``n`` cards taken greedily from the least suitable ranks (r last, or never if excluded)."""
    left = n
    for c in order:
        if left == 0:
            break
        if exclude_r and c == r:
            continue
        take = min(hand[c], left)
        out[c] += take
        left -= take
    return n - left


@njit(**NO_REFCOUNTS)
def ls_one_per_rank(hand, r, order, n, out):
    """LS_ONE_PER_RANK: one card from each of the ``n`` least suitable held ranks other than r."""
    taken = 0
    for c in order:
        if taken == n:
            break
        if c != r and hand[c] > 0:
            out[c] = 1
            taken += 1
    return taken


@njit(**NO_REFCOUNTS)
def random_cards(hand, n, u, start, out):
    """``n`` cards drawn uniformly without replacement from the hand, one uniform each from u[start:]; ``out``
    is zero on entry (the cards left in the hand are ``hand - out``: no copy of the hand per decision)."""
    total = hand.sum()
    for j in range(n):
        idx = min(int(u[start + j] * total), total - 1)
        c = 0
        while idx >= hand[c] - out[c]:
            idx -= hand[c] - out[c]
            c += 1
        out[c] += 1
        total -= 1
    return n


@njit(**NO_REFCOUNTS)
def scripted_decision(kind, hand, r, order, n_ranks, hand_size, max_play, pile_size, caught3, u, out,
                      pending=False):
    """One decision of agent type a..f, random or the exploiter x (spec §4); returns cards played or
    CHALLENGE_CODE.

    ``order`` is :func:`least_suitable_order` for the required rank r (precomputed by the caller). ``pending``:
    the previous play emptied a hand and may be challenged (rules variant); only the exploiter reads it.
    The exploiter X (ours, not the paper's) knows the hand-emptying line: it challenges a pending emptying
    play (accepting it loses at once, so challenging is never worse), plays its whole hand, true or not,
    whenever it holds ``max_play`` cards or fewer, and otherwise plays as type b.
    """
    out[:] = 0
    h = hand.sum()
    if kind == X:
        if pending:
            return CHALLENGE_CODE
        if h <= max_play:
            for c in range(n_ranks):
                out[c] = hand[c]
            return h
        kind = B
    have = hand[r]
    phase = level(h, hand_size)  # 2 early, 1 mid, 0 late
    distinct = 0
    for c in range(n_ranks):
        if c != r and hand[c] > 0:
            distinct += 1
    if kind == RANDOM:
        if pile_size > 0 and u[0] < 0.5:
            return CHALLENGE_CODE
        n = 1 + min(int(u[1] * min(max_play, h)), min(max_play, h) - 1)
        return random_cards(hand, n, u, 2, out)
    if kind == F:
        n = 3 if caught3 <= 1 else (2 if caught3 == 2 else 1)
        return ls_cards(hand, r, order, min(n, max_play, h), False, out)
    if have > 0:
        out[r] = min(have, max_play)
        return out[r]
    if kind == A:
        return ls_same(hand, r, order, max_play, out)
    if kind == B or kind == C:
        if phase == 2:
            if kind == B:
                return ls_same(hand, r, order, max_play, out)
            return ls_one_per_rank(hand, r, order, min(distinct, max_play), out)
        if phase == 1:
            if kind == B:
                for c in order:
                    if c != r and hand[c] > 0:
                        top = min(hand[c], max_play)
                        out[c] = 1 + min(int(u[0] * top), top - 1)
                        return out[c]
            top = min(distinct, max_play)
            n = 1 + min(int(u[0] * top), top - 1)
            return ls_one_per_rank(hand, r, order, n, out)
        if pile_size > 0:
            return CHALLENGE_CODE
        return ls_cards(hand, r, order, 1, False, out)
    if kind == D:
        if pile_size > 0:
            return CHALLENGE_CODE
        return ls_cards(hand, r, order, 1, False, out)
    # kind == E
    if caught3 == 3:
        if pile_size > 0:
            return CHALLENGE_CODE
        return random_cards(hand, 1, u, 0, out)
    n = 3 if caught3 == 0 else (2 if caught3 == 1 else 1)
    return random_cards(hand, min(n, max_play, h), u, 0, out)


@njit(**NO_REFCOUNTS)
def q_legal(hand, r, max_play, pile_size, three_actions, legal):
    """Legal Q actions: 0 CHALLENGE, 1..M TRUTH_n, M+1..2M LIE_n (M = max_play); returns how many.

    With ``three_actions`` (spec §5.2 variant) only CHALLENGE, TRUTH (row 1: as many as possible) and
    LIE (row M+1: LS_SAME(max_play)) exist; the learner no longer picks the number of cards.
    """
    have = hand[r]
    other = hand.sum() - have
    legal[:] = False
    legal[0] = pile_size > 0
    if three_actions:
        legal[1] = have > 0
        legal[max_play + 1] = other > 0
    else:
        for n in range(1, max_play + 1):
            legal[n] = n <= have
            legal[max_play + n] = n <= other
    return legal.sum()


@njit(**NO_REFCOUNTS)
def q_value(weights, a, phi):
    q = 0.0
    for j in range(phi.shape[0]):
        q += weights[a, j] * phi[j]
    return q


@njit(**NO_REFCOUNTS)
def max_q(weights, phi, legal):
    best = -np.inf
    for a in range(legal.shape[0]):
        if legal[a]:
            q = q_value(weights, a, phi)
            if q > best:
                best = q
    return best


@njit(**NO_REFCOUNTS)
def q_choose(weights, phi, legal, epsilon, u):
    """Epsilon-greedy: u[0] < epsilon explores (u[1] picks a legal action), else greedy, ties by u[1]."""
    n_legal = legal.sum()
    if u[0] < epsilon:
        pick = min(int(u[1] * n_legal), n_legal - 1)
        for a in range(legal.shape[0]):
            if legal[a]:
                if pick == 0:
                    return a
                pick -= 1
    best = -np.inf  # max_q and the number of legal actions at it, in one pass (the same comparisons)
    n_best = 0
    for a in range(legal.shape[0]):
        if legal[a]:
            q = q_value(weights, a, phi)
            if q > best:
                best = q
                n_best = 1
            elif q == best:
                n_best += 1
    pick = min(int(u[1] * n_best), n_best - 1)
    for a in range(legal.shape[0]):
        if legal[a] and q_value(weights, a, phi) == best:
            if pick == 0:
                return a
            pick -= 1
    return -1


@njit(**NO_REFCOUNTS)
def q_action_cards(action, hand, r, order, max_play, three_actions, out):
    """The cards of Q action ``action``: TRUTH_n plays n of rank r, LIE_n plays LS_CARDS(n) of the others.

    With ``three_actions``: TRUTH plays min(have, max_play) of rank r, LIE plays LS_SAME(max_play).
    """
    out[:] = 0
    if action == 0:
        return CHALLENGE_CODE
    if action <= max_play:
        n = min(hand[r], max_play) if three_actions else action
        out[r] = n
        return n
    if three_actions:
        return ls_same(hand, r, order, max_play, out)
    return ls_cards(hand, r, order, action - max_play, True, out)


@njit(**NO_REFCOUNTS)
def q_reward(action, n_cards, max_play, last, challenged, lie, pile_size, caught_minus_pile, honest_zero=False):
    """Reward of a settled learner action (spec §5.3): x, doubled for lies.

    ``n_cards`` cards played; ``last``/``challenged``: this play was the one just challenged; ``lie``: the
    challenged play was a lie; ``pile_size`` includes the challenged cards. ``caught_minus_pile`` is the
    E10 variant x = -P for a caught lie (default x = n - P). ``honest_zero``: a truthful play earns 0, challenged
    or not (spec §8.8: the paper lists no reward for an honest play, so x = n / n + P is an interpretation).
    """
    if action == 0:
        return float(pile_size) if lie else -float(pile_size)
    is_lie = action > max_play
    if honest_zero and not is_lie:
        return 0.0
    if last and challenged:
        if is_lie:
            return 2.0 * (-pile_size if caught_minus_pile else n_cards - pile_size)
        return float(n_cards + pile_size)
    return 2.0 * n_cards if is_lie else float(n_cards)


@njit(**NO_REFCOUNTS)
def q_update(weights, phi, action, reward, gamma, alpha, next_phi, next_legal, terminal):
    """theta_a <- theta_a + alpha (R + gamma max_a' Q(s', a') - Q(s, a)) phi(s)."""
    target = reward
    if not terminal:
        target += gamma * max_q(weights, next_phi, next_legal)
    delta = target - q_value(weights, action, phi)
    for j in range(phi.shape[0]):
        weights[action, j] += alpha * delta * phi[j]
