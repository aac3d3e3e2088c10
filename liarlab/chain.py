"""Execute the notebook chain with papermill: the study's one command.

``python -m liarlab run`` runs every ``notebooks/NN_<slug>.ipynb`` in number order, injects the
profile and run settings into each notebook's ``parameters`` cell, writes the executed notebooks
(back in place by default, so the committed notebooks are the report) and an HTML copy of each
plus an index page to ``report/``.

The chain is the command line's runner, in the top layer beside ``liarlab.__main__`` and above the papers: it
imports each paper's ``params.py`` (:data:`PARAMETERS`) to check ``-p`` values before anything runs. Each
notebook's kernel starts its own run context (``nb.setup``) from the settings the chain injects.
"""
from __future__ import annotations

import ast
import contextlib
import json
import os
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from liarlab.core.validation import check_choice, check_int
from liarlab.papers.p00 import params as params00
from liarlab.papers.p01 import params as params01
from liarlab.papers.p02 import params as params02
from liarlab.papers.p03 import params as params03
from liarlab.papers.p04 import params as params04
from liarlab.papers.p05 import params as params05
from liarlab.papers.p06 import params as params06
from liarlab.study import controls, outputs, report
from liarlab.study.params import COMMON, Parameters
from liarlab.study.profiles import PROFILES

NOTEBOOK_DIR = outputs.REPO_ROOT / "notebooks"
KERNEL_NAME = "liarlab"

#: Each paper notebook's own parameters, as its paper's ``params.py`` declares them; a notebook not listed (the
#: scorecard, 99) has only the common ones.
PARAMETERS: dict[str, Parameters] = {
    "00": params00.PARAMS,
    "01": params01.PARAMS,
    "02": params02.PARAMS,
    "03": params03.PARAMS,
    "04": params04.PARAMS,
    "05": params05.PARAMS,
    "06": params06.PARAMS,
}


#: the most local worker processes (and notebooks at once) a run takes: more is a typing slip, not a machine
MAX_WORKERS = 512


class ChainError(RuntimeError):
    """A notebook of the chain failed; finished notebooks and cached results are kept."""


class ChainInterrupted(Exception):
    """The chain was interrupted (Ctrl-C): ``where`` lists (notebook id, cell index or None before its first cell)
    of each notebook that was running. Finished notebooks and cached results are kept, the running ones' partial
    notebooks removed: a rerun resumes from the cache."""

    def __init__(self, where):
        self.where = list(where)
        super().__init__(self.where)

    def __str__(self):
        def one(nb_id, cell):
            return f"{nb_id} " + ("before its first cell" if cell is None else f"at cell {cell}")

        places = " and ".join(one(*w) for w in self.where) or "before any notebook started"
        return f"interrupted in {places}; rerun to resume"


@dataclass
class NotebookRun:
    notebook: str
    seconds: float
    output: Path


def available_notebooks(folder: Path = NOTEBOOK_DIR) -> dict[str, Path]:
    """Notebook id ('00', '01', ...) -> path, in chain order (99, the summary, comes last)."""
    found = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        found[path.name[:2]] = path
    return found


def select_notebooks(only: str | list[str] | None, folder: Path = NOTEBOOK_DIR) -> dict[str, Path]:
    notebooks = available_notebooks(folder)
    if not notebooks:
        raise ValueError(f"no notebooks in {folder.name}/: the chain runs the notebooks of a clone of the liarlab "
                         "repository (an installed wheel ships the library only)")
    if only is None:
        return notebooks
    ids = only.split(",") if isinstance(only, str) else list(only)
    ids = [str(i).strip().zfill(2) for i in ids if str(i).strip()]
    if not ids:  # an empty --only is a mistake, not "every notebook" (leave --only out for that)
        raise ValueError(f"--only names no notebook ({only!r}); give ids like 03,05 from {sorted(notebooks)}, or "
                         "leave --only out to run them all")
    unknown = [i for i in ids if i not in notebooks]
    if unknown:
        raise ValueError(f"only: unknown notebook id(s) {unknown}; available: {sorted(notebooks)}")
    return {i: notebooks[i] for i in sorted(ids)}


def parse_parameter(text: str) -> tuple[str, object]:
    """'n_games=5000' -> ('n_games', 5000); values are Python literals, else strings."""
    if "=" not in text:
        raise ValueError(f"parameter must look like name=value, got {text!r}")
    name, raw = text.split("=", 1)
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return name.strip(), value


def ensure_kernel(name: str = KERNEL_NAME) -> str:
    """Make sure the Jupyter kernel ``name`` runs this very interpreter; register it if not.

    The kernel spec lives inside this environment (``sys.prefix``) and that folder is put first on
    JUPYTER_PATH, so a ``liarlab`` kernel registered by another checkout or venv can never shadow it.
    """
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    data = Path(sys.prefix) / "share" / "jupyter"
    others = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(data)]
    os.environ["JUPYTER_PATH"] = os.pathsep.join([str(data)] + others)
    try:
        spec = KernelSpecManager().get_kernel_spec(name)
        if Path(spec.argv[0]).resolve() == Path(sys.executable).resolve():
            return name
    except NoSuchKernel:
        pass
    from ipykernel.kernelspec import install

    install(kernel_name=name, display_name=f"Python ({name})", prefix=sys.prefix)
    return name


def notebook_parameters(nb_id: str) -> Parameters:
    """Notebook ``nb_id``'s own parameters (:data:`PARAMETERS`; none for a notebook without a paper)."""
    return PARAMETERS.get(nb_id) or Parameters(nb_id)


def declared_parameters(nb_id: str) -> dict:
    """Notebook ``nb_id``'s parameters, common and own, as its paper's ``params.py`` declares them (name -> spec)."""
    return dict(COMMON) | notebook_parameters(nb_id).specs


#: Settings the chain itself owns: ``-p`` may not set them (one source for each), with the option to use instead.
CHAIN_OPTIONS = {"profile": "--profile", "out_dir": "--out", "n_jobs": "--n-jobs", "scheduler": "--scheduler",
                 "force": "--force", "progress_bar": "--no-progress"}


def check_parameter_names(parameters: dict, notebooks: dict[str, Path]) -> dict[str, dict]:
    """Raise ValueError for a ``-p`` name that no selected notebook has, or that the chain's own options set;
    return each notebook's parameters."""
    owned = [name for name in parameters if name in CHAIN_OPTIONS]
    if owned:
        raise ValueError("; ".join(f"-p {name}=... is the chain's own option: use {CHAIN_OPTIONS[name]}"
                                   for name in owned))
    declared = {nb_id: declared_parameters(nb_id) for nb_id in notebooks}
    unknown = [name for name in parameters if not any(name in names for names in declared.values())]
    if unknown:
        listing = "; ".join(f"{notebooks[i].name}: {', '.join(names)}" for i, names in declared.items())
        raise ValueError(f"unknown parameter(s) {unknown}; the selected notebooks have: {listing}")
    return declared


def preflight(nb_id: str, values: dict, name: str | None = None) -> None:
    """Check the values notebook ``nb_id`` will receive with its declared parameters, before anything runs
    (the same check its setup cell makes when it runs)."""
    try:
        notebook_parameters(nb_id).check(values)
    except ValueError as err:
        raise ValueError(f"{name or nb_id}: {err}") from None


def expected_seconds(name: str, profile: str, folder: Path, notebook: Path | None = None) -> float | None:
    """The notebook's time in the last recorded run of ``profile``: ``timings.json`` in ``folder`` or in the
    repository's ``report/``, else the duration papermill stored in the committed notebook (same profile)."""
    for place in dict.fromkeys([folder, outputs.REPO_ROOT / "report"]):  # this output root, then the repository
        try:
            recorded = json.loads((place / "timings.json").read_text())
            seconds = recorded.get("profiles", {}).get(profile, {}).get(name)
            if seconds is not None:
                return float(seconds)
        except (OSError, ValueError, AttributeError):
            pass
    if notebook is not None and notebook.exists():
        try:
            meta = json.loads(notebook.read_text()).get("metadata", {}).get("papermill", {})
            if meta.get("parameters", {}).get("profile") == profile and meta.get("duration"):
                return float(meta["duration"])
        except (OSError, ValueError, AttributeError):
            pass
    return None


def compute_seconds(nb_id: str, profile: str, data_dirs) -> float | None:
    """The notebook's own computation in its last recorded run of ``profile``: the largest provenance ``seconds``
    among its tables' sidecars (``data/NN_*.json``; wall time plus the original time of every result served from
    the cache), from the first of ``data_dirs`` that has any. What a run costs when the cache cannot serve."""
    for folder in dict.fromkeys(Path(d) for d in data_dirs):
        found = []
        for sidecar in folder.glob(f"{nb_id}_*.json"):
            try:
                meta = json.loads(sidecar.read_text())
                if meta.get("parameters", {}).get("profile") == profile and meta.get("seconds") is not None:
                    found.append(float(meta["seconds"]))
            except (OSError, ValueError, AttributeError, TypeError):
                continue
        if found:
            return max(found)
    return None


def cache_state(nb_id: str, cache_folder: Path, force: bool = False) -> str:
    """``"serves"`` when the notebook's cache entries exist and all match the current source, ``"stale"`` when
    some do not, ``"empty"`` when there are none, ``"forced"`` under ``--force``. A notebook's entries are those
    named ``NN_*`` (the short form) or after a function of ``liarlab.papers.pNN`` (the precise form)."""
    if force:
        return "forced"
    from liarlab.study import cache

    mine = [e for e in cache.entries(cache_folder) if str(e.get("name", "")).startswith(f"{nb_id}_")
            or f".p{nb_id}." in str(e.get("name", ""))]
    if not mine:
        return "empty"
    return "serves" if all(e.get("current") for e in mine) else "stale"


def _recorded(nb_id: str, name: str, profile: str, root: Path, notebook: Path | None, force: bool):
    """(cache state, recorded compute seconds, last run's wall seconds) of a notebook about to run."""
    return (cache_state(nb_id, root / "data" / "cache", force),
            compute_seconds(nb_id, profile, [root / "data", outputs.REPO_ROOT / "data"]),
            expected_seconds(name, profile, root / "report", notebook))


def expected_cost(nb_id: str, name: str, profile: str, root: Path, notebook: Path | None = None,
                  force: bool = False) -> float | None:
    """The seconds a notebook should take in this run, as :func:`expectation` words them: the last run's wall time
    when the cache will serve, else its recorded compute time (else the last wall time; None when nothing is
    recorded)."""
    state, compute, last = _recorded(nb_id, name, profile, root, notebook, force)
    if state == "serves" and last is not None:
        return last
    return compute if compute is not None else last


def expectation(nb_id: str, name: str, profile: str, root: Path, notebook: Path | None = None,
                force: bool = False) -> str:
    """The words after the profile in ``[NN] name (profile, ...)``: the time a person should expect.

    The recorded compute time when the cache is empty, stale or bypassed; the last run's wall time only when
    the cache will serve (it is then that short)."""
    state, compute, last = _recorded(nb_id, name, profile, root, notebook, force)
    if state == "serves" and last is not None:
        tail = f"; {_duration(compute)} to compute" if compute is not None and compute > last else ""
        return f", about {_duration(last)} from the cache{tail}"
    why = {"empty": "nothing cached yet", "stale": "the cache is stale", "forced": "--force",
           "serves": "from the cache"}[state]
    if compute is not None:
        return f", about {_duration(compute)} to compute: {why}"
    if last is not None:
        return f", last {profile} run took {_duration(last)}; {why}"
    return ""


#: a file name longer than this many bytes cannot be created (NAME_MAX of Linux and macOS file systems)
NAME_MAX = 255


def check_out(out) -> Path:
    """The output root ``out`` resolved; ``ValueError`` (one line) when it is empty (an empty --out once ran in
    place over the committed report), a name in it is too long, or it or a folder above it is a file or cannot be
    written."""
    if not isinstance(out, (str, os.PathLike)):
        raise ValueError(f"--out is a folder path, got {type(out).__name__}")
    if not str(out).strip():
        raise ValueError("--out must name a folder, got an empty one (leave --out out to run in place)")
    root = Path(out).expanduser().resolve()
    long = [part for part in root.parts if len(os.fsencode(part)) > NAME_MAX]
    if long:
        raise ValueError(f"--out: the folder name {long[0][:40]}... is {len(os.fsencode(long[0]))} bytes long; at "
                         f"most {NAME_MAX} are allowed")
    for folder in (root, *root.parents):
        if folder.exists():
            if not folder.is_dir():
                raise ValueError(f"--out {out}: {folder} is a file, not a folder")
            if not os.access(folder, os.W_OK):
                raise ValueError(f"--out {out}: cannot write in {folder}")
            break
    return root


def check_scheduler_reachable(scheduler, timeout: float = 5.0) -> None:
    """Parse the Dask scheduler address and open a connection to it before any notebook runs, so a wrong
    address fails at once and not minutes into a notebook."""
    import re
    import socket

    from liarlab.study.context import check_scheduler

    address = check_scheduler(scheduler)
    if not isinstance(address, str):
        return
    match = re.fullmatch(r"(?:(\w+)://)?(.+):(\d+)", address)
    if match is not None and match.group(1) == "inproc":
        raise ValueError(f"--scheduler {address}: an inproc:// scheduler answers only inside its own process, and each "
                         "notebook runs in a kernel of its own: give tcp://host:port")
    if match is None or match.group(1) == "ucx":
        return
    host, port = match.group(2).strip("[]"), int(match.group(3))
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as err:
        raise ValueError(f"--scheduler {address}: no Dask scheduler answers there ({err.strerror or err})") from None


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.1f} min"


#: The notebooks that read the others' tables (the scorecard gathers every ``NN_claims.csv``): they start only
#: after every other selected notebook has finished.
GATHERERS = ("99",)


def run_order(notebooks: dict[str, Path], profile: str, root: Path, force: bool = False) -> list[str]:
    """The order notebooks start in when several run at once: the longest expected first (so the two slots
    finish together; a short notebook fills the gap), unknown ones in number order after them, the gatherers
    last. Expected is :func:`expected_cost`: a notebook the cache will not serve costs its recorded compute time,
    not the short wall time of a last run served from the cache. With one at a time the number order is kept."""
    def last(nb_id):
        seconds = expected_cost(nb_id, notebooks[nb_id].name, profile, root, notebooks[nb_id], force)
        return -1.0 if seconds is None else seconds

    papers = [nb for nb in notebooks if nb not in GATHERERS]
    return sorted(papers, key=lambda nb: -last(nb)) + [nb for nb in notebooks if nb in GATHERERS]


def run_chain(profile: str = "full", only=None, n_jobs: int = 2, scheduler: str | None = None,
              force: bool = False, out: str | Path | None = None, parameters: dict | None = None,
              html: bool = True, log=print, notebook_dir: Path = NOTEBOOK_DIR,
              progress: bool | None = None, at_once: int = 2) -> list[NotebookRun]:
    """Execute the selected notebooks; raise :class:`ChainError` at the first failure.

    Unknown ``parameters`` and values a notebook's setup cell would reject raise ValueError before any
    notebook runs. ``n_jobs`` is each notebook's local worker processes. ``at_once``: how many notebooks run at
    the same time, each in its own kernel (the paper notebooks are independent; the scorecard waits for them):
    much of a notebook is one process's work, so on two cores two notebooks at once keep both busy. With one,
    they run in number order. ``progress`` shows papermill's cell bar in the terminal (default: when stderr is one
    and one notebook runs at a time). The runs are returned in number order.
    """
    check_choice("profile", profile, PROFILES)
    n_jobs = check_int("n_jobs", n_jobs, 1, MAX_WORKERS)
    at_once = check_int("at_once", at_once, 1, MAX_WORKERS)
    notebooks = select_notebooks(only, notebook_dir)
    parameters = dict(parameters or {})
    declared = check_parameter_names(parameters, notebooks)
    root = check_out(out) if out is not None else outputs.REPO_ROOT
    if scheduler is not None:
        check_scheduler_reachable(scheduler)
    if set(notebooks) <= set(GATHERERS) and not any((root / "data").glob("[0-9][0-9]_claims.csv")):
        raise ValueError(f"--only {','.join(notebooks)}: the scorecard gathers the other notebooks' claims tables and "
                         f"{root / 'data'} has none; run them first, or with it (e.g. --only 00,99)")
    nb_out = notebook_dir if out is None else root / "notebooks"
    settings = {}
    for nb_id, path in notebooks.items():
        # In place, notebooks keep their default output folder (the repository), so the committed
        # report names no machine-specific path.
        chain_values = {"profile": profile, "n_jobs": n_jobs, "scheduler": scheduler,
                        "out_dir": None if out is None else str(root), "progress_bar": False, "force": bool(force)}
        chain_values.update(parameters)
        # each notebook receives only the parameters its parameters cell has
        settings[nb_id] = {k: v for k, v in chain_values.items() if k in declared[nb_id]}
        preflight(nb_id, settings[nb_id], path.name)
    _make_folder(root, out)
    with out_lock(root):  # a second run on the same output root is refused while this one runs
        for folder in (nb_out, root / "data", root / "figures", root / "report"):
            _make_folder(folder, out)
        for stale in nb_out.glob(".[0-9][0-9]_*.running.ipynb"):  # left by a killed run (we hold the lock)
            stale.unlink(missing_ok=True)
        for folder in (root / "data", root / "figures"):
            # a run killed while writing leaves its hidden temporary (the table itself is written whole, by a
            # rename, or not at all); nobody else writes here while we hold the lock, so each is debris
            for stale in folder.rglob(".*.tmp*"):
                if stale.is_file():
                    stale.unlink(missing_ok=True)
        return _run_locked(notebooks, settings, profile, root, nb_out, notebook_dir, force, html, log, progress,
                           at_once)


def _make_folder(folder: Path, out) -> None:
    """``folder`` created (with its parents); ValueError in one line when it cannot be (/proc/x, a read-only disk)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(f"--out {out}: cannot create {folder} ({err.strerror or err})") from None


#: the lock file of a run in its output root (:func:`out_lock`)
LOCK_NAME = ".liarlab-run.lock"


@contextlib.contextmanager
def out_lock(root: Path):
    """Hold ``root/.liarlab-run.lock`` (an exclusive ``flock``) for the ``with`` block; ``ValueError`` in one line
    when another run holds it. The kernel releases the lock when its process ends, also when killed, so a stale
    file never blocks a later run; the file is removed at the end while still held (a run that opened the old file
    meanwhile sees it is no longer the one at the path and takes the new one)."""
    import fcntl

    path = root / LOCK_NAME
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise ValueError(f"--out {root}: another run is writing there ({holder}); wait for it to end, or give "
                             "another --out") from None
        try:
            current = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            current = False
        if current:
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode(), 0)
        yield path
    finally:
        path.unlink(missing_ok=True)
        os.close(fd)


def _run_locked(notebooks, settings, profile, root, nb_out, notebook_dir, force, html, log, progress, at_once):
    """The rest of :func:`run_chain`, with the output root locked and its folders made."""
    chain_started = time.time()
    kernel = ensure_kernel()
    at_once = min(at_once, len(notebooks)) or 1
    progress = (sys.stderr.isatty() and at_once == 1) if progress is None else bool(progress) and at_once == 1
    runs = []

    def started(nb_id):
        path = notebooks[nb_id]
        log(f"[{nb_id}] {path.name} ({profile}{expectation(nb_id, path.name, profile, root, path, force)}) ...")

    def finished(nb_id, seconds, cpu=None):
        target = nb_out / notebooks[nb_id].name
        runs.append(NotebookRun(notebooks[nb_id].name, seconds, target))
        log(f"[{nb_id}] done in {_duration(seconds)}" + ("" if cpu is None else f" ({_duration(cpu)} of CPU)"))
        _write_timings(root / "report", runs[-1:], profile)
        if html:
            report.write_notebook_page(target, root / "report")  # self-contained page, no network scripts

    if at_once == 1:
        for nb_id, path in notebooks.items():
            started(nb_id)
            t0, cpu0 = time.time(), _children_cpu()
            _execute(path, nb_out / path.name, settings[nb_id], kernel, notebook_dir, progress)
            finished(nb_id, time.time() - t0, _children_cpu() - cpu0)
    else:
        _run_at_once(run_order(notebooks, profile, root, force), notebooks, settings, nb_out, kernel, notebook_dir,
                     at_once, started, finished)
    runs.sort(key=lambda r: r.notebook)
    if html:
        report.write_front_page(root, nb_out, profile)  # the study's front page, from every executed notebook
    log("notebook times: " + ", ".join(f"{r.notebook[:2]} {r.seconds:.1f}s" for r in runs)
        + f"; total {sum(r.seconds for r in runs):.1f}s"
        + (f", {time.time() - chain_started:.1f}s from start to end with {at_once} at once" if at_once > 1 else ""))
    return runs


def _timed_execute(path: Path, target: Path, params: dict, kernel: str, cwd: Path, at_once: int) -> tuple:
    """:func:`_execute` in a worker process: (its wall seconds, the CPU seconds of its kernel and the kernel's
    worker processes, :func:`_children_cpu`)."""
    t0, cpu0 = time.time(), _children_cpu()
    _execute(path, target, params, kernel, cwd, False, at_once)
    return time.time() - t0, _children_cpu() - cpu0


def _children_cpu() -> float:
    """User plus system CPU seconds of this process's finished children (a kernel, once papermill has waited for it,
    with its own finished workers): with several notebooks at once the machine's cores are shared, so a notebook's
    wall time says less of its cost than its CPU time."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run_at_once(order: list[str], notebooks: dict, settings: dict, nb_out: Path, kernel: str, cwd: Path,
                 at_once: int, started, finished) -> None:
    """Run the notebooks of ``order`` with ``at_once`` running at a time, each from a process of its own (papermill
    and the chain's environment flag are per process), a gatherer only once every other has finished. At the
    first failure no further notebook starts; those running finish (their tables are kept), then the
    :class:`ChainError` is raised."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    waiting = list(order)
    running: dict = {}
    failure = None
    with ProcessPoolExecutor(max_workers=at_once, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_worker_signals) as pool:
        try:
            _dispatch(pool, waiting, running, notebooks, settings, nb_out, kernel, cwd, at_once, started, finished)
        except KeyboardInterrupt:
            raise _stop_workers(pool, running) from None
        except ChainError as err:
            failure = err
    if failure is not None:
        raise failure


def _dispatch(pool, waiting, running, notebooks, settings, nb_out, kernel, cwd, at_once, started, finished):
    """:func:`_run_at_once`'s loop: start notebooks while slots are free, record each as it ends; the first
    :class:`ChainError` is raised once the running ones have finished."""
    from concurrent.futures import FIRST_COMPLETED, wait

    failure = None
    while waiting or running:
        while failure is None and waiting and len(running) < at_once:
            nb_id = waiting[0]
            if nb_id in GATHERERS and (running or len(waiting) > 1):
                break  # a gatherer reads the others' tables
            waiting.pop(0)
            started(nb_id)
            path = notebooks[nb_id]
            running[pool.submit(_timed_execute, path, nb_out / path.name, settings[nb_id], kernel, cwd,
                                at_once)] = nb_id
        if not running:
            break
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            nb_id = running.pop(future)
            try:
                finished(nb_id, *future.result())
            except ChainError as err:
                failure = failure or err
    if failure is not None:
        raise failure


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _worker_signals() -> None:
    """In a notebook's worker process: Ctrl-C at the terminal reaches the whole process group, but only the chain
    acts on it (no traceback from each worker); the chain then stops a worker with SIGTERM, which interrupts its
    notebook as Ctrl-C would (:func:`_execute` removes the partial notebook and says where it stopped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _raise_interrupt)


def _stop_workers(pool, running: dict) -> ChainInterrupted:
    """After Ctrl-C: interrupt every running notebook and gather where each stopped."""
    from concurrent.futures import wait

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not cut the tidying short
    try:
        for process in list(getattr(pool, "_processes", {}).values()):
            with contextlib.suppress(OSError):
                process.terminate()
        wait(running, timeout=60)
        where = []
        for future, nb_id in sorted(running.items(), key=lambda item: item[1]):
            try:
                future.result(timeout=0)
                where.append((nb_id, None))
            except ChainInterrupted as err:
                where.extend(err.where)
            except BaseException:  # noqa: BLE001 - a worker that died: its notebook stopped somewhere
                where.append((nb_id, None))
        return ChainInterrupted(where)
    finally:
        signal.signal(signal.SIGINT, previous)


def _ipc_kernel_manager(folder: str, stderr=None):
    """A kernel manager that talks to the kernel over local IPC sockets in ``folder`` instead of unencrypted
    TCP (so the kernel does not print its TCP warning for every notebook). The sockets live in a private
    temporary folder: never in the notebooks' working directory, never shared by two runs. ``stderr``: a file the
    kernel's own error output goes to (the chain shows it after the run, unless the run was interrupted: then it is
    only the kernel's complaints about being stopped)."""
    from jupyter_client.manager import AsyncKernelManager

    class IPCKernelManager(AsyncKernelManager):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.transport = "ipc"
            self.ip = os.path.join(folder, "kernel")

        async def start_kernel(self, **kwargs):
            if stderr is not None:
                kwargs.setdefault("stderr", stderr)
            return await super().start_kernel(**kwargs)

    return IPCKernelManager


def _execute(path: Path, target: Path, params: dict, kernel: str, cwd: Path, progress: bool = False,
             at_once: int = 1) -> None:
    import logging

    # papermill warns about every chain setting a notebook does not use; the chain passes all of them. Its errors
    # (a kernel that died, or was stopped by Ctrl-C) and asyncio's about the tasks they left are said by the chain
    # in one line instead (ChainError, ChainInterrupted)
    logging.getLogger("papermill").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)

    # Execute to a temporary file and rename: a failed run never replaces a finished notebook. Its name is this
    # run's own (mkstemp), so two runs never write one file.
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.", suffix=".running.ipynb")
    os.close(fd)
    tmp = Path(name)
    os.chmod(tmp, 0o644)  # mkstemp makes owner-only files; a notebook is for everyone to read
    try:
        _execute_to(path, target, tmp, params, kernel, cwd, progress, at_once)
    finally:
        tmp.unlink(missing_ok=True)  # an interrupted or broken run leaves no hidden partial notebook


def _execute_to(path: Path, target: Path, tmp: Path, params: dict, kernel: str, cwd: Path, progress: bool,
                at_once: int) -> None:
    """:func:`_execute`'s work: run ``path`` into ``tmp``, then move it to ``target`` (a failure: to
    ``<name>.failed.ipynb``; Ctrl-C: :class:`ChainInterrupted` naming the cell that was running)."""
    import papermill as pm
    from nbclient.exceptions import DeadKernelError
    from papermill.exceptions import PapermillExecutionError

    # The kernel inherits this: its Explore cells draw static figures (liarlab.study.controls.front_end)
    previous = os.environ.get(controls.CHAIN_ENV)
    os.environ[controls.CHAIN_ENV] = str(at_once)  # the notebook's rerun line says when another ran beside it
    interrupted = False
    try:
        with tempfile.TemporaryDirectory(prefix="liarlab-kernel-") as sockets, \
                open(os.path.join(sockets, "stderr"), "w+b") as kernel_err:
            try:
                pm.execute_notebook(str(path), str(tmp), parameters=params, kernel_name=kernel,
                                    cwd=str(cwd), progress_bar=progress, log_output=False,
                                    # a kernel that imports numba and pgmpy on a busy 2-core machine can take over
                                    # papermill's default 60 s to answer
                                    start_timeout=300,
                                    kernel_manager_class=_ipc_kernel_manager(sockets, kernel_err))
            except KeyboardInterrupt:
                interrupted = True
                raise
            finally:
                if not interrupted:  # what the kernel said on its error output, as if it had written there
                    kernel_err.seek(0)
                    said = kernel_err.read().decode(errors="replace")
                    if said.strip():
                        sys.stderr.write(said)
    except DeadKernelError as err:
        raise ChainError(f"notebook {path.name}: its kernel died in cell {_running_cell(tmp)} ({err}); rerun to "
                         "resume") from None
    except PapermillExecutionError as err:
        failed = target.with_name(f"{target.stem}.failed.ipynb")
        tmp.replace(failed)
        # cell_index counts papermill's injected cell, so it equals the 1-based cell number of the source
        first_line = (err.source or "").strip().splitlines()[:1]
        raise ChainError(f"notebook {path.name} failed in cell {err.cell_index} ({err.ename}: {err.evalue}); "
                         f"the cell starts {first_line[0] if first_line else ''!r}; "
                         f"partial output in {failed}") from None
    except KeyboardInterrupt:
        raise ChainInterrupted([(path.name[:2], _running_cell(tmp))]) from None
    finally:
        if previous is None:
            os.environ.pop(controls.CHAIN_ENV, None)
        else:
            os.environ[controls.CHAIN_ENV] = previous
    _tidy(tmp, path.name, target.name)
    tmp.replace(target)
    target.with_name(f"{target.stem}.failed.ipynb").unlink(missing_ok=True)  # stale after a fixed rerun


def _running_cell(notebook: Path) -> int | None:
    """The index of the cell that was running when ``notebook``'s run stopped (the last one papermill stamped with a
    start time: it saves the notebook as each cell starts, and marks the cells it never reached completed, without
    a start time, when it stops), counted as a failure's cell is (papermill's injected cell included); None before
    the first."""
    try:
        cells = json.loads(notebook.read_text()).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return None
    started = [index for index, cell in enumerate(cells)
               if (cell.get("metadata", {}).get("papermill") or {}).get("start_time")]
    return started[-1] if started else None


#: Cells whose input is machinery, not report: hidden in the HTML (nbconvert's TagRemovePreprocessor) and folded
#: in JupyterLab, so that a notebook's first screen is its question and answer.
MACHINERY_TAGS = ("parameters", "injected-parameters", "remove-input")


def _tidy(notebook: Path, input_name: str, output_name: str) -> None:
    """After a run: papermill records the absolute input and output paths in the notebook's metadata (keep only
    the file names, so a committed notebook shows no folder of the machine that ran it), and it recreates the
    injected-parameters cell without the tags that hide machinery (tag it again, and fold every machinery cell)."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    meta = nb.metadata.get("papermill", {})
    if "input_path" in meta or "output_path" in meta:
        meta["input_path"], meta["output_path"] = input_name, output_name
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and any(t in MACHINERY_TAGS for t in tags):
            if "remove-input" not in tags:
                cell.metadata["tags"] = [*tags, "remove-input"]
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
    nbformat.write(nb, str(notebook))


def _write_timings(folder: Path, runs: list[NotebookRun], profile: str) -> None:
    """Add these runs to ``timings.json`` (seconds per notebook, per profile), keeping the other entries."""
    path = folder / "timings.json"
    try:
        data = json.loads(path.read_text())
        if not isinstance(data.get("profiles"), dict):
            raise ValueError("old layout")
    except (OSError, ValueError, AttributeError):
        data = {"profiles": {}}
    data["profiles"].setdefault(profile, {}).update({r.notebook: round(r.seconds, 2) for r in runs})
    outputs.atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
