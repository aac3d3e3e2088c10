"""Notebook 05's figures, one function per figure returning the Figure (LD-1, Bluff-1 per-turn against exact with
the printed values, the Bluff-2 grids as heat maps, an exact equilibrium's strategies, the old LP against the
double oracle), their captions computed from the data they draw, and the tables as the notebook shows them."""
from __future__ import annotations

import re
from functools import partial

import numpy as np
import pandas as pd
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter

from liarlab.papers.p05 import printed
from liarlab.papers.p05.numbers import sci, width_text
from liarlab.study import plotting
from liarlab.study.decimals import shown


def _exact_one_die(cmp: pd.DataFrame, one_die: pd.DataFrame | None) -> pd.DataFrame:
    """faces and exact_win: the certified one-die values where given (N up to 10), else the whole-tree LP's."""
    if one_die is not None and "exact_win" in one_die and one_die.exact_win.notna().any():
        return one_die.dropna(subset=["exact_win"])[["faces", "exact_win"]].sort_values("faces")
    return cmp[["faces", "exact_win"]].sort_values("faces")


def bluff1_per_turn_vs_exact(bluff1: pd.DataFrame, cmp: pd.DataFrame, one_die: pd.DataFrame | None = None):
    """First player's win % against N: per-turn method, exact equilibrium (certified, to N = 10 with
    ``one_die``), the per-turn profile played for real, and the talk's, the prior work's and Gambit's printed
    values as markers. Markers are hollow or dodged so that none hides another: the prior work's + is drawn 0.25
    to the left of its N, Gambit's hollow star 0.25 to the right (at N = 2 all three print 75)."""
    exact = _exact_one_die(cmp, one_die)
    fig, ax = plotting.figure(1, 1, width=7.0, height=4.6)
    ax.plot(bluff1.faces, bluff1.win_pct, lw=1.4, color="C0", label="ours: per-turn method (R1)")
    ax.plot(exact.faces, 100 * exact.exact_win, marker="s", ms=8, mfc="none", mew=1.2, lw=1.4, color="C1",
            label="ours: exact equilibrium")
    ax.plot(cmp.faces, 100 * cmp.per_turn_self_play_win, marker="v", ms=6, mfc="none", ls="--", lw=1, color="C2",
            label="ours: per-turn profile, real round")
    talk = bluff1.dropna(subset=["talk_win_pct"]) if "talk_win_pct" in bluff1 else cmp.dropna(subset=["talk_pct"])
    talk_y = talk.talk_win_pct if "talk_win_pct" in talk else talk.talk_pct
    ax.scatter(talk.faces, talk_y, marker="x", s=40, color="black", zorder=4, linewidths=1.2,
               label="the talk, printed")
    if "prior_work_pct" in cmp and cmp.prior_work_pct.notna().any():
        prior = cmp.dropna(subset=["prior_work_pct"])
        ax.scatter(prior.faces - 0.25, prior.prior_work_pct, marker="+", s=70, color="black", zorder=5,
                   linewidths=1.2, label="prior work, as printed (N − 0.25)")
    if "gambit_pct" in cmp and cmp.gambit_pct.notna().any():
        gambit = cmp.dropna(subset=["gambit_pct"])
        ax.scatter(gambit.faces + 0.25, gambit.gambit_pct, marker="*", s=110, facecolors="none", edgecolors="C4",
                   zorder=5, linewidths=1.0, label="Gambit, as printed (N + 0.25)")
    ax.axhline(50, color="grey", lw=0.8, ls=":")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(xlabel="faces N (one die each)", ylabel="first player's win %", title="Bluff, one die each")
    ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    return fig


def bluff1_caption(bluff1: pd.DataFrame, cmp: pd.DataFrame, one_die: pd.DataFrame | None = None) -> str:
    """The caption of :func:`bluff1_per_turn_vs_exact`, every number read from the tables it draws."""
    exact = _exact_one_die(cmp, one_die).set_index("faces").exact_win
    per_turn = bluff1.set_index("faces").win_pct
    talk = bluff1.dropna(subset=["talk_win_pct"]).set_index("faces").talk_win_pct
    talk_gap = float((per_turn.reindex(talk.index) - talk).abs().max())
    prior = cmp.dropna(subset=["prior_work_pct"]).set_index("faces").prior_work_pct
    prior_gap = float((100 * exact.reindex(prior.index) - prior).abs().max())
    both = sorted(set(exact.index) & set(per_turn.index))
    apart = [n for n in both if abs(100 * exact[n] - per_turn[n]) > 0.005]
    below = [n for n in both if exact[n] < 0.5]
    gambit = cmp.dropna(subset=["gambit_pct"]).set_index("faces")
    text = (f"Figure: the first player's win % with one die each. Lines: ours (per-turn method; exact equilibrium of "
            f"the real round, certified for N = {min(exact.index)}..{max(exact.index)}; the per-turn strategies played "
            f"in the real round). Black markers are the values printed in the talk (x) and the prior work's values as "
            f"the talk prints them (+, drawn 0.25 to the left of its N), hollow stars the talk's Gambit values (drawn "
            f"0.25 to the right); the legend is under the axes. What to notice: the per-turn line passes "
            f"within {talk_gap:.3f} points of every x (the talk's values, printed to 2 decimals), the exact line within "
            f"{prior_gap:.3f} points of every + (the prior work's)")
    if apart:
        text += f", and the two lines part from N = {min(apart)} on"
    if below:
        text += (f"; in the real game the first player is the underdog from N = {min(below)} on (exact "
                 f"{100 * exact[max(both)]:.2f} % at N = {max(both)}, per-turn {per_turn[max(both)]:.2f} %)")
    for n, r in gambit.iterrows():
        if n in exact.index and abs(r.gambit_pct - 100 * exact[n]) > 0.005:
            text += (f"; the talk's Gambit value at N = {n} ({r.gambit_pct:.2f} %) sits on the per-turn line "
                     f"({per_turn[n]:.2f} %), not on the exact one ({100 * exact[n]:.2f} %)")
    return text + "."


def _annotated_heatmap(ax, grid: pd.DataFrame, fmt: str, title: str, missing_label: str = "not\nsolved"):
    values = grid.to_numpy(dtype=float)
    image = ax.imshow(np.ma.masked_invalid(values), cmap="RdBu", vmin=0, vmax=100, origin="upper")
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            if np.isnan(values[i, j]):
                ax.add_patch(Rectangle(
                    (j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///", edgecolor="0.6", lw=0))
                ax.text(j, i, missing_label, ha="center", va="center", fontsize=10, color="0.3")
            else:
                ax.text(j, i, format(values[i, j], fmt), ha="center", va="center", fontsize=10,
                        color="white" if abs(values[i, j] - 50) > 30 else "black")
    ax.set_xticks(range(values.shape[1]), [str(c) for c in grid.columns])
    ax.set_yticks(range(values.shape[0]), [str(r) for r in grid.index])
    ax.set(xlabel="second player's dice", ylabel="first player's dice", title=title)
    ax.grid(False)
    return image


def bluff2_heatmaps(printed: pd.DataFrame, per_turn: pd.DataFrame, exact: pd.DataFrame,
                    titles=("printed in the talk", "per-turn method (ours)", "exact equilibrium (ours)")):
    """Three grids of the first player's win %, side by side: printed, per-turn (ours), exact (ours; rounds
    not solved are hatched). Each grid has first player's dice as rows, second player's as columns."""
    fig, axes = plotting.figure(1, 3, width=3.6, height=3.6)
    image = None
    for ax, grid, fmt, title in ((axes[0], printed, ".0f", titles[0]),
                                 (axes[1], per_turn, ".1f", titles[1]),
                                 (axes[2], exact, ".1f", titles[2])):
        image = _annotated_heatmap(ax, grid.reindex(index=printed.index, columns=printed.columns), fmt, title)
    for ax in axes[1:]:   # the rows are the same in every panel: one y label, none pressed against its neighbour
        ax.set_ylabel("")
    fig.get_layout_engine().set(wspace=0.06)
    fig.colorbar(image, ax=list(axes), shrink=0.8, label="first player's win %")
    return fig


#: the strategy heatmaps' tick labels (points): 10 points came out about 8 px tall on the page
STRATEGY_TICK_PT = 12


def strategy_heatmaps(opening: pd.DataFrame, calling: pd.DataFrame, faces: int, min_prob: float = 5e-4):
    """The opener's first bid (left) and the responder's chance of calling bluff on it (right), hand by bid.
    Moves the opener never makes are left blank on the left; on the right, bids nobody opens with (never
    reached, so the answer there is arbitrary) are hatched."""
    fig, axes = plotting.figure(1, 2, width=0.42 * opening.shape[1] + 1.6, height=3.4)
    opened = (opening >= min_prob).any(axis=0)
    panels = ((axes[0], opening.where(opening >= min_prob), "opener: P(first bid | hand)", "Blues"),
              (axes[1], calling, "responder: P(call bluff | hand, bid)", "Oranges"))
    for ax, table, title, cmap in panels:
        values = table.to_numpy(dtype=float)
        image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, vmin=0, vmax=1, aspect="auto")
        for i in range(values.shape[0]):
            for j in range(values.shape[1]):
                if ax is axes[1] and not opened.iloc[j]:
                    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=True, facecolor="white", hatch="///",
                                           edgecolor="0.75", lw=0))
                elif not np.isnan(values[i, j]) and values[i, j] >= min_prob:
                    ax.text(j, i, f"{values[i, j]:.2f}", ha="center", va="center", fontsize=10,
                            color="white" if values[i, j] > 0.6 else "black")
        # ticks at STRATEGY_TICK_PT (issue 50: the rotated bid labels and the colour bars' ticks were about 8 px
        # on the page, where this two-panel figure is scaled down to the output column)
        ax.set_xticks(range(values.shape[1]), list(table.columns), rotation=90, fontsize=STRATEGY_TICK_PT)
        ax.set_yticks(range(values.shape[0]), list(table.index), fontsize=STRATEGY_TICK_PT)
        ax.set(xlabel="bid (quantity×face)", ylabel="own die" if ax is axes[0] else "", title=title)
        ax.grid(False)
        bar = fig.colorbar(image, ax=ax, shrink=0.85, label="probability")
        bar.ax.tick_params(labelsize=STRATEGY_TICK_PT)
    fig.suptitle(f"Exact equilibrium, N = {faces}, one die each (face {faces} wild)")
    fig.get_layout_engine().set(wspace=0.08)   # the left colour bar's label clear of the right panel's die labels
    return fig


def rules_words(rules: str) -> str:
    """A rule set as a legend or caption says it: its name in words without the code string of its variant
    ("the talk's game (star-order:difference/difference/challenger)" -> "the talk's game", issue 50); the
    table keeps the code."""
    return re.sub(r"\s*\([^()]*[:/][^()]*\)", "", str(rules)).strip()


MEMORY_FLOOR_GB = 1e-3  # a round's memory growth under 1 MB is noise: drawn at the floor of a log axis (no "0" tick)


def scaling_figure(scaling: pd.DataFrame):
    """Time (left) and the round's own peak memory (right; resident peak above the warmed-up interpreter) of
    one Bluff-2 round against its number of bid histories: the old whole-tree sequence-form LP beside the
    double oracle, for each rule set in the table (column ``rules``)."""
    fig, axes = plotting.figure(1, 2, width=4.8, height=4.0)
    rule_sets = list(dict.fromkeys(scaling["rules"]))
    styles = ("-", "--", ":")
    for k, rules in enumerate(rule_sets):
        part_rules = scaling[scaling["rules"] == rules]
        for solver, marker, colour in (("old LP", "s", "C0"), ("double oracle", "o", "C1")):
            part = part_rules[part_rules.solver == solver].sort_values("histories")
            if part.empty:
                continue
            label = f"{solver}, {rules_words(rules)}"
            axes[0].plot(part.histories, part.seconds, marker=marker, ls=styles[k % 3], color=colour, label=label)
            axes[1].plot(part.histories, np.maximum(part.rss_growth_gb, MEMORY_FLOOR_GB), marker=marker, ls=styles[k % 3], color=colour,
                         label=label)
    axes[0].set(xscale="log", yscale="log", xlabel="bid histories of the round ($2^{2(a+b)}$)", ylabel="seconds")
    axes[1].set(xscale="log", yscale="log", xlabel="bid histories of the round ($2^{2(a+b)}$)",
                ylabel="peak memory (GB, ≥ 0.001)")
    axes[1].set_ylim(bottom=MEMORY_FLOOR_GB / 1.5)
    for ax in axes:   # a short log range labels its minor ticks too, and they ran into each other
        ax.xaxis.set_minor_formatter(NullFormatter())
        # the values' own axis in plain numbers at 1, 2 and 5 of each decade, in order (issue 50: minor labels
        # "6×10⁻² 4×10⁻² 2×10⁻³" read as a jumble)
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(NullFormatter())
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=2, fontsize=10)
    fig.suptitle("One Bluff-2 round (N = 2): old whole-tree LP vs double oracle")
    return fig


def _seconds(x: float) -> str:
    return f"{x:.0f} s" if x >= 10 else f"{x:.2g} s"


def _memory(gb: float) -> str:
    """A round's own memory in words: GB from 0.1 GB up, MB below, "under 1 MB" (the floor of the figure)."""
    if gb >= 0.1:
        return f"{gb:.2f} GB"
    return f"{1000 * gb:.0f} MB" if gb >= MEMORY_FLOOR_GB else "under 1 MB"


def scaling_caption(scaling: pd.DataFrame) -> str:
    """What to notice under :func:`scaling_figure`, from its table, in sentences: for each rule set, the largest
    round both solvers solve, and the double oracle's largest round."""
    parts = []
    for rules, part in scaling.groupby("rules", sort=False):
        secs = part.pivot(index="histories", columns="solver", values="seconds").dropna()
        mem = part.pivot(index="histories", columns="solver", values="rss_growth_gb").dropna()
        oracle = part[part.solver == "double oracle"].sort_values("histories").iloc[-1]
        name = rules_words(rules) if rules_words(rules).startswith("the ") else f"the {rules_words(rules)}"
        largest = (f"{int(oracle.first_dice)} dice against {int(oracle.second_dice)} "
                   f"({int(oracle.histories):,} histories)")
        if not len(secs):
            parts.append(f"for {name}, the double oracle's largest round, {largest}, takes "
                         f"{_seconds(oracle.seconds)} and {_memory(oracle.rss_growth_gb)}.")
            continue
        big = secs.index.max()
        text = (f"for {name}, the largest round both solvers solve has {big:,} histories. There the "
                f"old LP takes {_seconds(secs.loc[big, 'old LP'])} and {_memory(mem.loc[big, 'old LP'])}, the double "
                f"oracle {_seconds(secs.loc[big, 'double oracle'])} and {_memory(mem.loc[big, 'double oracle'])}.")
        if oracle.histories > big:
            text += (f" The double oracle goes on to {largest} in {_seconds(oracle.seconds)} and "
                     f"{_memory(oracle.rss_growth_gb)}.")
        parts.append(text)
    parts = [parts[0]] + [p[0].upper() + p[1:] for p in parts[1:]]
    return ("Figure: time (left) and memory (right) of one Bluff-2 round against its number of bid histories. Each "
            "round runs alone in a fresh process; its memory is its own peak, the resident peak above the warmed-up "
            "interpreter. What to notice: " + " ".join(parts))


def talk_game_caption(printed: pd.DataFrame, per_turn: pd.DataFrame, exact: pd.DataFrame, variant: str) -> str:
    """The caption of the talk's game heat maps (printed, per-turn, exact), every number read from the grids."""
    pt = per_turn.pivot(index="first_dice", columns="second_dice", values="win_pct").reindex(
        index=printed.index, columns=printed.columns)
    ex = exact.pivot(index="first_dice", columns="second_dice", values="win_pct").reindex(
        index=printed.index, columns=printed.columns)
    truncates = int((np.floor(pt.to_numpy() + 1e-9) == printed.to_numpy()).sum())
    gap = ex - pt
    k = len(printed)
    diag = lambda g, f: ", ".join(format(g.iloc[i, i], f) for i in range(k))  # noqa: E731
    where = gap.abs().stack().idxmax()
    return (f"Figure: the first player's win % with N = 2 and up to {k} dice each in the talk's game (its rules are given in words above), its rows "
            f"the first player's dice and its columns the second player's. Left, printed in the talk; middle, the talk's "
            f"per-turn method (ours); right, the exact equilibrium of the same game (ours, certified). What to notice: the "
            f"middle grid truncates to the printed integer in {truncates} of {printed.size} cells; the exact "
            f"diagonal reads {diag(ex, '.2f')} (printed {diag(printed, 'd')}), and the exact grid lies up to {gap.abs().max().max():.2f} points from the per-turn values "
            f"(at {where[0]} v {where[1]} dice), because the per-turn method is not exact in Bluff.")


# ---------------------------------------------------------------------------------------------
# Liar's Dice (part 1)
# ---------------------------------------------------------------------------------------------
LD1_SHOWN = (1, 2, 3, 4, 5, 6, 10, 20, 50, 100)   # the N shown in the LD-1 table


def ld1_first_player(ld1: pd.DataFrame):
    """LD-1: the first player's win % under optimal play against N, with 50 % marked and Ferguson's 41/60 marked
    at N = 6 only (the one N it is a value of)."""
    num, den = printed.FERGUSON_P6
    fig, ax = plotting.figure(1, 1, width=7, height=3.8)
    ax.plot(ld1.faces, 100 * ld1.first_player_win, marker=".", lw=1, label="ours: per-turn LP, exact")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.scatter([6], [100 * num / den], marker="o", s=90, facecolors="none", edgecolors="C3", linewidths=1.4,
               zorder=5, label=f"{num}/{den} at N = 6 (Ferguson & Ferguson)")
    ax.annotate(f"{num}/{den}", (6, 100 * num / den), xytext=(14, 10), textcoords="offset points", color="C3",
                fontsize=9)
    ax.set(xlabel="faces N", ylabel="first player's win %", title="Liar's Dice, optimal play (LD-1)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))   # N is a whole number of faces: no tick at 2.5
    ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2, frameon=False)
    return fig


#: a column of notebook 05's tables as the page names it (issue 50: "win pct", "nash conv", "sim pct", "oracle s"
#: read as code); a column not named here keeps its name, underscores shown as spaces
COLUMN_WORDS = {
    "faces": "faces N", "first_player_utility": "first player's utility", "first_player_win": "first player's win chance",
    "win_pct": "win %", "self_play_win": "win chance in self-play",
    "best_response_as_first": "best responder's value as first mover", "best_response_as_second":
        "best responder's value as second mover", "nash_conv": "NashConv",
    "utility": "utility", "utility_trunc": "utility (truncated as printed)", "win_pct_trunc": "win % (truncated)",
    "talk_utility": "talk's utility", "talk_win_pct": "talk's win %", "matches_talk": "matches the talk",
    "previous_bid": "previous bid", "caller_win_pct": "caller's win %", "caller_win_pct_trunc": "caller's win % (truncated)",
    "talk_pct": "talk's %", "per_turn_win_pct": "per-turn win %", "per_turn_gap_pct": "per-turn gap (points)",
    "exact_win_pct": "exact win %", "exact_gap_pct": "exact gap (points)",
}


def words(frame: pd.DataFrame) -> pd.DataFrame:
    """A table as the page shows it: its columns in words (:data:`COLUMN_WORDS`), rows numbered afresh (from 1
    on the page, not by the rows of the full table they were picked from)."""
    return frame.reset_index(drop=True).rename(columns=COLUMN_WORDS)


#: notebook 05's tables: one count of decimals per column, 4 unless a column is given its own
#: (:func:`liarlab.study.decimals.shown`, the one door for it)
fixed = partial(shown, digits=4)


def ld1_view(ld1: pd.DataFrame) -> pd.DataFrame:
    """The LD-1 rows of :data:`LD1_SHOWN`, with the win in percent."""
    # the win chance once, in % (a "win chance" column beside "win %" said it twice, issue 50 reader)
    shown = ld1[ld1.faces.isin(LD1_SHOWN)].assign(win_pct=lambda d: 100 * d.first_player_win)
    return fixed(words(shown.drop(columns="first_player_win").round(6)), **{COLUMN_WORDS["win_pct"]: 2})


def ld_expl_view(ld_expl: pd.DataFrame) -> pd.DataFrame:
    """The NashConv table as shown: NashConv in words ("< 10⁻¹⁵", "0"), columns in words."""
    # self-play equal to the first player's chance on every row is said once (the NashConv column says why)
    same = {"first_player_win", "self_play_win"} <= set(ld_expl.columns) and bool(
        ((ld_expl.first_player_win - ld_expl.self_play_win).abs() < 1e-9).all())
    shown = ld_expl.drop(columns="self_play_win") if same else ld_expl
    return fixed(words(shown.assign(nash_conv=shown.nash_conv.map(sci)).round(6)))


def ld1_caption(ld1: pd.DataFrame) -> str:
    """The caption under :func:`ld1_first_player`, from the run's table (issue 50: a fixed "N = 1..100" under an
    axis that stopped at 20)."""
    num, den = printed.FERGUSON_P6
    order = ld1.sort_values("faces")
    top = int(order.faces.max())
    falls = bool((order.first_player_win.diff().dropna() <= 1e-12).all())
    above = bool((order.first_player_win > 0.5).all())
    trend = "it falls as N grows" if falls else "it does not fall steadily as N grows"
    level = (f"{'but' if falls else 'and'} stays above 50 % (grey dashed line) for every N" if above
             else "and drops below 50 % (grey dashed line) for some N")
    at6 = ""
    if (order.faces == 6).any():
        ours6 = float(order.loc[order.faces == 6, "first_player_win"].iloc[0])
        at6 = (f", and at N = 6 it {'passes through' if abs(ours6 - num / den) < 1e-9 else 'misses'} Ferguson & "
               f"Ferguson's {num}/{den} (the circle, the only N that value belongs to)")
    return (f"*Figure: the first player's winning chance under optimal play, for N = 1..{top} faces (the talk "
            f"computes N = 1..100). What to notice: {trend} {level}{at6}.*")


def ld1_note(ld1: pd.DataFrame, exact6) -> str:
    # a sentence, not a program's printout ("= 0.6833333333; ...: True")
    top = int(ld1.faces.max())
    above = bool((ld1.first_player_win > 0.5).all())
    return (f"P1(6) certified exactly: {exact6} ≈ {float(exact6):.4f}; P1 > 1/2 "
            + (f"for every N from 1 to {top}" if above else f"fails for some N from 1 to {top}") + ".")


def caller_view(caller: pd.DataFrame, min_prob: float = 5e-4) -> pd.DataFrame:
    """A caller strategy per previous s (rows) and roll r (columns): each announcement b it makes with its chance,
    "b = 3 (0.5), b = 4 (0.5)", or "b = 3" where it is sure (issue 50: 'b:prob' strings read as code); moves never
    made left out."""
    played = caller[caller.prob >= min_prob]

    def move(b, prob) -> str:
        return f"b = {b}" if prob >= 1 - min_prob else f"b = {b} ({prob:.3g})"

    return (played.assign(txt=[move(b, p) for b, p in zip(played.announce, played.prob)])
            .groupby(["previous", "roll"]).txt.agg(", ".join).unstack("roll").fillna("")
            .rename_axis(index="previous s", columns="roll r"))


def guesser_view(guesser: pd.DataFrame) -> pd.DataFrame:
    """A guesser strategy: P(Bluff) per previous s (rows) and announcement b (columns)."""
    return shown(guesser.pivot(index="previous", columns="announce", values="p_bluff").round(3), 3)


def ld2_view(ld2: pd.DataFrame) -> pd.DataFrame:
    view = ld2.assign(sim_pct=100 * ld2.win_rate, ci_low_pct=100 * ld2.ci_low, ci_high_pct=100 * ld2.ci_high,
                      exact_pct=100 * ld2.exact_first_win)
    return fixed(view[["first", "second", "games", "sim_pct", "ci_low_pct", "ci_high_pct", "exact_pct", "talk_pct",
                       "contains_41_60"]].round(2).rename(columns={
                     "first": "first player's strategy", "second": "second player's strategy",
                     "sim_pct": "simulated win %", "ci_low_pct": "95% interval, low %",
                     "ci_high_pct": "95% interval, high %", "exact_pct": "exact win %", "talk_pct": "talk's %",
                     "contains_41_60": "interval holds 41/60"}), digits=2, **{"talk's %": 3})


# ---------------------------------------------------------------------------------------------
# Bluff with one die each (part 2)
# ---------------------------------------------------------------------------------------------
def exact_vs_view(cmp: pd.DataFrame) -> pd.DataFrame:
    """The one-die comparison of the per-turn profile, the exact equilibrium and the printed values."""
    from liarlab.study.tables import with_decimals

    view = pd.DataFrame({
        "faces": cmp.faces,
        "per-turn claimed %": 100 * cmp.per_turn_claimed_win,
        "per-turn played %": 100 * cmp.per_turn_self_play_win,
        "BR gain vs 1st": cmp.per_turn_gain_first, "BR gain vs 2nd": cmp.per_turn_gain_second,
        "mean BR gain": cmp.per_turn_mean_gain,
        "exact %": 100 * cmp.exact_win,
        "talk %": cmp.talk_pct, "prior work %": cmp.prior_work_pct, "Gambit %": cmp.gambit_pct,
    })
    # one count of decimals per column of ours (rounded cell by cell, "75" sat over "56.0185", issue 50); the
    # printed columns keep the print's own digits; the exact profile's gain (0) is said in the note
    return with_decimals(view, {**dict.fromkeys(["per-turn claimed %", "per-turn played %", "exact %"], 3),
                                **dict.fromkeys(["BR gain vs 1st", "BR gain vs 2nd", "mean BR gain"], 4)})


def exact_vs_note(cmp: pd.DataFrame) -> str:
    """What to notice under :func:`exact_vs_view`: the mean best-response gain is the first screen's headline, and
    why N = 2 is left out of its minimum (issue 50 reader computed the mean by hand)."""
    part = cmp[cmp.faces >= 3]
    if part.empty:
        return ""
    best = part.loc[part.per_turn_mean_gain.idxmin()]
    small = cmp[cmp.faces < 3]
    n2 = (f" N = 2 is left out of that minimum: there the per-turn profile is exact (mean gain "
          f"{float(small.per_turn_mean_gain.iloc[0]):.4f}), so it cannot tell the methods apart." if len(small) else "")
    return (f"*What to notice:* a best responder's mean gain against the per-turn profile, the mean of the two seats' "
            f"gains on the ±1 scale, is smallest at N = {int(best.faces)}: {best.per_turn_mean_gain:.4f}, the "
            f"first screen's headline number (0 for an optimal profile; 0.1 is 5 win-% points).{n2} Against the "
            f"exact profile a best responder gains at most {sci(cmp.exact_mean_gain.abs().max())} at any N.")


def one_die_view(one_die: pd.DataFrame) -> pd.DataFrame:
    """The certified one-die values beside CFR+ and the talk's."""
    from liarlab.study.tables import with_decimals

    cfr_bracket = [f"[{100 * lo:.3f}, {100 * hi:.3f}]" if np.isfinite(lo) else ""
                   for lo, hi in zip(one_die.cfr_lower, one_die.cfr_upper)]
    view = pd.DataFrame({"faces": one_die.faces, "histories": one_die.histories,
                        "talk %": one_die.talk_pct, "per-turn %": 100 * one_die.per_turn_win,
                        "exact %": 100 * one_die.exact_win, "bracket width": one_die.width.map(width_text),
                        "CFR+ %": 100 * one_die.cfr_win, "CFR+ bracket %": cfr_bracket})
    # solve times are not findings, and those of stored certificates are not this run's (issue 50 reader): they
    # stay in data/05_one_die_exact_cfr.csv
    # our percentages at the CFR+ bracket's 3 decimals ("74.9999" sat beside "[75.000, 75.000]", issue 50)
    return with_decimals(view, dict.fromkeys(["per-turn %", "exact %", "CFR+ %"], 3))


# ---------------------------------------------------------------------------------------------
# Bluff-2 grids
# ---------------------------------------------------------------------------------------------
def printed_grid(max_dice: int) -> pd.DataFrame:
    """The talk's Bluff-2 table up to ``max_dice`` dice each (rows: first player's dice)."""
    grid = pd.DataFrame(printed.TALK_BLUFF2_ROWS, index=range(1, 6), columns=range(1, 6))
    return grid.rename_axis(index="first_dice", columns="second_dice").iloc[:max_dice, :max_dice]


def win_grid(grid: pd.DataFrame, solved_only: bool = False) -> pd.DataFrame:
    """A Bluff-2 table (first_dice, second_dice, win_pct) as a grid; ``solved_only`` blanks unsolved cells."""
    if solved_only:
        grid = grid.assign(win_pct=grid.win_pct.where(grid.status == "solved"))
    return grid.pivot(index="first_dice", columns="second_dice", values="win_pct")


def default_reading_heatmaps(printed_grid: pd.DataFrame, per_turn: pd.DataFrame, exact: pd.DataFrame):
    """The printed grid beside the default reading's per-turn and exact grids (tables of win_pct)."""
    return bluff2_heatmaps(printed_grid, win_grid(per_turn), win_grid(exact, solved_only=True),
                           titles=("printed in the talk", "default reading, per-turn (ours)",
                                   "default reading, exact (ours)"))


def default_reading_caption(printed_grid: pd.DataFrame, per_turn: pd.DataFrame, exact: pd.DataFrame) -> str:
    """The caption of :func:`default_reading_heatmaps`, every number read from the grids."""
    per_turn_grid, exact_grid = win_grid(per_turn), win_grid(exact, solved_only=True)
    gap = (per_turn_grid - exact_grid).abs().max().max()
    solved = int((exact.status == "solved").sum())
    return (f"*Figure: the first player's win % with N = 2 and up to {len(printed_grid)} dice each (rows are the first "
            f"player's dice, columns the second player's). Left, printed in the talk; middle, the talk's per-turn method "
            f"under the default reading of the rules (loser opens, quantity order; ours); right, the exact equilibrium "
            f"of that game (ours, {solved} of {len(exact)} cells solved and certified). This is not the talk's game "
            f"(next section). What to notice: the per-turn and exact grids differ by at most {gap:.2f} points (both "
            f"are races, see below), and the printed grid's diagonal "
            f"({', '.join(str(printed_grid.iloc[k, k]) for k in range(len(printed_grid)))}) falls, where the exact "
            f"diagonal stays at {', '.join(f'{exact_grid.iloc[k, k]:.2f}' for k in range(len(exact_grid)))}.*")


def talk_game_heatmaps(printed_grid: pd.DataFrame, per_turn: pd.DataFrame, exact: pd.DataFrame):
    """The printed grid beside the talk's game's per-turn and exact grids (tables of win_pct)."""
    return bluff2_heatmaps(printed_grid, win_grid(per_turn), win_grid(exact),
                           titles=("printed in the talk", "the talk's game, per-turn (ours)",
                                   "the talk's game, exact (ours)"))


def talk_game_note(talk: pd.Series, talk_cells: pd.DataFrame, counting: pd.DataFrame) -> str:
    """The talk's game (or the closest variant) in words: its rules, the printed cells its per-turn grid gives,
    and the next best variant's count."""
    from liarlab.papers.p05.experiments import rules_in_words

    found = bool(talk.truncated_matches == talk.cells)
    ranked = counting.sort_values(["truncated_matches", "mean_abs_gap_pct"], ascending=[False, True])
    per_turn = ranked[ranked.method == "per-turn"]
    next_best = per_turn[per_turn.variant != talk.variant].truncated_matches.iloc[0]
    ties = int((per_turn.truncated_matches == talk.truncated_matches).sum())
    # two variants giving every cell is no unique identification (issue 50 reader): say how many tie and the break
    tie = (f"; the next best variant gives {int(next_best)}." if ties <= 1 else
           f"; {ties} variants give {int(talk.truncated_matches)}, and this one has the smallest mean |gap|, so the "
           f"identification rests on {int(talk.cells)} printed cells and that tie-break.")
    return (f"**{'The talk' + chr(39) + 's game' if found else 'No variant gives every printed cell; the closest one'}.** "
            f"Rules: {rules_in_words(talk)}. Its per-turn grid gives "
            f"{int(talk.truncated_matches)} of {int(talk.cells)} printed cells (truncated; {int(talk.rounded_matches)} "
            f"rounded), gaps from {talk_cells.gap_pct.min():+.2f} to {talk_cells.gap_pct.max():+.2f} points (mean "
            f"|gap| {talk.mean_abs_gap_pct:.2f}){tie}")


def kept_summary_view(summary: pd.DataFrame) -> pd.DataFrame:
    """:func:`liarlab.papers.p05.experiments.kept_summary` as shown (brackets in e-notation)."""
    return summary.assign(widest_bracket=lambda d: d.widest_bracket.map(sci)).round(3)


def kept_names(kept_grids: pd.DataFrame) -> dict[str, str]:
    """A short name for each kept variant, in the table's order: "A", "B", ... (issue 50: the per-round table
    repeated each variant's long name in words three times); :func:`kept_key` defines them."""
    variants = list(dict.fromkeys(kept_grids.variant))
    return {v: chr(ord("A") + i) for i, v in enumerate(variants)}


def kept_key(kept_grids: pd.DataFrame, talk: str | None = None) -> str:
    """The short names defined once, above the tables that use them: "A  star bid order; ... (the talk's game)"."""
    from liarlab.papers.p05.experiments import variant_words

    # one line a variant: a variant's words hold semicolons of their own, so a list on one line would not parse
    lines = [f"  {name}  " + variant_words(v) + (" (the talk's game)" if v == talk else "")
             for v, name in kept_names(kept_grids).items()]
    return "\n".join(["The kept variants, by the short names the tables below use:"] + lines)


def kept_per_round_view(kept_grids: pd.DataFrame) -> pd.DataFrame:
    """Each round of the kept variants: one row per round, for each variant (by its short name,
    :func:`kept_names`) its certified bracket width, seconds and memory; seconds to 2 decimals and memory in MB to
    1 (issue 50: "0.00008011" GB, "0.009715" s). One row a round keeps the table narrow: it was 9 rows of 25
    rounds, shown in two parts, each variant's long name three times."""
    names = kept_names(kept_grids)
    frame = kept_grids.assign(round=[f"{a} v {b}" for a, b in zip(kept_grids.first_dice, kept_grids.second_dice)],
                              variant=kept_grids.variant.map(names))
    out = pd.DataFrame({"round": list(dict.fromkeys(frame["round"]))})
    for name in names.values():
        sel = frame[frame.variant == name].set_index("round").reindex(out["round"])
        out[f"{name}: bracket width"] = [width_text(v) for v in sel.width]
        out[f"{name}: seconds"] = sel.seconds.to_numpy(dtype=float)
        out[f"{name}: memory (MB)"] = 1024 * sel.memory_gb.to_numpy(dtype=float)
    return shown(out, 2, **{c: 1 for c in out.columns if c.endswith("memory (MB)")},
                 **{c: 2 for c in out.columns if c.endswith(": seconds")})


def kept_grids_view(kept_grids: pd.DataFrame) -> pd.DataFrame:
    """The kept variants' exact grids, win %, one row per (variant, first player's dice), the variant by its
    short name (:func:`kept_names`)."""
    return (kept_grids.assign(variant=kept_grids.variant.map(kept_names(kept_grids)))
            .pivot_table(index=["variant", "first_dice"], columns="second_dice", values="win_pct", sort=False)
            .round(2).rename_axis(index=["variant", "first player's dice"], columns="second player's dice"))


# ---------------------------------------------------------------------------------------------
# The first screen
# ---------------------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * float(x):.2f} %"


def selection_words(claims: pd.DataFrame) -> str:
    """How many reproduced findings agree by selection (judged on the Bluff-2 game chosen for its agreement with
    the print), for the first screen: the count said it, the caveat sat in the body (issue 50 reader)."""
    found = claims[(claims.kind == "finding") & (claims.verdict == "reproduced")]
    chosen = int(found["flags"].astype(str).str.contains("agrees by selection").sum())
    if not chosen:
        return ""
    return (f" Of the {len(found)} reproduced findings, {chosen} agree by selection ({len(found) - chosen} do not): "
            "they are judged on the Bluff-2 rules that were chosen because their per-turn grid gives the printed cells.")


def first_screen(ld1: pd.DataFrame, bluff1: pd.DataFrame, one_die: pd.DataFrame,
                 claims: pd.DataFrame | None = None) -> str:
    """The second half of the question on the first screen (issue 50: "what do they say about the first player's
    chance as the dice get more faces" was answered for Liar's Dice alone; the real game's answer sat 6,000 px
    down): Liar's Dice from ``ld1`` (faces, first_player_win), the talk's per-turn Bluff from ``bluff1`` (faces,
    win_pct) and the certified exact Bluff values from ``one_die`` (faces, exact_win), all with one die each."""
    ld = ld1[ld1.faces >= 2].sort_values("faces")
    lo, hi = ld.iloc[0], ld.iloc[-1]
    above = bool((ld.first_player_win > 0.5).all())
    text = (f"**As the dice get more faces** (exact values, one die each). In Liar's Dice the first player's chance "
            f"goes from {_pct(lo.first_player_win)} at N = {int(lo.faces)} to {_pct(hi.first_player_win)} at "
            f"N = {int(hi.faces)}, " + ("above 50 % for every N." if above else "and drops below 50 % for some N."))
    per = bluff1.sort_values("faces")
    low = per.loc[per.win_pct.idxmin()]
    last = per.iloc[-1]
    text += f" In Bluff the talk's per-turn method says it falls to {low.win_pct:.2f} % at N = {int(low.faces)}"
    if last.faces != low.faces and last.win_pct > low.win_pct:
        text += f" and rises again to {last.win_pct:.2f} % at N = {int(last.faces)}"
    exact = one_die.dropna(subset=["exact_win"]).sort_values("faces")
    if len(exact):
        end = exact.iloc[-1]
        under = exact[exact.exact_win < 0.5]
        # "below 50 % from N = k on" only when every larger N solved is below too
        tail = ""
        if len(under) and bool((exact[exact.faces >= under.faces.min()].exact_win < 0.5).all()):
            tail = f", below 50 % from N = {int(under.faces.min())} on"
        text += (f"; the exact equilibrium of the real round (certified for N = {int(exact.faces.min())}.."
                 f"{int(end.faces)}) puts it at {_pct(end.exact_win)} at N = {int(end.faces)}{tail}: in the real "
                 f"game the {'second' if end.exact_win < 0.5 else 'first'} player is favoured there.")
    else:
        text += "."
    return text + ("" if claims is None else selection_words(claims))


def bluff1_view(bluff1: pd.DataFrame) -> pd.DataFrame:
    """The Bluff-1 table as shown: columns in words, our unrounded utility at 4 decimals and win % at 2 (the
    talk's digits), the truncated and printed columns as they are ("0.07688" sat under "0.1204", issue 50)."""
    from liarlab.study.tables import with_decimals

    return with_decimals(words(bluff1.round(6)), {COLUMN_WORDS["utility"]: 4, COLUMN_WORDS["win_pct"]: 2})


def strategy_difference_note(k_caller: pd.DataFrame, k_guesser: pd.DataFrame, t_caller: pd.DataFrame,
                             t_guesser: pd.DataFrame, tol: float = 1e-6) -> str:
    """What to notice under the four K / T* tables: the cells where the two strategies differ, read from the
    tables (the reader compared four tables by eye, issue 50)."""
    key = ["previous", "roll", "announce"]
    caller = k_caller.merge(t_caller, on=key, how="outer", suffixes=("_k", "_t")).fillna({"prob_k": 0, "prob_t": 0})
    moved = caller[(caller.prob_k - caller.prob_t).abs() > tol]
    cells = sorted({(int(s), int(r)) for s, r in zip(moved.previous, moved.roll)})
    guess = k_guesser.merge(t_guesser, on=["previous", "announce"], suffixes=("_k", "_t"))
    gmoved = guess[(guess.p_bluff_k - guess.p_bluff_t).abs() > tol]
    calls = ("the caller's announcements are the same in every cell" if not cells else
             "the caller's announcements differ only at " + ", ".join(f"(s = {s}, roll {r})" for s, r in cells))
    guesses = ("the guesser's P(Bluff) is the same in every cell" if not len(gmoved) else
               "the guesser's P(Bluff) differs only at " + ", ".join(
                   f"(s = {int(x.previous)}, b = {int(x.announce)}): K {x.p_bluff_k:.3f}, T\\* {x.p_bluff_t:.3f}"
                   for x in gmoved.itertuples()))
    return f"*What to notice:* K and T\\* are not identical: {calls}; {guesses}."
