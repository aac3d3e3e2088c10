"""Writing files so that a killed run never leaves a partial one (results, caches, saved Q-tables), and the commit
they were written at."""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_FILE_MODE = 0o666 & ~_umask()


def atomic_write_bytes(path: Path, payload: bytes) -> None:
    """Write through a temporary file in the same folder, then rename: no partial file survives a kill."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.chmod(tmp, _FILE_MODE)  # mkstemp makes owner-only files; results are for everyone to read
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


#: the folder holding the liarlab package: the repository when liarlab runs from a clone or an editable install
REPO_ROOT = Path(__file__).resolve().parents[2]


def in_repository() -> bool:
    """liarlab runs from its repository (a clone, or an editable install), not from an installed wheel."""
    return (REPO_ROOT / "pyproject.toml").is_file() and (REPO_ROOT / "notebooks").is_dir()


def default_root() -> Path:
    """The output root when no run set one: $LIARLAB_OUT, else the repository when liarlab runs from it, else the
    current folder (an installed wheel never writes into site-packages). The command line's ``cache`` and
    ``solve`` use it too, so they find what the library wrote."""
    env = os.environ.get("LIARLAB_OUT")
    if env:
        return Path(env).resolve()
    return REPO_ROOT if in_repository() else Path.cwd().resolve()


def git_commit(folder) -> str:
    """The commit checked out in ``folder``'s repository (``"unknown"`` outside one, or without git): stamped on
    results and stored certificates."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"
