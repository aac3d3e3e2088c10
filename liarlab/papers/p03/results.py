"""Notebook 03's results: what its claims, summary and ledger read, in one object."""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd


@dataclass
class Results:
    """What notebook 03 measured, each field named after the notebook's variable (``built``: the table build's)."""
    agreement: pd.DataFrame
    checks: pd.DataFrame
    ablations: pd.DataFrame
    speed_summary: pd.DataFrame
    sizes: pd.DataFrame
    built: dict
    calls: pd.DataFrame
    replay: pd.DataFrame
    replay_samples: int
    conv: pd.DataFrame
    examples: pd.DataFrame
    eps_table: pd.DataFrame
    eps_human: float
    eps_match: float
    matches: pd.DataFrame
    selfplay: pd.DataFrame
    errors: pd.DataFrame
    acc_est: dict
    replacement: dict
    gains: pd.DataFrame
    grid: pd.DataFrame
    timing: pd.DataFrame
    confirm_deals: int
    bootstrap_seed: int
    fig_fresh: pd.DataFrame | None = None
    e11_fresh: pd.DataFrame | None = None
    conv_fresh: pd.DataFrame | None = None
    mca_est: dict | None = None

    @property
    def table_check(self) -> pd.DataFrame:
        return self.built["check"]

    @property
    def levels(self) -> pd.DataFrame:
        return self.built["levels"]
