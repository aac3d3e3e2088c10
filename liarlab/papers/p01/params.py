"""Notebook 01's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Int, IntList, Parameters

PARAMS = Parameters(
    "01",
    n_games=Int(1, quick=100, full=500, help="games per thesis-style match"),
    n_seeds=Int(2, quick=2, full=20, help="seeds per 500-game match and type"),
    n_large=Int(1, quick=4_000, full=100_000, help="large-sample games per type, openers alternating"),
    n_sweep=Int(1, quick=2_000, full=20_000, help="games per type and variant in the first-mover and extension runs"),
    n_calls=Int(1, quick=3_000, full=100_000, help="calls per worked check"),
    n_best_response=Int(1, quick=400, full=10_000, help="best responder vs random-guess games"),
    n_best_response_2=Int(1, quick=40, full=600, help="games of the slower depth-2 best responder"),
    bbn_games=Int(1, quick=60, full=500, help="games per BBN match"),
    bbn_seeds=Int(2, quick=2, full=20, help="independently seeded BBN matches per type"),
    decision_seeds=Int(1, quick=1, full=4, help="matches per type in the liar decision study (reference engine; quick 1, full 4)"),
    bbn_types=IntList(1, 32, quick=[1, 8, 11, 25], full=list(range(1, 33)), help="types in the BBN comparison"),
    bbn_variant_seeds=Int(2, quick=2, full=20, help="seeds per type for the network readings and ablations"),
    x3_types=IntList(1, 32, quick=[1], full=[1, 8, 11, 25], help="types in the X3 run"),
    x3_seeds=Int(2, quick=2, full=10, help="seeded matches per X3 type"),
    x4_games=Int(1, quick=10, full=200, help="games (dice loss - matches) per type and extended rule"),
    confirm_games_cap=Int(1, quick=20_000, full=400_000, help="most fresh games per type for an undecided win-rate claim"),
    confirm_seeds_cap=Int(2, quick=6, full=60, help="most fresh seeded matches per type for an undecided network claim"),
)
