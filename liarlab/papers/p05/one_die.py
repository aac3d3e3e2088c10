"""Bluff with one die each and N faces, certified exact by the double oracle: one cached call per N (notebook 05).

This module is kept small on purpose. ``cache.cached_call(certified_one_die, N)`` is keyed by this module's
source and the solver's (:mod:`liarlab.bluff.oracle` and what it imports), so the slow cells, N = 9 (about
2.5 minutes on the 2-core project machine) and N = 10 (about 10 minutes, 3.3 GB), are computed once and then
served from ``data/cache``. The result holds numbers only (no strategies), so an entry is a few hundred bytes.
"""
from __future__ import annotations


def certified_one_die(faces: int) -> dict:
    """The talk's rules (face N wild, quantity order), one die each: the opener's exact value, certified.

    Returns faces, histories (2^(2N)), value (the opener's game value in +-1 units, the bracket's midpoint),
    lower, upper, width (the certified bracket: the value lies in [lower, upper]), exact_win (the opener's
    win probability, (1 + value) / 2), restricted_histories (bid histories the double oracle needed),
    iterations, oracle_seconds and peak_gb (the round's resident memory peak).
    """
    from liarlab.bluff import solve
    from liarlab.core.resources import PeakMemory
    from liarlab.core.validation import check_int

    faces = check_int("faces", faces, 2, 12)
    with PeakMemory() as memory:
        sol = solve(faces, method="oracle").detail     # the double oracle's own result (CertifiedRound)
    return {"faces": faces, "histories": int(sol.histories), "value": float(sol.value), "lower": float(sol.lower),
            "upper": float(sol.upper), "width": float(sol.width), "exact_win": float(sol.opener_win),
            "restricted_histories": int(sol.restricted_histories), "iterations": int(sol.iterations),
            "oracle_seconds": float(sol.seconds), "peak_gb": float(memory.peak_gb)}
