"""Notebook 03: how good the bidding estimate is, against the double-dummy (DD) tricks of the DEALT hands and
AFTER the exchange, with intervals that resample boards; and how much of a hand the exchange replaces.

The thesis's error is "the difference between the computer's estimate and the tricks after the exchange"
(seed 002, the paragraph under its 19-game table: 換牌結束後的磴數), so the verdicts use DD after the exchange.
The exchange reshuffles the hands after the estimate is made, so the same estimates are also measured against
the dealt hands, side by side.

Replication unit: the board. A duplicate board gives two estimates of one bot (one per seat) and a self-play
deal gives two (one per side); they share the deal, so every interval here is a percentile bootstrap that
resamples boards (:func:`liarlab.core.verdicts.bootstrap`), never the estimates one by one.

Every statistic is a ratio of per-board sums, so a bootstrap replicate only adds rows of a small matrix.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.core.cards import SUITS
from liarlab.honeymoon import exchange as ex
from liarlab.honeymoon.match import board_deal
from liarlab.honeymoon.rules import EXCHANGE, PASS, HoneymoonState, bid_action
from liarlab.honeymoon.solver import DoubleDummy, default_solver

TARGETS = {"dealt": "dd_before", "after": "dd_after"}
TARGET_WORDS = {"dealt": "DD tricks of the dealt hands", "after": "DD tricks after the exchange"}
N_BOOT = 2000
# r(Est., DD after the exchange) sits within a few thousandths of its band's lower edge (the thesis's Fisher
# interval, 0.543): at 2,000 resamples the bootstrap's upper bound moves across that edge with the seed (seed 2:
# [0.4816, 0.5440]). 20,000 resamples bring the Monte Carlo error of the bounds to about 0.0003, so that the
# verdict, judged on the interval widened by 3 Monte Carlo errors, is the same for every bootstrap seed (checked for
# seeds 0-4 in tests/papers/p03/test_p03_correlation.py and in the notebook's run).
N_BOOT_R = 20_000

# per-board sums, one column each (x = estimate, y = DD tricks of the target, e = y - x)
_COLS = ("n", "x", "xx", "y", "yy", "xy", "e", "ee", "n_over", "over", "n_under", "under")


def board_sums(errors: pd.DataFrame, target: str) -> np.ndarray:
    """A (boards, len(_COLS)) matrix of per-board sums of the estimates and the ``target``'s DD tricks
    ("dealt" or "after"); a board is a (pairing, board) pair."""
    y = errors[TARGETS[target]].to_numpy(float)
    x = errors.estimate.to_numpy(float)
    e = y - x
    parts = pd.DataFrame({"n": 1.0, "x": x, "xx": x * x, "y": y, "yy": y * y, "xy": x * y, "e": e, "ee": e * e,
                          "n_over": (e < 0).astype(float), "over": np.where(e < 0, -e, 0.0),
                          "n_under": (e > 0).astype(float), "under": np.where(e > 0, e, 0.0)})
    keys = [errors.pairing.to_numpy(), errors.board.to_numpy()]
    return parts.groupby(keys, sort=True)[list(_COLS)].sum().to_numpy()


def _col(s, name):
    return s[_COLS.index(name)]


def stat_r(s) -> float:
    n = _col(s, "n")
    sxx = _col(s, "xx") - _col(s, "x") ** 2 / n
    syy = _col(s, "yy") - _col(s, "y") ** 2 / n
    sxy = _col(s, "xy") - _col(s, "x") * _col(s, "y") / n
    return float(sxy / math.sqrt(sxx * syy)) if sxx > 0 and syy > 0 else float("nan")


def stat_rmse(s) -> float:
    return float(math.sqrt(_col(s, "ee") / _col(s, "n")))


def stat_mean_error(s) -> float:
    return float(_col(s, "e") / _col(s, "n"))


def stat_over_share(s) -> float:
    return float(_col(s, "n_over") / _col(s, "n"))


def stat_mean_over(s) -> float:
    return float(_col(s, "over") / _col(s, "n_over")) if _col(s, "n_over") else float("nan")


def stat_mean_under(s) -> float:
    return float(_col(s, "under") / _col(s, "n_under")) if _col(s, "n_under") else float("nan")


STATISTICS = {  # name: (function, low, high)
    "r": (stat_r, -1.0, 1.0), "rmse": (stat_rmse, 0.0, 13.0), "mean_error": (stat_mean_error, -13.0, 13.0),
    "over_share": (stat_over_share, 0.0, 1.0), "mean_over": (stat_mean_over, 0.0, 13.0),
    "mean_under": (stat_mean_under, 0.0, 13.0),
}


def resample_sums(sums: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """The column sums of many resamples of the rows of ``sums`` at once: row i is ``sums[positions[i]].sum(0)``,
    bit for bit (the rows are added one at a time in the order drawn, as that sum adds them)."""
    acc = sums[positions[:, 0]]
    for j in range(1, positions.shape[1]):
        acc += sums[positions[:, j]]
    return acc


def board_estimate(sums: np.ndarray, name: str, seed: int, n_boot: int = N_BOOT) -> V.Estimate:
    """One statistic of the per-board sums with its 95 % bootstrap interval over boards."""
    f, low, high = STATISTICS[name]
    point = f(sums.sum(0))
    if not np.isfinite(point):  # undefined (no underestimates, a constant column): no interval either
        return V.Estimate(point, low, high, len(sums), "boards")
    est = V.bootstrap(range(len(sums)), lambda idx: f(sums[np.asarray(idx)].sum(0)), n_boot=n_boot, seed=seed,
                      low=low, high=high, unit="boards", batch=lambda pos: [f(s) for s in resample_sums(sums, pos)])
    if not (np.isfinite(est.low) and np.isfinite(est.high)):  # some resamples leave it undefined
        return V.Estimate(point, low, high, len(sums), "boards")
    return est


def reading_estimates(errors: pd.DataFrame, seed: int, n_boot: int = N_BOOT, n_boot_r: int = N_BOOT_R) -> dict:
    """Every statistic of :data:`STATISTICS` against both targets: {(statistic, target): Estimate}, each with
    a 95 % bootstrap interval over boards (seeded by ``seed``, one stream per statistic): ``n_boot`` resamples,
    ``n_boot_r`` for the correlation r (:data:`N_BOOT_R`)."""
    out = {}
    for k, target in enumerate(TARGETS):
        sums = board_sums(errors, target)
        for j, name in enumerate(STATISTICS):
            if len(sums) >= 2:
                out[(name, target)] = board_estimate(sums, name, seed + 100 * k + j,
                                                     n_boot_r if name == "r" else n_boot)
            else:
                f, low, high = STATISTICS[name]
                out[(name, target)] = V.Estimate(f(sums.sum(0)) if len(sums) else float("nan"), low, high,
                                                 len(sums), "boards")
    return out


def mca_estimates(errors: pd.DataFrame, seed: int) -> dict | None:
    """E11's statistics of MCA's estimates against RULE and MC0 (a reading), bootstrap over boards; None if none."""
    mca = errors[(errors.bot == "MCA") & errors.opponent.isin(["RULE", "MC0"])]
    return reading_estimates(mca, seed) if len(mca) else None


def accuracy_table(estimates: dict, errors: pd.DataFrame) -> pd.DataFrame:
    """The estimate against both targets, side by side: r, RMSE and the mean signed error with their 95 %
    intervals from the bootstrap over boards, and r's Fisher interval as if every estimate were independent
    (what treating the mirrored estimates as independent would claim)."""
    rows = []
    for target in TARGETS:
        out = {"target": TARGET_WORDS[target], "estimates": len(errors),
               "boards": estimates[("r", target)].n}
        for name in ("r", "rmse", "mean_error"):
            est = estimates[(name, target)]
            out.update({name: est.value, f"{name}_low": est.low, f"{name}_high": est.high})
        if len(errors) >= 4:
            naive = V.correlation(errors.estimate, errors[TARGETS[target]])
            out.update(r_fisher_low=naive.low, r_fisher_high=naive.high)
        rows.append(out)
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- what the exchange replaces


def call_action(name: str) -> int:
    """The action of a logged call ("pass", "2H")."""
    if name == "pass":
        return PASS
    return bid_action(int(name[0]), SUITS.index(name[1]))


def replay_exchange(deal, opener: int, auction: str, solver: DoubleDummy | None = None) -> dict:
    """Replay one logged deal's auction and its exchange under the greedy policy (deterministic, so the
    replay is the logged game's exchange): the dealt cards each seat still holds when the play starts, and
    the declarer's DD tricks then (to check the replay against the log)."""
    st = HoneymoonState(deal=deal, opener=opener)
    for name in auction.split():
        st.apply_action(call_action(name))
    if st.phase != EXCHANGE:
        raise ValueError(f"the auction {auction!r} does not end in the exchange")
    while st.phase == EXCHANGE:
        p = st.current_player()
        legal = st.legal_actions()
        st.apply_action(int(legal[0]) if len(legal) == 1 else int(ex.greedy_exchange_card(st.observation(p), legal)))
    d = st.declarer
    solver = solver or default_solver()
    dd_after = 13 - solver.tricks(sorted(st.hands[1 - d]), sorted(st.hands[d]), st.trump)
    dealt = (set(int(c) for c in deal[:13]), set(int(c) for c in deal[13:26]))
    kept = [len(st.hands[s] & dealt[s]) for s in (0, 1)]
    return {"kept_declarer": kept[d], "kept_defender": kept[1 - d], "dd_after_replayed": dd_after}


def exchange_replacement(games: pd.DataFrame, deal_seed: int) -> pd.DataFrame:
    """For each logged game whose bots both use the greedy exchange (MC0, MCA, RULE, DD-ε), the share of each
    hand the exchange replaces (dealt cards no longer held when the play starts) and the change in the
    declarer's DD tricks; ``replay_agrees`` checks the replayed exchange against the logged DD tricks."""
    solver = default_solver()
    rows = []
    for r in games.itertuples():
        out = replay_exchange(board_deal(deal_seed, int(r.board)), int(r.opener), r.auction, solver)
        rows.append({"pairing": r.pairing, "board": int(r.board), "a_seat": int(r.a_seat), **out,
                     "dd_before": int(r.dd_before), "dd_after": int(r.dd_after)})
    frame = pd.DataFrame(rows)
    frame["replaced_declarer"] = 1 - frame.kept_declarer / 13
    frame["replaced_defender"] = 1 - frame.kept_defender / 13
    frame["dd_change"] = frame.dd_after - frame.dd_before
    frame["replay_agrees"] = frame.dd_after_replayed == frame.dd_after
    return frame


def replacement_summary(replaced: pd.DataFrame, seed: int, n_boot: int = N_BOOT) -> dict:
    """The share of a hand the exchange replaces (both hands of every deal), and the SD of the change in the
    declarer's DD tricks, each with a 95 % bootstrap interval over boards."""
    g = replaced.assign(share=(replaced.replaced_declarer + replaced.replaced_defender) / 2,
                        c=replaced.dd_change.astype(float), cc=replaced.dd_change.astype(float) ** 2, n=1.0)
    per = g.groupby(["pairing", "board"])[["n", "share", "c", "cc"]].sum().to_numpy()

    def share(idx):
        s = per[np.asarray(idx)].sum(0)
        return s[1] / s[0]

    def sd(idx):
        s = per[np.asarray(idx)].sum(0)
        return math.sqrt(max(s[3] - s[2] ** 2 / s[0], 0.0) / (s[0] - 1)) if s[0] > 1 else float("nan")

    units = range(len(per))
    return {"share": V.bootstrap(units, share, n_boot=n_boot, seed=seed, low=0.0, high=1.0, unit="boards"),
            "sd_change": V.bootstrap(units, sd, n_boot=n_boot, seed=seed + 1, low=0.0, high=13.0, unit="boards"),
            "games": len(replaced), "agree": int(replaced.replay_agrees.sum())}


#: Every correlation on notebook 03's page is written at two decimals, value and interval alike (issue 50: the page
#: wrote "0.8 [-0.4, 1.0]" beside "0.83 [0.60, 0.95]" and "0.46 (-0.02 to 0.90)", each at its own width's digits).
R_DECIMALS = 2


def r_text(value, low, high) -> str:
    """r and its interval, "0.83 [0.60, 0.95]", at :data:`R_DECIMALS` (never "-0.00"); an undefined r as the
    tables write one."""

    return fixed_interval(value, low, high, R_DECIMALS)


#: Decimals of a number of tricks in the estimation tables (RMSE, mean error): the thesis prints its RMSE 1.31 at 2,
#: and one column at one precision (issue 50: "1.437 [1.396, 1.481]" sat beside "2.05 [1.99, 2.11]").
TRICK_DECIMALS = 2


def fixed_interval(value, low, high, decimals: int) -> str:
    """A value and its interval at ``decimals`` fixed decimals, "1.44 [1.40, 1.48]" (never "-0.00"); an undefined
    one as the tables write it."""
    from liarlab.study import tables

    if not all(math.isfinite(float(v)) for v in (value, low, high)):
        return tables.interval_text(value, low, high)

    def fixed(v) -> str:
        text = f"{float(v):.{decimals}f}"
        return text[1:] if text.startswith("-") and set(text[1:]) <= set("0.") else text

    return f"{fixed(value)} [{fixed(low)}, {fixed(high)}]"


def trick_text(value, low, high) -> str:
    """A number of tricks and its interval at :data:`TRICK_DECIMALS`."""
    return fixed_interval(value, low, high, TRICK_DECIMALS)


def accuracy_view(accuracy: pd.DataFrame) -> pd.DataFrame:
    """:func:`accuracy_table` as the page shows it: each statistic with its bootstrap interval in one cell at the same
    decimals, and the Fisher interval headed in words (not "r fisher low", issue 50). The CSV keeps the numbers."""

    def cells(name):
        return [(r_text if name == "r" else trick_text)(v, lo, hi)
                for v, lo, hi in zip(accuracy[name], accuracy[f"{name}_low"], accuracy[f"{name}_high"])]

    view = pd.DataFrame({"target": accuracy.target, "estimates": accuracy.estimates, "boards": accuracy.boards,
                         "r [95 % bootstrap over boards]": cells("r"),
                         "RMSE in tricks [95 % bootstrap]": cells("rmse"),
                         "mean error in tricks [95 % bootstrap]": cells("mean_error")})
    if "r_fisher_low" in accuracy:
        view["r's interval if every estimate were independent (Fisher)"] = [
            f"{lo:.{R_DECIMALS}f} to {hi:.{R_DECIMALS}f}"
            for lo, hi in zip(accuracy.r_fisher_low, accuracy.r_fisher_high)]
    return view
