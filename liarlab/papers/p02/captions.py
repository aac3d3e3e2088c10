"""Notebook 02's prose: each figure's *What to notice* and *What we found*, every number from its table."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.core import verdicts
from liarlab.liardice.qtable import Layout
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02.printed import EXPLORED_SHARE_FULL, GAME_LENGTH_RANGE, TOP30_CLASSES
from liarlab.papers.p02.results import Results
from liarlab.study.answer import and_list

PARTIAL_KEYS = Layout(2, 1, "partial").report_space_size     # the report's key space, history 1, two players
FULL_KEYS = Layout(2, 1, "full").report_space_size


def profile(params: dict) -> str:
    """The run's sizes, in words (the setup cell's line)."""
    p = params
    return (f"Profile **{p['profile']}**: {p['stage_games']:,} training games per stage; {p['n_seeds']} independently "
            "trained tables per model (every learned-agent interval is across them), each evaluated on "
            f"{p['eval_games']:,} games per seat arrangement; fixed rules on {p['fixed_games']:,} games per seat "
            f"arrangement; full hand to {p['full_hand_games']:,} games.")


def second_quantity(stage_games: int) -> str:
    """What the second main result's number is, with this run's training length (issue 50)."""
    from liarlab.liardice.qtable import STAGE_GAMES

    length = (f"{stage_games:,} training games against EXP0, the report's length" if stage_games == STAGE_GAMES
              else f"one stage of {stage_games:,} training games against EXP0, where the report trained "
              f"{STAGE_GAMES:,}")
    return f"the partial-hand table's win rate minus the full-hand table's (both with history 1, after {length})"


def second_paper() -> str:
    """The report's "clearly worse" said on the scale of our number: the protocol's range for "clearly"."""
    low = verdicts.WORDS["clearly"][1]
    return f"a clear gap (\"clearly worse\", read as at least {low * 100:.0f} points)"


def honest_words(fallback: str) -> str:
    """A reading of honestAction as the page says it (a code name the page does not know stays as it is)."""
    return ex.READING_NAMES.get(fallback, fallback)


def honest_reading(reading) -> str:
    """Which honestAction reading reproduced more EXP statements (``reading``: :func:`claims.honest_reading`),
    said before its table: the result first (a fresh reader found it only after the table)."""
    order = sorted(reading.counts.items(), key=lambda kv: kv[0] != reading.fallback)
    said = ", ".join(f"*{honest_words(fb)}* {n}" for fb, n in order)
    return (f"**Reproduced of the {len(reading.rows)} EXP statements under margin 3:** {said}. We use "
            f"**{honest_words(reading.fallback)}** from here on (a tie keeps the text's, {honest_words('smallest')}); "
            "its rows are marked *agrees by selection*. Values are the pilot's (*value is* says what each measures; "
            "win rates are shares of games); the claims table gives each row's final one (*Two stages*). Margin 2's verdicts "
            "are folded below the table.")


def vs_rand(summary: pd.DataFrame) -> str:
    """Fig 5-1 (``summary``: :func:`experiments.summarize` of :func:`experiments.vs_rand` by player)."""
    above = summary[summary.ci_low > 0.5]
    return (f"*What to notice:* {len(above)} of {len(summary)} players win more than half their games against RAND "
            f"(their intervals lie above the dashed 50 % line; the lowest mean is {summary.win_rate.min():.3f}). EXP "
            "rows: a Wilson interval over games; RL rows: the mean over tables with a t interval (*range across "
            "tables*: the lowest and highest table).")


def exp_pairs(pairs: pd.DataFrame, fallback: str) -> str:
    """Figs 5-2 and 5-5, EXP part (``pairs``: :func:`experiments.exp_pairs`)."""
    pe = ex.summarize(pairs, ["fallback", "p1", "p2"])
    pe = pe[pe.fallback == fallback]
    half = float(((pe.ci_high - pe.ci_low) / 2).max())
    vs0 = pe[(pe.p2 == "EXP0") & (pe.p1 != "EXP0")].win_rate
    as0 = pe[(pe.p1 == "EXP0") & (pe.p2 != "EXP0")].win_rate
    games = int(pairs.games.iloc[0])
    return (f"*What to notice:* each cell is the first player's win rate over {games:,} games (95% intervals at "
            f"most ±{half:.3f}; `data/02_exp_pairs.csv`). Under the chosen reading EXP1-EXP3 win "
            f"{vs0.min():.3f}-{vs0.max():.3f} as P1 against EXP0 and EXP0 wins {as0.min():.3f}-{as0.max():.3f} as P1 "
            "against them. The diagonal is Fig 5-5's EXP part (the same rule in both seats).")


def rl_vs_exp(summary: pd.DataFrame) -> str:
    """Fig 5-4 (``summary``: by epsilon, model and opponent)."""
    g1 = summary[summary.epsilon == 0.1].pivot(index="model", columns="opponent", values="win_rate")
    g0 = summary[summary.epsilon == 0.0].pivot(index="model", columns="opponent", values="win_rate")
    diag_best = sum(g1.loc[f"RL{i}"].idxmax() == f"EXP{i}" for i in range(4))
    off = [g1.loc[f"RL{i}", f"EXP{j}"] for i in range(4) for j in range(4) if i != j]
    n_seeds = int(summary.n.iloc[0])
    return (f"*What to notice:* the diagonal (each table against the rule it trained on) is the strongest cell in "
            f"{diag_best} of 4 rows, and {sum(v < 0.5 for v in off)} of {len(off)} off-diagonal cells are below 50%: a "
            f"table learns its training opponent, not the game. Greedy evaluation (ε = 0, right) "
            f"{'raises every cell' if (g0 > g1).all().all() else 'changes the cells'} (by "
            f"{(g0 - g1).min().min():+.3f} to {(g0 - g1).max().max():+.3f}) and keeps the pattern. Each cell: the mean "
            f"over the {n_seeds} independently trained tables, with its 95 % interval.")


def baselines(table: pd.DataFrame) -> str:
    """The trivial baselines (``table``: :func:`claims.baseline_table`)."""
    beats = table["learning beats every baseline"]
    return (f"*What to notice:* learning beats every trivial baseline in {int((beats == 'yes').sum())} of "
            f"{len(table)} cases (undecided {int((beats == 'undecided').sum())}, no {int((beats == 'no').sum())}). "
            f"The strongest baseline is usually `{table['best baseline'].mode().iloc[0]}`; against EXP1 and EXP2, "
            "which open with an honest bid, always challenging never wins.")


def self_play(summary: pd.DataFrame) -> str:
    """Fig 5-5 (``summary`` by player)."""
    above = list(summary[summary.ci_low > 0.5].player)
    below = list(summary[summary.ci_high < 0.5].player)
    return ("*What to notice:* above the dashed line the opener wins more, below it the second player (P1's win "
            "rate between identical players, not the game's value under best play). The opener is ahead for "
            f"{and_list(above) or 'none'} and behind for {and_list(below) or 'none'} (95 % intervals): the edge "
            "follows the players' styles. RL rows: two frozen copies of one table, a t interval across tables. This "
            "is the pilot; the claims table judges undecided findings on a fresh, larger sample.")


def sequential(summary: pd.DataFrame) -> str:
    """Fig 5-7 (``summary`` by model and opponent)."""
    best = summary.pivot(index="model", columns="opponent", values="win_rate")
    named = [m for m in best.index if m.removeprefix("RL").isdigit()]
    hits = sum(best.loc[m].idxmax() == f"EXP{m[-1]}" for m in named)
    # "win most against" ranks the four rules; the claims table asks whether each model wins more than half its
    # games against that EXP (issue 50: "18 of 22" here beside "21 of 22 models" there read as a contradiction)
    return (f"*What to notice:* {hits} of the report's {len(named)} sequence models win more against the last EXP "
            "in their name than against any other rule (the claims table asks instead whether each wins more than "
            "half its games against it); "
            f"EXP0, which plays very differently from EXP1-EXP3, is lost again once later stages train on EXP1-3 "
            f"(RL03 {best.loc['RL03', 'EXP0']:.3f}, RL0123 {best.loc['RL0123', 'EXP0']:.3f} against EXP0). The full "
            f"table lists these {len(named)}, RL-random and its ablation RL-random-game, whose "
            "opponent draws one EXP rule per game instead of per decision.")


def fixed_seats(fixed2_summary: pd.DataFrame) -> str:
    """Fig 5-8 (``fixed2_summary`` by epsilon, trained and tested seat)."""
    f2 = fixed2_summary.set_index(["epsilon", "trained", "tested_as"]).win_rate
    return (f"*What to notice:* a table trained only as P2 wins {f2[0.1, 'P2 only', 'P1']:.3f} when it has to open "
            f"(greedy: {f2[0.0, 'P2 only', 'P1']:.3f}): its opening keys were never updated and all read 0, so the "
            "tie rule takes the last action, the top bid [6, 5k], which is challenged and loses. With the report's "
            f"option to shuffle ties (at random, in training and play) it wins {f2[0.1, 'P2 only, shuffled ties', 'P1']:.3f} as opener (greedy "
            f"{f2[0.0, 'P2 only, shuffled ties', 'P1']:.3f}): a random opening among untried bids is rarely a good "
            "one. The figure evaluates with ε = 0.1; the table adds greedy evaluation (ε = 0).")


def curves(curve: pd.DataFrame) -> str:
    """Figs 5-10 and 5-12 and the update rules (``curve``: :func:`experiments.summarize_curves`)."""
    fin = curve[curve.games == curve.games.max()].set_index("config").win_rate
    return (f"*What to notice:* (left) after one stage history 2 and 3 end {fin['n=2'] - fin['n=1']:+.3f} and "
            f"{fin['n=3'] - fin['n=1']:+.3f} from history 1 ({fin['n=1']:.3f}); the textbook updates end at "
            f"{fin['Q-learning']:.3f} (Q-learning) and {fin['SARSA']:.3f} (SARSA); the full-hand table is at "
            f"{fin['full, n=1']:.3f}. Each point is a frozen evaluation (a windowed rate, not a running average); the band "
            "is history 1's 95 % t interval across tables, the bar at each other curve's end its interval. (Middle) "
            "the table's growth and the training win rate per block (dotted). (Right) the explored share against the "
            "report's 30%. A curve's last point is Fig 5-4's cell.")


def partial_reference(curve: pd.DataFrame) -> pd.Series:
    """The partial-hand table (history 1) after one stage: the reference line of Fig 5-11."""
    return curve[(curve.config == "n=1") & (curve.games == curve.games.max())].iloc[-1]


def full_hand_reach(full_curve: pd.DataFrame, curve: pd.DataFrame) -> str:
    """Fig 5-11: when the full-hand table reaches the report's explored share, and where it ends."""
    part, fh = partial_reference(curve), full_curve
    reach = fh[fh.explored_share >= EXPLORED_SHARE_FULL]
    return (f"The full-hand table reaches {EXPLORED_SHARE_FULL:.0%} of its key space after "
            + (f"**{int(reach.games.iloc[0]):,}** training games" if len(reach) else
               f"more than {int(fh.games.max()):,} games (not reached in this profile)")
            + f"; after {int(fh.games.max()):,} games it has explored {fh.explored_share.iloc[-1]:.1%} and wins "
            f"{fh.win_rate.iloc[-1]:.3f} against EXP0, against {part.win_rate:.3f} for the partial hand after one "
            "stage.")


def full_hand(full_curve: pd.DataFrame, curve: pd.DataFrame, stage_games: int) -> str:
    """Fig 5-11's *What to notice*."""
    part, fh = partial_reference(curve), full_curve
    ahead = fh[fh.win_rate > part.win_rate]
    one = curve[(curve.config == "full, n=1") & (curve.games == stage_games)]
    same = (f" (a training of its own, independent of the learning curves' one-stage full-hand table, which won "
            f"{one.win_rate.iloc[0]:.3f})") if len(one) else ""
    return (f"*What to notice:* knowing the whole hand multiplies the key space by {FULL_KEYS / PARTIAL_KEYS:.1f} "
            f"({FULL_KEYS:,} keys against {PARTIAL_KEYS:,}), so after one stage the full-hand table of the long run "
            f"wins {fh[fh.games == stage_games].win_rate.iloc[0]:.3f}{same}, against {part.win_rate:.3f} for the "
            "partial hand (left, orange line). "
            + (f"Its mean first passes the partial hand's after {int(ahead.games.iloc[0]):,} games, with "
               f"{ahead.explored_share.iloc[0]:.1%} of its keys explored." if len(ahead) else
               f"It has not caught up after {int(fh.games.max()):,} games."))


def top30(kinds: pd.DataFrame) -> str:
    """Table 5-1 (``kinds``: :func:`experiments.top30_kinds`)."""
    from liarlab.papers.p02 import views

    n1 = kinds.loc["n=1"]
    honest = n1.filter(like="honest").sum()
    challenges = {c: kinds.loc[c].filter(like="challenge").iloc[0] for c in kinds.index}
    printed = ", ".join(f"{n} {kind}" for kind, n in TOP30_CLASSES.items())
    most = max(challenges, key=challenges.get)
    return (f"*What to notice:* with history 1 the top 30 of a table hold on average {honest:.1f} honest bids (a "
            f"count it holds itself), {n1.filter(like='slight lie').iloc[0]:.1f} slight lies and "
            f"{challenges['n=1']:.1f} challenges; the report's counts were {printed}. The state record with the most "
            f"challenges on top is {views.config_words(most)} ({challenges[most]:.1f} of 30): a longer history or the "
            "full hand makes a challenge almost sure to win. Values are capped by the rule at γ = 0.9.")


def forced_one_side(forced_exp: pd.DataFrame, forced_rl: pd.DataFrame) -> str:
    """Figs 5-14 to 5-16 (the tidy frames of :func:`experiments.forced_exp` and :func:`experiments.forced_rl`)."""
    fe_s = ex.summarize(forced_exp, ["player", "same"]).pivot(index="player", columns="same", values="win_rate")
    fr_s = ex.summarize(forced_rl, ["player", "same"]).pivot(index="player", columns="same", values="win_rate")
    rising = [p for p in fe_s.index if (np.diff(fe_s.loc[p].to_numpy()) > 0).all()]
    rl_rising = [p for p in fr_s.index if (np.diff(fr_s.loc[p].to_numpy()) > 0).all()]
    others = fr_s.loc[["RL1", "RL2", "RL3"]]
    steady = (f"{and_list(rl_rising)} {'rises' if len(rl_rising) == 1 else 'rise'} steadily" if rl_rising
              else "none rises steadily")
    return (f"*What to notice:* for the rules the forced side's rate rises with s for {and_list(rising) or 'none'}; "
            f"EXP0 crosses 50% between s = 2 ({fe_s.loc['EXP0', 2]:.3f}) and s = 3 ({fe_s.loc['EXP0', 3]:.3f}); of the "
            "learned tables (against a frozen copy with fair dice), "
            f"{steady}: RL0 peaks at s = {int(fr_s.loc['RL0'].idxmax())} "
            f"({fr_s.loc['RL0'].max():.3f}) and RL1-RL3 stay within {others.min().min():.3f}-"
            f"{others.max().max():.3f}; trained with fair dice, a table rarely saw four or five of a kind. Bars: 95 % "
            "intervals over games for the rules, the range across tables for the tables.")


def forced_grid(summary: pd.DataFrame) -> str:
    """Figs 5-17 and 5-18 (``summary`` by player, s1 and s2)."""
    rl0 = summary[summary.player == "RL0"].pivot(index="s1", columns="s2", values="win_rate")
    return ("*What to notice:* for the rules the side with the higher multiplicity usually wins, and EXP1's "
            "deterministic play makes many cells certain (rates of 0 or 1, left out of the gap comparisons). The "
            "claims compare each cell (s1, s2) with its mirror (s2, s1), which cancels the seat. RL0's P1 does best "
            f"with s1 = {int(rl0.mean(axis=1).idxmax())} on average over s2 ({rl0.mean(axis=1).max():.3f}).")


def game_lengths(shares: pd.DataFrame) -> str:
    """Fig 6-1 (``shares``: :func:`experiments.length_shares`)."""
    lo, hi = GAME_LENGTH_RANGE
    rl = shares[shares.matchup == "RL0 vs EXP0"]
    inside = rl[(rl.actions >= lo) & (rl.actions <= hi)].share.sum()
    return (f"*What to notice:* RL0 against EXP0 (thick line) ends after {lo}-{hi} actions in {inside:.1%} of its "
            f"games; the longest game observed took {int(rl.actions.max())} actions. The report used its maximum to "
            "bound the history lengths of its space tables (checked in notebook 00).")


def _tables_count(n: pd.Series) -> str:
    """How many tables each row averages: "2 tables", or "2 to 3 tables" where rows differ."""
    lo, hi = int(n.min()), int(n.max())
    return f"{lo} tables" if lo == hi else f"{lo} to {hi} tables"


def exploitability(summary: pd.DataFrame, games: int | None = None) -> str:
    """The best-response lower bound (``games``: a table's games against the responder), zero spreads said."""
    from liarlab.papers.p02 import views

    lb = summary["best-response lower bound"]
    above = summary.ci_low > 0.5
    flat = summary.ci_high - summary.ci_low == 0
    each = f"{games:,} games against each table, " if games else ""
    start = (f"*What to notice:* the responder wins {lb.min():.3f} to {lb.max():.3f} of its games, by kind of table "
             f"({each}the mean over {_tables_count(summary.n)}; bars, 95 % t intervals across tables; dashed, 50 %). ")
    if flat.any():
        start += (f"For {int(flat.sum())} of {len(summary)} kinds every table scored the same: a zero-width interval "
                  "is the tables' agreement, not a measured certainty. ")
    if above.all():
        said = ("Every kind of table loses most of its games to a player who knows its policy, whatever it scores "
                "against its trainer: the tables learn to exploit one opponent, not a safe strategy. ")
    else:   # the run's intervals decide what is said (issue 50: "every table" beside intervals reaching 0)
        wide = and_list(views.model_words(m) for m in summary.model[~above])
        said = (f"For {int(above.sum())} of {len(summary)} kinds of table the interval lies above 50 % (zero-width "
                "ones included): they lose most of their games to a player who knows their policy. For "
                f"{wide} the interval reaches below 50 % ({int(summary.n.min())} tables are too few to say). ")
    return start + said


def two_stages(confirm_seeds: int, confirm_games: int) -> str:
    """The confirmatory design, with this run's caps."""
    from liarlab.papers.p02 import confirm

    return (f"**Two stages for every undecided finding.** The rows above are the pilot. Each finding it leaves "
            "undecided is measured again, by the same code and rule, on a fresh sample sized from the pilot for "
            f"{verdicts.PLANNED_POWER:.0%} power, within a budget fixed beforehand: at most **{confirm_seeds} newly "
            f"trained tables** (seeds from {confirm.CONFIRM_SEED0} on, never the pilot's) and at most "
            f"**{confirm_games:,} games a seat arrangement** for fixed rules (fresh streams); a row that retrains "
            f"the {len(ex.sequential_names()) - 1} sequence models and RL-random gets at most "
            f"{max(2, confirm_seeds // confirm.SEQUENCE_SHARE)} tables of each, and Fig 5-5's cheap self-play rows at most "
            f"**{confirm.section_cap(confirm.C.S_5_5_RL, confirm_seeds)}**. The verdict comes from the "
            "fresh sample alone; the folded two-stage table shows both stages. A row no sample can decide says why; "
            "one still undecided at its cap is flagged *undecidable* with the size it would need.")


def three_roles(by_role: pd.DataFrame) -> str:
    """Fig 5-3's role table: for each line-up, whether the doubled rule's copy seated after EXP0 wins more."""
    rate = {(r["doubled rule"], r["single rule"], r["role"]): r for _, r in by_role.iterrows()}
    said = []
    for a, b in (("EXP1", "EXP0"), ("EXP0", "EXP1")):
        after0, other = rate.get((a, b, f"{a} after EXP0")), rate.get((a, b, f"{a} after EXP1"))
        if after0 is None or other is None:
            continue
        way = ("as the report says" if after0.ci_low > other.ci_high else "the reverse of the report"
               if after0.ci_high < other.ci_low else "no clear difference either way")
        said.append(f"with two {a} and one {b}, the {a} seated after EXP0 wins {after0.win_rate:.3f} against "
                    f"{other.win_rate:.3f} for the one after EXP1 ({way})")
    found = (f" Here, {'; '.join(said)}; the claims table judges both sets." if said else
             " The claims table gives the verdict for both sets.")
    return ("*What to notice:* the labels under each group give the seating (E0 = EXP0, E1 = EXP1); the dashed line is "
            "the fair share 1/3. The table pools the three seatings by role, the folded one by absolute seat (the "
            "seat effect): compare the two copies of the doubled rule, one seated right after the single player and "
            f"one after its twin. The report says the player seated after EXP0 wins more, EXP0 or EXP1.{found}")


def _share_words(share: float) -> str:
    """A share of a family's rows in words ("half", "three quarters"), else as a percentage."""
    return {0.5: "half", 0.75: "three quarters"}.get(share, f"{share:.0%}")


def _why_differ(findings: pd.DataFrame) -> str:
    """The differing findings grouped by cause, one sentence a cause naming the figures it covers (issue 50)."""
    differ = findings[findings.verdict == "differs"]
    # each family with its verdict by the family rule, as the claims summary gives it (issue 50)
    family = {fam: verdicts.family_verdict(list(g.verdict)) for fam, g in findings.groupby("family", sort=False)}
    words = {"differs": "family differs", "reproduced": "family reproduced", "inconclusive": "family undecided"}
    sentences = []
    for cause in differ["cause"].value_counts().index:
        g = differ[differ["cause"] == cause]
        size = {fam: int((findings.family == fam).sum()) for fam in g["family"].unique()}
        figs = [f"{fam} ({n} of {size[fam]} rows; {words.get(family.get(fam), 'family undecided')})" if size[fam] > 1
                else str(fam) for fam, n in g["family"].value_counts(sort=False).items()]
        head, _, tail = verdicts.CAUSES[cause].partition(": ")
        # a reason in brackets after its cause; a bracket inside it becomes commas ("sample, or ours, cannot")
        said = f"{head} ({tail.replace(' (', ', ').replace(')', ',')})" if tail else head
        sentences.append(f"{said[0].upper()}{said[1:]}: {and_list(figs)}.")
    return " ".join(sentences)


def opener_words(results: Results) -> str:
    """Fig 5-8's opener win rate of a table trained only as P2, with its interval and sample."""
    f2 = results.fixed2[results.fixed2.epsilon == results.epsilon]
    one = f2[(f2.trained == "P2 only") & (f2.tested_as == "P1")]
    o = ex.summarize(one, ["trained"]).iloc[0]
    return (f"{o.win_rate:.3f} of its games as the opener (95 % confidence interval across {int(o.n)} tables: "
            f"{o.ci_low:.3f} to {o.ci_high:.3f}; {int(one.games.iloc[0]):,} games each as opener")


#: the report's main question's line: every RLi wins more than half its games ("> 50%", printed.STATEMENTS)
HALF = 0.5


def _undecidable(row) -> bool:
    """An undecided claims row that no sample size decides."""
    return str(row.get("verdict")) == "inconclusive" and "undecidable" in str(row.get("flags") or "")


def mean_vs_trainer(bt: pd.DataFrame) -> tuple[bool, str]:
    """(whether every RLi's mean beats its own EXPi, that said with the lowest mean and the baselines' count)."""
    from liarlab.study.tables import interval_text

    own = bt[bt.group == bt.group.iloc[0]]          # RL0-RL3 against the rule each trained on
    low = own.loc[own["learned win rate"].idxmin()]
    above = bool((own.ci_low > HALF).all())
    beats = bt["learning beats every baseline"]
    return above, (f"averaged over the {int(low.seeds)} tables trained for each, {'every' if above else 'not every'} "
                   f"RLi's mean win rate against its own EXPi lies above 50%; the lowest mean, {low['learned agent']}'s, is "
                   f"{interval_text(low['learned win rate'], low.ci_low, low.ci_high, 3)} (95 % confidence interval across "
                   f"tables), and learning beats all three trivial baselines in {int((beats == 'yes').sum())} of "
                   f"{len(bt)} cases")


def headline_quantity(claims: pd.DataFrame) -> str:
    """The headline's case: the lowest-reaching prediction interval, not the lowest mean (issue 50)."""
    import re

    from liarlab.study import answer

    row = answer.headline(claims)
    what = re.search(r"(?:^|;\s*)value: ([^;]+)", str(row.get("note") or "")) if row is not None else None
    case = what.group(1).split(",")[0].strip() if what else "the case"
    level = re.match(r"(\d+(?:\.\d+)?) ?%", str(row.get("interval") or "")) if row is not None else None
    k = round(0.05 / (1 - float(level.group(1)) / 100)) if level else 1   # the cases its Bonferroni level covers
    adjusted = f" ({level.group(1)} %, that is 95 % Bonferroni-adjusted over the {k})" if k > 1 else ""
    return (f"{case}, the one of RL0-RL3 against its own EXPi whose prediction interval for one more trained table "
            f"reaches lowest{adjusted}")


def plain_headline(claims: pd.DataFrame | None, results: Results) -> str:
    """The headline in one plain sentence, said first ("In short"), when no sample size decides it, else ""."""
    from liarlab.study import answer

    row = answer.headline(claims) if claims is not None and "headline" in claims else None
    if row is None or not _undecidable(row):
        return ""
    lo, hi = (float(row.get(c)) for c in ("ci_low", "ci_high"))
    where = ("could fall on either side of 50% (its prediction interval, below, straddles 50%)" if lo < HALF < hi
             else "would fall in the prediction interval below")
    mean = mean_vs_trainer(results.baseline_table)[1]
    return (f"{mean[0].upper()}{mean[1:]}. Whether every single table wins more than half its games, as the report "
            f"claims of its one table, cannot be decided: one more trained table, even of the weakest of RL0-RL3, "
            f"{where}.")


def longer_training(results: Results) -> str:
    """Fig 5-11 on the first screen: the full hand after the long run against the partial hand after one stage."""
    if results.full is None or results.curves is None:
        return ""
    fh, curve = ex.summarize_curves(results.full), ex.summarize_curves(results.curves)
    if fh.games.max() <= curve.games.max():
        return ""
    part = partial_reference(curve)
    return (f"**Trained {fh.games.max() / curve.games.max():.0f} times longer** ({int(fh.games.max()):,} games), "
            f"the full-hand table wins {fh.win_rate.iloc[-1]:.3f} against EXP0, the partial hand "
            f"{part.win_rate:.3f} after one stage (Fig 5-11). ")


def _responder(results: Results, between: str = "") -> str:
    """What the best responder wins against the trained tables, by kind of table (our extension)."""
    from liarlab.papers.p02 import exploit

    ex_s = exploit.summary(results.exploit)
    lb = ex_s["best-response lower bound"]
    flat = int((ex_s.ci_high - ex_s.ci_low == 0).sum())
    zero = f" ({flat} of them of zero width: every table scored the same)" if flat else ""
    return (f"wins {lb.min():.3f} to {lb.max():.3f} of its games against the trained tables, by kind of table"
            f"{between}; its 95 % interval across tables lies above 50 % for {int((ex_s.ci_low > 0.5).sum())} of "
            f"{len(ex_s)} kinds{zero}.")


def chosen_reading(reading) -> str:
    """The honest-bid reading used and how thin the margin that chose it is."""
    other = min(reading.counts.values())
    return (f"**The honest-bid reading.** The report does not show what EXP1-EXP3 bid when no bid is honest; we use "
            f"*{honest_words(reading.fallback)}*, chosen on {reading.counts[reading.fallback]} against {other} of "
            f"{len(reading.rows)} EXP statements reproduced (rows resting on it: *agrees by selection*). ")


def first_screen(results: Results, reading=None) -> str:
    """The answer's further results: longer training, honest-bid reading, learned seats, the best responder."""
    games = f" ({int(results.exploit.games.min()):,} games against each of its {results.exploit.seed.nunique()} tables)"
    return (f"{longer_training(results)}{chosen_reading(reading) if reading is not None else ''}"
            "**Seats are learned.** A table trained only in the second seat wins "
            f"{opener_words(results)}; the report: about 0): its opening keys were never updated, so the tie rule "
            "makes it bid the maximum. **A player who knows a table's policy beats it** (our "
            f"extension): a one-exchange-lookahead best responder {_responder(results, games)}")


#: a verdict as the opening of a sentence, not a bare word after a colon (issue 50)
VERDICT_SENTENCE = {"inconclusive": "We cannot decide this", "differs": "We do not reproduce this",
                    "reproduced": "We reproduce this"}


def headline_found(head_row) -> str:
    """*What we found*'s first bullet: the headline row's verdict, what its number is, and the number."""
    import re

    from liarlab.study import answer

    verdict = str(head_row.get("verdict"))
    opening = VERDICT_SENTENCE.get(verdict, f"Our verdict: {verdict}")
    why = (" More trained tables would not decide it, since one more table could fall on either side of 50%."
           if _undecidable(head_row) else "")
    note = head_row.get("note")
    what = re.search(r"(?:^|;\s*)value: ([^;]+)", note if isinstance(note, str) else "")
    subject = what.group(1).strip() if what else "the lowest win rate of an RLi against its own EXPi"
    return (f"{opening}: {subject}, is {answer.measured(head_row)}, where the report has every RLi above "
            f"50%.{why}")


def _undecided_by_family(found: pd.DataFrame) -> str:
    """Which families the undecided findings sit in, and how many are flagged undecidable (a fresh reader)."""
    und = found[found.verdict == "inconclusive"]
    never = int(und.get("flags", pd.Series(dtype=str)).fillna("").astype(str).str.contains("undecidable").sum())
    by = ", ".join(f"{f} {k}" for f, k in und.groupby("family", sort=False).size().items())
    never = f"; {never} of them flagged *undecidable*" if never else ""
    return f" (undecided by family: {by}{never})" if by else ""


def what_we_found(claims: pd.DataFrame, rows: list, results: Results) -> str:
    """*What we found*, from the claims table and the measured tables."""
    from liarlab.study import answer

    found = claims[claims.kind == "finding"]
    n = answer.finding_counts(claims)
    rep, dif, inc = n["reproduced"], n["differs"], n["inconclusive"]
    two = found[found.pilot_verdict.fillna("").astype(str) != ""]
    # the headline's number as the answer at the top writes it: the claims table's flagged row, else the row itself
    head_row = answer.headline(claims) if "headline" in claims else None
    head_row = [r for r in rows if r.get("headline")][0] if head_row is None else head_row
    beats = results.baseline_table["learning beats every baseline"]
    above, mean = mean_vs_trainer(results.baseline_table)
    decided = ((("What is decided: " if above else "The mean over tables does not decide it either: ") + mean + ".")
               if _undecidable(head_row) else "")
    why = _why_differ(found)
    why = (f", each family with its verdict by the family rule (differs when at least {_share_words(verdicts.FAMILY_DIFFERS)} "
           f"of its rows differ, reproduced when {_share_words(verdicts.FAMILY_REPRODUCED)} are): {why}" if why
           else ": none differ.")
    n1 = ex.summarize_curves(results.curves).query("config == 'n=1'")
    fh = ex.summarize_curves(results.full)
    return f'''
* **The report's question, does Q-learning learn to beat the fixed strategies?** {headline_found(head_row)}
  {decided}
* **{rep} findings reproduced, {dif} differ, {inc} undecided** of {rep + dif + inc}
  judged findings{_undecided_by_family(found)}; {len(two)} were undecided in the pilot and measured again on a fresh sample (table above).
* **Why findings differ**, by cause{why}
* **Trivial baselines:** learning beats always-challenge, never-challenge and random play in {int((beats == "yes").sum())}
  of {len(results.baseline_table)} cases.
* **Seats are learned:** a table trained only in the second seat wins {opener_words(results)}), because
  the tie rule makes unseen openings bid the maximum.
* **Exploration:** {n1.explored_share.iloc[-1]:.1%} of the {PARTIAL_KEYS:,} partial-hand keys after {int(n1.games.iloc[-1]):,}
  games; the full hand explores {fh.explored_share.iloc[-1]:.1%} of its {FULL_KEYS:,} keys after {int(fh.games.max()):,}.
* **Extension, best-response lower bound:** a one-exchange-lookahead responder
  {_responder(results, " (a full best response wins at least as much)")}
'''


def timing(summary: pd.DataFrame) -> str:
    """Fig 5-13: which way the richer states' training time goes, their scans and game lengths."""
    t = summary.set_index("config")
    base = t.loc["n=1"]
    richer = [(c, w) for c, w in (("n=3", "history 3"), ("full, n=1", "the full hand (history 1)")) if c in t.index]

    def ms(c):
        return f"{1000 * t.loc[c, 'seconds_per_10000_games']:.1f} ms"

    slower = [t.loc[c, "seconds_per_10000_games"] > base.seconds_per_10000_games for c, _ in richer]
    fewer = [t.loc[c, "actions_scanned_per_game"] < base.actions_scanned_per_game for c, _ in richer]
    if all(slower) or not any(slower):
        slow = all(slower)
        pace = (f"the richer states train {'more slowly' if slow else 'faster'} than the default table (partial hand, "
                f"history 1), {'against the report, which found them faster' if slow else 'as the report found'}")
    else:
        way = ["more slowly" if s_ else "faster" for s_ in slower]
        judged = ["against the report" if s_ else "as the report found" for s_ in slower]
        pace = (f"{richer[0][1]} trains {way[0]} than the default table (partial hand, history 1), {judged[0]}, and "
                f"{richer[1][1]} {way[1]}, {judged[1]}")
    times = " and ".join(f"{w} {'takes ' if not k else ''}{ms(c)}" for k, (c, w) in enumerate(richer))
    scans = " and ".join(f"{t.loc[c, 'actions_scanned_per_game']:.1f}" for c, _ in richer)
    lengths = " and ".join(f"{t.loc[c, 'mean_actions_per_game']:.2f}" for c, _ in richer)
    scan_words = ("They scan fewer actions per game" if all(fewer) else "They do not all scan fewer actions per game")
    return (f"*What to notice (Fig 5-13, training time):* on this run {pace}: per 10,000 training games "
            f"{times}, against {ms('n=1')} for the default (folded tables above; the left panel adds them up over "
            "training; compiled training calls only, wall-clock on a shared machine: they vary between runs and none "
            "is a claim). "
            f"{scan_words} (right panel: {scans} against {base.actions_scanned_per_game:.1f}) because their "
            f"games are shorter ({lengths} actions against {base.mean_actions_per_game:.2f}): our code scans every "
            "legal action, so the report's \"only explored actions are scanned\" does not set our time; the key "
            "space does (hashed tables for history 3 and for the full hand at histories 2 and 3).")


def table_4_3(slice43: pd.DataFrame) -> str:
    """Table 4-3: how many of the slice's legal keys each table has learned, and how rare its hand is."""
    from liarlab.core import dice

    four = dice.max_multiplicity_counts()[4] / dice.hands_total()
    few = ", so few are learned" if 0 < slice43.seen.sum() < slice43.value.notna().sum() else ""
    return ("*Table 4-3* of the report shows such a slice (\"holding four 5s, bid c fives after the previous bid\") for "
            f"a table after {int(slice43.games.min()):,} games, labelled as what it \"might look like\". Our RL0 has "
            f"learned {_learned_keys(slice43)}: these keys are rare (the largest multiplicity of a hand is four in "
            f"{four:.1%} of hands){few}. The printed values are an illustration and are not compared.")


def _learned_keys(slice43: pd.DataFrame) -> str:
    """How many of the slice's legal keys each table has learned, one count for all tables where they agree."""
    tables = [(f"{int(games):,}", int(g.seen.sum()), int(g.value.notna().sum()))
              for games, g in slice43.groupby("games", sort=True)]
    after, (_, seen, legal) = [a for a, _, _ in tables], tables[0]
    if len({(s_, n) for _, s_, n in tables}) > 1:
        return (f"{_how_many(seen, legal)} of the slice's {legal} legal keys after {after[0]} games and "
                + ", ".join(f"{s_} of {n} after {a}" for a, s_, n in tables[1:]))
    return f"{_how_many(seen, legal)} of the slice's {legal} legal keys, after {after[0]} games" + "".join(
        f" or after {a}" for a in after[1:])


def _how_many(count: int, of: int) -> str:
    """A count of ``of`` in words where a word reads better: "none", "all", else the number."""
    return "none" if count == 0 else "all" if count == of and of > 1 else str(count)


def three_identical(three: pd.DataFrame) -> str:
    """Fig 5-6's table of three identical rules by seat: what to notice, with each cell's sample and precision."""
    same = three[three.a == three.b]
    return ("*What to notice:* which seat wins most depends on the rule, not on a fixed first- or second-mover "
            f"effect. Each cell: {int(same.games.min()):,} games (95 % intervals at most "
            f"±{(same.ci_high - same.ci_low).max() / 2:.3f}). The table also shows the margin-2 sensitivity (the "
            "shown code's constant applied to three players).")
