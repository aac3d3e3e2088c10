"""The retrained-table readings of notebook 02 (issue 49): the other honestAction, shuffled ties, seat halves and
greedy self-play, each a switch the engine has, run for the rows that rest on those tables."""
from __future__ import annotations

import numpy as np
import pytest

from liarlab.core import readings as R
from liarlab.liardice.qfast import FastTable, train
from liarlab.papers.p02 import claims as c02
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02 import readings as r02
from liarlab.papers.p02 import retrained as TR

SMALL = ex.Setup(stage_games=400, eval_games=60, seeds=(0, 1, 2), cache=False)


def _keys(table: FastTable) -> dict:
    q = table.to_qtable()
    return dict(q.top(10_000))


def test_each_variant_trains_its_own_table_and_the_same_one_twice():
    tables = {v: TR.train_variant(SMALL, "RL2", 0, v) for v in TR.VARIANTS}
    assert TR.variant_setup(SMALL, TR.OTHER).fallback != SMALL.fallback
    assert TR.variant_setup(SMALL, TR.SHUFFLED).fallback == SMALL.fallback
    # a table is fixed by its reading, name and seed, whatever the order of the calls
    assert _keys(TR.train_variant(SMALL, "RL2", 0, TR.HALVES)) == _keys(tables[TR.HALVES])
    assert _keys(tables[TR.OTHER]) != _keys(tables[TR.SHUFFLED]) != _keys(tables[TR.HALVES])
    with pytest.raises(ValueError):
        TR.train_variant(SMALL, "RL2", 0, "no such reading")


def test_seat_halves_are_two_train_calls_as_p1_then_as_p2():
    """Seat halves: each stage's first half with the learner in seat 0, the second in seat 1 (spec 7.5)."""
    got = TR.train_variant(SMALL, "RL03", 1, TR.HALVES)
    vs = TR.variant_setup(SMALL, TR.HALVES)
    rng = vs.rng("reading table", TR.HALVES, "RL03", 1, vs.fallback, fresh=False)
    want = FastTable.new(2, 1, "partial")
    for opponent, games in ex.schedule("RL03", SMALL.stage_games):
        train(want, [vs.exp(opponent)], games // 2, rng, seats=0)
        train(want, [vs.exp(opponent)], games - games // 2, rng, seats=1)
    assert _keys(got) == _keys(want)
    rotating = FastTable.new(2, 1, "partial")
    rng = vs.rng("reading table", TR.HALVES, "RL03", 1, vs.fallback, fresh=False)
    for opponent, games in ex.schedule("RL03", SMALL.stage_games):
        train(rotating, [vs.exp(opponent)], games, rng, seats="rotate")
    assert _keys(got) != _keys(rotating)


def test_the_frames_are_the_ones_the_claims_sections_read():
    self_play = TR.frames(400, 60, 0.1, 0, "smallest", "self_play", ("RL2",), (0, 1, 2), TR.GREEDY)
    assert set(self_play.player) == {"RL2"} and (self_play.games == 60).all()
    assert [r["claim"] for r in c02.fig_5_5_rl(self_play)] == ["RL2: slight second-mover advantage"]
    vs = TR.frames(400, 60, 0.1, 0, "smallest", "vs_exp", ("RL03",), (0, 1), TR.OTHER)
    assert set(vs.opponent) == set(ex.EXPS) and (vs.games == 120).all()
    assert [r["claim"] for r in c02.fig_5_7(vs)] == ["RL03 stays advantaged against EXP0"]
    top = TR.frames(400, 60, 0.1, 0, "smallest", "top30", ("RL0",), (0, 1, 2), TR.SHUFFLED)
    assert set(top.config) == {"n=1"} and top.groupby("seed").size().eq(30).all()
    assert any(r["claim"].endswith("opening honest") for r in c02._top_rows(top))


def test_a_row_confirmed_on_fresh_tables_is_read_on_those_tables():
    from liarlab.papers.p02.confirm import CONFIRM_SEED0

    top = _top_frame()
    row = [r for r in c02._top_rows(top) if r["claim"].endswith("opening honest")][0]
    assert c02.seeds_of(row, SMALL) == (0, 1, 2)
    confirmed = dict(row)
    confirmed["pilot_verdict"] = "differs"
    confirmed = type(row)(confirmed)
    confirmed.est = row.est
    assert c02.seeds_of(confirmed, SMALL) == tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + 3))


def _top_frame():
    import pandas as pd

    rows = []
    for seed, c in enumerate([1, 2, 1]):
        rows += [{"config": "n=1", "seed": seed, "kind": "opening honest" if i < c else "mid-game honest",
                  "key": "0 0 4 4 4" if i < c else "6 1 6 3 3", "value": 0.9 - 0.001 * i - 1e-7 * seed}
                 for i in range(30)]
    return pd.DataFrame(rows)


def test_with_a_setup_the_readings_are_run_and_without_one_they_are_not_built(monkeypatch):
    """The builders of Fig 5-5's RL rows and Table 5-1 run the retrained-table readings when the inputs carry the
    run's setup (frames computed here without the cache) and declare them not built, with why, when they do not."""
    from liarlab.papers.p02.results import Results

    monkeypatch.setattr(TR, "cached_frames", lambda setup, what, names, seeds, variant: TR.frames(
        setup.stage_games, setup.eval_games, setup.epsilon_eval, setup.seed, setup.fallback, what, tuple(names),
        tuple(seeds), variant))
    top = _top_frame()
    rows = [r for r in c02._top_rows(top) if r["claim"].endswith("opening honest")]
    self_play = TR.frames(400, 60, 0.1, 0, "smallest", "self_play", ("RL2",), (0, 1, 2), TR.SHUFFLED)
    rows += c02.fig_5_5_rl(self_play)
    with_setup = r02.rows(rows, r02.Inputs(reading=None, results=Results(top=top), setup=SMALL))
    without = r02.rows(rows, r02.Inputs(reading=None, results=Results(top=top)))
    for claim, names in (("top-30 entries of RL0 (n=1): opening honest", ("ties shuffled", "seat halves in training")),
                         ("RL2: slight second-mover advantage", ("greedy evaluation", "tables under the other "
                                                                 "honestAction", "ties shuffled",
                                                                 "seat halves in training"))):
        got = {r["reading"]: r for r in R.of_claim(with_setup, claim)}
        assert all(got[n]["verdict"] in R.RUN for n in names), claim
        assert all(got[n]["n"] == 3 for n in names), claim
        gone = {r["reading"]: r["verdict"] for r in R.of_claim(without, claim)}
        assert all(gone[n] == R.NOT_BUILT for n in names), claim
    # Table 5-1's RL0 plays only EXP0, which has no honestAction: the other reading is moot, bounded
    table = {r["reading"]: r["verdict"] for r in R.of_claim(with_setup, "top-30 entries of RL0 (n=1): opening honest")}
    assert table["tables under the other honestAction"] == R.BOUNDED
    assert np.isfinite([r["estimate"] for r in with_setup if r["verdict"] in R.RUN]).all()


@pytest.mark.parametrize("what,names,variant", [("self_play", ("RL2", "RL3"), TR.SHUFFLED),
                                                ("vs_exp", ("RL03",), TR.OTHER),
                                                ("top30", ("RL0",), TR.HALVES)])
def test_the_parallel_frame_is_the_serial_frame(what, names, variant, monkeypatch):
    """The readings' tables trained in two workers, in blocks of two seeds (the first block in this process), give
    the serial frame row for row: every table and every evaluation draws its stream from its own labels."""
    import pandas as pd

    from liarlab.study import context

    monkeypatch.setattr(TR, "TASK_TABLES", 2)
    args = (400, 60, 0.1, 0, "smallest", what, names, (0, 1, 2))
    serial = TR.frames(*args, variant)
    assert len(TR.blocks(what, names, (0, 1, 2))) == (2 if what == "top30" else 2 * len(names))
    with context.using(n_jobs=2, progress=False):
        parallel = TR.parallel_frames(*args, variant)
    pd.testing.assert_frame_equal(parallel, serial)
    # and the comparison can fail: another reading's frame is not this one
    with pytest.raises(AssertionError):
        pd.testing.assert_frame_equal(TR.frames(*args, TR.SHUFFLED if variant != TR.SHUFFLED else TR.OTHER),
                                      serial)


def test_blocks_keep_the_serial_order_and_cover_every_seed():
    got = TR.blocks("vs_exp", ("A", "B"), (5, 6, 7), size=2)
    assert got == [(("A",), (5, 6)), (("A",), (7,)), (("B",), (5, 6)), (("B",), (7,))]
    assert TR.blocks("top30", ("RL0",), (1, 2, 3), size=8) == [(("RL0",), (1, 2, 3))]
    with pytest.raises(ValueError):
        TR.blocks("top30", ("RL0",), (1,), size=0)


def test_fig_5_8_halves_replaces_only_the_rotating_reference_tables():
    """Seat halves for Fig 5-8 (issue 49): the rotating-seat reference RL0 is retrained in halves; the one-seat
    tables are the run's own, so their rows equal :func:`experiments.fixed_seat_two`'s."""
    halves = TR.frames(400, 60, 0.1, 0, "smallest", "fixed2", ("RL0",), (0, 1), TR.HALVES)
    default = ex.fixed_seat_two(ex.Setup(stage_games=400, eval_games=60, seeds=(0, 1), cache=False), epsilons=(0.1,))
    assert list(halves.columns) == list(default.columns)
    key = ["trained", "seed", "tested_as"]
    h, d = halves.set_index(key).sort_index(), default.set_index(key).sort_index()
    one_seat = [t for t in d.index.get_level_values("trained").unique() if t != "rotating"]
    assert h.loc[one_seat].wins.equals(d.loc[one_seat].wins)
    assert not h.loc["rotating"].wins.equals(d.loc["rotating"].wins)
    assert (h.loc["rotating"].games == 60).all()
    assert [r["claim"] for r in c02.fig_5_8(halves)] == [t[0] for t in c02.FIG_5_8]


def test_every_fig_5_8_row_runs_seat_halves_with_a_setup(monkeypatch):
    """Fig 5-8's builder runs seat halves for each of its rows when the inputs carry the run's setup (issue 49: the
    readings no longer declare it not built), and declares it not built, saying why, without one."""
    from liarlab.papers.p02.results import Results

    monkeypatch.setattr(TR, "cached_frames", lambda setup, what, names, seeds, variant: TR.frames(
        setup.stage_games, setup.eval_games, setup.epsilon_eval, setup.seed, setup.fallback, what, tuple(names),
        tuple(seeds), variant))
    small = ex.Setup(stage_games=400, eval_games=60, seeds=(0, 1), cache=False)
    fixed2 = ex.fixed_seat_two(small, epsilons=(0.1,))
    rows = c02.fig_5_8(fixed2)
    with_setup = r02.rows(rows, r02.Inputs(reading=None, results=Results(fixed2=fixed2), setup=small))
    without = r02.rows(rows, r02.Inputs(reading=None, results=Results(fixed2=fixed2)))
    for claim, *_ in c02.FIG_5_8:
        got = {r["reading"]: r for r in R.of_claim(with_setup, claim)}
        assert got["seat halves in training"]["verdict"] in R.RUN and got["seat halves in training"]["n"] == 2, claim
        gone = {r["reading"]: r for r in R.of_claim(without, claim)}
        assert gone["seat halves in training"]["verdict"] == R.NOT_BUILT, claim
