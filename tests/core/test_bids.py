"""The one bid ladder (liarlab.core.bids) in its two orders."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liarlab.core.bids import BidLadder, bid_ladder

LADDERS = st.builds(BidLadder, faces=st.integers(2, 7), min_quantity=st.integers(1, 3),
                    max_quantity=st.integers(3, 8), order=st.sampled_from(["quantity", "star"]))


@settings(max_examples=60, deadline=None)
@given(LADDERS, st.data())
def test_index_and_order_agree(ladder, data):
    i = data.draw(st.integers(0, ladder.n_bids - 1))
    j = data.draw(st.integers(0, ladder.n_bids - 1))
    a, b = ladder.bid(i), ladder.bid(j)
    assert ladder.index(a) == i
    assert ladder.bid_is_higher(a, b) == (i > j)
    assert ladder.quantities[i] == a[0] and ladder.face_indices[i] == a[1] - 1
    assert ladder.index_table[a[0], a[1] - 1] == i
    assert ladder.higher_bids(a) == list(ladder.bids[i + 1:])


def test_quantity_order_is_the_thesis_ladder():
    ladder = BidLadder(6, 2, 10)
    assert ladder.n_bids == 54
    assert ladder.bids[:7] == ((2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 1))
    assert ladder.index((4, 4)) == 2 * 6 + 3


def test_star_order_puts_k_stars_between_2k_minus_1_and_2k():
    ladder = BidLadder(2, 1, 4, "star")        # face 2 is the star
    assert ladder.bids == ((1, 1), (1, 2), (2, 1), (3, 1), (2, 2), (4, 1), (3, 2), (4, 2))
    assert ladder.bid_is_higher((2, 2), (3, 1)) and not ladder.bid_is_higher((2, 2), (4, 1))
    assert BidLadder(6, 1, 2, "star").bids == BidLadder(6, 1, 2).bids   # one die each: the orders agree


def test_bad_bids_and_parameters_fail_clearly():
    with pytest.raises(ValueError, match="not a bid"):
        BidLadder(6, 2, 10).index((1, 1))
    with pytest.raises(ValueError, match="order"):
        BidLadder(6, 1, 2, "stars")
    with pytest.raises(ValueError, match="max_quantity"):
        BidLadder(6, 3, 2)
    assert bid_ladder(6, 2, 10) is bid_ladder(6, 2, 10)
