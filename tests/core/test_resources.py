"""PeakMemory gives each job its own resident peak, not the process's lifetime peak."""
import numpy as np

from liarlab.core.resources import PeakMemory


def test_a_small_job_after_a_large_one_reports_its_own_peak():
    with PeakMemory() as big:
        block = np.ones(40_000_000)   # 305 MiB, touched
        block[::512] = 2.0
        del block
    with PeakMemory() as small:
        np.ones(1000).sum()
    assert big.growth_gb > 0.25
    if big.reset:                     # Linux: the peak was reset between the two jobs
        assert small.growth_gb < 0.05
    assert small.peak_gb >= small.growth_gb
