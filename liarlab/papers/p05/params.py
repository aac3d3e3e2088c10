"""Notebook 05's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Flag, Int, Parameters

PARAMS = Parameters(
    "05",
    n_games=Int(1, quick=1_000_000, full=100_000_000, help="LD-2 games per pairing; None takes the profile size"),
    ld_max_faces=Int(1, 2000, quick=20, full=100, help="LD-1 faces 1..ld_max_faces"),
    bluff1_max_faces=Int(2, quick=10, full=20, help="Bluff-1 per-turn faces 2..bluff1_max_faces"),
    exact_max_faces=Int(2, quick=4, full=6, help="Bluff-1 exact faces 2..exact_max_faces"),
    bluff2_max_dice=Int(1, quick=2, full=5, help="Bluff-2 grids up to this many dice each"),
    variants_exact_max_total=Int(2, 10, quick=3, full=6, help="exact rule-variant search on cells up to this total"),
    old_lp_max_total=Int(2, 8, quick=4, full=7, help="the old whole-tree LP, for agreement and scaling, up to this total"),
    one_die_max_faces=Int(2, 10, quick=4, full=6, help="one die each, CFR+ cross-check for N from 2 to this"),
    one_die_exact_max_faces=Int(2, 10, quick=4, full=10, help="one die each, certified double oracle for N from 2 to this"),
    cfr_iterations=Int(10, quick=300, full=1000, help="CFR+ iterations per one-die game"),
    resolve_certificates=Flag(quick=False, full=False, help="solve the results stored as certificates in the run "
                                                            "instead of verifying them (minutes to hours)"),
)
