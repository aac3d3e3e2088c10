"""Values printed in Yeh's 2009 thesis on Honeymoon Bridge (seed 002), used only beside ours.

Each constant names its table or figure in the thesis (numbering as in the study spec
``papers/03-honeymoon-bridge.md``).
"""
SOURCE = "Yeh 2009 thesis (seed 002)"

# Section 3.1, endgame table file sizes in bytes as printed (KB/MB converted at 1024), n = 1..8
TABLE_FILE_SIZES = {1: 88, 2: 748, 3: 5.36 * 1024, 4: 35.3 * 1024, 5: 213 * 1024, 6: 1.24 * 1024 ** 2,
                    7: 6.97 * 1024 ** 2, 8: 37.8 * 1024 ** 2}
TABLE_FILE_SIZE_TEXT = {1: "88 B", 2: "748 B", 3: "5.36 KB", 4: "35.3 KB", 5: "213 KB", 6: "1.24 MB", 7: "6.97 MB",
                        8: "37.8 MB"}
# the printed table line "31372 1 2 7 4": sequence, side-suit lengths, on-lead tricks
TABLE_LINE = (31372, (1, 2, 7), 4)

# Fig 3-13: com's hand and the player's, and E per suit (S H D C) at each of com's calls
FIG_3_13_COM = ["HK", "HJ", "H9", "H7", "H6", "H5", "DK", "DT", "D9", "D2", "CJ", "CT", "C9"]
FIG_3_13_PLAYER = ["SQ", "ST", "S9", "S7", "HT", "DA", "D8", "D7", "D3", "CA", "CQ", "C5", "C3"]
FIG_3_13_ROWS = [  # (opponent's bid before com's turn, E S H D C, com's call)
    (None, (5.60, 9.26, 8.16, 6.80), "1H"),
    ((1, 0), (5.52, 9.70, 9.04, 6.40), "2H"),
    ((2, 0), (5.38, 10.22, 9.12, 7.18), "3H"),
    ((3, 0), (5.42, 10.56, 10.02, 7.72), "4H"),
]

# Section 3.3 greedy exchange, Example 3.1 case 2 scores (thesis values; C7 and C5 are slips)
EXAMPLE_3_1_CASE_1 = {"S3": 0.0, "H8": 0.0645, "D7": 0.1018, "C5": 0.4011}
EXAMPLE_3_1_CASE_2 = {"S3": -7.5, "HA": -0.5, "DA": -0.5, "HQ": 0.516, "HJ": 4.516, "H8": 1.223, "DJ": -1.172,
                      "D7": -0.503, "CK": -19.48, "CT": -8.483, "C9": -6.483, "C7": -4.483, "C5": -4.983}

# Section 4: the 19 games against the author (contract, declarer, Est., DD, Actual, printed error, winner)
NINETEEN_GAMES = [
    ("2D", "com", 7.92, 6, 7, -1.92, "player"), ("3H", "player", 5.08, 6, 7, 0.92, "com"),
    ("2D", "player", 5.34, 5, 7, -0.34, "com"), ("1H", "player", 6.02, 4, 4, -2.02, "player"),
    ("1S", "player", 5.84, 4, 5, -1.84, "player"), ("2C", "com", 7.42, 7, 7, -0.42, "player"),
    ("2H", "player", 6.88, 4, 5, -2.88, "player"), ("4S", "player", 4.5, 4, 4, -0.5, "com"),
    ("1S", "player", 6.1, 6, 7, -0.1, "com"), ("2H", "com", 9.25, 10, 10, 0.75, "com"),
    ("3S", "player", 2.95, 3, 3, 0.05, "player"), ("3D", "player", 3.56, 3, 5, -0.56, "com"),
    ("2H", "com", 8.6, 9, 9, 0.4, "com"), ("2H", "player", 4.54, 3, 4, -1.54, "player"),
    ("2S", "player", 3.72, 5, 5, 1.28, "player"), ("3D", "player", 4.15, 3, 3, -1.15, "player"),
    ("2H", "player", 8.84, 7, 8, -1.84, "com"), ("1C", "com", 5.18, 6, 6, 0.92, "player"),
    ("1S", "player", 5.76, 7, 7, 1.24, "com"),
]
COM_WINS = (9, 19)
COM_WINS_WITHOUT_HUMAN_ERROR = (6, 19)
OVERESTIMATES = (12, 1.25)      # count, mean size
UNDERESTIMATES = (7, 0.794)
MEAN_SIGNED_ERROR = -0.50       # derived in the spec from the printed rows
R_ESTIMATE_DD = 0.80            # derived in the spec from the printed columns
CROSS_TEST_WINS = (12, 20)
HUMAN_TRICKS_LOST = 11

# Simulation-count table (4 unspecified deals; E S H D C at N = 10 / 50 / 100 / 200)
SIMULATION_COUNTS = {
    1: {"S": (8.2, 7.54, 7.5, 7.345), "H": (8.5, 7.7, 7.63, 7.6), "D": (8.5, 7.58, 7.57, 7.62), "C": (9.0, 8.24, 8.13, 8.215)},
    2: {"S": (6.2, 6, 5.76, 5.65), "H": (8.1, 7.58, 7.58, 7.605), "D": (8.3, 7.88, 7.82, 7.905), "C": (6.3, 5.76, 5.69, 5.505)},
    3: {"S": (6.6, 6.62, 6.57, 6.425), "H": (6.6, 5.44, 5.37, 5.21), "D": (6.3, 6.34, 6.28, 6.175), "C": (5.1, 4.94, 4.98, 4.91)},
    4: {"S": (8.9, 7.94, 7.84, 7.92), "H": (9.1, 7.96, 7.76, 7.825), "D": (7.7, 7.58, 7.32, 7.29), "C": (7.7, 6.84, 6.73, 6.825)},
}
SIMULATION_NS = (10, 50, 100, 200)

# Timing: one bidding decision (50 simulations x 4 trumps) about 20 s on a 1.86 GHz AMD 2500 in C
BID_DECISION_SECONDS = 20.0
