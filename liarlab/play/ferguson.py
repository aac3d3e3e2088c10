"""Ferguson's Liar's Dice at the terminal (notebook 05, part 1): one fresh N-faced die per turn.

The caller rolls a die nobody else sees and announces a value, higher than the one before; the other player
accepts (and becomes the caller with a fresh die) or calls bluff (the die is shown: the caller wins if it is at
least the announcement). Facing the top announcement N, accepting loses: nothing higher is left to say. The
first caller alternates between games. ``--faces`` chooses N (default 6, where the first caller wins 41/60
under optimal play).

Opponents (:mod:`liarlab.bluff.agents`): ``optimal``, the per-turn LP equilibrium of
:func:`liarlab.bluff.ferguson.ferguson_solution` (the talk's strategy K), ``T*``, the labelled substitute for
Ferguson & Ferguson's strategy T (another optimal vertex), and ``random``. The state, the legal moves and who wins are :mod:`liarlab.bluff.rules` (game
"ferguson"); this module only reads and writes text.
"""
from __future__ import annotations

import re

import numpy as np

from liarlab.bluff import rules as br
from liarlab.core.api import make_agent
from liarlab.core.validation import check_int

from .terminal import MoveError

_CALL = ("c", "call", "bluff", "challenge", "liar")
_ACCEPT = ("a", "accept", "ok")
MAX_FACES = 20


class FergusonAdapter:
    name = "ferguson"
    default_agent = "optimal"

    def __init__(self, faces: int = 6):
        self.faces = check_int("faces", faces, 2, MAX_FACES)
        self.rules = br.Rules(game="ferguson", faces=self.faces)
        self.title = (f"Liar's Dice, Ferguson's model: one fresh {self.faces}-faced die per turn, announcements "
                      f"1..{self.faces}")
        self.move_help = f"""\
  4          announce 4 (also 'say 4'): your die shows at least 4, true or not; it must be higher than the last
             announcement
  c          call bluff on the announcement (also 'bluff', 'call'): the caller's die is shown; the caller wins
             if it is at least the announcement, else you win
  a          accept (also 'accept'): you roll a fresh die and must announce higher
Facing {self.faces}, the top announcement, accepting loses (nothing higher is left): call instead.
The first caller alternates between games. Options: --faces N (2-{MAX_FACES}, default 6)."""

    def agents(self) -> dict[str, str]:
        return {"optimal": "the per-turn LP equilibrium (the talk's strategy K), solved for these faces",
                "T*": "another optimal strategy: announces the truth as often as optimal play allows and calls "
                      "bluff as rarely (a labelled substitute for Ferguson & Ferguson's strategy T)",
                "random": "uniform over the legal moves"}

    def preparing(self, name: str) -> str | None:
        return "(solving the per-turn linear programs)" if name in ("optimal", "T*") else None

    def make_agent(self, name: str, rng: np.random.Generator):
        if name == "random":
            return make_agent("ferguson", "random")
        return make_agent("ferguson", name, faces=self.faces)

    def new_game(self, index: int, rng: np.random.Generator):
        return br.new_game(self.rules, rng, opener=index % 2), 0

    # ------------------------------------------------------------------ text
    def show(self, obs, legal) -> str:
        history = obs["history"]
        said = ", ".join(str(b) for b in history) if history else "none yet"
        if obs["accepted"]:
            head = f"your die: {obs['own']}    announcements so far: {said}"
            low = (history[-1] + 1) if history else 1
            return (f"{head}\nyour turn to announce {low}..{self.faces} (e.g. '{legal[0]}'); 'help' for more")
        last = history[-1]
        hint = ("it is the top announcement: accepting loses, so call ('c')" if last == self.faces
                else "'c' to call bluff or 'a' to accept (then you roll and announce higher)")
        return f"the opponent announces {last} (announcements so far: {said})\n{hint}; 'help' for more"

    def move_text(self, action, obs) -> str:
        if action == br.CALL:
            return "c"
        if action == self.faces + 1:
            return "a"
        return str(action)

    def parse(self, text: str, obs, legal):
        word = text.strip().lower()
        history = obs["history"]
        if word in _CALL:
            if obs["accepted"]:
                raise MoveError("there is nothing to call: it is your turn to announce"
                                if history else "there is nothing to call: you announce first")
            return br.CALL
        if word in _ACCEPT:
            if obs["accepted"]:
                raise MoveError("there is nothing to accept: it is your turn to announce")
            return self.faces + 1
        match = re.fullmatch(r"(?:say\s+|announce\s+)?(\d+)", word)
        if not match:
            raise MoveError("not a move: announce a number (e.g. '3'), 'c' to call bluff or 'a' to accept; "
                            "'help' lists the commands")
        b = int(match.group(1))
        if not obs["accepted"]:
            raise MoveError(f"the opponent announced {history[-1]}: answer 'c' (call bluff) or 'a' (accept) first")
        if not 1 <= b <= self.faces:
            raise MoveError(f"an announcement is 1..{self.faces} (the faces of the die), got {b}")
        if history and b <= history[-1]:
            raise MoveError(f"an announcement must be higher than the last one, {history[-1]}")
        return b

    def describe(self, state, player: int, action, human: int) -> str:
        who = "you" if player == human else "opponent"
        s = "s" * (player != human)
        if action == br.CALL:
            caller = 1 - player
            roll = state.hands[caller]
            last = state.history[-1]
            mine = "your" if caller == human else "the opponent's"
            verdict = "it stands" if roll >= last else "a bluff"
            return f"{who} call{s} bluff on {last}: {mine} die shows {roll}, {verdict}"
        if action == self.faces + 1:
            if state.is_terminal():
                return f"{who} accept{s} {self.faces}, the top announcement: nothing higher is left to say"
            return f"{who} accept{s} and roll{s} a fresh die"
        return f"{who} announce{s} {action}"

    def reveal(self, state, human: int) -> str:
        said = ", ".join(str(b) for b in state.history)
        result = "you win" if state.winner == human else "the opponent wins"
        return f"announcements: {said}; {result} the game"


ADAPTER = FergusonAdapter
