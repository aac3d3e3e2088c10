"""Playing logged deals and duplicate boards.

A *board* is one deal (the 52-card order: both hands and the stock) and an opener. A duplicate
match plays every board twice with the bots' seats swapped, so luck of the cards cancels.
:func:`play_deal` plays one game and logs what the experiments need: the auction, the contract,
each bot's estimate for the contract suit at its last call, the declarer's double-dummy tricks
on the dealt hands and after the exchange, and the tricks actually taken.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from liarlab.core import api
from liarlab.core.seeds import generator
from liarlab.core.validation import check_int

from .rules import BIDDING, EXCHANGE, PLAY, HoneymoonState, action_name
from .solver import DoubleDummy, default_solver


def board_deal(seed: int, board: int) -> np.ndarray:
    """The fixed deal of ``board`` under ``seed`` (the same in every pairing)."""
    check_int("board", board, 0, None)
    return np.random.default_rng([check_int("seed", seed, 0, None), board]).permutation(52)


def _contract_estimate(agent, state: HoneymoonState, seat: int) -> float | None:
    """The bot's E for the contract suit at its last call: E to declare when it is the declarer,
    E to defend when it passed over the opponent's contract."""
    est = getattr(agent, "last_estimate", None)
    if est is None:
        return None
    suit = state.contract[1]
    if state.declarer == seat:
        return float(est["declare"][suit])
    return None if est["defend"] is None else float(est["defend"])


def play_deal(deal: Sequence[int], opener: int, agents: Sequence, rng: np.random.Generator,
              solver: DoubleDummy | None = None) -> dict:
    """Play one deal to the end through the one game loop (:func:`liarlab.core.api.play_game`); return its log
    (see the module docstring)."""
    rng = generator(rng)
    solver = solver or default_solver()
    state = HoneymoonState(deal=deal, opener=opener)
    for a in agents:
        if hasattr(a, "last_estimate"):
            a.last_estimate = None
    log = _DealLog(state, agents, solver)
    api.play_game(state, agents, rng, on_action=log.after_action)
    d = state.declarer
    level, suit = state.contract
    return {"opener": opener, "auction": " ".join(action_name(a) for _, a in state.bids),
            "n_calls": len(state.bids), "level": level, "suit": "SHDC"[suit], "declarer": d,
            "target": level + 6, "tricks_0": state.tricks_won[0], "tricks_1": state.tricks_won[1],
            "winner": state.winner(), "estimate_0": log.estimates[0], "estimate_1": log.estimates[1],
            "dd_before": log.dd_before, "dd_after": log.dd_after,
            "exchange_won_0": log.exchange_won[0], "exchange_won_1": log.exchange_won[1]}


class _DealLog:
    """What :func:`play_deal` notes as the deal passes from one phase to the next (the loop's ``on_action``)."""

    def __init__(self, state: HoneymoonState, agents: Sequence, solver: DoubleDummy):
        self.agents, self.solver = agents, solver
        self.phase = state.phase   # the phase before the action the loop has just applied
        self.estimates: list[float | None] = [None, None]
        self.dd_before = self.dd_after = None
        self.exchange_won = [0, 0]

    def after_action(self, state: HoneymoonState, player: int, action) -> None:
        phase, self.phase = self.phase, state.phase
        if phase == BIDDING and state.phase == EXCHANGE:
            for s in (0, 1):
                self.estimates[s] = _contract_estimate(self.agents[s], state, s)
            d = state.declarer
            dealt = [list(state.deal[:13]), list(state.deal[13:26])]
            # declarer's DD tricks on the dealt hands, the non-declarer leading
            self.dd_before = 13 - self.solver.tricks(dealt[1 - d], dealt[d], state.trump)
        if phase == EXCHANGE and state.phase == PLAY:
            d = state.declarer
            self.dd_after = 13 - self.solver.tricks(sorted(state.hands[1 - d]), sorted(state.hands[d]), state.trump)
            self.exchange_won = [sum(1 for w in state.exchange_winners if w == s) for s in (0, 1)]


def play_board(seed: int, board: int, make_a, make_b, rng: np.random.Generator,
               solver: DoubleDummy | None = None) -> list[dict]:
    """Both games of a duplicate board: bot A in seat 0, then in seat 1 (the opener is the board's:
    it alternates with the board number). ``make_a``/``make_b`` build fresh agents."""
    rng = generator(rng)
    deal = board_deal(seed, board)
    opener = board % 2
    rows = []
    for a_seat in (0, 1):
        agents = [None, None]
        agents[a_seat], agents[1 - a_seat] = make_a(), make_b()
        row = play_deal(deal, opener, agents, rng, solver)
        row.update(board=board, a_seat=a_seat, a_won=int(row["winner"] == a_seat))
        rows.append(row)
    return rows
