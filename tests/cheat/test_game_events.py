"""Cheat's way of playing, play_with_events: a wrapper over the one game loop that tells learners each event."""
import numpy as np

from liarlab.cheat.agents import ScriptedAgent
from liarlab.cheat.game import CheatState, play_with_events, traditional_rules


class _Listener(ScriptedAgent):
    """A scripted player noting the events it hears, its end of game, and whether it was given the list."""

    def __init__(self, kind):
        super().__init__(kind)
        self.heard, self.ends, self.listed = [], [], []

    def act(self, observation, legal_actions, rng):
        self.listed.append(legal_actions is not None)
        return super().act(observation, legal_actions, rng)

    def observe(self, event, seat):
        self.heard.append((seat, event))

    def end_game(self, state, seat):
        self.ends.append((seat, state.is_terminal()))


def test_every_listener_hears_every_event_in_order_and_the_end_once():
    rng = np.random.default_rng(8)
    state = CheatState(rng)
    seats = [_Listener("b"), ScriptedAgent("e")]
    returns = play_with_events(state, seats, rng)
    assert returns == state.returns()
    assert seats[0].heard == [(0, event) for event in state.history] and len(state.history) >= 2
    assert seats[0].ends == [(0, True)]
    assert all(seats[0].listed)


def test_without_the_list_agents_get_none_and_the_game_still_ends():
    rng = np.random.default_rng(9)
    state = CheatState(rng, traditional_rules(3))
    seats = [_Listener(k) for k in "abc"]
    play_with_events(state, seats, rng, list_legal=False)
    assert state.is_terminal() and not any(any(s.listed) for s in seats)
    assert [s.ends for s in seats] == [[(0, True)], [(1, True)], [(2, True)]]
    assert all(s.heard == [(i, e) for e in state.history] for i, s in enumerate(seats))
