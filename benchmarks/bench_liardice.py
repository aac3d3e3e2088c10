"""Speed targets of the Liar Dice agents (paper 01); run ``python benchmarks/bench_liardice.py``.

Targets (one core): random-guess vs a test program >= 30,000 games/s, test program vs test
program >= 100,000 games/s, both through the numba batch simulator. The reference Python
agents are reported for comparison (the thesis: 500 games in about 10 s in Java).
"""
from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from throughput import games_per_second, report, target_table  # noqa: E402

from liarlab.liardice import fast
from liarlab.liardice import rules as ld
from liarlab.liardice.agents import BestResponseAgent, RandomGuessAgent, TestProgram

TARGETS = {"random-guess vs test program (numba)": 30_000, "test program vs test program (numba)": 100_000}


def bench(n_fast: int = 200_000, n_reference: int = 1_000, n_best_response: int = 200, seed: int = 0) -> pd.DataFrame:
    """Games per second of each implementation on one core (best of three runs)."""
    rng = np.random.default_rng(seed)
    fast.warm_up()
    rows = []
    for t in (1, 23, 32):
        rows.append(("random-guess vs test program (numba)", f"type{t}",
                     games_per_second(lambda n: fast.simulate_match(RandomGuessAgent(), TestProgram(t), n, rng), n_fast)))
    rows.append(("test program vs test program (numba)", "type3 vs type20",
                 games_per_second(lambda n: fast.simulate_match(TestProgram(3), TestProgram(20), n, rng), n_fast)))
    rows.append(("random-guess vs random-guess (numba)", "self-play",
                 games_per_second(lambda n: fast.simulate_match(RandomGuessAgent(), RandomGuessAgent(), n, rng), n_fast)))
    rows.append(("random-guess vs test program (reference Python)", "type1",
                 games_per_second(lambda n: ld.play_match([RandomGuessAgent(), TestProgram(1)], n, rng), n_reference, 1)))
    rows.append(("test program vs test program (reference Python)", "type3 vs type20",
                 games_per_second(lambda n: ld.play_match([TestProgram(3), TestProgram(20)], n, rng), n_reference, 1)))
    BestResponseAgent()   # builds the exact policy table once (a few seconds), not timed
    rows.append(("best response vs random-guess (reference Python)", "",
                 games_per_second(lambda n: ld.play_match([BestResponseAgent(), RandomGuessAgent()], n, rng), n_best_response, 1)))
    return target_table(rows, TARGETS)


if __name__ == "__main__":
    report(bench())
