"""Liar's Dice (Ferguson's model) and Bluff with N-faced dice: rules, the talk's per-turn method, exact solvers."""
from liarlab.bluff.exact import solve_bluff
from liarlab.bluff.ferguson import ferguson_first_player_win

__all__ = ["ferguson_first_player_win", "solve_bluff"]
