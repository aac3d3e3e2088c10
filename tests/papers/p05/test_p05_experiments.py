"""Notebook 05's one-die table: the certified values (fringe-aware double oracle) agree with the whole-tree LP."""
import numpy as np
import pandas as pd

from liarlab.papers.p05 import experiments as p05x
from liarlab.papers.p05 import figures as figures05


def test_one_die_table_certified_values_match_the_whole_tree_lp():
    table = p05x.one_die_table(range(2, 5), cfr_iterations=50, lp_max_faces=4, oracle_max_faces=4)
    assert list(table.faces) == [2, 3, 4]
    assert (table.width <= 1e-9).all()
    assert np.allclose(table.exact_win, table.lp_win, atol=1e-9)
    assert ((table.cfr_lower <= table.exact_win + 1e-12) & (table.exact_win <= table.cfr_upper + 1e-12)).all()


def test_kept_variants_are_the_closest_per_turn_variant_of_each_counting():
    counting = pd.DataFrame({
        "method": ["per-turn"] * 5 + ["exact"],
        "variant": ["a", "b", "star:c", "star:d", "none:e", "exact-best"],
        "wild": ["top", "top", "top", "top", "none", "top"],
        "bid_order": ["quantity", "quantity", "star", "star", "quantity", "quantity"],
        "challenger_penalty": ["one"] * 6, "bidder_penalty": ["one"] * 6, "next_opener": ["loser"] * 6,
        "truncated_matches": [3, 3, 9, 9, 4, 25], "mean_abs_gap_pct": [4.5, 4.4, 3.9, 3.8, 6.0, 0.0]})
    kept = p05x.kept_variants(counting)
    assert list(kept.variant) == ["star:d", "none:e", "b"]   # closest overall first; exact rows are not ranked
    assert p05x.rules_of(kept.iloc[0]).bid_order == "star"


def test_scaling_caption_reads_its_numbers_from_the_table():
    rows = [("default reading", "old LP", 1024, 1, 1, 0.05, 0.01),
            ("default reading", "double oracle", 1024, 1, 1, 0.1, 0.02),
            ("default reading", "double oracle", 4096, 2, 1, 0.2, 0.03),
            ("star-order:x", "old LP", 1024, 1, 1, 2.0, 1.5), ("star-order:x", "double oracle", 1024, 1, 1, 0.5, 0.25)]
    scaling = pd.DataFrame(rows, columns=["rules", "solver", "histories", "first_dice", "second_dice", "seconds",
                                          "rss_growth_gb"])
    text = figures05.scaling_caption(scaling)
    assert "for the default reading, the largest round both solvers solve has 1,024 histories" in text
    assert "old LP takes 0.05 s and 10 MB, the double oracle 0.1 s and 20 MB" in text
    assert "The double oracle goes on to 2 dice against 1 (4,096 histories) in 0.2 s and 30 MB" in text
    assert "For the star-order:x, the largest round both solvers solve has 1,024 histories. There the old LP takes 2 s " \
           "and 1.50 GB" in text


def test_bluff1_caption_reads_its_numbers_from_the_tables():
    bluff1 = pd.DataFrame({"faces": [2, 3, 4], "win_pct": [75.0, 56.0185, 53.8443],
                           "talk_win_pct": [75.0, 56.01, 53.84]})
    cmp = pd.DataFrame({"faces": [2, 3, 4], "exact_win": [0.75, 5 / 9, 0.53125],
                        "per_turn_self_play_win": [0.75, 0.55, 0.54], "prior_work_pct": [75.0, 55.56, 53.13],
                        "gambit_pct": [75.0, 56.02, np.nan]})
    one_die = pd.DataFrame({"faces": [2, 3, 4, 5], "exact_win": [0.75, 5 / 9, 0.53125, 0.49]})
    text = figures05.bluff1_caption(bluff1, cmp, one_die)
    assert "certified for N = 2..5" in text and "part from N = 3 on" in text
    assert "underdog from N = 5 on" not in text   # N = 5 has no per-turn value in this table
    assert "Gambit value at N = 3 (56.02 %) sits on the per-turn line (56.02 %)" in text
    assert "within 0.009 points of every x" in text and "within 0.005 points of every +" in text
    fig = figures05.bluff1_per_turn_vs_exact(bluff1, cmp, one_die)
    exact_line = [line for line in fig.axes[0].lines if "exact equilibrium" in line.get_label()][0]
    assert list(exact_line.get_xdata()) == [2, 3, 4, 5]   # the exact line reaches the last certified N
