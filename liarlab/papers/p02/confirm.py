"""Notebook 02's two-stage design (docs/VERDICTS.md, "Two stages"): the pilot is the notebook's own run; each
``inconclusive`` finding (:func:`verdicts.plan_confirmation`) and each near-miss ``differs``
(:func:`verdicts.plan_knife_edge`, issue 49) is measured again, by the same section of
:mod:`liarlab.papers.p02.claims`, on a fresh sample sized from the pilot alone within caps fixed here: learned
agents at most ``cap_seeds`` newly trained tables (seeds from :data:`CONFIRM_SEED0` on, never the pilot's; a row
that retrains all 23 sequence models ``cap_seeds // 4`` each), fixed agents at most ``cap_games`` games a seat
arrangement (``Setup.stream = "confirm"``). :func:`verdicts.confirmed` keeps both stages (the verdict from the
confirmatory sample); a row no sample can decide is :func:`verdicts.undecidable`. Trained tables are cached
(:func:`experiments.model`), so a rerun pays only for evaluations.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.table_readings import CONFIRM_SEED0

CAP_SEEDS = 40            # newly trained tables per confirmatory sample, at most
CAP_GAMES = 1_000_000     # games a seat arrangement per confirmatory sample of fixed agents, at most
SEQUENCE_SHARE = 4        # a row that retrains all 23 sequence models gets cap_seeds // 4 tables each
#: every family's sections (:class:`liarlab.papers.p02.claims.Section`), by the name a row carries
SECTIONS = C.SECTIONS


def _near_miss(row) -> bool:
    """A differs decided on its pilot by less than its own half-width (:func:`verdicts.near_miss`), on a sampling
    or prediction interval (a share's range over undecided cases is no sample to draw again)."""
    return (row.get("verdict") == "differs" and row.est is not None and row.est.n is not None
            and row.est.interval != "range over undecided cases" and V.near_miss(row.judgement))


def _all_sequences(row) -> bool:
    return row.section == "fig_5_7" and len(SECTIONS["fig_5_7"].trains(row["claim"])) > 4


def section_cap(section: str, cap_seeds: int) -> int:
    """The cap on newly trained tables for a row of ``section`` (its ``cap_factor``)."""
    return max(cap_seeds, round(cap_seeds * SECTIONS[section].cap_factor))


def plan(row, pilot_fixed_games: int, cap_seeds: int = CAP_SEEDS, cap_games: int = CAP_GAMES):
    """(plan, what) for an inconclusive finding or a near-miss differs (:func:`verdicts.near_miss`): the plan in the
    row's own units, and the confirmatory size in words (tables, or games a seat arrangement); (undecidable plan,
    reason) when no sample decides it."""
    j, e = row.judgement, row.est
    kind = SECTIONS[row.section].unit
    cap_seeds = section_cap(row.section, cap_seeds)
    if _all_sequences(row):
        cap_seeds = max(2, cap_seeds // SEQUENCE_SHARE)
    if row.population is not None:
        p = V.plan_confirmation(j, cap=row.population, population=row.population)
        if p.undecidable:
            return replace(p, reason=f"the value is a share of {row.population} cases whose range comes from the "
                           f"undecided ones, not a sampling interval; {p.reason}"), None
        return V.Plan(cap_seeds, True, False, "a share's range over undecided cases gives no sample size: sized at "
                      f"the cap of {cap_seeds} tables"), cap_seeds
    if kind == "seeds":
        # a prediction interval for one table does not narrow as 1/sqrt(n): a near miss is sized at the cap
        p = V.plan_second_stage(e, j, cap=cap_seeds) if j.verdict == "inconclusive" else \
            V.plan_knife_edge(e, j, cap=cap_seeds, fixed="prediction" in (e.interval or ""))
        return p, None if p.undecidable else p.n
    per = max(1.0, (row.base_n or e.n) / pilot_fixed_games)       # seat arrangements pooled in one case
    p = V.plan_second_stage(e, j, cap=int(cap_games * per))
    if p.undecidable:
        return p, None
    return p, min(cap_games, math.ceil(p.n / per))


def two_stage(rows: list, setup: ex.Setup, *, cap_seeds: int = CAP_SEEDS,
              cap_games: int = CAP_GAMES) -> tuple[list, pd.DataFrame]:
    """The rows with every inconclusive finding replaced by its two-stage version, and a table of both stages.

    Sizes are fixed from the pilot alone (:func:`plan`) within the caps, all tables of the confirmatory samples
    are trained first (in the run context's worker processes, cached), then each row is measured on its own
    sample."""
    base = replace(setup, stream="confirm", models={}, evals={})
    todo = []
    for i, r in enumerate(rows):
        if r.get("kind") != "finding" or getattr(r, "judgement", None) is None or r.section not in SECTIONS:
            continue
        if r.get("verdict") != "inconclusive" and not _near_miss(r):
            continue
        p, size = plan(r, setup.fixed_games, cap_seeds, cap_games)
        todo.append((i, r, p, size))
    # train every confirmatory table once, at the largest size any row needs (rows share them as prefixes)
    need: dict = {}
    for i, r, p, size in todo:
        if size and SECTIONS[r.section].unit == "seeds":
            for name, opts in SECTIONS[r.section].trains(r["claim"]):
                key = (name, repr(sorted(opts.items())))
                need[key] = (name, opts, max(size, need.get(key, (None, None, 0))[2]))
    by_size: dict = {}
    for name, opts, size in need.values():
        by_size.setdefault(size, []).append((name, opts))
    for size, trainings in sorted(by_size.items()):
        ex.pretrain(replace(base, seeds=tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + size))), trainings)
    out, stages = list(rows), []
    for i, r, p, size in todo:
        record = {"family": r["family"], "claim": r["claim"], "pilot value": r.est.value, "pilot ci_low": r.est.low,
                  "pilot ci_high": r.est.high, "pilot n": r.est.n, "unit": r.est.unit,
                  "pilot verdict": r["verdict"], "plan": p.reason}
        if p.undecidable:
            j = V.undecidable(r.judgement, p.reason)
            out[i] = C.rebuild(r, r.est, j)
            stages.append({**record, "confirmatory sample": "none: no sample decides it", "verdict": "inconclusive"})
            continue
        if SECTIONS[r.section].unit == "seeds":
            cs = replace(base, seeds=tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + size)))
            what = f"{size} newly trained tables (training seeds {CONFIRM_SEED0}-{CONFIRM_SEED0 + size - 1})"
        else:
            cs = replace(base, fixed_games=size)
            what = f"{size:,} fresh games a seat arrangement"
        frames = SECTIONS[r.section].frames(cs, r["claim"])
        again = [x for x in SECTIONS[r.section].rows(frames, setup.fallback) if x["claim"] == r["claim"]]
        if not again:
            stages.append({**record, "confirmatory sample": "not measured", "verdict": r["verdict"]})
            continue
        c = again[0]
        if SECTIONS[r.section].unit == "seeds" and size < len(setup.seeds):
            raise ValueError(f"{r['claim']!r}: a confirmatory sample of {size} tables is smaller than the pilot's "
                             f"{len(setup.seeds)}: raise the cap")
        # a share of cases (models, comparisons) measures the same cases again on fresh tables: its size in the
        # estimate's own unit is its number of cases (the tables were checked against the pilot's just above)
        check = replace(p, n=c.est.n) if r.est.interval == "range over undecided cases" else p
        j = V.confirmed(r.est, r.judgement, c.est, c.judgement, check)
        j = replace(j, note=f"{j.note}; confirmatory sample: {what}")
        row_note = c.spec[4]
        out[i] = C.rebuild(r, c.est, j, note=row_note, cases=c.cases)
        stages.append({**record, "confirmatory sample": what, "confirm value": c.est.value,
                       "confirm ci_low": c.est.low, "confirm ci_high": c.est.high, "confirm n": c.est.n,
                       "verdict": j.verdict})
    return out, pd.DataFrame(stages)
