"""Notebook 01's figure captions state numbers that are true of the figures' data (liarlab.papers.p01.captions)."""
import re
from types import SimpleNamespace

import numpy as np
import pandas as pd

from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import captions, claims


def _large(rates):
    rates = np.asarray(rates, dtype=float)
    return pd.DataFrame({"type": np.arange(1, len(rates) + 1), "win_rate": rates,
                         "seed_min": rates - 0.03, "seed_max": rates + 0.05})


def test_vs_types_caption_counts_the_bars_in_the_band():
    rates = np.full(32, 0.65)
    rates[[0, 4, 22]] = [0.55, 0.52, 0.58]
    rates[[30, 31]] = [0.8, 0.75]
    text = captions.vs_types(_large(rates), 500, 20)
    assert "27 of 32 blue dots" in text
    assert "3 lie below it (types 1, 5, 23)" in text and "2 above it (types 31, 32)" in text
    assert "type 5, wins 52.0 %" in text and "span 8.0 points" in text


def _final(ends, n_games=500):
    return pd.DataFrame([{"opponent": f"type{t}", "rep": r, "cum_wins": w}
                         for t, ws in ends.items() for r, w in enumerate(ws)])


def test_trend_caption_reports_matches_below_the_line():
    final = _final({1: [270, 244, 300], 5: [260, 251, 250], 23: [280, 290, 300]})
    text = captions.trend(final, 500)
    assert "type 1: 1 of 3 ends at or below x/2, the lowest at 48.8 %" in text   # the verb agrees with 1
    assert "type 5: 1 of 3" in text and "none for type 23)" in text and "0 of 3" not in text


def test_trend_grid_caption_matches_the_data():
    final = _final({1: [270, 244], 2: [300, 310], 3: [250, 260]})
    text = captions.trend_grid(final, 500)
    assert "2 of 6 seeded matches end at or below zero, in types 1, 3" in text
    assert "from +5.0 (type 3) to +55.0 wins (type 2)" in text


def _curves(ends):
    rows = []
    for o, d in ends.items():
        for g in range(3):
            rows.append({"opponent": o, "game": g, "cum_bbn": 10.0 * g + (d if g == 2 else 0), "cum_plain": 10.0 * g})
    return pd.DataFrame(rows)


def test_bbn_trend_and_grid_captions_quote_the_final_differences():
    curves = _curves({"type1": 2.0, "type8": -1.5, "type11": 11.0})
    text = captions.bbn_trend(curves)
    assert "type 1 +2.0, type 8 -1.5, type 11 +11.0" in text   # types in words, not code names ("type1 +2.0")
    grid = captions.bbn_grid(curves)
    assert "type 11 (+11.0 wins)" in grid and "type 8 (-1.5 wins)" in grid
    # one count of the gains on the page, the gain figure's (fresh readers): the grid counts none
    assert "of 3 end" not in grid and "the gain figure above counts the types" in grid
    assert "type11" not in text + grid


def test_bbn_gain_caption_counts_intervals():
    e7 = pd.DataFrame({"opponent": [f"type{t}" for t in (1, 2, 25, 26)], "diff": [0.06, 0.0, -0.05, -0.03],
                       "diff_ci_low": [0.02, -0.01, -0.06, -0.04], "diff_ci_high": [0.1, 0.01, -0.04, -0.02]})
    text = captions.bbn_gain(e7)
    assert "1 of 4 lies above zero and 2 below" in text   # the verb agrees with 1
    assert ("Against the 2 liar, prefers-bid programs in this run (types 25-32), the network's mean gain is below "
            "zero for every one (-3.0 points at best)") in text
    # the types in the thesis's band are counted once on the page, as the claims table counts them (issue 50): the
    # caption gives no second count of the means that fall in the band
    assert "mean falls" not in text and "means fall" not in text


def test_the_liar_sentence_follows_the_run_and_agrees_in_number():
    # a fixed "all eight lose" was contradicted by a run where the network gained against them (issue 50)
    one = pd.DataFrame({"opponent": ["type25"], "diff": [0.02]})
    assert captions.liar_sentence(one) == ("Against type 25, the one liar, prefers-bid program in this run, the "
                                           "network's mean gain is not below zero (+2.0 points).")
    mixed = pd.DataFrame({"opponent": ["type25", "type26", "type27"], "diff": [-0.02, 0.01, 0.03]})
    assert "below zero for 1 of 3 (-2.0 to +3.0 points)" in captions.liar_sentence(mixed)
    assert "not in this run" in captions.liar_sentence(mixed.iloc[:0])


def test_the_pages_count_of_types_in_the_band_is_the_claims_tables():
    rng = np.random.default_rng(1)
    gains = pd.DataFrame([{"opponent": f"type{t}", "rep": r, "gain": (0.075 if t <= 2 else 0.0 if t == 3 else 0.12)
                           + 0.02 * rng.standard_normal()} for t in range(1, 5) for r in range(6)])
    g = captions.gain_verdicts(gains)
    verb = "gains" if len(g["in"]) == 1 else "gain"
    assert captions.gain_count(g).startswith(f"{len(g['in'])} of 4 types {verb} +5 to +10 points")
    e7 = pd.DataFrame({"opponent": [f"type{t}" for t in range(1, 5)], "diff": [0.07, 0.07, 0.0, 0.12],
                       "diff_ci_low": [0.05, 0.05, -0.02, 0.1], "diff_ci_high": [0.09, 0.09, 0.02, 0.14]})
    text = captions.bbn_gain(e7, gains)
    assert captions.gain_count(g) in text
    # one count, the claims table's: the bars drawn are its intervals (fresh readers: three counts of one result)
    assert "the whiskers are these intervals" in text and "unadjusted" not in text
    # the mean gain over the types: one replicate per seeded match (its mean over the types), in points
    est = claims.mean_gain(gains)
    assert est.n == 6 and est.low < est.value < est.high
    assert claims.points_text(est).endswith(f"to {100 * est.high:+.1f})")


def test_liar_challenge_caption_reads_the_table():
    rows = []
    for group in ("L", "H"):
        for player in ("network", "plain"):
            for count in (2, 3, 4):
                rows.append({"group": group, "player": player, "count": count,
                             "share_challenged": 0.1 * count + (0.05 if player == "network" else 0),
                             "share_false": 0.2 * count})
    text = captions.liar_challenges(pd.DataFrame(rows), "L", "H")
    assert re.search(r"count-2 bid 0.25 of the time against plain random-guess's 0.20", text)
    assert "false only 0.40 of the time" in text and "false 0.60 and 0.80" in text


def test_game_length_caption_splits_by_starter():
    lengths = pd.DataFrame([
        {"starter": "random-guess opens", "measure": "turns", "value": 2, "games": 10},
        {"starter": "random-guess opens", "measure": "turns", "value": 4, "games": 10},
        {"starter": "random-guess opens", "measure": "final_quantity", "value": 3, "games": 20},
        {"starter": "test program opens", "measure": "turns", "value": 3, "games": 5},
        {"starter": "test program opens", "measure": "final_quantity", "value": 4, "games": 5}])
    text = captions.game_lengths(lengths)
    assert "random-guess opens: mean 3.00 actions, mean count at the challenge 3.00" in text
    assert "test program opens: mean 3.00 actions, mean count at the challenge 4.00" in text


def _large_with_wins(rates, games=50_000):
    rates = np.asarray(rates, dtype=float)
    wins = np.round(rates * games).astype(int)
    return pd.DataFrame({"type": np.arange(1, len(rates) + 1), "wins": wins, "games": games,
                         "win_rate": wins / games, "seed_min": rates - 0.03, "seed_max": rates + 0.05})


def test_band_counts_in_caption_and_summary_equal_the_claims_row():
    """The prose counts the types as the claims row judges them (Bonferroni), and names the undecided ones."""
    from liarlab.papers.p01 import claims as claims01

    rates = np.full(32, 0.65)
    rates[[0, 2, 4]] = [0.55, 0.52, 0.58]
    rates[[8, 9]] = [0.8, 0.75]
    rates[15] = 0.7015                                 # type 16: its Bonferroni interval straddles 0.7
    large = _large_with_wins(rates)
    from liarlab.study import families as F

    res = SimpleNamespace(large=large, ref=pd.DataFrame({"win_rate": rates}), params={"n_games": 500, "n_large": 50_000},
                          first=None, readings_by_type=None, large_fresh=None, win_plan=None)
    row = F.claims_rows([claims01.WIN_RATE_FAMILY], res)[0]
    text = captions.vs_types(large, 500, 20)
    assert "6 above it" not in text and "3 lie below it (types 1, 3, 5) and 3 above it (types 9, 10, 16)" in text
    assert "5 types lie outside the band (3 below, 2 above), 26 inside and 1 undecided (type 16," in text
    assert "5 types outside the band" in row["note"] and "1 undecided (type 16)" in row["note"]


def test_summary_numbers_come_from_the_tables():
    rates = np.full(32, 0.65)
    rates[[0, 1]] = [0.55, 0.80]
    large = _large_with_wins(rates)
    seeded = large.assign(seed_min=large.win_rate - 0.04, seed_max=large.win_rate + 0.04)
    traits = pd.DataFrame({"trait": ["liar", "suspicious"], "effect": [0.175, -0.029]})
    wide = pd.DataFrame({"random_guess": [0.71, 0.72], "opponent": [0.64, 0.64]})
    rng = np.random.default_rng(0)
    gains = pd.DataFrame([{"opponent": f"type{t}", "rep": r, "gain": (0.075 if t <= 2 else -0.03)
                           + 0.005 * rng.standard_normal()} for t in range(1, 5) for r in range(20)])
    br = pd.DataFrame({"win_rate": [0.772], "ci_low": [0.763], "ci_high": [0.780]})
    run = SimpleNamespace(large=large, seeded=seeded, trait_effect=traits, self_open=pd.Series({"win_rate": 0.575}),
                          wide=wide, gains=gains, gains_fresh=None, gain_plan=None, br=br,
                          params={"n_games": 500, "n_seeds": 20})
    text = captions.summary(run, liar_text="", readings_text="", extensions_text="")
    assert "2 types lie outside the band (1 below, 1 above), 30 inside." in text
    assert "2 of 4 types gain +5 to +10 points; 2 lie above zero and 2 below" in text
    assert re.search(r"its mean gain over the 4 types is \+2\.[23] points \(95 % interval \+2\.\d to \+2\.\d\)", text)
    assert "77.2 % (95 % interval 76.3 to 78.0 %)" in text and "claim (i" not in text
    assert "Exploitab" not in text and "Best-response lower bound" in text


def test_a_flat_interval_is_never_printed_as_one():
    assert captions.est_text(0.0, 0.0, 0.0) == "+0.000"
    assert captions.est_text(-0.05, -0.057, -0.049) == "-0.050 (95 % interval -0.057 to -0.049)"


def test_liar_loss_text_reads_its_tables_and_prints_no_flat_interval():
    variants = [("thesis reading", -0.05, -0.056, -0.045), ("no probability 4 at our opening", -0.02, -0.023, -0.017),
                ("ablation: no L limits", -0.04, -0.044, -0.036), ("ablation: no probability 4, no L limits", -0.012,
                                                                    -0.014, -0.010),
                ("ablation: gate always shut", 0.0, 0.0, 0.0)]
    readings = pd.DataFrame([{"variant": v, "diff": d, "diff_ci_low": lo, "diff_ci_high": hi, "seeds": 20}
                             for v, d, lo, hi in variants])
    shares = pd.DataFrame([{"change": v, "gain_thesis_reading": -0.05, "gain_after_change": d,
                            "share_of_loss_removed": 1 - d / -0.05, "vs_thesis": d + 0.05,
                            "vs_thesis_ci_low": d + 0.047, "vs_thesis_ci_high": d + 0.053}
                           for v, d, _, _ in variants[1:]])
    gain = pd.DataFrame({"diff_ci_high": [-0.01, -0.02, 0.01]})
    verdicts = pd.DataFrame({"count": [2, 3, 4, 5], "network_p_lie": [0.74, 0.9, 0.93, 0.7],
                             "revealed_lie": [0.8, 0.93, 0.99, 1.0], "network_p_supports": [0.79, 0.64, 0.55, 0.63],
                             "revealed_supports": [1.0, 0.59, 0.2, 0.04], "gate_adopted": [0.79, 0.74, 0.71, 0.53]})
    hands = pd.DataFrame({"share_limits_wrong": [0.2, 0.22], "share_H_dice_wrong": [0.5, 0.5]})
    decisions = pd.DataFrame([{"group": bbnx.LIARS, "player": p, "count": c, "share_challenged": s, "share_false": f}
                              for p, c, s, f in (("network", 2, 0.8, 0.6), ("plain", 2, 0.46, 0.6),
                                                 ("plain", 3, 0.5, 0.8), ("plain", 4, 0.7, 0.89))])
    def run(readings, gain):
        return SimpleNamespace(liar_readings=readings, loss_shares=shares, liar_gain=gain, liar_verdicts=verdicts,
                               liar_hands=hands, liar_decisions=decisions)

    out = captions.liar_loss(run(readings, gain))
    assert "in the E7 table 2 of 3 have an interval below zero" in out["pooled"]
    assert "not E7's" in out["pooled"]          # the replays' own seeds, said beside E7's count (issue 50)
    one = captions.liar_loss(run(readings.assign(diff=0.01), pd.DataFrame({"opponent": ["type25"],
                                                                           "diff_ci_high": [0.1]})))
    assert "Against the liar, prefers-bid program in this run (type 25)" in one["pooled"]
    assert "0 of 1 has an interval" in one["pooled"] and "No loss in this run, so no diagnosis" in one["text"]
    # the "property of the readings" paragraph explains a loss: said with a measured loss only (issue 50)
    assert "property of the readings" not in one["text"] and "property of the readings" in out["text"]
    assert "removes most of the loss is `no probability 4 at our opening`**: it removes 60% of it" in out["text"]
    assert "(gain 0.0 points)" in out["text"] and "[+0.000, +0.000]" not in out["text"]
    assert "ablation: gate always shut: 0.0 points" not in out["text"]   # each change is in the folded table
    assert "limits set hold in 0.790 of cases" in out["text"] and "count-2 bid 0.80 of the time instead of 0.46" in out["text"]
    assert "60% of it goes" in out["summary"] and "as well, 76%;" in out["summary"]


def test_a_count_of_one_takes_the_singular_verb():
    g = {"in": ["type1"], "outside": ["type2", "type3"], "undecided": []}
    assert captions.gain_count(g) == "1 of 3 types gains +5 to +10 points"
    assert captions.gain_count({**g, "in": [], "outside": ["type1", "type2", "type3"]}).startswith("0 of 3 types gain ")
    assert [captions.agree(n, "lie") for n in (0, 1, 2)] == ["lie", "lies", "lie"]


def test_a_tiny_change_in_points_keeps_two_significant_digits_of_its_interval():
    # 49 games of 320,000 read "+0.0000 (95 % interval -0.0000 to +0.0001)" at four decimals of a share (issue 50)
    text = captions.points_to_width(0.0000153, -0.0000301, 0.000130)
    assert text == "+0.002 points (95 % interval -0.003 to +0.013)"
    assert "-0.000" not in captions.points_to_width(0.0, -0.000001, 0.0002)


def test_win_rate_views_say_this_runs_sizes_and_the_theses_apart():
    # the page said "500-game match" and "20 seeds" over a quick run's 100 games and 2 seeds (issue 50)
    quick = captions.win_rate_views({"n_games": 100, "n_seeds": 2, "n_large": 4000})
    assert "one 100-game match per type" in quick and "(the thesis played 500)" in quick
    assert "2 seeded matches × 100 games" in quick and "4,000 games per type" in quick and "20 seeds" not in quick
    full = captions.win_rate_views({"n_games": 500, "n_seeds": 20, "n_large": 100_000})
    assert "exactly the thesis's design" in full and "the thesis played" not in full


def test_timing_ratio_gives_the_slow_down_once_to_one_decimal():
    table = pd.DataFrame({"measure": ["seconds per 500 games, random-guess only (numba batch)",
                                      "slow-down with the network: time with it / time without it, both on the "
                                      "reference Python engine in the network's timing run"],
                          "paper": [10.0, 3.0], "ours": [0.0016, 2.11]})
    text = captions.timing_ratio(table)
    assert text.startswith("**Slow-down with the network:** 2.1 times") and "reference Python engine (the thesis: 3" in text
    assert "2.11" not in text and captions.timing_ratio(table.iloc[:1]) == ""


def test_the_slow_down_sentence_divides_two_times_the_table_shows():
    # a reader divided the table's 0.0930 by its 0.0802 (random-guess alone, a separate run) and found 1.16, not
    # the sentence's 1.3: the sentence names its two times, and the table shows both
    from liarlab.papers.p01 import experiments as ex
    bbn_time = pd.DataFrame({"engine": ["fast", "python"], "refit_every": [1, 1], "games": [500, 500],
                             "seconds_random_only": [0.0013, 0.0728], "seconds_bbn": [0.0083, 0.0930],
                             "ratio": [6.3, 0.0930 / 0.0728]})
    timing = pd.DataFrame({"implementation": ["reference Python", "numba batch"], "seconds": [0.0802, 0.0019],
                           "games": [500, 500]})
    shown = ex.seconds_per_500(timing, bbn_time)
    vs = ex.timing_table(timing, ex.thesis_schedule_timing(bbn_time), 500, 500, ex.like_for_like_timing(bbn_time))
    text = captions.timing_ratio(vs, bbn_time)
    with_it, without = (float(x) for x in re.search(r"\((\d\.\d+) s with it against (\d\.\d+) s without it", text).groups())
    assert {with_it, without} <= set(shown.seconds_per_500)
    assert f"{with_it / without:.1f} times" in text and "1.3 times" in text


def test_the_gain_caption_sends_to_the_second_stage_only_when_it_runs():
    gains = pd.DataFrame([{"opponent": f"type{t}", "rep": r, "gain": 0.07 + 0.01 * r} for t in (1, 2) for r in range(4)])
    e7 = pd.DataFrame({"opponent": ["type1", "type2"], "diff": [0.07, 0.07], "diff_ci_low": [0.05, 0.05],
                       "diff_ci_high": [0.09, 0.09]})
    assert "second stage" not in captions.bbn_gain(e7, gains)
    assert "fresh seeds of the second stage" in captions.bbn_gain(e7, gains, second_stage=True)


def test_the_schedule_note_names_confirmatory_seeds_only_when_they_were_played(monkeypatch):
    from liarlab.core import verdicts as V
    monkeypatch.setattr(captions, "e7_pooled", lambda res: V.Estimate(0.003, 0.001, 0.005, 20))
    seeds = {"bbn_seeds": 20, "bbn_variant_seeds": 20}
    pilot = SimpleNamespace(params=seeds, bbn_run=object(), gain_plan=None, gains_fresh=None)
    text = captions.schedule_note(pilot)
    assert "confirmatory" not in text and "on these same pilot matches (no second stage ran)" in text
    plan = SimpleNamespace(undecidable=False)
    fresh = SimpleNamespace(params=seeds, bbn_run=object(), gain_plan=plan, gains_fresh=pd.DataFrame())
    assert "on the confirmatory seeds" in captions.schedule_note(fresh)


def test_the_short_answer_leads_with_both_readings_and_names_the_best_responder():
    # a fresh reader: "not reproduced" while the spec's acceptance reading (the mean over the types) reproduces; and
    # the best responder is our test of the thesis's premise, not a headline verdict on the paper
    rates = [0.62, 0.66, 0.68, 0.75]
    large = pd.DataFrame({"type": [1, 2, 3, 4], "win_rate": rates, "games": [100_000] * 4,
                          "wins": [int(100_000 * r) for r in rates]})
    gains = pd.DataFrame([{"opponent": f"type{t}", "rep": r, "gain": 0.003 + 0.001 * r} for t in (1, 2)
                          for r in range(4)])
    res = SimpleNamespace(large=large, gains=gains, gain_plan=None, gains_fresh=None, params={"bbn_seeds": 4},
                          br=pd.DataFrame({"wins": [7_700], "games": [10_000], "win_rate": [0.77]}))
    text = captions.short_answer(res)
    mean = claims.mean_over_types(large)
    assert text.startswith(f"Averaged over the 4 test programs random-guess wins 67.8 % (95 % interval "
                           f"{100 * mean.low:.1f} to {100 * mean.high:.1f} %; inside 60-70 %")
    assert "only 3 of 4 are inside 60-70 %" in text and "wins 77.0 % of 10,000 games against it" in text


def test_the_calibration_caption_says_which_bins_miss_the_diagonal():
    # the caption stated no finding (a reader, issue 50): it counts the bins whose interval misses the diagonal
    cal = pd.DataFrame({"target": ["P(B) supports"] * 3, "p_mean": [0.1, 0.5, 0.9], "observed": [0.4, 0.52, 0.9],
                        "n": [100, 200, 10], "ci_low": [0.3, 0.45, 0.6], "ci_high": [0.5, 0.59, 1.0]})
    text = captions.calibration(cal)
    assert "P(B) supports misses it in 1 of 2 bins (farthest: 0.10 said, 0.40 revealed)" in text
    assert captions.calibration(cal.iloc[:0]) == ""
