"""Paper 02's Q-table player in plain Python (liarlab.liardice.qtable): the report's keys and space sizes, the
update by hand, the choice of an untried position, save and load."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.liardice import qfast
from liarlab.liardice.exp_agents import (
    paper_config,
)
from liarlab.liardice.qfast import FastTable, play
from liarlab.liardice.qtable import CorruptQTableError, Layout, QTable, QTableAgent, afterstate_key, paper_record
from liarlab.liardice.rules import CHALLENGE, new_game_from_hands

HAND = np.array([0, 2, 0, 1, 2, 0])          # two 2s, one 4, two 5s: m = 2, mf = 5 (ties go to the higher face)


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
