"""Notebook 04's coverage ledger: one row per experiment E1..E10 of the reproduction spec (04-cheat.md), built
from the sizes the notebook actually resolved (never typed totals)."""
from __future__ import annotations

from liarlab.study.coverage import experiment

SPEC = "04"
# the spec's sizes (§6 statistical caveat and §7)
SPEC_LIE_GAMES = 10_000       # E1: games per personality
SPEC_STAGE1_RUNS = 200        # E2..E5: independent runs (>= 200 for stage 1)
SPEC_SEEDS = 30               # E7, E8, E10: training seeds per cell
SPEC_TEST_GAMES = 1_000       # E7, E8, E10: test games per learner


def coverage_rows(*, lie_games: int, spread_runs: int, spread_positions: int, stage1_runs: int, settings_runs: int,
                  n_settings: int, round_robin_games: int, n_agents: int, n_rules: int, q_seeds: int,
                  test_games: int, training_sizes: int, variant_seeds: int, n_variants: int,
                  variant_feature_sets: int) -> list[dict]:
    """The ledger rows; every ``run_size`` is written from the arguments (the notebook's resolved sizes)."""
    def status(ok: bool) -> str:
        return "full" if ok else "reduced"

    s1 = stage1_runs >= SPEC_STAGE1_RUNS
    st = settings_runs >= SPEC_STAGE1_RUNS
    q = q_seeds >= SPEC_SEEDS and test_games >= SPEC_TEST_GAMES
    v = variant_seeds >= SPEC_SEEDS and test_games >= SPEC_TEST_GAMES
    small = "the quick profile's sizes"
    rows = [
        experiment(SPEC, "E1", "Stage-1 personalities: realised lie rates, lie-count histograms",
                   f"{SPEC_LIE_GAMES:,} games per personality; histograms of 500-game counts",
                   f"{lie_games:,} games per personality; {spread_runs:,} runs of 500 games, histograms at "
                   f"{spread_positions} positions", status(lie_games >= SPEC_LIE_GAMES and spread_positions == 10),
                   "Stage 1 · How the five personalities really lie", "" if lie_games >= SPEC_LIE_GAMES else small),
        experiment(SPEC, "E2", "Stage-1 learning curves (cumulative chart, windowed rates for the rises)",
                   f"{SPEC_STAGE1_RUNS} runs x 500 games per personality",
                   f"{stage1_runs} runs x 500 games per personality", status(s1),
                   "Stage 1 · The learner against the five personalities", "" if s1 else small),
        experiment(SPEC, "E3", "Stage-1 baselines and ablation (frozen, always catch, k fixed at 0)",
                   f">= {SPEC_STAGE1_RUNS} runs per personality and setting",
                   f"{settings_runs} runs per personality and setting", status(st),
                   "Stage 1 · Baselines, the role of k, and an analytic check", "" if st else small),
        experiment(SPEC, "E4", "Stage-1 parameter paths p_t, k_t", f"{SPEC_STAGE1_RUNS} runs per personality",
                   f"{stage1_runs} runs per personality", status(s1),
                   "Stage 1 · The learner against the five personalities", "" if s1 else small),
        experiment(SPEC, "E5", "Stage-1 sensitivity (c, P5's q, steps, uniform hands) and the model variant (§8.4)",
                   f">= {SPEC_STAGE1_RUNS} runs per cell",
                   f"{settings_runs} runs per cell, {n_settings} settings", status(st),
                   "Stage 1 · Baselines, the role of k, and an analytic check", "" if st else small),
        experiment(SPEC, "E6", "Stage-2 engine sanity: round robin, lengths, caps, lie/challenge frequencies, "
                               "first-player advantage", "every ordered pair of a-f and random",
                   f"{n_agents * n_agents} ordered pairs x {round_robin_games:,} games, {n_rules} rules variants",
                   "full", "Stage 2 · The engine and the scripted agents"),
        experiment(SPEC, "E7", "Win rate vs training games",
                   f"a-f x 6 training sizes, {SPEC_SEEDS} seeds, {SPEC_TEST_GAMES:,} test games",
                   f"a-f x {training_sizes} training sizes, {q_seeds} seeds, {test_games:,} test games; again with "
                   "the last play challengeable", status(q), "Stage 2 · Win rate against training games",
                   "" if q else small),
        experiment(SPEC, "E8", "Feature sets F5, F7, F7-H5",
                   f"a-f x 3 feature sets, {SPEC_SEEDS} seeds, {SPEC_TEST_GAMES:,} test games",
                   f"a-f x 3 feature sets, {q_seeds} seeds, {test_games:,} test games", status(q),
                   "Stage 2 · Which features matter", "" if q else small),
        experiment(SPEC, "E9", "Learned weights and test-time behaviour", f"the E8 F7 learners ({SPEC_SEEDS} per type)",
                   f"the E8 F7 learners ({q_seeds} per type)", status(q_seeds >= SPEC_SEEDS),
                   "Stage 2 · What the learner learned", "" if q_seeds >= SPEC_SEEDS else small),
        experiment(SPEC, "E10", "Stage-2 sensitivity; E7 and E8 orderings rechecked under each variant",
                   f"each variant, {SPEC_SEEDS} seeds, intervals",
                   f"{n_variants} variants x {variant_feature_sets} feature sets x a-f, {variant_seeds} seeds, "
                   f"{test_games:,} test games", status(v), "Stage 2 · Rule and learner variants (sensitivity)",
                   "" if v else small),
    ]
    return rows
