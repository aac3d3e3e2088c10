"""Monte Carlo bidding (thesis section 3.2), the margin decision rule, a high-card-point bidder,
and the opponent-bid adjustment the thesis proposes (parameterised as in the study spec).

Estimate: deal the opponent 13 of the 39 unseen cards N times; solve each 26-card deal double
dummy with each suit as trump; E_s is the mean of the program's tricks. The stock plays no part.
Which side leads in the simulations is not stated; ``lead="real"`` (the default) lets the
opponent lead for contracts the program would declare and the program lead when defending,
``"com"`` and ``"opp"`` fix the leader (ablations).

Decision (reconstructed from Fig 3-13): each suit s can be bid at its lowest legal level L_s
(never a jump) with margin E_s - (L_s + 6); passing defends the opponent's bid L of suit t with
margin E_t - (8 - L). Take the largest margin even if negative; ties go to passing, then to the
higher suit. At the opening there is no pass.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from liarlab.core.cards import N_CARDS, rank_of, suit_of
from liarlab.core.validation import check_choice, check_int

from .rules import MAX_LEVEL, PASS, STRENGTH, bid_action, bid_of
from .solver import DoubleDummy, estimate_solver

LEADS = ("real", "com", "opp")
HCP_BY_RANK = (0,) * 9 + (1, 2, 3, 4)   # J Q K A


def hcp(c: int) -> int:
    return HCP_BY_RANK[rank_of(c)]


def hand_hcp(hand: Sequence[int]) -> int:
    return sum(hcp(c) for c in hand)


def suit_lengths(hand: Sequence[int]) -> np.ndarray:
    out = np.zeros(4, int)
    for c in hand:
        out[suit_of(c)] += 1
    return out


# ----------------------------------------------------------------------------- sampling


@dataclass(frozen=True)
class Adjustment:
    """Opponent-bid adjustment: trust tau_s = (L_s / 7)^gamma * max(0, 1 - rho * min(1, HCP_s / 10))
    for each suit s the opponent bid (highest level L_s, HCP_s = the program's own points in s);
    the opponent's cards are dealt by weighted sampling with w(c) = exp(tau_s (alpha + beta hcp(c)))
    for cards of a bid suit, 1 otherwise. alpha = beta = 0 is plain sampling."""

    alpha: float = 2.0
    beta: float = 0.25
    gamma: float = 1.0
    rho: float = 1.0

    def weights(self, hand: Sequence[int], opponent_bids: dict[int, int], unseen: np.ndarray) -> np.ndarray:
        w = np.ones(len(unseen))
        for s, level in opponent_bids.items():
            own = sum(hcp(c) for c in hand if suit_of(c) == s)
            tau = (level / MAX_LEVEL) ** self.gamma * max(0.0, 1 - self.rho * min(1.0, own / 10))
            in_suit = np.array([suit_of(c) == s for c in unseen])
            pts = np.array([hcp(c) for c in unseen])
            w = np.where(in_suit, np.exp(tau * (self.alpha + self.beta * pts)), w)
        return w


def unseen_cards(hand: Sequence[int]) -> np.ndarray:
    mine = set(int(c) for c in hand)
    return np.array([c for c in range(N_CARDS) if c not in mine])


def sample_opponent_hands(hand: Sequence[int], n: int, rng: np.random.Generator,
                          weights: np.ndarray | None = None) -> np.ndarray:
    """``n`` opponent hands of 13 cards drawn from the 39 unseen cards (rows sorted).

    With ``weights`` the draw is weighted sampling without replacement (the 13 largest keys
    log(u) / w, Efraimidis-Spirakis)."""
    n = check_int("n", n, 1, 1_000_000)
    unseen = unseen_cards(hand)
    if len(unseen) != 39:
        raise ValueError(f"hand must hold 13 distinct cards, got {len(hand)}")
    if weights is None:
        keys = rng.random((n, 39))
    else:
        keys = np.log(rng.random((n, 39))) / weights[None, :]
    idx = np.argsort(-keys, axis=1)[:, :13]
    return np.sort(unseen[idx], axis=1)


class MonteCarloEstimate:
    """The program's double-dummy tricks over sampled opponent hands, computed lazily per
    (trump, who leads) and cached: ``tricks(s, com_leads)`` is an array over the samples."""

    def __init__(self, hand: Sequence[int], opponents: np.ndarray, solver: DoubleDummy | None = None):
        self.hand = [int(c) for c in hand]
        self.opponents = opponents
        self.solver = solver or estimate_solver()
        self._cache: dict[tuple[int, bool], np.ndarray] = {}

    @property
    def n(self) -> int:
        return len(self.opponents)

    def tricks(self, suit: int, com_leads: bool) -> np.ndarray:
        key = (suit, bool(com_leads))
        if key not in self._cache:
            # every sampled deal solved in one compiled loop
            mine = np.broadcast_to(np.asarray(self.hand, np.int64), (self.n, len(self.hand)))
            opp = np.asarray(self.opponents, np.int64)
            trumps = np.full(self.n, suit, np.int64)
            if com_leads:
                out, _ = self.solver.solve_many(mine, opp, trumps)
            else:
                out, _ = self.solver.solve_many(opp, mine, trumps)
                out = 13 - out
            self._cache[key] = out.astype(int)
        return self._cache[key]

    def mean(self, suit: int, com_leads: bool) -> float:
        return float(self.tricks(suit, com_leads).mean())

    def standard_error(self, suit: int, com_leads: bool) -> float:
        x = self.tricks(suit, com_leads)
        return float(x.std(ddof=1) / np.sqrt(len(x))) if len(x) > 1 else float("nan")


def lead_flags(lead: str) -> tuple[bool, bool]:
    """(com leads when declaring, com leads when defending) for a lead convention."""
    check_choice("lead", lead, LEADS)
    return {"real": (False, True), "com": (True, True), "opp": (False, False)}[lead]


# ----------------------------------------------------------------------------- the decision rule


def lowest_level(suit: int, current: tuple[int, int] | None) -> int | None:
    """Lowest legal level for bidding ``suit`` over ``current`` (None if above 7)."""
    if current is None:
        return 1
    level, cur_suit = current
    lv = level if STRENGTH[suit] > STRENGTH[cur_suit] else level + 1
    return lv if lv <= MAX_LEVEL else None


def call_margins(e_declare: Sequence[float], e_defend_current: float | None,
                 current: tuple[int, int] | None) -> dict[int, float]:
    """Margin of every option: bid actions at each suit's lowest legal level, and PASS (when there
    is a current bid of the opponent) with e_defend_current - (8 - L)."""
    out = {}
    for s in range(4):
        lv = lowest_level(s, current)
        if lv is not None:
            out[bid_action(lv, s)] = float(e_declare[s]) - (lv + 6)
    if current is not None:
        out[PASS] = float(e_defend_current) - (8 - current[0])
    return out


def choose_call(margins: dict[int, float]) -> int:
    """Largest margin; ties go to passing, then to the higher suit."""
    def key(a):
        if a == PASS:
            return (margins[a], 1, 0)
        return (margins[a], 0, STRENGTH[bid_of(a)[1]])
    return max(margins, key=key)


def rule_estimates(hand: Sequence[int]) -> np.ndarray:
    """The RULE bidder's tricks: E_s = 6.5 + 0.25 (HCP - 10) + 0.5 (len_s - 4)."""
    return 6.5 + 0.25 * (hand_hcp(hand) - 10) + 0.5 * (suit_lengths(hand) - 4)


def random_call(legal: list[int], rng: np.random.Generator) -> int:
    """RAND: pass with probability 0.5 when passing is legal, else a uniformly random bid."""
    bids = [a for a in legal if a != PASS]
    if PASS in legal and (not bids or rng.random() < 0.5):
        return PASS
    return int(bids[rng.integers(len(bids))])
