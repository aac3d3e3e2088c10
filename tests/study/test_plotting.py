"""The house style (liarlab.study.plotting): panels sized per panel, interval bars with their whiskers, and the
legend check every saved figure goes through, which finds a legend over the data and passes a clear one."""
import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from liarlab.study import plotting  # noqa: E402


def test_a_figure_is_sized_per_panel():
    fig, axes = plotting.figure(2, 3, width=2.0, height=1.5)
    assert axes.shape == (2, 3)
    assert tuple(fig.get_size_inches()) == pytest.approx((6.0, 3.0))


def test_interval_bars_draw_each_rate_with_its_interval():
    fig, ax = plotting.figure()
    plotting.interval_bars(ax, [1, 5, 23], [0.5, 0.6, 0.7], [0.4, 0.5, 0.65], [0.6, 0.7, 0.75], label="win rate")
    heights = [p.get_height() for p in ax.patches]
    assert heights == pytest.approx([0.5, 0.6, 0.7])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "5", "23"]
    whiskers = ax.collections[0].get_segments()
    assert [tuple(np.round(s[:, 1], 6)) for s in whiskers] == [(0.4, 0.6), (0.5, 0.7), (0.65, 0.75)]


def test_the_legend_check_finds_a_legend_over_the_data_and_passes_a_clear_one():
    fig, ax = plotting.figure()
    x = np.linspace(0, 1, 200)
    ax.plot(x, np.full_like(x, 0.95), label="high line")
    ax.plot(x, np.full_like(x, 0.05), label="low line")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left")
    assert any("covers" in line for line in plotting.legend_overlaps(fig))
    ax.legend(loc="center left")
    assert plotting.legend_overlaps(fig) == []
