"""Paper 03 claims and experiment helpers, tested directly (each verdict can fail)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from liarlab.core import verdicts
from liarlab.core.verdicts import KINDS
from liarlab.papers.p03 import claims as c
from liarlab.papers.p03 import experiments as x
from liarlab.study import families as F


def _verdicts(rows):
    return {r["claim"]: r["verdict"] for r in rows}


def test_table_sizes_reproduce_the_printed_file_sizes():
    sizes = x.table_sizes(8)
    assert list(sizes.entries) == [8, 66, 460, 2870, 16884, 94248, 504504, 2625480]
    assert sizes.predicted_bytes.iloc[-1] == 39_702_564
    rows = c.table_size_claims(sizes)
    assert set(_verdicts(rows).values()) == {"reproduced"}
    assert {r["kind"] for r in rows} == {"arithmetic"}
    # one byte too many per entry at 3 cards changes the truncated KB digits: the row fails
    wrong = sizes.assign(predicted_bytes=sizes.predicted_bytes + sizes.entries * 3)
    assert "differs" in _verdicts(c.table_size_claims(wrong)).values()


def test_built_table_levels_match_the_counted_entries():
    built = x.endgame_table_build(5, 200, seed=3)
    assert built["check"].agree.all()
    rows = c.table_size_claims(x.table_sizes(5), built["levels"])
    assert rows[-1]["verdict"] == "reproduced" and rows[-1]["kind"] == "check"


def test_solver_claim_fails_on_one_disagreement():
    agreement = x.solver_agreement(30, 3)
    checks = x.thesis_solver_checks()
    rows = c.solver_claims(agreement, checks)
    assert set(_verdicts(rows).values()) == {"reproduced"}
    assert rows[0]["kind"] == "check"
    broken = agreement.copy()
    broken.loc[0, "agree"] = False
    assert c.solver_claims(broken, checks)[0]["verdict"] == "differs"


def test_fig_3_13_calls_and_printed_arithmetic():
    calls = x.fig_3_13_calls()
    assert list(calls.our_call) == ["1H", "2H", "3H", "4H"]
    rows = c.printed_arithmetic_claims()
    v = _verdicts(rows)
    assert v["19 games: com won 9 of 19"] == "reproduced"
    assert v["19 games: 6 of 19 excluding human error (the DD winner)"] == "reproduced"
    assert v["19 games: mean overestimate 1.25"] == "reproduced"
    assert v["19 games: game 18's error is 0.92"] == "differs"
    assert {r["kind"] for r in rows} == {"arithmetic"}


def test_exchange_claims_flag_exactly_the_two_slips():
    rows = c.example_claims(x.exchange_examples()) + c.follow_claims()
    differs = [r["claim"] for r in rows if r["verdict"] == "differs"]
    assert sorted(differs) == ["Example 3.1 case 2: score of C5", "Example 3.1 case 2: score of C7"]


def _errors(est, dd, n=200, dealt=None):
    from liarlab.papers.p03 import correlation as cr

    frame = pd.DataFrame({"pairing": ["p"] * n, "board": np.arange(n) // 2, "opponent": ["RULE"] * n,
                          "estimate": est, "dd_after": dd, "dd_before": dd if dealt is None else dealt,
                          "actual": dd, "error": np.asarray(dd, float) - np.asarray(est, float)})
    return frame, cr.reading_estimates(frame, seed=1, n_boot=300, n_boot_r=300)


def test_estimation_claims_can_fail_and_can_pass():
    rng = np.random.default_rng(0)
    bad, est = _errors(np.full(200, 8.0) + rng.normal(0, 0.1, 200), np.full(200, 4))
    rows = c.estimation_claims(bad, est)
    v = _verdicts(rows)
    assert v["Estimation: the bidding estimate overestimates in 12 of 19 games"] == "differs"
    assert v["Estimation: mean overestimate 1.25"] == "differs"
    assert all(r["cause"] in ("genuine", "reading", "power", "untested") for r in rows if r["verdict"] == "differs")
    assert all(r["cause"] == verdicts.cause(r["readings_rows"]) for r in rows if r["verdict"] == "differs")
    x = rng.uniform(3, 10, 2000)
    good, est = _errors(x, np.clip(np.round(x + rng.normal(-0.4, 1.3, 2000)), 0, 13), 2000)
    r = [row for row in c.estimation_claims(good, est) if row["claim"].startswith("Estimation: Est. and DD")][0]
    assert r["verdict"] in ("reproduced", "inconclusive")
    assert r["ci_low"] < r["reproduced_value"] < r["ci_high"]
    assert "bootstrap over boards" in r["interval"]


def test_estimation_verdict_reads_after_the_exchange_and_quotes_the_dealt_hands():
    """Estimates that track the dealt hands (r about 0.8) but not the hands after the exchange: the verdict is
    on the thesis's reading (after) and differs. The dealt hands contradict the thesis's definition of its error
    (after the exchange), so they are no reading: the note quotes them as a diagnostic, and the cause follows from
    the other readings (MCA differs here; the first-call estimate was not built: untested)."""
    rng = np.random.default_rng(3)
    n = 3000
    dealt = np.clip(np.round(rng.normal(7, 2, n)), 0, 13)
    x = dealt + rng.normal(0.5, 1.0, n)
    after = np.clip(np.round(dealt + rng.normal(0, 3.0, n)), 0, 13)
    frame, est = _errors(x, after, n, dealt=dealt)
    row = [r for r in c.estimation_claims(frame, est, mca=est) if r["claim"].startswith("Estimation: Est. and DD")][0]
    assert row["verdict"] == "differs" and row["cause"] == "untested"
    assert {x["reading"] for x in row["readings_rows"]} == {
        "DD after the exchange", "adjusted estimates (MCA)", "estimate at the first call", "against a person",
        "com leads in the simulations", "opponent leads in the simulations", "another N in the 19 games"}
    # spec 03's open points 2 (the lead) and 4 (another N) are declared, not built, each with what it would cost
    unbuilt = {x["reading"]: x["note"] for x in row["readings_rows"] if x["verdict"] == "not built"}
    assert {"com leads in the simulations", "another N in the 19 games"} <= set(unbuilt)
    assert all("CPU minutes" in why for why in unbuilt.values())
    assert "DD of the dealt hands" not in row["readings"]
    assert "diagnostic, not a reading" in row["note"] and "DD of the dealt hands" in row["note"]
    assert f"{np.corrcoef(x, dealt)[0, 1]:.3f}"[:4] in row["note"]
    assert abs(row["reproduced_value"] - np.corrcoef(x, after)[0, 1]) < 1e-12


def test_duplicate_boards_swap_seats_on_the_same_deal():
    games = x.duplicate_matches((("RULE vs RAND", "rule", "random", 3),), n_samples=5, seed=1, chunk=2)
    assert len(games) == 6
    for _, g in games.groupby("board"):
        assert sorted(g.a_seat) == [0, 1]
        assert g.opener.nunique() == 1
    table = x.match_table(games)
    assert int(table.games.iloc[0]) == 6 and int(table.boards.iloc[0]) == 3
    assert 0 <= table.ci_low.iloc[0] <= table.a_win_rate.iloc[0] <= table.ci_high.iloc[0] <= 1


def test_match_claims_judge_the_stand_in_and_mark_the_headline():
    table = pd.DataFrame([{"pairing": "MC0 vs DD-ε", "a_win_rate": 0.9, "ci_low": 0.87, "ci_high": 0.93,
                           "games": 800, "boards": 400, "a_dd_win_rate": 0.3, "dd_ci_low": 0.27, "dd_ci_high": 0.33,
                           "boards_both_won": 350, "boards_split": 20, "boards_both_lost": 30, "sign_test_p": 0.0}])
    rows = c.results_claims(table, 0.2) + c.duplicate_match_claims(table)
    assert sum(bool(r.get("headline")) for r in rows) == 1
    people = [r for r in rows if r["family"] == c.RESULTS]
    # claims about people are never judged by the machine stand-in: not-reproducible, its value beside them
    assert {r["verdict"] for r in people} == {"not-reproducible"}
    by = {r["claim"]: r for r in people}
    assert by["Com won 9 of 19 games against the author"]["reproduced_value"] == 0.9
    assert "would call it differs" in by["Com won 9 of 19 games against the author"]["note"]
    assert "weak band" in by["Com won 12 of 20 cross-test games against two people"]["note"]
    assert by["Com won 6 of 19 excluding human error (the DD winner)"]["reproduced_value"] == 0.3
    # readers: the note said "400 duplicate boards" and then the rate's own ", 400 boards": the count once
    head = next(r for r in rows if r.get("headline"))
    assert head["note"].count("400") == 1 and "duplicate boards; MC0's win rate" in head["note"]
    # the headline claim is written as the other papers' claim texts are: lower case, quoted inside a sentence
    assert head["claim"].startswith("the program plays at roughly amateur strength")


def test_the_grid_summary_counts_the_intervals_that_exclude_half_in_words():
    # readers: "0 of the cells' 95 % intervals exclude 0.5" read as a table cell
    assert c._excluding_words(0, 10) == "none of the 10 cells' 95 % intervals excludes"
    assert c._excluding_words(1, 10) == "one of the 10 cells' 95 % intervals excludes"
    assert c._excluding_words(3, 10) == "3 of the 10 cells' 95 % intervals exclude"
    assert c._excluding_words(10, 10) == "all 10 cells' 95 % intervals exclude"


def test_every_row_has_a_kind_and_a_rule():
    rows = _all_cheap_rows()
    assert all(r["kind"] in KINDS and r["rule"] for r in rows)


def test_dd_eps_surrogate_loses_nothing_at_zero_and_interpolates():
    from liarlab.papers.p03 import surrogate as sg

    losses = sg.dd_eps_losses(3, (0.0, 0.5), seed=2, chunk=3)
    assert (losses[losses.eps == 0].lost == 0).all()
    summary = pd.DataFrame({"eps": [0.0, 0.1, 0.2], "mean_lost": [0.0, 0.4, 0.8], "games": [1, 1, 1],
                            "se": [0, 0, 0]})
    assert abs(sg.matching_eps(summary, 0.6) - 0.15) < 1e-12
    assert pd.isna(sg.matching_eps(summary, 2.0))
    rows = c.surrogate_claims(summary, 0.15)
    assert rows[1]["verdict"] == "reproduced"
    assert c.surrogate_claims(summary.assign(mean_lost=[0.1, 0.4, 0.8]), 0.15)[1]["verdict"] == "differs"


def test_coverage_rows_cover_the_spec_and_mark_reduced_sizes():
    from liarlab.papers.p03 import ledger
    from liarlab.study import coverage

    run = {"agreement_deals": 3000, "ablation_deals": 200, "ablations": 7, "table_n": 8, "table_checks": 10_000,
           "convergence_hands": 20, "convergence_ns": [10, 50, 100, 200, 1000], "convergence_reps": 100,
           "convergence_pool": 2000, "replay_samples": 400, "selfplay_deals": 1000,
           "estimation_games": {"MC0 vs RULE": 800, "MC0 vs MC0": 2000, "MCA vs RULE": 800, "MCA vs MC0": 800},
           "match_boards": {"MC0 vs RULE": 400}, "exchange_boards": 400, "grid_boards": 200,
           "timing_decisions": 10, "cpu": "x", "cores": 2}
    rows = ledger.coverage_rows(run)
    codes = [r["code"] for r in rows]
    expected = coverage.spec_codes("03")
    if expected:
        assert codes == expected
    status = {r["code"]: r["status"] for r in rows}
    assert status["E14"] == "reduced" and status["E12"] == "full"
    small = ledger.coverage_rows({**run, "match_boards": {"MC0 vs RULE": 1}})
    assert {r["code"]: r["status"] for r in small}["E12"] == "reduced"


@pytest.mark.parametrize("alpha,rho,label", [(2.0, 1.0, "MCA vs MC0"), (0.5, 0.0, "MCA(α=0.5, ρ=0) vs MC0")])
def test_grid_labels(alpha, rho, label):
    assert x.grid_label(alpha, rho) == label
    assert len(x.grid_pairings()) == 9


def _all_cheap_rows():
    """The rows of the families that need no games, through the engine (their Ways included)."""
    from types import SimpleNamespace

    from liarlab.study import families as F

    results = SimpleNamespace(agreement=x.solver_agreement(30, 3), checks=x.thesis_solver_checks(), ablations=None,
                              table_check=None, sizes=x.table_sizes(6), levels=None, examples=x.exchange_examples(),
                              calls=x.fig_3_13_calls(), replay=x.fig_3_13_replay(20, 1), replay_samples=20,
                              fig_fresh=None)
    cheap = {c.SOLVER, c.TABLE, c.NINETEEN, c.EXAMPLE, c.EXAMPLES_23, c.CALLS, c.ESTIMATES}
    return F.claims_rows([f for f in c.CLAIM_FAMILIES if f.id in cheap], results)


def test_causes_are_derived_from_readings_rows_never_typed():
    """Every differing finding or arithmetic row carries readings rows and its cause is the one rule's; the
    saved readings check (study.readings) accepts the table and refuses a typed cause."""
    import re
    from pathlib import Path

    from liarlab.study import readings as SR

    rows = _all_cheap_rows()
    claims = pd.DataFrame(rows)
    table = F.readings_rows(rows)
    SR.check(claims, table)                      # the causes follow from the readings
    differing = [r for r in rows if r["verdict"] == "differs" and r["kind"] in ("finding", "arithmetic")]
    assert {r["claim"] for r in differing} >= {"Example 3.1 case 2: score of C7", "19 games: game 18's error is 0.92"}
    for r in differing:
        assert r["readings_rows"] and r["cause"] == verdicts.cause(r["readings_rows"],
                                                                   arithmetic=r["kind"] == "arithmetic")
    # each game-18 and Example 3.1 slip is a misprint because another reading was run and also differs
    g18 = {r["claim"]: r for r in rows}["19 games: game 18's error is 0.92"]
    assert g18["cause"] == "misprint" and "against Actual: differs" in g18["readings"]
    # a typed cause would not survive the check
    typed = claims.copy()
    typed.loc[typed.claim == "19 games: game 18's error is 0.92", "cause"] = "genuine"
    with pytest.raises(ValueError, match="its readings give"):
        SR.check(typed, table)
    # and no module of the paper types one
    for path in Path(c.__file__).parent.glob("*.py"):
        assert not re.search(r"\bcause\s*=", path.read_text()), f"{path.name} types a cause"


def test_every_judged_row_of_a_family_that_can_differ_lists_its_readings():
    rows = _all_cheap_rows()
    for r in rows:
        if r["kind"] in ("finding", "arithmetic") and r["verdict"] in ("reproduced", "differs", "inconclusive"):
            defaults = [x for x in r["readings_rows"] if x["is_default"]]
            assert len(defaults) == 1 and defaults[0]["verdict"] == r["verdict"], r["claim"]
            assert len(r["readings_rows"]) >= 2, r["claim"]


def test_a_win_rate_in_words_keeps_the_decimals_the_match_table_writes():
    text = c.rate_text(verdicts.Estimate(0.5, 0.48, 0.52, 400, "boards"))
    assert text == "0.500 (95 % interval across boards 0.480 to 0.520, 400 boards)"
    assert c.rate_text(verdicts.Estimate(0.6572, 0.6331, 0.6818, 2, "boards")).endswith(", 2 boards)")
    # issue 50 reader: one board gives no t interval; its [0, 1] is the range of the rate, not an interval
    one = c.rate_text(verdicts.Estimate(0.5, 0.0, 1.0, 1, "boards"))
    assert one.endswith("(n = 1 board, no interval)") and "0.0 to 1.0" not in one


def test_the_first_screen_sets_the_stand_in_against_the_thesis_games():
    # issue 50: the first screen gave MC0's rate against DD-ε and never related it to 9/19 and 12/20
    def matches(rate, low, high):
        return pd.DataFrame({"pairing": ["MC0 vs DD-ε", "MC0 vs RULE"], "a_win_rate": [rate, 0.5],
                             "ci_low": [low, 0.4], "ci_high": [high, 0.6], "boards": [400, 400]})

    text = c.first_screen(matches(0.657, 0.633, 0.682))
    assert "won 9 of 19 games against its author (47 %) and 12 of 20 against two people (60 %)" in text
    # readers: the answer just above gives the rate and its interval; the first screen says only where it lies
    assert "0.657" not in text and "0.633" not in text
    # round-2 readers: say what to conclude, not only where the interval lies
    assert ("MC0's interval against DD-ε, given above, lies above both of the thesis's rates: the stand-in is a "
            "weaker opponent than the people, so it cannot show amateur strength.") in text
    assert "given above, lies above 0.47 and includes 0.60." in c.first_screen(matches(0.58, 0.55, 0.61))
    assert "lies below both of the thesis's rates: the stand-in is a stronger" in c.first_screen(matches(0.3, 0.25, 0.35))
    assert "includes both of the thesis's rates." in c.first_screen(matches(0.5, 0.3, 0.7))
    assert c.first_screen(matches(0.6, 0.5, 0.7).iloc[1:]) == ""
    # an interval over all of [0, 1], or one board, is uninformative, not agreement (issue 50 reader)
    assert "uninformative" in c.first_screen(matches(0.5, 0.0, 1.0)) and "includes" not in c.first_screen(
        matches(0.5, 0.0, 1.0))
    one = matches(0.5, 0.2, 0.8).assign(boards=[1, 1])
    assert "it played one board" in c.first_screen(one)
    # issue 50 reader: the first screen also says where RULE stands against DD-ε, with its interval and n
    rule = pd.concat([matches(0.657, 0.633, 0.682), pd.DataFrame({"pairing": ["RULE vs DD-ε"], "a_win_rate": [0.613],
                                                                  "ci_low": [0.592], "ci_high": [0.633], "boards": [400]})])
    assert ("The RULE bot beats DD-ε with a win rate of 0.613 (95 % interval across boards 0.592 to 0.633, "
            "400 boards).") in c.first_screen(rule)
    assert "RULE bot" not in c.first_screen(matches(0.657, 0.633, 0.682))
    # round-2 reader: the headline rests on one ε; the first screen gives the range the tuning allows
    assert ("allow ε = 0.18 to 0.27 (the DD-ε section); the matches ran at one ε."
            in c.first_screen(matches(0.657, 0.633, 0.682), eps_band=(0.183, 0.273)))
    assert "allow ε" not in c.first_screen(matches(0.657, 0.633, 0.682), eps_band=(0.18, float("nan")))


def test_the_first_screen_names_every_differing_check():
    claims = pd.DataFrame({"claim": ["a", "b", "c"], "kind": ["arithmetic", "arithmetic", "finding"],
                           "family": ["x", "x", c.ERRORS], "cause": [None, None, "untested"],
                           "verdict": ["differs", "reproduced", "differs"], "paper_value": ["0.92", "1", "2"],
                           "reproduced_value": [0.82, 1.0, 3.0], "ci_low": [None, None, 2.5],
                           "ci_high": [None, None, 3.5], "n": [None, None, 400], "unit": ["exact", "exact", "boards"],
                           "interval": [None, None, "95 % bootstrap over boards"]})
    text = c.differing_checks(claims)
    assert "a (printed 0.92; its own inputs give 0.82)" in text and "b (" not in text
    # round-2 readers: the first screen names the finding that differs, with both values
    assert text.startswith(" Differs: c (thesis 2); ours 3") and "400 boards" in text
    assert "; readings not yet run: estimate at the first call, com leads in the simulations" in text
    assert c.differing_checks(claims.iloc[:2].iloc[1:]) == ""


def test_the_fig_3_13_tables_show_only_filled_cells_and_no_empty_axis_row():
    # issue 50: the wide calls table was mostly empty cells; the E tables had an empty "label" row under the header
    calls = x.fig_3_13_calls()
    view = x.calls_view(calls)
    filled = int(calls.filter(like="margin_").notna().sum().sum())
    assert len(view) == filled and view["margin (tricks)"].notna().all()
    assert view.iloc[0].tolist() == ["opening", "1S", -1.4, ""]
    assert view.set_index(["the program's turn", "call"]).loc[("opening", "1H"), "chosen by"] == "thesis and ours"
    after_1s = view[view["the program's turn"] == "after 1S"].call.tolist()
    assert after_1s[-1] == "pass (needs 7)" and len(after_1s) == 5
    replay = pd.DataFrame({"sampling": ["plain"] * 4, "after": ["opening"] * 4, "lead": ["com leads"] * 4,
                           "suit": list("SHDC"), "E": [5.0, 9.0, 8.0, 6.0], "thesis_E": [5.6, 9.26, 8.16, 6.8]})
    ours, thesis = x.replay_views(replay)
    assert ours.index.name is None and thesis.index.name is None
    assert list(ours.index) == ["plain, opening, the program leads"] and list(ours.columns) == list("SHDC")
    # the two tables have the same rows: each says whose it is, and no lead convention is a bare code ("real")
    assert (ours.columns.name, thesis.columns.name) == ("ours: E per suit", "the thesis's printed E per suit")
    real = replay.assign(sampling="adjusted", after="1S", lead="real")
    assert list(x.replay_views(real)[0].index) == ["adjusted, 1S, lead as the auction gives it"]
    # one precision per column: the page writes "9.70" under "10.22", "-1.40" above "2.26"
    assert ours.attrs["decimals"] == thesis.attrs["decimals"] == dict.fromkeys("SHDC", 2)
    # issue 50 reader: one printed set under both leads is one thesis row, "lead not stated"
    both = pd.concat([replay, replay.assign(lead="opponent leads")], ignore_index=True)
    assert list(x.replay_views(both)[1].index) == ["plain, opening, lead not stated"]
    assert len(x.replay_views(both)[0]) == 2
    assert view.attrs["decimals"] == {"margin (tricks)": 2}
