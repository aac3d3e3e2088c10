"""The papers' players' behaviour beside the equilibrium's (issue 41, item 2): how often each bluffs, how often it
calls at each level of support, and how it opens, read off exact realization plans.

**What the numbers are conditioned on.** A player's behaviour is measured in the games it plays against the
certified equilibrium (:func:`liarlab.papers.p06.exact_play.equilibrium`) in the other seat: each decision of the
player (a bid history h at which it moves, and its own hand d) is weighted by the chance that the deal gives it d
and the chance that its own play and the equilibrium's lead to h. With ``X`` the player's realization plan, ``Y``
the equilibrium's in the other seat, ``p``/``q`` the two seats' hand probabilities, the weight is
``p[d] X[s(h)][d] sum_e q[e] Y[h][e]``, where s(h) is the player's last own sequence before h (h without its last
bid). So a share below is a ratio of two expected counts per game (``mass``: how many such decisions or bids a
game holds, on average), and it is exact wherever the plan is exact. The equilibrium is measured the same way,
against itself. Seat ``both`` adds the two seats' masses (one game in each seat).

**Support** (the end game's normal convention: no wild face, a die counts for the face it shows). For a bid
(quantity q, face f) and a hand holding c dice showing f:

* a bid is a **bluff** when the bidder holds no die showing the bid's face (c = 0); it is **beyond its own
  dice** when c < q (its own hand does not make the bid true). With at most two dice per hand, the second holds
  exactly when the bid is above what its own dice plus the opponent's expected count (b / 6 < 1) show;
* a standing bid **needs** ``max(q - c, 0)`` dice of its face from the bidder's hand, from the point of view of
  the player facing it: 0 (its own hand already makes the bid true, so a call surely loses), 1, ..., up to the
  bidder's number of dice; more than that is **impossible** (a call surely wins). The call rate at each level is
  P(call | facing a bid at that level).

Openings are the first seat's distribution over its first bid (no opponent move precedes it).
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pandas as pd

from liarlab.bluff.endgame import EndGame
from liarlab.papers.p06 import exact_play as xp
from liarlab.papers.p06 import experiments as p06x
from liarlab.papers.p06.experiments import family_of

__all__ = ["EQUILIBRIUM", "OPPONENT", "behaviour_counts", "behaviour_rows", "behaviour_task", "player_behaviour", "family_behaviour",
           "family_wide", "family_wide_shown", "measure_words", "opening_summary", "need_label"]

EQUILIBRIUM = "equilibrium"
OPPONENT = "the certified equilibrium in the other seat"
SEATS = ("first", "second")


def _topbit(m: int) -> int:
    return 1 << (m.bit_length() - 1) if m else 0


def need_label(need: int, bidder_dice: int) -> str:
    """The support level of a standing bid: how many dice of its face the bidder's hand must show."""
    return "impossible" if need > bidder_dice else str(need)


def behaviour_counts(game: EndGame, plan: dict, player: int, opponent_plan: dict) -> dict:
    """Expected counts per game of seat ``player`` playing ``plan`` against ``opponent_plan`` (the other seat):
    ``decisions``, ``bids``, ``bluffs`` (bids of a face it holds none of), ``beyond`` (bids above its own count of
    the face), ``facing[level]`` and ``calls[level]`` (decisions facing a bid at support level ``level``, :func:`need_label`,
    and the calls made there), ``opening[bid number]``. Exact when both plans are in fractions."""
    hand_p = game.hands(player)[1]
    opp_p = game.hands(1 - player)[1]
    counts = game.counts(player)
    bids = game.bids
    n = game.n_bids
    opp_dice = game.dice[1 - player]
    out = dict(decisions=0, bids=0, bluffs=0, beyond=0, facing=defaultdict(int), calls=defaultdict(int),
               opening=defaultdict(int))
    for h, y in opponent_plan.items():
        if bin(h).count("1") % 2 != player:          # the player does not move at h
            continue
        reach = sum(q * v for q, v in zip(opp_p, y)) if h else 1
        own = plan.get(h ^ _topbit(h))
        if not reach or own is None:
            continue
        call_row = plan.get(h) if h else None
        if h:
            q_, f = bids[h.bit_length() - 1]
        children = [(k, plan.get(h | (1 << (k - 1)))) for k in range(h.bit_length() + 1, n + 1)]
        children = [(k, x) for k, x in children if x is not None]
        for d, x in enumerate(own):
            if not x:
                continue
            w = hand_p[d] * reach
            out["decisions"] += w * x
            if h:
                need = need_label(max(q_ - int(counts[d, f]), 0), opp_dice)
                out["facing"][need] += w * x
                if call_row is not None and call_row[d]:
                    out["calls"][need] += w * call_row[d]
            for k, row in children:
                if not row[d]:
                    continue
                bq, bf = bids[k - 1]
                mass = w * row[d]
                out["bids"] += mass
                out["bluffs"] += mass if counts[d, bf] == 0 else 0
                out["beyond"] += mass if counts[d, bf] < bq else 0
                if not h:
                    out["opening"][k] += mass
    return out


def _share(num, den):
    if not den:
        return float("nan"), ""
    value = num / den
    return float(value), (str(value) if isinstance(value, Fraction) else "")


def behaviour_rows(game: EndGame, agent: str, plans: tuple, opponent_plans: tuple, exact: bool) -> list[dict]:
    """The tidy rows of one player (``plans``: its plan in each seat) against ``opponent_plans`` (the other seat's
    plan for each of the player's seats): measure ``bluff`` (levels ``face absent``, ``beyond own dice``: share of
    its bids), ``call`` (levels need 0.. / ``impossible``: P(call | facing such a bid)) and ``opening`` (levels
    ``QxF``: P(first bid), first seat only); seats ``first``, ``second`` and ``both``."""
    per_seat = [behaviour_counts(game, plans[s], s, opponent_plans[s]) for s in (0, 1)]
    base = dict(game=p06x.label_of(game.dice), agent=agent,
                family=EQUILIBRIUM if agent == EQUILIBRIUM else family_of(agent), opponent=OPPONENT, exact=exact)
    rows = []

    def add(seat, measure, level, num, mass):
        share, fraction = _share(num, mass)
        rows.append(dict(base, seat=seat, measure=measure, level=level, mass=float(mass), share=share,
                         share_fraction=fraction))

    for seat, cs in ((SEATS[0], per_seat[:1]), (SEATS[1], per_seat[1:]), ("both", per_seat)):
        bid_mass = sum(x["bids"] for x in cs)
        add(seat, "bluff", "face absent", sum(x["bluffs"] for x in cs), bid_mass)
        add(seat, "bluff", "beyond own dice", sum(x["beyond"] for x in cs), bid_mass)
        for level in sorted({level for x in cs for level in x["facing"]}, key=_level_order):
            add(seat, "call", level, sum(x["calls"][level] for x in cs), sum(x["facing"][level] for x in cs))
    for k, mass in sorted(per_seat[0]["opening"].items()):
        q_, f = game.bids[k - 1]
        add(SEATS[0], "opening", f"{q_}x{f}", mass, 1)
    return rows


def _level_order(level: str) -> int:
    return 99 if level == "impossible" else int(level)


def behaviour_task(rng, dice, name, eq, exact_max_sequences) -> list[dict]:
    """One (game, player) task: its rows against the equilibrium (``name`` ``"equilibrium"``: the equilibrium's
    own, against itself; no randomness is drawn; ``rng`` is the executor's contract)."""
    game = xp.game_for(dice)
    if name == EQUILIBRIUM:
        return behaviour_rows(game, name, eq.plans, (eq.plans[1], eq.plans[0]), True)
    return player_behaviour(game, name, eq, exact_max_sequences, xp.PlanBook(game, name))


def player_behaviour(game: EndGame, name: str, eq, exact_max_sequences: int, book) -> list[dict]:
    """A player's rows against the equilibrium, from its :class:`~liarlab.papers.p06.exact_play.PlanBook`: its plans
    are in fractions when both seats' have at most ``exact_max_sequences`` sequences, else in floats."""
    plans = tuple(book.plan(s, exact=False) for s in (0, 1))
    exact = max(len(p) - 1 for p in plans) <= exact_max_sequences
    if exact:
        plans = tuple(book.plan(s, exact=True) for s in (0, 1))
    return behaviour_rows(game, name, plans, (eq.plans[1], eq.plans[0]), exact)


def family_behaviour(table: pd.DataFrame, seat: str = "both") -> pd.DataFrame:
    """Per (game, family, measure, level) in ``seat``: the mean share over the family's players (each player
    counts once; a level a player never meets is left out of its mean), how many players meet it, and the
    equilibrium's share beside it (``equilibrium``) with the difference (``departure``)."""
    sel = table[table.seat == seat]
    keys = ["game", "measure", "level"]
    out = (sel.groupby(keys + ["family"], sort=False)
           .agg(share=("share", "mean"), players=("share", "count")).reset_index())
    eq = sel[sel.family == EQUILIBRIUM].set_index(keys).share.rename("equilibrium")
    out = out.join(eq, on=keys)
    return out.assign(departure=out.share - out.equilibrium)


def opening_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per (game, family): the chance that its opening bid has count 1, 2, ... (first seat, the mean over the
    family's players), the equilibrium's beside it."""
    o = table[table.measure == "opening"]
    count = o.level.str.split("x").str[0].astype(int).rename("count")
    per_agent = (o.assign(count=count).groupby(["game", "family", "agent", "count"], sort=False).share.sum()
                 .unstack("count", fill_value=0.0))
    out = per_agent.groupby(["game", "family"], sort=False).mean()
    out.columns = [f"opens with count {c}" for c in out.columns]
    return out.reset_index()


def family_wide(family: pd.DataFrame) -> pd.DataFrame:
    """:func:`family_behaviour`'s shares with one column per family (the equilibrium first), rows in its order,
    indexed by (game, measure, level)."""
    keys = ["game", "measure", "level"]
    wide = family.pivot_table(index=keys, columns="family", values="share")
    rows = pd.MultiIndex.from_frame(family[keys].drop_duplicates())
    return wide.reindex(index=rows, columns=list(dict.fromkeys(family.family)))


def measure_words(measure: str, level: str) -> str:
    """One behaviour row in words: "share of bids naming a face it holds none of", "P(call) of a bid the bidder
    needs 1 die of its face for", "P(call) of a bid its own dice make true (need 0)", "P(call) of an impossible
    bid (more than the bidder has)"."""
    if measure == "bluff":
        return ("share of bids naming a face it holds none of" if level == "face absent"
                else "share of bids above its own count of the face")
    if measure == "call":
        if level == "impossible":
            return "P(call) of an impossible bid (more dice than the bidder has)"
        if level == "0":
            return "P(call) of a bid the caller's own dice make true"
        return f"P(call) of a bid the bidder needs {level} {'die' if level == '1' else 'dice'} of its face for"
    return f"{measure} {level}"


def family_wide_shown(family: pd.DataFrame) -> pd.DataFrame:
    """:func:`family_wide` as the page shows it: one row per game and measure in words, no three-level index with
    blank cells (issue 50: rows "call 0", "1", "impossible" were hard to read)."""
    wide = family_wide(family)
    out = wide.reset_index()
    out.insert(1, "what", [measure_words(m, lv) for m, lv in zip(out["measure"], out["level"])])
    return out.drop(columns=["measure", "level"]).rename_axis(columns=None)
