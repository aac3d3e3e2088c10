"""The run context: one object that says how the current run runs.

Profile, seed, worker processes (``n_jobs``), Dask scheduler, output root, force and progress travel together in
one :class:`RunContext`. It is set once, by a notebook's ``nb.setup`` or by the command line, and read in one
way: :func:`current`. Code that runs tasks, writes outputs or reads the cache asks ``current()`` rather than
keeping settings of its own; a caller that wants other settings for a while uses :func:`using`::

    from liarlab.study import context

    with context.using(n_jobs=1, force=True):
        table = experiments.run_something(...)

Experiments take no run settings as arguments unless a caller needs to override them for one call.
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import time
from dataclasses import dataclass, field
from pathlib import Path

from liarlab.core.validation import check_choice, check_int
from liarlab.study.profiles import PROFILES


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
    started: float = field(default_factory=time.time)  # when the run started (seconds since the epoch)
    start_iso: str | None = None
    credited: float = 0.0  # compute seconds of results served from the cache in this run

    def __post_init__(self):
        check_choice("profile", self.profile, PROFILES)
        self.seed = check_int("seed", self.seed, 0)
        self.n_jobs = check_int("n_jobs", self.n_jobs, 1)
        self.force = bool(self.force)
        self.progress = bool(self.progress)
        if self.out_dir is not None:
            self.out_dir = Path(self.out_dir).resolve()
        if self.start_iso is None:
            self.start_iso = _dt.datetime.fromtimestamp(self.started, _dt.timezone.utc).isoformat(timespec="seconds")


_CURRENT = [RunContext()]


def current() -> RunContext:
    """The context of the run in progress (defaults when nothing set one)."""
    return _CURRENT[-1]


def start(**settings) -> RunContext:
    """Begin a run with ``settings`` (fields of :class:`RunContext`; the rest at their defaults) and make it
    current. Called once by ``nb.setup`` and by the command line."""
    _CURRENT[-1] = RunContext(**settings)
    return _CURRENT[-1]


@contextlib.contextmanager
def using(**changes):
    """The current context with ``changes``, for the ``with`` block only."""
    _CURRENT.append(dataclasses.replace(current(), **changes))
    try:
        yield _CURRENT[-1]
    finally:
        _CURRENT.pop()
