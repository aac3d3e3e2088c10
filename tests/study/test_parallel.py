"""One executor (liarlab.study.parallel.run_tasks): the same results for any number of workers, with the first task
run here, and on a Dask cluster."""
import os

import pytest

from liarlab.study import parallel


def draw(rng, size):
    return rng.integers(0, 1_000_000, size=size).tolist()


def draw_where(rng, size):
    return os.getpid(), rng.integers(0, 1_000_000, size=size).tolist()


def test_run_tasks_same_results_for_any_number_of_workers():
    tasks = [{"size": 3}] * 6
    one = parallel.run_tasks(draw, tasks, seed=11, n_jobs=1, progress=False)
    two = parallel.run_tasks(draw, tasks, seed=11, n_jobs=2, progress=False)
    assert one == two
    assert one != parallel.run_tasks(draw, tasks, seed=12, n_jobs=1, progress=False)
    assert len({tuple(r) for r in one}) == 6  # every task has its own stream


def test_run_tasks_first_here_runs_the_first_task_in_this_process_with_the_same_results():
    tasks = [{"size": 3}] * 5
    here = parallel.run_tasks(draw_where, tasks, seed=11, n_jobs=2, progress=False, first_here=True)
    assert here[0][0] == os.getpid()
    assert [r for _, r in here] == parallel.run_tasks(draw, tasks, seed=11, n_jobs=1, progress=False)


@pytest.mark.slow
def test_run_tasks_on_a_dask_cluster_matches_local():
    distributed = pytest.importorskip("distributed")
    tasks = [{"size": 2}] * 4
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = parallel.run_tasks(draw, tasks, seed=5, scheduler=client, progress=False)
    assert remote == parallel.run_tasks(draw, tasks, seed=5, n_jobs=1, progress=False)
