"""Every function that plays or deals takes an int seed or a Generator (liarlab.core.seeds)."""
import numpy as np
import pytest

from liarlab.core.seeds import generator
from liarlab.liardice import rules as dice_rules
from liarlab.liardice.agents import RandomGuessAgent


def test_a_seed_and_a_generator_of_that_seed_play_the_same_games():
    players = [RandomGuessAgent(), RandomGuessAgent()]
    by_seed = dice_rules.play_match(players, 10, 7)
    by_generator = dice_rules.play_match(players, 10, np.random.default_rng(7))
    assert [(r.winner, r.bids) for r in by_seed] == [(r.winner, r.bids) for r in by_generator]


@pytest.mark.parametrize("bad, error", [(1.5, TypeError), ("7", TypeError), (True, TypeError), (None, TypeError),
                                        (-1, ValueError)])
def test_anything_else_is_refused_with_what_was_passed(bad, error):
    with pytest.raises(error, match="seed"):
        generator(bad)
    with pytest.raises(error, match="seed"):
        dice_rules.play_match([RandomGuessAgent(), RandomGuessAgent()], 3, bad)
