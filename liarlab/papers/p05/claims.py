"""Notebook 05's claims: :data:`CLAIM_FAMILIES`, one record per table, figure or statement of the talk. Exact values
are judged at the printed precision (the talk truncates, spec 6.2), simulated ones on Wilson intervals."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from liarlab.bluff.api import is_dyadic
from liarlab.bluff.oracle import EXACT_WIDTH
from liarlab.core import verdicts as V
from liarlab.core.readings import Reading
from liarlab.papers.p05 import experiments
from liarlab.papers.p05 import printed as P
from liarlab.papers.p05 import readings as RD
from liarlab.papers.p05.numbers import gain_text, roundoff_zero, sci, width_text
from liarlab.papers.p05.printed import FERGUSON_P6, SOURCE, TALK_BLUFF1, TALK_BLUFF2, TALK_BLUFF3, TALK_LD2
from liarlab.papers.p05.results import Results
from liarlab.study import families as F
from liarlab.study import judged_rows as J
from liarlab.study import printed_values as PV
from liarlab.study.answer import verdict_clause
from liarlab.study.families import ClaimFamily, Way
from liarlab.study.printed_values import value_row

QUESTION = ("Does solving a bluffing dice game one turn at a time (one small LP per turn, chained by backward "
            "induction) give optimal strategies?")
_A, _B = FERGUSON_P6   # the printed fraction, never retyped
LD_N6_CLAIM = f"Liar's Dice N=6: first player wins {_A}/{_B} ({100 * _A / _B:.3f}%)"
K_OPTIMAL_CLAIM = "Liar's Dice: the LP strategy K is optimal (equivalent to Ferguson's T)"
GAP_FAMILY = "Bluff one die each: N=4 gives the smallest gap between first and second player's win %"
COMPARISON_FAMILY = "Bluff-1 comparison table"
OPTIMAL_FAMILY = "Bluff: the per-turn method gives optimal strategies"
OPTIMAL_CLAIM = f"{OPTIMAL_FAMILY} (judged by the exploitability of its profile in the real round)"
PRIOR_CLAIM = ("Bluff: the prior work (Lanctot & Long 2007) is wrong from N=3 on (the talk's per-turn values are the "
               "equilibrium values)")
CELLS_FAMILY, TRENDS_FAMILY = "Bluff-2 table (N=2)", "Bluff-2 claims"
_MORE = "Bluff-2: holding more dice is an advantage"
_FEWER = "Bluff-2: with equal dice, fewer dice favour the first player more"
VALUES_CLAIM = "Bluff-2 (the talk's game): the printed win % are the real game's values"
OLD_OPENERS = ("loser", "winner", "bidder", "alternate")   # the next-opener rules searched before issue 23
_CELL = ("first_dice", "second_dice", "win_pct")   # a Bluff-2 grid's cell and value columns
_DEFAULT_LABEL = experiments.BluffRules().label[:-3]   # the default reading's variant label in the rule search
_UNITS = "a win counts +1, a loss −1"   # the scale of a value, a gain or a bracket, said in words (issue 50)
GAIN_COLUMNS = ("per_turn_gain_first", "per_turn_gain_second", "per_turn_mean_gain", "exact_mean_gain")


def _row(text, printed, value, judgement, note="", kind="finding", **kw) -> dict:
    return F.claim(text, SOURCE, printed, value, judgement, kind=kind, note=note, **kw)


# ---- Part 1: Liar's Dice
def ld1_claim(ld1: pd.DataFrame) -> str:   # its range of N is the run's
    return f"Liar's Dice N=1..{int(ld1.faces.max())}: first player stays favoured (LD-1 figure)"


def ld_n6(r) -> list[dict]:
    p6 = V.exact(100 * float(r.ld1.loc[r.ld1.faces == 6, "first_player_win"].iloc[0]))
    return [_row(LD_N6_CLAIM, 100 * _A / _B, p6, V.value(100 * _A / _B, p6, span=100, reference=50),
                 "per-turn LP backward induction; certified exactly 41/60 by exact best responses")]


def ld1_figure(r) -> list[dict]:
    low = r.ld1.loc[r.ld1.first_player_win.idxmin()]
    est = V.exact(100 * float(low.first_player_win))
    return [_row(ld1_claim(r.ld1), "> 50% (figure)", est, V.direction(est, ">", 50.0), family="LD-1 figure",
                 note=f"value is the minimum win % over N, at N={int(low.faces)}")]


def k_optimal(r) -> list[dict]:
    worst = V.exact(float(r.ld_expl.nash_conv.abs().max()))
    return [_row(K_OPTIMAL_CLAIM, "equivalent (NashConv 0)", worst, V.magnitude(worst, 0.0, 1e-9, "NashConv"),
                 "value is the largest NashConv of K in the whole multi-turn game over the N tested")]


def ld2_rows(r) -> list[dict]:
    """The LD-2 table, a check: two optimal strategies earn the game value against each other."""
    exact = r.ld2_exact.set_index(["first", "second"]).exact_first_win
    talk = [(TALK_LD2[(x.first.rstrip("*"), x.second.rstrip("*"))], x) for x in r.ld2_mc.itertuples()]
    return [_row(f"LD-2 first={x.first} second={x.second}: first player's win % in simulation", t, est,
                 V.simulated_value(t, est, decimals=3, truncated=True, paper_n=P.TALK_LD2_GAMES, scale=100,
                                   reference=50), kind="check", family="LD-2 table",
                 note=f"not a finding: any two optimal strategies earn 41/60 against each other (NashConv is the "
                      f"test); exact {100 * float(exact[(x.first, x.second)]):.4f}%; T* substitutes Ferguson's T")
            for t, x in talk for est in [V.proportion(int(x.wins), int(x.games)).scaled(100)]]


# ---- Part 2: Bluff with one die each (the Bluff-1, comparison and Bluff-3 tables, the gap, optimality)
def win_pct_claim(faces: int) -> str:
    return f"Bluff-1 N={faces}: first-player win % (per-turn method)"


def bluff1_claims(bluff1: pd.DataFrame) -> list[dict]:
    """The Bluff-1 table, N by N: utility = 2 x win fraction - 1, so the win % row is the finding, utility a check."""
    out, fam = [], dict(family="Bluff-1 table")
    for r in bluff1.itertuples():
        (util, pct), win = TALK_BLUFF1[r.faces], win_pct_claim(r.faces)
        out += [value_row(f"Bluff-1 N={r.faces}: first-player utility (per-turn method)", SOURCE, util, r.utility, 2,
                          span=2, reference=0, kind="check", **fam,
                          note=f"reading R1; restates the finding '{win}' (utility = 2 x win fraction - 1)"),
                value_row(win, SOURCE, pct, r.win_pct, 2, span=100, reference=50, **fam, note="reading R1")]
    return out


def bluff3_claims(bluff3: pd.DataFrame) -> list[dict]:
    return [value_row(f"Bluff-3 N=6: caller win % after {r.previous_bid}", SOURCE, TALK_BLUFF3[r.s], r.caller_win_pct,
                      0, family="Bluff-3 table", span=100, reference=50, note="per-turn method, reading R1")
            for r in bluff3.itertuples()]


def _alt(reading, values: dict, n: int, why: str, **over):   # values[n]: a win fraction, judged in %
    return (reading, 100 * values[n], over) if n in values else (reading, why)


def _comparison_rows(r, star_pt=None, star_ex=None, r2=None) -> list[dict]:
    """One N of the comparison table: this talk's value (a check), the prior work's and Gambit's, with readings."""
    (talk, prior, gambit), n = P.TALK_BLUFF1_COMPARISON[r.faces], int(r.faces)
    no_star, no_r2 = "the star order was not solved at this N", "R2 was not computed at this N"
    kw = dict(family=COMPARISON_FAMILY, truncated=False, span=100, reference=50)
    claimed, exact = 100 * r.per_turn_claimed_win, 100 * r.exact_win
    star, truncated = _alt(RD.CMP_STAR, star_ex or {}, n, no_star), (RD.TRUNCATED, exact, {"truncated": True})
    rows = [value_row(f"Bluff-1 comparison N={n}: this talk's win % (per-turn)", SOURCE, talk, claimed, 2,
                      kind="check", default=RD.ROUNDED, **kw,
                      alternatives=[(RD.TRUNCATED, claimed, {"truncated": True}), _alt(RD.R2, r2 or {}, n, no_r2),
                                    _alt(RD.CMP_STAR, star_pt or {}, n, no_star)],
                      note=f"restates the finding '{win_pct_claim(n)}'; exact equilibrium {exact:.4f}%; the per-turn "
                           f"profile played in the real round wins {100 * r.per_turn_self_play_win:.4f}% (mean "
                           f"best-response gain {r.per_turn_mean_gain:.4f})"),
            value_row(f"Bluff-1 comparison N={n}: prior work (Lanctot & Long 2007) win %", SOURCE, prior, exact, 2,
                      default=RD.ROUNDED, **kw, alternatives=[truncated, star, (RD.PRIOR_RULES, RD.PRIOR_RULES_WHY)],
                      note=f"our exact equilibrium (mean best-response gain {gain_text(r.exact_mean_gain)})")]
    return rows + ([] if gambit is None else [value_row(
        f"Bluff-1 comparison N={n}: Gambit win %", SOURCE, gambit, exact, 2, **kw, default=RD.GAMBIT_WHOLE,
        alternatives=[(RD.GAMBIT_PER_TURN, claimed, {}), truncated, star,
                      _alt(RD.GAMBIT_PER_TURN_R2, r2 or {}, n, no_r2)],
        note="our exact full-game equilibrium; the readings try what else Gambit was given")])


def _compared(cmp: pd.DataFrame, nontrivial: bool = False) -> pd.DataFrame:
    """The N of the printed comparison table (``nontrivial``: from N = 3 on, as the conclusions read it)."""
    part = cmp[cmp.faces.isin(list(P.TALK_BLUFF1_COMPARISON))]
    return part[part.faces >= 3] if nontrivial else part


def _r2(r) -> dict:
    return {n: v / 100 for n, v in J.column_by(r.sensitivity, "R2_win_pct", "faces").items()}


def _star(r, method: str) -> dict:   # N -> the first player's win fraction under the star order
    return J.column_by(r.star_one_die, "star_win", "faces", method=method)


def comparison_claims(r) -> list[dict]:
    star_pt, star_ex, r2 = _star(r, "per-turn"), _star(r, "exact"), _r2(r)
    return [x for c in _compared(r.exact_vs_per_turn).itertuples() for x in _comparison_rows(c, star_pt, star_ex, r2)]


def prior_work_claims(r) -> list[dict]:
    """The talk's conclusion that the prior work is wrong from N = 3 on, with the readings run on the table."""
    def _talk_vs(values: dict, truncated=False) -> V.Judgement:   # values: N -> win fraction, at 2 decimals
        return V.all_of([V.value(P.TALK_BLUFF1_COMPARISON[n][0], V.exact(100 * v), decimals=2, truncated=truncated)
                         for n, v in values.items()], "the talk's value equals the exact equilibrium value, "
                                                      f"N={min(values)}..{max(values)}")

    part = _compared(r.exact_vs_per_turn, nontrivial=True)
    if not len(part):
        return []

    exact, star = J.column_by(part, "exact_win", "faces"), _star(r, "exact")
    worst, judgement = max(abs(100 * v - P.TALK_BLUFF1_COMPARISON[n][1]) for n, v in exact.items()), _talk_vs(exact)
    entries = [(RD.PRIOR_DEFAULT, None, judgement, "the talk's value against the exact value, each N"),
               (RD.TRUNCATED, None, _talk_vs(exact, truncated=True), "the talk's value truncated"),
               (RD.CMP_STAR, None, _talk_vs({n: star[n] for n in exact}), "exact values under the star order")
               if set(exact) <= set(star) else (RD.CMP_STAR, "the star order was not solved at every N of this row")]
    return [_row(PRIOR_CLAIM, "error found", f"largest gap {sci(worst)} points", judgement,
                 readings=F.rows_of(PRIOR_CLAIM, PRIOR_CLAIM, entries),
                 note="the exact equilibrium agrees with the prior work; the talk's per-turn values are not the real "
                      "game's (information carried across turns)")]


def per_turn_optimal_claims(r) -> list[dict]:
    """The headline: the per-turn profile's smallest exploitability from N = 3 on, under each reading."""
    part = _compared(r.exact_vs_per_turn, nontrivial=True)
    if not len(part):
        return []
    lo, hi, gain = int(part.faces.min()), int(part.faces.max()), float(part.per_turn_mean_gain.min())
    where, first, second = f"smallest over N = {lo}..{hi}", part.per_turn_gain_first, part.per_turn_gain_second

    def judged(reading, x, of=""):
        return reading, V.exact(x), V.magnitude(V.exact(x), 0.0, 1e-9, "mean best-response gain"), where + of

    entries = [judged(RD.OPT_R1, gain)]
    for reading, name in ((RD.OPT_R2, "R2"), (RD.OPT_STAR, "star")):
        p = J.column_by(r.profiles, "mean_gain", "faces", reading=name)
        entries.append(judged(reading, min(v for n, v in p.items() if lo <= n <= hi)) if p else
                       (reading, "the per-turn profile under this reading was not computed in this run"))
    entries += [judged(RD.OPT_NASHCONV, float((first + second).min()), " of the sum of the two seats' gains"),
                judged(RD.OPT_SEAT, float(np.minimum(first, second).min()), " of the smaller seat's gain")]
    at = int(part.loc[part.per_turn_mean_gain.idxmin(), "faces"])
    return [_row(OPTIMAL_CLAIM, "optimal (gain 0)", V.exact(gain), entries[0][2], headline=True, family=OPTIMAL_FAMILY,
                 readings=F.rows_of(OPTIMAL_FAMILY, OPTIMAL_CLAIM, entries),
                 note=f"smallest over N = {lo}..{hi}, at N = {at} ({_UNITS}); exact equilibria have {gain_text(0.0)}")]


_GAP_LABELS = {"per_turn": "per-turn method", "exact": "real game, exact equilibrium"}


def gap_claim(method: str) -> str:   # method: "per_turn" or "exact"
    return f"{GAP_FAMILY} ({_GAP_LABELS[method]})"


def edge_words(n_best: int, faces) -> str:
    """A caveat when the smallest gap lies at the largest N searched (then it is not shown to be a minimum)."""
    return ("; the smallest gap is at the largest N searched, so a larger N could have a smaller one"
            if n_best == int(max(faces)) and len(faces) > 1 else "")


def smallest_gap_claims(r) -> list[dict]:
    """The talk's 「先手と後手の勝率の差が小さくなる」 at N = 4: the argmin over N of |2p - 1|, per-turn and exact, with
    its readings (each over N -> the first player's win fraction)."""
    def run(reading, values, gap=True, of=""):
        n = min(values, key=lambda k: abs(2 * values[k] - 1) if gap else values[k])
        return reading, V.exact(n), V.value(4, V.exact(n)), f"argmin over N = {min(values)}..{max(values)}{of}"

    exact = r.one_die_exact if len(r.one_die_exact) and "exact_win" in r.one_die_exact else r.exact_vs_per_turn
    gaps, rows, r2 = experiments.smallest_gap_table(r.bluff1, exact), [], _r2(r)
    for method, star_method in (("per_turn", "per-turn"), ("exact", "exact")):
        part = gaps.dropna(subset=[f"{method}_gap_pct"])
        if part.empty:
            continue
        n_best, text = int(part.loc[part[f"{method}_gap_pct"].idxmin(), "faces"]), gap_claim(method)
        star = _star(r, star_method)
        around = ", ".join(f"N={int(x.faces)}: {getattr(x, method + '_gap_pct'):.3f}" for x in part.itertuples()
                           if abs(int(x.faces) - n_best) <= 2 or int(x.faces) == 4)
        p = {int(n): v / 100 for n, v in zip(part.faces, part[f"{method}_win_pct"])}
        entries = [run(RD.GAP, p), run(RD.GAP_LOWEST, p, False, " of p"),
                   run(RD.GAP_RANGE, {n: v for n, v in p.items() if 2 <= n <= 6}),
                   run(RD.GAP_STAR, star) if star else (RD.GAP_STAR, "the star order was not solved in this run")]
        if method == "per_turn":
            entries.append(run(RD.R2, r2) if r2 else (RD.R2, "the per-turn values under R2 were not computed"))
        rows.append(_row(text, 4, V.exact(n_best), V.value(4, V.exact(n_best)), family=GAP_FAMILY,
                         readings=F.rows_of(GAP_FAMILY, text, entries),
                         note=f"gap |2p - 1| in points: {around}" + edge_words(n_best, part.faces)))
    return rows


# ---- Bluff-2 (N = 2): the printed cells, the rule search, the talk's two claims, its values
def grid_dict(grid: pd.DataFrame | None) -> dict:   # {(a, b): win %}, unsolved cells left out
    return J.grid_values(grid, *_CELL)


def _grids(grids: pd.DataFrame | None, method: str | None = None) -> dict[str, dict]:
    """variant -> {(a, b): win %} of a frame of grids (optionally of one ``method``)."""
    if grids is None or not len(grids):
        return {}
    grids = grids[grids.method == method] if method is not None and "method" in grids else grids
    return {v: grid_dict(g) for v, g in grids.groupby("variant", sort=False)}


def _best(search: pd.DataFrame) -> pd.Series:
    return search.sort_values(["truncated_matches", "mean_abs_gap_pct"], ascending=[False, True], kind="stable").iloc[0]


def _trends(g) -> tuple:
    """(more dice: its steps, verdict), (the diagonal, its falls, verdict) of a grid."""
    more, diagonal, falls = J.grid_trends(grid_dict(g))
    return (more, V.all_of(more, "each one-die step")), (diagonal, falls, V.all_of(falls, "each step down a = b"))


def bluff2_trend_claims(grid: pd.DataFrame, method: str, degenerate: bool = False, *, selected: bool = False,
                        extension: str = "", others: dict | None = None) -> list[dict]:
    """The talk's two Bluff-2 claims on ``grid``. On a race (``degenerate``) "more dice" cannot fail: a check.
    ``extension`` names another reading than the talk's game (extension rows); ``others`` (name -> grid): readings."""
    (more, j_more), (diagonal, falls, j_diag) = _trends(grid)
    n_cells, race = len(grid_dict(grid)), "degenerate grid (a race: every bid on face 1 is true): "
    family = "Bluff-2 claims, other reading" if extension else TRENDS_FAMILY
    own = Reading(method, f"the claim judged on the {method} grid", "the notebook's rule search", default=True)

    def row(text, judgement, pick, kind, printed, value, why):
        readings, said = None, ""
        if extension:
            said = f"on {extension} the rule would say {judgement.verdict}"
            judgement = V.stated("extension", f"another reading than the talk's game; {judgement.rule}")
        elif kind == "finding":
            readings = F.rows_of(family, text, [(own, None, judgement, "")] + ([
                (Reading(name, f"the claim judged on the grid of {name}", RD.SEARCH), None, pick(_trends(g)), "")
                for name, g in (others or {}).items()] or [(RD.OTHER_VARIANTS, "no other reading's grid was given")]))
        return _row(text, printed, value, judgement, "; ".join(x for x in (said, why) if x), kind, family=family,
                    selected=selected, readings=readings)

    rows = [row(f"{_MORE} ({method})", j_more, lambda t: t[0][1], "check" if degenerate and not extension else
                "finding", "yes", f"{sum(j.verdict == 'reproduced' for j in more)}/{len(more)} steps rise",
                (race + "it cannot fail in a race: not evidence; " if degenerate else "") + f"{n_cells} cells")]
    return rows + ([row(f"{_FEWER} ({method})", j_diag, lambda t: t[1][2], "finding", "75, 72, 69, 68, 66",
                        ", ".join(f"{v:.4f}" for v in diagonal), (race + "its diagonal is set by the race; " if
                                                                 degenerate else "") + f"{n_cells} cells")]
                   if falls else [])


def _cell_rows(r, search_grids: dict) -> list[dict]:
    """One row per printed cell, on the talk's game's per-turn grid when found, else on the default reading."""
    default_pt, default_ex, talk_ex = grid_dict(r.bluff2_per_turn), grid_dict(r.bluff2_exact), grid_dict(r.talk_exact)
    grid, name = (r.talk_per_turn, r.talk.variant) if r.talk_found else (r.bluff2_per_turn, _DEFAULT_LABEL)
    own = (Reading(f"the talk's game {name}", "the variant whose per-turn grid gives the most printed cells",
                   "the notebook's rule search", default=True) if r.talk_found else
           Reading(RD.DEFAULT_RULES[0], RD.DEFAULT_RULES[1] + "; per-turn method", RD.DEFAULT_RULES[2], True))
    rows = []
    for key, v in grid_dict(grid).items():
        exact = f"exact {default_ex[key]:.4f}%" if key in default_ex else "exact: not solved"
        notes = (f"the real game (exact) {talk_ex[key]:.4f}%" if key in talk_ex else "real game: not solved",
                 f"{RD.DEFAULT_RULES[0]}: per-turn {default_pt[key]:.4f}%, {exact}" if key in default_pt else "") \
            if r.talk_found else (f"default rules (loser opens, Borg penalties); {exact}", "a race (values are "
                                  "powers of 1/2)")
        others = [(RD.variant(x, "per-turn method"), g[key], {}) for x, g in search_grids.items()
                  if x != name and key in g] or [(RD.OTHER_VARIANTS, "no other variant's per-turn grid was given")]
        # a cell that reproduces needs no readings: 25 cells x 72 variants would bury the readings table
        rows.append(value_row(f"Bluff-2 N=2 first {key[0]} dice vs second {key[1]}: first-player win %", SOURCE,
                              TALK_BLUFF2[key], v, 0, family=CELLS_FAMILY, span=100, reference=50,
                              selected=r.talk_found, note="; ".join(x for x in notes if x), alternatives=others,
                              default=None if PV.prints_as(v, TALK_BLUFF2[key], 0, True) else own))
    return rows


def _search_rows(r, per_turn) -> list[dict]:
    """The rule search itself: our diagnosis (extension rows), one per search run."""
    exact = r.counting[r.counting.method == "exact"] if r.counting is not None and len(r.counting) else None
    searches = ((" (per-turn): the closest variant to the printed table", per_turn, "variants"),
                (" (per-turn, the talk's counting only: face 2 wild, quantity order): the closest variant",
                 r.bluff2_variants, "variants (penalties x next opener)"),
                (" (exact real game, small cells): the closest variant", exact, "variants solved exactly on few dice"),
                (": every sorted hand weighted equally (an earlier hypothesis)", r.uniform_variants, "variants"))
    # the target on the scale of the value (the share of cells that truncate to the print), issue 50
    return [_row(f"Bluff-2 rule search{text}", f"1 (all {int(b.cells)} cells)",
                 V.exact(float(b.truncated_matches) / b.cells),
                 V.stated("extension", "our search over the rules the talk leaves open, not a claim of the talk"),
                 f"{len(search)} {what}; best {b.variant}: {int(b.truncated_matches)}/{int(b.cells)} cells, mean gap "
                 f"{b.mean_abs_gap_pct:.2f} pp", family="Bluff-2 rule search (our diagnosis)")
            for text, search, what in searches if search is not None and len(search) for b in [_best(search)]]


def talk_values_claim(r, kept: dict, small: dict) -> dict:
    """Are the printed win % the real game's values? Each cell against the talk's game solved exactly, with readings."""
    text, name, talk = VALUES_CLAIM, r.talk.variant, grid_dict(r.talk_exact)

    def run(reading, values, truncated=True, note=""):
        matched, judgement = PV.cells_judgement(TALK_BLUFF2, values, truncated=truncated)
        return reading, float(matched), judgement, f"{matched} of {len(values)} cells{'; ' + note if note else ''}"

    default = [run(Reading(RD.DEFAULT_RULES[0], RD.DEFAULT_RULES[1] + ", solved exactly", RD.DEFAULT_RULES[2]),
                   grid_dict(r.bluff2_exact))] if grid_dict(r.bluff2_exact) else []
    entries = [run(Reading(f"the talk's game {name}", "the only variant whose per-turn grid gives every printed cell, "
                           "solved exactly", "the notebook's rule search", True), talk),
               run(RD.B2_ROUNDED, talk, truncated=False, note="the talk's game")] + [
        run(RD.variant(v, "kept by the rule search, exact on every cell"), g) for v, g in kept.items() if v != name] \
        + default + [run(RD.variant(v, "exact on the cells with few dice only"), g, note="cells with few dice only")
                     for v, g in small.items() if v != name and v not in kept] \
        + [(RD.B2_UNIFORM, RD.UNIFORM_WHY), (RD.R2, RD.R2_EXACT_WHY)]
    gaps = [v - TALK_BLUFF2[k] for k, v in talk.items()]
    return _row(text, "the printed table", f"{int(entries[0][1])}/{len(talk)} cells", entries[0][2], selected=True,
                family=OPTIMAL_FAMILY, readings=F.rows_of(OPTIMAL_FAMILY, text, entries),
                note=f"exact minus printed from {min(gaps):+.2f} to {max(gaps):+.2f} points")


def bluff2_claims(r) -> list[dict]:
    """The Bluff-2 rows, judged on the talk's game when found (the default reading then gives extension rows)."""
    per_turn = r.counting[r.counting.method == "per-turn"] if r.counting is not None and len(r.counting) \
        else r.bluff2_variants
    search_grids, kept = _grids(r.counting_grids, "per-turn"), _grids(r.kept_grids)
    found = r.talk_found and bool(grid_dict(r.talk_exact))
    other = f"the {experiments.DEFAULT_READING}, not the talk's game" if r.talk_found else ""
    exact = {f"variant {v} (exact)": J.grid_frame(g, *_CELL) for v, g in kept.items()}
    rows = _cell_rows(r, search_grids) + _search_rows(r, per_turn)
    if found:
        others = {k: g for k, g in exact.items() if k != f"variant {r.talk.variant} (exact)"}
        if grid_dict(r.bluff2_exact):
            others[f"{experiments.DEFAULT_READING} (exact)"] = r.bluff2_exact
        rows += bluff2_trend_claims(r.talk_exact, "exact, the talk's game", degenerate=r.talk_race, selected=True,
                                    others=others)
    rows += bluff2_trend_claims(r.bluff2_per_turn, "per-turn, default reading", True, extension=other, others={
        f"variant {v} (per-turn)": J.grid_frame(search_grids[v], *_CELL) for v in kept if v in search_grids})
    rows += bluff2_trend_claims(r.bluff2_exact, "exact, default reading", True, extension=other, others=exact)
    if found:   # the default reading is solved on every cell above: not again on few
        rows.append(talk_values_claim(r, kept, {v: g for v, g in _grids(r.counting_grids, "exact").items()
                                                if v != _DEFAULT_LABEL}))
    return rows


def certificate_claims(r) -> list[dict]:
    """Checks of our exact solutions: grids and one die each certified, CFR+ agreeing, the star order (E10)."""
    def check(text, printed, x, note, bound=EXACT_WIDTH, name="bracket", judge=None):
        return _row(text, printed, V.exact(x), (judge or (lambda e: V.magnitude(e, 0.0, bound, name)))(V.exact(x)),
                    note, "check")

    grids = [(r.bluff2_exact, "default reading")] + ([(r.talk_exact.dropna(subset=["win_pct"]),
                                                       f"the talk's game {r.talk.variant}")] if r.talk_found else [])
    rows = [check(f"Bluff-2 exact grid ({label}): every cell solved with a certified bracket <= 1e-9",
                  f"{len(g)}/{len(g)} cells", float(g.width.max()), f"{int(np.isfinite(g.win_pct).sum())} cells "
                  f"solved; widest bracket ({_UNITS})") for g, label in grids if g is not None and "width" in g]
    one, star = r.one_die_exact, r.star_one_die
    if one is not None and len(one):
        rows.append(check(f"Bluff one die each N={int(one.faces.min())}..{int(one.faces.max())}: exact values certified"
                          " (bracket <= 1e-9)", "extension", float(one.width.max()),
                          "double-oracle sequence-form LP; widest bracket"))
        if "cfr_win" in one:
            bound = float(one.cfr_mean_gain.max())
            rows.append(check("Bluff one die each: CFR+ agrees with the exact values within its own exploitability",
                              "agreement", float((one.cfr_win - one.exact_win).abs().max()),
                              f"largest CFR+ mean best-response gain {sci(bound)}", max(bound, 1e-12),
                              "|CFR+ value - exact| (win fraction)"))
    if star is not None and len(star):
        rows.append(check("E10: the published star bid order gives the same one-die game (solved per-turn and "
                          "exactly)", "identical", float((star.star_win - star.quantity_win).abs().max()),
                          f"largest |star - quantity| first-player win over N={int(star.faces.min())}.."
                          f"{int(star.faces.max())}, per-turn and exact", judge=lambda e: V.value(0.0, e)))
    return rows



def verdict_changes(r, claims: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every verdict the talk's game changes (before: default reading, old openers); with ``claims``, LD-2's."""
    pt = r.counting[r.counting.method == "per-turn"]
    said = [(b.truncated_matches == b.cells, f"{'yes' if b.truncated_matches == b.cells else 'no'}: {best}"
             f"{b.variant}, {int(b.truncated_matches)}/{int(b.cells)} cells")
            for b, best in ((_best(pt[pt.next_opener.isin(OLD_OPENERS)]), "best "), (_best(pt), ""))]
    rows = [("Bluff-2: some reading of the rules gives the printed table (rule search)", *said,
             "the search now lets the player who called Bluff, or the same opener, open the next round")]
    old, new = grid_dict(r.bluff2_per_turn), grid_dict(r.talk_per_turn)
    for key in sorted(set(old) & set(new)):
        o, n = (V.value(TALK_BLUFF2[key], V.exact(g[key]), decimals=0, truncated=True).verdict for g in (old, new))
        rows.append((f"Bluff-2 N=2 first {key[0]} dice vs second {key[1]}: first-player win %",
                     (o, f"{o} ({old[key]:.2f}%)"), (n, f"{n} ({new[key]:.2f}%)"),
                     "judged on the talk's game instead of the default reading"))
    for label, grid in (("per-turn", r.bluff2_per_turn), ("exact", r.bluff2_exact)):
        rows += [(f"{o['claim'].split(' (')[0]} (was judged on the {label} default grid)",
                  *(((x["verdict"], x["kind"]), f"{x['verdict']} ({x['kind']})") for x in (o, n)),
                  "judged on the talk's game, solved exactly, which is not a race") for o, n in zip(
            bluff2_trend_claims(grid, f"{label}, default reading", degenerate=True),
            bluff2_trend_claims(r.talk_exact, "exact, the talk's game", degenerate=False))]
    ld2 = pd.DataFrame(columns=["claim", "verdict"]) if claims is None else \
        claims[claims.claim.astype(str).str.startswith("LD-2 ") & (claims.kind == "check")]
    return J.changed(rows + [(x.claim, ("finding", f"{x.verdict} (finding)"), ("check", f"{x.verdict} (check)"),
                              "not a finding: any two optimal strategies earn the game value against each other")
                             for x in ld2.itertuples()])


# ---- Our tables beside the talk's printed values, and the checks printed under them
def ld2_table(ld2_mc: pd.DataFrame, ld2_exact: pd.DataFrame) -> pd.DataFrame:   # does each interval hold 41/60?
    ld2 = ld2_mc.merge(ld2_exact, on=["first", "second"])
    ld2 = PV.beside(ld2, TALK_LD2, [(f.rstrip("*"), s.rstrip("*")) for f, s in zip(ld2["first"], ld2["second"])],
                    ["talk_pct"])
    return ld2.assign(contains_41_60=(ld2.ci_low <= _A / _B) & (_A / _B <= ld2.ci_high))


def bluff1_beside_talk(bluff1: pd.DataFrame) -> pd.DataFrame:
    out = PV.beside(bluff1, TALK_BLUFF1, bluff1.faces, ["talk_utility", "talk_win_pct"])
    return out.assign(matches_talk=[PV.matches_printed(u, tu, 2) and PV.matches_printed(w, tw, 2) for u, tu, w, tw in
                                    zip(out.utility, out.talk_utility, out.win_pct, out.talk_win_pct)])


def bluff3_beside_talk(bluff3: pd.DataFrame) -> pd.DataFrame:
    out = PV.beside(bluff3, TALK_BLUFF3, bluff3.s, ["talk_pct"])
    return out.assign(matches_talk=[PV.matches_printed(v, t, 0) for v, t in zip(out.caller_win_pct, out.talk_pct)])


def comparison_beside_talk(exact_vs_per_turn: pd.DataFrame) -> pd.DataFrame:
    out = roundoff_zero(exact_vs_per_turn, GAIN_COLUMNS)   # round-off gains written as 0: reruns byte-identical
    return PV.beside(out, P.TALK_BLUFF1_COMPARISON, out.faces, ["talk_pct", "prior_work_pct", "gambit_pct"])


def one_die_beside_talk(one_die: pd.DataFrame) -> pd.DataFrame:
    return PV.beside(one_die, TALK_BLUFF1, one_die.faces, [None, "talk_pct"])


def exact_inside_cfr_brackets(one_die: pd.DataFrame) -> bool:
    x = one_die.dropna(subset=["exact_win", "cfr_win"])
    return J.inside_brackets(zip(x.cfr_win, x.cfr_lower, x.cfr_upper, x.exact_win, ["CFR+ bracket"] * len(x)),
                             "every N's CFR+ bracket")


def one_die_note(one_die: pd.DataFrame) -> str:
    solved = one_die.dropna(subset=["exact_win"])
    return (f"certified exact for N = 2..{int(solved.faces.max())}, widest bracket {width_text(solved.width.max())}; "
            + ("every" if exact_inside_cfr_brackets(one_die) else "NOT every") + " exact value inside its CFR+ bracket"
            f" (N = 2 to {int(solved.dropna(subset=['cfr_win']).faces.max())})")


def smallest_gap_note(gaps: pd.DataFrame) -> str:   # per-turn and exact, each over the N it was computed for
    lines = []
    for method, label in (("per_turn", "per-turn method"), ("exact", "exact equilibrium")):
        part = gaps.dropna(subset=[f"{method}_gap_pct"])
        best = part.loc[part[f"{method}_gap_pct"].idxmin()]
        lines.append(f"{label}: smallest gap at N = {int(best.faces)} ({best[f'{method}_gap_pct']:.2f} points) over "
                     f"N = {int(part.faces.min())}..{int(part.faces.max())}" + edge_words(int(best.faces), part.faces))
    return "\n".join(lines)


def fractions_inside_brackets(grid: pd.DataFrame) -> bool:
    """Does each simple fraction of a grid lie in its bracket, and is each win fraction (1 + value) / 2?"""
    js = [j for f, w, v, lo, hi in zip(grid.value_fraction, grid.win_fraction, grid.value, grid.lower, grid.upper)
          if f for j in (V.value(float(Fraction(f)), V.Estimate(v, lo, hi, 1, "round", interval="certified bracket")),
                         V.stated("reproduced" if Fraction(w) == (1 + Fraction(f)) / 2 else "differs",
                                  "exact match: win fraction"))]
    return V.all_of(js, "every cell's fractions").verdict == "reproduced"


def certificate_note(g: pd.DataFrame) -> str:
    return (f"{int((g.status == 'solved').sum())} of {len(g)} cells solved; widest certified bracket "
            f"{width_text(g.width.max())} ({_UNITS}); {int((g.value_fraction != '').sum())} values are simple fractions, "
            f"{'each inside its bracket' if fractions_inside_brackets(g) else 'NOT all inside their brackets'}; "
            f"solver time {g.seconds.sum():.1f} s in all, largest memory of one round {1024 * g.memory_gb.max():.0f} "
            "MB (resident peak above the process's size before it)")



def race_note(bluff2_exact, bluff2_per_turn, talk: pd.Series, talk_per_turn, talk_exact) -> str:
    """How many exact cells are fractions p / 2^k (a race's values), and how far per-turn is from exact."""
    def line(name, exact, per_turn, extra=""):
        gap = (per_turn.set_index(list(_CELL[:2])).win_pct - exact.set_index(list(_CELL[:2])).win_pct).abs().max()
        dyadic = sum(is_dyadic(Fraction(f)) for f in exact.value_fraction if f)
        return (f"{name}: {dyadic} of {len(exact)} exact cells are fractions p / 2^k{extra}; largest |per-turn - "
                f"exact| {gap:.4f} points")
    race = "a race as well" if talk.wild == "top" and talk.bid_order == "quantity" else "not a race"
    return (line("default reading", bluff2_exact, bluff2_per_turn) + "\n"
            + line("the talk's game", talk_exact, talk_per_turn, f" ({race})"))


# ---- What we found (every verdict read from this run's claims table), and the answer's quantities
def _pcts(xs) -> str:
    return ", ".join(f"{x:.2f}" for x in xs)


def what_we_found(r: Results, claims: pd.DataFrame) -> str:
    """The notebook's summary in markdown: every number from ``r``, every verdict from ``claims``, said in words."""
    def said(prefix):
        return verdict_clause(J.verdict_of(claims, prefix))

    last, cmp, gaps, one, sens = r.ld1.iloc[-1], r.exact_vs_per_turn, r.gaps, r.one_die_exact, r.sensitivity
    top, by_n, exact_gaps = cmp.iloc[-1], cmp.set_index("faces"), gaps.dropna(subset=["exact_gap_pct"])
    gambit3, claimed3, exact3 = (by_n[c].get(3, np.nan) for c in ("gambit_pct", "per_turn_claimed_win", "exact_win"))
    gains = cmp.loc[cmp.faces >= 3, ["per_turn_gain_first", "per_turn_gain_second"]].to_numpy()
    argmin = {m: int(gaps.loc[gaps[f"{m}_gap_pct"].idxmin(), "faces"]) for m in ("per_turn", "exact")}
    talk, counting, talk_exact, pt = r.talk, r.counting, r.talk_exact, r.counting.method == "per-turn"
    old = _best(counting[pt & counting.next_opener.isin(OLD_OPENERS)])
    # the talk's walk-through opens round 2 with the player whose bid failed: loser, bidder and alternate name them
    example = ("" if talk.next_opener in ("loser", "bidder", "alternate") else " (the talk's narrated example instead "
               "opens round 2 with the player whose bid failed; the table comes from its program)")
    # the N where the exact value stands beside a printed prior-work value (not a fixed "N = 3..6", issue 50)
    prior = sorted(int(n) for n in one.faces if int(n) >= 3 and n in P.TALK_BLUFF1_COMPARISON)
    prior_ns = (f"At N = {prior[0]}..{prior[-1]}" if len(prior) > 1 else f"At N = {prior[0]}" if prior else
                "Where the prior work prints a value")
    ties = int((pt & (counting.truncated_matches == talk.truncated_matches)).sum())
    tie_words = ("one" if ties <= 1 else f"{ties} tie at the top; the one with the smallest mean |gap| to the print")
    diag = {name: _pcts(g[g.first_dice == g.second_dice].sort_values("first_dice").win_pct)
            for name, g in (("talk", talk_exact), ("default", r.bluff2_exact))}
    return f"""
* **Liar's Dice ({said(LD_N6_CLAIM)}).** The per-turn LP gives P₁(6) = {r.exact6} exactly (certified by exact best
  responses). The first player stays favoured for every N up to {int(r.ld1.faces.max())} ({said(ld1_claim(r.ld1))});
  at N = {int(last.faces)} it wins {100 * last.first_player_win:.2f} %. The LP profile's largest NashConv in the whole
  game is {sci(r.ld_expl.nash_conv.max())}: K is optimal ({said(K_OPTIMAL_CLAIM)}), as every turn is a fresh roll.
 The LD-2 table is a check, not evidence: two optimal strategies earn the game value against each other (exact
  values {_pcts(100 * r.ld2.exact_first_win)} %; T\\* is our substitute for Ferguson's T).
* **Bluff, the talk's per-turn method.** {int(r.bluff1.matches_talk.sum())} of {len(r.bluff1)} Bluff-1 rows and
  {int(r.bluff3.matches_talk.sum())} of {len(r.bluff3)} Bluff-3 rows match the print with accept payoff R1. The gap
  between the two players' win rates, |2p − 1|, is smallest at N = {argmin['per_turn']} per-turn
  ({said(gap_claim("per_turn"))}).
* **Bluff, the real game: the talk's claim that the per-turn method gives optimal strategies
  ({said(OPTIMAL_FAMILY)}).** The exact equilibrium of the one-die round, certified for
  N = {int(one.faces.min())}..{int(one.faces.max())} (widest bracket {width_text(one.width.max())}), gives
  {_pcts(100 * one.exact_win)} %. {prior_ns} these are the prior work's (Lanctot & Long 2007) numbers: the talk's
  claim that the prior work is wrong ({said(PRIOR_CLAIM)}) rests on per-turn values, not the real game's. Played in
  the real round, the per-turn profile wins {100 * top.per_turn_self_play_win:.2f} % at N = {int(top.faces)} (it
  claims {100 * top.per_turn_claimed_win:.2f} %); from N = 3 on a best responder gains {gains.min():.2f} to
  {gains.max():.2f} ({_UNITS}), by seat and N. In the real game the gap is smallest at
  N = {argmin['exact']} of {int(exact_gaps.faces.min())}..{int(exact_gaps.faces.max())}
  ({exact_gaps.exact_gap_pct.min():.2f} points{edge_words(argmin['exact'], exact_gaps.faces)}); for the talk's
  N = 4 read in the real game, {said(gap_claim("exact"))}. The talk's "Gambit" value at N = 3 ({gambit3:.2f} %) is
  its per-turn value ({100 * claimed3:.2f} %), not the full-game value ({100 * exact3:.2f} %): Gambit was probably
  given the per-turn model. The cause (spec §4): a die kept for the whole round carries information into later turns,
  which the per-turn LP ignores. Reading R2 moves the per-turn Bluff-1 numbers by {sens.R2_minus_R1.min():+.1f} to
  {sens.R2_minus_R1.max():+.1f} points and matches neither the talk nor the exact values.
* **Bluff-2: the talk's game {'found' if r.talk_found else 'not found'}.** Over {int(pt.sum())} readings of the open
  rules, {tie_words} (the talk's game) gives {int(talk.truncated_matches)} of {int(talk.cells)} printed cells
  per-turn (gaps {r.talk_cells.gap_pct.min():+.2f} to {r.talk_cells.gap_pct.max():+.2f} points):
  {experiments.rules_in_words(talk)}{example}. The search that stopped at the loser, winner, bidder and alternating
  openers found at best {int(old.truncated_matches)} of {int(old.cells)} cells
  ({experiments.variant_words(old.variant)}). Solved exactly (all {int((talk_exact.status == 'solved').sum())} cells
  certified, widest bracket {width_text(talk_exact.width.max())}), the talk's game judges its Bluff-2 claims: more dice are an
  advantage ({said(_MORE + " (exact, the talk's game)")}); with equal counts, fewer dice favour the first player more
  ({said(_FEWER + " (exact, the talk's game)")}; exact diagonal {diag['talk']} %, printed
  {", ".join(str(TALK_BLUFF2[(d, d)]) for d in range(1, 6))}). The printed values are its exact values
  ({said(VALUES_CLAIM)}): they are the per-turn method's, as in Bluff-1. These verdicts agree by selection. The default
  reading (loser opens, quantity order) is a race with a flat exact diagonal ({diag['default']} %); its rows stay as
  extensions.
"""


def second_result(r: Results) -> tuple[str, str]:
    """The answer's second main result: the LD-1 claim and what its number is."""
    low = r.ld1.loc[r.ld1.first_player_win.idxmin()]
    return ld1_claim(r.ld1), (f"the first player's smallest winning chance over N = {int(r.ld1.faces.min())}.."
                              f"{int(r.ld1.faces.max())} faces, in % (reached at N = {int(low.faces)})")


def headline_quantity(r: Results) -> str:
    """What the headline row's number is, for the opening answer (issue 37), in win-% points too (0.1 is 5)."""
    part = _compared(r.exact_vs_per_turn, nontrivial=True)
    if part.empty:
        return f"the smallest mean best-response gain against the per-turn profile in the real round ({_UNITS})"
    lo, hi = (part.loc[part.per_turn_mean_gain.agg(k)] for k in ("idxmin", "idxmax"))
    return (f"what a best reply gains against the per-turn profile in the real round, averaged over the two seats "
            f"(0 for an optimal profile; 0.1 is 5 win-% points), at the N of {int(part.faces.min())}.."
            f"{int(part.faces.max())} faces, one die each, where it gains least: N = {int(lo.faces)} "
            f"({50 * lo.per_turn_mean_gain:.0f} win-% points; {50 * hi.per_turn_mean_gain:.0f} points at "
            f"N = {int(hi.faces)})")


# ---- The talk's families, one list, in the claims table's order
_EXACT = "exact: every value is solved or certified, nothing is sampled"
_TABLE = dict(builds_readings=True, confirm=_EXACT)   # their judges build readings from the run's variant tables
_LD = dict(can_differ=False, confirm=_EXACT)


def _family(name, where, printed, judge, code, **kw) -> ClaimFamily:   # where: the talk's table, figure or page
    return ClaimFamily(name, f"{SOURCE}: {where}", printed, judge, experiment=("05", code), **kw)


def _one_die(claim=None) -> Way:
    return Way(RD.RULES_ONE_DIE, claim, not_run=RD.ONE_DIE_RULES_WHY)


CLAIM_FAMILIES = (
    _family(LD_N6_CLAIM, "Liar's Dice, LD-1 at N = 6", FERGUSON_P6, ld_n6, "E1", **_LD),
    _family("LD-1 figure", "Liar's Dice, LD-1 figure", FERGUSON_P6, ld1_figure, "E1", **_LD),
    _family(K_OPTIMAL_CLAIM, "Liar's Dice, K against T", "equivalent (NashConv 0)", k_optimal, "E2", **_LD),
    _family("LD-2 table", "Liar's Dice, LD-2 table", TALK_LD2, ld2_rows, "E3", kind="check", sampled=True,
            can_differ=False, confirm="a check (two optimal strategies earn the game value, known exactly): no second "
                                      "stage can move a verdict"),
    _family("Bluff-1 table", "Bluff-1 table", TALK_BLUFF1, lambda r: bluff1_claims(r.bluff1), "E4", **_TABLE),
    _family(GAP_FAMILY, "Bluff one die each, the smallest gap", TALK_BLUFF1, smallest_gap_claims, "E6", **_TABLE,
            readings=(_one_die(gap_claim("per_turn")), Way(RD.R2, gap_claim("exact"), not_run=RD.R2_EXACT_WHY),
                      _one_die(gap_claim("exact")))),
    _family(COMPARISON_FAMILY, "Bluff-1 comparison table", P.TALK_BLUFF1_COMPARISON, comparison_claims, "E6", **_TABLE),
    _family(PRIOR_CLAIM, "Bluff-1 comparison table, the prior work's column", P.TALK_BLUFF1_COMPARISON,
            prior_work_claims, "E6", **_TABLE, readings=(Way(RD.PRIOR_RULES, not_run=RD.PRIOR_RULES_WHY),
                                                         Way(RD.R2, not_run=RD.R2_EXACT_WHY), _one_die())),
    _family(OPTIMAL_FAMILY, "Bluff, the per-turn method's optimality", P.TALK_BLUFF1_COMPARISON,
            per_turn_optimal_claims, "E6", headline=True, **_TABLE,
            readings=(Way(RD.OPT_PLAY, OPTIMAL_CLAIM, not_run=RD.PLAY_WHY), _one_die(OPTIMAL_CLAIM))),
    _family("Bluff-3 table", "Bluff-3 table", TALK_BLUFF3, lambda r: bluff3_claims(r.bluff3), "E5", **_TABLE),
    _family(CELLS_FAMILY, "Bluff-2 table and its claims", TALK_BLUFF2, bluff2_claims, "E8", **_TABLE),
    _family("certificates of our exact solutions", "our checks", None, certificate_claims, "E9", kind="check",
            **_LD),
)
