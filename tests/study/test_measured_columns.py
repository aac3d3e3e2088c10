"""What may change between two runs with the same seed is listed: every column that measures the machine (time,
memory, threads) is named in its table's sidecar, so the determinism check compares everything else."""
import json
from pathlib import Path

import pandas as pd
import pytest

from liarlab.study import outputs

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.mark.parametrize("column", ["seconds", "solve_seconds", "games_per_s", "lp_ms", "peak_gb", "memory_gb",
                                    "threads", "lp_threads", "peak_memory"])
def test_machine_measurements_count_as_measured(column):
    assert outputs.measured_columns(pd.DataFrame(columns=["value", column]), "05_table") == [column]


@pytest.mark.parametrize("column", ["value", "second_dice", "best_response_as_second", "games", "gbx", "n_threads_x"])
def test_results_do_not(column):
    assert outputs.measured_columns(pd.DataFrame(columns=[column]), "05_table") == []


def test_every_committed_sidecar_lists_the_measured_columns_of_its_table():
    stale = {}
    for path in sorted(DATA.glob("[0-9][0-9]_*.csv")):
        meta = json.loads(path.with_suffix(".json").read_text())
        columns = pd.read_csv(path, nrows=0).columns
        missing = sorted(set(outputs.measured_columns(pd.DataFrame(columns=columns), path.stem))
                         - set(meta.get("measured_columns", [])))
        if missing:
            stale[path.name] = missing
    assert not stale, f"sidecars written before these columns counted as measured (rerun their notebooks): {stale}"
