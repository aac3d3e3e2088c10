"""Notebook 06's experiments: every player in every end game, both seats, against its best responder and against a
certified equilibrium (:mod:`liarlab.papers.p06.exact_play`), one task per (game, player) through the run frame's
executor, the equilibria and the whole table through its cache."""
from __future__ import annotations

import pandas as pd

from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import learners, policies

__all__ = ["dice_of", "label_of", "agents_for", "learner_name", "learner_spread", "close_rival", "equilibrium_of", "equilibria",
           "equilibrium_checks", "summary_table", "FAMILIES", "family_of", "family_table", "worked_example",
           "worked_example_view", "worked_example_words"]


def dice_of(code: int) -> tuple:
    """A game code (11, 21, 12, 22) as (first mover's dice, second mover's dice)."""
    a, b = divmod(int(code), 10)
    if a not in (1, 2) or b not in (1, 2):
        raise ValueError(f"a game is 11, 21, 12 or 22 (first mover's and second mover's dice), got {code!r}")
    return (a, b)


def label_of(dice) -> str:
    return f"{dice[0]}v{dice[1]}"


#: the most dice on the table with which the test programs are played: their plans reach 10^5 histories with
#: three dice (10 s a plan in floats) and up to millions with two dice each (a high-cap program's plan: over four
#: minutes in floats, the notebook's whole budget; a low-cap one's, whose cap of 4 fires there, 5 * 10^5 and 13 s),
#: so two dice each is played by random guess and EXP0-EXP3 alone
TEST_PROGRAMS_MAX_DICE = 3


#: the most dice on the table of a game paper 02's random players play in: uniform over every legal action, RAND's
#: plan reaches every bid history (2^12 in 1v1, 2^18 with three dice: 14 s a game in floats); EXPRAND's reaches
#: 1.2 million sequences with two dice each (40 s), a third of the notebook's budget for one player
RANDOM_MAX_DICE = {"RAND": 2, "EXPRAND": 3}


def agents_for(dice, test_types, test_types_larger) -> list[str]:
    """The players of one game: every test program of ``test_types`` in the one-die game, those of
    ``test_types_larger`` in the three-dice games (a test program's plan reaches 10^5 histories there), none with
    more dice (:data:`TEST_PROGRAMS_MAX_DICE`); RAND and EXPRAND up to :data:`RANDOM_MAX_DICE` dice."""
    if sum(dice) > TEST_PROGRAMS_MAX_DICE:
        names = policies.agent_names(())
    else:
        names = policies.agent_names(test_types if sum(dice) == 2 else test_types_larger)
    return [n for n in names if sum(dice) <= RANDOM_MAX_DICE.get(n, sum(dice))]


def equilibrium_of(dice):
    """One game's :class:`~liarlab.papers.p06.exact_play.Equilibrium` through the cache: solved, or, where
    notebook 05 keeps a stored certificate (two dice each), derived exactly from it (keyed by the file's digest)."""
    from liarlab.study import cache

    if xp.is_stored(dice):
        return cache.cached_call(xp.stored_equilibrium, dice, digest=xp.stored_digest(dice))
    return cache.cached_call(xp.equilibrium, dice)


def equilibria(games) -> dict:
    """{dice: :class:`~liarlab.papers.p06.exact_play.Equilibrium`}, each found once through the cache
    (:func:`equilibrium_of`)."""
    return {dice_of(g): equilibrium_of(dice_of(g)) for g in games}


#: the ``seed`` of a rule player's rows (it draws nothing; paper 02's experiments mark fixed agents alike)
FIXED = -1


#: the most sequences of a retrained learner's plan walked in fractions: none. Its greedy play is pure, so its best
#: response and exploitability are exact fractions all the same (read off the float walk,
#: :func:`liarlab.papers.p06.exact_play.pure_plan_fraction`); only the equilibrium's result against it is a float.
#: 80 plans (4 learners, 4 games, 5 seeds) take some 30 s of one core in fractions, 4 s in floats
LEARNER_EXACT_MAX_SEQUENCES = 0


def learner_name(learner: str, replicate: int) -> str:
    """A retrained Q-learner's row name: ``"RL0 s2"`` is RL0 of training seed 2 (seeds 0, 1, ...)."""
    return f"{learners.check_learner(learner)} s{int(replicate)}"


def learner_spread(table: pd.DataFrame) -> pd.DataFrame:
    """Per (game, learner): the retrained Q-learner's exploitability (mean of its two seats) over its training seeds:
    mean, least and most, and how many seeds; the rule players' rows are left out."""
    rl = table[table.seed != FIXED] if "seed" in table else table.iloc[:0]   # a table with no learners: none
    if rl.empty:
        return pd.DataFrame(columns=["game", "learner", "seeds", "exploitability_mean", "exploitability_min",
                                     "exploitability_max"])
    per_seed = (rl.assign(learner=rl.agent.str.split(" ").str[0])
                .groupby(["game", "learner", "seed"], sort=False).exploitability.mean().reset_index())
    return (per_seed.groupby(["game", "learner"], sort=False).exploitability
            .agg(seeds="count", exploitability_mean="mean", exploitability_min="min", exploitability_max="max")
            .reset_index())


def close_rival(g: pd.DataFrame, spread: pd.DataFrame, end: str) -> str:
    """Where the family at one ``end`` ("least", "most") of one game's family ranking ``g`` (:func:`family_table`'s
    rows of one game) and the next are the Q-learners and a family within less than a learner's seed-to-seed spread
    (``spread``: :func:`learner_spread`), the next family's name: which of the two is at that end is not decided by
    the run (issue 50); else ""."""
    a, b = (g.iloc[0], g.iloc[1]) if end == "least" else (g.iloc[-1], g.iloc[-2])
    learners = spread[spread.game == a.game]
    if FAMILIES["RL"] not in (a.family, b.family) or learners.empty:
        return ""
    width = float((learners.exploitability_max - learners.exploitability_min).max())
    return b.family if abs(float(a.exploitability_mean) - float(b.exploitability_mean)) < width else ""


def equilibrium_checks(games) -> pd.DataFrame:
    """Each game's equilibrium judged by its own exact best responses: its exploitability in each seat (0 exactly
    at an equilibrium), as fractions written out."""
    rows = []
    for dice, eq in equilibria(games).items():
        game = xp.game_for(dice)
        first = eq.value + xp.best_response_value(game, eq.plans[0], 1)
        second = xp.best_response_value(game, eq.plans[1], 0) - eq.value
        rows.append(dict(game=label_of(dice), value=str(eq.value), value_float=float(eq.value),
                         first_seat=str(first), second_seat=str(second), certificate=eq.certificate))
    return pd.DataFrame(rows)


def summary_table(table: pd.DataFrame) -> pd.DataFrame:
    """Per (game, player): the exploitability in each seat and their mean (the player plays each seat once), and
    the equilibrium's mean edge, sorted by game and mean exploitability."""
    wide = table.pivot_table(index=["game", "agent", "source"], columns="seat",
                             values=["exploitability", "equilibrium_edge"], aggfunc="first")
    out = pd.DataFrame({
        "exploitability_first": wide[("exploitability", "first")],
        "exploitability_second": wide[("exploitability", "second")],
        "exploitability_mean": (wide[("exploitability", "first")] + wide[("exploitability", "second")]) / 2,
        "equilibrium_edge_mean": (wide[("equilibrium_edge", "first")] + wide[("equilibrium_edge", "second")]) / 2,
    }).reset_index()
    order = {label: i for i, label in enumerate(dict.fromkeys(table.game))}
    return (out.assign(_g=out.game.map(order)).sort_values(["_g", "exploitability_mean", "agent"])
            .drop(columns="_g").reset_index(drop=True))


#: the families of players, as the papers built them
FAMILIES = {"random-guess": "random guess (paper 01)", "type": "the 32 test programs (paper 01)",
            "EXPRAND": "the random players RAND and EXPRAND (paper 02)",
            "RAND": "the random players RAND and EXPRAND (paper 02)",
            "EXP": "the rule players EXP0-EXP3 (paper 02)", "RL": "the Q-learners RL0-RL3, retrained (paper 02)"}


def family_of(agent: str) -> str:
    """The family a player belongs to (:data:`FAMILIES`); a player of none is its own."""
    return next((name for key, name in FAMILIES.items() if agent.startswith(key)), agent)


def tied(g: pd.DataFrame, value: float) -> str:
    """The players of ``g`` whose mean exploitability is ``value`` (to float rounding), joined by ", ": a tie at
    an end of a ranking is named in full, never as one player (issue 50)."""
    return ", ".join(g.agent[(g.exploitability_mean - value).abs() < 1e-12])


def family_table(summary: pd.DataFrame) -> pd.DataFrame:
    """Per (game, family): the mean exploitability over its players, its least and most exploitable player (name
    and value in columns of their own, issue 50; players tied there all named, :func:`tied`) and its size; sorted by game, then mean exploitability."""
    rows = []
    for (game, family), g in summary.assign(family=summary.agent.map(family_of)).groupby(["game", "family"],
                                                                                       sort=False):
        g = g.sort_values("exploitability_mean")
        rows.append({"game": game, "family": family, "players": len(g),
                     "exploitability_mean": float(g.exploitability_mean.mean()),
                     "least exploitable player": tied(g, g.exploitability_mean.iloc[0]),
                     "its exploitability (least)": float(g.exploitability_mean.iloc[0]),
                     "most exploitable player": tied(g, g.exploitability_mean.iloc[-1]),
                     "its exploitability (most)": float(g.exploitability_mean.iloc[-1])})
    order = {label: i for i, label in enumerate(dict.fromkeys(summary.game))}
    out = pd.DataFrame(rows)
    return (out.assign(_g=out.game.map(order)).sort_values(["_g", "exploitability_mean"]).drop(columns="_g")
            .reset_index(drop=True))


def worked_example(dice, name: str, eq) -> dict:
    """One player in one game, seat by seat, for the notebook's worked example: its action distribution at the
    opening (first seat) and facing the lowest bid (second seat) for each hand, and the two exact rows."""
    game = xp.game_for(dice)
    lines = {}
    for seat, prev in ((0, 0), (1, 1)):
        (_, policy), *_ = policies.components(name, game, seat)
        hands = game.hands(seat)[0]
        lines[seat] = {str(h): {("call" if a == 0 else "{}x{}".format(*game.bids[a - 1])): str(p)
                                for a, p in sorted(policy(policies.hand_counts(h, game.faces), prev).items())}
                       for h in hands}
    return {"game": game.label, "openings": lines[0], "answers_to_1x1": lines[1],
            "rows": xp.evaluate_agent(game, name, eq)}


def worked_example_view(example: dict) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """:func:`worked_example`'s three tables as the page shows them (openings, answers to 1x1, the two seats' rows):
    every probability and value at 4 decimals with its exact fraction beside it (issue 50: one column read "0.9677
    (30/31)" above "0.03226 (1/31)"), a value walked in floats at 4 decimals alone."""
    from fractions import Fraction

    from liarlab.study.tables import fixed_text, fraction_text

    def cell(v) -> str:
        return fixed_text(v, 4) if isinstance(v, float) else fraction_text(v, decimals=4)

    def probabilities(lines: dict) -> pd.DataFrame:   # one row a hand, its actions in one cell: no empty cells
        return pd.DataFrame({"holding": list(lines),
                             "its actions, each with its probability": ["; ".join(f"{b}: {cell(p)}" for b, p in bids.items())
                                                                        for bids in lines.values()]}).set_index("holding")

    # the best responder's own value is the negative of what the player guarantees: one of the two is shown.
    # Every value is the player's (a fresh reader found "against the equilibrium" showing the equilibrium's +4/31
    # where the player's result is -4/31, as the Explore figure draws it): the stored equilibrium_result is negated.
    values = {"game_value": "game value", "guaranteed": "guaranteed (against a best responder)",
              "exploitability": "exploitability", "equilibrium_result": "against the equilibrium",
              "equilibrium_edge": "the equilibrium's edge"}
    rows = pd.DataFrame(example["rows"])[["seat", *values, "sequences"]]
    rows["equilibrium_result"] = [-v if isinstance(v, float) else -Fraction(v) for v in rows["equilibrium_result"]]
    return (probabilities(example["openings"]), probabilities(example["answers_to_1x1"]),
            rows.assign(**{c: rows[c].map(cell) for c in values}).rename(columns=values))


def _decimal(value, digits: int = 4) -> str:
    return f"{float(value):.{digits}f}".replace("-", "−")


def worked_example_words(example: dict) -> str:
    """The worked example read aloud, from :func:`worked_example`'s own numbers (a fresh reader met its three
    tables with no sentence saying what to read in them, issue 50): one hand's opening, then each seat's
    exploitability as the difference of the seat's game value and the player's result against a best responder,
    and the part of it the equilibrium collects."""
    hand, bids = next(iter(example["openings"].items()))
    ranked = sorted(((float(_first_number(p)), b) for b, p in bids.items()), reverse=True)
    opening = " and ".join(f"{b} with probability {p:.3f}" for p, b in ranked)
    text = f"Holding a {hand} as first mover, it opens {opening}. "
    seats = []
    for row in example["rows"]:
        seats.append(f"as {row['seat']} mover the seat is worth {_decimal(row['game_value'])} to it, a best "
                     f"responder holds it to {_decimal(row['guaranteed'])}, so its exploitability is "
                     f"{_decimal(row['exploitability'])}, of which the equilibrium collects "
                     f"{_decimal(row['equilibrium_edge'])}")
    said = "; ".join(seats)
    # 4 decimals, as the table beside it: at 3 the difference (0.116) would not be the printed values' (0.117)
    return text + said[0].upper() + said[1:] + " (±1 units)."


def _first_number(value) -> float:
    """A probability as the worked example stores it ("0.9677 (30/31)", "30/31" or a number) as a float."""
    from fractions import Fraction

    text = str(value).split(" (")[0].strip()
    return float(Fraction(text)) if "/" in text else float(text)
