"""The estimate arithmetic any paper's judges share (liarlab.study.estimates)."""
import pytest

from liarlab.core import verdicts as V
from liarlab.study import estimates as E


def test_a_shifted_estimate_is_the_rate_against_its_reference_line_both_ways():
    e = V.Estimate(0.6, 0.55, 0.7, 10, "seeds", 0.5, 0.8)
    up = E.shift(e, 0.5)
    assert (up.value, up.low, up.high) == pytest.approx((0.1, 0.05, 0.2))
    down = E.shift(e, 0.5, -1)      # 50 % minus the rate: the interval's ends swap
    assert (down.value, down.low, down.high) == pytest.approx((-0.1, -0.2, -0.05))
    assert (down.seed_min, down.seed_max) == pytest.approx((-0.3, 0.0))


def test_a_learned_rate_minus_a_fixed_proportion_is_wider_than_either_and_stays_in_minus_one_to_one():
    rates = [0.62, 0.58, 0.65, 0.6, 0.61]
    d = E.minus_fixed(rates, 400, 1000)
    learned, fixed = V.across_seeds(rates, 0.0, 1.0), V.proportion(400, 1000)
    assert d.value == pytest.approx(learned.value - 0.4)
    assert d.high - d.low > max(learned.high - learned.low, fixed.high - fixed.low)
    assert -1.0 <= d.low <= d.high <= 1.0


def test_a_printed_value_near_the_band_edge_is_flagged_knife_edge_and_one_far_inside_is_not():
    band = V.Estimate(10.0, 8.0, 12.0, 5, "seeds")
    near = E.band_knife_edge(V.magnitude(V.exact(8.2), 8.0, 12.0, "inside"), 8.2, band)
    far = E.band_knife_edge(V.magnitude(V.exact(10.0), 8.0, 12.0, "inside"), 10.0, band)
    assert near.knife_edge and "knife-edge" in near.note and near.gap == pytest.approx(0.2)
    assert not far.knife_edge and far.miss == pytest.approx(1.0)


def test_not_a_large_difference_is_the_complement_of_the_word_large():
    bound = V.WORDS["large"][1]
    assert E.not_word("large", V.Estimate(0.0, -0.5 * bound, 0.5 * bound, 10, "seeds")).verdict == "reproduced"
    assert E.not_word("large", V.Estimate(2 * bound, 1.5 * bound, 2.5 * bound, 10, "seeds")).verdict == "differs"


def test_the_deciding_case_is_the_differing_one_farthest_from_its_reference():
    def case(label, lo, hi):
        e = V.Estimate((lo + hi) / 2, lo, hi, 10, "games")
        return (label, e, V.direction(e, ">", 0.0), 0.0)

    cases = [case("fine", 0.1, 0.3), case("just below", -0.2, -0.01), case("far below", -0.5, -0.3)]
    assert E.deciding(cases) == 2
    assert E.deciding([case("a", 0.1, 0.3), case("b", 0.01, 0.2)]) == 1     # all reproduced: the nearest
