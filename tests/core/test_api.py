"""The State/Agent protocols, play_game and the agent registry (liarlab.core.api)."""
import numpy as np
import pytest

from liarlab.core import api
from liarlab.core.measures import mean_gain, nash_conv


def test_every_game_registers_agents_and_unknown_names_list_the_known_ones():
    for game in ("liardice", "cheat", "honeymoon"):
        assert api.agent_names(game), game
    assert {"random-guess", "test-program", "EXP0", "QTABLE"} <= set(api.agent_names("liardice"))
    with pytest.raises(ValueError, match="known: .*EXP0"):
        api.make_agent("liardice", "EXP9")
    with pytest.raises(ValueError, match="unknown game"):
        api.agent_names("chess")


def test_registering_a_second_factory_under_a_taken_name_fails():
    api.register_agent("liardice", "_test_only")(dict)
    api.register_agent("liardice", "_test_only")(dict)  # the same factory again is fine
    with pytest.raises(ValueError, match="already registered"):
        api.register_agent("liardice", "_test_only")(list)


class _Countdown:
    """A one-player game: take 1 or 2 from n; whoever takes the last wins (+1)."""

    def __init__(self, n):
        self.n, self.moves = n, 0

    def current_player(self):
        return 0

    def legal_actions(self):
        return [a for a in (1, 2) if a <= self.n]

    def apply_action(self, action):
        assert action in self.legal_actions()
        self.n -= action
        self.moves += 1

    def is_terminal(self):
        return self.n == 0

    def returns(self):
        return [1.0]

    def observation(self, player):
        return self.n


class _TakeOne:
    def act(self, observation, legal_actions, rng):
        return legal_actions[0]


def test_play_game_runs_a_state_to_its_end_and_guards_against_endless_games():
    state = _Countdown(5)
    assert isinstance(state, api.State) and isinstance(_TakeOne(), api.Agent)
    assert api.play_game(state, [_TakeOne()], np.random.default_rng(0)) == [1.0]
    assert state.moves == 5
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        api.play_game(_Countdown(5), [_TakeOne()], np.random.default_rng(0), max_actions=3)


def test_nash_conv_is_the_sum_and_mean_gain_the_mean_of_both_gains():
    assert nash_conv(0.25, 0.5) == 0.75
    assert mean_gain(0.25, 0.5) == 0.375
