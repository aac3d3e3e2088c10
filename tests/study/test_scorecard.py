"""The scorecard counts honestly: finding families by the declared family rule, differing families by cause,
weak agreements and extensions apart, coverage per notebook as each notebook counts it, and a figure and
caption that say the same."""
import json
import re
from pathlib import Path

import matplotlib
import nbformat
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.study import answer, context, coverage, outputs, scorecard

matplotlib.use("Agg")
REPO = Path(__file__).resolve().parents[2]


AS_PRINTED = R.Reading("as printed", "the statement as the paper prints it", "the paper", default=True)
OTHER = R.Reading("other opener", "the other player opens", "spec, open point 1")


def readings_for(text, family, cause):
    """Readings rows of one differing claim whose verdicts give ``cause`` by the one rule (verdicts.cause)."""
    rows = [R.run(family, text, AS_PRINTED, None, "differs")]
    if cause == "reading":
        rows.append(R.run(family, text, OTHER, None, "reproduced"))
    elif cause == "power":
        rows.append(R.run(family, text, OTHER, None, "inconclusive"))
    else:   # genuine (a finding), misprint (an arithmetic check)
        rows.append(R.not_run(family, text, OTHER, "the paper leaves no other reading open"))
    return rows


def c(text, source, paper, ours, verdict, kind="finding", cause=None, **kwargs):
    """A claims row whose verdict is given (the verdict protocol is tested in tests/core/test_verdicts.py); a
    differing finding or arithmetic check gets readings rows that give ``cause`` (default: genuine, misprint)."""
    if verdict == "differs" and kind in ("finding", "arithmetic"):
        cause = cause or ("misprint" if kind == "arithmetic" else "genuine")
        kwargs["readings"] = readings_for(text, kwargs.get("family") or text, cause)
    return outputs.claim(text, source, paper, ours, V.stated(verdict, "test rule"), kind=kind, **kwargs)


def j(text, family, verdict, paper=1, **judgement):
    """A finding row judged by a Judgement with flags (weak, undecidable, ...)."""
    return outputs.claim(text, "T", paper, 1, V.Judgement(verdict, "test rule", **judgement), kind="finding",
                         family=family)


@pytest.fixture()
def claims_folder(tmp_path):
    context.start(out_dir=tmp_path)
    a = "arithmetic"
    rows00 = [c("P(at least 1)", "paper 01 Table 4.5", 0.5981, 0.5981, "reproduced", a, family="paper 01 Table 4.5"),
              c("P(at least 2)", "paper 01 Table 4.5", 0.1962, 0.1962, "reproduced", a, family="paper 01 Table 4.5"),
              c("misprint 4561", "paper 01 §4.2 text", 4561, 4651, "differs", a, headline=True, note="digits swapped"),
              c("Q-space full n=3", "paper 02 Table 4-4", 141053200, 141053220, "differs", a, family="paper 02 Table 4-4"),
              c("Q-space full n=2", "paper 02 Table 4-4", 9545760, 9545760, "reproduced", a, family="paper 02 Table 4-4"),
              c("MC check", "paper 01 Table 4.5", 0.5981, 0.5982, "reproduced", "check")]
    outputs.save_claims("00", rows00)
    cells = [c(f"Bluff-2 cell {i}", "talk", 50, 50 + (i % 2), "reproduced" if i % 2 == 0 else "differs",
               family="Bluff-2 table", cause="reading")
             for i in range(25)]
    rows05 = [c("41/60", "talk", 68.33, 68.33, "reproduced", headline=True)] + cells + [
        c("exact Bluff-1 N=7", "talk", None, 47.0, "extension", note="what the talk could not solve")]
    outputs.save_claims("05", rows05)
    return tmp_path / "data"


@pytest.fixture()
def mixed(tmp_path):
    """One paper with every status: 12-row family with one differing row (reproduced by the family rule), a
    weak agreement, two differing families (reading, power), an undecidable family, an inconclusive family by
    the rule (2 reproduced, 1 differs, 1 inconclusive), and a family with judged and extension rows."""
    context.start(out_dir=tmp_path)
    rows = [j(f"cell {i}", "Table 1", "reproduced") for i in range(11)]
    rows.append(c("cell 11", "T", 1, 2, "differs", family="Table 1", cause="power"))
    rows.append(j("wide band", "Fig 2", "reproduced", weak=True))
    rows += [c(f"reading {i}", "T", 1, 2, "differs", family="Fig 3", cause="reading") for i in range(2)]
    rows.append(c("small sample", "T", 1, 2, "differs", family="Fig 4", cause="power"))
    rows.append(j("ceiling", "Fig 5", "inconclusive", undecidable=True))
    rows += [j("m1", "Fig 6", "reproduced"), j("m2", "Fig 6", "reproduced"),
             c("m3", "T", 1, 2, "differs", family="Fig 6", cause="genuine"), j("m4", "Fig 6", "inconclusive")]
    rows += [j("judged", "Fig 7", "reproduced"),
             c("ours 1", "T", None, 3, "extension", family="Fig 7"), c("ours 2", "T", None, 4, "extension",
                                                                       family="Fig 7")]
    outputs.save_claims("04", rows)
    return scorecard.gather_claims(tmp_path / "data")


def test_claim_family_defaults_to_the_claim_and_headline_goes_to_the_sidecar(tmp_path):
    context.start(out_dir=tmp_path)
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


def test_family_verdict_follows_the_declared_rule_not_the_worst_row(mixed):
    fams = scorecard.families(mixed).set_index("family")
    # 11 of 12 reproduced: one differing row does not turn the family
    assert fams.loc["Table 1", "verdict"] == "reproduced" and fams.loc["Table 1", "basis"] == "11 of 12 reproduced"
    assert fams.loc["Table 1", "row_verdicts"] == "11 reproduced, 1 differs"
    assert fams.loc["Fig 3", "verdict"] == "differs" and fams.loc["Fig 3", "basis"] == "2 of 2 differ"
    # 2 of 4 reproduced, 1 differs, 1 inconclusive: neither 3/4 reproduced nor 1/2 differing
    assert fams.loc["Fig 6", "verdict"] == "inconclusive"
    assert fams.loc["Fig 6", "basis"] == "of 4: 2 reproduced, 1 differs, 1 inconclusive"
    found = scorecard.finding_families(mixed).set_index("family")
    for family, group in mixed[mixed.verdict != "extension"].groupby("family"):
        assert found.loc[family, "verdict"] == V.family_verdict(list(group.verdict))


def test_extensions_are_counted_apart_never_among_findings(mixed):
    found = scorecard.finding_families(mixed)
    ext = scorecard.extension_families(mixed)
    assert "extension" not in set(found["verdict"])
    assert list(ext["family"]) == ["Fig 7"] and ext["rows"].item() == 2
    assert "Fig 7" in set(found["family"])  # its judged row is a finding family of its own
    counts = scorecard.verdict_counts(mixed).set_index(["paper", "unit"])
    assert counts.loc[("04", "families"), "findings"] == 7
    assert counts.loc[("04", "families"), "extension"] == 1
    assert counts.loc[("04", "rows"), "findings"] == 22 and counts.loc[("04", "rows"), "extension"] == 2
    statuses = [s for s in scorecard.STATUSES if s in counts.columns]
    assert (counts[statuses].sum(axis=1) == counts["findings"]).all()


def test_differing_families_are_counted_by_cause(mixed):
    counts = scorecard.verdict_counts(mixed).set_index(["paper", "unit"])
    fam = counts.loc[("04", "families")]
    assert fam["differs: reading"] == 1 and fam["differs: power"] == 1
    assert fam["differs: genuine"] == 0 and fam["differs: misprint"] == 0
    assert "differs: cause not given" not in counts.columns  # shown only when a table lacks causes
    rows = counts.loc[("04", "rows")]
    assert rows["differs: power"] == 2 and rows["differs: reading"] == 2 and rows["differs: genuine"] == 1
    differing = scorecard.differing_families(mixed).set_index("family")
    assert set(differing.index) == {"Fig 3", "Fig 4"}
    assert differing.loc["Fig 3", "cause"] == "reading"
    assert differing.loc["Fig 3", "readings"] == "2 readings run (as printed (default): differs; other opener: " \
        "reproduced)"
    text = scorecard.differing_families_markdown(mixed)
    assert "*Fig 3*: 2 of 2 differ. **Cause: reading**" in text
    assert "Readings tried: 2 readings run (as printed (default): differs; other opener: inconclusive)." in text
    # the families that hold differing rows without differing as a family are listed apart
    assert "*Table 1*: reproduced (11 of 12 reproduced" in text.split("does not call differing")[1]


def test_commonest_cause_names_a_family_and_old_tables_say_no_cause(tmp_path):
    assert scorecard._commonest_cause(["power", "reading", "reading"]) == "reading"
    assert scorecard._commonest_cause(["genuine", "misprint"]) == "misprint"  # a tie: the order of CAUSES
    assert scorecard._commonest_cause(["", ""]) == scorecard.NO_CAUSE
    (tmp_path / "01_claims.csv").write_text("claim,source,paper_value,reproduced_value,ci_low,ci_high,verdict,note\n"
                                            "a,T,1,2,,,differs,\n")
    claims = scorecard.gather_claims(tmp_path)
    assert scorecard.families(claims)["status"].item() == "differs: cause not given"
    assert "1 differs (causes: cause not given 1)" in scorecard.counts_sentence(claims)


def test_weak_agreements_and_undecidable_rows_are_counted_apart(mixed):
    fams = scorecard.families(mixed).set_index("family")
    assert fams.loc["Fig 2", "status"] == "weak agreement"
    assert fams.loc["Fig 5", "status"] == "undecidable"
    counts = scorecard.verdict_counts(mixed).set_index(["paper", "unit"]).loc[("04", "families")]
    assert counts["reproduced"] == 2 and counts["weak agreement"] == 1  # Table 1 and Fig 7's judged row
    assert counts["inconclusive"] == 1 and counts["undecidable"] == 1


def test_count_line_keeps_weak_agreements_and_extensions_apart(mixed):
    text = scorecard.counts_sentence(mixed)
    assert text.startswith("Findings, in 7 families: 2 reproduced, 2 differ (causes: reading 1, power 1), "
                           "2 undecided (1 that more data could decide, 1 that no sample size decides); 1 more agrees "
                           "only weakly (")
    assert "not among the 2 reproduced). Extensions, our additions counted apart: 1 family (2 rows)." in text
    # 2 + 2 + 2 + 1 weak = 7: extensions never among the findings
    assert "By finding row (22 in all): 14 reproduced, 5 differ (causes: reading 2, power 2, genuine 1), " \
           "2 undecided (1 that more data could decide, 1 that no sample size decides); 1 more agrees only " \
           "weakly" in text


def test_counts_sentence_keeps_checks_and_selected_rows_apart(tmp_path):
    context.start(out_dir=tmp_path)
    outputs.save_claims("02", [c("a", "T", 1, 1, "reproduced", selected=True),
                               c("b", "T", 1, 1, "inconclusive"),
                               c("c", "T", 1, 2, "differs", "arithmetic"),
                               c("d", "T", 1, 1, "reproduced", "check")])
    text = scorecard.counts_sentence(scorecard.gather_claims(tmp_path / "data"))
    assert text.startswith("Findings, in 2 families: 1 reproduced, 0 differ, 1 undecided. Extensions, our "
                           "additions counted apart: 0 families")
    assert "1 reproduced rows agree by selection" in text
    assert "1 check of the paper's arithmetic (0 agree; 1 misprint)" in text
    assert "1 check of our code (1 agree; 0 failing)" in text


def test_families_and_rows_are_counted_separately_by_paper(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    assert list(claims.columns[:2]) == ["notebook", "paper"]
    counts = scorecard.verdict_counts(claims).set_index(["paper", "unit"])
    # paper 05: 26 finding rows in 2 families (41/60, the 25-cell table); the extension apart
    assert counts.loc[("05", "rows"), "findings"] == 26 and counts.loc[("05", "rows"), "extension"] == 1
    assert counts.loc[("05", "families"), "findings"] == 2 and counts.loc[("05", "families"), "extension"] == 1
    # 13 of 25 cells reproduced, 12 differ: neither 3/4 nor 1/2, so the table is inconclusive
    assert counts.loc[("05", "families"), "inconclusive"] == 1
    assert counts.loc[("05", "rows"), "differs: reading"] == 12
    # notebook 00's rows are arithmetic and code checks: never counted as findings...
    assert counts.loc[("01", "rows"), "findings"] == 0 and counts.loc[("02", "families"), "findings"] == 0
    assert counts.loc[("all", "rows"), "findings"] == 26
    assert "Kayanuma" in counts.loc[("05", "rows"), "paper_name"]
    # ...but counted apart, for the papers their sources name
    kinds = scorecard.kind_counts(scorecard.gather_claims(claims_folder)).set_index(["paper", "kind"])
    assert kinds.loc[("01", "arithmetic"), "rows"] == 3 and kinds.loc[("01", "arithmetic"), "differ"] == 1
    assert kinds.loc[("01", "check"), "rows"] == 1
    assert kinds.loc[("02", "arithmetic"), "rows"] == 2 and kinds.loc[("02", "arithmetic"), "differ"] == 1


def test_headlines_and_prose_come_from_the_claims(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    heads = scorecard.headline_rows(claims)
    assert list(heads["claim"]) == ["misprint 4561", "41/60"]
    text = scorecard.summary_markdown(claims)
    assert "Headline: *41/60*" in text and "digits swapped" in text
    assert "exact Bluff-1 N=7" in text  # the extension
    assert "141,053,220" in text  # integers print as integers
    disagreements, misprints = text.split("### Misprints")[0].split("### The most important disagreements")[1], \
        text.split("### Misprints")[1].split("###")[0]
    assert "misprint 4561" not in disagreements and "misprint 4561" in misprints  # misprints are not findings
    assert "likeliest cause is a reading" not in disagreements  # the Bluff-2 table does not differ as a family


def test_dashboard_opens_with_the_counts_per_paper_and_coverage(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    text = scorecard.dashboard_markdown(claims, claims_folder)
    assert text.startswith("**All papers.** Findings, in 2 families")
    assert "**05 · Kayanuma 2016: N-face Liar's Dice and Bluff**: 2 finding families: 1 reproduced, 0 differ, " \
           "1 undecided; weak agreements: 0; extensions: 1. Headline: *41/60*: the row **reproduces**." in text
    assert "**01 · Huang 2009: Liar Dice, random guess + network**: no findings (checks only)" in text


def test_old_tables_without_family_still_count(tmp_path):
    (tmp_path / "01_claims.csv").write_text("claim,source,paper_value,reproduced_value,ci_low,ci_high,verdict,note\n"
                                            "a,T,1,1,,,reproduced,\n")
    claims = scorecard.gather_claims(tmp_path)
    assert claims.loc[0, "family"] == "a" and not claims.loc[0, "headline"]


def test_counts_reject_an_unknown_grouping(claims_folder):
    with pytest.raises(ValueError, match="by must be"):
        scorecard.verdict_counts(scorecard.gather_claims(claims_folder), by="verdict")


def test_figure_panels_colours_and_legend(mixed):
    counts = scorecard.verdict_counts(mixed)
    fig = scorecard.verdict_figure(counts)
    ax, ax_ext = fig.axes
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    # titles and axis labels never overlap, and every axis is labelled
    assert not ax.title.get_window_extent(renderer).overlaps(ax_ext.title.get_window_extent(renderer))
    assert ax.get_xlabel() and ax.get_ylabel() and ax_ext.get_xlabel()
    # one distinct colour per status; extensions only in their own panel
    legend = fig.legends[0]
    names = [t.get_text() for t in legend.get_texts()]
    assert names[-1].startswith("extension") and not any(n == "extension" for n in names[:-1])
    colours = [matplotlib.colors.to_hex(h.get_facecolor()) for h in legend.legend_handles]
    assert len(set(colours)) == len(colours)
    # the legend says each status in words, not as the protocol's code (issue 50, a fresh reader's scores)
    assert not any(n in ("not-reproducible", "inconclusive", "undecidable") or "untested" in n for n in names)
    left_colours = {matplotlib.colors.to_hex(p.get_facecolor()) for p in ax.patches}
    assert scorecard.STYLE["extension"][0].lower() not in left_colours
    ext_widths = [p.get_width() for p in ax_ext.patches]
    assert ext_widths == [1]  # the one extension family, drawn apart
    # the stacked bar holds every finding family of the paper
    assert sum(p.get_width() for p in ax.patches) == 7
    # the legend covers no data
    assert not any(a.get_legend() for a in fig.axes) and len(fig.legends) == 1
    for a in fig.axes:
        assert not legend.get_window_extent(renderer).overlaps(a.get_window_extent(renderer))
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert any("Cheat" in label for label in labels)


def test_every_status_has_a_distinct_colour_and_hatch():
    styles = [scorecard.STYLE[s] for s in scorecard.STATUSES] + [scorecard.STYLE["extension"]]
    assert len(set(styles)) == len(styles)
    assert len({colour for colour, _ in styles}) == len(styles)


def test_caption_numbers_come_from_the_counts(mixed):
    caption = scorecard.figure_caption(scorecard.verdict_counts(mixed))
    assert "Of 7 finding families, 2 are reproduced and 1 more agrees only within a weak band" in caption
    assert ("; 2 differ (likeliest cause a reading of the paper in 1 of them and too little power in 1); 2 are undecided (1 that more data could decide, 1 at our budget cap "
            "or that no sample size decides).") in caption
    assert ("What to notice: paper 04 has both the largest share of reproduced families (2 of 7) and the most "
            "differing ones (2 of 7); the commonest causes tie: a reading of the paper and too little power (1 of 2 "
            "each)") in caption
    assert "Extensions (1 family) are drawn apart" in caption


def test_table_view_rounds_and_keeps_the_full_text():
    row = {"paper": "01", "notebook": "01", "family": "f", "claim": "a long claim " * 20, "source": "s",
           "paper_value": "0.5981", "reproduced_value": 0.59812345, "ci_low": 0.591234, "ci_high": 0.6051234,
           "interval": "95 %", "n": 50000, "unit": "games", "verdict": "differs", "flags": "same direction",
           "cause": "reading", "readings": "two readings", "note": "Wilson at 0.9984 per type (Bonferroni for 32)"}
    view = scorecard.table_view(pd.DataFrame([row]))
    r = view.iloc[0]
    assert r["claim"] == row["claim"]  # never cut
    assert r["ours"] == "0.5981 (95 %: 0.5912 to 0.6051) over 50,000 games"  # to the paper's precision
    assert r["verdict"] == "differs (same direction)"
    assert r["why, and notes"] == ("cause: reading; readings tried: two readings; a 99.84 % Wilson interval per type "
                                   "(Bonferroni-adjusted for 32 comparisons)")


def test_values_read_to_three_significant_digits():
    assert scorecard.format_value(0.123456789) == "0.123"
    assert scorecard.format_value(58.00265719529185) == "58"
    assert scorecard.format_value("141053220") == "141,053,220"
    assert scorecard.format_value(0.5, decimals=3) == "0.500"
    assert scorecard.words("mean 0.67812345 and +-0.02, 2.87 pp") == "mean 0.678 and ±0.02, 2.87 points"


def test_describe_row_formats_numbers():
    row = pd.Series({"claim": "c", "source": "s", "paper_value": "1.410532e+08", "reproduced_value": "141053220",
                     "ci_low": None, "ci_high": None, "verdict": "differs", "note": ""})
    assert "paper 141,053,200, ours 141,053,220" in scorecard.describe_row(row)


# ---------------------------------------------------------------- coverage counted the same way everywhere

def _ledger_rows(spec, codes, reduced=()):
    return [coverage.experiment(spec, code, code, "size", "size", "reduced" if code in reduced else "full", "here",
                                "smaller" if code in reduced else "") for code in codes]


def test_coverage_counts_per_notebook_as_each_notebook_does(tmp_path):
    context.start(out_dir=tmp_path)
    # notebook 00 runs one experiment of spec 01 and two of spec 02; notebook 01 runs the rest of spec 01
    coverage.save_ledger("00", _ledger_rows("01", ["E1"]) + _ledger_rows("02", ["#1", "#2"]))
    coverage.save_ledger("01", _ledger_rows("01", ["E2", "E3", "X4"], reduced=("X4",)))
    lines = scorecard.coverage_lines(tmp_path / "data")
    assert lines == ["1 of 1 experiment at full size (spec 01, notebook 00)",
                     "2 of 2 experiments at full size (spec 02, notebook 00)",
                     "2 of 3 experiments at full size, 1 reduced (spec 01, notebook 01)"]
    # no colon per spec: 99 said "notebook 00, spec 01: ...; notebook 00, spec 02: ..." (issue 50)
    assert not any(":" in line for line in lines)
    # the line each notebook prints above its own ledger (nb.show_coverage) is the same count
    for nb in ("00", "01"):
        own = pd.read_csv(tmp_path / "data" / f"{nb}_coverage.csv", dtype=str, keep_default_na=False)
        for line in coverage.summary(own)["line"]:
            assert scorecard.notebook_line(line, nb) in lines


def _markdown_outputs(path):
    nb = nbformat.read(path, as_version=4)
    texts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            texts.append(str(data.get("text/markdown", "")) + str(out.get("text", "")))
    return "\n".join(texts)


def test_committed_coverage_lines_of_the_notebooks_are_notebook_99s():
    """Every count a committed notebook prints above its ledger ("**Coverage.** 01: 14 of 15 ...") reads the
    same in the committed notebook 99 ("notebook 01, spec 01: 14 of 15 ...")."""
    scorecard_text = _markdown_outputs(REPO / "notebooks" / "99_scorecard.ipynb")
    checked = 0
    for path in sorted((REPO / "notebooks").glob("0[0-9]_*.ipynb")):
        for paragraph in re.findall(r"\*\*Coverage\.\*\* (.+?)\.(?:\n|$)", _markdown_outputs(path)):
            # one paragraph holds every spec's count; 99 lists each spec on its own. Two forms, as the committed
            # outputs come from one chain run: "01: ...; 02: ..." (99: "notebook 00, spec 01: ..."), and since
            # issue 50's fresh readers "... (spec 01); ... (spec 02)" (99: "... (spec 01, notebook 00)")
            nb = path.name[:2]
            if re.match(r"\d\d: ", paragraph):
                expected = [f"notebook {nb}, spec {line}" for line in re.split(r"; (?=\d\d: )", paragraph)]
            else:
                expected = [scorecard.notebook_line(line, nb) for line in re.split(r"(?<=\)); ", paragraph)]
            for line in expected:
                assert line in scorecard_text, (path.name, line)
                checked += 1
    assert checked >= 1


# ---------------------------------------------------------------- issue 37: counted as each notebook counts

def test_a_differing_arithmetic_check_is_a_misprint_only_by_its_cause(tmp_path):
    context.start(out_dir=tmp_path)
    outputs.save_claims("00", [c("sum", "paper 01 T", 1, 1, "reproduced", "arithmetic"),
                               c("slip", "paper 01 T", 1, 2, "differs", "arithmetic"),
                               c("convention", "paper 01 T", 1, 2, "differs", "arithmetic", cause="reading"),
                               c("ours", "paper 01 T", None, 3, "extension", "arithmetic")])
    claims = scorecard.gather_claims(tmp_path / "data")
    text = scorecard.counts_sentence(claims)
    # every row accounted for: 3 checks (1 agree, 1 misprint, 1 reading) and the extension apart
    assert "3 checks of the paper's arithmetic (1 agree; 1 misprint; 1 differs (cause: reading))" in text
    assert "extensions, our additions counted apart: 1 family (1 row)" in text
    kinds = scorecard.kind_counts(claims).set_index(["paper", "kind"]).loc[("01", "arithmetic")]
    assert (kinds["differ"], kinds["misprints"], kinds["extension"]) == (2, 1, 1)


def test_extensions_of_every_kind_are_counted_as_the_notebook_counts_them(mixed, tmp_path):
    from liarlab.study import answer

    context.start(out_dir=tmp_path / "more")
    rows = [c("judged", "T", 1, 1, "reproduced", family="F"), c("ours", "T", None, 2, "extension", family="F"),
            c("our check", "T", None, 1, "extension", "check", family="G")]   # an extension of kind check
    outputs.save_claims("04", rows)
    claims = scorecard.gather_claims(tmp_path / "more" / "data")
    counts = scorecard.verdict_counts(claims, by="notebook").set_index(["notebook", "unit"])
    assert counts.loc[("04", "rows"), "extension"] == 2 == answer.finding_counts(claims)["extension"]
    assert counts.loc[("04", "families"), "extension"] == 2
    assert "counted apart: 2 families (2 rows)" in scorecard.counts_sentence(claims)
    assert "checks of our code" not in scorecard.counts_sentence(claims)


def test_counts_by_notebook_and_the_line_that_says_notebook_00_is_folded_into_papers(claims_folder):
    claims = scorecard.gather_claims(claims_folder)
    by_nb = scorecard.verdict_counts(claims, by="notebook").set_index(["notebook", "unit"])
    assert by_nb.loc[("05", "rows"), "findings"] == 26 and by_nb.loc[("00", "rows"), "findings"] == 0
    assert scorecard.folded_notebooks(claims) == ("Notebook 00's 6 rows count for the papers their sources name: "
                                                  "4 for paper 01, 2 for paper 02.")
    text = scorecard.dashboard_markdown(claims, claims_folder)
    assert "**Counted by paper.** Notebook 00's 6 rows" in text
    assert ("* **Notebook 00** (rows for papers 01 and 02): no findings; extension rows: 0; 5 checks of the paper's "
            "arithmetic (3 agree; 2 misprints); 1 check of our code (1 agree; 0 failing).") in text
    kinds = scorecard.kind_counts(claims, by="notebook").set_index(["notebook", "kind"])
    assert kinds.loc[("00", "arithmetic"), "misprints"] == 2


def test_a_headline_shows_its_row_verdict_and_its_family_verdict_labelled(mixed):
    mixed = mixed.copy()
    mixed["headline"] = mixed["claim"] == "m3"   # differs, in Fig 6, which the family rule calls inconclusive
    row = scorecard.headline_rows(mixed).iloc[0]
    text = scorecard.headline_text(mixed, row)
    assert text == ("*m3*: the row **differs** (likeliest cause a genuine difference); its family *Fig 6* (4 rows) "
                    "**is undecided** by the family rule (of 4: 2 reproduced, 1 differs, 1 inconclusive)")
    assert text in scorecard.dashboard_markdown(mixed)
    assert "The row **differs** (likeliest cause a genuine difference); its family *Fig 6* (4 rows) **is undecided**" \
        in scorecard.summary_markdown(mixed)


def test_tied_causes_read_as_ties():
    assert scorecard.cause_counts(["reading", "genuine", "genuine", "reading", ""]) == "2 reading, 2 genuine"
    line = {"unit": "families", "findings": 12, "reproduced": 0, "differs: reading": 6, "differs: genuine": 6,
            "extension": 0}
    counts = pd.DataFrame([{"paper": "01", **line}, {"paper": "all", **line}])
    caption = scorecard.figure_caption(counts)
    assert "the commonest causes tie: a reading of the paper and a genuine difference (6 of 12 each)" in caption
    assert "commonest cause is" not in caption


def test_the_figure_draws_every_extension_family_the_caption_counts(mixed):
    # 99's figure drew 31 extension families and left out 06's (a notebook of ours, no paper) while its caption
    # counted 39 (issue 50): the notebook's row stays, its empty left side says why
    ours = mixed[mixed["paper"] == mixed["paper"].iloc[0]].head(1).assign(
        notebook="06", paper="06", family="ours", claim="o1", kind="finding", verdict="extension")
    counts = scorecard.verdict_counts(pd.concat([mixed, ours], ignore_index=True))
    fig = scorecard.verdict_figure(counts)
    ax, ax_ext = fig.axes
    total = counts[(counts["unit"] == "families") & (counts["paper"] == "all")].iloc[0]["extension"]
    assert sum(p.get_width() for p in ax_ext.patches) == total == 2
    assert any(t.get_text().startswith("06") for t in ax.get_yticklabels())
    assert any("no paper's findings" in t.get_text() for t in ax.texts)
    assert "Extensions (2 families)" in scorecard.figure_caption(counts)


def test_each_differing_family_says_how_its_cause_followed_from_its_readings(mixed, tmp_path):
    from liarlab.study import readings as SR

    rows = readings_for("reading 0", "Fig 3", "reading") + readings_for("reading 1", "Fig 3", "reading") \
        + readings_for("small sample", "Fig 4", "power")
    SR.frame(rows).to_csv(tmp_path / "data" / "04_readings.csv", index=False)
    readings = scorecard.gather_readings(tmp_path / "data")
    assert list(readings["notebook"].unique()) == ["04"] and readings["is_default"].sum() == 3
    fams = scorecard.differing_families(mixed, readings).set_index("family")
    fig3 = fams.loc["Fig 3", "readings_basis"]
    assert fig3.startswith("4 readings run on 2 differing rows (") and "2 differ" in fig3 and "2 reproduce" in fig3
    assert fig3.endswith("a reading other than the default reproduces the print (without making another claim of its sentence "
                            "differ), so the cause is 'reading'")
    assert fams.loc["Fig 4", "readings_basis"].startswith("2 readings run on 1 differing row (")
    text = scorecard.differing_families_markdown(mixed, readings)
    assert "How the cause follows from the readings: 4 readings run on 2 differing rows" in text
    assert scorecard.differing_families(mixed)["readings_basis"].eq("").all()   # no readings table, no sentence


def test_a_dict_of_counts_reads_as_words():
    assert scorecard.words("over 5 readings: {'differs': 5}; 'loses to none': {'reproduced': 4, 'inconclusive': 1}") \
        == "over 5 readings: 5 differs; 'loses to none': 4 reproduced, 1 inconclusive"


def test_a_bounded_reading_is_not_counted_as_run():
    from liarlab.core import readings as R
    from liarlab.study import readings as SR

    default = R.Reading("as worded", "as the paper words it", "§1", default=True)
    other = R.Reading("exact best response", "an exact best response", "spec")
    rows = [R.run("F", "c", default, 0.2, "differs"), R.bounded("F", "c", other, "the run responders bound it")]
    text = scorecard.readings_basis(SR.frame(rows), "genuine")
    assert text.startswith("1 reading run on 1 differing row (1 differs), 1 not built but bounded away")
    assert text.endswith("so the cause is 'genuine'")


def test_a_papers_example_is_not_counted_as_a_check_of_our_code(tmp_path):
    """Issue 49: 04's 343-of-500 example is the paper's own illustration; a check row is named by what it is (its
    note says so), and one that differs is no failure of our code."""
    context.start(out_dir=tmp_path)
    outputs.save_claims("04", [
        c("a", "T", 1, 1, "reproduced"),
        c("example", "T", 1, 2, "differs", "check", note="the paper's own illustrative example, not a finding"),
        c("sim", "T", 1, 1, "reproduced", "check", note="a check of our dice generator"),
        c("sym", "T", 1, 1, "reproduced", "check", note="exactly 0.5 by symmetry"),
        c("again", "T", 1, 1, "reproduced", "check", note="restates the finding 'a' (the same quantity)")])
    claims = scorecard.gather_claims(tmp_path / "data")
    text = scorecard.counts_sentence(claims)
    assert "1 paper's illustrative example (0 agree; 1 differs)" in text
    assert "1 check of our code (1 agree; 0 failing)" in text
    assert "1 property true by construction (1 agree; 0 failing)" in text
    assert "1 restated fact (1 agree; 0 differ; counted once, as their findings)" in text
    assert "failing" not in text.split("example")[1].split(";")[0]
    kinds = {r["claim"]: answer.check_kind(r) for r in claims.to_dict("records") if r["kind"] == "check"}
    assert kinds == {"example": "example", "sim": "code", "sym": "construction", "again": "restated"}


def test_statuses_are_said_in_words_in_the_figure():
    # 99's legend read "differs: untested" and "not-reproducible" (issue 50, a fresh reader's scores)
    assert scorecard.status_words("differs: untested") == "differs: a reading not yet run"
    assert scorecard.status_words("not-reproducible") == "not reproducible here"
    assert all("-reproducible" not in scorecard.status_words(s) and "untested" not in scorecard.status_words(s)
               for s in scorecard.STATUSES)


def test_a_value_and_its_interval_share_their_decimals():
    # "0.0959 (95 %: 0.00183 to 0.19)" gave each number its own digits (issue 50); the paper's precision still
    # wins where it shows more
    row = {"reproduced_value": 0.09589, "ci_low": 0.001825, "ci_high": 0.19, "interval": "95 %", "paper_value": "0.1"}
    assert scorecard.ours_text(row) == "0.10 (95 %: 0.00 to 0.19)"
    row = {"reproduced_value": 0.59812, "ci_low": 0.5912, "ci_high": 0.6051, "interval": "95 %",
           "paper_value": "0.5981"}
    assert scorecard.ours_text(row) == "0.5981 (95 %: 0.5912 to 0.6051)"
