"""Matches of the random-guess player with and without the network: scheduled opponents, the
Python reference match and the compiled (numba) engine for the large runs.
"""
from __future__ import annotations

import time
from functools import lru_cache

import numpy as np
import pandas as pd
from numba import njit, objmode

from liarlab.core import dice
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int
from liarlab.liardice.agents import (
    RandomGuessAgent,
    TestProgram,
    rg_arbitrate,
    rg_candidate_weights,
    rg_face_totals,
    rg_held_total,
    rg_pick,
    rg_pick_held,
    rg_says_short,
)
from liarlab.liardice.bbn import COUNTS, DICE, FACES, MISSING, BayesNetBelief, refit_due, refit_points  # noqa: F401
from liarlab.liardice.bbn_counts import opening_challenge_tables, opening_lie_probability, response_tables
from liarlab.liardice.fast import _tp_decide  # the engine's compiled test programs
from liarlab.liardice.rules import THESIS, play_game

# ============================================================================ opponents for E10

class ScheduledOpponent:
    """A test program whose type follows a per-game schedule (drifting opponents, deceivers); ``program_options``
    go to every program (:class:`TestProgram`'s rule readings)."""

    needs_legal_actions = False   # test programs read the bid ladder, not the list

    def __init__(self, schedule, **program_options):
        self.schedule = [check_int("type", t, 1, 32) for t in schedule]
        self._programs = {t: TestProgram(t, **program_options) for t in set(self.schedule)}
        self._game = -1
        self.current = self._programs[self.schedule[0]]

    def new_game(self, player, starter, config=THESIS, rng=None) -> None:
        self._game += 1
        self.current = self._programs[self.schedule[self._game % len(self.schedule)]]
        self.current.new_game(player, starter, config, rng)

    def act(self, obs, legal_actions, rng):
        return self.current.act(obs, legal_actions, rng)

    def end_game(self, record, player, rng) -> None:
        self.current.end_game(record, player, rng)


def opposite_type(type_id: int) -> int:
    """All five traits flipped (type t <-> 33 - t)."""
    return 33 - check_int("type", type_id, 1, 32)


def drifting_schedule(n_games: int, block: int, rng: np.random.Generator) -> list[int]:
    """A new uniformly drawn test type every ``block`` games."""
    types = rng.integers(1, 33, size=-(-n_games // block))
    return [int(types[i // block]) for i in range(n_games)]


def deceiver_schedule(n_games: int, type_id: int) -> list[int]:
    """``type_id`` for the first half of the match, its opposite for the second half."""
    half = n_games // 2
    return [type_id] * half + [opposite_type(type_id)] * (n_games - half)


def make_opponent(spec, n_games: int, rng: np.random.Generator, program_options: dict | None = None):
    """Opponent from a picklable spec: ``("type", t)``, ``("random_guess",)``,
    ``("drifting", block)`` or ``("deceiver", t)``. ``program_options`` (:data:`PROGRAM_OPTIONS`) go to the test
    programs: the spec's readings of their cap (E12)."""
    kind = spec[0]
    options = _program_options(program_options)
    if kind == "type":
        return TestProgram(spec[1], **options)
    if kind == "random_guess":
        return RandomGuessAgent()
    if kind == "drifting":
        return ScheduledOpponent(drifting_schedule(n_games, spec[1], rng), **options)
    if kind == "deceiver":
        return ScheduledOpponent(deceiver_schedule(n_games, spec[1]), **options)
    raise ValueError(f"unknown opponent spec {spec!r}: use ('type', t), ('random_guess',), "
                     "('drifting', block) or ('deceiver', t)")


def opponent_label(spec) -> str:
    kind = spec[0]
    if kind == "type":
        return f"type{spec[1]}"
    if kind == "random_guess":
        return "random-guess"
    if kind == "drifting":
        return "drifting (new type each game)" if spec[1] == 1 else f"drifting (new type every {spec[1]} games)"
    return f"deceiver (type{spec[1]} -> type{opposite_type(spec[1])})"


# ============================================================================ the game's readings (E12)
#
# The spec's open points of the game itself, as switches of both engines' paired matches: who opens each game,
# whether random-guess retries candidates within a bid draw (``agent_options``, both of our players), and the
# test programs' cap rule (``program_options``). The defaults are the spec's readings.

#: Who opens each game: ``"alternate"`` (our player opens the even games, the thesis's matches) or ``"random"``.
OPENERS = ("alternate", "random")
#: The random-guess options the compiled engine plays (the reference agents take every RandomGuessAgent keyword).
FAST_AGENT_OPTIONS = ("retry_bid",)
#: The test programs' rule readings (TestProgram keywords), in both engines.
PROGRAM_OPTIONS = ("cap_rule", "cap_limits_bids", "cap_overrides", "opening_count")


def _program_options(options: dict | None) -> dict:
    options = dict(options or {})
    unknown = set(options) - set(PROGRAM_OPTIONS)
    if unknown:
        raise ValueError(f"unknown program options {sorted(unknown)}: use {list(PROGRAM_OPTIONS)}")
    return options


def match_openers(n_games: int, opener: str, rng: np.random.Generator) -> np.ndarray:
    """Whether our player opens each game. ``"alternate"``: game 0 and every even game (draws nothing from
    ``rng``, so the spec's matches keep their draws); ``"random"``: a fair coin per game from a seed drawn from
    ``rng`` after the match's own seeds. Both engines call it at the same point, so the same generator gives the
    same openers in both."""
    check_choice("opener", opener, OPENERS)
    if opener == "alternate":
        return np.arange(n_games) % 2 == 0
    return np.random.default_rng(int(rng.integers(0, 2**63))).random(n_games) < 0.5


def game_switches(agent_options: dict | None, program_options: dict | None) -> tuple[bool, bool, bool, bool, int]:
    """The compiled engine's game readings: (random-guess retries within a bid draw, the cap triggers only at x >
    cap, the cap also limits the program's own bids, the cap does not override "prefers bid", the programs'
    opening count (0: the lowest legal count))."""
    agent_options = dict(agent_options or {})
    unknown = set(agent_options) - set(FAST_AGENT_OPTIONS)
    if unknown:
        raise ValueError(f"the compiled engine plays only the agent options {list(FAST_AGENT_OPTIONS)}, got "
                         f"{sorted(unknown)}: use the reference engine (play_paired_match)")
    program = _program_options(program_options)
    cap_rule = check_choice("cap_rule", program.get("cap_rule", ">="), (">=", ">"))
    opening = program.get("opening_count")
    opening = 0 if opening is None else check_int("opening_count", opening, 1)
    return (bool(agent_options.get("retry_bid", False)), cap_rule == ">", bool(program.get("cap_limits_bids", False)),
            not program.get("cap_overrides", True), opening)


# ============================================================================ matches

def _play(agents_for, n_games: int, game_seeds, bbn_seat_starts) -> tuple[np.ndarray, float]:
    """Games with per-game generators; our player sits in seat 0; returns wins and seconds."""
    agents = agents_for()
    wins = np.zeros(n_games, dtype=np.int8)
    start, start_cpu = time.perf_counter(), time.process_time()
    for i in range(n_games):
        starter = 0 if bbn_seat_starts[i] else 1
        record = play_game(agents, np.random.default_rng(game_seeds[i]), THESIS, starter)
        wins[i] = record.winner == 0
    return wins, time.perf_counter() - start, time.process_time() - start_cpu


def play_paired_match(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                      record: bool = True, agent_options: dict | None = None, opener: str = "alternate",
                      program_options: dict | None = None, **belief_options) -> dict:
    """One match of the BBN player and (``baseline``) of the plain random-guess player.

    Both face a fresh opponent built from ``opponent_spec`` and see the same per-game dice and
    opponent caps (game i of both matches uses the same generator seed, starters alternate with
    our player opening game 0): common random numbers. ``agent_options`` go to both random-guess players
    (``{"guess": "real"}`` for X1/X3, ``{"retry_bid": True}``); ``opener`` (:func:`match_openers`) and
    ``program_options`` (the test programs' cap readings) are the game's readings. Returns DataFrames ``games``,
    ``observations`` and ``hands`` plus timing.
    """
    rng = generator(rng)
    n_games = check_int("n_games", n_games, 1)
    schedule_seed, belief_seed, games_seed = rng.integers(0, 2**63, size=3)
    game_seeds = np.random.SeedSequence(int(games_seed)).spawn(n_games)
    bbn_starts = match_openers(n_games, opener, rng)
    belief = BayesNetBelief(np.random.default_rng(int(belief_seed)), record=record, **belief_options)

    def opponent():
        return make_opponent(opponent_spec, n_games, np.random.default_rng(int(schedule_seed)), program_options)

    options = dict(agent_options or {})
    wins_bbn, seconds_bbn, cpu_bbn = _play(lambda: [RandomGuessAgent(belief=belief, **options), opponent()], n_games,
                                           game_seeds, bbn_starts)
    games = pd.DataFrame({"opponent": opponent_label(opponent_spec), "game": np.arange(n_games),
                          "bbn_starts": bbn_starts, "win_bbn": wins_bbn})
    seconds_plain = np.nan
    if baseline:
        wins_plain, seconds_plain, _ = _play(lambda: [RandomGuessAgent(**options), opponent()], n_games,
                                             game_seeds, bbn_starts)
        games["win_plain"] = wins_plain
    return {"games": games, "observations": pd.DataFrame(belief.observations),
            "hands": pd.DataFrame(belief.hand_checks),
            "timing": {"seconds_bbn": seconds_bbn, "cpu_seconds_bbn": cpu_bbn, "seconds_plain": seconds_plain,
                       "refits": belief.refits, "refit_seconds": belief.refit_seconds,
                       "refit_cpu_seconds": belief.refit_cpu_seconds}}




# ============================================================================ compiled play (fast path)
#
# The same player and opponent model in numba, for the large runs: the random-guess decision
# with H/L sampling, the gate and the verdict updates, and the training counts are compiled;
# the tables are recomputed between batches of ``refit_every`` games (one game with the default, the
# thesis's schedule; closed-form BDeu from the counts, equal to pgmpy's fit) inside the same compiled
# call (_nb_play_match, the counts fitter), or by BayesNetBelief.refit from Python (the reference loop,
# and pgmpy's fitter), and the compiled games read the posterior tables. The test programs are the engine's
# compiled ones (liarlab.liardice.fast._tp_decide). Game g reseeds numba's generator with
# game_seeds[g], so the BBN and the plain player see the same dice and opponent caps (CRN).
# Draws follow the reference agents' order but not their generator: the two paths agree in
# distribution (tests/liardice/test_bbn.py checks win rates), not game by game.


#: The random-guess bid weights (hands with at least r of a face), shared by every match: kernels only read it.
_CUMW = np.array(dice.cumulative_weights(DICE, FACES), dtype=float)
RG_OPPONENT = 0        # schedule entry 0 = plain random-guess opponent; 1..32 = test type


@njit(cache=True)
def _nb_fill_to(H, L, f, target):
    size = 0
    for i in range(FACES):
        size += H[i]
    cap = L[f] if L[f] >= 0 else DICE
    new = min(target, H[f] + DICE - size, cap)
    if new > H[f]:
        H[f] = new


@njit(cache=True)
def _nb_limit(H, L, f, at_most):
    new = max(at_most, H[f], 0)
    if L[f] < 0 or new < L[f]:
        L[f] = new


@njit(cache=True)
def _nb_sample_opponent(H, L, opp):
    """H plus uniform dice, rejection-sampled until within L (limits ignored if infeasible)."""
    size = 0
    limited = False
    for f in range(FACES):
        size += H[f]
        if L[f] >= 0:
            limited = True
    k = DICE - size
    feasible = True
    if limited:
        room = 0
        for f in range(FACES):
            room += min(k, (L[f] - H[f]) if L[f] >= 0 else k)
        feasible = room >= k
    while True:
        for f in range(FACES):
            opp[f] = H[f]
        for _ in range(k):
            opp[np.random.randint(0, FACES)] += 1
        if not (limited and feasible):
            return
        ok = True
        for f in range(FACES):
            if L[f] >= 0 and opp[f] > L[f]:
                ok = False
        if ok:
            return


@njit(cache=True)
def _nb_guess_range(H, L, f):
    size = 0
    for i in range(FACES):
        size += H[i]
    hi = DICE - (size - H[f])
    if L[f] >= 0:
        hi = min(hi, L[f])
    return H[f], max(hi, H[f])


@njit(cache=True)
def _nb_rg_decide(own, last, H, L, p_open, quantities, face_indices, cumw, opp, totals, weights, sampled_guess=False,
                  retry=False):
    """Random-guess decision (four-case loop, the shared rg_* kernel) with the belief's H, L and probability 4.

    Bid indices are ladder positions (``quantities``/``face_indices``); n_bids = challenge.
    ``p_open`` < 0: no opinion. ``sampled_guess``: on a face with an H or L entry the challenge guess is
    the face's count in a hand sampled from H and L (the reading ``challenge_guess="sampled"``).
    ``totals`` (faces x largest quantity + 1) is scratch for the per-decision weight table: the bid step is
    :func:`rg_candidate_weights` + :func:`rg_pick` (same weights, sums and pick; tests compare them) at the
    cost of a look-up per face and a pass that stops at the pick. ``retry`` (the reading ``retry_bid``): a candidate
    the keep check rejects leaves the draw and the next is drawn from the rest, as
    :meth:`RandomGuessAgent.decide_bid` does; ``weights`` (one per bid) is its scratch.
    """
    n_bids = quantities.size
    min_count = quantities[0]
    rg_face_totals(own, last + 1, quantities, face_indices, cumw, totals)
    for _ in range(10_000):
        challenge = False
        if last >= 0:
            quantity = quantities[last]
            face = face_indices[last]
            if sampled_guess and (H[face] > 0 or L[face] >= 0):
                _nb_sample_opponent(H, L, opp)
                guess = opp[face]
            else:
                lo, hi = _nb_guess_range(H, L, face)
                guess = np.random.randint(lo, hi + 1)
            challenge = rg_says_short(guess, own[face], quantity)
        _nb_sample_opponent(H, L, opp)
        total_w = rg_held_total(own, opp, totals)
        bid = -1
        if total_w > 0.0:
            pick = rg_pick_held(own, opp, last + 1, quantities, face_indices, cumw, total_w, np.random.random())
            weighed = False
            while True:
                q = quantities[pick]
                f = face_indices[pick]
                if last < 0 and p_open[0] >= 0.0:
                    keep = np.random.random() < p_open[q - min_count]
                else:
                    keep = rg_says_short(np.random.randint(0, DICE + 1), opp[f], q)
                if keep:
                    bid = pick
                    break
                if not retry:
                    break
                if not weighed:     # the pass that stopped at the pick wrote no weights: write them all once
                    total_w = rg_candidate_weights(own, opp, last + 1, quantities, face_indices, cumw, weights)
                    weighed = True
                total_w -= weights[pick]
                weights[pick] = 0.0
                if total_w <= 0.0:
                    break
                pick = rg_pick(weights, last + 1, n_bids, total_w, np.random.random())
        action = rg_arbitrate(challenge, bid, n_bids)
        if action >= 0:
            return action
    return 0 if last < 0 else n_bids


@njit(cache=True)
def _nb_says(p, sample):
    if sample:
        return np.random.random() < p
    return p > 0.5


@njit(cache=True)
def _nb_play(game_seeds, schedule, starts, use_bbn, fitted, p_supports, p_lie, p_open_lie, p_open_chal,
             response_counts, opening_lie_counts, opening_challenge_counts, decisions_at,
             sample_verdict, not_support_offset, fill_to_count, quantities, face_indices, index_table, cumw, wins,
             switches, rec_obs, rec_rows, rec_hands):
    """Play games i = 0..len(game_seeds)-1 with our player in seat 0; update the training counts.

    ``fitted`` = (response, opening lie, opening challenge) networks available. Bids are positions on
    the thesis ladder, given as its arrays (``THESIS.ladder``). ``switches`` = (H fills on, L limits on,
    gate open, sampled challenge guess, random-guess retries within a bid draw, cap triggers at x > cap, cap
    limits the program's own bids, a gate per update, the gates' n counted after the event, the cap does not override
    "prefers bid", the programs' opening count or 0, node D is 1 on every bid) as 0/1 (the opening count a count):
    the ablations, the guess reading, the game's readings (:func:`game_switches`; retry for both of our players, not
    for a random-guess opponent), the gate readings (spec open point 10) and node D's reading (open point 9: in the
    training samples and the verdicts alike). ``rec_obs`` (rows x 10)
    with a row counter ``rec_rows[0]`` and ``rec_hands`` (games x 5) record the E8 diagnostics when they have
    rows: per opponent bid [game, kind (0 opening, 1 response), count, n, adopted, P(B), P(C) or P(opening
    lie), lie, supports, -], and per game the imagined hand against the revealed one [game, H dice, H dice
    wrong, limits, limits wrong], as the reference belief records them.
    """
    recording = rec_obs.shape[0] > 0
    gate_open = switches[2] != 0
    sampled_guess = switches[3] != 0
    retry = switches[4] != 0
    cap_gt = switches[5] != 0
    cap_limits = switches[6] != 0
    gate_split = switches[7] != 0
    n_after = switches[8]           # 1: the gates' n counts the current event (0: before it, the spec's reading)
    cap_no_override = switches[9] != 0
    opening_count = switches[10]
    d_every_bid = switches[11] != 0
    n_bids = quantities.size
    hands = np.zeros((2, FACES), dtype=np.int64)
    H = np.zeros(FACES, dtype=np.int64)
    L = np.zeros(FACES, dtype=np.int64)
    opp = np.zeros(FACES, dtype=np.int64)
    totals = np.zeros((FACES, quantities.max() + 1))    # _nb_rg_decide's scratch
    weights = np.zeros(n_bids)                           # and its retry's
    believed = np.zeros(FACES, dtype=np.int64)
    candidates = np.zeros(FACES, dtype=np.int64)
    no_opinion = np.full(len(COUNTS), -1.0)
    plain_H = np.zeros(FACES, dtype=np.int64)
    plain_L = np.full(FACES, -1, dtype=np.int64)
    bids = np.zeros(64, dtype=np.int64)
    for g in range(len(game_seeds)):
        np.random.seed(game_seeds[g])
        for p in range(2):
            for f in range(FACES):
                hands[p, f] = 0
            for _ in range(DICE):
                hands[p, np.random.randint(0, FACES)] += 1
        opp_type = schedule[g]
        cap = 0
        if opp_type > 0:
            cap = (4 if ((opp_type - 1) & 2) != 0 else 5) + np.random.randint(0, 2)
        for f in range(FACES):
            H[f] = 0
            L[f] = -1
        p_open = no_opinion
        if use_bbn and starts[g] and fitted[2] and gate_open:
            n = opening_challenge_counts.sum() + n_after
            if np.random.random() < n / (n + 10.0):
                p_open = p_open_chal
        current = 0 if starts[g] else 1
        last = -1
        n_bidsmade = 0
        my_last = -1
        while True:
            if current == 0:
                if use_bbn:
                    action = _nb_rg_decide(hands[0], last, H, L, p_open, quantities, face_indices, cumw, opp,
                                           totals, weights, sampled_guess, retry)
                else:
                    action = _nb_rg_decide(hands[0], last, plain_H, plain_L, no_opinion, quantities, face_indices,
                                           cumw, opp, totals, weights, False, retry)
            elif opp_type == RG_OPPONENT:
                action = _nb_rg_decide(hands[1], last, plain_H, plain_L, no_opinion, quantities, face_indices, cumw,
                                       opp, totals, weights)
            else:
                action = _tp_decide(hands[1], last, opp_type, cap, cap_gt, cap_limits, DICE, FACES, quantities,
                                    face_indices, index_table, believed, candidates, cap_no_override, opening_count)
            if action == n_bids:
                break
            if current == 1 and use_bbn and gate_open:
                if recording:
                    r = rec_rows[0]
                    rec_obs[r, 0] = g
                    rec_obs[r, 1] = 0 if my_last < 0 else 1
                    if my_last < 0:
                        rec_obs[r, 2] = quantities[action]
                        rec_obs[r, 3] = opening_lie_counts.sum() + n_after
                        rec_obs[r, 5] = np.nan
                        rec_obs[r, 6] = p_open_lie if fitted[1] else np.nan
                        rec_obs[r, 8] = np.nan
                    else:
                        xm = quantities[my_last]
                        d = 1 if d_every_bid or face_indices[action] == face_indices[my_last] else 0
                        rec_obs[r, 2] = xm
                        rec_obs[r, 3] = decisions_at[xm - 2] + n_after
                        rec_obs[r, 5] = p_supports[xm - 2, d] if fitted[0] else np.nan
                        rec_obs[r, 6] = p_lie[xm - 2, d] if fitted[0] else np.nan
                        # truth filled in at the showdown: the opponent's hand is still hidden
                        rec_obs[r, 8] = (quantities[my_last] * 8 + face_indices[my_last]) * 1.0
                    rec_obs[r, 7] = quantities[action] * 8 + face_indices[action]
                adopted = _nb_observe(my_last, action, H, L, fitted, p_supports, p_lie, p_open_lie,
                                      opening_lie_counts, decisions_at, sample_verdict, not_support_offset,
                                      fill_to_count, quantities, face_indices, switches[0] != 0, switches[1] != 0,
                                      gate_split, n_after, d_every_bid)
                if recording:
                    rec_obs[rec_rows[0], 4] = 1.0 if adopted else 0.0
                    rec_rows[0] += 1
            if current == 0:
                my_last = action
            bids[n_bidsmade] = action
            n_bidsmade += 1
            last = action
            current = 1 - current
        quantity = quantities[last]
        face = face_indices[last]
        stands = hands[0, face] + hands[1, face] >= quantity
        # current is the challenger: they lose iff the bid stands
        wins[g] = (current == 1) == stands
        if use_bbn and recording:
            for r in range(rec_rows[0] - 1, -1, -1):
                if rec_obs[r, 0] != g:
                    break
                code = int(rec_obs[r, 7])
                rec_obs[r, 7] = 1.0 if hands[1, code % 8] <= code // 8 - 2 else 0.0
                if rec_obs[r, 1] == 1:
                    code = int(rec_obs[r, 8])
                    rec_obs[r, 8] = 1.0 if hands[1, code % 8] >= code // 8 - 2 else 0.0
            h_dice = 0
            h_wrong = 0
            n_lim = 0
            lim_wrong = 0
            for f in range(FACES):
                h_dice += H[f]
                h_wrong += max(H[f] - hands[1, f], 0)
                if L[f] >= 0:
                    n_lim += 1
                    if hands[1, f] > L[f]:
                        lim_wrong += 1
            rec_hands[g, 0] = g
            rec_hands[g, 1] = h_dice
            rec_hands[g, 2] = h_wrong
            rec_hands[g, 3] = n_lim
            rec_hands[g, 4] = lim_wrong
        if use_bbn:
            first_is_me = starts[g]
            _nb_train(hands[1], bids, n_bidsmade, first_is_me, current, response_counts, opening_lie_counts,
                      opening_challenge_counts, decisions_at, quantities, face_indices, d_every_bid)


@njit(cache=True)
def _nb_observe(my_last, action, H, L, fitted, p_supports, p_lie, p_open_lie, opening_lie_counts,
                decisions_at, sample_verdict, not_support_offset, fill_to_count, quantities, face_indices,
                h_updates=True, l_updates=True, gate_split=False, n_after=0, d_every_bid=False):
    """The gate and the verdict updates after an opponent bid (``action``) that answered ``my_last`` (-1: they
    opened). ``h_updates`` / ``l_updates`` False drop the fills of H / the limits in L (ablations). ``gate_split``:
    the support (B) and credibility (C) updates each draw their own gate; ``n_after`` (0 or 1) is added to the
    gate's n (1: n counts the current event); ``d_every_bid``: node D is 1 whatever face they bid (open point 9's
    other reading; False: D = 1 iff they keep our face)."""
    x2 = quantities[action]
    y2 = face_indices[action]
    if my_last < 0:
        n = opening_lie_counts.sum() + n_after
        if fitted[1] and n > 0 and np.random.random() < n / (n + 10.0):
            if not _nb_says(p_open_lie, sample_verdict):
                if h_updates:
                    _nb_fill_to(H, L, y2, H[y2] + 1 if not fill_to_count else x2 - 1)
            elif l_updates:
                _nb_limit(H, L, y2, x2 - 2)
            return True
        return False
    x = quantities[my_last]
    y = face_indices[my_last]
    n = decisions_at[x - 2] + n_after
    if gate_split:
        if not (fitted[0] and n > 0):
            return False
        gate_b = np.random.random() < n / (n + 10.0)
        gate_c = np.random.random() < n / (n + 10.0)
        d = 1 if d_every_bid or y2 == y else 0
        if gate_b:
            if _nb_says(p_supports[x - 2, d], sample_verdict):
                if h_updates:
                    _nb_fill_to(H, L, y, x - 2)
            elif l_updates:
                _nb_limit(H, L, y, x - not_support_offset)
        if gate_c:
            if not _nb_says(p_lie[x - 2, d], sample_verdict):
                if h_updates:
                    _nb_fill_to(H, L, y2, x2 - 1)
            elif l_updates:
                _nb_limit(H, L, y2, x2 - 2)
        return gate_b or gate_c
    if not (fitted[0] and n > 0 and np.random.random() < n / (n + 10.0)):
        return False
    d = 1 if d_every_bid or y2 == y else 0
    supports = _nb_says(p_supports[x - 2, d], sample_verdict)
    credible = not _nb_says(p_lie[x - 2, d], sample_verdict)
    if supports:
        if h_updates:
            _nb_fill_to(H, L, y, x - 2)
    elif l_updates:
        _nb_limit(H, L, y, x - not_support_offset)
    if credible:
        if h_updates:
            _nb_fill_to(H, L, y2, x2 - 1)
    elif l_updates:
        _nb_limit(H, L, y2, x2 - 2)
    return True


@njit(cache=True)
def _nb_train(opp_hand, bids, n_bids_made, first_is_me, challenger, response_counts, opening_lie_counts,
              opening_challenge_counts, decisions_at, quantities, face_indices, d_every_bid=False):
    """Spec §4.6 samples; bids alternate seats starting with the opener. ``d_every_bid``: node D is 1 on every
    answering bid (open point 9's other reading), not only on one that keeps our face."""
    x0 = quantities[bids[0]]
    y0 = face_indices[bids[0]]
    if first_is_me:
        challenged = n_bids_made == 1 and challenger == 1
        opening_challenge_counts[x0 - 2, 1 if challenged else 0] += 1
    else:
        opening_lie_counts[1 if opp_hand[y0] <= x0 - 2 else 0] += 1
    for i in range(n_bids_made):
        mine = (i % 2 == 0) == first_is_me
        if not mine:
            continue
        x = quantities[bids[i]]
        y = face_indices[bids[i]]
        b = 1 if opp_hand[y] >= x - 2 else 0
        if i + 1 < n_bids_made:
            x2 = quantities[bids[i + 1]]
            y2 = face_indices[bids[i + 1]]
            c = 1 if opp_hand[y2] <= x2 - 2 else 0
            d = 1 if d_every_bid or y2 == y else 0
            response_counts[x - 2, b, c, d, 0] += 1
        else:
            response_counts[x - 2, b, MISSING, MISSING, 1] += 1
        decisions_at[x - 2] += 1


@njit(cache=True)
def _nb_refit(response_counts, opening_lie_counts, opening_challenge_counts, ess, b_depends_on_a, laplace,
              use_opening_probability, has_tables, fitted, p_supports, p_lie, p_open_lie, p_open_chal,
              thesis_normaliser=False):
    """:meth:`BayesNetBelief.refit` with ``fitter="counts"`` inside the compiled match: the closed-form tables of
    :func:`liarlab.liardice.bbn_counts.closed_form_tables` (the same compiled kernels on the same counts), kept
    only for a network with samples; ``has_tables`` (the belief's tables are not None), ``fitted`` (the tables the
    play reads) and the tables are updated in place."""
    # The kernels read the integer counts as they are (whole numbers far below 2**53: every sum and quotient is
    # the one of the counts as floats) and write straight into the tables of a network with samples: a refit
    # allocates nothing, which is most of its cost when it runs after every game.
    if response_counts.sum() > 0:        # counts are non-negative: any() is sum() > 0
        response_tables(response_counts, ess, b_depends_on_a, p_supports, p_lie, laplace, thesis_normaliser)
        has_tables[0] = True
        fitted[0] = True
    if opening_lie_counts.sum() > 0:
        p_open_lie[0] = opening_lie_probability(opening_lie_counts, ess, laplace)
        has_tables[1] = True
        fitted[1] = True
    if opening_challenge_counts.sum() > 0:
        opening_challenge_tables(opening_challenge_counts, ess, p_open_chal, laplace)
        has_tables[2] = True
        fitted[2] = use_opening_probability


@njit(cache=True)
def _nb_play_match(game_seeds, schedule, starts, batch_ends, refit_after, has_tables, fitted, p_supports, p_lie, p_open_lie,
                   p_open_chal, response_counts, opening_lie_counts, opening_challenge_counts, decisions_at, ess,
                   b_depends_on_a, laplace, use_opening_probability, sample_verdict, not_support_offset,
                   fill_to_count, quantities, face_indices, index_table, cumw, wins, switches, rec_obs, rec_rows,
                   rec_hands, refit_clock, time_refits, thesis_normaliser=False):
    """The network player's whole match in one compiled call: the batches of :func:`_nb_play` between refits
    (``batch_ends``; refit after batch k when ``refit_after[k]``) with the closed-form refit (:func:`_nb_refit`)
    between them, exactly as the reference loop of :func:`play_paired_match_fast` (``compiled_refits=False``)
    plays them from Python, which costs a call per game on the thesis's schedule. Each batch records into the
    rows after the previous batch's, with game numbers local to the batch and shifted afterwards, as the
    reference loop does. With ``time_refits``, ``refit_clock`` accumulates the refits' [wall, CPU] seconds (read
    from Python, some microseconds a refit); returns the refits."""
    refits = 0
    lo = 0
    for k in range(batch_ends.size):
        hi = batch_ends[k]
        row0 = rec_rows[0]
        batch_rows = np.zeros(1, dtype=np.int64)
        _nb_play(game_seeds[lo:hi], schedule[lo:hi], starts[lo:hi], True, fitted, p_supports, p_lie, p_open_lie[0],
                 p_open_chal, response_counts, opening_lie_counts, opening_challenge_counts, decisions_at,
                 sample_verdict, not_support_offset, fill_to_count, quantities, face_indices, index_table, cumw,
                 wins[lo:hi], switches, rec_obs[row0:], batch_rows, rec_hands[lo:hi])
        for r in range(row0, row0 + batch_rows[0]):
            rec_obs[r, 0] += lo
        if rec_hands.shape[0]:
            for g in range(lo, hi):
                rec_hands[g, 0] += lo
        rec_rows[0] = row0 + batch_rows[0]
        if refit_after[k]:
            wall = cpu = 0.0
            if time_refits:
                with objmode(wall='float64', cpu='float64'):
                    wall = time.perf_counter()
                    cpu = time.process_time()
            _nb_refit(response_counts, opening_lie_counts, opening_challenge_counts, ess, b_depends_on_a, laplace,
                      use_opening_probability, has_tables, fitted, p_supports, p_lie, p_open_lie, p_open_chal,
                      thesis_normaliser)
            if time_refits:
                with objmode(wall_end='float64', cpu_end='float64'):
                    wall_end = time.perf_counter()
                    cpu_end = time.process_time()
                refit_clock[0] += wall_end - wall
                refit_clock[1] += cpu_end - cpu
            refits += 1
        lo = hi
    return refits


@lru_cache(maxsize=64)
def _refit_batches(n_games: int, refit_every: int, doubling: bool) -> tuple:
    """Game ranges between refits, on the same schedule as the Python path (cached: every match of a run asks
    for the same few schedules, and the thesis's has a batch per game)."""
    edges = [0] + refit_points(n_games, refit_every, doubling)
    if edges[-1] < n_games:
        edges.append(n_games)
    return tuple(zip(edges[:-1], edges[1:]))


@lru_cache(maxsize=64)
def _compiled_batches(n_games: int, refit_every: int, doubling: bool, games: int, games_at_refit: int) -> tuple:
    """For a belief that has played ``games`` games and last refitted after ``games_at_refit``: the batch ends, the
    refit-after-batch flags of :func:`_refit_batches`'s batches, and the games at the last refit afterwards, as
    the reference loop decides them. Cached (a pure function of its arguments): the arrays are shared, not to be
    written."""
    batch_ends, refit_after = [], []
    for _, hi in _refit_batches(n_games, refit_every, doubling):
        due = refit_due(games + hi, games_at_refit, refit_every, doubling)
        games_at_refit = games + hi if due else games_at_refit
        batch_ends.append(hi)
        refit_after.append(due)
    batch_ends, refit_after = np.array(batch_ends, dtype=np.int64), np.array(refit_after, dtype=np.bool_)
    return batch_ends, refit_after, games_at_refit


def opponent_schedule(spec, n_games: int, rng: np.random.Generator) -> np.ndarray:
    """Per-game opponent for the compiled path: 0 = plain random-guess, 1..32 = test type."""
    kind = spec[0]
    if kind == "type":
        return np.full(n_games, check_int("type", spec[1], 1, 32), dtype=np.int64)
    if kind == "random_guess":
        return np.zeros(n_games, dtype=np.int64)
    if kind == "drifting":
        return np.array(drifting_schedule(n_games, spec[1], rng), dtype=np.int64)
    if kind == "deceiver":
        return np.array(deceiver_schedule(n_games, spec[1]), dtype=np.int64)
    raise ValueError(f"unknown opponent spec {spec!r}")


def _paired_match_fast(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                       record: bool = False, compiled_refits: bool = True, time_refits: bool = False,
                       opener: str = "alternate", agent_options: dict | None = None,
                       program_options: dict | None = None, **belief_options) -> tuple:
    """:func:`play_paired_match_fast`'s games as arrays: (network wins, plain wins or None, whether the network
    opened each game, records, timing)."""
    rng = generator(rng)
    n_games = check_int("n_games", n_games, 1)
    record = bool(record)
    game = game_switches(agent_options, program_options)
    obs_parts, hand_parts = [], []
    schedule_seed, belief_seed, games_seed = rng.integers(0, 2**63, size=3)
    schedule = opponent_schedule(opponent_spec, n_games, np.random.default_rng(int(schedule_seed)))
    game_seeds = np.random.default_rng(int(games_seed)).integers(0, 2**32 - 1, size=n_games).astype(np.int64)
    starts = match_openers(n_games, opener, rng)
    belief = BayesNetBelief(np.random.default_rng(int(belief_seed)), **belief_options)
    cumw = _CUMW
    ladder = THESIS.ladder
    sample_verdict = belief.verdict == "sample"
    fill_to_count = belief.opening_fill == "to_count"
    switches = np.array([belief.h_updates, belief.l_updates, belief.gate == "thesis",
                         belief.challenge_guess == "sampled", *game[:3], belief.gate_draws == "per_update",
                         belief.gate_count == "after", *game[3:], belief.node_d == "every_bid"], dtype=np.int64)

    def play(use_bbn, lo, hi, wins):
        rows = 64 * (hi - lo) if (record and use_bbn) else 0
        rec_obs = np.zeros((rows, 10))
        rec_rows = np.zeros(1, dtype=np.int64)
        rec_hands = np.zeros((hi - lo if rows else 0, 5))
        fitted = np.array([belief.p_supports is not None, belief.p_opening_lie is not None,
                           belief.p_opening_challenged is not None and belief.use_opening_probability])
        p_sup = belief.p_supports if fitted[0] else np.zeros((len(COUNTS), 2))
        p_lie = belief.p_lie if fitted[0] else np.zeros((len(COUNTS), 2))
        p_chal = belief.p_opening_challenged if fitted[2] else np.zeros(len(COUNTS))
        p_open_lie = belief.p_opening_lie if fitted[1] else 0.0
        _nb_play(game_seeds[lo:hi], schedule[lo:hi], starts[lo:hi], use_bbn, fitted,
                 np.ascontiguousarray(p_sup, dtype=float), np.ascontiguousarray(p_lie, dtype=float),
                 float(p_open_lie), np.ascontiguousarray(p_chal, dtype=float),
                 belief.response_counts, belief.opening_lie_counts, belief.opening_challenge_counts,
                 belief.decisions_at, sample_verdict, belief.not_support_offset, fill_to_count,
                 ladder.quantities, ladder.face_indices, ladder.index_table, cumw, wins[lo:hi], switches,
                 rec_obs, rec_rows, rec_hands)
        if rows:
            o = rec_obs[:rec_rows[0]].copy()
            o[:, 0] += lo
            obs_parts.append(o)
            h = rec_hands.copy()
            h[:, 0] += lo
            hand_parts.append(h)

    wins_bbn = np.zeros(n_games, dtype=np.int8)
    start, start_cpu = time.perf_counter(), time.process_time()
    if compiled_refits and belief.fitter == "counts":
        _play_match_compiled(belief, game_seeds, schedule, starts, wins_bbn, switches, cumw, record, obs_parts,
                             hand_parts, time_refits)
    else:
        for lo, hi in _refit_batches(n_games, belief.refit_every, belief.refit_doubling):
            play(True, lo, hi, wins_bbn)
            belief.games += hi - lo
            if refit_due(belief.games, belief._games_at_refit, belief.refit_every, belief.refit_doubling):
                belief.refit()
    seconds_bbn, cpu_bbn = time.perf_counter() - start, time.process_time() - start_cpu
    wins_plain, seconds_plain = None, np.nan
    if baseline:
        wins_plain = np.zeros(n_games, dtype=np.int8)
        start = time.perf_counter()
        play(False, 0, n_games, wins_plain)
        seconds_plain = time.perf_counter() - start
    timing = {"seconds_bbn": seconds_bbn, "cpu_seconds_bbn": cpu_bbn, "seconds_plain": seconds_plain,
              "refits": belief.refits, "refit_seconds": belief.refit_seconds,
              "refit_cpu_seconds": belief.refit_cpu_seconds}
    return wins_bbn, wins_plain, starts, (obs_parts, hand_parts), timing


def play_paired_match_fast(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                           record: bool = False, compiled_refits: bool = True, time_refits: bool = False,
                           opener: str = "alternate", agent_options: dict | None = None,
                           program_options: dict | None = None, **belief_options) -> dict:
    """:func:`play_paired_match` with compiled games (same outputs; ``record=True`` keeps the E8 records of the
    network player in the reference belief's layout).

    ``compiled_refits``: with the closed-form fitter (``fitter="counts"``, default) the whole match, refits
    included, runs in one compiled call (:func:`_nb_play_match`); False (and ``fitter="pgmpy"``) plays the batches
    from Python and refits through :meth:`BayesNetBelief.refit`, the reference loop. Both give the same games,
    records and refits (tests/liardice/test_bbn.py checks them equal). The compiled loop times its refits
    only with ``time_refits`` (reading the clocks from compiled code costs about a third of a match on the thesis's
    schedule); otherwise the timing's refit seconds are NaN. The game's readings ``opener``, ``agent_options``
    (``retry_bid`` only: :data:`FAST_AGENT_OPTIONS`) and ``program_options`` are :func:`play_paired_match`'s."""
    wins_bbn, wins_plain, starts, (obs_parts, hand_parts), timing = _paired_match_fast(
        opponent_spec, n_games, rng, baseline=baseline, record=record, compiled_refits=compiled_refits,
        time_refits=time_refits, opener=opener, agent_options=agent_options, program_options=program_options,
        **belief_options)
    games = pd.DataFrame({"opponent": opponent_label(opponent_spec), "game": np.arange(len(wins_bbn)),
                          "bbn_starts": starts, "win_bbn": wins_bbn})
    if wins_plain is not None:
        games["win_plain"] = wins_plain
    observations, hands = (_records_frames(obs_parts, hand_parts) if record else (pd.DataFrame(), pd.DataFrame()))
    return {"games": games, "observations": observations, "hands": hands, "timing": timing}


def paired_match_wins_fast(opponent_spec, n_games: int, rng: np.random.Generator, *, baseline: bool = True,
                           **belief_options) -> tuple[np.ndarray, np.ndarray | None]:
    """The per-game wins of :func:`play_paired_match_fast` (network, then plain or None without ``baseline``)
    without its frames, for runs that replay many matches and keep only who won (E12's readings)."""
    wins_bbn, wins_plain, _, _, _ = _paired_match_fast(opponent_spec, n_games, rng, baseline=baseline, **belief_options)
    return wins_bbn, wins_plain


def _play_match_compiled(belief: BayesNetBelief, game_seeds, schedule, starts, wins, switches, cumw, record: bool,
                         obs_parts: list, hand_parts: list, time_refits: bool) -> None:
    """The network player's games of :func:`play_paired_match_fast` in one call of :func:`_nb_play_match`, on the
    reference loop's batches and refit decisions; leaves ``belief`` (counts, tables, games, refits and their
    seconds, NaN unless ``time_refits``) as the reference loop does and appends the records to ``obs_parts`` / ``hand_parts``."""
    n_games = len(game_seeds)
    batch_ends, refit_after, games_at_refit = _compiled_batches(n_games, belief.refit_every, belief.refit_doubling,
                                                                belief.games, belief._games_at_refit)
    has_tables = np.array([belief.p_supports is not None, belief.p_opening_lie is not None,
                           belief.p_opening_challenged is not None])
    fitted = np.array([has_tables[0], has_tables[1], has_tables[2] and belief.use_opening_probability])
    p_sup = np.array(belief.p_supports if fitted[0] else np.zeros((len(COUNTS), 2)), dtype=float)
    p_lie = np.array(belief.p_lie if fitted[0] else np.zeros((len(COUNTS), 2)), dtype=float)
    p_chal = np.array(belief.p_opening_challenged if belief.p_opening_challenged is not None
                      else np.zeros(len(COUNTS)), dtype=float)
    p_open_lie = np.array([belief.p_opening_lie if fitted[1] else 0.0], dtype=float)
    rec_obs = np.zeros((64 * n_games if record else 0, 10))
    rec_rows = np.zeros(1, dtype=np.int64)
    rec_hands = np.zeros((n_games if record else 0, 5))
    clock = np.zeros(2)
    ladder = THESIS.ladder
    refits = _nb_play_match(game_seeds, schedule, starts, batch_ends, refit_after, has_tables, fitted, p_sup, p_lie, p_open_lie, p_chal,
                            belief.response_counts, belief.opening_lie_counts, belief.opening_challenge_counts,
                            belief.decisions_at, belief.ess, belief.b_depends_on_a, belief.laplace,
                            belief.use_opening_probability, belief.verdict == "sample", belief.not_support_offset,
                            belief.opening_fill == "to_count", ladder.quantities, ladder.face_indices,
                            ladder.index_table, cumw, wins, switches, rec_obs, rec_rows, rec_hands, clock,
                            time_refits, belief.normaliser == "thesis")
    belief.games += n_games
    belief._games_at_refit = games_at_refit
    belief.refits += refits
    belief.refit_seconds += clock[0] if time_refits else np.nan
    belief.refit_cpu_seconds += clock[1] if time_refits else np.nan
    if has_tables[0]:
        belief.p_supports, belief.p_lie = p_sup, p_lie
    if has_tables[1]:
        belief.p_opening_lie = float(p_open_lie[0])
    if has_tables[2]:
        belief.p_opening_challenged = p_chal
    if record:
        obs_parts.append(rec_obs[:rec_rows[0]].copy())
        hand_parts.append(rec_hands)


def _records_frames(obs_parts, hand_parts) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The compiled records in the reference belief's layout (``BayesNetBelief.observations`` / ``hand_checks``)."""
    o = np.concatenate(obs_parts) if obs_parts else np.zeros((0, 10))
    n = o[:, 3]
    observations = pd.DataFrame({
        "game": o[:, 0].astype(np.int64), "kind": np.where(o[:, 1] == 0, "opening", "response"),
        "count": o[:, 2].astype(np.int64), "n": n.astype(np.int64), "gate": n / (n + 10.0),
        "adopted": o[:, 4] == 1, "p_supports": o[:, 5], "p_lie": o[:, 6], "lie": o[:, 7] == 1,
        "supports": o[:, 8]})
    h = np.concatenate(hand_parts) if hand_parts else np.zeros((0, 5))
    hands = pd.DataFrame({"game": h[:, 0].astype(np.int64), "h_dice": h[:, 1].astype(np.int64),
                          "h_dice_wrong": h[:, 2].astype(np.int64), "n_limits": h[:, 3].astype(np.int64),
                          "n_limits_wrong": h[:, 4].astype(np.int64)})
    return observations, hands


def warm_up() -> None:
    """Compile (or load from the numba cache) the fast path before timing anything."""
    play_paired_match_fast(("type", 1), 3, np.random.default_rng(0), refit_every=1)


# ============================================================================ E12 (network readings)

