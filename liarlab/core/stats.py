"""Interval estimates for simulated win rates."""
from __future__ import annotations

import numpy as np
from scipy import stats as _st

from liarlab.core.validation import check_finite_values, check_real

Z95 = float(_st.norm.ppf(0.975))
#: the most games an interval is computed for: beyond it the squares in Wilson's formula overflow a float
MAX_GAMES = 1e15


def wilson_interval(wins, n, z: float = Z95):
    """Wilson score interval for a binomial proportion; works on scalars and arrays."""
    z = check_real("wilson_interval: z", z, 0.0, low_open=True)
    wins = _finite_array("wilson_interval: wins", wins)
    n = _finite_array("wilson_interval: n", n)
    if np.any(n <= 0) or np.any(n > MAX_GAMES):
        raise ValueError(f"n (number of games) must be > 0 and at most {MAX_GAMES:.0e}")
    if np.any(wins < 0) or np.any(wins > n):
        raise ValueError("wilson_interval: wins must lie in [0, n]")
    p = wins / n
    denom = 1.0 + z**2 / n
    centre = (p + z**2 / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denom
    low, high = centre - half, centre + half
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def win_rate_frame(wins, n, **columns):
    """A tidy frame with wins, games, rate and the Wilson 95% interval."""
    import pandas as pd

    wins = np.asarray(wins)
    n = np.broadcast_to(np.asarray(n), wins.shape)
    low, high = wilson_interval(wins, n)
    frame = pd.DataFrame(columns)
    frame["wins"] = wins
    frame["games"] = n
    frame["win_rate"] = wins / n
    frame["ci_low"] = low
    frame["ci_high"] = high
    return frame


def mean_interval(samples, z: float = Z95):
    """Mean of ``samples`` with a normal-approximation 95% interval."""
    x = check_finite_values("mean_interval: samples", samples, min_size=1)
    z = check_real("mean_interval: z", z, 0.0, low_open=True)
    m = x.mean()
    se = x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else np.nan
    return float(m), float(m - z * se), float(m + z * se)


def _finite_array(name: str, values) -> np.ndarray:
    """``values`` (a number or an array) as floats, all finite, or ValueError naming ``name``."""
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} must be a number or an array of numbers, got {values!r}")
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be a number or an array of numbers, got {type(values).__name__}") from None
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{name} must be finite (no NaN or infinity)")
    return x
