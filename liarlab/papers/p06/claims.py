"""Notebook 06's claims table: every row an extension (no paper measured its players against exact play), built
from the run's exploitability table (:func:`liarlab.papers.p06.tables.exploitability_table`)."""
from __future__ import annotations

from types import SimpleNamespace

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p06 import baseline, league, learners
from liarlab.papers.p06 import experiments as p06x
from liarlab.papers.p06.policies import player_label
from liarlab.papers.p06.printed import SOURCE
from liarlab.study import families as F
from liarlab.study.families import ClaimFamily, claim

__all__ = ["FAMILIES", "QUESTION", "HEADLINE_QUANTITY", "EDGE_CLAIM", "edge_quantity", "family_of", "family_table",
           "least_and_most_claims",
           "notebook06_claims", "equilibrium_check_rows", "behaviour_claims",
           "league_claims", "CLAIM_FAMILIES"]

#: the families of players, as the papers built them
FAMILIES = {"random-guess": "random guess (paper 01)", "type": "the 32 test programs (paper 01)",
            "EXPRAND": "the random players RAND and EXPRAND (paper 02)",
            "RAND": "the random players RAND and EXPRAND (paper 02)",
            "EXP": "the rule players EXP0-EXP3 (paper 02)",
            "RL": "the Q-learners RL0-RL3, retrained (paper 02)"}

QUESTION = ("How far from exact play are the Liar Dice players of papers 01 and 02 (random guess, the 32 test "
            "programs, EXP0-EXP3, RAND, EXPRAND, the Q-learners RL0-RL3 retrained), measured in the small end games "
            "that can be solved exactly?")
HEADLINE_QUANTITY = ("the family's mean exploitability in the one-die game, computed exactly (no sampling): what a "
                     "best responder wins beyond the game's value, averaged over the family's players and their two "
                     "seats, in ±1 units (0 is exact play; 1 is the most, a player the best responder beats in every "
                     "game)")
RULE = "exact: best responses and equilibrium plans in rational arithmetic (floats where a plan is too large)"


def _ext(text: str, value, note: str, family: str, *, kind: str = "finding", headline: bool = False) -> dict:
    return claim(text, SOURCE, None, value, V.stated("extension", RULE, note), kind=kind, family=family,
                 headline=headline)


def family_of(agent: str) -> str:
    """The family a player belongs to (:data:`FAMILIES`); a player of no family (the tests' hand-checkable ones)
    is its own."""
    return next((name for key, name in FAMILIES.items() if agent.startswith(key)), agent)


def family_table(summary: pd.DataFrame) -> pd.DataFrame:
    """Per (game, family): the mean exploitability over its players (each the mean of its two seats), its least
    and most exploitable player, and how many players it has; sorted by game, then mean exploitability."""
    frame = summary.assign(family=summary.agent.map(family_of))
    rows = []
    for (game, family), g in frame.groupby(["game", "family"], sort=False):
        g = g.sort_values("exploitability_mean")
        rows.append({"game": game, "family": family, "players": len(g),
                     "exploitability_mean": float(g.exploitability_mean.mean()),
                     # a player's name and its value in columns of their own (issue 50: "type1 0.5069" in one cell)
                     "least exploitable player": g.agent.iloc[0],
                     "its exploitability (least)": float(g.exploitability_mean.iloc[0]),
                     "most exploitable player": g.agent.iloc[-1],
                     "its exploitability (most)": float(g.exploitability_mean.iloc[-1])})
    order = {label: i for i, label in enumerate(dict.fromkeys(summary.game))}
    out = pd.DataFrame(rows)
    return (out.assign(_g=out.game.map(order)).sort_values(["_g", "exploitability_mean"]).drop(columns="_g")
            .reset_index(drop=True))


def least_and_most_claims(summary: pd.DataFrame) -> tuple[str, str]:
    """The claim texts of the first game's least and most exploitable family (the answer's two results)."""
    first = family_table(summary).groupby("game", sort=False).head(len(set(FAMILIES.values())))
    game = first.game.iloc[0]
    g = first[first.game == game]
    return tuple(_family_text(game, w, r.family, r.players) for w, r in (("least", g.iloc[0]), ("most", g.iloc[-1])))


def _of_players(players: int) -> str:
    # a family of one player says so (issue 50: "the least exploitable family ... over 1 player" read as a
    # family of many)
    return ", a family of one player" if int(players) == 1 else ""


def _family_text(game, which: str, family, players: int = 2) -> str:
    """The claim text of the ``which`` ("least" or "most") exploitable family of ``game``."""
    return f"End game {game}: the {which} exploitable family of players is {family}{_of_players(players)}"


def _per_game(frame: pd.DataFrame, rows_of) -> list[dict]:
    """The claims rows of every game in ``frame``, in its order: ``rows_of(game, its rows)`` gives each game's
    (none, one or several)."""
    return [row for game, g in frame.groupby("game", sort=False) for row in rows_of(game, g)]


def _over_players(line) -> V.Estimate:
    """A family's mean exploitability, computed exactly, over its players (the sample the mean is taken over)."""
    value = round(float(line["exploitability_mean"]), 6)
    return V.Estimate(value, value, value, n=int(line["players"]), unit="players")


def _family_rows(summary: pd.DataFrame) -> list[dict]:
    def rows_of(game, g):
        low, high = g.iloc[0], g.iloc[-1]
        others = "; ".join(f"{r.family} {r.exploitability_mean:.4f}" for r in g.itertuples())
        # each value with the number of players its family averages, computed exactly (issue 50: the first
        # screen said neither how many players a family holds nor "exact")
        return [_ext(_family_text(game, "least", low.family, low.players), _over_players(low),
                     f"families by mean exploitability: {others}",
                     "least and most exploitable family", headline=game == summary.game.iloc[0]),
                _ext(_family_text(game, "most", high.family, high.players), _over_players(high),
                     f"its least exploitable player {player_label(high['least exploitable player'])} "
                     f"{high['its exploitability (least)']:.4f}, its most {player_label(high['most exploitable player'])} "
                     f"{high['its exploitability (most)']:.4f}", "least and most exploitable family")]

    return _per_game(family_table(summary), rows_of)


def _game_rows(summary: pd.DataFrame) -> list[dict]:
    def rows_of(game, g):
        best, worst = g.iloc[0], g.iloc[-1]
        # computed exactly over the player's two seats, as the family row above it (issue 50: "0.2956, exact"
        # above "0.2956")
        value = round(float(best.exploitability_mean), 6)
        return [_ext(f"End game {game}: the least exploitable player is {player_label(best.agent)}",
                     V.Estimate(value, value, value, n=2, unit="seats"),
                     f"{best.source}: first seat {best.exploitability_first:.4f}, second seat "
                     f"{best.exploitability_second:.4f}; most exploitable {player_label(worst.agent)} "
                     f"({worst.exploitability_mean:.4f}); {len(g)} players", "least exploitable player")]

    return _per_game(summary, rows_of)


def _random_guess_rows(summary: pd.DataFrame) -> list[dict]:
    def rows_of(game, g):
        tests = g[g.agent.str.startswith("type")]
        rg = g[g.agent == "random-guess"]
        if rg.empty or tests.empty:
            return []
        value = float(rg.exploitability_mean.iloc[0])
        below = int((tests.exploitability_mean > value).sum())
        return [_ext(f"End game {game}: random guess is less exploitable than the test programs",
                     f"{below} of {len(tests)} test programs", f"random guess {value:.4f}; test programs "
                     f"{tests.exploitability_mean.min():.4f}..{tests.exploitability_mean.max():.4f}",
                     "random guess against the test programs")]

    return _per_game(summary, rows_of)


def _always_beaten_rows(summary: pd.DataFrame) -> list[dict]:
    """Players whose two seats together are exploitable by 2: a best responder wins every game against them."""
    def rows_of(game, g):
        beaten = g[(g.exploitability_first + g.exploitability_second) > 2 - 1e-9]
        return [_ext(f"End game {game}: players a best responder beats in every game, in both seats",
                     f"{len(beaten)} of {len(g)} players", ", ".join(map(player_label, beaten.agent)) or "none",
                     "players beaten in every game")]

    return _per_game(summary, rows_of)


def _what(row) -> str:
    if row.measure == "bluff":
        return f"share of bids {'naming a face it lacks' if row.level == 'face absent' else 'above its own count'}"
    return f"calls of a bid that needs {row.level}" if row.measure == "call" else f"{row.measure} {row.level}"


def behaviour_claims(family: pd.DataFrame) -> list[dict]:
    """Per game, from :func:`liarlab.papers.p06.behaviour.family_behaviour` (both seats, against the
    equilibrium): how often the equilibrium names a face it holds none of, and the family whose share departs
    most from the equilibrium's at one measure and level."""
    def rows_of(game, g):
        bluff = g[(g.measure == "bluff") & (g.level == "face absent")]
        eq = bluff[bluff.family == "equilibrium"]
        others = bluff[bluff.family != "equilibrium"]
        departures = g[(g.family != "equilibrium") & g.departure.notna()]
        if eq.empty or departures.empty:
            return []
        worst = departures.loc[departures.departure.abs().idxmax()]
        # both read off exact strategies: said "exact" in the summary like the exploitability rows (issue 50: a
        # bare "0" beside "0.2956, exact")
        share, departure = round(float(eq.share.iloc[0]), 6), round(float(worst.departure), 6)
        return [_ext(f"End game {game}: the share of the equilibrium's bids that name a face it holds none of",
                     V.Estimate(share, share, share), "both seats, against itself; the families' means: "
                     + "; ".join(f"{r.family} {r.share:.3f}" for r in others.itertuples()),
                     "behaviour beside the equilibrium's"),
                _ext(f"End game {game}: the family departing most from the equilibrium's bidding and calling is "
                     f"{worst.family}", V.Estimate(departure, departure, departure),
                     f"{_what(worst)}: {worst.share:.3f} against the equilibrium's {worst.equilibrium:.3f} (family "
                     f"mean over {worst.players} players, both seats, against the equilibrium)",
                     "behaviour beside the equilibrium's")]

    return _per_game(family, rows_of)


def league_claims(ratings: pd.DataFrame, games: int) -> list[dict]:
    """The five-dice league (:func:`liarlab.papers.p06.league.ratings`): its strongest player, the strongest of each
    paper, with their Bradley-Terry intervals, and the strongest of paper 02's Q-learners, by its
    mean strength over its training seeds."""
    top = ratings.iloc[0]
    name = player_label(top.agent)
    rows = [claim(f"Five-dice league: the strongest player is {'the ' if name.endswith('player') else ''}{name}", SOURCE, None, round(float(top.strength), 4),
                  V.stated("extension", "Bradley-Terry maximum likelihood, mean strength 0, 95% Wald interval",
                           f"win rate {top.win_rate:.3f} over {top.games} games; {games} games a pair, first mover "
                           f"alternating; next {player_label(ratings.agent.iloc[1])} {ratings.strength.iloc[1]:.3f}"),
                  kind="finding", family="five-dice league", ci_low=round(float(top.low), 4),
                  ci_high=round(float(top.high), 4), interval="95% Wald")]
    best = {paper: ratings[ratings.family.str.contains(paper)].iloc[0] for paper in ("paper 01", "paper 02")}
    diff = best["paper 02"].strength - best["paper 01"].strength
    p2, p1 = player_label(best["paper 02"].agent), player_label(best["paper 01"].agent)
    rows.append(_ext(f"Five-dice league: paper 02's strongest player ({p2}) against paper 01's "
                     f"({p1}), difference in strength", round(float(diff), 4),
                     f"{p2} {best['paper 02'].low:.3f}..{best['paper 02'].high:.3f}; "
                     f"{p1} {best['paper 01'].low:.3f}..{best['paper 01'].high:.3f} (95%)",
                     "five-dice league"))
    rows += _q_learner_rows(ratings)
    return rows


def _q_learner_rows(ratings: pd.DataFrame) -> list[dict]:
    """Paper 02's Q-learners in the league (:data:`liarlab.papers.p06.league.Q_LEARNERS`, one player per training
    seed): the strongest learner by its mean strength over its seeds, every learner's mean and range beside its
    EXP rule's strength (none if no learner played)."""
    seeds = ratings.agent.map(league.q_learner_of)
    q = ratings[seeds.notna()].assign(learner=[s[0] for s in seeds.dropna()])
    if q.empty:
        return []
    per = (q.groupby("learner").strength.agg(["mean", "min", "max", "count"])
           .sort_values("mean", ascending=False))
    exp = ratings.set_index("agent").strength
    note = "; ".join(f"{name} {r['mean']:.3f} (seeds {r['min']:.3f}..{r['max']:.3f}), its EXP rule "
                     f"{exp.get(learners.LEARNERS[name], float('nan')):.3f}" for name, r in per.iterrows())
    top = per.index[0]
    return [_ext(f"Five-dice league: the strongest of paper 02's Q-learners (greedy, {int(per['count'].iloc[0])} "
                 f"training seeds each, mean strength) is {top}", round(float(per["mean"].iloc[0]), 4),
                 f"Bradley-Terry strengths (mean 0): {note}", "five-dice league")]


#: The claim of what the certified equilibrium wins against the players (the answer's third result).
EDGE_CLAIM = "Seats in which the equilibrium strategy wins more than the game value against the player"


def _edge_shares(table: pd.DataFrame) -> pd.Series:
    return table.equilibrium_edge / table.exploitability.where(table.exploitability > 0)


def _edge_row(table: pd.DataFrame) -> dict:
    beaten = int((table.equilibrium_edge > 1e-12).sum())
    share = _edge_shares(table)
    return _ext(EDGE_CLAIM, f"{beaten} of {len(table)} seats", f"the equilibrium's edge is on average "
                f"{share.mean():.0%} of what a best responder takes (min {share.min():.0%})",
                "the equilibrium against the players")


def edge_quantity(table: pd.DataFrame) -> str:
    """What :data:`EDGE_CLAIM`'s number is, with the size of the edge (for the answer's third result): the
    question asks what a certified equilibrium wins against each player as well as what a best responder takes."""
    won = table.equilibrium_edge > 1e-12
    share = _edge_shares(table)[won]
    games = table["game"].nunique()
    return (f"the seats (each player in each of its two seats, over the {games} end games) in which the certified "
            f"equilibrium wins more than the game's value against the player, counted exactly (no sampling; where "
            f"it wins more, its edge is {100 * share.min():.0f} % to {100 * share.max():.0f} % of what a best "
            f"responder takes, {100 * share.mean():.0f} % on average)")


def equilibrium_check_rows(checks: pd.DataFrame) -> list[dict]:
    """Checks of our code: each game's equilibrium plans have exploitability exactly 0 in both seats."""
    zero = checks[(checks.first_seat == "0") & (checks.second_seat == "0")]
    verdict = "reproduced" if len(zero) == len(checks) else "differs"
    judgement = V.stated(verdict, "check: the equilibrium's exploitability, in exact fractions, is 0 in both seats "
                                  "of every game")
    return [claim("The certified equilibrium's own exploitability is exactly 0", SOURCE, "0 in every game",
                  f"{len(zero)} of {len(checks)} games", judgement, kind="check", family="checks",
                  note="; ".join(f"{r.game}: value {r.value}" for r in checks.itertuples()))]


def notebook06_claims(table: pd.DataFrame, checks: pd.DataFrame, family: pd.DataFrame | None = None,
                      league: pd.DataFrame | None = None, league_games: int = 0,
                      ismcts: pd.DataFrame | None = None, ismcts_budget: pd.DataFrame | None = None) -> list[dict]:
    """Every claims row of notebook 06 (:data:`CLAIM_FAMILIES`), from the run's tables (each optional one None when
    not computed); the headline is the least exploitable family of the first game."""
    run = SimpleNamespace(table=table, summary=p06x.summary_table(table), checks=checks, family=family, league=league,
                          league_games=league_games, ismcts=ismcts, ismcts_budget=ismcts_budget)
    return F.claims_rows(CLAIM_FAMILIES, run)


def _extension(name: str, judge, *, sampled: bool = False, confirm: str | None = None, **kw) -> ClaimFamily:
    """A family of ours (no paper measured its players against exact play): no printed value, one reading."""
    confirm = confirm or ("ours, judged by no printed value: the league's interval is reported, not tested" if sampled
               else "exact: best responses in rational arithmetic, nothing is sampled")
    return ClaimFamily(name, f"{SOURCE}: notebook 06", None, judge, extension=True, can_differ=False, sampled=sampled,
                       confirm=confirm, **kw)


#: Notebook 06's families, in the claims table's order; an extension of ours is one more entry (``_extension``).
CLAIM_FAMILIES = (
    _extension("least and most exploitable family", lambda r: _family_rows(r.summary), headline=True),
    _extension("least exploitable player", lambda r: _game_rows(r.summary)),
    _extension("random guess against the test programs", lambda r: _random_guess_rows(r.summary)),
    _extension("players beaten in every game", lambda r: _always_beaten_rows(r.summary)),
    _extension("the equilibrium against the players", lambda r: [_edge_row(r.table)]),
    _extension("behaviour beside the equilibrium's",
               lambda r: [] if r.family is None else behaviour_claims(r.family)),
    _extension("five-dice league", lambda r: [] if r.league is None else league_claims(r.league, r.league_games),
               sampled=True),
    _extension(baseline.FAMILY,
               lambda r: [] if r.ismcts is None else baseline.claims_rows(r.ismcts, r.ismcts_budget), sampled=True,
               confirm="ours, judged by no printed value: each match's Wilson interval is reported, not tested"),
    ClaimFamily("checks", f"{SOURCE}: our checks", None, lambda r: equilibrium_check_rows(r.checks), kind="check",
                can_differ=False, confirm="exact: the equilibrium's exploitability in fractions"),
)
