"""Notebook 01's readings tables (``data/01_win_band_readings.csv``, ``data/01_bbn_gain_readings.csv``) and the best
responders' one: each open reading beside the counts behind its verdict, judged by the claims' own rules (the readings
of ``data/01_readings.csv`` are declared in :mod:`liarlab.papers.p01.claims`)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import claims as C
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01 import printed
from liarlab.study.per_unit import minus

_COUNTS = ("types_in_band", "types_outside", "types_undecided")
_NO_COUNTS = dict.fromkeys(_COUNTS, np.nan)
_HOW = "how it is counted"

def win_band_readings(large: pd.DataFrame, first: pd.DataFrame | None = None, ref: pd.DataFrame | None = None,
                      by_type: pd.DataFrame | None = None) -> pd.DataFrame:
    """"Random-guess wins about 60-70 % against every type" under each open reading: who opens (``first``), how
    it is counted (loosely, one match ``ref``), the E12 rules (``by_type``), and the mean over the types."""
    band, read = printed.WIN_BAND, [("every type, openers alternate (the claims row)", "none", large, printed.WIN_BAND)]
    if first is not None:
        read += [(C.WIN_READINGS[k].name, "who opens", ex.opening_runs(first, opens), band)
                 for k, opens in (("rg opens", "random_guess"), ("program opens", "opponent"))]
    read.append(("'about' read loosely: every type in 55-75 %", _HOW, large, C.LOOSE_WIN_BAND))
    if ref is not None:
        read.append(("one 500-game match per type (the thesis's design)", _HOW, ref, band))
    if by_type is not None:
        read += [(reading, "rules of the players (E12)", g, band)
                 for reading, g in by_type.groupby("reading", sort=False) if not reading.startswith("baseline")]
    rows = [{"reading": reading, "changed": changed, "games_per_type": int(f.games.iloc[0]),
             "verdict": V.all_of(judged).verdict, **dict(zip(_COUNTS, C.tally(judged))),
             "mean_win_rate": float(np.mean(np.asarray(f.wins) / np.asarray(f.games)))}
            for reading, changed, f, b in read for judged in [C.per_type_band(f.wins, f.games, b)]]
    mean = C.mean_over_types(large)
    j = V.magnitude(mean, *band, "mean win rate over the types in 60-70 %", span=1.0, reference=0.5)
    rows.append({"reading": "the mean over the 32 types in 60-70 % (the spec's acceptance)", "changed": _HOW,
                 "games_per_type": int(large.games.iloc[0]), "verdict": j.verdict, **_NO_COUNTS,
                 "mean_win_rate": mean.value, "ci_low": mean.low, "ci_high": mean.high})
    return pd.DataFrame(rows)

def bbn_gain_readings(games: pd.DataFrame, bbn_readings: pd.DataFrame | None = None) -> pd.DataFrame:
    """"The network adds about 5-10 points against most types" under each open reading of E7's games, then the
    pooled gain of each E12 reading of the network (``bbn_readings``)."""
    n, about = int(games.game.max()) + 1, C.GAIN_ABOUT_BAND
    read = [("gain in points over the whole match (the claims row)", "none", games, {}),
            ("gain relative to the plain rate (5-10 % of it)", _HOW, games, {"relative": True}),
            (f"gain after learning only (games {n // 2 + 1}-{n})", "what is measured", games[games.game >= n // 2], {}),
            ("games the network player opens", "who opens", games[games.bbn_starts == 1], {}),
            ("games the test program opens", "who opens", games[games.bbn_starts == 0], {}),
            (f"'about 5-10' with the protocol's +-25 % ({100 * about[0]:g}-{100 * about[1]:g} points)", _HOW, games,
             {"band": about})]
    if set(C.FIGURE_TYPES) <= set(games.opponent):
        read.append((C.GAIN_READINGS["figure types"].name, "which test programs",
                     games[games.opponent.isin(C.FIGURE_TYPES)], {}))
    if {"type31", "type32"} <= set(games.opponent):
        read.append(("type31 as the appendix prints it (type32's matches)", "which test programs",
                     C.type31_as_printed(games), {}))
    rows = [{"reading": name, "changed": changed, "verdict": V.word("most", V.share(judged, "types")).verdict,
             **dict(zip(_COUNTS, C.tally(judged))), "mean_gain": float(np.mean([e.value for e in ests])),
             "max_gain": float(max(e.value for e in ests))}
            for name, changed, g, kw in read
            for _, ests, judged in [C.per_type_gains(bbnx.seed_gains(g, relative=kw.get("relative", False)),
                                                     kw.get("band", printed.BBN_GAIN_BAND))]]
    if bbn_readings is not None:
        allt = bbnx.pooled_readings(bbn_readings)
        rows += [{"reading": f"network: {r.variant} (pooled over the types)", "changed": "the network (E12)",
                  "verdict": V.magnitude(V.Estimate(float(r.diff), float(r.diff_ci_low), float(r.diff_ci_high),
                                                    int(r.seeds), "seeds"), *printed.BBN_GAIN_BAND,
                                         "pooled gain in +5 to +10 points", span=2.0, reference=0.0).verdict,
                  **_NO_COUNTS, "mean_gain": float(r.diff), "max_gain": np.nan}
                 for r in allt[allt.variant != "thesis reading"].itertuples()]
    return pd.DataFrame(rows)

def best_response_readings(br: pd.DataFrame, br2: pd.DataFrame | None = None) -> pd.DataFrame:
    """"Random-guess cannot be badly exploited" against each best responder, overall and by who opens."""
    rows = []
    for r in (r for frame in (br, br2) if frame is not None for r in frame.itertuples()):
        for what, rate, n in (("all games", r.win_rate, r.games), ("the best responder opens", r.as_starter,
                                                                    r.games / 2),
                              ("random-guess opens", r.as_responder, r.games / 2)):
            est = V.proportion(round((1 - rate) * n), int(n))
            rows.append({"responder": r.agent, "games": what, "random_guess_win_rate": est.value, "ci_low": est.low,
                         "ci_high": est.high, "verdict": V.word("not lower", minus(est, 0.5)).verdict})
    return pd.DataFrame(rows)
