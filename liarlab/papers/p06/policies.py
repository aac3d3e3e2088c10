"""Papers 01 and 02's Liar Dice players read as exact behaviour strategies of the end game (issue 41).

The end game (:class:`liarlab.bluff.endgame.EndGame`, convention ``"normal"``) is papers 01 and 02's game made
small: one round, two players, six-sided dice, no wild face, a bid beaten by a higher count or the same count of a
higher face, and the winner of the call wins. Its bids are numbered 1..n in that order (bid k is
``game.bids[k - 1]``); an action is 0 (call) or k (bid k).

Every player here decides from its own dice and the standing bid alone, so it is a *per-turn* policy:
``policy(own, prev) -> {action: Fraction}``, with ``own`` the counts per face (index 0 = face 1) and ``prev`` the
standing bid's number (0 at the opening). The distributions are exact: each random draw of a player's rule is
enumerated with its probability. A player that draws something once per game (a test program's cap) is a
mixture of per-turn policies, given by :func:`components` as ``[(weight, policy)]``; its realization plan is the
weighted sum of theirs (plans are linear in a mixture).

How each player reads a hand smaller than its five dice (:data:`READINGS`, one sentence each) is stated there;
every rule is otherwise the paper's as :mod:`liarlab.liardice.agents` and :mod:`liarlab.liardice.exp_agents`
implement it, and the EXP rules are called from there unchanged.
"""
from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import numpy as np

from liarlab.bluff.endgame import EndGame
from liarlab.bluff.qlearner import hand_counts
from liarlab.core import dice
from liarlab.core.validation import check_int
from liarlab.liardice.agents import traits_of
from liarlab.liardice.exp_agents import RAND_AREA, exp0_action, exp_action
from liarlab.liardice.rules import CHALLENGE

#: the columns of the notebook's tables that name a player
PLAYER_COLUMNS = ("agent", "opponent", "least exploitable player", "most exploitable player")


def player_label(name) -> str:
    """A player's name as the page says it (issue 50: "type1", "bayes-net", "RL0 s0" read as code): "test program
    1", "network player", "RL0 (seed 0)", "random guess"; the data keep the short names."""
    name = str(name)
    if ", " in name:  # players tied at a ranking's end (experiments.tied)
        return ", ".join(player_label(n) for n in name.split(", "))
    if name == "random-guess":
        return "random guess"
    if name == "bayes-net":
        return "network player"
    if (m := re.fullmatch(r"type(\d+)", name)):
        return f"test program {m.group(1)}"
    if (m := re.fullmatch(r"(RL\d) s(\d+)", name)):
        return f"{m.group(1)} (seed {m.group(2)})"
    return name


def labelled(frame):
    """A table as the page shows it: every player named by :func:`player_label`, its column "agent" called
    "player", the league's and the baseline's short column names in words ("se", "ci_low")."""
    out = frame.copy()
    for col in PLAYER_COLUMNS:
        if col in out.columns:
            out[col] = out[col].map(player_label)
    return out.rename(columns={"agent": "player", "low": "95% low", "high": "95% high", "se": "standard error",
                               "bot_wins": "bot's wins", "bot_win_rate": "bot's win rate", "ci_low": "95% low",
                               "ci_high": "95% high", "bot_first_wins": "bot's wins as first mover",
                               "seconds_per_move": "seconds a move"})

__all__ = ["READINGS", "player_label", "labelled", "agent_names", "components", "hand_counts", "random_guess_policy", "test_program_policy",
           "exp_policy", "exprand_policy", "rand_policy", "always_call", "raise_by_one", "describe"]

CALL = 0
HALF = Fraction(1, 2)
#: the EXP rules' margin: the number of players (two), as paper 02's two-player code has it
EXP_MARGIN = 2

#: how each player reads a hand smaller than the five dice its rules assume (one sentence each)
READINGS = {
    "random-guess": "It imagines the opponent's hand with the opponent's true number of dice, guesses the opponent's "
                    "count of a face uniformly from 0 to that number (and the opponent's guess of its own count from 0 "
                    "to its own number of dice), and weights a bid by the opponent hands that supply the dice it lacks.",
    "test program": "It reads the table as holding the two hands' dice (the opponent's believed count is capped by the "
                    "opponent's dice), opens at the end game's lowest count (1) and keeps the thesis's cap of 4-6 dice, "
                    "which can then fire only when four dice are on the table.",
    "EXP": "It reads its own counts as they are and keeps the two-player margin (challenge when its count plus one "
           "is below the bid's), over the end game's bids in the paper's order.",
    "RAND and EXPRAND": "RAND reads nothing of its hand (uniform over the legal actions, the end game's bids in the "
                        "paper's order and the challenge); EXPRAND is EXP0-EXP3 drawn afresh at every decision with "
                        "paper 02's chances and reads its hand as they do.",
    "Q-learner (RL0-RL3)": "It reads no smaller hand: it is retrained in each end game by paper 02's procedure "
                           "(one stage of games against its EXP rule, its length below, seats alternating, one table "
                           "for both seats), its key paper 02's partial hand (the standing bid, then the bid it makes with "
                           "its own count of that bid's face, 0 up to its own dice); it is evaluated greedy (no "
                           "exploration, ties to the last action), one row per training seed.",
    "Bayesian network": "None, so it is not played in the end games: its networks' nodes are the counts 2 to 10 of "
                        "two five-dice hands and its imagined opponent hand holds five dice; untrained it is the "
                        "random-guess player draw for draw, and trained its play depends on the game's history and "
                        "on a training schedule, no per-turn rule to tabulate. It plays in the five-dice league.",
}


def agent_names(test_types=range(1, 33)) -> list[str]:
    """The players of this study: paper 01's random guess and test programs ``type1``..``type32`` (those in
    ``test_types``), and paper 02's EXP0-EXP3, EXPRAND and RAND."""
    return ["random-guess"] + [f"type{int(t)}" for t in test_types] + [f"EXP{k}" for k in range(4)] + ["EXPRAND",
                                                                                                        "RAND"]


def describe(name: str) -> str:
    """Which paper a player comes from and its rule in a few words (a retrained Q-learner: ``"RLk sS"``, learner k,
    training seed S)."""
    if name.startswith("RL"):
        learner, _, seed = name.partition(" s")
        return (f"paper 02: {learner} (Q-learner retrained in the end game against EXP{learner[2:]})"
                + (f", seed {seed}" if seed else ""))
    if name == "random-guess":
        return "paper 01: random guess"
    if name.startswith("type"):
        return f"paper 01: test program {name[4:]} ({traits_of(int(name[4:])).label()})"
    return {"EXPRAND": "paper 02: EXPRAND (one of EXP0-EXP3 drawn at every decision)",
            "RAND": "paper 02: RAND (uniform over the legal actions)",
            "EXP0": "paper 02: EXP0 (random among the next bids)", "EXP1": "paper 02: EXP1 (smallest honest bid)",
            "EXP2": "paper 02: EXP2 (opens with its largest honest bid)",
            "EXP3": "paper 02: EXP3 (opens one above its largest honest bid)"}[name]


class Seat:
    """One player's seat in an end game: its dice, the opponent's, and the bid ladder."""

    def __init__(self, game: EndGame, player: int):
        if game.convention != "normal":
            raise ValueError(f"papers 01 and 02 play without wild faces: convention 'normal', got {game.convention!r}")
        self.game = game
        self.player = check_int("player", player, 0, 1)
        self.own_dice = game.dice[player]
        self.opp_dice = game.dice[1 - player]
        self.faces = game.faces
        self.bids = list(game.bids)
        self.n = len(self.bids)
        self.max_count = self.own_dice + self.opp_dice
        self.number = {bid: k for k, bid in enumerate(self.bids, start=1)}

    def standing(self, prev: int):
        """The standing bid (quantity, face), or None at the opening."""
        return self.bids[prev - 1] if prev else None


# --------------------------------------------------------------------------- paper 01: random guess

def random_guess_policy(seat: Seat):
    """The random-guess player's exact action distribution (:mod:`liarlab.liardice.agents`, ``RandomGuessAgent``
    with the uniform belief): each turn it draws a challenge verdict and a bid and acts only when exactly one says
    go, so P(call) = p_c (1 - p_b) / [p_c (1 - p_b) + (1 - p_c) p_b] and bids keep the shape of q_b, the chance that
    one bid draw returns bid b (a bid true on a sampled opponent hand, drawn with weight "opponent hands that supply
    the dice we lack", kept if the opponent would, we guess, challenge it). Read with :data:`READINGS`."""
    a, b, faces = seat.own_dice, seat.opp_dice, seat.faces
    cum = dice.cumulative_weights(b, faces)                   # opponent hands with >= r of a face, r = 0..b
    sampled = [(hand_counts(tuple(h), faces), p) for h, p in dice.dice_multisets(b, faces)]
    quantities = [q for q, _ in seat.bids]
    faces_of = [f for _, f in seat.bids]

    def policy(own, prev: int) -> dict:
        own = np.asarray(own)
        q_bid = [Fraction(0)] * (seat.n + 1)
        for opp, p in sampled:
            weights = {k: cum[max(quantities[k - 1] - int(own[faces_of[k - 1] - 1]), 0)]
                       for k in range(prev + 1, seat.n + 1)
                       if own[faces_of[k - 1] - 1] + opp[faces_of[k - 1] - 1] >= quantities[k - 1]}
            total = sum(weights.values())
            for k, w in weights.items():
                # kept when the opponent's guess h (uniform on 0..a) plus its count falls short of the quantity
                short = min(max(quantities[k - 1] - int(opp[faces_of[k - 1] - 1]), 0), a + 1)
                q_bid[k] += p * Fraction(w, total) * Fraction(short, a + 1)
        p_bid = sum(q_bid)
        if prev:
            q, f = seat.standing(prev)
            p_call = Fraction(min(max(q - int(own[f - 1]), 0), b + 1), b + 1)
        else:
            p_call = Fraction(0)
        norm = p_call * (1 - p_bid) + (1 - p_call) * p_bid
        if norm == 0:   # neither can ever go alone: the loop-safety fallback (lowest bid, or call)
            return {1: Fraction(1)} if prev == 0 else {CALL: Fraction(1)}
        out = {k: (1 - p_call) * q_bid[k] / norm for k in range(prev + 1, seat.n + 1) if q_bid[k]}
        if p_call * (1 - p_bid):
            out[CALL] = p_call * (1 - p_bid) / norm
        return out

    return policy


# --------------------------------------------------------------------------- paper 01: the test programs

def _face_choices(traits, own: np.ndarray, believed: np.ndarray) -> dict:
    """P(face) of a test program's face choice: the most-held (believed) faces with probability 0.7 (honest) or
    0.3 (liar), else a face absent from its own hand (the least-held if none is absent); ties uniform."""
    honest = Fraction(3, 10) if traits.liar else Fraction(7, 10)
    out = defaultdict(Fraction)
    best = np.flatnonzero(believed == believed.max())
    absent = np.flatnonzero(own == 0)
    if absent.size == 0:
        absent = np.flatnonzero(own == own.min())
    for faces, weight in ((best, honest), (absent, 1 - honest)):
        for f in faces:
            out[int(f) + 1] += weight / len(faces)
    return out


def test_program_policy(seat: Seat, type_id: int, cap: int):
    """Test program ``type_id`` (:class:`liarlab.liardice.agents.TestProgram`, its defaults) with its cap drawn as
    ``cap``: every other draw (the believed discount, the honest or lying face, the tie-break, the strong jump) is
    enumerated per decision. Read with :data:`READINGS`."""
    traits = traits_of(type_id)
    discounts = (1, 2) if traits.suspicious else (0, 1)

    def policy(own, prev: int) -> dict:
        own = np.asarray(own)
        if prev and seat.standing(prev)[0] >= cap:
            return {CALL: Fraction(1)}
        out = defaultdict(Fraction)
        for discount, p_discount in ([(d, HALF) for d in discounts] if prev else [(0, Fraction(1))]):
            believed = own.copy()
            challenge = False
            if prev:
                q, f = seat.standing(prev)
                believed[f - 1] += min(max(q - discount, 0), seat.opp_dice)
                challenge = believed[f - 1] < q
            for face, p_face in _face_choices(traits, own, believed).items():
                minimal = 1 if not prev else (seat.standing(prev)[0] + (face <= seat.standing(prev)[1]))
                jumps = [(0, HALF), (1, HALF)] if traits.strong and minimal < seat.max_count else [(0, Fraction(1))]
                for jump, p_jump in jumps:
                    quantity = minimal + jump
                    proposal = seat.number[(quantity, face)] if quantity <= seat.max_count else None
                    if traits.prefers_bid:
                        action = proposal if proposal is not None else CALL
                    else:
                        action = CALL if (challenge or proposal is None) else proposal
                    out[action] += p_discount * p_face * p_jump
        return dict(out)

    return policy


def test_program_caps(type_id: int) -> tuple:
    """The caps a test program draws once per game, each with probability 1/2."""
    return (4, 5) if traits_of(type_id).low_cap else (5, 6)


# --------------------------------------------------------------------------- paper 02: EXP0-EXP3

def _report_actions(seat: Seat, prev: int) -> list:
    """Paper 02's ordered action list: the higher bids, count-major, then the challenge once a bid stands."""
    actions = [("bid", bid) for bid in seat.bids[prev:]]
    return actions + ([CHALLENGE] if prev else [])


def _standing_report(seat: Seat, prev: int) -> tuple:
    """The standing bid in the report's (face, count) order; (0, 0) at the opening."""
    if not prev:
        return (0, 0)
    q, f = seat.standing(prev)
    return (f, q)


def _action_number(seat: Seat, action) -> int:
    return CALL if action == CHALLENGE else seat.number[tuple(action[1])]


def exp_policy(seat: Seat, kind: int):
    """EXP``kind`` of paper 02 through :func:`liarlab.liardice.exp_agents.exp0_action` / ``exp_action`` (their
    default ``honest_fallback="smallest"``). EXP0's one draw (a slot of its window of the next bids) is enumerated:
    each of the ``w`` slots has probability 1/w. Read with :data:`READINGS`."""
    kind = check_int("kind", kind, 0, 3)

    def policy(own, prev: int) -> dict:
        own = np.asarray(own)
        actions = _report_actions(seat, prev)
        standing = _standing_report(seat, prev)
        if kind > 0:
            return {_action_number(seat, exp_action(kind, own, standing, actions, EXP_MARGIN)): Fraction(1)}
        width = min(len(actions) - 1, 5) + 1
        out = defaultdict(Fraction)
        for slot in range(width):
            action = exp0_action(own, standing, actions, (slot + 0.5) / width, EXP_MARGIN)
            out[_action_number(seat, action)] += Fraction(1, width)
        return dict(out)

    return policy


def exprand_policy(seat: Seat):
    """EXPRAND of paper 02: at every decision one of EXP0-EXP3 with the report's chances (the cuts
    :data:`liarlab.liardice.exp_agents.RAND_AREA` of one uniform draw), so its distribution is the mixture of
    theirs."""
    cuts = [Fraction(0)] + [Fraction(c) for c in RAND_AREA] + [Fraction(1)]
    rules = [(cuts[k + 1] - cuts[k], exp_policy(seat, k)) for k in range(4)]

    def policy(own, prev: int) -> dict:
        out = defaultdict(Fraction)
        for chance, rule in rules:
            for action, p in rule(own, prev).items():
                out[action] += chance * p
        return dict(out)

    return policy


def rand_policy(seat: Seat):
    """RAND of paper 02: uniform over the legal actions in the paper's list (every higher bid, and the challenge
    once a bid stands); it reads nothing of its hand."""
    def policy(own, prev: int) -> dict:
        actions = _report_actions(seat, prev)
        return {_action_number(seat, a): Fraction(1, len(actions)) for a in actions}

    return policy


# --------------------------------------------------------------------------- two hand-checkable players (tests)

def always_call(seat: Seat):
    """Opens with the lowest bid and calls every bid it faces."""
    return lambda own, prev: {CALL: Fraction(1)} if prev else {1: Fraction(1)}


def raise_by_one(seat: Seat):
    """Opens with the lowest bid and always raises to the next bid; calls only the top bid."""
    return lambda own, prev: {prev + 1: Fraction(1)} if prev < seat.n else {CALL: Fraction(1)}


# --------------------------------------------------------------------------- the players as mixtures

def components(name: str, game: EndGame, player: int) -> list:
    """``[(weight, per-turn policy)]`` of player ``name`` in ``game``'s seat ``player`` (0 first mover): one
    component for a player that draws nothing once per game, else one per draw (a test program's cap, 1/2 each; a
    cap that cannot fire in this game merges with the other)."""
    seat = Seat(game, player)
    if name == "random-guess":
        return [(Fraction(1), random_guess_policy(seat))]
    if name in ("EXP0", "EXP1", "EXP2", "EXP3"):
        return [(Fraction(1), exp_policy(seat, int(name[3])))]
    if name == "EXPRAND":
        return [(Fraction(1), exprand_policy(seat))]
    if name == "RAND":
        return [(Fraction(1), rand_policy(seat))]
    if name == "always-call":
        return [(Fraction(1), always_call(seat))]
    if name == "raise-by-one":
        return [(Fraction(1), raise_by_one(seat))]
    if name.startswith("type"):
        type_id = check_int("type", int(name[4:]), 1, 32)
        caps = [min(cap, seat.max_count + 1) for cap in test_program_caps(type_id)]   # above every count: never fires
        weights = defaultdict(Fraction)
        for cap in caps:
            weights[cap] += HALF
        return [(w, test_program_policy(seat, type_id, cap)) for cap, w in sorted(weights.items())]
    raise ValueError(f"unknown player {name!r}: one of {agent_names()} or 'always-call', 'raise-by-one'")
