"""The talk's per-turn method for Bluff (liarlab.bluff.per_turn): its values and policies, in the truncated talk
game and the real round, under the rule variants."""
import numpy as np
import pytest

from liarlab.bluff import exact, ferguson, per_turn
from liarlab.bluff import rules as bluff_rules
from liarlab.bluff.exact import evaluate_profile


def test_uniform_hand_weights_hypothesis_only_differs_with_several_dice():
    uniform = bluff_rules.private_states(2, 3, "uniform")
    assert np.allclose(uniform.weights, 1 / 6)
    rules = bluff_rules.BluffRules(hand_weights="uniform")
    assert rules.label.endswith("uniform-hands")
    assert per_turn.per_turn_first_player_win(4, rules=rules) == pytest.approx(per_turn.per_turn_first_player_win(4))
    assert per_turn.per_turn_first_player_win(2, (2, 1), rules=rules) != pytest.approx(per_turn.per_turn_first_player_win(2, (2, 1)))


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
    assert exact._solve_lp(2).first_player_win == pytest.approx(0.75, abs=1e-9)


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


