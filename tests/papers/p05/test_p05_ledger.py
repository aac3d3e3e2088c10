"""Notebook 05's coverage ledger: statuses from the full profile's sizes (params.py) and the talk's (printed.py)."""
from __future__ import annotations

import pytest

from liarlab.papers.p05 import experiments, ledger, printed
from liarlab.papers.p05.params import PARAMS
from liarlab.study import coverage


def _sizes(profile: str) -> dict:
    """The ledger's arguments for a run at ``profile``'s sizes, every grid whole."""
    s = PARAMS.sizes(profile)
    cells = s["bluff2_max_dice"] ** 2
    return dict(ld_max_faces=s["ld_max_faces"], n_games=s["n_games"], ld_expl_faces=list(experiments.LD_EXPL_FACES),
                bluff1_max_faces=s["bluff1_max_faces"], exact_max_faces=s["exact_max_faces"],
                one_die_faces=list(range(2, s["one_die_max_faces"] + 1)),
                one_die_exact_faces=list(range(2, s["one_die_exact_max_faces"] + 1)),
                bluff2_max_dice=s["bluff2_max_dice"], bluff2_exact_cells=cells, bluff2_exact_width=0.0,
                variant_rows=72, counting_exact_max_total=s["variants_exact_max_total"], r2_done=True,
                star_faces=list(range(2, s["exact_max_faces"] + 1)), kept_cells={"star-order:x": cells})


def test_the_full_profile_is_full_and_the_quick_profile_reduced_with_reasons():
    full = ledger.coverage_rows(**_sizes("full"))
    assert [r["code"] for r in full] == coverage.spec_codes("05")
    assert {r["code"]: r["status"] for r in full if r["status"] != "full"} == {}
    quick = {r["code"]: r for r in ledger.coverage_rows(**_sizes("quick"))}
    assert {c for c, r in quick.items() if r["status"] == "reduced"} == {"E1", "E3", "E4", "E6", "E7", "E8", "E9",
                                                                         "E10"}
    assert all(r["why"] for r in quick.values() if r["status"] == "reduced")


@pytest.mark.parametrize("argument, parameter, code", [
    ("ld_max_faces", "ld_max_faces", "E1"), ("bluff1_max_faces", "bluff1_max_faces", "E4"),
    ("bluff2_max_dice", "bluff2_max_dice", "E8")])
def test_one_below_the_full_size_reduces_its_row(argument, parameter, code):
    sizes = _sizes("full")
    sizes[argument] = PARAMS.size(parameter, "full") - 1
    assert {r["code"] for r in ledger.coverage_rows(**sizes) if r["status"] == "reduced"} == {code}


def test_the_ld2_games_are_the_talks_and_the_certified_faces_the_full_profiles():
    sizes = _sizes("full")
    sizes["n_games"] = printed.TALK_LD2_GAMES - 1
    e3 = {r["code"]: r for r in ledger.coverage_rows(**sizes)}["E3"]
    assert e3["status"] == "reduced" and "fewer games" in e3["why"]
    sizes = _sizes("full")
    sizes["one_die_exact_faces"] = list(range(2, PARAMS.size("one_die_exact_max_faces", "full")))
    e6 = {r["code"]: r for r in ledger.coverage_rows(**sizes)}["E6"]
    assert e6["status"] == "reduced" and f"N = 2..{PARAMS.size('one_die_exact_max_faces', 'full')}" in e6["why"]


def test_a_kept_variant_with_fewer_cells_reduces_e9_and_fewer_expl_faces_reduce_e2():
    sizes = _sizes("full")
    sizes["kept_cells"] = {"a": 25, "b": 24}
    sizes["ld_expl_faces"] = list(experiments.LD_EXPL_FACES[:-1])
    reduced = {r["code"]: r["why"] for r in ledger.coverage_rows(**sizes) if r["status"] == "reduced"}
    assert set(reduced) == {"E2", "E9"} and all(reduced.values())

