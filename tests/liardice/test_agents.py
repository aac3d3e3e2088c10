"""Random-guess player and the 32 test programs (liarlab.liardice.agents)."""
import numpy as np
import pytest

from liarlab.liardice import rules as ld
from liarlab.liardice.agents import (
    CUM,
    BestResponseAgent,
    RandomGuessAgent,
    TestProgram,
    UniformBelief,
    bid_weight,
    opponent_hands,
    random_guess_action_probabilities,
    random_guess_bid_probabilities,
    random_guess_challenge_probability,
    random_guess_policy_table,
    traits_of,
    traits_table,
)


class ScriptedRng:
    """Stands in for a Generator: returns scripted values for integers()/random() in call order."""

    def __init__(self, integers=(), randoms=()):
        self._ints, self._floats = list(integers), list(randoms)

    def integers(self, *args, **kwargs):
        return self._ints.pop(0)

    def random(self, *args, **kwargs):
        return self._floats.pop(0)


def _freq(agent, own, last, n, seed=0):
    rng = np.random.default_rng(seed)
    counts = {}
    for _ in range(n):
        a = agent.decide(np.array(own), last, rng)
        counts[a] = counts.get(a, 0) + 1
    return {k: v / n for k, v in counts.items()}


# ---------------------------------------------------------------- test programs

def test_type_formula_and_type31_fix():
    assert traits_of(1).label() == "honest, trusting, high cap, weak, prefers challenge"
    assert traits_of(7).label() == "honest, suspicious, low cap, weak, prefers challenge"
    assert traits_of(23).label() == "honest, suspicious, low cap, weak, prefers bid"
    assert traits_of(31).label() == "liar, suspicious, low cap, weak, prefers bid"
    assert traits_of(32).label() == "liar, suspicious, low cap, strong, prefers bid"
    assert [traits_of(t).type_id for t in range(1, 33)] == list(range(1, 33))
    assert len(traits_table().drop(columns=["type", "label"]).drop_duplicates()) == 32


@pytest.mark.parametrize("bad", [0, 33, -1, 1.5, "3", None, True])
def test_invalid_type_raises(bad):
    with pytest.raises(ValueError, match="type must be an integer in 1..32"):
        TestProgram(bad)


def test_fig_5_1_type7_bids_four_5s():
    """Type 7 holding two 5s, cap 4, facing "three 5s": believes x-2 = one 5 -> no challenge;
    honest branch -> most-held face 5 (three believed); weak -> minimal raise "four 5s"."""
    agent = TestProgram(7)
    agent.cap = 4
    own = np.array([0, 1, 1, 1, 2, 0])
    rng = ScriptedRng(integers=[2, 0], randoms=[0.1])   # discount 2; honest draw; first (only) argmax
    assert agent.decide(own, (3, 5), rng) == ("bid", (4, 5))
    # over all draws, type 7 never challenges here and bids "four 5s" at least 70% * 1/2 of the time
    freq = _freq(TestProgram(7), own, (3, 5), 3000)
    assert ld.CHALLENGE not in freq or freq[ld.CHALLENGE] < 0.5


def test_honest_bids_most_held_face_about_70_percent():
    own = [0, 0, 3, 1, 1, 0]                 # face 3 most held; absent faces 1, 2, 6
    n = 4000
    for t, share in [(1, 0.7), (9, 0.3)]:
        freq = _freq(TestProgram(t), own, None, n)
        most = sum(v for (kind, *rest), v in freq.items() if kind == "bid" and rest[0][1] == 3)
        absent = sum(v for (kind, *rest), v in freq.items() if kind == "bid" and rest[0][1] in (1, 2, 6))
        assert abs(most - share) < 0.035 and abs(most + absent - 1) < 1e-12
        assert all(a[1][0] == 2 for a in freq)          # weak opening: two of the face


def test_strong_jumps_half_the_time():
    own = [0, 0, 3, 1, 1, 0]
    freq = _freq(TestProgram(2), own, None, 4000)      # honest trusting high strong
    jumped = sum(v for a, v in freq.items() if a[1][0] == 3)
    assert abs(jumped - 0.5) < 0.035


@pytest.mark.parametrize("t", [1, 3, 17, 19, 32])
def test_cap_reached_always_challenges(t):
    agent = TestProgram(t)
    rng = np.random.default_rng(0)
    for _ in range(50):
        agent.new_game(0, 0, ld.THESIS, rng)
        assert agent.cap in ((4, 5) if traits_of(t).low_cap else (5, 6))
        assert agent.decide(np.array([5, 0, 0, 0, 0, 0]), (agent.cap, 1), rng) == ld.CHALLENGE
    agent.cap = 6
    variant = TestProgram(t, cap_rule=">")
    variant.cap = 6
    assert variant.decide(np.array([5, 0, 0, 0, 0, 0]), (6, 2), rng) != ld.CHALLENGE or not traits_of(t).prefers_bid


def test_trusting_and_suspicious_verdicts():
    own = [0, 0, 0, 0, 1, 0]                 # one 5, facing "three 5s"
    # trusting believes 3 or 2 -> total 4 or 3 >= 3: never challenges; suspicious believes 2 or 1
    assert ld.CHALLENGE not in _freq(TestProgram(1), own, (3, 5), 500)
    p = _freq(TestProgram(5), own, (3, 5), 4000).get(ld.CHALLENGE, 0)
    assert abs(p - 0.5) < 0.035


# ---------------------------------------------------------------- random guess

def test_cum_weights_and_fig_4_4_bid_weights():
    assert CUM == (7776, 4651, 1526, 276, 26, 1)
    own = [1, 0, 0, 1, 1, 0]                  # one 5, no 6
    assert bid_weight(own, (2, 5)) == 4651 and bid_weight(own, (2, 6)) == 1526
    assert bid_weight(own, (1 + 1, 1)) == 4651 and bid_weight([2, 0, 0, 0, 0, 0], (2, 1)) == 7776


@pytest.mark.parametrize("own, bid, p", [
    ([0, 0, 0, 0, 1, 0], (3, 5), 1 / 3),     # Figs 4.2/4.3
    ([0, 0, 0, 4, 0, 0], (4, 3), 2 / 3),     # Fig 4.5
    ([0, 0, 0, 0, 0, 5], (6, 4), 1.0),       # Fig 4.6
])
def test_challenge_draw_worked_checks(own, bid, p):
    assert random_guess_challenge_probability(own, bid) == pytest.approx(p)
    rng = np.random.default_rng(1)
    agent = RandomGuessAgent()
    draws = np.mean([agent.decide_challenge(np.array(own), bid, rng) for _ in range(6000)])
    assert abs(draws - p) < 0.025


def test_fig_4_6_final_action_is_always_challenge():
    own = [0, 0, 0, 0, 0, 5]
    probs = random_guess_action_probabilities(own, (6, 4))
    assert probs[-1] == 1.0
    assert _freq(RandomGuessAgent(), own, (6, 4), 300) == {ld.CHALLENGE: 1.0}


def test_empirical_actions_match_closed_form():
    own, bid = [0, 0, 0, 4, 0, 0], (4, 3)
    exact = random_guess_action_probabilities(own, bid)
    assert exact.sum() == pytest.approx(1.0)
    freq = _freq(RandomGuessAgent(), own, bid, 6000, seed=3)
    assert abs(freq.get(ld.CHALLENGE, 0) - exact[-1]) < 0.025
    four_4s = ld.bid_index((4, 4))
    assert abs(freq.get(("bid", (4, 4)), 0) - exact[four_4s]) < 0.025
    q = random_guess_bid_probabilities(own, bid)
    assert q[: ld.bid_index(bid) + 1].sum() == 0 and 0 < q.sum() < 1


def test_opening_never_challenges_and_only_true_looking_bids():
    freq = _freq(RandomGuessAgent(), [1, 1, 1, 1, 1, 0], None, 500)
    assert all(a[0] == "bid" for a in freq)


def test_loop_safety_falls_back():
    class NeverBelieves(UniformBelief):
        def sample_opponent_hand(self, rng):
            return np.zeros(6, dtype=int)         # no candidate bid is ever true beyond own dice
    agent = RandomGuessAgent(NeverBelieves(), max_iterations=20)
    own = np.array([0, 0, 0, 0, 5, 0])       # "five 5s" is certain (never challenged), nothing above is true
    assert agent.decide(own, (5, 5), np.random.default_rng(0)) == ld.CHALLENGE and agent.iterations == 20
    # at the opening with no candidate passing, the fallback is the lowest bid
    class NoPass(UniformBelief):
        def opening_challenge_probability(self, count):
            return 0.0
    assert RandomGuessAgent(NoPass(), max_iterations=5).decide(own, None, np.random.default_rng(0)) == ("bid", (2, 1))


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="guess"):
        RandomGuessAgent(guess="float")
    with pytest.raises(ValueError, match="mix_lambda"):
        RandomGuessAgent(mix_lambda=1.5)
    with pytest.raises(ValueError, match="2 players"):
        RandomGuessAgent().new_game(0, 0, ld.LiarDiceConfig(n_players=3))


class RecordingBelief(UniformBelief):
    def __init__(self):
        super().__init__()
        self.calls = []

    def new_game(self, starter_is_me):
        self.calls.append(("new_game", starter_is_me))

    def observe_opponent_action(self, my_last_bid, action, rng):
        self.calls.append(("observe", my_last_bid, action))

    def end_game(self, record, me):
        self.calls.append(("end_game", me, record.winner))


def test_belief_interface_sees_every_opponent_action():
    rng = np.random.default_rng(11)
    for game in range(30):
        belief = RecordingBelief()
        starter = game % 2
        record = ld.play_game([TestProgram(game % 32 + 1), RandomGuessAgent(belief)], rng, starter=starter)
        assert belief.calls[0] == ("new_game", starter == 1)
        assert belief.calls[-1] == ("end_game", 1, record.winner)
        observed = [c for c in belief.calls if c[0] == "observe"]
        opp_bids = [("bid", b) for p, b in record.bids if p == 0]
        expected = opp_bids + ([ld.CHALLENGE] if record.challenger == 0 else [])
        assert [c[2] for c in observed] == expected
        mine = [None] + [b for p, b in record.bids if p == 1]
        if starter == 1:
            mine = mine[1:]
        assert [c[1] for c in observed] == mine[: len(observed)]


def test_x1_and_x2_variants_play_legal_games():
    rng = np.random.default_rng(2)
    for agent in (RandomGuessAgent(guess="real"), RandomGuessAgent(mix_lambda=0.0), RandomGuessAgent(retry_bid=True)):
        records = ld.play_match([agent, TestProgram(9)], 20, rng)
        assert len(records) == 20 and all(r.bids and r.challenger != r.bids[-1][0] and r.winner != r.loser and [ld.bid_index(b) for _, b in r.bids] == sorted({ld.bid_index(b) for _, b in r.bids}) for r in records)  # noqa: E501


def test_policy_table_matches_single_position_formula():
    table = random_guess_policy_table()
    hands, probs = opponent_hands()
    assert hands.shape == (252, 6) and probs.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(table.sum(axis=2), 1.0, atol=1e-12)
    for m, standing in [(0, 0), (17, 9), (130, 30), (251, 53)]:
        last = None if standing == 0 else ld.bid_from_index(standing - 1)
        np.testing.assert_allclose(table[m, standing], random_guess_action_probabilities(hands[m], last), atol=1e-12)


def test_best_responder_exploits_random_guess():
    records = ld.play_match([BestResponseAgent(), RandomGuessAgent()], 300, np.random.default_rng(8))
    assert np.mean([r.winner == 0 for r in records]) > 0.62


def test_two_step_best_responder_values_are_probabilities():
    agent = BestResponseAgent(depth=2)
    agent.new_game(0, 0, ld.THESIS)
    values = agent.action_values(np.array([1, 0, 2, 0, 2, 0]), (3, 4))
    legal = values[np.isfinite(values)]
    assert len(legal) == 54 - ld.bid_index((3, 4)) - 1 + 1
    assert np.all((legal >= 0) & (legal <= 1 + 1e-9))
    one = BestResponseAgent(depth=1)
    one.new_game(0, 0, ld.THESIS)
    # choosing again after a raise can only add value to a bid
    v1 = one.action_values(np.array([1, 0, 2, 0, 2, 0]), (3, 4))
    assert np.all(values[:54][np.isfinite(values[:54])] >= v1[:54][np.isfinite(v1[:54])] - 1e-12)
    with pytest.raises(ValueError, match="depth"):
        BestResponseAgent(depth=3)


def test_random_guess_kernel_matches_its_python_reference():
    """The compiled bid step (weights + weighted pick) shared by all three engines equals the plain reference."""
    import numpy as np

    from liarlab.liardice.agents import _cumulative_weights, reference_bid_pick, rg_candidate_weights, rg_pick
    from liarlab.liardice.rules import THESIS

    rng = np.random.default_rng(11)
    ladder = THESIS.ladder
    checked = 0
    for _ in range(400):
        own = np.bincount(rng.integers(0, 6, 5), minlength=6)
        opp = np.bincount(rng.integers(0, 6, 5), minlength=6) if rng.random() < 0.5 else 5 * rng.dirichlet(np.ones(6))
        start = int(rng.integers(0, 30))
        u = float(rng.random())
        weights = np.zeros(ladder.n_bids)
        total = rg_candidate_weights(own, opp, start, ladder.quantities, ladder.face_indices,
                                     _cumulative_weights(5, 6), weights)
        pick = rg_pick(weights, start, ladder.n_bids, total, u) if total > 0 else -1
        assert pick == reference_bid_pick(own, opp, start, THESIS, u)
        checked += pick >= 0
    assert checked > 100      # most positions have a candidate: the comparison is not vacuous


def test_held_total_and_early_stopping_pick_equal_the_weight_pass():
    """The network engine's bid step (a per-decision table of summed weights, a pick that stops early) gives the
    sum and the pick of rg_candidate_weights + rg_pick exactly, for whole-numbered sampled hands, including draws
    at the edges of [0, 1)."""
    import numpy as np

    from liarlab.liardice.agents import (
        _cumulative_weights,
        rg_candidate_weights,
        rg_face_totals,
        rg_held_total,
        rg_pick,
        rg_pick_held,
    )
    from liarlab.liardice.rules import THESIS

    rng = np.random.default_rng(12)
    ladder = THESIS.ladder
    cumw = np.asarray(_cumulative_weights(5, 6), dtype=float)
    totals = np.zeros((6, ladder.quantities.max() + 1))
    picks = set()
    for i in range(3000):
        own = np.bincount(rng.integers(0, 6, 5), minlength=6).astype(np.int64)
        opp = np.bincount(rng.integers(0, 6, 5), minlength=6).astype(np.int64)
        start = int(rng.integers(0, ladder.n_bids))
        u = (0.0, float(np.nextafter(1.0, 0.0)))[i % 2] if i < 20 else float(rng.random())
        weights = np.zeros(ladder.n_bids)
        total = rg_candidate_weights(own, opp, start, ladder.quantities, ladder.face_indices, cumw, weights)
        rg_face_totals(own, start, ladder.quantities, ladder.face_indices, cumw, totals)
        assert rg_held_total(own, opp, totals) == total
        if total > 0:
            pick = rg_pick_held(own, opp, start, ladder.quantities, ladder.face_indices, cumw, total, u)
            assert pick == rg_pick(weights, start, ladder.n_bids, total, u)
            picks.add(pick)
    assert len(picks) > 20      # the comparison covers many bids of the ladder, not a few
