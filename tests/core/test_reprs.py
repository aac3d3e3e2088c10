"""Result objects print short: the shapes of their plans and tables, not thousands of numbers (issue 51)."""
from __future__ import annotations

import numpy as np

from liarlab.bluff import solve
from liarlab.core.reprs import summary
from liarlab.liardice import FastTable, train_q


def test_a_bluff_result_prints_its_plans_as_shapes():
    r = solve(3)
    text = repr(r)
    assert len(text) < 500 and "<array 3x64 float64>" in text and "Fraction(1, 9)" in text
    assert len(repr(r.detail)) < 800


def test_an_end_game_result_and_its_parts_print_short():
    e = solve(3, game="endgame")
    for obj in (e, e.solution, e.rational, *e.plans):
        assert len(repr(obj)) < 500, type(obj).__name__


def test_a_q_table_and_a_match_print_short():
    t = FastTable.new()
    m = train_q(t, "EXP0", 10, np.random.default_rng(0))
    assert len(repr(t)) < 300 and "<array 22326 float64>" in repr(t)
    assert len(repr(m)) < 300


def test_summary_cuts_long_values_and_keeps_short_ones():
    assert summary(3) == "3"
    assert summary("x" * 500).endswith("...") and len(summary("x" * 500)) == 80
    assert summary(dict.fromkeys(range(100))) == "<dict of 100>"
    assert summary((np.zeros((2, 3)), np.zeros(4, np.int8))) == "(<array 2x3 float64>, <array 4 int8>)"
