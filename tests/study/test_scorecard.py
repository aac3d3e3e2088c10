"""The scorecard counts honestly: families and rows separately, grouped by paper, headline rows, prose."""
import json

import matplotlib
import pandas as pd
import pytest

from liarlab.core import verdicts as V
from liarlab.study import outputs, scorecard


def c(text, source, paper, ours, verdict, kind="finding", **kwargs):
    """A claims row whose verdict is given (the verdict protocol is tested in tests/core/test_verdicts.py)."""
    return outputs.claim(text, source, paper, ours, V.stated(verdict, "test rule"), kind=kind, **kwargs)

matplotlib.use("Agg")


@pytest.fixture()
def claims_folder(tmp_path):
    outputs.configure(tmp_path)
    a = "arithmetic"
    rows00 = [c("P(at least 1)", "paper 01 Table 4.5", 0.5981, 0.5981, "reproduced", a, family="paper 01 Table 4.5"),
              c("P(at least 2)", "paper 01 Table 4.5", 0.1962, 0.1962, "reproduced", a, family="paper 01 Table 4.5"),
              c("misprint 4561", "paper 01 §4.2 text", 4561, 4651, "differs", a, headline=True, note="digits swapped"),
              c("Q-space full n=3", "paper 02 Table 4-4", 141053200, 141053220, "differs", a, family="paper 02 Table 4-4"),
              c("Q-space full n=2", "paper 02 Table 4-4", 9545760, 9545760, "reproduced", a, family="paper 02 Table 4-4"),
              c("MC check", "paper 01 Table 4.5", 0.5981, 0.5982, "reproduced", "check")]
    outputs.save_claims("00", rows00)
    cells = [c(f"Bluff-2 cell {i}", "talk", 50, 50 + (i % 2), "reproduced" if i % 2 == 0 else "differs",
               family="Bluff-2 table") for i in range(25)]
    rows05 = [c("41/60", "talk", 68.33, 68.33, "reproduced", headline=True)] + cells + [
        c("exact Bluff-1 N=7", "talk", None, 47.0, "extension", note="what the talk could not solve")]
    outputs.save_claims("05", rows05)
    return tmp_path / "data"


def test_claim_family_defaults_to_the_claim_and_headline_goes_to_the_sidecar(tmp_path):
    outputs.configure(tmp_path)
    frame = outputs.save_claims("07", [c("x", "T1", 1, 1, "reproduced"),
                                       c("y", "T1", 1, 2, "differs", family="Table 1", headline=True)])
    assert list(frame["family"]) == ["x", "Table 1"]
    meta = json.loads((tmp_path / "data" / "07_claims.json").read_text())
    assert meta["headline_rows"] == [1]


def test_paper_comes_from_the_source_else_the_notebook():
    assert scorecard.paper_of("00", "paper 02 Table 6-1") == "02"
    assert scorecard.paper_of("00", "paper 01, derived") == "01"
    assert scorecard.paper_of("05", "Kayanuma 2016 talk (seed 004)") == "05"
    assert scorecard.paper_of("03", float("nan")) == "03"


def test_families_and_rows_are_counted_separately_by_paper(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    assert list(claims.columns[:2]) == ["notebook", "paper"]
    counts = scorecard.verdict_counts(claims).set_index(["paper", "unit"])
    # paper 05: 27 rows, but only 3 families (41/60, the 25-cell table, the extension)
    assert counts.loc[("05", "rows"), "total"] == 27
    assert counts.loc[("05", "families"), "total"] == 3
    # the 25-cell table with cells that differ is one family that differs
    assert counts.loc[("05", "families"), "differs"] == 1
    assert counts.loc[("05", "rows"), "differs"] == 12
    # notebook 00's rows are arithmetic and code checks: never counted as findings...
    assert "01" not in counts.index.get_level_values(0) and "02" not in counts.index.get_level_values(0)
    assert counts.loc[("all", "rows"), "total"] == 27
    assert counts.loc[("all", "families"), "total"] == 3
    assert "Kayanuma" in counts.loc[("05", "rows"), "paper_name"]
    # ...but counted apart, for the papers their sources name
    kinds = scorecard.kind_counts(scorecard.gather_claims(claims_folder)).set_index(["paper", "kind"])
    assert kinds.loc[("01", "arithmetic"), "rows"] == 3 and kinds.loc[("01", "arithmetic"), "differ"] == 1
    assert kinds.loc[("01", "check"), "rows"] == 1
    assert kinds.loc[("02", "arithmetic"), "rows"] == 2 and kinds.loc[("02", "arithmetic"), "differ"] == 1


def test_counts_sentence_keeps_checks_and_selected_rows_apart(tmp_path):
    outputs.configure(tmp_path)
    outputs.save_claims("02", [c("a", "T", 1, 1, "reproduced", selected=True),
                               c("b", "T", 1, 1, "inconclusive"),
                               c("c", "T", 1, 2, "differs", "arithmetic"),
                               c("d", "T", 1, 1, "reproduced", "check")])
    text = scorecard.counts_sentence(scorecard.gather_claims(tmp_path / "data"))
    assert text.startswith("Findings: 2 claim families (1 reproduced, 1 inconclusive); 2 rows")
    assert "1 reproduced rows agree by selection" in text
    assert "1 checks of the paper's arithmetic (1 misprints)" in text and "1 checks of our code (0 failing)" in text


def test_family_verdict_is_the_most_serious_row_verdict(claims_folder):
    fams = scorecard.families(scorecard.gather_claims(claims_folder)).set_index("family")
    assert fams.loc["Bluff-2 table", "verdict"] == "differs"
    assert fams.loc["Bluff-2 table", "row_verdicts"] == "13 reproduced, 12 differs"
    assert fams.loc["paper 01 Table 4.5", "verdict"] == "reproduced"


def test_headlines_and_prose_come_from_the_claims(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    heads = scorecard.headline_rows(claims)
    assert list(heads["claim"]) == ["misprint 4561", "41/60"]
    text = scorecard.summary_markdown(claims)
    assert "Headline: *41/60*" in text and "digits swapped" in text
    assert "Bluff-2 table (13 reproduced, 12 differs)" in text
    assert "exact Bluff-1 N=7" in text  # the extension
    assert "141,053,220" in text  # integers print as integers
    disagreements, misprints = text.split("### Misprints")[0].split("### The most important disagreements")[1], \
        text.split("### Misprints")[1].split("###")[0]
    assert "misprint 4561" not in disagreements and "misprint 4561" in misprints  # misprints are not findings


def test_old_tables_without_family_still_count(tmp_path):
    (tmp_path / "01_claims.csv").write_text("claim,source,paper_value,reproduced_value,ci_low,ci_high,verdict,note\n"
                                            "a,T,1,1,,,reproduced,\n")
    claims = scorecard.gather_claims(tmp_path)
    assert claims.loc[0, "family"] == "a" and not claims.loc[0, "headline"]


def test_counts_reject_an_unknown_grouping(claims_folder):
    with pytest.raises(ValueError, match="by must be"):
        scorecard.verdict_counts(scorecard.gather_claims(claims_folder), by="verdict")


def test_figure_keeps_the_legend_off_the_bars(claims_folder):
    fig = scorecard.verdict_figure(scorecard.verdict_counts(scorecard.gather_claims(claims_folder)))
    assert not any(ax.get_legend() for ax in fig.axes)
    assert len(fig.legends) == 1
    fig.canvas.draw()
    legend_box = fig.legends[0].get_window_extent()
    for ax in fig.axes:
        assert not legend_box.overlaps(ax.get_window_extent())
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert any("Kayanuma" in label for label in labels)


def test_describe_row_formats_numbers():
    row = pd.Series({"claim": "c", "source": "s", "paper_value": "1.410532e+08", "reproduced_value": "141053220",
                     "ci_low": None, "ci_high": None, "verdict": "differs", "note": ""})
    assert "paper 141,053,200, ours 141,053,220" in scorecard.describe_row(row)
