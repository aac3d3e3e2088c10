"""Notebook 02's results: every table its claims, captions and readings read, in one object (None: not measured;
``epsilon``: the canonical evaluation exploration)."""
from __future__ import annotations

from dataclasses import field, make_dataclass

__all__ = ["Results"]

TABLES = ("vs_rand", "rl_exp", "self_play", "sequential", "fixed2", "fixed3", "curves", "full", "top", "forced_exp",
          "forced_rl", "grid", "lengths", "timing", "slice43", "exploit", "baseline_table")


class Results(make_dataclass("Tables", [(t, "pandas.DataFrame | None", field(default=None)) for t in TABLES]
                             + [("epsilon", float, field(default=0.1))])):
    """One field per table of :data:`TABLES` (one experiment each), and the evaluation exploration."""
