"""The exact solver against a plain minimax, symmetries, hand-made endings and bad input."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.core.cards import SUITS, card_code
from liarlab.honeymoon import DoubleDummy, double_dummy_tricks, double_dummy_tricks_reference
from liarlab.honeymoon.solver import encode


def _random_deal(rng, n, suits=SUITS):
    pool = [s + r for s in suits for r in "23456789TJQKA"]
    cards = rng.choice(pool, 2 * n, replace=False)
    return list(cards[:n]), list(cards[n:])


def test_agrees_with_brute_force_on_thousands_of_small_deals():
    rng = np.random.default_rng(2024)
    trumps = [None, "S", "H", "D", "C"]
    n_checked = 0
    for _ in range(2500):
        n = int(rng.integers(0, 7))
        # random suit restrictions make long suits and voids common
        k = int(rng.integers(1, 5))
        suits = "".join(rng.choice(list(SUITS), k, replace=False))
        if 2 * n > 13 * k:
            continue
        leader, follower = _random_deal(rng, n, suits)
        trump = trumps[rng.integers(5)]   # often a trump absent from both hands
        assert double_dummy_tricks(leader, follower, trump) == \
            double_dummy_tricks_reference(leader, follower, trump), (leader, follower, trump)
        n_checked += 1
    assert n_checked > 2000


def test_fresh_and_persistent_tables_agree():
    rng = np.random.default_rng(7)
    warm = DoubleDummy(tt_bits=12)   # a tiny table forces many overwrites
    for _ in range(200):
        deck = rng.permutation(52)
        lead, foll, trump = list(deck[:7]), list(deck[7:14]), int(rng.integers(5))
        fresh = DoubleDummy(tt_bits=16)
        assert warm.tricks(lead, foll, trump) == fresh.tricks(lead, foll, trump)


_SUIT_PERMS = st.permutations(list(SUITS))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), perm=_SUIT_PERMS, n=st.integers(1, 13),
       trump=st.sampled_from([None, "S", "H", "D", "C"]))
def test_swapping_suit_names_with_the_trump_keeps_the_value(seed, perm, n, trump):
    rng = np.random.default_rng(seed)
    leader, follower = _random_deal(rng, n)
    rename = dict(zip(SUITS, perm))
    moved = [rename[c[0]] + c[1] for c in leader], [rename[c[0]] + c[1] for c in follower]
    assert double_dummy_tricks(leader, follower, trump) == \
        double_dummy_tricks(*moved, None if trump is None else rename[trump])


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 9))
def test_order_preserving_relabelling_keeps_the_value(seed, n):
    """Only the order of the live cards in each suit matters: pushing every live card to the top
    ranks of its suit (keeping the order) gives the same value."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    leader, follower, trump = list(deck[:n]), list(deck[n:2 * n]), int(rng.integers(5))
    code = encode(leader, follower)
    new_l, new_f = [], []
    for s in range(4):
        length = int(code[s]).bit_length() - 1
        for i in range(length):
            c = s * 13 + (13 - length) + i
            (new_l if (int(code[s]) >> i) & 1 else new_f).append(c)
    solver = DoubleDummy(tt_bits=14)
    assert solver.tricks(leader, follower, trump) == solver.tricks(new_l, new_f, trump)


@pytest.mark.parametrize("leader, follower, trump, expected", [
    ([], [], None, 0),
    (["SA"], ["S2"], None, 1),
    (["S2"], ["SA"], None, 0),
    (["S2"], ["HA"], None, 1),          # a discard never wins
    (["S2"], ["HA"], "H", 0),           # a ruff does
    (["SA", "SK"], ["S2", "S3"], "H", 2),
    # the leader's trumps are drawn first, then its side winners cash
    (["HA", "HK", "SA"], ["H2", "S2", "S3"], "H", 3),
    # the follower ruffs the side ace: leader must draw the trump first
    (["HA", "SA", "SK"], ["H2", "D2", "D3"], "H", 3),
    (["SA", "SK", "HA"], ["H2", "D2", "D3"], "H", 3),
    # follower holds the top trump: it always scores one trick
    (["HK", "SA", "SK"], ["HA", "S2", "S3"], "H", 2),
    # thirteen top spades against thirteen low hearts at hearts: the follower ruffs every trick
    ([s for s in ["S" + r for r in "23456789TJQKA"]], ["H" + r for r in "23456789TJQKA"], "H", 0),
    ([s for s in ["S" + r for r in "23456789TJQKA"]], ["H" + r for r in "23456789TJQKA"], None, 13),
])
def test_hand_made_endings(leader, follower, trump, expected):
    assert double_dummy_tricks(leader, follower, trump) == expected
    assert double_dummy_tricks_reference(leader, follower, trump) == expected if len(leader) <= 6 else True


def _from_sequence(bits_by_suit, trump_suit=0):
    """Absolute cards from the thesis's per-suit bit strings (high to low, 1 = on lead)."""
    leader, follower = [], []
    for s, bits in enumerate(bits_by_suit):
        for i, b in enumerate(bits):
            c = card_code(s * 13 + 12 - i)
            (leader if b == "1" else follower).append(c)
    return leader, follower


def test_thesis_table_line_31372_gives_4():
    # 31372 = 0111101010001100: trump 011110, side suits 1 / 01 / 0001100 (lengths 1, 2, 7)
    leader, follower = _from_sequence(["011110", "1", "01", "0001100"])
    assert len(leader) == len(follower) == 8
    assert double_dummy_tricks(leader, follower, "S") == 4
    assert double_dummy_tricks_reference(leader, follower, "S") == 4


def test_fig_3_9_canonical_pair_is_the_same_position():
    a = _from_sequence(["1011011", "1010010", "100100", "000111"])
    b = _from_sequence(["000111", "1011011", "1010010", "100100"])   # hearts are trump here
    assert double_dummy_tricks(*a, "S") == double_dummy_tricks(*b, "H")


@pytest.mark.parametrize("leader, follower, trump, message", [
    (["SA"], [], None, "same number"),
    (["SA", "SA"], ["S2", "S3"], None, "twice"),
    (["SA"], ["SA"], None, "both hands"),
    (["SX"], ["S2"], None, "malformed"),
    (["S"], ["S2"], None, "malformed"),
    (["SA"], ["S2"], "N", "trump"),
    (["SA"], ["S2"], 7, "trump"),
    ([f"S{r}" for r in "23456789TJQKA"] + ["HA"], [f"D{r}" for r in "23456789TJQKA"] + ["CA"], None,
     "0 to 13"),
])
def test_bad_input_raises_value_error(leader, follower, trump, message):
    with pytest.raises(ValueError, match=message):
        double_dummy_tricks(leader, follower, trump)


def test_lead_values_take_the_best_card_and_reply_values_agree():
    rng = np.random.default_rng(11)
    solver = DoubleDummy(tt_bits=16)
    for _ in range(60):
        n = int(rng.integers(1, 7))
        deck = rng.permutation(52)
        lead, foll, trump = [int(c) for c in deck[:n]], [int(c) for c in deck[n:2 * n]], int(rng.integers(5))
        values = solver.lead_values(lead, foll, trump)
        assert set(values) == set(lead)
        assert max(values.values()) == solver.tricks(lead, foll, trump)
        for c in lead:
            replies = solver.reply_values(lead, foll, c, trump)
            assert min(replies.values()) == values[c]


def test_optimal_cards_are_exactly_the_best_valued_cards():
    rng = np.random.default_rng(12)
    solver = DoubleDummy(tt_bits=16)
    for _ in range(80):
        n = int(rng.integers(1, 8))
        deck = rng.permutation(52)
        lead, foll, trump = [int(c) for c in deck[:n]], [int(c) for c in deck[n:2 * n]], int(rng.integers(5))
        values = solver.lead_values(lead, foll, trump)
        v, best = solver.optimal_leads(lead, foll, trump)
        assert v == max(values.values())
        assert set(best) == {c for c, x in values.items() if x == v}
        c = lead[int(rng.integers(n))]
        replies = solver.reply_values(lead, foll, c, trump)
        w, good = solver.optimal_replies(lead, foll, c, trump)
        assert w == min(replies.values())
        assert set(good) == {r for r, x in replies.items() if x == w}


# ----------------------------------------------------------------------------- E2/E3: table and ablations

ABLATIONS = [dict(table_n=0), dict(table_n=4), dict(table_n=8), dict(equivalence=False, table_n=0),
             dict(transposition=False, table_n=0), dict(cuts=False, table_n=0), dict(quick_tricks=False, table_n=0),
             dict(killers=True, table_n=0), dict(equivalence=False, transposition=False, cuts=False,
                                                 quick_tricks=False, table_n=0)]


@pytest.mark.parametrize("config", ABLATIONS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_every_ablation_agrees_with_minimax_on_restricted_deals(config):
    """Each technique switched off (or the table on) gives the plain minimax's value on random small deals with
    random suit restrictions and random trumps (including trumps absent from both hands)."""
    rng = np.random.default_rng(99)
    solver = DoubleDummy(tt_bits=14, **config)
    checked = 0
    while checked < 150:
        n = int(rng.integers(1, 7))
        k = int(rng.integers(1, 5))
        suits = "".join(rng.choice(list(SUITS), k, replace=False))
        if 2 * n > 13 * k:
            continue
        leader, follower = _random_deal(rng, n, suits)
        trump = [None, "S", "H", "D", "C"][rng.integers(5)]
        t = 4 if trump is None else SUITS.index(trump)
        from liarlab.core.cards import parse_cards
        assert solver.tricks(parse_cards(leader), parse_cards(follower), t) == \
            double_dummy_tricks_reference(leader, follower, trump), (config, leader, follower, trump)
        checked += 1


def test_table_entries_agree_with_the_search():
    from liarlab.honeymoon.solver import BINOM, decode, endgame_table, table_position, table_value

    table = endgame_table(6)
    search = DoubleDummy(tt_bits=14, table_n=0)
    rng = np.random.default_rng(5)
    checked = 0
    for n in range(1, 7):
        n_entries = len(table[3][n]) * int(BINOM[2 * n, n])
        for idx in rng.integers(0, n_entries, 120):
            code, value = table_position(table, n, int(idx))
            if value < 0:
                continue
            assert table_value(table, code, 0) == value
            leader, follower = decode(code)
            assert search.tricks(leader, follower, 0) == value, (n, idx)
            checked += 1
    assert checked > 500


def test_a_wrong_table_entry_is_caught():
    """The table check can fail: a corrupted entry disagrees with the search."""
    from liarlab.honeymoon.solver import endgame_table, table_position

    tab = endgame_table(4)
    code, value = table_position(tab, 4, 100)
    leader, follower = __import__("liarlab.honeymoon.solver", fromlist=["decode"]).decode(code)
    assert DoubleDummy(tt_bits=12, table_n=0).tricks(leader, follower, 0) != value + 1


def test_solve_many_matches_one_at_a_time():
    rng = np.random.default_rng(3)
    decks = np.array([rng.permutation(52) for _ in range(40)])
    trumps = rng.integers(0, 5, 40)
    batch = DoubleDummy()
    values, nodes = batch.solve_many(decks[:, :13], decks[:, 13:26], trumps)
    single = DoubleDummy()
    assert [single.tricks(list(d[:13]), list(d[13:26]), int(t)) for d, t in zip(decks, trumps)] == list(values)
    assert (nodes >= 0).all()


def test_node_limit_aborts_and_reports_minus_one():
    rng = np.random.default_rng(4)
    deck = rng.permutation(52)
    solver = DoubleDummy(table_n=0, node_limit=5)
    assert solver.tricks(list(deck[:13]), list(deck[13:26]), 0) == -1


def test_colex_rank_tables_match_the_sum_of_binomials():
    """The table index's two-lookup colex rank equals the plain sum of C(p, j) over the set bits of every word."""
    from math import comb

    from liarlab.honeymoon.solver import BYTE_ONES, RANK_HI, RANK_LO

    for word in range(1 << 16):
        j, rank = 0, 0
        for p in range(16):
            if (word >> p) & 1:
                j += 1
                rank += comb(p, j)
        low = word & 255
        assert RANK_LO[low] + RANK_HI[BYTE_ONES[low], word >> 8] == rank


def test_colex_rank_tables_cover_18_bit_words():
    from math import comb

    from liarlab.honeymoon.solver import BYTE_ONES, RANK_HI, RANK_LO, RANK_TOP

    rng = np.random.default_rng(9)
    for word in rng.integers(0, 1 << 18, 20_000):
        word = int(word)
        j, rank = 0, 0
        for p in range(18):
            if (word >> p) & 1:
                j += 1
                rank += comb(p, j)
        low, mid = word & 255, (word >> 8) & 255
        assert RANK_LO[low] + RANK_HI[BYTE_ONES[low], mid] + RANK_TOP[BYTE_ONES[low] + BYTE_ONES[mid], word >> 16] == rank


@pytest.mark.slow
def test_the_estimates_nine_card_table_agrees_with_the_search_and_the_eight_card_solver():
    """The Monte Carlo estimates' solver (endgame table to 9 cards a hand, about 10 s to build): 300 random level-9
    entries equal the search without a table, and 13-v-13 deals get the values of the production solver."""
    from liarlab.honeymoon import solver as hs

    table = hs.endgame_table(9)
    search = DoubleDummy(tt_bits=16, table_n=0)
    rng = np.random.default_rng(11)
    size = len(hs.length_vectors(9)) * __import__("math").comb(18, 9)
    checked = 0
    while checked < 300:
        code, value = hs.table_position(table, 9, int(rng.integers(size)))
        if value < 0:
            continue
        leader, follower = hs.decode(code)
        assert search.tricks(leader, follower, 0) == value
        checked += 1
    decks = np.array([rng.permutation(52) for _ in range(60)])
    trumps = rng.integers(0, 5, 60)
    deep, _ = hs.estimate_solver().solve_many(decks[:, :13], decks[:, 13:26], trumps)
    plain, _ = DoubleDummy().solve_many(decks[:, :13], decks[:, 13:26], trumps)
    assert list(deep) == list(plain)


def test_a_table_built_on_top_of_a_smaller_one_equals_one_built_from_scratch():
    from liarlab.honeymoon import solver as hs

    saved = dict(hs._TABLES)
    try:
        hs._TABLES.clear()
        scratch = hs.endgame_table(6)[0].copy()
        hs._TABLES.clear()
        hs.endgame_table(4)
        extended = hs.endgame_table(6)[0]
        assert np.array_equal(scratch, extended)
    finally:
        hs._TABLES.clear()
        hs._TABLES.update(saved)


def _encode_reference(leader, follower):
    """The suit codes as first written: each suit's live cards sorted by rank, bit i = 1 when the leader holds the
    i-th lowest."""
    from liarlab.core.cards import rank_of, suit_of

    out = []
    for s in range(4):
        live = sorted([(rank_of(c), 1) for c in leader if suit_of(c) == s]
                      + [(rank_of(c), 0) for c in follower if suit_of(c) == s])
        code = 1 << len(live)
        for i, (_, mine) in enumerate(live):
            code |= mine << i
        out.append(code)
    return out


def test_encode_equals_the_sorted_reference_on_random_positions():
    rng = np.random.default_rng(12)
    for _ in range(3000):
        n = int(rng.integers(0, 14))
        deck = rng.permutation(52)
        leader, follower = [int(c) for c in deck[:n]], [int(c) for c in deck[n:2 * n]]
        assert list(encode(leader, follower)) == _encode_reference(leader, follower)
        assert list(encode(np.array(leader, np.int64), follower)) == _encode_reference(leader, follower)


def test_a_stored_table_is_read_back_equal_and_a_damaged_file_is_rebuilt(tmp_path):
    from liarlab.honeymoon import solver as hs

    saved = dict(hs._TABLES)
    try:
        hs._TABLES.clear()
        (tmp_path / "endgame_table-5-0123456789abcdef.bin").write_bytes(b"an earlier version's")
        built = hs.stored_endgame_table(5, folder=tmp_path)[0].copy()   # built here, and written
        (path,) = tmp_path.glob("endgame_table-5-*.bin")                # (the earlier version's file removed)
        hs._TABLES.clear()
        read = hs.stored_endgame_table(5, folder=tmp_path)[0]            # read from the file
        assert np.array_equal(read, built) and read.flags.writeable
        hs._TABLES.clear()
        assert np.array_equal(hs.endgame_table(5)[0], built)
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 1                                        # one flipped bit fails the checksum
        path.write_bytes(bytes(data))
        hs._TABLES.clear()
        assert np.array_equal(hs.stored_endgame_table(5, folder=tmp_path)[0], built)
        assert path.read_bytes() != bytes(data)                          # and the file was rewritten
    finally:
        hs._TABLES.clear()
        hs._TABLES.update(saved)


def test_every_compiled_search_function_runs_without_reference_counting():
    """The search's speed rests on it (an atomic increment and decrement per array argument of every call otherwise)."""
    import numba

    from liarlab.honeymoon import solver as hs

    jitted = [f for f in vars(hs).values() if isinstance(f, numba.core.registry.CPUDispatcher)]
    assert len(jitted) > 20 and all(f.targetoptions.get("_nrt") is False for f in jitted)
