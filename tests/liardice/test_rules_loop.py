"""Liar Dice's way of playing: a wrapper over the one game loop (core.api.play_game) with the game's own hooks."""
import inspect

import numpy as np
import pytest

from liarlab.liardice import rules as ld
from liarlab.liardice.agents import BestResponseAgent, RandomGuessAgent, TestProgram
from liarlab.liardice.exp_agents import RandAgent


class _Hooked:
    """Takes the list (the one signature); notes every call of the game's hooks and what it was given."""

    def __init__(self, calls, name):
        self.calls, self.name, self.inner = calls, name, RandAgent()

    def new_game(self, player, starter, config, rng):
        self.calls.append((self.name, "new_game", player, starter))

    def act(self, observation, legal_actions, rng):
        self.calls.append((self.name, "act", legal_actions is not None))
        return self.inner.act(observation, legal_actions, rng)

    def end_game(self, record, player, rng):
        self.calls.append((self.name, "end_game", player, record.winner))


class _Unlisted(TestProgram):
    """A test program (one signature, ``needs_legal_actions = False``) noting what it was given."""

    def __init__(self, calls):
        super().__init__(4)
        self.calls = calls

    def act(self, observation, legal_actions, rng):
        self.calls.append(("unlisted", "act", legal_actions is not None))
        return super().act(observation, legal_actions, rng)


def test_the_hooks_come_before_and_after_the_loop_and_only_the_agents_that_need_it_get_the_list():
    calls = []
    record = ld.play_game([_Hooked(calls, "new"), _Unlisted(calls)], np.random.default_rng(3), starter=1)
    assert calls[0] == ("new", "new_game", 0, 1)
    assert calls[-1] == ("new", "end_game", 0, record.winner)
    turns = calls[1:-1]
    asked = {("unlisted", "act", False), ("new", "act", True)}
    assert asked <= set(turns) and len(turns) == len(record.bids) + 1 and set(turns) <= asked


def test_paper_01s_players_speak_the_one_signature_and_ask_for_no_list():
    for agent in (TestProgram(7), RandomGuessAgent(), BestResponseAgent()):
        assert "legal_actions" in inspect.signature(agent.act).parameters and not ld.needs_legal_actions(agent)
    assert ld.needs_legal_actions(RandAgent())


def test_a_game_that_does_not_end_raises_and_tells_no_agent():
    calls = []

    class Stalling(_Hooked):
        def act(self, observation, legal_actions, rng):
            return legal_actions[0]   # the lowest bid, never a challenge

    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        ld.play_game([Stalling(calls, "a"), Stalling(calls, "b")], np.random.default_rng(0), max_turns=3)
    assert not [c for c in calls if c[1] == "end_game"]


def test_paper_01s_players_refuse_a_game_of_other_rules_and_the_loop_names_the_seat():
    from liarlab.core import api
    from liarlab.liardice.exp_agents import paper_config

    state = ld.new_game(np.random.default_rng(0), paper_config(3), starter=1)
    with pytest.raises(ValueError, match=r"^player 1 \(RandomGuessAgent\): RandomGuessAgent plays .* not "):
        api.play_game(state, [RandAgent(), RandomGuessAgent(), RandAgent()], np.random.default_rng(0))
    wild = ld.LiarDiceConfig(wild_ones=True)   # told by new_game (the engine's hook): it plays those rules
    record = ld.play_game([RandomGuessAgent(), TestProgram(9)], np.random.default_rng(0), wild)
    assert record.winner in (0, 1)
