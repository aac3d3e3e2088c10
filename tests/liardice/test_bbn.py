"""Bayesian-network opponent model (paper 01, Ch. 4 §3)."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.liardice import bbn, bbn_play
from liarlab.liardice.agents import RandomGuessAgent, TestProgram, UniformBelief
from liarlab.liardice.rules import THESIS, GameRecord, play_match


@pytest.fixture(autouse=True)
def _serial_run_context():
    """These runs are small: one process, no bars (the run context's settings, as a notebook would set them)."""
    from liarlab.study import context

    with context.using(n_jobs=1, progress=False):
        yield


# ----------------------------------------------------------------------------- structure

def test_response_network_has_the_thesis_edges_and_b_is_a_root():
    model = bbn.response_network()
    assert set(model.edges()) == {("A", "C"), ("B", "C"), ("A", "D"), ("B", "D"), ("C", "D"),
                                  ("A", "E"), ("B", "E")}
    assert set(model.nodes()) == set("ABCDE")
    assert list(model.get_parents("B")) == []


def test_b_given_a_variant_adds_the_edge():
    model = bbn.response_network(b_depends_on_a=True)
    assert ("A", "B") in model.edges()


def test_opening_networks():
    assert list(bbn.opening_lie_network().nodes()) == ["O"]
    assert set(bbn.opening_challenge_network().edges()) == {("N", "K")}


# ----------------------------------------------------------------------------- inference

def _record(opp_hand, my_hand, bids, challenger, me=0):
    hands = np.zeros((2, 6), dtype=np.int64)
    hands[me] = my_hand
    hands[1 - me] = opp_hand
    return GameRecord(hands, bids[0][0], bids, challenger, winner=0, loser=1)


def _trained_belief(ess=5.0):
    belief = bbn.BayesNetBelief(refit_every=1000, equivalent_sample_size=ess, fitter="pgmpy")
    rng = np.random.default_rng(7)
    for _ in range(40):
        opp = np.bincount(rng.integers(0, 6, 5), minlength=6)
        x, y = int(rng.integers(2, 5)), int(rng.integers(1, 7))
        if rng.random() < 0.3:
            bids = [(0, (x, y))]
            challenger = 1
        else:
            x2, y2 = (x, y + 1) if y < 6 and rng.random() < 0.5 else (x + 1, int(rng.integers(1, 7)))
            bids = [(0, (x, y)), (1, (x2, y2))]
            challenger = 0
        belief.add_training_samples(_record(opp, [1, 1, 1, 1, 1, 0], bids, challenger), me=0)
    belief.refit()
    return belief


def _hand_posterior_supports(counts, a, d, ess):
    """P(B=1 | A=a, D=d, E=bid) from raw counts and the BDeu pseudo counts, by hand."""
    n = counts                                     # [A, B, C(+missing), D(+missing), E]
    A = a - 2
    def p_b(b):
        return (n[:, b].sum() + ess / 2) / (n.sum() + ess)
    def p_e_bid(b):                                # parents A, B: 18 configurations
        return (n[A, b, :, :, 0].sum() + ess / 36) / (n[A, b].sum() + ess / 18)
    def p_c(c, b):                                 # parents A, B; bid rows only
        return (n[A, b, c, :2, 0].sum() + ess / 36) / (n[A, b, :2, :2, 0].sum() + ess / 18)
    def p_d(d, b, c):                              # parents A, B, C: 36 configurations
        return (n[A, b, c, d, 0] + ess / 72) / (n[A, b, c, :2, 0].sum() + ess / 36)
    score = [p_b(b) * p_e_bid(b) * sum(p_c(c, b) * p_d(d, b, c) for c in (0, 1)) for b in (0, 1)]
    return score[1] / sum(score)


def test_one_inference_matches_a_hand_calculation_from_counts():
    belief = _trained_belief(ess=5.0)
    a, d = 3, 1
    hand = _hand_posterior_supports(belief.response_counts, a, d, 5.0)
    direct = bbn.query_probability(belief.models["response"], "B", 1, {"A": a, "D": d, "E": 0})
    assert direct == pytest.approx(hand, rel=1e-9)
    assert belief.p_supports[a - 2, d] == pytest.approx(hand, rel=1e-9)


def test_cached_tables_equal_direct_queries():
    belief = _trained_belief()
    model = belief.models["response"]
    for a, d in [(2, 0), (4, 1), (9, 0)]:
        assert belief.p_lie[a - 2, d] == pytest.approx(
            bbn.query_probability(model, "C", 1, {"A": a, "D": d, "E": 0}), rel=1e-9)
    n = belief.opening_challenge_counts
    # (b): P(K=1 | N=2) with BDeu pseudo counts ess / (2 * 9)
    expected = (n[0, 1] + 5 / 18) / (n[0].sum() + 5 / 9)
    assert belief.p_opening_challenged[0] == pytest.approx(expected)


def test_training_samples_follow_the_definitions():
    belief = bbn.BayesNetBelief()
    # we bid three 5s, they hold one 5 (supports: 1 >= 3-2) and answer three 6s holding one 6 (lie)
    opp = [3, 0, 0, 0, 1, 1]
    belief.add_training_samples(_record(opp, [0] * 6, [(0, (3, 5)), (1, (3, 6))], challenger=0), me=0)
    assert belief.response_counts[3 - 2, 1, 1, 0, 0] == 1      # A=3, supports, lie, other face, bid
    assert belief.opening_challenge_counts[3 - 2, 0] == 1       # our opening, not challenged
    assert belief.decisions_at[1] == 1
    belief.add_training_samples(_record(opp, [0] * 6, [(1, (2, 1)), (0, (4, 1))], challenger=1), me=0)
    assert belief.opening_lie_counts[0] == 1                    # two 1s holding three: honest
    assert belief.response_counts[4 - 2, 1, bbn.MISSING, bbn.MISSING, 1] == 1


# ----------------------------------------------------------------------------- gate

def test_gate_probability():
    assert bbn.gate_probability(0) == 0
    assert bbn.gate_probability(1) == pytest.approx(1 / 11)
    assert bbn.gate_probability(10) == pytest.approx(0.5)


def test_gate_adoption_rate_matches_threshold():
    belief = bbn.BayesNetBelief()
    rng = np.random.default_rng(3)
    assert not any(belief._gate(0, rng) for _ in range(1000))
    rate = np.mean([belief._gate(10, rng) for _ in range(20000)])
    assert rate == pytest.approx(0.5, abs=0.02)


# ----------------------------------------------------------------------------- H / L updates

def _blank():
    belief = bbn.BayesNetBelief()
    belief.new_game(starter_is_me=False)
    return belief


def test_credible_opening_adds_one_die_fig_4_12():
    b = _blank()
    b.apply_opening_verdict((2, 3), credible=True)
    assert b.hand.H == [0, 0, 1, 0, 0, 0] and b.hand.L == [-1] * 6


def test_lying_opening_limits_the_face_fig_4_15():
    b = _blank()
    b.apply_opening_verdict((2, 3), credible=False)
    assert b.hand.L == [-1, -1, 0, -1, -1, -1] and b.hand.size == 0


@pytest.mark.parametrize("supports,credible,H,L", [
    (True, True, [0, 0, 0, 0, 1, 2], [-1] * 6),                      # Figs 4.13 + 4.14
    (False, True, [0, 0, 0, 0, 0, 2], [-1, -1, -1, -1, 1, -1]),      # Fig 4.16
    (True, False, [0, 0, 0, 0, 1, 0], [-1, -1, -1, -1, -1, 1]),      # Fig 4.17
    (False, False, [0] * 6, [-1, -1, -1, -1, 1, 1]),
])
def test_response_updates_figs_4_13_to_4_17(supports, credible, H, L):
    b = _blank()
    b.apply_response_verdicts((3, 5), (3, 6), supports=supports, credible=credible)
    assert b.hand.H == H and b.hand.L == L


def test_observe_applies_network_verdicts_when_adopted():
    b = _blank()
    b.decisions_at[:] = 10**12                      # gate ~ 1
    b.p_supports = np.full((9, 2), 0.9)
    b.p_lie = np.full((9, 2), 0.1)
    b.observe_opponent_action((3, 5), ("bid", (3, 6)), np.random.default_rng(0))
    assert b.hand.H == [0, 0, 0, 0, 1, 2]
    b.new_game(False)
    b.p_lie[:] = 0.9
    b.p_supports[:] = 0.1
    b.observe_opponent_action((3, 5), ("bid", (3, 6)), np.random.default_rng(0))
    assert b.hand.L == [-1, -1, -1, -1, 1, 1]


def test_a_bid_below_the_networks_counts_is_neither_read_nor_learned():
    """Paper 02's game has bids of one die; the network's counts start at two (no wrap to the row of ten)."""
    b = _blank()
    b.decisions_at[:] = 10**12                      # gate ~ 1
    b.p_supports = np.full((9, 2), 0.9)
    b.p_lie = np.full((9, 2), 0.1)
    b.p_opening_lie = 0.9
    b.opening_lie_counts[:] = 10**12
    b.observe_opponent_action((1, 5), ("bid", (1, 6)), np.random.default_rng(0))
    b.observe_opponent_action(None, ("bid", (1, 3)), np.random.default_rng(0))
    assert b.hand.is_blank()
    b._opening_adopted = True
    b.p_opening_challenged = np.full(9, 0.7)
    assert b.opening_challenge_probability(1) is None and b.opening_challenge_probability(2) == 0.7
    fresh = bbn.BayesNetBelief()
    fresh.add_training_samples(_record([3, 0, 0, 0, 1, 1], [0] * 6, [(0, (1, 5)), (1, (1, 6)), (0, (3, 5))],
                                       challenger=1), me=0)
    assert fresh.opening_challenge_counts.sum() == 0 and fresh.decisions_at.tolist() == [0, 1] + [0] * 7


def test_no_update_without_a_fitted_network_or_records():
    b = _blank()
    b.observe_opponent_action(None, ("bid", (2, 3)), np.random.default_rng(0))
    b.observe_opponent_action((3, 5), ("bid", (3, 6)), np.random.default_rng(0))
    assert b.hand.is_blank()


def test_fills_respect_limits_and_five_dice_and_limits_respect_h():
    hand = bbn.ImaginedHand()
    hand.limit(6, 1)
    hand.fill_to(6, 4)
    assert hand.H[5] == 1
    hand.fill_to(5, 9)
    assert hand.size == 5
    hand.limit(5, 0)                                # never below the imagined dice
    assert hand.L[4] == 4
    hand.limit(6, 3)                                # repeated limits keep the minimum
    assert hand.L[5] == 1


def test_challenge_guess_range():
    hand = bbn.ImaginedHand()
    assert hand.guess_range(3) == (0, 5)
    hand.fill_to(3, 1)
    hand.fill_to(6, 2)
    assert hand.guess_range(3) == (1, 3)            # 5 - two imagined 6s
    hand.limit(3, 2)
    assert hand.guess_range(3) == (1, 2)


# ----------------------------------------------------------------------------- sampling

hands = st.tuples(st.lists(st.integers(0, 2), min_size=6, max_size=6),
                  st.lists(st.integers(-1, 3), min_size=6, max_size=6))


@settings(max_examples=200, deadline=None)
@given(hands, st.integers(0, 2**32 - 1))
def test_sampling_respects_h_and_l(spec, seed):
    fills, limits = spec
    hand = bbn.ImaginedHand()
    for face, lim in enumerate(limits, start=1):
        if lim >= 0:
            hand.limit(face, lim)
    for face, k in enumerate(fills, start=1):
        hand.fill_to(face, k)
    H, L = np.array(hand.H), np.array(hand.L)
    feasible = sum(5 if l < 0 else l for l in L) >= 5
    rng = np.random.default_rng(seed)
    for _ in range(20):
        s = bbn.sample_hand(hand, rng)
        assert s.sum() == 5 and np.all(s >= H)
        if feasible:
            assert np.all((L < 0) | (s <= L))


def test_sampling_distribution_equals_rejection_sampling():
    hand = bbn.ImaginedHand()
    hand.fill_to(2, 1)
    hand.limit(3, 0)
    hand.limit(5, 1)
    # exact: enumerate the 6^4 fills, keep those within the limits
    exact = {}
    for dice in itertools.product(range(6), repeat=4):
        s = np.bincount(dice, minlength=6) + np.array(hand.H)
        if s[2] <= 0 and s[4] <= 1:
            exact[tuple(s)] = exact.get(tuple(s), 0) + 1
    total = sum(exact.values())
    rng = np.random.default_rng(11)
    n = 40000
    seen = {}
    for _ in range(n):
        key = tuple(bbn.sample_hand(hand, rng))
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) <= set(exact)
    chi2 = sum((seen.get(k, 0) - n * w / total) ** 2 / (n * w / total) for k, w in exact.items())
    assert chi2 < len(exact) + 5 * np.sqrt(2 * len(exact))


def test_blank_hand_samples_like_uniform_belief():

    a = bbn.sample_hand(bbn.ImaginedHand(), np.random.default_rng(5))
    b = UniformBelief().sample_opponent_hand(np.random.default_rng(5))
    assert np.array_equal(a, b)


# ----------------------------------------------------------------------------- play

def test_bbn_player_learns_during_a_match():
    belief = bbn.BayesNetBelief(np.random.default_rng(1), refit_every=10, record=True)
    records = play_match([RandomGuessAgent(belief=belief), TestProgram(11)], 40, np.random.default_rng(2))
    assert len(records) == 40 and belief.games == 40
    assert belief.refits == len(bbn.refit_points(40, 10))
    assert belief.decisions_at.sum() > 0 and belief.p_supports is not None
    assert any(o["adopted"] for o in belief.observations)


def test_schedules():
    assert bbn_play.opposite_type(1) == 32 and bbn_play.opposite_type(11) == 22
    assert bbn_play.deceiver_schedule(4, 8) == [8, 8, 25, 25]
    s = bbn_play.drifting_schedule(120, 50, np.random.default_rng(0))
    assert len(set(s[:50])) == 1 and len(set(s[50:100])) == 1


def test_invalid_parameters_are_rejected():
    with pytest.raises(ValueError, match="refit_every"):
        bbn.BayesNetBelief(refit_every=0)
    with pytest.raises(ValueError, match="verdict"):
        bbn.BayesNetBelief(verdict="maybe")
    with pytest.raises(ValueError, match="node_d"):
        bbn.BayesNetBelief(node_d="supports")
    with pytest.raises(ValueError, match="opponent spec"):
        bbn_play.make_opponent(("human",), 10, np.random.default_rng(0))


# ----------------------------------------------------------------------------- refit schedule and compiled path

def test_refit_schedule():
    assert bbn.refit_points(10, 1) == list(range(1, 11))
    assert bbn.refit_points(500, 100) == [1, 2, 4, 8, 16, 32, 64, 128, 228, 328, 428]
    assert bbn.refit_points(500, 100, doubling=False) == [100, 200, 300, 400, 500]


def test_python_belief_refits_on_the_schedule():
    belief = bbn.BayesNetBelief(np.random.default_rng(1), refit_every=3)
    play_match([RandomGuessAgent(belief=belief), TestProgram(5)], 10, np.random.default_rng(2))
    assert belief.refits == len(bbn.refit_points(10, 3))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 6), st.integers(-1, 5)), max_size=8))
def test_compiled_imagined_hand_matches_reference(ops):
    hand = bbn.ImaginedHand()
    H = np.zeros(6, dtype=np.int64)
    L = np.full(6, -1, dtype=np.int64)
    for is_fill, face, k in ops:
        if is_fill:
            hand.fill_to(face, k)
            bbn_play._nb_fill_to(H, L, face - 1, k)
        else:
            hand.limit(face, k)
            bbn_play._nb_limit(H, L, face - 1, k)
        assert list(H) == hand.H and list(L) == hand.L
    for face in range(1, 7):
        assert tuple(bbn_play._nb_guess_range(H, L, face - 1)) == hand.guess_range(face)
    opp = np.zeros(6, dtype=np.int64)
    feasible = sum(5 if l < 0 else l for l in hand.L) >= 5
    for _ in range(20):
        bbn_play._nb_sample_opponent(H, L, opp)
        assert opp.sum() == 5 and np.all(opp >= H)
        if feasible:
            assert np.all((L < 0) | (opp <= L))


@pytest.mark.parametrize("node_d", ["same_face", "every_bid"])
def test_compiled_training_counts_match_reference(node_d):
    """The same finished game gives the same training samples in both paths, under either reading of node D: their
    three 6s answer our three 5s, another face, so D = 0 under the spec's reading and D = 1 under 'every bid'."""
    opp = np.array([3, 0, 0, 0, 1, 1])
    bids = [(0, (3, 5)), (1, (3, 6)), (0, (4, 6))]
    record = _record(opp, [0, 0, 0, 0, 2, 2], bids, challenger=1)
    ref = bbn.BayesNetBelief(node_d=node_d)
    ref.add_training_samples(record, me=0)
    fast = bbn.BayesNetBelief()
    ladder = THESIS.ladder
    index = np.array([ladder.index(b) for _, b in bids] + [0] * 61, dtype=np.int64)
    bbn_play._nb_train(opp, index, len(bids), True, 1, fast.response_counts, fast.opening_lie_counts,
                       fast.opening_challenge_counts, fast.decisions_at, ladder.quantities, ladder.face_indices,
                       node_d == "every_bid")
    for name in ("response_counts", "opening_lie_counts", "opening_challenge_counts", "decisions_at"):
        assert np.array_equal(getattr(ref, name), getattr(fast, name)), name
    assert ref.response_counts[3 - 2, 1, 1, int(node_d == "every_bid"), 0] == 1


def test_fast_path_is_common_random_numbers_and_reproducible():
    a = bbn_play.play_paired_match_fast(("type", 3), 50, np.random.default_rng(4), refit_every=10)
    b = bbn_play.play_paired_match_fast(("type", 3), 50, np.random.default_rng(4), refit_every=10)
    assert a["games"].equals(b["games"])
    assert a["timing"]["refits"] == len(bbn.refit_points(50, 10))


def test_probability_4_can_be_switched_off():
    belief = bbn.BayesNetBelief(use_opening_probability=False)
    belief.p_opening_challenged = np.full(9, 0.9)
    belief.opening_challenge_counts[:] = 10**9
    belief.new_game(starter_is_me=True)
    assert belief.opening_challenge_probability(2) is None
    on = bbn.BayesNetBelief()
    on.p_opening_challenged = np.full(9, 0.9)
    on.opening_challenge_counts[:] = 10**9
    on.new_game(starter_is_me=True)
    assert on.opening_challenge_probability(2) == pytest.approx(0.9)


def test_compiled_records_match_the_reference_layout_and_distribution():
    """E8 records from the compiled engine: the reference belief's columns, the gate adopts about n/(n+10) of the
    time, nothing is adopted before the first record, and the revealed shares agree with the reference engine."""
    from liarlab.liardice import bbn_play

    fast = bbn_play.play_paired_match_fast(("type", 25), 300, np.random.default_rng(5), record=True)
    ref = bbn_play.play_paired_match(("type", 25), 300, np.random.default_rng(5), record=True)
    fo, ro = fast["observations"], ref["observations"]
    assert list(fo.columns) == list(ro.columns) and list(fast["hands"].columns) == list(ref["hands"].columns)
    assert len(fast["hands"]) == 300 and fo.game.is_monotonic_increasing
    assert not fo[fo.n == 0].adopted.any()
    assert abs(fo.adopted.mean() - fo.gate.mean()) < 0.06
    assert fo[fo.kind == "opening"].supports.isna().all() and fo[fo.kind == "response"].supports.notna().all()
    for col in ("lie", "adopted"):
        assert abs(fo[col].mean() - ro[col].mean()) < 0.08, col
    h = fast["hands"]
    assert (h.h_dice_wrong <= h.h_dice).all() and (h.n_limits_wrong <= h.n_limits).all()


@pytest.mark.parametrize("options", [
    {}, {"verdict": "sample", "prior": "laplace"}, {"b_depends_on_a": True, "not_support_offset": 3},
    {"gate": "shut"}, {"challenge_guess": "sampled", "opening_fill": "to_count"},
    {"use_opening_probability": False, "l_updates": False}, {"h_updates": False}, {"normaliser": "thesis"},
    {"gate_draws": "per_update"}, {"gate_count": "after", "verdict": "sample"}, {"node_d": "every_bid"},
    {"refit_every": 7, "refit_doubling": False}, {"refit_every": 30}])
@pytest.mark.parametrize("spec", [("type", 25), ("random_guess",), ("drifting", 7)])
def test_compiled_refits_play_the_reference_loop_game_for_game(options, spec):
    """The whole match in one compiled call (refits inside) gives the games, records, refits and final tables of
    the reference loop that plays the batches from Python and refits through BayesNetBelief.refit."""
    kwargs = dict(record=True, **options)
    compiled = bbn_play.play_paired_match_fast(spec, 80, np.random.default_rng(9), **kwargs)
    timed = bbn_play.play_paired_match_fast(spec, 80, np.random.default_rng(9), time_refits=True, **kwargs)
    reference = bbn_play.play_paired_match_fast(spec, 80, np.random.default_rng(9), compiled_refits=False, **kwargs)
    for out in (compiled, timed):
        for key in ("games", "observations", "hands"):
            assert out[key].equals(reference[key]), key
        assert out["timing"]["refits"] == reference["timing"]["refits"]
    assert np.isnan(compiled["timing"]["refit_seconds"]) and timed["timing"]["refit_seconds"] >= 0
    assert reference["observations"].adopted.any() or options.get("gate") == "shut"


@pytest.mark.parametrize("baseline", [True, False])
def test_match_wins_are_the_matchs_games(baseline):
    """E12's lean door gives the win columns of play_paired_match_fast on the same generator, and advances it the
    same way."""
    rng_a, rng_b = np.random.default_rng(21), np.random.default_rng(21)
    match = bbn_play.play_paired_match_fast(("type", 27), 60, rng_a, baseline=baseline, refit_every=1)
    wins, plain = bbn_play.paired_match_wins_fast(("type", 27), 60, rng_b, baseline=baseline, refit_every=1)
    assert np.array_equal(wins, match["games"].win_bbn.to_numpy())
    if baseline:
        assert np.array_equal(plain, match["games"].win_plain.to_numpy())
    else:
        assert plain is None
    assert rng_a.random() == rng_b.random()


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_gate_readings_adopt_as_their_probability_says(engine):
    """Spec open point 10 in both engines: with the gate's n counted after the event no record has n = 0 (the first
    occurrence is adopted with probability 1/11) and adoption follows n/(n+10); with a gate per update a response is acted on when
    either of its two draws adopts, 1 - (1 - n/(n+10))^2 of the time, above the shared gate's n/(n+10)."""
    from liarlab.liardice import bbn_play

    play = bbn_play.play_paired_match_fast if engine == "fast" else bbn_play.play_paired_match
    after = play(("type", 25), 150, np.random.default_rng(6), record=True, gate_count="after")["observations"]
    before = play(("type", 25), 150, np.random.default_rng(6), record=True)["observations"]
    assert after.n.min() == 1 and before.n.min() == 0
    assert abs(after.adopted.mean() - after.gate.mean()) < 0.06
    split = play(("type", 25), 150, np.random.default_rng(6), record=True, gate_draws="per_update")["observations"]
    r = split[split.kind == "response"]
    either = 1 - (1 - r.gate) ** 2
    assert abs(r.adopted.mean() - either.mean()) < 0.06 and either.mean() - r.gate.mean() > 0.1
