"""Notebook 04's prose ("What we found", "Where our results differ", the lines under the tables) states numbers
that are true of the tables it describes (liarlab.papers.p04.summary): each test builds small tables with known
values, generates the text, and looks for those values in it; change a table and the text must change with it."""
from types import SimpleNamespace

import numpy as np
import pandas as pd

from liarlab.core.verdicts import Estimate
from liarlab.papers.p04 import experiments as p04x
from liarlab.papers.p04 import summary
from liarlab.papers.p04.results import (
    AF_POOL,
    MODIFIED,
    RANDOM_POOL,
    VARIANT,
    Baselines,
    Features,
    RoundRobin,
    Settings,
    Stage1,
    Training,
    Weights,
)

PERSONALITIES = ("P1", "P2", "P3", "P4", "P5")
CHECKPOINTS = (20, 50, 100, 300, 500)


def _runs(early: dict, late: dict, n_runs: int = 4) -> pd.DataFrame:
    """Runs that win ``early[name]`` of games 1-100 and ``late[name]`` of games 101-500, exactly, with p and k."""
    rows = []
    for name in PERSONALITIES:
        for run in range(n_runs):
            for games in CHECKPOINTS:
                wins = round(early[name] * min(games, 100)) + round(late[name] * max(games - 100, 0))
                rows.append({"personality": name, "run": run, "games": games, "wins": wins, "draws": 0,
                             "win_rate": wins / games, "p": 0.8 if name != "P5" else 0.2, "k": 4.0})
    return pd.DataFrame(rows)


EARLY = {"P1": 0.6, "P2": 0.7, "P3": 0.7, "P4": 0.8, "P5": 0.5}
LATE = {"P1": 0.7, "P2": 0.75, "P3": 0.8, "P4": 0.9, "P5": 0.45}


def _claims(k_value=0.003, k_verdict="reproduced"):
    return pd.DataFrame([
        {"claim": "Stage 1: per-position lie statistics do not yet matter much by 500 games", "kind": "finding",
         "reproduced_value": k_value, "verdict": k_verdict},
        {"claim": "Stage 2 vs a: rises", "kind": "finding", "reproduced_value": 0.1, "verdict": "differs"},
        {"claim": "Extension: x", "kind": "finding", "reproduced_value": 0.1, "verdict": "extension"},
        {"claim": "A check", "kind": "check", "reproduced_value": 0.1, "verdict": "extension"},
    ])


def test_stage1_found_quotes_the_stage1_tables():
    stage1 = Stage1.from_runs(_runs(EARLY, LATE))
    text = summary._stage1_found(stage1, _claims())
    # windowed 301-500: the late rate
    assert "In games 301–500 the learner wins P1 70%, P2 75%, P3 80%, P4 90%, P5 45% (means over 4 runs)" in text
    assert "p reaches 0.80 against P1–P4 and k 4.0" in text
    assert "differs by +0.3 points in games 301–500: as the paper says, no difference." in text
    other = summary._stage1_found(stage1, _claims(-0.021, "differs"))
    assert "differs by -2.1 points" in other and "we do not reproduce the paper's \"no difference\"." in other


def _pool_audit():
    rows = []
    for pool, shares in ((AF_POOL, (0.614, 0.623)), (RANDOM_POOL, (0.603, 0.582))):
        for rules, share, opportunity in ((MODIFIED, shares[0], 0.72), (VARIANT, shares[1], 0.69)):
            rows.append({"pool": pool, "rules": rules, "first_player_wins_share": share,
                         "first_player_wins_low": share - 0.005, "first_player_wins_high": share + 0.005,
                         "first_opportunity_wins_share": opportunity})
    return pd.DataFrame(rows)


def _learner_audit(expressible=(0.6, 0.7), dumps=(0.5, 0.3)):
    return pd.DataFrame([{"variant": v, "opponent": o, "expressible": e, "dumps": d}
                         for v in ("paper", VARIANT) for o, e, d in zip("ab", expressible, dumps)])


def _training(rates_at_top, seeds=10, test_games=200, top=1000):
    rows = [{"opponent": o, "training_games": n, "feature_set": "F7", "variant": "paper", "seeds": seeds,
             "test_games": test_games, "win_rate": r if n == top else r - 0.1, "at_ceiling": r >= 0.995,
             "small_test_sd": 0.1}
            for o, r in rates_at_top.items() for n in (0, top)]
    return pd.DataFrame(rows)


def _gains(values, ceiling=()):
    return pd.DataFrame([{"opponent": o, "difference": v, "ci_low": v - 0.05, "ci_high": v + 0.05,
                          "at_ceiling": o in ceiling} for o, v in values.items()])


def test_stage2_found_quotes_the_training_and_feature_tables():
    table = _training({"a": 0.73, "b": 0.76, "c": 0.68, "d": 0.67, "e": 0.46, "f": 1.0})
    training = Training(None, None, table, table, None)
    features = Features(None, None, None, _gains({"a": 0.02, "b": -0.01, "c": 0.03, "f": 0.5}, ceiling=("f",)),
                        _gains({"a": 0.01, "b": 0.03, "c": 0.05, "f": -0.4}, ceiling=("f",)))
    text = summary._stage2_found(SimpleNamespace(training=training, features=features))
    assert "After 1,000 training games (F7) the frozen learner wins a 73%, b 76%, c 68%, d 67%, e 46%, f 100%" in text
    assert "of 200-game tests (means over 10 learners), easiest first: f, b, a, c, d, e" in text
    assert "In the pilot lie history (F7 − F5) is worth +1.3 points" in text  # a, b, c (f at the ceiling)
    assert "five lies instead of three +3.0 (paper: little change)" in text


def _baselines(learner, **baseline_rates):
    side = pd.DataFrame({"learner (1000 games)": learner, **baseline_rates})
    effects = {"training": Estimate(-0.051, -0.08, -0.02, 20, "seeds"),
               "test_time": Estimate(0.004, -0.01, 0.02, 10, "seeds"),
               "challenge_share": Estimate(0.12, 0.1, 0.14, 20, "seeds")}
    return Baselines(None, side, None, None, effects)


def test_beaten_line_names_the_types_a_baseline_beats():
    learner = pd.Series({"a": 0.7, "b": 0.6, "c": 0.9})
    rates = {"always challenge": pd.Series({"a": 0.2, "b": 0.1, "c": 0.1}),
             "never challenge": pd.Series({"a": 0.8, "b": 0.5, "c": 0.95}),
             "random": pd.Series({"a": 0.3, "b": 0.3, "c": 0.3})}
    assert "never challenge — a, c; random — none" in summary.beaten_line(_baselines(learner, **rates))
    rates["never challenge"] = pd.Series({"a": 0.1, "b": 0.1, "c": 0.1})
    assert summary.beaten_line(_baselines(learner, **rates)) == (
        "the types against which a trivial baseline's mean win rate is above the trained learner's (point estimates, "
        "not tested): always challenge — none; never challenge — none; random — none")


def _history_row(note: str, **row) -> pd.DataFrame:
    return pd.DataFrame([{"claim": "Stage 2: lie history (features 6, 7) is worth about 10 points", "kind": "finding",
                          "note": note, **row}])


CONFIRMED = "pilot 0.0231 [-0.039, 0.085] on 10 seeds: inconclusive; confirmatory (fresh) -0.033 [-0.08, 0.02] on 12"


def test_the_lie_history_value_says_which_sample_it_is_of():
    # issue 50: the first screen gave the confirmatory value, the sections the pilot's, neither named
    from liarlab.papers.p04 import claims as claims04

    confirmed = _history_row(CONFIRMED, n=12, reproduced_value=-0.033, pilot_n=10, pilot_value=0.0231, ci_low=-0.08,
                             ci_high=0.02, pilot_ci_low=-0.039, pilot_ci_high=0.085)
    assert summary.history_samples(confirmed).startswith("the verdict's sample: 12 fresh learners a cell give F7 − F5 "
                                                         "= -3.3 [")
    assert summary.history_samples(_history_row("pilot: a +1.0")) == ""

    def quantity_of(history):
        base = pd.DataFrame([{"claim": claims04.BASELINE_ROW + " (games 301-500)", "note": "pilot only"}])
        table = pd.concat([base, history]).assign(reproduced_value=0.0, ci_low=-0.01, ci_high=0.01,
                                                  verdict="inconclusive", paper_value="x", pilot_value=0.0231)
        runs = pd.DataFrame({"personality": ["P1"], "games": [500]})
        return claims04.answer_words(table, runs, {}, 10, 4)["third_quantity"]

    quantity = quantity_of(confirmed)
    # its size is the row's own (fresh readers set "over 30 seeds" against the group's "200 learners per cell")
    assert quantity.endswith("in a second, fresh sample of 12 learners per opponent and feature set (*Which features "
                             "matter* gives both samples)")
    assert quantity_of(_history_row("pilot: a +1.0")).endswith("(a win rate of 99.5 % or more)")


def _settings(late_rates: dict, catch_rates: dict, p5: dict):
    late = pd.DataFrame([{"setting": "always catch (1, 0)", "personality": n, "run": r, "window": "301-500",
                          "win_rate": catch_rates[n]} for n in PERSONALITIES for r in range(3)])
    table = pd.DataFrame([{"setting": s, "personality": "P5", "win_rate": v} for s, v in p5.items()])
    return Settings(None, table, late, pd.Series(late_rates))


def test_where_we_differ_quotes_the_settings_tables():
    learner = {"P1": 0.79, "P2": 0.79, "P3": 0.80, "P4": 0.83, "P5": 0.50}
    catch = {"P1": 0.82, "P2": 0.80, "P3": 0.81, "P4": 0.85, "P5": 0.47}
    p5 = {"paper defaults": 0.49, "always catch (1, 0)": 0.47, "P5 lies 20%": 0.3, "P5 lies 40%": 0.61}
    settings = _settings(learner, catch, p5)
    p5_text = summary._p5_bullet(settings)
    assert "paper defaults 49%, always catching 47%" in p5_text and "20% / 40%: 30% / 61%" in p5_text
    line = summary.always_catch_line(settings)
    assert "confirmatory" not in line and line.startswith("pilot (the sizes above), games 301-500")
    assert "P1 -3.0, P2 -1.0, P3 -1.0, P4 -2.0, P5 +3.0" in line
    assert "always catching wins more against 4 of 5 personalities" in line


def test_where_we_differ_quotes_the_exploiter_and_the_features():
    exploit = pd.DataFrame([{"rules": r, "opponent": o, "gain": g} for r, gains in
                            ((MODIFIED, {"a": 0.12, "b": 0.31}), (VARIANT, {"a": -0.02, "b": 0.08}))
                            for o, g in gains.items()])
    table = _training({"a": 0.7, "f": 0.998})
    results = SimpleNamespace(exploit=exploit, robin=RoundRobin(None, None, None, _pool_audit(), None),
                              training=Training(None, None, table, table, None))
    text = summary._shortcut_bullet(results)
    assert "wins 72% of decided games (69% with" in text
    assert "beats b by +12 to +31 points (-2 to +8 under the variant)" in text
    assert "the learner wins 99.8% after 1,000 training games" in text
    features = Features(None, None, None, _gains({"a": 0.02, "b": -0.01, "c": 0.09, "f": 0.5}, ceiling=("f",)),
                        None, _gains({"a": 0.04, "b": 0.0, "f": 0.3}, ceiling=("f",)))
    text = summary._history_bullet(SimpleNamespace(features=features, training=Training(None, None, table, None,
                                                                                         None)))
    assert "one-hot features F7 − F5 is +2.0 points" in text
    assert f"about ±{100 * 1.96 * 0.1:.0f} points here" in text


def test_ordering_bullet_quotes_the_lie_shares():
    shares = pd.DataFrame({"opponent": ["a", "b", "c"], "lie": [0.61, 0.58, 0.449]})
    results = SimpleNamespace(weights=Weights(None, {}, shares))
    text = summary._ordering_bullet(results)
    assert "lies in 61%, 58% and 45% of its decisions" in text


def test_table_lines_quote_their_tables():
    audit = pd.DataFrame([{"rules": MODIFIED, "first_player_wins_share": 0.611, "first_opportunity_wins_share": 0.709,
                           "lying_final_plays_share": 0.652, "cap_draw_share": 0.0025},
                          {"rules": VARIANT, "first_player_wins_share": 0.612, "first_opportunity_wins_share": 0.693,
                           "lying_final_plays_share": 0.609, "cap_draw_share": 0.0029}])
    line = summary.audit_line(RoundRobin(None, None, audit, None, None))
    assert "first player wins 61.1% of decided games" in line and "<= 3 cards 70.9%, and 65.2%" in line
    # the pooled shares name their pool (fresh readers set 61.3% against the a-f line's 61.6%)
    assert line.startswith("all pairs, the random agent's included; modified rules:")
    assert "61.2%, 69.3% and 60.9%, with 0.29% cap draws (modified: 0.25%)" in line
    assert summary.confirmation_line({}, 2000, {"stage1": 40, "training": 12}).startswith(
        "confirmatory samples drawn (fresh seeds, sized from the pilot before drawing): none needed; fresh "
        "learners are tested on 2,000 games each (caps: 40 stage-1 runs")
    line = summary.confirmation_line({"stage1": 30, "stage1_who": ("P1", "P5"), "training": 12}, 200,
                                     {"stage1": 40, "training": 12})
    # the groups in words, not their code names ("stage1 30" read as a code word, issue 50)
    assert "30 stage-1 runs per personality (P1, P5), 12 learners per training cell;" in line


def test_cross_rules_line_names_its_learners():
    # fresh readers set the cross-rules table's 0.642 against a beside the baseline table's 0.702, no pool named
    base = _baselines(pd.Series({"a": 0.702}))
    cross = pd.DataFrame([{"opponent": "a", "trained_under": MODIFIED, "tested_under": MODIFIED, "learners": 30,
                           "win_rate": 0.642}])
    challenges = pd.Series({"final_share": 0.32, "final_accuracy": 0.63, "other_accuracy": 0.31})
    base = SimpleNamespace(effects=base.effects, side=base.side, cross_table=cross,
                           trained_against_a=lambda: challenges)
    line = summary.cross_rules_line(base)
    assert line.startswith("the cross-rules learners are a fresh set (30 per type and rule set): against a under the "
                           "modified rules they win 64.2% (the first table's learners 70.2%); training under the "
                           "variant changes it by")


def test_what_we_found_joins_every_bullet():
    stage1 = Stage1.from_runs(_runs(EARLY, LATE))
    table = _training({o: 0.7 for o in p04x.STAGE2_TYPES})
    gains = _gains({o: 0.01 for o in p04x.STAGE2_TYPES})
    learner = pd.Series({o: 0.7 for o in p04x.STAGE2_TYPES})
    results = SimpleNamespace(
        stage1=stage1, robin=RoundRobin(None, None, None, _pool_audit(), None),
        training=Training(None, None, table, table, _learner_audit()),
        features=Features(None, None, None, gains, gains),
        baselines=_baselines(learner, **{b: learner - 0.1 for b in p04x.STAGE2_BASELINES}),
        weights=Weights(None, {"accuracy": 0.875, "chance": 1 / 6}, None))
    text = summary.what_we_found(results, _claims())
    bullets = [line for line in text.splitlines() if line.startswith("* **")]
    assert [b.split("**")[1] for b in bullets] == [
        "Stage 1.", "Stage 2.", "Weights."]  # the verdicts are counted once, on the first screen
    assert "name its opponent in 88% of cases (chance 17%)" in text
    assert not np.isnan(stage1.final.win_rate).any()


def test_how_judged_states_the_sizes_the_run_used():
    # issue 50: a fixed "≥ 200 runs ... thousands of games" read wrong beside a quick run's sizes
    text = summary.how_judged(10, 4, 10, 200, {"stage1": 40, "training": 12})
    assert "10 independent stage-1 runs per personality (4 per setting" in text
    assert "10 independently trained learners per cell (an opponent at one training size or feature set), each tested on 200 games" in text
    assert "(at most 40 runs per personality or 12 learners per cell)" in text
    assert "thousands" not in text and "≥" not in text
    assert "5,000 games" in summary.how_judged(200, 200, 30, 5000, {"stage1": 1000, "training": 200})


def test_display_tables_say_intervals_in_words_at_one_precision():
    # issue 50: "-4 -17 9" above "-0.10 -0.20 0.10" in one column, and "x low", "gain low" as headers
    from liarlab.papers.p04 import results as r04

    exploit = pd.DataFrame([{"rules": "modified rules", "opponent": "a", "x_win_rate": 0.805, "x_low": 0.793,
                             "x_high": 0.817, "b_win_rate": 0.38, "gain": 0.426, "gain_low": 0.406, "gain_high": 0.445}])
    view = r04.exploiter_view(exploit)
    assert view.iloc[0].to_list() == ["80.5 % [79.3, 81.7]", "38.0 %", "+42.6 [+40.6, +44.5]"]
    assert not any("low" in c or "_" in c for c in view.columns)


def test_size_note_gives_this_runs_sizes_beside_the_full_profiles():
    # issue 50: the prose said "200 runs in the full profile" over tables of a 4-run quick run
    text = summary.size_note(settings_runs=4, q_seeds=30, traditional_games=1)
    assert text.startswith("*This run:* 4 learners per personality for baselines and sensitivity (full profile: 200);")
    assert "; 30 trained learners per stage-2 cell, also per variant cell;" in text  # the full size: no aside
    assert text.endswith("1 game per seating of a traditional 52-card table (full profile: 50).")


def test_multiplayer_view_gives_intervals_and_the_fair_share():
    # issue 50: the more-players table asked readers to compare with the fair share but gave no intervals
    from liarlab.papers.p04.results import multiplayer_view
    multi = pd.DataFrame([{"opponent": o, "players": n, "win_rate": 0.3, "ci_low": 0.2, "ci_high": 0.4}
                          for n in (3, 4) for o in ("a", "b")])
    view = multiplayer_view(multi)
    assert list(view.columns) == ["3 players (%, 95 %; fair share 33 %)", "4 players (%, 95 %; fair share 25 %)"]
    assert view.loc["b", "4 players (%, 95 %; fair share 25 %)"] == "30.0 % [20.0, 40.0]"
