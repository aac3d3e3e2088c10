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
    assert U.listed(["a"]) == "a" and U.listed(["a", "b", "c"]) == "a, b and c" and U.pct(0.0123) == "+1.2"
