"""Speed of Bayesian-network play (paper 01). Target: >= 1,000 games/s on one core for the
random-guess player with the network against a test program, learning after every game (the
thesis's schedule, refit_every=1).

Rows: compiled engine with the thesis's schedule (the default), compiled engine with the batched
schedule (refit_every=250 plus doublings), compiled engine that never refits (pure play cost),
the Python reference agents with the thesis's schedule, and the thesis's schedule with pgmpy
refitting after every game (fitter="pgmpy": the model of record, what the closed form replaces).
The thesis's Java program played ~17 games/s with the network (500 games in ~30 s).

    .venv/bin/python benchmarks/bench_liardice_bbn.py [--games 5000] [--type 1]
"""
import argparse
import os
import time

import pandas as pd

from liarlab.liardice import bbn_play
from liarlab.papers.p01 import bbn_experiments as bbnx


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--type", type=int, default=1)
    parser.add_argument("--python-games", type=int, default=500, help="games for the Python reference row")
    parser.add_argument("--pgmpy-games", type=int, default=60, help="games for the pgmpy-every-game row")
    args = parser.parse_args()
    start = time.perf_counter()
    bbn_play.warm_up()
    print(f"warm-up (compile or load cache): {time.perf_counter() - start:.1f} s")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; one process, one core")
    rows = [bbnx.bbn_timing(args.games, args.type, seed=1,
                            configs=(("fast", 1, True), ("fast", bbnx.BATCHED_REFIT_EVERY, True),
                                     ("fast", 10**9, False))),
            bbnx.bbn_timing(args.python_games, args.type, seed=1, configs=(("python", 1, True),)),
            bbnx.bbn_timing(args.pgmpy_games, args.type, seed=1, configs=(("fast", 1, True, "pgmpy"),))]
    table = pd.concat(rows, ignore_index=True)
    never = table.refit_every >= 10**9
    table.loc[never, "schedule"] = "never refit (play cost only)"
    table.loc[never, "refit_every"] = -1
    cols = ["schedule", "engine", "fitter", "refit_every", "games", "refits", "refit_ms", "seconds_bbn",
            "bbn_games_per_s", "bbn_games_per_cpu_s", "seconds_random_only"]
    print(table[cols].round(4).to_string(index=False))
    row = table[(table.engine == "fast") & (table.refit_every == 1) & (table.fitter == "counts")].iloc[0]
    for label, rate in (("wall clock", row.bbn_games_per_s), ("CPU time", row.bbn_games_per_cpu_s)):
        verdict = "meets" if rate >= 1000 else "MISSES"
        print(f"thesis schedule (refit after every game), compiled, {label}: {rate:,.0f} games/s -> {verdict} "
              "the 1,000 games/s target")


if __name__ == "__main__":
    main()
