"""Notebook 01's coverage ledger: one row per experiment of the reproduction spec (01-liar-dice-random-play-and-bbn.md)
except E1 (Tables 4.5-4.7 live in notebook 00, whose ledger lists them).

A row's run size is written from the run's own parameters (the sizes ``nb.setup`` resolved) and the designs the
experiments play (the 32 types, the rule and network readings, the lambdas, the extended rules); its spec size is
the full profile's size of the same parameters (:data:`liarlab.papers.p01.params.PARAMS`, whose full sizes are the
spec's). A row is "full" when the run is at the full profile's sizes, else "reduced" with the reason.
"""
from __future__ import annotations

from collections.abc import Mapping

from liarlab.core.verdicts import MIN_SEEDS
from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01.params import PARAMS
from liarlab.study import coverage
from liarlab.study.params import Parameters

SPEC = "01"
SMALL = "the quick profile's sizes"
N_TYPES = len(ex.TYPES)


def _row(code: str, title: str, spec_size: str, run_size: str, ok: bool, where: str, why: str = SMALL) -> dict:
    """One ledger row: full when ``ok`` (the run at the spec's size), else reduced, saying ``why``."""
    return coverage.experiment(SPEC, code, title, spec_size, run_size, "full" if ok else "reduced", where,
                "" if ok else why)


def coverage_rows(params: Mapping, declared: Parameters = PARAMS) -> list[dict]:
    """The ledger's rows for a run with ``params`` (the run's parameters, as ``nb.setup`` returns them), against
    the full sizes of ``declared`` (the notebook's parameter declarations)."""
    full = declared.sizes("full")
    return (_worked_rows(params, full) + _match_rows(params, full) + _network_rows(params, full)
            + _reading_rows(params, full) + _extension_rows(params, full))


def _random_guess_full(run: Mapping, full: dict) -> bool:
    """E5 at the spec's size: as many games and seeds per type as the full profile."""
    return run["n_games"] >= full["n_games"] and run["n_seeds"] >= full["n_seeds"]


def _network_full(run: Mapping, full: dict) -> bool:
    """E7 at the spec's size: the full profile's games, seeds and types."""
    return (run["bbn_games"] >= full["bbn_games"] and run["bbn_seeds"] >= full["bbn_seeds"]
            and len(run["bbn_types"]) >= len(full["bbn_types"]))


def _worked_rows(run: Mapping, full: dict) -> list[dict]:
    """E2-E4: side numbers, worked checks, the test programs' behaviour."""
    calls = run["n_calls"]
    return [
        _row("E2", "Search space, legal-bid counts, rain example", "none", "computed exactly",
             True, "Side numbers: search space, legal bids, the rain example (E2)"),
        _row("E3", "Worked checks of the random-guess rule (p_c, p_b, final action; Fig 4.4 "
             "weights)", f"{full['n_calls']:,} calls per situation", f"{calls:,} calls per situation",
             calls >= full["n_calls"], "How the random-guess player decides (E3)"),
        _row("E4", "Fig 5.1 replay and per-type behaviour on random positions",
             f"the Fig 5.1 position; random states for all {N_TYPES} types",
             f"Fig 5.1 replay and {calls:,} draws; {ex.behaviour_positions(calls):,} random positions "
             f"x {N_TYPES} types", True, "How the test programs decide (E4)"),
    ]


def _match_rows(run: Mapping, full: dict) -> list[dict]:
    """E5-E6: random-guess against the 32 types, and the trends over a match."""
    e5 = _random_guess_full(run, full)
    return [
        _row("E5", "Random-guess vs type1..32: win rate per type",
             f"{full['n_seeds']} seeds x {full['n_games']} games per type",
             f"{run['n_seeds']} seeds x {run['n_games']} games per type, plus {run['n_large']:,} games "
             "per type and one reference match per type", e5,
             "Random-guess win rate against each of the 32 test programs (E5)"),
        _row("E6", "Cumulative wins vs game index (types 1, 5, 23 and a 32-panel grid)",
             f"E5 runs; 3 panels and a {N_TYPES}-panel grid",
             f"E5 runs; 3 panels and a {N_TYPES}-panel grid", e5,
             "Win-rate trends over a 500-game match (E6)"),
    ]


def _network_rows(run: Mapping, full: dict) -> list[dict]:
    """E7-E10: the network's gain, its diagnostics (recorded on the E7 runs), its time, the substitutes."""
    e7 = _network_full(run, full)
    games, seeds, types = run["bbn_games"], run["bbn_seeds"], len(run["bbn_types"])
    spec_seeds, spec_games, spec_types = full["bbn_seeds"], full["bbn_games"], len(full["bbn_types"])
    e8_why = ("the per-decision records exist only in the reference Python engine, whose 500-game paired match costs "
              f"about 100 times the compiled one; {spec_seeds} seeds x {spec_types} types ({spec_seeds * spec_types} "
              "recorded matches) would alone exceed the notebook's 8-minute budget on 2 cores"
              if games >= spec_games else SMALL)
    return [
        _row("E7", "Random-guess + network vs type1..32, paired with plain random-guess",
             f"{spec_seeds} seeds x {spec_games} games x {spec_types} types; trends for 1, 8, 11 and "
             f"a {spec_types}-panel grid", f"{seeds} seeds x {games} games x {types} types; trends for "
             f"1, 8, 11 and a {types}-panel grid", e7,
             "The Bayesian network: gain over plain random-guess (E7-E10)"),
        _row("E8", "Gate adoption, calibration of P(B) and P(C), H and L errors",
             f"E7 runs ({spec_seeds} seeds x {spec_types} types)",
             f"{seeds} recorded seed(s) x {types} types x {games} games (reference engine)",
             e7, "E8 diagnostics", e8_why),
        _row("E9", "Wall time random-only vs network", f"{spec_games} games per configuration",
             f"{games} games per configuration", games >= spec_games,
             "Running time with and without the network (E9)"),
        _row("E10", "Substitutes for the human study (self-play, drifting, deceivers)",
             f"{spec_seeds} seeds x {spec_games} games per row",
             f"{seeds} seeds x {games} games per row, {len(bbnx.substitute_opponents())} rows",
             e7, "The Bayesian network (E10 substitutes)"),
    ]


def _reading_rows(run: Mapping, full: dict) -> list[dict]:
    """E11 (game lengths, split by who opens, on the large sample) and E12 (the readings of rules and network)."""
    e11 = run["n_large"] >= full["n_seeds"] * full["n_games"]          # as many games as the spec's E5 runs
    e12 = run["bbn_variant_seeds"] >= full["bbn_variant_seeds"] and _random_guess_full(run, full)
    readings = len(bbnx.BBN_VARIANTS)
    e12_why = (f"the {readings} network readings at {full['bbn_variant_seeds']} seeds would double the notebook's "
               f"longest step; {MIN_SEEDS} seeds (the protocol's minimum for a learned agent) fit the budget"
               if run["bbn_variant_seeds"] >= MIN_SEEDS else SMALL)
    return [
        _row("E11", "Turns per game, count at the challenge, challenger success, split by starter",
             "E5/E7 runs, split by starting player",
             f"{run['n_large']:,} games per type, split by starting player", e11,
             "Game length, the count at the challenge, and who challenges well (E11)"),
        _row("E12", "Alternative readings: rules (start, retry, cap) and network (verdicts, x-3, "
             "P(B|A), sampled-hand guess, Laplace, ablations)",
             f"rerun E5/E7 ({full['n_seeds']} seeds x {full['n_games']} games)",
             f"{len(ex.READINGS)} rule readings x {run['n_sweep']:,} games per type; {readings} network "
             f"readings x {run['bbn_variant_seeds']} seeds x {run['bbn_games']} games x "
             f"{len(run['bbn_types'])} types", e12,
             "Alternative readings (E12); Which reading of the network costs or gains what",
             e12_why),
    ]


def _extension_rows(run: Mapping, full: dict) -> list[dict]:
    """X1-X4: the extensions Ch. 6 proposes."""
    sweep, x3_ok = run["n_sweep"], run["x3_seeds"] >= full["x3_seeds"]
    lambdas = ex.X2_LAMBDAS
    return [
        _row("X1", "Real-valued guessing", "rerun E5", f"{sweep:,} games per type", True,
             "Chapter 6 extensions (X2, X1)"),
        _row("X2", "Uniform / binomial mixture of the guess",
             "lambda in {" + ", ".join(f"{lam:g}" for lam in lambdas) + "}",
             f"{len(lambdas)} values of lambda x {sweep:,} games per type", True,
             "Chapter 6 extensions (X2, X1)"),
        _row("X3", "Confidence-weighted imagined hand (with X1)", "not sized by the spec",
             f"{len(run['x3_types'])} types x {run['x3_seeds']} seeds x {run['bbn_games']} games "
             "(reference engine)", x3_ok, "Chapter 6 extensions (X3)"),
        _row("X4", "Extended rules: wild ones, re-rolling, dice loss, more players",
             "wild_ones, allow_reroll, dice_loss, n_players > 2",
             f"{', '.join(ex.X4_RULES)}: {run['x4_games']} games (dice loss: matches) per type",
             False, "Chapter 6 extensions (X4)",
             "re-rolling is not implemented (the thesis calls it a separate research problem); more "
             "than two players is not applicable, the random-guess strategy is defined for two"),
    ]
