"""Notebook 04's coverage ledger: one row per experiment E1..E10 of spec 04, from the resolved sizes and the tables'
counts (never typed totals); the thresholds are ``printed.SPEC_SIZES``."""
from __future__ import annotations

from liarlab.cheat.policies import FEATURE_SETS
from liarlab.cheat.positions import N_POSITIONS
from liarlab.papers.p04 import printed
from liarlab.papers.p04.params import PARAMS
from liarlab.papers.p04.results import Results
from liarlab.study.coverage import indexed

ASKS = printed.SPEC_SIZES
GAMES = printed.STAGE1_CHECKPOINTS[-1]  # stage 1: games per run (the paper's chart ends there)
TRAINING_SIZES = len(printed.TRAINING_GAMES) + 1  # E7: the paper's training sizes and an untrained learner


def sizes_of(results: Results, params: dict) -> dict:
    """The keyword arguments of :func:`coverage_rows`: the run's resolved parameters and its tables' counts."""
    variants, rr = results.variants.per_seed, results.robin.games
    return dict({k: params[k] for k in ("lie_games", "spread_runs", "stage1_runs", "settings_runs",
                                        "round_robin_games", "q_seeds", "test_games")},
                spread_positions=int(results.spread.position.nunique()),
                n_settings=int(results.settings.runs.setting.nunique()), n_agents=int(rr.agent.nunique()),
                n_rules=int(rr.rules.nunique()), training_sizes=int(results.training.per_seed.training_games.nunique()),
                variant_seeds=int(variants.groupby(["variant", "opponent", "feature_set"]).size().min()),
                n_variants=int(variants.variant.nunique()), variant_feature_sets=int(variants.feature_set.nunique()))


def coverage_rows(*, lie_games: int, spread_runs: int, spread_positions: int, stage1_runs: int, settings_runs: int,
                  n_settings: int, round_robin_games: int, n_agents: int, n_rules: int, q_seeds: int,
                  test_games: int, training_sizes: int, variant_seeds: int, n_variants: int,
                  variant_feature_sets: int) -> list[dict]:
    """The ledger rows from the resolved sizes; a reduced row says if it ran at the quick profile's sizes (``run``)."""
    def row(code, done, where, ok=True, **run):
        quick = all(v == PARAMS.size(k, "quick") for k, v in run.items())
        return indexed("04", code, done, ok, where, "the quick profile's sizes" if quick else
                       "sizes below what the spec asks")

    s1, st = stage1_runs >= ASKS["stage1_runs"], settings_runs >= ASKS["stage1_runs"]
    q = q_seeds >= ASKS["q_seeds"] and test_games >= ASKS["test_games"]
    stage1 = "Stage 1 · The learner against the five personalities"
    baselines = "Stage 1 · Baselines, the role of k, and an analytic check"
    return [
        row("E1", f"{lie_games:,} games per personality; {spread_runs:,} runs of {GAMES} games, histograms at "
            f"{spread_positions} positions", "Stage 1 · How the five personalities really lie",
            lie_games >= ASKS["lie_games"] and spread_positions == N_POSITIONS, lie_games=lie_games),
        row("E2", f"{stage1_runs} runs x {GAMES} games per personality", stage1, s1, stage1_runs=stage1_runs),
        row("E3", f"{settings_runs} runs per personality and setting", baselines, st, settings_runs=settings_runs),
        row("E4", f"{stage1_runs} runs per personality", stage1, s1, stage1_runs=stage1_runs),
        row("E5", f"{settings_runs} runs per cell, {n_settings} settings", baselines, st, settings_runs=settings_runs),
        row("E6", f"{n_agents * n_agents} ordered pairs x {round_robin_games:,} games, {n_rules} rules variants",
            "Stage 2 · The engine and the scripted agents"),
        row("E7", f"a-f x {training_sizes} training sizes, {q_seeds} seeds, {test_games:,} test games; again with "
            "the last play challengeable", "Stage 2 · Win rate against training games", q, q_seeds=q_seeds,
            test_games=test_games),
        row("E8", f"a-f x {len(FEATURE_SETS)} feature sets, {q_seeds} seeds, {test_games:,} test games",
            "Stage 2 · Which features matter", q, q_seeds=q_seeds, test_games=test_games),
        row("E9", f"the E8 F7 learners ({q_seeds} per type)", "Stage 2 · What the learner learned",
            q_seeds >= ASKS["q_seeds"], q_seeds=q_seeds),
        row("E10", f"{n_variants} variants x {variant_feature_sets} feature sets x a-f, {variant_seeds} seeds, "
            f"{test_games:,} test games", "Stage 2 · Rule and learner variants (sensitivity)",
            variant_seeds >= ASKS["q_seeds"] and test_games >= ASKS["test_games"], q_seeds=variant_seeds,
            test_games=test_games),
    ]
