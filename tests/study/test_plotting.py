"""The house style (liarlab.study.plotting): panels sized per panel, interval bars with their whiskers, and the
legend check every saved figure goes through, which finds a legend over the data and passes a clear one."""
import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

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


def test_readable_raises_every_small_text_of_a_page_wide_figure_to_the_page_minimum():
    # issue 50: legends, ticks and in-cell labels of 6-8 px on the page; a figure wider than the report's column is
    # shrunk by the page, so its floor in points is higher than a narrow figure's
    fig, axes = plotting.figure(1, 3, width=6, height=3)        # 18 in wide: the page shows it at ~0.7
    axes[0].plot([0, 1], [0, 1], label="a line")
    axes[0].legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.2))
    axes[1].text(0.5, 0.5, "0.654", fontsize=5)
    axes[2].tick_params(labelsize=6)
    assert plotting.small_text(fig)                             # the rule catches them before
    plotting.readable(fig)
    assert plotting.small_text(fig) == []
    scale = plotting.page_scale(fig)
    assert scale < 1
    smallest = min(t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip())
    assert smallest * fig.dpi / 72 * scale * plotting.DIGIT_EM >= plotting.MIN_TEXT_PX - 1e-9


def test_readable_leaves_large_enough_text_alone():
    fig, ax = plotting.figure()
    title = ax.set_title("a title", fontsize=14)
    plotting.readable(fig)
    assert title.get_fontsize() == 14


def test_small_text_measures_a_digit_height_not_the_font_size():
    # an 8-pt legend at 100 dpi is an 11-px font but its digits are 8 px tall: a reader measures it as too small
    fig, ax = plotting.figure()
    ax.text(0.5, 0.5, "20000", fontsize=8)
    assert plotting.small_text(fig)


def test_count_axes_get_thousands_separators():
    fig, ax = plotting.figure()
    ax.plot([0, 20000, 40000], [0.1, 0.2, 0.3])
    plotting.readable(fig)
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
    assert "20,000" in labels and "20000" not in labels
    assert any("." in t.get_text() for t in ax.get_yticklabels())   # fractions keep their decimals
