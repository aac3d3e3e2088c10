"""liarlab.study.judged_rows: the papers' shared row makers and judges, each able to fail."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from liarlab.core import verdicts as V
from liarlab.study import judged_rows as J


def test_a_check_passes_only_when_every_case_does():
    assert J.check("src", "all agree", 1.0, "fam", "n")["verdict"] == "reproduced"
    assert J.check("src", "all agree", 0.999, "fam", "n")["verdict"] == "differs"


def test_an_extension_is_judged_by_no_printed_value():
    row = J.extension("src", "ours", V.exact(0.3), "our measurement", "fam")
    assert row["verdict"] == "extension" and row["paper_value"] is None


def test_an_exact_match_is_reproduced_or_differs():
    assert J.same(True, "card").verdict == "reproduced" and J.same(False, "card").verdict == "differs"


def test_monte_carlo_checks_fail_when_the_interval_misses_the_exact_value():
    table = pd.DataFrame({"k": [1, 2], "hits": [500, 900], "hands": [1000, 1000], "exact": [0.5, 0.5]})
    rows = J.monte_carlo(table, "k", lambda k, h: f"k={k}", "src", lambda k: 0.5, "a generator", "fam")
    assert [r["verdict"] for r in rows] == ["reproduced", "differs"]
    assert J.monte_carlo(None, "k", str, "src", str, "x", "fam") == []


def test_ways_mark_the_first_reading_the_default_and_run_each():
    ways = J.ways(lambda c: (V.exact(c), V.value(3, V.exact(c)), ""), [("a", "x", "y", lambda: 3),
                                                                       ("b", "x", "y", lambda: 4)])
    assert [w.reading.default for w in ways] == [True, False]
    assert [w.run(None)[1].verdict for w in ways] == ["reproduced", "differs"]


def _rows(verdicts):
    return [{"claim": f"'{i}'", "paper_value": 10 + i, "kind": "arithmetic", "verdict": v, "headline": False}
            for i, v in enumerate(verdicts)]


def test_the_family_rule_headline_counts_the_rows_not_the_worst_one():
    good = J.family_rule_row(_rows(["reproduced"] * 3 + ["differs"]), "t", "s", "p", "fam", *_readings())
    assert good["verdict"] == "reproduced" and "differ at 13" in good["note"]
    assert J.family_rule_row(_rows(["reproduced", "differs"]), "t", "s", "p", "fam", *_readings())["verdict"] == "differs"


def _readings():
    from liarlab.core.readings import Reading
    return Reading("a", "x", "y", default=True), Reading("b", "x", "y")


def test_every_printed_words_name_the_numbers_that_differ():
    rows = _rows(["reproduced", "differs", "differs"]) + [{"claim": "h", "paper_value": "", "kind": "arithmetic",
                                                           "verdict": "reproduced", "headline": True, "n": 3}]
    assert J.every_printed_words(pd.DataFrame(rows)) == "all 3. The 2 that differ are its 11 and 12"
    rows[1]["verdict"] = rows[2]["verdict"] = "reproduced"
    assert J.every_printed_words(pd.DataFrame(rows)) == "all 3"


def test_estimates_from_a_mean_and_their_words():
    est = J.mean_estimate([1.0, 2.0, 3.0], "deals")
    assert est.value == 2.0 and est.low == pytest.approx(2 - 1.96 / np.sqrt(3)) and est.n == 3
    assert J.side_of(est, 0.5) == "above" and J.side_of(est, 9) == "below" and J.side_of(est, 2) == "includes"
    assert J.interval_parts(V.Estimate(0.5, 0.48, 0.52, 10, "boards")) == ("0.500", "0.480", "0.520")
    assert J.judge_finite(lambda e: 1 / 0, V.Estimate(float("nan"), 0, 0, 1, "x")).verdict == "inconclusive"


def test_sides_text_groups_the_values_an_interval_lies_above_or_includes():
    est = V.Estimate(0.65, 0.55, 0.75, 100, "boards")
    assert J.sides_text(est, (9 / 19, 12 / 20)) == "lies above 0.47 and includes 0.60"
    assert J.sides_text(est, (0.9,)) == "lies below 0.90"


def test_a_confirmatory_sample_is_drawn_only_when_a_plan_asks_for_more_than_the_pilot():
    assert J.drawn([None], 100, lambda n: n) is None
    assert J.drawn([V.Plan(500, False, False, "")], 100, lambda n: n) == 500
    assert J.drawn([V.Plan(80, True, False, "")], 100, lambda n: n) is None   # capped below the pilot


def test_steps_count_a_tie_as_no_rise_and_skip_missing_keys():
    values = {1: 3.0, 2: 2.0, 3: 2.0}
    js = J.steps(values, [(1, 2), (2, 3), (3, 4)])
    assert [j.verdict for j in js] == ["reproduced", "differs"]


def test_brackets_and_the_verdict_of_a_row():
    assert J.inside_brackets([(0.5, 0.4, 0.6, 0.55, "b")], "all")
    assert not J.inside_brackets([(0.5, 0.4, 0.6, 0.55, "b"), (0.5, 0.49, 0.51, 0.52, "b")], "all")
    claims = pd.DataFrame({"claim": ["A one", "B two"], "verdict": ["reproduced", "differs"]})
    assert J.verdict_of(claims, "B") == "differs" and J.verdict_of(claims, "C") == ""
