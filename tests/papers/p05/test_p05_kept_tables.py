"""The kept variants' per-round table and grids on 05's page (issue 50): each variant by a short name defined
once above the tables, one row a round instead of 9 rows of 25 rounds shown in two parts."""
from __future__ import annotations

import pandas as pd

from liarlab.papers.p05 import figures

TALK, OTHER = "star-order:difference/difference/challenger", "no-wild:difference/one/opener"


def _grids() -> pd.DataFrame:
    rows = [dict(variant=v, first_dice=a, second_dice=b, width=0.0, seconds=0.5 * a, memory_gb=0.01 * b,
                 win_pct=50.0 + a - b) for v in (TALK, OTHER) for a in (1, 2) for b in (1, 2)]
    return pd.DataFrame(rows)


def test_each_variant_is_named_once_by_a_letter_the_talks_game_first():
    key = figures.kept_key(_grids(), TALK)
    assert figures.kept_names(_grids()) == {TALK: "A", OTHER: "B"}
    assert "A  star bid order;" in key and "(the talk's game)\n  B" in key and "B  no wild face;" in key
    assert key.count("no wild face") == 1


def test_the_per_round_table_has_a_row_a_round_and_no_long_names():
    view = figures.kept_per_round_view(_grids())
    assert list(view["round"]) == ["1 v 1", "1 v 2", "2 v 1", "2 v 2"]
    assert list(view.columns[1:4]) == ["A: bracket width", "A: seconds", "A: memory (MB)"]
    assert list(view["B: seconds"]) == [0.5, 0.5, 1.0, 1.0]
    assert view.attrs["decimals"]["B: seconds"] == 2 and view.attrs["decimals"]["A: memory (MB)"] == 1
    assert not any("loses" in str(c) for c in view.columns)
    grids = figures.kept_grids_view(_grids())
    assert list(grids.index.get_level_values("variant").unique()) == ["A", "B"]
