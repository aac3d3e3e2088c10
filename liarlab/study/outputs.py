"""Where results go: tables with provenance sidecars, figures, and each notebook's claims table.

The output root is the run context's ``out_dir`` (:mod:`liarlab.study.context`; a notebook's ``nb.setup`` sets it
from the chain's ``out_dir`` parameter), so the quick chain in the tests writes into a temporary folder and never
over the committed report. Provenance reads the run's parameters and clock from the same context.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import warnings
from pathlib import Path

import pandas as pd

from liarlab.core import files
from liarlab.core import readings as _readings
from liarlab.core.files import atomic_write_bytes  # noqa: F401  (part of this module's API)
from liarlab.core.verdicts import KINDS, VERDICTS, Estimate, Judgement
from liarlab.study import context

REPO_ROOT = files.REPO_ROOT
CLAIM_COLUMNS = ["claim", "family", "source", "kind", "paper_value", "reproduced_value", "ci_low", "ci_high", "n",
                 "unit", "seed_min", "seed_max", "rule", "verdict", "flags", "note", "interval", "pilot_value",
                 "pilot_ci_low", "pilot_ci_high", "pilot_n", "pilot_verdict", "cause", "readings", "headline"]
JUDGED = ("reproduced", "differs", "inconclusive")

VERSIONED = ("numpy", "scipy", "pandas", "pgmpy", "numba")


# where liarlab runs from and where it writes when no run says (one definition, in the ground floor, which the
# games' certificate store reads too)
in_repository = files.in_repository
default_root = files.default_root


def output_root() -> Path:
    """The current run's output root (its context's ``out_dir``, else $LIARLAB_OUT, else the repository), with its
    ``data/``, ``figures/`` and ``data/cache/`` folders."""
    root = context.current().out_dir or default_root()
    for sub in ("data", "figures", "data/cache"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    return root


def data_dir() -> Path:
    return output_root() / "data"


def figures_dir() -> Path:
    return output_root() / "figures"


def cache_dir() -> Path:
    return output_root() / "data" / "cache"


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def git_commit() -> str:
    return files.git_commit(REPO_ROOT)


def credit_seconds(seconds: float) -> None:
    """Count ``seconds`` of computation done in an earlier run (a result served from the cache) for the current
    run (its context's clock, shared by every copy :func:`liarlab.study.context.using` makes)."""
    context.current().clock.credit(seconds)


def versions() -> dict:
    """Python's version and those of the libraries whose versions can change a result."""
    import platform
    from importlib import metadata

    found = {"python": platform.python_version()}
    for name in VERSIONED:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def provenance(params: dict | None = None) -> dict:
    """Parameters, versions, commit and time of the current notebook run.

    ``seconds`` is the computation's own time since the notebook started: the wall time of this run plus
    the original compute time of every result served from the cache (``wall_seconds`` and
    ``cached_seconds`` give the two parts).
    """
    from liarlab import __version__

    run = context.current()
    merged = dict(run.params)
    merged.update(params or {})
    wall = run.clock.wall()
    credited = run.clock.credited
    return {
        "parameters": _jsonable(merged),
        "seed": _jsonable(merged.get("seed")),
        "liarlab_version": __version__,
        "versions": versions(),
        "git_commit": git_commit(),
        "started": run.clock.start_iso,
        "seconds": round(wall + credited, 3),
        "wall_seconds": round(wall, 3),
        "cached_seconds": round(credited, 3),
    }


MEASURED_COLUMN = re.compile(r"seconds|per_s(econd)?$|per_cpu_s$|_ms$|(^|_)gb$|memory|^threads$|_threads$")


def measured_columns(frame: pd.DataFrame, name: str) -> list[str]:
    """Columns that measure this machine's speed rather than compute a result.

    They are the one exception to "the same seed gives byte-identical tables": every column of a
    table named ``NN_*timing*``, and columns named like ``seconds``, ``*_per_s`` or ``*_ms``.
    """
    if "timing" in name:
        return [str(c) for c in frame.columns]
    return [str(c) for c in frame.columns if MEASURED_COLUMN.search(str(c))]


def save_table(frame: pd.DataFrame, name: str, params: dict | None = None, float_format="%.10g",
               measured_rows: list[int] | None = None) -> Path:
    """Write ``data/<name>.csv`` and its provenance ``data/<name>.json``.

    ``name`` starts with the notebook number, e.g. ``"00_hand_classes"``. The same seed gives
    byte-identical files except for speed measurements, which the sidecar lists
    (``measured_columns``, and ``measured_rows`` for rows that report a timing).
    """
    _check_name(name)
    path = data_dir() / f"{name}.csv"
    atomic_write_text(path, frame.to_csv(index=False, float_format=float_format, lineterminator="\n"))
    sidecar = provenance(params)
    sidecar["rows"] = int(len(frame))
    sidecar["columns"] = [str(c) for c in frame.columns]
    sidecar["measured_columns"] = measured_columns(frame, name)
    sidecar["measured_rows"] = list(measured_rows or [])
    atomic_write_text(path.with_suffix(".json"), json.dumps(sidecar, indent=2, sort_keys=True) + "\n")
    return path


class LegendCoversData(UserWarning):
    """A saved figure's legend covers plotted data."""


def save_figure(fig, name: str, formats=("png", "svg")) -> list[Path]:
    """Save ``figures/<name>.png`` and ``.svg`` (deterministic metadata, so reruns are identical). A figure whose
    legend covers plotted data (:func:`liarlab.study.plotting.legend_overlaps`) is saved with a
    :class:`LegendCoversData` warning, which shows in the notebook's output and fails the committed report's
    tests: move the legend. Texts too small for the page are raised first (:func:`liarlab.study.plotting.readable`),
    and the shown figure is this one, so the notebook displays the raised sizes too."""
    from liarlab.study.plotting import legend_overlaps, readable

    _check_name(name)
    readable(fig)       # every text >= the page's minimum at the size the report shows the figure (issue 50)
    covered = legend_overlaps(fig)
    if covered:
        warnings.warn(f"figure {name}: " + "; ".join(covered) + " (place the legend outside the data)",
                      LegendCoversData, stacklevel=2)
    paths = []
    for fmt in formats:
        path = figures_dir() / f"{name}.{fmt}"
        meta = {"Date": None} if fmt == "svg" else {"Software": None}
        if fmt == "svg":
            import matplotlib as mpl
            mpl.rcParams["svg.hashsalt"] = "liarlab"
        # a temporary file of this call's own (two runs saving one figure never share it), then renamed
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=f".tmp.{fmt}")
        try:
            with os.fdopen(fd, "wb") as handle:
                fig.savefig(handle, format=fmt, metadata=meta, bbox_inches="tight",
                            dpi=120 if fmt == "png" else None)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
        paths.append(path)
    return paths


def _blank(value) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and value != value:
        return True
    return isinstance(value, str) and not value.strip()


def claim(claim: str, source: str, paper_value, reproduced_value, verdict, *, kind: str | None = None,
          rule: str | None = None, ci_low=None, ci_high=None, note: str = "", measured: bool = False,
          family: str | None = None, headline: bool = False, selected: bool = False,
          readings: list[dict] | None = None, interval: str | None = None) -> dict:
    """One row of a claims table, judged under the study's verdict protocol (``liarlab.core.verdicts``,
    docs/VERDICTS.md).

    ``reproduced_value`` is an :class:`~liarlab.core.verdicts.Estimate` (its value, interval, the interval's
    label, sample size, unit and seed range fill the row) or a plain value. ``verdict`` is a
    :class:`~liarlab.core.verdicts.Judgement` (its rule, note, flags and, for a two-stage row, its pilot fill
    the row) or, for ``extension`` and ``not-reproducible`` rows, a verdict name with ``rule`` given. ``kind``
    is ``finding`` (a claim of the paper's experiments or computations), ``arithmetic`` (a check of the paper's
    own numbers and misprints) or ``check`` (a check of our code, or true by construction): only findings count
    as reproductions, and a finding judged against nothing is refused (a row without a paper value is an
    ``extension``).

    ``family`` groups the rows of one printed table or figure, named by its source (``"Table 5-1"``).
    ``headline=True`` marks the row that answers the paper's question (one per notebook).
    ``measured=True`` marks a row whose value is a speed measurement of this machine (such rows belong in
    timing tables, not claims). ``selected=True`` marks a row judged under a reading that was chosen by its
    agreement with the paper: it agrees by selection, and the scorecard says so. ``readings`` are the
    rows of this claim's readings (:mod:`liarlab.core.readings`: each run, or not run with why). A differing
    finding or arithmetic check must have them: its ``cause`` is derived from their verdicts by the protocol's
    one rule (:func:`liarlab.core.verdicts.cause`), never given, and the ``readings`` column summarises them.
    ``interval`` overrides the label of ``ci_low``/``ci_high`` when they are given by hand.
    """
    if kind not in KINDS:
        raise ValueError(f"claim {claim!r}: kind must be one of {KINDS}, got {kind!r}")
    row = {"claim": claim, "family": family or claim, "source": source, "kind": kind, "paper_value": paper_value,
           "reproduced_value": reproduced_value, "ci_low": ci_low, "ci_high": ci_high, "n": None, "unit": None,
           "seed_min": None, "seed_max": None, "interval": interval or "", "pilot_value": None,
           "pilot_ci_low": None, "pilot_ci_high": None, "pilot_n": None, "pilot_verdict": None}
    if isinstance(reproduced_value, Estimate):
        est = reproduced_value
        row.update(reproduced_value=est.value, n=est.n, unit=est.unit, seed_min=est.seed_min, seed_max=est.seed_max)
        if est.high > est.low or est.unit != "exact":
            row.update(ci_low=est.low if ci_low is None else ci_low, ci_high=est.high if ci_high is None else ci_high)
            if est.high > est.low and not interval:
                row["interval"] = est.interval_label
    flags = []
    if isinstance(verdict, Judgement):
        j = verdict
        rule = rule or j.rule
        note = "; ".join(x for x in (note, j.note) if x)
        flags.extend(j.flags)
        if j.pilot is not None:
            row.update(pilot_value=j.pilot.value, pilot_n=j.pilot.n, pilot_verdict=j.pilot_verdict)
            if j.pilot.high > j.pilot.low:
                row.update(pilot_ci_low=j.pilot.low, pilot_ci_high=j.pilot.high)
        verdict = j.verdict
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {VERDICTS}, got {verdict!r}")
    if not rule:
        raise ValueError(f"claim {claim!r}: every row states the rule that decided it")
    if kind == "finding" and verdict in JUDGED and _blank(paper_value):
        raise ValueError(f"claim {claim!r}: a finding is judged against a paper value; a row without one is an "
                         "extension")
    if readings is not None and (isinstance(readings, str) or not all(isinstance(r, dict) for r in readings)):
        raise ValueError(f"claim {claim!r}: readings are the rows of liarlab.core.readings (run / not_run), not "
                         "text")
    mine = [r for r in (readings or []) if r["claim"] == claim]
    if readings and len(mine) != len(readings):
        raise ValueError(f"claim {claim!r}: readings rows of other claims were passed")
    cause = ""
    if kind in ("finding", "arithmetic") and verdict == "differs":
        if not mine:
            raise ValueError(f"claim {claim!r}: a differing {kind} has its readings run (liarlab.core.readings), "
                             "and its cause follows from them")
        cause = _readings.cause(mine, arithmetic=kind == "arithmetic")
    if selected:
        flags.append("agrees by selection")
    row.update(rule=rule, verdict=verdict, flags="; ".join(flags), note=note, cause=cause,
               readings=_readings.summary(mine) if mine else "", headline=bool(headline))
    if measured:
        row["measured"] = True
    return row


def save_claims(notebook: str, rows: list[dict], params: dict | None = None) -> pd.DataFrame:
    """Write ``data/<NN>_claims.csv`` with the study's fixed claim columns.

    A row without a ``family`` is its own family. The sidecar lists the ``measured_rows`` and the
    ``headline_rows`` (the paper's main claims, see :func:`claim`).
    """
    frame = pd.DataFrame(rows)
    if "family" not in frame.columns:
        frame["family"] = None
    if "claim" in frame.columns:
        frame["family"] = frame["family"].where(frame["family"].notna() & (frame["family"] != ""), frame["claim"])
    frame["headline"] = frame["headline"].fillna(False).astype(bool) if "headline" in frame else False
    missing = [c for c in CLAIM_COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"claims rows are missing columns {missing}")
    bad = sorted(set(frame["verdict"]) - set(VERDICTS))
    if bad:
        raise ValueError(f"unknown verdicts {bad}; allowed: {VERDICTS}")
    bad = sorted(set(frame["kind"].astype(str)) - set(KINDS))
    if bad:
        raise ValueError(f"unknown kinds {bad}; allowed: {KINDS}")
    if frame["rule"].isna().any() or (frame["rule"].astype(str).str.strip() == "").any():
        raise ValueError("every claims row states its rule")
    measured = [i for i, row in enumerate(rows) if row.get("measured")]
    headline = [i for i, row in enumerate(rows) if row.get("headline")]
    if len(headline) > 1:
        raise ValueError(f"a notebook has one headline row, {notebook} marks {len(headline)}: {headline}")
    frame = frame[CLAIM_COLUMNS]
    path = save_table(frame, f"{notebook}_claims", params, measured_rows=measured)
    sidecar = path.with_suffix(".json")
    meta = json.loads(sidecar.read_text())
    meta["headline_rows"] = headline
    atomic_write_text(sidecar, json.dumps(meta, indent=2, sort_keys=True) + "\n")
    frame = frame.copy()
    frame.attrs["headline_rows"] = headline  # the columns stay the file's; the answer paragraph reads this
    return frame


def _check_name(name: str) -> None:
    if len(name) < 4 or not name[:2].isdigit() or name[2] != "_":
        raise ValueError(f"output name must look like 'NN_<name>', got {name!r}")


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item") and callable(value.item):
        try:
            return value.item()
        except (TypeError, ValueError):
            pass
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return repr(value)


def reproducible_content(csv_path) -> str:
    """A table's text without the speed measurements its sidecar lists: what a rerun must repeat exactly."""
    csv_path = Path(csv_path)
    meta = json.loads(csv_path.with_suffix(".json").read_text())
    frame = pd.read_csv(csv_path, dtype=str, keep_default_na=False)
    frame = frame.drop(columns=[c for c in meta.get("measured_columns", []) if c in frame.columns])
    frame = frame.drop(index=[i for i in meta.get("measured_rows", []) if i in frame.index])
    return frame.to_csv(index=False, lineterminator="\n")
