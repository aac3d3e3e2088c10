"""The frame every notebook stands on: executor, cache, outputs, parameters."""
import json
import os
import pickle
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pandas as pd
import pytest

from liarlab import chain
from liarlab.core import stats, validation
from liarlab.study import cache, context, outputs, parallel, profiles


def draw(rng, size):
    return rng.integers(0, 1_000_000, size=size).tolist()


def test_run_tasks_same_results_for_any_number_of_workers():
    tasks = [{"size": 3}] * 6
    one = parallel.run_tasks(draw, tasks, seed=11, n_jobs=1, progress=False)
    two = parallel.run_tasks(draw, tasks, seed=11, n_jobs=2, progress=False)
    assert one == two
    assert one != parallel.run_tasks(draw, tasks, seed=12, n_jobs=1, progress=False)
    assert len({tuple(r) for r in one}) == 6  # every task has its own stream


def draw_where(rng, size):
    return os.getpid(), rng.integers(0, 1_000_000, size=size).tolist()


def test_run_tasks_first_here_runs_the_first_task_in_this_process_with_the_same_results():
    tasks = [{"size": 3}] * 5
    here = parallel.run_tasks(draw_where, tasks, seed=11, n_jobs=2, progress=False, first_here=True)
    assert here[0][0] == os.getpid()
    assert [r for _, r in here] == parallel.run_tasks(draw, tasks, seed=11, n_jobs=1, progress=False)


@pytest.mark.slow
def test_run_tasks_on_a_dask_cluster_matches_local():
    distributed = pytest.importorskip("distributed")
    tasks = [{"size": 2}] * 4
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = parallel.run_tasks(draw, tasks, seed=5, scheduler=client, progress=False)
    assert remote == parallel.run_tasks(draw, tasks, seed=5, n_jobs=1, progress=False)


def test_cache_returns_stored_result_and_force_recomputes(tmp_path):
    context.start(out_dir=tmp_path)
    calls = []
    compute = lambda: calls.append(1) or {"value": len(calls)}  # noqa: E731
    assert cache.cached("thing", {"a": 1}, compute) == {"value": 1}
    assert cache.cached("thing", {"a": 1}, compute) == {"value": 1}
    assert cache.cached("thing", {"a": 2}, compute) == {"value": 2}
    assert cache.cached("thing", {"a": 1}, compute, force=True) == {"value": 3}


def test_a_write_killed_midway_leaves_no_partial_file(tmp_path):
    target = tmp_path / "big.pkl"
    script = textwrap.dedent(f"""
        import os
        from liarlab.study import outputs
        # write through the same atomic path the cache uses, dying halfway through the payload
        real_fdopen = os.fdopen
        def dying_fdopen(fd, mode):
            handle = real_fdopen(fd, mode)
            write = handle.write
            def die_after_half(data):
                write(data[: len(data) // 2]); handle.flush(); os.kill(os.getpid(), 9)
            handle.write = die_after_half
            return handle
        os.fdopen = dying_fdopen
        outputs.atomic_write_bytes(r"{target}", b"y" * 100000)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    assert not target.exists()
    # the temporary file may remain, but never under the real name, and a rerun succeeds
    outputs.atomic_write_bytes(target, b"done")
    assert target.read_bytes() == b"done"


def test_cache_ignores_leftover_temporary_files(tmp_path):
    context.start(out_dir=tmp_path)
    compute = lambda: 42  # noqa: E731
    path = cache.cache_path("x", {}, compute)
    (path.parent / f".{path.name}.123.tmp").write_bytes(b"garbage")
    assert cache.cached("x", {}, compute) == 42
    assert pickle.loads(path.read_bytes())["result"] == 42


def test_save_table_writes_csv_and_provenance(tmp_path):
    context.start(out_dir=tmp_path, params={"seed": 3, "profile": "quick"})
    frame = pd.DataFrame({"a": [1, 2], "b": [0.5, 0.25]})
    path = outputs.save_table(frame, "00_example", {"extra": 1})
    first = path.read_bytes()
    meta = json.loads(path.with_suffix(".json").read_text())
    assert meta["seed"] == 3 and meta["parameters"]["extra"] == 1
    assert {"liarlab_version", "git_commit", "started", "seconds"} <= set(meta)
    assert set(meta["versions"]) == {"python", "numpy", "scipy", "pandas", "pgmpy", "numba"}
    assert meta["versions"]["python"] == ".".join(map(str, sys.version_info[:3]))
    assert all(meta["versions"].values())
    outputs.save_table(frame, "00_example")
    assert path.read_bytes() == first


def test_claims_need_known_verdicts(tmp_path):
    context.start(out_dir=tmp_path)
    with pytest.raises(ValueError, match="verdict"):
        outputs.claim("x", "T1", 1, 1, "maybe", kind="finding", rule="r")
    frame = outputs.save_claims("07", [outputs.claim("x", "T1", 1, 1, "reproduced", kind="finding", rule="r")])
    assert list(frame.columns) == outputs.CLAIM_COLUMNS


def test_output_names_need_the_notebook_number(tmp_path):
    context.start(out_dir=tmp_path)
    with pytest.raises(ValueError, match="NN_"):
        outputs.save_table(pd.DataFrame({"a": [1]}), "table")


def test_printed_precision_rounded_or_truncated():
    from liarlab.core import verdicts as V

    assert V.value(56.01, V.exact(56.0194), decimals=2, truncated=True).verdict == "reproduced"
    assert V.value(56.02, V.exact(56.0194), decimals=2).verdict == "reproduced"
    assert V.value(56.02, V.exact(56.0194), decimals=2, truncated=True).verdict == "differs"


def test_wilson_interval_known_value():
    low, high = stats.wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    lows, highs = stats.wilson_interval(np.array([0, 10]), np.array([10, 10]))
    assert lows[0] == 0 and highs[1] == pytest.approx(1.0)


@pytest.mark.parametrize("call, message", [
    (lambda: validation.check_int("players", 1, 2), "players must be an integer >= 2, got 1"),
    (lambda: validation.check_int("games", 0, 1), "games must be an integer >= 1, got 0"),
    (lambda: validation.check_int("type", 33, 1, 32), r"type must be an integer in 1\.\.32, got 33"),
    (lambda: profiles.pick(None, "medium", quick=1, full=2), "profile must be one of"),
    (lambda: chain.select_notebooks("42"), r"only: unknown notebook id"),
    (lambda: chain.run_chain(profile="huge"), "profile must be one of"),
    (lambda: chain.run_chain(profile="quick", n_jobs=0), r"n_jobs must be an integer in 1\.\.512"),
    (lambda: parallel.run_tasks(draw, [], seed=1, n_jobs=0), "n_jobs must be an integer >= 1"),
])
def test_bad_parameters_fail_before_work_with_a_clear_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_profiles_pick_sizes_unless_set():
    assert profiles.pick(None, "quick", quick=1, full=2) == 1
    assert profiles.pick(None, "full", quick=1, full=2) == 2
    assert profiles.pick(7, "quick", quick=1, full=2) == 7


def test_parse_parameter():
    assert chain.parse_parameter("n_games=5000") == ("n_games", 5000)
    assert chain.parse_parameter("name=abc") == ("name", "abc")
    with pytest.raises(ValueError):
        chain.parse_parameter("n_games")


def test_every_notebook_has_metadata_and_a_parameters_cell():
    import nbformat

    notebooks = chain.available_notebooks()
    assert "00" in notebooks
    for path in notebooks.values():
        book = nbformat.read(path, as_version=4)
        assert book.metadata["kernelspec"]["name"] == chain.KERNEL_NAME
        assert "language_info" in book.metadata
        code = [c for c in book.cells if c.cell_type == "code"]
        assert "parameters" in code[0].metadata.get("tags", []), path.name
        assert "profile" in code[0].source and "out_dir" in code[0].source


def test_written_files_are_readable_by_everyone(tmp_path):
    outputs.atomic_write_text(tmp_path / "a.csv", "x\n")
    assert (tmp_path / "a.csv").stat().st_mode & 0o044 == 0o044


def test_speed_measurements_are_listed_and_left_out_of_the_reproducible_content(tmp_path):
    context.start(out_dir=tmp_path)
    frame = pd.DataFrame({"n": [1, 2], "win": [0.5, 0.25], "seconds": [0.1, 0.2], "games_per_s": [10, 20]})
    path = outputs.save_table(frame, "00_example", measured_rows=[1])
    meta = json.loads(path.with_suffix(".json").read_text())
    assert meta["measured_columns"] == ["seconds", "games_per_s"] and meta["measured_rows"] == [1]
    assert outputs.reproducible_content(path) == "n,win\n1,0.5\n"
    assert outputs.measured_columns(frame, "00_speed_timing") == list(frame.columns)
    claims = outputs.save_claims("00", [outputs.claim("a", "T", 1, 1, "reproduced", kind="finding", rule="r"),
                                   outputs.claim("b", "T", 10, 3.2, "extension", kind="finding", rule="r",
                                                 measured=True)])
    assert json.loads((tmp_path / "data" / "00_claims.json").read_text())["measured_rows"] == [1]
    assert list(claims.columns) == outputs.CLAIM_COLUMNS
