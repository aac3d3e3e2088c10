"""The league's Bradley-Terry fit (liarlab.papers.p06.league.bradley_terry, hand-written) against choix's (issue 52).

The hand-written fit is kept: it gives the Wald intervals of notebook 06's league table from the observed
information, which choix does not, and the chain needs no extra package. This test shows that choix's maximum
likelihood estimator (``choix.opt_pairwise`` without regularization) finds the same strengths, mean 0.
Skipped without choix (the ``dev`` extra installs it).
"""
import numpy as np
import pandas as pd
import pytest

choix = pytest.importorskip("choix", reason="choix is in the dev extra (not installed)")

from liarlab.papers.p06.league import bradley_terry  # noqa: E402


def _league(true_strengths, games, seed):
    rng = np.random.default_rng(seed)
    names = [f"P{k}" for k in range(len(true_strengths))]
    rows = []
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            p = 1 / (1 + np.exp(-(true_strengths[a] - true_strengths[b])))
            rows.append(dict(a=names[a], b=names[b], games=games, a_wins=int(rng.binomial(games, p))))
    return pd.DataFrame(rows)


def _choix_strengths(pairs):
    names = list(dict.fromkeys(list(pairs.a) + list(pairs.b)))
    index = {n: k for k, n in enumerate(names)}
    data = []
    for row in pairs.itertuples():
        data += [(index[row.a], index[row.b])] * row.a_wins + [(index[row.b], index[row.a])] * (row.games - row.a_wins)
    s = choix.opt_pairwise(len(names), data, alpha=0.0, tol=1e-12)
    return dict(zip(names, s - s.mean()))


@pytest.mark.parametrize("seed", [0, 1])
def test_the_hand_written_bradley_terry_fit_gives_choix_strengths(seed):
    pairs = _league([1.0, 0.4, 0.0, -0.3, -1.1], games=100, seed=seed)
    ours = bradley_terry(pairs).set_index("agent").strength
    theirs = _choix_strengths(pairs)
    for name, s in theirs.items():
        assert ours[name] == pytest.approx(s, abs=1e-5), name
    assert list(ours.index) == sorted(theirs, key=theirs.get, reverse=True)


def test_the_comparison_can_fail():
    pairs = _league([1.0, 0.4, 0.0, -0.3, -1.1], games=100, seed=0)
    other = pairs.assign(a_wins=pairs.games - pairs.a_wins)          # every result turned over
    ours = bradley_terry(other).set_index("agent").strength
    theirs = _choix_strengths(pairs)
    assert max(abs(ours[n] - s) for n, s in theirs.items()) > 0.5
