"""Budget check: the quick chain within 5 minutes on 2 cores, the full chain within 30 (issue 40), from an empty cache.

Usage: python benchmarks/bench_chain.py [--profile quick|full] [--n-jobs 2] [--warm]
Runs into a temporary folder, so the committed report is left alone, and prints each notebook's time. "Empty" means
both caches a fresh clone lacks: the study's (the temporary output folder) and numba's compiled engines (with the
double-dummy end-game tables stored beside them), which go to a temporary NUMBA_CACHE_DIR for every process of the
run unless --warm is given.
"""
import argparse
import os
import tempfile
import time

from liarlab import chain

BUDGET_SECONDS = {"quick": 5 * 60, "full": 30 * 60}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", default="quick", choices=sorted(BUDGET_SECONDS))
    parser.add_argument("--n-jobs", "--jobs", dest="n_jobs", type=int, default=2)
    parser.add_argument("--warm", action="store_true", help="keep numba's cache (compiled engines) of earlier runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        if not args.warm:   # inherited by every kernel and worker the chain starts
            os.environ["NUMBA_CACHE_DIR"] = os.path.join(out, "numba-cache")
        started = time.time()
        runs = chain.run_chain(profile=args.profile, n_jobs=args.n_jobs, out=out, html=False, log=lambda *_: None)
        total = time.time() - started
    for run in runs:
        print(f"{run.notebook:45s} {run.seconds:7.1f} s")
    budget = BUDGET_SECONDS[args.profile]
    print(f"{args.profile} chain: {total:.1f} s (budget {budget} s) -> {'OK' if total <= budget else 'OVER BUDGET'}")


if __name__ == "__main__":
    main()
