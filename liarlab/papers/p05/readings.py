"""Notebook 05's readings (issue 36): every open point behind a claim family that can differ, each run on the
notebook's results (judged by the claims row's own rule) or not run with one sentence why.

The open points were listed from the spec's "Open questions and ambiguities" (§6) and the talk's wording before
any verdict was looked at:

- the smallest gap at N = 4 (「先手と後手の勝率の差が小さくなる」): how the gap is measured (|2p − 1| or the first
  player's signed advantage, i.e. the lowest p), over which N, the bid order (§6.4), the accept payoff (§6.3)
  and the penalties and next opener (§6.5, §6.6);
- the Bluff-1 comparison table: whether it rounds or truncates (§6.2), the accept payoff, the bid order, what was
  entered into Gambit and the prior work's own rules (§6.10);
- the per-turn method's optimality: which per-turn method (accept payoff R1 or R2), the bid order, how
  exploitability is measured (mean gain, NashConv, each seat), how the per-turn strategies are played;
- the Bluff-2 values of the talk's game: the rules (every variant of the rule search), rounding, hand weights.

:func:`per_turn_profile_table` is the one new computation (seconds): the per-turn profile under accept payoff R2
and under the star order, played in the real round with one die each.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.study.families import rows_of

# ---- Families (the claims rows' family names)
GAP_FAMILY = "Bluff one die each: N=4 gives the smallest gap between first and second player's win %"
COMPARISON_FAMILY = "Bluff-1 comparison table"
OPTIMAL_FAMILY = "Bluff: the per-turn method gives optimal strategies"
BLUFF2_CELLS_FAMILY = "Bluff-2 table (N=2)"
BLUFF2_CLAIMS_FAMILY = "Bluff-2 claims"

# ---- The readings
STAR_SUPPORT = "spec §6.4: on the published board k wild faces rank between 2k − 1 and 2k dice"
R2_ASSUMPTION = ("accepting a bid is worth the next turn's expected payoff given the actual pair of hands "
                 "(not one number per bid)")
ONE_DIE_RULES_WHY = ("with one die each the first die lost ends the game, so the penalties and the next round's "
                     "opener never enter")

GAP = Reading("gap |2p − 1|", "the gap between the two players' win rates is |p − (1 − p)| = |2p − 1|, whichever "
              "player is ahead, over every N computed",
              "seed: 先手と後手の勝率の差が小さくなる (the difference of the first and second player's win rates)",
              default=True)
GAP_LOWEST = Reading("lowest first-player win %", "the gap is the first player's signed advantage p − (1 − p), so "
                     "the smallest is at the lowest p", "spec: 'N = 4 gives the smallest first-player advantage'")
GAP_RANGE = Reading("N = 2..6 only", "the smallest gap is sought over the N of the talk's comparison table",
                    "the talk's Bluff-1 comparison table prints N = 2..6")
GAP_STAR = Reading("star bid order", "bids ranked as on the published board; solved for N = 2..6", STAR_SUPPORT)
GAP_R2 = Reading("accept payoff R2", R2_ASSUMPTION, "spec §2.2 and §6.3 (R2, a sensitivity)")
RULES_ONE_DIE = Reading("penalties and next opener", "the challenger's and bidder's penalties and who opens the "
                        "next round, as the rule search varies them", "spec §6.5, §6.6")

ROUNDED = Reading("the table rounds", "the comparison table rounds to 2 decimals (N = 3 prints 56.02 here, 56.01 in "
                  "the data table)", "spec §3, note under the comparison table", default=True)
TRUNCATED = Reading("the table truncates", "the comparison table truncates to 2 decimals, as the data table does",
                    "spec §6.2")
CMP_R2 = Reading("accept payoff R2", R2_ASSUMPTION, "spec §2.2 and §6.3")
CMP_STAR = Reading("star bid order", "bids ranked as on the published board (same ladder with one die each)",
                   STAR_SUPPORT)
GAMBIT_PER_TURN = Reading("Gambit given the per-turn model", "what was entered into Gambit was the talk's per-turn "
                          "model (accept payoff R1), not the whole round", "spec §6.10: what was entered into "
                          "Gambit is not stated")
GAMBIT_PER_TURN_R2 = Reading("Gambit given the per-turn model under R2", "Gambit was given the per-turn model "
                             "with accept payoff R2", "spec §6.10 and §6.3")
GAMBIT_WHOLE = Reading("Gambit given the whole round", "Gambit solved the whole round as an extensive-form game; "
                       "the table rounds", "spec §3 and §6.10", default=True)
PRIOR_RULES = Reading("the prior work's own rules", "Lanctot & Long's bid order, wild-face counting and terminal "
                      "bid", "spec §6.10")

PRIOR_DEFAULT = Reading("exact equilibrium, quantity order, rounded", "the talk's values are compared with the "
                        "exact equilibrium of the real round (face N wild, quantity order), the table rounding",
                        "spec §4 and the comparison table", default=True)

OPT_R1 = Reading("accept payoff R1, mean gain", "the per-turn LP with accept payoff R1 (one number per bid), its "
                 "profile's exploitability the mean of the two seats' best-response gains",
                 "spec §2.2 (R1 primary) and §4.3", default=True)
OPT_R2 = Reading("accept payoff R2", R2_ASSUMPTION + "; mean gain", "spec §2.2 and §6.3")
OPT_STAR = Reading("star bid order", "the per-turn LP on the published board's bid order; mean gain", STAR_SUPPORT)
OPT_NASHCONV = Reading("NashConv", "exploitability is the sum of the two seats' gains (NashConv), not their mean",
                       "spec §4.3")
OPT_SEAT = Reading("the better seat's gain", "the method is optimal if either seat's strategy cannot be exploited: "
                   "the smaller of the two seats' gains", "spec §4.4: the exploitability of each side's strategy")
OPT_PLAY = Reading("another way to play the per-turn strategies", "the per-turn strategies played otherwise in "
                   "the real round", "spec §4.4")
PLAY_WHY = ("the per-turn LP of the turn after bid t holds both the reply to each bid s and the raise after it, so "
            "the profile is played in one way only: the reply to s uses the turn solved at t, the raise the turn at s")

B2_ROUNDED = Reading("the table rounds", "the Bluff-2 table rounds to integers instead of truncating", "spec §6.2")
B2_UNIFORM = Reading("every sorted hand weighted equally", "the talk's program weighted sorted hands equally",
                     "our hypothesis for the printed grid (the notebook's uniform-weights search)")
UNIFORM_WHY = ("equal weights for sorted hands are a hypothesis about the talk's per-turn program, not a rule of "
               "the real game, whose deal is multinomial, so there is no exact game to solve under it")
B2_R2 = Reading("accept payoff R2", R2_ASSUMPTION, "spec §2.2 and §6.3")
OTHER_VARIANTS = Reading("other rule variants", "another reading of the open rules", "spec §6.5-6.7")
R2_EXACT_WHY = ("R1 and R2 read the per-turn LP's accept payoff; the exact equilibrium of the real game has no "
                "such payoff to read")


def variant_reading(variant: str, what: str, support: str = "spec §6.5-6.7 and the notebook's rule search") -> Reading:
    """A reading of the open Bluff rules: the rule-search variant ``variant``."""
    return Reading(f"variant {variant}", f"the rules of variant {variant} ({what})", support)


# ---- The smallest gap at N = 4
def argmin_n(p: pd.Series, gap: bool = True) -> int:
    """The N (index) of the smallest |2p − 1| (``gap``) or of the lowest p; ``p`` a win fraction by N."""
    p = p.dropna()
    key = (2 * p - 1).abs() if gap else p
    return int(key.idxmin())


def gap_readings(family: str, claim: str, method: str, p: pd.Series, star: pd.Series | None,
                 r2: pd.Series | None) -> list[dict]:
    """The readings of one smallest-gap row (``method`` "per_turn" or "exact"): ``p`` the first player's win
    fraction by N under the row's own reading, ``star`` the star order's (N = 2..6), ``r2`` the per-turn values
    under accept payoff R2 (None for the exact row). Those that cannot be run (R2 on the exact row, the penalties
    and next opener) are declared beside the family (its ``Way``s in :data:`liarlab.papers.p05.claims.CLAIM_FAMILIES`)."""
    def judged(n):
        return V.exact(n), V.value(4, V.exact(n))

    def span(s):
        return f"argmin over N = {int(s.dropna().index.min())}..{int(s.dropna().index.max())}"

    entries = [(GAP, *judged(argmin_n(p)), span(p)),
               (GAP_LOWEST, *judged(argmin_n(p, gap=False)), span(p) + " of p")]
    upto6 = p[(p.index >= 2) & (p.index <= 6)]
    entries.append((GAP_RANGE, *judged(argmin_n(upto6)), span(upto6)))
    if star is not None and len(star.dropna()):
        entries.append((GAP_STAR, *judged(argmin_n(star)), span(star)))
    else:
        entries.append((GAP_STAR, "the star order was not solved in this run"))
    if method != "exact" and r2 is not None and len(r2.dropna()):
        entries.append((GAP_R2, *judged(argmin_n(r2)), span(r2)))
    elif method != "exact":
        entries.append((GAP_R2, "the per-turn values under R2 were not computed in this run"))
    return rows_of(family, claim, entries)


# ---- The per-turn profile in the real round under other readings (the one new computation)
def per_turn_profile_table(faces_list=range(2, 7)) -> pd.DataFrame:
    """One die each: the per-turn profile under accept payoff R2 and under the star order, played in the real
    round (its self-play win and each seat's best-response gain, ±1 units). Seconds in all for N = 2..6."""
    from liarlab.bluff.exact import evaluate_profile
    from liarlab.bluff.per_turn import per_turn_bluff, per_turn_policy
    from liarlab.bluff.rules import BluffRules
    from liarlab.papers.p05.numbers import zero_below

    rows = []
    for name, rules in (("R2", BluffRules(accept_payoff="R2")), ("star", BluffRules(bid_order="star"))):
        for N in faces_list:
            per_turn = per_turn_bluff(N, (1, 1), rules)
            played = evaluate_profile(N, (1, 1), per_turn_policy(per_turn, 1), per_turn_policy(per_turn, 2),
                                      **rules.exact_options())
            rows.append({"reading": name, "faces": int(N), "per_turn_claimed_win": per_turn.first_player_win,
                         "per_turn_self_play_win": played["opener_win"],
                         "gain_first": zero_below(played["gain_1"]), "gain_second": zero_below(played["gain_2"]),
                         "mean_gain": zero_below(played["mean_gain"])})
    return pd.DataFrame(rows)


def optimal_readings(family: str, claim: str, cmp: pd.DataFrame, profiles: pd.DataFrame | None,
                     faces: tuple[int, int]) -> list[dict]:
    """The readings of "the per-turn method gives optimal strategies": the smallest exploitability over
    N = faces[0]..faces[1] under each reading, judged as the row (0 up to 1e-9). Those that cannot be run are
    declared beside the family (its ``Way``s in :data:`liarlab.papers.p05.claims.CLAIM_FAMILIES`)."""
    lo, hi = faces
    part = cmp[(cmp.faces >= lo) & (cmp.faces <= hi)]

    def judged(x, note):
        return V.exact(x), V.magnitude(V.exact(x), 0.0, 1e-9, "mean best-response gain"), note

    where = f"smallest over N = {lo}..{hi}"
    entries = [(OPT_R1, *judged(float(part.per_turn_mean_gain.min()), where))]
    for reading, name in ((OPT_R2, "R2"), (OPT_STAR, "star")):
        if profiles is None or not len(profiles):
            entries.append((reading, "the per-turn profile under this reading was not computed in this run"))
            continue
        p = profiles[(profiles.reading == name) & (profiles.faces >= lo) & (profiles.faces <= hi)]
        entries.append((reading, *judged(float(p.mean_gain.min()), where)))
    entries.append((OPT_NASHCONV, *judged(float((part.per_turn_gain_first + part.per_turn_gain_second).min()),
                                          where + " of the sum of the two seats' gains")))
    seat = np.minimum(part.per_turn_gain_first, part.per_turn_gain_second)
    entries.append((OPT_SEAT, *judged(float(seat.min()), where + " of the smaller seat's gain")))
    return rows_of(family, claim, entries)


# ---- Bluff-2: the talk's game's values, its cells, its two claims
def grid_dict(grid: pd.DataFrame | None) -> dict:
    if grid is None:
        return {}
    return {(int(r.first_dice), int(r.second_dice)): float(r.win_pct) for r in grid.itertuples()
            if np.isfinite(r.win_pct)}


def cells_judgement(printed: dict, values: dict, truncated: bool = True):
    """Each printed cell against ``values`` (every cell computed), as the talk's-values row judges them."""
    judgements = [V.value(printed[k], V.exact(v), decimals=0, truncated=truncated)
                  for k, v in sorted(values.items()) if k in printed]
    matched = sum(j.verdict == "reproduced" for j in judgements)
    return matched, V.all_of(judgements, "each printed cell against the exact value of the game")


def exact_values_readings(family: str, claim: str, printed: dict, talk_variant: str, talk_exact: dict,
                          kept: dict[str, dict], default_exact: dict | None, small: dict[str, dict]) -> list[dict]:
    """The readings of "the printed win % are the real game's values": the talk's game (default), rounding, each
    other kept variant solved exactly on every cell, the default reading's exact grid, every other variant of the
    rule search solved exactly on the small cells (``small``: variant -> cells), hand weights and R2 (not run)."""
    def run(reading, values, truncated=True, note=""):
        matched, judgement = cells_judgement(printed, values, truncated)
        return reading, float(matched), judgement, f"{matched} of {len(values)} cells{'; ' + note if note else ''}"

    talk = Reading(f"the talk's game {talk_variant}", "the rules of the only variant whose per-turn grid gives "
                   "every printed cell, solved exactly; the table truncates", "the notebook's rule search",
                   default=True)
    entries = [run(talk, talk_exact), run(B2_ROUNDED, talk_exact, truncated=False, note="the talk's game")]
    for variant, values in kept.items():
        if variant != talk_variant:
            entries.append(run(variant_reading(variant, "kept by the rule search, exact on every cell"), values))
    if default_exact:
        entries.append(run(Reading("default reading (loser opens, quantity order)", "the loser opens the next "
                                   "round, Borg penalties, face 2 wild, quantity order, solved exactly",
                                   "spec §2.1, §6.5, §6.6 (defaults)"), default_exact))
    for variant, values in small.items():
        if variant != talk_variant and variant not in kept:
            entries.append(run(variant_reading(variant, "exact on the cells with few dice only"), values,
                               note="cells with few dice only"))
    entries += [(B2_UNIFORM, UNIFORM_WHY), (B2_R2, R2_EXACT_WHY)]
    return rows_of(family, claim, entries)


def cell_readings(family: str, claim: str, key: tuple[int, int], printed: float, default: Reading, value: float,
                  others: dict[str, dict]) -> list[dict]:
    """The readings of one printed Bluff-2 cell: the row's own grid (``default``, ``value``) and every other
    per-turn variant of the rule search at that cell (judged as the row: truncated integers)."""
    def judged(v):
        return V.exact(v), V.value(printed, V.exact(v), decimals=0, truncated=True, span=100, reference=50), ""

    entries = [(default, *judged(value))]
    for variant, values in others.items():
        if key in values:
            entries.append((variant_reading(variant, "per-turn method"), *judged(values[key])))
    if len(entries) == 1:
        entries.append((OTHER_VARIANTS, "no other variant's per-turn grid was given to this claim"))
    return rows_of(family, claim, entries)


def trend_readings(family: str, claim: str, default: Reading, default_judgement, judge,
                   others: dict[str, object]) -> list[dict]:
    """The readings of one of the talk's Bluff-2 claims: its own grid (``default``) and each other grid of
    ``others`` (name -> grid), judged by ``judge(grid)`` (the row's own rule)."""
    entries = [(default, None, default_judgement, "")]
    for name, grid in others.items():
        entries.append((Reading(name, f"the claim judged on the grid of {name}", "spec §6.5-6.7 and the notebook's "
                                "rule search"), None, judge(grid), ""))
    if not others:
        entries.append((OTHER_VARIANTS, "no other reading's grid was given to this claim"))
    return rows_of(family, claim, entries)
