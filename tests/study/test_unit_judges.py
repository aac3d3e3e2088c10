"""liarlab.study.unit_judges: judging tables of independent units (runs, learners by seed)."""
import numpy as np
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading, Unbuilt
from liarlab.study import unit_judges as U


def _learners(means: dict, seeds: int = 20, sd: float = 0.01, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame([{"opponent": o, "seed_index": s, "win_rate": float(np.clip(m + rng.normal(0, sd), 0, 1))}
                         for o, m in means.items() for s in range(seeds)])


def test_paired_cells_and_the_first_units():
    frame = _learners({"a": 0.7, "b": 0.5})
    est = U.paired(frame, {"opponent": "a"}, {"opponent": "b"})
    assert est.low < 0.2 < est.high and est.n == 20
    assert set(U.first(frame, 5).seed_index) == set(range(5))
    with pytest.raises(ValueError, match="no learners"):
        U.cell(frame, opponent="z")


def test_ceiling_groups_name_the_groups_at_a_ceiling_or_floor():
    frame = pd.concat([_learners({"a": 0.5}), _learners({"f": 1.0}, sd=0.0), _learners({"e": 0.0}, sd=0.0)])
    assert U.ceiling_groups(frame) == ["e", "f"]


def test_all_pairs_holds_only_when_every_difference_does():
    frame = _learners({"a": 0.8, "b": 0.5, "c": 0.6})
    def diff(t, o, level):
        return U.paired(frame, {"opponent": t}, {"opponent": o}, level)
    est, j, ests = U.all_pairs(diff, [("a", "b"), ("a", "c")], "a above b and c")
    assert j.verdict == "reproduced" and est is ests[("a", "c")] and est.level > V.LEVEL
    assert U.all_pairs(diff, [("a", "b"), ("b", "c")], "x")[1].verdict == "differs"


def test_staged_records_the_planned_size_and_judges_the_fresh_sample_alone():
    pilot = V.paired_difference(np.array([0.01, -0.02, 0.03, 0.0]), np.zeros(4))
    j = V.direction(pilot, ">", 0.0)
    plans = {}
    assert U.staged(pilot, j, "g", 50, None, None, plans, who=("a",)) == (pilot, j)
    assert 0 < plans["g"] <= 50 and plans["g_who"] == ("a",)
    fresh = lambda confirm, n: (lambda e: (e, V.direction(e, ">", 0.0)))(  # noqa: E731
        V.paired_difference(np.full(n, 0.2) + np.linspace(0, 0.01, n), np.zeros(n)))
    est, judged = U.staged(pilot, j, "g", 50, "sample", fresh, None)
    assert judged.verdict == "reproduced" and est.n == plans["g"]


def test_readings_of_runs_what_can_be_run_and_says_why_not_otherwise():
    default = Reading("d", "the default", "spec", default=True)
    other, unbuilt, never = (Reading(n, f"reading {n}", "spec") for n in ("o", "u", "n"))
    est = V.Estimate(0.1, 0.0, 0.2, 10, "seeds")
    rows = U.readings_of("F", "c", default, est, V.direction(est, ">", 0.0),
                         [(other, lambda: (est, "reproduced", "why")), (unbuilt, Unbuilt("needs a run")),
                          (never, "the paper gives too little")])
    assert [r["verdict"] for r in rows][1:] == ["reproduced", R.NOT_BUILT, R.NOT_RUN]
    assert rows[0]["is_default"] and rows[1]["note"] == "why"


def test_a_grid_row_reads_back_as_the_same_estimate_and_verdict():
    est = V.Estimate(0.1, 0.02, 0.18, 30, "seeds", level=0.99)
    grid = pd.DataFrame([U.grid_row("v", "s", est, V.Judgement("differs", "r"), "n"),
                         U.grid_row("w", "s", None, V.Judgement("inconclusive", "r", leans="above"), "none")])
    back, j, note = U.grid_reading(grid, "v", "s")
    assert (back.value, back.low, back.high, back.n, back.level, j.verdict, note) == \
        (0.1, 0.02, 0.18, 30, 0.99, "differs", "n")
    assert U.grid_reading(grid, "w", "s")[0] is None and U.grid_reading(grid, "w", "s")[1].leans == "above"
    assert "no row" in U.grid_reading(grid, "x", "s")


def test_our_test_is_an_extension_that_keeps_its_rules_verdict_in_the_note():
    j, note = U.ours(V.stated("differs", "above 0"), "per type")
    assert j.verdict == "extension" and "our test" in j.rule and note == "per type; under this rule: differs"
    assert U.pct(0.0123) == "+1.2"


def test_a_grid_holds_every_statement_of_every_variant_that_has_learners():
    frame = pd.concat([_learners({"a": 0.7, "b": 0.5}).assign(variant=v) for v in ("p", "q")])
    def checks(sub):
        est = U.paired(sub, {"opponent": "a"}, {"opponent": "b"})
        return {"a above b": (est, V.direction(est, ">", 0.0), "n")}
    grid = U.grid(frame, ["p", "q", "absent"], checks)
    assert list(grid.variant) == ["p", "q"] and set(grid.verdict) == {"reproduced"}


def test_draws_rescored_as_half_a_win_or_left_out():
    runs = pd.DataFrame({"wins": [5, 0], "draws": [2, 10], "games": [10, 10], "win_rate": [0.5, 0.0]})
    assert list(U.rescored(runs, "half").win_rate) == [0.6, 0.5]
    out = U.rescored(runs, "out").win_rate
    assert out[0] == 5 / 8 and np.isnan(out[1])
    with pytest.raises(ValueError, match="no draws"):
        U.rescored(runs.drop(columns="draws"), "out")


def test_a_setting_takes_the_default_runs_for_the_groups_it_did_not_play():
    default = pd.DataFrame({"personality": ["P1", "P5"], "run": [0, 0], "win_rate": [0.6, 0.5]})
    settings = pd.DataFrame({"setting": ["P5 low"], "personality": ["P5"], "run": [0], "win_rate": [0.4]})
    got = U.subset(settings, "P5 low", default)
    assert dict(zip(got.personality, got.win_rate)) == {"P1": 0.6, "P5": 0.4}
    assert U.subset(settings, "absent") is None and U.subset(None, "P5 low") is None


def test_paired_means_and_a_learner_against_a_fixed_agent():
    a = pd.DataFrame({"run": [0, 0, 1, 1, 2, 2], "personality": ["P1", "P2"] * 3, "win_rate": [.6, .8, .7, .7, .5, .9]})
    b = a.assign(win_rate=a.win_rate - 0.1)
    est = U.paired_means(a, b, n=2)
    assert est.n == 2 and abs(est.value - 0.1) < 1e-12
    got = U.versus_fixed({"x": np.full(20, 0.8) + np.linspace(-0.01, 0.01, 20)}, {"x": (500, 1000)}, 0.95)["x"]
    assert abs(got.value - 0.3) < 1e-9 and got.low < 0.3 < got.high and got.n == 20
    assert U.per({"a": 0.01, "b": -0.02}) == "a +1.0, b -2.0" and U.rise(est)[1].verdict == "reproduced"


def test_display_cells_in_points_with_their_intervals():
    assert U.interval_cells([0.5], [0.4], [0.6], "+", " %") == ["+50.0 % [+40.0, +60.0]"]
    assert U.in_points(pd.DataFrame({"v": [0.1234]}), ["v"]).v.iloc[0] == 12.3


def test_a_difference_that_rounds_to_zero_points_prints_without_a_sign():
    # fresh readers on 04: "P3 -0.0" and "f -0.0 [-0.0, +0.0]"
    assert U.pct(-0.0002) == "0.0" and U.pct(0.0003) == "0.0" and U.pct(-0.004) == "-0.4" and U.pct(0.021) == "+2.1"
    assert U.interval_cells([-0.0001], [-0.0004], [0.0002], "+") == ["0.0 [0.0, 0.0]"]
    assert U.interval_cells([0.61], [0.582], [0.638], suffix=" %") == ["61.0 % [58.2, 63.8]"]
