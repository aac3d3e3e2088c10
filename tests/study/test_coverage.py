"""The experiment index (liarlab/study/experiments_index/experiments.csv) and the coverage ledgers built from it.

The index ships inside the package, so the ledgers need nothing outside the repository: one test builds every
notebook's ledger in a copy of the package with nothing beside it and finds every experiment code.
"""
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from liarlab.study import coverage

REPO = Path(__file__).resolve().parents[2]

# Every notebook's ledger at the full profile's sizes (the arguments each notebook passes, at full size).
BUILD_LEDGERS = r'''
import sys
from pathlib import Path

import numpy as np

import liarlab
from liarlab.study import context, coverage

assert Path(liarlab.__file__).resolve().is_relative_to(Path.cwd().resolve()), liarlab.__file__
context.start(out_dir=sys.argv[1])

from liarlab.papers.p00 import experiments as x00, ledger as l00, results as r00
from liarlab.papers.p01 import ledger as l01
from liarlab.papers.p02 import ledger as l02
from liarlab.papers.p03 import ledger as l03
from liarlab.papers.p04 import ledger as l04
from liarlab.papers.p05 import ledger as l05

coverage.save_ledger("00", l00.coverage_rows(r00.Results(
    x00.monte_carlo_at_least(10, np.random.default_rng(0)).assign(hands=10**7),
    x00.monte_carlo_max_multiplicity(10, np.random.default_rng(0)).assign(hands=10**6),
    x00.q_space_table(2), x00.q_space_table(3))))
coverage.save_ledger("01", l01.coverage_rows(l01.PARAMS.sizes("full")))
coverage.save_ledger("02", l02.coverage_rows(l02.Sizes.of_run(
    {name: l02.full_size(name) for name in ("stage_games", "eval_games", "n_seeds", "full_hand_games", "exploit_games",
                                            "fixed_games")}, n_sequence_models=24)))
coverage.save_ledger("03", l03.coverage_rows({
    "agreement_deals": 3000, "ablation_deals": 200, "ablations": 7, "table_n": 8, "table_checks": 10_000,
    "convergence_hands": 20, "convergence_ns": [10, 50, 100, 200, 1000], "convergence_reps": 100,
    "convergence_pool": 2000, "replay_samples": 400, "selfplay_deals": 1000,
    "estimation_games": {"MC0 vs RULE": 800, "MC0 vs MC0": 2000, "MCA vs RULE": 800, "MCA vs MC0": 800},
    "match_boards": {"MC0 vs RULE": 400}, "exchange_boards": 400, "grid_boards": 200, "timing_decisions": 10,
    "cpu": "x", "cores": 2}))
coverage.save_ledger("04", l04.coverage_rows(
    lie_games=20_000, spread_runs=1000, spread_positions=10, stage1_runs=200, settings_runs=200, n_settings=12,
    round_robin_games=20_000, n_agents=7, n_rules=2, q_seeds=30, test_games=5000, training_sizes=6,
    variant_seeds=30, n_variants=8, variant_feature_sets=3))
coverage.save_ledger("05", l05.coverage_rows(
    ld_max_faces=100, n_games=10**8, ld_expl_faces=list(range(2, 11)) + [20], bluff1_max_faces=20,
    exact_max_faces=6, one_die_faces=[2, 3], one_die_exact_faces=[2, 3, 4, 5, 6, 7, 8], bluff2_max_dice=5,
    bluff2_exact_cells=25, bluff2_exact_width=0.0, variant_rows=48, counting_exact_max_total=6, r2_done=True,
    star_faces=[2, 3, 4, 5, 6], kept_cells={"star-order:one/one/bidder": 25}))
ledgers = coverage.read_ledgers()
print(coverage.missing_codes(ledgers))
print(len(ledgers))
'''


def test_the_index_lists_each_spec_once_in_order_with_a_title_and_size():
    index = coverage.index()
    assert list(index.columns) == coverage.INDEX_COLUMNS
    assert not index.duplicated(["spec", "code"]).any()
    assert set(index.spec) == set(coverage.SPECS)
    assert (index.title.str.strip() != "").all() and (index.spec_size.str.strip() != "").all()
    assert set(index.notebook) <= {"00", "01", "02", "03", "04", "05"}
    assert coverage.spec_codes("02") == ["#0"] + [f"#{i}" for i in range(1, 23)]
    assert coverage.spec_codes("05") == [f"E{i}" for i in range(1, 11)]
    with pytest.raises(ValueError, match="spec must be one of"):
        coverage.spec_codes("06")


def test_missing_codes_names_what_no_ledger_lists():
    index = coverage.index()
    rows = [coverage.experiment(r.spec, r.code, r.title, r.spec_size, r.spec_size, "full", "here")
            for r in index.itertuples() if (r.spec, r.code) != ("02", "#7")]
    ledgers = pd.DataFrame(rows, columns=coverage.COLUMNS)
    assert coverage.missing_codes(ledgers) == {"02": ["#7"]}


def test_a_ledger_refuses_a_code_the_index_does_not_know(tmp_path):
    from liarlab.study import context

    context.start(out_dir=tmp_path)   # conftest puts the run context back
    row = coverage.experiment("05", "E11", "not an experiment", "-", "-", "full", "here")
    with pytest.raises(ValueError, match="not in the experiment index.*05 E11"):
        coverage.save_ledger("05", [row])
    good = coverage.experiment("05", "E1", "LD-1", "N = 1..100", "N = 1..100", "full", "here")
    assert len(coverage.save_ledger("05", [good])) == 1
    assert (tmp_path / "data" / "05_coverage.csv").exists()


def test_the_committed_ledgers_list_every_indexed_experiment_in_its_notebook():
    ledgers = coverage.read_ledgers(REPO / "data")
    ledgers = ledgers[ledgers.spec.isin(coverage.SPECS)]   # notebook 06 is an extension: no spec, not indexed
    if ledgers.empty:
        pytest.skip("no committed ledgers in data/")
    assert coverage.missing_codes(ledgers) == {}
    where = coverage.index().set_index(["spec", "code"]).notebook
    listed = ledgers.set_index(["spec", "code"]).notebook
    assert (listed == where.reindex(listed.index)).all()


def test_the_index_matches_the_spec_documents_when_a_copy_is_beside_the_checkout():
    """Optional: the specs are not part of the repository; when a copy sits beside it, the index agrees."""
    folder = REPO.parent / "shared" / "papers"
    docs = sorted(folder.glob("0[1-5]-*.md")) if folder.is_dir() else []
    if not docs:
        pytest.skip("no copy of the reproduction specs beside this checkout (not needed: the index is in the package)")
    for doc in docs:
        assert coverage.codes_in_markdown(doc) == coverage.spec_codes(doc.name[:2]), doc.name


def test_every_ledger_finds_every_experiment_in_a_copy_with_nothing_beside_it(tmp_path):
    clone = tmp_path / "alone" / "liarlab"
    shutil.copytree(REPO / "liarlab", clone / "liarlab", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(REPO / "pyproject.toml", clone)
    assert sorted(p.name for p in clone.parent.iterdir()) == ["liarlab"]
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", BUILD_LEDGERS, str(out)], cwd=clone, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(clone), "HOME": str(tmp_path),
                               "NUMBA_CACHE_DIR": str(tmp_path / "numba")}, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    missing, n_rows = done.stdout.strip().splitlines()[-2:]
    assert missing == "{}"
    assert int(n_rows) == len(coverage.index())
    ledger02 = pd.read_csv(out / "data" / "02_coverage.csv", dtype=str, keep_default_na=False)
    assert ledger02.code.tolist() == [c for c in coverage.spec_codes("02") if c not in ("#1", "#2")]
