"""Notebook 00's own parameters, declared once: type, range, quick and full sizes (the common ones are in
:data:`liarlab.study.params.COMMON`). The notebook's setup cell passes :data:`PARAMS` to ``nb.setup``; the chain
checks ``-p`` values with it; the coverage ledger reads its sizes from it."""
from liarlab.study.params import Int, Parameters

PARAMS = Parameters(
    "00",
    n_monte_carlo=Int(1, quick=100_000, full=10_000_000, help="hands in the Monte Carlo check; None takes the profile size"),
    n_monte_carlo_generator=Int(1, quick=20_000, full=1_000_000, help="hands from paper 02's generator; None takes the profile size"),
)
