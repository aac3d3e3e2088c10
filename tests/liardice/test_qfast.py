"""Paper 02: EXP rules, the Q-table agent's keys and update, save/load, and the compiled engine's agreement."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.core.api import make_agent
from liarlab.liardice import qfast
from liarlab.liardice.exp_agents import (
    ExpAgent,
    ExpRandAgent,
    RandAgent,
    exp0_action,
    exp_action,
    forced_hand,
    paper_config,
    play_paper_game,
)
from liarlab.liardice.qfast import FastTable, Player, play, train
from liarlab.liardice.qtable import Layout, QTableAgent
from liarlab.liardice.rules import CHALLENGE, new_game_from_hands

HAND = np.array([0, 2, 0, 1, 2, 0])          # two 2s, one 4, two 5s: m = 2, mf = 5 (ties go to the higher face)


def legal_after(bid, k=2):
    """The report's ordered action list after engine bid ``bid`` = (quantity, face) (None = opening)."""
    state = new_game_from_hands(np.tile([5, 0, 0, 0, 0, 0], (k, 1)), paper_config(k))
    if bid is not None:
        state.apply_action(("bid", bid))
    return state.legal_actions()


# ============================================================================ EXP rules

@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.lists(st.integers(0, 5), min_size=5, max_size=5), st.integers(-1, 59),
       st.integers(2, 3), st.integers(0, 1), st.floats(0, 0.999999), st.integers(1, 12))
def test_compiled_exp_decisions_equal_the_reference(kind, dice, last, margin, fallback, u, window):
    own = np.bincount(dice, minlength=6).astype(np.int64)
    bid = None if last < 0 else (last // 6 + 1, last % 6 + 1)
    actions = legal_after(bid)
    face_count = (0, 0) if bid is None else (bid[1], bid[0])
    fb = ("smallest", "best_face_plus_one")[fallback]
    if kind == 0:
        want = exp0_action(own, face_count, actions, u, margin, window)
    else:
        want = exp_action(kind, own, face_count, actions, margin, fb)
    got = qfast._exp_decide(kind + 1, own, last, 60, margin, fallback, u, window)
    assert got == (60 if want == CHALLENGE else (want[1][0] - 1) * 6 + want[1][1] - 1)


# ============================================================================ keys

def test_compiled_history_rank_equals_the_layout():
    layout = Layout(2, 3)
    binom, offsets = layout.binomials(), layout.offsets()
    rng = np.random.default_rng(2)
    for _ in range(200):
        nb = int(rng.integers(0, 6))
        bids = np.sort(rng.choice(60, size=nb, replace=False)).astype(np.int64)
        want = layout.history_rank(tuple(reversed(bids[-3:].tolist())))
        assert qfast._history_rank(bids, nb, 3, binom, offsets) == want


# ============================================================================ the update rule

# ============================================================================ save / load

def test_fast_table_round_trips(tmp_path):
    table = FastTable.new(2, 2)
    train(table, "EXP0", 3000, np.random.default_rng(3))
    as_dict = table.to_qtable()
    assert len(as_dict) == len(table) > 0
    back = FastTable.from_qtable(as_dict)
    assert np.array_equal(back.values, table.values) and np.array_equal(back.seen, table.seen)
    loaded = FastTable.load(table.save(tmp_path / "t.npz"))
    assert np.array_equal(loaded.values, table.values) and loaded.games_trained == 3000


# ============================================================================ engines agree

def _exact_replay(history, hand, opponent, rule, n_games=300, seed=5):
    """Deterministic games (epsilon 0, EXP1-3 opponents, fixed hands): both engines must agree exactly."""
    rng = np.random.default_rng(seed)
    hands = np.stack([np.stack([forced_hand(rng, 0) for _ in range(2)]) for _ in range(n_games)])
    ref = QTableAgent(history=history, hand=hand, epsilon=0.0, rule=rule)
    opp = ExpAgent(opponent)
    ref_winners = []
    for g in range(n_games):
        rl_seat = g % 2
        agents = [ref, opp] if rl_seat == 0 else [opp, ref]
        record = play_paper_game(agents, rng, hands=hands[g])
        ref_winners.append(0 if record.winner == rl_seat else 1)
    fast = FastTable.new(2, history, hand)
    result = play([Player(fast, epsilon=0.0), f"EXP{opponent}"], n_games, np.random.default_rng(0), learner=0,
                  rule=rule, hands=hands)     # hands by seat, the learner rotating seats as in the reference
    assert result.winner.tolist() == ref_winners
    got = fast.to_qtable()
    assert set(got.values) == set(ref.table.values)
    for key, value in ref.table.values.items():
        assert got.values[key] == pytest.approx(value, abs=1e-12)


@pytest.mark.parametrize("history,hand,opponent,rule", [(1, "partial", 1, "paper"), (2, "partial", 2, "paper"),
                                                        (1, "full", 3, "paper"), (1, "partial", 1, "q_learning"),
                                                        (1, "partial", 2, "sarsa"), (3, "partial", 1, "paper"),
                                                        (2, "full", 2, "paper"), (3, "full", 3, "q_learning")])
def test_compiled_training_equals_the_reference_game_by_game(history, hand, opponent, rule):
    _exact_replay(history, hand, opponent, rule)


def test_compiled_games_agree_with_the_rules_module_in_distribution():
    rng = np.random.default_rng(11)
    n_ref = 1500
    for a, b in (("EXP0", "EXP1"), ("EXPRAND", "EXP3")):
        agents = [make_agent("liardice", a), make_agent("liardice", b)]
        wins = sum(play_paper_game(agents, rng).winner == 0 for _ in range(n_ref))
        fast = play([a, b], 200_000, rng, seats=0).wins(0) / 200_000
        se = np.sqrt(fast * (1 - fast) / n_ref)
        assert abs(wins / n_ref - fast) < 4 * se + 1e-3, (a, b, wins / n_ref, fast)


def test_three_player_engine_agrees_with_the_rules_module():
    rng = np.random.default_rng(12)
    agents = [ExpAgent(0), ExpAgent(1), RandAgent()]
    n_ref = 1500
    ref = np.bincount([play_paper_game(agents, rng).winner for _ in range(n_ref)], minlength=3) / n_ref
    fast = np.bincount(play(["EXP0", "EXP1", "RAND"], 200_000, rng, seats=0).winner, minlength=3) / 200_000
    assert np.all(np.abs(ref - fast) < 4 * np.sqrt(fast * (1 - fast) / n_ref) + 1e-3)


def test_exprand_per_game_agrees_with_the_compiled_engine():
    rng = np.random.default_rng(13)
    agents = [ExpRandAgent(per="game"), ExpAgent(1)]
    n_ref = 1500
    wins = sum(play_paper_game(agents, rng).winner == 0 for _ in range(n_ref))
    fast = play(["EXPRAND-game", "EXP1"], 200_000, rng, seats=0).wins(0) / 200_000
    assert abs(wins / n_ref - fast) < 4 * np.sqrt(fast * (1 - fast) / n_ref) + 1e-3


# ============================================================================ learning works

def test_training_against_exp0_beats_an_untrained_table():
    rng = np.random.default_rng(2024)
    untrained = play([FastTable.new(2, 1), "EXP0"], 20_000, rng).wins(0) / 20_000
    table = FastTable.new(2, 1)
    train(table, "EXP0", 50_000, rng)
    trained = play([table, "EXP0"], 20_000, rng).wins(0) / 20_000
    assert trained > untrained + 0.2 and trained > 0.5


def test_reference_agent_learns_too():
    rng = np.random.default_rng(7)
    learner = QTableAgent()
    for g in range(2000):
        play_paper_game([learner, ExpAgent(0)] if g % 2 == 0 else [ExpAgent(0), learner], rng)
    frozen = QTableAgent(learner.table, learning=False)
    blank = QTableAgent(learning=False)

    def rate(agent):
        wins = 0
        for g in range(600):
            seat = g % 2
            rec = play_paper_game([agent, ExpAgent(0)] if seat == 0 else [ExpAgent(0), agent], rng)
            wins += rec.winner == seat
        return wins / 600

    assert rate(frozen) > rate(blank) + 0.15


# ============================================================================ hashed tables

@pytest.mark.parametrize("history,hand,rule", [(2, "partial", "paper"), (1, "full", "paper"),
                                               (1, "partial", "q_learning"), (1, "full", "q_learning")])
def test_hashed_table_trains_and_plays_exactly_like_the_dense_one(monkeypatch, history, hand, rule):
    """A layout stored in the hash table (grown from a tiny capacity) learns the same entries and plays the
    same games as the dense array (whose greedy choice and best next value scan the state's row directly, the
    hashed table looking each key up: the general path is the dense one's reference)."""
    from liarlab.liardice import qfast

    dense = FastTable.new(2, history, hand)
    assert not dense.sparse
    r1 = train(dense, "EXP1", 20_000, np.random.default_rng(3), rule=rule)
    frozen1 = play([dense, dense], 3_000, np.random.default_rng(4)).winner
    monkeypatch.setattr(qfast, "DENSE_LIMIT", 1_000)
    monkeypatch.setattr(qfast, "INITIAL_CAPACITY", 64)
    hashed = FastTable.new(2, history, hand)
    assert hashed.sparse and hashed.capacity == 64
    r2 = train(hashed, "EXP1", 20_000, np.random.default_rng(3), rule=rule)
    assert hashed.capacity > 64 and len(hashed) <= hashed.capacity // 2 + 64
    assert np.array_equal(r1.winner, r2.winner) and r1.created == r2.created == len(hashed)
    assert dense.to_qtable().values == hashed.to_qtable().values
    assert np.array_equal(play([hashed, hashed], 3_000, np.random.default_rng(4)).winner, frozen1)
    idx, vals = hashed.learned()
    assert np.array_equal(hashed.lookup(idx), vals) and hashed.lookup(np.array([idx.max() + 1]))[0] == 0.0


@pytest.mark.parametrize("k,history,hand,sparse", [(2, 1, "partial", False), (2, 1, "full", False), (2, 2, "full", True),
                                                   (2, 2, "partial", True), (3, 1, "partial", False)])
def test_frozen_tables_play_the_same_games_with_and_without_the_greedy_memo(monkeypatch, k, history, hand, sparse):
    """A frozen table's greedy actions remembered per (history, hand) state give the very games of a scan at every
    decision (the reference path, ``MEMO_LIMIT = 0``): against rules, against a copy of itself, at a fixed seat,
    and with shuffled ties (never remembered: they draw)."""
    if sparse:
        monkeypatch.setattr(qfast, "DENSE_LIMIT", 1_000)
    table = FastTable.new(k, history, hand)
    assert table.sparse == sparse
    train(table, ["EXP0"] * (k - 1), 4_000, np.random.default_rng(1))
    rest = ["EXP2"] * (k - 2)
    lineups = [([Player(table, epsilon=0.1), "EXP0"] + rest, {}),
               ([Player(table, epsilon=0.1), Player(table, epsilon=0.0)] + rest, {"seats": 0}),
               ([Player(table, epsilon=0.1, do_shuffle=True), "RAND"] + rest, {})]
    for lineup, kw in lineups:
        runs = []
        for limit in (0, qfast.MEMO_LIMIT):
            monkeypatch.setattr(qfast, "MEMO_LIMIT", limit)
            r = play(lineup, 3_000, np.random.default_rng(5), **kw)
            runs.append((r.winner.tolist(), r.shift.tolist(), r.length.tolist(), r.scanned.tolist()))
        assert runs[0] == runs[1]


def test_full_hand_with_history_three_trains_and_round_trips(tmp_path):
    table = FastTable.new(2, 3, "full")
    assert table.sparse and table.layout.report_space_size == 141_053_220
    train(table, "EXP0", 5_000, np.random.default_rng(0))
    back = FastTable.load(table.save(tmp_path / "f3.npz"))
    assert back.to_qtable().values == table.to_qtable().values and len(back) == len(table) > 0


def test_exp0s_window_reaches_the_compiled_games():
    """EXP0 drawing from one action (window 1) and never challenging by its rule (a margin above any count)
    raises one bid at a time to the top of the ladder: every game has all 60 bids and the challenge."""
    lineup = [Player("EXP0", margin=20, window=1), Player("EXP0", margin=20, window=1)]
    assert (play(lineup, 50, np.random.default_rng(0)).length == 61).all()
    wide = [Player("EXP0", margin=20), Player("EXP0", margin=20)]
    assert (play(wide, 50, np.random.default_rng(0)).length < 61).all()
    with pytest.raises(ValueError, match="window"):
        Player("EXP0", window=0)
