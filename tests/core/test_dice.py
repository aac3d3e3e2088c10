"""Notebook 00's numbers, each checked against brute-force enumeration of all hands."""
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.core import dice

HANDS = dice.enumerate_hands(5, 6)


def matches_per_hand(face):
    return (HANDS == face).sum(axis=1)


@pytest.mark.parametrize("k", range(6))
def test_at_least_k_matches_enumeration(k):
    assert dice.hands_with_at_least(k) == int((matches_per_hand(3) >= k).sum())
    assert dice.hands_with_exactly(k) == int((matches_per_hand(3) == k).sum())
    assert dice.probability_at_least(k) == Fraction(int((matches_per_hand(3) >= k).sum()), 7776)


def test_cumulative_weights_are_table_4_7():
    assert dice.cumulative_weights() == [7776, 4651, 1526, 276, 26, 1]


    assert sum(dice.hand_class_counts().values()) == 7776


def test_max_multiplicity_matches_enumeration():
    brute = Counter(max(Counter(h.tolist()).values()) for h in HANDS)
    assert dice.max_multiplicity_counts() == dict(sorted(brute.items()))


@given(st.integers(1, 5), st.integers(2, 6))
@settings(max_examples=25, deadline=None)
def test_pattern_counts_sum_to_all_hands(n_dice, faces):
    assert sum(dice.pattern_counts(n_dice, faces).values()) == faces**n_dice


@given(st.integers(1, 4), st.integers(2, 5))
@settings(max_examples=20, deadline=None)
def test_multisets_are_a_probability_distribution(n_dice, faces):
    hands = dice.dice_multisets(n_dice, faces)
    assert len(hands) == dice.multisets_count(n_dice, faces)
    assert sum(p for _, p in hands) == 1


def test_multiset_probability_matches_enumeration():
    brute = Counter(tuple(sorted(h.tolist())) for h in dice.enumerate_hands(3, 4))
    for hand, p in dice.dice_multisets(3, 4):
        assert p == Fraction(brute[hand], 64)


def test_count_matching_with_wild_face():
    assert dice.count_matching((1, 4, 6), 1, wild=6) == 2
    assert dice.count_matching((1, 4, 6), 6, wild=6) == 1
    assert dice.count_matching((1, 4, 6), 4) == 1


@pytest.mark.parametrize("n", [1, 2])
def test_q_key_formulas_match_listing_every_key(n):
    assert dice.brute_force_q_keys(n, 2) == (dice.q_action_keys(n, 2), dice.q_challenge_keys(n, 2))


def test_q_space_cells():
    assert [dice.q_space_partial(n, 2) for n in (1, 2, 3)] == [11040, 218130, 3178160]
    assert dice.q_space_full(3, 2) == 141_053_220  # Table 4-4 prints 141,053,200
    assert dice.q_space_partial(1, 3) == 24660


@pytest.mark.parametrize("call", [lambda: dice.hands_total(0, 6), lambda: dice.hands_total(5, 1),
                                  lambda: dice.q_action_keys(0, 2), lambda: dice.q_action_keys(1, 1),
                                  lambda: dice.legal_bid_count(1)])
def test_bad_parameters_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_error_names_the_parameter_and_range():
    with pytest.raises(ValueError, match=r"faces must be an integer in 2..1000, got 1"):
        dice.hands_total(5, 1)


def test_matching_table_counts_wild_dice_for_every_face():
    hands, probs = dice.multiset_arrays(2, 3)
    table = dice.matching_table(hands, 3, wild=3)
    assert probs.sum() == pytest.approx(1.0)
    assert table[hands.index((1, 3))].tolist() == [2, 1, 1]
    assert table[hands.index((3, 3))].tolist() == [2, 2, 2]


def test_hand_is_one_sorted_tuple_with_count_conversions():
    hand = dice.Hand((6, 1, 4, 1))
    assert hand == (1, 1, 4, 6) and hash(hand) == hash((1, 1, 4, 6))
    assert hand.counts(6).tolist() == [2, 0, 0, 1, 0, 1]
    assert dice.Hand.from_counts(hand.counts(6)) == hand
    assert hand.count_matching(1, wild=6) == 3
    assert all(isinstance(h, dice.Hand) for h, _ in dice.dice_multisets(2, 3))
