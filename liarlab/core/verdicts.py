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
import numbers
from dataclasses import dataclass, replace

import numpy as np
from scipy import stats as _st

from liarlab.core.stats import wilson_interval
from liarlab.core.validation import check_bool, check_finite_values, check_int, check_level, check_real

LEVEL = 0.95
KINDS = ("finding", "arithmetic", "check")
VERDICTS = ("reproduced", "differs", "inconclusive", "not-reproducible", "extension")
MIN_SEEDS = 10            # a learned-agent claim rests on at least this many independently trained agents
NEGLIGIBLE_RATE = 0.02    # win-rate differences within +-2 points count as no difference
SIM_TOLERANCE_RATE = 0.01  # a printed simulated rate: +-1 point (plus the paper's own sampling error if known)
ABOUT = 0.25              # "about x" allows x +- 25 %
CEILING = 0.995           # rates at or above (or at or below 1 - CEILING) are at a ceiling/floor
KNIFE_EDGE = 0.25         # a decided interval within a quarter of its half-width of the band's edge
WEAK_BAND = 0.10          # a two-sided band wider than +-10 % of the quantity's span carries little evidence
MC_WIDEN = 3.0           # a bootstrap interval is judged widened by 3 Monte Carlo standard errors of its bounds
PLANNED_POWER = 0.80      # a confirmatory sample is sized to decide a row at this power, from the pilot
KNIFE_CONFIRM = 1.0       # a pilot's differs that misses by less than this many half-widths is confirmed afresh
FAMILY_REPRODUCED = 0.75  # a family is reproduced when at least 3/4 of its findings are ...
FAMILY_DIFFERS = 0.50     # ... and differs when at least half of its findings differ; else inconclusive
# Why a finding differs (docs/VERDICTS.md): every differing finding names one.
CAUSES = {
    "misprint": "a misprint or arithmetic slip in the paper",
    "reading": "a reading (convention) of the paper: another way of filling in what the paper leaves open "
               "reproduces its print",
    "power": "too little power: the paper's sample (or ours) cannot carry the claim",
    "genuine": "a genuine difference: every reading we tried disagrees",
    "untested": "not settled: a reading the paper allows was not run, and it could reproduce the print",
}

# Qualitative words and their ranges (fixed when the protocol was written, after the first runs: docs/VERDICTS.md, "History"; pinned by a test). Scale "rate": a difference of win rates
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
    interval: str = ""  # what [low, high] is when it is not a confidence interval at ``level``
    mc_error: float = 0.0  # the Monte Carlo standard error of the bounds (a bootstrap's); 0 for a closed form

    @property
    def interval_label(self) -> str:
        """What the interval is, in words: "95 %", "99.84 % (Bonferroni-adjusted)", the ``interval`` text
        (a range over undecided cases, a prediction interval), or "" for an exact point."""
        if self.interval:
            return self.interval
        if self.unit == "exact" and self.low == self.high:
            return ""
        if abs(self.level - LEVEL) < 1e-12:
            return f"{LEVEL:.0%}".replace("%", " %")
        return f"{100 * self.level:.4g} % (Bonferroni-adjusted)"

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
    """A computed value as a point estimate (its interval is the point): ``value`` is a finite number."""
    value = check_real("exact: value", value)
    return Estimate(value, value, value)


def _count(name: str, value, low: int, high: int = 2**53) -> int:
    """A count given as an int, or as a float with an integral value (a column's sum): ValueError otherwise."""
    if not isinstance(value, bool) and isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        x = float(value)
        if math.isfinite(x) and x.is_integer():
            value = int(x)
    return check_int(name, value, low, high)


def _bound(name: str, value) -> float:
    """An end of a quantity's range: a number, infinite allowed (no bound on that side), NaN refused."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number (-inf or inf for no bound), got {value!r}")
    try:
        x = float(value)
    except OverflowError:     # an int beyond any float: no bound on that side
        return math.inf if value > 0 else -math.inf
    if math.isnan(x):
        raise ValueError(f"{name} must be a number (-inf or inf for no bound), got {value!r}")
    return x


def _range(what: str, low, high) -> tuple[float, float]:
    low, high = _bound(f"{what}: low", low), _bound(f"{what}: high", high)
    if low > high:
        raise ValueError(f"{what}: low must be <= high, got low={low} and high={high}")
    return low, high


def _check_estimate(name: str, est) -> None:
    """A judged estimate: an :class:`Estimate` whose value and bounds are numbers (no NaN)."""
    if not isinstance(est, Estimate):
        raise TypeError(f"{name} must be an Estimate (verdicts.exact, proportion, across_seeds, ...), got "
                        f"{type(est).__name__}")
    if any(math.isnan(float(x)) for x in (est.value, est.low, est.high)) or est.low > est.high:
        raise ValueError(f"{name} must have a value and an interval low <= high without NaN, got {est.value} "
                         f"[{est.low}, {est.high}]")


def _z(level: float) -> float:
    return float(_st.norm.ppf(0.5 + level / 2))


def proportion(wins, n, level: float = LEVEL, unit: str = "games") -> Estimate:
    """Wins out of ``n`` independent games of fixed agents: the Wilson interval (inside [0, 1])."""
    n = _count("proportion: n (a positive count of games)", n, 1)
    wins = _count(f"proportion: wins (a count in [0, n] = [0, {n}])", wins, 0)
    if wins > n:
        raise ValueError(f"proportion: wins lie in [0, n] = [0, {n}], got {wins}")
    level = check_level("proportion: level", level)
    low, high = wilson_interval(wins, n, z=_z(level))
    p = float(wins) / n
    # the Wilson bounds at 0 or n wins are 0 and 1 exactly, up to float round-off (5.6e-17 at 0 of 3)
    return Estimate(p, min(p, max(0.0, low)), max(p, min(1.0, high)), n, unit, level=level)


def across_seeds(values, low: float = 0.0, high: float = 1.0, level: float = LEVEL, unit: str = "seeds") -> Estimate:
    """The mean over independently trained agents, one value each, with a Student t interval from their
    spread, kept inside the quantity's range [low, high]; the seed range is shown beside it."""
    x = check_finite_values("across_seeds: values", values, min_size=2)
    low, high = _range("across_seeds", low, high)
    level = check_level("across_seeds: level", level)
    m = float(x.mean())
    half = float(_st.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    if not math.isfinite(m) or not math.isfinite(half):
        raise ValueError("across_seeds: values too large for a mean and spread in floating point "
                         f"(largest magnitude {float(np.abs(x).max()):.3g})")
    return Estimate(m, max(low, m - half), min(high, m + half), int(x.size), unit, float(x.min()), float(x.max()),
                    level)


def mean_of(values, low: float = -math.inf, high: float = math.inf, level: float = LEVEL, unit: str = "samples"):
    """The mean of independent samples (boards, deals, runs) with a t interval, kept inside [low, high]."""
    values = check_finite_values("mean_of: values", values, min_size=2)
    est = across_seeds(values, low, high, level, unit)
    return replace(est, seed_min=None, seed_max=None)


def paired_difference(a, b, level: float = LEVEL, unit: str = "seeds", bound: float = 1.0) -> Estimate:
    """Mean of a - b over paired replicates (the same seed or board in both arms), inside [-bound, bound]."""
    a, b = check_finite_values("paired_difference: a", a), check_finite_values("paired_difference: b", b)
    if a.size != b.size:
        raise ValueError(f"paired_difference: a and b are paired, so of one length; got {a.size} and {b.size}")
    return across_seeds(a - b, -bound, bound, level, unit)


def difference_of_proportions(wins_a, n_a, wins_b, n_b, level: float = LEVEL, unit: str = "games") -> Estimate:
    """p_a - p_b of two independent samples of games (Newcombe's hybrid Wilson interval, inside [-1, 1])."""
    a, b = proportion(wins_a, n_a, level, unit), proportion(wins_b, n_b, level, unit)
    d = a.value - b.value
    lo = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    hi = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(d, max(-1.0, lo), min(1.0, hi), int(n_a) + int(n_b), unit, level=level)


def prediction_across_seeds(values, low: float = 0.0, high: float = 1.0, level: float = LEVEL,
                            unit: str = "seeds") -> Estimate:
    """Where ONE more independently trained agent would fall: the Student t prediction interval
    ``mean +- t * sd * sqrt(1 + 1/n)``, inside [low, high]. A printed value that comes from a single trained
    table is compared with this interval, not with the mean's: more seeds narrow the mean's interval but not
    the spread of one realisation."""
    x = check_finite_values("prediction_across_seeds: values", values, min_size=2)
    low, high = _range("prediction_across_seeds", low, high)
    level = check_level("prediction_across_seeds: level", level)
    m = float(x.mean())
    half = float(_st.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) * math.sqrt(1 + 1 / x.size))
    label = f"{100 * level:.4g} % prediction interval for one trained agent"
    return Estimate(m, max(low, m - half), min(high, m + half), int(x.size), unit, float(x.min()), float(x.max()),
                    level, label)


def correlation(x, y, level: float = LEVEL, unit: str = "pairs") -> Estimate:
    """Pearson's r of independent pairs with Fisher's z interval (inside [-1, 1])."""
    x, y = check_finite_values("correlation: x", x), check_finite_values("correlation: y", y)
    level = check_level("correlation: level", level)
    n = x.size
    if n < 4 or y.size != n:
        raise ValueError(f"correlation needs at least 4 pairs of equal length, got {n} and {y.size}")
    r = float(np.corrcoef(x, y)[0, 1])
    z, half = math.atanh(max(-0.999999999, min(0.999999999, r))), _z(level) / math.sqrt(n - 3)
    return Estimate(r, math.tanh(z - half), math.tanh(z + half), n, unit, level=level)


def bootstrap(units, statistic, *, n_boot: int = 2000, seed: int = 0, low: float = -math.inf,
              high: float = math.inf, level: float = LEVEL, unit: str = "boards", batch=None) -> Estimate:
    """A statistic of replication units (boards, deals, seeds) with a percentile bootstrap interval that
    resamples the units themselves, so that values sharing a unit (the two mirrored estimates of one board)
    are never treated as independent. ``statistic(list_of_units) -> float``.

    ``batch(positions) -> array``, optional, is the same statistic for many resamples at once: ``positions`` is a
    (resamples, n) int array of positions in ``units``; it must give exactly what ``statistic`` gives on each row
    (the resamples drawn are the same either way)."""
    units = list(units)
    n = len(units)
    n_boot = check_int("bootstrap: n_boot", n_boot, 1)
    level = check_level("bootstrap: level", level)
    low, high = _range("bootstrap", low, high)
    if n < 2:
        raise ValueError(f"bootstrap needs at least 2 units, got {n}")
    rng = np.random.default_rng(seed)
    point = float(statistic(units))
    if batch is None:
        draws = np.array([statistic([units[i] for i in rng.integers(0, n, n)]) for _ in range(int(n_boot))], float)
    else:
        step = max(1, 2_000_000 // n)   # resamples a call of ``batch`` gets (at most 16 MB of positions)
        draws = np.zeros(0, float)
        for start in range(0, int(n_boot), step):
            k = min(step, int(n_boot) - start)
            positions = np.array([rng.integers(0, n, n) for _ in range(k)], np.int64).reshape(k, n)
            draws = np.concatenate([draws, np.asarray(batch(positions), float)])
    lo, hi = np.quantile(draws, [0.5 - level / 2, 0.5 + level / 2])
    return Estimate(point, max(low, float(lo)), min(high, float(hi)), n, unit, level=level,
                    interval=f"{100 * level:.4g} % bootstrap over {unit}", mc_error=_quantile_mc_error(draws, level))


def _quantile_mc_error(draws: np.ndarray, level: float) -> float:
    """The Monte Carlo standard error of a percentile bootstrap's bounds, distribution-free: the spread of the
    order statistics that bracket each quantile at +-1 binomial standard deviation of its rank (the larger of
    the two bounds'). Judgements widen the interval by ``MC_WIDEN`` of these, so that no verdict rests on the
    resampling draw (docs/VERDICTS.md)."""
    x = np.sort(np.asarray(draws, float))
    b = x.size
    errors = []
    for p in (0.5 - level / 2, 0.5 + level / 2):
        sd = math.sqrt(b * p * (1 - p))
        lo_rank, hi_rank = max(0, math.floor(b * p - sd)), min(b - 1, math.ceil(b * p + sd))
        errors.append((x[hi_rank] - x[lo_rank]) / 2)
    return float(max(errors))


def difference_of_means(a, b, level: float = LEVEL, unit: str = "samples", bound: float = math.inf) -> Estimate:
    """mean(a) - mean(b) of two independent samples: Welch's t interval, inside [-bound, bound]."""
    a = check_finite_values("difference_of_means: a", a)
    b = check_finite_values("difference_of_means: b", b)
    level = check_level("difference_of_means: level", level)
    if a.size < 2 or b.size < 2:
        raise ValueError("difference_of_means needs at least 2 values in each sample")
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / ((va ** 2 / (a.size - 1) if va else 0) + (vb ** 2 / (b.size - 1) if vb else 0) or 1e-300)
    d = float(a.mean() - b.mean())
    half = float(_st.t.ppf(0.5 + level / 2, max(df, 1.0)) * se)
    return Estimate(d, max(-bound, d - half), min(bound, d + half), int(a.size + b.size), unit, level=level)


def combination_of_proportions(terms, level: float = LEVEL, unit: str = "games") -> Estimate:
    """A weighted sum ``sum(coef * wins / n)`` of independent proportions (``terms``: (coef, wins, n) each),
    with the MOVER-Wilson interval: each proportion's Wilson half-widths, scaled by its coefficient, combined
    in quadrature on each side (Newcombe's hybrid interval is the case (1, -1))."""
    terms = [(float(c), wins, int(n)) for c, wins, n in terms]
    if not terms:
        raise ValueError("combination of no proportions")
    value_, down, up = 0.0, 0.0, 0.0
    for c, wins, n in terms:
        p = proportion(wins, n, level, unit)
        value_ += c * p.value
        below, above = (p.value - p.low, p.high - p.value) if c >= 0 else (p.high - p.value, p.value - p.low)
        down += (abs(c) * below) ** 2
        up += (abs(c) * above) ** 2
    lo_bound = sum(min(c, 0.0) for c, _, _ in terms)
    hi_bound = sum(max(c, 0.0) for c, _, _ in terms)
    return Estimate(value_, max(lo_bound, value_ - math.sqrt(down)), min(hi_bound, value_ + math.sqrt(up)),
                    sum(n for _, _, n in terms), unit, level=level)


def simultaneous_level(m: int, level: float = LEVEL) -> float:
    """Bonferroni: the per-comparison level that keeps ``m`` intervals jointly at ``level``."""
    m = check_int("simultaneous_level: m", m, 1)
    level = check_level("simultaneous_level: level", level)
    return 1 - (1 - level) / m


@dataclass(frozen=True)
class Judgement:
    """A verdict with the rule that gave it. ``needed`` is the sample size that would decide an
    inconclusive row at ``PLANNED_POWER`` (None where no sample can: ``undecidable``). ``band`` is the allowed
    range; ``weak`` marks a two-sided band wider than ``WEAK_BAND`` of the quantity's span; ``same_direction``
    marks a ``differs`` whose estimate lies on the same side of the no-effect reference as the paper's value
    (a wrong size, not a wrong sign). ``pilot``/``pilot_verdict`` record the first stage of a two-stage row.
    ``leans`` (inconclusive rows only) says where the point estimate lies: ``"reproduced"`` inside the allowed
    range (a larger sample could reproduce the print), ``"differs"`` outside it (a larger sample would most likely
    differ too); :func:`cause` reads it. ``gap`` (decided rows) is the distance by which the interval misses the
    range that would change its verdict, and ``miss`` the same in units of the interval's half-width (None when it
    has none): a ``differs`` with ``miss`` below ``KNIFE_CONFIRM`` gets a confirmatory stage
    (:func:`plan_knife_edge`)."""
    verdict: str
    rule: str
    note: str = ""
    knife_edge: bool = False
    needed: int | None = None
    undecidable: bool = False
    band: tuple[float, float] | None = None
    weak: bool = False
    same_direction: bool = False
    pilot: Estimate | None = None
    pilot_verdict: str | None = None
    leans: str | None = None
    gap: float | None = None
    miss: float | None = None

    @property
    def flags(self) -> list[str]:
        """The flags this judgement puts on its claims row."""
        out = []
        if self.knife_edge:
            out.append("knife-edge")
        if self.weak and self.verdict == "reproduced":
            out.append("weak")
        if self.same_direction and self.verdict == "differs":
            out.append("same direction")
        if self.undecidable:
            out.append("undecidable")
        return out


def _judgements(what: str, judgements) -> list:
    """``judgements`` as a list of :class:`Judgement`, or TypeError naming ``what``."""
    if isinstance(judgements, (str, bytes)) or not hasattr(judgements, "__iter__"):
        raise TypeError(f"{what}: judgements is a list of Judgement, got {type(judgements).__name__}")
    judgements = list(judgements)
    odd = [type(j).__name__ for j in judgements if not isinstance(j, Judgement)]
    if odd:
        raise TypeError(f"{what}: judgements is a list of Judgement, got {odd[0]} among them")
    return judgements


def _needed_n(est: Estimate, lo: float, hi: float) -> int | None:
    """The sample size at which an interval like ``est``'s would exclude the nearer band edge with
    ``PLANNED_POWER`` (the half-width shrinks as 1/sqrt(n)); None where no sample size can."""
    d = min(abs(est.value - lo), abs(est.value - hi))
    if est.n is None or est.half_width <= 0 or d <= 0:
        return None
    z_a = _z(est.level)
    z_b = float(_st.norm.ppf(PLANNED_POWER))
    return max(int(est.n) + 1, math.ceil(est.n * (est.half_width / d) ** 2 * ((z_a + z_b) / z_a) ** 2))


def _needed(est: Estimate, lo: float, hi: float) -> tuple[str, int | None, bool]:
    """How large a sample would decide an inconclusive comparison: (note, n, undecidable)."""
    d = min(abs(est.value - lo), abs(est.value - hi))
    if est.n is None or est.half_width <= 0:
        return "undecidable at this precision", None, True
    if d <= 0:
        return "the estimate sits on the band's edge: no sample size decides it", None, True
    n = _needed_n(est, lo, hi)
    return (f"about {n:,} {est.unit} would decide it at {PLANNED_POWER:.0%} power (now {est.n:,})", n, False)


def _fmt(x: float) -> str:
    """A number in a rule's text: 6 significant digits, and from 10,000 up in full with separators (an exact
    count's band, the count +- its round-off allowance, reads as the count, never in e-notation)."""
    if math.isinf(x):
        return "-inf" if x < 0 else "+inf"
    if abs(x) >= 1e4:
        whole = round(x)
        if abs(x - whole) <= 1e-6 * abs(x):
            return f"{whole:,}"
        return f"{x:,.2f}"
    return f"{x:.6g}"


def _is_weak(lo: float, hi: float, span: float | None, one_sided: bool) -> bool:
    return (span is not None and not one_sided and math.isfinite(lo) and math.isfinite(hi)
            and (hi - lo) / 2 > WEAK_BAND * span)


def _same_side(est: Estimate, lo: float, hi: float, reference: float | None) -> bool:
    """The estimate and the band lie on the same side of the no-effect ``reference``."""
    if reference is None:
        return False
    centre = (max(lo, -1e300) + min(hi, 1e300)) / 2
    return (est.value - reference) * (centre - reference) > 0


def _widened(est: Estimate) -> Estimate:
    """A bootstrap estimate as judgements read it: its bounds widened by ``MC_WIDEN`` Monte Carlo errors."""
    return replace(est, low=est.low - MC_WIDEN * est.mc_error, high=est.high + MC_WIDEN * est.mc_error, mc_error=0.0)


def within(est: Estimate, lo: float, hi: float, what: str, *, span: float | None = None,
           reference: float | None = None, one_sided: bool = False) -> Judgement:
    """The one decision: interval inside [lo, hi] -> reproduced; disjoint -> differs; else inconclusive.
    ``span``: the quantity's natural range (1 for a rate, 100 for percent), for the ``weak`` flag;
    ``reference``: its no-effect value, for the ``same direction`` flag."""
    _check_estimate("within: est", est)
    lo, hi = _range("within", lo, hi)
    label = est.interval_label or "point"
    rule = (f"{what}: allowed [{_fmt(lo)}, {_fmt(hi)}]; reproduced if the {label} interval lies inside, "
            "differs if it lies outside, else inconclusive")
    if est.mc_error > 0:
        rule += f" (its bounds widened by {MC_WIDEN:g} Monte Carlo standard errors, {_fmt(est.mc_error)} each)"
        est = _widened(est)
    weak = _is_weak(lo, hi, span, one_sided)
    if lo <= est.low and est.high <= hi:
        gap = min(est.low - lo, hi - est.high)
        verdict = "reproduced"
    elif est.high < lo or est.low > hi:
        gap = lo - est.high if est.high < lo else est.low - hi
        verdict = "differs"
    else:
        note, n, undecidable = _needed(est, lo, hi)
        return Judgement("inconclusive", rule, note, needed=n, undecidable=undecidable, band=(lo, hi), weak=weak,
                         leans="reproduced" if lo <= est.value <= hi else "differs")
    scale = max(est.half_width, 1e-12 * (1 + abs(est.value)))
    knife = gap <= KNIFE_EDGE * scale
    return Judgement(verdict, rule, "knife-edge: the interval touches the allowed range's edge" if knife else "",
                     knife, band=(lo, hi), weak=weak,
                     same_direction=verdict == "differs" and _same_side(est, lo, hi, reference),
                     gap=gap, miss=_miss(gap, est))


def _miss(gap: float, est: Estimate) -> float | None:
    """A decided interval's distance from the range that would change its verdict, in its own half-widths (None
    for a point, which has none)."""
    return gap / est.half_width if est.half_width > 0 else None


def printed_band(printed: float, decimals: int | None = None, truncated: bool = False) -> tuple[float, float]:
    """The values that print as ``printed`` at ``decimals`` decimals (rounded, or truncated toward zero)."""
    printed = check_real("printed_band: printed", printed)
    if decimals is not None:
        decimals = check_int("printed_band: decimals", decimals, 0, 300)
    truncated = check_bool("printed_band: truncated", truncated)
    if decimals is None:
        return printed, printed
    unit = 10.0 ** -decimals
    if truncated:
        return (printed, printed + unit) if printed >= 0 else (printed - unit, printed)
    return printed - unit / 2, printed + unit / 2


def value(printed, est: Estimate, *, decimals: int | None = None, truncated: bool = False,
          tolerance: float = 0.0, paper_n: int | None = None, scale: float = 1.0, span: float | None = None,
          reference: float | None = None) -> Judgement:
    """A printed value. Its band: every number that prints the same at the printed precision, widened by
    ``tolerance`` and, for a simulated value with a stated sample size ``paper_n``, by the paper's own 95 %
    sampling half-width (``scale`` = 100 for a rate printed in percent)."""
    _check_estimate("value: est", est)
    printed = check_real("value: printed", printed)
    if decimals is not None:
        decimals = check_int("value: decimals", decimals, 0, 300)
    truncated = check_bool("value: truncated", truncated)
    tolerance = check_real("value: tolerance", tolerance, 0.0)
    if paper_n is not None:
        paper_n = _count("value: paper_n", paper_n, 1)
    scale = check_real("value: scale", scale, 0.0, low_open=True)
    if span is not None:
        span = check_real("value: span", span, 0.0, low_open=True)
    if reference is not None:
        reference = check_real("value: reference", reference)
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
    return within(est, lo - widen, hi + widen, f"value: printed {printed} ({precision}{extra})", span=span,
                  reference=reference)


def simulated_value(printed, est: Estimate, *, decimals: int | None = None, truncated: bool = False,
                    paper_n: int | None = None, scale: float = 1.0, span: float | None = None,
                    reference: float | None = None) -> Judgement:
    """A printed simulated rate: its band is the printed value +- 1 point (``SIM_TOLERANCE_RATE``), widened by
    the paper's own sampling error when it gives its sample size ``paper_n``. ``span`` defaults to ``scale``
    (a rate)."""
    _check_estimate("simulated_value: est", est)
    scale = check_real("simulated_value: scale", scale, 0.0, low_open=True)
    printed = check_real("simulated_value: printed", printed)
    if not 0 <= printed <= scale:
        raise ValueError(f"simulated_value: a printed rate lies in [0, {scale:g}], got {printed!r}")
    tol = SIM_TOLERANCE_RATE * scale
    return value(printed, est, decimals=decimals, truncated=truncated, tolerance=tol, paper_n=paper_n, scale=scale,
                 span=scale if span is None else span, reference=reference)


def direction(est: Estimate, expect: str = ">", than: float = 0.0, negligible: float | None = None) -> Judgement:
    """A direction or ordering: ``est`` (usually a difference) is above (``>``) or below (``<``) ``than``.
    With ``negligible``, an interval wholly within +-negligible of ``than`` differs (no meaningful difference)
    whatever its side; otherwise reproduced when the interval excludes ``than`` on the stated side, differs
    when it excludes it on the other side, else inconclusive."""
    _check_estimate("direction: est", est)
    if expect not in (">", "<"):
        raise ValueError(f"direction: expect must be '>' or '<', got {expect!r}")
    than = check_real("direction: than", than)
    if negligible is not None:
        negligible = check_real("direction: negligible", negligible, 0.0)
    label = est.interval_label or "point"
    rule = f"direction: {expect} {_fmt(than)}; reproduced if the {label} interval excludes {_fmt(than)} on that side"
    if est.mc_error > 0:
        rule += f" (its bounds widened by {MC_WIDEN:g} Monte Carlo standard errors, {_fmt(est.mc_error)} each)"
        est = _widened(est)
    if negligible is not None:
        rule += f"; differs if it lies within +-{_fmt(negligible)} (no meaningful difference) or on the other side"
    above, below = est.low > than, est.high < than
    if negligible is not None and than - negligible <= est.low and est.high <= than + negligible:
        gap = min(est.low - (than - negligible), (than + negligible) - est.high)
        knife = gap <= KNIFE_EDGE * max(est.half_width, 1e-12)
        # only leaving the negligible band on the stated side can change the verdict (the other side differs too)
        flip = (than + negligible) - est.high if expect == ">" else est.low - (than - negligible)
        return Judgement("differs", rule, "no meaningful difference either way", knife, band=(than, math.inf),
                         gap=flip, miss=_miss(flip, est))
    if (above and expect == ">") or (below and expect == "<"):
        j = Judgement("reproduced", rule)
    elif above or below:
        j = Judgement("differs", rule)
    else:
        note, n, undecidable = _needed(est, than, than)
        toward = est.value > than if expect == ">" else est.value < than
        return Judgement("inconclusive", rule, note, needed=n, undecidable=undecidable,
                         leans="reproduced" if toward else "differs")
    gap = min(abs(est.low - than), abs(est.high - than))
    knife = gap <= KNIFE_EDGE * max(est.half_width, 1e-12)
    return replace(j, knife_edge=knife, gap=gap, miss=_miss(gap, est),
                   note=j.note or ("knife-edge: the interval nearly touches the reference" if knife else ""))


def magnitude(est: Estimate, low: float, high: float, what: str = "magnitude", *, span: float | None = None,
              reference: float | None = None) -> Judgement:
    """A stated range ("60-70 %", "about 10 points" once turned into a range by :func:`about`)."""
    return within(est, low, high, what, span=span, reference=reference)


def about(x: float, est: Estimate, *, span: float | None = None, reference: float | None = None) -> Judgement:
    """ "About x": x +- 25 % (two-sided)."""
    x = check_real("about: x", x)
    lo, hi = sorted((x * (1 - ABOUT), x * (1 + ABOUT)))
    return within(est, lo, hi, f"about {_fmt(x)} (+-{ABOUT:.0%})", span=span, reference=reference)


def word(w: str, est: Estimate, scale: float = 1.0, *, reference: float | None = None) -> Judgement:
    """A qualitative word, judged on its range from :data:`WORDS` (``scale`` = 100 for values in percent).
    A range that runs to the end of its scale ("clear": 5 points or more) is one-sided and never ``weak``."""
    if not isinstance(w, str):
        raise TypeError(f"word: w is one of the words {sorted(WORDS)}, got {type(w).__name__}")
    scale = check_real("word: scale", scale, 0.0, low_open=True)
    key = w.lower()
    if key not in WORDS:
        raise ValueError(f"no range for the word {w!r}; known: {sorted(WORDS)}")
    kind, lo, hi = WORDS[key]
    ends = (-1.0, 1.0) if kind == "rate" else (0.0, 1.0)
    one_sided = lo <= ends[0] or hi >= ends[1]
    span = scale * (2.0 if kind == "rate" else 1.0)
    if reference is None and kind == "rate":
        reference = 0.0
    return within(est, lo * scale, hi * scale, f"word '{w}' ({kind})", span=span, reference=reference,
                  one_sided=one_sided)


def share(judgements: list[Judgement], unit: str = "cells") -> Estimate:
    """The share of cases for which a statement holds, from per-case judgements: at least the reproduced
    ones, at most all but the ones that differ (inconclusive cases could go either way). Its interval is that
    range, labelled as such, not a confidence interval."""
    judgements = _judgements("share", judgements)
    m = len(judgements)
    if m == 0:
        raise ValueError("share of no cases")
    yes = sum(j.verdict == "reproduced" for j in judgements)
    no = sum(j.verdict == "differs" for j in judgements)
    return Estimate((yes + (m - yes - no) / 2) / m, yes / m, (m - no) / m, m, unit,
                    interval="range over undecided cases")


def all_of(judgements: list[Judgement], what: str = "every case") -> Judgement:
    """A claim about every case (judged at a :func:`simultaneous_level`): any case differs -> differs; every
    case reproduced -> reproduced; else inconclusive. The result is knife-edge when its verdict rests on
    knife-edge cases (reproduced: any case is; differs: every differing case is), and undecidable when every
    undecided case is."""
    judgements = _judgements("all_of", judgements)
    verdicts = [j.verdict for j in judgements]
    n, bad, good = len(verdicts), verdicts.count("differs"), verdicts.count("reproduced")
    rule = (f"{what}: each of {n} cases judged at a Bonferroni-adjusted level; reproduced if all are, differs "
            "if any differs")
    if bad:
        knife = all(j.knife_edge for j in judgements if j.verdict == "differs")
        same = all(j.same_direction for j in judgements if j.verdict == "differs")
        # the row differs while any case does: it is as near a change as its farthest differing case
        misses = [j.miss for j in judgements if j.verdict == "differs"]
        return Judgement("differs", rule, f"{bad} of {n} differ" + ("; knife-edge" if knife else ""), knife,
                         same_direction=same, miss=max(misses) if all(m is not None for m in misses) else None)
    if good == n:
        knife = any(j.knife_edge for j in judgements)
        weak = any(j.weak for j in judgements)
        return Judgement("reproduced", rule, "knife-edge: a case touches its edge" if knife else "", knife,
                         weak=weak)
    open_ = [j for j in judgements if j.verdict == "inconclusive"]
    undecidable = bool(open_) and all(j.undecidable for j in open_)
    sizes = [j.needed for j in open_ if j.needed is not None]
    note = f"{n - good} of {n} undecided" + ("; no sample size decides them" if undecidable else "")
    # every case must reproduce: the whole leans to reproduced only when every undecided case does
    leans = "reproduced" if all(j.leans == "reproduced" for j in open_) else "differs"
    return Judgement("inconclusive", rule, note, needed=max(sizes) if sizes and not undecidable else None,
                     undecidable=undecidable, leans=leans)


def covers(est: Estimate, target: float) -> Judgement:
    """A check of our code (kind ``check`` only): a simulation against the exact value it estimates passes
    when its interval covers that value."""
    _check_estimate("covers: est", est)
    target = check_real("covers: target", target)
    label = est.interval_label or "point"
    rule = f"check: the {label} interval covers the exact value {_fmt(target)}"
    return Judgement("reproduced" if est.low <= target <= est.high else "differs", rule)


def stated(verdict: str, rule: str, note: str = "") -> Judgement:
    """A verdict that no interval decides: ``extension`` (our result, no paper value) or ``not-reproducible``
    (the paper gives too little to test), or an exact comparison stated in words."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {VERDICTS}, got {verdict!r}")
    return Judgement(verdict, rule, note)


# ---------------------------------------------------------------- two-stage design


@dataclass(frozen=True)
class Plan:
    """The confirmatory sample of a row the pilot left undecided: ``n`` fresh units (the planned size, capped
    at the budget ``cap``), or none at all when no sample can decide it (``undecidable``)."""
    n: int | None
    capped: bool
    undecidable: bool
    reason: str


def plan_confirmation(pilot: Judgement, *, cap: int, population: int | None = None) -> Plan | None:
    """Size a fresh confirmatory sample from an inconclusive pilot: the size that decides it at
    ``PLANNED_POWER``, capped at ``cap`` (a budget stated before the confirmatory data are drawn). ``population``
    bounds what can exist at all (25 cells of a grid): a row needing more is undecidable. None for a pilot that
    was decided (it needs no second stage)."""
    if not isinstance(pilot, Judgement):
        raise TypeError(f"plan_confirmation: pilot must be a Judgement, got {type(pilot).__name__}")
    cap = check_int("plan_confirmation: cap", cap, 1)
    if population is not None:
        population = check_int("plan_confirmation: population", population, 1)
    if pilot.verdict != "inconclusive":
        return None
    if pilot.undecidable or pilot.needed is None:
        return Plan(None, False, True, pilot.note or "no sample size decides it")
    if population is not None and pilot.needed > population:
        return Plan(None, False, True, f"it would need about {pilot.needed:,}, more than the {population:,} that exist")
    n = min(int(pilot.needed), int(cap))
    return Plan(n, n < pilot.needed, False, f"planned from the pilot at {PLANNED_POWER:.0%} power: {pilot.needed:,}"
                + (f", capped at {cap:,}" if n < pilot.needed else ""))


def near_miss(pilot: Judgement, *, margin: float | None = None) -> bool:
    """A ``differs`` decided on its pilot whose interval misses the range that would change its verdict by less
    than ``KNIFE_CONFIRM`` of its own half-width (``Judgement.miss``), or by less than ``margin`` (in the quantity's
    units, a margin the claims builder states; ``Judgement.gap``). A row already decided in two stages is not one."""
    if not isinstance(pilot, Judgement):
        raise TypeError(f"near_miss: pilot must be a Judgement, got {type(pilot).__name__}")
    if margin is not None:
        margin = check_real("near_miss: margin", margin, 0)
    if pilot.verdict != "differs" or pilot.pilot_verdict is not None:
        return False
    if margin is not None and pilot.gap is not None and pilot.gap < margin:
        return True
    return pilot.miss is not None and pilot.miss < KNIFE_CONFIRM


def plan_knife_edge(pilot_est: Estimate, pilot: Judgement, *, cap: int, margin: float | None = None,
                    fixed: bool = False) -> Plan | None:
    """Size a fresh confirmatory sample for a near-miss ``differs`` (:func:`near_miss`); None for any other row.
    The size: the one at which an interval around the pilot's estimate would still miss the range at
    ``PLANNED_POWER``, ``n (1 + z_b / z_a)^2 / (1 + miss)^2``, never smaller than the pilot and capped at ``cap``.
    ``fixed``: the interval does not narrow as 1/sqrt(n) (a prediction interval for one table): sized at the cap."""
    if not isinstance(pilot_est, Estimate):
        raise TypeError(f"plan_knife_edge: pilot_est must be an Estimate, got {type(pilot_est).__name__}")
    cap = check_int("plan_knife_edge: cap", cap, 1)
    fixed = check_bool("plan_knife_edge: fixed", fixed)
    if not near_miss(pilot, margin=margin):
        return None
    why = (f"a near miss: the pilot's interval misses the range that would change its verdict by "
           f"{pilot.miss:.2f} of its half-width" if pilot.miss is not None else
           f"a near miss: the pilot's interval misses by {_fmt(pilot.gap)}, within the stated margin {_fmt(margin)}")
    if pilot_est.n is None:
        return Plan(None, False, True, f"{why}, and it has no sample size to repeat")
    n0 = int(pilot_est.n)
    if fixed:
        n = max(n0, int(cap))
        return Plan(n, False, False, f"{why}; its interval does not narrow as 1/sqrt(n): sized at the cap, {n:,}")
    z_a, z_b = _z(pilot_est.level), float(_st.norm.ppf(PLANNED_POWER))
    miss = pilot.miss if pilot.miss is not None else 0.0
    needed = max(n0, math.ceil(n0 * ((z_a + z_b) / z_a) ** 2 / (1 + miss) ** 2))
    n = max(n0, min(needed, int(cap)))
    return Plan(n, n < needed, False, f"{why}; planned from the pilot at {PLANNED_POWER:.0%} power: {needed:,}"
                + (f", capped at {n:,}" if n < needed else ""))


def plan_second_stage(pilot_est: Estimate, pilot: Judgement, *, cap: int, population: int | None = None,
                      margin: float | None = None) -> Plan | None:
    """The confirmatory plan of a pilot: :func:`plan_confirmation` for an inconclusive one, :func:`plan_knife_edge`
    for a near-miss ``differs``, None for any other (a decided pilot with room to spare stands)."""
    if not isinstance(pilot, Judgement):
        raise TypeError(f"plan_second_stage: pilot must be a Judgement, got {type(pilot).__name__}")
    if pilot.verdict == "inconclusive":
        return plan_confirmation(pilot, cap=cap, population=population)
    return plan_knife_edge(pilot_est, pilot, cap=cap, margin=margin)


def undecidable(j: Judgement, reason: str) -> Judgement:
    """An inconclusive row that no sample can decide: it says why and suggests no size."""
    if not isinstance(j, Judgement):
        raise TypeError(f"undecidable: j must be a Judgement, got {type(j).__name__}")
    return replace(j, verdict="inconclusive", undecidable=True, needed=None, note=f"no sample decides it: {reason}")


def _describe(est: Estimate) -> str:
    n = f" on {est.n:,} {est.unit}" if est.n is not None else ""
    if est.low == est.high:
        return f"{est.value:.4g}{n}"
    return f"{est.value:.4g} [{est.low:.4g}, {est.high:.4g}]{n}"


def confirmed(pilot: Estimate, pilot_judgement: Judgement, estimate: Estimate, judgement: Judgement,
              plan: Plan) -> Judgement:
    """The verdict of a two-stage row: from the fresh confirmatory sample alone, with the pilot recorded
    beside it. A confirmatory sample that is still undecided at the cap says so."""
    _check_estimate("confirmed: pilot", pilot)
    _check_estimate("confirmed: estimate", estimate)
    for name, j in (("pilot_judgement", pilot_judgement), ("judgement", judgement)):
        if not isinstance(j, Judgement):
            raise TypeError(f"confirmed: {name} must be a Judgement, got {type(j).__name__}")
    if plan is not None and not isinstance(plan, Plan):
        raise TypeError(f"confirmed: plan must be a Plan (plan_confirmation), got {type(plan).__name__}")
    if plan is None or plan.undecidable:
        raise ValueError("confirmed() needs a plan with a confirmatory size (see plan_confirmation)")
    if pilot.n is not None and plan.n is not None and plan.n < pilot.n:
        raise ValueError(f"a confirmatory sample of {plan.n:,} {pilot.unit} is smaller than its pilot ({pilot.n:,}): "
                         "raise the cap to at least the pilot's size")
    stages = (f"pilot {_describe(pilot)}: {pilot_judgement.verdict}; confirmatory (fresh) {_describe(estimate)}: "
              f"{judgement.verdict} ({plan.reason})")
    note = stages
    if judgement.verdict == "inconclusive" and plan.capped:
        # the cap is the most the study can afford: a row still undecided there is undecidable here, with the
        # size it would need
        needed = judgement.needed
        note += (f"; still undecided at the cap of {plan.n:,}: no affordable sample decides it"
                 + (f" (it would need about {needed:,} {estimate.unit})" if needed else ""))
        return replace(judgement, note=note, pilot=pilot, pilot_verdict=pilot_judgement.verdict, undecidable=True)
    if judgement.verdict == "inconclusive":
        note += "; still undecided"
    elif judgement.note:
        note += f"; {judgement.note}"
    return replace(judgement, note=note, pilot=pilot, pilot_verdict=pilot_judgement.verdict)


# ---------------------------------------------------------------- causes


#: The verdicts of a reading that was run (:mod:`liarlab.core.readings`), of one that cannot be run (the paper
#: gives too little to build it, or it coincides with another), of one that was not built but cannot reproduce the
#: print even if built (bounded by readings that were run, or moot), and of one that could be run but was not built.
READING_RUN = ("reproduced", "differs", "inconclusive")
READING_NOT_RUN = "not run"
READING_BOUNDED = "not run (bounded)"
READING_NOT_BUILT = "not built"


def cause(readings: list[dict], *, arithmetic: bool = False, siblings: list[dict] = ()) -> str:
    """The likeliest cause of a differing row, from the verdicts of its readings alone: the one rule (no cause is
    ever typed). ``readings``: the rows of one claim (:func:`liarlab.core.readings.run`, ``not_run``, ``bounded``
    and ``not_built``), each with ``claim``, ``is_default``, ``verdict`` and, for an inconclusive reading, ``leans``;
    exactly one is the default (the claims row's own judgement), and it differs. In this order:

    - ``reading``: some other reading that was run reproduces the print;
    - ``misprint``: an arithmetic check (``arithmetic=True``) that no reading reproduces;
    - ``power``: some other reading is inconclusive at the size it was run and its point estimate lies inside the
      allowed range (``leans == "reproduced"``, or no lean is known): a larger sample of it could reproduce the
      print;
    - ``untested``: some reading the paper allows was not built (a budget or a missing switch, not an
      impossibility): it could reproduce the print, so the difference is not settled;
    - ``genuine``: every other reading was run and differs or leans to differ (an inconclusive reading whose
      estimate lies outside the allowed range), or cannot be run and a sentence says why (:func:`not_run`), or was
      not built but cannot reproduce the print even if built, and a sentence says what bounds it or why it is moot
      (:func:`bounded`).

    ``siblings``: the readings rows of the *other* claims taken from the same sentence of the paper (rows with the
    same non-empty ``sentence`` key) or from the same family (the same printed figure, table or statement: one run
    of the paper's experiment). The sentence is one statement, and a family is one experiment run under one
    setting, so a reading explains this claim only if it does not break the rest of them: a reading that reproduces
    this claim (or leans to) counts as differing when a sibling judged under the same reading differs
    (:func:`refuted_by`). Siblings not judged under it say nothing (docs/VERDICTS.md, History 2026-12-07, second
    session: siblings of one family).

    Raises ``ValueError`` when the readings cannot carry a cause."""
    rows = list(readings)
    if not rows:
        raise ValueError("a differing row's cause follows from its readings, and it has none")
    claims = {r["claim"] for r in rows}
    if len(claims) != 1:
        raise ValueError(f"the readings of one claim, got rows of {sorted(claims)}")
    name = rows[0]["claim"]
    defaults = [r for r in rows if r["is_default"]]
    if len(defaults) != 1:
        raise ValueError(f"{name!r}: exactly one default reading, got {len(defaults)}")
    if defaults[0]["verdict"] != "differs":
        raise ValueError(f"{name!r}: the default reading is the claims row's own judgement and differs; "
                         f"got {defaults[0]['verdict']!r}")
    others = [r for r in rows if not r["is_default"]]
    known = READING_RUN + (READING_NOT_RUN, READING_BOUNDED, READING_NOT_BUILT)
    odd = sorted({r["verdict"] for r in others} - set(known))
    if odd:
        raise ValueError(f"{name!r}: a reading's verdict is one of {known}, got {odd}")
    _check_siblings(name, rows, siblings)
    # a reading under which another claim of the same sentence or family differs does not explain it: it differs
    tried = [r if not refuted_by(r, siblings) else {**r, "verdict": "differs", "leans": ""}
             for r in others if r["verdict"] in READING_RUN]
    if any(r["verdict"] == "reproduced" for r in tried):
        return "reading"
    if arithmetic:
        return "misprint"
    # an inconclusive reading with no lean (nothing decides it, e.g. cells at a ceiling) could still reproduce
    if any(r["verdict"] == "inconclusive" and r.get("leans") != "differs" for r in tried):
        return "power"
    if any(r["verdict"] == READING_NOT_BUILT for r in others):
        return "untested"
    # a bounded reading settles as much as one that cannot be run: built, it could not reproduce the print
    if tried or any(r["verdict"] in (READING_NOT_RUN, READING_BOUNDED) for r in others):
        return "genuine"
    raise ValueError(f"{name!r}: only the default reading was run, and no sentence says why no other reading "
                     "exists or can be run (readings.not_run)")


def refuted_by(reading: dict, siblings: list[dict]) -> list[str]:
    """The sibling claims (other claims of the same sentence or family) that the reading of the row ``reading`` breaks: they
    differ under it (matched by the reading's name) but not under their own default reading. Empty when none does
    or none was judged under it. Only a sibling judged ``differs`` refutes (an inconclusive or unrun sibling leaves
    the reading standing), and only one the reading breaks: a sibling that differs by default too was broken
    already, so the reading breaks nothing (docs/VERDICTS.md, History 2026-12-07)."""
    broken_anyway = {s["claim"] for s in siblings if s.get("is_default") and s["verdict"] == "differs"}
    return sorted({s["claim"] for s in siblings if s["reading"] == reading["reading"] and s["verdict"] == "differs"
                   and s["claim"] not in broken_anyway})


def _check_siblings(name: str, rows: list[dict], siblings) -> None:
    """Siblings are the other claims of the claim's sentence (same non-empty ``sentence`` key) or of its family."""
    if not siblings:
        return
    keys = {r.get("sentence") or "" for r in rows}
    families = {r.get("family") or "" for r in rows} - {""}
    if len(keys) != 1:
        raise ValueError(f"{name!r}: a claim's readings name one sentence, got sentence keys {sorted(keys)}")
    key = next(iter(keys))
    odd = sorted({s["claim"] for s in siblings
                  if s["claim"] == name or not ((key and (s.get("sentence") or "") == key)
                                                or (s.get("family") or "") in families)})
    if odd:
        raise ValueError(f"{name!r}: siblings are the other claims of its sentence {key!r} or of its family "
                         f"{sorted(families)}, got rows of {odd}")


def family_verdict(verdicts) -> str:
    """A family's verdict from its findings' verdicts, by a declared rule (not its worst row): reproduced when
    at least ``FAMILY_REPRODUCED`` of them are reproduced, differs when at least ``FAMILY_DIFFERS`` differ,
    else inconclusive. Shown with its counts ("11 of 12 reproduced")."""
    v = [x for x in verdicts if x in ("reproduced", "differs", "inconclusive")]
    if not v:
        return "extension" if any(x == "extension" for x in verdicts) else "not-reproducible"
    if v.count("reproduced") >= FAMILY_REPRODUCED * len(v):
        return "reproduced"
    if v.count("differs") >= FAMILY_DIFFERS * len(v):
        return "differs"
    return "inconclusive"
