"""Notebook 04's tables show one count of decimals per column (issue 50: "0.37" under "0.827", "0.7780" beside
"0.056", rounded cell by cell)."""
from __future__ import annotations

import re

import pandas as pd

from liarlab.study import tables
from liarlab.study.decimals import shown


def _cells(frame) -> list[str]:
    return re.findall(r"<td[^>]*>([^<]*)</td>", tables.table_html(frame))


def test_every_float_of_a_shown_table_has_the_same_decimals():
    frame = pd.DataFrame({"P1": [0.778, 0.37, 1.0], "P5": [0.499, 0.48, 0.5], "runs": [200, 200, 200]},
                         index=["paper defaults", "never catch", "always"])
    cells = _cells(shown(frame))
    assert cells == ["0.778", "0.499", "200", "0.370", "0.480", "200", "1.000", "0.500", "200"], cells


def test_a_table_in_points_keeps_one_decimal():
    frame = pd.DataFrame({"one-hot": [-8.3, 0.0], "ordinal": [-5.5, 6.5]}, index=["a", "b"])
    assert _cells(shown(frame, 1)) == ["-8.3", "-5.5", "0.0", "6.5"]


def test_a_two_level_header_is_named_by_its_levels_and_keeps_one_count_of_decimals():
    # the page's tables leave a two-level header's cells as they are: "0.4504" beside "0.003402" (issue 50)
    frame = pd.DataFrame({("lie_share", "modified rules"): [0.4504, 0.003402], ("challenge_share", "x"): [0.0, 0.1]},
                         index=pd.Index(["a", "b"], name="agent"))
    html = tables.table_html(shown(frame))
    assert "lie share / modified rules" in html and "challenge share / x" in html
    assert [c for c in _cells(shown(frame)) if "." in c] == ["0.450", "0.000", "0.003", "0.100"]


def test_columns_name_the_floats_to_write_at_the_count():
    # a level of 0.95 beside values in points read "1.0" when every float got one decimal
    frame = pd.DataFrame({"value": [-5.7, 24.0], "level": [0.95, 0.9833]})
    assert _cells(shown(frame, 1, only=["value"])) == ["-5.7", "0.9500", "24.0", "0.9833"]
