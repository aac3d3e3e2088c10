"""Cheat at the terminal, driven through scripted standard input."""
import numpy as np
import pytest

from liarlab.cheat.game import Challenge, CheatState, Play, modified_rules
from liarlab.play.cheat import CheatAdapter


def test_a_full_game_with_bad_input_first(person, play):
    who = person(["dance", "play K", "play 4 4 4 4", "play", "play A 2 3 4 5"], games=1, seed=1)
    session = play(CheatAdapter(), "d", who, seed=3)
    text = who.text
    assert "cannot play 'dance': unknown command" in text
    assert "cannot play 'play K': not a move: K is not a rank of this deck" in text
    assert "cannot play 'play 4 4 4 4': card not in your hand" in text
    assert "cannot play 'play': name the cards" in text
    assert "every play turned over" in text and "final score after 1 game" in text
    assert session.score.games == 1
    assert "Traceback" not in text


def test_too_many_cards_and_an_empty_pile_challenge():
    adapter = CheatAdapter()
    state = CheatState(np.random.default_rng(0), modified_rules(), hands=[[2, 2, 1, 0, 0], [0, 0, 1, 2, 2]],
                       first_player=0)
    obs, legal = state.observation(0), state.legal_actions()
    with pytest.raises(ValueError, match="a play is 1 to 3 cards, you named 4"):
        adapter.parse("play A A 2 2", obs, legal)
    with pytest.raises(ValueError, match="nothing to challenge: the pile is empty"):
        adapter.parse("c", obs, legal)
    assert adapter.parse("play a 2", obs, legal) == Play((1, 1, 0, 0, 0))
    assert adapter.parse("AA", obs, legal) == Play((2, 0, 0, 0, 0))
    state.apply_action(Play((0, 1, 0, 0, 0)))       # a lie: a 2 claimed as an ace
    assert adapter.parse("challenge", state.observation(1), state.legal_actions()) == Challenge(0)


def test_the_view_hides_the_opponents_cards_and_what_was_really_played():
    adapter = CheatAdapter()
    views = []
    for other, played in (([0, 0, 1, 2, 2], (0, 0, 1, 1, 0)), ([5, 0, 0, 0, 0], (2, 0, 0, 0, 0))):
        s = CheatState(np.random.default_rng(0), modified_rules(), hands=[[2, 2, 1, 0, 0], other], first_player=1)
        s.apply_action(Play(played))
        views.append(adapter.show(s.observation(0), s.legal_actions()))
        assert "puts down 2 card(s) claiming A" in adapter.describe(s, 1, Play(played), 0)
    assert views[0] == views[1]


@pytest.mark.parametrize("agent", ["a", "b", "c", "e", "f", "random", "q"])
def test_every_stage2_agent_plays_two_games(person, play, agent):
    who = person(games=2, seed=5)
    session = play(CheatAdapter(), agent, who, seed=6)
    assert session.score.games == 2
    assert who.text.count("every play turned over") == 2


def test_stage1_agents_are_not_offered():
    offered = CheatAdapter().agents()
    assert set(offered) == {"a", "b", "c", "d", "e", "f", "random", "q"}


def test_end_of_input_mid_game(person, play):
    who = person(["moves"], auto=False)
    session = play(CheatAdapter(), "d", who, seed=3)
    assert "end of input: game 1 abandoned, not scored" in who.text
    assert session.score.games == 0
