"""A Liar Dice game as a readable transcript (notebook 01's worked example).

:class:`TracingBelief` wraps any belief of :mod:`liarlab.liardice.agents` (the network's
:class:`~liarlab.liardice.bbn.BayesNetBelief` in the notebook) and notes, after every opponent bid,
what the belief made of it: the gate (adopted or not) when the belief records it, and the imagined
hand H and limits L afterwards. :func:`game_transcript` turns a finished game and these notes into
lines of text; nothing is printed here.
"""
from __future__ import annotations

import numpy as np

FACE_NAMES = {1: "1s", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s"}


def hand_text(counts) -> str:
    """Dice of a hand as faces in order, e.g. [2, 0, 1, 0, 0, 2] -> '1 1 3 6 6'."""
    return " ".join(str(face) for face, n in enumerate(np.asarray(counts), start=1) for _ in range(int(n)))


def bid_text(bid) -> str:
    quantity, face = bid
    return f"{int(quantity)} x {FACE_NAMES[int(face)]}"


def imagined_text(H, L) -> str:
    """H and L in words: imagined dice per face and the per-face limits ('-' = none)."""
    held = ", ".join(f"{h} x {FACE_NAMES[f]}" for f, h in enumerate(H, start=1) if h > 0) or "nothing"
    limits = ", ".join(f"{FACE_NAMES[f]} <= {lim}" for f, lim in enumerate(L, start=1) if lim >= 0) or "none"
    return f"H = {held}; L: {limits}"


class TracingBelief:
    """A belief that forwards every call to ``inner`` and keeps one note per opponent bid."""

    def __init__(self, inner):
        self.inner = inner
        self.notes: list[dict] = []

    def __getattr__(self, name):            # everything not traced goes straight to the wrapped belief
        return getattr(self.inner, name)

    def new_game(self, starter_is_me: bool) -> None:
        self.notes = []
        self.inner.new_game(starter_is_me)

    def observe_opponent_action(self, my_last_bid, action, rng) -> None:
        pending = len(getattr(self.inner, "_pending", []))
        self.inner.observe_opponent_action(my_last_bid, action, rng)
        if action[0] != "bid":
            return
        note = {"bid": tuple(action[1])}
        trace = getattr(self.inner, "_pending", [])
        if len(trace) > pending:              # BayesNetBelief(record=True): (kind, mine, theirs, n, adopted, p_b, p_c)
            kind, _, _, n, adopted, p_b, p_c = trace[-1]
            note.update(kind=kind, n=int(n), adopted=bool(adopted), p_supports=p_b, p_lie=p_c)
        hand = getattr(self.inner, "hand", None)
        if hand is not None:
            note.update(H=list(hand.H), L=list(hand.L))
        self.notes.append(note)

    def sample_opponent_hand(self, rng):
        return self.inner.sample_opponent_hand(rng)

    def challenge_guess_range(self, face: int):
        return self.inner.challenge_guess_range(face)

    def opening_challenge_probability(self, count: int):
        return self.inner.opening_challenge_probability(count)

    def end_game(self, record, me: int) -> None:
        self.inner.end_game(record, me)


def _note_text(note: dict) -> str:
    parts = []
    if "adopted" in note:
        if note["adopted"]:
            what = []
            if note.get("p_supports") is not None:
                what.append(f"P(their hand supports our bid) = {note['p_supports']:.2f}")
            if note.get("p_lie") is not None:
                what.append(f"P(their bid is a lie) = {note['p_lie']:.2f}")
            parts.append("network adopted (gate passed, n = %d)%s" % (note["n"], ": " + ", ".join(what) if what else ""))
        else:
            parts.append(f"network not adopted (gate, n = {note['n']})")
    if "H" in note:
        parts.append(imagined_text(note["H"], note["L"]))
    return "; ".join(parts)


def game_transcript(record, names=("us", "them"), notes=None, me: int = 0) -> list[str]:
    """Lines describing one game: the hidden hands, every bid (with ``notes`` on the opponent's bids,
    as kept by :class:`TracingBelief` for player ``me``), the challenge and the showdown."""
    lines = [f"{names[p]} hold {hand_text(record.hands[p])}" for p in range(len(names))]
    lines.append(f"{names[record.starter]} open.")
    notes = list(notes or [])
    for turn, (seat, bid) in enumerate(record.bids, start=1):
        line = f"{turn:2d}. {names[seat]} bid {bid_text(bid)}"
        if seat != me and notes:
            note = notes.pop(0)
            text = _note_text(note)
            if text:
                line += f"\n      -> {text}"
        lines.append(line)
    quantity, face = record.bids[-1][1]
    on_table = int(sum(int(h[face - 1]) for h in record.hands))
    verdict = "the bid stands" if on_table >= quantity else "the bid fails"
    lines.append(f"{len(record.bids) + 1:2d}. {names[record.challenger]} challenge {bid_text((quantity, face))}: "
                 f"{on_table} x {FACE_NAMES[face]} on the table, {verdict}; {names[record.winner]} win.")
    return lines


def worked_example(belief, opponent, rng: np.random.Generator, *, learn_games: int = 200, min_bids: int = 3,
                   max_tries: int = 200):
    """Play ``learn_games`` games of the random-guess player with ``belief`` (traced) against ``opponent``,
    then the first game with at least ``min_bids`` bids; returns (record, notes) for :func:`game_transcript`."""
    from liarlab.liardice.agents import RandomGuessAgent
    from liarlab.liardice.rules import THESIS, play_game

    tracer = TracingBelief(belief)
    players = [RandomGuessAgent(belief=tracer), opponent]
    for g in range(learn_games + max_tries):
        record = play_game(players, rng, THESIS, starter=g % 2)
        if g >= learn_games and len(record.bids) >= min_bids:
            break
    return record, tracer.notes
