"""Bluff with N-faced dice at the terminal (notebook 05): face N is wild, rounds until a player has no dice.

The default is the talk's Bluff-1: six faces, one die each, so one round decides the game. ``--faces`` and
``--dice`` choose other sizes (the exact agent plays up to 12 bids a round: N <= 6 with one die each, N <= 3 with
two, N = 2 with three).
Opponents (:mod:`liarlab.bluff.agents`): ``exact``, the exact equilibrium of every round
(the whole-tree LP of :mod:`liarlab.bluff.exact`, solved when first needed and sampled with the session's generator);
``per-turn``, the talk's per-turn method (:mod:`liarlab.bluff.per_turn`); ``random``, uniform over the legal
actions. The rules, penalties and next opener are :mod:`liarlab.bluff.rules` with its default options; this
module only reads and writes text.
"""
from __future__ import annotations

import re

import numpy as np

from liarlab.bluff import rules as br
from liarlab.core.api import make_agent
from liarlab.core.bids import bid_ladder
from liarlab.core.validation import check_int

from .terminal import MoveError

_CALL = ("c", "call", "bluff", "challenge", "liar")
#: a round's exact LP must stay below this (the solver checks before allocating)
MAX_BYTES = 2 * 2**30
#: bids per round (faces x dice on the table) the exact agent accepts: 2^12 histories solve in seconds,
#: 2^16 (N = 8, one die each) took 24 minutes on the shared two-core machine
MAX_EXACT_BIDS = 12


def hand_text(hand) -> str:
    return " ".join(str(v) for v in hand)


class BluffAdapter:
    name = "bluff"
    default_agent = "exact"

    def __init__(self, faces: int = 6, dice: int = 1):
        faces = check_int("faces", faces, 2, 12)
        dice = check_int("dice", dice, 1, 5)
        self.rules = br.Rules(faces=faces, dice=(dice, dice))
        self.title = (f"Bluff with {faces}-faced dice, {dice} {'die' if dice == 1 else 'dice'} each "
                      f"(face {faces} is wild)")
        self.move_help = f"""\
  2 3        bid: at least two dice on the table count as 3s (also '2x3'); face {faces} is wild and counts as any
             face; a bid on {faces}s counts only {faces}s
  c          call bluff on the standing bid (also 'bluff', 'call'); the dice are shown
A bid must be higher: more dice, or as many dice of a higher face ({faces} is the highest face of each quantity).
Penalties (the talk's rules): a failed bid costs the bidder the shortfall; a bid that holds costs the caller
one die if exact, else the excess. The loser opens the next round; no dice left loses the game.
Options: --faces N (2-12, default 6), --dice D (dice each, default 1); the exact agent plays up to
{MAX_EXACT_BIDS} bids a round (faces x dice on the table): N <= 6 with one die each, N <= 3 with two."""

    def agents(self) -> dict[str, str]:
        return {"exact": "the exact equilibrium of every round (sequence-form LP, solved when first needed)",
                "per-turn": "the talk's per-turn method (one LP per turn, backward induction over dice)",
                "random": "uniform over the legal actions"}

    def check_agent(self, name: str) -> None:
        """The exact solver must be quick enough (checked before anything is allocated); per-turn must fit."""
        if name == "exact":
            bids = self.rules.faces * sum(self.rules.dice)
            if bids > MAX_EXACT_BIDS:
                raise ValueError(f"the exact solver would take minutes to hours here ({bids} bids a round, 2^{bids} "
                                 f"bid histories; measured: 12 bids take seconds, 16 bids 24 minutes); it plays up "
                                 f"to {MAX_EXACT_BIDS} bids a round: N <= 6 with one die each, N <= 3 with two, N = 2 "
                                 "with three. Choose fewer faces or dice, or --agent per-turn")
            br.check_fits(self.rules.faces, self.rules.dice, MAX_BYTES, method="lp")
        if name == "per-turn":
            br.check_fits(self.rules.faces, self.rules.dice, method="per-turn")

    def preparing(self, name: str) -> str | None:
        if name == "exact":
            return (f"(solving the exact equilibrium of a round with {self.rules.dice[0]} v {self.rules.dice[1]} dice "
                    f"and {self.rules.faces} faces; N = 6 with one die each takes a few seconds)")
        if name == "per-turn":
            return "(solving the per-turn linear programs)"
        return None

    def make_agent(self, name: str, rng: np.random.Generator):
        if name == "exact":
            agent = make_agent("bluff", "exact", rules=self.rules, max_bytes=MAX_BYTES)
            agent.solution(*self.rules.dice)      # the first round's equilibrium (and the values below it) now
            return agent
        if name == "per-turn":
            return make_agent("bluff", "per-turn", rules=self.rules)
        return make_agent("bluff", "random")

    def new_game(self, index: int, rng: np.random.Generator):
        return br.new_game(self.rules, rng, opener=index % 2), 0

    # ------------------------------------------------------------------ text
    def bid_words(self, k: int, total: int) -> str:
        quantity, face = bid_ladder(self.rules.faces, 1, total, self.rules.bid_order).bid(k - 1)
        return f"{quantity} x {face}s"

    def show(self, obs, legal) -> str:
        me = obs["player"]
        dice, total = obs["dice"], sum(obs["dice"])
        lines = [f"your dice: {hand_text(obs['own'])}    opponent: {dice[1 - me]} "
                 f"{'die' if dice[1 - me] == 1 else 'dice'} under the cup"]
        if obs["history"]:
            said = ", ".join(self.bid_words(k, total) for k in obs["history"])
            lines.append(f"bids this round (first by {'you' if obs['opener'] == me else 'opponent'}): {said}")
            top = legal[0] == br.CALL if legal else False
            hint = "only a call is left" if top else f"a higher bid (e.g. '{self.move_text(legal[0], obs)}') or 'c'"
            lines.append(f"standing bid: {self.bid_words(obs['history'][-1], total)}. Your move: {hint}; "
                         "'help' for more")
        else:
            lines.append(f"you open the round: bid (e.g. '1 {self.rules.faces}'); 'help' for more")
        return "\n".join(lines)

    def move_text(self, action, obs) -> str:
        if action == br.CALL:
            return "c"
        quantity, face = bid_ladder(self.rules.faces, 1, sum(obs["dice"]), self.rules.bid_order).bid(action - 1)
        return f"{quantity} {face}"

    def parse(self, text: str, obs, legal):
        word = text.strip().lower()
        if word in _CALL:
            if not obs["history"]:
                raise MoveError("there is no bid to call: you open the round, so you must bid")
            return br.CALL
        match = re.fullmatch(r"(?:bid\s+)?(\d+)\s*(?:x|\*|\s)\s*(\d+)'?s?", word)
        if not match:
            raise MoveError("not a move: type a bid as QUANTITY FACE (e.g. '2 3' for two 3s) or 'c' to call "
                            "bluff; 'help' lists the commands")
        quantity, face = int(match.group(1)), int(match.group(2))
        total = sum(obs["dice"])
        ladder = bid_ladder(self.rules.faces, 1, total, self.rules.bid_order)
        try:
            k = ladder.index((quantity, face)) + 1
        except ValueError:
            raise MoveError(f"illegal bid: a bid is 1..{total} dice (the dice on the table) of a face "
                            f"1..{self.rules.faces}") from None
        if obs["history"] and k <= obs["history"][-1]:
            raise MoveError(f"illegal bid: {quantity} x {face}s is not higher than the standing bid "
                            f"{self.bid_words(obs['history'][-1], total)} (more dice, or as many of a higher face)")
        return k

    def describe(self, state, player: int, action, human: int) -> str:
        who = "you" if player == human else "opponent"
        s = "s" * (player != human)
        if action != br.CALL:
            return f"{who} bid{s} {self.bid_words(action, sum(state.dice))}"
        opener, history, hands, loser, lost = state.rounds[-1]
        quantity, face = self._round_bid(state)
        count = sum(h.count_matching(face, wild=self.rules.faces) for h in hands)
        lines = [f"{who} call{s} bluff on {quantity} x {face}s. Dice shown: you {hand_text(hands[human])}, "
                 f"opponent {hand_text(hands[1 - human])}: {count} count as {face}s",
                 f"{'you lose' if loser == human else 'opponent loses'} {lost} {'die' if lost == 1 else 'dice'}; "
                 f"dice left: you {state.dice[human]}, opponent {state.dice[1 - human]}"]
        if not state.is_terminal():
            lines.append(f"new round: {'you open' if state.opener == human else 'opponent opens'}")
        return "\n".join(lines)

    def _round_bid(self, state):
        """The challenged bid of the round just finished, on that round's ladder."""
        opener, history, hands, loser, lost = state.rounds[-1]
        total = sum(len(h) for h in hands)
        return bid_ladder(self.rules.faces, 1, total, self.rules.bid_order).bid(history[-1] - 1)

    def reveal(self, state, human: int) -> str:
        lines = ["every round turned over:"]
        for i, (opener, history, hands, loser, lost) in enumerate(state.rounds, start=1):
            total = sum(len(h) for h in hands)
            bids = ", ".join(self.bid_words(k, total) for k in history)
            lines.append(f"  round {i}: you {hand_text(hands[human])} | opponent {hand_text(hands[1 - human])}; "
                         f"bids {bids} (first by {'you' if opener == human else 'opponent'}); called; "
                         f"{'you' if loser == human else 'opponent'} lost {lost}")
        lines.append("you win the game: the opponent has no dice left" if state.winner == human
                     else "the opponent wins the game: you have no dice left")
        return "\n".join(lines)


ADAPTER = BluffAdapter
