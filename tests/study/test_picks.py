"""study.picks: a claim over several cases holds when each case does, shown at the case its strategy picks."""
from liarlab.core import verdicts as V
from liarlab.study.picks import PICKS, each


def _e(value, low, high):
    return V.Estimate(value, low, high, 100, "games")


CASES = [_e(0.20, 0.15, 0.25), _e(0.30, 0.10, 0.50), _e(-0.40, -0.45, -0.35)]


def test_each_strategy_picks_its_case():
    assert PICKS["lowest"](CASES) is CASES[2]
    assert PICKS["smallest"](CASES) is CASES[2]
    assert PICKS["largest"](CASES) is CASES[2]
    assert PICKS["highest"](CASES) is CASES[1]
    assert PICKS["lowest"](CASES[:2]) is CASES[1] and PICKS["smallest"](CASES[:2]) is CASES[0]


def test_each_judges_every_case_jointly():
    shown, j = each(CASES[:2], lambda e: V.direction(e, ">", 0.0), "both above 0", "lowest")
    assert shown is CASES[1] and j.verdict == "reproduced"
    _, j = each(CASES, lambda e: V.direction(e, ">", 0.0), "each above 0", "smallest")
    assert j.verdict == "differs"
