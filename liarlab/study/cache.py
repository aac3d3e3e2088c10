"""Expensive results cached under ``data/cache/`` by a hash of their parameters.

Writes are atomic, so an interrupted run leaves either the whole result or nothing, and the
next run resumes with whatever finished.
"""
from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path
from typing import Callable

from liarlab.study import outputs

_FORCE = {"value": False}


def set_force(force: bool) -> None:
    """Make every :func:`cached` call recompute (the chain's ``--force``)."""
    _FORCE["value"] = bool(force)


def cache_key(name: str, params: dict) -> str:
    text = json.dumps({"name": name, "params": outputs._jsonable(params)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def cache_path(name: str, params: dict) -> Path:
    return outputs.cache_dir() / f"{name}-{cache_key(name, params)}.pkl"


def cached(name: str, params: dict, compute: Callable[[], object], force: bool | None = None):
    """Return ``compute()``, loading it from the cache when the same ``name`` and ``params`` ran before."""
    path = cache_path(name, params)
    force = _FORCE["value"] if force is None else force
    if path.exists() and not force:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    result = compute()
    outputs.atomic_write_bytes(path, pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    return result
