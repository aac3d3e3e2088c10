"""Notebook 01's claims under the study's verdict protocol (``liarlab.core.verdicts``, docs/VERDICTS.md).

One builder per section; each row is made by ``families.claim`` from an ``Estimate`` and a judgement of one of the
protocol's rules (no thresholds here; paper values from ``printed.py``). Fixed agents (random-guess, the test
programs) replicate by games (Wilson intervals); the network, which learns, replicates by independently seeded
matches (t across seeds). A claim about *every* type is one test: each type judged at the Bonferroni
level ``verdicts.simultaneous_level(32)``, then ``all_of``; a claim about *most* types is ``share`` of those
judgements, judged with the protocol's word "most". The claims are declared as :data:`CLAIM_FAMILIES` (one
:class:`liarlab.study.families.ClaimFamily` per figure, table or statement, in the notebook's order), walked by the
one engine (:func:`rows`); a reading of a claim is a :class:`~liarlab.study.families.Way` of its family.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.papers.p01 import printed
from liarlab.study import families as F
from liarlab.study.answer import plural
from liarlab.study.families import ClaimFamily, Way, claim

WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
FIG_TYPES = (1, 5, 23)          # the types of Figs 5.6-5.8
_SPEC = "spec 01 §7"            # the spec's open points, where a reading comes from


def _minus(est: V.Estimate, c: float) -> V.Estimate:
    """The same estimate shifted by ``-c`` (a rate as its difference from ``c``)."""
    return replace(est, value=est.value - c, low=est.low - c, high=est.high - c)


# ============================================================================ per-type tests with multiplicity

def per_type_band(wins, games, band=printed.WIN_BAND, m: int | None = None) -> list[V.Judgement]:
    """Each type's win rate (Wilson, fixed agents) against ``band`` at the Bonferroni level for ``m`` types."""
    wins, games = np.asarray(wins), np.asarray(games)
    level = V.simultaneous_level(m or len(wins))
    # no no-effect reference: the claim counts types in a band, and "same direction" (a wrong size, not a wrong
    # sign) said nothing of a count of types on the first screen (issue 50); "loses to none" tests the sign
    return [V.magnitude(V.proportion(w, n, level), *band, "win rate in the band", span=1.0)
            for w, n in zip(wins, games)]


def tally(judged) -> tuple[int, int, int]:
    """How many of the per-type judgements ``judged`` are reproduced (in the band), differ and are undecided."""
    return tuple(sum(j.verdict == v for j in judged) for v in ("reproduced", "differs", "inconclusive"))


def per_type_above_half(wins, games, m: int | None = None) -> list[V.Judgement]:
    """Each type's win rate above 0.5 (random-guess beats it), at the Bonferroni level for ``m`` types."""
    wins, games = np.asarray(wins), np.asarray(games)
    level = V.simultaneous_level(m or len(wins))
    return [V.direction(_minus(V.proportion(w, n, level), 0.5), ">", 0.0) for w, n in zip(wins, games)]


def reading_robustness(by_type: pd.DataFrame) -> pd.DataFrame:
    """E12 for the win-rate claims of §5.2: per reading of the rules, the mean and worst type, and the verdicts of the two
    per-type claims ("60-70 % against every type", "loses to none") with the share of types in the band."""
    rows = []
    for reading, g in by_type.groupby("reading", sort=False):
        band = per_type_band(g.wins, g.games)
        half = per_type_above_half(g.wins, g.games)
        share = V.share(band, "types")
        worst = g.loc[g.win_rate.idxmin()]
        rows.append({"reading": reading, "mean_win_rate": g.win_rate.mean(), "min_win_rate": worst.win_rate,
                     "worst_type": int(worst.type), "max_win_rate": g.win_rate.max(),
                     "types_in_band": sum(j.verdict == "reproduced" for j in band),
                     "types_outside_band": sum(j.verdict == "differs" for j in band),
                     "share_in_band_low": share.low, "share_in_band_high": share.high,
                     "every_type_60_70": V.all_of(band).verdict, "loses_to_none": V.all_of(half).verdict,
                     "games_per_type": int(g.games.iloc[0])})
    return pd.DataFrame(rows)


def reading_robustness_table(readings: pd.DataFrame) -> pd.DataFrame:
    """E12 (:func:`reading_robustness`) as the page shows it: headed in words, not by the CSV's code names
    ("every type 60 70", "share in band low", issue 50), every rate to 3 decimals, and the share of types in the
    band as its range over the undecided types ("0.125 to 0.469")."""
    from liarlab.study.tables import fixed_text, with_decimals

    shown = pd.DataFrame({
        "reading of the rules": readings.reading,
        "mean win rate": readings.mean_win_rate, "lowest win rate": readings.min_win_rate,
        "type with the lowest": readings.worst_type.map(lambda t: f"type {int(t)}"),
        "highest win rate": readings.max_win_rate,
        "types in 60-70 %": readings.types_in_band.astype(int),
        "types outside 60-70 %": readings.types_outside_band.astype(int),
        "share of types in 60-70 % (range over the undecided)": [
            f"{fixed_text(lo, 3)} to {fixed_text(hi, 3)}"
            for lo, hi in zip(readings.share_in_band_low, readings.share_in_band_high)],
        "60-70 % against every type": readings.every_type_60_70,
        "loses to no type": readings.loses_to_none,
        "games per type": readings.games_per_type.astype(int)})
    return with_decimals(shown, dict.fromkeys(("mean win rate", "lowest win rate", "highest win rate"), 3))


# ============================================================================ sections

def background_rows(_res=None) -> list[dict]:
    """§4.3: the rain example. (§4.1's search space and legal-bid count are paper-wide dice facts, claimed once in
    notebook 00.)"""
    from liarlab.papers.p01.experiments import rain_given_dry

    rain = rain_given_dry()
    return [claim("rain example P(rain | ground dry)", "§4.3, Tables 4.8/4.9", printed.RAIN_GIVEN_DRY,
                  V.exact(round(rain, 6)), V.value(printed.RAIN_GIVEN_DRY, V.exact(rain), decimals=2, span=1.0),
                  kind="arithmetic",
                  note="printed denominator (18+45)/100 is a typo for (8+45)/100; literally it gives 0.127")]


def worked_check_rows(checks: pd.DataFrame) -> list[dict]:
    """§4.2 Figs 4.2-4.6: the challenge draw in the worked situations (exact, by enumeration)."""
    rows = []
    for _, r in checks.iterrows():
        sim = V.proportion(r.challenge_draws, r.calls) if "calls" in r else None
        sim_text = (f"simulated {sim.value:.4f}" + (f" (95 % interval {sim.low:.4f} to {sim.high:.4f})"
                                                     if sim.high > sim.low else "") + f" over {int(r.calls):,} calls; "
                    if sim is not None else "")
        rows.append(claim(f"challenge draw: {r.situation}", "§4.2 Figs 4.2-4.6", round(r.paper_challenge_draw, 4),
                          V.exact(r.p_challenge_draw), V.value(r.paper_challenge_draw, V.exact(r.p_challenge_draw)),
                          kind="arithmetic", family="§4.2 Figs 4.2-4.6",
                          note=f"{sim_text}final action = challenge with probability {r.p_final_challenge:.4f}"))
    return rows


_TWO_SIXES = "bid weight 'two 6s' holding no 6 (Fig 4.4)"


def _two_sixes_way(reading: CR.Reading, count) -> Way:
    """A reading of the Fig 4.4 weight: ``count(ours)`` is the weight it counts (``ours``: the weight our bid draw
    uses, the results' ``weight_two_sixes``)."""
    def run(res):
        v = count(int(res.weight_two_sixes))
        return V.exact(v), V.value(printed.WEIGHT_TWO_SIXES, V.exact(v)), ""

    return Way(reading, run=run)


def _exactly_two(_ours):
    from liarlab.core import dice

    return dice.hands_with_exactly(2)


def _distinct_hands(_ours):
    from liarlab.core import dice

    return dice.multisets_count(dice=3)


#: The readings of the Fig 4.4 weight of "two 6s", each run on the weight our bid draw uses.
TWO_SIXES_WAYS = (
    _two_sixes_way(CR.Reading("at least two 6s, ordered rolls (Table 4.7)", "the weight counts the 7776 ordered "
                              "rolls with two or more 6s", "thesis §4.2 text and Table 4.7; spec §2.1 (CUM[2])",
                              default=True), lambda ours: ours),
    _two_sixes_way(CR.Reading("exactly two 6s, ordered rolls", "the weight counts the rolls with exactly two 6s",
                              "Table 4.7 prints both rows"), _exactly_two),
    _two_sixes_way(CR.Reading("at least two 6s, distinct unordered hands", "'手牌種類數' (kinds of hands) counts the "
                              "252 distinct hands", "thesis §4.2 wording '種類數'"), _distinct_hands),
)


def fig_5_1_row(example: dict, freq51: pd.DataFrame) -> dict:
    """§5.1 Fig 5.1: the test program's bid with the figure's draws (a replay of our code)."""
    ok = example["action"] == ("bid", (4, 5))
    return claim("Fig 5.1: type7 with two 5s, cap 4, facing 'three 5s' bids", "§5.1 Fig 5.1", printed.FIG_5_1_ACTION,
                 f"{WORDS[example['action'][1][0]]} {example['action'][1][1]}s" if example["action"][0] == "bid"
                 else "challenge",
                 V.stated("reproduced" if ok else "differs",
                          "exact replay with the figure's draws (x-2 belief, honest branch): the bid must be 'four 5s'"),
                 kind="check",
                 note=f"over all draws 'four 5s' has share {freq51.loc[freq51.action == (4, 5), 'share'].sum():.3f}")


def two_stage(judge, pilot, fresh, plan: V.Plan | None) -> tuple:
    """``judge(sample) -> (estimate, judgement, *more)`` under the two-stage design: on the ``pilot``; on the
    ``fresh`` sample (``verdicts.confirmed``) when the pilot left the claim to a second stage (:func:`second_stage`)
    and ``plan`` drew one; ``undecidable`` when the pilot is undecided and no sample can decide it."""
    got = judge(pilot)
    est, j = got[:2]
    if plan is None or not second_stage(j):
        return got
    if fresh is not None and not plan.undecidable:
        again = judge(fresh)
        return (again[0], V.confirmed(est, j, *again[:2], plan), *again[2:])
    if plan.undecidable and j.verdict == "inconclusive":
        return (est, V.undecidable(j, plan.reason), *got[2:])
    return got


def _win_claims(frame: pd.DataFrame, m: int) -> dict:
    """The two per-type claims of §5.2 on one sample, each (share of types, every-type judgement)."""
    band, half = per_type_band(frame.wins, frame.games, m=m), per_type_above_half(frame.wins, frame.games, m=m)
    return {"band": (V.share(band, "types"), V.all_of(band, "every type's win rate in 60-70 %")),
            "beaten": (V.share(half, "types"), V.all_of(half, "every type's win rate above 0.5"))}


def win_rate_judgements(large: pd.DataFrame, m: int | None = None) -> tuple[V.Judgement, V.Judgement]:
    """The two per-type claims of §5.2 on one sample: every type's rate in 60-70 %, and above 0.5."""
    return tuple(j for _, j in _win_claims(large, m or len(large)).values())


def _trend_judged(frame: pd.DataFrame) -> tuple[V.Estimate, V.Judgement]:
    """The curves' claim on one sample: random-guess beats each of types 1, 5, 23 (Bonferroni level for three)."""
    g = frame.set_index("type").loc[list(FIG_TYPES)]
    half = per_type_above_half(g.wins, g.games, m=len(FIG_TYPES))
    return V.share(half, "types"), V.all_of(half, "win rate above 0.5 against each of types 1, 5, 23")


def second_stage(j: V.Judgement) -> bool:
    """Whether a per-type claim is judged again on the fresh sample: undecided by the pilot, or a near-miss
    ``differs`` (:func:`verdicts.near_miss`; for an ``all_of`` claim the miss of its farthest differing type, issue
    49, History 2026-12-07, second session)."""
    return j.verdict == "inconclusive" or V.near_miss(j)


def per_type_plan(j: V.Judgement, large: pd.DataFrame, m: int, cap: int) -> V.Plan | None:
    """The confirmatory plan of one per-type claim in games per type: :func:`verdicts.plan_confirmation` for an
    undecided pilot, :func:`verdicts.plan_knife_edge` for a near-miss ``differs`` (sized from the pilot's games per
    type at the per-type Bonferroni level, never fewer than the pilot's), None for a pilot decided with room."""
    if j.verdict == "inconclusive":
        return V.plan_confirmation(j, cap=cap)
    pilot = V.Estimate(0.0, 0.0, 0.0, int(large.games.min()), "games", level=V.simultaneous_level(m))
    return V.plan_knife_edge(pilot, j, cap=cap)


def win_rate_plan(large: pd.DataFrame, cap: int) -> V.Plan | None:
    """The confirmatory sample (games per type, fresh) for whichever per-type claim of §5.2 (every type in
    60-70 %, every type beaten, types 1, 5, 23 beaten) the pilot left undecided or decided as a near-miss
    ``differs`` (:func:`second_stage`); None when all were decided with room. The largest plan is drawn once and
    judges each such claim."""
    band, half = win_rate_judgements(large)
    plans = [per_type_plan(band, large, len(large), cap), per_type_plan(half, large, len(large), cap),
             per_type_plan(_trend_judged(large)[1], large, len(FIG_TYPES), cap)]
    sized = [p for p in plans if p is not None and not p.undecidable]
    if sized:
        return max(sized, key=lambda p: p.n)
    return next((p for p in plans if p is not None), None)


def win_rate_verdicts(res) -> dict:
    """The two per-type claims of §5.2 judged on the results ``res`` (``large``, ``large_fresh``, ``win_plan``):
    ``{"band": (share, judgement), "beaten": (share, judgement)}``, each the pilot's, or under the two-stage design
    the fresh sample's (drawn by the plan when the pilot left a claim undecided or a near miss)."""
    m = len(res.large)
    return {key: two_stage(lambda f, key=key: _win_claims(f, m)[key], res.large, res.large_fresh, res.win_plan)
            for key in ("band", "beaten")}


def _win_rates(res) -> list[dict]:
    """§5.2: random-guess against the 32 test programs (large sample per type, fixed agents: Wilson intervals at the
    Bonferroni level for 32 types). "About 60-70 % against every type" and "loses to none" are each one test
    (:func:`win_rate_verdicts`); their readings are the family's :data:`WIN_WAYS`."""
    large, ref, p = res.large, res.ref, res.params
    m = len(large)
    band = per_type_band(large.wins, large.games, m=m)
    worst = large.loc[large.win_rate.idxmin()]
    outside = [int(t) for t, j in zip(large.type, band) if j.verdict == "differs"]
    undecided = [int(t) for t, j in zip(large.type, band) if j.verdict == "inconclusive"]
    level = V.simultaneous_level(m)
    judged = win_rate_verdicts(res)
    return [
        claim(BAND_CLAIM, "§5.2, Ch. 6", printed.WIN_BAND_ALL_TEXT, *judged["band"], kind="finding",
              family=WIN_FAMILY, headline=True,
              note=f"value: the share of the {m} types whose win rate lies in 60-70 % (its interval is the range "
                   f"over undecided types); each type {p['n_large']:,} games (openers alternate), Wilson at "
                   f"{100 * level:.2f} % per type (Bonferroni-adjusted for {m}); {len(outside)} types outside the "
                   f"band (types {', '.join(map(str, outside))})"
                   + (f", {len(undecided)} undecided (type{'s' if len(undecided) > 1 else ''} "
                      f"{', '.join(map(str, undecided))})" if undecided else "")
                   + f"; mean over types {large.win_rate.mean():.3f}, worst type{int(worst.type)} "
                     f"{worst.win_rate:.3f}; one {p['n_games']}-game match per type (the thesis's design) gives mean "
                     f"{ref.win_rate.mean():.3f}"),
        claim(BEATEN_CLAIM, "§5.2", printed.LOSES_TO_NONE_TEXT, *judged["beaten"], kind="finding", family=WIN_FAMILY,
              note=f"value: the share of the {m} types beaten (win rate above 0.5); Wilson at {100 * level:.2f} % "
                   f"per type (Bonferroni-adjusted); worst type{int(worst.type)} {worst.win_rate:.3f}"),
    ] + [claim(f"win rate vs type{t} (Figs 5.6-5.8; plot only, value lost)", "§5.2 Figs 5.6-5.8",
               printed.FIGS_5_6_TO_5_8_TEXT, V.proportion(*large.set_index("type").loc[t, ["wins", "games"]]),
               V.stated("not-reproducible", "the per-type numbers exist only in lost figures"), kind="finding",
               family="Figs 5.6-5.8", note="our value for comparison") for t in FIG_TYPES]


def trend_estimate(large: pd.DataFrame, fresh: pd.DataFrame | None = None, plan: V.Plan | None = None):
    """The curves' claim judged: random-guess's large-sample rate above 0.5 against each of types 1, 5, 23 (one test
    at the Bonferroni level for the three), on the fresh sample when the pilot left it to a second stage."""
    return two_stage(_trend_judged, large, fresh, plan)


def trend_row(large: pd.DataFrame, final: pd.DataFrame, n_games: int, n_seeds: int,
              fresh: pd.DataFrame | None = None, plan: V.Plan | None = None) -> dict:
    """Figs 5.3, 5.6-5.8: the cumulative-win curve of types 1, 5, 23 lies between y = x/2 and y = x, i.e. the
    player's win rate against each is above 0.5 (:func:`trend_estimate`). The seeded 500-game matches that end
    below x/2 are noise of single matches, reported in the note with the share the binomial expects.
    ``fresh``/``plan``: the confirmatory sample when the pilot left it undecided. Its readings are the family's
    :data:`TREND_WAYS`."""
    from scipy import stats

    est, j = trend_estimate(large, fresh, plan)
    g = large.set_index("type").loc[list(FIG_TYPES)]
    ends = final[final.opponent.isin([f"type{t}" for t in FIG_TYPES])]
    below = int((ends.cum_wins <= n_games / 2).sum())
    expected = sum(stats.binom.cdf(n_games // 2, n_games, r) for r in g.win_rate) * n_seeds
    return claim(TREND_CLAIM, "§5.1 Fig 5.3, Figs 5.6-5.8", printed.FIG_5_3_TEXT, est, j, kind="finding",
                 family=TREND_FAMILY,
                 note=f"large-sample rates {', '.join(f'type{t} {r:.3f}' for t, r in g.win_rate.items())}; "
                      f"{below} of {len(ends)} seeded {n_games}-game matches end at or below x/2 "
                      f"(the binomial expects {expected:.1f})")


TREND_CLAIM = "cumulative wins against types 1, 5, 23 lie between the slope-1/2 and slope-1 lines"
TREND_FAMILY = "Figs 5.6-5.8"


def _three_types_beaten(frame: pd.DataFrame):
    """A reading of the curves' claim on ``frame`` (type, wins, games): each of types 1, 5, 23 beaten, judged
    as the claims row is."""
    g = frame.set_index("type").loc[list(FIG_TYPES)]
    return (*_per_type(g.wins, g.games, "beaten", m=len(FIG_TYPES)), _counts_note(g.wins, g.games))


def _opening(first: pd.DataFrame, opens: str) -> pd.DataFrame:
    """The first-mover runs against the types when ``opens`` opens every game, one row per type."""
    f = first[(first.opens == opens) & (first.opponent_label != "random_guess")].copy()
    f["type"] = [int(str(o)[4:]) for o in f.opponent_label]
    return f


def _trend_way(reading: CR.Reading, **kw) -> Way:
    return Way(reading, claim=TREND_CLAIM, family=TREND_FAMILY, **kw)


#: The readings of the curves' claim (Figs 5.3, 5.6-5.8), each run on the run's tables.
TREND_WAYS = (
    _trend_way(CR.Reading("large-sample win rate above 0.5 for each of types 1, 5, 23",
                          "the curve lies above the slope-1/2 line when the true win rate exceeds 0.5",
                          "spec §5.3 (Fig 5.3: the two lines pass through the origin with slopes 1/2 and 1)",
                          default=True),
               run=lambda res: (*trend_estimate(res.large, res.large_fresh, res.win_plan), "")),
    _trend_way(CR.Reading("the thesis's single 500-game match per type",
                          "each type's one 500-game match ends above half its games",
                          f"{_SPEC} 15 and 18: plot-only results, one run per condition"),
               run=lambda res: _three_types_beaten(res.ref)),
    _trend_way(CR.Reading("random-guess opens every game", "random-guess always opens",
                          f"{_SPEC} 1: the starting player is not specified"),
               run=lambda res: _three_types_beaten(_opening(res.first, "random_guess"))),
    _trend_way(CR.Reading("the test program opens every game", "the test program always opens",
                          f"{_SPEC} 1: the starting player is not specified"),
               run=lambda res: _three_types_beaten(_opening(res.first, "opponent"))),
    _trend_way(CR.Reading("the whole curve of every seeded match above y = x/2",
                          "every point of every 500-game curve, not only its end, lies above the lower line",
                          "the thesis's wording 'between the lines' (images lost)"),
               not_run="a curve that loses its first game starts below y = x/2, so no 500-game curve can lie wholly "
                       "above it; the reading cannot be what the thesis meant"),
)


def game_length_rows(mean_turns: float, share_45: float, mean_final: float, share_56: float) -> list[dict]:
    """§2.1/§2.2 remarks about human play: game lengths and the count at the challenge."""
    rule = "a remark about people playing; bot-vs-bot play is shown as a substitute, not a test"
    return [
        claim("a game usually ends after 4-5 turns", "§2.1 text", printed.TURNS_TYPICAL_TEXT, round(mean_turns, 3),
              V.stated("not-reproducible", rule), kind="finding", family="§2 remarks on human play",
              note=f"bot-vs-bot substitute (random-guess vs the 32 types): mean {mean_turns:.2f} actions, "
                   f"{share_45:.3f} of games have 4-5 actions"),
        claim("bids usually stop around 5-6 dice (2 players)", "§2.2 text", printed.FINAL_COUNT_TYPICAL_TEXT,
              round(mean_final, 3), V.stated("not-reproducible", rule), kind="finding",
              family="§2 remarks on human play",
              note=f"bot-vs-bot substitute: mean final count {mean_final:.2f}, {share_56:.3f} of games challenged "
                   "at 5-6 dice"),
    ]


def per_type_gain_judgements(gains: pd.DataFrame, band=printed.BBN_GAIN_BAND) -> tuple[list, list]:
    """Per type, the network's paired gain across seeds (t, Bonferroni level for the number of types) judged
    against ``band``; ``gains`` has columns opponent, rep, gain (one row per seeded match)."""
    _, ests, judged = per_type_gains(gains, band)
    return ests, judged


def bbn_gain_plan(gains: pd.DataFrame, cap: int) -> V.Plan | None:
    """Fresh seeds for the "most types gain 5-10 points" claim when the pilot left it undecided: the most any
    undecided type needs (per-type t at the Bonferroni level), capped at ``cap`` seeds; None when decided."""
    _, j, _, judged, _ = _gain_judged(gains)
    if j.verdict != "inconclusive":
        return None
    open_ = [x for x in judged if x.verdict == "inconclusive"]
    sizes = [x.needed for x in open_ if x.needed is not None]
    if not sizes:
        return V.plan_confirmation(replace(j, needed=None, undecidable=True,
                                           note="every undecided type sits on the band's edge"), cap=cap)
    return V.plan_confirmation(replace(j, needed=max(sizes), undecidable=False), cap=cap)


def gain_verdict(res):
    """"The network adds about 5-10 points against most types" judged on the results ``res`` (``gains``,
    ``gains_fresh``, ``gain_plan``): per type the gain across seeds against [0.05, 0.10] at the Bonferroni level,
    the share of types in the band with ``share``, "most" with the protocol's word; the fresh seeds' when the pilot
    left it undecided. Returns (share, judgement, per-type estimates, per-type judgements, the seed gains judged)."""
    return two_stage(_gain_judged, res.gains, res.gains_fresh, res.gain_plan)


def _gain_judged(gains: pd.DataFrame) -> tuple:
    ests, judged = per_type_gain_judgements(gains)
    share = V.share(judged, "types")
    return share, V.word("most", share), ests, judged, gains


def mean_gain(gains: pd.DataFrame):
    """The network's mean gain over the types (``gains``: one row per type and seeded match), with its 95 %
    interval across the seeded matches (a match's mean over the types is one replicate)."""
    return V.across_seeds(gains.groupby("rep").gain.mean().to_numpy(), -1.0, 1.0)


def points_text(est) -> str:
    """An estimate of a gain in points: "+0.3 points (95 % interval -0.2 to +0.8)"."""
    return points(est.value, est.low, est.high)


def points(value: float, low: float | None = None, high: float | None = None) -> str:
    """A gain given as a share of games, said in points (one point = 0.01 of the games), with its 95 % interval
    when given: "+1.7 points (95 % interval -20.3 to +23.4)". Every gain on the page is said this way: a page that
    gave "-1.6 points" on its first screen and "+0.0375" further down mixed two units (issue 50)."""
    text = f"{100 * value:+.1f} points"
    if low is None or high is None or pd.isna(low) or pd.isna(high):
        return text
    return text + f" (95 % interval {100 * low:+.1f} to {100 * high:+.1f})"


def _gain(res) -> list[dict]:
    """§5.2: the network's gain per type (:func:`gain_verdict`); its readings are the family's :data:`GAIN_WAYS`."""

    share, j, ests, judged, gains = gain_verdict(res)
    seeds = gains.groupby("opponent").rep.nunique()
    yes, no, open_ = tally(judged)
    pos = sum(e.low > 0 for e in ests)
    neg = sum(e.high < 0 for e in ests)
    level = V.simultaneous_level(len(ests))
    return [claim(GAIN_CLAIM, "§5.2", printed.BBN_GAIN_TEXT, share,
                  j, kind="finding", family=GAIN_FAMILY,
                  note=f"value: the share of the {len(ests)} types whose gain lies in +5 to +10 points (its interval is "
                       f"the range over undecided types); {len(ests)} types x {int(seeds.min())} seeded matches x "
                       f"{res.params['bbn_games']} games (paired with plain random-guess on the same dice); per type t "
                       f"across seeds at {100 * level:.2f} % (Bonferroni-adjusted): "
                       f"{plural(yes, 'type')} in +5 to +10 points, {no} outside, {open_} undecided; gain above 0 "
                       f"for {pos}, "
                       f"below 0 for {neg}; mean gain over the types {points_text(mean_gain(gains))}, per type "
                       f"from {100 * min(e.value for e in ests):+.1f} to {100 * max(e.value for e in ests):+.1f} points")]


#: "About 60-70 %" read loosely: the spec's "revisit outside roughly [0.55, 0.75]".
LOOSE_WIN_BAND = (0.55, 0.75)


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


def match_gains(games: pd.DataFrame, relative: bool = False) -> pd.DataFrame:
    g = games.groupby(["opponent", "rep"], sort=False)[["win_bbn", "win_plain"]].mean().reset_index()
    g["gain"] = (g.win_bbn - g.win_plain) / (g.win_plain if relative else 1.0)
    return g


# ============================================================================ readings rows (liarlab.core.readings)
#
# One set of Ways per claim, the default reading first (the claims row's own estimate and judgement). The open
# points of each family were listed from the spec's "Open ambiguities" (§7) and the thesis's wording before any
# verdict was looked at; each is run, or says why it cannot be run here, or why it is not built and its cost.

BAND_CLAIM = "random-guess wins about 60-70 % against every type"
BEATEN_CLAIM = "random-guess loses to no test program"
WIN_FAMILY = "§5.2 win rate per type"
GAIN_CLAIM = "BBN adds about 5-10 points against most test programs"
GAIN_FAMILY = "§5.2 network gain per type"


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
    "opening count": CR.Reading("test programs open with count 3 (E12)",
                                "the test programs' opening bid uses count 3 (4 with a jump), not 2",
                                f"{_SPEC} 4: opening behaviour not stated; 3 is the next count after the lowest"),
    "cap override": CR.Reading("the cap does not override 'prefers bid' (E12)",
                               "a prefers-bid program may still bid at its cap",
                               f"{_SPEC} 5 (whether the cap overrides the preference trait)"),
    "details": CR.Reading("other test-program details (ties, jump size, clipping)",
                          "ties, the jump size or the clipping of belief counts are read otherwise",
                          f"{_SPEC} 6"),
    "min count": CR.Reading("another minimum count", "the lowest legal count is not 2", f"{_SPEC} 2"),
}

_MIN_COUNT = "the thesis fixes it twice: 144 legal bids for 5 players and node A's values 2..10 both give 2"
#: Why the test programs' other details cannot be read otherwise: the spec gives one reading of each, none other.
_DETAILS = ("the spec gives one reading of each and names no other: ties 'broken uniformly at random', 'a jump adds "
            "exactly one. The thesis gives only the example', 'belief counts are clipped to 0..5' (spec §3.4); the "
            "paper gives too little to define another reading")
_E12 = {"random opener": "random opener each game", "retry": "random-guess retries candidates within a bid draw",
        "cap >": "cap triggers at x > cap", "cap own": "cap also limits the program's own bids",
        "cap override": "the cap does not override 'prefers bid'", "opening count": "test programs open with count 3"}


def _per_type(wins, games, kind: str, m: int | None = None, band=printed.WIN_BAND):
    """The share of types for which a per-type claim holds and its every-type verdict, judged as the claims rows
    judge them (:func:`per_type_band`, :func:`per_type_above_half`)."""
    judged = per_type_band(wins, games, band, m) if kind == "band" else per_type_above_half(wins, games, m)
    return V.share(judged, "types"), V.all_of(judged)


def _counts_note(wins, games) -> str:
    return f"{len(wins)} types x {int(np.min(games)):,} games"


@dataclass(frozen=True)
class _Read(Way):
    """A reading run on a table that a call may not hold (a judge called on part of a run, as the tests do):
    ``run`` returns (estimate, judgement, note); or a sentence saying which table is missing (the row is then not
    built, with that sentence); or a whole readings row (E12's network readings: run, bounded or not built)."""

    def row(self, family: str, results) -> dict:
        got = self.run(results)
        family, claim_text = self.family or family, self.claim or family
        if isinstance(got, dict):
            return got
        if isinstance(got, str):
            return CR.not_built(family, claim_text, self.reading, got)
        return CR.run(family, claim_text, self.reading, *got[:2], note=got[2])


def _type31_large(res):
    """The large sample with type31 as the appendix prints it (type32's games stand for it)."""
    t = res.large.set_index("type")
    if not (31 in t.index and 32 in t.index):
        return "types 31 and 32 are not both in this sample"
    t31 = t.copy()
    t31.loc[31, ["wins", "games"]] = t.loc[32, ["wins", "games"]].to_numpy()
    return t31


def _mean_reading(res):
    mean = mean_over_types(res.large)
    return (mean, V.magnitude(mean, *printed.WIN_BAND, "mean win rate over the types in 60-70 %", span=1.0,
                              reference=0.5), "a MOVER-Wilson interval for the mean of the per-type rates")


def _win_ways(kind: str) -> tuple[Way, ...]:
    """The readings of "60-70 % against every type" (``kind="band"``) or "loses to none" (``kind="beaten"``): the
    default is the claims row's own (:func:`win_rate_verdicts`); every other reading is judged by the same rule
    (each type at the Bonferroni level for the types, then every type): who opens (the first-mover runs), the E12
    rule readings, type31 as printed, one match per type, and for the band 'about' read loosely and the mean."""
    text = BAND_CLAIM if kind == "band" else BEATEN_CLAIM

    def per_type(key, frame, band=printed.WIN_BAND, note=""):
        def run(res):
            f = frame(res)
            return f if isinstance(f, str) else (*_per_type(f.wins, f.games, kind, band=band),
                                                 note or _counts_note(f.wins, f.games))
        return _Read(WIN_READINGS[key], claim=text, run=run)

    def opening(opens):
        return lambda res: ("the first-mover runs are not in this call" if res.first is None else
                            res.first[(res.first.opens == opens) & (res.first.opponent_label != "random_guess")])

    def e12(name):
        def frame(res):
            by_type = res.readings_by_type
            g = by_type[by_type.reading == name] if by_type is not None else ()
            return g if len(g) else "the E12 rule readings are not in this call"
        return frame

    def one_match(res):
        ok = res.ref is not None and {"wins", "games"} <= set(res.ref.columns)
        return res.ref if ok else "the reference matches are not in this call"

    ways = [_Read(WIN_READINGS["default"], claim=text,
                  run=lambda res: (*win_rate_verdicts(res)[kind], _counts_note(res.large.wins, res.large.games))),
            per_type("rg opens", opening("random_guess")), per_type("program opens", opening("opponent")),
            *(per_type(key, e12(name)) for key, name in _E12.items()),
            per_type("type31", _type31_large, note="type31's games are type32's (the same program as printed)"),
            per_type("one match", one_match)]
    if kind == "band":
        ways += [per_type("loose", lambda res: res.large, band=LOOSE_WIN_BAND),
                 Way(WIN_READINGS["mean"], claim=text, run=_mean_reading)]
    return (*ways, Way(WIN_READINGS["details"], claim=text, not_run=_DETAILS),
            Way(WIN_READINGS["min count"], claim=text, not_run=_MIN_COUNT))


#: The readings of §5.2's two win-rate claims, run by the engine on the run's tables.
WIN_WAYS = _win_ways("band") + _win_ways("beaten")


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
    "node D": CR.Reading("node D: every bid supports the previous call",
                         "a player who bids rather than challenges accepts the call, so D = 1 on every bid and "
                         "carries no information (the network without node D)", f"{_SPEC} 9; thesis §4.3, node D"),
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
    # type31 as printed; which game: the E12 rule readings (spec E12: 'rerun E5/E7'), and the test programs' open
    # details: the same readings as the win rates'
    **{key: WIN_READINGS[key] for key in ("type31", "random opener", "retry", "cap >", "cap own", "opening count",
                                          "cap override", "details", "min count")},
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
#: Why the gain's readings that E7's matches cannot give are not built, and their cost (each with why). The replay
#: is measured: E7's 640 paired matches (32 types x 20 seeds x 500 games) under one reading take about 5-6 CPU
#: seconds on the compiled engine (bbn_experiments.bbn_rule_readings: the default and seven readings in about 38
#: CPU s, measured on 2 and 3 types and scaled to 32, 2026-12-07; the two test-program readings add about 11 CPU s,
#: measured on 3 types with one worker and scaled to 32); the work is the switch.
_REPLAY = "E7's 640 paired matches rerun under it, about 6 CPU seconds at full size (measured)"
_NETWORK_SWITCH = dict(not_built="our network has no switch for it",
                       cost=f"engine work (a switch in the compiled network, liarlab.liardice.bbn_play), then {_REPLAY}")
_NO_GAMES = "the games of the matches are not in this call"


def network_reading(r, reading: CR.Reading | None = None, source: str = "E12's") -> dict:
    """One E12 network reading of the BBN-gain claim, from its ``bbn_variants`` row ``r`` (group "all types"),
    judged on the claim's own statistic: E12 replays the claim's design (every type, the same seeded matches and
    games) under the reading and keeps each type's gain judged as the claim judges it (``types_in_band``,
    ``types_out_band``, ``types_undecided``, issue 49), so the share of types in +5 to +10 points is judged with the
    word "most". A table from before those columns existed bounds the reading when even the largest type's point
    gain is below +5 points (no type can lie in the band), else leaves it not built. ``reading``: the row's reading
    (default: the network read as the row's variant); ``source``: whose seeded matches the row replays."""
    if reading is None:
        reading = CR.Reading(f"network: {r.variant}", f"the network read as '{r.variant}' (spec E12)",
                             _NETWORK.get(r.variant, "spec E12"))
    pooled = (f"{source} own seeded matches ({int(r.seeds)} seeds) give a pooled gain of {float(r.diff):+.3f} "
              f"[{float(r.diff_ci_low):+.3f}, {float(r.diff_ci_high):+.3f}] and a largest type gain of "
              f"{float(r.max_type_diff):+.3f}")
    counts = [getattr(r, k, np.nan) for k in ("types_in_band", "types_out_band", "types_undecided")]
    if all(pd.notna(c) for c in counts):
        yes, no, open_ = (int(c) for c in counts)
        judged = ([V.Judgement("reproduced", "")] * yes + [V.Judgement("differs", "")] * no
                  + [V.Judgement("inconclusive", "")] * open_)
        share = V.share(judged, "types")
        return CR.run(GAIN_FAMILY, GAIN_CLAIM, reading, share, V.word("most", share),
                      note=f"{plural(yes, 'type')} in the band, {no} outside, {open_} undecided, on {source} {int(r.types)} types "
                           f"x {int(r.seeds)} seeded matches; {pooled}")
    low = printed.BBN_GAIN_BAND[0]
    if float(r.max_type_diff) < low:
        return CR.bounded(GAIN_FAMILY, GAIN_CLAIM, reading,
                          f"{pooled}: no type's point gain reaches +{low:g}, so no type's interval lies in the band "
                          "and the share of types in it is 0; judged per type it could not reproduce 'most'")
    return CR.not_built(GAIN_FAMILY, GAIN_CLAIM, reading,
                        f"{pooled}; this E12 table keeps no per-type judgements (types_in_band), so the share of "
                        "types in the band cannot be judged from it: rerun E12 (bbn_variants keeps them)")


def type31_as_printed(games: pd.DataFrame) -> pd.DataFrame:
    """E7's games with type31 as the appendix prints it, a copy of type32: type32's seeded matches stand for
    type31's (the same program, so the same distribution of gains)."""
    return pd.concat([games[games.opponent != "type31"], games[games.opponent == "type32"].assign(opponent="type31")],
                     ignore_index=True)


def _gain_share(key, frame, relative=False, band=printed.BBN_GAIN_BAND, note="") -> Way:
    """A reading of the gain judged as the claims row is (per type at the Bonferroni level, then "most") on the E7
    games ``frame(games)`` selects (or the sentence it returns when they are not in the sample)."""
    what = f"gain in +{100 * band[0]:g}..+{100 * band[1]:g} points"

    def run(res):
        games = _NO_GAMES if res.bbn_run is None else frame(res.bbn_run.games)
        if isinstance(games, str):
            return games
        _, _, judged = per_type_gains(match_gains(games, relative=relative), band, what)
        share = V.share(judged, "types")
        return (share, V.word("most", share),
                f"{plural(sum(j.verdict == 'reproduced' for j in judged), 'type')} in the band, "
                f"{sum(j.verdict == 'differs' for j in judged)} outside, "
                f"{sum(j.verdict == 'inconclusive' for j in judged)} undecided" + note)
    return _Read(GAIN_READINGS[key], claim=GAIN_CLAIM, run=run)


def _gain_default(res):
    share, j, *_ = gain_verdict(res)
    games = None if res.bbn_run is None else res.bbn_run.games
    return share, j, "" if games is None else f"{games.opponent.nunique()} types x {games.rep.nunique()} seeded matches"


def _unpaired(res):
    """The thesis's design: each type's gain as one network match minus one plain match on other dice."""
    if res.bbn_run is None:
        return _NO_GAMES
    games = res.bbn_run.games
    reps = sorted(games.rep.unique())
    if len(reps) < 2:
        return "one seeded match per type: no second match to pair the plain player's with"
    level = V.simultaneous_level(games.opponent.nunique())
    judged = []
    for _, g in games.groupby("opponent", sort=False):
        a, b = g[g.rep == reps[0]], g[g.rep == reps[1]]
        est = V.difference_of_proportions(int(a.win_bbn.sum()), len(a), int(b.win_plain.sum()), len(b), level)
        judged.append(V.magnitude(est, *printed.BBN_GAIN_BAND, "gain in +5 to +10 points", span=2.0, reference=0.0))
    share = V.share(judged, "types")
    return (share, V.word("most", share), "the network's first seeded match against the plain player's second (other "
                                          "dice); Newcombe interval per type")


def _network_way(variant: str, where: str) -> Way:
    """An E12 network reading of the gain, from its row (group "all types") of ``bbn_readings``
    (:func:`network_reading`)."""
    def run(res):
        t = res.bbn_readings
        if t is None:
            return "E12's network readings are not in this call"
        r = t[(t.group == "all types") & (t.variant == variant)]
        return network_reading(next(r.itertuples())) if len(r) else "this E12 table has no row for it"
    return _Read(CR.Reading(f"network: {variant}", f"the network read as '{variant}' (spec E12)", where),
                 claim=GAIN_CLAIM, run=run)


#: The two gate readings of open point 10 (GAIN_READINGS' "gates" names both in one), each run on its own.
_GATES = {
    "a gate per update": CR.Reading("separate adoption gates per update",
                                    "the support and credibility updates each draw their own gate", f"{_SPEC} 10"),
    "the gate's n counted after the event": CR.Reading(
        "the gate's n counted after the event", "a gate's n includes the current event (a first occurrence may be "
        "adopted)", f"{_SPEC} 10"),
}


def _rule_way(key: str | None, variant: str | None = None) -> Way:
    """A reading of the gain (``GAIN_READINGS[key]``, or with no key the gate reading :data:`_GATES` names
    ``variant``) from its row (group "all types", ``variant``; default: the E12 rule reading :data:`_E12` names)
    of ``bbn_rule_readings``: E7's design replayed under the reading (a rule reading with its own plain player on
    the same dice), and each type's gain judged as the claim judges it (:func:`network_reading`)."""
    variant = _E12[key] if variant is None else variant
    reading = GAIN_READINGS[key] if key else _GATES[variant]

    def run(res):
        t = getattr(res, "bbn_rule_readings", None)
        if t is None:
            return "E7's matches under the game's readings are not in this call"
        r = t[(t.group == "all types") & (t.variant == variant)]
        return (network_reading(next(r.itertuples()), reading, "E7's") if len(r)
                else "that table has no row for it")
    return _Read(reading, claim=GAIN_CLAIM, run=run)


def _types(wanted, missing):
    return lambda g: g[g.opponent.isin(wanted)] if set(wanted) <= set(g.opponent) else missing


#: The readings of "the network adds about 5-10 points against most types", in the readings table's order: the
#: per-type ones judged as the claims row is (per type at the Bonferroni level, then "most"), from E7's games; the
#: E12 network readings, which replay the claim's design and keep each type's gain judged the same way; the
#: network's open points E7 was never played under (not built), the wording 'about' and which test programs
#: (Figs 5.9-5.11's three, type31 as printed); the game's and the test programs' rule readings, E7 replayed under
#: each (``bbn_rule_readings``); the test programs' other details (cannot be run: the spec names no other reading).
GAIN_WAYS = (
    _Read(GAIN_READINGS["default"], claim=GAIN_CLAIM, run=_gain_default),
    _gain_share("relative", lambda g: g, relative=True),
    _gain_share("after", lambda g: g[g.game >= (int(g.game.max()) + 1) // 2]),
    _gain_share("bbn opens", lambda g: g[g.bbn_starts == 1]),
    _gain_share("program opens", lambda g: g[g.bbn_starts == 0]),
    _Read(GAIN_READINGS["unpaired"], claim=GAIN_CLAIM, run=_unpaired),
    *(_network_way(variant, where) for variant, where in _NETWORK.items()),
    *(_rule_way(None, variant) for variant in _GATES),
    _rule_way("node D", "node D: every bid supports the previous call"),
    _rule_way("normaliser", "the thesis's normaliser P(D|A)P(E|A)"),
    _gain_share("about", lambda g: g, band=GAIN_ABOUT_BAND),
    _gain_share("figure types", _types(FIGURE_TYPES, "types 1, 8 and 11 are not all in this sample"),
                note=" (of the three types the figures show)"),
    _gain_share("type31", lambda g: (type31_as_printed(g) if {"type31", "type32"} <= set(g.opponent) else
                                     "types 31 and 32 are not both in this sample"),
                note="; type31's seeded matches are type32's (the same program as printed)"),
    *(_rule_way(key) for key in ("random opener", "retry", "cap >", "cap own", "cap override", "opening count")),
    Way(GAIN_READINGS["details"], claim=GAIN_CLAIM, not_run=_DETAILS),
    Way(GAIN_READINGS["min count"], claim=GAIN_CLAIM, not_run=_MIN_COUNT),
)


def human_rows() -> list[dict]:
    """Table 5.1: human players (cannot be reproduced; see the substitute table)."""
    return [claim(f"human player {player}: random-guess / with BBN", "Table 5.1", f"{paper_plain} / {paper_bbn}",
                  None, V.stated("not-reproducible", "human opponents cannot be replayed"), kind="finding",
                  family="Table 5.1",
                  note="see the substitute table (self-play, drifting and deceiving programs)")
            for player, (paper_plain, paper_bbn) in printed.TABLE_5_1.items()]


def _reading_estimate(r) -> V.Estimate:
    return V.Estimate(float(r["diff"]), float(r.diff_ci_low), float(r.diff_ci_high), int(r.seeds), "seeds",
                      float(r.seed_min), float(r.seed_max))


def _ours(text: str, source: str, value, rule: str, printed_value=None, **kw) -> dict:
    """A row of ours (an ``extension``: robustness, a diagnosis, a proposal the thesis did not run): the value is
    reported, not judged; ``rule`` says what it is."""
    return claim(text, source, printed_value, value, V.stated("extension", rule), kind="finding", **kw)


def bbn_reading_rows(bbn_readings: pd.DataFrame, bbn_games: int) -> list[dict]:
    """E12 for the network: the network's pooled gain under every reading (over all types), and the reading that
    helps it most (extensions: robustness of our verdict, and a reading chosen by its result)."""
    allt = bbn_readings[(bbn_readings.group == "all types") & ~bbn_readings.variant.str.startswith("ablation")]
    best = allt.loc[allt["diff"].idxmax()]
    judged = [V.magnitude(_reading_estimate(r), *printed.BBN_GAIN_BAND, "pooled gain in +5 to +10 points",
                          span=2.0, reference=0.0) for _, r in allt.iterrows()]
    return [
        _ours("the network's gain (5-10 points claimed) under each reading of the network: pooled over the types",
              "spec E12", _reading_estimate(allt.iloc[0]), "robustness of our verdict, not a claim of the thesis",
              family="E12 network readings",
              note=f"value: the network's gain over plain random-guess pooled over the types under the thesis reading, "
                   f"as a share of games (0.01 = 1 point); {len(allt)} readings, {int(best.seeds)} seeded matches x "
                   f"{bbn_games} games per type; pooled gains {points(allt['diff'].min())} to "
                   f"{points(allt['diff'].max())}; in +5 to +10 under "
                   f"{tally(judged)[0]} readings, outside under {tally(judged)[1]}"),
        _ours("BBN gain under the reading that helps it most (extension)", "E12 (network readings)",
              _reading_estimate(best), "the best of the readings, chosen by its result", family="E12 network readings",
              note=f"value: the pooled gain under that reading, as a share of games (0.01 = 1 point); best reading: "
                   f"{best.variant}; thesis reading {points(allt.iloc[0]['diff'])}"),
    ]


def liar_loss_rows(shares: pd.DataFrame, readings: pd.DataFrame) -> list[dict]:
    """Why the network loses to types 25-32: the loss under the thesis reading (across seeds) and the change that
    removes the largest share of it (its change against the thesis reading, across seeds, on the same dice).
    The thesis names no such types and prints no value: this is our diagnosis, an ``extension``; the direction
    of each (a loss; a change that removes it) is stated in the note."""
    g = readings[readings.group == "types 25-32"].set_index("variant")
    base = _reading_estimate(g.loc["thesis reading"])
    from liarlab.papers.p01.bbn_experiments import top_loss_change

    top = top_loss_change(shares)
    lo, hi = top.vs_thesis_ci_low, top.vs_thesis_ci_high
    smin, smax = top.get("vs_thesis_seed_min", np.nan), top.get("vs_thesis_seed_max", np.nan)
    top_est = V.Estimate(float(top.vs_thesis), float(top.vs_thesis if pd.isna(lo) else lo),
                         float(top.vs_thesis if pd.isna(hi) else hi), int(top.seeds), "seeds",
                         None if pd.isna(smin) else float(smin), None if pd.isna(smax) else float(smax))
    rule = "our diagnosis: the thesis names no types with a loss and prints no value"
    side = ("its 95 % interval lies below zero" if base.high < 0 else
            "its 95 % interval lies above zero" if base.low > 0 else "its 95 % interval includes zero")
    return [
        _ours("the network's gain against the liar, prefers-bid programs (types 25-32)", "E7 (our diagnosis)", base,
              rule, family="types 25-32 (our diagnosis)",
              note=f"value: the network's gain over plain random-guess pooled over types 25-32 per seeded match, as a "
                   f"share of games (0.01 = 1 point); {side}"),
        _ours(f"what accounts for most of that loss: {top.change}", "E12 ablations (our diagnosis)", top_est, rule,
              family="types 25-32 (our diagnosis)",
              note=(f"value: the change in the pooled gain when it is removed, as a share of games (0.01 = 1 point); "
                    f"removing it moves the pooled gain from {points(top.gain_thesis_reading)} to "
                    f"{points(top.gain_after_change)} ({top.share_of_loss_removed:.0%} of the loss); "
                    + "; ".join(f"{r.change}: {r.share_of_loss_removed:.0%}" for r in shares.itertuples()
                                if r.change != top.change)
                    if pd.notna(top.share_of_loss_removed) else
                    f"value: the change in the pooled gain when it is removed, as a share of games (0.01 = 1 point); "
                    f"no loss to explain in this run (pooled gain {points(top.gain_thesis_reading)}); removing it "
                    f"moves the gain to {points(top.gain_after_change)}")),
    ]


def first_mover_rows(self_open, wide: pd.DataFrame, n_sweep: int) -> list[dict]:
    """Extensions: self-play and who opens."""
    ours = "our measurement; the thesis has no value"
    return [
        claim("random-guess self-play with alternating openers", "E10(a) substitute", printed.SELF_PLAY_EXPECTED,
              V.exact(0.5), V.value(printed.SELF_PLAY_EXPECTED, V.exact(0.5)), kind="check",
              note="exactly 0.5 by symmetry"),
        _ours("random-guess self-play: opener's win rate", "extension",
              V.proportion(round(self_open.win_rate * self_open.games), self_open.games), ours,
              note=f"{n_sweep} games, random-guess opens every game"),
        _ours("random-guess vs the 32 types: opening vs responding", "extension",
              f"{wide['random_guess'].mean():.3f} vs {wide['opponent'].mean():.3f}", ours,
              note=f"mean over types; {int((wide['opponent'] < 0.5).sum())} types beat random-guess when they open "
                   "every game"),
    ]


def lambda_words(variant: str) -> str:
    """An X2 variant as the claims summary names it: "X2 lambda=1" (the code's label, kept in the CSVs) as
    "λ = 1" (issue 50: the summary read "X2 lambda=1: 0.678"); any other variant as it is."""
    match = re.fullmatch(r"X2 lambda=(\S+)", str(variant))
    return f"λ = {match.group(1)}" if match else str(variant)


def extension_rows(best, base, x1, vs_plain: pd.DataFrame) -> list[dict]:
    """Ch. 6 proposals X1 (real-valued guesses) and X2 (the lambda mixture)."""
    rule = "a proposal of Ch. 6 that the thesis did not run"
    return [
        _ours("X2 lambda-mixture guess: best mean win rate over the 32 types", "Ch. 6 (proposal)",
              f"{lambda_words(best.variant)}: {best.mean_win_rate:.3f}", rule,
              note=f"thesis strategy (λ = 1): mean {base.mean_win_rate:.3f}, worst type {base.min_win_rate:.3f}"),
        _ours("X1 real-valued guessing: mean / worst win rate over the 32 types", "Ch. 6 Fig 6.1 (proposal)",
              f"{x1.mean_win_rate:.3f} / {x1.min_win_rate:.3f}", rule,
              note=f"vs the thesis player head to head: "
                   f"{vs_plain.loc[vs_plain.variant.str.contains('real'), 'win_rate'].item():.3f}"),
    ]


def x3_row(x3: pd.DataFrame) -> dict:
    """X3: the confidence-weighted imagined hand against the real-valued player without a network."""
    est = V.across_seeds(x3.gain.to_numpy(), -1.0, 1.0)
    est = replace(est, value=round(est.value, 12) + 0.0)   # a mean of exact zeros prints 0, not -2.8e-17
    return _ours("X3 confidence-weighted imagined hand: gain over real-valued guessing without a network",
                 "Ch. 6 (proposal)", est, "a proposal of Ch. 6 that the thesis did not run",
                 note=f"value: the mean gain as a share of games (0.01 = 1 point); {x3.opponent.nunique()} "
                      f"type{'s' if x3.opponent.nunique() != 1 else ''} x {x3.rep.nunique()} seeded matches, paired on "
                      "the same dice; one gain per match")


def x4_row(x4: pd.DataFrame) -> dict:
    """X4: random-guess against the 32 types under the extended rules."""
    parts = "; ".join(f"{r.rules}: mean {r.mean_win_rate:.3f}, worst {r.min_win_rate:.3f}" for r in x4.itertuples())
    return _ours("X4 extended rules: random-guess vs the 32 types", "§2.2 (rules left out of the study)", parts,
                 "rules the thesis describes but leaves out")


def sensitivity_row(robust: pd.DataFrame) -> dict:
    """Spec E12: the two per-type claims of (ii) under the open readings of the rules."""
    def counts(column) -> str:
        found = robust[column].value_counts()
        return ", ".join(f"{verdict} under {n} of {len(robust)}" for verdict, n in found.items())

    every, none = counts("every_type_60_70"), counts("loses_to_none")
    # the label is the row's key in the verdict history: it keeps naming the first four readings
    return _ours("the win-rate claims of §5.2 under the open readings (start, bid retry, cap rule, cap scope)",
                 "spec E12", f"{robust.mean_win_rate.min():.3f}-{robust.mean_win_rate.max():.3f} mean",
                 "robustness of our verdicts, not a claim of the thesis", printed.WIN_BAND_ALL_TEXT,
                 note=f"'60-70 % against every type' over the {len(robust)} readings: {every}; 'loses to none': {none}; "
                      f"worst single type {robust.min_win_rate.min():.3f}")


def _br(res) -> tuple[V.Estimate, V.Judgement]:
    """Random-guess's win rate against the depth-1 responder (``res.br``), judged as its difference from 0.5."""
    b = res.br.iloc[0]
    est = V.proportion(int(b.games) - int(b.wins), int(b.games))
    return est, V.word("not lower", _minus(est, 0.5))


def best_response_row(res) -> dict:
    """Ch. 4 §1 premise: random-guess against a best responder that knows its rules (fixed agents: games). The
    responder looks one exchange ahead, so its win rate is a lower bound on a best response. ``res`` holds the
    responders' games (``br``, ``br2``, ``br_uniform``, ``br_retry``, ``br_min_count``); the readings are the
    family's :data:`BR_WAYS`, run by the engine."""
    b, br2 = res.br.iloc[0], res.br2
    est, j = _br(res)
    return claim(BR_CLAIM, "Ch. 4 §1 premise", printed.NOT_LOSING_TEXT, est, j, kind="finding",
                 note=f"random-guess win rate against a one-exchange-lookahead best responder that knows its rules "
                      f"(a lower bound on a best response; {int(b.games)} games, alternating openers), judged as its "
                      f"difference from 0.5; depth-2 responder: random-guess wins "
                      f"{1 - br2.win_rate.iloc[0]:.3f} over {int(br2.games.iloc[0]):,} games")


BR_CLAIM = "random-guess cannot be badly exploited ('ensures not losing'): best-response lower bound"
#: "roughly half" (大致一半) read as "about 0.5": the protocol's +-25 % around one half
ROUGHLY_HALF = (0.5 * (1 - V.ABOUT), 0.5 * (1 + V.ABOUT))


def _not_lower(wins, games, note: str):
    """A reading's row values: random-guess's ``wins`` of ``games``, judged as its difference from 0.5."""
    e = V.proportion(int(wins), int(games))
    d = V.Estimate(e.value - 0.5, e.low - 0.5, e.high - 0.5, e.n, e.unit)
    return d, V.word("not lower", d), note


def _rg_wins(frame: pd.DataFrame, rate: str | None = None, n: int | None = None, who: str = ""):
    """Random-guess's games in a responder's table (one row): all of them, or half of them at the responder's
    ``rate`` column (by who opens); ``who`` names the player in the note."""
    r = frame.iloc[0]
    if rate is None:
        games = int(r.games)
        return _not_lower(games - int(r.wins), games, f"{games:,} games" + (f" of {who} against the depth-1 "
                                                                            "responder" if who else ""))
    games = n or int(r.games) // 2
    return _not_lower(round((1 - float(r[rate])) * games), games, f"{games:,} games")


@dataclass(frozen=True)
class _ExactBestResponse(Way):
    """The exact best response to random-guess, not built. It wins at least as often as any lookahead responder
    (they are strategies it could play), so when the depth-1 responder already holds random-guess below the band,
    the exact one would too: its row then says it is bounded away from the print."""

    def row(self, family: str, results) -> dict:
        est, j = _br(results)
        if j.verdict == "differs" and est.high < ROUGHLY_HALF[0]:
            return CR.bounded(family, family, self.reading,
                              f"an exact best response wins at least as often as the depth-1 responder that was run "
                              f"(it could play it), so it holds random-guess to at most {est.high:.3f} (the run "
                              f"responder's upper bound), below both 'not lower than 0.5' and 'roughly half' "
                              f"({ROUGHLY_HALF[0]:g}); built, it could not reproduce the print")
        return CR.not_built(family, family, self.reading, self.not_built)


def _about_half(res):
    e = V.proportion(int(res.br.games.iloc[0]) - int(res.br.wins.iloc[0]), int(res.br.games.iloc[0]))
    return (e, V.about(0.5, e, span=1.0, reference=0.5),
            f"random-guess's win rate itself, judged against {ROUGHLY_HALF[0]:g}-{ROUGHLY_HALF[1]:g}")


#: The readings of "random-guess cannot be badly exploited" (its win rate, judged as its difference from 0.5, 'not
#: lower'), each run on the responders' games of the results (or, the exact one, bounded by them).
BR_WAYS = (
    Way(CR.Reading("depth-1 best responder, all games, 'not lower' than 0.5",
                   "'ensures not losing' means random-guess wins at least about half (within 2 points of 0.5)",
                   "thesis Ch. 1 ('保證至少能有大致一半的勝率', at least roughly half) and Ch. 4 §1", default=True),
        run=lambda res: (*_br(res), f"{int(res.br.games.iloc[0]):,} games")),
    Way(CR.Reading("'roughly half' as 'about 0.5' (the protocol's +-25 %)",
                   f"'大致一半' (roughly half) allows {ROUGHLY_HALF[0]:g}-{ROUGHLY_HALF[1]:g}",
                   "thesis Ch. 1 wording '大致一半'"), run=_about_half),
    Way(CR.Reading("depth-2 best responder", "a responder that looks two exchanges ahead",
                   "a stronger lower bound on a best response"),
        run=lambda res: _rg_wins(res.br2, "win_rate", int(res.br2.games.iloc[0]))),
    Way(CR.Reading("the best responder opens every game", "the responder always opens", f"{_SPEC} 1 (starting player)"),
        run=lambda res: _rg_wins(res.br, "as_starter")),
    Way(CR.Reading("random-guess opens every game", "random-guess always opens", f"{_SPEC} 1 (starting player)"),
        run=lambda res: _rg_wins(res.br, "as_responder")),
    Way(CR.Reading("the uniformly random mixed strategy itself",
                   "the premise concerns the uniform mixed strategy over the whole strategy matrix (uniform over the "
                   "legal actions), not random-guess; judged against the same depth-1 responder, a lower bound on a "
                   "best response to it",
                   "thesis Ch. 4 §1 ('在所有的策略中隨機挑選', choosing at random among all strategies; seed l.557)"),
        run=lambda res: _rg_wins(res.br_uniform, who="the uniformly random player")),
    Way(CR.Reading("random-guess retries candidates within a bid draw",
                   "decide_bid keeps drawing candidates from the same sampled hand until one passes the opponent-belief "
                   "check; judged against the same depth-1 responder (which models the thesis reading), a lower bound "
                   "on a best response to it", f"{_SPEC} 3 (decide_bid)"),
        run=lambda res: _rg_wins(res.br_retry, who="random-guess retrying within a bid draw")),
    Way(CR.Reading("minimum count 1", "the smallest legal bid is one die of a face, for both players",
                   f"{_SPEC} 2 (minimum count, inferred as 2)"),
        run=lambda res: _rg_wins(res.br_min_count, who="random-guess under minimum count 1")),
    _ExactBestResponse(CR.Reading("an exact best response", "the responder plays an exact best response",
                                  "thesis Ch. 4 §1 ('whatever the opponent does')"),
                       not_built="an exact best response needs the whole game tree against random-guess's mixed "
                                 "strategy, which is not computed here; the lookahead responders bound it from below",
                       cost="an exact solve of the whole five-dice game against a fixed mixed strategy: engine work"),
)


def timing_table(timing: pd.DataFrame, timing_row, n_games: int, bbn_games: int, ratio_row=None) -> pd.DataFrame:
    """§5 appendix, E9: run times beside the thesis's (a speed of this machine and implementation: a timing
    table, not claims; only the ratio is comparable across implementations). ``ratio_row``: the timing row whose
    slow-down is shown (one engine with and without the network, :func:`experiments.like_for_like_timing`; default
    ``timing_row``). Seconds to 3 significant digits."""
    from liarlab.papers.p01.experiments import ENGINE_WORDS, significant

    ratio_row = timing_row if ratio_row is None else ratio_row
    engine = ENGINE_WORDS.get(str(timing_row.engine), str(timing_row.engine))
    ratio_engine = ENGINE_WORDS.get(str(ratio_row.engine), str(ratio_row.engine))
    rows = [("seconds per 500 games, random-guess only (reference Python agents)", printed.SECONDS_PER_500,
             float(timing.seconds.iloc[0]) * 500 / n_games),
            ("seconds per 500 games, random-guess only (numba batch)", printed.SECONDS_PER_500,
             float(timing.seconds.iloc[1]) * 500 / n_games),
            (f"seconds per 500 games with the network ({engine}, learning after every game)",
             printed.SECONDS_PER_500_BBN, float(timing_row.seconds_bbn) * 500 / bbn_games),
            (f"slow-down with the network: time with it / time without it, both on the {ratio_engine} in the "
             "network's timing run", printed.BBN_SLOWDOWN, float(ratio_row.ratio))]
    return pd.DataFrame([{"measure": m, "paper": p, "ours": significant(x)} for m, p, x in rows])


# ============================================================================ the families (issue 48)

_EXACT = "exact: computed by enumeration, nothing is sampled"
_EXT = dict(extension=True, can_differ=False)
#: A family whose rows are not judged against a print (not reproducible here, or ours): no sample to confirm.
_NOT_JUDGED = "no verdict rests on a sample: the thesis's value cannot be tested here, or the row is ours"


def _p_two_fives(_res) -> list[dict]:
    """§4.2: P(>= 2 fives) in the Fig 4.2 example. (The text's other weight, 4561 for 'two 5s', a misprint of 4651,
    is claimed once, in notebook 00.)"""
    from liarlab.core import dice

    p2 = float(dice.probability_at_least(2))
    return [claim("P(opponent holds >= 2 fives) in the Fig 4.2 example", "§4.2 text", printed.AT_LEAST_TWO_FIVES,
                  V.exact(round(p2, 6)), V.value(printed.AT_LEAST_TWO_FIVES, V.exact(p2), decimals=4, span=1.0),
                  kind="arithmetic", note="exact 1526/7776; 'challenge about 80%' = 1 - 0.1962")]


def _two_sixes(res) -> list[dict]:
    w26 = res.weight_two_sixes
    return [claim(_TWO_SIXES, "§4.2 Fig 4.4 text", printed.WEIGHT_TWO_SIXES, V.exact(w26),
                  V.value(printed.WEIGHT_TWO_SIXES, V.exact(w26)), kind="arithmetic")]


def _game_lengths(res) -> list[dict]:
    stats = res.length_stats.iloc[0]
    return game_length_rows(*(float(stats[c]) for c in ("mean actions per game", "share with 4-5 actions",
                                                        "mean count at challenge", "share ending at 5-6 dice")))


def _extensions(res) -> list[dict]:
    variants = res.variants
    return extension_rows(variants.loc[variants.mean_win_rate.idxmax()], res.thesis_guess, res.x1, res.vs_plain)


#: §5.2's network gain per type, its readings the :data:`GAIN_WAYS`.
GAIN_FAMILY_RECORD = ClaimFamily(
    GAIN_FAMILY, "§5.2", printed.BBN_GAIN_BAND, _gain, readings=GAIN_WAYS, sampled=True, experiment=("01", "E7"),
    confirm="two stages: fresh seeded matches per type when the pilot leaves it undecided (bbn_gain_plan), at most "
            "confirm_seeds_cap")
#: §5.2's win rate per type ("60-70 % against every type", "loses to none"), its readings the :data:`WIN_WAYS`.
WIN_RATE_FAMILY = ClaimFamily(
    WIN_FAMILY, "§5.2, Ch. 6", printed.WIN_BAND, _win_rates, readings=WIN_WAYS, headline=True, sampled=True,
    experiment=("01", "E5"),
    confirm="two stages: fresh games per type for an undecided or near-miss pilot (win_rate_plan), at most "
            "confirm_games_cap")
TWO_SIXES_FAMILY = ClaimFamily(_TWO_SIXES, "§4.2 Fig 4.4 text", printed.WEIGHT_TWO_SIXES, _two_sixes,
                               readings=TWO_SIXES_WAYS, kind="arithmetic", confirm=_EXACT)

#: Notebook 01's families, in the claims table's order. Each family's readings are :class:`Way`s declared beside it
#: in this module (the win rates', the curves', the network gain's and the best response's run on the run's tables).
CLAIM_FAMILIES = (
    ClaimFamily("rain example P(rain | ground dry)", "§4.3, Tables 4.8/4.9", printed.RAIN_GIVEN_DRY, background_rows,
                kind="arithmetic", can_differ=False, confirm=_EXACT),
    ClaimFamily("§4.2 Figs 4.2-4.6", "§4.2 Figs 4.2-4.6", printed.CHALLENGE_DRAW,
                lambda res: worked_check_rows(res.checks), kind="arithmetic", can_differ=False, experiment=("01", "E3"),
                confirm="exact by enumeration; the simulated draw in the note is a check of the player, not judged"),
    ClaimFamily("P(opponent holds >= 2 fives) in the Fig 4.2 example", "§4.2 text", printed.AT_LEAST_TWO_FIVES,
                _p_two_fives, kind="arithmetic", can_differ=False, confirm=_EXACT),
    TWO_SIXES_FAMILY,
    ClaimFamily("Fig 5.1: type7 with two 5s, cap 4, facing 'three 5s' bids", "§5.1 Fig 5.1", printed.FIG_5_1_ACTION,
                lambda res: [fig_5_1_row(res.fig51, res.freq51)], kind="check", can_differ=False,
                confirm="an exact replay with the figure's draws"),
    ClaimFamily("Figs 5.3, 5.6-5.8 (the curves of types 1, 5, 23)", "§5.1 Fig 5.3, Figs 5.6-5.8",
                printed.FIG_5_3_TEXT,
                lambda res: [trend_row(res.large, res.final, res.params["n_games"], res.params["n_seeds"],
                                       fresh=res.large_fresh, plan=res.win_plan)],
                readings=TREND_WAYS, sampled=True, experiment=("01", "E6"),
                confirm="two stages: fresh games per type sized from the pilot (win_rate_plan), shared with §5.2"),
    ClaimFamily("§2 remarks on human play", "§2.1, §2.2 text", printed.TURNS_TYPICAL_TEXT, _game_lengths,
                can_differ=False, confirm=_NOT_JUDGED, experiment=("01", "E11")),
    ClaimFamily("types 25-32 (our diagnosis)", "E7, E12 ablations (our diagnosis)", None,
                lambda res: [] if res.loss_shares is None else liar_loss_rows(res.loss_shares, res.bbn_readings),
                sampled=True, confirm=_NOT_JUDGED, **_EXT),
    ClaimFamily("Table 5.1", "Table 5.1", printed.TABLE_5_1, lambda res: human_rows(), can_differ=False,
                confirm=_NOT_JUDGED),
    ClaimFamily("E12 network readings", "spec E12", None,
                lambda res: bbn_reading_rows(res.bbn_readings, res.params["bbn_games"]), sampled=True,
                confirm=_NOT_JUDGED, experiment=("01", "E12"), **_EXT),
    GAIN_FAMILY_RECORD,
    ClaimFamily("the opening seat", "E10(a) substitute; extension", printed.SELF_PLAY_EXPECTED,
                lambda res: first_mover_rows(res.self_open, res.wide, res.params["n_sweep"]), can_differ=False,
                sampled=True, confirm=_NOT_JUDGED + "; self-play's 0.5 is exact by symmetry"),
    ClaimFamily("Ch. 6 proposals X1 and X2", "Ch. 6 (proposals)", None, _extensions, sampled=True,
                confirm=_NOT_JUDGED, **_EXT),
    ClaimFamily("X3 confidence-weighted imagined hand", "Ch. 6 (proposal)", None, lambda res: [x3_row(res.x3_ext)],
                sampled=True, confirm=_NOT_JUDGED, **_EXT),
    ClaimFamily("X4 extended rules", "§2.2 (rules left out of the study)", None, lambda res: [x4_row(res.x4_summary)],
                sampled=True, confirm=_NOT_JUDGED, **_EXT),
    ClaimFamily("the win-rate claims under the open readings", "spec E12", None,
                lambda res: [sensitivity_row(res.readings)], sampled=True, confirm=_NOT_JUDGED,
                experiment=("01", "E12"), **_EXT),
    WIN_RATE_FAMILY,
    ClaimFamily(BR_CLAIM, "Ch. 4 §1 premise", printed.NOT_LOSING_TEXT, lambda res: [best_response_row(res)],
                readings=BR_WAYS, sampled=True, experiment=("01", "E12"),
                confirm="decided on its pilot with room: the run responder holds random-guess far below one half"),
)


def rows(res, collect: list | None = None) -> list[dict]:
    """Notebook 01's claims rows from its results (:class:`liarlab.papers.p01.results.Results01`): the engine
    (:func:`liarlab.study.families.claims_rows`) over :data:`CLAIM_FAMILIES`; every readings row of its claims is
    appended to ``collect`` when given."""
    out = F.claims_rows(CLAIM_FAMILIES, res)
    if collect is not None:
        collect += F.readings_rows(out)
    return out


def readings_rows(res) -> list[dict]:
    """Every readings row of notebook 01's claims (``data/01_readings.csv``), the same rows the claims carry."""
    return F.readings_rows(rows(res))
