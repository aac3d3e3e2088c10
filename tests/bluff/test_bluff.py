"""Tests of liarlab.bluff: Ferguson Liar's Dice LP, the talk's per-turn Bluff method, policies."""
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.bluff import exact, ferguson, per_turn, turn_lp
from liarlab.bluff import rules as bluff_rules
from liarlab.bluff.exact import evaluate_profile

# ------------------------------------------------------------------ one turn as an LP


@settings(max_examples=25, deadline=None)
@given(C=st.integers(1, 3), G=st.integers(1, 3), K=st.integers(1, 3), seed=st.integers(0, 10_000))
def test_turn_lp_value_agrees_from_both_sides(C, G, K, seed):
    rng = np.random.default_rng(seed)
    wc, wg = rng.dirichlet(np.ones(C)), rng.dirichlet(np.ones(G))
    accept, bluff = rng.uniform(-1, 1, (C, G, K)), rng.uniform(-1, 1, (C, G, K))
    turn = turn_lp.solve_turn(wc, wg, accept, bluff)
    mirror_value, _ = turn_lp.solve_turn_guesser(wc, wg, accept, bluff)
    assert turn.value == pytest.approx(mirror_value, abs=1e-8)
    # the dual-read guesser strategy holds every caller hand to the value ...
    y = turn.y_bluff[None]
    per_bid = (wg[None, :, None] * ((1 - y) * accept + y * bluff)).sum(axis=1)  # (C, K)
    assert wc @ per_bid.max(axis=1) == pytest.approx(turn.value, abs=1e-8)
    # ... and the caller's x earns it against every guesser reply
    per_reply = np.minimum(np.einsum("c,ck,cgk->gk", wc, turn.x, accept), np.einsum("c,ck,cgk->gk", wc, turn.x, bluff))
    assert wg @ per_reply.sum(axis=1) == pytest.approx(turn.value, abs=1e-8)
    # the value-only door (HiGHS's own bindings) solves the same LP to the same value
    assert turn_lp.turn_value(wc, wg, accept, bluff) == pytest.approx(turn.value, abs=1e-12)


# ------------------------------------------------------------------ Liar's Dice (Ferguson model)


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
    assert ferguson.liars_dice_best_response(second, 1) >= 2 * exact - 1 - 1e-12  # a best response does no worse


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


# ------------------------------------------------------------------ Bluff: pieces


@settings(max_examples=20, deadline=None)
@given(dice=st.integers(1, 3), faces=st.integers(2, 5))
def test_private_states_match_brute_force(dice, faces):
    states = bluff_rules.private_states(dice, faces)
    assert states.weights.sum() == pytest.approx(1.0)
    brute = {}
    for roll in product(range(1, faces + 1), repeat=dice):
        key = tuple(sorted(roll))
        brute[key] = brute.get(key, 0) + faces**-dice
    for hand, w, counts in zip(states.hands, states.weights, states.counts):
        assert w == pytest.approx(brute[hand])
        for f in range(1, faces + 1):
            expected = sum(d == f or (d == faces and f < faces) for d in hand)
            assert counts[f - 1] == expected


def test_uniform_hand_weights_hypothesis_only_differs_with_several_dice():
    uniform = bluff_rules.private_states(2, 3, "uniform")
    assert np.allclose(uniform.weights, 1 / 6)
    rules = bluff_rules.BluffRules(hand_weights="uniform")
    assert rules.label.endswith("uniform-hands")
    assert per_turn.per_turn_first_player_win(4, rules=rules) == pytest.approx(per_turn.per_turn_first_player_win(4))
    assert per_turn.per_turn_first_player_win(2, (2, 1), rules=rules) != pytest.approx(per_turn.per_turn_first_player_win(2, (2, 1)))


def test_talk_counting_example_and_bid_order():
    counts = bluff_rules.private_states(3, 6)
    hand = counts.hands.index((1, 4, 6))
    assert counts.counts[hand][[0, 3, 5]].tolist() == [2, 2, 1]  # "two 1s, two 4s, one 6"
    assert [bluff_rules.bid_of(k, 6) for k in (1, 6, 7, 12)] == [(1, 1), (1, 6), (2, 1), (2, 6)]


def test_dice_lost_follows_the_rules():
    borg = bluff_rules.BluffRules()
    assert bluff_rules.dice_lost(np.array(2), 3, borg) == (1, 0)      # talk's example: bid 3, two present
    assert bluff_rules.dice_lost(np.array(3), 3, borg) == (0, 1)      # exact: challenger loses one
    assert bluff_rules.dice_lost(np.array(5), 3, borg) == (0, 2)      # exceeded: challenger loses the excess
    ones = bluff_rules.BluffRules(challenger_penalty="one", bidder_penalty="one")
    assert bluff_rules.dice_lost(np.array(0), 3, ones) == (1, 0)
    assert bluff_rules.dice_lost(np.array(5), 3, ones) == (0, 1)
    assert bluff_rules.BluffRules(challenger_penalty="borg", next_opener="alternating") == \
        bluff_rules.BluffRules(challenger_penalty="difference", next_opener="alternate")


# ------------------------------------------------------------------ Bluff: per-turn method


def test_two_faces_one_die_is_three_quarters():
    # Hand derivation: "two 1s" is always true (every die is a 1 or the wild 2). Opening with it,
    # the responder can only challenge (and lose) or raise to "two 2s", which the opener must
    # challenge and which is true only if both dice are 2: the responder wins with probability
    # 1/4, so P1 >= 3/4. Conversely a responder holding a 2 can always answer with "two 2s" and
    # win whenever the opener also holds a 2 (probability 1/4 overall), whatever the opener bid
    # below it; one holding a 1 challenges "one 2" and "two 2s". Any opening then wins at most
    # 3/4 for P1 (the per-turn LP and the exact round solver agree).
    assert per_turn.per_turn_first_player_win(2) == pytest.approx(0.75, abs=1e-10)
    assert exact.solve_lp(2).first_player_win == pytest.approx(0.75, abs=1e-9)


def test_per_turn_bluff1_matches_talk_when_truncated():
    talk = {3: (0.12, 56.01), 4: (0.07, 53.84), 5: (0.13, 56.68), 6: (0.16, 58.00)}
    table = per_turn.bluff1_per_turn_table(talk)
    for row in table.itertuples():
        assert (row.utility_trunc, row.win_pct_trunc) == pytest.approx(talk[row.faces])


def test_values_only_per_turn_equals_the_full_solve():
    for rules in (bluff_rules.BluffRules(), bluff_rules.BluffRules(next_opener="winner", bid_order="star")):
        full = per_turn.per_turn_bluff(2, (3, 2), rules)
        fast = per_turn.per_turn_bluff(2, (3, 2), rules, values_only=True)
        assert fast.strategies == {} and full.strategies
        for key, values in full.values.items():
            assert np.allclose(fast.values[key], values, atol=1e-12, equal_nan=True)


@pytest.mark.parametrize("faces", [3, 4])
def test_per_turn_values_fall_as_the_previous_bid_rises(faces):
    sol = per_turn.per_turn_bluff(faces)
    U = sol.values[(1, 1, 1)]
    assert U[-1] == -1.0
    assert np.all(np.diff(U) <= 1e-9)  # a higher bid to beat leaves the caller fewer options
    assert np.all((U >= -1 - 1e-9) & (U <= 1 + 1e-9))


def test_rule_variants_and_r2_run_on_multi_dice():
    for rules in (bluff_rules.BluffRules(next_opener="alternate"), bluff_rules.BluffRules(accept_payoff="R2"),
                  bluff_rules.BluffRules(challenger_penalty="one", bidder_penalty="one", next_opener="winner")):
        sol = per_turn.per_turn_bluff(2, (2, 2), rules)
        assert set(sol.round_values) == {(1, 1), (1, 2), (2, 1), (2, 2)}
        assert 0.0 <= sol.first_player_win <= 1.0
    assert per_turn.per_turn_first_player_win(2, rules=bluff_rules.BluffRules(accept_payoff="R2")) == pytest.approx(0.75)


def test_per_turn_policy_in_the_real_round():

    sol = per_turn.per_turn_bluff(2)
    p1, p2 = per_turn.per_turn_policy(sol, 1), per_turn.per_turn_policy(sol, 2)
    opening = p1((1,), ())
    assert opening[0] == 0 and opening.sum() == pytest.approx(1.0)
    result = evaluate_profile(2, (1, 1), p1, p2)
    assert result["value"] == pytest.approx(0.5, abs=1e-9)
    sol3 = per_turn.per_turn_bluff(3)
    played = evaluate_profile(3, (1, 1), per_turn.per_turn_policy(sol3, 1), per_turn.per_turn_policy(sol3, 2))
    assert played["mean_gain"] > 1e-3  # the per-turn profile is not an equilibrium at N = 3
    last = per_turn.LastBidPolicy(sol3)
    assert last((2,), 3, 1, 1).sum() == pytest.approx(1.0)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("faces, dice, name", [(1, (1, 1), "faces"), (6, (0, 1), "dice"), (6, (1, -2), "dice"),
                                               (2.5, (1, 1), "faces"), (6, 3, "dice")])
def test_bad_input_names_the_parameter(faces, dice, name):
    with pytest.raises(ValueError, match=name):
        per_turn.per_turn_bluff(faces, dice)


def test_too_large_game_fails_before_allocating():
    with pytest.raises(ValueError, match="too large"):
        per_turn.per_turn_bluff(6, (12, 12))
    with pytest.raises(ValueError, match="faces"):
        ferguson.ferguson_first_player_win(0)
    with pytest.raises(ValueError, match="variant"):
        ferguson.ferguson_solution(3, "Q")


def test_every_highs_solver_of_a_process_runs_on_the_one_thread_the_first_solve_fixes():
    # HiGHS sizes one task scheduler per process at its first solve and refuses later solves that ask for another
    # thread count (status "Not Set"): a value-only turn LP first, then a one-thread solver, in a fresh process
    import subprocess
    import sys

    script = ("import numpy as np, scipy.sparse as sp\n"
              "from liarlab.bluff import ferguson, warm_lp\n"
              "ferguson.ferguson_values(4)\n"
              "lp = warm_lp.highs_model(np.ones(1), sp.csc_matrix(np.ones((1, 1))), [0], [np.inf], [1], [np.inf])\n"
              "print(warm_lp.solve_model(warm_lp.quiet_highs(), lp, 'a one-row LP'))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-500:]
    assert float(out.stdout.split()[-1]) == 1.0
