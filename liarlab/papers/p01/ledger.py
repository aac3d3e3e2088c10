"""Notebook 01's coverage ledger: one row per experiment of the reproduction spec (01-liar-dice-random-play-and-bbn.md)
except E1 (Tables 4.5-4.7 live in notebook 00, whose ledger lists them), built from the sizes the notebook actually
resolved (never typed totals)."""
from __future__ import annotations

from liarlab.study.coverage import experiment

SPEC = "01"
SPEC_CALLS = 100_000        # E3: calls per worked situation
SPEC_GAMES = 500            # every match: 500 games
SPEC_SEEDS = 20             # R = 20 independent seeds unless stated otherwise
SPEC_TYPES = 32


def coverage_rows(*, n_calls: int, n_games: int, n_seeds: int, n_large: int, n_types: int, bbn_games: int,
                  bbn_seeds: int, bbn_types: int, grid_panels: int, bbn_grid_panels: int, diag_types: int,
                  diag_seeds: int, timing_games: int, substitute_rows: int, split_by_starter: bool,
                  rule_readings: int, n_sweep: int, net_readings: int, net_reading_seeds: int, lambdas: int,
                  x3_types: int, x3_seeds: int, x4_rules: list, x4_games: int) -> list[dict]:
    """The ledger rows; every ``run_size`` is written from the arguments (the notebook's resolved sizes)."""
    def status(ok: bool) -> str:
        return "full" if ok else "reduced"

    small = "the quick profile's sizes"
    e5 = n_games >= SPEC_GAMES and n_seeds >= SPEC_SEEDS and n_types >= SPEC_TYPES
    e7 = bbn_games >= SPEC_GAMES and bbn_seeds >= SPEC_SEEDS and bbn_types >= SPEC_TYPES
    e8 = e7 and diag_types >= SPEC_TYPES and diag_seeds >= SPEC_SEEDS
    e12 = net_reading_seeds >= SPEC_SEEDS and e5
    x4_full = set(x4_rules) >= {"wild ones", "dice loss"}
    rows = [
        experiment(SPEC, "E2", "Search space, legal-bid counts, rain example", "none", "computed exactly", "full",
                   "Side numbers: search space, legal bids, the rain example (E2)"),
        experiment(SPEC, "E3", "Worked checks of the random-guess rule (p_c, p_b, final action; Fig 4.4 weights)",
                   f"{SPEC_CALLS:,} calls per situation", f"{n_calls:,} calls per situation",
                   status(n_calls >= SPEC_CALLS), "How the random-guess player decides (E3)",
                   "" if n_calls >= SPEC_CALLS else small),
        experiment(SPEC, "E4", "Fig 5.1 replay and per-type behaviour on random positions",
                   "the Fig 5.1 position; random states for all 32 types",
                   f"Fig 5.1 replay and {n_calls:,} draws; {min(n_calls, 5_000):,} random positions x 32 types",
                   "full", "How the test programs decide (E4)"),
        experiment(SPEC, "E5", "Random-guess vs type1..32: win rate per type",
                   f"{SPEC_SEEDS} seeds x {SPEC_GAMES} games per type",
                   f"{n_seeds} seeds x {n_games} games per type, plus {n_large:,} games per type and one reference "
                   "match per type", status(e5), "Random-guess win rate against each of the 32 test programs (E5)",
                   "" if e5 else small),
        experiment(SPEC, "E6", "Cumulative wins vs game index (types 1, 5, 23 and a 32-panel grid)",
                   "E5 runs; 3 panels and a 32-panel grid", f"E5 runs; 3 panels and a {grid_panels}-panel grid",
                   status(e5 and grid_panels >= SPEC_TYPES), "Win-rate trends over a 500-game match (E6)",
                   "" if e5 and grid_panels >= SPEC_TYPES else small),
        experiment(SPEC, "E7", "Random-guess + network vs type1..32, paired with plain random-guess",
                   f"{SPEC_SEEDS} seeds x {SPEC_GAMES} games x 32 types; trends for 1, 8, 11 and a 32-panel grid",
                   f"{bbn_seeds} seeds x {bbn_games} games x {bbn_types} types; trends for 1, 8, 11 and a "
                   f"{bbn_grid_panels}-panel grid", status(e7 and bbn_grid_panels >= SPEC_TYPES),
                   "The Bayesian network: gain over plain random-guess (E7-E10)", "" if e7 else small),
        experiment(SPEC, "E8", "Gate adoption, calibration of P(B) and P(C), H and L errors",
                   f"E7 runs ({SPEC_SEEDS} seeds x 32 types)", f"{diag_seeds} recorded seed(s) x {diag_types} types x "
                   f"{bbn_games} games (reference engine)", status(e8), "E8 diagnostics",
                   "" if e8 else ("the per-decision records exist only in the reference Python engine, whose 500-game "
                                  "paired match costs about 100 times the compiled one; 20 seeds x 32 types "
                                  f"({SPEC_SEEDS * SPEC_TYPES} recorded matches) would alone exceed the notebook's "
                                  "8-minute budget on 2 cores" if bbn_games >= SPEC_GAMES else small)),
        experiment(SPEC, "E9", "Wall time random-only vs network", f"{SPEC_GAMES} games per configuration",
                   f"{timing_games} games per configuration", status(timing_games >= SPEC_GAMES),
                   "Running time with and without the network (E9)", "" if timing_games >= SPEC_GAMES else small),
        experiment(SPEC, "E10", "Substitutes for the human study (self-play, drifting, deceivers)",
                   f"{SPEC_SEEDS} seeds x {SPEC_GAMES} games per row", f"{bbn_seeds} seeds x {bbn_games} games per "
                   f"row, {substitute_rows} rows", status(e7), "The Bayesian network (E10 substitutes)",
                   "" if e7 else small),
        experiment(SPEC, "E11", "Turns per game, count at the challenge, challenger success, split by starter",
                   "E5/E7 runs, split by starting player",
                   f"{n_large:,} games per type, {'split' if split_by_starter else 'not split'} by starting player",
                   status(split_by_starter and n_large >= SPEC_SEEDS * SPEC_GAMES),
                   "Game length, the count at the challenge, and who challenges well (E11)",
                   "" if split_by_starter and n_large >= SPEC_SEEDS * SPEC_GAMES else small),
        experiment(SPEC, "E12", "Alternative readings: rules (start, retry, cap) and network (verdicts, x-3, P(B|A), "
                   "sampled-hand guess, Laplace, ablations)", f"rerun E5/E7 ({SPEC_SEEDS} seeds x {SPEC_GAMES} games)",
                   f"{rule_readings} rule readings x {n_sweep:,} games per type; {net_readings} network readings x "
                   f"{net_reading_seeds} seeds x {bbn_games} games x {bbn_types} types", status(e12),
                   "Alternative readings (E12); Which reading of the network costs or gains what",
                   "" if e12 else (f"the {net_readings} network readings at {SPEC_SEEDS} seeds would double the "
                                   "notebook's longest step; 10 seeds (the protocol's minimum for a learned agent) fit "
                                   "the budget" if net_reading_seeds >= 10 else small)),
        experiment(SPEC, "X1", "Real-valued guessing", "rerun E5", f"{n_sweep:,} games per type", "full",
                   "Chapter 6 extensions (X2, X1)"),
        experiment(SPEC, "X2", "Uniform / binomial mixture of the guess", "lambda in {0, 0.25, 0.5, 0.75, 1}",
                   f"{lambdas} values of lambda x {n_sweep:,} games per type", status(lambdas >= 5),
                   "Chapter 6 extensions (X2, X1)", "" if lambdas >= 5 else small),
        experiment(SPEC, "X3", "Confidence-weighted imagined hand (with X1)", "not sized by the spec",
                   f"{x3_types} types x {x3_seeds} seeds x {bbn_games} games (reference engine)",
                   status(x3_seeds >= 10), "Chapter 6 extensions (X3)",
                   "" if x3_seeds >= 10 else small),
        experiment(SPEC, "X4", "Extended rules: wild ones, re-rolling, dice loss, more players",
                   "wild_ones, allow_reroll, dice_loss, n_players > 2",
                   f"{', '.join(x4_rules)}: {x4_games} games (dice loss: matches) per type", "reduced",
                   "Chapter 6 extensions (X4)",
                   ("re-rolling is not implemented (the thesis calls it a separate research problem); more than two "
                    "players is not applicable, the random-guess strategy is defined for two" if x4_full else small)),
    ]
    return rows
