"""Honeymoon Bridge as the 2009 thesis plays it: auction, 13 exchange tricks, 13 scoring tricks.

One :class:`HoneymoonState`, OpenSpiel-style. The 52 cards are dealt 13 to each player and 26 to
a face-down ordered stock.

1. **Auction** on the dealt hands. A bid is a level 1..7 and a suit; each bid must be higher than
   the last (a higher level, or the same level in a higher suit, S > H > D > C); jumps are allowed.
   The opener must bid (the study forces an opening bid); afterwards the auction ends as soon as
   either player passes. The last bidder is the declarer, must take level + 6 tricks, and the bid
   suit is trump. No no-trump, doubles or redoubles (the thesis has none).
2. **Exchange**: 13 tricks that do not score. Before each one the top stock card is turned face
   up. The non-declarer leads the first. The winner takes the face-up card (seen by both) and
   leads next; the loser takes the next stock card without showing it.
3. **Play**: 13 scoring tricks, the non-declarer leads first, the winner leads next.

Actions are ints: a card 0..51 (see :mod:`liarlab.core.cards`), :data:`PASS` = 52, and a bid
``53 + (level - 1) * 4 + strength`` with strength C0 D1 H2 S3, so a higher bid is a larger int.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from liarlab.core.cards import N_CARDS, SUITS, card_code, rank_of, suit_of

PASS = 52
BID_BASE = 53
N_BIDS = 28
MAX_LEVEL = 7
# suit index (S H D C = 0..3) -> bidding strength (C lowest); and back
STRENGTH = (3, 2, 1, 0)
SUIT_OF_STRENGTH = (3, 2, 1, 0)

BIDDING, EXCHANGE, PLAY, DONE = "bidding", "exchange", "play", "done"


def bid_action(level: int, suit: int) -> int:
    """The action of bidding ``level`` (1..7) in ``suit`` (0..3 = S H D C)."""
    if not isinstance(level, (int, np.integer)) or not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"level must be an int in 1..{MAX_LEVEL}, got {level!r}")
    if not isinstance(suit, (int, np.integer)) or not 0 <= suit <= 3:
        raise ValueError(f"suit must be an int in 0..3 (S H D C), got {suit!r}")
    return BID_BASE + (int(level) - 1) * 4 + STRENGTH[int(suit)]


def bid_of(action: int) -> tuple[int, int]:
    """(level, suit) of a bid action."""
    if not BID_BASE <= action < BID_BASE + N_BIDS:
        raise ValueError(f"action {action!r} is not a bid")
    b = action - BID_BASE
    return b // 4 + 1, SUIT_OF_STRENGTH[b % 4]


def bid_is_higher(new: tuple[int, int], old: tuple[int, int] | None) -> bool:
    """Is bid ``new`` = (level, suit) higher than ``old`` (None = no bid yet)?"""
    if old is None:
        return True
    return (new[0], STRENGTH[new[1]]) > (old[0], STRENGTH[old[1]])


def bid_name(action: int) -> str:
    if action == PASS:
        return "pass"
    level, suit = bid_of(action)
    return f"{level}{SUITS[suit]}"


def action_name(action: int) -> str:
    return card_code(action) if 0 <= action < N_CARDS else bid_name(action)


def leader_wins(lead: int, reply: int, trump: int | None) -> bool:
    """Does the card led beat the reply? Highest trump wins, else the highest card of the suit led."""
    if suit_of(lead) == suit_of(reply):
        return rank_of(lead) > rank_of(reply)
    return suit_of(reply) != trump


def legal_cards(hand: Sequence[int], lead: int | None) -> list[int]:
    """Cards of ``hand`` that may be played: any when leading, else follow suit if able."""
    hand = sorted(hand)
    if lead is None:
        return hand
    follows = [c for c in hand if suit_of(c) == suit_of(lead)]
    return follows or hand


class HoneymoonState:
    """One deal of Honeymoon Bridge, changed in place by :meth:`apply_action`.

    ``deal`` is a permutation of the 52 cards: ``deal[:13]`` is player 0's hand, ``deal[13:26]``
    player 1's, ``deal[26:]`` the stock from the top. Without it, ``rng`` shuffles. ``opener``
    (0 or 1) makes the first call.
    """

    def __init__(self, rng: np.random.Generator | None = None, deal: Sequence[int] | None = None,
                 opener: int = 0):
        if opener not in (0, 1):
            raise ValueError(f"opener must be 0 or 1, got {opener!r}")
        if deal is None:
            if rng is None:
                raise ValueError("give a deal or an rng to shuffle with")
            deal = rng.permutation(N_CARDS)
        deal = [int(c) for c in deal]
        if sorted(deal) != list(range(N_CARDS)):
            raise ValueError("deal must be a permutation of the 52 cards 0..51")
        self.deal = tuple(deal)
        self.hands = [set(deal[:13]), set(deal[13:26])]
        self.stock = list(deal[26:])
        self.opener = opener
        self.phase = BIDDING
        self.to_move = opener
        self.bids: list[tuple[int, int]] = []          # (player, action) in order
        self.contract: tuple[int, int] | None = None   # (level, suit)
        self.declarer: int | None = None
        self.face_up: int | None = None
        self.trick: list[tuple[int, int]] = []         # (player, card) of the current trick
        self.history: list[tuple[str, int, int, int]] = []   # (phase, trick number, player, card)
        self.won_face_up: list[list[int]] = [[], []]   # face-up cards each player took (public)
        self.drawn: list[list[int]] = [[], []]         # hidden stock cards each player drew (private)
        self.exchange_winners: list[int] = []
        self.tricks_won = [0, 0]
        self.trick_number = 0
        self.leader = opener

    # -------------------------------------------------------------- protocol
    def current_player(self) -> int:
        return -4 if self.phase == DONE else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == DONE

    @property
    def trump(self) -> int | None:
        return None if self.contract is None else self.contract[1]

    def current_bid(self) -> tuple[int, int] | None:
        for _, a in reversed(self.bids):
            if a != PASS:
                return bid_of(a)
        return None

    def legal_actions(self) -> list[int]:
        if self.phase == DONE:
            return []
        if self.phase == BIDDING:
            cur = self.current_bid()
            lowest = 0 if cur is None else bid_action(*cur) - BID_BASE + 1
            bids = list(range(BID_BASE + lowest, BID_BASE + N_BIDS))
            return bids if cur is None else [PASS] + bids
        lead = self.trick[0][1] if self.trick else None
        return legal_cards(self.hands[self.to_move], lead)

    def apply_action(self, action) -> None:
        action = int(action)
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action_name(action) if 0 <= action < 81 else action!r} "
                             f"in phase {self.phase}")
        p = self.to_move
        if self.phase == BIDDING:
            self.bids.append((p, action))
            if action == PASS:
                self._end_auction()
            else:
                self.to_move = 1 - p
            return
        self.hands[p].remove(action)
        self.history.append((self.phase, self.trick_number, p, action))
        self.trick.append((p, action))
        if len(self.trick) == 1:
            self.to_move = 1 - p
            return
        (first, lead), (_, reply) = self.trick
        winner = first if leader_wins(lead, reply, self.trump) else 1 - first
        self.trick = []
        if self.phase == EXCHANGE:
            self.hands[winner].add(self.face_up)
            self.won_face_up[winner].append(self.face_up)
            hidden = self.stock.pop(0)
            self.hands[1 - winner].add(hidden)
            self.drawn[1 - winner].append(hidden)
            self.exchange_winners.append(winner)
            self.trick_number += 1
            if self.trick_number == 13:
                self.face_up = None
                self.phase = PLAY
                self.trick_number = 0
                self.leader = self.to_move = 1 - self.declarer
            else:
                self.face_up = self.stock.pop(0)
                self.leader = self.to_move = winner
        else:
            self.tricks_won[winner] += 1
            self.trick_number += 1
            self.leader = self.to_move = winner
            if self.trick_number == 13:
                self.phase = DONE

    def _end_auction(self) -> None:
        cur = None
        for player, a in reversed(self.bids):
            if a != PASS:
                cur = (player, bid_of(a))
                break
        self.declarer, self.contract = cur[0], cur[1]
        self.phase = EXCHANGE
        self.trick_number = 0
        self.face_up = self.stock.pop(0)
        self.leader = self.to_move = 1 - self.declarer

    def returns(self) -> list[float]:
        """+1 to the winner and -1 to the loser at the end; zeros before."""
        if self.phase != DONE:
            return [0.0, 0.0]
        out = [-1.0, -1.0]
        out[self.winner()] = 1.0
        return out

    def target(self) -> int:
        """Tricks the declarer needs: level + 6."""
        return self.contract[0] + 6

    def winner(self) -> int:
        made = self.tricks_won[self.declarer] >= self.target()
        return self.declarer if made else 1 - self.declarer

    # -------------------------------------------------------------- views
    def observation(self, player: int) -> dict:
        """What ``player`` may see: own hand, the calls, the face-up card, every card played,
        the face-up cards each side took; never the other hand or the stock order. Its own
        hidden draws are in its hand (and listed under ``drawn``)."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        return {
            "player": player,
            "phase": self.phase,
            "hand": tuple(sorted(self.hands[player])),
            "opener": self.opener,
            "bids": tuple(self.bids),
            "contract": self.contract,
            "declarer": self.declarer,
            "face_up": self.face_up,
            "trick": tuple(self.trick),
            "leader": self.leader,
            "trick_number": self.trick_number,
            "history": tuple(self.history),
            "won_face_up": (tuple(self.won_face_up[0]), tuple(self.won_face_up[1])),
            "drawn": tuple(self.drawn[player]),
            "stock_left": len(self.stock),
            "tricks_won": tuple(self.tricks_won),
        }

    def clone(self) -> "HoneymoonState":
        other = HoneymoonState.__new__(HoneymoonState)
        other.__dict__.update(self.__dict__)
        other.hands = [set(h) for h in self.hands]
        other.stock = list(self.stock)
        other.bids = list(self.bids)
        other.trick = list(self.trick)
        other.history = list(self.history)
        other.won_face_up = [list(x) for x in self.won_face_up]
        other.drawn = [list(x) for x in self.drawn]
        other.exchange_winners = list(self.exchange_winners)
        other.tricks_won = list(self.tricks_won)
        return other

    def card_locations(self) -> list[int]:
        """Every card's place: 0/1 = a hand, 2 = stock, 3 = face up, 4 = played (for invariants)."""
        where = [-1] * N_CARDS
        for p in (0, 1):
            for c in self.hands[p]:
                where[c] = p
        for c in self.stock:
            where[c] = 2
        if self.face_up is not None:
            where[self.face_up] = 3
        for _, _, _, c in self.history:
            where[c] = 4
        return where


def opponent_hand_in_play(obs: dict) -> list[int]:
    """In the play phase a player with perfect memory knows the other hand: the 52 cards minus
    its own minus every card played (exchange and play)."""
    if obs["phase"] != PLAY:
        raise ValueError("the other hand is known only in the play phase")
    gone = set(obs["hand"]) | {c for _, _, _, c in obs["history"]}
    return [c for c in range(N_CARDS) if c not in gone]
