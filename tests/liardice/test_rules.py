"""Rules of common-hand Liar Dice (liarlab.liardice)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.liardice import rules as ld
from liarlab.liardice.agents import RandomGuessAgent, TestProgram

BIDS = st.tuples(st.integers(2, 10), st.integers(1, 6))


@given(BIDS, BIDS)
def test_ladder_index_matches_bid_order(a, b):
    assert ld.bid_is_higher(a, b) == (ld.bid_index(a) > ld.bid_index(b))
    assert ld.bid_from_index(ld.bid_index(a)) == a


def test_thesis_setting_has_54_bids_and_opening_must_bid():
    state = ld.new_game(np.random.default_rng(0))
    actions = state.legal_actions()
    assert len(actions) == 54 and ld.CHALLENGE not in actions
    assert actions[0] == ("bid", (2, 1)) and actions[-1] == ("bid", (10, 6))
    assert ld.LiarDiceConfig(n_players=5).n_bids == 144


@pytest.mark.parametrize("action, message", [
    (("challenge",), "opening player must bid"),
    (("bid", (1, 3)), "quantity"),
    (("bid", (11, 3)), "quantity"),
    (("bid", (3, 7)), "face"),
    (("bid", 3), "pair"),
    (("fold",), "an action must be"),
])
def test_illegal_actions_raise_value_error_saying_why(action, message):
    state = ld.new_game(np.random.default_rng(0))
    with pytest.raises(ValueError, match=message):
        state.apply_action(action)


def test_bid_must_be_higher_than_standing_bid():
    state = ld.new_game(np.random.default_rng(0))
    state.apply_action(("bid", (3, 4)))
    with pytest.raises(ValueError, match="higher than the standing bid"):
        state.apply_action(("bid", (3, 4)))
    state.apply_action(("bid", (3, 5)))
    assert state.current_player() == 0


def test_challenge_resolution_counts_both_hands():
    hands = [[0, 0, 2, 0, 3, 0], [1, 1, 1, 1, 1, 0]]
    state = ld.new_game_from_hands(hands)
    state.apply_action(("bid", (3, 3)))          # three 3s: exactly 3 on the table -> stands
    state.apply_action(ld.CHALLENGE)
    assert state.winner() == 0 and state.loser() == 1 and state.returns() == [1.0, -1.0]
    state = ld.new_game_from_hands(hands)
    state.apply_action(("bid", (4, 3)))
    state.apply_action(ld.CHALLENGE)
    assert state.winner() == 1
    assert state.legal_actions() == [] and state.is_terminal()


def test_wild_ones_count_until_someone_bids_ones():
    cfg = ld.LiarDiceConfig(wild_ones=True)
    hands = [[2, 0, 1, 0, 0, 2], [1, 0, 2, 2, 0, 0]]
    assert ld.count_on_table(np.array(hands), 3, wild_ones=True) == 6
    state = ld.new_game_from_hands(hands, cfg)
    state.apply_action(("bid", (6, 3)))
    state.apply_action(ld.CHALLENGE)
    assert state.winner() == 0
    state = ld.new_game_from_hands(hands, cfg)
    state.apply_action(("bid", (2, 1)))
    state.apply_action(("bid", (6, 3)))
    state.apply_action(ld.CHALLENGE)
    assert not state.record().wild_ones_active and state.winner() == 0   # challenger wins: only 3 threes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), t=st.integers(1, 32), rg_first=st.booleans())
def test_any_game_has_increasing_bids_and_a_correct_showdown(seed, t, rg_first):
    rng = np.random.default_rng(seed)
    agents = [RandomGuessAgent(), TestProgram(t)]
    if rg_first:
        agents.reverse()
    record = ld.play_game(agents, rng, starter=int(rng.integers(2)))
    bids = [b for _, b in record.bids]
    assert all(ld.bid_is_higher(b, a) for a, b in zip(bids, bids[1:]))
    assert record.bids[0][0] == record.starter
    seats = [p for p, _ in record.bids]
    assert all(p != q for p, q in zip(seats, seats[1:]))           # two players alternate
    stands = record.hands[:, record.final_bid[1] - 1].sum() >= record.final_bid[0]
    assert record.loser == (record.challenger if stands else record.bids[-1][0])
    assert {record.winner, record.loser} == {0, 1}


def test_three_player_game_and_dice_loss_match_finish():
    rng = np.random.default_rng(4)
    cfg = ld.LiarDiceConfig(n_players=3, dice_loss=True)
    agents = [TestProgram(1), TestProgram(12), TestProgram(30)]
    record = ld.play_game(agents, rng, cfg, starter=2)
    assert record.hands.shape == (3, 6) and record.hands.sum() == 15
    winner, rounds = ld.play_dice_loss_match(agents, rng, cfg)
    assert 10 <= len(rounds) <= 14 and winner in (0, 1, 2)   # 15 dice, the winner keeps 1..5
    assert [int(r.hands.sum()) for r in rounds] == list(range(15, 15 - len(rounds), -1))


def test_match_alternates_starters():
    records = ld.play_match([TestProgram(3), TestProgram(20)], 6, np.random.default_rng(1))
    assert [r.starter for r in records] == [0, 1, 0, 1, 0, 1]
    with pytest.raises(ValueError, match="starters"):
        ld.play_match([TestProgram(3), TestProgram(20)], 2, np.random.default_rng(1), starters="first")


class _Broken:
    def act(self, obs, legal_actions, rng):
        return ("bid", (1, 1))


def test_agent_with_illegal_bid_is_named():
    with pytest.raises(ValueError, match="player 1 .*_Broken"):
        ld.play_game([TestProgram(1), _Broken()], np.random.default_rng(0), starter=1)


def test_record_is_plain_data():
    record = ld.play_game([TestProgram(1), TestProgram(2)], np.random.default_rng(0))
    d = record.to_dict()
    assert set(d) >= {"hands", "starter", "bids", "challenger", "winner", "loser"}
    assert record.n_turns == len(record.bids) + 1
