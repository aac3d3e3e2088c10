"""Paper 03's games go through the one game loop (core.api.play_game) and are the games its own loops played.

The digests below were computed with the loops paper 03 had of its own (surrogate._play_phase_start and _eps_task,
experiments.worked_deal), before they became calls of core.api.play_game: the play-phase starts of a few boards,
the DD-eps rows of a few boards and the Generator's state after them (the random stream read in the same order),
and the worked deal logged card by card (hands, calls with their margins, contract, exchange, play with the
double-dummy tricks, winner) at two seeds.
"""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pandas as pd

from liarlab.core import api
from liarlab.papers.p03 import experiments as x
from liarlab.papers.p03 import surrogate as sg

FROZEN = {
    "play_phase_start": "a72e7f6d3bc71220",
    "eps_task": "0cd355402a58c7e5",
    "worked_deal": "09121200545c9c55",
}


def _digest(obj) -> str:
    def plain(v):
        if isinstance(v, pd.DataFrame):
            return {"columns": list(v.columns), "rows": v.to_dict("split")["data"]}
        if isinstance(v, np.generic):
            return v.item()
        if isinstance(v, (set, frozenset)):
            return sorted(v)
        raise TypeError(type(v))
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=plain).encode()).hexdigest()[:16]


def _play_phase_starts() -> str:
    states = [sg._play_phase_start(7, board) for board in range(6)]
    return _digest([[s.phase, s.to_move, s.leader, s.contract, s.declarer, s.bids, s.hands, s.stock, s.history,
                     s.exchange_winners, s.won_face_up, s.drawn, s.trick_number, s.tricks_won] for s in states])


def _eps_rows() -> str:
    rng = np.random.default_rng(2603)
    rows = sg._eps_task([0, 1, 2, 3], (0.0, 0.2, 0.5), 11, rng)
    return _digest([rows, rng.bit_generator.state])


def _worked_deals() -> str:
    return _digest([x.worked_deal(seed, n_samples) for seed, n_samples in ((3, 4), (20260, 6))])


CASES = {"play_phase_start": _play_phase_starts, "eps_task": _eps_rows, "worked_deal": _worked_deals}


def test_paper_03_plays_the_games_its_own_loops_played():
    digests = {name: case() for name, case in CASES.items()}
    assert digests == FROZEN, f"the games changed (or the random stream is read in another order): {digests!r}"


def test_paper_03_plays_through_the_one_loop(monkeypatch):
    """The play-phase starts (bidding and exchange only), the DD-eps games and the worked deal call
    core.api.play_game, not a loop of their own."""
    states, loop = [], api.play_game

    def spy(state, agents, rng, *args, **kwargs):
        states.append(type(state).__name__)
        return loop(state, agents, rng, *args, **kwargs)

    monkeypatch.setattr(api, "play_game", spy)
    assert sg._play_phase_start(7, 0).phase == sg.PLAY and states == ["_UntilPlay"]
    rows = sg._eps_task([0], (0.0,), 7, np.random.default_rng(0))
    assert len(rows) == 2 and states[1:] == ["_UntilPlay", "HoneymoonState", "HoneymoonState"]
    deal = x.worked_deal(3, 2)
    assert len(deal["play"]) == 13 and states[4:] == ["HoneymoonState"]
