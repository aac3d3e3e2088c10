"""Notebook 00: the dice tables of papers 01 and 02, computed exactly, with their claims rows."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from liarlab.core import dice
from liarlab.core.stats import wilson_interval
from liarlab.study.outputs import agreement, claim

# Printed values, used only for the side-by-side and paper_value columns.
PAPER_T45 = {0: 1.0, 1: 0.5981, 2: 0.1962, 3: 0.0355, 4: 0.0033, 5: 0.0001}
PAPER_T46 = {"nothing": 480, "one pair": 3600, "two pairs": 1800, "three of a kind": 1200,
             "low straight": 120, "high straight": 120, "full house": 300, "four of a kind": 150,
             "five of a kind": 6}
PAPER_T47_EXACT = {5: 1, 4: 25, 3: 250, 2: 1250, 1: 3125, 0: 3125}
PAPER_T47_CUM = {5: 1, 4: 26, 3: 276, 2: 1526, 1: 4651, 0: 7776}
PAPER_TEXT_AT_LEAST_ONE = 4561
PAPER_T63_PERCENT = {1: 9.26, 2: 69.44, 3: 19.29, 4: 1.93, 5: 0.08}
PAPER_T44 = {1: (11040, 476280), 2: (218130, 9545760), 3: (3178160, 141053200)}
PAPER_T61_PARTIAL = {1: 11040, 2: 218130, 3: 3178160, 4: 36434867, 5: 342279539, 6: 2709584919,
                     7: 18447516909}
PAPER_T61_INCREASE = {2: 18.76, 3: 13.57, 4: 10.46, 5: 8.39, 6: 6.92, 7: 5.81}
PAPER_T62_FULL = {1: 476280, 2: 9545760, 3: 141053220, 4: 1640238264, 5: 15632632008,
                  6: 125572868568, 7: 867669465348}
PAPER_T62_INCREASE = {1: 42.14, 2: 42.76, 3: 43.38, 4: 44.02, 5: 44.67, 6: 45.34, 7: 46.03}


def at_least_table(dice_n: int = 5, faces: int = 6) -> pd.DataFrame:
    """Paper 01, Tables 4.5 and 4.7: hands with exactly / at least k of a given face."""
    rows = []
    for k in range(dice_n, -1, -1):
        p = dice.probability_at_least(k, dice_n, faces)
        rows.append({"k": k, "exactly_k": dice.hands_with_exactly(k, dice_n, faces),
                     "at_least_k": dice.hands_with_at_least(k, dice_n, faces),
                     "p_at_least_exact": f"{p.numerator}/{p.denominator}",
                     "p_at_least": float(p), "paper_p_at_least": PAPER_T45.get(k),
                     "paper_cumulative": PAPER_T47_CUM.get(k)})
    return pd.DataFrame(rows)


def hand_class_table() -> pd.DataFrame:
    """Paper 01, Table 4.6, with the brute-force count beside the combinatorial one."""
    counts = dice.hand_class_counts()
    brute = brute_force_classes()
    frame = pd.DataFrame({"class": list(counts), "ways": list(counts.values()),
                          "ways_enumerated": [brute[c] for c in counts],
                          "paper_ways": [PAPER_T46[c] for c in counts]})
    frame["fraction"] = frame["ways"] / dice.hands_total(5, 6)
    return frame


def brute_force_classes() -> dict[str, int]:
    out = dict.fromkeys(dice.POKER_DICE_CLASSES, 0)
    for hand in dice.enumerate_hands(5, 6):
        out[dice.classify_hand(tuple(int(d) for d in hand))] += 1
    return out


def max_multiplicity_table() -> pd.DataFrame:
    """Paper 02, Table 6-3: the largest multiplicity among five dice."""
    counts = dice.max_multiplicity_counts(5, 6)
    total = dice.hands_total(5, 6)
    rows = []
    for m, c in counts.items():
        f = Fraction(c, total)
        rows.append({"max_multiplicity": m, "hands": c, "fraction": f"{f.numerator}/{f.denominator}",
                     "percent": 100 * c / total, "paper_percent": PAPER_T63_PERCENT[m]})
    return pd.DataFrame(rows)


def q_space_table(players: int = 2, histories=range(1, 8)) -> pd.DataFrame:
    """Paper 02, Tables 4-4, 6-1 and 6-2: Q-table key space by history length n."""
    rows = []
    for n in histories:
        partial, full = dice.q_space_partial(n, players), dice.q_space_full(n, players)
        rows.append({"n": n, "players": players, "action_keys": dice.q_action_keys(n, players),
                     "challenge_keys": dice.q_challenge_keys(n, players), "partial": partial,
                     "full": full, "full_over_partial": full / partial})
    frame = pd.DataFrame(rows)
    frame["partial_over_previous"] = frame["partial"] / frame["partial"].shift(1)
    if players == 2:
        frame["paper_T4_4_partial"] = frame["n"].map(lambda n: PAPER_T44.get(n, (None, None))[0])
        frame["paper_T4_4_full"] = frame["n"].map(lambda n: PAPER_T44.get(n, (None, None))[1])
        frame["paper_T6_1_partial"] = frame["n"].map(PAPER_T61_PARTIAL)
        frame["paper_T6_1_increase"] = frame["n"].map(PAPER_T61_INCREASE)
        frame["paper_T6_2_full"] = frame["n"].map(PAPER_T62_FULL)
        frame["paper_T6_2_increase"] = frame["n"].map(PAPER_T62_INCREASE)
    return frame


def monte_carlo_at_least(n_hands: int, rng: np.random.Generator, face: int = 6) -> pd.DataFrame:
    """Simulated P(at least k of ``face``) among five dice, with Wilson intervals, beside the exact value."""
    hands = rng.integers(1, 7, size=(n_hands, 5))
    matches = (hands == face).sum(axis=1)
    rows = []
    for k in range(6):
        hits = int((matches >= k).sum())
        low, high = wilson_interval(hits, n_hands)
        exact = float(dice.probability_at_least(k))
        rows.append({"k": k, "hands": n_hands, "hits": hits, "estimate": hits / n_hands,
                     "ci_low": low, "ci_high": high, "exact": exact,
                     "exact_inside_ci": bool(low <= exact <= high)})
    return pd.DataFrame(rows)


def claims_rows(mc: pd.DataFrame | None = None) -> list[dict]:
    """Every dice number of papers 01 and 02 that notebook 00 checks."""
    rows = []
    for k, paper in PAPER_T45.items():
        ours = float(dice.probability_at_least(k))
        rows.append(claim(f"P(at least {k} of a face in 5 dice)", "paper 01 Table 4.5", paper, ours,
                          agreement(paper, ours, decimals=4), family="paper 01 Table 4.5",
                          note=f"exact {dice.hands_with_at_least(k)}/7776"))
    for cls, paper in PAPER_T46.items():
        ours = dice.hand_class_counts()[cls]
        rows.append(claim(f"hands of class '{cls}'", "paper 01 Table 4.6", paper, ours, agreement(paper, ours),
                          family="paper 01 Table 4.6"))
    rows.append(claim("Table 4.6 total", "paper 01 Table 4.6", 7776, sum(dice.hand_class_counts().values()),
                      agreement(7776, sum(dice.hand_class_counts().values())), family="paper 01 Table 4.6"))
    for k, paper in PAPER_T47_EXACT.items():
        ours = dice.hands_with_exactly(k)
        rows.append(claim(f"hands with exactly {k} of a face", "paper 01 Table 4.7", paper, ours,
                          agreement(paper, ours), family="paper 01 Table 4.7"))
    for k, paper in PAPER_T47_CUM.items():
        ours = dice.hands_with_at_least(k)
        rows.append(claim(f"hands with at least {k} of a face", "paper 01 Table 4.7", paper, ours,
                          agreement(paper, ours), family="paper 01 Table 4.7"))
    ours = dice.hands_with_at_least(1)
    rows.append(claim("bid weight for 'needs one die from the opponent' (text, Fig 4.4)", "paper 01 §4.2 text",
                      PAPER_TEXT_AT_LEAST_ONE, ours, agreement(PAPER_TEXT_AT_LEAST_ONE, ours),
                      note="misprint: 7776 - 3125 = 4651; the text's 4561 transposes two digits; "
                           "Table 4.7 itself prints 4651", headline=True))
    repeated = dice.hands_with_some_face_repeated()
    rows.append(claim("share of hands with some face at least twice ('about half')", "paper 01 §4.2 text",
                      0.5, repeated / 7776, "differs",
                      note=f"{repeated}/7776; 'one pair' alone is 3600/7776 = {3600 / 7776:.3f}, "
                           "probably what was meant"))
    for m, paper in PAPER_T63_PERCENT.items():
        ours = 100 * dice.max_multiplicity_counts()[m] / 7776
        rows.append(claim(f"percent of hands with largest multiplicity {m}", "paper 02 Table 6-3", paper, ours,
                          agreement(paper, ours, decimals=2), family="paper 02 Table 6-3"))
    q2 = q_space_table(2)
    for _, r in q2.iterrows():
        n = int(r["n"])
        if n in PAPER_T44:
            for col, idx in (("partial", 0), ("full", 1)):
                paper = PAPER_T44[n][idx]
                note = ("printed cell is wrong: 559,735 x 252 = 141,053,220 (Table 6-2 prints it correctly)"
                        if paper != r[col] else "")
                rows.append(claim(f"Q-space {col}, n={n}, 2 players", "paper 02 Table 4-4", paper, int(r[col]),
                                  agreement(paper, r[col]), note=note, family="paper 02 Table 4-4",
                                  headline=bool(note)))
        rows.append(claim(f"Q-space partial, n={n}, 2 players", "paper 02 Table 6-1", PAPER_T61_PARTIAL[n],
                          int(r["partial"]), agreement(PAPER_T61_PARTIAL[n], r["partial"]), family="paper 02 Table 6-1"))
        rows.append(claim(f"Q-space full, n={n}, 2 players", "paper 02 Table 6-2", PAPER_T62_FULL[n],
                          int(r["full"]), agreement(PAPER_T62_FULL[n], r["full"]), family="paper 02 Table 6-2"))
        if n in PAPER_T61_INCREASE:
            ratio = float(r["partial_over_previous"])
            rows.append(claim(f"'increase' of partial space n={n} over n={n - 1}", "paper 02 Table 6-1",
                              PAPER_T61_INCREASE[n], ratio - 1, agreement(PAPER_T61_INCREASE[n], ratio - 1, decimals=2),
                              note=f"the column is ratio - 1; the ratio itself is {ratio:.2f}",
                              family="paper 02 Table 6-1"))
        ratio = float(r["full_over_partial"])
        rows.append(claim(f"'increase' of full over partial, n={n}", "paper 02 Table 6-2", PAPER_T62_INCREASE[n],
                          ratio - 1, agreement(PAPER_T62_INCREASE[n], ratio - 1, decimals=2),
                          note=f"the column is ratio - 1; the ratio itself is {ratio:.2f}", family="paper 02 Table 6-2"))
    n1, c1 = dice.brute_force_q_keys(1, 2)
    rows.append(claim("Q-space partial n=1 by listing every key", "paper 02 Table 4-4", 11040, 6 * n1 - 5 * c1,
                      agreement(11040, 6 * n1 - 5 * c1), note="brute-force enumeration of keys",
                      family="paper 02 Table 4-4"))
    n2, c2 = dice.brute_force_q_keys(2, 2)
    rows.append(claim("Q-space partial n=2 by listing every key", "paper 02 Table 4-4", 218130, 6 * n2 - 5 * c2,
                      agreement(218130, 6 * n2 - 5 * c2), note="brute-force enumeration of keys",
                      family="paper 02 Table 4-4"))
    for n in (1, 2, 3):
        rows.append(claim(f"Q-space partial/full, n={n}, 3 players", "paper 02, derived (the paper gives none)",
                          None, f"{dice.q_space_partial(n, 3)} / {dice.q_space_full(n, 3)}", "extension",
                          family="Q-table size with 3 players (paper 02's formulas)"))
    rows.append(claim("distinct five-dice hands H(6,5)", "paper 02 §complexity", 252, dice.multisets_count(),
                      agreement(252, dice.multisets_count()), note="the text's 'H6 6' is a typo for H6 5"))
    space2 = dice.multisets_count() ** 2 * 60**5
    rows.append(claim("2-player game-size estimate 252^2 x 60^5", "paper 02 §complexity", 4.938e13, space2,
                      agreement(4.938, space2 / 1e13, decimals=3)))
    space3 = dice.multisets_count() ** 3 * 90**5
    rows.append(claim("3-player game-size estimate 252^3 x 90^5", "paper 02 §complexity", 9.449e16, space3,
                      agreement(9.449, space3 / 1e16, decimals=3, truncate=True),
                      note=f"{space3 / 1e16:.4f}e16: the paper truncated rather than rounded"))
    search = 6 ** 25 * 30 ** 10
    rows.append(claim("5-player search space (6^5)^5 x (30^5)^2", "paper 01 §3", 1.67e34, search,
                      agreement(1.67, search / 1e34, decimals=2, truncate=True)))
    rows.append(claim("legal bids with 5 players", "paper 01 §3", 144, dice.legal_bid_count(5),
                      agreement(144, dice.legal_bid_count(5))))
    rows.append(claim("legal bids with 2 players (counts 2..10)", "paper 01, derived", None, dice.legal_bid_count(2),
                      "extension"))
    if mc is not None:
        for _, r in mc.iterrows():
            rows.append(claim(f"Monte Carlo P(at least {int(r['k'])} sixes), {int(r['hands'])} hands",
                              "paper 01 Table 4.5 (extension)", PAPER_T45[int(r["k"])],
                              r["estimate"], "extension", r["ci_low"], r["ci_high"],
                              note=f"exact {r['exact']:.6f} " + ("inside" if r["exact_inside_ci"] else "outside")
                              + " the 95% interval", family="Monte Carlo check of Table 4.5 (extension)"))
    return rows
