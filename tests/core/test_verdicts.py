"""The verdict protocol on constructed cases (docs/VERDICTS.md)."""
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from liarlab.core import verdicts as V


def test_underpowered_is_inconclusive_and_says_what_would_decide():
    est = V.proportion(53, 100)  # 0.53 +- ~0.10: cannot tell 0.53 from 0.50
    j = V.direction(est, ">", 0.5)
    assert j.verdict == "inconclusive"
    assert "would decide" in j.note
    big = V.proportion(53_000, 100_000)
    assert V.direction(big, ">", 0.5).verdict == "reproduced"


@given(st.integers(0, 500), st.integers(1, 500))
def test_proportion_interval_never_leaves_unit_range(wins, extra):
    est = V.proportion(wins, wins + extra)
    assert 0.0 <= est.low <= est.value <= est.high <= 1.0


def test_seed_interval_stays_inside_range_at_a_ceiling():
    est = V.across_seeds([1.0] * 8 + [0.9, 0.95])
    assert est.high <= 1.0 and est.low >= 0.0
    assert est.seed_min == 0.9 and est.seed_max == 1.0 and est.n == 10 and est.unit == "seeds"
    assert V.across_seeds([0.99, 1.0, 1.0, 0.98, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]).at_ceiling()


def test_seed_interval_reflects_seed_spread_not_games():
    est = V.across_seeds([0.371, 0.625, 0.55, 0.45, 0.6, 0.4, 0.5, 0.52, 0.58, 0.48])
    assert est.high - est.low > 0.08  # the 150,000-game Wilson interval was 0.005 wide


def test_knife_edge_is_flagged():
    j = V.magnitude(V.exact(0.8), 0.8, 1.0)  # 20 of 25 at a threshold of 80 %
    assert j.verdict == "reproduced" and j.knife_edge
    assert not V.magnitude(V.exact(0.9), 0.8, 1.0).knife_edge


def test_qualitative_word_with_too_large_effect_fails():
    assert V.word("slight", V.exact(0.13)).verdict == "differs"
    assert V.word("slight", V.exact(0.02)).verdict == "reproduced"
    assert V.word("mostly", V.exact(0.559)).verdict == "differs"
    with pytest.raises(ValueError):
        V.word("sort of", V.exact(0.5))


def test_not_lower_allows_a_negligible_gap_only():
    est = V.Estimate(-0.018, -0.03, -0.006, 400, "seeds")
    assert V.word("not lower", est).verdict == "inconclusive"
    assert V.word("not lower", V.Estimate(-0.01, -0.015, -0.005, 400, "seeds")).verdict == "reproduced"
    assert V.word("not lower", V.Estimate(-0.05, -0.07, -0.03, 400, "seeds")).verdict == "differs"


def test_direction_with_negligible_band_calls_a_tight_null_a_difference():
    est = V.Estimate(0.001, -0.003, 0.005, 10**6, "games")
    assert V.direction(est, ">", 0.0, negligible=0.02).verdict == "differs"
    assert V.direction(est, ">", 0.0).verdict == "inconclusive"
    assert V.direction(V.Estimate(-0.1, -0.12, -0.08), ">").verdict == "differs"


def test_printed_value_precision_rounded_and_truncated():
    assert V.value(0.5981, V.exact(4651 / 7776), decimals=4).verdict == "reproduced"
    assert V.value(0.5982, V.exact(4651 / 7776), decimals=4).verdict == "differs"
    # 99.9999 prints as 99 when truncated, not when rounded
    assert V.value(99, V.exact(99.9999), decimals=0, truncated=True).verdict == "reproduced"
    assert V.value(99, V.exact(99.9999), decimals=0).verdict == "differs"
    assert V.value(41 / 60, V.exact(0.6833333333333333)).verdict == "reproduced"


def test_simulated_value_uses_the_papers_own_sampling_error():
    ours = V.proportion(6_830, 10_000)
    assert V.simulated_value(68.336, ours.scaled(100), decimals=3, paper_n=10_000, scale=100).verdict == "reproduced"
    far = V.proportion(60_000, 100_000).scaled(100)
    assert V.simulated_value(68.336, far, decimals=3, scale=100).verdict == "differs"


def test_every_case_with_multiplicity_control():
    level = V.simultaneous_level(32)
    assert math.isclose(level, 1 - 0.05 / 32)
    rates = [V.proportion(545, 1000, level=level) for _ in range(32)]
    judged = [V.direction(r, ">", 0.5) for r in rates]
    assert V.all_of(judged).verdict in ("reproduced", "inconclusive")
    judged[3] = V.Judgement("differs", "x")
    assert V.all_of(judged).verdict == "differs"


def test_share_interval_counts_undecided_cases_both_ways():
    js = [V.Judgement("reproduced", "r")] * 20 + [V.Judgement("inconclusive", "r")] * 3 + [V.Judgement("differs", "r")] * 2
    est = V.share(js)
    assert (est.low, est.high) == (20 / 25, 23 / 25)
    assert V.word("almost all", est).verdict == "inconclusive"


def test_difference_of_proportions_stays_in_range():
    d = V.difference_of_proportions(999, 1000, 1, 1000)
    assert -1 <= d.low <= d.value <= d.high <= 1


def test_scaled_estimate_keeps_interval_order():
    est = V.proportion(30, 100).scaled(-100)
    assert est.low <= est.value <= est.high


def test_claim_rows_require_kind_and_rule():
    from liarlab.study.outputs import claim

    with pytest.raises(ValueError):
        claim("x", "src", 1, 1, "reproduced", kind="finding")  # no rule
    with pytest.raises(ValueError):
        claim("x", "src", 1, 1, V.value(1, V.exact(1)), kind="proof")
    row = claim("x", "src", 0.5, V.proportion(50, 100), V.value(0.5, V.proportion(50, 100), decimals=1),
                kind="finding", selected=True)
    assert row["unit"] == "games" and row["n"] == 100 and "agrees by selection" in row["flags"]
    assert 0 <= row["ci_low"] <= row["ci_high"] <= 1


def test_across_seeds_needs_two():
    with pytest.raises(ValueError):
        V.across_seeds(np.array([0.5]))


def test_the_cause_rule_knows_a_bounded_reading_and_refuses_an_unknown_one():
    def row(verdict, default=False):
        return {"claim": "c", "is_default": default, "verdict": verdict, "leans": ""}

    base = [row("differs", default=True)]
    assert V.cause(base + [row(V.READING_BOUNDED)]) == "genuine"
    assert V.cause(base + [row(V.READING_BOUNDED), row(V.READING_NOT_BUILT)]) == "untested"
    assert V.cause(base + [row(V.READING_BOUNDED), row("reproduced")]) == "reading"
    with pytest.raises(ValueError, match="one of"):
        V.cause(base + [row("not run (maybe)")])


def test_printed_precision_rounded_or_truncated():
    from liarlab.core import verdicts as V

    assert V.value(56.01, V.exact(56.0194), decimals=2, truncated=True).verdict == "reproduced"
    assert V.value(56.02, V.exact(56.0194), decimals=2).verdict == "reproduced"
    assert V.value(56.02, V.exact(56.0194), decimals=2, truncated=True).verdict == "differs"
