"""Stage 1 of the Cheat paper: the black/white position game, its five personalities and the learner.

Each of two players holds 10 cards, each black or white, and puts them on positions 1..10 whose
target colours alternate B W B W ... A card of the other colour is a *lie* at that position. Both
players then say, per position, whether they *catch* the opponent's card there. Per position:

==============  ==================  ============================
placer          opponent catches    effect
==============  ==================  ============================
lies            yes                 placer -1
lies            no                  placer +2
honest          yes                 catcher -1 (false accusation)
honest          no                  0
==============  ==================  ============================

The higher total wins; equal totals are a draw.

A placement is stored as its *lie mask* (bit i set when position i+1 holds a lie) and a catch
vector as a *catch mask*: a placement is then an int 0..1023 and scoring is two bit operations.
Positions are 0-based in code (position 1 of the paper is index 0, a black target).

The moves are simultaneous; as in OpenSpiel's sequential reading of a simultaneous game, player 0
acts then player 1, and neither observation shows the other's choice until the game is over.

Randomness comes only from the passed Generator, and always as uniforms drawn with
``rng.random(...)`` in a fixed order (deal: one per player; placement: one; catches: ten), so that
the compiled engine of :mod:`liarlab.cheat.fast` replays exactly the same game from the same uniforms.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from liarlab.core.api import register_agent
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int, check_probability

N_POSITIONS = 10
N_MASKS = 1 << N_POSITIONS
FULL_MASK = N_MASKS - 1
#: target colour of each position (1 = black): positions 1, 3, 5, ... are black
TARGET_BLACK = np.array([1 - (i % 2) for i in range(N_POSITIONS)], dtype=np.int64)
#: bit masks of the black-target (0-based even) and white-target positions
BLACK_TARGETS = sum(1 << i for i in range(0, N_POSITIONS, 2))
WHITE_TARGETS = FULL_MASK ^ BLACK_TARGETS
POPCOUNT = np.array([bin(m).count("1") for m in range(N_MASKS)], dtype=np.int64)

#: the spec's per-position lie probabilities q_i of the five personalities (§2.2)
PERSONALITY_LIE_PROBABILITIES = {
    "P1": [0.5] * 10,
    "P2": [0.8 - 0.6 * i / 9 for i in range(10)],
    "P3": [0.2 + 0.6 * i / 9 for i in range(10)],
    "P4": [0.2, 0.3, 0.5, 0.7, 0.8, 0.8, 0.7, 0.5, 0.3, 0.2],
    "P5": [0.3] * 10,
}
PERSONALITIES = tuple(PERSONALITY_LIE_PROBABILITIES)
HAND_DISTRIBUTIONS = ("binomial", "uniform")

PLACE, CATCH, DONE = "place", "catch", "done"
LIE_WIN, LIE_CAUGHT, FALSE_ACCUSATION = 2, -1, -1


# ----------------------------------------------------------------------------- rules as functions

def lie_counts(lie_mask: int) -> tuple[int, int]:
    """``(u, j)``: lies at black-target positions and at white-target positions."""
    return int(POPCOUNT[lie_mask & BLACK_TARGETS]), int(POPCOUNT[lie_mask & WHITE_TARGETS])


def is_feasible(lie_mask: int, n_black: int) -> bool:
    """Can a hand with ``n_black`` black cards produce this lie pattern? (needs u - j = 5 - n_black)"""
    u, j = lie_counts(lie_mask)
    return u - j == N_POSITIONS // 2 - n_black


def feasible_masks(n_black: int) -> np.ndarray:
    """All lie masks a hand with ``n_black`` black cards can produce, ascending (a read-only array)."""
    return _feasible_masks(check_int("n_black", n_black, 0, N_POSITIONS))


@lru_cache(maxsize=None)
def _feasible_masks(n_black: int) -> np.ndarray:
    out = np.array([m for m in range(N_MASKS) if is_feasible(m, n_black)], dtype=np.int64)
    out.flags.writeable = False
    return out


def colours_of(lie_mask: int) -> np.ndarray:
    """Card colours (1 = black) on positions 1..10 for a lie mask: a lie flips the target colour."""
    bits = np.array([(lie_mask >> i) & 1 for i in range(N_POSITIONS)], dtype=np.int64)
    return TARGET_BLACK ^ bits


def lie_mask_of(colours) -> int:
    """The lie mask of a colour placement (1 = black per position)."""
    colours = np.asarray(colours, dtype=np.int64)
    if colours.shape != (N_POSITIONS,) or not np.isin(colours, (0, 1)).all():
        raise ValueError(f"colours must be {N_POSITIONS} values of 0 (white) or 1 (black), got {colours!r}")
    return int(sum(int(b) << i for i, b in enumerate(colours ^ TARGET_BLACK)))


def placement_score(lie_mask: int, opponent_catch_mask: int) -> int:
    """Points the placer gets from its own placement against the opponent's catches."""
    caught = int(POPCOUNT[lie_mask & opponent_catch_mask])
    uncaught = int(POPCOUNT[lie_mask & ~opponent_catch_mask & FULL_MASK])
    return LIE_WIN * uncaught + LIE_CAUGHT * caught


def false_accusations(catch_mask: int, opponent_lie_mask: int) -> int:
    """Number of honest opponent cards this catch vector accuses (each costs the catcher 1)."""
    return int(POPCOUNT[catch_mask & ~opponent_lie_mask & FULL_MASK])


def scores(lie_masks, catch_masks) -> tuple[int, int]:
    """Both players' totals from their lie masks and catch masks."""
    out = []
    for p in (0, 1):
        o = 1 - p
        out.append(placement_score(lie_masks[p], catch_masks[o])
                   + FALSE_ACCUSATION * false_accusations(catch_masks[p], lie_masks[o]))
    return out[0], out[1]


def hand_cdf(distribution: str = "binomial") -> np.ndarray:
    """Cumulative distribution of the number of black cards (0..10) in a dealt hand (read-only)."""
    return _hand_cdf(check_choice("hand_distribution", distribution, HAND_DISTRIBUTIONS))


@lru_cache(maxsize=None)
def _hand_cdf(distribution: str) -> np.ndarray:
    if distribution == "binomial":
        from scipy.stats import binom

        pmf = binom.pmf(np.arange(N_POSITIONS + 1), N_POSITIONS, 0.5)
    else:
        pmf = np.full(N_POSITIONS + 1, 1.0 / (N_POSITIONS + 1))
    cdf = np.cumsum(pmf)
    cdf[-1] = 1.0
    cdf.flags.writeable = False
    return cdf


def draw_from_cdf(cdf: np.ndarray, u: float) -> int:
    """Inverse-cdf draw: the first index whose cumulative probability exceeds ``u``."""
    return int(min(np.searchsorted(cdf, u, side="right"), len(cdf) - 1))


def placement_cdf(lie_probabilities) -> np.ndarray:
    """Per hand (n_black 0..10), the cdf over all 1,024 lie masks of a personality's placement.

    Independent Bernoulli(q_i) lies conditioned on the hand being able to make them (spec §2.2):
    weight prod q_i^L_i (1 - q_i)^(1 - L_i) on feasible masks, 0 elsewhere.
    """
    q = np.asarray(lie_probabilities, dtype=float)
    if q.shape != (N_POSITIONS,) or (q < 0).any() or (q > 1).any():
        raise ValueError(f"lie_probabilities must be {N_POSITIONS} probabilities, got {lie_probabilities!r}")
    bits = (np.arange(N_MASKS)[:, None] >> np.arange(N_POSITIONS)[None, :]) & 1
    weight = np.prod(np.where(bits == 1, q, 1 - q), axis=1)
    cdf = np.zeros((N_POSITIONS + 1, N_MASKS))
    for nb in range(N_POSITIONS + 1):
        w = np.zeros(N_MASKS)
        feasible = feasible_masks(nb)
        w[feasible] = weight[feasible]
        if w.sum() == 0:  # a profile that never lies where this hand must: fall back to uniform
            w[feasible] = 1.0
        c = np.cumsum(w / w.sum())
        c[feasible[-1]:] = 1.0
        cdf[nb] = c
    return cdf


def personality_cdf(name: str, p5_lie_probability: float = 0.3) -> np.ndarray:
    """The placement cdf of personality ``name`` (P1..P5); P5's constant rate can be changed (E5).

    Built once per (name, rate) and shared read-only: runs call this thousands of times.
    """
    check_choice("personality", name, PERSONALITIES)
    return _personality_cdf(name, check_probability("p5_lie_probability", p5_lie_probability))


@lru_cache(maxsize=None)
def _personality_cdf(name: str, p5_lie_probability: float) -> np.ndarray:
    q = list(PERSONALITY_LIE_PROBABILITIES[name])
    if name == "P5":
        q = [p5_lie_probability] * N_POSITIONS
    out = placement_cdf(q)
    out.flags.writeable = False
    return out


UNIFORM_PLACEMENT_CDF = placement_cdf([0.5] * N_POSITIONS)  # a uniformly random arrangement of the hand


def catch_mask_from_uniforms(u, probabilities) -> int:
    """Catch position i when ``u[i] < probabilities[i]`` (one uniform per position)."""
    return int(sum(1 << i for i in range(N_POSITIONS) if u[i] < probabilities[i]))


# ----------------------------------------------------------------------------- the game state

@dataclass(frozen=True)
class PositionObservation:
    """What one player sees: its own hand and choices; the opponent's only once the game is over."""

    player: int
    phase: str
    n_black: int
    own_lie_mask: int | None
    own_catch_mask: int | None
    opponent_lie_mask: int | None = None     # revealed at the end (scoring needs it)
    opponent_catch_mask: int | None = None
    scores: tuple[int, int] | None = None


class PositionGameState:
    """One game of the black/white position game (stage 1), OpenSpiel-style.

    Order of moves: player 0 places, player 1 places, player 0 catches, player 1 catches. A placement
    action is a lie mask the hand can make; a catch action is a catch mask 0..1023.
    """

    def __init__(self, rng: np.random.Generator, hand_distribution: str = "binomial", n_black=None):
        if n_black is None:
            cdf = hand_cdf(hand_distribution)
            n_black = (draw_from_cdf(cdf, rng.random()), draw_from_cdf(cdf, rng.random()))
        self.n_black = tuple(check_int("n_black", int(n), 0, N_POSITIONS) for n in n_black)
        self.lie_masks: list[int | None] = [None, None]
        self.catch_masks: list[int | None] = [None, None]
        self._step = 0

    def phase(self) -> str:
        return PLACE if self._step < 2 else CATCH if self._step < 4 else DONE

    def current_player(self) -> int:
        return -4 if self._step >= 4 else self._step % 2  # -4: OpenSpiel's terminal player id

    def is_terminal(self) -> bool:
        return self._step >= 4

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.phase() == PLACE:
            return [int(m) for m in feasible_masks(self.n_black[self.current_player()])]
        return list(range(N_MASKS))

    def apply_action(self, action) -> None:
        if self.is_terminal():
            raise ValueError("the game is over; no more actions")
        p = self.current_player()
        a = int(action)
        if self.phase() == PLACE:
            if not 0 <= a < N_MASKS or not is_feasible(a, self.n_black[p]):
                raise ValueError(f"player {p}'s hand has {self.n_black[p]} black cards and cannot make lie mask "
                                 f"{action!r} (needs lies at black targets - lies at white targets = "
                                 f"{N_POSITIONS // 2 - self.n_black[p]})")
            self.lie_masks[p] = a
        else:
            if not 0 <= a < N_MASKS:
                raise ValueError(f"catch mask must be 0..{N_MASKS - 1}, got {action!r}")
            self.catch_masks[p] = a
        self._step += 1

    def scores(self) -> tuple[int, int]:
        if not self.is_terminal():
            raise ValueError("scores exist only at the end of the game")
        return scores(self.lie_masks, self.catch_masks)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        s0, s1 = self.scores()
        sign = float(np.sign(s0 - s1))
        return [sign, -sign]

    def observation(self, player: int) -> PositionObservation:
        o = 1 - player
        done = self.is_terminal()
        return PositionObservation(
            player=player, phase=self.phase(), n_black=self.n_black[player],
            own_lie_mask=self.lie_masks[player], own_catch_mask=self.catch_masks[player],
            opponent_lie_mask=self.lie_masks[o] if done else None,
            opponent_catch_mask=self.catch_masks[o] if done else None,
            scores=self.scores() if done else None)

    def clone(self) -> "PositionGameState":
        new = PositionGameState.__new__(PositionGameState)
        new.n_black, new._step = self.n_black, self._step
        new.lie_masks, new.catch_masks = list(self.lie_masks), list(self.catch_masks)
        return new


# ----------------------------------------------------------------------------- agents

@register_agent("cheat", "stage1-personality")
class Personality:
    """A stage-1 personality: lies per its profile (P1..P5), catches each position with probability c."""

    def __init__(self, name: str = "P1", catch_probability: float = 0.5, p5_lie_probability: float = 0.3):
        self.name = check_choice("personality", name, PERSONALITIES)
        self.catch_probability = check_probability("catch_probability", catch_probability)
        self.cdf = personality_cdf(name, p5_lie_probability)

    def act(self, observation: PositionObservation, legal_actions, rng: np.random.Generator) -> int:
        if observation.phase == PLACE:
            return draw_from_cdf(self.cdf[observation.n_black], rng.random())
        return catch_mask_from_uniforms(rng.random(N_POSITIONS), [self.catch_probability] * N_POSITIONS)


for _name in PERSONALITIES:  # make_agent("cheat", "P2") is Personality("P2")
    register_agent("cheat", _name)(lambda _n=_name, **kw: Personality(_n, **kw))


def catch_probabilities(p: float, k: float, lie_counts_by_position) -> np.ndarray:
    """The learner's catch probability per position: clip(p + (n_i / N - 0.1) * k, 0, 1); p when N = 0."""
    n = np.asarray(lie_counts_by_position, dtype=np.float64)
    total = n.sum()
    out = np.empty(N_POSITIONS)
    for i in range(N_POSITIONS):  # a loop, so the sums match the compiled engine bit for bit
        x = p if total == 0 else p + (n[i] / total - 0.1) * k
        out[i] = min(1.0, max(0.0, x))
    return out


SIMULATIONS = ("program", "model")
CANDIDATE_STEPS = tuple((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1))


@register_agent("cheat", "stage1-learner")
class LieProfileLearner:
    """The paper's stage-1 learner: random placement, catch probability from the opponent's lie profile.

    After each real game call :meth:`end_game`: it adds the opponent's revealed lies to ``n_i``, then
    plays ``n_simulated`` games for each of the nine neighbours of ``(p, k)`` against the same personality
    program (fresh deals, counts frozen), scores them 2/1/0 per win/draw/loss and moves to a best one
    (ties at random). ``search="none"`` freezes (p, k); ``search="p-only"`` keeps k fixed.

    ``simulate="model"`` (spec §8.4 variant) plays the simulated games against a *model* of the personality
    instead of its program: the model lies at position i independently with probability n_i / G (G = real
    games seen, so the model is the learner's own record of the opponent) and catches like the program.
    """

    def __init__(self, opponent: str = "P1", p0: float = 0.5, k0: float = 0.0, dp: float = 0.05, dk: float = 0.5,
                 p_max: float = 1.0, k_max: float = 20.0, n_simulated: int = 10, search: str = "both",
                 catch_probability: float = 0.5, p5_lie_probability: float = 0.3,
                 hand_distribution: str = "binomial", simulate: str = "program"):
        self.opponent = Personality(opponent, catch_probability, p5_lie_probability)
        self.p, self.k = check_probability("p0", p0), float(k0)
        self.dp, self.dk, self.p_max, self.k_max = float(dp), float(dk), float(p_max), float(k_max)
        self.n_simulated = check_int("n_simulated", n_simulated, 1)
        self.search = check_choice("search", search, ("both", "p-only", "none"))
        self.hand_distribution = check_choice("hand_distribution", hand_distribution, HAND_DISTRIBUTIONS)
        self.simulate = check_choice("simulate", simulate, SIMULATIONS)
        self.lie_counts = np.zeros(N_POSITIONS, dtype=np.int64)
        self.games = 0

    def catch_probabilities(self, p=None, k=None) -> np.ndarray:
        return catch_probabilities(self.p if p is None else p, self.k if k is None else k, self.lie_counts)

    def act(self, observation: PositionObservation, legal_actions, rng: np.random.Generator) -> int:
        if observation.phase == PLACE:
            return draw_from_cdf(UNIFORM_PLACEMENT_CDF[observation.n_black], rng.random())
        return catch_mask_from_uniforms(rng.random(N_POSITIONS), self.catch_probabilities())

    def candidates(self) -> list[tuple[float, float]]:
        out = []
        for a, b in CANDIDATE_STEPS:
            if self.search == "none":
                a, b = 0, 0
            elif self.search == "p-only":
                b = 0
            out.append((min(self.p_max, max(0.0, self.p + a * self.dp)),
                        min(self.k_max, max(0.0, self.k + b * self.dk))))
        return out

    def end_game(self, observation: PositionObservation, rng: np.random.Generator) -> None:
        """Learn from a finished real game (seat of ``observation.player``)."""
        mask = observation.opponent_lie_mask
        self.lie_counts += np.array([(mask >> i) & 1 for i in range(N_POSITIONS)], dtype=np.int64)
        self.games += 1
        if self.search == "none":
            return
        points = []
        for p, k in self.candidates():
            total = 0
            for _ in range(self.n_simulated):
                game = model_game if self.simulate == "model" else simulated_game
                total += 1 + int(game(self, p, k, rng))
            points.append(total)
        best = [i for i, s in enumerate(points) if s == max(points)]
        choice = best[min(int(rng.random() * len(best)), len(best) - 1)]
        self.p, self.k = self.candidates()[choice]


class _FixedCatcher:
    """The learner with frozen (p, k), for simulated games."""

    def __init__(self, learner: LieProfileLearner, p: float, k: float):
        self.learner, self.p, self.k = learner, p, k

    def act(self, observation, legal_actions, rng):
        if observation.phase == PLACE:
            return self.learner.act(observation, legal_actions, rng)
        return catch_mask_from_uniforms(rng.random(N_POSITIONS), self.learner.catch_probabilities(self.p, self.k))


def simulated_game(learner: LieProfileLearner, p: float, k: float, rng: np.random.Generator) -> int:
    """One game of the learner (seat 0) with (p, k) against its opponent program: +1 win, 0 draw, -1 loss."""
    from liarlab.core.api import play_game

    state = PositionGameState(rng, learner.hand_distribution)
    return int(play_game(state, [_FixedCatcher(learner, p, k), learner.opponent], rng)[0])


def model_game(learner: LieProfileLearner, p: float, k: float, rng: np.random.Generator) -> int:
    """One simulated game against the learner's model of its opponent (spec §8.4): the model lies at position
    i with probability n_i / G, independently (so it needs no hand), and catches like the program.
    Uniforms: the learner's deal, its placement, ten for the model's lies, ten per catch vector."""
    n_black = draw_from_cdf(hand_cdf(learner.hand_distribution), rng.random())
    own = draw_from_cdf(UNIFORM_PLACEMENT_CDF[n_black], rng.random())
    rates = learner.lie_counts / max(1, learner.games)
    u = rng.random(N_POSITIONS)
    model = int(sum(1 << i for i in range(N_POSITIONS) if u[i] < rates[i]))
    c0 = catch_mask_from_uniforms(rng.random(N_POSITIONS), learner.catch_probabilities(p, k))
    c1 = catch_mask_from_uniforms(rng.random(N_POSITIONS), [learner.opponent.catch_probability] * N_POSITIONS)
    s0, s1 = scores((own, model), (c0, c1))
    return int(np.sign(s0 - s1))


def play_learning_run(opponent: str, n_games: int, rng: np.random.Generator, **learner_kwargs) -> dict:
    """Reference (pure Python) run: the learner plays ``n_games`` real games against ``opponent``.

    Returns per-game outcomes (+1/0/-1 for the learner in seat 0), the (p, k) after each game and the
    final lie counts. The compiled :func:`liarlab.cheat.fast.learning_run` gives identical results from
    the same uniforms.
    """
    rng = generator(rng)
    from liarlab.core.api import play_game

    learner = LieProfileLearner(opponent, **learner_kwargs)
    outcomes, ps, ks = [], [], []
    for _ in range(check_int("n_games", n_games, 1)):
        state = PositionGameState(rng, learner.hand_distribution)
        outcomes.append(int(play_game(state, [learner, learner.opponent], rng)[0]))
        learner.end_game(state.observation(0), rng)
        ps.append(learner.p)
        ks.append(learner.k)
    return {"outcomes": np.array(outcomes), "p": np.array(ps), "k": np.array(ks),
            "lie_counts": learner.lie_counts.copy()}
