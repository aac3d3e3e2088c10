"""Greedy exchange (liarlab.honeymoon.exchange): the thesis's worked examples 3-1 to 3-3 and the card values."""
from __future__ import annotations

import pytest

from liarlab.core.cards import parse_card, parse_cards
from liarlab.honeymoon import exchange as ex
from liarlab.honeymoon.rules import EXCHANGE

S, H, D, C = 0, 1, 2, 3
HAND_3_1 = parse_cards(["S3", "HA", "HQ", "HJ", "H8", "DA", "DJ", "D7", "CK", "CT", "C9", "C7", "C5"])
OPP_KNOWN = set(parse_cards(["SA", "S2"]))


def _knowledge(face_up):
    seen = set(parse_cards(["S9", "S8", "CQ", "CJ", "C8", "C6"]))
    seen.add(face_up)
    mine = set(HAND_3_1)
    p, unknown = ex.in_opponent_probability(mine, OPP_KNOWN, seen)
    return p, unknown


def test_card_values_are_u_shaped_and_valuable_from_jack():
    assert ex.card_value(parse_card("SA"), S) == 40 and ex.card_value(parse_card("S2"), S) == 24.5
    assert ex.card_value(parse_card("HJ"), S) == 11 and ex.card_value(parse_card("HT"), S) == 9
    assert min(ex.SIDE_VALUES) == ex.SIDE_VALUES[4] == ex.SIDE_VALUES[5]


def test_example_3_1_case_1_leads_the_club_five():
    p, unknown = _knowledge(parse_card("C2"))
    assert len(unknown) == 30 and p == pytest.approx(11 / 30)
    scores = ex.lead_scores(HAND_3_1, OPP_KNOWN, unknown, p, face_value=3.0, trump=H)
    assert scores[parse_card("S3")] == 0
    assert scores[parse_card("H8")] == pytest.approx((19 / 30) ** 6, abs=5e-5)
    assert scores[parse_card("D7")] == pytest.approx(0.1018, abs=5e-4)
    assert scores[parse_card("C5")] == pytest.approx(0.4011, abs=5e-5)
    assert max(scores, key=scores.get) == parse_card("C5")


@pytest.mark.parametrize("code, printed", [("S3", -7.5), ("HA", -0.5), ("DA", -0.5), ("HQ", 0.516), ("HJ", 4.516),
                                            ("H8", 1.223), ("DJ", -1.172), ("D7", -0.503), ("CK", -19.48),
                                            ("CT", -8.483), ("C9", -6.483)])
def test_example_3_1_case_2_scores_match_the_thesis(code, printed):
    p, unknown = _knowledge(parse_card("C2"))
    scores = ex.lead_scores(HAND_3_1, OPP_KNOWN, unknown, p, face_value=24.5, trump=C)
    assert scores[parse_card(code)] == pytest.approx(printed, abs=0.005)


def test_example_3_1_case_2_flagged_rows_and_choice():
    p, unknown = _knowledge(parse_card("C2"))
    scores = ex.lead_scores(HAND_3_1, OPP_KNOWN, unknown, p, face_value=24.5, trump=C)
    # the thesis prints -4.483 and -4.983 (arithmetic slips); the formula gives:
    assert scores[parse_card("C7")] == pytest.approx(-2.483, abs=0.001)
    assert scores[parse_card("C5")] == pytest.approx(-2.983, abs=0.001)
    assert max(scores, key=scores.get) == parse_card("HJ")


def _obs(hand, trump, face_up, lead):
    return {"player": 0, "phase": EXCHANGE, "hand": tuple(sorted(hand)), "contract": (1, trump),
            "face_up": face_up, "trick": ((1, lead),), "history": ((EXCHANGE, 0, 1, lead),),
            "won_face_up": ((), ())}


def test_example_3_2_follow_low_face_up_ducks_with_spade_four():
    hand = parse_cards(["S4", "SK", "HA", "H2", "D9"])
    obs = _obs(hand, H, parse_card("D6"), parse_card("S6"))
    legal = [c for c in hand if c // 13 == S]
    assert ex.greedy_exchange_card(obs, legal) == parse_card("S4")


def test_example_3_3_follow_valuable_face_up_without_winner_plays_diamond_six():
    hand = parse_cards(["D2", "D3", "D6", "D7", "D9", "DT", "DJ", "S5"])
    obs = _obs(hand, S, parse_card("S2"), parse_card("DK"))
    legal = [c for c in hand if c // 13 == D]
    assert ex.greedy_exchange_card(obs, legal) == parse_card("D6")


def test_follow_valuable_face_up_wins_cheaply_or_ruffs():
    hand = parse_cards(["DA", "DQ", "D3", "S2", "S9"])
    obs = _obs(hand, S, parse_card("HK"), parse_card("DJ"))
    assert ex.greedy_exchange_card(obs, parse_cards(["DA", "DQ", "D3"])) == parse_card("DQ")
    hand = parse_cards(["S2", "S9", "C4"])
    obs = _obs(hand, S, parse_card("HK"), parse_card("DJ"))
    assert ex.greedy_exchange_card(obs, hand) == parse_card("S9")   # trump 9 (22) is cheaper than 2 (24.5)


