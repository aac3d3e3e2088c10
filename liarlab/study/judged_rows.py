"""Small row makers and judges any paper's claims share: a row with its knife-edge note computed, a check of our
code, an extension, an exact-match judgement, the decimals of a printed number, an estimate from a mean and its
standard error, and an estimate written as words (issue 48: generic code out of the papers)."""
from __future__ import annotations

import math
import re

import numpy as np

from liarlab.core import verdicts as V
from liarlab.study import families as F
from liarlab.study.stages import edge_text
from liarlab.study.tables import interval_text

__all__ = ["row", "check", "extension", "same", "decimals_of", "normal_estimate", "mean_estimate", "interval_parts",
           "side_of", "judge_finite"]


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


def judge_finite(judge, est: V.Estimate | None) -> V.Judgement:
    """``judge(est)``, or ``inconclusive`` where the statistic is undefined."""
    if est is None or not np.isfinite(est.value):
        return V.stated("inconclusive", "undefined statistic")
    return judge(est)
