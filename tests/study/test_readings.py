"""A claims table checked against its readings rows (liarlab.study.readings): a typed cause or a differing row
without readings is refused on saving, the table has fixed columns, and causes of one sentence are derived
jointly."""
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.study import readings as SR

DEFAULT = R.Reading("as worded", "the statement as the paper words it", "§1", default=True)
OTHER = R.Reading("other opener", "the other player opens", "spec, open point 2")
THIRD = R.Reading("counted per game", "counts per game, not per decision", "Fig 3's axis")
STEPS = R.Reading("finer steps", "the search steps are finer", "spec §8.4")
DRAWS = R.Reading("draws count half", "a draw counts half a win", "spec §2.5")


def rows(*verdicts, not_run=False):
    out = [R.run("F", "c", DEFAULT, V.proportion(30, 100), "differs")]
    for reading, verdict in zip((OTHER, THIRD), verdicts):
        out.append(R.run("F", "c", reading, V.proportion(50, 100), verdict))
    if not_run:
        out.append(R.not_run("F", "c", THIRD, "the paper gives no count per decision"))
    return out


def claims(cause, verdict="differs", kind="finding"):
    return pd.DataFrame([{"claim": "c", "family": "F", "kind": kind, "verdict": verdict, "cause": cause}])


SENTENCE = "§2.5: almost all above 50 % and rising"


def _claim_rows(claim, verdicts: dict, sentence=SENTENCE):
    """A claim's readings rows: the default (as ``verdicts["default"]``) and the others by name."""
    out = [R.run("F", claim, DEFAULT, V.proportion(30, 100), verdicts["default"])]
    for reading in (STEPS, DRAWS):
        if reading.name in verdicts:
            out.append(R.run("F", claim, reading, V.proportion(50, 100), verdicts[reading.name]))
    return R.in_sentence(sentence, out) if sentence else out


def test_save_check_refuses_a_typed_cause_and_a_differing_row_without_readings():
    SR.check(claims("genuine"), rows("differs"))
    with pytest.raises(ValueError, match="its readings give 'genuine'"):
        SR.check(claims("reading"), rows("differs"))
    with pytest.raises(ValueError, match="no readings rows"):
        SR.check(claims("genuine"), [])
    SR.check(claims("", verdict="reproduced"), [])


def test_frame_has_the_fixed_columns():
    table = SR.frame(rows("differs"))
    assert list(table.columns) == list(R.COLUMNS)
    assert table.is_default.tolist() == [True, False]
    assert SR.view(table).shape[0] == 2


def test_save_check_and_jointly_rederive_the_causes_of_one_sentence():
    improves = _claim_rows("improves", {"default": "differs", "finer steps": "reproduced"})
    above = _claim_rows("above half", {"default": "reproduced", "finer steps": "differs"})
    table = improves + above
    built = [{"claim": "improves", "family": "F", "kind": "finding", "verdict": "differs", "cause": "reading",
              "readings": R.summary(improves)},
             {"claim": "above half", "family": "F", "kind": "finding", "verdict": "reproduced", "cause": "",
              "readings": R.summary(above)}]
    with pytest.raises(ValueError, match="its readings give 'genuine'"):
        SR.check(pd.DataFrame(built), table)          # a cause derived without its siblings is refused on saving
    joined = SR.jointly(built, table)
    assert [c["cause"] for c in joined] == ["genuine", ""]
    assert "same sentence or family differs" in joined[0]["readings"]
    SR.check(pd.DataFrame(joined), table)
    assert SR.frame(table).sentence.tolist() == [SENTENCE] * 4
