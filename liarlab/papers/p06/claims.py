"""Notebook 06's claims: every row an extension (no paper measured its players against exact play), from the run's
exploitability table (:func:`liarlab.papers.p06.tables.exploitability_table`), behaviour table and league."""
from __future__ import annotations

from types import SimpleNamespace

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.papers.p06 import baseline, league, learners
from liarlab.papers.p06 import experiments as p06x
from liarlab.papers.p06.behaviour import measure_words
from liarlab.papers.p06.policies import player_label as L
from liarlab.papers.p06.printed import SOURCE
from liarlab.study import families as F
from liarlab.study.families import ClaimFamily, claim

QUESTION = ("How far from exact play are the Liar Dice players of papers 01 and 02 (random guess, the 32 test "
            "programs, EXP0-EXP3, RAND, EXPRAND, the Q-learners RL0-RL3 retrained), measured in the small end games "
            "that can be solved exactly?")
HEADLINE_QUANTITY = ("the family's mean exploitability in the one-die game, over its players and both seats, on the "
                     "scale above (exact, no sampling)")
RULE = "exact: best responses and equilibrium plans in rational arithmetic (floats where a plan is too large)"
#: the family of the answer's two first results: each game's least and most exploitable family of players
FAMILY_ROWS = "least and most exploitable family"
#: what the certified equilibrium wins against the players (the answer's third result), said as a claim (readers)
EDGE_CLAIM = "the equilibrium strategy wins more than the game value against the players in almost every seat"

def _ext(text: str, value, note: str, family: str, *, headline: bool = False) -> dict:
    return claim(text, SOURCE, None, value, V.stated("extension", RULE, note), kind="finding", family=family,
                 headline=headline)

def _exact(value, n=None, unit=None) -> V.Estimate:
    """A value computed exactly (no interval), rounded to 6 decimals; ``n`` what it averages over (issue 50)."""
    value = round(float(value), 6)
    return V.Estimate(value, value, value, n=n, unit=unit if n is not None else "exact")

def _family_text(game, which: str, family, players: int = 2, rival: str = "") -> str:
    """The ``which`` ("least", "most") exploitable family of ``game``, with a ``rival`` within the Q-learners'
    seed-to-seed spread (:func:`~liarlab.papers.p06.experiments.close_rival`): the order is not decided (issue 50)."""
    return (f"End game {game}: the {which} exploitable family of players is {family}"
            f"{', a family of one player' if int(players) == 1 else ''}"
            + (f", not decided against {rival} (a gap within one Q-learner's seed-to-seed spread)" if rival else ""))

def least_and_most_claims(claims: pd.DataFrame) -> tuple[str, str]:
    """The claim texts of the first game's least and most exploitable family (the answer's two results)."""
    return tuple(claims[claims.family == FAMILY_ROWS].claim.iloc[:2])

def _per_game(frame: pd.DataFrame, rows_of) -> list[dict]:
    """``rows_of(game, its rows)`` for every game of ``frame``, in its order."""
    return [row for game, g in frame.groupby("game", sort=False) for row in rows_of(game, g)]

def _family_rows(game, g, first_game, spread: pd.DataFrame | None = None) -> list[dict]:
    low, high = g.iloc[0], g.iloc[-1]
    notes = ("families by mean exploitability: " + "; ".join(f"{r.family} {r.exploitability_mean:.4f}" for r in
             g.itertuples()), f"its least exploitable player {L(high['least exploitable player'])} "
             f"{high['its exploitability (least)']:.4f}, its most {L(high['most exploitable player'])} "
             f"{high['its exploitability (most)']:.4f}")
    rival = {w: "" if spread is None else p06x.close_rival(g, spread, w) for w in ("least", "most")}
    return [_ext(_family_text(game, w, r.family, r.players, rival[w]), _exact(r.exploitability_mean, int(r.players), "players"),
                 note, FAMILY_ROWS, headline=w == "least" and game == first_game)
            for w, r, note in zip(("least", "most"), (low, high), notes)]

def _player_row(game, g) -> list[dict]:
    best, worst = g.iloc[0], g.iloc[-1]
    return [_ext(f"End game {game}: the least exploitable player is {L(best.agent)}",
                 _exact(best.exploitability_mean, 2, "seats"), f"{best.source}: first seat "
                 f"{best.exploitability_first:.4f}, second seat {best.exploitability_second:.4f}; most exploitable "
                 f"{L(p06x.tied(g, worst.exploitability_mean))} ({worst.exploitability_mean:.4f}); {len(g)} players", "least exploitable player")]

def _random_guess_row(game, g) -> list[dict]:
    tests, rg = g[g.agent.str.startswith("type")], g[g.agent == "random-guess"]
    if rg.empty or tests.empty:
        return []
    value = float(rg.exploitability_mean.iloc[0])
    return [_ext(f"End game {game}: random guess is less exploitable than the test programs",
                 f"{int((tests.exploitability_mean > value).sum())} of {len(tests)} test programs",
                 f"random guess {value:.4f}; test programs {tests.exploitability_mean.min():.4f}.."
                 f"{tests.exploitability_mean.max():.4f}", "random guess against the test programs")]

def _always_beaten_row(game, g) -> list[dict]:
    """Players whose two seats together are exploitable by 2: a best responder wins every game against them."""
    beaten = g[(g.exploitability_first + g.exploitability_second) > 2 - 1e-9]
    return [_ext(f"End game {game}: players a best responder beats in every game, in both seats",
                 f"{len(beaten)} of {len(g)} players", ", ".join(map(L, beaten.agent)) or "none",
                 "players beaten in every game")]

def behaviour_claims(family: pd.DataFrame) -> list[dict]:
    """Per game: how often the equilibrium names a face it holds none of, and the family departing most from it."""
    def rows_of(game, g):
        bluff = g[(g.measure == "bluff") & (g.level == "face absent")]
        eq, others = bluff[bluff.family == "equilibrium"], bluff[bluff.family != "equilibrium"]
        departures = g[(g.family != "equilibrium") & g.departure.notna()]
        if eq.empty or departures.empty:
            return []
        worst = departures.loc[departures.departure.abs().idxmax()]
        return [_ext(f"End game {game}: the share of the equilibrium's bids that name a face it holds none of",
                     _exact(eq.share.iloc[0]), "both seats, against itself; the families' means: "
                     + "; ".join(f"{r.family} {r.share:.3f}" for r in others.itertuples()),
                     "behaviour beside the equilibrium's"),
                _ext(f"End game {game}: the family departing most from the equilibrium's bidding and calling is "
                     f"{worst.family}", _exact(worst.departure), f"{measure_words(worst.measure, worst.level)}: "
                     f"{worst.share:.3f} against the equilibrium's {worst.equilibrium:.3f} (family mean over "
                     f"{worst.players} players, both seats, against the equilibrium)", "behaviour beside the "
                     "equilibrium's")]
    return _per_game(family, rows_of)

def league_claims(ratings: pd.DataFrame, games: int) -> list[dict]:
    """The five-dice league's strongest player, each paper's strongest, and the strongest Q-learner (seed mean)."""
    top, name = ratings.iloc[0], L(ratings.agent.iloc[0])
    rows = [claim(f"Five-dice league: the strongest player is {'the ' if name.endswith('player') else ''}{name}",
                  SOURCE, None, round(float(top.strength), 4),
                  V.stated("extension", "Bradley-Terry maximum likelihood, mean strength 0, 95% Wald interval",
                           f"win rate {top.win_rate:.3f} over {top.games} games; {games} games a pair, first mover "
                           f"alternating; next {L(ratings.agent.iloc[1])} {ratings.strength.iloc[1]:.3f}"),
                  kind="finding", family="five-dice league", ci_low=round(float(top.low), 4),
                  ci_high=round(float(top.high), 4), interval="95% Wald")]
    b1, b2 = (ratings[ratings.family.str.contains(paper)].iloc[0] for paper in ("paper 01", "paper 02"))
    p1, p2 = L(b1.agent), L(b2.agent)
    rows.append(_ext(f"Five-dice league: paper 02's strongest player ({p2}) against paper 01's ({p1}), difference in "
                     f"strength", round(float(b2.strength - b1.strength), 4), f"{p2} {b2.low:.3f}..{b2.high:.3f}; "
                     f"{p1} {b1.low:.3f}..{b1.high:.3f} (95%)", "five-dice league"))
    # paper 02's Q-learners (league.Q_LEARNERS, one player per training seed), each beside its EXP rule
    seeds = ratings.agent.map(league.q_learner_of)
    q = ratings[seeds.notna()].assign(learner=[s[0] for s in seeds.dropna()])
    if q.empty:
        return rows
    per = q.groupby("learner").strength.agg(["mean", "min", "max", "count"]).sort_values("mean", ascending=False)
    exp = ratings.set_index("agent").strength
    note = "; ".join(f"{n} {r['mean']:.3f} (seeds {r['min']:.3f}..{r['max']:.3f}), its EXP rule "
                     f"{exp.get(learners.LEARNERS[n], float('nan')):.3f}" for n, r in per.iterrows())
    return rows + [_ext(f"Five-dice league: the strongest of paper 02's Q-learners (greedy, {int(per['count'].iloc[0])} "
                        f"training seeds each, mean strength) is {per.index[0]}", round(float(per["mean"].iloc[0]), 4),
                        f"Bradley-Terry strengths (mean 0): {note}", "five-dice league")]

def _edge_shares(table: pd.DataFrame) -> pd.Series:
    return table.equilibrium_edge / table.exploitability.where(table.exploitability > 0)

def edge_quantity(table: pd.DataFrame) -> str:
    """What :data:`EDGE_CLAIM`'s number is, with the size of the edge."""
    share = _edge_shares(table)[table.equilibrium_edge > 1e-12]
    return (f"the seats (each player in each of its two seats, over the {table['game'].nunique()} end games) in which "
            f"the certified equilibrium wins more than the game's value against the player, counted exactly (no "
            f"sampling; where it wins more, its edge is {100 * share.min():.0f} % to {100 * share.max():.0f} % of what "
            f"a best responder takes, {100 * share.mean():.0f} % on average)" + "".join(
                f"; it does not against {', '.join(f'{L(r.agent)} ({r.seat} seat, {r.game})' for r in none.itertuples())}"
                for none in [table[table.equilibrium_edge <= 1e-12]] if len(none)))

def equilibrium_check_rows(checks: pd.DataFrame) -> list[dict]:
    """Checks of our code: each game's equilibrium plans have exploitability exactly 0 in both seats."""
    zero = checks[(checks.first_seat == "0") & (checks.second_seat == "0")]
    j = V.stated("reproduced" if len(zero) == len(checks) else "differs",
                 "check: the equilibrium's exploitability, in exact fractions, is 0 in both seats of every game")
    return [claim("The certified equilibrium's own exploitability is exactly 0", SOURCE, "0 in every game",
                  f"{len(zero)} of {len(checks)} games", j, kind="check", family="checks",
                  note="; ".join(f"{r.game}: value {r.value}" for r in checks.itertuples()))]

def notebook06_claims(table: pd.DataFrame, checks: pd.DataFrame, family: pd.DataFrame | None = None,
                      league: pd.DataFrame | None = None, league_games: int = 0,
                      ismcts: pd.DataFrame | None = None, ismcts_budget: pd.DataFrame | None = None) -> list[dict]:
    """Every claims row of notebook 06 from the run's tables (None: not computed)."""
    run = SimpleNamespace(table=table, summary=p06x.summary_table(table), checks=checks, family=family, league=league,
                          league_games=league_games, ismcts=ismcts, ismcts_budget=ismcts_budget)
    return F.claims_rows(CLAIM_FAMILIES, run)

def _extension(name: str, judge, *, sampled: bool = False, confirm: str | None = None, **kw) -> ClaimFamily:
    """A family of ours: no printed value, one reading."""
    confirm = confirm or ("ours, judged by no printed value: the league's interval is reported, not tested" if sampled
                          else "exact: best responses in rational arithmetic, nothing is sampled")
    return ClaimFamily(name, f"{SOURCE}: notebook 06", None, judge, extension=True, can_differ=False, sampled=sampled,
                       confirm=confirm, **kw)

def _edge_row(t: pd.DataFrame) -> list[dict]:
    share = _edge_shares(t)
    return [_ext(EDGE_CLAIM, f"{int((t.equilibrium_edge > 1e-12).sum())} of {len(t)} seats", "the equilibrium's edge "
                 f"is on average {share.mean():.0%} of what a best responder takes (min {share.min():.0%})",
                 "the equilibrium against the players")]

#: Notebook 06's families, in the claims table's order.
CLAIM_FAMILIES = (
    _extension(FAMILY_ROWS, lambda r: _per_game(
        p06x.family_table(r.summary), lambda game, g: _family_rows(game, g, r.summary.game.iloc[0], p06x.learner_spread(r.table))),
        headline=True),
    _extension("least exploitable player", lambda r: _per_game(r.summary, _player_row)),
    _extension("random guess against the test programs", lambda r: _per_game(r.summary, _random_guess_row)),
    _extension("players beaten in every game", lambda r: _per_game(r.summary, _always_beaten_row)),
    _extension("the equilibrium against the players", lambda r: _edge_row(r.table)),
    _extension("behaviour beside the equilibrium's", lambda r: [] if r.family is None else behaviour_claims(r.family)),
    _extension("five-dice league", lambda r: [] if r.league is None else league_claims(r.league, r.league_games),
               sampled=True),
    _extension(baseline.FAMILY, lambda r: [] if r.ismcts is None else baseline.claims_rows(r.ismcts, r.ismcts_budget),
               sampled=True, confirm="ours, judged by no printed value: each match's Wilson interval is reported, "
                                     "not tested"),
    ClaimFamily("checks", f"{SOURCE}: our checks", None, lambda r: equilibrium_check_rows(r.checks), kind="check",
                can_differ=False, confirm="exact: the equilibrium's exploitability in fractions"),
)
