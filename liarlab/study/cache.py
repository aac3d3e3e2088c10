"""Expensive results cached under ``data/cache/``, keyed so that an edited module never serves an old result.

The key of an entry is a hash of

- the computation's name (for :func:`cached_call`, the function's qualified name),
- every argument, defaults included (for :func:`cached`, the ``params`` the caller passes),
- a fingerprint of the liarlab source the computation depends on: its module and every liarlab
  module that module imports, transitively (found by reading the import statements). A lambda typed
  in a notebook is traced through the names it uses (liarlab modules, functions, classes; plain data
  counts for nothing); where code cannot be traced, the whole package is fingerprinted.

Two forms::

    cached_call(p05x.ld_first_player_table, max_faces=20)        # precise: key from the function itself
    cached("05_ld1", {"max_faces": 20}, lambda: p05x.ld_first_player_table(20))   # traced through p05x
    cached("05_ld1", {"max_faces": 20}, compute, depends=[p05x])  # dependencies named explicitly

Each entry is a pickle of the result with its metadata (and a ``.json`` copy of the metadata for
``python -m liarlab cache --list``). The metadata keeps the computation's own time, so provenance
reports the seconds the result cost even when it is served from the cache. A result that fails to
load (corrupt file, a pickled class that has moved) is recomputed with a :class:`CacheWarning`.
Writes are atomic, so an interrupted run leaves either the whole result or nothing, and the next run
resumes with whatever finished.
"""
from __future__ import annotations

import ast
import datetime as _dt
import functools
import hashlib
import importlib.util
import inspect
import json
import pickle
import re
import time
import types
import warnings
from pathlib import Path
from typing import Callable, Iterable

from liarlab.study import context, outputs

PACKAGE = "liarlab"
PACKAGE_DIR = Path(__file__).resolve().parents[1]
FORMAT = 2  # bump when the entry layout changes


class CacheWarning(UserWarning):
    """A cache entry could not be used and its result is being recomputed."""


# ---------------------------------------------------------------- source fingerprints


def _module_file(name: str) -> Path | None:
    """The source file of liarlab module ``name`` (a package's ``__init__.py``), or None if there is none."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _imported_modules(name: str, path: Path) -> set[str]:
    """liarlab modules named by the import statements of ``path`` (anywhere in the file, also inside functions)."""
    return set(_parsed_imports(name, str(path), path.read_bytes()))


@functools.lru_cache(maxsize=None)
def _parsed_imports(name: str, path: str, source: bytes) -> frozenset:
    """:func:`_imported_modules` of one content of the file (a pure function of it, remembered: parsing is most of
    a fingerprint's cost, and a notebook asks for the same fingerprint for every cached table it loads)."""
    tree = ast.parse(source, filename=path)
    is_package = Path(path).name == "__init__.py"
    package_parts = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package_parts[: len(package_parts) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            # `from liarlab.study import cache` imports the module liarlab.study.cache
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    modules = set()
    for module in found:
        if module == PACKAGE or module.startswith(PACKAGE + "."):
            parts = module.split(".")
            # importing a.b.c runs a/__init__ and a/b/__init__ too
            modules.update(".".join(parts[:i]) for i in range(2, len(parts) + 1))
    return frozenset(m for m in modules if _module_file(m) is not None)


def dependencies(module: str) -> list[str]:
    """``module`` and every liarlab module it imports, transitively, sorted."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = _module_file(name)
        if path is None:
            continue
        seen.add(name)
        todo.extend(_imported_modules(name, path) - seen)
    return sorted(seen)


def _hash_files(named_paths: Iterable[tuple[str, Path]]) -> str:
    digest = hashlib.sha256()
    for name, path in sorted(named_paths):
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def package_fingerprint() -> str:
    """A hash of every ``.py`` file of the liarlab package (the safe fallback)."""
    files = [(str(p.relative_to(PACKAGE_DIR)), p) for p in PACKAGE_DIR.rglob("*.py") if "__pycache__" not in p.parts]
    return _hash_files(files)


def source_fingerprint(modules: Iterable[str]) -> str:
    """A hash of the source of ``modules`` and everything they import from liarlab."""
    names: set[str] = set()
    for module in modules:
        names.update(dependencies(module))
    return _hash_files((n, _module_file(n)) for n in names)


def _module_name(item) -> str:
    if isinstance(item, types.ModuleType):
        return item.__name__
    if isinstance(item, str):
        return item
    return getattr(item, "__module__", "") or ""


_PLAIN = (int, float, complex, str, bytes, bool, type(None), range)


def _is_data(value, depth=0) -> bool:
    """Plain values carry no code: numbers, text, and containers, arrays and frames of them."""
    if isinstance(value, _PLAIN):
        return True
    if isinstance(value, (list, tuple, set, frozenset)) and depth < 3:
        return all(_is_data(v, depth + 1) for v in list(value)[:1000])
    if isinstance(value, dict) and depth < 3:
        return all(_is_data(k, depth + 1) and _is_data(v, depth + 1) for k, v in list(value.items())[:1000])
    return type(value).__module__.split(".")[0] in ("numpy", "pandas") and not callable(value)


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _reachable_modules(func, seen=None) -> set[str] | None:
    """The liarlab modules whose source bounds what ``func`` can run, or None if that cannot be told.

    A plain liarlab function can reach only what its module imports. A lambda or function typed in a
    notebook is traced through the globals and closure values it names: liarlab modules, functions and
    classes count by their module, plain data counts for nothing, anything else makes it untraceable.
    """
    seen = set() if seen is None else seen
    if id(func) in seen:
        return set()
    seen.add(id(func))
    while isinstance(func, functools.partial):
        parts = [_value_modules(v, seen) for v in (*func.args, *func.keywords.values())]
        if any(p is None for p in parts):
            return None
        found = set().union(*parts) if parts else set()
        inner = _reachable_modules(func.func, seen)
        return None if inner is None else found | inner
    module = getattr(func, "__module__", None) or ""
    if module.startswith(PACKAGE + ".") and _module_file(module) is not None and not getattr(func, "__closure__", None):
        return {module}
    code = getattr(func, "__code__", None)
    if code is None:
        return None
    found: set[str] = set()
    namespace = getattr(func, "__globals__", {})
    import builtins

    values = []
    for name in _code_names(code):
        if name in namespace:
            values.append(namespace[name])
        elif not hasattr(builtins, name):
            values.append(None)  # an attribute name (x.attr): its owner is traced through its own name
    values += [cell.cell_contents for cell in (getattr(func, "__closure__", None) or ())
               if _cell_filled(cell)]
    for value in values:
        part = _value_modules(value, seen)
        if part is None:
            return None
        found |= part
    return found


def _cell_filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
        return True
    except ValueError:
        return False


def _value_modules(value, seen) -> set[str] | None:
    if isinstance(value, types.ModuleType):
        name = value.__name__
        if name == PACKAGE or name.startswith(PACKAGE + "."):
            return {name}
        return set()  # numpy, pandas, ...: not liarlab's source
    if value is None or _is_data(value):
        return set()
    module = getattr(value, "__module__", None) or type(value).__module__ or ""
    if isinstance(value, (types.FunctionType, functools.partial)):
        return _reachable_modules(value, seen)
    if isinstance(value, type) or callable(value) or hasattr(value, "__dict__"):
        if module.startswith(PACKAGE + ".") and _module_file(module) is not None:
            return {module}
        if module.split(".")[0] in ("numpy", "pandas", "scipy", "builtins", "math"):
            return set()
    return None


def _traceable_modules(func) -> list[str] | None:
    modules = _reachable_modules(func)
    return None if modules is None else sorted(modules)


def fingerprint_for(compute=None, depends=None) -> tuple[str, list[str]]:
    """(fingerprint, modules it covers); ``["*"]`` means the whole package."""
    if depends is not None:
        modules = sorted({_module_name(d) for d in depends})
        unknown = [m for m in modules if _module_file(m) is None]
        if unknown:
            raise ValueError(f"depends: not liarlab modules: {unknown}")
        return source_fingerprint(modules), modules
    modules = _traceable_modules(compute) if compute is not None else None
    if modules is None:
        return package_fingerprint(), ["*"]
    return source_fingerprint(modules), modules


# ---------------------------------------------------------------- keys and entries


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:80]


def cache_key(name: str, params: dict, fingerprint: str = "") -> str:
    text = json.dumps({"name": name, "params": outputs._jsonable(params), "source": fingerprint,
                       "format": FORMAT}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def cache_path(name: str, params: dict, compute=None, *, depends=None) -> Path:
    """Where :func:`cached` keeps the entry of ``name``, ``params`` and ``compute`` (or ``depends``)."""
    fingerprint, _ = fingerprint_for(compute, depends) if (compute is not None or depends is not None) \
        else (package_fingerprint(), ["*"])
    return outputs.cache_dir() / f"{_safe(name)}-{cache_key(name, params, fingerprint)}.pkl"


def _load(path: Path):
    with open(path, "rb") as handle:
        entry = pickle.load(handle)
    if not isinstance(entry, dict) or entry.get("format") != FORMAT or "result" not in entry:
        raise ValueError("not a liarlab cache entry of this format")
    return entry


def cached(name: str, params: dict, compute: Callable[[], object], force: bool | None = None, *,
           depends=None):
    """Return ``compute()``, loading it from the cache when the same computation ran before on the same source.

    ``params`` must hold everything the result depends on. The source fingerprint covers ``depends``
    (modules, or objects whose module counts) and what they import; without it, ``compute``'s module if
    it is a plain liarlab function, else the whole package. ``force`` left at None is the run context's
    (``context.current().force``, the chain's ``--force``).
    """
    fingerprint, modules = fingerprint_for(compute, depends)
    return _cached(name, params, compute, fingerprint, modules, force)


def cached_call(func: Callable, /, *args, _force: bool | None = None, **kwargs):
    """``func(*args, **kwargs)``, cached under its qualified name, every argument (defaults included) and
    the source of its module and the liarlab modules that module imports."""
    signature = inspect.signature(func)
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    name = f"{func.__module__}.{func.__qualname__}"
    fingerprint, modules = fingerprint_for(func)
    return _cached(name, dict(bound.arguments), lambda: func(*bound.args, **bound.kwargs), fingerprint,
                   modules, _force)


def _cached(name, params, compute, fingerprint, modules, force):
    path = outputs.cache_dir() / f"{_safe(name)}-{cache_key(name, params, fingerprint)}.pkl"
    force = context.current().force if force is None else force
    if path.exists() and not force:
        started = time.perf_counter()
        try:
            entry = _load(path)
        except Exception as err:  # noqa: BLE001 - any unloadable entry is recomputed, never trusted
            warnings.warn(f"cache entry {path.name} for {name!r} could not be loaded "
                          f"({type(err).__name__}: {err}); recomputing", CacheWarning, stacklevel=3)
        else:
            # provenance counts what the result cost to compute, not the time it took to load
            outputs.credit_seconds(float(entry.get("seconds", 0.0)) - (time.perf_counter() - started))
            return entry["result"]
    started = time.perf_counter()
    result = compute()
    seconds = time.perf_counter() - started
    meta = {"format": FORMAT, "name": name, "params": outputs._jsonable(params), "modules": modules,
            "fingerprint": fingerprint, "seconds": round(seconds, 3),
            "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}
    outputs.atomic_write_bytes(path, pickle.dumps({**meta, "result": result}, protocol=pickle.HIGHEST_PROTOCOL))
    outputs.atomic_write_text(path.with_suffix(".json"), json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return result


# ---------------------------------------------------------------- listing and clearing


def entries(folder: Path | None = None) -> list[dict]:
    """Metadata of every entry under ``folder`` (default: the current output root's cache)."""
    folder = outputs.cache_dir() if folder is None else Path(folder)
    rows = []
    for path in sorted(folder.glob("*.pkl")):
        sidecar = path.with_suffix(".json")
        try:
            meta = json.loads(sidecar.read_text())
        except (OSError, ValueError):
            meta = {"name": path.stem.rsplit("-", 1)[0], "modules": None, "fingerprint": None}
        meta = {**meta, "file": path.name, "bytes": path.stat().st_size}
        meta["current"] = _is_current(meta)
        rows.append(meta)
    return rows


def _is_current(meta: dict) -> bool | None:
    """Whether the entry's source is unchanged (None if the entry does not say what it depends on)."""
    modules = meta.get("modules")
    if modules is None or not meta.get("fingerprint"):
        return None
    try:
        now = package_fingerprint() if modules == ["*"] else source_fingerprint(modules)
    except (OSError, SyntaxError, TypeError):
        return False
    return now == meta["fingerprint"]


def clear(folder: Path | None = None, prefix: str | None = None) -> int:
    """Remove cache entries (those whose name starts with ``prefix``, or all); returns how many."""
    folder = outputs.cache_dir() if folder is None else Path(folder)
    removed = 0
    for path in sorted(folder.glob("*.pkl")):
        if prefix and not path.name.startswith(_safe(prefix)):
            continue
        path.unlink(missing_ok=True)
        path.with_suffix(".json").unlink(missing_ok=True)
        removed += 1
    if not prefix:
        for leftover in folder.glob(".*.tmp"):  # temporary files of interrupted writes
            leftover.unlink(missing_ok=True)
    return removed
