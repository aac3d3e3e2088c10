"""Notebook 05's tables beside the talk, the checks printed under them (judged with core.verdicts) and the views
and notes moved out of the notebook's cells."""
from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from liarlab.papers.p05 import claims as claims05  # noqa: E402
from liarlab.papers.p05 import experiments as p05x  # noqa: E402
from liarlab.papers.p05 import figures as figures05  # noqa: E402
from liarlab.papers.p05.printed import TALK_BLUFF2  # noqa: E402


def test_bluff1_beside_the_talk_marks_each_row():
    bluff1 = pd.DataFrame({"faces": [2, 3], "utility": [0.5, 0.12037], "win_pct": [75.0, 56.5]})
    out = claims05.bluff1_beside_talk(bluff1)
    assert list(out.columns) == ["faces", "utility", "win_pct", "talk_utility", "talk_win_pct", "matches_talk"]
    assert list(out.matches_talk) == [True, False]     # 56.5 does not print as 56.01
    assert "talk_pct" not in bluff1                      # the input is left as it was


def test_ld2_table_says_which_intervals_contain_41_60():
    mc = pd.DataFrame({"first": ["K", "T*"], "second": ["K", "K"], "ci_low": [0.68, 0.69], "ci_high": [0.69, 0.70]})
    exact = pd.DataFrame({"first": ["K", "T*"], "second": ["K", "K"], "exact_first_win": [41 / 60, 41 / 60]})
    ld2 = claims05.ld2_table(mc, exact)
    assert list(ld2.contains_41_60) == [True, False] and list(ld2.talk_pct) == [68.336, 68.334]


def _one_die(exact, lower, upper):
    return pd.DataFrame({"faces": [2, 3], "exact_win": exact, "cfr_win": [0.75, 0.5555], "cfr_lower": lower,
                         "cfr_upper": upper, "width": [0.0, 1e-12]})


def test_exact_values_inside_their_cfr_brackets_is_judged_per_n():
    inside = _one_die([0.75, 5 / 9], [0.7499, 0.555], [0.75, 0.5556])
    assert claims05.exact_inside_cfr_brackets(inside)
    assert "every exact value inside its CFR+ bracket (N = 2 to 3)" in claims05.one_die_note(inside)
    outside = _one_die([0.75, 5 / 9], [0.7499, 0.555], [0.75, 0.5555])
    assert "NOT every exact value inside" in claims05.one_die_note(outside)   # in words, never ": True/False"
    assert "True" not in claims05.one_die_note(inside) and "False" not in claims05.one_die_note(outside)
    assert not claims05.exact_inside_cfr_brackets(outside)
    unsolved = pd.concat([inside, pd.DataFrame({"faces": [4], "exact_win": [0.53], "cfr_win": [np.nan],
                                                "cfr_lower": [np.nan], "cfr_upper": [np.nan], "width": [0.0]})])
    assert claims05.exact_inside_cfr_brackets(unsolved)   # N without CFR+ is not judged


def _certified(values, fractions, wins):
    return pd.DataFrame({"value": values, "lower": values, "upper": values, "value_fraction": fractions,
                         "win_fraction": wins})


def test_fractions_agree_with_their_brackets_and_win_fractions():
    ok = _certified([0.5, float(Fraction(273, 704)) + 5.6e-17], ["1/2", "273/704"], ["3/4", "977/1408"])
    assert claims05.fractions_inside_brackets(ok)     # a one-float bracket one ulp off its fraction still agrees
    assert not claims05.fractions_inside_brackets(_certified([0.5], ["1/2"], ["5/8"]))
    assert not claims05.fractions_inside_brackets(_certified([0.5001], ["1/2"], ["3/4"]))
    assert claims05.fractions_inside_brackets(_certified([0.3], [""], [""]))   # no fraction, nothing to judge


def test_smallest_gap_note_names_each_argmin():
    gaps = pd.DataFrame({"faces": [2, 3, 4], "per_turn_gap_pct": [50.0, 12.0, 7.7], "exact_gap_pct": [50.0, 11.1,
                                                                                                    np.nan]})
    assert claims05.smallest_gap_note(gaps).splitlines() == [
        "per-turn method: smallest gap at N = 4 (7.70 points) over N = 2..4; the smallest gap is at the largest N "
        "searched, so a larger N could have a smaller one",
        "exact equilibrium: smallest gap at N = 3 (11.10 points) over N = 2..3; the smallest gap is at the largest N "
        "searched, so a larger N could have a smaller one"]
    # issue 50 reader: an argmin inside the range searched carries no caveat
    assert claims05.edge_words(4, [2, 3, 4, 5]) == "" and claims05.edge_words(5, [2, 3, 4, 5]).startswith("; the")


def _grid(values, **extra):
    return pd.DataFrame([{"first_dice": a, "second_dice": b, "win_pct": v, **extra} for (a, b), v in values.items()])


def test_race_table_and_note_read_the_grids():
    printed = figures05.printed_grid(2)
    assert printed.index.name == "first_dice" and printed.columns.name == "second_dice"
    exact = _grid({(1, 1): 75.0, (1, 2): 21.875, (2, 1): 96.875, (2, 2): 75.9765625}, status="solved",
                  value_fraction="1/2")
    table = p05x.race_table(printed, exact, exact)
    assert list(table.columns) == ["exact, default reading", "exact, the talk's game", "printed"]
    assert table.loc[(1, 2), "printed"] == TALK_BLUFF2[(1, 2)] - (100 - TALK_BLUFF2[(1, 1)])
    talk = pd.Series({"variant": "t", "wild": "top", "bid_order": "star"})
    per_turn = exact.assign(win_pct=exact.win_pct + 1)
    note = claims05.race_note(exact, per_turn, talk, per_turn, exact).splitlines()
    assert note[0] == "default reading: 4 of 4 exact cells are fractions p / 2^k; largest |per-turn - exact| 1.0000 points"
    assert "(not a race)" in note[1]


def test_default_reading_figure_and_caption():
    printed = figures05.printed_grid(2)
    per_turn = _grid({(1, 1): 75.0, (1, 2): 25.0, (2, 1): 96.875, (2, 2): 75.0})
    exact = _grid({(1, 1): 75.0, (1, 2): 21.875, (2, 1): 96.875, (2, 2): 75.9765625}).assign(
        status=["solved", "solved", "solved", "not solved"])
    caption = figures05.default_reading_caption(printed, per_turn, exact)
    assert "3 of 4 cells solved" in caption and "differ by at most 3.12 points" in caption
    assert "diagonal (75, 72) falls" in caption and "stays at 75.00, nan" in caption
    assert len(figures05.default_reading_heatmaps(printed, per_turn, exact).axes) == 4   # three grids and a bar


def test_ld1_view_note_and_figure():
    ld1 = pd.DataFrame({"faces": range(1, 8), "first_player_win": [1.0, 0.75, 0.7, 0.69, 0.685, 41 / 60, 0.49]})
    view = figures05.ld1_view(ld1)
    assert list(view["faces N"]) == [1, 2, 3, 4, 5, 6] and list(view.index) == list(range(6))   # numbered afresh
    # the win chance once, in % (issue 50 reader: "win chance" beside "win %")
    assert "win %" in view.columns and "first player's win chance" not in view.columns
    expl = pd.DataFrame({"faces": [2, 3], "first_player_win": [0.75, 0.7], "self_play_win": [0.75, 0.7],
                         "nash_conv": [0.0, 0.0]})
    assert "win chance in self-play" not in figures05.ld_expl_view(expl).columns
    assert "win chance in self-play" in figures05.ld_expl_view(expl.assign(self_play_win=[0.75, 0.6])).columns
    caption = figures05.ld1_caption(ld1)   # the caption's range is the run's, its trend read off the table
    assert "N = 1..7 faces" in caption and "drops below 50 %" in caption and "passes through" in caption
    assert "stays above 50 %" in figures05.ld1_caption(ld1.head(6))
    assert figures05.ld1_note(ld1, Fraction(41, 60)) == "P1(6) certified exactly: 41/60 ≈ 0.6833; P1 > 1/2 fails for some N from 1 to 7."
    assert figures05.ld1_note(ld1.head(6), Fraction(41, 60)).endswith("P1 > 1/2 for every N from 1 to 6.")
    fig = figures05.ld1_first_player(ld1)
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(t.startswith("41/60 at N = 6") for t in labels)
    # 41/60 is a value of N = 6 only: one marker there, no horizontal line across every N
    flat = [ln for ln in ax.get_lines() if len(set(ln.get_ydata())) == 1 and abs(ln.get_ydata()[0] - 100 * 41 / 60) < 1e-9]
    assert not flat
    (marker,) = [c for c in ax.collections if len(c.get_offsets())]
    assert marker.get_offsets().tolist() == [[6, 100 * 41 / 60]]
    from liarlab.study.plotting import legend_overlaps
    assert legend_overlaps(fig) == []


def test_bluff1_figure_legend_sits_under_the_axes():
    from liarlab.study.plotting import legend_overlaps

    bluff1 = pd.DataFrame({"faces": range(2, 8), "win_pct": [75.0, 56.02, 53.84, 56.68, 58.0, 59.09],
                           "talk_win_pct": [75.0, 56.01, 53.84, 56.68, 58.0, 59.09]})
    cmp = pd.DataFrame({"faces": range(2, 7), "exact_win": [0.75, 5 / 9, 0.53125, 0.504, 0.4864],
                        "per_turn_self_play_win": [0.75, 0.564, 0.55, 0.56, 0.57],
                        "prior_work_pct": [75.0, 55.56, 53.13, 50.4, 48.64],
                        "gambit_pct": [75.0, 56.02, np.nan, np.nan, np.nan]})
    fig = figures05.bluff1_per_turn_vs_exact(bluff1, cmp)
    ax = fig.axes[0]
    legend = ax.get_legend()
    fig.canvas.draw()
    box, axes_box = legend.get_window_extent(), ax.get_window_extent()
    assert box.y1 <= axes_box.y0 + 1   # below the axes, not beside them taking half the width
    assert box.width <= 1.05 * axes_box.width
    assert all(len(t.get_text()) <= 40 for t in legend.get_texts())
    assert legend_overlaps(fig) == []


def test_talk_game_note_and_default_grid():
    counting = pd.DataFrame({"method": ["per-turn"] * 3, "variant": ["t", "u", "v"], "truncated_matches": [4, 3, 3],
                             "mean_abs_gap_pct": [0.5, 1.0, 0.8]})
    talk = pd.Series({"variant": "t", "truncated_matches": 4, "cells": 4, "rounded_matches": 2,
                      "mean_abs_gap_pct": 0.5, "wild": "top", "bid_order": "star", "challenger_penalty": "difference",
                      "bidder_penalty": "difference", "next_opener": "challenger"})
    cells = pd.DataFrame({"gap_pct": [0.0, 0.95]})
    note = figures05.talk_game_note(talk, cells, counting)
    # the game is named by its rules in words, never by its code label (issue 50: "star-order:difference/...")
    assert note.startswith("**The talk's game.** Rules: face 2 is wild") and note.endswith("the next best variant gives 3.")
    assert "`t`" not in note
    # issue 50 reader: two variants giving every cell are a tie, said with its tie-break
    tied = counting.assign(truncated_matches=[4, 4, 3])
    assert "2 variants give 4, and this one has the smallest mean |gap|" in figures05.talk_game_note(talk, cells, tied)
    closest = talk.copy()
    closest["truncated_matches"] = 3
    assert figures05.talk_game_note(closest, cells, counting).startswith("**No variant")
    grids = pd.DataFrame({"method": ["per-turn", "per-turn", "exact"], "wild": ["top"] * 3,
                          "bid_order": ["quantity", "star", "quantity"],
                          "variant": ["difference/difference/loser"] * 3, "win_pct": [1.0, 2.0, 3.0]})
    assert list(p05x.default_reading_grid(grids).win_pct) == [1.0]


def test_a_rule_variant_and_a_showdown_are_said_in_words():
    """Issue 50: "star-order:difference/difference/challenger" and "Dice: opener holds 3; ...; 0 count." read as
    code; the page says them in words."""
    from liarlab.papers.p05 import experiments as p05x
    from liarlab.papers.p05 import worked_example

    words = p05x.variant_words("star-order:difference/one/challenger")
    assert words == "star bid order; the challenger loses the difference, the bidder 1 die; the challenger opens next"
    assert "every sorted hand weighted equally" in p05x.variant_words("difference/difference/alternate/R1/uniform-hands")
    text = worked_example.showdown_sentence({"bid": "1×4", "dice": {"opener": (3,), "responder": (3,)}, "present": 0,
                                             "bid_holds": False, "caller": "opener", "loser": "responder",
                                             "winner": "opener"}, 4)
    assert "so no die shows 4" in text and "count." not in text


def test_a_caller_strategy_says_each_announcement_with_its_chance():
    caller = pd.DataFrame({"previous": [0, 0, 0], "roll": [1, 1, 2], "announce": [3, 4, 3], "prob": [0.5, 0.5, 1.0]})
    view = figures05.caller_view(caller)
    assert view.loc[0, 1] == "b = 3 (0.5), b = 4 (0.5)" and view.loc[0, 2] == "b = 3"


def test_the_first_screen_counts_the_findings_that_agree_by_selection():
    claims = pd.DataFrame({"kind": ["finding"] * 3 + ["check"], "verdict": ["reproduced", "reproduced", "differs",
                                                                           "reproduced"],
                           "flags": ["agrees by selection", "", "agrees by selection", "agrees by selection"]})
    assert "Of the 2 reproduced findings, 1 agree by selection (1 do not)" in figures05.selection_words(claims)
    assert figures05.selection_words(claims.assign(flags="")) == ""


def test_the_real_game_table_says_its_headline_mean():
    cmp = pd.DataFrame({"faces": [2, 3, 4], "per_turn_mean_gain": [0.0, 0.2222, 0.3], "exact_mean_gain": 0.0})
    note = figures05.exact_vs_note(cmp)
    assert "smallest at N = 3: 0.2222" in note and "N = 2 is left out" in note and "gains at most 0 at any N" in note


def test_the_k_and_t_star_tables_name_the_cells_where_they_differ():
    # issue 50 reader: four strategy tables with no what-to-notice; K and T* differ in a few cells only
    caller = pd.DataFrame({"previous": [0, 0], "roll": [1, 1], "announce": [1, 2], "prob": [0.5, 0.5]})
    guesser = pd.DataFrame({"previous": [0, 1], "announce": [2, 2], "p_bluff": [0.0, 1.0]})
    same = figures05.strategy_difference_note(caller, guesser, caller, guesser)
    assert "the same in every cell" in same
    t_caller = caller.assign(prob=[1.0, 0.0])
    t_guesser = guesser.assign(p_bluff=[0.0, 2 / 3])
    note = figures05.strategy_difference_note(caller, guesser, t_caller, t_guesser)
    assert "differ only at (s = 0, roll 1)" in note and "(s = 1, b = 2): K 1.000, T\\* 0.667" in note
