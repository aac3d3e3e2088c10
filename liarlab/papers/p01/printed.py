"""Every number paper 01 (Huang 2009, the Liar Dice thesis; spec ``papers/01``) prints that notebook 01 compares
against, with where it is printed. Used only beside our values (``paper_*`` columns, claims' ``paper_value``).

Values are kept in the form the claims table shows them (a string such as "0.6-0.7" where the thesis gives a
range or a phrase).
"""

#: §4.1 (Ch. 3 text): the 5-player search space (6^5)^5 x (30^5)^2, "about 1.67 x 10^34".
SEARCH_SPACE_5P = 1.67e34
#: §4.1: legal bids with 5 players ("two 1s" .. "twenty-five 6s").
LEGAL_BIDS_5P = 144
#: §4.3, Tables 4.8/4.9: the rain example, P(rain | ground dry).
RAIN_GIVEN_DRY = 0.15
#: §4.2, Figs 4.2-4.6: the challenge draw's probability in the three worked situations (the text's fractions).
CHALLENGE_DRAW = {"Figs 4.2/4.3": 1 / 3, "Fig 4.5": 2 / 3, "Fig 4.6": 1.0}
#: §4.2 text (Fig 4.2 example): P(the opponent holds at least two 5s) = 0.1962 ("challenge about 80 %").
AT_LEAST_TWO_FIVES = 0.1962
#: §4.2, Fig 4.4 text: bid weight of "two 6s" holding none (its "two 5s" weight, the misprint 4561, is
#: claimed in notebook 00, whose printed values are papers/p00/printed.py).
WEIGHT_TWO_SIXES = 1526
#: §5.1, Fig 5.1: type7 with two 5s, cap 4, facing "three 5s" bids "four 5s".
FIG_5_1_ACTION = "four 5s"
#: §5.2: one match against each test program has 500 games (the thesis's design).
MATCH_GAMES = 500
#: §5.2 and Ch. 6: random-guess wins 60-70 % against the test programs.
WIN_BAND = (0.6, 0.7)
WIN_BAND_TEXT = "0.6-0.7"
#: (said as a count of types: our value of these claims is the number of types for which it holds)
WIN_BAND_ALL_TEXT = "all 32 types in 0.6-0.7"
#: §5.2: random-guess loses to no test program.
LOSES_TO_NONE_TEXT = "all 32 types above 0.5"
#: §5.2, Figs 5.6-5.8 (plots only; the values are lost): the curves lie between the slope-1/2 and slope-1 lines.
FIGS_5_6_TO_5_8_TEXT = "between the slope-1/2 and slope-1 lines"
#: §5.1, Fig 5.3: every cumulative-win curve lies between the two lines.
FIG_5_3_TEXT = "all curves"
#: §2.1 and §2.2 text (about human play): a game ends after 4-5 turns; bids stop around 5-6 dice.
TURNS_TYPICAL = (4, 5)
TURNS_TYPICAL_TEXT = "4-5"
FINAL_COUNT_TYPICAL = (5, 6)
FINAL_COUNT_TYPICAL_TEXT = "5-6"
#: §5.2: the network adds about 5-10 points against most test programs.
BBN_GAIN_BAND = (0.05, 0.10)
BBN_GAIN_TEXT = "most types (over half) gain +5 to +10 points"   # in points, as the page says every gain
#: Table 5.1: human players' win rates against the random-guess player without / with the network.
TABLE_5_1 = {"Ad0219": (0.49, 0.525), "Gozha": (0.435, 0.46), "Julian": (0.425, 0.43), "Scott": (0.485, 0.435)}
#: Ch. 4 §1 premise: random-guess "ensures not losing": about 0.5 against any opponent.
NOT_LOSING_TEXT = "about 0.5 for any opponent"
#: §5 appendix: 500 games take about 10 s with the random-guess player only, about 30 s with the network (3x).
SECONDS_PER_500 = 10.0
SECONDS_PER_500_BBN = 30.0
BBN_SLOWDOWN = 3.0
#: Spec E10(a): random-guess against itself with alternating openers, expected 50 % ("expect about 50 %").
SELF_PLAY_EXPECTED = 0.5
#: Spec E12: the §5.2 win-rate band (a mean win rate of 60-70 %) under the open readings.
WIN_BAND_MEAN_TEXT = "0.6-0.7 mean"
