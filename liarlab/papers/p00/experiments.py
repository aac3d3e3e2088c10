"""Notebook 00's experiments: the dice tables of papers 01 and 02, computed exactly, and two Monte Carlo checks of
our generators (printed values: printed.py; claims: claims.py; ledger: ledger.py; figures: figures.py)."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd

from liarlab.core import dice
from liarlab.core.stats import wilson_interval
from liarlab.papers.p00.printed import (
    PAPER_T44,
    PAPER_T45,
    PAPER_T46,
    PAPER_T47_CUM,
    PAPER_T47_EXACT,
    PAPER_T61_INCREASE,
    PAPER_T61_PARTIAL,
    PAPER_T62_FULL,
    PAPER_T62_INCREASE,
    PAPER_T63_PERCENT,
)
from liarlab.study.tables import fraction_text, with_decimals


def at_least_table(dice_n: int = 5, faces: int = 6) -> pd.DataFrame:
    """Paper 01, Tables 4.5 and 4.7: hands with exactly / at least k of a given face."""
    rows = []
    for k in range(dice_n, -1, -1):
        p = dice.probability_at_least(k, dice_n, faces)
        rows.append({"k": k, "exactly_k": dice.hands_with_exactly(k, dice_n, faces),
                     "at_least_k": dice.hands_with_at_least(k, dice_n, faces),
                     "p_at_least_exact": fraction_text(p),
                     "p_at_least": float(p), "paper_p_at_least": PAPER_T45.get(k),
                     "paper_cumulative": PAPER_T47_CUM.get(k)})
    return pd.DataFrame(rows)


def at_least_view(at_least: pd.DataFrame) -> pd.DataFrame:
    """Tables 4.5 and 4.7 (:func:`at_least_table`) as the page shows them: the exact probability once, as its
    fraction beside its decimal, and the headers in words; the table showed "0.0001286 (1/7,776)" and again
    "0.0001286" under two code-like headers (issue 50, a fresh reader). The CSV keeps both columns. Each column
    at one count of decimals (the paper's four; the exact value as its count of the 7,776 hands beside it)."""
    view = at_least.drop(columns=["p_at_least"]).assign(p_at_least_exact=[
        fraction_text(h, dice.hands_total(5, 6), 4) for h in at_least["at_least_k"]])
    # Table 4.7's "exactly k" half beside ours (both halves are judged in the claims); k from 0 up, as the Monte
    # Carlo table and the figure order it (issue 50: one table ran 5 to 0, the next 0 to 5)
    view.insert(list(view.columns).index("exactly_k") + 1, "paper_exactly", view["k"].map(PAPER_T47_EXACT))
    view = view.sort_values("k").reset_index(drop=True)
    return with_decimals(view.rename(columns={
        "exactly_k": "hands with exactly k", "paper_exactly": "paper, Table 4.7: hands with exactly k",
        "at_least_k": "hands with at least k",
        "p_at_least_exact": "P(at least k), exact", "paper_p_at_least": "paper, Table 4.5: P(at least k)",
        "paper_cumulative": "paper, Table 4.7: hands with at least k"}), {"paper, Table 4.5: P(at least k)": 4})


def hand_class_table() -> pd.DataFrame:
    """Paper 01, Table 4.6, with the brute-force count beside the combinatorial one."""
    counts = dice.hand_class_counts()
    brute = brute_force_classes()
    frame = pd.DataFrame({"class": list(counts), "ways": list(counts.values()),
                          "ways_enumerated": [brute[c] for c in counts],
                          "paper_ways": [PAPER_T46[c] for c in counts]})
    frame["fraction"] = frame["ways"] / dice.hands_total(5, 6)
    return frame


def hand_class_view(classes: pd.DataFrame) -> pd.DataFrame:
    """Table 4.6 (:func:`hand_class_table`) as the page shows it: each fraction as the exact fraction of the 7,776
    hands beside its decimal, as Tables 4.5 and 6-3 give theirs (a float column read "0.463", "0.06173" and
    "0.0007716" with nothing exact beside them, issue 50)."""
    return classes.assign(fraction=[fraction_text(w, dice.hands_total(5, 6), 4) for w in classes["ways"]])


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
        rows.append({"max_multiplicity": m, "hands": c, "fraction": fraction_text(f),
                     "percent": 100 * c / total, "paper_percent": PAPER_T63_PERCENT[m]})
    return pd.DataFrame(rows)


def max_multiplicity_view(multiplicity: pd.DataFrame) -> pd.DataFrame:
    """Table 6-3 (:func:`max_multiplicity_table`) as the page shows it: each column at one count of decimals (the
    fraction as the count of the 7,776 hands, our percent to 3 decimals, the paper's to its 2), headers in words."""
    view = multiplicity.assign(fraction=[fraction_text(h, dice.hands_total(5, 6), 4) for h in multiplicity["hands"]])
    return with_decimals(view.rename(columns={"max_multiplicity": "largest multiplicity",
                                              "paper_percent": "paper, Table 6-3: percent"}),
                         {"percent": 3, "paper, Table 6-3: percent": 2})


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


# The paper's columns of :func:`q_space_table` as the page heads them ("paper, Table 4-4, partial", not the CSV's
# "paper_T4_4_partial", issue 50); ours are "ours, ..." beside them.
_Q_HEADERS = {"action_keys": "action keys", "challenge_keys": "challenge keys", "partial": "ours, partial",
              "full": "ours, full", "paper_T4_4_partial": "paper, Table 4-4, partial",
              "paper_T6_1_partial": "paper, Table 6-1, partial", "paper_T4_4_full": "paper, Table 4-4, full",
              "paper_T6_2_full": "paper, Table 6-2, full", "partial_over_previous": "ours, partial over previous",
              "partial_over_previous_minus_1": "ours, partial over previous minus 1",
              "paper_T6_1_increase": "paper, Table 6-1, increase", "full_over_partial": "ours, full over partial",
              "full_over_partial_minus_1": "ours, full over partial minus 1",
              "paper_T6_2_increase": "paper, Table 6-2, increase"}


def q_space_view(q2: pd.DataFrame) -> pd.DataFrame:
    """The 2-player :func:`q_space_table` as the page shows it: our counts beside the paper's Tables 4-4, 6-1 and
    6-2, headed in words. Table 4-4 stops at n = 3: its cells beyond read "—" (NOT_PRINTED; a blank cell could be
    missing data, issue 50), and every count is an integer."""
    view = q2[["n", "action_keys", "challenge_keys", "partial", "paper_T4_4_partial", "paper_T6_1_partial",
               "full", "paper_T4_4_full", "paper_T6_2_full"]].astype({"paper_T4_4_partial": "Int64",
                                                                      "paper_T4_4_full": "Int64"})
    return _dashed(view, ["paper_T4_4_partial", "paper_T4_4_full"]).rename(columns=_Q_HEADERS)


#: a cell the paper does not print (Table 4-4 beyond n = 3) or that has no value (a ratio to the row before n = 1)
NOT_PRINTED = "—"


def _dashed(frame: pd.DataFrame, columns) -> pd.DataFrame:
    out = frame.copy()
    for c in columns:
        out[c] = out[c].astype(object).where(out[c].notna(), NOT_PRINTED)
    return out


def q_ratios_view(q2: pd.DataFrame) -> pd.DataFrame:
    """How much one more history step multiplies the 2-player table, ours beside the paper's Tables 6-1 and 6-2
    (rounded to 2 decimals as the paper prints them), headed in words."""
    ratios = q2[["n", "partial_over_previous", "paper_T6_1_increase", "full_over_partial",
                 "paper_T6_2_increase"]].copy()
    ratios.insert(2, "partial_over_previous_minus_1", ratios["partial_over_previous"] - 1)
    ratios.insert(5, "full_over_partial_minus_1", ratios["full_over_partial"] - 1)
    ratios = ratios.round(2)
    return _dashed(ratios, [c for c in ratios.columns if c != "n"]).rename(columns=_Q_HEADERS)


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


def monte_carlo_max_multiplicity(n_hands: int, rng: np.random.Generator) -> pd.DataFrame:
    """Paper 02's hand generator with ``same_p = 0`` (its normal game), run ``n_hands`` times: the share of
    hands whose largest multiplicity is m, with Wilson intervals, beside the exact Table 6-3 value."""
    from liarlab.liardice.exp_agents import forced_hand

    largest = np.fromiter((forced_hand(rng, 0).max() for _ in range(n_hands)), dtype=np.int64, count=n_hands)
    exact = dice.max_multiplicity_counts()
    rows = []
    for m in range(1, 6):
        hits = int((largest == m).sum())
        low, high = wilson_interval(hits, n_hands)
        p = exact[m] / 7776
        rows.append({"max_multiplicity": m, "hands": n_hands, "hits": hits, "estimate": hits / n_hands,
                     "ci_low": low, "ci_high": high, "exact": p, "exact_inside_ci": bool(low <= p <= high)})
    return pd.DataFrame(rows)


def growth_factors(*tables: pd.DataFrame) -> tuple[float, float]:
    """The smallest and largest factor by which one more history step multiplies a Q-table, over every
    partial- and full-hand series of the given :func:`q_space_table` frames (what the figure's title quotes)."""
    factors = []
    for table in tables:
        for col in ("partial", "full"):
            values = table.sort_values("n")[col].to_numpy(dtype=float)
            factors.extend(values[1:] / values[:-1])
    return float(min(factors)), float(max(factors))


# The most decimals a Monte Carlo share is written to: a page's table rewrites a number of seven or more decimals
# to four significant digits (study.tables.tidy_text), which gave "0.1963 [0.196, 0.1965]" for a share written to 8
MC_MAX_DECIMALS = 6


def monte_carlo_decimals(mc: pd.DataFrame) -> int:
    """The one count of decimals a Monte Carlo table's shares are shown to: enough for two significant digits of
    its narrowest interval that is not a point (5 decimals wrote "0.00012 [0.00012, 0.00013]" against an exact
    "0.00013", issue 50), at most :data:`MC_MAX_DECIMALS`. A row whose every hand counted (or none did) is left
    out: its Wilson interval is a sliver against 0 or 1 (1 - 0.99999962 at 10 million hands), not a precision."""
    certain = (mc["hits"] == 0) | (mc["hits"] == mc["hands"])
    widths = (mc["ci_high"] - mc["ci_low"])[~certain].to_numpy(dtype=float)
    widths = widths[widths > 0]
    if not len(widths):
        return 5
    return int(min(max(1 - math.floor(math.log10(widths.min())), 1), MC_MAX_DECIMALS))


def monte_carlo_view(mc: pd.DataFrame, decimals: int | None = None) -> pd.DataFrame:
    """A Monte Carlo table (:func:`monte_carlo_at_least`, :func:`monte_carlo_max_multiplicity`) as the page shows
    it: the share, its interval and the exact value to the same ``decimals`` (by default
    :func:`monte_carlo_decimals`; a column that read "1.000000" above "0.5966" changed precision from row to row,
    issue 50), the interval beside its share, headed in words; the exact value with the count of the 7,776 hands
    it is."""
    first = "k" if "k" in mc.columns else "max_multiplicity"
    total = dice.hands_total(5, 6)
    decimals = monte_carlo_decimals(mc) if decimals is None else decimals

    def share(x) -> str:
        return f"{float(x):.{decimals}f}"

    return pd.DataFrame({
        "at least k sixes" if first == "k" else "largest multiplicity": mc[first].astype(int),
        "hands": mc["hands"].astype(int),
        "hands counted": mc["hits"].astype(int),
        "share [95 % interval (Wilson)]": [f"{share(e)} [{share(lo)}, {share(hi)}]"
                                           for e, lo, hi in zip(mc["estimate"], mc["ci_low"], mc["ci_high"])],
        "exact share": [f"{share(x)} ({round(x * total):,}/{total:,})" for x in mc["exact"]],
        "exact inside the interval": mc["exact_inside_ci"].map({True: "yes", False: "no"}),
    })
