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


def git_commit(folder) -> str:
    """The commit checked out in ``folder``'s repository (``"unknown"`` outside one, or without git): stamped on
    results and stored certificates."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"
