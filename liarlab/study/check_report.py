"""Open every page of ``report/`` in headless Chromium and fail on a page that does not load, a broken
image, an image without alt text, a console error, a link to a report page that does not exist, or a paper's
notebook page whose bold "Our answer." does not start on the first screen (within :data:`ANSWER_MAX_PX` of the top
in a :data:`VIEWPORT` window: the claim first, the machinery after).

    python -m liarlab.study.check_report [report] [--browser chromium] [--timeout 60]

The browser is Debian's ``chromium`` driven by Playwright for Python (``launch_chromium``: the executable found on
PATH, never a browser Playwright downloads). tests/browser uses the same two helpers on the live notebooks.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

VIEWPORT = {"width": 1400, "height": 1000}
ANSWER_MAX_PX = 900  # the bold "Our answer." of a paper's notebook page starts above this line
ANSWER_MARK = "Our answer."

# Where the first bold "Our answer." starts, in px from the top of the page (null when there is none).
ANSWER_TOP_JS = """() => {
  const el = Array.from(document.querySelectorAll('strong, b'))
    .find(e => e.textContent.trim().startsWith('%s'));
  return el ? el.getBoundingClientRect().top + window.scrollY : null;
}""" % ANSWER_MARK

# Images that are not loaded (or loaded with no size) once every pending image has settled.
_BROKEN_IMAGES_JS = """
new Promise(resolve => {
  const imgs = Array.from(document.images);
  Promise.all(imgs.map(i => i.complete ? null : new Promise(r => { i.onload = r; i.onerror = r; })))
    .then(() => resolve(JSON.stringify({
      images: imgs.length,
      broken: imgs.filter(i => !(i.naturalWidth > 0)).map(i => (i.getAttribute('src') || '').slice(0, 80)),
      noAlt: imgs.filter(i => !(i.getAttribute('alt') || '').trim()).length,
      links: Array.from(document.links).map(a => a.href),
      title: document.title,
      bodyText: (document.body ? document.body.innerText.length : 0)})));
})
"""


@dataclass
class PageResult:
    page: str
    problems: list[str] = field(default_factory=list)
    images: int = 0
    answer_top: float | None = None   # px from the top to "Our answer." (a paper's notebook page)

    @property
    def ok(self) -> bool:
        return not self.problems


def find_browser(name: str | None = None) -> str:
    for candidate in ([name] if name else []) + [os.environ.get("CHROMIUM", "")] + list(BROWSERS):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    raise FileNotFoundError("no Chromium found (tried " + ", ".join(BROWSERS) + "); on Debian: "
                            "apt-get install -y chromium, or pass --browser")


def launch_chromium(playwright, browser: str | None = None, **options):
    """Headless Debian chromium (or ``browser``) through Playwright: never a browser Playwright downloads."""
    return playwright.chromium.launch(executable_path=find_browser(browser), headless=True,
                                      args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--allow-file-access-from-files"], **options)


def watch_page(page) -> list[str]:
    """Problems the page reports from now on: uncaught exceptions, console errors and asserts (the browser's own
    messages too, such as a resource that failed to load), and requests that failed (not those cancelled)."""
    problems: list[str] = []

    def on_console(msg):
        if msg.type in ("error", "assert"):
            where = msg.location.get("url", "") if isinstance(msg.location, dict) else ""
            problems.append(f"console.{msg.type}: {msg.text} {where}".rstrip()[:300])

    def on_failed(request):
        failure = request.failure or ""
        if "ERR_ABORTED" not in failure:        # a navigation or download the page cancelled itself
            problems.append(f"resource failed to load: {failure} ({request.resource_type})"[:300])

    page.on("pageerror", lambda err: problems.append(f"uncaught exception: {err}"[:300]))
    page.on("console", on_console)
    page.on("requestfailed", on_failed)
    return problems


def has_answer(name: str) -> bool:
    """A paper's notebook page (``NN_*.html``, not the front page or notebook 99's scorecard) opens with an answer."""
    return len(name) > 3 and name[:2].isdigit() and name[2] == "_" and not name.startswith("99_")


def answer_problem(top: float | None) -> str:
    """'' when "Our answer." starts on the first screen, else what is wrong."""
    if top is None:
        return f'no bold "{ANSWER_MARK}" on the page'
    if top > ANSWER_MAX_PX:
        return (f'"{ANSWER_MARK}" starts {top:.0f} px from the top, below the first screen (at most {ANSWER_MAX_PX} '
                f'px in a {VIEWPORT["width"]} x {VIEWPORT["height"]} window)')
    return ""


def _check_page(context, path: Path, timeout: float) -> PageResult:
    result = PageResult(path.name)
    page = context.new_page()
    problems = watch_page(page)
    try:
        try:
            page.goto(path.resolve().as_uri(), wait_until="load", timeout=timeout * 1000)
        except Exception as err:  # noqa: BLE001 - Playwright's navigation errors and timeouts alike
            text = str(err).splitlines()[0]
            result.problems.append(f"page did not finish loading within {timeout:.0f} s" if "Timeout" in text
                                   else f"page did not load: {text}")
            return result
        state = json.loads(page.evaluate(_BROKEN_IMAGES_JS))
        page.wait_for_timeout(300)  # late console messages
        result.images = state["images"]
        result.problems += [f"broken image: {src}" for src in state["broken"]]
        if state["noAlt"]:
            result.problems.append(f"{state['noAlt']} image(s) without alt text")
        if has_answer(path.name):
            result.answer_top = page.evaluate(ANSWER_TOP_JS)
            if answer_problem(result.answer_top):
                result.problems.append(answer_problem(result.answer_top))
        if state["bodyText"] == 0:
            result.problems.append("page is empty")
        for href in state["links"]:
            url = urlparse(href)
            if url.scheme == "file":
                local = Path(unquote(url.path))
                if not local.exists():
                    result.problems.append(f"broken link: {local.name}")
        result.problems += problems
    finally:
        page.close()
    return result


def _check_all(pages, browser, timeout) -> list[PageResult]:
    """Playwright's sync API cannot run where an asyncio loop is running (a Jupyter kernel, or a caller that
    holds another sync_playwright open): there, the check runs in a thread of its own."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _check_all_here(pages, browser, timeout)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_check_all_here, pages, browser, timeout).result()


def _check_all_here(pages, browser, timeout) -> list[PageResult]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright, browser, timeout=timeout * 1000)
        try:
            context = chromium.new_context(viewport=VIEWPORT)
            return [_check_page(context, page, timeout) for page in pages]
        finally:
            chromium.close()


def check_report(report_dir="report", browser: str | None = None, timeout: float = 60.0) -> list[PageResult]:
    """Check every ``*.html`` of ``report_dir`` (index.html first); the report must have an index page."""
    report_dir = Path(report_dir)
    pages = sorted(report_dir.glob("*.html"), key=lambda p: (p.name != "index.html", p.name))
    missing = [] if any(p.name == "index.html" for p in pages) else \
        [PageResult("index.html", [f"{report_dir}/index.html does not exist"])]
    return missing + (_check_all(pages, browser, timeout) if pages else [])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", nargs="?", default="report", help="folder with index.html and the notebook pages")
    parser.add_argument("--browser", default=None, help="Chromium executable (default: chromium, or $CHROMIUM)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per page")
    args = parser.parse_args(argv)
    results = check_report(args.report, args.browser, args.timeout)
    for r in results:
        status = "ok  " if r.ok else "FAIL"
        where = f'; "{ANSWER_MARK}" at {r.answer_top:.0f} px' if r.answer_top is not None else ""
        print(f"{status} {r.page} ({r.images} images{where})")
        for problem in r.problems:
            print(f"     - {problem}")
    failed = [r.page for r in results if not r.ok]
    print(f"{len(results) - len(failed)}/{len(results)} pages load cleanly" + (f"; failed: {', '.join(failed)}"
                                                                              if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
