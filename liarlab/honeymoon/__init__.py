"""Honeymoon Bridge (paper 03): rules, the exact two-hand solver, bidding, exchange and bots.

Importing the package registers the game ``"honeymoon"`` with :mod:`liarlab.core.api`: its ``new_game(rng,
opener=0)`` is :class:`HoneymoonState` (a shuffled deal); the declarer's side wins (+1) or loses (-1) the
contract. Its bots: ``thesis``, ``mca``, ``rule``, ``hcp_greedy``, ``random``.
"""
from liarlab.core.api import register_game

from . import agents  # noqa: F401  (registers the bots)
from .rules import HoneymoonState
from .solver import DoubleDummy, double_dummy_tricks, double_dummy_tricks_reference

__all__ = ["DoubleDummy", "HoneymoonState", "double_dummy_tricks", "double_dummy_tricks_reference"]

register_game("honeymoon", HoneymoonState, title="Honeymoon Bridge (paper 03)",
              variants={"player 0 opens": {}, "player 1 opens": {"opener": 1}})
