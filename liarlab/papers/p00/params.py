"""Notebook 00's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Int, Parameters

PARAMS = Parameters(
    "00",
    # at most ten times the full size: the hands are drawn at once (40 bytes a hand; 100 million take 4 GB)
    n_monte_carlo=Int(1, 100_000_000, quick=100_000, full=10_000_000,
                      help="hands in the Monte Carlo check; None takes the profile size"),
    # ten times the full size at most: one Python call a hand (the full million takes about a minute)
    n_monte_carlo_generator=Int(1, 10_000_000, quick=20_000, full=1_000_000,
                                help="hands from paper 02's generator; None takes the profile size"),
)
