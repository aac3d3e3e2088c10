"""Notebook 00's captions and prose state numbers that are true of the tables they describe
(liarlab.papers.p00.figures and the prose functions of liarlab.papers.p00.claims)."""
from liarlab.core import dice
from liarlab.papers.p00 import claims, figures
from liarlab.papers.p00 import experiments as ex
from liarlab.papers.p00.printed import PAPER_T44


def test_at_least_one_text_reads_the_table():
    table = ex.at_least_table()
    text = claims.at_least_one_text(table)
    assert "7,776 - 3,125 = **4,651**" in text and "**4,561**" in text and "another order" in text
    fake = table.copy()
    fake.loc[fake.k == 1, "at_least_k"] = 4000
    assert "= **4,000**" in claims.at_least_one_text(fake) and "another number" in claims.at_least_one_text(fake)


def test_table_4_4_text_names_the_wrong_cell_from_the_counts():
    q2 = ex.q_space_table(2)
    text = claims.table_4_4_text(q2)
    n3 = q2.set_index("n").loc[3]
    assert f"**{PAPER_T44[3][1]:,}**" in text and f"{int(n3.action_keys):,} × 252 = **{int(n3.full):,}**" in text
    assert "The other 5 of its 6 cells agree" in text and "Table 6-2 prints correctly" in text
    assert int(n3.full) == dice.multisets_count() * int(n3.action_keys)
    # a table whose n = 1 partial count differed would be named too
    fake = q2.copy()
    fake.loc[fake.n == 1, "partial"] += 1
    assert "partial-hand size for n = 1" in claims.table_4_4_text(fake)


def test_figure_captions_judge_the_ticks_at_the_printed_precision():
    at_least = ex.at_least_table()
    assert "every printed tick sits on its bar" in figures.at_least_k_caption(at_least)
    moved = at_least.assign(paper_p_at_least=at_least.paper_p_at_least.where(at_least.k != 2, 0.2))
    assert "5 of 6 printed ticks sit on their bars" in figures.at_least_k_caption(moved)
    multiplicity = ex.max_multiplicity_table()
    text = figures.max_multiplicity_caption(multiplicity)
    assert "a pair as its best" in text and "69.44 %" in text and "every printed tick" in text
    moved = multiplicity.assign(paper_percent=multiplicity.paper_percent + 0.01)
    assert "0 of 5 printed ticks" in figures.max_multiplicity_caption(moved)


def test_q_space_caption_gives_the_full_over_partial_range_of_the_tables():
    q2, q3 = ex.q_space_table(2), ex.q_space_table(3)
    text = figures.q_space_caption(q2, q3)
    ratios = list(q2.full_over_partial) + list(q3.full_over_partial)
    assert f"{min(ratios):.1f} to {max(ratios):.1f} times" in text and "shrinks as n grows" in text
    fig = figures.q_space(q2, q3)
    low, high = ex.growth_factors(q2, q3)
    assert fig.axes[0].get_title() == f"Q-table size grows {low:.1f}× to {high:.1f}× per history step"


def test_every_figure_function_returns_its_figure():
    for fig in (figures.at_least_k(ex.at_least_table()), figures.max_multiplicity(ex.max_multiplicity_table())):
        assert fig.axes and fig.axes[0].get_legend() is not None


def test_table_4_6_shows_each_fraction_beside_its_exact_fraction_of_the_hands():
    view = ex.hand_class_view(ex.hand_class_table()).set_index("class")
    assert view.loc["one pair", "fraction"] == "0.4630 (3,600/7,776)"
    assert view.loc["five of a kind", "fraction"] == "0.0008 (6/7,776)"
    # one count of decimals in the column (issue 50): "0.463" above "0.06173" read as two precisions
    assert {len(f.split(" ")[0].split(".")[1]) for f in view["fraction"]} == {4}


def test_tables_4_5_and_6_3_show_each_column_at_one_count_of_decimals():
    from liarlab.study.tables import table_html

    at_least = table_html(ex.at_least_view(ex.at_least_table()))
    assert "1.0000 (7,776/7,776)" in at_least and "0.0001 (1/7,776)" in at_least and ">1.0000<" in at_least
    multiplicity = table_html(ex.max_multiplicity_view(ex.max_multiplicity_table()))
    assert ">19.290<" in multiplicity and ">0.08<" in multiplicity and "0.6944 (5,400/7,776)" in multiplicity


def test_a_monte_carlo_table_gives_its_narrowest_interval_two_significant_digits():
    import pandas as pd

    mc = pd.DataFrame({"k": [1, 5], "hands": [10_000_000] * 2, "hits": [5_981_372, 1_244],
                       "estimate": [0.5981372, 0.0001244], "ci_low": [0.59783, 0.0001177],
                       "ci_high": [0.59844, 0.0001315], "exact": [4651 / 7776, 1 / 7776],
                       "exact_inside_ci": [True, True]})
    view = ex.monte_carlo_view(mc)
    # width 0.0000138: six decimals, so the share and the exact 0.000129 no longer read alike
    assert view.iloc[1, 3] == "0.000124 [0.000118, 0.000131]"
    assert view.iloc[1, 4] == "0.000129 (1/7,776)"
    assert view.iloc[0, 3] == "0.598137 [0.597830, 0.598440]"      # one count of decimals down the column


def test_the_explore_bars_are_labelled_at_two_decimals():
    from liarlab.papers.p00.explore import at_least_chances, percent_label

    assert [percent_label(100 * p) for p in at_least_chances(5, 6)] == ["100.00", "59.81", "19.62", "3.55", "0.33",
                                                                       "0.01"]
    assert percent_label(1e-9) == "< 0.01"


def test_a_monte_carlo_table_on_the_page_gives_each_share_and_its_bounds_the_same_decimals():
    import re

    import pandas as pd

    from liarlab.study import tables

    # the full run's rows: at 10 million hands the certain row (k = 0) has an interval 1 - 0.99999962 wide, which
    # asked for 8 decimals, and the page rewrote 8 decimals to 4 significant digits: "0.1963 [0.196, 0.1965]"
    mc = pd.DataFrame({"k": [0, 2, 5], "hands": [10_000_000] * 3, "hits": [10_000_000, 1_962_608, 1_244],
                       "estimate": [1.0, 0.1962608, 0.0001244], "ci_low": [0.99999962, 0.19601475, 0.00011768],
                       "ci_high": [1.0, 0.19650708, 0.00013151], "exact": [1.0, 1526 / 7776, 1 / 7776],
                       "exact_inside_ci": [True] * 3})
    page = tables.table_html(ex.monte_carlo_view(mc))
    cells = re.findall(r"(\d+\.\d+) \[(\d+\.\d+), (\d+\.\d+)\]", page)
    assert len(cells) == 3
    assert {len(number.partition(".")[2]) for cell in cells for number in cell} == {6}
    assert ("0.196261", "0.196015", "0.196507") in cells
