"""Notebook 03's IS-MCTS baseline (issue 52, item 4): OpenSpiel's IS-MCTS against MC0 on duplicate boards, and its
determinization (:class:`liarlab.papers.p03.baseline.Redeal`). The games need the optional extra ``openspiel``
(skipped without it, saying so); the summary and the claims rows do not."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from liarlab.honeymoon.match import board_deal
from liarlab.honeymoon.rules import EXCHANGE, PLAY, HoneymoonState
from liarlab.papers.p03 import baseline


def _games() -> pd.DataFrame:
    rows = []
    for board, (won, tricks) in enumerate([((0, 0), (3, 4)), ((1, 0), (7, 5)), ((0, 0), (2, 6))]):
        for seat in (0, 1):
            rows.append(dict(board=board, bot_seat=seat, opener=board % 2, simulations=20, bot_won=won[seat],
                             bot_tricks=tricks[seat], mc0_tricks=13 - tricks[seat], bot_declares=seat,
                             contract="4S", bot_moves=27, redeals=540, fallbacks=0, cpu_seconds=5.0,
                             seconds_per_move=0.2))
    return pd.DataFrame(rows)


def test_the_summary_counts_games_and_takes_each_boards_mean_tricks_difference():
    s = baseline.summary(_games()).iloc[0]
    assert (s.boards, s.games, s.bot_wins) == (3, 6, 1)
    assert s.bot_win_rate == pytest.approx(1 / 6) and s.ci_low < 1 / 6 < s.ci_high
    # per board: (3 + 4) / 2 - (10 + 9) / 2 = -6, (7 + 5) / 2 - (6 + 8) / 2 = -1, (2 + 6) / 2 - (11 + 7) / 2 = -5
    assert s.tricks_difference == pytest.approx(-4.0)
    assert s.tricks_ci_low < -4.0 < s.tricks_ci_high
    assert s.cpu_seconds == 30.0 and s.seconds_per_move == pytest.approx(0.2)


def test_two_extension_rows_or_none_without_openspiel():
    rows = baseline.claims_rows(baseline.summary(_games()))
    assert [r["verdict"] for r in rows] == ["extension", "extension"]
    assert rows[1]["reproduced_value"] == pytest.approx(-4.0)
    assert baseline.claims_rows(pd.DataFrame()) == []
    assert baseline.caption(pd.DataFrame()) == "OpenSpiel not installed: skipped"
    assert "1 of 6 games" in baseline.caption(baseline.summary(_games()))


def test_the_ledger_tells_the_baseline_on_the_duplicate_tournaments_row_only():
    from liarlab.study.coverage import experiment

    rows = [experiment("03", code, "title", "spec size", "run size", "full", "where") for code in ("E11", "E12", "E13")]
    noted = baseline.with_ledger_note(rows, baseline.summary(_games()))
    changed = [(a["code"], b["run_size"]) for a, b in zip(rows, noted) if a != b]
    assert [code for code, _ in changed] == ["E12"] and "IS-MCTS against MC0" in changed[0][1]
    assert "3 boards at 20 simulations" in changed[0][1]
    assert [r["status"] for r in noted] == [r["status"] for r in rows]
    skipped = baseline.with_ledger_note(rows, pd.DataFrame())
    assert baseline.SKIPPED in next(r for r in skipped if r["code"] == "E12")["run_size"]


# ----------------------------------------------------------------------------- the games (OpenSpiel)

needs_openspiel = pytest.mark.skipif(not baseline.available(),
                                     reason="OpenSpiel is the optional extra 'openspiel' (not installed)")


def _played(game, steps: int, seed: int):
    from liarlab.interop import openspiel as osp

    rng = np.random.default_rng(seed)
    state = osp.dealt_state(game, HoneymoonState(deal=board_deal(seed, 0), opener=0))
    for _ in range(steps):
        inner = osp.liarlab_state(state)
        if inner.phase == PLAY and inner.trick_number >= 10:     # keep a few tricks to play
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@needs_openspiel
@pytest.mark.parametrize("steps", [0, 2, 20, 45, 90])
def test_a_redeal_keeps_what_the_player_has_seen_and_deals_the_rest_again(steps):
    from liarlab.interop import openspiel as osp

    game = osp.load("honeymoon", {"deals": 1})
    state = _played(game, steps, seed=3)
    inner = osp.liarlab_state(state)
    player = state.current_player()
    redeal = baseline.Redeal(game, np.random.default_rng(0))
    others = set()
    for _ in range(8):
        twin = redeal(state, player)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.history()[1:] == state.history()[1:]
        mine = osp.liarlab_state(twin)
        assert mine.hands[player] == inner.hands[player]
        others.add(tuple(sorted(mine.hands[1 - player])))
    assert redeal.fallbacks == 0
    if inner.phase == PLAY:
        assert others == {tuple(sorted(inner.hands[1 - player]))}   # every other card is seen by then
    else:
        assert len(others) > 1


@needs_openspiel
def test_a_redeal_respects_a_suit_the_opponent_showed_out_of():
    from liarlab.interop import openspiel as osp

    game = osp.load("honeymoon", {"deals": 1})
    for seed in range(40):
        state = _played(game, 40 + seed, seed)
        inner = osp.liarlab_state(state)
        if inner.phase not in (EXCHANGE, PLAY):
            continue
        player = state.current_player()
        other = 1 - player
        voids = [(t, inner.history[t - 1][3] // 13) for t, (_, _, p, c) in enumerate(inner.history)
                 if p == other and t % 2 and c // 13 != inner.history[t - 1][3] // 13]
        if voids:
            break
    else:
        pytest.skip("no deal of the forty showed a void")
    redeal = baseline.Redeal(game, np.random.default_rng(1))
    for _ in range(5):
        assert osp.liarlab_state(redeal(state, player)).history == inner.history   # replayed: every play legal
    assert redeal.fallbacks == 0


@needs_openspiel
def test_a_board_is_played_twice_with_the_seats_swapped_and_the_same_seed_plays_it_again():
    first = baseline.board_games(np.random.default_rng(0), [1], simulations=2, n_samples=4, seed=9)
    assert [r["bot_seat"] for r in first] == [0, 1] and {r["board"] for r in first} == {1}
    assert all(r["bot_tricks"] + r["mc0_tricks"] == 13 and r["fallbacks"] == 0 for r in first)
    again = baseline.board_games(np.random.default_rng(0), [1], simulations=2, n_samples=4, seed=9)
    timing = {"cpu_seconds", "seconds_per_move"}
    assert [{k: v for k, v in r.items() if k not in timing} for r in again] == \
        [{k: v for k, v in r.items() if k not in timing} for r in first]


def test_the_page_shows_each_value_and_its_interval_at_one_precision_under_headers_in_words():
    v = baseline.view(baseline.summary(_games())).iloc[0]
    rate = v["IS-MCTS's win rate [95 % Wilson interval]"]
    tricks = v["its tricks a game minus MC0's [95 % interval across boards]"]
    assert re.fullmatch(r"0\.17 \[0\.\d\d, 0\.\d\d\]", rate)
    assert re.fullmatch(r"-4\.0 \[-\d+\.\d, -?\d+\.\d\]", tricks)
    assert not any("_" in c or c in ("ci low", "ci high") for c in v.index)
    assert baseline.view(pd.DataFrame()).empty
