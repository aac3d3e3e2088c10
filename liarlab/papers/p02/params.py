"""Notebook 02's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.liardice.qtable import SHORT_STAGE_GAMES, STAGE_GAMES
from liarlab.study.params import Int, Parameters

PARAMS = Parameters(
    "02",
    stage_games=Int(1_000, quick=SHORT_STAGE_GAMES, full=STAGE_GAMES, help="training games per stage"),
    eval_games=Int(100, quick=1_000, full=10_000, help="evaluation games per seat arrangement of a trained table"),
    fixed_games=Int(100, quick=2_000, full=50_000, help="games per seat arrangement of fixed agents"),
    n_seeds=Int(2, 50, quick=2, full=10, help="independently trained tables per model"),
    full_hand_games=Int(10_000, quick=50_000, full=3_000_000, help="full-hand training length"),
    exploit_games=Int(2, quick=4, full=100, help="best-responder games per trained table"),
    confirm_seeds=Int(2, 200, quick=3, full=40, help="cap on newly trained tables per confirmatory sample"),
    confirm_games=Int(100, quick=4_000, full=1_000_000, help="cap on fresh games a seat arrangement per confirmatory sample"),
)
