"""Notebook 05's results: what its claims, summary and ledger read (fields named after the notebook's variables)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

__all__ = ["Results"]


@dataclass
class Results:
    """``counting``: the rule search; ``talk``: its row of the talk's game (or the closest variant)."""
    ld1: pd.DataFrame
    exact6: Fraction
    ld_expl: pd.DataFrame
    ld2_mc: pd.DataFrame
    ld2_exact: pd.DataFrame
    ld2: pd.DataFrame
    bluff1: pd.DataFrame
    bluff3: pd.DataFrame
    exact_vs_per_turn: pd.DataFrame
    one_die: pd.DataFrame
    gaps: pd.DataFrame
    counting: pd.DataFrame
    bluff2_per_turn: pd.DataFrame
    uniform_variants: pd.DataFrame
    talk: pd.Series
    talk_cells: pd.DataFrame
    talk_per_turn: pd.DataFrame
    bluff2_exact: pd.DataFrame
    kept_grids: pd.DataFrame
    talk_exact: pd.DataFrame
    sensitivity: pd.DataFrame
    star_one_die: pd.DataFrame
    profiles: pd.DataFrame | None = None
    counting_grids: pd.DataFrame | None = None

    @property
    def talk_found(self) -> bool:   # does the talk's game give every printed cell (else the closest stands in)?
        return bool(self.talk.truncated_matches == self.talk.cells)

    @property
    def talk_race(self) -> bool:   # face 2 wild with the quantity order: every bid on face 1 is true
        return bool(self.talk.wild == "top" and self.talk.bid_order == "quantity")

    @property
    def bluff2_variants(self) -> pd.DataFrame:   # the per-turn variants under the talk's counting
        c = self.counting
        return c[(c.wild == "top") & (c.bid_order == "quantity") & (c.method == "per-turn")]

    @property
    def one_die_exact(self) -> pd.DataFrame:
        return self.one_die.dropna(subset=["exact_win"])
