"""Exact values judged against a paper's printed ones (issue 48, moved down from paper 05's claims): at the printed
precision, truncated or rounded (:func:`liarlab.core.verdicts.value`), one claims row per printed value with its
readings, a printed table judged cell by cell, a grid's monotone steps, and an estimate inside its bracket.
Paper-independent: the printed numbers, texts and sources come from the paper.
"""
from __future__ import annotations

from liarlab.core import verdicts as V
from liarlab.study import families as F

__all__ = ["prints_as", "matches_printed", "precision_note", "value_row", "cells_judgement", "steps",
           "inside_brackets", "verdict_of"]


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


def inside_brackets(brackets, what: str) -> bool:
    """Does every ``(estimate, low, high, value, label)`` bracket hold its value (:func:`verdicts.covers`)?"""
    judgements = [V.covers(V.Estimate(e, lo, hi, 1, label, interval=label), v) for e, lo, hi, v, label in brackets]
    return V.all_of(judgements, what).verdict == "reproduced"


def verdict_of(claims, prefix: str) -> str:
    """The verdict of the first claims row whose text starts with ``prefix`` ("" when there is none)."""
    hit = claims[claims.claim.astype(str).str.startswith(prefix)]
    return str(hit.verdict.iloc[0]) if len(hit) else ""
