"""Values printed in the science-fair report on Q-learning in multiplayer Liar Dice (seed 001), used only beside ours.

The report's figures survive only as captions and claims in its text (no chart data), so most entries
are statements; numbers are kept with the figure or table they come from.
"""

SOURCE = "Macronix Science Award SA22-239 report (seed 001)"

#: Training sizes (section 4 and figure captions)
STAGE_GAMES = 100_000            # "RLxy...": 100,000 games per stage on one table
RANDOM_GAMES = 400_000           # RL-random (Fig 5-7)
FULL_HAND_GAMES = 3_000_000      # Fig 5-11: full hand reaches ~30% explored
LOG_EVERY = 10_000               # Fig 5-12, 5-13 logging step
HYPERPARAMETERS = {"alpha": 0.2, "epsilon": 0.1, "gamma": 0.9}   # code defaults (para=[0.2, 0.1, 0.9])

#: Fig 5-11 / 5-12: share of the partial-hand n=1 space explored after 100,000 games
EXPLORED_SHARE_100K = 0.30       # "only about 30%"
EXPLORED_SHARE_FULL = 0.30       # full hand "when it reaches 30%" (at 3,000,000 games)

#: Table 5-1: top-30 Q entries of RL0 (n=1, partial hand, 100,000 games) by kind
TOP30_CLASSES = {"opening honest": 6, "mid-game honest": 18, "slight lie": 4, "challenge": 2}
#: the range of the four example values printed with Table 5-1
TOP30_VALUE_RANGE = (0.8885, 0.8999)
TOP30_EXAMPLES = {(0, 0, 4, 4, 4): 0.8975, (6, 1, 6, 3, 3): 0.892, (5, 4, 5, 3, 5): 0.8999, (2, 5, -1, -1, -1): 0.8885}
#: text after Table 5-1: challenges among the top 30 with history 2 and 3, and for the full hand (n=1)
TOP30_CHALLENGES = {("partial", 2): 21, ("partial", 3): 26, ("full", 1): 30}

#: Fig 6-1: "mostly 2 to 5 actions per game" (RL0 vs EXP0)
GAME_LENGTH_RANGE = (2, 5)

#: Table 4-3 (illustrative, "might look like"): RL n=1 partial after 1,000 games; hold four 5s, bid c fives,
#: after the previous bid [face, count]; None = illegal there.
TABLE_4_3 = {(2, 1): [0.7951, 0.8516, 0.8705, 0.8992, 0.3079],
             (3, 3): [None, None, 0.7846, 0.8901, 0.5076],
             (6, 4): [None, None, None, None, 0.4853]}

#: The statements of each figure, as the claims table words them (figure -> its claims rows' texts, in order; the
#: report's sentences split by player or read with a word: claims.py takes every text from here). Fig 5-13's are
#: the report's: our code check and timing table answer them
STATEMENTS = {
    "Fig 5-1": ["EXP0-EXP3 and RL0-RL3 are far better than RAND"],
    "Fig 5-2": ["EXP1-EXP3 clearly counter EXP0 (EXP0 clearly disadvantaged)", "the other EXP pairs differ little"],
    "Fig 5-3": ["a player whose preceding player is EXP0 wins more", "win rates follow relative, not absolute seats"],
    "Fig 5-4": ["Q-learning learns to beat the fixed strategy it trains against (every RLi wins > 50% against its own "
                "EXPi)", "against other EXPs RLi mostly wins < 50%"],
    "Fig 5-5": ["EXP0: slight first-mover advantage", "EXP1: about no seat advantage",
                "EXP2: second-mover advantage", "EXP3: slight first-mover advantage",
                "RL0: clear first-mover advantage", "RL1: slight second-mover advantage",
                "RL2: slight second-mover advantage", "RL3: slight second-mover advantage"],
    "Fig 5-6": ["EXP0: small spread across seats", "EXP0: P2 best", "EXP1: small spread across seats", "EXP1: P1 best",
                "EXP2: P3 clearly highest", "EXP3: P1 clearly advantaged"],
    "Fig 5-7": ["a model is advantaged against the last EXP it trained on",
                "and disadvantaged against EXPs it trained on earlier",
                "RL03 stays advantaged against EXP0", "RL0123 stays advantaged against EXP0",
                "RL-random is advantaged against all four EXPs"],
    "Fig 5-8": ["trained as P1: win rate as P1 barely changes", "trained as P1: win rate as P2 drops sharply",
                "trained as P2: win rate as P2 barely changes", "trained as P2: win rate as P1 about 0"],
    "Fig 5-9": ["trained at P2 or P3: about 0 as P1", "trained at P1: much lower but non-zero as P2 and P3",
                "trained at P1: above the 1/3 baseline only at P1",
                "trained at P2 or P3: some strength in both P2 and P3"],
    "Fig 5-10": ["history length 1, 2, 3 makes no clear difference against EXP0"],
    "Fig 5-11": ["the full-hand model is clearly worse than the partial-hand one (the report trained both "
                 "100,000 games)",
                 "at ~30% explored (3,000,000 games) the full-hand model is better than partial"],
    "Fig 5-12": ["about 30% of the partial-hand space is explored after 100,000 games",
                 "the table size grows with shrinking increments", "the win rate rises with shrinking increments"],
    "Fig 5-13": ["more information in the state means less training time for the same games",
                 "fewer explored actions are scanned per state"],
    "Fig 5-14": ["EXP0's forced side wins more with larger s", "s >= 3 wins > 50%, s = 1, 2 wins < 50%"],
    "Fig 5-15": ["EXP1-EXP3 follow EXP0's trend with a larger spread",
                 "EXP3 gains less at s = 4, 5 than EXP1 and EXP2"],
    "Fig 5-16": ["RL0 is advantaged only at s = 3", "RL1 advantaged at s >= 3, disadvantaged at s = 1, 2",
                 "RL2 and RL3 are disadvantaged only at s = 2, the advantage growing with s"],
    "Fig 5-17": ["EXP0: the side with the higher multiplicity is advantaged",
                 "EXP0: the larger the gap between the two multiplicities, the larger the edge",
                 "EXP1: the side with the higher multiplicity is advantaged",
                 "EXP1: the larger the gap between the two multiplicities, the larger the edge",
                 "EXP1's gaps are larger than EXP0's"],
    "Fig 5-18": ["RL0: as P1 it wins more with three of a kind (s1 = 3) than with any other s1, for each s2 (20 "
                 "comparisons)",
                 "RL0: P1 is usually advantaged",
                 "RL1: s1 >= 3 always advantaged, s1 <= 2 always disadvantaged"],
    "Fig 6-1": ["RL0 vs EXP0 games mostly take 2-5 actions"],
}
