"""Notebook 02's two-stage design: every finding the pilot leaves undecided is measured again on a fresh sample.

The pilot is the notebook's own run. For each ``inconclusive`` finding, :func:`verdicts.plan_confirmation`
(and for each ``differs`` whose interval misses by less than its half-width, :func:`verdicts.plan_knife_edge`,
issue 49) sizes a confirmatory sample that would decide it at the planned power, capped by a budget fixed here, before any
confirmatory data are drawn:

* learned agents: at most ``cap_seeds`` (:data:`CAP_SEEDS` in the full profile) newly trained tables (training
  seeds from :data:`CONFIRM_SEED0` on, never the pilot's seeds 0..n-1), each evaluated on fresh game streams; a
  row whose confirmation retrains all 23 sequence models at most ``cap_seeds // 4`` (:data:`SEQUENCE_SHARE`);
* fixed agents: at most ``cap_games`` (:data:`CAP_GAMES`) games a seat arrangement, on fresh game streams
  (``Setup.stream = "confirm"``).

The row is measured again by the same section of :mod:`liarlab.papers.p02.claims` (the same code, the same rule)
on the confirmatory sample alone, and :func:`verdicts.confirmed` keeps both stages: the verdict comes from the
confirmatory sample, the pilot is shown beside it. A row that no sample can decide (every comparison at a
ceiling cell; a share whose range over undecided cells would need more cells than exist) is marked
:func:`verdicts.undecidable` and gets no sample. Trained tables are cached like every other table
(:func:`experiments.model`), so a rerun pays only for evaluations.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex

CAP_SEEDS = 40            # newly trained tables per confirmatory sample, at most
CAP_GAMES = 1_000_000     # games a seat arrangement per confirmatory sample of fixed agents, at most
CONFIRM_SEED0 = 1_000     # the confirmatory tables' training seeds start here (the pilot's are 0..n-1)
SEQUENCE_SHARE = 4        # a row that retrains all 23 sequence models gets cap_seeds // 4 tables each
#: Sections whose confirmatory table is cheap get a larger cap, a multiple of ``cap_seeds``: Fig 5-5's self-play
#: rows cost one training (about 0.35-0.6 s at full size) and one self-play evaluation (about 0.1 s) a table, so
#: the full profile's 140 tables (the plan asks 134 and 139 for RL2 and RL1; RL3's row, which would need 35,373,
#: gets the same 140) add about 300 tables, 2-3 minutes of the full run on its two workers. The other
#: capped rows (Fig 5-9: 333 tables of four three-player trainings each, about 4 s a seed; Fig 5-16 RL1: 1,359;
#: Fig 5-18 RL1: 592 at about 2 s a seed; Fig 5-9's "some strength": 3,516) would cost 10 to 40 minutes each,
#: beyond the 8 extra minutes the confirmatory stage may spend: they stay at ``cap_seeds`` and, still undecided
#: there, are flagged undecidable with the size they need (:func:`verdicts.confirmed`).
SECTION_CAP_FACTOR = {"fig_5_5_rl": 3.5}
RL = ("RL0", "RL1", "RL2", "RL3")


def _models(claim: str, default=RL) -> tuple:
    """The trained models a row's claim names (RL03, RL-random, ...), else ``default``."""
    named = [w.strip(":,") for w in claim.split() if w.strip(":,").startswith("RL") and len(w.strip(":,")) > 2]
    named = [n for n in named if n in ex.sequential_names() + list(RL) + ["RL-random-game"]]
    if "RL-random" in named:
        named.append("RL-random-game")
    return tuple(dict.fromkeys(named)) or tuple(default)


# Each section: (what replicates it, the tables it trains as (name, options), the frames it measures, the rows;
# None: the EXP sections, whose rows also need the chosen reading, see _rows_of)
SECTIONS = {
    "fig_5_1": ("seeds", lambda c: [(n, {}) for n in RL],
                lambda s, c: {"vs_rand": ex.vs_rand(s, RL)}, lambda f: C.fig_5_1(f["vs_rand"])),
    "fig_5_2": ("games", lambda c: [],
                lambda s, c: {"pairs": ex.exp_pairs(s, (s.fallback,), only=[(a, b) for a in ex.EXPS for b in ex.EXPS
                                                                            if a != b])},
                None),
    "fig_5_3": ("games", lambda c: [],
                lambda s, c: {"three": ex.three_player(s, (s.fallback,), (3,), only=[("EXP1", "EXP0"),
                                                                                      ("EXP0", "EXP1")])},
                None),
    "fig_5_5_exp": ("games", lambda c: [],
                    lambda s, c: {"pairs": ex.exp_pairs(s, (s.fallback,), only=[(a, a) for a in ex.EXPS])}, None),
    "fig_5_6": ("games", lambda c: [],
                lambda s, c: {"three": ex.three_player(s, (s.fallback,), (3,), only=[(a, a) for a in ex.EXPS])},
                None),
    "fig_5_4": ("seeds", lambda c: [(n, {}) for n in RL],
                lambda s, c: {"rl_exp": ex.rl_vs_exp(s, RL, epsilons=(0.1,))}, lambda f: C.fig_5_4(f["rl_exp"])),
    "fig_5_5_rl": ("seeds", lambda c: [(n, {}) for n in _models(c)],
                   lambda s, c: {"self_play": ex.self_play(s, None, _models(c))},
                   lambda f: C.fig_5_5_rl(f["self_play"])),
    "fig_5_7": ("seeds", lambda c: [(n, {}) for n in _models(c, ex.sequential_names())],
                lambda s, c: {"seq": ex.rl_vs_exp(s, _models(c, ex.sequential_names()), epsilons=(0.1,))},
                None),
    "fig_5_8": ("seeds", lambda c: [("RL0", {})] + [("RL0", {"seats": st, "do_shuffle": sh})
                                                     for _, st, sh in ex.FIXED2_VARIANTS if st != "rotate"],
                lambda s, c: {"fixed2": ex.fixed_seat_two(s, epsilons=(0.1,))}, lambda f: C.fig_5_8(f["fixed2"])),
    "fig_5_9": ("seeds", lambda c: [("RL0", {"n_players": 3})] + [("RL0", {"n_players": 3, "seats": st})
                                                                   for st in (0, 1, 2)],
                lambda s, c: {"fixed3": ex.fixed_seat_three(s)}, lambda f: C.fig_5_9(f["fixed3"])),
    "fig_5_10_11": ("seeds", lambda c: [("RL0", ex.CURVE_CONFIGS[k]) for k in ("n=1", "n=2", "n=3")],
                    lambda s, c: {"curves": ex.curves(s, {k: ex.CURVE_CONFIGS[k] for k in ("n=1", "n=2", "n=3")})},
                    lambda f: C.fig_5_10_11(f["curves"])),
    "fig_5_12": ("seeds", lambda c: [("RL0", {})], lambda s, c: {"curves": ex.curves(s, {"n=1": {}})},
                 lambda f: C.fig_5_12(f["curves"])),
    "fig_5_14_15": ("games", lambda c: [], lambda s, c: {"forced": ex.forced_exp(s)},
                    lambda f: C.fig_5_14_15(f["forced"])),
    "fig_5_16": ("seeds", lambda c: [(n, {}) for n in (("RL2", "RL3") if "RL2" in c else _models(c))],
                 lambda s, c: {"forced": ex.forced_rl(s, ("RL2", "RL3") if "RL2" in c else _models(c))},
                 lambda f: C.fig_5_16(f["forced"])),
    "fig_5_17": ("games", lambda c: [], lambda s, c: {"grid": ex.forced_grid(s, rl_names=())},
                 lambda f: C.fig_5_17(f["grid"])),
    "fig_5_18": ("seeds", lambda c: [(n, {}) for n in _models(c, ("RL0",))],
                 lambda s, c: {"grid": ex.forced_grid(s, rl_names=_models(c, ("RL0",)), exp_names=())},
                 lambda f: C.fig_5_18(f["grid"])),
    "fig_6_1": ("seeds", lambda c: [("RL0", {})], lambda s, c: {"lengths": ex.game_lengths(s)},
                lambda f: C.fig_6_1(f["lengths"])),
    # Table 5-1's counts (issue 49: a near-miss differs is confirmed): RL0's n=1 lists of fresh tables
    "table_5_1": ("seeds", lambda c: [("RL0", ex.CURVE_CONFIGS["n=1"])],
                  lambda s, c: {"top": ex.top30(s, ("n=1",))}, lambda f: C._top_rows(f["top"])),
}


def _rows_of(section: str, frames: dict, fallback: str) -> list:
    """The section's rows on the confirmatory frames (EXP sections under the chosen reading, margin 3)."""
    if section == "fig_5_2":
        return C.fig_5_2(frames["pairs"], fallback, 3, selected=True)
    if section == "fig_5_3":
        return C.fig_5_3(frames["three"], fallback, 3, selected=True)
    if section == "fig_5_5_exp":
        return C.fig_5_5_exp(frames["pairs"], fallback, 3, selected=True)
    if section == "fig_5_6":
        return C.fig_5_6(frames["three"], fallback, 3, selected=True)
    if section == "fig_5_7":
        return C.fig_5_7(frames["seq"])
    return SECTIONS[section][3](frames)


def _near_miss(row) -> bool:
    """A differs decided on its pilot by less than its own half-width (:func:`verdicts.near_miss`), on a sampling
    or prediction interval (a share's range over undecided cases is no sample to draw again)."""
    return (row.get("verdict") == "differs" and row.est is not None and row.est.n is not None
            and row.est.interval != "range over undecided cases" and V.near_miss(row.judgement))


def _all_sequences(row) -> bool:
    return row.section == "fig_5_7" and len(SECTIONS["fig_5_7"][1](row["claim"])) > 4


def section_cap(section: str, cap_seeds: int) -> int:
    """The cap on newly trained tables for a row of ``section`` (:data:`SECTION_CAP_FACTOR`)."""
    return max(cap_seeds, round(cap_seeds * SECTION_CAP_FACTOR.get(section, 1)))


def plan(row, pilot_fixed_games: int, cap_seeds: int = CAP_SEEDS, cap_games: int = CAP_GAMES):
    """(plan, what) for an inconclusive finding or a near-miss differs (:func:`verdicts.near_miss`): the plan in the
    row's own units, and the confirmatory size in words (tables, or games a seat arrangement); (undecidable plan,
    reason) when no sample decides it."""
    j, e = row.judgement, row.est
    kind = SECTIONS[row.section][0]
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
        if size and SECTIONS[r.section][0] == "seeds":
            for name, opts in SECTIONS[r.section][1](r["claim"]):
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
        if SECTIONS[r.section][0] == "seeds":
            cs = replace(base, seeds=tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + size)))
            what = f"{size} newly trained tables (training seeds {CONFIRM_SEED0}-{CONFIRM_SEED0 + size - 1})"
        else:
            cs = replace(base, fixed_games=size)
            what = f"{size:,} fresh games a seat arrangement"
        frames = SECTIONS[r.section][2](cs, r["claim"])
        again = [x for x in _rows_of(r.section, frames, setup.fallback) if x["claim"] == r["claim"]]
        if not again:
            stages.append({**record, "confirmatory sample": "not measured", "verdict": r["verdict"]})
            continue
        c = again[0]
        if SECTIONS[r.section][0] == "seeds" and size < len(setup.seeds):
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
