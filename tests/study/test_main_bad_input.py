"""The command line and the run frame refuse bad input in one line, before anything runs or is written, and lose
nothing (issue 51): an empty --out or --only, a scheduler no notebook can reach, folders that cannot be made,
parameter values the kernel cannot take; a locked --out; cache --clear without --all; solve's time limit and import
folder; play's long moves and negative seed; Ctrl-C in a running chain."""
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from liarlab import chain
from liarlab.__main__ import main
from liarlab.study import context, outputs

REPO = Path(__file__).resolve().parents[2]

BAD_RUN_OPTIONS = [
    ["--out", ""], ["--out", "   "], ["--only", ""], ["--only", ","], ["--only", " , "],
    ["--scheduler", "inproc://x:1"], ["--scheduler", "tcp://127.0.0.1:99999"], ["--scheduler", "tcp://127.0.0.1:0"],
    ["--out", "/proc/liarlab-x"], ["--out", "/sys/liarlab-x"], ["--out", "/tmp/" + "a" * 300],
    ["--only", "06", "-p", "games=[13]"], ["--only", "06", "-p", "games=[11, 15]"],
    ["-p", "n_monte_carlo=5000000000"], ["-p", "n_monte_carlo_generator=5000000000"],
]


@pytest.fixture
def no_chain_run(monkeypatch):
    """A refusal missed by the command line fails the test, and runs nothing: no notebook may start."""
    def no_run(*args, **kwargs):
        raise AssertionError("a notebook run started")

    monkeypatch.setattr(chain, "_run_locked", no_run)


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("liarlab") and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("options", BAD_RUN_OPTIONS, ids=lambda o: " ".join(o)[:40])
def test_run_refuses_in_one_line_and_writes_nothing(options, tmp_path, capsys, no_chain_run):
    started = time.perf_counter()
    assert main(["run", "--only", "00", "--out", str(tmp_path / "report"), *options]) == 2
    assert time.perf_counter() - started < 10
    err = _one_line(capsys)
    named = {"--out": "--out", "--only": "--only", "--scheduler": "scheduler", "-p": options[-1].split("=")[0]}
    assert named[options[-2]] in err, err
    assert not any(tmp_path.iterdir()), "nothing is written"


def test_the_scorecard_alone_over_an_output_root_without_claims_is_refused(tmp_path, capsys, no_chain_run):
    assert main(["run", "--only", "99", "--out", str(tmp_path)]) == 2
    assert "claims tables" in _one_line(capsys) and not any(tmp_path.iterdir())


def test_the_declared_ranges_are_the_ones_that_work():
    # notebook 06 plays the end games 11, 12, 21 and 22 only; notebook 00 draws its Monte Carlo hands at once
    for games in ([11], [12, 22], [21, 11]):
        chain.preflight("06", {"games": games})
    for bad in ([13], [11, 20], [], [True]):
        with pytest.raises(ValueError, match=r"games must be a non-empty list of values from \[11, 12, 21, 22\]"):
            chain.preflight("06", {"games": bad})
    with pytest.raises(ValueError, match=r"n_monte_carlo must be an integer in 1\.\.100000000"):
        chain.preflight("00", {"n_monte_carlo": 5_000_000_000})


def test_a_second_run_on_a_locked_out_folder_is_refused_in_one_line(tmp_path, capsys, no_chain_run):
    with chain.out_lock(tmp_path) as lock:
        assert lock.exists() and f"pid {os.getpid()}" in lock.read_text()
        assert main(["run", "--only", "00", "--out", str(tmp_path), "--no-html"]) == 2
        err = _one_line(capsys)
        assert "another run is writing there" in err and f"pid {os.getpid()}" in err
        assert sorted(p.name for p in tmp_path.iterdir()) == [chain.LOCK_NAME], "nothing else is written"
    assert not (tmp_path / chain.LOCK_NAME).exists(), "the lock file is removed at the end"


def test_a_lock_file_left_by_a_killed_run_does_not_block(tmp_path):
    # a killed run leaves its file but not its lock (the kernel drops a process's locks when it ends)
    holder = subprocess.run([sys.executable, "-c", "import os, sys, fcntl\n"
                             f"fd = os.open({str(tmp_path / chain.LOCK_NAME)!r}, os.O_RDWR | os.O_CREAT)\n"
                             "fcntl.flock(fd, fcntl.LOCK_EX); os.write(fd, b'pid 1'); os.kill(os.getpid(), 9)"])
    assert holder.returncode == -signal.SIGKILL and (tmp_path / chain.LOCK_NAME).exists()
    with chain.out_lock(tmp_path):
        with pytest.raises(ValueError, match="another run is writing there"):
            with chain.out_lock(tmp_path):
                pass


def test_a_figure_is_written_through_a_temporary_file_of_its_own(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    context.start(out_dir=tmp_path)
    other = outputs.figures_dir() / ".00_x.png.tmp.png"  # the fixed name every run once shared
    other.write_bytes(b"another run's")
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    paths = outputs.save_figure(fig, "00_x")
    plt.close(fig)
    assert [p.name for p in paths] == ["00_x.png", "00_x.svg"] and all(p.stat().st_size > 100 for p in paths)
    assert other.read_bytes() == b"another run's"
    assert sorted(p.name for p in outputs.figures_dir().iterdir()) == [".00_x.png.tmp.png", "00_x.png", "00_x.svg"]


def test_start_takes_booleans_as_booleans():
    for value in ("no", "False", 0, 1, None):
        with pytest.raises(TypeError, match="force must be True or False"):
            context.start(force=value)
        with pytest.raises(TypeError, match="progress must be True or False"):
            context.start(progress=value)
    assert context.start(force=True, progress=False).force is True


def test_cache_clear_needs_a_name_or_all(tmp_path, capsys):
    cache = tmp_path / "data" / "cache"
    cache.mkdir(parents=True)
    for name in ("05_a-1.pkl", "06_b-2.pkl"):
        (cache / name).write_bytes(b"x")
    for argv in (["--clear"], ["--clear", "--name", ""], ["--clear", "--name", "  "], ["--clear", "--all", "--name", "05"],
                 ["--list", "--all"]):
        assert main(["cache", *argv, "--out", str(tmp_path)]) == 2, argv
        _one_line(capsys)
    assert len(list(cache.glob("*.pkl"))) == 2, "nothing removed"
    assert main(["cache", "--clear", "--all", "--out", str(tmp_path)]) == 0
    assert not list(cache.glob("*.pkl"))


def test_cache_refuses_an_out_that_is_a_file_or_missing(tmp_path, capsys):
    (tmp_path / "a_file").write_text("x")
    for out in (tmp_path / "a_file", tmp_path / "missing", ""):
        assert main(["cache", "--list", "--out", str(out)]) == 2
        _one_line(capsys)


def test_cache_lists_the_librarys_output_root_by_default(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LIARLAB_OUT", str(tmp_path))
    assert main(["cache", "--list"]) == 0
    assert str(tmp_path / "data" / "cache") in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["end-game", "--import", "/nonexistent/liarlab"], ["end-game", "--open", "--time-limit", "nan"],
    ["end-game", "--open", "--time-limit", "-5"], ["end-game", "--open", "--time-limit", "inf"],
    ["one-die", "--open"], ["one-die", "--time-limit", "5"], ["end-game", "--verify", "--force"],
], ids=" ".join)
def test_solve_refuses_in_one_line_before_solving(argv, capsys):
    started = time.perf_counter()
    assert main(["solve", *argv]) == 2
    assert time.perf_counter() - started < 5
    _one_line(capsys)


def test_solve_import_of_a_folder_without_checkpoints_is_an_error(tmp_path, capsys):
    assert main(["solve", "end-game", "--import", str(tmp_path)]) == 2
    assert "no checkpoint of an open end-game cell" in capsys.readouterr().err


def test_play_refuses_a_5000_digit_move_and_a_negative_seed(capsys):
    from liarlab.play.cli import main as play

    out = io.StringIO()
    moves = io.StringIO("1" * 5000 + " 5\n" + "1" * 5000 + "\nquit\n")
    assert play(["liardice", "--seed", "1"], stdin=moves, stdout=out) == 0
    text = out.getvalue()
    assert "internal error" not in text and text.count("no move is that long") == 2
    assert max(len(line) for line in text.splitlines()) < 300, "the move is not echoed whole"
    assert play(["liardice", "--seed", "-1"], stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert "--seed" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_in_a_running_chain_says_one_line_exits_130_and_leaves_no_partial_notebook(tmp_path):
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    run = subprocess.Popen([sys.executable, "-m", "liarlab", "run", "--only", "00", "--profile", "quick", "--n-jobs",
                            "1", "--out", str(out), "--no-html", "--force"], cwd=REPO, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        # wait until the notebook runs a cell past its setup (papermill saves it as each cell starts)
        deadline = time.time() + 300
        while time.time() < deadline and run.poll() is None:
            started = []
            for partial in (out / "notebooks").glob(".00_*.running.ipynb"):
                try:
                    cells = json.loads(partial.read_text())["cells"]
                except (OSError, ValueError, KeyError):
                    continue
                started = [i for i, c in enumerate(cells) if c["metadata"].get("papermill", {}).get("start_time")]
            if started and started[-1] >= 4:
                break
            time.sleep(0.2)
        assert run.poll() is None, "the notebook was still running when interrupted"
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C at a terminal: the chain and every process of its group
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert re.fullmatch(r"liarlab: interrupted in 00 at cell \d+; rerun to resume", err.strip()), err
    assert not [p.name for p in (out / "notebooks").iterdir() if p.name.startswith(".")], "no hidden partial notebook"
    assert not (out / chain.LOCK_NAME).exists()


#: hostile command lines across the commands: each is refused with status 2 and one line, quickly, writing nothing
CORPUS = [
    [], ["nonsense"], ["run", "--n-jobs", "abc"], ["run", "--n-jobs", "-1"], ["run", "--n-jobs", "9" * 30],
    ["run", "--at-once", "nan"], ["run", "--profile", ""], ["run", "--only", "0" * 5000], ["run", "--only", "1e3"],
    ["run", "-p", "=3"], ["run", "-p", "n_monte_carlo=nan"], ["run", "-p", "n_monte_carlo=inf"],
    ["run", "-p", "n_monte_carlo=" + "9" * 400], ["run", "-p", "seed=-1"], ["run", "-p", "seed=1.5"],
    ["run", "--only", "06", "-p", "games=[]"], ["run", "--only", "06", "-p", "games='13'"],
    ["run", "--at-once", "9" * 30],
    ["run", "--scheduler", ""], ["run", "--scheduler", "tcp://:"], ["run", "--scheduler", "tcp://h:-1"],
    ["cache"], ["cache", "--list", "--clear"], ["cache", "--clear", "--name", ""],
    ["solve"], ["solve", "two-die"], ["solve", "end-game", "--open", "--time-limit", "abc"],
    ["solve", "end-game", "--open", "--time-limit", "-inf"], ["solve", "end-game", "--import", ""],
    ["play"], ["play", "chess"], ["play", "liardice", "--seed", "x"], ["play", "liardice", "--seed", "-5"],
    ["play", "liardice", "--games", "0"], ["play", "bluff", "--faces", "1"], ["play", "bluff", "--faces", "9" * 50],
    ["play", "liardice", "--agent", ""], ["play", "cheat", "--players", "99"], ["play", "liardice", "--faces", "6"],
]


@pytest.mark.parametrize("argv", CORPUS, ids=lambda a: " ".join(a)[:40] or "(nothing)")
def test_hostile_command_lines_are_refused_in_one_line(argv, tmp_path, monkeypatch, capsys, no_chain_run):
    monkeypatch.chdir(tmp_path)
    if argv[:1] == ["run"]:
        argv = [*argv, "--out", str(tmp_path / "out")]
    started = time.perf_counter()
    try:
        status = main(argv)
    except SystemExit as done:  # argparse's own refusals
        status = done.code
    assert status == 2 and time.perf_counter() - started < 10
    err = capsys.readouterr().err.strip()
    assert err.startswith("liarlab") and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert not any(tmp_path.iterdir()), "nothing is written"


@pytest.mark.slow
def test_hostile_command_lines_refused_from_a_fresh_process(tmp_path):
    # the same through the real entry point: no traceback, one line, status 2
    for argv in (["run", "--out", ""], ["run", "--only", ","], ["cache", "--clear"], ["play", "liardice", "--seed", "-1"],
                 ["solve", "end-game", "--open", "--time-limit", "nan"]):
        done = subprocess.run([sys.executable, "-m", "liarlab", *argv], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, env=dict(os.environ, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, (argv, done.stderr)
        assert not any(tmp_path.iterdir())


@pytest.mark.slow
def test_ctrl_c_with_two_notebooks_at_once_stops_both_and_says_where(tmp_path):
    # two notebooks in worker processes: the chain stops both, gathers where each stopped, removes their partial
    # copies and releases the lock; no worker prints a traceback
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("00_a", "01_b"):
        book = new_notebook(cells=[new_code_cell("profile = 'full'", metadata={"tags": ["parameters"]}),
                                   new_code_cell("import time"), new_code_cell("time.sleep(300)")])
        book.metadata["kernelspec"] = {"name": "liarlab", "display_name": "Python (liarlab)", "language": "python"}
        nbformat.write(book, folder / f"{name}.ipynb")
    out = tmp_path / "out"
    script = ("import sys\nfrom pathlib import Path\nfrom liarlab import chain\ntry:\n"
              f"    chain.run_chain(profile='quick', out={str(out)!r}, notebook_dir=Path({str(folder)!r}), html=False,"
              " log=lambda *_: None, progress=False, at_once=2)\n"
              "except chain.ChainInterrupted as err:\n    print(err, file=sys.stderr)\n    sys.exit(130)\n")
    run = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, text=True, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(REPO)), start_new_session=True)
    try:
        deadline = time.time() + 300
        while time.time() < deadline and run.poll() is None:
            sleeping = 0
            for partial in (out / "notebooks").glob(".*.running.ipynb") if (out / "notebooks").exists() else []:
                try:
                    cells = json.loads(partial.read_text())["cells"]
                except (OSError, ValueError, KeyError):
                    continue
                sleeping += bool(cells[-1]["metadata"].get("papermill", {}).get("start_time"))
            if sleeping == 2:
                break
            time.sleep(0.2)
        assert run.poll() is None
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert err.strip() == "interrupted in 00 at cell 3 and 01 at cell 3; rerun to resume", err
    assert not list((out / "notebooks").iterdir()) and not (out / chain.LOCK_NAME).exists()
