"""Where randomness comes from: every public function that plays or deals takes ``rng``, either a
``numpy.random.Generator`` (used as it is, so a caller can thread one stream through many calls) or a seed, a
non-negative int (a fresh ``default_rng(seed)``: the same seed gives the same games). Anything else is refused
with a ``TypeError`` that says what was passed."""
from __future__ import annotations

import numbers

import numpy as np


def generator(rng, what: str = "rng") -> np.random.Generator:
    """``rng`` as a Generator: a Generator itself, or ``default_rng(rng)`` for a non-negative int seed."""
    if isinstance(rng, np.random.Generator) or hasattr(rng, "integers") or hasattr(rng, "random"):
        return rng            # a Generator, or a stand-in with its methods (a test's fixed dice)
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        if rng < 0:
            raise ValueError(f"{what}: a seed is a non-negative int, got {rng}")
        return np.random.default_rng(int(rng))
    raise TypeError(f"{what}: pass a numpy Generator or a non-negative int seed, got {type(rng).__name__} {rng!r}")


__all__ = ["generator"]
