"""Numba batch simulator for two-player Liar Dice with the paper-01 agents.

Same rules and the same decision procedures as :mod:`liarlab.liardice` and
:mod:`liarlab.liardice.agents` (random-guess with its Ch. 6 variants, the 32 test programs),
compiled for large samples. Only the no-information random-guess player (``UniformBelief``)
is supported; the Bayesian-network path runs through the reference Python agents.

Randomness: each batch seeds numba's generator with a 32-bit seed drawn from the caller's
``numpy.random.Generator``, so a run is fixed by that Generator. Draws follow the reference
agents' order but use numba's own generator, so the two implementations agree in
distribution, not game by game (``tests/liardice/test_fast.py`` checks the agreement).

The random-guess steps are the shared kernel of :mod:`liarlab.liardice.agents` (``rg_*``); bid
indices are positions on ``config.ladder`` (:class:`liarlab.core.bids.BidLadder`), passed in as
arrays. ``_tp_decide`` (one compiled test-program decision) is also used by the compiled BBN
engine in :mod:`liarlab.liardice.bbn_play`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from liarlab.core import dice
from liarlab.core.seeds import generator
from liarlab.core.validation import check_int
from liarlab.liardice.agents import (
    RandomGuessAgent,
    TestProgram,
    UniformBelief,
    rg_arbitrate,
    rg_candidate_weights,
    rg_pick,
    rg_says_short,
)
from liarlab.liardice.rules import THESIS, LiarDiceConfig

RANDOM_GUESS, TEST_PROGRAM = 0, 1
STARTERS = {"alternate": 0, "random": 1, 0: 2, 1: 3}
# agent spec columns: kind, type_id, real guess, retry_bid, cap rule ">" , cap limits own bids, the cap does not
# override "prefers bid", opening count (0: the ladder's lowest count)
_SPEC_COLUMNS = 8


#: the most games one call simulates: its per-game arrays (five int64 each) take 40 bytes a game
MAX_GAMES = 100_000_000


def agent_spec(agent) -> tuple[np.ndarray, float]:
    """Encode a reference agent for the compiled simulator: (int spec, mix_lambda)."""
    spec = np.zeros(_SPEC_COLUMNS, dtype=np.int64)
    if isinstance(agent, RandomGuessAgent):
        if type(agent.belief) is not UniformBelief:
            raise ValueError("the fast simulator supports only the no-information random-guess player "
                             f"(UniformBelief), got belief {type(agent.belief).__name__}")
        spec[:] = (RANDOM_GUESS, 0, agent.guess == "real", agent.retry_bid, 0, 0, 0, 0)
        return spec, float(agent.mix_lambda)
    if isinstance(agent, TestProgram):
        spec[:] = (TEST_PROGRAM, agent.type_id, 0, 0, agent.cap_rule == ">", agent.cap_limits_bids,
                   not agent.cap_overrides, agent.opening_count or 0)
        return spec, 1.0
    raise ValueError(f"the fast simulator knows RandomGuessAgent and TestProgram, got {type(agent).__name__}")


# ============================================================================ compiled core

@njit(cache=True)
def _integer_guess(lo, hi, lam, n_dice, faces):
    if lam >= 1.0 or np.random.random() < lam:
        return float(np.random.randint(lo, hi + 1))
    g = np.random.binomial(n_dice, 1.0 / faces)
    return float(min(max(g, lo), hi))


@njit(cache=True)
def _real_hand(out, n_dice):
    """5 * Dirichlet(1, ..., 1): normalised exponential spacings."""
    total = 0.0
    for f in range(out.size):
        out[f] = np.random.exponential(1.0)
        total += out[f]
    for f in range(out.size):
        out[f] = n_dice * out[f] / total


@njit(cache=True)
def _rg_challenge(own, last, real, lam, n_dice, faces, quantities, face_indices, buf):
    quantity = quantities[last]
    face = face_indices[last]
    if real:
        _real_hand(buf, n_dice)
        g = buf[face]
    else:
        g = _integer_guess(0, n_dice, lam, n_dice, faces)
    return rg_says_short(g, own[face], quantity)


@njit(cache=True)
def _rg_bid(own, last, real, lam, retry, n_dice, faces, quantities, face_indices, cumw, opp, weights):
    if real:
        _real_hand(opp, n_dice)
    else:
        for f in range(faces):
            opp[f] = 0.0
        for _ in range(n_dice):
            opp[np.random.randint(0, faces)] += 1.0
    n_bids = quantities.size
    total_w = rg_candidate_weights(own, opp, last + 1, quantities, face_indices, cumw, weights)
    while total_w > 0.0:
        pick = rg_pick(weights, last + 1, n_bids, total_w, np.random.random())
        if real:
            h = np.random.random() * n_dice
        else:
            h = _integer_guess(0, n_dice, lam, n_dice, faces)
        if rg_says_short(h, opp[face_indices[pick]], quantities[pick]):
            return pick
        if not retry:
            return -1
        total_w -= weights[pick]
        weights[pick] = 0.0
    return -1


@njit(cache=True)
def _rg_decide(own, last, real, lam, retry, n_dice, faces, quantities, face_indices, cumw, opp, weights,
               max_iterations):
    challenge_action = quantities.size
    for _ in range(max_iterations):
        challenge = False
        if last >= 0:
            challenge = _rg_challenge(own, last, real, lam, n_dice, faces, quantities, face_indices, opp)
        bid = _rg_bid(own, last, real, lam, retry, n_dice, faces, quantities, face_indices, cumw, opp, weights)
        action = rg_arbitrate(challenge, bid, challenge_action)
        if action >= 0:
            return action
    if last < 0:
        return 0
    return challenge_action


@njit(cache=True)
def _cap_reached(quantity, cap, cap_gt):
    if cap_gt:
        return quantity > cap
    return quantity >= cap


@njit(cache=True)
def _tp_decide(own, last, type_id, cap, cap_gt, cap_limits, n_dice, faces, quantities, face_indices, index_table,
               believed, candidates, cap_no_override=False, opening_count=0):
    """One test-program decision (ladder index, n_bids = challenge); the ladder comes as arrays.
    ``cap_no_override``: the cap binds only prefer-challenge programs; ``opening_count``: the opening's count
    before the jump (0: the ladder's lowest), as :class:`TestProgram`'s ``cap_overrides`` / ``opening_count``."""
    min_count = max(quantities[0], opening_count)
    max_count = index_table.shape[0] - 1
    code = type_id - 1
    prefers_bid = (code & 16) != 0
    liar = (code & 8) != 0
    suspicious = (code & 4) != 0
    strong = (code & 1) != 0
    n_bids = quantities.size
    for f in range(faces):
        believed[f] = own[f]
    challenge = False
    quantity = 0
    face = -1
    if last >= 0:
        quantity = quantities[last]
        face = face_indices[last]
        if _cap_reached(quantity, cap, cap_gt) and not (cap_no_override and prefers_bid):
            return n_bids
        if suspicious:
            discount = np.random.randint(1, 3)
        else:
            discount = np.random.randint(0, 2)
        believed[face] += min(max(quantity - discount, 0), max_count - n_dice)
        challenge = believed[face] < quantity
    # choose the face: most held (believed totals) or absent from the own hand
    n_cand = 0
    if np.random.random() < (0.3 if liar else 0.7):
        best = believed.max()
        for f in range(faces):
            if believed[f] == best:
                candidates[n_cand] = f
                n_cand += 1
    else:
        for f in range(faces):
            if own[f] == 0:
                candidates[n_cand] = f
                n_cand += 1
        if n_cand == 0:
            low = own.min()
            for f in range(faces):
                if own[f] == low:
                    candidates[n_cand] = f
                    n_cand += 1
    new_face = candidates[np.random.randint(0, n_cand)]
    if last < 0:
        new_quantity = min_count
    elif new_face > face:
        new_quantity = quantity
    else:
        new_quantity = quantity + 1
    if strong and np.random.random() < 0.5 and new_quantity < max_count:
        new_quantity += 1
    proposal = -1
    if new_quantity <= max_count:
        proposal = index_table[new_quantity, new_face]
        if cap_limits and last >= 0 and _cap_reached(new_quantity, cap, cap_gt):
            proposal = -1
    if prefers_bid:
        if proposal >= 0:
            return proposal
        return n_bids if last >= 0 else 0
    if challenge or proposal < 0:
        return n_bids if last >= 0 else 0
    return proposal


@njit(cache=True)
def _simulate(specs, lams, n_games, seed, starter_mode, n_dice, faces, quantities, face_indices, index_table, cumw,
              max_iterations, winner, starter_out, turns, final_bid, challenger_out):
    np.random.seed(seed)
    n_bids = quantities.size
    hands = np.zeros((2, faces), dtype=np.int64)
    opp = np.zeros(faces)
    weights = np.zeros(n_bids)
    believed = np.zeros(faces, dtype=np.int64)
    candidates = np.zeros(faces, dtype=np.int64)
    caps = np.zeros(2, dtype=np.int64)
    for g in range(n_games):
        if starter_mode == 0:
            starter = g % 2
        elif starter_mode == 1:
            starter = np.random.randint(0, 2)
        else:
            starter = starter_mode - 2
        for p in range(2):
            for f in range(faces):
                hands[p, f] = 0
            for _ in range(n_dice):
                hands[p, np.random.randint(0, faces)] += 1
        for p in range(2):
            if specs[p, 0] == 1:
                low_cap = ((specs[p, 1] - 1) & 2) != 0
                caps[p] = (4 if low_cap else 5) + np.random.randint(0, 2)
        last = -1
        current = starter
        bidder = -1
        n_turns = 0
        while True:
            n_turns += 1
            if specs[current, 0] == 0:
                action = _rg_decide(hands[current], last, specs[current, 2] == 1, lams[current],
                                    specs[current, 3] == 1, n_dice, faces, quantities, face_indices, cumw,
                                    opp, weights, max_iterations)
            else:
                action = _tp_decide(hands[current], last, specs[current, 1], caps[current],
                                    specs[current, 4] == 1, specs[current, 5] == 1, n_dice, faces,
                                    quantities, face_indices, index_table, believed, candidates,
                                    specs[current, 6] == 1, specs[current, 7])
            if action == n_bids:
                break
            last = action
            bidder = current
            current = 1 - current
        quantity = quantities[last]
        face = face_indices[last]
        if hands[0, face] + hands[1, face] >= quantity:
            loser = current
        else:
            loser = bidder
        winner[g] = 1 - loser
        starter_out[g] = starter
        turns[g] = n_turns
        final_bid[g] = last
        challenger_out[g] = current


@njit(cache=True)
def _decide_many(spec, lam, own, last, cap, n_calls, seed, n_dice, faces, quantities, face_indices, index_table, cumw,
                 max_iterations, out):
    np.random.seed(seed)
    n_bids = quantities.size
    opp = np.zeros(faces)
    weights = np.zeros(n_bids)
    believed = np.zeros(faces, dtype=np.int64)
    candidates = np.zeros(faces, dtype=np.int64)
    for i in range(n_calls):
        if spec[0] == 0:
            a = _rg_decide(own, last, spec[2] == 1, lam, spec[3] == 1, n_dice, faces, quantities, face_indices,
                           cumw, opp, weights, max_iterations)
        else:
            a = _tp_decide(own, last, spec[1], cap, spec[4] == 1, spec[5] == 1, n_dice, faces,
                           quantities, face_indices, index_table, believed, candidates, spec[6] == 1, spec[7])
        out[a] += 1


# ============================================================================ Python wrappers

def _check_config(config: LiarDiceConfig) -> None:
    if config.n_players != 2 or config.wild_ones or config.dice_loss or config.faces != 6:
        raise ValueError("the fast simulator covers 2 players, 6 faces, no wild ones, no dice loss; "
                         f"got {config}")


def _seed_from(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**32 - 1))


def simulate_match(agent_a, agent_b, n_games: int, rng: np.random.Generator, *, starters="alternate",
                   config: LiarDiceConfig = THESIS, max_iterations: int = 10_000) -> dict:
    """Play ``n_games`` between seat 0 (``agent_a``) and seat 1 (``agent_b``) in compiled code.

    ``starters``: ``"alternate"`` (game i opens with seat i mod 2), ``"random"``, 0 or 1.
    Returns arrays per game: ``winner`` (seat), ``starter``, ``turns`` (actions incl. the
    challenge), ``final_quantity``, ``final_face``, ``challenger``.
    """
    rng = generator(rng)
    n_games = check_int("n_games", n_games, 0, MAX_GAMES)
    max_iterations = check_int("max_iterations", max_iterations, 1)
    _check_config(config)
    if starters not in STARTERS:
        raise ValueError(f"starters must be one of {list(STARTERS)}, got {starters!r}")
    (spec_a, lam_a), (spec_b, lam_b) = agent_spec(agent_a), agent_spec(agent_b)
    specs = np.stack([spec_a, spec_b])
    lams = np.array([lam_a, lam_b])
    cumw = np.array(dice.cumulative_weights(config.dice_per_player, config.faces), dtype=float)
    out = {k: np.zeros(n_games, dtype=np.int64) for k in ("winner", "starter", "turns", "final_bid", "challenger")}
    ladder = config.ladder
    _simulate(specs, lams, n_games, _seed_from(rng), STARTERS[starters], config.dice_per_player, config.faces,
              ladder.quantities, ladder.face_indices, ladder.index_table, cumw, max_iterations, out["winner"],
              out["starter"], out["turns"], out["final_bid"], out["challenger"])
    final = out.pop("final_bid")
    out["final_quantity"] = ladder.quantities[final]
    out["final_face"] = ladder.face_indices[final] + 1
    return out


def decide_many(agent, own, last_bid, n_calls: int, rng: np.random.Generator, *, cap: int = 5,
                config: LiarDiceConfig = THESIS, max_iterations: int = 10_000) -> np.ndarray:
    """Counts of each action over ``n_calls`` independent decisions at one position.

    Index i < n_bids is the i-th bid of the ladder, index n_bids the challenge. ``cap`` is the
    test program's cap for this game.
    """
    rng = generator(rng)
    _check_config(config)
    spec, lam = agent_spec(agent)
    own = np.asarray(own, dtype=np.int64)
    ladder = config.ladder
    last = -1 if last_bid is None else ladder.index(last_bid)
    cumw = np.array(dice.cumulative_weights(config.dice_per_player, config.faces), dtype=float)
    out = np.zeros(config.n_bids + 1, dtype=np.int64)
    _decide_many(spec, lam, own, last, cap, check_int("n_calls", n_calls, 1), _seed_from(rng),
                 config.dice_per_player, config.faces, ladder.quantities, ladder.face_indices, ladder.index_table,
                 cumw, max_iterations, out)
    return out


def warm_up() -> None:
    """Compile (or load from the numba cache) before timing anything."""
    rng = np.random.default_rng(0)
    simulate_match(RandomGuessAgent(), TestProgram(1), 4, rng)
    decide_many(TestProgram(1), np.array([1, 1, 1, 1, 1, 0]), (2, 1), 2, rng)
