"""Coverage ledgers: for each notebook, one row per numbered experiment of its reproduction spec
(``../shared/papers/NN-*.md``), saying what the full profile ran against what the spec asks.

A notebook builds its ledger from the sizes it actually resolved (never typed totals) and saves it with
:func:`save_ledger` as ``data/NN_coverage.csv``; notebook 99 and the front page count the rows per paper.
"""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from liarlab.study import outputs

COLUMNS = ["spec", "code", "title", "spec_size", "run_size", "status", "where", "why"]
STATUSES = ("full", "reduced", "missing", "not-applicable")
SPECS_DIR = outputs.REPO_ROOT.parent / "shared" / "papers"

# How each spec numbers its experiments: "E12"/"X3" in most, "#12" rows of the required-experiments
# table in paper 02's spec.
_CODE = re.compile(r"\*\*([EX]\d+)\b|^\|\s*([EX]\d+)\s*\||^\d+\.\s+\*\*([EX]\d+)\b", re.MULTILINE)
_TABLE_ROW = re.compile(r"^\|\s*(\d+)\s*\|", re.MULTILINE)


def spec_path(spec: str, folder: Path | None = None) -> Path | None:
    folder = folder or SPECS_DIR
    matches = sorted(Path(folder).glob(f"{spec}-*.md"))
    return matches[0] if matches else None


def spec_codes(spec: str, folder: Path | None = None) -> list[str]:
    """The experiment codes of spec ``spec`` ("01".."05"), in the spec's order; [] when the spec is absent."""
    path = spec_path(spec, folder)
    if path is None:
        return []
    text = path.read_text(encoding="utf-8")
    codes = [next(g for g in m.groups() if g) for m in _CODE.finditer(text)]
    if not codes:  # paper 02: the numbered rows of "Notebook experiments (required)"
        section = text.split("## 6. Notebook experiments", 1)[-1].split("\n## ", 1)[0]
        codes = [f"#{m.group(1)}" for m in _TABLE_ROW.finditer(section)]
    seen = []
    for c in codes:
        if c not in seen:
            seen.append(c)
    return seen


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


def save_ledger(notebook: str, rows: list[dict], params: dict | None = None) -> pd.DataFrame:
    """Write ``data/<NN>_coverage.csv``; every row made by :func:`experiment`, no code twice."""
    frame = pd.DataFrame(rows, columns=COLUMNS)
    dup = frame[frame.duplicated(["spec", "code"], keep=False)]
    if len(dup):
        raise ValueError(f"ledger {notebook}: codes listed twice: {sorted(set(dup.code))}")
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
    """One line per spec: how many experiments ran at full size, reduced, missing, not applicable."""
    if ledgers.empty:
        return pd.DataFrame(columns=["spec", "experiments", *STATUSES, "line"])
    counts = ledgers.groupby("spec")["status"].value_counts().unstack(fill_value=0)
    counts = counts.reindex(columns=list(STATUSES), fill_value=0)
    counts.insert(0, "experiments", counts.sum(axis=1))
    lines = []
    for spec, r in counts.iterrows():
        parts = [f"{r['full']} of {r['experiments']} experiments at full size"]
        parts += [f"{r[s]} {s}" for s in STATUSES[1:] if r[s]]
        lines.append(f"{spec}: " + ", ".join(parts))
    counts["line"] = lines
    return counts.reset_index()


def missing_codes(ledgers: pd.DataFrame, folder: Path | None = None) -> dict[str, list[str]]:
    """Per spec, the experiment codes of the spec that no ledger lists."""
    out = {}
    for spec in ("01", "02", "03", "04", "05"):
        listed = set(ledgers.loc[ledgers.spec == spec, "code"])
        missing = [c for c in spec_codes(spec, folder) if c not in listed]
        if missing:
            out[spec] = missing
    return out
