"""The opening answer is generated from the claims table: its numbers are the table's."""
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as v
from liarlab.study import answer, context, outputs

AS_WORDED = R.Reading("as worded", "the statement as the paper words it", "Table 1", default=True)
OTHER_OPENER = R.Reading("other opener", "the other player opens every game", "spec, open point 2")


def _claims():
    est = v.proportion(620, 1000)
    judged = v.value(0.7, est, decimals=2, reference=0.5)
    readings = [R.run("Table 1", "A beats B", AS_WORDED, est, judged),
                R.run("Table 1", "A beats B", OTHER_OPENER, v.proportion(700, 1000), "reproduced")]
    rows = [
        outputs.claim("A beats B", "Table 1", 0.7, est, judged, kind="finding", family="Table 1", headline=True,
                      readings=readings),
        outputs.claim("A at least half", "Table 1", 0.6, est, v.magnitude(est, 0.5, 1.0), kind="finding",
                      family="Table 1"),
        outputs.claim("our own extra", "ours", None, est, "extension", kind="finding", rule="our result"),
    ]
    return pd.DataFrame(rows)


def test_answer_paragraph_comes_from_the_table():
    claims = _claims()
    text = answer.answer_paragraph(claims, "Does A beat B?", quantity="the share of games A wins")
    assert "Does A beat B?" in text and "A beats B" in text and "differs" in text
    assert "We measure the share of games A wins as 0.620 (95 %: 0.590 to 0.650) over 1,000 games" in text
    assert "reading (convention)" in text and "other opener (default)" not in text and "other opener" in text
    assert "same direction (our value differs on the same side of the no-effect value" in text
    assert "a wrong size, not a wrong sign" in text
    assert "Of its 2 judged findings" in text and "1 reproduced" in text and "1 differs" in text
    assert "Our own extensions add 1 row, counted apart" in text and "1 differ " not in text


def test_a_long_quantity_is_said_in_its_own_sentence_and_our_value_in_the_next():
    # issue 50 readers: "We measure the family's mean exploitability ..., computed exactly (no sampling): what a best
    # responder wins ... (0 is exact play; ...) as 0.2956 over 1 player (exact)" lost its "as" among the clauses
    exact = pd.DataFrame([outputs.claim("our own extra", "ours", None, v.exact(0.2956), "extension", kind="finding",
                                        rule="our result", headline=True)]).assign(n=1, unit="players", ci_low=0.2956,
                                                                         ci_high=0.2956)
    long = ("the family's mean exploitability, computed exactly (no sampling): what a best responder wins beyond "
            "the game's value")
    text = answer.answer_paragraph(exact, None, quantity=long)
    assert f"We measure {long}. We find 0.2956 for a single player." in text and "(exact)" not in text
    short = answer.answer_paragraph(exact, None, quantity="the mean exploitability")
    assert "We measure the mean exploitability as 0.2956 for a single player (exact)." in short
    same = answer.answer_paragraph(exact, None, quantity="its family's mean exploitability on the same scale")
    assert "on the same scale. We find 0.2956 for a single player (exact)." in same   # not "the same scale as 0.2956"
    sampled = answer.answer_paragraph(_claims(), "Q?", quantity="the share of games A wins (a rate: wins over games)")
    assert ("We measure the share of games A wins (a rate: wins over games). We find 0.620 (95 %: 0.590 to 0.650) "
            "over 1,000 games" in sampled)


def test_a_long_quantity_ending_in_a_comma_clause_ends_its_sentence_with_a_full_stop():
    # fresh readers on 04: "..., each against P1-P5,. We find -3.39 points": the quantity was written to run on
    long = "the share of games A wins (a rate), from 30 runs of the learner, each against P1-P5,"
    text = answer.answer_paragraph(_claims(), "Q?", quantity=long)
    assert "each against P1-P5. We find 0.620" in text and ",." not in text


def test_the_second_main_result_is_reported_with_its_verdict_and_measure():
    text = answer.answer_paragraph(_claims(), "Q?", second="A at least half")
    second = text.split("**Second main result.**")[1].split("\n\n")[0]
    assert second.startswith(" We reproduce the claim *A at least half*.") and "We measure 0.620 (95 %: 0.590 to 0.650)" in second
    with pytest.raises(ValueError, match="not a claim"):
        answer.answer_paragraph(_claims(), "Q?", second="no such claim")


def test_a_flag_is_explained_where_it_first_appears_only():
    claims = _claims()
    claims.loc[1, "flags"] = "same direction"
    text = answer.answer_paragraph(claims, "Q?", second="A at least half")
    assert text.count("a wrong size, not a wrong sign") == 1 and text.count("same direction") == 2
    assert "Note: same direction (" in text and "Flag" not in text   # words, not the tables' code (issue 50)


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
    assert "**Our answer.** We reproduce the claim *y*." in answer.answer_paragraph(frame, "Q?")


def _arithmetic(claim, verdict, cause=None):
    """An arithmetic row; a differing one with readings that give ``cause`` (misprint or reading)."""
    if verdict != "differs":
        return outputs.claim(claim, "T1", 1, 1, verdict, kind="arithmetic", rule="r")
    est = v.exact(2)
    judged = v.value(1, est)
    mine = [R.run("T1", claim, AS_WORDED, est, judged)]
    mine.append(R.run("T1", claim, OTHER_OPENER, v.exact(1), "reproduced") if cause == "reading"
                else R.not_run("T1", claim, OTHER_OPENER, "the table has no other reading"))
    return outputs.claim(claim, "T1", 1, est, judged, kind="arithmetic", family="T1", readings=mine)


def test_a_notebook_of_checks_says_so_and_accounts_for_every_row():
    rows = [outputs.claim("sums agree", "T1", 1, 1, "reproduced", kind="arithmetic", rule="r", headline=True),
            outputs.claim("engine agrees", "T1", 1, 1, "reproduced", kind="check", rule="r")]
    text = answer.answer_paragraph(pd.DataFrame(rows), "Q?")
    assert "We reproduce the claim *sums agree*." in text
    assert "no experimental findings" in text and "1 check of the paper's own numbers (1 agrees)" in text
    assert "1 check of our code (1 agrees)" in text
    rows = ([_arithmetic(f"sum {i}", "reproduced") for i in range(73)]
            + [_arithmetic("m1", "differs", "misprint"), _arithmetic("m2", "differs", "misprint"),
               _arithmetic("r1", "differs", "reading")]
            + [outputs.claim(f"x{i}", "T1", None, 1, "extension", kind="arithmetic", rule="ours") for i in range(4)])
    text = answer.counts_sentence(pd.DataFrame(rows))
    # every row accounted for, and counted as notebook 99 counts it: the extensions apart, whatever their kind
    assert ("76 checks of the paper's own numbers (73 agree, 3 differ, likeliest cause a misprint in 2 of them and a "
            "reading of the paper in 1). Our own extensions add 4 rows, counted apart.") in text
    # one cause: its count is the count already said ("3 differ, likeliest cause a misprint", not "a misprint for 3")
    assert answer.causes_phrase({"misprint": 3}) == "likeliest cause a misprint"
    assert answer.causes_phrase({}) == ""
    ext_check = outputs.claim("ours", "T1", None, 1, "extension", kind="check", rule="ours")
    text = answer.counts_sentence(pd.concat([_claims(), pd.DataFrame([ext_check])], ignore_index=True))
    assert "Our own extensions add 2 rows, counted apart" in text and "check of our code" not in text


def test_plural_agreement():
    assert answer.plural(1, "type") == "1 type" and answer.plural(3, "type") == "3 types"
    assert answer.plural(1, "misprint") == "1 misprint" and answer.plural(12_500, "game") == "12,500 games"
    assert answer.plural(2, "family", "families") == "2 families"


def test_one_number_format_for_answers_and_the_scorecard():
    """answer.number is the study's one number format; the scorecard's cells differ only in the word for a blank."""
    from liarlab.study import scorecard

    cases = {0: "0", 1400: "1,400", 9999: "9,999", 10_000: "10,000", -25_000.0: "-25,000", 0.123456: "0.123",
             58.0026: "58", float("inf"): "infinity", "141053220": "141,053,220", "text": "text", 144.0: "144",
             "1.440000e+02": "144"}
    for value, text in cases.items():
        assert answer.number(value) == scorecard.format_value(value) == text, value
    assert answer.number(0.5, decimals=3) == scorecard.format_value(0.5, decimals=3) == "0.500"
    for missing in (None, float("nan"), "", "nan"):
        assert (answer.number(missing), scorecard.format_value(missing)) == ("", "none")


def test_readings_in_brief_counts_what_was_run_and_what_reproduces():
    from liarlab.study.answer import readings_in_brief

    text = ("3 readings run (as worded (default): differs; who opens (E12; both seats): reproduced; per game: "
            "inconclusive); cannot be run: another count (one printed column); not built: the thesis's cap (no such "
            "variant; it would need a new run)")
    said = readings_in_brief(text)
    assert said.startswith("Of the 3 readings of the paper we ran, only “who opens (E12; both seats)” agrees with "
                           "the paper.")
    assert "One more reading cannot be run and one is not built yet." in said
    assert "None of the 3 readings" in readings_in_brief("3 readings run (a (default): differs; b: differs; c: "
                                                         "differs)")
    one = readings_in_brief("1 reading run (as worded (default): differs); cannot be run: x (y)")
    assert "it does not agree with the paper" in one and "One more reading cannot be run" in one
    bounded = readings_in_brief("2 readings run (a (default): differs; b: differs); not built, bounded: c (moot; no "
                                "tie); not built: d (a budget)")
    assert bounded.startswith("Neither of the two readings")
    assert "One unbuilt reading could not reproduce it even if built and one is not built yet." in bounded
    two = readings_in_brief("4 readings run (a: reproduced; b: differs; c: reproduced; d: reproduced)")
    assert "3 agree with the paper: “a”, “c” and “d”." in two


def test_a_notebook_of_extensions_says_no_paper_makes_its_claims():
    from liarlab.study.answer import counts_sentence

    rows = pd.DataFrame({"kind": ["finding", "finding", "check"], "verdict": ["extension", "extension", "reproduced"],
                         "cause": "", "flags": ""})
    text = counts_sentence(rows)
    assert text.startswith("No paper makes these claims") and "2 extension rows" in text and "judged" not in text


def test_a_headline_row_summing_up_the_other_checks_is_not_counted_among_them():
    # notebook 00: "72 of 75 printed numbers" beside "76 checks (73 agree)" counted one thing twice (issue 50)
    base = {"kind": "arithmetic", "family": "Table 1", "headline": False, "n": None, "cause": "", "note": "",
            "rule": "exact"}
    rows = [{**base, "claim": f"number {k}", "verdict": "reproduced" if k else "differs",
             "cause": "" if k else "misprint"} for k in range(3)]
    summary = {**base, "claim": "the printed numbers agree", "family": "all", "verdict": "reproduced",
               "headline": True, "n": 3}
    text = answer.counts_sentence(pd.DataFrame(rows + [summary]))
    assert "3 checks of the paper's own numbers, summed up in the headline row (2 agree, 1 differs" in text
    assert "4 checks" not in text and "3 agree" not in text
    # a headline row that sums up nothing is counted as the check it is
    assert "4 checks of the paper's own numbers (3 agree" in answer.counts_sentence(
        pd.DataFrame(rows + [{**summary, "n": 10}]))


def test_an_extensions_verdict_under_our_own_test_is_said_in_words():
    # 04's second main result: an extension still says whether it held and why, from its note (issue 50)
    claims = _claims()
    note = ("per personality (points): P1 -3.2, P2 -3.8; the baseline wins more against P1, P2 (point estimates); "
            "under this rule: differs")
    claims.loc[2, "note"] = note
    text = answer.answer_paragraph(claims, None, second="our own extra")
    assert "By our own test (its rule is in the full claims table), the claim does not hold; the " \
           "baseline wins more against P1, P2 (point estimates)." in text
    claims.loc[2, "note"] = "no rule said"
    assert "By our own test" not in answer.answer_paragraph(claims, None, second="our own extra")


def test_a_not_reproducible_headline_leads_with_what_we_measured():
    # 03 opened with "cannot be reproduced here" before its number (issue 50)
    claims = _claims()
    claims.loc[0, "verdict"] = "not-reproducible"
    claims.loc[0, "note"] = "a machine stand-in, MC0's win rate 0.657"
    text = answer.answer_paragraph(claims, None)
    first = text.split("\n")[0]
    assert first.index("MC0's win rate 0.657") < first.index("not reproducible")
    assert "cannot be reproduced here" not in first


def test_a_share_of_cases_is_said_as_the_counts_it_stands_for():
    # verdicts.share over 32 types: 1 in the band, 25 outside, 6 undecided (issue 50: 01's first screen read
    # "0.125 (range over undecided cases: 0.0312 to 0.219)" for 1 type in the band)
    from liarlab.core import verdicts as V
    from liarlab.study.answer import measured, share_count

    judged = ([V.Judgement("reproduced", "r", "")] + [V.Judgement("differs", "r", "")] * 25
              + [V.Judgement("inconclusive", "r", "")] * 6)
    est = V.share(judged, "types")
    row = {"reproduced_value": est.value, "ci_low": est.low, "ci_high": est.high, "n": est.n, "unit": est.unit,
           "interval": est.interval}
    assert share_count(row) == measured(row) == "1 of 32 types (1 to 7 counting the 6 undecided)"
    assert share_count({**row, "ci_low": 1.0, "ci_high": 1.0}) == "32 of 32 types"
    # any other interval is a value with its interval
    assert share_count({**row, "interval": "95 %"}) is None


def test_a_headline_row_whose_family_the_rule_calls_otherwise_is_led_by_its_family():
    # 04: the stage-1 chart's family is reproduced (6 of 8 rows) while its headline row differs; the scorecard
    # counts the family as reproduced, so the page must say the family's verdict first (issue 50)
    def row(claim, verdict, headline=False):
        return {"claim": claim, "family": "Chart", "kind": "finding", "paper_value": "almost all",
                "reproduced_value": 0.6, "verdict": verdict, "headline": headline}

    rows = [row("Chart: almost all above half", "differs", True)] + [row(f"Chart: cell {i}", "reproduced")
                                                                    for i in range(3)]
    text = answer.answer_paragraph(pd.DataFrame(rows), None)
    first = text.split("\n\n")[0]
    # one statement, not "We reproduce the chart ... Its headline row differs", which read as a contradiction
    # and the family's verdict inside it, not "we do not reproduce X. The family counts as reproduced" (fresh readers)
    assert first.startswith("**Our answer.** Of the 4 judged rows of the paper's *Chart*, 3 reproduce, so the "
                            "family counts as reproduced (the family rule needs at least three quarters of a "
                            "family's rows to reproduce), but its headline claim *almost all above half (Chart)* does "
                            "not reproduce.")
    assert "we do not reproduce" not in first and "The family counts" not in first
    # a family whose rule agrees with its headline row is said as before, by the row alone
    rows[1]["verdict"] = rows[2]["verdict"] = "differs"
    text = answer.answer_paragraph(pd.DataFrame(rows), None)
    assert text.startswith("**Our answer.** We do not reproduce the claim *almost all above half (Chart)*.")


def test_a_value_and_its_interval_are_said_once_and_to_the_same_decimals():
    # "(its interval is the range over undecided cells) as 0.84 (range over undecided cases: 0.8 to 0.88)"
    # announced the range twice, with two precisions (issue 50)
    row = pd.Series({"reproduced_value": 0.84, "ci_low": 0.8, "ci_high": 0.88, "n": 25, "unit": "cells",
                     "interval": "95% Wilson"})
    assert answer.measured(row) == "0.840 (95% Wilson: 0.800 to 0.880) over 25 cells"
    said = answer.measured(row, "the share of cells (its interval is a 95% Wilson interval)")
    assert said == "0.840 (0.800 to 0.880) over 25 cells"
    # a level other than 95 % is said even where the quantity names its interval: 02's first screen wrote
    # "0.610 (0.488 to 0.732)" and left the 98.75 % to the claims summary (issue 50)
    wide = pd.Series({"reproduced_value": 0.61035, "ci_low": 0.4882618285, "ci_high": 0.7324381715, "n": 10,
                      "unit": "seeds", "interval": "98.75 % prediction interval for one trained agent"})
    assert answer.measured(wide, "RL1's win rate (its prediction interval for one trained table)") == (
        "0.610 (98.75 % prediction interval: 0.488 to 0.732) over 10 seeds")
    exact = pd.Series({"reproduced_value": 2 / 9, "ci_low": 2 / 9, "ci_high": 2 / 9, "unit": "exact"})
    assert answer.measured(exact) == "0.2222 (exact)"   # as the claims summary writes it ("0.2222, exact")


def test_an_undecidable_headline_does_not_promise_a_sample_that_decides_it():
    # 02's first screen said "Our sample cannot decide ... yet" beside "undecidable (no sample size can decide it)"
    row = {"claim": "every RLi wins > 50 %", "family": "Fig 5-4", "kind": "finding", "paper_value": "> 0.5",
           "reproduced_value": 0.61, "ci_low": 0.49, "ci_high": 0.73, "verdict": "inconclusive",
           "flags": "undecidable", "headline": True}
    text = answer.answer_paragraph(pd.DataFrame([row]), None)
    # the verdict first, then why no larger sample settles it ("No sample size decides the claim ..." read as "can
    # never be decided" beside the sample that judged it, a fresh reader of 04)
    assert "The claim *every RLi wins > 50 %* stays undecided, and a larger sample could not settle it" in text
    assert " yet" not in text and "No sample size decides" not in text
    # said once: the sentence says it, so the notes do not add the flag "undecidable" (issue 50)
    assert "undecidable" not in text and "Note" not in text
    both = answer.answer_paragraph(pd.DataFrame([{**row, "flags": "undecidable; agrees by selection"}]), None)
    assert "a larger sample could not settle it" in both and "Note: agrees by selection (" in both and "undecidable" not in both
    text = answer.answer_paragraph(pd.DataFrame([{**row, "flags": ""}]), None)
    assert "cannot decide the claim *every RLi wins > 50 %* yet" in text


def test_a_papers_further_results_follow_its_main_results_and_precede_the_counts():
    row = {"claim": "every RLi wins > 50 %", "family": "Fig 5-4", "kind": "finding", "paper_value": "> 0.5",
           "reproduced_value": 0.61, "ci_low": 0.55, "ci_high": 0.67, "verdict": "reproduced", "headline": True}
    text = answer.answer_paragraph(pd.DataFrame([row]), None, more="**Seats are learned.** 0.030 as the opener.")
    paragraphs = text.split("\n\n")
    assert paragraphs[1] == "**Seats are learned.** 0.030 as the opener." and paragraphs[2].startswith("Of its ")
    assert "Seats" not in answer.answer_paragraph(pd.DataFrame([row]), None)


def test_what_a_findings_notebook_holds_besides_is_said_in_sentences():
    # 01's first screen read "Besides: 9 findings not reproducible; 11 extension rows of ours (counted apart); ...
    # 1 check of our code (1 agrees)" (issue 50): as an author writes it
    def row(kind, verdict, claim="c"):
        return {"claim": claim, "kind": kind, "verdict": verdict, "cause": "", "flags": "", "note": "", "rule": "r"}
    rows = pd.DataFrame([row("finding", "reproduced")] + [row("finding", "not-reproducible")] * 9
                        + [row("finding", "extension")] * 11 + [row("arithmetic", "reproduced")] * 6
                        + [row("check", "reproduced")])
    text = answer.counts_sentence(rows)
    assert "Nine further findings cannot be reproduced here, and our own extensions add 11 rows, counted apart." in text
    assert "Beyond the findings, all 6 checks of the paper's own numbers agree and one check of our code agrees." in text
    assert "Besides" not in text and "(1 agrees)" not in text


def test_a_count_of_cases_that_agree_is_said_as_one_clause():
    # 00: "We measure the numbers that agree as 72 of 75 printed numbers; the paper: all 75" (issue 50)
    assert answer._counted_clause("the numbers that agree", "72 of 75 printed numbers") == \
        "72 of the 75 printed numbers agree"
    assert answer._counted_clause("the share of games A wins", "72 of 75 printed numbers") == ""
    assert answer._counted_clause("the numbers that agree", "0.96 (95 %: 0.9 to 1)") == ""


def test_an_all_cases_finding_measured_as_the_share_one_says_its_count():
    # 01's Figs 5.6-5.8 summary line said "1, exact" for "all curves" (issue 50): the share 1 of 3 types
    row = {"kind": "finding", "verdict": "reproduced", "paper_value": "all curves", "reproduced_value": "1.0",
           "ci_low": 1.0, "ci_high": 1.0, "n": 3.0, "unit": "types"}
    assert answer.share_count(row) == "3 of 3 types"
    assert answer.share_count({**row, "verdict": "extension"}) is None      # our win rate of 1.0 over 2 seeds
    assert answer.share_count({**row, "paper_value": "about 0.5"}) is None
    assert answer.share_count({**row, "reproduced_value": "0.9", "ci_low": 0.9, "ci_high": 0.9}) is None


def test_a_short_answer_is_said_first_and_only_when_given():
    claims = _claims()
    text = answer.answer_paragraph(claims, "Does A beat B?", short="Not as printed: A wins 0.620, not 0.7.")
    assert text.index("**The question.**") < text.index("**In short.** Not as printed") < text.index("**Our answer.**")
    assert "In short" not in answer.answer_paragraph(claims, "Does A beat B?")


def test_and_list_joins_any_iterable_as_prose():
    assert answer.and_list(["a"]) == "a" and answer.and_list(["a", "b", "c"]) == "a, b and c"
    assert answer.and_list(str(g) for g in (500, 1000)) == "500 and 1000" and answer.and_list([]) == ""


def test_a_verdict_is_said_as_a_clause_not_as_a_label():
    # "(verdict: differs)" in 05's summary read as a form's field (issue 50): prose says the verdict in words
    assert answer.verdict_clause("differs") == "we do not reproduce this"
    assert answer.verdict_clause("reproduced") == "we reproduce this"
    assert all(":" not in c and "-" not in c for c in answer.VERDICT_CLAUSES.values())


def test_a_mixed_kind_of_checks_is_said_without_a_colon_of_its_own():
    # "44 checks of the paper's own numbers: 41 agree, 3 differ, likeliest cause a misprint for 3; ...: ..." stacked
    # colons in one sentence (issue 50, the lead's list)
    rows = [_arithmetic(f"sum {i}", "reproduced") for i in range(41)] + [
        _arithmetic(f"m{i}", "differs", "misprint") for i in range(3)]
    text = answer.counts_sentence(pd.concat([_claims(), pd.DataFrame(rows)], ignore_index=True))
    assert ("Beyond the findings, of the 44 checks of the paper's own numbers, 41 agree and 3 differ (likeliest "
            "cause a misprint).") in text


def test_a_caveat_keeps_the_first_screen_short_and_titles_the_rest():
    text = answer.answer_paragraph(_claims(), None, short="A wins.", caveat="One seed only.")
    parts = text.split("\n\n")
    assert parts[:3] == ["**In short.** A wins.", "**Caveat.** One seed only.", answer.DETAIL_TITLE]
    assert "**Caveat.**" not in answer.answer_paragraph(_claims(), None, short="A wins.", caveat="")
