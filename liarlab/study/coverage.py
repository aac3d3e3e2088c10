"""Coverage ledgers: for each notebook, one row per numbered experiment of its paper's reproduction spec,
saying what the full profile ran against what the spec asks.

The experiments themselves (code, title, the spec's size, the notebook that runs them) are listed in
``liarlab/study/experiments_index/experiments.csv``, shipped with the package, so nothing here reads outside
the repository. A notebook builds its ledger from the sizes it actually resolved (never typed totals) and saves
it with :func:`save_ledger` as ``data/NN_coverage.csv``; notebook 99 and the front page count the rows per paper.
"""
from __future__ import annotations

import functools
import io
import re
from importlib import resources
from pathlib import Path

import pandas as pd

from liarlab.study import outputs

COLUMNS = ["spec", "code", "title", "spec_size", "run_size", "status", "where", "why"]
STATUSES = ("full", "reduced", "missing", "not-applicable")
SPECS = ("01", "02", "03", "04", "05")
INDEX_COLUMNS = ["spec", "code", "title", "spec_size", "notebook"]

# How the spec documents number their experiments (only for checking the index against a copy of the specs):
# "E12"/"X3" in most, "#12" rows of the required-experiments table in paper 02's spec.
_CODE = re.compile(r"\*\*([EX]\d+)\b|^\|\s*([EX]\d+)\s*\||^\d+\.\s+\*\*([EX]\d+)\b", re.MULTILINE)
_TABLE_ROW = re.compile(r"^\|\s*(\d+)\s*\|", re.MULTILINE)


@functools.lru_cache(maxsize=1)
def _index_text() -> str:
    return resources.files("liarlab.study").joinpath("experiments_index", "experiments.csv").read_text(
        encoding="utf-8")


def index() -> pd.DataFrame:
    """The experiment index: one row per numbered experiment of the five specs (spec, code, title, spec_size,
    notebook), in each spec's order.

    >>> index().query("spec == '05' and code == 'E9'").title.item()
    'Bluff-2 exact'
    """
    return pd.read_csv(io.StringIO(_index_text()), dtype=str, keep_default_na=False)[INDEX_COLUMNS]


def spec_codes(spec: str) -> list[str]:
    """The experiment codes of spec ``spec`` ("01".."05"), in the spec's order (from the experiment index).

    >>> spec_codes("02")[:4]
    ['#0', '#1', '#2', '#3']
    """
    if str(spec) not in SPECS:
        raise ValueError(f"spec must be one of {SPECS}, got {spec!r}")
    frame = index()
    return frame.loc[frame.spec == str(spec), "code"].tolist()


def codes_in_markdown(path: Path) -> list[str]:
    """The experiment codes a spec document numbers, in order: used only by the test that checks the index
    against a copy of the specs, when one is at hand. Paper 02's spec numbers the rows of its
    "Notebook experiments" table instead."""
    text = Path(path).read_text(encoding="utf-8")
    codes = [next(g for g in m.groups() if g) for m in _CODE.finditer(text)]
    if not codes:
        section = text.split("## 6. Notebook experiments", 1)[-1].split("\n## ", 1)[0]
        codes = [f"#{m.group(1)}" for m in _TABLE_ROW.finditer(section)]
    return list(dict.fromkeys(codes))


def experiment(spec: str, code: str, title: str, spec_size: str, run_size: str, status: str, where: str,
               why: str = "") -> dict:
    """One ledger row. ``status`` is full, reduced, missing or not-applicable; anything but full says why
    (and a reduced row names the size it did run in ``run_size``)."""
    if status not in STATUSES:
        raise ValueError(f"{spec} {code}: status must be one of {STATUSES}, got {status!r}")
    if status != "full" and not why.strip():
        raise ValueError(f"{spec} {code}: a {status} row says why")
    return {"spec": str(spec), "code": code, "title": title, "spec_size": spec_size, "run_size": run_size,
            "status": status, "where": where, "why": why}


def indexed(spec: str, code: str, run_size: str, full: bool, where: str, why: str = "", *, note: str = "") -> dict:
    """One ledger row whose title and spec size are the experiment index's (never retyped in a paper): ``full``
    or ``reduced`` by ``full``; a reduced row says ``why``, and ``note`` is said whatever the status.

    >>> indexed("05", "E5", "N = 6", True, "Part 2, Bluff-3")["title"]
    'Bluff-3 per-turn'
    """
    asked = index().set_index(["spec", "code"]).loc[(str(spec), code)]
    return experiment(spec, code, asked.title, asked.spec_size, run_size, "full" if full else "reduced", where,
                      "; ".join(x for x in (note, "" if full else why) if x))


def save_ledger(notebook: str, rows: list[dict], params: dict | None = None) -> pd.DataFrame:
    """Write ``data/<NN>_coverage.csv``; every row made by :func:`experiment`, no code twice, every code one of
    the experiment index (a code the index does not know is a typo or an experiment to add to the index)."""
    frame = pd.DataFrame(rows, columns=COLUMNS)
    dup = frame[frame.duplicated(["spec", "code"], keep=False)]
    if len(dup):
        raise ValueError(f"ledger {notebook}: codes listed twice: {sorted(set(dup.code))}")
    known = set(zip(index().spec, index().code))
    unknown = [f"{s} {c}" for s, c in zip(frame.spec, frame.code) if (s, c) not in known]
    if unknown:
        raise ValueError(f"ledger {notebook}: not in the experiment index (liarlab/study/experiments_index): "
                         f"{unknown}")
    outputs.save_table(frame, f"{notebook}_coverage", params)
    return frame


def read_ledgers(folder: Path | None = None) -> pd.DataFrame:
    """Every ``NN_coverage.csv`` of the data folder, with the notebook in front."""
    folder = Path(folder or outputs.data_dir())
    frames = []
    for path in sorted(folder.glob("[0-9][0-9]_coverage.csv")):
        if path.name.startswith("99"):  # the scorecard's notebook keeps no ledger of its own
            continue
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        frame.insert(0, "notebook", path.name[:2])
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=["notebook"] + COLUMNS)
    return pd.concat(frames, ignore_index=True)


def summary(ledgers: pd.DataFrame) -> pd.DataFrame:
    """One line per spec: how many experiments ran at full size, reduced, missing, not applicable ("14 of 15
    experiments at full size, 1 reduced (spec 01)")."""
    if ledgers.empty:
        return pd.DataFrame(columns=["spec", "experiments", *STATUSES, "line"])
    counts = ledgers.groupby("spec")["status"].value_counts().unstack(fill_value=0)
    counts = counts.reindex(columns=list(STATUSES), fill_value=0)
    counts.insert(0, "experiments", counts.sum(axis=1))
    lines = []
    for spec, r in counts.iterrows():
        # "1 of 1 experiment", "14 of 15 experiments": the noun agrees with the total it counts
        parts = [f"{r['full']} of {r['experiments']} experiment{'' if r['experiments'] == 1 else 's'} at full size"]
        parts += [f"{r[s]} {s}" for s in STATUSES[1:] if r[s]]
        # the spec after its count, in parentheses: "03: 5 of 15 ..." read as a label, and 99's "notebook 00, spec
        # 01: ...; notebook 00, spec 02: ..." stacked a colon per spec (issue 50, fresh readers of 03 and 99)
        lines.append(", ".join(parts) + f" (spec {spec})")
    counts["line"] = lines
    return counts.reset_index()


def missing_codes(ledgers: pd.DataFrame) -> dict[str, list[str]]:
    """Per spec, the experiment codes of the index that no ledger lists."""
    out = {}
    for spec in SPECS:
        listed = set(ledgers.loc[ledgers.spec == spec, "code"])
        missing = [c for c in spec_codes(spec) if c not in listed]
        if missing:
            out[spec] = missing
    return out


def not_run(spec: str, code: str, title: str, spec_size: str, why: str) -> dict:
    """A ledger row for an experiment this run did not run at all (status missing, nowhere in the notebook)."""
    return experiment(spec, code, title, spec_size, "not run", "missing", "-", why)
