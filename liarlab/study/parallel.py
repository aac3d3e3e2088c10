"""One executor for every parallel job in the study.

Task ``i`` always receives the ``i``-th child of ``SeedSequence(seed)``, so results are identical
whether the tasks run in one process, in joblib workers, or on a Dask distributed cluster.

Worker processes, scheduler and progress bars default to the run context's (:mod:`liarlab.study.context`), and
every task in a worker process runs under the caller's context (:func:`task_context`).
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

import numpy as np

from liarlab.core.validation import check_int
from liarlab.study import context, outputs


def progress_bar(iterable=None, **kwargs):
    """A tqdm bar: the notebook widget when ipywidgets is installed, else plain text on stderr.

    ``tqdm.auto`` without ipywidgets prints "IProgress not found" into the notebook; this never does.
    Use it (or ``progress=False``) for every bar in the study.
    """
    import importlib.util
    import sys

    if importlib.util.find_spec("ipywidgets") is not None:
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
        kwargs.setdefault("file", sys.stderr)
    return tqdm(iterable, **kwargs)


def task_generators(seed: int, n_tasks: int) -> list[np.random.Generator]:
    """Independent random streams for ``n_tasks`` tasks, fixed by ``seed`` alone."""
    return [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(n_tasks)]


def task_context() -> context.RunContext:
    """The context a task runs under in a worker process: the caller's, with its output root resolved to the
    caller's folder; its nested tasks run inline (``n_jobs=1``, no scheduler), and in another process its clock is a
    copy (seconds credited there do not reach the run)."""
    return dataclasses.replace(context.current(), out_dir=outputs.output_root(), n_jobs=1, scheduler=None)


def _call(func, task, seed_seq, caller: context.RunContext | None = None):
    """One task; in a worker process, under the caller's context (``caller``)."""
    if caller is None:
        return func(rng=np.random.default_rng(seed_seq), **task)
    with context.inherited(caller):
        return func(rng=np.random.default_rng(seed_seq), **task)


def run_tasks(func: Callable, tasks: Sequence[dict], seed: int, *, n_jobs: int | None = None,
              scheduler: str | None = None, progress: bool | None = None, desc: str | None = None,
              first_here: bool = False) -> list:
    """Run ``func(rng=..., **task)`` for every task and return the results in task order.

    ``first_here``: with local worker processes, run the first task in this process (as a worker would, under
    :func:`task_context`) before handing the rest to the workers. For many short tasks of a compiled (numba,
    ``cache=True``) engine: the first task compiles it once and writes numba's cache, which the workers then load,
    instead of every worker compiling it at once (tens of CPU seconds each when the cache is cold). The task's
    random stream is its own either way, so the results are the same.

    ``scheduler`` is a Dask distributed address (``tcp://host:8786``) or a ``distributed.Client``;
    without it the tasks run in local processes through joblib (``n_jobs``), or inline for one job.
    ``n_jobs``, ``scheduler`` and ``progress`` left at None are the run context's. A task in a worker process
    runs under the caller's context (:func:`task_context`); an inline task runs in the caller's own.
    """
    run = context.current()
    n_jobs = check_int("n_jobs", run.n_jobs if n_jobs is None else n_jobs, 1)
    scheduler = run.scheduler if scheduler is None else scheduler
    progress = run.progress if progress is None else progress
    tasks = list(tasks)
    seeds = np.random.SeedSequence(seed).spawn(len(tasks))
    if scheduler is not None:
        return _run_dask(func, tasks, seeds, scheduler, progress, desc)
    if n_jobs == 1 or len(tasks) <= 1:
        return [_call(func, t, s) for t, s in progress_bar(list(zip(tasks, seeds)), desc=desc, disable=not progress)]
    from joblib import Parallel, delayed

    caller = task_context()
    first = [_call(func, tasks[0], seeds[0], caller)] if first_here else []
    jobs = (delayed(_call)(func, t, s, caller) for t, s in zip(tasks[len(first):], seeds[len(first):]))
    runner = Parallel(n_jobs=n_jobs, return_as="generator")
    return first + list(progress_bar(runner(jobs), total=len(tasks) - len(first), desc=desc, disable=not progress))


def _run_dask(func, tasks, seeds, scheduler, progress, desc):
    from distributed import Client, as_completed

    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    caller = task_context()
    try:
        futures = [client.submit(_call, func, t, s, caller, pure=False) for t, s in zip(tasks, seeds)]
        if progress:
            for _ in progress_bar(as_completed(futures), total=len(futures), desc=desc):
                pass
        return client.gather(futures)
    finally:
        if own:
            client.close()
