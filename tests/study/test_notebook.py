"""Each notebook's setup (liarlab.study.notebook): the parameters cell every notebook has, the sizes the setup fills
in and the bad values it refuses."""
import re

import pytest

from liarlab import chain
from liarlab.study import notebook as nb
from liarlab.study import params

#: a notebook's parameters as tests/study/test_params.py declares them
SPECS = dict(n=nb.Int(1, quick=5, full=9), rate=nb.Float(0, 1, optional=True),
             types=nb.IntList(1, 32, quick=[1], full=list(range(1, 33))), mode=nb.Choice(["a", "b"]))
DECLARED = params.Parameters("07", **SPECS)


def namespace(**changes):
    """A notebook's globals after its parameters cell, with ``changes``."""
    ns = dict(profile="quick", seed=1, n_jobs=2, scheduler=None, out_dir=None, progress_bar=False, force=False,
              n=None, rate=None, types=None, mode="a")
    ns.update(changes)
    return ns


def test_every_notebook_has_metadata_and_a_parameters_cell():
    import nbformat

    notebooks = chain.available_notebooks()
    assert "00" in notebooks
    for path in notebooks.values():
        book = nbformat.read(path, as_version=4)
        assert book.metadata["kernelspec"]["name"] == chain.KERNEL_NAME
        assert "language_info" in book.metadata
        code = [c for c in book.cells if c.cell_type == "code"]
        assert "parameters" in code[0].metadata.get("tags", []), path.name
        assert "profile" in code[0].source and "out_dir" in code[0].source


def test_setup_fills_profile_sizes_and_writes_them_back(tmp_path):
    ns = namespace(out_dir=str(tmp_path))
    params = nb.setup(ns, DECLARED)
    assert ns["n"] == 5 and ns["types"] == [1] and ns["rate"] is None
    assert params["n"] == 5 and params["notebook"] == "07"
    ns = namespace(out_dir=str(tmp_path), profile="full", n=3, types="[2, 3]")
    nb.setup(ns, DECLARED)
    assert ns["n"] == 3 and ns["types"] == [2, 3]


@pytest.mark.parametrize("changes, message", [
    (dict(n=-5), r"n must be an integer >= 1 \(or None for the profile's size: quick 5, full 9\), got -5"),
    (dict(n="abc"), r"n must be an integer >= 1 .*got 'abc'"),
    (dict(n=True), r"n must be an integer"),
    (dict(n=2.5), r"n must be an integer"),
    (dict(rate=1.5), r"rate must be a number in 0\.\.1 or None, got 1\.5"),
    (dict(types=[0, 3]), r"types must be a non-empty list of integers in 1\.\.32 .*full \[1\.\.32\]\), got \[0, 3\]"),
    (dict(types=[]), r"types must be a non-empty list"),
    (dict(mode="c"), r"mode must be one of \['a', 'b'\], got 'c'"),
    (dict(profile="medium"), r"profile must be one of \['quick', 'full'\]"),
    (dict(n_jobs=0), r"n_jobs must be an integer >= 1, got 0"),
    (dict(force="yes"), r"force must be True or False, got 'yes'"),
    (dict(out_dir=3), r"out_dir must be a string or None, got 3"),
])
def test_setup_rejects_a_bad_value_naming_the_parameter_and_its_allowed_values(changes, message):
    with pytest.raises(ValueError, match=message):
        nb.setup(namespace(**changes), DECLARED)


def test_setup_catches_a_check_for_a_parameter_the_cell_lacks():
    ns = namespace()
    del ns["mode"]
    with pytest.raises(ValueError, match="'mode', but the parameters cell does not define it"):
        nb.setup(ns, DECLARED)
    with pytest.raises(ValueError, match="two-digit id"):
        params.Parameters("7", **SPECS)
    assert re.search("common", str(pytest.raises(ValueError, params.Parameters, "07", seed=nb.Int(0)).value))
    with pytest.raises(TypeError, match="must be declared with Int"):
        params.Parameters("07", n=5)
    with pytest.raises(ValueError, match="in its params.py"):
        nb.setup(namespace(), "07", n=nb.Int(1))


def test_a_folded_table_keeps_its_labelled_index(monkeypatch):
    import IPython.display as ipd
    import pandas as pd

    grid = pd.DataFrame({"P1": [0.5, 0.6]}, index=pd.Index([100, 500], name="games"))
    shown = []
    monkeypatch.setattr(ipd, "display", shown.append)
    nb.show_folded(grid, "grid")
    assert ">games<" in shown[0].data and "500" in shown[0].data   # the labels are a column of the table


def test_a_count_of_sixteen_digits_or_more_is_summarised_as_the_paper_prints_it():
    # 00: the paper's "9.449 × 10¹⁶" stood beside ours "94,496,161,939,200,000" (issue 50); the exact integer stays
    # in the CSV and the folded full table
    import pandas as pd

    from liarlab.study import notebook as nb

    table = pd.DataFrame([{"claim": "game size", "family": "game size", "source": "T", "kind": "finding",
                           "paper_value": "9.449e16", "reproduced_value": 94_496_161_939_200_000,
                           "verdict": "reproduced", "rule": "r", "unit": "exact"}])
    table.attrs["notebook"] = "00"
    assert nb.claims_summary(table).iloc[0]["ours"] == "9.45 × 10¹⁶, exact"
    assert "94,496,161,939,200,000" in nb.claims_view(table).iloc[0]["ours"]


def _summary_table(rows):
    import pandas as pd

    base = {"source": "T", "kind": "finding", "verdict": "reproduced", "rule": "r", "unit": "runs", "n": 10}
    table = pd.DataFrame([{**base, **r} for r in rows])
    table.attrs["notebook"] = "04"
    return table


def test_the_summary_says_what_a_bare_number_measures_from_the_rows_note():
    # 02: "slightly > 50%" beside a bare "0.017 [0.001, 0.032]" left the reader guessing what was measured (issue 50)
    from liarlab.study import notebook as nb

    table = _summary_table([{"claim": "EXP0: small spread", "family": "Fig 5-6", "paper_value": "small spread",
                             "reproduced_value": 0.022, "ci_low": -0.003, "ci_high": 0.048,
                             "note": "tag; value: the largest seat-to-seat difference; P1 0.3"}])
    assert nb.claims_summary(table).iloc[0]["ours"] == ("0.022 [-0.003, 0.048] over 10 runs (the largest "
                                                         "seat-to-seat difference)")
    table.loc[0, "note"] = "no phrase saying what"
    assert nb.claims_summary(table).iloc[0]["ours"] == "0.022 [-0.003, 0.048] over 10 runs"


def test_an_undecided_familys_summary_line_shows_its_differing_row():
    # 04: the features family (1 differs, 2 undecided) was shown by an undecided row beside its differing lie-history
    # row (issue 50, a fresh reader); a reproduced family is still shown by a reproducing row
    from liarlab.study import notebook as nb

    rows = [{"claim": f"claim {v}", "family": "F", "paper_value": "x", "reproduced_value": 0.1, "ci_low": 0.0,
             "ci_high": 0.2, "verdict": v} for v in ("inconclusive", "differs", "inconclusive")]
    assert nb.claims_summary(_summary_table(rows)).iloc[0]["claim"].endswith("claim differs")
    rows = [{**r, "verdict": "reproduced"} for r in rows[:1]] * 3 + [{**rows[1], "claim": "claim d"}]
    rows = [{**r, "claim": f"claim {i}"} for i, r in enumerate(rows)]
    assert nb.claims_summary(_summary_table(rows)).iloc[0]["claim"].endswith("claim 0")


def test_the_summary_gives_our_values_unit_and_sample():
    # "63.53, exact" beside the paper's "> 50%", and intervals with no sample (issue 50, the lead's list): a
    # percentage says "%", a sample its size and unit, a sample of one says so in words
    from liarlab.study import notebook as nb

    table = _summary_table([{"claim": "first player stays favoured", "family": "LD-1", "paper_value": "> 50%",
                             "reproduced_value": 63.53, "ci_low": None, "ci_high": None, "n": None,
                             "unit": "exact"}])
    assert nb.claims_summary(table).iloc[0]["ours"] == "63.53 %, exact"
    table = _summary_table([{"claim": "N=4 gives the smallest gap in win %", "family": "gap", "paper_value": "4",
                             "reproduced_value": 5, "ci_low": None, "ci_high": None, "n": None, "unit": "exact"}])
    assert nb.claims_summary(table).iloc[0]["ours"] == "5, exact"   # its value is N, no percentage
    table = _summary_table([{"claim": "least exploitable", "family": "F", "paper_value": None,
                             "reproduced_value": 0.2956, "ci_low": 0.2956, "ci_high": 0.2956, "n": 1,
                             "unit": "players", "verdict": "extension"}])
    assert nb.claims_summary(table).iloc[0]["ours"] == "0.2956 for a single player, exact"


def test_a_papers_example_is_named_as_such_not_as_a_check_of_our_code_and_has_no_cause():
    # 04's 343-of-500 example (the paper's 'for example') showed "(our code)" and "cause not given" (issues 49, 50)
    from liarlab.study import answer
    from liarlab.study import notebook as nb

    rows = [{"claim": "Stage 1: the learner wins", "family": "Stage 1", "paper_value": "> 0.5",
             "reproduced_value": 0.6, "ci_low": 0.55, "ci_high": 0.65, "headline": True},
            {"claim": "Stage 1 example: 343 lies in 500", "family": "Stage-1 example", "kind": "check",
             "paper_value": "0.686", "reproduced_value": 0.8, "ci_low": 0.78, "ci_high": 0.82, "verdict": "differs",
             "note": "the paper's own illustrative example, not a check of our code", "cause": ""},
            {"claim": "a simulation matches the exact value", "family": "simulation", "kind": "check",
             "paper_value": "", "reproduced_value": 0.5, "ci_low": 0.49, "ci_high": 0.51, "note": "simulated"}]
    table = _summary_table(rows)
    summary = nb.claims_summary(table)
    example = summary[summary["claim"].str.contains("343")].iloc[0]
    assert "(the paper's example)" in example["claim"] and "our code" not in example["claim"]
    assert "cause" not in summary.columns or example["cause"] == ""
    assert "(our code)" in summary[summary["claim"].str.contains("simulation")].iloc[0]["claim"]
    said = " ".join(answer._checks_parts(table[table["kind"] != "finding"]))
    assert "1 paper's illustrative example" in said and "1 check of our code" in said


def test_a_summary_line_says_its_label_once_and_one_judged_row_once():
    # 03: "Solver (§3.1, Figs 3-7 to 3-19) — Solver — the endgame-table line ..." and "undecided (of 1: 1 undecided)"
    from liarlab.study import notebook as nb

    table = _summary_table([
        {"claim": "Solver: the endgame-table line's tricks", "family": "Solver (§3.1, Figs 3-7 to 3-19)",
         "paper_value": "4", "reproduced_value": 4, "unit": "exact", "headline": True},
        {"claim": "Simulation count: rarely changes the bid", "family": "Simulation-count table",
         "paper_value": "rarely", "reproduced_value": 0.1, "ci_low": 0.0, "ci_high": 0.5, "verdict": "inconclusive"},
        {"claim": "Simulation count: the thesis's own runs", "family": "Simulation-count table",
         "paper_value": "rarely", "reproduced_value": 0.1, "verdict": "not-reproducible"}])
    summary = nb.claims_summary(table)
    assert summary.iloc[0]["claim"] == "Solver (§3.1, Figs 3-7 to 3-19): the endgame-table line's tricks"
    # one judged row: its verdict is said once, and the row the "(2 rows)" of the claim cell adds is named
    assert summary.iloc[1]["verdict"] == "undecided (by its one judged row; the other row not reproducible here)"


def test_a_summary_says_exact_on_every_line_computed_without_sampling():
    # 00's summary said "exact" on one line of 14 while every value of 00 is computed exactly (issue 50): a check
    # of the paper's arithmetic with a number and no interval is a recomputation, and says so like the others
    import pandas as pd

    from liarlab.study import notebook as nb

    rows = pd.DataFrame({"claim": ["a", "b", "c", "d"], "family": ["A", "B", "C", "D"], "source": "paper 01 T1",
                         "kind": ["arithmetic", "arithmetic", "arithmetic", "finding"],
                         "paper_value": ["480", "4.938 × 10¹³", "1H", "0.5"],
                         "reproduced_value": ["480", "4.9381 × 10¹³", "1H", "0.52"],
                         "ci_low": [None, None, None, 0.5], "ci_high": [None, None, None, 0.54],
                         "unit": [None, None, None, "games"], "verdict": "reproduced", "headline": False})
    rows.attrs["notebook"] = "00"
    summary = nb.claims_summary(rows)
    ours = dict(zip(summary["claim"].str[0], summary["ours"]))
    assert ours["A"] == "480, exact" and ours["B"] == "4.9381 × 10¹³, exact"
    assert ours["C"] == "1H" and ours["D"] == "0.520 [0.500, 0.540]"   # a text value; a sampled one


def test_a_summary_line_names_the_cause_of_its_differing_rows_whatever_the_familys_verdict():
    # a family of mixed verdicts or mixed causes showed no cause, and 03's summary had no cause column at all
    # (issue 50, the lead's list)
    from liarlab.study import notebook as nb

    rows = [{"claim": f"row {i}", "family": "Fig 1", "paper_value": "1", "reproduced_value": 1.0, "ci_low": 0.9,
             "ci_high": 1.1, "verdict": v, "cause": c}
            for i, (v, c) in enumerate([("differs", "genuine"), ("differs", "genuine"), ("differs", "reading"),
                                        ("inconclusive", ""), ("inconclusive", ""), ("inconclusive", "")])]
    assert nb.claims_summary(_summary_table(rows)).iloc[0]["cause"] == (
        "a genuine difference in 2 of the 3 differing rows and a reading of the paper in 1")
    rows = [{**r, "verdict": "reproduced", "cause": ""} for r in rows[:3]] + [{**rows[0], "claim": "row 9"}]
    # a reproduced (or undecided) family's cause is its differing rows', said as theirs: a bare "a genuine
    # difference" beside "undecided" read as a contradiction (two fresh readers)
    assert nb.claims_summary(_summary_table(rows)).iloc[0]["cause"] == "for the differing row: a genuine difference"


def test_the_summary_gives_the_allowed_range_where_our_interval_excludes_a_printed_value_that_still_agrees():
    from liarlab.study import notebook as nb

    rule = "value: printed 5.6: allowed [5.23036, 5.96964]; reproduced if the point interval lies inside"
    row = {"claim": "mean", "family": "Fig 1", "paper_value": "5.6", "reproduced_value": 5.46, "ci_low": 5.38,
           "ci_high": 5.55, "verdict": "reproduced", "cause": "", "rule": rule}
    assert nb.claims_summary(_summary_table([row])).iloc[0]["paper"] == "5.6 (allowed 5.23 to 5.97)"
    inside = {**row, "ci_high": 5.7}
    assert nb.claims_summary(_summary_table([inside])).iloc[0]["paper"] == "5.6"


def test_a_trimmed_summary_keeps_a_family_with_a_differing_row_before_one_that_wholly_agrees():
    # 03's three misprints sat inside arithmetic tables that otherwise agree, behind "7 more families", and its
    # summary named no cause (issue 50, the lead's list)
    from liarlab.study import notebook as nb

    rows = [{"claim": f"sum {i}", "family": f"T{i}", "kind": "arithmetic", "paper_value": "1",
             "reproduced_value": 1.0, "ci_low": None, "ci_high": None} for i in range(20)]
    rows += [{**rows[-1], "claim": "sum 19b", "verdict": "differs", "cause": "misprint"}]
    summary = nb.claims_summary(_summary_table(rows))
    assert len(summary) == 15 and "a misprint" in set(summary["cause"])
