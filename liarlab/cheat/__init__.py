"""Cheat (Bluff / I Doubt It), after the term paper of notebook 04.

* :mod:`~liarlab.cheat.positions`: stage 1, the black/white position game, its five personalities and
  the lie-profile learner.
* :mod:`~liarlab.cheat.game`: stage 2, Cheat with the paper's modified rules or the traditional ones.
* :mod:`~liarlab.cheat.policies` and :mod:`~liarlab.cheat.agents`: agent types a..f, random, linear Q.
* :mod:`~liarlab.cheat.fast`: compiled engines for both stages, tested against the rules modules.

Importing the package registers the agents with :func:`liarlab.core.api.register_agent` under the game
name ``"cheat"``: ``P1``..``P5``, ``stage1-learner`` (stage 1) and ``a``..``f``, ``random``, ``q`` (stage 2).
"""
from . import agents, game, positions  # noqa: F401  (registers the agents)
