"""05's one-die equilibrium figure (issue 50): its rotated bid labels and colour-bar ticks were about 8 px on the
page, where the two-panel figure is scaled down to the output column."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.papers.p05 import figures
from liarlab.study import plotting


def test_the_tick_labels_of_the_widest_strategy_figure_stay_well_above_the_minimum_on_the_page():
    faces = 6
    bids = [f"{q}×{f}" for q in (1, 2) for f in range(1, faces + 1)]
    opening = pd.DataFrame(np.full((faces, len(bids)), 1 / len(bids)), index=range(1, faces + 1), columns=bids)
    fig = figures.strategy_heatmaps(opening, opening, faces)
    scale = plotting.page_scale(fig)
    ticks = [t for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text().strip()]
    assert ticks
    # a digit's height on the page, as plotting measures it; 10-point ticks measured 9.8 px here and read as 8
    heights = [t.get_fontsize() * fig.dpi / 72 * scale * plotting.DIGIT_EM for t in ticks]
    assert min(heights) >= 11
