"""The compiled Q-learner of the end game (liarlab.bluff.qlearner): its key layout, its exploring and greedy
choices by hand, and its training loop on games whose every draw is known. (The trainer against paper 02's plain
reference, to the bit, is tested in tests/papers/p06/test_p06_learners.py.)"""
import numpy as np
import pytest

from liarlab.bluff import qlearner as Q
from liarlab.bluff.endgame import EndGame

GAME = EndGame(3, (1, 1))


def test_the_key_layout_gives_every_key_its_own_index():
    layout = Q.KeyLayout(GAME)
    n, held = layout.n, layout.held_values
    keys = [(prev, action, h) for prev in range(n + 1) for action in range(n + 1)
            for h in (range(held) if action else [0])]
    indices = [layout.index(*key) for key in keys]
    assert len(set(indices)) == len(keys) and 0 <= min(indices) and max(indices) < layout.size
    assert layout.index(2, 0, 1) == layout.index(2, 0, 0)      # a challenge's key holds no count


def test_exploring_picks_by_list_position_and_greedy_ties_go_to_the_last_action():
    n = GAME.n_bids
    values = np.zeros(Q.KeyLayout(GAME).size)
    own = Q.hand_counts((2,), GAME.faces)
    # explore (u <= epsilon): position int(u_pick * legal) of the higher bids in increasing order, then the call
    assert Q.decide(GAME, values, own, 0, 0.0, 0.0, 0.5) == 1
    assert Q.decide(GAME, values, own, 0, 0.0, 0.999, 0.5) == n
    assert Q.decide(GAME, values, own, 2, 0.0, 0.999, 0.5) == 0
    # greedy (u > epsilon) on an untrained table: every value 0, so the last action, the call once a bid stands
    assert Q.decide(GAME, values, own, 0, 0.9, 0.0, 0.5) == n
    assert Q.decide(GAME, values, own, 2, 0.9, 0.0, 0.5) == 0
    values[Q.KeyLayout(GAME).index(2, 3, own[Q.ladder(GAME)[1][3]])] = 0.5     # bid 3 after bid 2 is now best
    assert Q.decide(GAME, values, own, 2, 0.9, 0.0, 0.5) == 3


def _opens_then_calls():
    """Opponent tables: open with bid 1, call any standing bid (cumulative over call, bid 1..n)."""
    n = GAME.n_bids
    cum = np.ones((2, GAME.faces, n + 1, n + 1))
    cum[:, :, 0, 0] = 0.0
    return cum


def test_training_on_known_draws_plays_the_games_by_hand():
    values = np.zeros(Q.KeyLayout(GAME).size)
    # game 0: the hands (face 1, face 3), the learner opens greedily with the top bid, the opponent calls;
    # game 1: the hands (face 2, face 2), the opponent opens with bid 1, the learner calls (its untrained choice)
    draws = np.array([0.0, 0.9, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    won, used = Q.train_table(GAME, _opens_then_calls(), 2, values, seed=-1, draws=draws, epsilon=0.1, alpha=0.2,
                              gamma=0.9, reward=1.0, penalty=0.0)
    assert used == 8                            # two hands, the learner's draw and the opponent's, each game
    assert GAME.bids[0] == (1, 1) and GAME.bids[-1] == (2, 3)
    # game 0: two 3s are not there, the learner loses (no reward to learn from); game 1: no 1 is there, the
    # opponent's opening bid is false and the learner's call wins: its one key moves to alpha * gamma * 1
    assert won.tolist() == [False, True]
    learned = {int(i): v for i, v in enumerate(values) if v}
    assert learned == pytest.approx({Q.KeyLayout(GAME).index(1, 0, 0): 0.2 * 0.9})


def test_draws_that_run_out_raise_and_a_seed_fixes_the_games():
    with pytest.raises(ValueError, match="ran out"):
        Q.train_table(GAME, _opens_then_calls(), 5, np.zeros(Q.KeyLayout(GAME).size), seed=-1,
                      draws=np.full(3, 0.5), epsilon=0.1, alpha=0.2, gamma=0.9, reward=1.0, penalty=0.0)
    runs = []
    for seed in (7, 7, 8):
        values = np.zeros(Q.KeyLayout(GAME).size)
        won, _ = Q.train_table(GAME, _opens_then_calls(), 200, values, seed=seed, draws=np.zeros(0), epsilon=0.3,
                               alpha=0.2, gamma=0.9, reward=1.0, penalty=0.0)
        runs.append((values, won))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
    assert not np.array_equal(runs[0][1], runs[2][1])
