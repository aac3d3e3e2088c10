"""A conformance test for papers, as tests/test_games.py is for games (issue 48, part 3): every family of every paper
that declares its claims as records (:class:`liarlab.study.families.ClaimFamily`, exported as ``CLAIM_FAMILIES`` by
its claims module) has a source and a printed value or is an extension, a rule, two readings or more when a claim
of it can differ (each run, or not run / not built with why and, when not built, its cost), a confirmation plan
when its unit is sampled, and rows made by the study's one verdict code. Every paper is migrated."""
import ast
import importlib
import inspect
from pathlib import Path

import pandas as pd
import pytest

import liarlab.papers
from liarlab.core import verdicts as V
from liarlab.study import families as F
from liarlab.study.families import ClaimFamily, Confirm

PAPERS = sorted(p.name for p in Path(liarlab.papers.__file__).parent.glob("p[0-9][0-9]") if p.is_dir())


def _claims_module(paper: str):
    return importlib.import_module(f"liarlab.papers.{paper}.claims")


MIGRATED = [p for p in PAPERS if hasattr(_claims_module(p), "CLAIM_FAMILIES")]
FAMILIES = [(p, f) for p in MIGRATED for f in _claims_module(p).CLAIM_FAMILIES]


def test_the_papers_not_bundled_elsewhere_are_migrated():
    # every paper declares its families
    assert set(PAPERS) == set(MIGRATED)


@pytest.mark.parametrize("paper", MIGRATED)
def test_a_paper_exports_one_list_of_families_with_distinct_ids_and_one_headline(paper):
    families = _claims_module(paper).CLAIM_FAMILIES
    assert families and all(isinstance(f, ClaimFamily) for f in families)
    ids = [f.id for f in families]
    assert len(ids) == len(set(ids)), f"{paper}: family ids listed twice"
    assert sum(f.headline for f in families) == 1, f"{paper}: one family holds the headline"


@pytest.mark.parametrize("paper,family", FAMILIES, ids=lambda x: x if isinstance(x, str) else x.id[:40])
def test_every_family_has_a_source_and_a_printed_value_or_is_an_extension(paper, family):
    assert family.source.strip(), f"{family.id}: no source"
    assert family.extension or family.printed is not None or family.kind == "check", \
        f"{family.id}: neither a printed value (printed.py) nor an extension"
    assert not (family.extension and family.printed is not None), f"{family.id}: an extension has no printed value"
    assert callable(family.judge), f"{family.id}: no judge"


@pytest.mark.parametrize("paper,family", FAMILIES, ids=lambda x: x if isinstance(x, str) else x.id[:40])
def test_a_family_that_can_differ_has_two_readings_each_run_or_said_why_not(paper, family):
    for way in family.readings:
        assert way.kind in F.KINDS_OF_WAY          # raises unless exactly one of run / not run / not built / bounded
        assert way.reading.name.strip() and way.reading.assumption.strip() and way.reading.support.strip()
    if family.can_differ and not family.builds_readings:
        assert len(family.readings) >= 2, f"{family.id}: a family that can differ declares two readings or more"
        assert sum(w.reading.default for w in family.readings if w.claim == family.readings[0].claim) == 1


@pytest.mark.parametrize("paper,family", FAMILIES, ids=lambda x: x if isinstance(x, str) else x.id[:40])
def test_a_sampled_family_has_a_confirmation_plan_or_says_why_none(paper, family):
    if family.sampled:
        assert isinstance(family.confirm, Confirm) or (isinstance(family.confirm, str) and family.confirm.strip()), \
            f"{family.id}: its unit is sampled and it has no confirmation plan"


@pytest.mark.parametrize("paper", MIGRATED)
def test_no_claims_row_is_made_by_hand(paper):
    """The same verdict code judges every family: rows are made by liarlab.study.outputs.claim (through
    liarlab.study.families.claim), never as a dict literal with a verdict of its own."""
    tree = ast.parse(inspect.getsource(_claims_module(paper)))
    literal = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Dict)
               and any(isinstance(k, ast.Constant) and k.value in ("verdict", "cause") for k in n.keys)]
    assert not literal, f"{paper}: claims rows written by hand at lines {literal}"


def test_a_way_not_built_states_its_cost():
    from liarlab.core.readings import Reading

    with pytest.raises(ValueError, match="cost"):
        F.Way(Reading("r", "a", "s"), not_built="no engine yet").kind
    with pytest.raises(ValueError, match="exactly one"):
        F.Way(Reading("r", "a", "s")).kind


# ---------------------------------------------------------------- run-time: the families of notebook 00, judged

def test_every_row_of_00_comes_from_its_family_and_the_verdict_code():
    from liarlab.papers.p00 import claims as claims00

    for family, rows in F.by_family(claims00.CLAIM_FAMILIES, claims00._complete(None)):
        for row in rows:
            assert "readings_rows" in row, f"{row['claim']}: not made by liarlab.study.families.claim"
            assert row["verdict"] in V.VERDICTS and str(row["rule"]).strip()
            assert (row["verdict"] == "extension") == family.extension or not family.extension


def test_every_differing_row_of_00_has_two_readings_and_its_cause_derived():
    from liarlab.papers.p00 import claims as claims00
    from liarlab.study import readings as study_readings

    rows = claims00.claims_rows()
    readings = F.readings_rows(rows)
    keys = [(x["family"], x["claim"], x["reading"]) for x in readings]
    assert len(keys) == len(set(keys)), "a reading is carried by two claims rows"
    study_readings.check(pd.DataFrame(rows), readings)
    for r in rows:
        if r["verdict"] == "differs":
            assert len([x for x in readings if x["claim"] == r["claim"]]) >= 2, r["claim"]


# ---------------------------------------------------------------- the committed tables of every migrated paper

@pytest.mark.parametrize("paper", MIGRATED)
def test_every_differing_row_of_the_committed_claims_has_two_readings_or_more(paper):
    """What the last full run wrote (data/NN_claims.csv and data/NN_readings.csv): a differing finding or arithmetic
    check carries two readings or more, so its cause was derived, not assumed."""
    data = Path(__file__).resolve().parents[2] / "data"
    claims = pd.read_csv(data / f"{paper[1:]}_claims.csv")
    differing = claims[(claims.verdict == "differs") & claims.kind.isin(["finding", "arithmetic"])]
    if differing.empty:
        return
    readings = pd.read_csv(data / f"{paper[1:]}_readings.csv")
    thin = [r.claim for r in differing.itertuples()
            if ((readings.claim == r.claim) & (readings.family == r.family)).sum() < 2]
    assert not thin, f"{paper}: differing rows with fewer than two readings: {thin}"
