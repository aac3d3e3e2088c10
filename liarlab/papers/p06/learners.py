"""Paper 02's Q-learners RL0-RL3 retrained in the end games (issue 41, ledger row A4), compiled (the engine is
:mod:`liarlab.bluff.qlearner`), with a plain reference.

**Paper 02's procedure, in the end game.** The learner is the report's ``RL`` player as
:mod:`liarlab.liardice.qtable` describes it, unchanged but for the game it plays:

* **Afterstate keys, the partial hand, history length 1**: one value per (standing bid, own action, own count of
  the action's face), the report's ``(face, count)`` of the standing bid (``(0, 0)`` at the opening) then
  ``(face, held, count)`` for a bid or ``(-1, -1, -1)`` for the challenge (:func:`liarlab.liardice.qtable.
  afterstate_key`). The key holds no seat: as in paper 02, one table serves both seats. In an unequal end game
  (2v1, 1v2) the learner so learns one table from its games with two dice and with one.
* **Epsilon-greedy**: with probability ``epsilon`` (a draw ``u <= epsilon``, the report's test) a uniform legal
  action, else the action with the largest value, missing keys reading 0, ties to the *last* action in the
  report's list order (the higher bids in increasing order, then the challenge once a bid stands).
* **The report's update** (``rule="paper"``): at the end of a game the learner's own keys are walked backwards, the
  last moved toward ``gamma * R`` and each earlier one toward ``gamma *`` the fresh value of the next; R = 1 for a
  win, 0 for a loss.
* **Defaults read, not retyped**: ``epsilon``, ``alpha``, ``gamma``, the rule and the seats are the defaults of
  paper 02's trainer :func:`liarlab.liardice.qfast.train` (which paper 02's ``experiments.train_model``
  calls with them), the reward and penalty those of :func:`liarlab.liardice.qfast.play`; a stage is paper 02's
  full ``stage_games`` (:data:`liarlab.liardice.qtable.STAGE_GAMES`, 100,000 games).
* **Seats alternate**: paper 02 trains with ``seats="rotate"`` (its default), so the learner sits first (opens) in
  game 0, 2, 4, ... and second in game 1, 3, 5, ... of a stage; so here.
* **RLk** is one stage against EXPk (paper 02's ``experiments.schedule``: ``RL0`` is
  100,000 games against EXP0; the names are the report's).

**The opponents** are the EXP rules as :mod:`liarlab.papers.p06.policies` reads them in the end game (exact
per-turn distributions; only EXP0 draws), tabulated per seat as cumulative probabilities over the actions
``0`` (call), ``1..n`` (bid k) for each (own hand, standing bid), and sampled by one uniform draw.

**Randomness** comes only from a passed Generator: the compiled trainer seeds numba's generator with one 32-bit
draw from it, as :mod:`liarlab.liardice.qfast` does. Every random choice is one uniform draw (the two hands, then
per learner decision one for epsilon and one more to pick the exploring action, per opponent decision one), so
given the same draws (``draws``) the compiled trainer and the plain reference (:func:`reference_train`, on the
rules module :class:`~liarlab.bluff.endgame.EndGameState` and paper 02's :class:`~liarlab.liardice.qtable.QTable`
update) learn the same table to the bit.

The trained table's **greedy policy** (epsilon 0, ties to the last action) is a deterministic per-turn policy of
:mod:`liarlab.papers.p06.policies`' shape (:func:`greedy_policy`), so notebook 06 evaluates it exactly.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from liarlab.bluff import qlearner
from liarlab.bluff.endgame import EndGame, EndGameState
from liarlab.bluff.qlearner import KeyLayout, cumulative
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int, check_probability
from liarlab.liardice import qfast
from liarlab.liardice.qtable import STAGE_GAMES, QTable, QTableAgent, afterstate_key
from liarlab.liardice.rules import CHALLENGE
from liarlab.papers.p06 import policies

__all__ = ["LEARNERS", "STAGE_GAMES", "EPSILON", "ALPHA", "GAMMA", "REWARD", "PENALTY", "KeyLayout",
           "opponent_tables", "train", "TrainResult", "greedy_action", "greedy_policy",
           "learner_components", "reference_train", "explore_action", "compiled_decide", "dense_values", "check_learner", "training_stream",
           "RULE", "SEATS"]

_TRAIN = inspect.signature(qfast.train).parameters
_PLAY = inspect.signature(qfast.play).parameters
#: paper 02's training defaults (:func:`liarlab.liardice.qfast.train`)
EPSILON: float = _TRAIN["epsilon"].default
ALPHA: float = _TRAIN["alpha"].default
GAMMA: float = _TRAIN["gamma"].default
#: the update and the seats paper 02 trains with: its trainer's defaults ("paper", "rotate")
RULE: str = _TRAIN["rule"].default
SEATS: str = _TRAIN["seats"].default
#: what the winner and the loser receive (:func:`liarlab.liardice.qfast.play`: 1 and 0)
REWARD: float = _PLAY["reward"].default
PENALTY: float = _PLAY["penalty"].default
#: the report's one-stage models: RLk is trained one stage against EXPk
LEARNERS = {"RL0": "EXP0", "RL1": "EXP1", "RL2": "EXP2", "RL3": "EXP3"}

if RULE != "paper" or SEATS != "rotate":   # what this trainer implements; a change upstream must be followed here
    raise ValueError(f"paper 02 trains with rule={RULE!r}, seats={SEATS!r}: this trainer implements 'paper', "
                     "'rotate'")


# ============================================================================ the opponents as arrays

def opponent_tables(game: EndGame, name: str) -> np.ndarray:
    """``cum[seat, hand, prev, action]``: player ``name``'s cumulative action probabilities in each seat
    (:func:`liarlab.papers.p06.policies.components`, one component), over actions 0 (call) and 1..n (bid k), for
    each of the seat's hands (``game.hands(seat)`` order, padded to the larger seat) and standing bid 0..n."""
    n = game.n_bids
    hands = [game.hands(seat)[0] for seat in (0, 1)]
    out = np.ones((2, max(map(len, hands)), n + 1, n + 1))
    for seat in (0, 1):
        parts = policies.components(name, game, seat)
        if len(parts) != 1:
            raise ValueError(f"{name} draws once per game ({len(parts)} components): not an opponent of this trainer")
        (_, policy), = parts
        for d, hand in enumerate(hands[seat]):
            own = policies.hand_counts(hand, game.faces)
            for prev in range(n + 1):
                dist = policy(own, prev)
                out[seat, d, prev] = cumulative([dist.get(a, 0) for a in range(n + 1)])
    return out


@dataclass
class TrainResult:
    """A trained table (dense, :class:`KeyLayout`), the learner's wins per game, and the draws it consumed (given
    draws only)."""

    values: np.ndarray
    won: np.ndarray
    draws_used: int = 0


def train(game: EndGame, opponent: str, n_games: int, rng, *, epsilon: float = EPSILON, alpha: float = ALPHA,
          gamma: float = GAMMA, values: np.ndarray | None = None, draws=None) -> TrainResult:
    """Train a table (new, or a copy of ``values``) for ``n_games`` games against ``opponent`` (a per-turn player
    of :mod:`liarlab.papers.p06.policies`, e.g. ``"EXP0"``) by paper 02's procedure (module docstring), on the
    compiled engine :func:`liarlab.bluff.qlearner.train_table`. ``draws``: the uniforms to use instead of the
    generator (tests; ``rng`` is then not used)."""
    if game.convention != "normal":
        raise ValueError(f"paper 02 plays without wild faces: convention 'normal', got {game.convention!r}")
    n_games = check_int("n_games", n_games, 0)
    for label, v in (("epsilon", epsilon), ("alpha", alpha), ("gamma", gamma)):
        check_probability(label, v)
    layout = KeyLayout(game)
    values = np.zeros(layout.size) if values is None else np.array(values, dtype=np.float64)
    if values.shape != (layout.size,):
        raise ValueError(f"values of shape {values.shape} do not fit the {game.label} layout ({layout.size},)")
    opp = opponent_tables(game, opponent)
    if draws is None:
        seed, given = int(generator(rng).integers(0, 2**32 - 1)), np.zeros(0)
    else:
        seed, given = -1, np.asarray(draws, dtype=np.float64)
    won, used = qlearner.train_table(game, opp, n_games, values, seed=seed, draws=given, epsilon=epsilon, alpha=alpha,
                                     gamma=gamma, reward=REWARD, penalty=PENALTY)
    return TrainResult(values, won, used if draws is not None else 0)


def compiled_decide(game: EndGame, values: np.ndarray, own, prev: int, u: float, u_pick: float,
                    epsilon: float = EPSILON) -> int:
    """The compiled learner's decision from given draws (tests compare it with :func:`explore_action` and
    :func:`greedy_action`)."""
    return qlearner.decide(game, values, own, prev, u, u_pick, epsilon)


# ============================================================================ the plain reference

def _report_order(game: EndGame, prev: int) -> list[int]:
    """The report's action list in end-game numbers: the higher bids in increasing order, then the challenge."""
    return list(range(prev + 1, game.n_bids + 1)) + ([0] if prev else [])


def _engine_action(game: EndGame, action: int):
    return CHALLENGE if action == 0 else ("bid", game.bids[action - 1])


def _report_key(game: EndGame, prev: int, own, action: int) -> tuple:
    record = [] if not prev else [(game.bids[prev - 1][1], game.bids[prev - 1][0])]    # (face, count)
    return afterstate_key(record, own, _engine_action(game, action), history=1, hand="partial")


def explore_action(game: EndGame, prev: int, u: float) -> int:
    """The reference's exploring action: list position ``int(u * legal)`` of the report's list."""
    actions = _report_order(game, prev)
    return actions[min(int(u * len(actions)), len(actions) - 1)]


def greedy_action(game: EndGame, lookup, own, prev: int) -> int:
    """The reference's greedy action: the largest ``lookup(key)`` over the report's list, ties to the last."""
    best, vmax = None, -999.0
    for a in _report_order(game, prev):
        v = lookup(_report_key(game, prev, own, a))
        if v >= vmax:
            best, vmax = a, v
    return best


def _sample(probabilities, u: float) -> int:
    cum = cumulative(probabilities)
    return next(i for i, c in enumerate(cum) if u < c)


def reference_train(game: EndGame, opponent: str, n_games: int, draws, *, epsilon: float = EPSILON,
                    alpha: float = ALPHA, gamma: float = GAMMA) -> tuple[QTable, list[bool], int]:
    """Paper 02's procedure in plain Python on the rules module: report keys in a :class:`QTable`, the update of
    :meth:`liarlab.liardice.qtable.QTableAgent.feed_reward`, the opponent's exact distributions sampled from the
    same uniform ``draws`` in the same order as :func:`train`. Returns (table, wins per game, draws consumed)."""
    agent = QTableAgent(QTable(2, 1, "partial"), epsilon=epsilon, alpha=alpha, gamma=gamma, rule="paper")
    opp = {seat: policies.components(opponent, game, seat)[0][1] for seat in (0, 1)}
    hands = [game.hands(seat) for seat in (0, 1)]
    stream = iter(draws)
    used = 0

    def draw():
        nonlocal used
        used += 1
        return float(next(stream))

    won = []
    for g in range(n_games):
        learner = g % 2
        dealt = [hands[s][0][_sample(hands[s][1], draw())] for s in (0, 1)]
        state = EndGameState(game, [h.faces_shown for h in dealt])
        agent.visited = []
        prev = 0
        while not state.is_terminal():
            seat = state.current_player()
            own = policies.hand_counts(dealt[seat], game.faces)
            if seat == learner:
                if draw() <= agent.epsilon:
                    action = explore_action(game, prev, draw())
                else:
                    action = greedy_action(game, agent.table.get, own, prev)
                agent.visited.append(_report_key(game, prev, own, action))
            else:
                dist = opp[seat](own, prev)
                action = _sample([dist.get(a, 0) for a in range(game.n_bids + 1)], draw())
            if action not in state.legal_actions():
                raise ValueError(f"illegal action {action} after {state.history}")
            state.apply_action(action)
            prev = action or prev
        win = state.returns()[learner] > 0
        won.append(win)
        agent.feed_reward(REWARD if win else PENALTY)
    return agent.table, won, used


def dense_values(game: EndGame, table: QTable) -> np.ndarray:
    """A reference table's values in the compiled layout (unlearned keys 0)."""
    layout = KeyLayout(game)
    out = np.zeros(layout.size)
    for key, v in table.values.items():
        out[layout.index_of_key(key)] = v
    return out


# ============================================================================ the greedy policy

def greedy_policy(game: EndGame, values: np.ndarray):
    """The trained table's greedy play (epsilon 0, ties to the last action) as a deterministic per-turn policy
    ``policy(own, prev) -> {action: Fraction(1)}`` (:mod:`liarlab.papers.p06.policies`' shape), the same in both
    seats (the key holds no seat)."""
    layout = KeyLayout(game)
    values = np.asarray(values, dtype=np.float64)
    if values.shape != (layout.size,):
        raise ValueError(f"values of shape {values.shape} do not fit the {game.label} layout ({layout.size},)")

    def lookup(key):      # a report key's value, through the dense layout
        return values[layout.index_of_key(key)]

    def policy(own, prev: int) -> dict:
        return {greedy_action(game, lookup, np.asarray(own), prev): Fraction(1)}

    return policy


def learner_components(game: EndGame, values: np.ndarray) -> dict:
    """``{seat: [(1, greedy policy)]}``, the shape :func:`liarlab.papers.p06.exact_play.evaluate_agent` takes."""
    policy = greedy_policy(game, values)
    return {seat: [(Fraction(1), policy)] for seat in (0, 1)}


def check_learner(name: str) -> str:
    return check_choice("learner", name, list(LEARNERS))


def training_stream(seed: int, dice, learner: str, replicate: int) -> np.random.Generator:
    """The random stream of one trained model: fixed by (``seed``, each hand's dice, the learner's k, its training
    seed ``replicate``), so a model does not depend on which tasks run beside it (the end games' and the league's
    learners alike)."""
    k = int(check_learner(learner)[2:])
    return np.random.default_rng([int(seed), *(int(d) for d in dice), k, check_int("replicate", replicate, 0)])
