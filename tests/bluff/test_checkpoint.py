"""A long solve stops and goes on (issue 40): _solve_certified with a checkpoint folder resumes from its last round."""
import numpy as np
import pytest

from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame


def _tree(faces=5, dice=(2, 1)):
    return so.Tree.of_game(EndGame(faces, dice))


def test_a_solve_stopped_after_each_round_and_resumed_ends_where_one_solve_ends(tmp_path):
    tree = _tree()
    whole = so._solve_certified(tree, threads=False, oracle="fringe")
    assert whole.iterations >= 3, "the test needs a solve of several rounds"
    legs = []
    for _ in range(whole.iterations + 2):
        part = so._solve_certified(tree, threads=False, oracle="fringe", checkpoint=tmp_path, max_iterations=len(legs) + 1)
        legs.append(part)
        if part.upper - part.lower <= 1e-10:
            break
    last = legs[-1]
    assert (last.lower, last.upper) == (whole.lower, whole.upper)
    assert last.iterations == whole.iterations and last.legs == len(legs)
    assert np.array_equal(last.H, whole.H)
    assert all(b.seconds >= a.seconds for a, b in zip(legs, legs[1:])), "each leg's seconds add to the last"
    for p in (0, 1):
        assert np.array_equal(whole.plans[p].nodes, last.plans[p].nodes)
        assert np.array_equal(whole.plans[p].X, last.plans[p].X)


def test_a_closed_checkpoint_is_returned_without_another_round(tmp_path):
    tree = _tree(4, (1, 1))
    first = so._solve_certified(tree, threads=False, oracle="fringe", checkpoint=tmp_path)
    again = so._solve_certified(tree, threads=False, oracle="fringe", checkpoint=tmp_path)
    assert (again.lower, again.upper, again.iterations) == (first.lower, first.upper, first.iterations)
    assert again.legs == 2


def test_a_time_limit_stops_after_the_round_that_passes_it(tmp_path):
    tree = _tree()
    part = so._solve_certified(tree, threads=False, oracle="fringe", checkpoint=tmp_path, time_limit=0.0)
    assert part.iterations == 1 and (tmp_path / so.Checkpoint.FILE).exists()


def test_a_checkpoint_of_another_game_is_refused(tmp_path):
    so._solve_certified(_tree(), threads=False, oracle="fringe", checkpoint=tmp_path, max_iterations=1)
    with pytest.raises(ValueError, match="belongs to another game"):
        so._solve_certified(_tree(5, (1, 2)), threads=False, oracle="fringe", checkpoint=tmp_path)
