"""Exact values judged against a paper's printed ones (issue 48, moved down from paper 05's claims): at the printed
precision, truncated or rounded (:func:`liarlab.core.verdicts.value`), one claims row per printed value with its
readings, a printed table judged cell by cell, a grid's monotone steps, and an estimate inside its bracket.
Paper-independent: the printed numbers, texts and sources come from the paper.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.study import families as F

__all__ = ["prints_as", "matches_printed", "precision_note", "value_row", "cells_judgement", "steps",
           "inside_brackets", "verdict_of", "column_by", "grid_values", "grid_frame", "grid_trends", "changed",
           "beside"]


def prints_as(value: float, printed: float, digits: int, truncated: bool) -> bool:
    """Does ``value`` show as ``printed`` at ``digits`` decimals, truncated or rounded (the protocol's band)?"""
    return V.value(printed, V.exact(value), decimals=digits, truncated=truncated).verdict == "reproduced"


def matches_printed(value: float, printed: float, digits: int) -> bool:
    """True when ``value`` shows as ``printed`` at ``digits`` decimals, truncated or rounded."""
    return any(prints_as(value, printed, digits, t) for t in (True, False))


def precision_note(value: float, printed: float, digits: int) -> str:
    """Say when a value prints as ``printed`` only because the paper truncates (rounded it would not)."""
    if prints_as(value, printed, digits, True) and not prints_as(value, printed, digits, False):
        return f"matches only by truncation: rounded to {digits} decimals it would print {value:.{digits}f}"
    return ""


def value_row(text: str, source: str, printed: float, value: float, digits: int, *, family: str | None = None,
              kind: str = "finding", truncated: bool = True, span=None, reference=None, note: str = "",
              default=None, alternatives=(), **kw) -> dict:
    """A printed value against our exact ``value`` at the printed precision (a truncation-only match says so). With
    ``default`` (the reading the row is judged under) the row carries its readings: each of ``alternatives`` is
    ``(reading, value, overrides)``, judged by the row's rule (``overrides`` may change ``truncated``), or
    ``(reading, why)`` for one not run."""
    def judge(v, truncated=truncated):
        return V.value(printed, V.exact(v), decimals=digits, truncated=truncated, span=span, reference=reference)

    judgement = judge(value)
    note = "; ".join(x for x in (note, precision_note(value, printed, digits) if truncated else "") if x)
    readings = None
    if default is not None:
        entries = [(default, V.exact(value), judgement, "")] + [
            alt if len(alt) == 2 else (alt[0], V.exact(alt[1]), judge(alt[1], **alt[2]), "") for alt in alternatives]
        readings = F.rows_of(family or text, text, entries)
    return F.claim(text, source, printed, V.exact(value), judgement, kind=kind, family=family, note=note,
                   readings=readings, **kw)


def cells_judgement(printed: dict, values: dict, *, decimals: int = 0, truncated: bool = True,
                    what: str = "each printed cell against the exact value of the game") -> tuple[int, V.Judgement]:
    """Each printed cell (key -> printed number) against ``values`` (key -> ours) at the printed precision: how
    many print as the paper's, and the verdict of all of them (:func:`liarlab.core.verdicts.all_of`)."""
    judgements = [V.value(printed[k], V.exact(v), decimals=decimals, truncated=truncated)
                  for k, v in sorted(values.items()) if k in printed]
    return sum(j.verdict == "reproduced" for j in judgements), V.all_of(judgements, what)


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


def beside(frame: pd.DataFrame, printed: dict, keys, columns) -> pd.DataFrame:
    """``frame`` with the paper's printed values beside ours: for each row's key (``keys``, one per row) the printed
    number, or each element of a printed tuple, as ``columns`` (None skips an element); NaN where none is printed."""
    values = [printed.get(k, (np.nan,) * len(columns)) for k in keys]
    values = [v if isinstance(v, tuple) else (v,) for v in values]
    return frame.assign(**{c: [v[i] for v in values] for i, c in enumerate(columns) if c is not None})
