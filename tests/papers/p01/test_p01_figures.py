"""Notebook 01's figures (liarlab.papers.p01.figures) draw labelled axes from small tables, and draw what the tables
say (points per type, hidden panels, bins and counts left out)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from liarlab.papers.p01 import experiments as ex  # noqa: E402
from liarlab.papers.p01 import figures  # noqa: E402

TYPES = np.arange(1, 33)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _visible(fig: Figure):
    return [ax for ax in fig.axes if ax.get_visible()]


def _labelled(fig: Figure) -> None:
    """Every visible panel has a title or an x label, every row's first panel a y label, and every figure a legend."""
    axes = _visible(fig)
    assert axes
    assert all(ax.get_title() or ax.get_xlabel() for ax in axes)
    assert any(ax.get_ylabel() for ax in axes)
    assert any(ax.get_legend() for ax in axes) or fig.legends


def _large(rates=None):
    rates = np.full(32, 0.65) if rates is None else np.asarray(rates)
    return pd.DataFrame({"type": TYPES, "win_rate": rates, "ci_low": rates - 0.01, "ci_high": rates + 0.01,
                         "seed_min": rates - 0.05, "seed_max": rates + 0.05})


def _curves(types, n_games=100, reps=2, rate=0.6):
    return pd.DataFrame([{"opponent": f"type{t}", "rep": r, "game": g, "cum_wins": int(rate * g)}
                         for t in types for r in range(reps) for g in range(1, n_games + 1)])


def test_bid_draw_has_one_pair_of_bars_per_shown_bid():
    fig44 = pd.DataFrame({"bid": [(2, 4), (2, 5), (3, 1), None], "weight": [3, 2, 1, None],
                          "p_returned": [0.2, 0.3, 0.1, 0.4], "p_returned_sim": [0.21, 0.29, 0.1, 0.4]})
    fig = figures.bid_draw(fig44)
    _labelled(fig)
    ax = fig.axes[0]
    assert len(ax.patches) == 6                           # three bids (the no-bid row is not drawn), two bars each
    assert [t.get_text() for t in ax.get_xticklabels()] == ["2x4", "2x5", "3x1"]


def test_vs_types_marks_every_type_and_names_the_blocks():
    large = _large()
    fig = figures.vs_types(large, large[["win_rate"]], large, n_games=500, n_seeds=20, n_large=10_000)
    _labelled(fig)
    ax = fig.axes[0]
    from matplotlib.collections import PathCollection

    crosses = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert len(crosses[-1].get_offsets()) == 32  # the reference match: one cross per type
    texts = [t.get_text() for t in ax.texts]
    assert texts[0] == "types 1-8: honest, prefers challenge" and texts[-1] == "types 25-32: liar, prefers bid"
    labels = ax.get_legend_handles_labels()[1]
    assert "large sample (10,000 games, 95 % CI)" in labels and "range over 20 500-game matches" in labels


def test_trend_figures_draw_every_seeded_match_between_the_lines():
    curves, ref = _curves(range(1, 33)), _curves(range(1, 33), reps=1).drop(columns="rep")
    fig = figures.trend_types(curves, ref, n_games=100, n_seeds=2)
    _labelled(fig)
    assert [ax.get_title() for ax in fig.axes] == ["type 1", "type 5", "type 23"]   # as the prose names them
    assert len(fig.axes[0].lines) == 2 + 2 + 1           # the 50 % and 100 % lines, two matches, the reference
    # one legend under the panels, not on type 1's curves (issue 50, a fresh reader's scores)
    assert len(fig.legends) == 1 and not any(ax.get_legend() for ax in fig.axes)
    # the 50 % line is dashed and drawn above the curves: solid beneath them, no panel showed it (issue 50)
    half = next(line for line in fig.axes[0].lines if line.get_label().startswith("50 %"))
    assert half.get_linestyle() == "--"
    assert half.get_zorder() > max(line.get_zorder() for line in fig.axes[0].lines if line is not half)
    grid = figures.trend_grid(curves, ref, n_games=100, n_seeds=2)
    assert len(_visible(grid)) == 32 and grid.legends
    assert grid.axes[0].get_ylim() == pytest.approx((-10, 42))


def _lengths():
    rows = []
    for starter in ("all games", *ex.STARTERS):
        for measure, values in (("turns", (2, 3, 4)), ("final_quantity", (2, 3))):
            rows += [{"opponent": "type1", "starter": starter, "measure": measure, "value": v, "games": 10,
                      "share": 1 / len(values)} for v in values]
    return pd.DataFrame(rows)


def test_game_lengths_draws_both_starters_beside_the_thesis_bands():
    fig = figures.game_lengths(_lengths())
    _labelled(fig)
    turns, final = fig.axes
    assert turns.get_xlabel() == "actions per game (incl. the challenge)"
    assert len(turns.patches) == 2 * 3 + 1 and len(final.patches) == 2 * 2 + 1   # bars and the band
    assert "thesis: people usually stop after 4-5 turns" in turns.get_legend_handles_labels()[1]


def _e7(types):
    diff = np.linspace(-0.05, 0.08, len(types))
    return pd.DataFrame({"opponent": [f"type{t}" for t in types], "diff": diff, "diff_ci_low": diff - 0.03,
                         "diff_ci_high": diff + 0.03})


def test_bbn_gain_names_only_the_blocks_present():
    fig = figures.bbn_gain(_e7([1, 8, 11, 25]), bbn_seeds=2)
    _labelled(fig)
    names = [t.get_text() for t in fig.axes[0].texts]
    assert names == ["honest,\nprefers challenge", "liar,\nprefers challenge", "liar,\nprefers bid"]


def _bbn_curves(types, n=30):
    return pd.DataFrame([{"opponent": f"type{t}", "game": g, "cum_bbn": 0.6 * g, "cum_plain": 0.5 * g}
                         for t in types for g in range(n)])


def test_bbn_trends_draw_one_curve_per_type_and_hide_unused_panels():
    curves = _bbn_curves([1, 8, 11, 25])
    fig = figures.bbn_trend(curves, ["type1", "type8", "type11"], bbn_seeds=2)
    _labelled(fig)
    assert fig.axes[0].get_legend_handles_labels()[1] == ["type 1", "type 8", "type 11"]
    grid = figures.bbn_trend_grid(curves.assign(cum_bbn=np.where(curves.opponent == "type25", 0.4 * curves.game,
                                                                 curves.cum_bbn)),
                                  ["type1", "type8", "type11", "type25"])
    assert [ax.get_title() for ax in _visible(grid)] == ["type 1", "type 8", "type 11", "type 25"]
    # a gain and a loss are drawn in the gain figure's two colours, not both red
    assert [ax.lines[0].get_color() for ax in _visible(grid)] == ["#0072B2"] * 3 + ["#D55E00"]
    assert len(grid.axes) == 32 and all(ax.get_xlabel() == "games played" for ax in _visible(grid))


def test_calibration_joins_only_bins_with_enough_events():
    calibration = pd.DataFrame({"target": ["B"] * 3 + ["C"] * 3, "n": [100, 50, 5, 80, 2, 40],
                                "p_mean": [0.1, 0.5, 0.9] * 2, "observed": [0.12, 0.45, 1.0] * 2,
                                "ci_low": [0.05, 0.3, 0.5] * 2, "ci_high": [0.2, 0.6, 1.0] * 2})
    fig = figures.bbn_calibration(calibration, n_types=4, bbn_seeds=2)
    _labelled(fig)
    ax = fig.axes[0]
    assert ax.get_title() == "Calibration of the network, 4 types x 2 matches"
    # the joined points are the bins with enough events; the panel below shows every bin's events
    joined = sorted(round(float(y), 2) for line in ax.lines if line.get_marker() == "o" for y in line.get_ydata())
    assert joined == [0.12, 0.12, 0.45, 1.0]   # B: n 100 and 50; C: n 80 and 40
    events = fig.axes[1]
    assert events.get_ylabel() == "events per bin"
    assert sorted(int(n) for line in events.lines[:2] for n in line.get_ydata()) == [2, 5, 40, 50, 80, 100]
    assert figures.bbn_calibration(calibration.iloc[:0], n_types=4, bbn_seeds=2) is None


def test_liar_challenges_leaves_out_counts_with_few_bids():
    rows = [{"group": g, "player": p, "count": c, "bids": 100 if c < 4 else 5, "share_challenged": 0.3,
             "share_challenged_ci_low": 0.2, "share_challenged_ci_high": 0.4, "share_false": 0.2}
            for g in ("honest", "liars") for p in ("network", "plain") for c in (2, 3, 4)]
    fig = figures.liar_challenges(pd.DataFrame(rows))
    _labelled(fig)
    assert [ax.get_title() for ax in fig.axes] == ["honest", "liars"]
    assert list(fig.axes[0].lines[-1].get_xdata()) == [2, 3]    # the share false, counts with >= 30 bids only


def test_first_mover_has_a_pair_of_bars_per_type():
    wide = pd.DataFrame({"random_guess": np.full(32, 0.7), "opponent": np.full(32, 0.55)},
                        index=[f"type{t}" for t in TYPES])
    fig = figures.first_mover(wide)
    _labelled(fig)
    assert len(fig.axes[0].patches) == 64
    # with the first-mover table every bar has its 95 % interval
    first = pd.concat([pd.DataFrame({"opponent_label": wide.index, "opens": opens, "ci_low": wide[opens] - 0.02,
                                     "ci_high": wide[opens] + 0.02}) for opens in ("random_guess", "opponent")])
    fig = figures.first_mover(wide, first)
    _labelled(fig)
    assert len(fig.axes[0].containers) == 4 and "95 % interval" in fig.axes[0].get_legend_handles_labels()[1]


def test_extensions_draws_the_lambda_sweep_and_x1_beside_the_thesis():
    variants = pd.DataFrame({"variant": [f"X2 lambda={lam:g}" for lam in ex.X2_LAMBDAS] + ["X1 real-valued"],
                             "mean_win_rate": [0.66, 0.66, 0.67, 0.66, 0.67, 0.6],
                             "min_win_rate": [0.55, 0.56, 0.55, 0.56, 0.55, 0.5]})
    lam = variants.iloc[:5]
    fig = figures.extensions(lam, pd.Series(ex.X2_LAMBDAS), variants.iloc[4], variants.iloc[5])
    _labelled(fig)
    sweep, x1 = fig.axes
    assert list(sweep.lines[0].get_xdata()) == list(ex.X2_LAMBDAS)
    means = [line for line in x1.lines if line.get_marker() == "o"]   # points, not bars cut at the axis
    assert list(means[0].get_ydata()) == [0.67, 0.6] and not x1.patches[1:]   # thesis guess, then X1
    # the two series named once for both panels (they were named twice), with the band and the 50 % line
    assert len(fig.legends) == 1 and not any(ax.get_legend() for ax in fig.axes)
    names = [t.get_text() for t in fig.legends[0].get_texts()]
    assert names.count("mean over types") == 1 and "thesis: 60-70 %" in names and "50 %" in names


def test_extensions_with_the_sweep_gives_every_point_its_interval():
    rows = [{"variant": v, "type": t, "wins": w, "games": 100, "win_rate": w / 100, "ci_low": w / 100 - 0.1,
             "ci_high": w / 100 + 0.1} for v, base in (("X2 lambda=1", 60), ("X1 real-valued", 50))
            for t, w in ((1, base), (2, base + 10))]
    sweep = pd.DataFrame(rows)
    variants = pd.DataFrame({"variant": ["X2 lambda=1", "X1 real-valued"], "mean_win_rate": [0.65, 0.55],
                             "min_win_rate": [0.6, 0.5]})
    fig = figures.extensions(variants.iloc[:1], pd.Series([1.0]), variants.iloc[0], variants.iloc[1], sweep)
    x1 = fig.axes[1]
    worst = [line for line in x1.lines if line.get_marker() == "s"][0]
    assert list(worst.get_ydata()) == [0.6, 0.5]
    bars = [c for c in x1.collections if len(c.get_segments()) == 2]   # the error bars: one per variant
    assert len(bars) == 2 and all(seg[1][1] > seg[0][1] for c in bars for seg in c.get_segments())


def test_bid_draw_names_its_x_axis_and_its_legend_covers_no_bar():
    from liarlab.study import plotting

    fig44 = pd.DataFrame({"bid": [(2, f) for f in range(4, 7)] + [(3, f) for f in range(1, 7)],
                          "weight": [7776, 7776, 1526, 4651, 4651, 4651, 4651, 4651, 276],
                          "p_returned": [0.3, 0.2, 0.0, 0.1, 0.1, 0.1, 0.1, 0.1, 0.0],
                          "p_returned_sim": [0.31, 0.19, 0.0, 0.1, 0.1, 0.1, 0.1, 0.1, 0.0]})
    fig = figures.bid_draw(fig44)
    assert fig.axes[0].get_xlabel() and not plotting.legend_overlaps(fig)
    from liarlab.papers.p01 import captions

    text = captions.bid_draw(fig44)
    assert text.startswith("*What to notice:*") and "2 of the 9 candidates shown" in text and "every one on face 6," in text
