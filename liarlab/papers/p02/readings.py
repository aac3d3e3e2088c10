"""Notebook 02's readings engine (issue 36, issue 48): each family of
:data:`liarlab.papers.p02.claims.CLAIM_FAMILIES` declares its readings (``read``: for each open point of the spec's
section 7 or the report's wording, listed before any verdict was read, a name, what it assumes and where the report
or spec supports it; run as code, or not run / not built with why). :func:`rows` walks the claims rows after the
confirmatory stage (claims of one sentence judged jointly, the family's ``sentences``); :func:`attach` gives each
row its readings, whose causes follow by the protocol's one rule: nothing here names a cause.

The readings' own games, each played once and cached: EXP1-EXP3's forced-hand games under the other honestAction
(Figs 5-15, 5-17; :func:`other_fallback_games`, a few seconds at full size) and the three-player games with EXP0
under a wider window (spec 7.1, Figs 5-3, 5-6; :func:`exp0_window_games`, about a second).
"""
from __future__ import annotations

from dataclasses import replace

import pandas as pd

from liarlab.core import readings as R
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.claims import THREE_WINDOW, Inputs
from liarlab.papers.p02.results import Results

#: the type pairs of the three-player games EXP0 plays in: Fig 5-3's two mixes and Fig 5-6's three EXP0
EXP0_THREE_PAIRS = (("EXP0", "EXP1"), ("EXP1", "EXP0"), ("EXP0", "EXP0"))


def exp0_window_games(fixed_games: int, seed: int, fallback: str, window: int = THREE_WINDOW) -> pd.DataFrame:
    """Figs 5-3 and 5-6's games with EXP0 (:data:`EXP0_THREE_PAIRS`) under an EXP0 window of ``window`` actions:
    fixed agents, margin 3, honestAction ``fallback``, the notebook's own game size and streams."""
    setup = ex.Setup(fixed_games=fixed_games, seed=seed, fallback=fallback)
    return ex.three_player(setup, fallbacks=(fallback,), margins=(3,), only=EXP0_THREE_PAIRS, window=window)


def other_fallback_games(stage_games: int, eval_games: int, fixed_games: int, seed: int, fallback: str) -> dict:
    """EXP1-EXP3's forced-hand games (Fig 5-15) and EXP1's forced grid (Fig 5-17) under honestAction reading
    ``fallback``: fixed agents, the sizes of the notebook's own games."""
    setup = ex.Setup(stage_games=stage_games, eval_games=eval_games, fixed_games=fixed_games, seed=seed,
                     fallback=fallback)
    return {"forced_exp": ex.forced_exp(setup), "grid": ex.forced_grid(setup, rl_names=(), exp_names=("EXP1",))}


def play_other(setup: ex.Setup, fallback: str) -> dict:
    """:func:`other_fallback_games` for the setup's sizes, from the run's cache when it ran before."""
    from liarlab.study import cache

    return cache.cached_call(other_fallback_games, setup.stage_games, setup.eval_games, setup.fixed_games,
                             setup.seed, C.other_reading(fallback))


#: the trained tables of Fig 5-7 whose rows name them: evaluated greedily for the "greedy evaluation" reading
NAMED_SEQUENCES = ("RL03", "RL0123", "RL-random", "RL-random-game")


def greedy_sequences(setup: ex.Setup) -> pd.DataFrame:
    """Fig 5-7's named models against every rule with epsilon 0 (tables from the run's cache)."""
    return ex.rl_vs_exp(setup, list(NAMED_SEQUENCES), epsilons=(0.0,))


def rows(claims_rows: list, inp: Inputs) -> list[dict]:
    """The readings rows of every judged finding of the families that can differ: the claims row's own judgement
    as the default reading, then every other reading, run or not run with why."""
    out = []
    for row in claims_rows:
        family = C.BY_ID.get(row["family"])
        if row.get("kind") != "finding" or family is None or family.read is None \
                or getattr(row, "judgement", None) is None or row["verdict"] not in R.RUN:
            continue
        built = family.read(row, inp)
        key = C.sentence_of(row["family"], row["claim"])
        out += R.in_sentence(key, built) if key else built
    return out


def attach(claims_rows: list, inp: Inputs) -> tuple[list, list[dict]]:
    """(claims rows with their readings attached, readings rows); the causes of claims of one sentence are then
    re-derived jointly (:func:`liarlab.study.readings.jointly`), since a claims row is built before its siblings'
    readings exist."""
    from liarlab.study.readings import jointly

    rr = rows(claims_rows, inp)
    return jointly(C.with_readings(claims_rows, rr), rr), rr


def inputs(reading: C.Reading, results: Results, setup: ex.Setup) -> Inputs:
    """Play the readings' extra games (cached) and gather what :func:`rows` reads."""
    from liarlab.study import cache

    base = replace(setup, stream="", models={}, evals={})
    window = cache.cached_call(exp0_window_games, setup.fixed_games, setup.seed, reading.fallback)
    return Inputs(reading, results, other=play_other(base, reading.fallback), greedy_seq=greedy_sequences(base),
                  window_three=window, setup=replace(base, fallback=reading.fallback))
