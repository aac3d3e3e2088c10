"""Every number of papers 01 and 02 that notebook 00 checks, as printed, with where it is printed.

Used only for the side-by-side ``paper_*`` columns and the ``paper_value`` of claims rows.
Paper 01: Huang (2009), the Liar Dice thesis (spec ``papers/01``); paper 02: the multiplayer
Q-learning report (spec ``papers/02``). Locations are table numbers or sections of those papers.
"""

#: Paper 01, Table 4.5 (Ch. 4 §2): P(at least k dice of a given face among 5 dice).
PAPER_T45 = {0: 1.0, 1: 0.5981, 2: 0.1962, 3: 0.0355, 4: 0.0033, 5: 0.0001}
#: Paper 01, Table 4.6 (Ch. 4 §2, after Freeman 1989): hands per class among 7776.
PAPER_T46 = {"nothing": 480, "one pair": 3600, "two pairs": 1800, "three of a kind": 1200,
             "low straight": 120, "high straight": 120, "full house": 300, "four of a kind": 150,
             "five of a kind": 6}
#: Paper 01, Table 4.6: the total of the classes.
PAPER_T46_TOTAL = 7776
#: Paper 01, Table 4.7 (Ch. 4 §2): hands with exactly k of a given face.
PAPER_T47_EXACT = {5: 1, 4: 25, 3: 250, 2: 1250, 1: 3125, 0: 3125}
#: Paper 01, Table 4.7: hands with at least k of a given face (the cumulative row).
PAPER_T47_CUM = {5: 1, 4: 26, 3: 276, 2: 1526, 1: 4651, 0: 7776}
#: Paper 01, Ch. 4 §2 text (Fig 4.4 example): the weight of "needs one die from the opponent".
PAPER_TEXT_AT_LEAST_ONE = 4561
#: Paper 01, Ch. 4 §2 text: "about half" of the hands show some face at least twice.
PAPER_TEXT_ABOUT_HALF = 0.5
#: Paper 01, Ch. 3: the 5-player search space (6^5)^5 x (30^5)^2, "about 1.67 x 10^34".
PAPER_SEARCH_SPACE_5P = 1.67e34
PAPER_SEARCH_SPACE_5P_MANTISSA = 1.67          # as printed: 1.67 x 10^34
PAPER_SEARCH_SPACE_5P_TEXT = "1.67 × 10³⁴"
#: Paper 01, Ch. 3: legal bids with 5 players ("two 1s" .. "twenty-five 6s").
PAPER_LEGAL_BIDS_5P = 144
#: Paper 02, Table 6-3: percent of hands by largest multiplicity.
PAPER_T63_PERCENT = {1: 9.26, 2: 69.44, 3: 19.29, 4: 1.93, 5: 0.08}
#: Paper 02, Table 4-4: (partial, full) Q-space sizes for history n, 2 players.
PAPER_T44 = {1: (11040, 476280), 2: (218130, 9545760), 3: (3178160, 141053200)}
#: Paper 02, Table 6-1: partial Q-space by n, and its "increase over the previous n" column.
PAPER_T61_PARTIAL = {1: 11040, 2: 218130, 3: 3178160, 4: 36434867, 5: 342279539, 6: 2709584919,
                     7: 18447516909}
PAPER_T61_INCREASE = {2: 18.76, 3: 13.57, 4: 10.46, 5: 8.39, 6: 6.92, 7: 5.81}
#: Paper 02, Table 6-2: full Q-space by n, and its "increase over partial" column.
PAPER_T62_FULL = {1: 476280, 2: 9545760, 3: 141053220, 4: 1640238264, 5: 15632632008,
                  6: 125572868568, 7: 867669465348}
PAPER_T62_INCREASE = {1: 42.14, 2: 42.76, 3: 43.38, 4: 44.02, 5: 44.67, 6: 45.34, 7: 46.03}
#: Paper 02, complexity section: distinct five-dice hands H(6, 5) (printed "H6 6", a typo).
PAPER_DISTINCT_HANDS = 252
#: Paper 02, complexity section: game-size estimates 252^2 x 60^5 (2 players) and 252^3 x 90^5 (3 players).
PAPER_GAME_SIZE_2P = 4.938e13
PAPER_GAME_SIZE_3P = 9.449e16
#: The same two estimates in the form the paper prints them (shown in the claims; the floats judge them).
PAPER_GAME_SIZE_2P_TEXT = "4.938 × 10¹³"
PAPER_GAME_SIZE_3P_TEXT = "9.449 × 10¹⁶"
#: Papers 01 and 02 as a whole (notebook 00's headline row): every dice number above, each as printed.
PAPER_EVERY_PRINTED_NUMBER = "each number as printed"
