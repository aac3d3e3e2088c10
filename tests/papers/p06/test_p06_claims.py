"""Notebook 06's summary, claims and ledger, on a small hand-made exploitability table."""
import pandas as pd
import pytest

from liarlab.papers.p06 import claims as claims06
from liarlab.papers.p06 import experiments as p06x
from liarlab.papers.p06 import ledger as ledger06


def _table():
    rows = []
    for agent, first, second, edge in (("random-guess", 0.1, 0.5, 0.05), ("type1", 0.3, 0.7, 0.2),
                                       ("EXP1", 0.9, 1.1, 0.0)):
        for seat, e in (("first", first), ("second", second)):
            rows.append(dict(game="1v1", a=1, b=1, faces=6, agent=agent, source=agent, seat=seat, own_dice=1,
                             game_value=-1 / 9 if seat == "first" else 1 / 9, best_response=0.0, guaranteed=0.0,
                             exploitability=e, equilibrium_result=0.0, equilibrium_edge=edge, exact=True,
                             game_value_fraction="", exploitability_fraction="", equilibrium_edge_fraction="",
                             float_check=0.0, sequences=10))
    return pd.DataFrame(rows)


def test_summary_means_the_two_seats_and_sorts_by_it():
    summary = p06x.summary_table(_table())
    assert list(summary.agent) == ["random-guess", "type1", "EXP1"]
    assert summary.exploitability_mean.tolist() == pytest.approx([0.3, 0.5, 1.0])


def test_every_claim_is_an_extension_with_one_headline():
    checks = pd.DataFrame([dict(game="1v1", value="-1/9", value_float=-1 / 9, first_seat="0", second_seat="0",
                                certificate="rounding")])
    rows = claims06.notebook06_claims(_table(), checks)
    assert {r["verdict"] for r in rows if r["kind"] == "finding"} == {"extension"}
    assert {r["verdict"] for r in rows if r["kind"] == "check"} == {"reproduced"}     # a check is judged
    assert sum(r["headline"] for r in rows) == 1
    head = next(r for r in rows if r["headline"])
    assert head["claim"].endswith("random guess (paper 01), a family of one player") and head["reproduced_value"] == pytest.approx(0.3)
    least, most = claims06.least_and_most_claims(pd.DataFrame(rows))
    assert least == head["claim"] and most.endswith("EXP0-EXP3 (paper 02), a family of one player")
    assert next(r for r in rows if r["claim"] == most)["reproduced_value"] == pytest.approx(1.0)
    assert any(r["reproduced_value"] == "1 of 1 test programs" for r in rows)                 # random guess below one test program
    assert any(r["reproduced_value"] == "4 of 6 seats" for r in rows)          # EXP1's two seats have no edge
    # the edge row's claim is a sentence the answer can quote as a claim, not the name of a count (readers)
    edge = next(r for r in rows if r["reproduced_value"] == "4 of 6 seats")
    assert edge["claim"] == ("the equilibrium strategy wins more than the game value against the players in almost "
                             "every seat")
    assert any(r["reproduced_value"] == "1 of 1 games" and r["kind"] == "check" for r in rows)
    broken = checks.assign(second_seat="1/100")
    assert claims06.equilibrium_check_rows(broken)[0]["verdict"] == "differs"      # the check can fail
    beaten = next(r for r in rows if "in every game" in r["claim"])
    assert beaten["reproduced_value"] == "1 of 3 players" and beaten["note"] == "EXP1"     # 0.9 + 1.1 = 2: always beaten


def test_a_game_code_names_two_small_hands():
    assert p06x.dice_of(21) == (2, 1)
    with pytest.raises(ValueError, match="11, 21, 12 or 22"):
        p06x.dice_of(13)


def test_the_ledger_lists_the_missing_players_with_why():
    params = {"games": [11, 21, 12, 22], "test_types": list(range(1, 33)), "test_types_larger": [1, 8, 17, 32]}
    rows = ledger06.coverage_rows(params, _table())
    status = {r["code"]: r["status"] for r in rows}
    assert status["A1"] == "full" and status["A2"] == "full"
    assert status["A3"] == status["A4"] == status["A5"] == "missing"
    assert all(r["why"] for r in rows if r["status"] != "full")
    quick = ledger06.coverage_rows({**params, "games": [11, 21], "test_types": [1]}, _table())
    assert {r["code"]: r["status"] for r in quick}["A1"] == "reduced"
    assert status["A7"] == "missing"                                             # no behaviour table given
    behaviour = pd.DataFrame([dict(game="1v1", agent=a, exact=True) for a in ("equilibrium", "type1", "EXP1")])
    row = next(r for r in ledger06.coverage_rows(params, _table(), behaviour) if r["code"] == "A7")
    assert row["status"] == "full" and row["run_size"].startswith("1v1: 2 players")


def test_the_ledger_reports_two_dice_each_as_reduced_without_test_programs():
    table = pd.concat([_table(), _table().query("agent != 'type1'").assign(game="2v2", a=2, b=2)])
    params = {"games": [11, 21, 12, 22], "test_types": list(range(1, 33)), "test_types_larger": [1, 8, 17, 32]}
    row = next(r for r in ledger06.coverage_rows(params, table) if r["code"] == "A3")
    assert row["status"] == "reduced" and row["run_size"].startswith("random-guess, EXP1; 4 of 4 seats")
    assert "no test program" in row["why"]
    assert p06x.agents_for((2, 2), [1], [1, 8]) == ["random-guess", "EXP0", "EXP1", "EXP2", "EXP3"]
    assert p06x.agents_for((2, 1), [1], [8])[-1] == "EXPRAND" and p06x.agents_for((1, 1), [1], [8])[-1] == "RAND"
    assert "type8" in p06x.agents_for((2, 1), [1], [1, 8])


def test_behaviour_claims_name_the_largest_departure():
    rows = []
    for family, face, call in (("equilibrium", 0.2, 0.8), ("the 32 test programs (paper 01)", 0.5, 0.4),
                               ("the rule players EXP0-EXP3 (paper 02)", 0.3, 0.1)):
        rows += [dict(game="1v1", measure="bluff", level="face absent", family=family, share=face, players=2,
                      equilibrium=0.2, departure=face - 0.2),
                 dict(game="1v1", measure="call", level="1", family=family, share=call, players=2, equilibrium=0.8,
                      departure=call - 0.8)]
    out = claims06.behaviour_claims(pd.DataFrame(rows))
    assert out[0]["reproduced_value"] == pytest.approx(0.2) and "0.500" in out[0]["note"]
    assert out[1]["claim"].endswith("EXP0-EXP3 (paper 02)") and out[1]["reproduced_value"] == pytest.approx(-0.7)
    assert {r["verdict"] for r in out} == {"extension"}


def test_the_page_prose_says_code_names_in_words():
    # readers met "(honestAction reading smallest)" and "(liarlab.bluff.endgame, convention normal)" in the prose,
    # and "the report's" for paper 02 on a page that is itself a report
    import json

    from liarlab.papers.p06 import policies
    from liarlab.study.outputs import REPO_ROOT

    cells = json.loads((REPO_ROOT / "notebooks" / "06_agents_vs_exact_play.ipynb").read_text())["cells"]
    prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    for code in ("liarlab.", "honestAction", "the report's"):
        assert code not in prose, code
    assert not any("the report's" in text for text in policies.READINGS.values())
