"""Notebook 06's retrained Q-learners: the compiled trainer against the plain reference on the same draws, paper 02's
settings read from its own code, the greedy policy, and their rows in the exploitability table and the ledger."""
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from liarlab.liardice.qtable import QTableAgent
from liarlab.papers.p02.experiments import Setup, schedule
from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import experiments as p06x
from liarlab.papers.p06 import learners as L
from liarlab.papers.p06 import ledger as ledger06
from liarlab.papers.p06 import policies
from liarlab.papers.p06 import tables as tables06


@pytest.mark.parametrize("dice,opponent", [((1, 2), "EXP0"), ((2, 1), "EXP3"), ((1, 1), "EXP2")])
def test_the_compiled_trainer_learns_the_reference_table_to_the_bit(dice, opponent):
    game = xp.game_for(dice)
    draws = np.random.default_rng(7).random(6000)
    # a large epsilon explores more keys in few games; the greedy path is still taken half the time
    compiled = L.train(game, opponent, 250, None, epsilon=0.5, draws=draws)
    table, won, used = L.reference_train(game, opponent, 250, draws, epsilon=0.5)
    assert compiled.draws_used == used
    assert compiled.won.tolist() == won
    assert len(table) > 20
    assert np.array_equal(compiled.values, L.dense_values(game, table))     # every update, bit for bit


def test_the_compiled_decision_is_the_reference_decision_on_given_draws():
    game = xp.game_for((2, 2))
    layout = L.KeyLayout(game)
    rng = np.random.default_rng(3)
    values = np.round(rng.random(layout.size), 1)            # many ties, so "ties to the last" is exercised
    lookup = L.greedy_policy(game, values)
    hands = game.hands(0)[0]
    for _ in range(400):
        own = policies.hand_counts(hands[rng.integers(len(hands))], game.faces)
        prev = int(rng.integers(0, game.n_bids + 1))
        u, u_pick = rng.random(), rng.random()
        expected = L.explore_action(game, prev, u_pick) if u <= L.EPSILON else next(iter(lookup(own, prev)))
        assert L.compiled_decide(game, values, own, prev, u, u_pick) == expected


def test_an_unseen_position_is_answered_by_the_challenge_or_the_top_bid():
    game = xp.game_for((1, 1))
    policy = L.greedy_policy(game, np.zeros(L.KeyLayout(game).size))
    own = policies.hand_counts((3,), 6)
    assert policy(own, 0) == {game.n_bids: Fraction(1)}      # all zero: the last of the bids, 2x6
    assert policy(own, 5) == {0: Fraction(1)}                 # the challenge comes last once a bid stands


def test_one_won_game_moves_its_one_key_by_alpha_gamma():
    # 1v1, both dealt a 6 (u = 0.99 picks the last hand); the learner opens (game 0) greedily from an empty table:
    # the top bid 2x6; EXP1 can only call it; both dice show 6, the bid is true, the learner wins. Its one key
    # (opening, bid 2x6, holding one 6) moves from 0 to alpha * (gamma * 1 - 0).
    game = xp.game_for((1, 1))
    result = L.train(game, "EXP1", 1, None, draws=[0.99, 0.99, 0.99, 0.5])
    assert result.won.tolist() == [True] and result.draws_used == 4
    key = L.KeyLayout(game).index(0, game.n_bids, 1)
    assert result.values[key] == pytest.approx(L.ALPHA * L.GAMMA)
    assert np.count_nonzero(result.values) == 1


def test_paper_02s_settings_are_read_from_its_code():
    agent = QTableAgent()
    assert (L.EPSILON, L.ALPHA, L.GAMMA) == (agent.epsilon, agent.alpha, agent.gamma)
    assert L.STAGE_GAMES == Setup().stage_games
    assert (L.REWARD, L.PENALTY) == (agent.reward, agent.penalty)
    for learner, opponent in L.LEARNERS.items():
        assert schedule(learner, L.STAGE_GAMES) == [(opponent, L.STAGE_GAMES)]


def test_the_opponent_table_is_the_players_exact_distribution():
    game = xp.game_for((2, 1))
    cum = L.opponent_tables(game, "EXP0")
    for seat in (0, 1):
        (_, policy), = policies.components("EXP0", game, seat)
        for d, hand in enumerate(game.hands(seat)[0]):
            for prev in (0, 3, game.n_bids):
                dist = policy(policies.hand_counts(hand, game.faces), prev)
                probs = np.diff(np.concatenate([[0.0], cum[seat, d, prev]]))
                assert probs == pytest.approx([float(dist.get(a, 0)) for a in range(game.n_bids + 1)], abs=1e-12)


def test_a_generator_fixes_the_training_and_learning_beats_the_untrained_table():
    game = xp.game_for((1, 1))
    a = L.train(game, "EXP0", 3000, np.random.default_rng(5))
    b = L.train(game, "EXP0", 3000, np.random.default_rng(5))
    c = L.train(game, "EXP0", 3000, np.random.default_rng(6))
    assert np.array_equal(a.values, b.values) and not np.array_equal(a.values, c.values)
    # against EXP1 (deterministic) the learner's win rate climbs from about 0.6-0.75 in its first 500 games to
    # about 0.93-0.95 in its last 1000 of 5000 (seeds 0-4): the table learns
    learnt = L.train(game, "EXP1", 5000, np.random.default_rng(5))
    assert learnt.won[-1000:].mean() > learnt.won[:500].mean() + 0.1


def test_bad_input_is_refused():
    game = xp.game_for((1, 1))
    with pytest.raises(ValueError, match="layout"):
        L.greedy_policy(game, np.zeros(3))
    with pytest.raises(ValueError, match="learner"):
        p06x.learner_name("RL9", 0)
    with pytest.raises(ValueError, match="ran out"):
        L.train(game, "EXP0", 5, None, draws=[0.5, 0.5])


def test_a_learner_task_gives_two_rows_per_seed_named_with_it():
    eq = xp.equilibrium((1, 1))
    rows = tables06.learner_task(None, (1, 1), "RL1", 2, 400, 11, eq, 10_000)["rows"]
    again = tables06.learner_task(None, (1, 1), "RL1", 2, 400, 11, eq, 10_000, behaviour=True)
    assert {r["agent"] for r in again["behaviour"]} == {"RL1 s2"}   # its behaviour rows, from the same plans
    again = again["rows"]
    assert [r["agent"] for r in rows] == ["RL1 s2", "RL1 s2"] and {r["seed"] for r in rows} == {2}
    assert [r["seat"] for r in rows] == ["first", "second"] and all(r["exact"] for r in rows)
    assert all(0 <= r["exploitability"] <= 2 for r in rows)
    assert [r["exploitability"] for r in rows] == [r["exploitability"] for r in again]   # fixed by its seed
    assert policies.describe("RL1 s2") == "paper 02: RL1 (Q-learner retrained in the end game against EXP1), seed 2"


def test_the_ledger_reports_the_learners_full_only_at_full_size():
    rows = [dict(game=g, agent=f"RL{k} s{s}", seed=s, exact=True, exploitability_fraction="")
            for g in ("1v1", "2v1", "1v2", "2v2") for k in range(4) for s in range(5) for _ in ("first", "second")]
    table = pd.concat([pd.DataFrame(rows), pd.DataFrame([dict(game="1v1", agent="EXP1", seed=-1, exact=True,
                                                              exploitability_fraction="")])], ignore_index=True)
    params = {"games": [11, 21, 12, 22], "test_types": list(range(1, 33)), "test_types_larger": [1, 8, 17, 32],
              "learner_seeds": 5, "learner_games": L.STAGE_GAMES}
    a4 = next(r for r in ledger06.coverage_rows(params, table) if r["code"] == "A4")
    assert a4["status"] == "full" and "5 seeds" in a4["run_size"] and "100,000 games" in a4["run_size"]
    a1 = next(r for r in ledger06.coverage_rows(params, table) if r["code"] == "A1")
    assert "1 of 1 seats" in a1["run_size"]                                      # the learners are A4's, not A1's
    quick = next(r for r in ledger06.coverage_rows({**params, "learner_seeds": 2}, table) if r["code"] == "A4")
    assert quick["status"] == "reduced" and "quick profile" in quick["why"]
    none = next(r for r in ledger06.coverage_rows(params, table[table.seed < 0]) if r["code"] == "A4")
    assert none["status"] == "missing"


def test_the_spread_over_seeds_is_per_game_and_learner():
    table = pd.DataFrame([dict(game="1v1", agent=f"RL0 s{s}", seed=s, seat=seat, exploitability=e)
                          for s, (a, b) in enumerate([(0.2, 0.4), (0.6, 0.8)]) for seat, e in (("first", a),
                                                                                               ("second", b))]
                         + [dict(game="1v1", agent="EXP0", seed=-1, seat="first", exploitability=1.0)])
    spread = p06x.learner_spread(table)
    assert spread.to_dict("records") == [dict(game="1v1", learner="RL0", seeds=2, exploitability_mean=pytest.approx(0.5),
                                              exploitability_min=pytest.approx(0.3),
                                              exploitability_max=pytest.approx(0.7))]
