"""The report's check in a headless browser (liarlab.study.check_report): a report without an index page fails, an
unknown browser is a clear error, and the check runs where an asyncio loop is running (a Jupyter kernel). Its run
over a whole report is in tests/study/test_report.py."""
import shutil

import pytest

from liarlab.study import check_report

requires_chromium = pytest.mark.skipif(not any(shutil.which(b) for b in check_report.BROWSERS),
                                       reason="headless Chromium is not installed")


@requires_chromium
def test_browser_check_fails_without_an_index_page(tmp_path):
    (tmp_path / "a.html").write_text("<!doctype html><title>a</title><p>a</p>")
    results = check_report.check_report(tmp_path, timeout=60)
    assert not results[0].ok and "index.html does not exist" in results[0].problems[0]
    assert results[1].ok


def test_unknown_browser_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(check_report.shutil, "which", lambda name: None)
    with pytest.raises(FileNotFoundError, match="no Chromium found"):
        check_report.find_browser("chromium-xyz")


@requires_chromium
def test_browser_check_runs_where_an_event_loop_is_running(tmp_path):
    """A Jupyter kernel (or a test holding another sync_playwright open) runs an asyncio loop: the check must
    still work there (it moves to a thread of its own)."""
    import asyncio

    (tmp_path / "index.html").write_text("<!doctype html><title>i</title><p>i</p>")

    async def inside_a_loop():
        return check_report.check_report(tmp_path, timeout=60)

    results = asyncio.run(inside_a_loop())
    assert [r.page for r in results] == ["index.html"] and results[0].ok
