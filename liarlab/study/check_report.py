"""Open every page of ``report/`` in headless Chromium and fail on a page that does not load, a broken
image, a console error or a link to a report page that does not exist.

    python -m liarlab.study.check_report [report] [--browser chromium] [--timeout 60]

The browser is driven through the Chrome DevTools Protocol over a websocket (tornado's client, already
installed with Jupyter), so no browser-automation package is needed: only Debian's ``chromium``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

# Images that are not loaded (or loaded with no size) once every pending image has settled.
_BROKEN_IMAGES_JS = """
new Promise(resolve => {
  const imgs = Array.from(document.images);
  Promise.all(imgs.map(i => i.complete ? null : new Promise(r => { i.onload = r; i.onerror = r; })))
    .then(() => resolve(JSON.stringify({
      images: imgs.length,
      broken: imgs.filter(i => !(i.naturalWidth > 0)).map(i => (i.getAttribute('src') || '').slice(0, 80)),
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

    @property
    def ok(self) -> bool:
        return not self.problems


def find_browser(name: str | None = None) -> str:
    for candidate in ([name] if name else []) + [os.environ.get("CHROMIUM", "")] + list(BROWSERS):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    raise FileNotFoundError("no Chromium found (tried " + ", ".join(BROWSERS) + "); on Debian: "
                            "apt-get install -y chromium, or pass --browser")


class _DevTools:
    """A minimal CDP client: one browser websocket, flat sessions, events collected per session."""

    def __init__(self, conn):
        self.conn, self.next_id, self.events = conn, 0, []

    async def _read(self):
        message = await self.conn.read_message()
        if message is None:
            raise ConnectionError("the browser closed the DevTools connection")
        return json.loads(message)

    async def send(self, method, params=None, session=None, timeout=30.0):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        await self.conn.write_message(json.dumps(msg))
        deadline = time.monotonic() + timeout
        while True:
            reply = await asyncio.wait_for(self._read(), max(deadline - time.monotonic(), 0.01))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    async def wait_for_event(self, method, session, timeout):
        deadline = time.monotonic() + timeout
        while True:
            if any(e["method"] == method and e.get("sessionId") == session for e in self.events):
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            try:
                reply = await asyncio.wait_for(self._read(), remaining)
            except asyncio.TimeoutError:
                return False
            if "method" in reply:
                self.events.append(reply)

    async def drain(self, seconds):
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                reply = await asyncio.wait_for(self._read(), left)
            except asyncio.TimeoutError:
                return
            if "method" in reply:
                self.events.append(reply)


def _problems_from_events(events, session) -> list[str]:
    problems = []
    for e in events:
        if e.get("sessionId") != session:
            continue
        p = e.get("params", {})
        if e["method"] == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            problems.append("uncaught exception: " + (d.get("exception", {}).get("description") or d.get("text", "")))
        elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            problems.append(f"console.{p['type']}: {args}"[:300])
        elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            entry = p["entry"]
            problems.append(f"console error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}"[:300])
        elif e["method"] == "Network.loadingFailed" and not p.get("canceled"):
            problems.append(f"resource failed to load: {p.get('errorText')} ({p.get('type')})")
    return problems


async def _check_page(dev: _DevTools, path: Path, report_dir: Path, timeout: float) -> PageResult:
    result = PageResult(path.name)
    target = await dev.send("Target.createTarget", {"url": "about:blank"})
    session = (await dev.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}))["sessionId"]
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            await dev.send(f"{domain}.enable", session=session)
        nav = await dev.send("Page.navigate", {"url": path.resolve().as_uri()}, session=session, timeout=timeout)
        if nav.get("errorText"):
            result.problems.append(f"page did not load: {nav['errorText']}")
            return result
        if not await dev.wait_for_event("Page.loadEventFired", session, timeout):
            result.problems.append(f"page did not finish loading within {timeout:.0f} s")
            return result
        info = await dev.send("Runtime.evaluate", {"expression": _BROKEN_IMAGES_JS, "awaitPromise": True,
                                                   "returnByValue": True}, session=session, timeout=timeout)
        await dev.drain(0.3)  # late console messages
        if "exceptionDetails" in info:
            result.problems.append("could not inspect the page: " + info["exceptionDetails"].get("text", ""))
        else:
            state = json.loads(info["result"]["value"])
            result.images = state["images"]
            result.problems += [f"broken image: {src}" for src in state["broken"]]
            if state["bodyText"] == 0:
                result.problems.append("page is empty")
            for href in state["links"]:
                url = urlparse(href)
                if url.scheme == "file":
                    local = Path(unquote(url.path))
                    if not local.exists():
                        result.problems.append(f"broken link: {local.name}")
        result.problems += _problems_from_events(dev.events, session)
    finally:
        await dev.send("Target.closeTarget", {"targetId": target["targetId"]})
        dev.events = [e for e in dev.events if e.get("sessionId") != session]
    return result


async def _check_all(pages, report_dir, browser, timeout) -> list[PageResult]:
    from tornado.websocket import websocket_connect

    with tempfile.TemporaryDirectory(prefix="liarlab-chromium-") as profile:
        args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--allow-file-access-from-files", "--remote-debugging-port=0", f"--user-data-dir={profile}",
                "about:blank"]
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + timeout
            while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
                if proc.poll() is not None:
                    raise RuntimeError(f"{browser} exited: {proc.stderr.read().decode(errors='replace')[-2000:]}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{browser} did not open its DevTools port within {timeout:.0f} s")
                await asyncio.sleep(0.1)
            port, ws_path = port_file.read_text().splitlines()[:2]
            conn = await websocket_connect(f"ws://127.0.0.1:{port}{ws_path}", max_message_size=256 * 2**20)
            dev = _DevTools(conn)
            results = []
            for page in pages:
                results.append(await _check_page(dev, page, report_dir, timeout))
            conn.close()
            return results
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def check_report(report_dir="report", browser: str | None = None, timeout: float = 60.0) -> list[PageResult]:
    """Check every ``*.html`` of ``report_dir`` (index.html first); the report must have an index page."""
    report_dir = Path(report_dir)
    pages = sorted(report_dir.glob("*.html"), key=lambda p: (p.name != "index.html", p.name))
    missing = [] if any(p.name == "index.html" for p in pages) else \
        [PageResult("index.html", [f"{report_dir}/index.html does not exist"])]
    return missing + (asyncio.run(_check_all(pages, report_dir, find_browser(browser), timeout)) if pages else [])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", nargs="?", default="report", help="folder with index.html and the notebook pages")
    parser.add_argument("--browser", default=None, help="Chromium executable (default: chromium, or $CHROMIUM)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per page")
    args = parser.parse_args(argv)
    results = check_report(args.report, args.browser, args.timeout)
    for r in results:
        status = "ok  " if r.ok else "FAIL"
        print(f"{status} {r.page} ({r.images} images)")
        for problem in r.problems:
            print(f"     - {problem}")
    failed = [r.page for r in results if not r.ok]
    print(f"{len(results) - len(failed)}/{len(results)} pages load cleanly" + (f"; failed: {', '.join(failed)}"
                                                                              if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
