"""The quick chain, executed into a temporary folder (never over the committed report)."""
import hashlib
import shutil

import nbformat
import pandas as pd
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from liarlab.study import chain, outputs

pytestmark = pytest.mark.chain


def digest(folder, pattern):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob(pattern))}


@pytest.fixture(scope="module")
def quick_chain(tmp_path_factory):
    committed = digest(chain.NOTEBOOK_DIR, "*.ipynb")
    committed_data = digest(outputs.REPO_ROOT / "data", "*.csv")
    out = tmp_path_factory.mktemp("quick")
    runs = chain.run_chain(profile="quick", jobs=2, out=out, log=lambda *_: None)
    assert digest(chain.NOTEBOOK_DIR, "*.ipynb") == committed, "the test chain overwrote the report"
    assert digest(outputs.REPO_ROOT / "data", "*.csv") == committed_data
    return out, runs


def test_every_notebook_runs_and_writes_its_claims(quick_chain):
    out, runs = quick_chain
    assert [r.notebook for r in runs] == [p.name for p in chain.available_notebooks().values()]
    for run in runs:
        nb_id = run.notebook[:2]
        assert (out / "notebooks" / run.notebook).exists()
        assert (out / "report" / f"{run.output.stem}.html").exists()
        if nb_id != "99":
            claims = pd.read_csv(out / "data" / f"{nb_id}_claims.csv")
            assert list(claims.columns) == outputs.CLAIM_COLUMNS and len(claims) > 0
    assert (out / "report" / "index.html").exists()
    scorecard = pd.read_csv(out / "data" / "99_scorecard.csv")
    assert set(scorecard["notebook"].astype(str).str.zfill(2)) >= {"00"}


def test_same_seed_gives_byte_identical_tables_with_one_or_two_workers(quick_chain, tmp_path):
    """Every table repeats byte for byte, except the speed measurements its sidecar lists."""
    out, runs = quick_chain
    again = tmp_path / "again"
    chain.run_chain(profile="quick", jobs=1, out=again, html=False, log=lambda *_: None)
    first = sorted(p.name for p in (out / "data").glob("[0-9][0-9]_*.csv"))
    assert first == sorted(p.name for p in (again / "data").glob("[0-9][0-9]_*.csv"))
    for name in first:
        a, b = (out / "data" / name).read_bytes(), (again / "data" / name).read_bytes()
        if a != b:
            assert outputs.reproducible_content(out / "data" / name) == outputs.reproducible_content(again / "data" / name), name


def test_a_failing_notebook_stops_the_chain_and_names_the_cell(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(chain.NOTEBOOK_DIR / "00_dice_combinatorics.ipynb", folder)
    book = new_notebook(cells=[new_code_cell("profile = 'full'\nout_dir = None", metadata={"tags": ["parameters"]}),
                               new_code_cell("x = 1"), new_code_cell("raise RuntimeError('boom')")])
    book.metadata["kernelspec"] = {"name": "liarlab", "display_name": "Python (liarlab)", "language": "python"}
    book.metadata["language_info"] = {"name": "python"}
    nbformat.write(book, folder / "01_broken.ipynb")
    nbformat.write(book, folder / "02_never_run.ipynb")
    with pytest.raises(chain.ChainError, match=r"01_broken\.ipynb failed in cell 3 \(RuntimeError: boom\)"):
        chain.run_chain(profile="quick", out=tmp_path / "out", notebook_dir=folder, html=False,
                        log=lambda *_: None)
    assert (tmp_path / "out" / "notebooks" / "00_dice_combinatorics.ipynb").exists()
    assert not (tmp_path / "out" / "notebooks" / "02_never_run.ipynb").exists()
