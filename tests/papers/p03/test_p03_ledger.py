"""Notebook 03's coverage ledger: every spec code once, statuses from the full profile's sizes in params.py."""
from __future__ import annotations

import pytest

from liarlab.papers.p03 import ledger
from liarlab.papers.p03.params import PARAMS
from liarlab.study import coverage


def _run(profile: str) -> dict:
    """The ``run`` dict a notebook run at ``profile``'s sizes would give (counts as the sizes imply)."""
    size = PARAMS.sizes(profile)
    boards = size["match_boards"]
    return {"agreement_deals": size["agreement_deals"], "ablation_deals": size["speed_deals"], "ablations": 7,
            "table_n": size["table_n"], "table_checks": size["table_checks"],
            "convergence_hands": size["convergence_hands"],
            "convergence_ns": list(ledger.experiments.convergence_ns(size["convergence_pool"])),
            "convergence_reps": size["convergence_reps"], "convergence_pool": size["convergence_pool"],
            "replay_samples": size["replay_samples"], "selfplay_deals": size["selfplay_deals"],
            "estimation_games": {"MC0 vs RULE": 2 * boards, "MC0 vs MC0": 2 * size["selfplay_deals"],
                                 "MCA vs RULE": 2 * boards, "MCA vs MC0": 2 * boards},
            "match_boards": {"MC0 vs RULE": boards, "MCA vs MC0": boards}, "exchange_boards": size["exchange_boards"],
            "grid_boards": size["grid_boards"], "timing_decisions": size["timing_decisions"], "cpu": "test cpu",
            "cores": 2}


def test_every_spec_code_once_in_order():
    rows = ledger.coverage_rows(_run("full"))
    assert [r["code"] for r in rows] == coverage.spec_codes("03")


def test_the_full_profile_runs_every_experiment_at_full_size():
    rows = ledger.coverage_rows(_run("full"))
    assert {r["code"]: r["status"] for r in rows if r["status"] != "full"} == {}


def test_the_quick_profile_is_reduced_and_says_why():
    rows = {r["code"]: r for r in ledger.coverage_rows(_run("quick"))}
    reduced = {c for c, r in rows.items() if r["status"] == "reduced"}
    assert {"E2", "E3", "E4", "E6", "E10", "E11", "E12", "E13", "E14", "E15"} <= reduced
    assert all(rows[c]["why"] for c in reduced)
    assert rows["E5"]["status"] == rows["E8"]["status"] == "full"


@pytest.mark.parametrize("name, key", [("agreement_deals", "agreement_deals"), ("speed_deals", "ablation_deals"),
                                       ("table_checks", "table_checks"), ("selfplay_deals", "selfplay_deals"),
                                       ("exchange_boards", "exchange_boards"), ("grid_boards", "grid_boards"),
                                       ("timing_decisions", "timing_decisions")])
def test_one_size_below_the_full_profile_reduces_its_row(name, key):
    """The threshold is the full profile's size in params.py: one short of it reduces the row, and says why."""
    run = _run("full")
    run[key] = PARAMS.size(name, "full") - 1
    changed = [r for r in ledger.coverage_rows(run) if r["status"] == "reduced"]
    assert len(changed) == 1 and changed[0]["why"]


def test_fewer_boards_than_the_full_profile_reduce_the_matches_and_the_estimation_rows():
    run = _run("full")
    run["match_boards"] = {"MC0 vs RULE": PARAMS.size("match_boards", "full") - 1}
    run["estimation_games"]["MCA vs MC0"] = 2 * PARAMS.size("match_boards", "full") - 2
    reduced = {r["code"] for r in ledger.coverage_rows(run) if r["status"] == "reduced"}
    assert reduced == {"E11", "E12"}

