"""Who opens the next round (issue 23): every role a round can name, in the rules, the game, the per-turn method
and the exact solvers, with hand-checked cases."""
import itertools

import numpy as np
import pytest

from liarlab.bluff import exact, oracle, per_turn, rounds
from liarlab.bluff import rules as br
from liarlab.core.dice import Hand

from .conftest import FixedRoll


def test_every_role_a_round_can_name_is_a_rule():
    assert set(br.NEXT_OPENERS) == {"loser", "winner", "bidder", "challenger", "opener", "alternate"}
    assert br.Rules(next_opener="same").next_opener == "opener"
    assert br.Rules(next_opener="other").next_opener == "alternate"
    with pytest.raises(ValueError, match="next_opener"):
        br.Rules(next_opener="dealer")


# (rule, loser, bidder, opener) -> the seat that opens next, worked out by hand from the rule's words
HAND_CHECKED = [
    ("loser", 1, 0, 0, 1), ("loser", 0, 0, 1, 0),
    ("winner", 1, 0, 0, 0), ("winner", 0, 1, 1, 1),
    ("bidder", 1, 0, 0, 0), ("bidder", 0, 1, 0, 1),
    ("challenger", 1, 0, 0, 1), ("challenger", 1, 1, 0, 0),   # the seat that did not make the bid
    ("opener", 1, 0, 0, 0), ("opener", 0, 0, 1, 1),           # this round's opener opens again
    ("alternate", 1, 0, 0, 1), ("alternate", 0, 0, 1, 0),
]


@pytest.mark.parametrize("rule, loser, bidder, opener, want", HAND_CHECKED)
def test_next_round_opener_by_hand(rule, loser, bidder, opener, want):
    assert int(br.next_round_opener(rule, loser, bidder, opener)) == want
    # arrays broadcast like ``loser``
    got = br.next_round_opener(rule, np.array([loser, loser]), bidder, opener)
    assert got.shape == (2,) and (got == want).all()


@pytest.mark.parametrize("rule, caller_lost, caller_opened, want", [
    ("loser", True, 1, True), ("loser", False, 1, False),
    ("winner", True, 1, False), ("winner", False, 0, True),
    ("bidder", True, 0, True), ("bidder", False, 1, True),          # the per-turn caller is the bidder
    ("challenger", True, 1, False), ("challenger", False, 0, False),  # the guesser called Bluff
    ("opener", True, 1, True), ("opener", False, 0, False),          # the caller opens iff it opened
    ("alternate", True, 1, False), ("alternate", False, 0, True),
])
def test_per_turn_next_opener_from_the_callers_side(rule, caller_lost, caller_opened, want):
    assert per_turn._caller_opens_next(br.Rules(next_opener=rule), caller_lost, caller_opened) is want


def _challenge(rules, hands, bid, opener):
    """Seat ``opener`` opens with ``bid``; the other seat calls Bluff. Returns the state after the call."""
    state = br.BluffState(rules, FixedRoll(1), dice=[len(h) for h in hands], hands=[Hand(h) for h in hands],
                          opener=opener, current=opener)
    state.apply_action(bid)
    state.apply_action(br.CALL)
    return state


@pytest.mark.parametrize("opener", [0, 1])
def test_the_challenger_and_the_same_opener_rules_in_the_game(opener):
    # N = 2, three dice each, every die shows 1, so "2 x 2" fails (no 2 is showing): the bidder (the opener)
    # loses the shortfall, 2 dice, and keeps one; the player who called Bluff keeps all three.
    hands = [(1, 1, 1), (1, 1, 1)]
    ladder = br.bid_ladder(2, 1, 6)
    bid = next(k + 1 for k in range(ladder.n_bids) if tuple(ladder.bid(k)) == (2, 2))
    challenger = 1 - opener
    for rule, want in (("challenger", challenger), ("opener", opener), ("alternate", challenger),
                       ("bidder", opener), ("loser", opener), ("winner", challenger)):
        state = _challenge(br.make_rules(2, (3, 3), next_opener=rule), hands, bid, opener)
        assert not state.is_terminal()
        assert state.dice[opener] == 1 and state.dice[challenger] == 3   # the bidder lost the shortfall, 2 dice
        assert state.opener == want and state.current == want, rule


@pytest.mark.parametrize("rule", ["challenger", "opener"])
def test_state_challenges_match_the_exact_solvers_outcome_tables(rule, challenges):
    rnd = rounds.Round(br.make_rules(2, (2, 1), next_opener=rule, bid_order="star"))
    _, _, next_open = rounds.challenge_outcomes(rnd)
    for where, state in challenges(rnd):
        if not state.is_terminal():
            assert state.opener == next_open[where]


@pytest.mark.parametrize("rule", ["challenger", "opener"])
def test_double_oracle_agrees_with_the_lp_under_the_new_openers(rule):
    options = {"next_opener": rule, "bid_order": "star"}
    lp = exact.bluff_game_values(2, 2, **options)
    grid = {(r["a"], r["b"]): r for r in oracle.certified_grid(2, 2, **options)}
    for row in lp[lp.status == "solved"].itertuples():
        assert grid[(row.a, row.b)]["value"] == pytest.approx(row.value, abs=1e-9)
        assert grid[(row.a, row.b)]["width"] <= 1e-9


def test_the_same_opener_rule_needs_the_parity_and_one_die_each_ignores_the_rule():
    sol = per_turn.per_turn_bluff(2, (2, 2), br.Rules(next_opener="opener"))
    assert sol.parities() == (1, 0)
    assert per_turn.per_turn_bluff(2, (2, 2), br.Rules(next_opener="challenger")).parities() == (1,)
    # one die each: the round decides the game, so every opener rule gives the talk's 75 %
    for rule in br.NEXT_OPENERS:
        assert per_turn.per_turn_first_player_win(2, rules=br.Rules(next_opener=rule)) == pytest.approx(0.75)
    # with more dice the rules differ: the first player opens every round under "opener"
    values = {rule: per_turn.per_turn_bluff(2, (2, 2), br.Rules(next_opener=rule)).round_values[(2, 2)]
              for rule in br.NEXT_OPENERS}
    assert len({round(v, 9) for v in values.values()}) > 2


def test_every_variant_of_the_search_is_listed_once():
    variants = br.all_rule_variants(countings=br.COUNTINGS)
    assert len(variants) == len(br.PENALTIES) ** 2 * len(br.NEXT_OPENERS) * len(br.COUNTINGS) == 72
    assert len({r.label for r in variants}) == 72
    combos = {(r.next_opener, r.wild, r.bid_order) for r in variants}
    assert combos == {(o, w, b) for o, (w, b) in itertools.product(br.NEXT_OPENERS, br.COUNTINGS)}
