"""Compiled (numba) training and evaluation of paper 02's players: EXP rules, RAND, EXPRAND and Q-tables.

Same rules as :mod:`liarlab.liardice.rules` in the report's setting (:func:`exp_agents.paper_config`:
k players, five dice each, 30k bids, the first seat opens) and the same decisions as the reference
players in :mod:`exp_agents` and :mod:`qtable`. Actions are ladder indices: bid ``b`` is quantity
``QUANTITY[b]`` of face ``FACE[b] + 1`` on the one bid ladder (:mod:`liarlab.core.bids`); ``n_bids = 30k`` is
the challenge. The legal actions after bid
``b`` are exactly ``b + 1 .. n_bids`` in the report's order, so every list position is an offset.

Q-tables live in dense arrays indexed by :class:`qtable.Layout` (:class:`FastTable`); a ``seen`` byte
per entry counts the entries a dict table would hold (``len(Q)`` of the report).

Randomness: each call seeds numba's generator with a 32-bit seed drawn from the caller's
``numpy.random.Generator``, so results are fixed by that Generator. The decision functions take their
uniform draws as arguments, so the tests compare them with the reference exactly; whole games agree
with the reference in distribution.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

from liarlab.core.bids import bid_ladder
from liarlab.core.reprs import compact_repr
from liarlab.core.seeds import generator
from liarlab.core.validation import check_bool, check_choice, check_int, check_probability, check_real
from liarlab.liardice.exp_agents import EXP0_WINDOW
from liarlab.liardice.qtable import (
    HANDS,
    MAX_HISTORY,
    MAX_PLAYERS,
    N_HANDS,
    RULES,
    Layout,
    QTable,
    hand_ranks,
    load_arrays,
    save_arrays,
)

RAND, EXP0, EXP1, EXP2, EXP3, EXPRAND, QAGENT, EXPRAND_GAME, ALWAYS_CHALLENGE, NEVER_CHALLENGE = range(10)
#: "EXPRAND-game" draws one EXP rule per game instead of per decision (the spec's ablation of RL-random).
#: Two trivial baselines beside the learned tables: "ALWAYS-CHALLENGE" challenges every bid (and opens with the
#: lowest bid, one 1); "NEVER-CHALLENGE" always makes the smallest legal raise (it challenges only the top bid,
#: where no raise is left).
KIND_CODES = {"RAND": RAND, "EXP0": EXP0, "EXP1": EXP1, "EXP2": EXP2, "EXP3": EXP3, "EXPRAND": EXPRAND,
              "EXPRAND-game": EXPRAND_GAME, "ALWAYS-CHALLENGE": ALWAYS_CHALLENGE,
              "NEVER-CHALLENGE": NEVER_CHALLENGE}
RULE_CODES = {r: i for i, r in enumerate(RULES)}
FALLBACK_CODES = {"smallest": 0, "best_face_plus_one": 1}
MAX_K = MAX_PLAYERS
#: the most games one call plays: its per-game records take 8 bytes a game
MAX_GAMES = 100_000_000
# the report's history lengths 1..3, partial and full hand: MAX_HISTORY (liarlab.liardice.qtable)
# The report's bid ladder (bids from one die, faces 1..6) for up to MAX_K players, as arrays the compiled code
# reads (numba freezes them as constants): QUANTITY[b] and FACE[b] (0-based) of bid b, INDEX[q, f] of bid (q, f + 1).
_LADDER = bid_ladder(6, 1, 5 * MAX_K)
QUANTITY = _LADDER.quantities
FACE = _LADDER.face_indices
INDEX = _LADDER.index_table


# ============================================================================ tables

#: layouts with more keys than this are stored in an open-addressing hash table (full hand n >= 2, partial n = 3):
#: a dense array of 141 million (or 554 million) entries would not fit beside the other workers
DENSE_LIMIT = 2_000_000
EMPTY = -1
INITIAL_CAPACITY = 1 << 16   # hash positions of a new hashed table (a power of two)


@dataclass
class FastTable:
    """A Q-table for one :class:`Layout`: ``values`` plus a ``seen`` mask (``len(Q)`` of the report counts the
    seen entries). Small layouts are dense arrays indexed by the layout's key index; large ones
    (``layout.size > DENSE_LIMIT``) are hashed: ``hkeys[p]`` holds the key index stored at position p
    (``EMPTY`` = free), with ``values[p]`` and ``seen[p]`` beside it (linear probing, grown at half load).
    """

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    layout: Layout
    values: np.ndarray = field(default=None)
    seen: np.ndarray = field(default=None)
    games_trained: int = 0
    hkeys: np.ndarray = field(default=None)

    def __post_init__(self):
        if not isinstance(self.layout, Layout):
            raise TypeError(f"layout must be a Layout (liarlab.liardice.Layout), got {type(self.layout).__name__}")
        if self.hkeys is None and self.layout.size > DENSE_LIMIT:
            self.hkeys = np.full(INITIAL_CAPACITY, EMPTY, dtype=np.int64)
        if self.sparse:
            n = len(self.hkeys)
        else:
            n = self.layout.size
        if self.values is None:
            self.values = np.zeros(n, dtype=np.float64)
        if self.seen is None:
            self.seen = np.zeros(n, dtype=np.uint8)

    @property
    def sparse(self) -> bool:
        """Stored in the hash table (decided when the table is made)."""
        return self.hkeys is not None

    @property
    def capacity(self) -> int:
        """Hash positions (0 for a dense table)."""
        return len(self.hkeys) if self.sparse else 0

    @classmethod
    def new(cls, n_players: int = 2, history: int = 1, hand: str = "partial") -> "FastTable":
        check_int("n_players", n_players, 2, MAX_K)
        check_int("history", history, 1, MAX_HISTORY)
        check_choice("hand", hand, HANDS)
        return cls(Layout(n_players, history, hand))

    def __len__(self) -> int:
        return int(self.seen.sum())

    def copy(self) -> "FastTable":
        return FastTable(self.layout, self.values.copy(), self.seen.copy(), self.games_trained,
                         None if self.hkeys is None else self.hkeys.copy())

    def explored_share(self) -> float:
        """``len(Q)`` over the report's key-space size (11,040 partial / 476,280 full for k=2, n=1)."""
        return len(self) / self.layout.report_space_size

    def learned(self) -> tuple[np.ndarray, np.ndarray]:
        """Key indices (sorted) and values of the learned entries."""
        pos = np.flatnonzero(self.seen)
        idx = self.hkeys[pos] if self.sparse else pos
        order = np.argsort(idx, kind="stable")
        return idx[order], self.values[pos][order]

    def lookup(self, indices) -> np.ndarray:
        """Values at key indices (0 where unlearned), vectorised."""
        indices = np.asarray(indices, dtype=np.int64)
        if not self.sparse:
            return self.values[indices]
        return lookup_learned(*self.learned(), indices)

    def grow(self, capacity: int | None = None) -> None:
        """Rehash into ``capacity`` positions (default: twice as many)."""
        if not self.sparse:
            return
        idx, vals = self.learned()
        cap = capacity or 2 * len(self.hkeys)
        while cap < 2 * len(idx) + 2:
            cap *= 2
        self.hkeys = np.full(cap, EMPTY, dtype=np.int64)
        self.values = np.zeros(cap, dtype=np.float64)
        self.seen = np.zeros(cap, dtype=np.uint8)
        _hash_fill(self.hkeys, self.values, self.seen, idx, vals)

    def _put(self, idx: np.ndarray, vals: np.ndarray) -> None:
        if self.sparse:
            self.grow(max(len(self.hkeys), 1 << (int(2 * len(idx) + 2).bit_length())))
            _hash_fill(self.hkeys, self.values, self.seen, np.asarray(idx, np.int64), np.asarray(vals, float))
        else:
            self.values[idx] = vals
            self.seen[idx] = 1

    def to_qtable(self) -> QTable:
        idx, vals = self.learned()
        keys = self.layout.keys_of_indices(idx)
        return QTable.from_arrays(keys, vals, self.layout.n_players, self.layout.history, self.layout.hand)

    @classmethod
    def from_qtable(cls, table: QTable) -> "FastTable":
        fast = cls.new(table.n_players, table.history, table.hand)
        keys = np.array(list(table.values), dtype=np.int64).reshape(len(table.values), fast.layout.key_length)
        fast._put(fast.layout.indices_of_keys(keys), np.array(list(table.values.values()), dtype=np.float64))
        return fast

    def save(self, path, extra: dict | None = None):
        """Checksummed ``.npz`` of the learned entries; ``extra`` (JSON-able) is stored and checked too."""
        idx, vals = self.learned()
        meta = {"format": 1, "n_players": self.layout.n_players, "history": self.layout.history,
                "hand": self.layout.hand, "entries": int(len(idx)), "games_trained": int(self.games_trained),
                "extra": extra or {}}
        return save_arrays(path, self.layout.keys_of_indices(idx), vals, meta)

    @classmethod
    def load(cls, path) -> "FastTable":
        keys, vals, meta = load_arrays(path)
        fast = cls.new(meta["n_players"], meta["history"], meta["hand"])
        fast._put(fast.layout.indices_of_keys(keys), vals)
        fast.games_trained = int(meta.get("games_trained", 0))
        fast.extra = meta.get("extra", {})
        return fast


def lookup_learned(idx: np.ndarray, vals: np.ndarray, indices) -> np.ndarray:
    """Values at key ``indices`` (0 where unlearned) given a table's :meth:`FastTable.learned` arrays: a reader of
    a frozen hashed table sorts its entries once and looks up many times."""
    indices = np.asarray(indices, dtype=np.int64)
    if len(idx) == 0:
        return np.zeros(indices.shape)
    at = np.minimum(np.searchsorted(idx, indices), len(idx) - 1)
    return np.where(idx[at] == indices, vals[at], 0.0)


# ============================================================================ compiled hash positions

@njit(cache=True)
def _hash(idx, mask):
    return ((idx ^ (idx >> 17)) * 0x2545F491) & mask


@njit(cache=True)
def _probe(hkeys, off, cap, idx, claim):
    """Position of key ``idx`` in the table at ``off`` (``off + idx`` when dense). A hashed table probes linearly
    from the key's hash; an unlearned key gives -1, or (``claim``) takes the empty slot it reached."""
    if cap == 0:
        return off + idx
    mask = cap - 1
    p = _hash(idx, mask)
    while True:
        k = hkeys[off + p]
        if k == idx:
            return off + p
        if k == EMPTY:
            if claim:
                hkeys[off + p] = idx
                return off + p
            return -1
        p = (p + 1) & mask


@njit(cache=True)
def _find(hkeys, off, cap, idx):
    """Position of key ``idx``, or -1 when unlearned."""
    return _probe(hkeys, off, cap, idx, False)


@njit(cache=True)
def _slot(hkeys, off, cap, idx):
    """Position of key ``idx``, claimed if new (hashed tables)."""
    return _probe(hkeys, off, cap, idx, True)


@njit(cache=True)
def _read(values, hkeys, off, cap, idx):
    p = _find(hkeys, off, cap, idx)
    return 0.0 if p < 0 else values[p]


@njit(cache=True)
def _hash_fill(hkeys, values, seen, idx, vals):
    cap = len(hkeys)
    for i in range(len(idx)):
        p = _slot(hkeys, 0, cap, idx[i])
        values[p] = vals[i]
        seen[p] = 1


# ============================================================================ compiled decisions

@njit(cache=True)
def _largest(own):
    m = 0
    mf = 0
    for f in range(6):
        if own[f] >= m:
            m = own[f]
            mf = f
    return m, mf          # mf is 0-based


@njit(cache=True)
def _exp_decide(kind, own, last, n_bids, margin, fallback, u, window):
    """One EXP decision; ``last`` = standing bid index (-1 at the opening); ``u`` ~ U[0, 1); ``window``: EXP0's
    number of smallest legal actions (six in the report's code)."""
    lo = last + 1
    n_legal = n_bids - lo + (1 if last >= 0 else 0)
    if kind == EXP0:
        if last >= 0 and own[FACE[last]] + (margin - 1) < QUANTITY[last]:
            return n_bids
        width = min(n_legal - 1, window - 1) + 1
        r = int(u * width)
        if r >= width:
            r = width - 1
        return lo + r
    m, mf = _largest(own)
    if last < 0:
        if kind == EXP2:
            return INDEX[m, mf]
        if kind == EXP3:
            return INDEX[m + 1, mf]
    elif m + (margin - 1) < QUANTITY[last]:
        return n_bids
    for b in range(lo, n_bids):
        if QUANTITY[b] <= own[FACE[b]]:
            return b
    if fallback == 1:
        target = INDEX[m + 1, mf]
        if lo <= target < n_bids:
            return target
    return lo


@njit(cache=True)
def _history_rank(bids, nb, history, binom, offsets):
    j = min(nb, history)
    rank = offsets[j]
    for i in range(j):
        rank += binom[bids[nb - 1 - i], j - i]
    return rank


@njit(cache=True)
def _key_index(rank, own, hand_rank, action, n_bids, full):
    if full:
        return (rank * 252 + hand_rank) * (n_bids + 1) + action
    held = 0 if action == n_bids else own[FACE[action]]
    return (rank * (n_bids + 1) + action) * 6 + held


@njit(cache=True)
def _dense_base(offset, rank, hand_rank, n_bids, full):
    """Start of a state's row in a dense table: key ``a`` sits at ``base + a`` (full hand) or at
    ``base + 6 a + held`` (partial hand), as :func:`_key_index` lays them out."""
    if full:
        return offset + (rank * 252 + hand_rank) * (n_bids + 1)
    return offset + rank * (n_bids + 1) * 6


@njit(cache=True, inline="always")
def _dense_at(values, base, a, own, n_bids, full):
    """The value of action ``a`` in a dense table's state row starting at ``base`` (:func:`_dense_base`)."""
    if full:
        return values[base + a]
    return values[base + 6 * a + (0 if a == n_bids else own[FACE[a]])]


@njit(cache=True)
def _q_greedy(values, hkeys, offset, cap, rank, own, hand_rank, lo, n_bids, full, shuffle, order):
    """Highest value over the legal actions ``lo..n_bids`` (``lo..n_bids-1`` at the opening), ties -> last.

    Each case (dense or hashed, ties shuffled or not) has its own loop: a dense table is read along the state's
    row directly, the same reads in the same order as a key-by-key lookup, and no draw changes (one loop choosing
    at run time between the cases made every read many times slower)."""
    hi = n_bids if lo > 0 else n_bids - 1
    n = hi - lo + 1
    best = lo
    vmax = -999.0
    if not shuffle and cap == 0:
        base = _dense_base(offset, rank, hand_rank, n_bids, full)
        for a in range(lo, hi + 1):
            v = _dense_at(values, base, a, own, n_bids, full)
            if v >= vmax:
                vmax = v
                best = a
        return best
    if not shuffle:
        for a in range(lo, hi + 1):
            v = _read(values, hkeys, offset, cap, _key_index(rank, own, hand_rank, a, n_bids, full))
            if v >= vmax:
                vmax = v
                best = a
        return best
    for i in range(n):
        order[i] = lo + i
    for i in range(n - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        order[i], order[j] = order[j], order[i]
    if cap == 0:
        base = _dense_base(offset, rank, hand_rank, n_bids, full)
        for i in range(n):
            a = order[i]
            v = _dense_at(values, base, a, own, n_bids, full)
            if v >= vmax:
                vmax = v
                best = a
        return best
    for i in range(n):
        a = order[i]
        v = _read(values, hkeys, offset, cap, _key_index(rank, own, hand_rank, a, n_bids, full))
        if v >= vmax:
            vmax = v
            best = a
    return best


@njit(cache=True)
def _q_best_value(values, hkeys, offset, cap, rank, own, hand_rank, lo, n_bids, full):
    hi = n_bids if lo > 0 else n_bids - 1
    vmax = -999.0
    if cap == 0:
        base = _dense_base(offset, rank, hand_rank, n_bids, full)
        for a in range(lo, hi + 1):
            v = _dense_at(values, base, a, own, n_bids, full)
            if v > vmax:
                vmax = v
        return vmax
    for a in range(lo, hi + 1):
        v = _read(values, hkeys, offset, cap, _key_index(rank, own, hand_rank, a, n_bids, full))
        if v > vmax:
            vmax = v
    return vmax


@njit(cache=True)
def _deal(hand, same):
    for f in range(6):
        hand[f] = 0
    if same == 0:
        for _ in range(5):
            hand[np.random.randint(0, 6)] += 1
        return
    hand[np.random.randint(0, 6)] += same
    for _ in range(5 - same):
        d = np.random.randint(0, 6)
        while hand[d] != 0:
            d = np.random.randint(0, 6)
        hand[d] += 1


@njit(cache=True)
def _play(k, n_games, seed, kinds, margins, fallbacks, windows, same, histories, fulls, epsilons, shuffles, offsets_q,
          caps, values, seen, hkeys, learner, rule, alpha, gamma, reward, penalty, rotate, fixed_shift, binom,
          hoff_all, hand_lookup, preset, winner_out, shift_out, length_out, scanned_out, g0, limit, memo, memo_off):
    """Play ``n_games``; lineup slot i sits in seat ``(i + shift) % k`` (shift = (g0 + g) % k if rotating).

    ``learner`` = slot whose table learns (-1 = frozen). ``caps[i]`` = hash capacity of slot i's table (0 =
    dense). Returns (games played, new table entries): play stops before a game once the learner's hashed table
    holds ``limit`` new entries, so that the caller can grow it and go on.
    ``hoff_all[i]`` = history-rank offsets of slot i's layout (row), ``binom`` covers every history.
    ``preset`` (games, k, 6): fixed hands per game and seat instead of dealing (empty = deal).
    ``memo[memo_off[i] + rank * N_HANDS + hand rank]``: slot i's greedy action in that state, -1 until first asked
    (``memo_off[i] = -1``: no memo). Only for a table that does not change during the call and breaks ties without
    draws: its greedy action is then a function of the history rank (which fixes the standing bid) and the hand.
    """
    if seed >= 0:            # a negative seed continues the stream (a hashed table was grown mid-run)
        np.random.seed(seed)
    n_bids = 30 * k
    hands = np.zeros((k, 6), dtype=np.int64)
    hand_rank = np.zeros(k, dtype=np.int64)
    bids = np.zeros(n_bids + 1, dtype=np.int64)
    visited = np.zeros(n_bids + 2, dtype=np.int64)
    order = np.zeros(n_bids + 1, dtype=np.int64)
    slot_of_seat = np.zeros(k, dtype=np.int64)
    game_kind = np.zeros(k, dtype=np.int64)
    created = 0
    for g in range(n_games):
        if created >= limit:
            return g, created
        for i in range(k):
            if kinds[i] == EXPRAND_GAME:
                u = np.random.random()
                game_kind[i] = EXP0 if u <= 0.25 else (EXP1 if u <= 0.5 else (EXP2 if u <= 0.75 else EXP3))
        shift = ((g0 + g) % k) if rotate else fixed_shift
        for i in range(k):
            slot_of_seat[(i + shift) % k] = i
        for s in range(k):
            slot = slot_of_seat[s]
            if preset.shape[0] > 0:
                for f in range(6):
                    hands[s, f] = preset[g, s, f]
            else:
                _deal(hands[s], same[slot])
            code = 0
            p = 1
            for f in range(6):
                code += hands[s, f] * p
                p *= 6
            hand_rank[s] = hand_lookup[code]
        nb = 0
        seat = 0
        n_visited = 0
        pending = -1
        scanned = 0
        while True:
            slot = slot_of_seat[seat]
            kind = kinds[slot]
            last = bids[nb - 1] if nb > 0 else -1
            lo = last + 1
            own = hands[seat]
            if kind == QAGENT:
                rank = _history_rank(bids, nb, histories[slot], binom, hoff_all[slot])
                full = fulls[slot] == 1
                if slot == learner and rule == 1 and pending >= 0:
                    best = _q_best_value(values, hkeys, offsets_q[slot], caps[slot], rank, own, hand_rank[seat], lo,
                                         n_bids, full)
                    p = _slot(hkeys, offsets_q[slot], caps[slot], pending)
                    values[p] += alpha * (gamma * best - values[p])
                    if seen[p] == 0:
                        seen[p] = 1
                        created += 1
                if np.random.random() <= epsilons[slot]:
                    n_legal = n_bids - lo + (1 if nb > 0 else 0)
                    action = lo + np.random.randint(0, n_legal)
                elif memo_off[slot] >= 0:
                    mi = memo_off[slot] + rank * N_HANDS + hand_rank[seat]
                    action = memo[mi]
                    if action < 0:
                        action = _q_greedy(values, hkeys, offsets_q[slot], caps[slot], rank, own, hand_rank[seat], lo,
                                           n_bids, full, False, order)
                        memo[mi] = action
                    scanned += (n_bids if nb > 0 else n_bids - 1) - lo + 1
                else:
                    action = _q_greedy(values, hkeys, offsets_q[slot], caps[slot], rank, own, hand_rank[seat], lo,
                                       n_bids, full, shuffles[slot] == 1, order)
                    scanned += (n_bids if nb > 0 else n_bids - 1) - lo + 1
                idx = _key_index(rank, own, hand_rank[seat], action, n_bids, full)
                if slot == learner:
                    if rule == 2 and pending >= 0:
                        nxt = _read(values, hkeys, offsets_q[slot], caps[slot], idx)
                        p = _slot(hkeys, offsets_q[slot], caps[slot], pending)
                        values[p] += alpha * (gamma * nxt - values[p])
                        if seen[p] == 0:
                            seen[p] = 1
                            created += 1
                    visited[n_visited] = idx
                    n_visited += 1
                    pending = idx
            elif kind == RAND:
                n_legal = n_bids - lo + (1 if nb > 0 else 0)
                action = lo + np.random.randint(0, n_legal)
            elif kind == ALWAYS_CHALLENGE:
                action = n_bids if nb > 0 else lo
            elif kind == NEVER_CHALLENGE:
                action = lo
            else:
                ekind = game_kind[slot] if kind == EXPRAND_GAME else kind
                if kind == EXPRAND:
                    u = np.random.random()
                    ekind = EXP0 if u <= 0.25 else (EXP1 if u <= 0.5 else (EXP2 if u <= 0.75 else EXP3))
                u = np.random.random() if ekind == EXP0 else 0.0
                action = _exp_decide(ekind, own, last, n_bids, margins[slot], fallbacks[slot], u, windows[slot])
            if action == n_bids:
                break
            bids[nb] = action
            nb += 1
            seat = (seat + 1) % k
        # showdown: the challenger (seat) against the bidder just before them
        b = bids[nb - 1]
        total = 0
        for s in range(k):
            total += hands[s, FACE[b]]
        bidder = (seat - 1 + k) % k
        win_seat = bidder if total >= QUANTITY[b] else seat
        win_slot = slot_of_seat[win_seat]
        winner_out[g] = win_slot
        shift_out[g] = shift
        length_out[g] = nb + 1
        scanned_out[g] = scanned
        if learner >= 0:
            r = reward if win_slot == learner else penalty
            off, cap = offsets_q[learner], caps[learner]
            if rule == 0:
                for i in range(n_visited - 1, -1, -1):
                    p = _slot(hkeys, off, cap, visited[i])
                    values[p] += alpha * (gamma * r - values[p])
                    r = values[p]
                    if seen[p] == 0:
                        seen[p] = 1
                        created += 1
            elif pending >= 0:
                p = _slot(hkeys, off, cap, pending)
                values[p] += alpha * (r - values[p])
                if seen[p] == 0:
                    seen[p] = 1
                    created += 1
    return n_games, created


# ============================================================================ Python wrappers

@dataclass
class Player:
    """One lineup slot for the compiled engine: a rule name or a :class:`FastTable`."""

    kind: str | FastTable
    epsilon: float = 0.1
    margin: int | None = None
    honest_fallback: str = "smallest"
    same: int = 0
    do_shuffle: bool = False
    window: int = EXP0_WINDOW         # EXP0's smallest legal actions to draw from (the report's code: six)

    def __post_init__(self):
        if not isinstance(self.kind, FastTable):
            check_choice("kind", self.kind, list(KIND_CODES))
        check_probability("epsilon", self.epsilon)
        check_choice("honest_fallback", self.honest_fallback, list(FALLBACK_CODES))
        check_int("same", self.same, 0, 5)
        if self.margin is not None:
            check_int("margin", self.margin, 1)
        check_int("window", self.window, 1)
        check_bool("do_shuffle", self.do_shuffle)

    @property
    def name(self) -> str:
        return "RL" if isinstance(self.kind, FastTable) else self.kind


def as_player(p) -> Player:
    if isinstance(p, Player):
        return p
    return Player(p)


@dataclass
class MatchResult:
    """Per game: winning lineup slot, seat shift (slot i sat in seat (i + shift) % k), actions incl. challenge."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    winner: np.ndarray
    shift: np.ndarray
    length: np.ndarray
    scanned: np.ndarray
    created: int
    k: int

    def seat_of(self, slot: int) -> np.ndarray:
        return (slot + self.shift) % self.k

    def wins(self, slot: int) -> int:
        return int((self.winner == slot).sum())

    def wins_by_seat(self, slot: int) -> tuple[np.ndarray, np.ndarray]:
        """Wins and games of ``slot`` per seat it sat in."""
        seat = self.seat_of(slot)
        won = self.winner == slot
        return (np.bincount(seat[won], minlength=self.k).astype(np.int64),
                np.bincount(seat, minlength=self.k).astype(np.int64))


_BINOM_CACHE: dict = {}


def _layout_arrays(k: int, histories):
    """One binomial table for every slot and per-slot history-rank offsets."""
    n_bids = 30 * k
    hmax = max(histories) if len(histories) else 1
    key = (k, hmax)
    if key not in _BINOM_CACHE:
        _BINOM_CACHE[key] = Layout(k, hmax, "partial").binomials()
    binom = _BINOM_CACHE[key]
    hoff = np.zeros((len(histories), hmax + 2), dtype=np.int64)
    for i, h in enumerate(histories):
        off = Layout(k, h, "partial").offsets()
        hoff[i, :len(off)] = off
    del n_bids
    return binom, hoff


#: the most memo entries (int16) a call allocates for frozen tables' greedy actions (larger layouts scan every time)
MEMO_LIMIT = 10_000_000


def _greedy_memo(players, learner) -> tuple[np.ndarray, np.ndarray]:
    """Per slot, room for the greedy action of every (history rank, hand) of a frozen table with unshuffled ties
    (:func:`_play`'s ``memo``): evaluation games revisit the same states thousands of times, and a table that
    does not learn answers a state the same way each time, so each state's scan over the legal actions runs once."""
    offs = np.full(len(players), -1, dtype=np.int64)
    size = 0
    for i, p in enumerate(players):
        if isinstance(p.kind, FastTable) and i != learner and not p.do_shuffle:
            n = p.kind.layout.n_histories * N_HANDS
            if size + n <= MEMO_LIMIT:
                offs[i] = size
                size += n
    return np.full(max(size, 1), -1, dtype=np.int16), offs


def play(lineup, n_games: int, rng: np.random.Generator, *, learner: int | None = None, rule: str = "paper",
         alpha: float = 0.2, gamma: float = 0.9, reward: float = 1.0, penalty: float = 0.0,
         seats: str | int = "rotate", hands=None) -> MatchResult:
    """Play ``n_games`` games of the report's k-player game between the players of ``lineup``.

    ``lineup[i]`` is a :class:`Player`, a rule name (``"EXP0"``...) or wraps a :class:`FastTable`.
    ``seats="rotate"``: slot i sits in seat ``(i + g) % k`` in game g (the report's even training);
    an int s: every game uses shift s (slot i in seat ``(i + s) % k``). Seat 0 always opens.
    ``learner``: the slot whose table is trained (the others, tables included, stay frozen).
    ``hands``: optional fixed hands, shape (n_games, k, 6) counts per face by seat (for tests).
    """
    rng = generator(rng)
    n_games = check_int("n_games", n_games, 0, MAX_GAMES)
    players = [as_player(p) for p in lineup]
    k = len(players)
    check_int("number of players", k, 2, MAX_K)
    check_choice("rule", rule, RULES)
    for name, v in (("alpha", alpha), ("gamma", gamma)):
        check_probability(name, v)
    reward, penalty = check_real("reward", reward), check_real("penalty", penalty)
    if seats == "rotate":
        rotate, fixed = True, 0
    else:
        rotate, fixed = False, check_int("seats", seats, 0, k - 1)
    if learner is not None:
        check_int("learner", learner, 0, k - 1)
        if not isinstance(players[learner].kind, FastTable):
            raise ValueError(f"learner slot {learner} holds {players[learner].name}, not a Q-table")
    tables, offsets, caps, size = [], np.zeros(k, dtype=np.int64), np.zeros(k, dtype=np.int64), 0
    learner_table = None
    for i, p in enumerate(players):
        if isinstance(p.kind, FastTable):
            if p.kind.layout.n_players != k:
                raise ValueError(f"slot {i}: a Q-table for {p.kind.layout.n_players} players in a {k}-player game")
            if i == learner:
                learner_table = p.kind
            offsets[i] = size
            caps[i] = p.kind.capacity
            tables.append(p.kind)
            size += len(p.kind.values)
    if len(tables) > 1 and learner is not None:
        raise ValueError("training with more than one Q-table in the lineup is not supported")
    kinds = np.array([QAGENT if isinstance(p.kind, FastTable) else KIND_CODES[p.kind] for p in players], np.int64)
    histories = [p.kind.layout.history if isinstance(p.kind, FastTable) else 1 for p in players]
    fulls = np.array([isinstance(p.kind, FastTable) and p.kind.layout.hand == "full" for p in players], np.int64)
    binom, hoff = _layout_arrays(k, histories)
    if hands is None:
        preset = np.zeros((0, k, 6), dtype=np.int64)
    else:
        preset = np.asarray(hands, dtype=np.int64)
        if preset.shape != (n_games, k, 6) or (preset.sum(axis=2) != 5).any():
            raise ValueError(f"hands must have shape {(n_games, k, 6)} with five dice each, got {preset.shape}")
    _, lookup = hand_ranks()
    memo, memo_off = _greedy_memo(players, learner)
    out = {name: np.zeros(n_games, dtype=dt) for name, dt in
           (("winner", np.int8), ("shift", np.int8), ("length", np.int16), ("scanned", np.int32))}
    done, created = 0, 0
    while True:
        if len(tables) == 1:      # train in place
            values, seen, hkeys = tables[0].values, tables[0].seen, tables[0].hkeys
        elif tables:
            values = np.concatenate([t.values for t in tables])
            seen = np.zeros(size, dtype=np.uint8)
            hkeys = np.concatenate([t.hkeys if t.sparse else np.zeros(len(t.values), np.int64) for t in tables])
        else:
            values, seen = np.zeros(1), np.zeros(1, dtype=np.uint8)
        if not tables or hkeys is None:
            hkeys = np.zeros(1, dtype=np.int64)
        limit = (learner_table.capacity // 2 - len(learner_table)) if learner_table is not None and \
            learner_table.sparse else 2**62
        rest = n_games - done
        played, new = _play(k, rest, int(rng.integers(0, 2**32 - 1)) if done == 0 else -1, kinds,
                            np.array([k if p.margin is None else p.margin for p in players], np.int64),
                            np.array([FALLBACK_CODES[p.honest_fallback] for p in players], np.int64),
                            np.array([p.window for p in players], np.int64), np.array([p.same for p in players], np.int64), np.array(histories, np.int64), fulls,
                            np.array([p.epsilon for p in players], np.float64),
                            np.array([p.do_shuffle for p in players], np.int64), offsets, caps, values, seen, hkeys,
                            -1 if learner is None else learner, RULE_CODES[rule], alpha, gamma, reward, penalty,
                            rotate, fixed, binom, hoff, lookup, preset[done:] if len(preset) else preset,
                            out["winner"][done:], out["shift"][done:], out["length"][done:], out["scanned"][done:],
                            done, max(limit, 1), memo, memo_off)
        done += played
        created += new
        if done >= n_games:
            break
        learner_table.grow()                   # half full: double it and go on with the next game
        caps[learner] = learner_table.capacity
    if learner_table is not None:
        learner_table.games_trained += n_games
    return MatchResult(out["winner"], out["shift"], out["length"], out["scanned"], int(created), k)


def train(table: FastTable, opponents, n_games: int, rng: np.random.Generator, *, epsilon: float = 0.1,
          seats: str | int = "rotate", rule: str = "paper", alpha: float = 0.2, gamma: float = 0.9,
          same=None, do_shuffle: bool = False) -> MatchResult:
    """Train ``table`` in place against ``opponents`` (rule names, k - 1 of them); the table is slot 0.

    ``seats="rotate"`` puts the learner in seat ``g % k`` in game g; an int fixes its seat.
    """
    rng = generator(rng)
    opponents = [opponents] if isinstance(opponents, str) else list(opponents)
    same = same or [0] * (len(opponents) + 1)
    lineup = [Player(table, epsilon=epsilon, same=same[0], do_shuffle=do_shuffle)]
    lineup += [Player(o, same=s) if isinstance(o, str) else o for o, s in zip(opponents, same[1:])]
    return play(lineup, n_games, rng, learner=0, rule=rule, alpha=alpha, gamma=gamma, seats=seats)


def empty_table_size(n_players: int = 2, history: int = 1, hand: str = "partial") -> int:
    """Dense array length (not the report's space size: it includes impossible keys)."""
    return Layout(n_players, history, hand).size


def warm_up() -> None:
    """Compile (or load from the numba cache) before timing anything."""
    rng = np.random.default_rng(0)
    t = FastTable.new(2, 1, "partial")
    train(t, "EXP0", 10, rng)
    play([t, "EXPRAND"], 10, rng)
    play([Player(FastTable.new(3)), "EXP0", "RAND"], 10, rng)
    train(FastTable.new(2, 3, "full"), "EXP0", 10, rng)


__all__ = ["FastTable", "Player", "MatchResult", "play", "train", "warm_up", "lookup_learned", "N_HANDS"]
