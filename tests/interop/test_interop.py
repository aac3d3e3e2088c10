"""The interop package's own namespace: whether OpenSpiel is there, asked without importing it."""
import importlib
import sys

import pytest

import liarlab.interop as interop

#: the study's modules that play through OpenSpiel only when the extra is installed
OPTIONAL_USERS = ("liarlab.papers.p03.baseline", "liarlab.papers.p06.baseline")


def test_without_pyspiel_openspiel_is_unavailable(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)       # as if the extra were not installed
    assert not interop.openspiel_available()
    assert interop.OPENSPIEL_SKIPPED == "OpenSpiel not installed: skipped"


@pytest.mark.parametrize("name", OPTIONAL_USERS)
def test_a_study_module_that_plays_through_openspiel_imports_it_only_when_it_plays(monkeypatch, name):
    module = importlib.import_module(name)
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    assert not module.available() and module.SKIPPED == interop.OPENSPIEL_SKIPPED
    assert "open_spiel" not in module.__dict__ and "osp" not in module.__dict__ and "pyspiel" not in module.__dict__
