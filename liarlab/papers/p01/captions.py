"""Notebook 01's figure captions, computed from each figure's data (so a caption's numbers are true of its figure;
tests/papers/test_p01_captions.py checks them against the data)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.papers.p01 import printed


def _types(ts) -> str:
    ts = [int(t) for t in ts]
    return ", ".join(map(str, ts)) if ts else "none"


def vs_types(large: pd.DataFrame, n_games: int, n_seeds: int) -> str:
    """Fig 01_vs_types: how many large-sample bars lie in the thesis's band, and the spread of one match."""
    lo, hi = printed.WIN_BAND
    inside = large[(large.win_rate >= lo) & (large.win_rate <= hi)]
    below = large[large.win_rate < lo]
    above = large[large.win_rate > hi]
    worst = large.loc[large.win_rate.idxmin()]
    return (f"*What to notice:* {len(inside)} of {len(large)} blue bars (large samples) lie inside the green 60-70 % "
            f"band; {len(below)} lie below it (types {_types(below.type)}) and {len(above)} above it (types "
            f"{_types(above.type)}). The lowest, type{int(worst.type)}, wins {worst.win_rate:.3f}, still above the "
            f"dashed 50 % line. The orange range of {n_seeds} matches of {n_games} games spans "
            f"{(large.seed_max - large.seed_min).mean():.3f} on average: a single match, the thesis's design, "
            "could not separate neighbouring types.")


def trend(final: pd.DataFrame, n_games: int, types=(1, 5, 23)) -> str:
    """Figs 5.6-5.8 panels: where the seeded matches of each type end, relative to the 50 % line."""
    parts = []
    for t in types:
        f = final[final.opponent == f"type{t}"]
        below = int((f.cum_wins <= n_games / 2).sum())
        parts.append(f"type{t}: {below} of {len(f)} end at or below x/2, lowest final rate "
                     f"{f.cum_wins.min() / n_games:.3f}")
    return ("*What to notice:* the curves climb between the two grey lines, but not every seeded match stays above "
            "the 50 % line to the end (" + "; ".join(parts) + "). The true rates against these types are only a "
            f"few points above 0.5, so a {n_games}-game match can end below the line by chance.")


def trend_grid(final: pd.DataFrame, n_games: int) -> str:
    """The 32-panel grid: matches ending at or below the 50 % line, per type."""
    f = final.assign(type=final.opponent.str[4:].astype(int))
    below = f[f.cum_wins <= n_games / 2].groupby("type").size()
    ends = (f.groupby("type").cum_wins.mean() - n_games / 2)
    top = ends.idxmax()
    return (f"*What to notice:* the grid plots wins above the 50 % line. {int(below.sum())} of {len(f)} seeded "
            f"matches end at or below zero, in types {_types(below.index)}; the mean end ranges from "
            f"{ends.min():+.1f} (type{int(ends.idxmin())}) to {ends.max():+.1f} wins (type{int(top)}). A curve "
            "that climbs steadily is a steady edge; the spread of the orange curves is the noise of one match.")


def bbn_gain(e7: pd.DataFrame) -> str:
    """Fig 01_bbn_gain: signs of the per-type gains and where the liar, prefers-bid programs sit."""
    pos = e7[e7.diff_ci_low > 0]
    neg = e7[e7.diff_ci_high < 0]
    band = e7[(e7["diff"] >= printed.BBN_GAIN_BAND[0]) & (e7["diff"] <= printed.BBN_GAIN_BAND[1])]
    liars = e7[e7.opponent.isin([f"type{t}" for t in range(25, 33)])]
    return (f"*What to notice:* each bar is the network's paired gain over plain random-guess on the same dice, with "
            f"its 95 % interval across seeded matches. {len(pos)} of {len(e7)} intervals lie above zero and {len(neg)} "
            f"below; {len(band)} means fall in the thesis's +5..+10 points (green). "
            + (f"All {len(liars)} liar, prefers-bid programs (types 25-32) lose "
               f"({liars['diff'].max():+.3f} at best)." if len(liars) and (liars["diff"] < 0).all() else
               f"{int((liars['diff'] < 0).sum())} of {len(liars)} liar, prefers-bid programs lose."))


def bbn_trend(curves: pd.DataFrame, types=("type1", "type8", "type11")) -> str:
    """Figs 5.9-5.11 as differences: where each type's mean cumulative difference ends."""
    ends = []
    for o in types:
        c = curves[curves.opponent == o]
        if len(c):
            last = c.loc[c.game.idxmax()]
            ends.append(f"{o} {last.cum_bbn - last.cum_plain:+.1f}")
    return ("*What to notice:* the thesis's Figs 5.9-5.11 draw the two cumulative-win curves, which lie almost on top "
            "of each other; drawn as their difference (mean over the seeded matches), the curves end at "
            + ", ".join(ends) + " wins after the match. A real edge builds up steadily once the gate opens; a "
            "curve within a few wins of zero is noise.")


def bbn_grid(curves: pd.DataFrame) -> str:
    """The 32-panel network trend grid: final mean differences."""
    last = curves.loc[curves.groupby("opponent").game.idxmax()]
    d = (last.cum_bbn - last.cum_plain).to_numpy()
    names = last.opponent.to_numpy()
    return (f"*What to notice:* per type, the mean cumulative difference (network - plain) over the seeded matches. "
            f"{int((d > 0).sum())} of {len(d)} end above zero; the highest is {names[d.argmax()]} ({d.max():+.1f} "
            f"wins), the lowest {names[d.argmin()]} ({d.min():+.1f} wins).")


def liar_challenges(decisions: pd.DataFrame, liars: str, honest: str) -> str:
    """Fig 01_bbn_liar_challenges: count-2 challenge shares of both players against both groups."""
    def at(group, player, count, col):
        r = decisions[(decisions.group == group) & (decisions.player == player) & (decisions["count"] == count)]
        return float(r[col].iloc[0]) if len(r) else float("nan")

    return (f"*What to notice:* against the liars (right) the network (red) challenges a count-2 bid "
            f"{at(liars, 'network', 2, 'share_challenged'):.2f} of the time against plain random-guess's "
            f"{at(liars, 'plain', 2, 'share_challenged'):.2f}, although such a bid is false only "
            f"{at(liars, 'plain', 2, 'share_false'):.2f} of the time (dashed), while their count-3 and count-4 bids "
            f"are false {at(liars, 'plain', 3, 'share_false'):.2f} and {at(liars, 'plain', 4, 'share_false'):.2f} of "
            f"the time. Against the honest programs (left) the network challenges a count-2 bid "
            f"{at(honest, 'network', 2, 'share_challenged'):.2f} of the time against "
            f"{at(honest, 'plain', 2, 'share_challenged'):.2f}. Only points with at least 30 bids are drawn.")


def game_lengths(lengths: pd.DataFrame) -> str:
    """E11 histograms split by starter: mean actions and mean final count per starter."""
    parts = []
    for starter, g in lengths.groupby("starter", sort=False):
        pooled = g.groupby(["measure", "value"]).games.sum()
        turns, final = pooled.loc["turns"], pooled.loc["final_quantity"]
        parts.append(f"{starter}: mean {np.average(turns.index, weights=turns):.2f} actions, mean count at the "
                     f"challenge {np.average(final.index, weights=final):.2f}")
    return ("*What to notice:* bot-against-bot games are short and end at low counts, far from the thesis's remarks "
            "about people (green bands), whoever opens (" + "; ".join(parts) + "). The remarks describe human "
            "play, so bot play is only a substitute, not a test.")
