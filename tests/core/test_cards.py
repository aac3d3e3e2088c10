"""The 52-card deck and its codes (liarlab.core.cards): every card reads back from its code, a malformed or
repeated card is refused naming it, and a shuffle is a permutation fixed by its generator."""
import numpy as np
import pytest

from liarlab.core import cards


def test_every_card_reads_back_from_its_code():
    codes = [cards.card_code(c) for c in cards.full_deck()]
    assert codes[0] == "S2" and codes[12] == "SA" and codes[13] == "H2" and codes[-1] == "CA"
    assert len(set(codes)) == 52
    assert [cards.parse_card(code) for code in codes] == list(range(52))
    assert cards.parse_card("ht") == cards.card(1, 8)              # either case
    assert (cards.suit_of(cards.parse_card("DQ")), cards.rank_of(cards.parse_card("DQ"))) == (2, 10)


@pytest.mark.parametrize("code", ["S1", "XA", "SAA", "", 12])
def test_a_malformed_card_is_refused_naming_it(code):
    with pytest.raises(ValueError, match="malformed card"):
        cards.parse_card(code)


def test_a_repeated_card_or_one_off_the_deck_is_refused():
    with pytest.raises(ValueError, match="hand: card SA appears twice"):
        cards.parse_cards(["SA", "HK", "sa"])
    with pytest.raises(ValueError, match="card must be an integer 0..51"):
        cards.card_code(52)


def test_a_shuffle_is_a_permutation_fixed_by_its_generator():
    a = cards.shuffled_deck(np.random.default_rng(5))
    assert sorted(a) == list(range(52))
    assert np.array_equal(a, cards.shuffled_deck(np.random.default_rng(5)))
    assert not np.array_equal(a, cards.shuffled_deck(np.random.default_rng(6)))
