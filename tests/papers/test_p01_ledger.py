"""Notebook 01's coverage ledger (liarlab.papers.p01.ledger): every spec code but E1, sizes from the arguments."""
from liarlab.papers.p01 import ledger
from liarlab.study import coverage

FULL = dict(n_calls=100_000, n_games=500, n_seeds=20, n_large=50_000, n_types=32, bbn_games=500, bbn_seeds=20,
            bbn_types=32, grid_panels=32, bbn_grid_panels=32, diag_types=32, diag_seeds=1, timing_games=500,
            substitute_rows=6, split_by_starter=True, rule_readings=5, n_sweep=20_000, net_readings=13,
            net_reading_seeds=10, lambdas=5, x3_types=4, x3_seeds=10, x4_rules=["wild ones", "dice loss"],
            x4_games=200)


def test_every_code_but_e1_with_statuses_and_reasons():
    rows = ledger.coverage_rows(**FULL)
    codes = [r["code"] for r in rows]
    spec = coverage.spec_codes("01")
    if spec:
        assert codes == [c for c in spec if c != "E1"]
    status = {r["code"]: r["status"] for r in rows}
    assert status["E3"] == status["E5"] == status["E7"] == "full"
    assert status["E8"] == status["E12"] == status["X4"] == "reduced"
    assert all(r["why"] for r in rows if r["status"] != "full")


def test_run_sizes_come_from_the_arguments():
    small = dict(FULL, n_calls=3_000, bbn_seeds=3)
    rows = {r["code"]: r for r in ledger.coverage_rows(**small)}
    assert rows["E3"]["status"] == "reduced" and "3,000 calls" in rows["E3"]["run_size"]
    assert rows["E7"]["status"] == "reduced" and rows["E7"]["run_size"].startswith("3 seeds")
