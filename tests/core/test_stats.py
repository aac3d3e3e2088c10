"""Interval estimates (liarlab.core.stats)."""
import numpy as np
import pytest

from liarlab.core import stats


def test_wilson_interval_known_value():
    low, high = stats.wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    lows, highs = stats.wilson_interval(np.array([0, 10]), np.array([10, 10]))
    assert lows[0] == 0 and highs[1] == pytest.approx(1.0)
