"""Notebook 03's two-stage design for inconclusive findings (docs/VERDICTS.md).

The notebook's run is the pilot. An inconclusive finding (and a ``differs`` whose interval misses by less than its
half-width, issue 49) gets a confirmatory sample sized by :func:`liarlab.core.verdicts.plan_second_stage` from its
pilot, capped by a budget stated here BEFORE any
confirmatory data are drawn, and drawn fresh (new seeds, new deals): its verdict comes from that sample alone.

One rule of this notebook on top of the protocol: a capped confirmatory sample that would be no larger than
the pilot is not drawn. It cannot decide what the pilot, with as many units, could not; the row stays
``inconclusive`` and says so, with the planned size and the cap.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.core.cards import SUITS, parse_cards
from liarlab.honeymoon.agents import mc_estimate
from liarlab.honeymoon.bidding import MonteCarloEstimate
from liarlab.papers.p03 import experiments, printed
from liarlab.study.parallel import run_tasks

# budgets, fixed before any confirmatory sample was drawn
CAPS = {
    "fig_3_13_deals": 20_000,  # sampled deals for one fresh Fig 3-13 opening estimate (about 20 s of solves)
    "selfplay_deals": 1_800,   # fresh MC0-vs-MC0 deals for the estimation-error rows: above the pilot's 1,400
                               # boards; about 0.22 CPU s a deal (the pilot's self-play), so about 400 CPU s, 3.3
                               # minutes on 2 workers (issue 36: the cap was 400, below the pilot, so no
                               # confirmatory sample could be drawn; the notebook's parameter confirm_deals,
                               # smaller in the quick profile)
    "hands": 24,               # fresh random hands for "50 simulations rarely change the bid": above the pilot's
                               # 21 (20 random hands and the Fig 3-13 hand); about 11 CPU s a hand at the full
                               # pool of 2,000 deals, so about 2 minutes on 2 workers (issue 36: the cap was 20,
                               # below the pilot, so no confirmatory sample could be drawn)
}


def plan(pilot_judgement: V.Judgement, cap: int, pilot_est: V.Estimate | None = None) -> V.Plan | None:
    """The confirmatory plan of a pilot: an undecided one, or (given its estimate ``pilot_est``) a ``differs`` that
    misses by less than its half-width (:func:`verdicts.near_miss`, issue 49); None when the pilot was decided with
    room to spare."""
    if pilot_est is None:
        return V.plan_confirmation(pilot_judgement, cap=cap)
    return V.plan_second_stage(pilot_est, pilot_judgement, cap=cap)


def should_draw(p: V.Plan | None, pilot_n: int) -> bool:
    """Draw a confirmatory sample only when one is planned and it is larger than the pilot."""
    return p is not None and not p.undecidable and p.n is not None and (not p.capped or p.n > pilot_n)


def not_drawn(pilot_judgement: V.Judgement, p: V.Plan, pilot_n: int, unit: str) -> V.Judgement:
    """The pilot's inconclusive judgement, saying why no confirmatory sample was drawn."""
    if p.undecidable:
        return V.undecidable(pilot_judgement, p.reason)
    if p.capped and p.n <= pilot_n:
        why = (f"two-stage plan: {p.reason}; a fresh sample of {p.n:,} {unit} would be no larger than the pilot's "
               f"{pilot_n:,}, so it could not decide what the pilot did not: none drawn, still undecided at the cap")
    else:
        why = f"two-stage plan: {p.reason}; a fresh sample of {p.n:,} {unit} is planned, none is drawn in this run"
    return replace(pilot_judgement, note=f"{pilot_judgement.note}; {why}" if pilot_judgement.note else why)


def two_stage(pilot_est: V.Estimate, pilot_judgement: V.Judgement, cap: int, judge, confirmation=None,
              unit: str | None = None) -> tuple[V.Judgement, V.Estimate]:
    """(verdict, the estimate it rests on) of a row under the two-stage design. ``judge(estimate) ->
    Judgement`` is the row's rule; ``confirmation(n) -> Estimate`` gives the fresh sample's estimate on its
    first ``n`` units (None when no sample was drawn). A decided pilot is returned as it is."""
    p = plan(pilot_judgement, cap, pilot_est)
    if p is None:
        return pilot_judgement, pilot_est
    n_pilot = int(pilot_est.n or 0)
    if not should_draw(p, n_pilot) or confirmation is None:
        return not_drawn(pilot_judgement, p, n_pilot, unit or pilot_est.unit), pilot_est
    est = confirmation(p.n)
    return V.confirmed(pilot_est, pilot_judgement, est, judge(est), p), est


def draw_size(plans, pilot_n: int) -> int:
    """How many fresh units to draw for a set of rows sharing one confirmatory sample: the largest planned
    size among the rows that draw one (each row is judged on the first ``plan.n`` units); 0 for none."""
    sizes = [p.n for p in plans if should_draw(p, pilot_n)]
    return max(sizes) if sizes else 0


def rarely_hands(n_hands: int, pool: int, reps: int, seed: int) -> pd.DataFrame:
    """Fresh random hands for "50 simulations rarely change the bid": for each, the share of ``reps`` N = 50
    estimates whose opening call differs from an independent reference estimate of ``pool`` deals, the pilot's
    statistic (:func:`liarlab.papers.p03.experiments.mc_convergence` with N = 50 only) on new hands from a new
    ``seed``, without the Fig 3-13 hand (the pilot has it already)."""
    if n_hands < 1:
        return pd.DataFrame(columns=["hand", "N", "suit", "opening_differs"])
    rng = np.random.default_rng(seed)
    hands = [[int(c) for c in rng.permutation(52)[:13]] for _ in range(n_hands)]
    tasks = [{"hand": h, "pool": pool, "ref_pool": pool, "seed": seed + 1 + i, "ns": (50,), "reps": reps,
              "label": f"fresh {i + 1}"} for i, h in enumerate(hands)]
    out = run_tasks(experiments._convergence_task, tasks, seed, desc="fresh hands (rarely)")
    return pd.DataFrame([r for rows in out for r in rows])


def fig_3_13_opening(n_samples: int, seed: int) -> pd.DataFrame:
    """A fresh opening estimate of the Fig 3-13 hand (samples seeded by ``seed`` and the hand, so a new seed
    gives new deals): each sampled deal's DD tricks per suit, the opponent leading (the spec's reading, the one
    the rows are judged under), one row a deal."""
    hand = parse_cards(printed.FIG_3_13_COM)
    opponents = mc_estimate(hand, n_samples, seed).opponents   # the samples are drawn here; solved below
    # the deals solved in runs of OPENING_CHUNK, spread over the workers (exact values: the same in any split)
    tasks = [{"hand": hand, "opponents": opponents[i:i + OPENING_CHUNK]}
             for i in range(0, len(opponents), OPENING_CHUNK)]
    tricks = np.concatenate(run_tasks(_opening_tricks, tasks, seed, desc="Fig 3-13 opening"))
    return pd.DataFrame({f"opponent leads {SUITS[s]}": tricks[:, s] for s in range(4)})


OPENING_CHUNK = 500   # sampled deals a task of fig_3_13_opening solves


def _opening_tricks(hand, opponents, rng):
    """The program's DD tricks (opponent leading) on each sampled deal x 4 trumps: an array (deals, 4)."""
    est = MonteCarloEstimate(hand, opponents)
    return np.stack([est.tricks(s, False) for s in range(4)], axis=1)
