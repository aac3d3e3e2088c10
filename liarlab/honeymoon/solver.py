"""Exact two-hand double-dummy solver for the scoring phase of Honeymoon Bridge.

Two hands of n cards each, all cards visible, one player on lead. Follow suit if able; a trick
goes to the highest trump, else the highest card of the suit led; the winner leads next. The
value of a position is the number of the remaining tricks the player on lead takes under
perfect play by both sides.

Encoding (the thesis's rank-order bit sequence, Figs 3-7/3-8): only the order of the live
cards inside each suit matters, so a suit is stored as one int ``s = (1 << length) | pattern``
where bit ``i`` of ``pattern`` is 1 when the on-lead player holds the ``i``-th lowest live card
of that suit (the sentinel bit records the length). Removing a card is removing a bit, and
when the follower wins the trick the four patterns are complemented so that 1 again means
"on lead" (Figs 3-14..3-16). With this encoding

* equivalent cards (adjacent cards of one player with no live opponent card between them) give
  identical children, so only the top card of each run is expanded;
* a transposition table keyed by the rank-normalised position (trump suit first, side suits
  sorted, Fig 3-9 with ties broken by pattern) is valid for every deal with a trump, so it is
  kept across the tricks of a deal and across deals;
* the search is a boolean "can the leader take >= t tricks?" (a null window on the trick target)
  whose results are stored as lower/upper bounds, plus quick-trick bounds and move ordering.

The search is compiled with numba. :func:`double_dummy_tricks_reference` is an independent
plain minimax over absolute cards, the pure-Python reference the tests compare against.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

import numba
import numpy as np

from liarlab.core.cards import SUITS, card_code, parse_cards, rank_of, suit_of

NO_TRUMP = 4
_SUIT_BITS = 14
_MAX_DEPTH = 16

# ----------------------------------------------------------------------------- lookup tables

_N_SUIT_CODES = 1 << _SUIT_BITS


def _suit_tables():
    length = np.zeros(_N_SUIT_CODES, np.int64)
    ones = np.zeros(_N_SUIT_CODES, np.int64)
    top = np.full(_N_SUIT_CODES, -1, np.int64)   # index of the highest leader card, -1 if none
    ftop = np.full(_N_SUIT_CODES, -1, np.int64)  # index of the highest follower card
    for s in range(1, _N_SUIT_CODES):
        L = s.bit_length() - 1
        p = s & ((1 << L) - 1)
        length[s] = L
        ones[s] = bin(p).count("1")
        for i in range(L - 1, -1, -1):
            if (p >> i) & 1:
                if top[s] < 0:
                    top[s] = i
            elif ftop[s] < 0:
                ftop[s] = i
    # leader's cards above every follower card ("sure winners" in the suit)
    sure = np.zeros(_N_SUIT_CODES, np.int64)
    for s in range(1, _N_SUIT_CODES):
        L = length[s]
        k = 0
        for i in range(L - 1, -1, -1):
            if (s >> i) & 1:
                k += 1
            else:
                break
        sure[s] = k
    return length, ones, top, ftop, sure


LENGTH, ONES, TOP, FTOP, SURE = _suit_tables()

# ----------------------------------------------------------------------------- numba core


@numba.njit(cache=True, inline="always")
def _remove(s, i):
    """Suit code ``s`` without its ``i``-th lowest live card."""
    return ((s >> (i + 1)) << i) | (s & ((1 << i) - 1))


@numba.njit(cache=True)
def _complement(s, length):
    return s ^ ((1 << length[s]) - 1)


@numba.njit(cache=True)
def _key(st, d, trump):
    """Transposition key: trump suit first, side suits sorted (value-preserving canonical form)."""
    a = np.int64(0)
    b = np.int64(0)
    c = np.int64(0)
    e = np.int64(0)
    k = 0
    t = np.int64(0)
    for x in range(4):
        v = st[d, x]
        if x == trump:
            t = v
        else:
            if k == 0:
                a = v
            elif k == 1:
                b = v
            elif k == 2:
                c = v
            else:
                e = v
            k += 1
    # sort the side suits (3 or 4 values) with a tiny network
    if trump == 4:
        if a > b:
            a, b = b, a
        if c > e:
            c, e = e, c
        if a > c:
            a, c = c, a
        if b > e:
            b, e = e, b
        if b > c:
            b, c = c, b
        return (a | (b << 14) | (c << 28) | (e << 42)) | (np.int64(1) << 60)
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return t | (a << 14) | (b << 28) | (c << 42)


@numba.njit(cache=True)
def _hash(key, mask):
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64((h >> np.uint64(20)) & np.uint64(mask))


@numba.njit(cache=True)
def _n_tricks(st, d, ones):
    return ones[st[d, 0]] + ones[st[d, 1]] + ones[st[d, 2]] + ones[st[d, 3]]


@numba.njit(cache=True)
def _quick_tricks(st, d, trump, length, ones, sure):
    """Tricks the leader can cash from the top: a lower bound on the value.

    Without a follower trump, every top card of every suit cashes. Otherwise the leader can cash
    its side-suit winners while the follower still follows suit (min(winners, follower length)),
    then its top trumps; or, holding more top trumps than the follower has trumps, draw them and
    cash every side winner."""
    side_all = 0
    side_safe = 0
    for x in range(4):
        if x == trump:
            continue
        s = st[d, x]
        w = sure[s]
        side_all += w
        f = length[s] - ones[s]
        side_safe += w if w < f else f
    if trump >= 4:
        return side_all
    ts = st[d, trump]
    f_trumps = length[ts] - ones[ts]
    top_trumps = sure[ts]
    if f_trumps == 0 or top_trumps >= f_trumps:
        return top_trumps + side_all
    return top_trumps + side_safe


@numba.njit(cache=True)
def _follower_sure(st, d, trump, length, ones, sure):
    """Follower trumps above all the leader's trumps: each wins a trick whoever leads."""
    if trump >= 4:
        return 0
    ts = st[d, trump]
    # complement: follower's cards become 1s, count its top run
    return sure[ts ^ ((1 << length[ts]) - 1)]


@numba.njit(cache=True)
def _last_trick(st, d, trump, length):
    """Value of a 1-card-each position: 1 if the leader wins the last trick."""
    la = -1
    li = -1
    fa = -1
    fi = -1
    for x in range(4):
        s = st[d, x]
        L = length[s]
        for i in range(L):
            if (s >> i) & 1:
                la = x
                li = i
            else:
                fa = x
                fi = i
    if la == fa:
        return 1 if li > fi else 0
    return 0 if fa == trump else 1


@numba.njit(cache=True)
def _gen_leads(st, d, moves, length, sure):
    """Distinct leads (top card of each run of the leader's cards), ordered: sure winners
    first, then the lowest card of each suit, then the rest. Returns the count; moves hold
    suit * 16 + index."""
    n = 0
    # pass 1: top card of each suit if it beats all follower cards of the suit
    for x in range(4):
        s = st[d, x]
        if sure[s] > 0:
            moves[d, n] = x * 16 + length[s] - 1
            n += 1
    # pass 2: highest run of each suit (not already taken), then pass 3: the other runs
    for x in range(4):
        s = st[d, x]
        L = length[s]
        for i in range(L - 1, -1, -1):
            if (s >> i) & 1:
                if not (sure[s] > 0 and i == L - 1):
                    moves[d, n] = x * 16 + i
                    n += 1
                break
    for x in range(4):
        s = st[d, x]
        L = length[s]
        first = True
        i = L - 1
        while i >= 0:
            if (s >> i) & 1:
                j = i
                while j - 1 >= 0 and (s >> (j - 1)) & 1:
                    j -= 1
                if first:
                    first = False
                else:
                    moves[d, n] = x * 16 + i
                    n += 1
                i = j - 1
            else:
                i -= 1
    return n


@numba.njit(cache=True)
def _gen_replies(st, d, a, li, trump, replies, length, ones):
    """Distinct follower replies to the lead of suit ``a`` index ``li``, ordered: the cheapest
    winner first, then the lowest losers, then the rest."""
    n = 0
    s = st[d, a]
    L = length[s]
    if L - ones[s] > 0:
        # must follow suit: follower cards are the 0 bits; runs are broken by any 1 bit,
        # including the led card itself
        # cheapest winner: lowest follower card above li
        for i in range(li + 1, L):
            if not (s >> i) & 1:
                j = i
                while j + 1 < L and not (s >> (j + 1)) & 1:
                    j += 1
                replies[d, n] = a * 16 + j
                n += 1
                break
        first_w = n
        # lowest loser, then other runs
        i = 0
        while i < L:
            if not (s >> i) & 1:
                j = i
                while j + 1 < L and not (s >> (j + 1)) & 1:
                    j += 1
                code = a * 16 + j
                dup = False
                for k in range(first_w):
                    if replies[d, k] == code:
                        dup = True
                if not dup:
                    replies[d, n] = code
                    n += 1
                i = j + 1
            else:
                i += 1
        return n
    # void: ruff first (lowest trump run), then the lowest card of each side suit, then rest
    if trump < 4 and trump != a:
        t = st[d, trump]
        Lt = length[t]
        for i in range(Lt):
            if not (t >> i) & 1:
                j = i
                while j + 1 < Lt and not (t >> (j + 1)) & 1:
                    j += 1
                replies[d, n] = trump * 16 + j
                n += 1
                break
    first_r = n
    # the lowest card of each suit first (cheap discards), then the other runs
    for rnd in range(2):
        for x in range(4):
            s2 = st[d, x]
            L2 = length[s2]
            i = 0
            k_run = 0
            while i < L2:
                if not (s2 >> i) & 1:
                    j = i
                    while j + 1 < L2 and not (s2 >> (j + 1)) & 1:
                        j += 1
                    if (rnd == 0 and k_run == 0) or (rnd == 1 and k_run > 0):
                        code = x * 16 + j
                        dup = False
                        for k in range(first_r):
                            if replies[d, k] == code:
                                dup = True
                        if not dup:
                            replies[d, n] = code
                            n += 1
                    k_run += 1
                    i = j + 1
                else:
                    i += 1
    return n


@numba.njit(cache=True)
def _child(st, d, a, li, b, fj, trump, length):
    """Write the position after lead (a, li) and reply (b, fj) into row d + 1.
    Returns 1 if the leader won the trick (same perspective), 0 if the follower won (the row
    is complemented so the new leader's cards are the 1 bits)."""
    for x in range(4):
        st[d + 1, x] = st[d, x]
    if a == b:
        s = st[d, a]
        if fj > li:
            s = _remove(_remove(s, fj), li)
            leader_wins = 0
        else:
            s = _remove(_remove(s, li), fj)
            leader_wins = 1
        st[d + 1, a] = s
    else:
        st[d + 1, a] = _remove(st[d, a], li)
        st[d + 1, b] = _remove(st[d, b], fj)
        leader_wins = 0 if b == trump else 1
    if leader_wins == 0:
        for x in range(4):
            v = st[d + 1, x]
            st[d + 1, x] = v ^ ((1 << length[v]) - 1)
    return leader_wins


@numba.njit(cache=True)
def _wins(st, d, t, trump, moves, replies, tt, mask, length, ones, sure, nodes):
    """Can the player on lead in row ``d`` take at least ``t`` of the remaining tricks?"""
    n = _n_tricks(st, d, ones)
    if t <= 0:
        return True
    if t > n:
        return False
    if n == 1:
        return _last_trick(st, d, trump, length) >= t
    q = _quick_tricks(st, d, trump, length, ones, sure)
    if q >= t:
        return True
    if n - _follower_sure(st, d, trump, length, ones, sure) < t:
        return False
    key = _key(st, d, trump)
    h = _hash(key, mask)
    best_move = -1
    if tt[h, 0] == key:
        packed = tt[h, 1]
        lo = packed & 15
        hi = (packed >> 4) & 15
        if lo >= t:
            return True
        if hi < t:
            return False
        best_move = (packed >> 8) - 1
    else:
        lo = q
        hi = n
    nodes[0] += 1
    result = False
    n_leads = _gen_leads(st, d, moves, length, sure)
    if best_move >= 0:
        # the lead that succeeded here before goes first
        for m in range(n_leads):
            if moves[d, m] == best_move:
                moves[d, m] = moves[d, 0]
                moves[d, 0] = best_move
                break
    won_with = -1
    for m in range(n_leads):
        lead = moves[d, m]
        a = lead // 16
        li = lead % 16
        n_rep = _gen_replies(st, d, a, li, trump, replies, length, ones)
        ok = True
        for r in range(n_rep):
            rep = replies[d, r]
            b = rep // 16
            fj = rep % 16
            if _child(st, d, a, li, b, fj, trump, length) == 1:
                good = _wins(st, d + 1, t - 1, trump, moves, replies, tt, mask,
                             length, ones, sure, nodes)
            else:
                good = not _wins(st, d + 1, n - t, trump, moves, replies, tt,
                                 mask, length, ones, sure, nodes)
            if not good:
                ok = False
                break
        if ok:
            result = True
            won_with = lead
            break
    if tt[h, 0] != key:
        tt[h, 0] = key
        old_best = -1
    else:
        old_best = (tt[h, 1] >> 8) - 1
    if won_with >= 0:
        old_best = won_with
    if result:
        if t > lo:
            lo = t
    else:
        if t - 1 < hi:
            hi = t - 1
    tt[h, 1] = lo | (hi << 4) | ((old_best + 1) << 8)
    return result


@numba.njit(cache=True)
def _solve_row(st, d, trump, moves, replies, tt, mask, length, ones, sure, nodes):
    """Exact value of row ``d`` by a sequence of null-window tests on the trick target."""
    n = _n_tricks(st, d, ones)
    if n == 0:
        return 0
    lo = _quick_tricks(st, d, trump, length, ones, sure)
    hi = n - _follower_sure(st, d, trump, length, ones, sure)
    key = _key(st, d, trump)
    h = _hash(key, mask)
    if tt[h, 0] == key:
        if (tt[h, 1] & 15) > lo:
            lo = tt[h, 1] & 15
        if ((tt[h, 1] >> 4) & 15) < hi:
            hi = (tt[h, 1] >> 4) & 15
    while lo < hi:
        t = (lo + hi + 1) // 2
        if _wins(st, d, t, trump, moves, replies, tt, mask, length, ones, sure, nodes):
            lo = t
        else:
            hi = t - 1
    return lo


@numba.njit(cache=True)
def _reply_value(st, d, a, li, b, fj, trump, moves, replies, tt, mask, length, ones,
                 sure, nodes):
    """Leader's tricks (this trick included) after lead (a, li) and reply (b, fj)."""
    n = _n_tricks(st, d, ones)
    if _child(st, d, a, li, b, fj, trump, length) == 1:
        return 1 + _solve_row(st, d + 1, trump, moves, replies, tt, mask, length, ones,
                              sure, nodes)
    return (n - 1) - _solve_row(st, d + 1, trump, moves, replies, tt, mask, length, ones,
                                sure, nodes)


@numba.njit(cache=True)
def _lead_wins(st, d, a, li, t, trump, moves, replies, tt, mask, length, ones, sure,
               nodes):
    """After leading (a, li), can the leader still take >= t tricks (this one included)?"""
    n = _n_tricks(st, d, ones)
    n_rep = _gen_replies(st, d, a, li, trump, replies, length, ones)
    for r in range(n_rep):
        rep = replies[d, r]
        b = rep // 16
        fj = rep % 16
        if _child(st, d, a, li, b, fj, trump, length) == 1:
            good = _wins(st, d + 1, t - 1, trump, moves, replies, tt, mask,
                         length, ones, sure, nodes)
        else:
            good = not _wins(st, d + 1, n - t, trump, moves, replies, tt,
                             mask, length, ones, sure, nodes)
        if not good:
            return False
    return True


@numba.njit(cache=True)
def _lead_value(st, d, a, li, lo, hi, trump, moves, replies, tt, mask, length, ones,
                sure, nodes):
    """Exact tricks after leading (a, li), known to lie in [lo, hi]: null-window tests."""
    while lo < hi:
        t = (lo + hi + 1) // 2
        if _lead_wins(st, d, a, li, t, trump, moves, replies, tt, mask, length,
                      ones, sure, nodes):
            lo = t
        else:
            hi = t - 1
    return lo


# ----------------------------------------------------------------------------- Python layer


def _check_trump(trump) -> int:
    if trump is None:
        return NO_TRUMP
    if isinstance(trump, str) and trump.upper() in SUITS and len(trump) == 1:
        return SUITS.index(trump.upper())
    if isinstance(trump, (int, np.integer)) and not isinstance(trump, bool) and 0 <= int(trump) <= 4:
        return int(trump)
    raise ValueError(f"trump must be one of 'S', 'H', 'D', 'C' or None for no trump, got {trump!r}")


def _as_cards(hand, what: str) -> list[int]:
    hand = list(hand)
    if all(isinstance(c, str) for c in hand):
        return parse_cards(hand, what)
    out = []
    for c in hand:
        if isinstance(c, str):
            out.append(parse_cards([c], what)[0])
        elif isinstance(c, (int, np.integer)) and not isinstance(c, bool) and 0 <= int(c) < 52:
            out.append(int(c))
        else:
            raise ValueError(f"{what}: malformed card {c!r}")
    if len(set(out)) != len(out):
        raise ValueError(f"{what}: a card appears twice")
    return out


def _check_hands(leader, follower) -> tuple[list[int], list[int]]:
    lead = _as_cards(leader, "leader")
    foll = _as_cards(follower, "follower")
    if len(lead) != len(foll):
        raise ValueError(f"leader and follower must hold the same number of cards, got {len(lead)} and "
                         f"{len(foll)}")
    if len(lead) > 13:
        raise ValueError(f"hands hold 0 to 13 cards, got {len(lead)}")
    both = set(lead) & set(foll)
    if both:
        raise ValueError(f"card {card_code(min(both))} is in both hands")
    return lead, foll


def encode(leader: Sequence[int], follower: Sequence[int]) -> np.ndarray:
    """The four suit codes of a position (leader's cards are the 1 bits)."""
    out = np.zeros(4, np.int64)
    for s in range(4):
        live = sorted([(rank_of(c), 1) for c in leader if suit_of(c) == s]
                      + [(rank_of(c), 0) for c in follower if suit_of(c) == s])
        code = 1 << len(live)
        for i, (_, mine) in enumerate(live):
            code |= mine << i
        out[s] = code
    return out


def _index_maps(leader: Sequence[int], follower: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Absolute card -> (suit, index among the live cards of its suit)."""
    live = sorted(set(leader) | set(follower))
    out = {}
    for s in range(4):
        cards = sorted(c for c in live if suit_of(c) == s)
        for i, c in enumerate(cards):
            out[c] = (s, i)
    return out


class DoubleDummy:
    """The compiled solver with its transposition table, kept across tricks and deals.

    ``tt_bits`` sets the table size (2**tt_bits entries, 16 bytes each). The table is keyed by
    the rank-normalised position, so entries stay valid for every later position.
    """

    def __init__(self, tt_bits: int = 18):
        if not isinstance(tt_bits, int) or not 10 <= tt_bits <= 26:
            raise ValueError(f"tt_bits must be an int in 10..26, got {tt_bits!r}")
        self.mask = (1 << tt_bits) - 1
        # one row per entry: (key, lower bound | upper bound << 4 | (best lead + 1) << 8), so a
        # probe touches one cache line
        self.tt = np.full((1 << tt_bits, 2), -1, np.int64)
        self.st = np.zeros((_MAX_DEPTH, 4), np.int64)
        self.moves = np.zeros((_MAX_DEPTH, 64), np.int64)
        self.replies = np.zeros((_MAX_DEPTH, 64), np.int64)
        self.nodes = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.tt[:, 0] = -1

    def _args(self):
        return (self.moves, self.replies, self.tt, self.mask, LENGTH, ONES, SURE,
                self.nodes)

    def tricks(self, leader: Sequence[int], follower: Sequence[int], trump: int) -> int:
        """Tricks the leader takes (card ints, trump 0..3 or 4 = no trump; inputs assumed valid)."""
        self.st[0] = encode(leader, follower)
        return int(_solve_row(self.st, 0, trump, *self._args()))

    def lead_values(self, leader: Sequence[int], follower: Sequence[int], trump: int) -> dict[int, int]:
        """For every card the leader may lead: the tricks it then takes of all remaining (exact,
        one search per distinct lead sharing the table; equivalent cards share a value)."""
        code = encode(leader, follower)
        best = self.tricks(leader, follower, trump)
        out = {}
        for c, (a, j) in self._runs(leader, follower, code, leader_side=True).items():
            if (a, j) not in out:
                self.st[0] = code
                out[(a, j)] = int(_lead_value(self.st, 0, a, j, 0, best, trump, *self._args()))
        return {c: out[aj] for c, aj in self._runs(leader, follower, code, leader_side=True).items()}

    def optimal_leads(self, leader: Sequence[int], follower: Sequence[int], trump: int) -> tuple[int, list[int]]:
        """(value, the leads that keep it): one null-window test per distinct lead, cheaper than
        :meth:`lead_values` when only the best cards are wanted."""
        code = encode(leader, follower)
        best = self.tricks(leader, follower, trump)
        ok: dict[tuple[int, int], bool] = {}
        runs = self._runs(leader, follower, code, leader_side=True)
        for a, j in runs.values():
            if (a, j) not in ok:
                self.st[0] = code
                ok[(a, j)] = bool(_lead_wins(self.st, 0, a, j, best, trump, *self._args()))
        return best, [c for c, aj in runs.items() if ok[aj]]

    def _runs(self, leader, follower, code, leader_side: bool) -> dict[int, tuple[int, int]]:
        """Each card of one side -> (suit, index of the top card of its run of equivalent cards)."""
        index = _index_maps(leader, follower)
        out = {}
        for c in (leader if leader_side else follower):
            a, i = index[c]
            s = int(code[a])
            L = int(LENGTH[s])
            bit = 1 if leader_side else 0
            j = i
            while j + 1 < L and ((s >> (j + 1)) & 1) == bit:
                j += 1
            out[c] = (a, j)
        return out

    def reply_values(self, leader: Sequence[int], follower: Sequence[int], lead: int,
                     trump: int) -> dict[int, int]:
        """After ``leader`` (still holding ``lead``) leads ``lead``: for every legal reply of the
        follower, the tricks the LEADER then takes of all remaining (this trick included)."""
        index = _index_maps(leader, follower)
        code = encode(leader, follower)
        a, li = index[lead]
        legal = [c for c in follower if suit_of(c) == a] or list(follower)
        out = {}
        for c in legal:
            b, fj = index[c]
            self.st[0] = code
            out[c] = int(_reply_value(self.st, 0, a, li, b, fj, trump, *self._args()))
        return out

    def optimal_replies(self, leader: Sequence[int], follower: Sequence[int], lead: int,
                        trump: int) -> tuple[int, list[int]]:
        """(leader's tricks after the best reply, the replies that hold it there): one exact
        search for the first candidate, then null-window tests for the others."""
        index = _index_maps(leader, follower)
        code = encode(leader, follower)
        a, li = index[lead]
        legal = [c for c in follower if suit_of(c) == a] or list(follower)
        n = len(leader)
        best = None
        holds: dict[int, bool] = {}
        for c in legal:
            b, fj = index[c]
            self.st[0] = code
            if best is None:
                best = int(_reply_value(self.st, 0, a, li, b, fj, trump, *self._args()))
                holds[c] = True
                continue
            # can the leader still reach `best` after this reply? if not, this reply is better
            if _reply_reaches(self.st, a, li, b, fj, best, n, trump, self._args()):
                holds[c] = False
            else:
                self.st[0] = code
                best = int(_reply_value(self.st, 0, a, li, b, fj, trump, *self._args()))
                holds = {k: False for k in holds}
                holds[c] = True
                continue
            # equal to best? (the leader cannot reach best + 1)
            self.st[0] = code
            holds[c] = not _reply_reaches(self.st, a, li, b, fj, best + 1, n, trump, self._args())
        return best, [c for c in legal if holds[c]]


def _reply_reaches(st, a, li, b, fj, t, n, trump, args) -> bool:
    """After lead (a, li) and reply (b, fj) from row 0: does the leader take >= t in all?"""
    if _child(st, 0, a, li, b, fj, trump, LENGTH) == 1:
        return bool(_wins(st, 1, t - 1, trump, *args))
    return not bool(_wins(st, 1, n - t, trump, *args))


_DEFAULT: DoubleDummy | None = None


def default_solver() -> DoubleDummy:
    """The process-wide solver (its table persists between calls)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = DoubleDummy()
    return _DEFAULT


def double_dummy_tricks(leader: Iterable, follower: Iterable, trump) -> int:
    """Tricks the player on lead takes when both play perfectly with all cards visible.

    ``leader`` and ``follower`` are iterables of card codes (``"SA"``, ``"HT"``, ``"C2"``) of the
    same size, 0 to 13 cards, no card twice; ``trump`` is ``"S"``, ``"H"``, ``"D"``, ``"C"`` or
    ``None`` for no trump. Bad input raises ValueError naming the problem.
    """
    t = _check_trump(trump)
    lead, foll = _check_hands(leader, follower)
    return default_solver().tricks(lead, foll, t)


# ----------------------------------------------------------------------------- pure-Python reference


def double_dummy_tricks_reference(leader: Iterable, follower: Iterable, trump) -> int:
    """Plain minimax over absolute cards (no pruning, no relabelling): the reference the tests
    compare the compiled solver against. Exponential; use for up to about 7 cards a hand."""
    t = _check_trump(trump)
    lead, foll = _check_hands(leader, follower)
    return _minimax(frozenset(lead), frozenset(foll), t)


@lru_cache(maxsize=1_000_000)
def _minimax(leader: frozenset, follower: frozenset, trump: int) -> int:
    if not leader:
        return 0
    best = -1
    for c in leader:
        follows = [f for f in follower if suit_of(f) == suit_of(c)]
        worst = 99
        for f in (follows or follower):
            if suit_of(f) == suit_of(c):
                leader_wins = rank_of(c) > rank_of(f)
            else:
                leader_wins = suit_of(f) != trump
            rest_l, rest_f = leader - {c}, follower - {f}
            if leader_wins:
                v = 1 + _minimax(rest_l, rest_f, trump)
            else:
                v = len(rest_l) - _minimax(rest_f, rest_l, trump)
            worst = min(worst, v)
        best = max(best, worst)
    return best
