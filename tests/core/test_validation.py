"""Parameter checks (liarlab.core.validation): a bad value fails before any work, with one message form naming the
parameter and what it may be, wherever it is passed."""
import pytest

from liarlab import chain
from liarlab.core import validation
from liarlab.study import parallel, profiles


def draw(rng, size):
    return rng.integers(0, 1_000_000, size=size).tolist()


@pytest.mark.parametrize("call, message", [
    (lambda: validation.check_int("players", 1, 2), "players must be an integer >= 2, got 1"),
    (lambda: validation.check_int("games", 0, 1), "games must be an integer >= 1, got 0"),
    (lambda: validation.check_int("type", 33, 1, 32), r"type must be an integer in 1\.\.32, got 33"),
    (lambda: profiles.pick(None, "medium", quick=1, full=2), "profile must be one of"),
    (lambda: chain.select_notebooks("42"), r"only: unknown notebook id"),
    (lambda: chain.run_chain(profile="huge"), "profile must be one of"),
    (lambda: chain.run_chain(profile="quick", n_jobs=0), r"n_jobs must be an integer in 1\.\.512"),
    (lambda: parallel.run_tasks(draw, [], seed=1, n_jobs=0), "n_jobs must be an integer >= 1"),
])
def test_bad_parameters_fail_before_work_with_a_clear_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()
