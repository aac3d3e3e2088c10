"""Experiments (not bookkeeping): notebook 02's trained tables retrained under another reading of an open point (issue 49; spec section 7), and
evaluated as the claims row's own rule needs: the other honestAction (7.3), ties shuffled (``do_shuffle``), seat
halves (7.5: as P1 then as P2 instead of rotating), greedy (7.6, self-play only). A table is fixed by its reading,
name and training seed (its stream drawn from them); about 0.12-0.18 CPU s a table at full size, trained in the
run's workers. Not imported by :mod:`.experiments`, so editing it keeps the run's cached tables.
"""
from __future__ import annotations

from dataclasses import replace

import pandas as pd

from liarlab.core.validation import check_choice, check_int
from liarlab.liardice.qfast import FastTable, Player, play, train
from liarlab.papers.p02 import experiments as ex

OTHER = "other honestAction"
SHUFFLED = "ties shuffled"
HALVES = "seat halves"
VARIANTS = (OTHER, SHUFFLED, HALVES)
GREEDY = "greedy"
#: the frames :func:`frames` builds
WHATS = ("self_play", "vs_exp", "fixed2", "top30")


def other_fallback(fallback: str) -> str:
    """The honestAction reading other than ``fallback``."""
    return "best_face_plus_one" if fallback == "smallest" else "smallest"


def variant_setup(setup: ex.Setup, variant: str) -> ex.Setup:
    """The setup a variant's tables train and play under (the other honestAction changes the EXP rules)."""
    check_choice("variant", variant, VARIANTS)
    base = replace(setup, models={}, evals={}, fresh=set(), stream="")
    return replace(base, fallback=other_fallback(setup.fallback)) if variant == OTHER else base


def train_variant(setup: ex.Setup, name: str, seed: int, variant: str) -> FastTable:
    """Table ``name`` (training seed ``seed``) trained through its schedule under ``variant`` (two players, the
    report's partial hand, history 1)."""
    vs = variant_setup(setup, variant)
    stages = ex.schedule(name, setup.stage_games)
    rng = vs.rng("reading table", variant, name, seed, vs.fallback, fresh=False)
    if variant != HALVES:
        table, _ = ex.train_model(vs, stages, rng, do_shuffle=variant == SHUFFLED)
        return table
    table = FastTable.new(2, 1, "partial")
    for opponent, games in stages:
        half = games // 2
        for seat, block in ((0, half), (1, games - half)):     # as P1, then as P2
            train(table, [vs.exp(opponent)], block, rng, seats=seat)
    return table


def _player(table: FastTable, variant: str | None, epsilon: float) -> Player:
    return Player(table, epsilon=epsilon, do_shuffle=variant == SHUFFLED)


def _table(setup: ex.Setup, name: str, seed: int, variant: str | None) -> FastTable:
    """The variant's table, or (``None``/``GREEDY``) the run's own default table, from its cache."""
    if variant in (None, GREEDY):
        return ex.model(replace(setup, models={}, evals={}, stream=""), name, seed)[0]
    return train_variant(setup, name, seed, variant)


def self_play_frame(setup: ex.Setup, name: str, seeds, variant: str) -> pd.DataFrame:
    """Fig 5-5's self-play of ``name`` under ``variant``: two frozen copies of each table, the first as P1
    (``eval_games`` games), as :func:`experiments.self_play` plays them; ``GREEDY``: both copies at epsilon 0."""
    eps = 0.0 if variant == GREEDY else setup.epsilon_eval
    rows = []
    for s in seeds:
        table = _table(setup, name, s, variant)
        rng = setup.rng("reading self-play", variant, name, s, fresh=False)
        r = play([_player(table, variant, eps), _player(table, variant, eps)], setup.eval_games, rng, seats=0)
        wins, _ = r.wins_by_seat(0)
        rows.append({"player": name, "seed": s, "wins": int(wins.sum()), "games": int(setup.eval_games)})
    return ex.rate_frame(rows)


def vs_exp_frame(setup: ex.Setup, names, seeds, variant: str) -> pd.DataFrame:
    """Fig 5-7's models ``names`` under ``variant`` against each EXP rule, as :func:`experiments.rl_vs_exp`
    plays them (the EXP rules read honestAction as the variant does)."""
    vs = variant_setup(setup, variant)
    rows = []
    for name in names:
        for s in seeds:
            table = train_variant(setup, name, s, variant)
            for opponent in ex.EXPS:
                rng = vs.rng("reading vs exp", variant, name, s, opponent, fresh=False)
                r = play([_player(table, variant, setup.epsilon_eval), vs.exp(opponent)], 2 * setup.eval_games, rng,
                         seats="rotate")
                wins, games = r.wins_by_seat(0)
                rows.append({"epsilon": setup.epsilon_eval, "model": name, "opponent": opponent, "seed": s,
                             "wins": int(wins.sum()), "games": int(2 * setup.eval_games),
                             "p1_wins": int(wins[0]), "p1_games": int(games[0])})
    return ex.rate_frame(rows)


def fixed2_frame(setup: ex.Setup, seeds, variant: str) -> pd.DataFrame:
    """Fig 5-8's frame with its ``rotating`` reference RL0 trained under ``variant``, played against EXP0 as
    :func:`experiments.evaluate` plays it; the one-seat tables are the run's own (they have no seat schedule)."""
    base = replace(setup, models={}, evals={}, stream="", seeds=tuple(int(s) for s in seeds))
    fixed = ex.fixed_seat_two(base, epsilons=(setup.epsilon_eval,))
    fixed = fixed[fixed.trained != "rotating"]
    vs = variant_setup(setup, variant)
    rows = []
    for s in seeds:
        table = train_variant(setup, "RL0", int(s), variant)
        rng = vs.rng("reading fixed2", variant, int(s), fresh=False)
        r = play([_player(table, variant, setup.epsilon_eval), vs.exp("EXP0")], 2 * setup.eval_games, rng,
                 seats="rotate")
        wins, games = r.wins_by_seat(0)
        for seat in (0, 1):
            rows.append({"epsilon": setup.epsilon_eval, "trained": "rotating", "seed": int(s),
                         "tested_as": f"P{seat + 1}", "wins": int(wins[seat]), "games": int(games[seat])})
    return pd.concat([ex.rate_frame(rows), fixed], ignore_index=True)[fixed.columns]


def top30_frame(setup: ex.Setup, seeds, variant: str) -> pd.DataFrame:
    """Table 5-1's top-30 lists of RL0 (n=1, one stage against EXP0) under ``variant``, one list per seed."""
    frames = [ex.top_entries(train_variant(setup, "RL0", s, variant)).assign(config="n=1", seed=s) for s in seeds]
    return pd.concat(frames, ignore_index=True)


def frames(stage_games: int, eval_games: int, epsilon_eval: float, run_seed: int, fallback: str, what: str,
           names: tuple, seeds: tuple, variant: str) -> pd.DataFrame:
    """One reading's frame, from sizes alone (so that :func:`liarlab.study.cache.cached_call` keys it): ``what`` is
    "self_play", "vs_exp", "fixed2" or "top30"."""
    setup = ex.Setup(stage_games=stage_games, eval_games=eval_games, epsilon_eval=epsilon_eval, seed=run_seed,
                     fallback=fallback, seeds=tuple(seeds))
    check_choice("what", what, WHATS)
    if what == "self_play":
        return pd.concat([self_play_frame(setup, n, seeds, variant) for n in names], ignore_index=True)
    if what == "vs_exp":
        return vs_exp_frame(setup, names, seeds, variant)
    if what == "fixed2":
        return fixed2_frame(setup, seeds, variant)
    return top30_frame(setup, seeds, variant)


#: tables a task of :func:`parallel_frames` trains and plays (a few seconds at full size: enough to hide a task's
#: overhead, few enough that two workers finish together on a 134-table row)
TASK_TABLES = 8


def _frames_task(rng, **kwargs) -> pd.DataFrame:
    """:func:`frames` on a block of seeds (``rng`` unused: every table and game draws its stream from its labels)."""
    del rng
    return frames(**kwargs)


def blocks(what: str, names: tuple, seeds: tuple, size: int | None = None) -> list[tuple[tuple, tuple]]:
    """(names, seeds) blocks of ``size`` seeds (default :data:`TASK_TABLES`) in the serial frame's row order (name,
    then seed; top30 has seeds only)."""
    size = check_int("size", TASK_TABLES if size is None else size, 1)
    per_name = [(n,) for n in names] if what not in ("top30", "fixed2") else [tuple(names)]
    return [(ns, tuple(seeds[i:i + size])) for ns in per_name for i in range(0, len(seeds), size)]


def parallel_frames(stage_games: int, eval_games: int, epsilon_eval: float, run_seed: int, fallback: str, what: str,
                    names: tuple, seeds: tuple, variant: str) -> pd.DataFrame:
    """:func:`frames` in the run's workers (the first block here, so numba compiles once): the same rows, in
    the same order, whatever the blocks."""
    from liarlab.study import context
    from liarlab.study.parallel import run_tasks

    check_choice("what", what, WHATS)
    fixed = {"stage_games": stage_games, "eval_games": eval_games, "epsilon_eval": epsilon_eval,
             "run_seed": run_seed, "fallback": fallback, "what": what, "variant": variant}
    # a row on 10 tables in blocks of 8 would run 8 of them here before the workers start (first_here): at least
    # four blocks a worker, so that the block run here is a small share (the rows do not depend on the blocks)
    size = min(TASK_TABLES, max(1, -(-len(seeds) // (4 * context.current().n_jobs))))
    tasks = [{**fixed, "names": ns, "seeds": ss} for ns, ss in blocks(what, tuple(names), tuple(seeds), size)]
    parts = run_tasks(_frames_task, tasks, run_seed, first_here=True, desc=f"reading: {variant}")
    return pd.concat(parts, ignore_index=True)


def cached_frames(setup: ex.Setup, what: str, names, seeds, variant: str) -> pd.DataFrame:
    """:func:`parallel_frames` for the run's setup, from the run's cache when it ran before."""
    from liarlab.study import cache

    return cache.cached_call(parallel_frames, setup.stage_games, setup.eval_games, setup.epsilon_eval, setup.seed,
                             setup.fallback, what, tuple(names), tuple(int(s) for s in seeds), variant)


#: EXP0's three-player window read with the bid ladder: the two-player code's six of 60 bids is nine of the 90
THREE_WINDOW = 9
#: the type pairs of the three-player games EXP0 plays in: Fig 5-3's two mixes and Fig 5-6's three EXP0
EXP0_THREE_PAIRS = (("EXP0", "EXP1"), ("EXP1", "EXP0"), ("EXP0", "EXP0"))


def exp0_window_games(fixed_games: int, seed: int, fallback: str, window: int = THREE_WINDOW) -> pd.DataFrame:
    """Figs 5-3 and 5-6's games with EXP0 under a window of ``window`` actions (margin 3, the notebook's sizes)."""
    setup = ex.Setup(fixed_games=fixed_games, seed=seed, fallback=fallback)
    return ex.three_player(setup, fallbacks=(fallback,), margins=(3,), only=EXP0_THREE_PAIRS, window=window)


def other_fallback_games(stage_games: int, eval_games: int, fixed_games: int, seed: int, fallback: str) -> dict:
    """EXP1-EXP3's forced-hand games (Fig 5-15) and EXP1's forced grid (Fig 5-17) under honestAction ``fallback``."""
    setup = ex.Setup(stage_games=stage_games, eval_games=eval_games, fixed_games=fixed_games, seed=seed,
                     fallback=fallback)
    return {"forced_exp": ex.forced_exp(setup), "grid": ex.forced_grid(setup, rl_names=(), exp_names=("EXP1",))}
