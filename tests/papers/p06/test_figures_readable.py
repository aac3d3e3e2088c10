"""Notebook 06's figures as the report shows them (issue 50): no text under 9 px at a 1400-px page, legends clear
of the data, one colour per family in every figure, and the exploitability axis ending at 1 (the most a player
can lose). Drawn from the committed tables, so no game is solved here."""
from __future__ import annotations

import matplotlib
import pandas as pd
import pytest

from liarlab.papers.p06 import behaviour as b6
from liarlab.papers.p06 import experiments as x6
from liarlab.papers.p06 import figures as f6
from liarlab.study import plotting
from liarlab.study.outputs import REPO_ROOT

matplotlib.use("Agg")
DATA = REPO_ROOT / "data"
pytestmark = pytest.mark.skipif(not (DATA / "06_exploitability.csv").exists(), reason="no committed 06 tables")


def _figures():
    table = pd.read_csv(DATA / "06_exploitability.csv")
    behaviour = pd.read_csv(DATA / "06_behaviour.csv", dtype={"level": str})
    return {"exploitability": f6.exploitability_figure(x6.summary_table(table)),
            "behaviour": f6.behaviour_figure(b6.family_behaviour(behaviour)),
            "league": f6.league_figure(pd.read_csv(DATA / "06_league.csv"))}


def test_small_text_finds_a_6_point_label():
    fig, ax = plotting.figure()
    ax.set_yticks([0, 1], ["a", "b"], fontsize=6)
    assert plotting.small_text(fig)


@pytest.mark.parametrize("name", ["exploitability", "behaviour", "league"])
def test_every_text_is_readable_and_no_legend_covers_data(name):
    fig = _figures()[name]
    assert not plotting.small_text(fig), plotting.small_text(fig)[:5]
    assert not plotting.legend_overlaps(fig)


def test_a_family_has_one_colour_whichever_table_names_it():
    assert f6.family_colour("the Q-learners RL0-RL3, retrained (paper 02)") == f6.family_colour(
        "Q-learners RL0-RL3 (paper 02)")
    assert f6.family_colour("the rule players EXP0-EXP3 (paper 02)") == f6.family_colour("EXP0-EXP3 (paper 02)")
    assert f6.family_colour("RAND and EXPRAND (paper 02)") != f6.family_colour("EXP0-EXP3 (paper 02)")
    assert len({f6.family_colour(f) for f in ("random guess (paper 01)", "test programs (paper 01)",
                                               "Q-learners RL0-RL3 (paper 02)", "EXP0-EXP3 (paper 02)",
                                               "RAND and EXPRAND (paper 02)", "Bayesian-network player (paper 01)")}) == 6


def test_the_exploitability_axis_ends_at_one():
    fig = _figures()["exploitability"]
    assert all(ax.get_xlim()[1] <= 1.02 for ax in fig.axes)
