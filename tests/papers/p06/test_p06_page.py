"""Notebook 06's page (issue 50): the answer's further results over the other end games, the equilibrium checks
in one value column, and the IS-MCTS table at one precision a column."""
from __future__ import annotations

import pandas as pd

from liarlab.papers.p06 import figures as F
from liarlab.papers.p06 import tables as T
from liarlab.study.tables import frame_text

RG, TP, EXP = "random guess (paper 01)", "the 32 test programs (paper 01)", "the rule players EXP0-EXP3 (paper 02)"


def _families(rows) -> pd.DataFrame:
    return pd.DataFrame([dict(game=g, family=f, players=n, exploitability_mean=v) for g, f, n, v in rows])


def test_the_further_results_give_each_end_families_range_over_the_other_games():
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", TP, 32, 0.75), ("1v1", EXP, 4, 0.96),
                     ("2v1", RG, 1, 0.35), ("2v1", TP, 4, 0.80), ("2v1", EXP, 4, 0.94),
                     ("2v2", RG, 1, 0.59), ("2v2", EXP, 4, 0.91)])
    text = F.first_screen(fam)
    assert "(2v1 and 2v2;" in text
    assert f"the least exploitable family is {RG} in both, at 0.35 to 0.59" in text
    assert f"the most exploitable {EXP}, at 0.91 to 0.94" in text
    # the first game is the answer's own, not repeated here; a family missing from a game is named
    assert "0.30" not in text and "0.96" not in text
    assert f"In 2v2 {TP} do not play" in text


def test_the_further_results_go_game_by_game_when_the_ends_change():
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", EXP, 4, 0.96),
                     ("2v1", RG, 1, 0.35), ("2v1", EXP, 4, 0.94),
                     ("1v2", EXP, 4, 0.50), ("1v2", RG, 1, 0.60)])
    text = F.first_screen(fam)
    assert f"in 2v1 the least exploitable family is {RG}, at 0.35, and the most {EXP}, at 0.94" in text
    assert f"in 1v2 the least exploitable family is {EXP}, at 0.50, and the most {RG}, at 0.60" in text
    assert F.first_screen(fam[fam.game == "1v1"]) == ""


def test_the_equilibrium_checks_show_one_value_with_its_fraction_where_it_is_short():
    checks = pd.DataFrame(dict(game=["1v1", "2v1", "2v2"],
                               value=["-1/9", "212027/771552", "-97993266983069/5815959611262048"],
                               value_float=[-1 / 9, 212027 / 771552, -97993266983069 / 5815959611262048],
                               first_seat=["0", "0", "1/3"], second_seat=["0"] * 3, certificate=["rounding"] * 3))
    view = frame_text(T.equilibrium_check_view(checks))
    value = view.columns[1]
    assert [c for c in view.columns if "value" in c] == [value]
    assert list(view[value]) == ["-0.1111 = -1/9", "0.2748 = 212,027/771,552",
                                 "-0.01685 (exact: a fraction with a 16-digit denominator)"]
    assert view["exploitability, first seat"].iloc[2] == "0.3333 (1/3)"


def test_one_other_game_is_named_once():
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", EXP, 4, 0.96), ("2v1", RG, 1, 0.35), ("2v1", EXP, 4, 0.94)])
    text = F.first_screen(fam)
    assert text.startswith("**The other end game** (2v1;")
    assert text.count("2v1") == 1 and f"is {RG}, at 0.35" in text


def test_the_first_screen_says_how_far_every_family_is_from_exact_play():
    """Issue 50: the answer named the least and the most exploitable family, never how far the players are."""
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", EXP, 4, 0.96), ("2v1", RG, 1, 0.35), ("2v1", EXP, 4, 0.94)])
    summary = pd.DataFrame(dict(game=["1v1", "1v1", "2v1"], agent=["random-guess", "EXP1", "EXP1"],
                                exploitability_first=[0.1, 1.0, 0.9], exploitability_second=[0.5, 1.0, 0.9]))
    text = F.how_far(fam, summary)
    assert text.startswith("**How far from exact play.** Every family is far from it: over the 2 end games")
    assert "run from 0.30 to 0.96" in text
    # one count a game, then the distinct players (issue 50: "6 of the 19" against the caption's "5 players")
    assert "1 of 2 players in 1v1 and 0 of 1 players in 2v1 lose every game" in text
    assert text.endswith("(1 distinct player in all).")
    near = fam.assign(exploitability_mean=fam.exploitability_mean.where(fam.family != RG, 0.02))
    assert "Not every family is far from it" in F.how_far(near, summary)


def test_the_short_answer_says_when_the_learners_seeds_leave_the_ranking_undecided():
    """Issue 50: the headline named EXP0-EXP3 the most exploitable by 0.007 while a learner's seeds differ by 0.03."""
    RL = "the Q-learners RL0-RL3, retrained (paper 02)"
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", TP, 4, 0.75), ("1v1", RL, 8, 0.955), ("1v1", EXP, 4, 0.962)])
    spread = pd.DataFrame(dict(game=["1v1", "1v1"], learner=["RL0", "RL1"], seeds=[2, 2], exploitability_mean=[0.9, 1],
                               exploitability_min=[0.9, 0.97], exploitability_max=[0.9, 1.0]))
    text = F.in_short(fam)
    assert f"0.30 beyond the game's value against the least exploitable, {RG}, one player," in text
    assert f"0.96 against the most exploitable, {EXP}, a mean of 4 players in both seats (exact" in text
    caveat = F.caveat(fam, spread)
    assert "differ by up to 0.03, more than the gap of 0.007" in caveat and "is not decided" in caveat
    assert f"in 1v1 between the most exploitable family and the next, {RL} (0.95)" in caveat
    narrow = spread.assign(exploitability_min=spread.exploitability_max)
    assert F.caveat(fam, narrow) == ""


def test_the_caption_names_every_player_tied_as_the_most_exploitable():
    """Issue 50: five players tied at 1.000 and the caption named one of them "the most"."""
    summary = pd.DataFrame(dict(game="1v1", agent=["random-guess", "EXP1", "EXP2"],
                                exploitability_first=[0.1, 1.0, 1.0], exploitability_second=[0.5, 1.0, 1.0],
                                exploitability_mean=[0.3, 1.0, 1.0]))
    text = F.exploitability_caption(summary)
    assert "2 players tie as the most exploitable, at 1.000 (EXP1 and EXP2): a best responder beats them" in text
    assert "the most EXP" not in text


def test_the_league_caption_names_no_strongest_player_when_the_top_two_overlap():
    """Issue 50: "the network player is strongest" while its interval overlapped EXP3's."""
    ratings = pd.DataFrame(dict(agent=["bayes-net", "EXP3", "RAND"], strength=[0.85, 0.68, -3.06],
                                low=[0.67, 0.51, -3.5], high=[1.03, 0.86, -2.6], win_rate=[0.68, 0.64, 0.04]))
    text = F.league_caption(ratings, 40)
    assert "the network player rates highest (0.85" in text and "overlaps EXP3's (0.68)" in text
    assert "at 40 games a pair which of the two is strongest is not decided" in text
    assert "RAND is last (−3.06" in text
    assert "clear of EXP3" in F.league_caption(ratings.assign(low=[0.9, 0.51, -3.5]), 40)


def test_the_other_games_and_the_second_result_say_when_the_most_exploitable_is_undecided():
    """A fresh reader: "In short" said the most exploitable family (EXP0-EXP3 against the Q-learners) is not decided,
    while "Second main result" (the claim) and "The other end games" named EXP0-EXP3 with no caveat."""
    from liarlab.papers.p06 import claims as C
    RL = "the Q-learners RL0-RL3, retrained (paper 02)"
    fam = _families([("1v1", RG, 1, 0.30), ("1v1", RL, 8, 0.955), ("1v1", EXP, 4, 0.962),
                     ("2v1", RG, 1, 0.35), ("2v1", RL, 8, 0.80), ("2v1", EXP, 4, 0.94),
                     ("2v2", RG, 1, 0.59), ("2v2", RL, 8, 0.90), ("2v2", EXP, 4, 0.91)])
    spread = pd.DataFrame(dict(game=["1v1", "2v1", "2v2"], learner="RL0", seeds=2, exploitability_mean=0.9,
                               exploitability_min=0.8, exploitability_max=0.85))
    text = F.first_screen(fam, spread)
    assert f"the most exploitable {EXP}, at 0.91 to 0.94" in text
    assert (f"Which family is the most exploitable is not decided in 2v2: {EXP} against {RL}, a gap within one "
            "Q-learner's seed-to-seed spread.") in text
    assert "least exploitable is not decided" not in text and "in 2v1:" not in text
    assert "not decided" not in F.first_screen(fam)
    one = fam[fam.game == "1v1"].assign(**{"least exploitable player": "EXP1", "its exploitability (least)": 0.9,
                                           "most exploitable player": "EXP2", "its exploitability (most)": 1.0})
    rows = C._family_rows("1v1", one, "1v1", spread)
    assert rows[1]["claim"] == (f"End game 1v1: the most exploitable family of players is {EXP}, not decided "
                                f"against {RL} (a gap within one Q-learner's seed-to-seed spread)")
    assert "not decided" not in rows[0]["claim"]
    assert "not decided" not in C._family_rows("1v1", one, "1v1")[1]["claim"]
