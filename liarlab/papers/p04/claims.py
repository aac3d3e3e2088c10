"""Notebook 04's claims rows: each statement of the Cheat paper beside our measurement, judged under the study's
verdict protocol (:mod:`liarlab.core.verdicts`; docs/VERDICTS.md). No rule here has a threshold of its own.

The paper prints no result numbers except "about 10%", so most rows test a direction, an ordering or a
qualitative word. Learners are learned agents: every stage-2 row rests on independently trained learners (one
seed each), with t intervals across seeds; stage-1 rows on independent learner runs. "Rises" claims use
windowed rates (stage 1) or separately trained learners (stage 2), and cells at a ceiling or floor are left out
of comparisons of gains.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p04 import printed
from liarlab.papers.p04.experiments import seed_values as _values
from liarlab.papers.p04.printed import SOURCE

STAGE1_FAMILY = "Stage-1 win-rate chart (§2.5)"
TRAINING_FAMILY = "Stage-2 chart 1: training games vs win rate (§3.4)"
FEATURE_FAMILY = "Stage-2 chart 2: features vs win rate (§3.4)"
WEIGHTS_FAMILY = "Learned weights (§1.3)"
AUDIT_FAMILY = "Extension: how the modified game is decided"
MULTI_FAMILY = "Extension: more players"
TOP_PAIRS = [(t, o) for t in ("a", "f") for o in ("b", "c", "d", "e")]


def _claim(text, paper_value, est, judgement, *, family=None, kind="finding", note="", selected=False,
           source=SOURCE):
    from liarlab.study.outputs import claim

    return claim(text, source, paper_value, est, judgement, kind=kind, family=family, note=note, selected=selected)


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
    out["history about 10 points"] = (est, V.about(printed.HISTORY_GAIN_PP / 100, est),
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

def stage1_claims(runs: pd.DataFrame, windows: pd.DataFrame, lie_rates: pd.DataFrame) -> list[dict]:
    """Stage-1 rows. ``runs``: per-run cumulative rows of the default learner (:func:`learning_runs`);
    ``windows``: its :func:`windowed_rates`; ``lie_rates``: :func:`personality_lie_rates` (fixed agents)."""
    rows = []
    cells = []
    for (name, games), g in runs.groupby(["personality", "games"], sort=False):
        cells.append(V.direction(V.across_seeds(g.win_rate.to_numpy(), unit="runs"), ">", 0.5))
    share = V.share(cells)
    n_yes = sum(j.verdict == "reproduced" for j in cells)
    n_no = sum(j.verdict == "differs" for j in cells)
    rows.append(_claim("Stage 1: the learner's win rates are almost all above 50%", printed.PAPER_VALUES["above_half"],
                       share, V.word("almost all", share), family=STAGE1_FAMILY,
                       note=f"per-cell judgements (personality x checkpoint, cumulative rate over runs > 50%): "
                            f"{n_yes} of {len(cells)} above, {n_no} below, {len(cells) - n_yes - n_no} undecided"))
    first, last = windows.window.iloc[0], windows.window.iloc[-1]
    for name, g in windows.groupby("personality", sort=False):
        a = g[g.window == last].set_index("run").win_rate.sort_index()
        b = g[g.window == first].set_index("run").win_rate.reindex(a.index)
        est = V.paired_difference(a.to_numpy(), b.to_numpy(), unit="runs")
        rate_a, rate_b = a.mean(), b.mean()
        text = f"Stage 1 vs {name}: win rate rises from games {first} to games {last}"
        if any(r >= V.CEILING or r <= 1 - V.CEILING for r in (rate_a, rate_b)):
            rows.append(_claim(text, printed.PAPER_VALUES["rising"], est,
                               V.stated("inconclusive", "direction of a gain; cells at a ceiling/floor are left out"),
                               family=STAGE1_FAMILY, note="a window at a ceiling/floor: left out of gain comparisons"))
            continue
        rows.append(_claim(text, printed.PAPER_VALUES["rising"], est,
                           V.direction(est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE), family=STAGE1_FAMILY,
                           note=f"windowed win rates (games {first}: {100 * rate_b:.1f}%, games {last}: "
                                f"{100 * rate_a:.1f}%), paired by run"))
    at_last = runs[runs.games == runs.games.max()]
    wide = at_last.pivot(index="run", columns="personality", values="win_rate")
    others = wide[["P2", "P3", "P4"]].mean(axis=1)
    for name in ("P1", "P5"):
        est = V.paired_difference(wide[name].to_numpy(), others.to_numpy(), unit="runs")
        rows.append(_claim(f"Stage 1: win rate vs {name} is not lower than vs P2-P4 (after {int(runs.games.max())} games)",
                           printed.PAPER_VALUES["flat_not_lower"], est, V.word("not lower", est), family=STAGE1_FAMILY,
                           note=f"cumulative win rate vs {name} minus the mean vs P2, P3, P4, run by run "
                                "(independent runs paired by index)"))
    rows.append(example_claim(lie_rates))
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
                  family="Stage-1 example (§2.4)", selected=bool(fits),
                  note=f"shown: {fits[0] if fits else best}; realised rates at position {ex['position']}: "
                       + ", ".join(f"{n} {e.value:.3f} ({jj.verdict})" for n, (e, jj) in judged.items())
                       + "; our lie profiles are the spec's reading")


def k_claim(default_runs: pd.DataFrame, p_only_runs: pd.DataFrame) -> dict:
    """Per-position statistics (k) add little by 500 games: windowed win rate (games 301-500) of the full
    (p, k) search minus the search with k fixed at 0, mean over the five personalities, paired by run index."""
    a = default_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
    b = p_only_runs.pivot(index="run", columns="personality", values="win_rate").mean(axis=1)
    idx = a.index.intersection(b.index)
    est = V.paired_difference(a[idx].to_numpy(), b[idx].to_numpy(), unit="runs")
    return _claim("Stage 1: per-position lie statistics do not yet matter much by 500 games",
                  printed.PAPER_VALUES["k_matters_little"], est, V.word("no difference", est),
                  family="Stage-1 discussion (§2.5)",
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

def training_claims(per_seed: pd.DataFrame) -> list[dict]:
    """Rows of the training-games chart, from the F7 training sweep's learners (:func:`per_seed_frame`)."""
    rows = []
    top = int(per_seed.training_games.max())
    low = min(int(t) for t in printed.TRAINING_GAMES)
    mid = 100
    ceil = ceiling_cells(per_seed, training_games=[low, mid, top])
    for opp in sorted(per_seed.opponent.unique()):
        est = seed_difference(per_seed, {"opponent": opp, "training_games": top},
                              {"opponent": opp, "training_games": low})
        text = f"Stage 2 vs {opp}: win rate rises from {low} to {top} training games"
        if opp in ceil:
            rows.append(_claim(text, printed.PAPER_VALUES["s2_rises"], est,
                               V.stated("inconclusive", "direction of a gain (> 0); cells at a ceiling or floor "
                                                        "(>= 99.5 % or <= 0.5 %) are left out of gain comparisons"),
                               family=TRAINING_FAMILY,
                               note=f"left out: a cell at {low}, {mid} or {top} games is at the ceiling"))
            continue
        rows.append(_claim(text, printed.PAPER_VALUES["s2_rises"], est,
                           V.direction(est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE),
                           family=TRAINING_FAMILY,
                           note=f"test win rate of learners trained {top} minus {low} games, paired by seed"))
    keep = [o for o in sorted(per_seed.opponent.unique()) if o not in ceil]
    early = sum(_values(per_seed, opponent=o, training_games=mid) - _values(per_seed, opponent=o, training_games=low)
                for o in keep) / len(keep) / (mid - low) * 100
    late = sum(_values(per_seed, opponent=o, training_games=top) - _values(per_seed, opponent=o, training_games=mid)
               for o in keep) / len(keep) / (top - mid) * 100
    est = V.paired_difference(early.to_numpy(), late.to_numpy(), bound=2.0)
    rows.append(_claim(f"Stage 2: the rise slows after about {mid} training games", printed.PAPER_VALUES["s2_flattens"],
                       est, V.direction(est, ">", 0.0), family=TRAINING_FAMILY,
                       note=f"gain per 100 training games, {low}->{mid} ({_pct(early.mean())} points) minus "
                            f"{mid}->{top} ({_pct(late.mean())} points), mean over opponents "
                            + (f"(left out at the ceiling: {', '.join(ceil)})" if ceil else "")))
    checks = ordering_checks(per_seed, {"training_games": top})
    texts = {"a, f highest": (f"Stage 2: highest win rates against a and f ({top} training games)", "s2_best"),
             "d slightly above b, c, e": ("Stage 2: win rate against d slightly above b, c and e", "s2_d_above"),
             "d below a, f": ("Stage 2: win rate against d below a and f", "s2_d_below")}
    for key, (text, pv) in texts.items():
        est, j, note = checks[key]
        rows.append(_claim(text, printed.PAPER_VALUES[pv], est, j, family=TRAINING_FAMILY,
                           note=f"least favourable difference shown; {note}"))
    return rows


def feature_claims(per_seed: pd.DataFrame) -> list[dict]:
    """Rows of the feature chart, from the learners of the feature sweep (300 training games)."""
    checks = feature_checks(per_seed, {})
    rows = []
    for key, text, pv in (("history about 10 points", "Stage 2: lie history (features 6, 7) is worth about 10 points",
                           None),
                          ("H5 differs little from H3", "Stage 2: remembering 5 lies instead of 3 changes little",
                           "h5_equal"),
                          ("H5 helps d and e most", "Stage 2: more history helps most against d and e", "h5_helps")):
        est, j, note = checks[key]
        paper = f"about {printed.HISTORY_GAIN_PP:g} points" if pv is None else printed.PAPER_VALUES[pv]
        rows.append(_claim(text, paper, est if est is not None else np.nan, j, family=FEATURE_FAMILY, note=note))
    return rows


def weights_claim(separability: dict) -> dict:
    est = V.proportion(separability["correct"], separability["learners"], unit="learners")
    return _claim(printed.WEIGHTS_CLAIM, printed.PAPER_VALUES["weights"], est,
                  V.direction(est, ">", separability["chance"]), family=WEIGHTS_FAMILY,
                  note=f"leave-one-out nearest-centroid accuracy of naming the opponent from a learner's weights, "
                       f"{separability['learners']} learners (one seed each), chance {separability['chance']:.3f}")


def audit_claims(audit: pd.DataFrame, learners: pd.DataFrame) -> list[dict]:
    """Extensions: the first-mover advantage and the hand-emptying line (scripted agents, Wilson over games:
    fixed agents), per rules variant; and whether the learner's actions can take the line (across learners)."""
    rows = []
    for r in audit.itertuples():
        est = V.proportion(int(r.first_player_wins), int(r.decided))
        side = V.direction(est, ">", 0.5).verdict
        word = {"reproduced": "above 50 %", "differs": "below 50 %"}.get(side, "not decided against 50 %")
        rows.append(_claim(f"Extension: share of decided games won by the first player ({r.rules})", None,
                           est, V.stated("extension", "our measurement (the paper states no first-mover effect); "
                                                      "the note says where the 95% interval lies against 50 %"),
                           family=AUDIT_FAMILY,
                           note=f"interval {word}; all ordered pairs of a-f and random, first player drawn at random"))
        est = V.proportion(int(r.first_opportunity_wins), int(r.decided))
        rows.append(_claim(f"Extension: share of decided games won by the first player to start a turn with at most "
                           f"max_play cards ({r.rules})", None, est,
                           V.stated("extension", "our measurement; no paper value"), family=AUDIT_FAMILY,
                           note=f"such a player can empty its hand in one play; winning plays that were lies: "
                                f"{100 * r.lying_final_plays_share:.1f}%"))
    paper_rules = learners[learners.variant == "paper"] if "variant" in learners.columns else learners
    x = paper_rules.expressible / paper_rules.opportunities.clip(lower=1)
    est = V.across_seeds(x.to_numpy())
    rows.append(_claim("Extension: share of the learner's turns with at most 3 cards at which its actions can empty "
                       "its hand", None, est, V.stated("extension", "our measurement; no paper value"),
                       family=AUDIT_FAMILY,
                       note="TRUTH_n plays only the required rank and LIE_n only other ranks, so a mixed hand cannot be "
                            "emptied in one play; F7 learners of the training sweep, test games"))
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
