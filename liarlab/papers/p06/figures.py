"""Notebook 06's figures and captions: every player's exploitability in each end game, and one player in one game
seat by seat (the Explore section)."""
from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["exploitability_figure", "exploitability_caption", "agent_figure"]

SEAT_COLOURS = {"first": "#0072B2", "second": "#E69F00"}


def exploitability_figure(summary: pd.DataFrame):
    """One panel per game: each player's exploitability (mean of its two seats) as a horizontal bar, least
    exploitable at the top, and the equilibrium's mean edge against it as a dot."""
    from liarlab.study import plotting

    games = list(dict.fromkeys(summary.game))
    tallest = max(len(summary[summary.game == g]) for g in games)
    fig, axes = plotting.figure(1, len(games), 3.8, max(2.5, 0.17 * tallest + 1.0), squeeze=False)
    for ax, game in zip(axes[0], games):
        g = summary[summary.game == game].reset_index(drop=True)
        y = np.arange(len(g))[::-1]
        ax.barh(y, g.exploitability_mean, color="#999999", label="exploitability (best responder)")
        ax.plot(g.equilibrium_edge_mean, y, "o", color="#D55E00", markersize=3.5, label="equilibrium's edge")
        ax.set_yticks(y, g.agent, fontsize=6 if len(g) > 12 else 8)
        ax.set_xlim(0, max(1.2, 1.05 * float(summary.exploitability_mean.max())))
        ax.set_xlabel("+-1 units, mean of both seats")
        ax.set_title(f"end game {game}, six faces")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=2, fontsize=7)   # below the panels, off the data
    return fig


def exploitability_caption(summary: pd.DataFrame) -> str:
    first = summary[summary.game == summary.game.iloc[0]]
    best, worst = first.iloc[0], first.iloc[-1]
    beaten = first[(first.exploitability_first + first.exploitability_second) > 2 - 1e-9]
    return (f"Figure: each player's exploitability (grey bars: what a best responder takes beyond the game value, "
            f"mean of the player's two seats, +-1 units) and the certified equilibrium's edge over the game value "
            f"against it (dots), one panel per end game. What to notice: no player is near exact play; in "
            f"{best.game} the least exploitable is {best.agent} ({best.exploitability_mean:.3f}) and the most "
            f"{worst.agent} ({worst.exploitability_mean:.3f}); {len(beaten)} players ({', '.join(beaten.agent) or 'none'}"
            f") lose every game to a best responder (mean exactly 1); and the equilibrium, which does not aim at the "
            f"player, collects only part of what the best responder takes.")


def agent_figure(rows: pd.DataFrame, agent: str, game: str):
    """One player in one game: per seat, the game value, what the player guarantees, and what the equilibrium
    leaves it (bars, to the player's seat)."""
    from liarlab.study import plotting

    fig, ax = plotting.figure(1, 1, 6.0, 3.2)
    sel = rows[(rows.agent == agent) & (rows.game == game)].set_index("seat").loc[["first", "second"]]
    x = np.arange(2)
    width = 0.26
    ax.bar(x - width, sel.game_value, width, color="#009E73", label="game value of the seat")
    ax.bar(x, -sel.equilibrium_result, width, color="#E69F00", label="against the equilibrium")
    ax.bar(x + width, sel.guaranteed, width, color="#999999", label="against its best responder")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(x, ["as first mover", "as second mover"])
    ax.set_ylim(-1.05, 1.05)
    ax.set_ylabel("the player's result (+-1 units)")
    ax.set_title(f"{agent} in end game {game}: exploitability {sel.exploitability.iloc[0]:.3f} (first), "
                 f"{sel.exploitability.iloc[1]:.3f} (second)", fontsize=9)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    return fig
