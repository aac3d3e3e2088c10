"""Honeymoon Bridge at the terminal: one full deal (auction, 13 exchange tricks, 13 scoring tricks).

Opponents are the registered bots of :mod:`liarlab.honeymoon.agents` (``thesis`` is the thesis's program:
Monte Carlo bidding, greedy exchange, exact double-dummy play). The deal, the calls, the tricks and the
result are :mod:`liarlab.honeymoon.rules`; this module only reads and writes text. The opener alternates.
"""
from __future__ import annotations

import re

import numpy as np

from liarlab.core.api import agent_names, make_agent
from liarlab.core.cards import RANKS, SUITS, card_code, parse_card, rank_of, suit_of
from liarlab.honeymoon import rules as hm
from liarlab.honeymoon.agents import current_bid
from liarlab.honeymoon.rules import BIDDING, EXCHANGE, PASS, HoneymoonState

from .terminal import MoveError

DESCRIPTIONS = {
    "thesis": "MC0, the thesis's program: Monte Carlo bidding (50 sampled deals), greedy exchange, exact play",
    "mca": "MC0 with the opponent-bid adjustment of the sampled deals",
    "rule": "RULE: high-card-point bidding, greedy exchange, exact play",
    "hcp_greedy": "high-card-point bidding, greedy exchange, greedy (non-searching) play",
    "random": "random legal calls and cards",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def hand_text(cards) -> str:
    """'S: A K 7  H: T 3  D: -  C: Q 9 2', highest rank first in each suit."""
    parts = []
    for s, letter in enumerate(SUITS):
        ranks = sorted((rank_of(c) for c in cards if suit_of(c) == s), reverse=True)
        parts.append(f"{letter}: {' '.join(RANKS[r] for r in ranks) or '-'}")
    return "  ".join(parts)


def cards_text(cards) -> str:
    return " ".join(card_code(c) for c in cards) or "-"


class HoneymoonAdapter:
    name = "honeymoon"
    title = "Honeymoon Bridge (auction, 13 exchange tricks, 13 scoring tricks)"
    default_agent = "thesis"
    move_help = """\
  2H         bid: level 1-7 and suit S H D C (spades highest); the last bidder must take level + 6 tricks
  pass       end the auction (the opener must bid)
  SA         play the ace of spades (suit then rank 2-9 T J Q K A; 'AS' and '10H' are read too)
You must follow suit if you can. Exchange tricks (the first 13) do not score: the winner takes the
face-up stock card, the loser the next hidden one. Then 13 scoring tricks with the bid suit as trump."""

    def agents(self) -> dict[str, str]:
        return {name: DESCRIPTIONS.get(name, "a registered Honeymoon Bridge bot") for name in agent_names("honeymoon")}

    def make_agent(self, name: str, rng: np.random.Generator):
        return make_agent("honeymoon", name, seed=int(rng.integers(2**31)))

    def new_game(self, index: int, rng: np.random.Generator):
        return HoneymoonState(rng, opener=index % 2), 0

    # ------------------------------------------------------------------ text
    def show(self, obs, legal) -> str:
        me = obs["player"]
        lines = [f"your hand: {hand_text(obs['hand'])}"]
        if obs["phase"] == BIDDING:
            said = ", ".join(f"{'you' if p == me else 'opponent'} {hm.bid_name(a)}" for p, a in obs["bids"])
            lines.append(f"auction: {said or 'no calls yet'}")
            hint = "you open: bid (e.g. '1C')" if not obs["bids"] else "bid higher (e.g. " \
                f"'{self.move_text(legal[1], obs)}') or 'pass'"
            lines.append(f"your call: {hint}; 'help' for more")
            return "\n".join(lines)
        level, suit = obs["contract"]
        declarer = "you" if obs["declarer"] == me else "opponent"
        lines.append(f"contract: {level}{SUITS[suit]} by {declarer} (needs {level + 6} tricks), trump "
                     f"{SUIT_WORDS[SUITS[suit]]}")
        if obs["phase"] == EXCHANGE:
            lines.append(f"exchange trick {obs['trick_number'] + 1} of 13; face-up stock card: "
                         f"{card_code(obs['face_up'])}")
        else:
            won = obs["tricks_won"]
            lines.append(f"scoring trick {obs['trick_number'] + 1} of 13; tricks: you {won[me]}, "
                         f"opponent {won[1 - me]}")
            # every card not in this hand and not yet played is the opponent's (what the bot's memory knows too)
            lines.append(f"opponent's hand (known by elimination): {hand_text(hm.opponent_hand_in_play(obs))}")
        if obs["trick"]:
            lead = obs["trick"][0][1]
            lines.append(f"opponent led {card_code(lead)}: play a card"
                         + (f" ({SUIT_WORDS[SUITS[suit_of(lead)]]} if you have any)"))
        else:
            lines.append("your lead: play any card (e.g. 'SA')")
        return "\n".join(lines)

    def move_text(self, action, obs) -> str:
        return hm.action_name(int(action))

    def parse(self, text: str, obs, legal):
        word = text.strip().upper().replace(" ", "")
        if obs["phase"] == BIDDING:
            return self._parse_call(word, text, obs, legal)
        if re.fullmatch(r"PASS|P|[1-7][SHDC]", word):
            raise MoveError("the auction is over: play a card (e.g. 'SA')")
        card = self._read_card(word, text)
        if card not in obs["hand"]:
            raise MoveError(f"card not in your hand: {card_code(card)} (your hand: {hand_text(obs['hand'])})")
        if card not in legal:
            lead = obs["trick"][0][1]
            raise MoveError(f"you must follow suit: {card_code(lead)} was led and you hold "
                            f"{SUIT_WORDS[SUITS[suit_of(lead)]]}")
        return card

    def _read_card(self, word: str, text: str) -> int:
        word = word.replace("10", "T")
        if len(word) == 2 and word[0] in RANKS and word[1] in SUITS:
            word = word[1] + word[0]
        try:
            return parse_card(word)
        except ValueError:
            raise MoveError(f"not a move: {text.strip()!r} is not a card; type suit then rank, e.g. 'SA' or "
                            "'HT'; 'help' lists the commands") from None

    def _parse_call(self, word: str, text: str, obs, legal):
        if word in ("PASS", "P"):
            if PASS not in legal:
                raise MoveError("the opener must bid: pass is not allowed on the first call")
            return PASS
        match = re.fullmatch(r"([1-9])(NT|[SHDC])", word)
        if not match:
            raise MoveError("not a call: bid a level and a suit (e.g. '2H') or 'pass'; 'help' lists the commands")
        if match.group(2) == "NT":
            raise MoveError("illegal bid: there is no no-trump in this game (suits S H D C)")
        try:
            action = hm.bid_action(int(match.group(1)), SUITS.index(match.group(2)))
        except ValueError as err:
            raise MoveError(f"illegal bid: {err}") from None
        current = current_bid(obs)
        if not hm.bid_is_higher(hm.bid_of(action), current):
            raise MoveError(f"illegal bid: {hm.bid_name(action)} is not higher than "
                            f"{current[0]}{SUITS[current[1]]} (a higher level, or the same level in a higher "
                            "suit: S > H > D > C)")
        return action

    def describe(self, state, player: int, action, human: int) -> str:
        who = "you" if player == human else "opponent"
        s = "s" * (player != human)
        if action >= PASS:          # a call (cards are 0..51)
            if action == PASS:
                level, suit = state.contract
                declarer = "you" if state.declarer == human else "opponent"
                return (f"{who} pass{'es' * (player != human)}: the contract is {level}{SUITS[suit]} by {declarer} "
                        f"(needs {level + 6} tricks). Exchange: the first 13 tricks do not score; face up: "
                        f"{card_code(state.face_up)}")
            return f"{who} bid{s} {hm.bid_name(action)}"
        line = f"{who} play{s} {card_code(action)}"
        if state.trick:            # the trick is still open
            return line
        phase, number, _, _ = state.history[-1]
        if phase == EXCHANGE:
            winner = state.exchange_winners[-1]
            taken = state.won_face_up[winner][-1]
            if winner == human:
                line += f"; you win the trick and take {card_code(taken)}, opponent draws a hidden card"
            else:
                line += (f"; opponent wins the trick and takes {card_code(taken)}, you draw "
                         f"{card_code(state.drawn[human][-1])}")
            if state.phase == EXCHANGE:
                line += f". Face up: {card_code(state.face_up)}"
            else:
                leader = "you lead" if state.to_move == human else "opponent leads"
                line += f". The exchange is over: 13 scoring tricks, {leader}"
        else:
            winner = state.leader
            won = state.tricks_won
            line += (f"; {'you win' if winner == human else 'opponent wins'} the trick (tricks: you {won[human]}, "
                     f"opponent {won[1 - human]})")
        return line

    def reveal(self, state, human: int) -> str:
        level, suit = state.contract
        declarer = state.declarer
        took = state.tricks_won[declarer]
        made = took >= level + 6
        who = "you" if declarer == human else "opponent"
        dealt = [state.deal[:13], state.deal[13:26]]
        lines = [f"contract {level}{SUITS[suit]} by {who}: {took} trick{'s' * (took != 1)} of the {level + 6} needed, "
                 + ("made" if made else "defeated"),
                 "the deal turned over:",
                 f"  you were dealt:      {hand_text(dealt[human])}",
                 f"  opponent was dealt:  {hand_text(dealt[1 - human])}",
                 f"  your hidden draws:     {cards_text(state.drawn[human])}",
                 f"  opponent's hidden draws: {cards_text(state.drawn[1 - human])}"]
        return "\n".join(lines)


ADAPTER = HoneymoonAdapter
