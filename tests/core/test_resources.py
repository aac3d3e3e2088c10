"""PeakMemory gives each job its own resident peak, not the process's lifetime peak."""
import mmap

import numpy as np

from liarlab.core.resources import PeakMemory

SIZE = 300 * 2**20


def _touch_new_pages():
    # fresh anonymous pages, every one written: resident memory grows by SIZE whatever the heap held before
    block = mmap.mmap(-1, SIZE)
    page = mmap.PAGESIZE
    for offset in range(0, SIZE, page):
        block[offset] = 1
    block.close()


def test_a_small_job_after_a_large_one_reports_its_own_peak():
    with PeakMemory() as big:
        _touch_new_pages()
    with PeakMemory() as small:
        np.ones(1000).sum()
    assert big.growth_gb > 0.25
    if big.reset:                     # Linux: the peak was reset between the two jobs
        assert small.growth_gb < 0.05
    assert small.peak_gb >= small.growth_gb
