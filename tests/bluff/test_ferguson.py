"""Ferguson's Liar's Dice model (liarlab.bluff.ferguson): the LP's values, 41/60 at six faces certified exactly,
unexploitable profiles, and Monte Carlo play against the exact values."""
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from liarlab.bluff import ferguson


def test_first_player_win_small_cases():
    assert ferguson.ferguson_first_player_win(1) == pytest.approx(1.0, abs=1e-12)
    assert ferguson.ferguson_first_player_win(2) == pytest.approx(0.75, abs=1e-12)
    assert ferguson.ferguson_first_player_win(6) == pytest.approx(41 / 60, abs=1e-9)


def test_guesser_side_values_equal_caller_side_values():
    for faces in (3, 6, 8):
        assert np.allclose(ferguson.ferguson_values(faces), ferguson.ferguson_solution(faces).values, atol=1e-9)


def test_six_faces_value_is_exactly_41_over_60():
    # rounded LP strategies, checked by exact best responses of both seats
    assert ferguson.certified_ferguson_value(6) == Fraction(41, 60)
    assert ferguson.certified_ferguson_value(2) == Fraction(3, 4)


@pytest.mark.parametrize("faces", [2, 3, 4, 6, 9])
def test_lp_profile_is_unexploitable_and_perturbation_is_not(faces):
    strategy = ferguson.ferguson_solution(faces).strategy
    assert abs(ferguson.liars_dice_nash_conv(strategy)) < 1e-9
    noisy = ferguson.perturbed_strategy(strategy, 0.3, np.random.default_rng(faces))
    assert ferguson.liars_dice_nash_conv(noisy) > 1e-3


def test_all_pairings_of_optimal_strategies_earn_the_value():
    K = ferguson.ferguson_solution(6, "K").strategy
    T = ferguson.ferguson_solution(6, "T*").strategy
    assert not np.allclose(K.x, T.x)  # the substitute really is a different optimal strategy
    assert ferguson.liars_dice_nash_conv(T) < 1e-8
    for first, second in product((K, T), repeat=2):
        assert (1 + ferguson.liars_dice_match_utility(first, second)) / 2 == pytest.approx(41 / 60, abs=1e-8)


def test_strategy_tables_are_distributions_over_legal_announcements():
    strat = ferguson.ferguson_solution(5).strategy
    assert np.allclose(strat.x.sum(axis=-1), 1.0)
    for s in range(5):
        assert np.all(strat.x[s][:, :s] == 0)
    caller, guesser = ferguson.ferguson_strategy_tables(4)
    assert set(caller.columns) == {"previous", "roll", "announce", "prob"}
    assert (caller["announce"] > caller["previous"]).all()
    assert guesser["p_bluff"].between(0, 1).all()


def test_monte_carlo_agrees_with_exact_value():
    K = ferguson.ferguson_solution(6).strategy
    n = 60_000
    wins = ferguson.simulate_liars_dice(K, K, n, np.random.default_rng(1), chunk=7_000)
    se = np.sqrt(41 / 60 * 19 / 60 / n)
    assert abs(wins / n - 41 / 60) < 4 * se


def test_monte_carlo_agrees_with_recursion_for_unequal_strategies():
    rng = np.random.default_rng(3)
    K = ferguson.ferguson_solution(4).strategy
    first, second = ferguson.perturbed_strategy(K, 0.5, rng), ferguson.perturbed_strategy(K, 0.8, rng)
    exact = (1 + ferguson.liars_dice_match_utility(first, second)) / 2
    n = 60_000
    wins = ferguson.simulate_liars_dice(first, second, n, np.random.default_rng(4))
    assert abs(wins / n - exact) < 4 * np.sqrt(exact * (1 - exact) / n)
    assert ferguson._liars_dice_best_response(second, 1) >= 2 * exact - 1 - 1e-12  # a best response does no worse


@pytest.mark.parametrize("faces, noise, chunk", [(2, 0.0, 1 << 19), (6, 0.0, 7_000), (5, 0.6, 999)])
def test_compiled_monte_carlo_plays_the_reference_games_exactly(faces, noise, chunk):
    rng = np.random.default_rng(faces)
    K = ferguson.ferguson_solution(faces).strategy
    first, second = ferguson.perturbed_strategy(K, noise, rng), ferguson.perturbed_strategy(K, noise / 2, rng)
    n = 30_011
    compiled = ferguson.simulate_liars_dice(first, second, n, np.random.default_rng(11), chunk=chunk)
    reference = ferguson.simulate_liars_dice(first, second, n, np.random.default_rng(11), chunk=chunk, compiled=False)
    assert compiled == reference


def test_monte_carlo_is_reproducible_for_a_seed():
    K = ferguson.ferguson_solution(3).strategy
    a = ferguson.simulate_liars_dice(K, K, 5_000, np.random.default_rng(7))
    b = ferguson.simulate_liars_dice(K, K, 5_000, np.random.default_rng(7))
    assert a == b
