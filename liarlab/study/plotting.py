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
