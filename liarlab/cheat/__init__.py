"""Cheat (Bluff / I Doubt It), after the term paper of notebook 04.

* :mod:`~liarlab.cheat.positions`: stage 1, the black/white position game, its five personalities and
  the lie-profile learner.
* :mod:`~liarlab.cheat.game`: stage 2, Cheat with the paper's modified rules or the traditional ones.
* :mod:`~liarlab.cheat.policies` and :mod:`~liarlab.cheat.agents`: agent types a..f, random, linear Q.
* :mod:`~liarlab.cheat.fast`: compiled engines for both stages, tested against the rules modules.

Importing the package registers the agents with :func:`liarlab.core.api.register_agent` under the game
name ``"cheat"``: ``P1``..``P5``, ``stage1-learner`` (stage 1) and ``a``..``f``, ``random``, ``x``, ``q`` (stage 2).
It registers two games with :func:`liarlab.core.api.register_game`:

* ``"cheat"`` (stage 2): ``new_game(rng, rules=None, first_player=None)`` is :class:`~liarlab.cheat.game.CheatState`
  (the paper's modified game by default, ``rules=traditional_rules(n)`` for the traditional one); the
  winner gets +1 and every other player -1/(n-1). A game that reaches ``play_cap`` plays is a draw (all 0),
  so it promises zero-sum returns but not always one winner.
* ``"cheat-positions"`` (stage 1): ``new_game(rng, hand_distribution="binomial")`` is
  :class:`~liarlab.cheat.positions.PositionGameState`; returns are the sign of the score difference, so a tie
  gives 0 to both. The stage-1 agents are registered under this name too.
"""
from liarlab.core.api import agent_factory, register_agent, register_game

from . import agents, game, positions  # noqa: F401  (registers the agents)

#: the agents of each stage (the agent registry keeps them all under "cheat", as before)
STAGE2_AGENTS = (*agents.SCRIPTED_TYPES, "q")
STAGE1_AGENTS = (*positions.PERSONALITIES, "stage1-personality", "stage1-learner")

register_game("cheat", game.CheatState, agents=STAGE2_AGENTS, zero_sum=True, one_winner=False,
              title="Cheat, stage 2 (paper 04)",
              variants={"modified (the paper's), 2 players": {},
                        "modified, 3 players, challenger leads": {
                            "rules": game.modified_rules(n_players=3, leader_after_challenge="challenger")},
                        "traditional, 2 players": {"rules": game.traditional_rules(2), "first_player": 1},
                        "traditional, 4 players": {"rules": game.traditional_rules(4)}})

for _name in STAGE1_AGENTS:  # make_agent("cheat-positions", "P2") builds what make_agent("cheat", "P2") builds
    register_agent("cheat-positions", _name)(agent_factory("cheat", _name))

register_game("cheat-positions", positions.PositionGameState, agents=STAGE1_AGENTS, zero_sum=True,
              one_winner=False, title="Cheat, stage 1: the black/white position game (paper 04)",
              variants={"binomial hands": {}, "uniform hands": {"hand_distribution": "uniform"}})
