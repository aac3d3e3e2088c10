"""Notebook 01's Explore section: the random-guess player's win trend against a test program of chosen traits.

The five traits of a test program (Ch. 5 §1) pick one of the 32 types; :func:`trend_frame` plays ``n_seeds``
matches of ``n_games`` games in the compiled simulator (:func:`liarlab.liardice.fast.simulate_match`, openers
alternating, one seeded generator per match) and :func:`draw` plots the cumulative wins as the thesis drew them,
between the 50 % line (y = x/2) and the 100 % line (y = x), with the pooled final rate and its 95% interval.
Each redraw takes well under a second.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core.stats import wilson_interval
from liarlab.core.validation import check_int
from liarlab.liardice import fast
from liarlab.liardice.agents import TRAIT_NAMES, RandomGuessAgent, TestProgram, Traits
from liarlab.papers.p01 import printed
from liarlab.study import plotting
from liarlab.study.controls import Explorer, Slider, Toggle

TRAIT_LABELS = {"prefers_bid": "prefers bid", "liar": "liar", "suspicious": "suspicious", "low_cap": "low cap",
                "strong": "strong"}


def type_of(**traits) -> int:
    """The test-program type (1..32) with these traits (missing traits are False)."""
    unknown = sorted(set(traits) - set(TRAIT_NAMES))
    if unknown:
        raise ValueError(f"unknown trait {unknown[0]!r}; the traits are {list(TRAIT_NAMES)}")
    return Traits(**{name: bool(traits.get(name, False)) for name in TRAIT_NAMES}).type_id


def trend_frame(type_id: int, n_games: int = 500, n_seeds: int = 10, seed: int = 0) -> pd.DataFrame:
    """Cumulative wins of random guess (seat 0) against ``type_id``, one row per (match, game)."""
    type_id = check_int("type", type_id, 1, 32)
    n_games = check_int("n_games", n_games, 1, 100_000)
    n_seeds = check_int("n_seeds", n_seeds, 1, 100)
    streams = np.random.SeedSequence([seed, type_id]).spawn(n_seeds)
    frames = []
    for rep, stream in enumerate(streams):
        sim = fast.simulate_match(RandomGuessAgent(), TestProgram(type_id), n_games, np.random.default_rng(stream))
        won = sim["winner"] == 0
        frames.append(pd.DataFrame({"rep": rep, "game": np.arange(1, n_games + 1), "cum_wins": np.cumsum(won)}))
    return pd.concat(frames, ignore_index=True)


def draw(prefers_bid: bool = False, liar: bool = False, suspicious: bool = False, low_cap: bool = False,
         strong: bool = False, n_games: int = 500, n_seeds: int = 10, seed: int = 0):
    """The win-trend figure for the test program with these traits."""
    type_id = type_of(prefers_bid=prefers_bid, liar=liar, suspicious=suspicious, low_cap=low_cap, strong=strong)
    frame = trend_frame(type_id, n_games, n_seeds, seed)
    fig, ax = plotting.figure(1, 1, width=7.4, height=4.0)
    g = np.arange(0, n_games + 1)
    ax.plot(g, g / 2, color="grey", lw=1, label="50 % (y = x/2)")
    ax.plot(g, g, color="grey", lw=1, ls=":", label="100 % (y = x)")
    low, high = printed.WIN_BAND
    ax.fill_between(g, low * g, high * g, color="tab:green", alpha=0.12, lw=0,
                    label=f"thesis's printed band, {100 * low:.0f}-{100 * high:.0f} %")
    for rep, match in frame.groupby("rep"):
        ax.plot(match.game, match.cum_wins, color="tab:orange", lw=0.7, alpha=0.5,
                label=f"{n_seeds} seeded matches" if rep == 0 else None)
    finals = frame[frame.game == n_games].cum_wins
    wins, games = int(finals.sum()), n_seeds * n_games
    lo, hi = wilson_interval(wins, games)
    ax.set(xlabel="games played", ylabel="cumulative wins of random guess")
    ax.set_title(f"random guess vs type {type_id} ({Traits(prefers_bid, liar, suspicious, low_cap, strong).label()})\n"
                 # a win rate as the rest of the page writes it (0.566, not "56.6 %"; issue 50, a fresh reader)
                 f"win rate {wins / games:.3f} over {games:,} games (95 % interval {lo:.3f} to {hi:.3f})",
                 fontsize=9)
    ax.legend(loc="upper left", fontsize=10)
    return fig


def explorer(seed: int = 0) -> Explorer:
    controls = {name: Toggle(False, label=TRAIT_LABELS[name]) for name in TRAIT_NAMES}
    controls["n_games"] = Slider(100, 2000, 500, step=100, label="games")
    controls["n_seeds"] = Slider(1, 20, 10, label="matches")
    return Explorer(lambda **v: draw(**v, seed=seed), controls,
                    title="Random guess against a test program: pick its traits")


def show(interactive: bool = False, seed: int = 0) -> None:
    """The Explore cell: trait switches over the trend, or type 1 (all traits off) under the chain."""
    explorer(seed).show(interactive)
