"""Parameter checks that fail before any work starts, naming the parameter and its range."""
from __future__ import annotations

import numbers


def check_int(name: str, value, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int, or raise ValueError naming ``name`` and the allowed range."""
    allowed = range_text(low, high)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be an integer {allowed}, got {value!r}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be an integer {allowed}, got {value}")
    return value


def check_choice(name: str, value, choices) -> object:
    """Raise ValueError unless ``value`` is one of ``choices``."""
    choices = list(choices)
    if value not in choices:
        raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    return value


def check_probability(name: str, value) -> float:
    if not isinstance(value, numbers.Real) or not 0.0 <= float(value) <= 1.0:
        raise ValueError(f"{name} must be a probability in [0, 1], got {value!r}")
    return float(value)


def range_text(low, high) -> str:
    """"in 1..6", ">= 1", "<= 6" or "" (no bound): how the allowed range of a value reads in a message."""
    if low is not None and high is not None:
        return f"in {low}..{high}"
    if low is not None:
        return f">= {low}"
    if high is not None:
        return f"<= {high}"
    return ""
