"""Notebook 02's coverage ledger: one row per experiment of spec 02 (#0-#22; #1 and #2 are notebook 00's), full
when this run's sizes reach the full profile's."""
from __future__ import annotations

from dataclasses import dataclass

from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.params import PARAMS
from liarlab.study import coverage

SPEC = "02"
ELSEWHERE = ("#1", "#2")
full_size = PARAMS.size     # a parameter's size in the full profile


@dataclass
class Sizes:
    """The sizes a run resolved and the number of sequence models it trained."""
    stage_games: int
    eval_games: int
    n_seeds: int
    full_hand_games: int
    exploit_games: int
    n_sequence_models: int
    fixed_games: int | None = None      # games per seat arrangement of fixed rules (default: eval_games)

    @classmethod
    def of_run(cls, params: dict, n_sequence_models: int) -> "Sizes":
        return cls(params["stage_games"], params["eval_games"], params["n_seeds"], params["full_hand_games"],
                   params["exploit_games"], n_sequence_models, fixed_games=params["fixed_games"])

    @property
    def fixed(self) -> int:
        return self.eval_games if self.fixed_games is None else self.fixed_games

    @property
    def log_every(self) -> int:
        return ex.Setup(stage_games=self.stage_games).marks[0]

    @property
    def full_every(self) -> int:
        return ex.full_hand_every(ex.Setup(stage_games=self.stage_games), self.full_hand_games)


def _row(code: str, run_size: str, full: bool, where: str, why: str) -> dict:
    """One ledger row: title and spec size from the experiment index, the rest from this run."""
    asked = coverage.index().set_index(["spec", "code"]).loc[(SPEC, code)]
    return coverage.experiment(SPEC, code, asked.title, asked.spec_size, run_size, "full" if full else "reduced",
                               where, "" if full else why)


def _checks(sz: Sizes) -> dict:
    """Which of the run's sizes reach the full profile's."""
    stage = sz.stage_games >= full_size("stage_games")
    seeds = sz.n_seeds >= full_size("n_seeds")
    size = stage and seeds and sz.eval_games >= full_size("eval_games")
    full_every = Sizes(full_size("stage_games"), 0, 0, full_size("full_hand_games"), 0, 0).full_every
    return {"tests": True, "stage": stage and seeds, "size": size, "fixed": sz.fixed >= full_size("fixed_games"),
            "stage_only": stage, "sequences": size and sz.n_sequence_models >= len(ex.sequential_names()),
            "full_hand": sz.full_hand_games >= full_size("full_hand_games") and seeds and sz.full_every <= full_every}


def _runs(sz: Sizes) -> dict:
    """code -> (what this run did, which check of :func:`_checks` decides it, the notebook section)."""
    tr = f"{sz.stage_games:,} games/stage x {sz.n_seeds} seeds"
    ev, fx, n = f"{sz.eval_games:,} games per seat arrangement", f"{sz.fixed:,} games per seat arrangement", len(ex.EXPS)
    seeds, log = f"x {sz.n_seeds} seeds", f"{sz.log_every:,}"
    return {
        "#0": ("tests/liardice/test_qlearning*.py: rules, EXP rules, keys, updates, engines agree", "tests", "tests"),
        "#3": (tr, "stage", "Fig 5-4 section"),
        "#4": (f"EXP0-3 x {fx}; RL0-3 x {sz.n_seeds} seeds x {ev}", "size+fixed", "Strength against a random player"),
        "#5": (f"{n * n} pairs x 2 readings x " + fx, "fixed", "Rule against rule"),
        "#6": (f"all {n * (n - 1)} type pairs x 3 rotations, margins 3, 2, x {sz.fixed:,}",
               "fixed", "Three players"),
        "#7": (f"{n} x {n} x {sz.n_seeds} seeds x " + ev + ", eps 0.1 and 0", "size", "Learned tables against every rule"),
        "#8": (f"{n} EXP x {sz.fixed:,} + {n} RL x {sz.n_seeds} seeds x {sz.eval_games:,}", "size+fixed",
               "Seat advantage"),
        "#9": (f"EXP0-3 x margins 3, 2 x {sz.fixed:,}", "fixed", "Three players"),
        "#10": (f"{sz.n_sequence_models} models (the {len(ex.sequential_names())} + per-game RL-random ablation) "
                f"{seeds}", "sequences", "Training order"),
        "#11": (f"rotating, P1, P2, P2 with shuffled ties x {tr}", "size", "Training in one seat"),
        "#12": (f"4 trainings x 3 test seats {seeds}", "size", "Training in one seat"),
        "#13": (f"n = 1, 2, 3, log every {log} {seeds}", "size", "Learning curves"),
        "#14": (f"n = 1 to {sz.full_hand_games:,} games {seeds}, checkpoints every {sz.full_every:,} (and every "
                f"{log} up to one stage); n = 2, 3 one stage", "full_hand", "Full hand against partial hand"),
        "#15": (f"every {log} games {seeds}", "size", "Learning curves"),
        "#16": (f"partial and full hand, n = 1, 2, 3, {seeds} (a timing table, not claims: measured on a shared "
                "machine)", "stage", "Training time"),
        "#17": (f"partial and full hand, n = 1, 2, 3, {seeds}", "stage", "The strongest entries"),
        "#18": ("EXP0-3 x s = 1..5 x " + fx, "fixed", "Forced hands"),
        "#19": (f"RL0-3 x s = 1..5 x {sz.n_seeds} seeds x " + ev, "size", "Forced hands"),
        "#20": (f"EXP0, EXP1 x 25 cells x {sz.fixed:,}; RL0, RL1 x 25 cells x {sz.eval_games:,} {seeds}",
                "size+fixed", "Forced hands"),
        "#21": (f"RL0 vs EXP0 {seeds}, {n} EXP pairs", "size", "Game length"),
        "#22": (f"RL0 after {ex.TABLE_4_3_GAMES:,} and {sz.stage_games:,} games", "stage_only", "The strongest entries"),
    }


def coverage_rows(sz: Sizes) -> list[dict]:
    """The rows of ``data/02_coverage.csv``."""
    checks = _checks(sz)
    why = (f"this profile trains {sz.stage_games:,} games per stage, {sz.n_seeds} seed(s), {sz.eval_games:,} "
           "evaluation games per seat arrangement" if not checks["size"] else
           f"this profile plays {sz.fixed:,} games per seat arrangement of fixed rules")
    runs = _runs(sz)
    return [_row(code, run, all(checks[c] for c in check.split("+")), where, why)
            for code in coverage.spec_codes(SPEC) if code not in ELSEWHERE for run, check, where in [runs[code]]]
