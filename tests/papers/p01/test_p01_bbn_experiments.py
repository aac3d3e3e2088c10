"""Notebook 01's network analyses: the decision table, the not-support events, X2 at worked positions."""
import numpy as np
import pandas as pd
import pytest

from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import experiments as ex


@pytest.fixture(autouse=True)
def _serial_run_context():
    """These runs are small: one process, no bars (the run context's settings, as a notebook would set them)."""
    from liarlab.study import context

    with context.using(n_jobs=1, progress=False):
        yield



def test_challenge_by_count_counts_and_success():
    rows = pd.DataFrame({"player": ["network"] * 4 + ["plain"] * 2, "count": [2, 2, 2, 3, 2, 2],
                         "false": [True, False, True, True, False, False],
                         "challenged": [True, True, False, True, False, True]})
    t = bbnx.challenge_by_count(rows).set_index(["player", "count"])
    assert t.loc[("network", 2), "bids"] == 3
    assert t.loc[("network", 2), "share_challenged"] == pytest.approx(2 / 3)
    assert t.loc[("network", 2), "challenge_success"] == pytest.approx(1 / 2)   # one of two challenges caught a false bid
    assert t.loc[("plain", 2), "challenge_success"] == 0
    assert (t.share_false_ci_low <= t.share_false).all() and (t.share_false <= t.share_false_ci_high).all()


def test_challenge_decisions_pairs_both_players_on_one_match():
    rows = bbnx.challenge_decisions([25], n_games=12, n_seeds=1, seed=1, skip_games=2)
    assert set(rows.player) == {"network", "plain"}
    assert rows.game.min() >= 2 and set(rows["count"]) <= set(range(2, 11))


def test_not_support_events_only_counts_adopted_low_p_supports():
    obs = pd.DataFrame({"kind": ["response"] * 4 + ["opening"], "count": [2, 3, 3, 4, 2],
                        "adopted": [True, True, False, True, True], "p_supports": [0.4, 0.3, 0.2, 0.9, np.nan],
                        "supports": [1.0, 0.0, 0.0, 0.0, np.nan], "p_lie": 0.5, "lie": False, "game": 0})
    run = bbnx.BBNRun(pd.DataFrame(), obs, pd.DataFrame(), pd.DataFrame())
    t = bbnx.not_support_events(run).set_index("count")
    assert t.loc[2, "adopted_not_support"] == 1 and not t.loc[2, "limits_differ"]
    assert t.loc[3, "adopted_not_support"] == 1 and t.loc[3, "answers"] == 2
    assert t.loc[4, "adopted_not_support"] == 0


def test_guess_mixture_positions():
    t = ex.guess_mixture_at_positions([2, 1, 0, 1, 1, 0], lambdas=(0.0, 1.0), n_calls=2000, seed=0)
    opening = t[t.position == "opening"]
    assert (opening.final_share_challenge == 0).all()
    three_ones = t[t.position == "facing three 1s"].set_index("lambda")
    assert three_ones.loc[1.0, "challenge_draw_p_c"] == pytest.approx(1 / 6)        # g = 0 of U{0..5}
    assert three_ones.loc[0.0, "challenge_draw_p_c"] == pytest.approx((5 / 6) ** 5)  # Binomial(5, 1/6) = 0
    assert three_ones.loc[0.0, "guess_mean"] == pytest.approx(5 / 6)


def test_variants_pool_per_seed_and_compare_with_the_thesis_reading():
    variants = {"thesis reading": {}, "ablation: gate always shut": {"gate": "shut"},
                "no probability 4 at our opening": {"use_opening_probability": False}}
    t = bbnx.bbn_variants(variants, types=[1, 25], n_games=40, n_seeds=3, seed=2,
                          groups={"all types": (1, 25), "types 25-32": tuple(range(25, 33))})
    assert list(t.group.unique()) == ["all types", "types 25-32"] and (t.seeds == 3).all()
    shut = t[t.variant == "ablation: gate always shut"]
    assert (shut["diff"] == 0).all()                  # the network never acts: plain random-guess game for game
    base = t[(t.variant == "thesis reading")].set_index("group")
    assert (shut.set_index("group").vs_thesis == -base["diff"]).all()
    assert (t.diff_ci_low <= t["diff"]).all() and (t["diff"] <= t.diff_ci_high).all()
    shares = bbnx.liar_loss_shares(t, ablations=("ablation: gate always shut",))
    if base.loc["types 25-32", "diff"] < 0:
        assert shares.share_of_loss_removed.iloc[0] == pytest.approx(1.0)


def test_rule_readings_replay_e7s_matches_each_with_its_own_plain_player():
    """01 row 18's game readings: with E7's seed and sizes, the thesis reading replays E7's own matches game for
    game, and a reading that changes the game (openers, random-guess's bid draw) plays its own plain player; a
    reading of the network (node D on every bid) shares the thesis reading's plain games and changes the network's."""
    run = bbnx.run_bbn_matches([1, 25], n_games=40, n_seeds=3, seed=7)
    t = bbnx.bbn_rule_readings(types=[1, 25], n_games=40, n_seeds=3, seed=7).set_index("variant")
    assert list(t.index) == list(bbnx.BBN_RULE_READINGS) and (t.group == "all types").all()
    thesis = t.loc["thesis reading"]
    assert thesis.win_rate_bbn == run.games.win_bbn.mean() and thesis.win_rate_plain == run.games.win_plain.mean()
    for name in ("random opener each game", "random-guess retries candidates within a bid draw"):
        assert t.loc[name, "games_with_other_result"] > 0
        assert t.loc[name, "win_rate_plain"] != thesis.win_rate_plain, name
    node_d = t.loc["node D: every bid supports the previous call"]
    assert node_d.win_rate_plain == thesis.win_rate_plain and node_d.games_with_other_result > 0
    counts = t[["types_in_band", "types_out_band", "types_undecided"]].sum(axis=1)
    assert (counts == 2).all()


def test_e7_summary_interval_is_across_seeds():
    run = bbnx.run_bbn_matches([1], n_games=30, n_seeds=3, seed=4)
    e7 = bbnx.summarize_vs_types(run)
    gains = bbnx.seed_gains(run.games)
    assert e7.diff_unit.iloc[0] == "seeds" and e7.seeds.iloc[0] == 3
    assert e7["diff"].iloc[0] == pytest.approx(gains.gain.mean())
    assert e7.diff_seed_min.iloc[0] == pytest.approx(gains.gain.min())


def test_x3_weighted_hand_runs_paired():
    x3 = bbnx.x3_weighted_hand(types=[1], n_games=20, n_seeds=2, seed=1)
    assert list(x3.columns) == ["opponent", "rep", "win_bbn", "win_plain", "gain"] and len(x3) == 2


# ----------------------------------------------------------------------------- matches with and without the network
# (from tests/liardice/test_bbn.py: they test this paper's runner, not the network)

def test_run_and_summaries_are_reproducible():
    kwargs = dict(n_games=20, n_seeds=1, seed=5, refit_every=5, engine="python", record=True)
    run1 = bbnx.run_bbn_matches([1, ("deceiver", 8)], **kwargs)
    run2 = bbnx.run_bbn_matches([1, ("deceiver", 8)], **kwargs)
    assert run1.games.equals(run2.games)
    table = bbnx.summarize_vs_types(run1)
    assert list(table.opponent) == ["type1", "deceiver (type8 -> type25)"]
    assert {"win_rate_bbn", "win_rate_plain", "diff", "diff_ci_low"} <= set(table.columns)
    assert not bbnx.gate_adoption_curve(run1, bins=2).empty
    assert not bbnx.imagined_hand_errors(run1).empty


def test_compiled_and_reference_paths_agree_in_win_rate():
    kwargs = dict(n_games=400, n_seeds=1, seed=12, refit_every=100)
    fast = bbnx.run_bbn_matches([11], engine="fast", **kwargs).games
    ref = bbnx.run_bbn_matches([11], engine="python", **kwargs).games
    for col in ("win_bbn", "win_plain"):
        se = np.sqrt(0.25 / len(fast) * 2)
        assert abs(fast[col].mean() - ref[col].mean()) < 3.5 * se, col


def test_e7_plays_random_guess_retry_on_the_compiled_engine_and_refuses_x1_there():
    """The retry reading runs on the compiled engine (the referee's Python run of it took minutes); X1's real-valued
    guess still needs the reference agents."""
    plain = bbnx.run_bbn_matches([15], n_games=200, n_seeds=2, seed=3)
    retry = bbnx.run_bbn_matches([15], n_games=200, n_seeds=2, seed=3, agent_options={"retry_bid": True})
    assert not plain.games.win_plain.equals(retry.games.win_plain)
    with pytest.raises(ValueError, match="engine='python'"):
        bbnx.run_bbn_matches([15], n_games=5, n_seeds=2, seed=3, agent_options={"guess": "real"})
