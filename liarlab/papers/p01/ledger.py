"""Notebook 01's coverage ledger: one row per experiment of spec 01 but E1 (Tables 4.5-4.7 are notebook 00's), as
one table of (code, spec size, run size, full?, where, why reduced). Titles are the experiment index's; run sizes
come from the run's parameters and the designs played, spec sizes from the full profile's (params.py); a row is
"full" at the full profile's sizes, else "reduced" with the reason.
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

def coverage_rows(params: Mapping, declared: Parameters = PARAMS) -> list[dict]:
    """The ledger's rows for a run with ``params`` (as ``nb.setup`` returns them), against ``declared``'s full sizes."""
    run, full = params, declared.sizes("full")
    titles = coverage.index().query(f"spec == '{SPEC}'").set_index("code").title
    calls, sweep, lambdas = run["n_calls"], run["n_sweep"], ex.X2_LAMBDAS
    e5 = run["n_games"] >= full["n_games"] and run["n_seeds"] >= full["n_seeds"]
    e7 = (run["bbn_games"] >= full["bbn_games"] and run["bbn_seeds"] >= full["bbn_seeds"]
          and len(run["bbn_types"]) >= len(full["bbn_types"]))
    games, seeds, types = run["bbn_games"], run["bbn_seeds"], len(run["bbn_types"])
    f_seeds, f_games, f_types = full["bbn_seeds"], full["bbn_games"], len(full["bbn_types"])
    # E8's records exist only in the reference engine (about 100 times slower than the compiled one)
    e8_why = ("the per-decision records exist only in the reference Python engine, whose 500-game paired match costs "
              f"about 100 times the compiled one; {f_seeds} seeds x {f_types} types ({f_seeds * f_types} recorded "
              "matches) would alone exceed the notebook's 8-minute budget on 2 cores" if games >= f_games else SMALL)
    readings = len(bbnx.BBN_VARIANTS)
    e12_why = (f"the {readings} network readings at {full['bbn_variant_seeds']} seeds would double the notebook's "
               f"longest step; {MIN_SEEDS} seeds (the protocol's minimum for a learned agent) fit the budget"
               if run["bbn_variant_seeds"] >= MIN_SEEDS else SMALL)
    trends, network = "trends for 1, 8, 11 and a", "The Bayesian network"
    table = [
        ("E2", "none", "computed exactly", True, "Side numbers: search space, legal bids, the rain example (E2)"),
        ("E3", f"{full['n_calls']:,} calls per situation", f"{calls:,} calls per situation", calls >= full["n_calls"],
         "How the random-guess player decides (E3)"),
        ("E4", f"the Fig 5.1 position; random states for all {N_TYPES} types", f"Fig 5.1 replay and {calls:,} draws; "
         f"{ex.behaviour_positions(calls):,} random positions x {N_TYPES} types", True,
         "How the test programs decide (E4)"),
        ("E5", f"{full['n_seeds']} seeds x {full['n_games']} games per type", f"{run['n_seeds']} seeds x "
         f"{run['n_games']} games per type, plus {run['n_large']:,} games per type and one reference match per type",
         e5, "Random-guess win rate against each of the 32 test programs (E5)"),
        ("E6", f"E5 runs; 3 panels and a {N_TYPES}-panel grid", f"E5 runs; 3 panels and a {N_TYPES}-panel grid", e5,
         "Win-rate trends over a 500-game match (E6)"),
        ("E7", f"{f_seeds} seeds x {f_games} games x {f_types} types; {trends} {f_types}-panel grid",
         f"{seeds} seeds x {games} games x {types} types; {trends} {types}-panel grid", e7,
         f"{network}: gain over plain random-guess (E7-E10)"),
        ("E8", f"E7 runs ({f_seeds} seeds x {f_types} types)", f"{seeds} recorded seed(s) x {types} types x {games} "
         "games (reference engine)", e7, "E8 diagnostics", e8_why),
        ("E9", f"{f_games} games per configuration", f"{games} games per configuration", games >= f_games,
         "Running time with and without the network (E9)"),
        ("E10", f"{f_seeds} seeds x {f_games} games per row", f"{seeds} seeds x {games} games per row, "
         f"{len(bbnx.substitute_opponents())} rows", e7, f"{network} (E10 substitutes)"),
        ("E11", "E5/E7 runs, split by starting player", f"{run['n_large']:,} games per type, split by starting player",
         run["n_large"] >= full["n_seeds"] * full["n_games"],       # as many games as the spec's E5 runs
         "Game length, the count at the challenge, and who challenges well (E11)"),
        ("E12", f"rerun E5/E7 ({full['n_seeds']} seeds x {full['n_games']} games)", f"{len(ex.READINGS)} rule "
         f"readings x {sweep:,} games per type; {readings} network readings x {run['bbn_variant_seeds']} seeds x "
         f"{games} games x {types} types", run["bbn_variant_seeds"] >= full["bbn_variant_seeds"] and e5,
         "Alternative readings (E12); Which reading of the network costs or gains what", e12_why),
        ("X1", "rerun E5", f"{sweep:,} games per type", True, "Chapter 6 extensions (X2, X1)"),
        ("X2", "lambda in {" + ", ".join(f"{lam:g}" for lam in lambdas) + "}",
         f"{len(lambdas)} values of lambda x {sweep:,} games per type", True, "Chapter 6 extensions (X2, X1)"),
        ("X3", "not sized by the spec", f"{len(run['x3_types'])} types x {run['x3_seeds']} seeds x {games} games "
         "(reference engine)", run["x3_seeds"] >= full["x3_seeds"], "Chapter 6 extensions (X3)"),
        ("X4", "wild_ones, allow_reroll, dice_loss, n_players > 2", f"{', '.join(ex.X4_RULES)}: {run['x4_games']} "
         "games (dice loss: matches) per type", False, "Chapter 6 extensions (X4)",
         "re-rolling is not implemented (the thesis calls it a separate research problem); more than two players is "
         "not applicable, the random-guess strategy is defined for two"),
    ]
    return [coverage.experiment(SPEC, code, titles[code], spec_size, run_size, "full" if ok else "reduced", where,
                                "" if ok else ("".join(why) or SMALL))
            for code, spec_size, run_size, ok, where, *why in table]
