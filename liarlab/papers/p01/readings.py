"""Notebook 01's two readings tables (``data/01_win_band_readings.csv``, ``data/01_bbn_gain_readings.csv``): the
win band's and the network gain's open readings side by side with the counts behind each verdict (types in the
band, outside, undecided; mean gains). The readings themselves, and the rows of ``data/01_readings.csv``, are
declared beside their families in :mod:`liarlab.papers.p01.claims`; these tables reuse its helpers and rules.
Nothing here plays a game.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p01 import printed
from liarlab.papers.p01.claims import (
    FIGURE_TYPES,
    GAIN_ABOUT_BAND,
    LOOSE_WIN_BAND,
    match_gains,
    mean_over_types,
    per_type_band,
    per_type_gains,
    tally,
    type31_as_printed,
)

_COUNTS = ("types_in_band", "types_outside", "types_undecided")


def _every_type(wins, games, band) -> dict:
    """Every type's win rate in ``band``, each type at the Bonferroni level (as the claims row)."""
    judged = per_type_band(wins, games, band)
    return {"verdict": V.all_of(judged).verdict, **dict(zip(_COUNTS, tally(judged))),
            "mean_win_rate": float(np.mean(np.asarray(wins) / np.asarray(games)))}


def win_band_readings(large: pd.DataFrame, first: pd.DataFrame | None = None, ref: pd.DataFrame | None = None,
                      by_type: pd.DataFrame | None = None) -> pd.DataFrame:
    """"Random-guess wins about 60-70 % against every type" under each open reading.

    ``large``: the large sample per type (type, wins, games); ``first``: :func:`experiments.first_mover`
    (who opens); ``ref``: one reference match per type (wins, games); ``by_type``: the E12 rule readings
    (:func:`experiments.sensitivity_by_type`)."""
    band = printed.WIN_BAND
    read = [("every type, openers alternate (the claims row)", "none", large, band)]
    if first is not None:
        read += [(what, "who opens", first[(first.opens == opens) & (first.opponent_label != "random_guess")], band)
                 for opens, what in (("random_guess", "random-guess opens every game"),
                                     ("opponent", "the test program opens every game"))]
    read.append(("'about' read loosely: every type in 55-75 %", "how it is counted", large, LOOSE_WIN_BAND))
    if ref is not None:
        read.append(("one 500-game match per type (the thesis's design)", "how it is counted", ref, band))
    if by_type is not None:
        read += [(reading, "rules of the players (E12)", g, band)
                 for reading, g in by_type.groupby("reading", sort=False) if not reading.startswith("baseline")]
    rows = [{"reading": reading, "changed": changed, "games_per_type": int(f.games.iloc[0]),
             **_every_type(f.wins, f.games, b)} for reading, changed, f, b in read]
    mean = mean_over_types(large)
    j = V.magnitude(mean, *printed.WIN_BAND, "mean win rate over the types in 60-70 %", span=1.0, reference=0.5)
    rows.append({"reading": "the mean over the 32 types in 60-70 % (the spec's acceptance)",
                 "changed": "how it is counted", "games_per_type": int(large.games.iloc[0]), "verdict": j.verdict,
                 "types_in_band": np.nan, "types_outside": np.nan, "types_undecided": np.nan,
                 "mean_win_rate": mean.value, "ci_low": mean.low, "ci_high": mean.high})
    return pd.DataFrame(rows)


def _gain_reading(name: str, changed: str, gains: pd.DataFrame, band=printed.BBN_GAIN_BAND) -> dict:
    _, ests, judged = per_type_gains(gains, band)
    share = V.share(judged, "types")
    return {"reading": name, "changed": changed, "verdict": V.word("most", share).verdict,
            **dict(zip(_COUNTS, tally(judged))), "mean_gain": float(np.mean([e.value for e in ests])),
            "max_gain": float(max(e.value for e in ests))}


def bbn_gain_readings(games: pd.DataFrame, bbn_readings: pd.DataFrame | None = None) -> pd.DataFrame:
    """"The network adds about 5-10 points against most types" under each open reading: the gain counted in
    points (the claims row) or relative to the plain rate ("5-10 %" of it), over the whole match or only after
    learning (the second half), in the games the network player opens or answers; and, from the E12 network
    readings (``bbn_readings``, pooled over the types), the pooled gain of each reading of the network."""
    n = int(games.game.max()) + 1
    rows = [_gain_reading("gain in points over the whole match (the claims row)", "none", match_gains(games)),
            _gain_reading("gain relative to the plain rate (5-10 % of it)", "how it is counted",
                          match_gains(games, relative=True)),
            _gain_reading(f"gain after learning only (games {n // 2 + 1}-{n})", "what is measured",
                          match_gains(games[games.game >= n // 2])),
            _gain_reading("games the network player opens", "who opens", match_gains(games[games.bbn_starts == 1])),
            _gain_reading("games the test program opens", "who opens", match_gains(games[games.bbn_starts == 0])),
            _gain_reading(f"'about 5-10' with the protocol's +-25 % ({100 * GAIN_ABOUT_BAND[0]:g}-"
                          f"{100 * GAIN_ABOUT_BAND[1]:g} points)", "how it is counted", match_gains(games),
                          GAIN_ABOUT_BAND)]
    if set(FIGURE_TYPES) <= set(games.opponent):
        rows.append(_gain_reading("the three types of Figs 5.9-5.11 (type1, type8, type11)", "which test programs",
                                  match_gains(games[games.opponent.isin(FIGURE_TYPES)])))
    if {"type31", "type32"} <= set(games.opponent):
        rows.append(_gain_reading("type31 as the appendix prints it (type32's matches)", "which test programs",
                                  match_gains(type31_as_printed(games))))
    if bbn_readings is not None:
        allt = bbn_readings[(bbn_readings.group == "all types") & ~bbn_readings.variant.str.startswith("ablation")]
        for r in allt.itertuples():
            if r.variant == "thesis reading":
                continue
            est = V.Estimate(float(r.diff), float(r.diff_ci_low), float(r.diff_ci_high), int(r.seeds), "seeds")
            rows.append({"reading": f"network: {r.variant} (pooled over the types)", "changed": "the network (E12)",
                         "verdict": V.magnitude(est, *printed.BBN_GAIN_BAND, "pooled gain in +5 to +10 points",
                                                span=2.0, reference=0.0).verdict,
                         "types_in_band": np.nan, "types_outside": np.nan, "types_undecided": np.nan,
                         "mean_gain": float(r.diff), "max_gain": np.nan})
    return pd.DataFrame(rows)


def best_response_readings(br: pd.DataFrame, br2: pd.DataFrame | None = None) -> pd.DataFrame:
    """"Random-guess cannot be badly exploited" against each best responder, overall and by who opens."""
    rows = []
    for frame in (br, br2):
        if frame is None:
            continue
        for r in frame.itertuples():
            for what, rate, n in (("all games", r.win_rate, r.games), ("the best responder opens", r.as_starter, r.games / 2),
                                  ("random-guess opens", r.as_responder, r.games / 2)):
                wins = round((1 - rate) * n)
                est = V.proportion(wins, int(n))
                j = V.word("not lower", V.Estimate(est.value - 0.5, est.low - 0.5, est.high - 0.5, est.n, est.unit))
                rows.append({"responder": r.agent, "games": what, "random_guess_win_rate": est.value,
                             "ci_low": est.low, "ci_high": est.high, "verdict": j.verdict})
    return pd.DataFrame(rows)

