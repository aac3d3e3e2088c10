"""Parameters as a new user tries them: typos, bad values and plain papermill."""
import ast
import logging
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from liarlab import chain
from liarlab.study import notebook as nb
from liarlab.study import params

NOTEBOOKS = chain.available_notebooks()


def notebook_parameters(path):
    """The parameters of a notebook's ``parameters`` cell as papermill reads them (name -> default, type, help)."""
    import papermill as pm

    return pm.inspect_notebook(str(path))


def setup_call(path):
    """The ``nb.setup(globals(), ...)`` call of a notebook's setup cell."""
    book = nbformat.read(path, as_version=4)
    for cell in [c for c in book.cells if c.cell_type == "code"][1:4]:
        for node in ast.walk(ast.parse(cell.source)):
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "setup"
                    and node.args and getattr(getattr(node.args[0], "func", None), "id", None) == "globals"):
                return node
    raise AssertionError(f"{path.name}: no nb.setup(globals(), ...) in its setup cell")


@pytest.mark.parametrize("nb_id", sorted(NOTEBOOKS))
def test_parameters_cell_parses_in_papermill_with_a_type_for_every_parameter(nb_id, caplog):
    path = NOTEBOOKS[nb_id]
    parameters = notebook_parameters(path)
    assert set(nb.COMMON) <= set(parameters), path.name
    for name, info in parameters.items():
        assert info["inferred_type_name"] not in ("None", None, ""), f"{path.name}: {name} has no type annotation"
    book = nbformat.read(path, as_version=4)
    source = [c for c in book.cells if c.cell_type == "code"][0].source
    for line in source.splitlines():
        if "#" in line:
            assert "=" not in line.split("#", 1)[1], f"{path.name}: '=' in a comment confuses papermill: {line}"
    # what `papermill --help-notebook` would complain about, read from papermill's own log
    caplog.set_level(logging.WARNING, logger="papermill")
    notebook_parameters(path)
    complaints = [r.getMessage() for r in caplog.records if r.name.startswith("papermill")]
    assert not complaints, f"{path.name}: {complaints}"


def test_papermill_help_notebook_as_a_user_runs_it():
    path = NOTEBOOKS["00"]
    shown = subprocess.run([sys.executable, "-m", "papermill", "--help-notebook", str(path)],
                           capture_output=True, text=True, timeout=120)
    text = shown.stdout + shown.stderr
    assert "n_monte_carlo: int (default None)" in text
    assert "Unable to parse" not in text and "Unknown type" not in text, text


@pytest.mark.parametrize("nb_id", sorted(NOTEBOOKS))
def test_parameters_cell_agrees_with_the_papers_params_module(nb_id):
    """The parameters cell names, in order, exactly the common parameters and those of ``pNN/params.py``, each
    defaulting to None (the profile's size) with the declared help as its comment; the setup cell passes the
    module's PARAMS and declares nothing of its own."""
    path = NOTEBOOKS[nb_id]
    declared = chain.notebook_parameters(nb_id)
    cell = notebook_parameters(path)
    own = [name for name in cell if name not in nb.COMMON]
    assert own == list(declared), f"{path.name}: parameters cell {own} vs params.py {list(declared)}"
    for name in own:
        assert cell[name]["default"] == "None", f"{path.name}: {name} must default to None (its profile's size)"
        assert cell[name]["help"] == declared[name].help, f"{path.name}: {name}'s comment is not params.py's help"
    call = setup_call(path)
    assert not call.keywords, f"{path.name}: the setup call declares parameters of its own"
    if own:
        assert ast.unparse(call.args[1]) == f"params{nb_id}.PARAMS", path.name
    chain.preflight(nb_id, {})  # the defaults pass their own checks
    for profile in ("quick", "full"):
        assert declared.check({"profile": profile}, profile) == declared.check({"profile": profile})


def test_an_unknown_parameter_stops_the_chain_before_anything_runs(tmp_path):
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['nonsense'\].*00_\w+\.ipynb: profile, seed"):
        chain.run_chain(profile="quick", only="00", out=tmp_path, parameters={"nonsense": 3}, html=False)
    assert not (tmp_path / "notebooks").exists()


@pytest.mark.parametrize("only, name, value, message", [
    ("00", "n_monte_carlo", -5, r"n_monte_carlo must be an integer in 1\.\.100000000 \(or None for the profile's size"),
    ("05", "exact_max_faces", "abc", r"exact_max_faces must be an integer >= 2 .*got 'abc'"),
    ("00", "seed", -1, r"seed must be an integer >= 0, got -1"),
    ("00", "progress_bar", "yes", r"-p progress_bar=\.\.\. is the chain's own option: use --no-progress"),
    ("00", "profile", "full", r"-p profile=\.\.\. is the chain's own option: use --profile"),
    ("00", "out_dir", "/tmp/elsewhere", r"-p out_dir=\.\.\. is the chain's own option: use --out"),
    ("00", "scheduler", "tcp://127.0.0.1:1", r"use --scheduler"),
])
def test_a_bad_value_stops_the_chain_before_anything_runs(tmp_path, only, name, value, message):
    if only not in NOTEBOOKS:
        pytest.skip(f"no notebook {only}")
    with pytest.raises(ValueError, match=message):
        chain.run_chain(profile="quick", only=only, out=tmp_path, parameters={name: value}, html=False)
    assert not (tmp_path / "notebooks").exists()


SPECS = dict(n=nb.Int(1, quick=5, full=9), rate=nb.Float(0, 1, optional=True),
             types=nb.IntList(1, 32, quick=[1], full=list(range(1, 33))), mode=nb.Choice(["a", "b"]))
DECLARED = params.Parameters("07", **SPECS)


def namespace(**changes):
    ns = dict(profile="quick", seed=1, n_jobs=2, scheduler=None, out_dir=None, progress_bar=False, force=False,
              n=None, rate=None, types=None, mode="a")
    ns.update(changes)
    return ns


def test_declared_sizes_and_checks_without_a_notebook():
    assert DECLARED.size("n", "quick") == 5 and DECLARED.sizes("full") == {"n": 9, "types": list(range(1, 33))}
    assert DECLARED.check({"n": 3, "mode": "a"}, "full")["n"] == 3
    assert DECLARED.check({"mode": "b"}, "quick")["types"] == [1]
    with pytest.raises(ValueError, match="has no parameter 'nonsense'"):
        DECLARED.check({"nonsense": 1, "mode": "a"})


def test_the_chain_knows_every_papers_parameters():
    """The chain's table names each paper's params.py (imported normally, so lint-imports sees the arrow), and a
    notebook without a paper has only the common parameters."""
    papers = sorted(p.parent.name[1:] for p in Path(chain.__file__).parent.glob("papers/p*/params.py"))
    assert papers and sorted(chain.PARAMETERS) == papers
    assert all(chain.PARAMETERS[i].notebook == i for i in papers)
    assert chain.notebook_parameters("99").specs == {} and chain.notebook_parameters("05").notebook == "05"


def test_rerun_time_counts_cached_compute_time(tmp_path):
    from liarlab.study import notebook as nb
    from liarlab.study import outputs

    namespace = {"profile": "quick", "seed": 0, "n_jobs": 2, "out_dir": str(tmp_path)}
    nb.setup(namespace, "00")
    outputs.credit_seconds(125.0)
    text = nb.rerun_time()
    assert "2.1 minutes" in text and "2 workers" in text and "quick profile" in text
    assert "125 s of it served from the cache" in text
    # the profile it names is glossed where it is named ("in the quick profile" was never defined on 00's page)
    assert "quick profile (reduced run sizes" in text and "the full profile runs" in text


def test_rerun_time_says_when_other_notebooks_shared_the_cores(tmp_path, monkeypatch):
    from liarlab.study import controls, outputs
    from liarlab.study import notebook as nb

    nb.setup({"profile": "quick", "seed": 0, "n_jobs": 2, "out_dir": str(tmp_path)}, "00")
    outputs.credit_seconds(10.0)
    monkeypatch.setenv(controls.CHAIN_ENV, "1")
    assert "at once" not in nb.rerun_time()
    monkeypatch.setenv(controls.CHAIN_ENV, "2")
    assert "while the chain ran 2 notebooks at once" in nb.rerun_time()


def test_parse_parameter():
    assert chain.parse_parameter("n_games=5000") == ("n_games", 5000)
    assert chain.parse_parameter("name=abc") == ("name", "abc")
    with pytest.raises(ValueError):
        chain.parse_parameter("n_games")
