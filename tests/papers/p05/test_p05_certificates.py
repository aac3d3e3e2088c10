"""Notebook 05's certificate store (issue 40): a stored certificate verifies to the solve's row; a tampered one
(a plan probability or a stored number changed) or a missing one fails loudly."""
from __future__ import annotations

import pytest

from liarlab.bluff import certificates as C
from liarlab.bluff import endgame_store as S
from liarlab.bluff.oracle import certified_grid
from liarlab.bluff.rules import BluffRules
from liarlab.papers.p05 import endgame as E
from liarlab.papers.p05 import regenerate
from liarlab.papers.p05.one_die import certified_one_die

from .conftest import nudge_mixed, rewrite

MEASURED = ("oracle_seconds", "peak_gb", "seconds", "memory_gb", "certificate_seconds")
NO_WILD = BluffRules(challenger_penalty="difference", bidder_penalty="one", next_opener="opener", wild="none")






@pytest.fixture(scope="module")
def one_die_store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one_die")
    return folder, C.store_one_die(5, folder=folder)


def test_a_stored_one_die_certificate_verifies_to_the_solved_row(one_die_store):
    folder, stored = one_die_store
    verified, solved = C.verify_one_die(5, folder=folder), certified_one_die(5)
    assert verified == stored
    assert {k: v for k, v in verified.items() if k not in MEASURED} == {k: v for k, v in solved.items()
                                                                        if k not in MEASURED}


def test_a_tampered_plan_or_value_fails_verification(one_die_store, tmp_path):
    folder, _ = one_die_store
    source = C.one_die_path(5, folder)
    for i, change in enumerate([dict(array=("X0", nudge_mixed)), dict(array=("X1", nudge_mixed)),
                                dict(meta=lambda m: m | {"value": m["value"] + 1e-6})]):
        target = C.one_die_path(5, tmp_path / str(i))
        target.parent.mkdir()
        target.write_bytes(source.read_bytes())
        rewrite(target, **change)
        with pytest.raises(C.CertificateError, match="N = 5"):
            C.verify_one_die(5, folder=target.parent)


def test_a_missing_or_misfiled_certificate_raises_rather_than_solving(one_die_store, tmp_path):
    folder, _ = one_die_store
    with pytest.raises(C.CertificateError, match="no stored certificate"):
        C.verify_one_die(6, folder=tmp_path)
    C.one_die_path(6, tmp_path).write_bytes(C.one_die_path(5, folder).read_bytes())
    with pytest.raises(C.CertificateError, match="not one die each at N = 6"):
        C.verify_one_die(6, folder=tmp_path)


def test_the_committed_one_die_certificates_verify():
    for N in regenerate.declared("one-die"):
        row = C.verify_one_die(N)
        assert row["faces"] == N and row["width"] <= 1e-9


def test_an_end_game_certificate_with_a_changed_fraction_fails(tmp_path):
    S.store_cell(1, 1, 4, "normal", folder=tmp_path)
    assert S.verify_cell(1, 1, 4, "normal", folder=tmp_path)["status"] == "verified"
    rewrite(S.plans_path(1, 1, 4, "normal", tmp_path), meta=lambda m: m | {"fraction": "1/3"})
    with pytest.raises(C.CertificateError, match="stored fraction 1/3"):
        S.verify_cell(1, 1, 4, "normal", folder=tmp_path)


def test_a_stored_grid_verifies_to_the_solved_rows_and_a_tampered_round_fails(tmp_path):
    C.store_grid(NO_WILD, 2, 2, None, folder=tmp_path)
    verified = C.verify_grid(NO_WILD, 2, 2, None, folder=tmp_path)
    solved = certified_grid(2, 2, cells=C.cells_up_to_total(2, None), **NO_WILD.exact_options())
    assert [{k: v for k, v in r.items() if k not in MEASURED} for r in verified] == \
        [{k: v for k, v in r.items() if k not in MEASURED} for r in solved]
    rewrite(C.grid_path(NO_WILD.label, 2, 2, None, tmp_path), array=("r2_2_X1", nudge_mixed))
    with pytest.raises(C.CertificateError, match="round 2v2"):
        C.verify_grid(NO_WILD, 2, 2, None, folder=tmp_path)


def test_the_quick_profile_verifies_a_stored_certificate():
    # a corrupt store fails a quick run too, not only the full report
    stored = [c for c in E.cells_for("quick") if S.verified_from_store(*c)]
    assert stored and all(S.verify_cell(*c)["status"] == "verified" for c in stored)


def test_one_certificate_of_each_committed_kind_verifies():
    # the committed store is checked by make test: a truncated or tampered file fails here (one-die: above)
    assert S.verify_cell(*S.STORED_THREE_DICE[0])["status"] == "verified"
    assert S.verify_open_cell(*S.OPEN_CELLS[0])["width"] >= 0
    label, faces, max_dice, max_total = C.STORED_GRIDS[0]
    assert C.verify_grid(regenerate.rules_of_label(label), faces, max_dice, max_total)


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "swapped", "not a zip"])
def test_a_damaged_certificate_raises_certificate_error_naming_the_file(damage, tmp_path):
    source = C.one_die_path(8)
    target = C.one_die_path(8, tmp_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    content = (C.one_die_path(9) if damage == "swapped" else source).read_bytes()
    if damage == "truncated":
        content = content[: len(content) // 2]
    elif damage == "flipped byte":
        middle = len(content) // 2
        content = content[:middle] + bytes([content[middle] ^ 0xFF]) + content[middle + 1:]
    elif damage == "not a zip":
        content = b"hello"
    target.write_bytes(content)
    with pytest.raises(C.CertificateError) as err:
        C.verify_one_die(8, folder=tmp_path)
    assert str(target) in str(err.value) and "\n" not in str(err.value)


def test_the_command_line_says_a_failed_certificate_in_one_line(tmp_path, monkeypatch, capsys):
    from liarlab.__main__ import main

    (tmp_path / "one_die").mkdir()
    for N in regenerate.declared("one-die"):
        C.one_die_path(N, tmp_path / "one_die").write_bytes(C.one_die_path(N).read_bytes()[:1000])
    monkeypatch.setattr(C, "CERTIFICATES_DIR", tmp_path)
    assert main(["solve", "one-die", "--verify"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("liarlab: certificate check failed: ")
    assert "1v1_N8.npz" in err and "truncated" in err


def test_the_rerun_line_says_the_run_verifies_the_store_and_what_a_resolve_run_repeats():
    from liarlab.papers.p05 import experiments

    closed = [p for p in C.CERTIFICATES_DIR.rglob("*.npz") if "end_game_open" not in p.parts]
    note = experiments.certificates_note()
    assert f"verifies the {len(closed)} exact results" in note and "data/05_certificates" in note
    assert "--resolve" in note and " hours " in note
    assert "solved" in experiments.certificates_note(resolve=True)
