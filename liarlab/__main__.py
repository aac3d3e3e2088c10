"""Command line: ``python -m liarlab run|bench|kernel|cache|play|solve``."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from liarlab import chain
from liarlab.study import outputs


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser, whose errors are one line (its usage lines only with --help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} ('{self.prog} --help' lists the options)\n")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["play"]:  # the terminal game has its own parser (its --help lists agents and moves)
        from liarlab.play.cli import main as play_main

        return play_main(argv[1:])
    parser = OneLineParser(prog="liarlab", description="Run the liarlab notebook chain.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="execute the notebooks with papermill")
    run.add_argument("--profile", default="full", help="quick (minutes) or full (the report)")
    run.add_argument("--only", default=None, help="comma-separated notebook ids, e.g. 03,05")
    run.add_argument("--n-jobs", "--jobs", dest="n_jobs", type=int, default=2,
                     help="local worker processes (joblib) of each notebook (--jobs: the old name)")
    run.add_argument("--at-once", dest="at_once", type=int, default=2,
                     help="notebooks running at the same time, each in its own kernel (1: one after another, "
                          "in number order); the scorecard starts after the others")
    run.add_argument("--scheduler", default=None, help="Dask distributed scheduler address")
    run.add_argument("--force", action="store_true", help="recompute cached results")
    run.add_argument("--out", default=None, help="write notebooks, data, figures and report here "
                                                 "instead of in place")
    run.add_argument("-p", "--parameter", action="append", default=[], metavar="NAME=VALUE",
                     help="override a notebook parameter, e.g. -p n_games=5000")
    run.add_argument("--no-html", action="store_true", help="skip the HTML report")
    run.add_argument("--resolve", action="store_true",
                     help="notebook 05: solve its certified results in the run instead of verifying the stored "
                          "certificates (hours on two cores; python -m liarlab solve stores them offline)")
    bench = sub.add_parser("bench", help="run the speed benchmarks in benchmarks/")
    bench.add_argument("names", nargs="*", help="benchmark names (bench_<name>.py); default all")
    sub.add_parser("kernel", help="register the 'liarlab' Jupyter kernel for this interpreter")
    sub.add_parser("play", help="play a game of the study (liardice, bluff, cheat, honeymoon, ferguson) in the terminal against the study's agents "
                                "(play --help lists agents and moves)")
    store = sub.add_parser("cache", help="list or clear the cached results under data/cache/")
    action = store.add_mutually_exclusive_group(required=True)
    action.add_argument("--list", action="store_true", help="one line per entry: name, size, compute time, "
                                                            "whether its source is unchanged")
    action.add_argument("--clear", action="store_true", help="remove the entries: those of --name PREFIX, or with "
                                                             "--all every one")
    store.add_argument("--name", default=None, help="only entries whose name starts with this")
    store.add_argument("--all", action="store_true", help="with --clear: remove every entry")
    store.add_argument("--out", default=None, help="the output root whose cache to use (default: the library's, the "
                                                   "repository or, installed, the working folder)")
    run.add_argument("--no-progress", action="store_true", help="no cell progress bar in the terminal")
    solve = sub.add_parser("solve", help="solve and store notebook 05's certificates offline (the exact results "
                                         "the chain verifies from data/05_certificates instead of solving)")
    solve.add_argument("kind", choices=("one-die", "end-game", "bluff2"), help="which certificates")
    solve.add_argument("--force", action="store_true", help="re-solve those already stored")
    solve.add_argument("--verify", action="store_true", help="only verify the stored ones (raises if one fails)")
    solve.add_argument("--open", action="store_true",
                       help="end-game: resume each open cell (stored as a bracket) from its stored checkpoint for "
                            "--time-limit seconds and store the tighter bracket (or the solved cell)")
    solve.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                       help="with --open: seconds of solving a cell (default 1200)")
    solve.add_argument("--import", dest="import_from", default=None, metavar="FOLDER",
                       help="end-game: import offline checkpoints FOLDER/<a>v<b>_N<N>_<convention>/state.npz of the "
                            "open cells, verified, as their stored brackets")
    args = parser.parse_args(argv)

    if args.command == "solve":
        return solve_command(args)

    if args.command == "cache":
        try:
            return cache_command(args)
        except ValueError as err:
            print(f"liarlab: {err}", file=sys.stderr)
            return 2

    if args.command == "kernel":
        print(f"kernel '{chain.ensure_kernel()}' runs {sys.executable}")
        return 0
    if args.command == "bench":
        return run_benchmarks(args.names)
    try:
        if args.out is not None and not args.out.strip():
            raise ValueError("--out must name a folder, got an empty one (leave --out out to run in place)")
        params = dict(chain.parse_parameter(p) for p in args.parameter)
        if args.resolve:
            if "resolve_certificates" in params:
                raise ValueError("give --resolve or -p resolve_certificates=..., not both")
            if args.only and "05" not in [x.strip() for x in args.only.split(",")]:
                raise ValueError("--resolve applies to notebook 05 only (its certified results); add 05 to --only")
            params["resolve_certificates"] = True
        runs = chain.run_chain(profile=args.profile, only=args.only, n_jobs=args.n_jobs,
                               scheduler=args.scheduler, force=args.force, out=args.out,
                               parameters=params, html=not args.no_html,
                               progress=False if args.no_progress else None, at_once=args.at_once)
    except (ValueError, chain.ChainError) as err:
        print(f"liarlab: {err}", file=sys.stderr)
        return 2
    except chain.ChainInterrupted as err:
        print(f"liarlab: {err}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:  # before or after the notebooks (the kernel's registration, the report pages)
        print("liarlab: interrupted; rerun to resume", file=sys.stderr)
        return 130
    root = args.out or outputs.REPO_ROOT
    print(f"report: {root}/report/index.html; notebooks: {runs[0].output.parent if runs else root}")
    return 0


def solve_command(args) -> int:
    """``python -m liarlab solve KIND``: every option checked before anything is solved or written; a certificate
    that fails (missing, truncated, swapped, tampered) in one line naming the file and what failed."""
    import math

    from liarlab.bluff import certificates, endgame_store
    from liarlab.papers.p05 import regenerate

    problem = None
    if (args.open or args.import_from is not None) and args.kind != "end-game":
        problem = "--open and --import apply to end-game only"
    elif args.time_limit is not None and not args.open:
        problem = "--time-limit goes with --open"
    elif args.time_limit is not None and not (math.isfinite(args.time_limit) and args.time_limit >= 0):
        problem = f"--time-limit must be a finite number of seconds >= 0 (0: one more round), got {args.time_limit}"
    elif sum(map(bool, (args.open, args.import_from is not None, args.verify, args.force))) > 1:
        problem = "give one of --open, --import, --verify, --force"
    elif args.import_from is not None and not Path(args.import_from).is_dir():
        problem = (f"--import {args.import_from!r}: no such folder (it holds the checkpoints "
                   "<a>v<b>_N<N>_<convention>/state.npz)")
    if problem:
        print(f"liarlab: {problem}", file=sys.stderr)
        return 2
    try:
        if args.import_from is not None:
            rows = regenerate.import_open(args.import_from)
            if not rows:
                print(f"liarlab: --import {args.import_from}: no checkpoint of an open end-game cell there "
                      "(<a>v<b>_N<N>_<convention>/state.npz)", file=sys.stderr)
                return 2
            print(f"{len(rows)} open end-game cells imported")
        elif args.open:
            limit = endgame_store.OPEN_TIME_LIMIT if args.time_limit is None else args.time_limit
            print(f"{len(regenerate.resume_open(limit))} open end-game cells resumed")
        elif args.verify:
            print(f"{len(regenerate.verify_all(args.kind))} {args.kind} certificates verified")
        else:
            regenerate.store(args.kind, force=args.force)
    except certificates.CertificateError as err:
        print(f"liarlab: certificate check failed: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("liarlab: interrupted; what was stored stays (each certificate is written whole)", file=sys.stderr)
        return 130
    return 0


def cache_command(args) -> int:
    from liarlab.study import cache

    if args.name is not None and not args.name.strip():
        raise ValueError("--name must start an entry's name, got an empty one (--clear --all removes every entry)")
    if args.clear and args.name is None and not args.all:
        raise ValueError("--clear needs --name PREFIX, or --all to remove every entry")
    if args.all and (not args.clear or args.name is not None):
        raise ValueError("--all goes with --clear and without --name")
    if args.out is not None:
        root = chain.check_out(args.out)
        if not root.is_dir():
            raise ValueError(f"--out {args.out}: no such folder")
    else:
        root = outputs.default_root()
    folder = root / "data" / "cache"
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--out {args.out}: {folder} is a file, not a folder")
    if args.clear:
        removed = cache.clear(folder, prefix=args.name) if folder.exists() else 0
        print(f"removed {removed} cache entr{'y' if removed == 1 else 'ies'} from {folder}")
        return 0
    rows = [e for e in (cache.entries(folder) if folder.exists() else [])
            if not args.name or str(e.get("name", "")).startswith(args.name)]
    state = {True: "current", False: "STALE (source changed)", None: "unknown"}
    for e in rows:
        seconds = e.get("seconds")
        print(f"{e['file']}  {e['bytes'] / 1e6:8.2f} MB  "
              f"{'' if seconds is None else f'{seconds:9.1f} s'}  {state[e['current']]}  {e.get('name', '')}")
    total = sum(e["bytes"] for e in rows)
    print(f"{len(rows)} entr{'y' if len(rows) == 1 else 'ies'}, {total / 1e6:.1f} MB in {folder}")
    return 0


def run_benchmarks(names) -> int:
    folder = outputs.REPO_ROOT / "benchmarks"
    scripts = sorted(folder.glob("bench_*.py"))
    if not scripts:
        print("liarlab: the benchmarks are scripts of the liarlab repository (benchmarks/), not shipped with the "
              "installed package: run 'python -m liarlab bench' in a clone", file=sys.stderr)
        return 2
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
