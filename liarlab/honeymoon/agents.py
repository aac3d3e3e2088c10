"""Bots that play whole deals, registered as ``make_agent("honeymoon", name)``.

One configurable :class:`HoneymoonBot` with three parts:

* bidding: ``"mc"`` (the thesis: Monte Carlo estimates + margin rule), ``"rule"`` (high-card
  points + suit length, same margin rule) or ``"random"``;
* exchange: ``"greedy"`` (the thesis's card values), ``"ruff"`` (greedy with the ruff-aware case 2), ``"duck"``, ``"win"`` or ``"random"``;
* play: ``"dd"`` (exact search re-run at every card; ties to the lowest card of the lowest suit),
  ``"greedy"`` (win cheaply, else play low) or ``"random"``; ``eps`` > 0 makes a DD player pick a
  random legal card with probability eps (the human-error surrogate DD-eps).

Registered: ``thesis`` (MC0: MC bidding N=50, greedy exchange, DD play), ``mca`` (MC0 with the
opponent-bid adjustment), ``rule`` (RULE: HCP bidding, greedy exchange, DD play), ``hcp_greedy``
(HCP bidding, greedy exchange, greedy play), ``random`` (random legal calls and cards).

The Monte Carlo samples are drawn from a generator seeded by (``seed``, the hand, the
opponent's bids when adjusting), so the same hand gets the same estimate in every game and the
estimates can be cached across games and pairings.
"""
from __future__ import annotations

import numpy as np

from liarlab.core.api import register_agent
from liarlab.core.cards import rank_of, suit_of
from liarlab.core.validation import check_choice, check_int, check_probability

from . import bidding as bd
from . import exchange as ex
from .rules import BIDDING, EXCHANGE, PASS, bid_of, leader_wins, opponent_hand_in_play
from .solver import DoubleDummy, default_solver

_ESTIMATE_CACHE: dict = {}
_CACHE_LIMIT = 20_000


def mc_estimate(hand, n_samples: int, seed: int, opponent_bids: dict | None = None,
                adjustment: bd.Adjustment | None = None, solver: DoubleDummy | None = None
                ) -> bd.MonteCarloEstimate:
    """The (cached) Monte Carlo estimate of ``hand``; samples seeded by (seed, hand, bids)."""
    hand = tuple(sorted(int(c) for c in hand))
    context = () if adjustment is None or not opponent_bids else tuple(sorted(opponent_bids.items()))
    # reuse: without an opponent bid to adjust for, the adjusted and plain samples are the same deals, so
    # every bot with this (hand, N, seed) shares them and their solves
    key = (hand, n_samples, seed, context, adjustment if context else None)
    if key not in _ESTIMATE_CACHE:
        if len(_ESTIMATE_CACHE) > _CACHE_LIMIT:
            _ESTIMATE_CACHE.clear()
        rng = np.random.default_rng([seed, *hand, *[x for kv in context for x in kv]])
        weights = None
        if context:
            weights = adjustment.weights(hand, dict(context), bd.unseen_cards(hand))
        opponents = bd.sample_opponent_hands(hand, n_samples, rng, weights)
        _ESTIMATE_CACHE[key] = bd.MonteCarloEstimate(hand, opponents, solver)
    return _ESTIMATE_CACHE[key]


def opponent_bids_of(obs: dict) -> dict[int, int]:
    """Highest level the opponent bid in each suit so far."""
    out: dict[int, int] = {}
    for p, a in obs["bids"]:
        if p != obs["player"] and a != PASS:
            level, suit = bid_of(a)
            out[suit] = max(out.get(suit, 0), level)
    return out


def current_bid(obs: dict):
    for _, a in reversed(obs["bids"]):
        if a != PASS:
            return bid_of(a)
    return None


class HoneymoonBot:
    """A bot for one seat (see the module docstring for the parts)."""

    def __init__(self, bidding: str = "mc", exchange: str = "greedy", play: str = "dd", n_samples: int = 50,
                 lead: str = "real", adjustment: bd.Adjustment | None = None, eps: float = 0.0, seed: int = 0,
                 solver: DoubleDummy | None = None):
        self.bidding = check_choice("bidding", bidding, ("mc", "rule", "random"))
        self.exchange = check_choice("exchange", exchange, ex.EXCHANGE_POLICIES)
        self.play = check_choice("play", play, ("dd", "greedy", "random"))
        self.n_samples = check_int("n_samples", n_samples, 1, 100_000)
        self.lead = check_choice("lead", lead, bd.LEADS)
        self.adjustment = adjustment
        self.eps = check_probability("eps", eps)
        self.seed = check_int("seed", seed, 0, None)
        self.solver = solver
        self.last_margins: dict | None = None
        self.last_estimate: dict | None = None

    # ------------------------------------------------------------------ dispatch
    def act(self, observation: dict, legal_actions, rng: np.random.Generator) -> int:
        legal = list(legal_actions)
        if len(legal) == 1:
            return int(legal[0])
        phase = observation["phase"]
        if phase == BIDDING:
            return self.call(observation, legal, rng)
        if phase == EXCHANGE:
            return self.exchange_card(observation, legal, rng)
        return self.play_card(observation, legal, rng)

    # ------------------------------------------------------------------ bidding
    def estimates(self, obs: dict) -> tuple[np.ndarray, float | None]:
        """(E for declaring each suit, E for defending the opponent's current bid or None)."""
        current = current_bid(obs)
        hand = obs["hand"]
        if self.bidding == "rule":
            e = bd.rule_estimates(hand)
            return e, (None if current is None else float(e[current[1]]))
        decl_com, def_com = bd.lead_flags(self.lead)
        est = mc_estimate(hand, self.n_samples, self.seed, opponent_bids_of(obs), self.adjustment, self.solver)
        e = np.array([est.mean(s, decl_com) for s in range(4)])
        e_def = None if current is None else est.mean(current[1], def_com)
        return e, e_def

    def call(self, obs: dict, legal: list[int], rng: np.random.Generator) -> int:
        if self.bidding == "random":
            return bd.random_call(legal, rng)
        e, e_def = self.estimates(obs)
        margins = bd.call_margins(e, e_def, current_bid(obs))
        margins = {a: m for a, m in margins.items() if a in legal}
        self.last_margins = margins
        self.last_estimate = {"declare": e, "defend": e_def}
        return int(bd.choose_call(margins))

    # ------------------------------------------------------------------ exchange
    def exchange_card(self, obs: dict, legal: list[int], rng: np.random.Generator) -> int:
        if self.exchange in ("greedy", "ruff"):
            return int(ex.greedy_exchange_card(obs, legal, ruffs=self.exchange == "ruff"))
        if self.exchange == "duck":
            return int(ex.duck_exchange_card(obs, legal))
        if self.exchange == "win":
            return int(ex.win_exchange_card(obs, legal))
        return int(ex.random_exchange_card(obs, legal, rng))

    # ------------------------------------------------------------------ play
    def play_card(self, obs: dict, legal: list[int], rng: np.random.Generator) -> int:
        if self.play == "random" or (self.eps > 0 and rng.random() < self.eps):
            return int(legal[rng.integers(len(legal))])
        if self.play == "greedy":
            return greedy_play_card(obs, legal)
        _, best = dd_optimal_cards(obs, self.solver or default_solver())
        return min(best, key=lambda c: (suit_of(c), rank_of(c)))


def _play_position(obs: dict) -> tuple[list[int], list[int], int | None, str | None]:
    """(own hand, opponent's hand, the card led to us or None when we lead, trump) of a play-phase observation."""
    lead = obs["trick"][0][1] if obs["trick"] else None
    return list(obs["hand"]), opponent_hand_in_play(obs), lead, obs["contract"][1]


def dd_card_values(obs: dict, solver: DoubleDummy) -> dict[int, int]:
    """Exact value of every legal card in the play phase. Leading: the tricks this player then
    takes of the remaining; following: the tricks the LEADER then takes (this trick included)."""
    hand, opp, lead, trump = _play_position(obs)
    if lead is None:
        return solver.lead_values(hand, opp, trump)
    return solver.reply_values(opp + [lead], hand, lead, trump)


def dd_optimal_cards(obs: dict, solver: DoubleDummy) -> tuple[int, list[int]]:
    """(value, the legal cards that keep it) in the play phase, by null-window tests. Value as in
    :func:`dd_card_values`."""
    hand, opp, lead, trump = _play_position(obs)
    if lead is None:
        return solver.optimal_leads(hand, opp, trump)
    return solver.optimal_replies(opp + [lead], hand, lead, trump)


def greedy_play_card(obs: dict, legal: list[int]) -> int:
    """Baseline play: when following, win with the cheapest winner, else throw the lowest card;
    when leading, cash the highest card of the longest suit if it is the top live card of its
    suit, else lead the lowest card of the longest suit."""
    trump = obs["contract"][1]
    if obs["trick"]:
        lead = obs["trick"][0][1]
        winners = [c for c in legal if not leader_wins(lead, c, trump)]
        pool = winners or legal
        return min(pool, key=lambda c: (suit_of(c) == trump, rank_of(c), suit_of(c)))
    opp = opponent_hand_in_play(obs)
    for c in sorted(legal, key=lambda c: -rank_of(c)):
        if not any(suit_of(o) == suit_of(c) and rank_of(o) > rank_of(c) for o in opp):
            return c
    lengths = np.bincount([suit_of(c) for c in legal], minlength=4)
    longest = int(np.argmax(lengths))
    return min((c for c in legal if suit_of(c) == longest), key=rank_of)


@register_agent("honeymoon", "thesis")
def thesis_bot(**kwargs) -> HoneymoonBot:
    """MC0: the thesis program (MC bidding N=50, greedy exchange, exact play)."""
    return HoneymoonBot(bidding="mc", exchange="greedy", play="dd", **kwargs)


@register_agent("honeymoon", "mca")
def mca_bot(adjustment: bd.Adjustment | None = None, **kwargs) -> HoneymoonBot:
    """MCA: the thesis program with the opponent-bid adjustment of the sampled deals."""
    return HoneymoonBot(bidding="mc", exchange="greedy", play="dd", adjustment=adjustment or bd.Adjustment(),
                        **kwargs)


@register_agent("honeymoon", "rule")
def rule_bot(**kwargs) -> HoneymoonBot:
    """RULE: high-card-point bidding, greedy exchange, exact play."""
    return HoneymoonBot(bidding="rule", exchange="greedy", play="dd", **kwargs)


@register_agent("honeymoon", "hcp_greedy")
def hcp_greedy_bot(**kwargs) -> HoneymoonBot:
    """High-card-point bidding, greedy exchange, greedy (non-searching) play."""
    return HoneymoonBot(bidding="rule", exchange="greedy", play="greedy", **kwargs)


@register_agent("honeymoon", "random")
def random_bot(**kwargs) -> HoneymoonBot:
    """RAND: random legal calls (pass with probability 0.5 after the opening) and cards."""
    return HoneymoonBot(bidding="random", exchange="random", play="random", **kwargs)
