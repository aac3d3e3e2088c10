"""A printed value or table judged at its printed precision (liarlab.study.printed_values): precision, readings,
tables row by row and cell by cell, powers of ten, printed values beside ours."""
import pandas as pd
import pytest

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


def test_the_printed_values_sit_beside_ours_and_nan_where_none_is_printed():
    frame = pd.DataFrame({"n": [2, 3, 4]})
    out = PV.beside(frame, {2: (0.5, 75.0), 3: (0.12, 56.01)}, frame.n, [None, "talk"])
    assert list(out.columns) == ["n", "talk"] and out.talk.tolist()[:2] == [75.0, 56.01] and pd.isna(out.talk[2])
    assert PV.beside(frame, {4: 7}, frame.n, ["p"]).p.tolist()[2] == 7 and "p" not in frame   # input left as it was


def test_the_decimals_a_printed_number_shows():
    assert [PV.decimals_of(x) for x in (1.25, 9.0, 0.794, 12)] == [2, 0, 3, 0]


def test_a_printed_table_is_judged_cell_by_cell_at_its_printed_precision():
    rows = PV.printed_table("T", [("a", 0.1667, 1 / 6, 4), ("c", 12, 12, None, {"note": "x"})])
    assert [r["verdict"] for r in rows] == ["reproduced", "reproduced"]
    assert {r["family"] for r in rows} == {"T"} and rows[1]["note"] == "x"
    # a differing cell is judged so (and, like every differing arithmetic row, needs its readings for a cause)
    with pytest.raises(ValueError, match="differing arithmetic"):
        PV.printed_table("T", [("b", 4561, 4651)])
    with pytest.raises(ValueError, match="differing arithmetic"):
        PV.printed_table("T", [("a", 0.1668, 1 / 6, 4)])


def test_a_power_of_ten_is_judged_at_its_printed_digits_and_shown_in_that_form():
    row = PV.printed_power("src", "size", 9.45e16, "9.45 × 10¹⁶", 94_490_000_000_000_000, 16, 2)
    assert row["verdict"] == "reproduced" and row["reproduced_value"] == "9.449 × 10¹⁶"
    with pytest.raises(ValueError, match="differing arithmetic"):
        PV.printed_power("src", "size", 9.46e16, "9.46 × 10¹⁶", 94_490_000_000_000_000, 16, 2)


def test_a_value_row_is_a_printed_row_judged_as_a_finding_by_the_same_rule():
    from liarlab.core import verdicts as V
    for value, truncated in ((56.0185, True), (56.0149, False), (56.012, True)):
        ours = PV.value_row("x", "src", 56.01, value, 2, family="fam", truncated=truncated, span=100, reference=50,
                            selected=True)
        same = PV.printed("src", "x", 56.01, V.exact(value), compare=(56.01, value), decimals=2, truncated=truncated,
                          span=100, reference=50, kind="finding", family="fam", selected=True)
        assert {k: v for k, v in ours.items() if k != "note"} == {k: v for k, v in same.items() if k != "note"}
    # the one difference: a value row says when only truncation makes it print as the paper's
    assert PV.value_row("x", "src", 56.01, 56.0185, 2)["note"].startswith("matches only by truncation")
    assert "truncation" not in PV.printed("src", "x", 56.01, 56.0185, decimals=2, truncated=True)["note"]
