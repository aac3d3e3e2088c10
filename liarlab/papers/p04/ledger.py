"""Notebook 04's coverage ledger: one row per experiment E1..E10 of spec 04, from the sizes the notebook resolved
and the counts its tables hold (never typed totals); what the spec asks comes from ``printed.SPEC_SIZES``."""
from __future__ import annotations

from liarlab.cheat.policies import FEATURE_SETS
from liarlab.cheat.positions import N_POSITIONS
from liarlab.papers.p04 import printed
from liarlab.papers.p04.params import PARAMS
from liarlab.papers.p04.results import Results
from liarlab.study.coverage import experiment

SPEC = "04"
ASKS = printed.SPEC_SIZES
GAMES = printed.STAGE1_CHECKPOINTS[-1]  # stage 1: games per run (the paper's chart ends there)
TRAINING_SIZES = len(printed.TRAINING_GAMES) + 1  # E7: the paper's training sizes and an untrained learner


def sizes_of(results: Results, params: dict) -> dict:
    """The keyword arguments of :func:`coverage_rows`: the run's resolved parameters (``params``, as ``nb.setup``
    returns them) and the counts the results hold."""
    variants = results.variants.per_seed
    rr = results.robin.games
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
    """The ledger rows; every ``run_size`` is written from the arguments (the notebook's resolved sizes). A reduced
    row says whether it ran at the quick profile's sizes (``run``: the sizes that decide it) or below the spec's."""
    def row(code, title, asks, done, where, ok=True, **run):
        quick = all(v == PARAMS.size(k, "quick") for k, v in run.items())
        why = "" if ok else "the quick profile's sizes" if quick else "sizes below what the spec asks"
        return experiment(SPEC, code, title, asks, done, "full" if ok else "reduced", where, why)

    s1, st = stage1_runs >= ASKS["stage1_runs"], settings_runs >= ASKS["stage1_runs"]
    q = q_seeds >= ASKS["q_seeds"] and test_games >= ASKS["test_games"]
    n_sets = len(FEATURE_SETS)
    seeds_tests = f"{ASKS['q_seeds']} seeds, {ASKS['test_games']:,} test games"
    stage1 = "Stage 1 · The learner against the five personalities"
    baselines = "Stage 1 · Baselines, the role of k, and an analytic check"
    return [
        row("E1", "Stage-1 personalities: realised lie rates, lie-count histograms",
            f"{ASKS['lie_games']:,} games per personality; histograms of {GAMES}-game counts",
            f"{lie_games:,} games per personality; {spread_runs:,} runs of {GAMES} games, histograms at "
            f"{spread_positions} positions", "Stage 1 · How the five personalities really lie",
            lie_games >= ASKS["lie_games"] and spread_positions == N_POSITIONS, lie_games=lie_games),
        row("E2", "Stage-1 learning curves (cumulative chart, windowed rates for the rises)",
            f"{ASKS['stage1_runs']} runs x {GAMES} games per personality",
            f"{stage1_runs} runs x {GAMES} games per personality", stage1, s1, stage1_runs=stage1_runs),
        row("E3", "Stage-1 baselines and ablation (frozen, always catch, k fixed at 0)",
            f">= {ASKS['stage1_runs']} runs per personality and setting",
            f"{settings_runs} runs per personality and setting", baselines, st, settings_runs=settings_runs),
        row("E4", "Stage-1 parameter paths p_t, k_t", f"{ASKS['stage1_runs']} runs per personality",
            f"{stage1_runs} runs per personality", stage1, s1, stage1_runs=stage1_runs),
        row("E5", "Stage-1 sensitivity (c, P5's q, steps, uniform hands) and the model variant (§8.4)",
            f">= {ASKS['stage1_runs']} runs per cell", f"{settings_runs} runs per cell, {n_settings} settings",
            baselines, st, settings_runs=settings_runs),
        row("E6", "Stage-2 engine sanity: round robin, lengths, caps, lie/challenge frequencies, first-player "
            "advantage", "every ordered pair of a-f and random",
            f"{n_agents * n_agents} ordered pairs x {round_robin_games:,} games, {n_rules} rules variants",
            "Stage 2 · The engine and the scripted agents"),
        row("E7", "Win rate vs training games", f"a-f x {TRAINING_SIZES} training sizes, {seeds_tests}",
            f"a-f x {training_sizes} training sizes, {q_seeds} seeds, {test_games:,} test games; again with "
            "the last play challengeable", "Stage 2 · Win rate against training games", q, q_seeds=q_seeds,
            test_games=test_games),
        row("E8", f"Feature sets {', '.join(FEATURE_SETS)}", f"a-f x {n_sets} feature sets, {seeds_tests}",
            f"a-f x {n_sets} feature sets, {q_seeds} seeds, {test_games:,} test games",
            "Stage 2 · Which features matter", q, q_seeds=q_seeds, test_games=test_games),
        row("E9", "Learned weights and test-time behaviour", f"the E8 F7 learners ({ASKS['q_seeds']} per type)",
            f"the E8 F7 learners ({q_seeds} per type)", "Stage 2 · What the learner learned",
            q_seeds >= ASKS["q_seeds"], q_seeds=q_seeds),
        row("E10", "Stage-2 sensitivity; E7 and E8 orderings rechecked under each variant",
            f"each variant, {ASKS['q_seeds']} seeds, intervals",
            f"{n_variants} variants x {variant_feature_sets} feature sets x a-f, {variant_seeds} seeds, "
            f"{test_games:,} test games", "Stage 2 · Rule and learner variants (sensitivity)",
            variant_seeds >= ASKS["q_seeds"] and test_games >= ASKS["test_games"], q_seeds=variant_seeds,
            test_games=test_games),
    ]
