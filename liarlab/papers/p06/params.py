"""Notebook 06's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the ledger
reads its sizes from it."""
from liarlab.liardice.qtable import SHORT_STAGE_GAMES, STAGE_GAMES
from liarlab.study.params import ChoiceList, Int, IntList, Parameters

PARAMS = Parameters(
    "06",
    games=ChoiceList((11, 12, 21, 22), quick=[11, 21], full=[11, 21, 12, 22],
                  help="end games as first mover's and second mover's dice, 21 for two dice against one"),
    test_types=IntList(1, 32, quick=[1, 16, 17, 32], full=list(range(1, 33)),
                       help="paper 01's test programs played in the one-die game 11"),
    test_types_larger=IntList(1, 32, quick=[1], full=[1, 8, 17, 32],
                              help="the test programs also played in the games with three dice"),
    exact_max_sequences=Int(0, quick=5_000, full=10_000,
                            help="a plan with at most this many sequences is evaluated in fractions too"),
    learner_seeds=Int(0, 50, quick=2, full=5,
                      help="training seeds of each Q-learner RL0-RL3 in each end game (0: none)"),
    learner_games=Int(100, quick=10_000, full=STAGE_GAMES,
                      help="training games of a Q-learner's one stage (paper 02's full stage in the full profile)"),
    league_test_types=IntList(1, 32, quick=[1, 17], full=list(range(1, 33)),
                              help="paper 01's test programs in the five-dice league"),
    league_games=Int(2, quick=40, full=200, help="games per pair of players in the five-dice league (both seats)"),
    league_learner_seeds=Int(0, 10, quick=1, full=3,
                             help="training seeds of each Q-learner RL0-RL3 in the five-dice league (0: none)"),
    league_learner_games=Int(100, quick=SHORT_STAGE_GAMES,
                             full=STAGE_GAMES,
                             help="training games of a league Q-learner's one stage (paper 02's stage)"),
    ismcts_games=Int(2, quick=6, full=120, help="games of OpenSpiel's IS-MCTS against each player, five dice each"),
    ismcts_simulations=Int(1, quick=20, full=100, help="IS-MCTS simulations a move in the five-dice games"),
    ismcts_deals=Int(100, quick=1_000, full=10_000, help="seeded deals of the wrapped game IS-MCTS plays"),
    ismcts_budgets=IntList(1, 10_000, quick=[10, 30], full=[10, 30, 100, 300],
                           help="IS-MCTS simulations a move measured against random guess in the smaller game"),
    ismcts_budget_games=Int(2, quick=6, full=100, help="games at each IS-MCTS budget in the smaller game"),
    ismcts_budget_dice=Int(1, 5, quick=2, full=2, help="dice each in the smaller game of the IS-MCTS budgets"),
)
