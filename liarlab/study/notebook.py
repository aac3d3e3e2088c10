"""The setup every notebook runs right after its parameters cell."""
from __future__ import annotations

from liarlab.core.validation import check_int
from liarlab.study import cache, outputs, parallel, plotting, profiles

_current = {"profile": "full"}

COMMON = ("profile", "seed", "n_jobs", "scheduler", "out_dir", "progress_bar", "force")


def setup(namespace: dict, notebook: str) -> dict:
    """Configure output folder, executor, cache and plot style from a notebook's parameter variables.

    Returns the parameters (common ones plus every simple value defined so far) for provenance.
    """
    profile = namespace.get("profile", "full")
    profiles.pick(None, profile, quick=0, full=0)  # validates the profile name
    check_int("seed", namespace.get("seed", 0), 0)
    n_jobs = check_int("n_jobs", namespace.get("n_jobs", 1), 1)
    params = {k: v for k, v in namespace.items()
              if not k.startswith("_") and isinstance(v, (int, float, str, bool, type(None), list, tuple))
              and k not in ("In", "Out", "exit", "quit")}
    params["notebook"] = notebook
    outputs.configure(namespace.get("out_dir"), params)
    parallel.configure(n_jobs=n_jobs, scheduler=namespace.get("scheduler"),
                       progress=bool(namespace.get("progress_bar", True)))
    cache.set_force(bool(namespace.get("force", False)))
    plotting.house_style()
    _current["profile"] = profile
    return params


def pick(value, *, quick, full):
    """A size from the current profile unless the user set ``value``."""
    return profiles.pick(value, _current["profile"], quick=quick, full=full)
