"""The one Bluff/Ferguson rules module: the State agrees with the exact solver and Ferguson's recursion; private
states, the bid order and the dice lost as the talk counts them."""
import itertools
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.bluff import exact, ferguson, rounds
from liarlab.bluff import rules as br
from liarlab.core.dice import Hand

from .conftest import FixedRoll


def _uniform(own_dice, prev, n):
    out = np.zeros(n + 1)
    legal = list(range(prev + 1, n + 1)) + ([0] if prev > 0 else [])
    out[legal] = 1.0 / len(legal)
    return out


def _bluff_value(state, n):
    if state.is_terminal():
        return state.returns()[0]
    probs = _uniform(None, state.last(), n)
    total = 0.0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += probs[action] * _bluff_value(child, n)
    return total


@pytest.mark.parametrize("faces", [2, 3])
def test_state_values_a_one_die_round_like_the_exact_evaluator(faces):
    n = 2 * faces
    policy = lambda own, prev: _uniform(own, prev, n)  # noqa: E731
    want = exact.evaluate_profile(faces, (1, 1), policy, policy)["value"]
    rules = br.make_rules(faces)
    got = 0.0
    for d0, d1 in itertools.product(range(1, faces + 1), repeat=2):
        state = br.BluffState(rules, FixedRoll(1), dice=[1, 1], hands=[Hand((d0,)), Hand((d1,))])
        got += _bluff_value(state, n) / faces**2
    assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("options", [{}, {"challenger_penalty": "one", "next_opener": "winner"},
                                     {"bidder_penalty": "one", "next_opener": "bidder"},
                                     {"next_opener": "alternating", "bid_order": "star"}])
def test_state_challenges_match_the_exact_solvers_outcome_tables(options, challenges):
    rnd = rounds.Round(br.make_rules(2, (2, 1), **options))
    new_a, new_b, next_open = rounds.challenge_outcomes(rnd)
    checked = 0
    for where, state in challenges(rnd):
        assert state.dice == [new_a[where], new_b[where]]
        if not state.is_terminal():
            assert state.opener == next_open[where]
        checked += 1
    assert checked == rnd.n * 2 * len(rnd.hands[0]) * len(rnd.hands[1])


def _ferguson_value(state, strat):
    """Expected return of seat 0 when both seats play ``strat``, enumerating every fresh roll."""
    if state.is_terminal():
        return state.returns()[0]
    N, s = strat.faces, state.last()
    if state.accepted:                           # the caller announces
        roll = state.hands[state.current]
        moves = [(b, strat.x[s, roll - 1, b - 1]) for b in state.legal_actions()]
    else:                                        # the guesser calls or accepts
        before = state.history[-2] if len(state.history) > 1 else 0
        p = strat.y_bluff[before, s - 1]
        moves = [(br.CALL, p), (N + 1, 1.0 - p)]
    total = 0.0
    for action, prob in moves:
        if prob <= 0:
            continue
        if action == N + 1 and s < N:            # accepting rolls a fresh die
            for r in range(1, N + 1):
                child = state.clone()
                child.rng = FixedRoll(r)
                child.apply_action(action)
                total += prob / N * _ferguson_value(child, strat)
        else:
            child = state.clone()
            child.apply_action(action)
            total += prob * _ferguson_value(child, strat)
    return total


@pytest.mark.parametrize("faces", [2, 3, 4])
def test_state_plays_fergusons_game_like_the_recursion(faces):
    strat = ferguson.ferguson_solution(faces).strategy
    rules = br.Rules(faces=faces, game="ferguson")
    got = np.mean([_ferguson_value(br.new_game(rules, FixedRoll(r)), strat) for r in range(1, faces + 1)])
    assert got == pytest.approx(ferguson.liars_dice_match_utility(strat, strat), abs=1e-12)


def test_one_set_of_aliases_and_clear_errors():
    assert br.Rules(challenger_penalty="borg", next_opener="alternating") == \
        br.Rules(challenger_penalty="difference", next_opener="alternate")
    assert br.make_rules(3, (1, 2), next_opener="alternating").next_opener == "alternate"
    assert br.BluffRules is br.Rules
    with pytest.raises(ValueError, match="bidder_penalty"):
        br.Rules(bidder_penalty="all")
    with pytest.raises(ValueError, match="dice"):
        br.make_rules(3, 2)


def test_a_random_multi_round_game_ends_with_a_winner_and_only_own_dice_observed():
    rng = np.random.default_rng(5)
    state = br.new_game(br.make_rules(3, (2, 2)), rng)
    while not state.is_terminal():
        obs = state.observation(state.current_player())
        assert obs["own"] == state.hands[state.current_player()] and "hands" not in obs
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0] and len(state.rounds) >= 2


@settings(max_examples=20, deadline=None)
@given(dice=st.integers(1, 3), faces=st.integers(2, 5))
def test_private_states_match_brute_force(dice, faces):
    states = br.private_states(dice, faces)
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


def test_talk_counting_example_and_bid_order():
    counts = br.private_states(3, 6)
    hand = counts.hands.index((1, 4, 6))
    assert counts.counts[hand][[0, 3, 5]].tolist() == [2, 2, 1]  # "two 1s, two 4s, one 6"
    assert [br.bid_of(k, 6) for k in (1, 6, 7, 12)] == [(1, 1), (1, 6), (2, 1), (2, 6)]


def test_dice_lost_follows_the_rules():
    borg = br.BluffRules()
    assert br.dice_lost(np.array(2), 3, borg) == (1, 0)      # talk's example: bid 3, two present
    assert br.dice_lost(np.array(3), 3, borg) == (0, 1)      # exact: challenger loses one
    assert br.dice_lost(np.array(5), 3, borg) == (0, 2)      # exceeded: challenger loses the excess
    ones = br.BluffRules(challenger_penalty="one", bidder_penalty="one")
    assert br.dice_lost(np.array(0), 3, ones) == (1, 0)
    assert br.dice_lost(np.array(5), 3, ones) == (0, 1)
    assert br.BluffRules(challenger_penalty="borg", next_opener="alternating") == \
        br.BluffRules(challenger_penalty="difference", next_opener="alternate")
