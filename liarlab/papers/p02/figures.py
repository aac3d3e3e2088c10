"""Notebook 02's figures, one function per figure returning it (captions, computed from the same tables, are in
:mod:`liarlab.papers.p02.captions`).

Each takes the tidy frames of :mod:`liarlab.papers.p02.experiments` (or their :func:`experiments.summarize`
summaries, as named) and draws what the notebook shows; nothing here measures or judges.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter, PercentFormatter

from liarlab.liardice.qtable import Layout
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02 import views
from liarlab.papers.p02.printed import EXPLORED_SHARE_100K
from liarlab.study import plotting

#: the curves of Figs 5-10 and 5-12 and the update-rule extension, each with its colour (colour-blind safe)
CURVE_COLOURS = {"n=1": "#0072B2", "n=2": "#E69F00", "n=3": "#009E73", "full, n=1": "#CC79A7", "Q-learning": "#000000",
                 "SARSA": "#56B4E9"}


def _chance_line(ax, players: int = 2, label: str | None = None):
    ax.axhline(1 / players, color="red", ls="--", lw=1, label=label)


def _annotated_heatmap(ax, grid: pd.DataFrame, *, vmin, vmax, text, contrast, fontsize=9, origin=None):
    """A heat map of ``grid`` with each cell written by ``text(i, j, value)``, white on dark cells."""
    im = ax.imshow(grid.to_numpy(), vmin=vmin, vmax=vmax, cmap="RdBu_r", origin=origin)
    ax.set_xticks(range(grid.shape[1]), grid.columns)
    ax.set_yticks(range(grid.shape[0]), grid.index)
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            v = grid.iloc[i, j]
            ax.text(j, i, text(i, j, v), ha="center", va="center", fontsize=fontsize,
                    color="white" if abs(v - 0.5) > contrast else "black")
    ax.grid(False)
    return im


def _rate_bars(summary: pd.DataFrame, height: float, **labels):
    """One bar a player with its interval, and the 50 % line (``labels``: the axes' labels, limits and title)."""
    fig, ax = plotting.figure(width=7, height=height)
    plotting.interval_bars(ax, summary.player, summary.win_rate, summary.ci_low, summary.ci_high)
    _chance_line(ax)
    ax.set(**labels)
    return fig


def vs_rand(summary: pd.DataFrame):
    """Fig 5-1: every rule and every table against RAND (``summary``: :func:`experiments.summarize` by player)."""
    return _rate_bars(summary, 3.5, ylabel="win rate against RAND", xlabel="player", ylim=(0, 1),
                      title="Every rule and every RL beats RAND")


def exp_pairs(pairs: pd.DataFrame):
    """Figs 5-2 and 5-5 (EXP part): P1's win rate for every pair of rules, under both honestAction readings."""
    fig, axes = plotting.figure(1, 2, width=4.6, height=3.8)
    for ax, fb in zip(axes, ("smallest", "best_face_plus_one")):
        g = pairs[pairs.fallback == fb].pivot(index="p1", columns="p2", values="win_rate")
        im = _annotated_heatmap(ax, g, vmin=0.2, vmax=0.8, text=lambda i, j, v: f"{v:.3f}", contrast=0.2)
        ax.set(xlabel="P2", ylabel="P1", title=f"P1 win rate, reading: {ex.READING_NAMES[fb]}")
    fig.colorbar(im, ax=axes, shrink=0.8, label="P1 win rate")
    return fig


def three_mixes(mix: pd.DataFrame):
    """Fig 5-3: two of one rule and one of another (``mix``: :func:`experiments.three_mix`), win rate per seat
    for each seating."""
    fig, axes = plotting.figure(1, 2, width=5.2, height=3.6, sharey=True)
    for ax, (a, b) in zip(axes, (("EXP0", "EXP1"), ("EXP1", "EXP0"))):
        s = mix[(mix.a == a) & (mix.b == b)]
        for k, seat in enumerate((1, 2, 3)):
            r = s[s.seat == seat]
            x = np.arange(3) + (k - 1) * 0.27
            ax.bar(x, r.win_rate, width=0.27, label=f"P{seat}")
            ax.errorbar(x, r.win_rate, yerr=[r.win_rate - r.ci_low, r.ci_high - r.win_rate], fmt="none", ecolor="k",
                        capsize=2, lw=1)
        ax.set_xticks(range(3), [" ".join(s[s.b_seat == bs].sort_values("seat").player.str.replace("EXP", "E"))
                                 for bs in (1, 2, 3)])
        _chance_line(ax, 3, label="an equal share (1/3)")
        ax.set(xlabel="seating P1 P2 P3", ylabel="win rate", title=f"two {a} + one {b}")
    # one legend under both panels, the dashed line named in it (a fresh reader found it unexplained, issue 50)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, [f"seat {x}" if x.startswith("P") else x for x in labels], loc="outside lower center",
               ncol=4)
    return fig


def three_identical(three: pd.DataFrame):
    """Fig 5-6: three identical rules, win rate by seat at margin 3 (``three`` under the chosen reading)."""
    fig, ax = plotting.figure(width=7, height=3.4)
    s = three[(three.a == three.b) & (three.margin == 3)]
    for k, seat in enumerate((1, 2, 3)):
        r = s[s.seat == seat]
        plotting.interval_bars(ax, r.player, r.win_rate, r.ci_low, r.ci_high, offset=(k - 1) * 0.27, width=0.27,
                               label=f"P{seat}")
    _chance_line(ax, 3)
    ax.set(xlabel="all three players", ylabel="win rate", title="Three identical rules: win rate by seat (margin 3)")
    ax.legend(title="seat", ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.2))   # below the axes, off the bars
    return fig


def rl_vs_exp(summary: pd.DataFrame):
    """Fig 5-4: each table against each rule, evaluated with exploration 0.1 and greedily, mean across tables
    and its interval in each cell (``summary`` by epsilon, model and opponent)."""
    fig, axes = plotting.figure(1, 2, width=5.2, height=4.2)
    for k, (ax, eps) in enumerate(zip(axes, (0.1, 0.0))):
        s = summary[summary.epsilon == eps]
        g = s.pivot(index="model", columns="opponent", values="win_rate")
        lo = s.pivot(index="model", columns="opponent", values="ci_low")
        hi = s.pivot(index="model", columns="opponent", values="ci_high")
        # the interval under the rate as "0.25-0.60", without brackets: "[0.25, 0.60]" ran into the next cell
        # (issue 50, a fresh reader's scores); the folded table below the figure gives it in full
        im = _annotated_heatmap(ax, g, vmin=0.1, vmax=0.9, fontsize=10, contrast=0.25,
                                text=lambda i, j, v: f"{v:.2f}\n{lo.iloc[i, j]:.2f}–{hi.iloc[i, j]:.2f}")
        # the row names once, on the left panel: the right one's width goes to its cells
        ax.set_yticks(range(len(g)), [f"{m} (trained\nagainst EXP{m[-1]})" if k == 0 else "" for m in g.index],
                      fontsize=10)
        ax.set(xlabel="opponent (evaluation)", ylabel="trained table" if k == 0 else "",
               title=f"RL win rate, evaluation ε = {eps}")
    fig.colorbar(im, ax=axes, shrink=0.8, label="RL win rate (balanced seats)")
    return fig


def self_play(summary: pd.DataFrame):
    """Fig 5-5: P1's win rate for each pair of identical players (``summary`` by player)."""
    return _rate_bars(summary, 3.4, xlabel="both seats", ylabel="P1 win rate", ylim=(0, 1),   # bars start at 0
                      title="First-mover advantage depends on the player")


SEQUENCE_SHOWN = ("RL01", "RL10", "RL03", "RL30", "RL012", "RL210", "RL0123", "RL-random")


def sequential(summary: pd.DataFrame, shown=SEQUENCE_SHOWN):
    """Fig 5-7: the report's shown sequence models against each rule (``summary`` by model and opponent)."""
    shown = list(shown)
    fig, ax = plotting.figure(width=8, height=3.6)
    for k, opp in enumerate(ex.EXPS):
        r = summary[summary.opponent == opp].set_index("model").loc[shown]
        plotting.interval_bars(ax, shown, r.win_rate, r.ci_low, r.ci_high, offset=(k - 1.5) * 0.2, width=0.2, label=opp)
    _chance_line(ax)
    # a neutral title naming the selection (issue 50, fresh reader: the old title asserted a claim the claims table
    # leaves undecided, above a chart of 8 of the models)
    seq = [m for m in summary.model.unique() if m.removeprefix("RL").isdigit() and len(m) > 3]   # the report's
    others = [m for m in shown if m not in seq]
    ax.set(xlabel="model (training order)", ylabel="win rate",
           title=f"Sequence-trained tables against each rule: {len(shown) - len(others)} of the {len(seq)} sequence "
                 "models" + (f", and {', '.join(others)}" if others else ""))
    ax.legend(title="opponent", ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.2))   # below the axes
    return fig


def fixed_seats(fixed2_main: pd.DataFrame, fixed3_summary: pd.DataFrame):
    """Figs 5-8 and 5-9: RL0 trained in one seat only, tested in each seat, two and three players (summaries by
    trained and tested seat; two players at the evaluation exploration)."""
    fig, axes = plotting.figure(1, 2, width=5.4, height=3.6)
    for ax, frame, seats in ((axes[0], fixed2_main, ("P1", "P2")), (axes[1], fixed3_summary, ("P1", "P2", "P3"))):
        labels = list(frame.trained.unique())
        w = 0.8 / len(seats)
        for k, seat in enumerate(seats):
            r = frame[frame.tested_as == seat].set_index("trained").loc[labels]
            plotting.interval_bars(ax, [t.replace(", ", ",\n") for t in labels], r.win_rate, r.ci_low, r.ci_high,
                                   offset=(k - (len(seats) - 1) / 2) * w, width=w, label=f"tested as {seat}")
        _chance_line(ax, len(seats))
        ax.set(xlabel="trained", ylabel="win rate against EXP0")
        ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.32), ncol=len(seats))   # below the axes
    axes[0].set_title("two players")
    axes[1].set_title("three players (two EXP0)")
    return fig


#: the learning curve drawn with its interval band in Figs 5-10 and 5-12 (the others get a bar at their last point)
REFERENCE_CURVE = "n=1"


def curves(curve: pd.DataFrame, shown=tuple(CURVE_COLOURS)):
    """Figs 5-10 and 5-12 and the update-rule extension (``curve``: :func:`experiments.summarize_curves`): frozen
    win rates by state record and rule (left), the history-1 table's growth and win rates (middle), and its
    explored share against the report's (right)."""
    fig, axes = plotting.figure(1, 3, width=4.8, height=4.2)
    last_games = float(curve.games.max()) if len(curve) else 0.0
    for i, (label, g) in enumerate(curve[curve.config.isin(shown)].groupby("config", sort=False)):
        style = "--" if label in ("Q-learning", "SARSA") else "-"
        axes[0].plot(g.games, g.win_rate, style, marker="o", ms=3, label=views.config_words(label),
                     color=CURVE_COLOURS[label])
        if label == REFERENCE_CURVE:   # one band: seven overlapping bands blurred into one mass (issue 50)
            axes[0].fill_between(g.games, g.ci_low, g.ci_high, alpha=0.15, color=CURVE_COLOURS[label])
        else:                          # the others' interval at their last point only
            end = g[g.games == g.games.max()]
            nudge = 0.015 * last_games * (i - 3)   # the end bars side by side, not on one vertical line
            axes[0].errorbar(end.games + nudge, end.win_rate, yerr=[end.win_rate - end.ci_low, end.ci_high - end.win_rate],
                             fmt="none", ecolor=CURVE_COLOURS[label], capsize=2, lw=1)
    n1 = curve[curve.config == "n=1"]
    axes[1].plot(n1.games, n1.entries, marker="o", ms=3, color="#0072B2", label="table entries")
    ax2 = axes[1].twinx()
    ax2.plot(n1.games, n1.win_rate, marker="s", ms=3, color="#D55E00", label="frozen win rate")
    ax2.plot(n1.games, n1.training_win_rate, ls=":", color="#D55E00", label="training win rate")
    ax2.set_ylabel("win rate against EXP0")
    ax2.grid(False)
    axes[2].plot(n1.games, n1.explored_share, marker="o", ms=3, color="#0072B2", label="our tables (mean)")
    axes[2].axhline(EXPLORED_SHARE_100K, color="red", ls="--", lw=1, label=f"report: {EXPLORED_SHARE_100K:.0%}")
    _chance_line(axes[0])
    axes[0].set(xlabel="training games", ylabel="win rate against EXP0", title="history and update rule")
    axes[0].legend(fontsize=9, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.2))
    axes[1].set(xlabel="training games", ylabel="table entries (keys stored)", title="growth (history 1)")
    h1, l1 = axes[1].get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    axes[1].legend(h1 + h2, l1 + l2, fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.2))
    axes[2].set(xlabel="training games", ylabel=f"share of the {Layout(2, 1, 'partial').report_space_size:,} keys",
                title="explored share")
    axes[2].legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.2))
    axes[2].yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    for ax in axes:   # 20,000 not 20000
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    fig.get_layout_engine().set(wspace=0.1)   # the middle panel's right-hand label clear of the next panel
    return fig


def timing(timing_frame: pd.DataFrame, summary: pd.DataFrame):
    """Fig 5-13: cumulative wall-clock seconds per state record (left, measured on this machine) and the report's
    mechanism in deterministic counts, actions scanned per game (right; ``summary``: :func:`experiments.timing_summary`)."""
    fig, axes = plotting.figure(1, 2, width=5.4, height=3.6)
    styles = ["-", "--", ":", "-."]      # a line style and marker each: lines that coincide stay visible (issue 50)
    markers = ["o", "s", "^", "D", "v", "x"]
    for k, (label, g) in enumerate(timing_frame.groupby("config", sort=False)):
        m = g.groupby("games").seconds_per_10000_games.mean()
        axes[0].plot(m.index, m.cumsum() * (m.index[0] / 10_000), marker=markers[k % len(markers)], ms=4,
                     ls=styles[k % len(styles)], label=views.config_words(label))   # the caption's words
    axes[0].set(xlabel="training games", ylabel="cumulative wall-clock seconds",
                title="Fig 5-13: training time (shared machine)")
    axes[0].legend(fontsize=10, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.2))   # below the axes, off the lines
    axes[1].bar([views.config_words(c).replace(", ", "\n") for c in summary.config], summary.actions_scanned_per_game)
    axes[1].set(xlabel="state record", ylabel="actions scanned per game", title="the report's mechanism")
    return fig


def full_hand(full_curve: pd.DataFrame, partial: pd.Series):
    """Fig 5-11: the long full-hand run's frozen win rate and explored share (``full_curve``:
    :func:`experiments.summarize_curves`), against the partial hand after one stage (``partial``: its last row)."""
    partial_space, full_space = Layout(2, 1, "partial").report_space_size, Layout(2, 1, "full").report_space_size
    fig, axes = plotting.figure(1, 2, width=5.4, height=3.6)
    axes[0].plot(full_curve.games, full_curve.win_rate, marker="o", ms=3, label="full hand")
    axes[0].fill_between(full_curve.games, full_curve.ci_low, full_curve.ci_high, alpha=0.2)
    axes[0].axhline(partial.win_rate, color="C1", ls="-", label=f"partial hand at {int(partial.games):,}")
    axes[0].axhspan(partial.ci_low, partial.ci_high, color="C1", alpha=0.2)
    axes[0].set(xscale="log", xlabel="training games (full hand)", ylabel="win rate against EXP0")
    axes[0].legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.2))   # below the axes, off the curve
    axes[1].plot(full_curve.games, full_curve.explored_share, marker="o", ms=3,
                 label=f"full hand (of {full_space:,} keys)")
    axes[1].axhline(partial.explored_share, color="C1", label=f"partial hand at one stage (of {partial_space:,})")
    axes[1].set(xscale="log", xlabel="training games", ylabel="explored share")
    axes[1].legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.2))
    return fig


def forced_one_side(forced_exp_summary: pd.DataFrame, forced_rl_summary: pd.DataFrame):
    """Figs 5-14 to 5-16: the forced side's win rate against its largest multiplicity s, rules and tables
    (summaries by player and s). The rules' bars are Wilson intervals over games; the tables' bars are the range
    across the trained tables (issue 50, fresh reader: t intervals over 2 tables spanned 0 to 1 and hid the points)."""
    fig, axes = plotting.figure(1, 2, width=5.0, height=3.6, sharey=True)
    for ax, frame, title in ((axes[0], forced_exp_summary, "rules (Figs 5-14, 5-15)"),
                             (axes[1], forced_rl_summary, "tables (Fig 5-16)")):
        for k, (name, g) in enumerate(frame.groupby("player")):
            colour, marker = FORCED_STYLE.get(name[-1], ("#000000", "o"))
            # each player to the side, so coinciding lines (EXP1 and EXP2) and their bars all stay visible
            low, high = (g.seed_min, g.seed_max) if (g.unit == "seeds").all() else (g.ci_low, g.ci_high)
            ax.errorbar(g.same + (k - 1.5) * 0.15, g.win_rate, yerr=[g.win_rate - low, high - g.win_rate],
                        marker=marker, ms=5, capsize=2, label=name, color=colour)
        _chance_line(ax)
        ax.set(xlabel="forced largest multiplicity s", ylabel="forced side's win rate", title=title, xticks=range(1, 6))
        ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=4)   # below the axes
    return fig


#: index i of EXPi / RLi -> (colour, marker): four colour-blind-safe colours that stay apart (no two oranges)
FORCED_STYLE = {"0": ("#0072B2", "o"), "1": ("#D55E00", "s"), "2": ("#009E73", "^"), "3": ("#CC79A7", "D")}


def forced_grid(summary: pd.DataFrame):
    """Figs 5-17 and 5-18: P1's win rate with both sides forced, one panel per player (``summary`` by player, s1
    and s2)."""
    names = list(summary.player.unique())
    # two panels a row: four in one row made a figure wider than the page, which shrank its cell numbers and
    # colour-bar ticks to about 8 px (issue 50, a fresh reader's scores); two a row fit the column unscaled
    cols = min(2, len(names))
    rows = -(-len(names) // cols)
    fig, axes = plotting.figure(rows, cols, width=3.6, height=3.4, squeeze=False)
    fig.get_layout_engine().set(wspace=0.08)   # each panel's y-label clear of the panel before it
    for k, ax in enumerate(axes.flat):
        if k >= len(names):
            ax.set_visible(False)
            continue
        name = names[k]
        g = summary[summary.player == name].pivot(index="s1", columns="s2", values="win_rate")
        im = _annotated_heatmap(ax, g, vmin=0, vmax=1, fontsize=11, contrast=0.3, origin="lower",
                                text=lambda i, j, v: f"{v:.2f}")
        ax.set(xlabel="P2's s2" if k >= len(names) - cols else "", ylabel="P1's s1" if k % cols == 0 else "",
               title=name)
    bar = fig.colorbar(im, ax=axes, shrink=0.8, label="P1 win rate")
    bar.ax.tick_params(labelsize=11)
    return fig


def game_lengths(shares: pd.DataFrame):
    """Fig 6-1: the share of games by actions per game, per matchup (``shares``: :func:`experiments.length_shares`)."""
    fig, ax = plotting.figure(width=7, height=3.4)
    for label, g in shares.groupby("matchup", sort=False):
        ax.plot(g.actions, g.share, marker="o", ms=3, label=label, lw=2.5 if label.startswith("RL0") else 1)
    ax.set(xlabel="actions per game (including the challenge)", ylabel="share of games",
           title="Actions per game, by matchup")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.legend(fontsize=10, loc="upper left", bbox_to_anchor=(1.01, 1.0))   # beside the axes, off the lines
    return fig


def exploitability(summary: pd.DataFrame):
    """Extension: the one-exchange-lookahead responder's win rate against every kind of trained table
    (``summary``: :func:`exploit.summary`), with intervals across tables."""
    fig, ax = plotting.figure(width=8, height=4.2)
    y = np.arange(len(summary))[::-1]
    lb = summary["best-response lower bound"]
    ax.barh(y, lb, color="#0072B2")
    ax.errorbar(lb, y, xerr=[lb - summary.ci_low, summary.ci_high - lb], fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_yticks(y, [views.model_words(m) for m in summary.model], fontsize=10)
    ax.axvline(0.5, color="red", ls="--", lw=1)
    # a neutral title (issue 50, fresh reader: "interval above 50 % for 9 of 11 kinds" rested on t intervals over
    # 2 tables, some with zero spread); the caption says the games per table and where the spread is zero
    ax.set(ylabel="trained tables", xlabel="best-response lower bound (responder's win rate)", xlim=(0, 1),
           title="One-exchange-lookahead responder's win rate, by kind of table")
    return fig
