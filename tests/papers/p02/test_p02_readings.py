"""Paper 02's readings (issue 36): causes are computed from readings rows, never typed; Table 5-1's weak and
knife-edge flags; the interval a row displays is the one its rule used."""
from __future__ import annotations

import pathlib
import re

import numpy as np
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as c02
from liarlab.papers.p02 import confirm as confirm02
from liarlab.papers.p02 import readings as r02
from liarlab.papers.p02 import retrained as TR

P02 = pathlib.Path(c02.__file__).parent


def test_no_cause_is_typed_in_p02():
    """No module of paper 02 names a cause: no ``cause=`` keyword, no table of causes."""
    for path in P02.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"\bcause\s*=", text), f"{path.name} types a cause"
        assert "DIAGNOSIS" not in text, f"{path.name} keeps a table of causes"
        assert not re.search(r"[\"'](genuine|misprint|power)[\"']", text), f"{path.name} names a cause"


def _top(counts):
    rows = []
    for seed, c in enumerate(counts):
        kinds = ["opening honest"] * c + ["mid-game honest"] * (30 - c)
        keys = ["0 0 4 4 4"] * c + ["6 1 6 3 3"] * (30 - c)
        rows += [{"config": "n=1", "seed": seed, "kind": k, "key": key, "value": 0.89} for k, key in zip(kinds, keys)]
    return pd.DataFrame(rows)


def _inputs(top):
    from liarlab.papers.p02.results import Results

    return r02.Inputs(reading=None, results=Results(top=top))


def test_a_differing_row_is_pending_until_its_readings_come_and_its_cause_follows_from_them():
    top = _top([1, 2, 1, 2, 1, 2, 1, 2])
    rows = c02._top_rows(top)
    row = [r for r in rows if r["claim"].endswith("opening honest")][0]
    assert row["verdict"] == "differs" and row.pending
    with pytest.raises(ValueError, match="without their readings"):
        c02.with_readings(rows, [])
    rr = r02.rows(rows, _inputs(top))
    out = c02.with_readings(rows, rr)
    new = [r for r in out if r["claim"] == row["claim"]][0]
    mine = R.of_claim(rr, row["claim"])
    assert new["cause"] == V.cause(mine) == "untested"     # every reading run differs; the other tables not built
    assert [r["reading"] for r in mine if r["verdict"] in R.RUN][1:] == ["every opening bid",
                                                                             "honest as likely true"]
    # a typed cause cannot survive: change one reading's verdict and the cause changes with it
    flipped = [dict(r, verdict="reproduced") if r["reading"] == "every opening bid" else r for r in mine]
    assert V.cause(flipped) == "reading"
    again = c02.with_readings(rows, [r for r in rr if r["claim"] != row["claim"]] + flipped)
    assert [r for r in again if r["claim"] == row["claim"]][0]["cause"] == "reading"


def test_every_run_reading_is_judged_with_the_rows_own_rule():
    top = _top([3, 4, 5, 6, 4, 3, 5, 4])
    rows = c02._top_rows(top)
    rr = r02.rows(rows, _inputs(top))
    for claim in {r["claim"] for r in rr}:
        mine = R.of_claim(rr, claim)
        assert sum(r["is_default"] for r in mine) == 1
        assert len(mine) >= 2                               # the default and at least one other (run or not run)
        assert all(r["note"] for r in mine if r["verdict"] == R.NOT_RUN)


def test_table_5_1_counts_are_weak_on_a_wide_band_and_knife_edge_near_its_edge():
    x, j = c02._printed_count(18, np.array([13, 20, 17, 22, 15, 19, 18, 21, 17, 17]), "the count")
    assert j.verdict == "reproduced" and "weak" in j.flags        # half-width above 3 of the 0..30 count
    x, j = c02._printed_count(6, np.array([3, 4, 2, 5, 3, 4, 3, 2, 5, 3]), "the count")
    assert j.verdict == "differs" and x.high == pytest.approx(5.95, abs=0.01)
    assert "knife-edge" in j.flags                                # 6 lies 0.05 beyond the band's edge


def test_the_displayed_case_is_the_one_that_decided_the_row_at_the_rules_level():
    rng = np.random.default_rng(0)
    rows = []
    for name in ("RL2", "RL3"):
        # one table per model (History 2026-12-07, second session): the falling step must clear a prediction interval
        for s, p in zip(range(1, 6), (0.55, 0.40, 0.60, 0.45 if name == "RL3" else 0.7, 0.8)):
            for seed in range(10):
                rows.append({"player": name, "same": s, "seed": seed, "wins": int(rng.binomial(10_000, p)),
                             "games": 10_000})
    frame = pd.DataFrame(rows)
    frame["win_rate"] = frame.wins / frame.games
    row = c02._rl23_row(frame, 2)
    assert row["verdict"] == "differs"
    # the falling step decided it, said as what its number is
    assert "value: RL3's win rate at s = 4 minus at s = 3, the case that decides it;" in row["note"]
    assert row["interval"].startswith(f"{100 * V.simultaneous_level(16):.4g}")


def test_self_play_confirmations_may_reach_the_plan():
    assert confirm02.section_cap(c02.S_5_5_RL, 40) >= 139
    assert confirm02.section_cap(c02.S_5_9, 40) == 40
    assert confirm02.section_cap(c02.S_5_5_RL, 3) >= 3


def test_fig_5_7_reading_that_counts_only_earlier_rules_of_the_other_kind():
    """The report: EXP1-EXP3 are alike, so a model last trained on one of them is not expected to lose to another
    of them; the reading counts only (model, earlier EXP) cells of the other kind than the last EXP."""
    rows = []
    for model, opp, p in (("RL01", "EXP0", 0.40), ("RL12", "EXP1", 0.60), ("RL20", "EXP2", 0.35),
                          ("RL102", "EXP0", 0.42), ("RL102", "EXP1", 0.58)):
        for seed in range(10):
            w = int(10_000 * (p + 0.002 * (seed - 5)))
            rows.append({"epsilon": 0.1, "model": model, "opponent": opp, "seed": seed, "wins": w, "games": 10_000,
                         "win_rate": w / 10_000})
    share, j, n = c02._earlier_alike(pd.DataFrame(rows))
    assert n == 3 and share.value == 1.0 and j.verdict == "reproduced"      # RL12-EXP1 and RL102-EXP1 left out


def test_table_5_1_ties_at_rank_30_are_moot_only_when_no_stored_list_repeats_a_value():
    distinct = _top([3, 4, 5, 6, 4, 3, 5, 4])
    distinct["value"] = 0.9 - 0.001 * distinct.groupby("seed").cumcount() - 1e-7 * distinct.seed
    claim = "top-30 entries of RL0 (n=1): opening honest"
    assert c02._ties("Table 5-1", claim, distinct)["verdict"] == R.BOUNDED
    assert c02._ties("Table 5-1", claim, _top([3, 4, 5, 6, 4, 3, 5, 4]))["verdict"] == R.NOT_BUILT   # all 0.89
    # another configuration's lists are not this claim's: none stored, nothing is moot
    assert c02._ties("Table 5-1", "top-30 entries of RL0 (full hand, n=2): challenges", distinct)["verdict"] \
        == R.NOT_BUILT
    best = "the best entries have values near the 0.9 ceiling (printed examples 0.8885-0.8999)"
    assert c02._ties("Table 5-1", best, _top([3]))["verdict"] == R.BOUNDED


def test_table_5_1_declares_the_training_readings_fig_5_8_declares_and_stays_untested_for_seat_halves():
    top = _top([1, 2, 1, 2, 1, 2, 1, 2])
    top["value"] = 0.9 - 0.001 * top.groupby("seed").cumcount() - 1e-7 * top.seed
    rows = c02._top_rows(top)
    rr = r02.rows(rows, _inputs(top))
    mine = R.of_claim(rr, "top-30 entries of RL0 (n=1): opening honest")
    verdicts = {r["reading"]: r["verdict"] for r in mine}
    assert verdicts["ties at rank 30"] == R.BOUNDED
    assert verdicts["ties shuffled"] == verdicts["seat halves in training"] == R.NOT_BUILT
    assert V.cause(mine) == "untested"           # for a real reason now: seat halves and shuffled ties
    assert V.cause([r for r in mine if r["reading"] not in ("ties shuffled", "seat halves in training")]) == "genuine"


def _fixed2(p2_gain: float) -> pd.DataFrame:
    """Fig 5-8's two-player fixed-seat frame for 10 seeds: P2-only wins ``p2_gain`` more as P2 than rotating."""
    rates = {("rotating", "P1"): 0.68, ("rotating", "P2"): 0.63, ("P1 only", "P1"): 0.685, ("P1 only", "P2"): 0.2,
             ("P2 only", "P2"): 0.63 + p2_gain, ("P2 only", "P1"): 0.01}
    rows = [{"epsilon": 0.1, "trained": t, "tested_as": s, "seed": seed, "games": 10_000,
             "wins": int(10_000 * (p + 0.001 * (seed % 3)))}
            for (t, s), p in rates.items() for seed in range(10)]
    frame = pd.DataFrame(rows)
    frame["win_rate"] = frame.wins / frame.games
    return frame


@pytest.mark.parametrize("gain, cause", [(0.037, "reading"), (0.15, "untested")])
def test_fig_5_8_reads_差距不大_as_not_a_large_difference(gain, cause):
    from liarlab.papers.p02.results import Results

    f2 = _fixed2(gain)
    rows = c02.fig_5_8(f2)
    claim = "trained as P2: win rate as P2 barely changes"
    assert [r for r in rows if r["claim"] == claim][0]["verdict"] == "differs"
    rr = r02.rows(rows, r02.Inputs(reading=None, results=Results(fixed2=f2)))
    mine = R.of_claim(rr, claim)
    wording = [r for r in mine if r["reading"] == c02.NOT_LARGE.name]
    assert [r["verdict"] for r in wording] == ["reproduced" if gain < 0.1 else "differs"]
    assert V.cause(mine) == cause
    # the other seat's claim (差距不大 too) has the reading; the sharp-drop claims do not
    assert any(r["reading"] == c02.NOT_LARGE.name for r in rr if r["claim"].startswith("trained as P1: win rate as P1"))
    assert not any(r["reading"] == c02.NOT_LARGE.name for r in rr if "sharply" in r["claim"])


def test_the_three_player_assumptions_of_spec_7_1_are_readings_of_the_three_player_families():
    """Issue 36: spec 7.1's five assumptions for the unshown three-player code are declared for Figs 5-3, 5-6 and
    5-9: the turn order, the settlement, one winner a game and the deal cannot be run (the report fixes them or
    has no second reading); EXP0's window (where EXP0 plays) is not built without its games, and for Fig 5-9's
    trained tables; the third player's update (where a table learns) is not built."""
    names = lambda rows: {r["reading"]: r["verdict"] for r in rows}  # noqa: E731
    fixed = {c02.THREE_TURNS.name, c02.THREE_SETTLE.name, c02.THREE_NOT_LOST.name, c02.THREE_HANDS.name}
    mix = names(c02.three_player_rows("Fig 5-3", "a player whose preceding player is EXP0 wins more"))
    assert {n for n, v in mix.items() if v == R.NOT_RUN} == fixed and mix[c02.EXP0_WINDOW.name] == R.NOT_BUILT
    assert c02.THREE_UPDATE.name not in mix
    assert c02.EXP0_WINDOW.name in names(c02.three_player_rows("Fig 5-6", "EXP0: P2 best"))
    assert set(names(c02.three_player_rows("Fig 5-6", "EXP2: P3 clearly highest"))) == fixed
    trained = names(c02.three_player_rows("Fig 5-9", "trained at P2 or P3: about 0 as P1"))
    assert trained[c02.THREE_UPDATE.name] == R.NOT_BUILT and trained[c02.EXP0_WINDOW.name] == R.NOT_BUILT
    assert c02.three_player_rows("Fig 5-5", "EXP0: slight first-mover advantage") == []


def test_exp0s_window_is_run_on_its_own_three_player_games_for_figs_5_3_and_5_6():
    games = TR.exp0_window_games(3_000, 7, "smallest")
    assert set(zip(games.a, games.b)) == set(TR.EXP0_THREE_PAIRS) and (games.margin == 3).all()
    for fam, claim in (("Fig 5-3", "a player whose preceding player is EXP0 wins more"),
                       ("Fig 5-3", "win rates follow relative, not absolute seats"), ("Fig 5-6", "EXP0: P2 best"),
                       ("Fig 5-6", "EXP0: small spread across seats")):
        row = {r["reading"]: r for r in c02.three_player_rows(fam, claim, games, "smallest")}[c02.EXP0_WINDOW.name]
        assert row["verdict"] in R.RUN and row["estimate"] is not None, (fam, claim)
    # the same streams as the six-action games: a window of six plays exactly the notebook's games
    six = TR.exp0_window_games(3_000, 7, "smallest", window=6)
    from liarlab.papers.p02 import experiments as ex02
    base = ex02.three_player(ex02.Setup(fixed_games=3_000, seed=7, fallback="smallest"), fallbacks=("smallest",),
                             margins=(3,), only=TR.EXP0_THREE_PAIRS)
    assert six.wins.tolist() == base.wins.tolist() and games.wins.tolist() != base.wins.tolist()


def test_exp0s_window_not_built_keeps_fig_5_3_untested_and_the_fixed_points_keep_fig_5_6_genuine():
    def differs(fam, claim, name):
        return R.run(fam, claim, R.Reading(name, "a reading", "spec", default=name == "default"), 0.1, "differs")

    claim = "a player whose preceding player is EXP0 wins more"
    run = [differs("Fig 5-3", claim, "default"), differs("Fig 5-3", claim, "other honestAction")]
    assert V.cause(run) == "genuine"
    assert V.cause(run + c02.three_player_rows("Fig 5-3", claim)) == "untested"
    claim = "EXP2: P3 clearly highest"
    run = [differs("Fig 5-6", claim, "default"), differs("Fig 5-6", claim, "other honestAction")]
    assert V.cause(run + c02.three_player_rows("Fig 5-6", claim)) == "genuine"

def _curves(gains: dict) -> pd.DataFrame:
    """Fig 5-10's last curve point for 10 seeds: history n=2 and n=3 win ``gains[n]`` more than n=1 (frozen rate
    and training-block rate alike); 10,000 evaluation games a table."""
    rows = []
    for n in (1, 2, 3):
        for seed in range(10):
            p = 0.6 + gains.get(n, 0.0) + 0.004 * (seed % 3)
            rows.append({"config": f"n={n}", "seed": seed, "games": 100_000, "games_eval": 10_000,
                         "wins": int(10_000 * p), "win_rate": p, "training_win_rate": p})
    return pd.DataFrame(rows)


@pytest.mark.parametrize("gains, wording, cause", [({2: -0.006, 3: -0.04}, "reproduced", "reading"),
                                                   ({2: -0.006, 3: -0.08}, "differs", "untested")])
def test_fig_5_10_reads_不明顯_as_not_a_clear_difference(gains, wording, cause):
    """'影響不明顯' read as the complement of the word 'clear' (each difference within ±5 points), judged on the
    claims row's own cases (n=2 and n=3 against n=1): it reproduces a 4-point drop, not an 8-point one."""
    from liarlab.papers.p02.results import Results

    cur = _curves(gains)
    rows = c02.fig_5_10_11(cur)
    claim = "history length 1, 2, 3 makes no clear difference against EXP0"
    row = [r for r in rows if r["claim"] == claim][0]
    assert row["verdict"] == "differs" and len(row.cases) == 2
    rr = r02.rows(rows, r02.Inputs(reading=None, results=Results(curves=cur)))
    mine = R.of_claim(rr, claim)
    assert [r["verdict"] for r in mine if r["reading"] == c02.NOT_CLEAR.name] == [wording]
    assert V.cause(mine) == cause
    # a confirmatory rebuild carries the fresh sample's cases, which the reading then judges
    again = c02.rebuild(row, row.est, row.judgement, cases=row.cases[:1])
    assert again.cases == row.cases[:1]


def test_claims_of_one_sentence_of_figs_5_6_and_5_7_carry_one_sentence_key_and_are_judged_jointly():
    """Referee 2: seed 001 l.451 (EXP0/EXP1), l.453 (EXP2 and EXP3) and l.470 (RL03, RL0123, RL-random) are one
    sentence each, so their readings rows carry one sentence key and a reading that reproduces one claim but makes
    a sibling differ does not explain the sentence."""
    rows = []
    for a, rates in (("EXP0", (0.32, 0.35, 0.33)), ("EXP1", (0.34, 0.33, 0.33)), ("EXP2", (0.30, 0.31, 0.39)),
                     ("EXP3", (0.40, 0.30, 0.30))):
        rows += [{"fallback": "smallest", "margin": 3, "a": a, "b": a, "seat": s, "games": 20_000,
                  "wins": int(20_000 * p), "win_rate": p} for s, p in zip((1, 2, 3), rates)]
    built = c02.fig_5_6(pd.DataFrame(rows), "smallest")
    keys = {r["claim"]: c02.sentence_of("Fig 5-6", r["claim"]) for r in built}
    assert len(built) == 6 and all(keys.values())
    assert keys["EXP2: P3 clearly highest"] == keys["EXP3: P1 clearly advantaged"] != keys["EXP1: P1 best"]
    assert len({keys[c] for c in keys if c.startswith(("EXP0", "EXP1"))}) == 1
    fig_5_7 = ("RL03 stays advantaged against EXP0", "RL0123 stays advantaged against EXP0",
               "RL-random is advantaged against all four EXPs")
    assert len({c02.sentence_of("Fig 5-7", c) for c in fig_5_7} - {""}) == 1
    assert c02.sentence_of("Fig 5-7", "RL-random is advantaged against all four EXPs") != c02.sentence_of(
        "Fig 5-7", "a model is advantaged against the last EXP it trained on")
    assert c02.sentence_of("Fig 5-8", "RL03 stays advantaged against EXP0") == ""

    # greedy evaluation leans to reproduce RL-random's clause (power, alone) but makes RL03's differ: when RL03's
    # clause holds by default, the reading breaks it, so it counts as differing and the reading not built leaves
    # RL-random untested; when RL03's clause differs by default too (issue 49), the reading breaks nothing: power
    from liarlab.study.readings import jointly

    def reading(claim, name, est, verdict, default=False):
        e = V.Estimate(est, est - 0.03, est + 0.03, 10, "seeds")
        j = V.direction(e, ">", 0.5)
        assert j.verdict == verdict
        return R.in_sentence(c02.sentence_of("Fig 5-7", claim), [R.run(
            "Fig 5-7", claim, R.Reading(name, "a reading", "spec", default=default), e, j)])

    rr = (reading(fig_5_7[0], "as judged", 0.6, "reproduced", True) + reading(fig_5_7[0], "greedy", 0.36, "differs")
          + reading(fig_5_7[2], "as judged", 0.46, "differs", True)
          + reading(fig_5_7[2], "greedy", 0.52, "inconclusive")
          + R.in_sentence(c02.sentence_of("Fig 5-7", fig_5_7[2]),
                          [R.not_built("Fig 5-7", fig_5_7[2], c02.TABLES_OTHER, c02.TABLES_OTHER_WHY)]))
    alone = [r for r in rr if r["claim"] == fig_5_7[2]]
    assert V.cause(alone) == "power"
    claim = {"claim": fig_5_7[2], "family": "Fig 5-7", "kind": "finding", "verdict": "differs", "cause": "power"}
    assert jointly([claim], rr)[0]["cause"] == "untested"
    broken_anyway = reading(fig_5_7[0], "as judged", 0.3, "differs", True) + rr[1:]
    assert jointly([claim], broken_anyway)[0]["cause"] == "power"


def test_fig_5_17s_uniform_reading_is_bounded_when_a_pair_of_four_or_five_differs():
    """Hands with four or five of a face are already uniform over their class, so when such a pair differs the
    uniform reading cannot reproduce "the side with the higher multiplicity is advantaged" (third referee)."""
    def grid(five_four):
        rows = []
        for s1 in range(1, 6):
            for s2 in range(1, 6):
                rate = 0.5 + 0.05 * (s1 - s2)
                if (s1, s2) == (5, 4):
                    rate = five_four
                elif (s1, s2) == (4, 5):
                    rate = 1 - five_four
                for seed in range(10):
                    rows.append({"player": "EXP1", "s1": s1, "s2": s2, "seed": seed, "wins": int(rate * 10_000),
                                 "games": 10_000, "win_rate": int(rate * 10_000) / 10_000})
        return pd.DataFrame(rows)

    claim = "EXP1: the side with the higher multiplicity is advantaged"
    assert c02._uniform_moot_pair(grid(0.3), claim) == (5, 4)
    assert c02._uniform_moot_pair(grid(0.55), claim) is None
    assert c02._uniform_moot_pair(grid(0.3), "EXP1: each gap g beats g+1") is None


def test_a_reading_that_breaks_another_sentence_of_the_figure_does_not_explain_it():
    """Referees 3 and 4 (02 row 13): margin 2 reproduces "EXP3: P1 clearly advantaged" (seed 001 l.453) and breaks
    "EXP0: P2 best", in the figure's other sentence (l.451) but of the same family: one run of the three-player
    experiment under one margin. Since the family rule (docs/VERDICTS.md, History 2026-12-07, second session) the
    reading is refuted and the cause is ``genuine``; a claim of the family that differs by default too breaks
    nothing, and the cause is ``reading`` again."""
    from liarlab.study.readings import jointly

    fam = "Fig 5-6"

    def run(claim, name, verdict, default=False):
        e = V.Estimate(0.05, 0.02, 0.08, 100_000, "games")
        j = V.stated(verdict, "a rule")
        return R.in_sentence(c02.sentence_of(fam, claim), [R.run(
            fam, claim, R.Reading(name, "a reading", "spec", default=default), e, j)])

    exp3, exp2, exp0 = "EXP3: P1 clearly advantaged", "EXP2: P3 clearly highest", "EXP0: P2 best"
    assert c02.sentence_of(fam, exp3) == c02.sentence_of(fam, exp2) != c02.sentence_of(fam, exp0)
    rr = (run(exp3, "as judged", "differs", True) + run(exp3, "margin 2", "reproduced")
          + run(exp2, "as judged", "differs", True) + run(exp2, "margin 2", "differs")
          + run(exp0, "as judged", "reproduced", True) + run(exp0, "margin 2", "differs"))
    claim = {"claim": exp3, "family": fam, "kind": "finding", "verdict": "differs", "cause": "?", "readings": "x"}
    out = jointly([claim], rr)[0]
    assert out["cause"] == "genuine"
    assert "same sentence or family differs (EXP0: P2 best)" in out["readings"]
    rr2 = [r if not (r["claim"] == exp0 and r["is_default"]) else {**r, "verdict": "differs"} for r in rr]
    assert jointly([claim], rr2)[0]["cause"] == "reading"


def test_every_family_of_the_claims_table_has_one_record_and_every_section_is_a_family_s():
    """Issue 48: the records are the one registry. Every family of the committed claims table has its record in
    CLAIM_FAMILIES; every family whose findings can differ has a readings builder (``read``); every section a row
    carries is an object some family declares (no registry keyed by name), so the two-stage design can measure it
    again."""
    claims = pd.read_csv(pathlib.Path(__file__).resolve().parents[3] / "data" / "02_claims.csv")
    assert set(claims.family) <= set(c02.BY_ID)
    findings = claims[(claims.kind == "finding") & (claims.verdict != "extension")
                      & (claims.verdict != "not-reproducible")]
    assert all(c02.BY_ID[f].read for f in set(findings.family))
    declared = {id(s) for f in c02.CLAIM_FAMILIES for s in f.sections}
    module = {id(v) for v in vars(c02).values() if isinstance(v, c02.Section)}
    assert declared == module and not hasattr(c02, "SECTIONS")
