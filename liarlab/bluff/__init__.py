"""Liar's Dice (Ferguson's model) and Bluff with N-faced dice: rules, the talk's per-turn method, exact solvers.

Three doors answer the exact questions (docs/ARCHITECTURE.md's solver table lists the methods behind them, all
private):

* :func:`solve` (:mod:`liarlab.bluff.api`): a game's certified value. ``solve(faces, dice)`` a round of Bluff,
  by the whole-tree LP or the certified double oracle (``method="auto"`` picks), a :class:`BluffResult` (value,
  certified bracket, both plans, the likely fraction); ``solve(faces, dice, game="endgame")`` or
  ``solve(game=EndGame(...))`` the end game of Liar's Dice (one round, the winner of the call wins), an
  :class:`EndGameResult` with the exact value as a fraction; ``solve(faces, game="ferguson")`` Ferguson's one-die
  game by the per-turn LPs (its first player wins 41/60 at six faces).
* :func:`best_response` (:mod:`liarlab.bluff.exploit`): what a seat gets best responding to the other seat's
  plan, exactly in the end game, in floats in a round of Bluff.
* :func:`exploitability` (:mod:`liarlab.bluff.exploit`): a player's exact exploitability in both seats of the end
  game, from its best responses, with the equilibrium's result against it.

Every door checks first that the game fits (:func:`liarlab.bluff.rules.check_fits`). Whole grids of rounds:
:func:`liarlab.bluff.oracle.certified_grid`.

Importing the package registers three games with :mod:`liarlab.core.api`, with the agents of
:mod:`liarlab.bluff.agents` (Bluff: ``exact``, ``per-turn``, ``random``; Ferguson: ``optimal``, ``T*``, ``random``;
the end game: ``random``): ``"bluff"``, ``new_game(rng, rules=Rules(), opener=0)`` (rounds until a
player has no dice), and ``"ferguson"``, ``new_game(rng, faces=6, opener=0)``, both
:class:`~liarlab.bluff.rules.BluffState`; and ``"endgame"``, ``new_game(rng, faces=6, dice=(1, 1),
convention="normal", stairs="ordered", stairs_jokers=True)``, an :class:`~liarlab.bluff.endgame.EndGameState`
(one round: the winner of the call wins). Each gives +1 to the winner and -1 to the loser.
"""
from liarlab.bluff import agents as _agents  # noqa: F401  (registers the agents before the games)
from liarlab.bluff import rules as _rules
from liarlab.bluff.api import BluffResult, EndGameResult, choose_method, solve
from liarlab.bluff.endgame import EndGame as _EndGame
from liarlab.bluff.exploit import Exploitability, best_response, exploitability
from liarlab.core.api import register_game

__all__ = ["BluffResult", "EndGameResult", "Exploitability", "best_response", "choose_method", "exploitability",
           "solve"]


def _new_bluff(rng, rules: _rules.Rules = _rules.Rules(), opener: int = 0) -> _rules.BluffState:
    if rules.game != "bluff":
        raise ValueError(f"rules.game must be 'bluff' here, got {rules.game!r} (Ferguson's game is 'ferguson')")
    return _rules.new_game(rules, rng, opener)


def _new_ferguson(rng, faces: int = 6, opener: int = 0) -> _rules.BluffState:
    return _rules.new_game(_rules.Rules(game="ferguson", faces=faces), rng, opener)


register_game("bluff", _new_bluff, title="Bluff with N-faced dice (paper 05)",
              variants={"1 die each, 6 faces": {},
                        "2 dice v 1, 3 faces, opener 1": {"rules": _rules.Rules(faces=3, dice=(2, 1)), "opener": 1},
                        "2 dice each, 4 faces, star order, no wild, penalty one, winner opens": {
                            "rules": _rules.Rules(faces=4, dice=(2, 2), bid_order="star", wild="none",
                                                  challenger_penalty="one", bidder_penalty="one",
                                                  next_opener="winner")}})
def _new_end_game(rng, faces: int = 6, dice=(1, 1), convention: str = "normal", stairs: str = "ordered",
                  stairs_jokers: bool = True):
    return _EndGame(faces, tuple(dice), convention, stairs, stairs_jokers).new_state(rng)


register_game("endgame", _new_end_game, title="The end game of Liar's Dice: one round, the call decides (paper 05)",
              variants={"1 die each, 6 faces": {}, "2 dice v 1, 4 faces, joker": {"faces": 4, "dice": (2, 1),
                                                                                   "convention": "joker"},
                        "1 die v 2, 3 faces, stairs": {"faces": 3, "dice": (1, 2), "convention": "stairs"}})
register_game("ferguson", _new_ferguson, title="Ferguson's Liar's Dice (paper 05)",
              variants={"6 faces": {}, "2 faces, opener 1": {"faces": 2, "opener": 1}, "10 faces": {"faces": 10}})
