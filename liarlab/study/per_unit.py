"""Claims about every or most units of a set (a paper's test programs, its types), each unit judged at the
Bonferroni level for the set, then ``all_of`` or ``share``; a :class:`Way` that says which table a call lacks; and how prose says the numbers (points, counts, plans).
Paper-independent: moved down from notebook 01's claims and captions (issue 48).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.study.families import Way

__all__ = ["minus", "in_band", "above", "seed_units", "tally", "judged_share", "Read", "points", "points_to_width", "est_text", "agree", "unit_list", "confirmation_text"]


def minus(est: V.Estimate, c: float) -> V.Estimate:
    """The same estimate shifted by ``-c`` (a rate as its difference from ``c``)."""
    return replace(est, value=est.value - c, low=est.low - c, high=est.high - c)


def in_band(wins, games, band, m: int | None = None, what: str = "win rate in the band") -> list[V.Judgement]:
    """Each unit's proportion ``wins/games`` (Wilson, at the Bonferroni level for ``m`` units) inside ``band``. No
    no-effect reference: the claim counts units in a band, a sign says nothing of it (issue 50)."""
    level = V.simultaneous_level(m or len(wins))
    return [V.magnitude(V.proportion(w, n, level), *band, what, span=1.0) for w, n in zip(wins, games)]


def above(wins, games, c: float = 0.5, m: int | None = None) -> list[V.Judgement]:
    """Each unit's proportion above ``c``, at the Bonferroni level for ``m`` units."""
    level = V.simultaneous_level(m or len(wins))
    return [V.direction(minus(V.proportion(w, n, level), c), ">", 0.0) for w, n in zip(wins, games)]


def seed_units(frame: pd.DataFrame, band, what: str, unit: str = "opponent", value: str = "gain"):
    """Per unit, its values across seeds (t at the Bonferroni level for the units) against ``band`` (differences:
    span 2, reference 0): (units, estimates, judgements)."""
    groups = list(frame.groupby(unit, sort=False))
    level = V.simultaneous_level(len(groups))
    ests = [V.across_seeds(g[value].to_numpy(), -1.0, 1.0, level) for _, g in groups]
    return [u for u, _ in groups], ests, [V.magnitude(e, *band, what, span=2.0, reference=0.0) for e in ests]


def tally(judged) -> tuple[int, int, int]:
    """How many judgements are reproduced, differ, are undecided."""
    return tuple(sum(j.verdict == v for j in judged) for v in ("reproduced", "differs", "inconclusive"))


def judged_share(judged, word: str | None = None, what: str = "every case"):
    """(share of units for which the claim holds, the claim judged: ``all_of`` the units, or the protocol's
    ``word`` on the share)."""
    share = V.share(judged, "types")
    return share, (V.word(word, share) if word else V.all_of(judged, what))


@dataclass(frozen=True)
class Read(Way):
    """A reading run on a table that a call may not hold: ``run`` returns (estimate, judgement, note), or the
    sentence saying which table is missing (the row is then not built), or a whole readings row."""

    def row(self, family: str, results) -> dict:
        got = self.run(results)
        family, claim_text = self.family or family, self.claim or family
        if isinstance(got, dict):
            return got
        if isinstance(got, str):
            return CR.not_built(family, claim_text, self.reading, got)
        return CR.run(family, claim_text, self.reading, *got[:2], note=got[2])


def points(value: float, low: float | None = None, high: float | None = None) -> str:
    """A share of games said in points (0.01 = 1 point), with its 95 % interval when given: "+1.7 points (95 %
    interval -20.3 to +23.4)" (one unit for every gain on a page, issue 50)."""
    # never "-0.0 points": a zero after rounding has no sign
    from liarlab.study.unit_judges import pct

    text = f"{pct(value)} points"
    if low is None or high is None or pd.isna(low) or pd.isna(high):
        return text
    return text + f" (95 % interval {pct(low)} to {pct(high)})"


def points_to_width(value: float, low: float, high: float) -> str:
    """:func:`points` at two significant digits of the interval's width, signed, never "-0.00" (four fixed
    decimals wrote 49 games in 320,000 as "+0.0000", issue 50)."""
    from liarlab.study.tables import fixed_text

    v, lo, hi = 100 * float(value), 100 * float(low), 100 * float(high)
    if not (np.isfinite([lo, hi]).all() and hi > lo):
        return points(value)
    decimals = min(max(0, 1 - int(np.floor(np.log10(hi - lo)))), 6)

    def signed(x: float) -> str:
        text = fixed_text(x, decimals)
        return text if text.startswith("-") or set(text) <= set("0.,") else "+" + text

    return f"{signed(v)} points (95 % interval {signed(lo)} to {signed(hi)})"


def est_text(value: float, low: float, high: float, label: str = "95 %", fmt: str = "+.3f") -> str:
    """A value with its interval named by ``label``; a flat interval is never printed: the value stands alone."""
    if low is None or high is None or not np.isfinite(low) or not np.isfinite(high) or abs(high - low) < 1e-12:
        return f"{value:{fmt}}"
    return f"{value:{fmt}} ({label} interval {low:{fmt}} to {high:{fmt}})"


def agree(count: int, verb: str) -> str:
    """A plural ``verb`` agreeing with a count: "1 of 32 types gains", "0 of 32 types gain", "1 lies"."""
    return ({"lie": "lies"}.get(verb, verb + "s")) if count == 1 else verb


def unit_list(ids, noun: str = "type") -> str:
    """"type 16", "types 3, 9" or "none": the noun agreeing with the list."""
    ids = [int(t) for t in ids]
    return "none" if not ids else f"{noun}{'s' if len(ids) > 1 else ''} {', '.join(map(str, ids))}"


def confirmation_text(plan, fresh, decided: str, sample: str, unit: str, judged: str = "") -> str:
    """What the two-stage design did, in words with units: nothing (``decided``), a confirmatory ``sample`` of
    ``plan.n`` fresh ``unit`` a unit (``judged``: what was found on them), or why nothing could decide it."""
    from liarlab.study.answer import number

    if plan is None:
        return decided
    if fresh is None:
        return f"Undecidable: {plan.reason}."
    asked = re.search(r"power: (\d[\d,]*\d|\d)", plan.reason)
    why = plan.reason.split("; planned")[0] if "; planned" in plan.reason else ""
    text = f"{sample}: {number(plan.n)} fresh {unit} a type"
    if asked and plan.capped:
        text += (f", the budget's cap (the pilot asked for {asked.group(1)} to decide it at "
                 f"{100 * V.PLANNED_POWER:.0f} % power)")
    elif asked:
        text += f", the number the pilot asks for to decide it at {100 * V.PLANNED_POWER:.0f} % power"
    text += f" ({why})" if why else ""
    return text + (f"; on them {judged}." if judged else ".")
