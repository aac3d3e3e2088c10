"""Notebook 03's claims rows: each printed value or statement of the thesis beside ours, with a verdict.

Each function takes this run's tables and returns rows built with ``liarlab.study.outputs.claim``;
a printed table is one claim family. The rules for a verdict are stated in each row's note.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core.cards import parse_card, parse_cards
from liarlab.core.stats import wilson_interval
from liarlab.honeymoon import exchange as ex
from liarlab.honeymoon.rules import EXCHANGE
from liarlab.papers.p03 import printed
from liarlab.papers.p03.printed import SOURCE


def _claim(*args, **kwargs):
    from liarlab.study.outputs import claim

    return claim(*args, **kwargs)


def truncated_size_text(n_bytes: int, text: str) -> bool:
    """Does ``n_bytes`` print as ``text`` ("5.36 KB") in binary units, truncated to its digits?"""
    number, unit = text.split()
    scale = {"B": 1, "KB": 1024, "MB": 1024 ** 2}[unit]
    digits = len(number.split(".")[1]) if "." in number else 0
    value = n_bytes / scale
    return abs(np.floor(value * 10 ** digits) / 10 ** digits - float(number)) < 1e-9


def solver_claims(agreement: pd.DataFrame, checks: pd.DataFrame) -> list[dict]:
    rows = []
    n, ok = len(agreement), int(agreement.agree.sum())
    rows.append(_claim("The play-phase search is exact (double dummy on the rank-order encoding)", SOURCE, "exact",
                       f"{ok}/{n} agree", "reproduced" if ok == n else "differs", family="Solver",
                       note="compiled solver vs plain minimax on random deals of 1-6 cards a hand, random suit "
                            "restrictions and trumps; a single disagreement fails the row"))
    for r in checks.itertuples():
        same = str(r.thesis) == str(r.ours)
        rows.append(_claim(f"Solver: {r.check}", SOURCE, r.thesis, r.ours, "reproduced" if same else "differs",
                           family="Solver"))
    return rows


def table_size_claims(sizes: pd.DataFrame) -> list[dict]:
    rows = []
    for r in sizes.itertuples():
        ok = truncated_size_text(int(r.predicted_bytes), r.thesis_size)
        rows.append(_claim(f"Endgame table file size at {r.cards} cards a hand", SOURCE, r.thesis_size,
                           int(r.predicted_bytes), "reproduced" if ok else "differs", family="Table sizes (3.1)",
                           note=f"{int(r.entries):,} entries (every length vector incl. suits > 13, every sequence); "
                                "predicted bytes of one CRLF text line 'order l1 l2 l3 tricks' per entry, shown "
                                "truncated in binary units; the format is inferred"))
    return rows


def fig_3_13_claims(calls: pd.DataFrame, replay: pd.DataFrame) -> list[dict]:
    rows = []
    for r in calls.itertuples():
        rows.append(_claim(f"Fig 3-13: com's call after {r.after} from the printed E", SOURCE, r.thesis_call,
                           r.our_call, "reproduced" if r.thesis_call == r.our_call else "differs",
                           family="Fig 3-13 calls", note="margin rule: largest of E - needed, ties to pass"))
    opening = replay[(replay.sampling == "plain") & (replay.lead == "opponent leads")]
    for r in opening.itertuples():
        per_deal = 2.0   # the thesis's N=50 estimate has SE about sd/sqrt(50); sd <= 2 tricks
        tol = 2 * np.sqrt(r.se ** 2 + per_deal ** 2 / 50)
        ok = abs(r.E - r.thesis_E) <= tol
        rows.append(_claim(f"Fig 3-13 opening: E for {r.suit} trump", SOURCE, r.thesis_E, round(r.E, 3),
                           "reproduced" if ok else "differs", ci_low=r.E - 1.96 * r.se, ci_high=r.E + 1.96 * r.se,
                           family="Fig 3-13 estimates",
                           note=f"opponent leads; reproduced if within 2 combined SE ({tol:.2f}) of the printed N=50 "
                                "value"))
    adj = replay[replay.sampling == "adjusted"].pivot(index="after", columns="suit", values="E")
    ours = (adj.loc["3S", "H"] - adj.loc["1S", "H"], adj.loc["3S", "D"] - adj.loc["1S", "D"])
    thesis = (10.56 - 9.70, 10.02 - 9.04)
    same_direction = ours[0] > 0 and ours[1] > 0
    rows.append(_claim("Fig 3-13 adjusted: from 1S to 3S E(H) and E(D) rise (thesis +0.86, +0.98)", SOURCE,
                       f"{thesis[0]:+.2f}, {thesis[1]:+.2f}", f"{ours[0]:+.2f}, {ours[1]:+.2f}",
                       "reproduced" if same_direction else "differs", family="Fig 3-13 estimates",
                       note="the adjustment's form is not printed; ours is the spec's parameterised reading "
                            "(alpha 2, beta 0.25, gamma 1, rho 1); verdict on direction only. E(S) goes "
                            f"{adj.loc['1S', 'S']:.2f} -> {adj.loc['3S', 'S']:.2f} (thesis 5.52 -> 5.42)"))
    return rows


def exchange_claims(examples: pd.DataFrame) -> list[dict]:
    rows = []
    hand = parse_cards(["S3", "HA", "HQ", "HJ", "H8", "DA", "DJ", "D7", "CK", "CT", "C9", "C7", "C5"])
    for case, chosen in (("1 (", "C5"), ("2 (", "HJ")):
        g = examples[examples.case.str.startswith(case)]
        ours = g.loc[g.ours.idxmax(), "card"]
        rows.append(_claim(f"Example 3.1 case {case[0]}: the greedy lead", SOURCE, chosen, ours,
                           "reproduced" if ours == chosen else "differs", family="Example 3.1"))
    for r in examples.itertuples():
        ok = abs(r.difference) <= 0.005
        rows.append(_claim(f"Example 3.1 case {r.case[0]}: score of {r.card}", SOURCE, r.thesis, round(r.ours, 4),
                           "reproduced" if ok else "differs", family="Example 3.1",
                           note="within 0.005" if ok else "the thesis's arithmetic: P_win*W - W' gives "
                                                          f"{r.ours:.3f}; the choice is unchanged"))
    del hand

    def follow(hand_codes, trump, face, lead, legal_codes):
        obs = {"player": 0, "phase": EXCHANGE, "hand": tuple(sorted(parse_cards(hand_codes))), "contract": (1, trump),
               "face_up": parse_card(face), "trick": ((1, parse_card(lead)),),
               "history": ((EXCHANGE, 0, 1, parse_card(lead)),), "won_face_up": ((), ())}
        from liarlab.core.cards import card_code
        return card_code(ex.greedy_exchange_card(obs, parse_cards(legal_codes)))

    c32 = follow(["S4", "SK", "HA", "H2", "D9"], 1, "D6", "S6", ["S4", "SK"])
    rows.append(_claim("Example 3.2: follow with a low face-up card (D6) to S6", SOURCE, "S4", c32,
                       "reproduced" if c32 == "S4" else "differs", family="Examples 3.2-3.3",
                       note="the rest of the hand is not printed; S K and side cards added"))
    legal = ["D2", "D3", "D6", "D7", "D9", "DT", "DJ"]
    c33 = follow(legal + ["S5"], 0, "S2", "DK", legal)
    rows.append(_claim("Example 3.3: follow to DK with a valuable face-up card and no winner", SOURCE, "D6", c33,
                       "reproduced" if c33 == "D6" else "differs", family="Examples 3.2-3.3",
                       note="D6 and D7 both cost 3; ties go to the lower rank"))
    return rows


def printed_arithmetic_claims() -> list[dict]:
    """E9: the thesis's summary numbers recomputed from its own 19-game table."""
    g = pd.DataFrame(printed.NINETEEN_GAMES, columns=["contract", "declarer", "est", "dd", "actual", "error", "winner"])
    rows = []
    wins = int((g.winner == "com").sum())
    rows.append(_claim("19 games: com won 9 of 19", SOURCE, "9/19", f"{wins}/19",
                       "reproduced" if wins == 9 else "differs", family="19-game table",
                       note="recomputed from the printed Winner column"))
    err = g.dd - g.est
    over, under = err[err < -1e-9], err[err > 1e-9]
    rows.append(_claim("19 games: overestimated 12 times, mean 1.25", SOURCE, "12, 1.25",
                       f"{len(over)}, {-over.mean():.3f}",
                       "reproduced" if len(over) == 12 and abs(-over.mean() - 1.25) < 0.01 else "differs",
                       family="19-game table", note="errors recomputed as DD - Est. from the printed columns"))
    printed_under = g.error[g.error > 0]
    rows.append(_claim("19 games: underestimated 7 times, mean 0.794", SOURCE, "7, 0.794",
                       f"{len(printed_under)}, {printed_under.mean():.3f}",
                       "reproduced" if len(printed_under) == 7 and abs(printed_under.mean() - 0.794) < 0.0005
                       else "differs", family="19-game table",
                       note=f"from the printed Error column; from DD - Est. the mean is {under.mean():.3f}"))
    g18 = g.iloc[17]
    rows.append(_claim("19 games: game 18's error is 0.92", SOURCE, 0.92, round(g18.dd - g18.est, 2),
                       "differs" if abs(g18.dd - g18.est - 0.92) > 0.005 else "reproduced", family="19-game table",
                       note="DD 6 - Est. 5.18 = 0.82: a misprint in the thesis"))
    r = float(np.corrcoef(g.est, g.dd)[0, 1])
    rows.append(_claim("19 games: Est. and DD correlate (derived r = 0.80)", SOURCE, 0.80, round(r, 3),
                       "reproduced" if abs(r - 0.80) < 0.005 else "differs", family="19-game table",
                       note="derived in the spec, not printed by the thesis"))
    lost = int((g.actual - g.dd).sum())
    rows.append(_claim("19 games: com never takes fewer tricks than DD after the exchange", SOURCE, "Actual >= DD",
                       f"min Actual - DD = {int((g.actual - g.dd).min())}",
                       "reproduced" if (g.actual >= g.dd).all() else "differs", family="19-game table",
                       note=f"the human lost {lost} tricks against DD over the 19 games (thesis: 11)"))
    return rows


def convergence_claims(conv: pd.DataFrame) -> list[dict]:
    rows = []
    at = conv.groupby("N").agg(sd=("empirical_sd", "mean"), differs=("opening_differs", "mean"))
    if 50 in at.index and 200 in at.index:
        mean_abs = float(np.sqrt(at.loc[50, "sd"] ** 2 + at.loc[200, "sd"] ** 2) * np.sqrt(2 / np.pi))
        ok = 0.5 * 0.13 <= mean_abs <= 1.5 * 0.13
        rows.append(_claim("Simulation count: N=50 differs little from N=200 (mean |E50 - E200| 0.13 on 4 deals)",
                           SOURCE, 0.13, round(mean_abs, 3), "reproduced" if ok else "differs",
                           family="Simulation-count table",
                           note="ours: expected |difference| of two independent estimates from the empirical SDs, "
                                "averaged over hands and suits; reproduced if within 0.5x-1.5x of 0.13"))
        diff50 = float(at.loc[50, "differs"])
        rows.append(_claim("Simulation count: 50 simulations rarely change the bid", SOURCE, "rarely",
                           round(diff50, 3), "reproduced" if diff50 <= 0.15 else "differs",
                           family="Simulation-count table",
                           note="share of N=50 estimates whose opening call differs from the large-pool call; "
                                "'rarely' read as <= 15%"))
    rows.append(_claim("Simulation-count table: the four deals' E values", SOURCE, "16 cells x 4 N", "new deals",
                       "not-reproducible", family="Simulation-count table",
                       note="the four deals are not printed; the notebook redoes the table on new hands"))
    return rows


def match_claims(table: pd.DataFrame, errors: pd.DataFrame, summary: pd.DataFrame) -> list[dict]:
    """Match and estimation rows. ``summary`` is :func:`error_summary` of the games the estimation
    claims are judged on (its "all" row); ``errors`` holds every MC0 game (for the exact-play row)."""
    rows = []
    t = table.set_index("pairing")
    if "MC0 vs RULE" in t.index:
        r = t.loc["MC0 vs RULE"]
        rows.append(_claim("Cross test: com won 12 of 20 duplicate games against humans (amateur strength)", SOURCE,
                           "12/20", round(100 * r.a_win_rate, 1), "not-reproducible", ci_low=100 * r.ci_low,
                           ci_high=100 * r.ci_high, headline=True,
                           note=f"humans are not available; machine substitute: MC0 against the RULE bot over "
                                f"{int(r.games)} duplicate games (win %)"))
        rows.append(_claim("19 games: com won 9/19; 6/19 excluding human error (the DD winner)", SOURCE, "9/19; 6/19",
                           f"{100 * r.a_win_rate:.1f}%; {100 * r.a_dd_win_rate:.1f}%", "not-reproducible",
                           note="machine substitute: MC0 vs RULE win % and the DD-winner % (both play the play "
                                "phase perfectly)"))
    all_err = summary[summary.games == "all"].iloc[0]
    n = int(all_err.n)
    over = int(all_err.overestimates)
    lo, hi = wilson_interval(over, n)
    ok = lo <= 12 / 19 <= hi
    rows.append(_claim("Estimation: the bidding estimate overestimates in 12 of 19 games", SOURCE, round(100 * 12 / 19, 1),
                       round(100 * over / n, 1), "reproduced" if ok else "differs", ci_low=100 * lo,
                       ci_high=100 * hi, family="Estimation error",
                       note=f"% of {n:,} MC0 games against non-random bots with DD after the exchange below the "
                            "estimate; reproduced if 12/19 lies in our 95% interval"))
    for label, printed_mean, ours in (("overestimate", 1.25, all_err.mean_overestimate),
                                      ("underestimate", 0.794, all_err.mean_underestimate)):
        ok = abs(ours - printed_mean) <= 0.3
        rows.append(_claim(f"Estimation: mean {label} size", SOURCE, printed_mean, round(float(ours), 3),
                           "reproduced" if ok else "differs", family="Estimation error",
                           note=f"tricks, over {n:,} MC0 games against non-random bots; reproduced if within 0.3 of "
                                "the printed mean (19 games give about +-0.4)"))
    never_below = float((errors.actual >= errors.dd_after).mean())
    rows.append(_claim("Exact play: com never takes fewer tricks than DD after the exchange", SOURCE, "100%",
                       round(100 * never_below, 2), "reproduced" if never_below == 1.0 else "differs",
                       note=f"share of {len(errors):,} MC0 games with actual >= DD"))
    for label in ("MC0 vs RAND", "MCA vs MC0", "RULE vs RAND", "RULE vs HCP-greedy", "greedy vs random exchange",
                  "greedy vs duck exchange", "greedy vs win exchange"):
        if label in t.index:
            r = t.loc[label]
            rows.append(_claim(f"Extension: duplicate match {label} (win % of the first)", "this study", None,
                               round(100 * r.a_win_rate, 1), "extension", ci_low=100 * r.ci_low,
                               ci_high=100 * r.ci_high, family="Duplicate matches",
                               note=f"{int(r.games)} games on {int(r.boards)} boards; sign test p = {r.sign_test_p:.3g}"))
    return rows


def timing_claims(timing: pd.DataFrame, speed: pd.DataFrame) -> list[dict]:
    bid = float(timing[timing.decision.str.startswith("bidding")].cpu_seconds.median())
    kept = speed[speed.table == "kept"]
    return [
        _claim("Timing: one bidding decision (50 simulations x 4 trumps) takes about 20 s", SOURCE,
               printed.BID_DECISION_SECONDS, round(bid, 3), "not-reproducible", measured=True,
               note="hardware-dependent (thesis: C, 1.86 GHz AMD 2500); ours: median CPU seconds on this "
                    "machine, compiled solver"),
        _claim("Timing: about 0.1 s per 13-v-13 solve with the endgame table", SOURCE, 0.1,
               round(float(kept.cpu_seconds.median()), 5), "not-reproducible", measured=True,
               note="median CPU seconds of our solver (no endgame table; transposition table kept)"),
    ]


def surrogate_claims(summary: pd.DataFrame, eps: float) -> list[dict]:
    """The human's 11 tricks lost against DD in 19 games, and the DD-eps stand-in tuned to it."""
    zero = summary[summary.eps == 0]
    exact_ok = len(zero) == 1 and float(zero.mean_lost.iloc[0]) == 0.0
    return [
        _claim("The human lost 11 tricks against DD play over the 19 games (0.58 a game)", SOURCE,
               round(printed.HUMAN_TRICKS_LOST / 19, 3), None if np.isnan(eps) else round(eps, 3), "extension",
               note="machine stand-in: the eps at which DD-eps (a random legal card with probability eps) loses "
                    "0.58 tricks a game against exact play, interpolated on the measured grid"
                    + ("" if exact_ok else "; WARNING: eps = 0 lost tricks")),
        _claim("Exact play loses no tricks against exact play (DD-eps at eps = 0)", SOURCE, 0,
               None if zero.empty else float(zero.mean_lost.iloc[0]), "reproduced" if exact_ok else "differs",
               note="a check of the play engine: the thesis's program never fell below DD"),
    ]
