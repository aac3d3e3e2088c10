"""Notebook 06: the papers' players as exact end-game strategies, checked by hand in tiny games and against the
players' own implementations."""
from fractions import Fraction

import numpy as np
import pytest

from liarlab.liardice.agents import TestProgram, random_guess_action_probabilities
from liarlab.liardice.rules import LiarDiceConfig
from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import policies


def _exploitability(game, name, value):
    """(first seat, second seat) exploitability of player ``name`` given the game value ``value``."""
    first = value + xp.best_response_value(game, xp.agent_plan(game, name, 0), 1)
    second = xp.best_response_value(game, xp.agent_plan(game, name, 1), 0) - value
    return first, second


def test_always_call_by_hand_two_faces():
    # One die each, N = 2: bids 1x1 < 1x2 < 2x1 < 2x2; the game value is 0 (notebook 05's table).
    # Always-call as first mover opens 1x1 and calls whatever comes. The responder with die 2 raises to 1x2, true on
    # its own die: it wins (+1). With die 1, 1x1 is true (calling loses); 1x2 or 2x1 is true for one of the opener's
    # two dice: value 0. Best response 1/2 * 1 + 1/2 * 0 = 1/2, exploitability 0 + 1/2.
    # As second mover it calls the opening: the opener bids 1x(its own die), always true: +1, exploitability 1 - 0.
    game = xp.game_for((1, 1), faces=2)
    assert game.bids == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert _exploitability(game, "always-call", Fraction(0)) == (Fraction(1, 2), Fraction(1))


def test_always_call_by_hand_three_faces():
    # N = 3, value -1/9 (notebook 05). Responder's die 2 or 3: bid 1x(its die), true: +1. Die 1: 1x1 is true, and
    # each raise (1x2, 1x3, 2x1) is true for one of the opener's three dice: 1/3 - 2/3 = -1/3.
    # Best response 2/3 - 1/9 = 5/9; exploitability -1/9 + 5/9 = 4/9. Second seat: 1 - (-1/9) = 10/9.
    game = xp.game_for((1, 1), faces=3)
    assert _exploitability(game, "always-call", Fraction(-1, 9)) == (Fraction(4, 9), Fraction(10, 9))


def test_raise_by_one_by_hand_two_faces():
    # Raise-by-one as first mover: 1x1, then the next bid after each reply, calling only the top bid 2x2.
    # Responder with die 1: bid 2x1; the opener raises to 2x2, false (one 2 at most): call it, +1.
    # Responder with die 2: bid 1x2 (true); the opener raises to 2x1, false (one 1 at most): call it, +1.
    # So the best response takes +1 and the exploitability is 0 + 1.
    game = xp.game_for((1, 1), faces=2)
    first, _ = _exploitability(game, "raise-by-one", Fraction(0))
    assert first == 1


@pytest.mark.parametrize("dice,faces", [((1, 1), 3), ((2, 1), 2), ((1, 2), 3)])
def test_the_equilibrium_is_exactly_unexploitable(dice, faces):
    eq = xp.equilibrium(dice, faces)
    game = xp.game_for(dice, faces)
    assert eq.value + xp.best_response_value(game, eq.plans[0], 1) == 0
    assert xp.best_response_value(game, eq.plans[1], 0) - eq.value == 0
    assert xp.plan_value(game, *eq.plans) == eq.value     # the tree walk of both plans gives the value


def test_a_player_is_exploitable_and_the_equilibrium_gains_against_it():
    eq = xp.equilibrium((1, 1), 3)
    rows = xp.evaluate_agent(xp.game_for((1, 1), 3), "always-call", eq)
    assert [r["exploitability"] for r in rows] == [Fraction(4, 9), Fraction(10, 9)]
    for r in rows:
        assert r["exact"] and 0 <= r["equilibrium_edge"] <= r["exploitability"]
        assert r["best_response_float"] == pytest.approx(float(r["best_response"]), abs=1e-12)


@pytest.mark.parametrize("dice", [1, 2])
def test_random_guess_matches_the_library_with_equal_hands(dice):
    """With equal hands the reading of READINGS is the library's rule with ``dice_per_player`` dice."""
    game = xp.game_for((dice, dice))
    config = LiarDiceConfig(dice_per_player=dice, faces=6, min_count=1)
    assert tuple(config.ladder.bids) == game.bids
    policy = policies.random_guess_policy(policies.Seat(game, 0))
    for hand in game.hands(0)[0]:
        own = policies.hand_counts(hand, 6)
        for prev in (0, 1, 5, 9):
            ours = policy(own, prev)
            lib = random_guess_action_probabilities(own, game.bids[prev - 1] if prev else None, config)
            dense = np.zeros(game.n_bids + 1)
            for action, p in ours.items():
                dense[action - 1 if action else game.n_bids] = float(p)
            assert dense == pytest.approx(lib, abs=1e-12)


@pytest.mark.parametrize("type_id,own_face,last_bid", [(1, 3, (1, 2)), (32, 3, (1, 5)), (6, 1, None),
                                                        (27, 6, (1, 6))])
def test_test_program_distribution_matches_sampled_decisions(type_id, own_face, last_bid):
    game = xp.game_for((1, 1))
    seat = policies.Seat(game, 0)
    agent = TestProgram(type_id)
    agent.config = LiarDiceConfig(dice_per_player=1, faces=6, min_count=1)
    agent.cap = policies.test_program_caps(type_id)[0]
    own = policies.hand_counts((own_face,), 6)
    rng = np.random.default_rng(41)
    n = 6000
    seen = {}
    for _ in range(n):
        action = agent.decide(own, last_bid, rng)
        key = 0 if action == ("challenge",) else seat.number[action[1]]
        seen[key] = seen.get(key, 0) + 1
    exact = policies.test_program_policy(seat, type_id, agent.cap)(own, seat.number[last_bid] if last_bid else 0)
    assert set(seen) <= set(exact)
    for action, p in exact.items():
        assert seen.get(action, 0) / n == pytest.approx(float(p), abs=0.025)


def test_exp1_with_one_die_raises_to_the_next_bid_when_it_holds_no_honest_bid():
    # EXP1 holding a 3 facing 2x3: 1 + 1 < 2 is false, so no challenge; no bid above 2x3 is honest with one die,
    # so its fallback is the first legal action, 2x4.
    game = xp.game_for((1, 1))
    seat = policies.Seat(game, 1)
    policy = policies.exp_policy(seat, 1)
    assert policy(policies.hand_counts((3,), 6), seat.number[(2, 3)]) == {seat.number[(2, 4)]: 1}


def test_plans_sum_to_the_parent_at_every_information_set():
    game = xp.game_for((1, 1), 3)
    plan = xp.agent_plan(game, "type12", 1)
    # the responder's sequences at the opening 1x1: its call and every bid above; they sum to 1 for every hand
    first = 1
    total = [sum(plan.get(m, [0] * 3)[d] for m in [first] + [first | (1 << (k - 1)) for k in range(2, 7)])
             for d in range(3)]
    assert total == [1, 1, 1]


def test_two_dice_each_comes_from_notebook_05s_stored_certificate():
    # notebook 05 stores every end game whose solve takes over 4 s (2v1 at six faces among them); one die each is
    # solved in the run
    assert xp.is_stored((2, 2)) and xp.is_stored((2, 1)) and not xp.is_stored((1, 1))
    from liarlab.bluff.certificates import CertificateError

    with pytest.raises(CertificateError, match="no stored certificate"):
        xp.stored_equilibrium((1, 1))           # one die each is solved in the run: no file


@pytest.mark.slow
def test_the_stored_two_dice_equilibrium_is_exact():
    """Its exact plans (solved on the stored plans' support, about 10 s) meet at the stored fraction, and neither
    seat's plan gives a best responder more than the value."""
    import json

    import numpy as np

    eq = xp.stored_equilibrium((2, 2))
    meta = json.loads(str(np.load(xp.endgame_store.plans_path(2, 2, 6, "normal"))["meta"]))
    assert str(eq.value) == meta["fraction"]
    game = xp.game_for((2, 2))
    assert eq.value + xp.best_response_value(game, eq.plans[0], 1) == 0
    assert xp.best_response_value(game, eq.plans[1], 0) - eq.value == 0


def test_a_pure_plan_too_large_for_fractions_still_gets_its_exact_exploitability():
    """EXP1 is deterministic: its best response read off the float (denominator 36 with one die each) is the exact
    one; random guess is not pure and stays a float; the equilibrium's result is a float either way."""
    game = xp.game_for((1, 1))
    eq = xp.equilibrium((1, 1))
    exact = xp.evaluate_agent(game, "EXP1", eq, 10_000)
    read = xp.evaluate_agent(game, "EXP1", eq, 0)
    for e, r in zip(exact, read):
        assert e["exact"] and not r["exact"]
        assert isinstance(r["best_response"], Fraction) and r["best_response"] == e["best_response"]
        assert r["exploitability"] == e["exploitability"]
        assert isinstance(r["equilibrium_result"], float)
    assert all(isinstance(r["best_response"], float) for r in xp.evaluate_agent(game, "random-guess", eq, 0))
    assert xp.pure_plan_fraction(game, {0: [1.0] * 6, 1: [0.5] * 6}, 0.25) == 0.25


def test_rand_is_uniform_over_the_legal_actions_and_exprand_mixes_the_exp_rules_by_the_reports_chances():
    game = xp.game_for((1, 1), faces=2)        # bids 1x1 < 1x2 < 2x1 < 2x2
    seat = policies.Seat(game, 0)
    rand = policies.rand_policy(seat)
    assert rand(np.array([1, 0]), 0) == {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
    assert rand(np.array([1, 0]), 3) == {4: Fraction(1, 2), 0: Fraction(1, 2)}      # 2x2 or the challenge
    exprand = policies.exprand_policy(seat)
    rules = [policies.exp_policy(seat, k) for k in range(4)]
    for own in (np.array([1, 0]), np.array([0, 1])):
        for prev in range(4):
            mixed = {}
            for rule in rules:
                for action, p in rule(own, prev).items():
                    mixed[action] = mixed.get(action, 0) + p / 4      # RAND_AREA: a quarter each
            assert exprand(own, prev) == mixed
    # RAND's plan as first mover, by hand: it opens each bid with 1/4 and, facing any reply, calls with 1/2
    plan = xp.agent_plan(game, "RAND", 0)
    assert plan[0b0001] == [Fraction(1, 4)] * 2 and sum(plan[0b0001]) == Fraction(1, 2)
