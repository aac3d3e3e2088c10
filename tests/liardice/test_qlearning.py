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
    exprand_kind,
    forced_hand,
    honest_action,
    largest_multiplicity,
    paper_config,
    play_paper_game,
)
from liarlab.liardice.qfast import FastTable, Player, play, train
from liarlab.liardice.qtable import CorruptQTableError, Layout, QTable, QTableAgent, afterstate_key, paper_record
from liarlab.liardice.rules import CHALLENGE, new_game_from_hands

HAND = np.array([0, 2, 0, 1, 2, 0])          # two 2s, one 4, two 5s: m = 2, mf = 5 (ties go to the higher face)


def legal_after(bid, k=2):
    """The report's ordered action list after engine bid ``bid`` = (quantity, face) (None = opening)."""
    state = new_game_from_hands(np.tile([5, 0, 0, 0, 0, 0], (k, 1)), paper_config(k))
    if bid is not None:
        state.apply_action(("bid", bid))
    return state.legal_actions()


# ============================================================================ EXP rules

def test_opening_list_has_30k_bids_and_no_challenge():
    assert len(legal_after(None, 2)) == 60 and CHALLENGE not in legal_after(None, 2)
    assert len(legal_after(None, 3)) == 90
    assert legal_after((10, 6)) == [CHALLENGE]
    assert legal_after((10, 4)) == [("bid", (10, 5)), ("bid", (10, 6)), CHALLENGE]


def test_exp0_opening_window_is_the_six_one_die_bids():
    actions = legal_after(None)
    picks = {exp0_action(HAND, (0, 0), actions, u) for u in np.linspace(0, 0.999, 50)}
    assert picks == {("bid", (1, f)) for f in range(1, 7)}


def test_exp0_challenges_by_own_count_of_the_bid_face():
    # standing two 5s ([5, 2]); holding two 5s: 2 + 1 < 2 is false -> bid in the window
    actions = legal_after((2, 5))
    assert exp0_action(HAND, (5, 2), actions, 0.0) == ("bid", (2, 6))
    # standing three 6s, holding none: 0 + 1 < 3 -> challenge
    assert exp0_action(HAND, (6, 3), legal_after((3, 6)), 0.0) == CHALLENGE
    # standing two 6s: 0 + 1 < 2 -> challenge with margin 2 (k = 2), not with margin 3 (k = 3 text rule)
    assert exp0_action(HAND, (6, 2), legal_after((2, 6)), 0.0, margin=2) == CHALLENGE
    assert exp0_action(HAND, (6, 2), legal_after((2, 6), 3), 0.0, margin=3) == ("bid", (3, 1))


def test_exp0_window_near_the_top_includes_the_challenge():
    actions = legal_after((10, 4))        # (10,5), (10,6), challenge: window of 3
    hand = np.array([0, 0, 0, 5, 0, 0])   # five 4s: 5 + 1 < 10, so with k = 2 the challenge test fires first
    assert exp0_action(hand, (4, 10), actions, 0.0) == CHALLENGE
    # with a margin that keeps the test false the window itself reaches the challenge
    assert exp0_action(hand, (4, 10), actions, 0.99, margin=6) == CHALLENGE
    assert exp0_action(hand, (4, 10), actions, 0.0, margin=6) == ("bid", (10, 5))


def test_largest_multiplicity_ties_go_to_the_higher_face():
    assert largest_multiplicity(HAND) == (2, 5)
    assert largest_multiplicity([1, 1, 1, 1, 1, 0]) == (1, 5)


def test_exp1_to_exp3_openings():
    actions = legal_after(None)
    assert exp_action(1, HAND, (0, 0), actions) == ("bid", (1, 2))   # smallest honest bid: one 2
    assert exp_action(2, HAND, (0, 0), actions) == ("bid", (2, 5))   # largest honest bid [mf, m]
    assert exp_action(3, HAND, (0, 0), actions) == ("bid", (3, 5))   # slight lie [mf, m + 1]


def test_exp123_challenge_on_largest_multiplicity_and_honest_raise():
    for kind in (1, 2, 3):
        # m = 2: challenge when 2 + 1 < count, i.e. at four of anything (even of a held face)
        assert exp_action(kind, HAND, (2, 4), legal_after((4, 2))) == CHALLENGE
        # after one 6 the smallest honest bid is two 2s
        assert exp_action(kind, HAND, (6, 1), legal_after((1, 6))) == ("bid", (2, 2))
        # after three 1s no honest bid exists: fallback smallest = (3, 2); best_face_plus_one = three 5s
        assert exp_action(kind, HAND, (1, 3), legal_after((3, 1))) == ("bid", (3, 2))
        assert exp_action(kind, HAND, (1, 3), legal_after((3, 1)), fallback="best_face_plus_one") == ("bid", (3, 5))
    # margin 3 (three players): three of a face is no longer challenged at m = 2 ... nor four
    assert exp_action(1, HAND, (2, 4), legal_after((4, 2), 3), margin=3) == ("bid", (4, 3))
    assert exp_action(1, HAND, (2, 5), legal_after((5, 2), 3), margin=3) == CHALLENGE


def test_honest_action_fallback_when_only_the_challenge_is_left():
    assert honest_action([CHALLENGE], HAND) == CHALLENGE


def test_exprand_cut_points_are_inclusive():
    assert [exprand_kind(u) for u in (0.0, 0.25, 0.2501, 0.5, 0.75, 0.7501, 0.999)] == [0, 0, 1, 1, 2, 3, 3]


def test_forced_hands_have_the_pattern():
    rng = np.random.default_rng(0)
    for s in range(1, 6):
        for _ in range(200):
            h = forced_hand(rng, s)
            assert h.sum() == 5 and h.max() == s and (s == 1 or (h == s).sum() == 1)
            assert set(h[h != s]) <= {0, 1}       # the rest are distinct singletons
    with pytest.raises(ValueError, match="same"):
        forced_hand(rng, 6)


def test_registered_agents_and_bad_names():
    for name in ("RAND", "EXP0", "EXP1", "EXP2", "EXP3", "EXPRAND", "QTABLE"):
        assert make_agent("liardice", name) is not None
    with pytest.raises(ValueError, match="EXP9"):
        make_agent("liardice", "EXP9")
    with pytest.raises(ValueError, match="honest_fallback"):
        ExpAgent(1, honest_fallback="biggest")
    with pytest.raises(ValueError, match="kind"):
        qfast.Player("EXP7")


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

def test_report_example_keys():
    six4 = [0, 0, 0, 0, 0, 4]
    assert afterstate_key([(5, 2)], six4 + [], ("bid", (3, 6))) == (5, 2, 6, 4, 3)
    assert afterstate_key([], [0, 0, 0, 4, 0, 0], ("bid", (4, 4))) == (0, 0, 4, 4, 4)
    assert afterstate_key([(5, 2), (4, 1)], HAND, CHALLENGE, history=2) == (5, 2, 4, 1, -1, -1, -1)
    assert afterstate_key([(5, 2)], [1, 1, 0, 1, 0, 2], ("bid", (2, 6)), hand="full") == (5, 2, 1, 1, 0, 1, 0, 2, 6, 2)
    assert (afterstate_key([(5, 2), (4, 1)], [0, 0, 0, 1, 0, 4], ("bid", (3, 6)), history=2, hand="full")
            == (5, 2, 4, 1, 0, 0, 0, 1, 0, 4, 6, 3))
    # the record is newest first in (face, count) order; short records are padded with (0, 0)
    assert paper_record([(0, (1, 4)), (1, (2, 5))]) == [(5, 2), (4, 1)]
    assert afterstate_key([(4, 1)], HAND, ("bid", (2, 2)), history=3) == (4, 1, 0, 0, 0, 0, 2, 2, 2)


def test_report_space_sizes():
    assert Layout(2, 1).report_space_size == 11_040
    assert Layout(2, 2).report_space_size == 218_130
    assert Layout(2, 1, "full").report_space_size == 476_280
    assert Layout(3, 1).report_space_size == 24_660


@pytest.mark.parametrize("layout", [Layout(2, 1), Layout(2, 2), Layout(3, 1), Layout(2, 1, "full"), Layout(2, 3),
                                    Layout(2, 3, "full")])
def test_dense_layout_is_a_bijection(layout):
    rng = np.random.default_rng(1)
    idx = np.unique(rng.integers(0, layout.size, 3000))
    if layout.hand == "partial":   # a challenge key ignores the hand: only held = 0 of it is used
        idx = idx[((idx // 6) % layout.n_actions != layout.n_bids) | (idx % 6 == 0)]
    keys = layout.keys_of_indices(idx)
    back = [layout.index_of_key(tuple(int(x) for x in k)) for k in keys]
    assert back == idx.tolist()
    assert layout.indices_of_keys(keys).tolist() == idx.tolist()      # the vectorised loader agrees
    ranks = [layout.history_rank(tuple(h[h >= 0])) for h in layout.histories()]
    assert ranks == list(range(layout.n_histories))


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

def test_paper_update_two_steps_by_hand():
    agent = QTableAgent(epsilon=0.0)
    s1, s2 = (0, 0, 5, 2, 2), (5, 3, 5, 2, 4)
    agent.visited = [s1, s2]
    agent.feed_reward(1.0)
    # last afterstate toward gamma * R = 0.9: 0 + 0.2 * 0.9 = 0.18; the earlier one toward 0.9 * 0.18
    assert agent.table.get(s2) == pytest.approx(0.18)
    assert agent.table.get(s1) == pytest.approx(0.2 * 0.9 * 0.18)   # 0.0324
    agent.visited = [s1, s2]
    agent.feed_reward(0.0)
    assert agent.table.get(s2) == pytest.approx(0.18 + 0.2 * (0.0 - 0.18))                  # 0.144
    assert agent.table.get(s1) == pytest.approx(0.0324 + 0.2 * (0.9 * 0.144 - 0.0324))      # 0.05184


def test_q_learning_variant_update_by_hand():
    agent = QTableAgent(epsilon=0.0, rule="q_learning")
    agent.table.values[(0, 0, 6, 1, 2)] = 0.5
    # opening holding one 6; greedy picks the valued key (0,0,6,1,2) = two 6s
    state = new_game_from_hands([[1, 1, 1, 1, 0, 1], [1, 1, 1, 1, 1, 0]], paper_config(2))
    obs = state.observation(0)
    agent.new_game(0, 0, state.config)
    assert agent.act(obs, state.legal_actions(), np.random.default_rng(0)) == ("bid", (2, 6))
    state.apply_action(("bid", (2, 6)))
    state.apply_action(("bid", (3, 6)))
    # next own decision: all next keys read 0 -> target 0.9 * 0 = 0, so 0.5 -> 0.4
    agent.act(state.observation(0), state.legal_actions(), np.random.default_rng(0))
    assert agent.table.get((0, 0, 6, 1, 2)) == pytest.approx(0.4)
    # end of game (loss): the last afterstate (the challenge of three 6s) toward R = 0
    last = agent.visited[-1]
    agent.end_game(type("R", (), {"winner": 1})(), 0)
    assert agent.table.get(last) == pytest.approx(0.0)


def test_untried_position_picks_the_last_action():
    agent = QTableAgent(epsilon=0.0)
    state = new_game_from_hands([[1, 1, 1, 1, 1, 0], [1, 1, 1, 1, 1, 0]], paper_config(2))
    assert agent.act(state.observation(0), state.legal_actions(), np.random.default_rng(0)) == ("bid", (10, 6))
    state.apply_action(("bid", (1, 1)))
    assert agent.act(state.observation(1), state.legal_actions(), np.random.default_rng(0)) == CHALLENGE


def test_bad_parameters_give_clear_errors():
    with pytest.raises(ValueError, match="history"):
        QTableAgent(history=0)
    with pytest.raises(ValueError, match="epsilon"):
        QTableAgent(epsilon=1.5)
    with pytest.raises(ValueError, match="alpha"):
        QTableAgent(alpha=-0.1)
    with pytest.raises(ValueError, match="rule"):
        QTableAgent(rule="td_lambda")
    with pytest.raises(ValueError, match="history"):
        FastTable.new(2, 0)
    with pytest.raises(ValueError, match="epsilon"):
        qfast.Player("EXP0", epsilon=2.0)
    with pytest.raises(ValueError, match="learner"):
        play(["EXP0", "EXP1"], 10, np.random.default_rng(0), learner=0)


# ============================================================================ save / load

def test_save_load_round_trip_and_corruption(tmp_path):
    table = QTable(2, 1, "partial", {(0, 0, 4, 4, 4): 0.8975, (5, 2, -1, -1, -1): 0.25, (6, 1, 6, 3, 3): 0.892})
    path = table.save(tmp_path / "q.npz")
    again = QTable.load(path)
    assert again.values == table.values and again.history == 1 and again.hand == "partial"
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    bad = tmp_path / "bad.npz"
    bad.write_bytes(bytes(raw))
    with pytest.raises(CorruptQTableError):
        QTable.load(bad)
    # a validly zipped file whose values were edited fails the checksum
    with np.load(path) as data:
        members = {k: data[k] for k in data.files}
    members["values"] = members["values"] + 0.01
    np.savez(tmp_path / "edited.npz", **members)
    with pytest.raises(CorruptQTableError, match="checksum"):
        QTable.load(tmp_path / "edited.npz")


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
