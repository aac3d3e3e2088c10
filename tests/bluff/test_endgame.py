"""The end game of Liar's Dice (liarlab.bluff.endgame), the sparse double oracle (liarlab.bluff.sparse_oracle)
and the rational certificate (liarlab.bluff.rational): hand-checked rules, the public LP study's values."""
import itertools
from fractions import Fraction

import numpy as np
import pytest

from liarlab.bluff import oracle, rational, rounds
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame, EndGameState, counts_as, is_stair
from liarlab.bluff.rules import make_rules
from liarlab.papers.p05.printed import SNYD


def _public(game: EndGame):
    """The public study's reading of a convention: its stairs test is the ordered tuple, without jokers."""
    return EndGame(game.faces, game.dice, game.convention, "ordered", game.convention != "stairs")


def _solve(game: EndGame, **kwargs):
    probs = [game.hands(p)[1] for p in (0, 1)]
    tree = so.Tree(game.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), game.payoffs())
    sol = so._solve_certified(tree, **{"oracle": "fringe", **kwargs})
    return sol, rational.rational_certificate(tree, sol.plans, probs)


# --------------------------------------------------------------------------- rules, hand-checked

def test_counting_under_each_convention():
    assert counts_as((3, 3, 1), 3, "normal") == 2
    assert counts_as((3, 3, 1), 1, "normal") == 1
    assert counts_as((3, 3, 1), 3, "joker") == 3          # the 1 is wild
    assert counts_as((1, 4), 2, "joker") == 1
    assert counts_as((1,), 5, "stairs") == 2               # one die showing 1 is a stair of length 1
    assert counts_as((1, 2), 5, "stairs") == 3             # in order: counts as three 5s
    assert counts_as((2, 1), 5, "stairs", "ordered") == 1  # out of order: no stair, the 1 is a joker
    assert counts_as((2, 1), 5, "stairs", "any") == 3
    assert counts_as((1, 2, 3), 6, "stairs") == 4
    assert counts_as((1, 3, 2), 6, "stairs", "ordered") == 1
    assert counts_as((1, 3, 2), 6, "stairs", "any") == 4
    assert counts_as((1, 1), 4, "stairs") == 2             # not a run: two jokers
    assert is_stair((1, 2)) and not is_stair((2, 1)) and is_stair((2, 1), "any") and not is_stair((1, 1), "any")


def test_stairs_without_jokers_count_only_the_named_face_and_the_run():
    g = EndGame(3, (2, 1), "stairs", "ordered", stairs_jokers=False)
    hands, _ = g.hands(0)
    C = g.counts(0)
    by = {(h.faces_shown, h.stair): C[i] for i, h in enumerate(hands)}
    assert by[((1, 1), False)][2] == 0 and by[((1, 2), True)][3] == 3 and by[((1, 2), False)][2] == 1


def test_bids_and_hands():
    g = EndGame(6, (2, 1), "joker")
    assert g.bid_faces == (2, 3, 4, 5, 6) and g.n_bids == 15 and g.bids[:2] == ((1, 2), (1, 3))
    assert EndGame(6, (1, 1)).n_bids == 12
    assert EndGame(6, (2, 2), "stairs").max_quantity == 6
    for game in (EndGame(4, (2, 1)), EndGame(4, (3, 1), "stairs"), EndGame(4, (3, 1), "stairs", "any")):
        for p in (0, 1):
            hands, probs = game.hands(p)
            assert sum(probs) == 1 and len(set(hands)) == len(hands)
    hands, probs = EndGame(4, (3, 1), "stairs").hands(0)
    split = {h.stair: pr for h, pr in zip(hands, probs) if h.faces_shown == (1, 2, 3)}
    assert split == {True: Fraction(1, 64), False: Fraction(5, 64)}   # one order of 3! is the stair
    with pytest.raises(ValueError):
        EndGame(1, (1, 1), "joker")


@pytest.mark.parametrize("game", [EndGame(3, (2, 1), "normal"), EndGame(3, (1, 2), "joker"),
                                  EndGame(3, (2, 1), "stairs"), EndGame(3, (2, 1), "stairs", "any"),
                                  EndGame(3, (2, 1), "stairs", "ordered", False)])
def test_payoff_table_matches_the_dealt_game_on_every_ordered_roll(game):
    # brute force over every ordered roll and every bid: the multiset payoffs equal the state's returns
    U = game.payoffs()
    hands = [game.hands(p)[0] for p in (0, 1)]

    def hand_index(p, roll):
        s = tuple(sorted(roll))
        stair = game.convention == "stairs" and is_stair(roll, game.stairs)
        return hands[p].index(next(h for h in hands[p] if h.faces_shown == s and h.stair == stair))

    rolls = [list(itertools.product(range(1, game.faces + 1), repeat=k)) for k in game.dice]
    for r0 in rolls[0]:
        for r1 in rolls[1]:
            d0, d1 = hand_index(0, r0), hand_index(1, r1)
            for k in range(1, game.n_bids + 1):
                assert EndGameState(game, (r0, r1), (k, 0)).returns()[0] == U[k, 0, d0, d1]
                if k > 1:   # the second mover raises "bid 1" to bid k and the first mover calls
                    assert EndGameState(game, (r0, r1), (1, k, 0)).returns()[0] == U[k, 1, d0, d1]


def test_state_plays_a_round():
    g = EndGame(2, (1, 1))
    st = EndGameState(g, ((1,), (1,)))
    assert st.legal_actions() == [1, 2, 3, 4] and st.current_player() == 0
    st.apply_action(2)                      # "one 2": false, no 2 on the table
    assert st.legal_actions() == [0, 3, 4]
    st.apply_action(0)                      # the second mover calls and wins
    assert st.is_terminal() and st.returns() == [-1.0, 1.0]
    with pytest.raises(ValueError):
        EndGameState(g, ((1,), (1,)), (2,)).apply_action(1)


# --------------------------------------------------------------------------- the sparse oracle

@pytest.mark.parametrize("faces", [3, 4, 5])
def test_sparse_oracle_is_the_dense_oracle_on_bluff(faces):
    rnd = rounds.Round(make_rules(faces, (1, 1)))
    U = rounds.zero_sum_payoffs(rnd, None)
    sparse = so._solve_certified(so.Tree.of_round(rnd, U), target=1e-9, oracle="fringe")
    dense = oracle._solve_one_die(faces)
    assert (sparse.lower, sparse.upper, sparse.restricted_histories, sparse.iterations) == (
        dense.lower, dense.upper, dense.restricted_histories, dense.iterations)


def test_sparse_best_response_matches_the_dense_one_on_the_histories_it_visits():
    g = EndGame(3, (2, 1), "joker")
    rnd = g.round()
    U = g.payoffs()
    rng = np.random.default_rng(3)
    B = rounds.normalise_behaviour(rnd, rng.random((len(rnd.hands[0]), rnd.M)), 0)
    X = rounds.plan_from_behaviour(rnd, B, 0)
    X[:, rnd.popcount > 3] = 0.0             # the plan stops reaching deep histories (zero reach below)
    X = rounds.plan_from_behaviour(rnd, rounds.behaviour_from_plan(rnd, X, 0) * (rnd.popcount <= 3), 0)
    ref, choice = rounds._best_response(rnd, rounds.payoffs_for(U, 1), X, 1)
    nodes = np.flatnonzero(rnd.popcount <= 4).astype(np.int64)
    tree = so.Tree.of_round(rnd, U)
    value, ch, _ = so._best_response_sparse(tree, so.SparsePlan(0, nodes, X[:, nodes]), 1)
    assert value == pytest.approx(ref, abs=1e-12)


def test_sparse_oracle_agrees_with_the_whole_tree_lp_on_an_end_game():
    g = EndGame(4, (2, 1), "joker")
    lp, _, _, _ = rounds._solve_sequence_form(g.round(), g.payoffs())
    sol, cert = _solve(g)
    assert sol.lower - 1e-12 <= lp <= sol.upper + 1e-12 and sol.width <= 1e-9
    assert cert.fraction == Fraction(1, 4)


# --------------------------------------------------------------------------- the public study's values

def _cases(max_faces, slow_from):
    out = []
    for (a, b, conv), values in SNYD.items():
        for faces, text in values.items():
            if faces > max_faces or (conv != "normal" and faces == 1):
                continue
            marks = [pytest.mark.slow] if faces >= slow_from or (a + b == 3 and faces >= 5) else []
            out.append(pytest.param(a, b, conv, faces, text, marks=marks, id=f"{a}v{b}-{conv}-N{faces}"))
    return out


@pytest.mark.parametrize("a, b, conv, faces, text", _cases(6, 6))
def test_the_public_values_are_reproduced_exactly(a, b, conv, faces, text):
    if faces == 1:   # one face: the first mover bids a + b ones and wins
        return
    g = _public(EndGame(faces, (a, b), conv))
    sol, cert = _solve(g)
    assert sol.width <= 1e-9
    assert cert.holds and cert.fraction == Fraction(text)
    assert sol.lower - 1e-12 <= float(cert.fraction) <= sol.upper + 1e-12


def test_the_readmes_stairs_with_jokers_is_not_the_studys_table():
    # the README calls stairs the joker rule plus runs; with jokers, 2v1 at N = 2 is worth 0, not the printed 3/8
    _, with_jokers = _solve(EndGame(2, (2, 1), "stairs", "ordered", True))
    _, without = _solve(EndGame(2, (2, 1), "stairs", "ordered", False))
    assert with_jokers.fraction == 0 and without.fraction == Fraction(3, 8)


def test_a_certificate_that_cannot_close_reports_no_fraction():
    g = EndGame(4, (2, 1))
    sol, _ = _solve(g)
    probs = [g.hands(p)[1] for p in (0, 1)]
    tree = so.Tree(g.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), g.payoffs())
    cert = rational.rational_certificate(tree, sol.plans, probs, bounds=(3,))
    assert not cert.holds and cert.fraction is None and cert.lower < Fraction(345, 1696) < cert.upper


# --------------------------------------------------------------------------- lean restricted games, stored plans

@pytest.mark.parametrize("game", [EndGame(4, (2, 1)), EndGame(3, (1, 2), "stairs", "ordered", False),
                                  EndGame(3, (2, 2), "joker")])
def test_the_lean_restricted_games_certify_the_same_value(game):
    (plain, cert), (lean, lean_cert) = _solve(game), _solve(game, lean=True)
    assert plain.width <= 1e-9 and lean.width <= 1e-9
    assert lean.lower <= plain.upper + 1e-12 and plain.lower <= lean.upper + 1e-12
    assert cert.holds and lean_cert.fraction == cert.fraction


def test_the_lean_lp_has_fewer_columns_and_the_same_value():
    g = EndGame(4, (2, 1), "joker")
    tree, _ = _tree_of(g)
    H = so.closed(np.array([0, 1, 2, 4, 5, 8, 9, 16, 24], dtype=np.int64))
    for P in (0, 1):
        T = so.fringe_tree(tree.n, H, P)
        full = so._fringe_lp(tree, T, P)
        lean = so._fringe_lp(tree, T, P, H)
        assert lean[1].shape[1] < full[1].shape[1] and lean[0].shape[0] == full[0].shape[0]
        v_full = rounds.max_min_lp(*full[:3], 1e-10, "highs-ds")
        v_lean = rounds.max_min_lp(*lean[:3], 1e-10, "highs-ds")
        assert v_lean[0] == pytest.approx(v_full[0], abs=1e-12)
        # the lean plan, spread over T, is a realization plan of G(P, H) worth the LP value
        z = so._full_plan(T, lean[4], v_lean[1], tree.hands(P))
        E = so._constraints(T, P, tree.hands(P))
        e = np.zeros(E.shape[0])
        e[0] = 1.0
        assert np.abs(E @ z - e).max() < 1e-9


def _tree_of(game):
    probs = [game.hands(p)[1] for p in (0, 1)]
    return so.Tree(game.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), game.payoffs()), probs


def test_the_plans_on_their_support_give_the_bracket_and_certificate_to_the_bit():
    g = EndGame(4, (1, 2), "stairs", "ordered", False)
    tree, probs = _tree_of(g)
    sol = so._solve_certified(tree, threads=False, oracle="fringe")
    cert = rational.rational_certificate(tree, sol.plans, probs)
    small = tuple(p.on_support() for p in sol.plans)
    assert all(len(s.nodes) < len(p.nodes) for s, p in zip(small, sol.plans))
    lower, upper, again = rational.verify_plans(tree, small, probs, cert.max_denominator)
    assert (lower, upper) == (sol.lower, sol.upper)
    assert again.holds and (again.fraction, again.lower, again.upper) == (cert.fraction, cert.lower, cert.upper)
