"""The human-error surrogate DD-eps: exact play, except a random legal card with probability eps.

The thesis's author lost 11 tricks against double-dummy play over 19 games (0.58 a game). DD-eps
is tuned to that rate: deals are bid and exchanged by two RULE bots, then the play phase is played
by DD-eps in one seat against exact play in the other; the loss is the DD-eps side's DD tricks at
the start of the play minus the tricks it took.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import api
from liarlab.honeymoon.agents import HoneymoonBot
from liarlab.honeymoon.match import board_deal
from liarlab.honeymoon.rules import PLAY, HoneymoonState
from liarlab.honeymoon.solver import default_solver
from liarlab.papers.p03 import printed
from liarlab.study.parallel import run_tasks


class _UntilPlay:
    """A deal that ends, for the game loop, where its play phase starts: every call and card up to it goes
    through :func:`liarlab.core.api.play_game` like a whole game's, then the loop returns (no returns yet)."""

    def __init__(self, state: HoneymoonState):
        self.state = state

    def __getattr__(self, name):
        return getattr(self.state, name)

    def is_terminal(self) -> bool:
        return self.state.phase == PLAY


def _play_phase_start(seed: int, board: int) -> HoneymoonState:
    """The deal of ``board`` bid and exchanged by two RULE bots (deterministic)."""
    st = HoneymoonState(deal=board_deal(seed, board), opener=board % 2)
    bots = [HoneymoonBot("rule", "greedy", "dd"), HoneymoonBot("rule", "greedy", "dd")]
    rng = np.random.default_rng(0)   # unused by RULE's calls and greedy exchange
    api.play_game(_UntilPlay(st), bots, rng)
    return st


def _eps_task(boards, eps_values, seed, rng):
    rows = []
    solver = default_solver()
    for board in boards:
        start = _play_phase_start(seed, board)
        leader = start.current_player()
        v = solver.tricks(sorted(start.hands[leader]), sorted(start.hands[1 - leader]), start.trump)
        dd = {leader: v, 1 - leader: 13 - v}
        for eps in eps_values:
            for seat in (0, 1):
                st = start.clone()
                bots = [HoneymoonBot("rule", "greedy", "dd"), HoneymoonBot("rule", "greedy", "dd")]
                bots[seat] = HoneymoonBot("rule", "greedy", "dd", eps=eps)
                api.play_game(st, bots, rng)
                rows.append({"board": board, "eps": eps, "seat": seat,
                             "role": "declarer" if seat == st.declarer else "defender",
                             "dd_tricks": dd[seat], "tricks": st.tricks_won[seat],
                             "lost": dd[seat] - st.tricks_won[seat]})
    return rows


def dd_eps_losses(n_boards: int, eps_values: tuple, seed: int, chunk: int = 20) -> pd.DataFrame:
    """Tricks lost against DD by DD-eps in each seat of ``n_boards`` deals, for each eps."""
    tasks = [{"boards": list(range(s, min(s + chunk, n_boards))), "eps_values": tuple(eps_values), "seed": seed}
             for s in range(0, n_boards, chunk)]
    out = run_tasks(_eps_task, tasks, seed, desc="DD-eps")
    return pd.DataFrame([r for rows in out for r in rows])


def eps_summary(losses: pd.DataFrame) -> pd.DataFrame:
    g = losses.groupby("eps").lost
    return pd.DataFrame({"games": g.size(), "mean_lost": g.mean(),
                         "se": g.std(ddof=1) / np.sqrt(g.size())}).reset_index()


def matching_eps(summary: pd.DataFrame, target: float | None = None) -> float:
    """The eps whose mean loss equals ``target`` (default the thesis's 11/19), by linear
    interpolation on the measured grid (NaN when the grid does not bracket it)."""
    target = printed.HUMAN_TRICKS_LOST / 19 if target is None else target
    s = summary.sort_values("eps")
    x, y = s.eps.to_numpy(float), s.mean_lost.to_numpy(float)
    for i in range(len(x) - 1):
        if (y[i] - target) * (y[i + 1] - target) <= 0 and y[i + 1] != y[i]:
            return float(x[i] + (target - y[i]) * (x[i + 1] - x[i]) / (y[i + 1] - y[i]))
    return float("nan")


def eps_band(summary: pd.DataFrame) -> tuple[float, float]:
    """The ε range whose loss the curve's 95 % band (±1.96 SE a grid point) allows for the thesis's 11/19: where the
    band's upper and lower edges cross it (NaN where the grid does not bracket it)."""
    return tuple(matching_eps(summary.assign(mean_lost=summary.mean_lost + k * summary.se)) for k in (1.96, -1.96))


EPS_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5)   # the error rates measured
DEFAULT_EPS = 0.1   # the matches' eps when the grid does not bracket the author's rate


def match_eps(eps_human: float) -> float:
    """The eps the duplicate matches use: the author's, to two decimals (:data:`DEFAULT_EPS` when unknown)."""
    return round(float(eps_human), 2) if np.isfinite(eps_human) else DEFAULT_EPS
