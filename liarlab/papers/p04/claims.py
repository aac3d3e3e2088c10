"""Notebook 04's claims rows: each statement of the Cheat paper beside our measurement, judged under the study's
verdict protocol (:mod:`liarlab.core.verdicts`; docs/VERDICTS.md). No rule here has a threshold of its own.

The paper prints no result numbers except "about 10%", so most rows test a direction, an ordering or a
qualitative word. Learners are learned agents: every stage-2 row rests on independently trained learners (one
seed each), with t intervals across seeds; stage-1 rows on independent learner runs. "Rises" claims use
windowed rates (stage 1) or separately trained learners (stage 2), and cells at a ceiling or floor are left out
of comparisons of gains.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p04 import printed
from liarlab.papers.p04.experiments import RULE_VARIANTS, windowed_rates
from liarlab.papers.p04.experiments import seed_values as _values
from liarlab.papers.p04.params import PARAMS
from liarlab.papers.p04.printed import SOURCE
from liarlab.papers.p04.results import Results

STAGE1_FAMILY = "Stage-1 win-rate chart (§2.5)"
TRAINING_FAMILY = "Stage-2 chart 1: training games vs win rate (§3.4)"
FEATURE_FAMILY = "Stage-2 chart 2: features vs win rate (§3.4)"
WEIGHTS_FAMILY = "Learned weights (§1.3)"
AUDIT_FAMILY = "Extension: how the modified game is decided"
MULTI_FAMILY = "Extension: more players"
VARIANT_FAMILY = "Extension: the hand-emptying play made challengeable"
BASELINE_FAMILY = "Learning against trivial baselines (§2.5, §3.4)"
TOP_PAIRS = [(t, o) for t in ("a", "f") for o in ("b", "c", "d", "e")]
QUESTION = "Can a program learn how an opponent lies, and beat it, from games against scripted personalities?"


def confirmation_caps(runs_cap: int, seeds_cap: int) -> dict:
    """Budgets of the two-stage design per confirmatory group, stated before any confirmatory sample is drawn: a
    confirmatory sample never exceeds them, whatever the pilot asks for. ``runs_cap``: stage-1 learner runs per
    personality (and per setting); ``seeds_cap``: stage-2 learners per cell (fresh seeds)."""
    return {"stage1": runs_cap, "settings": runs_cap, "training": seeds_cap, "features": seeds_cap}


def _caps(given: dict | None) -> dict:
    """The notebook's budgets, the full profile's where it states none."""
    return {**confirmation_caps(PARAMS.size("confirm_runs_cap", "full"), PARAMS.size("confirm_seeds_cap", "full")), **(given or {})}


def _claim(text, paper_value, est, judgement, *, family=None, kind="finding", note="", selected=False,
           source=SOURCE, cause=None, readings=None, headline=False):
    from liarlab.study.outputs import claim

    return claim(text, source, paper_value, est, judgement, kind=kind, family=family, note=note, selected=selected,
                 cause=cause if getattr(judgement, "verdict", judgement) == "differs" else None,
                 readings=readings, headline=headline)


def _two_stage(pilot_est, pilot_j, group: str, cap: int, confirm, judge, plans: dict | None, who=()):
    """The row's final (estimate, judgement) under the two-stage design. A decided pilot stands. An undecided
    pilot gets a :func:`verdicts.plan_confirmation` (capped at ``cap``); its size is recorded in ``plans[group]``
    (the notebook draws the fresh sample of the largest size any row of the group asks for). ``judge(frame, n)``
    judges the first ``n`` fresh units of ``confirm`` (the confirmatory sample of the group) with the pilot's
    rule and returns (estimate, judgement); ``who`` names what the fresh sample must contain (personalities,
    settings), recorded in ``plans[group + "_who"]``. Without ``confirm`` the pilot's row is returned as it is."""
    plan = V.plan_confirmation(pilot_j, cap=cap)
    if plan is None:
        return pilot_est, pilot_j
    if plan.undecidable:
        return pilot_est, V.undecidable(pilot_j, plan.reason)
    if plans is not None:
        plans[group] = max(plans.get(group, 0), plan.n)
        if who:  # which personalities or settings the fresh sample must hold
            plans[f"{group}_who"] = tuple(sorted(set(plans.get(f"{group}_who", ())) | set(who)))
    if confirm is None:
        return pilot_est, pilot_j
    est, j = judge(confirm, plan.n)
    return est, V.confirmed(pilot_est, pilot_j, est, j, plan)


def _pct(x) -> str:
    return f"{100 * x:+.1f}"


# ============================================================================ shared judgements

def ceiling_cells(per_seed: pd.DataFrame, by=("opponent",), **where) -> list:
    """Groups (opponents) with any cell at a ceiling or floor (mean >= 99.5 % or <= 0.5 %) among ``where``."""
    g = per_seed
    for k, v in where.items():
        g = g[g[k].isin(v) if isinstance(v, (list, tuple)) else g[k] == v]
    means = g.groupby(list(by) + [c for c in ("training_games", "feature_set") if c in g.columns]).win_rate.mean()
    bad = means[(means >= V.CEILING) | (means <= 1 - V.CEILING)]
    return sorted({k[0] if isinstance(k, tuple) else k for k in bad.index})




def seed_difference(per_seed: pd.DataFrame, a: dict, b: dict, level: float = V.LEVEL) -> V.Estimate:
    """Cell a minus cell b over learners paired by seed index (independent learners, so independent pairs)."""
    x, y = _values(per_seed, **a), _values(per_seed, **b)
    idx = x.index.intersection(y.index)
    return V.paired_difference(x[idx].to_numpy(), y[idx].to_numpy(), level=level)


def ordering_checks(per_seed: pd.DataFrame, where: dict) -> dict:
    """The E7 orderings of the paper among opponents, from learners of one setting (``where`` picks the
    training size, feature set and variant): each is a (estimate, judgement, note) of :mod:`verdicts`.

    * "a, f highest": a and f each above b, c, d, e (8 differences, Bonferroni level, all must hold);
    * "d slightly above b, c, e": each d - x within the word "slight" (3 differences);
    * "d below a, f": a - d and f - d above 0 (2 differences).
    The row's estimate is the least favourable difference (smallest), at the adjusted level.
    """
    out = {}
    specs = {"a, f highest": (TOP_PAIRS, "direction"),
             "d slightly above b, c, e": ([("d", o) for o in ("b", "c", "e")], "slight"),
             "d below a, f": ([("a", "d"), ("f", "d")], "direction")}
    for name, (pairs, rule) in specs.items():
        level = V.simultaneous_level(len(pairs))
        ests = {(t, o): seed_difference(per_seed, {**where, "opponent": t}, {**where, "opponent": o}, level)
                for t, o in pairs}
        js = [V.direction(e, ">", 0.0) if rule == "direction" else V.word("slight", e) for e in ests.values()]
        judgement = V.all_of(js, f"{name}: each of {len(pairs)} differences")
        worst = min(ests, key=lambda k: ests[k].value)
        note = "differences (points): " + ", ".join(f"{t}-{o} {_pct(e.value)} [{_pct(e.low)}, {_pct(e.high)}]"
                                                   for (t, o), e in ests.items())
        out[name] = (ests[worst], judgement, note)
    return out


def feature_checks(per_seed: pd.DataFrame, where: dict, opponents=("a", "b", "c", "d", "e", "f")) -> dict:
    """The E8 statements from learners of one setting (``where`` without the feature set): F7 - F5 about 10
    points, F7-H5 - F7 differs little (both means over opponents, paired by seed), and the H5 gain largest
    against d and e (8 differences of gains, Bonferroni level). Opponents with a cell at a ceiling or floor are
    left out of these comparisons of gains."""
    left_out = ceiling_cells(per_seed, **where)
    keep = [o for o in opponents if o not in left_out]
    note_out = (f"left out (a cell at a ceiling/floor): {', '.join(left_out)}; " if left_out else "")

    def gain_matrix(a, b):
        return pd.DataFrame({o: _values(per_seed, **where, opponent=o, feature_set=a)
                             - _values(per_seed, **where, opponent=o, feature_set=b) for o in opponents})

    hist = gain_matrix("F7", "F5")
    mem = gain_matrix("F7-H5", "F7")
    out = {}
    est = V.paired_difference(hist[keep].mean(axis=1).to_numpy(), np.zeros(len(hist)))
    out["history about 10 points"] = (est, V.about(printed.HISTORY_GAIN_PP / 100, est, span=2.0, reference=0.0),
                                      note_out + "F7 - F5 per opponent: "
                                      + ", ".join(f"{o} {_pct(hist[o].mean())}" for o in opponents))
    est = V.paired_difference(mem[keep].mean(axis=1).to_numpy(), np.zeros(len(mem)))
    out["H5 differs little from H3"] = (est, V.word("differ little", est),
                                        note_out + "F7-H5 - F7 per opponent: "
                                        + ", ".join(f"{o} {_pct(mem[o].mean())}" for o in opponents))
    pairs = [(t, o) for t in ("d", "e") for o in keep if o not in ("d", "e")]
    if all(t in keep for t in ("d", "e")) and pairs:
        level = V.simultaneous_level(len(pairs))
        ests = {(t, o): V.paired_difference(mem[t].to_numpy(), mem[o].to_numpy(), level=level) for t, o in pairs}
        js = [V.direction(e, ">", 0.0) for e in ests.values()]
        worst = min(ests, key=lambda k: ests[k].value)
        out["H5 helps d and e most"] = (ests[worst], V.all_of(js, f"H5 gain of d and e above each other opponent's, "
                                                                  f"{len(pairs)} differences"),
                                        note_out + "differences of H5 gains (points): "
                                        + ", ".join(f"{t}-{o} {_pct(e.value)}" for (t, o), e in ests.items()))
    else:
        out["H5 helps d and e most"] = (None, V.stated("inconclusive", "H5 gains of d and e above the others'"),
                                        note_out + "d or e is at a ceiling/floor: no comparison of gains")
    return out


# ============================================================================ stage 1

def stage1_claims(runs: pd.DataFrame, windows: pd.DataFrame, lie_rates: pd.DataFrame, *, confirm=None,
                  plans: dict | None = None, settings: pd.DataFrame | None = None, caps: dict | None = None) -> list[dict]:
    """Stage-1 rows. ``runs``: per-run cumulative rows of the default learner (:func:`learning_runs`);
    ``windows``: its :func:`windowed_rates`; ``lie_rates``: :func:`personality_lie_rates` (fixed agents).
    ``confirm``: fresh runs for the two-stage design (:func:`confirmation_runs`' "stage1"), ``plans``: where the
    confirmatory sizes are recorded; ``settings``: the stage-1 settings table (for the readings tried)."""
    cap = _caps(caps)["stage1"]
    p5_readings = _p5_readings(settings)
    return ([_above_half_claim(runs, confirm, plans, cap, p5_readings)]
            + _rising_claims(runs, windows, confirm, plans, cap)
            + _not_lower_claims(runs, confirm, plans, cap, p5_readings)
            + [example_claim(lie_rates)])


def _p5_readings(settings: pd.DataFrame | None) -> str:
    """The readings of P5 the settings table tries (its lie rate, the personalities' catch rate)."""
    late = {}
    if settings is not None:
        late = settings.set_index(["setting", "personality"]).win_rate.to_dict()
    p5_40 = late.get(("P5 lies 40%", "P5"))
    return ("the spec's P5 lies at 30 % (the paper gives no rate) and personalities catch half the positions "
            "(the paper does not say how they catch); the settings table tries P5 lying 20 / 30 / 40 % and "
            "catch rates 0.3 / 0.5 / 0.7"
            + (f"; with P5 lying 40 % the learner wins {100 * p5_40:.1f} % of 500 games against it" if p5_40
               is not None else ""))


def _above_half_claim(runs: pd.DataFrame, confirm, plans: dict | None, cap: int, p5_readings: str) -> dict:
    """"Almost all above 50 %": the share of cells (personality x checkpoint) whose cumulative rate over runs is
    above 50 %, judged by the word "almost all"; an undecided share is planned in runs from its undecided cells."""
    cells = []
    below = set()
    for (name, games), g in runs.groupby(["personality", "games"], sort=False):
        j = V.direction(V.across_seeds(g.win_rate.to_numpy(), unit="runs"), ">", 0.5)
        cells.append(j)
        if j.verdict == "differs":
            below.add(name)
    share = V.share(cells)
    n_yes = sum(j.verdict == "reproduced" for j in cells)
    n_no = sum(j.verdict == "differs" for j in cells)

    def all_cells(frame, n=None):
        frame = frame if n is None else _first(frame, n, "run")
        js = [V.direction(V.across_seeds(g.win_rate.to_numpy(), unit="runs"), ">", 0.5)
              for _, g in frame.groupby(["personality", "games"], sort=False)]
        est = V.share(js)
        return est, V.word("almost all", est), js

    share_j = V.word("almost all", share)
    if share_j.verdict == "inconclusive":  # plan in runs from the undecided cells (the share itself is in cells)
        open_ = [j for j in cells if j.verdict == "inconclusive"]
        sizes = [j.needed for j in open_ if j.needed is not None]
        planning = replace(share_j, needed=max(sizes) if sizes and len(sizes) == len(open_) else None,
                           undecidable=not sizes or len(sizes) < len(open_))
        share_est, share_j2 = _two_stage(share, planning, "stage1", cap, confirm,
                                         lambda f, n: all_cells(f, n)[:2], plans, who=tuple(runs.personality.unique()))
        share_j = replace(share_j2, rule=share_j.rule) if share_j2 is not planning else share_j
        if share_j2.undecidable:
            share_j = share_j2
        share = share_est
    return _claim("Stage 1: the learner's win rates are almost all above 50%", printed.PAPER_VALUES["above_half"],
                  share, share_j, family=STAGE1_FAMILY,
                  note=f"pilot's per-cell judgements (personality x checkpoint, cumulative rate over runs > 50%): "
                       f"{n_yes} of {len(cells)} above, {n_no} below ({', '.join(sorted(below)) or 'none'}), "
                       f"{len(cells) - n_yes - n_no} undecided",
                  cause="reading", readings=p5_readings)


def _rising_claims(runs: pd.DataFrame, windows: pd.DataFrame, confirm, plans: dict | None, cap: int) -> list[dict]:
    """"Rising", per personality: the windowed rate of the last window minus the first, paired by run (the
    cumulative reading, which the paper's chart shows, goes into the readings)."""
    rows = []
    first, last = windows.window.iloc[0], windows.window.iloc[-1]
    top = int(runs.games.max())
    for name, g in windows.groupby("personality", sort=False):
        a = g[g.window == last].set_index("run").win_rate.sort_index()
        b = g[g.window == first].set_index("run").win_rate.reindex(a.index)
        est = V.paired_difference(a.to_numpy(), b.to_numpy(), unit="runs")
        rate_a, rate_b = a.mean(), b.mean()
        text = f"Stage 1 vs {name}: win rate rises from games {first} to games {last}"
        if any(r >= V.CEILING or r <= 1 - V.CEILING for r in (rate_a, rate_b)):
            rows.append(_claim(text, printed.PAPER_VALUES["rising"], est,
                               V.undecidable(V.stated("inconclusive", "direction of a gain; cells at a ceiling/floor "
                                                                      "are left out"), "a window at a ceiling/floor"),
                               family=STAGE1_FAMILY, note="a window at a ceiling/floor: left out of gain comparisons"))
            continue
        cum = runs[runs.personality == name].pivot(index="run", columns="games", values="win_rate")
        mid = 100 if 100 in cum.columns else sorted(cum.columns)[len(cum.columns) // 2]
        cum_est = V.paired_difference(cum[top].to_numpy(), cum[mid].to_numpy(), unit="runs")
        cum_j = V.direction(cum_est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE)

        def rises(frame, n, name=name):
            w = windowed_rates(_first(frame, n, "run"), (_window(first), _window(last)))
            w = w[w.personality == name]
            x = w[w.window == last].set_index("run").win_rate.sort_index()
            y = w[w.window == first].set_index("run").win_rate.reindex(x.index)
            e = V.paired_difference(x.to_numpy(), y.to_numpy(), unit="runs")
            return e, V.direction(e, ">", 0.0, negligible=V.NEGLIGIBLE_RATE)

        est, j = _two_stage(est, V.direction(est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE), "stage1",
                            cap, confirm, rises, plans, who=(name,))
        rows.append(_claim(text, printed.PAPER_VALUES["rising"], est, j, family=STAGE1_FAMILY,
                           note=f"windowed win rates (games {first}: {100 * rate_b:.1f}%, games {last}: "
                                f"{100 * rate_a:.1f}%), paired by run",
                           cause="reading",
                           readings=f"the paper's chart is cumulative: read that way (cumulative rate after {top} minus "
                                    f"after {mid} games, {_pct(cum_est.value)} points [{_pct(cum_est.low)}, "
                                    f"{_pct(cum_est.high)}]) the claim is {cum_j.verdict}; the protocol judges "
                                    "learning on windowed rates, because a cumulative rate keeps rising after "
                                    "learning stops"))
    return rows


def _not_lower_claims(runs: pd.DataFrame, confirm, plans: dict | None, cap: int, p5_readings: str) -> list[dict]:
    """P1 and P5 (the position-independent liars) "not lower" than P2-P4: the final cumulative rate against each
    minus the mean against P2, P3, P4, run by run."""
    top = int(runs.games.max())

    def not_lower(frame, name, n=None):
        w = frame[frame.games == frame.games.max()].pivot(index="run", columns="personality", values="win_rate")
        if n is not None:
            w = w.sort_index().iloc[:n]
        est = V.paired_difference(w[name].to_numpy(), w[["P2", "P3", "P4"]].mean(axis=1).to_numpy(), unit="runs")
        return est, V.word("not lower", est)

    rows = []
    for name in ("P1", "P5"):
        est, j = not_lower(runs, name)
        est, j = _two_stage(est, j, "stage1", cap, confirm, lambda frame, n, name=name: not_lower(frame, name, n),
                            plans, who=(name, "P2", "P3", "P4"))
        rows.append(_claim(f"Stage 1: win rate vs {name} is not lower than vs P2-P4 (after {top} games)",
                           printed.PAPER_VALUES["flat_not_lower"], est, j, family=STAGE1_FAMILY,
                           note=f"cumulative win rate vs {name} minus the mean vs P2, P3, P4, run by run "
                                "(independent runs paired by index)",
                           cause="reading" if name == "P5" else "power",
                           readings=p5_readings if name == "P5" else
                           "one reading (the spec's profiles); the gap sits at the word's edge (-2 points)"))
    return rows


def baseline_claims(late_window: pd.DataFrame, settings_late: pd.DataFrame, *, confirm: pd.DataFrame | None = None,
                    plans: dict | None = None, caps: dict | None = None) -> list[dict]:
    """Does the stage-1 learner beat the trivial catchers? Windowed win rate in games 301-500, the learner
    (paper defaults) minus each baseline ("always catch (1, 0)", "never catch (0, 0)", "frozen (p, k) = (0.5, 0)",
    which catches at random), per run the mean over P1-P5, independent runs (Welch). The paper claims the
    learner learns (its win rates rise), so each is a finding; the first is the notebook's headline: whether
    learning how an opponent lies beats simply catching everything."""
    learner = late_window.pivot(index="run", columns="personality", values="win_rate")
    others = {k: g.groupby("run").win_rate.mean().mean() for k, g in settings_late.groupby("setting")
              if not k.startswith(("always", "never", "frozen", "P5 lies", "opponent catches"))}
    others["paper defaults"] = learner.mean(axis=1).mean()

    def readings(base):
        level = base.mean(axis=1).mean()
        reach = [k for k, v in others.items() if v >= level]
        return ("the paper's learner as the spec defines it, and the learner variants of the settings table ("
                + ", ".join(f"{k} {100 * v:.1f} %" for k, v in others.items())
                + f", mean windowed win rate over P1-P5; baseline {100 * level:.1f} %): "
                + (f"{', '.join(reach)} reach the baseline" if reach else "none reaches the baseline"))

    rows = []
    for k, (label, short) in enumerate((("always catch (1, 0)", "always catching"),
                                        ("never catch (0, 0)", "never catching"),
                                        ("frozen (p, k) = (0.5, 0)", "catching at random (p = 0.5)"))):
        base = settings_late[settings_late.setting == label].pivot(index="run", columns="personality",
                                                                     values="win_rate")
        if base.empty:
            continue
        def judge(learner_runs, base_runs, n=None):
            a, b = learner_runs.mean(axis=1), base_runs.mean(axis=1)
            if n is not None:  # n runs in each arm
                a, b = a.sort_index().iloc[:n], b.sort_index().iloc[:n]
            e = V.difference_of_means(a.to_numpy(), b.to_numpy(), unit="runs", bound=1.0)
            return e, V.direction(e, ">", 0.0, negligible=V.NEGLIGIBLE_RATE)

        def judge_fresh(f, n, label=label):
            wide = {k: g.pivot(index="run", columns="personality", values="win_rate")
                    for k, g in f.groupby("setting")}
            return judge(wide["paper defaults"], wide[label], n)

        est, j = judge(learner, base)
        # the planned size counts the runs of both arms (Welch): half of it in each
        j_plan = j if j.needed is None else replace(j, needed=-(-j.needed // 2))
        est, j = _two_stage(est, j_plan, "settings", _caps(caps)["settings"], confirm, judge_fresh, plans,
                            who=("paper defaults", label))
        per = {n: learner[n].mean() - base[n].mean() for n in learner.columns if n in base.columns}
        worse = [n for n, d in per.items() if d < 0]
        rows.append(_claim(f"Stage 1: the learner wins more than {short} (games 301-500)",
                           printed.PAPER_VALUES["learns"], est, j, family=BASELINE_FAMILY, headline=k == 0,
                           note=f"windowed win rate, learner minus {label}, mean over P1-P5 per run, independent runs; "
                                "per personality (points): " + ", ".join(f"{n} {_pct(d)}" for n, d in per.items())
                                + (f"; the baseline wins more against {', '.join(worse)}" if worse else ""),
                           cause="genuine", readings=readings(base)))
    return rows


def stage2_baseline_claims(per_seed: pd.DataFrame, baselines: pd.DataFrame, *, confirm: pd.DataFrame | None = None,
                           plans: dict | None = None, caps: dict | None = None) -> list[dict]:
    """Does the trained learner (F7, the largest training size, modified rules) beat the trivial baselines in
    its own action set (:func:`liarlab.papers.p04.experiments.stage2_baselines`: always challenge, never
    challenge, random)? One row per baseline: learner minus baseline against each of a-f at a Bonferroni level
    (learners across seeds, the baseline a fixed agent over both seats' games; the two half-widths combined
    MOVER-style), reproduced if it is above against every type. A type where both sit at the ceiling is left
    out (no comparison can separate them). Undecided rows are confirmed on fresh learners ("training")."""
    top = int(per_seed.training_games.max())
    opponents = [o for o in sorted(per_seed.opponent.unique()) if o in set(baselines.opponent)]
    rows = []
    for name, g in baselines.groupby("baseline", sort=False):
        g = g.set_index("opponent")
        base = {o: V.proportion(int(g.wins[o]), int(g.games[o])) for o in opponents}
        ceiling = [o for o in opponents if base[o].at_ceiling()
                   and V.across_seeds(_values(per_seed, opponent=o, training_games=top).to_numpy()).at_ceiling()]
        keep = [o for o in opponents if o not in ceiling]
        level = V.simultaneous_level(len(keep))

        def judge(frame, n=None, name=name, g=g, keep=keep, level=level):
            frame = frame if n is None else _first(frame, n)
            ests, js = {}, []
            for o in keep:
                learner = V.across_seeds(_values(frame, opponent=o, training_games=top).to_numpy(), level=level)
                b = V.proportion(int(g.wins[o]), int(g.games[o]), level=level)
                d = learner.value - b.value
                lo = d - float(np.hypot(learner.value - learner.low, b.high - b.value))
                hi = d + float(np.hypot(learner.high - learner.value, b.value - b.low))
                # the seed range: each trained learner's rate minus the fixed baseline's
                ests[o] = V.Estimate(d, max(-1.0, lo), min(1.0, hi), learner.n, "seeds", learner.seed_min - b.value,
                                     learner.seed_max - b.value, level=level)
                js.append(V.direction(ests[o], ">", 0.0))
            worst = min(ests, key=lambda o: ests[o].value)
            return ests[worst], V.all_of(js, f"learner minus '{name}' above 0 against each of {len(keep)} types"), ests, js

        est, j, ests, js = judge(per_seed)
        est, j = _two_stage(est, j, "training", _caps(caps)["training"], confirm, lambda f, n: judge(f, n)[:2], plans)
        beaten = [o for o, jj in zip(keep, js) if jj.verdict == "differs"]
        rows.append(_claim(f"Stage 2: the trained learner ({top} games) beats the trivial baseline '{name}' against "
                           "every type", printed.PAPER_VALUES["learns"], est, j, family=BASELINE_FAMILY,
                           note="least favourable type shown; pilot's learner minus baseline (points): "
                                + ", ".join(f"{o} {_pct(e.value)}" for o, e in ests.items())
                                + (f"; the baseline wins more against {', '.join(beaten)}" if beaten else "")
                                + (f"; left out, both at the ceiling: {', '.join(ceiling)}" if ceiling else ""),
                           cause="genuine",
                           readings="the spec's learner (7 actions, ordinal features, 1,000 training games); the "
                                    "variant grid tries 3 actions, one-hot features, x = -P and revealed history "
                                    "at 300 games"))
    return rows


def example_claim(lie_rates: pd.DataFrame) -> dict:
    """"After 500 games the opponent lied 343 times at position 6": the printed rate 343/500 (with its own
    500-game sampling error) against each personality's realised lie rate there (Wilson, fixed agents).
    Reproduced if some personality fits: that personality is picked for its agreement (flagged)."""
    ex = printed.STAGE1_EXAMPLE
    rate = ex["lies"] / ex["games"]
    g = lie_rates[lie_rates.position == ex["position"]]
    judged = {}
    for r in g.itertuples():
        est = V.proportion(int(r.lies), int(r.games))
        judged[r.personality] = (est, V.simulated_value(rate, est, paper_n=ex["games"]))
    fits = [n for n, (_, j) in judged.items() if j.verdict == "reproduced"]
    undecided = [n for n, (_, j) in judged.items() if j.verdict == "inconclusive"]
    best = min(judged, key=lambda n: abs(judged[n][0].value - rate))
    est, j = judged[fits[0] if fits else best]
    if fits:
        verdict = j
    elif undecided:
        verdict = V.stated("inconclusive", j.rule, f"undecided for {', '.join(undecided)}")
    else:
        verdict = V.stated("differs", j.rule, "no personality's realised rate fits")
    return _claim(f"Stage 1 example: an opponent lied {ex['lies']} times at position {ex['position']} in "
                  f"{ex['games']} games", f"{ex['lies']}/{ex['games']} = {rate:.3f}", est, verdict,
                  family="Stage-1 example (§2.4)", selected=bool(fits), cause="reading",
                  readings="the spec's lie profiles of P1-P5 (the paper prints none); each personality tried",
                  note=f"shown: {fits[0] if fits else best}; realised rates at position {ex['position']}: "
                       + ", ".join(f"{n} {e.value:.3f} ({jj.verdict})" for n, (e, jj) in judged.items())
                       + "; our lie profiles are the spec's reading")


def k_claim(default_runs: pd.DataFrame, p_only_runs: pd.DataFrame, *, confirm: pd.DataFrame | None = None,
            plans: dict | None = None, caps: dict | None = None) -> dict:
    """Per-position statistics (k) add little by 500 games: windowed win rate (games 301-500) of the full
    (p, k) search minus the search with k fixed at 0, mean over the five personalities, paired by run index.
    ``confirm``: fresh windowed rates of the settings group ("paper defaults", "k fixed at 0", ...)."""
    def judge(a_runs, b_runs, n=None):
        a = a_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
        b = b_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
        idx = a.index.intersection(b.index)
        if n is not None:
            idx = idx.sort_values()[:n]
        est = V.paired_difference(a[idx].to_numpy(), b[idx].to_numpy(), unit="runs")
        return est, V.word("no difference", est)

    est, j = judge(default_runs, p_only_runs)
    est, j = _two_stage(est, j, "settings", _caps(caps)["settings"], confirm,
                        lambda f, n: judge(f[f.setting == "paper defaults"], f[f.setting == "k fixed at 0"], n), plans,
                        who=("paper defaults", "k fixed at 0"))
    return _claim("Stage 1: per-position lie statistics do not yet matter much by 500 games",
                  printed.PAPER_VALUES["k_matters_little"], est, j,
                  family="Stage-1 discussion (§2.5)", cause="genuine",
                  readings="the spec's search over (p, k) against the same search with k fixed at 0",
                  note="windowed win rate, games 301-500: search over (p, k) minus search with k fixed at 0, mean "
                       "over P1-P5, independent runs paired by index")


def model_variant_claim(program_runs: pd.DataFrame, model_runs: pd.DataFrame) -> dict:
    """Extension (spec §8.4): simulating against a model of the personality instead of its program."""
    a = model_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
    b = program_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
    idx = a.index.intersection(b.index)
    est = V.paired_difference(a[idx].to_numpy(), b[idx].to_numpy(), unit="runs")
    per = (model_runs.groupby("personality").win_rate.mean() - program_runs.groupby("personality").win_rate.mean())
    return _claim("Extension: stage-1 learner simulating against a model of the personality (lies at n_i/G) "
                  "instead of its program", None, est,
                  V.stated("extension", "our result beside the paper's learner; no paper value"),
                  family="Stage-1 discussion (§2.5)",
                  note="windowed win rate, games 301-500, model minus program, mean over P1-P5; per personality: "
                       + ", ".join(f"{n} {_pct(v)}" for n, v in per.items()))


# ============================================================================ stage 2

def confirmation_sizes(results: Results, caps: dict | None = None) -> dict:
    """The two-stage design's confirmatory sizes, from the pilot alone: per group ("stage1" runs and "settings"
    runs per personality, "training" and "features" learners per cell), the largest size any undecided row of the
    group asks for at the planned power, capped at ``caps`` (default: the full profile's budgets). Rows that no
    sample can decide ask for none."""
    plans: dict = {}
    stage1, settings, per_seed = results.stage1, results.settings, results.training.per_seed
    stage1_claims(stage1.runs, stage1.windows, results.lies, plans=plans, caps=caps)
    late = stage1.windows[stage1.windows.window == stage1.windows.window.iloc[-1]]
    k_claim(late, settings.late[settings.late.setting == "k fixed at 0"], plans=plans, caps=caps)
    baseline_claims(late, settings.late, plans=plans, caps=caps)
    training_claims(per_seed, plans=plans, caps=caps)
    stage2_baseline_claims(per_seed, results.baselines.table, plans=plans, caps=caps)
    feature_claims(results.features.per_seed, plans=plans, caps=caps)
    return plans


def notebook_claims(results: Results, confirm: dict, caps: dict | None = None) -> list[dict]:
    """Every claims row of notebook 04, in the table's order, from its results and the confirmatory samples
    (:func:`liarlab.papers.p04.experiments.confirmation_runs` of :func:`confirmation_sizes`)."""
    stage1, settings, training, features = results.stage1, results.settings, results.training, results.features
    per_seed, late = training.per_seed, stage1.late_window
    rows = stage1_claims(stage1.runs, stage1.windows, results.lies, confirm=confirm.get("stage1"),
                         settings=settings.table, caps=caps)
    rows.append(k_claim(late, settings.runs_of("k fixed at 0"), confirm=confirm.get("settings"), caps=caps))
    rows.append(model_variant_claim(late, settings.model_runs()))
    rows += baseline_claims(late, settings.late, confirm=confirm.get("settings"), caps=caps)
    rows += training_claims(per_seed, confirm=confirm.get("training"), variant_orderings=results.orderings, caps=caps)
    rows += stage2_baseline_claims(per_seed, results.baselines.table, confirm=confirm.get("training"), caps=caps)
    rows += feature_claims(features.per_seed, confirm=confirm.get("features"), variant_orderings=results.orderings,
                           one_hot=features.history_gain_hot, caps=caps)
    rows.append(weights_claim(results.weights.separability))
    rows += audit_claims(results.robin.pool_audit, per_seed[per_seed.training_games == training.top],
                         results.robin.standing)
    rows += variant_claims(results.exploit, results.baselines.effects, training.per_seed_var,
                           results.baselines.challenges)
    rows += extension_rows(float(training.table.small_test_sd.mean()), results.multiplayer, features.history_gain_hot)
    return rows


def flag_headlines(claims: pd.DataFrame, rows: list[dict]) -> pd.DataFrame:
    """The saved claims table with each row's headline flag (for the answer paragraph)."""
    return claims.assign(headline=[bool(r.get("headline")) for r in rows])


def orderings_grid(orderings: pd.DataFrame) -> pd.DataFrame:
    """The verdicts of :func:`variant_orderings`, variants ("paper" first) by statement."""
    return orderings.pivot(index="variant", columns="ordering", values="verdict").loc[["paper"] + list(RULE_VARIANTS)]


def variant_orderings(feature_per_seed: pd.DataFrame, variant_per_seed: pd.DataFrame) -> pd.DataFrame:
    """Every E7 ordering (:func:`ordering_checks`, F7 learners) and E8 statement (:func:`feature_checks`) judged
    under the paper's reading and under each rule and learner variant, with the same rules as the claims table:
    one row per variant and statement (value and interval in rate units; a statement with no estimate has NaN)."""
    all_seeds = pd.concat([feature_per_seed, variant_per_seed], ignore_index=True)
    checks = []
    for label in ["paper"] + list(RULE_VARIANTS):
        sub = all_seeds[all_seeds.variant == label]
        found = {**ordering_checks(sub, {"feature_set": "F7"}), **feature_checks(sub, {})}
        for name, (est, judgement, note) in found.items():
            checks.append({"variant": label, "ordering": name,
                           "value": np.nan if est is None else est.value, "ci_low": np.nan if est is None else est.low,
                           "ci_high": np.nan if est is None else est.high, "verdict": judgement.verdict, "note": note})
    return pd.DataFrame(checks)


def _window(label: str) -> tuple[int, int]:
    first, last = label.split("-")
    return int(first), int(last)


def _first(frame: pd.DataFrame, n: int, column: str = "seed_index") -> pd.DataFrame:
    """The first ``n`` independent units (seeds or runs) of a confirmatory sample."""
    return frame[frame[column] < n]


def _ordering_readings(variant_orderings: pd.DataFrame | None, key: str) -> tuple[str, str]:
    """(cause, readings) of a differing E7/E8 row from the variant grid's verdicts of the same statement."""
    if variant_orderings is None:
        return "genuine", "the spec's reading only"
    g = variant_orderings[(variant_orderings.ordering == key) & (variant_orderings.variant != "paper")]
    ok = list(g[g.verdict == "reproduced"].variant)
    text = (f"rechecked under {len(g)} rule and learner variants at 300 training games (variant grid): "
            + (f"reproduced under {', '.join(ok)}" if ok else "reproduced under none"))
    return ("reading" if ok else "genuine"), text


def training_claims(per_seed: pd.DataFrame, *, confirm: pd.DataFrame | None = None, plans: dict | None = None,
                    variant_orderings: pd.DataFrame | None = None, caps: dict | None = None) -> list[dict]:
    """Rows of the training-games chart, from the F7 training sweep's learners (:func:`per_seed_frame`).
    Undecided rows follow the two-stage design: ``confirm`` holds fresh learners (50, 100 and 1,000 training
    games; :func:`confirmation_runs`' "training"), and ``plans`` collects the sizes they need."""
    rows = []
    top = int(per_seed.training_games.max())
    low = min(int(t) for t in printed.TRAINING_GAMES)
    mid = 100
    ceil = ceiling_cells(per_seed, training_games=[low, mid, top])

    def rises(frame, opp, n=None):
        frame = frame if n is None else _first(frame, n)
        est = seed_difference(frame, {"opponent": opp, "training_games": top}, {"opponent": opp, "training_games": low})
        return est, V.direction(est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE)

    for opp in sorted(per_seed.opponent.unique()):
        text = f"Stage 2 vs {opp}: win rate rises from {low} to {top} training games"
        if opp in ceil:
            est = seed_difference(per_seed, {"opponent": opp, "training_games": top},
                                  {"opponent": opp, "training_games": low})
            j = V.undecidable(V.stated("inconclusive", "direction of a gain (> 0); cells at a ceiling or floor "
                                                       "(>= 99.5 % or <= 0.5 %) are left out of gain comparisons"),
                              f"a cell at {low}, {mid} or {top} games is at the ceiling")
            rows.append(_claim(text, printed.PAPER_VALUES["s2_rises"], est, j, family=TRAINING_FAMILY,
                               note=f"left out: a cell at {low}, {mid} or {top} games is at the ceiling"))
            continue
        est, j = rises(per_seed, opp)
        est, j = _two_stage(est, j, "training", _caps(caps)["training"], confirm, lambda f, n, opp=opp: rises(f, opp, n), plans)
        rows.append(_claim(text, printed.PAPER_VALUES["s2_rises"], est, j, family=TRAINING_FAMILY,
                           note=f"test win rate of learners trained {top} minus {low} games, paired by seed",
                           cause="genuine", readings="the spec's learner and rules; 5,000-game tests per learner"))
    keep = [o for o in sorted(per_seed.opponent.unique()) if o not in ceil]

    def slows(frame, n=None):
        frame = frame if n is None else _first(frame, n)
        early = sum(_values(frame, opponent=o, training_games=mid) - _values(frame, opponent=o, training_games=low)
                    for o in keep) / len(keep) / (mid - low) * 100
        late = sum(_values(frame, opponent=o, training_games=top) - _values(frame, opponent=o, training_games=mid)
                   for o in keep) / len(keep) / (top - mid) * 100
        est = V.paired_difference(early.to_numpy(), late.to_numpy(), bound=2.0)
        return est, V.direction(est, ">", 0.0), early, late

    est, j, early, late = slows(per_seed)
    est, j = _two_stage(est, j, "training", _caps(caps)["training"], confirm, lambda f, n: slows(f, n)[:2], plans)
    rows.append(_claim(f"Stage 2: the rise slows after about {mid} training games", printed.PAPER_VALUES["s2_flattens"],
                       est, j, family=TRAINING_FAMILY,
                       note=f"gain per 100 training games, {low}->{mid} ({_pct(early.mean())} points) minus "
                            f"{mid}->{top} ({_pct(late.mean())} points) in the pilot, mean over opponents "
                            + (f"(left out at the ceiling: {', '.join(ceil)})" if ceil else ""),
                       cause="genuine", readings="the spec's learner and rules"))
    checks = ordering_checks(per_seed, {"training_games": top})
    texts = {"a, f highest": (f"Stage 2: highest win rates against a and f ({top} training games)", "s2_best"),
             "d slightly above b, c, e": ("Stage 2: win rate against d slightly above b, c and e", "s2_d_above"),
             "d below a, f": ("Stage 2: win rate against d below a and f", "s2_d_below")}
    for key, (text, pv) in texts.items():
        est, j, note = checks[key]
        est, j = _two_stage(est, j, "training", _caps(caps)["training"], confirm,
                            lambda f, n, key=key: ordering_checks(_first(f, n), {"training_games": top})[key][:2],
                            plans)
        cause, readings = _ordering_readings(variant_orderings, key)
        rows.append(_claim(text, printed.PAPER_VALUES[pv], est, j, family=TRAINING_FAMILY,
                           note=f"least favourable difference shown; pilot: {note}", cause=cause, readings=readings))
    return rows


def feature_claims(per_seed: pd.DataFrame, *, confirm: pd.DataFrame | None = None, plans: dict | None = None,
                   variant_orderings: pd.DataFrame | None = None, one_hot: pd.DataFrame | None = None,
                   caps: dict | None = None) -> list[dict]:
    """Rows of the feature chart, from the learners of the feature sweep (300 training games); undecided rows
    follow the two-stage design (``confirm``: fresh F5 / F7 / F7-H5 learners, "features")."""
    checks = feature_checks(per_seed, {})
    rows = []
    hot = ""
    if one_hot is not None:
        k = one_hot[~one_hot.at_ceiling]
        hot = f"; with one-hot features F7 - F5 is {_pct(k.difference.mean())} points (mean over opponents)"
    for key, text, pv in (("history about 10 points", "Stage 2: lie history (features 6, 7) is worth about 10 points",
                           None),
                          ("H5 differs little from H3", "Stage 2: remembering 5 lies instead of 3 changes little",
                           "h5_equal"),
                          ("H5 helps d and e most", "Stage 2: more history helps most against d and e", "h5_helps")):
        est, j, note = checks[key]
        if est is not None:
            est, j = _two_stage(est, j, "features", _caps(caps)["features"], confirm,
                                lambda f, n, key=key: feature_checks(_first(f, n), {})[key][:2], plans)
        elif j.verdict == "inconclusive":
            j = V.undecidable(j, "d or e is at a ceiling or floor")
        paper = f"about {printed.HISTORY_GAIN_PP:g} points" if pv is None else printed.PAPER_VALUES[pv]
        cause, readings = _ordering_readings(variant_orderings, key)
        if key == "history about 10 points":
            cause = "power"
            readings = (readings + hot + "; the paper's 10 points came from 20-game tests of one learner, whose "
                        "spread alone is about +-22 points")
        rows.append(_claim(text, paper, est if est is not None else np.nan, j, family=FEATURE_FAMILY, note=note,
                           cause=cause, readings=readings))
    return rows


def weights_claim(separability: dict) -> dict:
    est = V.proportion(separability["correct"], separability["learners"], unit="learners")
    return _claim(printed.WEIGHTS_CLAIM, printed.PAPER_VALUES["weights"], est,
                  V.direction(est, ">", separability["chance"]), family=WEIGHTS_FAMILY, cause="genuine",
                  readings="one reading: a learner's weights name its opponent (leave-one-out nearest centroid)",
                  note=f"leave-one-out nearest-centroid accuracy of naming the opponent from a learner's weights, "
                       f"{separability['learners']} learners (one seed each), chance {separability['chance']:.3f}")


def audit_claims(pool_audit: pd.DataFrame, learners: pd.DataFrame, standing: pd.DataFrame | None = None) -> list[dict]:
    """Extensions: the first-mover advantage and the hand-emptying line per rules variant, for the pairs of a-f
    alone and, apart, the cells with the random agent (:func:`hand_emptying_by_pool`; Wilson over games: fixed
    agents), what the variant changes (Newcombe), and whether the learner's actions can take the line (across
    learners)."""
    rows = []
    mod, var = ("modified rules", "last play challengeable")
    ranks = ""
    if standing is not None:
        st = standing.set_index(["rules", "agent"])["rank"]
        ranks = "; rank among a-f (win rate against the other five): " + ", ".join(
            f"{t} {st[(mod, t)]} -> {st[(var, t)]}" for t in sorted(standing.agent.unique()))
    for pool, g in pool_audit.groupby("pool", sort=False):
        g = g.set_index("rules")
        for r in (mod, var):
            est = V.proportion(int(g.first_player_wins[r]), int(g.decided[r]))
            side = V.direction(est, ">", 0.5).verdict
            word = {"reproduced": "above 50 %", "differs": "below 50 %"}.get(side, "not decided against 50 %")
            rows.append(_claim(f"Extension: share of decided games won by the first player, {pool} ({r})", None, est,
                               V.stated("extension", "our measurement (the paper states no first-mover effect); the "
                                                     "note says where the 95 % interval lies against 50 %"),
                               family=AUDIT_FAMILY,
                               note=f"interval {word}; ordered pairs, first player drawn at random; the first player "
                                    f"to start a turn with at most max_play cards wins "
                                    f"{100 * g.first_opportunity_wins_share[r]:.1f} %, winning plays that were lies "
                                    f"{100 * g.lying_final_plays_share[r]:.1f} %"))
        est = V.difference_of_proportions(int(g.first_player_wins[var]), int(g.decided[var]),
                                          int(g.first_player_wins[mod]), int(g.decided[mod]))
        rows.append(_claim(f"Extension: change of the first player's share when the emptying play can be challenged, "
                           f"{pool}", None, est,
                           V.stated("extension", "our measurement; the variant is not the paper's rule"),
                           family=AUDIT_FAMILY, note="variant minus modified rules (Newcombe 95 %)"
                           + (ranks if pool == "a-f only" else "; the random agent challenges half of all plays, "
                                                                 "the emptying play included")))
    paper_rules = learners[learners.variant == "paper"] if "variant" in learners.columns else learners
    x = paper_rules.expressible / paper_rules.opportunities.clip(lower=1)
    est = V.across_seeds(x.to_numpy())
    rows.append(_claim("Extension: share of the learner's turns with at most 3 cards at which its actions can empty "
                       "its hand", None, est, V.stated("extension", "our measurement; no paper value"),
                       family=AUDIT_FAMILY,
                       note="TRUTH_n plays only the required rank and LIE_n only other ranks, so a mixed hand cannot be "
                            "emptied in one play; F7 learners of the training sweep, test games"))
    return rows


def variant_claims(exploiter: pd.DataFrame, effects: dict, per_seed_var: pd.DataFrame,
                   training: pd.DataFrame | None = None) -> list[dict]:
    """Extensions on the rules variant whose hand-emptying play can be challenged (not the paper's rule):
    what knowing the line is worth (the exploiter x minus type b, per rules, the least gain over a-f), why
    the learner trained under the variant does worse against a (:func:`cross_rules_effects`), and the E7
    ordering "a, f highest" rechecked on learners trained and tested under the variant."""
    rows = []
    for rules, g in exploiter.groupby("rules", sort=False):
        g = g.set_index("opponent")
        worst = g.gain.idxmin()
        est = V.Estimate(float(g.gain[worst]), float(g.gain_low[worst]), float(g.gain_high[worst]),
                         int(2 * g.games[worst]), "games")
        rows.append(_claim(f"Extension: what the hand-emptying line is worth: exploiter x minus type b ({rules})", None,
                           est, V.stated("extension", "our agent; the paper has no exploiter"), family=VARIANT_FAMILY,
                           note=f"least gain over a-f shown (against {worst}); x's win rate / gain over b (points), "
                                "seats rotated: " + ", ".join(f"{o} {100 * r.x_win_rate:.1f} % / {_pct(r.gain)}"
                                                               for o, r in g.iterrows())))
    why = ""
    if training is not None and "last play challengeable" in set(training.trained_under):
        t = training.set_index(["opponent", "trained_under"]).loc[("a", "last play challengeable")]
        why = (f"; in training under the variant {100 * t.final_share:.0f} % of its challenges were of a's "
               f"hand-emptying play and {100 * t.final_accuracy:.0f} % of those caught a lie (its other challenges "
               f"{100 * t.other_accuracy:.0f} %): challenging pays there, and since no feature marks that play "
               "(feature 2 puts a hand of 0 and of 1 card in one level), the learned challenge value carries over "
               "to a's ordinary plays, which are honest whenever a holds the required rank")
    rows.append(_claim("Extension: the learner's drop against a under the variant comes from training", None,
                       effects["training"], V.stated("extension", "our measurement; no paper value"),
                       family=VARIANT_FAMILY,
                       note="test win rate against a under the modified rules of learners trained 1,000 games under "
                            "the variant minus learners trained under the modified rules (independent learners, "
                            "Welch)"))
    rows.append(_claim("Extension: the variant's own effect at test time on the same learners (vs a)", None,
                       effects["test_time"], V.stated("extension", "our measurement; no paper value"),
                       family=VARIANT_FAMILY,
                       note="learners trained under the variant, tested under the variant minus under the modified "
                            "rules (paired by learner): a never challenges, so the variant only adds options"))
    rows.append(_claim("Extension: learners trained under the variant challenge more often (vs a, modified-rules test)",
                       None, effects["challenge_share"], V.stated("extension", "our measurement; no paper value"),
                       family=VARIANT_FAMILY,
                       note="challenges per decision at test, trained under the variant minus under the modified "
                            "rules" + why))
    top = int(per_seed_var.training_games.max())
    est, j, note = ordering_checks(per_seed_var, {"training_games": top})["a, f highest"]
    rows.append(_claim(f"Extension: highest win rates against a and f under the variant ({top} training games)", None,
                       est, V.stated("extension", f"the E7 ordering rechecked under the variant: {j.rule}"),
                       family=VARIANT_FAMILY,
                       note=f"judged as the E7 row: {j.verdict}; {note}"))
    return rows


def extension_rows(small_test_sd: float, multiplayer: pd.DataFrame | None = None,
                   history_one_hot: pd.DataFrame | None = None) -> list[dict]:
    rows = [_claim("A 20-game test resolves differences of about +-22 points only", f"{printed.TEST_GAMES} test games",
                   V.exact(1.96 * small_test_sd), V.stated("extension", "1.96 x the standard deviation of the 20-game "
                                                                        "test win rate across learners of one cell, "
                                                                        "mean over cells"),
                   kind="check", family="Test size (§3.4)", note="our tests use thousands of games per learner")]
    if history_one_hot is not None:
        keep = history_one_hot[~history_one_hot.at_ceiling]
        est = V.mean_of(keep.difference.to_numpy(), -1.0, 1.0, unit="opponents") if len(keep) > 1 else \
            V.exact(keep.difference.mean())
        rows.append(_claim("Extension: lie history (F7 - F5) with one-hot features", None, est,
                           V.stated("extension", "our result under the spec's encoding variant; no paper value"),
                           family=FEATURE_FAMILY,
                           note="mean over opponents (left out at a ceiling: "
                                + (", ".join(history_one_hot[history_one_hot.at_ceiling].opponent) or "none")
                                + "); per opponent: " + ", ".join(f"{r.opponent} {_pct(r.difference)}"
                                                                  for r in history_one_hot.itertuples())))
    if multiplayer is not None:
        for r in multiplayer.itertuples():
            est = V.Estimate(r.win_rate, r.ci_low, r.ci_high, int(r.seeds), "seeds", r.seed_min, r.seed_max)
            side = V.direction(est, ">", 1 / r.players).verdict
            word = {"reproduced": "above", "differs": "below"}.get(side, "not decided against")
            rows.append(_claim(f"Extension: {r.players}-player game, learner vs {r.opponent}", None, est,
                               V.stated("extension", "our result; the paper ran two-player games only"),
                               family=MULTI_FAMILY,
                               note=f"300 training games, F7; learners' seats rotate; interval {word} the fair share "
                                    f"{1 / r.players:.3f}"))
    return rows
