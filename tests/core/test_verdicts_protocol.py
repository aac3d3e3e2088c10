"""The protocol's fixed parts, pinned: any change to a word's range, a band or a constant fails here and so
shows in review (docs/VERDICTS.md, "History"). And the rules fixed on 2026-11-26, each with a case that the old
rule got wrong."""
import math
from dataclasses import replace

import numpy as np
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as v
from liarlab.study import outputs

_DEFAULT = R.Reading("as worded", "the statement as the paper words it", "the paper", default=True)
_OTHER = R.Reading("other opener", "the other player opens", "spec, open point 2")


def test_word_table_and_constants_are_pinned():
    assert v.WORDS == {
        "no difference": ("rate", -0.02, 0.02), "differ little": ("rate", -0.02, 0.02),
        "not lower": ("rate", -0.02, 1.0), "not higher": ("rate", -1.0, 0.02), "slight": ("rate", 0.005, 0.05),
        "clear": ("rate", 0.05, 1.0), "clearly": ("rate", 0.05, 1.0), "large": ("rate", 0.10, 1.0),
        "almost all": ("share", 0.90, 1.0), "mostly": ("share", 0.60, 1.0), "usually": ("share", 0.60, 1.0),
        "most": ("share", 0.50, 1.0), "about half": ("share", 0.40, 0.60), "sometimes": ("share", 0.10, 0.60),
        "rarely": ("share", 0.0, 0.10), "almost never": ("share", 0.0, 0.02),
    }
    assert (v.LEVEL, v.MIN_SEEDS, v.NEGLIGIBLE_RATE, v.SIM_TOLERANCE_RATE, v.ABOUT, v.CEILING, v.KNIFE_EDGE) == (
        0.95, 10, 0.02, 0.01, 0.25, 0.995, 0.25)
    assert (v.WEAK_BAND, v.PLANNED_POWER, v.FAMILY_REPRODUCED, v.FAMILY_DIFFERS) == (0.10, 0.80, 0.75, 0.50)
    assert sorted(v.CAUSES) == ["genuine", "misprint", "power", "reading", "untested"]


@pytest.mark.parametrize("call, band", [
    (lambda e: v.value(0.5, e, decimals=2), (0.495, 0.505)),
    (lambda e: v.value(0.5, e, decimals=1, truncated=True), (0.5, 0.6)),
    (lambda e: v.simulated_value(0.5, e, decimals=2), (0.485, 0.515)),
    (lambda e: v.about(0.4, e), (0.3, 0.5)),
    (lambda e: v.magnitude(e, 0.6, 0.7), (0.6, 0.7)),
    (lambda e: v.word("slight", e), (0.005, 0.05)),
    (lambda e: v.word("about half", e), (0.4, 0.6)),
])
def test_every_band_is_pinned(call, band):
    j = call(v.Estimate(0.5, 0.49, 0.51, 100, "games"))
    assert j.band == pytest.approx(band)


def test_interval_labels():
    assert v.proportion(50, 100).interval_label == "95 %"
    assert v.proportion(50, 100, level=v.simultaneous_level(32)).interval_label == "99.84 % (Bonferroni-adjusted)"
    assert v.exact(0.3).interval_label == ""
    assert v.share([v.Judgement("reproduced", "r"), v.Judgement("inconclusive", "r")]).interval_label == \
        "range over undecided cases"
    assert "prediction" in v.prediction_across_seeds([0.1, 0.2, 0.3]).interval_label


def test_prediction_interval_is_wider_than_the_means_and_does_not_shrink_with_seeds():
    rng = np.random.default_rng(0)
    few, many = rng.normal(0.5, 0.05, 10), rng.normal(0.5, 0.05, 400)
    mean_few, pred_few = v.across_seeds(few), v.prediction_across_seeds(few)
    assert pred_few.half_width > 2 * mean_few.half_width
    assert v.prediction_across_seeds(many).half_width > 0.7 * 1.96 * 0.05
    # a single realisation 0.58 lies inside one seed's spread but far outside the mean's interval of 400 seeds
    assert v.value(0.58, v.across_seeds(many), decimals=2).verdict == "differs"
    assert v.value(0.58, v.prediction_across_seeds(many), decimals=2).verdict != "differs"


def test_negligible_is_checked_before_the_side():
    # wholly within +-2 points of 0 but above it: the old rule said reproduced
    j = v.direction(v.Estimate(0.01, 0.005, 0.015, 10**6, "games"), ">", 0.0, negligible=0.02)
    assert j.verdict == "differs" and "no meaningful difference" in j.note


def test_all_of_keeps_knife_edge_and_undecidable():
    ok, knife = v.Judgement("reproduced", "r"), v.Judgement("reproduced", "r", knife_edge=True)
    assert v.all_of([ok, knife]).knife_edge and v.all_of([ok, knife]).verdict == "reproduced"
    assert not v.all_of([ok, ok]).knife_edge
    stuck = v.Judgement("inconclusive", "r", undecidable=True)
    open_ = v.Judgement("inconclusive", "r", needed=500)
    assert v.all_of([ok, stuck]).undecidable
    assert not v.all_of([ok, stuck, open_]).undecidable and v.all_of([ok, open_]).needed == 500


def test_weak_and_same_direction_flags():
    wide = v.about(0.5, v.Estimate(0.5, 0.45, 0.55, 100, "games"), span=1.0)   # band +-12.5 points
    assert wide.verdict == "reproduced" and "weak" in wide.flags
    tight = v.value(0.5, v.Estimate(0.5, 0.498, 0.502, 10**5, "games"), decimals=2, span=1.0)
    assert "weak" not in tight.flags
    assert "weak" not in v.word("clear", v.Estimate(0.2, 0.15, 0.25, 100, "games")).flags  # one-sided
    same = v.value(0.70, v.Estimate(0.60, 0.59, 0.61, 10**4, "games"), decimals=2, reference=0.5)
    assert same.verdict == "differs" and "same direction" in same.flags
    other = v.value(0.70, v.Estimate(0.40, 0.39, 0.41, 10**4, "games"), decimals=2, reference=0.5)
    assert other.verdict == "differs" and "same direction" not in other.flags


def test_two_stage_design():
    pilot = v.proportion(5120, 10_000)
    j = v.value(0.5, pilot, decimals=2)          # band [0.495, 0.505]: the pilot straddles its edge
    assert j.verdict == "inconclusive" and j.needed > 10_000
    plan = v.plan_confirmation(j, cap=10**6)
    assert plan.n == j.needed and not plan.capped
    fresh = v.proportion(int(0.512 * plan.n), plan.n)
    out = v.confirmed(pilot, j, fresh, v.value(0.5, fresh, decimals=2), plan)
    assert out.verdict == v.value(0.5, fresh, decimals=2).verdict and out.pilot == pilot
    assert "pilot" in out.note and "confirmatory" in out.note
    capped = v.plan_confirmation(j, cap=1000)
    assert capped.n == 1000 and capped.capped
    assert v.plan_confirmation(v.value(0.5, v.proportion(5000, 10_000), decimals=1), cap=10) is None  # decided
    edge = v.value(0.50, v.Estimate(0.505, 0.5, 0.51, 100, "games"), decimals=2)   # sits on the band's edge
    assert edge.undecidable and v.plan_confirmation(edge, cap=10**6).undecidable
    grid = v.Judgement("inconclusive", "r", needed=626)
    assert v.plan_confirmation(grid, cap=10**6, population=25).undecidable
    mine = [R.run("F", "c", _DEFAULT, fresh, out),
            R.not_run("F", "c", _OTHER, "the paper leaves nothing else open in this claim")]
    row = outputs.claim("c", "s", 0.5, fresh, out, kind="finding", family="F",
                        readings=mine if out.verdict == "differs" else None)
    assert row["pilot_value"] == pilot.value and row["pilot_n"] == 10_000 and row["pilot_verdict"] == "inconclusive"


def test_new_estimates():
    rng = np.random.default_rng(1)
    x = rng.normal(size=200)
    y = x + rng.normal(size=200)
    r = v.correlation(x, y)
    assert r.low < r.value < r.high and abs(r.value - np.corrcoef(x, y)[0, 1]) < 1e-12
    boards = list(zip(x, y))
    b = v.bootstrap(boards, lambda u: float(np.corrcoef(*zip(*u))[0, 1]), n_boot=500, seed=3, low=-1, high=1)
    assert b.low < r.value < b.high and b.unit == "boards"
    assert v.bootstrap(boards, lambda u: float(np.corrcoef(*zip(*u))[0, 1]), n_boot=200, seed=3) == \
        v.bootstrap(boards, lambda u: float(np.corrcoef(*zip(*u))[0, 1]), n_boot=200, seed=3)
    d = v.difference_of_means([1, 2, 3, 4], [0, 1, 2, 3, 4, 5])
    assert d.value == pytest.approx(0.0) and d.low < 0 < d.high
    newcombe = v.difference_of_proportions(60, 100, 40, 100)
    mover = v.combination_of_proportions([(1, 60, 100), (-1, 40, 100)])
    assert (mover.value, mover.low, mover.high) == pytest.approx((newcombe.value, newcombe.low, newcombe.high))
    half = v.combination_of_proportions([(0.5, 60, 100), (0.5, 40, 100)])
    one = v.proportion(60, 100)
    # each half-width scaled by its coefficient: two halves are narrower than one whole proportion
    assert half.value == pytest.approx(0.5) and half.half_width < one.half_width
    assert math.isclose(half.high - half.value, 0.5 * math.hypot(one.high - one.value,
                                                                  v.proportion(40, 100).high - 0.4))


def test_family_rule():
    assert v.family_verdict(["reproduced"] * 11 + ["differs"]) == "reproduced"
    assert v.family_verdict(["reproduced"] * 2 + ["differs"] * 2) == "differs"
    assert v.family_verdict(["reproduced", "reproduced", "inconclusive", "inconclusive"]) == "inconclusive"
    assert v.family_verdict(["extension"]) == "extension"


def test_claim_refuses_findings_without_paper_value_or_readings():
    est = v.proportion(60, 100)
    with pytest.raises(ValueError, match="extension"):
        outputs.claim("c", "s", None, est, v.value(0.6, est, decimals=1), kind="finding")
    with pytest.raises(ValueError, match="readings"):
        outputs.claim("c", "s", 0.9, est, v.value(0.9, est, decimals=1), kind="finding")
    with pytest.raises(TypeError):
        outputs.claim("c", "s", 0.9, est, v.value(0.9, est, decimals=1), kind="finding", cause="reading")
    with pytest.raises(ValueError, match="not text"):
        outputs.claim("c", "s", 0.9, est, v.value(0.9, est, decimals=1), kind="finding",
                      readings="two openers tried; neither reproduces the print")
    judged = v.value(0.9, est, decimals=1)
    mine = [R.run("c", "c", _DEFAULT, est, judged), R.run("c", "c", _OTHER, v.proportion(90, 100), "reproduced")]
    row = outputs.claim("c", "s", 0.9, est, judged, kind="finding", readings=mine)
    assert row["cause"] == "reading" and row["interval"] == "95 %"
    assert row["readings"] == R.summary(mine)
    ext = outputs.claim("c", "s", None, est, "extension", kind="finding", rule="our result")
    assert ext["verdict"] == "extension"


def test_a_near_miss_differs_is_confirmed_on_a_fresh_sample():
    """Issue 49: a differs decided on its pilot whose interval misses the band by less than its own half-width gets
    the confirmatory stage of an inconclusive row; one that misses by more stands, and so does a reproduced row."""
    near = v.Estimate(0.108, 0.100, 0.116, 30, "seeds")
    j = v.magnitude(near, 0.117, 0.2)                        # misses [0.117, 0.2] by 0.001, half-width 0.008
    assert j.verdict == "differs" and j.gap == pytest.approx(0.001) and j.miss == pytest.approx(0.125)
    assert v.near_miss(j)
    plan = v.plan_knife_edge(near, j, cap=1000)
    assert plan is not None and not plan.undecidable and plan.n >= 30
    # planned from the pilot: n (1 + z_b/z_a)^2 / (1 + miss)^2
    z_a, z_b = 1.959964, 0.841621
    assert plan.n == max(30, int(np.ceil(30 * ((z_a + z_b) / z_a) ** 2 / 1.125 ** 2)))
    assert v.plan_second_stage(near, j, cap=1000) == plan
    far = v.magnitude(near, 0.2, 0.3)                        # misses by 0.084, ten half-widths
    assert far.verdict == "differs" and not v.near_miss(far) and v.plan_knife_edge(near, far, cap=1000) is None
    assert v.near_miss(far, margin=0.1)                      # unless the builder states a wider margin
    inside = v.magnitude(near, 0.05, 0.2)
    assert inside.verdict == "reproduced" and v.plan_second_stage(near, inside, cap=1000) is None
    # the cap binds, but never below the pilot's size (a confirmatory sample smaller than its pilot is refused)
    assert v.plan_knife_edge(near, j, cap=5).n == 30
    # a prediction interval does not narrow as 1/sqrt(n): sized at the cap
    assert v.plan_knife_edge(near, j, cap=40, fixed=True).n == 40
    # a row already decided in two stages is not planned again
    assert not v.near_miss(replace(j, pilot_verdict="inconclusive"))
    # an inconclusive pilot goes the usual way
    open_ = v.value(0.5, v.proportion(5120, 10_000), decimals=2)
    assert v.plan_second_stage(v.proportion(5120, 10_000), open_, cap=10**6) == v.plan_confirmation(open_, cap=10**6)


def test_the_miss_of_directions_and_of_claims_about_every_case():
    """A 'no meaningful difference' differs misses by its distance to the negligible band's edge; a claim about every
    case misses by its farthest differing case."""
    flat = v.Estimate(0.009, -0.0013, 0.0193, 200, "runs")
    j = v.direction(flat, ">", 0.0, negligible=0.02)
    assert j.verdict == "differs" and j.gap == pytest.approx(0.0007) and v.near_miss(j)
    # near the negligible band's other edge it is no near miss: leaving the band that way it differs as well
    low = v.direction(v.Estimate(-0.009, -0.0193, 0.0013, 200, "runs"), ">", 0.0, negligible=0.02)
    assert low.verdict == "differs" and low.gap == pytest.approx(0.0187) and not v.near_miss(low)
    assert v.direction(v.Estimate(-0.009, -0.0193, 0.0013, 200, "runs"), "<", 0.0, negligible=0.02).gap \
        == pytest.approx(0.0007)
    wrong_side = v.direction(v.Estimate(-0.05, -0.06, -0.04, 50, "seeds"), ">", 0.0)
    assert wrong_side.verdict == "differs" and wrong_side.miss == pytest.approx(4.0)
    both = v.all_of([j, wrong_side, v.direction(v.Estimate(0.1, 0.05, 0.15, 50, "seeds"), ">", 0.0)])
    assert both.verdict == "differs" and both.miss == pytest.approx(4.0) and not v.near_miss(both)
    assert v.all_of([j]).miss == pytest.approx(j.miss) and v.near_miss(v.all_of([j]))
