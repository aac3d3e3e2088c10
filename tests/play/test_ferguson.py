"""Ferguson's Liar's Dice at the terminal (notebook 05, part 1), driven through scripted standard input."""
import io

import numpy as np
import pytest

from liarlab.bluff import rules as br
from liarlab.bluff.agents import StrategyAgent
from liarlab.bluff.ferguson import ferguson_solution, liars_dice_match_utility
from liarlab.play.cli import main
from liarlab.play.ferguson import FergusonAdapter


def test_a_full_game_with_bad_input_first(person, play):
    who = person(["dance", "c", "a", "7", "0", "say 9"], games=1, seed=1)
    session = play(FergusonAdapter(), "optimal", who, seed=3)
    text = who.text
    assert "cannot play 'dance': not a move" in text
    assert "cannot play 'c': there is nothing to call: you announce first" in text
    assert "cannot play 'a': there is nothing to accept" in text
    assert "cannot play '7': an announcement is 1..6" in text and "cannot play '0': an announcement is 1..6" in text
    assert "cannot play 'say 9'" in text
    assert session.score.games == 1 and "final score after 1 game" in text and "Traceback" not in text
    assert "announcements:" in text.split("=== game 1 ===")[1]


@pytest.mark.parametrize("agent", ["optimal", "T*", "random"])
def test_every_agent_plays_whole_games_and_the_first_caller_alternates(person, play, agent):
    who = person(games=3, seed=7)
    session = play(FergusonAdapter(faces=4), agent, who, seed=8)
    assert session.score.games == 3
    games = who.text.split("=== game ")[1:]
    assert "your die:" in games[0].split("\n")[1]              # game 1: the person calls first
    assert games[1].split("\n")[1].startswith("opponent announces")  # game 2: the agent does


def test_answers_and_announcements_are_checked_against_the_rules():
    adapter = FergusonAdapter()
    state = br.new_game(adapter.rules, np.random.default_rng(0), opener=1)   # the opponent calls first
    state.apply_action(4)
    obs, legal = state.observation(0), state.legal_actions()
    with pytest.raises(ValueError, match="the opponent announced 4: answer 'c'"):
        adapter.parse("5", obs, legal)
    assert adapter.parse("bluff", obs, legal) == br.CALL and adapter.parse("a", obs, legal) == adapter.faces + 1
    state.apply_action(adapter.faces + 1)                  # accept: the person rolls and must say more than 4
    obs, legal = state.observation(0), state.legal_actions()
    assert f"your die: {obs['own']}" in adapter.show(obs, legal) and "announce 5..6" in adapter.show(obs, legal)
    with pytest.raises(ValueError, match="higher than the last one, 4"):
        adapter.parse("4", obs, legal)
    with pytest.raises(ValueError, match="nothing to call: it is your turn"):
        adapter.parse("c", obs, legal)
    assert adapter.parse("6", obs, legal) == 6


def test_accepting_the_top_announcement_loses_and_the_screen_says_why():
    adapter = FergusonAdapter(faces=3)
    state = br.new_game(adapter.rules, np.random.default_rng(0), opener=1)
    state.apply_action(3)
    obs, legal = state.observation(0), state.legal_actions()
    assert "accepting loses, so call" in adapter.show(obs, legal)
    state.apply_action(adapter.faces + 1)
    assert state.is_terminal() and state.winner == 1
    assert "nothing higher is left" in adapter.describe(state, 0, adapter.faces + 1, 0)
    assert adapter.reveal(state, 0).endswith("the opponent wins the game")


def test_the_view_hides_the_opponents_die():
    adapter = FergusonAdapter()
    views = set()
    for seed in range(6):
        state = br.new_game(adapter.rules, np.random.default_rng(seed), opener=1)
        state.apply_action(2)
        views.add(adapter.show(state.observation(0), state.legal_actions()))
    assert len(views) == 1


def _exact_value(state, agents, faces):
    """Seat 0's expected return with both seats playing their strategies, every fresh roll enumerated."""
    def caller(st):
        total = 0.0
        for roll in range(1, faces + 1):
            rolled = st.clone()
            rolled.hands[rolled.current] = roll
            total += answer_or_end(rolled) / faces
        return total

    def answer_or_end(st):
        if st.is_terminal():
            return st.returns()[0]
        player, legal = st.current, st.legal_actions()
        value = 0.0
        for action, p in zip(legal, agents[player].probabilities(st.observation(player), legal)):
            if p > 0:
                nxt = st.clone()
                nxt.apply_action(action)
                fresh_turn = not nxt.is_terminal() and nxt.accepted and action == faces + 1
                value += p * (caller(nxt) if fresh_turn else answer_or_end(nxt))
        return value

    return caller(state)


@pytest.mark.parametrize("first, second", [("K", "K"), ("K", "T*"), ("T*", "K")])
def test_the_agents_play_the_solvers_strategies_through_the_rules_module(first, second):
    """Walking the rules module's game tree with the agents' probabilities gives the solver's exact value."""
    faces = 4
    strategies = {v: ferguson_solution(faces, v).strategy for v in ("K", "T*")}
    agents = [StrategyAgent(strategies[first]), StrategyAgent(strategies[second])]
    state = br.new_game(br.Rules(game="ferguson", faces=faces), np.random.default_rng(0), opener=0)
    value = _exact_value(state, agents, faces)
    assert value == pytest.approx(liars_dice_match_utility(strategies[first], strategies[second]), abs=1e-9)


def test_cli_plays_and_refuses_bad_options(capsys):
    assert main(["ferguson", "--faces", "4", "--seed", "2", "--games", "1"], stdin=io.StringIO("2\n")) == 0
    out = capsys.readouterr().out
    assert "4-faced die" in out and "final score" in out
    assert main(["ferguson", "--faces", "1"]) == 2
    assert "faces must be" in capsys.readouterr().err
    assert main(["ferguson", "--dice", "2"]) == 2
    assert "--dice applies to bluff only" in capsys.readouterr().err
    assert main(["ferguson", "--agent", "oracle"]) == 2
    assert "unknown agent 'oracle'" in capsys.readouterr().err


def test_the_terminal_games_share_the_one_random_agent_of_bluff_agents():
    from liarlab.bluff import agents
    from liarlab.play.bluff import BluffAdapter

    rng = np.random.default_rng(0)
    assert type(FergusonAdapter().make_agent("random", rng)) is agents.RandomAgent
    assert type(BluffAdapter().make_agent("random", rng)) is agents.RandomAgent
