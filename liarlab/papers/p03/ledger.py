"""Notebook 03's coverage ledger: one row per experiment E1..E15 of spec 03 (03-honeymoon-bridge.md), built from the
sizes the run resolved and the counts it measured (never typed totals).

A row is ``full`` when the run used at least the full profile's size of each parameter behind it
(:data:`liarlab.papers.p03.params.PARAMS`); the ledger holds no size of its own.
"""
from __future__ import annotations

from liarlab.papers.p03 import experiments
from liarlab.papers.p03.params import PARAMS
from liarlab.study.coverage import experiment

SPEC = "03"
QUICK = "quick profile"


def full(name: str) -> int:
    """The full profile's size of parameter ``name``."""
    return PARAMS.size(name, "full")


def run_sizes(params: dict, results, machine: dict) -> dict:
    """What the ledger needs from a run: the resolved sizes (``params``, as returned by ``nb.setup``), the counts
    measured in ``results`` (:class:`liarlab.papers.p03.results.Results`) and the ``machine`` it ran on."""
    errors = results.errors
    estimation_games = {f"{b} vs {o}": int(((errors.bot == b) & (errors.opponent == o)).sum())
                        for b, o in (("MC0", "RULE"), ("MC0", "MC0"), ("MCA", "RULE"), ("MCA", "MC0"))}
    e12 = experiments.e12_table(results.matches)
    return {"agreement_deals": params["agreement_deals"], "ablation_deals": params["speed_deals"],
            "ablations": len(experiments.ABLATIONS), "table_n": params["table_n"],
            "table_checks": len(results.table_check), "convergence_hands": params["convergence_hands"],
            "convergence_ns": list(experiments.convergence_ns(params["convergence_pool"])),
            "convergence_reps": params["convergence_reps"], "convergence_pool": params["convergence_pool"],
            "replay_samples": params["replay_samples"], "selfplay_deals": len(results.selfplay),
            "estimation_games": estimation_games, "match_boards": e12.set_index("pairing").boards.to_dict(),
            "exchange_boards": params["exchange_boards"], "grid_boards": params["grid_boards"],
            "timing_decisions": params["timing_decisions"], "cpu": machine["cpu"], "cores": machine["logical_cores"]}


def _row(code: str, title: str, spec: str, ours: str, ok: bool, section: str, note: str = QUICK) -> dict:
    """One ledger row: ``full`` when the run's sizes reach the full profile's, else ``reduced`` with ``note``."""
    return experiment(SPEC, code, title, spec, ours, "full" if ok else "reduced", section, "" if ok else note)


def _solver_rows(run: dict) -> list[dict]:
    """E1..E4: the rules engine, the solver's correctness and speed, the endgame table."""
    agreement_ok = run["agreement_deals"] >= full("agreement_deals")
    speed_ok = run["ablation_deals"] >= full("speed_deals")
    table_ok = run["table_n"] >= full("table_n") and run["table_checks"] >= full("table_checks")
    return [
        experiment(SPEC, "E1", "Rules engine", "unit tests", "tests/honeymoon/test_rules.py", "full",
                   "tests/honeymoon/test_rules.py"),
        _row("E2", "Solver correctness", ">= 1,000 small deals, 100 % agreement",
             f"{run['agreement_deals']:,} deals (+ tests: every ablation, table entries)", agreement_ok,
             "The exact solver: correctness"),
        _row("E3", "Solver speed and ablations", "200 deals x 4 trumps per ablation",
             f"{run['ablation_deals']} deals x 4 trumps x {run['ablations']} configurations", speed_ok,
             "The exact solver: speed and ablations"),
        _row("E4", "Canonical counts and table sizes", "n = 1-8 sizes; built to n >= 6; 10^4 checks",
             f"sizes n = 1-8; built to n = {run['table_n']}; {run['table_checks']:,} entries checked", table_ok,
             "The thesis's endgame table"),
    ]


def _bidding_rows(run: dict) -> list[dict]:
    """E5..E9: the bidding example, the Monte Carlo convergence and replay, the exchange, the printed arithmetic."""
    convergence_ok = (run["convergence_hands"] >= full("convergence_hands")
                      and run["convergence_reps"] >= full("convergence_reps")
                      and experiments.convergence_ns(full("convergence_pool"))[-1] in run["convergence_ns"]
                      and run["convergence_pool"] >= full("convergence_pool"))
    return [
        experiment(SPEC, "E5", "Bidding example", "Fig 3-13 calls from the printed E", "all four calls", "full",
                   "Fig 3-13: the printed auction"),
        _row("E6", "MC convergence", "Fig 3-13 hand + 20 random; N to 1000; 100 reps; N=2000 ref",
             f"Fig 3-13 + {run['convergence_hands']} random; N = {', '.join(str(n) for n in run['convergence_ns'])}; "
             f"{run['convergence_reps']} reps; reference N = {run['convergence_pool']}", convergence_ok,
             "How many sampled deals are enough"),
        experiment(SPEC, "E7", "Lead convention and Fig 3-13 replay", "three conventions; adjusted rows",
                   f"{run['replay_samples']} deals per estimate", "full", "Fig 3-13: our estimates"),
        experiment(SPEC, "E8", "Exchange examples", "Examples 3.1-3.3", "all", "full", "The greedy exchange"),
        experiment(SPEC, "E9", "Printed-result arithmetic", "the 19-game table", "all", "full", "Claims"),
    ]


def _game_rows(run: dict) -> list[dict]:
    """E10..E15: whole games (exchange effect, estimation error, duplicate matches, exchange ablation, the
    adjustment grid) and timing."""
    selfplay_ok = run["selfplay_deals"] >= full("selfplay_deals")
    # each E12 board is two games, and every E11 estimate comes from a game of E12 or of E10's self-play
    estimation_ok = min(run["estimation_games"].values()) >= 2 * full("match_boards")
    e12_min = min(run["match_boards"].values())
    boards_ok = e12_min >= full("match_boards")
    exchange_ok = run["exchange_boards"] >= full("exchange_boards")
    grid_ok = run["grid_boards"] >= full("grid_boards")
    timing_ok = run["timing_decisions"] >= full("timing_decisions")
    return [
        _row("E10", "Exchange effect", "1,000 MC0-vs-MC0 deals", f"{run['selfplay_deals']:,} deals", selfplay_ok,
             "What the exchange does to the contract"),
        _row("E11", "Estimation error", "500 games each of MC0 and MCA vs RULE and vs MC0",
             "; ".join(f"{k} {v:,}" for k, v in run["estimation_games"].items()), estimation_ok,
             "How good is the bidding estimate"),
        _row("E12", "Duplicate tournaments", "400 boards per pairing, 7 pairings",
             f"{len(run['match_boards'])} pairings, >= {e12_min} boards each", boards_ok, "Whole games: duplicate matches"),
        _row("E13", "Exchange ablation", "greedy vs random, duck, win, ruff-aware; DD tricks gained",
             f"4 variants x {run['exchange_boards']} boards", exchange_ok, "The exchange ablation"),
        _row("E14", "Adjustment calibration", "alpha {0, 0.5, 1, 2, 3} x rho {0, 1}; E11 and E12",
             f"10 cells; {run['grid_boards']} boards a cell ({e12_min} for alpha 2, rho 1)", grid_ok,
             "Calibrating the adjustment",
             "fewer boards per cell to stay in the notebook's 25-minute budget (every MCA call after an opponent bid "
             "needs fresh adjusted samples); the spec allows it"),
        _row("E15", "Timing", "bid, exchange and play decisions; hardware stated",
             f"{run['timing_decisions']} decisions each; {run['cpu']}, {run['cores']} cores", timing_ok, "Timing"),
    ]


def coverage_rows(run: dict) -> list[dict]:
    """The E1..E15 ledger rows of spec 03 from the sizes this run resolved (``run``: :func:`run_sizes`)."""
    return _solver_rows(run) + _bidding_rows(run) + _game_rows(run)
