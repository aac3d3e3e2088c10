"""What the notebooks write (liarlab.study.outputs): tables with provenance sidecars, claims rows with known verdicts,
named by notebook, their measured columns kept apart from the reproducible content."""
import json
import os
import sys

import pandas as pd
import pytest

from liarlab.study import context, outputs


def draw(rng, size):
    return rng.integers(0, 1_000_000, size=size).tolist()


def draw_where(rng, size):
    return os.getpid(), rng.integers(0, 1_000_000, size=size).tolist()


def test_save_table_writes_csv_and_provenance(tmp_path):
    context.start(out_dir=tmp_path, params={"seed": 3, "profile": "quick"})
    frame = pd.DataFrame({"a": [1, 2], "b": [0.5, 0.25]})
    path = outputs.save_table(frame, "00_example", {"extra": 1})
    first = path.read_bytes()
    meta = json.loads(path.with_suffix(".json").read_text())
    assert meta["seed"] == 3 and meta["parameters"]["extra"] == 1
    assert {"liarlab_version", "git_commit", "started", "seconds"} <= set(meta)
    assert set(meta["versions"]) == {"python", "numpy", "scipy", "pandas", "pgmpy", "numba"}
    assert meta["versions"]["python"] == ".".join(map(str, sys.version_info[:3]))
    assert all(meta["versions"].values())
    outputs.save_table(frame, "00_example")
    assert path.read_bytes() == first


def test_claims_need_known_verdicts(tmp_path):
    context.start(out_dir=tmp_path)
    with pytest.raises(ValueError, match="verdict"):
        outputs.claim("x", "T1", 1, 1, "maybe", kind="finding", rule="r")
    frame = outputs.save_claims("07", [outputs.claim("x", "T1", 1, 1, "reproduced", kind="finding", rule="r")])
    assert list(frame.columns) == outputs.CLAIM_COLUMNS


def test_output_names_need_the_notebook_number(tmp_path):
    context.start(out_dir=tmp_path)
    with pytest.raises(ValueError, match="NN_"):
        outputs.save_table(pd.DataFrame({"a": [1]}), "table")


def test_speed_measurements_are_listed_and_left_out_of_the_reproducible_content(tmp_path):
    context.start(out_dir=tmp_path)
    frame = pd.DataFrame({"n": [1, 2], "win": [0.5, 0.25], "seconds": [0.1, 0.2], "games_per_s": [10, 20]})
    path = outputs.save_table(frame, "00_example", measured_rows=[1])
    meta = json.loads(path.with_suffix(".json").read_text())
    assert meta["measured_columns"] == ["seconds", "games_per_s"] and meta["measured_rows"] == [1]
    assert outputs.reproducible_content(path) == "n,win\n1,0.5\n"
    assert outputs.measured_columns(frame, "00_speed_timing") == list(frame.columns)
    claims = outputs.save_claims("00", [outputs.claim("a", "T", 1, 1, "reproduced", kind="finding", rule="r"),
                                   outputs.claim("b", "T", 10, 3.2, "extension", kind="finding", rule="r",
                                                 measured=True)])
    assert json.loads((tmp_path / "data" / "00_claims.json").read_text())["measured_rows"] == [1]
    assert list(claims.columns) == outputs.CLAIM_COLUMNS
