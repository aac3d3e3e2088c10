"""Command line: ``python -m liarlab run|bench|kernel``."""
from __future__ import annotations

import argparse
import subprocess
import sys

from liarlab.study import chain, outputs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="liarlab", description="Run the liarlab notebook chain.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="execute the notebooks with papermill")
    run.add_argument("--profile", default="full", help="quick (minutes) or full (the report)")
    run.add_argument("--only", default=None, help="comma-separated notebook ids, e.g. 03,05")
    run.add_argument("--jobs", type=int, default=2, help="local worker processes (joblib)")
    run.add_argument("--scheduler", default=None, help="Dask distributed scheduler address")
    run.add_argument("--force", action="store_true", help="recompute cached results")
    run.add_argument("--out", default=None, help="write notebooks, data, figures and report here "
                                                 "instead of in place")
    run.add_argument("-p", "--parameter", action="append", default=[], metavar="NAME=VALUE",
                     help="override a notebook parameter, e.g. -p n_games=5000")
    run.add_argument("--no-html", action="store_true", help="skip the HTML report")
    bench = sub.add_parser("bench", help="run the speed benchmarks in benchmarks/")
    bench.add_argument("names", nargs="*", help="benchmark names (bench_<name>.py); default all")
    sub.add_parser("kernel", help="register the 'liarlab' Jupyter kernel for this interpreter")
    args = parser.parse_args(argv)

    if args.command == "kernel":
        print(f"kernel '{chain.ensure_kernel()}' runs {sys.executable}")
        return 0
    if args.command == "bench":
        return run_benchmarks(args.names)
    try:
        params = dict(chain.parse_parameter(p) for p in args.parameter)
        runs = chain.run_chain(profile=args.profile, only=args.only, jobs=args.jobs,
                               scheduler=args.scheduler, force=args.force, out=args.out,
                               parameters=params, html=not args.no_html)
    except (ValueError, chain.ChainError) as err:
        print(f"liarlab: {err}", file=sys.stderr)
        return 2
    root = args.out or outputs.REPO_ROOT
    print(f"report: {root}/report/index.html; notebooks: {runs[0].output.parent if runs else root}")
    return 0


def run_benchmarks(names) -> int:
    folder = outputs.REPO_ROOT / "benchmarks"
    scripts = sorted(folder.glob("bench_*.py"))
    if names:
        wanted = {f"bench_{n.removeprefix('bench_').removesuffix('.py')}.py" for n in names}
        unknown = wanted - {s.name for s in scripts}
        if unknown:
            print(f"liarlab: unknown benchmark(s) {sorted(unknown)}; available: "
                  f"{[s.stem[6:] for s in scripts]}", file=sys.stderr)
            return 2
        scripts = [s for s in scripts if s.name in wanted]
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script)], cwd=outputs.REPO_ROOT)
    return status


if __name__ == "__main__":
    sys.exit(main())
