"""Notebook 02's claims: one :class:`Family` per figure or table, judged by :mod:`liarlab.core.verdicts`; rows are
built in *sections*, so :mod:`.confirm` measures an undecided row again by the same code. Tables 4-4, 6-1, 6-2: 00.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import numpy as np
import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02 import retrained as TR
from liarlab.papers.p02.experiments import BASELINES, EXPS, FIXED, honest_fallback_choice
from liarlab.papers.p02.printed import (
    EXPLORED_SHARE_100K,
    GAME_LENGTH_RANGE,
    SOURCE,
    STATEMENTS,
    TABLE_4_3,
    TOP30_CHALLENGES,
    TOP30_CLASSES,
    TOP30_VALUE_RANGE,
)
from liarlab.papers.p02.results import Results
from liarlab.study.estimates import deciding, minus_fixed, not_word, shift
from liarlab.study.families import ClaimFamily, RowWay, claim
from liarlab.study.picks import each
from liarlab.study.rates import (
    about_0,
    combine,
    diff,
    diff_one,
    est,
    est_one,
    estimate,
    newcombe,
    one_table,
    per_seed,
    printed_count,
    where,
)
from liarlab.study.unit_judges import all_pairs

_all, _lvl = V.all_of, V.simultaneous_level
ST = STATEMENTS      # every claims row's text is taken from here, never retyped
#: what a row's interval speaks for (docs/VERDICTS.md, "One rule for one-table claims"; History 2026-12-07)
ONE_TABLE = "one trained table (prediction interval)"
METHOD = "the method (mean over seeds)"

PENDING_DEFAULT = R.Reading("as judged", "the claims row's own judgement", "this row's rule", default=True)
PENDING = R.Reading("pending", "readings not yet attached", "this row's rule", default=False)


class Row(dict):
    """A claims row keeping what built it (``population``: a share's cases; ``cases``: per-case estimates)."""
    est = judgement = section = population = base_n = None      # V.Estimate, V.Judgement, Section, int, int
    spec: tuple = ()
    pending: bool = False
    cases: tuple = ()


def _claim(text, family, paper, est, judgement, kind="finding", note="", *, population=None, base_n=None,
           readings=None, **kw):
    """A claims row keeping its estimate and judgement; a differing row is ``pending`` until its readings attach."""
    est_ = est if isinstance(est, V.Estimate) else None
    j_ = judgement if isinstance(judgement, V.Judgement) else None
    pending = j_ is not None and j_.verdict == "differs" and kind in ("finding", "arithmetic") and not readings
    if pending:
        readings = [R.run(family, text, PENDING_DEFAULT, est_, judgement),
                    R.not_run(family, text, PENDING, "the readings are attached after the confirmatory stage")]
    row = Row(claim(text, SOURCE, paper, est, judgement, kind=kind, note=note, family=family,
                    readings=list(readings) if readings else None, **kw))
    row.est, row.judgement, row.population, row.base_n, row.pending = est_, j_, population, base_n, pending
    row.spec = (text, family, paper, kind, note, kw)
    return row


def rebuild(row: Row, est: V.Estimate, judgement: V.Judgement, note: str | None = None, readings=None,
            cases: tuple | None = None) -> Row:
    """The same claim with another estimate and judgement (a confirmatory stage), or with its readings attached."""
    text, family, paper, kind, old_note, kw = row.spec
    out = _claim(text, family, paper, est, judgement, kind=kind, note=old_note if note is None else note,
                 population=row.population, base_n=row.base_n, readings=readings, **kw)
    out.section, out.cases = row.section, row.cases if cases is None else cases
    return out


def with_readings(rows: list, readings_rows: list[dict]) -> list:
    """Every finding row rebuilt with its readings rows; raises if a differing row is left without them."""
    out = []
    for r in rows:
        mine = R.of_claim(readings_rows, r["claim"]) if r.get("kind") in ("finding", "arithmetic") else []
        ok = mine and isinstance(r, Row) and r.spec and r.judgement is not None
        out.append(rebuild(r, r.est, r.judgement, readings=mine) if ok else r)
    left = [r["claim"] for r in out if getattr(r, "pending", False)]
    if left:
        raise ValueError(f"differing rows without their readings: {left}")
    return out


def _section(name: str, rows: list) -> list:
    for r in rows:
        r.section = name
    return rows


def _evaluated(curve_rows: pd.DataFrame) -> pd.DataFrame:
    """Curve rows with ``games`` = the evaluation games (a curve's ``games`` column is the training length)."""
    return curve_rows.assign(games=curve_rows["games_eval"])


def _deciding_row(text, family, paper, cases, what, note, words=lambda label: label, **kw):
    """A claim judged over ``cases`` [(label, estimate, judgement, reference)], valued at its deciding case."""
    k = deciding(cases)
    return _claim(text, family, paper, cases[k][1], _all([c[2] for c in cases], what),
                  note=f"value: {words(cases[k][0])}, the case that decides it; {note}", **kw)


# ============================================================================ EXP-only figures (both readings)

def _balanced(p: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """a against b with each in each seat, as one fixed-agent row."""
    ab, ba = where(p, p1=a, p2=b), where(p, p1=b, p2=a)
    w = int(ab.wins.sum() + (ba.games.sum() - ba.wins.sum()))
    return pd.DataFrame([{"seed": FIXED, "wins": w, "games": int(ab.games.sum() + ba.games.sum())}])


def exp_claims(pairs: pd.DataFrame, three: pd.DataFrame, fallback: str, margin: int = 3,
               selected: bool = False) -> list[dict]:
    """Figs 5-2, 5-3, 5-5 (EXP part) and 5-6 under one honestAction reading (and 3-player margin)."""
    return [r for f, t in ((fig_5_2, pairs), (fig_5_3, three), (fig_5_5_exp, pairs), (fig_5_6, three))
            for r in f(t, fallback, margin, selected)]


def _exp_kw(fallback, margin, selected):
    return f"reading {fallback}, margin {margin}", {"selected": selected}


def fig_5_2(pairs, fallback, margin=3, selected=False) -> list[dict]:
    tag, kw = _exp_kw(fallback, margin, selected)
    p, lvl = pairs[pairs.fallback == fallback], _lvl(3)
    short = [shift(estimate(_balanced(p, "EXP0", b), lvl), 0.5, -1) for b in EXPS[1:]]  # EXP0's shortfall < 50%
    edges = [(a, b, shift(estimate(_balanced(p, a, b), lvl), 0.5))
             for a, b in (("EXP1", "EXP2"), ("EXP1", "EXP3"), ("EXP2", "EXP3"))]
    far = max(edges, key=lambda t: abs(t[2].value))
    return _section(S_5_2, [
        _claim(ST["Fig 5-2"][0], "Fig 5-2", "EXP0 clearly below 50% against each",
               *each(short, partial(V.word, "clearly"), "each of EXP1-3 against EXP0", "lowest"),
               note=f"{tag}; value: 50% minus EXP0's win rate, the smallest over EXP1-3, seats balanced (0.01 = 1 point); "
               f"shortfalls {', '.join(f'{e.value:.3f}' for e in short)}", **kw),
        _claim(ST["Fig 5-2"][1], "Fig 5-2", "about 50%", far[2],
               _all([V.word("differ little", e) for _, _, e in edges], "each pair among EXP1-3"),
               note=f"{tag}; value: {far[0]}'s win rate against {far[1]} minus 50%, the pair farthest from 50%, seats "
               "balanced; edges " + ", ".join(f"{a}-{b} {e.value:+.3f}" for a, b, e in edges), **kw)])


def fig_5_3(three, fallback, margin=3, selected=False) -> list[dict]:
    tag, kw = _exp_kw(fallback, margin, selected)
    t = three[(three.fallback == fallback) & (three.margin == margin) & (three.a != three.b)]
    shown, cases = [], []
    for a, b in (("EXP1", "EXP0"), ("EXP0", "EXP1")):
        s = t[(t.a == a) & (t.b == b) & (t.player == a)]
        after, other = s[s.preceded_by == "EXP0"], s[s.preceded_by != "EXP0"]
        shown.append(V.difference_of_proportions(int(after.wins.sum()), int(after.games.sum()),
                                                 int(other.wins.sum()), int(other.games.sum()), _lvl(2)))
        # (2) relative seating: in every rotation each pair of roles keeps the order of the pooled rates
        s = t[(t.a == a) & (t.b == b)].copy()
        s["role"] = np.where(s.player == b, "B", np.where(s.preceded_by == b, "A after B", "A after A"))
        pooled = s.groupby("role").apply(lambda g: g.wins.sum() / g.games.sum(), include_groups=False)
        cases += [(s[s.b_seat == seat_b].set_index("role"), x, y, pooled[x] >= pooled[y]) for seat_b in (1, 2, 3)
                  for x, y in (("B", "A after B"), ("B", "A after A"), ("A after B", "A after A"))]
    es = [newcombe(r, x, y, _lvl(len(cases))) for r, x, y, _ in cases]
    js = [V.direction(e, ">" if up else "<", 0.0) for e, (_, _, _, up) in zip(es, cases)]
    return _section(S_5_3, [
        _claim(ST["Fig 5-3"][0], "Fig 5-3", "higher", *each(shown, lambda e: V.direction(e, ">", 0.0), "both type sets",
                                                             "smallest"),
               note=f"{tag}; value: win rate of the doubled rule's copy seated after EXP0 minus its twin's, the "
               f"smaller line-up, pooled over seat rotations; {', '.join(f'{e.value:+.3f}' for e in shown)}", **kw),
        _claim(ST["Fig 5-3"][1], "Fig 5-3", "same order in every rotation",
               V.share(js, "comparisons"), _all(js, "every rotation and pair of roles"), base_n=es[-1].n,
               note=f"{tag}: each pair of roles (B, A after B, A after A) in each rotation of both sets ordered as "
               "the pooled rates", **kw)])


#: Fig 5-5: (player, claim, paper value, sign: P1's win rate +1 minus 50 %, -1 50 % minus it, 0 as it is; rule)
FIG_5_5 = (
    ("EXP0", ST["Fig 5-5"][0], "slightly > 50%", 1, partial(V.word, "slight")),
    ("EXP1", ST["Fig 5-5"][1], "about 50%", 1, partial(V.word, "no difference")),
    ("EXP2", ST["Fig 5-5"][2], "< 50%", 0, lambda e: V.direction(e, "<", 0.5)),
    ("EXP3", ST["Fig 5-5"][3], "slightly > 50%", 1, partial(V.word, "slight")),
    ("RL0", ST["Fig 5-5"][4], "clearly > 50%", 1, partial(V.word, "clear")),
    ("RL1", ST["Fig 5-5"][5], "slightly < 50%", -1, partial(V.word, "slight")),
    ("RL2", ST["Fig 5-5"][6], "slightly < 50%", -1, partial(V.word, "slight")),
    ("RL3", ST["Fig 5-5"][7], "slightly < 50%", -1, partial(V.word, "slight")),
)
SEAT_READ = {1: "value: P1's win rate minus 50%", 0: "value: P1's win rate",
             -1: "value: 50% minus P1's win rate; two-sided, an edge above 5 points is not slight"}


def _fig_5_5(rates: dict, prefix, flags, one: bool = False) -> list[dict]:
    """The :data:`FIG_5_5` rows of the players in ``rates`` (player -> P1 win rate); ``one``: one-table rows."""
    rows = []
    for name, text, paper, sign, rule in FIG_5_5:
        if name in rates:
            x = shift(rates[name], 0.5, sign) if sign else rates[name]
            j = one_table(rule(x)) if one else rule(x)
            rows.append(_claim(text, "Fig 5-5", paper, x, j, note=prefix(name) + SEAT_READ[sign], **flags(name)))
    return rows


def fig_5_5_exp(pairs, fallback, margin=3, selected=False) -> list[dict]:
    tag, kw = _exp_kw(fallback, margin, selected)
    p = pairs[pairs.fallback == fallback]
    sp = {a: estimate(where(p, p1=a, p2=a)) for a in EXPS if ((p.p1 == a) & (p.p2 == a)).any()}
    return _section(S_5_5_EXP, _fig_5_5(sp, lambda _: f"{tag}; ", lambda _: kw))


#: Fig 5-6: (rule, its best seat, small spread: a second row), claims taken in order
FIG_5_6 = (("EXP0", 2, True), ("EXP1", 1, True), ("EXP2", 3, False), ("EXP3", 1, False))


def fig_5_6(three, fallback, margin=3, selected=False) -> list[dict]:
    (tag, kw), rows = _exp_kw(fallback, margin, selected), []
    same = three[(three.fallback == fallback) & (three.margin == margin) & (three.a == three.b)]
    texts = iter(ST["Fig 5-6"])
    for a, seat, small in FIG_5_6:
        mine = [next(texts) for _ in range(1 + small)]
        if not (same.a == a).any():
            continue
        r = same[same.a == a].set_index("seat")
        lead, ahead, _ = all_pairs(lambda x, o, lvl, r=r: newcombe(r, x, o, lvl), [(seat, o) for o in (1, 2, 3)
                                   if o != seat], f"P{seat} {'above' if small else 'clearly above'} each other seat",
                                   None if small else "clearly")
        note = f"{tag}; value: P{seat}'s smaller lead over another seat (0.01 = 1 point); " + ", ".join(
            f"P{s} {r.loc[s, 'win_rate']:.3f}" for s in (1, 2, 3))
        if small:
            spread = [newcombe(r, x, y, _lvl(3)) for x, y in ((1, 2), (1, 3), (2, 3))]
            rows += [_claim(mine[0], "Fig 5-6", "small spread",
                            *each(spread, partial(V.word, "differ little"), "every pair of seats", "largest"),
                            note=note.replace(f"P{seat}'s smaller lead over another seat",
                                              "the largest seat-to-seat difference"), **kw),
                     _claim(mine[1], "Fig 5-6", f"P{seat} highest", lead, ahead, note=note, **kw)]
        else:
            rows.append(_claim(mine[0], "Fig 5-6", f"P{seat} clearly highest", lead, ahead, note=note, **kw))
    return _section(S_5_6, rows)


#: the saved reading table's headers keep their first names (a result's columns do not move); the page renames them
TABLE_READINGS = {"smallest": "smallest legal bid", "best_face_plus_one": "best face + 1"}


def reading_table(rows_by_reading: dict) -> pd.DataFrame:
    """Every EXP statement's value and verdict under each honestAction reading, side by side."""
    out = None
    for reading, rows in rows_by_reading.items():
        f = pd.DataFrame(rows)[["family", "claim", "reproduced_value", "verdict"]]
        f = f.assign(verdict=f.verdict.replace({"inconclusive": "undecided"}))
        words = TABLE_READINGS.get(reading, reading)
        f.columns = ["family", "claim", f"value ({words})", f"verdict ({words})"]
        out = f if out is None else out.merge(f, on=["family", "claim"], how="outer", sort=False)
    return out


READINGS = ("smallest", "best_face_plus_one")


@dataclass
class Reading:
    """The honestAction reading chosen from the EXP-only games, with its counts, rows and each reading's rows."""
    fallback: str
    counts: dict
    rows: list
    table: pd.DataFrame
    by_reading: dict = None
    margin2: dict = None


def honest_reading(pairs: pd.DataFrame, three: pd.DataFrame) -> Reading:
    """Keep the honestAction reading that reproduces more EXP statements (a tie keeps the text's)."""
    counts = {fb: sum(r["verdict"] == "reproduced" for r in exp_claims(pairs, three, fb)) for fb in READINGS}
    fallback = honest_fallback_choice(counts)
    by_reading = {fb: exp_claims(pairs, three, fb, selected=(fb == fallback)) for fb in READINGS}
    margin2 = {fb: exp_claims(pairs, three, fb, margin=2) for fb in READINGS}
    m2 = reading_table(margin2)
    table = reading_table(by_reading).merge(m2.drop(columns=[c for c in m2 if c.startswith("value")]).rename(
        columns=lambda c: c.replace("verdict (", "verdict at margin 2 (")), on=["family", "claim"], how="left",
        sort=False)
    return Reading(fallback, counts, by_reading[fallback], table, by_reading, margin2)


# ============================================================================ RL figures

SEL = {"selected": True}   # rows whose tables trained against, or whose rules are, EXP1-EXP3 under the chosen reading


#: the families :func:`honest_reading` judges from the EXP-only games (Fig 5-5: its EXP rows)
EXP_FAMILIES = ("Fig 5-2", "Fig 5-3", "Fig 5-5", "Fig 5-6")


def rl_claims(results: Results) -> list[dict]:
    """Every RL statement (and the forced-hand EXP ones): each family's record judging the results, in order."""
    return [x for f in CLAIM_FAMILIES if f.can_differ and (f.id == "Fig 5-5" or f.id not in EXP_FAMILIES)
            for x in (fig_5_5_rl(results.self_play) if f.id == "Fig 5-5" else f.judge(results))]


def pilot_rows(reading: Reading, results: Results) -> list[dict]:
    """The claims rows before the confirmatory stage, in the records' order."""
    return list(reading.rows) + rl_claims(results) + [x for f in CLAIM_FAMILIES if not f.can_differ
                                                      for x in f.judge(results)]


def _one(frame, lvl, op, ref, **cond) -> V.Judgement:
    """A one-table row's direction against ``ref`` (:func:`liarlab.study.rates.est_one`, :func:`one_table`)."""
    return one_table(V.direction(est_one(frame, lvl, **cond), op, ref))


def _sequence_models(seq) -> list:
    return [m for m in dict.fromkeys(seq.model) if m.removeprefix("RL").isdigit() and len(m) > 3]


def fig_5_1(vs_rand) -> list[dict]:
    players = list(dict.fromkeys(vs_rand.player))
    es = {pl: shift(est(vs_rand, _lvl(len(players)), player=pl), 0.5) for pl in players}
    worst = min(es, key=lambda k: es[k].low)
    return _section(S_5_1, [_claim(
        ST["Fig 5-1"][0], "Fig 5-1", "far above 50%", *each(es.values(), partial(V.word, "large"),
                                                            "each of EXP0-3 and RL0-3", "lowest"),
        note=f"'far better' read as 'large'; value: {worst}'s win rate minus 50%, the smallest edge; RL rows: "
        f"{METHOD}; EXP rows over games", **SEL)])


def fig_5_4(rl_exp, epsilon=0.1) -> list[dict]:
    # the report's chart of its four trained models (seed 001 l.423): one table each (History 2026-12-07)
    e = rl_exp[rl_exp.epsilon == epsilon]
    diag = {i: est_one(e, _lvl(4), model=f"RL{i}", opponent=f"EXP{i}") for i in range(4)}
    low = min(diag, key=lambda i: diag[i].low)
    cells = [(i, j) for i in range(4) for j in range(4) if i != j]
    sh = V.share([_one(e, _lvl(len(cells)), "<", 0.5, model=f"RL{i}", opponent=f"EXP{j}") for i, j in cells])
    return _section(S_5_4, [
        _claim(ST["Fig 5-4"][0], "Fig 5-4", "> 50%", *each(diag.values(), lambda x: one_table(V.direction(x, ">", 0.5)),
                                                           "each RLi against EXPi", "lowest"),
               note=f"{ONE_TABLE}; value: RL{low}'s win rate against EXP{low}, the lowest lower bound of the four; "
               f"epsilon {epsilon}, balanced seats; " + ", ".join(f"RL{i} {diag[i].value:.3f}" for i in range(4)),
               headline=True, **SEL),
        _claim(ST["Fig 5-4"][1], "Fig 5-4", "mostly < 50%", sh, V.word("mostly", sh),
               population=len(cells), note=f"{ONE_TABLE} of each model; share of the {len(cells)} off-diagonal cells "
               "whose interval lies below 50%", **SEL)])


def fig_5_5_rl(self_play) -> list[dict]:
    """Fig 5-5's RL statements, one table each (:data:`ONE_TABLE`; the EXP rows are :func:`fig_5_5_exp`'s)."""
    rates = {name: est_one(self_play, player=name) for name in RL if (self_play.player == name).any()}
    return _section(S_5_5_RL, _fig_5_5(rates, lambda name: f"{ONE_TABLE}; two frozen copies of {name}; ",
                                           lambda name: {} if name == "RL0" else SEL, one=True))


def fig_5_7(sequential, epsilon=0.1) -> list[dict]:
    rows, seq = [], sequential[sequential.epsilon == epsilon]
    multi = _sequence_models(seq)
    if len(multi) > 2:      # a confirmatory sample of one or two named models measures only their own rows
        js = [_one(seq, _lvl(len(multi)), ">", 0.5, model=m, opponent=f"EXP{m[-1]}") for m in multi]
        cells = [(m, d) for m in multi for d in sorted(set(m[2:-1]) - {m[-1]})]
        sh = V.share([_one(seq, _lvl(len(cells)), "<", 0.5, model=m, opponent=f"EXP{d}") for m, d in cells])
        rows += [_claim(ST["Fig 5-7"][0], "Fig 5-7", "every model",
                        V.share(js, "models"), _all(js, f"each of the {len(multi)} sequence models"),
                        note=f"{ONE_TABLE} of each model; value: share of models whose win rate against their last EXP "
                        "lies above 50%", **SEL),
                 _claim(ST["Fig 5-7"][1], "Fig 5-7", "mostly", sh,
                        V.word("mostly", sh), population=len(cells), note=f"{ONE_TABLE} of each model; share of the "
                        f"{len(cells)} (model, earlier EXP) cells below 50%; the report names exceptions", **SEL)]
    for m in ("RL03", "RL0123"):
        if (seq.model == m).any():
            x = est_one(seq, model=m, opponent="EXP0")
            rows.append(_claim(ST["Fig 5-7"][2 + (m == "RL0123")], "Fig 5-7", "> 50%", x,
                               one_table(V.direction(x, ">", 0.5)),
                               note=f"{ONE_TABLE}; balanced seats, across training seeds", **SEL))
    if (seq.model == "RL-random").any():
        rr = {o: est_one(seq, _lvl(4), model="RL-random", opponent=o) for o in EXPS}
        low = min(rr, key=lambda o: rr[o].low)
        note = f"{ONE_TABLE}; value: its win rate against {low}, the lowest lower bound of the four; " + ", ".join(
            f"{o} {x.value:.3f}" for o, x in rr.items())
        if (seq.model == "RL-random-game").any():
            note += "; ablation with one EXP rule per game (RL-random-game): " + ", ".join(
                f"{o} {est(seq, model='RL-random-game', opponent=o).value:.3f}" for o in EXPS)
        rows.append(_claim(ST["Fig 5-7"][4], "Fig 5-7", "> 50% against each", *each(rr.values(), lambda x: one_table(
            V.direction(x, ">", 0.5)), "each EXP", "lowest"), note=note, **SEL))
    return _section(S_5_7, rows)


#: Fig 5-8: (claim, paper value, (trained, tested as) cell, minus this cell or None, rule, note)
FIG_5_8 = (
    (ST["Fig 5-8"][0], "about unchanged", ("P1 only", "P1"), ("rotating", "P1"),
     partial(V.word, "no difference"), "value: RL0 trained only as P1 minus RL0 trained in every seat, win rates as "
     "P1 (0.01 = 1 point); seeds paired by index"),
    (ST["Fig 5-8"][1], "sharp drop", ("rotating", "P2"), ("P1 only", "P2"),
     partial(V.word, "large"), "value: RL0 trained in every seat minus RL0 trained only as P1, win rates as P2 (0.01 = 1 point); "
     "'sharply' read as the word 'large'"),
    (ST["Fig 5-8"][2], "about unchanged", ("P2 only", "P2"), ("rotating", "P2"),
     partial(V.word, "no difference"), "value: RL0 trained only as P2 minus RL0 trained in every seat, win rates as P2 (0.01 = 1 point)"),
    (ST["Fig 5-8"][3], "about 0", ("P2 only", "P1"), None, about_0,
     "value: win rate as P1 of RL0 trained only as P2; at epsilon 0.1 its random openings win some games"),
)


def fig_5_8(fixed2, epsilon=0.1) -> list[dict]:
    f2, rows = fixed2[fixed2.epsilon == epsilon], []
    for text, paper, a, b, rule, note in FIG_5_8:
        x = diff(where(f2, trained=a[0], tested_as=a[1]), where(f2, trained=b[0], tested_as=b[1])) if b else \
            est(f2, trained=a[0], tested_as=a[1])
        rows.append(_claim(text, "Fig 5-8", paper, x, rule(x), note=f"{METHOD}; {note}"))
    return _section(S_5_8, rows)


def fig_5_9(fixed3) -> list[dict]:
    def c3(trained, seat, lvl=V.LEVEL):
        return estimate(where(fixed3, trained=trained, tested_as=seat), lvl)

    zs = [c3(t_, "P1", _lvl(2)) for t_ in ("P2 only", "P3 only")]
    drops = [combine([(where(fixed3, trained="rotating", tested_as=s), 1),
                      (where(fixed3, trained="P1 only", tested_as=s), -1)], _lvl(4)) for s in ("P2", "P3")]
    p1 = c3("P1 only", "P1", _lvl(3))
    cs = [shift(c3(t_, s, _lvl(4)), 1 / 3) for t_ in ("P2 only", "P3 only") for s in ("P2", "P3")]
    return _section(S_5_9, [
        _claim(ST["Fig 5-9"][0], "Fig 5-9", "about 0", *each(zs, about_0, "both", "highest"),
               note=f"{METHOD}; value: win rate as P1 of RL0 trained only as P2 or only as P3, the larger"),
        _claim(ST["Fig 5-9"][1], "Fig 5-9", "lower, > 0",
               min(drops, key=lambda z: z.value),
               _all([j for s, drop in zip(("P2", "P3"), drops) for j in (
                   V.word("large", drop), V.direction(c3("P1 only", s, _lvl(4)), ">", 0.0))],
                    "P2 and P3: a large drop, and above 0"),
               note=f"{METHOD}; value: RL0 trained in every seat minus RL0 trained only as P1, win rates as P2 or P3, "
               "the smaller (0.01 = 1 point)"),
        _claim(ST["Fig 5-9"][2], "Fig 5-9", "only P1 > 1/3", p1,
               _all([V.direction(p1, ">", 1 / 3)] + [V.word("not higher", shift(c3("P1 only", s, _lvl(3)), 1 / 3))
                                                     for s in ("P2", "P3")], "above 1/3 at P1, not higher elsewhere"),
               note=f"{METHOD}; value: win rate at P1 of RL0 trained only as P1"),
        _claim(ST["Fig 5-9"][3], "Fig 5-9", "near or above 1/3",
               *each(cs, partial(V.word, "not lower"), "the four cells", "smallest"),
               note=f"{METHOD}; 'some strength' read as 'not lower' than 1/3; value: win rate at P2 or P3 of RL0 "
               "trained only as P2 or only as P3 minus 1/3, the lowest")])


def fig_5_10_11(curves, full=None) -> list[dict]:
    last = _evaluated(curves[curves.games == curves.games.max()])
    ds = [diff(where(last, config=f"n={n}"), where(last, config="n=1"), _lvl(2)) for n in (2, 3)]
    rows = [_claim(ST["Fig 5-10"][0], "Fig 5-10", "no clear effect",
                   *each(ds, partial(V.word, "no difference"), "n=2 and n=3 against n=1", "largest"),
                   note=f"{METHOD}; value: the final win rate of history 2 or 3 minus history 1's, the larger in size; "
                   "seeds paired; " + ", ".join(f"n={n}: {z.value:+.4f}" for n, z in zip((2, 3), ds)))]
    rows[-1].cases = tuple(ds)
    if full is None or not (last.config == "full, n=1").any():
        return _section(S_5_10_11, rows)
    d = diff(where(last, config="n=1"), where(last, config="full, n=1"))
    rows.append(_claim(ST["Fig 5-11"][0], "Fig 5-11", "clearly worse", d, V.word("clearly", d), note=f"{METHOD}; "
                       "value: partial-hand minus full-hand table's win rate against EXP0, both history 1, one stage (0.01 = 1 point)"))
    fend = _evaluated(full[full.games == full.games.max()])
    d = diff(fend, where(last, config="n=1"))
    rows.append(_claim(ST["Fig 5-11"][1], "Fig 5-11", "better", d, V.direction(d, ">", 0.0),
                       note=f"{METHOD}; value: full-hand table's win rate after {int(full.games.max()):,} games minus "
                       f"the partial-hand table's after one stage; the full hand has then explored "
                       f"{float(fend.explored_share.mean()):.1%} of its 476,280 keys"))
    return _section(S_5_10_11, rows)


def fig_5_12(curves) -> list[dict]:
    n1 = curves[curves.config == "n=1"]
    g_last = int(n1.games.max())
    # "the RL0 after 100,000 games explored a third" (seed 001 l.538): the charted table
    x = V.prediction_across_seeds(n1[n1.games == g_last].explored_share.to_numpy())
    rows = [_claim(ST["Fig 5-12"][0], "Fig 5-12", EXPLORED_SHARE_100K, x,
                   one_table(V.about(EXPLORED_SHARE_100K, x, span=1.0)),
                   note=f"{ONE_TABLE}; value: share of the 11,040 partial-hand keys in the table after "
                   f"{g_last:,} games")]
    marks = sorted(n1.games.unique())
    first, mid = marks[0], marks[len(marks) // 2 - 1]
    ent = n1.pivot(index="seed", columns="games", values="entries")
    inc_first = ent[first].to_numpy()
    inc_last = (ent[marks[-1]] - ent[marks[-2]]).to_numpy()
    lvl = _lvl(2)
    shrink = V.paired_difference(inc_last / inc_first, np.ones_like(inc_first), level=lvl, bound=np.inf)
    grow = V.across_seeds((ent[marks[-1]] - ent[first]).to_numpy(), -np.inf, np.inf, lvl)
    cases = [_case("entries added over the stage", grow, ">"), _case(
        f"new entries in the last {marks[-1] - marks[-2]:,}-game block over those of the first, minus 1", shrink, "<")]
    rows.append(_deciding_row(ST["Fig 5-12"][1], "Fig 5-12", "concave growth", cases,
                              "grows, and the last block adds less than the first", f"{METHOD}; block ratio "
                              f"{shrink.value:+.3f}; entries added from {first:,} to {marks[-1]:,} games: "
                              f"{grow.value:,.0f}"))
    wr = n1.pivot(index="seed", columns="games", values="win_rate")
    at_ceiling = bool(((wr >= V.CEILING) | (wr <= 1 - V.CEILING)).any().any())
    early = (wr[mid] - wr[first]).to_numpy()
    late = (wr[marks[-1]] - wr[mid]).to_numpy()
    rise = V.across_seeds(early + late, -1, 1, lvl)
    slow = V.paired_difference(late, early, level=lvl)
    cases = [_case("the total rise in win rate", rise, ">"),
             _case("the late gain in win rate minus the early gain", slow, "<")]
    rows.append(_deciding_row(ST["Fig 5-12"][2], "Fig 5-12", "concave growth", cases,
                              "rises, and rises less late", f"{METHOD}; frozen win rates at checkpoints: gain from "
                              f"{mid:,} to {marks[-1]:,} games minus gain from {first:,} to {mid:,}, "
                              f"{slow.value:+.3f}; total rise {rise.value:+.3f}"
                              + ("; some checkpoint is at a ceiling/floor" if at_ceiling else "")))
    return _section(S_5_12, rows)


def fig_6_1(lengths, less: int = 0) -> list[dict]:
    """Fig 6-1's row; ``less``: actions not counted in a game's length (1: the challenge, a reading)."""
    lg = lengths[lengths.matchup == "RL0 vs EXP0"]
    lo, hi = GAME_LENGTH_RANGE
    per = lg.groupby("seed").apply(lambda g: g[(g.actions - less >= lo) & (g.actions - less <= hi)].games.sum()
                                   / g.games.sum(), include_groups=False)
    # "RL0 against the conservative EXP0" (seed 001 l.694): the charted table's games
    x = V.prediction_across_seeds(per.to_numpy())
    return _section(S_6_1, [_claim(ST["Fig 6-1"][0], "Fig 6-1", "mostly 2-5", x,
                                       one_table(V.word("mostly", x)), note=f"{ONE_TABLE}; value: share of games "
                                       f"with 2-5 actions, the challenge included; longest seen {int(lg.actions.max())}")])


YES_NO = {"reproduced": "yes", "differs": "no"}       # a table's verdict column in words (else "undecided")
TIMING_PAIRS = (("n=3", "n=1", "history 3 against history 1 (partial hand)"),
                ("full, n=1", "n=1", "full hand against partial hand (n=1)"))


def timing_table(timing: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-13's training times, richer state minus simpler, paired by seed: a table, not a claim (shared machine)."""
    t = timing.groupby(["config", "seed"]).seconds_per_10000_games.mean().unstack("config")
    rows = []
    for richer, base, what in TIMING_PAIRS:
        if richer not in t or base not in t:
            continue
        d = V.paired_difference(t[richer].to_numpy(), t[base].to_numpy(), bound=np.inf)
        j = V.direction(d, "<", 0.0)
        rows.append({"comparison": what, "richer_seconds": float(t[richer].mean()), "simpler_seconds":
                     float(t[base].mean()), "difference_seconds": d.value, "ci_low_seconds": d.low,
                     "ci_high_seconds": d.high, "seeds": d.n,
                     "richer state trains faster": YES_NO.get(j.verdict, "undecided")})
    return pd.DataFrame(rows)


def mechanism_check(timing: pd.DataFrame) -> list[dict]:
    """The report's explanation of Fig 5-13 checked in our code's scan counts: a code check, not a finding."""
    sc = timing.groupby(["config", "seed"]).scanned_per_game.mean().unstack("config")
    d = V.paired_difference(sc["n=3"].to_numpy(), sc["n=1"].to_numpy(), bound=np.inf)
    return [_claim("our code: richer states scan fewer actions per game", "Fig 5-13", "fewer actions scanned", d,
                   V.direction(d, "<", 0.0), kind="check",
                   note="actions the greedy choice scans per training game, n=3 minus n=1 (deterministic counts, "
                   "not time): our code scans every legal action, so fewer scans can only come from shorter games or "
                   "more exploration; it explains our timing, not the report's")]


_printed_count = partial(printed_count, span=30)      # a top-30 class count lies in 0..30


def _top_rows(top) -> list[dict]:
    n1top = top[top.config == "n=1"]
    counts = n1top.groupby(["seed", "kind"]).size().unstack(fill_value=0)
    lists = [(f"top-30 entries of RL0 (n=1): {kind}", printed, f"the {kind} count",
              counts.get(kind, pd.Series(0, index=counts.index)).to_numpy()) for kind, printed in TOP30_CLASSES.items()]
    for (hand, n), printed in TOP30_CHALLENGES.items():
        sub = top[top.config == (f"full, n={n}" if hand == "full" else f"n={n}")]
        if len(sub):
            lists.append((f"top-30 entries of RL0 ({'full hand, ' if hand == 'full' else ''}n={n}): challenges",
                          printed, "the challenge count",
                          sub.groupby("seed").kind.apply(lambda s: int((s == "challenge").sum())).to_numpy()))
    rows = []
    for text, printed, what, vals in lists:
        x, j = _printed_count(printed, vals, what)
        rows.append(_claim(text, "Table 5-1", printed, x, j, note="count per trained table"))
    x = V.prediction_across_seeds(n1top.groupby("seed").value.max().to_numpy(), 0, 0.9)
    lo, hi = TOP30_VALUE_RANGE
    rows.append(_claim("the best entries have values near the 0.9 ceiling (printed examples 0.8885-0.8999)",
                       "Table 5-1", f"{lo}-{hi}", x,
                       one_table(V.magnitude(x, lo, hi + 0.00005, "the printed examples' range", span=1.0)),
                       note="value: the largest Q value in one trained table, history 1; the rule caps values at 0.9"))
    return _section(S_T5_1, rows)


def _f(frame, player, s):
    return where(frame, player=player, same=s)


def _case(label: str, z: V.Estimate, op: str, ref: float = 0.0) -> tuple:
    """One case of a claim judged over several (:func:`_deciding_row`): z against ``ref`` in the direction ``op``."""
    return label, z, V.direction(z, op, ref), ref


def fig_5_14_15(forced_exp) -> list[dict]:
    f = partial(_f, forced_exp)
    x, j, _ = all_pairs(lambda a, b, lvl: diff(f("EXP0", a), f("EXP0", b), lvl), [(s + 1, s) for s in range(1, 5)],
                        "each step")
    rows = [_claim(ST["Fig 5-14"][0], "Fig 5-14", "increasing", x, j,
                   note="value: the forced side's win rate at s+1 minus at s, the smallest step")]
    cases = [_case(f"s = {s}", estimate(f("EXP0", s), _lvl(5)), ">" if s >= 3 else "<", 0.5) for s in range(1, 6)]
    rows.append(_deciding_row(ST["Fig 5-14"][1], "Fig 5-14", "threshold at 3", cases, "each s",
                              ", ".join(f"{c[0]}: {c[1].value:.3f}" for c in cases),
                              words=lambda label: f"EXP0's forced-side win rate at {label}"))
    # Fig 5-15: ceiling cells are left out of gain comparisons
    ceil = {(a, s): estimate(f(a, s)).at_ceiling() for a in EXPS for s in range(1, 6)}
    spreads = [(a, max(s for s in range(1, 6) if not ceil[a, s] and not ceil["EXP0", s])) for a in EXPS[1:]]
    left_out = [f"{a} s>{top_s}" for a, top_s in spreads if top_s < 5]
    steps = [(a, s) for a in EXPS[1:] for s in range(1, 5) if not (ceil[a, s] and ceil[a, s + 1])]
    lvl = _lvl(len(spreads) + len(steps))       # one Bonferroni level over every case of the rule
    cases = [_case(f"{a}'s spread from s = 1 to s = {top_s} minus EXP0's", combine(
        [(f(a, top_s), 1), (f(a, 1), -1), (f("EXP0", top_s), -1), (f("EXP0", 1), 1)], lvl), ">")
             for a, top_s in spreads]
    cases += [_case(f"{a}'s forced-side win rate at s = {s + 1} minus at s = {s}", diff(f(a, s + 1), f(a, s), lvl), ">")
              for a, s in steps]
    rows.append(_deciding_row(ST["Fig 5-15"][0], "Fig 5-15", "larger spread", cases,
                              "each of EXP1-3: rising, and a larger spread than EXP0", "spreads of EXP1-3 minus EXP0's: "
                              + ", ".join(f"{c[1].value:+.3f}" for c in cases[:len(spreads)])
                              + (f"; cells at a ceiling left out: {', '.join(left_out)}" if left_out else ""), **SEL))
    gains = {a: [s for s in (4, 5) if not ceil[a, s] and not ceil["EXP3", s]] for a in EXPS[1:]}
    notes = [f"{a}: s={sorted({4, 5} - set(hs))} at a ceiling, left out" for a, hs in gains.items() if len(hs) < 2]
    shown = [combine([(f(a, s), 1) for s in hs] + [(f(a, 3), -len(hs))] + [(f("EXP3", s), -1) for s in hs]
                     + [(f("EXP3", 3), len(hs))], _lvl(2)) for a, hs in ((a, gains[a]) for a in ("EXP1", "EXP2")) if hs]
    js = [V.direction(z, ">", 0.0) for z in shown]
    j = _all(js, "EXP1 and EXP2 against EXP3") if js else V.undecidable(
        V.stated("inconclusive", "gain over s=3, EXP1 and EXP2 against EXP3"), "every cell is at a ceiling")
    rows.append(_claim(ST["Fig 5-15"][1], "Fig 5-15", "smaller gain",
                       min(shown, key=lambda z: z.value) if shown else V.Estimate(*[float("nan")] * 3), j,
                       note="gain over s=3 summed over s=4,5, EXP1 (or EXP2) minus EXP3" +
                       (f"; {'; '.join(notes)}" if notes else ""), **SEL))
    return _section(S_5_14_15, rows)


def fig_5_16(forced_rl) -> list[dict]:
    # the report's named models as its chart draws them (seed 001 l.634-636): one table each
    rows, have, lvl, ss = [], set(forced_rl.player), _lvl(5), range(1, 6)
    if "RL0" in have:
        r0 = [shift(est_one(forced_rl, lvl, player="RL0", same=s), 0.5) for s in ss]
        js = [one_table(V.direction(r0[2], ">", 0.0))] + [one_table(V.word("not higher", r0[i])) for i in (0, 1, 3, 4)]
        rows.append(_claim(ST["Fig 5-16"][0], "Fig 5-16", "only s=3 > 50%", r0[2],
                           _all(js, "above 50% at s=3, not higher elsewhere"),
                           note=f"{ONE_TABLE}; value: RL0's win rate at s = 3 minus 50%; "
                           + ", ".join(f"s={s}: {z.value:+.3f}" for s, z in zip(ss, r0))))
    if "RL1" in have:
        r1 = [est_one(forced_rl, lvl, player="RL1", same=s) for s in ss]
        rows.append(_claim(ST["Fig 5-16"][1], "Fig 5-16", "threshold at 3", r1[2],
                           _all([one_table(V.direction(z, ">" if s >= 3 else "<", 0.5)) for s, z in zip(ss, r1)],
                                "each s"), note=f"{ONE_TABLE}; value: RL1's win rate at s = 3; "
                           + ", ".join(f"s={s}: {z.value:.3f}" for s, z in zip(ss, r1)), **SEL))
    if {"RL2", "RL3"} <= have:
        rows.append(_rl23_row(forced_rl, RL23_RISE_FROM))
    return _section(S_5_16, rows)


#: "the advantage growing with s" read from s = 2 (the rule of the claims row); readings start it at s = 3
RL23_RISE_FROM = 2
RL23_TEXT = ST["Fig 5-16"][2]


def rl23_cases(forced_rl, rise_from: int = RL23_RISE_FROM, others: str = "not lower") -> list:
    """Fig 5-16's RL2/RL3 cases at one Bonferroni level: below 50 % at s = 2, ``others`` elsewhere, rising from
    ``rise_from``."""
    lvl, cases, lower = _lvl(2 * (1 + 4 + (5 - rise_from))), [], others == "not lower"
    for name in ("RL2", "RL3"):
        z = [shift(est_one(forced_rl, lvl, player=name, same=s), 0.5) for s in range(1, 6)]
        cases.append((f"{name}'s win rate at s = 2 minus 50%", z[1], one_table(V.direction(z[1], "<", 0.0)), 0.0))
        cases += [(f"{name}'s win rate at s = {i + 1} minus 50%", z[i], one_table(V.word("not lower", z[i]) if lower
                   else V.direction(z[i], ">", 0.0)), None if lower else 0.0) for i in (0, 2, 3, 4)]
        for s in range(rise_from, 5):
            d = diff_one(_f(forced_rl, name, s + 1), _f(forced_rl, name, s), lvl)
            cases.append((f"{name}'s win rate at s = {s + 1} minus at s = {s}", d, one_table(V.direction(d, ">", 0.0)), 0.0))
    return cases


def _rl23_row(forced_rl, rise_from, others="not lower"):
    cases = rl23_cases(forced_rl, rise_from, others)
    per = len(cases) // 2       # RL2's cases, then RL3's, each starting at s = 2
    edges = ", ".join(f"RL{2 + k} at s = 2: {cases[k * per][1].value:+.3f}" for k in (0, 1))
    return _deciding_row(RL23_TEXT, "Fig 5-16", "only s=2 < 50%", cases, f"below 50% at s=2, not lower elsewhere, "
                         f"rising from s={rise_from} to 5", f"{ONE_TABLE}; edges over 50% at s = 2: {edges}",
                         **SEL)


def fig_5_17(grid) -> list[dict]:
    rows, pairs, have = [], [(a, b) for a in range(1, 6) for b in range(1, 6) if a > b], set(grid.player)

    def g(name, s1, s2):
        return where(grid, player=name, s1=s1, s2=s2)

    def sym(name, ps, c=1):      # c times the mean seat-symmetrised advantage of the higher hand over ``ps``
        return [(g(name, a, b), c / len(ps)) for a, b in ps] + [(g(name, b, a), -c / len(ps)) for a, b in ps]

    for name in [n for n in ("EXP0", "EXP1") if n in have]:
        kw = SEL if name != "EXP0" else {}
        # P1's rate with (s1, s2) minus its rate with (s2, s1) cancels the seat effect
        x, j, zs = all_pairs(lambda a, b, lvl, n=name: diff(g(n, a, b), g(n, b, a), lvl), pairs, "each pair s1 > s2")
        worst = min(zs, key=lambda k: zs[k].value)
        rows.append(_claim(ST["Fig 5-17"][2 * (name == "EXP1")], "Fig 5-17", "all pairs", x, j,
                           note=f"P1's rate with (s1, s2) minus with (s2, s1), which cancels the seat; value: the "
                           f"higher multiplicity's advantage, {worst[0]} against {worst[1]}, the smallest of the "
                           f"{len(pairs)} pairs (0.01 = 1 point)", **kw))
        ceil = {(a, b): estimate(g(name, a, b)).at_ceiling() for a in range(1, 6) for b in range(1, 6)}
        keep = {k: (not ceil[k] and not ceil[k[1], k[0]]) for k in pairs}
        at = [[(a, b) for a, b in pairs if a - b == gap and keep[a, b]] for gap in (1, 2, 3, 4)]
        shown = [combine(sym(name, hi_) + sym(name, lo_, -1), _lvl(3)) for lo_, hi_ in zip(at, at[1:]) if lo_ and hi_]
        js = [V.direction(z, ">", 0.0) for z in shown]
        dropped = [f"{a}v{b}" for a, b in pairs if not keep[a, b]]
        if shown:
            j = _all(js, "each gap g against g+1")
        else:
            shown = [combine(sym(name, pairs))]
            j = V.undecidable(V.stated("inconclusive", "each gap g against g+1, cells at a ceiling/floor left out"),
                              "every gap comparison involves a cell at a ceiling or floor (a certain outcome), which "
                              "more games cannot move")
        what = ("value: how much the win-rate edge of the side holding more of a kind grows from one gap to the next, "
                "the smallest step (0.01 = 1 point)" if js else f"value: the win-rate edge of the side holding more of a kind, "
                f"averaged over the {len(pairs)} pairings (0.01 = 1 point); no gap-to-gap step is judged, since each involves a pairing "
                "one side always wins")
        rows.append(_claim(ST["Fig 5-17"][1 + 2 * (name == "EXP1")], "Fig 5-17", "increasing",
                           min(shown, key=lambda z: z.value), j,
                           note=what + (f"; pairs with a cell at a ceiling/floor left out: {', '.join(dropped)}"
                                        if dropped else ""), **kw))
    if {"EXP0", "EXP1"} <= have:
        z = combine(sym("EXP1", pairs) + sym("EXP0", pairs, -1))
        rows.append(_claim(ST["Fig 5-17"][4], "Fig 5-17", "larger", z, V.direction(z, ">", 0.0),
                           note="mean seat-symmetrised advantage of the higher multiplicity over the 10 pairs, EXP1 "
                           "minus EXP0", **SEL))
    return _section(S_5_17, rows)


def fig_5_18(grid) -> list[dict]:
    # the report's named models as its chart draws them (seed 001 l.661-662): one table each
    rows, cells = [], [(a, b) for a in range(1, 6) for b in range(1, 6)]
    if (grid.player == "RL0").any():
        cases = [(s2, s1) for s2 in range(1, 6) for s1 in range(1, 6) if s1 != 3]
        js = [one_table(V.direction(diff_one(where(grid, player="RL0", s1=3, s2=s2),
                                             where(grid, player="RL0", s1=s1, s2=s2), _lvl(len(cases))), ">", 0.0))
              for s2, s1 in cases]
        sh = V.share([_one(grid, _lvl(25), ">", 0.5, player="RL0", s1=a, s2=b) for a, b in cells])
        rows += [_claim(ST["Fig 5-18"][0], "Fig 5-18", "peak at 3",
                        V.share(js, "comparisons"), _all(js, "s1=3 above every other s1, in each column s2"),
                        note=f"{ONE_TABLE}; value: the comparisons in which s1 = 3 is ahead"),
                 _claim(ST["Fig 5-18"][1], "Fig 5-18", "mostly > 50%", sh, V.word("usually", sh),
                        population=25, note=f"{ONE_TABLE}; share of the 25 cells whose interval lies above 50%")]
    if (grid.player == "RL1").any():
        js = [_one(grid, _lvl(25), ">" if a >= 3 else "<", 0.5, player="RL1", s1=a, s2=b) for a, b in cells]
        rows.append(_claim(ST["Fig 5-18"][2], "Fig 5-18", "25 of 25",
                           V.share(js), _all(js, "each of the 25 cells"),
                           note=f"{ONE_TABLE}; value: share of cells that follow it", **SEL))
    return _section(S_5_18, rows)


def table_4_3_claim(slice_frame: pd.DataFrame) -> dict:
    seen = slice_frame[slice_frame.games == slice_frame.games.min()]
    legal = seen.value.notna().sum()
    return _claim("Table 4-3: example Q values after 1,000 games (hold four 5s, bid c fives)", "Table 4-3",
                  "illustrative ('might look like')", V.exact(float(seen.seen.sum())),
                  V.stated("not-reproducible", "stated: the report labels the values illustrative"),
                  note=f"our RL0 after 1,000 games has learned {int(seen.seen.sum())} of these {int(legal)} legal keys")


def extension_claims(curves: pd.DataFrame, exploit: pd.DataFrame) -> list[dict]:
    rows = []
    g_last = int(curves.games.max())
    last = _evaluated(curves[curves.games == g_last])
    ours = estimate(where(last, config="n=1"))
    for label in ("Q-learning", "SARSA"):
        if (last.config == label).any():
            x = estimate(where(last, config=label))
            rows.append(_claim(f"textbook {label} on the same keys, against EXP0, after {g_last:,} games",
                               "Extension: update rules", None, x,
                               V.stated("extension", "extension: our measurement, no paper value"),
                               note=f"the report's rule reaches {ours.value:.3f} at the same point"))
    for label in dict.fromkeys(exploit.model):
        sub = where(exploit, model=label)
        x = estimate(sub)
        rows.append(_claim(f"best-response lower bound against {label}: the one-exchange-lookahead responder's win "
                           "rate", "Extension: best-response lower bound", None, x,
                           V.stated("extension", "extension: our measurement, no paper value"),
                           note=f"{int(sub.games.iloc[0]):,} games a table, seats alternating; a full best response "
                           f"wins at least this, the table 1 - this; key space {int(sub.space.iloc[0]):,}"))
    return rows


# ============================================================================ trivial baselines

def _learned(vs_rand, rl_exp, sequential, fixed3, epsilon=0.1):
    """(group, learned agent, opponent, players, rows) of every learned table measured against a fixed opponent."""
    e = rl_exp[rl_exp.epsilon == epsilon]
    s = None if sequential is None else sequential[sequential.epsilon == epsilon]
    cases = ([("RL0-RL3 against the rule each trained on", f"RL{i}", f"EXP{i}", 2,
               e[(e.model == f"RL{i}") & (e.opponent == f"EXP{i}")]) for i in range(4)]
             + [("RL0-RL3 against RAND", f"RL{i}", "RAND", 2, vs_rand[vs_rand.player == f"RL{i}"]) for i in range(4)]
             + ([] if s is None else [("RL-random against each rule", "RL-random", o, 2,
                                      s[(s.model == "RL-random") & (s.opponent == o)]) for o in EXPS])
             + ([] if fixed3 is None else [("RL0 with three players against two EXP0", "RL0 (three players)", "EXP0",
                                            3, fixed3[fixed3.trained == "rotating"])]))
    return [(g, agent, opp, k, per_seed(sub)) for g, agent, opp, k, sub in cases if len(sub)]


def baseline_table(baselines: pd.DataFrame, vs_rand, rl_exp, sequential=None, fixed3=None,
                   epsilon: float = 0.1) -> pd.DataFrame:
    """Every learned table beside the three trivial baselines against the same opponent, and whether it beats each."""
    lvl = _lvl(len(BASELINES))
    rows = []
    for group, agent, opp, k, rates in _learned(vs_rand, rl_exp, sequential, fixed3, epsilon):
        learned = V.across_seeds(rates.to_numpy())
        row = {"group": group, "learned agent": agent, "opponent": opp, "players": k, "learned win rate":
               learned.value, "ci_low": learned.low, "ci_high": learned.high, "seeds": learned.n}
        margins = {}
        for b, label in BASELINES.items():
            base = where(baselines, baseline=b, opponent=opp, players=k)
            w, n = int(base.wins.sum()), int(base.games.sum())
            row[label], margins[label] = w / n, minus_fixed(rates.to_numpy(), w, n, lvl)
        best = max(margins, key=row.get)        # the baseline with the highest win rate
        d = margins[best]
        j = V.all_of([V.direction(m, ">", 0.0) for m in margins.values()], "learning above each baseline")
        row.update({"best baseline": best, "learned minus best": d.value, "margin ci_low": d.low,
                    "margin ci_high": d.high, "interval": d.interval_label,
                    "learning beats every baseline": YES_NO.get(j.verdict, "undecided")})
        rows.append(row)
    return pd.DataFrame(rows)


def baseline_claims(table: pd.DataFrame) -> list[dict]:
    """One extension row per group of learned tables: does learning beat the trivial baselines?"""
    rows = []
    for group, g in table.groupby("group", sort=False):
        worst = g.loc[g["margin ci_low"].idxmin()]
        x = V.Estimate(float(worst["learned minus best"]), float(worst["margin ci_low"]),
                       float(worst["margin ci_high"]), int(worst["seeds"]), "seeds",
                       level=V.simultaneous_level(len(BASELINES)))
        yes = int((g["learning beats every baseline"] == "yes").sum())
        no = ", ".join(f"{r['learned agent']} vs {r['opponent']} (best baseline {r['best baseline']} "
                       f"{r[r['best baseline']]:.3f}, learned {r['learned win rate']:.3f})"
                       for _, r in g.iterrows() if r["learning beats every baseline"] != "yes")
        rows.append(_claim(f"learning beats the trivial baselines: {group}", "Extension: trivial baselines", None, x,
                           V.stated("extension", "extension: learned win rate minus the best trivial baseline's "
                                    "against the same opponent; beats it when the interval lies above 0"),
                           note=f"learning beats every baseline in {yes} of {len(g)} cases"
                           + (f"; not shown to beat them: {no}" if no else "")
                           + f"; value: {worst['learned agent']}'s win rate against {worst['opponent']} minus "
                           f"{worst['best baseline']}'s, the smallest margin"))
    return rows


# ============================================================================ readings of each family


def _honest(fallback: str, margin: int | None = 3, default: bool = False) -> R.Reading:
    what = {"smallest": "the smallest honest bid, else the smallest legal bid",
            "best_face_plus_one": "the smallest honest bid, else [mf, m+1] when legal"}[fallback]
    name = f"honestAction {fallback}" + (f", margin {margin}" if margin else "")
    return R.Reading(name, f"EXP1-EXP3's unshown honestAction is {what}"
                     + (f"; three players challenge with a margin of {margin}" if margin else ""),
                     "spec 7.3 (honestAction not shown)" + ("; 7.2 (margin 3 from the text, 2 from the code)"
                                                            if margin else ""), default)


AS_JUDGED = R.Reading("as judged", "the report's rule and sizes as the spec's canonical choices (section 7) set them",
                      "the spec's canonical choices", default=True)
TABLES_OTHER = R.Reading("tables under the other honestAction", "the tables trained against EXP1-EXP3 retrained, and "
                         "the rules evaluated, under the other honestAction reading", "spec 7.3")
TABLES_OTHER_WHY = R.Unbuilt("needs this family's tables against EXP1-EXP3 retrained under the other reading (about "
                             "0.1 s a table at full size; built so far for Fig 5-5's RL rows and Fig 5-7's RL03, "
                             "RL0123 and RL-random rows)")
UNIFORM_FORCED = R.Reading("forced hand uniform over its class", "a forced side draws uniformly among all hands "
                           "whose largest multiplicity is s (s = 3 may be a full house)", "spec 7.13")
UNIFORM_WHY = R.Unbuilt("the engine deals only the report's pattern (s of one face, the rest all different); a "
                        "uniform dealer in the compiled games, then a CPU minute of replays at full size")
GREEDY = R.Reading("greedy evaluation", "frozen tables evaluated without exploration (epsilon 0)", "spec 7.6")
HALVES = R.Reading("seat halves in training", "training seats in two equal halves instead of rotating every game",
                   "spec 7.5")
HALVES_WHY = R.Unbuilt("built for two-player tables only; Fig 5-9's three-player tables need a three-player variant "
                       "of retrained.train_variant and four tables a seed retrained (a few CPU seconds at full size)")
# spec 7.1: the report does not show its three-player code ("大同小異"): Figs 5-3, 5-6 and 5-9 read each point
THREE_TURNS = R.Reading("turns other than P1, P2, P3 with P1 opening", "the three players take turns in another "
                        "order or another player opens", "spec 7.1 (cyclic turns with P1 opening assumed)")
THREE_SETTLE = R.Reading("a challenge settled between other players", "a challenge is decided between other players "
                         "than the challenger and the bidder just before", "spec 7.1 (challenger against the "
                         "preceding bidder assumed)")
THREE_NOT_LOST = R.Reading("games not lost count as won", "one loser a game, and both other players count it as "
                           "won", "spec 7.1 (reward 1 for the winner, 0 for both others assumed); the report names "
                           "only a loser (落敗)")
THREE_HANDS = R.Reading("another three-player hand generator", "the third player's hand is dealt otherwise than by "
                        "the report's generator with same_p3", "spec 7.1 (same_p3 assumed)")
#: the readings the report fixes, each with why (not run)
THREE_FIXED = (
    (THREE_TURNS, "the report numbers the players by their turn (順位) and has the first open (第一位輪到的玩家 A 必須"
     "執行「叫牌」), so another order only renames the seats"),
    (THREE_SETTLE, "only the standing bid, always the preceding player's, can be challenged, and the report settles "
     "it between the two (若不符合玩家 A 所猜測，則玩家 A 落敗): no second reading exists"),
    (THREE_NOT_LOST, "the report's three-player baseline is 33.33 % (三人賽局為 33.33%), one winner a game, not the "
     "two thirds that counting games not lost would give"),
    (THREE_HANDS, "every player gets five independent uniform dice (same_p = 0) and the report names no other "
     "three-player deal: no second reading exists"))
THREE_UPDATE = R.Reading("no update for the third player", "a table that neither made nor challenged the last bid "
                         "gets no reward update", "spec 7.1 (reward 0 for both losers assumed: the third player's "
                         "entries are pulled toward 0)")
THREE_UPDATE_WHY = R.Unbuilt("the compiled engine gives the learner the penalty whenever it does not win; another "
                             "update needs an engine switch and the three-player tables retrained")
EXP0_WINDOW = R.Reading(f"EXP0 window of {TR.THREE_WINDOW} actions (six scaled with the ladder)",
                        f"with three players EXP0 draws from the {TR.THREE_WINDOW} smallest legal actions, the "
                        "two-player six of 60 bids scaled to 90", "spec 7.1 (the 6-action window assumed); the "
                        "report: 從此狀況下個數較小的幾種喊牌裡隨機選擇一種 (one of a few bids of the smallest counts)")
EXP0_WINDOW_WHY = R.Unbuilt("the three-player games under this window were not played in this call")
EXP0_WINDOW_TABLES = R.Unbuilt("Fig 5-9's tables were trained against the six-action window; the wider one would "
                               "retrain the three-player tables")
FAR_LARGE = R.Reading("'far better' as large", "'far better' read as the word 'large' (an edge of 10 points or more)",
                      "the study's word table", True)
FAR_BETTER = R.Reading("'far better' as better", "'far better' read as any edge over 50 %",
                       "the report's wording, 遠優於 (far better) without a size")
#: why a retrained-table reading was not run: the call gave no setup (tests, or a notebook that passes none)
NO_SETUP = R.Unbuilt("this call was given no setup to retrain the tables with (p02.readings.inputs gives one)")
SIMILAR = R.Reading("EXP1-EXP3 alike", "an earlier EXP counts only when of the other kind than the last (EXP0 "
                    "against EXP1-EXP3)", "the report: 因 EXP1~EXP3 性質接近，故勝率會呈現相近的結果 (EXP1-EXP3 are "
                    "alike, so their win rates are alike)")
PER_GAME = R.Reading("RL-random per game", "RL-random draws one EXP rule per game instead of per decision",
                     "spec 7.8; the report: 以相等機率隨機選取 EXP (an EXP chosen at random with equal probability)")
SHUFFLED = R.Reading("ties shuffled", "ties between equal values broken at random (the code's do_shuffle) instead "
                     "of taking the last action", "the report's code (do_shuffle)")
NOT_LARGE = R.Reading("'差距不大' as not a large difference", "差距不大 (the gap is not large) read as not 'large': "
                      "within ±10 points, not the ±2 of 'barely changes'", "the report's wording for Fig 5-8 "
                      "(固定後手訓練的 RL0 作為後手的勝率差距不大); the protocol's word 'large'")
TRAINING_RATE = R.Reading("training-block win rate", "the win rate of the training games in the stage's last tenth "
                          "(the table still learning), not of frozen evaluation games", "spec 7.7")
NOT_CLEAR = R.Reading("'不明顯' as not a clear difference", "影響不明顯 (the effect is not clear) read as not 'clear': "
                      "within ±5 points, not the ±2 of 'no difference'", "the report's wording for Fig 5-10 "
                      "(增加歷史對於 RL0 訓練的勝率影響不明顯); the protocol's word 'clear'")
LIKELY_TRUE = R.Reading("honest as likely true", "a bid is honest when more likely true than not given the hand (at "
                        "most one above the dice held: one more among five unseen has probability 0.60)",
                        "spec 7.14 ('slight lie' undefined)")
ANY_OPENING = R.Reading("every opening bid", "the opening class holds every opening bid, honest or not",
                        "spec 7.14; the report's class 開局喊牌")
TIES = R.Reading("ties at rank 30", "entries tied with the 30th value counted another way than by key order",
                 "spec 7.14 (ties at the 30th value unresolved)")
TIES_WHY = "the stored top-30 lists keep exactly 30 entries a table, so another tie-break cannot be recounted from them"
RISE_FROM_3 = R.Reading("rising among the advantaged hands", "'the advantage growing with s' read over s = 3 to 5, "
                        "not from s = 2", "the report: 其他皆為優勢手牌，且相同個數越高優勢越大 (the others are all "
                        "advantaged, and the larger the count the larger the advantage)")
OTHERS_ABOVE = R.Reading("others advantaged", "every s other than 2 above 50 % (not merely not below it)",
                         "the report: 其他皆為優勢手牌 (the others are all advantaged hands)")
BOTH = R.Reading("others advantaged, rising from s = 3", "both readings above together",
                 "the report's sentence on RL2 and RL3 (Fig 5-16)")
NO_CHALLENGE = R.Reading("actions without the challenge", "a game's length counts bids only, not the final challenge",
                         "spec 7.17; the report's len(record)/2 counts the challenge")

#: the three-player families
THREE_FAMILIES = ("Fig 5-3", "Fig 5-6", "Fig 5-9")


def three_player_rows(fam: str, claim: str, window_games: pd.DataFrame | None = None,
                      fallback: str = "smallest") -> list[dict]:
    """Spec 7.1's three-player readings of one claim: fixed by the report, EXP0's window, the third player's update."""
    if fam not in THREE_FAMILIES:
        return []
    out = [R.not_run(fam, claim, reading, why) for reading, why in THREE_FIXED]
    if fam == "Fig 5-9":
        out += [R.skipped(fam, claim, THREE_UPDATE, THREE_UPDATE_WHY),
                R.skipped(fam, claim, EXP0_WINDOW, EXP0_WINDOW_TABLES)]
    elif fam == "Fig 5-3" or claim.startswith("EXP0"):
        built = [] if window_games is None else (fig_5_3 if fam == "Fig 5-3" else fig_5_6)(window_games, fallback)
        out += _run_from(fam, claim, EXP0_WINDOW, built, "games of the pilot size, on the same streams as the "
                         "six-action games") or [R.skipped(fam, claim, EXP0_WINDOW, EXP0_WINDOW_WHY)]
    return out


#: the confirmatory tables' training seeds start here (the pilot's are 0..n-1)
CONFIRM_SEED0 = 1_000


def seeds_of(row, setup: ex.Setup) -> tuple:
    """The training seeds a claims row's estimate rests on: the pilot's, or the confirmatory sample's."""
    n = int(row.est.n)
    pilot = row.get("pilot_verdict")
    if isinstance(pilot, str) and pilot:
        return tuple(range(CONFIRM_SEED0, CONFIRM_SEED0 + n))
    return tuple(np.asarray(setup.seeds)[:n]) if n <= len(setup.seeds) else tuple(range(n))


@dataclass
class Inputs:
    """What the readings are computed from (None: not played, or no table retrained)."""
    reading: Reading
    results: Results
    other: dict | None = None
    greedy_seq: pd.DataFrame | None = None
    window_three: pd.DataFrame | None = None
    setup: ex.Setup | None = None


def _run_from(family, claim, reading, built: list, note: str = "", adjust=lambda j: j) -> list[dict]:
    """[``claim``'s row among rows ``built`` under a reading, run, its judgement through ``adjust``], or []."""
    r = next((x for x in reversed(built) if x["claim"] == claim), None)
    if r is None or r.judgement is None or r.judgement.verdict not in R.RUN:
        return []
    return [R.run(family, claim, reading, r.est, adjust(r.judgement), note)]


def _retrained(row, inp, what: str, names: tuple, judge, readings, note: str,
               missing: str = "the reading's games give no row for this claim", adjust=lambda j: j) -> list[dict]:
    """``row``'s tables ``names`` retrained under each (reading, variant) on its seeds and judged by ``judge``."""
    fam, claim = row["family"], row["claim"]
    if inp.setup is None:
        return [R.not_built(fam, claim, reading, NO_SETUP) for reading, _ in readings]
    seeds = seeds_of(row, inp.setup)
    return [x for reading, variant in readings
            for x in _run_from(fam, claim, reading, judge(TR.cached_frames(inp.setup, what, names, seeds, variant)),
                               note.format(n=len(seeds)), adjust) or [R.not_built(fam, claim, reading, missing)]]


def _exp(fam, claim, row, inp: Inputs) -> list[dict]:
    """The EXP rows under both honestAction readings (three-player rows also at margin 2 and spec 7.1's points)."""
    chosen = inp.reading.fallback
    three = fam in ("Fig 5-3", "Fig 5-6")
    out = [_own(row, _honest(chosen, 3 if three else None, True))]
    readings = [(fb, 3) for fb in READINGS if fb != chosen]
    if three:
        readings += [(fb, 2) for fb in READINGS]
    for fb, margin in readings:
        built = inp.reading.by_reading[fb] if margin == 3 else inp.reading.margin2[fb]
        out += _run_from(fam, claim, _honest(fb, margin if three else None), built,
                         "games of the pilot size (the claims row may rest on a confirmatory sample)")
    return out + three_player_rows(fam, claim, inp.window_three, chosen)


def _own(row, reading=None) -> dict:
    """The claims row's own judgement as its default reading."""
    return R.run(row["family"], row["claim"], reading or AS_JUDGED, row.est, row.judgement)


def _ways(*specs) -> tuple:
    """RowWays from runners ``fn(fam, claim, row, inp)`` or (reading, why-not-run) pairs, each with an optional
    ``when`` (a text the claim holds, or a test of the row)."""
    out = []
    for s in specs:
        s = s if isinstance(s, tuple) else (s,)
        skip = isinstance(s[0], R.Reading)
        when = s[2 if skip else 1] if len(s) > 1 + skip else None
        when = (lambda row, t=when: t in row["claim"]) if isinstance(when, str) else when
        out.append(RowWay(s[0], s[1], None, when) if skip else
                   RowWay(None, "", lambda row, inp, f=s[0]: f(row["family"], row["claim"], row, inp), when))
    return tuple(out)


def OWN(fam, claim, row, inp):
    return [_own(row)]


def _rerun(reading: R.Reading, judge):
    """A runner: the claim's row among ``judge(inp)``, the family's rows judged on the reading's own frames."""
    return lambda fam, claim, row, inp: _run_from(fam, claim, reading, judge(inp))


def _better_5_1(fam, claim, row, inp):
    vs = inp.results.vs_rand
    players = list(dict.fromkeys(vs.player))
    es = [est(vs, _lvl(len(players)), player=p) for p in players]
    return [R.run(fam, claim, FAR_BETTER, *each(es, lambda e: V.direction(e, ">", 0.5),
                                                 "each of EXP0-3 and RL0-3 above 50%", "lowest"))]


def _fig_5_5_rl(fam, claim, row, inp):
    """Fig 5-5's RL self-play rows: greedy copies and the retrained-table readings (issue 49), on the row's tables."""
    return [_own(row)] + _retrained(
        row, inp, "self_play", (claim.split(":")[0],), fig_5_5_rl,
        ((GREEDY, TR.GREEDY), (TABLES_OTHER, TR.OTHER), (SHUFFLED, TR.SHUFFLED), (HALVES, TR.HALVES)),
        "{n} tables, the training seeds of the claims row", "the reading's self-play rows give no row for this claim")


#: Fig 5-7's claims whose tables the retrained-table readings rebuild (the sentence of seed 001 l.470)
RETRAINED_5_7 = ("RL03", "RL0123", "RL-random")


def _fig_5_7_retrained(fam, claim, row, inp) -> list[dict]:
    """The retrained-table readings of a Fig 5-7 claim about RL03, RL0123 or RL-random; not built for the others."""
    named = [m for m in RETRAINED_5_7 if claim.startswith(m + " ")]
    readings = ((TABLES_OTHER, TR.OTHER), (SHUFFLED, TR.SHUFFLED), (HALVES, TR.HALVES))
    if named:
        return _retrained(row, inp, "vs_exp", (named[0],), fig_5_7, readings, "{n} tables of each model, retrained")
    why = R.Unbuilt("the claim ranges over all 22 sequence models, each retrained under the reading (about 40 CPU s "
                    "a reading at full size)")
    return [R.not_built(fam, claim, reading, why) for reading, _ in readings]


def _earlier_alike(seq: pd.DataFrame, epsilon: float = 0.1):
    s = seq[seq.epsilon == epsilon]
    cells = [(m, d) for m in _sequence_models(s) for d in sorted(set(m[2:-1]) - {m[-1]})
             if (d == "0") != (m[-1] == "0")]
    # judged as the claims row is: one trained table per model (ONE_TABLE, issue 49 item 4)
    sh = V.share([_one(s, _lvl(len(cells)), "<", 0.5, model=m, opponent=f"EXP{d}") for m, d in cells])
    return sh, V.word("mostly", sh), len(cells)


def _similar_5_7(fam, claim, row, inp):
    sh, j, n = _earlier_alike(inp.results.sequential)
    return [R.run(fam, claim, SIMILAR, sh, j, f"{ONE_TABLE} of each model; share of the {n} (model, earlier EXP) "
                  "cells of the other kind than the last EXP that lie below 50%")]


def _fig_5_8(fam, claim, row, inp):
    """Greedy evaluation, 差距不大 as not large, shuffled ties, and seat halves."""
    f2 = inp.results.fixed2
    out = _run_from(fam, claim, GREEDY, fig_5_8(f2, 0.0)) if (f2.epsilon == 0.0).any() else []
    # the two claims the report words 差距不大 (as P1 or P2, the seat the table was trained in: "barely changes")
    if claim.endswith("barely changes") and getattr(row, "est", None) is not None:
        out.append(R.run(fam, claim, NOT_LARGE, row.est, not_word("large", row.est)))
    if "trained as P2" in claim and (f2.trained == "P2 only, shuffled ties").any():
        sh = f2[f2.trained != "P2 only"].replace({"trained": {"P2 only, shuffled ties": "P2 only"}})
        out += _run_from(fam, claim, SHUFFLED, fig_5_8(sh, inp.results.epsilon))
    else:
        out.append(R.not_built(fam, claim, SHUFFLED, "the shuffled-ties table was trained only as P2"))
    return out + _retrained(row, inp, "fixed2", ("RL0",), lambda f: fig_5_8(f, inp.setup.epsilon_eval),
                            ((HALVES, TR.HALVES),), "{n} reference tables trained in halves, the training seeds of "
                            "the claims row")


def _training_rates(curves: pd.DataFrame, config: str) -> pd.Series:
    c = curves[curves.config == config]
    return c[c.games == int(c.games.max())].set_index("seed")["training_win_rate"].sort_index()


def _fig_5_10(fam, claim, row, inp):
    cur = inp.results.curves
    base = _training_rates(cur, "n=1").to_numpy()
    ds = [V.paired_difference(_training_rates(cur, f"n={n}").to_numpy(), base, level=_lvl(2)) for n in (2, 3)]
    cases = getattr(row, "cases", ())
    if not cases:
        raise ValueError(f"{claim!r}: the claims row keeps no per-case estimates (fig_5_10_11 sets row.cases)")
    return [R.run(fam, claim, TRAINING_RATE, *each(ds, partial(V.word, "no difference"), "n=2 and n=3 against n=1",
                                                    "largest"),
                  "training-block rate of the last tenth minus n=1's, seeds paired by index"),
            # the wording reading on the row's own cases (n=2 and n=3 against n=1, in the sample it rests on)
            R.run(fam, claim, NOT_CLEAR, *each(cases, partial(not_word, "clear"), "n=2 and n=3 against n=1", "largest"),
                  "the claims row's own differences, value: the larger one")]


def _top30_config(claim: str) -> str | None:
    """The top-30 lists a Table 5-1 claim counts ("n=1", "full, n=2", ...); None for a claim on the largest value."""
    m = re.match(r"top-30 entries of RL0 \((full hand, )?n=(\d)\)", claim)
    return None if m is None else (f"full, n={m.group(2)}" if m.group(1) else f"n={m.group(2)}")


def _ties(fam, claim, top: pd.DataFrame) -> dict:
    """The tie-break reading of a Table 5-1 claim: moot where no tie is in evidence, else not built."""
    config = _top30_config(claim)
    if config is None:
        return R.bounded(fam, claim, TIES, "moot: the largest value of a list is the same whichever entries tie at "
                         "the 30th")
    lists = top[top.config == config]
    if len(lists) and not lists.groupby("seed").value.apply(lambda v: v.duplicated().any()).any():
        return R.bounded(fam, claim, TIES, f"moot: none of the {lists.seed.nunique()} stored {config} top-30 lists "
                         "repeats a value, so another tie-break counts the same entries")
    return R.not_built(fam, claim, TIES, TIES_WHY)


def _table_5_1(fam, claim, row, inp):
    """The class counts of the n=1 lists under the other readings of the classes, or the challenge count's none."""
    prefix = "top-30 entries of RL0 (n=1): "
    if claim.startswith(prefix) and row["kind"] == "finding":
        kind, n1 = claim.removeprefix(prefix), inp.results.top[inp.results.top.config == "n=1"]
        keys, out = n1.key.map(lambda k: tuple(int(x) for x in k.split())), []
        for r in (ANY_OPENING, LIKELY_TRUE):
            kinds = keys.map(lambda k: ex.classify_key(k, 1, "partial", any_opening=r is ANY_OPENING,
                                                       slack=int(r is LIKELY_TRUE)))
            x, j = _printed_count(TOP30_CLASSES[kind], (kinds == kind).groupby(n1.seed).sum().to_numpy(),
                                  f"the {kind} count")
            out.append(R.run(fam, claim, r, x, one_table(j)))
        return out
    if "challenges" in claim:
        return [R.not_run(fam, claim, R.Reading("challenge counted otherwise", "another count of challenge entries",
                                                "spec 7.14"), "a challenge entry is its action (the challenge), so "
                          "no second reading of the count exists")]
    return []


def _table_5_1_retrained(fam, claim, row, inp) -> list[dict]:
    """Ties shuffled and seat halves for a Table 5-1 claim on the n=1 lists (RL0 retrained); not built for others."""
    readings = ((SHUFFLED, TR.SHUFFLED), (HALVES, TR.HALVES))
    if _top30_config(claim) not in ("n=1", None) and inp.setup is not None:
        why = R.Unbuilt("RL0 was retrained under the reading for the n=1 lists only; this state record's tables "
                        "would be retrained too (about 0.1-0.4 s a table at full size)")
        return [R.not_built(fam, claim, reading, why) for reading, _ in readings]
    return _retrained(row, inp, "top30", ("RL0",), _top_rows, readings, "{n} tables retrained, the training seeds "
                      "of the claims row", "the reading's lists give no row for this claim", one_table)


def _uniform_moot_pair(grid: pd.DataFrame, claim: str):
    """A differing pair with both s at least 4 (dealt as the uniform reading deals them) of Fig 5-17's "higher
    multiplicity" claim, or None."""
    name, pairs = claim.split(":")[0], [(a, b) for a in range(1, 6) for b in range(1, 6) if a > b]
    if "higher multiplicity" not in claim or not (grid.player == name).any():
        return None
    return next(((a, b) for a, b in pairs if b >= 4 and V.direction(diff(
        where(grid, player=name, s1=a, s2=b), where(grid, player=name, s1=b, s2=a), _lvl(len(pairs))), ">", 0.0).verdict
                 == "differs"), None)


def _other_honest(fam, claim, row, inp):
    """Figs 5-14, 5-15, 5-17 under the other honestAction: EXP0 calls none, so only EXP1-EXP3's rows are replayed."""
    other = _honest(TR.other_fallback(inp.reading.fallback), None)
    if fam == "Fig 5-14" or (fam == "Fig 5-17" and "EXP1" not in claim):
        return [R.not_run(fam, claim, other, "EXP0 calls no honestAction, so both readings play the same games")]
    if inp.other is None:
        return []
    if fam == "Fig 5-15":
        own = inp.results.forced_exp
        frame = pd.concat([own[own.player == "EXP0"], inp.other["forced_exp"][inp.other["forced_exp"].player
                                                                              != "EXP0"]], ignore_index=True)
        return _run_from(fam, claim, other, fig_5_14_15(frame))
    grid = inp.results.grid
    return _run_from(fam, claim, other, fig_5_17(pd.concat([grid[grid.player == "EXP0"], inp.other["grid"]],
                                                           ignore_index=True)))


def _rl23_5_16(fam, claim, row, inp):
    fr = inp.results.forced_rl
    if claim != RL23_TEXT or not {"RL2", "RL3"} <= set(fr.player):
        return []
    return [R.run(fam, claim, reading, r.est, r.judgement) for reading, r in (
        (RISE_FROM_3, _rl23_row(fr, 3, "not lower")), (OTHERS_ABOVE, _rl23_row(fr, 2, "advantaged")),
        (BOTH, _rl23_row(fr, 3, "advantaged")))]


def _uniform_5_17(fam, claim, row, inp):
    moot = _uniform_moot_pair(inp.results.grid, claim)
    return [R.not_built(fam, claim, UNIFORM_FORCED, UNIFORM_WHY) if moot is None else R.bounded(
        fam, claim, UNIFORM_FORCED, f"the pair {moot[0]} vs {moot[1]} differs, and for s >= 4 the report's pattern is "
        "the whole class, so the uniform reading deals the same hands there and the claim still differs")]


# ============================================================================ the families, one record each

RL = ("RL0", "RL1", "RL2", "RL3")


def _models(claim: str, default=RL) -> tuple:
    """The trained models a row's claim names (RL03, RL-random, ...), else ``default``."""
    named = [w.strip(":,") for w in claim.split() if w.strip(":,").startswith("RL") and len(w.strip(":,")) > 2]
    named = [n for n in named if n in ex.sequential_names() + list(RL) + ["RL-random-game"]]
    if "RL-random" in named:
        named.append("RL-random-game")
    return tuple(dict.fromkeys(named)) or tuple(default)


@dataclass(frozen=True)
class Section:
    """Rows measured together: ``trains(claim)`` the tables, ``frame(setup, claim)`` plays, ``rows`` judges."""
    unit: str
    trains: Callable
    frame: Callable
    rows: Callable
    cap_factor: float = 1.0


def _games(frame, rows) -> Section:
    return Section("games", lambda c: [], frame, rows)


def _seeds(names, frame, rows, cap_factor: float = 1.0) -> Section:
    """Trained tables ``names(claim)`` with default options, played by ``frame(setup, names)``."""
    return Section("seeds", lambda c: [(n, {}) for n in names(c)], lambda s, c: frame(s, names(c)), rows, cap_factor)


HISTORIES = ("n=1", "n=2", "n=3")
S_5_1 = _seeds(lambda c: RL, ex.vs_rand, lambda f, fb: fig_5_1(f))
S_5_2 = _games(lambda s, c: ex.exp_pairs(s, (s.fallback,), only=[(a, b) for a in EXPS for b in EXPS if a != b]),
               lambda f, fb: fig_5_2(f, fb, 3, selected=True))
S_5_3 = _games(lambda s, c: ex.three_player(s, (s.fallback,), (3,), only=[("EXP1", "EXP0"), ("EXP0", "EXP1")]),
               lambda f, fb: fig_5_3(f, fb, 3, selected=True))
S_5_4 = _seeds(lambda c: RL, lambda s, n: ex.rl_vs_exp(s, n, epsilons=(0.1,)), lambda f, fb: fig_5_4(f))
S_5_5_EXP = _games(lambda s, c: ex.exp_pairs(s, (s.fallback,), only=[(a, a) for a in EXPS]),
                   lambda f, fb: fig_5_5_exp(f, fb, 3, selected=True))
# self-play tables are cheap (about 0.5 s each at full size): a cap 3.5 times the others' covers the 134 and 139
# tables RL2 and RL1 ask; the dearer capped rows (333 to 3,516 tables) stay at the cap, flagged undecidable
S_5_5_RL = _seeds(_models, lambda s, n: ex.self_play(s, None, n), lambda f, fb: fig_5_5_rl(f), cap_factor=3.5)
S_5_6 = _games(lambda s, c: ex.three_player(s, (s.fallback,), (3,), only=[(a, a) for a in EXPS]),
               lambda f, fb: fig_5_6(f, fb, 3, selected=True))
S_5_7 = _seeds(lambda c: _models(c, ex.sequential_names()), lambda s, n: ex.rl_vs_exp(s, n, epsilons=(0.1,)),
               lambda f, fb: fig_5_7(f))
S_5_8 = Section("seeds", lambda c: [("RL0", {})] + [("RL0", {"seats": st, "do_shuffle": sh})
                                                   for _, st, sh in ex.FIXED2_VARIANTS if st != "rotate"],
                lambda s, c: ex.fixed_seat_two(s, epsilons=(0.1,)), lambda f, fb: fig_5_8(f))
S_5_9 = Section("seeds", lambda c: [("RL0", {"n_players": 3})] + [("RL0", {"n_players": 3, "seats": st})
                                                                 for st in (0, 1, 2)],
                lambda s, c: ex.fixed_seat_three(s), lambda f, fb: fig_5_9(f))
S_5_10_11 = Section("seeds", lambda c: [("RL0", ex.CURVE_CONFIGS[k]) for k in HISTORIES],
                    lambda s, c: ex.curves(s, {k: ex.CURVE_CONFIGS[k] for k in HISTORIES}),
                    lambda f, fb: fig_5_10_11(f))
S_5_12 = Section("seeds", lambda c: [("RL0", {})], lambda s, c: ex.curves(s, {"n=1": {}}), lambda f, fb: fig_5_12(f))
# Table 5-1's counts (issue 49: a near-miss differs is confirmed): RL0's n=1 lists of fresh tables
S_T5_1 = Section("seeds", lambda c: [("RL0", ex.CURVE_CONFIGS["n=1"])], lambda s, c: ex.top30(s, ("n=1",)),
                 lambda f, fb: _top_rows(f))
S_5_14_15 = _games(lambda s, c: ex.forced_exp(s), lambda f, fb: fig_5_14_15(f))
S_5_16 = _seeds(lambda c: ("RL2", "RL3") if "RL2" in c else _models(c), ex.forced_rl, lambda f, fb: fig_5_16(f))
S_5_17 = _games(lambda s, c: ex.forced_grid(s, rl_names=()), lambda f, fb: fig_5_17(f))
S_5_18 = _seeds(lambda c: _models(c, ("RL0",)), lambda s, n: ex.forced_grid(s, rl_names=n, exp_names=()),
                lambda f, fb: fig_5_18(f))
S_6_1 = Section("seeds", lambda c: [("RL0", {})], lambda s, c: ex.game_lengths(s), lambda f, fb: fig_6_1(f))


@dataclass(frozen=True)
class Family(ClaimFamily):
    """A ClaimFamily plus its readings, its sentences (claims judged jointly, by their texts' starts) and sections."""
    read: tuple = ()
    sentences: dict = field(default_factory=dict)
    sections: tuple = ()


TWO_STAGE = ("two stages (p02.confirm): an undecided row, or a near-miss differs, is measured again by its section on "
             "a fresh sample sized from the pilot, within the notebook's caps")


def _family(fam: str, judge, read=(), sections=(), sentences=None, printed=None, **kw) -> Family:
    return Family(fam, f"{SOURCE}, {fam}", STATEMENTS[fam] if printed is None else printed, judge, read=read,
                  sections=sections, sentences=sentences or {}, builds_readings=True, sampled=True, confirm=TWO_STAGE,
                  **kw)


def _only(fam: str, make):
    """The judge of one family whose rows one section makes together with another family's."""
    return lambda r: [x for x in make(r) if x["family"] == fam]


def _plain(fam: str, printed, judge, source: str = "", **kw) -> Family:
    """A family with nothing to read again: a code check, an illustration, or our extension."""
    return Family(fam, f"{SOURCE}, {source or fam}", printed, judge, can_differ=False, **kw)


NB_TABLES_OTHER, NB_UNIFORM = (TABLES_OTHER, TABLES_OTHER_WHY), (UNIFORM_FORCED, UNIFORM_WHY)
FORCED_EXP_WAYS = _ways(OWN, _other_honest, NB_UNIFORM)
CLAIM_FAMILIES = [
    _family("Fig 5-1", lambda r: fig_5_1(r.vs_rand), _ways(lambda f, c, row, inp: [_own(row, FAR_LARGE)],
                                                           _better_5_1, NB_TABLES_OTHER), (S_5_1,)),
    _family("Fig 5-2", fig_5_2, _ways(_exp), (S_5_2,)),
    _family("Fig 5-3", fig_5_3, _ways(_exp), (S_5_3,)),
    _family("Fig 5-4", lambda r: fig_5_4(r.rl_exp, r.epsilon), _ways(
        OWN, _rerun(GREEDY, lambda inp: fig_5_4(inp.results.rl_exp, 0.0)), NB_TABLES_OTHER), (S_5_4,), headline=True),
    _family("Fig 5-5", fig_5_5_exp, _ways((_exp, lambda row: not row["claim"].startswith("RL")),
                                          (_fig_5_5_rl, lambda row: row["claim"].startswith("RL"))),
            (S_5_5_EXP, S_5_5_RL), {
        "Fig 5-5 (1) (seed 001 l.438): EXP0 and EXP3 slight first-mover, EXP2 second-mover, EXP1 none": ("EXP",),
        "Fig 5-5 (2) (seed 001 l.440): RL0 clear first-mover, the other RLs slight second-mover": ("RL",)}),
    _family("Fig 5-6", fig_5_6, _ways(_exp), (S_5_6,), {
        "Fig 5-6 (1) (seed 001 l.451): EXP0 and EXP1 small spread, P2 and P1 ahead": ("EXP0", "EXP1"),
        "Fig 5-6 (2) (seed 001 l.453): EXP2 P3 clearly higher, EXP3 P1 clearly ahead": ("EXP2", "EXP3")}),
    _family("Fig 5-7", lambda r: fig_5_7(r.sequential, r.epsilon), _ways(
        OWN, (_similar_5_7, lambda row: row["claim"].startswith("and disadvantaged")),
        (_rerun(PER_GAME, lambda inp: fig_5_7(inp.results.sequential.query("model != 'RL-random'").replace(
            {"model": {"RL-random-game": "RL-random"}})) if (inp.results.sequential.model == "RL-random-game").any()
            else []), lambda row: row["claim"].startswith("RL-random ")),
        (_rerun(GREEDY, lambda inp: [] if inp.greedy_seq is None else fig_5_7(   # the greedy rows as they are given
            inp.greedy_seq.assign(epsilon=0.1).query("model != 'RL-random-game'"))),
         lambda row: any(m in row["claim"] for m in RETRAINED_5_7)), _fig_5_7_retrained), (S_5_7,), {
        "Fig 5-7 (1) (seed 001 l.468): ahead of the last EXP trained on, behind earlier ones":
            ("a model is advantaged", "and disadvantaged"),
        "Fig 5-7 (2) (seed 001 l.470): RL03 and RL0123 still ahead of EXP0, RL-random ahead of every EXP":
            ("RL03 ", "RL0123 ", "RL-random ")}),
    _family("Fig 5-8", lambda r: fig_5_8(r.fixed2, r.epsilon), _ways(OWN, _fig_5_8), (S_5_8,)),
    _family("Fig 5-9", lambda r: fig_5_9(r.fixed3), _ways(
        OWN, (R.Reading("EXP0 margin 2", "the two EXP0 opponents challenge with the code's margin 2", "spec 7.2"),
              R.Unbuilt("the tables were trained against margin 3 only; margin 2 would retrain them")),
        (HALVES, HALVES_WHY), lambda fam, claim, row, inp: three_player_rows(fam, claim)), (S_5_9,)),
    _family("Fig 5-10", _only("Fig 5-10", lambda r: fig_5_10_11(r.curves, r.full)), _ways(
        OWN, _fig_5_10, (GREEDY, R.Unbuilt("the curves' frozen win rates were measured with exploration 0.1 only"))),
            (S_5_10_11,)),
    _family("Fig 5-11", _only("Fig 5-11", lambda r: fig_5_10_11(r.curves, r.full)), _ways(OWN, (R.Reading(
        "separate 3,000,000-game run", "the 3,000,000-game full-hand model is a run of its own, not the 100,000-game "
        "one continued", "spec 7.12"), "one run with checkpoints is both: its 100,000-game table is what a "
        "separate run would train with the same seed")), (S_5_10_11,)),
    _family("Fig 5-12", lambda r: fig_5_12(r.curves), _ways(
        OWN, (_rerun(TRAINING_RATE, lambda inp: fig_5_12(inp.results.curves.assign(
            win_rate=inp.results.curves["training_win_rate"]))), "the win rate rises"),
        (TRAINING_RATE, "the table's size and explored share are counted from the table itself (keys ever updated), "
         "one way only", lambda row: "the win rate rises" not in row["claim"])), (S_5_12,)),
    _family("Table 5-1", lambda r: _top_rows(r.top), _ways(
        OWN, _table_5_1, lambda fam, claim, row, inp: [_ties(fam, claim, inp.results.top)],
        (TABLES_OTHER, R.Bounded("moot: RL0 is trained against EXP0, which has no honestAction: the same tables")),
        _table_5_1_retrained), (S_T5_1,), printed=TOP30_CLASSES),
    _family("Fig 5-14", _only("Fig 5-14", lambda r: fig_5_14_15(r.forced_exp)), FORCED_EXP_WAYS, (S_5_14_15,)),
    _family("Fig 5-15", _only("Fig 5-15", lambda r: fig_5_14_15(r.forced_exp)), FORCED_EXP_WAYS, (S_5_14_15,)),
    _family("Fig 5-16", lambda r: fig_5_16(r.forced_rl), _ways(
        OWN, _rl23_5_16, NB_UNIFORM,
        (*NB_TABLES_OTHER, lambda row: "agrees by selection" in (row.get("flags") or ""))), (S_5_16,)),
    _family("Fig 5-17", lambda r: fig_5_17(r.grid), _ways(OWN, _other_honest, _uniform_5_17), (S_5_17,)),
    _family("Fig 5-18", lambda r: fig_5_18(r.grid), _ways(OWN, NB_UNIFORM, (*NB_TABLES_OTHER, "RL1")), (S_5_18,)),
    _family("Fig 6-1", lambda r: fig_6_1(r.lengths), _ways(OWN, _rerun(NO_CHALLENGE, lambda inp: fig_6_1(
        inp.results.lengths, less=1))), (S_6_1,)),     # judged as the row is (History 2026-12-07, second session)
    _plain("Fig 5-13", STATEMENTS["Fig 5-13"], lambda r: mechanism_check(r.timing), kind="check"),
    _plain("Table 4-3", TABLE_4_3, lambda r: [table_4_3_claim(r.slice43)]),
    _plain("Extension: update rules", None, _only("Extension: update rules", lambda r: extension_claims(
        r.curves, r.exploit)), "Fig 5-10's learner (ours)", extension=True),
    _plain("Extension: best-response lower bound", None, _only("Extension: best-response lower bound", lambda r:
           extension_claims(r.curves, r.exploit)), "every trained table (ours)", extension=True),
    _plain("Extension: trivial baselines", None, lambda r: baseline_claims(r.baseline_table),
           "spec section 4 (ours)", extension=True),
]

#: each family by its id
BY_ID = {f.id: f for f in CLAIM_FAMILIES}


def sentence_of(family: str, claim: str) -> str:
    """The sentence key of a claim judged jointly with others, else ""."""
    fam = BY_ID.get(family)
    return next((key for key, starts in fam.sentences.items() if claim.startswith(starts)), "") if fam else ""
