"""One turn of Bluff as an LP (liarlab.bluff.turn_lp): the caller's and the guesser's side give one value."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.bluff import turn_lp


@settings(max_examples=25, deadline=None)
@given(C=st.integers(1, 3), G=st.integers(1, 3), K=st.integers(1, 3), seed=st.integers(0, 10_000))
def test_turn_lp_value_agrees_from_both_sides(C, G, K, seed):
    rng = np.random.default_rng(seed)
    wc, wg = rng.dirichlet(np.ones(C)), rng.dirichlet(np.ones(G))
    accept, bluff = rng.uniform(-1, 1, (C, G, K)), rng.uniform(-1, 1, (C, G, K))
    turn = turn_lp._solve_turn(wc, wg, accept, bluff)
    mirror_value, _ = turn_lp._solve_turn_guesser(wc, wg, accept, bluff)
    assert turn.value == pytest.approx(mirror_value, abs=1e-8)
    # the dual-read guesser strategy holds every caller hand to the value ...
    y = turn.y_bluff[None]
    per_bid = (wg[None, :, None] * ((1 - y) * accept + y * bluff)).sum(axis=1)  # (C, K)
    assert wc @ per_bid.max(axis=1) == pytest.approx(turn.value, abs=1e-8)
    # ... and the caller's x earns it against every guesser reply
    per_reply = np.minimum(np.einsum("c,ck,cgk->gk", wc, turn.x, accept), np.einsum("c,ck,cgk->gk", wc, turn.x, bluff))
    assert wg @ per_reply.sum(axis=1) == pytest.approx(turn.value, abs=1e-8)
    # the value-only door (HiGHS's own bindings) solves the same LP to the same value
    assert turn_lp.turn_value(wc, wg, accept, bluff) == pytest.approx(turn.value, abs=1e-12)
