"""Peak memory of one piece of work inside a long-lived process.

``resource.getrusage(...).ru_maxrss`` is the peak of the whole process since it started, so after a first
large job it says nothing about the next one. On Linux the peak ("VmHWM") can be reset by writing 5 to
``/proc/self/clear_refs``; :class:`PeakMemory` does that on entry and reads the peak on exit, so each job
gets its own peak. Elsewhere it falls back to the process-lifetime peak and says so (``reset`` False).
"""
from __future__ import annotations

import resource
from pathlib import Path

__all__ = ["PeakMemory"]

_STATUS = Path("/proc/self/status")
_CLEAR_REFS = Path("/proc/self/clear_refs")


def _status_kib(field: str) -> int | None:
    try:
        for line in _STATUS.read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


class PeakMemory:
    """``with PeakMemory() as m: ...`` then ``m.peak_gb`` (resident peak during the block, GiB, the
    process's baseline included) and ``m.growth_gb`` (that peak minus the resident size on entry)."""

    def __enter__(self) -> PeakMemory:
        try:
            _CLEAR_REFS.write_text("5")
            self.reset = True
        except OSError:
            self.reset = False
        self.start_kib = _status_kib("VmRSS") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return self

    def __exit__(self, *exc) -> None:
        peak = _status_kib("VmHWM") if self.reset else None
        self.peak_kib = max(peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                            self.start_kib)

    @property
    def peak_gb(self) -> float:
        return self.peak_kib / 2**20

    @property
    def growth_gb(self) -> float:
        return (self.peak_kib - self.start_kib) / 2**20
