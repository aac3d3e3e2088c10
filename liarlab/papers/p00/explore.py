"""Notebook 00's Explore section: the chance that unseen dice show at least k of a face, for any number of dice
and faces (the counting behind every bid of papers 01 and 02).

:func:`draw` plots :func:`liarlab.core.dice.probability_at_least` exactly (fractions turned into percentages)
for k = 0..n, and marks the largest k that still has at least the chosen chance. Every redraw is instant.
"""
from __future__ import annotations

import numpy as np

from liarlab.core import dice
from liarlab.core.validation import check_int, check_probability
from liarlab.study import plotting
from liarlab.study.controls import Explorer, Slider


def at_least_chances(n_dice: int = 5, faces: int = 6) -> np.ndarray:
    """P(at least k of a given face among ``n_dice`` fair dice), k = 0..n_dice (exact, as floats)."""
    n_dice = check_int("n_dice", n_dice, 1, 30)
    faces = check_int("faces", faces, 2, 20)
    return np.array([float(dice.probability_at_least(k, n_dice, faces)) for k in range(n_dice + 1)])


def percent_label(percent: float) -> str:
    """A bar's percentage at two decimals for every bar ("100.00", "59.81", "0.33"), "< 0.01" below that: one
    format for every bar (issue 50: three significant digits read as varying precision)."""
    return "< 0.01" if percent < 0.005 else f"{percent:.2f}"


def draw(n_dice: int = 5, faces: int = 6, chance: float = 0.5):
    check_probability("chance", chance)
    p = at_least_chances(n_dice, faces)
    safe = int(np.flatnonzero(p >= chance).max())
    fig, ax = plotting.figure(1, 1, width=6.4, height=3.6)
    k = np.arange(n_dice + 1)
    ax.bar(k, 100 * p, color=["tab:green" if i <= safe else "tab:grey" for i in k])
    for i, v in zip(k, p):
        ax.text(i, 100 * v + 1.5, percent_label(100 * v), ha="center", fontsize=10)
    ax.axhline(100 * chance, color="black", lw=0.8, ls="--")
    # the expected count (dice / faces) the caption speaks of, marked on the k axis
    ax.axvline(n_dice / faces, color="tab:red", lw=1, ls=":")
    ax.text(n_dice / faces, 104, f" expected count {n_dice / faces:.2f}", color="tab:red", fontsize=9, ha="left")
    ax.set_xticks(k)
    ax.set(xlabel="k", ylabel="P(at least k show the face) %", ylim=(0, 110),
           title=f"{n_dice} unseen dice with {faces} faces\nat least {safe} of a face with chance ≥ "
                 f"{100 * chance:.0f} % (green bars)")
    ax.title.set_fontsize(10)
    return fig


def explorer() -> Explorer:
    return Explorer(draw, {"n_dice": Slider(1, 15, 5, label="unseen dice"), "faces": Slider(2, 12, 6, label="faces"),
                           "chance": Slider(0.05, 0.95, 0.5, step=0.05, label="chance")},
                    title="How many of a face can the unseen dice be trusted to show?")


def show(interactive: bool = False) -> None:
    """The Explore cell: sliders over the chart, or five six-sided dice at 50 % under the chain."""
    explorer().show(interactive)
