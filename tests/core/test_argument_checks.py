"""The bad arguments of issue 51, each refused in one line that names the argument, before any work: NaN targets
that crashed HiGHS or never closed the double oracle's bracket, a Layout that let the compiled engine write out of
bounds, levels and counts the estimates took silently, decimals and estimates the verdicts took silently."""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from liarlab.bluff import solve
from liarlab.core import verdicts as V
from liarlab.liardice import FastTable, Layout, train_q

E = V.proportion(6_500, 10_000)


def refused(call, *words):
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # a leaked OptimizeWarning is a failure too
        with pytest.raises((ValueError, TypeError)) as err:
            call()
    text = str(err.value)
    assert "\n" not in text, text
    for w in words:
        assert w in text, text
    return text


@pytest.mark.parametrize("target", [math.nan, 0.0, -1.0, math.inf, 1e-12])
def test_solve_refuses_a_target_outside_its_range(target):
    refused(lambda: solve(3, target=target), "target", "1e-10")


def test_the_oracle_with_a_nan_target_is_refused_not_run_forever():
    refused(lambda: solve(4, (2, 1), method="oracle", target=math.nan), "target")


@pytest.mark.parametrize("kwargs, words", [
    ({"stairs_jokers": "no"}, ("stairs_jokers", "True or False")),
    ({"target": -1}, ("target",)),
    ({"oracle": "fast"}, ("oracle",)),
])
def test_solving_the_end_game_refuses_bad_options(kwargs, words):
    refused(lambda: solve(3, game="endgame", **kwargs), *words)


def test_a_valid_small_solve_still_runs_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert solve(3, target=1e-10).width < 1e-9


@pytest.mark.parametrize("fields, name", [
    ({"history": -1}, "history"), ({"history": 50}, "history"), ({"hand": "nonsense"}, "hand"),
    ({"n_players": 9}, "n_players"), ({"history": 1.0}, "history"),
])
def test_a_layout_takes_only_the_ranges_the_engine_can_hold(fields, name):
    refused(lambda: Layout(**fields), name)


def test_the_segfaulting_training_call_is_refused_before_the_engine():
    refused(lambda: train_q(FastTable(Layout(n_players=2, history=-1, hand="partial")), "EXP0", 2000,
                            np.random.default_rng(0)), "history", "1..3")


@pytest.mark.parametrize("level", [2, -1, math.nan, 0, 1, "0.95", True])
def test_proportion_refuses_a_level_outside_zero_to_one(level):
    refused(lambda: V.proportion(5, 10, level=level), "level", "(0, 1)")


@pytest.mark.parametrize("wins", [5.5, "5", math.nan, -1, 11, True])
def test_proportion_refuses_wins_that_are_not_a_count_in_range(wins):
    refused(lambda: V.proportion(wins, 10), "wins")


def test_proportion_takes_a_count_given_as_an_integral_float():
    assert V.proportion(5.0, 10) == V.proportion(5, 10)


@pytest.mark.parametrize("call", [lambda: V.across_seeds([math.nan, 0.5]), lambda: V.mean_of([1, 2, math.inf])])
def test_means_refuse_values_that_are_not_finite(call):
    refused(call, "values", "finite")


def test_simulated_value_refuses_negative_decimals():
    refused(lambda: V.simulated_value(0.65, E, decimals=-3), "decimals", "0..300")


def test_an_exact_estimate_of_nan_is_refused_so_no_verdict_rests_on_it():
    refused(lambda: V.exact(math.nan), "value")
    refused(lambda: V.simulated_value(0.65, V.Estimate(math.nan, math.nan, math.nan)), "est")


def test_value_names_a_nan_printed_value():
    refused(lambda: V.value(math.nan, E), "printed")


def test_a_judgement_needs_an_estimate():
    refused(lambda: V.within([0.5], 0, 1, "x"), "Estimate")
    refused(lambda: V.all_of([0.5]), "Judgement")
