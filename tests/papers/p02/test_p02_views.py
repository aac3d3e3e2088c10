"""Notebook 02's display tables (issue 50): one precision per column, headers and state records in words."""
import numpy as np
import pandas as pd

from liarlab.papers.p02 import captions, views
from liarlab.study import tables


def _summary():
    return pd.DataFrame([
        {"player": "EXP0", "win_rate": 0.97, "ci_low": 0.9642, "ci_high": 0.9751, "n": 4000, "unit": "games",
         "seed_min": np.nan, "seed_max": np.nan},
        {"player": "EXP1", "win_rate": 0.986, "ci_low": 0.98187, "ci_high": 0.98921, "n": 4000, "unit": "games",
         "seed_min": np.nan, "seed_max": np.nan},
        {"player": "RL0", "win_rate": 0.9, "ci_low": 0.82, "ci_high": 0.98, "n": 2, "unit": "seeds",
         "seed_min": 0.8961, "seed_max": 0.908}])


def test_a_rate_and_its_interval_share_one_precision_down_the_column():
    view = views.rates(_summary())
    assert list(view["win rate [95 % interval]"]) == ["0.970 [0.964, 0.975]", "0.986 [0.982, 0.989]",
                                                      "0.900 [0.820, 0.980]"]
    assert list(view["sample"]) == ["4,000 games", "4,000 games", "2 tables"]
    assert list(view["range across tables"]) == ["", "", "0.896 to 0.908"]
    assert not {"ci_low", "ci_high", "seed_min", "n"} & set(view.columns)


def test_state_records_are_named_in_words():
    assert views.config_words("full, n=2") == "full hand, history 2"
    assert views.model_words("RL0 (full, n=1, 50,000 games)") == "RL0 (full hand, history 1, 50,000 games)"
    assert views.model_words("RL0 (n=3)") == "RL0 (history 3)"
    assert views.two_significant(0.001282) == "0.0013" and views.two_significant(5.947) == "5.9"


def test_the_baseline_table_fits_the_page_and_says_its_level_once():
    row = {"group": "g", "learned agent": "RL0", "opponent": "EXP0", "players": 2, "learned win rate": 0.43,
           "ci_low": 0.25, "ci_high": 0.6, "seeds": 2, "always challenge": 0.1835, "never challenge": 0.159,
           "random": 0.027, "best baseline": "always challenge", "learned minus best": 0.2438,
           "margin ci_low": -0.04057, "margin ci_high": 0.769, "interval": "98.33 % (Bonferroni-adjusted)",
           "learning beats every baseline": "undecided"}
    view = views.baselines(pd.DataFrame([row] * 13))
    assert "interval" not in view.columns and "learned minus best [98.33 % interval, Bonferroni]" in view.columns
    assert view.iloc[0]["learned minus best [98.33 % interval, Bonferroni]"] == "0.244 [-0.041, 0.769]"
    assert tables.estimated_width(tables.frame_text(view)) <= tables.MAX_WIDTH
    assert view.iloc[0]["best baseline (rate)"] == "always challenge (0.183)" and "never challenge" not in view.columns


def _exploit(lows):
    return pd.DataFrame({"model": [f"RL{i}" for i in range(len(lows))], "best-response lower bound": 0.9,
                         "ci_low": lows, "ci_high": 1.0, "n": 2, "unit": "seeds", "seed_min": 0.8, "seed_max": 1.0,
                         "entries": 10, "key_space": 11040})


def test_the_best_response_text_says_every_table_only_when_every_interval_is_above_half():
    assert "Every kind of table" in captions.exploitability(_exploit([0.6, 0.7]))
    text = captions.exploitability(_exploit([0.6, 0.0]))
    assert "Every kind of table" not in text and "For 1 of 2 kinds of table" in text and "For RL1 the interval" in text


def test_the_best_response_figure_title_claims_nothing_and_the_caption_says_zero_spread_and_games():
    # issue 50, fresh reader: "interval above 50 % for 9 of 11 kinds" rested on 2-table t intervals of zero width
    from liarlab.papers.p02 import figures

    title = figures.exploitability(_exploit([0.6, 0.0])).axes[0].get_title()
    assert "above 50" not in title and "beats" not in title
    flat = _exploit([1.0, 0.0]).assign(**{"best-response lower bound": [1.0, 0.9]})
    text = captions.exploitability(flat, 4)
    assert "4 games against each table" in text and "For 1 of 2 kinds every table scored the same" in text
    assert "scored the same" not in captions.exploitability(_exploit([0.6, 0.7]))


def test_the_three_player_caption_says_the_reverse_of_the_report_where_the_table_shows_it():
    rows = [("EXP1", "EXP0", "EXP1 after EXP0", 0.086, 0.08, 0.09), ("EXP1", "EXP0", "EXP1 after EXP1", 0.369, 0.36, 0.38),
            ("EXP0", "EXP1", "EXP0 after EXP0", 0.45, 0.44, 0.46), ("EXP0", "EXP1", "EXP0 after EXP1", 0.30, 0.29, 0.31)]
    by_role = pd.DataFrame(rows, columns=["doubled rule", "single rule", "role", "win_rate", "ci_low", "ci_high"])
    text = captions.three_roles(by_role)
    assert "the EXP1 seated after EXP0 wins 0.086 against 0.369 for the one after EXP1 (the reverse of the report)" in text
    assert "the EXP0 seated after EXP0 wins 0.450 against 0.300 for the one after EXP1 (as the report says)" in text


def test_why_findings_differ_gives_each_family_its_verdict_by_the_family_rule():
    found = pd.DataFrame({"family": ["Fig 5-3"] * 2 + ["Fig 5-6"] * 4,
                          "verdict": ["differs", "inconclusive", "differs", "inconclusive", "inconclusive", "reproduced"],
                          "cause": ["genuine", "", "genuine", "", "", ""]})
    text = captions._why_differ(found)
    assert "Fig 5-3 (1 of 2 rows; family differs)" in text and "Fig 5-6 (1 of 4 rows; family undecided)" in text


def test_table_4_3_says_learned_not_learned_or_not_legal():
    rows = [{"games": 1000, "previous_bid": "[2,1]", "bid_fives": 1, "value": 0.0, "seen": False},
            {"games": 1000, "previous_bid": "[2,1]", "bid_fives": 2, "value": 0.5, "seen": True},
            {"games": 1000, "previous_bid": "[6,4]", "bid_fives": 1, "value": np.nan, "seen": np.nan},
            {"games": 1000, "previous_bid": "[6,4]", "bid_fives": 2, "value": 0.0, "seen": False}]
    view = views.table_4_3(pd.DataFrame(rows))
    assert list(view["after [2,1]"]) == ["not learned", "0.500"]
    assert list(view["after [6,4]"]) == ["not legal", "not learned"]


def test_the_second_result_says_this_runs_training_length():
    assert "one stage of 5,000 training games against EXP0, where the report trained 100,000" in \
        captions.second_quantity(5_000)
    assert "100,000 training games against EXP0, the report's length" in captions.second_quantity(100_000)


def test_a_styled_table_keeps_its_fixed_decimals_and_writes_counts_with_separators():
    from liarlab.study import tables

    html = tables.styler_html(views.styled(views.pivot_rates(pd.DataFrame({"EXP0": [0.51, 0.488]}))
                                           .assign(games=[5000, 5000])))
    assert ">0.510<" in html and ">0.488<" in html and ">5,000<" in html and ">0.51<" not in html


def test_the_learning_curve_table_shows_each_quantity_once_at_one_precision_a_column():
    # issue 50: the raw "mean actions" (3.441 beside 2.12) and "explored share" sat beside their formatted columns
    last = pd.DataFrame([{"config": c, "games": 5000, "win_rate": w, "ci_low": w - 0.1, "ci_high": w + 0.1,
                          "n_seeds": 2, "seed_min": w - 0.01, "seed_max": w + 0.01, "entries": 656.5,
                          "explored_share": share, "training_win_rate": 0.39, "mean_actions": actions,
                          "scanned_per_game": scanned, "seconds": 1.0}
                         for c, w, share, actions, scanned in (("n=1", 0.427, 0.05947, 3.441, 88.93),
                                                               ("n=2", 0.4, 0.002902, 2.12, 77.834))])
    view = views.curves_last(last)
    assert not {"explored share", "mean actions", "scanned per game"} & set(view.columns)
    assert list(view["mean actions per game"]) == ["3.44", "2.12"]
    assert list(view["actions scanned per game"]) == ["88.9", "77.8"]
    assert list(view["explored (% of the key space)"]) == ["5.9", "0.29"]
    assert list(view["win rate [95 % interval]"]) == ["0.427 [0.327, 0.527]", "0.400 [0.300, 0.500]"]


def test_table_5_1_counts_are_one_decimal_means_named_once():
    # every header ended "(mean over tables)" and the cells read "1", "0.8", "29", "29.2" (issue 50, a fresh reader)
    import pandas as pd

    from liarlab.papers.p02 import views

    kinds = pd.DataFrame({"opening honest (mean over tables)": [1.0, 0.8], "challenge (mean over tables)": [29.0, 29.2]},
                         index=pd.Index(["full, n=1", "n=1"], name="config"))
    view = views.top30_kinds(kinds)
    assert list(view.columns) == [views.TOP30_FIRST, "opening honest", "challenge"]
    import re

    from liarlab.study import tables

    cells = re.findall(r">([^<>]*)</td>", tables.table_html(view))
    assert cells == ["full hand, history 1", "1.0", "29.0", "history 1", "0.8", "29.2"], cells
    assert list(view[views.TOP30_FIRST]) == ["full hand, history 1", "history 1"]


def test_the_training_time_table_is_in_milliseconds_at_one_precision_a_column():
    from liarlab.papers.p02 import claims

    timing = pd.DataFrame([{"config": c, "seed": s, "seconds_per_10000_games": t, "scanned_per_game": 1.0}
                           for c, base in (("n=1", 0.02), ("n=3", 0.004)) for s, t in ((0, base), (1, base * 1.1))])
    view = views.training_timing(claims.timing_table(timing))
    ms = " (ms per 10,000 games)"
    assert view.attrs["decimals"] == {c + ms: 2 for c in ("richer", "simpler", "difference", "interval low",
                                                          "interval high")}
    assert abs(view["richer" + ms].iloc[0] - 4.2) < 1e-9 and abs(view["simpler" + ms].iloc[0] - 21.0) < 1e-9


def test_the_worked_example_shows_each_key_and_writes_each_update_out():
    # issue 50: the example promised keys and the Q update but showed only actions
    from liarlab.papers.p02 import worked_example

    e = worked_example.one_update(20261126)
    keys = [k for k in e.actions["key the RL stores (history 1, partial hand)"] if k]
    assert keys == ["(0, 0, 6, 1, 1)", "(1, 2, -1, -1, -1)"] and list(e.updates.key) == keys[::-1]
    assert e.updates.attrs["decimals"]["stored by feedReward"] == 4
    assert "0.0000 + 0.2 × (0.9000 − 0.0000) = 0.1800" in e.first
    assert "0.9 × 0.1800 = 0.1620, so the update gives 0.5000 + 0.2 × (0.1620 − 0.5000) = 0.4324" in e.first
    assert list(e.updates["stored by feedReward"].round(4)) == [0.18, 0.4324]


def test_the_reading_table_shows_each_readings_page_name_while_the_saved_headers_stay():
    table = pd.DataFrame(columns=["family", "value (smallest legal bid)", "verdict (best face + 1)"])
    assert list(views.reading_headers(table).columns) == ["family", "value (smallest legal bid)",
                                                           "verdict (most-held face + 1)"]


def test_the_honest_bid_readings_say_what_each_value_is_and_fold_margin_2():
    # a fresh reader: "pilot value" mixed differences and shares unsaid; four reading x margin verdicts side by side
    from liarlab.papers.p02.claims import Reading

    table = pd.DataFrame([{"family": "Fig 5-2", "claim": "a", "value (smallest legal bid)": 0.01,
                           "verdict (smallest legal bid)": "differs", "value (best face + 1)": 0.13,
                           "verdict (best face + 1)": "reproduced", "verdict at margin 2 (smallest legal bid)": "differs",
                           "verdict at margin 2 (best face + 1)": "reproduced"}])
    rows = [{"family": "Fig 5-2", "claim": "a", "note": "tag; value: 50% minus EXP0's win rate, the smallest; x",
             "unit": "games"}]
    at3, at2 = views.reading_view(Reading("best_face_plus_one", {}, rows, table))
    assert at3.loc[0, "value is"] == "50% minus EXP0's win rate" and not [c for c in at3 if "margin 2" in c]
    assert list(at2.columns) == ["family", "claim", "pilot verdict at margin 2 (smallest legal bid)",
                                 "pilot verdict at margin 2 (most-held face + 1)"]
    other = [{**rows[0], "note": "value: 50% minus EXP0's win rate (0.01 = 1 point)"}]
    two = views.reading_view(Reading("x", {}, rows, table, {"smallest": other, "best_face_plus_one": rows}))[0]
    assert two.loc[0, "value is"] == "50% minus EXP0's win rate"   # the same gloss said once, its scale left out
    rows[0]["note"] = "tag"
    assert views.reading_view(Reading("x", {}, rows, table))[0].loc[0, "value is"] == "share of games"
    other[0]["note"] = "value: EXP2's win rate minus 50%"
    two = views.reading_view(Reading("x", {}, rows, table, {"smallest": other, "best_face_plus_one": rows}))[0]
    assert two.loc[0, "value is"] == "EXP2's win rate minus 50% / share of games"


def test_the_three_identical_caption_gives_each_cells_sample_and_precision():
    three = pd.DataFrame([{"a": "EXP0", "b": "EXP0", "games": 2000, "ci_low": 0.31, "ci_high": 0.35},
                          {"a": "EXP0", "b": "EXP1", "games": 10, "ci_low": 0.0, "ci_high": 1.0}])
    assert "Each cell: 2,000 games (95 % intervals at most ±0.020)." in captions.three_identical(three)
