"""What the games-per-second benchmarks share: timing a run, checking it against its target, reporting."""
from __future__ import annotations

import time

import numpy as np
import pandas as pd


def games_per_second(play, n_games: int, repeats: int = 3) -> float:
    """``n_games`` divided by the best of ``repeats`` timed calls of ``play(n_games)``."""
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        play(n_games)
        best = min(best, time.perf_counter() - start)
    return n_games / best


def target_table(rows, targets: dict, detail: str = "matchup") -> pd.DataFrame:
    """Rows (benchmark, detail, games/s) with each benchmark's target, if any, and whether it was met."""
    frame = pd.DataFrame(rows, columns=["benchmark", detail, "games_per_second"])
    frame["target"] = frame["benchmark"].map(targets)
    frame["meets_target"] = frame["target"].isna() | (frame["games_per_second"] >= frame["target"])
    return frame


def report(table: pd.DataFrame) -> None:
    """Print the table; exit non-zero when a target was missed."""
    print(table.round(0).to_string(index=False))
    if not table["meets_target"].all():
        raise SystemExit("a speed target was missed")
