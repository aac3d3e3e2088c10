"""Notebook 05's open end-game cells: a solve stopped before its bracket closed is stored from its checkpoint,
verified to its bracket in the chain, shown as a bracket (never a value), resumed to a tighter one; a tampered,
missing or misfiled one fails loudly."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from liarlab.bluff import certificates as C
from liarlab.bluff import endgame_store as S
from liarlab.bluff import solve
from liarlab.bluff import sparse_oracle as so
from liarlab.papers.p05 import endgame as E
from liarlab.study import context

from .conftest import nudge_mixed, rewrite

#: a four-dice cell whose classic solve takes 15 rounds and under a second: stopped after 3, it is open
CELL = (2, 2, 3, "normal")
ROUNDS = 3


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    """An offline solve of CELL stopped open, as the lead's runner leaves it (a bare checkpoint folder)."""
    folder = tmp_path_factory.mktemp("offline") / S.cell_name(*CELL)
    options = {k: v for k, v in S.OPEN_SOLVER.items() if k != "threads"}   # the solve door runs in one thread
    sol = solve(game=S.game_for(*CELL), checkpoint=folder, max_iterations=ROUNDS, **options).solution
    assert sol.upper - sol.lower > 1e-3, "the test needs a cell still open after its rounds"
    return folder, sol


@pytest.fixture()
def store(checkpoint, tmp_path):
    folder, _ = checkpoint
    S.store_open_cell(*CELL, folder, folder=tmp_path)
    return tmp_path






def _shrink(X):
    """Take 5% off every weight below the root (a pure plan has no mixed probability to move)."""
    X[:, 1:] *= 0.95
    return X


def test_a_stored_open_cell_verifies_to_the_solve_bracket(checkpoint, store):
    folder, sol = checkpoint
    row = S.verify_open_cell(*CELL, folder=store)
    assert (row["lower"], row["upper"]) == (sol.lower, sol.upper)
    assert row["width"] == sol.upper - sol.lower and np.isnan(row["value"]) and not row["certified"]
    assert row["iterations"] == ROUNDS and row["restricted_histories"] == len(sol.H)
    assert row["status"] == f"bracket verified (open: round {ROUNDS}, |H| = {len(sol.H):,})"
    assert row["oracle"] == "classic" and row["fraction"] == ""
    with np.load(S.open_path(*CELL, store)) as f:
        meta = json.loads(str(f["meta"]))
    assert meta["solver"] == S.OPEN_SOLVER and meta["cell"] == list(CELL)
    assert (folder / so.Checkpoint.FILE).exists(), "the source checkpoint is left where it was"


@pytest.mark.parametrize("change", [
    dict(array=("X0_X", _shrink)), dict(array=("X1_X", nudge_mixed)),
    dict(meta=lambda m: m | {"lower": m["lower"] - 1e-6}), dict(meta=lambda m: m | {"upper": m["upper"] + 1e-6}),
    dict(array=("upper", lambda u: u + 1e-6)), dict(meta=lambda m: m | {"iterations": m["iterations"] + 1}),
    dict(array=("H", lambda H: H[:-1]))], ids=["plan0", "plan1", "lower", "upper", "state", "round", "H"])
def test_a_tampered_open_cell_fails(store, change):
    rewrite(S.open_path(*CELL, store), **change)
    with pytest.raises(C.CertificateError, match="open end game"):
        S.verify_open_cell(*CELL, folder=store)


def test_a_missing_foreign_or_bare_open_cell_fails(checkpoint, store, tmp_path_factory):
    other = (2, 2, 4, "normal")
    with pytest.raises(C.CertificateError, match="no stored open certificate"):
        S.verify_open_cell(*other, folder=store)
    S.open_path(*other, store).parent.mkdir()
    shutil.copyfile(S.open_path(*CELL, store), S.open_path(*other, store))
    with pytest.raises(C.CertificateError, match="not the open cell"):
        S.verify_open_cell(*other, folder=store)
    rewrite(S.open_path(*other, store), meta=lambda m: m | {"cell": list(other), "key": list(other)})
    with pytest.raises(C.CertificateError, match="another game"):
        S.verify_open_cell(*other, folder=store)
    shutil.copyfile(checkpoint[0] / so.Checkpoint.FILE, S.open_path(*CELL, store))
    with pytest.raises(C.CertificateError, match="bare checkpoint"):
        S.verify_open_cell(*CELL, folder=store)
    with pytest.raises(C.CertificateError, match="another game"):       # importing a checkpoint of another cell
        S.store_open_cell(*other, checkpoint[0], folder=tmp_path_factory.mktemp("foreign"))
    with pytest.raises(ValueError, match="not one of the open cells"):
        S.import_open_cell(*CELL, checkpoint[0], folder=store)


def test_the_table_shows_an_open_cell_as_a_bracket(checkpoint, store, tmp_path):
    _, sol = checkpoint
    with context.using(out_dir=tmp_path / "run"):
        table = E.end_game_table([CELL, (1, 1, 2, "normal")], solve_max_faces=2, folder=store)
    assert list(E.is_open(table)) == [True, False] and len(E.solved(table)) == 1
    view = E.four_dice_view(table)
    assert view.value.iloc[0] == E.bracket_text(sol.lower, sol.upper)
    low, up = (float(x) for x in view.value.iloc[0].strip("[]").split(", "))
    assert low <= sol.lower and sol.upper <= up, "the printed bracket is rounded outward"
    rows = [r for r in E.end_game_claims(table) if r["family"] == "end game: open brackets"]
    assert len(rows) == 1 and "no value" in rows[0]["reproduced_value"] and "round 3" in rows[0]["note"]
    # counts by state, not a list of every cell (issue 50)
    assert E.sources_note(table) == ("End game cells: 1 cell solved in this run; 0 verified from stored certificates "
                                     "(data/05_certificates/end_game); 1 open: a certified bracket, no value "
                                     "(data/05_certificates/end_game_open). Each cell's state is in "
                                     "data/05_end_game.csv (column status).")


def test_a_resumed_open_cell_is_at_least_as_tight_and_closes_into_a_solved_cell(checkpoint, store):
    _, sol = checkpoint
    row = S.resume_open_cell(*CELL, time_limit=0.0, folder=store)      # one more round
    assert sol.lower <= row["lower"] and row["upper"] <= sol.upper and row["iterations"] == ROUNDS + 1
    again = S.verify_open_cell(*CELL, folder=store)
    assert (again["lower"], again["upper"], again["iterations"]) == (row["lower"], row["upper"], ROUNDS + 1)
    closed = S.resume_open_cell(*CELL, time_limit=None, folder=store)
    assert closed["status"] == "verified" and closed["width"] <= 1e-9 and closed["certified"]
    assert closed["fraction"] == S.cell_row(*CELL)["fraction"]
    assert not S.open_path(*CELL, store).exists() and S.plans_path(*CELL, store).exists()


def test_import_takes_every_open_cell_found_under_a_folder(checkpoint, tmp_path, monkeypatch):
    folder, sol = checkpoint
    monkeypatch.setattr(S, "OPEN_CELLS", [CELL, (3, 1, 3, "normal")])
    lines = []
    rows = S.import_open_cells(folder.parent, folder=tmp_path, log=lines.append)
    assert len(rows) == 1 and rows[0]["upper"] == sol.upper and "3v1_N3_normal: no checkpoint" in lines[1]


def test_the_command_line_imports_verifies_and_resumes_the_open_cells(checkpoint, tmp_path, monkeypatch, capsys):
    from liarlab.__main__ import main
    from liarlab.papers.p05 import regenerate

    folder, sol = checkpoint
    monkeypatch.setattr(S, "OPEN_CELLS", [CELL])
    monkeypatch.setattr(S, "OPEN_DIR", tmp_path / "open")
    monkeypatch.setattr(S, "PLANS_DIR", tmp_path / "closed")
    monkeypatch.setattr(E, "cells_for", lambda profile: [CELL])
    monkeypatch.setattr(S, "STORED_THREE_DICE", [CELL])        # a heavy cell, verified from the store
    assert main(["solve", "end-game", "--import", str(folder.parent)]) == 0
    assert regenerate.declared("end-game") == [CELL] and regenerate.is_open(CELL)
    assert main(["solve", "end-game", "--verify"]) == 0 and "1 end-game certificates verified" in capsys.readouterr().out
    assert regenerate.store("end-game", log=None) == [S.open_path(*CELL)], "an open cell is not solved from scratch"
    assert not S.plans_path(*CELL).exists()
    assert main(["solve", "end-game", "--open", "--time-limit", "0"]) == 0
    assert S.verify_open_cell(*CELL)["iterations"] == ROUNDS + 1


@pytest.mark.parametrize("change", [
    ("X0_X", lambda X: X[:, :-1]), ("X1_nodes", lambda nodes: nodes[::-1]), ("X0_X", lambda X: X - 2),
    ("X1_player", lambda p: 1 - p), ("X0_nodes", lambda nodes: nodes + (1 << 40))],
    ids=["shape", "order", "weights", "player", "outside"])
def test_a_stored_plan_that_is_no_plan_of_the_game_fails_before_any_best_response(store, change):
    rewrite(S.open_path(*CELL, store), array=change)
    with pytest.raises(C.CertificateError, match="is not a plan of player"):
        S.verify_open_cell(*CELL, folder=store)


def test_a_seeded_open_cell_keeps_its_seed_through_a_resume_and_into_its_certificate(checkpoint, tmp_path):
    folder, _ = checkpoint
    seed = {"method": "CFR+ play", "histories": 12}
    S.store_open_cell(*CELL, folder, folder=tmp_path, seed=seed)
    assert C.read_open(S.open_path(*CELL, tmp_path))[1]["seed"] == seed
    S.resume_open_cell(*CELL, time_limit=0.0, folder=tmp_path)
    assert C.read_open(S.open_path(*CELL, tmp_path))[1]["seed"] == seed
    S.resume_open_cell(*CELL, time_limit=None, folder=tmp_path)        # closes: a solved cell's certificate
    assert C.read(S.plans_path(*CELL, tmp_path))[2]["seed"] == seed


def test_open_cells_caption_counts_in_words_and_writes_the_width_as_a_plain_decimal():
    import pandas as pd

    from liarlab.papers.p05 import seeding
    still_open = pd.DataFrame({"open": [True] * 7, "width": [0.14] * 6 + [0.2927], "seed": ["a", "b"] + [""] * 5})
    assert seeding.open_cells_caption(still_open) == ("*None of these 7 cells has closed to an exact value yet; 2 of "
                                                      "their stored solves were seeded. The widest bracket still open "
                                                      "is 0.29 wide.*")
    one_closed = still_open.assign(open=[False] + [True] * 6, seed=["a"] + [""] * 6)
    assert seeding.open_cells_caption(one_closed).startswith("*1 of these 7 cells has closed to an exact value; 1 of "
                                                             "their stored solves was seeded.")


def test_an_open_bracket_is_printed_one_decimal_finer_than_its_width():
    # issue 50 readers: "[-0.037077, 0.102325]" beside a width of "0.14" printed decimals the width calls noise
    from liarlab.papers.p05 import seeding
    digits = [seeding.bracket_digits(w) for w in (0.139402, 0.016411, 0.2927, 2.5e-10)]
    assert digits == [3, 4, 3, 12]
    assert E.bracket_text(-0.037077, 0.102325, seeding.bracket_digits(0.139402)) == "[-0.038, 0.103]"   # outward
    assert seeding.bracket_digits(0.0) == 12 and seeding.bracket_digits(float("nan")) == 12
