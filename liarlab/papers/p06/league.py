"""A league in the papers' own game (issue 41, item 3): the players of papers 01 and 02 meet under one rule set, two
players with five six-sided dice each, and are rated by a Bradley-Terry model with intervals.

**One rule set.** Paper 02's (:func:`liarlab.liardice.exp_agents.paper_config`): bids from one die up (30 bids),
face 1 ordinary, one round, the winner of the call wins. Paper 01's thesis differs in one rule only: its bids start
at two dice (``min_count=2``: 54 bids against paper 02's 60). Paper 01's players read the bid ladder
from the rules they are told (:meth:`TestProgram.new_game`, the random-guess player's belief over the ladder), so
they play paper 02's game unchanged; paper 02's EXP players and RAND list the legal actions they are given. So no
rule difference stops a rule player of either paper from playing the other's game.

**Who plays.** Random guess and test programs (paper 01), EXP0-EXP3, RAND and EXPRAND (paper 02), paper 01's
Bayesian-network player (``bayes-net``: the random-guess player with the thesis's network,
:class:`liarlab.liardice.bbn.BayesNetBelief` at its defaults) and paper 02's Q-learners RL0-RL3. The network learns
its opponent over a match, so its rating is that of a player who meets each opponent fresh for ``games`` games (its
gate opens slowly: it plays as random guess at first); bids of one die, below the network's counts (paper 01's game
starts at two), are outside its network (:func:`liarlab.liardice.bbn.in_network`). Not here: an equilibrium player
(:data:`NO_EQUILIBRIUM_PLAYER`).

**Paper 02's Q-learners** (:data:`Q_LEARNERS`). RLk is trained as paper 02 trains its one-stage model RLk
(paper 02's ``experiments.schedule``: one stage against EXPk): ``stage_games`` games (paper 02's
``stage_games``, 100,000 in the full profile) by the compiled trainer :func:`liarlab.liardice.qfast.train` on a new
two-player table of partial-hand keys with history 1, at the trainer's defaults, which are the ones paper 02's
``experiments.train_model`` uses (epsilon 0.1, alpha 0.2, gamma 0.9, the report's backward
update, seats alternating; paper 02 trains its RL0 in ten blocks with evaluations between them, each block reseeding
the compiled generator from the model's stream: the same procedure, other draws). Each learner is trained
``learner_seeds`` times (:func:`league_agents`; notebook 06's ``league_learner_seeds``), each training seed a player
of its own (``"RL0 s1"``, as notebook 06 names its retrained end-game learners,
:func:`liarlab.papers.p06.experiments.learner_name`): the seeds are replicates. The EXPk it trains against is the
league's (and the trainer's default): honestAction reading ``smallest``; paper 02's run trains against the reading
its EXP figures select (``best_face_plus_one`` in the committed run), which differs from ``smallest`` only in
EXP1-EXP3's bid when no honest bid is legal. In the league a table plays **frozen and greedy**: no update and
epsilon 0, the largest value with ties to the last action, as the report's greedy (:class:`FrozenQPlayer`, the
reference :class:`~liarlab.liardice.qtable.QTableAgent` with its choices remembered). Paper 02 measures its tables
with epsilon 0.1 (``Setup.epsilon_eval``); the league plays greedy so that its RLk is the same player as notebook
06's end-game tables, whose greedy policy is what their exploitability measures.

**Matches.** Every pair plays ``games`` games with fresh players, the first mover alternating (each player opens
half of them), so both seats count equally; each pair has its own random stream (:func:`league_table`). The
players who join late come after the rule players: the learning players (:data:`LEARNERS`), then the Q-learners,
seed by seed. So adding them leaves every earlier pair, stream and result as it was. Each Q-learner is trained once,
before the pairs, from a stream fixed by (``seed``, the five dice of each hand, the learner, its training seed), so
its table does not depend on which tasks run beside it (:func:`train_q_learner`).

**Ratings.** Bradley-Terry: P(i beats j) = 1 / (1 + exp(s_j - s_i)), the strengths s fitted by maximum likelihood
(scipy) with their mean fixed at 0; 95% Wald intervals from the inverse of the observed information on that
constraint (:func:`bradley_terry`). A difference of 1 in strength is odds of e to 1.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core.validation import check_int
from liarlab.liardice import agents as ld_agents
from liarlab.liardice import exp_agents, qfast
from liarlab.liardice.bbn import BayesNetBelief
from liarlab.liardice.qtable import QTable, QTableAgent
from liarlab.liardice.rules import play_match
from liarlab.papers.p06 import learners
from liarlab.papers.p06.experiments import learner_name

__all__ = ["RULES", "NO_EQUILIBRIUM_PLAYER", "LEARNERS", "Q_LEARNERS", "FIVE_DICE", "league_agents", "league_family",
           "q_learner_of", "train_q_learner", "FrozenQPlayer", "make_player", "play_pair", "league_table",
           "bradley_terry", "ratings"]

#: why no equilibrium-based player is in the league (one sentence, for the ledger and the notebook)
NO_EQUILIBRIUM_PLAYER = ("no equilibrium player transfers: the league plays one round of five dice each, so none of "
                         "its states is an end game solved exactly (two dice each at most) and the one-round "
                         "equilibrium logic applies nowhere in it, while reading a five-dice hand as a two-dice one "
                         "would make a heuristic of our own, not an equilibrium")
#: the league's rules: paper 02's two-player game, bids from one die up
RULES = exp_agents.paper_config(2)
#: the dice of each hand in the league (they enter the Q-learners' training streams, as the end games' dice do)
FIVE_DICE = (RULES.dice_per_player, RULES.dice_per_player)
PAPER02 = ["EXP0", "EXP1", "EXP2", "EXP3", "RAND", "EXPRAND"]
#: the players that learn over a match, in the league after the rule players
LEARNERS = ["bayes-net"]
#: paper 02's one-stage Q-learners (RLk: one stage against EXPk), in the league after the learning players, one
#: player per training seed
Q_LEARNERS = list(learners.LEARNERS)


def league_agents(test_types, learner_seeds: int = 0) -> list[str]:
    """The league's players: random guess, the test programs ``test_types`` (paper 01), paper 02's rule
    players, the learning players (:data:`LEARNERS`), then RL0-RL3 of each training seed 0 .. ``learner_seeds`` - 1
    (``"RL0 s0", "RL1 s0", ..., "RL3 s0", "RL0 s1", ...``: a league with fewer seeds is a prefix of one with more)."""
    seeds = range(check_int("learner_seeds", learner_seeds, 0))
    return (["random-guess"] + [f"type{int(t)}" for t in test_types] + PAPER02 + LEARNERS
            + [learner_name(q, s) for s in seeds for q in Q_LEARNERS])


def q_learner_of(name: str) -> tuple[str, int] | None:
    """``("RL0", 2)`` for the league player ``"RL0 s2"`` (a Q-learner and its training seed), None for any other."""
    learner, _, replicate = str(name).partition(" s")
    if learner in Q_LEARNERS and replicate.isdigit() and learner_name(learner, int(replicate)) == name:
        return learner, int(replicate)
    return None


def league_family(name: str) -> str:
    """The league's families: which paper, which kind of player."""
    if name == "random-guess":
        return "random guess (paper 01)"
    if name == "bayes-net":
        return "Bayesian-network player (paper 01)"
    if name.startswith("type"):
        return "test programs (paper 01)"
    if q_learner_of(name):
        return "Q-learners RL0-RL3 (paper 02)"
    return "EXP0-EXP3 (paper 02)" if name in PAPER02[:4] else "RAND and EXPRAND (paper 02)"


def train_q_learner(rng, learner: str, replicate: int, stage_games: int, seed: int) -> QTable:
    """Paper 02's one-stage model ``learner`` (RLk): a new table trained ``stage_games`` games against EXPk by
    :func:`liarlab.liardice.qfast.train` at its defaults (paper 02's), from the stream fixed by (``seed``, the five
    dice of each hand, k, ``replicate``) whatever the task order (``rng``, the executor's, is not used)."""
    stage_games = check_int("stage_games", stage_games, 1)
    stream = learners.training_stream(seed, FIVE_DICE, learner, replicate)
    table = qfast.FastTable.new(RULES.n_players, 1, "partial")
    qfast.train(table, learners.LEARNERS[learner], stage_games, stream)
    return table.to_qtable()


class FrozenQPlayer(QTableAgent):
    """A trained table played frozen and greedy: the reference :class:`~liarlab.liardice.qtable.QTableAgent`
    with ``learning=False, epsilon=0.0`` (it still draws its epsilon test, so it plays every game as the reference
    does, draw for draw), its greedy choice remembered per (own hand, standing bid): with a frozen table and a
    history of one bid, that choice never changes, and looking it up is faster than scoring every legal action."""

    def __init__(self, table: QTable):
        if table.history != 1 or table.n_players != RULES.n_players:
            raise ValueError(f"the league's Q-tables are two-player tables of history 1, got {table.n_players} "
                             f"players, history {table.history}")
        super().__init__(table, learning=False, epsilon=0.0)
        self._choices: dict = {}

    def greedy(self, obs, actions: list, rng=None):
        key = (obs.own.tobytes(), obs.last_bid, len(actions))
        if key not in self._choices:
            self._choices[key] = super().greedy(obs, actions, rng)
        return self._choices[key]


def make_player(name: str, rng: np.random.Generator | None = None, table: QTable | None = None):
    """A fresh player of the league (paper 01's with the thesis's defaults, paper 02's with the report's); the
    network player's own draws (its gate) come from a stream drawn from ``rng``, which it requires; a Q-learner
    (``"RL0 s0"``) plays its trained ``table`` frozen and greedy (:class:`FrozenQPlayer`), which it requires."""
    if name == "random-guess":
        return ld_agents.RandomGuessAgent()
    if name == "bayes-net":
        if rng is None:
            raise ValueError("the network player draws its gate from a stream of its own: pass rng")
        return ld_agents.RandomGuessAgent(belief=BayesNetBelief(np.random.default_rng(rng.integers(2**63))))
    if q_learner_of(name):
        if table is None:
            raise ValueError(f"the Q-learner {name!r} plays its trained table: pass table (train_q_learner)")
        return FrozenQPlayer(table)
    if name.startswith("type"):
        return ld_agents.TestProgram(int(name[4:]))
    if name == "RAND":
        return exp_agents.RandAgent()
    if name == "EXPRAND":
        return exp_agents.ExpRandAgent()
    if name in PAPER02:
        return exp_agents.ExpAgent(int(name[3]))
    raise ValueError(f"unknown league player {name!r}")


def play_pair(rng, a: str, b: str, games: int, tables: dict | None = None) -> dict:
    """``games`` games of ``a`` (seat 0) against ``b`` (seat 1), the first mover alternating (``a`` opens the even
    games): the wins of ``a`` overall and as first mover. ``tables``: the trained table of each Q-learner among
    them (by name)."""
    tables = tables or {}
    players = [make_player(name, rng) if name in LEARNERS else make_player(name, table=tables.get(name))
               for name in (a, b)]
    records = play_match(players, games, rng, RULES, starters="alternate")
    a_first = [r for r in records if r.starter == 0]
    return dict(a=a, b=b, games=len(records), a_wins=sum(r.winner == 0 for r in records),
                a_first_games=len(a_first), a_first_wins=sum(r.winner == 0 for r in a_first))


def league_table(names, games: int, seed: int, progress=None,
                 stage_games: int = learners.STAGE_GAMES) -> pd.DataFrame:
    """One row per pair of players (each pair once, ``games`` games, both seats): the games, ``a``'s wins overall
    and as first mover. Each pair draws from its own stream of ``seed``: the rule players' pairs first, in the
    order of ``names``, then each late player's against every player before it: the learning players
    (:data:`LEARNERS`), then the Q-learners in the order of ``names``. The Q-learners (``"RLk sS"``) are trained
    first, ``stage_games`` games each (:func:`train_q_learner`), once each."""
    from liarlab.study.parallel import run_tasks

    names = list(names)
    rule = [n for n in names if n not in LEARNERS and not q_learner_of(n)]
    trained = [n for n in names if q_learner_of(n)]
    late = [n for n in names if n in LEARNERS] + trained
    tables = {}
    if trained:
        jobs = [dict(learner=q, replicate=s, stage_games=stage_games, seed=seed) for q, s in map(q_learner_of, trained)]
        tables = dict(zip(trained, run_tasks(train_q_learner, jobs, seed=seed, progress=progress,
                                             desc="06 league Q-learners")))
    tasks = [dict(a=a, b=b, games=games) for i, a in enumerate(rule) for b in rule[i + 1:]]
    for k, x in enumerate(late):
        for a in rule + late[:k]:
            task = dict(a=a, b=x, games=games)
            own = {n: tables[n] for n in (a, x) if n in tables}
            tasks.append(dict(task, tables=own) if own else task)
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
