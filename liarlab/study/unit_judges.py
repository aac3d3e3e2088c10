"""Judging tables of independent units (runs, trained learners by ``seed_index``) under the verdict protocol: cells
paired by seed, cells at a ceiling, an ordering as every pairwise difference at a Bonferroni level, a two-stage step
that records the confirmatory sizes a pilot asks for, readings rows from (reading, what) pairs, a grid of variants'
verdicts stored as a table and read back as readings, and the small rescorings and note pieces those judges share.
No paper in it (moved from notebook 04, issue 48)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V

__all__ = ["first", "cell", "paired", "ceiling_groups", "all_pairs", "staged", "readings_of", "grid_row",
           "grid_reading", "grid", "ours", "pct", "per", "rise", "rescored", "subset", "paired_means",
           "versus_fixed", "in_points", "interval_cells"]


def pct(x, decimals: int = 1) -> str:
    """A difference of rates in points, signed, one decimal: "+2.1", "-0.4"; one that rounds to zero is "0.0",
    never "-0.0" or "+0.0" (04's "P3 -0.0", fresh readers)."""
    return _points_text(x, "+", decimals)


def _points_text(x, sign: str = "", decimals: int = 1) -> str:
    """``100 * x`` to ``decimals`` decimals with ``sign`` as in a format spec; a zero after rounding has no sign."""
    text = f"{100 * x:{sign}.{decimals}f}"
    return text[1:] if text[:1] in "+-" and set(text[1:]) <= set("0.") else text


def first(frame: pd.DataFrame, n: int, column: str = "seed_index") -> pd.DataFrame:
    """The first ``n`` independent units (seeds or runs) of a confirmatory sample."""
    return frame[frame[column] < n]


def cell(per_seed: pd.DataFrame, **where) -> pd.Series:
    """The win rates of one cell's learners, indexed by seed index (to pair cells by seed)."""
    g = per_seed
    for k, v in where.items():
        g = g[g[k] == v]
    if g.empty:
        raise ValueError(f"no learners with {where}")
    return g.set_index("seed_index").win_rate.sort_index()


def paired(per_seed: pd.DataFrame, a: dict, b: dict, level: float = V.LEVEL) -> V.Estimate:
    """Cell a minus cell b over learners paired by seed index (independent learners, so independent pairs)."""
    x, y = cell(per_seed, **a), cell(per_seed, **b)
    idx = x.index.intersection(y.index)
    return V.paired_difference(x[idx].to_numpy(), y[idx].to_numpy(), level=level)


def ceiling_groups(per_seed: pd.DataFrame, by=("opponent",), **where) -> list:
    """Groups with any cell (by training size or feature set too) whose mean is at a ceiling or floor."""
    g = per_seed
    for k, v in where.items():
        g = g[g[k].isin(v) if isinstance(v, (list, tuple)) else g[k] == v]
    means = g.groupby(list(by) + [c for c in ("training_games", "feature_set") if c in g.columns]).win_rate.mean()
    bad = means[(means >= V.CEILING) | (means <= 1 - V.CEILING)]
    return sorted({k[0] if isinstance(k, tuple) else k for k in bad.index})


def all_pairs(diff, pairs, what: str, word: str | None = None):
    """Every difference ``diff(t, o, level)`` of ``pairs`` at a Bonferroni level, each above 0 (or within the
    protocol's ``word``), all must hold: (the least favourable estimate, the all-of judgement, the estimates)."""
    level = V.simultaneous_level(len(pairs))
    ests = {(t, o): diff(t, o, level) for t, o in pairs}
    js = [V.direction(e, ">", 0.0) if word is None else V.word(word, e) for e in ests.values()]
    return ests[min(ests, key=lambda k: ests[k].value)], V.all_of(js, what), ests


def staged(pilot_est, pilot_j, group: str, cap: int, confirm, judge, plans: dict | None, who=()):
    """(estimate, judgement) under the two-stage design: an undecided pilot or a near-miss ``differs`` gets
    :func:`verdicts.plan_second_stage` (capped at ``cap``), its size recorded in ``plans[group]`` and the units the
    fresh sample must hold (``who``) in ``plans[group + "_who"]``; ``judge(confirm, n)`` judges its first ``n``."""
    plan = V.plan_second_stage(pilot_est, pilot_j, cap=cap)
    if plan is None:
        return pilot_est, pilot_j
    if plan.undecidable:
        return pilot_est, V.undecidable(pilot_j, plan.reason)
    if plans is not None:
        plans[group] = max(plans.get(group, 0), plan.n)
        if who:
            plans[f"{group}_who"] = tuple(sorted(set(plans.get(f"{group}_who", ())) | set(who)))
    if confirm is None:
        return pilot_est, pilot_j
    est, j = judge(confirm, plan.n)[:2]
    return est, V.confirmed(pilot_est, pilot_j, est, j, plan)


def readings_of(family: str, claim: str, default, est, judgement, others) -> list[dict]:
    """One claim's readings rows: the default (the row's own estimate and judgement), then each (reading, what):
    ``what()`` gives (estimate, judgement[, note]) or a sentence why not run; a ``str`` (or
    :class:`~liarlab.core.readings.Unbuilt`) is that sentence already."""
    nan = isinstance(est, float) and est != est
    rows = [R.run(family, claim, default, None if est is None or nan else est, judgement)]
    for reading, what in others:
        out = what if isinstance(what, str) else what()
        if isinstance(out, str):
            rows.append(R.skipped(family, claim, reading, out))
        else:
            rows.append(R.run(family, claim, reading, *out[:2], note=out[2] if len(out) > 2 else ""))
    return rows


def grid_row(label: str, name: str, est, judgement, note: str) -> dict:
    """Statement ``name`` judged under variant ``label`` as a table row (no estimate: NaN); :func:`grid_reading`
    reads it back."""
    none = est is None
    return {"variant": label, "ordering": name, "value": np.nan if none else est.value,
            "ci_low": np.nan if none else est.low, "ci_high": np.nan if none else est.high,
            "level": np.nan if none else est.level, "n": np.nan if none or est.n is None else est.n,
            "verdict": judgement.verdict, "leans": judgement.leans or "", "note": note}


def grid_reading(grid: pd.DataFrame, label: str, statement: str):
    """A variant's (estimate, judgement, note) of one statement, read back from its :func:`grid_row` (the
    judgement keeps the grid's verdict and, undecided, where its estimate leans)."""
    g = grid[(grid.variant == label) & (grid.ordering == statement)]
    if g.empty:
        return f"the variant grid has no row for {label}"
    r = g.iloc[0]
    judgement = V.Judgement(r.verdict, "", leans=r.get("leans") or None if isinstance(r.get("leans"), str) else None)
    if pd.isna(r.value):
        return (None, judgement, r.note)
    level = float(r.level) if "level" in r and pd.notna(r.level) else V.LEVEL
    n = int(r.n) if "n" in r and pd.notna(r.n) else None
    est = V.Estimate(float(r.value), float(r.ci_low), float(r.ci_high), n, "seeds", level=level)
    return (est, judgement, r.note if isinstance(r.note, str) else "")


def ours(judgement: V.Judgement, note: str = "") -> tuple[V.Judgement, str]:
    """A comparison the paper does not make: an extension, never a finding (docs/VERDICTS.md), with its own rule's
    verdict kept in the note ("...; under this rule: differs"), as the answer paragraph reads it."""
    flags = f" ({', '.join(judgement.flags)})" if judgement.flags else ""
    return (V.stated("extension", f"our test, not the paper's: {judgement.rule}"),
            "; ".join(x for x in (note, f"under this rule: {judgement.verdict}{flags}", judgement.note) if x))


def grid(per_seed: pd.DataFrame, labels, checks) -> pd.DataFrame:
    """:func:`grid_row` of every statement ``checks(sub)`` finds ({name: (estimate, judgement, note)}) for each
    variant ``label`` of ``per_seed`` that has learners."""
    rows = []
    for label in labels:
        sub = per_seed[per_seed.variant == label]
        if len(sub):
            found = checks(sub)
            rows += [grid_row(label, name, *found[name]) for name in found]
    return pd.DataFrame(rows)


def per(items, fmt=pct) -> str:
    """"k v, k v, ...": one number per case (a personality, an opponent), formatted by ``fmt``."""
    return ", ".join(f"{k} {fmt(v)}" for k, v in (items.items() if hasattr(items, "items") else items))


def rise(est: V.Estimate):
    """(est, its judgement as a gain above 0, negligible below the protocol's rate band)."""
    return est, V.direction(est, ">", 0.0, negligible=V.NEGLIGIBLE_RATE)


def rescored(frame: pd.DataFrame, draws: str) -> pd.DataFrame:
    """Win rates with draws counted as half a win (``"half"``) or left out of the denominator (``"out"``: NaN where
    every game was a draw)."""
    if "draws" not in frame.columns:
        raise ValueError(f"the table has no draws column (columns {list(frame.columns)})")
    if draws == "half":
        wins = frame.wins + 0.5 * frame.draws
        return frame.assign(wins=wins, win_rate=wins / frame.games)
    decided = frame.games - frame.draws
    return frame.assign(win_rate=(frame.wins / decided.where(decided > 0)).astype(float))


def subset(frame: pd.DataFrame | None, setting: str, default: pd.DataFrame | None = None,
           by: str = "personality") -> pd.DataFrame | None:
    """The rows of one ``setting`` (None: not run); one run against some groups only takes ``default``'s rows for
    the others."""
    if frame is None or "setting" not in frame.columns:
        return None
    g = frame[frame.setting == setting].drop(columns="setting")
    if g.empty:
        return None
    if default is not None:
        others = default[~default[by].isin(set(g[by]))]
        g = pd.concat([others[[c for c in g.columns if c in others.columns]], g], ignore_index=True)
    return g


def paired_means(a: pd.DataFrame, b: pd.DataFrame, n=None, by: str = "personality") -> V.Estimate:
    """Each run's mean rate over the groups ``by``, a minus b, paired by run index (the first ``n`` runs)."""
    a, b = (f.pivot(index="run", columns=by, values="win_rate").mean(axis=1) for f in (a, b))
    idx = a.index.intersection(b.index)
    idx = idx if n is None else idx.sort_values()[:n]
    return V.paired_difference(a[idx].to_numpy(), b[idx].to_numpy(), unit="runs")


def versus_fixed(learners: dict, fixed: dict, level: float) -> dict:
    """Per group, the learners' mean rate (``learners[g]``: one rate per seed) minus a fixed agent's measured rate
    (``fixed[g]``: (wins, games)), its interval by MOVER from the two intervals at ``level``; the seed range is each
    learner's rate minus the fixed agent's."""
    out = {}
    for g, rates in learners.items():
        a = V.across_seeds(np.asarray(rates), level=level)
        b = V.proportion(int(fixed[g][0]), int(fixed[g][1]), level=level)
        d = a.value - b.value
        lo = d - float(np.hypot(a.value - a.low, b.high - b.value))
        hi = d + float(np.hypot(a.high - a.value, b.value - b.low))
        out[g] = V.Estimate(d, max(-1.0, lo), min(1.0, hi), a.n, "seeds", a.seed_min - b.value, a.seed_max - b.value,
                            level=level)
    return out


def in_points(frame: pd.DataFrame, columns) -> pd.DataFrame:
    """``frame`` with ``columns`` (rates or differences of rates) in points, to one decimal, for display."""
    return frame.assign(**{c: (100 * frame[c]).round(1) for c in columns})


def interval_cells(v, lo, hi, sign: str = "", suffix: str = "") -> list[str]:
    """Values with their 95 % intervals in points, one decimal: "61.0 [58.2, 63.8]" (``suffix`` after the value);
    a zero after rounding unsigned ("0.0 [-0.1, 0.0]", not "-0.0 [-0.1, +0.0]")."""
    return [f"{_points_text(a, sign)}{suffix} [{_points_text(b, sign)}, {_points_text(c, sign)}]"
            for a, b, c in zip(v, lo, hi)]
