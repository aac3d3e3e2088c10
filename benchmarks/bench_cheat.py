"""Speed targets of the Cheat engines (paper 04); run ``python -m liarlab bench cheat``.

Targets (one core): >= 100,000 stage-2 games/s between fixed agents and >= 10,000 training games/s
for the linear-Q learner, both in the compiled engine. The issue quotes about 30,000 games/s for a
plain-Python reading of the modified game; our rules module (the readable reference) is reported too,
as is the stage-1 learner (each real game brings 90 simulated ones).
"""
from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from throughput import games_per_second, report, target_table  # noqa: E402

from liarlab.cheat import fast  # noqa: E402
from liarlab.cheat.agents import QLearner, ScriptedAgent  # noqa: E402
from liarlab.cheat.game import CheatRules, CheatState, play_with_events  # noqa: E402

TARGETS = {"stage 2, fixed agents (numba)": 100_000, "stage 2, Q-learner training (numba)": 10_000}
PAIRS = (("a", "d"), ("b", "e"), ("c", "f"), ("d", "d"), ("random", "random"))


def _reference(kinds, n, rng):
    for _ in range(n):
        agents = [QLearner() if k == "q" else ScriptedAgent(k) for k in kinds]
        play_with_events(CheatState(rng), agents, rng, list_legal=False)


def bench(n_fast: int = 200_000, n_train: int = 50_000, n_reference: int = 300, seed: int = 0) -> pd.DataFrame:
    """Games per second on one core (best of three runs; compilation happens before timing)."""
    rng = np.random.default_rng(seed)
    fast.play_cheat(["q", "a"], 10, rng, learn=[True, False])
    fast.learning_run("P1", 2, rng)
    rows = []
    for pair in PAIRS:
        rows.append(("stage 2, fixed agents (numba)", " vs ".join(pair),
                     games_per_second(lambda n: fast.play_cheat(list(pair), n, rng), n_fast)))
    for opp in ("a", "b", "c", "d", "e", "f"):
        def train(n, opp=opp):
            fast.play_cheat(["q", opp], n, rng, weights=np.zeros((2, 7, 7)), learn=[True, False])
        rows.append(("stage 2, Q-learner training (numba)", f"q vs {opp}", games_per_second(train, n_train)))
    challengeable = CheatRules(last_play_challengeable=True)
    rows.append(("stage 2, fixed agents (numba)", "b vs e, last play challengeable",
                 games_per_second(lambda n: fast.play_cheat(["b", "e"], n, rng, rules=challengeable), n_fast)))
    rows.append(("stage 2, Q-learner training (numba)", "q vs d, last play challengeable",
                 games_per_second(lambda n: fast.play_cheat(["q", "d"], n, rng, rules=challengeable,
                                                            weights=np.zeros((2, 7, 7)), learn=[True, False]),
                                  n_train)))
    rows.append(("stage 2, fixed agents (rules module, Python)", "b vs e",
                 games_per_second(lambda n: _reference(["b", "e"], n, rng), n_reference, 1)))
    rows.append(("stage 2, Q-learner training (rules module, Python)", "q vs d",
                 games_per_second(lambda n: _reference(["q", "d"], n, rng), n_reference, 1)))
    rows.append(("stage 1, learner real games incl. 90 simulated (numba)", "vs P2",
                 games_per_second(lambda n: fast.learning_run("P2", n, rng), 2_000)))
    rows.append(("stage 1, learner real games incl. 90 simulated (numba)", "vs P2, simulating a model",
                 games_per_second(lambda n: fast.learning_run("P2", n, rng, simulate="model"), 2_000)))
    return target_table(rows, TARGETS)


if __name__ == "__main__":
    report(bench())
