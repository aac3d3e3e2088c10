"""The run context: one object that says how the current run runs.

Profile, seed, worker processes (``n_jobs``), Dask scheduler, output root, force and progress travel together in
one :class:`RunContext`. The run frame keeps no other run state: ``outputs`` (where results go, provenance),
``parallel.run_tasks`` (worker processes, scheduler, progress bars), ``cache`` (``force``) and ``notebook``
(the profile) all read it.

**Set once.** A notebook's ``nb.setup`` calls :func:`start` with the notebook's checked parameters; a script or a
test calls :func:`start` itself (``context.start(out_dir=tmp_path)``). The chain passes its settings to each
notebook as papermill parameters, so each notebook's kernel starts its own run.

**Read in one way**, :func:`current`::

    from liarlab.study import context

    if context.current().force: ...

**Overridden for a block** with :func:`using`; the previous context comes back when the block ends, also on an
exception (blocks stack per thread; :func:`start` inside a block replaces that block's context)::

    with context.using(n_jobs=1, force=True):
        table = experiments.run_something(...)

Experiments take no run settings as arguments unless a caller needs to override them for one call.

**Time belongs to the run.** Every copy of a context made by :func:`using` shares the run's :class:`RunClock`
(when the run started, and the compute seconds credited for results served from the cache), so seconds credited
inside a ``using`` block count for the run.

**Worker processes start fresh**, with a default context of their own. :func:`liarlab.study.parallel.run_tasks`
therefore sends the caller's context with each task and runs the task inside :func:`inherited`: code in a joblib
or Dask worker that asks :func:`current` sees the caller's profile, seed, output root (resolved to the caller's
folder), force, progress, notebook and parameters. Two settings differ there on purpose: a task runs its own
nested tasks inline (``n_jobs=1``, no scheduler), as a worker always has, and its clock is a copy, so seconds a
task credits in another process do not reach the run (count them where the result is used).
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from liarlab.core.validation import check_choice, check_int
from liarlab.study.profiles import PROFILES


@dataclass
class RunClock:
    """When the run started and the compute seconds credited to it; one per run, shared by every copy of its
    context, so time credited inside a :func:`using` block counts for the run."""

    started: float = field(default_factory=time.time)  # seconds since the epoch
    credited: float = 0.0  # compute seconds of results served from the cache in this run

    @property
    def start_iso(self) -> str:
        return _dt.datetime.fromtimestamp(self.started, _dt.timezone.utc).isoformat(timespec="seconds")

    def credit(self, seconds: float) -> None:
        """Count ``seconds`` of computation done in an earlier run (a result served from the cache)."""
        self.credited += max(0.0, float(seconds))

    def wall(self) -> float:
        """Seconds since the run started."""
        return time.time() - self.started


def check_scheduler(scheduler):
    """None (local workers), a ``distributed.Client``, or a Dask scheduler address ``tcp://host:port`` (also
    ``tls://``, ``inproc://``, ``ucx://``, or ``host:port``); anything else is refused before a run starts."""
    if scheduler is None or type(scheduler).__name__ == "Client":
        return scheduler
    if not isinstance(scheduler, str):
        raise TypeError(f"scheduler is a Dask address or Client, got {type(scheduler).__name__}")
    import re

    match = re.fullmatch(r"((tcp|tls|inproc|ucx)://)?[A-Za-z0-9_.\-\[\]:/]+:(\d{1,5})", scheduler.strip())
    if not match:
        raise ValueError(f"scheduler {scheduler!r} is not a Dask scheduler address (tcp://host:port)")
    if not 1 <= int(match.group(3)) <= 65535:
        raise ValueError(f"scheduler {scheduler!r}: the port must be in 1..65535, got {int(match.group(3))}")
    return scheduler.strip()


@dataclass
class RunContext:
    """How the current run runs (not what it computes: sizes are each notebook's parameters)."""

    profile: str = "full"  # quick (tests and CI) or full (the committed report)
    seed: int = 0  # root of every random stream
    n_jobs: int = 1  # local worker processes (the one name for them everywhere)
    scheduler: object = None  # a Dask distributed address or Client; None runs locally through joblib
    out_dir: Path | None = None  # output root; None means the repository (or $LIARLAB_OUT)
    force: bool = False  # recompute cached results
    progress: bool = True  # progress bars
    notebook: str | None = None  # the notebook being run ('05'), if any
    params: dict = field(default_factory=dict)  # every parameter of the run, for provenance
    clock: RunClock = field(default_factory=RunClock)  # shared by every copy (see RunClock)

    def __post_init__(self):
        check_choice("profile", self.profile, PROFILES)
        self.seed = check_int("seed", self.seed, 0)
        self.n_jobs = check_int("n_jobs", self.n_jobs, 1)
        for name in ("force", "progress"):  # 'no' would be true: only booleans (numpy's too) are taken
            value = getattr(self, name)
            if not isinstance(value, (bool, np.bool_)):
                raise TypeError(f"{name} must be True or False, got {value!r}")
            setattr(self, name, bool(value))
        self.params = dict(self.params or {})
        if self.out_dir is not None and not isinstance(self.out_dir, (str, os.PathLike)):
            raise TypeError(f"out_dir is a folder path (str or Path), got {type(self.out_dir).__name__}")
        self.out_dir = Path(self.out_dir).resolve() if self.out_dir else None  # '' too means the default
        if self.out_dir is not None and self.out_dir.exists() and not self.out_dir.is_dir():
            raise ValueError(f"out_dir {self.out_dir.name!r} is a file, not a folder")
        self.scheduler = check_scheduler(self.scheduler)

    def settings(self) -> dict:
        """The fields that say how the run runs, without its clock (what :func:`start` takes)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "clock"}


# The run frame's only run state. The run itself (what start() set) is one for the process, so every thread sees
# it; the contexts that using() and inherited() put in force for a block are stacked per thread, so tasks running
# in several threads of one Dask worker never see each other's.
_RUN = [RunContext()]
_BLOCKS = threading.local()


def _blocks() -> list:
    if not hasattr(_BLOCKS, "stack"):
        _BLOCKS.stack = []
    return _BLOCKS.stack


def current() -> RunContext:
    """The context of the run in progress (defaults when nothing set one): the innermost :func:`using` or
    :func:`inherited` block's in this thread, else the one :func:`start` set."""
    blocks = _blocks()
    return blocks[-1] if blocks else _RUN[0]


def start(**settings) -> RunContext:
    """Begin a run with ``settings`` (fields of :class:`RunContext`; the rest at their defaults, a new clock) and
    make it current. Called once by ``nb.setup``; scripts and tests call it too. Inside a :func:`using` or
    :func:`inherited` block it replaces that block's context, until the block ends."""
    run = RunContext(**settings)
    blocks = _blocks()
    if blocks:
        blocks[-1] = run
    else:
        _RUN[0] = run
    return run


@contextlib.contextmanager
def using(**changes):
    """The current context with ``changes``, for the ``with`` block only (the run's clock is shared)."""
    if "clock" in changes:
        raise ValueError("using() keeps the run's clock; start() begins a new run")
    with inherited(dataclasses.replace(current(), **changes)) as ctx:
        yield ctx


@contextlib.contextmanager
def inherited(ctx: RunContext):
    """Make ``ctx`` (a context received from another process) current for the ``with`` block; how a worker runs
    a task of :func:`liarlab.study.parallel.run_tasks`."""
    if not isinstance(ctx, RunContext):
        raise TypeError(f"expected a RunContext, got {type(ctx).__name__}")
    blocks = _blocks()
    depth = len(blocks)
    blocks.append(ctx)
    try:
        yield ctx
    finally:
        del blocks[depth:]
