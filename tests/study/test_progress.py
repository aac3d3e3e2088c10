"""The chain says how long each notebook took last time, and keeps every profile's times."""
import json

import nbformat
from nbformat.v4 import new_notebook

from liarlab import chain


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


def _sidecar(folder, name, seconds, profile="full"):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps({"parameters": {"profile": profile}, "seconds": seconds}))


def _cache_entry(folder, name, current=True):
    from liarlab.study import cache

    folder.mkdir(parents=True, exist_ok=True)
    modules = ["liarlab.core.validation"]
    fingerprint = cache.source_fingerprint(modules) if current else "0" * 16
    stem = f"{name}-{len(list(folder.glob('*.pkl')))}"
    (folder / f"{stem}.pkl").write_bytes(b"x")
    (folder / f"{stem}.json").write_text(json.dumps({"name": name, "modules": modules, "fingerprint": fingerprint}))


def test_compute_time_is_the_largest_sidecar_seconds_of_that_profile(tmp_path):
    data = tmp_path / "data"
    _sidecar(data, "03_a.json", 12.0)
    _sidecar(data, "03_claims.json", 543.2)
    _sidecar(data, "03_quick.json", 9999.0, profile="quick")
    _sidecar(data, "04_b.json", 700.0)
    assert chain.compute_seconds("03", "full", [data]) == 543.2
    assert chain.compute_seconds("03", "quick", [data]) == 9999.0
    assert chain.compute_seconds("05", "full", [data]) is None
    assert chain.compute_seconds("03", "full", [tmp_path / "none", data]) == 543.2   # the first folder with any


def test_a_fresh_clone_expects_the_compute_time_not_the_cached_run(tmp_path):
    """Issue 19: "(full, last full run took 8 s)" then 7.1 minutes. The cache is empty on a fresh clone."""
    root = tmp_path
    _sidecar(root / "data", "03_claims.json", 543.0)
    chain._write_timings(root / "report", [chain.NotebookRun("03_x.ipynb", 8.2, root)], "full")
    text = chain.expectation("03", "03_x.ipynb", "full", root)
    assert text == ", about 9.1 min to compute: nothing cached yet"
    assert "8 s" not in text

    cache_dir = root / "data" / "cache"
    _cache_entry(cache_dir, "liarlab.papers.p03.experiments.deals")
    _cache_entry(cache_dir, "03_bidding")
    _cache_entry(cache_dir, "05_other", current=False)             # another notebook's stale entry: no matter
    assert chain.cache_state("03", cache_dir) == "serves"
    assert chain.expectation("03", "03_x.ipynb", "full", root) == ", about 8 s from the cache; 9.1 min to compute"
    assert chain.expectation("03", "03_x.ipynb", "full", root, force=True) == ", about 9.1 min to compute: --force"

    _cache_entry(cache_dir, "liarlab.papers.p03.experiments.old", current=False)
    assert chain.cache_state("03", cache_dir) == "stale"
    assert chain.expectation("03", "03_x.ipynb", "full", root) == ", about 9.1 min to compute: the cache is stale"
    assert chain.cache_state("04", cache_dir) == "empty"


def test_two_at_once_start_with_what_costs_most_in_this_run_not_what_the_cache_served_last(tmp_path):
    """The last run served 03 from the cache in 49 s, but it costs 18 minutes to compute: under --force (or an
    empty cache) it must start first, not after every cheaper notebook."""
    root = tmp_path
    notebooks = {nb: root / f"{nb}_x.ipynb" for nb in ("00", "01", "03", "99")}
    _sidecar(root / "data", "03_claims.json", 1080.0)
    _sidecar(root / "data", "01_claims.json", 460.0)
    _sidecar(root / "data", "00_claims.json", 28.0)
    runs = [chain.NotebookRun("03_x.ipynb", 49.0, root), chain.NotebookRun("01_x.ipynb", 455.0, root),
            chain.NotebookRun("00_x.ipynb", 27.0, root)]
    chain._write_timings(root / "report", runs, "full")
    assert chain.run_order(notebooks, "full", root, force=True) == ["03", "01", "00", "99"]
    assert chain.expected_cost("03", "03_x.ipynb", "full", root, force=True) == 1080.0
    # when the cache serves 03, its short wall time is what it costs
    _cache_entry(root / "data" / "cache", "03_bidding")
    assert chain.run_order(notebooks, "full", root) == ["01", "03", "00", "99"]
