"""Notebook 02's results: every table its claims, captions, readings and summary read, in one object."""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

__all__ = ["Results"]


@dataclass
class Results:
    """Every table notebook 02 measures that its claims, captions and summary read (one field per experiment;
    a field left at None was not measured). ``epsilon`` is the canonical evaluation exploration."""

    vs_rand: pd.DataFrame | None = None
    rl_exp: pd.DataFrame | None = None
    self_play: pd.DataFrame | None = None
    sequential: pd.DataFrame | None = None
    fixed2: pd.DataFrame | None = None
    fixed3: pd.DataFrame | None = None
    curves: pd.DataFrame | None = None
    full: pd.DataFrame | None = None
    top: pd.DataFrame | None = None
    forced_exp: pd.DataFrame | None = None
    forced_rl: pd.DataFrame | None = None
    grid: pd.DataFrame | None = None
    lengths: pd.DataFrame | None = None
    timing: pd.DataFrame | None = None
    slice43: pd.DataFrame | None = None
    exploit: pd.DataFrame | None = None
    baseline_table: pd.DataFrame | None = None
    epsilon: float = 0.1
