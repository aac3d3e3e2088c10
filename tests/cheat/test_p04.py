"""Claims of notebook 04 (built from synthetic tables, so each verdict can be shown to flip) and small experiments."""
import numpy as np
import pandas as pd
import pytest

from liarlab.papers.p04 import claims, experiments


def _runs(rates_by_personality, n_runs=20, noise=0.01):
    rng = np.random.default_rng(0)
    rows = []
    for name, rates in rates_by_personality.items():
        for run in range(n_runs):
            for games, rate in zip((20, 50, 100, 300, 500), rates):
                r = float(np.clip(rate + rng.normal(0, noise), 0, 1))
                rows.append({"personality": name, "run": run, "games": games, "wins": round(r * games),
                             "draws": 0, "win_rate": r, "p": 0.9, "k": 5.0})
    return pd.DataFrame(rows)


RISING = [0.55, 0.6, 0.65, 0.7, 0.75]
FLAT_LOW = [0.45, 0.45, 0.45, 0.45, 0.45]


def _spread(center):
    return pd.DataFrame({"personality": ["P1"] * 100, "position": 6, "games": 500,
                         "lies": np.random.default_rng(1).normal(center, 5, 100).round()})


def _verdicts(rows):
    return {r["claim"]: r["verdict"] for r in rows}


def test_stage1_claims_reproduce_and_differ():
    good = _runs({p: RISING for p in ("P1", "P2", "P3", "P4", "P5")})
    rows = claims.stage1_claims(experiments.summarise_runs(good), good, _spread(343))
    v = _verdicts(rows)
    assert all(x == "reproduced" for x in v.values()), v
    bad = _runs({"P1": RISING, "P2": RISING, "P3": RISING, "P4": RISING, "P5": FLAT_LOW})
    v = _verdicts(claims.stage1_claims(experiments.summarise_runs(bad), bad, _spread(250)))
    assert v["Stage 1 vs P5: win rate rises from 100 to 500 games"] == "differs"
    assert v["Stage 1: win rate vs P5 is not lower than vs P2-P4 (after 500 games)"] == "differs"
    assert v["Stage 1: win rate vs P1 is not lower than vs P2-P4 (after 500 games)"] == "reproduced"
    assert v["Stage 1 example: an opponent lied 343 times at position 6 in 500 games"] == "differs"


def _training(rates):
    """Per-seed rows: rates[opponent][n_train] -> win rate."""
    rows = []
    for opp, by_n in rates.items():
        for n, rate in by_n.items():
            for s in range(10):
                rows.append({"opponent": opp, "training_games": n, "feature_set": "F7", "variant": "paper",
                             "seed_index": s, "wins": int(rate * 1000) + s - 5, "draws": 0, "games": 1000,
                             "small_wins": 10, "small_games": 20, "mean_plays": 10.0,
                             "weights": np.zeros((7, 7)), "q_actions": np.ones(7)})
    return rows


def test_training_claims_follow_the_orderings():
    shape = {50: 0.5, 100: 0.6, 300: 0.62, 1000: 0.64}
    rates = {o: {n: r + bonus for n, r in shape.items()} for o, bonus in
             {"a": 0.3, "f": 0.32, "d": 0.1, "b": 0.0, "c": 0.0, "e": 0.0}.items()}
    res = _training(rates)
    v = _verdicts(claims.training_claims(experiments.win_rate_table(res), experiments.per_seed_frame(res)))
    assert set(v.values()) == {"reproduced"}, v
    rates["b"] = {n: 0.99 for n in shape}
    res = _training(rates)
    v = _verdicts(claims.training_claims(experiments.win_rate_table(res), experiments.per_seed_frame(res)))
    assert v["Stage 2: highest win rates against a and f (1000 training games)"] == "differs"
    assert v["Stage 2: win rate against d slightly above b, c and e"] == "differs"
    assert v["Stage 2 vs b: win rate rises from 50 to 1000 training games"] == "differs"


def test_feature_claims():
    hist = pd.DataFrame({"opponent": list("abcdef"), "difference": [0.1] * 6, "ci_low": 0.0, "ci_high": 0.2})
    mem = pd.DataFrame({"opponent": list("abcdef"), "difference": [0, 0, 0, 0.05, 0.04, 0],
                        "ci_low": -0.1, "ci_high": 0.1})
    assert set(_verdicts(claims.feature_claims(hist, mem)).values()) == {"reproduced"}
    v = _verdicts(claims.feature_claims(hist.assign(difference=0.0), mem.assign(difference=[0.2, 0, 0, 0, 0, 0.1])))
    assert set(v.values()) == {"differs"}


def test_weights_claim_needs_more_than_chance():
    ok = {"learners": 60, "correct": 50, "accuracy": 50 / 60, "ci_low": 0.7, "ci_high": 0.9, "chance": 1 / 6}
    assert claims.weights_claim(ok)["verdict"] == "reproduced"
    assert claims.weights_claim({**ok, "ci_low": 0.1})["verdict"] == "differs"


def test_weight_separability_on_separated_and_mixed_weights():
    rng = np.random.default_rng(0)
    sep = [{"opponent": o, "weights": np.full((7, 7), k) + rng.normal(0, 0.01, (7, 7))}
           for k, o in enumerate("abc") for _ in range(5)]
    assert experiments.weight_separability(sep)["accuracy"] == 1.0
    mixed = [{"opponent": o, "weights": rng.normal(0, 1, (7, 7))} for o in "abc" for _ in range(5)]
    assert experiments.weight_separability(mixed)["accuracy"] < 0.8


def test_small_experiments_run_and_have_intervals():
    lies = experiments.personality_lie_rates(n_games=200, seed=0)
    assert len(lies) == 50 and (lies.ci_low <= lies.lie_rate).all()
    runs = experiments.learning_runs(n_runs=2, n_games=20, checkpoints=(20,), seed=0, personalities=("P1",))
    assert len(runs) == 2 and set(runs.games) == {20}
    grid = experiments.q_learning_grid((0, 20), n_seeds=2, n_test=30, opponents=("a",))
    table = experiments.win_rate_table(grid)
    assert list(table.training_games) == [0, 20] and (table.test_games == 30).all()


def test_expected_difference_matches_spec():
    assert experiments.stage1_expected_difference(0.5, 0.5, 1.0) == pytest.approx(0.5)
    assert experiments.stage1_expected_difference(0.5, 0.3, 1.0) == pytest.approx(0.1)
