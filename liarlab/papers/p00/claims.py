"""Notebook 00's claims: one row per dice number of papers 01 and 02 (printed values in printed.py)."""
from __future__ import annotations

import re

import pandas as pd

from liarlab.core import dice
from liarlab.core import readings as CR
from liarlab.core import verdicts as V
from liarlab.papers.p00 import readings as R
from liarlab.papers.p00.experiments import q_space_table
from liarlab.papers.p00.printed import (
    PAPER_DISTINCT_HANDS,
    PAPER_EVERY_PRINTED_NUMBER,
    PAPER_GAME_SIZE_2P,
    PAPER_GAME_SIZE_3P,
    PAPER_LEGAL_BIDS_5P,
    PAPER_SEARCH_SPACE_5P,
    PAPER_SEARCH_SPACE_5P_MANTISSA,
    PAPER_T44,
    PAPER_T45,
    PAPER_T46,
    PAPER_T46_TOTAL,
    PAPER_T47_CUM,
    PAPER_T47_EXACT,
    PAPER_T61_INCREASE,
    PAPER_T61_PARTIAL,
    PAPER_T62_FULL,
    PAPER_T62_INCREASE,
    PAPER_T63_PERCENT,
    PAPER_TEXT_ABOUT_HALF,
    PAPER_TEXT_AT_LEAST_ONE,
)
from liarlab.papers.p00.results import Results
from liarlab.study.outputs import claim

# Notebook 00 recomputes numbers the papers derived by counting, not by experiment: every row is a check of
# the papers' own arithmetic (kind "arithmetic"), judged at the printed precision (docs/VERDICTS.md).


def _printed(text, source, paper, ours, *, decimals=None, truncated=False, compare=None, **kwargs):
    """A printed number against ours (exact), judged at its printed precision; ``compare`` = (printed, ours)
    in the units the paper printed when those differ from the displayed values."""
    printed, value = compare if compare is not None else (paper, ours)
    judgement = V.value(printed, V.exact(value), decimals=decimals, truncated=truncated)
    return claim(text, source, paper, ours, judgement, kind="arithmetic", **kwargs)


def claims_rows(results: Results | None = None) -> list[dict]:
    """Every dice number of papers 01 and 02 that notebook 00 checks, the headline first; with ``results``, the
    Monte Carlo checks of our generators after them."""
    q2 = results.q2 if results is not None and results.q2 is not None else q_space_table(2)
    rows = paper_01_rows() + table_6_3_rows() + q_space_rows(q2) + key_listing_rows() + complexity_rows()
    rows.insert(0, headline_row(rows))
    if results is not None:
        rows += monte_carlo_rows(results)
    return rows


def paper_01_rows() -> list[dict]:
    """Paper 01, Tables 4.5-4.7 and the two numbers of its §4.2 text."""
    rows = []
    for k, paper in PAPER_T45.items():
        ours = float(dice.probability_at_least(k))
        rows.append(_printed(f"P(at least {k} of a face in 5 dice)", "paper 01 Table 4.5", paper, ours,
                             decimals=4, family="paper 01 Table 4.5",
                          note=f"exact {dice.hands_with_at_least(k)}/7776"))
    for cls, paper in PAPER_T46.items():
        ours = dice.hand_class_counts()[cls]
        rows.append(_printed(f"hands of class '{cls}'", "paper 01 Table 4.6", paper, ours, family="paper 01 Table 4.6"))
    rows.append(_printed("Table 4.6 total", "paper 01 Table 4.6", PAPER_T46_TOTAL, sum(dice.hand_class_counts().values()),
                         family="paper 01 Table 4.6"))
    for k, paper in PAPER_T47_EXACT.items():
        ours = dice.hands_with_exactly(k)
        rows.append(_printed(f"hands with exactly {k} of a face", "paper 01 Table 4.7", paper, ours,
                             family="paper 01 Table 4.7"))
    for k, paper in PAPER_T47_CUM.items():
        ours = dice.hands_with_at_least(k)
        rows.append(_printed(f"hands with at least {k} of a face", "paper 01 Table 4.7", paper, ours,
                             family="paper 01 Table 4.7"))
    return rows + paper_01_text_rows()


def paper_01_text_rows() -> list[dict]:
    """The weight 4561 of the text around Fig 4.4 and its "about half", each with its readings (readings.py):
    the cause of a differing row follows from them."""
    ours = dice.hands_with_at_least(1)
    rows = [_printed(R.AT_LEAST_ONE_CLAIM, "paper 01 §4.2 text", PAPER_TEXT_AT_LEAST_ONE, ours,
                     readings=R.at_least_one_rows(),
                     note="7776 - 3125 = 4651; the text's 4561 has the same digits in another order; "
                          "Table 4.7 itself prints 4651")]
    repeated = dice.hands_with_some_face_repeated()
    rows.append(claim(R.ABOUT_HALF_CLAIM, "paper 01 §4.2 text",
                      PAPER_TEXT_ABOUT_HALF, V.exact(repeated / 7776), V.word("about half", V.exact(repeated / 7776)),
                      kind="arithmetic", readings=R.about_half_rows(),
                      note=f"{repeated}/7776; 'one pair' alone is 3600/7776 = {3600 / 7776:.3f}"))
    return rows


def table_6_3_rows() -> list[dict]:
    """Paper 02, Table 6-3: the largest multiplicity among five dice."""
    return [_printed(f"percent of hands with largest multiplicity {m}", "paper 02 Table 6-3", paper,
                     100 * dice.max_multiplicity_counts()[m] / 7776, decimals=2, family="paper 02 Table 6-3")
            for m, paper in PAPER_T63_PERCENT.items()]


def q_space_rows(q2: pd.DataFrame) -> list[dict]:
    """Paper 02, Tables 4-4, 6-1 and 6-2, history by history (two players)."""
    rows = []
    for _, r in q2.iterrows():
        n = int(r["n"])
        if n in PAPER_T44:
            rows += _table_4_4_rows(n, r)
        rows.append(_printed(f"Q-space partial, n={n}, 2 players", "paper 02 Table 6-1", PAPER_T61_PARTIAL[n],
                             int(r["partial"]), family="paper 02 Table 6-1"))
        rows.append(_printed(f"Q-space full, n={n}, 2 players", "paper 02 Table 6-2", PAPER_T62_FULL[n],
                             int(r["full"]), family="paper 02 Table 6-2"))
        if n in PAPER_T61_INCREASE:
            ratio = float(r["partial_over_previous"])
            rows.append(_printed(f"'increase' of partial space n={n} over n={n - 1}", "paper 02 Table 6-1",
                                 PAPER_T61_INCREASE[n], ratio - 1, decimals=2,
                              note=f"the column is ratio - 1; the ratio itself is {ratio:.2f}",
                              family="paper 02 Table 6-1"))
        ratio = float(r["full_over_partial"])
        rows.append(_printed(f"'increase' of full over partial, n={n}", "paper 02 Table 6-2", PAPER_T62_INCREASE[n],
                             ratio - 1, decimals=2,
                          note=f"the column is ratio - 1; the ratio itself is {ratio:.2f}", family="paper 02 Table 6-2"))
    return rows


def _table_4_4_rows(n: int, r) -> list[dict]:
    rows = []
    for col, idx in (("partial", 0), ("full", 1)):
        paper = PAPER_T44[n][idx]
        note = ("printed cell is wrong: 559,735 x 252 = 141,053,220 (Table 6-2 prints it correctly)"
                if paper != r[col] else "")
        claim_text = f"Q-space {col}, n={n}, 2 players"
        readings = R.table_4_4_rows(int(r[col])) if claim_text == R.T44_FULL_N3_CLAIM else None
        rows.append(_printed(claim_text, "paper 02 Table 4-4", paper, int(r[col]),
                             note=note, family=R.T44_FAMILY, readings=readings))
    return rows


def key_listing_rows() -> list[dict]:
    """Table 4-4's first two cells by listing every key, and the formulas for three players (an extension)."""
    rows = []
    for n in (1, 2):
        keys, challenges = dice.brute_force_q_keys(n, 2)
        rows.append(_printed(f"Q-space partial n={n} by listing every key", "paper 02 Table 4-4", PAPER_T44[n][0],
                             6 * keys - 5 * challenges, note="brute-force enumeration of keys",
                             family="paper 02 Table 4-4"))
    for n in (1, 2, 3):
        rows.append(claim(f"Q-space partial/full, n={n}, 3 players", "paper 02, derived (the paper gives none)",
                          None, f"{dice.q_space_partial(n, 3)} / {dice.q_space_full(n, 3)}",
                          V.stated("extension", "extension: the paper's formulas evaluated for 3 players, which it does not print"),
                          kind="arithmetic",
                          family="Q-table size with 3 players (paper 02's formulas)"))
    return rows


def complexity_rows() -> list[dict]:
    """The game-size estimates of paper 02's complexity section and paper 01's §3 counts."""
    rows = [_printed("distinct five-dice hands H(6,5)", "paper 02 §complexity", PAPER_DISTINCT_HANDS,
                     dice.multisets_count(), note="the text's 'H6 6' is a typo for H6 5")]
    space2 = dice.multisets_count() ** 2 * 60**5
    rows.append(_printed("2-player game-size estimate 252^2 x 60^5", "paper 02 §complexity", PAPER_GAME_SIZE_2P, space2,
                         decimals=3, compare=(PAPER_GAME_SIZE_2P / 1e13, space2 / 1e13)))
    space3 = dice.multisets_count() ** 3 * 90**5
    rows.append(_printed("3-player game-size estimate 252^3 x 90^5", "paper 02 §complexity", PAPER_GAME_SIZE_3P, space3,
                         decimals=3, truncated=True, compare=(PAPER_GAME_SIZE_3P / 1e16, space3 / 1e16),
                      note=f"{space3 / 1e16:.4f}e16: the paper truncated rather than rounded"))
    search = 6 ** 25 * 30 ** 10
    rows.append(_printed("5-player search space (6^5)^5 x (30^5)^2", "paper 01 §3", PAPER_SEARCH_SPACE_5P, search,
                         decimals=2, truncated=True, compare=(PAPER_SEARCH_SPACE_5P_MANTISSA, search / 1e34)))
    rows.append(_printed("legal bids with 5 players", "paper 01 §3", PAPER_LEGAL_BIDS_5P, dice.legal_bid_count(5)))
    rows.append(claim("legal bids with 2 players (counts 2..10)", "paper 01, derived", None, dice.legal_bid_count(2),
                      V.stated("extension", "extension: counted by the same rule for 2 players"), kind="arithmetic"))
    return rows


def monte_carlo_rows(results: Results) -> list[dict]:
    """The Monte Carlo checks of our generators (kind *check*): each estimate's interval must cover the exact
    value."""
    rows = []
    if results.monte_carlo is not None:
        for _, r in results.monte_carlo.iterrows():
            est = V.proportion(int(r["hits"]), int(r["hands"]), unit="hands")
            rows.append(claim(f"Monte Carlo P(at least {int(r['k'])} sixes), {int(r['hands']):,} hands",
                              "paper 01 Table 4.5", PAPER_T45[int(r["k"])], est, V.covers(est, r["exact"]),
                              kind="check", note=f"exact {r['exact']:.6f}; a check of our dice generator",
                              family="Monte Carlo check of Table 4.5"))
    if results.monte_carlo_generator is not None:
        for _, r in results.monte_carlo_generator.iterrows():
            est = V.proportion(int(r["hits"]), int(r["hands"]), unit="hands")
            m = int(r["max_multiplicity"])
            rows.append(claim(f"Monte Carlo share of hands with largest multiplicity {m} (paper 02's generator, "
                              f"same_p = 0), {int(r['hands']):,} hands", "paper 02 Table 6-3",
                              PAPER_T63_PERCENT[m] / 100, est, V.covers(est, r["exact"]), kind="check",
                              note=f"exact {r['exact']:.6f}; a check of paper 02's hand generator",
                              family="Monte Carlo check of Table 6-3"))
    return rows


def _headline_parts(rows: list[dict]):
    """The headline's claim text, family, estimate, verdict and readings rows, from the rows it counts."""
    judged = [r for r in rows if r["kind"] == "arithmetic" and r["verdict"] in ("reproduced", "differs")
              and not r.get("headline")]
    verdicts = [r["verdict"] for r in judged]
    agree = verdicts.count("reproduced")

    def printed_as(r):
        quoted = re.findall(r"'([^']+)'", r["claim"])
        if isinstance(r["paper_value"], (int, float)) and r["paper_value"] > 1 or not quoted:
            return f"{r['paper_value']:,}"
        return f"'{quoted[-1]}'"

    wrong = [printed_as(r) for r in judged if r["verdict"] == "differs"]
    share = agree / len(judged)
    text = (f"Papers 01 and 02's dice counts and probabilities agree with exact enumeration "
            f"({agree} of {len(judged)} printed numbers; they differ at {', '.join(wrong)})")
    family = "papers 01 and 02: every printed dice number"
    est = V.Estimate(share, share, share, len(judged), "printed numbers")
    verdict = V.family_verdict(verdicts)
    readings = [CR.run(family, text, R.HEADLINE_READINGS[0], est, verdict,
                      note=f"{agree} of {len(judged)} printed numbers agree"),
                CR.not_run(family, text, R.HEADLINE_READINGS[1],
                          "the family rule counts the rows below, and each row that differs has its own readings")]
    return text, family, est, verdict, readings


def headline_row(rows: list[dict]) -> dict:
    """The notebook's answer in one row: the printed dice numbers of papers 01 and 02 (every arithmetic row with
    a paper value), judged by the study's declared family rule (``verdicts.family_verdict``: reproduced when at
    least 3/4 are), with the ones that differ named in the claim."""
    text, family, est, verdict, readings = _headline_parts(rows)
    return claim(text, "papers 01 and 02 (all printed dice numbers)", PAPER_EVERY_PRINTED_NUMBER, est,
                 V.stated(verdict,
                          f"family rule: reproduced when at least {V.FAMILY_REPRODUCED:.0%} of the printed numbers "
                          f"are (each judged at its printed precision), differs when at least "
                          f"{V.FAMILY_DIFFERS:.0%} differ"),
                 kind="arithmetic", family=family, headline=True, readings=readings,
                 note="the rows below, one per printed number; the cause of each that differs follows from its readings "
                      "(the readings table under the claims)")


# ============================================================================ the notebook's prose, from the tables

def at_least_one_text(at_least: pd.DataFrame) -> str:
    """The misprinted weight of the text around Fig 4.4 against Table 4.7's count (``at_least``:
    :func:`experiments.at_least_table`)."""
    t = at_least.set_index("k")
    total, none, ours = int(t.loc[0, "at_least_k"]), int(t.loc[0, "exactly_k"]), int(t.loc[1, "at_least_k"])
    printed = PAPER_TEXT_AT_LEAST_ONE
    how = ("the same digits in another order" if sorted(str(printed)) == sorted(str(ours)) and printed != ours
           else "another number" if printed != ours else "the same number")
    return (f"Hands with at least one given face: {total:,} - {none:,} = **{ours:,}**; the text prints "
            f"**{printed:,}**, {how}.")


def table_4_4_text(q2: pd.DataFrame) -> str:
    """Which cells of Table 4-4 differ from the counts (``q2``: :func:`experiments.q_space_table` for two players),
    and what the same cell of Tables 6-1 and 6-2 prints."""
    t = q2.set_index("n")
    wrong = []
    for n, printed in PAPER_T44.items():
        for col, paper, later in (("partial", printed[0], PAPER_T61_PARTIAL), ("full", printed[1], PAPER_T62_FULL)):
            ours = int(t.loc[n, col])
            if paper != ours:
                how = (f"{int(t.loc[n, 'action_keys']):,} x {dice.multisets_count()} = **{ours:,}**"
                       if col == "full" else f"the count is **{ours:,}**")
                wrong.append(f"Table 4-4 prints the {col}-hand size for n = {n} as **{paper:,}**; {how}, which "
                             f"Table {'6-2' if col == 'full' else '6-1'} prints "
                             + ("correctly" if later[n] == ours else f"as {later[n]:,}"))
    cells = 2 * len(PAPER_T44)
    if not wrong:
        return f"**Which printed cell is wrong.** None: all {cells} cells of Table 4-4 agree with the counts."
    return (f"**Which printed cell is wrong.** {'; '.join(wrong)}. The other {cells - len(wrong)} of its {cells} "
            "cells agree.")


def readings_rows(results: Results | None = None) -> list[dict]:
    """Every readings row of notebook 00's claims (``data/00_readings.csv``): the same rows the claims were
    given, from the same counts, the headline's first."""
    q2 = results.q2 if results is not None and results.q2 is not None else q_space_table(2)
    rows = claims_rows(results)
    return _headline_parts(rows[1:])[4] + R.all_rows(int(q2.set_index("n").loc[3, "full"]))
