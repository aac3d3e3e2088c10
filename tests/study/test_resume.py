"""A run killed in the middle of a notebook resumes from the cache with the same results, and leaves nothing
half-written behind (README: "an interrupted run resumes where it stopped")."""
import os
import signal
import subprocess
import sys
import time

import pytest

from liarlab.study import outputs

pytestmark = [pytest.mark.chain, pytest.mark.slow, pytest.mark.integration]

NOTEBOOK = "04"  # quick profile: several cached computations, each a few seconds


def _command(out):
    return [sys.executable, "-m", "liarlab", "run", "--only", NOTEBOOK, "--profile", "quick", "--out", str(out),
            "--no-html", "--no-progress"]


def _tables(folder):
    return {p.name: outputs.reproducible_content(p) for p in sorted((folder / "data").glob("[0-9][0-9]_*.csv"))}


def _leftovers(folder):
    return sorted(str(p.relative_to(folder)) for p in (folder / "data").rglob("*")
                  if ".tmp" in p.name or p.name.startswith("."))


def test_a_run_killed_mid_notebook_resumes_with_identical_tables(tmp_path):
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    subprocess.run(_command(whole), check=True, capture_output=True, timeout=900)

    proc = subprocess.Popen(_command(killed), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    cache = killed / "data" / "cache"
    deadline = time.time() + 600
    try:
        # wait until the notebook is under way: at least one result cached, the notebook not finished
        while time.time() < deadline and proc.poll() is None:
            if cache.exists() and any(cache.glob("*.json")):
                break
            time.sleep(0.2)
        assert proc.poll() is None, "the run finished before it could be interrupted"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the chain, papermill's kernel and its workers
        proc.wait(timeout=60)
    assert not (killed / "data" / f"{NOTEBOOK}_claims.csv").exists(), "killed after the notebook had finished"
    # a SIGKILL during a write can leave that write's hidden temporary, never a visible half-written table
    assert all(".tmp" in name.rsplit("/", 1)[-1] for name in _leftovers(killed)), _leftovers(killed)

    (killed / "data" / ".04_planted.csv.abc123.tmp").write_text("half")   # debris as a kill mid-write leaves it
    subprocess.run(_command(killed), check=True, capture_output=True, timeout=900)
    assert _leftovers(killed) == []   # the resumed run clears its predecessor's temporaries
    assert _tables(killed) == _tables(whole)
