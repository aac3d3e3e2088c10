"""Speed targets of paper 02's Q-learning (``python -m liarlab bench qlearning``).

Targets (one core): training the partial-hand, history-1 Q-table against EXP0 >= 100,000 games/s and
frozen evaluation (RL vs EXP0, epsilon 0.1) >= 200,000 games/s, both through the numba engine
(hashed tables for the full hand at histories 2 and 3 and the partial hand at 3 are timed beside them)
(:mod:`liarlab.liardice.qfast`). The plain-Python reference players are timed for comparison (the issue
quotes ~9,000 training games/s and ~27,000 EXP games/s for a plain-Python reading of the game).
"""
from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from throughput import games_per_second, report, target_table  # noqa: E402

from liarlab.liardice import qfast  # noqa: E402
from liarlab.liardice.exp_agents import ExpAgent, play_paper_game  # noqa: E402
from liarlab.liardice.qfast import FastTable, play, train  # noqa: E402
from liarlab.liardice.qtable import QTableAgent  # noqa: E402

TARGETS = {"train RL (partial, n=1) vs EXP0 (numba)": 100_000, "frozen RL vs EXP0 (numba)": 200_000}


def bench(n_fast: int = 1_000_000, n_reference: int = 2_000, seed: int = 0) -> pd.DataFrame:
    """Games per second on one core (best of three runs; the table keeps learning between runs)."""
    rng = np.random.default_rng(seed)
    qfast.warm_up()
    rows = []
    table = FastTable.new(2, 1, "partial")
    rows.append(("train RL (partial, n=1) vs EXP0 (numba)", "from empty",
                 games_per_second(lambda n: train(table, "EXP0", n, rng), n_fast)))
    rows.append(("frozen RL vs EXP0 (numba)", f"{table.games_trained:,} games trained",
                 games_per_second(lambda n: play([table, "EXP0"], n, rng), n_fast)))
    full = FastTable.new(2, 1, "full")
    rows.append(("train RL (full hand, n=1) vs EXP0 (numba)", "from empty",
                 games_per_second(lambda n: train(full, "EXP0", n, rng), n_fast)))
    h3 = FastTable.new(2, 3, "partial")
    rows.append(("train RL (partial, n=3) vs EXP0 (numba)", "from empty, hashed table",
                 games_per_second(lambda n: train(h3, "EXP0", n, rng), n_fast)))
    for history in (2, 3):
        fh = FastTable.new(2, history, "full")
        rows.append((f"train RL (full hand, n={history}) vs EXP0 (numba)", "from empty, hashed table",
                     games_per_second(lambda n, t=fh: train(t, "EXP0", n, rng), n_fast)))
    rows.append(("frozen RL (full hand, n=3) vs EXP0 (numba)", f"{len(fh):,} entries",
                 games_per_second(lambda n: play([fh, "EXP0"], n, rng), n_fast)))
    t3 = FastTable.new(3, 1, "partial")
    rows.append(("train RL (3 players) vs 2 x EXP0 (numba)", "from empty",
                 games_per_second(lambda n: train(t3, ["EXP0", "EXP0"], n, rng), n_fast)))
    rows.append(("EXP0 vs EXP1 (numba)", "", games_per_second(lambda n: play(["EXP0", "EXP1"], n, rng), n_fast)))
    learner = QTableAgent()
    opponent = ExpAgent(0)

    def reference_training(n):
        for g in range(n):
            play_paper_game([learner, opponent] if g % 2 == 0 else [opponent, learner], rng)

    rows.append(("train RL vs EXP0 (reference Python, rules module)", "", games_per_second(reference_training, n_reference, 1)))
    from liarlab.papers.p02.exploit import responder_win_rate

    for history in (1, 3):
        t = FastTable.new(2, history, "partial")
        train(t, "EXP0", 100_000, rng)
        rows.append((f"best responder vs trained RL (partial, n={history}), reference Python", "",
                     games_per_second(lambda n, t=t: responder_win_rate(t, 0.1, n, rng), 200, 1)))
    rows.append(("EXP0 vs EXP1 (reference Python, rules module)", "",
                 games_per_second(lambda n: [play_paper_game([ExpAgent(0), ExpAgent(1)], rng) for _ in range(n)],
                       n_reference, 1)))
    return target_table(rows, TARGETS, detail="detail")


if __name__ == "__main__":
    report(bench())
