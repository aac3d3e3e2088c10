"""A printed value, or a printed table, judged at its printed precision (issue 48; one module for it): ours, exact,
inside the band of numbers that print as the paper's, truncated or rounded (:func:`liarlab.core.verdicts.value`, the
protocol's rule, called here in one place), and the rows and counts made from it: one claims row per printed number
(:func:`printed`; :func:`value_row`, a finding with its readings), a printed table row by row (:func:`printed_table`)
or cell by cell into one verdict (:func:`cells_judgement`), a count printed as a power of ten
(:func:`printed_power`), and the printed values shown beside ours (:func:`beside`). Paper-independent: the printed
numbers, texts and sources come from the paper.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.study import families as F

__all__ = ["decimals_of", "prints_as", "matches_printed", "precision_note", "printed",
           "printed_table", "printed_power", "value_row", "cells_judgement", "beside"]


def decimals_of(x) -> int:
    """The decimals a printed number shows (1.25 -> 2, 9.0 -> 0)."""
    text = repr(float(x))
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


def _at_precision(printed: float, value: float, *, decimals: int | None = None, truncated: bool = False,
                  span=None, reference=None) -> V.Judgement:
    """Our exact ``value`` against ``printed`` at ``decimals`` decimals (None: exactly), truncated or rounded: the
    one judgement every function here makes."""
    return V.value(printed, V.exact(value), decimals=decimals, truncated=truncated, span=span, reference=reference)


def prints_as(value: float, printed: float, digits: int, truncated: bool) -> bool:
    """Does ``value`` show as ``printed`` at ``digits`` decimals, truncated or rounded (the protocol's band)?"""
    return _at_precision(printed, value, decimals=digits, truncated=truncated).verdict == "reproduced"


def matches_printed(value: float, printed: float, digits: int) -> bool:
    """True when ``value`` shows as ``printed`` at ``digits`` decimals, truncated or rounded."""
    return any(prints_as(value, printed, digits, t) for t in (True, False))


def precision_note(value: float, printed: float, digits: int) -> str:
    """Say when a value prints as ``printed`` only because the paper truncates (rounded it would not)."""
    if prints_as(value, printed, digits, True) and not prints_as(value, printed, digits, False):
        return f"matches only by truncation: rounded to {digits} decimals it would print {value:.{digits}f}"
    return ""


def printed(source, text, paper, ours, *, decimals=None, truncated=False, compare=None, span=None, reference=None,
            kind: str = "arithmetic", **kw) -> dict:
    """One claims row: a printed number against ours (exact) at its printed precision (:func:`_at_precision`), kind
    arithmetic unless given. ``compare`` = (printed, ours) as numbers when those shown differ (the paper's units, a
    text, an :class:`~liarlab.core.verdicts.Estimate`); ``kw`` go to :func:`liarlab.study.families.claim`."""
    paper_num, value = compare if compare is not None else (paper, ours)
    j = _at_precision(paper_num, value, decimals=decimals, truncated=truncated, span=span, reference=reference)
    return F.claim(text, source, paper, ours, j, kind=kind, **kw)


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


def value_row(text: str, source: str, printed_value: float, value: float, digits: int, *, family: str | None = None,
              kind: str = "finding", truncated: bool = True, span=None, reference=None, note: str = "",
              default=None, alternatives=(), **kw) -> dict:
    """:func:`printed` as a finding (truncated unless told), ours shown as an exact estimate, a truncation-only match
    said in its note. With ``default`` (the reading the row is judged under) the row carries its readings: each of
    ``alternatives`` is ``(reading, value, overrides)``, judged by the row's rule (``overrides`` may change
    ``truncated``), or ``(reading, why)`` for one not run."""
    def judge(v, truncated=truncated):
        return _at_precision(printed_value, v, decimals=digits, truncated=truncated, span=span, reference=reference)

    note = "; ".join(x for x in (note, precision_note(value, printed_value, digits) if truncated else "") if x)
    readings = None
    if default is not None:
        entries = [(default, V.exact(value), judge(value), "")] + [
            alt if len(alt) == 2 else (alt[0], V.exact(alt[1]), judge(alt[1], **alt[2]), "") for alt in alternatives]
        readings = F.rows_of(family or text, text, entries)
    return printed(source, text, printed_value, V.exact(value), compare=(printed_value, value), decimals=digits,
                   truncated=truncated, span=span, reference=reference, kind=kind, family=family, note=note,
                   readings=readings, **kw)


def cells_judgement(printed: dict, values: dict, *, decimals: int = 0, truncated: bool = True,
                    what: str = "each printed cell against the exact value of the game") -> tuple[int, V.Judgement]:
    """Each printed cell (key -> printed number) against ``values`` (key -> ours) at the printed precision: how
    many print as the paper's, and the verdict of all of them (:func:`liarlab.core.verdicts.all_of`)."""
    judgements = [_at_precision(printed[k], v, decimals=decimals, truncated=truncated)
                  for k, v in sorted(values.items()) if k in printed]
    return sum(j.verdict == "reproduced" for j in judgements), V.all_of(judgements, what)


def beside(frame: pd.DataFrame, printed: dict, keys, columns) -> pd.DataFrame:
    """``frame`` with the paper's printed values beside ours: for each row's key (``keys``, one per row) the printed
    number, or each element of a printed tuple, as ``columns`` (None skips an element); NaN where none is printed."""
    values = [printed.get(k, (np.nan,) * len(columns)) for k in keys]
    values = [v if isinstance(v, tuple) else (v,) for v in values]
    return frame.assign(**{c: [v[i] for v in values] for i, c in enumerate(columns) if c is not None})
