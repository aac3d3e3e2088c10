"""Notebook 00's paper module: tables, printed values and claims (liarlab.papers.p00)."""
import re

import numpy as np
import pandas as pd

from liarlab.core import dice
from liarlab.papers.p00 import claims as claims00
from liarlab.papers.p00 import experiments as dice_tables
from liarlab.papers.p00 import printed as printed00
from liarlab.papers.p00.results import Results
from liarlab.study.answer import share_count
from liarlab.study.judged_rows import every_printed_words


def test_hand_classes_match_classifying_every_hand():
    assert dice.hand_class_counts() == dice_tables.brute_force_classes()


def test_claims_flag_exactly_the_misprints():
    rows = claims00.claims_rows()
    differs = {(r["source"], r["paper_value"]) for r in rows if r["verdict"] == "differs"}
    assert differs == {("paper 01 §4.2 text", 4561), ("paper 01 §4.2 text", 0.5),
                       ("paper 02 Table 4-4", 141053200)}


def test_monte_carlo_interval_covers_exact_value():
    mc = dice_tables.monte_carlo_at_least(200_000, np.random.default_rng(7))
    assert mc["exact_inside_ci"].sum() >= 5



def test_every_paper_value_in_the_claims_comes_from_printed():
    printed_values = set()
    for name in dir(printed00):
        value = getattr(printed00, name)
        if name.startswith("PAPER_"):
            items = value.values() if isinstance(value, dict) else [value]
            for v in items:
                printed_values.update(v if isinstance(v, tuple) else (v,))
    rows = claims00.claims_rows(Results(monte_carlo=dice_tables.monte_carlo_at_least(1000, np.random.default_rng(0))))
    paper = {r["paper_value"] for r in rows if r["paper_value"] is not None and r["verdict"] != "extension"}
    assert paper - printed_values == set()


def test_q_space_title_range_covers_every_step_of_every_curve():
    from liarlab.papers.p00 import experiments as tables

    q2, q3 = tables.q_space_table(2), tables.q_space_table(3)
    low, high = tables.growth_factors(q2, q3)
    steps = [b / a for t in (q2, q3) for col in ("partial", "full") for a, b in zip(t[col][:-1], t[col][1:])]
    assert low == min(steps) and high == max(steps)
    assert high > 29  # the 3-player curve from n = 1 to 2: the old "~7-20x" title was wrong


def test_paper_02_generator_matches_table_6_3_at_fair_dice():
    import numpy as np

    from liarlab.papers.p00 import experiments as tables

    mc = tables.monte_carlo_max_multiplicity(20_000, np.random.default_rng(1))
    assert mc["hands"].eq(20_000).all() and abs(mc["estimate"].sum() - 1) < 1e-12
    assert mc["exact_inside_ci"].sum() >= 4  # 5 intervals at 95 %: at most a rare miss


def test_coverage_rows_name_spec_codes_and_reduce_a_small_monte_carlo():
    from liarlab.papers.p00 import experiments as ex
    from liarlab.papers.p00 import ledger
    from liarlab.papers.p00.params import PARAMS

    def results(n_monte_carlo, histories=range(1, 8)):
        mc = ex.monte_carlo_at_least(100, np.random.default_rng(0)).assign(hands=n_monte_carlo)
        mg = ex.monte_carlo_max_multiplicity(100, np.random.default_rng(1))
        return Results(mc, mg, ex.q_space_table(2, histories), ex.q_space_table(3, histories))

    rows = ledger.coverage_rows(results(10_000))
    assert [(r["spec"], r["code"]) for r in rows] == [("01", "E1"), ("02", "#1"), ("02", "#2")]
    assert rows[0]["status"] == "reduced" and rows[2]["status"] == "full" and "10,000-hand" in rows[0]["run_size"]
    assert ledger.coverage_rows(results(PARAMS.size("n_monte_carlo", "full")))[0]["status"] == "full"
    assert ledger.coverage_rows(results(10_000, range(1, 7)))[2]["status"] == "reduced"
    assert rows[0]["spec_size"] == "7776 hands enumerated; 10^6-hand Monte Carlo"    # what the spec asks, from the index


def test_the_ledger_holds_no_size_of_its_own():
    import inspect
    import re

    from liarlab.papers.p00 import ledger

    assert not re.search(r"\d{3}|10\s*\*\*", inspect.getsource(ledger).replace("7776", ""))


def test_one_headline_row_answers_the_question_by_the_family_rule():
    rows = claims00.claims_rows()
    heads = [r for r in rows if r.get("headline")]
    assert len(heads) == 1 and heads[0] is rows[0]
    head = heads[0]
    judged = [r for r in rows[1:] if r["kind"] == "arithmetic" and r["verdict"] in ("reproduced", "differs")]
    wrong = [r for r in judged if r["verdict"] == "differs"]
    # the count is the row's value (a share of cases, none undecided), said once as "72 of 75 printed numbers"
    assert share_count(head) == f"{len(judged) - len(wrong)} of {len(judged)} printed numbers"
    assert not re.search(r"\d+ of \d+", head["claim"])    # not said a second time in the claim
    assert "4,561" in head["note"] and "141,053,200" in head["note"] and "'about half'" in head["note"]
    words = every_printed_words(pd.DataFrame(rows))
    assert words == f"all {len(judged)}. The 3 that differ are its 4,561, 'about half' and 141,053,200"
    assert head["verdict"] == "reproduced" and head["n"] == len(judged)
    assert all(r["cause"] for r in wrong)                 # every differing number names its cause


def test_the_headline_follows_the_family_rule_not_the_worst_row():
    rows = claims00.claims_rows()[1:]
    bad = [dict(r, verdict="differs") if r["verdict"] == "reproduced" else r for r in rows]
    assert claims00.headline_row(bad)["verdict"] == "differs"


def test_no_cause_is_typed_in_the_paper_modules():
    import inspect

    assert "cause=" not in inspect.getsource(claims00)


def test_each_differing_number_has_readings_and_its_cause_follows_from_them():
    import pandas as pd

    from liarlab.core import verdicts as V
    from liarlab.study import readings as study_readings

    rows = claims00.claims_rows()
    readings = claims00.readings_rows()
    study_readings.check(pd.DataFrame(rows), readings)       # raises unless every cause is the derived one
    causes = {r["paper_value"]: r["cause"] for r in rows if r["verdict"] == "differs"}
    assert causes == {4561: "misprint", 0.5: "reading", 141053200: "misprint"}
    for r in rows:
        if r["verdict"] != "differs":
            continue
        mine = [x for x in readings if x["claim"] == r["claim"]]
        assert sum(x["is_default"] for x in mine) == 1 and r["cause"] == V.cause(mine, arithmetic=True)
        assert r["readings"].startswith(f"{sum(x['verdict'] != 'not run' for x in mine)} reading")


def test_a_reading_that_reproduces_makes_the_cause_reading_not_misprint():
    from liarlab.core import readings as R

    rows = [x for x in claims00.readings_rows() if x["claim"] == claims00.ABOUT_HALF_CLAIM]
    assert [r["verdict"] for r in rows if r["reading"] == "the class 'one pair' alone"] == ["reproduced"]
    assert R.cause(rows, arithmetic=True) == "reading"
    rows = [r for r in rows if r["reading"] != "the class 'one pair' alone"]
    assert R.cause(rows, arithmetic=True) == "misprint"


def test_tables_4_5_and_4_7_show_the_exact_probability_once_with_headers_in_words():
    # the page showed "0.0001286 (1/7,776)" under "p at least exact" and again "0.0001286" under "p at least"
    # (issue 50, a fresh reader); the CSV keeps both columns
    from liarlab.papers.p00 import experiments as ex00

    table = ex00.at_least_table()
    view = ex00.at_least_view(table)
    assert "p_at_least" in table.columns and "p_at_least" not in view.columns
    assert not any("_" in str(c) for c in view.columns), list(view.columns)
    # Table 4.7's "exactly k" half beside ours (issue 50: the summary quoted it, the page never showed it)
    assert [c for c in view.columns if str(c).startswith("paper")] == [
        "paper, Table 4.7: hands with exactly k", "paper, Table 4.5: P(at least k)",
        "paper, Table 4.7: hands with at least k"]
    assert list(view.k) == [0, 1, 2, 3, 4, 5]  # from 0 up, as the Monte Carlo table and the figure
    assert list(view["paper, Table 4.7: hands with exactly k"]) == list(view["hands with exactly k"])


def test_q_tables_mark_cells_the_paper_does_not_print():
    """Issue 50: Table 4-4's cells beyond n = 3 and the ratio at n = 1 were blank, like missing data."""
    from liarlab.papers.p00 import experiments as ex00

    q2 = ex00.q_space_table(2, histories=range(1, 5))
    assert list(ex00.q_space_view(q2)["paper, Table 4-4, full"])[3] == ex00.NOT_PRINTED
    assert ex00.q_ratios_view(q2).iloc[0, 1] == ex00.NOT_PRINTED


def test_the_short_answer_names_each_differing_number_with_its_paper_and_cause():
    """Issue 50: "the paper: all 75" and "its 4,561" when two papers are meant, and no cause beside a number."""
    from liarlab.papers.p00 import claims as claims00

    claims = pd.DataFrame(claims00.claims_rows())
    text = claims00.in_short(claims)
    assert text.startswith("72 of the 75 numbers the two papers print match exact counting; 3 differ:")
    assert "paper 01's 4,561 (a misprint: exact counting gives 4,651)" in text
    assert "paper 02's 141,053,200 (a misprint: exact counting gives 141,053,220)" in text
    assert "paper 01's 'about half' (exact: 0.9074; a reading" in text


def test_table_4_4_text_counts_the_familys_rows_as_the_summary_does():
    from liarlab.papers.p00 import claims as claims00
    from liarlab.papers.p00 import experiments as ex00

    text = claims00.table_4_4_text(ex00.q_space_table(2, histories=range(1, 4)))
    assert "The other 5 of its 6 cells agree." in text and "7 of the Table 4-4 family's 8 claims rows agree" in text
