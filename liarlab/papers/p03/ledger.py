"""Notebook 03's coverage ledger: one row per experiment E1..E15 of spec 03 (:func:`liarlab.study.coverage.indexed`),
``full`` when the run used at least the full profile's size of each parameter behind it; no size of its own."""
from __future__ import annotations

from liarlab.papers.p03 import experiments
from liarlab.papers.p03.params import PARAMS
from liarlab.study.coverage import indexed

SPEC = "03"
full = PARAMS.size   # full(name): the full profile's size of a parameter (its default profile)
#: the parameters a ledger row quotes as the run resolved them
_SIZED = ("agreement_deals", "table_n", "convergence_hands", "convergence_reps", "convergence_pool", "replay_samples",
          "exchange_boards", "grid_boards", "timing_decisions")


def run_sizes(params: dict, results, machine: dict) -> dict:
    """The resolved sizes (``params``, from ``nb.setup``), the counts measured in ``results`` and the ``machine``."""
    errors = results.errors
    return {**{k: params[k] for k in _SIZED}, "ablation_deals": params["speed_deals"],
            "ablations": len(experiments.ABLATIONS), "table_checks": len(results.table_check),
            "convergence_ns": list(experiments.convergence_ns(params["convergence_pool"])),
            "selfplay_deals": len(results.selfplay),
            "estimation_games": {f"{b} vs {o}": int(((errors.bot == b) & (errors.opponent == o)).sum())
                                 for b, o in (("MC0", "RULE"), ("MC0", "MC0"), ("MCA", "RULE"), ("MCA", "MC0"))},
            "match_boards": experiments.e12_table(results.matches).set_index("pairing").boards.to_dict(),
            "cpu": machine["cpu"], "cores": machine["logical_cores"]}


def coverage_rows(run: dict) -> list[dict]:
    """The E1..E15 ledger rows from the sizes this run resolved (``run``: :func:`run_sizes`)."""
    def reach(*names) -> bool:
        return all(run[n] >= full(n) for n in names)

    e12_min = min(run["match_boards"].values())
    convergence_ok = (reach("convergence_hands", "convergence_reps", "convergence_pool")
                      and experiments.convergence_ns(full("convergence_pool"))[-1] in run["convergence_ns"])
    rows = [  # (code, what the run did, full?, where in the notebook[, why when reduced: else the quick profile])
        ("E1", "tests/honeymoon/test_rules.py", True, "tests/honeymoon/test_rules.py"),
        ("E2", f"{run['agreement_deals']:,} deals (+ tests: every ablation, table entries)", reach("agreement_deals"),
         "The exact solver: correctness"),
        ("E3", f"{run['ablation_deals']} deals x 4 trumps x {run['ablations']} configurations",
         run["ablation_deals"] >= full("speed_deals"), "The exact solver: speed and ablations"),
        ("E4", f"sizes n = 1-8; built to n = {run['table_n']}; {run['table_checks']:,} entries checked",
         reach("table_n", "table_checks"), "The thesis's endgame table"),
        ("E5", "all four calls", True, "Fig 3-13: the printed auction"),
        ("E6", f"Fig 3-13 + {run['convergence_hands']} random; N = {', '.join(str(n) for n in run['convergence_ns'])}; "
               f"{run['convergence_reps']} reps; reference N = {run['convergence_pool']}", convergence_ok,
         "How many sampled deals are enough"),
        ("E7", f"{run['replay_samples']} deals per estimate", True, "Fig 3-13: our estimates"),
        ("E8", "all", True, "The greedy exchange"),
        ("E9", "all", True, "Claims"),
        ("E10", f"{run['selfplay_deals']:,} deals", reach("selfplay_deals"), "What the exchange does to the contract"),
        # each E12 board is two games, and every E11 estimate comes from a game of E12 or of E10's self-play
        ("E11", "; ".join(f"{k} {v:,}" for k, v in run["estimation_games"].items()),
         min(run["estimation_games"].values()) >= 2 * full("match_boards"), "How good is the bidding estimate"),
        ("E12", f"{len(run['match_boards'])} pairings, >= {e12_min} boards each", e12_min >= full("match_boards"),
         "Whole games: duplicate matches"),
        ("E13", f"4 variants x {run['exchange_boards']} boards", reach("exchange_boards"), "The exchange ablation"),
        ("E14", f"10 cells; {run['grid_boards']} boards a cell ({e12_min} for alpha 2, rho 1)", reach("grid_boards"),
         "Calibrating the adjustment", "fewer boards a cell, as the spec allows, to keep the notebook within 25 "
         "minutes (each MCA call after an opponent bid samples afresh)"),
        ("E15", f"{run['timing_decisions']} decisions each; {run['cpu']}, {run['cores']} cores",
         reach("timing_decisions"), "Timing"),
    ]
    return [indexed(SPEC, code, size, ok, where, *(why or ["quick profile"])) for code, size, ok, where, *why in rows]
