"""Notebook 06's IS-MCTS baseline (issue 52, item 4): OpenSpiel's IS-MCTS against the league's players through
liarlab's OpenSpiel wrapper. The matches need the optional extra ``openspiel`` (skipped without it, saying so);
the bookkeeping around them does not."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from liarlab.papers.p06 import baseline, league
from liarlab.papers.p06.params import PARAMS


def test_the_wrapped_game_has_the_leagues_rules_with_the_dice_asked():
    params = baseline.wrapper_params()
    assert params == {"n_players": 2, "dice_per_player": 5, "faces": 6, "min_count": 1, "wild_ones": False,
                      "dice_loss": False}
    assert baseline.wrapper_params(2)["dice_per_player"] == 2 and baseline.wrapper_params(2)["min_count"] == 1


def test_the_best_q_learner_is_the_strongest_training_seed_of_any_learner():
    ratings = pd.DataFrame({"agent": ["EXP1", "RL1 s0", "RL0 s2", "random-guess"],
                            "strength": [2.0, 0.5, 0.7, -1.0]})
    assert baseline.best_q_learner(ratings) == "RL0 s2"
    assert baseline.best_q_learner(ratings[~ratings.agent.str.startswith("RL")]) is None


def _table(**over) -> pd.DataFrame:
    row = dict(opponent="random-guess", dice=5, simulations=100, games=10, bot_wins=3, bot_win_rate=0.3,
               ci_low=0.1, ci_high=0.6, bot_first_games=5, bot_first_wins=2, bot_moves=12, deals=1000, seed=1,
               cpu_seconds=4.0, seconds_per_move=0.25)
    row.update(over)
    return pd.DataFrame([row])


def test_one_extension_row_per_opponent_and_one_for_the_budget_curve():
    table = pd.concat([_table(), _table(opponent="EXP1", bot_wins=0, bot_win_rate=0.0)])
    curve = pd.concat([_table(dice=2, simulations=10, bot_wins=4, bot_win_rate=0.4),
                       _table(dice=2, simulations=300, bot_wins=6, bot_win_rate=0.6)])
    rows = baseline.claims_rows(table, curve)
    assert [r["verdict"] for r in rows] == ["extension"] * 3
    assert "against EXP1" in rows[1]["claim"] and rows[1]["reproduced_value"] == 0.0
    assert rows[1]["ci_low"] == 0.0 and 0 < rows[1]["ci_high"] < 0.35       # Wilson: 0 of 10 is not [0, 0]
    assert "300 simulations" in rows[2]["claim"] and rows[2]["reproduced_value"] == 0.6
    assert "10: 40%, 300: 60%" in rows[2]["note"]
    text = baseline.caption(table, curve, PARAMS.sizes("quick"))
    assert "40% at 10, 60% at 300" in text and text.startswith("A smoke test at this budget")
    assert "0% to 30% of 6 games in this run (120 in the full profile) against each of" in text


def test_without_openspiel_the_section_says_it_was_skipped():
    empty = pd.DataFrame()
    assert baseline.claims_rows(empty, empty) == []
    assert baseline.caption(empty, empty) == "OpenSpiel not installed: skipped"
    row = baseline.coverage_row(PARAMS.sizes("full"), empty, empty)
    assert row["status"] == "missing" and row["why"] == baseline.SKIPPED


def test_the_ledger_row_is_full_only_at_the_full_profiles_sizes():
    table, curve = _table(), _table(dice=2)
    assert baseline.coverage_row(PARAMS.sizes("full"), table, curve)["status"] == "full"
    quick = baseline.coverage_row(PARAMS.sizes("quick"), table, curve)
    assert quick["status"] == "reduced" and "quick profile" in quick["why"]


# ----------------------------------------------------------------------------- the matches (OpenSpiel)

needs_openspiel = pytest.mark.skipif(not baseline.available(),
                                     reason="OpenSpiel is the optional extra 'openspiel' (not installed)")


@needs_openspiel
def test_a_match_counts_its_games_seats_and_wins_and_the_same_seed_plays_it_again():
    first = baseline.ismcts_match(np.random.default_rng(4), "random-guess", games=5, simulations=3, seed=2,
                                  deals=200, dice=1)
    assert first["games"] == 5 and first["bot_first_games"] == 3 and 0 <= first["bot_first_wins"] <= 3
    assert 0 <= first["bot_first_wins"] <= first["bot_wins"] <= first["bot_first_wins"] + 2
    assert first["bot_win_rate"] == first["bot_wins"] / 5
    assert first["ci_low"] <= first["bot_win_rate"] <= first["ci_high"]
    assert first["bot_moves"] >= 5 and first["seconds_per_move"] > 0
    again = baseline.ismcts_match(np.random.default_rng(4), "random-guess", games=5, simulations=3, seed=2,
                                  deals=200, dice=1)
    timing = {"cpu_seconds", "seconds_per_move"}
    assert {k: v for k, v in again.items() if k not in timing} == {k: v for k, v in first.items() if k not in timing}


@needs_openspiel
def test_the_network_player_is_told_of_every_game_and_learns_over_the_match(monkeypatch):
    seen = []
    make = league.make_player

    def spy(name, rng=None, table=None):
        player = make(name, rng, table)
        end = player.end_game
        player.end_game = lambda record, seat, rng: (seen.append(seat), end(record, seat, rng))
        return player

    monkeypatch.setattr(league, "make_player", spy)
    baseline.ismcts_match(np.random.default_rng(0), "bayes-net", games=4, simulations=2, seed=1, deals=100, dice=2)
    assert seen == [1, 0, 1, 0]      # the opponent sits where the bot does not: the bot opens the even games


@needs_openspiel
def test_a_q_learner_plays_its_table_trained_again_from_the_leagues_stream():
    result = baseline.ismcts_match(np.random.default_rng(0), "RL1 s0", games=2, simulations=2, seed=1, deals=100,
                                   dice=2, stage_games=200, league_seed=5)
    assert result["opponent"] == "RL1 s0" and result["games"] == 2
