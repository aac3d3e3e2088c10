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
    from liarlab.papers.p01.claims import per_type_band

    judged = per_type_band(wins, games, band)
    return {"verdict": V.all_of(judged).verdict,
            "types_in_band": sum(j.verdict == "reproduced" for j in judged),
            "types_outside": sum(j.verdict == "differs" for j in judged),
            "types_undecided": sum(j.verdict == "inconclusive" for j in judged),
            "mean_win_rate": float(np.mean(np.asarray(wins) / np.asarray(games)))}


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


def per_type_gains(gains: pd.DataFrame, band=printed.BBN_GAIN_BAND, what="gain in +5 to +10 points"):
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
            _gain_reading("games the test program opens", "who opens", _seed_gains(games[games.bbn_starts == 0])),
            _gain_reading(f"'about 5-10' with the protocol's +-25 % ({100 * GAIN_ABOUT_BAND[0]:g}-"
                          f"{100 * GAIN_ABOUT_BAND[1]:g} points)", "how it is counted", _seed_gains(games),
                          GAIN_ABOUT_BAND)]
    if set(FIGURE_TYPES) <= set(games.opponent):
        rows.append(_gain_reading("the three types of Figs 5.9-5.11 (type1, type8, type11)", "which test programs",
                                  _seed_gains(games[games.opponent.isin(FIGURE_TYPES)])))
    if {"type31", "type32"} <= set(games.opponent):
        rows.append(_gain_reading("type31 as the appendix prints it (type32's matches)", "which test programs",
                                  _seed_gains(type31_as_printed(games))))
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


# ============================================================================ readings rows (liarlab.core.readings)
#
# One set of rows per claim, the default reading first (the claims row's own estimate and judgement). The open
# points of each family were listed from the spec's "Open ambiguities" (§7) and the thesis's wording before any
# verdict was looked at; each is a run reading or a not_run row saying why it cannot be run here.

from liarlab.core import readings as CR  # noqa: E402

BAND_CLAIM = "random-guess wins about 60-70 % against every type"
BEATEN_CLAIM = "random-guess loses to no test program"
WIN_FAMILY = "§5.2 win rate per type"
GAIN_CLAIM = "BBN adds about 5-10 points against most test programs"
GAIN_FAMILY = "§5.2 network gain per type"

_SPEC = "spec 01 §7"

#: Readings of the per-type win-rate claims of §5.2 (shared by "60-70 % against every type" and "loses to none").
WIN_READINGS = {
    "default": CR.Reading("large sample per type, openers alternate",
                          "each type's true win rate (a large sample, openers alternating game by game) is judged",
                          f"{_SPEC} 1 (alternating openers chosen); §5.3 'against every type'", default=True),
    "rg opens": CR.Reading("random-guess opens every game", "random-guess always opens",
                           f"{_SPEC} 1: the starting player is not specified"),
    "program opens": CR.Reading("the test program opens every game", "the test program always opens",
                                f"{_SPEC} 1: the starting player is not specified"),
    "random opener": CR.Reading("random opener each game (E12)", "the opener is drawn at random each game",
                                f"{_SPEC} 1; spec E12"),
    "retry": CR.Reading("random-guess retries candidates within a bid draw (E12)",
                        "a failed opponent-belief check tries other candidates in the same call",
                        f"{_SPEC} 3; spec §2.3 variant"),
    "cap >": CR.Reading("cap triggers at x > cap (E12)", "the test programs challenge only above their cap",
                        f"{_SPEC} 5; spec §3.4 ('maximum tolerated count')"),
    "cap own": CR.Reading("cap also limits the program's own bids (E12)",
                          "a program has no bid available at or above its cap", f"{_SPEC} 5; spec §3.4 variant"),
    "type31": CR.Reading("type31 as the appendix prints it (a copy of type32)",
                         "type31 is liar, suspicious, low cap, strong, prefers bid, as printed",
                         f"{_SPEC} 7: the appendix lists type31 identical to type32"),
    "one match": CR.Reading("one 500-game match per type (the thesis's design)",
                            "the thesis's single 500-game match per type is what is judged",
                            f"{_SPEC} 18; §5.3 (one run per match)"),
    "loose": CR.Reading("'about' read loosely: every type in 55-75 %",
                        "'about 60-70 %' allows 55-75 %", "spec E5 ('outside roughly [0.55, 0.75], revisit')"),
    "mean": CR.Reading("the mean over the 32 types in 60-70 %",
                       "'about 60-70 % against all 32' describes the typical level, not each type",
                       "spec E5 acceptance ('the mean across types in [0.6, 0.7]')"),
    "opening count": CR.Reading("test programs open with another count",
                                "the test programs' opening bid uses a count other than 2",
                                f"{_SPEC} 4: opening behaviour not stated"),
    "cap override": CR.Reading("the cap does not override 'prefers bid'",
                               "a prefers-bid program may still bid at its cap",
                               f"{_SPEC} 5 (whether the cap overrides the preference trait)"),
    "details": CR.Reading("other test-program details (ties, jump size, clipping)",
                          "ties, the jump size or the clipping of belief counts are read otherwise",
                          f"{_SPEC} 6"),
    "min count": CR.Reading("another minimum count", "the lowest legal count is not 2", f"{_SPEC} 2"),
}

_NOT_BUILT = CR.Unbuilt("no variant of the 32 programs for it exists in our simulator, and it would need a new "
                        "run of all 32 types that this run does not make")
_WIN_NOT_RUN = {
    "opening count": _NOT_BUILT,
    "cap override": _NOT_BUILT,
    "details": _NOT_BUILT,
    "min count": "the thesis fixes it twice: 144 legal bids for 5 players and node A's values 2..10 both give 2",
}
_E12 = {"random opener": "random opener each game", "retry": "random-guess retries candidates within a bid draw",
        "cap >": "cap triggers at x > cap", "cap own": "cap also limits the program's own bids"}


def _per_type(wins, games, kind: str, m: int | None = None, band=printed.WIN_BAND):
    """The share of types for which a per-type claim holds and its every-type verdict, judged as the claims rows
    judge them (:func:`liarlab.papers.p01.claims.per_type_band`, ``per_type_above_half``)."""
    from liarlab.papers.p01 import claims as C

    judged = C.per_type_band(wins, games, band, m) if kind == "band" else C.per_type_above_half(wins, games, m)
    return V.share(judged, "types"), V.all_of(judged)


def _counts_note(wins, games) -> str:
    return f"{len(wins)} types x {int(np.min(games)):,} games"


def win_rate_readings(kind: str, default_est: V.Estimate, default_j: V.Judgement, large: pd.DataFrame,
                      first: pd.DataFrame | None = None, ref: pd.DataFrame | None = None,
                      by_type: pd.DataFrame | None = None) -> list[dict]:
    """The readings rows of "60-70 % against every type" (``kind="band"``) or "loses to none"
    (``kind="beaten"``): the default is the claims row's own (``default_est``, ``default_j``); every other
    reading is judged by the same rule (each type at the Bonferroni level for the types, then every type)."""
    claim, R_ = (BAND_CLAIM if kind == "band" else BEATEN_CLAIM), WIN_READINGS
    rows = [CR.run(WIN_FAMILY, claim, R_["default"], default_est, default_j,
                   note=_counts_note(large.wins, large.games))]

    def add(key, wins, games, band=printed.WIN_BAND, note=""):
        est, j = _per_type(wins, games, kind, band=band)
        rows.append(CR.run(WIN_FAMILY, claim, R_[key], est, j, note=note or _counts_note(wins, games)))

    if first is not None:
        for opens, key in (("random_guess", "rg opens"), ("opponent", "program opens")):
            f = first[(first.opens == opens) & (first.opponent_label != "random_guess")]
            add(key, f.wins, f.games)
    else:
        for key in ("rg opens", "program opens"):
            rows.append(CR.not_built(WIN_FAMILY, claim, R_[key], "the first-mover runs are not in this call"))
    for key, name in _E12.items():
        g = by_type[by_type.reading == name] if by_type is not None else pd.DataFrame()
        if len(g):
            add(key, g.wins, g.games)
        else:
            rows.append(CR.not_built(WIN_FAMILY, claim, R_[key], "the E12 rule readings are not in this call"))
    t = large.set_index("type")
    if 31 in t.index and 32 in t.index:
        t31 = t.copy()
        t31.loc[31, ["wins", "games"]] = t.loc[32, ["wins", "games"]].to_numpy()
        add("type31", t31.wins, t31.games, note="type31's games are type32's (the same program as printed)")
    else:
        rows.append(CR.not_built(WIN_FAMILY, claim, R_["type31"], "types 31 and 32 are not both in this sample"))
    if ref is not None and {"wins", "games"} <= set(ref.columns):
        add("one match", ref.wins, ref.games)
    else:
        rows.append(CR.not_built(WIN_FAMILY, claim, R_["one match"], "the reference matches are not in this call"))
    if kind == "band":
        add("loose", large.wins, large.games, band=LOOSE_WIN_BAND)
        mean = mean_over_types(large)
        rows.append(CR.run(WIN_FAMILY, claim, R_["mean"], mean,
                           V.magnitude(mean, *printed.WIN_BAND, "mean win rate over the types in 60-70 %", span=1.0,
                                       reference=0.5),
                           note="a MOVER-Wilson interval for the mean of the per-type rates"))
    for key, why in _WIN_NOT_RUN.items():
        rows.append(CR.skipped(WIN_FAMILY, claim, R_[key], why))
    return rows


#: "約 5%~10%" read with the protocol's "about": the band's edges widened by ABOUT (+3.75 to +12.5 points)
GAIN_ABOUT_BAND = (printed.BBN_GAIN_BAND[0] * (1 - V.ABOUT), printed.BBN_GAIN_BAND[1] * (1 + V.ABOUT))

GAIN_READINGS = {
    "default": CR.Reading("gain in points over the whole match, per type, paired on the same dice",
                          "'5-10 %' are percentage points of the win rate over the 500 games",
                          "thesis §5.2 ('5-10 %'); spec §5.3 (+5 to +10 points)", default=True),
    "relative": CR.Reading("gain relative to the plain rate (5-10 % of it)",
                           "'5-10 %' is a relative increase of the plain win rate", "thesis §5.2 wording ('%')"),
    "after": CR.Reading("gain after learning only (the second half of each match)",
                        "the gain is what the trained network adds, after its early unreliable games",
                        "spec §4.4 (gate: early estimates are unreliable)"),
    "bbn opens": CR.Reading("games the network player opens", "the gain in the games the network player opens",
                            f"{_SPEC} 1 (starting player not specified)"),
    "program opens": CR.Reading("games the test program opens", "the gain in the games the test program opens",
                                f"{_SPEC} 1 (starting player not specified)"),
    "unpaired": CR.Reading("one unpaired 500-game match per condition (the thesis's design)",
                           "each type's gain is one network match minus one plain match on other dice",
                           f"{_SPEC} 18 (one run per condition)"),
    "gates": CR.Reading("separate adoption gates per update, or n counted after the event",
                        "the gate is drawn per update, or its n includes the current event",
                        f"{_SPEC} 10"),
    "node D": CR.Reading("node D read as something other than 'same face'",
                         "'supports the previous face' is read otherwise than y' = y", f"{_SPEC} 9"),
    "normaliser": CR.Reading("the thesis's own normaliser P(D|A)P(E|A)",
                             "the posterior is divided by the thesis's approximate normaliser", f"{_SPEC} 8"),
    # the wording: 約 5%~10% ("about"), read with the protocol's "about x" (x +- 25 %)
    "about": CR.Reading("'about 5-10' with the protocol's +-25 %",
                        f"'約 5%~10%' (about 5-10 points) allows {100 * GAIN_ABOUT_BAND[0]:g} to "
                        f"{100 * GAIN_ABOUT_BAND[1]:g} points per type",
                        "thesis §5.2 wording ('約 5%~10%'); the protocol's 'about x' (x +- 25 %)"),
    # which test programs: the three the thesis shows, or type31 as the appendix prints it
    "figure types": CR.Reading("the three types of Figs 5.9-5.11 (type1, type8, type11)",
                               "'most test programs' is judged on the three programs the thesis shows with and "
                               "without the network", "thesis §5.2 (Figs 5.9-5.11; the appendix plots of all 32 "
                               f"are lost: {_SPEC} 15)"),
    "type31": WIN_READINGS["type31"],
    # which game: the E12 rule readings (spec E12: 'rerun E5/E7'), and the test programs' open details
    "random opener": WIN_READINGS["random opener"],
    "retry": WIN_READINGS["retry"],
    "cap >": WIN_READINGS["cap >"],
    "cap own": WIN_READINGS["cap own"],
    "opening count": WIN_READINGS["opening count"],
    "cap override": WIN_READINGS["cap override"],
    "details": WIN_READINGS["details"],
    "min count": WIN_READINGS["min count"],
}
#: the types whose gain Figs 5.9-5.11 show with and without the network
FIGURE_TYPES = ("type1", "type8", "type11")
#: The E12 network readings (variant names of ``bbn_experiments.BBN_VARIANTS``) and where each open point is.
_NETWORK = {
    "Bernoulli verdicts": f"{_SPEC} 10 (verdicts sampled, not thresholded)",
    "not-support limit x-3": f"{_SPEC} 11",
    "P(B|A) (edge A->B)": f"{_SPEC} 8 (P(B|A) instead of P(B))",
    "credible opening fills to x-1": f"{_SPEC} 13",
    "no probability 4 at our opening": f"{_SPEC} 12 (probability 4's use is never described)",
    "Laplace (add-one) smoothing": f"{_SPEC} 14",
    "challenge guess from a sampled hand": "spec §4.7 variant; spec E12",
}
_GAIN_NOT_BUILT = CR.Unbuilt("our network has no switch for it: engine work (a switch in the compiled network, "
                             "liarlab.liardice.bbn_play), then E7's 640 paired matches rerun under it, about 15 CPU "
                             "minutes at full size (1.3 s a match measured)")
#: The game and test-program readings of the gain that E7's matches cannot give (each with why); the E12 rule
#: readings were run for random-guess alone (E5), not for the network's paired matches.
_GAIN_GAME_NOT_BUILT = CR.Unbuilt("E7's paired matches (network and plain random-guess) were played under the spec's "
                                  "readings only and the compiled network engine has no switch for it; it would need "
                                  "E7 rerun under it against every type (E12 ran it for random-guess alone): engine "
                                  "work, then about 15 CPU minutes at full size")
_GAIN_PROGRAM_NOT_BUILT = CR.Unbuilt("no variant of the 32 programs for it exists in our simulator, and it would need "
                                     "E7's paired matches against all 32 types rerun under it: simulator work, then "
                                     "about 15 CPU minutes at full size")
_GAIN_NOT_RUN = {"random opener": _GAIN_GAME_NOT_BUILT, "retry": _GAIN_GAME_NOT_BUILT, "cap >": _GAIN_GAME_NOT_BUILT,
                 "cap own": _GAIN_GAME_NOT_BUILT, "opening count": _GAIN_PROGRAM_NOT_BUILT,
                 "cap override": _GAIN_PROGRAM_NOT_BUILT, "details": _GAIN_PROGRAM_NOT_BUILT,
                 "min count": _WIN_NOT_RUN["min count"]}


def network_reading(r) -> dict:
    """One E12 network reading of the BBN-gain claim, from its ``bbn_variants`` row ``r`` (group "all types"),
    judged on the claim's own statistic: E12 replays the claim's design (every type, the same seeded matches and
    games) under the reading and keeps each type's gain judged as the claim judges it (``types_in_band``,
    ``types_out_band``, ``types_undecided``, issue 49), so the share of types in +5 to +10 points is judged with the
    word "most". A table from before those columns existed bounds the reading when even the largest type's point
    gain is below +5 points (no type can lie in the band), else leaves it not built."""
    reading = CR.Reading(f"network: {r.variant}", f"the network read as '{r.variant}' (spec E12)",
                         _NETWORK.get(r.variant, "spec E12"))
    pooled = (f"E12's own seeded matches ({int(r.seeds)} seeds) give a pooled gain of {float(r.diff):+.3f} "
              f"[{float(r.diff_ci_low):+.3f}, {float(r.diff_ci_high):+.3f}] and a largest type gain of "
              f"{float(r.max_type_diff):+.3f}")
    counts = [getattr(r, k, np.nan) for k in ("types_in_band", "types_out_band", "types_undecided")]
    if all(pd.notna(c) for c in counts):
        yes, no, open_ = (int(c) for c in counts)
        judged = ([V.Judgement("reproduced", "")] * yes + [V.Judgement("differs", "")] * no
                  + [V.Judgement("inconclusive", "")] * open_)
        share = V.share(judged, "types")
        return CR.run(GAIN_FAMILY, GAIN_CLAIM, reading, share, V.word("most", share),
                      note=f"{yes} types in the band, {no} outside, {open_} undecided, on E12's {int(r.types)} types "
                           f"x {int(r.seeds)} seeded matches; {pooled}")
    low = printed.BBN_GAIN_BAND[0]
    if float(r.max_type_diff) < low:
        return CR.bounded(GAIN_FAMILY, GAIN_CLAIM, reading,
                          f"{pooled}: no type's point gain reaches +{low:g}, so no type's interval lies in the band "
                          "and the share of types in it is 0; judged per type it could not reproduce 'most'")
    return CR.not_built(GAIN_FAMILY, GAIN_CLAIM, reading,
                        f"{pooled}; this E12 table keeps no per-type judgements (types_in_band), so the share of "
                        "types in the band cannot be judged from it: rerun E12 (bbn_variants keeps them)")


def gain_readings(default_est, default_j, games: pd.DataFrame, bbn_readings: pd.DataFrame | None = None) -> list[dict]:
    """The readings rows of "the network adds about 5-10 points against most types": the per-type readings are
    judged as the claims row is (per type at the Bonferroni level, then "most"). The E12 network readings replay
    the claim's design and keep each type's gain judged the same way, so each is run on this claim's statistic
    (:func:`network_reading`). The
    wording 'about' and which test programs (Figs 5.9-5.11's three, type31 as printed) are run from the same
    games; the E12 game readings and the programs' open details were never played with the network: not built
    (:data:`_GAIN_NOT_RUN`)."""
    R_ = GAIN_READINGS
    rows = [CR.run(GAIN_FAMILY, GAIN_CLAIM, R_["default"], default_est, default_j,
                   note=f"{games.opponent.nunique()} types x {games.rep.nunique()} seeded matches")]
    n = int(games.game.max()) + 1

    def add(key, frame, relative=False, band=printed.BBN_GAIN_BAND, note=""):
        what = f"gain in +{100 * band[0]:g}..+{100 * band[1]:g} points"
        _, _, judged = per_type_gains(_seed_gains(frame, relative=relative), band, what)
        share = V.share(judged, "types")
        rows.append(CR.run(GAIN_FAMILY, GAIN_CLAIM, R_[key], share, V.word("most", share),
                           note=f"{sum(j.verdict == 'reproduced' for j in judged)} types in the band, "
                                f"{sum(j.verdict == 'differs' for j in judged)} outside, "
                                f"{sum(j.verdict == 'inconclusive' for j in judged)} undecided" + note))

    add("relative", games, relative=True)
    add("after", games[games.game >= n // 2])
    add("bbn opens", games[games.bbn_starts == 1])
    add("program opens", games[games.bbn_starts == 0])
    reps = sorted(games.rep.unique())
    if len(reps) >= 2:
        level = V.simultaneous_level(games.opponent.nunique())
        judged = []
        for _, g in games.groupby("opponent", sort=False):
            a, b = g[g.rep == reps[0]], g[g.rep == reps[1]]
            est = V.difference_of_proportions(int(a.win_bbn.sum()), len(a), int(b.win_plain.sum()), len(b), level)
            judged.append(V.magnitude(est, *printed.BBN_GAIN_BAND, "gain in +5 to +10 points", span=2.0,
                                      reference=0.0))
        share = V.share(judged, "types")
        rows.append(CR.run(GAIN_FAMILY, GAIN_CLAIM, R_["unpaired"], share, V.word("most", share),
                           note="the network's first seeded match against the plain player's second (other dice); "
                                "Newcombe interval per type"))
    if bbn_readings is not None:
        allt = bbn_readings[(bbn_readings.group == "all types") & ~bbn_readings.variant.str.startswith("ablation")]
        for r in allt.itertuples():
            if r.variant == "thesis reading":
                continue
            rows.append(network_reading(r))
    for key in ("gates", "node D", "normaliser"):
        rows.append(CR.not_built(GAIN_FAMILY, GAIN_CLAIM, R_[key], _GAIN_NOT_BUILT))
    add("about", games, band=GAIN_ABOUT_BAND)
    rows += _test_program_readings(games, add)
    for key, why in _GAIN_NOT_RUN.items():
        rows.append(CR.skipped(GAIN_FAMILY, GAIN_CLAIM, R_[key], why))
    return rows


def type31_as_printed(games: pd.DataFrame) -> pd.DataFrame:
    """E7's games with type31 as the appendix prints it, a copy of type32: type32's seeded matches stand for
    type31's (the same program, so the same distribution of gains)."""
    return pd.concat([games[games.opponent != "type31"], games[games.opponent == "type32"].assign(opponent="type31")],
                     ignore_index=True)


def _test_program_readings(games: pd.DataFrame, add) -> list[dict]:
    """Which test programs the gain is judged against, from E7's games: the three types of Figs 5.9-5.11 alone
    (each at the Bonferroni level for three), and the 32 with type31 as the appendix prints it (type32's seeded
    matches stand for it: the same program). ``add`` appends a run row; a reading whose types are not in the
    sample is returned as not built."""
    rows: list[dict] = []
    present = set(games.opponent)
    if set(FIGURE_TYPES) <= present:
        add("figure types", games[games.opponent.isin(FIGURE_TYPES)], note=" (of the three types the figures show)")
    else:
        rows.append(CR.not_built(GAIN_FAMILY, GAIN_CLAIM, GAIN_READINGS["figure types"],
                                 "types 1, 8 and 11 are not all in this sample"))
    if {"type31", "type32"} <= present:
        add("type31", type31_as_printed(games), note="; type31's seeded matches are type32's (the same program as "
                                                     "printed)")
    else:
        rows.append(CR.not_built(GAIN_FAMILY, GAIN_CLAIM, GAIN_READINGS["type31"],
                                 "types 31 and 32 are not both in this sample"))
    return rows
