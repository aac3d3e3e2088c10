"""Cheat's compiled decision rules and features (liarlab.cheat.policies): the scripted types a-f and the exploiter by
hand, the least suitable order, the feature buckets and the Q update's worked example."""
import numpy as np

from liarlab.cheat import policies as pol
from liarlab.cheat.game import CheatRules

U = np.zeros(pol.N_UNIFORMS)


def decide(kind, hand, r=0, pile=0, caught3=0, u=U, pending=False, **rules):
    rules = CheatRules(**rules)
    out = np.zeros(rules.n_ranks, dtype=np.int64)
    order = pol.least_suitable_order(r, rules.n_players, rules.n_ranks)
    code = pol.scripted_decision(pol.AGENT_TYPES.index(kind), np.array(hand, dtype=np.int64), r, order,
                                 rules.n_ranks, rules.hand_size, rules.max_play, pile, caught3, np.asarray(u), out,
                                 pending)
    return code, list(out)


def test_exploiter_empties_a_small_hand_true_or_not():
    assert decide("x", [1, 0, 0, 2, 0], pile=2) == (3, [1, 0, 0, 2, 0])   # mixed hand of 3: all of it
    assert decide("x", [0, 1, 0, 0, 0], pile=2) == (1, [0, 1, 0, 0, 0])   # b would challenge here
    assert decide("b", [0, 1, 0, 0, 0], pile=2)[0] == pol.CHALLENGE_CODE


def test_exploiter_plays_as_b_with_a_larger_hand():
    for hand, u in (([0, 1, 0, 3, 1], U), ([4, 1, 0, 0, 0], U), ([0, 1, 1, 1, 1], [0.99] * 6)):
        assert decide("x", hand, pile=2, u=u) == decide("b", hand, pile=2, u=u)


def test_exploiter_challenges_a_pending_emptying_play_and_others_do_not_read_it():
    assert decide("x", [1, 1, 0, 0, 0], pile=3, pending=True)[0] == pol.CHALLENGE_CODE
    for kind in "abcdef":
        assert decide(kind, [0, 1, 0, 3, 1], pile=3, pending=True) == decide(kind, [0, 1, 0, 3, 1], pile=3)


def test_least_suitable_order_two_players():
    # own turns come every second play: r+2, r+4, r+1, r+3; from r=0 the distances of ranks 1..4 are 3, 1, 4, 2
    assert list(pol.least_suitable_order(0, 2, 5)) == [3, 1, 4, 2, 0]
    assert pol.own_turn_distance(3, 0, 2, 5) == 4
    assert pol.own_turn_distance(1, 0, 5, 5) == 5  # never required again on one's own turn


def test_honest_max_comes_first_for_every_type_but_f():
    for kind in "abcde":
        assert decide(kind, [4, 1, 0, 0, 0]) == (3, [3, 0, 0, 0, 0])


def test_a_lies_with_its_least_suitable_rank():
    assert decide("a", [0, 2, 0, 2, 1], pile=3) == (2, [0, 0, 0, 2, 0])


def test_b_by_phase():
    assert decide("b", [0, 1, 0, 3, 1])[1] == [0, 0, 0, 3, 0]                 # early (5 cards): all of rank 3
    assert decide("b", [0, 1, 0, 2, 0], u=[0.99] + [0] * 5) == (2, [0, 0, 0, 2, 0])  # mid: random 1..2 of rank 3
    assert decide("b", [0, 1, 0, 2, 0], u=[0.0] * 6) == (1, [0, 0, 0, 1, 0])
    assert decide("b", [0, 1, 0, 0, 0], pile=2)[0] == pol.CHALLENGE_CODE       # late: challenge
    assert decide("b", [0, 1, 0, 0, 0], pile=0) == (1, [0, 1, 0, 0, 0])        # late, empty pile: one card


def test_c_lies_one_card_per_rank():
    # early: one card from each of the 3 least suitable held ranks (order 3, 1, 4, 2)
    assert decide("c", [0, 2, 1, 1, 1]) == (3, [0, 1, 0, 1, 1])
    # mid: a random 1..3 of them
    assert decide("c", [0, 1, 1, 1, 0], u=[0.0] * 6) == (1, [0, 0, 0, 1, 0])


def test_d_is_honest_or_challenges():
    assert decide("d", [0, 2, 1, 1, 1], pile=1)[0] == pol.CHALLENGE_CODE
    assert decide("d", [0, 2, 1, 1, 1], pile=0) == (1, [0, 0, 0, 1, 0])


def test_e_lies_less_after_being_caught():
    assert decide("e", [0, 2, 1, 1, 1], caught3=0)[0] == 3
    assert decide("e", [0, 2, 1, 1, 1], caught3=1)[0] == 2
    assert decide("e", [0, 2, 1, 1, 1], caught3=2)[0] == 1
    assert decide("e", [0, 2, 1, 1, 1], caught3=3, pile=2)[0] == pol.CHALLENGE_CODE
    assert decide("e", [0, 2, 1, 1, 1], caught3=3, pile=0)[0] == 1


def test_f_plays_least_suitable_cards_even_with_the_rank():
    assert decide("f", [2, 0, 0, 1, 0], pile=5) == (3, [2, 0, 0, 1, 0])        # rank 3 first, then r itself
    assert decide("f", [2, 1, 1, 1, 1], caught3=2) == (2, [0, 1, 0, 1, 0])


def test_feature_buckets():
    assert [pol.level(x, 5) for x in range(7)] == [0, 0, 1, 1, 2, 2, 2]
    rec = np.array([1, 0, 0, 1, 1], dtype=np.int64)
    assert pol.success_level(rec, 0, 3) == 1           # no lies yet
    assert pol.success_level(rec, 5, 3) == 1           # last three 0, 1, 1: 1 of 3 uncaught (not < 1/3)
    assert pol.success_level(np.array([1, 1, 1]), 3, 3) == 0
    assert pol.success_level(rec, 3, 3) == 2           # 1, 0, 0 -> 2 of 3 uncaught
    assert pol.success_level(rec, 2, 3) == 1           # 1, 0 -> 1 of 2 uncaught
    assert pol.caught_recent(rec, 5, 3) == 2


def test_q_update_worked_example():
    w = np.zeros((7, 7))
    phi = np.array([1, 1, 1, 1, 2, 1, 1]) / 14.0
    nxt = np.array([2, 0, 0, 0, 2, 1, 1]) / 14.0
    w[2] = 1.0                                        # Q(s', TRUTH_2) = 6/14
    legal = np.array([True, False, True, False, False, False, False])
    pol.q_update(w, phi, 4, 2.0, 0.9, 0.7, nxt, legal, False)
    # target = 2 + 0.9 * max(Q(s', CHALLENGE) = 0, Q(s', TRUTH_2) = 6/14); Q(s, LIE_1) = 0, so delta = target
    delta = 2 + 0.9 * 6 / 14
    assert np.allclose(w[4], 0.7 * delta * phi)
    q_before = float(w[4] @ phi)
    pol.q_update(w, phi, 4, -100.0, 0.9, 0.7, nxt, legal, True)   # terminal: no future term
    assert np.allclose(w[4], 0.7 * delta * phi + 0.7 * (-100 - q_before) * phi)


def test_three_action_variant():
    hand = np.array([2, 0, 1, 3, 0], dtype=np.int64)
    legal = np.zeros(7, dtype=np.bool_)
    assert pol.q_legal(hand, 0, 3, 4, True, legal) == 3 and list(np.flatnonzero(legal)) == [0, 1, 4]
    order = pol.least_suitable_order(0, 2, 5)
    out = np.zeros(5, dtype=np.int64)
    assert pol.q_action_cards(1, hand, 0, order, 3, True, out) == 2 and list(out) == [2, 0, 0, 0, 0]
    assert pol.q_action_cards(4, hand, 0, order, 3, True, out) == 3 and list(out) == [0, 0, 0, 3, 0]
    assert pol.q_legal(hand, 0, 3, 0, False, legal) == 5      # TRUTH_1, TRUTH_2, LIE_1..3


def test_q_greedy_ties_and_exploration():
    w = np.zeros((7, 7))
    phi = np.ones(7) / 7
    legal = np.array([False, True, True, False, True, False, False])
    assert pol.q_choose(w, phi, legal, 0.0, np.array([0.9, 0.0])) == 1
    assert pol.q_choose(w, phi, legal, 0.0, np.array([0.9, 0.99])) == 4
    w[2] = 1.0
    assert pol.q_choose(w, phi, legal, 0.0, np.array([0.9, 0.99])) == 2
    assert pol.q_choose(w, phi, legal, 0.5, np.array([0.1, 0.0])) == 1   # explores


def _q_choose_two_passes(w, phi, legal, epsilon, u):
    """The earlier q_choose in Python: the best value (max_q), then its ties counted in a second pass."""
    n_legal = int(legal.sum())
    if u[0] < epsilon:
        return [a for a in range(len(legal)) if legal[a]][min(int(u[1] * n_legal), n_legal - 1)]
    best = pol.max_q(w, phi, legal)
    ties = [a for a in range(len(legal)) if legal[a] and pol.q_value(w, a, phi) == best]
    return ties[min(int(u[1] * len(ties)), len(ties) - 1)]


def test_q_choose_in_one_pass_picks_as_max_then_ties():
    """q_choose finds the best value and its ties in one pass: the same action as max_q, then the ties counted,
    with many ties (weights on a coarse grid), infinities and a NaN weight."""
    rng = np.random.default_rng(21)
    for i in range(3000):
        w = rng.integers(-2, 3, size=(7, 7)).astype(float)
        if i % 7 == 0:
            w[rng.integers(7), rng.integers(7)] = [np.inf, -np.inf, np.nan][i % 3]
        phi = rng.integers(0, 3, size=7) / 14.0
        legal = rng.random(7) < 0.6
        if not legal.any():
            legal[rng.integers(7)] = True
        u = rng.random(2)
        eps = 0.3 if i % 2 else 0.0
        assert pol.q_choose(w, phi, legal, eps, u) == _q_choose_two_passes(w, phi, legal, eps, u)
