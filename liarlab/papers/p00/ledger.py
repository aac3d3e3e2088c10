"""Notebook 00's coverage ledger (``data/00_coverage.csv``): specs 01 and 02's dice-counting experiments."""
from __future__ import annotations

from liarlab.core import dice
from liarlab.papers.p00.params import PARAMS
from liarlab.papers.p00.printed import PAPER_T61_PARTIAL
from liarlab.papers.p00.results import Results
from liarlab.study import coverage


def coverage_rows(results: Results) -> list[dict]:
    """Rows (spec, code, what the run did, full?, where, why reduced): full at the full profile's Monte Carlo size
    and every history length the paper prints."""
    n_mc, n_generator = (int(t["hands"].iloc[0]) for t in (results.monte_carlo, results.monte_carlo_generator))
    q2, q3 = int(results.q2.n.max()), int(results.q3.n.max())
    return [coverage.indexed(spec, code, size, ok, f"notebook 00: {where}", why)
            for spec, code, size, ok, where, why in (
        ("01", "E1", f"{dice.hands_total()} hands enumerated; {n_mc:,}-hand Monte Carlo", n_mc >= PARAMS.size(
            "n_monte_carlo", "full"), "Tables 4.5 and 4.7, Table 4.6", "quick profile: a smaller Monte Carlo"),
        ("02", "#1", f"6^5 enumerated; {n_generator:,} hands from paper 02's generator", True, "Table 6-3", ""),
        ("02", "#2", f"n = 1..{q2} with 2 players, n = 1..{q3} with 3 players; brute force for n = 1, 2",
         min(q2, q3) >= max(PAPER_T61_PARTIAL), "the size of the Q-table", "fewer history lengths than the spec"))]
