"""A standard baseline against the thesis program (issue 52, item 4): OpenSpiel's IS-MCTS bot plays Honeymoon Bridge
through liarlab's OpenSpiel wrapper (:mod:`liarlab.interop.openspiel`) against MC0 (the thesis program: Monte Carlo
bidding with ``n_samples`` deals, the greedy exchange, exact play), on duplicate boards: each board's deal (the
boards of the duplicate matches, :func:`liarlab.honeymoon.match.board_deal`) played twice, the seats swapped.

**The bot.** ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT constant 2, one random rollout a leaf, the most
visited move), ``simulations`` simulations a move, each from a determinization drawn by :class:`Redeal`.

**The determinization.** The wrapper's own (:class:`~liarlab.interop.openspiel.DealResampler`, among seeded deals)
cannot serve here: no two of a few thousand shuffled decks give a player the same 13 cards, so it would hand the
bot the true deal. :class:`Redeal` instead deals again every card the player has not seen, keeping everything it
has: its own dealt hand and hidden draws, every face-up card, every call and card played, and what the plays
reveal (a card the opponent played was in its hand by then; a suit it did not follow was out of its hand then).
The cards the opponent played are placed among its dealt cards and hidden draws where they could have been, the
rest of the unseen cards among its remaining places and the stock at random, and the deal is accepted when the
whole game so far replays on it with the player's same information state (:data:`TRIES` attempts; the count of
determinizations that fell back to the true position is kept and reported: none is expected).

OpenSpiel is the optional extra ``openspiel``: without it :func:`available` is False and the notebook reports
:data:`SKIPPED` (the wrapper is imported only inside the functions that play).
"""
from __future__ import annotations

import time

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.core.cards import N_CARDS, suit_of
from liarlab.honeymoon.match import board_deal
from liarlab.honeymoon.rules import HoneymoonState
from liarlab.interop import OPENSPIEL_SKIPPED as SKIPPED
from liarlab.interop import openspiel_available as available
from liarlab.papers.p03 import experiments as p03x
from liarlab.papers.p03.printed import SOURCE
from liarlab.study.answer import plural
from liarlab.study.outputs import claim

__all__ = ["SKIPPED", "TRIES", "available", "Redeal", "board_games", "duplicate_boards", "summary", "claims_rows",
           "caption", "with_ledger_note"]

#: deals tried before a determinization falls back to the true position
TRIES = 200
FAMILY = "IS-MCTS baseline (OpenSpiel)"


class Redeal:
    """IS-MCTS's determinization in Honeymoon Bridge: ``redeal(state, player)`` is a wrapped position that
    ``player`` cannot tell from ``state`` (the same information-state string), its unseen cards dealt again at
    random within what the player has seen (see the module docstring). ``fallbacks`` counts the positions for
    which no such deal was found in :data:`TRIES` attempts (the true position's copy is then returned)."""

    def __init__(self, game, rng: np.random.Generator):
        self.game, self.rng = game, rng
        self.calls = self.fallbacks = 0

    def deal(self, inner: HoneymoonState, player: int) -> list[int] | None:
        """One 52-card deal consistent with what ``player`` has seen of ``inner`` (None: a random placement
        failed; try again). Only the player's own cards, the public cards and the plays are read."""
        rng, me, other = self.rng, player, 1 - player
        own = list(inner.deal[13 * me:13 * me + 13])
        stock = [None] * 26                       # the stock from the top: face-ups at even places, draws at odd
        faces_taken = [0, 0]
        my_draws = iter(inner.drawn[me])
        other_draw_places = []                    # (stock place, history index after which it is in the hand)
        for j, winner in enumerate(inner.exchange_winners):
            stock[2 * j] = inner.won_face_up[winner][faces_taken[winner]]
            faces_taken[winner] += 1
            if winner == other:
                stock[2 * j + 1] = next(my_draws)
            else:
                other_draw_places.append((2 * j + 1, 2 * j + 1))
        if inner.face_up is not None:
            stock[2 * len(inner.exchange_winners)] = inner.face_up
        seen = set(own) | {c for c in stock if c is not None}
        unseen = [c for c in range(N_CARDS) if c not in seen]
        # the other's places: its 13 dealt cards (in hand from the start) and its hidden draws so far
        places = [("hand", k, -1) for k in range(13)] + [("stock", s, t) for s, t in other_draw_places]
        voids, played = [], {}
        for t, (_, _, p, card) in enumerate(inner.history):
            if p != other:
                continue
            played[card] = t
            if t % 2 == 1 and suit_of(card) != suit_of(inner.history[t - 1][3]):
                voids.append((t, suit_of(inner.history[t - 1][3])))

        def allowed(card: int, place) -> bool:
            until = played.get(card, 10**6)
            if place[2] >= until:
                return False
            return not any(s == suit_of(card) and place[2] < t < until for t, s in voids)

        free = list(range(len(places)))
        chosen = {}
        must = [c for c in unseen if c in played]
        options = {c: [k for k in free if allowed(c, places[k])] for c in must}
        for c in sorted(must, key=lambda c: (len(options[c]), rng.random())):
            ok = [k for k in options[c] if k not in chosen.values()]
            if not ok:
                return None
            chosen[c] = ok[int(rng.integers(len(ok)))]
        rest = [c for c in unseen if c not in played]
        rng.shuffle(rest)
        to_stock = []
        for c in rest:
            ok = [k for k in free if k not in chosen.values() and allowed(c, places[k])] \
                if len(chosen) < len(places) else []
            if ok:
                chosen[c] = ok[int(rng.integers(len(ok)))]
            else:
                to_stock.append(c)
        if len(chosen) < len(places):
            return None
        hand = [None] * 13
        for c, k in chosen.items():
            kind, at, _ = places[k]
            if kind == "hand":
                hand[at] = c
            else:
                stock[at] = c
        open_places = [s for s in range(26) if stock[s] is None]
        if len(open_places) != len(to_stock):
            return None
        for s, c in zip(open_places, to_stock):
            stock[s] = c
        hands = [None, None]
        hands[me], hands[other] = own, hand
        return hands[0] + hands[1] + stock

    def __call__(self, state, player: int):
        from liarlab.interop import openspiel as osp

        self.calls += 1
        inner = osp.liarlab_state(state)
        target = state.information_state_string(player)
        actions = state.history()[1:]
        for _ in range(TRIES):
            deal = self.deal(inner, player)
            if deal is None:
                continue
            twin = osp.dealt_state(self.game, HoneymoonState(deal=deal, opener=inner.opener))
            try:
                for action in actions:
                    twin.apply_action(action)
            except ValueError:       # a play the redealt hands make illegal: deal again
                continue
            if twin.information_state_string(player) == target:
                return twin
        self.fallbacks += 1
        return state.clone()


def _bot(game, simulations: int, seed: int):
    from liarlab.interop import openspiel as osp

    return osp.ismcts_bot(game, int(simulations), int(seed), resampler=Redeal)   # the wrapper's bot, redealt here


def board_games(rng, boards, simulations: int, n_samples: int, seed: int) -> list[dict]:
    """Both games of each board of ``boards`` (IS-MCTS in seat 0, then in seat 1; the board's deal and opener as in
    the duplicate matches of ``seed``), IS-MCTS (``simulations`` a move) against MC0 (``n_samples`` deals a
    bidding estimate). One row per game: the bot's seat, win, tricks and MC0's, the contract, CPU seconds."""
    from liarlab.interop import openspiel as osp

    game = osp.load("honeymoon", {"deals": 1, "seed": int(seed)})

    def mc0_action(state):
        inner = osp.liarlab_state(state)
        return int(mc0.act(inner.observation(inner.current_player()), inner.legal_actions(), rng))

    rows = []
    for board in boards:
        for bot_seat in (0, 1):
            cpu = time.process_time()
            bot = _bot(game, simulations, int(np.random.default_rng([int(seed), int(board), bot_seat]).integers(2**31)))
            mc0 = p03x.make_bot("thesis", n_samples, seed)
            state = osp.dealt_state(game, HoneymoonState(deal=board_deal(seed, board), opener=board % 2))
            moves, bot_cpu = osp.play_out(state, bot, bot_seat, mc0_action)
            inner = osp.liarlab_state(state)
            level, suit = inner.contract
            rows.append(dict(board=int(board), bot_seat=bot_seat, opener=board % 2, simulations=int(simulations),
                             bot_won=int(inner.winner() == bot_seat), bot_tricks=inner.tricks_won[bot_seat],
                             mc0_tricks=inner.tricks_won[1 - bot_seat], bot_declares=int(inner.declarer == bot_seat),
                             contract=f"{level}{'SHDC'[suit]}", bot_moves=moves,
                             redeals=bot.resampler.calls, fallbacks=bot.resampler.fallbacks,
                             cpu_seconds=time.process_time() - cpu, seconds_per_move=bot_cpu / max(moves, 1)))
    return rows


def duplicate_boards(n_boards: int, simulations: int, n_samples: int, seed: int, progress=None) -> pd.DataFrame:
    """:func:`board_games` for boards 0 .. ``n_boards`` - 1, one task a board."""
    from liarlab.study.parallel import run_tasks

    tasks = [dict(boards=[b], simulations=simulations, n_samples=n_samples, seed=seed) for b in range(int(n_boards))]
    out = run_tasks(board_games, tasks, seed=seed, progress=progress, desc="03 IS-MCTS")
    return pd.DataFrame([r for rows in out for r in rows])


def _estimate(values, low: float, high: float) -> V.Estimate:
    values = np.asarray(values, float)
    if len(values) > 1:
        return V.mean_of(values, low, high, unit="boards")
    return V.Estimate(float(values.mean()), low, high, len(values), "boards")


def summary(games: pd.DataFrame) -> pd.DataFrame:
    """One row: IS-MCTS's win rate over the games (Wilson 95%; a board's two games share its deal, so the
    interval is if anything narrow) and its tricks a game minus MC0's (each board's mean over its two games) with a
    95% t interval across boards, and the cost."""
    if games.empty:
        return pd.DataFrame()
    per = games.groupby("board").agg(tricks=("bot_tricks", "mean"), mc0=("mc0_tricks", "mean"))
    score = V.proportion(int(games.bot_won.sum()), len(games))
    diff = _estimate(per.tricks - per.mc0, -13.0, 13.0)
    return pd.DataFrame([{"pairing": "IS-MCTS vs MC0", "simulations": int(games.simulations.iloc[0]),
                          "boards": len(per), "games": len(games), "bot_wins": int(games.bot_won.sum()),
                          "bot_win_rate": score.value, "ci_low": score.low, "ci_high": score.high,
                          "tricks_difference": diff.value, "tricks_ci_low": diff.low, "tricks_ci_high": diff.high,
                          "bot_declares": float(games.bot_declares.mean()),
                          "fallbacks": int(games.fallbacks.sum()), "redeals": int(games.redeals.sum()),
                          "cpu_seconds": float(games.cpu_seconds.sum()),
                          "seconds_per_move": float((games.seconds_per_move * games.bot_moves).sum()
                                                    / games.bot_moves.sum())}])


def view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`summary` as the page shows it: headers in words, each value and its interval in one cell at one
    precision ("-7.1" beside "-8.625" and "-5.575" read as three precisions, issue 50)."""
    if table is None or table.empty:
        return pd.DataFrame()
    return pd.DataFrame({
        "pairing": table.pairing, "simulations a move": table.simulations, "boards": table.boards,
        "games": table.games, "IS-MCTS's wins": table.bot_wins,
        "IS-MCTS's win rate [95 % Wilson interval]": [f"{v:.2f} [{lo:.2f}, {hi:.2f}]" for v, lo, hi in
                                                      zip(table.bot_win_rate, table.ci_low, table.ci_high)],
        "its tricks a game minus MC0's [95 % interval across boards]": [
            p03x.board_interval_text(v, lo, hi, n, 1) for v, lo, hi, n in
            zip(table.tricks_difference, table.tricks_ci_low, table.tricks_ci_high, table.boards)],
        # a fallback hands the bot the true cards (no consistent redeal found): it bears on fairness (issue 50)
        "redeals that fell back to the true cards (no consistent deal found)": table.fallbacks,
        "CPU seconds a move": table.seconds_per_move.round(2)})


def claims_rows(table: pd.DataFrame) -> list[dict]:
    """Two extension rows (the bot's score a board and its tricks beside MC0's), none without OpenSpiel."""
    if table is None or table.empty:
        return []
    r = table.iloc[0]
    note = (f"{plural(int(r.boards), 'duplicate board')} ({plural(int(r.games), 'game')}), {int(r.simulations)} "
            f"simulations a move; IS-MCTS won {int(r.bot_wins)} of them, declared in {100 * r.bot_declares:.0f}%")
    rule = ("IS-MCTS against MC0 on duplicate boards: mean over boards, 95% t interval across boards (our "
            "measurement; the thesis has no such match)")
    head = f"IS-MCTS (OpenSpiel, {int(r.simulations)} simulations a move) against MC0 on duplicate boards"
    return [claim(f"{head}: its win rate", SOURCE, None, V.proportion(int(r.bot_wins), int(r.games)),
                  V.stated("extension", "IS-MCTS against MC0: wins over games, Wilson 95% interval (our "
                                   "measurement; the thesis has no such match)", note),
                  kind="finding", family=FAMILY, interval="95% Wilson"),
            claim(f"{head}: its tricks a game minus MC0's", SOURCE, None,
                  V.Estimate(float(r.tricks_difference), float(r.tricks_ci_low), float(r.tricks_ci_high),
                             int(r.boards), "boards"),
                  V.stated("extension", rule, note), kind="finding", family=FAMILY)]


def caption(table: pd.DataFrame | None) -> str:
    """The sentence under the table (or :data:`SKIPPED`)."""
    if table is None or table.empty:
        return SKIPPED
    r = table.iloc[0]
    # round-2 reader: a small budget reads as a straw man unless it says what it is
    return ("A smoke test of the wrapper at a small budget, not a measure of what IS-MCTS can do: "
            f"OpenSpiel's IS-MCTS bot, {int(r.simulations)} simulations a move (one random rollout a leaf, UCT "
            f"constant 2, its unseen cards dealt again within what it has seen), through liarlab's wrapper, against "
            f"MC0 on {plural(int(r.boards), 'duplicate board')}, won {int(r.bot_wins)} of {int(r.games)} games "
            f"(95% Wilson interval {100 * r.ci_low:.0f}% to {100 * r.ci_high:.0f}%); its tricks a game minus MC0's were "
            + (f"{r.tricks_difference:+.1f} (n = 1 board, no interval); " if int(r.boards) < 2 else
               f"{r.tricks_difference:+.1f} (95% interval across boards {r.tricks_ci_low:+.1f} to "
               f"{r.tricks_ci_high:+.1f}); ")
            + f"it was the declarer in {100 * r.bot_declares:.0f}% of the games; CPU time {r.cpu_seconds:.0f} s in all "
            f"({r.seconds_per_move:.2f} s a move). A random rollout plays the exchange and the tricks at random, so a "
            "high contract looks nearly as good to the bot as a low one, and its cards are chosen on coarse values "
            "beside MC0's exact play. Honeymoon Bridge has no smaller game to measure how the bot grows with its "
            "budget; notebook 06 measures that in Liar's Dice.")


def with_ledger_note(rows: list[dict], table: pd.DataFrame | None) -> list[dict]:
    """The spec's ledger rows with the baseline noted on E12's (duplicate tournaments): the ledger lists the spec's
    experiments only (its codes are checked against the spec's index), so this extension of issue 52, one more
    pairing on the same boards, is told there without changing the spec's count."""
    if table is None or table.empty:
        note = f"beside them, OpenSpiel's IS-MCTS against MC0 (an extension of ours): {SKIPPED}"
    else:
        r = table.iloc[0]
        note = (f"beside them, OpenSpiel's IS-MCTS against MC0 (an extension of ours): "
                f"{plural(int(r.boards), 'board')} at {int(r.simulations)} simulations a move")
    return [dict(row, run_size=f"{row['run_size']}; {note}") if row["code"] == "E12" else row for row in rows]
