"""Notebook 01's figures, one function per figure, each returning the matplotlib Figure drawn from the tables it is
given (their captions, computed from the same tables, are in :mod:`liarlab.papers.p01.captions`)."""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from liarlab.papers.p01 import printed
from liarlab.papers.p01.captions import type_words
from liarlab.papers.p01.experiments import STARTERS
from liarlab.study import plotting

#: The four blocks of eight types that share the two main traits (type = 1 + 16·prefers bid + 8·liar + ...).
BLOCKS = ("honest, prefers challenge", "liar, prefers challenge", "honest, prefers bid", "liar, prefers bid")
#: Calibration bins with fewer revealed events are drawn hollow and not joined.
MIN_EVENTS = 30
#: Challenge shares are drawn only for counts with at least this many of the opponent's bids.
MIN_BIDS = 30


def bid_draw(fig44: pd.DataFrame):
    """E3, Fig 4.4: how often one bid draw returns each candidate bid, exact beside simulated (the first 20)."""
    fig, ax = plotting.figure(1, 1, 9, 3.2)
    shown = fig44.dropna(subset=["weight"]).head(20)
    x = np.arange(len(shown))
    ax.bar(x - 0.2, shown.p_returned, 0.4, label="exact")
    ax.bar(x + 0.2, shown.p_returned_sim, 0.4, label="simulated")
    ax.set_xticks(x, [f"{q}x{f}" for q, f in shown.bid], rotation=90)
    ax.set_xlabel("candidate bid (count x face), in bid order")
    ax.set_ylabel("P(one bid draw returns it)")
    ax.set_title("Fig 4.4 position (we hold 1-2-3-4-5, opponent bid 'two 3s')")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return fig


def vs_types(large: pd.DataFrame, ref: pd.DataFrame, seeded: pd.DataFrame, *, n_games: int, n_seeds: int,
             n_large: int):
    """E5: random-guess's win rate per type: the large sample as a dot with its 95 % interval (black whiskers, on
    top of everything), the one reference match, and the range over the seeded matches behind them, beside the
    thesis's 60-70 % band. Dots, not bars: a bar would have to start at 0, and the rates all lie above 0.3. Types
    are numbered by their traits, so consecutive blocks of eight share the two main traits; the figure separates
    and names the blocks."""
    fig, ax = plotting.figure(1, 1, 12.4, 4.4)
    x = np.arange(32)
    ax.axhspan(*printed.WIN_BAND, color="tab:green", alpha=0.12, label="thesis: 60-70 %")
    ax.vlines(x, seeded.seed_min, seeded.seed_max, color="tab:orange", lw=5, alpha=0.45, zorder=2,
              label=f"range over {n_seeds} {n_games}-game matches")
    rates, low, high = (np.asarray(large[c], float) for c in ("win_rate", "ci_low", "ci_high"))
    ax.errorbar(x, rates, yerr=[rates - low, high - rates], fmt="o", color="tab:blue", markersize=5,
                ecolor="black", elinewidth=1.2, capsize=3, zorder=4, label=f"large sample ({n_large:,} games, 95 % CI)")
    ax.scatter(x, ref.win_rate, color="black", marker="x", s=28, zorder=5, label=f"one {n_games}-game match")
    ax.axhline(0.5, color="black", lw=1, ls="--", zorder=1)
    for block, name in enumerate(BLOCKS):
        if block:
            ax.axvline(8 * block - 0.5, color="grey", lw=1)
        ax.text(8 * block + 3.5, 1.0, f"types {8 * block + 1}-{8 * block + 8}: {name}", ha="center", va="bottom",
                fontsize=9, transform=ax.get_xaxis_transform())
    ax.set_xticks(x, [str(t) for t in large.type])
    ax.set_ylim(min(0.3, float(np.nanmin(seeded.seed_min)) - 0.03), max(1.0, float(np.nanmax(seeded.seed_max)) + 0.03))
    ax.set_xlim(-0.7, 31.7)
    ax.set_xlabel("test program type (within a block: suspicious, low cap, strong as the type number rises)")
    ax.set_ylabel("random-guess win rate")
    ax.legend(ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize=9)
    return fig


def _trend(ax, curves: pd.DataFrame, ref_curves: pd.DataFrame, t: int, n_games: int, n_seeds: int,
           excess: bool = False) -> None:
    """Cumulative wins against type t: as the thesis drew them, or (excess=True) as wins above the 50 % line."""
    g = np.arange(0, n_games + 1)
    base = g / 2 if excess else 0 * g
    # in the excess view the 50 % line is the zero line: its label says so, not "y = x/2". Dashed and drawn above
    # the curves: solid under them it was hidden, a legend entry no panel showed (issue 50)
    ax.plot(g, g / 2 - base, color="0.25", lw=1.2, ls="--", zorder=5,
            label="50 % (wins = games/2)" if excess else "50 % (y = x/2)")
    ax.plot(g, g - base, color="grey", lw=1, ls=":", label="100 % (wins = games)" if excess else "100 % (y = x)")
    for i, (_, c) in enumerate(curves[curves.opponent == f"type{t}"].groupby("rep")):
        c = c[c.game % max(1, n_games // 100) == 0]          # 100 points per curve are enough to draw it
        ax.plot(c.game, c.cum_wins - (c.game / 2 if excess else 0), color="tab:orange", lw=0.6, alpha=0.35,
                label=f"{n_seeds} seeded matches" if i == 0 else None)
    c = ref_curves[ref_curves.opponent == f"type{t}"]
    ax.plot(c.game, c.cum_wins - (c.game / 2 if excess else 0), color="black", lw=1.4, label="reference match")
    ax.set_title(f"type {t}", fontsize=8 if excess else 12)


def trend_types(curves: pd.DataFrame, ref_curves: pd.DataFrame, *, n_games: int, n_seeds: int, types=(1, 5, 23)):
    """E6, Figs 5.6-5.8: cumulative wins against types 1, 5 and 23 between the 50 % and 100 % lines."""
    fig, axes = plotting.figure(1, 3, 4, 3.4)
    for ax, t in zip(axes, types):
        _trend(ax, curves, ref_curves, t, n_games, n_seeds)
        ax.set_xlabel("games played")
    axes[0].set_ylabel("cumulative wins")
    # one legend under the panels, off the curves (it sat on type 1's curves, issue 50, a fresh reader's scores)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=4, fontsize=9)
    return fig


def trend_grid(curves: pd.DataFrame, ref_curves: pd.DataFrame, *, n_games: int, n_seeds: int):
    """E6, Fig 5.3: the 32 types' cumulative wins as wins above the 50 % line."""
    # 1.5 in a panel: the grid fits the page's column unscaled, so its 9-10 pt ticks stay >= 9 px (issue 50)
    fig, axes = plotting.figure(4, 8, 1.5, 1.7, sharex=True, sharey=True)
    for ax, t in zip(axes.ravel(), range(1, 33)):
        _trend(ax, curves, ref_curves, t, n_games, n_seeds, excess=True)
        ax.set_ylim(-0.1 * n_games, 0.42 * n_games)
        ax.tick_params(labelsize=9)
        ax.title.set_fontsize(10)
        ax.xaxis.set_major_locator(MaxNLocator(3))     # three ticks a narrow panel, no collisions
    for ax in axes[-1]:
        ax.set_xlabel("games", fontsize=10)
    for ax in axes[:, 0]:
        ax.set_ylabel("wins − games/2", fontsize=10)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=4, fontsize=10)  # under the panels, off the data
    return fig


def game_lengths(lengths: pd.DataFrame):
    """E11: actions per game and the bid count at the challenge, by who opens, beside the thesis's remarks."""
    by_start = lengths[lengths.starter != "all games"].groupby(["starter", "measure", "value"]).games.sum()
    fig, axes = plotting.figure(1, 2, 5, 3.4)
    for ax, measure, label in ((axes[0], "turns", "actions per game (incl. the challenge)"),
                               (axes[1], "final_quantity", "bid count at the challenge")):
        for k, (starter, color) in enumerate(zip(STARTERS, ("tab:blue", "tab:purple"))):
            h = by_start.loc[starter, measure]
            ax.bar(h.index + (k - 0.5) * 0.4, (h / h.sum()).to_numpy(), 0.4, color=color, label=starter, zorder=2)
        band = printed.TURNS_TYPICAL if measure == "turns" else printed.FINAL_COUNT_TYPICAL
        # behind the bars (zorder 0), so the band shades the background and leaves the bars' colours alone
        ax.axvspan(band[0] - 0.5, band[1] + 0.5, color="tab:green", alpha=0.15, zorder=0,
                   label="thesis: people usually stop after 4-5 turns" if measure == "turns"
                   else "thesis: bids usually stop at 5-6 dice")
        ax.set_xlabel(label)
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.2))   # below the axes, off the bars
    axes[0].set_ylabel("share of games (all types)")
    return fig


def bbn_gain(e7: pd.DataFrame, *, bbn_seeds: int, gains: pd.DataFrame | None = None):
    """E7: the network's paired gain over plain random-guess per type, with its interval across seeds (with
    ``gains``, the Bonferroni-adjusted one the claims row judges, so the bars and the verdict count agree; else
    95 %), beside the thesis's +5 to +10 points; the blocks of eight types named."""
    from matplotlib.patches import Patch

    from liarlab.papers.p01.claims import per_type_gains

    level = "95 % interval"
    if gains is not None:
        names, ests, _ = per_type_gains(gains)
        at, level = dict(zip(names, ests)), f"{100 * (1 - 0.05 / len(names)):.2f} % interval"
        e7 = e7.assign(diff_ci_low=[at[o].low for o in e7.opponent], diff_ci_high=[at[o].high for o in e7.opponent])
    fig, ax = plotting.figure(1, 1, max(7, 0.4 * len(e7)), 4.2)
    # a gain, a loss and an undecided type look different: the sign is the finding
    kinds = np.where(e7.diff_ci_low > 0, "gain", np.where(e7.diff_ci_high < 0, "loss", "undecided"))
    colours = {"gain": "#0072B2", "loss": "#D55E00", "undecided": "#999999"}
    plotting.interval_bars(ax, [o[4:] for o in e7.opponent], 100 * e7["diff"], 100 * e7.diff_ci_low,
                           100 * e7.diff_ci_high, color=[colours[k] for k in kinds])
    ax.axhspan(5, 10, color="tab:green", alpha=0.12, label="thesis: +5 to +10 points")
    ax.axhline(0, color="black", lw=1)
    # the axis follows the intervals unless they dwarf the gains: two seeds give t intervals with 1 degree of
    # freedom that reach +-100 points, and an axis scaled to them hid bars a few points tall (issue 50); such
    # whiskers are cut at the axis and the figure says so
    est, low, high = 100 * e7["diff"], 100 * e7.diff_ci_low, 100 * e7.diff_ci_high
    reach = max(10.0, 2.0 * float(est.max() - est.min()))
    bottom = min(-12.0, max(float(low.min()) - 1, float(est.min()) - reach))
    top = max(12.0, min(float(high.max()) + 1, float(est.max()) + reach))
    ax.set_ylim(bottom, top)
    cut = int(((low < bottom) | (high > top)).sum())
    if cut:
        ax.text(0.01, 0.02, f"{cut} of {len(e7)} whiskers cut at the axis (they reach {low.min():.0f} to "
                f"{high.max():+.0f} points)", transform=ax.transAxes, fontsize=8, va="bottom",
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.9})
    type_ids = [int(o[4:]) for o in e7.opponent]
    for block, name in enumerate(BLOCKS):
        members = [k for k, t in enumerate(type_ids) if (t - 1) // 8 == block]
        if not members:
            continue
        if members[0] > 0:
            ax.axvline(members[0] - 0.5, color="grey", lw=1)
        # the names sit above the axes: inside, a wide interval's whisker ran through them (issue 50)
        ax.text((members[0] + members[-1]) / 2, 1.02, name.replace(", ", ",\n"), ha="center", va="bottom",
                fontsize=10, transform=ax.get_xaxis_transform())
    ax.set_xlabel("test program type")
    ax.set_ylabel("network gain over plain random-guess\n(percentage points of win rate)")
    handles = [Patch(color=colours[k], label=f"network - plain: {words} ({level} over {bbn_seeds} seeds)")
               for k, words in (("gain", "a gain"), ("loss", "a loss"), ("undecided", "interval spans 0"))
               if (kinds == k).any()]
    handles.append(Patch(color="tab:green", alpha=0.12, label="thesis: +5 to +10 points"))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize=9)
    return fig


def bbn_trend(bbn_curves: pd.DataFrame, types, *, bbn_seeds: int):
    """Figs 5.9-5.11 as differences: cumulative wins of the network player minus plain random-guess."""
    fig, ax = plotting.figure(1, 1, 6, 3.6)
    for o in types:
        c = bbn_curves[bbn_curves.opponent == o]
        ax.plot(c.game + 1, c.cum_bbn - c.cum_plain, label=type_words(o))
    ax.axhline(0, color="black", lw=1)
    ax.set_xlabel("games played")
    ax.set_ylabel("cumulative wins: network - plain")
    ax.set_title(f"mean over {bbn_seeds} paired matches per type")
    ax.legend()
    return fig


def bbn_trend_grid(bbn_curves: pd.DataFrame, panels):
    """The network's cumulative difference per type, one panel per type in ``panels`` (up to 32)."""
    # 1.5 in a panel: the grid fits the page's column unscaled, so its 9-10 pt ticks stay >= 9 px (issue 50)
    fig, axes = plotting.figure(4, 8, 1.5, 1.7, sharex=True, sharey=True)
    for ax in axes.ravel()[len(panels):]:
        ax.set_visible(False)
    for ax, o in zip(axes.ravel(), panels):
        c = bbn_curves[bbn_curves.opponent == o]
        end = float((c.cum_bbn - c.cum_plain).iloc[-1]) if len(c) else 0.0
        # a type the network gains against is drawn blue, one it loses to red, as the gain figure colours them
        ax.plot(c.game + 1, c.cum_bbn - c.cum_plain, color="#0072B2" if end > 0 else "#D55E00" if end < 0
                else "grey", lw=1)
        ax.axhline(0, color="black", lw=0.8)
        ax.set_title(type_words(o), fontsize=10)
        ax.tick_params(labelsize=10)
        ax.xaxis.set_major_locator(MaxNLocator(3))     # three ticks a narrow panel, no collisions
    for ax in axes.ravel()[max(0, len(panels) - 8):len(panels)]:
        ax.set_xlabel("games played", fontsize=10)
        ax.xaxis.set_tick_params(labelbottom=True)
    for ax in axes[:, 0]:
        ax.set_ylabel("cumulative wins:\nnetwork - plain", fontsize=10)
    return fig


def bbn_calibration(calibration: pd.DataFrame, *, n_types: int, bbn_seeds: int):
    """E8: the network's probabilities against the revealed hands, per target, with the events per bin; None when
    the run recorded no calibration events."""
    if calibration.empty:
        return None
    # the events per bin in a panel of their own: as labels beside the points they overlapped at a legible size
    fig, (ax, nax) = plotting.figure(2, 1, 9, 2.6, sharex=True, gridspec_kw={"height_ratios": [2.2, 1]})
    for (target, g), color in zip(calibration.groupby("target"), ("tab:blue", "tab:orange", "tab:green")):
        solid = g[g.n >= MIN_EVENTS]
        yerr = np.clip([solid.observed - solid.ci_low, solid.ci_high - solid.observed], 0, None)
        ax.errorbar(solid.p_mean, solid.observed, yerr=yerr,
                    marker="o", color=color, capsize=2, label=f"{target} ({int(g.n.sum()):,} events)")
        thin = g[g.n < MIN_EVENTS]
        ax.scatter(thin.p_mean, thin.observed, facecolors="none", edgecolors=color)
        nax.plot(g.sort_values("p_mean").p_mean, g.sort_values("p_mean").n, marker="o", ms=4, color=color)
    ax.plot([0, 1], [0, 1], color="grey", lw=1, label="perfect calibration")
    # the threshold named in a legend beside the panel: written on the line, the curves ran through it (issue 50)
    nax.axhline(MIN_EVENTS, color="grey", lw=1, ls="--",
                label=f"{MIN_EVENTS} events: bins with fewer\nare open circles above")
    nax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    nax.set_yscale("log")
    nax.set_ylabel("events per bin")
    nax.set_xlabel("network probability (bin mean)")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.02, 1.02)
    ax.set_ylabel("observed frequency\nin the revealed hands")
    ax.set_title(f"Calibration of the network, {n_types} types x {bbn_seeds} matches")
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return fig


def liar_challenges(liar_decisions: pd.DataFrame):
    """Against the honest programs and the liars: the share of the opponent's bids each player challenges, by the
    bid's count, beside the share that were false on the table."""
    fig, axes = plotting.figure(1, 2, 5, 3.6, sharey=True)
    for ax, (group, g) in zip(axes, liar_decisions.groupby("group", sort=False)):
        for player, color in (("network", "tab:red"), ("plain", "tab:blue")):
            p = g[(g.player == player) & (g.bids >= MIN_BIDS)]
            yerr = np.clip([p.share_challenged - p.share_challenged_ci_low,
                            p.share_challenged_ci_high - p.share_challenged],
                           0, None)                      # Wilson bounds at a share of 1 can differ by rounding
            ax.errorbar(p["count"], p.share_challenged, yerr=yerr,
                        marker="o", capsize=2, color=color, label=f"{player}: share challenged")
        p = g[(g.player == "plain") & (g.bids >= MIN_BIDS)]
        ax.plot(p["count"], p.share_false, color="black", ls="--", marker="x", label="share false on the table")
        ax.set_title(group, fontsize=10)
        ax.set_xlabel("count of the opponent's bid")
        ax.xaxis.get_major_locator().set_params(integer=True)
    axes[0].set_ylabel("share of the opponent's bids")
    axes[0].legend(fontsize=10)
    return fig


def first_mover(wide: pd.DataFrame, first: pd.DataFrame | None = None):
    """Random-guess's win rate per type when it opens every game and when the program does; with ``first`` (the
    first-mover table, one row per type and opener) each bar has its 95 % Wilson interval."""
    fig, ax = plotting.figure(1, 1, 13, 3.4)
    x = np.arange(32)
    for shift, opens, label in ((-0.2, "random_guess", "random-guess opens every game"),
                                (0.2, "opponent", "test program opens every game")):
        ax.bar(x + shift, wide[opens], 0.4, label=label)
        if first is not None:
            ci = first[first.opens == opens].set_index("opponent_label").loc[wide.index]
            ax.errorbar(x + shift, wide[opens], yerr=[wide[opens] - ci.ci_low, ci.ci_high - wide[opens]], fmt="none",
                        ecolor="black", elinewidth=0.8, capsize=1.5,
                        label="95 % interval" if opens == "opponent" else None)
    ax.axhline(0.5, color="black", lw=1, ls="--")
    ax.set_xticks(x, range(1, 33))
    ax.set_xlabel("test program type")
    ax.set_ylabel("random-guess win rate")
    # under the axes: inside it sat on a bar's interval
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=3, fontsize=9)
    return fig


def _pooled_and_worst(sweep: pd.DataFrame, variant: str) -> tuple[tuple, tuple]:
    """(rate, low, high) of a variant's pooled win rate over the types and of its worst type (95 % Wilson)."""
    from liarlab.core.stats import wilson_interval

    rows = sweep[sweep.variant == variant]
    wins, games = int(rows.wins.sum()), int(rows.games.sum())
    low, high = wilson_interval(wins, games)
    worst = rows.loc[rows.win_rate.idxmin()]
    return (wins / games, float(low), float(high)), (worst.win_rate, worst.ci_low, worst.ci_high)


def extensions(lam: pd.DataFrame, lam_values, thesis_guess: pd.Series, x1: pd.Series, sweep: pd.DataFrame | None = None):
    """X2 (left): mean and worst-type win rate against lambda; X1 (right): real-valued guesses beside the thesis's
    integer guesses (``thesis_guess``: the lambda = 1 row). With ``sweep`` (the per-type table), every point has
    its 95 % interval: the pooled rate's over all games, the worst type's over its own. Points, not bars: the
    axis starts near the rates, where a bar's length would mislead."""
    fig, axes = plotting.figure(1, 2, 4.6, 3.6, sharey=True, gridspec_kw={"width_ratios": [2, 1]})
    ax = axes[0]
    ax.plot(lam_values, lam.mean_win_rate, marker="o", label="mean over types")
    ax.plot(lam_values, lam.min_win_rate, marker="s", label="worst type")
    if sweep is not None:
        for k, variant in enumerate(lam.variant):
            (m, ml, mh), (w, wl, wh) = _pooled_and_worst(sweep, variant)
            x = list(lam_values)[k]
            ax.errorbar([x, x], [m, w], yerr=[[m - ml, w - wl], [mh - m, wh - w]], fmt="none", ecolor="black",
                        capsize=2, lw=1)
    ax.axhspan(*printed.WIN_BAND, color="tab:green", alpha=0.12, label="thesis: 60-70 %", zorder=0)
    ax.axhline(0.5, color="black", lw=1, ls="--")
    ax.set_xlabel("lambda (share of uniform guesses; 1 = thesis)")
    ax.set_ylabel("win rate vs the 32 types")
    ax.set_title("X2: uniform / binomial guess mixture", fontsize=10)
    ax = axes[1]
    pos = np.arange(2)
    for offset, column, marker, colour, label in ((-0.12, "mean_win_rate", "o", "C0", "mean over types"),
                                                  (0.12, "min_win_rate", "s", "C1", "worst type")):
        values = [thesis_guess[column], x1[column]]
        yerr = None
        if sweep is not None:
            stats = [_pooled_and_worst(sweep, v)[0 if column == "mean_win_rate" else 1]
                     for v in (thesis_guess.variant, x1.variant)]
            values = [r for r, _, _ in stats]
            yerr = [[r - lo for r, lo, _ in stats], [hi - r for r, _, hi in stats]]
        ax.errorbar(pos + offset, values, yerr=yerr, fmt=marker, color=colour, ecolor="black", capsize=3,
                    label=label)
    ax.axhspan(*printed.WIN_BAND, color="tab:green", alpha=0.12, zorder=0)
    ax.axhline(0.5, color="black", lw=1, ls="--")
    ax.set_xticks(pos, ["integer\n(thesis)", "X1 real-\nvalued"])
    ax.set_xlim(-0.5, 1.5)
    ax.set_title("X1: real-valued guessing", fontsize=10)
    # one legend for both panels (the same two series were named twice), with the band and the 50 % line
    handles, labels = axes[0].get_legend_handles_labels()
    half = Line2D([], [], color="black", lw=1, ls="--")
    fig.legend(handles + [half], labels + ["50 %"], loc="outside lower center", ncol=4, fontsize=9)
    return fig
