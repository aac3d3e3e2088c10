"""Notebook 05's worked Bluff round and strategy tables, read off an exact equilibrium (N = 3, one die each)."""
import matplotlib
import numpy as np
import pandas as pd
import pytest

from liarlab.bluff import solve
from liarlab.papers.p05 import figures
from liarlab.papers.p05 import worked_example as w

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def solution():
    return solve(3, (1, 1), method="lp").detail


def test_count_matching_counts_the_wild_face_once():
    assert w.count_matching(((1,), (3,)), 1, 3) == 2  # a 1 and a wild 3
    assert w.count_matching(((3,), (3,)), 3, 3) == 2
    assert w.count_matching(((2,), (1,)), 1, 3) == 1


def test_options_leave_out_moves_never_played():
    opts = w.move_options([0.0, 0.25, 0.0, 0.75], [(1, 1), (1, 2), (1, 3)])
    assert opts == [("1×1", 0.25), ("1×3", 0.75)]


@pytest.mark.parametrize("seed", range(6))
def test_transcript_follows_the_rules_and_the_equilibrium(solution, seed):
    hands = ((1,), (3,))
    turns, showdown = w.bluff_round_transcript(solution, hands, np.random.default_rng(seed))
    again, _ = w.bluff_round_transcript(solution, hands, np.random.default_rng(seed))
    pd.testing.assert_frame_equal(turns, again)  # same seed, same round
    assert list(turns.player) == ["opener", "responder"] * (len(turns) // 2) + ["opener"] * (len(turns) % 2)
    assert turns.move.iloc[-1] == "call bluff" and (turns.move.iloc[:-1] != "call bluff").all()
    bids = [solution.bids.index(tuple(map(int, m.split("×")))) for m in turns.move.iloc[:-1]]
    assert bids == sorted(bids) and len(set(bids)) == len(bids)  # every bid raises the previous one
    for r in turns.itertuples():
        probs = [float(o.rsplit(" ", 1)[1]) for o in r.options.split(", ")]
        assert sum(probs) == pytest.approx(1, abs=5e-3) and min(probs) >= 5e-4
        assert r.probability > 0
    q, f = map(int, showdown["bid"].split("×"))
    present = w.count_matching(hands, f, 3)
    assert showdown["present"] == present and showdown["bid_holds"] == (present >= q)
    assert showdown["loser"] == (showdown["bidder"] if present < q else showdown["caller"])
    assert "loses" in w.showdown_sentence(showdown, 3)


def test_transcript_rejects_bad_hands(solution):
    with pytest.raises(ValueError, match="hands"):
        w.bluff_round_transcript(solution, ((4,), (1,)), np.random.default_rng(0))
    with pytest.raises(ValueError, match="hands"):
        w.bluff_round_transcript(solution, ((1, 2), (1,)), np.random.default_rng(0))


def test_strategy_tables_are_distributions(solution):
    opening, calling = w.opening_table(solution), w.calling_table(solution)
    assert opening.shape == (3, 6) and calling.shape == (3, 6)
    assert np.allclose(opening.sum(axis=1), 1)
    assert ((calling >= -1e-9) & (calling <= 1 + 1e-9)).all().all()
    assert np.allclose(calling["2×3"], 1)  # the top bid can only be called


def test_figures_draw(solution):
    fig = figures.strategy_heatmaps(w.opening_table(solution), w.calling_table(solution), 3)
    assert len(fig.axes) == 4  # two heat maps, two colour bars
    grid = pd.DataFrame([[75, 25], [89, np.nan]], index=[1, 2], columns=[1, 2])
    fig = figures.bluff2_heatmaps(grid, grid, grid)
    texts = [t.get_text() for t in fig.axes[2].texts]
    assert "not\nsolved" in texts and "75.0" in texts
    bluff1 = pd.DataFrame({"faces": [2, 3], "win_pct": [75.0, 56.0], "talk_win_pct": [75.0, 56.01]})
    cmp = pd.DataFrame({"faces": [2, 3], "exact_win": [0.75, 0.5556], "per_turn_self_play_win": [0.75, 0.564],
                        "talk_pct": [75.0, 56.02], "prior_work_pct": [75.0, 55.56], "gambit_pct": [75.0, 56.02]})
    ax = figures.bluff1_per_turn_vs_exact(bluff1, cmp).axes[0]
    assert all(float(t).is_integer() for t in ax.get_xticks())
    assert len(ax.get_legend().get_texts()) == 6


def test_the_strategy_caption_is_read_from_the_plotted_tables(solution):
    # issue 50 reader: a fixed caption described N = 6's mixing under a figure of N = 4 with one pure bid
    opening = pd.DataFrame({"1×1": [1.0, 0.0], "1×2": [0.0, 1.0]}, index=["1", "2"])
    calling = pd.DataFrame({"1×1": [0.2, 0.5], "1×2": [0.0, 0.9]}, index=["1", "2"])
    text = w.strategy_caption(opening, calling, 2)
    assert "no mixing" in text and "never opens on a face it does not hold" in text and "0.00 to 0.90" in text
    mixed = w.strategy_caption(opening.assign(**{"1×1": [0.5, 0.0], "1×2": [0.5, 1.0]}), calling, 3)
    assert "mixes between bids with 1 of its 2 dice" in mixed and "with die 1 it opens on a face" in mixed
    real = w.strategy_caption(w.opening_table(solution), w.calling_table(solution), 3)
    assert real.startswith("*Figure: the exact equilibrium with one die each, N = 3.")
