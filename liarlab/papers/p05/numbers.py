"""How notebook 05 writes quantities that are zero up to floating-point round-off (issue 39): a best-response
gain or a NashConv of an exact equilibrium comes out as 2.1e-17 in one run and 1.4e-17 in another, so a rerun
would not be byte-identical. Below the declared tolerance :data:`ZERO_TOL` such a quantity is written as 0, and
0 is shown as ``0``, never ``0.0e+00``."""
from __future__ import annotations

import math

import pandas as pd

from liarlab.study.tables import small_text

#: A gain, NashConv or value difference whose magnitude is below this is round-off, written as exactly 0.
ZERO_TOL = 1e-12


def zero_below(x: float, tol: float = ZERO_TOL) -> float:
    """``x``, or 0.0 when ``|x| < tol`` (round-off of a quantity that is zero)."""
    x = float(x)
    return 0.0 if math.isfinite(x) and abs(x) < tol else x


def roundoff_zero(frame: pd.DataFrame, columns, tol: float = ZERO_TOL) -> pd.DataFrame:
    """A copy of ``frame`` whose ``columns`` (those present) have every entry below ``tol`` in magnitude set to 0."""
    out = frame.copy()
    for c in columns:
        if c in out:
            out[c] = [zero_below(v, tol) for v in out[c]]
    return out


def sci(x: float) -> str:
    """A small quantity as the study writes one (:func:`liarlab.study.tables.small_text`): "0.14", not
    "1.4 × 10⁻¹"; "2.5 × 10⁻¹⁰" only where a plain decimal does not fit; "< 10⁻¹⁵" for round-off; 0 as ``0``;
    blank for a missing value."""
    return small_text(x)


def gain_text(x: float) -> str:
    """A best-response gain in prose: ``0 (below 1e-12, round-off)`` when it is zero, else :func:`sci`."""
    x = zero_below(x)
    return f"0 (below {sci(ZERO_TOL)}, round-off)" if x == 0 else sci(x)


def width_text(x: float) -> str:
    """A bracket's width: "< 10⁻¹⁴" for one at round-off size, 0 included (the page wrote "0", "< 10⁻¹⁵" and
    "10⁻¹⁵" for the same fact, issue 50 reader), else :func:`sci` ("0.14", "0.016", "2.6 × 10⁻¹²")."""
    return "< 10⁻¹⁴" if math.isfinite(float(x)) and abs(float(x)) < 1e-14 else sci(x)
