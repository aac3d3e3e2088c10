"""Notebook 06's two player tables, each player's plans walked once for both (issue 41): the exploitability table
(per game, player and seat: exact best responses and the equilibrium's result) and the behaviour table
(:mod:`liarlab.papers.p06.behaviour`), for the rule players of :func:`liarlab.papers.p06.experiments.agents_for`
and paper 02's Q-learners retrained in each game (:mod:`liarlab.papers.p06.learners`)."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from liarlab.core.validation import check_int
from liarlab.papers.p06 import behaviour as behaviour06
from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import learners, policies
from liarlab.papers.p06.experiments import (
    FIXED,
    LEARNER_EXACT_MAX_SEQUENCES,
    agents_for,
    equilibria,
    label_of,
    learner_name,
)

__all__ = ["player_task", "learner_task", "player_tables", "exploitability_table", "equilibrium_check_view",
           "CERTIFICATE_WORDS"]


#: a game value's fraction is written beside its decimal up to this many digits in its denominator; a longer one
#: (2v2's has 16) would be a number nobody reads, so the cell says how long it is and the decimal carries it
CHECK_FRACTION_DIGITS = 7


def _value_text(value: Fraction) -> str:
    from liarlab.study.tables import plain

    decimal = plain(float(value))
    if value.denominator == 1:
        return decimal
    if len(str(value.denominator)) <= CHECK_FRACTION_DIGITS:
        return f"{decimal} = {value.numerator:,}/{value.denominator:,}"
    return f"{decimal} (exact: a fraction with a {len(str(value.denominator))}-digit denominator)"


def equilibrium_check_view(checks: pd.DataFrame) -> pd.DataFrame:
    """:func:`liarlab.papers.p06.experiments.equilibrium_checks` as the page shows it: one value column, the
    decimal with its exact fraction beside it where the fraction is short enough to read (issue 50: "value" and
    "value float" identical in three rows, and no fraction in 2v1 and 2v2), and the two seats' exploitabilities
    of the equilibrium (0 exactly at an equilibrium) named as what they are."""
    return pd.DataFrame({
        "game": checks.game,
        "game value to the first mover (exact)": [_value_text(Fraction(v)) for v in checks.value],
        "exploitability, first seat": [str(Fraction(v)) for v in checks.first_seat],
        "exploitability, second seat": [str(Fraction(v)) for v in checks.second_seat],
        "certificate": checks.certificate,
    })


#: the check table's certificate column in words (issue 50: "rounding" and "support" were never explained)
CERTIFICATE_WORDS = ("*Certificate*: how the exact equilibrium was obtained. *rounding*: the solver's float strategies "
                     "rounded to fractions, then both exact best responses computed, and they meet at the game value; "
                     "*support*: the exact strategies solved as linear equations on the actions the float solution "
                     "plays (its support; *stored certificate*: the support of notebook 05's stored solution), then "
                     "checked the same way.")


def _fraction_text(value) -> str:
    return str(value) if isinstance(value, Fraction) else ""


def player_task(rng, dice, name, eq, exact_max_sequences, behaviour: bool = False) -> dict:
    """One (game, player) task: ``{"rows": its two exploitability rows, "behaviour": its behaviour rows (with
    ``behaviour``)}``, both read from one :class:`~liarlab.papers.p06.exact_play.PlanBook` (no randomness is drawn;
    ``rng`` is the executor's contract)."""
    game = xp.game_for(dice)
    return _player_results(game, name, eq, exact_max_sequences, xp.PlanBook(game, name), behaviour)


def _player_results(game, name, eq, exact_max_sequences, book, behaviour: bool) -> dict:
    out = {"rows": xp.evaluate_agent(game, name, eq, exact_max_sequences, book=book)}
    if behaviour:
        out["behaviour"] = behaviour06.player_behaviour(game, name, eq, exact_max_sequences, book)
    return out


def learner_task(rng, dice, learner, replicate, stage_games, seed, eq, exact_max_sequences,
                 behaviour: bool = False) -> dict:
    """One retrained Q-learner (:mod:`liarlab.papers.p06.learners`): ``learner`` (RL0-RL3) trained one stage of
    ``stage_games`` games against its EXP rule in game ``dice``, from the stream fixed by (``seed``, the game, the
    learner, ``replicate``) whatever the task order, then its greedy policy evaluated like every player
    (:func:`player_task`'s results). ``rng`` (the executor's) is not used, so a seed's table does not depend on which
    tasks run beside it."""
    game = xp.game_for(dice)
    stream = learners.training_stream(seed, dice, learner, replicate)
    trained = learners.train(game, learners.LEARNERS[learner], stage_games, stream)
    name = learner_name(learner, replicate)
    book = xp.PlanBook(game, name, learners.learner_components(game, trained.values))
    out = _player_results(game, name, eq, exact_max_sequences, book, behaviour)
    out["rows"] = [dict(r, seed=int(replicate), training_win_rate=float(trained.won.mean())) for r in out["rows"]]
    return out


def exploitability_table(games, test_types, test_types_larger, exact_max_sequences: int,
                         progress=None, learner_seeds: int = 0, stage_games: int = learners.STAGE_GAMES,
                         seed: int = 0) -> pd.DataFrame:
    """:func:`player_tables`'s exploitability table alone."""
    return player_tables(games, test_types, test_types_larger, exact_max_sequences, progress=progress,
                         learner_seeds=learner_seeds, stage_games=stage_games, seed=seed)[0]


def player_tables(games, test_types, test_types_larger, exact_max_sequences: int, progress=None,
                  learner_seeds: int = 0, stage_games: int = learners.STAGE_GAMES, seed: int = 0,
                  behaviour: bool = False) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """(exploitability table, behaviour table or None), each player's plans walked once for both.

    The exploitability table: one row per (game, player, seat): the seat's game value, the best responder's value,
    the player's guaranteed value and exploitability, the equilibrium's result and edge against it (floats, +-1
    units, to the player's seat except ``equilibrium_*``, which are to the equilibrium's seat), and the exact
    fractions where the plan is evaluated exactly (``exact``); a pure plan too large for that still has its
    exploitability's fraction (:func:`liarlab.papers.p06.exact_play.pure_plan_fraction`). Then paper 02's Q-learners
    RL0-RL3, each retrained in each game ``learner_seeds`` times (``stage_games`` games, streams from ``seed``;
    :func:`learner_task`), one player ``"RLk sS"`` per training seed S (column ``seed``; -1 for the rule players,
    which draw nothing; ``training_win_rate``: the learner's win rate over its training games, exploring), their
    plans walked in floats (:data:`LEARNER_EXACT_MAX_SEQUENCES`).

    With ``behaviour``, the behaviour table (:mod:`liarlab.papers.p06.behaviour`): per game, the equilibrium's rows,
    then each player's in the same order."""
    from liarlab.study.parallel import run_tasks

    learner_seeds = check_int("learner_seeds", learner_seeds, 0)
    stage_games = check_int("stage_games", stage_games, 1)
    eqs = equilibria(games)
    tasks = [dict(dice=dice, name=name, eq=eq, exact_max_sequences=exact_max_sequences, behaviour=behaviour)
             for dice, eq in eqs.items() for name in agents_for(dice, test_types, test_types_larger)]
    results = run_tasks(player_task, tasks, seed=0, progress=progress, desc="06 players")
    trained = [dict(dice=dice, learner=learner, replicate=s, stage_games=stage_games, seed=seed, eq=eq,
                    exact_max_sequences=min(exact_max_sequences, LEARNER_EXACT_MAX_SEQUENCES), behaviour=behaviour)
               for dice, eq in eqs.items() for learner in learners.LEARNERS for s in range(learner_seeds)]
    if trained:
        # the first here: it compiles the trainer once and the workers load numba's cache
        results += run_tasks(learner_task, trained, seed=0, progress=progress, desc="06 Q-learners", first_here=True)
        tasks += trained
    rows = []
    for result in results:
        for r in result["rows"]:
            rows.append(dict(
                game=label_of((r["a"], r["b"])), a=r["a"], b=r["b"], faces=r["faces"], agent=r["agent"],
                source=policies.describe(r["agent"]), seed=r.get("seed", FIXED), seat=r["seat"],
                own_dice=r["own_dice"],
                game_value=float(r["game_value"]), best_response=float(r["best_response"]),
                guaranteed=float(r["guaranteed"]), exploitability=float(r["exploitability"]),
                equilibrium_result=float(r["equilibrium_result"]), equilibrium_edge=float(r["equilibrium_edge"]),
                exact=bool(r["exact"]), game_value_fraction=_fraction_text(r["game_value"]),
                exploitability_fraction=_fraction_text(r["exploitability"]),
                equilibrium_edge_fraction=_fraction_text(r["equilibrium_edge"]),
                float_check=abs(float(r["best_response"]) - r["best_response_float"]), sequences=r["sequences"],
                training_win_rate=r.get("training_win_rate", float("nan"))))
    return _by_game(pd.DataFrame(rows), eqs), (_behaviour_frame(eqs, tasks, results) if behaviour else None)


def _behaviour_frame(eqs: dict, tasks: list, results: list) -> pd.DataFrame:
    rows = []
    for dice, eq in eqs.items():
        rows += behaviour06.behaviour_task(None, dice, behaviour06.EQUILIBRIUM, eq, 0)
        for task, result in zip(tasks, results):
            if task["dice"] == dice:
                rows += result["behaviour"]
    return pd.DataFrame(rows)


def _by_game(frame: pd.DataFrame, eqs: dict) -> pd.DataFrame:
    order = {label_of(dice): i for i, dice in enumerate(eqs)}
    # each game's rows together (the rule players, then its learners), as the summary and figures read them
    return frame.iloc[frame.game.map(order).argsort(kind="stable")].reset_index(drop=True)

