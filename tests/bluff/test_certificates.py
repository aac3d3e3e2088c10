"""The certificate store (liarlab.bluff.certificates): what is written is read back to the bit, a changed or
missing file raises rather than being trusted, a recomputed bracket must be exact and be the stored one, and an
open result's checkpoint needs its meta. (Notebook 05's stored results, verified end to end, are tested in
tests/papers/p05/test_p05_certificates.py.)"""
import numpy as np
import pytest

from liarlab.bluff import certificates as C
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame


@pytest.fixture(scope="module")
def solved():
    """A small end game's certified solve: two plans, the restricted set H, a bracket."""
    return so._solve_certified(so.Tree.of_game(EndGame(3, (1, 1))), threads=False)


def test_written_plans_and_meta_are_read_back_to_the_bit(solved, tmp_path):
    path = C.write(tmp_path / "one.npz", solved.plans, solved.H, {"kind": "test", "value": solved.value})
    plans, H, meta = C.read(path, C.digest_of(path))
    for stored, plan in zip(plans, solved.plans):
        support = plan.on_support()
        assert stored.player == plan.player
        assert np.array_equal(stored.nodes, support.nodes) and np.array_equal(stored.X, support.X)
    assert np.array_equal(H, solved.H)
    assert meta["kind"] == "test" and meta["value"] == solved.value
    assert meta["solver_version"] == C.SOLVER_VERSION and meta["git_commit"] and meta["stored"]
    # the plans on their support bound the game as the solve's own plans do
    assert so.plans_bracket(so.Tree.of_game(EndGame(3, (1, 1))), plans) == pytest.approx((solved.lower, solved.upper))


def test_a_missing_file_or_one_changed_since_its_digest_raises(solved, tmp_path):
    with pytest.raises(C.CertificateError, match="no stored certificate"):
        C.read(tmp_path / "none.npz")
    path = C.write(tmp_path / "one.npz", solved.plans, solved.H, {})
    digest = C.digest_of(path)
    C.write(path, solved.plans, solved.H, {"changed": True})
    with pytest.raises(C.CertificateError, match="changed while being read"):
        C.read(path, digest)


def test_several_results_share_one_file_under_their_prefixes(solved, tmp_path):
    path = C.write_many(tmp_path / "many.npz", {"a_": (solved.plans, solved.H), "b_": (solved.plans, solved.H[:1])},
                        {"kind": "two"})
    results, meta = C.read_many(path)
    assert sorted(results) == ["a_", "b_"] and meta["kind"] == "two"
    assert len(results["b_"][1]) == 1 and np.array_equal(results["a_"][1], solved.H)


def test_a_bracket_must_be_exact_and_the_stored_one():
    C.check_bracket("x", 0.25, 0.25 + 1e-13, {"lower": 0.25, "upper": 0.25, "value": 0.25}, 1e-10)
    with pytest.raises(C.CertificateError, match="do not certify an exact value"):
        C.check_bracket("x", 0.2, 0.3, {}, 1e-10)
    with pytest.raises(C.CertificateError, match="stored lower bound"):
        C.check_bracket("x", 0.25, 0.25, {"lower": 0.2}, 1e-10)
    with pytest.raises(C.CertificateError, match="stored value"):
        C.check_bracket("x", 0.25, 0.25, {"value": 0.3}, 1e-10)
    C.check_bracket("open", 0.2, 0.3, {"lower": 0.2, "upper": 0.3}, float("inf"))   # an open bracket: any width


def test_an_open_result_is_a_checkpoint_with_its_meta(tmp_path):
    state = {"H": np.arange(3, dtype=np.int64), "iterations": np.array(2)}
    path = C.write_open(tmp_path / "cell", state, {"cell": [1, 1, 3, "normal"]})
    assert path.name == C.OPEN_FILE
    read, meta = C.read_open(path)
    assert np.array_equal(read["H"], state["H"]) and meta["cell"] == [1, 1, 3, "normal"]
    np.savez_compressed(tmp_path / "bare.npz", **state)
    with pytest.raises(C.CertificateError, match="bare checkpoint"):
        C.read_open(tmp_path / "bare.npz")


def test_a_store_digest_changes_with_any_stored_file(solved, tmp_path, monkeypatch):
    monkeypatch.setattr(C, "CERTIFICATES_DIR", tmp_path)
    (tmp_path / "bluff2").mkdir()
    empty = C.store_digest("bluff2")
    path = C.write(tmp_path / "bluff2" / "a.npz", solved.plans, solved.H, {"n": 1})
    one = C.store_digest("bluff2")
    C.write(path, solved.plans, solved.H, {"n": 2})
    assert len({empty, one, C.store_digest("bluff2")}) == 3


def test_grid_files_and_cells_are_named_from_their_key():
    assert C.grid_path("no-wild:difference/one/opener/R1", 2, 5, 6, "/x").as_posix() == \
        "/x/no-wild_difference-one-opener-R1_N2_d5_t6.npz"
    assert C.cells_up_to_total(3, 4) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1)]
    assert len(C.cells_up_to_total(3, None)) == 9
    assert C.has_grid(*C.STORED_GRIDS[0]) and not C.has_grid("no-wild:x", 2, 5)
