"""The two-stage design and the knife-edge note (liarlab.study.stages), on the cases of notebook 03 that needed them."""
from __future__ import annotations

import pytest

from liarlab.core import verdicts as V
from liarlab.study import stages


def _undecided(n=100, value=0.5, half=0.1):
    est = V.Estimate(value, value - half, value + half, n, "boards")
    return est, V.magnitude(est, 0.0, 0.55)




def test_two_stage_draws_only_a_sample_larger_than_the_pilot():
    est, j = _undecided()
    assert j.verdict == "inconclusive" and j.needed > 100
    # capped at or below the pilot: nothing drawn, the note says why
    j2, e2 = stages.two_stage(est, j, 50, lambda e: V.magnitude(e, 0.0, 0.55), lambda n: pytest.fail("drawn"))
    assert j2.verdict == "inconclusive" and e2 is est and "none drawn" in j2.note
    # a larger sample is drawn and decides on its own
    calls = []

    def fresh(n):
        calls.append(n)
        return V.Estimate(0.45, 0.43, 0.47, n, "boards")
    j3, e3 = stages.two_stage(est, j, 10_000, lambda e: V.magnitude(e, 0.0, 0.55), fresh)
    assert calls == [j.needed] and j3.verdict == "reproduced" and j3.pilot is est and e3.n == j.needed
    # a decided pilot needs no second stage
    dec = V.magnitude(est, 0.0, 1.0)
    assert stages.two_stage(est, dec, 10, None, None) == (dec, est)
    assert stages.draw_size([stages.plan(j, 10_000), None], 100) == j.needed
    assert stages.draw_size([stages.plan(j, 50)], 100) == 0




def test_knife_edge_text_is_computed_and_never_says_touches_when_it_does_not():
    # Fig 3-13's C-trump cell: the interval ends at 6.29, the band starts at 6.33
    est = V.Estimate(6.125, 5.96, 6.29, 400, "deals")
    j = stages.edge_text(est, V.magnitude(est, 6.325, 7.275))
    assert j.verdict == "differs" and j.knife_edge
    assert "touches" not in j.note and "0.035 below the allowed range's edge 6.325" in j.note
    exact = V.exact(88.0)
    j = stages.edge_text(exact, V.value(88, exact, decimals=0, truncated=True))
    assert "sits on the allowed range's edge 88" in j.note


def test_a_near_miss_differs_is_confirmed_on_fresh_deals_and_a_clear_one_is_not():
    """Issue 49 (03 row 24, Fig 3-13 'E for C trump'): a differs whose interval misses the band by less than its
    half-width gets a fresh sample, sized from the pilot, and its verdict comes from that sample alone."""
    pilot = V.Estimate(6.2, 5.9, 6.3, 400, "deals")              # misses [6.329, 7.271] by 0.029, half-width 0.2

    def judge(e):
        return V.magnitude(e, 6.329, 7.271)

    j = judge(pilot)
    assert j.verdict == "differs" and V.near_miss(j)
    p = stages.plan(j, 20_000, pilot)
    assert p is not None and p.n >= 400 and stages.draw_size([p], 400) == p.n
    calls = []

    def fresh(n):
        calls.append(n)
        return V.Estimate(6.6, 6.45, 6.75, n, "deals")
    j2, e2 = stages.two_stage(pilot, j, 20_000, judge, fresh)
    assert calls == [p.n] and j2.verdict == "reproduced" and j2.pilot_verdict == "differs" and e2.n == p.n
    far = V.Estimate(5.0, 4.8, 5.2, 400, "deals")
    assert stages.two_stage(far, judge(far), 20_000, judge, lambda n: pytest.fail("drawn"))[0].verdict == "differs"
    assert stages.plan(j, 20_000) is None                     # without its estimate: the inconclusive-only plan


def test_a_shared_two_stage_judges_the_fresh_sample_only_when_the_pilot_left_it_open():
    def judge(wins_games):
        est = V.proportion(*wins_games)
        return est, V.magnitude(est, 0.6, 0.7, "rate in the band", span=1.0)

    plan = V.Plan(10_000, False, False, "planned")
    pilot, fresh = (64, 100), (6_500, 10_000)
    assert judge(pilot)[1].verdict == "inconclusive" and stages.goes_to_second_stage(judge(pilot)[1])
    est, j = stages.shared_two_stage(judge, pilot, fresh, plan)
    assert j.verdict == "reproduced" and est.n == 10_000
    assert stages.shared_two_stage(judge, pilot, fresh, None)[1].verdict == "inconclusive"     # no plan: the pilot stands
    assert stages.shared_two_stage(judge, (65_000, 100_000), fresh, plan)[0].n == 100_000      # a decided pilot stands
    gone = stages.shared_two_stage(judge, pilot, None, V.Plan(None, False, True, "no sample decides it"))
    assert gone[1].verdict == "inconclusive" and gone[1].undecidable
