"""Play the study's games in the terminal: ``python -m liarlab play GAME [--agent NAME] [--seed S]``.

:mod:`liarlab.play.terminal` is the game-agnostic front end (a person is one more Agent of
:mod:`liarlab.core.api`); ``liarlab/play/<game>.py`` adapts one game's rules module and agents to it.
This package imports the games and :mod:`liarlab.core` only, never the papers or the run frame.
"""
