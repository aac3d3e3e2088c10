"""Win-rate estimates over a tidy frame of games (columns ``seed``, ``wins``, ``games``; ``seed`` = :data:`FIXED`
for fixed agents, whose games replicate them): across trained seeds (paired by seed) or Wilson / Newcombe over a
fixed pairing's games, and their differences and linear combinations (docs/VERDICTS.md). Moved down from paper
02's claims (issue 48): nothing here names a game or a paper.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V

__all__ = ["FIXED", "where", "is_fixed", "per_seed", "estimate", "est", "est_one", "diff", "diff_one", "combine",
           "newcombe", "one_table", "about_0", "printed_count"]

FIXED = -1      # the seed column of a fixed-agent row


def where(frame: pd.DataFrame, **cond) -> pd.DataFrame:
    """The rows of ``frame`` whose columns equal ``cond``'s values; raises KeyError when none does."""
    mask = np.ones(len(frame), bool)
    for k, v in cond.items():
        mask &= (frame[k] == v).to_numpy()
    if not mask.any():
        raise KeyError(f"no rows for {cond}")
    return frame[mask]


def is_fixed(rows: pd.DataFrame) -> bool:
    return bool((rows["seed"].to_numpy() == FIXED).all())


def per_seed(rows: pd.DataFrame) -> pd.Series:
    """One win rate per training seed (its wins over its games)."""
    return rows.groupby("seed").apply(lambda g: g["wins"].sum() / g["games"].sum(), include_groups=False)


def estimate(rows: pd.DataFrame, level: float = V.LEVEL) -> V.Estimate:
    """Across seeds for trained tables, Wilson over the pooled games of a fixed pairing."""
    if is_fixed(rows):
        return V.proportion(int(rows["wins"].sum()), int(rows["games"].sum()), level)
    return V.across_seeds(per_seed(rows).to_numpy(), 0.0, 1.0, level)


def est(frame: pd.DataFrame, level: float = V.LEVEL, **cond) -> V.Estimate:
    return estimate(where(frame, **cond), level)


def est_one(frame: pd.DataFrame, level: float = V.LEVEL, **cond) -> V.Estimate:
    """A rate read off ONE trained table: where one more table's rate would fall
    (:func:`verdicts.prediction_across_seeds`); a fixed agent keeps its Wilson interval."""
    rows = where(frame, **cond)
    return estimate(rows, level) if is_fixed(rows) else V.prediction_across_seeds(per_seed(rows).to_numpy(), 0.0,
                                                                                   1.0, level)


def combine(terms, level: float = V.LEVEL) -> V.Estimate:
    """sum(coef * rate) over ``terms`` [(rows, coef)]: paired by seed for trained tables, else a combination of
    independent proportions (:func:`verdicts.combination_of_proportions`)."""
    if all(is_fixed(r) for r, _ in terms):
        return V.combination_of_proportions([(c, int(r.wins.sum()), int(r.games.sum())) for r, c in terms], level)
    total = sum(c * per_seed(r) for r, c in terms)
    bound = float(sum(abs(c) for _, c in terms))
    return V.across_seeds(total.to_numpy(), -bound, bound, level)


def diff(a: pd.DataFrame, b: pd.DataFrame, level: float = V.LEVEL) -> V.Estimate:
    """rate(a) - rate(b): paired by seed (tables) or Newcombe's interval (fixed agents)."""
    if is_fixed(a) and is_fixed(b):
        return V.difference_of_proportions(int(a.wins.sum()), int(a.games.sum()), int(b.wins.sum()),
                                           int(b.games.sum()), level)
    return combine([(a, 1), (b, -1)], level)


def diff_one(a: pd.DataFrame, b: pd.DataFrame, level: float = V.LEVEL) -> V.Estimate:
    """rate(a) - rate(b) of ONE trained table (paired by seed): where one more table's difference would fall;
    fixed agents keep Newcombe's interval."""
    if is_fixed(a) and is_fixed(b):
        return diff(a, b, level)
    return V.prediction_across_seeds((per_seed(a) - per_seed(b)).dropna().to_numpy(), -1.0, 1.0, level)


def newcombe(r: pd.DataFrame, x, y, level: float = V.LEVEL) -> V.Estimate:
    """Rate of row ``x`` minus rate of row ``y`` of the indexed counts ``r``, Newcombe's interval."""
    return V.difference_of_proportions(int(r.loc[x, "wins"]), int(r.loc[x, "games"]), int(r.loc[y, "wins"]),
                                       int(r.loc[y, "games"]), level)


def one_table(j: V.Judgement) -> V.Judgement:
    """A prediction interval for one table does not narrow with more seeds: undecided stays undecided."""
    if j.verdict != "inconclusive":
        return j
    return V.undecidable(j, "the prediction interval for one trained table straddles the printed range's edge, and "
                         "more seeds do not narrow it")


def about_0(e: V.Estimate) -> V.Judgement:
    return V.magnitude(e, 0.0, V.NEGLIGIBLE_RATE, "about 0 (within the negligible rate)", span=1.0)


def printed_count(printed: float, vals, what: str, span: float) -> tuple[V.Estimate, V.Judgement]:
    """A count printed from ONE table against where one more of ours would fall (a prediction interval used as
    the band, so the knife-edge rule measures against the band's half-width; ``span``: the count's range)."""
    from liarlab.study.estimates import band_knife_edge

    x = V.prediction_across_seeds(vals, 0, span)
    j = V.magnitude(V.exact(printed), x.low, x.high, f"the printed count (one table) inside the {x.interval_label} "
                    f"of {what}", span=span)
    return x, band_knife_edge(j, printed, x)
