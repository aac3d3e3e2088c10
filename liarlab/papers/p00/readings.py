"""The readings of notebook 00's arithmetic rows that can differ (issue 36): every way the papers' wording lets a
printed dice number be counted, run by the same rule as its claims row (``liarlab.core.readings``).

Each family lists its open points first, from the papers' own wording (the seeds) and the specs' "Open
ambiguities"; each becomes a run reading or a ``not_run`` row saying why it cannot be run. The cause of a
differing row then follows from these rows alone (``verdicts.cause``): ``misprint`` for an arithmetic check that
no reading reproduces, ``reading`` when another reading does.
"""
from __future__ import annotations

from liarlab.core import dice
from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.papers.p00.printed import PAPER_T44, PAPER_TEXT_AT_LEAST_ONE

#: The claims' texts (the claims rows use the same strings).
AT_LEAST_ONE_CLAIM = "bid weight for 'needs one die from the opponent' (text, Fig 4.4)"
ABOUT_HALF_CLAIM = "share of hands with some face at least twice ('about half')"
T44_FULL_N3_CLAIM = "Q-space full, n=3, 2 players"
T44_FAMILY = "paper 02 Table 4-4"

# ---------------------------------------------------------------- paper 01, §4.2 text: the weight 4561

#: Open points of "對手擁有一顆以上的 5 的手牌種類數，根據表上所列為 4561 種" ("the number of kinds of hands in
#: which the opponent holds one or more 5s is, by the table, 4561"): what "one or more" counts, and whether a
#: "kind of hand" is an ordered roll (Table 4.7 counts 7776) or a distinct unordered hand (252).
AT_LEAST_ONE_READINGS = (
    R.Reading("at least one 5, ordered rolls (Table 4.7's cumulative row)",
              "the weight is the number of the 7776 ordered rolls with one or more 5s, as Table 4.7 counts it",
              "paper 01 §4.2 text ('一顆以上', one or more; 'by the table') and spec §2.1 (CUM[1])", default=True),
    R.Reading("exactly one 5, ordered rolls (Table 4.7's other row)",
              "the weight is the rolls with exactly one 5, the other row of Table 4.7",
              "paper 01 Table 4.7 prints both rows side by side"),
    R.Reading("at least one 5, distinct unordered hands",
              "'手牌種類數' (kinds of hands) counts distinct unordered hands (252 in all), not ordered rolls",
              "paper 01 §4.2 wording '種類數'; paper 02 counts hands as the 252 multisets"),
)


def at_least_one_rows() -> list[dict]:
    """The readings of the printed weight 4561, each an exact count judged at the printed precision."""
    values = (dice.hands_with_at_least(1), dice.hands_with_exactly(1),
              dice.multisets_count() - dice.multisets_count(faces=5))
    return [R.run(AT_LEAST_ONE_CLAIM, AT_LEAST_ONE_CLAIM, reading,
                  V.exact(v), V.value(PAPER_TEXT_AT_LEAST_ONE, V.exact(v)), note=f"{v:,} against the printed 4,561")
            for reading, v in zip(AT_LEAST_ONE_READINGS, values)]


# ---------------------------------------------------------------- paper 01, §4.2 text: "about half"

#: Open points of "大約有一半左右的機率，對手的手牌中，有某個點數是有兩顆以上的" ("with about half the probability
#: the opponent's hand has some face two or more times", said while pointing at Table 4.6): which hands "some face
#: two or more times" takes from Table 4.6, and whether the face is any face or the bid's face.
ABOUT_HALF_READINGS = (
    R.Reading("some face at least twice (every class but 'nothing' and the straights)",
              "every hand in which some face shows two or more times",
              "paper 01 §4.2 text, read literally ('有某個點數是有兩顆以上')", default=True),
    R.Reading("the class 'one pair' alone",
              "the text means Table 4.6's row 'one pair', the class it points at",
              "paper 01 §4.2 text cites Table 4.6; spec 01 §5.1 ('probably what was meant')"),
    R.Reading("exactly one face repeated (one pair, three, four or five of a kind)",
              "'some face' is one face: hands with exactly one repeated face",
              "paper 01 §4.2 text ('某個點數', some one face)"),
    R.Reading("some face exactly twice (one pair, two pairs, full house)",
              "'two or more' read as a pair: hands in which some face shows exactly twice",
              "paper 01 §4.2 text ('成對', paired, in the next paragraph)"),
    R.Reading("a given face at least twice (the bid's face)",
              "the face is the one just bid ('three 5s' in the example): hands with two or more of it",
              "paper 01 §4.2 example of 'three 5s' (P = 0.1962 for two 5s)"),
)


def about_half_rows() -> list[dict]:
    """The readings of "about half", each a share of the 7776 hands judged with the word "about half"."""
    classes = dice.hand_class_counts()
    counts = (dice.hands_with_some_face_repeated(), classes["one pair"],
              classes["one pair"] + classes["three of a kind"] + classes["four of a kind"] + classes["five of a kind"],
              classes["one pair"] + classes["two pairs"] + classes["full house"], dice.hands_with_at_least(2))
    rows = []
    for reading, count in zip(ABOUT_HALF_READINGS, counts):
        est = V.exact(count / 7776)
        rows.append(R.run(ABOUT_HALF_CLAIM, ABOUT_HALF_CLAIM, reading, est, V.word("about half", est),
                          note=f"{count:,}/7,776 = {count / 7776:.3f}"))
    return rows


# ---------------------------------------------------------------- paper 02, Table 4-4: the full space for n = 3

T44_READINGS = (
    R.Reading("252 hands x the action keys (the paper's formula)",
              "the full space is S_f = 252 x N_act, N_act = 559,735 keys for n = 3",
              "paper 02 §4 formula; spec 02 §4 (Table 6-2 prints the same cell as 141,053,220)", default=True),
    R.Reading("the cell rounded to hundreds",
              "Table 4-4 prints its full-space cells rounded to the nearest hundred",
              "none in the paper: considered because the printed cell is 20 below the count"),
    R.Reading("another hand count in the formula",
              "the full space uses a number of hands other than the 252 distinct hands",
              "none: paper 02 names H(6,5) = 252 (printed 'H6 6', a typo)"),
)


def table_4_4_rows(full_n3: int) -> list[dict]:
    """The readings of Table 4-4's full space for n = 3 (``full_n3``: our count)."""
    printed = PAPER_T44[3][1]
    default, rounded, hands = T44_READINGS
    return [R.run(T44_FAMILY, T44_FULL_N3_CLAIM, default, V.exact(full_n3), V.value(printed, V.exact(full_n3)),
                  note=f"{full_n3:,} against the printed {printed:,}"),
            R.not_run(T44_FAMILY, T44_FULL_N3_CLAIM, rounded,
                      "Table 4-4 prints its other cells to the unit (218,130 and 3,178,160 are not multiples of 100), "
                      "so the table has no rounding convention to read"),
            R.not_run(T44_FAMILY, T44_FULL_N3_CLAIM, hands,
                      "no hand count other than 252 gives a whole number of keys: 141,053,200 / 559,735 is not an "
                      "integer, and the same formula gives the cells for n = 1 and 2 exactly")]


# ---------------------------------------------------------------- the headline: every printed number at once

HEADLINE_READINGS = (
    R.Reading("each printed number at its printed precision, counted by the family rule",
              "a printed number agrees when exact enumeration prints the same at the paper's precision",
              "docs/VERDICTS.md (printed values; family rule)", default=True),
    R.Reading("the numbers re-read one by one",
              "a differing number is counted under its own readings instead",
              "the readings of the rows below"),
)


def all_rows(full_n3: int) -> list[dict]:
    """Every readings row of notebook 00 (``data/00_readings.csv``)."""
    return at_least_one_rows() + about_half_rows() + table_4_4_rows(full_n3)
