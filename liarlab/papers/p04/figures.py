"""Notebook 04's figures, one function each returning the Figure, and their captions, every number read from the
data the figure draws (tests/papers/p04/test_figures.py checks them against the data)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.cheat import policies as pol
from liarlab.cheat.agents import q_action_names
from liarlab.cheat.positions import PERSONALITIES
from liarlab.papers.p04 import experiments as p04x
from liarlab.papers.p04 import printed
from liarlab.papers.p04.experiments import lie_count_ranges, lie_rate_table, pair_steps
from liarlab.papers.p04.results import Features, Stage1, Training
from liarlab.study import plotting
from liarlab.study import unit_judges as U

COLOURS = printed.STAGE1_COLOURS  # the paper's colours of P1-P5


# ============================================================================ stage 1

def personality_lie_rates(lies: pd.DataFrame):
    """Realised lie rate per position of each personality, with its 95 % Wilson band."""
    fig, ax = plotting.figure(width=8, height=3.6)
    for name in PERSONALITIES:
        g = lies[lies.personality == name]
        ax.plot(g.position, g.lie_rate, marker="o", color=COLOURS[name], label=name)
        ax.fill_between(g.position, g.ci_low, g.ci_high, color=COLOURS[name], alpha=0.2)
    ax.set_xticks(range(1, 11))
    ax.set_xlabel("position")
    ax.set_ylabel("share of deals with a lie there")
    ax.legend(ncol=5, loc="upper center", bbox_to_anchor=(0.5, -0.18), frameon=False)
    return fig


def personality_lie_rates_caption(lies: pd.DataFrame) -> str:
    """The steps of two in P2's and P3's profiles, and each personality's overall lie rate."""
    step, given_step = pair_steps(lies)
    overall = lie_rate_table(lies)["overall"]
    return (f"P2 and P3: largest realised gap between the two positions of a pair (1-2, 3-4, ...) {100 * step:.1f} "
            f"points, where the given profiles differ by {100 * given_step:.1f}; overall lie rates: "
            + ", ".join(f"{n} {100 * v:.1f}%" for n, v in overall.items())
            + f"; 95% Wilson intervals at most ±{100 * float((lies.ci_high - lies.ci_low).max()) / 2:.1f} points")


def lie_count_spread(spread: pd.DataFrame):
    """The lie counts n_i after 500 games: per position, each personality's median (dot) and central 95 % range
    over the runs (bar), side by side, the paper's 343 marked. (Ranges, not histograms: five histograms on one
    axis overlap into one colour.)"""
    example = printed.STAGE1_EXAMPLE
    ranges = lie_count_ranges(spread)
    medians = spread.groupby(["personality", "position"]).lies.median()
    fig, ax = plotting.figure(1, 1, width=10, height=3.6)
    offsets = np.linspace(-0.3, 0.3, len(PERSONALITIES))
    for off, name in zip(offsets, PERSONALITIES):
        r = ranges.xs(name, level="personality")
        x = r.index.to_numpy() + off
        ax.vlines(x, r["2.5%"], r["97.5%"], color=COLOURS[name], lw=3, alpha=0.7, label=name)
        ax.plot(x, medians.xs(name, level="personality").loc[r.index], "o", color=COLOURS[name], ms=4)
    # a dashed line across the position's group, so it shows which ranges it crosses without hiding them
    ax.hlines(example["lies"], example["position"] - 0.42, example["position"] + 0.42, color="black", ls="--",
              lw=1.5, zorder=3, label=f"paper's {example['lies']} (position {example['position']})")
    ax.set_xticks(range(1, 11))
    ax.set_xlabel("position")
    ax.set_ylabel(f"lies in {int(spread.games.iloc[0])} games")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=len(PERSONALITIES) + 1)
    return fig


def lie_count_spread_caption(spread: pd.DataFrame) -> str:
    """Which personalities' central 95 % range at the paper's position contains the paper's count."""
    example = printed.STAGE1_EXAMPLE
    at = lie_count_ranges(spread).xs(example["position"], level="position")
    inside = [n for n, r in at.iterrows() if r["2.5%"] <= example["lies"] <= r["97.5%"]]
    runs, games = spread.groupby("personality").run.nunique().min(), int(spread.games.max())
    # the sample said from the data (the text above said only "many runs", fresh readers on 04)
    return (f"central 95% ranges of n_i over {runs:,} runs of {games:,} games a personality; personalities whose "
            f"range at position {example['position']} contains {example['lies']}: {', '.join(inside) if inside else 'none'}")


def stage1_learning_curves(stage1: Stage1):
    """Four panels against the games played (log scale): the cumulative win rate (the paper's chart), the windowed
    rates that carry the verdicts (one segment per window), and the learned p and k; means over runs with 95 %
    intervals as error bars."""
    summary, windows = stage1.summary, stage1.window_table
    fig, axes = plotting.figure(2, 2, width=4.6, height=3.3)
    cum_ax, win_ax, p_ax, k_ax = axes.ravel()
    first_window = p04x.STAGE1_WINDOWS[0][0]
    # intervals as error bars, each personality nudged sideways (log scale: a factor), not shaded bands: five
    # overlapping bands read as one mass (issue 50)
    for i, name in enumerate(PERSONALITIES):
        g = summary[summary.personality == name]
        c = COLOURS[name]
        nudge = 1.035 ** (i - (len(PERSONALITIES) - 1) / 2)

        def bars(ax, x, mid, low, high, c=c, nudge=nudge, **kw):
            x = np.asarray(x, dtype=float) * nudge
            mid, low, high = (np.asarray(v, dtype=float) for v in (mid, low, high))
            ax.errorbar(x, mid, yerr=[mid - low, high - mid], color=c, capsize=2, lw=1.2, elinewidth=1, **kw)

        bars(cum_ax, g.games, g.win_rate, g.ci_low, g.ci_high, marker="o", ms=4, label=name)
        for r in windows[windows.personality == name].itertuples():  # one segment per window, its interval mid-way
            first, last = (int(x) for x in r.window.split("-"))
            win_ax.plot([first, last], [r.win_rate, r.win_rate], color=c, lw=2,
                        label=name if first == first_window else None)
            bars(win_ax, [(first * last) ** 0.5], [r.win_rate], [r.ci_low], [r.ci_high], ls="none")
        bars(p_ax, g.games, g.p_mean, g.p_low, g.p_high, marker="o", ms=4, label=name)
        bars(k_ax, g.games, g.k_mean, g.k_low, g.k_high, marker="o", ms=4, label=name)
    for ax in (cum_ax, win_ax):
        ax.axhline(0.5, color="grey", lw=0.8)
    for ax, label in zip(axes.ravel(), ["cumulative win rate\n(games 1..n)", "windowed win rate\n(carries the verdicts)",
                                        "basic probability p", "influence factor k"]):
        ax.set_xscale("log")
        ax.minorticks_off()
        ax.set_xticks(printed.STAGE1_CHECKPOINTS)
        ax.set_xticklabels([str(x) for x in printed.STAGE1_CHECKPOINTS])
        ax.set_xlabel("real games played (log scale)")
        ax.set_ylabel(label)
    # one legend above all four panels, laid out with them (it hung over the next panel at 8 px, issue 50)
    fig.legend(*cum_ax.get_legend_handles_labels(), frameon=False, ncol=5, loc="outside upper center")
    return fig


def stage1_learning_curves_caption(stage1: Stage1) -> str:
    """The windowed gains of the top right panel, per personality."""
    return ("windowed win rate (top right panel), games 301-500 minus games 51-100 (points): "
            + ", ".join(f"{n} {U.pct(v)}" for n, v in stage1.gains().items()))


# ============================================================================ stage 2

def round_robin(rr: pd.DataFrame):
    """Heat maps of the row agent's win rate and of the mean plays per game, one row of panels per rules variant."""
    order = list(p04x.STAGE2_TYPES) + ["random"]
    fig, axes = plotting.figure(2, 2, width=5.2, height=4.2)
    for row, rules in enumerate(p04x.RULES_VARIANTS):
        sub = rr[rr.rules == rules]
        for ax, col, title, fmt in ((axes[row, 0], "win_rate", "row agent's win rate", ".2f"),
                                    (axes[row, 1], "mean_plays", "mean plays per game", ".0f")):
            m = sub.pivot(index="agent", columns="opponent", values=col).loc[order, order]
            im = ax.imshow(m.values, cmap="viridis")
            ax.grid(False)
            ax.set_xticks(range(len(order)), order)
            ax.set_yticks(range(len(order)), order)
            for i in range(len(order)):
                for j in range(len(order)):
                    # dark text on viridis's light (green-yellow) end: white on yellow could not be read
                    light = im.norm(m.values[i, j]) > 0.6
                    ax.text(j, i, format(m.values[i, j], fmt), ha="center", va="center", fontsize=10,
                            color="black" if light else "white")
            ax.set_xlabel("opponent")
            ax.set_ylabel("agent")
            ax.set_title(f"{title}\n({rules})", fontsize=9)
            fig.colorbar(im, ax=ax, shrink=0.8)
    return fig


def round_robin_caption(rr: pd.DataFrame) -> str:
    """The range of the row agent's win rate among a-f under each rules variant."""
    af = rr[rr.agent.isin(p04x.STAGE2_TYPES) & rr.opponent.isin(p04x.STAGE2_TYPES)]
    return "row agent's win rate among a-f: " + "; ".join(
        f"{rules} {g.win_rate.min():.2f} to {g.win_rate.max():.2f}" for rules, g in af.groupby("rules", sort=False))


def training_curves(training: Training):
    """One panel per opponent: mean test win rate against training games under both rules (95 % bands), and what a
    20-game test of each learner would have shown (grey dots)."""
    fig, axes = plotting.figure(2, 3, width=3.6, height=2.8, sharey=True)
    per_seed = training.per_seed
    for ax, opp in zip(axes.ravel(), p04x.STAGE2_TYPES):
        s = per_seed[per_seed.opponent == opp]
        jitter = np.random.default_rng(0).uniform(-0.08, 0.08, len(s))  # fixed: the same dots on every run
        ax.scatter(np.log10(s.training_games.clip(lower=20)) + jitter, s.small_rate, s=6, color="grey", alpha=0.4,
                   label="20-game test, one learner")
        for table, style, label in ((training.table, "-", "modified rules"),
                                    (training.table_var, "--", "last play challengeable")):
            g = table[table.opponent == opp]
            x = np.log10(g.training_games.clip(lower=20))
            colour = "tab:blue" if style == "-" else "tab:red"
            ax.plot(x, g.win_rate, marker="o", ls=style, color=colour, label=f"{label}, mean")
            ax.fill_between(x, g.ci_low, g.ci_high, color=colour, alpha=0.2)
        ax.axhline(0.5, color="grey", lw=0.8)
        # a tick at every trained length in the table (0 games is drawn at 20, the axis being logarithmic)
        games = sorted(set(training.table.training_games))
        ax.set_xticks(np.log10(np.clip(games, 20, None)), [f"{n:,}" for n in games], fontsize=9)
        ax.set_title(f"against {opp}")
        ax.set_xlabel("training games")
        ax.set_ylabel("test win rate")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=len(labels), frameon=False)
    return fig


def training_curves_caption(training: Training) -> str:
    """The cells at the ceiling, which the comparisons of gains leave out."""
    return ("cells at the ceiling (>= 99.5%), left out of comparisons of gains: "
            + (", ".join(f"{r.opponent} at {r.training_games:,}" for r in training.ceiling().itertuples()) or "none"))


def feature_sets(features: Features):
    """Left: test win rate per opponent and feature set; right: F7 - F5 and F7-H5 - F7 in points, with the
    paper's "about +10"."""
    types = list(p04x.STAGE2_TYPES)
    fig, (ax, dax) = plotting.figure(1, 2, width=5.2, height=3.4)
    for k, (fs, colour) in enumerate(zip(pol.FEATURE_SETS, ["tab:grey", "tab:blue", "tab:green"])):
        g = features.table[features.table.feature_set == fs].set_index("opponent").loc[types]
        plotting.interval_bars(ax, types, g.win_rate, g.ci_low, g.ci_high, color=colour, label=fs,
                               offset=(k - 1) * 0.27, width=0.27)
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("opponent type")
    ax.set_ylabel(f"test win rate after\n{printed.FEATURE_SWEEP_TRAINING:,} training games")
    ax.legend(frameon=False, ncol=3, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    for k, (table, colour, label) in enumerate(((features.history_gain, "tab:blue", "F7 - F5 (lie history)"),
                                                (features.memory_gain, "tab:green", "F7-H5 - F7 (5 lies, not 3)"))):
        g = table.set_index("opponent").loc[types]
        plotting.interval_bars(dax, types, 100 * g.difference, 100 * g.ci_low, 100 * g.ci_high, color=colour,
                               label=label, offset=(k - 0.5) * 0.35, width=0.35)
    dax.axhline(0, color="grey", lw=0.8)
    dax.axhline(printed.HISTORY_GAIN_PP, color="black", ls="--", lw=0.8, label="paper: about +10")
    dax.set_xlabel("opponent type")
    dax.set_ylabel("difference of test\nwin rates (points)")   # two lines: clear of the left panel (issue 50)
    dax.legend(frameon=False, fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2)
    return fig


def feature_sets_caption(features: Features) -> str:
    """F7 - F5's mean over the opponents not at the ceiling, and how many of their intervals contain 0."""
    keep = features.kept()
    return (f"F7 - F5 in the pilot, mean over the opponents not at the ceiling ({', '.join(keep.opponent)}): "
            f"{U.pct(keep.difference.mean())} points; intervals containing 0: "
            f"{int(((keep.ci_low <= 0) & (keep.ci_high >= 0)).sum())} of {len(keep)}")


def action_words(action: str) -> str:
    """A learner action's code name in words: "TRUTH_2" -> "honest, 2 cards", "LIE_1" -> "lie, 1 card"."""
    kind, _, n = action.partition("_")
    if not n:
        return action.lower()
    return f"{'honest' if kind == 'TRUTH' else 'lie'}, {n} card{'' if n == '1' else 's'}"


def weights(table: pd.DataFrame):
    """The seed-averaged weights theta[action, feature] per opponent, one heat map each, one colour scale."""
    actions = q_action_names()
    from matplotlib.colors import SymLogNorm

    fig, axes = plotting.figure(2, 3, width=3.6, height=3.4)
    # the largest weight ends the scale (nothing saturates); a symmetric log scale keeps the small weights apart
    vmax = float(table.weight.abs().max())
    norm = SymLogNorm(linthresh=10, vmin=-vmax, vmax=vmax)
    names = list(pol.FEATURE_NAMES)
    for k, (ax, opp) in enumerate(zip(axes.ravel(), p04x.STAGE2_TYPES)):
        m = table[table.opponent == opp].pivot(index="action", columns="feature", values="weight")
        m = m.loc[actions, names]
        im = ax.imshow(m.values, cmap="RdBu_r", norm=norm)
        ax.grid(False)
        ax.set_yticks(range(len(actions)), [action_words(a) for a in actions] if k % 3 == 0 else [], fontsize=9)
        bottom = k >= 3
        ax.set_xticks(range(len(names)), names if bottom else [], rotation=40, ha="right", fontsize=9)
        ax.set_title(f"against {opp}")
    # below the maps, so the whole label fits inside the figure (on the right it was cut: "mean weight (symmetric")
    fig.colorbar(im, ax=axes, shrink=0.6, location="bottom", label="mean weight, symmetric log scale")
    return fig


def weights_caption(separability: dict, table: pd.DataFrame | None = None) -> str:
    """How often a learner's weights alone name its opponent, and (with the weights ``table``) the weight whose
    seed-averaged value differs most between opponents."""
    s = separability
    text = (f"opponent named from the weights: {s['correct']} of {s['learners']} learners "
            f"({100 * s['accuracy']:.0f}%, 95% interval {100 * s['ci_low']:.0f}-{100 * s['ci_high']:.0f}%; "
            f"chance {100 * s['chance']:.0f}%)")
    if table is None or table.empty:
        return text
    wide = table.pivot_table(index=["action", "feature"], columns="opponent", values="weight")
    action, feature = (wide.max(axis=1) - wide.min(axis=1)).idxmax()
    row = wide.loc[(action, feature)]
    return (text + f"; the weight that differs most between opponents, θ[{action_words(action)}] on {feature}: "
            f"{row.min():.0f} ({row.idxmin()}) to {row.max():.0f} ({row.idxmax()})")
