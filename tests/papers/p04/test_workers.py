"""Notebook 04's tables do not depend on the number of worker processes.

p04 used to pass ``n_jobs=1`` to four of its runs (the lie rates, the lie counts, the exploiter and the stage-2
baselines: "a second of work: inline, so no worker processes start for it", a speed choice). It now passes none,
so the run context's workers apply; ``run_tasks`` gives task i the i-th child of ``SeedSequence(seed)`` whoever
runs it. Here each of those runs is made with one worker and with two, and the tables must be equal byte for byte.
"""
import pytest

from liarlab.papers.p04 import experiments as p04x
from liarlab.study import context, parallel

TINY = {  # the four runs that had n_jobs hard-coded, at sizes of a second
    "lie rates": lambda: p04x.personality_lie_rates(n_games=300, seed=1),
    "lie counts": lambda: p04x.lie_count_spread(n_runs=2, n_games=40, seed=2),
    "exploiter": lambda: p04x.exploiter_table(p04x.exploiter_games(n_games=20, seed=13, opponents=("a", "f"))),
    "stage-2 baselines": lambda: p04x.stage2_baselines(n_games=20, seed=15, opponents=("a", "f")),
}


def _run_with(n_jobs, make, monkeypatch):
    """``make()`` with ``n_jobs`` workers; fails if p04 passes a worker count of its own."""
    real = parallel.run_tasks
    passed = []

    def run_tasks(func, tasks, seed, **kwargs):
        passed.append(kwargs.get("n_jobs"))
        return real(func, tasks, seed, **{**kwargs, "n_jobs": n_jobs, "progress": False})

    monkeypatch.setattr(parallel, "run_tasks", run_tasks)
    with context.using(n_jobs=n_jobs, progress=False):
        table = make()
    monkeypatch.setattr(parallel, "run_tasks", real)
    assert passed and all(n is None for n in passed), f"p04 passed n_jobs={passed}: the run context's must apply"
    return table


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TINY))
def test_tables_are_the_same_with_one_worker_and_two(name, monkeypatch):
    one = _run_with(1, TINY[name], monkeypatch)
    two = _run_with(2, TINY[name], monkeypatch)
    assert len(one) > 0
    assert one.to_csv(index=False) == two.to_csv(index=False)
