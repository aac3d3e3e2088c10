"""liarlab's games spoken in other frameworks' terms (above the games, below the papers; no game imports it).

* :mod:`liarlab.interop.openspiel`: every registered game as an OpenSpiel game (``pyspiel.load_game("liarlab_<game>")``),
  with the optional extra ``openspiel`` installed.

This package's own namespace imports no framework, so a caller asks :func:`openspiel_available` before importing
:mod:`liarlab.interop.openspiel`, and reports :data:`OPENSPIEL_SKIPPED` when it is not.
"""
from __future__ import annotations

import importlib.util

__all__ = ["OPENSPIEL_SKIPPED", "openspiel_available"]

#: what a study reports in place of a result that needs OpenSpiel when the extra is not installed
OPENSPIEL_SKIPPED = "OpenSpiel not installed: skipped"


def openspiel_available() -> bool:
    """Whether OpenSpiel (the optional extra ``openspiel``) is installed."""
    return importlib.util.find_spec("pyspiel") is not None
