"""The solvers' size guards refuse what no method can hold, at once and in integer arithmetic, naming the largest
size that fits (issue 39)."""
import time

import pytest

from liarlab.bluff import api, solve


@pytest.mark.parametrize("call, words", [
    (lambda: solve(1000), "most faces that fit in max_bytes=6.0 GiB with dice=(1, 1): 10"),
    (lambda: solve(10**9), "2^2,000,000,000 histories"),
    (lambda: solve(10**400), "no method can hold them"),
    (lambda: api.choose_method(12), "no method can solve Bluff with faces=12"),
    (lambda: api.choose_method(12, (2, 2)), "10^"),
    (lambda: solve(100, (5, 5), game="endgame"), "The most faces that pass with these dice: 6"),
    (lambda: solve(10**9, (1, 1), game="endgame"), "too large to solve here"),
    (lambda: solve(6, (1, 2, 3), game="endgame"), "dice is a pair"),
    (lambda: solve(6, max_bytes=-1), "max_bytes"),
])
def test_a_round_too_large_is_refused_within_a_second(call, words):
    started = time.perf_counter()
    with pytest.raises(ValueError) as err:
        call()
    assert words in str(err.value)
    assert time.perf_counter() - started < 1.0


def test_the_largest_size_named_does_fit():
    size = api.round_size(10, (1, 1))
    assert min(size["estimated_bytes"], size["histories"] * size["deals"] * 56) <= api.DEFAULT_MAX_BYTES
    assert api.choose_method(10)[0] == "oracle"


def test_one_size_check_answers_for_every_method_and_game():
    """rules.check_fits is the one "does this round fit?" of the package: the doors, the per-turn method and the
    terminal game all ask it (issue 48)."""
    from liarlab.bluff.rules import check_fits

    assert check_fits(6, (1, 1), method="auto")["method"] == "lp"
    assert check_fits(10, (1, 1), method="auto")["method"] == "oracle"
    assert check_fits(6, (2, 1), method="per-turn") == {"faces": 6, "dice": (2, 1)}
    assert check_fits(6, (2, 2), game="endgame", convention="stairs") == {"bids": 36, "deals": 729}
    for call, words in [(lambda: check_fits(10, (1, 1), method="lp"), "too large for the whole-tree LP"),
                        (lambda: check_fits(6, (1, 1), method="cfr"), "method must be one of"),
                        (lambda: check_fits(6, (1, 1), game="cheat"), "game must be"),
                        (lambda: check_fits(60, (9, 9), method="per-turn"), "per-turn LP")]:
        with pytest.raises(ValueError, match=words):
            call()
