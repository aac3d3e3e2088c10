"""A league in the papers' own game (issue 41, item 3): the rule players of papers 01 and 02 meet under one rule
set, two players with five six-sided dice each, and are rated by a Bradley-Terry model with intervals.

**One rule set.** Paper 02's (:func:`liarlab.liardice.exp_agents.paper_config`): bids from one die up (30 bids),
face 1 ordinary, one round, the winner of the call wins. Paper 01's thesis differs in one rule only: its bids start
at two dice (``min_count=2``: 54 bids against paper 02's 60). Paper 01's players read the bid ladder
from the rules they are told (:meth:`TestProgram.new_game`, the random-guess player's belief over the ladder), so
they play paper 02's game unchanged; paper 02's EXP players and RAND list the legal actions they are given. So no
rule difference stops a rule player of either paper from playing the other's game.

**Who plays.** Random guess and test programs (paper 01), EXP0-EXP3, RAND and EXPRAND (paper 02), and paper 01's
Bayesian-network player (``bayes-net``: the random-guess player with the thesis's network,
:class:`liarlab.liardice.bbn.BayesNetBelief` at its defaults). The network learns its opponent over a match, so
its rating is that of a player who meets each opponent fresh for ``games`` games (its gate opens slowly: it plays
as random guess at first); bids of one die, below the network's counts (paper 01's game starts at two), are
outside its network (:func:`liarlab.liardice.bbn.in_network`). Not here: paper 02's Q-learners (a Q-table is
trained 100,000 games per stage against its paper's opponents with five dice each; retraining them belongs with
notebook 02's procedure and budget), and an equilibrium player (:data:`NO_EQUILIBRIUM_PLAYER`).

**Matches.** Every pair plays ``games`` games with fresh players, the first mover alternating (each player opens
half of them), so both seats count equally; each pair has its own random stream (:func:`league_table`). The
learning players' pairs come after the rule players' (:data:`LEARNERS`), so adding one leaves every rule players'
pair, stream and result as it was.

**Ratings.** Bradley-Terry: P(i beats j) = 1 / (1 + exp(s_j - s_i)), the strengths s fitted by maximum likelihood
(scipy) with their mean fixed at 0; 95% Wald intervals from the inverse of the observed information on that
constraint (:func:`bradley_terry`). A difference of 1 in strength is odds of e to 1.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.liardice import agents as ld_agents
from liarlab.liardice import exp_agents
from liarlab.liardice.bbn import BayesNetBelief
from liarlab.liardice.rules import play_match

__all__ = ["RULES", "NO_EQUILIBRIUM_PLAYER", "LEARNERS", "league_agents", "league_family", "make_player", "play_pair", "league_table", "bradley_terry",
           "ratings"]

#: why no equilibrium-based player is in the league (one sentence, for the ledger and the notebook)
NO_EQUILIBRIUM_PLAYER = ("no equilibrium player transfers: the league plays one round of five dice each, so none of "
                         "its states is an end game solved exactly (two dice each at most) and the one-round "
                         "equilibrium logic applies nowhere in it, while reading a five-dice hand as a two-dice one "
                         "would make a heuristic of our own, not an equilibrium")
#: the league's rules: paper 02's two-player game, bids from one die up
RULES = exp_agents.paper_config(2)
PAPER02 = ["EXP0", "EXP1", "EXP2", "EXP3", "RAND", "EXPRAND"]
#: the players that learn over a match, in the league after the rule players
LEARNERS = ["bayes-net"]


def league_agents(test_types) -> list[str]:
    """The league's players: random guess, the test programs ``test_types`` (paper 01), paper 02's rule
    players, and the learning players (:data:`LEARNERS`)."""
    return ["random-guess"] + [f"type{int(t)}" for t in test_types] + PAPER02 + LEARNERS


def league_family(name: str) -> str:
    """The league's families: which paper, which kind of player."""
    if name == "random-guess":
        return "random guess (paper 01)"
    if name == "bayes-net":
        return "Bayesian-network player (paper 01)"
    if name.startswith("type"):
        return "test programs (paper 01)"
    return "EXP0-EXP3 (paper 02)" if name in PAPER02[:4] else "RAND and EXPRAND (paper 02)"


def make_player(name: str, rng: np.random.Generator | None = None):
    """A fresh player of the league (paper 01's with the thesis's defaults, paper 02's with the report's); the
    network player's own draws (its gate) come from a stream drawn from ``rng``, which it requires."""
    if name == "random-guess":
        return ld_agents.RandomGuessAgent()
    if name == "bayes-net":
        if rng is None:
            raise ValueError("the network player draws its gate from a stream of its own: pass rng")
        return ld_agents.RandomGuessAgent(belief=BayesNetBelief(np.random.default_rng(rng.integers(2**63))))
    if name.startswith("type"):
        return ld_agents.TestProgram(int(name[4:]))
    if name == "RAND":
        return exp_agents.RandAgent()
    if name == "EXPRAND":
        return exp_agents.ExpRandAgent()
    if name in PAPER02:
        return exp_agents.ExpAgent(int(name[3]))
    raise ValueError(f"unknown league player {name!r}")


def play_pair(rng, a: str, b: str, games: int) -> dict:
    """``games`` games of ``a`` (seat 0) against ``b`` (seat 1), the first mover alternating (``a`` opens the even
    games): the wins of ``a`` overall and as first mover."""
    players = [make_player(name, rng) if name in LEARNERS else make_player(name) for name in (a, b)]
    records = play_match(players, games, rng, RULES, starters="alternate")
    a_first = [r for r in records if r.starter == 0]
    return dict(a=a, b=b, games=len(records), a_wins=sum(r.winner == 0 for r in records),
                a_first_games=len(a_first), a_first_wins=sum(r.winner == 0 for r in a_first))


def league_table(names, games: int, seed: int, progress=None) -> pd.DataFrame:
    """One row per pair of players (each pair once, ``games`` games, both seats): the games, ``a``'s wins overall
    and as first mover. Each pair draws from its own stream of ``seed``: the rule players' pairs first, in the
    order of ``names``, then each learning player's (:data:`LEARNERS`) against every player before it."""
    from liarlab.study.parallel import run_tasks

    rule = [n for n in names if n not in LEARNERS]
    learning = [n for n in names if n in LEARNERS]
    tasks = [dict(a=a, b=b, games=games) for i, a in enumerate(rule) for b in rule[i + 1:]]
    tasks += [dict(a=a, b=x, games=games) for k, x in enumerate(learning) for a in rule + learning[:k]]
    return pd.DataFrame(run_tasks(play_pair, tasks, seed=seed, progress=progress, desc="06 league"))


def bradley_terry(pairs: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Bradley-Terry strengths from the league's pairs (maximum likelihood, mean 0) with Wald intervals at
    ``level``; one row per player, strongest first, with its games, wins and win rate."""
    from scipy import optimize, stats

    names = list(dict.fromkeys(list(pairs.a) + list(pairs.b)))
    index = {n: k for k, n in enumerate(names)}
    i = pairs.a.map(index).to_numpy()
    j = pairs.b.map(index).to_numpy()
    wins = pairs.a_wins.to_numpy(float)
    losses = pairs.games.to_numpy(float) - wins
    n = len(names)
    # the free strengths: s = B t, with B an orthonormal basis of the mean-0 plane
    basis = np.linalg.svd(np.eye(n) - 1.0 / n)[0][:, : n - 1]

    def strengths(t):
        return basis @ t

    def negative_log_likelihood(t):
        s = strengths(t)
        d = s[i] - s[j]
        return float(np.sum(wins * np.logaddexp(0, -d) + losses * np.logaddexp(0, d)))

    def gradient(t):
        s = strengths(t)
        p = 1 / (1 + np.exp(-(s[i] - s[j])))
        g = wins * (p - 1) + losses * p          # d/d(s_i - s_j)
        grad = np.zeros(n)
        np.add.at(grad, i, g)
        np.add.at(grad, j, -g)
        return basis.T @ grad

    fit = optimize.minimize(negative_log_likelihood, np.zeros(n - 1), jac=gradient, method="BFGS",
                            options={"gtol": 1e-10, "maxiter": 10_000})
    s = strengths(fit.x)
    p = 1 / (1 + np.exp(-(s[i] - s[j])))
    w = (wins + losses) * p * (1 - p)
    info = np.zeros((n, n))
    np.add.at(info, (i, i), w)
    np.add.at(info, (j, j), w)
    np.add.at(info, (i, j), -w)
    np.add.at(info, (j, i), -w)
    cov = basis @ np.linalg.inv(basis.T @ info @ basis) @ basis.T
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    z = float(stats.norm.ppf(0.5 + level / 2))
    played = np.zeros(n)
    won = np.zeros(n)
    np.add.at(played, i, wins + losses)
    np.add.at(played, j, wins + losses)
    np.add.at(won, i, wins)
    np.add.at(won, j, losses)
    out = pd.DataFrame({"agent": names, "strength": s, "low": s - z * se, "high": s + z * se, "se": se,
                        "games": played.astype(int), "wins": won.astype(int), "win_rate": won / played})
    return out.sort_values("strength", ascending=False).reset_index(drop=True)


def ratings(pairs: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """:func:`bradley_terry` with each player's family (:func:`league_family`): the table ``data/06_league.csv``."""
    out = bradley_terry(pairs, level)
    out.insert(1, "family", out.agent.map(league_family))
    return out
