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
