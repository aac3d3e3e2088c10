"""Notebook 02's readings: each finding, after the confirmatory stage, gets the readings its family declares."""
from __future__ import annotations

from dataclasses import replace

from liarlab.core import readings as R
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02 import retrained as TR
from liarlab.papers.p02.claims import Inputs
from liarlab.papers.p02.results import Results
from liarlab.study.families import row_way_rows

#: the trained tables of Fig 5-7 whose rows name them: evaluated greedily for the "greedy evaluation" reading
NAMED_SEQUENCES = ("RL03", "RL0123", "RL-random", "RL-random-game")


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
    """(claims rows with their readings, readings rows), causes of one sentence's claims derived jointly."""
    from liarlab.study.readings import jointly

    rr = rows(claims_rows, inp)
    return jointly(C.with_readings(claims_rows, rr), rr), rr


def inputs(reading: C.Reading, results: Results, setup: ex.Setup) -> Inputs:
    """Play the readings' extra games (cached) and gather what :func:`rows` reads."""
    from liarlab.study import cache

    base = replace(setup, stream="", models={}, evals={})
    window = cache.cached_call(TR.exp0_window_games, setup.fixed_games, setup.seed, reading.fallback)
    other = cache.cached_call(TR.other_fallback_games, base.stage_games, base.eval_games, base.fixed_games, base.seed,
                              TR.other_fallback(reading.fallback))
    greedy = ex.rl_vs_exp(base, list(NAMED_SEQUENCES), epsilons=(0.0,))
    return Inputs(reading, results, other=other, greedy_seq=greedy, window_three=window,
                  setup=replace(base, fallback=reading.fallback))
