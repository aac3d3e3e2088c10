"""Row makers and judges any paper's claims share (issue 48: generic code out of the papers): a row with its
knife-edge note computed, a check, an extension, an exact match, a printed table judged cell by cell at its printed
precision, a power of ten as printed, Monte Carlo checks of a generator, readings declared as rows, and a headline
judged by the family rule over every printed number."""
from __future__ import annotations

import math
import re

import numpy as np

from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.study import families as F
from liarlab.study.answer import SHARE_OF_CASES
from liarlab.study.stages import draw_size, edge_text
from liarlab.study.tables import interval_text

__all__ = ["row", "check", "extension", "same", "decimals_of", "normal_estimate", "mean_estimate", "interval_parts",
           "side_of", "sides_text", "judge_finite", "drawn", "printed", "printed_table", "printed_power", "monte_carlo", "ways", "differing_prints",
           "every_printed_words", "family_rule_row"]


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


def decimals_of(x) -> int:
    """The decimals a printed number shows (1.25 -> 2, 9.0 -> 0)."""
    text = repr(float(x))
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


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


def printed(source, text, paper, ours, *, decimals=None, truncated=False, compare=None, **kw) -> dict:
    """A printed number against ours (exact) at its printed precision (kind arithmetic); ``compare`` = (printed,
    ours) in the paper's units when those differ from the values shown."""
    paper_num, value = compare if compare is not None else (paper, ours)
    j = V.value(paper_num, V.exact(value), decimals=decimals, truncated=truncated)
    return F.claim(text, source, paper, ours, j, kind="arithmetic", **kw)


def printed_table(source: str, rows) -> list[dict]:
    """A printed table's cells, each ``(claim, printed, ours[, decimals[, kwargs]])``, in the family ``source``."""
    return [printed(source, text, paper, ours, decimals=decimals, family=source, **kw)
            for text, paper, ours, decimals, kw in ((*r, *(None, {})[len(r) - 3:]) for r in rows)]


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def printed_power(source, text, paper: float, paper_text: str, ours: int, exponent: int, decimals: int, *,
                  truncated=False, mantissa: float | None = None) -> dict:
    """A count printed as digits times a power of ten, judged at its printed decimals; ours shown in that form with
    one decimal more ("9.449 × 10¹⁶", issue 50), the exact count in the note."""
    ours_text = f"{ours / 10**exponent:.{decimals + 1}f} × 10" + str(exponent).translate(_SUPERSCRIPT)
    return printed(source, text, paper_text, ours_text, decimals=decimals, truncated=truncated,
                   compare=(paper / 10**exponent if mantissa is None else mantissa, ours / 10**exponent),
                   note=f"exact count {ours:,}" + ("; the paper truncated rather than rounded" if truncated else ""))


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
