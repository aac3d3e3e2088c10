"""Notebook 05's results: what its claims, summary and ledger read, in one object."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

__all__ = ["Results"]


@dataclass
class Results:
    """What notebook 05 measured, as its claims, summary and ledger read it (fields named after the notebook's
    variables). ``exact_vs_per_turn``: the Bluff-1 exact-vs-per-turn table beside the talk's comparison columns;
    ``bluff2_per_turn``: the per-turn grid under the default reading (loser opens, Borg penalties, face 2 wild,
    quantity order); ``counting``: the variant search over penalties, openers and counting conventions
    (per-turn and exact); ``talk``: its row of the talk's game (or of the closest variant when none gives every
    printed cell); ``talk_per_turn`` and ``talk_exact``: that game's per-turn and certified exact grids;
    ``kept_grids``: the exact grids of every kept variant; ``one_die``: one die each, certified exact values with
    the CFR+ cross-check where computed; ``star_one_die``: E10's star order solved; ``profiles``: the per-turn
    profile under accept payoff R2 and the star order played in the real round
    (:func:`liarlab.papers.p05.readings.per_turn_profile_table`); ``counting_grids``: every variant's grid of the
    rule search (per-turn and exact), for the readings of the Bluff-2 rows."""
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
    def talk_found(self) -> bool:
        """Does the talk's game give every printed cell (else the closest variant stands in)?"""
        return bool(self.talk.truncated_matches == self.talk.cells)

    @property
    def talk_race(self) -> bool:
        """Face 2 wild with the quantity order makes a race (every bid on face 1 is true)."""
        return bool(self.talk.wild == "top" and self.talk.bid_order == "quantity")

    def _talk_counting(self, method: str) -> pd.DataFrame:
        c = self.counting
        return c[(c.wild == "top") & (c.bid_order == "quantity") & (c.method == method)]

    @property
    def bluff2_variants(self) -> pd.DataFrame:
        """The per-turn variants under the talk's counting (face 2 wild, quantity order)."""
        return self._talk_counting("per-turn")

    @property
    def bluff2_exact_variants(self) -> pd.DataFrame:
        return self._talk_counting("exact")

    @property
    def one_die_exact(self) -> pd.DataFrame:
        return self.one_die.dropna(subset=["exact_win"])
