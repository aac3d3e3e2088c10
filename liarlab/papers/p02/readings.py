"""Notebook 02's readings engine (issue 36, 48): walks the claims rows after the confirmatory stage and gives each
finding the readings its family declares (``read``: :class:`~liarlab.study.families.RowWay` records; claims of one
sentence judged jointly); the causes follow by the protocol's one rule. Plays the readings' own games once, cached:
EXP1-EXP3's forced-hand games under the other honestAction (Figs 5-15, 5-17) and the three-player games with EXP0
under a wider window (spec 7.1, Figs 5-3, 5-6).
"""
from __future__ import annotations

from dataclasses import replace

import pandas as pd

from liarlab.core import readings as R
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.claims import THREE_WINDOW, Inputs
from liarlab.papers.p02.results import Results
from liarlab.study.families import row_way_rows

#: the type pairs of the three-player games EXP0 plays in: Fig 5-3's two mixes and Fig 5-6's three EXP0
EXP0_THREE_PAIRS = (("EXP0", "EXP1"), ("EXP1", "EXP0"), ("EXP0", "EXP0"))
#: the trained tables of Fig 5-7 whose rows name them: evaluated greedily for the "greedy evaluation" reading
NAMED_SEQUENCES = ("RL03", "RL0123", "RL-random", "RL-random-game")


def exp0_window_games(fixed_games: int, seed: int, fallback: str, window: int = THREE_WINDOW) -> pd.DataFrame:
    """Figs 5-3 and 5-6's games with EXP0 under a window of ``window`` actions (margin 3, the notebook's sizes)."""
    setup = ex.Setup(fixed_games=fixed_games, seed=seed, fallback=fallback)
    return ex.three_player(setup, fallbacks=(fallback,), margins=(3,), only=EXP0_THREE_PAIRS, window=window)


def other_fallback_games(stage_games: int, eval_games: int, fixed_games: int, seed: int, fallback: str) -> dict:
    """EXP1-EXP3's forced-hand games (Fig 5-15) and EXP1's forced grid (Fig 5-17) under honestAction ``fallback``."""
    setup = ex.Setup(stage_games=stage_games, eval_games=eval_games, fixed_games=fixed_games, seed=seed,
                     fallback=fallback)
    return {"forced_exp": ex.forced_exp(setup), "grid": ex.forced_grid(setup, rl_names=(), exp_names=("EXP1",))}


def rows(claims_rows: list, inp: Inputs) -> list[dict]:
    """The readings rows of every judged finding of the families that can differ (the row's own judgement first)."""
    out = []
    for row in claims_rows:
        family = C.BY_ID.get(row["family"])
        if row.get("kind") != "finding" or family is None or not family.read \
                or getattr(row, "judgement", None) is None or row["verdict"] not in R.RUN:
            continue
        key, built = C.sentence_of(row["family"], row["claim"]), row_way_rows(family.read, row, inp)
        out += R.in_sentence(key, built) if key else built
    return out


def attach(claims_rows: list, inp: Inputs) -> tuple[list, list[dict]]:
    """(claims rows with their readings, readings rows); causes of claims of one sentence are re-derived jointly
    (:func:`liarlab.study.readings.jointly`), since a claims row is built before its siblings' readings exist."""
    from liarlab.study.readings import jointly

    rr = rows(claims_rows, inp)
    return jointly(C.with_readings(claims_rows, rr), rr), rr


def inputs(reading: C.Reading, results: Results, setup: ex.Setup) -> Inputs:
    """Play the readings' extra games (cached) and gather what :func:`rows` reads."""
    from liarlab.study import cache

    base = replace(setup, stream="", models={}, evals={})
    window = cache.cached_call(exp0_window_games, setup.fixed_games, setup.seed, reading.fallback)
    other = cache.cached_call(other_fallback_games, base.stage_games, base.eval_games, base.fixed_games, base.seed,
                              C.other_reading(reading.fallback))
    greedy = ex.rl_vs_exp(base, list(NAMED_SEQUENCES), epsilons=(0.0,))
    return Inputs(reading, results, other=other, greedy_seq=greedy, window_three=window,
                  setup=replace(base, fallback=reading.fallback))
