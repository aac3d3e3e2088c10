"""Common-hand Liar Dice (papers 01 and 02): the rules, agents, the compiled engines and the network belief.

Importing the package registers the game ``"liardice"`` with :mod:`liarlab.core.api`: its ``new_game(rng,
config=THESIS, starter=0)`` is :func:`liarlab.liardice.rules.new_game` (two players by default, three with
``config=LiarDiceConfig(n_players=3)``); the winner of the showdown gets +1, its loser -1, a bystander 0. Its agents:
paper 01's ``random-guess``, ``test-program`` (``type_id=1..32``) and ``best-response``; paper 02's ``RAND``,
``EXP0``..``EXP3``, ``EXPRAND`` and ``QTABLE``.

Entry points: :func:`play_match` (games between any agents, every game recorded), :func:`simulate_match`
(paper 01's agents in compiled code), and paper 02's compiled Q-learning: a :class:`FastTable` over a
:class:`Layout`, trained in place by :func:`train_q` and played by :func:`play_q` (lineup slots are rule names
or :class:`QPlayer`).
"""
from liarlab.core.api import register_game
from liarlab.liardice import agents, exp_agents, qtable  # noqa: F401  (registers the agents)
from liarlab.liardice import rules as _rules
from liarlab.liardice.fast import simulate_match
from liarlab.liardice.qfast import FastTable
from liarlab.liardice.qfast import Player as QPlayer
from liarlab.liardice.qfast import play as play_q
from liarlab.liardice.qfast import train as train_q
from liarlab.liardice.qtable import Layout
from liarlab.liardice.rules import play_match

__all__ = ["FastTable", "Layout", "QPlayer", "play_match", "play_q", "simulate_match", "train_q"]

register_game(
    "liardice", _rules.new_game, title="Liar Dice with a common hand (papers 01 and 02)",
    variants={"thesis: 2 players, 5 dice, bids from 2": {},
              "report: 3 players, bids from 1": {"config": exp_agents.paper_config(3), "starter": 2},
              "4 players, 2 dice, wild ones": {"config": _rules.LiarDiceConfig(n_players=4, dice_per_player=2,
                                                                              wild_ones=True), "starter": 1}})
