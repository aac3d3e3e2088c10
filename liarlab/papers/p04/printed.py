"""What the Cheat term paper (seed 003) prints, used only beside our results (paper_value columns).

The paper's three result charts are missing from the source text: only their captions and the written
discussion survive, so apart from "about 10%" every value here is a direction or an ordering, quoted
with the section it comes from.
"""

SOURCE = "Cheat term paper (seed 003)"

# Stage 1 (section 2): the learner's win rate after 20, 50, 100, 300, 500 games against each personality.
STAGE1_CHECKPOINTS = (20, 50, 100, 300, 500)                       # chart note, §2(5)
STAGE1_COLOURS = {"P1": "tab:blue", "P2": "tab:red", "P3": "tab:green", "P4": "tab:purple",
                  "P5": "tab:orange"}                               # chart legend, §2(5)
STAGE1_SIMULATED_GAMES = 10                                        # §2(4): 10 games per candidate
STAGE1_CANDIDATES = 9                                              # §2(4): (p +- dp, k +- dk) grid
STAGE1_EXAMPLE = {"games": 500, "position": 6, "lies": 343}        # §2(4): "500 games ... 343 times at 6"
STAGE1_CLAIMS = {
    "above_half": "win rates almost all above 50%",                              # §2(5)
    "rising": "win rates rise, especially from 100 to 300 and 500 games",         # §2(5)
    "flat_not_lower": "P1 and P5 (position-independent liars) not lower than P2-P4",  # §2(5)
}

# Stage 2 (section 3): two charts, "training games vs win rate" and "features vs win rate", tested on 20 games.
TRAINING_GAMES = (50, 100, 300, 500, 1000)                         # §3(3)(2)
TEST_GAMES = 20                                                    # chart titles §3(4): "測 20 場"
FEATURE_SWEEP_TRAINING = 300                                       # §3(3): feature sweep trains 300 games
ALPHA, GAMMA, NOISE = 0.7, 0.9, 0.5                                # §3(3)
STAGE2_CLAIMS = {
    "rises": "win rate rises with training games",                                       # §3(4)
    "flattens": "the rise slows after about 100 training games",                          # §3(4)
    "a_f_best": "highest win rates against a and f (they never challenge)",               # §3(4)
    "d_above_bce": "d slightly above b, c and e",                                         # §3(4)
    "d_below_af": "d below a and f",                                                      # §3(4)
}
HISTORY_GAIN_PP = 10.0                 # §3(4) and §4: lie history worth "about 10%" (read as percentage points)
FEATURE_CLAIMS = {
    "history_gain": "removing the lie-history features costs about 10%",                   # §3(4)
    "h5_equal": "remembering 5 lies instead of 3 changes little",                          # §3(4)
    "h5_helps_d_e": "more history helps most against d and e",                             # §3(4)
}
WEIGHTS_CLAIM = "feature weights differ strongly between personalities"                   # §1(3)

# The paper's value of each claims row, as the claims table shows it (section in the comment).
PAPER_VALUES = {
    "above_half": "almost all > 50%",          # §2(5)
    "rising": "rising",                         # §2(5)
    "flat_not_lower": "not lower",              # §2(5)
    "k_matters_little": "no clear effect",      # §2(5): "per-position statistics not yet significant"
    "learns": "learning helps (win rates rise)",
    "s1_learns": "the parameter learning works",  # §2.5: the paper's inference from its rising chart  # §2(5) "rising" and §3(4) "rises with training games"
    "s2_rises": "rises",                        # §3(4)
    "s2_flattens": "slows after 100",           # §3(4)
    "s2_best": "a, f",                          # §3(4)
    "s2_d_above": "d > b, c, e",                # §3(4)
    "s2_d_below": "d < a, f",                   # §3(4)
    "h5_equal": "little change",                # §3(4)
    "h5_helps": "d, e",                         # §3(4)
    "weights": "differ strongly",               # §1(3)
}

# The reproduction spec's sizes (04-cheat.md: §6's statistical caveat and §7's experiments), not the paper's: the
# coverage ledger quotes them as what the spec asks and holds each run against them. The full profile
# (params.PARAMS) meets or exceeds every one (tests/papers/p04/test_ledger.py).
SPEC_SIZES = {
    "lie_games": 10_000,   # E1: games per personality
    "stage1_runs": 200,    # E2..E5: independent stage-1 runs (">= 200")
    "q_seeds": 30,         # E7, E8, E10: training seeds per cell (">= 30")
    "test_games": 1_000,   # E7, E8, E10: test games per learner (">= 1,000")
}
