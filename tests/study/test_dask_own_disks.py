"""Tasks on a Dask cluster whose workers do not share the client's disk (issue 28).

A local cluster on 127.0.0.1 (a scheduler and 2 worker processes) stands in for a real one: a worker plugin
gives each worker its own output folder, whatever root the task asks for, so anything a worker writes to "the
run's cache" lands on that worker's disk only. A result that reaches the client only through a worker's disk is
then missing on the client, as it would be on a real cluster.
"""
import pytest

from liarlab.study import context, outputs, parallel

distributed = pytest.importorskip("distributed", reason="the distributed extra is not installed")
pytestmark = pytest.mark.slow


class OwnDisk(distributed.WorkerPlugin):
    """Every worker writes under its own folder: whatever output root its task's run context names, the worker's
    outputs.output_root() is its own folder."""

    def __init__(self, base: str):
        self.base = base

    def setup(self, worker):
        from pathlib import Path

        from liarlab.study import outputs as worker_outputs

        own = Path(self.base) / f"worker-{worker.name}"
        for sub in ("data", "figures", "data/cache"):
            (own / sub).mkdir(parents=True, exist_ok=True)
        worker_outputs.output_root = lambda: own


@pytest.fixture(scope="module")
def cluster_client(tmp_path_factory):
    base = tmp_path_factory.mktemp("workers")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=50) as cluster, \
            distributed.Client(cluster) as client:
        client.register_plugin(OwnDisk(str(base)))
        yield client, base


def _where(rng):
    from liarlab.study import outputs as worker_outputs

    return str(worker_outputs.output_root()), float(rng.random())


def test_the_workers_have_disks_of_their_own(cluster_client, tmp_path):
    client, base = cluster_client
    context.start(out_dir=tmp_path / "client")
    roots, draws = zip(*parallel.run_tasks(_where, [{}] * 4, seed=3, scheduler=client, progress=False))
    assert all(r.startswith(str(base)) for r in roots)
    # results travel back through the executor, in task order, with the same streams as a local run
    assert list(draws) == [d for _, d in parallel.run_tasks(_where, [{}] * 4, seed=3, n_jobs=1, progress=False)]


def test_tables_trained_on_workers_reach_the_clients_cache(cluster_client, tmp_path):
    from liarlab.papers.p02 import experiments as ex

    client, _ = cluster_client
    context.start(out_dir=tmp_path / "client", n_jobs=2, scheduler=client, progress=False)
    setup = ex.Setup(stage_games=300, eval_games=20, fixed_games=20, seeds=(0, 1))
    ex.pretrain(setup, [("RL0", {"stages": [("EXP0", 300)]})])
    assert len(list((tmp_path / "client" / "data" / "cache").glob("02_RL0-*.npz"))) == 2


@pytest.mark.chain
@pytest.mark.integration
def test_notebooks_02_and_04_on_the_cluster_match_a_local_run(cluster_client, tmp_path):
    """The quick profile of notebooks 02 and 04 with their tasks on the cluster (workers with disks of their own)
    writes the same tables as a local run, apart from the measured columns the sidecars list."""
    from liarlab import chain

    client, _ = cluster_client
    address = client.scheduler.address
    local, remote = tmp_path / "local", tmp_path / "cluster"
    quiet = {"html": False, "log": lambda *_: None, "progress": False}
    chain.run_chain(profile="quick", only="02,04", n_jobs=2, out=local, **quiet)
    chain.run_chain(profile="quick", only="02,04", n_jobs=2, scheduler=address, out=remote, **quiet)
    tables = sorted(p.name for p in (local / "data").glob("0[24]_*.csv"))
    assert tables and tables == sorted(p.name for p in (remote / "data").glob("0[24]_*.csv"))
    differ = [t for t in tables if outputs.reproducible_content(local / "data" / t)
              != outputs.reproducible_content(remote / "data" / t)]
    assert differ == [], differ
