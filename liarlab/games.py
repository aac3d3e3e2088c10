"""Every game of liarlab, in one place above ``core``: importing this module registers them all.

``liarlab.core.api`` names no game: each game package registers its game(s) and agents when it is imported
(:func:`liarlab.core.api.register_game`, :func:`~liarlab.core.api.register_agent`). A caller that needs one
game imports that package; a caller that needs every game (the conformance test
``tests/core/test_game_conformance.py``, a tool listing them) imports this module and calls :func:`all_games`.
To add a game, import its package here (and add it to the import contracts in ``pyproject.toml``).
"""
from __future__ import annotations

import liarlab.bluff
import liarlab.cheat
import liarlab.honeymoon
import liarlab.liardice
from liarlab.core.api import Game, games

#: the game packages, each registering its games when imported
PACKAGES = (liarlab.liardice, liarlab.bluff, liarlab.honeymoon, liarlab.cheat)


def all_games() -> dict[str, Game]:
    """Every registered game by name: liardice, bluff, ferguson, honeymoon, cheat and cheat-positions."""
    return games()
