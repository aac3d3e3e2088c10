"""Paper 03 claims and experiment helpers, tested directly (each verdict can fail)."""
from __future__ import annotations

import pandas as pd

from liarlab.papers.p03 import claims as c
from liarlab.papers.p03 import experiments as x


def _verdicts(rows):
    return {r["claim"]: r["verdict"] for r in rows}


def test_table_sizes_reproduce_the_printed_file_sizes():
    sizes = x.table_sizes(8)
    assert list(sizes.entries) == [8, 66, 460, 2870, 16884, 94248, 504504, 2625480]
    assert sizes.predicted_bytes.iloc[-1] == 39_702_564
    assert set(_verdicts(c.table_size_claims(sizes)).values()) == {"reproduced"}
    assert c.truncated_size_text(5497, "5.36 KB") and not c.truncated_size_text(5600, "5.36 KB")


def test_solver_claim_fails_on_one_disagreement():
    agreement = x.solver_agreement(30, 3)
    checks = x.thesis_solver_checks()
    assert set(_verdicts(c.solver_claims(agreement, checks)).values()) == {"reproduced"}
    broken = agreement.copy()
    broken.loc[0, "agree"] = False
    assert c.solver_claims(broken, checks)[0]["verdict"] == "differs"


def test_fig_3_13_calls_and_printed_arithmetic():
    calls = x.fig_3_13_calls()
    assert list(calls.our_call) == ["1H", "2H", "3H", "4H"]
    rows = _verdicts(c.printed_arithmetic_claims())
    assert rows["19 games: com won 9 of 19"] == "reproduced"
    assert rows["19 games: overestimated 12 times, mean 1.25"] == "reproduced"
    assert rows["19 games: game 18's error is 0.92"] == "differs"


def test_exchange_claims_flag_exactly_the_two_slips():
    rows = c.exchange_claims(x.exchange_examples())
    differs = [r["claim"] for r in rows if r["verdict"] == "differs"]
    assert sorted(differs) == ["Example 3.1 case 2: score of C5", "Example 3.1 case 2: score of C7"]


def test_estimation_claims_can_fail():
    errors = pd.DataFrame({"pairing": ["p"] * 20, "estimate": [8.0] * 20, "dd_after": [4] * 20,
                           "actual": [4] * 20, "error": [-4.0] * 20})
    summary = x.error_summary(errors)
    table = pd.DataFrame([{"pairing": "MC0 vs RULE", "a_win_rate": 0.5, "ci_low": 0.4, "ci_high": 0.6, "games": 20,
                           "boards": 10, "a_dd_win_rate": 0.5, "sign_test_p": 1.0}])
    rows = _verdicts(c.match_claims(table, errors, summary))
    assert rows["Estimation: the bidding estimate overestimates in 12 of 19 games"] == "differs"
    assert rows["Estimation: mean overestimate size"] == "differs"


def test_duplicate_boards_swap_seats_on_the_same_deal():
    games = x.duplicate_matches((("RULE vs RAND", 3),), n_samples=5, seed=1, chunk=2)
    assert len(games) == 6
    for _, g in games.groupby("board"):
        assert sorted(g.a_seat) == [0, 1]
        assert g.opener.nunique() == 1
    table = x.match_table(games)
    assert int(table.games.iloc[0]) == 6


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
