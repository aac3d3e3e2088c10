"""Notebook 03's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Int, Parameters

PARAMS = Parameters(
    "03",
    n_samples=Int(1, 10_000, quick=50, full=50, help="sampled deals per Monte Carlo bidding estimate (the thesis's N)"),
    agreement_deals=Int(10, quick=200, full=3_000, help="small deals checked against plain minimax"),
    speed_deals=Int(1, quick=3, full=200, help="random 13-v-13 deals timed, each with 4 trumps, and per solver ablation"),
    table_n=Int(1, 8, quick=6, full=8, help="cards a hand of the endgame table built bottom-up"),
    table_checks=Int(10, quick=500, full=10_000, help="table entries cross-checked against the search"),
    convergence_hands=Int(0, quick=0, full=20, help="random hands beside the Fig 3-13 hand"),
    convergence_pool=Int(20, quick=100, full=2_000, help="sampled deals per hand, and in its reference estimate"),
    convergence_reps=Int(2, quick=20, full=100, help="repeated estimates per hand and N"),
    replay_samples=Int(2, quick=30, full=400, help="sampled deals for the Fig 3-13 replay"),
    match_boards=Int(1, quick=1, full=400, help="duplicate boards per E12 pairing"),
    exchange_boards=Int(1, quick=4, full=400, help="duplicate boards per E13 exchange variant"),
    grid_boards=Int(1, quick=1, full=400, help="duplicate boards per E14 grid cell besides the default cell"),
    selfplay_deals=Int(1, quick=4, full=1_000, help="MC0-vs-MC0 deals for E10"),
    timing_decisions=Int(1, quick=1, full=10, help="decisions timed"),
    eps_boards=Int(1, quick=6, full=200, help="deals for tuning the human-error stand-in DD-eps"),
    ismcts_boards=Int(1, quick=1, full=10, help="duplicate boards of OpenSpiel's IS-MCTS against MC0"),
    ismcts_simulations=Int(1, quick=5, full=20, help="IS-MCTS simulations a move against MC0"),
    confirm_deals=Int(1, quick=8, full=1_800, help="cap of fresh MC0-vs-MC0 deals for an undecided estimation row"),
)
