"""Notebook 06's five-dice league: the pairs it plays, and the Bradley-Terry fit checked where the answer is known."""
import numpy as np
import pandas as pd
import pytest

from liarlab.papers.p06 import claims as claims06
from liarlab.papers.p06 import league as L
from liarlab.papers.p06 import ledger as ledger06


def _expected_pairs(strengths: dict, games: float) -> pd.DataFrame:
    names = list(strengths)
    rows = []
    for k, a in enumerate(names):
        for b in names[k + 1:]:
            p = 1 / (1 + np.exp(strengths[b] - strengths[a]))
            rows.append(dict(a=a, b=b, games=games, a_wins=games * p))
    return pd.DataFrame(rows)


def test_bradley_terry_recovers_known_strengths():
    # with every pair's wins at their expected value, the maximum-likelihood strengths are the true ones (mean 0)
    truth = {"x": 1.0, "y": 0.2, "z": -0.4, "w": -0.8}
    fit = L.bradley_terry(_expected_pairs(truth, 1000.0)).set_index("agent")
    assert fit.strength.to_dict() == pytest.approx(truth, abs=1e-6)
    assert list(fit.index) == ["x", "y", "z", "w"]


def test_bradley_terry_interval_of_two_players():
    # two players, n games, win rate p: the difference d = s1 - s2 has variance 1 / (n p (1 - p)); with mean 0,
    # s1 = d / 2, so its standard error is half that difference's
    n, p = 400, 0.7
    fit = L.bradley_terry(pd.DataFrame([dict(a="a", b="b", games=n, a_wins=n * p)])).set_index("agent")
    assert fit.strength["a"] == pytest.approx(np.log(p / (1 - p)) / 2)
    assert fit.se["a"] == pytest.approx(0.5 / np.sqrt(n * p * (1 - p)))
    assert fit.low["a"] == pytest.approx(fit.strength["a"] - 1.959964 * fit.se["a"], abs=1e-5)


def test_a_pair_plays_both_seats_and_is_reproducible():
    row = L.play_pair(np.random.default_rng(3), "EXP1", "RAND", 20)
    assert row["games"] == 20 and row["a_first_games"] == 10
    assert row == L.play_pair(np.random.default_rng(3), "EXP1", "RAND", 20)
    assert row["a_wins"] >= 15                                    # RAND loses nearly every game to EXP1
    assert [L.make_player(n).__class__.__name__ for n in ("random-guess", "type3", "EXP2", "EXPRAND")] == \
        ["RandomGuessAgent", "TestProgram", "ExpAgent", "ExpRandAgent"]


def test_the_network_player_joins_after_the_rule_players_and_leaves_their_pairs_alone():
    rule = L.league_table(["EXP1", "RAND", "type1"], 4, seed=7, progress=False)
    both = L.league_table(["EXP1", "RAND", "bayes-net", "type1"], 4, seed=7, progress=False)
    assert both.iloc[:3].equals(rule)
    assert list(zip(both.a, both.b))[3:] == [("EXP1", "bayes-net"), ("RAND", "bayes-net"), ("type1", "bayes-net")]
    assert both.equals(L.league_table(["EXP1", "RAND", "bayes-net", "type1"], 4, seed=7, progress=False))
    assert L.league_family("bayes-net") == "Bayesian-network player (paper 01)"
    with pytest.raises(ValueError, match="pass rng"):
        L.make_player("bayes-net")


def test_league_claims_and_ledger():
    ratings = L.ratings(_expected_pairs({"EXP1": 0.5, "random-guess": 0.3, "type1": -0.1, "RAND": -0.7}, 500.0))
    rows = claims06.league_claims(ratings, 500)
    assert rows[0]["claim"].endswith("EXP1") and rows[0]["ci_low"] < rows[0]["reproduced_value"] < rows[0]["ci_high"]
    assert rows[1]["reproduced_value"] == pytest.approx(0.2, abs=1e-4)
    params = {"games": [11, 21, 12], "test_types": list(range(1, 33)), "test_types_larger": [1, 8, 17, 32],
              "league_test_types": [1], "league_games": 500}
    table = pd.DataFrame(dict(game=["1v1"], agent=["EXP1"], exact=[True]))
    codes = {r["code"]: r for r in ledger06.coverage_rows(params, table, None, ratings)}
    assert codes["A8"]["status"] == "reduced" and "quick profile" in codes["A8"]["why"]
    assert codes["A9"]["status"] == "missing" and "Q-learner" in codes["A9"]["why"]
    assert "Bayesian-network" not in codes["A8"]["run_size"]
    with_network = L.ratings(_expected_pairs({"EXP1": 0.5, "bayes-net": 0.2, "RAND": -0.7}, 500.0))
    a8 = next(r for r in ledger06.coverage_rows(params, table, None, with_network) if r["code"] == "A8")
    assert a8["run_size"].startswith("2 rule players") and "Bayesian-network player" in a8["run_size"]
    from liarlab.papers.p06 import figures as figures06

    caption = figures06.league_caption(ratings, 500)
    assert "EXP1 is strongest" in caption and "spread from -0.10 to -0.10" in caption
    assert figures06.league_figure(ratings).axes[0].get_xlabel()
