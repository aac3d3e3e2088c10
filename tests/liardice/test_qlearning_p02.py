"""Paper 02's experiments and claims (liarlab.papers.p02): small runs, and claims that can fail."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from liarlab.liardice.exp_agents import paper_config
from liarlab.liardice.qfast import FastTable, train
from liarlab.papers.p02 import claims as c02
from liarlab.papers.p02 import experiments as ex


@pytest.fixture
def setup(tmp_path):
    from liarlab.study import outputs

    outputs.configure(str(tmp_path))
    return ex.Setup(stage_games=2_000, eval_games=400, seeds=(0,), seed=1)


def test_schedules_and_names():
    assert ex.schedule("RL0123", 10) == [("EXP0", 10), ("EXP1", 10), ("EXP2", 10), ("EXP3", 10)]
    assert ex.schedule("RL-random", 10) == [("EXPRAND", 40)]
    names = ex.sequential_names()
    assert len(names) == 23 and len(set(names)) == 23
    with pytest.raises(ValueError, match="model name"):
        ex.schedule("RL4", 10)


def test_classify_key_kinds():
    assert ex.classify_key((0, 0, 4, 4, 4), 1, "partial") == "opening honest"
    assert ex.classify_key((6, 1, 6, 3, 3), 1, "partial") == "mid-game honest"
    assert ex.classify_key((5, 4, 5, 3, 5), 1, "partial") == "slight lie"
    assert ex.classify_key((2, 5, -1, -1, -1), 1, "partial") == "challenge"
    assert ex.classify_key((5, 2, 1, 1, 0, 1, 0, 2, 6, 2), 1, "full") == "mid-game honest"
    assert ex.classify_key((5, 2, 1, 1, 0, 1, 0, 2, 6, 3), 1, "full") == "slight lie"


def test_model_cache_round_trip_and_corruption(setup):
    from liarlab.study import outputs

    table, curve = ex.model(setup, "RL0", 0, checkpoints=(1_000, 2_000))
    assert table.games_trained == 2_000 and list(curve.games) == [1_000, 2_000]
    files = list(outputs.cache_dir().glob("02_RL0-*.npz"))
    assert len(files) == 1
    fresh = ex.Setup(stage_games=2_000, eval_games=400, seeds=(0,), seed=1)
    again, curve2 = ex.model(fresh, "RL0", 0, checkpoints=(1_000, 2_000))
    assert np.array_equal(again.values, table.values)
    pd.testing.assert_frame_equal(curve2, curve, check_exact=True)   # every digit survives the cache
    files[0].write_bytes(files[0].read_bytes()[:100])          # damage it: it must be retrained, not used
    fresh = ex.Setup(stage_games=2_000, eval_games=400, seeds=(0,), seed=1)
    rebuilt, _ = ex.model(fresh, "RL0", 0, checkpoints=(1_000, 2_000))
    assert np.array_equal(rebuilt.values, table.values)


def test_policy_table_matches_the_greedy_choice(setup):
    from liarlab.liardice.agents import opponent_hands
    from liarlab.liardice.qtable import QTableAgent
    from liarlab.liardice.rules import new_game_from_hands

    table = FastTable.new(2, 1)
    train(table, "EXP0", 5_000, np.random.default_rng(0))
    hands, _ = opponent_hands(5, 6)
    policy = ex.policy_table(table, hands[:20], 0.0)
    assert np.allclose(policy.sum(axis=2), 1.0)
    agent = QTableAgent(table.to_qtable(), epsilon=0.0, learning=False)
    for m in range(20):
        for bid in (None, (1, 3), (2, 6), (4, 1)):
            state = new_game_from_hands(np.stack([hands[m], hands[0]]), paper_config(2))
            s = 0
            if bid is not None:
                state.apply_action(("bid", bid))
                state.current = 0                           # ask player 1 to answer its own hand's standing bid
                s = (bid[0] - 1) * 6 + bid[1]
            action = agent.greedy(state.observation(0), state.legal_actions())
            index = 60 if action[0] == "challenge" else (action[1][0] - 1) * 6 + action[1][1] - 1
            assert policy[m, s, index] == 1.0


def _rates(rows):
    return ex.rate_frame(rows)


def test_rl_claims_on_a_small_run_and_a_flipped_frame(setup):
    """Every RL statement gets a row; making the second-seat table open well flips 'about 0 as P1'."""
    rl = ex.models(setup, ["RL0", "RL1", "RL2", "RL3"])
    pairs = ex.exp_pairs(setup, fallbacks=("smallest",))
    marks = tuple(range(500, 2_001, 500))
    frames = dict(
        vs_rand=ex.vs_rand(setup, rl), rl_exp=ex.rl_vs_exp(setup, rl, epsilons=(0.1,)),
        self_play=ex.self_play(setup, rl, pairs),
        sequential=ex.rl_vs_exp(setup, ex.models(setup, ["RL01", "RL03", "RL0123", "RL-random"]), epsilons=(0.1,)),
        fixed2=ex.fixed_seat_two(setup), fixed3=ex.fixed_seat_three(setup),
        curves=ex.summarize_curves(ex.curves(setup, {"n=1": {}, "n=2": {"history": 2}, "n=3": {"history": 3}},
                                             500, 2_000)),
        full=ex.summarize_curves(ex.full_hand(setup, 4_000, 2_000, 2_000, 1_000)),
        top=ex.top30(setup, {"n=1": {}, "n=2": {"history": 2, "checkpoints": marks},
                             "n=3": {"history": 3, "checkpoints": marks}, "full": {"hand": "full"}}),
        forced_exp=ex.forced_exp(setup), forced_rl=ex.forced_rl(setup, rl), grid=ex.forced_grid(setup, rl),
        lengths=ex.game_lengths(setup, rl["RL0"]))
    rows = c02.rl_claims(**frames)
    assert len(rows) > 40 and all(r["verdict"] in ("reproduced", "differs") for r in rows)
    target = "trained as P2: win rate as P1 about 0"
    flipped = frames["fixed2"].copy()
    mask = (flipped.trained == "P2 only") & (flipped.tested_as == "P1")
    flipped.loc[mask, "wins"] = flipped.loc[mask, "games"] // 2
    frames["fixed2"] = ex.rate_frame(flipped.drop(columns=["win_rate", "ci_low", "ci_high"]).to_dict("records"))
    again = {r["claim"]: r["verdict"] for r in c02.rl_claims(**frames)}
    assert again[target] == "differs"


def test_exp_claims_follow_the_numbers():
    """A made-up EXP pair table where EXP0 wins everything must not reproduce 'EXP0 is disadvantaged'."""
    exps = ex.EXPS
    rows = []
    for a in exps:
        for b in exps:
            w = 900 if a == "EXP0" and b != "EXP0" else (100 if b == "EXP0" and a != "EXP0" else 500)
            rows.append({"fallback": "smallest", "p1": a, "p2": b, "wins": w, "games": 1000})
    pairs = _rates(rows)
    three_rows = []
    for a in exps:
        for b in exps:
            for b_seat in ([0] if a == b else [0, 1, 2]):
                names = [a, a, a]
                names[b_seat] = b
                for seat in range(3):
                    three_rows.append({"fallback": "smallest", "margin": 3, "a": a, "b": b,
                                       "b_seat": b_seat + 1 if a != b else 0, "seat": seat + 1,
                                       "player": names[seat], "preceded_by": names[seat - 1], "wins": 333,
                                       "games": 1000})
    rows = c02.exp_claims(pairs, _rates(three_rows), "smallest")
    verdicts = {r["claim"]: r["verdict"] for r in rows}
    assert verdicts["EXP1-EXP3 counter EXP0 (EXP0 clearly disadvantaged)"] == "differs"
    assert verdicts["a player whose preceding player is EXP0 wins more"] == "differs"
    assert all(r["family"].startswith("Fig 5-") for r in rows)


def test_honest_fallback_choice():
    assert ex.honest_fallback_choice({"smallest": 5, "best_face_plus_one": 5}) == "smallest"
    assert ex.honest_fallback_choice({"smallest": 4, "best_face_plus_one": 7}) == "best_face_plus_one"


def test_small_pipeline_runs(setup):
    pairs = ex.exp_pairs(setup, fallbacks=("smallest",))
    assert len(pairs) == 16 and pairs.games.eq(400).all() and (pairs.ci_low <= pairs.win_rate).all()
    rl = ex.models(setup, ["RL0", "RL1"])
    frame = ex.rl_vs_exp(setup, rl, epsilons=(0.1,))
    assert set(frame.model) == {"RL0", "RL1"} and len(frame) == 8
    lengths = ex.game_lengths(setup, rl["RL0"])
    assert np.isclose(lengths.groupby("matchup").share.sum(), 1.0).all() and lengths.actions.min() >= 2
    top = ex.top_entries(rl["RL0"][0])
    assert len(top) == 30 and top.value.is_monotonic_decreasing and top.value.max() <= 0.9
    claim = c02.table_4_3_claim(ex.table_4_3(setup, games=(500, 2_000)))
    assert claim["verdict"] == "not-reproducible" and claim["family"] == "Table 4-3"
    assert isinstance(frame, pd.DataFrame)
