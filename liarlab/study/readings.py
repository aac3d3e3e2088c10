"""``data/NN_readings.csv``: every reading the chain ran (or could not run) for a notebook's claims, checked against
its claims table before it is written.

The readings rows and the rule that derives a cause from them are :mod:`liarlab.core.readings`; this module only
checks and writes them. :func:`save_readings` refuses a claims table in which a differing row has no readings, or
names a cause that its readings do not give, so a cause can never be typed past the rule.
"""
from __future__ import annotations

import pandas as pd

from liarlab.core import readings as R
from liarlab.study import outputs


def check(claims: pd.DataFrame, rows: list[dict]) -> None:
    """Raise ``ValueError`` unless every differing finding or arithmetic row of ``claims`` has readings rows and
    its ``cause`` is the one :func:`liarlab.core.readings.cause` derives from them."""
    problems = []
    for r in claims.itertuples(index=False):
        if r.verdict != "differs" or r.kind not in ("finding", "arithmetic"):
            continue
        mine = [x for x in rows if x["claim"] == r.claim and x["family"] == r.family]
        if not mine:
            problems.append(f"{r.claim!r} ({r.family}) differs and has no readings rows")
            continue
        try:
            derived = R.cause(mine, arithmetic=r.kind == "arithmetic", siblings=R.siblings(rows, r.claim))
        except ValueError as err:
            problems.append(str(err))
            continue
        if derived != r.cause:
            problems.append(f"{r.claim!r}: its cause is {r.cause!r}, its readings give {derived!r}")
    if problems:
        raise ValueError("readings do not carry the claims' causes:\n- " + "\n- ".join(problems))


def jointly(claims: list[dict], rows: list[dict]) -> list[dict]:
    """The claims rows ``claims`` with the cause and readings text of every differing finding or arithmetic check
    that was taken from a sentence with other claims re-derived from all the readings rows ``rows``, so that
    :func:`liarlab.core.verdicts.cause` sees its siblings (docs/VERDICTS.md, "Claims of one sentence"). A claims
    row is built (:func:`liarlab.study.outputs.claim`) before its siblings exist; this is the step that joins them.
    Other rows are returned unchanged."""
    out = []
    for c in claims:
        mine = R.of_claim(rows, c["claim"])
        if (c.get("verdict") == "differs" and c.get("kind") in ("finding", "arithmetic") and mine
                and R.siblings(rows, c["claim"])):
            cause, text = R.derive(rows, c["claim"], arithmetic=c["kind"] == "arithmetic")
            c = {**c, "cause": cause, "readings": text}
        out.append(c)
    return out


def frame(rows: list[dict]) -> pd.DataFrame:
    """The readings rows as a table with the fixed columns (:data:`liarlab.core.readings.COLUMNS`)."""
    table = pd.DataFrame(list(rows), columns=list(R.COLUMNS))
    table["is_default"] = table["is_default"].astype(bool)
    return table


def save_readings(notebook: str, rows: list[dict], claims: pd.DataFrame, params: dict | None = None) -> pd.DataFrame:
    """Check ``rows`` against ``claims`` (:func:`check`) and write ``data/<NN>_readings.csv``; returns the table."""
    check(claims, rows)
    table = frame(rows)
    outputs.save_table(table, f"{notebook}_readings", params)
    return table


def view(table: pd.DataFrame) -> pd.DataFrame:
    """The readings table as a notebook shows it: claim, reading, what it assumes, estimate, interval, verdict."""
    from liarlab.study.answer import number

    shown = table.copy()
    shown["interval"] = [
        "" if pd.isna(lo) else f"[{number(lo, 4)}, {number(hi, 4)}] {label}".rstrip()
        for lo, hi, label in zip(shown["ci_low"], shown["ci_high"], shown["interval"])]
    shown["reading"] = [f"{name} (default)" if d else name for name, d in zip(shown["reading"], shown["is_default"])]
    shown["estimate"] = [number(v, 4) for v in shown["estimate"]]
    return shown[["family", "claim", "reading", "assumption", "estimate", "interval", "verdict", "note"]]
