"""Speed of Bayesian-network play (paper 01, E9). Target: >= 1,000 games/s with the BBN.

Prints games/s of 500-game matches, BBN random-guess player vs a test program, for the
compiled path (the default for the experiments) and the reference Python agents, at the thesis's
refit-every-game schedule and at the default schedule; also the pgmpy refit cost. The thesis's
Java program played ~17 games/s with the network (500 games in ~30 s).

    .venv/bin/python benchmarks/bench_liardice_bbn.py [--games 500] [--type 1]
"""
import argparse
import os
import time

from liarlab.liardice import bbn, bbn_play
from liarlab.papers.p01 import bbn_experiments as bbnx


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--type", type=int, default=1)
    parser.add_argument("--python-games", type=int, default=200, help="games for the slow reference rows")
    args = parser.parse_args()
    start = time.perf_counter()
    bbn_play.warm_up()
    print(f"warm-up (compile or load cache, import pgmpy): {time.perf_counter() - start:.1f} s")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    default = (bbn.DEFAULT_REFIT_EVERY, True)
    rows = [bbnx.bbn_timing(args.games, args.type, seed=1, configs=(("fast",) + default, ("fast", 10**9, False))),
            bbnx.bbn_timing(args.python_games, args.type, seed=1, configs=(("python",) + default,)),
            bbnx.bbn_timing(min(args.python_games, 100), args.type, seed=1, configs=(("fast", 1, True),))]
    import pandas as pd

    table = pd.concat(rows, ignore_index=True)
    table.loc[table.refit_every >= 10**9, "refit_every"] = -1      # -1: never refit (pure play cost)
    cols = ["engine", "refit_every", "doubling", "games", "refits", "refit_ms", "refit_cpu_ms", "seconds_bbn",
            "bbn_games_per_s", "bbn_games_per_cpu_s", "seconds_random_only"]
    print(table[cols].round(3).to_string(index=False))
    row = table[(table.engine == "fast") & (table.refit_every == default[0])].iloc[0]
    for label, rate in (("wall clock", row.bbn_games_per_s), ("CPU time (~ an unloaded core)", row.bbn_games_per_cpu_s)):
        verdict = "meets" if rate >= 1000 else "MISSES"
        print(f"default schedule, compiled, {label}: {rate:.0f} games/s -> {verdict} the 1,000 games/s target")


if __name__ == "__main__":
    main()
