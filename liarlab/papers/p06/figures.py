"""Notebook 06's figures and captions: every player's exploitability in each end game, and one player in one game
seat by seat (the Explore section), and the families' behaviour beside the equilibrium's."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.papers.p06.experiments import close_rival, tied
from liarlab.papers.p06.policies import player_label
from liarlab.study.answer import and_list, number

__all__ = ["first_screen", "in_short", "caveat", "how_far", "exploitability_figure", "exploitability_caption", "agent_figure", "behaviour_figure", "behaviour_caption",
           "league_figure", "league_caption"]

SEAT_COLOURS = {"first": "#0072B2", "second": "#E69F00"}


def _game_list(games: list[str]) -> str:
    return games[0] if len(games) == 1 else ", ".join(games[:-1]) + " and " + games[-1]


def _two(x) -> str:
    """A value in prose: two decimals, or two significant digits below 0.1 (readers: four read as false precision)."""
    return number(float(x), digits=2, decimals=2)


def _span(values) -> str:
    low, high = float(min(values)), float(max(values))
    return f"{low:.2f}" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f} to {high:.2f}"


def players_of(families: pd.DataFrame, game: str, family: str) -> int:
    """How many players ``family`` has in ``game`` (0 if it does not play there)."""
    sel = families[(families.game == game) & (families.family == family)]
    return int(sel.players.iloc[0]) if len(sel) else 0


def first_screen(families: pd.DataFrame, spread: pd.DataFrame | None = None) -> str:
    """The answer's further results (issue 50: the first screen answered only the first game): the least and most
    exploitable family in every other end game, from ``families``
    (:func:`liarlab.papers.p06.experiments.family_table`, sorted by game, then mean exploitability). Where the same two
    families are at the ends in every other game, one sentence with each one's range; else one clause a game. A
    game where some of the first game's families do not play names them. With ``spread``
    (:func:`liarlab.papers.p06.experiments.learner_spread`), an end whose order the Q-learners' training seeds leave
    undecided (:func:`liarlab.papers.p06.experiments.close_rival`) says so, as "In short" does (a fresh reader: this
    paragraph named the most exploitable family with no caveat)."""
    games = list(dict.fromkeys(families.game))
    others = games[1:]
    if not others:
        return ""
    ends = {g: (families[families.game == g].iloc[0], families[families.game == g].iloc[-1]) for g in others}
    head = f"**The other end game{'s' if len(others) > 1 else ''}** ({_game_list(others)}; exact, the same scale): "
    least = {lo.family for lo, _ in ends.values()}
    most = {hi.family for _, hi in ends.values()}
    if len(least) == 1 and len(most) == 1:
        every = {1: "", 2: " in both", 3: " in all three"}.get(len(others), " in all of them")
        text = (head + f"the least exploitable family is {least.pop()}{every}, at "
                f"{_span([lo.exploitability_mean for lo, _ in ends.values()])}, and the most exploitable "
                f"{most.pop()}, at {_span([hi.exploitability_mean for _, hi in ends.values()])}.")
    else:
        text = head + "; ".join(f"in {g} the least exploitable family is {lo.family}, at {lo.exploitability_mean:.2f}, "
                                f"and the most {hi.family}, at {hi.exploitability_mean:.2f}"
                                for g, (lo, hi) in ends.items()) + "."
    for end, at in (("least", 0), ("most", -1)):
        rivals = {} if spread is None else {
            g: r for g in others if (r := close_rival(families[families.game == g], spread, end))}
        if rivals:
            text += (f" Which family is the {end} exploitable is not decided in {_game_list(list(rivals))}: "
                     + "; ".join(dict.fromkeys(f"{families[families.game == g].iloc[at].family} against {r}"
                                               for g, r in rivals.items()))
                     + ", a gap within one Q-learner's seed-to-seed spread.")
    # a game where some of the first game's families do not play names those (fewer words than the ones that do)
    first = list(families[families.game == games[0]].family)
    for g in others:
        missing = [name for name in first if name not in set(families[families.game == g].family)]
        if missing:
            verb = "does" if len(missing) == 1 and players_of(families, games[0], missing[0]) == 1 else "do"
            text += f" In {g} {_game_list(missing)} {verb} not play (the coverage ledger says why)."
    return text


def exploitability_figure(summary: pd.DataFrame):
    """One panel per game: each player's exploitability (mean of its two seats) as a horizontal bar coloured by
    its family, least exploitable at the top, and the equilibrium's mean edge against it as a dot. The axis ends
    at 1, the most a player can lose (a best responder winning every game)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from liarlab.study import plotting

    games = list(dict.fromkeys(summary.game))
    tallest = max(len(summary[summary.game == g]) for g in games)
    fig, axes = plotting.figure(1, len(games), 3.1, max(2.5, 0.15 * tallest + 1.2), squeeze=False)
    families = {}
    for ax, game in zip(axes[0], games):
        g = summary[summary.game == game].reset_index(drop=True)
        y = np.arange(len(g))[::-1]
        fams = [_agent_family(a) for a in g.agent]
        families.update(dict.fromkeys(fams))
        ax.barh(y, g.exploitability_mean, color=[family_colour(f) for f in fams], height=0.75)
        ax.plot(g.equilibrium_edge_mean, y, "o", color="black", markersize=3)
        ax.set_yticks(y, [player_label(a) for a in g.agent], fontsize=TICK_PT)
        ax.set_ylim(-0.7, len(g) - 0.3)
        ax.set_xlim(0, max(1.0, float(summary.exploitability_mean.max())) + 0.01)
        ax.tick_params(axis="x", labelsize=9)
        ax.set_xlabel("±1 units, mean of both seats", fontsize=9)
        ax.set_title(f"end game {game}", fontsize=11)
    handles = [Patch(color=family_colour(f), label=f"exploitability: {f}") for f in families]
    handles.append(Line2D([], [], marker="o", color="black", linestyle="none", markersize=4,
                          label="the equilibrium's edge against the player"))
    fig.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=9)   # below the panels, off the data
    return fig


def exploitability_caption(summary: pd.DataFrame) -> str:
    first = summary[summary.game == summary.game.iloc[0]]
    best, worst = first.iloc[0], first.iloc[-1]
    beaten = first[(first.exploitability_first + first.exploitability_second) > 2 - 1e-9]
    most = tied(first, worst.exploitability_mean).split(", ")
    most_words = (f"the most {player_label(worst.agent)}, at {worst.exploitability_mean:.3f}" if len(most) == 1 else
                  f"{len(most)} players tie as the most exploitable, at {worst.exploitability_mean:.3f} "
                  f"({and_list(player_label(a) for a in most)})")
    if set(beaten.agent) == set(most):
        beaten_words = ": a best responder beats them in every game"
    else:
        beaten_words = (f"; {len(beaten)} player{'s' if len(beaten) != 1 else ''} "
                        f"({and_list(player_label(a) for a in beaten.agent) or 'none'}) lose every game to a best "
                        "responder (mean exactly 1)")
    return (f"Figure: each player's exploitability (bars, coloured by the player's family: what a best responder "
            f"takes beyond the game value, mean of the player's two seats, ±1 units) and the certified equilibrium's "
            f"edge over the game value against it (dots), one panel per end game. What to notice: no player is near "
            f"exact play; in {best.game} the least exploitable is {player_label(best.agent)}, at "
            f"{best.exploitability_mean:.3f}, and {most_words}{beaten_words}; and the equilibrium, which does not aim "
            f"at the player, collects only part of what the best responder takes.")


def agent_figure(rows: pd.DataFrame, agent: str, game: str, behaviour: pd.DataFrame | None = None):
    """One player in one game: per seat, the game value, what the player guarantees, and what the equilibrium
    leaves it (bars, to the player's seat); with ``behaviour`` (:func:`liarlab.papers.p06.tables.player_tables`)
    a second panel sets its bluffs and calls beside the equilibrium's (both seats, against the equilibrium)."""
    from liarlab.study import plotting

    shown = behaviour is not None and ((behaviour.agent == agent) & (behaviour.game == game)).any()
    fig, axes = plotting.figure(1, 2 if shown else 1, 6.0, 3.2, squeeze=False)
    ax = axes[0, 0]
    sel = rows[(rows.agent == agent) & (rows.game == game)].set_index("seat").loc[["first", "second"]]
    x = np.arange(2)
    width = 0.26
    # greys and the equilibrium's black: no family colour here, so no bar reads as a family of players (the game
    # value was the rule players' green, the equilibrium an orange beside random guess's, issue 50)
    ax.bar(x - width, sel.game_value, width, color="#BBBBBB", label="game value of the seat")
    ax.bar(x, -sel.equilibrium_result, width, color="black", label="against the equilibrium")
    ax.bar(x + width, sel.guaranteed, width, color="#666666", label="against its best responder")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(x, ["as first mover", "as second mover"])
    ax.set_ylim(-1.05, 1.05)
    ax.set_ylabel("the player's result (±1 units)")
    ax.set_title(f"{player_label(agent)} in end game {game}: exploitability {sel.exploitability.iloc[0]:.3f} (first), "
                 f"{sel.exploitability.iloc[1]:.3f} (second)", fontsize=9)
    if not shown:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=10)
        return fig
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=10, ncol=2)
    _behaviour_panel(axes[0, 1], behaviour, agent, game)
    return fig


def _behaviour_panel(ax, behaviour: pd.DataFrame, agent: str, game: str) -> None:
    """The player's share of bluffing bids and its call rate at each support level, beside the equilibrium's."""
    sel = behaviour[(behaviour.game == game) & (behaviour.seat == "both") & (behaviour.measure != "opening")
                    & (behaviour.agent.isin([agent, "equilibrium"]))]
    levels = list(dict.fromkeys(zip(sel.measure, sel.level)))
    # one name a measure, as the behaviour table and figure say it (issue 50: "bluff: beyond own dice" here)
    names = [("bid: a face it holds none of" if lv == "face absent" else "bid: above its own count of the face")
             if m == "bluff" else "call: an impossible bid" if lv == "impossible"
             else f"call: the bid needs {lv} of the bidder's dice" for m, lv in levels]
    y = np.arange(len(levels))
    # the player in its family's colour, as in every other figure of the notebook (random guess was blue here and
    # orange there, issue 50)
    for offset, who, colour in ((-0.2, agent, family_colour(_agent_family(agent))), (0.2, "equilibrium", "black")):
        share = sel[sel.agent == who].set_index(["measure", "level"]).share.reindex(levels)
        values = share.to_numpy(dtype=float)
        ax.barh(y + offset, values, 0.4, color=colour, label="the equilibrium" if who == "equilibrium" else who)
        for yi, v in zip(y + offset, values):   # a zero bar and a case never met look alike: both marked (issue 50)
            if v == 0 or np.isnan(v):
                ax.text(0.01, yi, "0" if v == 0 else "n/a", ha="left", va="center", fontsize=TICK_PT,
                        color=colour if v == 0 else "#666666")
    ax.set_yticks(y, names, fontsize=10)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of its bids (bluff) or P(call) facing such a bid")
    ax.set_title("behaviour beside the equilibrium's (both seats)", fontsize=9)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize=10, ncol=2)


#: one colour per family (Okabe-Ito), the equilibrium in black
FAMILY_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"]
#: the same family has the same colour in every figure of notebook 06 (keyword of its label -> colour)
FAMILY_KEYS = (("random guess", "#D55E00"), ("random-guess", "#D55E00"), ("test program", "#8E6BBF"),
               ("bayes", "#CC79A7"), ("Q-learner", "#0072B2"), ("RAND", "#999999"), ("random player", "#999999"),
               ("EXP", "#009E73"), ("rule player", "#009E73"))
TICK_PT = 9.5   # the smallest text of notebook 06's figures: digits 9.6 px tall at 100 dpi (issue 50)


def family_colour(family: str) -> str:
    """The colour of a family of players, whichever table names it ("the Q-learners RL0-RL3 (paper 02)",
    "Q-learners RL0-RL3 (paper 02)"): RAND and EXPRAND before the rule players, whose label also holds "EXP"."""
    text = str(family)
    for key, colour in FAMILY_KEYS:
        if key.lower() in text.lower() and not (key == "EXP" and "RAND" in text):
            return colour
    return "#444444"


def _agent_family(agent: str) -> str:
    from liarlab.papers.p06.league import league_family

    return league_family(str(agent))
BLUFF_LEVELS = ("face absent", "beyond own dice")


def _families(frame: pd.DataFrame) -> list[str]:
    return [f for f in dict.fromkeys(frame.family) if f != "equilibrium"]


def behaviour_figure(family: pd.DataFrame):
    """Where each family departs from equilibrium play (both seats, against the equilibrium): per game, the share
    of its bids that are bluffs (top; the equilibrium as black bars) and its call rate at each support level of
    the bid it faces (bottom; the equilibrium as a black line). ``family`` is
    :func:`liarlab.papers.p06.behaviour.family_behaviour`."""
    from liarlab.study import plotting

    games = list(dict.fromkeys(family.game))
    families = _families(family)
    fig, axes = plotting.figure(2, len(games), 3.2, 2.9, squeeze=False)   # fits the page's column unscaled
    width = 0.8 / (len(families) + 1)
    for col, game in enumerate(games):
        g = family[family.game == game]
        top, bottom = axes[0][col], axes[1][col]
        bluff = g[g.measure == "bluff"].set_index(["family", "level"]).share
        x = np.arange(len(BLUFF_LEVELS))
        for i, name in enumerate(["equilibrium"] + families):
            colour = "black" if name == "equilibrium" else family_colour(name)
            values = [bluff.get((name, level), np.nan) for level in BLUFF_LEVELS]
            xs = x + (i - len(families) / 2) * width
            top.bar(xs, values, width, color=colour, label=name)
            for xi, v in zip(xs, values):   # a case the family never meets is not a zero
                if v == 0:    # a zero share: a "0" on the axis, not a stub that reads as a small share (issue 50)
                    top.text(xi, 0.01, "0", ha="center", va="bottom", fontsize=TICK_PT, color=colour)
                elif np.isnan(v):
                    top.text(xi, 0.02, "n/a", rotation=90, ha="center", va="bottom", fontsize=TICK_PT,
                             color="#666666")
        top.set_xticks(x, ["of a face it\nholds none of", "above its own\ncount of the face"],
                       fontsize=10)
        top.set_ylim(0, 1)
        top.set_ylabel("share of its bids")
        top.set_title(f"end game {game}: bluffs", fontsize=10)
        calls = g[g.measure == "call"]
        levels = sorted(dict.fromkeys(calls.level), key=lambda v: 99 if v == "impossible" else int(v))
        for i, name in enumerate(["equilibrium"] + families):
            c = calls[calls.family == name].set_index("level").share.reindex(levels)
            style = dict(color="black", linewidth=2.2, linestyle="--") if name == "equilibrium" else dict(
                color=family_colour(name), linewidth=1.2)
            bottom.plot(np.arange(len(levels)), c.to_numpy(dtype=float), marker="o", markersize=3.5, **style)
        bottom.set_xticks(np.arange(len(levels)), levels, fontsize=10)
        bottom.set_ylim(-0.03, 1.03)
        bottom.set_xlabel("dice of its face the bidder must hold\n(beyond the caller's own)", fontsize=10)
        bottom.set_ylabel("P(call | facing such a bid)")
        bottom.set_title(f"end game {game}: calls", fontsize=10)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=9)
    return fig


def departure_words(row, plural: bool = False) -> str:
    """One family's largest departure as a clause: "calls an impossible bid with probability 0.25 (the
    equilibrium 1.00)"; the level read as words ("needs 1" was printed as "calls a bid that needs 1 0.02").
    ``plural``: the family is several players, so the verbs agree with it ("the 32 test programs bluff ... of
    their bids", issue 50: "the 32 test programs bluffs")."""
    level, share, eq = str(row.level), float(row.share), float(row.equilibrium)
    call, its, they = ("call", "their", "they hold") if plural else ("calls", "its", "it holds")
    if row.measure == "bluff":
        # the bluff said as the figure's own panel says it ("bluffs (beyond own dice)" read as code, issue 50)
        if level == "face absent":
            what = f"{'name' if plural else 'names'} a face {they} none of in a share {share:.2f} of {its} bids"
        elif level == "beyond own dice":
            what = (f"{'bid' if plural else 'bids'} above {its} own count of the face in a share {share:.2f} of "
                    f"{its} bids")
        else:
            what = f"{'bluff' if plural else 'bluffs'} ({level}) in a share {share:.2f} of {its} bids"
    elif level == "impossible":
        what = f"{call} an impossible bid with probability {share:.2f}"
    elif level == "0":
        what = f"{call} a bid {its} own dice already make true with probability {share:.2f}"
    else:
        dice = f"{level} die" if level == "1" else f"{level} dice"
        what = f"{call} a bid the bidder needs {dice} of its face for with probability {share:.2f}"
    return f"{what} (the equilibrium {eq:.2f})"


def behaviour_caption(family: pd.DataFrame, shown: int = 3) -> str:
    """The figure's caption, its numbers read from ``family``: what the equilibrium does in the first game, and the
    ``shown`` families that depart most from it, each at its largest departure (issue 50: the caption named every
    family and ran to 150 words; every number a share or a probability, none a percent)."""
    game = family.game.iloc[0]
    g = family[family.game == game]
    eq = g[g.family == "equilibrium"].set_index(["measure", "level"]).share
    worst = []
    for name in _families(g):
        f = g[(g.family == name) & g.departure.notna()]
        worst.append((name, f.loc[f.departure.abs().idxmax()], int(f.players.max()) > 1))
    worst.sort(key=lambda w: -abs(float(w[1].departure)))
    parts = [f"{name} {departure_words(row, plural=plural)}" for name, row, plural in worst[:shown]]
    return (f"Figure: how each family bids and calls beside the certified equilibrium (family means, both seats, in "
            f"games against the equilibrium). Top: shares of bids; bottom: the chance of calling a bid, by how many "
            f"dice of its face the bidder must hold for it to be true. What to notice, in {game}: the equilibrium "
            f"names a face it holds none of in a share {eq.get(('bluff', 'face absent'), float('nan')):.2f} of its "
            f"bids and calls an impossible bid with probability {eq.get(('call', 'impossible'), float('nan')):.2f}. "
            f"The {len(parts)} largest departures from it: " + "; ".join(parts) + ".")


def league_figure(ratings: pd.DataFrame):
    """The five-dice league's Bradley-Terry strengths with their intervals, strongest at the top, coloured by
    family (:func:`liarlab.papers.p06.league.bradley_terry` with a ``family`` column). A player far below the
    rest (RAND) would squeeze the others into a corner: the axis ends a little left of the next lowest, and the
    outlier is drawn at the edge as an arrow with its value."""
    from liarlab.study import plotting

    fig, ax = plotting.figure(1, 1, 7.0, max(2.6, 0.17 * len(ratings) + 1.4))
    y = np.arange(len(ratings))[::-1]
    lows = np.sort(ratings.low.to_numpy(dtype=float))
    left = float(lows[0])
    if len(lows) > 2 and (lows[1] - lows[0]) > 0.5 * (ratings.high.max() - lows[1]):
        left = float(lows[1]) - 0.08 * (ratings.high.max() - lows[1])
    for family in dict.fromkeys(ratings.family):
        sel = (ratings.family == family).to_numpy()
        shown = sel & (ratings.low.to_numpy(dtype=float) >= left)
        ax.errorbar(ratings.strength[shown], y[shown],
                    xerr=[ratings.strength[shown] - ratings.low[shown], ratings.high[shown] - ratings.strength[shown]],
                    fmt="o", markersize=3.5, capsize=2, color=family_colour(family), label=family)
        for yi, (_, r) in zip(y[sel & ~shown], ratings[sel & ~shown].iterrows()):
            ax.annotate(f"{player_label(r.agent)}: {r.strength:.1f} (off the axis)", xy=(left, yi),
                        xytext=(left + 0.06 * (ratings.high.max() - left), yi), va="center", fontsize=10,
                        color=family_colour(family), arrowprops=dict(arrowstyle="<-", color=family_colour(family)))
    ax.set_xlim(left, float(ratings.high.max()) + 0.05 * (float(ratings.high.max()) - left))
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(y, [player_label(a) for a in ratings.agent], fontsize=TICK_PT)
    ax.set_ylim(-0.8, len(ratings) - 0.2)
    ax.set_xlabel("Bradley-Terry strength (log-odds; mean 0), 95% interval")
    ax.set_ylabel("player")
    fig.legend(loc="outside lower center", ncols=2, fontsize=9)
    return fig


def league_caption(ratings: pd.DataFrame, games: int) -> str:
    top, second, bottom = ratings.iloc[0], ratings.iloc[1], ratings.iloc[-1]
    tests = ratings[ratings.agent.str.startswith("type")]
    separated = top.low > second.high

    def num(x) -> str:  # a minus sign, as the prose writes it
        return f"{x:.2f}".replace("-", "−")

    name = player_label(top.agent)
    name = f"the {name}" if name.endswith("player") else name
    lead = (f"{name} is strongest ({num(top.strength)}, win rate {num(top.win_rate)}), clear of "
            f"{player_label(second.agent)} ({num(second.strength)})" if separated else
            f"{name} rates highest ({num(top.strength)}, win rate {num(top.win_rate)}), but its interval overlaps "
            f"{player_label(second.agent)}'s ({num(second.strength)}), so at {games} games a pair which of the two is "
            "strongest is not decided")
    return (f"Figure: the five-dice league (paper 02's rules), every pair {games} games with the first mover "
            f"alternating; each player's Bradley-Terry strength with its 95% interval. What to notice: {lead}; "
            f"{player_label(bottom.agent)} is last ({num(bottom.strength)}, win rate {num(bottom.win_rate)})"
            + (f"; paper 01's test programs spread from {num(tests.strength.min())} to {num(tests.strength.max())}"
               if len(tests) else "") + ".")


def _close_call(g: pd.DataFrame, spread: pd.DataFrame, end: str) -> str:
    """Where the family at one ``end`` ("least", "most") of one game's ranking ``g`` and the next are the Q-learners
    and a family within less than a learner's seed-to-seed spread, the clause saying the order is not decided (issue
    50: the headline named a winner by 0.007 while a learner's seeds differ by 0.03); else "". ``spread``:
    :func:`liarlab.papers.p06.experiments.learner_spread`."""
    if not close_rival(g, spread, end):
        return ""
    a, b = (g.iloc[0], g.iloc[1]) if end == "least" else (g.iloc[-1], g.iloc[-2])
    learners = spread[spread.game == a.game]
    width = float((learners.exploitability_max - learners.exploitability_min).max())
    gap = abs(float(a.exploitability_mean) - float(b.exploitability_mean))
    return (f"one Q-learner's {int(learners.seeds.max())} training seeds differ by up to {_two(width)}, more than the gap "
            f"of {_two(gap)} in {a.game} between the {end} exploitable family and the next, {b.family} "
            f"({_two(b.exploitability_mean)}): which of the two is the {end} exploitable is not decided by this run")


def in_short(families: pd.DataFrame) -> str:
    """The answer in plain words, said first (issue 50): in the first game, the least and the most exploitable
    family, each with its players and the scale. ``families``: :func:`liarlab.papers.p06.experiments.family_table`."""
    g = families[families.game == families.game.iloc[0]]
    lo, hi = g.iloc[0], g.iloc[-1]
    return (f"In {lo.game} no family is near exact play: a best responder wins {_two(lo.exploitability_mean)} beyond the "
            f"game's value against the least exploitable, {lo.family}, {_players(lo.players)}, and "
            f"{_two(hi.exploitability_mean)} against the most exploitable, {hi.family}, {_players(hi.players)} "
            "(exact, no sampling).")


def _players(n) -> str:
    return "one player" if int(n) == 1 else f"a mean of {int(n)} players in both seats"


def caveat(families: pd.DataFrame, spread: pd.DataFrame) -> str:
    """The answer's one caveat (issue 50): the ends of each game's ranking that the Q-learners' training seeds leave
    undecided (:func:`_close_call`), the first in full, the others by their two values; "" if none."""
    first, same = "", {}
    for game in dict.fromkeys(families.game):
        rows = families[families.game == game]
        for end in ("least", "most"):
            if (clause := _close_call(rows, spread, end)):
                a, b = (rows.iloc[0], rows.iloc[1]) if end == "least" else (rows.iloc[-1], rows.iloc[-2])
                if first:  # the others in one sentence an end, by their two values
                    same.setdefault(end, []).append((game, f"{_two(a.exploitability_mean)} against {_two(b.exploitability_mean)}"))
                else:
                    first = clause[0].upper() + clause[1:] + "."
    return first + "".join(f" In {_game_list([g for g, _ in pairs])} the same holds for the {end} exploitable two "
                           f"({'; '.join(v for _, v in pairs)})." for end, pairs in same.items())


def how_far(families: pd.DataFrame, summary: pd.DataFrame) -> str:
    """The question's own answer in one sentence (issue 50: the first screen named the least and the most
    exploitable family but never said how far the players are from exact play): the range of every family's mean
    exploitability over every end game, the scale's two ends, and in each end game how many of its players a best
    responder beats in every game (and how many distinct players that is). ``families``:
    :func:`liarlab.papers.p06.experiments.family_table`; ``summary``: one row per game and player with
    ``exploitability_first`` and ``exploitability_second``."""
    beaten = summary[(summary.exploitability_first + summary.exploitability_second) > 2 - 1e-9]
    games = list(dict.fromkeys(summary.game))
    low = float(families.exploitability_mean.min())
    # "far" only when even the least exploitable family gives away a tenth of the scale or more
    verdict = "Every family is far from it" if low >= 0.1 else "Not every family is far from it"
    per_game = and_list(f"{(beaten.game == g).sum()} of {(summary.game == g).sum()} players in {g}" for g in games)
    distinct = beaten.agent.nunique()
    return (f"**How far from exact play.** {verdict}: over the {len(games)} end games, the families' "
            f"mean exploitabilities run from {families.exploitability_mean.min():.2f} to "
            f"{families.exploitability_mean.max():.2f} on the scale above; {per_game} lose every game to a best "
            "responder"
            + (f" ({distinct} distinct player{'s' if distinct != 1 else ''} in all)." if len(games) > 1 else "."))
