"""The list of games (liarlab/games.py): every game package registers itself, and core names none of them."""
import ast
from pathlib import Path

import liarlab.games
from liarlab.core import api


def test_games_register_themselves_and_core_names_none_of_them():
    assert set(api.games()) == set(liarlab.games.all_games()) >= {"liardice", "bluff", "ferguson", "honeymoon",
                                                                  "cheat", "cheat-positions"}
    packages = {p.__name__ for p in liarlab.games.PACKAGES}
    assert packages == {"liarlab.liardice", "liarlab.bluff", "liarlab.honeymoon", "liarlab.cheat"}
    for source in Path(api.__file__).parent.glob("*.py"):  # no import of a game, no importlib, no game's name
        tree = ast.parse(source.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {m for m in imported if m.startswith(("importlib", "liarlab.games", *packages))}, source.name
        strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
        assert not strings & set(api.games()), source.name
