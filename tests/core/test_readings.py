"""The one rule that derives a differing row's cause from its readings (liarlab.core.readings)."""
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V

DEFAULT = R.Reading("as worded", "the statement as the paper words it", "§1", default=True)
OTHER = R.Reading("other opener", "the other player opens", "spec, open point 2")
THIRD = R.Reading("counted per game", "counts per game, not per decision", "Fig 3's axis")


def rows(*verdicts, not_run=False):
    out = [R.run("F", "c", DEFAULT, V.proportion(30, 100), "differs")]
    for reading, verdict in zip((OTHER, THIRD), verdicts):
        out.append(R.run("F", "c", reading, V.proportion(50, 100), verdict))
    if not_run:
        out.append(R.not_run("F", "c", THIRD, "the paper gives no count per decision"))
    return out


@pytest.mark.parametrize("verdicts, expected", [
    (("reproduced",), "reading"),
    (("differs", "reproduced"), "reading"),
    (("differs",), "genuine"),
    (("differs", "differs"), "genuine"),
    (("inconclusive",), "power"),
    (("differs", "inconclusive"), "power"),
])
def test_cause_follows_from_the_readings(verdicts, expected):
    assert R.cause(rows(*verdicts)) == expected


def test_one_reading_is_genuine_only_with_a_sentence_saying_why():
    with pytest.raises(ValueError, match="no sentence says why"):
        R.cause(rows())
    assert R.cause(rows(not_run=True)) == "genuine"


def test_arithmetic_is_a_misprint_unless_a_reading_reproduces():
    assert R.cause(rows(), arithmetic=True) == "misprint"
    assert R.cause(rows("reproduced"), arithmetic=True) == "reading"
    assert R.cause(rows("differs"), arithmetic=False) == "genuine"


def test_no_default_or_a_default_that_agrees_is_refused():
    with pytest.raises(ValueError):
        R.cause([])
    with pytest.raises(ValueError, match="default"):
        R.cause(rows("differs")[1:])
    agreeing = [R.run("F", "c", DEFAULT, 0.5, "reproduced"), R.run("F", "c", OTHER, 0.5, "differs")]
    with pytest.raises(ValueError, match="differs"):
        R.cause(agreeing)


def test_a_reading_says_what_it_assumes_and_a_skipped_one_why():
    with pytest.raises(ValueError):
        R.Reading("x", "", "spec")
    with pytest.raises(ValueError):
        R.not_run("F", "c", OTHER, " ")
    with pytest.raises(ValueError):
        R.not_run("F", "c", DEFAULT, "why")
    with pytest.raises(ValueError):
        R.run("F", "c", OTHER, 0.5, "not run")


def test_summary_names_every_reading():
    text = R.summary(rows("differs", not_run=True))
    assert "as worded (default): differs" in text and "other opener: differs" in text
    assert "cannot be run: counted per game (the paper gives no count per decision)" in text
    unbuilt = rows("differs") + [R.not_built("F", "c", THIRD, "a switch the engine lacks")]
    assert R.summary(unbuilt).endswith("; not built: counted per game (a switch the engine lacks)")


def _inconclusive(estimate: float) -> dict:
    """A reading judged inconclusive by the band [0.45, 0.55], its estimate at ``estimate`` (n = 100)."""
    est = V.Estimate(estimate, estimate - 0.2, estimate + 0.2, 100, "games")
    judgement = V.within(est, 0.45, 0.55, "a rate")
    assert judgement.verdict == "inconclusive"
    return R.run("F", "c", OTHER, est, judgement)


def test_an_inconclusive_reading_is_power_only_when_its_estimate_lies_in_the_band():
    base = rows()
    toward, away = _inconclusive(0.5), _inconclusive(0.3)
    assert toward["leans"] == "reproduced" and away["leans"] == "differs"
    assert R.cause(base + [toward]) == "power"
    assert R.cause(base + [away]) == "genuine"        # a wide interval far from the band is no evidence for it
    assert "leaning to differ" in R.summary(base + [away])


def test_a_reading_not_built_leaves_the_cause_untested_never_genuine():
    unbuilt = R.not_built("F", "c", THIRD, "it needs every table retrained")
    assert R.cause(rows() + [unbuilt]) == "untested"
    assert R.cause(rows("differs") + [unbuilt]) == "untested"
    assert R.cause(rows("reproduced") + [unbuilt]) == "reading"
    assert R.cause(rows("inconclusive") + [unbuilt]) == "power"
    with pytest.raises(ValueError):
        R.not_built("F", "c", THIRD, "")


def test_a_bounded_reading_settles_like_one_that_cannot_be_run():
    bound = R.bounded("F", "c", THIRD, "the lookahead responders that were run already hold it below the band")
    unbuilt = R.not_built("F", "c", OTHER, "a switch the engine lacks")
    assert bound["verdict"] == R.BOUNDED == "not run (bounded)" != R.NOT_RUN
    assert R.cause(rows() + [bound]) == "genuine"              # alone it is a sentence saying why, like not_run
    assert R.cause(rows("differs") + [bound]) == "genuine"     # not untested: built, it could not reproduce
    assert R.cause(rows() + [bound, unbuilt]) == "untested"    # a reading merely not built still keeps it open
    assert R.cause(rows("inconclusive") + [bound]) == "power"
    assert R.skipped("F", "c", THIRD, R.Bounded("moot: no tie in the stored lists"))["verdict"] == R.BOUNDED
    assert R.skipped("F", "c", THIRD, R.Unbuilt("a budget"))["verdict"] == R.NOT_BUILT
    assert R.skipped("F", "c", THIRD, "the paper gives too little")["verdict"] == R.NOT_RUN
    text = R.summary(rows("differs") + [bound, unbuilt])
    assert text.endswith("; not built, bounded: counted per game (the lookahead responders that were run already "
                         "hold it below the band); not built: other opener (a switch the engine lacks)")
    with pytest.raises(ValueError):
        R.bounded("F", "c", THIRD, " ")
    with pytest.raises(ValueError):
        R.bounded("F", "c", DEFAULT, "why")


def test_direction_and_all_of_say_where_an_undecided_estimate_leans():
    up = V.direction(V.Estimate(0.02, -0.05, 0.09, 30, "seeds"), ">")
    down = V.direction(V.Estimate(-0.11, -0.24, 0.01, 30, "seeds"), ">")
    assert (up.verdict, up.leans) == ("inconclusive", "reproduced")
    assert (down.verdict, down.leans) == ("inconclusive", "differs")
    assert V.all_of([up, V.direction(V.Estimate(0.2, 0.1, 0.3, 30, "seeds"))]).leans == "reproduced"
    assert V.all_of([up, down]).leans == "differs"


def claims(cause, verdict="differs", kind="finding"):
    return pd.DataFrame([{"claim": "c", "family": "F", "kind": kind, "verdict": verdict, "cause": cause}])


# ---------------------------------------------------------------- claims of one sentence, judged jointly

STEPS = R.Reading("finer steps", "the search steps are finer", "spec §8.4")
DRAWS = R.Reading("draws count half", "a draw counts half a win", "spec §2.5")
SENTENCE = "§2.5: almost all above 50 % and rising"


def _claim_rows(claim, verdicts: dict, sentence=SENTENCE, family="F"):
    """A claim's readings rows: the default (as ``verdicts["default"]``) and the others by name."""
    out = [R.run(family, claim, DEFAULT, V.proportion(30, 100), verdicts["default"])]
    for reading in (STEPS, DRAWS):
        if reading.name in verdicts:
            out.append(R.run(family, claim, reading, V.proportion(50, 100), verdicts[reading.name]))
    return R.in_sentence(sentence, out) if sentence else out


def test_a_reading_that_breaks_the_other_half_of_its_sentence_does_not_explain_it():
    """'Improves' is reproduced by finer steps, but under finer steps its sibling 'almost all above 50 %', reproduced
    by default, differs: the reading breaks the other half of the sentence, so it does not explain it and the cause
    is not 'reading'. Alone (no sentence) it is."""
    improves = _claim_rows("improves", {"default": "differs", "finer steps": "reproduced", "draws count half": "differs"})
    above = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs",
                                       "draws count half": "reproduced"})
    table = improves + above
    assert R.cause(R.of_claim(table, "improves")) == "reading"              # each claim alone
    assert R.siblings(table, "improves") == above
    assert V.refuted_by(improves[1], above) == ["above half"]
    assert R.derive(table, "improves")[0] == "genuine"                       # jointly: every reading differs
    assert "1 other claim of the same sentence or family differs (above half)" in R.derive(table, "improves")[1]
    # a sibling that reproduces under the reading, or was not judged under it, leaves the reading standing
    fine = _claim_rows("above half", {"default": "reproduced", "finer steps": "reproduced"})
    assert R.derive(improves + fine, "improves")[0] == "reading"
    unjudged = _claim_rows("above half", {"default": "reproduced"})
    assert R.derive(improves + unjudged, "improves")[0] == "reading"
    # claims of other sentences and other families are not siblings
    other = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"}, sentence="another sentence",
                        family="G")
    assert R.derive(improves + other, "improves")[0] == "reading"
    unmarked = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"}, sentence="", family="G")
    assert R.derive(improves + unmarked, "improves")[0] == "reading"


def test_a_reading_that_breaks_another_claim_of_its_family_does_not_explain_it():
    """Issue 49, second session (02 row 13): a family is one run of the paper's experiment, so a reading that is a
    setting of it applies to every claim drawn from it. A claim of the same family but another sentence, reproduced
    by default and differing under the reading, refutes the reading as a sentence-sibling would; unmarked claims of
    one family are siblings too."""
    improves = _claim_rows("improves", {"default": "differs", "finer steps": "reproduced"})
    elsewhere = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"}, sentence="another sentence")
    assert R.siblings(improves + elsewhere, "improves") == elsewhere
    assert R.derive(improves + elsewhere, "improves")[0] == "genuine"
    assert "of the same sentence or family differs (above half)" in R.derive(improves + elsewhere, "improves")[1]
    alone = _claim_rows("improves", {"default": "differs", "finer steps": "reproduced"}, sentence="")
    unmarked = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"}, sentence="")
    assert R.derive(alone + unmarked, "improves")[0] == "genuine"
    # it must break the claim: one that differs by default too was broken already
    broken = _claim_rows("above half", {"default": "differs", "finer steps": "differs"}, sentence="another sentence")
    assert R.derive(improves + broken, "improves")[0] == "reading"


def test_a_sibling_that_differs_by_default_too_does_not_refute_a_reading():
    """Issue 49 (04 row 0): a reading breaks a sibling only if the sibling differs under it but NOT under its own
    default reading. 'Above half' differs by default and under finer steps alike, so finer steps break nothing that
    was not already broken: it explains 'improves' (reading), and draws-count-half explains 'above half' though
    'improves' differs under it, since 'improves' differs by default too."""
    improves = _claim_rows("improves", {"default": "differs", "finer steps": "reproduced", "draws count half": "differs"})
    above = _claim_rows("above half", {"default": "differs", "finer steps": "differs",
                                       "draws count half": "reproduced"})
    table = improves + above
    assert V.refuted_by(improves[1], above) == []
    assert R.derive(table, "improves")[0] == "reading"
    assert R.derive(table, "above half")[0] == "reading"
    assert "same sentence" not in R.derive(table, "improves")[1]
    # the same sibling reproduced by default is broken by the reading: the reading is refuted again
    above[0] = {**above[0], "verdict": "reproduced"}
    assert V.refuted_by(improves[1], above) == ["above half"]
    assert R.derive(improves + above, "improves")[0] == "genuine"


def test_a_leaning_reading_is_judged_jointly_too_and_siblings_are_checked():
    improves = _claim_rows("improves", {"default": "differs", "finer steps": "inconclusive"})
    improves[1]["leans"] = "reproduced"
    above = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"})
    assert R.cause(improves) == "power"
    assert R.derive(improves + above, "improves")[0] == "genuine"
    with pytest.raises(ValueError, match="other claims of its sentence"):
        V.cause(improves, siblings=_claim_rows("x", {"default": "differs"}, sentence="another sentence", family="G"))
    with pytest.raises(ValueError, match="other claims of its sentence"):
        V.cause(R.of_claim(rows("differs"), "c"), siblings=_claim_rows("x", {"default": "differs"}, family="G"))
    with pytest.raises(ValueError, match="sentence key"):
        R.in_sentence(" ", improves)


