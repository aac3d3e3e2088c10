"""The claim-family record and its engine (liarlab.study.families): readings run before the judge sees them, a
family that sums up the others comes first, and a differing row's cause follows from its family's readings."""
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.study import families as F

PRINTED = 10


def _judge(results, kind="arithmetic"):
    text = "the count is 10"
    return [F.claim(text, "Table 1", PRINTED, V.exact(results), V.value(PRINTED, V.exact(results)),
                    kind=kind, family="Table 1")]


def _finding(results):
    return _judge(results, kind="finding")


def _ways(other: int):
    return (F.Way(Reading("as counted", "count them", "the text", default=True), claim="the count is 10",
                  run=lambda results: (V.exact(results), V.value(PRINTED, V.exact(results)), "")),
            F.Way(Reading("the other row", "another count", "the table"), claim="the count is 10",
                  run=lambda results: (V.exact(other), V.value(PRINTED, V.exact(other)), "")),
            F.Way(Reading("by hand", "a third count", "none"), claim="the count is 10",
                  not_built="no engine counts it this way", cost="an afternoon"))


def _family(other: int, **kw) -> F.ClaimFamily:
    return F.ClaimFamily("Table 1", "Table 1", PRINTED, _judge, readings=_ways(other), kind="arithmetic", **kw)


def test_the_readings_are_run_on_the_results_and_handed_to_the_judge():
    rows = F.claims_rows([_family(10)], 9)
    readings = F.readings_rows(rows)
    assert [r["verdict"] for r in readings] == ["differs", "reproduced", "not built"]
    assert "cost to build: an afternoon" in readings[2]["note"]
    assert rows[0]["verdict"] == "differs" and rows[0]["cause"] == "reading"   # another reading reproduces


def test_a_cause_moves_when_a_reading_is_added_in_the_family_alone():
    unbuilt = F.ClaimFamily("Table 1", "Table 1", PRINTED, _finding, readings=_ways(11))
    assert F.claims_rows([unbuilt], 9)[0]["cause"] == "untested"     # the reading not built leaves it open
    run = F.ClaimFamily("Table 1", "Table 1", PRINTED, _finding, readings=_ways(11)[:2])
    assert F.claims_rows([run], 9)[0]["cause"] == "genuine"          # both readings run, both differ


def test_a_family_that_sums_up_the_others_is_judged_from_their_rows_and_comes_first():
    def summary(results, rows):
        share = sum(r["verdict"] == "reproduced" for r in rows) / len(rows)
        return [F.claim("all printed numbers", "the paper", "each", share, V.stated("reproduced", "family rule"),
                        kind="arithmetic", headline=True)]

    head = F.ClaimFamily("all", "the paper", "each", summary, summarises=True, headline=True)
    rows = F.claims_rows([head, _family(10)], 10)
    assert [r["claim"] for r in rows] == ["all printed numbers", "the count is 10"]
    assert rows[0]["reproduced_value"] == 1.0


def test_a_way_is_exactly_one_kind_and_one_not_built_states_its_cost():
    reading = Reading("r", "a", "s")
    with pytest.raises(ValueError, match="exactly one"):
        F.Way(reading, not_run="x", bounded="y").kind
    with pytest.raises(ValueError, match="cost"):
        F.Way(reading, not_built="later").kind
    assert F.Way(reading, bounded="the run readings bound it").row("f", None)["verdict"] == R.BOUNDED


def test_a_reading_of_a_claim_the_family_does_not_make_is_refused_not_dropped():
    misspelt = F.Way(Reading("as counted", "count them", "the text", default=True), claim="the count is ten",
                     run=lambda results: (V.exact(results), V.value(PRINTED, V.exact(results)), ""))
    family = F.ClaimFamily("Table 1", "Table 1", PRINTED, _judge, readings=(misspelt,), kind="arithmetic")
    with pytest.raises(ValueError, match="the count is ten"):
        F.claims_rows([family], 10)


def test_a_row_way_reads_only_the_rows_it_names_and_says_why_when_not_run():
    from liarlab.core import readings as R
    from liarlab.study.families import RowWay, row_way_rows

    row = {"family": "Fig 1", "claim": "A rises"}
    rd = R.Reading("other reading", "an assumption", "a support")
    ways = (RowWay(run=lambda r, inp: [R.run(r["family"], r["claim"], rd, 0.5, "reproduced")]),
            RowWay(rd, R.Unbuilt("needs an engine switch")),
            RowWay(rd, "the report fixes it"),
            RowWay(rd, R.Bounded("moot: no tie in the lists")),
            RowWay(rd, R.Unbuilt("never read"), when=lambda r: "falls" in r["claim"]))
    got = row_way_rows(ways, row, None)
    assert [x["verdict"] for x in got] == ["reproduced", R.NOT_BUILT, R.NOT_RUN, R.BOUNDED]
    assert all(x["claim"] == "A rises" and x["family"] == "Fig 1" for x in got)
