"""Liar's Dice (Ferguson's model) and Bluff with N-faced dice: rules, the talk's per-turn method, exact solvers.

The entry point for an exact Bluff round is :func:`solve_bluff` (:mod:`liarlab.bluff.api`): it chooses the
whole-tree LP (:mod:`liarlab.bluff.exact`) or the certified double oracle (:mod:`liarlab.bluff.oracle`) and
returns a :class:`BluffResult` (value, certified bracket, both plans, the value as a fraction). Whole grids of
rounds: :func:`liarlab.bluff.oracle.certified_grid`. Ferguson's one-die game: :func:`ferguson_first_player_win`.
"""
from liarlab.bluff.api import BluffResult, choose_method, solve_bluff
from liarlab.bluff.ferguson import ferguson_first_player_win

__all__ = ["BluffResult", "choose_method", "ferguson_first_player_win", "solve_bluff"]
