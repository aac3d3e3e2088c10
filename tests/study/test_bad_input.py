"""Bad input gets a clear error, fast, with nothing run or written (issue 39): property tests over the public
entry points that take sizes, proportions and paths, and over the command line's options."""
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liarlab.bluff import api as bluff_api
from liarlab.core import verdicts as V

ANY = st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=5),
                st.none(), st.booleans())
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _clear(call, seconds=2.0):
    """``call()`` returns, or raises ValueError/TypeError with a message, within ``seconds``."""
    started = time.perf_counter()
    try:
        call()
    except (ValueError, TypeError) as err:
        assert str(err).strip(), "an error says what is wrong"
    assert time.perf_counter() - started < seconds


@QUICK
@given(wins=ANY, n=ANY)
def test_proportion_never_leaves_its_range(wins, n):
    try:
        est = V.proportion(wins, n)
    except (ValueError, TypeError) as err:
        assert str(err)
        return
    assert 0.0 <= est.low <= est.value <= est.high <= 1.0


@QUICK
@given(printed=st.floats(-5, 5), scale=st.sampled_from([1.0, 100.0]))
def test_a_printed_rate_outside_its_scale_is_refused(printed, scale):
    est = V.proportion(50, 100).scaled(scale)
    if 0 <= printed <= scale:
        V.simulated_value(printed, est, scale=scale)
    else:
        with pytest.raises(ValueError):
            V.simulated_value(printed, est, scale=scale)


@QUICK
@given(faces=st.one_of(st.integers(-3, 10**12), ANY), a=st.integers(-2, 40), b=st.integers(-2, 40))
def test_choose_method_answers_or_refuses_at_once(faces, a, b):
    _clear(lambda: bluff_api.choose_method(faces, (a, b)), seconds=1.0)


@QUICK
@given(faces=st.integers(7, 10**12), a=st.integers(1, 50), b=st.integers(1, 50))
def test_end_games_beyond_the_guard_are_refused_at_once(faces, a, b):
    # every game here has more than 62 bids or 100,000 deals: refused before anything is built
    with pytest.raises(ValueError, match="too large to solve here"):
        started = time.perf_counter()
        try:
            bluff_api.solve(faces * 10, (a + 5, b + 5), game="endgame")
        finally:
            assert time.perf_counter() - started < 1.0


BAD_OPTIONS = [
    ["--profile", "huge"], ["--n-jobs", "0"], ["--at-once", "0"], ["--only", "77"], ["--scheduler", "nonsense"],
    ["--scheduler", "tcp://127.0.0.1:1"], ["-p", "profile=full"], ["-p", "out_dir=/tmp/x"], ["-p", "n_jobs=3"],
    ["-p", "force=True"], ["-p", "nonsense=3"], ["-p", "seed=-1"], ["-p", "no_equals_sign"], ["--resolve"],
]


@pytest.mark.parametrize("options", BAD_OPTIONS, ids=lambda o: " ".join(o))
def test_the_command_line_refuses_bad_options_in_one_line_and_writes_nothing(options, tmp_path, capsys):
    from liarlab.__main__ import main

    started = time.perf_counter()
    assert main(["run", "--only", "00", "--out", str(tmp_path / "report"), *options]) == 2
    assert time.perf_counter() - started < 10
    err = capsys.readouterr().err.strip()
    assert err.startswith("liarlab: ") and len(err.splitlines()) == 1, err
    assert not any(tmp_path.iterdir()), "nothing is written"
