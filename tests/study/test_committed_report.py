"""The committed report keeps the study's promises: every claims table follows the verdict protocol, no
interval leaves its range, learned-agent claims rest on enough seeds, and every spec experiment has a row in a
coverage ledger (docs/VERDICTS.md, liarlab.study.coverage)."""
from pathlib import Path

import pandas as pd
import pytest

from liarlab.core import verdicts as V
from liarlab.study import coverage, outputs

DATA = outputs.REPO_ROOT / "data"
NOTEBOOKS = ("00", "01", "02", "03", "04", "05", "06")
CLAIMS = sorted(DATA.glob("[0-9][0-9]_claims.csv"))
TABLES = sorted(p for p in DATA.glob("[0-9][0-9]_*.csv"))


def _read(path: Path) -> pd.DataFrame:
    return pd.read_csv(path, keep_default_na=True, low_memory=False)


@pytest.mark.parametrize("nb", NOTEBOOKS)
def test_every_notebook_has_claims_and_a_coverage_ledger(nb):
    assert (DATA / f"{nb}_claims.csv").exists()
    assert (DATA / f"{nb}_coverage.csv").exists(), f"notebook {nb} has no coverage ledger"


@pytest.mark.parametrize("path", CLAIMS, ids=lambda p: p.name)
def test_claims_follow_the_verdict_protocol(path):
    frame = _read(path)
    for column in ("kind", "rule", "verdict"):
        assert column in frame.columns, f"{path.name} has no {column!r} column"
    assert set(frame["verdict"]) <= set(V.VERDICTS)
    assert set(frame["kind"]) <= set(V.KINDS)
    assert frame["rule"].notna().all() and (frame["rule"].astype(str).str.strip() != "").all()
    undecided = frame[frame["verdict"] == "inconclusive"]
    assert undecided["note"].notna().all(), "an inconclusive row says what sample would decide it"


@pytest.mark.parametrize("path", CLAIMS, ids=lambda p: p.name)
def test_learned_agent_claims_rest_on_enough_seeds(path):
    frame = _read(path)
    seeds = frame[frame["unit"] == "seeds"]
    assert (seeds["n"] >= V.MIN_SEEDS).all(), seeds.loc[seeds["n"] < V.MIN_SEEDS, "claim"].tolist()
    # a judged finding shows the seed range beside its interval (an extension's difference of two independent
    # groups of seeds, a Welch interval, has no one range to show)
    judged = seeds[(seeds["kind"] == "finding") & seeds["verdict"].isin(["reproduced", "differs", "inconclusive"])]
    bare = judged[judged["seed_min"].isna() | judged["seed_max"].isna()]
    assert bare.empty, bare["claim"].tolist()


def _rate_columns(frame: pd.DataFrame) -> list[str]:
    names = [c for c in frame.columns if any(w in c.lower() for w in ("win_rate", "share", "probability"))
             or c.lower() in ("rate", "p", "estimate")]
    return [c for c in names if pd.api.types.is_numeric_dtype(frame[c]) and frame[c].between(0, 1).all()]


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_no_interval_of_a_proportion_leaves_zero_to_one(path):
    frame = _read(path)
    pairs = [(lo, lo.replace("low", "high")) for lo in frame.columns
             if "ci_low" in lo and lo.replace("low", "high") in frame.columns]
    if not pairs or not _rate_columns(frame):
        pytest.skip("no interval of a proportion in this table")
    for lo, hi in pairs:
        if not (pd.api.types.is_numeric_dtype(frame[lo]) and pd.api.types.is_numeric_dtype(frame[hi])):
            continue
        values = pd.concat([frame[lo], frame[hi]]).dropna()
        if values.between(0, 1).mean() < 0.9:  # an interval of a difference or of percentages, not of a proportion
            continue
        assert values.between(-1e-12, 1 + 1e-12).all(), f"{path.name}: {lo}/{hi} leave [0, 1]"
        assert (frame[lo].dropna() <= frame[hi].dropna() + 1e-12).all()


def test_every_spec_experiment_has_a_ledger_row():
    ledgers = coverage.read_ledgers(DATA)
    assert set(ledgers["status"]) <= set(coverage.STATUSES)
    assert coverage.missing_codes(ledgers) == {}
    short = ledgers[ledgers["status"] != "full"]
    assert (short["why"].str.strip() != "").all(), "every row short of full says why"


@pytest.mark.parametrize("nb", NOTEBOOKS)
def test_every_notebook_flags_one_headline_row(nb):
    """Exactly one row answers the paper's question, and it is a row of the paper's (a finding)."""
    import json

    meta = json.loads((DATA / f"{nb}_claims.json").read_text())
    rows = meta.get("headline_rows", [])
    assert len(rows) == 1, f"notebook {nb} flags {len(rows)} headline rows"
    frame = _read(DATA / f"{nb}_claims.csv")
    # a notebook with findings answers with one; notebook 00 checks the papers' arithmetic and has none
    expected = "finding" if (frame["kind"] == "finding").any() else "arithmetic"
    assert frame.loc[rows[0], "kind"] == expected


@pytest.mark.parametrize("path", CLAIMS, ids=lambda p: p.name)
def test_findings_have_paper_values_and_differing_ones_a_cause(path):
    frame = _read(path)
    judged = frame[(frame["kind"] == "finding") & frame["verdict"].isin(["reproduced", "differs", "inconclusive"])]
    assert judged["paper_value"].notna().all(), judged.loc[judged["paper_value"].isna(), "claim"].tolist()
    differs = judged[judged["verdict"] == "differs"]
    assert differs["cause"].isin(list(V.CAUSES)).all(), differs.loc[~differs["cause"].isin(list(V.CAUSES)),
                                                                    "claim"].tolist()


@pytest.mark.parametrize("path", CLAIMS, ids=lambda p: p.name)
def test_no_timing_rows_in_claims(path):
    """Speed measurements of a shared machine are not findings: they live in timing tables."""
    import json

    meta = json.loads(path.with_suffix(".json").read_text())
    assert not meta.get("measured_rows"), f"{path.name} has timing rows {meta['measured_rows']}"
