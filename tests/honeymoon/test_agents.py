"""Honeymoon Bridge's registered bots (liarlab.honeymoon.agents): they play legal whole deals, and a bad option is
refused."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.core.api import agent_names, make_agent, play_game
from liarlab.honeymoon.rules import HoneymoonState


def test_registered_bots_play_legal_whole_deals():
    assert {"thesis", "mca", "rule", "hcp_greedy", "random"} <= set(agent_names("honeymoon"))
    rng = np.random.default_rng(4)
    st = HoneymoonState(rng=rng)
    out = play_game(st, [make_agent("honeymoon", "thesis", n_samples=4),
                         make_agent("honeymoon", "hcp_greedy")], rng)
    assert sorted(out) == [-1.0, 1.0]
    with pytest.raises(ValueError, match="bidding"):
        from liarlab.honeymoon.agents import HoneymoonBot
        HoneymoonBot(bidding="psychic")
