"""The thesis's one-trick greedy policy for the exchange phase (section 3.3, function change()).

Each exchange trick is decided on its own with a static, trump-dependent card value (the
author's table; U-shaped: low cards are useful as sure losers). A card is *valuable* when its
value is >= 10, so the face-up card is worth fighting for exactly when it is a trump or a
non-trump J..A.

Knowledge: each card is mine, opponent-known (a face-up card the opponent took and has not
played), seen (played, or the current face-up card) or unknown; each unknown card is in the
opponent's hand independently with p = (13 - m) / U (m opponent-known, U unknown cards).

Four cases (W = value of the face-up card):

1. lead, W < 10: play the lowest card of the suit with the highest chance of losing,
   P_lose = 0 if the opponent is known to hold a lower card of the suit, else (1 - p)^k with k
   unknown lower cards;
2. lead, W >= 10: play the card with the highest P_win * W - value(card), P_win = 0 if the
   opponent is known to hold a higher card of the suit, else (1 - p)^h with h unknown higher cards;
3. follow, W < 10: the lowest-valued legal card that loses, else the lowest-valued legal card;
4. follow, W >= 10: the lowest-valued legal card that wins, else the lowest-valued legal card.

Ties between equal values go to the lower rank (generalised from Example 3.3), then to the
lower suit index.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from liarlab.core.cards import N_CARDS, rank_of, suit_of

from .rules import leader_wins

# values by rank 2..A
TRUMP_VALUES = (24.5, 22.5, 20.5, 18.5, 18, 18, 20, 22, 24, 26, 30, 35, 40)
SIDE_VALUES = (9.5, 7.5, 5.5, 3.5, 3, 3, 5, 7, 9, 11, 15, 20, 25)
VALUABLE = 10.0


def card_value(c: int, trump: int | None) -> float:
    """The thesis's value of card ``c`` when ``trump`` (0..3, or None) is trump."""
    table = TRUMP_VALUES if trump is not None and suit_of(c) == trump else SIDE_VALUES
    return float(table[rank_of(c)])


def knowledge(obs: dict) -> tuple[set[int], set[int], set[int]]:
    """(mine, opponent-known, seen) from an exchange-phase observation; unknown is the rest."""
    me = obs["player"]
    played = {c for _, _, _, c in obs["history"]}
    mine = set(obs["hand"])
    opp_known = set(obs["won_face_up"][1 - me]) - played
    seen = set(played)
    if obs["face_up"] is not None:
        seen.add(obs["face_up"])
    return mine, opp_known, seen


def in_opponent_probability(mine: set, opp_known: set, seen: set, opp_hand_size: int = 13) -> tuple[float, set]:
    """p = (13 - m) / U and the set of unknown cards."""
    unknown = set(range(N_CARDS)) - mine - opp_known - seen
    if not unknown:
        return 0.0, unknown
    return max(0.0, (opp_hand_size - len(opp_known)) / len(unknown)), unknown


def lead_scores(hand: Iterable[int], opp_known: set, unknown: set, p: float, face_value: float,
                trump: int | None, ruffs: bool = False) -> dict[int, float]:
    """Case 1 (W < 10): P_lose of the lowest card of each suit; case 2 (W >= 10): P_win * W - W'.

    ``ruffs=True`` is the study's ruff-aware variant of case 2: a side-suit card also loses when the
    opponent is void in its suit and holds a trump, so P_win = (1-p)^h * (1 - P(void) * P(a trump)), with
    P(void) = 0 if the opponent is known to hold a card of the suit, else (1-p)^l over the l unknown lower
    cards, and P(a trump) = 1 if it is known to hold one, else 1 - (1-p)^k over the k unknown trumps."""
    hand = sorted(hand)
    out = {}
    if face_value < VALUABLE:
        for s in range(4):
            cards = [c for c in hand if suit_of(c) == s]
            if not cards:
                continue
            low = cards[0]
            lower = [c for c in range(s * 13, low)]
            if any(c in opp_known for c in lower):
                out[low] = 0.0
            else:
                out[low] = (1 - p) ** sum(c in unknown for c in lower)
        return out
    for c in hand:
        higher = range(c + 1, suit_of(c) * 13 + 13)
        if any(h in opp_known for h in higher):
            p_win = 0.0
        else:
            p_win = (1 - p) ** sum(h in unknown for h in higher)
        s = suit_of(c)
        if ruffs and p_win > 0 and trump is not None and s != trump:
            suit_cards = range(s * 13, s * 13 + 13)
            if any(x in opp_known for x in suit_cards):
                p_void = 0.0
            else:
                p_void = (1 - p) ** sum(x in unknown for x in range(s * 13, c))
            trumps = range(trump * 13, trump * 13 + 13)
            if any(x in opp_known for x in trumps):
                p_trump = 1.0
            else:
                p_trump = 1 - (1 - p) ** sum(x in unknown for x in trumps)
            p_win *= 1 - p_void * p_trump
        out[c] = p_win * face_value - card_value(c, trump)
    return out


def _cheapest(cards: Iterable[int], trump: int | None) -> int:
    return min(cards, key=lambda c: (card_value(c, trump), rank_of(c), suit_of(c)))


def greedy_exchange_card(obs: dict, legal: list[int], ruffs: bool = False) -> int:
    """The thesis's greedy choice for the current exchange trick (``ruffs=True``: the ruff-aware case 2)."""
    trump = obs["contract"][1]
    face_value = card_value(obs["face_up"], trump)
    if not obs["trick"]:
        mine, opp_known, seen = knowledge(obs)
        p, unknown = in_opponent_probability(mine, opp_known, seen)
        scores = lead_scores(obs["hand"], opp_known, unknown, p, face_value, trump, ruffs)
        # highest score; ties to the lower rank, then the lower suit index
        return max(scores, key=lambda c: (scores[c], -rank_of(c), -suit_of(c)))
    lead = obs["trick"][0][1]
    losers = [c for c in legal if leader_wins(lead, c, trump)]
    winners = [c for c in legal if not leader_wins(lead, c, trump)]
    wanted = losers if face_value < VALUABLE else winners
    return _cheapest(wanted or legal, trump)


def duck_exchange_card(obs: dict, legal: list[int]) -> int:
    """Ablation: always play the lowest-valued legal card."""
    return _cheapest(legal, obs["contract"][1])


def win_exchange_card(obs: dict, legal: list[int]) -> int:
    """Ablation: always try to win: the cheapest winner when following, the highest trump or
    ace-high card when leading."""
    trump = obs["contract"][1]
    if not obs["trick"]:
        return max(legal, key=lambda c: (suit_of(c) == trump, rank_of(c)))
    lead = obs["trick"][0][1]
    winners = [c for c in legal if not leader_wins(lead, c, trump)]
    return _cheapest(winners or legal, trump)


def random_exchange_card(obs: dict, legal: list[int], rng: np.random.Generator) -> int:
    return int(legal[rng.integers(len(legal))])


EXCHANGE_POLICIES = ("greedy", "ruff", "duck", "win", "random")
