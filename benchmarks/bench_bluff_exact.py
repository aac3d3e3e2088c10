"""Speed and memory of the exact Bluff solver (sequence-form LP) against the number of faces.

    python benchmarks/bench_bluff_exact.py [--max-faces 6] [--min-faces 2] [--method highs]
                                           [--bluff2-max-total 0]

Each N (one die each) runs in a fresh subprocess so that the peak resident memory
(resource.getrusage) belongs to that solve alone. Target: N = 6 solved to mean best-response gain
<= 1e-6 within 60 s on the 2-core project machine. ``--bluff2-max-total T`` also times the
multi-round table for N = 2 (every cell with a + b <= T, a, b <= 5).

Measured 2026-11-25 on the shared 2-core machine (load 4-8, so times are upper bounds), method
"highs", one die each: N = 2..5 under 1 s of LP time each (plus ~3 s one-off import/HiGHS start),
N = 6 2.7-18.6 s and 171 MB peak, N = 7 59 s and 523 MB, N = 8 398 s and 2.1 GB; mean best-response gain
<= 3e-16 throughout. N = 2 multi-round cells: a + b = 7 about 10 s, a + b = 8 40-80 s, a + b = 9
(max_bytes raised to 12 GiB) 210-440 s and 4.7 GB; a + b = 10 would need about 88 M LP nonzeros.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def solve_one(faces: int, method: str) -> dict:
    from liarlab.bluff.exact import _solve_lp  # the private LP itself: the door has no HiGHS method switch

    t0 = time.perf_counter()
    sol = _solve_lp(faces, (1, 1), method=method)
    total = time.perf_counter() - t0
    return dict(faces=faces, first_player_win=sol.first_player_win, value=sol.value,
                mean_gain=sol.mean_gain, bids=sol.sizes["bids"],
                histories=sol.sizes["histories"], deals=sol.sizes["deals"],
                sequences=sol.sizes["sequences"], lp_nonzeros=sol.sizes["lp_nonzeros"],
                build_s=sol.build_seconds, solve_s=sol.solve_seconds, check_s=sol.check_seconds,
                total_s=total, peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def run_child(faces: int, method: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--single", str(faces), "--method", method],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-faces", type=int, default=6)
    parser.add_argument("--min-faces", type=int, default=2)
    parser.add_argument("--method", default="highs", help="scipy linprog method: highs, highs-ds, highs-ipm")
    parser.add_argument("--bluff2-max-total", type=int, default=0)
    parser.add_argument("--single", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.single is not None:
        print(json.dumps(solve_one(args.single, args.method)))
        return

    header = (f"{'N':>3} {'bids':>5} {'histories':>10} {'deals':>6} {'sequences':>10} {'LP nnz':>10} "
              f"{'build s':>8} {'solve s':>8} {'check s':>8} {'peak MB':>8} {'mean gain':>9} {'P1 win %':>10}")
    print(header)
    for faces in range(args.min_faces, args.max_faces + 1):
        r = run_child(faces, args.method)
        print(f"{r['faces']:>3} {r['bids']:>5} {r['histories']:>10,} {r['deals']:>6} {r['sequences']:>10,} "
              f"{r['lp_nonzeros']:>10,} {r['build_s']:>8.2f} {r['solve_s']:>8.2f} {r['check_s']:>8.2f} "
              f"{r['peak_mb']:>8.0f} {r['mean_gain']:>9.1e} {100 * r['first_player_win']:>10.4f}",
              flush=True)
        if faces == 6:
            ok = r["mean_gain"] <= 1e-6 and r["total_s"] <= 60
            print(f"    target N=6 (mean_gain <= 1e-6 within 60 s): {'met' if ok else 'MISSED'} "
                  f"({r['total_s']:.1f} s)", flush=True)

    if args.bluff2_max_total:
        from liarlab.bluff.exact import bluff_game_values

        t0 = time.perf_counter()
        table = bluff_game_values(2, max_dice=5, max_total=args.bluff2_max_total)
        print(f"\nBluff-2 exact (N = 2, a + b <= {args.bluff2_max_total}): {time.perf_counter() - t0:.1f} s, "
              f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
        print(table[["a", "b", "opener_win", "mean_gain", "seconds", "status"]].to_string(index=False))


if __name__ == "__main__":
    main()
