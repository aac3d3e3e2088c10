"""Notebook 05's worked example and strategy tables, read off an exact Bluff equilibrium.

``bluff_round_transcript`` plays one round of Bluff between the two equilibrium strategies of a solved
round (:func:`liarlab.bluff.solve`, the whole-tree LP) and prints, at every turn, the mover's hand and the
probability of each move it could make, then the move drawn and the showdown. ``opening_table`` and
``calling_table`` give the opener's first bid and the responder's probability of calling bluff, hand by
bid, for the heat map of notebook 05.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

ROLES = ("opener", "responder")


def bid_label(bid) -> str:
    """``(2, 5)`` -> ``'2×5'``: at least two dice show 5 (or the wild face)."""
    quantity, face = bid
    return f"{int(quantity)}×{int(face)}"


def count_matching(hands, face: int, faces: int) -> int:
    """Dice among ``hands`` that count as ``face``: that face or the wild face N (N counts only once)."""
    return sum(int(d == face or d == faces) for hand in hands for d in hand)


def move_options(probabilities, bids, min_prob: float = 5e-4) -> list[tuple[str, float]]:
    """``[(move, probability)]`` of the moves played with probability at least ``min_prob``, in bid order
    ('call' first). Moves an equilibrium never plays are left out."""
    out = []
    for k, p in enumerate(np.asarray(probabilities, dtype=float)):
        if p >= min_prob:
            out.append(("call" if k == 0 else bid_label(bids[k - 1]), float(p)))
    return out


def bluff_round_transcript(solution, hands, rng: np.random.Generator, min_prob: float = 5e-4):
    """One round between the equilibrium strategies of ``solution``, with every turn's move probabilities.

    ``hands`` = (opener's dice, responder's dice), e.g. ``((3,), (5,))``; ``rng`` draws each move from the
    mover's equilibrium probabilities. Returns ``(turns, showdown)``: a DataFrame with one row per turn
    (turn, player, hand, previous bid, options "move p", move, probability) and a dict describing the
    challenge (bid, dice that count, who loses).
    """
    if len(hands) != 2:
        raise ValueError(f"hands must be (opener's dice, responder's dice), got {hands!r}")
    hands = tuple(tuple(sorted(int(d) for d in h)) for h in hands)
    for role, hand, n in zip(ROLES, hands, solution.dice):
        if len(hand) != n or not all(1 <= d <= solution.faces for d in hand):
            raise ValueError(f"hands: the {role} needs {n} dice with faces 1..{solution.faces}, got {hand!r}")
    history, rows = [], []
    while True:
        mover = len(history) % 2
        probs = np.asarray(solution.action_probabilities(mover + 1, hands[mover], tuple(history)), dtype=float)
        choice = int(rng.choice(len(probs), p=probs / probs.sum()))
        options = move_options(probs, solution.bids, min_prob)
        rows.append({"turn": len(history) + 1, "player": ROLES[mover], "hand": " ".join(map(str, hands[mover])),
                     "previous_bid": bid_label(solution.bids[history[-1] - 1]) if history else "none",
                     "options": ", ".join(f"{m} {p:.3f}" for m, p in options),
                     "move": "call bluff" if choice == 0 else bid_label(solution.bids[choice - 1]),
                     "probability": float(probs[choice])})
        if choice == 0:
            break
        history.append(choice)
    quantity, face = solution.bids[history[-1] - 1]
    present = count_matching(hands, face, solution.faces)
    bidder = (len(history) - 1) % 2
    caller = 1 - bidder
    loser = bidder if present < quantity else caller
    showdown = {"bid": bid_label((quantity, face)), "bidder": ROLES[bidder], "caller": ROLES[caller],
                "dice": {ROLES[0]: hands[0], ROLES[1]: hands[1]}, "present": present, "needed": int(quantity),
                "bid_holds": present >= quantity, "loser": ROLES[loser], "winner": ROLES[1 - loser]}
    return pd.DataFrame(rows), showdown


def showdown_sentence(showdown: dict, faces: int) -> str:
    """The challenge in words, e.g. 'The opener calls bluff on 1×5: ... The bid holds, so the opener loses.'"""
    q, f = showdown["bid"].split("×")
    wild = f" or the wild {faces}" if int(f) != faces else ""
    held = [f"the {role} {'holds' if i == 0 else ''} {' and '.join(map(str, hand))}".replace("  ", " ")
            for i, (role, hand) in enumerate(showdown["dice"].items())]
    verdict = "holds" if showdown["bid_holds"] else "fails"
    dice_word = "die shows" if q == "1" else "dice show"
    n = int(showdown["present"])
    # the count in words (issue 50: "Dice: opener holds 3; responder holds 3; 0 count." read as a printout)
    present = "no die shows" if n == 0 else ("1 die shows" if n == 1 else f"{n} dice show")
    return (f"The {showdown['caller']} calls bluff on {showdown['bid']} (at least {q} {dice_word} {f}{wild}). "
            f"The dice: {', '.join(held)}, so {present} {f}{wild}. The bid {verdict}, so the {showdown['loser']} "
            f"loses and the {showdown['winner']} wins.")


def opening_table(solution) -> pd.DataFrame:
    """The opener's first bid: P(bid | own hand), hands as rows and bids as columns."""
    rows = {" ".join(map(str, hand)): solution.action_probabilities(1, hand, ())[1:] for hand in solution.hands[0]}
    return pd.DataFrame(rows, index=[bid_label(b) for b in solution.bids]).T.rename_axis(index="hand", columns="bid")


def calling_table(solution) -> pd.DataFrame:
    """The responder's answer to each opening bid: P(call bluff | own hand, bid), hands as rows."""
    rows = {}
    for hand in solution.hands[1]:
        rows[" ".join(map(str, hand))] = [solution.action_probabilities(2, hand, (k,))[0]
                                          for k in range(1, len(solution.bids) + 1)]
    return pd.DataFrame(rows, index=[bid_label(b) for b in solution.bids]).T.rename_axis(index="hand", columns="bid")


def strategy_caption(opening: pd.DataFrame, calling: pd.DataFrame, faces: int, min_prob: float = 5e-4) -> str:
    """The caption under the strategy heatmaps, read from the plotted tables (a fixed caption described N = 6's
    mixing under a figure of N = 4, where the opener bids one bid with probability 1, issue 50 reader)."""
    played = opening > min_prob
    mixing = [hand for hand, row in played.iterrows() if row.sum() > 1]
    bids = [bid for bid in opening.columns if played[bid].any()]

    def bluffs(hand: str, bid: str) -> bool:   # a bid on a face the opener's die does not show (the wild face counts)
        face = int(bid.split("×")[1])
        return face != faces and all(int(d) not in (face, faces) for d in hand.split())

    bluffing = sorted({hand for hand in opening.index for bid in bids if played.loc[hand, bid] and bluffs(hand, bid)})
    used = calling[bids]
    if mixing:
        opener = (f"the opener mixes between bids with {len(mixing)} of its {len(opening)} dice (several bids in "
                  "one row)")
    else:
        opener = ("the opener plays one bid with each die (no mixing): "
                  + ", ".join(f"{hand} → {played.loc[hand][played.loc[hand]].index[0]}" for hand in opening.index
                              if played.loc[hand].any()))
    bluff = (f"; with {'die' if len(bluffing) == 1 else 'dice'} {', '.join(bluffing)} it opens on a face it does "
             "not hold" if bluffing else "; it never opens on a face it does not hold")
    respond = (f"The responder answers {len(bids)} opening {'bid' if len(bids) == 1 else 'bids'}; its chance of "
               f"calling bluff there ranges from {used.min().min():.2f} to {used.max().max():.2f}.")
    return (f"*Figure: the exact equilibrium with one die each, N = {faces}. Left: the opener's first bid for each die "
            "it holds (blank where never played). Right: the responder's chance of calling bluff on each opening "
            "bid, for each die it holds (hatched where nobody opens with the bid, so the answer is never used). "
            f"What to notice: {opener}{bluff}. {respond}*")
