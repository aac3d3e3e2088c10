"""The repository says what it is and what it cites: one version everywhere, a license, a citation for the study
and a full reference for each of the five papers."""
import re
from pathlib import Path

import pytest
import yaml

import liarlab

REPO = Path(__file__).resolve().parents[2]


def test_one_version_and_an_mit_license():
    tomllib = pytest.importorskip("tomllib", reason="Python 3.11 reads TOML")
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert "version" in project["dynamic"] and "version" not in project
    assert re.fullmatch(r"\d+\.\d+\.\d+", liarlab.__version__)
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]   # SPDX (PEP 639)
    assert not any(c.startswith("License ::") for c in project.get("classifiers", []))
    assert (REPO / "LICENSE").read_text().startswith("MIT License")


def test_the_citation_file_cites_the_study_at_this_version_and_the_five_papers():
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["version"] == liarlab.__version__
    assert cff["license"] == "MIT" and cff["authors"]
    assert len(cff["references"]) == 5
    assert all(ref.get("title") and ref.get("authors") for ref in cff["references"])


def test_references_give_an_entry_and_a_bibtex_record_per_paper_and_nothing_points_outside():
    text = (REPO / "docs" / "REFERENCES.md").read_text(encoding="utf-8")
    keys = ["huang2009liardice", "chou2022multiplayer", "yeh2009honeymoon", "ye_cheat", "kayanuma2016bluff"]
    for key in keys:
        assert f"`{key}`" in text and re.search(rf"@\w+\{{{key},", text), key
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "docs/REFERENCES.md" in readme
