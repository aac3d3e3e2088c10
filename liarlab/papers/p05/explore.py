"""Notebook 05's Explore section: the exact Bluff-1 equilibrium (one die each) for a chosen number of faces N.

:func:`strategy_tables` solves the round (:func:`liarlab.bluff.solve`, the whole-tree LP) and reads the opener's first
bid and the responder's calls off it; :func:`draw` is the notebook's strategy heat map with the first player's
winning chance in the title. Solutions are cached (the run frame's cache when ``cached``; N = 6 takes seconds),
so moving the slider back and forth costs nothing after the first visit.
"""
from __future__ import annotations

from functools import lru_cache

from liarlab.bluff import solve
from liarlab.core.validation import check_int
from liarlab.papers.p05 import figures
from liarlab.papers.p05.worked_example import calling_table, opening_table
from liarlab.study.controls import Explorer, Slider

MAX_FACES = 6
DEFAULT_FACES = 4


def strategy_tables(faces: int) -> dict:
    """The opener's first-bid table, the responder's calling table and the first player's winning chance."""
    faces = check_int("faces", faces, 2, MAX_FACES)
    solution = solve(faces, method="lp").detail
    return {"opening": opening_table(solution), "calling": calling_table(solution),
            "first_player_win": float(solution.first_player_win)}


@lru_cache(maxsize=None)
def _in_memory(faces: int) -> dict:
    return strategy_tables(faces)


def _cached_on_disk(faces: int) -> dict:
    from liarlab.study import cache

    return cache.cached_call(strategy_tables, faces)


def draw(faces: int = DEFAULT_FACES, *, cached: bool = False):
    """The heat maps of the equilibrium for ``faces`` faces, one die each."""
    tables = _cached_on_disk(faces) if cached else _in_memory(faces)
    fig = figures.strategy_heatmaps(tables["opening"], tables["calling"], faces)
    fig.suptitle(f"Exact equilibrium, N = {faces}, one die each (face {faces} wild): the first player wins "
                 f"{100 * tables['first_player_win']:.1f} % of games")
    return fig


def explorer(cached: bool = True) -> Explorer:
    return Explorer(lambda faces: draw(faces, cached=cached),
                    {"faces": Slider(2, MAX_FACES, DEFAULT_FACES, label="faces N")},
                    title="Bluff with one die each: the exact equilibrium as N changes")


def show(interactive: bool = False, cached: bool = True) -> None:
    """The Explore cell: a slider for N over the heat map, or the N = 4 figure under the chain."""
    explorer(cached).show(interactive)


def caption() -> str:
    """The caption under the N = 4 figure the report shows, read from its tables (a fixed "whether the bluffs
    spread" said nothing of the figure shown, issue 50 reader)."""
    from liarlab.papers.p05.worked_example import strategy_caption

    tables = _cached_on_disk(DEFAULT_FACES)
    return strategy_caption(tables["opening"], tables["calling"], DEFAULT_FACES)
