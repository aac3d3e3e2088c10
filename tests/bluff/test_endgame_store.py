"""The end game solved cell by cell and its stored plans (liarlab.bluff.endgame_store): a cell solved, certified and
equal to the public study's printed fraction; a store keeps its solver's options, passes a progress callback on and
refuses an option it cannot store before solving."""
import json

import numpy as np
import pytest

from liarlab.bluff import endgame_store as S
from liarlab.papers.p05.printed import SNYD


def test_one_cell_is_solved_certified_and_compared():
    row = S.cell_row(2, 1, 3, "stairs")
    assert row["certified"] and row["fraction"] == SNYD[(2, 1, "stairs")][3] and row["width"] <= 1e-9
    assert 0 < row["restricted_histories"] < row["histories"] == 2**row["n_bids"]
    assert S.cell_row(1, 1, 1, "joker")["status"] != "solved"
    assert S.cell_row(1, 2, 1, "normal")["fraction"] == "1"


def test_a_progress_callback_reaches_the_solver_but_is_not_stored_and_bad_options_fail_first(tmp_path):
    lines = []
    S.store_cell(2, 2, 2, "normal", folder=tmp_path, oracle="classic", log=lines.append)
    assert lines and all("iteration" in line for line in lines)
    with np.load(S.plans_path(2, 2, 2, "normal", tmp_path)) as f:
        assert json.loads(str(f["meta"]))["solver"] == {"method": "highs-ds", "target": 1e-10, "oracle": "classic"}
    with pytest.raises(TypeError, match="cannot be"):       # refused at once: a solve is never lost to its meta
        S.store_cell(2, 2, 3, "normal", folder=tmp_path, H0=np.array([0, 1]))
    assert not S.plans_path(2, 2, 3, "normal", tmp_path).exists()
