"""Notebook 06's coverage ledger: what issue 41 asks (:data:`ASKED`, as data) and what this run computed (its codes
are in no spec, so it is saved by ``outputs.save_table``, not ``coverage.save_ledger``)."""
from __future__ import annotations

import re

import pandas as pd

from liarlab.papers.p06.experiments import FIXED, dice_of, label_of
from liarlab.papers.p06.league import LEARNERS, NO_EQUILIBRIUM_PLAYER, q_learner_of
from liarlab.papers.p06.params import PARAMS
from liarlab.study.coverage import COLUMNS, experiment, not_run

_EXP, _BEH = "exploitability table", "exploitability table, behaviour table"
#: code -> (title, what issue 41 asks, where the notebook shows it)
ASKED = {
    "A1": ("Paper 01's random guess and test programs, paper 02's EXP0-EXP3 as exact end-game strategies",
           "random guess, 32 test programs, EXP0-EXP3", _EXP),
    "A2": ("End games 1v1, 2v1, 1v2 at six faces", "1v1, 2v1, 1v2", _EXP),
    "A3": ("End game 2v2 at six faces", "2v2, every player", _BEH),
    "A4": ("Paper 02's Q-learners RL0-RL3", "retrained in each end game by paper 02's procedure, seeds as replicates",
           _EXP),
    "A5": ("Paper 01's Bayesian-network player", "the network's player in each end game", "-"),
    "A6": ("Paper 02's RAND and EXPRAND", "both, in every end game", _BEH),
    "A7": ("Behaviour beside the equilibrium's: bluffs, calls by support, openings",
           "every player and the equilibrium in every game", "behaviour table, behaviour figure"),
    "A8": ("League in the papers' own game (5 dice each), both seats, Bradley-Terry ratings with intervals",
           "every player of 01 and 02 (and an equilibrium player if one transfers)", "league table, league figure"),
    "A9": ("An equilibrium player in the league", "in the league", "-"),
}
A4_NOTE = ("the greedy policy is pure: its exploitability an exact fraction, its result against the equilibrium a "
           "float; one table serves both seats, as in paper 02 (in 2v1 and 1v2 it learns from hands of two dice and of "
           "one); paper 02's EXPRAND and sequence models (RL01...) are not retrained")
A5_WHY = ("no reading of a smaller hand (its nodes count two five-dice hands); untrained it is random guess draw for "
          "draw, trained it plays by the history and a training schedule: no per-turn rule (it plays in the league, A8)")
A3_WHY = ("no test program: with two dice each a high-cap program's plan reaches millions of histories (over four "
          "minutes a plan); plans over 10^4 sequences are evaluated in floats")
A8_Q_NOTE = ("of paper 02's Q-learners only the one-stage RL0-RL3 (no sequence models, RL-random, full-hand or "
             "three-player tables), each trained against the league's EXPk (honest bid read as the smallest legal bid, "
             "the trainer's default; paper 02's run selects best face + 1)")
A6_WHY = ("the largest plans (RAND's 2^18 histories with three dice, 14 s a game; EXPRAND's 1.2 million sequences "
          "with two dice each, 40 s), beyond the notebook's share of 30 minutes (RANDOM_MAX_DICE)")

def _row(code: str, run_size: str | None, reasons: list[str], *notes: str) -> dict:
    """``code``'s row: not run when ``run_size`` is None, else reduced when there are ``reasons``."""
    title, asked, where = ASKED[code]
    why = "; ".join([*reasons, *notes])
    return (not_run("06", code, title, asked, why) if run_size is None else
            experiment("06", code, title, asked, run_size, "reduced" if reasons else "full", where, why))

def _full(name: str):
    return PARAMS.size(name, "full")

def _pure_fractions(table: pd.DataFrame) -> str:
    """How many seats beyond the exact ones have their exploitability as a fraction (pure plans)."""
    n = int(((table.exploitability_fraction != "") & ~table.exact.astype(bool)).sum()) \
        if "exploitability_fraction" in table else 0
    return f", {n} more (deterministic players) with the exploitability as a fraction" if n else ""

def coverage_rows(params: dict, table: pd.DataFrame, behaviour: pd.DataFrame | None = None,
                  league: pd.DataFrame | None = None) -> list[dict]:
    """The ledger rows from the resolved sizes and the run's tables (None: not run)."""
    games = [label_of(dice_of(g)) for g in params["games"]]
    types1, types3 = list(params["test_types"]), list(params["test_types_larger"])
    players_ok = set(_full("test_types")) <= set(types1) and set(_full("test_types_larger")) <= set(types3)
    games_ok = set(_full("games")) <= set(params["games"])
    # the rule players (A1, A3); A4 is the retrained Q-learners' (a training seed, not FIXED)
    learned = table.seed != FIXED if "seed" in table else pd.Series(False, index=table.index)
    rules, two = table[~learned], table[~learned & (table.game == "2v2")]
    return [
        _row("A1", f"random guess, {len(types1)} test programs (one die each), {len(types3)} in the three-dice games, "
             f"EXP0-EXP3; {int(rules.exact.sum())} of {len(rules)} seats in fractions{_pure_fractions(rules)}",
             [] if players_ok else ["quick profile: fewer test programs"]),
        _row("A2", ", ".join(g for g in games if g != "2v2"), [] if {11, 21, 12} <= set(params["games"]) else
             ["quick profile"]),
        _row("A3", None, ["not among this run's games (the quick profile plays one die against one or two)"])
        if two.empty else _row("A3", f"{', '.join(dict.fromkeys(two.agent))}; {int(two.exact.sum())} of {len(two)} "
                               f"seats in fractions{_pure_fractions(two)}; the equilibrium's exact plans solved on the "
                               "support of notebook 05's stored certificate (no LP in the run)", [A3_WHY]),
        _learner_row(params, table[learned], games_ok),
        _row("A5", None, [A5_WHY]),
        _random_players_row(rules, games),
        _behaviour_row(behaviour, players_ok and games_ok),
    ] + _league_rows(params, league)

def _learner_row(params: dict, learned: pd.DataFrame, games_ok: bool) -> dict:
    """Paper 02's Q-learners retrained in each end game (``learned``: their exploitability rows)."""
    seeds, stage = int(params.get("learner_seeds") or 0), int(params.get("learner_games") or 0)
    if learned.empty:
        return _row("A4", None, ["no training seeds in this run (learner_seeds = 0)"])
    ok = games_ok and seeds >= _full("learner_seeds") and stage >= _full("learner_games")
    names = sorted({a.split(" ")[0] for a in learned.agent})
    return _row("A4", f"{', '.join(names)}, each {seeds} seeds in {', '.join(dict.fromkeys(learned.game))}: one stage "
                f"of {stage:,} games against its EXP rule (paper 02's epsilon, alpha, gamma, partial-hand keys, "
                "backward update, alternating seats), compiled and tested against a plain reference",
                [] if ok else ["quick profile: fewer seeds, games or training games"], A4_NOTE)

def _random_players_row(rules: pd.DataFrame, games: list) -> dict:
    """Where paper 02's RAND and EXPRAND (exact per-turn mixtures) played."""
    where = {n: [g for g in games if ((rules.game == g) & (rules.agent == n)).any()] for n in ("EXPRAND", "RAND")}
    if not any(where.values()):
        return _row("A6", None, ["neither was in this run's players"])
    missing = [f"{name} in {g}" for name, gs in where.items() for g in games if g not in gs]
    return _row("A6", "; ".join(f"{name} in {', '.join(gs) if gs else 'no game'}" for name, gs in where.items()),
                [f"{', '.join(missing)}: {A6_WHY}"] if missing else [])

def _behaviour_row(behaviour: pd.DataFrame | None, sizes_ok: bool) -> dict:
    if behaviour is None or behaviour.empty:
        return _row("A7", None, ["the behaviour table was not computed in this run"])
    players = behaviour.groupby("game", sort=False).agent.nunique() - 1
    exact = behaviour.drop_duplicates(["game", "agent"]).exact
    without_tests = [g for g, agents in behaviour.groupby("game", sort=False).agent
                     if not agents.str.startswith("type").any()]
    return _row("A7", f"{', '.join(f'{g}: {n} players' for g, n in players.items())} and the equilibrium, each "
                f"against the equilibrium in the other seat; {int(exact.sum())} of {len(exact)} in fractions",
                ([] if sizes_ok else ["quick profile: fewer test programs or games"])
                + ([f"{', '.join(without_tests)} without the test programs (A3)"] if without_tests else []))

def _league_rows(params: dict, league: pd.DataFrame | None) -> list[dict]:
    equilibrium = _row("A9", None, [NO_EQUILIBRIUM_PLAYER])
    if league is None or league.empty:
        return [_row("A8", None, ["the league was not played in this run"]), equilibrium]
    types = list(params.get("league_test_types") or [])
    sizes = {k: int(params.get(f"league_{k}") or 0) for k in ("games", "learner_seeds", "learner_games")}
    games, stage = sizes["games"], sizes["learner_games"]
    q = [q_learner_of(a) for a in league.agent if q_learner_of(a)]
    network = [n for n in LEARNERS if n in set(league.agent)]
    ok = set(_full("league_test_types")) <= set(types) and all(v >= _full(f"league_{k}") for k, v in sizes.items())
    parts = ([f"{len(league) - len(network) - len(q)} rule players (random guess, {len(types)} test programs, "
              "EXP0-EXP3, RAND, EXPRAND)"]
             + (["paper 01's Bayesian-network player (learning over each pair's games, fresh for each opponent)"]
                if network else [])
             + ([f"paper 02's Q-learners {', '.join(sorted({n for n, _ in q}))}, {len({s for _, s in q})} training "
                 f"seeds each, each seed a player ({stage:,} games against its EXP rule by paper 02's trainer at its "
                 "defaults; played frozen and greedy, epsilon 0, where paper 02 measures its tables still exploring)"]
                if q else []))
    run_size = ", ".join(parts[:-1]) + ", and " + parts[-1] if parts[1:] else parts[0]
    return [_row("A8", f"{run_size}; {games} games a pair, paper 02's rules",
                 ([] if ok else ["quick profile: fewer test programs, games, Q-learner seeds or training games"]) + [
                     A8_Q_NOTE if q else "no Q-learner (no training seeds)", f"no equilibrium player ({code_words('A9')}, missing)",
                     f"{games} games a pair ({len(league) * (len(league) - 1) // 2 * games:,} games) keep the league "
                     "under two minutes of one core (0.4 ms a game; intervals already near +-0.05)"]), equilibrium]

def code_words(code: str) -> str:
    """An experiment's code with its title (a fresh reader met "A9" with no definition)."""
    return f"{code}, {ASKED[code][0][0].lower() + ASKED[code][0][1:]}"

def ledger_frame(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=COLUMNS)


#: where a ledger reason's head ends: its first parenthesis, colon or consequence
_REASON_HEAD = re.compile(r" \(|: |, so ")


def missing_words(ledger: pd.DataFrame) -> str:
    """The ledger's missing experiments in one line, each with the head of its reason (issue 50)."""
    missing = ledger[ledger.status == "missing"]
    if missing.empty:
        return ""
    parts = [f"{code_words(r.code)} ({_REASON_HEAD.split(str(r.why))[0]})" for r in missing.itertuples()]
    return (f"**Missing ({len(parts)})** of the coverage ledger's experiments (codes such as {missing.code.iloc[0]}: "
            "the experiments this extension set itself, one a ledger row): " + "; ".join(parts) + ".")
