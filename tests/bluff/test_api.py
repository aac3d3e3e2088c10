"""liarlab.bluff.solve: one door that picks the whole-tree LP or the certified double oracle (a Bluff round), or
solves the end game."""
import math
from fractions import Fraction

import numpy as np
import pytest

from liarlab.bluff import BluffResult, api, choose_method, exact, solve


def test_six_faces_through_the_oracle_agrees_with_the_whole_tree_lp():
    by_oracle = solve(6, method="oracle")
    by_lp = solve(6, method="lp")
    assert isinstance(by_oracle, BluffResult)
    assert (by_oracle.method, by_lp.method) == ("double oracle", "whole-tree LP")
    assert by_oracle.lower <= by_oracle.value <= by_oracle.upper and by_oracle.width <= 1e-9
    assert by_oracle.likely_fraction == by_lp.likely_fraction == Fraction(-7, 258)
    assert by_lp.value == pytest.approx(exact._solve_lp(6).value, abs=1e-12)
    for result in (by_oracle, by_lp):
        X0, X1 = result.plans
        assert X0.shape == (6, 2**12) and X1.shape == (6, 2**12)
        assert np.allclose(X0[:, 0], 1) and np.allclose(X1[:, 0], 1)
        assert result.opener_win == pytest.approx((1 + result.value) / 2)


def test_more_dice_solve_the_smaller_rounds_first_under_any_rules():
    for method in ("lp", "oracle"):
        r = solve(2, (2, 2), method=method)
        assert r.likely_fraction == Fraction(133, 256)
        assert set(r.continuation) == {(1, 1), (1, 2), (2, 1)}
    star = solve(3, (2, 1), bid_order="star", next_opener="winner")
    assert star.rules["bid_order"] == "star" and star.rules["next_opener"] == "winner"
    assert star.value == pytest.approx(exact._solve_lp(3, (2, 1), bid_order="star", next_opener="winner").value,
                                       abs=1e-9)


def test_auto_uses_the_lp_for_small_rounds_and_the_oracle_beyond():
    assert choose_method(4)[0] == "lp"
    assert choose_method(7)[0] == "oracle"
    assert choose_method(10)[0] == "oracle"          # 2^20 histories x 100 deals: the LP cannot
    assert choose_method(2, (5, 5))[0] == "oracle"


def test_what_no_method_can_do_fails_with_a_clear_message_before_any_work():
    with pytest.raises(ValueError, match=r"no method can solve Bluff with faces=11.*double oracle about"):
        solve(11)
    with pytest.raises(ValueError, match="no method can solve"):
        choose_method(6, (5, 5))
    with pytest.raises(ValueError, match="too large for the whole-tree LP.*method='oracle'"):
        solve(10, method="lp")
    with pytest.raises(ValueError, match="method must be one of"):
        solve(4, method="cfr")
    with pytest.raises(ValueError):
        solve(1)


def test_simplest_fraction():
    assert api.simplest_fraction(0.0625 - 1e-13, 0.0625 + 1e-13) == Fraction(1, 16)
    assert api.simplest_fraction(-0.3334, -0.3333) == Fraction(-1, 3)
    assert api.simplest_fraction(-1e-3, 1e-3) == 0
    assert api.simplest_fraction(math.pi - 1e-14, math.pi + 1e-14) is None     # no small denominator
    assert api.simplest_fraction(2.4, 2.6) == Fraction(5, 2)
    # one die each at N = 10, as solve(10) certified it (bracket width 5.4e-16; 56 min on a loaded machine)
    assert api._fraction(-0.04841261061946929, -0.04841261061946875) == Fraction(-8753, 180800)
    assert api.simplest_fraction(0.1 - 1e-13, 0.1 + 1e-13, max_denominator=9) is None
    with pytest.raises(ValueError):
        api.simplest_fraction(1, 0)


def test_simple_fraction_lies_in_the_bracket():
    f = api.simple_fraction(0.51953125, 0.51953125 - 1e-12, 0.51953125 + 1e-12)
    assert f == Fraction(133, 256) and api.is_dyadic(f)
    assert api.simple_fraction(0.1000001, 0.1000001 - 1e-16, 0.1000001 + 1e-16) is None
    assert not api.is_dyadic(Fraction(1, 3)) and not api.is_dyadic(None)


def test_an_end_game_built_once_is_certified_by_either_oracle_with_its_options():
    from liarlab.bluff.endgame import EndGame

    game = EndGame(4, (2, 1), "joker")
    fringe = solve(game=game, oracle="fringe")
    classic = solve(game=game, oracle="classic")
    assert fringe.fraction == classic.fraction == solve(4, (2, 1), game="endgame", convention="joker").fraction == Fraction(1, 4)
    assert fringe.solution.plans is fringe.plans and fringe.rational.holds and fringe.certificate_seconds >= 0
    assert fringe.solution.restricted_histories == fringe.restricted_histories
    # the options reach the oracle: one round cannot close the bracket, so no fraction is claimed
    cut = solve(game=game, oracle="fringe", max_iterations=1)
    assert cut.solution.iterations == 1 and cut.width > 1e-3 and cut.fraction is None and cut.certificate is None


# ----------------------------------------------------------------------------- one door per question (issue 48)

def test_bluff_has_three_solver_doors_and_every_other_solver_is_private():
    """OpenSpiel keeps one entry per algorithm; liarlab.bluff keeps one door per question: solve, best_response and
    exploitability are the only public functions of its modules whose names say solve, best response or
    exploitability (the methods behind them start with an underscore)."""
    import ast
    from pathlib import Path

    import liarlab.bluff as package

    doors = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and (
                    node.name.startswith("solve") or "best_response" in node.name
                    or node.name.startswith("exploitability") or node.name.startswith("certify")):
                doors.append(f"{path.stem}.{node.name}")
    assert sorted(doors) == ["api.solve", "exploit.best_response", "exploit.exploitability"]
    assert {"solve", "best_response", "exploitability"} <= set(package.__all__)


def test_the_solve_door_answers_for_each_game_it_names():
    from liarlab.bluff.endgame import EndGame

    assert solve(3, game="endgame").fraction == solve(game=EndGame(3, (1, 1), "normal")).fraction == Fraction(-1, 9)
    assert solve(6, game="ferguson").first_player_win == pytest.approx(41 / 60, abs=1e-9)
    for call, words in [(lambda: solve(3, game="cheat"), "game must be one of"),
                        (lambda: solve(3, game=EndGame(3, (1, 1), "normal")), "give neither"),
                        (lambda: solve(3, (2, 1), game="ferguson"), "one die each"),
                        (lambda: solve(3, game="endgame", convention="joker", bid_order="star"), "bid_order")]:
        with pytest.raises((ValueError, TypeError), match=words):
            call()


def test_a_round_given_its_smaller_rounds_values_is_solved_alone_to_the_same_bracket():
    full = solve(2, (2, 1), method="lp")
    alone = solve(2, (2, 1), method="lp", continuation=full.continuation)
    assert alone.detail.value == full.detail.value
    assert alone.width <= full.width     # no inherited half-widths: the smaller rounds' values are taken as given
