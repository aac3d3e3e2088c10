"""Claims rows and small judges any paper's claims share (issue 48: generic code out of the papers), none of them
about a printed value's precision (that is :mod:`liarlab.study.printed_values`): a row with its knife-edge note
computed, a check, an extension, an exact match, Monte Carlo checks of a generator, readings declared as rows, a
headline judged by the family rule over every printed arithmetic row; estimates from a mean and where an interval
lies; a 2-D grid as {(row, column): value} and its monotone steps, estimates inside their brackets, a row's verdict
and the verdicts a new reading changed."""
from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.study import families as F
from liarlab.study.answer import SHARE_OF_CASES
from liarlab.study.stages import draw_size, edge_text
from liarlab.study.tables import interval_text

__all__ = ["row", "check", "extension", "same", "normal_estimate", "mean_estimate", "interval_parts", "side_of",
           "sides_text", "judge_finite", "drawn", "monte_carlo", "ways", "differing_prints", "every_printed_words",
           "family_rule_row", "steps", "grid_trends", "inside_brackets", "verdict_of", "changed", "column_by",
           "grid_values", "grid_frame"]


def row(source: str, text: str, paper_value, est, judgement, *, family: str, kind: str = "finding", **kw) -> dict:
    """One claims row (:func:`liarlab.study.families.claim`), a knife-edge judgement's note computed."""
    if isinstance(judgement, V.Judgement) and isinstance(est, V.Estimate):
        judgement = edge_text(est, judgement)
    return F.claim(text, source, paper_value, est, judgement, kind=kind, family=family, **kw)


def check(source: str, text: str, share: float, family: str, note: str) -> dict:
    """A check of our code: the share of cases that pass, which must be exactly 1."""
    return row(source, text, 1.0, V.exact(share), V.value(1.0, V.exact(share)), family=family, kind="check", note=note)


def extension(source: str, text: str, est, rule: str, family: str, **kw) -> dict:
    """An extension's row: our measurement, no printed value to judge it against."""
    return row(source, text, None, est, V.stated("extension", rule), family=family, **kw)


def same(ok: bool, what: str) -> V.Judgement:
    """An exact match of ``what`` (a card, a call): reproduced or differs."""
    return V.stated("reproduced" if ok else "differs", f"exact match: {what}")


def normal_estimate(mean: float, se: float, n: int, unit: str) -> V.Estimate:
    """A mean with its normal 95 % interval (1.96 standard errors)."""
    return V.Estimate(float(mean), float(mean) - 1.96 * float(se), float(mean) + 1.96 * float(se), int(n), unit)


def mean_estimate(values, unit: str) -> V.Estimate:
    """:func:`normal_estimate` of the mean of ``values``."""
    x = np.asarray(values, float)
    return normal_estimate(x.mean(), x.std(ddof=1) / math.sqrt(len(x)), len(x), unit)


def interval_parts(est: V.Estimate) -> tuple[str, str, str]:
    """The value and interval ends as the tables write them ("0.500", "0.480", "0.520")."""
    return re.fullmatch(r"(.*) \[(.*), (.*)\]", interval_text(est.value, est.low, est.high)).groups()


def side_of(est: V.Estimate, share: float) -> str:
    """Where an interval lies against a value: "above", "below" or "includes"."""
    return "above" if est.low > share else "below" if est.high < share else "includes"


def sides_text(est: V.Estimate, values) -> str:
    """Where an interval lies against each value, grouped: "lies above 0.47 and includes 0.60"."""
    sides: dict[str, list[str]] = {}
    for v in values:
        sides.setdefault(side_of(est, v), []).append(f"{v:.2f}")
    words = {"above": "lies above {}", "below": "lies below {}", "includes": "includes {}"}
    return " and ".join(words[side].format(" and ".join(v)) for side, v in sides.items())


def drawn(plans, pilot_n: int, draw):
    """``draw(n)``, the confirmatory sample of the plans' capped size (:func:`~liarlab.study.stages.draw_size`),
    or None when none is drawn."""
    n = draw_size(plans, pilot_n)
    return draw(n) if n else None


def judge_finite(judge, est: V.Estimate | None) -> V.Judgement:
    """``judge(est)``, or ``inconclusive`` where the statistic is undefined."""
    if est is None or not np.isfinite(est.value):
        return V.stated("inconclusive", "undefined statistic")
    return judge(est)


def monte_carlo(table, key: str, text, source: str, paper, what: str, family: str) -> list[dict]:
    """Checks of a generator: each row's (``hits`` of ``hands``) interval must cover its ``exact`` value;
    ``text(k, hands)`` and ``paper(k)`` of the row's ``key``."""
    rows = []
    for _, r in (table.iterrows() if table is not None else ()):
        est, k, hands = V.proportion(int(r["hits"]), int(r["hands"]), unit="hands"), int(r[key]), int(r["hands"])
        rows.append(F.claim(text(k, hands), source, paper(k), est, V.covers(est, r["exact"]), kind="check",
                            note=f"exact {r['exact']:.6f}; a check of {what}", family=family))
    return rows


def ways(judge, rows, **kw) -> tuple:
    """Run readings from ``(name, assumption, support, value())`` rows, ``judge(value())`` each; the first is the
    default."""
    return tuple(F.Way(CR.Reading(name, assumption, support, default=i == 0), run=lambda _, f=f: judge(f()), **kw)
                 for i, (name, assumption, support, f) in enumerate(rows))


def _true(v) -> bool:
    return str(v).strip().lower() == "true"


def differing_prints(rows) -> list[str]:
    """The printed numbers of arithmetic rows that differ, as printed ("4,561", or the claim's last quoted words for
    a share); ``rows``: dicts or a claims table, its headline left out."""
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows

    def printed_as(r):
        quoted = re.findall(r"'([^']+)'", str(r["claim"]))
        try:
            value = float(r["paper_value"])
        except (TypeError, ValueError):
            value = None
        if value is not None and value > 1 or not quoted:
            return f"{int(value):,}" if value is not None and value.is_integer() else str(r["paper_value"])
        return f"'{quoted[-1]}'"
    return [printed_as(r) for r in rows if r["kind"] == "arithmetic" and r["verdict"] == "differs"
            and not _true(r.get("headline"))]


def every_printed_words(claims) -> str:
    """The paper's side of a family-rule headline, from the claims table: "all 75. The 3 that differ are its ..."."""
    n = int(claims[claims["headline"].map(_true)].iloc[0]["n"])
    wrong = differing_prints(claims)
    if not wrong:
        return f"all {n:,}"
    listed = ", ".join(wrong[:-1]) + f" and {wrong[-1]}" if len(wrong) > 1 else wrong[0]
    return (f"all {n:,}. The {'one' if len(wrong) == 1 else len(wrong)} that "
            f"{'differs is' if len(wrong) == 1 else 'differ are'} its {listed}")


def family_rule_row(rows: list[dict], text: str, source: str, paper_value, family: str, default: CR.Reading,
                    other: CR.Reading) -> dict:
    """A headline judged by the family rule (``verdicts.family_verdict``) over every judged arithmetic row: its
    value the share that agree (a share of cases), its note naming those that differ."""
    judged = [r for r in rows if r["kind"] == "arithmetic" and r["verdict"] in ("reproduced", "differs")
              and not r.get("headline")]
    verdicts = [r["verdict"] for r in judged]
    agree = verdicts.count("reproduced")
    est = V.Estimate(agree / len(judged), agree / len(judged), agree / len(judged), len(judged), "printed numbers",
                     interval=SHARE_OF_CASES)
    verdict = V.family_verdict(verdicts)
    readings = [CR.run(family, text, default, est, verdict, note=f"{agree} of {len(judged)} printed numbers agree"),
                CR.not_run(family, text, other, "the family rule counts the rows below, and each row that differs "
                                                "has its own readings")]
    wrong = differing_prints(rows)
    rule = (f"family rule: reproduced when at least {V.FAMILY_REPRODUCED:.0%} of the printed numbers are (each judged "
            f"at its printed precision), differs when at least {V.FAMILY_DIFFERS:.0%} differ")
    return F.claim(text, source, paper_value, est, V.stated(verdict, rule), kind="arithmetic", family=family,
                   headline=True, readings=readings, interval=SHARE_OF_CASES,
                   note="the rows below, one per printed number" + (f"; they differ at {', '.join(wrong)}" if wrong
                                                                    else "")
                   + "; the cause of each that differs follows from its readings (the readings table under the claims)")


def steps(values: dict, pairs) -> list[V.Judgement]:
    """For each ``(higher, lower)`` pair of keys of ``values`` present in it: does the first exceed the second?
    Exact values, so a tie is not a rise (negligible = 0)."""
    return [V.direction(V.exact(values[a] - values[b]), ">", 0.0, negligible=0.0) for a, b in pairs
            if a in values and b in values]


def grid_trends(values: dict) -> tuple[list[V.Judgement], list[float], list[V.Judgement]]:
    """A 2-D table {(row, column): value}'s monotone steps: each value above the one a row before it and above the
    one a column after it, then the diagonal row = column and its falls (exact: a tie is no step)."""
    rises = steps(values, [((a + 1, b), (a, b)) for a, b in values]) + steps(values, [((a, b), (a, b + 1))
                                                                                        for a, b in values])
    diagonal = [values[k] for k in sorted(values) if k[0] == k[1]]
    return rises, diagonal, steps(dict(enumerate(diagonal)), [(i, i + 1) for i in range(len(diagonal) - 1)])


def inside_brackets(brackets, what: str) -> bool:
    """Does every ``(estimate, low, high, value, label)`` bracket hold its value (:func:`verdicts.covers`)?"""
    judgements = [V.covers(V.Estimate(e, lo, hi, 1, label, interval=label), v) for e, lo, hi, v, label in brackets]
    return V.all_of(judgements, what).verdict == "reproduced"


def verdict_of(claims, prefix: str) -> str:
    """The verdict of the first claims row whose text starts with ``prefix`` ("" when there is none)."""
    hit = claims[claims.claim.astype(str).str.startswith(prefix)]
    return str(hit.verdict.iloc[0]) if len(hit) else ""


def column_by(frame: pd.DataFrame | None, column: str, key: str, **where) -> dict:
    """{integer ``key``: ``column``} of ``frame``'s rows matching ``where`` (column=value), finite values only."""
    if frame is None or not len(frame):
        return {}
    for k, v in where.items():
        frame = frame[frame[k] == v]
    return {int(n): float(x) for n, x in zip(frame[key], frame[column]) if np.isfinite(x)}


def grid_values(frame: pd.DataFrame | None, rows: str, columns: str, value: str) -> dict:
    """A long table of a 2-D grid as {(row, column): value}, its missing (NaN) cells left out; {} for None."""
    return {} if frame is None else {(int(a), int(b)): float(v) for a, b, v in
                                     zip(frame[rows], frame[columns], frame[value]) if np.isfinite(v)}


def grid_frame(values: dict, rows: str, columns: str, value: str) -> pd.DataFrame:
    """{(row, column): value} back as a long table, sorted by cell."""
    return pd.DataFrame([(a, b, v) for (a, b), v in sorted(values.items())], columns=[rows, columns, value])


def changed(rows) -> pd.DataFrame:
    """The rows ``(claim, (old verdict, old text), (new verdict, new text), why)`` whose verdict changed, as a
    table (claim, old verdict, new verdict, why): what a new reading changed, judged by the same rules."""
    return pd.DataFrame([(c, o[1], n[1], why) for c, o, n, why in rows if o[0] != n[0]],
                        columns=["claim", "old verdict", "new verdict", "why"])
