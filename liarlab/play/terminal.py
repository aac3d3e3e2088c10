"""A game-agnostic terminal front end: any State of :mod:`liarlab.core.api`, a person against one agent.

The person is just another Agent (:class:`HumanAgent`): shown only its own player's observation, it
reads a line, lets the game's adapter turn the text into one of the legal actions, and asks again, with a
one-line reason, for anything it cannot use. Nothing typed can end the game by accident or change the
State: an action reaches ``apply_action`` only after it was found among ``legal_actions()``.

Everything game-specific sits behind :class:`GameAdapter` (``liarlab/play/<game>.py``): how to deal a
game, which agents there are, how to show an observation, how to read a typed move, how to say in public
what a move did, and what the reveal at the end shows. The adapters build on each game's rules module and
registry; none of them re-implements a rule.

Input and output are two callables (``read_line`` returns ``None`` at the end of input, ``write`` prints
one block of text), so the tests drive whole sessions through scripted standard input without a terminal.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from liarlab.core import api
from liarlab.core.api import Agent, State

COMMANDS = (
    ("help", "this help: commands and how to type a move"),
    ("moves", "list the moves that are legal now"),
    ("show", "show the table again"),
    ("score", "the running score of this session"),
    ("quit", "stop (a game in progress is abandoned and not scored)"),
)


class MoveError(ValueError):
    """A typed move that cannot be played here; the message says why, in the words of the rules."""


class EndOfInput(Exception):
    """Standard input ended (or the player typed quit) while a move was wanted."""


class GameAdapter(Protocol):
    """What the terminal needs to know about one game (see the module docstring)."""

    name: str            # as typed on the command line, e.g. "liardice"
    title: str           # e.g. "Liar Dice (Huang 2009 rules)"
    default_agent: str
    move_help: str       # how to type a move, one example per line

    def agents(self) -> dict[str, str]:
        """Agent name -> one-line description."""

    def make_agent(self, name: str, rng: np.random.Generator) -> Agent:
        """A fresh opponent; kept for the whole session (learning agents learn from the person). A game of more
        than two players (an adapter with ``n_players`` > 2) gets one agent per other seat.

        An adapter may also have ``check_agent(name)``, raising ValueError before the session starts when
        that agent cannot play these settings, and ``preparing(name)``, a line to show while a slow agent is
        being made (a solver or a training run), or None."""

    def new_game(self, index: int, rng: np.random.Generator) -> tuple[State, int]:
        """Deal game number ``index`` (0-based); return the State and the person's seat (the other seats are the
        agents', in seat order)."""

    def show(self, observation, legal: Sequence) -> str:
        """The person's view: own hidden information and the public table, nothing else."""

    def parse(self, text: str, observation, legal: Sequence):
        """The legal action ``text`` means, or raise :class:`MoveError` saying why there is none."""

    def move_text(self, action, observation) -> str:
        """``action`` as the person would type it."""

    def describe(self, state: State, player: int, action, human: int) -> str:
        """What everybody at the table saw ``player`` do (never a hidden card or die)."""

    def reveal(self, state: State, human: int) -> str:
        """The end of the game with everything turned over."""


@dataclass
class Score:
    """The person's results in this session."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    abandoned: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def add(self, value: float) -> str:
        if value > 0:
            self.wins += 1
            return "you win"
        if value < 0:
            self.losses += 1
            return "you lose"
        self.draws += 1
        return "a draw"

    def text(self, opponent: str) -> str:
        line = (f"score after {self.games} game{'s' * (self.games != 1)}: you {self.wins}, "
                f"{opponent} {self.losses}")
        if self.draws:
            line += f", draws {self.draws}"
        if self.abandoned:
            line += f" ({self.abandoned} abandoned, not scored)"
        return line


class HumanAgent:
    """A person at the terminal, speaking the Agent protocol ``act(observation, legal_actions, rng)``."""

    def __init__(self, adapter: GameAdapter, read_line: Callable[[], str | None], write: Callable[[str], None],
                 score_text: Callable[[], str] = lambda: "no games finished yet"):
        self.adapter = adapter
        self.read_line = read_line
        self.write = write
        self.score_text = score_text

    def act(self, observation, legal_actions: Sequence, rng: np.random.Generator):
        legal = list(legal_actions)
        self.write(self.adapter.show(observation, legal))
        while True:
            line = self.read_line()
            if line is None:
                raise EndOfInput("end of input")
            text = line.strip()
            word = text.lower()
            if not text:
                self.write("type a move, or 'help'")
                continue
            if word in ("help", "?", "h"):
                self.write(help_text(self.adapter))
            elif word in ("moves", "legal", "m"):
                self.write(moves_text(self.adapter, observation, legal))
            elif word in ("show", "s", "table"):
                self.write(self.adapter.show(observation, legal))
            elif word == "score":
                self.write(self.score_text())
            elif word in ("quit", "exit", "q"):
                raise EndOfInput("quit")
            elif len(text) > MAX_MOVE_CHARS or re.search(r"\d{%d,}" % (MAX_NUMBER_DIGITS + 1), text):
                # no move of any game is this long, and Python refuses to read an integer of over 4,300 digits
                self.write(f"cannot play {_shown(text)}: no move is that long (numbers have at most "
                           f"{MAX_NUMBER_DIGITS} digits); 'help' lists the moves")
            else:
                try:
                    action = self.adapter.parse(text, observation, legal)
                except MoveError as err:
                    self.write(f"cannot play {_shown(text)}: {err}")
                    continue
                if action not in legal:  # an adapter that let an illegal move through: ask again, never apply it
                    self.write(f"cannot play {_shown(text)}: it is not a legal move now (type 'moves')")
                    continue
                return action


#: the longest line read as a move (the longest real move, a Cheat play of four cards, is under 20 characters)
MAX_MOVE_CHARS = 80
#: the most digits a number of a move may have
MAX_NUMBER_DIGITS = 6


def _shown(text: str) -> str:
    """The typed text as the error message repeats it: cut to 40 characters."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + f"... ({len(text)} characters)"


def help_text(adapter: GameAdapter) -> str:
    lines = [f"{adapter.title}", "", "How to type a move:", adapter.move_help.rstrip(), "", "Commands:"]
    lines += [f"  {name:<6} {what}" for name, what in COMMANDS]
    return "\n".join(lines)


AGAIN_HELP = ("The game is over. Now y or Enter deals the next game; n, quit or q ends the session; score shows the "
              "running score.")


def moves_text(adapter: GameAdapter, observation, legal: Sequence, limit: int = 60) -> str:
    moves = [adapter.move_text(a, observation) for a in legal]
    shown = ", ".join(moves[:limit])
    more = f", ... ({len(moves) - limit} more)" if len(moves) > limit else ""
    return f"moves: {shown}{more}"


@dataclass
class Session:
    """A run of games between the person and one agent, with a running score."""

    adapter: GameAdapter
    agent_name: str
    seed: int
    read_line: Callable[[], str | None]
    write: Callable[[str], None]
    max_games: int | None = None
    score: Score = field(default_factory=Score)
    transcript: list[Any] = field(default_factory=list)   # (game, player, action) of every move, for tests

    def __post_init__(self):
        known = self.adapter.agents()
        if self.agent_name not in known:
            raise ValueError(f"unknown agent {self.agent_name!r} for {self.adapter.name}; known: {sorted(known)}")
        if hasattr(self.adapter, "check_agent"):      # e.g. an exact solver that would not fit
            self.adapter.check_agent(self.agent_name)
        self.rng = np.random.default_rng(self.seed)
        self.n_players = int(getattr(self.adapter, "n_players", 2))
        self.agents: list = []  # one per other seat, made when the session starts (a solver may take seconds)
        self.agent = None       # the first of them (the only one in a two-player game)
        # who the score's losses went to: the agent, or "the d players" at a larger table
        self.opponents = self.agent_name if self.n_players == 2 else f"the {self.agent_name} players"
        self.human = HumanAgent(self.adapter, self.read_line, self.write,
                                lambda: self.score.text(self.opponents))

    def run(self) -> Score:
        self.write(f"{self.adapter.title}: you against '{self.agent_name}' "
                   f"(seed {self.seed}). Type 'help' for how to play.")
        if self.agent is None:
            note = self.adapter.preparing(self.agent_name) if hasattr(self.adapter, "preparing") else None
            if note:
                self.write(note)
            self.agents = [self.adapter.make_agent(self.agent_name, self.rng) for _ in range(self.n_players - 1)]
            self.agent = self.agents[0]
        index = 0
        while self.max_games is None or index < self.max_games:
            try:
                self.play_one(index)
            except EndOfInput as why:
                self.score.abandoned += 1
                self.write(f"{'end of input' if str(why) == 'end of input' else 'quit'}: "
                           f"game {index + 1} abandoned, not scored")
                break
            index += 1
            if self.max_games is not None and index >= self.max_games:
                break
            if not self.ask_again():
                break
        self.write("final " + self.score.text(self.opponents))
        return self.score

    def play_one(self, index: int) -> None:
        """One game to the end, the person's moves read as they come; EndOfInput leaves the State as it was."""
        state, human = self.adapter.new_game(index, self.rng)
        others = [seat for seat in range(self.n_players) if seat != human]
        seats = {human: self.human, **dict(zip(others, self.agents))}
        self.write(f"\n=== game {index + 1} ===")
        for seat in others:
            if hasattr(seats[seat], "start"):
                seats[seat].start(state, seat, self.rng)

        def tell(state, player, action):  # every move said in public as it happens
            self.transcript.append((index, player, action))
            line = self.adapter.describe(state, player, action, human)
            if line:
                self.write(line)

        api.play_game(state, [seats[seat] for seat in range(self.n_players)], self.rng, on_action=tell)
        for seat in others:
            if hasattr(seats[seat], "finish"):
                seats[seat].finish(state, seat, self.rng)
        self.write(self.adapter.reveal(state, human))
        result = self.score.add(state.returns()[human])
        self.write(f"{result}. {self.score.text(self.opponents)}")

    def ask_again(self) -> bool:
        self.write("another game? [Y/n]")
        while True:
            line = self.read_line()
            if line is None:
                self.write("end of input")
                return False
            word = line.strip().lower()
            if word in ("", "y", "yes"):
                return True
            if word in ("n", "no", "q", "quit", "exit"):
                return False
            if word in ("help", "?", "h"):
                self.write(help_text(self.adapter) + "\n\n" + AGAIN_HELP)
            elif word == "score":
                self.write(self.score.text(self.opponents))
            else:
                self.write("answer y or n (or help, score, quit)")
            self.write("another game? [Y/n]")


def line_reader(stream) -> Callable[[], str | None]:
    """``read_line`` over a text stream: one line without its newline, None at the end of the stream."""
    def read() -> str | None:
        line = stream.readline()
        return None if line == "" else line.rstrip("\n")
    return read


def scripted(lines: Sequence[str]) -> Callable[[], str | None]:
    """``read_line`` over a list of lines (tests): None once they are used up, like a closed stdin."""
    queue = list(lines)
    return lambda: queue.pop(0) if queue else None
