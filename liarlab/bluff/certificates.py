"""The certificate store of Bluff's exact results (issue 40; notebook 05's, and notebook 06 reads its end games):
the exact results too slow to solve in every run, stored as data and verified in every run.

An exact result is a certificate: a pair of plans whose exact best responses meet. Finding one can take an hour
(the double oracle's LPs); checking one takes seconds (two best responses over the plans' support, and, where a
fraction is certified, two in exact arithmetic). So the slow solves are run once, offline (:func:`store_one_die`,
:func:`liarlab.bluff.endgame_store.store_cell`, or ``python -m liarlab solve``), and each pair of final plans is
committed under ``data/05_certificates`` (one folder a kind: ``one_die``, ``end_game``; all written and read
by the same two functions here). One ``.npz`` file a result: both plans on their support, the restricted set H,
and a JSON ``meta`` (what was solved: ``kind`` and ``key``; the value, its bracket and its fraction where
certified; the solver's options and :data:`SOLVER_VERSION`; the solve's own iterations, seconds and memory).

In the run each stored result is VERIFIED, never trusted: its bracket is recomputed from the plans by best
responses and must agree with the stored one and be exact (width <= ``EXACT_WIDTH``); a stored fraction must be
re-derived exactly. A file that fails raises :class:`CertificateError` (a missing file too): the run never falls
back silently to a solve. ``resolve=True`` (the callers' switch) solves in the run instead of verifying.

An OPEN result is a solve stopped before its bracket closed (``end_game_open``, one folder a cell): its stored
checkpoint (:func:`write_open`, :func:`read_open`) holds the plans of its best bounds, so the bracket [lower,
upper] is certified as the exact value is (both bounds recomputed from the plans by best responses and equal to
the stored ones; :func:`check_bracket` with an infinite width), and a longer solve resumes from the same file.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import io
import json
import os
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

import numpy as np

from liarlab.bluff import sparse_oracle as so
from liarlab.core import files
from liarlab.core.files import git_commit

__all__ = ["CERTIFICATES_DIR", "SOLVER_VERSION", "CertificateError", "write", "read", "digest_of",
           "ONE_DIE_STORED", "one_die_path", "store_one_die", "verify_one_die", "one_die_row",
           "sources_note", "write_many", "read_many", "STORED_GRIDS", "grid_path", "store_grid", "verify_grid",
           "has_grid", "store_digest", "NO_WILD_LABELS", "check_bracket", "OPEN_FILE", "write_open", "read_open"]

#: where the certificates of notebook 05 are committed (one folder a kind): the repository's data/, or, from an
#: installed wheel (which ships none), data/ under the library's output root (the working folder), never
#: site-packages
#: the repository this package runs from (:data:`liarlab.core.files.REPO_ROOT`)
REPO_ROOT = files.REPO_ROOT
CERTIFICATES_DIR = (REPO_ROOT if files.in_repository() else files.default_root()) / "data" / "05_certificates"
#: names the solver that found a stored certificate (a verification does not depend on it: any pair of plans
#: whose best responses meet is a certificate, however it was found); kept as the stored certificates carry it,
#: though the function is private now (sparse_oracle._solve_certified)
SOLVER_VERSION = "liarlab.bluff.sparse_oracle.solve_certified (fringe double oracle, HiGHS) v1"
#: one die each: these N are verified from their certificates in the run (their solves take about 1, 3 and 10
#: minutes on the project machine); smaller N are solved (N = 7: about 11 s)
ONE_DIE_STORED = (8, 9, 10)
#: the slack allowed between a stored bound and the one recomputed from the plans (round-off of the best
#: responses on another machine; a tampered plan or value moves a bound by far more)
AGREEMENT = 1e-12


class CertificateError(ValueError):
    """A stored certificate is missing, or does not verify."""


def write(path, plans, H, meta: dict) -> Path:
    """Store two :class:`~liarlab.bluff.sparse_oracle.SparsePlan` (on their support), H and ``meta`` (JSON)."""
    return write_many(path, {"": (plans, H)}, meta)


def write_many(path, results: dict, meta: dict) -> Path:
    """Store several results in one file: ``results[prefix] = (plans, H)``, each plan on its support, under the
    array names ``prefix + "nodes0"``, ``"X0"``, ``"nodes1"``, ``"X1"``, ``"H"``."""
    arrays = {}
    for prefix, (plans, H) in results.items():
        X0, X1 = (plan.on_support() for plan in plans)
        arrays.update({f"{prefix}nodes0": X0.nodes, f"{prefix}X0": X0.X, f"{prefix}nodes1": X1.nodes,
                       f"{prefix}X1": X1.X, f"{prefix}H": np.asarray(H)})
    return _store(path, arrays, meta)


def _store(path, arrays: dict, meta: dict) -> Path:
    """Write ``arrays`` and ``meta`` (JSON, stamped with the solver's version, the commit and the time) to ``path``:
    to a temporary file, then renamed, so a store killed mid-write leaves the last whole certificate."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = dict(meta, solver_version=meta.get("solver_version", SOLVER_VERSION), git_commit=git_commit(REPO_ROOT),
                stored=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp.npz")  # this store's own
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez_compressed(handle, **arrays, meta=np.array(json.dumps(meta)))
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return path


def _stored_bytes(path, digest: str | None, missing: str) -> bytes:
    """The content of a stored certificate; :class:`CertificateError` with ``missing`` when there is no file, or
    when its sha256 is not ``digest`` (when given)."""
    path = Path(path)
    if not path.is_file():
        raise CertificateError(missing)
    content = path.read_bytes()
    if digest is not None and hashlib.sha256(content).hexdigest() != digest:
        raise CertificateError(f"the stored certificate {path} changed while being read")
    return content


def digest_of(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def read(path, digest: str | None = None):
    """(plans, H, meta) of a stored certificate; :class:`CertificateError` when the file is missing or its sha256
    is not ``digest`` (when given)."""
    results, meta = read_many(path, digest)
    plans, H = results[""]
    return plans, H, meta


def read_many(path, digest: str | None = None):
    """({prefix: (plans, H)}, meta) of a file written by :func:`write_many`."""
    content = _stored_bytes(path, digest, f"no stored certificate {path}: store it offline (python -m liarlab "
                                          "solve ...) or pass resolve=True to solve in the run")
    results = {}
    with _unreadable(path), np.load(io.BytesIO(content), allow_pickle=False) as f:
        meta = json.loads(str(f["meta"]))
        for name in f.files:
            if name.endswith("nodes0"):
                prefix = name[:-len("nodes0")]
                results[prefix] = ((so.SparsePlan(0, f[prefix + "nodes0"], f[prefix + "X0"]),
                                    so.SparsePlan(1, f[prefix + "nodes1"], f[prefix + "X1"])), f[prefix + "H"])
    return results, meta


@contextlib.contextmanager
def _unreadable(path):
    """A certificate file that cannot be read (truncated, damaged, not an .npz, an array missing) raises
    :class:`CertificateError` naming the file and what failed, never numpy's or zipfile's own error."""
    try:
        yield
    except CertificateError:
        raise
    except (OSError, EOFError, ValueError, KeyError, TypeError, zipfile.BadZipFile, zlib.error) as err:
        raise CertificateError(f"{path}: not a readable certificate, truncated or damaged "
                               f"({type(err).__name__}: {err})") from None


def check_bracket(name: str, lower: float, upper: float, meta: dict, exact_width: float) -> None:
    """Raise :class:`CertificateError` unless the recomputed bracket is exact and is the stored one."""
    if not upper - lower <= exact_width:
        raise CertificateError(f"{name}: the stored plans do not certify an exact value: their best responses give "
                               f"[{lower!r}, {upper!r}], width {upper - lower:.3e} > {exact_width:g}")
    for label, ours in (("lower", lower), ("upper", upper)):
        if label in meta and not abs(ours - meta[label]) <= AGREEMENT:
            raise CertificateError(f"{name}: the stored {label} bound {meta[label]!r} is not what the plans give "
                                   f"({ours!r})")
    if "value" in meta and not abs((lower + upper) / 2 - meta["value"]) <= AGREEMENT:
        raise CertificateError(f"{name}: the stored value {meta['value']!r} is not what the plans give "
                               f"({(lower + upper) / 2!r})")


# --------------------------------------------------------------------------- open brackets: solves that did not close

#: the file of an open result: the solve's checkpoint (:class:`liarlab.bluff.sparse_oracle.Checkpoint`) itself,
#: with the certificate's ``meta`` added. One file is both the certificate (the plans of the best bounds) and the
#: point a later, longer solve resumes from, so the two can never disagree. It stays small, which is why the
#: checkpoint itself is stored rather than a second copy of its plans and H: H is a few thousand histories and
#: the plans are cut to the hull of their support (tens of KB to about a MB a cell).
OPEN_FILE = so.Checkpoint.FILE


def write_open(folder, state: dict, meta: dict) -> Path:
    """Store an open result in ``folder`` (``OPEN_FILE``): the arrays of a checkpoint's state file (``state``, name
    -> array, as :class:`~liarlab.bluff.sparse_oracle.Checkpoint` writes them) and ``meta`` (JSON). Written to a
    temporary file and renamed, so a store killed mid-write leaves the last whole certificate."""
    return _store(Path(folder) / OPEN_FILE, {k: v for k, v in state.items() if k != "meta"}, meta)


def read_open(path, digest: str | None = None):
    """(state, meta) of an open result: its checkpoint's arrays (name -> array) and its ``meta``;
    :class:`CertificateError` when the file is missing, is not ``digest`` (when given), or is a bare checkpoint
    (no ``meta``: nothing says what it certifies)."""
    content = _stored_bytes(path, digest, f"no stored open certificate {path}: import a checkpoint offline "
                                          "(python -m liarlab solve end-game --import FOLDER)")
    with _unreadable(path), np.load(io.BytesIO(content), allow_pickle=False) as f:
        state = {k: f[k] for k in f.files}
    if "meta" not in state:
        raise CertificateError(f"{path} is a bare checkpoint, not a certificate: it has no meta saying what it "
                               "certifies")
    with _unreadable(path):
        return state, json.loads(str(state.pop("meta")))


# --------------------------------------------------------------------------- Bluff, one die each

def one_die_path(faces: int, folder=None) -> Path:
    return Path(folder or CERTIFICATES_DIR / "one_die") / f"1v1_N{faces}.npz"


def _one_die_tree(faces: int):
    from liarlab.bluff.rounds import Round, zero_sum_payoffs
    from liarlab.bluff.rules import make_rules

    rules = make_rules(faces, (1, 1))
    rnd = Round(rules)
    return rules, rnd, so.Tree.of_round(rnd, zero_sum_payoffs(rnd, None))


def store_one_die(faces: int, *, folder=None, log=None) -> dict:
    """Solve Bluff with one die each and ``faces`` faces (offline: N = 10 takes about 10 minutes and 3.3 GB) and
    store its certificate; returns the row :func:`verify_one_die` will give (the solve's own)."""
    from liarlab.core.resources import PeakMemory

    rules, rnd, tree = _one_die_tree(faces)
    H0 = np.flatnonzero(rnd.popcount <= 1).astype(np.int64)      # as liarlab.bluff.oracle._solve_round_certified
    with PeakMemory() as memory:
        t0 = time.perf_counter()
        sol = so._solve_certified(tree, target=1e-9, tolerance=1e-10,
                                  max_iterations=200, method="highs-ds", H0=H0, log=log, oracle="fringe")
        seconds = time.perf_counter() - t0
    solve = dict(restricted_histories=int(sol.restricted_histories), iterations=int(sol.iterations),
                 oracle_seconds=float(seconds), peak_gb=float(memory.peak_gb))
    meta = dict(kind="bluff one die", key=[faces, rules.label], value=float(sol.value), lower=float(sol.lower),
                upper=float(sol.upper), fraction=_fraction_text(sol.value, sol.lower, sol.upper),
                # the label the stored certificates carry (the door now: liarlab.bluff.solve, method="oracle")
                solver=dict(function="liarlab.bluff.oracle.solve_one_die", target=1e-9, tolerance=1e-10,
                            method="highs-ds"), solve=solve)
    write(one_die_path(faces, folder), sol.plans, sol.H, meta)
    return one_die_row(faces, sol.lower, sol.upper, solve)


def _fraction_text(value, lower, upper) -> str:
    """The simple fraction inside the certified bracket, as the notebook's grids give it (a reading of the
    bracket; the bracket is what is certified)."""
    from liarlab.bluff.api import simple_fraction

    f = simple_fraction(value, lower, upper)
    return str(f) if f is not None else ""


def one_die_row(faces: int, lower: float, upper: float, solve: dict) -> dict:
    """The row of :func:`liarlab.papers.p05.one_die.certified_one_die`, from a bracket and the solve's numbers."""
    value = (lower + upper) / 2
    return {"faces": faces, "histories": 2 ** (2 * faces), "value": float(value), "lower": float(lower),
            "upper": float(upper), "width": float(upper - lower), "exact_win": float((1 + value) / 2),
            "restricted_histories": int(solve["restricted_histories"]), "iterations": int(solve["iterations"]),
            "oracle_seconds": float(solve["oracle_seconds"]), "peak_gb": float(solve["peak_gb"])}


def verify_one_die(faces: int, *, folder=None) -> dict:
    """One die each at ``faces`` faces: the row of :func:`liarlab.papers.p05.one_die.certified_one_die`, its
    bracket recomputed here from the stored plans by two best responses (the solve's own bracket to the bit);
    H's size, iterations, seconds and memory are the offline solve's, read from the file. Raises
    :class:`CertificateError` when the file is missing, is for another game, or does not verify."""
    from liarlab.bluff.oracle import EXACT_WIDTH

    path = one_die_path(faces, folder)
    plans, H, meta = read(path)
    rules, _, tree = _one_die_tree(faces)
    if meta.get("kind") != "bluff one die" or meta.get("key") != [faces, rules.label]:
        raise CertificateError(f"{path} certifies {meta.get('kind')} {meta.get('key')}, not one die each at "
                               f"N = {faces} ({rules.label})")
    lower, upper = so.plans_bracket(tree, plans)
    check_bracket(f"{path} (one die each, N = {faces})", lower, upper, meta, EXACT_WIDTH)
    if len(H) != meta["solve"]["restricted_histories"]:
        raise CertificateError(f"{path.name}: H holds {len(H)} histories, the solve recorded "
                               f"{meta['solve']['restricted_histories']}")
    return one_die_row(faces, lower, upper, meta["solve"])


def sources_note(what: str, solved: list, verified: list, where: str) -> str:
    """One printed line: which rows were solved in this run and which verified from stored certificates."""
    def span(xs):
        return ", ".join(str(x) for x in xs) if xs else "none"
    return (f"{what}: solved in this run {span(solved)}; verified from stored certificates ({where}) "
            f"{span(verified)}")


# --------------------------------------------------------------------------- Bluff-2 grids (a rule variant each)

#: the no-wild variants' labels (24: penalties x next opener), the slow ones of the counting search's exact part
NO_WILD_LABELS = [f"no-wild:{c}/{b}/{o}/R1" for c in ("difference", "one") for b in ("difference", "one")
                  for o in ("loser", "winner", "bidder", "challenger", "opener", "alternate")]
#: the grids whose solve costs the run minutes: verified from their certificates in the chain; a missing file
#: for one of them raises. Key: (variant label, faces, max_dice, max_total). The kept no-wild variant's whole
#: grid (rounds of 30 to 100 s), and the counting search's exact part (a + b <= 6) of every no-wild variant
#: (about 5 s each, two minutes for the 24).
STORED_GRIDS = ([("no-wild:difference/one/opener/R1", 2, 5, None)]
                + [(label, 2, 5, 6) for label in NO_WILD_LABELS])


def grid_path(label: str, faces: int, max_dice: int, max_total: int | None = None, folder=None) -> Path:
    slug = label.replace(":", "_").replace("/", "-")
    total = "" if max_total is None else f"_t{max_total}"
    return Path(folder or CERTIFICATES_DIR / "bluff2") / f"{slug}_N{faces}_d{max_dice}{total}.npz"


def cells_up_to_total(max_dice: int, max_total: int | None):
    """The cells (a, b), a, b <= max_dice, with a + b <= max_total (every one when None): the cells a grid is asked
    for (:func:`liarlab.bluff.rounds.grid_cells` adds the rounds they continue into)."""
    return [(a, b) for a in range(1, max_dice + 1) for b in range(1, max_dice + 1)
            if max_total is None or a + b <= max_total]


def store_grid(rules, faces: int = 2, max_dice: int = 5, max_total: int | None = None, *, folder=None,
               log=None) -> Path:
    """Solve a Bluff-2 grid (a :class:`~liarlab.bluff.rules.BluffRules` variant) as
    :func:`liarlab.papers.p05.experiments.bluff2_certified_table` does, and store every round's final plans and
    the solve's own numbers (offline: the no-wild variant's grid takes about 5 minutes)."""
    from liarlab.bluff.oracle import certified_grid

    results = {}

    def keep(a, b, sol):
        M = sol.plans[0].shape[1]
        nodes = np.arange(M, dtype=np.int64)
        results[f"r{a}_{b}_"] = ((so.SparsePlan(0, nodes, sol.plans[0]), so.SparsePlan(1, nodes, sol.plans[1])),
                                 np.zeros(0, dtype=np.int64))
        if log is not None:
            log(f"round {a}v{b}: [{sol.lower!r}, {sol.upper!r}], {sol.seconds:.1f} s")

    rows = certified_grid(faces, max_dice, cells=cells_up_to_total(max_dice, max_total), progress=keep,
                          **rules.exact_options())
    solves = {f"{r['a']}_{r['b']}": {k: r[k] for k in ("restricted_histories", "iterations", "seconds", "peak_gb",
                                                          "memory_gb")} for r in rows}
    brackets = {f"{r['a']}_{r['b']}": [r["lower"], r["upper"], r["value"]] for r in rows}
    meta = dict(kind="bluff2 grid", key=[rules.label, faces, max_dice, max_total], options=rules.exact_options(),
                solver=dict(function="liarlab.bluff.oracle.certified_grid", target=1e-10), solves=solves,
                brackets=brackets)
    return write_many(grid_path(rules.label, faces, max_dice, max_total, folder), results, meta)


def verify_grid(rules, faces: int = 2, max_dice: int = 5, max_total: int | None = None, *, folder=None) -> list:
    """The rows of :func:`liarlab.bluff.oracle.certified_grid` for a stored grid, every bracket recomputed here
    from the stored plans (:func:`liarlab.bluff.oracle.verified_grid`) and checked against the stored one and
    for exactness; raises :class:`CertificateError` when the file is missing, is for other rules, or a round
    does not verify."""
    from liarlab.bluff.oracle import EXACT_WIDTH, verified_grid

    path = grid_path(rules.label, faces, max_dice, max_total, folder)
    results, meta = read_many(path)
    if meta.get("kind") != "bluff2 grid" or meta.get("key") != [rules.label, faces, max_dice, max_total]:
        raise CertificateError(f"{path.name} certifies {meta.get('kind')} {meta.get('key')}, not the grid "
                               f"{[rules.label, faces, max_dice, max_total]}")
    plans = {tuple(int(x) for x in k[1:-1].split("_")): v[0] for k, v in results.items()}
    solves = {tuple(int(x) for x in k.split("_")): v for k, v in meta["solves"].items()}
    try:
        rows = verified_grid(faces, max_dice, plans, solves, cells=cells_up_to_total(max_dice, max_total),
                             **rules.exact_options())
    except KeyError as err:
        raise CertificateError(f"{path.name} holds no plans for the round {err}") from None
    for r in rows:
        lower, upper, value = meta["brackets"][f"{r['a']}_{r['b']}"]
        check_bracket(f"Bluff-2 {rules.label} round {r['a']}v{r['b']}", r["lower"], r["upper"],
                      dict(lower=lower, upper=upper, value=value), float("inf"))
        if not r["round_width"] <= EXACT_WIDTH:
            raise CertificateError(f"Bluff-2 {rules.label} round {r['a']}v{r['b']}: the stored plans do not "
                                   f"certify an exact value (round bracket width {r['round_width']:.3e})")
    return rows


def store_digest(kind: str = "bluff2") -> str:
    """One sha256 over the stored files of ``kind`` (``bluff2``, ``one_die``, ``end_game``): a cache key that
    changes whenever a certificate does, so a changed certificate is never served from the study's cache."""
    h = hashlib.sha256()
    for path in sorted((CERTIFICATES_DIR / kind).glob("*.npz")):
        h.update(path.name.encode() + digest_of(path).encode())
    return h.hexdigest()


def has_grid(label: str, faces: int, max_dice: int, max_total: int | None = None) -> bool:
    """Is this grid verified from a stored certificate in the chain (declared in :data:`STORED_GRIDS`)?"""
    return (label, faces, max_dice, max_total) in STORED_GRIDS
