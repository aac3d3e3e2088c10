"""The Gambit cross-check (liarlab.bluff.gambit): pygambit's equilibrium value of a round equals the sequence-form
LP's."""
from __future__ import annotations

import pytest

from liarlab.bluff import exact as bx
from liarlab.bluff import gambit


def test_pygambit_agrees():
    pytest.importorskip("pygambit")
    for faces in (2, 3):
        assert gambit.gambit_value(faces) == pytest.approx(bx._solve_lp(faces).value, abs=1e-6)


def test_pygambit_agrees_on_a_multi_die_round():
    pytest.importorskip("pygambit")
    sol = bx._solve_lp(2, (2, 1))
    assert gambit.gambit_value(2, (2, 1), continuation=sol.continuation) == pytest.approx(sol.value, abs=1e-6)
