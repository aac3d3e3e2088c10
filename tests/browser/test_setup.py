"""The one setup command makes the notebooks interactive and the browser tests runnable (issue 19)."""
import re

import pytest

from liarlab.study.outputs import REPO_ROOT

tomllib = pytest.importorskip("tomllib")


def _extras():
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def _names(requirements):
    return {re.split(r"[<>=\[ ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_make_setup_installs_the_controls_and_the_browser_driver():
    makefile = (REPO_ROOT / "Makefile").read_text()
    installed = re.search(r'pip install[^\n]*-e "\.\[([a-z,]+)\]"', makefile)
    assert installed, "the Makefile's install line is not where this test expects it"
    extras = set(installed.group(1).split(","))
    assert {"explore", "dev"} <= extras
    assert "ipywidgets" in _names(_extras()["explore"])
    for group in ("dev", "test"):
        assert "playwright" in _names(_extras()[group])


def test_make_lab_opens_the_notebooks_and_no_step_downloads_a_browser():
    makefile = (REPO_ROOT / "Makefile").read_text()
    lab = re.search(r"^lab: setup\n\t(.+)$", makefile, flags=re.M)
    assert lab and "jupyter lab" in lab.group(1) and "notebooks" in lab.group(1)
    ci = (REPO_ROOT / ".ci" / "run").read_text()
    assert ci.index("apt-get install -y -qq chromium") < ci.index("make test")   # the browser tests run in CI
    for text in (makefile, ci, (REPO_ROOT / "pyproject.toml").read_text()):
        assert not re.search(r"^[^#\n]*playwright install", text, flags=re.M)


def test_readme_first_screen_says_how_to_move_the_controls():
    first_screen = "\n".join((REPO_ROOT / "README.md").read_text().splitlines()[:40])
    assert "make lab" in first_screen and "Explore" in first_screen
