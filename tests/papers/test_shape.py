"""Thin notebooks and short functions (issue 26's rules, checked). What a paper declares is checked by contract in
tests/papers/test_paper_conformance.py (every paper exports its claim families), not by file names."""
import ast
from pathlib import Path

import nbformat
import pytest

import liarlab.papers

PAPERS = sorted(p for p in Path(liarlab.papers.__file__).parent.glob("p[0-9][0-9]") if p.is_dir())
NOTEBOOKS = sorted(Path(__file__).resolve().parents[2].glob("notebooks/[0-9][0-9]_*.ipynb"))
MAX_CELL_LINES = 25
MAX_FUNCTION_LINES = 80


def test_there_are_seven_paper_packages_and_eight_notebooks():
    # p00..p05 and notebook 06, the papers' players against exact play (issue 41, an extension of ours)
    assert [p.name for p in PAPERS] == [f"p0{i}" for i in range(7)]
    assert len(NOTEBOOKS) == 8


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_no_notebook_code_cell_is_over_25_lines(notebook):
    book = nbformat.read(notebook, as_version=4)
    long = [(i, c.source.count("\n") + 1) for i, c in enumerate(book.cells)
            if c.cell_type == "code" and c.source.count("\n") + 1 > MAX_CELL_LINES]
    assert not long, f"{notebook.name}: cells (index, lines) over {MAX_CELL_LINES}: {long}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_no_notebook_cell_defines_a_function_or_runs_a_loop(notebook):
    """Logic lives in the package: no def, class, for or while statement in a code cell (comprehensions that shape
    what a cell shows are allowed)."""
    book = nbformat.read(notebook, as_version=4)
    found = []
    for i, cell in enumerate(book.cells):
        if cell.cell_type != "code":
            continue
        tree = ast.parse("\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))))
        found += [(i, type(n).__name__) for n in ast.walk(tree)
                  if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.For, ast.While, ast.AsyncFor))]
    assert not found, f"{notebook.name}: cells with logic (index, statement): {found}"


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_no_function_in_a_paper_is_over_about_80_lines(paper):
    long = []
    for path in sorted(paper.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.name}:{node.name} ({lines})")
    assert not long, f"{paper.name}: functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_every_papers_results_object_lives_in_its_results_module():
    """One place for a paper's results (issue 38): a class named Results... is defined in results.py only, and
    every paper of 00-05 has one."""
    found = {}
    for paper in PAPERS:
        for module in paper.glob("*.py"):
            for node in ast.parse(module.read_text()).body:
                if isinstance(node, ast.ClassDef) and node.name.startswith("Results"):
                    found.setdefault(paper.name, []).append(module.name)
    elsewhere = {p: m for p, m in found.items() if set(m) != {"results.py"}}
    assert not elsewhere, f"results objects outside results.py: {elsewhere}"
    assert {f"p0{i}" for i in range(6)} <= set(found), f"papers without a results object: {sorted(found)}"
