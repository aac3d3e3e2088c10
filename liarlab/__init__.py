"""liarlab: a reproducible study of artificial intelligence for bluffing games.

The engines, one entry point each (README.md, "Use liarlab in your own code", shows each in use):

* ``liarlab.bluff.solve``: a certified exact Bluff round for any rules, faces and dice (value, bracket,
  plans, fraction), by the whole-tree LP or the certified double oracle, whichever can solve it;
* ``liarlab.honeymoon.double_dummy_tricks``: the exact two-hand (double-dummy) solver of Honeymoon Bridge;
* ``liarlab.liardice.play_match``: a match between any agents (``liarlab.core.api.make_agent``);
* ``liarlab.liardice.train_q``: training paper 02's Q-table agent (``FastTable``) in compiled code;
* ``liarlab.core.verdicts``: judging a claim with the study's verdict protocol (docs/VERDICTS.md).

``python -m liarlab --help`` lists the commands (run the notebook chain, bench, play a game, the cache).
"""
__version__ = "0.1.0"
