"""The notebooks' markdown prose says what things are (issue 50, a fresh reader's scores): no process references
("(issue 52)", "What issue 41 asks") in titles or prose, and no run parameter's code name used as a word
("`league_games` games"); a parameter is named only in the parameters cell, which is code."""
from __future__ import annotations

import importlib
import re

import nbformat
import pytest

from liarlab.study.outputs import REPO_ROOT

NOTEBOOKS = sorted((REPO_ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PROCESS = re.compile(r"\bissues? \d+\b", re.IGNORECASE)


def _markdown(path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _parameter_names(stem: str) -> set[str]:
    try:
        module = importlib.import_module(f"liarlab.papers.p{stem[:2]}.params")
    except ImportError:
        return set()
    return set(getattr(module, "PARAMS").specs) if hasattr(module, "PARAMS") else set()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_markdown_names_no_issue_numbers(path):
    hits = PROCESS.findall(_markdown(path))
    assert not hits, f"{path.name}: process references in prose: {hits}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_markdown_uses_no_run_parameter_as_a_word(path):
    text = _markdown(path)
    names = _parameter_names(path.name)
    used = sorted(n for n in names if re.search(rf"`{re.escape(n)}`", text))
    assert not used, f"{path.name}: run parameters named in prose instead of said in words: {used}"


def test_the_checks_can_fail():
    assert PROCESS.findall("A standard baseline (issue 52)") and PROCESS.findall("What issue 41 asks")
