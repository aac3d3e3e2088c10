"""Notebook 03's Explore section: how many sampled deals the Monte Carlo bidding estimate of a shown hand needs.

The thesis's program estimates, for a 13-card hand, the tricks it would take as declarer with each suit as
trump: it samples the opponent's 13 cards from the 39 unseen ones and solves each deal double dummy (the
opponent leading, as the non-declarer does). :func:`tricks` keeps one fixed list of sampled deals per hand and
solves them as far as they are needed, so a larger N extends a smaller one and moving the slider back costs
nothing. :func:`draw` shows the estimate per trump suit from the first N deals with 95% intervals, the call the
thesis's margin rule makes from it, and the running means as N grows; for the hand of the thesis's Fig 3-13 the
printed estimates stand beside ours. Solving takes about 0.1 s per deal on a loaded machine.
"""
from __future__ import annotations

import numpy as np

from liarlab.core.cards import SUITS, parse_cards
from liarlab.core.validation import check_choice, check_int
from liarlab.honeymoon import bidding as bd
from liarlab.honeymoon.rules import bid_name
from liarlab.honeymoon.solver import default_solver
from liarlab.papers.p03 import printed
from liarlab.study import plotting
from liarlab.study.controls import Choice, Explorer, Slider

MAX_SAMPLES = 200
HANDS = {"Fig 3-13 (the thesis's example)": "fig-3-13", "random hand 1": "random-1", "random hand 2": "random-2",
         "random hand 3": "random-3"}
_DEALS: dict = {}       # hand key -> (hand, sampled opponent hands, solved tricks so far (k, 4))


def hand_of(key: str) -> list[int]:
    check_choice("hand", key, list(HANDS.values()))
    if key == "fig-3-13":
        return parse_cards(printed.FIG_3_13_COM)
    rng = np.random.default_rng([303, int(key.split("-")[1])])
    return sorted(int(c) for c in rng.permutation(52)[:13])


def tricks(key: str, n: int, seed: int = 0) -> np.ndarray:
    """Declarer's double-dummy tricks (opponent leading) for the first ``n`` sampled deals x 4 trumps (S H D C)."""
    n = check_int("n_samples", n, 1, MAX_SAMPLES)
    if (key, seed) not in _DEALS:
        hand = hand_of(key)
        opponents = bd.sample_opponent_hands(hand, MAX_SAMPLES, np.random.default_rng([seed, 3]))
        _DEALS[(key, seed)] = (hand, opponents, np.zeros((0, 4), dtype=int))
    hand, opponents, solved = _DEALS[(key, seed)]
    if len(solved) < n:
        # the play solver (its 8-card table), not the estimates' deeper one: a control answers at once
        more = bd.MonteCarloEstimate(hand, opponents[len(solved):n], default_solver())
        solved = np.vstack([solved, np.stack([more.tricks(s, False) for s in range(4)], axis=1)])
        _DEALS[(key, seed)] = (hand, opponents, solved)
    return solved[:n]


def draw(hand: str = "fig-3-13", n_samples: int = 50, seed: int = 0):
    sample = tricks(hand, n_samples, seed)
    mean = sample.mean(axis=0)
    half = 1.96 * sample.std(axis=0, ddof=1) / np.sqrt(n_samples) if n_samples > 1 else np.zeros(4)
    call = bid_name(bd.choose_call(bd.call_margins(mean, None, None)))
    fig, (left, right) = plotting.figure(1, 2, width=4.6, height=3.8)
    x = np.arange(4)
    left.bar(x, mean, color="tab:blue", label=f"ours, {n_samples} deals")
    left.errorbar(x, mean, yerr=half, fmt="none", ecolor="black", capsize=3, lw=1)
    if hand == "fig-3-13":
        left.scatter(x, printed.FIG_3_13_ROWS[0][1], marker="D", color="tab:red", zorder=3,
                     label="printed (thesis, Fig 3-13)")
    left.axhline(7, color="grey", lw=0.8, ls="--", label="7 tricks: a 1-level contract")
    left.set_xticks(x, list(SUITS))
    left.set(xlabel="trump suit", ylabel="declarer's tricks (mean, 95% interval)", ylim=(0, 13),
             title=f"opening call from these deals: {call}")
    # under the axes: in the upper left the legend covered the tallest bar (H of the Fig 3-13 hand, issue 50)
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize=10, frameon=False)
    steps = np.arange(1, n_samples + 1)
    running = np.cumsum(sample, axis=0) / steps[:, None]
    for s in range(4):
        right.plot(steps, running[:, s], label=SUITS[s])
    right.set(xlabel="sampled deals N", ylabel="running mean of tricks", ylim=(0, 13),
              title="the estimate as N grows")
    right.legend(title="trump", fontsize=10, ncol=4, loc="lower right")
    fig.suptitle(f"Monte Carlo bidding estimate: {' '.join(_hand_text(hand_of(hand)))}", fontsize=10)
    return fig


def _hand_text(hand) -> list[str]:
    from liarlab.core.cards import RANKS, rank_of, suit_of

    return [f"{SUITS[s]}:" + ("".join(RANKS[rank_of(c)] for c in sorted(hand, reverse=True) if suit_of(c) == s) or "-")
            for s in range(4)]


def explorer(seed: int = 0) -> Explorer:
    controls = {"hand": Choice(HANDS, "fig-3-13", label="hand"),
                "n_samples": Slider(10, MAX_SAMPLES, 50, step=10, label="deals N")}
    return Explorer(lambda **v: draw(**v, seed=seed), controls,
                    title="Monte Carlo bidding: sampled deals N for the estimate of a shown hand")


def show(interactive: bool = False, seed: int = 0) -> None:
    """The Explore cell: hand and N over the estimate, or the Fig 3-13 hand with 50 deals under the chain."""
    explorer(seed).show(interactive)
