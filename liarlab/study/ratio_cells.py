"""A column of exact ratios shown with one count of decimals (issue 50): :func:`liarlab.study.tables.fraction_text`
writes each fraction to its own significant digits, so one column read "0.0001286 (1/7,776)" above "0.1962
(763/3,888)" and "1" above "0.9677 (30/31)". :func:`ratio_cell` writes the decimal to a fixed count and the exact
ratio beside it, as text that :func:`liarlab.study.tables.cell_text` leaves as it is."""
from __future__ import annotations

from fractions import Fraction

from liarlab.study.tables import fixed_text


def ratio_cell(numerator, denominator: int | None = None, decimals: int = 4) -> str:
    """``numerator / denominator`` (or a :class:`~fractions.Fraction` alone, reduced) as "0.1962 (763/3,888)": the
    decimal to ``decimals`` decimals, the ratio as given beside it ("1.0000 (7,776/7,776)", "1.0000 (1/1)")."""
    num, den = (int(numerator), int(denominator)) if denominator is not None else (
        Fraction(numerator).numerator, Fraction(numerator).denominator)
    return f"{fixed_text(num / den, decimals)} ({num:,}/{den:,})"
