"""Notebook 05's one-die table: the certified values (fringe-aware double oracle) agree with the whole-tree LP."""
import numpy as np

from liarlab.papers.p05 import experiments as p05x


def test_one_die_table_certified_values_match_the_whole_tree_lp():
    table = p05x.one_die_table(range(2, 5), cfr_iterations=50, lp_max_faces=4, oracle_max_faces=4)
    assert list(table.faces) == [2, 3, 4]
    assert (table.width <= 1e-9).all()
    assert np.allclose(table.exact_win, table.lp_win, atol=1e-9)
    assert ((table.cfr_lower <= table.exact_win + 1e-12) & (table.exact_win <= table.cfr_upper + 1e-12)).all()
