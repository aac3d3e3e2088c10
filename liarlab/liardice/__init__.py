"""Common-hand Liar Dice (papers 01 and 02): the rules, agents, the compiled engines and the network belief.

Importing the package registers its agents under the game name ``"liardice"`` (:mod:`liarlab.core.api`):
paper 01's ``random-guess``, ``test-program`` (``type_id=1..32``) and ``best-response``; paper 02's ``RAND``,
``EXP0``..``EXP3``, ``EXPRAND`` and ``QTABLE``.
"""
from liarlab.liardice import agents, exp_agents, qtable  # noqa: F401  (registers the agents)
