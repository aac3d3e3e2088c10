"""The opening answer is generated from the claims table: its numbers are the table's."""
import pandas as pd

from liarlab.core import verdicts as v
from liarlab.study import answer, context, outputs


def _claims():
    est = v.proportion(620, 1000)
    rows = [
        outputs.claim("A beats B", "Table 1", 0.7, est, v.value(0.7, est, decimals=2, reference=0.5),
                      kind="finding", headline=True, cause="reading", readings="two openers tried; neither reproduces"),
        outputs.claim("A at least half", "Table 1", 0.6, est, v.magnitude(est, 0.5, 1.0), kind="finding"),
        outputs.claim("our own extra", "ours", None, est, "extension", kind="finding", rule="our result"),
    ]
    return pd.DataFrame(rows)


def test_answer_paragraph_comes_from_the_table():
    claims = _claims()
    text = answer.answer_paragraph(claims, "Does A beat B?")
    assert "Does A beat B?" in text and "A beats B" in text and "differs" in text
    assert "0.62" in text and "95 %: 0.59 to 0.65" in text and "1000 games" in text  # separators from 10,000 (answer.number)
    assert "reading (convention)" in text and "two openers tried" in text and "same direction" in text
    assert "Of its 2 judged findings" in text and "1 reproduced" in text and "1 differ" in text
    assert "1 extension rows" in text


def test_counts_split_causes_and_weak():
    claims = _claims()
    c = answer.finding_counts(claims)
    assert c["by_cause"] == {"reading": 1} and c["extension"] == 1 and c["weak"] == 0


def test_the_frame_save_claims_returns_names_its_headline(tmp_path):
    context.start(out_dir=tmp_path)
    rows = [outputs.claim("x", "T1", 1, 1, "reproduced", kind="finding", rule="r"),
            outputs.claim("y", "T1", 2, 2, "reproduced", kind="finding", rule="r", headline=True)]
    frame = outputs.save_claims("07", rows)
    assert list(frame.columns) == outputs.CLAIM_COLUMNS
    assert answer.headline(frame)["claim"] == "y"
    assert "**Our answer.** Y: reproduced" in answer.answer_paragraph(frame, "Q?")


def test_a_notebook_of_checks_says_so():
    rows = [outputs.claim("sums agree", "T1", 1, 1, "reproduced", kind="arithmetic", rule="r", headline=True),
            outputs.claim("engine agrees", "T1", 1, 1, "reproduced", kind="check", rule="r")]
    text = answer.answer_paragraph(pd.DataFrame(rows), "Q?")
    assert "Sums agree: reproduced" in text
    assert "no experimental findings" in text and "1 checks of the paper's own numbers (1 agree, 0 differ)" in text


def test_one_number_format_for_answers_and_the_scorecard():
    """answer.number is the study's one number format; the scorecard's cells differ only in the word for a blank."""
    from liarlab.study import scorecard

    cases = {0: "0", 1400: "1400", 9999: "9999", 10_000: "10,000", -25_000.0: "-25,000", 0.123456: "0.123",
             58.0026: "58", float("inf"): "infinity", "141053220": "141,053,220", "text": "text"}
    for value, text in cases.items():
        assert answer.number(value) == scorecard.format_value(value) == text, value
    assert answer.number(0.5, decimals=3) == scorecard.format_value(0.5, decimals=3) == "0.500"
    for missing in (None, float("nan"), "", "nan"):
        assert (answer.number(missing), scorecard.format_value(missing)) == ("", "none")
