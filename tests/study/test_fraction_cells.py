"""A column of exact ratios at one count of decimals (issue 50), left as written by the table's cell format."""
from fractions import Fraction

from liarlab.study.tables import cell_text, fraction_text


def ratio_cell(numerator, denominator=None, decimals=4):
    return fraction_text(numerator, denominator, decimals)


def test_a_ratio_is_written_to_the_given_decimals_with_the_ratio_as_given_beside_it():
    assert ratio_cell(1, 7776) == "0.0001 (1/7,776)"
    assert ratio_cell(7776, 7776) == "1.0000 (7,776/7,776)"          # not reduced: the count of the 7,776 hands
    assert ratio_cell(Fraction(30, 31)) == "0.9677 (30/31)"
    assert ratio_cell(Fraction(-1, 9), decimals=2) == "-0.11 (-1/9)"
    assert ratio_cell(Fraction(2153, 4536)) == "0.4746 (2,153/4,536)"


def test_the_table_cell_format_leaves_a_ratio_cell_as_it_is():
    # fraction_text would write these "0.0001286 (1/7,776)" and "0.9677 (30/31)": two precisions in one column
    column = [ratio_cell(h, 7776) for h in (1, 26, 4651)] + [ratio_cell(Fraction(30, 31))]
    assert [cell_text(c) for c in column] == column
    assert {len(c.split(" ")[0].split(".")[1]) for c in column} == {4}
