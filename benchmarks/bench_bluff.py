"""Speed of notebook 05's per-turn methods; run ``python benchmarks/bench_bluff.py``.

Targets (one core): the Ferguson LP at N = 6 under 0.5 s; the talk's per-turn Bluff method for
N = 2..10 with one die each under 5 s and the Bluff-2 grid (N = 2, up to 5 dice each) under 10 s;
the LD-2 simulator at >= 1 million games/s (10^8 games per pairing then takes under 2 minutes).
"""
from __future__ import annotations

import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from liarlab.bluff import ferguson, per_turn

TARGETS_SECONDS = {"Ferguson LP, N = 6": 0.5, "Ferguson LP, N = 1..30": 10.0,
                   "per-turn Bluff-1, N = 2..10": 5.0, "per-turn Bluff-2 grid, N = 2, <= 5 dice": 10.0}
TARGET_GAMES_PER_SECOND = 1_000_000


def _seconds(func) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def main():
    jobs = {
        "Ferguson LP, N = 6": lambda: ferguson.ferguson_solution(6),
        "Ferguson LP, N = 1..30": lambda: [ferguson.ferguson_solution(n) for n in range(1, 31)],
        "per-turn Bluff-1, N = 2..10": lambda: per_turn.bluff1_per_turn_table(range(2, 11)),
        "per-turn Bluff-2 grid, N = 2, <= 5 dice": lambda: per_turn.bluff2_per_turn_table(2, 5),
    }
    for name, job in jobs.items():
        took = _seconds(job)
        target = TARGETS_SECONDS[name]
        print(f"{name:42s} {took:8.2f} s   (target {target:5.1f} s) {'OK' if took <= target else 'SLOW'}")
    K = ferguson.ferguson_solution(6).strategy
    rng = np.random.default_rng(0)
    ferguson.simulate_liars_dice(K, K, 10_000, rng)  # warm-up
    n = 2_000_000
    took = _seconds(lambda: ferguson.simulate_liars_dice(K, K, n, rng))
    rate = n / took
    print(f"{'LD-2 simulation, N = 6 (games/s)':42s} {rate:12,.0f}   (target {TARGET_GAMES_PER_SECOND:,}) "
          f"{'OK' if rate >= TARGET_GAMES_PER_SECOND else 'SLOW'}")
    print(f"{'  -> 10^8 games per pairing would take':42s} {1e8 / rate:8.1f} s")


if __name__ == "__main__":
    main()
