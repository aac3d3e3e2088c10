"""The one-table rule (issue 49 item 4; docs/VERDICTS.md, "One rule for one-table claims"): Fig 5-5's RL rows and
Fig 5-7's rows speak of the report's one trained table per model, so they are judged on where one more trained
table would fall (a prediction interval over seeds), not on the mean over seeds; each row says so."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as c02
from liarlab.papers.p02 import experiments as ex

GAMES = 100_000


def _self_play(p1_rates, name="RL2"):
    return ex.rate_frame([{"player": name, "seed": s, "wins": int(round(r * GAMES)), "games": GAMES}
                          for s, r in enumerate(p1_rates)])


#: 24 tables whose P1 rates average 0.47 (a slight second-mover edge of 3 points) but spread by +-3 points
SPREAD = 0.47 + 0.6 * np.tile([-0.05, 0.05, -0.04, 0.04, -0.03, 0.03, -0.02, 0.02, -0.01, 0.01, 0.0, 0.0], 2)


def test_a_chart_row_about_one_table_is_judged_by_its_prediction_interval():
    row = c02.fig_5_5_rl(_self_play(SPREAD))[0]
    assert row["claim"] == "RL2: slight second-mover advantage"
    # the mean over the 24 tables lies inside "slight": judged on the mean, the row would be reproduced
    mean = c02.shift(c02.est(_self_play(SPREAD), player="RL2"), 0.5, -1)
    assert V.word("slight", mean).verdict == "reproduced"
    # one table may fall anywhere in the spread: undecided, and more tables would not narrow it
    assert row["verdict"] == "inconclusive" and row.judgement.undecidable
    assert "prediction interval" in row["interval"]
    assert row["note"].startswith(c02.ONE_TABLE)
    assert row.est.high - row.est.low > mean.high - mean.low


def test_tables_that_agree_with_each_other_still_decide_a_one_table_row():
    tight = 0.47 + np.tile([-0.002, 0.002], 6)
    row = c02.fig_5_5_rl(_self_play(tight))[0]
    assert row["verdict"] == "reproduced" and row["note"].startswith(c02.ONE_TABLE)
    far = 0.60 + np.tile([-0.01, 0.01], 6)                           # a first-mover edge: not "second-mover"
    assert c02.fig_5_5_rl(_self_play(far))[0]["verdict"] == "differs"


def test_fig_5_7_rows_take_the_one_table_interval_too():
    rows = []
    for model in ("RL03", "RL-random"):
        for s, r in enumerate(0.55 + np.array([-0.08, 0.08, -0.06, 0.06, -0.04, 0.04, 0.0, 0.0])):
            for o in ex.EXPS:
                rows.append({"epsilon": 0.1, "model": model, "opponent": o, "seed": s, "wins": int(r * GAMES),
                             "games": GAMES})
    seq = ex.rate_frame(rows)
    got = {r["claim"]: r for r in c02.fig_5_7(seq)}
    for claim in ("RL03 stays advantaged against EXP0", "RL-random is advantaged against all four EXPs"):
        # the mean (0.55) lies clearly above 50 %; one table of this spread may fall below it
        assert got[claim]["verdict"] == "inconclusive", claim
        assert got[claim]["note"].startswith(c02.ONE_TABLE) and "prediction interval" in got[claim]["interval"]
    assert V.direction(c02.est(seq, model="RL03", opponent="EXP0"), ">", 0.5).verdict == "reproduced"


def test_fixed_agents_keep_their_wilson_interval():
    frame = pd.DataFrame([{"player": "EXP0", "seed": ex.FIXED, "wins": 520, "games": 1000}])
    assert c02.est_one(frame, player="EXP0") == c02.est(frame, player="EXP0")


def _spread_rates(mean):
    return mean + np.array([-0.08, 0.08, -0.06, 0.06, -0.04, 0.04, 0.0, 0.0, -0.02, 0.02])


def test_fig_5_4_the_four_charted_models_are_one_table_each():
    """Seed 001 l.423 names "the four RLs" of the chart: one table each (History 2026-12-07, second session)."""
    rows = []
    for i in range(4):
        for j in range(4):
            for s, r in enumerate(_spread_rates(0.56 if i == j else 0.40)):
                rows.append({"epsilon": 0.1, "model": f"RL{i}", "opponent": f"EXP{j}", "seed": s,
                             "wins": int(r * GAMES), "games": GAMES})
    rl_exp = ex.rate_frame(rows)
    diag, off = c02.fig_5_4(rl_exp)
    # the mean over ten tables (0.56) lies above 50 %; one table of this spread may not
    assert V.direction(c02.est(rl_exp, model="RL0", opponent="EXP0"), ">", 0.5).verdict == "reproduced"
    assert diag["verdict"] == "inconclusive" and diag.judgement.undecidable
    assert diag["note"].startswith(c02.ONE_TABLE) and off["note"].startswith(c02.ONE_TABLE)


def test_fig_5_16_and_5_18_rows_are_one_table_and_fig_6_1_too():
    forced, grid, lengths = [], [], []
    for s, shift in enumerate(_spread_rates(0.0)):
        for name in ("RL0", "RL1", "RL2", "RL3"):
            for same in range(1, 6):
                r = 0.5 + (0.08 if same == 3 else -0.08) + shift
                forced.append({"player": name, "same": same, "seed": s, "wins": int(r * GAMES), "games": GAMES})
            for a in range(1, 6):
                for b in range(1, 6):
                    r = 0.5 + (0.08 if a >= 3 else -0.08) + shift
                    grid.append({"player": name, "s1": a, "s2": b, "seed": s, "wins": int(r * GAMES),
                                 "games": GAMES})
        lengths += [{"matchup": "RL0 vs EXP0", "seed": s, "actions": 3, "games": int(1000 * (0.62 + shift))},
                    {"matchup": "RL0 vs EXP0", "seed": s, "actions": 9, "games": int(1000 * (0.38 - shift))}]
    rows = c02.fig_5_16(ex.rate_frame(forced)) + c02.fig_5_18(ex.rate_frame(grid))
    assert len(rows) == 6 and all(c02.ONE_TABLE in r["note"] for r in rows)
    rl0 = rows[0]
    assert rl0["claim"] == "RL0 is advantaged only at s = 3" and "prediction interval" in rl0["interval"]
    row = c02.fig_6_1(pd.DataFrame(lengths))[0]
    # 62 % of games in 2-5 actions on average ("mostly" >= 60 %): one table of this spread may fall below 60 %
    assert row["verdict"] == "inconclusive" and row.judgement.undecidable and row["note"].startswith(c02.ONE_TABLE)


def test_rows_about_the_method_keep_the_mean_and_say_so():
    """Figs 5-8, 5-9, 5-10, 5-12's growth rows speak of a training condition or of training itself (seed 001
    l.481-482, l.494-495, l.509, l.537): the mean over seeds, and the note says which."""
    rows = []
    for s, shift in enumerate(_spread_rates(0.0)):
        for trained, seat, r in (("rotating", "P1", 0.60), ("rotating", "P2", 0.55), ("P1 only", "P1", 0.61),
                                 ("P1 only", "P2", 0.20), ("P2 only", "P2", 0.57), ("P2 only", "P1", 0.01)):
            rows.append({"epsilon": 0.1, "trained": trained, "tested_as": seat, "seed": s,
                         "wins": int(max(0.0, r + shift / 10) * GAMES), "games": GAMES})
    got = c02.fig_5_8(ex.rate_frame(rows))
    assert got and all(r["note"].startswith(c02.METHOD) for r in got)
    assert all("prediction" not in r["interval"] for r in got)
