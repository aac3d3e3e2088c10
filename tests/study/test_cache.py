"""The cache never serves a result of edited code, and never trusts an entry it cannot load."""
import importlib
import json
import pickle
import sys
import textwrap

import pytest

from liarlab.study import cache, context, outputs


@pytest.fixture
def temp_module(tmp_path, monkeypatch):
    """Write (and rewrite) a module ``probepkg.probe`` in a temporary package that the cache treats as its own.

    The cache traces the package named ``cache.PACKAGE``; pointing it at a throwaway package keeps
    these edits out of the real liarlab source that other runs fingerprint.
    """
    root = tmp_path / "src"
    (root / "probepkg").mkdir(parents=True)
    (root / "probepkg" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(cache, "PACKAGE", "probepkg")
    monkeypatch.setattr(cache, "PACKAGE_DIR", root / "probepkg")
    context.start(out_dir=tmp_path / "out")

    def write(body):
        (root / "probepkg" / "probe.py").write_text(textwrap.dedent(body))
        sys.modules.pop("probepkg.probe", None)
        importlib.invalidate_caches()
        return importlib.import_module("probepkg.probe")

    yield write
    for name in ("probepkg.probe", "probepkg"):
        sys.modules.pop(name, None)


def test_precise_key_covers_name_every_argument_with_defaults_and_the_source(temp_module):
    probe = temp_module("""
        CALLS = []
        def total(a, b=2):
            CALLS.append(a)
            return a + b
    """)
    assert cache.cached_call(probe.total, 1) == 3
    assert cache.cached_call(probe.total, 1, b=2) == 3  # the default spelled out is the same call
    assert cache.cached_call(probe.total, a=1) == 3
    assert probe.CALLS == [1]
    assert cache.cached_call(probe.total, 1, b=5) == 6  # another argument, another entry
    assert probe.CALLS == [1, 1]
    assert cache.dependencies(probe.__name__)[-1] == probe.__name__


def test_an_edited_module_never_serves_an_old_result(temp_module):
    probe = temp_module("def value(x):\n    return x * 10\n")
    assert cache.cached_call(probe.value, 3) == 30
    probe = temp_module("def value(x):\n    return x * 100\n")  # same name, same arguments, new code
    assert cache.cached_call(probe.value, 3) == 300
    # the lambda form (whole-package fingerprint) sees the edit as well
    first = cache.cached("probe", {"x": 3}, lambda: probe.value(3))
    temp_module("def value(x):\n    return x * 1000\n")
    assert cache.cached("probe", {"x": 3}, lambda: first + 1) == first + 1


def test_an_edit_in_an_imported_module_invalidates_too(monkeypatch, tmp_path):
    """The fingerprint follows imports: changing the source of a dependency changes the key."""
    context.start(out_dir=tmp_path)
    from liarlab.papers.p05 import experiments

    deps = cache.dependencies(experiments.__name__)
    assert "liarlab.bluff.ferguson" in deps and "liarlab.core.validation" in deps
    before = cache.fingerprint_for(experiments.ld_first_player_table)
    real = cache._module_file

    edited = tmp_path / "validation.py"
    edited.write_text(real("liarlab.core.validation").read_text() + "\n# edited\n")
    monkeypatch.setattr(cache, "_module_file",
                        lambda name: edited if name == "liarlab.core.validation" else real(name))
    after = cache.fingerprint_for(experiments.ld_first_player_table)
    assert before[1] == after[1] == ["liarlab.papers.p05.experiments"]
    assert before[0] != after[0]


def test_a_notebook_lambda_is_traced_through_the_names_it_uses():
    from liarlab.papers.p05 import experiments as p05x

    namespace = {"p05x": p05x, "n": 20, "sizes": [1, 2]}
    compute = eval("lambda: p05x.ld_first_player_table(n) if sizes else None", namespace)  # as typed in a cell
    assert compute.__module__ is None or not compute.__module__.startswith("liarlab")
    fingerprint, modules = cache.fingerprint_for(compute)
    assert modules == ["liarlab.papers.p05.experiments"]
    assert fingerprint == cache.source_fingerprint(modules)
    # a helper defined in the notebook is followed too
    exec("def helper(k):\n    return p05x.ld_first_player_table(k)", namespace)
    assert cache.fingerprint_for(eval("lambda: helper(n)", namespace))[1] == modules


def test_code_that_cannot_be_traced_falls_back_to_the_whole_package():
    import subprocess as foreign  # a callable from outside liarlab that is not plain data

    assert cache.fingerprint_for(lambda: foreign.run) == (cache.package_fingerprint(), ["*"]) or \
        cache.fingerprint_for(lambda: foreign.run)[1] == []  # a module outside liarlab holds no liarlab source
    opaque = type("Opaque", (), {"__call__": lambda self: 1})()
    assert cache.fingerprint_for(lambda: opaque()) == (cache.package_fingerprint(), ["*"])
    from liarlab.papers.p05 import experiments

    fingerprint, modules = cache.fingerprint_for(lambda: opaque(), depends=[experiments])
    assert modules == [experiments.__name__] and fingerprint == cache.source_fingerprint(modules)
    with pytest.raises(ValueError, match="depends"):
        cache.fingerprint_for(None, depends=["numpy"])


@pytest.mark.parametrize("payload", [b"not a pickle", b"", pickle.dumps(42)], ids=["garbage", "empty", "old-format"])
def test_a_corrupt_or_unloadable_entry_is_recomputed_with_a_warning(tmp_path, payload):
    context.start(out_dir=tmp_path)
    calls = []
    compute = lambda: calls.append(1) or "fresh"  # noqa: E731
    assert cache.cached("thing", {"a": 1}, compute) == "fresh"
    path = cache.cache_path("thing", {"a": 1}, compute)
    assert path.exists()
    path.write_bytes(payload)
    with pytest.warns(cache.CacheWarning, match="could not be loaded"):
        assert cache.cached("thing", {"a": 1}, compute) == "fresh"
    assert len(calls) == 2
    assert cache.cached("thing", {"a": 1}, compute) == "fresh" and len(calls) == 2  # repaired


def test_a_pickled_class_that_moved_is_recomputed(temp_module):
    probe = temp_module("class Box:\n    pass\ndef make():\n    return Box()\n")
    assert type(cache.cached("box", {}, probe.make, depends=[probe])).__name__ == "Box"
    del probe.Box  # the class is gone from where the pickle says it lives
    with pytest.warns(cache.CacheWarning, match="AttributeError"):
        assert cache.cached("box", {}, lambda: "rebuilt", depends=[probe]) == "rebuilt"


def test_served_results_keep_their_compute_time_in_provenance(tmp_path, monkeypatch):
    context.start(out_dir=tmp_path)
    ticks = iter([0.0, 7.5, 100.0, 100.25])  # compute takes 7.5 s; loading it later takes 0.25 s
    monkeypatch.setattr(cache.time, "perf_counter", lambda: next(ticks))
    cache.cached("slow", {}, lambda: 1)
    meta = json.loads(next(outputs.cache_dir().glob("slow-*.json")).read_text())
    assert meta["seconds"] == 7.5 and meta["modules"] == []  # a lambda that runs no liarlab code
    context.start(out_dir=tmp_path)  # a new notebook run
    assert cache.cached("slow", {}, lambda: 2) == 1
    record = outputs.provenance()
    assert record["cached_seconds"] == pytest.approx(7.25)
    assert record["seconds"] == pytest.approx(record["wall_seconds"] + 7.25, abs=0.01)


def test_force_recomputes(tmp_path):
    context.start(out_dir=tmp_path)
    assert cache.cached("f", {}, lambda: 1) == 1
    with context.using(force=True):  # the chain's --force
        assert cache.cached("f", {}, lambda: 2) == 2
    assert cache.cached("f", {}, lambda: 3) == 2  # and without it, the new result is served
    assert cache.cached("f", {}, lambda: 2) == 2


def test_list_and_clear(tmp_path, capsys):
    from liarlab.__main__ import main

    context.start(out_dir=tmp_path)
    cache.cached("05_a", {}, lambda: 1)
    cache.cached("05_b", {"n": 1}, lambda: 2)
    assert main(["cache", "--list", "--out", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert "05_a" in listing and "05_b" in listing and "current" in listing and "2 entries" in listing
    assert main(["cache", "--clear", "--name", "05_a", "--out", str(tmp_path)]) == 0
    assert [e["name"] for e in cache.entries(tmp_path / "data" / "cache")] == ["05_b"]
    assert main(["cache", "--clear", "--all", "--out", str(tmp_path)]) == 0
    assert cache.entries(tmp_path / "data" / "cache") == []


def test_cache_returns_stored_result_and_force_recomputes(tmp_path):
    context.start(out_dir=tmp_path)
    calls = []
    compute = lambda: calls.append(1) or {"value": len(calls)}  # noqa: E731
    assert cache.cached("thing", {"a": 1}, compute) == {"value": 1}
    assert cache.cached("thing", {"a": 1}, compute) == {"value": 1}
    assert cache.cached("thing", {"a": 2}, compute) == {"value": 2}
    assert cache.cached("thing", {"a": 1}, compute, force=True) == {"value": 3}


def test_cache_ignores_leftover_temporary_files(tmp_path):
    context.start(out_dir=tmp_path)
    compute = lambda: 42  # noqa: E731
    path = cache.cache_path("x", {}, compute)
    (path.parent / f".{path.name}.123.tmp").write_bytes(b"garbage")
    assert cache.cached("x", {}, compute) == 42
    assert pickle.loads(path.read_bytes())["result"] == 42
