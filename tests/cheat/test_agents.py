"""Cheat's registered stage-2 agents (liarlab.cheat.agents): they act on observations, read their features from one,
and the Q-learner's rewards and learning at a pile clear."""
import numpy as np
import pytest

from liarlab.cheat.agents import QLearner, ScriptedAgent, features
from liarlab.cheat.game import Challenge, CheatEvent, CheatState, Play
from liarlab.core.api import make_agent


def test_registered_agents_act_on_observations():
    rng = np.random.default_rng(0)
    state = CheatState(rng, hands=[[0, 2, 1, 1, 1], [1, 0, 1, 1, 1]], first_player=0)
    action = make_agent("cheat", "a").act(state.observation(0), state.legal_actions(), rng)
    assert isinstance(action, Play) and action in state.legal_actions()
    state.apply_action(action)
    assert make_agent("cheat", "d").act(state.observation(1), state.legal_actions(), rng) == Challenge(0)
    with pytest.raises(ValueError, match="kind"):
        ScriptedAgent("z")


def test_features_from_an_observation():
    state = CheatState(np.random.default_rng(0), hands=[[0, 2, 1, 1, 1], [1, 1, 1, 1, 0]], first_player=1)
    state.apply_action(Play((1, 1, 0, 0, 0)))          # player 1: 2 cards, a lie; 2 left
    phi, levels = features(state.observation(0), "F7")
    # pile 2 -> 1; previous hand 2 -> 1; previous play 2 -> 1; smallest hand 2 -> 1; players -> 2; no lies -> 1, 1
    assert list(levels) == [1, 1, 1, 1, 2, 1, 1]
    assert np.allclose(phi, np.array([1, 1, 1, 1, 2, 1, 1]) / 2 / 7)
    phi5, _ = features(state.observation(0), "F5")
    assert np.allclose(phi5[:5], np.array([1, 1, 1, 1, 2]) / 2 / 5) and phi5[5:].sum() == 0
    hot, _ = features(state.observation(0), "F7", "one-hot")      # one indicator per feature, at its level
    assert hot.shape == (21,) and list(np.flatnonzero(hot)) == [1, 4, 7, 10, 14, 16, 19]
    assert np.allclose(hot[hot > 0], 1 / 7)


def test_q_rewards_follow_the_table():
    q = QLearner()
    assert q.reward(5, 2, True, True, True, 6) == 2 * (2 - 6)     # LIE_2 caught with a pile of 6
    assert q.reward(5, 2, False, False, True, 0) == 4             # LIE_2 not challenged
    assert q.reward(2, 2, True, True, False, 5) == 7              # TRUTH_2 challenged: the challenger takes 5
    assert q.reward(0, -1, True, False, True, 4) == 4             # correct challenge
    assert q.reward(0, -1, True, False, False, 4) == -4           # wrong challenge
    assert QLearner(caught_lie="-P").reward(5, 2, True, True, True, 6) == -12   # E10 variant x = -P
    with pytest.raises(ValueError, match="caught_lie"):
        QLearner(caught_lie="P")


def test_q_learner_learns_at_a_pile_clear():
    q = QLearner(epsilon=0.0)
    rng = np.random.default_rng(0)
    state = CheatState(rng, hands=[[0, 2, 1, 1, 1], [1, 1, 1, 1, 1]], first_player=0)
    q.act(state.observation(0), None, rng)
    assert len(q.buffer) == 1 and q.weights.sum() == 0
    q.observe(CheatEvent("challenge", 1, target=0, lie=True, pile_size=3), 0)
    assert q.pending is not None and q.weights.sum() == 0   # waits for s'
    q.act(state.observation(0), None, rng)
    assert q.weights.any()
