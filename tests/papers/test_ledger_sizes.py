"""No coverage ledger holds a size of its own: every comparison in a paper's ledger.py is against a size read from
its params.py (the full profile's) or printed.py (the paper's own), never against a number written in the ledger."""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import liarlab.papers

PAPERS = sorted(p.name for p in Path(liarlab.papers.__file__).parent.glob("p[0-9][0-9]") if p.is_dir())


def _is_number(node) -> bool:
    """A number literal, or arithmetic on number literals only (``10**8``, ``-1``, ``2 * 400``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _is_number(node.operand)
    if isinstance(node, ast.BinOp):
        return _is_number(node.left) and _is_number(node.right)
    return False


def literal_comparisons(source: str) -> list[int]:
    """Line numbers of the comparisons in ``source`` with a written number on either side."""
    return [node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Compare)
            and any(_is_number(side) for side in [node.left, *node.comparators])]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_ledger_holds_no_size_of_its_own(paper):
    module = importlib.import_module(f"liarlab.papers.{paper}.ledger")
    assert literal_comparisons(inspect.getsource(module)) == []


def test_the_check_finds_a_written_size():
    source = ("def status(n_games, boards, full):\n"
              "    ok = n_games >= 10**8\n"
              "    ok = ok and 400 <= boards\n"
              "    return ok and boards >= full('match_boards') and boards >= 2 * full('match_boards')\n")
    assert literal_comparisons(source) == [2, 3]
