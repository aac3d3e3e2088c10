"""Win-rate estimates over per-seed tables and fixed pairings (liarlab.study.rates)."""
import numpy as np
import pandas as pd
import pytest

from liarlab.core import verdicts as V
from liarlab.study import rates as Q


def _tables(rates, games=1000, **cols):
    return pd.DataFrame([{"seed": s, "wins": round(r * games), "games": games, **cols} for s, r in enumerate(rates)])


def _fixed(wins, games, **cols):
    return pd.DataFrame([{"seed": Q.FIXED, "wins": wins, "games": games, **cols}])


def test_where_picks_the_rows_and_refuses_an_empty_selection():
    f = pd.concat([_tables([0.5, 0.6], player="A"), _tables([0.7], player="B")], ignore_index=True)
    assert len(Q.where(f, player="A")) == 2
    with pytest.raises(KeyError, match="no rows"):
        Q.where(f, player="C")


def test_trained_tables_are_estimated_across_seeds_and_a_fixed_pairing_over_its_games():
    t = Q.estimate(_tables([0.5, 0.6, 0.7]))
    assert t.unit == "seeds" and t.n == 3 and t.value == pytest.approx(0.6)
    f = Q.estimate(_fixed(600, 1000))
    assert f.n == 1000 and f.value == pytest.approx(0.6)
    assert (f.low, f.high) == pytest.approx((V.proportion(600, 1000).low, V.proportion(600, 1000).high))


def test_one_table_is_wider_than_the_mean_across_the_same_tables():
    f = _tables([0.55, 0.6, 0.62, 0.58, 0.65], player="A")
    mean, one = Q.est(f, player="A"), Q.est_one(f, player="A")
    assert one.value == pytest.approx(mean.value) and one.high - one.low > mean.high - mean.low
    assert "prediction" in one.interval


def test_a_difference_is_paired_by_seed_for_tables_and_newcombe_for_fixed_agents():
    a, b = _tables([0.6, 0.7, 0.8]), _tables([0.5, 0.6, 0.7])
    d = Q.diff(a, b)
    assert d.value == pytest.approx(0.1) and d.high - d.low == pytest.approx(0, abs=1e-9)   # the same gap each seed
    n = Q.diff(_fixed(600, 1000), _fixed(500, 1000))
    assert n == V.difference_of_proportions(600, 1000, 500, 1000)
    assert Q.diff_one(_fixed(600, 1000), _fixed(500, 1000)) == n


def test_a_combination_scales_each_term_and_keeps_the_bound_of_its_coefficients():
    a, b = _tables([0.6, 0.7, 0.8]), _tables([0.5, 0.6, 0.9])
    c = Q.combine([(a, 2), (b, -1)])
    assert c.value == pytest.approx(np.mean([0.7, 0.8, 0.7]))
    fixed = Q.combine([(_fixed(600, 1000), 1), (_fixed(500, 1000), -1)])
    assert fixed.value == pytest.approx(0.1)


def test_an_undecided_one_table_row_is_undecidable_and_a_decided_one_is_kept():
    e = V.Estimate(0.5, 0.4, 0.6, 10, "seeds")
    assert Q.one_table(V.direction(e, ">", 0.5)).undecidable
    decided = V.direction(V.Estimate(0.7, 0.65, 0.75, 10, "seeds"), ">", 0.5)
    assert Q.one_table(decided) is decided


def test_a_printed_count_outside_where_one_more_table_falls_differs():
    x, j = Q.printed_count(20, [5, 6, 7, 6, 5, 6], "the count", span=30)
    assert x.value == pytest.approx(35 / 6) and j.verdict == "differs"
    x, j = Q.printed_count(6, [5, 6, 7, 6, 5, 6], "the count", span=30)
    assert j.verdict == "reproduced"
