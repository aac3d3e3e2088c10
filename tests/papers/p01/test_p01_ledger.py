"""Notebook 01's coverage ledger (liarlab.papers.p01.ledger): every spec code but E1, run sizes from the run's
parameters, spec sizes and statuses from the full profile's sizes in params.py, no size of its own."""
import ast
import inspect

from liarlab.papers.p01 import ledger
from liarlab.papers.p01.params import PARAMS
from liarlab.study import coverage
from liarlab.study.params import Int, Parameters


def _rows(params, declared=PARAMS) -> dict:
    return {r["code"]: r for r in ledger.coverage_rows(params, declared)}


def test_every_code_but_e1_in_the_spec_order():
    codes = [r["code"] for r in ledger.coverage_rows(PARAMS.sizes("full"))]
    spec = coverage.spec_codes("01")
    assert codes == [c for c in spec if c != "E1"]


def test_a_run_at_the_full_sizes_is_full_except_what_is_not_implemented():
    rows = _rows(PARAMS.sizes("full"))
    assert {c for c, r in rows.items() if r["status"] != "full"} == {"X4"}
    assert "re-rolling is not implemented" in rows["X4"]["why"]
    assert rows["E5"]["spec_size"] == "20 seeds x 500 games per type" == rows["E5"]["run_size"][:29]


def test_a_quick_run_is_reduced_with_a_reason_and_its_own_sizes():
    quick = PARAMS.sizes("quick")
    rows = _rows(quick)
    reduced = {c for c, r in rows.items() if r["status"] == "reduced"}
    assert {"E3", "E5", "E6", "E7", "E8", "E9", "E10", "E11", "E12", "X3", "X4"} == reduced
    assert all(rows[c]["why"] for c in reduced)
    assert rows["E3"]["run_size"] == f"{quick['n_calls']:,} calls per situation"
    assert rows["E7"]["run_size"].startswith(f"{quick['bbn_seeds']} seeds x {quick['bbn_games']} games x "
                                             f"{len(quick['bbn_types'])} types")


def test_run_sizes_come_from_the_run_parameters():
    run = dict(PARAMS.sizes("full"), n_calls=3_000, bbn_seeds=3)
    rows = _rows(run)
    assert rows["E3"]["status"] == "reduced" and rows["E3"]["run_size"] == "3,000 calls per situation"
    assert rows["E4"]["run_size"] == "Fig 5.1 replay and 3,000 draws; 3,000 random positions x 32 types"
    assert rows["E7"]["status"] == rows["E8"]["status"] == rows["E10"]["status"] == "reduced"
    assert rows["E7"]["run_size"].startswith("3 seeds")
    assert rows["E5"]["status"] == "full"


def test_changing_the_declared_full_size_changes_the_status():
    """The ledger compares with params.py's full sizes: raise one, and a run at the old full size is reduced."""
    run = PARAMS.sizes("full")
    assert _rows(run)["E3"]["status"] == "full"
    stricter = Parameters("01", **{**PARAMS.specs, "n_calls": Int(1, quick=3_000, full=200_000)})
    rows = _rows(run, stricter)
    assert rows["E3"]["status"] == "reduced" and rows["E3"]["spec_size"] == "200,000 calls per situation"
    more_seeds = Parameters("01", **{**PARAMS.specs, "bbn_seeds": Int(2, quick=2, full=30)})
    rows = _rows(run, more_seeds)
    assert rows["E7"]["status"] == "reduced" and rows["E7"]["spec_size"].startswith("30 seeds")


def test_the_ledger_holds_no_size_of_its_own():
    """Sizes come from params.py, the run and the experiments' designs: no number in the ledger's code."""
    numbers = [n.value for n in ast.walk(ast.parse(inspect.getsource(ledger)))
               if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool)]
    assert numbers == []
