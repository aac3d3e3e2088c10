"""Claims of notebook 04 (built from synthetic tables, so each verdict can be shown to flip) and small experiments."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from liarlab.core import readings as R
from liarlab.papers.p04 import claims, experiments
from liarlab.study.unit_judges import readings_of

CHECKPOINTS = (20, 50, 100, 300, 500)


def _runs(rates_by_personality, n_runs=30, noise=0.02, seed=0):
    """Per-run cumulative rows whose windowed rates are ``rates`` (one per checkpoint interval)."""
    rng = np.random.default_rng(seed)
    rows = []
    for name, rates in rates_by_personality.items():
        for run in range(n_runs):
            wins, prev = 0, 0
            for games, rate in zip(CHECKPOINTS, rates):
                r = float(np.clip(rate + rng.normal(0, noise), 0, 1))
                wins += round(r * (games - prev))
                prev = games
                rows.append({"personality": name, "run": run, "games": games, "wins": wins, "draws": 0,
                             "win_rate": wins / games, "p": 0.9, "k": 5.0})
    return pd.DataFrame(rows)


def _lies(rate6):
    return pd.DataFrame([{"personality": p, "position": 6, "lies": int(r * 20_000), "games": 20_000,
                          "lie_rate": r} for p, r in zip(("P1", "P2", "P3", "P4", "P5"), rate6)])


def _verdicts(rows):
    return {r["claim"]: r["verdict"] for r in rows}


RISING = [0.55, 0.6, 0.65, 0.75, 0.85]
FLAT = [0.7] * 5
LOW = [0.45] * 5
EARLY_LOW = [0.3, 0.7, 0.7, 0.7, 0.7]  # cumulative rate rises after game 100, windowed rate is flat
LEARN = "Stage 1 vs {}: the learner still improves (windowed win rate, games 51-100 to 301-500)"
CHART = "Stage 1 vs {}: the chart's cumulative win rate rises from 100 to 500 games"


def test_stage1_claims_reproduce_and_differ():
    good = _runs({p: RISING for p in ("P1", "P2", "P3", "P4", "P5")})
    rows = claims.stage1_claims(good, experiments.windowed_rates(good), _lies([0.5, 0.5, 0.5, 0.69, 0.3]))
    v = _verdicts(rows)
    assert all(x == "reproduced" for x in v.values()), v
    example = [r for r in rows if r["claim"].startswith("Stage 1 example")][0]
    assert "agrees by selection" in example["flags"]
    # a cumulative curve that rises only because early games are averaged in is flat in the windows
    bad = _runs({"P1": FLAT, "P2": RISING, "P3": RISING, "P4": RISING, "P5": LOW})
    v = _verdicts(claims.stage1_claims(bad, experiments.windowed_rates(bad), _lies([0.5, 0.5, 0.5, 0.8, 0.3])))
    assert v[LEARN.format("P1")] == "differs" and v[CHART.format("P1")] == "differs"
    assert v[LEARN.format("P5")] == "differs"
    assert v["Stage 1: win rate vs P5 is not lower than vs P2-P4 (after 500 games)"] == "differs"
    assert v["Stage 1: the learner's win rates are almost all above 50%"] == "differs"  # 20 of 25 is not almost all
    assert v["Stage 1 example: an opponent lied 343 times at position 6 in 500 games"] == "differs"


def test_the_343_example_is_an_illustration_with_a_uniform_hands_reading():
    """The paper's 譬如 ("for example") in its method section is no finding: kind check, no cause. Its
    uniform-hands reading is run when the uniform lie rates are given (P4 0.696 there, as the referee computed)."""
    binomial, uniform = _lies([0.5, 0.5, 0.5, 0.793, 0.3]), _lies([0.5, 0.5, 0.5, 0.696, 0.3])
    row = claims.example_claim(binomial, uniform)
    assert row["kind"] == "check" and row["verdict"] == "differs" and row["cause"] == ""
    mine = {r["reading"]: r for r in row["readings_rows"]}
    assert mine["uniform hands"]["verdict"] == "reproduced" and R.cause(row["readings_rows"]) == "reading"
    # the pages name it by what it is, read from its note: "the paper's illustrative example", never "one check of
    # our code differs" (fresh readers on 04 and 99, after a rewording dropped the phrase the kind is read from)
    from liarlab.study.answer import check_kind
    assert check_kind(row) == "example"
    unbuilt = claims.example_claim(binomial)
    assert {r["reading"]: r["verdict"] for r in unbuilt["readings_rows"]}["uniform hands"] == R.NOT_BUILT


def test_not_lower_is_the_protocol_word():
    """A gap of 1 point is 'not lower' (the word allows down to -2 points); a significant gap alone does not fail."""
    base = {p: [0.7] * 5 for p in ("P2", "P3", "P4", "P5")}
    runs = _runs({"P1": [0.69] * 5, **base}, n_runs=200, noise=0.01)
    v = _verdicts(claims.stage1_claims(runs, experiments.windowed_rates(runs), _lies([0.5, 0.5, 0.5, 0.69, 0.3])))
    assert v["Stage 1: win rate vs P1 is not lower than vs P2-P4 (after 500 games)"] == "reproduced"


def _learners(rates, seeds=12, sd=0.02, feature_set="F7", variant="paper", seed=0):
    """Per-seed learner rows: rates[opponent][training_games] -> mean win rate."""
    rng = np.random.default_rng(seed)
    rows = []
    for opp, by_n in rates.items():
        for n, rate in by_n.items():
            for s in range(seeds):
                r = float(np.clip(rate + rng.normal(0, sd), 0, 1))
                rows.append({"opponent": opp, "training_games": n, "feature_set": feature_set, "variant": variant,
                             "seed_index": s, "wins": round(r * 1000), "draws": 0, "games": 1000,
                             "small_wins": 10, "small_games": 20})
    frame = pd.DataFrame(rows)
    frame["win_rate"] = frame.wins / frame.games
    frame["small_rate"] = frame.small_wins / frame.small_games
    return frame


SHAPE = {50: 0.4, 100: 0.6, 300: 0.62, 500: 0.63, 1000: 0.64}


def test_training_claims_follow_the_orderings():
    bonus = {"a": 0.3, "f": 0.32, "d": 0.03, "b": 0.0, "c": 0.0, "e": 0.0}
    frame = _learners({o: {n: r + b for n, r in SHAPE.items()} for o, b in bonus.items()}, seeds=30, sd=0.01)
    v = _verdicts(claims.training_claims(frame))
    assert set(v.values()) == {"reproduced"}, v
    bonus.update(a=0.1, f=0.12, b=0.3)
    frame = _learners({o: {n: r + b for n, r in SHAPE.items()} for o, b in bonus.items()}, seeds=30, sd=0.01)
    v = _verdicts(claims.training_claims(frame))
    assert v["Stage 2: highest win rates against a and f (1,000 training games)"] == "differs"
    assert v["Stage 2: win rate against d slightly above b, c and e"] == "differs"


def test_ceiling_cells_are_left_out_of_gains():
    rates = {o: dict(SHAPE) for o in "abcde"}
    rates["f"] = {50: 0.9, 100: 0.999, 300: 1.0, 500: 1.0, 1000: 1.0}
    frame = _learners(rates, sd=0.0005)
    frame.loc[frame.opponent == "f", "win_rate"] = frame.loc[frame.opponent == "f", "win_rate"].clip(upper=1)
    rows = {r["claim"]: r for r in claims.training_claims(frame)}
    f_row = rows["Stage 2 vs f: win rate rises from 50 to 1,000 training games"]
    assert f_row["verdict"] == "inconclusive" and "ceiling" in f_row["note"]
    assert "left out at the ceiling: f" in rows["Stage 2: the rise slows after about 100 training games"]["note"]
    assert all(r["ci_high"] is None or r["ci_high"] <= 1 for r in rows.values())


def _features(f5, f7, h5, seeds=15):
    frames = [_learners({o: {300: r} for o, r in rates.items()}, seeds=seeds, feature_set=fs, seed=k)
              for k, (fs, rates) in enumerate((("F5", f5), ("F7", f7), ("F7-H5", h5)))]
    return pd.concat(frames, ignore_index=True)


def test_feature_claims():
    f5 = {o: 0.5 for o in "abcdef"}
    f7 = {o: 0.6 for o in "abcdef"}
    h5 = {**f7, "d": 0.65, "e": 0.65}
    v = _verdicts(claims.feature_claims(_features(f5, f7, h5, seeds=40)))
    assert v["Stage 2: lie history (features 6, 7) is worth about 10 points"] == "reproduced"
    assert v["Stage 2: more history helps most against d and e"] == "reproduced"
    v = _verdicts(claims.feature_claims(_features(f7, f7, {**f7, "a": 0.75}, seeds=40)))
    assert v["Stage 2: lie history (features 6, 7) is worth about 10 points"] == "differs"
    assert v["Stage 2: remembering 5 lies instead of 3 changes little"] == "differs"
    assert v["Stage 2: more history helps most against d and e"] == "differs"


def test_weights_claim_needs_more_than_chance():
    ok = {"learners": 60, "correct": 50, "accuracy": 50 / 60, "chance": 1 / 6}
    assert claims.weights_claim(ok)["verdict"] == "reproduced"
    assert claims.weights_claim({**ok, "correct": 3, "accuracy": 0.05})["verdict"] == "differs"


def test_weight_separability_on_separated_and_mixed_weights():
    rng = np.random.default_rng(0)
    sep = [{"opponent": o, "weights": np.full((7, 7), k) + rng.normal(0, 0.01, (7, 7))}
           for k, o in enumerate("abc") for _ in range(5)]
    assert experiments.weight_separability(sep)["accuracy"] == 1.0
    mixed = [{"opponent": o, "weights": rng.normal(0, 1, (7, 7))} for o in "abc" for _ in range(5)]
    assert experiments.weight_separability(mixed)["accuracy"] < 0.8


def test_windowed_rates_are_not_cumulative():
    runs = _runs({"P1": [0.2, 0.2, 1.0, 1.0, 1.0]}, n_runs=2, noise=0.0)
    w = experiments.windowed_rates(runs).set_index(["run", "window"]).win_rate
    assert w[(0, "51-100")] == pytest.approx(1.0) and w[(0, "301-500")] == pytest.approx(1.0)
    assert runs[(runs.run == 0) & (runs.games == 100)].win_rate.iloc[0] < 0.7


def test_small_experiments_run_and_have_intervals():
    lies = experiments.personality_lie_rates(n_games=200, seed=0)
    assert len(lies) == 50 and (lies.ci_low <= lies.lie_rate).all()
    spread = experiments.lie_count_spread(n_runs=3, n_games=50, seed=0)
    assert len(spread) == 5 * 3 * 10 and set(spread.position) == set(range(1, 11))
    runs = experiments.learning_runs(n_runs=2, n_games=20, checkpoints=(20,), seed=0, personalities=("P1",))
    assert len(runs) == 2 and set(runs.games) == {20}
    grid = experiments.q_learning_grid((0, 20), n_seeds=3, n_test=30, opponents=("a",))
    table = experiments.win_rate_table(grid)
    assert list(table.training_games) == [0, 20] and (table.test_games == 30).all()
    assert ((table.ci_low >= 0) & (table.ci_high <= 1)).all()
    rr = experiments.round_robin(n_games=50, seed=0, types=("a", "d"))
    audit = experiments.hand_emptying_audit(rr)
    assert list(audit.rules) == list(experiments.RULES_VARIANTS)
    assert (audit.first_player_wins <= audit.decided).all()
    freq = experiments.agent_frequencies(rr).set_index(["rules", "agent"])
    assert freq.loc[("modified rules", "a"), "challenge_share"] == 0


def test_traditional_seatings_rotate_every_type_through_every_seat():
    assert len(experiments.seatings("abdf")) == 24 and len(experiments.seatings("adaf")) == 12
    trad = experiments.traditional_table(n_games=1, seed=0, tables=("abdf",))
    assert set(trad.groupby("agent").seat.nunique()) == {4}
    by_seat = experiments.traditional_summary(trad, "seat")
    assert by_seat.games.sum() == 4 * 24


def test_expected_difference_matches_spec():
    assert experiments.stage1_expected_difference(0.5, 0.5, 1.0) == pytest.approx(0.5)
    assert experiments.stage1_expected_difference(0.5, 0.3, 1.0) == pytest.approx(0.1)


def test_two_stage_design_judges_the_fresh_sample_alone():
    """An undecided pilot asks for a confirmatory size (recorded in plans); the verdict then comes from the fresh
    sample, with the pilot recorded beside it."""
    noisy = {o: {n: r for n, r in SHAPE.items()} for o in "abcdef"}
    noisy["e"] = {**SHAPE, 1000: SHAPE[50] + 0.03}
    pilot = _learners(noisy, seeds=10, sd=0.08, seed=1)
    plans = {}
    claims.training_claims(pilot, ctx=SimpleNamespace(confirm={}, plans=plans, caps={"training": 60}))
    assert 0 < plans["training"] <= 60
    fresh = _learners({**noisy, "e": {**SHAPE, 1000: SHAPE[50] + 0.2}}, seeds=plans["training"], sd=0.02, seed=2)
    rows = {r["claim"]: r for r in claims.training_claims(
        pilot, ctx=SimpleNamespace(confirm={"training": fresh}, plans=None, caps={"training": 60}))}
    e = rows["Stage 2 vs e: win rate rises from 50 to 1,000 training games"]
    assert e["pilot_verdict"] == "inconclusive" and e["verdict"] == "reproduced" and e["n"] == plans["training"]
    assert "confirmatory (fresh)" in e["note"]


def test_the_chart_and_the_inference_are_two_claims():
    """A cumulative chart rises after game 100 while the windowed rate is flat: the chart reproduces, the
    inference "it learned" differs, each in its own row and family."""
    runs = _runs({p: EARLY_LOW if p == "P1" else RISING for p in ("P1", "P2", "P3", "P4", "P5")})
    rows = {r["claim"]: r for r in claims.stage1_claims(runs, experiments.windowed_rates(runs),
                                                         _lies([0.5, 0.5, 0.5, 0.69, 0.3]))}
    chart, learn = rows[CHART.format("P1")], rows[LEARN.format("P1")]
    assert chart["verdict"] == "reproduced" and chart["family"] == claims.STAGE1_FAMILY
    assert learn["verdict"] == "differs" and learn["family"] == claims.LEARNING_FAMILY


def test_differing_findings_derive_their_cause_from_readings():
    bad = _runs({"P1": FLAT, "P2": RISING, "P3": RISING, "P4": RISING, "P5": LOW})
    settings = pd.concat([_runs({p: FLAT if p == "P1" else RISING for p in ("P1", "P2", "P3", "P4", "P5")}, seed=s)
                          .assign(setting=label) for s, label in enumerate(claims.GAME_SETTINGS.values())]
                         + [_runs({"P5": LOW}, seed=9).assign(setting=label) for label in claims.P5_SETTINGS.values()])
    rows = claims.stage1_claims(bad, experiments.windowed_rates(bad), _lies([0.5, 0.5, 0.5, 0.8, 0.3]),
                                settings_runs=settings)
    differing = [r for r in rows if r["kind"] == "finding" and r["verdict"] == "differs"]
    assert differing and all(r["cause"] and r["readings"] for r in differing)
    every = claims.notebook_readings(rows)
    for r in differing:  # the cause is the one rule's, from the row's own readings rows and its sentence's
        mine = R.of_claim(r["readings_rows"], r["claim"])
        assert R.cause(mine, siblings=R.siblings(every, r["claim"])) == r["cause"]
        assert sum(x["is_default"] for x in mine) == 1 and len(mine) > 1
    # every settings reading was run; the claims of the stage-1 sentence all declare P5's lie rate (against P1 its
    # settings' runs are the default's, so its verdict is the default's), the "not lower" claim about P1 does not
    learn = {p: [r for r in rows if r["claim"] == LEARN.format(p)][0] for p in ("P1", "P5")}
    p1 = {x["reading"]: x["verdict"] for x in learn["P1"]["readings_rows"]}
    p5 = {x["reading"]: x["verdict"] for x in learn["P5"]["readings_rows"]}
    assert all(p1[x.name] in R.RUN for x in claims.GAME_SETTINGS)
    assert all(p1[x.name] == p1[claims.S1_DEFAULT.name] for x in claims.P5_SETTINGS)
    assert all(p5[x.name] in R.RUN for x in claims.P5_SETTINGS)
    lower = [r for r in rows if r["claim"].startswith("Stage 1: win rate vs P1 is not lower")][0]
    assert not any(x["reading"] in {y.name for y in claims.P5_SETTINGS} for x in lower["readings_rows"])
    assert {x["sentence"] for x in learn["P1"]["readings_rows"]} == {claims.S1_SENTENCE}
    assert {x["sentence"] for x in lower["readings_rows"]} == {""}
    # a table whose cause disagrees with its readings is refused when the readings are saved
    from liarlab.study import readings as study_readings
    table = pd.DataFrame(rows)
    study_readings.check(table, claims.notebook_readings(rows))
    table.loc[table.claim == LEARN.format("P1"), "cause"] = "misprint"  # a typed cause the readings do not give
    with pytest.raises(ValueError, match="its readings give"):
        study_readings.check(table, claims.notebook_readings(rows))


def _settings(default_for, start_for=None):
    """Settings runs of every settings reading: ``default_for(p)`` rates, and ``start_for(label, p)`` for the
    starting-value settings (spec §8.4) when given."""
    start_for = start_for or (lambda label, p: default_for(p))
    names = ("P1", "P2", "P3", "P4", "P5")
    return pd.concat(
        [_runs({p: default_for(p) for p in names}, seed=s).assign(setting=label)
         for s, label in enumerate(claims.GAME_SETTINGS.values())]
        + [_runs({"P5": default_for("P5")}, seed=9).assign(setting=label) for label in claims.P5_SETTINGS.values()]
        + [_runs({p: start_for(label, p) for p in names}, seed=20 + s).assign(setting=label)
           for s, label in enumerate(claims.START_SETTINGS.values())])


def test_the_starting_values_of_p_and_k_are_run_readings_of_every_stage1_claim():
    """Issue 49: spec §8.4's starting values of (p, k) are three settings runs (p0 = 0, p0 = 1, k0 = 10), run for
    every stage-1 claim (the sentence's and the 'not lower' rows); a learner that starts at p = 0 and still improves
    against a flat P1 explains 'the learner still improves' (reading) when it breaks no other claim of the
    sentence; without the settings runs they cannot be judged here."""
    assert set(claims.START_SETTINGS.values()) <= set(experiments.STAGE1_SETTINGS)
    assert experiments.STAGE1_SETTINGS["starts at p = 0"] == {"p0": 0.0}
    assert experiments.STAGE1_SETTINGS["starts at k = 10"] == {"k0": 10.0}
    # appended after every earlier setting, so those keep their task streams
    assert list(experiments.STAGE1_SETTINGS)[-3:] == list(claims.START_SETTINGS.values())
    bad = _runs({"P1": FLAT, "P2": RISING, "P3": RISING, "P4": RISING, "P5": RISING})
    settings = _settings(lambda p: FLAT if p == "P1" else RISING,
                         lambda label, p: RISING if label == "starts at p = 0" or p != "P1" else FLAT)
    rows = claims.stage1_claims(bad, experiments.windowed_rates(bad), _lies([0.5, 0.5, 0.5, 0.8, 0.3]),
                                settings_runs=settings)
    stage1 = [r for r in rows if r.get("readings_rows") and r["family"] != claims.EXAMPLE_FAMILY]
    for r in stage1:
        got = {x["reading"]: x["verdict"] for x in r["readings_rows"]}
        assert all(got[x.name] in R.RUN for x in claims.START_SETTINGS), r["claim"]
    flat = [r for r in rows if r["claim"] == LEARN.format("P1")][0]
    got = {x["reading"]: x["verdict"] for x in flat["readings_rows"]}
    assert flat["verdict"] == "differs" and got[claims.START_P0.name] == "reproduced"
    assert got[claims.START_P1.name] == "differs" and flat["cause"] == "reading"
    # without the settings runs the readings cannot be judged in this call: never silently reproduced
    alone = claims.stage1_claims(bad, experiments.windowed_rates(bad), _lies([0.5, 0.5, 0.5, 0.8, 0.3]))
    flat = [r for r in alone if r["claim"] == LEARN.format("P1")][0]
    assert {x["verdict"] for x in flat["readings_rows"] if x["reading"] in {y.name for y in claims.START_SETTINGS}} \
        == {R.NOT_RUN}


def test_no_cause_is_typed_in_the_package():
    """Causes are derived by the one rule: no source of notebook 04's package names one, and the claims builder
    refuses a typed cause."""
    import pathlib

    import liarlab.papers.p04 as package
    from liarlab.study import outputs

    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        assert "cause=" not in path.read_text(), path.name
    with pytest.raises(TypeError):
        outputs.claim("x", "s", "1", 0.5, "differs", kind="finding", rule="r", cause="genuine")


def _late(setting_rates, n_runs=40, sd=0.03, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame([{"setting": s, "personality": p, "run": r, "window": "301-500",
                          "win_rate": float(np.clip(rate + rng.normal(0, sd), 0, 1))}
                         for s, rate in setting_rates.items() for p in ("P1", "P2", "P3", "P4", "P5")
                         for r in range(n_runs)])


def test_stage1_baselines_say_whether_learning_beats_catching_everything():
    learner = _late({"paper defaults": 0.79}).drop(columns="setting")
    base = _late({"always catch (1, 0)": 0.82, "never catch (0, 0)": 0.2, "frozen (p, k) = (0.5, 0)": 0.5,
                  "k fixed at 0": 0.78}, seed=1)
    rows = {r["claim"]: r for r in claims.baseline_claims(learner, base)}
    catch = rows["Stage 1: the learner wins more than always catching (games 301-500)"]
    # the paper compares its learner with no fixed policy: our test, an extension, its rule's verdict in the note
    assert catch["verdict"] == "extension" and not catch["headline"] and catch["paper_value"] is None
    assert "under this rule: differs" in catch["note"] and catch["cause"] == "" and not catch["readings_rows"]
    assert "under this rule: reproduced" in rows["Stage 1: the learner wins more than never catching (games "
                                                "301-500)"]["note"]
    assert not any(r.get("headline") for r in rows.values())
    assert all(r["family"].startswith("Extension:") for r in rows.values())


def test_stage2_baselines_beside_the_learner():
    frame = _learners({o: {1000: 0.7} for o in "abcdef"}, seeds=20, sd=0.02)
    base = pd.DataFrame([{"baseline": b, "opponent": o, "games": 100_000, "wins": int(r * 100_000)}
                         for b, r in (("never challenge", 0.8), ("random", 0.3)) for o in "abcdef"])
    rows = {r["claim"].split("'")[1]: r for r in claims.stage2_baseline_claims(frame, base)}
    assert {r["verdict"] for r in rows.values()} == {"extension"}
    assert "under this rule: differs" in rows["never challenge"]["note"]
    assert "under this rule: reproduced" in rows["random"]["note"]
    assert "Bonferroni" in rows["random"]["interval"]


def test_grid_variants_are_readings_only_at_the_grids_size_and_only_where_the_paper_allows_them():
    labels = claims.variant_labels(None)
    assert "last play challengeable" not in labels and "plays of up to 4 cards" in labels      # contradicts modified rule 1
    at_grid = claims._grid_readings(None, "a, f highest")
    assert len(at_grid) == len(labels) and all(callable(what) for _, what in at_grid)
    at_top = claims._grid_readings(None, "a, f highest", 1000)
    assert all(isinstance(what, R.Unbuilt) and "1,000" in what for _, what in at_top)
    rows = readings_of("F", "c", claims.S2_DEFAULT, None, "differs", at_top)
    assert R.cause(rows) == "untested" and {r["verdict"] for r in rows[1:]} == {R.NOT_BUILT}


def test_baseline_weights_are_the_named_policies():
    from liarlab.cheat import policies as pol

    legal = np.ones(7, dtype=np.bool_)
    phi = np.zeros(7)
    phi[4] = 1 / 7
    u = np.zeros(6)
    u[0] = 0.99  # no exploration
    assert pol.q_choose(experiments.baseline_weights("always challenge"), phi, legal, 0.0, u) == 0
    never = experiments.baseline_weights("never challenge")
    assert pol.q_choose(never, phi, legal, 0.0, u) == 3  # TRUTH_3
    legal[1:4] = False
    assert pol.q_choose(never, phi, legal, 0.0, u) == 6  # LIE_3, never CHALLENGE
    assert not experiments.baseline_weights("random").any()
    with pytest.raises(ValueError):
        experiments.baseline_weights("sometimes")


def test_rules_variant_tables_split_the_random_agent_and_rank_a_to_f():
    rr = experiments.round_robin(n_games=200, seed=0, types=("a", "d", "f", "random"))
    pools = experiments.hand_emptying_by_pool(rr)
    assert set(pools.pool) == {"a-f only", "random agent's cells"}
    assert pools.groupby("rules").games.sum().eq(16 * 200).all()
    st = experiments.standing(rr, types=("a", "d", "f"))
    assert set(st["rank"]) <= {1, 2, 3} and (st.games == 4 * 200).all()
    rows = claims.audit_claims(pools, pd.DataFrame({"variant": ["paper"] * 3, "expressible": [1, 2, 3],
                                                    "opportunities": [3, 3, 3]}), st)
    assert all(r["verdict"] == "extension" for r in rows)


def test_exploiter_table_and_cross_rules_effects():
    games = experiments.exploiter_games(n_games=300, seed=0, opponents=("a", "f"))
    table = experiments.exploiter_table(games)
    assert len(table) == 4 and (table.games == 600).all()
    assert (table.gain_low <= table.gain).all() and (table.gain <= table.gain_high).all()
    cross = experiments.cross_rules_test(n_train=30, n_seeds=3, n_test=50, seed=0, opponents=("a",))
    assert len(cross) == 2 * 2 * 3
    trained = experiments.training_challenges(cross)
    assert len(trained) == 2 and (trained.set_index("trained_under").final_share["modified rules"] == 0)
    effects = experiments.cross_rules_effects(cross, "a")
    assert set(effects) == {"training", "test_time", "challenge_share"}
    rows = claims.variant_claims(table, effects, _learners({o: {1000: 0.6} for o in "abcdef"}, seeds=10), trained)
    assert all(r["verdict"] == "extension" for r in rows)


def test_a_setting_that_makes_the_learner_improve_but_lose_does_not_explain_the_stage1_sentence():
    """The stage-1 sentence is one statement: 'almost all above 50 % and rising ... the learning works'. Against a
    flat P1 the learner does not improve (differs); finer steps make it improve but keep every rate below 50 %, so
    under them 'almost all above 50 %' differs. Judged jointly, finer steps do not explain the sentence: the cause
    is not 'reading', as it would be for the claim alone."""
    low_rising = [0.2, 0.25, 0.3, 0.35, 0.45]
    default = _runs({"P1": FLAT, "P2": RISING, "P3": RISING, "P4": RISING, "P5": RISING})
    steps = claims.GAME_SETTINGS[claims.STEPS_SMALL]
    settings = pd.concat(
        [_runs({p: (low_rising if label == steps else FLAT if p == "P1" else RISING)
                for p in ("P1", "P2", "P3", "P4", "P5")}, seed=s).assign(setting=label)
         for s, label in enumerate(claims.GAME_SETTINGS.values())]
        + [_runs({"P5": RISING}, seed=9).assign(setting=label) for label in claims.P5_SETTINGS.values()])
    rows = claims.stage1_claims(default, experiments.windowed_rates(default), _lies([0.5, 0.5, 0.5, 0.8, 0.3]),
                                settings_runs=settings)
    p1 = [r for r in rows if r["claim"] == LEARN.format("P1")][0]
    mine = R.of_claim(p1["readings_rows"], p1["claim"])
    assert p1["verdict"] == "differs"
    assert {x["reading"]: x["verdict"] for x in mine}[claims.STEPS_SMALL.name] == "reproduced"
    assert R.cause(mine) == "reading"                       # alone, finer steps would explain it
    above = [r for r in rows if r["claim"].endswith("almost all above 50%")][0]
    assert {x["reading"]: x["verdict"] for x in above["readings_rows"]}[claims.STEPS_SMALL.name] == "differs"
    # jointly, finer steps do not explain the sentence ('above half' is reproduced by default and differs under them)
    assert p1["cause"] != "reading"
    assert "other claim" in p1["readings"] and "same sentence or family differs" in p1["readings"]


def test_stage2_families_declare_the_open_points_outside_the_grid():
    """Spec §8.5, §8.6, §8.8 and §8.10 are readings of every stage-2 chart claim: cap draws left out is run on the
    learners' own draws (here it turns a differing 'about 10 points' into a reproduced one), the others are not
    built, so a differing lie-history row is 'untested' until they are."""
    f5 = {o: 0.5 for o in "abcdef"}
    f7 = {o: 0.53 for o in "abcdef"}
    frame = _features(f5, f7, f7, seeds=40)
    # F7 learners draw 100 of their 1,000 test games: left out of the denominator, they win 0.53 / 0.9 = 0.59
    frame.loc[frame.feature_set != "F5", "draws"] = 100
    rows = {r["claim"]: r for r in claims.feature_claims(frame)}
    row = rows["Stage 2: lie history (features 6, 7) is worth about 10 points"]
    assert row["verdict"] == "differs"
    mine = {x["reading"]: x for x in row["readings_rows"]}
    assert mine[claims.CAP_DRAWS_OUT.name]["verdict"] == "reproduced" and row["cause"] == "reading"
    assert all(mine[x.name]["verdict"] == R.NOT_BUILT for x in claims.STAGE2_UNBUILT)
    assert {claims.RANK_RESTART, claims.DECK_UNDEALT, claims.STARTER, claims.HONEST_REWARD, claims.NEXT_STATE, claims.EPSILON_FORM,
            claims.MIXED_POOL} == set(claims.STAGE2_UNBUILT)
    assert "prediction interval" in row["note"]
    no_draws = {r["claim"]: r for r in claims.feature_claims(_features(f5, f7, f7, seeds=40))}
    assert no_draws["Stage 2: lie history (features 6, 7) is worth about 10 points"]["cause"] == "untested"
    bonus = {"a": 0.1, "f": 0.12, "d": 0.03, "b": 0.3, "c": 0.0, "e": 0.0}
    train = _learners({o: {n: r + b for n, r in SHAPE.items()} for o, b in bonus.items()}, seeds=30, sd=0.01)
    for r in claims.training_claims(train):
        names = {x["reading"] for x in r["readings_rows"]}
        assert names >= {x.name for x in claims.STAGE2_UNBUILT} | {claims.CAP_DRAWS_OUT.name}, r["claim"]


def test_settings_runs_record_the_charts_first_point():
    """The settings readings are judged on the default's 25 cells: their runs keep the 20-game checkpoint."""
    assert experiments.SETTINGS_CHECKPOINTS[0] == 20
    assert set(experiments.SETTINGS_CHECKPOINTS) >= {int(w.split("-")[1]) for w in ("51-100", "101-300", "301-500")}
    assert "§2.5" in claims.DRAWS_HALF.support and "§8.10" not in claims.DRAWS_HALF.support


def test_chart_findings_are_judged_as_statements_about_the_method_and_say_so():
    """Seed 003's chart sentences infer what the learning does (l.65, l.126, l.130): the mean over runs or learners,
    and each chart finding's note begins with it (docs/VERDICTS.md, History 2026-12-07, second session)."""
    good = _runs({p: RISING for p in ("P1", "P2", "P3", "P4", "P5")})
    rows = claims.stage1_claims(good, experiments.windowed_rates(good), _lies([0.5, 0.5, 0.5, 0.69, 0.3]))
    bonus = {"a": 0.3, "f": 0.32, "d": 0.03, "b": 0.0, "c": 0.0, "e": 0.0}
    frame = _learners({o: {n: r + b for n, r in SHAPE.items()} for o, b in bonus.items()}, seeds=30, sd=0.01)
    rows += claims.training_claims(frame)
    charts = [r for r in rows if r["kind"] == "finding" and r["family"] in claims.CHART_FAMILIES]
    assert len(charts) >= 12 and all(r["note"].startswith(claims.METHOD) for r in charts)
    assert all("prediction" not in r["interval"] for r in charts)
    others = [r for r in rows if r["family"] not in claims.CHART_FAMILIES]
    assert others and not any(r["note"].startswith(claims.METHOD) for r in others)


def test_the_training_charts_orderings_read_the_grid_variants_at_their_own_size():
    """Issue 49: the E10 variants are a switch the code has; trained as many games as rows 26-28 are judged at
    (1,000), they are run readings of those rows (a variant under which a and f are highest explains row 26); at
    300 games only they stay not built, and say what they would cost."""
    bonus = {"a": 0.1, "f": 0.12, "d": 0.03, "b": 0.3, "c": 0.0, "e": 0.0}       # b beats a and f: row 26 differs
    frame = _learners({o: {n: r + b for n, r in SHAPE.items()} for o, b in bonus.items()}, seeds=30, sd=0.01)
    good = {"a": 0.3, "f": 0.32, "d": 0.03, "b": 0.0, "c": 0.0, "e": 0.0}
    var = pd.concat([_learners({o: {1000: 0.64 + b} for o, b in good.items()}, seeds=30, sd=0.01,
                               variant=label) for label in ("plays of up to 4 cards", "challenger leads")], ignore_index=True)
    top = claims.variant_orderings_at(var)
    assert set(top.training_games) == {1000} and set(top.variant) == {"plays of up to 4 cards", "challenger leads"}
    text = "Stage 2: highest win rates against a and f (1,000 training games)"
    row = {r["claim"]: r for r in claims.training_claims(frame, top_orderings=top)}[text]
    assert row["verdict"] == "differs" and row["cause"] == "reading"
    mine = {r["reading"]: r for r in row["readings_rows"]}
    assert mine["plays of up to 4 cards"]["verdict"] == "reproduced" and "1,000 training games" in mine["plays of up to 4 cards"]["assumption"]
    without = {r["claim"]: r for r in claims.training_claims(frame)}[text]
    unbuilt = [r for r in without["readings_rows"] if r["reading"] == "plays of up to 4 cards"]
    assert unbuilt[0]["verdict"] == R.NOT_BUILT and "CPU seconds" in unbuilt[0]["note"]
    with pytest.raises(ValueError, match="one training size"):
        claims.variant_orderings_at(pd.concat([var, var.assign(training_games=300)]))


def test_one_learner_for_all_opponents_is_run_when_the_pooled_learners_are_given():
    """Spec §8.8 (issue 49): given pooled learners (one learner per seed for all opponents), the reading is judged
    by the row's own rule on them; without them it stays not built, saying what it needs."""
    f5 = {o: 0.5 for o in "abcdef"}
    flat = _features(f5, f5, f5, seeds=40)
    pooled = _features(f5, {o: 0.6 for o in "abcdef"}, f5, seeds=40)
    text = "Stage 2: lie history (features 6, 7) is worth about 10 points"
    row = {r["claim"]: r for r in claims.feature_claims(flat, pooled=pooled)}[text]
    mine = {x["reading"]: x for x in row["readings_rows"]}
    assert row["verdict"] == "differs" and mine[claims.MIXED_POOL.name]["verdict"] == "reproduced"
    assert row["cause"] == "reading"        # a run reading that reproduces it explains the difference
    row = {r["claim"]: r for r in claims.feature_claims(flat)}[text]
    assert {x["reading"]: x for x in row["readings_rows"]}[claims.MIXED_POOL.name]["verdict"] == R.NOT_BUILT


def test_pooled_learners_train_one_weight_vector_against_every_opponent():
    frame = experiments.pooled_learners((0, 20), ("F7",), n_seeds=2, n_test=30, seed=1)
    assert set(frame.opponent) == set(experiments.STAGE2_TYPES) and len(frame) == 2 * 2 * 6
    assert {"win_rate", "small_rate", "draws", "seed_index"} <= set(frame.columns)
    untrained = frame[frame.training_games == 0]
    trained = frame[frame.training_games == 20]
    assert not untrained.wins.reset_index(drop=True).equals(trained.wins.reset_index(drop=True))
    assert frame.equals(experiments.pooled_learners((0, 20), ("F7",), n_seeds=2, n_test=30, seed=1))


def test_a_switched_reading_is_run_on_its_own_learners_and_the_rest_stay_not_built():
    """Issue 49: given the open points' switched learners (``variant`` = a reading's name), that reading is judged
    by the row's own rule on its rows only; a reading with no rows stays not built, saying what it needs."""
    f5 = {o: 0.5 for o in "abcdef"}
    flat = _features(f5, f5, f5, seeds=40)
    switched = pd.concat([_features(f5, {o: 0.6 for o in "abcdef"}, f5, seeds=40).assign(variant=claims.EPSILON_FORM.name),
                          _features(f5, f5, f5, seeds=40).assign(variant=claims.HONEST_REWARD.name)], ignore_index=True)
    text = "Stage 2: lie history (features 6, 7) is worth about 10 points"
    row = {r["claim"]: r for r in claims.feature_claims(flat, switched=switched)}[text]
    mine = {x["reading"]: x for x in row["readings_rows"]}
    assert mine[claims.EPSILON_FORM.name]["verdict"] == "reproduced"
    assert mine[claims.EPSILON_FORM.name]["note"] == claims.STAGE2_UNBUILT[claims.EPSILON_FORM][1]
    assert mine[claims.HONEST_REWARD.name]["verdict"] == "differs"
    assert mine[claims.STARTER.name]["verdict"] == R.NOT_BUILT
    assert row["verdict"] == "differs" and row["cause"] == "reading"
    before = [x["reading"] for x in {r["claim"]: r for r in claims.feature_claims(flat)}[text]["readings_rows"]]
    assert [x["reading"] for x in row["readings_rows"]] == before     # built in place: the readings' order stays


def test_open_point_learners_train_each_switch_at_the_grids_design():
    frame = experiments.open_point_learners((0, 20), ("F7",), n_seeds=2, n_test=30, seed=1)
    assert set(frame.variant) == set(experiments.OPEN_POINT_SWITCHES)
    assert len(frame) == len(experiments.OPEN_POINT_SWITCHES) * 2 * 2 * 6
    assert set(experiments.OPEN_POINT_SWITCHES) <= {r.name for r in claims.STAGE2_UNBUILT}
    assert frame.equals(experiments.open_point_learners((0, 20), ("F7",), n_seeds=2, n_test=30, seed=1))


def test_first_screen_quantities_say_the_samples_behind_the_numbers():
    # issue 50: "20 of 25 cells" said no runs or games, and "over 42 runs" read against 10 runs a personality
    runs = pd.DataFrame([{"personality": p, "games": g, "run": r, "win_rate": 0.6}
                         for p in ("P1", "P2") for g in (20, 500, 1000) for r in range(3)])
    head = "Stage 1: the learner's win rates are almost all above 50%"
    base = "Stage 1: the learner wins more than always catching (games 301-500)"
    table = pd.DataFrame([{"claim": head, "note": "pilot 0.9 [0.8, 1] on 6 cells: inconclusive; confirmatory "
                                                   "(fresh) 0.9 [0.85, 0.95] on 6 cells: inconclusive"},
                           {"claim": base, "note": "per personality; pilot -0.03 [-0.07, 0.01] on 14 runs: "
                                                   "inconclusive; confirmatory (fresh) -0.04 [-0.05, -0.03] on 42 "
                                                   "runs: differs"}])
    text = claims.headline_quantity(table, runs, {"stage1": 40})
    assert "(2 personalities × checkpoints after 20, 500 and 1,000 games)" in text
    assert "above 50 % (over 3 independent runs of 1,000 games a personality in a first sample, 40 fresh runs" in text
    assert "fresh" not in claims.headline_quantity(table.assign(note="pilot only"), runs, {"stage1": 40})
    table = pd.concat([table, pd.DataFrame([{"claim": "Stage 2: lie history x", "note": "pilot only"}])]).assign(
        reproduced_value=0.0, ci_low=-0.01, ci_high=0.01, verdict="inconclusive", paper_value="x", pilot_value=0.0)
    text = claims.answer_words(table, runs, {}, 10, 4)["second_quantity"]
    assert "in a second, fresh sample (42 runs, both players together), drawn because the first (10 runs of the " \
        "learner and 4 of always catching per personality: 14 runs) left it undecided," in text
    assert "pilot" not in text   # no pilot bookkeeping on the first screen (fresh readers, round 2)
    pilot = claims.answer_words(table.assign(note="pilot only"), runs, {}, 10, 4)["second_quantity"]
    # the arms are said once, as runs, with no note on how the count is added (issue 50)
    # fresh readers took the pilot's value for a confirmatory one and "over 14 runs" for a miscount: the pilot is named
    # as the sample that decides, and how its runs add up is said
    assert pilot.endswith(" (10 runs of the learner and 4 of always catching per personality, paired by run index),")
    assert "adds" not in pilot
    assert "fresh" not in pilot


def test_the_short_answer_is_generated_from_the_two_rows_it_names():
    import pandas as pd

    from liarlab.papers.p04 import claims as c04
    rows = pd.DataFrame([
        {"claim": "Stage 1: the learner wins more than always catching (games 301-500)", "reproduced_value": -0.034,
         "ci_low": -0.037, "ci_high": -0.031, "verdict": "extension", "paper_value": None},
        {"claim": "Stage 2: lie history (features 6, 7) is worth about 10 points", "reproduced_value": -0.021,
         "ci_low": -0.053, "ci_high": 0.012, "verdict": "differs", "paper_value": "about 10 points"}])
    runs = pd.DataFrame([{"personality": p, "games": 500, "win_rate": v}
                         for p, v in zip(("P1", "P2", "P3", "P4", "P5"), (0.778, 0.791, 0.789, 0.807, 0.499))])
    text = c04.short_answer(rows, runs, pd.Series({"P5": 0.304}))
    # one sentence of numbers first, one sign for one number (fresh readers, round 2)
    assert text.startswith("In stage 1 the learner wins 78–81 % of its first 500 games against P1–P4 but 50 % against "
                           "P5, which lies 30 % of the time; a player that always catches, without learning, does better")
    assert "(the learner minus it: -3.4 points, games 301-500, 95 %: -3.7 to -3.1), so the learner's wins come" in text
    assert "worth -2.1 points" in text and "about 10 points." in text
    rows.loc[0, ["reproduced_value", "ci_low", "ci_high"]] = [0.02, -0.01, 0.05]
    rows.loc[1, "verdict"] = "reproduced"
    assert c04.short_answer(rows).startswith("In stage 1 the learner and a player that always catches are not told apart")


def test_the_headline_quantity_says_how_almost_all_is_read_from_the_verdict_rule():
    # fresh readers on 04: "20 of 25 cells" beside "almost all" looked like agreement without the threshold
    from liarlab.core import verdicts as V

    runs = pd.DataFrame([{"personality": p, "games": g} for p in ("P1", "P2", "P3", "P4", "P5")
                         for g in (20, 50, 100, 300, 500)])
    text = claims.headline_quantity(pd.DataFrame(), runs, {})
    low = V.WORDS["almost all"][1]
    assert f"read as at least {100 * low:.0f} % of the cells, {int(-(-low * 25 // 1))} of 25" in text


def test_the_lie_history_result_says_the_range_and_where_its_interval_lies():
    # issue 50: "too little power" read as the reason for an interval wholly below the paper's "about 10"
    from liarlab.papers.p04 import claims as c04
    row = pd.Series({"rule": "about 0.1 (+-25%): allowed [0.075, 0.125]; reproduced if ...", "ci_low": -0.08,
                     "ci_high": 0.016, "verdict": "differs", "cause": "power"})
    text = c04._history_range(row)
    assert "reads \"about 10\" as 7.5 to 12.5 points; this run's interval lies wholly below it" in text
    assert "one is undecided" in text
    assert "wholly below" not in c04._history_range(row.copy().set_axis(row.index).replace({0.016: 0.09}))
    assert "undecided" not in c04._history_range(row.replace({"power": "genuine"}))
