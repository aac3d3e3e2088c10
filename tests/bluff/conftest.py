"""What the Bluff tests share: a Generator that always rolls one face, and every challenge of a round."""
import numpy as np
import pytest

from liarlab.bluff import rules as br
from liarlab.core.dice import Hand


class FixedRoll:
    """A stand-in Generator whose dice always show ``face`` (to enumerate chance outcomes exactly)."""

    def __init__(self, face):
        self.face = face

    def integers(self, low, high, size=None):
        return self.face if size is None else np.full(size, self.face)


def every_call(rnd):
    """Every challenge of one round of :class:`liarlab.bluff.rounds.Round` ``rnd``, as the State plays it.

    For each bid ``k``, bidder and pair of hands (``i``, ``j`` index ``rnd.hands``): the State with ``k`` standing
    and the other seat to move calls Bluff. Yields ``((k, bidder, i, j), state after the call)``; a re-roll draws
    from :class:`FixedRoll` (ones).
    """
    for k in range(1, rnd.n + 1):
        for bidder in (0, 1):
            for i, h0 in enumerate(rnd.hands[0]):
                for j, h1 in enumerate(rnd.hands[1]):
                    state = br.BluffState(rnd.rules, FixedRoll(1), dice=list(rnd.dice), hands=[Hand(h0), Hand(h1)],
                                          history=[k], current=1 - bidder)
                    state.apply_action(br.CALL)
                    yield (k, bidder, i, j), state


@pytest.fixture
def challenges():
    """:func:`every_call`: ``challenges(rnd)`` yields every challenge of a round and the State after it."""
    return every_call
