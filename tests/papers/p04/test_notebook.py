"""Notebook 04 end to end at tiny sizes, as its cells run it: the sections' dataclasses from real runs, one Results,
the confirmatory sizes and every claims row from it, the prose, the captions and the ledger (slow: ~30 s)."""
import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib import pyplot as plt  # noqa: E402

from liarlab.papers.p04 import claims, figures, ledger, printed, summary  # noqa: E402
from liarlab.papers.p04 import experiments as p04x  # noqa: E402
from liarlab.papers.p04 import results as r04  # noqa: E402
from liarlab.study import context  # noqa: E402

SIZES = dict(lie_games=300, spread_runs=3, stage1_runs=3, settings_runs=2, round_robin_games=20, q_seeds=2,
             test_games=30, exploiter_games=20)
SEED = 7


@pytest.fixture(scope="module")
def results():
    with context.using(progress=False):
        return _results()


def _results():
    s = SIZES
    stage1 = r04.Stage1.from_runs(p04x.learning_runs(n_runs=s["stage1_runs"], n_games=500, seed=SEED + 3,
                                                     checkpoints=printed.STAGE1_CHECKPOINTS))
    training = r04.Training.from_grids(
        p04x.q_learning_grid((0,) + printed.TRAINING_GAMES, ("F7",), s["q_seeds"], s["test_games"], seed=SEED + 6),
        p04x.q_learning_grid((0,) + printed.TRAINING_GAMES, ("F7",), s["q_seeds"], s["test_games"], seed=SEED + 12,
                             variants={"last play challengeable": {"last_play_challengeable": True}}))
    cross = p04x.cross_rules_test(n_train=50, n_seeds=s["q_seeds"], n_test=s["test_games"], seed=SEED + 14)
    features = r04.Features.from_grid(p04x.q_learning_grid((300,), p04x.FEATURE_SETS, s["q_seeds"], s["test_games"],
                                                           seed=SEED + 7))
    features = features.with_one_hot(p04x.q_learning_grid((300,), ("F5", "F7"), s["q_seeds"], s["test_games"],
                                                          seed=SEED + 11, variants={"one-hot": {"encoding": "one-hot"}}))
    variants = r04.Variants.from_grid(p04x.rule_variant_grid(s["q_seeds"], s["test_games"], seed=SEED + 8))
    return r04.Results(
        lies=p04x.personality_lie_rates(n_games=s["lie_games"], seed=SEED + 1),
        spread=p04x.lie_count_spread(n_runs=s["spread_runs"], n_games=500, seed=SEED + 2), stage1=stage1,
        settings=r04.Settings.from_runs(p04x.stage1_settings_runs(n_runs=s["settings_runs"], seed=SEED + 4), stage1),
        robin=r04.RoundRobin.from_games(p04x.round_robin(n_games=s["round_robin_games"], seed=SEED + 5)),
        exploit=p04x.exploiter_table(p04x.exploiter_games(n_games=s["exploiter_games"], seed=SEED + 13)),
        training=training,
        baselines=r04.Baselines.from_runs(p04x.stage2_baselines(n_games=s["exploiter_games"], seed=SEED + 15), cross,
                                          training),
        features=features, weights=r04.Weights.from_learners(features.f7()), variants=variants,
        orderings=claims.variant_orderings(features.per_seed, variants.per_seed),
        multiplayer=p04x.multiplayer_table(s["q_seeds"], s["test_games"], seed=SEED + 9))


@pytest.mark.slow
def test_claims_prose_and_ledger_from_one_results_object(results):
    caps = claims.confirmation_caps(4, 3)
    sizes = claims.confirmation_sizes(results, caps)
    assert all(v <= caps[k] for k, v in sizes.items() if not k.endswith("_who"))
    rows = claims.notebook_claims(results, {}, caps)  # the pilot's rows (no confirmatory sample drawn here)
    # every row comes from one of the paper's families (issue 48), made by the study's one row maker
    assert all("readings_rows" in r for r in rows), "a claims row not made by liarlab.study.families.claim"
    from types import SimpleNamespace

    from liarlab.study import families as F

    judged = F.by_family(claims.CLAIM_FAMILIES, SimpleNamespace(results=results, confirm={}, caps=caps, plans=None))
    assert [r["claim"] for _, mine in judged for r in mine] == [r["claim"] for r in rows]
    assert all(mine for _, mine in judged), "a family judged no row"
    table = pd.DataFrame(rows)
    assert len(table) == len(table.claim.unique()) > 40
    assert set(table.verdict) <= {"reproduced", "differs", "inconclusive", "extension"}
    headline = table.headline.fillna(False).astype(bool)  # a row without the key is no headline
    assert headline.sum() == 1 and table[headline].claim.str.contains("almost all above 50%").all()
    # every differing finding has readings and the cause the one rule gives (save_readings checks the same)
    from liarlab.core import readings as R
    from liarlab.study import readings as study_readings

    every = claims.notebook_readings(rows)
    study_readings.check(table, every)
    for r in rows:
        if r["verdict"] == "differs" and r["kind"] == "finding":
            assert R.cause(R.of_claim(every, r["claim"])) == r["cause"] != ""
    words = claims.answer_words(table, results.stage1.runs, sizes, SIZES["stage1_runs"], SIZES["settings_runs"])
    assert {words["second"], words["third"]} <= set(table.claim)
    found = summary.what_we_found(results, table)
    late = results.stage1.window_table.set_index(["personality", "window"]).win_rate
    assert f"P1 {100 * late[('P1', '301-500')]:.0f}%" in found and f"means over {SIZES['stage1_runs']} runs" in found
    assert f"of {SIZES['test_games']}-game tests (means over {SIZES['q_seeds']}" in found
    assert "Verdicts of the paper's findings" not in found  # counted once, on the first screen (issue 50)
    assert "A shortcut decides many games" in summary.where_we_differ(results)
    params = {**SIZES, "notebook": "04"}
    rows = {r["code"]: r for r in ledger.coverage_rows(**ledger.sizes_of(results, params))}
    assert rows["E7"]["run_size"].startswith(f"a-f x {ledger.TRAINING_SIZES} training sizes, 2 seeds, 30 test games")
    assert rows["E10"]["run_size"].startswith(f"{len(p04x.RULE_VARIANTS)} variants x 3 feature sets")


@pytest.mark.slow
def test_every_figure_and_caption_draws_from_the_results(results):
    figs = [figures.personality_lie_rates(results.lies), figures.lie_count_spread(results.spread),
            figures.stage1_learning_curves(results.stage1), figures.round_robin(results.robin.games),
            figures.training_curves(results.training), figures.feature_sets(results.features),
            figures.weights(results.weights.table)]
    assert [len(f.axes) for f in figs][:6] == [1, 1, 4, 8, 6, 2]   # the lie counts: one panel of ranges
    from liarlab.study.plotting import legend_overlaps

    assert [legend_overlaps(f) for f in figs] == [[]] * len(figs)  # no legend covers data
    plt.close("all")
    captions = [figures.personality_lie_rates_caption(results.lies), figures.lie_count_spread_caption(results.spread),
                figures.stage1_learning_curves_caption(results.stage1), figures.round_robin_caption(results.robin.games),
                figures.training_curves_caption(results.training), figures.feature_sets_caption(results.features),
                figures.weights_caption(results.weights.separability)]
    assert all(c and "nan" not in c for c in captions)
