"""Notebook 04's figures (liarlab.papers.p04.figures): each function returns its Figure, and each caption states
numbers true of the data the figure draws."""
import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib import pyplot as plt  # noqa: E402

from liarlab.cheat.positions import PERSONALITY_LIE_PROBABILITIES  # noqa: E402
from liarlab.papers.p04 import experiments as p04x  # noqa: E402
from liarlab.papers.p04 import figures  # noqa: E402
from liarlab.papers.p04.results import Features, Stage1, Training  # noqa: E402

PERSONALITIES = ("P1", "P2", "P3", "P4", "P5")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _lies(rates: dict) -> pd.DataFrame:
    """Lie-rate rows (personality, position) with the given rates per position, 1,000 deals each."""
    return pd.DataFrame([{"personality": n, "position": i + 1, "lies": int(r * 1000), "games": 1000, "lie_rate": r,
                          "ci_low": r - 0.01, "ci_high": r + 0.01} for n, rs in rates.items() for i, r in enumerate(rs)])


def test_lie_rates_caption_measures_the_pairs_and_the_overall_rates():
    flat = [0.5] * 10
    p2 = [0.8, 0.8, 0.7, 0.66, 0.5, 0.5, 0.4, 0.4, 0.3, 0.3]  # the widest pair gap: positions 3-4, 4 points
    lies = _lies({"P1": flat, "P2": p2, "P3": p2[::-1], "P4": flat, "P5": [0.3] * 10})
    text = figures.personality_lie_rates_caption(lies)
    given = pd.DataFrame(PERSONALITY_LIE_PROBABILITIES, index=range(1, 11)).T.loc[["P2", "P3"]]
    given_step = np.abs(given[[1, 3, 5, 7, 9]].to_numpy() - given[[2, 4, 6, 8, 10]].to_numpy()).min()
    assert "largest realised gap between the two positions of a pair (1-2, 3-4, ...) 4.0 points" in text
    assert f"the given profiles differ by {100 * given_step:.1f}" in text
    assert f"P1 50.0%, P2 {100 * np.mean(p2):.1f}%, P3 {100 * np.mean(p2):.1f}%, P4 50.0%, P5 30.0%" in text
    fig = figures.personality_lie_rates(lies)
    assert len(fig.axes[0].lines) == 5


def _spread(centre: dict, n_runs=40) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame([{"personality": n, "run": r, "position": p, "games": 500, "lies": int(c + rng.integers(-5, 6))}
                         for n, c in centre.items() for r in range(n_runs) for p in range(1, 11)])


def test_lie_count_caption_names_the_personalities_whose_range_holds_343():
    text = figures.lie_count_spread_caption(_spread({"P1": 250, "P2": 340, "P3": 150, "P4": 345, "P5": 150}))
    # the sample from the data: the text above the figure says only "many runs"
    assert text == ("central 95% ranges of n_i over 40 runs of 500 games a personality; personalities whose range "
                    "at position 6 contains 343: P2, P4")
    assert figures.lie_count_spread_caption(_spread({n: 150 for n in PERSONALITIES})).endswith(": none")
    fig = figures.lie_count_spread(_spread({n: 150 for n in PERSONALITIES}))
    # one axis: a central-95 % range per personality at each of the 10 positions, the paper's count as a line
    (ax,) = fig.axes
    assert ax.get_ylabel() == "lies in 500 games" and ax.get_xlabel() == "position"
    ranges = [c for c in ax.collections if c.get_label() in PERSONALITIES]
    assert len(ranges) == len(PERSONALITIES) and all(len(c.get_segments()) == 10 for c in ranges)


def _stage1(early, late, n_runs=3) -> Stage1:
    rows = []
    for n in PERSONALITIES:
        for run in range(n_runs):
            for games in (20, 50, 100, 300, 500):
                wins = round(early[n] * min(games, 100)) + round(late[n] * max(games - 100, 0))
                rows.append({"personality": n, "run": run, "games": games, "wins": wins, "draws": 0,
                             "win_rate": wins / games, "p": 0.9, "k": 3.0})
    return Stage1.from_runs(pd.DataFrame(rows))


def test_the_explore_caption_names_the_figures_opponent_and_training_length():
    # fresh readers on 04: "within 1,000 games" under a figure of type d up to 500 training games
    from liarlab.papers.p04 import explore

    text = explore.caption()
    assert "against type d" in text and "within 500 training games" in text and "1,000 games" in text
    assert "within 1,000" not in text


def test_learning_curves_caption_gives_the_windowed_gains():
    stage1 = _stage1(dict(zip(PERSONALITIES, (0.6, 0.7, 0.7, 0.8, 0.5))), dict(zip(PERSONALITIES, (0.7, 0.7, 0.75,
                                                                                                  0.9, 0.4))))
    text = figures.stage1_learning_curves_caption(stage1)
    assert text.endswith("P1 +10.0, P2 0.0, P3 +5.0, P4 +10.0, P5 -10.0")   # a zero has no sign
    fig = figures.stage1_learning_curves(stage1)
    assert len(fig.axes) == 4 and fig.axes[0].get_xscale() == "log"


def test_training_caption_lists_the_cells_at_the_ceiling():
    rows = [{"opponent": o, "training_games": n, "win_rate": r, "ci_low": r - 0.02, "ci_high": min(1, r + 0.02),
             "at_ceiling": r >= 0.995} for o in p04x.STAGE2_TYPES for n, r in ((0, 0.5), (1000, 0.997 if o == "f"
                                                                                               else 0.7))]
    table = pd.DataFrame(rows)
    per_seed = pd.DataFrame([{"opponent": o, "training_games": n, "small_rate": 0.5} for o in p04x.STAGE2_TYPES
                             for n in (0, 1000)])
    training = Training(per_seed, None, table, table, None)
    assert figures.training_curves_caption(training).endswith(": f at 1,000")  # thousands separated (issue 50)
    assert figures.training_curves_caption(Training(per_seed, None, table.assign(at_ceiling=False), table,
                                                    None)).endswith(": none")
    assert len(figures.training_curves(training).axes) == 6


def test_feature_caption_averages_the_opponents_below_the_ceiling():
    gains = pd.DataFrame([{"opponent": o, "difference": d, "ci_low": d - 0.04, "ci_high": d + 0.04,
                           "at_ceiling": o == "f"} for o, d in zip(p04x.STAGE2_TYPES, (0.1, 0.02, 0.0, 0.06, -0.03,
                                                                                        0.9))])
    features = Features(None, None, None, gains, gains)
    text = figures.feature_sets_caption(features)
    assert text.startswith("F7 - F5 in the pilot") and "(a, b, c, d, e): +3.0 points" in text
    assert "intervals containing 0: 3 of 5" in text  # b, c, e


def test_weights_caption_and_round_robin_caption():
    sep = {"learners": 180, "correct": 150, "accuracy": 150 / 180, "ci_low": 0.77, "ci_high": 0.88, "chance": 1 / 6}
    assert figures.weights_caption(sep) == ("opponent named from the weights: 150 of 180 learners (83%, 95% interval "
                                            "77-88%; chance 17%)")
    rr = pd.DataFrame([{"rules": r, "agent": a, "opponent": o, "win_rate": w, "mean_plays": 20.0}
                       for r, w0 in (("modified rules", 0.1), ("last play challengeable", 0.2))
                       for k, (a, o) in enumerate((a, o) for a in ("a", "b", "random") for o in ("a", "b", "random"))
                       for w in [w0 + 0.05 * k]])
    assert figures.round_robin_caption(rr) == ("row agent's win rate among a-f: modified rules 0.10 to 0.30; last "
                                               "play challengeable 0.20 to 0.40")


def test_round_robin_cell_numbers_are_dark_on_light_cells():
    # white numbers on viridis's yellow cells could not be read (issue 50, a fresh reader's scores)
    import itertools

    import matplotlib.colors as mcolors
    import pandas as pd

    from liarlab.papers.p04 import experiments as p04x
    from liarlab.papers.p04 import figures as p04f

    order = list(p04x.STAGE2_TYPES) + ["random"]
    rows = [{"rules": rules, "agent": a, "opponent": o, "win_rate": (i + j) / (2 * len(order)), "mean_plays": i + j}
            for rules in p04x.RULES_VARIANTS for (i, a), (j, o) in itertools.product(enumerate(order), repeat=2)]
    fig = p04f.round_robin(pd.DataFrame(rows))
    ax = fig.axes[0]
    image = ax.get_images()[0]
    for text in ax.texts:
        x, y = text.get_position()
        light = image.norm(image.get_array()[int(round(y)), int(round(x))]) > 0.6
        assert mcolors.to_hex(text.get_color()) == ("#000000" if light else "#ffffff")


def test_weight_rows_are_named_in_words():
    # issue 50: the heat maps' rows read "TRUTH_1" and "LIE_3"
    assert [figures.action_words(a) for a in ("CHALLENGE", "TRUTH_1", "TRUTH_2", "LIE_3")] == [
        "challenge", "honest, 1 card", "honest, 2 cards", "lie, 3 cards"]
