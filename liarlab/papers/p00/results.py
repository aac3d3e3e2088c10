"""Notebook 00's results: the tables its claims and coverage ledger read, in one object."""
from dataclasses import dataclass

import pandas as pd


@dataclass
class Results:
    """The two Monte Carlo checks and the Q-table sizes (two, three players); the rest is exact arithmetic."""
    monte_carlo: pd.DataFrame | None = None
    monte_carlo_generator: pd.DataFrame | None = None
    q2: pd.DataFrame | None = None
    q3: pd.DataFrame | None = None
