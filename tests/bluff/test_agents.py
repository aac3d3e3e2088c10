"""liarlab.bluff.agents: the Bluff and Ferguson agents, registered with liarlab.core.api (issue 38)."""
import numpy as np
import pytest

from liarlab.bluff import agents
from liarlab.bluff import rules as br
from liarlab.bluff.ferguson import ferguson_solution
from liarlab.core import api


def test_the_registry_makes_each_agent_and_one_random_agent_serves_both_games():
    assert isinstance(api.make_agent("bluff", "exact", rules=br.Rules(faces=2)), agents.ExactAgent)
    assert isinstance(api.make_agent("bluff", "per-turn", rules=br.Rules(faces=2)), agents.PerTurnAgent)
    for game in ("bluff", "ferguson"):
        assert type(api.make_agent(game, "random")) is agents.RandomAgent
    assert isinstance(api.make_agent("ferguson", "T*", faces=3), agents.StrategyAgent)


def test_a_solving_agent_plays_its_own_rules_and_refuses_other_faces():
    rules = br.Rules(faces=2)
    exact = api.make_agent("bluff", "exact", rules=rules)
    for seed in range(4):
        rng = np.random.default_rng(seed)
        returns = api.play_game(br.new_game(rules, rng), [exact, agents.RandomAgent()], rng)
        assert sorted(returns) == [-1.0, 1.0]
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r"player 0 \(.*made for 2 faces; this game has 3"):
        api.play_game(br.new_game(br.Rules(faces=3), rng), [exact, agents.RandomAgent()], rng)
    with pytest.raises(ValueError, match="made for 6 faces; this game has 2"):
        api.play_game(api.new_game("ferguson", rng, faces=2), [api.make_agent("ferguson", "optimal"),
                                                               agents.RandomAgent()], rng)


def test_ferguson_agent_is_the_solvers_strategy():
    state = api.new_game("ferguson", np.random.default_rng(1), faces=6)
    obs, legal = state.observation(state.current_player()), state.legal_actions()
    direct = agents.StrategyAgent(ferguson_solution(6, "K").strategy).probabilities(obs, legal)
    assert agents.ferguson_agent(6, "K").probabilities(obs, legal) == direct
