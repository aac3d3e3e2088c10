"""Parameters as a new user tries them: typos, bad values and plain papermill."""
import ast
import logging
import re
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


def test_cli_refuses_bad_options_in_one_line_before_anything_runs(tmp_path, capsys):
    from liarlab.__main__ import main

    a_file = tmp_path / "a_file"
    a_file.write_text("")
    for argv, words in ((["--out", str(a_file / "below")], "is a file, not a folder"),
                        (["--scheduler", "nonsense"], "not a Dask scheduler address"),
                        (["--scheduler", "tcp://127.0.0.1:1"], "no Dask scheduler answers there")):
        assert main(["run", "--only", "00", "--profile", "quick", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]


def test_cli_reports_a_typo_with_the_notebooks_parameters(capsys):
    from liarlab.__main__ import main

    assert main(["run", "--only", "00", "--profile", "quick", "--out", "/nonexistent/never", "-p", "nonsense=3"]) == 2
    err = capsys.readouterr().err
    assert "unknown parameter(s) ['nonsense']" in err and "n_monte_carlo" in err


SPECS = dict(n=nb.Int(1, quick=5, full=9), rate=nb.Float(0, 1, optional=True),
             types=nb.IntList(1, 32, quick=[1], full=list(range(1, 33))), mode=nb.Choice(["a", "b"]))
DECLARED = params.Parameters("07", **SPECS)


def namespace(**changes):
    ns = dict(profile="quick", seed=1, n_jobs=2, scheduler=None, out_dir=None, progress_bar=False, force=False,
              n=None, rate=None, types=None, mode="a")
    ns.update(changes)
    return ns


def test_setup_fills_profile_sizes_and_writes_them_back(tmp_path):
    ns = namespace(out_dir=str(tmp_path))
    params = nb.setup(ns, DECLARED)
    assert ns["n"] == 5 and ns["types"] == [1] and ns["rate"] is None
    assert params["n"] == 5 and params["notebook"] == "07"
    ns = namespace(out_dir=str(tmp_path), profile="full", n=3, types="[2, 3]")
    nb.setup(ns, DECLARED)
    assert ns["n"] == 3 and ns["types"] == [2, 3]


@pytest.mark.parametrize("changes, message", [
    (dict(n=-5), r"n must be an integer >= 1 \(or None for the profile's size: quick 5, full 9\), got -5"),
    (dict(n="abc"), r"n must be an integer >= 1 .*got 'abc'"),
    (dict(n=True), r"n must be an integer"),
    (dict(n=2.5), r"n must be an integer"),
    (dict(rate=1.5), r"rate must be a number in 0\.\.1 or None, got 1\.5"),
    (dict(types=[0, 3]), r"types must be a non-empty list of integers in 1\.\.32 .*full \[1\.\.32\]\), got \[0, 3\]"),
    (dict(types=[]), r"types must be a non-empty list"),
    (dict(mode="c"), r"mode must be one of \['a', 'b'\], got 'c'"),
    (dict(profile="medium"), r"profile must be one of \['quick', 'full'\]"),
    (dict(n_jobs=0), r"n_jobs must be an integer >= 1, got 0"),
    (dict(force="yes"), r"force must be True or False, got 'yes'"),
    (dict(out_dir=3), r"out_dir must be a string or None, got 3"),
])
def test_setup_rejects_a_bad_value_naming_the_parameter_and_its_allowed_values(changes, message):
    with pytest.raises(ValueError, match=message):
        nb.setup(namespace(**changes), DECLARED)


def test_setup_catches_a_check_for_a_parameter_the_cell_lacks():
    ns = namespace()
    del ns["mode"]
    with pytest.raises(ValueError, match="'mode', but the parameters cell does not define it"):
        nb.setup(ns, DECLARED)
    with pytest.raises(ValueError, match="two-digit id"):
        params.Parameters("7", **SPECS)
    assert re.search("common", str(pytest.raises(ValueError, params.Parameters, "07", seed=nb.Int(0)).value))
    with pytest.raises(TypeError, match="must be declared with Int"):
        params.Parameters("07", n=5)
    with pytest.raises(ValueError, match="in its params.py"):
        nb.setup(namespace(), "07", n=nb.Int(1))


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


def test_rerun_time_says_when_other_notebooks_shared_the_cores(tmp_path, monkeypatch):
    from liarlab.study import controls, outputs
    from liarlab.study import notebook as nb

    nb.setup({"profile": "quick", "seed": 0, "n_jobs": 2, "out_dir": str(tmp_path)}, "00")
    outputs.credit_seconds(10.0)
    monkeypatch.setenv(controls.CHAIN_ENV, "1")
    assert "at once" not in nb.rerun_time()
    monkeypatch.setenv(controls.CHAIN_ENV, "2")
    assert "while the chain ran 2 notebooks at once" in nb.rerun_time()
