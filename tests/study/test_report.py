"""The report's front page and the headless-browser check of every page."""
import html
import json
import re
import shutil

import nbformat
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.study import check_report, context, coverage, outputs, report, scorecard

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
AS_PRINTED = R.Reading("as printed", "the table as the talk prints it", "Bluff-2", default=True)
OPENERS = R.Reading("six opener rules", "each of six rules for who opens a round", "spec, open point 1")


def _figure_cell(caption="*Figure: win rate per face count; the dashed line is the talk's value.*"):
    cell = nbformat.v4.new_code_cell("show()")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/png": PNG, "text/plain": "<Figure>"}),
                    nbformat.v4.new_output("display_data", data={"text/markdown": caption,
                                                                 "text/plain": "<IPython.core.display.Markdown>"})]
    return cell


def _notebook(path, title, duration=12.5):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\n**The question.** Does it work?"),
                nbformat.v4.new_code_cell("secret_parameter = 1", metadata={"tags": ["parameters", "remove-input"],
                                                                          "jupyter": {"source_hidden": True}}),
                nbformat.v4.new_code_cell("injected_parameter = 2", metadata={"tags": ["injected-parameters"]}),
                nbformat.v4.new_markdown_cell("**Our answer.** It works: reproduced."),
                _figure_cell(),
                nbformat.v4.new_code_cell("1 + 1", execution_count=23, outputs=[nbformat.v4.new_output(
                    "execute_result", data={"text/plain": "2"}, execution_count=23)])]
    nb.metadata["papermill"] = {"duration": duration}
    nbformat.write(nb, path)


@pytest.fixture()
def study(tmp_path):
    context.start(out_dir=tmp_path)
    (tmp_path / "notebooks").mkdir()
    _notebook(tmp_path / "notebooks" / "05_bluff.ipynb", "05 · Bluff <and> Liar's Dice")
    _notebook(tmp_path / "notebooks" / "99_scorecard.ipynb", "99 · Scorecard", 3.0)
    (tmp_path / "notebooks" / "05_bluff.failed.ipynb").write_text("{}")
    def c(text, source, paper, ours, verdict, **kwargs):
        return outputs.claim(text, source, paper, ours, V.stated(verdict, "test rule"), kind="finding", **kwargs)

    outputs.save_claims("05", [
        c("41/60", "talk", 68.33, 68.33, "reproduced", headline=True, note="certified exactly"),
        c("cell 1", "talk", 75, 75, "reproduced", family="Bluff-2 table"),
        c("cell 2", "talk", 25, 30, "differs", family="Bluff-2 table",
          readings=[R.run("Bluff-2 table", "cell 2", AS_PRINTED, 30, "differs"),
                    R.run("Bluff-2 table", "cell 2", OPENERS, 25, "reproduced")]),
        outputs.claim("wide", "talk", 50, 55, V.Judgement("reproduced", "test rule", weak=True), kind="finding"),
        c("ours", "talk", None, 47, "extension")])
    coverage.save_ledger("05", [coverage.experiment("05", "E1", "LD-1", "N = 1..100", "N = 1..100", "full", "here"),
                                coverage.experiment("05", "E2", "LD-2", "N = 2..20", "N = 2..10", "reduced", "here",
                                                    "budget")])
    return tmp_path


def test_front_page_has_paper_question_headline_counts_and_link(study):
    path = report.write_front_page(study, profile="quick")
    page = path.read_text()
    assert report.TITLE in page
    assert 'href="05_bluff.html"' in page and 'href="99_scorecard.html"' in page
    assert "failed" not in page  # a failed copy is not a notebook of the report
    assert "R. Kayanuma (2016)" in page and "N-faced dice" in page  # the paper
    assert "<strong>Question.</strong> Does solving Liar&#x27;s Dice" in page
    assert "<em>41/60</em>" in page and "certified exactly" in page  # the headline row
    # the same counts as notebook 99: families by the family rule, differing ones by cause, weak agreements and
    # extensions apart
    assert ("Findings, in 3 families: 1 reproduced, 1 differs (causes: reading 1), 0 undecided; 1 more agrees "
            "only weakly (") in page
    assert "Extensions, our additions counted apart: 1 family (1 row)" in page
    assert "By finding row (4 in all): 2 reproduced, 1 differs (causes: reading 1), 0 undecided; 1 more agrees " \
           "only weakly" in page
    state = page.split('class="state"')[1].split("</p>")[0]
    assert html.escape(scorecard.counts_sentence(scorecard.gather_claims(study / "data"))) in state
    # every differing family with its cause and readings
    assert ("<em>Bluff-2 table</em>: 1 of 2 differ; cause: <strong>reading</strong>. Readings tried: 2 readings "
            "run (as printed (default): differs; six opener rules: reproduced)") in page
    # coverage counted per notebook, as the notebook counts its own ledger
    assert "<strong>Coverage.</strong> 1 of 2 experiments at full size, 1 reduced (spec 05, notebook 05)." in page
    assert "&lt;span" not in page  # counts are text, never escaped markup
    assert "executed in 12 s" in page
    assert "&lt;and&gt;" in page  # titles are escaped
    assert "http" not in page.split("<body>")[1]  # nothing from the network


def test_front_page_without_claims_still_lists_the_notebook(tmp_path):
    context.start(out_dir=tmp_path)
    (tmp_path / "notebooks").mkdir()
    _notebook(tmp_path / "notebooks" / "03_bridge.ipynb", "03 · Honeymoon Bridge")
    page = report.write_front_page(tmp_path).read_text()
    assert "03 · Honeymoon Bridge" in page and "Chun-Ting Yeh (2009)" in page
    assert "<strong>Verdicts.</strong>" not in page


def test_notebook_page_loads_no_script_from_the_network(study):
    page = report.write_notebook_page(study / "notebooks" / "05_bluff.ipynb", study / "report").read_text()
    assert "<title>" in page and "cdnjs" not in page and "require.min.js" not in page
    assert "mathjax" not in page.lower()   # no TeX in the notebooks, so no MathJax either


def test_notebook_page_hides_the_machinery_and_captions_every_figure(study):
    page = report.notebook_html(study / "notebooks" / "05_bluff.ipynb")
    # the parameters (tag remove-input) and papermill's injected cell show no input; other cells do
    assert "secret_parameter" not in page and "injected_parameter" not in page and ">show<" in page
    assert 'alt="Figure: win rate per face count; the dashed line is the talk&#x27;s value."' in page
    assert report._DEFAULT_ALT not in page
    # no kernel prompts: 04's page showed "Out[23]:" above a Markdown result (issue 50, a fresh reader)
    assert ">2<" in page or "2</pre>" in page
    assert not re.search(r"(?:In|Out)(?:&nbsp;|\s)*\[\d+\]:", page)


def test_alt_text_is_the_caption_under_the_image_or_a_fallback():
    body = ('<img src="a.png"><p> <em>Figure 1:</em> first   caption </p><img src="b.png" alt="kept">'
            '<p>second</p><img alt="" src="c.png">')
    out = report.add_alt_text(body, fallback="Figure of nb")
    assert '<img alt="Figure 1: first caption" src="a.png">' in out
    assert '<img src="b.png" alt="kept">' in out and '<img alt="Figure of nb 3" src="c.png">' in out
    long = report.add_alt_text('<img src="x"><p>' + "word " * 200 + "</p>")
    alt = long.split('alt="')[1].split('"')[0]
    assert 0 < len(alt) <= report.ALT_MAX + 4 and alt.endswith("...")


requires_chromium = pytest.mark.skipif(not any(shutil.which(b) for b in check_report.BROWSERS),
                                       reason="headless Chromium is not installed")


@requires_chromium
def test_browser_check_passes_a_clean_report_and_fails_each_kind_of_breakage(study):
    folder = study / "report"
    report.write_notebook_page(study / "notebooks" / "05_bluff.ipynb", folder)
    report.write_notebook_page(study / "notebooks" / "99_scorecard.ipynb", folder)
    report.write_front_page(study)
    results = check_report.check_report(folder, timeout=60)
    assert [r.page for r in results] == ["index.html", "05_bluff.html", "99_scorecard.html"]
    assert all(r.ok for r in results), [r.problems for r in results]
    assert results[1].answer_top is not None and results[1].answer_top <= check_report.ANSWER_MAX_PX
    assert results[2].answer_top is None   # the scorecard has no answer of a paper

    (folder / "07_late.html").write_text("<!doctype html><title>l</title>" + "<p>machinery</p>" * 60
                                         + "<p><strong>Our answer.</strong> late</p>")
    (folder / "08_none.html").write_text('<!doctype html><title>n</title><p>no answer</p><img src="05_bluff.html">')
    (folder / "broken.html").write_text('<!doctype html><title>b</title><p>x</p><img src="gone.png">'
                                        '<script>console.error("boom")</script><a href="nowhere.html">n</a>'
                                        '<script src="missing.js"></script>')
    (folder / "throws.html").write_text("<!doctype html><title>t</title><p>x</p><script>noSuchFunction()</script>")
    results = {r.page: r for r in check_report.check_report(folder, timeout=60)}
    assert "below the first screen" in " ".join(results["07_late.html"].problems)
    late = " ".join(results["08_none.html"].problems)
    assert 'no bold "Our answer."' in late and "without alt text" in late
    broken = " | ".join(results["broken.html"].problems)
    assert "broken image: gone.png" in broken and "console.error: boom" in broken and "nowhere.html" in broken
    assert "resource failed to load: net::ERR_FILE_NOT_FOUND (script)" in broken
    assert any("noSuchFunction" in p for p in results["throws.html"].problems)
    assert check_report.main([str(folder)]) == 1


def test_sidecar_is_json(study):
    assert json.loads((study / "data" / "05_claims.json").read_text())["headline_rows"] == [0]


