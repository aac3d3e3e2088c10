"""The report's notebook pages, made from the committed notebooks with the report's own exporter, in Debian's
chromium (1400 x 1000): the claim first (the bold "Our answer." starts within 900 px), every figure with alt text,
nothing loaded from the network (issue 37)."""
import pytest

from liarlab.study import check_report, report
from liarlab.study.outputs import REPO_ROOT

NOTEBOOKS = sorted(p for p in (REPO_ROOT / "notebooks").glob("0[0-5]_*.ipynb")
                   if not p.name.endswith((".failed.ipynb", ".running.ipynb")))
# every page is written, so a page's links to another (the protocol line links to 99's full paragraph) resolve
PAGES = sorted(p for p in (REPO_ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")
               if not p.name.endswith((".failed.ipynb", ".running.ipynb")))


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    # laid out as the report is (report/ beside data/), so a page's links to ../data/NN_claims.csv resolve
    folder = tmp_path_factory.mktemp("study") / "report"
    folder.mkdir()
    (folder.parent / "data").symlink_to(REPO_ROOT / "data", target_is_directory=True)
    for path in PAGES:
        report.write_notebook_page(path, folder)
    (folder / "index.html").write_text("<!DOCTYPE html><html><head><title>index</title></head><body><p>index</p>"
                                       "</body></html>")
    return {r.page: r for r in check_report.check_report(folder)}


@pytest.mark.parametrize("notebook", [p.stem for p in NOTEBOOKS])
def test_the_answer_starts_on_the_first_screen_and_the_page_is_clean(pages, notebook):
    result = pages[f"{notebook}.html"]
    assert result.answer_top is not None and result.answer_top <= check_report.ANSWER_MAX_PX, result.problems
    assert result.ok, result.problems
