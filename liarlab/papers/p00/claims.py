"""Notebook 00's claims (:data:`CLAIM_FAMILIES`): papers 01 and 02's printed numbers against exact counts, and
checks of our generators; readings from the papers' wording and the specs' "Open ambiguities"."""
from __future__ import annotations

from dataclasses import replace

import pandas as pd

from liarlab.core import dice
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.papers.p00 import printed as P
from liarlab.papers.p00.experiments import q_space_table
from liarlab.papers.p00.results import Results
from liarlab.study import families as F
from liarlab.study import judged_rows as J
from liarlab.study import printed_values as PV
from liarlab.study.answer import and_list, number
from liarlab.study.families import ClaimFamily, Way, claim

T45, T46, T47, T63 = (f"paper 0{p} Table {t}" for p, t in ((1, "4.5"), (1, "4.6"), (1, "4.7"), (2, "6-3")))
T44_FAMILY, TEXT_01 = "paper 02 Table 4-4", "paper 01 §4.2 text"
AT_LEAST_ONE_CLAIM = "bid weight for 'needs one die from the opponent' (text, Fig 4.4)"
ABOUT_HALF_CLAIM = "share of hands with some face at least twice ('about half')"
T44_FULL_N3_CLAIM = "Q-space full, n=3, 2 players"
#: the family's name begins its claim's text, so the summary says it once (issue 50)
HEADLINE_FAMILY = "Papers 01 and 02's dice counts and probabilities"

def _telling_first(table: dict) -> list:
    """k = 1 first and k = 0 last: the summary shows a family's first row, and "at least 0" told nothing (issue 50)."""
    return sorted(table, key=lambda k: (k == 0, k))

def _classes(*names) -> int:
    return sum(dice.hand_class_counts()[n] for n in names)

def _full_n3(results) -> int:
    return int(results.q2.set_index("n").loc[3, "full"])

def q_space(results) -> list[dict]:
    """Paper 02, Tables 4-4, 6-1 and 6-2, history by history (two players): one record, as the rows interleave."""
    rows = []
    for _, r in results.q2.iterrows():
        n, ratios = int(r["n"]), r[["partial_over_previous", "full_over_partial"]].astype(float)
        rows += [PV.printed(T44_FAMILY, f"Q-space {col}, n={n}, 2 players", paper, int(r[col]), family=T44_FAMILY,
                            note="printed cell is wrong: 559,735 x 252 = 141,053,220 (Table 6-2 prints it correctly)"
                            if paper != r[col] else "")
                 for col, paper in zip(("partial", "full"), P.PAPER_T44.get(n, ()))]
        cells = [("6-1", f"Q-space partial, n={n}, 2 players", P.PAPER_T61_PARTIAL[n], int(r["partial"])),
                 ("6-2", f"Q-space full, n={n}, 2 players", P.PAPER_T62_FULL[n], int(r["full"])),
                 ("6-1", f"'increase' of partial space n={n} over n={n - 1}", P.PAPER_T61_INCREASE.get(n),
                  ratios.iloc[0]),
                 ("6-2", f"'increase' of full over partial, n={n}", P.PAPER_T62_INCREASE[n], ratios.iloc[1])]
        rows += [row for t, text, paper, ours in cells if paper is not None for row in PV.printed_table(
            f"paper 02 Table {t}", [(text, paper, ours) if "Q-space" in text else (text, paper, ours - 1, 2, {
                "note": f"the column is ratio - 1; the ratio itself is {ours:.2f}"})])]
    return rows

def _count_reading(count: int, paper: int = P.PAPER_TEXT_AT_LEAST_ONE):
    return V.exact(count), V.value(paper, V.exact(count)), f"{count:,} against the printed {paper:,}"

def _share_reading(count: int):
    est = V.exact(count / 7776)
    return est, V.word("about half", est), f"{count:,}/7,776 = {count / 7776:.3f}"


#: "對手擁有一顆以上的 5 的手牌種類數，根據表上所列為 4561 種" ("the kinds of hands with one or more 5s is, by the
#: table, 4561"): what "one or more" counts, and whether a "kind of hand" is an ordered roll or an unordered hand.
AT_LEAST_ONE_READINGS = J.ways(_count_reading, [
    ("at least one 5, ordered rolls (Table 4.7's cumulative row)", "ordered rolls, as Table 4.7 counts them",
     "paper 01 §4.2 text ('一顆以上', one or more; 'by the table') and spec §2.1 (CUM[1])",
     lambda: dice.hands_with_at_least(1)),
    ("exactly one 5, ordered rolls (Table 4.7's other row)", "the other row of Table 4.7",
     "paper 01 Table 4.7 prints both rows side by side", lambda: dice.hands_with_exactly(1)),
    ("at least one 5, distinct unordered hands", "'手牌種類數' (kinds of hands) counts the 252 unordered hands",
     "paper 01 §4.2 wording '種類數'; paper 02 counts hands as the 252 multisets",
     lambda: dice.multisets_count() - dice.multisets_count(faces=5)),
])
#: "大約有一半左右的機率，對手的手牌中，有某個點數是有兩顆以上的" ("with about half the probability the opponent's
#: hand has some face two or more times", pointing at Table 4.6): which hands, and which face.
ABOUT_HALF_READINGS = J.ways(_share_reading, [
    ("some face at least twice (every class but 'nothing' and the straights)", "the text read literally",
     "paper 01 §4.2 text, read literally ('有某個點數是有兩顆以上')", dice.hands_with_some_face_repeated),
    ("the class 'one pair' alone", "the class the text points at", "paper 01 §4.2 text cites Table 4.6; spec 01 "
     "§5.1 ('probably what was meant')", lambda: _classes("one pair")),
    ("exactly one face repeated (one pair, three, four or five of a kind)", "'some face' is one face",
     "paper 01 §4.2 text ('某個點數', some one face)",
     lambda: _classes("one pair", "three of a kind", "four of a kind", "five of a kind")),
    ("some face exactly twice (one pair, two pairs, full house)", "'two or more' read as a pair",
     "paper 01 §4.2 text ('成對', paired, in the next paragraph)", lambda: _classes("one pair", "two pairs", "full house")),
    ("a given face at least twice (the bid's face)", "the face is the one just bid ('three 5s' in the example)",
     "paper 01 §4.2 example of 'three 5s' (P = 0.1962 for two 5s)", lambda: dice.hands_with_at_least(2)),
])
_T44 = dict(claim=T44_FULL_N3_CLAIM, family=T44_FAMILY)
T44_READINGS = (
    Way(Reading("252 hands x the action keys (the paper's formula)", "S_f = 252 x N_act, N_act = 559,735 for n = 3",
                "paper 02 §4 formula; spec 02 §4 (Table 6-2 prints the same cell as 141,053,220)", default=True),
        run=lambda res: _count_reading(_full_n3(res), P.PAPER_T44[3][1]), **_T44),
    Way(Reading("the cell rounded to hundreds", "full-space cells rounded to the nearest hundred", "none in the "
                "paper: considered because the printed cell is 20 below the count"), not_run="Table 4-4 prints its "
        "other cells to the unit (218,130 and 3,178,160), so it has no rounding convention to read", **_T44),
    Way(Reading("another hand count in the formula", "a hand count other than 252", "none: paper 02 names H(6,5) = "
                "252 (printed 'H6 6', a typo)"), not_run="141,053,200 / 559,735 is no whole number of keys, and the "
        "formula gives the cells for n = 1 and 2 exactly", **_T44),
)
HEADLINE_READINGS = (
    Reading("each printed number at its printed precision, counted by the family rule", "as printed",
            "docs/VERDICTS.md (printed values; family rule)", default=True),
    Reading("the numbers re-read one by one", "each differing number under its own readings",
            "the readings of the rows below"),
)

def headline_row(rows: list[dict]) -> dict:
    """Every printed dice number of papers 01 and 02, by the family rule, in one row."""
    return J.family_rule_row(rows, f"{HEADLINE_FAMILY} agree with exact enumeration", "papers 01 and 02 (all printed "
                             "dice numbers)", P.PAPER_EVERY_PRINTED_NUMBER, HEADLINE_FAMILY, *HEADLINE_READINGS)

def _mc_text(m, h):
    return f"Monte Carlo share of hands with largest multiplicity {m} (paper 02's generator, same_p = 0), {h:,} hands"

_EXACT = "exact enumeration: nothing is sampled"
_ONE_WAY = dict(can_differ=False, kind="arithmetic")
_GENERATOR = dict(kind="check", sampled=True, can_differ=False,
                  confirm="a check of our generator: its interval must cover the exact value, at the size the run drew")
_C02, _C01, _Q3 = "paper 02 §complexity", "paper 01 §3", "Q-table size with 3 players (paper 02's formulas)"

def _table(name: str, printed, experiment: tuple, cells, source: str | None = None) -> ClaimFamily:
    """A printed table judged cell by cell (``PV.printed_table``'s ``cells()``)."""
    return ClaimFamily(name, source or name, printed, lambda r: PV.printed_table(source or name, cells()),
                       experiment=experiment, **_ONE_WAY)

#: Notebook 00's families, in the claims table's order (the headline, which sums up the others, first).
CLAIM_FAMILIES = (
    ClaimFamily(HEADLINE_FAMILY, "papers 01 and 02 (all printed dice numbers)", P.PAPER_EVERY_PRINTED_NUMBER,
                lambda results, rows: [headline_row(rows)], headline=True, summarises=True, builds_readings=True,
                kind="arithmetic", confirm=_EXACT),
    _table(T45, P.PAPER_T45, ("01", "E1"), lambda: [(f"P(at least {k} of a face in 5 dice)", P.PAPER_T45[k], float(
        dice.probability_at_least(k)), 4, {"note": f"exact {dice.hands_with_at_least(k):,}/7,776"})
        for k in _telling_first(P.PAPER_T45)]),
    _table(T46, P.PAPER_T46, ("01", "E1"), lambda: [(f"hands of class '{c}'", paper, dice.hand_class_counts()[c])
        for c, paper in P.PAPER_T46.items()] + [("Table 4.6 total", P.PAPER_T46_TOTAL, sum(
            dice.hand_class_counts().values()))]),
    _table(T47, P.PAPER_T47_CUM, ("01", "E1"), lambda: [(f"hands with {w} {k} of a face", paper[k], count(k))
        for w, paper, count in (("exactly", P.PAPER_T47_EXACT, dice.hands_with_exactly),
                                ("at least", P.PAPER_T47_CUM, dice.hands_with_at_least))
        for k in _telling_first(paper)]),
    ClaimFamily(AT_LEAST_ONE_CLAIM, TEXT_01, P.PAPER_TEXT_AT_LEAST_ONE, lambda r: [PV.printed(
        TEXT_01, AT_LEAST_ONE_CLAIM, P.PAPER_TEXT_AT_LEAST_ONE, dice.hands_with_at_least(1), note="7,776 - 3,125 = "
        "4,651; the text's 4,561 has the same digits in another order; Table 4.7 itself prints 4,651")],
                readings=AT_LEAST_ONE_READINGS, kind="arithmetic", confirm=_EXACT),
    ClaimFamily(ABOUT_HALF_CLAIM, TEXT_01, P.PAPER_TEXT_ABOUT_HALF, lambda r: [claim(
        ABOUT_HALF_CLAIM, TEXT_01, P.PAPER_TEXT_ABOUT_HALF, *_share_reading(dice.hands_with_some_face_repeated())[:2],
        kind="arithmetic", note=f"{dice.hands_with_some_face_repeated():,}/7,776; 'one pair' alone is 3,600/7,776 = "
                                f"{3600 / 7776:.3f}")], readings=ABOUT_HALF_READINGS, kind="arithmetic", confirm=_EXACT),
    _table(T63, P.PAPER_T63_PERCENT, ("02", "#1"), lambda: [(f"percent of hands with largest multiplicity {m}", paper,
        100 * dice.max_multiplicity_counts()[m] / 7776, 2) for m, paper in P.PAPER_T63_PERCENT.items()]),
    ClaimFamily("paper 02 Tables 4-4, 6-1 and 6-2", "paper 02 Tables 4-4, 6-1, 6-2", P.PAPER_T61_PARTIAL, q_space,
                readings=T44_READINGS, experiment=("02", "#2"), kind="arithmetic", confirm=_EXACT),
    _table("paper 02 Table 4-4 by listing every key", P.PAPER_T44, ("02", "#2"), lambda: [
        (f"Q-space partial n={n} by listing every key", P.PAPER_T44[n][0], 6 * k - 5 * c, None, {
            "note": "brute-force enumeration of keys"}) for n in (1, 2) for k, c in [dice.brute_force_q_keys(n, 2)]],
           source=T44_FAMILY),
    ClaimFamily(_Q3, "paper 02, derived (the paper gives none)", None, lambda r: [
        claim(f"Q-space partial/full, n={n}, 3 players", "paper 02, derived (the paper gives none)", None,
              f"{dice.q_space_partial(n, 3)} / {dice.q_space_full(n, 3)}", V.stated(
                  "extension", "extension: the paper's formulas evaluated for 3 players, which it does not print"),
              kind="arithmetic", family=_Q3) for n in (1, 2, 3)], extension=True, **_ONE_WAY),
    ClaimFamily(_C02, _C02, P.PAPER_GAME_SIZE_2P, lambda r: [
        PV.printed(_C02, "paper 02's distinct five-dice hands H(6,5)", P.PAPER_DISTINCT_HANDS, dice.multisets_count(),
                   note="the text's 'H6 6' is a typo for H6 5")] + [
        PV.printed_power(_C02, f"paper 02's {k}-player game size 252{'²³'[k - 2]} × {b}⁵", paper, text,
                         dice.multisets_count() ** k * b**5, power, 3, truncated=k == 3)
        for k, b, paper, text, power in ((2, 60, P.PAPER_GAME_SIZE_2P, P.PAPER_GAME_SIZE_2P_TEXT, 13),
                                         (3, 90, P.PAPER_GAME_SIZE_3P, P.PAPER_GAME_SIZE_3P_TEXT, 16))], **_ONE_WAY),
    ClaimFamily(_C01, _C01, P.PAPER_LEGAL_BIDS_5P, lambda r: [
        PV.printed_power(_C01, "paper 01's 5-player search space (6⁵)⁵ × (30⁵)²", P.PAPER_SEARCH_SPACE_5P,
                         P.PAPER_SEARCH_SPACE_5P_TEXT, 6 ** 25 * 30 ** 10, 34, 2, truncated=True,
                         mantissa=P.PAPER_SEARCH_SPACE_5P_MANTISSA),
        PV.printed(_C01, "paper 01's legal bids with 5 players", P.PAPER_LEGAL_BIDS_5P, dice.legal_bid_count(5)),
        claim("legal bids with 2 players (counts 2..10)", "paper 01, derived", None, dice.legal_bid_count(2),
              V.stated("extension", "extension: counted by the same rule for 2 players"), kind="arithmetic")],
                **_ONE_WAY),
    ClaimFamily("Monte Carlo check of Table 4.5", T45, P.PAPER_T45, lambda r: J.monte_carlo(
        r.monte_carlo, "k", lambda k, h: f"Monte Carlo P(at least {k} sixes), {h:,} hands", T45,
        P.PAPER_T45.__getitem__, "our dice generator", "Monte Carlo check of Table 4.5"),
                experiment=("01", "E1"), **_GENERATOR),
    ClaimFamily("Monte Carlo check of Table 6-3", T63, P.PAPER_T63_PERCENT, lambda r: J.monte_carlo(
        r.monte_carlo_generator, "max_multiplicity", _mc_text, T63, lambda m: P.PAPER_T63_PERCENT[m] / 100,
        "paper 02's hand generator", "Monte Carlo check of Table 6-3"), experiment=("02", "#1"), **_GENERATOR),
)


def _complete(results: Results | None) -> Results:
    """``results`` with the two-player Q-table sizes, computed when the run gave none (the tests)."""
    results = results or Results()
    return results if results.q2 is not None else replace(results, q2=q_space_table(2))

def claims_rows(results: Results | None = None) -> list[dict]:
    """Every claims row of notebook 00, the headline first."""
    return F.claims_rows(CLAIM_FAMILIES, _complete(results))

def readings_rows(results: Results | None = None) -> list[dict]:
    return F.readings_rows(claims_rows(results))

# ============================================================================ the notebook's prose

def at_least_one_text(at_least: pd.DataFrame) -> str:
    """The text's weight near Fig 4.4 against Table 4.7's count (``experiments.at_least_table``)."""
    t, p = at_least.set_index("k"), P.PAPER_TEXT_AT_LEAST_ONE
    total, none, ours = (int(t.loc[k, c]) for k, c in ((0, "at_least_k"), (0, "exactly_k"), (1, "at_least_k")))
    how = ("the same number" if p == ours else "the same digits in another order" if sorted(str(p)) == sorted(str(ours))
           else "another number")
    return f"Hands with at least one given face: {total:,} - {none:,} = **{ours:,}**; the text prints **{p:,}**, {how}."

def table_4_4_text(q2: pd.DataFrame) -> str:
    """Which cells of Table 4-4 differ from the counts (two players), and what Tables 6-1 and 6-2 print there."""
    t, cells, head = q2.set_index("n"), 2 * len(P.PAPER_T44), "**Which printed cell is wrong.**"
    wrong = [f"Table 4-4 prints the {col}-hand size for n = {n} as **{paper:,}**; " + (
        f"{int(t.loc[n, 'action_keys']):,} × {dice.multisets_count()} = **{ours:,}**" if col == "full" else
        f"the count is **{ours:,}**") + f", which Table {tab} prints " + (
        "correctly" if later[n] == ours else f"as {later[n]:,}")
        for n, printed in P.PAPER_T44.items() for col, paper, tab, later in zip(
            ("partial", "full"), printed, ("6-1", "6-2"), (P.PAPER_T61_PARTIAL, P.PAPER_T62_FULL))
        for ours in [int(t.loc[n, col])] if paper != ours]
    # the claims family also counts Table 4-4's partial cells listed key by key: one count of rows on the page
    listed = [n for n in (1, 2) if P.PAPER_T44[n][0] == int(t.loc[n, "partial"])]
    family = (f" Its partial-hand cells for n = 1 and 2 are also counted by listing every key ({len(listed)} of 2 "
              f"agree), so {cells - len(wrong) + len(listed)} of the Table 4-4 family's {cells + 2} claims rows agree.")
    return (f"{head} {'; '.join(wrong)}. The other {cells - len(wrong)} of its {cells} cells agree." if wrong else
            f"{head} None: all {cells} cells of Table 4-4 agree with the counts.") + family


def repeated_text(classes: pd.DataFrame) -> str:
    """The "about half" remark's two shares, at the summary's precision (4 decimals)."""
    repeated, one_pair = dice.hands_with_some_face_repeated(), int(classes.set_index("class").loc["one pair", "ways"])
    return (f"{repeated:,} of the 7,776 hands ({repeated / 7776:.4f}) hold some face at least twice; the 'one pair' "
            f"class alone holds {one_pair:,} hands ({one_pair / 7776:.4f}).")


def game_size_view() -> pd.DataFrame:
    """The claims' game sizes (paper 01 §3, paper 02 §complexity) as the page shows them (issue 50: the summary
    judged numbers the page never showed)."""
    h, c02, c01, cut = dice.multisets_count(), "paper 02, complexity section", "paper 01, chapter 3", " (truncated)"
    rows = [(c02, "distinct five-dice hands H(6,5)", "C(10,5)", h, f"{P.PAPER_DISTINCT_HANDS} (as 'H6 6', a typo)"),
            (c02, "2-player game size", "252² × 60⁵", h ** 2 * 60 ** 5, P.PAPER_GAME_SIZE_2P_TEXT),
            (c02, "3-player game size", "252³ × 90⁵", h ** 3 * 90 ** 5, P.PAPER_GAME_SIZE_3P_TEXT + cut),
            (c01, "5-player search space", "(6⁵)⁵ × (30⁵)²", 6 ** 25 * 30 ** 10, P.PAPER_SEARCH_SPACE_5P_TEXT + cut),
            (c01, "legal bids with 5 players", "'two 1s' to 'twenty-five 6s'", dice.legal_bid_count(5),
             str(P.PAPER_LEGAL_BIDS_5P))]
    return pd.DataFrame([(w, q, f, f"{v:,}", printed) for w, q, f, v, printed in rows],
                        columns=["printed in", "quantity", "formula", "exact count", "paper prints"])


def in_short(claims: pd.DataFrame) -> str:
    """The answer in one sentence: how many printed numbers match, and each that differs with its paper, our exact
    value and its likeliest cause (issue 50)."""
    head = claims[claims.headline.astype(bool)].iloc[0]
    differ = claims[(claims.verdict == "differs") & ~claims.headline.astype(bool) & (claims.kind == "arithmetic")]

    def one(r) -> str:
        printed, ours = ("'about half'" if "'about half'" in r.claim else number(r.paper_value, decimals=4),
                         number(r.reproduced_value, decimals=4))
        cause = (f"a misprint: exact counting gives {ours}" if r.cause == "misprint" else
                 f"exact: {ours}; a reading of its wording matches it, see *Readings*")
        return f"{' '.join(str(r.source).split()[:2])}'s {printed} ({cause})"

    n = int(head.n)
    return (f"{n - len(differ)} of the {n} numbers the two papers print match exact counting"
            + (f"; {len(differ)} differ: {and_list(one(r) for r in differ.itertuples())}." if len(differ) else "."))
