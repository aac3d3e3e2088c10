"""Values printed in Kayanuma's 2016 talk (seed 004), used only beside ours (paper_value columns).
"""

# ---------------------------------------------------------------------------------------------
# The talk's printed numbers (used only as paper_value / comparison columns) and the claims rows
# ---------------------------------------------------------------------------------------------
SOURCE = "Kayanuma 2016 talk (seed 004)"
FERGUSON_P6 = (41, 60)      # P1(6) of Ferguson & Ferguson, the talk's LD-1 value at N = 6, as (numerator, denominator)
TALK_LD2_GAMES = 10**8      # LD-2: games the talk simulated per pairing
TALK_LD2 = {("T", "T"): 68.332, ("T", "K"): 68.334, ("K", "T"): 68.333, ("K", "K"): 68.336}
TALK_BLUFF1 = {2: (0.5, 75.0), 3: (0.12, 56.01), 4: (0.07, 53.84), 5: (0.13, 56.68), 6: (0.16, 58.00),
               7: (0.18, 59.09), 8: (0.19, 59.69), 9: (0.20, 60.10), 10: (0.21, 60.60), 11: (0.21, 60.79),
               12: (0.22, 61.01), 13: (0.22, 61.31), 14: (0.22, 61.37), 15: (0.23, 61.53), 16: (0.23, 61.67),
               17: (0.23, 61.73), 18: (0.23, 61.86), 19: (0.23, 61.92), 20: (0.23, 61.98)}
TALK_BLUFF1_COMPARISON = {  # N: (this talk, Lanctot & Long 2007, Gambit)
    2: (75.00, 75.00, 75.00), 3: (56.02, 55.56, 56.02), 4: (53.84, 53.13, None),
    5: (56.68, 50.40, None), 6: (58.00, 48.64, None)}
TALK_BLUFF2_ROWS = [[75, 25, 10, 2, 1], [89, 72, 27, 15, 5], [97, 84, 69, 31, 19], [98, 94, 80, 68, 33],
                    [99, 96, 91, 78, 66]]
TALK_BLUFF2 = {(a + 1, b + 1): TALK_BLUFF2_ROWS[a][b] for a in range(5) for b in range(5)}
TALK_BLUFF3 = {12: 0, 11: 2, 10: 11, 9: 16, 8: 22, 7: 27, 6: 29, 5: 38, 4: 47, 3: 54, 2: 58, 1: 58, 0: 58}



# ---------------------------------------------------------------------------------------------
# The end game of Liar's Dice: the public LP study thomasahle/snyd (README tables and outputs/*.{normal,joker,
# stairs}: "Value" lines, fractions printed by Fraction.limit_denominator()). Value to the first mover, +-1.
# Key: (first mover's dice, second mover's dice, convention) -> {faces: value as "p/q"}; faces the study left
# blank are absent. README's N = 1 rows ("1" under normal, "-" otherwise) are included for normal.
# 2v1 normal N = 6 is printed as "0.275.." in the README and as 212027/771552 in outputs/21_6.normal.
# ---------------------------------------------------------------------------------------------
SNYD_SOURCE = "thomasahle/snyd (README tables and outputs/)"
SNYD = {
    (1, 1, "normal"): {1: "1", 2: "0", 3: "-1/9", 4: "-1/8", 5: "-3/25", 6: "-1/9"},
    (1, 1, "joker"): {2: "1", 3: "1/3", 4: "0", 5: "0", 6: "-7/327"},
    (1, 1, "stairs"): {2: "0", 3: "1/9", 4: "0", 5: "1/25", 6: "0"},
    (2, 1, "normal"): {1: "1", 2: "1/4", 3: "1/9", 4: "345/1696", 5: "2128/8375", 6: "212027/771552"},
    (2, 1, "joker"): {2: "1", 3: "1/3", 4: "1/4", 5: "34/125", 6: "7/27"},
    (2, 1, "stairs"): {2: "3/8", 3: "1/27", 4: "1/16"},
    (1, 2, "normal"): {1: "1", 2: "0", 3: "-1/27", 4: "-1/8", 5: "-27/125", 6: "-22/81"},
    (1, 2, "joker"): {2: "1", 3: "-1/27", 4: "-1/32", 5: "-3/125", 6: "-5/54"},
    (1, 2, "stairs"): {2: "-1/4", 3: "-1/27", 4: "1/16"},
}
