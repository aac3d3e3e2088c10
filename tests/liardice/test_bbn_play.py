"""Each reading of the network (notebook 01's reading comparison) changes a decision at a position
built for it; the default reading and the variant give different actions there."""
import numpy as np
import pytest

from liarlab.liardice import bbn
from liarlab.liardice.agents import RandomGuessAgent

SURE = 10**9            # decisions recorded at every count: the gate n/(n+10) adopts (almost) always


def _table(p):
    """A [A - 2, D] table: one probability everywhere, or a pair (D = 0, D = 1) for every count."""
    return np.broadcast_to(np.asarray(p, dtype=float), (9, 2)).copy()


def _belief(p_supports, p_lie, **options):
    belief = bbn.BayesNetBelief(np.random.default_rng(0), **options)
    belief.decisions_at[:] = SURE
    belief.opening_lie_counts[:] = SURE
    belief.opening_challenge_counts[:] = SURE
    belief.p_supports = _table(p_supports)
    belief.p_lie = _table(p_lie)
    belief.p_opening_lie = float(p_lie)
    belief.p_opening_challenged = np.linspace(0.05, 0.95, 9)       # rises with the count
    return belief


def _challenges(belief, own, mine, theirs, n=200):
    """Share of challenge verdicts (the challenge half of the decision) after observing ``theirs``."""
    belief.new_game(starter_is_me=True)
    belief.observe_opponent_action(mine, ("bid", theirs), np.random.default_rng(1))
    agent = RandomGuessAgent(belief=belief)
    rng = np.random.default_rng(2)
    return np.mean([agent.decide_challenge(np.asarray(own), theirs, rng) for _ in range(n)])


def test_not_support_limit_x_minus_3_changes_the_challenge():
    """We bid four 5s holding three; the network says 'does not support' and 'credible'; they raise
    to five 5s. x-2 lets them hold two 5s (3 + 2 = 5: the bid may stand, never challenged);
    x-3 allows one (3 + 1 < 5: always challenged)."""
    own = [0, 0, 0, 0, 3, 2]
    x2 = _challenges(_belief(0.1, 0.1, not_support_offset=2), own, (4, 5), (5, 5))
    x3 = _challenges(_belief(0.1, 0.1, not_support_offset=3), own, (4, 5), (5, 5))
    assert x2 == 0.0 and x3 == 1.0


def test_not_support_limits_agree_at_count_two():
    """At our count 2 both limits are 0 dice (x-3 = -1 is clipped): the reading can matter only from
    count 3 up."""
    for offset in (2, 3):
        belief = _belief(0.1, 0.9, not_support_offset=offset)
        belief.new_game(False)
        belief.apply_response_verdicts((2, 4), (2, 6), supports=False, credible=True)
        assert belief.hand.L[3] == 0


def test_bernoulli_verdicts_change_the_challenge():
    """P(supports) = 0.7: the threshold reading always fills H (two 5s imagined, never a challenge of
    five 5s holding three); the Bernoulli reading limits the face in about 30 % of games (challenge)."""
    own = [0, 0, 0, 0, 3, 2]
    assert _challenges(_belief(0.7, 0.1), own, (4, 5), (5, 5)) == 0.0
    limited = []
    for seed in range(60):
        belief = _belief(0.7, 0.1, verdict="sample")
        belief.new_game(True)
        belief.observe_opponent_action((4, 5), ("bid", (5, 5)), np.random.default_rng(seed))
        limited.append(belief.hand.L[4] >= 0)
    assert 5 < sum(limited) < 40


def test_edge_a_to_b_changes_p_supports_at_high_counts():
    """Counts where high bids are never supported: P(B) (root) stays near the overall share, P(B|A) drops."""
    counts = np.zeros((9, 2, 3, 3, 2), dtype=np.int64)
    counts[0, 1, 0, 0, 0] = 200                    # count 2: always supported
    counts[3, 0, 1, 0, 0] = 20                     # count 5: never supported
    root = bbn.BayesNetBelief(refit_every=10**6)
    child = bbn.BayesNetBelief(refit_every=10**6, b_depends_on_a=True)
    for belief in (root, child):
        belief.response_counts[:] = counts
        belief.refit()
    assert root.p_supports[3, 0] > 0.5 > child.p_supports[3, 0]


def test_opening_fill_to_count_changes_the_imagined_hand():
    one, to_count = _belief(0.5, 0.1), _belief(0.5, 0.1, opening_fill="to_count")
    for belief in (one, to_count):
        belief.new_game(False)
        belief.observe_opponent_action(None, ("bid", (4, 2)), np.random.default_rng(0))
    assert one.hand.H[1] == 1 and to_count.hand.H[1] == 3


def test_probability_4_changes_our_opening_bid_check():
    with_p4 = _belief(0.5, 0.5)
    without = _belief(0.5, 0.5, use_opening_probability=False)
    for belief in (with_p4, without):
        belief.new_game(starter_is_me=True)
    assert with_p4.opening_challenge_probability(10) is not None
    assert without.opening_challenge_probability(10) is None
    # the opening keeps a candidate with probability P(K=1|N): at N=10 that is 0.95, vs the hand check
    agent = RandomGuessAgent(belief=with_p4)
    rng = np.random.default_rng(0)
    opp = np.zeros(6, dtype=np.int64)
    kept = np.mean([agent.opponent_would_challenge((10, 6), opp, True, rng) for _ in range(400)])
    plain = RandomGuessAgent(belief=without)
    kept_plain = np.mean([plain.opponent_would_challenge((2, 6), opp, True, rng) for _ in range(400)])
    assert kept > 0.9 and kept_plain < 0.5


# ---------------------------------------------------------------- the compiled engine's branches

def _compiled_observe(mine, theirs, p_supports, p_lie, offset=2, h_updates=True, l_updates=True, d_every_bid=False):
    """One call of the compiled verdict update (bbn_play._nb_observe) with the gate (almost) surely open."""
    from liarlab.liardice import bbn_play
    from liarlab.liardice.rules import THESIS

    ladder = THESIS.ladder
    H = np.zeros(6, dtype=np.int64)
    L = np.full(6, -1, dtype=np.int64)
    decisions = np.full(9, SURE, dtype=np.int64)
    np.random.seed(0)
    bbn_play._nb_observe(ladder.index(mine), ladder.index(theirs), H, L, np.array([True, True, True]),
                         _table(p_supports), _table(p_lie), 0.5,
                         np.array([SURE, SURE], dtype=np.int64), decisions, False, offset, False,
                         ladder.quantities, ladder.face_indices, h_updates, l_updates, False, 0, d_every_bid)
    return H, L


def test_compiled_not_support_limit_x_minus_3_branch():
    """The compiled engine's x-3 branch: we bid four 5s, 'does not support' -> at most two 5s (x-2) or one
    (x-3); the reference belief sets the same limits."""
    for offset, expected in ((2, 2), (3, 1)):
        H, L = _compiled_observe((4, 5), (5, 6), p_supports=0.1, p_lie=0.9, offset=offset)
        assert L[4] == expected
        belief = _belief(0.1, 0.9, not_support_offset=offset)
        belief.new_game(False)
        belief.apply_response_verdicts((4, 5), (5, 6), supports=False, credible=False)
        assert belief.hand.L[4] == expected


def test_compiled_ablations_drop_fills_or_limits():
    H, L = _compiled_observe((4, 5), (5, 6), p_supports=0.9, p_lie=0.1)          # supports, credible
    assert H[4] == 2 and H[5] >= 1
    H, L = _compiled_observe((4, 5), (5, 6), p_supports=0.9, p_lie=0.1, h_updates=False)
    assert H.sum() == 0
    H, L = _compiled_observe((4, 5), (5, 6), p_supports=0.1, p_lie=0.9)          # limits on both faces
    assert L[4] == 2 and L[5] == 3
    H, L = _compiled_observe((4, 5), (5, 6), p_supports=0.1, p_lie=0.9, l_updates=False)
    assert (L < 0).all()


def test_reference_ablations_drop_fills_or_limits():
    belief = _belief(0.9, 0.1, h_updates=False)
    belief.new_game(False)
    belief.apply_response_verdicts((4, 5), (5, 6), supports=True, credible=True)
    assert belief.hand.size == 0
    belief = _belief(0.1, 0.9, l_updates=False)
    belief.new_game(False)
    belief.apply_response_verdicts((4, 5), (5, 6), supports=False, credible=False)
    assert max(belief.hand.L) < 0


def test_shut_gate_is_plain_random_guess_draw_for_draw():
    """Gate always shut: the network never acts, so both engines give the plain player's results game by game."""
    from liarlab.liardice import bbn_play

    fast = bbn_play.play_paired_match_fast(("type", 25), 120, np.random.default_rng(3), gate="shut")
    assert (fast["games"].win_bbn == fast["games"].win_plain).all()
    ref = bbn_play.play_paired_match(("type", 25), 40, np.random.default_rng(3), gate="shut", record=False)
    assert (ref["games"].win_bbn == ref["games"].win_plain).all()
    open_gate = bbn_play.play_paired_match_fast(("type", 25), 120, np.random.default_rng(3))
    assert (open_gate["games"].win_bbn != open_gate["games"].win_plain).any()


def test_sampled_challenge_guess_uses_the_constrained_hand():
    """Reading challenge_guess='sampled': with a limit of two 5s the range reading guesses U{0..2} (mean 1) and
    the sampled reading the count of 5s among five dice given at most two: (3125*0 + 3125*1 + 1250*2)/7500 = 0.75."""
    rng = np.random.default_rng(4)
    ranged = _belief(0.5, 0.5)
    sampled = _belief(0.5, 0.5, challenge_guess="sampled")
    for b in (ranged, sampled):
        b.new_game(False)
        b.hand.limit(5, 2)
    agent_r, agent_s = RandomGuessAgent(belief=ranged), RandomGuessAgent(belief=sampled)
    g_r = np.mean([agent_r.guess_opponent_count(5, rng) for _ in range(6000)])
    g_s = np.mean([agent_s.guess_opponent_count(5, rng) for _ in range(6000)])
    assert abs(g_r - 1.0) < 0.04
    assert abs(g_s - 0.75) < 0.04
    assert sampled.sampled_challenge_guess(4, rng) is None     # no opinion about 4s: the uniform guess


# ---------------------------------------------------------------- the game's readings in both engines (E12, 01 row 18)

def test_random_openers_are_the_same_draws_in_both_engines():
    """``opener="random"``: both engines draw the openers from the same seed after the match's own, so the same
    generator gives the same openers game for game; the default alternates and draws nothing."""
    from liarlab.liardice import bbn_play

    fast = bbn_play.play_paired_match_fast(("type", 5), 60, np.random.default_rng(8), opener="random")
    ref = bbn_play.play_paired_match(("type", 5), 60, np.random.default_rng(8), opener="random", record=False)
    assert np.array_equal(fast["games"].bbn_starts.to_numpy(), ref["games"].bbn_starts.to_numpy())
    alternate = np.arange(60) % 2 == 0
    assert not np.array_equal(fast["games"].bbn_starts.to_numpy(), alternate)
    assert 15 < fast["games"].bbn_starts.sum() < 45
    default = bbn_play.play_paired_match_fast(("type", 5), 60, np.random.default_rng(8))
    assert np.array_equal(default["games"].bbn_starts.to_numpy(), alternate)


@pytest.mark.parametrize("switch, type_id, n_reference", [
    ({"agent_options": {"retry_bid": True}}, 15, 2_000),
    ({"program_options": {"cap_rule": ">"}}, 27, 3_000),
    ({"program_options": {"cap_limits_bids": True}}, 28, 2_000),
    ({"program_options": {"cap_overrides": False}}, 19, 2_000),
    ({"program_options": {"opening_count": 3}}, 3, 2_000),
])
def test_game_readings_play_alike_in_both_engines(switch, type_id, n_reference):
    """Each rule reading of the game as a switch of both paired-match engines: the plain player's win rate against
    a type the reading moves agrees between the reference agents and the compiled engine under the switch (the
    engines draw from different generators, so they agree in distribution: within four standard errors), and the
    switch moves the compiled rate by more than that margin (a switch one engine ignored would fail)."""
    from liarlab.liardice import bbn_play

    def plain_rate(play, n, seed, **options):
        return play(("type", type_id), n, np.random.default_rng(seed), **options)["games"].win_plain.mean()

    n_fast = 30_000
    fast = plain_rate(bbn_play.play_paired_match_fast, n_fast, 1, gate="shut", **switch)
    fast_default = plain_rate(bbn_play.play_paired_match_fast, n_fast, 1, gate="shut")
    ref = plain_rate(bbn_play.play_paired_match, n_reference, 2, gate="shut", record=False, **switch)
    margin = 4 * np.sqrt(fast * (1 - fast) * (1 / n_fast + 1 / n_reference))
    assert abs(ref - fast) < margin
    assert abs(fast - fast_default) > margin


def test_the_compiled_engine_refuses_agent_options_it_does_not_play():
    from liarlab.liardice import bbn_play

    with pytest.raises(ValueError, match="retry_bid"):
        bbn_play.play_paired_match_fast(("type", 1), 5, np.random.default_rng(0), agent_options={"guess": "real"})
    with pytest.raises(ValueError, match="cap_rule"):
        bbn_play.play_paired_match_fast(("type", 1), 5, np.random.default_rng(0), program_options={"cap": 3})
    with pytest.raises(ValueError):
        bbn_play.play_paired_match_fast(("type", 1), 5, np.random.default_rng(0), program_options={"cap_rule": "<"})


# ---------------------------------------------------------------- node D's other reading (open point 9, 01 row 18)

@pytest.mark.parametrize("node_d, supports", [("same_face", False), ("every_bid", True)])
def test_node_d_every_bid_reads_the_d_equals_1_column_for_an_answer_on_another_face_in_both_engines(node_d, supports):
    """We bid four 5s; they answer five 6s (another face). The tables say 'supports' only where D = 1 (0.9 there, 0.1
    at D = 0) and 'credible' everywhere. The spec's reading reads D = 0 for another face: 'does not support', at most
    two 5s (x - 2). Under node_d='every_bid' every bid has D = 1: 'supports', two 5s imagined. The reference belief
    and the compiled kernel, both with the gate (almost) surely open, build the same imagined hand."""
    belief = _belief([0.1, 0.9], 0.1, node_d=node_d)
    belief.new_game(starter_is_me=False)
    belief.observe_opponent_action((4, 5), ("bid", (5, 6)), np.random.default_rng(1))
    H, L = _compiled_observe((4, 5), (5, 6), p_supports=[0.1, 0.9], p_lie=0.1, d_every_bid=node_d == "every_bid")
    assert list(H) == belief.hand.H and list(L) == belief.hand.L
    if supports:
        assert H[4] == 2 and L[4] < 0
    else:
        assert H[4] == 0 and L[4] == 2


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_node_d_every_bid_reaches_the_training_samples_and_the_verdicts_of_a_whole_match(engine, monkeypatch):
    """Open point 9's other reading through a whole match of each engine (the switch must reach both the training
    counts and the verdicts): under node_d='every_bid' no answering bid is counted with D = 0, and between two refits
    (fixed tables: one every 50 games here) every answer to our bids at one count reads the same P(supports),
    whatever face it names; under the spec's reading both D columns are trained and read."""
    from liarlab.liardice import bbn_play

    beliefs = []

    class Kept(bbn.BayesNetBelief):          # the match's own belief, kept to read its training counts
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            beliefs.append(self)

    monkeypatch.setattr(bbn_play, "BayesNetBelief", Kept)
    play = bbn_play.play_paired_match_fast if engine == "fast" else bbn_play.play_paired_match
    for node_d in ("same_face", "every_bid"):
        out = play(("type", 25), 150, np.random.default_rng(6), record=True, node_d=node_d, refit_every=50,
                   refit_doubling=False)
        answers = beliefs[-1].response_counts[:, :, :2, :2, 0]            # [A, B, C, D] of the answering bids
        obs = out["observations"]
        answered = obs[obs.kind == "response"]
        read = answered.groupby([answered.game // 50, answered["count"]]).p_supports.nunique()
        if node_d == "every_bid":
            assert answers[..., 0].sum() == 0 and answers[..., 1].sum() > 0
            assert read.max() == 1
        else:
            assert answers[..., 0].sum() > 0 and answers[..., 1].sum() > 0
            assert read.max() == 2


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_node_d_every_bid_reaches_the_verdicts_of_a_whole_match(engine, monkeypatch):
    """The verdicts of a whole match under fixed tables (never refitted, the gate (almost) surely open): 'supports'
    only where D = 1, 'credible' everywhere, a credible opening. Under node_d='every_bid' every answer reads D = 1,
    so nothing is ever limited; under the spec's reading an answer on another face reads D = 0, 'does not
    support', and limits our face in some games."""
    from liarlab.liardice import bbn_play

    class Fixed(bbn.BayesNetBelief):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.decisions_at[:] = SURE
            self.opening_lie_counts[:] = SURE
            self.p_supports, self.p_lie = _table([0.1, 0.9]), _table(0.1)
            self.p_opening_lie = 0.1

        def refit(self):
            """The tables stay as set."""

    monkeypatch.setattr(bbn_play, "BayesNetBelief", Fixed)
    limited = {}
    for node_d in ("same_face", "every_bid"):
        if engine == "fast":
            out = bbn_play.play_paired_match_fast(("type", 25), 60, np.random.default_rng(7), record=True,
                                                  compiled_refits=False, node_d=node_d)
        else:
            out = bbn_play.play_paired_match(("type", 25), 60, np.random.default_rng(7), record=True, node_d=node_d)
        limited[node_d] = int((out["hands"].n_limits > 0).sum())
    assert limited["every_bid"] == 0 and limited["same_face"] > 0
