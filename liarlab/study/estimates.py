"""Arithmetic on :class:`liarlab.core.verdicts.Estimate`s that any paper's judges need (issue 48: moved down from
paper 02's claims, paper-independent): an estimate shifted against a reference line, a learned rate minus a fixed
agent's proportion, the knife-edge flag of a printed value judged against an interval used as its band, the
complement of a word of the protocol, and the case that decided a claim judged over several cases."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from liarlab.core import verdicts as V

__all__ = ["shift", "minus_fixed", "band_knife_edge", "not_word", "deciding"]


def shift(e: V.Estimate, c: float, sign: int = 1) -> V.Estimate:
    """``sign * (e - c)`` as an estimate (a win rate against a reference line)."""
    lo, hi = sorted((sign * (e.low - c), sign * (e.high - c)))
    return V.Estimate(sign * (e.value - c), lo, hi, e.n, e.unit,
                      None if e.seed_min is None else min(sign * (e.seed_min - c), sign * (e.seed_max - c)),
                      None if e.seed_max is None else max(sign * (e.seed_min - c), sign * (e.seed_max - c)), e.level,
                      e.interval)


def minus_fixed(rates, wins: int, games: int, level=V.LEVEL) -> V.Estimate:
    """mean over seeds of a learned rate minus a fixed agent's proportion: the two intervals combined on each
    side in quadrature (MOVER), in [-1, 1]."""
    a, b = V.across_seeds(np.asarray(rates, float), 0.0, 1.0, level), V.proportion(wins, games, level)
    d = a.value - b.value
    lo = d - np.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    hi = d + np.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return V.Estimate(d, max(-1.0, float(lo)), min(1.0, float(hi)), a.n, "seeds", a.seed_min - b.value,
                      a.seed_max - b.value, level)


def band_knife_edge(j: V.Judgement, printed: float, band: V.Estimate) -> V.Judgement:
    """The knife-edge flag of an exact printed value judged against an interval used as the band: decided within a
    quarter of the band's half-width of its nearer edge (:data:`verdicts.KNIFE_EDGE`)."""
    if j.verdict not in ("reproduced", "differs"):
        return j
    gap = min(abs(printed - band.low), abs(printed - band.high))
    knife = gap <= V.KNIFE_EDGE * max(band.half_width, 1e-12)
    note = j.note
    if knife and "knife-edge" not in note:
        note = "; ".join(x for x in (note, f"knife-edge: the printed value lies {gap:.3g} from the band's edge, "
                                     f"within a quarter of its half-width {band.half_width:.3g}") if x)
    # the miss a near-miss differs is confirmed by (verdicts.near_miss) is measured in the band's half-widths too
    miss = gap / band.half_width if band.half_width > 0 else None
    return replace(j, knife_edge=knife or j.knife_edge, note=note, gap=gap, miss=miss)


def not_word(word: str, est: V.Estimate) -> V.Judgement:
    """'Not a <word> difference': inside the complement of the protocol's ``word`` (|Δ| below its lower bound)."""
    bound = V.WORDS[word][1]
    return V.magnitude(est, -bound, bound, f"not a {word} difference (within ±{bound:g}, the complement of the word "
                       f"'{word}')", span=2.0, reference=0.0)


def deciding(cases: list) -> int:
    """Which of ``cases`` [(label, estimate, judgement, reference)] decided their :func:`verdicts.all_of`: the
    differing case farthest from its reference (or band), else the undecided case that needs the largest sample,
    else (all reproduced) the case nearest its reference. ``reference`` is a direction's threshold, or None for a
    judgement that carries its band."""
    def dist(c):
        _, e, j, ref = c
        edges = (ref, ref) if ref is not None else (j.band or (np.nan, np.nan))
        finite = [b for b in edges if np.isfinite(b)]
        return min(min(abs(e.low - b), abs(e.high - b)) for b in finite) if finite else 0.0

    verdicts_ = [c[2].verdict for c in cases]
    if "differs" in verdicts_:
        return max((i for i, v in enumerate(verdicts_) if v == "differs"), key=lambda i: dist(cases[i]))
    if "inconclusive" in verdicts_:
        return max((i for i, v in enumerate(verdicts_) if v == "inconclusive"),
                   key=lambda i: cases[i][2].needed or 0)
    return min(range(len(cases)), key=lambda i: dist(cases[i]))
