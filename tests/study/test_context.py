"""One run context (liarlab.study.context): set once, read with current(), overridden for a block, carried to
worker processes; and no module of the run frame keeps run state of its own."""
import ast
import os
import threading
from pathlib import Path

import pytest

from liarlab.study import cache, context, outputs, parallel
from liarlab.study import notebook as nb

STUDY = Path(context.__file__).parent


def test_using_restores_the_previous_context_also_after_an_error(tmp_path):
    run = context.start(out_dir=tmp_path, n_jobs=2, profile="quick")
    with context.using(n_jobs=1, force=True) as inner:
        assert context.current() is inner and inner.n_jobs == 1 and inner.force
        assert inner.out_dir == tmp_path.resolve() and inner.profile == "quick"  # the rest is the run's
        with context.using(profile="full"):
            assert context.current().profile == "full" and context.current().force
        assert context.current() is inner
    assert context.current() is run and run.n_jobs == 2 and not run.force
    with pytest.raises(RuntimeError, match="boom"), context.using(n_jobs=3):
        raise RuntimeError("boom")
    assert context.current() is run
    with pytest.raises(ValueError, match="profile must be one of"), context.using(profile="medium"):
        pass
    assert context.current() is run


def test_seconds_credited_inside_a_block_count_for_the_run(tmp_path):
    context.start(out_dir=tmp_path)
    outputs.credit_seconds(10.0)
    with context.using(n_jobs=1):
        outputs.credit_seconds(5.0)
        assert outputs.provenance()["cached_seconds"] == pytest.approx(15.0)
    assert outputs.provenance()["cached_seconds"] == pytest.approx(15.0)
    context.start(out_dir=tmp_path)  # a new run starts a new clock
    assert outputs.provenance()["cached_seconds"] == 0.0


def test_start_inside_a_block_lasts_until_the_block_ends(tmp_path):
    run = context.start(out_dir=tmp_path / "run")
    with context.using(force=True):
        context.start(out_dir=tmp_path / "other")
        assert outputs.output_root() == (tmp_path / "other").resolve()
    assert context.current() is run and outputs.output_root() == (tmp_path / "run").resolve()


def test_blocks_are_per_thread(tmp_path):
    """Tasks in the threads of one Dask worker each run under their own block; the run itself is shared."""
    context.start(out_dir=tmp_path, profile="quick")
    seen = {}
    inside, release = threading.Event(), threading.Event()

    def worker():
        seen["start"] = context.current().profile
        with context.using(profile="full"):
            inside.set()
            release.wait(5)
            seen["block"] = context.current().profile

    thread = threading.Thread(target=worker)
    thread.start()
    inside.wait(5)
    assert context.current().profile == "quick"  # the other thread's block is not this thread's
    release.set()
    thread.join(5)
    assert seen == {"start": "quick", "block": "full"}


def test_the_frame_reads_the_context(tmp_path):
    context.start(out_dir=tmp_path / "a")
    assert outputs.output_root() == (tmp_path / "a").resolve() and (tmp_path / "a" / "data" / "cache").is_dir()
    with context.using(out_dir=tmp_path / "b"):
        assert outputs.data_dir() == (tmp_path / "b" / "data").resolve()
        assert cache.cached("f", {}, lambda: 1) == 1
    assert cache.cached("f", {}, lambda: 2) == 2  # another output root, another cache
    with context.using(force=True):
        assert cache.cached("f", {}, lambda: 3) == 3
    with context.using(profile="quick"):
        assert context.current().profile == "quick"
    assert context.current().profile == "full"


def _what_the_task_sees(rng, label):
    run = context.current()
    return {"label": label, "pid": os.getpid(), "profile": run.profile, "seed": run.seed, "force": run.force,
            "out_dir": str(run.out_dir), "root": str(outputs.output_root()), "notebook": run.notebook,
            "params": run.params, "n_jobs": run.n_jobs, "scheduler": run.scheduler, "started": run.clock.started}


def test_tasks_in_worker_processes_see_the_callers_context(tmp_path):
    run = context.start(profile="quick", seed=7, n_jobs=2, force=True, out_dir=tmp_path, notebook="05",
                        params={"n_games": 12}, progress=False)
    seen = parallel.run_tasks(_what_the_task_sees, [{"label": i} for i in range(4)], seed=1)
    assert [s["label"] for s in seen] == [0, 1, 2, 3]
    assert any(s["pid"] != os.getpid() for s in seen), "n_jobs=2 from the context should use worker processes"
    for s in seen:
        assert (s["profile"], s["seed"], s["force"], s["notebook"], s["params"]) == ("quick", 7, True, "05",
                                                                                     {"n_games": 12})
        assert s["out_dir"] == s["root"] == str(tmp_path.resolve())
        assert s["started"] == run.clock.started  # the run's start, for provenance written in a worker
        assert (s["n_jobs"], s["scheduler"]) == (1, None)  # a task's own tasks run inline
    assert context.current() is run


def test_an_explicit_argument_overrides_the_context(tmp_path):
    context.start(out_dir=tmp_path, n_jobs=2, progress=False)
    seen = parallel.run_tasks(_what_the_task_sees, [{"label": i} for i in range(3)], seed=1, n_jobs=1)
    assert {s["pid"] for s in seen} == {os.getpid()}


def test_setup_starts_the_run_context_once(tmp_path, monkeypatch):
    from liarlab.study.params import Int, Parameters

    starts = []
    original = context.start
    monkeypatch.setattr(context, "start", lambda **kw: starts.append(kw) or original(**kw))
    ns = {"profile": "quick", "seed": 3, "n_jobs": 2, "scheduler": None, "out_dir": str(tmp_path),
          "progress_bar": False, "force": True, "n": None}
    params = nb.setup(ns, Parameters("07", n=Int(1, quick=5, full=9)))
    assert len(starts) == 1
    run = context.current()
    assert (run.profile, run.seed, run.n_jobs, run.scheduler, run.force, run.progress, run.notebook) == \
        ("quick", 3, 2, None, True, False, "07")
    assert run.out_dir == tmp_path.resolve() and run.params == params and params["n"] == 5


MUTATORS = {"update", "clear", "pop", "popitem", "setdefault", "append", "extend", "insert", "remove", "add",
            "discard"}
# The run context's own state, and the answer placeholder's display handle (output shown in the notebook's
# kernel, not a setting anything reads; liarlab.study.notebook)
ALLOWED = {("context.py", "_RUN"), ("context.py", "_BLOCKS"), ("notebook.py", "_ANSWER")}


def _module_state(path: Path) -> set[str]:
    """Module-level names bound to a container (or a threading.local) that the module changes after import."""
    tree = ast.parse(path.read_text())
    containers = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) and node.value is not None else []
        value = getattr(node, "value", None)
        mutable = isinstance(value, (ast.Dict, ast.List, ast.Set)) or (
            isinstance(value, ast.Call) and ast.unparse(value.func) in ("dict", "list", "set", "threading.local"))
        containers.update(t.id for t in targets if isinstance(t, ast.Name) and mutable)
    changed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            changed.update(node.names)
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            changed.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS \
                and isinstance(node.func.value, ast.Name):
            changed.add(node.func.value.id)
    return containers & changed


def test_the_run_frame_keeps_no_run_state_of_its_own():
    """outputs._state, parallel._DEFAULTS, cache._FORCE and notebook._current are gone: settings live in the run
    context only. A module-level container that a study module changes at run time is hidden run state."""
    found = {(path.name, name) for path in sorted(STUDY.glob("*.py")) for name in _module_state(path)}
    assert found - ALLOWED == set(), f"module-level run state outside liarlab.study.context: {sorted(found - ALLOWED)}"
    assert ALLOWED <= found  # the check sees them (it can fail)
    for module, name in [(outputs, "_state"), (parallel, "_DEFAULTS"), (nb, "_current")]:
        assert not hasattr(module, name), f"{module.__name__}.{name} is back"
    assert not hasattr(cache, "_FORCE") and not hasattr(parallel, "configure") and not hasattr(cache, "set_force")
    assert not hasattr(outputs, "configure")  # a run starts one way: context.start (nb.setup calls it)
