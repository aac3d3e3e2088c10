"""The chain says how long each notebook took last time, and keeps every profile's times."""
import json

import nbformat
from nbformat.v4 import new_notebook

from liarlab.study import chain


def test_timings_are_merged_per_profile_and_read_back(tmp_path):
    chain._write_timings(tmp_path, [chain.NotebookRun("00_a.ipynb", 12.345, tmp_path)], "quick")
    chain._write_timings(tmp_path, [chain.NotebookRun("05_b.ipynb", 300.0, tmp_path)], "full")
    chain._write_timings(tmp_path, [chain.NotebookRun("01_c.ipynb", 7.0, tmp_path)], "quick")
    data = json.loads((tmp_path / "timings.json").read_text())
    assert data["profiles"] == {"quick": {"00_a.ipynb": 12.35, "01_c.ipynb": 7.0}, "full": {"05_b.ipynb": 300.0}}
    assert chain.expected_seconds("00_a.ipynb", "quick", tmp_path) == 12.35
    assert chain.expected_seconds("05_b.ipynb", "quick", tmp_path) is None  # another profile's time is no guide


def test_a_fresh_clone_uses_the_duration_papermill_stored_in_the_committed_notebook(tmp_path):
    book = new_notebook()
    book.metadata["papermill"] = {"duration": 245.5, "parameters": {"profile": "full"}}
    path = tmp_path / "01_x.ipynb"
    nbformat.write(book, path)
    assert chain.expected_seconds("01_x.ipynb", "full", tmp_path / "none", path) == 245.5
    assert chain.expected_seconds("01_x.ipynb", "quick", tmp_path / "none", path) is None
    assert chain._duration(245.5) == "4.1 min" and chain._duration(12.4) == "12 s"
