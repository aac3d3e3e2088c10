"""Readings of a paper, and the one rule that turns their verdicts into a cause (docs/VERDICTS.md, "Causes").

A *reading* is one way of taking what a paper leaves open: who opens, how a quantity is counted, what it is
measured against. A differing finding is a claim about the paper, so before its cause is named every reading
of the open points behind it is *run*: judged by the same rule as the claims row, on results the chain computed.
A reading that cannot be run says why in one sentence (:func:`not_run`).

The cause then follows from the readings' verdicts alone, by the protocol's one rule
(:func:`liarlab.core.verdicts.cause`, re-exported here); nothing else may name one:

- ``reading``: some reading other than the default reproduces the print;
- ``genuine``: two or more readings were run and every one differs, or no other reading was run and a sentence
  says why none exists or can be run (:func:`not_run`), or why one not built could not reproduce the print even if
  built (:func:`bounded`);
- ``power``: no reading reproduces, and some other reading is inconclusive at the size it was run with its
  estimate inside the allowed range (it *leans* to reproduce: a larger sample could reproduce the print);
- ``untested``: a reading the paper allows could be run but was not built (:func:`not_built`): the difference is
  not settled until it is;
- ``misprint``: only for an arithmetic check (``arithmetic=True``) that no reading reproduces.

Claims taken from one sentence of the paper (04's "almost all above 50 % and rising ... the learning works") are
judged *jointly*: their readings rows carry the same ``sentence`` key (:func:`in_sentence`), and a reading that
reproduces one of them counts as differing when another claim of the sentence, judged under the same reading,
differs (:func:`siblings`; :func:`liarlab.core.verdicts.refuted_by`). A reading cannot explain half a sentence by
breaking the other half.

An inconclusive reading whose estimate lies outside the allowed range leans to differ and counts with the ones
that differ. A reading that *cannot* be run (:func:`not_run`: the paper gives too little to build it, or it
coincides with a reading that was run) supports ``genuine``, and so does one that was not built but is *bounded*
(:func:`bounded`: readings that were run bound it away from the print, or it is moot on the data the chain holds);
one that merely was not built (a budget, a switch the engine lacks) never does.

Rows are plain dicts (:data:`COLUMNS`), one per reading of one claim, so that a notebook writes them as
``data/NN_readings.csv`` (:func:`liarlab.study.readings.save_readings`) beside its claims.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

from liarlab.core.verdicts import READING_BOUNDED as BOUNDED
from liarlab.core.verdicts import READING_NOT_BUILT as NOT_BUILT
from liarlab.core.verdicts import READING_NOT_RUN as NOT_RUN
from liarlab.core.verdicts import READING_RUN as RUN
from liarlab.core.verdicts import Estimate, Judgement, cause, refuted_by

#: The columns of a readings row (and of ``data/NN_readings.csv``).
COLUMNS = ("family", "claim", "reading", "assumption", "support", "is_default", "estimate", "ci_low", "ci_high",
           "interval", "n", "unit", "verdict", "leans", "note", "sentence")


@dataclass(frozen=True)
class Reading:
    """One way of reading an open point of the paper: a short ``name``, the ``assumption`` in one sentence,
    and where the paper or its spec ``support`` it. ``default`` marks the reading the claims row is judged under."""
    name: str
    assumption: str
    support: str
    default: bool = False

    def __post_init__(self):
        for field in ("name", "assumption", "support"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"a reading states its {field} in words, got {value!r}")


def run(family: str, claim: str, reading: Reading, estimate: Estimate | float | None, judgement: Judgement | str,
        note: str = "") -> dict:
    """The row of a reading that was run: its estimate and the verdict of the claims row's own rule under it."""
    _check_reading(reading)
    verdict = judgement.verdict if isinstance(judgement, Judgement) else judgement
    if isinstance(estimate, bool) or not (estimate is None or isinstance(estimate, (Estimate, numbers.Real))):
        raise TypeError(f"reading {reading.name!r}: estimate is an Estimate, a number or None, got "
                        f"{type(estimate).__name__}")
    if verdict not in RUN:
        raise ValueError(f"reading {reading.name!r} of {claim!r}: a run reading is judged {RUN}, got {verdict!r}")
    row = _row(family, claim, reading, verdict, note)
    if verdict == "inconclusive" and isinstance(judgement, Judgement) and judgement.leans:
        row["leans"] = judgement.leans
    if isinstance(estimate, Estimate):
        row.update(estimate=estimate.value, n=estimate.n, unit=estimate.unit)
        if estimate.high > estimate.low:
            row.update(ci_low=estimate.low, ci_high=estimate.high, interval=estimate.interval_label)
    elif estimate is not None:
        row["estimate"] = float(estimate)
    return row


def not_run(family: str, claim: str, reading: Reading, why: str) -> dict:
    """The row of a reading that was not run, with the one sentence that says why (it cannot be built from
    what the paper gives, or no second reading of this claim exists)."""
    return _unrun_row(family, claim, reading, NOT_RUN, why, "a reading that was not run says why")


def not_built(family: str, claim: str, reading: Reading, why: str) -> dict:
    """The row of a reading the paper allows and the engine could run, but this chain did not build (a budget,
    a switch the engine lacks), with the sentence that says what it would take. It keeps a differing row's
    cause ``untested``: the reading could reproduce the print."""
    return _unrun_row(family, claim, reading, NOT_BUILT, why, "a reading that was not built says what it needs")


def bounded(family: str, claim: str, reading: Reading, why: str) -> dict:
    """The row of a reading the paper allows that was not built but *cannot reproduce the print even if built*,
    with the sentence that says why: readings that were run bound it away from the print (an exact best response
    can only do better than the lookahead responders that already differ), or it is moot on the data the chain
    holds (a tie-breaking rule where the stored lists have no tie). Its verdict is :data:`BOUNDED`; like
    :func:`not_run`, it does not keep the cause ``untested``. The sentence must name what bounds it: a reading that
    merely might not matter is :func:`not_built`."""
    return _unrun_row(family, claim, reading, BOUNDED, why, "a bounded reading says what bounds it or why it is moot")


def _check_reading(reading) -> None:
    if not isinstance(reading, Reading):
        raise TypeError(f"reading must be a Reading (liarlab.core.readings.Reading), got {type(reading).__name__}")


def _unrun_row(family: str, claim: str, reading: Reading, verdict: str, why: str, missing: str) -> dict:
    _check_reading(reading)
    if reading.default:
        raise ValueError(f"reading {reading.name!r} of {claim!r}: the default reading is always run")
    if not isinstance(why, str) or not why.strip():
        raise ValueError(f"reading {reading.name!r} of {claim!r}: {missing}")
    return _row(family, claim, reading, verdict, why)


class Unbuilt(str):
    """A sentence saying what a reading that was not built would need (a budget, a switch the engine lacks), as
    against one saying why a reading cannot be run at all: :func:`skipped` turns it into a ``not built`` row."""


class Bounded(str):
    """A sentence saying why a reading that was not built could not reproduce the print even if built (what bounds
    it, or why it is moot): :func:`skipped` turns it into a ``not run (bounded)`` row (:func:`bounded`)."""


def skipped(family: str, claim: str, reading: Reading, why: str) -> dict:
    """The row of a reading that was not run: :func:`not_built` when ``why`` is an :class:`Unbuilt` sentence,
    :func:`bounded` when it is a :class:`Bounded` one, else :func:`not_run` (it cannot be run)."""
    maker = not_built if isinstance(why, Unbuilt) else bounded if isinstance(why, Bounded) else not_run
    return maker(family, claim, reading, why)


def _row(family, claim, reading, verdict, note) -> dict:
    if not isinstance(family, str) or not isinstance(claim, str):
        raise TypeError(f"a readings row's family and claim are text, got {type(family).__name__} and "
                        f"{type(claim).__name__}")
    if not family or not claim:
        raise ValueError("a readings row names its claim and its family")
    return {"family": family, "claim": claim, "reading": reading.name, "assumption": reading.assumption,
            "support": reading.support, "is_default": bool(reading.default), "estimate": None, "ci_low": None,
            "ci_high": None, "interval": "", "n": None, "unit": "", "verdict": verdict, "leans": "", "note": note,
            "sentence": ""}


def in_sentence(sentence: str, rows: list[dict]) -> list[dict]:
    """The readings rows ``rows`` marked as those of a claim taken from the paper's sentence ``sentence`` (a short
    key naming where it is printed): claims of one sentence are judged jointly (:func:`siblings`)."""
    if not isinstance(sentence, str) or not sentence.strip():
        raise ValueError(f"a sentence key names the sentence in words, got {sentence!r}")
    return [{**r, "sentence": sentence} for r in rows]


def siblings(rows: list[dict], claim: str) -> list[dict]:
    """The readings rows of the other claims of ``claim``'s sentence (same non-empty ``sentence`` key) or of its
    family (the same printed figure, table or statement: one run of the paper's experiment, so a reading that is a
    setting of it applies to every claim drawn from it), from all the readings rows ``rows`` of a notebook."""
    mine = of_claim(rows, claim)
    keys = {r.get("sentence") or "" for r in mine} - {""}
    families = {r.get("family") or "" for r in mine} - {""}
    return [r for r in rows if r["claim"] != claim
            and ((r.get("sentence") or "") in keys or (r.get("family") or "") in families)]


def summary(rows: list[dict], siblings: list[dict] = ()) -> str:
    """The readings of one claim in one line, for the claims row's ``readings`` column; ``siblings`` (the readings
    of the other claims of its sentence or family) mark a reading under which another of those claims differs."""
    run_rows = [r for r in rows if r["verdict"] in RUN]

    def verdict(r):
        lean = r.get("leans") if r["verdict"] == "inconclusive" else ""
        text = r["verdict"] + (f", leaning to {'reproduce' if lean == 'reproduced' else 'differ'}"
                               if lean in ("reproduced", "differs") else "")
        broken = refuted_by(r, siblings) if not r["is_default"] and r["verdict"] != "differs" else []
        return text + (f", but under it {len(broken)} other claim{'s' if len(broken) != 1 else ''} of the same "
                       f"sentence or family differ{'s' if len(broken) == 1 else ''} ({'; '.join(broken)})"
                       if broken else "")

    parts = [f"{r['reading']}{' (default)' if r['is_default'] else ''}: {verdict(r)}" for r in run_rows]
    text = f"{len(run_rows)} reading{'s' if len(run_rows) != 1 else ''} run ({'; '.join(parts)})"
    for kind, label in ((NOT_RUN, "cannot be run"), (BOUNDED, "not built, bounded"), (NOT_BUILT, "not built")):
        unrun = [r for r in rows if r["verdict"] == kind]
        if unrun:
            text += f"; {label}: " + "; ".join(f"{r['reading']} ({r['note'].rstrip('.')})" for r in unrun)
    return text


def of_claim(rows: list[dict], claim: str) -> list[dict]:
    """The readings rows of one claim."""
    return [r for r in rows if r["claim"] == claim]


def derive(rows: list[dict], claim: str, *, arithmetic: bool = False) -> tuple[str, str]:
    """(cause, readings text) of a differing claim, from the readings rows ``rows`` (its own and, for a claim of a
    sentence, its siblings', :func:`siblings`)."""
    mine, others = of_claim(rows, claim), siblings(rows, claim)
    return cause(mine, arithmetic=arithmetic, siblings=others), summary(mine, others)


__all__ = ["BOUNDED", "COLUMNS", "NOT_BUILT", "NOT_RUN", "RUN", "Bounded", "Reading", "Unbuilt", "bounded", "cause",
           "derive", "in_sentence", "not_built", "not_run", "of_claim", "refuted_by", "run", "siblings", "skipped",
           "summary"]
