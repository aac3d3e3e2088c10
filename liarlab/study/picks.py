"""A claim judged over several cases (issue 48): it holds when it holds in each case (:func:`verdicts.all_of`), and
its one shown value is the case a named strategy picks: ``lowest`` (the lowest lower bound), ``smallest`` (the
smallest value), ``largest`` (the largest in size), ``highest`` (the highest upper bound)."""
from __future__ import annotations

from liarlab.core import verdicts as V

PICKS = {
    "lowest": lambda es: min(es, key=lambda e: e.low),
    "smallest": lambda es: min(es, key=lambda e: e.value),
    "largest": lambda es: max(es, key=lambda e: abs(e.value)),
    "highest": lambda es: max(es, key=lambda e: e.high),
}


def each(estimates, rule, what: str, pick: str) -> tuple[V.Estimate, V.Judgement]:
    """(the picked case's estimate, every case's ``rule`` judged jointly as ``what``)."""
    es = list(estimates)
    return PICKS[pick](es), V.all_of([rule(e) for e in es], what)
