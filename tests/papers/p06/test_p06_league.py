"""Notebook 06's five-dice league: the pairs it plays, and the Bradley-Terry fit checked where the answer is known."""
import numpy as np
import pandas as pd
import pytest

from liarlab.liardice.qtable import QTable, QTableAgent, afterstate_key
from liarlab.liardice.rules import new_game, play_match
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
    assert "no Q-learner" in codes["A8"]["why"] and "Q-learners" not in codes["A8"]["run_size"]
    assert codes["A9"]["status"] == "missing" and codes["A9"]["why"] == L.NO_EQUILIBRIUM_PLAYER
    # a fresh reader: "no equilibrium player (A9)" used a code the page never defined
    assert "no equilibrium player (A9, an equilibrium player in the league, missing)" in codes["A8"]["why"]
    assert "Bayesian-network" not in codes["A8"]["run_size"]
    with_network = L.ratings(_expected_pairs({"EXP1": 0.5, "bayes-net": 0.2, "RAND": -0.7}, 500.0))
    a8 = next(r for r in ledger06.coverage_rows(params, table, None, with_network) if r["code"] == "A8")
    assert a8["run_size"].startswith("2 rule players") and "Bayesian-network player" in a8["run_size"]
    from liarlab.papers.p06 import figures as figures06

    caption = figures06.league_caption(ratings, 500)
    assert "EXP1 is strongest" in caption and "spread from −0.10 to −0.10" in caption
    assert figures06.league_figure(ratings).axes[0].get_xlabel()


# ---------------------------------------------------------------------------- paper 02's Q-learners in the league

def test_the_q_learners_join_last_seed_by_seed_in_their_own_family():
    names = L.league_agents([1], learner_seeds=2)
    assert names[:names.index("bayes-net") + 1] == L.league_agents([1])
    assert names[names.index("bayes-net") + 1:] == ["RL0 s0", "RL1 s0", "RL2 s0", "RL3 s0",
                                                    "RL0 s1", "RL1 s1", "RL2 s1", "RL3 s1"]
    assert L.q_learner_of("RL2 s1") == ("RL2", 1)
    assert [L.q_learner_of(n) for n in ("RL4 s0", "RL0 s01", "RL0", "EXP0", "bayes-net")] == [None] * 5
    assert L.league_family("RL3 s0") == "Q-learners RL0-RL3 (paper 02)"
    assert L.league_family("EXP3") == "EXP0-EXP3 (paper 02)"
    with pytest.raises(ValueError, match="pass table"):
        L.make_player("RL0 s0")


def _state(rng, actions):
    """A dealt game of the league's rules after ``actions``, the first seat opening."""
    state = new_game(rng, L.RULES, starter=0)
    for a in actions:
        state.apply_action(a)
    return state


def test_a_league_q_learner_is_greedy_and_never_explores():
    # an empty table reads 0 everywhere, and ties go to the last action: the top bid at the opening, the call after
    # a bid, every time (a learner exploring with epsilon 0.1 would stray within these 200 decisions)
    player = L.make_player("RL0 s0", table=QTable())
    rng = np.random.default_rng(0)
    opening = _state(rng, [])
    assert {player.act(opening.observation(0), opening.legal_actions(), rng) for _ in range(100)} == {("bid", (10, 6))}
    facing = _state(rng, [("bid", (2, 3))])
    seat = facing.current_player()
    assert {player.act(facing.observation(seat), facing.legal_actions(), rng) for _ in range(100)} == {("challenge",)}
    # one positive value for an opening bid: the greedy player takes it
    own = opening.observation(0).own
    key = afterstate_key([], own, ("bid", (1, 3)))
    valued = L.make_player("RL0 s0", table=QTable(values={key: 0.3}))
    assert valued.act(opening.observation(0), opening.legal_actions(), rng) == ("bid", (1, 3))


def test_a_league_q_learner_plays_frozen_as_the_reference_agent_draw_for_draw():
    table = L.train_q_learner(None, "RL1", 0, 2_000, seed=5)
    before = dict(table.values)
    assert len(before) > 100
    frozen = play_match([L.make_player("RL1 s0", table=table), L.make_player("EXP1")], 60,
                        np.random.default_rng(9), L.RULES)
    assert table.values == before                        # frozen: 60 games change nothing
    reference = play_match([QTableAgent(QTable(values=dict(before)), learning=False, epsilon=0.0),
                            L.make_player("EXP1")], 60, np.random.default_rng(9), L.RULES)
    assert [r.to_dict() for r in frozen] == [r.to_dict() for r in reference]
    assert 0 < sum(r.winner == 0 for r in frozen) < 60


def test_a_q_learners_training_stream_is_fixed_by_seed_learner_and_replicate_alone():
    from liarlab.study.parallel import run_tasks

    jobs = [dict(learner="RL0", replicate=0, stage_games=300, seed=7),
            dict(learner="RL2", replicate=1, stage_games=300, seed=7)]
    forward = run_tasks(L.train_q_learner, jobs, seed=1, n_jobs=1, progress=False)
    backward = run_tasks(L.train_q_learner, jobs[::-1], seed=2, n_jobs=1, progress=False)
    assert forward == backward[::-1]
    assert forward[0] != L.train_q_learner(None, "RL0", 1, 300, seed=7)      # another replicate, another table
    assert forward[0] != L.train_q_learner(None, "RL0", 0, 300, seed=8)      # another league seed


def test_the_q_learners_join_after_the_network_player_and_leave_every_earlier_pair_alone():
    before = L.league_table(["EXP1", "RAND", "bayes-net", "type1"], 4, seed=7, progress=False)
    after = L.league_table(["EXP1", "RAND", "bayes-net", "type1", "RL0 s0", "RL3 s0"], 4, seed=7, progress=False,
                           stage_games=300)
    assert after.iloc[:len(before)].equals(before)
    assert list(zip(after.a, after.b))[len(before):] == [
        ("EXP1", "RL0 s0"), ("RAND", "RL0 s0"), ("type1", "RL0 s0"), ("bayes-net", "RL0 s0"),
        ("EXP1", "RL3 s0"), ("RAND", "RL3 s0"), ("type1", "RL3 s0"), ("bayes-net", "RL3 s0"), ("RL0 s0", "RL3 s0")]
    assert (after.games == 4).all()


def test_the_ledger_and_claims_of_a_league_with_q_learners():
    strengths = {"EXP1": 0.5, "RL1 s0": 0.4, "RL1 s1": 0.2, "RL0 s0": -0.1, "RL0 s1": -0.3, "bayes-net": 0.1,
                 "RAND": -0.8}
    ratings = L.ratings(_expected_pairs(strengths, 500.0))
    assert set(ratings[ratings.agent.str.startswith("RL")].family) == {"Q-learners RL0-RL3 (paper 02)"}
    params = {"games": [11, 21, 12], "test_types": list(range(1, 33)), "test_types_larger": [1, 8, 17, 32],
              "league_test_types": [1], "league_games": 500, "league_learner_seeds": 2,
              "league_learner_games": 5_000}
    table = pd.DataFrame(dict(game=["1v1"], agent=["EXP1"], exact=[True]))
    codes = {r["code"]: r for r in ledger06.coverage_rows(params, table, None, ratings)}
    assert codes["A8"]["run_size"].startswith("2 rule players")
    assert "Q-learners RL0, RL1, 2 training seeds each" in codes["A8"]["run_size"]
    assert "5,000 games" in codes["A8"]["run_size"] and "frozen and greedy" in codes["A8"]["run_size"]
    assert "no Q-learner" not in codes["A8"]["why"] and "quick profile" in codes["A8"]["why"]
    assert codes["A9"]["title"] == "An equilibrium player in the league" and codes["A9"]["status"] == "missing"
    assert codes["A9"]["why"] == L.NO_EQUILIBRIUM_PLAYER
    q = claims06.league_claims(ratings, 500)[-1]
    assert q["claim"].endswith("(greedy, 2 training seeds each, mean strength) is RL1")
    assert q["reproduced_value"] == pytest.approx(0.3 - np.mean(list(strengths.values())), abs=1e-4)
    assert len(claims06.league_claims(L.ratings(_expected_pairs({"EXP1": 0.5, "type1": 0.0, "RAND": -0.5}, 500.0)), 500)) == 2
