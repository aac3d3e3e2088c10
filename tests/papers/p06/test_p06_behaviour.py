"""Notebook 06's behaviour measures (bluffs, calls by support, openings), checked by hand in the one-die game at
two and three faces, and the equilibrium's numbers checked against the game's own bookkeeping."""
from fractions import Fraction
from types import SimpleNamespace

import pytest

from liarlab.papers.p06 import behaviour as B
from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import figures as F

HALF = Fraction(1, 2)


def _plan(game, name, seat):
    return xp.agent_plan(game, name, seat)


def test_always_call_against_raise_by_one_by_hand():
    # N = 2, one die each; bids 1x1 < 1x2 < 2x1 < 2x2. Always-call opens 1x1; raise-by-one answers 1x2; always-call
    # calls. Always-call's one bid 1x1 names a face it lacks (and is above its count) when its die is 2: 1/2.
    # It faces 1x2 once a game: with die 2 its own die makes it true (needs 0 from the bidder), with die 1 it needs
    # the bidder's one die (1). It calls both.
    game = xp.game_for((1, 1), faces=2)
    c = B.behaviour_counts(game, _plan(game, "always-call", 0), 0, _plan(game, "raise-by-one", 1))
    assert (c["decisions"], c["bids"], c["bluffs"], c["beyond"]) == (2, 1, HALF, HALF)
    assert dict(c["facing"]) == {"0": HALF, "1": HALF} and dict(c["calls"]) == {"0": HALF, "1": HALF}
    assert dict(c["opening"]) == {1: 1}
    # raise-by-one, second seat, faces 1x1 (true by its own die 1: needs 0; die 2: needs 1) and raises to 1x2,
    # a face it lacks with die 1
    r = B.behaviour_counts(game, _plan(game, "raise-by-one", 1), 1, _plan(game, "always-call", 0))
    assert (r["decisions"], r["bids"], r["bluffs"], r["beyond"]) == (1, 1, HALF, HALF)
    assert dict(r["facing"]) == {"0": HALF, "1": HALF} and sum(r["calls"].values()) == 0


def test_raise_by_one_against_itself_by_hand():
    # Raise-by-one both seats: 1x1, 1x2, 2x1, 2x2, and the first mover calls the top bid. The first mover bids
    # 1x1 and 2x1: with die 1 only 2x1 is above its count; with die 2 both name a face it lacks.
    # It faces 1x2 (die 1 needs 1, die 2 needs 0) and 2x2 (die 1: the bidder would need two 2s, impossible; die 2
    # needs 1), and calls only 2x2.
    game = xp.game_for((1, 1), faces=2)
    c = B.behaviour_counts(game, _plan(game, "raise-by-one", 0), 0, _plan(game, "raise-by-one", 1))
    assert (c["decisions"], c["bids"], c["bluffs"], c["beyond"]) == (3, 2, 1, Fraction(3, 2))
    assert dict(c["facing"]) == {"0": HALF, "1": 1, "impossible": HALF}
    assert dict(c["calls"]) == {"1": HALF, "impossible": HALF}
    rows = B.behaviour_rows(game, "raise-by-one", (_plan(game, "raise-by-one", 0), _plan(game, "raise-by-one", 1)),
                            (_plan(game, "raise-by-one", 1), _plan(game, "raise-by-one", 0)), True)
    first = {(r["measure"], r["level"]): r for r in rows if r["seat"] == "first"}
    assert first["bluff", "face absent"]["share_fraction"] == "1/2"
    assert first["bluff", "beyond own dice"]["share_fraction"] == "3/4"
    assert first["call", "1"]["share_fraction"] == "1/2" and first["call", "1"]["mass"] == 1
    assert first["opening", "1x1"]["share"] == 1


@pytest.mark.parametrize("faces", [2, 3])
def test_the_equilibriums_numbers_add_up(faces):
    # One call ends every game: the calls of the two seats add up to exactly 1; each game has one more decision
    # than bids; the opening distribution sums to 1. The same holds for a player against the equilibrium.
    game = xp.game_for((1, 1), faces=faces)
    eq = xp.equilibrium((1, 1), faces)
    for first, second in ((eq.plans[0], eq.plans[1]), (_plan(game, "random-guess", 0), eq.plans[1]),
                          (eq.plans[0], _plan(game, "EXP0", 1))):
        a = B.behaviour_counts(game, first, 0, second)
        b = B.behaviour_counts(game, second, 1, first)
        assert sum(a["calls"].values()) + sum(b["calls"].values()) == 1
        assert a["decisions"] + b["decisions"] == a["bids"] + b["bids"] + 1
        assert sum(a["opening"].values()) == 1
    rows = B.behaviour_rows(game, B.EQUILIBRIUM, eq.plans, (eq.plans[1], eq.plans[0]), True)
    both = {(r["measure"], r["level"]): r["share"] for r in rows if r["seat"] == "both"}
    assert both["call", "impossible"] == 1        # a call that surely wins is always taken
    assert both.get(("call", "0"), 0) == 0        # a call that surely loses never is
    assert all(0 <= r["share"] <= 1 for r in rows if r["mass"])


def test_family_means_and_the_figure():
    game = xp.game_for((1, 1), faces=3)
    eq = xp.equilibrium((1, 1), 3)
    opp = (eq.plans[1], eq.plans[0])
    rows = B.behaviour_rows(game, B.EQUILIBRIUM, eq.plans, opp, True)
    for name in ("type1", "type2", "EXP1"):
        rows += B.behaviour_rows(game, name, (_plan(game, name, 0), _plan(game, name, 1)), opp, True)
    import pandas as pd

    table = pd.DataFrame(rows)
    fam = B.family_behaviour(table)
    tests = fam[fam.family.str.contains("test programs")].set_index(["measure", "level"])
    both = table[table.seat == "both"]
    mean = both[both.agent.isin(["type1", "type2"])].groupby(["measure", "level"]).share.mean()
    key = ("bluff", "face absent")
    assert tests.share[key] == pytest.approx(mean[key]) and tests.players[key] == 2
    eq_share = both[(both.agent == B.EQUILIBRIUM) & (both.measure == "bluff") & (both.level == "face absent")].share
    assert tests.departure[key] == pytest.approx(mean[key] - float(eq_share.iloc[0]))
    wide = B.family_wide(fam)
    assert list(wide.columns)[0] == B.EQUILIBRIUM and wide.loc[("1v1", "bluff", "face absent")].iloc[1] == \
        pytest.approx(mean[key])
    openings = B.opening_summary(table)
    assert openings.filter(like="opens with").sum(axis=1).to_numpy() == pytest.approx(1)
    fig = F.behaviour_figure(fam)
    assert all(ax.get_ylabel() for ax in fig.axes)
    caption = F.behaviour_caption(fam)
    assert "What to notice" in caption and "%" not in caption  # shares and probabilities only (issue 50)
    # at most the three largest departures, not every family (issue 50: a 150-word caption)
    assert F.behaviour_caption(fam, shown=1).count("(the equilibrium ") == 1


@pytest.mark.parametrize(("measure", "level", "words"), [
    ("call", "impossible", "calls an impossible bid with probability 0.25 (the equilibrium 1.00)"),
    ("call", "1", "calls a bid the bidder needs 1 die of its face for with probability 0.25 (the equilibrium 1.00)"),
    ("call", "0", "calls a bid its own dice already make true with probability 0.25"),
    ("bluff", "face absent", "names a face it holds none of in a share 0.25 of its bids"),
    ("bluff", "beyond own dice", "bids above its own count of the face in a share 0.25 of its bids")])
def test_a_departure_reads_as_words_not_a_level_run_into_its_value(measure, level, words):
    """The caption once said "calls a bid that needs impossible 0.25 against 1.00" and "needs 1 0.02"."""
    row = SimpleNamespace(measure=measure, level=level, share=0.25, equilibrium=1.0)
    text = F.departure_words(row)
    assert text.startswith(words)
    assert "needs impossible" not in text and " against " not in text


def test_a_family_of_several_players_takes_a_plural_verb():
    """Issue 50: the caption said "the 32 test programs (paper 01) bluffs ... of its bids"."""
    bluff = SimpleNamespace(measure="bluff", level="face absent", share=0.5, equilibrium=0.0)
    call = SimpleNamespace(measure="call", level="0", share=0.5, equilibrium=0.0)
    assert F.departure_words(bluff, plural=True).startswith("name a face they hold none of in a share 0.50 of their "
                                                            "bids")
    assert F.departure_words(call, plural=True).startswith("call a bid their own dice already make true")
    assert F.departure_words(bluff).startswith("names a face it holds none of in a share 0.50 of its bids")


def test_the_explore_figure_sets_the_players_behaviour_beside_the_equilibriums():
    import pandas as pd

    game = xp.game_for((1, 1), faces=3)
    eq = xp.equilibrium((1, 1), 3)
    opp = (eq.plans[1], eq.plans[0])
    behaviour = pd.DataFrame(B.behaviour_rows(game, B.EQUILIBRIUM, eq.plans, opp, True)
                             + B.behaviour_rows(game, "EXP1", (_plan(game, "EXP1", 0), _plan(game, "EXP1", 1)), opp,
                                                True))
    label = behaviour.game.iloc[0]
    rows = pd.DataFrame([dict(agent="EXP1", game=label, seat=s, game_value=v, equilibrium_result=0.1, guaranteed=-0.5,
                              exploitability=0.4) for s, v in (("first", 0.2), ("second", -0.2))])
    with_panel = F.agent_figure(rows, "EXP1", label, behaviour)
    assert len(with_panel.axes) == 2 and with_panel.axes[1].get_xlabel()
    bars = [p.get_width() for p in with_panel.axes[1].patches]
    measured = behaviour[(behaviour.seat == "both") & (behaviour.measure != "opening")]
    assert len(bars) == 2 * len(measured[measured.agent == "EXP1"])
    # the player in its family's colour, as in the notebook's other figures (issue 50: blue here, green there)
    from matplotlib.colors import to_hex

    colours = {to_hex(p.get_facecolor()) for p in with_panel.axes[1].patches}
    assert colours == {F.family_colour("EXP0-EXP3 (paper 02)").lower(), "#000000"}, colours
    assert len(F.agent_figure(rows, "EXP1", label).axes) == 1        # no behaviour table: the one panel


def test_one_walk_of_each_plan_gives_both_tables_as_the_separate_tasks_do():
    import pandas as pd

    from liarlab.papers.p06 import experiments as p06x
    from liarlab.papers.p06 import tables as tables06

    games, types = [11], [1, 17]
    table, behaviour = tables06.player_tables(games, types, [1], 10_000, progress=False, learner_seeds=1,
                                          stage_games=300, behaviour=True)
    dice = (1, 1)
    eq = p06x.equilibria(games)[dice]
    names = p06x.agents_for(dice, types, [1])
    expected = [r for name in names for r in xp.evaluate_agent(xp.game_for(dice), name, eq, 10_000)]
    rules = table[table.seed == p06x.FIXED]
    assert list(rules.agent) == [r["agent"] for r in expected]
    assert list(rules.exploitability) == [float(r["exploitability"]) for r in expected]
    rows = B.behaviour_task(None, dice, B.EQUILIBRIUM, eq, 0)
    rows += [r for name in names for r in B.behaviour_task(None, dice, name, eq, 10_000)]
    separate = pd.DataFrame(rows)
    pd.testing.assert_frame_equal(behaviour.iloc[:len(separate)].reset_index(drop=True), separate)
    # then the learners, one per learner and seed, with the table's names
    assert set(behaviour.agent.iloc[len(separate):]) == {f"RL{k} s0" for k in range(4)}
    assert set(table.agent[table.seed != p06x.FIXED]) == {f"RL{k} s0" for k in range(4)}


def test_the_explore_figure_draws_a_player_in_its_family_colour():
    """Issue 50: random guess was orange in three figures of notebook 06 and blue in the explore figure."""
    from liarlab.papers.p06.league import league_family

    for agent in ("random-guess", "EXP1", "RAND"):
        assert F.family_colour(league_family(agent)) != "#444444", agent
    assert F.family_colour(league_family("random-guess")) == F.family_colour("random guess (paper 01)")


def test_the_worked_example_is_read_in_words_whose_numbers_add_up():
    """Issue 50: the worked example was three tables with no sentence; the sentence's exploitability is the printed
    game value minus the printed guarantee, at the decimals it prints."""
    import re

    from liarlab.papers.p06 import experiments as p06x

    example = p06x.worked_example((1, 1), "random-guess", xp.equilibrium((1, 1)))
    text = p06x.worked_example_words(example)
    assert text.startswith("Holding a 1 as first mover, it opens 1x1 with probability 0.968")
    for worth, held, exploit in re.findall(r"worth (\S+) to it, a best responder holds it to (\S+), so its "
                                           r"exploitability is (\S+),", text):
        num = lambda s: float(s.replace("−", "-"))  # noqa: E731
        assert abs(num(worth) - num(held) - num(exploit)) < 1.5e-4, text
    assert text.count("exploitability is") == 2


def test_the_worked_example_shows_the_players_result_against_the_equilibrium():
    """A fresh reader: the column "against the equilibrium" showed the equilibrium's +4/31 and +67/756, where the
    player's results are -4/31 and -67/756 (the Explore figure draws them negative). Every value in the row is the
    player's: its result against the equilibrium is the seat's game value minus the equilibrium's edge, between
    what a best responder holds it to and the game value."""
    from liarlab.papers.p06 import experiments as p06x

    example = p06x.worked_example((1, 1), "random-guess", xp.equilibrium((1, 1)))
    seats = p06x.worked_example_view(example)[2]
    num = lambda s: float(str(s).split()[0].replace("−", "-"))  # noqa: E731
    for _, row in seats.iterrows():
        game, held = num(row["game value"]), num(row["guaranteed (against a best responder)"])
        against, edge = num(row["against the equilibrium"]), num(row["the equilibrium's edge"])
        assert abs(game - edge - against) < 1.5e-4, row.to_dict()
        assert held <= against <= game, row.to_dict()
    assert seats["against the equilibrium"].tolist() == ["-0.1290 (-4/31)", "-0.0886 (-67/756)"]
