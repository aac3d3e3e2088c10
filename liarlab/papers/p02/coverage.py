"""Notebook 02's coverage ledger: one row per required experiment of spec 02 (section 6, #0..#22).

#1 (hand probabilities) and #2 (complexity and Q-space) live in notebook 00, whose ledger lists them.
Sizes come from what the notebook resolved (:class:`Sizes`), never from typed totals.
"""
from __future__ import annotations

from dataclasses import dataclass

from liarlab.study import coverage

SPEC = "02"
ELSEWHERE = ("#1", "#2")
#: the spec's sizes (section 6)
SPEC_STAGE, SPEC_EVAL, SPEC_SEEDS, SPEC_FULL = 100_000, 10_000, 3, 3_000_000


@dataclass
class Sizes:
    stage_games: int
    eval_games: int
    n_seeds: int
    full_hand_games: int
    exploit_games: int
    n_sequence_models: int
    margins: tuple = (3, 2)
    histories: tuple = (1, 2, 3)
    full_histories: tuple = (1, 2, 3)
    fixed_games: int | None = None      # games per seat arrangement of fixed rules (default: eval_games)


def _status(ok: bool) -> str:
    return "full" if ok else "reduced"


def ledger(sz: Sizes) -> list[dict]:
    """The rows of ``data/02_coverage.csv``."""
    stage_ok = sz.stage_games >= SPEC_STAGE
    eval_ok = sz.eval_games >= SPEC_EVAL
    seeds_ok = sz.n_seeds >= SPEC_SEEDS
    size_ok = stage_ok and eval_ok and seeds_ok
    why_small = "" if size_ok else (f"this profile trains {sz.stage_games:,} games per stage, {sz.n_seeds} seed(s), "
                                    f"{sz.eval_games:,} evaluation games per seat arrangement")
    tr = f"{sz.stage_games:,} games/stage x {sz.n_seeds} seeds"
    full_step = max(sz.full_hand_games // 30, max(sz.stage_games // 10, 1))
    ev = f"{sz.eval_games:,} games per seat arrangement"
    fixed = sz.eval_games if sz.fixed_games is None else sz.fixed_games
    fx = f"{fixed:,} games per seat arrangement"
    fixed_ok = fixed >= SPEC_EVAL
    sp_tr, sp_ev = f"{SPEC_STAGE:,} games/stage x >= {SPEC_SEEDS} seeds", f"{SPEC_EVAL:,} games per seat arrangement"
    rows = [coverage.experiment(SPEC, "#0", "Unit tests (k = 2, 3)", "asserts on rules, EXP rules, keys, updates",
                                "tests/liardice/test_qlearning*.py: rules, EXP rules, keys, updates, engines agree",
                                "full", "tests")]
    spec = {
        "#3": ("Base models RL0..RL3", sp_tr, tr, stage_ok and seeds_ok, "Fig 5-4 section"),
        "#4": ("vs RAND (Fig 5-1)", sp_ev, f"EXP0-3 x {fx}; RL0-3 x {sz.n_seeds} seeds x {ev}", size_ok and fixed_ok,
               "Strength against a random player"),
        "#5": ("EXP x EXP, 16 pairs (Fig 5-2)", "16 pairs x " + sp_ev, "16 pairs x 2 readings x " + fx, fixed_ok,
               "Rule against rule"),
        "#6": ("3-player mixes (Fig 5-3)", "all seatings of {A,A,B}, margin 3 and 2",
               f"all 12 type pairs x 3 rotations, margins {', '.join(map(str, sz.margins))}, x {fixed:,}",
               fixed_ok, "Three players"),
        "#7": ("RL vs EXP (Fig 5-4)", "4 x 4 x " + sp_ev, f"4 x 4 x {sz.n_seeds} seeds x " + ev + ", eps 0.1 and 0",
               size_ok, "Learned tables against every rule"),
        "#8": ("Self-play (Fig 5-5)", "EXPi vs EXPi, RLi vs RLi", f"4 EXP x {fixed:,} + 4 RL x {sz.n_seeds} seeds x "
               f"{sz.eval_games:,}", size_ok and fixed_ok, "Seat advantage"),
        "#9": ("3 identical EXPs (Fig 5-6)", "EXP0-3 per seat", f"EXP0-3 x margins 3, 2 x {fixed:,}", fixed_ok,
               "Three players"),
        "#10": ("Sequential training (Fig 5-7, a-1, a-2)", "22 models + RL-random (400,000 games)",
                f"{sz.n_sequence_models} models (the 23 + per-game RL-random ablation) x {sz.n_seeds} seeds",
                size_ok and sz.n_sequence_models >= 23, "Training order"),
        "#11": ("Fixed seat, 2 players (Fig 5-8)", "RL0 fixed at P1 / P2, " + sp_tr,
                f"rotating, P1, P2, P2 with shuffled ties x {tr}", size_ok, "Training in one seat"),
        "#12": ("Fixed seat, 3 players (Fig 5-9)", "RL0 fixed at P1/P2/P3 and rotating, 3 x 3 grid",
                f"4 trainings x 3 test seats x {sz.n_seeds} seeds", size_ok, "Training in one seat"),
        "#13": ("History length (Fig 5-10)", "n = 1, 2, 3, log every 10,000",
                f"n = {', '.join(map(str, sz.histories))}, log every {max(sz.stage_games // 10, 1):,} x {sz.n_seeds} "
                "seeds", size_ok, "Learning curves"),
        "#14": ("Full hand (Fig 5-11)", f"n = 1 to {SPEC_FULL:,} games, checkpoints every 100,000",
                f"n = 1 to {sz.full_hand_games:,} games x {sz.n_seeds} seeds, checkpoints every {full_step:,} (and every "
                f"{max(sz.stage_games // 10, 1):,} up to one stage); n = 2, 3 one stage",
                sz.full_hand_games >= SPEC_FULL and seeds_ok and full_step <= 100_000, "Full hand against partial hand"),
        "#15": ("Exploration curve (Fig 5-12)", "every 10,000 games: len(Q), share, frozen and training win rate",
                f"every {max(sz.stage_games // 10, 1):,} games x {sz.n_seeds} seeds", size_ok, "Learning curves"),
        "#16": ("Training time (Fig 5-13)", "wall-clock per 10,000 games + moves and scans per game, #13 and #14 "
                "configurations", f"partial and full hand, n = 1, 2, 3, x {sz.n_seeds} seeds (a timing table, not "
                "claims: measured on a shared machine)", stage_ok and seeds_ok, "Training time"),
        "#17": ("Top-30 strategies (Table 5-1)", "RL0 n = 1, 2, 3 and full hand",
                f"partial and full hand, n = 1, 2, 3, x {sz.n_seeds} seeds", stage_ok and seeds_ok,
                "The strongest entries"),
        "#18": ("Forced vs random, EXP (Figs 5-14, 5-15)", "EXP0-3 x s = 1..5, balanced seats, per seat",
                "EXP0-3 x s = 1..5 x " + fx, fixed_ok, "Forced hands"),
        "#19": ("Forced vs random, RL (Fig 5-16)", "RL0-3 x s = 1..5", f"RL0-3 x s = 1..5 x {sz.n_seeds} seeds x " + ev,
                size_ok, "Forced hands"),
        "#20": ("Forced vs forced (Figs 5-17, 5-18)", "EXP0, EXP1, RL0, RL1 x 25 cells",
                f"EXP0, EXP1 x 25 cells x {fixed:,}; RL0, RL1 x 25 cells x {sz.eval_games:,} x {sz.n_seeds} seeds",
                size_ok and fixed_ok,
                "Forced hands"),
        "#21": ("Game length (Fig 6-1)", "RL0 vs EXP0 (and EXP pairs)", f"RL0 vs EXP0 x {sz.n_seeds} seeds, 4 EXP pairs",
                size_ok, "Game length"),
        "#22": ("Q-table slice (Table 4-3)", "RL0 after 1,000 and 100,000 games",
                f"RL0 after 1,000 and {sz.stage_games:,} games", stage_ok, "The strongest entries"),
    }
    for code in coverage.spec_codes(SPEC):
        if code in ("#0",):
            continue
        if code in ELSEWHERE:
            continue
        title, sp, run, ok, where = spec[code]
        rows.append(coverage.experiment(SPEC, code, title, sp, run, _status(ok), where, "" if ok else why_small))
    return rows
