"""Notebook 04's claim families (:data:`CLAIM_FAMILIES`), their readings (spec §8, §7 E10, listed before any verdict)
and judges. The paper prints no number but "about 10%", so rows test a direction, an ordering or a word."""
from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading, Unbuilt
from liarlab.papers.p04 import printed
from liarlab.papers.p04.experiments import RULE_VARIANTS, STAGE1_WINDOWS, windowed_rates
from liarlab.papers.p04.params import PARAMS
from liarlab.papers.p04.printed import SOURCE
from liarlab.papers.p04.results import Results
from liarlab.study import families as F
from liarlab.study import unit_judges as U
from liarlab.study.answer import and_list
from liarlab.study.families import ClaimFamily, Confirm, claim

STAGE1_FAMILY = "Stage-1 win-rate chart (§2.5)"
LEARNING_FAMILY = "Stage-1 inference: the parameter learning works (§2.5)"
TRAINING_FAMILY = "Stage-2 chart 1: training games vs win rate (§3.4)"
FEATURE_FAMILY = "Stage-2 chart 2: features vs win rate (§3.4)"
WEIGHTS_FAMILY = "Learned weights (§1.3)"
AUDIT_FAMILY = "Extension: how the modified game is decided"
MULTI_FAMILY = "Extension: more players"
VARIANT_FAMILY = "Extension: the hand-emptying play made challengeable"
#: The paper compares its learner with no fixed policy (its "learning helps" is the charts' rise): our test.
BASELINE_FAMILY = "Extension: learning against trivial baselines (§2.5, §3.4)"
EXAMPLE_FAMILY = "Stage-1 example (§2.4)"
DISCUSSION_FAMILY = "Stage-1 discussion (§2.5)"
TOP_PAIRS = [(t, o) for t in ("a", "f") for o in ("b", "c", "d", "e")]
#: The paper's words for the headline, said in the answer in place of its code "almost all > 50%" (issue 50).
HEADLINE_PAPER = 'its win rates are "almost all above 50 %" (§2.5), a word, not a count'
QUESTION = "Can a program learn how an opponent lies, and beat it, from games against scripted personalities?"
#: The one-table rule (docs/VERDICTS.md, History 2026-12-07, second session): every chart sentence of seed 003
#: (l.65, l.126, l.130) infers what the learning does, so the charts' findings are judged on the mean over seeds.
METHOD = "the method (mean over seeds)"
CHART_FAMILIES = (STAGE1_FAMILY, LEARNING_FAMILY, TRAINING_FAMILY, FEATURE_FAMILY)
#: The stage-1 sentence of seed 003 l.65 (spec §2.5): 「勝率幾乎都超過五成且往上提升，尤其是 100 場到 300 場、500
#: 場時。這表示「抓」的機率公式設定合理(勝率超過五成)，且參數的學習機制是對的(勝率提升)」: one statement, so its
#: claims are judged jointly (core.readings.in_sentence).
S1_SENTENCE = "§2.5 (seed 003 l.65): almost all above 50 % and rising; the catch formula and the learning work"


def confirmation_caps(runs_cap: int, seeds_cap: int) -> dict:
    """Budgets per confirmatory group, stated before any confirmatory sample is drawn."""
    return {"stage1": runs_cap, "settings": runs_cap, "training": seeds_cap, "features": seeds_cap}


def stager(group: str, ctx=None):
    """``stage(est, j, judge, who=())`` of ``group`` (:func:`unit_judges.staged`) with ``ctx``'s samples and budgets."""
    confirm, caps, plans = (None, None, None) if ctx is None else (ctx.confirm.get(group), ctx.caps, ctx.plans)
    cap = {**confirmation_caps(PARAMS.size("confirm_runs_cap", "full"), PARAMS.size("confirm_seeds_cap", "full")),
           **(caps or {})}[group]
    return lambda est, j, judge, who=(): U.staged(est, j, group, cap, confirm, judge, plans, who)


def _claim(text, paper_value, est, judgement, *, family=None, kind="finding", note="", selected=False,
           others=None, sentence=False, headline=False):
    """A claims row; ``others``: its (reading, what) pairs besides the default; ``sentence``: of :data:`S1_SENTENCE`."""
    if kind == "finding" and family in CHART_FAMILIES and not note.startswith(METHOD):
        note = f"{METHOD}; {note}" if note else METHOD
    readings = None if others is None else U.readings_of(family, text, DEFAULT_READING[family], est, judgement, others)
    return claim(text, SOURCE, paper_value, est, judgement, kind=kind, family=family, note=note, selected=selected,
                 readings=R.in_sentence(S1_SENTENCE, readings) if sentence else readings, headline=headline)


def _ours(text, est, rule, family=BASELINE_FAMILY, note="") -> dict:
    """An extension row: ``rule`` its stated rule, or the judgement of our own test (:func:`unit_judges.ours`)."""
    j, note = (V.stated("extension", rule), note) if isinstance(rule, str) else U.ours(rule, note)
    return _claim(text, None, est, j, family=family, note=note)


#: Every readings row of the claims rows (for :func:`liarlab.study.readings.save_readings`).
notebook_readings = F.readings_rows


def ordering_checks(per_seed: pd.DataFrame, where: dict) -> dict:
    """The E7 orderings of one setting's learners, each (least favourable estimate, judgement, note)."""
    out = {}
    for name, pairs, word in (("a, f highest", TOP_PAIRS, None),
                              ("d slightly above b, c, e", [("d", o) for o in ("b", "c", "e")], "slight"),
                              ("d below a, f", [("a", "d"), ("f", "d")], None)):
        est, j, ests = U.all_pairs(lambda t, o, lv: U.paired(per_seed, {**where, "opponent": t},
                                                              {**where, "opponent": o}, lv),
                                   pairs, f"{name}: each of {len(pairs)} differences", word)
        out[name] = (est, j, "differences (points): " + ", ".join(
            f"{t}-{o} {U.pct(e.value)} [{U.pct(e.low)}, {U.pct(e.high)}]" for (t, o), e in ests.items()))
    return out


def feature_checks(per_seed: pd.DataFrame, where: dict, opponents=("a", "b", "c", "d", "e", "f")) -> dict:
    """The E8 statements (means over opponents not at a ceiling or floor, paired by seed; d and e by Bonferroni)."""
    left_out = U.ceiling_groups(per_seed, **where)
    keep = [o for o in opponents if o not in left_out]
    lead = f"left out (a cell at a ceiling/floor): {', '.join(left_out)}; " if left_out else ""
    hist, mem = (pd.DataFrame({o: U.cell(per_seed, **where, opponent=o, feature_set=a)
                               - U.cell(per_seed, **where, opponent=o, feature_set=b) for o in opponents})
                 for a, b in (("F7", "F5"), ("F7-H5", "F7")))
    h, m = (V.paired_difference(g[keep].mean(axis=1).to_numpy(), np.zeros(len(g))) for g in (hist, mem))
    out = {"history about 10 points": (h, V.about(printed.HISTORY_GAIN_PP / 100, h, span=2.0, reference=0.0),
                                       f"{lead}F7 - F5 per opponent: {U.per(hist.mean())}"),
           "H5 differs little from H3": (m, V.word("differ little", m), f"{lead}win rate F7-H5 minus F7 per opponent: "
                                                                       f"{U.per(mem.mean())}")}
    pairs = [(t, o) for t in ("d", "e") for o in keep if o not in ("d", "e")]
    if all(t in keep for t in ("d", "e")) and pairs:
        est, j, ests = U.all_pairs(lambda t, o, lv: V.paired_difference(mem[t].to_numpy(), mem[o].to_numpy(),
                                                                        level=lv),
                                   pairs, f"H5 gain of d and e above each other opponent's, {len(pairs)} differences")
        out["H5 helps d and e most"] = (est, j, lead + "win rate gains of H5, d or e minus another (points): "
                                        + U.per((f"{t}-{o}", e.value) for (t, o), e in ests.items()))
    else:
        out["H5 helps d and e most"] = (None, V.stated("inconclusive", "H5 gains of d and e above the others'"),
                                        lead + "d or e is at a ceiling/floor: no comparison of gains")
    return out


# ============================================================================ stage 1: readings (spec §8.2-8.4, §8.10)

S1_DEFAULT = Reading("spec defaults", "the spec's lie profiles (P5 lies 30 %), personalities catch each position "
                     "with probability 0.5, Binomial hands, steps (0.05, 0.5), simulated games against the "
                     "personality's program, draws count as non-wins", "spec §2.1-2.3 (interp.)", default=True)
C03, C07 = (Reading(f"personalities catch c = {c}", f"the personalities catch each position with probability {c}",
                    "spec §8.2: the paper does not say how the personalities catch") for c in (0.3, 0.7))
P5_20, P5_40 = (Reading(f"P5 lies {q} %", f"P5 lies at each position with probability {q / 100}",
                        "spec §8.3: the paper says only that P5 is mostly honest") for q in (20, 40))
STEPS_SMALL, STEPS_LARGE = (Reading(f"steps ({p}, {k})", f"the search steps p by {p} and k by {k}",
                                    "spec §8.4: steps of p and k are unspecified") for p, k in ((0.02, 0.2), (0.1, 1)))
UNIFORM, MODEL, WINDOWED, DRAWS_HALF, FROM_FIRST, LATER_WINDOWS = (Reading(*r) for r in (
    ("uniform hands", "the number of black cards is uniform on 0..10",
     "spec §2.1 variant and §8.3: the hand distribution is unspecified"),
    ("simulates a model", "the simulated games are played against independent lies at the observed rates n_i/G",
     "spec §8.4"),
    ("windowed rate", "the win rate is the share won in games 301-500", "spec §8.4: cumulative vs windowed win rate"),
    ("draws count half", "a draw counts as half a win", "spec §2.5: draws counted as non-wins is an interpretation"),
    ("from the first point", "the chart's rise is read from 20 games to 500",
     "the paper: \"rising, especially from 100 to 300 and 500 games\" (§2.5)"),
    ("later windows", "learning is read from games 101-300 to games 301-500",
     "the paper: \"especially from 100 to 300 and 500 games\" (§2.5)")))
#: Spec §8.4's starting values of (p, k), each a settings run. Complete for the open point: p0's two ends bound how
#: far the search must travel from its start; k0 = 10 is half k's bound (20), the default k0 = 0 its other end.
START_SETTINGS = {Reading(f"starts at {at}", f"the search starts from (p, k) = {pk}, not (0.5, 0): {why}",
                          "spec §8.4: the initial values of p and k are unspecified"): f"starts at {at}"
                  for at, pk, why in (("p = 0", "(0, 0)", "it never catches at first"),
                                      ("p = 1", "(1, 0)", "it always catches at first"),
                                      ("k = 10", "(0.5, 10)", "the lie profile weighs in from the first game"))}
START_P0, START_P1, START_K10 = START_SETTINGS
#: The settings-table readings of the stage-1 game and learner, by setting label (p04x.STAGE1_SETTINGS).
GAME_SETTINGS = {C03: "opponent catches c = 0.3", C07: "opponent catches c = 0.7", UNIFORM: "uniform hands",
                 STEPS_SMALL: "steps (0.02, 0.2)", STEPS_LARGE: "steps (0.1, 1)",
                 MODEL: "simulates a model of the personality"}
P5_SETTINGS = {P5_20: "P5 lies 20%", P5_40: "P5 lies 40%"}
EXAMPLE_DEFAULT = Reading("closest personality", "the example's opponent is the personality whose realised rate "
                          "at position 6 is closest to 343/500", "the paper does not name the opponent (§2.4)",
                          default=True)
K_DEFAULT = Reading("spec defaults", "the search over (p, k) against the same search with k fixed at 0, under the "
                    "spec's defaults", "spec §7 E3", default=True)
NO_SETTINGS = "the stage-1 settings runs were not given to this call"


def _stage1_readings(first: list, runs, settings_runs, judge, *, p5: bool = True) -> list:
    """A stage-1 claim's (reading, what) pairs: ``first``, draws counted half, the settings (P5's if ``p5``)."""
    items = list(GAME_SETTINGS.items()) + (list(P5_SETTINGS.items()) if p5 else []) + list(START_SETTINGS.items())
    out = list(first) + [(DRAWS_HALF, lambda: judge(U.rescored(runs, "half")))]
    for reading, label in items:
        def what(label=label, reading=reading):
            if settings_runs is None:
                return NO_SETTINGS
            frame = U.subset(settings_runs, label, runs if reading in P5_SETTINGS else None)
            return f"the setting '{label}' was not run" if frame is None else judge(frame)
        out.append((reading, what))
    return out


# ============================================================================ stage 1: judges

def stage1_claims(runs: pd.DataFrame, windows: pd.DataFrame, lie_rates: pd.DataFrame, *, ctx=None,
                  settings_runs: pd.DataFrame | None = None, lie_rates_uniform: pd.DataFrame | None = None) -> list:
    """Stage-1 rows; the sentence's claims are built here, their causes judged jointly (study.readings.jointly)."""
    from liarlab.study.readings import jointly

    stage = stager("stage1", ctx)
    rows = ([_above_half_claim(runs, windows, stage, settings_runs)] + _chart_rise_claims(runs, windows, stage,
            settings_runs) + _learning_claims(runs, windows, stage, settings_runs)
            + _not_lower_claims(runs, stage, settings_runs) + [example_claim(lie_rates, lie_rates_uniform)])
    return jointly(rows, notebook_readings(rows))


def _cells(frame: pd.DataFrame, keys=("personality", "games")) -> list:
    return [V.direction(V.across_seeds(g.win_rate.to_numpy(), unit="runs"), ">", 0.5)
            for _, g in frame.groupby(list(keys), sort=False)]


def _above_half(frame: pd.DataFrame, keys=("personality", "games")):
    """"Almost all above 50 %": the share of cells whose rate over runs is above 50 %, by the word "almost all"."""
    est = V.share(_cells(frame, keys))
    return est, V.word("almost all", est)


def _above_half_claim(runs, windows, stage, settings_runs) -> dict:
    """:func:`_above_half` of the cumulative rates; an undecided share is planned in runs from its undecided cells."""
    cells, (share, share_j) = _cells(runs), _above_half(runs)
    below = {n for ((n, _), _g), j in zip(runs.groupby(["personality", "games"], sort=False), cells)
             if j.verdict == "differs"}
    n_yes, n_no = (sum(j.verdict == v for j in cells) for v in ("reproduced", "differs"))
    if share_j.verdict == "inconclusive":  # planned in runs from the undecided cells (the share itself is in cells)
        n_open = sum(j.verdict == "inconclusive" for j in cells)
        sizes = [j.needed for j in cells if j.verdict == "inconclusive" and j.needed is not None]
        planning = replace(share_j, needed=max(sizes) if sizes and len(sizes) == n_open else None,
                           undecidable=not sizes or len(sizes) < n_open)
        share, j2 = stage(share, planning, lambda f, n: _above_half(U.first(f, n, "run")),
                          tuple(runs.personality.unique()))
        share_j = j2 if j2.undecidable else replace(j2, rule=share_j.rule) if j2 is not planning else share_j
    others = _stage1_readings([(WINDOWED, lambda: _above_half(windows, ("personality", "window")))], runs,
                              settings_runs, _above_half)
    return _claim("Stage 1: the learner's win rates are almost all above 50%", printed.PAPER_VALUES["above_half"],
                  share, share_j, family=STAGE1_FAMILY, headline=True, others=others, sentence=True,
                  note=f"pilot's per-cell judgements (personality x checkpoint, cumulative rate over runs > 50%): "
                       f"{n_yes} of {len(cells)} above, {n_no} below ({', '.join(sorted(below)) or 'none'}), "
                       f"{len(cells) - n_yes - n_no} undecided")


def _cumulative_rise(frame: pd.DataFrame, name: str, start: int):
    """Cumulative win rate against ``name`` after the last checkpoint minus after ``start`` games, paired by run."""
    cum = frame[frame.personality == name].pivot(index="run", columns="games", values="win_rate")
    return U.rise(V.paired_difference(cum[max(cum.columns)].to_numpy(), cum[start].to_numpy(), unit="runs"))


def _window_pair(w: pd.DataFrame, first: str, last: str) -> tuple[pd.Series, pd.Series]:
    """Each run's windowed rate in window ``last`` and in window ``first``, by run."""
    x = w[w.window == last].set_index("run").win_rate.sort_index()
    return x, w[w.window == first].set_index("run").win_rate.reindex(x.index)


def _windowed_rise(frame: pd.DataFrame, name: str, first: str, last: str):
    """Windowed win rate in window ``last`` minus window ``first`` against ``name``, paired by run."""
    w = windowed_rates(frame, tuple(tuple(int(x) for x in label.split("-")) for label in (first, last)))
    x, y = _window_pair(w[w.personality == name], first, last)
    return U.rise(V.paired_difference(x.to_numpy(), y.to_numpy(), unit="runs"))


def _s1_row(ctx, text, key, judge, own, who, note, *, family=STAGE1_FAMILY, pilot=None, fresh=None, p5=True,
            sentence=True) -> dict:
    """One stage-1 row judged by ``judge(runs)`` (or ``pilot``), staged on fresh runs, with the stage-1 readings."""
    runs, stage, settings_runs = ctx
    est, j = stage(*(pilot or judge(runs)), fresh or (lambda f, n: judge(U.first(f, n, "run"))), who)
    return _claim(text, printed.PAPER_VALUES[key], est, j, family=family, note=note, sentence=sentence,
                  others=_stage1_readings(own, runs, settings_runs, judge, p5=p5))


def _chart_rise_claims(runs, windows, stage, settings_runs) -> list[dict]:
    """The chart's rise per personality (cumulative, paired by run): what it shows, not whether the search learned."""
    labels = list(dict.fromkeys(windows.window))
    top, first = int(runs.games.max()), int(runs.games.min())
    mid = 100 if 100 in set(runs.games) else sorted(runs.games.unique())[len(runs.games.unique()) // 2]
    return [_s1_row((runs, stage, settings_runs),
                    f"Stage 1 vs {name}: the chart's cumulative win rate rises from {mid} to {top} games", "rising",
                    lambda f, name=name: _cumulative_rise(f, name, mid),
                    [(FROM_FIRST, lambda name=name: _cumulative_rise(runs, name, first)),
                     (WINDOWED, lambda name=name: _windowed_rise(runs, name, labels[0], labels[-1]))], (name,),
                    f"cumulative win rate (the paper's chart) after {top} minus after {mid} games, paired by run; it "
                    "keeps rising after learning stops")
            for name in runs.personality.unique()]


def _learning_claims(runs, windows, stage, settings_runs) -> list[dict]:
    """"The parameter learning works", per personality: the last window's rate minus the first's, paired by run."""
    rows = []
    labels = list(dict.fromkeys(windows.window))
    first, last = labels[0], labels[-1]
    for name, g in windows.groupby("personality", sort=False):
        a, b = _window_pair(g, first, last)
        est = V.paired_difference(a.to_numpy(), b.to_numpy(), unit="runs")
        text = f"Stage 1 vs {name}: the learner still improves (windowed win rate, games {first} to {last})"
        if any(r >= V.CEILING or r <= 1 - V.CEILING for r in (a.mean(), b.mean())):
            rows.append(_claim(text, printed.PAPER_VALUES["s1_learns"], est,
                               V.undecidable(V.stated("inconclusive", "direction of a gain; cells at a ceiling/floor "
                                                                      "are left out"), "a window at a ceiling/floor"),
                               family=LEARNING_FAMILY,
                               note="windowed win rate, last minus first window: a window at a ceiling/floor"))
            continue
        later = (lambda name=name: _windowed_rise(runs, name, labels[-2], last)) if len(labels) > 2 \
            else "only two windows were computed"
        rows.append(_s1_row((runs, stage, settings_runs), text, "s1_learns",
                            lambda f, name=name: _windowed_rise(f, name, first, last), [(LATER_WINDOWS, later)],
                            (name,), f"windowed win rate, games {last} minus games {first} ({100 * b.mean():.1f}% "
                                     f"to {100 * a.mean():.1f}%), paired by run", family=LEARNING_FAMILY,
                            pilot=U.rise(est)))
    return rows


def _not_lower(frame: pd.DataFrame, name: str, n=None):
    """Win rate against ``name`` minus the mean against P2-P4 at the last checkpoint or window, by "not lower"."""
    column = "games" if "games" in frame.columns else "window"
    w = frame[frame[column] == frame[column].max()].pivot(index="run", columns="personality", values="win_rate")
    w = (w if n is None else w.sort_index().iloc[:n]).dropna(subset=[name, "P2", "P3", "P4"])
    est = V.paired_difference(w[name].to_numpy(), w[["P2", "P3", "P4"]].mean(axis=1).to_numpy(), unit="runs")
    return est, V.word("not lower", est)


def _not_lower_claims(runs, stage, settings_runs) -> list[dict]:
    """P1 and P5 (the position-independent liars) "not lower" than P2-P4 (:func:`_not_lower`)."""
    late = windowed_rates(runs, (STAGE1_WINDOWS[-1],))
    return [_s1_row((runs, stage, settings_runs), f"Stage 1: win rate vs {name} is not lower than vs P2-P4 (after "
                    f"{int(runs.games.max())} games)", "flat_not_lower", lambda f, name=name: _not_lower(f, name),
                    [(WINDOWED, lambda name=name: _not_lower(late, name))], (name, "P2", "P3", "P4"),
                    f"cumulative win rate vs {name} minus the mean vs P2, P3, P4, run by run (independent runs paired "
                    "by index)", fresh=lambda f, n, name=name: _not_lower(f, name, n), p5=name == "P5",
                    sentence=False)
            for name in ("P1", "P5")]


def _example_judged(lie_rates: pd.DataFrame) -> dict:
    """Each personality's realised lie rate at the example's position against 343/500 (estimate, judgement)."""
    ex = printed.STAGE1_EXAMPLE
    return {r.personality: (est := V.proportion(int(r.lies), int(r.games)),
                            V.simulated_value(ex["lies"] / ex["games"], est, paper_n=ex["games"]))
            for r in lie_rates[lie_rates.position == ex["position"]].itertuples()}


def _example_pick(judged: dict) -> str:
    """The first personality that fits, else the closest."""
    ex = printed.STAGE1_EXAMPLE
    fits = [n for n, (_, j) in judged.items() if j.verdict == "reproduced"]
    return fits[0] if fits else min(judged, key=lambda n: abs(judged[n][0].value - ex["lies"] / ex["games"]))


def example_claim(lie_rates: pd.DataFrame, lie_rates_uniform: pd.DataFrame | None = None) -> dict:
    """"Lied 343 times at position 6 in 500 games" against each realised rate: the paper's example (譬如), a check."""
    ex = printed.STAGE1_EXAMPLE
    judged = _example_judged(lie_rates)
    shown = _example_pick(judged)
    est, j = judged[shown]
    undecided = [n for n, (_, jj) in judged.items() if jj.verdict == "inconclusive"]
    fits = j.verdict == "reproduced"
    verdict = j if fits else V.stated("inconclusive", j.rule, f"undecided for {', '.join(undecided)}") if undecided \
        else V.stated("differs", j.rule, "no personality's realised rate fits")

    def uniform():
        judged_u = _example_judged(lie_rates_uniform)
        name = _example_pick(judged_u)
        return (*judged_u[name], f"{name} under uniform hands")
    others = [(Reading(f"opponent {n}", f"the example's opponent is {n} (the spec's profile)",
                       "the paper does not name the opponent (§2.4)"), lambda n=n: judged[n])
              for n in judged if n != shown]
    others += [(UNIFORM, uniform if lie_rates_uniform is not None
                else Unbuilt("the realised lie rates (E1) under uniform hands are not in this call")),
               (Reading("a profile fitted to 343/500", "the opponent's profile puts a lie rate of 0.686 at position 6",
                        "spec §8.3: the lie profiles are unspecified"),
                "a profile chosen to match the printed count reproduces it by construction, so it tests nothing")]
    rate = ex["lies"] / ex["games"]
    return _claim(f"Stage 1 example: an opponent lied {ex['lies']} times at position {ex['position']} in "
                  f"{ex['games']} games", f"{ex['lies']}/{ex['games']} = {rate:.3f}", est, verdict, kind="check",
                  family=EXAMPLE_FAMILY, selected=fits, others=others,
                  note=f"value: {shown}'s realised lie rate at position {ex['position']}{'' if fits else ', the closest'}, a share; "
                       f"at position {ex['position']}: "
                       + ", ".join(f"{n} {e.value:.3f} ({jj.verdict})" for n, (e, jj) in judged.items())
                       + "; the paper's 'for example' (pìrú) in its method: the paper's own illustrative example, "
                         "not a finding and not a check of our code")


def k_claim(default_runs: pd.DataFrame, p_only_runs: pd.DataFrame, *, ctx=None) -> dict:
    """Per-position statistics (k) add little by 500 games: the (p, k) search minus k fixed at 0, games 301-500."""
    def judge(a_runs, b_runs, n=None):
        est = U.paired_means(a_runs, b_runs, n)
        return est, V.word("no difference", est)

    est, j = stager("settings", ctx)(
        *judge(default_runs, p_only_runs),
        lambda f, n: judge(f[f.setting == "paper defaults"], f[f.setting == "k fixed at 0"], n),
        ("paper defaults", "k fixed at 0"))
    others = [(reading, Unbuilt("the search with k fixed at 0 was played under the spec's defaults only"))
              for reading in (C03, C07, UNIFORM, STEPS_SMALL, STEPS_LARGE, MODEL)]
    return _claim("Stage 1: per-position lie statistics do not yet matter much by 500 games",
                  printed.PAPER_VALUES["k_matters_little"], est, j, family=DISCUSSION_FAMILY, others=others,
                  note="windowed win rate, games 301-500: search over (p, k) minus search with k fixed at 0, mean "
                       "over P1-P5, independent runs paired by index")


def model_variant_claim(program_runs: pd.DataFrame, model_runs: pd.DataFrame) -> dict:
    """Extension (spec §8.4): simulating against a model of the personality instead of its program."""
    per = model_runs.groupby("personality").win_rate.mean() - program_runs.groupby("personality").win_rate.mean()
    return _ours("Extension: stage-1 learner simulating against a model of the personality (independent lies at its "
                 "observed rate per position) instead of its program", U.paired_means(model_runs, program_runs),
                 "our result beside the paper's learner; no paper value", DISCUSSION_FAMILY,
                 f"windowed win rate, games 301-500, model minus program, mean over P1-P5; per personality: {U.per(per)}")


def baseline_claims(late_window: pd.DataFrame, settings_late: pd.DataFrame, *, ctx=None) -> list[dict]:
    """Our test: does the stage-1 learner beat the trivial catchers in games 301-500 (runs' means over P1-P5, Welch)?"""
    def wide(frame):
        return frame.pivot(index="run", columns="personality", values="win_rate")

    def judge(learner_runs, base_runs, n=None):
        a, b = learner_runs.mean(axis=1), base_runs.mean(axis=1)
        if n is not None:  # n runs in each arm
            a, b = a.sort_index().iloc[:n], b.sort_index().iloc[:n]
        return U.rise(V.difference_of_means(a.to_numpy(), b.to_numpy(), unit="runs", bound=1.0))

    stage, learner, rows = stager("settings", ctx), wide(late_window), []
    for label, short in (("always catch (1, 0)", "always catching"), ("never catch (0, 0)", "never catching"),
                         ("frozen (p, k) = (0.5, 0)", "catching at random (p = 0.5)")):
        base = wide(settings_late[settings_late.setting == label])
        if base.empty:
            continue

        def fresh(f, n, label=label):
            w = {k: wide(g) for k, g in f.groupby("setting")}
            return judge(w["paper defaults"], w[label], n)
        est, j = judge(learner, base)
        # the planned size counts the runs of both arms (Welch): half of it in each
        est, j = stage(est, j if j.needed is None else replace(j, needed=-(-j.needed // 2)), fresh,
                       ("paper defaults", label))
        per = {n: learner[n].mean() - base[n].mean() for n in learner.columns if n in base.columns}
        worse = [n for n, d in per.items() if d < 0]
        rows.append(_ours(f"Stage 1: the learner wins more than {short} (games 301-500)", est, j,
                              note=f"windowed win rate, learner minus {label}, mean over P1-P5 per run, independent "
                                   f"runs; per personality (points): {U.per(per)}"
                                   + (f"; the baseline wins more against {', '.join(worse)} (point estimates)"
                                      if worse else "")))
    return rows


def stage2_baseline_claims(per_seed: pd.DataFrame, baselines: pd.DataFrame, *, ctx=None) -> list[dict]:
    """Our test: does the trained learner beat each trivial baseline against each type (Bonferroni, MOVER)?"""
    top = int(per_seed.training_games.max())
    opponents = [o for o in sorted(per_seed.opponent.unique()) if o in set(baselines.opponent)]
    stage, rows = stager("training", ctx), []
    for name, g in baselines.groupby("baseline", sort=False):
        g = g.set_index("opponent")
        ceiling = [o for o in opponents if V.proportion(int(g.wins[o]), int(g.games[o])).at_ceiling()
                   and V.across_seeds(U.cell(per_seed, opponent=o, training_games=top).to_numpy()).at_ceiling()]
        keep = [o for o in opponents if o not in ceiling]

        def judge(frame, name=name, g=g, keep=keep):
            ests = U.versus_fixed({o: U.cell(frame, opponent=o, training_games=top).to_numpy() for o in keep},
                                  {o: (g.wins[o], g.games[o]) for o in keep}, V.simultaneous_level(len(keep)))
            js = [V.direction(e, ">", 0.0) for e in ests.values()]
            worst = min(ests, key=lambda o: ests[o].value)
            return ests[worst], V.all_of(js, f"learner minus '{name}' above 0 against each of {len(keep)} types"), \
                ests, js

        est, j, ests, js = judge(per_seed)
        est, j = stage(est, j, lambda f, n, judge=judge: judge(U.first(f, n)))
        beaten = [o for o, jj in zip(keep, js) if jj.verdict == "differs"]
        rows.append(_ours(
            f"Stage 2: the trained learner ({top:,} games) beats the trivial baseline '{name}' against every type", est,
            j, note="least favourable type shown; pilot's learner minus baseline (points): "
                    + U.per((o, e.value) for o, e in ests.items())
                    + (f"; above the learner by its Bonferroni-adjusted interval against {', '.join(beaten)}"
                       if beaten else "") + (f"; left out, both at the ceiling: {', '.join(ceiling)}" if ceiling else "")))
    return rows


# ============================================================================ stage 2: readings (spec §8.5-8.10, §7 E10)

S2_DEFAULT = Reading("spec rules and learner", "modified rules, MAX_PLAY 3, the challenge's winner leads; 7 actions, "
                     "ordinal features, true lie history; the chart read at the largest training size",
                     "spec §3-5 (interp.)", default=True)
FEATURE_DEFAULT = Reading("spec rules and learner", "modified rules and the spec's learner, 300 training games, "
                          "\"about 10%\" read as percentage points", "spec §5.5 and §6 (interp.)", default=True)
WEIGHTS_DEFAULT = Reading("naming the opponent", "weights differ strongly when a learner's weights name its "
                          "opponent (leave-one-out nearest centroid) better than chance", "paper §1.3", default=True)
(RANK_RESTART, DECK_UNDEALT, STARTER, HONEST_REWARD, NEXT_STATE, EPSILON_FORM, MIXED_POOL, CAP_DRAWS_OUT, RELATIVE,
 ANOTHER_MEASURE) = (Reading(*r) for r in (
    ("rank cycle restarts after a challenge", "the required rank restarts at A after each challenge",
     "spec §8.5 and §3.2: \"never reset\" is an interpretation"),
    ("per-rank totals drawn first", "each rank's total is drawn first and the hands dealt from it, cards left undealt",
     "spec §8.6 and §3.2: the deck is an interpretation of \"random per-rank totals\""),
    ("fixed first player", "the learner always plays first (the mirror case is not run)",
     "spec §8.6 and §3.2: who starts is an interpretation"),
    ("honest plays rewarded 0", "a play that tells the truth earns 0 instead of x",
     "spec §8.8 and §5.3: the paper does not list the honest play's reward"),
    ("another s' under the delayed update", "the transition a challenge settles last takes as s' the state right "
     "after the challenge, not the learner's next decision", "spec §8.8 and §5.4 (interp.)"),
    ("decaying ε", "exploration decays linearly from 0.5 towards 0 over training",
     "spec §8.8: the form of ε is unspecified"),
    ("one learner for all opponents", "one learner trained against all six personalities, tested against each",
     "spec §8.8 and §5.5: retraining per opponent is an interpretation"),
    ("cap draws left out", "games stopped at the 1,000-play cap are left out of the win rate",
     "spec §8.10 and §3.2: a cap draw scored as no win is an interpretation"),
    ("10 % relative", "\"about 10%\" is relative: F7's win rate is about 1.1 times F5's",
     "spec §6 and §8.1: \"10%\" read as points is an interpretation"),
    ("another measure of difference", "weights differ strongly by some other distance or test",
     "paper §1.3 (no measure is named)")))
#: The training size of the rule-variant grid (E10).
GRID_GAMES = 300
#: Grid variants that contradict a rule the paper states: in the grid and its tables, never a claim's reading.
NOT_THE_PAPERS = {"last play challengeable": "the paper's modified rule 1 says the play that empties a hand cannot "
                                             "be challenged (spec §3.1)"}
#: Each claim family's default reading (the spec's reading of the paper), first among its claims' readings rows.
DEFAULT_READING = {STAGE1_FAMILY: S1_DEFAULT, LEARNING_FAMILY: S1_DEFAULT, EXAMPLE_FAMILY: EXAMPLE_DEFAULT,
                   DISCUSSION_FAMILY: K_DEFAULT, TRAINING_FAMILY: S2_DEFAULT,
                   FEATURE_FAMILY: FEATURE_DEFAULT, WEIGHTS_FAMILY: WEIGHTS_DEFAULT}
#: The stage-2 readings outside the E10 grid: what builds each (a switch of the engine or the learner,
#: p04.experiments.OPEN_POINT_SWITCHES, issue 49; or pooled learners) and how its learners were trained.
STAGE2_UNBUILT = {
    RANK_RESTART: ("the rules switch rank_after_challenge='restart'", "the next play after a challenge claims A"),
    DECK_UNDEALT: ("the rules switch deck='totals first'", "each rank's total is drawn uniform on 0..8 (mean 4, the "
                   "traditional deck's) until the deck holds 10 cards; two hands of 5 are dealt, the rest undealt"),
    STARTER: ("the rules switch first_player=0", "the learner plays first in every game (the deals are the default's)"),
    HONEST_REWARD: ("the learner switch honest_reward='0'", "a TRUTH play earns 0; the other rewards are kept"),
    NEXT_STATE: ("the learner switch next_state='after reply'", "the last settled transition takes as s' the table "
                 "right after the challenge; the others keep the next buffered state"),
    EPSILON_FORM: ("the learner switch epsilon_schedule='linear' (training in blocks, no engine change)",
                   "ε is 0.5 (1 - b/B) in 10-game block b of B, the plainest decaying form from the seed's constant "
                   "0.5; the test stays greedy"),
    MIXED_POOL: ("a learner trained against a pool of opponents (p04.experiments.pooled_learners, about 0.07 CPU s a "
                 "learner at full size)", "one learner per seed trained against all six in 10-game blocks, the "
                 "claim's training size against each, tested frozen against each; the grid's seeds"),
}
#: Measured at full size: the six switches' 9,720 learners (trained up to 1,000 games, tested 5,000) took 76 CPU s.
SWITCH_COST = ("the switch exists; its learners were not given to this call (p04.experiments.open_point_learners, "
               "about 13 CPU s a switch at full size)")
VARIANTS = Reading("rule and learner variants", "the spec's rules or learner changed in one respect (the E10 grid)",
                   "spec §7 E10 and §8.5-8.9")
NO_TRAINING_VARIANTS = Unbuilt("the rule and learner variants were trained 300 games only, so no change with "
                               "training can be read under them")


def at_training(games: int) -> Reading:
    return Reading(f"{games:,} training games", f"the chart's statement is read at {games:,} training games",
                   "the paper states the ordering for its chart as a whole, not at one training size (§3.4)")


def variant(label: str, games: int = GRID_GAMES) -> Reading:
    return Reading(label, f"the spec's rules and learner changed in one respect: {label}, at {games:,} training "
                   "games", "spec §7 E10 and §8.5-8.9 (rule and learner variants)")


def variant_labels(grid: pd.DataFrame | None) -> list[str]:
    """The grid's variants that are readings of the paper: all but "paper" and :data:`NOT_THE_PAPERS`."""
    labels = list(RULE_VARIANTS) if grid is None else [v for v in grid.variant.unique() if v != "paper"]
    return [v for v in labels if v not in NOT_THE_PAPERS]


def _grid_readings(grid: pd.DataFrame | None, key: str, games: int = GRID_GAMES) -> list:
    """(reading, what) pairs of one E7/E8 statement under every variant of the grid, built at the grid's size only."""
    labels = variant_labels(grid)
    built = GRID_GAMES if grid is None or "training_games" not in grid else int(grid.training_games.iloc[0])
    if games != built:
        return [(variant(label), Unbuilt(
            f"the grid trains {GRID_GAMES} games, this claim is judged at {games:,}: it needs the variant's learners "
            f"trained {games:,} games (claims.variant_orderings_at, about 10 CPU seconds at full size)"))
            for label in labels]
    return [(variant(label, built), lambda label=label: "the rule-variant grid was not given to this call"
             if grid is None else U.grid_reading(grid, label, key)) for label in labels]


def stage2_open_points(per_seed, judge, seeds_per_cell: str, pooled=None, switched=None) -> list:
    """(reading, what) pairs of the stage-2 open points outside the E10 grid for a claim judged by ``judge(frame)``."""
    out = [(CAP_DRAWS_OUT, Unbuilt("the learners' table given here records no draws") if per_seed is None
            or "draws" not in per_seed.columns else lambda: judge(U.rescored(per_seed, "out")))]
    built = set() if switched is None else set(switched.variant)
    for reading, (need, how) in STAGE2_UNBUILT.items():
        if reading is MIXED_POOL and pooled is not None:
            continue
        if reading.name in built:
            out.append((reading, lambda r=reading, how=how: (*judge(switched[switched.variant == r.name])[:2], how)))
        else:
            out.append((reading, Unbuilt(need if reading is MIXED_POOL else
                                         f"{need}, and {seeds_per_cell} retrained under it: {SWITCH_COST}")))
    if pooled is not None:  # p04.experiments.pooled_learners (issue 49)
        out.append((MIXED_POOL, lambda: (*judge(pooled)[:2], STAGE2_UNBUILT[MIXED_POOL][1])))
    return out


def variant_orderings(feature_per_seed: pd.DataFrame, variant_per_seed: pd.DataFrame) -> pd.DataFrame:
    """Every E7 ordering (F7) and E8 statement under the paper's reading and each variant, by the claims' rules."""
    both = pd.concat([feature_per_seed, variant_per_seed], ignore_index=True)
    return U.grid(both, ["paper"] + list(RULE_VARIANTS),
                 lambda sub: {**ordering_checks(sub, {"feature_set": "F7"}), **feature_checks(sub, {})})


def variant_orderings_at(variant_per_seed: pd.DataFrame) -> pd.DataFrame:
    """The E7 orderings under every variant at the training chart's own size (issue 49), with ``training_games``."""
    sizes = sorted({int(t) for t in variant_per_seed.training_games})
    if len(sizes) != 1:
        raise ValueError(f"variant learners of one training size, got {sizes}")
    return U.grid(variant_per_seed, RULE_VARIANTS, lambda sub: ordering_checks(sub, {"feature_set": "F7"})).assign(
        training_games=sizes[0])


def orderings_grid(orderings: pd.DataFrame) -> pd.DataFrame:
    """:func:`variant_orderings`' verdicts, variants by statement, in the page's words ("undecided": issue 50)."""
    grid = orderings.pivot(index="variant", columns="ordering", values="verdict")  # statements in judged order
    # the default variant is named as the rest of the page names it, not "paper" (issue 50)
    return grid.loc[["paper"] + list(RULE_VARIANTS), list(dict.fromkeys(orderings.ordering))].replace(
        {"inconclusive": "undecided"}).rename(index={"paper": DEFAULT_VARIANT_WORDS})


#: The spec's reading of the rules (the variant "paper" of the data), as the page's tables name it.
DEFAULT_VARIANT_WORDS = "modified rules (spec's reading)"


# ============================================================================ stage 2: judges

def training_claims(per_seed: pd.DataFrame, *, ctx=None, variant_orderings: pd.DataFrame | None = None,
                    top_orderings: pd.DataFrame | None = None, pooled=None, switched=None) -> list[dict]:
    """Rows of the training-games chart; the orderings' grid readings from ``top_orderings`` when given."""
    stage, rows = stager("training", ctx), []
    top, low, mid = int(per_seed.training_games.max()), min(int(t) for t in printed.TRAINING_GAMES), 100
    ceil = U.ceiling_groups(per_seed, training_games=[low, mid, top])
    retrained = f"{per_seed.seed_index.nunique()} learners per opponent and training size"

    def readings(judge):
        return [(VARIANTS, NO_TRAINING_VARIANTS)] + stage2_open_points(per_seed, judge, retrained, pooled, switched)

    def rises(frame, opp):
        return U.rise(U.paired(frame, {"opponent": opp, "training_games": top},
                              {"opponent": opp, "training_games": low}))

    for opp in sorted(per_seed.opponent.unique()):
        at, note = (f"a cell at {low:,}, {mid:,} or {top:,} games is at the ceiling",
                    f"test win rate of learners trained {top:,} minus {low} games, paired by seed")
        if opp in ceil:
            est, others, note = rises(per_seed, opp)[0], None, f"{note}; left out: {at}"
            j = V.undecidable(V.stated("inconclusive", "direction of a gain (> 0); cells at a ceiling or floor "
                                                       "(>= 99.5 % or <= 0.5 %) are left out of gain comparisons"), at)
        else:
            est, j = stage(*rises(per_seed, opp), lambda f, n, opp=opp: rises(U.first(f, n), opp))
            others = readings(lambda f, opp=opp: rises(f, opp))
        rows.append(_claim(f"Stage 2 vs {opp}: win rate rises from {low} to {top:,} training games",
                           printed.PAPER_VALUES["s2_rises"], est, j, family=TRAINING_FAMILY, note=note, others=others))
    keep = [o for o in sorted(per_seed.opponent.unique()) if o not in ceil]

    def slows(frame):
        def gain(a, b):
            return sum(U.cell(frame, opponent=o, training_games=b) - U.cell(frame, opponent=o, training_games=a)
                       for o in keep) / len(keep) / (b - a) * 100
        early, late = gain(low, mid), gain(mid, top)
        est = V.paired_difference(early.to_numpy(), late.to_numpy(), bound=2.0)
        return est, V.direction(est, ">", 0.0), early, late

    est, j, early, late = slows(per_seed)
    est, j = stage(est, j, lambda f, n: slows(U.first(f, n)))
    rows.append(_claim(f"Stage 2: the rise slows after about {mid} training games", printed.PAPER_VALUES["s2_flattens"],
                       est, j, family=TRAINING_FAMILY, others=readings(lambda f: slows(f)[:2]),
                       note=f"win rate gain per 100 training games (0.01 = 1 point), {low}->{mid} "
                            f"({U.pct(early.mean())} points) minus {mid}->{top:,} ({U.pct(late.mean())} points) in the "
                            "pilot, mean over opponents "
                            + (f"(left out at the ceiling: {', '.join(ceil)})" if ceil else "")))
    grid = top_orderings if top_orderings is not None and len(top_orderings) else variant_orderings
    checks = ordering_checks(per_seed, {"training_games": top})
    for key, text, pv in (
            ("a, f highest", f"Stage 2: highest win rates against a and f ({top:,} training games)", "s2_best"),
            ("d slightly above b, c, e", "Stage 2: win rate against d slightly above b, c and e", "s2_d_above"),
            ("d below a, f", "Stage 2: win rate against d below a and f", "s2_d_below")):
        est, j, note = checks[key]
        est, j = stage(est, j, lambda f, n, key=key: ordering_checks(U.first(f, n), {"training_games": top})[key])
        others = [(at_training(games),
                   lambda games=games, key=key: ordering_checks(per_seed, {"training_games": games})[key][:2])
                  for games in sorted({int(t) for t in per_seed.training_games} & {300, 500})]
        others += _grid_readings(grid, key, top) + stage2_open_points(
            per_seed, lambda f, key=key: ordering_checks(f, {"training_games": top})[key][:2], retrained, pooled,
            switched)
        rows.append(_claim(text, printed.PAPER_VALUES[pv], est, j, family=TRAINING_FAMILY, others=others,
                           note=f"least favourable win rate difference (0.01 = 1 point) shown; pilot: {note}"))
    return rows


def feature_claims(per_seed: pd.DataFrame, *, ctx=None, variant_orderings: pd.DataFrame | None = None,
                   one_hot: pd.DataFrame | None = None, pooled=None, switched=None) -> list[dict]:
    """Rows of the feature chart, from the feature sweep's learners (300 training games)."""
    stage, checks, rows = stager("features", ctx), feature_checks(per_seed, {}), []
    hot = "" if one_hot is None else f"; one-hot: {U.pct(one_hot[~one_hot.at_ceiling].difference.mean())} points"
    for key, text, pv in (
            ("history about 10 points", "Stage 2: lie history (features 6, 7) is worth about 10 points", None),
            ("H5 differs little from H3", "Stage 2: remembering 5 lies instead of 3 changes little", "h5_equal"),
            ("H5 helps d and e most", "Stage 2: more history helps most against d and e", "h5_helps")):
        est, j, note = checks[key]
        note = f"pilot: {note}"  # the confirmatory sample's value is the row's; the per-opponent numbers the pilot's
        if est is not None:
            est, j = stage(est, j, lambda f, n, key=key: feature_checks(U.first(f, n), {})[key])
        elif j.verdict == "inconclusive":
            j = V.undecidable(j, "d or e is at a ceiling or floor")
        others = _grid_readings(variant_orderings, key) + stage2_open_points(
            per_seed, lambda f, key=key: feature_checks(f, {})[key][:2],
            f"{per_seed.seed_index.nunique()} learners per opponent and feature set", pooled, switched)
        if pv is None:
            others.append((RELATIVE, lambda: relative_history(per_seed)))
            note += hot + ("; the paper's 20-game tests of one learner cannot resolve 10 points (the test-size row); "
                           "judged on the mean over learners, not a prediction interval for one learner: the paper "
                           "states what lie history is worth to the method")
        rows.append(_claim(text, f"about {printed.HISTORY_GAIN_PP:g} points" if pv is None else
                           printed.PAPER_VALUES[pv], est if est is not None else np.nan, j, family=FEATURE_FAMILY,
                           note=note, others=others))
    return rows


def relative_history(per_seed: pd.DataFrame):
    """"About 10%" as a relative gain: per seed, mean F7 rate over F5's minus 1 (opponents not at a ceiling)."""
    keep = [o for o in sorted(per_seed.opponent.unique()) if o not in U.ceiling_groups(per_seed)]
    f7, f5 = (sum(U.cell(per_seed, opponent=o, feature_set=fs) for o in keep) / len(keep) for fs in ("F7", "F5"))
    ratio = (f7 / f5 - 1).dropna()
    est = V.paired_difference(ratio.to_numpy(), np.zeros(len(ratio)), bound=np.inf)
    return est, V.about(printed.HISTORY_GAIN_PP / 100, est, span=2.0, reference=0.0)


def weights_claim(separability: dict) -> dict:
    est = V.proportion(separability["correct"], separability["learners"], unit="learners")
    return _claim(printed.WEIGHTS_CLAIM, printed.PAPER_VALUES["weights"], est,
                  V.direction(est, ">", separability["chance"]), family=WEIGHTS_FAMILY,
                  others=[(ANOTHER_MEASURE, "the paper names no measure of how strongly weights differ, so no second "
                                            "one can be read from it")],
                  note=f"value: the share of learners whose weights name their opponent; leave-one-out nearest "
                       f"centroid, {separability['learners']} learners, chance {separability['chance']:.3f}")


# ============================================================================ extensions

def audit_claims(pool_audit: pd.DataFrame, learners: pd.DataFrame, standing: pd.DataFrame | None = None) -> list[dict]:
    """The first-mover advantage per rules and pool, what the variant changes, and the learner's reach of the line."""
    rows, (mod, var) = [], ("modified rules", "last play challengeable")
    ranks = ""
    if standing is not None:
        st = standing.set_index(["rules", "agent"])["rank"]
        ranks = "; rank among a-f (win rate against the other five): " + ", ".join(
            f"{t} {st[(mod, t)]} -> {st[(var, t)]}" for t in sorted(standing.agent.unique()))
    for pool, g in pool_audit.groupby("pool", sort=False):
        g = g.set_index("rules")
        for r in (mod, var):
            est = V.proportion(int(g.first_player_wins[r]), int(g.decided[r]))
            word = {"reproduced": "above 50 %", "differs": "below 50 %"}.get(V.direction(est, ">", 0.5).verdict,
                                                                             "not decided against 50 %")
            rows.append(_ours(f"Extension: share of decided games won by the first player, {pool} ({r})", est,
                              "our measurement (the paper states no first-mover effect)", AUDIT_FAMILY,
                              f"value: a share of decided games; interval {word}; the first to start a turn with at "
                              f"most 3 cards wins {100 * g.first_opportunity_wins_share[r]:.1f} %, winning plays that "
                              f"were lies {100 * g.lying_final_plays_share[r]:.1f} %"))
        est = V.difference_of_proportions(int(g.first_player_wins[var]), int(g.decided[var]),
                                          int(g.first_player_wins[mod]), int(g.decided[mod]))
        rows.append(_ours(f"Extension: change of the first player's share when the emptying play can be challenged, "
                          f"{pool}", est, "our measurement; the variant is not the paper's rule", AUDIT_FAMILY,
                          "first player's win rate, variant minus modified rules (Newcombe 95 %)" + (
                              ranks if pool == "a-f only" else "; the random agent challenges half of all plays")))
    paper_rules = learners[learners.variant == "paper"] if "variant" in learners.columns else learners
    est = V.across_seeds((paper_rules.expressible / paper_rules.opportunities.clip(lower=1)).to_numpy())
    rows.append(_ours("Extension: share of the learner's turns with at most 3 cards at which its actions can empty "
                      "its hand", est, "our measurement; no paper value", AUDIT_FAMILY,
                      "value: a share of turns; TRUTH_n plays only the required rank and LIE_n only others, so a mixed "
                      "hand cannot be emptied in one play; F7 learners of the training sweep, test games"))
    return rows


def variant_claims(exploiter: pd.DataFrame, effects: dict, per_seed_var: pd.DataFrame,
                   training: pd.DataFrame | None = None) -> list[dict]:
    """The variant: what the line is worth, why its learner does worse against a, and "a, f highest" under it."""
    rows = []
    for rules, g in exploiter.groupby("rules", sort=False):
        g = g.set_index("opponent")
        worst = g.gain.idxmin()
        est = V.Estimate(float(g.gain[worst]), float(g.gain_low[worst]), float(g.gain_high[worst]),
                         int(2 * g.games[worst]), "games")
        rows.append(_ours(f"Extension: what the hand-emptying line is worth: exploiter x minus type b ({rules})", est,
                          "our agent; the paper has no exploiter", VARIANT_FAMILY,
                          f"least gain over a-f shown (against {worst}); x's win rate / gain over b (points), seats "
                          "rotated: " + ", ".join(f"{o} {100 * r.x_win_rate:.1f} % / {U.pct(r.gain)}"
                                                  for o, r in g.iterrows())))
    why = ""
    if training is not None and "last play challengeable" in set(training.trained_under):
        t = training.set_index(["opponent", "trained_under"]).loc[("a", "last play challengeable")]
        why = (f"; in training under the variant {100 * t.final_share:.0f} % of its challenges were of a's "
               f"hand-emptying play, {100 * t.final_accuracy:.0f} % of those caught a lie (others "
               f"{100 * t.other_accuracy:.0f} %); no feature marks that play, so the challenge value carries over")
    for key, text, note in (
            ("training", "Extension: the learner's drop against a under the variant comes from training",
             "test win rate against a under the modified rules of learners trained 1,000 games under the variant "
             "minus learners trained under the modified rules (independent learners, Welch)"),
            ("test_time", "Extension: the variant's own effect at test time on the same learners (vs a)",
             "win rate of learners trained under the variant, tested under the variant minus under the modified "
             "rules (paired by learner)"),
            ("challenge_share", "Extension: learners trained under the variant challenge more often (vs a, "
             "modified-rules test)", "challenges per decision at test (0.01 = 1 point), trained under the variant "
             "minus under the modified rules" + why)):
        rows.append(_ours(text, effects[key], "our measurement; no paper value", VARIANT_FAMILY, note))
    top = int(per_seed_var.training_games.max())
    est, j, note = ordering_checks(per_seed_var, {"training_games": top})["a, f highest"]
    rows.append(_ours(f"Extension: highest win rates against a and f under the variant ({top:,} training games)", est,
                      f"the E7 ordering rechecked under the variant: {j.rule}", VARIANT_FAMILY,
                      f"least favourable win rate difference (0.01 = 1 point); as the E7 row: {j.verdict}; {note}"))
    return rows


def extension_rows(small_test_sd: float, multiplayer: pd.DataFrame | None = None,
                   history_one_hot: pd.DataFrame | None = None) -> list[dict]:
    half = 1.96 * (0.25 / printed.TEST_GAMES) ** 0.5  # the binomial 95% half-width at a 50% rate
    rows = [_claim("A 20-game test of one learner resolves win rates only to within its 95% half-width",
                   f"{printed.TEST_GAMES} test games (binomial 95% half-width at a 50% rate: {half:.2f})",
                   V.exact(1.96 * small_test_sd), V.stated("extension", "1.96 x the standard deviation of the 20-game "
                                                                        "test win rate across learners of one cell, "
                                                                        "mean over cells"),
                   kind="check", family="Test size (§3.4)",
                   note=f"value: the half-width, a share: ±{100 * 1.96 * small_test_sd:.0f} points, the binomial "
                        f"±{100 * half:.0f} plus the spread between learners; a difference of two tests is about 1.4 "
                        "times wider; our tests are longer (How it is judged)")]
    if history_one_hot is not None:
        keep = history_one_hot[~history_one_hot.at_ceiling]
        est = V.mean_of(keep.difference.to_numpy(), -1.0, 1.0, unit="opponents") if len(keep) > 1 else \
            V.exact(keep.difference.mean())
        rows.append(_ours("Extension: lie history (F7 - F5) with one-hot features", est,
                          "our result under the spec's encoding variant; no paper value", FEATURE_FAMILY,
                          "win rate F7 minus F5, mean over opponents (left out at a ceiling: "
                          + (", ".join(history_one_hot[history_one_hot.at_ceiling].opponent) or "none")
                          + "); per opponent (points): "
                          + U.per(zip(history_one_hot.opponent, history_one_hot.difference))))
    for r in ([] if multiplayer is None else multiplayer.itertuples()):
        est = V.Estimate(r.win_rate, r.ci_low, r.ci_high, int(r.seeds), "seeds", r.seed_min, r.seed_max)
        word = {"reproduced": "above", "differs": "below"}.get(V.direction(est, ">", 1 / r.players).verdict,
                                                               "not decided against")
        rows.append(_ours(f"Extension: {r.players}-player game, learner vs {r.opponent}", est,
                          "our result; the paper ran two-player games only", MULTI_FAMILY,
                          f"value: the learner's win rate, a share; 300 training games, F7; seats rotate; interval "
                          f"{word} the fair share {1 / r.players:.3f}"))
    return rows


# ============================================================================ the first screen's quantities (issue 50)

BASELINE_ROW, HISTORY_ROW = "Stage 1: the learner wins more than always catching", "Stage 2: lie history"


def _row(claims: pd.DataFrame, start: str) -> pd.Series:
    return claims[claims["claim"].astype(str).str.startswith(start)].iloc[0]


def _fresh(row, pattern=r"confirmatory \(fresh\)") -> bool:
    """The row's verdict comes from a confirmatory sample (its note says so)."""
    return bool(re.search(pattern, str(row.get("note") or "")))


def answer_words(claims: pd.DataFrame, stage1_runs: pd.DataFrame, sizes: dict, learner_runs: int,
                 baseline_runs: int, lie_rates: pd.Series | None = None) -> dict:
    """The answer's words (:func:`liarlab.study.notebook.fill_answer`), each result with the sample that decides it;
    ``lie_rates``: each personality's realised lie rate (the short answer names the weakest one's)."""
    base, hist = _row(claims, BASELINE_ROW), _row(claims, HISTORY_ROW)
    both = f"{learner_runs:,} runs of the learner and {baseline_runs:,} of always catching per personality"
    # no pilot bookkeeping on the first screen (fresh readers): a first and a second sample, in plain words
    second = ("the learner's win rate minus that of a player that always catches (catch probability 1, no "
              "learning) over games 301-500, averaged over P1–P5"
              + (f", in a second, fresh sample ({_fresh_runs(base)}both players together), drawn because the first "
                 f"({both}: {learner_runs + baseline_runs:,} runs) left it undecided,"
                 if _fresh(base, r"pilot [^;]*? inconclusive; confirmatory \(fresh\)")
                 else f" ({both}, paired by run index),"))
    third = ("the stage-2 learner's test win rate with the opponent's lie history (F7) minus without it (F5), averaged "
             f"over the types a-f not at a ceiling (a win rate of {100 * V.CEILING:g} % or more)"
             + (f", in a second, fresh sample of {int(hist.n):,} learners per opponent and feature set (*Which features "
                "matter* gives both samples)" if _fresh(hist) else "")
             + _history_range(hist))
    return dict(quantity=headline_quantity(claims, stage1_runs, sizes), paper=HEADLINE_PAPER, second=base.claim,
                second_quantity=second, third=hist.claim, third_quantity=third,
                short=short_answer(claims, stage1_runs, lie_rates))


def _fresh_runs(row) -> str:
    """The confirmatory sample's count of runs as its note gives it ("42 runs, "), or nothing (issue 50)."""
    m = re.search(r"confirmatory \(fresh\) [^;]*? on (\d+) runs", str(row.get("note") or ""))
    return f"{int(m.group(1)):,} runs, " if m else ""


def _history_range(hist) -> str:
    """The range the rule allows for "about 10", where the interval lies, and where the cause comes from (issue 50)."""
    m = re.search(r"allowed \[([-0-9.]+), ([-0-9.]+)\]", str(hist.get("rule") or ""))
    if not m:
        return ""
    low, high = (100 * float(v) for v in m.groups())
    where = ("wholly below it" if hist.ci_high < low / 100 else "wholly above it" if hist.ci_low > high / 100
             else "inside it" if low / 100 <= hist.ci_low and hist.ci_high <= high / 100 else "across its edge")
    out = (f". The rule reads \"about 10\" as {low:.1f} to {high:.1f} points; this run's interval lies {where}")
    if hist.get("verdict") == "differs" and str(hist.get("cause")) == "power":
        out += ". The cause below is the readings table's: no other reading reproduces 10 points, one is undecided"
    return out


def short_answer(claims: pd.DataFrame, stage1_runs: pd.DataFrame | None = None,
                 lie_rates: pd.Series | None = None) -> str:
    """The answer in numbers, from the headline's runs and the second and third results' rows: what the learner wins
    after its last game against each personality (the weakest apart, with its lie rate), what always catching does
    better, and what the lie history is worth against the paper's value."""
    base, hist = _row(claims, BASELINE_ROW), _row(claims, HISTORY_ROW)
    window = base.claim[base.claim.find("(") + 1:base.claim.rfind(")")]

    def pts(v: float) -> str:
        return f"{100 * v:+.1f}"   # the hyphen-minus of the result sentences below it

    gap = f"the learner minus it: {pts(base.reproduced_value)} points, {window}, 95 %: {pts(base.ci_low)} to " \
          f"{pts(base.ci_high)}"
    stage1 = (f"a player that always catches, without learning, does better ({gap}), so the learner's wins come from "
              "catching more, not from learning where an opponent lies" if base.ci_high < 0 else
              f"the learner beats a player that always catches ({gap})" if base.ci_low > 0 else
              f"the learner and a player that always catches are not told apart ({gap})")
    if stage1_runs is not None and "win_rate" in stage1_runs and stage1_runs.personality.nunique() > 1:
        last = stage1_runs[stage1_runs.games == stage1_runs.games.max()]
        final = last.groupby("personality").win_rate.mean().mul(100)
        weak, rest = final.idxmin(), final.drop(final.idxmin())
        lies = "" if lie_rates is None or weak not in lie_rates else \
            f", which lies {100 * float(lie_rates[weak]):.0f} % of the time"
        stage1 = (f"the learner wins {rest.min():.0f}–{rest.max():.0f} % of its first {int(stage1_runs.games.max()):,} games "
                  f"against {_names(list(final.index), list(rest.index))} but {final[weak]:.0f} % against {weak}{lies}; " + stage1)
    worth = (f"in stage 2 the opponent's lie history is worth {pts(hist.reproduced_value)} points (95 %: "
             f"{pts(hist.ci_low)} to {pts(hist.ci_high)}), where the paper says {hist.paper_value}")
    ex, rows = printed.STAGE1_EXAMPLE, claims[claims["claim"].astype(str).str.startswith("Stage 1 example")]
    shown = re.match(r"value: (\w+)'s realised lie rate at position \d+, the closest", str(rows.iloc[0].get("note")
                                                                                        or "")) if len(rows) else None
    example = (f" The paper's example, {ex['lies']} lies at position {ex['position']} in {ex['games']} games "
               f"({100 * ex['lies'] / ex['games']:.1f} %), fits none of P1–P5 (closest: {shown[1]}, "
               f"{100 * rows.iloc[0].reproduced_value:.1f} %)." if shown and rows.iloc[0].verdict == "differs" else "")
    return f"In stage 1 {stage1}. {worth[0].upper() + worth[1:]}.{example}"


def _names(every: list, some: list) -> str:
    """``some`` of ``every`` as a range where they run on ("P1–P4"), else listed."""
    run = every[every.index(some[0]):every.index(some[-1]) + 1] == some
    return f"{some[0]}–{some[-1]}" if run and len(some) > 2 else and_list(some)


def headline_quantity(claims: pd.DataFrame, stage1_runs: pd.DataFrame, sizes: dict) -> str:
    """What the headline's number is, with this run's cells, runs per cell and fresh runs."""
    games = sorted(int(g) for g in stage1_runs["games"].unique())
    per_cell = int(stage1_runs.groupby(["personality", "games"]).size().min())
    sample = f"over {per_cell:,} independent runs of {games[-1]:,} games a personality"
    if int(sizes.get("stage1") or 0) and _fresh(_row(claims, "Stage 1: the learner's win rates are almost all")):
        sample += f" in a first sample, {int(sizes['stage1']):,} fresh runs in a second that gives the verdict"
    cells = stage1_runs.personality.nunique() * len(games)
    low = V.WORDS["almost all"][1]   # the verdict rule's reading of the paper's word, never typed here
    need = int(np.ceil(low * cells - 1e-9))
    return (f"the number of stage-1 cells ({stage1_runs.personality.nunique()} personalities × checkpoints after "
            f"{and_list(f'{g:,}' for g in games)} games) whose cumulative win rate (the share of all games so far) lies "
            f"above 50 % ({sample}); "
            f"the paper's \"almost all\" is read as at least {100 * low:.0f} % of the cells, {need:,} of {cells:,}")


# ============================================================================ the families (issue 48)

def confirmation_sizes(results: Results, caps: dict | None = None) -> dict:
    """The confirmatory size per group from the pilot: the largest any undecided row asks for, capped at ``caps``."""
    plans: dict = {}
    F.claims_rows(CLAIM_FAMILIES, SimpleNamespace(results=results, confirm={}, caps=caps, plans=plans))
    return plans


def notebook_claims(results: Results, confirm: dict, caps: dict | None = None) -> list[dict]:
    """Every claims row of notebook 04 (:data:`CLAIM_FAMILIES`), from its results and the confirmatory samples."""
    return F.claims_rows(CLAIM_FAMILIES, SimpleNamespace(results=results, confirm=confirm, caps=caps, plans=None))


def _plan(group: str) -> Confirm:
    """The two-stage plan of ``group``: the full profile's pilot and cap, in its units."""
    unit, pilot, cap = {"stage1": ("learner runs per personality", "stage1_runs", "confirm_runs_cap"),
                        "settings": ("learner runs per personality and setting", "settings_runs", "confirm_runs_cap")
                        }.get(group, ("trained learners per cell (fresh seeds)", "q_seeds", "confirm_seeds_cap"))
    return Confirm(unit, PARAMS.size(pilot, "full"), PARAMS.size(cap, "full"))


def _judge_stage1(r):
    res = r.results
    return stage1_claims(res.stage1.runs, res.stage1.windows, res.lies, ctx=r, settings_runs=res.settings.runs,
                         lie_rates_uniform=res.lies_uniform)


def _judge_discussion(r):
    late = r.results.stage1.late_window
    return [k_claim(late, r.results.settings.runs_of("k fixed at 0"), ctx=r),
            model_variant_claim(late, r.results.settings.runs_of("simulates"))]


def _stage2_extras(r, part: str) -> dict:
    res = r.results
    return dict(ctx=r, variant_orderings=res.orderings, pooled=(res.pooled or {}).get(part),
                switched=(res.switched or {}).get(part))


#: Each judge builds its readings rows from the run's whole tables (the settings runs, the variant grid, the pooled
#: learners): the readings are declared above, beside the judges that run them.
_BUILT = dict(builds_readings=True, sampled=True)
_OURS = "ours, judged by no printed value: its interval is reported, not tested"
_S = f"{SOURCE}: "

#: Notebook 04's families, in the claims table's order (one record per statement of the seed, or per group of rows
#: one experiment judges together: the stage-1 sentence's claims are judged jointly, so they are one record).
CLAIM_FAMILIES = (
    ClaimFamily(S1_SENTENCE, _S + "§2.4-2.5, the stage-1 chart and its example", printed.STAGE1_CLAIMS, _judge_stage1,
                experiment=("04", "E2"), confirm=_plan("stage1"), headline=True, **_BUILT),
    ClaimFamily(DISCUSSION_FAMILY, _S + "§2.5, the discussion", printed.PAPER_VALUES["k_matters_little"],
                _judge_discussion, experiment=("04", "E3"), confirm=_plan("settings"), **_BUILT),
    ClaimFamily("Extension: the stage-1 learner against trivial catchers", _S + "§2.5 (our test)", None,
                lambda r: baseline_claims(r.results.stage1.late_window, r.results.settings.late, ctx=r),
                experiment=("04", "E3"), extension=True, can_differ=False, confirm=_plan("settings"), **_BUILT),
    ClaimFamily(TRAINING_FAMILY, _S + "§3.4, chart 1", printed.STAGE2_CLAIMS,
                lambda r: training_claims(r.results.training.per_seed, top_orderings=r.results.orderings_top,
                                          **_stage2_extras(r, "training")),
                experiment=("04", "E7"), confirm=_plan("training"), **_BUILT),
    ClaimFamily("Extension: the stage-2 learner against trivial baselines", _S + "§3.4 (our test)", None,
                lambda r: stage2_baseline_claims(r.results.training.per_seed, r.results.baselines.table, ctx=r),
                experiment=("04", "E7"), extension=True, can_differ=False, confirm=_plan("training"), **_BUILT),
    ClaimFamily(FEATURE_FAMILY, _S + "§3.4 and §4, chart 2", printed.FEATURE_CLAIMS,
                lambda r: feature_claims(r.results.features.per_seed, one_hot=r.results.features.history_gain_hot,
                                         **_stage2_extras(r, "features")),
                experiment=("04", "E8"), confirm=_plan("features"), **_BUILT),
    ClaimFamily(WEIGHTS_FAMILY, _S + "§1.3", printed.WEIGHTS_CLAIM,
                lambda r: [weights_claim(r.results.weights.separability)], experiment=("04", "E9"),
                builds_readings=True,
                confirm="the learners' weights are read whole: leave-one-out over the E8 learners, no second sample"),
    ClaimFamily(AUDIT_FAMILY, _S + "§3.1-3.2 (our audit)", None,
                lambda r: audit_claims(r.results.robin.pool_audit, r.results.training.per_seed[
                    r.results.training.per_seed.training_games == r.results.training.top], r.results.robin.standing),
                experiment=("04", "E6"), extension=True, can_differ=False, sampled=True, confirm=_OURS),
    ClaimFamily(VARIANT_FAMILY, _S + "§3.1 (our variant)", None,
                lambda r: variant_claims(r.results.exploit, r.results.baselines.effects,
                                         r.results.training.per_seed_var, r.results.baselines.challenges),
                experiment=("04", "E10"), extension=True, can_differ=False, sampled=True, confirm=_OURS),
    ClaimFamily("Test size (§3.4), then our extensions", _S + "§3.4, the charts' 20-game test; ours beyond it",
                printed.TEST_GAMES,
                lambda r: extension_rows(float(r.results.training.table.small_test_sd.mean()), r.results.multiplayer,
                                         r.results.features.history_gain_hot),
                experiment=("04", "E10"), can_differ=False, sampled=True,
                confirm="the test's spread is measured across the learners of every cell; the extensions' intervals "
                        "are reported, not tested"),
)
