"""Notebook 05's end-game section (liarlab.papers.p05.endgame): cells, the comparison with the public study,
claims rows."""

import pandas as pd
import pytest

from liarlab.bluff import endgame_store as S
from liarlab.papers.p05 import endgame as E
from liarlab.study import context


def _row(a, b, faces, conv, fraction, value):
    return dict(a=a, b=b, faces=faces, convention=conv, value=value, lower=value, upper=value, width=0.0,
                fraction=fraction, certified=bool(fraction), status="solved", histories=64, seconds=0.1,
                restricted_histories=8)


def test_comparison_and_claims_flag_a_disagreement_and_the_blanks():
    table = pd.DataFrame([_row(1, 1, 3, "normal", "-1/9", -1 / 9), _row(1, 1, 4, "normal", "-1/7", -1 / 7),
                          _row(2, 1, 5, "stairs", "1/5", 0.2)])
    cmp = E.public_comparison(table)
    assert list(cmp.agrees) == ["yes", "NO", ""] and cmp.public.iloc[2] == "blank"
    rows = E.end_game_claims(table)
    check = next(r for r in rows if r["kind"] == "check")
    assert check["verdict"] == "differs" and "1 of 2" in check["reproduced_value"]
    ext = next(r for r in rows if r["kind"] == "finding")
    assert ext["verdict"] == "extension" and "stairs N=5: 1/5" in ext["note"]


@pytest.mark.parametrize("cells", [E.PUBLIC_CELLS, E.FOUR_DICE_CELLS])
def test_cells_cover_three_conventions(cells):
    assert {c[3] for c in cells} == {"normal", "joker", "stairs"}


def test_stored_plans_are_verified_to_the_same_row(tmp_path):
    solved = S.store_cell(2, 2, 3, "joker", folder=tmp_path)
    assert S.plans_path(2, 2, 3, "joker", tmp_path).exists()
    verified = S.verify_cell(2, 2, 3, "joker", folder=tmp_path)
    assert verified["status"] == "verified" and solved["status"] == "solved"
    same = ("value", "lower", "upper", "width", "fraction", "certified", "n_bids", "histories",
            "restricted_histories", "visited", "iterations", "seconds", "peak_gb")
    assert {k: verified[k] for k in same} == {k: solved[k] for k in same}
    with context.using(out_dir=tmp_path / "run"):          # the study's cache goes there
        table = E.end_game_table([(2, 2, 3, "joker"), (1, 1, 3, "normal")], solve_max_faces=2, folder=tmp_path)
    assert list(table.status) == ["verified", "solved"] and len(E.solved(table)) == 2
    with pytest.raises(ValueError):
        S.verify_cell(2, 2, 3, "joker", folder=tmp_path, digest="0" * 64)


def test_a_heavy_cell_without_stored_plans_is_not_solved_in_the_chain(tmp_path):
    with context.using(out_dir=tmp_path / "run"):
        table = E.end_game_table([(3, 1, 6, "stairs")], folder=tmp_path)
    assert table.status.iloc[0].startswith("not solved") and E.solved(table).empty
    assert set(E.cells_for("full")) >= set(E.FOUR_DICE_CELLS) and not set(E.cells_for("quick")) & set(E.FOUR_DICE_CELLS)


def test_a_classic_solve_is_stored_verified_and_shown_with_its_oracle(tmp_path):
    solved = S.store_cell(2, 2, 2, "normal", folder=tmp_path, oracle="classic")
    verified = S.verify_cell(2, 2, 2, "normal", folder=tmp_path)
    assert solved["oracle"] == verified["oracle"] == "classic"
    assert solved["certificate"] == verified["certificate"] == "rounding"
    assert verified["fraction"] == solved["fraction"] != ""
    assert S.cell_row(1, 1, 2, "normal")["oracle"] == "fringe"
    with context.using(out_dir=tmp_path / "run"):
        table = E.end_game_table([(2, 2, 2, "normal"), (3, 1, 6, "stairs"), (1, 1, 2, "normal")],
                                 solve_max_faces=1, folder=tmp_path)
    view = E.four_dice_view(table)
    assert list(view.game) == ["2v2", "3v1"]
    assert list(view.value) == [solved["fraction"], "-"] and list(view.oracle) == ["classic", ""]


