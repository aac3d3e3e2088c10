import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from liarlab.cheat import fast
from liarlab.cheat import positions as pos
from liarlab.cheat.agents import QLearner, ScriptedAgent
from liarlab.cheat.game import Challenge, CheatRules, CheatState, Play, play_with_events

from .conftest import ReplayRng

SCRIPTED = ["a", "b", "c", "d", "e", "f", "random", "x"]


def reference_games(kinds, n_games, uniforms, rules=None, learner=None, learners=None):
    """Replay with the rules module; ``learners`` maps a seat to its QLearner (default: ``learner`` for every q)."""
    rng = ReplayRng(uniforms)
    winners, plays = [], []
    learners = learners or {}
    for _ in range(n_games):
        state = CheatState(rng, rules)
        agents = [learners.get(i, learner) if k == "q" else ScriptedAgent(k) for i, k in enumerate(kinds)]
        play_with_events(state, agents, rng)
        winners.append(-1 if state.draw else state.winner)
        plays.append(state.plays)
    return np.array(winners), np.array(plays)


@pytest.mark.parametrize("first", SCRIPTED)
def test_compiled_engine_replays_the_rules_module(first, uniforms):
    for second in SCRIPTED:
        got = fast.play_cheat([first, second], 8, uniforms=uniforms)
        winners, plays = reference_games([first, second], 8, uniforms)
        assert np.array_equal(got["winners"], winners), (first, second)
        assert np.array_equal(got["plays"], plays), (first, second)


def _replay_both_engines(kinds, n_games, uniforms, rules):
    """The same games in the compiled engine and the reference; asserts identical winners and plays and returns
    (the compiled learners' weights, the reference learner)."""
    w = np.zeros((len(kinds), 7, 7))
    learn = np.array([k == "q" for k in kinds])
    got = fast.play_cheat(list(kinds), n_games, uniforms=uniforms, rules=rules, weights=w, learn=learn)
    learner = QLearner()
    winners, plays = reference_games(kinds, n_games, uniforms, rules, learner)
    assert np.array_equal(got["winners"], winners) and np.array_equal(got["plays"], plays)
    return w, learner


@pytest.mark.parametrize("kinds", [("a", "e", "random"), ("q", "d", "f", "b")])
def test_compiled_engine_replays_more_players(kinds, uniforms):
    w, learner = _replay_both_engines(kinds, 10, uniforms, CheatRules(n_players=len(kinds)))
    if "q" in kinds:
        assert np.array_equal(learner.weights, w[0])


@pytest.mark.parametrize("opponent,feature_set,three,caught", [
    ("a", "F7", False, "n-P"), ("d", "F5", False, "n-P"), ("e", "F7-H5", False, "n-P"), ("f", "F7", False, "n-P"),
    ("b", "F7", True, "n-P"), ("d", "F7", False, "-P"), ("e", "F5", True, "-P"), ("c", "F7", "one-hot", "n-P"),
    ("d", "F5", "one-hot", "-P"), ("e", "F7", "revealed", "n-P"), ("b", "F7-H5", "revealed", "-P")])
def test_compiled_training_gives_the_same_weights(opponent, feature_set, three, caught, uniforms):
    encoding = "one-hot" if three == "one-hot" else "ordinal"
    history = "revealed" if three == "revealed" else "ground-truth"
    three = three is True
    w = np.zeros((2, 7, 21 if encoding == "one-hot" else 7))
    got = fast.play_cheat(["q", opponent], 15, uniforms=uniforms, weights=w, learn=[True, False],
                          feature_set=feature_set, three_actions=three, caught_lie=caught, encoding=encoding,
                          history=history)
    learner = QLearner(feature_set=feature_set, three_actions=three, caught_lie=caught, encoding=encoding,
                       history=history)
    winners, _ = reference_games(["q", opponent], 15, uniforms, learner=learner)
    assert np.array_equal(got["winners"], winners)
    assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])


def test_frozen_learner_never_changes_its_weights():
    w = np.random.default_rng(0).normal(size=(2, 7, 7))
    before = w.copy()
    fast.play_cheat(["q", "b"], 200, np.random.default_rng(1), weights=w)
    assert np.array_equal(w, before)


def test_capped_games_are_draws_and_are_counted():
    res = fast.play_cheat(["d", "d"], 500, np.random.default_rng(2), rules=CheatRules(play_cap=4))
    assert len(res["winners"]) == 500
    draws = res["winners"] == -1
    assert draws.any() and (res["plays"][draws] == 4).all()


def test_same_seed_same_games():
    a = fast.play_cheat(["b", "e"], 300, np.random.default_rng(9))
    b = fast.play_cheat(["b", "e"], 300, np.random.default_rng(9))
    assert np.array_equal(a["winners"], b["winners"])


def test_exploiter_replays_under_both_rules_and_challenges_every_emptying_play(uniforms):
    """The exploiter in the compiled engine and the rules module: the same games under both rules; under the
    variant it challenges every play that empties its opponent's hand (so it never accepts one)."""
    for rules in (CheatRules(), CheatRules(last_play_challengeable=True)):
        for other in ("a", "b", "d", "f", "random"):
            _replay_both_engines(("x", other), 40, uniforms, rules)
    rng = ReplayRng(uniforms)
    for _ in range(40):
        state = CheatState(rng, CheatRules(last_play_challengeable=True))
        play_with_events(state, [ScriptedAgent("x"), ScriptedAgent("f")], rng)
        assert not any(e.kind == "accept" and e.player == 0 for e in state.history)


def test_final_challenges_are_counted_under_the_variant_only():
    for rules, any_final in ((CheatRules(), False), (CheatRules(last_play_challengeable=True), True)):
        c = fast.play_cheat(["x", "f"], 500, np.random.default_rng(4), rules=rules)["counters"][0]
        assert (c[fast.FINAL_CHALLENGES] > 0) == any_final
        assert c[fast.FINAL_CHALLENGES_RIGHT] <= c[fast.FINAL_CHALLENGES] <= c[fast.CHALLENGES]


def test_train_and_test_under_other_test_rules():
    variant = CheatRules(last_play_challengeable=True)
    a = fast.train_and_test("d", 100, 300, np.random.default_rng(3))
    b = fast.train_and_test("d", 100, 300, np.random.default_rng(3), test_rules=variant)
    assert np.array_equal(a["weights"], b["weights"]) and a["wins"] != b["wins"]
    with pytest.raises(ValueError, match="test_rules"):
        fast.train_and_test("d", 1, 1, np.random.default_rng(3), test_rules=CheatRules(max_play=4))


def test_train_and_test_counts():
    res = fast.train_and_test("a", 50, 100, np.random.default_rng(0))
    assert res["games"] == 100 and 0 <= res["wins"] <= 100 and res["small_games"] == 20


def test_engine_rejects_what_it_cannot_play():
    with pytest.raises(ValueError, match="modified rules only"):
        fast.play_cheat(["a", "b"], 1, np.random.default_rng(0), rules=CheatRules(n_ranks=13, deck="traditional"))
    with pytest.raises(ValueError, match="agent type"):
        fast.play_cheat(["a", "zz"], 1, np.random.default_rng(0))
    with pytest.raises(ValueError, match="one agent per seat"):
        fast.play_cheat(["a"], 1, np.random.default_rng(0))
    with pytest.raises(ValueError, match="feature_set"):
        fast.play_cheat(["a", "q"], 1, np.random.default_rng(0), feature_set="F9")


@pytest.mark.parametrize("kinds", [("q", "a"), ("q", "d"), ("b", "q"), ("e", "f"), ("c", "random"), ("q", "e", "d"),
                                   ("x", "f"), ("d", "x"), ("q", "x"), ("x", "x")])
def test_compiled_engine_replays_challengeable_last_play(kinds, uniforms):
    """The rules variant without the unchallengeable hand-emptying play: same games, same learned weights."""
    w, learner = _replay_both_engines(kinds, 30, uniforms,
                                      CheatRules(n_players=len(kinds), last_play_challengeable=True))
    if "q" in kinds:
        assert np.abs(w[kinds.index("q")]).max() > 0 and np.array_equal(learner.weights, w[kinds.index("q")])


def test_hand_emptying_audit_counters():
    """Modified rules: every decided game ends with a play that empties a hand (a dump), and nobody wins
    without an opportunity; with the last play challengeable some dumps are caught."""
    res = fast.play_cheat(["e", "f"], 2000, np.random.default_rng(3))
    c, w = res["counters"], res["winners"]
    decided = w >= 0
    assert c[:, fast.DUMPS].sum() == decided.sum()
    assert (res["first_opportunity"][decided] >= 0).all()
    assert (c[:, fast.EXPRESSIBLE] <= c[:, fast.OPPORTUNITIES]).all()
    assert (c[:, fast.DUMPS] <= c[:, fast.OPPORTUNITIES]).all()
    assert 0 < res["final_lie"].sum() < decided.sum()
    var = fast.play_cheat(["e", "d"], 2000, np.random.default_rng(3), rules=CheatRules(last_play_challengeable=True))
    assert var["counters"][:, fast.DUMPS].sum() > (var["winners"] >= 0).sum()


def test_learner_seat_rotates():
    rules = CheatRules(n_players=3)
    a = fast.train_and_test("d", 30, 200, np.random.default_rng(5), rules=rules, seat=2)
    assert a["seat"] == 2 and 0 <= a["wins"] <= 200 and a["weights"].shape == (7, 7)
    with pytest.raises(ValueError, match="seat"):
        fast.train_and_test("d", 30, 200, np.random.default_rng(5), rules=rules, seat=3)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n_players=st.integers(2, 4), max_play=st.integers(1, 4),
       hand_size=st.integers(2, 7), n_ranks=st.integers(3, 6), leader=st.sampled_from(["winner", "challenger"]),
       kinds=st.lists(st.sampled_from(SCRIPTED + ["q"]), min_size=4, max_size=4), last=st.booleans())
def test_compiled_engine_agrees_under_random_rules(seed, n_players, max_play, hand_size, n_ranks, leader, kinds,
                                                    last):
    rules = CheatRules(n_players=n_players, max_play=max_play, hand_size=hand_size, n_ranks=n_ranks,
                       leader_after_challenge=leader, play_cap=200, last_play_challengeable=last)
    kinds = kinds[:n_players]
    uniforms = np.random.default_rng(seed).random(100_000)
    w = np.zeros((n_players, 1 + 2 * max_play, 7))
    learn = np.array([k == "q" for k in kinds])
    got = fast.play_cheat(kinds, 5, uniforms=uniforms, rules=rules, weights=w, learn=learn)
    learners = {i: QLearner(max_play=max_play) for i, k in enumerate(kinds) if k == "q"}
    winners, plays = reference_games(kinds, 5, uniforms, rules, learners=learners)
    assert np.array_equal(got["winners"], winners) and np.array_equal(got["plays"], plays)
    for seat, learner in learners.items():
        assert np.array_equal(learner.weights, w[seat])


# ---------------------------------------------------------------------------- the engines' own uniform stream

@njit
def _numba_uniforms(seed, n):
    """What the engines drew before they generated their uniforms themselves: numba's np.random.random()."""
    np.random.seed(seed)
    out = np.empty(n)
    for i in range(n):
        out[i] = np.random.random()
    return out


@njit
def _stream_uniforms(seed, n, take):
    """The engines' buffered stream, read ``take`` uniforms per top-up (as a game asks for them)."""
    u, at = fast._stream(np.empty(0), seed)
    out = np.empty(n)
    i = 0
    while i < n:
        k = min(take, n - i)
        fast._top_up(u, at, k)
        for _ in range(k):
            out[i] = fast._uniform(u, at)
            i += 1
    return out


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**31 - 2, 2**32 - 1])
@pytest.mark.parametrize("take", [1, 6, 24, 417])
def test_buffered_stream_is_numbas_generator(seed, take):
    """The buffered Mersenne Twister gives numba's (and numpy's legacy) np.random.random() numbers, in order,
    across many refills and twists, however many uniforms a top-up asks for."""
    n = 3 * fast.STREAM_BUFFER + 1000
    want = _numba_uniforms(seed, n)
    assert np.array_equal(_stream_uniforms(seed, n, take), want)
    assert np.array_equal(np.random.RandomState(seed).random_sample(n), want)


def _engine_seed(seed):
    """The seed an engine gives numba's generator from ``default_rng(seed)`` (its one draw from the Generator)."""
    return int(np.random.default_rng(seed).integers(2**31 - 1))


def _seed_stream(seed, n=400_000):
    return np.random.RandomState(_engine_seed(seed)).random_sample(n)


def test_seeded_engines_replay_their_seeds_stream():
    """Each seeded engine plays exactly the games of the given uniforms np.random.RandomState(its seed) draws, the
    stream the engines drew with np.random.random() before: results are those of the earlier engine."""
    w = np.zeros((2, 7, 7))
    a = fast.play_cheat(["q", "d"], 200, np.random.default_rng(3), weights=w, learn=[True, False])
    w2 = np.zeros((2, 7, 7))
    b = fast.play_cheat(["q", "d"], 200, uniforms=_seed_stream(3), weights=w2, learn=[True, False])
    for key in ("winners", "plays", "counters", "q_actions", "weights", "final_lie"):
        assert np.array_equal(a[key], b[key]), key
    for kw in ({}, {"simulate": "model"}, {"search": "p-only", "hand_distribution": "uniform"}):
        got = fast.learning_run("P4", 40, np.random.default_rng(5), **kw)
        want = fast.learning_run("P4", 40, uniforms=_seed_stream(5), **kw)
        for key in got:
            assert np.array_equal(got[key], want[key]), (kw, key)
    lies = fast.personality_lies("P3", 300, np.random.default_rng(8))
    u = _seed_stream(8, 600)
    counts, per_game = fast._lie_rates(pos.hand_cdf(), pos.personality_cdf("P3"), 300, u, 0, pos.POPCOUNT,
                                       fast.guide_table(pos.personality_cdf("P3")))
    assert np.array_equal(lies["lie_counts"], counts) and np.array_equal(lies["lies_per_game"], per_game)


def _random_cards_by_copy(hand, n, u, start):
    """The earlier random_cards: draws from a copy of the hand that loses each drawn card."""
    left, out = hand.copy(), np.zeros_like(hand)
    for j in range(n):
        total = left.sum()
        idx = min(int(u[start + j] * total), total - 1)
        c = 0
        while idx >= left[c]:
            idx -= left[c]
            c += 1
        left[c] -= 1
        out[c] += 1
    return out


def test_random_cards_without_a_copy_draws_the_same_cards():
    """random_cards reads the cards left as hand - out instead of copying the hand: the same cards come out."""
    from liarlab.cheat import policies as pol

    rng = np.random.default_rng(11)
    for _ in range(500):
        hand = rng.integers(0, 4, 13)
        if hand.sum() == 0:
            continue
        n = int(rng.integers(1, min(5, hand.sum()) + 1))
        u = rng.random(8)
        out = np.zeros(13, dtype=np.int64)
        assert pol.random_cards(hand, n, u, 2, out) == n
        assert np.array_equal(out, _random_cards_by_copy(hand, n, u, 2))


# ---------------------------------------------------------------- the stage-2 readings' switches (spec §8.6, §8.8)

@pytest.mark.parametrize("opponent,first", [("a", 0), ("d", 1), ("f", 0), ("e", 1)])
def test_a_fixed_first_player_replays_the_rules_module_and_always_starts(opponent, first, uniforms):
    rules = CheatRules(first_player=first)
    w, learner = _replay_both_engines(("q", opponent), 12, uniforms, rules)
    assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])
    got = fast.play_cheat(["q", opponent], 12, uniforms=uniforms, rules=rules)
    assert (got["first_players"] == first).all()


def test_a_fixed_first_player_deals_the_same_hands_as_a_drawn_one():
    # the first player is drawn either way, so only who starts changes and the random stream stays in step
    for seed in range(6):
        drawn_rng, fixed_rng = np.random.default_rng(seed), np.random.default_rng(seed)
        drawn, fixed = CheatState(drawn_rng), CheatState(fixed_rng, CheatRules(first_player=1))
        assert np.array_equal(drawn.hands, fixed.hands) and fixed.current_player() == 1
        assert drawn_rng.random() == fixed_rng.random()
    with pytest.raises(ValueError, match="first_player"):
        CheatRules(first_player=2)


@pytest.mark.parametrize("opponent,feature_set", [("a", "F7"), ("d", "F5"), ("e", "F7-H5")])
def test_honest_plays_rewarded_zero_trains_the_same_weights_in_both_engines(opponent, feature_set, uniforms):
    w = np.zeros((2, 7, 7))
    got = fast.play_cheat(["q", opponent], 15, uniforms=uniforms, weights=w, learn=[True, False],
                          feature_set=feature_set, honest_reward="0")
    learner = QLearner(feature_set=feature_set, honest_reward="0")
    winners, _ = reference_games(["q", opponent], 15, uniforms, learner=learner)
    assert np.array_equal(got["winners"], winners)
    assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])
    default = np.zeros((2, 7, 7))
    fast.play_cheat(["q", opponent], 15, uniforms=uniforms, weights=default, learn=[True, False],
                    feature_set=feature_set)
    assert not np.array_equal(default, w)   # the switch changes what is learnt


def test_an_honest_play_earns_zero_under_the_switch_and_x_by_default():
    from liarlab.cheat import policies as pol
    truth_2, lie_2 = 2, 3 + 2      # TRUTH_2 and LIE_2 with max_play 3
    assert pol.q_reward(truth_2, 2, 3, False, False, False, 0, False) == 2.0
    assert pol.q_reward(truth_2, 2, 3, True, True, False, 6, False) == 8.0
    assert pol.q_reward(truth_2, 2, 3, False, False, False, 0, False, True) == 0.0
    assert pol.q_reward(truth_2, 2, 3, True, True, False, 6, False, True) == 0.0
    assert pol.q_reward(lie_2, 2, 3, False, False, False, 0, False, True) == 4.0   # lies keep their reward


def test_a_linear_epsilon_schedule_trains_in_blocks_and_the_constant_one_is_unchanged():
    a = fast.train_and_test("d", 100, 300, np.random.default_rng(3))
    b = fast.train_and_test("d", 100, 300, np.random.default_rng(3), epsilon_schedule="constant")
    c = fast.train_and_test("d", 100, 300, np.random.default_rng(3), epsilon_schedule="linear")
    assert np.array_equal(a["weights"], b["weights"]) and a["wins"] == b["wins"]
    assert not np.array_equal(a["weights"], c["weights"])
    zero = fast.train_and_test("d", 0, 300, np.random.default_rng(3), epsilon_schedule="linear")
    assert zero["wins"] == fast.train_and_test("d", 0, 300, np.random.default_rng(3))["wins"]
    with pytest.raises(ValueError, match="epsilon_schedule"):
        fast.train_and_test("d", 1, 1, np.random.default_rng(3), epsilon_schedule="exponential")


@pytest.mark.parametrize("kinds", [("q", "a"), ("q", "d"), ("b", "e"), ("q", "c"), ("c", "random")])
def test_a_rank_cycle_restarting_after_a_challenge_replays_the_rules_module(kinds, uniforms):
    rules = CheatRules(rank_after_challenge="restart")
    w, learner = _replay_both_engines(kinds, 12, uniforms, rules)
    if "q" in kinds:
        assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])
    default = fast.play_cheat(list(kinds), 12, uniforms=uniforms)
    assert not np.array_equal(default["plays"], fast.play_cheat(list(kinds), 12, uniforms=uniforms,
                                                                rules=rules)["plays"])


def test_the_rank_cycle_restarts_at_a_after_a_challenge_only_under_the_switch():
    for cycle, after in (("continue", 2), ("restart", 0)):
        state = CheatState(np.random.default_rng(0), CheatRules(rank_after_challenge=cycle),
                           hands=[[2, 2, 1, 0, 0], [1, 1, 1, 1, 1]], first_player=0)
        state.apply_action(Play((1, 0, 0, 0, 0)))
        state.apply_action(Play((0, 1, 0, 0, 0)))
        state.apply_action(Challenge(1))       # honest: the challenger takes the pile, player 1 leads
        assert state.required_rank() == after


@pytest.mark.parametrize("kinds", [("q", "a"), ("q", "e"), ("b", "d"), ("f", "random")])
def test_the_totals_first_deck_replays_the_rules_module(kinds, uniforms):
    rules = CheatRules(deck="totals first")
    w, learner = _replay_both_engines(kinds, 12, uniforms, rules)
    if "q" in kinds:
        assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])


def test_the_totals_first_deck_deals_full_hands_from_random_totals():
    from liarlab.cheat.game import TOTAL_MAX
    rules = CheatRules(deck="totals first")
    rng = np.random.default_rng(4)
    hands = np.array([CheatState(rng, rules).hands for _ in range(400)])
    assert (hands.sum(axis=2) == rules.hand_size).all()
    per_rank = hands.sum(axis=1)
    assert per_rank.max() <= TOTAL_MAX and (per_rank == 0).any()
    # a streamed (seeded) engine plays it too
    res = fast.play_cheat(["b", "d"], 200, np.random.default_rng(1), rules=rules)
    assert (res["winners"] >= -1).all() and res["plays"].min() >= 2


@pytest.mark.parametrize("opponent,feature_set,history", [("a", "F7", "ground-truth"), ("d", "F5", "ground-truth"),
                                                          ("e", "F7-H5", "revealed"), ("b", "F7", "revealed"),
                                                          ("c", "F7", "ground-truth")])
def test_s_prime_after_the_reply_trains_the_same_weights_in_both_engines(opponent, feature_set, history, uniforms):
    w = np.zeros((2, 7, 7))
    got = fast.play_cheat(["q", opponent], 20, uniforms=uniforms, weights=w, learn=[True, False],
                          feature_set=feature_set, history=history, next_state="after reply")
    learner = QLearner(feature_set=feature_set, history=history, next_state="after reply")
    winners, _ = reference_games(["q", opponent], 20, uniforms, learner=learner)
    assert np.array_equal(got["winners"], winners)
    assert np.abs(w[0]).max() > 0 and np.array_equal(learner.weights, w[0])
    default = np.zeros((2, 7, 7))
    fast.play_cheat(["q", opponent], 20, uniforms=uniforms, weights=default, learn=[True, False],
                    feature_set=feature_set, history=history)
    assert not np.array_equal(default, w)   # the switch changes what is learnt
