"""The quick chain, executed ONCE into a temporary folder (never over the committed report).

Determinism is checked on that run (every table and its sidecar agree on the seed) and by a second run of the
whole quick chain with one worker instead of two: every table must be the same apart from the columns and rows
its sidecar lists as measured (time, memory, threads).
"""
import hashlib
import json
import re

import nbformat
import pandas as pd
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from liarlab import chain
from liarlab.study import outputs

pytestmark = [pytest.mark.chain, pytest.mark.slow]



def digest(folder, pattern):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob(pattern))}


@pytest.fixture(scope="module")
def quick_chain(tmp_path_factory):
    committed_data = digest(outputs.REPO_ROOT / "data", "*.csv")
    out = tmp_path_factory.mktemp("quick")
    runs = chain.run_chain(profile="quick", n_jobs=2, out=out, log=lambda *_: None, progress=False)
    # none of the executed quick notebooks landed in notebooks/ (compared with what this run wrote, so an
    # engineer editing a notebook meanwhile does not fail the check), and no committed table changed
    ours = digest(out / "notebooks", "[0-9][0-9]_*.ipynb")
    repo = digest(chain.NOTEBOOK_DIR, "[0-9][0-9]_*.ipynb")
    assert ours and not [n for n, h in ours.items() if repo.get(n) == h], "the test chain overwrote the report"
    assert digest(outputs.REPO_ROOT / "data", "*.csv") == committed_data
    return out, runs


@pytest.mark.integration  # the whole quick chain (about 5 minutes): make test-integration and CI run it
def test_every_notebook_runs_and_writes_its_claims(quick_chain):
    out, runs = quick_chain
    assert [r.notebook for r in runs] == [p.name for p in chain.available_notebooks().values()]
    with_claims = set()
    for run in runs:
        nb_id = run.notebook[:2]
        assert (out / "notebooks" / run.notebook).exists()
        assert (out / "report" / f"{run.output.stem}.html").exists()
        if nb_id != "99":
            claims = pd.read_csv(out / "data" / f"{nb_id}_claims.csv")
            assert list(claims.columns) == outputs.CLAIM_COLUMNS and len(claims) > 0
            with_claims.add(nb_id)
    assert (out / "report" / "index.html").exists()
    timings = json.loads((out / "report" / "timings.json").read_text())
    assert set(timings["profiles"]["quick"]) == {r.notebook for r in runs}
    # the scorecard gathers every notebook's claims: none missing, none invented
    scorecard = pd.read_csv(out / "data" / "99_scorecard.csv")
    assert set(scorecard["notebook"].astype(str).str.zfill(2)) == with_claims
    per_notebook = scorecard.groupby(scorecard["notebook"].astype(str).str.zfill(2)).size()
    for nb_id in with_claims:
        assert per_notebook[nb_id] == len(pd.read_csv(out / "data" / f"{nb_id}_claims.csv")), nb_id


@pytest.mark.integration
def test_every_table_of_the_run_records_its_seed_profile_and_versions(quick_chain):
    out, _ = quick_chain
    tables = sorted((out / "data").glob("[0-9][0-9]_*.csv"))
    assert tables
    for table in tables:
        meta = json.loads(table.with_suffix(".json").read_text())
        assert meta["parameters"]["profile"] == "quick", table.name
        assert meta["seed"] == meta["parameters"]["seed"], table.name
        assert {"python", "numpy", "scipy", "pandas", "pgmpy", "numba"} <= set(meta["versions"]), table.name
        assert meta["rows"] == len(pd.read_csv(table, dtype=str, keep_default_na=False)), table.name


@pytest.mark.integration  # a second whole quick chain (about 4 minutes): run by make test-integration and CI
def test_same_seed_gives_identical_tables_with_one_or_two_workers(quick_chain, tmp_path):
    """The whole quick chain again with one worker repeats every table of the two-worker run, except the
    measurements its sidecar lists (``measured_columns``, ``measured_rows``)."""
    out, _ = quick_chain
    again = tmp_path / "again"
    chain.run_chain(profile="quick", n_jobs=1, out=again, html=False, log=lambda *_: None, progress=False)
    first = sorted(p.name for p in (out / "data").glob("[0-9][0-9]_*.csv"))
    assert first and first == sorted(p.name for p in (again / "data").glob("[0-9][0-9]_*.csv"))
    differ = [name for name in first if (out / "data" / name).read_bytes() != (again / "data" / name).read_bytes()
              and outputs.reproducible_content(out / "data" / name)
              != outputs.reproducible_content(again / "data" / name)]
    assert differ == [], f"tables that differ between 1 and 2 workers beyond their measured columns: {differ}"


def _tiny_notebook(*sources):
    book = new_notebook(cells=[new_code_cell("profile: str = 'full'\nout_dir: str = None",
                                             metadata={"tags": ["parameters"]})]
                        + [new_code_cell(s) for s in sources])
    book.metadata["kernelspec"] = {"name": "liarlab", "display_name": "Python (liarlab)", "language": "python"}
    book.metadata["language_info"] = {"name": "python"}
    return book


def test_a_failing_notebook_stops_the_chain_and_names_the_cell(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    notebook = _tiny_notebook
    nbformat.write(notebook("x = 1"), folder / "00_fine.ipynb")
    nbformat.write(notebook("x = 1", "raise RuntimeError('boom')"), folder / "01_broken.ipynb")
    nbformat.write(notebook("x = 1", "raise RuntimeError('boom')"), folder / "02_never_run.ipynb")
    with pytest.raises(chain.ChainError, match=r"01_broken\.ipynb failed in cell 3 \(RuntimeError: boom\)"):
        chain.run_chain(profile="quick", out=tmp_path / "out", notebook_dir=folder, html=False,
                        log=lambda *_: None, progress=False, at_once=1)
    assert (tmp_path / "out" / "notebooks" / "00_fine.ipynb").exists()
    assert not (tmp_path / "out" / "notebooks" / "02_never_run.ipynb").exists()


def test_two_at_once_the_scorecard_waits_and_a_failure_starts_nothing_new(tmp_path):
    """With two notebooks at once, the scorecard (99) starts only after every other has written its table, the
    runs come back in number order, and after a failure no further notebook starts while the running one
    finishes."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    marks = tmp_path / "marks"
    marks.mkdir()
    write = "import pathlib, time\ntime.sleep({pause})\npathlib.Path(r'{marks}', '{name}').write_text('done')"
    nbformat.write(_tiny_notebook(write.format(pause=4, marks=marks, name="00")), folder / "00_slow.ipynb")
    nbformat.write(_tiny_notebook(write.format(pause=0, marks=marks, name="01")), folder / "01_fast.ipynb")
    nbformat.write(_tiny_notebook(f"import pathlib\nassert sorted(p.name for p in pathlib.Path(r'{marks}').iterdir())"
                                  " == ['00', '01']"), folder / "99_gathers.ipynb")
    lines = []
    runs = chain.run_chain(profile="quick", out=tmp_path / "out", notebook_dir=folder, html=False,
                           log=lines.append, progress=False, at_once=2)
    assert [r.notebook for r in runs] == ["00_slow.ipynb", "01_fast.ipynb", "99_gathers.ipynb"]
    # each notebook's CPU time (its kernel's, once reaped) beside its wall time: kernels that start use some
    cpu = [re.search(r"^\[(\d\d)\] done in .* \((\d+) s of CPU\)$", line) for line in lines]
    # (whole seconds: three tiny kernels on a quiet machine may each round to 0, so only the column is asserted)
    assert sorted(m.group(1) for m in cpu if m) == ["00", "01", "99"]

    broken = tmp_path / "broken"
    broken.mkdir()
    nbformat.write(_tiny_notebook("raise RuntimeError('boom')"), broken / "00_broken.ipynb")
    nbformat.write(_tiny_notebook("import time\ntime.sleep(6)"), broken / "01_still_running.ipynb")
    nbformat.write(_tiny_notebook("x = 1"), broken / "02_never_run.ipynb")
    with pytest.raises(chain.ChainError, match=r"00_broken\.ipynb failed"):
        chain.run_chain(profile="quick", out=tmp_path / "out2", notebook_dir=broken, html=False,
                        log=lambda *_: None, progress=False, at_once=2)
    assert (tmp_path / "out2" / "notebooks" / "01_still_running.ipynb").exists()
    assert not (tmp_path / "out2" / "notebooks" / "02_never_run.ipynb").exists()
