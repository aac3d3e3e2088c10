"""The prefix closure of a set of histories (liarlab.bluff.sparse_oracle.closed): both of its paths (a flag per
history up to DENSE_CLOSURE_MAX_BIDS bids, sorting beyond) against a plain set walk."""
import numpy as np
import pytest

from liarlab.bluff import sparse_oracle as so


def _closure(masks) -> list:
    out = {0}
    for m in map(int, masks):
        while m:
            out.add(m)
            m ^= 1 << (m.bit_length() - 1)
    return sorted(out)


@pytest.mark.parametrize("bits", [1, 5, 12, so.DENSE_CLOSURE_MAX_BIDS, so.DENSE_CLOSURE_MAX_BIDS + 3, 40])
def test_closed_holds_every_prefix_and_nothing_else(bits):
    rng = np.random.default_rng(bits)
    for size in (0, 1, 7, 300):
        masks = rng.integers(0, 1 << bits, size=size, dtype=np.int64)
        got = so.closed(masks)
        assert got.dtype == np.int64 and got.tolist() == _closure(masks)
        assert so.closed(np.concatenate([masks, masks])).tolist() == got.tolist()   # duplicates change nothing
