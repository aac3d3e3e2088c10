"""Parameter checks that fail before any work starts, naming the parameter and its range.

The one place for the library's argument checks: every public door (the solvers, the estimates, the verdicts,
the compiled engines' wrappers) calls these, so a bad argument gives one line (``ValueError`` or ``TypeError``)
that names it and what it may be, and nothing has run. Floats are finite (a NaN compares false with every bound,
so it would slip past a plain ``low <= x`` test), booleans are ``bool`` (``"no"`` is truthy), counts are ints
(``True`` is not a count).
"""
from __future__ import annotations

import math
import numbers


def check_int(name: str, value, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int, or raise ValueError naming ``name`` and the allowed range."""
    allowed = range_text(low, high)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer {allowed}, got {_short(value)}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be an integer {allowed}, got {_short(value)}")
    return value


def check_choice(name: str, value, choices) -> object:
    """Raise ValueError unless ``value`` is one of ``choices``."""
    choices = list(choices)
    try:
        ok = value in choices
    except (TypeError, ValueError):   # an array compared element-wise, an unhashable value
        ok = False
    if not ok or isinstance(value, bool) != any(isinstance(c, bool) and c is value for c in choices):
        raise ValueError(f"{name} must be one of {choices}, got {_short(value)}")
    return value


def check_probability(name: str, value) -> float:
    """Return ``value`` as a float in [0, 1], or raise ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0.0 <= _float(value) <= 1.0:
        raise ValueError(f"{name} must be a probability in [0, 1], got {_short(value)}")
    return float(value)


def check_real(name: str, value, low: float | None = None, high: float | None = None, *,
               low_open: bool = False, high_open: bool = False) -> float:
    """Return ``value`` as a finite float in the range (closed unless ``low_open``/``high_open``), or raise
    ValueError naming ``name`` and the range. NaN and the infinities are refused: no bound can hold them."""
    lo = "-inf" if low is None else f"{low:g}"
    hi = "inf" if high is None else f"{high:g}"
    allowed = f"a finite number in {'(' if low_open or low is None else '['}{lo}, {hi}{')' if high_open or high is None else ']'}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be {allowed}, got {_short(value)}")
    x = _float(value)
    if not math.isfinite(x) or (low is not None and (x <= low if low_open else x < low)) or \
            (high is not None and (x >= high if high_open else x > high)):
        raise ValueError(f"{name} must be {allowed}, got {_short(value)}")
    return x


def check_level(name: str, value) -> float:
    """A confidence level: a float strictly between 0 and 1 (0 gives a zero-width interval, 1 an infinite one)."""
    return check_real(name, value, 0.0, 1.0, low_open=True, high_open=True)


def check_bool(name: str, value, *, allow_none: bool = False):
    """``value`` if it is a bool (numpy's too), else ValueError: a string such as ``"no"`` would read as True.
    ``allow_none``: None passes too (a switch whose default is decided later)."""
    if allow_none and value is None:
        return None
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise ValueError(f"{name} must be True or False{' (or None)' if allow_none else ''}, got {_short(value)}")
    return bool(value)


def check_finite_values(name: str, values, *, min_size: int = 0):
    """``values`` as a 1-D float array of finite numbers (at least ``min_size``), or ValueError naming ``name``."""
    import numpy as np

    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} must be a sequence of finite numbers, got {_short(values)}")
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be a sequence of finite numbers, got {_short(values)}") from None
    if x.ndim != 1:
        raise ValueError(f"{name} must be a flat sequence of finite numbers, got an array of shape {x.shape}")
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{name} must hold finite numbers only (no NaN or infinity), got {_short(values)}")
    if x.size < min_size:
        raise ValueError(f"{name} needs at least {min_size} values, got {x.size}")
    return x


def range_text(low, high) -> str:
    """"in 1..6", ">= 1", "<= 6" or "" (no bound): how the allowed range of a value reads in a message."""
    if low is not None and high is not None:
        return f"in {low}..{high}"
    if low is not None:
        return f">= {low}"
    if high is not None:
        return f"<= {high}"
    return ""


def _float(value) -> float:
    """``float(value)``, or NaN for a number too large for a float (an int of 400 digits): refused as not finite."""
    try:
        return float(value)
    except OverflowError:
        return math.nan


def _short(value, limit: int = 80) -> str:
    """``repr(value)`` on one line, cut to ``limit`` characters (a 5,000-digit int or a long array stays short)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
