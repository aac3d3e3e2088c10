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

Two process-wide solvers: :func:`default_solver` (the thesis's 8-card endgame table; play, and the solver whose
speed E2/E3 report) and :func:`estimate_solver` (the same search reading a 9-card table, for the many sampled deals
of the Monte Carlo estimates; the same exact values).
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from math import comb
from pathlib import Path
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


def _byte_rank(byte: int, below: int, offset: int) -> int:
    """The colex rank's share of one byte whose bits are positions ``offset``.. ``offset + 7`` of the word, with
    ``below`` set bits under it: the sum of comb(position, how many set bits up to it)."""
    total, j = 0, below
    for q in range(8):
        if (byte >> q) & 1:
            j += 1
            total += comb(offset + q, j)
    return total


def _rank_tables():
    """The colex rank of an 18-bit word (sum of C(p, j) over its set bits p, the j-th set bit from the bottom) in
    three lookups: RANK_LO[byte 0] + RANK_HI[ones in byte 0, byte 1] + RANK_TOP[ones in bytes 0-1, byte 2]."""
    lo = np.array([_byte_rank(b, 0, 0) for b in range(256)], np.int64)
    hi = np.array([[_byte_rank(b, k, 8) for b in range(256)] for k in range(9)], np.int64)
    top = np.array([[_byte_rank(b, k, 16) for b in range(256)] for k in range(17)], np.int64)
    ones = np.array([bin(b).count("1") for b in range(256)], np.int64)
    return lo, hi, ones, top


RANK_LO, RANK_HI, BYTE_ONES, RANK_TOP = _rank_tables()

# ----------------------------------------------------------------------------- search configuration

# slots of the int64 configuration array every search function reads (so one compiled search serves the
# production solver and each ablation of E3)
C_EQUIV = 0    # 1: expand one card per run of equivalent cards (Figs 3-17..3-19); 0: every card
C_TT = 1       # 1: transposition table on
C_CUTS = 2     # 1: stop a node's loop as soon as its outcome is decided; 0: search every move
C_QUICK = 3    # 1: quick-trick / sure-trick bounds at every node
C_TABLE = 4    # largest cards-a-hand answered by the endgame table (0: no table)
C_LIMIT = 5    # stop once the node counter exceeds this (0: no limit); C_ABORT is then set to 1
C_ABORT = 6
C_ORDER = 7    # 1: killer moves per depth (a refutation or success found in a sibling is tried first)
N_CFG = 8

# ----------------------------------------------------------------------------- numba core

# Every compiled function here runs with numba's reference counting off (``_nrt=False``): none allocates an array, they
# only read and write the arrays the Python layer owns, and with it on each call (the recursive _wins above all) paid an
# atomic increment and decrement per array argument, about half the search's CPU time. The values and the nodes
# searched are the same.


@numba.njit(cache=True, _nrt=False, inline="always")
def _remove(s, i):
    """Suit code ``s`` without its ``i``-th lowest live card."""
    return ((s >> (i + 1)) << i) | (s & ((1 << i) - 1))


@numba.njit(cache=True, _nrt=False, inline="always")
def _ordered(a, b):
    """The pair in increasing order."""
    if a > b:
        return b, a
    return a, b


@numba.njit(cache=True, _nrt=False, inline="always")
def _sorted_sides(st, d, trump):
    """The suit codes of row ``d`` other than the trump's, in increasing order (a, b, c, e); with a trump
    (``trump`` < 4) there are three and ``e`` is 0."""
    a = np.int64(0)
    b = np.int64(0)
    c = np.int64(0)
    e = np.int64(0)
    k = 0
    for x in range(4):
        if x != trump:
            v = st[d, x]
            if k == 0:
                a = v
            elif k == 1:
                b = v
            elif k == 2:
                c = v
            else:
                e = v
            k += 1
    a, b = _ordered(a, b)
    b, c = _ordered(b, c)
    a, b = _ordered(a, b)
    if trump == 4:
        c, e = _ordered(c, e)
        b, c = _ordered(b, c)
        a, b = _ordered(a, b)
    return a, b, c, e


@numba.njit(cache=True, _nrt=False)
def _key(st, d, trump):
    """Transposition key: trump suit first, side suits sorted (value-preserving canonical form)."""
    a, b, c, e = _sorted_sides(st, d, trump)
    if trump == 4:
        return (a | (b << 14) | (c << 28) | (e << 42)) | (np.int64(1) << 60)
    return st[d, trump] | (a << 14) | (b << 28) | (c << 42)


@numba.njit(cache=True, _nrt=False)
def _tab_index(st, d, trump, n, length, vec, base, binom):
    """Index of a trump position of ``n`` cards a hand in the flat endgame table: its length vector
    (trump; sides sorted by length) times C(2n, n) plus the colex rank of the concatenated 2n-bit
    sequence (trump pattern in the low bits, then the sides)."""
    t = st[d, trump]
    a, b, c, _ = _sorted_sides(st, d, trump)
    lt = length[t]
    la = length[a]
    lb = length[b]
    lc = length[c]
    word = ((t ^ (1 << lt)) | ((a ^ (1 << la)) << lt) | ((b ^ (1 << lb)) << (lt + la))
            | ((c ^ (1 << lc)) << (lt + la + lb)))
    low = word & 255
    mid = (word >> 8) & 255
    # the colex rank (2n <= 18 bits)
    rank = RANK_LO[low] + RANK_HI[BYTE_ONES[low], mid] + RANK_TOP[BYTE_ONES[low] + BYTE_ONES[mid], word >> 16]
    return base[n] + vec[n, lt, la, lb] * binom[2 * n, n] + rank


@numba.njit(cache=True, _nrt=False)
def _hash(key, mask):
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64((h >> np.uint64(20)) & np.uint64(mask))


@numba.njit(cache=True, _nrt=False)
def _n_tricks(st, d, ones):
    return ones[st[d, 0]] + ones[st[d, 1]] + ones[st[d, 2]] + ones[st[d, 3]]


@numba.njit(cache=True, _nrt=False)
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


@numba.njit(cache=True, _nrt=False)
def _follower_sure(st, d, trump, length, ones, sure):
    """Follower trumps above all the leader's trumps: each wins a trick whoever leads."""
    if trump >= 4:
        return 0
    ts = st[d, trump]
    # complement: follower's cards become 1s, count its top run
    return sure[ts ^ ((1 << length[ts]) - 1)]


@numba.njit(cache=True, _nrt=False)
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


@numba.njit(cache=True, _nrt=False)
def _gen_leads(st, d, moves, length, sure, equiv):
    """Distinct leads (top card of each run of the leader's cards, or every card when ``equiv`` is
    0), ordered: sure winners first, then the highest card of each suit, then the rest. Returns the
    count; moves hold suit * 16 + index."""
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
                if equiv == 0:
                    # every other card of the run as a lead of its own
                    for k in range(i - 1, j - 1, -1):
                        moves[d, n] = x * 16 + k
                        n += 1
                i = j - 1
            else:
                i -= 1
    return n


@numba.njit(cache=True, _nrt=False, inline="always")
def _run_top(s, i, L):
    """Index of the highest card of the run of follower cards (0 bits of suit code ``s``, length ``L``) that
    contains index ``i``, counting upward from ``i``."""
    j = i
    while j + 1 < L and not (s >> (j + 1)) & 1:
        j += 1
    return j


@numba.njit(cache=True, _nrt=False, inline="always")
def _first_run_top(s, start, L):
    """Top index of the lowest run of follower cards at or above index ``start``; -1 if there is none."""
    for i in range(start, L):
        if not (s >> i) & 1:
            return _run_top(s, i, L)
    return -1


@numba.njit(cache=True, _nrt=False, inline="always")
def _add_runs(s, L, x, replies, d, n, first, lo_run, hi_run):
    """Append to row ``d`` of ``replies`` (``n`` entries so far) the top card of each run of follower cards
    of suit ``x`` (code ``s``, length ``L``) numbered ``lo_run <= k < hi_run`` from the bottom, skipping
    those already among the first ``first`` entries. Returns the new count."""
    i = 0
    k_run = 0
    while i < L:
        if not (s >> i) & 1:
            j = _run_top(s, i, L)
            if lo_run <= k_run < hi_run:
                code = x * 16 + j
                dup = False
                for k in range(first):
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


@numba.njit(cache=True, _nrt=False)
def _gen_replies(st, d, a, li, trump, replies, length, ones, equiv):
    """Distinct follower replies to the lead of suit ``a`` index ``li`` (or every legal card when
    ``equiv`` is 0), ordered: the cheapest winner first, then the lowest losers, then the rest."""
    n = 0
    s = st[d, a]
    L = length[s]
    if L - ones[s] > 0:
        # must follow suit: follower cards are the 0 bits; runs are broken by any 1 bit,
        # including the led card itself
        if equiv == 0:
            for i in range(li + 1, L):
                if not (s >> i) & 1:
                    replies[d, n] = a * 16 + i
                    n += 1
            for i in range(li):
                if not (s >> i) & 1:
                    replies[d, n] = a * 16 + i
                    n += 1
            return n
        # cheapest winner: lowest follower card above li
        j = _first_run_top(s, li + 1, L)
        if j >= 0:
            replies[d, n] = a * 16 + j
            n += 1
        # lowest loser, then other runs
        return _add_runs(s, L, a, replies, d, n, n, 0, L)
    if equiv == 0:
        for x in range(4):
            s2 = st[d, x]
            for i in range(length[s2]):
                if not (s2 >> i) & 1:
                    replies[d, n] = x * 16 + i
                    n += 1
        return n
    # void: ruff first (lowest trump run), then the lowest card of each side suit, then rest
    if trump < 4 and trump != a:
        t = st[d, trump]
        j = _first_run_top(t, 0, length[t])
        if j >= 0:
            replies[d, n] = trump * 16 + j
            n += 1
    first_r = n
    # the lowest card of each suit first (cheap discards), then the other runs
    for x in range(4):
        n = _add_runs(st[d, x], length[st[d, x]], x, replies, d, n, first_r, 0, 1)
    for x in range(4):
        n = _add_runs(st[d, x], length[st[d, x]], x, replies, d, n, first_r, 1, 16)
    return n


@numba.njit(cache=True, _nrt=False)
def _to_front(moves, d, n, move, pos):
    """Move ``move`` (if present at or after ``pos``) to position ``pos``; returns the next free position."""
    for m in range(pos, n):
        if moves[d, m] == move:
            for k in range(m, pos, -1):
                moves[d, k] = moves[d, k - 1]
            moves[d, pos] = move
            return pos + 1
    return pos


@numba.njit(cache=True, _nrt=False)
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


@numba.njit(cache=True, _nrt=False, inline="always")
def _settled(st, d, t, n, trump, length, cfg, tab, vec, base, binom):
    """What :func:`_wins` answers for row ``d`` (``n`` tricks left) before any search: 1 or 0, or -1 when it
    must search (the child positions of a node are tested here first, which saves a call per leaf)."""
    if t <= 0:
        return 1
    if t > n:
        return 0
    if n == 1:
        return 1 if _last_trick(st, d, trump, length) >= t else 0
    if trump < 4 and n <= cfg[C_TABLE]:
        return 1 if tab[_tab_index(st, d, trump, n, length, vec, base, binom)] >= t else 0
    return -1


@numba.njit(cache=True, _nrt=False)
def _wins(st, d, t, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec, base, binom,
          killers):
    """Can the player on lead in row ``d`` take at least ``t`` of the remaining tricks?"""
    n = _n_tricks(st, d, ones)
    settled = _settled(st, d, t, n, trump, length, cfg, tab, vec, base, binom)
    if settled >= 0:
        return settled == 1
    q = 0
    if cfg[C_QUICK]:
        q = _quick_tricks(st, d, trump, length, ones, sure)
        if q >= t:
            return True
        if n - _follower_sure(st, d, trump, length, ones, sure) < t:
            return False
    use_tt = cfg[C_TT] != 0
    key = np.int64(0)
    h = np.int64(0)
    best_move = -1
    lo = q
    hi = n
    if use_tt:
        key = _key(st, d, trump)
        h = _hash(key, mask)
        if tt[h, 0] == key:
            packed = tt[h, 1]
            lo = packed & 15
            hi = (packed >> 4) & 15
            if lo >= t:
                return True
            if hi < t:
                return False
            best_move = (packed >> 8) - 1
    nodes[0] += 1
    if cfg[C_LIMIT] > 0 and nodes[0] > cfg[C_LIMIT]:
        cfg[C_ABORT] = 1
        return False
    cuts = cfg[C_CUTS] != 0
    equiv = cfg[C_EQUIV]
    result = False
    n_leads = _gen_leads(st, d, moves, length, sure, equiv)
    front = 0
    if best_move >= 0:
        # the lead that succeeded here before goes first
        front = _to_front(moves, d, n_leads, best_move, front)
    if cfg[C_ORDER] and killers[d, 0] >= 0:
        front = _to_front(moves, d, n_leads, killers[d, 0], front)
    won_with = -1
    for m in range(n_leads):
        lead = moves[d, m]
        a = lead // 16
        li = lead % 16
        n_rep = _gen_replies(st, d, a, li, trump, replies, length, ones, equiv)
        if cfg[C_ORDER] and killers[d, 1] >= 0:
            _to_front(replies, d, n_rep, killers[d, 1], 0)
        ok = True
        for r in range(n_rep):
            rep = replies[d, r]
            b = rep // 16
            fj = rep % 16
            if _child(st, d, a, li, b, fj, trump, length) == 1:
                leaf = _settled(st, d + 1, t - 1, n - 1, trump, length, cfg, tab, vec, base, binom)
                if leaf >= 0:
                    good = leaf == 1
                else:
                    good = _wins(st, d + 1, t - 1, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg,
                                 tab, vec, base, binom, killers)
            else:
                leaf = _settled(st, d + 1, n - t, n - 1, trump, length, cfg, tab, vec, base, binom)
                if leaf >= 0:
                    good = leaf == 0
                else:
                    good = not _wins(st, d + 1, n - t, trump, moves, replies, tt, mask, length, ones, sure, nodes,
                                     cfg, tab, vec, base, binom, killers)
            if cfg[C_ABORT]:
                return False
            if not good:
                if ok:
                    killers[d, 1] = rep
                ok = False
                if cuts:
                    break
        if ok:
            if not result:
                won_with = lead
                killers[d, 0] = lead
            result = True
            if cuts:
                break
    if use_tt:
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


@numba.njit(cache=True, _nrt=False)
def _solve_row(st, d, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec, base, binom,
               killers):
    """Exact value of row ``d`` by a sequence of null-window tests on the trick target."""
    n = _n_tricks(st, d, ones)
    if n == 0:
        return 0
    if trump < 4 and n <= cfg[C_TABLE]:
        return np.int64(tab[_tab_index(st, d, trump, n, length, vec, base, binom)])
    lo = 0
    hi = n
    if cfg[C_QUICK]:
        lo = _quick_tricks(st, d, trump, length, ones, sure)
        hi = n - _follower_sure(st, d, trump, length, ones, sure)
    if cfg[C_TT]:
        key = _key(st, d, trump)
        h = _hash(key, mask)
        if tt[h, 0] == key:
            if (tt[h, 1] & 15) > lo:
                lo = tt[h, 1] & 15
            if ((tt[h, 1] >> 4) & 15) < hi:
                hi = (tt[h, 1] >> 4) & 15
    while lo < hi:
        t = (lo + hi + 1) // 2
        ok = _wins(st, d, t, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec, base,
                   binom, killers)
        if cfg[C_ABORT]:
            return -1
        if ok:
            lo = t
        else:
            hi = t - 1
    return lo


@numba.njit(cache=True, _nrt=False)
def _reply_value(st, d, a, li, b, fj, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec,
                 base, binom, killers):
    """Leader's tricks (this trick included) after lead (a, li) and reply (b, fj)."""
    n = _n_tricks(st, d, ones)
    if _child(st, d, a, li, b, fj, trump, length) == 1:
        return 1 + _solve_row(st, d + 1, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec,
                              base, binom, killers)
    return (n - 1) - _solve_row(st, d + 1, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab,
                                vec, base, binom, killers)


@numba.njit(cache=True, _nrt=False)
def _lead_wins(st, d, a, li, t, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec, base,
               binom, killers):
    """After leading (a, li), can the leader still take >= t tricks (this one included)?"""
    n = _n_tricks(st, d, ones)
    n_rep = _gen_replies(st, d, a, li, trump, replies, length, ones, cfg[C_EQUIV])
    for r in range(n_rep):
        rep = replies[d, r]
        b = rep // 16
        fj = rep % 16
        if _child(st, d, a, li, b, fj, trump, length) == 1:
            good = _wins(st, d + 1, t - 1, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab,
                         vec, base, binom, killers)
        else:
            good = not _wins(st, d + 1, n - t, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab,
                             vec, base, binom, killers)
        if not good:
            return False
    return True


@numba.njit(cache=True, _nrt=False)
def _lead_value(st, d, a, li, lo, hi, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec,
                base, binom, killers):
    """Exact tricks after leading (a, li), known to lie in [lo, hi]: null-window tests."""
    while lo < hi:
        t = (lo + hi + 1) // 2
        if _lead_wins(st, d, a, li, t, trump, moves, replies, tt, mask, length, ones, sure, nodes, cfg, tab, vec,
                      base, binom, killers):
            lo = t
        else:
            hi = t - 1
    return lo


# ----------------------------------------------------------------------------- the endgame table


def length_vectors(n: int) -> list[tuple[int, int, int, int]]:
    """(trump length t; side lengths a <= b <= c) with t + a + b + c = 2n (no cap at 13), the thesis's order."""
    out = []
    for t in range(2 * n + 1):
        rest = 2 * n - t
        for a in range(rest + 1):
            for b in range(a, rest - a + 1):
                c = rest - a - b
                if c >= b:
                    out.append((t, a, b, c))
    return out


TABLE_MAX = 9
BINOM = np.array([[comb(i, j) for j in range(2 * TABLE_MAX + 1)] for i in range(2 * TABLE_MAX + 1)], np.int64)


def _table_layout(max_n: int):
    """(vec index array [n, t, a, b], base offset per n, vectors per n) of a table up to ``max_n`` cards."""
    vec = np.full((TABLE_MAX + 1, 2 * TABLE_MAX + 1, 2 * TABLE_MAX + 1, 2 * TABLE_MAX + 1), -1, np.int64)
    base = np.zeros(TABLE_MAX + 2, np.int64)
    vectors = {}
    offset = 0
    for n in range(0, max_n + 1):
        vs = length_vectors(n) if n else [(0, 0, 0, 0)]
        vectors[n] = np.array(vs, np.int64)
        for i, (t, a, b, _c) in enumerate(vs):
            vec[n, t, a, b] = i
        base[n] = offset
        offset += len(vs) * comb(2 * n, n)
    base[max_n + 1] = offset
    return vec, base, vectors


@numba.njit(cache=True, _nrt=False)
def _build_level(n, vectors, tab, vec, base, binom, st, moves, replies, length, ones, sure):
    """Fill level ``n`` of the table: every length vector x every 2n-bit sequence with n ones (Gosper's
    order = colex rank), each by a one-ply search over level n - 1 (suits longer than 13 get -1)."""
    seqs = binom[2 * n, n]
    for vi in range(vectors.shape[0]):
        t = vectors[vi, 0]
        a = vectors[vi, 1]
        b = vectors[vi, 2]
        c = vectors[vi, 3]
        start = base[n] + vi * seqs
        if t > 13 or a > 13 or b > 13 or c > 13:
            for r in range(seqs):
                tab[start + r] = -1
            continue
        word = (np.int64(1) << n) - 1
        for r in range(seqs):
            st[0, 0] = (np.int64(1) << t) | (word & ((1 << t) - 1))
            st[0, 1] = (np.int64(1) << a) | ((word >> t) & ((1 << a) - 1))
            st[0, 2] = (np.int64(1) << b) | ((word >> (t + a)) & ((1 << b) - 1))
            st[0, 3] = (np.int64(1) << c) | ((word >> (t + a + b)) & ((1 << c) - 1))
            best = -1
            n_leads = _gen_leads(st, 0, moves, length, sure, 1)
            for m in range(n_leads):
                lead = moves[0, m]
                la = lead // 16
                li = lead % 16
                n_rep = _gen_replies(st, 0, la, li, 0, replies, length, ones, 1)
                worst = n
                for k in range(n_rep):
                    rep = replies[0, k]
                    if _child(st, 0, la, li, rep // 16, rep % 16, 0, length) == 1:
                        v = 1
                        if n > 1:
                            v += tab[_tab_index(st, 1, 0, n - 1, length, vec, base, binom)]
                    else:
                        v = n - 1
                        if n > 1:
                            v -= tab[_tab_index(st, 1, 0, n - 1, length, vec, base, binom)]
                    if v < worst:
                        worst = v
                        if worst <= best:
                            break
                if worst > best:
                    best = worst
                    if best == n:
                        break
            tab[start + r] = best
            # Gosper's hack: the next larger word with the same number of ones
            u = word & -word
            v2 = word + u
            word = v2 | (((v2 ^ word) // u) >> 2)


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
    lead = 0
    for c in leader:
        lead |= 1 << int(c)
    both = lead
    for c in follower:
        both |= 1 << int(c)
    codes = [0, 0, 0, 0]
    for s in range(4):
        # the suit's live cards from the lowest rank up (card = 13 * suit + rank): bit i is the i-th of them
        live = (both >> (13 * s)) & 0x1FFF
        mine = (lead >> (13 * s)) & 0x1FFF
        code = 0
        i = 0
        while live:
            low = live & -live
            if mine & low:
                code |= 1 << i
            i += 1
            live ^= low
        codes[s] = code | (1 << i)
    return np.array(codes, np.int64)


def encode_many(leaders, followers) -> np.ndarray:
    """Suit codes of many positions at once: (k, n) card ints each side -> (k, 4)."""
    leaders = np.asarray(leaders, np.int64)
    followers = np.asarray(followers, np.int64)
    k = len(leaders)
    live = np.zeros((k, 52), bool)
    mine = np.zeros((k, 52), bool)
    rows = np.arange(k)[:, None]
    live[rows, leaders] = True
    live[rows, followers] = True
    mine[rows, leaders] = True
    live = live.reshape(k, 4, 13)
    mine = mine.reshape(k, 4, 13)
    # index of each live card among the live cards of its suit (from the bottom)
    pos = np.cumsum(live, axis=2) - 1
    pattern = np.where(mine, np.left_shift(1, np.clip(pos, 0, 13)), 0).sum(axis=2)
    length = live.sum(axis=2)
    return (np.left_shift(1, length) | pattern).astype(np.int64)


def _index_maps(leader: Sequence[int], follower: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Absolute card -> (suit, index among the live cards of its suit)."""
    out = {}
    count = [0, 0, 0, 0]
    # card = 13 * suit + rank: in increasing order the cards of a suit come together, from its lowest rank up
    for c in sorted(set(leader) | set(follower)):
        s = int(c) // 13
        out[c] = (s, count[s])
        count[s] += 1
    return out


DEFAULT_TABLE_N = 8
# the Monte Carlo estimates' solver reads positions of up to 9 cards a hand from the table (13.3 million more entries,
# about 11 CPU s to build, once: :func:`stored_endgame_table`): the same exact values with about 2.4 times fewer nodes searched
ESTIMATE_TABLE_N = 9
_TABLES: dict = {}


def endgame_table(max_n: int = DEFAULT_TABLE_N):
    """The thesis's endgame table, built bottom-up (each entry one ply over the level below): every trump
    position of 1..``max_n`` cards a hand, for every length vector (trump; sides sorted, suits longer than
    13 included as -1) and every 2n-bit sequence. Returns (flat int8 values, vec index array, base offsets,
    vectors per n); built once per process and shared."""
    if not isinstance(max_n, int) or not 0 <= max_n <= TABLE_MAX:
        raise ValueError(f"max_n must be an int in 0..{TABLE_MAX}, got {max_n!r}")
    for have in sorted(_TABLES):
        if have >= max_n:
            return _TABLES[have]
    vec, base, vectors = _table_layout(max_n)
    tab = np.zeros(max(int(base[max_n + 1]), 1), np.int8)
    st = np.zeros((_MAX_DEPTH, 4), np.int64)
    moves = np.zeros((_MAX_DEPTH, 64), np.int64)
    replies = np.zeros((_MAX_DEPTH, 64), np.int64)
    # a smaller table built before is this one's lower levels (the layout of a level does not depend on the top):
    # they are copied, only the levels above are built
    done = max(_TABLES, default=0)
    if done:
        tab[:int(base[done + 1])] = _TABLES[done][0][:int(base[done + 1])]
    for n in range(done + 1, max_n + 1):
        _build_level(n, vectors[n], tab, vec, base, BINOM, st, moves, replies, LENGTH, ONES, SURE)
    _TABLES[max_n] = (tab, vec, base, vectors)
    return _TABLES[max_n]


def stored_endgame_table(max_n: int = DEFAULT_TABLE_N, folder: str | os.PathLike | None = None):
    """:func:`endgame_table` (the same values), read from a file that the first process to need it built and wrote:
    the solvers' tables are the same in every process, and the 9-card one costs about 11 CPU s to build, which every
    joblib worker and kernel of a run would otherwise pay. The file sits beside numba's compiled code (``folder``:
    ``NUMBA_CACHE_DIR`` or this package's ``__pycache__``), is named by a hash of this module's source (an edit to the
    search or the layout builds anew) and ends with a SHA-256 of the values (a damaged file is rebuilt). A process
    that finds another building it waits on a lock instead of building it too. Without a writable folder it is
    built in memory."""
    if not isinstance(max_n, int) or not 0 <= max_n <= TABLE_MAX:
        raise ValueError(f"max_n must be an int in 0..{TABLE_MAX}, got {max_n!r}")
    for have in sorted(_TABLES):
        if have >= max_n:
            return _TABLES[have]
    if folder is None:
        folder = os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).with_name("__pycache__")
    source = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    path = Path(folder) / f"endgame_table-{max_n}-{source}.bin"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.with_suffix(".lock"), "a+b")
    except OSError:
        return endgame_table(max_n)
    with lock:
        try:
            import fcntl
            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:   # no POSIX locks: two processes may both build it (each write is atomic)
            pass
        vec, base, vectors = _table_layout(max_n)
        tab = _read_table(path, max(int(base[max_n + 1]), 1))
        if tab is not None:
            _TABLES[max_n] = (tab, vec, base, vectors)
            return _TABLES[max_n]
        table = endgame_table(max_n)
        values = table[0]
        partial = path.with_suffix(f".{os.getpid()}.part")
        try:
            with open(partial, "wb") as f:
                f.write(values.tobytes())
                f.write(hashlib.sha256(values.tobytes()).digest())
            os.replace(partial, path)
            for stale in path.parent.glob(f"endgame_table-{max_n}-*.bin"):   # earlier versions of this module's
                if stale != path:
                    stale.unlink(missing_ok=True)
        except OSError:
            partial.unlink(missing_ok=True)
        return table


def _read_table(path: Path, size: int) -> np.ndarray | None:
    """The ``size`` int8 values stored at ``path`` (a writable array), or None if the file is missing, short or its
    checksum fails."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) != size + 32 or hashlib.sha256(data[:size]).digest() != data[size:]:
        return None
    tab = np.empty(size, np.int8)
    tab[:] = np.frombuffer(data, np.int8, count=size)
    return tab


def forget_endgame_tables() -> None:
    """Drop the endgame tables this process has built, so that the next :func:`endgame_table` builds from nothing
    (how notebook 03's E4 times a build; every later search rebuilds what it needs)."""
    _TABLES.clear()


def table_value(table, leader_code: Sequence[int], trump: int) -> int:
    """The table's entry for a position given by its four suit codes (trump 0..3), -1 if absent."""
    tab, vec, base, _ = table
    st = np.zeros((1, 4), np.int64)
    st[0] = leader_code
    n = int(sum(ONES[int(s)] for s in leader_code))
    if n == 0:
        return 0
    return int(tab[_tab_index(st, 0, int(trump), n, LENGTH, vec, base, BINOM)])


def table_position(table, n: int, index: int) -> tuple[np.ndarray, int]:
    """Decode entry ``index`` (counted within level ``n``) of the endgame table: (the four suit codes with
    the trump as suit 0, the stored value)."""
    tab, vec, base, vectors = table
    seqs = comb(2 * n, n)
    vi, r = divmod(int(index), seqs)
    t, a, b, c = (int(x) for x in vectors[n][vi])
    word = 0
    for k in range(n, 0, -1):   # colex unranking
        p = k - 1
        while comb(p + 1, k) <= r:
            p += 1
        word |= 1 << p
        r -= comb(p, k)
    code = np.array([(1 << t) | (word & ((1 << t) - 1)), (1 << a) | ((word >> t) & ((1 << a) - 1)),
                     (1 << b) | ((word >> (t + a)) & ((1 << b) - 1)),
                     (1 << c) | ((word >> (t + a + b)) & ((1 << c) - 1))], np.int64)
    return code, int(tab[int(base[n]) + int(index)])


def decode(code: Sequence[int]) -> tuple[list[int], list[int]]:
    """Absolute hands (the top ranks of each suit) of a position given by its four suit codes."""
    leader, follower = [], []
    for s in range(4):
        c = int(code[s])
        length = c.bit_length() - 1
        for i in range(length):
            card = s * 13 + (13 - length) + i
            (leader if (c >> i) & 1 else follower).append(card)
    return leader, follower


class DoubleDummy:
    """The compiled solver with its transposition table, kept across tricks and deals.

    ``tt_bits`` sets the table size (2**tt_bits entries, 16 bytes each). The table is keyed by
    the rank-normalised position, so entries stay valid for every later position. ``table_n``:
    positions of at most that many cards a hand (trump contracts) are read from the endgame table
    (:func:`stored_endgame_table`: built once, read by every later process). The switches turn single techniques off for the
    ablations (equivalent-card pruning, the transposition table, cuts, quick tricks, killer moves);
    ``node_limit`` > 0 stops a solve after that many nodes (the result is then -1).
    """

    def __init__(self, tt_bits: int = 18, table_n: int = DEFAULT_TABLE_N, equivalence: bool = True,
                 transposition: bool = True, cuts: bool = True, quick_tricks: bool = True, killers: bool = False,
                 node_limit: int = 0):
        if not isinstance(tt_bits, int) or not 10 <= tt_bits <= 26:
            raise ValueError(f"tt_bits must be an int in 10..26, got {tt_bits!r}")
        if not isinstance(table_n, int) or not 0 <= table_n <= TABLE_MAX:
            raise ValueError(f"table_n must be an int in 0..{TABLE_MAX}, got {table_n!r}")
        self.mask = (1 << tt_bits) - 1
        # one row per entry: (key, lower bound | upper bound << 4 | (best lead + 1) << 8), so a
        # probe touches one cache line
        self.tt = np.full((1 << tt_bits, 2), -1, np.int64)
        self.st = np.zeros((_MAX_DEPTH, 4), np.int64)
        self.moves = np.zeros((_MAX_DEPTH, 256), np.int64)
        self.replies = np.zeros((_MAX_DEPTH, 256), np.int64)
        self.killers = np.full((_MAX_DEPTH, 2), -1, np.int64)
        self.nodes = np.zeros(1, np.int64)
        self.node_limit = int(node_limit)
        self.cfg = np.zeros(N_CFG, np.int64)
        self.cfg[C_EQUIV] = int(equivalence)
        self.cfg[C_TT] = int(transposition)
        self.cfg[C_CUTS] = int(cuts)
        self.cfg[C_QUICK] = int(quick_tricks)
        self.cfg[C_TABLE] = table_n
        self.cfg[C_ORDER] = int(killers)
        if table_n:
            self.tab, self.vec, self.base, _ = stored_endgame_table(table_n)
        else:
            self.tab, self.vec, self.base = np.zeros(1, np.int8), np.zeros((1, 1, 1, 1), np.int64), \
                np.zeros(2, np.int64)

    def clear(self) -> None:
        self.tt[:, 0] = -1

    def _args(self):
        return (self.moves, self.replies, self.tt, self.mask, LENGTH, ONES, SURE, self.nodes, self.cfg, self.tab,
                self.vec, self.base, BINOM, self.killers)

    def _arm(self) -> None:
        self.cfg[C_ABORT] = 0
        self.cfg[C_LIMIT] = int(self.nodes[0]) + self.node_limit if self.node_limit else 0

    def _check_abort(self, value: int) -> int:
        if self.cfg[C_ABORT]:
            self.clear()   # entries written during an aborted search are not trustworthy
            self.cfg[C_ABORT] = 0
            return -1
        return value

    def tricks(self, leader: Sequence[int], follower: Sequence[int], trump: int) -> int:
        """Tricks the leader takes (card ints, trump 0..3 or 4 = no trump; inputs assumed valid)."""
        self.st[0] = encode(leader, follower)
        self._arm()
        return self._check_abort(int(_solve_row(self.st, 0, trump, *self._args())))

    def tricks_code(self, code, trump: int) -> int:
        """Tricks the leader takes in the position given by its four suit codes."""
        self.st[0] = code
        self._arm()
        return self._check_abort(int(_solve_row(self.st, 0, int(trump), *self._args())))

    def solve_many(self, leaders: np.ndarray, followers: np.ndarray, trumps: np.ndarray) -> tuple[np.ndarray,
                                                                                                   np.ndarray]:
        """Solve many deals: ``leaders``/``followers`` (k, n) card ints, ``trumps`` (k,). Returns (leader's
        tricks, nodes per solve). The positions are encoded at once with numpy; each solve is one call."""
        codes = encode_many(leaders, followers)
        out = np.empty(len(codes), np.int64)
        nodes = np.empty(len(codes), np.int64)
        self.cfg[C_LIMIT] = 0
        self.cfg[C_ABORT] = 0
        args = self._args()
        st = self.st
        for i in range(len(codes)):
            st[0] = codes[i]
            n0 = int(self.nodes[0])
            out[i] = _solve_row(st, 0, int(trumps[i]), *args)
            nodes[i] = int(self.nodes[0]) - n0
        return out, nodes

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
        best = self.tricks_code(code, trump)
        runs = self._runs(leader, follower, code, leader_side=True)
        ok: dict[tuple[int, int], bool] = {}
        args = self._args()
        for a, j in runs.values():
            if (a, j) not in ok:
                self.st[0] = code
                ok[(a, j)] = bool(_lead_wins(self.st, 0, a, j, best, trump, *args))
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


_ESTIMATE: DoubleDummy | None = None


def estimate_solver() -> DoubleDummy:
    """The process-wide solver of the Monte Carlo estimates (:class:`liarlab.honeymoon.bidding.MonteCarloEstimate`):
    :func:`default_solver`'s search with the endgame table one card deeper (:data:`ESTIMATE_TABLE_N`), built by the first
    process to use it and read from its file by the others. Its values are the same exact values; it pays for its
    table over the thousands of sampled deals a run solves."""
    global _ESTIMATE
    if _ESTIMATE is None:
        _ESTIMATE = DoubleDummy(table_n=ESTIMATE_TABLE_N)
    return _ESTIMATE


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
