"""A standard baseline against the papers' players (issue 52, item 4): OpenSpiel's IS-MCTS bot plays the league's
game (paper 02's rules: two players, five six-sided dice each, bids from one die up) through liarlab's OpenSpiel
wrapper (:mod:`liarlab.interop.openspiel`) against paper 01's random-guess player and Bayesian-network player,
paper 02's EXP1 and the league's strongest Q-learner, each built as the league builds it
(:func:`liarlab.papers.p06.league.make_player`).

**The bot.** ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT constant 2, one random rollout a leaf, the most
visited move), ``simulations`` simulations a move, each from a determinization drawn among the wrapped game's
``deals`` seeded deals consistent with what the bot has seen (:class:`liarlab.interop.openspiel.DealResampler`).
The wrapped game deals from ``deals`` seeded deals (each game's deal drawn uniformly among them), so the bot plays
the same game the league plays, on a sample of its deals.

**A match.** ``games`` games, the bot first mover in the even games and second in the odd ones (the wrapped game's
seat 0 opens); the opponent is fresh for the match, gets the rules' hooks the league's loop gives it (``new_game``
before a game, ``end_game`` with the game's record after it: the network player learns its opponent over the match,
as in the league) and sees only its own observation. Win rates get Wilson 95% intervals.

**Budget.** IS-MCTS with random rollouts is weak in this game (a random rollout almost never calls, so it climbs
the bid ladder until the top bid is called: its result says more about who bids last than about the dice). So
beside the five-dice matches, :func:`budget_curve` measures how its win rate against the random-guess player grows
with the number of simulations in a smaller game (``budget_dice`` dice each).

OpenSpiel is the optional extra ``openspiel``: without it :func:`available` is False and the notebook reports
:data:`SKIPPED` (the wrapper is imported only inside the functions that play).
"""
from __future__ import annotations

import dataclasses
import time

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.interop import OPENSPIEL_SKIPPED as SKIPPED
from liarlab.interop import openspiel_available as available
from liarlab.papers.p06 import league
from liarlab.papers.p06.policies import player_label
from liarlab.papers.p06.printed import ISMCTS_SOURCE as SOURCE
from liarlab.study.answer import and_list, plural
from liarlab.study.coverage import experiment
from liarlab.study.outputs import claim

__all__ = ["SKIPPED", "OPPONENTS", "available", "best_q_learner", "wrapper_params", "ismcts_match", "matches",
           "budget_curve", "claims_rows", "coverage_row", "caption"]

#: the bot's opponents: paper 01's random guess and network player, paper 02's EXP1 (the strongest Q-learner of the
#: league is added by :func:`matches`)
OPPONENTS = ("random-guess", "bayes-net", "EXP1")
FAMILY = "IS-MCTS baseline (OpenSpiel)"
RULE = "IS-MCTS against a fixed player, seats alternating: wins over games, Wilson 95% interval"


def wrapper_params(dice: int = league.RULES.dice_per_player) -> dict:
    """The wrapped Liar Dice game's parameters for the league's rules (paper 02's), ``dice`` dice each."""
    rules = dataclasses.replace(league.RULES, dice_per_player=int(dice))
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def best_q_learner(ratings: pd.DataFrame) -> str | None:
    """The league's strongest Q-learner (one training seed: ``"RL1 s0"``) by its Bradley-Terry strength, or None."""
    q = ratings[ratings.agent.map(league.q_learner_of).notna()]
    return None if q.empty else str(q.sort_values("strength", ascending=False).agent.iloc[0])


def _opponent(name: str, rng: np.random.Generator, stage_games: int, seed: int):
    """A fresh league player; a Q-learner's table trained again from the league's stream (the same table)."""
    if league.q_learner_of(name):
        learner, replicate = league.q_learner_of(name)
        return league.make_player(name, table=league.train_q_learner(None, learner, replicate, stage_games, seed))
    return league.make_player(name, rng)


def ismcts_match(rng, opponent: str, games: int, simulations: int, seed: int, deals: int, dice: int = 5,
                 stage_games: int = 0, league_seed: int = 0) -> dict:
    """IS-MCTS (``simulations`` a move) against league player ``opponent`` over ``games`` games of the league's rules
    with ``dice`` dice each, through the wrapper (``deals`` seeded deals of ``seed``). The bot's random streams come
    from ``seed`` and the opponent's from ``rng`` (the executor's task stream), so the same seed gives the same
    games. A Q-learner is trained again (``stage_games``, from the league's ``league_seed``). Returns the bot's
    wins, first-mover wins, Wilson interval and the CPU seconds of the match (index of deals, games, moves)."""
    from liarlab.interop import openspiel as osp

    game = osp.load("liardice", {**wrapper_params(dice), "deals": int(deals), "seed": int(seed)})
    player = _opponent(opponent, rng, stage_games, league_seed)
    bot = osp.ismcts_bot(game, int(simulations), int(seed))
    deal_rng = np.random.default_rng([int(seed), 1])
    cpu = time.process_time()
    bot.resampler.index()

    def player_action(state):
        inner = osp.liarlab_state(state)
        legal = inner.legal_actions() if getattr(player, "needs_legal_actions", True) else None
        return game.catalogue.code(player.act(inner.observation(inner.current_player()), legal, rng))

    wins, first_wins, bot_moves, bot_cpu = 0, 0, 0, 0.0
    for g in range(int(games)):
        seat = g % 2                                # seat 0 opens: the bot opens the even games
        state = game.new_initial_state()
        state.apply_action(int(deal_rng.integers(game.deals)))
        inner = osp.liarlab_state(state)
        if hasattr(player, "new_game"):
            player.new_game(1 - seat, inner.starter, inner.config, rng)
        moves, seconds = osp.play_out(state, bot, seat, player_action)
        bot_moves += moves
        bot_cpu += seconds
        inner = osp.liarlab_state(state)
        if hasattr(player, "end_game"):
            player.end_game(inner.record(), 1 - seat, rng)
        won = int(state.returns()[seat] > 0)
        wins += won
        first_wins += won * (seat == 0)
    est = V.proportion(wins, int(games))
    return dict(opponent=opponent, dice=int(dice), simulations=int(simulations), games=int(games),
                bot_wins=wins, bot_win_rate=est.value, ci_low=est.low, ci_high=est.high,
                bot_first_games=(int(games) + 1) // 2, bot_first_wins=first_wins, bot_moves=bot_moves,
                deals=int(deals), seed=int(seed), cpu_seconds=time.process_time() - cpu,
                seconds_per_move=bot_cpu / max(bot_moves, 1))


def matches(opponents, games: int, simulations: int, deals: int, seed: int, stage_games: int = 0,
            league_seed: int = 0, progress=None) -> pd.DataFrame:
    """One :func:`ismcts_match` per opponent in the five-dice game (one task each, the executor's streams)."""
    from liarlab.study.parallel import run_tasks

    tasks = [dict(opponent=o, games=games, simulations=simulations, seed=seed, deals=deals,
                  stage_games=stage_games, league_seed=league_seed) for o in opponents]
    return pd.DataFrame(run_tasks(ismcts_match, tasks, seed=seed, progress=progress, desc="06 IS-MCTS"))


def budget_curve(budgets, games: int, dice: int, deals: int, seed: int, progress=None) -> pd.DataFrame:
    """IS-MCTS against the random-guess player in the league's rules with ``dice`` dice each, at every budget of
    ``budgets`` (simulations a move): how its strength grows with the budget."""
    from liarlab.study.parallel import run_tasks

    tasks = [dict(opponent="random-guess", games=games, simulations=b, seed=seed, deals=deals, dice=dice)
             for b in budgets]
    return pd.DataFrame(run_tasks(ismcts_match, tasks, seed=seed + 1, progress=progress, desc="06 IS-MCTS budget"))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def claims_rows(table: pd.DataFrame, curve: pd.DataFrame | None = None) -> list[dict]:
    """One extension row per opponent (the bot's win rate, Wilson 95%), and one for the budget curve's largest
    budget; none when OpenSpiel was not installed (empty tables)."""
    rows = []
    for r in table.itertuples():
        rows.append(claim(f"IS-MCTS (OpenSpiel, {r.simulations} simulations a move) against {player_label(r.opponent)}, five dice "
                          "each: its win rate", SOURCE, None, V.proportion(r.bot_wins, r.games),
                          V.stated("extension", RULE, f"{r.bot_wins} of {r.games} games, {r.bot_first_wins} of "
                                   f"{r.bot_first_games} as first mover"),
                          kind="finding", family=FAMILY, interval="95% Wilson"))
    if curve is not None and not curve.empty:
        top = curve.sort_values("simulations").iloc[-1]
        steps = ", ".join(f"{int(r.simulations)}: {_pct(r.bot_win_rate)}" for r in curve.itertuples())
        rows.append(claim(f"IS-MCTS against random guess with {int(top.dice)} dice each, {int(top.simulations)} "
                          "simulations a move: its win rate", SOURCE, None,
                          V.proportion(int(top.bot_wins), int(top.games)),
                          V.stated("extension", RULE, f"win rate by simulations a move: {steps}"),
                          kind="finding", family=FAMILY, interval="95% Wilson"))
    return rows


def caption(table: pd.DataFrame, curve: pd.DataFrame | None = None, params: dict | None = None) -> str:
    """The section's one sentence (or :data:`SKIPPED`): a smoke test at this budget (readers: the bot loses to
    every player, so a table of it spent a screen on little), its win rates by opponent and budget; with ``params``,
    its sizes as this run's with the full profile's beside them (:func:`liarlab.papers.p06.prose.sized`)."""
    if table is None or table.empty:
        return SKIPPED
    from liarlab.papers.p06.prose import sized

    r = table.iloc[0]
    games, sims = ((sized(params, "ismcts_games", "{} games"), sized(params, "ismcts_simulations", "{} simulations a move"))
                   if params else (plural(int(r.games), "game"), f"{int(r.simulations)} simulations a move"))
    low, high = _pct(table.bot_win_rate.min()), _pct(table.bot_win_rate.max())
    text = (f"A smoke test at this budget, not a strong baseline: OpenSpiel's IS-MCTS bot (one random rollout a leaf, "
            f"through our wrapper, docs/OPENSPIEL.md), at {sims}, wins {low if low == high else f'{low} to {high}'} "
            f"of {games} against each of {and_list(player_label(o) for o in table.opponent)}, five dice each")
    if curve is not None and not curve.empty:
        c = curve.sort_values("simulations")
        text += (f", and against random guess with {int(c.dice.iloc[0])} dice each "
                 + ", ".join(f"{_pct(x.bot_win_rate)} at {int(x.simulations)}" for x in c.itertuples())
                 + " simulations a move")
    return (text + "; a random rollout seldom calls, so the result says more about who bid last than about the "
            "dice (every match: data/06_ismcts.csv).")


def coverage_row(params: dict, table: pd.DataFrame | None, curve: pd.DataFrame | None = None) -> dict:
    """Notebook 06's ledger row of the baseline (code B1, an extension asked by issue 52)."""
    from liarlab.papers.p06.params import PARAMS

    title = "OpenSpiel's IS-MCTS against the papers' players (5 dice each), a standard baseline"
    asked = "random guess, the network player, EXP1, the best Q-learner; a stated budget; intervals"
    if table is None or table.empty:
        return experiment("06", "B1", title, asked, "not run", "missing", "-", SKIPPED)
    full = all(params.get(k) is not None and params[k] >= PARAMS.size(k, "full")
               for k in ("ismcts_games", "ismcts_simulations", "ismcts_budget_games"))
    run = (f"{', '.join(table.opponent)}: {int(table.games.iloc[0])} games each at "
           f"{int(table.simulations.iloc[0])} simulations a move")
    if curve is not None and not curve.empty:
        run += (f"; budgets {', '.join(str(int(b)) for b in curve.simulations)} against random guess with "
                f"{int(curve.dice.iloc[0])} dice each")
    return experiment("06", "B1", title, asked, run, "full" if full else "reduced", "IS-MCTS table",
                      "" if full else "quick profile: fewer games or simulations")
