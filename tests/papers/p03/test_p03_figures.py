"""Notebook 03's figures draw from small tables, and their notes read every number from the data."""
from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from liarlab.core import verdicts as V  # noqa: E402
from liarlab.papers.p03 import experiments as x  # noqa: E402
from liarlab.papers.p03 import figures as f  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _matches(labels, rate=0.5, dd_rate=0.6, boards=10):
    n = len(labels)
    return pd.DataFrame({"pairing": labels, "boards": [boards] * n, "a_win_rate": [rate] * n, "ci_low": [rate - 0.1] * n,
                         "ci_high": [rate + 0.1] * n, "a_dd_win_rate": [dd_rate] * n, "dd_ci_low": [dd_rate - 0.1] * n,
                         "dd_ci_high": [dd_rate + 0.1] * n, "boards_split": [3] * n})


def _errors(n=40, seed=0):
    rng = np.random.default_rng(seed)
    estimate = rng.uniform(3, 10, n)
    frame = pd.DataFrame({"estimate": estimate, "dd_after": np.round(estimate + rng.normal(0, 2, n)),
                          "dd_before": np.round(estimate + rng.normal(0, 1, n)), "actual": np.round(estimate),
                          "role": ["declarer", "defender"] * (n // 2), "bot": "MC0", "opponent": "RULE",
                          "pairing": "MC0 vs RULE"})
    return frame.assign(error=frame.dd_after - frame.estimate)


def test_solver_figure_and_notes():
    speed = pd.DataFrame({"table": ["kept"] * 4 + ["fresh"] * 4, "deal": [0, 0, 1, 1] * 2, "trump": list("SHSH") * 2,
                          "tricks": [5, 6, 7, 4] * 2, "cpu_seconds": [0.001, 0.002, 0.003, 0.004] * 2,
                          "nodes": [100, 200, 300, 400, 150, 250, 350, 450]})
    fig = f.solver_nodes(speed)
    assert fig.axes[0].get_xlabel().startswith("log10 nodes")
    # both series on the same bins, the second visible as an outline over the first
    patches = fig.axes[0].patches
    assert len(patches) == speed.table.nunique() == len(fig.axes[0].get_legend_handles_labels()[1])
    spans = {(round(p.get_path().vertices[:, 0].min(), 9), round(p.get_path().vertices[:, 0].max(), 9))
             for p in patches}
    assert len(spans) == 1 and patches[1].get_fill() is False
    note = f.solver_speed_note(x.speed_summary(speed))
    assert "median solve takes 2,500 µs and 250 nodes" in note   # as the table writes it
    assert "A fresh table's median solve takes 2,500 µs and 300 nodes" in note
    assert "searches fewer nodes and takes about as long, so it is slower per node" in note
    ablations = speed.assign(ablation=np.where(speed.table == "kept", "production", "no cuts")).drop(columns="table")
    summary = x.speed_summary(ablations, "ablation")
    assert "**switching off cuts**: 1 times the production" in f.ablation_note(ablations, summary)
    assert "all 4 solves give the same tricks under every configuration (4 agree)" in f.ablation_note(ablations,
                                                                                                     summary)


def test_the_solver_caption_says_the_kept_table_is_slower_per_node_only_where_it_is():
    # readers: the kept table took 179 µs against a fresh table's 114 µs for about as many nodes, unexplained
    def summary(kept_ms, kept_nodes, fresh_ms, fresh_nodes):
        return pd.DataFrame({"table": ["kept", "fresh"], "median_ms": [kept_ms, fresh_ms],
                             "median_nodes": [kept_nodes, fresh_nodes], "p99_ms": [1.0, 1.0],
                             "worst_ms": [2.0, 2.0]})

    assert ("the kept table searches about as many nodes and takes longer, so it is slower per node."
            in f.solver_speed_note(summary(0.179, 258, 0.114, 250)))
    same = f.solver_speed_note(summary(0.1, 250, 0.1, 250))
    assert "searches about as many nodes and takes about as long." in same and "per node" not in same
    fewer = f.solver_speed_note(summary(0.05, 100, 0.1, 200))
    assert "searches fewer nodes and takes less time." in fewer and "per node" not in fewer
    assert "A fresh table's" not in f.solver_speed_note(summary(0.1, 250, 0.1, 250).iloc[:1])
    # round-2 reader: two near-identical histograms and an unexplained bar at log10 nodes = 0
    assert "the two histograms nearly coincide" in same
    speed = pd.DataFrame({"table": ["kept", "kept", "fresh"], "nodes": [0, 5, 5]})
    assert "the bar at 0 holds the 1 kept-table solves that its entries answer without a search (fresh table: 0)" in (
        f.solver_speed_note(summary(0.1, 250, 0.1, 250), speed))


def test_convergence_figure_and_note_follow_the_ns():
    conv = pd.DataFrame({"N": [10, 10, 50, 50], "empirical_sd": [0.4, 0.6, 0.2, 0.3],
                         "sigma_over_sqrt_n": [0.5, 0.5, 0.22, 0.22], "opening_differs": [0.2, 0.4, 0.1, 0.1]})
    summary = x.convergence_summary(conv)
    assert list(summary.N) == [10, 50]
    assert f.mc_convergence(summary).axes[0].get_xscale() == "log"
    assert "uncertain by 0.25 tricks" in f.mc_convergence_note(summary) and "10% of N = 50" in f.mc_convergence_note(
        summary)
    assert "N = 50" not in f.mc_convergence_note(summary[summary.N == 10])
    assert x.convergence_ns(100) == (10, 50) and x.convergence_ns(2000) == x.CONVERGENCE_NS


def test_match_figures_and_notes():
    e12 = _matches([p[0] for p in x.MATCH_PAIRINGS])
    fig = f.duplicate_matches(e12)
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == list(e12.pairing)
    note = f.duplicate_matches_note(e12)
    assert "MC0 wins 0.50 [0.40, 0.60] against RULE" in note and "21 of 70 boards are split" in note
    assert not re.search(r"\d%", note)   # shares, as the E12 table writes them
    # issue 50 reader: a gap of 0 is no gain; one board a pairing gives no interval
    assert "No win rate exceeds its DD-winner rate" in note and "largest gap" not in note
    assert "largest gap between a cross and its dot (0.20" in f.duplicate_matches_note(
        _matches([p[0] for p in x.MATCH_PAIRINGS], rate=0.7, dd_rate=0.5))
    one = f.duplicate_matches_note(_matches([p[0] for p in x.MATCH_PAIRINGS], boards=1))
    assert "one board each, so no intervals" in one and "MC0 wins 0.5 (n = 1 board, no interval) against RULE" in one
    assert x.board_interval_text(0.5, 0.0, 1.0, 1) == "0.5 (n = 1 board, no interval)"
    assert x.board_interval_text(-12.0, -13.0, 13.0, 1, 1) == "-12.0 (n = 1 board, no interval)"
    gains = pd.DataFrame({"pairing": ["greedy vs random exchange", "greedy vs duck exchange"],
                          "a_dd_tricks_gained": [0.5, 1.5], "ci_low": [0.1, 1.0], "ci_high": [0.9, 2.0]})
    assert "most against **duck exchange** (1.5 DD tricks a game, 95 % interval 1.0 to 2.0)" in f.exchange_gains_note(gains)
    table = x.exchange_table(_matches(list(gains.pairing)), gains)
    assert list(table.columns) == ["pairing", "boards", "a_win_rate", "ci_low", "ci_high", "a_dd_tricks_gained",
                                   "ci_low_tricks", "ci_high_tricks"]


def test_adjustment_grid_figure_and_note():
    grid = pd.DataFrame({"alpha": [0.0, 0.0, 2.0, 2.0], "rho": [0.0, 1.0, 0.0, 1.0], "win_rate": [0.5, 0.6, 0.7, 0.8],
                         "ci_low": [0.4, 0.45, 0.55, 0.6], "ci_high": [0.6, 0.75, 0.85, 0.95], "mae": [1.0] * 4,
                         "mae_low": [0.8] * 4, "mae_high": [1.2] * 4})
    fig = f.adjustment_grid(grid)
    assert len(fig.axes) == 2 and len(fig.legends) == 1 and len(fig.legends[0].get_texts()) == 2
    assert f.adjustment_grid_note(grid).startswith("*What to notice:* 2 of 4 cells")
    # issue 50 reader: the error panel's result is said, not "shows whether any setting estimates better"
    assert "no setting estimates detectably better" in f.adjustment_grid_note(grid)
    assert "each cell played one board, so its win rate has no interval" in f.adjustment_grid_note(
        grid.assign(boards=1))
    better = grid.assign(mae=[0.5, 1.0, 1.0, 2.0], mae_low=[0.4, 0.8, 0.8, 1.8], mae_high=[0.6, 1.2, 1.2, 2.2])
    assert "smallest mean |DD − Est.| is 0.50 tricks (α = 0, ρ = 0)" in f.adjustment_grid_note(better)
    assert "so that setting estimates better" in f.adjustment_grid_note(better)


def test_estimation_and_exchange_figures_and_notes():
    errors = _errors()
    assert len(f.estimation_error(errors).axes) == 2
    s0 = x.error_summary(errors).iloc[0]
    assert f"over {len(errors)} MC0 estimates" in f.estimation_error_note(errors)
    assert f"{100 * s0.overestimates / s0.n:.0f}% are overestimates" in f.estimation_error_note(errors)
    replaced = pd.DataFrame({"kept_declarer": [8, 9], "kept_defender": [7, 10]})
    assert len(f.exchange_effect(errors, replaced).axes) == 2
    change = f.declarer_change(errors)
    est = V.Estimate(0.4, 0.3, 0.5, 2, "boards", interval="95 % bootstrap over boards")
    note = f.exchange_effect_note(errors, {"share": est, "sd_change": est, "agree": 2, "games": 2})
    assert f"over {len(change)} deals" in note and f"change by {change.mean():+.2f}" in note
    assert "the SD's 95 % bootstrap over boards: 0.30 to 0.50" in note and "no bidding method can remove" not in note


def test_worked_deal_text():
    deal = {"hands": {"MC0": "SA SK", "RULE": "H2 H3"}, "tricks": {"MC0": 9, "RULE": 4}, "winner": "MC0"}
    hands, tricks = x.worked_deal_text(deal)
    assert hands == "MC0   dealt: SA SK\nRULE  dealt: H2 H3"
    assert tricks == "tricks taken: MC0 9, RULE 4; the winner is MC0"


def test_the_match_table_shows_each_rate_once_with_its_interval_to_the_same_decimals():
    e12 = _matches(["MC0 vs RULE", "RULE vs DD-ε"], rate=0.5, dd_rate=0.5).assign(
        boards_both_won=[2, 0], boards_both_lost=[1, 0], sign_test_p=[0.0, float("nan")], a_declares=[0.5, 0.5])
    e12.loc[1, ["dd_ci_low", "dd_ci_high"]] = 0.5
    view = x.e12_view(e12)
    assert view.iloc[0, 2] == "0.50 [0.40, 0.60]" and view.iloc[0, 7] == "0.50 [0.40, 0.60]"
    assert view.iloc[1, 7] == "0.500 (the same on every board)"
    assert not any("_" in c for c in view.columns)   # headers in words, not code names


def test_the_error_axis_stops_where_the_errors_do_and_counts_the_few_beyond():
    errors = _errors()
    far = errors.iloc[:1].assign(error=-12.0, dd_before=errors.estimate.iloc[0] - 12.0)
    fig = f.estimation_error(pd.concat([pd.concat([errors] * 400), far], ignore_index=True))
    ax = fig.axes[1]
    legend = ax.get_legend()
    assert ax.get_xlim()[0] > -12 and "beyond the axis" in legend.get_title().get_text()
    # said under the axes (the legend's title), never on the bars (issue 50: the note sat on the histogram)
    assert not ax.texts
    fig.canvas.draw()
    assert legend.get_window_extent().transformed(ax.transAxes.inverted()).y1 <= 0


def test_the_explore_legend_sits_under_the_bars():
    from liarlab.papers.p03 import explore

    fig = explore.draw(n_samples=10)
    legend = fig.axes[0].get_legend()
    fig.canvas.draw()
    box = legend.get_window_extent().transformed(fig.axes[0].transAxes.inverted())
    assert box.y1 <= 0   # below the axes, never over a bar


def test_the_printed_table_line_is_said_in_words():
    claim = x.TABLE_LINE_CHECK
    assert "->" not in claim and "31,372" in claim and "on lead" in claim


def test_the_dd_eps_caption_states_the_tuned_eps_itself():
    note = f.dd_eps_note(0.2234, 0.22)
    assert "ε = 0.223, interpolated linearly" in note and "use ε = 0.22" in note and "beside the figure" not in note
    # issue 50 and round-2 readers: the data allow a range of ε, given as the crossings of the curve's 95 % band
    table = pd.DataFrame({"eps": [0.1, 0.2, 0.3, 0.5], "mean_lost": [0.2, 0.5, 0.6, 1.0], "se": [0.02, 0.04, 0.04, 0.05]})
    assert f.dd_eps_note(0.2, 0.2, table).endswith("fits ε = 0.20 to 0.33; the matches were played at ε = 0.20 only.")
    assert "default ε = 0.20" in f.dd_eps_note(float("nan"), 0.2)


def test_the_grid_view_labels_every_cell_alike_and_gives_no_interval_from_one_board():
    # issue 50 reader: row 8 read "MCA vs MC0" among "MCA(α=…, ρ=…) vs MC0"; one board printed "1 [0, 13]"
    grid = pd.DataFrame({"alpha": [0.0, 2.0], "rho": [0, 1], "pairing": ["MCA(α=0, ρ=0) vs MC0", "MCA vs MC0"],
                         "boards": [1, 3], "win_rate": [0.5, 0.5], "ci_low": [0.0, 0.2], "ci_high": [1.0, 0.8],
                         "mae": [1.0, 0.8], "mae_low": [0.0, 0.5], "mae_high": [13.0, 1.1], "estimates": [2, 6]})
    view = x.grid_view(grid)
    assert list(view.pairing) == ["MCA(α=0, ρ=0) vs MC0", "MCA(α=2, ρ=1) vs MC0"]
    assert view.iloc[0, 4] == "0.50 (n = 1 board, no interval)" and "no interval" not in view.iloc[1, 4]
    assert list(view.iloc[:, 5]) == ["1.0 [0.0, 13.0]", "0.8 [0.5, 1.1]"]   # one decimal in the column
