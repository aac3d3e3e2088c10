"""Experiment functions of notebook 01 on tiny sizes, and failure isolation."""
import numpy as np
import pytest

from liarlab.liardice import rules as ld
from liarlab.liardice.agents import RandomGuessAgent, TestProgram, UniformBelief
from liarlab.papers.p01 import experiments as ex
from liarlab.study import cache, context


def test_vs_types_summary_has_intervals_and_is_seed_stable():
    a, raw = ex.vs_types(200, 2, seed=3, types=(1, 32), keep_games=True)
    b, _ = ex.vs_types(200, 2, seed=3, types=(1, 32))
    assert list(a.type) == [1, 32] and (a.games == 400).all()
    assert (a.ci_low <= a.win_rate).all() and (a.win_rate <= a.ci_high).all()
    assert a.win_rate.tolist() == b.win_rate.tolist()
    curves = ex.cumulative_wins(raw)
    assert curves.groupby(["opponent", "rep"]).cum_wins.max().sum() == a.wins.sum()
    lengths = ex.game_length_table(raw)
    shares = lengths.groupby(["opponent", "measure"]).share.sum()
    assert np.allclose(shares, 1.0)
    split = ex.game_length_table(raw, split_starter=True)
    games = split.groupby(["starter", "measure"]).games.sum()
    assert games["random-guess opens"].turns + games["test program opens"].turns == games["all games"].turns == 800
    assert games["random-guess opens"].turns == 400          # openers alternate
    success = ex.challenge_success_by_starter(raw)
    assert success.challenges.sum() == 800 and (success.succeeded <= success.challenges).all()


def test_worked_checks_and_fig_5_1():
    checks = ex.worked_checks(3000, np.random.default_rng(0))
    assert checks.p_challenge_draw.round(4).tolist() == [0.3333, 0.6667, 1.0]
    # the compiled loop's final action agrees with the exact closed form
    assert np.allclose(checks.p_final_challenge_sim, checks.p_final_challenge, atol=0.04)
    assert ex.fig_5_1_example()["action"] == ("bid", (4, 5))
    menu = ex.fig_4_4_candidates(200, np.random.default_rng(1))
    assert menu.set_index(menu.bid.astype(str)).loc["(2, 5)", "weight"] == 4651
    assert menu.p_returned.sum() == pytest.approx(1.0)


def test_sensitivity_and_extensions_run():
    s = ex.sensitivity_by_type(200, 1, types=(1, 9))
    assert len(s) == 2 * len(ex.READINGS) and s.win_rate.between(0, 1).all() and (s.games == 200).all()
    sweep = ex.extension_sweep(200, 1, 2, lambdas=(0.0, 1.0), types=(1, 9))
    assert set(ex.variant_summary(sweep).variant) == {"X2 lambda=0", "X2 lambda=1", "X1 real-valued"}


class FailingBelief(UniformBelief):
    def __init__(self, fail_on_call):
        super().__init__()
        self.calls, self.fail_on_call, self.trained = 0, fail_on_call, 0

    def sample_opponent_hand(self, rng):
        self.calls += 1
        if self.calls == self.fail_on_call:
            raise RuntimeError("model broke")
        return super().sample_opponent_hand(rng)

    def end_game(self, record, me):
        self.trained += 1


def test_a_raising_agent_leaves_no_partial_training_or_cache(tmp_path, monkeypatch):
    belief = FailingBelief(fail_on_call=40)
    agent = RandomGuessAgent(belief)
    with pytest.raises(RuntimeError, match="model broke"):
        ld.play_match([agent, TestProgram(1)], 100, np.random.default_rng(0))
    finished = belief.trained
    assert finished < 100        # the game in progress was never reported to the model
    context.start(out_dir=tmp_path)  # the conftest fixture puts the run context back

    def compute():
        return ld.play_match([RandomGuessAgent(FailingBelief(fail_on_call=5)), TestProgram(1)], 10,
                             np.random.default_rng(0))
    with pytest.raises(RuntimeError):
        cache.cached("01_test_failure", {"x": 1}, compute)
    assert not cache.cache_path("01_test_failure", {"x": 1}).exists()


def test_x4_extended_rules_run_and_summarise():
    x4 = ex.extended_rules(4, 1, types=(1, 25))
    assert set(x4.rules) == {"wild ones", "dice loss"} and (x4.games == 4).all()
    dl = x4[x4.rules == "dice loss"]
    assert (dl.rounds >= 5 * dl.games).all()          # a dice-loss match lasts at least five rounds
    summary = ex.extended_rules_summary(x4)
    assert list(summary.rules) == ["wild ones", "dice loss"] and summary.rounds_per_match.iloc[0] == 1


def test_hands_and_bids_are_written_for_people():
    # the E3 table showed the hand 4 4 4 4 6 as "44,446" and the Fig 5.1 bid as "3, 5" (issue 50, a fresh reader)
    assert ex.hand_text([0, 0, 0, 4, 0, 1]) == "4 4 4 4 6" and ex.bid_words((3, 5)) == "three 5s"
    checks = ex.worked_checks(300, np.random.default_rng(0))
    assert checks.own.str.contains(" ").all() and checks.bid.str.endswith("s").all()
    table = ex.fig_5_1_table(ex.fig_5_1_example())
    assert table.iloc[0][["hand", "facing", "action"]].tolist() == ["2 3 4 5 5", "three 5s", "bid four 5s"]


def test_the_best_responder_plays_the_readings_of_decide_bid_and_the_minimum_count():
    # spec §7.3 (random-guess retries within a bid draw) and §7.2 (minimum count 1) are readings of the best-response
    # claim: the responder plays both, and a minimum count outside the rules is refused
    retry = ex.best_response(8, 2, seed=3, opponent="random_guess_retry")
    low = ex.best_response(8, 2, seed=3, min_count=1)
    assert retry.opponent.item() == "random_guess_retry" and retry.games.item() == 8 and low.games.item() == 8
    with pytest.raises(ValueError):
        ex.best_response(8, 2, seed=3, min_count=0)
