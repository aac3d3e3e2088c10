"""A paper's claims as records, and the one engine that walks them (issue 48).

A paper declares its claims as ONE list of :class:`ClaimFamily` records, one per figure, table or statement of its
seed (``papers/pNN/claims.py``: ``CLAIM_FAMILIES``). Each record holds, side by side, everything about that family:

- ``source``: the page, figure or table of the seed; ``printed``: the paper's values, taken from ``printed.py``
  (never retyped; None for an extension of ours);
- ``judge``: the code that turns the run's results into its claims rows (:func:`claim`, the one way a row is
  made, under :mod:`liarlab.core.verdicts`);
- ``readings``: its :class:`Way` records, one per reading of an open point: the code that runs it, or the
  sentence saying why it cannot be run, or why it is not built yet and what building it would cost;
- ``confirm``: its two-stage sample plan (:class:`Confirm`), or the sentence saying why it needs none;
- ``experiment``: the (spec, code) of the study's experiment index it reports, and ``headline``.

The engine (:func:`claims_rows`, :func:`readings_rows`) walks the list: it runs each family's readings, hands them
to its judge, and gathers the claims rows and the readings table (whose verdicts give each differing row its cause,
:func:`liarlab.core.readings.cause`); the answer paragraph is written from that claims table
(:func:`liarlab.study.answer.answer_paragraph`). To add a reading to a claim, add one :class:`Way` to its family's
``readings``: nothing else keys on the claim's text.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Callable

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading

__all__ = ["ClaimFamily", "Way", "Confirm", "claim", "by_family", "claims_rows", "readings_rows", "KINDS_OF_WAY",
           "row_readings"]

#: The readings rows of the family being judged (set by the engine while its judge runs; :func:`claim` reads it).
_JUDGING: ContextVar[tuple[dict, ...]] = ContextVar("judging", default=())

#: What a :class:`Way` can be: run by code, impossible to run (with why), or not built yet (with why and cost).
KINDS_OF_WAY = ("run", "not run", "not built", "bounded")


@dataclass(frozen=True)
class Way:
    """One reading of a family's claim. ``claim`` is the claim text it reads (None: the family's ``id``);
    ``family`` the readings row's family when it is not the record's ``id`` (a claim of a table that shares a
    record with other tables). Exactly one of:

    - ``run``: ``results -> (estimate, judgement, note)``, judged by the claims row's own rule;
    - ``not_run``: why it cannot be run (the paper gives too little, or it coincides with one that was run);
    - ``not_built``: why it is not built yet, with ``cost``, the estimated cost of building it;
    - ``bounded``: why, though not built, it could not reproduce the print.
    """
    reading: Reading
    claim: str | None = None
    run: Callable[[Any], tuple] | None = None
    not_run: str = ""
    not_built: str = ""
    bounded: str = ""
    cost: str = ""
    family: str | None = None

    @property
    def kind(self) -> str:
        """Which of :data:`KINDS_OF_WAY` this reading is (raises unless exactly one is given)."""
        given = [k for k, v in zip(KINDS_OF_WAY, (self.run, self.not_run, self.not_built, self.bounded)) if v]
        if len(given) != 1:
            raise ValueError(f"reading {self.reading.name!r}: give exactly one of run, not_run, not_built, bounded "
                             f"(got {given or 'none'})")
        if given[0] == "not built" and not self.cost.strip():
            raise ValueError(f"reading {self.reading.name!r}: a reading not built states its estimated cost")
        return given[0]

    def row(self, family: str, results) -> dict:
        """This reading's row of the readings table (:mod:`liarlab.core.readings`) for the family ``family``."""
        family, claim_text = self.family or family, self.claim or family
        kind = self.kind
        if kind == "run":
            estimate, judgement, note = self.run(results)
            return R.run(family, claim_text, self.reading, estimate, judgement, note=note)
        if kind == "not run":
            return R.not_run(family, claim_text, self.reading, self.not_run)
        if kind == "bounded":
            return R.bounded(family, claim_text, self.reading, self.bounded)
        return R.not_built(family, claim_text, self.reading, f"{self.not_built} (cost to build: {self.cost})")


@dataclass(frozen=True)
class Confirm:
    """A two-stage sample plan: a pilot of ``pilot`` ``unit``s, then, when the pilot cannot decide, a confirmatory
    sample of ``confirm`` more with fresh seeds (docs/VERDICTS.md, "Two stages")."""
    unit: str
    pilot: int
    confirm: int


@dataclass(frozen=True)
class ClaimFamily:
    """One figure, table or statement of a paper, with everything that judges it (module docstring).

    ``judge(results)`` returns the family's claims rows, each made by :func:`claim`, which hands a row the rows of
    the family's ``readings`` that read its claim (the engine runs them first): a judge never names its readings.
    A judge whose readings depend on the run's tables in ways a :class:`Way` cannot say (a whole table of
    variants) builds those rows itself and passes them to :func:`claim` (``builds_readings=True``); declared
    :class:`Way`s are added to them. ``summarises=True``: ``judge(results, rows)`` is judged from the other
    families' rows (a family rule over every printed number) and its rows come first. ``can_differ``: a claim of
    it can differ from the paper (it then needs two readings or more). ``sampled``: its estimate is a sample (it then needs ``confirm``: a :class:`Confirm` plan or
    the sentence saying why none is needed). ``extension``: ours, no paper value.
    """
    id: str
    source: str
    printed: Any
    judge: Callable[..., list[dict]]
    readings: tuple[Way, ...] = ()
    experiment: tuple[str, str] | None = None
    confirm: Confirm | str | None = None
    headline: bool = False
    extension: bool = False
    can_differ: bool = True
    sampled: bool = False
    summarises: bool = False
    builds_readings: bool = False
    kind: str = "finding"

    def reading_rows(self, results) -> list[dict]:
        """The rows of this family's declared readings, run on ``results``."""
        return [way.row(self.id, results) for way in self.readings]


def claim(text: str, *args, readings: list[dict] | None = None, **kw) -> dict:
    """One claims row (:func:`liarlab.study.outputs.claim`, the study's one row maker) with its readings: those
    given, then those of the family being judged that read ``text`` in the row's family (its :class:`Way`s, run by
    the engine). They are kept on the row under ``readings_rows``, so that the engine gathers them for
    ``data/NN_readings.csv``. No cause is given: ``outputs.claim`` derives it from the readings."""
    from liarlab.study.outputs import claim as make

    family = kw.get("family") or text
    readings = list(readings or []) + [r for r in _JUDGING.get() if r["claim"] == text and r["family"] == family]
    row = make(text, *args, readings=readings or None, **kw)
    row["readings_rows"] = list(readings or [])
    return row


def _judge(family: ClaimFamily, results, *rows) -> list[dict]:
    """The family's claims rows, its readings run first and handed to :func:`claim` while its judge runs. A declared
    reading that no row of the family takes (its ``claim`` or ``family`` misspelt) is refused, not dropped."""
    declared = tuple(family.reading_rows(results))
    token = _JUDGING.set(declared)
    try:
        mine = family.judge(results, *rows)
    finally:
        _JUDGING.reset(token)
    carried = {id(x) for r in mine for x in r.get("readings_rows", [])}
    lost = [f"{x['reading']!r} of {x['claim']!r}" for x in declared if id(x) not in carried]
    if lost:
        raise ValueError(f"family {family.id!r}: readings no claims row of it reads: {lost}")
    return mine


def by_family(families, results) -> list[tuple[ClaimFamily, list[dict]]]:
    """Each family with its claims rows, in the table's order: the list's order, except that the families that
    sum up the others (``summarises``) are judged last, from the others' rows, and put first."""
    judged = [(f, _judge(f, results)) for f in families if not f.summarises]
    rows = [r for _, mine in judged for r in mine]
    return [(f, _judge(f, results, rows)) for f in families if f.summarises] + judged


def claims_rows(families, results) -> list[dict]:
    """Every claims row of the families (:func:`by_family`)."""
    return [r for _, rows in by_family(families, results) for r in rows]


def readings_rows(claims: list[dict]) -> list[dict]:
    """Every readings row carried by the claims rows ``claims`` (in their order): ``data/NN_readings.csv``."""
    return [x for r in claims for x in r.get("readings_rows", [])]


def _reading_value(estimate):
    """An estimate as a readings row takes it: an Estimate, a number, or None for a value in words (a card, a
    call)."""
    if estimate is None or isinstance(estimate, V.Estimate):
        return estimate
    try:
        return float(estimate)
    except (TypeError, ValueError):
        return None


def row_readings(family: str, claim: str, default: Reading, estimate, judgement, *, runs=(), skipped=()) -> list[dict]:
    """The readings rows a judge that ``builds_readings`` passes with one claim: the ``default`` reading (the row's
    own estimate and verdict), each other reading run on the row's tables as (reading, estimate, judgement, note),
    and each not run as (reading, why: :func:`liarlab.core.readings.skipped`). The default is marked so here,
    whatever its declaration says (a family's rows may be computed under different readings); the others are marked
    not default. The family's :class:`Way`\\ s follow them (:func:`claim`)."""
    out = [R.run(family, claim, replace(default, default=True), _reading_value(estimate), judgement)]
    out += [R.run(family, claim, replace(rd, default=False), _reading_value(e), j, note) for rd, e, j, note in runs]
    return out + [R.skipped(family, claim, replace(rd, default=False), why) for rd, why in skipped]

def rows_of(family: str, claim_text: str, entries) -> list[dict]:
    """The readings rows of one claim whose readings a judge builds from the run's tables (``builds_readings``), in
    order: each entry ``(reading, estimate, judgement, note)`` for a reading that was run, ``(reading, why)`` for one
    that cannot be run (:mod:`liarlab.core.readings`)."""
    return [R.not_run(family, claim_text, *e) if len(e) == 2 else R.run(family, claim_text, *e) for e in entries]


@dataclass(frozen=True)
class RowWay:
    """A reading of one claims row that needs the row itself (its estimate, judgement, and the seeds and tables it
    rests on after a confirmatory stage), which a :class:`Way`'s ``run(results)`` does not receive (issue 48, p02).
    ``when(row)``: which claims rows of the family it reads (None: all). Either ``run(row, inputs)`` gives its
    readings rows, or ``why`` says why it is not run (:func:`liarlab.core.readings.skipped`: an ``Unbuilt``
    sentence, not built; a ``Bounded`` one, bounded; else it cannot be run)."""
    reading: Reading | None = None
    why: str = ""
    run: Callable[[Any, Any], list[dict]] | None = None
    when: Callable[[Any], bool] | None = None

    def rows(self, row, inputs) -> list[dict]:
        """This reading's rows for the claims row ``row`` ([] when it does not read it)."""
        if self.when is not None and not self.when(row):
            return []
        if self.run is not None:
            return list(self.run(row, inputs))
        return [R.skipped(row["family"], row["claim"], self.reading, self.why)]


def row_way_rows(ways, row, inputs) -> list[dict]:
    """The readings rows of a claims row under its family's :class:`RowWay`\\ s, in their declared order."""
    return [x for way in ways for x in way.rows(row, inputs)]
