"""play_deal plays through the one game loop (core.api.play_game) and logs the deals its own loop logged.

The digest below was computed with play_deal's own loop, before it became a wrapper over core.api.play_game: the
log of a few duplicate boards and one deal (auction, contract, estimates, double-dummy tricks before and after the
exchange, tricks taken) and the Generator's state after the last one (the random stream read in the same order).
"""
from __future__ import annotations

import hashlib
import json

import numpy as np

import liarlab.honeymoon  # noqa: F401  (registers the game and its agents)
from liarlab.core import api
from liarlab.honeymoon.agents import HoneymoonBot
from liarlab.honeymoon.match import board_deal, play_board, play_deal

FROZEN = "dd91e5e9cae5f8ba"


def _deals() -> str:
    rng = np.random.default_rng(2604)
    rows = []
    for i, (a, b, options) in enumerate([("random", "random", {}), ("rule", "hcp_greedy", {}),
                                         ("thesis", "random", {"n_samples": 2})]):
        rows += play_board(31 + i, i, lambda: api.make_agent("honeymoon", a, **options),
                           lambda: api.make_agent("honeymoon", b, **options), rng)
    bots = [HoneymoonBot(bidding="random", exchange="random", play="greedy"),
            HoneymoonBot(bidding="rule", exchange="duck", play="random", eps=0.1)]
    rows.append(play_deal(board_deal(5, 3), 1, bots, rng))
    text = json.dumps([rows, rng.bit_generator.state], sort_keys=True, default=lambda x: x.item())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_play_deal_logs_the_deals_its_own_loop_logged():
    digest = _deals()
    assert digest == FROZEN, f"the deals or their logs changed (or the random stream is read in another order): {digest!r}"


def test_play_deal_goes_through_the_one_loop(monkeypatch):
    states, loop = [], api.play_game

    def spy(state, agents, rng, *args, **kwargs):
        states.append(type(state).__name__)
        return loop(state, agents, rng, *args, **kwargs)

    monkeypatch.setattr(api, "play_game", spy)
    bots = [api.make_agent("honeymoon", "random"), api.make_agent("honeymoon", "hcp_greedy")]
    row = play_deal(board_deal(1, 0), 0, bots, np.random.default_rng(0))
    assert states == ["HoneymoonState"] and row["tricks_0"] + row["tricks_1"] == 13
