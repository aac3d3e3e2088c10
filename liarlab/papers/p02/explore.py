"""Notebook 02's Explore section: a short Q-learning curve for a chosen exploration rate and history length.

A fresh report-style Q-table (:class:`liarlab.liardice.qfast.FastTable`, partial hand) trains against one of
the report's rule players in the compiled engine, seats rotating, in ``n_points`` equal chunks; after each
chunk the frozen table plays ``n_eval`` greedy games against the same opponent. :func:`draw` plots that win
rate with its 95% Wilson interval against the games trained. Each redraw takes about a second.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter

from liarlab.core.stats import wilson_interval
from liarlab.core.validation import check_choice, check_int, check_probability
from liarlab.liardice import qfast
from liarlab.study import plotting
from liarlab.study.controls import Choice, Explorer, Slider

OPPONENTS = ("EXPRAND", "EXP0", "EXP1", "EXP2", "EXP3", "RAND")


def learning_curve(epsilon: float = 0.1, history: int = 1, opponent: str = "EXPRAND", n_train: int = 50_000,
                   n_points: int = 10, n_eval: int = 2_000, seed: int = 0) -> pd.DataFrame:
    """Greedy win rate of the learner after each of ``n_points`` training chunks (row 0: the untrained table)."""
    check_probability("epsilon", epsilon)
    check_int("history", history, 1, 3)
    check_choice("opponent", opponent, OPPONENTS)
    n_train = check_int("n_train", n_train, 1)
    n_points = check_int("n_points", n_points, 1, n_train)
    n_eval = check_int("n_eval", n_eval, 1)
    rng = np.random.default_rng(seed)
    table = qfast.FastTable.new(2, history, "partial")
    bounds = np.linspace(0, n_train, n_points + 1).round().astype(int)
    rows = []
    for i, trained in enumerate(bounds):
        if i > 0:
            qfast.train(table, opponent, int(trained - bounds[i - 1]), rng, epsilon=epsilon)
        result = qfast.play([qfast.Player(table, epsilon=0.0), opponent], n_eval, rng)
        wins = result.wins(0)
        low, high = wilson_interval(wins, n_eval)
        rows.append({"games_trained": int(trained), "wins": wins, "games": n_eval, "rate": wins / n_eval,
                     "ci_low": low, "ci_high": high, "entries": len(table)})
    return pd.DataFrame(rows)


def draw(epsilon: float = 0.1, history: int = 1, opponent: str = "EXPRAND", n_train: int = 50_000, seed: int = 0):
    curve = learning_curve(epsilon, history, opponent, n_train, seed=seed)
    fig, ax = plotting.figure(1, 1, width=6.4, height=3.8)
    ax.fill_between(curve.games_trained, curve.ci_low, curve.ci_high, color="tab:blue", alpha=0.2,
                    lw=0, label="95% interval")
    ax.plot(curve.games_trained, curve.rate, marker="o", color="tab:blue",
            label=f"greedy Q-table vs {opponent} ({curve.games.iloc[0]:,} games per point)")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set(xlabel="games trained", ylabel="win rate", ylim=(0, 1),
           title=f"The report's update rule against {opponent}: ε = {epsilon:g}, history {history}; "
                 f"{int(curve.entries.iloc[-1]):,} table entries")
    ax.title.set_fontsize(10)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{int(x):,}"))
    ax.legend(loc="lower right", fontsize=10)
    return fig


def explorer(seed: int = 0) -> Explorer:
    controls = {"epsilon": Slider(0.0, 0.5, 0.1, step=0.05, label="epsilon"),
                "history": Slider(1, 3, 1, label="history"),
                "opponent": Choice(OPPONENTS, "EXPRAND", label="opponent"),
                "n_train": Slider(10_000, 200_000, 50_000, step=10_000, label="games")}
    return Explorer(lambda **v: draw(**v, seed=seed), controls,
                    title="A short Q-learning curve: exploration rate and history length")


def show(interactive: bool = False, seed: int = 0) -> None:
    """The Explore cell: sliders over the curve, or epsilon 0.1, history 1 against EXPRAND under the chain."""
    explorer(seed).show(interactive)
