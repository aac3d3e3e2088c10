"""Bluff at the terminal, driven through scripted standard input."""
import numpy as np
import pytest

from liarlab.bluff import rules as br
from liarlab.bluff.agents import ExactAgent
from liarlab.core.dice import Hand
from liarlab.play.bluff import BluffAdapter
from liarlab.play.cli import adapter_for
from liarlab.play.terminal import Session


def test_a_full_game_against_the_exact_equilibrium_with_bad_input_first(person, play):
    who = person(["hello", "c", "9 9", "1 7", "1 2"], games=1, seed=1)
    session = play(BluffAdapter(faces=3, dice=1), "exact", who, seed=2)   # the person opens game 1
    text = who.text
    assert "cannot play 'hello': not a move" in text
    assert "cannot play 'c': there is no bid to call" in text
    assert "cannot play '9 9': illegal bid: a bid is 1..2 dice" in text
    assert "cannot play '1 7': illegal bid" in text
    assert session.transcript[0] == (0, 0, 2)      # '1 2' is bid 2 of the ladder 1x1 < 1x2 < 1x3 < 2x1 ...
    assert "every round turned over" in text and session.score.games == 1
    assert "Traceback" not in text


def test_a_bid_below_the_standing_bid_is_refused():
    adapter = BluffAdapter(faces=3, dice=1)
    state = br.new_game(adapter.rules, np.random.default_rng(0), opener=1)
    state.apply_action(4)                                   # opponent bids 2 x 1s
    with pytest.raises(ValueError, match="1 x 3s is not higher than the standing bid 2 x 1s"):
        adapter.parse("1 3", state.observation(0), state.legal_actions())
    assert adapter.parse("2x3", state.observation(0), state.legal_actions()) == 6
    assert adapter.parse("bluff", state.observation(0), state.legal_actions()) == br.CALL


def test_rounds_until_no_dice_left_and_the_score(person, play):
    who = person(games=3, seed=4)
    session = play(BluffAdapter(faces=2, dice=2), "per-turn", who, seed=5)
    assert session.score.games == 3
    assert "final score after 3 games" in who.text
    assert who.text.count("the game:") == 3


def test_the_view_hides_the_opponents_dice():
    adapter = BluffAdapter(faces=4, dice=2)
    views = []
    for seed in range(6):
        state = br.new_game(adapter.rules, np.random.default_rng(seed))
        state.hands[0] = Hand((1, 4))
        views.append(adapter.show(state.observation(0), state.legal_actions()))
    assert len(set(views)) == 1 and "your dice: 1 4" in views[0]


def test_the_exact_agent_plays_the_equilibrium():
    """Facing the top of a one-die ladder, the only legal action is the call; and its draws follow the LP."""
    adapter = BluffAdapter(faces=2, dice=1)
    agent = ExactAgent(adapter.rules)
    state = br.new_game(adapter.rules, np.random.default_rng(0))
    state.apply_action(4)                                   # the top bid 2 x 2s
    assert agent.act(state.observation(1), state.legal_actions(), np.random.default_rng(1)) == br.CALL
    sol = agent.solution(1, 1)
    probs = sol.action_probabilities(1, (1,), ())
    rng = np.random.default_rng(3)
    fresh = br.new_game(adapter.rules, np.random.default_rng(0))
    fresh.hands[0] = Hand((1,))
    draws = [agent.act(fresh.observation(0), fresh.legal_actions(), rng) for _ in range(400)]
    freq = np.bincount(draws, minlength=len(probs)) / 400
    assert np.abs(freq - probs).max() < 0.1


def test_too_large_sizes_are_refused_before_solving():
    with pytest.raises(ValueError, match="the exact solver would take minutes to hours"):
        Session(adapter_for("bluff", faces=6, dice=3), "exact", 1, lambda: None, print)
    with pytest.raises(ValueError, match="faces must be"):
        adapter_for("bluff", faces=1)
    with pytest.raises(ValueError, match="--faces applies to bluff, ferguson only, not to cheat"):
        adapter_for("cheat", faces=4)
