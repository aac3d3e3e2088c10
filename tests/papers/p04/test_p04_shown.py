"""Notebook 04's tables show one count of decimals per column (issue 50: "0.37" under "0.827", "0.7780" beside
"0.056", rounded cell by cell)."""
from __future__ import annotations

import re

import pandas as pd

from liarlab.papers.p04 import experiments as p04x
from liarlab.study import tables


def _cells(frame) -> list[str]:
    return re.findall(r"<td[^>]*>([^<]*)</td>", tables.table_html(frame))


def test_every_float_of_a_shown_table_has_the_same_decimals():
    frame = pd.DataFrame({"P1": [0.778, 0.37, 1.0], "P5": [0.499, 0.48, 0.5], "runs": [200, 200, 200]},
                         index=["paper defaults", "never catch", "always"])
    cells = _cells(p04x.shown(frame))
    assert cells == ["0.778", "0.499", "200", "0.370", "0.480", "200", "1.000", "0.500", "200"], cells


def test_a_table_in_points_keeps_one_decimal():
    frame = pd.DataFrame({"one-hot": [-8.3, 0.0], "ordinal": [-5.5, 6.5]}, index=["a", "b"])
    assert _cells(p04x.shown(frame, 1)) == ["-8.3", "-5.5", "0.0", "6.5"]
