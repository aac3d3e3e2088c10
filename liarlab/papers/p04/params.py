"""Notebook 04's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Int, Parameters

PARAMS = Parameters(
    "04",
    stage1_runs=Int(2, quick=10, full=200, help="independent learners per personality"),
    settings_runs=Int(2, quick=4, full=200, help="learners per personality for baselines and sensitivity"),
    lie_games=Int(1, quick=2_000, full=50_000, help="deals per personality for the realised lie rates"),
    spread_runs=Int(2, quick=30, full=1_000, help="500-game runs per personality for the lie-count histograms"),
    q_seeds=Int(2, quick=10, full=30, help="trained learners per stage-2 cell, also per variant cell"),
    test_games=Int(20, quick=200, full=5_000, help="test games per trained learner"),
    round_robin_games=Int(1, quick=1_000, full=50_000, help="games per ordered pair of scripted agents"),
    exploiter_games=Int(1, quick=2_000, full=50_000, help="games per seat: the exploiter, type b and the trivial baselines against each type"),
    confirm_runs_cap=Int(2, quick=40, full=1_000, help="budget of fresh stage-1 runs per personality and setting for undecided rows"),
    confirm_seeds_cap=Int(2, quick=12, full=200, help="budget of fresh learners per cell for undecided rows"),
    traditional_games=Int(1, quick=1, full=50, help="games per seating of a traditional 52-card table"),
)
