"""A live study for the browser tests: JupyterLab on 127.0.0.1 (a free port, a token) over copies of the
notebooks, and Debian's chromium driven by Playwright (``executable_path``: never a downloaded browser).

The notebooks are copied to a temporary folder (JupyterLab autosaves what the test edits and runs, and the
committed report must not change); ``LIARLAB_OUT`` sends every table and figure a run writes there too.
Everything here is skipped, with the reason, when chromium or Playwright is missing.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from liarlab.study import controls
from liarlab.study.outputs import REPO_ROOT

NOTEBOOKS = REPO_ROOT / "notebooks"
SCREENSHOTS = REPO_ROOT / "build" / "browser"

# JupyterLab settings for a test: every cell stays in the page (no virtual scrolling), and nothing is fetched
# from the network (news, update checks, the extension manager's package index).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
    "@jupyterlab/extensionmanager-extension/plugin.jupyterlab-settings": {"enabled": False},
}


def chromium_path() -> str | None:
    return shutil.which("chromium")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    reason = None
    if chromium_path() is None:
        reason = "Debian's chromium is not installed (apt-get install chromium; .ci/run does)"
    else:
        try:
            import playwright  # noqa: F401
        except ImportError:
            reason = "Playwright for Python is not installed (pip install -e '.[test]')"
    in_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    for item in items:
        path = Path(str(item.fspath))
        if path.parent == here and path.name.startswith("test_live"):
            item.add_marker(pytest.mark.browser)
            if reason and not in_ci:     # CI installs chromium first (.ci/run): there a missing browser fails
                item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen, log: Path):
        self.root, self.port, self.token, self.proc, self.log = root, port, token, proc, log

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}token={self.token}"

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        for session in self.api("api/sessions") or []:
            self.api(f"api/sessions/{session['id']}", method="DELETE")


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    books = root / "notebooks"
    books.mkdir()
    for path in sorted(NOTEBOOKS.glob("0[0-9]_*.ipynb")):
        if not path.name.endswith(".failed.ipynb"):
            shutil.copy(path, books / path.name)
    settings = root / "settings"
    for name, values in LAB_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values))
    env = {k: v for k, v in os.environ.items() if k != controls.CHAIN_ENV}   # a person's JupyterLab
    env.update(JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"), JUPYTER_CONFIG_DIR=str(root / "config"),
               JUPYTER_RUNTIME_DIR=str(root / "runtime"), LIARLAB_OUT=str(root / "out"), PYTHONUNBUFFERED="1")
    port, token = _free_port(), os.urandom(16).hex()
    log = root / "lab.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={books}",
         "--allow-root", "--ServerApp.terminals_enabled=False", "--LabApp.extension_manager=readonly",
         f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={root / 'workspaces'}"],
        cwd=books, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    server = Lab(books, port, token, proc, log)
    server.out = root / "out"
    deadline = time.monotonic() + 180
    while True:
        try:
            server.api("api/status")
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("JupyterLab did not start:\n" + log.read_text()[-3000:])
            time.sleep(0.5)
    yield server
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def chromium():
    # module scope: an open sync_playwright keeps its event loop running in this thread, and every later test
    # that uses asyncio (papermill, another Playwright) would run inside it
    from playwright.sync_api import sync_playwright

    from liarlab.study.check_report import launch_chromium

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright, chromium_path())
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def screenshots():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
