"""The two-stage sample design for a row judged on a pilot (docs/VERDICTS.md, "Two stages"), and a knife-edge
judgement's note, computed: paper-independent machinery any paper's judges call (moved from notebook 03's claims,
issue 48); :func:`shared_two_stage`, the same design with one fresh sample planned before the judges run and shared
by several claims (moved from notebook 01's).

A pilot left undecided (or a ``differs`` missing by less than its half-width, issue 49) gets a confirmatory sample
sized by :func:`liarlab.core.verdicts.plan_second_stage`, capped by its family's budget, drawn fresh: its verdict
comes from that sample alone. A capped sample no larger than the pilot is not drawn: it cannot decide what the
pilot, with as many units, could not; the row stays undecided and says so.
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from scipy import stats as st

from liarlab.core import verdicts as V

__all__ = ["plan", "should_draw", "two_stage", "draw_size", "goes_to_second_stage", "shared_two_stage",
           "shared_unit_plan", "edge_text", "own_interval", "fisher_band", "mean_or_range"]


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


def _not_drawn(pilot_judgement: V.Judgement, p: V.Plan, pilot_n: int, unit: str) -> V.Judgement:
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
        return _not_drawn(pilot_judgement, p, n_pilot, unit or pilot_est.unit), pilot_est
    est = confirmation(p.n)
    return V.confirmed(pilot_est, pilot_judgement, est, judge(est), p), est


def draw_size(plans, pilot_n: int) -> int:
    """How many fresh units to draw for a set of rows sharing one confirmatory sample: the largest planned
    size among the rows that draw one (each row is judged on the first ``plan.n`` units); 0 for none."""
    sizes = [p.n for p in plans if should_draw(p, pilot_n)]
    return max(sizes) if sizes else 0


def goes_to_second_stage(j: V.Judgement) -> bool:
    """A claim is judged again on a fresh sample when its pilot left it undecided or a near-miss ``differs``
    (:func:`verdicts.near_miss`, issue 49)."""
    return j.verdict == "inconclusive" or V.near_miss(j)


def shared_two_stage(judge, pilot, fresh, plan: V.Plan | None) -> tuple:
    """``judge(sample) -> (estimate, judgement, *more)`` under the two-stage design: on the ``pilot``; on the
    ``fresh`` sample (``verdicts.confirmed``) when the pilot left it to a second stage and ``plan`` drew one;
    ``undecidable`` when the pilot is undecided and no sample can decide it. Unlike :func:`two_stage`, the plan is
    drawn before the judges run: one fresh sample shared by several claims (notebook 01's per-type claims)."""
    got = judge(pilot)
    est, j = got[:2]
    if plan is None or not goes_to_second_stage(j):
        return got
    if fresh is not None and not plan.undecidable:
        again = judge(fresh)
        return (again[0], V.confirmed(est, j, *again[:2], plan), *again[2:])
    if plan.undecidable and j.verdict == "inconclusive":
        return (est, V.undecidable(j, plan.reason), *got[2:])
    return got


def shared_unit_plan(j: V.Judgement, n_min: int, m: int, cap: int, unit: str = "games") -> V.Plan | None:
    """The confirmatory plan of a per-unit claim in ``unit`` per unit: ``plan_confirmation`` for an undecided
    pilot, ``plan_knife_edge`` for a near-miss ``differs`` (sized from the pilot's ``n_min`` per unit at the
    Bonferroni level for ``m``), None for a pilot decided with room."""
    if j.verdict == "inconclusive":
        return V.plan_confirmation(j, cap=cap)
    return V.plan_knife_edge(V.Estimate(0.0, 0.0, 0.0, n_min, unit, level=V.simultaneous_level(m)), j, cap=cap)


def _num(x: float) -> str:
    return f"{x:.4g}"


def edge_text(est: V.Estimate, j: V.Judgement) -> V.Judgement:
    """A knife-edge judgement's note, computed: how far the interval (or the exact value) is from the band's
    nearer edge, against the knife-edge allowance (a quarter of the half-width). Never "touches" unless it
    does."""
    if not j.knife_edge or j.band is None:
        return j
    lo, hi = j.band
    if est.low == est.high:
        edge = lo if abs(est.value - lo) <= abs(est.value - hi) else hi
        gap = abs(est.value - edge)
        text = (f"knife-edge: the value {_num(est.value)} sits on the allowed range's edge {_num(edge)}" if gap == 0
                else f"knife-edge: the value {_num(est.value)} is {gap:.2g} from the allowed range's edge "
                     f"{_num(edge)}")
    else:
        if j.verdict == "differs":
            edge, gap, side = (lo, lo - est.high, "ends") if est.high < lo else (hi, est.low - hi, "starts")
            where = "below" if est.high < lo else "above"
        else:
            edge, gap, side = (lo, est.low - lo, "starts") if est.low - lo <= hi - est.high else \
                (hi, hi - est.high, "ends")
            where = "inside"
        allowance = V.KNIFE_EDGE * est.half_width
        if gap == 0:
            text = f"knife-edge: the interval touches the allowed range's edge {_num(edge)}"
        else:
            text = (f"knife-edge: the interval {side} {gap:.2g} {where} the allowed range's edge {_num(edge)}, "
                    f"within a quarter of its half-width ({allowance:.2g})")
    old = [x.strip() for x in j.note.split(";") if x.strip() and not x.strip().startswith("knife-edge")]
    return replace(j, note="; ".join(old + [text]))


def own_interval(values) -> tuple[float, float]:
    """A paper's own 95 % t interval of the mean of its printed values (its sampling error)."""
    e = V.mean_of(values)
    return e.low, e.high


def fisher_band(r: float, n: int, level: float = V.LEVEL) -> tuple[float, float]:
    """A printed correlation ``r`` over ``n`` pairs with its Fisher-z interval."""
    z = math.atanh(r)
    half = float(st.norm.ppf(0.5 + level / 2)) / math.sqrt(n - 3)
    return math.tanh(z - half), math.tanh(z + half)


def mean_or_range(values, low: float, high: float, unit: str) -> V.Estimate:
    """:func:`verdicts.mean_of`, or with fewer than 2 values the whole range as its interval (too few to decide
    anything)."""
    values = np.asarray(values, float)
    if len(values) >= 2:
        return V.mean_of(values, low, high, unit=unit)
    value = float(values.mean()) if len(values) else float("nan")
    return V.Estimate(value, low, high, len(values), unit)
