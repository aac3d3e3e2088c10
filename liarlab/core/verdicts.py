"""The study's one verdict protocol (docs/VERDICTS.md): estimates with bounded intervals, and one rule per kind
of claim. Every claims builder judges with these functions; none has thresholds of its own.

An *estimate* is a value with an interval that never leaves its range: Wilson for a proportion of games
(fixed agents), Student t across independently trained seeds (learned agents), a point for an exact value.
A *judgement* compares an estimate's interval with the set of values the paper's statement allows (its
*band*): the whole interval inside the band is ``reproduced``, the whole interval outside it is ``differs``,
anything else is ``inconclusive``, and the judgement says how large a sample would decide it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from scipy import stats as _st

from liarlab.core.stats import wilson_interval

LEVEL = 0.95
KINDS = ("finding", "arithmetic", "check")
VERDICTS = ("reproduced", "differs", "inconclusive", "not-reproducible", "extension")
MIN_SEEDS = 10            # a learned-agent claim rests on at least this many independently trained agents
NEGLIGIBLE_RATE = 0.02    # win-rate differences within +-2 points count as no difference
SIM_TOLERANCE_RATE = 0.01  # a printed simulated rate: +-1 point (plus the paper's own sampling error if known)
ABOUT = 0.25              # "about x" allows x +- 25 %
CEILING = 0.995           # rates at or above (or at or below 1 - CEILING) are at a ceiling/floor
KNIFE_EDGE = 0.25         # a decided interval within a quarter of its half-width of the band's edge

# Qualitative words, mapped before any result was looked at. Scale "rate": a difference of win rates
# (0.05 = 5 points). Scale "share": a fraction of cases or cells. Each is a two-sided range [low, high].
WORDS = {
    # differences of win rates
    "no difference": ("rate", -NEGLIGIBLE_RATE, NEGLIGIBLE_RATE),
    "differ little": ("rate", -NEGLIGIBLE_RATE, NEGLIGIBLE_RATE),
    "not lower": ("rate", -NEGLIGIBLE_RATE, 1.0),
    "not higher": ("rate", -1.0, NEGLIGIBLE_RATE),
    "slight": ("rate", 0.005, 0.05),
    "clear": ("rate", 0.05, 1.0),
    "clearly": ("rate", 0.05, 1.0),
    "large": ("rate", 0.10, 1.0),
    # shares of cases
    "almost all": ("share", 0.90, 1.0),
    "mostly": ("share", 0.60, 1.0),
    "usually": ("share", 0.60, 1.0),
    "most": ("share", 0.50, 1.0),
    "about half": ("share", 0.40, 0.60),
    "sometimes": ("share", 0.10, 0.60),
    "rarely": ("share", 0.0, 0.10),
    "almost never": ("share", 0.0, 0.02),
}


@dataclass(frozen=True)
class Estimate:
    """A measured value and its interval at ``level``; ``n`` and ``unit`` say what was replicated
    ("games", "seeds", "boards", ...; "exact" for a computed value)."""
    value: float
    low: float
    high: float
    n: int | None = None
    unit: str = "exact"
    seed_min: float | None = None
    seed_max: float | None = None
    level: float = LEVEL

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def scaled(self, k: float) -> "Estimate":
        """The same estimate in other units (``k=100``: a rate in percent)."""
        lo, hi = sorted((self.low * k, self.high * k))
        smin = None if self.seed_min is None else self.seed_min * k
        smax = None if self.seed_max is None else self.seed_max * k
        return replace(self, value=self.value * k, low=lo, high=hi, seed_min=smin, seed_max=smax)

    def at_ceiling(self) -> bool:
        """A rate at or above 99.5 % or at or below 0.5 %: left out of comparisons of gains."""
        return self.value >= CEILING or self.value <= 1 - CEILING


def exact(value) -> Estimate:
    value = float(value)
    return Estimate(value, value, value)


def _z(level: float) -> float:
    return float(_st.norm.ppf(0.5 + level / 2))


def proportion(wins, n, level: float = LEVEL, unit: str = "games") -> Estimate:
    """Wins out of ``n`` independent games of fixed agents: the Wilson interval (inside [0, 1])."""
    n = int(n)
    low, high = wilson_interval(wins, n, z=_z(level))
    return Estimate(float(wins) / n, max(0.0, low), min(1.0, high), n, unit, level=level)


def across_seeds(values, low: float = 0.0, high: float = 1.0, level: float = LEVEL, unit: str = "seeds") -> Estimate:
    """The mean over independently trained agents, one value each, with a Student t interval from their
    spread, kept inside the quantity's range [low, high]; the seed range is shown beside it."""
    x = np.asarray(values, dtype=float)
    if x.size < 2:
        raise ValueError(f"across_seeds needs at least 2 seeds, got {x.size}")
    m = float(x.mean())
    half = float(_st.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    return Estimate(m, max(low, m - half), min(high, m + half), int(x.size), unit, float(x.min()), float(x.max()),
                    level)


def mean_of(values, low: float = -math.inf, high: float = math.inf, level: float = LEVEL, unit: str = "samples"):
    """The mean of independent samples (boards, deals, runs) with a t interval, kept inside [low, high]."""
    est = across_seeds(values, low, high, level, unit)
    return replace(est, seed_min=None, seed_max=None)


def paired_difference(a, b, level: float = LEVEL, unit: str = "seeds", bound: float = 1.0) -> Estimate:
    """Mean of a - b over paired replicates (the same seed or board in both arms), inside [-bound, bound]."""
    return across_seeds(np.asarray(a, float) - np.asarray(b, float), -bound, bound, level, unit)


def difference_of_proportions(wins_a, n_a, wins_b, n_b, level: float = LEVEL, unit: str = "games") -> Estimate:
    """p_a - p_b of two independent samples of games (Newcombe's hybrid Wilson interval, inside [-1, 1])."""
    a, b = proportion(wins_a, n_a, level, unit), proportion(wins_b, n_b, level, unit)
    d = a.value - b.value
    lo = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    hi = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(d, max(-1.0, lo), min(1.0, hi), int(n_a) + int(n_b), unit, level=level)


def simultaneous_level(m: int, level: float = LEVEL) -> float:
    """Bonferroni: the per-comparison level that keeps ``m`` intervals jointly at ``level``."""
    if m < 1:
        raise ValueError("m must be >= 1")
    return 1 - (1 - level) / m


@dataclass(frozen=True)
class Judgement:
    verdict: str
    rule: str
    note: str = ""
    knife_edge: bool = False


def _needed(est: Estimate, lo: float, hi: float) -> str:
    """How large a sample would decide an inconclusive comparison (the half-width shrinks as 1/sqrt(n))."""
    d = min(abs(est.value - lo), abs(est.value - hi))
    if est.n is None or est.half_width <= 0:
        return "undecidable at this precision"
    if d <= 0:
        return "the estimate sits on the band's edge: no sample size decides it"
    n = math.ceil(est.n * (est.half_width / d) ** 2)
    return f"about {n:,} {est.unit} would decide it (now {est.n:,})"


def _fmt(x: float) -> str:
    if math.isinf(x):
        return "-inf" if x < 0 else "+inf"
    return f"{x:.6g}"


def within(est: Estimate, lo: float, hi: float, what: str) -> Judgement:
    """The one decision: interval inside [lo, hi] -> reproduced; disjoint -> differs; else inconclusive."""
    rule = (f"{what}: allowed [{_fmt(lo)}, {_fmt(hi)}]; reproduced if the {est.level:.0%} interval lies inside, "
            "differs if it lies outside, else inconclusive")
    if lo <= est.low and est.high <= hi:
        gap = min(est.low - lo, hi - est.high)
        verdict = "reproduced"
    elif est.high < lo or est.low > hi:
        gap = lo - est.high if est.high < lo else est.low - hi
        verdict = "differs"
    else:
        return Judgement("inconclusive", rule, _needed(est, lo, hi))
    scale = max(est.half_width, 1e-12 * (1 + abs(est.value)))
    knife = gap <= KNIFE_EDGE * scale
    return Judgement(verdict, rule, "knife-edge: the interval touches the allowed range's edge" if knife else "",
                     knife)


def printed_band(printed: float, decimals: int | None = None, truncated: bool = False) -> tuple[float, float]:
    """The values that print as ``printed`` at ``decimals`` decimals (rounded, or truncated toward zero)."""
    printed = float(printed)
    if decimals is None:
        return printed, printed
    unit = 10.0 ** -decimals
    if truncated:
        return (printed, printed + unit) if printed >= 0 else (printed - unit, printed)
    return printed - unit / 2, printed + unit / 2


def value(printed, est: Estimate, *, decimals: int | None = None, truncated: bool = False,
          tolerance: float = 0.0, paper_n: int | None = None, scale: float = 1.0) -> Judgement:
    """A printed value. Its band: every number that prints the same at the printed precision, widened by
    ``tolerance`` and, for a simulated value with a stated sample size ``paper_n``, by the paper's own 95 %
    sampling half-width (``scale`` = 100 for a rate printed in percent)."""
    lo, hi = printed_band(printed, decimals, truncated)
    shown = tolerance  # the float round-off allowance below is not part of the stated rule
    widen = tolerance if decimals is not None or tolerance else 1e-9 * (1 + abs(float(printed)))
    if paper_n:
        p = min(max(float(printed) / scale, 0.0), 1.0)
        sampling = _z(LEVEL) * math.sqrt(p * (1 - p) / paper_n) * scale
        widen += sampling
        shown += sampling
    precision = "exact" if decimals is None else f"{decimals} decimals, {'truncated' if truncated else 'rounded'}"
    extra = f", +-{shown:.3g}" if shown else ""
    return within(est, lo - widen, hi + widen, f"value: printed {printed} ({precision}{extra})")


def simulated_value(printed, est: Estimate, *, decimals: int | None = None, truncated: bool = False,
                    paper_n: int | None = None, scale: float = 1.0) -> Judgement:
    """A printed simulated rate: its band is the printed value +- 1 point (``SIM_TOLERANCE_RATE``), widened by
    the paper's own sampling error when it gives its sample size ``paper_n``."""
    tol = SIM_TOLERANCE_RATE * scale
    return value(printed, est, decimals=decimals, truncated=truncated, tolerance=tol, paper_n=paper_n, scale=scale)


def direction(est: Estimate, expect: str = ">", than: float = 0.0, negligible: float | None = None) -> Judgement:
    """A direction or ordering: ``est`` (usually a difference) is above (``>``) or below (``<``) ``than``.
    Reproduced when the interval excludes ``than`` on the stated side, differs when it excludes it on the
    other side or (with ``negligible``) lies wholly within +-negligible of ``than``, else inconclusive."""
    if expect not in (">", "<"):
        raise ValueError("expect must be '>' or '<'")
    rule = f"direction: {expect} {_fmt(than)}; reproduced if the {est.level:.0%} interval excludes {_fmt(than)} on that side"
    if negligible is not None:
        rule += f"; differs if it lies within +-{_fmt(negligible)} (no meaningful difference) or on the other side"
    above, below = est.low > than, est.high < than
    if (above and expect == ">") or (below and expect == "<"):
        j = Judgement("reproduced", rule)
    elif above or below:
        j = Judgement("differs", rule)
    elif negligible is not None and than - negligible <= est.low and est.high <= than + negligible:
        j = Judgement("differs", rule, "no meaningful difference either way")
    else:
        return Judgement("inconclusive", rule, _needed(est, than, than))
    gap = min(abs(est.low - than), abs(est.high - than))
    knife = j.verdict != "inconclusive" and gap <= KNIFE_EDGE * max(est.half_width, 1e-12)
    return replace(j, knife_edge=knife, note=j.note or ("knife-edge: the interval nearly touches the reference"
                                                        if knife else ""))


def magnitude(est: Estimate, low: float, high: float, what: str = "magnitude") -> Judgement:
    """A stated range ("60-70 %", "about 10 points" once turned into a range by :func:`about`)."""
    return within(est, low, high, what)


def about(x: float, est: Estimate) -> Judgement:
    """ "About x": x +- 25 % (two-sided)."""
    lo, hi = sorted((x * (1 - ABOUT), x * (1 + ABOUT)))
    return within(est, lo, hi, f"about {_fmt(x)} (+-{ABOUT:.0%})")


def word(w: str, est: Estimate, scale: float = 1.0) -> Judgement:
    """A qualitative word, judged on its range from :data:`WORDS` (``scale`` = 100 for values in percent)."""
    key = w.lower()
    if key not in WORDS:
        raise ValueError(f"no range for the word {w!r}; known: {sorted(WORDS)}")
    kind, lo, hi = WORDS[key]
    return within(est, lo * scale, hi * scale, f"word '{w}' ({kind})")


def share(judgements: list[Judgement], unit: str = "cells") -> Estimate:
    """The share of cases for which a statement holds, from per-case judgements: at least the reproduced
    ones, at most all but the ones that differ (inconclusive cases could go either way)."""
    m = len(judgements)
    if m == 0:
        raise ValueError("share of no cases")
    yes = sum(j.verdict == "reproduced" for j in judgements)
    no = sum(j.verdict == "differs" for j in judgements)
    return Estimate((yes + (m - yes - no) / 2) / m, yes / m, (m - no) / m, m, unit)


def all_of(judgements: list[Judgement], what: str = "every case") -> Judgement:
    """A claim about every case (judged at a :func:`simultaneous_level`): any case differs -> differs; every
    case reproduced -> reproduced; else inconclusive."""
    verdicts = [j.verdict for j in judgements]
    n, bad, good = len(verdicts), verdicts.count("differs"), verdicts.count("reproduced")
    rule = (f"{what}: each of {n} cases judged at a Bonferroni-adjusted level; reproduced if all are, differs "
            "if any differs")
    if bad:
        return Judgement("differs", rule, f"{bad} of {n} differ")
    if good == n:
        return Judgement("reproduced", rule)
    return Judgement("inconclusive", rule, f"{n - good} of {n} undecided")


def covers(est: Estimate, target: float) -> Judgement:
    """A check of our code (kind ``check`` only): a simulation against the exact value it estimates passes
    when its interval covers that value."""
    rule = f"check: the {est.level:.0%} interval covers the exact value {_fmt(target)}"
    return Judgement("reproduced" if est.low <= target <= est.high else "differs", rule)


def stated(verdict: str, rule: str, note: str = "") -> Judgement:
    """A verdict that no interval decides: ``extension`` (our result, no paper value) or ``not-reproducible``
    (the paper gives too little to test), or an exact comparison stated in words."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {VERDICTS}, got {verdict!r}")
    return Judgement(verdict, rule, note)
