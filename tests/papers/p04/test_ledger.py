"""Notebook 04's coverage ledger: its rows follow the sizes a run resolved, it holds no size of its own (what the
spec asks comes from printed.SPEC_SIZES, the profiles' sizes from params.PARAMS), and the full profile covers
every experiment in full."""
import ast
from pathlib import Path

from liarlab.papers.p04 import ledger, printed
from liarlab.papers.p04.params import PARAMS
from liarlab.study import coverage

COUNTS = dict(spread_positions=10, n_settings=12, n_agents=7, n_rules=2, training_sizes=6, variant_feature_sets=3,
              n_variants=8)
NAMES = ("lie_games", "spread_runs", "stage1_runs", "settings_runs", "round_robin_games", "q_seeds", "test_games")


def _rows(profile: str, **changes):
    sizes = {k: PARAMS.size(k, profile) for k in NAMES}
    sizes = {**sizes, **COUNTS, "variant_seeds": sizes["q_seeds"], **changes}
    return {r["code"]: r for r in ledger.coverage_rows(**sizes)}


def test_the_full_profile_covers_every_experiment_in_full():
    rows = _rows("full")
    assert list(rows) == coverage.spec_codes("04") or not coverage.spec_codes("04")
    assert {r["status"] for r in rows.values()} == {"full"}
    for name, asked in printed.SPEC_SIZES.items():  # the full profile meets every size the spec asks for
        assert PARAMS.size(name, "full") >= asked, name


def test_the_quick_profile_is_reduced_and_says_so():
    rows = _rows("quick")
    reduced = {c for c, r in rows.items() if r["status"] == "reduced"}
    assert reduced == {"E1", "E2", "E3", "E4", "E5", "E7", "E8", "E9", "E10"}
    assert {rows[c]["why"] for c in reduced} == {"the quick profile's sizes"}
    assert f"{PARAMS.size('q_seeds', 'quick')} seeds" in rows["E7"]["run_size"]


def test_rows_follow_the_spec_sizes_not_the_profile():
    asked = printed.SPEC_SIZES
    rows = _rows("full", lie_games=asked["lie_games"], q_seeds=asked["q_seeds"], test_games=asked["test_games"])
    assert rows["E1"]["status"] == rows["E7"]["status"] == "full"  # the spec's own sizes are enough
    assert f"{asked['lie_games']:,} games per personality" in rows["E1"]["spec_size"]
    below = _rows("full", q_seeds=asked["q_seeds"] - 1, settings_runs=asked["stage1_runs"] - 1)
    assert below["E7"]["status"] == below["E3"]["status"] == below["E5"]["status"] == "reduced"
    assert below["E7"]["why"] == "sizes below what the spec asks" and below["E2"]["status"] == "full"


def test_the_ledger_holds_no_size_of_its_own():
    """No number in ledger.py but 0 and 1: every size comes from printed.py, params.py or the run."""
    tree = ast.parse(Path(ledger.__file__).read_text())
    numbers = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) in (int, float)}
    assert numbers <= {0, 1}, numbers
