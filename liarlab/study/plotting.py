"""One house style for every figure of the study."""
from __future__ import annotations

import matplotlib.pyplot as plt
import seaborn as sns

PALETTE = "colorblind"


def house_style() -> None:
    sns.set_theme(context="notebook", style="whitegrid", palette=PALETTE)
    plt.rcParams.update({
        "figure.dpi": 100, "savefig.dpi": 120, "axes.titlesize": 12, "axes.titleweight": "bold",
        "axes.spines.top": False, "axes.spines.right": False, "legend.frameon": False,
        "svg.hashsalt": "liarlab", "figure.autolayout": False,
        # floors for the small texts (issue 50): legends, ticks and annotations at least 10 pt, so a figure up to
        # the page's width keeps every digit >= MIN_TEXT_PX tall; wider figures are raised by readable()
        "legend.fontsize": 10, "legend.title_fontsize": 10, "xtick.labelsize": 10, "ytick.labelsize": 10,
        "font.size": 10, "axes.labelsize": 11,
    })


def figure(nrows: int = 1, ncols: int = 1, width: float = 6.4, height: float = 4.0, **kwargs):
    """A new figure in house style; ``width``/``height`` are per panel, in inches."""
    house_style()
    fig, axes = plt.subplots(nrows, ncols, figsize=(width * ncols, height * nrows),
                             constrained_layout=True, **kwargs)
    return fig, axes


def interval_bars(ax, labels, rates, low, high, *, color=None, label=None, offset=0.0, width=0.8):
    """Bars with 95% interval whiskers, the study's standard way to show win rates."""
    import numpy as np

    x = np.arange(len(labels)) + offset
    rates, low, high = map(np.asarray, (rates, low, high))
    ax.bar(x, rates, width=width, color=color, label=label)
    ax.errorbar(x, rates, yerr=[rates - low, high - rates], fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_xticks(np.arange(len(labels)))
    ax.set_xticklabels([str(v) for v in labels])
    return ax


def legend_overlaps(fig) -> list[str]:
    """Where a legend's box covers plotted data: one line per (legend, axes) with the markers, line vertices and
    bars inside the box (drawn in display coordinates, so after layout). Empty when every legend is clear.

    A legend outside the axes (``bbox_to_anchor`` past the frame, or a figure legend beside the panels) covers
    nothing; lines count by their vertices, bars by their rectangles, scatter by its points."""
    import numpy as np
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = [(ax.get_legend(), ax) for ax in fig.axes if ax.get_legend() is not None]
    legends += [(leg, ax) for leg in fig.legends for ax in fig.axes]
    found = []
    for legend, ax in legends:
        if not legend.get_visible():
            continue
        box = legend.get_window_extent(renderer).shrunk(0.98, 0.98)
        frame = ax.get_window_extent(renderer)

        def inside(points):
            points = np.asarray(points, float).reshape(-1, 2)
            keep = ((points[:, 0] >= frame.x0) & (points[:, 0] <= frame.x1) & (points[:, 1] >= frame.y0)
                    & (points[:, 1] <= frame.y1))
            points = points[keep & np.isfinite(points).all(axis=1)]
            return int(((points[:, 0] > box.x0) & (points[:, 0] < box.x1) & (points[:, 1] > box.y0)
                        & (points[:, 1] < box.y1)).sum())

        covered = 0
        for line in ax.get_lines():
            if isinstance(line, Line2D) and line.get_visible() and line.get_xydata().size:
                covered += inside(line.get_transform().transform(line.get_xydata()))
        for patch in ax.patches:
            if isinstance(patch, Rectangle) and patch.get_visible() and patch.get_height() and patch.get_width():
                extent = patch.get_window_extent(renderer)
                clipped = extent.intersection(extent, frame)
                if clipped is not None and box.overlaps(clipped):
                    covered += 1
        for collection in ax.collections:
            if isinstance(collection, PathCollection) and collection.get_visible():
                offsets = collection.get_offsets()
                if len(offsets):
                    covered += inside(collection.get_offset_transform().transform(offsets))
        if covered:
            title = ax.get_title() or ax.get_ylabel() or f"axes {fig.axes.index(ax) + 1}"
            found.append(f"the legend covers {covered} plotted point{'s' if covered != 1 else ''} in {title!r}")
    return found


PAGE_PX = 1290      # the report's output column at a 1400-px window: a wider figure is scaled down to it
MIN_TEXT_PX = 9     # the smallest text a reader should meet on the page: a digit's height, as a reader measures it
DIGIT_EM = 0.73     # a DejaVu Sans digit's height per em: a 9-px digit needs a font of 9 / 0.73 = 12.3 px


def page_scale(fig, page_px: float = PAGE_PX) -> float:
    """How much the report shrinks ``fig``: 1 when its saved (tight) box fits the output column, else the ratio."""
    if not hasattr(fig.canvas, "get_renderer"):     # a bare Figure() has no renderer until it has a canvas
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        FigureCanvasAgg(fig)
    fig.canvas.draw()
    width_px = fig.get_tightbbox(fig.canvas.get_renderer()).width * fig.dpi
    return min(1.0, page_px / width_px) if width_px else 1.0


def min_fontsize(fig, min_px: float = MIN_TEXT_PX, page_px: float = PAGE_PX) -> float:
    """The smallest font (points) whose digits are ``min_px`` tall once the page has scaled ``fig`` to its column."""
    return min_px / DIGIT_EM * 72 / fig.dpi / page_scale(fig, page_px)


class _SeparatedFormatter:
    """Tick labels of whole numbers from 1,000 up with thousands separators ("20,000", not "20000")."""

    def __init__(self, inner):
        self.inner = inner

    def __call__(self, x, pos=None):
        if abs(x) >= 1000 and float(x).is_integer():
            return f"{x:,.0f}"
        return self.inner(x, pos)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def separate_thousands(ax) -> None:
    """Give both count axes of ``ax`` thousands separators (linear axes with plain number ticks only)."""
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    for axis in (ax.xaxis, ax.yaxis):
        inner = axis.get_major_formatter()
        if type(inner) is ScalarFormatter and axis.get_scale() == "linear":
            inner.set_scientific(False)
            wrapped = _SeparatedFormatter(inner)
            formatter = FuncFormatter(wrapped)
            formatter.set_locs = inner.set_locs   # keeps the inner formatter's decimals in step with the ticks
            formatter.get_offset = inner.get_offset
            axis.set_major_formatter(formatter)


def readable(fig, min_px: float = MIN_TEXT_PX, page_px: float = PAGE_PX):
    """Raise every text of ``fig`` smaller than the page's minimum (ticks, labels, titles, legends, in-cell
    annotations) to it, given the figure's own width and the report's column, and put thousands separators on
    count axes. Run by :func:`liarlab.study.outputs.save_figure` on every saved figure, so a figure function can
    size its texts freely and still meet the rule; returns ``fig``."""
    from matplotlib.text import Text

    for ax in fig.axes:
        separate_thousands(ax)
    for _ in range(3):      # larger texts widen the figure, which the page then shrinks more: settle in a few steps
        floor = min_fontsize(fig, min_px, page_px)
        small = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()
                 and t.get_fontsize() < floor - 1e-9]
        if not small:
            break
        for text in small:
            text.set_fontsize(round(floor + 0.05, 1))
    return fig


def small_text(fig, min_px: float = MIN_TEXT_PX, page_px: float = PAGE_PX) -> list[str]:
    """The texts of ``fig`` (tick labels, labels, titles, legends, annotations) smaller than ``min_px`` pixels as
    the report shows the figure (a digit's height, as a reader measures text on the page): drawn at the figure's dpi, then scaled down to ``page_px`` when wider (the
    figure's saved box, as the notebook's inline backend crops it). Empty when every text is readable."""
    from matplotlib.text import Text

    scale = page_scale(fig, page_px)
    found = []
    for text in fig.findobj(Text):
        if not text.get_visible() or not text.get_text().strip():
            continue
        px = text.get_fontsize() * fig.dpi / 72 * scale * DIGIT_EM     # a digit's height on the page
        if px < min_px - 1e-9:
            found.append(f"{text.get_text()[:40]!r} at {px:.1f} px")
    return found
