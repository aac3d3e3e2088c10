"""Notebook 00's figures, one function per figure returning it, and their captions, computed from the figure's own
table (so a caption's words are true of its figure; tests/papers/p00 checks them against the data).

Whether a printed value "sits on its bar" is the verdict protocol's judgement at the printed precision
(:func:`liarlab.core.verdicts.value`), the same rule the claims table applies.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p00.experiments import growth_factors
from liarlab.study import plotting


def _on_their_bars(ours, printed, decimals: int) -> tuple[int, int]:
    """(printed values that agree with ours at the printed precision, printed values)."""
    pairs = [(p, o) for p, o in zip(printed, ours) if p is not None and not pd.isna(p)]
    agree = sum(V.value(p, V.exact(float(o)), decimals=decimals).verdict == "reproduced" for p, o in pairs)
    return agree, len(pairs)


def _sit(agree: int, total: int) -> str:
    return ("every printed tick sits on its bar" if agree == total
            else f"{agree} of {total} printed ticks sit on their bars")


def _exact_against_printed(x, exact, printed, printed_label: str, height: float, **labels):
    """Our exact values as bars and the printed ones as red ticks on them, on a log scale (the smallest values
    would be invisible bars on a linear axis); ``labels``: the axes' labels and title."""
    fig, ax = plotting.figure(width=6, height=height)
    # light bars and dark-red ticks, so a printed value just below our bar's top (k = 5) still shows on it
    ax.bar(x, exact, color="C0", alpha=0.45, edgecolor="C0", label="exact (liarlab)")
    ax.scatter(x, printed, color="#b2182b", zorder=3, marker="_", s=500, linewidths=3, label=printed_label)
    ax.set_yscale("log")
    ax.set(**labels)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=2)  # below the axes, clear of the bars
    return fig, ax


def _label_bars(ax, x, values, fmt: str) -> None:
    """Each bar's value just above its top (points, so the gap is the same on a log axis)."""
    for k, v in zip(x, values):
        ax.annotate(format(v, fmt), (k, v), textcoords="offset points", xytext=(0, 6), ha="center", fontsize=9)


def at_least_k(at_least: pd.DataFrame):
    """Paper 01, Table 4.5: the exact chance of at least k of one face among five dice (bars, value on top; log
    scale, so the smallest bars show) and the printed values (red ticks)."""
    fig, ax = _exact_against_printed(at_least["k"], at_least["p_at_least"], at_least["paper_p_at_least"],
                                     "printed in Table 4.5", 3.6, xlabel="k",
                                     ylabel="P(at least k of a face), log scale",
                                     title="Five dice: chance of at least k of one face")
    _label_bars(ax, at_least["k"], at_least["p_at_least"], ".4f")
    ax.set_ylim(top=3)  # headroom for the top bar's label
    return fig


def at_least_k_caption(at_least: pd.DataFrame) -> str:
    agree, total = _on_their_bars(at_least["p_at_least"], at_least["paper_p_at_least"], 4)
    one = at_least.set_index("k")
    return ("Figure: the exact chance of at least k of one face among five dice (bars, value on top; log scale, so "
            "the smallest bars show) and the thesis's Table 4.5 (red ticks). What to notice: "
            f"{_sit(agree, total)} (at the printed four decimals); the table is cumulative, not \"exactly k\" as its "
            f"caption says: P(at least 1) = {one.loc[1, 'p_at_least']:.4f}, while exactly one of a face has "
            f"{int(one.loc[1, 'exactly_k']):,}/{int(one.loc[0, 'at_least_k']):,} = "
            f"{one.loc[1, 'exactly_k'] / one.loc[0, 'at_least_k']:.4f}.")


def max_multiplicity(multiplicity: pd.DataFrame):
    """Paper 02, Table 6-3: the share of hands whose most common face shows 1 to 5 times (log scale) and the
    printed percentages (red ticks)."""
    fig, ax = _exact_against_printed(multiplicity["max_multiplicity"], multiplicity["percent"],
                                     multiplicity["paper_percent"], "printed in Table 6-3", 3.4,
                                     xlabel="largest multiplicity in the hand",
                                     ylabel="% of the 7,776 hands, log scale",
                                     title="Five dice: how many of the most common face")
    _label_bars(ax, multiplicity["max_multiplicity"], multiplicity["percent"], ".2f")
    ax.set_ylim(top=300)  # headroom for the top bar's label
    return fig


def max_multiplicity_caption(multiplicity: pd.DataFrame) -> str:
    agree, total = _on_their_bars(multiplicity["percent"], multiplicity["paper_percent"], 2)
    typical = multiplicity.loc[multiplicity["hands"].idxmax()]
    names = {1: "all faces different", 2: "a pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind"}
    m = int(typical["max_multiplicity"])
    return ("Figure: the share of the 7,776 hands whose most common face shows 1 to 5 times (bars, value on top; log scale so that "
            "five of a kind shows) and paper 02's Table 6-3 (red ticks). What to notice: a hand with "
            f"{names[m]} as its best is the typical hand ({typical['percent']:.2f} % of hands), and "
            f"{_sit(agree, total)} (at the printed two decimals).")


def q_space(q2: pd.DataFrame, q3: pd.DataFrame):
    """Paper 02, Tables 4-4, 6-1 and 6-2: Q-table entries against the history length, two and three players,
    partial and full hand, on a log scale; the title gives the range of the growth factor per step."""
    fig, ax = plotting.figure(width=6, height=3.6)
    ax.semilogy(q2["n"], q2["partial"], "o-", label="partial hand, 2 players")
    ax.semilogy(q2["n"], q2["full"], "s-", label="full hand, 2 players")
    ax.semilogy(q3["n"], q3["partial"], "o--", label="partial hand, 3 players")
    ax.semilogy(q3["n"], q3["full"], "s--", label="full hand, 3 players")
    low, high = growth_factors(q2, q3)
    ax.set(xlabel="history length n (earlier actions in the key)", ylabel="Q-table entries (log scale)",
           title=f"Q-table size grows {low:.1f}× to {high:.1f}× per history step")
    ax.legend()
    return fig


def _steps(table: pd.DataFrame, col: str) -> np.ndarray:
    values = table.sort_values("n")[col].to_numpy(dtype=float)
    return values[1:] / values[:-1]


def q_space_caption(q2: pd.DataFrame, q3: pd.DataFrame) -> str:
    shrinking = all((np.diff(_steps(t, c)) < 0).all() for t in (q2, q3) for c in ("partial", "full"))
    ratio = pd.concat([q2.full_over_partial, q3.full_over_partial])
    step = ("multiplies the table by a factor that shrinks as n grows" if shrinking
            else "multiplies the table by a factor that does not shrink steadily with n")
    return ("Figure: Q-table entries against the history length n, on a log scale. What to notice: each extra "
            f"history step {step} (the title gives the range over all four curves; the ratios are printed above), "
            f"and the full-hand tables stay {ratio.min():.1f} to {ratio.max():.1f} times the partial-hand ones.")
