"""Two named distances from equilibrium of a two-player zero-sum profile (both in +-1 units).

A profile's best-response gains are g1 = BR1 - u1 (what player 1 gains by deviating to a best
response) and g2 = BR2 - u2; both are >= 0 and both are 0 exactly at an equilibrium.

* :func:`nash_conv` = g1 + g2 (OpenSpiel's NashConv): the duality gap, max u1(., s2) - min u1(s1, .).
* :func:`mean_gain` = (g1 + g2) / 2: the average gain of one deviating player (OpenSpiel's
  "exploitability"). Half of NashConv.

Tables say which one they report (columns ``nash_conv`` / ``mean_gain``); the word
"exploitability" alone is ambiguous by a factor of 2 and is not used as a column name.
"""
from __future__ import annotations

import numbers

import numpy as np


def _gain(name: str, value):
    """A best-response gain: a finite number or an array of them (a NaN gain is no distance)."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, np.ndarray)):
        raise ValueError(f"{name} must be a finite number (or an array of them), got {value!r}")
    try:
        finite = bool(np.all(np.isfinite(np.asarray(value, dtype=float))))
    except OverflowError:     # an int beyond any float
        finite = False
    if not finite:
        raise ValueError(f"{name} must be finite, got {value!r:.80}")
    return value


def nash_conv(gain_1, gain_2):
    """Sum of both players' best-response gains."""
    return _gain("gain_1", gain_1) + _gain("gain_2", gain_2)


def mean_gain(gain_1, gain_2):
    """Mean of both players' best-response gains (half of :func:`nash_conv`)."""
    return (_gain("gain_1", gain_1) + _gain("gain_2", gain_2)) / 2
