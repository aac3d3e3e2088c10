"""The closed-form BDeu tables agree with pgmpy's fit + VariableElimination (paper 01's network)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.liardice import bbn, bbn_counts


def _random_counts(rng, scale, sparsity):
    """Count tables in the belief's layout: C, D missing exactly on the challenge rows (E = 1)."""
    response = np.zeros((9, 2, 3, 3, 2), dtype=np.int64)
    bid = rng.integers(0, scale + 1, size=(9, 2, 2, 2)) * (rng.random((9, 2, 2, 2)) > sparsity)
    response[:, :, :2, :2, 0] = bid
    response[:, :, bbn.MISSING, bbn.MISSING, 1] = rng.integers(0, scale + 1, size=(9, 2)) * (rng.random((9, 2)) > sparsity)
    response[0, 0, 0, 0, 0] += 1                     # pgmpy needs at least one row
    opening_lie = rng.integers(0, scale + 1, size=2)
    opening_challenge = rng.integers(0, scale + 1, size=(9, 2)) * (rng.random((9, 2)) > sparsity)
    return response, opening_lie, opening_challenge


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), scale=st.sampled_from([1, 5, 200]), sparsity=st.sampled_from([0.0, 0.5, 0.9]),
       ess=st.sampled_from([0.5, 5.0, 20.0]), b_depends_on_a=st.booleans())
def test_closed_form_equals_pgmpy_for_every_query(seed, scale, sparsity, ess, b_depends_on_a):
    counts = _random_counts(np.random.default_rng(seed), scale, sparsity)
    fast = bbn_counts.closed_form_tables(*counts, ess, b_depends_on_a)
    ref = bbn.pgmpy_tables(*counts, ess, b_depends_on_a)
    for key in ("p_supports", "p_lie", "p_opening_challenged"):
        np.testing.assert_allclose(fast[key], ref[key], rtol=0, atol=1e-9, err_msg=key)
    assert fast["p_opening_lie"] == pytest.approx(ref["p_opening_lie"], abs=1e-9)


def test_closed_form_equals_direct_pgmpy_queries_one_by_one():
    """Every (A, D) query the player makes, asked of pgmpy one at a time with full evidence."""
    counts = _random_counts(np.random.default_rng(11), 30, 0.3)
    fast = bbn_counts.closed_form_tables(*counts, 5.0)
    model = bbn.pgmpy_tables(*counts, 5.0)["models"]["response"]
    for a in bbn.COUNTS:
        for d in (0, 1):
            evidence = {"A": a, "D": d, "E": 0}
            assert fast["p_supports"][a - 2, d] == pytest.approx(bbn.query_probability(model, "B", 1, evidence), abs=1e-9)
            assert fast["p_lie"][a - 2, d] == pytest.approx(bbn.query_probability(model, "C", 1, evidence), abs=1e-9)


def test_weighted_counts_are_what_the_prior_sees():
    """An empty table gives the BDeu prior alone: every answer 1/2."""
    zero = bbn_counts.closed_form_tables(np.zeros((9, 2, 3, 3, 2)), np.zeros(2), np.zeros((9, 2)), 5.0)
    np.testing.assert_allclose(zero["p_supports"], 0.5)
    np.testing.assert_allclose(zero["p_lie"], 0.5)
    assert zero["p_opening_lie"] == 0.5
    np.testing.assert_allclose(zero["p_opening_challenged"], 0.5)


def test_a_count_moves_the_answer_the_right_way():
    counts = np.zeros((9, 2, 3, 3, 2))
    counts[1, 1, 0, 1, 0] = 50                       # A=3: opponent supported, did not lie, kept the face
    t = bbn_counts.closed_form_tables(counts, np.array([0, 30]), np.zeros((9, 2)), 5.0)
    assert t["p_supports"][1, 1] > 0.9 and t["p_lie"][1, 1] < 0.1
    assert t["p_opening_lie"] == pytest.approx(32.5 / 35)


def test_the_belief_learns_after_every_game_by_default_and_both_fitters_agree():
    from liarlab.liardice.agents import RandomGuessAgent, TestProgram
    from liarlab.liardice.rules import THESIS, play_game

    assert bbn.BayesNetBelief().refit_every == 1
    beliefs = [bbn.BayesNetBelief(np.random.default_rng(0), fitter=f) for f in ("counts", "pgmpy")]
    records = []
    for belief in beliefs:
        agents = [RandomGuessAgent(belief=belief), TestProgram(25)]
        rng = np.random.default_rng(3)
        records.append([play_game(agents, rng, THESIS, starter=g % 2).bids for g in range(12)])
        assert belief.refits == 12
    assert records[0] == records[1]                      # same tables, so the same games
    fast, ref = beliefs
    np.testing.assert_allclose(fast.p_supports, ref.p_supports, atol=1e-9)
    np.testing.assert_allclose(fast.p_lie, ref.p_lie, atol=1e-9)
    np.testing.assert_allclose(fast.p_opening_challenged, ref.p_opening_challenged, atol=1e-9)
    assert set(fast.pgmpy_models()) == {"response", "opening_lie", "opening_challenge"}


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), scale=st.sampled_from([1, 30]), b_depends_on_a=st.booleans())
def test_laplace_reading_equals_pgmpy_k2(seed, scale, b_depends_on_a):
    """The spec's add-one smoothing (a reading beside the BDeu default) agrees with pgmpy's K2 prior."""
    counts = _random_counts(np.random.default_rng(seed), scale, 0.5)
    fast = bbn_counts.closed_form_tables(*counts, 5.0, b_depends_on_a, laplace=True)
    ref = bbn.pgmpy_tables(*counts, 5.0, b_depends_on_a, laplace=True)
    for key in ("p_supports", "p_lie", "p_opening_challenged"):
        np.testing.assert_allclose(fast[key], ref[key], rtol=0, atol=1e-9, err_msg=key)
    assert fast["p_opening_lie"] == pytest.approx(ref["p_opening_lie"], abs=1e-9)


def test_laplace_differs_from_bdeu_and_is_add_one():
    counts = np.zeros((9, 2, 3, 3, 2))
    t = bbn_counts.closed_form_tables(counts, np.array([0, 3]), np.zeros((9, 2)), 5.0, laplace=True)
    assert t["p_opening_lie"] == pytest.approx(4 / 5)
    b = bbn_counts.closed_form_tables(counts, np.array([0, 3]), np.zeros((9, 2)), 5.0)
    assert b["p_opening_lie"] == pytest.approx(5.5 / 8)


def test_bbn_counts_imports_nothing_of_the_network():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(bbn_counts))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not any("bbn" in m and m != "liarlab.liardice.bbn_counts" for m in names), names


def test_integer_counts_give_the_float_counts_tables_bit_for_bit():
    """The compiled refit hands the kernels the integer count tables: every table equals the one of the same counts
    as floats exactly (whole numbers: the sums and quotients are the same), for every prior and both B readings."""
    from liarlab.liardice.bbn_counts import opening_challenge_tables, opening_lie_probability, response_tables

    rng = np.random.default_rng(5)
    for _ in range(50):
        counts = rng.integers(0, 40, size=(9, 2, 3, 3, 2)) * (rng.random((9, 2, 3, 3, 2)) < 0.6)
        lie = rng.integers(0, 300, size=2)
        chal = rng.integers(0, 60, size=(9, 2))
        for b_depends_on_a in (False, True):
            for laplace in (False, True):
                out_int = np.zeros((2, 9, 2))
                out_float = np.zeros((2, 9, 2))
                response_tables(counts, 5.0, b_depends_on_a, out_int[0], out_int[1], laplace)
                response_tables(counts.astype(float), 5.0, b_depends_on_a, out_float[0], out_float[1], laplace)
                assert np.array_equal(out_int, out_float)
                assert opening_lie_probability(lie, 5.0, laplace) == opening_lie_probability(lie.astype(float), 5.0,
                                                                                             laplace)
                p_int, p_float = np.zeros(9), np.zeros(9)
                opening_challenge_tables(chal, 5.0, p_int, laplace)
                opening_challenge_tables(chal.astype(float), 5.0, p_float, laplace)
                assert np.array_equal(p_int, p_float)


def test_the_thesis_normaliser_divides_by_p_d_given_a_times_p_e_given_a_from_pgmpy():
    """Spec §4.2 (open point 8): the thesis divides P(B, D=d, E=bid | A) by P(D=d | A) P(E=bid | A), not by
    P(D=d, E=bid | A). The closed form under that reading equals pgmpy's joint over the product of pgmpy's
    marginals, and differs from the exact posterior where D and E are dependent given A."""
    counts = _random_counts(np.random.default_rng(12), 30, 0.3)
    exact = bbn_counts.closed_form_tables(*counts, 5.0)
    thesis = bbn_counts.closed_form_tables(*counts, 5.0, thesis_normaliser=True)
    model = bbn.pgmpy_tables(*counts, 5.0)["models"]["response"]
    for a in (2, 4, 7):
        for d in (0, 1):
            joint = bbn.query_probability(model, "D", d, {"A": a, "E": 0}) * bbn.query_probability(model, "E", 0, {"A": a})
            marginals = bbn.query_probability(model, "D", d, {"A": a}) * bbn.query_probability(model, "E", 0, {"A": a})
            assert thesis["p_supports"][a - 2, d] == pytest.approx(exact["p_supports"][a - 2, d] * joint / marginals,
                                                                   abs=1e-9)
            assert thesis["p_lie"][a - 2, d] == pytest.approx(exact["p_lie"][a - 2, d] * joint / marginals, abs=1e-9)
    assert not np.allclose(thesis["p_supports"], exact["p_supports"])
    with pytest.raises(ValueError, match="closed-form"):
        bbn.BayesNetBelief(normaliser="thesis", fitter="pgmpy")
