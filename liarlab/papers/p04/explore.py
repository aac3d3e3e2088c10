"""Notebook 04's Explore section: how fast the linear-Q learner beats a chosen Cheat personality.

For each training length, ``n_seeds`` fresh learners train against the opponent (:func:`liarlab.cheat.fast.
train_and_test`, the paper's modified rules, seat 0 learning) and are then tested frozen and greedy for
``n_test`` games each. :func:`draw` plots the pooled test win rate with its 95% Wilson interval (draws count
as games not won) against the training games. Each redraw takes a second or two.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.cheat import fast
from liarlab.cheat.policies import FEATURE_SETS
from liarlab.core.stats import wilson_interval
from liarlab.core.validation import check_choice, check_int, check_probability
from liarlab.study import plotting
from liarlab.study.controls import Choice, Explorer, Slider

OPPONENTS = ("a", "b", "c", "d", "e", "f", "random")
TRAINING = (0, 25, 50, 100, 200, 300, 500, 1000)


def training_curve(opponent: str = "d", feature_set: str = "F7", epsilon: float = 0.5, max_training: int = 500,
                   n_seeds: int = 10, n_test: int = 500, seed: int = 0) -> pd.DataFrame:
    """Pooled test wins of ``n_seeds`` learners per training length up to ``max_training`` games."""
    check_choice("opponent", opponent, OPPONENTS)
    check_choice("feature_set", feature_set, FEATURE_SETS)
    check_probability("epsilon", epsilon)
    max_training = check_int("max_training", max_training, 0, TRAINING[-1])
    n_seeds = check_int("n_seeds", n_seeds, 1, 100)
    n_test = check_int("n_test", n_test, 1)
    rows = []
    for n_train in [t for t in TRAINING if t <= max_training]:
        streams = np.random.SeedSequence([seed, n_train]).spawn(n_seeds)
        results = [fast.train_and_test(opponent, n_train, n_test, np.random.default_rng(s), feature_set=feature_set,
                                       epsilon=epsilon) for s in streams]
        wins = sum(r["wins"] for r in results)
        games = sum(r["games"] for r in results)
        low, high = wilson_interval(wins, games)
        rows.append({"training_games": n_train, "wins": wins, "draws": sum(r["draws"] for r in results),
                     "games": games, "rate": wins / games, "ci_low": low, "ci_high": high, "learners": n_seeds})
    return pd.DataFrame(rows)


def draw(opponent: str = "d", feature_set: str = "F7", epsilon: float = 0.5, max_training: int = 500,
         seed: int = 0):
    curve = training_curve(opponent, feature_set, epsilon, max_training, seed=seed)
    fig, ax = plotting.figure(1, 1, width=6.4, height=3.8)
    ax.errorbar(curve.training_games, 100 * curve.rate,
                yerr=[100 * (curve.rate - curve.ci_low), 100 * (curve.ci_high - curve.rate)],
                marker="o", capsize=3, color="tab:purple",
                label=f"{int(curve.learners.iloc[0])} learners x {int(curve.games.iloc[0] / curve.learners.iloc[0]):,}"
                      " test games per point, 95% interval")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    # a tick closer than 8% of the axis to the last one kept goes ("0 25 50" ran together, issue 50)
    ticks = []
    for g in curve.training_games:
        if not ticks or g - ticks[-1] >= 0.08 * curve.training_games.max():
            ticks.append(g)
    ax.set_xticks(ticks)
    # the type's description is in the personalities table above; the title names it only (issue 50)
    ax.set(xlabel="training games", ylabel="test win %", ylim=(0, 100),
           title=f"Q-learner ({feature_set}, epsilon {epsilon:g}) against type {opponent}")
    ax.title.set_fontsize(10)
    ax.legend(loc="lower right", fontsize=10)
    return fig


def caption() -> str:
    """The Explore figure's caption, from :func:`draw`'s defaults (the figure under the chain): its opponent and its
    longest training, never typed apart from them (the caption said "within 1,000 games" under a figure that stops
    at 500, fresh readers on 04)."""
    import inspect

    defaults = {k: p.default for k, p in inspect.signature(draw).parameters.items()}
    learners = inspect.signature(training_curve).parameters["n_seeds"].default
    return (f"*Figure: pooled test win rate of {learners:,} learners per training length against type "
            f"{defaults['opponent']}, with 95% intervals; draws count as games not won. What to notice: how many "
            f"training games the learner needs before its interval clears the 50 % line, and whether it beats type "
            f"{defaults['opponent']} within {defaults['max_training']:,} training games (the controls choose another "
            "opponent and up to "
            f"{TRAINING[-1]:,} games).*")


def explorer(seed: int = 0) -> Explorer:
    controls = {"opponent": Choice(OPPONENTS, "d", label="opponent"),
                "feature_set": Choice(tuple(FEATURE_SETS), "F7", label="features"),
                "epsilon": Slider(0.0, 1.0, 0.5, step=0.05, label="epsilon"),
                "max_training": Choice(TRAINING[1:], 500, label="up to")}
    return Explorer(lambda **v: draw(**v, seed=seed), controls,
                    title="The linear-Q learner against one personality: training games and test wins")


def show(interactive: bool = False, seed: int = 0) -> None:
    """The Explore cell: opponent, features, epsilon over the curve, or type d with F7 under the chain."""
    explorer(seed).show(interactive)
