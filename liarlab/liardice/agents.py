"""Agents for two-player common-hand Liar Dice (paper 01, Huang 2009).

* :class:`RandomGuessAgent` -- the thesis's random-guess strategy (Ch. 4 §2), optionally
  steered by an opponent model through the belief interface below, plus the Ch. 6 extensions
  (real-valued guessing ``guess="real"``, the lambda mixture ``mix_lambda``).
* :class:`TestProgram` -- the 32 rule-based test programs of Ch. 5 §1 (five binary traits).
* :class:`BestResponseAgent` -- an exploiter that knows the random-guess rules exactly.

Agents follow the one agent signature of :class:`liarlab.core.api.Agent`,
``act(observation, legal_actions, rng) -> action``, with the engine's hooks
``new_game(player, starter, config, rng)`` and ``end_game(record, player, rng)``
(:func:`liarlab.liardice.play_game`). They see only their own dice and the public bids, and
read no list of legal actions (they know the bid ladder): ``needs_legal_actions = False`` tells
the engine not to list them each turn, which costs more than their decisions.

Belief interface (opponent model used by :class:`RandomGuessAgent`)
-------------------------------------------------------------------
Any object with these methods can be passed as ``RandomGuessAgent(belief=...)``;
:class:`UniformBelief` is the no-information default and reproduces the plain thesis strategy.
The Bayesian-network model of Ch. 4 §3 lives in ``liarlab.liardice.bbn``.

``new_game(starter_is_me: bool) -> None``
    Reset the per-game state (imagined opponent hand H, per-face limits L).
``sample_opponent_hand(rng) -> np.ndarray``
    Shape (6,) int counts per face (index 0 = face 1) of a sampled 5-dice opponent hand.
``challenge_guess_range(face: int) -> tuple[int, int]``
    Inclusive integer range (lo, hi) for the uniform guess g of the opponent's count of ``face``
    (face in 1..6). Default (0, 5).
``opening_challenge_probability(count: int) -> float | None``
    Probability 4 of the thesis: P(the opponent challenges our opening bid of ``count`` dice).
    When not None and we are opening, the opponent-belief check of a candidate bid becomes a
    Bernoulli draw with this probability ("keep the bid if the opponent would challenge").
    Return None when the model has no (adopted) opinion; default None. Called once per
    candidate checked at the opening; it gets no generator, so a model that gates its answer
    (the Bayesian network does) draws the gate once per game and answers consistently.
``observe_opponent_action(my_last_bid, action, rng) -> None``
    Called once after every opponent action, before our next decision (or at the end of the
    game if the opponent challenged). ``action`` is ``("bid", (x, y))`` or ``("challenge",)``;
    ``my_last_bid`` is our standing bid (x, y) the opponent answered, or None if the opponent
    opened.
``end_game(record, me: int) -> None``
    Called once per finished game with the full revealed :class:`liarlab.liardice.GameRecord`
    and our seat ``me`` (so ``record.hands[me]`` is our hand, ``record.hands[1 - me]`` theirs;
    ``record.bids`` lists ``(seat, (x, y))``). Train here.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import njit

from liarlab.core import dice
from liarlab.core.api import register_agent
from liarlab.core.validation import check_choice, check_int, check_probability
from liarlab.liardice.rules import CHALLENGE, THESIS, LiarDiceConfig, Observation, bid_index

#: Hands with >= r dice of a given face among five dice, r = 0..5 (Table 4.7): the bid weights.
CUM = tuple(dice.cumulative_weights(5, 6))
MAX_ITERATIONS = 10_000


# ============================================================================ belief interface

class UniformBelief:
    """No information about the opponent: i.i.d. fair dice, guesses uniform on 0..5."""

    def __init__(self, dice_per_player: int = 5, faces: int = 6):
        self.dice_per_player = check_int("dice_per_player", dice_per_player, 1)
        self.faces = check_int("faces", faces, 2)

    def new_game(self, starter_is_me: bool) -> None:
        pass

    def sample_opponent_hand(self, rng: np.random.Generator) -> np.ndarray:
        return np.bincount(rng.integers(0, self.faces, self.dice_per_player), minlength=self.faces)

    def challenge_guess_range(self, face: int) -> tuple[int, int]:
        return (0, self.dice_per_player)

    def opening_challenge_probability(self, count: int) -> float | None:
        return None

    def observe_opponent_action(self, my_last_bid, action, rng) -> None:
        pass

    def end_game(self, record, me: int) -> None:
        pass


# ============================================================================ the random-guess kernel
# One decision procedure for the three engines: this Python agent, the numba batch simulator
# (liarlab.liardice.fast) and the compiled network engine (liarlab.liardice.bbn_play). Each engine
# draws its own random numbers (a numpy Generator here, numba's generator there) and hands them to
# these compiled steps, so the engines differ only in where the numbers come from.
# `reference_bid_pick` below is the same step in plain Python; the tests compare the two.

@njit(cache=True)
def rg_candidate_weights(own, opp, start, quantities, face_indices, cumw, weights):
    """Weights of the bids ``start..`` that hold on own + sampled opponent hand: CUM[dice still needed].

    Writes ``weights[start:]`` and returns their sum. ``own`` and ``opp`` are counts per face
    (``opp`` may be real-valued: the X1 guess); ``cumw[r]`` is the number of hands with >= r of a face.
    """
    n_dice = cumw.size - 1
    total = 0.0
    for b in range(start, quantities.size):
        quantity = quantities[b]
        face = face_indices[b]
        w = 0.0
        if own[face] + opp[face] >= quantity - 1e-12:
            need = max(quantity - own[face], 0)
            if need <= n_dice:
                w = cumw[need]
        weights[b] = w
        total += w
    return total


@njit(cache=True)
def rg_pick(weights, start, stop, total, u):
    """The index in start..stop-1 that the uniform draw ``u`` picks in proportion to ``weights``.

    ``total`` is their sum; zero weights are never picked and a draw lost to rounding falls on the
    last positive weight.
    """
    x = u * total
    acc = 0.0
    pick = -1
    for b in range(start, stop):
        acc += weights[b]
        if weights[b] > 0.0:
            pick = b
            if x < acc:
                break
    return pick


@njit(cache=True)
def rg_face_totals(own, start, quantities, face_indices, cumw, totals):
    """Per decision: ``totals[f, t]`` = summed weight of the bids ``start..`` on face ``f`` that hold when the
    table has ``t`` dice of ``f`` (``t`` clipped at ``totals.shape[1] - 1``).

    With a whole-numbered sampled opponent hand, :func:`rg_held_total` then gives :func:`rg_candidate_weights`'s
    sum from one look-up per face instead of a pass over the ladder (the random-guess redraw loop repeats that
    pass up to thousands of times per decision). The weights are hand counts (whole numbers far below 2**53),
    so every sum is exact and equal whatever the order of its terms.
    """
    n_dice = cumw.size - 1
    top = totals.shape[1] - 1
    totals[:, :] = 0.0
    for b in range(start, quantities.size):
        quantity = quantities[b]
        face = face_indices[b]
        need = max(quantity - own[face], 0)
        if quantity > top:
            raise ValueError("totals has fewer columns than the ladder's largest quantity + 1")
        if need <= n_dice:
            totals[face, quantity] += cumw[need]
    for face in range(totals.shape[0]):
        for t in range(1, top + 1):
            totals[face, t] += totals[face, t - 1]


@njit(cache=True)
def rg_held_total(own, opp, totals):
    """:func:`rg_candidate_weights`'s sum for a whole-numbered ``opp``, from :func:`rg_face_totals`'s table."""
    top = totals.shape[1] - 1
    total = 0.0
    for face in range(totals.shape[0]):
        total += totals[face, min(own[face] + opp[face], top)]
    return total


@njit(cache=True)
def rg_pick_held(own, opp, start, quantities, face_indices, cumw, total, u):
    """:func:`rg_candidate_weights` + :func:`rg_pick` in one pass that stops at the pick: the same weights,
    accumulated in the same ladder order, computed only up to the bid the draw ``u`` falls on."""
    n_dice = cumw.size - 1
    x = u * total
    acc = 0.0
    pick = -1
    for b in range(start, quantities.size):
        quantity = quantities[b]
        face = face_indices[b]
        if own[face] + opp[face] >= quantity - 1e-12:
            need = max(quantity - own[face], 0)
            if need <= n_dice:
                w = cumw[need]
                acc += w
                if w > 0.0:
                    pick = b
                    if x < acc:
                        break
    return pick


@njit(cache=True)
def rg_says_short(guess, held, quantity):
    """Both verdicts of the strategy: a guessed count plus a held count falls short of the quantity.

    Challenge: our guess g of the opponent's count + our count < quantity. Keep a bid: our guess h of
    the opponent's guess of our count + their sampled count < quantity (they would challenge it).
    """
    return guess + held < quantity


@njit(cache=True)
def rg_arbitrate(challenge, bid, challenge_action):
    """The four cases: bid if only the bid says go, challenge if only the challenge does, else redraw (-2)."""
    if (not challenge) and bid >= 0:
        return bid
    if challenge and bid < 0:
        return challenge_action
    return -2


def reference_bid_pick(own, opp, start, config: LiarDiceConfig, u: float) -> int:
    """Plain-Python reference of :func:`rg_candidate_weights` + :func:`rg_pick` (tests compare them)."""
    cum = dice.cumulative_weights(config.dice_per_player, config.faces)
    candidates = []
    for index in range(start, config.n_bids):
        quantity, face = config.ladder.bid(index)
        if own[face - 1] + opp[face - 1] >= quantity - 1e-12:
            candidates.append((index, cum[max(quantity - int(own[face - 1]), 0)]))
    total = sum(w for _, w in candidates)
    if total <= 0:
        return -1
    x, acc = u * total, 0.0
    for index, w in candidates:
        acc += w
        if x < acc:
            return index
    return candidates[-1][0]


@lru_cache(maxsize=None)
def _cumulative_weights(dice_per_player: int, faces: int) -> np.ndarray:
    """CUM as a read-only float array, the kernel's ``cumw``."""
    cum = np.array(dice.cumulative_weights(dice_per_player, faces), dtype=float)
    cum.setflags(write=False)
    return cum


@lru_cache(maxsize=None)
def _weights_table(dice_per_player: int) -> np.ndarray:
    """Bid weight by dice still needed from the opponent: CUM[r], zero when r exceeds their dice."""
    cum = dice.cumulative_weights(dice_per_player, 6)
    return np.array(cum + [0] * 64, dtype=float)


def bid_weight(own, bid, dice_per_player: int = 5) -> int:
    """Random-guess weight of a candidate bid: hands that supply the dice we lack (Table 4.7).

    "two 5s" holding one 5 needs one 5 from the opponent: 4651 hands; "two 6s" holding none: 1526.
    """
    quantity, face = bid
    return int(_weights_table(dice_per_player)[max(quantity - int(np.asarray(own)[face - 1]), 0)])


# ============================================================================ random guess

def _check_rules(agent, config: LiarDiceConfig) -> None:
    """Refuse a game of other rules than ``agent.config`` (what its ``new_game`` was told; the thesis until then):
    its model of the opponent's hand holds only for those."""
    if config is not agent.config and config != agent.config:
        raise ValueError(f"{type(agent).__name__} plays {agent.config} (as told by new_game), not {config}")


@register_agent("liardice", "random-guess")
class RandomGuessAgent:
    """The random-guess player of Ch. 4 §2 for two players.

    Each turn it draws a challenge verdict (``decide_challenge``) and a bid (``decide_bid``) and
    acts only when exactly one of them says go (case 1: bid, case 2: challenge); otherwise it
    discards both and redraws. The opener skips the challenge draw.

    Parameters
    ----------
    belief : object with the belief interface (module docstring), default :class:`UniformBelief`.
    guess : ``"integer"`` (thesis) or ``"real"`` (X1: hands as 5 * Dirichlet(1,...,1) and a
        real-valued opponent-belief guess U[0, 5]).
    mix_lambda : X2: integer guesses are U{lo..hi} with probability lambda and Binomial(5, 1/6)
        (clipped to the range) otherwise; 1.0 is the thesis.
    retry_bid : variant of ``decide_bid`` that keeps drawing candidates from the same sampled
        hand until one passes the opponent-belief check (thesis reading: one candidate per call).
    max_iterations : loop safety; fall back to a challenge, or to the lowest bid at the opening.
    """

    needs_legal_actions = False   # reads the bid ladder, not the list (module docstring)

    def __init__(self, belief=None, *, guess: str = "integer", mix_lambda: float = 1.0,
                 retry_bid: bool = False, max_iterations: int = MAX_ITERATIONS):
        self.belief = UniformBelief() if belief is None else belief
        self.guess = check_choice("guess", guess, ("integer", "real"))
        self.mix_lambda = check_probability("mix_lambda", mix_lambda)
        self.retry_bid = bool(retry_bid)
        self.max_iterations = check_int("max_iterations", max_iterations, 1)
        self.config = THESIS
        self.player = 0
        self.iterations = 0          # loop iterations of the last decision (diagnostics)
        self._seen = 0
        self._my_last_bid = None

    # ------------------------------------------------------------------ protocol
    def new_game(self, player: int, starter: int, config: LiarDiceConfig = THESIS, rng=None) -> None:
        if config.n_players != 2:
            raise ValueError(f"the random-guess strategy is defined for 2 players, got {config.n_players}")
        self.config = config
        self.player = player
        self._seen = 0
        self._my_last_bid = None
        self.belief.new_game(starter == player)

    def act(self, obs: Observation, legal_actions, rng: np.random.Generator):
        _check_rules(self, obs.config)
        self._observe_new_bids(obs, rng)
        action = self.decide(obs.own, obs.last_bid, rng)
        if action[0] == "bid":
            self._my_last_bid = action[1]
            self._seen = len(obs.bids) + 1
        return action

    def end_game(self, record, player: int, rng: np.random.Generator) -> None:
        if record.challenger != player and record.bids and record.bids[-1][0] == player:
            self.belief.observe_opponent_action(self._my_last_bid, CHALLENGE, rng)
        self.belief.end_game(record, player)

    def _observe_new_bids(self, obs: Observation, rng) -> None:
        for seat, bid in obs.bids[self._seen:]:
            if seat != obs.player:
                self.belief.observe_opponent_action(self._my_last_bid, ("bid", tuple(bid)), rng)
        self._seen = len(obs.bids)

    # ------------------------------------------------------------------ the strategy
    def decide(self, own, last_bid, rng: np.random.Generator):
        """The four-case arbitration loop: act only when exactly one of challenge/bid says go."""
        own = np.asarray(own)
        opening = last_bid is None
        ladder = self.config.ladder
        challenge_action = ladder.n_bids
        for self.iterations in range(1, self.max_iterations + 1):
            challenge = False if opening else self.decide_challenge(own, last_bid, rng)
            bid = self.decide_bid(own, last_bid, rng)
            action = rg_arbitrate(challenge, -1 if bid is None else ladder.index(bid), challenge_action)
            if action == challenge_action:
                return CHALLENGE
            if action >= 0:
                return ("bid", bid)
        if opening:
            return ("bid", ladder.bid(0))
        return CHALLENGE

    def decide_challenge(self, own, bid, rng: np.random.Generator) -> bool:
        """Guess the opponent's count g of the bid face; challenge iff g + own count < quantity."""
        quantity, face = bid
        return bool(rg_says_short(self.guess_opponent_count(face, rng), own[face - 1], quantity))

    def guess_opponent_count(self, face: int, rng: np.random.Generator) -> float:
        if self.guess == "real":
            return float(self._real_hand(rng)[face - 1])
        sampled = getattr(self.belief, "sampled_challenge_guess", None)
        if sampled is not None:
            g = sampled(face, rng)
            if g is not None:
                return g
        lo, hi = self.belief.challenge_guess_range(face)
        return self._integer_guess(lo, hi, rng)

    def _integer_guess(self, lo: int, hi: int, rng: np.random.Generator) -> int:
        if self.mix_lambda >= 1.0 or rng.random() < self.mix_lambda:
            return lo + int(rng.random() * (hi - lo + 1))     # uniform on lo..hi (cheaper than integers())
        n = self.config.dice_per_player
        return int(min(max(rng.binomial(n, 1.0 / self.config.faces), lo), hi))

    def _real_hand(self, rng: np.random.Generator) -> np.ndarray:
        """X1 (Fig 6.1): cut [0, 5] at five uniform points; the six piece lengths are the counts. A belief with a
        real-valued imagined hand (X3, ``sample_real_hand``) supplies the hand instead."""
        sample = getattr(self.belief, "sample_real_hand", None)
        hand = sample(rng) if sample is not None else None
        if hand is not None:
            return hand
        return self.config.dice_per_player * rng.dirichlet(np.ones(self.config.faces))

    def decide_bid(self, own, last_bid, rng: np.random.Generator):
        """A bid that is true on a sampled deal and that the opponent would (we guess) challenge.

        Candidates are the bids above ``last_bid`` that hold on own + sampled opponent hand; one
        is drawn with weight CUM[dice needed from the opponent] (proportional to P(true | own
        hand)); it is kept if the opponent's guess of our count plus their (sampled) count falls
        short of the quantity. Returns None ("no bid available") otherwise.
        """
        own = np.asarray(own)
        ladder = self.config.ladder
        start = 0 if last_bid is None else ladder.index(last_bid) + 1
        opp = self._real_hand(rng) if self.guess == "real" else np.asarray(self.belief.sample_opponent_hand(rng))
        weights = np.zeros(ladder.n_bids)
        total = rg_candidate_weights(own, opp, start, ladder.quantities, ladder.face_indices,
                                     _cumulative_weights(self.config.dice_per_player, self.config.faces), weights)
        while total > 0:
            pick = rg_pick(weights, start, ladder.n_bids, total, rng.random())
            bid = ladder.bid(pick)
            if self.opponent_would_challenge(bid, opp, last_bid is None, rng):
                return bid
            if not self.retry_bid:
                return None
            total -= weights[pick]
            weights[pick] = 0.0
        return None

    def opponent_would_challenge(self, bid, opp, opening: bool, rng: np.random.Generator) -> bool:
        """Our guess of the opponent's reasoning: their guess h of our count + their count < quantity."""
        quantity, face = bid
        if opening:
            p = self.belief.opening_challenge_probability(quantity)
            if p is not None:
                return bool(rng.random() < p)
        n = self.config.dice_per_player
        if self.guess == "real":
            h = rng.uniform(0.0, n)
        else:
            h = self._integer_guess(0, n, rng)
        return bool(rg_says_short(h, opp[face - 1], quantity))


# ============================================================================ test programs

TRAIT_NAMES = ("prefers_bid", "liar", "suspicious", "low_cap", "strong")


@dataclass(frozen=True)
class Traits:
    """The five binary traits of a test program (Ch. 5 §1); False = the first-listed setting."""

    prefers_bid: bool     # prefer challenge (False) / prefer bid (True)
    liar: bool            # honest (False) / liar (True)
    suspicious: bool      # trusting (False) / suspicious (True)
    low_cap: bool         # cap from {5, 6} (False) / {4, 5} (True)
    strong: bool          # never jumps (False) / jumps with probability 1/2 (True)

    @property
    def type_id(self) -> int:
        return (1 + 16 * self.prefers_bid + 8 * self.liar + 4 * self.suspicious
                + 2 * self.low_cap + self.strong)

    def label(self) -> str:
        return ", ".join([
            "liar" if self.liar else "honest",
            "suspicious" if self.suspicious else "trusting",
            "low cap" if self.low_cap else "high cap",
            "strong" if self.strong else "weak",
            "prefers bid" if self.prefers_bid else "prefers challenge",
        ])


def traits_of(type_id: int) -> Traits:
    """type = 1 + 16*[prefers bid] + 8*[liar] + 4*[suspicious] + 2*[low cap] + [strong].

    The appendix lists type31 as a duplicate of type32; the regular enumeration (used here)
    makes it liar, suspicious, low cap, *weak* attack, prefers bid.
    """
    code = check_int("type", type_id, 1, 32) - 1
    return Traits(bool(code & 16), bool(code & 8), bool(code & 4), bool(code & 2), bool(code & 1))


def traits_table():
    """All 32 test programs and their traits as a DataFrame."""
    import pandas as pd

    rows = []
    for t in range(1, 33):
        tr = traits_of(t)
        rows.append({"type": t, **{name: getattr(tr, name) for name in TRAIT_NAMES}, "label": tr.label()})
    return pd.DataFrame(rows)


@register_agent("liardice", "test-program")
class TestProgram:
    """One of the 32 heuristic test programs, following the Fig 5.1 walk-through.

    1. Facing a bid whose quantity has reached the cap: challenge (overrides everything).
    2. Believe the opponent holds x or x-1 (trusting) / x-1 or x-2 (suspicious) of the bid
       face; the challenge verdict is "believed total < x".
    3. Pick a face: the most-held (believed totals, ties at random) with probability 0.7 for
       honest / 0.3 for liar, otherwise a face absent from the own hand.
    4. Minimal legal quantity on that face (2 at the opening); strong programs add one with
       probability 1/2. No bid if the quantity exceeds the dice on the table.
    5. Prefer-challenge programs challenge if the verdict says so (or no bid exists);
       prefer-bid programs bid whenever they can.

    Variants: ``cap_rule=">"`` (challenge only above the cap), ``cap_limits_bids=True`` (no own
    bid at or above the cap), ``cap_overrides=False`` (step 1 binds only prefer-challenge programs: a
    prefers-bid program facing a bid at its cap goes on to steps 2-5 and bids when it can; spec open point 5),
    ``opening_count=n`` (the opening bid's count before the jump, default the lowest legal count, 2; spec
    open point 4).
    """

    __test__ = False   # not a pytest class

    needs_legal_actions = False   # reads the bid ladder, not the list (module docstring)

    def __init__(self, type_id: int, *, cap_rule: str = ">=", cap_limits_bids: bool = False,
                 cap_overrides: bool = True, opening_count: int | None = None):
        self.traits = traits_of(type_id)
        self.type_id = self.traits.type_id
        self.cap_rule = check_choice("cap_rule", cap_rule, (">=", ">"))
        self.cap_limits_bids = bool(cap_limits_bids)
        self.cap_overrides = bool(cap_overrides)
        # None: the config's lowest legal count (2 in the thesis game)
        self.opening_count = None if opening_count is None else check_int("opening_count", opening_count, 1)
        self.config = THESIS
        self.cap = 6

    def __repr__(self) -> str:
        return f"TestProgram(type{self.type_id}: {self.traits.label()})"

    def new_game(self, player: int, starter: int, config: LiarDiceConfig = THESIS, rng=None) -> None:
        self.config = config
        rng = np.random.default_rng() if rng is None else rng
        self.cap = self.draw_cap(rng)

    def draw_cap(self, rng: np.random.Generator) -> int:
        return int(rng.choice((4, 5) if self.traits.low_cap else (5, 6)))

    def end_game(self, record, player, rng) -> None:
        pass

    def act(self, obs: Observation, legal_actions, rng: np.random.Generator):
        return self.decide(np.asarray(obs.own), obs.last_bid, rng)

    def cap_reached(self, quantity: int) -> bool:
        return quantity >= self.cap if self.cap_rule == ">=" else quantity > self.cap

    def believed_opponent_count(self, quantity: int, rng: np.random.Generator) -> int:
        discount = int(rng.integers(1, 3)) if self.traits.suspicious else int(rng.integers(0, 2))
        others = self.config.max_count - self.config.dice_per_player
        return min(max(quantity - discount, 0), others)

    def choose_face(self, own: np.ndarray, believed: np.ndarray, rng: np.random.Generator) -> int:
        honest_branch = rng.random() < (0.3 if self.traits.liar else 0.7)
        if honest_branch:
            candidates = np.flatnonzero(believed == believed.max())
        else:
            candidates = np.flatnonzero(own == 0)
            if candidates.size == 0:    # more dice than faces: take the least-held faces
                candidates = np.flatnonzero(own == own.min())
        return int(candidates[rng.integers(candidates.size)]) + 1

    def minimal_quantity(self, face: int, last_bid) -> int:
        if last_bid is None:
            return self.config.min_count if self.opening_count is None else max(self.opening_count,
                                                                                 self.config.min_count)
        quantity, last_face = last_bid
        return quantity if face > last_face else quantity + 1

    def decide(self, own, last_bid, rng: np.random.Generator):
        own = np.asarray(own)
        believed = own.copy()
        challenge = False
        if last_bid is not None:
            quantity, face = last_bid
            if self.cap_reached(quantity) and (self.cap_overrides or not self.traits.prefers_bid):
                return CHALLENGE
            believed[face - 1] += self.believed_opponent_count(quantity, rng)
            challenge = believed[face - 1] < quantity
        proposal = self.propose_bid(own, believed, last_bid, rng)
        if self.traits.prefers_bid:
            return ("bid", proposal) if proposal is not None else self._challenge_or_fail(last_bid)
        if challenge or proposal is None:
            return self._challenge_or_fail(last_bid)
        return ("bid", proposal)

    def propose_bid(self, own, believed, last_bid, rng: np.random.Generator):
        face = self.choose_face(own, believed, rng)
        quantity = self.minimal_quantity(face, last_bid)
        if self.traits.strong and rng.random() < 0.5 and quantity < self.config.max_count:
            quantity += 1
        if quantity > self.config.max_count:
            return None
        if self.cap_limits_bids and last_bid is not None and self.cap_reached(quantity):
            return None
        return (quantity, face)

    def _challenge_or_fail(self, last_bid):
        if last_bid is None:
            # cannot happen in the thesis setting (an opening bid always exists); keep the game legal
            return ("bid", (self.config.min_count, 1))
        return CHALLENGE


# ============================================================================ exact random-guess policy

@lru_cache(maxsize=None)
def opponent_hands(dice_per_player: int = 5, faces: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """Every unordered hand as counts per face (252 x 6 for five dice) and its probability."""
    multisets = dice.dice_multisets(dice_per_player, faces)
    counts = np.array([hand.counts(faces) for hand, _ in multisets], dtype=np.int64).reshape(-1, faces)
    probs = np.array([float(p) for _, p in multisets])
    return counts, probs


def random_guess_bid_probabilities(own, last_bid, config: LiarDiceConfig = THESIS) -> np.ndarray:
    """q_b = P(one ``decide_bid`` call returns bid b), exactly, by enumerating the sampled hand."""
    own = np.asarray(own)
    quantities, faces = config.ladder.quantities, config.ladder.face_indices + 1
    hands, probs = opponent_hands(config.dice_per_player, config.faces)
    start = 0 if last_bid is None else bid_index(last_bid, config) + 1
    n = config.dice_per_player
    true_on_deal = (own[faces - 1] + hands[:, faces - 1]) >= quantities          # (hands, bids)
    true_on_deal[:, :start] = False
    weights = _weights_table(n)[np.maximum(quantities - own[faces - 1], 0)]       # (bids,)
    kept = np.clip(quantities - hands[:, faces - 1], 0, n + 1) / (n + 1)           # P(h + opp < x)
    w = true_on_deal * weights
    total = w.sum(axis=1, keepdims=True)
    share = np.divide(w, total, out=np.zeros_like(w), where=total > 0)
    return probs @ (share * kept)


def random_guess_challenge_probability(own, last_bid, config: LiarDiceConfig = THESIS) -> float:
    """p_c = P(g + own count < x) with g uniform on 0..dice; 0 at the opening."""
    if last_bid is None:
        return 0.0
    quantity, face = last_bid
    n = config.dice_per_player
    return float(np.clip(quantity - np.asarray(own)[face - 1], 0, n + 1) / (n + 1))


def random_guess_action_probabilities(own, last_bid, config: LiarDiceConfig = THESIS) -> np.ndarray:
    """Exact distribution of the random-guess action (index n_bids = challenge).

    The arbitration loop redraws until exactly one of (challenge, bid) says go, so
    P(challenge) = p_c (1 - p_b) / [p_c (1 - p_b) + (1 - p_c) p_b] and bids keep q_b's shape.
    When neither can ever happen alone, the loop-safety fallback applies.
    """
    q = random_guess_bid_probabilities(own, last_bid, config)
    p_b = q.sum()
    p_c = random_guess_challenge_probability(own, last_bid, config)
    out = np.zeros(config.n_bids + 1)
    norm = p_c * (1 - p_b) + (1 - p_c) * p_b
    if norm <= 0:
        out[0 if last_bid is None else config.n_bids] = 1.0
        return out
    out[config.n_bids] = p_c * (1 - p_b) / norm
    out[: config.n_bids] = (1 - p_c) * q / norm
    return out


def random_guess_policy_table(config: LiarDiceConfig = THESIS) -> np.ndarray:
    """Exact random-guess action probabilities for every own hand and standing bid.

    ``table[m, s, a]``: own hand ``opponent_hands()[0][m]``, standing bid index ``s - 1``
    (``s = 0`` is the opening), action ``a`` (bid index, or ``n_bids`` = challenge).
    Same formulas as :func:`random_guess_action_probabilities`, batched over hands.
    Computed once per process (a few seconds); treat the result as read-only.
    """
    return _policy_table(config)


@lru_cache(maxsize=4)
def _policy_table(config: LiarDiceConfig) -> np.ndarray:
    if config.n_players != 2 or config.wild_ones:
        raise ValueError("the exact random-guess policy covers two players without wild ones")
    quantities, faces = config.ladder.quantities, config.ladder.face_indices + 1
    hands, probs = opponent_hands(config.dice_per_player, config.faces)
    n, n_bids = config.dice_per_player, config.n_bids
    own_f = hands[:, faces - 1]                                                   # (M, B): own count of each bid's face
    true_on_deal = (own_f[:, None, :] + hands[None, :, faces - 1]) >= quantities  # (M, S, B)
    weights = _weights_table(n)[np.maximum(quantities - own_f, 0)]                # (M, B)
    kept = np.clip(quantities - hands[:, faces - 1], 0, n + 1) / (n + 1)          # (S, B)
    tw = true_on_deal * weights[:, None, :]
    above = np.concatenate([np.cumsum(tw[:, :, ::-1], axis=2)[:, :, ::-1],
                            np.zeros(tw.shape[:2] + (1,))], axis=2)               # (M, S, B+1): sum over b >= s
    inv = np.divide(1.0, above, out=np.zeros_like(above), where=above > 0)
    q = np.matmul(inv.transpose(0, 2, 1), tw * kept[None] * probs[None, :, None])  # (M, B+1, B)
    q *= np.arange(n_bids)[None, None, :] >= np.arange(n_bids + 1)[None, :, None]
    p_b = q.sum(axis=2)
    last_q = quantities[None, :] - own_f                                          # (M, B)
    p_c = np.concatenate([np.zeros((len(hands), 1)), np.clip(last_q, 0, n + 1) / (n + 1)], axis=1)
    norm = p_c * (1 - p_b) + (1 - p_c) * p_b
    safe = np.where(norm > 0, norm, 1.0)
    table = np.zeros((len(hands), n_bids + 1, n_bids + 1))
    table[:, :, n_bids] = np.where(norm > 0, p_c * (1 - p_b) / safe, 1.0)
    table[:, :, :n_bids] = (1 - p_c)[:, :, None] * q / safe[:, :, None] * (norm > 0)[:, :, None]
    table[:, 0, n_bids] = 0.0
    table[:, 0, 0] += np.where(norm[:, 0] > 0, 0.0, 1.0)        # opening fallback: lowest bid
    return table


@register_agent("liardice", "best-response")
class BestResponseAgent:
    """An exploiter that knows the random-guess rules exactly (two players, thesis setting).

    It keeps the exact posterior over the random-guess player's hand (252 unordered hands,
    updated with :func:`random_guess_policy_table` after each of its bids) and picks the action
    with the highest win probability over a short horizon. ``depth=1``: a challenge wins iff
    the standing bid is false; a bid wins if the random-guess player then challenges it and it
    is true, or raises and the raise is false (we challenge the raise). ``depth=2``: after a
    raise we choose again (challenge, or the best depth-1 bid under the updated posterior).
    Challenging at the horizon lower-bounds the value, since at our next turn we choose again.
    """

    needs_legal_actions = False   # reads the bid ladder, not the list (module docstring)

    def __init__(self, config: LiarDiceConfig = THESIS, depth: int = 1):
        self.config = config
        self.depth = check_int("depth", depth, 1, 2)
        self.table = random_guess_policy_table(config)
        self.hands, self.prior = opponent_hands(config.dice_per_player, config.faces)
        self.player = 0
        self.posterior = self.prior.copy()
        self._seen = 0
        self._tables_key = None

    def new_game(self, player: int, starter: int, config: LiarDiceConfig = THESIS, rng=None) -> None:
        if config != self.config:
            raise ValueError(f"BestResponseAgent was built for {self.config}, got {config}")
        self.player = player
        self.posterior = self.prior.copy()
        self._seen = 0

    def end_game(self, record, player, rng) -> None:
        pass

    def _update_posterior(self, obs: Observation) -> None:
        for i in range(self._seen, len(obs.bids)):
            seat, bid = obs.bids[i]
            if seat == obs.player:
                continue
            standing = 0 if i == 0 else bid_index(obs.bids[i - 1][1], self.config) + 1
            post = self.posterior * self.table[:, standing, bid_index(bid, self.config)]
            self.posterior = post / post.sum() if post.sum() > 0 else self.prior.copy()
        self._seen = len(obs.bids)

    def _hand_tables(self, own):
        """Per own hand: truth of every bid for every opponent hand, and the depth-1 bid values
        (per opponent hand) ``win_if_challenged + win_if_raise_challenged``."""
        own = np.asarray(own)
        key = own.tobytes()
        if self._tables_key != key:
            quantities, faces = self.config.ladder.quantities, self.config.ladder.face_indices + 1
            n_bids = self.config.n_bids
            true = (own[faces - 1] + self.hands[:, faces - 1]) >= quantities        # (M, B)
            response = self.table[:, 1:, :]                                        # RG facing our bid b
            challenged = response[:, :, n_bids] * true
            raise_false = np.matmul(response[:, :, :n_bids], (~true)[:, :, None].astype(float))[:, :, 0]
            self._tables = (true, challenged, challenged + raise_false)
            self._tables_key = key
        return self._tables

    def action_values(self, own, last_bid) -> np.ndarray:
        """Win probability of each action (index n_bids = challenge; -inf when illegal)."""
        n_bids = self.config.n_bids
        post = self.posterior
        true, challenged, one_step = self._hand_tables(own)
        values = np.full(n_bids + 1, -np.inf)
        start = 0 if last_bid is None else bid_index(last_bid, self.config) + 1
        if self.depth == 1:
            values[start:n_bids] = (post @ one_step)[start:]
        else:
            values[start:n_bids] = self._two_step_values(post, start, true, challenged, one_step)
        if last_bid is not None:
            values[n_bids] = post @ ~true[:, bid_index(last_bid, self.config)]
        return values

    def _two_step_values(self, post, start, true, challenged, one_step) -> np.ndarray:
        """Bid b: RG challenges (win iff true) or raises to c; then we take the better of
        challenging c and our best depth-1 bid above c, under the posterior given c."""
        n_bids = self.config.n_bids
        raises = post[:, None, None] * self.table[:, 1 + start:, :n_bids]           # (M, b, c), unnormalised
        challenge_next = np.einsum("mbc,mc->bc", raises, ~true)
        bid_next = np.tensordot(raises, one_step, axes=([0], [0]))                 # (b, c, d)
        above = np.arange(n_bids)[None, :] > np.arange(n_bids)[:, None]            # d > c
        bid_next = np.where(above[None], bid_next, -np.inf).max(axis=2)
        best_next = np.maximum(challenge_next, bid_next)
        return post @ challenged[:, start:] + best_next.sum(axis=1)

    def act(self, obs: Observation, legal_actions, rng: np.random.Generator):
        _check_rules(self, obs.config)
        self._update_posterior(obs)
        values = self.action_values(obs.own, obs.last_bid)
        best = int(np.argmax(values))
        if best == self.config.n_bids:
            return CHALLENGE
        self._seen = len(obs.bids) + 1
        return ("bid", self.config.ladder.bid(best))
