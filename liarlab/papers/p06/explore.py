"""Notebook 06's Explore section: pick a player and an end game; the figure shows, for each seat, the seat's game
value, the player's result against the certified equilibrium and against its best responder, and beside it the
player's bluffs and calls next to the equilibrium's. It reads the run's tables (every pair it computed), so moving
the controls recomputes nothing."""
from __future__ import annotations

import pandas as pd

from liarlab.papers.p06 import figures
from liarlab.study.controls import Choice, Explorer

DEFAULT_AGENT = "random-guess"


def explorer(table: pd.DataFrame, behaviour: pd.DataFrame | None = None) -> Explorer:
    agents = list(dict.fromkeys(table.agent))
    games = list(dict.fromkeys(table.game))

    def draw(agent: str, game: str):
        if not ((table.agent == agent) & (table.game == game)).any():
            # a test program played only in the one-die game: show that game instead of an empty figure
            game = games[0]
        return figures.agent_figure(table, agent, game, behaviour)

    return Explorer(draw, {"agent": Choice(agents, DEFAULT_AGENT if DEFAULT_AGENT in agents else agents[0],
                                           label="player"),
                           "game": Choice(games, games[0], label="end game")},
                    title="A player of papers 01 and 02 against exact play")


def run_table(name: str = "06_exploitability") -> pd.DataFrame | None:
    """A table of the last run: this run's output folder, else the repository's committed one; failing both, the
    exploitability table of the one-die game computed now for random guess and EXP0-EXP3 (a fresh folder outside
    the repository), and no behaviour table (None)."""
    from liarlab.study import outputs

    for folder in (outputs.data_dir(), outputs.REPO_ROOT / "data"):
        path = folder / f"{name}.csv"
        if path.is_file():
            return pd.read_csv(path)
    if name != "06_exploitability":
        return None
    from liarlab.papers.p06 import tables

    return tables.exploitability_table([11], [], [], 10_000, progress=False)


def show(table: pd.DataFrame | None = None, behaviour: pd.DataFrame | None = None, interactive: bool = False) -> None:
    """The Explore cell: a player menu and a game menu over the figure, or the default figure under the chain.
    Without ``table`` or ``behaviour``, the last run's (:func:`run_table`), so the section runs on its own."""
    explorer(run_table() if table is None else table,
             run_table("06_behaviour") if behaviour is None else behaviour).show(interactive)
