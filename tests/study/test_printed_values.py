"""Exact values judged against printed ones (liarlab.study.printed_values): precision, readings, cells, steps."""
import pandas as pd
import pytest

from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.study import printed_values as PV


def test_truncation_only_matches_are_marked():
    assert PV.precision_note(99.9999, 99, 0).startswith("matches only by truncation")
    assert PV.precision_note(99.2, 99, 0) == ""
    row = PV.value_row("x", "src", 99, 99.9999, 0, family="fam")
    assert row["verdict"] == "reproduced" and "truncation" in row["note"] and row["kind"] == "finding"
    assert row["family"] == "fam" and row["source"] == "src"
    assert "truncation" not in PV.value_row("x", "src", 99, 99.4, 0, truncated=False)["note"]


def test_a_differing_row_needs_readings_and_its_cause_is_derived_from_them():
    with pytest.raises(ValueError, match="readings"):
        PV.value_row("x", "src", 98, 99.9999, 0)
    own, other = Reading("r1", "the row's own", "spec", default=True), Reading("r2", "another", "spec")
    differs = PV.value_row("x", "src", 98, 99.9999, 0, default=own, alternatives=[(other, 98.5, {})])
    assert differs["verdict"] == "differs" and differs["cause"] == "reading" and "r2: reproduced" in differs["readings"]
    assert [r["reading"] for r in differs["readings_rows"]] == ["r1", "r2"]
    both = PV.value_row("x", "src", 98, 99.9999, 0, default=own, alternatives=[(other, 97.2, {})])
    assert both["cause"] == "genuine"
    # an override changes the rule for that reading only; a reading not run says why
    rounded = PV.value_row("x", "src", 98, 98.7, 0, default=own,
                           alternatives=[(other, 98.7, {"truncated": False}), (Reading("r3", "a", "b"), "no data")])
    assert [r["verdict"] for r in rounded["readings_rows"]] == ["reproduced", "differs", "not run"]
    assert PV.value_row("x", "src", 99, 99.2, 0, default=own, alternatives=[(other, 97.2, {})])["cause"] == ""


@pytest.mark.parametrize("value,printed,ok", [(56.0185, 56.01, True), (56.0185, 56.02, True), (56.03, 56.01, False)])
def test_matches_printed_truncated_or_rounded(value, printed, ok):
    assert PV.matches_printed(value, printed, 2) is ok


def test_a_printed_table_is_judged_cell_by_cell():
    printed = {(1, 1): 75, (1, 2): 25, (2, 1): 89}
    matched, j = PV.cells_judgement(printed, {(1, 1): 75.9, (1, 2): 21.9, (3, 3): 10.0})
    assert matched == 1 and j.verdict == "differs"       # a cell the print lacks is not judged
    matched, j = PV.cells_judgement(printed, {(1, 1): 75.4, (2, 1): 88.6}, truncated=False)
    assert matched == 2 and j.verdict == "reproduced"


def test_steps_count_a_tie_as_no_rise_and_skip_missing_keys():
    values = {1: 3.0, 2: 2.0, 3: 2.0}
    js = PV.steps(values, [(1, 2), (2, 3), (3, 4)])
    assert [j.verdict for j in js] == ["reproduced", "differs"]


def test_brackets_and_the_verdict_of_a_row():
    assert PV.inside_brackets([(0.5, 0.4, 0.6, 0.55, "b")], "all")
    assert not PV.inside_brackets([(0.5, 0.4, 0.6, 0.55, "b"), (0.5, 0.49, 0.51, 0.52, "b")], "all")
    claims = pd.DataFrame({"claim": ["A one", "B two"], "verdict": ["reproduced", "differs"]})
    assert PV.verdict_of(claims, "B") == "differs" and PV.verdict_of(claims, "C") == ""
    assert V.value(1, V.exact(1)).verdict == "reproduced"


def test_the_printed_values_sit_beside_ours_and_nan_where_none_is_printed():
    frame = pd.DataFrame({"n": [2, 3, 4]})
    out = PV.beside(frame, {2: (0.5, 75.0), 3: (0.12, 56.01)}, frame.n, [None, "talk"])
    assert list(out.columns) == ["n", "talk"] and out.talk.tolist()[:2] == [75.0, 56.01] and pd.isna(out.talk[2])
    assert PV.beside(frame, {4: 7}, frame.n, ["p"]).p.tolist()[2] == 7 and "p" not in frame   # input left as it was
