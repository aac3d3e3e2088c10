"""Notebook 00's claims as one list of families (:data:`CLAIM_FAMILIES`, :mod:`liarlab.study.families`): one record per
table or statement of papers 01 and 02 that notebook 00 checks. Every row is a check of the papers' own arithmetic
(kind "arithmetic"), judged at the printed precision (docs/VERDICTS.md); the Monte Carlo rows check our generators
(kind "check"). The readings of the rows that can differ (issue 36) come from the papers' own wording (the seeds)
and the specs' "Open ambiguities"; a differing row's cause follows from them alone (``misprint`` when no reading
reproduces an arithmetic check, ``reading`` when another one does).
"""
from __future__ import annotations

import re
from dataclasses import replace

import pandas as pd

from liarlab.core import dice
from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.papers.p00 import printed as P
from liarlab.papers.p00.experiments import q_space_table
from liarlab.papers.p00.results import Results
from liarlab.study import families as F
from liarlab.study.answer import SHARE_OF_CASES
from liarlab.study.families import ClaimFamily, Way, claim


def _printed(text, source, paper, ours, *, decimals=None, truncated=False, compare=None, **kwargs):
    """A printed number against ours (exact), judged at its printed precision; ``compare`` = (printed, ours)
    in the units the paper printed when those differ from the displayed values."""
    printed, value = compare if compare is not None else (paper, ours)
    judgement = V.value(printed, V.exact(value), decimals=decimals, truncated=truncated)
    return claim(text, source, paper, ours, judgement, kind="arithmetic", **kwargs)


def _table(source: str, rows) -> list[dict]:
    """A printed table's rows, (claim, printed, ours[, decimals]) each, in the family named after ``source``."""
    return [_printed(text, source, paper, ours, decimals=decimals, family=source, **kw)
            for text, paper, ours, decimals, kw in ((*r, *(None, {})[len(r) - 3:]) for r in rows)]


def _complete(results: Results | None) -> Results:
    """``results`` with the two-player Q-table sizes, computed when the run did not give them (the tests)."""
    results = results or Results()
    return results if results.q2 is not None else replace(results, q2=q_space_table(2))


def _telling_first(table: dict) -> list:
    """A printed table's rows with k = 1 first and k = 0 last: the claims summary shows a family's first row as its
    example, and "at least 0 of a face: 1" (true of every hand) told the reader nothing (issue 50)."""
    return sorted(table, key=lambda k: (k == 0, k))


# ================================================================ paper 01, Tables 4.5-4.7

def table_4_5(results) -> list[dict]:
    return _table("paper 01 Table 4.5", [(f"P(at least {k} of a face in 5 dice)", P.PAPER_T45[k],
                                         float(dice.probability_at_least(k)), 4,
                                         {"note": f"exact {dice.hands_with_at_least(k):,}/7,776"})
                                        for k in _telling_first(P.PAPER_T45)])


def table_4_6(results) -> list[dict]:
    counts = dice.hand_class_counts()
    return _table("paper 01 Table 4.6", [(f"hands of class '{c}'", paper, counts[c])
                                         for c, paper in P.PAPER_T46.items()]
                  + [("Table 4.6 total", P.PAPER_T46_TOTAL, sum(counts.values()))])


def table_4_7(results) -> list[dict]:
    return _table("paper 01 Table 4.7",
                  [(f"hands with exactly {k} of a face", P.PAPER_T47_EXACT[k], dice.hands_with_exactly(k))
                   for k in _telling_first(P.PAPER_T47_EXACT)]
                  + [(f"hands with at least {k} of a face", P.PAPER_T47_CUM[k], dice.hands_with_at_least(k))
                     for k in _telling_first(P.PAPER_T47_CUM)])


# ================================================================ paper 01, §4.2 text: the weight 4561 and "about half"

AT_LEAST_ONE_CLAIM = "bid weight for 'needs one die from the opponent' (text, Fig 4.4)"
ABOUT_HALF_CLAIM = "share of hands with some face at least twice ('about half')"


def at_least_one(results) -> list[dict]:
    """The weight 4561 of the text around Fig 4.4."""
    return [_printed(AT_LEAST_ONE_CLAIM, "paper 01 §4.2 text", P.PAPER_TEXT_AT_LEAST_ONE, dice.hands_with_at_least(1),
                     note="7,776 - 3,125 = 4,651; the text's 4,561 has the same digits in another order; "
                          "Table 4.7 itself prints 4,651")]


def about_half(results) -> list[dict]:
    repeated = dice.hands_with_some_face_repeated()
    return [claim(ABOUT_HALF_CLAIM, "paper 01 §4.2 text", P.PAPER_TEXT_ABOUT_HALF, V.exact(repeated / 7776),
                  V.word("about half", V.exact(repeated / 7776)), kind="arithmetic",
                  note=f"{repeated:,}/7,776; 'one pair' alone is 3,600/7,776 = {3600 / 7776:.3f}")]


def _classes(*names) -> int:
    return sum(dice.hand_class_counts()[n] for n in names)


def _count_reading(count: int):
    """A reading of the weight: the count against the printed 4,561 (estimate, judgement, note)."""
    printed = P.PAPER_TEXT_AT_LEAST_ONE
    return V.exact(count), V.value(printed, V.exact(count)), f"{count:,} against the printed 4,561"


def _share_reading(count: int):
    """A reading of a share of the 7776 hands judged with the word "about half"."""
    est = V.exact(count / 7776)
    return est, V.word("about half", est), f"{count:,}/7,776 = {count / 7776:.3f}"


def _ways(judge, rows) -> tuple[Way, ...]:
    """(name, assumption, support, count) rows as run readings, ``judge``\\ d on the count; the first is the
    default."""
    return tuple(Way(Reading(name, assumption, support, default=i == 0), run=lambda _, count=count: judge(count()))
                 for i, (name, assumption, support, count) in enumerate(rows))


#: Open points of "對手擁有一顆以上的 5 的手牌種類數，根據表上所列為 4561 種" ("the number of kinds of hands in
#: which the opponent holds one or more 5s is, by the table, 4561"): what "one or more" counts, and whether a
#: "kind of hand" is an ordered roll (Table 4.7 counts 7776) or a distinct unordered hand (252).
AT_LEAST_ONE_READINGS = _ways(_count_reading, [
    ("at least one 5, ordered rolls (Table 4.7's cumulative row)",
     "the weight is the number of the 7,776 ordered rolls with one or more 5s, as Table 4.7 counts it",
     "paper 01 §4.2 text ('一顆以上', one or more; 'by the table') and spec §2.1 (CUM[1])",
     lambda: dice.hands_with_at_least(1)),
    ("exactly one 5, ordered rolls (Table 4.7's other row)",
     "the weight is the rolls with exactly one 5, the other row of Table 4.7",
     "paper 01 Table 4.7 prints both rows side by side", lambda: dice.hands_with_exactly(1)),
    ("at least one 5, distinct unordered hands",
     "'手牌種類數' (kinds of hands) counts distinct unordered hands (252 in all), not ordered rolls",
     "paper 01 §4.2 wording '種類數'; paper 02 counts hands as the 252 multisets",
     lambda: dice.multisets_count() - dice.multisets_count(faces=5)),
])

#: Open points of "大約有一半左右的機率，對手的手牌中，有某個點數是有兩顆以上的" ("with about half the probability
#: the opponent's hand has some face two or more times", said while pointing at Table 4.6): which hands "some face
#: two or more times" takes from Table 4.6, and whether the face is any face or the bid's face.
ABOUT_HALF_READINGS = _ways(_share_reading, [
    ("some face at least twice (every class but 'nothing' and the straights)",
     "every hand in which some face shows two or more times",
     "paper 01 §4.2 text, read literally ('有某個點數是有兩顆以上')", dice.hands_with_some_face_repeated),
    ("the class 'one pair' alone", "the text means Table 4.6's row 'one pair', the class it points at",
     "paper 01 §4.2 text cites Table 4.6; spec 01 §5.1 ('probably what was meant')", lambda: _classes("one pair")),
    ("exactly one face repeated (one pair, three, four or five of a kind)",
     "'some face' is one face: hands with exactly one repeated face", "paper 01 §4.2 text ('某個點數', some one face)",
     lambda: _classes("one pair", "three of a kind", "four of a kind", "five of a kind")),
    ("some face exactly twice (one pair, two pairs, full house)",
     "'two or more' read as a pair: hands in which some face shows exactly twice",
     "paper 01 §4.2 text ('成對', paired, in the next paragraph)",
     lambda: _classes("one pair", "two pairs", "full house")),
    ("a given face at least twice (the bid's face)",
     "the face is the one just bid ('three 5s' in the example): hands with two or more of it",
     "paper 01 §4.2 example of 'three 5s' (P = 0.1962 for two 5s)", lambda: dice.hands_with_at_least(2)),
])


# ================================================================ paper 02, Tables 6-3, 4-4, 6-1 and 6-2

def table_6_3(results) -> list[dict]:
    """Paper 02, Table 6-3: the largest multiplicity among five dice."""
    counts = dice.max_multiplicity_counts()
    return _table("paper 02 Table 6-3", [(f"percent of hands with largest multiplicity {m}", paper,
                                         100 * counts[m] / 7776, 2) for m, paper in P.PAPER_T63_PERCENT.items()])


T44_FAMILY = "paper 02 Table 4-4"
T44_FULL_N3_CLAIM = "Q-space full, n=3, 2 players"


def q_space(results) -> list[dict]:
    """Paper 02, Tables 4-4, 6-1 and 6-2, history by history (two players): one record, as the rows interleave."""
    rows = []
    for _, r in results.q2.iterrows():
        n = int(r["n"])
        for col, idx in (("partial", 0), ("full", 1)) if n in P.PAPER_T44 else ():
            paper = P.PAPER_T44[n][idx]
            note = ("printed cell is wrong: 559,735 x 252 = 141,053,220 (Table 6-2 prints it correctly)"
                    if paper != r[col] else "")
            rows.append(_printed(f"Q-space {col}, n={n}, 2 players", T44_FAMILY, paper, int(r[col]), note=note,
                                 family=T44_FAMILY))
        rows += _table("paper 02 Table 6-1", [(f"Q-space partial, n={n}, 2 players", P.PAPER_T61_PARTIAL[n],
                                              int(r["partial"]))])
        rows += _table("paper 02 Table 6-2", [(f"Q-space full, n={n}, 2 players", P.PAPER_T62_FULL[n], int(r["full"]))])
        for ok, table, text, paper, ratio in (
                (n in P.PAPER_T61_INCREASE, "6-1", f"'increase' of partial space n={n} over n={n - 1}",
                 P.PAPER_T61_INCREASE.get(n), r["partial_over_previous"]),
                (True, "6-2", f"'increase' of full over partial, n={n}", P.PAPER_T62_INCREASE[n],
                 r["full_over_partial"])):
            if ok:
                rows += _table(f"paper 02 Table {table}", [(text, paper, float(ratio) - 1, 2, {
                    "note": f"the column is ratio - 1; the ratio itself is {float(ratio):.2f}"})])
    return rows


def _full_n3(results) -> int:
    return int(results.q2.set_index("n").loc[3, "full"])


T44_READINGS = (
    Way(Reading("252 hands x the action keys (the paper's formula)",
                "the full space is S_f = 252 x N_act, N_act = 559,735 keys for n = 3",
                "paper 02 §4 formula; spec 02 §4 (Table 6-2 prints the same cell as 141,053,220)", default=True),
        claim=T44_FULL_N3_CLAIM, family=T44_FAMILY,
        run=lambda res: (V.exact(_full_n3(res)), V.value(P.PAPER_T44[3][1], V.exact(_full_n3(res))),
                         f"{_full_n3(res):,} against the printed {P.PAPER_T44[3][1]:,}")),
    Way(Reading("the cell rounded to hundreds", "Table 4-4 prints its full-space cells rounded to the nearest hundred",
                "none in the paper: considered because the printed cell is 20 below the count"),
        claim=T44_FULL_N3_CLAIM, family=T44_FAMILY,
        not_run="Table 4-4 prints its other cells to the unit (218,130 and 3,178,160 are not multiples of 100), "
                "so the table has no rounding convention to read"),
    Way(Reading("another hand count in the formula",
                "the full space uses a number of hands other than the 252 distinct hands",
                "none: paper 02 names H(6,5) = 252 (printed 'H6 6', a typo)"),
        claim=T44_FULL_N3_CLAIM, family=T44_FAMILY,
        not_run="no hand count other than 252 gives a whole number of keys: 141,053,200 / 559,735 is not an "
                "integer, and the same formula gives the cells for n = 1 and 2 exactly"),
)


def key_listing(results) -> list[dict]:
    """Table 4-4's first two cells by listing every key."""
    return _table(T44_FAMILY, [(f"Q-space partial n={n} by listing every key", P.PAPER_T44[n][0], 6 * k - 5 * c, None,
                                {"note": "brute-force enumeration of keys"})
                               for n in (1, 2) for k, c in [dice.brute_force_q_keys(n, 2)]])


def three_players(results) -> list[dict]:
    """The paper's Q-table formulas for three players (an extension)."""
    return [claim(f"Q-space partial/full, n={n}, 3 players", "paper 02, derived (the paper gives none)",
                  None, f"{dice.q_space_partial(n, 3)} / {dice.q_space_full(n, 3)}",
                  V.stated("extension",
                           "extension: the paper's formulas evaluated for 3 players, which it does not print"),
                  kind="arithmetic", family="Q-table size with 3 players (paper 02's formulas)")
            for n in (1, 2, 3)]


# ================================================================ the game-size estimates

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _printed_power(text, source, paper: float, printed: str, ours: int, exponent: int, decimals: int, *,
                   truncated=False, mantissa: float | None = None) -> dict:
    """A count the paper prints as digits times a power of ten, judged at its printed decimals: both sides are
    shown in that form ("9.449 × 10¹⁶"), ours with one decimal more (issue 50: the summary showed "9.449 × 10¹⁶"
    beside "9.45 × 10¹⁶", and "49,380,000,000,000" written out beside the same form); the exact count is in the
    note, with "the paper truncated" where it did."""
    ours_text = f"{ours / 10**exponent:.{decimals + 1}f} × 10" + str(exponent).translate(_SUPERSCRIPT)
    return _printed(text, source, printed, ours_text, decimals=decimals, truncated=truncated,
                    compare=(paper / 10**exponent if mantissa is None else mantissa, ours / 10**exponent),
                    note=f"exact count {ours:,}" + ("; the paper truncated rather than rounded" if truncated else ""))


def complexity_02(results) -> list[dict]:
    """The game-size estimates of paper 02's complexity section."""
    hands, src = dice.multisets_count(), "paper 02 §complexity"
    return [_printed("distinct five-dice hands H(6,5)", src, P.PAPER_DISTINCT_HANDS, hands,
                     note="the text's 'H6 6' is a typo for H6 5"),
            _printed_power("2-player game-size estimate 252^2 x 60^5", src, P.PAPER_GAME_SIZE_2P,
                           P.PAPER_GAME_SIZE_2P_TEXT, hands ** 2 * 60**5, 13, 3),
            _printed_power("3-player game-size estimate 252^3 x 90^5", src, P.PAPER_GAME_SIZE_3P,
                           P.PAPER_GAME_SIZE_3P_TEXT, hands ** 3 * 90**5, 16, 3, truncated=True)]


def counts_01(results) -> list[dict]:
    """Paper 01's §3 counts, and the same rule's count for 2 players (an extension)."""
    return [_printed_power("5-player search space (6^5)^5 x (30^5)^2", "paper 01 §3", P.PAPER_SEARCH_SPACE_5P,
                           P.PAPER_SEARCH_SPACE_5P_TEXT, 6 ** 25 * 30 ** 10, 34, 2, truncated=True,
                           mantissa=P.PAPER_SEARCH_SPACE_5P_MANTISSA),
            _printed("legal bids with 5 players", "paper 01 §3", P.PAPER_LEGAL_BIDS_5P, dice.legal_bid_count(5)),
            claim("legal bids with 2 players (counts 2..10)", "paper 01, derived", None, dice.legal_bid_count(2),
                  V.stated("extension", "extension: counted by the same rule for 2 players"), kind="arithmetic")]


# ================================================================ the Monte Carlo checks of our generators

def _monte_carlo(table: pd.DataFrame | None, key: str, text, source: str, paper, what: str) -> list[dict]:
    """Each estimate's interval must cover the exact value (kind *check*): ``text(k, hands)`` and ``paper(k)`` of
    each row's ``key`` column."""
    rows = []
    for _, r in (table if table is not None else pd.DataFrame()).iterrows():
        est, k, hands = V.proportion(int(r["hits"]), int(r["hands"]), unit="hands"), int(r[key]), int(r["hands"])
        rows.append(claim(text(k, hands), source, paper(k), est, V.covers(est, r["exact"]), kind="check",
                          note=f"exact {r['exact']:.6f}; a check of {what}",
                          family=f"Monte Carlo check of {source[9:]}"))
    return rows


def monte_carlo_4_5(results) -> list[dict]:
    return _monte_carlo(results.monte_carlo, "k", lambda k, h: f"Monte Carlo P(at least {k} sixes), {h:,} hands",
                        "paper 01 Table 4.5", P.PAPER_T45.__getitem__, "our dice generator")


def monte_carlo_6_3(results) -> list[dict]:
    return _monte_carlo(results.monte_carlo_generator, "max_multiplicity",
                        lambda m, h: f"Monte Carlo share of hands with largest multiplicity {m} (paper 02's generator, "
                                     f"same_p = 0), {h:,} hands",
                        "paper 02 Table 6-3", lambda m: P.PAPER_T63_PERCENT[m] / 100, "paper 02's hand generator")


# ================================================================ the headline: every printed number at once

#: The family's name begins its claim's text, so the claims summary says it once (issue 50: its first line read
#: "papers 01 and 02 — every printed dice number: Papers 01 and 02's dice counts ...").
HEADLINE_FAMILY = "Papers 01 and 02's dice counts and probabilities"
HEADLINE_READINGS = (
    Reading("each printed number at its printed precision, counted by the family rule",
            "a printed number agrees when exact enumeration prints the same at the paper's precision",
            "docs/VERDICTS.md (printed values; family rule)", default=True),
    Reading("the numbers re-read one by one", "a differing number is counted under its own readings instead",
            "the readings of the rows below"),
)


def _true(v) -> bool:
    return str(v).strip().lower() == "true"


def differing_prints(rows) -> list[str]:
    """The printed numbers that differ from exact enumeration, as the paper prints them ("4,561", "'about half'"),
    from the claims rows (dicts or a claims table) the headline counts."""
    rows = rows.to_dict("records") if isinstance(rows, pd.DataFrame) else rows

    def printed_as(r):
        quoted = re.findall(r"'([^']+)'", str(r["claim"]))
        try:
            value = float(r["paper_value"])
        except (TypeError, ValueError):
            value = None
        if value is not None and value > 1 or not quoted:
            return f"{int(value):,}" if value is not None and value.is_integer() else str(r["paper_value"])
        return f"'{quoted[-1]}'"

    return [printed_as(r) for r in rows if r["kind"] == "arithmetic" and r["verdict"] == "differs"
            and not _true(r.get("headline"))]


def headline_paper_words(claims: pd.DataFrame) -> str:
    """The paper's side of the answer's measure, from the claims table: every printed number, and which ones do
    not agree, said as the paper prints them."""
    n = int(claims[claims["headline"].map(_true)].iloc[0]["n"])
    wrong = differing_prints(claims)
    if not wrong:
        return f"all {n:,}"
    listed = ", ".join(wrong[:-1]) + f" and {wrong[-1]}" if len(wrong) > 1 else wrong[0]
    return (f"all {n:,}. The {'one' if len(wrong) == 1 else len(wrong)} that "
            f"{'differs is' if len(wrong) == 1 else 'differ are'} its {listed}")


def headline_row(rows: list[dict]) -> dict:
    """The notebook's answer in one row: the printed dice numbers of papers 01 and 02 (every arithmetic row with
    a paper value), judged by the study's declared family rule (``verdicts.family_verdict``: reproduced when at
    least 3/4 are): its value is the count that agree, a share of cases (none undecided), and its note names the
    ones that differ."""
    judged = [r for r in rows if r["kind"] == "arithmetic" and r["verdict"] in ("reproduced", "differs")
              and not r.get("headline")]
    verdicts = [r["verdict"] for r in judged]
    agree, share = verdicts.count("reproduced"), verdicts.count("reproduced") / len(judged)
    # the count (72 of 75) is the row's value, said once where the answer states our measure
    text = f"{HEADLINE_FAMILY} agree with exact enumeration"
    est = V.Estimate(share, share, share, len(judged), "printed numbers", interval=SHARE_OF_CASES)
    verdict = V.family_verdict(verdicts)
    readings = [CR.run(HEADLINE_FAMILY, text, HEADLINE_READINGS[0], est, verdict,
                       note=f"{agree} of {len(judged)} printed numbers agree"),
                CR.not_run(HEADLINE_FAMILY, text, HEADLINE_READINGS[1],
                           "the family rule counts the rows below, and each row that differs has its own readings")]
    wrong = differing_prints(rows)
    return claim(text, "papers 01 and 02 (all printed dice numbers)", P.PAPER_EVERY_PRINTED_NUMBER, est,
                 V.stated(verdict,
                          f"family rule: reproduced when at least {V.FAMILY_REPRODUCED:.0%} of the printed numbers "
                          f"are (each judged at its printed precision), differs when at least "
                          f"{V.FAMILY_DIFFERS:.0%} differ"),
                 kind="arithmetic", family=HEADLINE_FAMILY, headline=True, readings=readings, interval=SHARE_OF_CASES,
                 note="the rows below, one per printed number"
                      + (f"; they differ at {', '.join(wrong)}" if wrong else "")
                      + "; the cause of each that differs follows from its readings (the readings table under the "
                        "claims)")


# ================================================================ the list

_EXACT = "exact enumeration: nothing is sampled"
_ONE_WAY = dict(can_differ=False, kind="arithmetic")
_GENERATOR = dict(kind="check", sampled=True, can_differ=False,
                  confirm="a check of our generator: its interval must cover the exact value, at the size the run drew")

#: Notebook 00's families, in the claims table's order (the headline, which sums up the others, first).
CLAIM_FAMILIES = (
    ClaimFamily(HEADLINE_FAMILY, "papers 01 and 02 (all printed dice numbers)", P.PAPER_EVERY_PRINTED_NUMBER,
                lambda results, rows: [headline_row(rows)], headline=True, summarises=True, builds_readings=True,
                kind="arithmetic", confirm=_EXACT),
    ClaimFamily("paper 01 Table 4.5", "paper 01 Table 4.5", P.PAPER_T45, table_4_5, experiment=("01", "E1"),
                **_ONE_WAY),
    ClaimFamily("paper 01 Table 4.6", "paper 01 Table 4.6", P.PAPER_T46, table_4_6, experiment=("01", "E1"),
                **_ONE_WAY),
    ClaimFamily("paper 01 Table 4.7", "paper 01 Table 4.7", P.PAPER_T47_CUM, table_4_7, experiment=("01", "E1"),
                **_ONE_WAY),
    ClaimFamily(AT_LEAST_ONE_CLAIM, "paper 01 §4.2 text", P.PAPER_TEXT_AT_LEAST_ONE, at_least_one,
                readings=AT_LEAST_ONE_READINGS, kind="arithmetic", confirm=_EXACT),
    ClaimFamily(ABOUT_HALF_CLAIM, "paper 01 §4.2 text", P.PAPER_TEXT_ABOUT_HALF, about_half,
                readings=ABOUT_HALF_READINGS, kind="arithmetic", confirm=_EXACT),
    ClaimFamily("paper 02 Table 6-3", "paper 02 Table 6-3", P.PAPER_T63_PERCENT, table_6_3, experiment=("02", "#1"),
                **_ONE_WAY),
    ClaimFamily("paper 02 Tables 4-4, 6-1 and 6-2", "paper 02 Tables 4-4, 6-1, 6-2", P.PAPER_T61_PARTIAL, q_space,
                readings=T44_READINGS, experiment=("02", "#2"), kind="arithmetic", confirm=_EXACT),
    ClaimFamily("paper 02 Table 4-4 by listing every key", "paper 02 Table 4-4", P.PAPER_T44, key_listing,
                experiment=("02", "#2"), **_ONE_WAY),
    ClaimFamily("Q-table size with 3 players (paper 02's formulas)", "paper 02, derived (the paper gives none)", None,
                three_players, extension=True, **_ONE_WAY),
    ClaimFamily("paper 02 §complexity", "paper 02 §complexity", P.PAPER_GAME_SIZE_2P, complexity_02, **_ONE_WAY),
    ClaimFamily("paper 01 §3", "paper 01 §3", P.PAPER_LEGAL_BIDS_5P, counts_01, **_ONE_WAY),
    ClaimFamily("Monte Carlo check of Table 4.5", "paper 01 Table 4.5", P.PAPER_T45, monte_carlo_4_5,
                experiment=("01", "E1"), **_GENERATOR),
    ClaimFamily("Monte Carlo check of Table 6-3", "paper 02 Table 6-3", P.PAPER_T63_PERCENT, monte_carlo_6_3,
                experiment=("02", "#1"), **_GENERATOR),
)


def claims_rows(results: Results | None = None) -> list[dict]:
    """Every dice number of papers 01 and 02 that notebook 00 checks, the headline first; with the run's
    ``results``, the Monte Carlo checks of our generators after them."""
    return F.claims_rows(CLAIM_FAMILIES, _complete(results))


def readings_rows(results: Results | None = None) -> list[dict]:
    """Every readings row of notebook 00's claims (``data/00_readings.csv``), the headline's first."""
    return F.readings_rows(claims_rows(results))


# ============================================================================ the notebook's prose, from the tables

def at_least_one_text(at_least: pd.DataFrame) -> str:
    """The misprinted weight of the text around Fig 4.4 against Table 4.7's count (``at_least``:
    :func:`experiments.at_least_table`)."""
    t = at_least.set_index("k")
    total, none, ours = int(t.loc[0, "at_least_k"]), int(t.loc[0, "exactly_k"]), int(t.loc[1, "at_least_k"])
    printed = P.PAPER_TEXT_AT_LEAST_ONE
    how = ("the same digits in another order" if sorted(str(printed)) == sorted(str(ours)) and printed != ours
           else "another number" if printed != ours else "the same number")
    return (f"Hands with at least one given face: {total:,} - {none:,} = **{ours:,}**; the text prints "
            f"**{printed:,}**, {how}.")


def table_4_4_text(q2: pd.DataFrame) -> str:
    """Which cells of Table 4-4 differ from the counts (``q2``: :func:`experiments.q_space_table` for two players),
    and what the same cell of Tables 6-1 and 6-2 prints."""
    t = q2.set_index("n")
    wrong = []
    for n, printed in P.PAPER_T44.items():
        for col, paper, later in (("partial", printed[0], P.PAPER_T61_PARTIAL), ("full", printed[1], P.PAPER_T62_FULL)):
            ours = int(t.loc[n, col])
            if paper != ours:
                how = (f"{int(t.loc[n, 'action_keys']):,} x {dice.multisets_count()} = **{ours:,}**"
                       if col == "full" else f"the count is **{ours:,}**")
                wrong.append(f"Table 4-4 prints the {col}-hand size for n = {n} as **{paper:,}**; {how}, which "
                             f"Table {'6-2' if col == 'full' else '6-1'} prints "
                             + ("correctly" if later[n] == ours else f"as {later[n]:,}"))
    cells = 2 * len(P.PAPER_T44)
    if not wrong:
        return f"**Which printed cell is wrong.** None: all {cells} cells of Table 4-4 agree with the counts."
    return (f"**Which printed cell is wrong.** {'; '.join(wrong)}. The other {cells - len(wrong)} of its {cells} "
            "cells agree.")
