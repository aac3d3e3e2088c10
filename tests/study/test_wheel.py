"""The package someone can install: a wheel built from a copy of the sources installs into a fresh virtual
environment, and the installed liarlab runs (``python -m liarlab --help``, the version, the shipped experiment
index) without the repository. No network: the wheel is built without build isolation (the setuptools of this
environment) and installed with --no-deps into a venv that sees this environment's dependencies."""
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import liarlab

REPO = Path(__file__).resolve().parents[2]


def run(cmd, cwd, **kw):
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=600, **kw)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.mark.slow
def test_the_wheel_builds_installs_in_a_fresh_venv_and_runs(tmp_path):
    pytest.importorskip("build", reason="python -m build is part of the dev extra (make setup installs it)")
    src = tmp_path / "src"
    shutil.copytree(REPO / "liarlab", src / "liarlab", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(REPO / name, src)
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp_path / "dist", src], tmp_path)
    wheels = list((tmp_path / "dist").glob("liarlab-*.whl"))
    assert [w.name for w in wheels] == [f"liarlab-{liarlab.__version__}-py3-none-any.whl"]
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "liarlab/study/experiments_index/experiments.csv" in names
    assert any(n.endswith(".dist-info/LICENSE") or "/licenses/LICENSE" in n for n in names)
    assert not any(n.startswith(("tests/", "notebooks/", "data/")) for n in names)

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], tmp_path)
    py = venv / "bin" / "python"
    # this environment's dependencies, seen after the venv's own site-packages (so the wheel's liarlab wins)
    site = Path(run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path).strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run([py, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheels[0]], tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    help_text = run([py, "-m", "liarlab", "--help"], elsewhere)
    assert "usage: liarlab" in help_text and "run" in help_text
    check = ("import liarlab, pathlib; from importlib import metadata; from liarlab.study import coverage; "
             "print(pathlib.Path(liarlab.__file__).parent); print(metadata.version('liarlab')); "
             "print(len(coverage.spec_codes('02')))")
    where, version, n02 = run([py, "-c", check], elsewhere, env={"PATH": "/usr/bin:/bin"}).split()
    assert Path(where).is_relative_to(venv)
    assert version == liarlab.__version__
    assert int(n02) == 23

    # installed, liarlab writes under the working folder, and the commands that need the repository say so
    root = run([py, "-c", "from liarlab.study import outputs; print(outputs.output_root())"], elsewhere,
               env={"PATH": "/usr/bin:/bin"}).strip()
    assert Path(root) == elsewhere.resolve()
    for argv, words in ((["run", "--only", "00"], "clone of the liarlab repository"),
                        (["bench"], "run 'python -m liarlab bench' in a clone")):
        done = subprocess.run([str(py), "-m", "liarlab", *argv], cwd=elsewhere, capture_output=True, text=True,
                              timeout=300, env={"PATH": "/usr/bin:/bin"})
        assert done.returncode == 2 and words in done.stderr, (argv, done.stdout, done.stderr)
    # cache and solve use the library's output root too: the working folder, never site-packages
    listing = run([py, "-m", "liarlab", "cache", "--list"], elsewhere, env={"PATH": "/usr/bin:/bin"})
    assert str(elsewhere.resolve() / "data" / "cache") in listing and "site-packages" not in listing
    done = subprocess.run([str(py), "-m", "liarlab", "solve", "one-die", "--verify"], cwd=elsewhere,
                          capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert str(elsewhere.resolve() / "data" / "05_certificates") in done.stderr and "site-packages" not in done.stderr
    assert not (site / "data").exists() and not (site / "figures").exists(), "nothing is written into site-packages"
