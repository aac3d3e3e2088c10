"""Notebook 02's two stages (docs/VERDICTS.md): each undecided finding or near-miss differs of the pilot is measured
again by its row's section on a fresh sample sized from the pilot alone, within the caps fixed here."""
from __future__ import annotations

import math
from dataclasses import replace

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.claims import CONFIRM_SEED0

CAP_SEEDS = 40            # newly trained tables per confirmatory sample, at most
CAP_GAMES = 1_000_000     # games a seat arrangement per confirmatory sample of fixed agents, at most
SEQUENCE_SHARE = 4        # a row retraining the 22 sequence models and RL-random gets cap_seeds // 4 each
SHARE_RANGE = "range over undecided cases"


def _near_miss(row) -> bool:
    """A differs decided by less than its own half-width, on a sampling or prediction interval."""
    return (row.get("verdict") == "differs" and row.est is not None and row.est.n is not None
            and row.est.interval != SHARE_RANGE and V.near_miss(row.judgement))


def section_cap(section: C.Section, cap_seeds: int) -> int:
    """The cap on newly trained tables for a row of ``section`` (its ``cap_factor``)."""
    return max(cap_seeds, round(cap_seeds * section.cap_factor))


def plan(row, pilot_fixed_games: int, cap_seeds: int = CAP_SEEDS, cap_games: int = CAP_GAMES):
    """(plan, size in tables or games a seat arrangement) for a row to confirm; size None when no sample decides."""
    j, e, sec = row.judgement, row.est, row.section
    cap_seeds = section_cap(sec, cap_seeds)
    if sec is C.S_5_7 and len(sec.trains(row["claim"])) > 4:
        cap_seeds = max(2, cap_seeds // SEQUENCE_SHARE)
    if row.population is not None:
        p = V.plan_confirmation(j, cap=row.population, population=row.population)
        if p.undecidable:
            return replace(p, reason=f"the value is a share of {row.population} cases whose range comes from the "
                           f"undecided ones, not a sampling interval; {p.reason}"), None
        return V.Plan(cap_seeds, True, False, "a share's range over undecided cases gives no sample size: sized at "
                      f"the cap of {cap_seeds} tables"), cap_seeds
    if sec.unit == "seeds":
        # a prediction interval for one table does not narrow as 1/sqrt(n): a near miss is sized at the cap
        p = V.plan_second_stage(e, j, cap=cap_seeds) if j.verdict == "inconclusive" else \
            V.plan_knife_edge(e, j, cap=cap_seeds, fixed="prediction" in (e.interval or ""))
        return p, None if p.undecidable else p.n
    per = max(1.0, (row.base_n or e.n) / pilot_fixed_games)       # seat arrangements pooled in one case
    p = V.plan_second_stage(e, j, cap=int(cap_games * per))
    return (p, None) if p.undecidable else (p, min(cap_games, math.ceil(p.n / per)))


def _fresh(base: ex.Setup, size: int) -> ex.Setup:
    return replace(base, seeds=tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + size)))


def two_stage(rows: list, setup: ex.Setup, *, cap_seeds: int = CAP_SEEDS,
              cap_games: int = CAP_GAMES) -> tuple[list, pd.DataFrame]:
    """The rows with every undecided finding (and near-miss differs) measured again, and a table of both stages."""
    base = replace(setup, stream="confirm", models={}, evals={})
    todo = [(i, r, *plan(r, setup.fixed_games, cap_seeds, cap_games)) for i, r in enumerate(rows)
            if r.get("kind") == "finding" and getattr(r, "judgement", None) is not None
            and getattr(r, "section", None) is not None and (r.get("verdict") == "inconclusive" or _near_miss(r))]
    # train every confirmatory table once, at the largest size any row needs (rows share them as prefixes)
    need: dict = {}
    for _, r, _, size in todo:
        for name, opts in (r.section.trains(r["claim"]) if size and r.section.unit == "seeds" else []):
            key = (name, repr(sorted(opts.items())))
            need[key] = (name, opts, max(size, need.get(key, (None, None, 0))[2]))
    by_size: dict = {}
    for name, opts, size in need.values():
        by_size.setdefault(size, []).append((name, opts))
    for size, trainings in sorted(by_size.items()):
        ex.pretrain(_fresh(base, size), trainings)
    out, stages = list(rows), []
    for i, r, p, size in todo:
        record = {"family": r["family"], "claim": r["claim"], "pilot value": r.est.value, "pilot ci_low": r.est.low,
                  "pilot ci_high": r.est.high, "pilot n": r.est.n, "unit": r.est.unit,
                  "pilot verdict": r["verdict"], "plan": p.reason}
        if p.undecidable:
            out[i] = C.rebuild(r, r.est, V.undecidable(r.judgement, p.reason))
            stages.append({**record, "confirmatory sample": "none: no sample decides it", "verdict": "inconclusive"})
            continue
        seeds = r.section.unit == "seeds"
        cs = _fresh(base, size) if seeds else replace(base, fixed_games=size)
        what = (f"{size} newly trained tables (training seeds {CONFIRM_SEED0}-{CONFIRM_SEED0 + size - 1})" if seeds
                else f"{size:,} fresh games a seat arrangement")
        again = [x for x in r.section.rows(r.section.frame(cs, r["claim"]), setup.fallback)
                 if x["claim"] == r["claim"]]
        if not again:
            stages.append({**record, "confirmatory sample": "not measured", "verdict": r["verdict"]})
            continue
        c = again[0]
        if seeds and size < len(setup.seeds):
            raise ValueError(f"{r['claim']!r}: a confirmatory sample of {size} tables is smaller than the pilot's "
                             f"{len(setup.seeds)}: raise the cap")
        # a share of cases measures the same cases again on fresh tables: its size in its own unit is its cases
        j = V.confirmed(r.est, r.judgement, c.est, c.judgement, replace(p, n=c.est.n) if r.est.interval ==
                        SHARE_RANGE else p)
        j = replace(j, note=f"{j.note}; confirmatory sample: {what}")
        out[i] = C.rebuild(r, c.est, j, note=c.spec[4], cases=c.cases)
        stages.append({**record, "confirmatory sample": what, "confirm value": c.est.value,
                       "confirm ci_low": c.est.low, "confirm ci_high": c.est.high, "confirm n": c.est.n,
                       "verdict": j.verdict})
    return out, pd.DataFrame(stages)
