"""The State/Agent protocols, play_game and the registry of games and agents (liarlab.core.api)."""

import numpy as np
import pytest

from liarlab.core import api


def test_every_game_registers_agents_and_unknown_names_list_the_known_ones():
    for game in ("liardice", "cheat", "honeymoon", "cheat-positions", "bluff", "ferguson"):
        assert api.agent_names(game), game
        assert set(api.game(game).agents) <= set(api.agent_names(game))
    assert {"random-guess", "test-program", "EXP0", "QTABLE"} <= set(api.agent_names("liardice"))
    with pytest.raises(ValueError, match="known: .*EXP0"):
        api.make_agent("liardice", "EXP9")
    with pytest.raises(ValueError, match="unknown game 'chess'; known: .*'liardice'"):
        api.agent_names("chess")
    with pytest.raises(ValueError, match="unknown game"):
        api.make_agent("chess", "random")
    # Bluff and Ferguson register theirs in liarlab.bluff.agents, one RandomAgent for both (issue 38)
    assert api.game("bluff").agents == ("exact", "per-turn", "random")
    assert api.game("ferguson").agents == ("T*", "optimal", "random")
    assert api.agent_factory("bluff", "random") is api.agent_factory("ferguson", "random")


def test_register_game_checks_its_agents_and_refuses_a_second_game_under_a_taken_name(monkeypatch):
    monkeypatch.setattr(api, "_GAMES", dict(api._GAMES))  # the test's game leaves with the test
    monkeypatch.setattr(api, "_REGISTRY", dict(api._REGISTRY))
    new = api.game("liardice").new_game
    with pytest.raises(ValueError, match="unregistered agents \\['nobody'\\]"):
        api.register_game("_test_game", new, agents=["nobody"])
    api.register_agent("_test_game", "_someone")(dict)
    entry = api.register_game("_test_game", new, variants={"v": {"starter": 1}}, one_winner=False)
    assert entry.agents == ("_someone",) and api.game("_test_game") is entry
    assert api.new_game("_test_game", np.random.default_rng(0), starter=1).current_player() == 1
    assert api.register_game("_test_game", new).variants == {"default": {}}  # the same factory again is fine
    with pytest.raises(ValueError, match="already registered"):
        api.register_game("_test_game", api.game("honeymoon").new_game)


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


