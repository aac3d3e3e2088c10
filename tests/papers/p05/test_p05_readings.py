"""Notebook 05's readings (issue 36), round-off written as zero (issue 39) and one name per rule set (issue 37)."""
from types import SimpleNamespace

import pandas as pd
import pytest

from liarlab.bluff.rules import BluffRules
from liarlab.core import verdicts as V
from liarlab.papers.p05 import claims as claims05
from liarlab.papers.p05 import experiments as p05x
from liarlab.papers.p05 import numbers as numbers05
from liarlab.study import families as study_families
from liarlab.study import readings as study_readings

# exact one-die values (win fractions) and the talk's per-turn ones, N = 2..6
EXACT = {2: 0.75, 3: 5 / 9, 4: 0.53125, 5: 0.504, 6: 0.486434}
PER_TURN = {2: 0.75, 3: 0.5601851852, 4: 0.5384425813, 5: 0.5668024119, 6: 0.5800265725}


def _cmp():
    return pd.DataFrame({"faces": list(EXACT), "per_turn_claimed_win": list(PER_TURN.values()),
                         "per_turn_self_play_win": [0.75, 0.564, 0.55, 0.56, 0.57],
                         "per_turn_gain_first": [0.0, 0.038, 0.2, 0.3, 0.4],
                         "per_turn_gain_second": [0.0, 0.406, 0.59, 0.58, 0.72],
                         "per_turn_mean_gain": [0.0, 0.2222, 0.3956, 0.4392, 0.5603],
                         "exact_win": list(EXACT.values()), "exact_mean_gain": [0.0, 2.1e-17, 0.0, 4.2e-17, 1.8e-16],
                         "exact_seconds": [0.01] * 5})


def _star():
    rows = [{"faces": n, "method": m, "quantity_win": v, "star_win": v}
            for n in EXACT for m, v in (("per-turn", PER_TURN[n]), ("exact", EXACT[n]))]
    return pd.DataFrame(rows)


def _sens():
    return pd.DataFrame({"faces": list(EXACT), "R2_win_pct": [75.0, 66.67, 56.25, 54.54, 51.93]})


def _profiles():
    return pd.DataFrame([{"reading": r, "faces": n, "mean_gain": g} for r in ("R2", "star")
                         for n, g in zip(EXACT, [0.25, 0.78, 0.56, 0.40, 0.47])])


def test_roundoff_is_written_as_zero_and_zero_never_in_e_notation():
    assert numbers05.zero_below(2.1e-17) == 0.0 and numbers05.zero_below(1.4e-17) == 0.0
    assert numbers05.zero_below(3e-9) == 3e-9
    assert numbers05.sci(0.0) == "0" and numbers05.sci(2.5e-10) == "2.5 × 10⁻¹⁰" and numbers05.sci(2.2e-16) == "< 10⁻¹⁵"
    # an open cell's width is a plain decimal (issue 50), a round-off one (0 included) one text, not three
    assert [numbers05.width_text(w) for w in (0.1402, 0.0159, 0.2927, 0.010019, 2.6e-12, 2.6e-15, 2.2e-16, 0.0)] == [
        "0.14", "0.016", "0.29", "0.01", "2.6 × 10⁻¹²", "< 10⁻¹⁴", "< 10⁻¹⁴", "< 10⁻¹⁴"]
    assert numbers05.sci(0.14) == "0.14"   # a width that fits as a plain decimal is one (issue 50)
    assert numbers05.gain_text(1.4e-17) == numbers05.gain_text(2.1e-17) == "0 (below 10⁻¹², round-off)"
    # two runs that differ only by round-off give the same table (byte-identical reruns)
    one, two = _cmp(), _cmp().assign(exact_mean_gain=[0.0, 1.4e-17, 0.0, 5e-17, 1.1e-16])
    a, b = claims05.comparison_beside_talk(one), claims05.comparison_beside_talk(two)
    assert a.to_csv() == b.to_csv() and (a.exact_mean_gain == 0).all()


def test_rule_sets_have_one_name_each():
    assert p05x.rule_set_name(BluffRules()) == p05x.DEFAULT_READING == "default reading (loser opens, quantity order)"
    talk = BluffRules(bid_order="star", next_opener="challenger")
    label = talk.label[:-3]
    assert p05x.rule_set_name(talk, label) == f"the talk's game ({label})"
    assert p05x.rule_set_name(talk) == label


def test_comparison_and_headline_rows_carry_readings_and_derived_causes():
    cmp = claims05.comparison_beside_talk(_cmp())
    # through the engine: the readings that cannot be run are declared beside their families (Ways)
    run = SimpleNamespace(exact_vs_per_turn=cmp, star_one_die=_star(), sensitivity=_sens(), profiles=_profiles())
    families = [f for f in claims05.CLAIM_FAMILIES if f.id in (claims05.COMPARISON_FAMILY, claims05.PRIOR_CLAIM,
                                                                claims05.OPTIMAL_FAMILY)]
    rows = study_families.claims_rows(families, run)
    by = {r["claim"]: r for r in rows}
    gambit = by["Bluff-1 comparison N=3: Gambit win %"]
    # the talk's Gambit value is its per-turn value: a reading that was run reproduces it
    assert gambit["verdict"] == "differs" and gambit["cause"] == "reading"
    assert "Gambit given the per-turn model: reproduced" in gambit["readings"]
    headline = [r for r in rows if r["headline"]][0]
    assert headline["verdict"] == "differs" and headline["cause"] == "genuine"
    assert "accept payoff R2: differs" in headline["readings"] and "cannot be run" in headline["readings"]
    prior = by["Bluff: the prior work (Lanctot & Long 2007) is wrong from N=3 on (the talk's per-turn values are "
               "the equilibrium values)"]
    assert prior["verdict"] == "differs" and prior["cause"] == "genuine"
    # readers: "max |exact - prior| = 0.0050 pp" read as a formula; N=4's 53.125 against the printed 53.13
    assert prior["reproduced_value"] == "largest gap 0.005 points"
    # the scale in words, not "+-1" or "±1 units", in the headline's claim and note (issue 50 readers)
    assert "+-1" not in headline["claim"] and "a win counts +1, a loss −1" in headline["note"]
    assert not any("+-1" in str(r.get(k)) for r in rows for k in ("claim", "note"))
    rr = study_families.readings_rows(rows)
    study_readings.check(pd.DataFrame(rows), rr)   # every differing row's cause is the one its readings give
    assert all("note" in r for r in rr) and {r["verdict"] for r in rr} <= {"reproduced", "differs", "inconclusive",
                                                                           "not run"}
    # gains below the tolerance are written as 0 in the note
    assert "mean best-response gain 0 (below 10⁻¹², round-off)" in by[
        "Bluff-1 comparison N=3: prior work (Lanctot & Long 2007) win %"]["note"]


def test_gap_rows_are_one_family_with_every_open_point_listed():
    bluff1 = pd.DataFrame({"faces": list(PER_TURN), "win_pct": [100 * v for v in PER_TURN.values()]})
    exact = pd.DataFrame({"faces": list(EXACT), "exact_win": list(EXACT.values())})
    # through the engine: the readings that cannot be run are declared beside the family (Ways)
    run = SimpleNamespace(bluff1=bluff1, one_die_exact=exact, exact_vs_per_turn=exact, star_one_die=_star(),
                          sensitivity=_sens())
    rows = study_families.claims_rows([f for f in claims05.CLAIM_FAMILIES if f.id == claims05.GAP_FAMILY], run)
    assert {r["family"] for r in rows} == {claims05.GAP_FAMILY}
    real = [r for r in rows if "real game" in r["claim"]][0]
    names = [x["reading"] for x in real["readings_rows"]]
    assert names == ["gap |2p − 1|", "lowest first-player win %", "N = 2..6 only", "star bid order",
                     "accept payoff R2", "penalties and next opener"]
    verdicts = {x["reading"]: x["verdict"] for x in real["readings_rows"]}
    assert verdicts["accept payoff R2"] == "not run" and verdicts["gap |2p − 1|"] == "differs"
    assert real["cause"] == V.cause(real["readings_rows"]) == "genuine"


def test_talks_values_row_reads_every_kept_and_searched_variant():
    def grid(values):
        return pd.DataFrame([(a, b, v) for (a, b), v in values.items()], columns=["first_dice", "second_dice",
                                                                                   "win_pct"])
    talk = {(1, 1): 75.0, (1, 2): 21.9}
    run = SimpleNamespace(talk=pd.Series({"variant": "t"}), talk_exact=grid(talk),
                          bluff2_exact=grid({(1, 1): 75.0, (1, 2): 25.0}))
    row = claims05.talk_values_claim(run, {"t": talk, "k": {(1, 1): 75.5, (1, 2): 25.2}},
                                     {"t": talk, "s": {(1, 1): 70.0}})
    rows = row["readings_rows"]
    by = {r["reading"]: r for r in rows}
    assert by["the talk's game t"]["is_default"] and by["the talk's game t"]["verdict"] == "differs"
    assert by["variant k"]["verdict"] == "reproduced"
    assert by["variant s"]["verdict"] == "differs" and "few dice" in by["variant s"]["note"]
    assert "variant t" not in by   # the default is not read twice
    assert by["accept payoff R2"]["verdict"] == "not run"
    assert V.cause(rows) == "reading" and row["cause"] == "reading"


def test_a_typed_cause_is_refused():
    from liarlab.study.outputs import claim

    with pytest.raises(TypeError):
        claim("x", "s", 1, V.exact(2), V.value(1, V.exact(2)), kind="finding", cause="genuine")
