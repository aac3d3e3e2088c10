"""A scripted person at the terminal: typed lines first, then moves chosen from what the screen shows."""
from __future__ import annotations

import re

import numpy as np
import pytest

from liarlab.play.terminal import Session


class ScriptedPerson:
    """``read_line`` and ``write`` for a :class:`Session`.

    It types ``script`` first (bad input, chosen moves). After that it plays on like a person who only
    reads the screen: it asks for ``moves`` and types one of the moves listed (``pick``: "random" with
    its own generator, "first" or "last"), and answers "another game?" with y until ``games`` games ended.
    ``auto=False``: the input ends right after the script.
    """

    def __init__(self, script=(), games: int = 1, pick: str = "random", seed: int = 0, max_lines: int = 20_000,
                 auto: bool = True):
        self.script = list(script)
        self.auto = auto
        self.games = games
        self.pick = pick
        self.rng = np.random.default_rng(seed)
        self.out: list[str] = []
        self.typed: list[str] = []
        self.max_lines = max_lines
        self.ended = 0

    # -------------------------------------------------------------- the session's side
    def write(self, text: str) -> None:
        self.out.append(text)
        if text.startswith("another game?"):
            self.ended += 1

    def read_line(self):
        line = self._next()
        if line is not None:
            self.typed.append(line)
        return line

    def _next(self):
        if len(self.typed) > self.max_lines:
            raise AssertionError("the scripted person typed too many lines: the game does not end")
        if self.script:
            return self.script.pop(0)
        if not self.auto:
            return None  # end of input
        last = self.out[-1] if self.out else ""
        if last.startswith("another game?"):
            return "y" if self.ended < self.games else "n"
        if last.startswith("moves: "):
            moves = [m for m in re.split(r", ", last[len("moves: "):]) if not m.startswith("...")]
            moves[-1] = re.sub(r", \.\.\. \(\d+ more\)$", "", moves[-1])
            if self.pick == "first":
                return moves[0]
            if self.pick == "last":
                return moves[-1]
            return moves[int(self.rng.integers(len(moves)))]
        return "moves"

    # -------------------------------------------------------------- reading the screen
    @property
    def text(self) -> str:
        return "\n".join(self.out)


def run_session(adapter, agent: str, person: ScriptedPerson, seed: int = 1, max_games=None) -> Session:
    session = Session(adapter, agent, seed, person.read_line, person.write, max_games=max_games)
    session.run()
    return session


@pytest.fixture
def person():
    """The :class:`ScriptedPerson` class (a fixture, since test modules here are not importable by name)."""
    return ScriptedPerson


@pytest.fixture
def play():
    """``play(adapter, agent, person, seed=1, max_games=None) -> Session`` after the session ended."""
    return run_session
