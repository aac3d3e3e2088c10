"""Notebook 02's claims rows, judged under the study's verdict protocol (:mod:`liarlab.core.verdicts`).

Every printed figure or table is one claim family (``family="Fig 5-4"``). Each statement of the report is mapped
to one of the protocol's rules: a qualitative word to :func:`verdicts.word` ("slight", "clearly", "differ
little", "mostly"...), an ordering to :func:`verdicts.direction`, a statement about every case to
:func:`verdicts.all_of` over per-case judgements at a Bonferroni level. Table 5-1's printed counts come from ONE
trained table: the printed count is compared with the 95 % prediction interval for one more trained table
(:func:`verdicts.prediction_across_seeds`), not with the interval of the mean. No threshold is kept here.

Intervals: trained tables are replicated by independently trained seeds (:func:`verdicts.across_seeds`,
differences paired by seed with :func:`verdicts.paired_difference`); fixed agents by games (Wilson, and
Newcombe's interval for a difference). A linear combination of independent fixed-agent proportions (a gain
of one rule minus a gain of another) uses :func:`verdicts.combination_of_proportions` (each Wilson half-width
scaled by its coefficient, combined in quadrature on each side).

Rows are built in *sections* (one function per figure or group of rows, :data:`SECTIONS` names them), so that a
row the pilot leaves undecided can be measured again on a fresh confirmatory sample by the same code
(:mod:`liarlab.papers.p02.confirm`). Each row keeps its estimate and judgement (:class:`Row`).
The Q-table size claims (Tables 4-4, 6-1, 6-2) are checked in notebook 00 and not counted here; the wall-clock
timings of Fig 5-13 are a timing table (:func:`timing_table`), not claims.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p02.experiments import BASELINES, EXPS, FIXED, estimate, honest_fallback_choice, per_seed
from liarlab.papers.p02.printed import (
    EXPLORED_SHARE_100K,
    GAME_LENGTH_RANGE,
    SOURCE,
    TOP30_CHALLENGES,
    TOP30_CLASSES,
    TOP30_VALUE_RANGE,
)
from liarlab.papers.p02.results import Results

NEG = V.NEGLIGIBLE_RATE

def _pending(default: bool):
    from liarlab.core.readings import Reading
    return Reading("as judged" if default else "pending", "the claims row's own judgement" if default else
                   "readings not yet attached", "this row's rule", default=default)


PENDING_DEFAULT, PENDING = _pending(True), _pending(False)


class Row(dict):
    """A claims row (the dict :func:`liarlab.study.outputs.claim` builds) that keeps what built it: its estimate,
    its judgement, the section that measured it, and (for a share judged directly) how many cases exist."""
    est: V.Estimate | None = None
    judgement: V.Judgement | None = None
    section: str | None = None
    population: int | None = None
    base_n: int | None = None
    spec: tuple = ()
    pending: bool = False
    #: the estimates of a row judged over several cases, in the sample its verdict rests on (Fig 5-10's n=2 and n=3
    #: against n=1), so a reading can judge every case on the row's own statistic
    cases: tuple = ()


def _claim(text, family, paper, est, judgement, kind="finding", note="", *, population=None, base_n=None,
           readings=None, **kw):
    """A claims row. Its cause is never given: a differing finding is built with its readings rows
    (:mod:`liarlab.papers.p02.readings`); until they are attached (:func:`with_readings`) a differing row carries
    only its default reading and a ``pending`` mark, and :func:`with_readings` refuses to leave one pending."""
    from liarlab.core import readings as R
    from liarlab.study.outputs import claim

    pending = False
    differs = isinstance(judgement, V.Judgement) and judgement.verdict == "differs" and kind in ("finding",
                                                                                              "arithmetic")
    if differs and not readings:
        pending = True
        readings = [R.run(family, text, PENDING_DEFAULT, est if isinstance(est, V.Estimate) else None, judgement),
                    R.not_run(family, text, PENDING, "the readings are attached after the confirmatory stage")]
    row = Row(claim(text, SOURCE, paper, est, judgement, kind=kind, note=note, family=family,
                    readings=list(readings) if readings else None, **kw))
    row.est = est if isinstance(est, V.Estimate) else None
    row.judgement = judgement if isinstance(judgement, V.Judgement) else None
    row.population = population
    row.base_n = base_n
    row.spec = (text, family, paper, kind, note, kw)
    row.pending = pending
    return row


def rebuild(row: Row, est: V.Estimate, judgement: V.Judgement, note: str | None = None, readings=None,
            cases: tuple | None = None) -> Row:
    """The same claim with another estimate and judgement (the confirmatory stage of a two-stage row, with the
    ``cases`` of its fresh sample), or with its readings rows attached."""
    text, family, paper, kind, old_note, kw = row.spec
    out = _claim(text, family, paper, est, judgement, kind=kind, note=old_note if note is None else note,
                 population=row.population, base_n=row.base_n, readings=readings, **kw)
    out.section = row.section
    out.cases = row.cases if cases is None else cases
    return out


def with_readings(rows: list, readings_rows: list[dict]) -> list:
    """Every finding row rebuilt with its readings rows (its cause then follows from them by the protocol's one
    rule); raises if a differing row is left without them."""
    from liarlab.core import readings as R

    out = []
    for r in rows:
        mine = R.of_claim(readings_rows, r["claim"]) if r.get("kind") in ("finding", "arithmetic") else []
        if mine and isinstance(r, Row) and r.spec and r.judgement is not None:
            out.append(rebuild(r, r.est, r.judgement, readings=mine))
        else:
            out.append(r)
    left = [r["claim"] for r in out if getattr(r, "pending", False)]
    if left:
        raise ValueError(f"differing rows without their readings: {left}")
    return out


def _section(name: str, rows: list) -> list:
    for r in rows:
        r.section = name
    return rows


def _where(frame: pd.DataFrame, **where) -> pd.DataFrame:
    mask = np.ones(len(frame), bool)
    for k, v in where.items():
        mask &= (frame[k] == v).to_numpy()
    rows = frame[mask]
    if len(rows) == 0:
        raise KeyError(f"no rows for {where}")
    return rows


def est(frame, level=V.LEVEL, **where) -> V.Estimate:
    return estimate(_where(frame, **where), level)


#: what a chart row's interval speaks for (issue 49 item 4; docs/VERDICTS.md, "One rule for one-table claims"): a
#: statement read off the report's one trained table per model (a statement about the training method would say
#: "the method (mean over seeds)"; the rows not yet under the rule say nothing yet)
ONE_TABLE = "one trained table (prediction interval)"
#: the other side of the rule: a statement about what training this way does (History 2026-12-07, second session)
METHOD = "the method (mean over seeds)"


def est_one(frame, level=V.LEVEL, **where) -> V.Estimate:
    """A chart value the report read off its ONE trained table: where one more trained table's rate would fall
    (:func:`verdicts.prediction_across_seeds` of the per-table rates), not the mean's interval; a fixed agent's
    rows keep their Wilson interval (its games replicate it)."""
    rows = _where(frame, **where)
    if _is_fixed(rows):
        return estimate(rows, level)
    return V.prediction_across_seeds(per_seed(rows).to_numpy(), 0.0, 1.0, level)


def diff_one(a_rows, b_rows, level=V.LEVEL) -> V.Estimate:
    """rate(a) - rate(b) of ONE trained table (both rates from the same table, paired by seed): where one more
    table's difference would fall (:func:`verdicts.prediction_across_seeds` of the per-table differences); fixed
    agents keep Newcombe's interval (:func:`diff`)."""
    if _is_fixed(a_rows) and _is_fixed(b_rows):
        return diff(a_rows, b_rows, level)
    d = (per_seed(a_rows) - per_seed(b_rows)).dropna()
    return V.prediction_across_seeds(d.to_numpy(), -1.0, 1.0, level)


def shift(e: V.Estimate, c: float, sign: int = 1) -> V.Estimate:
    """``sign * (e - c)`` as an estimate (a win rate against a reference line)."""
    lo, hi = sorted((sign * (e.low - c), sign * (e.high - c)))
    return V.Estimate(sign * (e.value - c), lo, hi, e.n, e.unit,
                      None if e.seed_min is None else min(sign * (e.seed_min - c), sign * (e.seed_max - c)),
                      None if e.seed_max is None else max(sign * (e.seed_min - c), sign * (e.seed_max - c)), e.level,
                      e.interval)


def _is_fixed(rows) -> bool:
    return (rows["seed"].to_numpy() == FIXED).all()


def _rates_by_seed(rows) -> pd.Series:
    return rows.groupby("seed").apply(lambda g: g["wins"].sum() / g["games"].sum(), include_groups=False)


def combine(terms, level=V.LEVEL) -> V.Estimate:
    """sum(coef * rate) over ``terms`` [(rows, coef)]: paired by seed for trained tables, or for fixed agents a
    combination of independent proportions (:func:`verdicts.combination_of_proportions`: each Wilson
    half-width scaled by its coefficient)."""
    if all(_is_fixed(r) for r, _ in terms):
        return V.combination_of_proportions([(c, int(r.wins.sum()), int(r.games.sum())) for r, c in terms], level)
    series = [c * _rates_by_seed(r) for r, c in terms]
    total = sum(series)
    bound = float(sum(abs(c) for _, c in terms))
    return V.across_seeds(total.to_numpy(), -bound, bound, level)


def diff(a_rows, b_rows, level=V.LEVEL) -> V.Estimate:
    """rate(a) - rate(b): paired by seed (tables) or Newcombe (fixed agents)."""
    if _is_fixed(a_rows) and _is_fixed(b_rows):
        return V.difference_of_proportions(int(a_rows.wins.sum()), int(a_rows.games.sum()), int(b_rows.wins.sum()),
                                           int(b_rows.games.sum()), level)
    return combine([(a_rows, 1), (b_rows, -1)], level)


def minus_fixed(rates, wins: int, games: int, level=V.LEVEL) -> V.Estimate:
    """mean over seeds of a learned rate minus a fixed agent's proportion: the two intervals combined on each
    side in quadrature (MOVER), in [-1, 1]."""
    a, b = V.across_seeds(np.asarray(rates, float), 0.0, 1.0, level), V.proportion(wins, games, level)
    d = a.value - b.value
    lo = d - np.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    hi = d + np.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return V.Estimate(d, max(-1.0, float(lo)), min(1.0, float(hi)), a.n, "seeds", a.seed_min - b.value,
                      a.seed_max - b.value, level)


def _evaluated(curve_rows: pd.DataFrame) -> pd.DataFrame:
    """Curve rows with ``games`` = the evaluation games (a curve's ``games`` column is the training length)."""
    return curve_rows.assign(games=curve_rows["games_eval"])


def _all(judgements, what):
    return V.all_of(judgements, what)


def _about_0(e):
    return V.magnitude(e, 0.0, NEG, "about 0 (within the negligible rate)", span=1.0)


def _deciding(cases: list) -> int:
    """Which of ``cases`` [(label, estimate, judgement, reference)] decided their :func:`verdicts.all_of`: the
    differing case farthest from its reference (or band), else the undecided case that needs the largest sample,
    else (all reproduced) the case nearest its reference. ``reference`` is a direction's threshold, or None for a
    judgement that carries its band. The row displays this case, at the level its rule judged it."""
    def dist(c):
        _, e, j, ref = c
        edges = (ref, ref) if ref is not None else (j.band or (np.nan, np.nan))
        finite = [b for b in edges if np.isfinite(b)]
        return min(min(abs(e.low - b), abs(e.high - b)) for b in finite) if finite else 0.0

    verdicts_ = [c[2].verdict for c in cases]
    if "differs" in verdicts_:
        return max((i for i, v in enumerate(verdicts_) if v == "differs"), key=lambda i: dist(cases[i]))
    if "inconclusive" in verdicts_:
        return max((i for i, v in enumerate(verdicts_) if v == "inconclusive"),
                   key=lambda i: cases[i][2].needed or 0)
    return min(range(len(cases)), key=lambda i: dist(cases[i]))


def _deciding_row(text, family, paper, cases, what, note, **kw):
    """A claim judged over every case of ``cases`` (:func:`_deciding`'s form), valued at its deciding case."""
    k = _deciding(cases)
    return _claim(text, family, paper, cases[k][1], _all([c[2] for c in cases], what),
                  note=f"value: the deciding case ({cases[k][0]}); {note}", **kw)


def _fmt(e: V.Estimate) -> str:
    return f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}]"


# ============================================================================ EXP-only figures (both readings)

def _balanced(p: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """a against b with each in each seat: a's wins as P1 plus its wins as P2, as one fixed-agent row."""
    ab, ba = _where(p, p1=a, p2=b), _where(p, p1=b, p2=a)
    w = int(ab.wins.sum() + (ba.games.sum() - ba.wins.sum()))
    return pd.DataFrame([{"seed": FIXED, "wins": w, "games": int(ab.games.sum() + ba.games.sum())}])


def exp_claims(pairs: pd.DataFrame, three: pd.DataFrame, fallback: str, margin: int = 3,
               selected: bool = False) -> list[dict]:
    """Figs 5-2, 5-3, 5-5 (EXP part) and 5-6 under one honestAction reading (and 3-player margin)."""
    return (fig_5_2(pairs, fallback, margin, selected) + fig_5_3(three, fallback, margin, selected)
            + fig_5_5_exp(pairs, fallback, margin, selected) + fig_5_6(three, fallback, margin, selected))


def _tag(fallback, margin):
    return f"reading {fallback}, margin {margin}"


def fig_5_2(pairs, fallback, margin=3, selected=False) -> list[dict]:
    rows, tag, kw = [], _tag(fallback, margin), {"selected": selected}
    p = pairs[pairs.fallback == fallback]
    lvl3 = V.simultaneous_level(3)
    js, shown = [], []
    for b in EXPS[1:]:
        e = shift(estimate(_balanced(p, "EXP0", b), lvl3), 0.5, -1)       # EXP0's shortfall below 50%
        js.append(V.word("clearly", e))
        shown.append(e)
    worst = min(shown, key=lambda e: e.low)
    rows.append(_claim("EXP1-EXP3 clearly counter EXP0 (EXP0 clearly disadvantaged)", "Fig 5-2",
                       "EXP0 clearly below 50% against each", worst, _all(js, "each of EXP1-3 against EXP0"),
                       note=f"{tag}; value: EXP0's smallest shortfall below 50% (balanced seats, 50% minus its win "
                       f"rate) over EXP1-3; shortfalls {', '.join(f'{e.value:.3f}' for e in shown)}", **kw))
    js, shown = [], []
    for a, b in (("EXP1", "EXP2"), ("EXP1", "EXP3"), ("EXP2", "EXP3")):
        e = shift(estimate(_balanced(p, a, b), lvl3), 0.5)
        js.append(V.word("differ little", e))
        shown.append((a, b, e))
    far = max(shown, key=lambda t: abs(t[2].value))
    rows.append(_claim("the other EXP pairs differ little", "Fig 5-2", "about 50%", far[2],
                       _all(js, "each pair among EXP1-3"),
                       note=f"{tag}; value: the largest balanced win-rate edge over 50% ({far[0]} vs {far[1]}); "
                       "edges " + ", ".join(f"{a}-{b} {e.value:+.3f}" for a, b, e in shown), **kw))
    return _section("fig_5_2", rows)


def fig_5_3(three, fallback, margin=3, selected=False) -> list[dict]:
    rows, tag, kw = [], _tag(fallback, margin), {"selected": selected}
    t = three[(three.fallback == fallback) & (three.margin == margin) & (three.a != three.b)]
    lvl2 = V.simultaneous_level(2)
    js, shown = [], []
    for a, b in (("EXP1", "EXP0"), ("EXP0", "EXP1")):
        s = t[(t.a == a) & (t.b == b) & (t.player == a)]
        e = V.difference_of_proportions(int(s[s.preceded_by == "EXP0"].wins.sum()),
                                        int(s[s.preceded_by == "EXP0"].games.sum()),
                                        int(s[s.preceded_by != "EXP0"].wins.sum()),
                                        int(s[s.preceded_by != "EXP0"].games.sum()), lvl2)
        js.append(V.direction(e, ">", 0.0))
        shown.append(e)
    rows.append(_claim("a player whose preceding player is EXP0 wins more", "Fig 5-3", "higher",
                       min(shown, key=lambda e: e.value), _all(js, "both type sets"),
                       note=f"{tag}: win-rate gain of the copy of A seated after EXP0 over the other copy of A, pooled "
                       "over the three rotations (which cancel the absolute seat); {EXP1,EXP1,EXP0} and "
                       f"{{EXP0,EXP0,EXP1}}: {', '.join(f'{e.value:+.3f}' for e in shown)}", **kw))
    # (2) relative seating: in every rotation each pair of roles keeps the order of the pooled rates
    js, n_same, cases, base = [], 0, [], None
    for a, b in (("EXP1", "EXP0"), ("EXP0", "EXP1")):
        s = t[(t.a == a) & (t.b == b)].copy()
        s["role"] = np.where(s.player == b, "B", np.where(s.preceded_by == b, "A after B", "A after A"))
        pooled = s.groupby("role").apply(lambda g: g.wins.sum() / g.games.sum(), include_groups=False)
        for seat_b in (1, 2, 3):
            r = s[s.b_seat == seat_b].set_index("role")
            for x, y in (("B", "A after B"), ("B", "A after A"), ("A after B", "A after A")):
                cases.append((a, b, seat_b, x, y, r, pooled))
    lvl = V.simultaneous_level(len(cases))
    for a, b, seat_b, x, y, r, pooled in cases:
        e = V.difference_of_proportions(int(r.loc[x, "wins"]), int(r.loc[x, "games"]), int(r.loc[y, "wins"]),
                                        int(r.loc[y, "games"]), lvl)
        base = e.n
        j = V.direction(e, ">" if pooled[x] >= pooled[y] else "<", 0.0)
        js.append(j)
        n_same += j.verdict == "reproduced"
    rows.append(_claim("win rates follow relative, not absolute seats", "Fig 5-3", "same order in every rotation",
                       V.share(js, "comparisons"), _all(js, "every rotation and pair of roles"), base_n=base,
                       note=f"{tag}: in each of the 3 rotations of both type sets, each pair of roles (B, A after B, A "
                       f"after A) ordered as in the pooled rates; {n_same} of {len(js)} comparisons confirm it", **kw))
    return _section("fig_5_3", rows)


#: Fig 5-5's seat statements, one per player of a self-play table: (player, claim, paper value, how its P1 win
#: rate is read: +1 minus 50 %, -1 50 % minus it, 0 as it is; rule)
FIG_5_5 = (
    ("EXP0", "EXP0: slight first-mover advantage", "slightly > 50%", 1, partial(V.word, "slight")),
    ("EXP1", "EXP1: about no seat advantage", "about 50%", 1, partial(V.word, "no difference")),
    ("EXP2", "EXP2: second-mover advantage", "< 50%", 0, lambda e: V.direction(e, "<", 0.5)),
    ("EXP3", "EXP3: slight first-mover advantage", "slightly > 50%", 1, partial(V.word, "slight")),
    ("RL0", "RL0: clear first-mover advantage", "clearly > 50%", 1, partial(V.word, "clear")),
    ("RL1", "RL1: slight second-mover advantage", "slightly < 50%", -1, partial(V.word, "slight")),
    ("RL2", "RL2: slight second-mover advantage", "slightly < 50%", -1, partial(V.word, "slight")),
    ("RL3", "RL3: slight second-mover advantage", "slightly < 50%", -1, partial(V.word, "slight")),
)
SEAT_READ = {1: "P1 win rate minus 50%", 0: "P1 win rate",
             -1: "50% minus the P1 win rate (two-sided: an edge above 5 points is not slight)"}


def _fig_5_5(rates: dict, prefix, flags, one_table: bool = False) -> list[dict]:
    """The :data:`FIG_5_5` rows of the players in ``rates`` (player -> P1 win rate); ``one_table``: the rates are
    prediction intervals for one trained table, and an undecided row stays undecided (:func:`_one_table`)."""
    rows = []
    for name, text, paper, sign, rule in FIG_5_5:
        if name in rates:
            x = shift(rates[name], 0.5, sign) if sign else rates[name]
            j = _one_table(rule(x)) if one_table else rule(x)
            rows.append(_claim(text, "Fig 5-5", paper, x, j, note=prefix(name) + SEAT_READ[sign], **flags(name)))
    return rows


def fig_5_5_exp(pairs, fallback, margin=3, selected=False) -> list[dict]:
    p = pairs[pairs.fallback == fallback]
    sp = {a: estimate(_where(p, p1=a, p2=a)) for a in EXPS if ((p.p1 == a) & (p.p2 == a)).any()}
    tag = _tag(fallback, margin)
    return _section("fig_5_5_exp", _fig_5_5(sp, lambda _: f"{tag}; ", lambda _: {"selected": selected}))


def fig_5_6(three, fallback, margin=3, selected=False) -> list[dict]:
    rows, tag, kw = [], _tag(fallback, margin), {"selected": selected}
    same = three[(three.fallback == fallback) & (three.margin == margin) & (three.a == three.b)]
    for a, seat, text, small in (("EXP0", 2, "EXP0: small spread, P2 best", True),
                                 ("EXP1", 1, "EXP1: small spread, P1 best", True),
                                 ("EXP2", 3, "EXP2: P3 clearly highest", False),
                                 ("EXP3", 1, "EXP3: P1 clearly advantaged", False)):
        if not (same.a == a).any():
            continue
        r = same[same.a == a].set_index("seat")
        others = [s for s in (1, 2, 3) if s != seat]
        lvl = V.simultaneous_level(2)
        ds = [V.difference_of_proportions(int(r.loc[seat, "wins"]), int(r.loc[seat, "games"]), int(r.loc[o, "wins"]),
                                          int(r.loc[o, "games"]), lvl) for o in others]
        rates = ", ".join(f"P{s} {r.loc[s, 'win_rate']:.3f}" for s in (1, 2, 3))
        if small:
            pairs3 = [(1, 2), (1, 3), (2, 3)]
            spread = [V.difference_of_proportions(int(r.loc[x, "wins"]), int(r.loc[x, "games"]), int(r.loc[y, "wins"]),
                                                  int(r.loc[y, "games"]), V.simultaneous_level(3)) for x, y in pairs3]
            big = max(spread, key=lambda e: abs(e.value))
            rows.append(_claim(f"{a}: small spread across seats", "Fig 5-6", "small spread", big,
                               _all([V.word("differ little", e) for e in spread], "every pair of seats"),
                               note=f"{tag}; value: the largest seat-to-seat difference; {rates}", **kw))
            rows.append(_claim(f"{a}: P{seat} best", "Fig 5-6", f"P{seat} highest", min(ds, key=lambda e: e.value),
                               _all([V.direction(e, ">", 0.0) for e in ds], f"P{seat} above each other seat"),
                               note=f"{tag}; value: P{seat}'s smaller lead over another seat; {rates}", **kw))
        else:
            rows.append(_claim(text, "Fig 5-6", f"P{seat} clearly highest", min(ds, key=lambda e: e.value),
                               _all([V.word("clearly", e) for e in ds], f"P{seat} clearly above each other seat"),
                               note=f"{tag}; value: P{seat}'s smaller lead over another seat; {rates}", **kw))
    return _section("fig_5_6", rows)


def count_reproduced(rows) -> int:
    return sum(r["verdict"] == "reproduced" for r in rows)


#: the honestAction readings as the page names them (the table's headers carry these, not the code's names)
READING_WORDS = {"smallest": "smallest legal bid", "best_face_plus_one": "best face + 1"}


def reading_table(rows_by_reading: dict) -> pd.DataFrame:
    """Every EXP statement's verdict under each honestAction reading, side by side, in the page's words (the
    headers name each reading as the page does; an inconclusive verdict reads "undecided", as on the page)."""
    frames = []
    for reading, rows in rows_by_reading.items():
        f = pd.DataFrame(rows)[["family", "claim", "reproduced_value", "verdict"]]
        f = f.assign(verdict=f.verdict.replace({"inconclusive": "undecided"}))
        words = READING_WORDS.get(reading, reading)
        frames.append(f.rename(columns={"reproduced_value": f"value ({words})", "verdict": f"verdict ({words})"}))
    out = frames[0]
    for f in frames[1:]:
        out = out.merge(f, on=["family", "claim"], how="outer", sort=False)
    return out


READINGS = ("smallest", "best_face_plus_one")


@dataclass
class Reading:
    """The honestAction reading chosen from the EXP-only games, with what chose it."""

    fallback: str          # the reading used from here on
    counts: dict           # EXP statements reproduced under each reading (margin 3)
    rows: list             # the chosen reading's rows (margin 3)
    table: pd.DataFrame    # every EXP statement's value and verdict under each reading, and the margin-2 verdicts
    by_reading: dict = None    # honestAction reading -> its rows at margin 3 (the readings of these claims)
    margin2: dict = None       # honestAction reading -> its rows at margin 2 (three-player rows only differ)


def honest_reading(pairs: pd.DataFrame, three: pd.DataFrame) -> Reading:
    """Judge the EXP statements (Figs 5-2, 5-3, 5-5, 5-6) under both readings of ``honestAction`` and keep the
    one with more reproduced statements (:func:`experiments.honest_fallback_choice`: a tie keeps the text's);
    margin 2 (the shown code's constant for three players) is the sensitivity."""
    counts = {fb: count_reproduced(exp_claims(pairs, three, fb)) for fb in READINGS}
    fallback = honest_fallback_choice(counts)
    by_reading = {fb: exp_claims(pairs, three, fb, selected=(fb == fallback)) for fb in READINGS}
    margin2 = {fb: exp_claims(pairs, three, fb, margin=2) for fb in READINGS}
    table = reading_table(by_reading)
    m2 = reading_table(margin2)
    table = table.merge(m2.drop(columns=[c for c in m2 if c.startswith("value")]).rename(
        columns=lambda c: c.replace("verdict (", "verdict at margin 2 (")), on=["family", "claim"], how="left",
        sort=False)
    return Reading(fallback, counts, by_reading[fallback], table, by_reading, margin2)


# ============================================================================ RL figures

def _lvl(m):
    return V.simultaneous_level(m)


SEL = {"selected": True}   # rows whose tables trained against, or whose rules are, EXP1-EXP3 under the chosen reading


def rl_claims(results: Results) -> list[dict]:
    """Every RL statement (and the forced-hand EXP ones), from the notebook's :class:`liarlab.papers.p02.results.Results`. The
    wall-clock times of Fig 5-13 are a timing table (:func:`timing_table`); the report's mechanism is a code check
    (:func:`mechanism_check`)."""
    r, eps = results, results.epsilon
    return (fig_5_1(r.vs_rand) + fig_5_4(r.rl_exp, eps) + fig_5_5_rl(r.self_play) + fig_5_7(r.sequential, eps)
            + fig_5_8(r.fixed2, eps) + fig_5_9(r.fixed3) + fig_5_10_11(r.curves, r.full) + fig_5_12(r.curves)
            + _top_rows(r.top) + _forced_rows(r.forced_exp, r.forced_rl) + _grid_rows(r.grid) + fig_6_1(r.lengths))


def pilot_rows(reading: Reading, results: Results) -> list[dict]:
    """The claims table's rows before the confirmatory stage: the EXP statements under the chosen reading, the RL
    statements, the mechanism check, Table 4-3, the extensions and the trivial baselines."""
    rows = list(reading.rows) + rl_claims(results) + mechanism_check(results.timing)
    rows.append(table_4_3_claim(results.slice43))
    return rows + extension_claims(results.curves, results.exploit) + baseline_claims(results.baseline_table)


def fig_5_1(vs_rand) -> list[dict]:
    players = list(dict.fromkeys(vs_rand.player))
    lvl = _lvl(len(players))
    es = {pl: shift(est(vs_rand, lvl, player=pl), 0.5) for pl in players}
    worst = min(es, key=lambda k: es[k].low)
    return _section("fig_5_1", [_claim(
        "EXP0-EXP3 and RL0-RL3 are far better than RAND", "Fig 5-1", "far above 50%", es[worst],
        _all([V.word("large", e) for e in es.values()], "each of EXP0-3 and RL0-3"),
        note=f"'far better' read as the word 'large' (an edge of at least 10 points over 50%); value: the "
        f"smallest edge ({worst}); RL rows: {METHOD}; EXP rows over games", **SEL)])


def fig_5_4(rl_exp, epsilon=0.1) -> list[dict]:
    rows = []
    e = rl_exp[rl_exp.epsilon == epsilon]
    lvl = _lvl(4)
    # the report's chart of its four trained models (seed 001 l.423): one table each (History 2026-12-07, second
    # session)
    diag = {i: est_one(e, lvl, model=f"RL{i}", opponent=f"EXP{i}") for i in range(4)}
    low = min(diag, key=lambda i: diag[i].low)
    rows.append(_claim("Q-learning learns to beat the fixed strategy it trains against: every RLi wins > 50% "
                       "against its own EXPi", "Fig 5-4", "> 50%", diag[low],
                       _all([_one_table(V.direction(x, ">", 0.5)) for x in diag.values()], "each RLi against EXPi"),
                       note=f"{ONE_TABLE}; the report's main question; value: the lowest diagonal cell (RL{low}); epsilon "
                       f"{epsilon}, balanced seats; " + ", ".join(f"RL{i} {diag[i].value:.3f}" for i in range(4)),
                       headline=True, **SEL))
    cells = [(i, j) for i in range(4) for j in range(4) if i != j]
    js = [_one_table(V.direction(est_one(e, _lvl(len(cells)), model=f"RL{i}", opponent=f"EXP{j}"), "<", 0.5))
          for i, j in cells]
    sh = V.share(js)
    rows.append(_claim("against other EXPs RLi mostly wins < 50%", "Fig 5-4", "mostly < 50%", sh, V.word("mostly", sh),
                       population=len(cells),
                       note=f"{ONE_TABLE} of each model; share of the {len(cells)} off-diagonal cells whose interval lies below 50% (bounds: "
                       "undecided cells counted either way)", **SEL))
    return _section("fig_5_4", rows)


RLS = ("RL0", "RL1", "RL2", "RL3")


def fig_5_5_rl(self_play) -> list[dict]:
    """Fig 5-5's RL statements (a self-play table also holds the EXP rules' rows, judged in :func:`fig_5_5_exp`).
    The report's chart shows one trained table per model: each row is judged on where one more table would fall
    (:data:`ONE_TABLE`)."""
    rates = {name: est_one(self_play, player=name) for name in RLS if (self_play.player == name).any()}
    return _section("fig_5_5_rl", _fig_5_5(rates, lambda name: f"{ONE_TABLE}; two frozen copies of {name}; ",
                                           lambda name: {} if name == "RL0" else SEL, one_table=True))


def fig_5_7(sequential, epsilon=0.1) -> list[dict]:
    rows = []
    seq = sequential[sequential.epsilon == epsilon]
    multi = [m for m in dict.fromkeys(seq.model) if m.removeprefix("RL").isdigit() and len(m) > 3]
    if len(multi) > 2:      # a confirmatory sample of one or two named models measures only their own rows
        lvl = _lvl(len(multi))
        js = [_one_table(V.direction(est_one(seq, lvl, model=m, opponent=f"EXP{m[-1]}"), ">", 0.5)) for m in multi]
        rows.append(_claim("a model is advantaged against the last EXP it trained on", "Fig 5-7", "every model",
                           V.share(js, "models"), _all(js, f"each of the {len(multi)} sequence models"),
                           note=f"{ONE_TABLE} of each model; value: share of models whose win rate against their "
                           "last EXP lies above 50%", **SEL))
        cells = [(m, d) for m in multi for d in sorted(set(m[2:-1]) - {m[-1]})]
        js = [_one_table(V.direction(est_one(seq, _lvl(len(cells)), model=m, opponent=f"EXP{d}"), "<", 0.5))
              for m, d in cells]
        sh = V.share(js)
        rows.append(_claim("and disadvantaged against EXPs it trained on earlier", "Fig 5-7", "mostly", sh,
                           V.word("mostly", sh), population=len(cells),
                           note=f"{ONE_TABLE} of each model; share of the {len(cells)} (model, earlier EXP) cells "
                           "below 50%; the report names exceptions", **SEL))
    for m in ("RL03", "RL0123"):
        if not (seq.model == m).any():
            continue
        x = est_one(seq, model=m, opponent="EXP0")
        rows.append(_claim(f"{m} stays advantaged against EXP0", "Fig 5-7", "> 50%", x,
                           _one_table(V.direction(x, ">", 0.5)),
                           note=f"{ONE_TABLE}; balanced seats, across training seeds", **SEL))
    if not (seq.model == "RL-random").any():
        return _section("fig_5_7", rows)
    lvl = _lvl(4)
    rr = {o: est_one(seq, lvl, model="RL-random", opponent=o) for o in EXPS}
    low = min(rr, key=lambda o: rr[o].low)
    note = f"{ONE_TABLE}; value: the lowest (against {low}); " + ", ".join(f"{o} {x.value:.3f}" for o, x in rr.items())
    if (seq.model == "RL-random-game").any():
        g = {o: est(seq, model="RL-random-game", opponent=o) for o in EXPS}
        note += "; ablation with one EXP rule per game (RL-random-game): " + ", ".join(
            f"{o} {x.value:.3f}" for o, x in g.items())
    rows.append(_claim("RL-random is advantaged against all four EXPs", "Fig 5-7", "> 50% against each", rr[low],
                       _all([_one_table(V.direction(x, ">", 0.5)) for x in rr.values()], "each EXP"), note=note,
                       **SEL))
    return _section("fig_5_7", rows)


#: Fig 5-8's RL0 trained in one seat: (claim, paper value, (trained, tested as) cell, minus this cell (None: the
#: cell's own win rate), rule, note)
FIG_5_8 = (
    ("trained as P1: win rate as P1 barely changes", "about unchanged", ("P1 only", "P1"), ("rotating", "P1"),
     partial(V.word, "no difference"), "P1-only minus rotating-seat RL0, both as P1 (seeds paired by index; independent "
     "trainings)"),
    ("trained as P1: win rate as P2 drops sharply", "sharp drop", ("rotating", "P2"), ("P1 only", "P2"),
     partial(V.word, "large"), "rotating-seat minus P1-only RL0, both as P2; 'sharply' read as the word 'large'"),
    ("trained as P2: win rate as P2 barely changes", "about unchanged", ("P2 only", "P2"), ("rotating", "P2"),
     partial(V.word, "no difference"), "P2-only minus rotating-seat RL0, both as P2"),
    ("trained as P2: win rate as P1 about 0", "about 0", ("P2 only", "P1"), None, _about_0,
     "evaluation epsilon 0.1: its random openings win some games; greedy (epsilon 0) is in the table"),
)


def fig_5_8(fixed2, epsilon=0.1) -> list[dict]:
    f2 = fixed2[fixed2.epsilon == epsilon]

    def cell(c):
        return _where(f2, trained=c[0], tested_as=c[1])

    rows = []
    for text, paper, a, b, rule, note in FIG_5_8:
        x = diff(cell(a), cell(b)) if b else estimate(cell(a))
        rows.append(_claim(text, "Fig 5-8", paper, x, rule(x), note=f"{METHOD}; {note}"))
    return _section("fig_5_8", rows)


def fig_5_9(fixed3) -> list[dict]:
    rows = []

    def c3(trained, seat):
        return _where(fixed3, trained=trained, tested_as=seat)

    lvl = _lvl(2)
    zs = [estimate(c3(t_, "P1"), lvl) for t_ in ("P2 only", "P3 only")]
    rows.append(_claim("trained at P2 or P3: about 0 as P1", "Fig 5-9", "about 0", max(zs, key=lambda z: z.high),
                       _all([_about_0(z) for z in zs], "both"), note=f"{METHOD}; value: the larger of the two"))
    lvl = _lvl(4)
    js, shown = [], []
    for seat in ("P2", "P3"):
        drop = combine([(c3("rotating", seat), 1), (c3("P1 only", seat), -1)], lvl)
        js += [V.word("large", drop), V.direction(estimate(c3("P1 only", seat), lvl), ">", 0.0)]
        shown.append(drop)
    rows.append(_claim("trained at P1: much lower but non-zero as P2 and P3", "Fig 5-9", "lower, > 0",
                       min(shown, key=lambda z: z.value), _all(js, "P2 and P3: a large drop, and above 0"),
                       note=f"{METHOD}; value: the smaller drop against the rotating-seat model at that seat"))
    lvl = _lvl(3)
    p1 = estimate(c3("P1 only", "P1"), lvl)
    js = [V.direction(p1, ">", 1 / 3)] + [V.word("not higher", shift(estimate(c3("P1 only", s), lvl), 1 / 3))
                                          for s in ("P2", "P3")]
    rows.append(_claim("trained at P1: above the 1/3 baseline only at P1", "Fig 5-9", "only P1 > 1/3", p1,
                       _all(js, "above 1/3 at P1, not higher elsewhere"), note=f"{METHOD}; value: its win rate at P1"))
    lvl = _lvl(4)
    cs = [shift(estimate(c3(t_, s), lvl), 1 / 3) for t_ in ("P2 only", "P3 only") for s in ("P2", "P3")]
    rows.append(_claim("trained at P2 or P3: some strength in both P2 and P3", "Fig 5-9", "near or above 1/3",
                       min(cs, key=lambda z: z.value), _all([V.word("not lower", z) for z in cs], "the four cells"),
                       note=f"{METHOD}; 'some strength' read as 'not lower' than the 1/3 baseline (within the negligible rate); "
                       "value: the lowest cell minus 1/3"))
    return _section("fig_5_9", rows)


def fig_5_10_11(curves, full=None) -> list[dict]:
    rows = []
    last = _evaluated(curves[curves.games == curves.games.max()])
    lvl = _lvl(2)
    ds = [diff(_where(last, config=f"n={n}"), _where(last, config="n=1"), lvl) for n in (2, 3)]
    big = max(ds, key=lambda z: abs(z.value))
    rows.append(_claim("history length 1, 2, 3 makes no clear difference against EXP0", "Fig 5-10", "no clear effect",
                       big, _all([V.word("no difference", z) for z in ds], "n=2 and n=3 against n=1"),
                       note=f"{METHOD}; final frozen win rate minus n=1's, seeds paired by index; value: the larger "
                       "difference; "
                       + ", ".join(f"n={n}: {z.value:+.4f}" for n, z in zip((2, 3), ds))))
    rows[-1].cases = tuple(ds)
    if full is None or not (last.config == "full, n=1").any():
        return _section("fig_5_10_11", rows)
    d = diff(_where(last, config="n=1"), _where(last, config="full, n=1"))
    rows.append(_claim("at 100,000 games the full-hand model is clearly worse than the partial-hand one", "Fig 5-11",
                       "clearly worse", d, V.word("clearly", d), note=f"{METHOD}; partial minus full hand, both n=1 "
                       "after one stage, against EXP0"))
    fend = _evaluated(full[full.games == full.games.max()])
    d = diff(fend, _where(last, config="n=1"))
    share_end = float(fend.explored_share.mean())
    rows.append(_claim("at ~30% explored (3,000,000 games) the full-hand model is better than partial", "Fig 5-11",
                       "better", d, V.direction(d, ">", 0.0),
                       note=f"{METHOD}; full hand after {int(full.games.max()):,} games ({share_end:.1%} of 476,280 keys) minus "
                       "partial hand after one stage"))
    return _section("fig_5_10_11", rows)


def fig_5_12(curves) -> list[dict]:
    rows = []
    n1 = curves[curves.config == "n=1"]
    g_last = int(n1.games.max())
    # "the RL0 after 100,000 games explored a third" (seed 001 l.538): the charted table
    x = V.prediction_across_seeds(n1[n1.games == g_last].explored_share.to_numpy())
    rows.append(_claim("about 30% of the partial-hand space is explored after 100,000 games", "Fig 5-12",
                       EXPLORED_SHARE_100K, x, _one_table(V.about(EXPLORED_SHARE_100K, x, span=1.0)),
                       note=f"{ONE_TABLE}; len(Q) / 11,040 after {g_last:,} games"))
    marks = sorted(n1.games.unique())
    first, mid = marks[0], marks[len(marks) // 2 - 1]
    ent = n1.pivot(index="seed", columns="games", values="entries")
    inc_first = ent[first].to_numpy()
    inc_last = (ent[marks[-1]] - ent[marks[-2]]).to_numpy()
    lvl = _lvl(2)
    shrink = V.paired_difference(inc_last / inc_first, np.ones_like(inc_first), level=lvl, bound=np.inf)
    grow = V.across_seeds((ent[marks[-1]] - ent[first]).to_numpy(), -np.inf, np.inf, lvl)
    cases = [("grows", grow, V.direction(grow, ">", 0.0), 0.0), ("the last block adds less than the first", shrink,
                                                                 V.direction(shrink, "<", 0.0), 0.0)]
    rows.append(_deciding_row("the table size grows with shrinking increments", "Fig 5-12", "concave growth", cases,
                              "grows, and the last block adds less than the first", f"{METHOD}; new entries in the last "
                              f"{marks[-1] - marks[-2]:,}-game block over those of the first, minus 1, across seeds: "
                              f"{shrink.value:+.3f}; entries added from {first:,} to {marks[-1]:,} games: "
                              f"{grow.value:,.0f}"))
    wr = n1.pivot(index="seed", columns="games", values="win_rate")
    at_ceiling = bool(((wr >= V.CEILING) | (wr <= 1 - V.CEILING)).any().any())
    early = (wr[mid] - wr[first]).to_numpy()
    late = (wr[marks[-1]] - wr[mid]).to_numpy()
    rise = V.across_seeds(early + late, -1, 1, lvl)
    slow = V.paired_difference(late, early, level=lvl)
    cases = [("rises", rise, V.direction(rise, ">", 0.0), 0.0), ("rises less late", slow,
                                                                 V.direction(slow, "<", 0.0), 0.0)]
    rows.append(_deciding_row("the win rate rises with shrinking increments", "Fig 5-12", "concave growth", cases,
                              "rises, and rises less late", f"{METHOD}; windowed frozen win rates at checkpoints (not "
                              f"cumulative): gain from {mid:,} to {marks[-1]:,} games minus gain from {first:,} to "
                              f"{mid:,}, across seeds, {slow.value:+.3f}; total rise {rise.value:+.3f}"
                              + ("; some checkpoint is at a ceiling/floor" if at_ceiling else "")))
    return _section("fig_5_12", rows)


def fig_6_1(lengths) -> list[dict]:
    lg = lengths[lengths.matchup == "RL0 vs EXP0"]
    lo, hi = GAME_LENGTH_RANGE
    per = lg.groupby("seed").apply(lambda g: g[(g.actions >= lo) & (g.actions <= hi)].games.sum() / g.games.sum(),
                                   include_groups=False)
    # "RL0 against the conservative EXP0" (seed 001 l.694): the charted table's games
    x = V.prediction_across_seeds(per.to_numpy())
    return _section("fig_6_1", [_claim("RL0 vs EXP0 games mostly take 2-5 actions", "Fig 6-1", "mostly 2-5", x,
                                       _one_table(V.word("mostly", x)), note=f"{ONE_TABLE}; share of games with "
                                       f"2-5 actions (incl. the challenge); longest seen {int(lg.actions.max())}")])


TIMING_PAIRS = (("n=3", "n=1", "history 3 against history 1 (partial hand)"),
                ("full, n=1", "n=1", "full hand against partial hand (n=1)"))


def timing_table(timing: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-13's statement "more information in the state means less training time", measured as wall-clock
    seconds per 10,000 training games on this (shared, loaded) machine: a timing table, not a claim. Each row: the
    richer state minus the simpler one, paired by seed, with its 95 % interval and which way it points."""
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
                     "richer state trains faster": {"reproduced": "yes", "differs": "no"}.get(j.verdict, "undecided")})
    return pd.DataFrame(rows)


def mechanism_check(timing: pd.DataFrame) -> list[dict]:
    """The report's explanation of Fig 5-13 ("only explored actions are scanned") checked in our code's own
    counts: a property of our implementation (it scans every legal action), so a code check, not a finding."""
    sc = timing.groupby(["config", "seed"]).scanned_per_game.mean().unstack("config")
    d = V.paired_difference(sc["n=3"].to_numpy(), sc["n=1"].to_numpy(), bound=np.inf)
    return [_claim("our code: richer states scan fewer actions per game", "Fig 5-13", "fewer actions scanned", d,
                   V.direction(d, "<", 0.0), kind="check",
                   note="actions the greedy choice scans per training game, n=3 minus n=1 (deterministic counts, "
                   "not time): our code scans every legal action, so fewer scans can only come from shorter games or "
                   "more exploration; it explains our timing, not the report's")]


TOP30_SPAN = 30      # a top-30 class count lies in 0..30: the span the weak flag reads a band against


def _printed_count(printed, vals, what):
    """A count printed from ONE trained table against where one more of our tables would fall: the printed count
    must lie inside the 95 % prediction interval across our seeds (more seeds do not narrow it). The interval is
    the band here, so it is the band's half-width (not the printed point's, which has none) that the knife-edge
    rule measures the printed count's distance to the nearer edge against, and the count's 0..30 range is the
    span that makes a wide band ``weak``."""
    x = V.prediction_across_seeds(vals, 0, TOP30_SPAN)
    j = V.magnitude(V.exact(printed), x.low, x.high, f"the printed count (one table) inside the {x.interval_label} "
                    f"of {what}", span=TOP30_SPAN)
    return x, _band_knife_edge(j, printed, x)


def _band_knife_edge(j: V.Judgement, printed: float, band: V.Estimate) -> V.Judgement:
    """The knife-edge flag of an exact printed value judged against an interval used as the band: decided within a
    quarter of the band's half-width of its nearer edge (:data:`verdicts.KNIFE_EDGE`)."""
    from dataclasses import replace

    if j.verdict not in ("reproduced", "differs"):
        return j
    gap = min(abs(printed - band.low), abs(printed - band.high))
    knife = gap <= V.KNIFE_EDGE * max(band.half_width, 1e-12)
    note = j.note
    if knife and "knife-edge" not in note:
        note = "; ".join(x for x in (note, f"knife-edge: the printed value lies {gap:.3g} from the band's edge, "
                                     f"within a quarter of its half-width {band.half_width:.3g}") if x)
    # the miss a near-miss differs is confirmed by (verdicts.near_miss) is measured in the band's half-widths too
    miss = gap / band.half_width if band.half_width > 0 else None
    return replace(j, knife_edge=knife or j.knife_edge, note=note, gap=gap, miss=miss)


def _one_table(j: V.Judgement) -> V.Judgement:
    """A prediction interval for one table does not narrow with more seeds: undecided stays undecided."""
    if j.verdict != "inconclusive":
        return j
    return V.undecidable(j, "the prediction interval for one trained table straddles the printed range's edge, and "
                         "more seeds do not narrow it")


def _top_rows(top) -> list[dict]:
    rows = []
    n1top = top[top.config == "n=1"]
    counts = n1top.groupby(["seed", "kind"]).size().unstack(fill_value=0)
    for kind, printed in TOP30_CLASSES.items():
        vals = counts.get(kind, pd.Series(0, index=counts.index)).to_numpy()
        x, j = _printed_count(printed, vals, f"the {kind} count")
        rows.append(_claim(f"top-30 entries of RL0 (n=1): {kind}", "Table 5-1", printed, x, j,
                           note=f"count per trained table; mean over {x.n} tables, seed range {x.seed_min:g}-"
                           f"{x.seed_max:g}"))
    for (hand, n), printed in TOP30_CHALLENGES.items():
        label = f"full, n={n}" if hand == "full" else f"n={n}"
        sub = top[top.config == label]
        if not len(sub):
            continue
        vals = sub.groupby("seed").kind.apply(lambda s: int((s == "challenge").sum())).to_numpy()
        x, j = _printed_count(printed, vals, "the challenge count")
        rows.append(_claim(f"top-30 entries of RL0 ({'full hand, ' if hand == 'full' else ''}n={n}): challenges",
                           "Table 5-1", printed, x, j, note=f"count per trained table; mean over {x.n} tables, seed "
                           f"range {x.seed_min:g}-{x.seed_max:g}"))
    best = n1top.groupby("seed").value.max().to_numpy()
    x = V.prediction_across_seeds(best, 0, 0.9)
    lo, hi = TOP30_VALUE_RANGE
    rows.append(_claim("the best entries have values near the 0.9 ceiling (printed examples 0.8885-0.8999)",
                       "Table 5-1", f"{lo}-{hi}", x,
                       _one_table(V.magnitude(x, lo, hi + 0.00005, "the printed examples' range", span=1.0)),
                       note="largest value of one trained table (n=1): the prediction interval for one more table "
                       "must lie in the printed range; the rule caps values at 0.9"))
    return _section("table_5_1", rows)


def _forced_rows(forced_exp, forced_rl) -> list[dict]:
    return fig_5_14_15(forced_exp) + fig_5_16(forced_rl)


def _f(frame, player, s):
    return _where(frame, player=player, same=s)


def fig_5_14_15(forced_exp) -> list[dict]:
    rows = []
    f = _f
    lvl = _lvl(4)
    steps = [diff(f(forced_exp, "EXP0", s + 1), f(forced_exp, "EXP0", s), lvl) for s in range(1, 5)]
    rows.append(_claim("EXP0's forced side wins more with larger s", "Fig 5-14", "increasing",
                       min(steps, key=lambda z: z.value), _all([V.direction(z, ">", 0.0) for z in steps], "each step"),
                       note="value: the smallest step in win rate from s to s+1"))
    lvl = _lvl(5)
    cases = []
    for s in range(1, 6):
        z = estimate(f(forced_exp, "EXP0", s), lvl)
        cases.append((f"s = {s}", z, V.direction(z, ">" if s >= 3 else "<", 0.5), 0.5))
    rows.append(_deciding_row("s >= 3 wins > 50%, s = 1, 2 wins < 50%", "Fig 5-14", "threshold at 3", cases, "each s",
                              ", ".join(f"{c[0]}: {c[1].value:.3f}" for c in cases)))
    # Fig 5-15: spreads and gains; ceiling cells are left out of gain comparisons
    ceil = {(a, s): estimate(f(forced_exp, a, s)).at_ceiling() for a in EXPS for s in range(1, 6)}
    spreads, left_out = [], []
    for a in EXPS[1:]:
        top_s = max(s for s in range(1, 6) if not ceil[a, s] and not ceil["EXP0", s])
        if top_s < 5:
            left_out.append(f"{a} s>{top_s}")
        spreads.append((a, top_s))
    steps = [(a, s) for a in EXPS[1:] for s in range(1, 5) if not (ceil[a, s] and ceil[a, s + 1])]
    lvl = _lvl(len(spreads) + len(steps))       # one Bonferroni level over every case of the rule
    cases = []
    for a, top_s in spreads:
        z = combine([(f(forced_exp, a, top_s), 1), (f(forced_exp, a, 1), -1), (f(forced_exp, "EXP0", top_s), -1),
                     (f(forced_exp, "EXP0", 1), 1)], lvl)
        cases.append((f"{a}'s spread (s={top_s} minus s=1) minus EXP0's", z, V.direction(z, ">", 0.0), 0.0))
    for a, s in steps:
        z = diff(f(forced_exp, a, s + 1), f(forced_exp, a, s), lvl)
        cases.append((f"{a} from s={s} to s={s + 1}", z, V.direction(z, ">", 0.0), 0.0))
    rows.append(_deciding_row("EXP1-EXP3 follow EXP0's trend with a larger spread", "Fig 5-15", "larger spread", cases,
                              "each of EXP1-3: rising, and a larger spread than EXP0", "spreads of EXP1-3 minus EXP0's: "
                              + ", ".join(f"{c[1].value:+.3f}" for c in cases[:len(spreads)])
                              + (f"; cells at a ceiling left out: {', '.join(left_out)}" if left_out else ""), **SEL))
    gains, notes = {}, []
    for a in EXPS[1:]:
        hs = [s for s in (4, 5) if not ceil[a, s] and not ceil["EXP3", s]]
        if len(hs) < 2:
            notes.append(f"{a}: s={sorted({4, 5} - set(hs))} at a ceiling, left out")
        gains[a] = hs
    lvl = _lvl(2)
    js, shown = [], []
    for a in ("EXP1", "EXP2"):
        hs = gains[a]
        if not hs:
            continue
        terms = [(f(forced_exp, a, s), 1) for s in hs] + [(f(forced_exp, a, 3), -len(hs))]
        terms += [(f(forced_exp, "EXP3", s), -1) for s in hs] + [(f(forced_exp, "EXP3", 3), len(hs))]
        z = combine(terms, lvl)
        js.append(V.direction(z, ">", 0.0))
        shown.append(z)
    j = _all(js, "EXP1 and EXP2 against EXP3") if js else V.undecidable(
        V.stated("inconclusive", "gain over s=3, EXP1 and EXP2 against EXP3"), "every cell is at a ceiling")
    rows.append(_claim("EXP3 gains less at s = 4, 5 than EXP1 and EXP2", "Fig 5-15", "smaller gain",
                       min(shown, key=lambda z: z.value) if shown else V.Estimate(*[float("nan")] * 3), j,
                       note="gain over s=3 summed over s=4,5, EXP1 (or EXP2) minus EXP3" +
                       (f"; {'; '.join(notes)}" if notes else ""), **SEL))
    return _section("fig_5_14_15", rows)


def fig_5_16(forced_rl) -> list[dict]:
    rows = []
    have = set(forced_rl.player)
    lvl = _lvl(5)
    # the report's named models as its chart draws them (seed 001 l.634-636): one table each (History 2026-12-07,
    # second session)
    if "RL0" in have:
        r0 = [shift(est_one(forced_rl, lvl, player="RL0", same=s), 0.5) for s in range(1, 6)]
        js = [_one_table(V.direction(r0[2], ">", 0.0))] + [_one_table(V.word("not higher", r0[i])) for i in (0, 1, 3, 4)]
        rows.append(_claim("RL0 is advantaged only at s = 3", "Fig 5-16", "only s=3 > 50%", r0[2],
                       _all(js, "above 50% at s=3, not higher elsewhere"),
                       note=f"{ONE_TABLE}; value: s=3 minus 50%; " + ", ".join(f"s={s}: {z.value:+.3f}" for s, z in
                                                                    zip(range(1, 6), r0))))
    if "RL1" in have:
        r1 = [est_one(forced_rl, lvl, player="RL1", same=s) for s in range(1, 6)]
        js = [_one_table(V.direction(z, ">" if s >= 3 else "<", 0.5)) for s, z in zip(range(1, 6), r1)]
        rows.append(_claim("RL1 advantaged at s >= 3, disadvantaged at s = 1, 2", "Fig 5-16", "threshold at 3", r1[2],
                           _all(js, "each s"), note=f"{ONE_TABLE}; value: s=3; " + ", ".join(f"s={s}: {z.value:.3f}" for s, z in
                                                                             zip(range(1, 6), r1)), **SEL))
    if {"RL2", "RL3"} <= have:
        rows.append(_rl23_row(forced_rl, RL23_RISE_FROM))
    return _section("fig_5_16", rows)


#: "the advantage growing with s" read from s = 2 (the rule of the claims row); readings start it at s = 3
RL23_RISE_FROM = 2
RL23_TEXT = "RL2 and RL3 are disadvantaged only at s = 2, the advantage growing with s"


def rl23_cases(forced_rl, rise_from: int = RL23_RISE_FROM, others: str = "not lower") -> list:
    """The cases of Fig 5-16's RL2/RL3 statement: below 50 % at s = 2; at the other s ``others`` ("not lower"
    than 50 %, or "advantaged": above it); rising from s to s+1 for every s from ``rise_from`` to 4. One
    Bonferroni level over all of them."""
    f = _f
    n_cases = 2 * (1 + 4 + (5 - rise_from))
    lvl = _lvl(n_cases)
    cases = []
    for name in ("RL2", "RL3"):
        z = [shift(est_one(forced_rl, lvl, player=name, same=s), 0.5) for s in range(1, 6)]
        cases.append((f"{name} at s = 2", z[1], _one_table(V.direction(z[1], "<", 0.0)), 0.0))
        for i in (0, 2, 3, 4):
            j = V.word("not lower", z[i]) if others == "not lower" else V.direction(z[i], ">", 0.0)
            cases.append((f"{name} at s = {i + 1}", z[i], _one_table(j), None if others == "not lower" else 0.0))
        for s in range(rise_from, 5):
            d = diff_one(f(forced_rl, name, s + 1), f(forced_rl, name, s), lvl)
            cases.append((f"{name} from s = {s} to s = {s + 1}", d, _one_table(V.direction(d, ">", 0.0)), 0.0))
    return cases


def _rl23_row(forced_rl, rise_from, others="not lower"):
    cases = rl23_cases(forced_rl, rise_from, others)
    edges = ", ".join(f"{c[0]}: {c[1].value:+.3f}" for c in cases if c[0].endswith("s = 2"))
    return _deciding_row(RL23_TEXT, "Fig 5-16", "only s=2 < 50%", cases, f"below 50% at s=2, not lower elsewhere, "
                         f"rising from s={rise_from} to 5", f"{ONE_TABLE}; edges over 50% at s = 2: {edges}", **SEL)


def _grid_rows(grid) -> list[dict]:
    return fig_5_17(grid) + fig_5_18(grid)


def fig_5_17(grid) -> list[dict]:
    rows = []

    def g(name, s1, s2):
        return _where(grid, player=name, s1=s1, s2=s2)

    pairs = [(a, b) for a in range(1, 6) for b in range(1, 6) if a > b]
    adv = {}
    for name in ("EXP0", "EXP1"):
        if not (grid.player == name).any():
            continue
        kw = SEL if name != "EXP0" else {}
        lvl = _lvl(len(pairs))
        # seat-symmetrised: P1's rate with (s1, s2) minus its rate with (s2, s1) cancels the seat effect
        zs = {(a, b): diff(g(name, a, b), g(name, b, a), lvl) for a, b in pairs}
        worst = min(zs, key=lambda k: zs[k].value)
        rows.append(_claim(f"{name}: the side with the higher multiplicity is advantaged", "Fig 5-17", "all pairs",
                           zs[worst], _all([V.direction(z, ">", 0.0) for z in zs.values()], "each pair s1 > s2"),
                           note=f"P1's rate with (s1, s2) minus with (s2, s1), which cancels the seat; value: the "
                           f"smallest ({worst[0]} vs {worst[1]})", **kw))
        ceil = {(a, b): estimate(g(name, a, b)).at_ceiling() for a in range(1, 6) for b in range(1, 6)}
        keep = {k: (not ceil[k] and not ceil[k[1], k[0]]) for k in pairs}
        lvl = _lvl(3)
        js, shown = [], []
        for gap in (1, 2, 3):
            lo_ = [(a, b) for a, b in pairs if a - b == gap and keep[a, b]]
            hi_ = [(a, b) for a, b in pairs if a - b == gap + 1 and keep[a, b]]
            if not lo_ or not hi_:
                continue
            terms = [(g(name, a, b), 1 / len(hi_)) for a, b in hi_] + [(g(name, b, a), -1 / len(hi_)) for a, b in hi_]
            terms += [(g(name, a, b), -1 / len(lo_)) for a, b in lo_] + [(g(name, b, a), 1 / len(lo_)) for a, b in lo_]
            z = combine(terms, lvl)
            js.append(V.direction(z, ">", 0.0))
            shown.append(z)
        dropped = [f"{a}v{b}" for a, b in pairs if not keep[a, b]]
        if shown:
            j = _all(js, "each gap g against g+1")
        else:
            terms = [(g(name, a, b), 1 / len(pairs)) for a, b in pairs] + [(g(name, b, a), -1 / len(pairs))
                                                                            for a, b in pairs]
            shown = [combine(terms)]
            j = V.undecidable(V.stated("inconclusive", "each gap g against g+1, cells at a ceiling/floor left out"),
                              "every gap comparison involves a cell at a ceiling or floor (a certain outcome), which "
                              "more games cannot move; value: the mean advantage")
        rows.append(_claim(f"{name}: a bigger gap gives a bigger difference", "Fig 5-17", "increasing",
                           min(shown, key=lambda z: z.value), j,
                           note="mean seat-symmetrised advantage at gap g+1 minus at gap g; value: the smallest step"
                           + (f"; pairs with a cell at a ceiling/floor left out: {', '.join(dropped)}" if dropped
                              else ""), **kw))
        adv[name] = [(g(name, a, b), g(name, b, a)) for a, b in pairs]
    if {"EXP0", "EXP1"} <= set(adv):
        terms = []
        for x, y in adv["EXP1"]:
            terms += [(x, 1 / len(pairs)), (y, -1 / len(pairs))]
        for x, y in adv["EXP0"]:
            terms += [(x, -1 / len(pairs)), (y, 1 / len(pairs))]
        z = combine(terms)
        rows.append(_claim("EXP1's gaps are larger than EXP0's", "Fig 5-17", "larger", z, V.direction(z, ">", 0.0),
                           note="mean seat-symmetrised advantage of the higher multiplicity over the 10 pairs, EXP1 "
                           "minus EXP0", **SEL))
    return _section("fig_5_17", rows)


def fig_5_18(grid) -> list[dict]:
    rows = []

    def g(name, s1, s2):
        return _where(grid, player=name, s1=s1, s2=s2)

    if (grid.player == "RL0").any():
        cases = [(s2, s1) for s2 in range(1, 6) for s1 in range(1, 6) if s1 != 3]
        lvl = _lvl(len(cases))
        # the report's named models as its chart draws them (seed 001 l.661-662): one table each
        js = [_one_table(V.direction(diff_one(g("RL0", 3, s2), g("RL0", s1, s2), lvl), ">", 0.0))
              for s2, s1 in cases]
        rows.append(_claim("RL0: P1's win rate peaks at s1 = 3 against every s2", "Fig 5-18", "peak at 3",
                           V.share(js, "comparisons"), _all(js, "s1=3 above every other s1, in each column s2"),
                           note=f"{ONE_TABLE}; value: share of the 20 comparisons that confirm it"))
        lvl = _lvl(25)
        js = [_one_table(V.direction(est_one(grid, lvl, player="RL0", s1=a, s2=b), ">", 0.5))
              for a in range(1, 6) for b in range(1, 6)]
        sh = V.share(js)
        rows.append(_claim("RL0: P1 is usually advantaged", "Fig 5-18", "mostly > 50%", sh, V.word("usually", sh),
                           population=25, note=f"{ONE_TABLE}; share of the 25 cells whose interval lies above 50%"))
    if (grid.player == "RL1").any():
        lvl = _lvl(25)
        js = [_one_table(V.direction(est_one(grid, lvl, player="RL1", s1=a, s2=b), ">" if a >= 3 else "<", 0.5))
              for a in range(1, 6) for b in range(1, 6)]
        rows.append(_claim("RL1: s1 >= 3 always advantaged, s1 <= 2 always disadvantaged", "Fig 5-18", "25 of 25",
                           V.share(js), _all(js, "each of the 25 cells"),
                           note=f"{ONE_TABLE}; value: share of cells that follow it", **SEL))
    return _section("fig_5_18", rows)


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
    ours = estimate(_where(last, config="n=1"))
    for label in ("Q-learning", "SARSA"):
        if (last.config == label).any():
            x = estimate(_where(last, config=label))
            rows.append(_claim(f"textbook {label} on the same keys, against EXP0, after {g_last:,} games",
                               "Extension: update rules", None, x,
                               V.stated("extension", "extension: our measurement, no paper value"),
                               note=f"the report's rule reaches {ours.value:.3f} at the same point"))
    for label in dict.fromkeys(exploit.model):
        sub = _where(exploit, model=label)
        x = estimate(sub)
        rows.append(_claim(f"best-response lower bound against {label}: the one-exchange-lookahead responder's win "
                           "rate", "Extension: best-response lower bound", None, x,
                           V.stated("extension", "extension: our measurement, no paper value"),
                           note=f"{int(sub.games.iloc[0]):,} games per trained table, seats alternating; a full best "
                           f"response wins at least this; the table's win rate is 1 - this; key space "
                           f"{int(sub.space.iloc[0]):,}"))
    return rows


# ============================================================================ trivial baselines

def _learned(vs_rand, rl_exp, sequential, fixed3, epsilon=0.1):
    """(group, learned agent, opponent, players, per-seed win rates) of every learned table measured against a
    fixed opponent."""
    out = []
    e = rl_exp[rl_exp.epsilon == epsilon]
    for i in range(4):
        sub = e[(e.model == f"RL{i}") & (e.opponent == f"EXP{i}")]
        if len(sub):
            out.append(("RL0-RL3 against the rule each trained on", f"RL{i}", f"EXP{i}", 2, _rates_by_seed(sub)))
    for i in range(4):
        sub = vs_rand[vs_rand.player == f"RL{i}"]
        if len(sub):
            out.append(("RL0-RL3 against RAND", f"RL{i}", "RAND", 2, _rates_by_seed(sub)))
    if sequential is not None:
        s = sequential[sequential.epsilon == epsilon]
        for o in EXPS:
            sub = s[(s.model == "RL-random") & (s.opponent == o)]
            if len(sub):
                out.append(("RL-random against each rule", "RL-random", o, 2, _rates_by_seed(sub)))
    if fixed3 is not None:
        sub = fixed3[fixed3.trained == "rotating"]
        if len(sub):
            out.append(("RL0 with three players against two EXP0", "RL0 (three players)", "EXP0", 3,
                        _rates_by_seed(sub)))
    return out


def baseline_table(baselines: pd.DataFrame, vs_rand, rl_exp, sequential=None, fixed3=None,
                   epsilon: float = 0.1) -> pd.DataFrame:
    """Every learned table beside the trivial baselines (always challenge, never challenge, random) against the
    same opponent, and whether learning beats each: the learned mean over seeds minus the baseline's rate, with
    intervals at the Bonferroni level for the three baselines (``learning beats`` yes / no / undecided)."""
    lvl = _lvl(len(BASELINES))
    rows = []
    for group, agent, opp, k, rates in _learned(vs_rand, rl_exp, sequential, fixed3, epsilon):
        learned = V.across_seeds(rates.to_numpy())
        row = {"group": group, "learned agent": agent, "opponent": opp, "players": k, "learned win rate":
               learned.value, "ci_low": learned.low, "ci_high": learned.high, "seeds": learned.n}
        margins = {}
        for b, label in BASELINES.items():
            base = _where(baselines, baseline=b, opponent=opp, players=k)
            w, n = int(base.wins.sum()), int(base.games.sum())
            row[label] = w / n
            margins[label] = (minus_fixed(rates.to_numpy(), w, n, lvl), w / n)
        best = max(margins, key=lambda lbl: margins[lbl][1])
        d = margins[best][0]
        js = [V.direction(m, ">", 0.0) for m, _ in margins.values()]
        j = V.all_of(js, "learning above each baseline")
        row.update({"best baseline": best, "learned minus best": d.value, "margin ci_low": d.low,
                    "margin ci_high": d.high, "interval": d.interval_label,
                    "learning beats every baseline": {"reproduced": "yes", "differs": "no"}.get(j.verdict,
                                                                                                "undecided")})
        rows.append(row)
    return pd.DataFrame(rows)


def baseline_claims(table: pd.DataFrame) -> list[dict]:
    """One extension row per group of learned tables: does learning beat the trivial baselines? (The report
    gives no baseline, so these are our measurements, with the answer in words.)"""
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
                           V.stated("extension", "extension: learned win rate minus the best of always challenge, "
                                    "never challenge and random against the same opponent; beats it when the "
                                    "interval lies above 0"),
                           note=f"learning beats every baseline in {yes} of {len(g)} cases"
                           + (f"; not shown to beat them: {no}" if no else "")
                           + f"; value: the smallest margin ({worst['learned agent']} vs {worst['opponent']}, over "
                           f"{worst['best baseline']})"))
    return rows
