"""Tests of the exact Bluff solver (liarlab.bluff.exact): values, Gambit agreement, best responses."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.bluff import exact as bx
from liarlab.bluff import rounds

# --------------------------------------------------------------------------- an independent model
# A deliberately naive re-implementation of one round (one die each), used as the reference:
# histories are tuples, dice are counted directly, strategies are dicts or callables.

def naive_holds(faces, bid, die1, die2):
    q, f = bid
    dice = (die1, die2)
    present = sum(1 for d in dice if d == f or (d == faces and f != faces))
    return present >= q


def naive_value(faces, strategy1, strategy2):
    """Opener's expected +-1 payoff; strategy(player_die, history) -> {action: prob}, 0 = call."""
    bids = rounds.bid_table(faces, 2)

    def value(history, die1, die2):
        mover = len(history) % 2
        strategy, die = (strategy1, die1) if mover == 0 else (strategy2, die2)
        total = 0.0
        for action, prob in strategy(die, history).items():
            if prob == 0:
                continue
            if action == 0:
                bidder = 1 - mover
                bidder_wins = naive_holds(faces, bids[history[-1] - 1], die1, die2)
                opener_wins = bidder_wins == (bidder == 0)
                total += prob * (1.0 if opener_wins else -1.0)
            else:
                total += prob * value(history + (action,), die1, die2)
        return total

    return sum(value((), d1, d2) for d1 in range(1, faces + 1) for d2 in range(1, faces + 1)) / faces**2


def naive_histories(n, player):
    """Histories (increasing bid tuples) at which ``player`` (0 opener) is to move."""
    out = []
    for length in range(n + 1):
        if length % 2 == player:
            out.extend(itertools.combinations(range(1, n + 1), length))
    return out


def legal_actions(n, history):
    last = history[-1] if history else 0
    return ([0] if history else []) + list(range(last + 1, n + 1))


def brute_force_best_response(faces, player, other):
    """Max over every pure strategy of ``player`` (0 opener) against the behaviour ``other``."""
    n = 2 * faces
    infosets = [(die, h) for die in range(1, faces + 1) for h in naive_histories(n, player)]
    choices = [legal_actions(n, h) for _, h in infosets]
    best = -np.inf
    for pure in itertools.product(*choices):
        table = dict(zip(infosets, pure))
        mine = lambda die, h, table=table: {table[(die, h)]: 1.0}
        v = naive_value(faces, mine, other) if player == 0 else -naive_value(faces, other, mine)
        best = max(best, v)
    return best


def random_history_policy(faces, seed):
    """A reproducible random behaviour strategy that depends on the whole history."""
    n = 2 * faces
    rng = np.random.default_rng(seed)
    table = {}

    def probs(die, history):
        key = (die, tuple(history))
        if key not in table:
            legal = legal_actions(n, tuple(history))
            w = rng.dirichlet(np.ones(len(legal)))
            table[key] = dict(zip(legal, w))
        return table[key]

    return probs


def as_array_policy(probs, n):
    def policy(own_dice, history):
        out = np.zeros(n + 1)
        for action, p in probs(own_dice[0], tuple(history)).items():
            out[action] = p
        return out
    return rounds.HistoryPolicy(policy)


# --------------------------------------------------------------------------- values

def test_two_faces_one_die_opener_wins_three_quarters():
    """N = 2, one die each: the opener wins 3/4 (value 1/2).

    Hand derivation. Faces are 1 and the wild 2, so every die counts as a 1 and the bid "two 1s"
    (bid 3) is always true. Bids: 1 = one 1, 2 = one 2, 3 = two 1s, 4 = two 2s.
    - Lower bound: the opener bids "two 1s". The only raise is "two 2s", true only if both dice
      are 2, so a responder holding a 1 loses whatever it does. A responder holding a 2 raises
      to "two 2s" and wins exactly when the opener also holds a 2. So an opener holding a 1 wins
      surely and an opener holding a 2 wins with probability 1/2: 3/4 overall.
    - Upper bound: let the responder raise to "two 2s" whenever it holds a 2 and to "two 1s"
      (or call a "two 2s") when it holds a 1. An opener holding a 2 then wins only if the
      responder holds a 1 and the opener ends on a true bid; every line wins at most 1/2
      (bid "two 2s": true only against a 2; any lower bid: the responder's 2 raises to a true
      "two 2s", its 1 raises to the unbeatable "two 1s" or wins the call).
    So the value is (1 + 1/2)/2 = 3/4.
    """
    sol = bx._solve_lp(2)
    assert sol.first_player_win == pytest.approx(0.75, abs=1e-9)
    assert sol.value == pytest.approx(0.5, abs=1e-9)
    assert sol.mean_gain < 1e-9


@pytest.mark.parametrize("faces, value", [(3, 1 / 9), (4, 1 / 16), (5, 1 / 125)])
def test_small_games_match_prior_work(faces, value):
    """Lanctot & Long (2007) printed 55.56, 53.13, 50.40 %; these are the exact values."""
    sol = bx._solve_lp(faces)
    assert sol.value == pytest.approx(value, abs=1e-8)
    assert sol.mean_gain < 1e-6
    assert sol.self_play_value == pytest.approx(sol.value, abs=1e-8)


# --------------------------------------------------------------------------- best responses

def test_solution_is_unexploitable_and_perturbation_is_not():
    faces = 3
    sol = bx._solve_lp(faces)
    exact = bx.evaluate_profile(faces, (1, 1), sol.policy(1), sol.policy(2))
    assert exact["value"] == pytest.approx(sol.value, abs=1e-9)
    assert abs(exact["mean_gain"]) < 1e-6
    n = sol.n_bids

    def perturbed(own_dice, history):
        p = sol.action_probabilities(1, own_dice, history)
        legal = p.copy()
        legal[:] = 0
        legal[(history[-1] if history else 0) + 1:] = 1
        if history:
            legal[0] = 1
        return 0.8 * p + 0.2 * legal / legal.sum()

    bad = bx.evaluate_profile(faces, (1, 1), rounds.HistoryPolicy(perturbed), sol.policy(2))
    assert bad["gain_2"] > 1e-3 and bad["mean_gain"] > 5e-4
    assert len(perturbed((1,), ())) == n + 1


@pytest.mark.parametrize("player", [1, 2])
def test_best_response_matches_brute_force_over_pure_strategies(player):
    """N = 2, one die each: every pure strategy (48 ** 2 = 2304 per player) is tried."""
    faces, n = 2, 4
    other = random_history_policy(faces, seed=7 + player)
    brute = brute_force_best_response(faces, player - 1, other)
    walk = bx._best_response_value(faces, (1, 1), player, as_array_policy(other, n))
    assert walk == pytest.approx(brute, abs=1e-12)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), faces=st.sampled_from([2, 3]))
def test_self_play_value_matches_naive_tree_and_best_responses_bound_it(seed, faces):
    n = 2 * faces
    s1, s2 = random_history_policy(faces, seed), random_history_policy(faces, seed + 1)
    ev = bx.evaluate_profile(faces, (1, 1), as_array_policy(s1, n), as_array_policy(s2, n))
    assert ev["value"] == pytest.approx(naive_value(faces, s1, s2), abs=1e-12)
    assert ev["gain_1"] >= -1e-12 and ev["gain_2"] >= -1e-12


def test_per_turn_policies_two_and_four_arguments():
    faces, n = 3, 6
    seen = []

    def cautious(own_dice, prev_bid):
        out = np.zeros(n + 1)
        if prev_bid >= 3:
            out[0] = 1.0
        else:
            out[prev_bid + 1] = 1.0
        return out

    def counting(own_dice, prev_bid, own_count, opp_count):
        seen.append((own_count, opp_count))
        return cautious(own_dice, prev_bid)

    two = bx.evaluate_profile(faces, (1, 1), cautious, cautious)
    four = bx.evaluate_profile(faces, (1, 1), counting, counting)
    assert two["value"] == pytest.approx(four["value"])
    assert set(seen) == {(1, 1)}
    # Bids 1, 2, 3 are "one 1", "one 2", "one 3": the responder bids "one 2", the opener bids
    # "one 3" (wild, true only if a die shows 3) and the responder calls.
    assert two["value"] == pytest.approx(2 * (1 - (2 / 3) ** 2) - 1)


def test_invalid_policy_output_is_rejected():
    def opens_with_call(own_dice, prev_bid):
        out = np.zeros(5)
        out[0] = 1.0
        return out
    with pytest.raises(ValueError, match="invalid probabilities"):
        bx.evaluate_profile(2, (1, 1), opens_with_call, opens_with_call)


# --------------------------------------------------------------------------- rules and multi-round

def test_star_order_equals_quantity_order_with_one_die_each():
    assert rounds.bid_table(6, 2, "star") == rounds.bid_table(6, 2, "quantity")
    star = rounds.bid_table(2, 4, "star")
    assert star.index((1, 2)) < star.index((2, 1)) and star.index((3, 1)) < star.index((2, 2)) < star.index((4, 1))


def test_multi_round_values_two_faces():
    table = bx.bluff_game_values(2, max_dice=2)
    assert (table.status == "solved").all()
    assert table.mean_gain.abs().max() < 1e-6
    cell = table.set_index(["a", "b"])
    assert cell.loc[(1, 1), "opener_win"] == pytest.approx(0.75)
    # More dice never hurt: (2, 1) beats (1, 1) for the opener, (1, 2) is worse.
    assert cell.loc[(2, 1), "opener_win"] > cell.loc[(1, 1), "opener_win"] > cell.loc[(1, 2), "opener_win"]
    one = bx.bluff_game_values(2, max_dice=2, bidder_penalty="one", challenger_penalty="one")
    assert (one.status == "solved").all()


def test_solve_lp_multi_die_uses_smaller_rounds():
    sol = bx._solve_lp(2, (1, 2))
    assert set(sol.continuation) >= {(1, 1)}
    assert sol.mean_gain < 1e-6
    assert -1 <= sol.value <= 1


def test_omitted_cells_are_recorded():
    table = bx.bluff_game_values(2, max_dice=2, max_total=3)
    assert table.set_index(["a", "b"]).loc[(2, 2), "status"].startswith("omitted")


# --------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("kwargs, name", [
    (dict(faces=1), "faces"),
    (dict(faces=6, dice=(0, 1)), "dice"),
    (dict(faces=6, dice=(1, -2)), "dice"),
    (dict(faces=2.5), "faces"),
    (dict(faces=6, bid_order="random"), "bid_order"),
    (dict(faces=6, next_opener="dealer"), "next_opener"),
])
def test_bad_input_names_the_parameter(kwargs, name):
    with pytest.raises(ValueError, match=name):
        bx._solve_lp(**kwargs)


def test_too_large_game_is_refused_before_allocation():
    with pytest.raises(ValueError, match=r"histories x .* deals.*LP nonzeros.*GiB"):
        bx._solve_lp(20)
    with pytest.raises(ValueError, match="too large"):
        bx._solve_lp(6, max_bytes=10**6)


def test_game_profile_evaluation_is_bounded_by_exact_values():
    """Against any fixed strategy a best responder gets at least its equilibrium game value."""
    faces = 2

    def raise_then_call(own_dice, prev_bid, own_count, opp_count):
        n = faces * (own_count + opp_count)
        out = np.zeros(n + 1)
        if prev_bid >= n - 1 or (prev_bid >= 2 and own_dice.count(2) == 0):
            out[0] = 1.0
        else:
            out[prev_bid + 1] = 1.0
        return out

    game = bx.evaluate_game_profile(faces, 2, raise_then_call).set_index(["a", "b"])
    exact = bx.bluff_game_values(faces, 2).set_index(["a", "b"])
    assert (game.status == "evaluated").all()
    assert (game.best_response_1 >= exact.value - 1e-9).all()
    assert (game.best_response_2 >= -exact.value - 1e-9).all()
    one_round = bx.evaluate_profile(faces, (1, 1), raise_then_call, raise_then_call)
    assert game.loc[(1, 1), "value"] == pytest.approx(one_round["value"])
    assert game.loc[(1, 1), "mean_gain"] == pytest.approx(one_round["mean_gain"])
