"""liarlab.study.per_unit: per-unit claims at the Bonferroni level, the two-stage walk, and the words for numbers."""
from types import SimpleNamespace

import numpy as np
import pandas as pd

from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.study import per_unit as U


def test_each_unit_is_judged_at_the_bonferroni_level_for_the_set():
    wide = U.in_band([1260], [2000], (0.6, 0.7), m=32)[0]
    alone = U.in_band([1260], [2000], (0.6, 0.7), m=1)[0]
    assert "allowed [0.6, 0.7]" in wide.rule
    assert wide.verdict == "inconclusive" and alone.verdict == "reproduced"   # the wider interval straddles 0.6


def test_every_unit_and_most_units_are_different_claims():
    judged = U.above([600, 600, 400], [1000] * 3)
    share, every = U.judged_share(judged)
    assert U.tally(judged) == (2, 1, 0) and every.verdict == "differs" and share.value == 2 / 3
    assert U.judged_share(judged, "most")[1].verdict != "differs"


def test_seed_units_judge_each_units_values_across_seeds():
    frame = pd.DataFrame({"opponent": ["a"] * 5 + ["b"] * 5, "gain": [0.07, 0.08, 0.075, 0.072, 0.078] + [0.0] * 5})
    names, ests, judged = U.seed_units(frame, (0.05, 0.10), "gain in band")
    assert names == ["a", "b"] and [j.verdict for j in judged] == ["reproduced", "differs"]
    assert ests[0].n == 5


def test_a_read_way_says_which_table_a_call_lacks():
    reading = CR.Reading("r", "assumed", "support")
    way = U.Read(reading, claim="c", run=lambda res: "the table is not in this call" if res.t is None else
                 (V.exact(1.0), V.Judgement("reproduced", ""), "note"))
    missing = way.row("f", SimpleNamespace(t=None))
    assert missing["verdict"] == "not built" and "not in this call" in missing["note"]
    assert way.row("f", SimpleNamespace(t=1))["verdict"] == "reproduced"


def test_numbers_in_words():
    assert U.points(0.017, -0.203, 0.234) == "+1.7 points (95 % interval -20.3 to +23.4)"
    assert U.points(0.017, np.nan, 0.2) == "+1.7 points"
    assert U.points_to_width(0.00002, -0.00003, 0.00013) == "+0.002 points (95 % interval -0.003 to +0.013)"
    assert U.est_text(0.5, 0.5, 0.5) == "+0.500" and "interval" in U.est_text(0.5, 0.4, 0.6)
    assert (U.agree(1, "lie"), U.agree(2, "lie"), U.agree(1, "gain")) == ("lies", "lie", "gains")
    assert (U.unit_list([16]), U.unit_list([3, 9]), U.unit_list([])) == ("type 16", "types 3, 9", "none")


def test_the_confirmation_text_names_the_sample_and_its_unit():
    assert U.confirmation_text(None, None, "decided.", "Sample", "games") == "decided."
    plan = SimpleNamespace(n=500, reason="planned from the pilot at 80% power: 500", capped=False)
    text = U.confirmation_text(plan, object(), "decided.", "Confirmatory sample", "games")
    assert text.startswith("Confirmatory sample: 500 fresh games a type, the number the pilot asks for")
    assert U.confirmation_text(plan, None, "", "", "") == "Undecidable: planned from the pilot at 80% power: 500."
