"""environment.yml (conda) and pyproject.toml (pip) ask for the same packages at the same minimum versions."""
import re

import pytest

from liarlab.study.outputs import REPO_ROOT

tomllib = pytest.importorskip("tomllib")
yaml = pytest.importorskip("yaml")

# pip requirement -> the conda packages that provide it
CONDA_NAMES = {"dask[distributed]": ["dask", "distributed"], "build": ["python-build"]}  # conda-forge names


def normalise(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def split(requirement):
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-\[\]]+)\s*(.*)", requirement)
    return match.group(1), match.group(2).replace(" ", "")


def pyproject_requirements():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    wanted = {"python": ">=" + project["requires-python"].removeprefix(">=")}
    extras = [r for group in project.get("optional-dependencies", {}).values() for r in group]
    for requirement in project["dependencies"] + extras:
        name, spec = split(requirement)
        for conda_name in CONDA_NAMES.get(name, [name]):
            wanted[normalise(conda_name)] = spec
    return wanted


def environment_requirements():
    env = yaml.safe_load((REPO_ROOT / "environment.yml").read_text())
    found = {}
    for item in env["dependencies"]:
        entries = item["pip"] if isinstance(item, dict) else [item]
        for requirement in entries:
            name, spec = split(requirement)
            if name != "pip":
                found[normalise(name)] = spec
    return found


def test_environment_yml_matches_pyproject():
    wanted, found = pyproject_requirements(), environment_requirements()
    missing = sorted(set(wanted) - set(found))
    extra = sorted(set(found) - set(wanted))
    differ = sorted(n for n in set(wanted) & set(found) if wanted[n] != found[n])
    assert not missing, f"in pyproject.toml but not environment.yml: {missing}"
    assert not extra, f"in environment.yml but not pyproject.toml: {extra}"
    assert not differ, f"different versions: {[(n, wanted[n], found[n]) for n in differ]}"
