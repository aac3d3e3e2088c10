"""Notebook 01's claims builders (liarlab.papers.p01.claims) on small hand-made inputs."""
import numpy as np
import pandas as pd

from liarlab.papers.p01 import claims as claims01
from liarlab.papers.p01 import printed as printed01


def _large(rates, games=500):
    wins = np.round(np.asarray(rates) * games).astype(int)
    low = np.asarray(rates) - 0.04
    return pd.DataFrame({"type": np.arange(1, len(rates) + 1), "wins": wins, "games": games,
                         "win_rate": wins / games, "ci_low": low, "ci_high": np.asarray(rates) + 0.04})


def test_win_rate_rows_follow_the_thesis_band():
    rates = np.full(32, 0.65)
    ref = pd.DataFrame({"win_rate": rates})
    rows = claims01.win_rate_rows(_large(rates), ref, 500, 50_000)
    assert [r["verdict"] for r in rows[:3]] == ["reproduced"] * 3
    assert rows[0]["paper_value"] == printed01.WIN_BAND_TEXT
    rates[4] = 0.45                                   # one type beats random-guess
    rows = claims01.win_rate_rows(_large(rates), ref, 500, 50_000)
    assert rows[1]["verdict"] == "differs" and rows[2]["verdict"] == "differs"
    assert "types 5" in rows[1]["note"]
    assert len(rows) == 6 and {r["verdict"] for r in rows[3:]} == {"not-reproducible"}


def test_bid_weights_leave_the_misprint_to_notebook_00():
    rows = claims01.bid_weight_rows(1526 / 7776, 1526)
    assert [(r["paper_value"], r["verdict"]) for r in rows] == [(0.1962, "reproduced"), (1526, "reproduced")]
    assert rows[1]["reproduced_value"] == 1526
    assert claims01.bid_weight_rows(1526 / 7776, 1525)[1]["reproduced_value"] == 1525


def test_human_play_remarks_are_not_reproducible_with_the_bot_substitute_in_the_note():
    rows = claims01.game_length_rows(3.2, 0.41, 4.1, 0.33)
    assert [r["verdict"] for r in rows] == ["not-reproducible"] * 2
    assert "3.20" in rows[0]["note"] and "0.330" in rows[1]["note"]


def test_table_5_1_rows_carry_the_printed_values_and_no_value_of_ours():
    rows = claims01.human_rows()
    assert [r["paper_value"] for r in rows] == [f"{a} / {b}" for a, b in printed01.TABLE_5_1.values()]
    assert all(r["reproduced_value"] is None and r["verdict"] == "not-reproducible" for r in rows)


def test_bbn_gain_needs_most_types_in_the_band():
    e7 = pd.DataFrame({"diff": [0.06, 0.07, 0.08], "diff_ci_low": [0.01, -0.01, 0.02]})
    assert claims01.bbn_gain_row(e7, 4, 500)["verdict"] == "reproduced"
    e7["diff"] = [0.0, 0.01, 0.2]
    assert claims01.bbn_gain_row(e7, 4, 500)["verdict"] == "differs"


def test_trend_row_counts_curves_between_the_lines():
    final = pd.DataFrame({"cum_wins": [300, 320, 260]})
    assert claims01.trend_row(final, 500, 1)["verdict"] == "reproduced"
    final.loc[0, "cum_wins"] = 240
    assert claims01.trend_row(final, 500, 1)["verdict"] == "differs"
