"""liarlab's games spoken in other frameworks' terms (above the games, below the papers; no game imports it).

* :mod:`liarlab.interop.openspiel`: every registered game as an OpenSpiel game (``pyspiel.load_game("liarlab_<game>")``),
  with the optional extra ``openspiel`` installed.
"""
