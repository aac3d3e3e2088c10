"""The readings the thesis leaves open, tried on each of notebook 01's differing findings (issue: every
``differs`` names its likeliest cause only after the open readings were tried).

Each function returns one row per reading: what was changed (who opens, how the claim is counted, what the
quantity is measured against), the claim's verdict under that reading, judged with the same rule as the claims
row, and the counts behind it. The readings come from data the notebook already computed; nothing here plays a
game.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p01 import printed

#: "About 60-70 %" read loosely: the spec's "revisit outside roughly [0.55, 0.75]".
LOOSE_WIN_BAND = (0.55, 0.75)


def _every_type(wins, games, band) -> dict:
    """Every type's win rate in ``band``, each type at the Bonferroni level (as the claims row)."""
    wins, games = np.asarray(wins), np.asarray(games)
    level = V.simultaneous_level(len(wins))
    judged = [V.magnitude(V.proportion(w, n, level), *band, "win rate in the band", span=1.0, reference=0.5)
              for w, n in zip(wins, games)]
    return {"verdict": V.all_of(judged).verdict,
            "types_in_band": sum(j.verdict == "reproduced" for j in judged),
            "types_outside": sum(j.verdict == "differs" for j in judged),
            "types_undecided": sum(j.verdict == "inconclusive" for j in judged),
            "mean_win_rate": float(np.mean(wins / games))}


def win_band_readings(large: pd.DataFrame, first: pd.DataFrame | None = None, ref: pd.DataFrame | None = None,
                      by_type: pd.DataFrame | None = None) -> pd.DataFrame:
    """"Random-guess wins about 60-70 % against every type" under each open reading.

    ``large``: the large sample per type (type, wins, games); ``first``: :func:`experiments.first_mover`
    (who opens); ``ref``: one reference match per type (wins, games); ``by_type``: the E12 rule readings
    (:func:`experiments.sensitivity_by_type`)."""
    rows = [{"reading": "every type, openers alternate (the claims row)", "changed": "none",
             "games_per_type": int(large.games.iloc[0]), **_every_type(large.wins, large.games, printed.WIN_BAND)}]
    if first is not None:
        for opens, what in (("random_guess", "random-guess opens every game"),
                            ("opponent", "the test program opens every game")):
            f = first[(first.opens == opens) & (first.opponent_label != "random_guess")]
            rows.append({"reading": what, "changed": "who opens", "games_per_type": int(f.games.iloc[0]),
                         **_every_type(f.wins, f.games, printed.WIN_BAND)})
    rows.append({"reading": "'about' read loosely: every type in 55-75 %", "changed": "how it is counted",
                 "games_per_type": int(large.games.iloc[0]), **_every_type(large.wins, large.games, LOOSE_WIN_BAND)})
    if ref is not None:
        rows.append({"reading": "one 500-game match per type (the thesis's design)", "changed": "how it is counted",
                     "games_per_type": int(ref.games.iloc[0]), **_every_type(ref.wins, ref.games, printed.WIN_BAND)})
    if by_type is not None:
        for reading, g in by_type.groupby("reading", sort=False):
            if reading.startswith("baseline"):
                continue
            rows.append({"reading": reading, "changed": "rules of the players (E12)",
                         "games_per_type": int(g.games.iloc[0]), **_every_type(g.wins, g.games, printed.WIN_BAND)})
    mean = mean_over_types(large)
    j = V.magnitude(mean, *printed.WIN_BAND, "mean win rate over the types in 60-70 %", span=1.0, reference=0.5)
    rows.append({"reading": "the mean over the 32 types in 60-70 % (the spec's acceptance)",
                 "changed": "how it is counted", "games_per_type": int(large.games.iloc[0]), "verdict": j.verdict,
                 "types_in_band": np.nan, "types_outside": np.nan, "types_undecided": np.nan,
                 "mean_win_rate": mean.value, "ci_low": mean.low, "ci_high": mean.high})
    return pd.DataFrame(rows)


def mean_over_types(large: pd.DataFrame) -> V.Estimate:
    """The mean of the per-type win rates (each an independent proportion of games), MOVER-Wilson interval."""
    m = len(large)
    return V.combination_of_proportions([(1 / m, int(w), int(n)) for w, n in zip(large.wins, large.games)])


def per_type_gains(gains: pd.DataFrame, band=printed.BBN_GAIN_BAND, what="gain in +5..+10 points"):
    """Per type, the paired gain across seeds (t at the Bonferroni level for the number of types) against
    ``band`` (points as rate differences: span 2, no-effect reference 0)."""
    groups = list(gains.groupby("opponent", sort=False))
    level = V.simultaneous_level(len(groups))
    ests = [V.across_seeds(g.gain.to_numpy(), -1.0, 1.0, level) for _, g in groups]
    return [o for o, _ in groups], ests, [V.magnitude(e, *band, what, span=2.0, reference=0.0) for e in ests]


def _gain_reading(name: str, changed: str, gains: pd.DataFrame, band=printed.BBN_GAIN_BAND) -> dict:
    _, ests, judged = per_type_gains(gains, band)
    share = V.share(judged, "types")
    return {"reading": name, "changed": changed, "verdict": V.word("most", share).verdict,
            "types_in_band": sum(j.verdict == "reproduced" for j in judged),
            "types_outside": sum(j.verdict == "differs" for j in judged),
            "types_undecided": sum(j.verdict == "inconclusive" for j in judged),
            "mean_gain": float(np.mean([e.value for e in ests])),
            "max_gain": float(max(e.value for e in ests))}


def _seed_gains(games: pd.DataFrame, relative: bool = False) -> pd.DataFrame:
    g = games.groupby(["opponent", "rep"], sort=False)[["win_bbn", "win_plain"]].mean().reset_index()
    g["gain"] = (g.win_bbn - g.win_plain) / (g.win_plain if relative else 1.0)
    return g


def bbn_gain_readings(games: pd.DataFrame, bbn_readings: pd.DataFrame | None = None) -> pd.DataFrame:
    """"The network adds about 5-10 points against most types" under each open reading: the gain counted in
    points (the claims row) or relative to the plain rate ("5-10 %" of it), over the whole match or only after
    learning (the second half), in the games the network player opens or answers; and, from the E12 network
    readings (``bbn_readings``, pooled over the types), the pooled gain of each reading of the network."""
    n = int(games.game.max()) + 1
    rows = [_gain_reading("gain in points over the whole match (the claims row)", "none", _seed_gains(games)),
            _gain_reading("gain relative to the plain rate (5-10 % of it)", "how it is counted",
                          _seed_gains(games, relative=True)),
            _gain_reading(f"gain after learning only (games {n // 2 + 1}-{n})", "what is measured",
                          _seed_gains(games[games.game >= n // 2])),
            _gain_reading("games the network player opens", "who opens", _seed_gains(games[games.bbn_starts == 1])),
            _gain_reading("games the test program opens", "who opens", _seed_gains(games[games.bbn_starts == 0]))]
    if bbn_readings is not None:
        allt = bbn_readings[(bbn_readings.group == "all types") & ~bbn_readings.variant.str.startswith("ablation")]
        for r in allt.itertuples():
            if r.variant == "thesis reading":
                continue
            est = V.Estimate(float(r.diff), float(r.diff_ci_low), float(r.diff_ci_high), int(r.seeds), "seeds")
            rows.append({"reading": f"network: {r.variant} (pooled over the types)", "changed": "the network (E12)",
                         "verdict": V.magnitude(est, *printed.BBN_GAIN_BAND, "pooled gain in +5..+10 points",
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


def summary(readings: pd.DataFrame, label: str = "reading") -> str:
    """One sentence for the claims row's ``readings``: how many readings were tried beside the row's own (the
    first), which reproduce the print, which leave it undecided, and that the others differ."""
    tried = readings.iloc[1:] if len(readings) > 1 else readings
    ok = tried[tried.verdict == "reproduced"]
    open_ = tried[tried.verdict == "inconclusive"]
    text = f"{len(tried)} other {label}s tried ({', '.join(sorted(set(tried.changed)))})"
    if len(ok):
        text += "; reproduced under: " + "; ".join(ok[label].astype(str))
    if len(open_):
        text += "; undecided under: " + "; ".join(open_[label].astype(str))
    others = len(tried) - len(ok) - len(open_)
    return text + (f"; {'every other' if len(ok) or len(open_) else 'every one'} ({others}) differs."
                   if others else ".")
