"""Notebook 01's captions and prose, every number read from the run's tables (tests/papers/p01/test_p01_captions.py);
the words for numbers are :mod:`liarlab.study.per_unit`'s."""
from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01 import printed
from liarlab.papers.p01.claims import (
    band_verdicts,
    bbn_gain_plan,
    gain_verdict,
    mean_gain,
    mean_over_types,
    per_type_gains,
    trend_judged,
    win_rate_judgements,
)
from liarlab.study.per_unit import agree, confirmation_text, est_text, points, points_to_width, unit_list  # noqa: F401
from liarlab.study.stages import goes_to_second_stage

NOTICE = "*What to notice:*"

def band_sentence(b: dict) -> str:
    """The per-type band verdicts (:func:`band_verdicts`) in words, as the claims table judges them."""
    u = b["undecided"]
    return (f"Judged as the claims table judges them (each type's {100 * b['level']:.2f} % Bonferroni-adjusted "
            f"interval), {len(b['below']) + len(b['above'])} types lie outside the band ({len(b['below'])} below, "
            f"{len(b['above'])} above), {len(b['in'])} inside"
            + (f" and {len(u)} undecided ({unit_list(u)}, whose interval straddles an edge of the band)." if u else "."))

def gain_sentence(g: dict, on: str = "") -> str:
    """The per-type gain verdicts (:func:`gain_verdicts`) in words, as the claims table judges them ``on`` a sample."""
    up = len(g["above_zero"])
    return (f"Judged{on} as the claims table judges them ({100 * g['level']:.2f} % Bonferroni-adjusted intervals across "
            f"seeds), {gain_count(g)}; {up} {agree(up, 'lie')} above zero and {len(g['below_zero'])} below")

def vs_types(large: pd.DataFrame, n_games: int, n_seeds: int) -> str:
    """Fig 01_vs_types: the dots in the band (by their means, then as the claims table judges them) and the spread
    of one match (the orange bars)."""
    lo, hi = printed.WIN_BAND
    below, above = large[large.win_rate < lo], large[large.win_rate > hi]
    worst = large.loc[large.win_rate.idxmin()]
    text = (f"{NOTICE} {len(large) - len(below) - len(above)} of {len(large)} blue dots (the large samples' win rates) "
            f"lie inside the green 60-70 % band; {len(below)} lie below it ({unit_list(below.type)}) and {len(above)} "
            f"above it ({unit_list(above.type)}). ")
    if {"wins", "games"} <= set(large.columns):
        text += band_sentence(band_verdicts(large)) + " "
    return text + (f"The lowest, type {int(worst.type)}, wins {pc(worst.win_rate)}, still above the dashed 50 % line. "
                   f"The orange bars, the range of {n_seeds} matches of {n_games} games, span "
                   f"{100 * (large.seed_max - large.seed_min).mean():.1f} points on average: one match, the thesis's design, could "
                   "not separate neighbouring types.")

def trend(final: pd.DataFrame, n_games: int, types=(1, 5, 23)) -> str:
    """Figs 5.6-5.8 panels: where the seeded matches of each type end, relative to the 50 % line; a type none of
    whose matches ends below it is named apart (a reader: "type 1: 0 of 20" was no example of one that did)."""
    ends = {t: final[final.opponent == f"type{t}"] for t in types}
    below = {t: int((f.cum_wins <= n_games / 2).sum()) for t, f in ends.items()}
    parts = [f"type {t}: {b} of {len(ends[t])} {agree(b, 'end')} at or below x/2, the lowest at "
             f"{pc(ends[t].cum_wins.min() / n_games)}" for t, b in below.items() if b]
    none = [t for t, b in below.items() if not b]
    return (f"{NOTICE} the curves climb between the dashed 50 % and the dotted 100 % lines, but not every seeded match "
            f"stays above the 50 % line to the end ({'; '.join(parts + ([f'none for {unit_list(none)}'] if none else []))})"
            f". The true rates are only a few points above 50 %, so a {n_games}-game match can end below the line by "
            "chance.")

def trend_grid(final: pd.DataFrame, n_games: int) -> str:
    """The 32-panel grid: matches ending at or below the 50 % line, per type."""
    f = final.assign(type=final.opponent.str[4:].astype(int))
    below = f[f.cum_wins <= n_games / 2].groupby("type").size()
    ends = f.groupby("type").cum_wins.mean() - n_games / 2
    return (f"{NOTICE} the grid plots wins above the 50 % line. {int(below.sum())} of {len(f)} seeded matches "
            f"{agree(int(below.sum()), 'end')} at or below zero, in {unit_list(below.index)}; the mean end ranges from "
            f"{ends.min():+.1f} (type {int(ends.idxmin())}) to {ends.max():+.1f} wins (type {int(ends.idxmax())}). "
            "A steady climb is a steady edge; the spread of the orange curves is the noise of one match.")

def gain_verdicts(gains: pd.DataFrame) -> dict:
    """The types as the claims table judges the gain (in the band, outside, undecided; above and below zero), and
    the per-type level."""
    names, ests, judged = per_type_gains(gains)
    out = {k: [o for o, j in zip(names, judged) if j.verdict == v]
           for k, v in (("in", "reproduced"), ("outside", "differs"), ("undecided", "inconclusive"))}
    return {**out, "above_zero": [o for o, e in zip(names, ests) if e.low > 0],
            "below_zero": [o for o, e in zip(names, ests) if e.high < 0], "level": 1 - (1 - 0.95) / len(names)}

def bbn_gain(e7: pd.DataFrame, gains: pd.DataFrame | None = None, second_stage: bool = False) -> str:
    """Fig 01_bbn_gain: with ``gains``, the bars are the intervals the claims table judges and the caption gives
    its one count (three counts of one result read as a contradiction, a reader); else the drawn 95 % bars'."""
    pos, neg = (e7.diff_ci_low > 0).sum(), (e7.diff_ci_high < 0).sum()
    text = f"{NOTICE} each bar is the network's paired gain over plain random-guess on the same dice, in points; "
    if gains is None:
        text += (f"whiskers: 95 % intervals across seeded matches; the thesis's +5 to +10 points are green. {pos} of "
                 f"{len(e7)} {agree(pos, 'lie')} above zero and {neg} below. ")
    else:
        text += (f"the thesis's +5 to +10 points are green. {gain_sentence(gain_verdicts(gains), ' on these pilot matches')}"
                 + (" (where the pilot leaves the claim undecided, the claims table judges the fresh seeds of the "
                    "second stage below instead)" if second_stage else "") + "; the whiskers are these intervals. ")
    seeds = int(e7.seeds.min()) if "seeds" in e7 else None
    if seeds is not None and seeds < 5 and ((e7.diff_ci_high - e7.diff_ci_low) > 0.5).any():
        text += (f"With {seeds} seeded matches a type the t intervals have {seeds - 1} degree"
                 f"{'s' if seeds > 2 else ''} of freedom and say almost nothing"
                 + (" (some reach -100 or +100 points)" if ((e7.diff_ci_low <= -0.999)
                                                              | (e7.diff_ci_high >= 0.999)).any() else "")
                 + "; the axis is scaled to the bars, and whiskers beyond it are cut. ")
    return text + liar_sentence(e7[e7.opponent.isin([f"type{t}" for t in range(25, 33)])])

def liar_sentence(liars: pd.DataFrame) -> str:
    """How the network fares against this run's liar, prefers-bid programs, from the numbers (issue 50)."""
    if not len(liars):
        return "The liar, prefers-bid programs (types 25-32) are not in this run's comparison."
    n, lose = len(liars), int((liars["diff"] < 0).sum())
    which = (f"{type_words(liars.opponent.iloc[0])}, the one liar, prefers-bid program in this run," if n == 1
             else f"the {n} liar, prefers-bid programs in this run (types 25-32),")
    best, worst = 100 * liars["diff"].max(), 100 * liars["diff"].min()
    said = {n: ("below zero ", f"for every one ({best:+.1f} points at best)."),
            0: ("not below zero ", f"for any ({worst:+.1f} to {best:+.1f} points).")}
    if lose in said:
        return f"Against {which} the network's mean gain is {said[lose][0]}" + (
            f"({best:+.1f} points)." if n == 1 else said[lose][1])
    return f"Against {which} the network's mean gain is below zero for {lose} of {n} ({worst:+.1f} to {best:+.1f} points)."

def gain_count(g: dict) -> str:
    """"1 of 32 types gains +5 to +10 points (7 counting the 6 undecided)", as ``answer.share_count`` counts."""
    yes, open_ = len(g["in"]), len(g["undecided"])
    text = f"{yes} of {yes + len(g['outside']) + open_} types {agree(yes, 'gain')} +5 to +10 points"
    return text + (f" ({yes + open_} counting the {open_} undecided)" if open_ else "")

def judged_gains(res) -> pd.DataFrame:
    """The seed gains the claims row judges: the fresh seeds under the second stage, else the pilot's."""
    return gain_verdict(res)[-1]

def pc(x: float) -> str:
    """A share of games said in per cent, 3 significant digits: 0.6783 -> "67.8 %"."""
    return f"{100 * float(x):.1f} %"

def win_quantity(res) -> str:
    """What the opening answer measures for the headline claim, in per cent as the claim is (issue 50)."""
    large, games = res.large, int(res.large.games.min())
    worst, best = large.loc[large.win_rate.idxmin()], large.loc[large.win_rate.idxmax()]
    size = ("" if games == int(large.games.max()) else "at least ") + f"{games:,} games a type"
    return (f"random-guess's win rate against each type ({size}; from {pc(worst.win_rate)} against type "
            f"{int(worst.type)} to {pc(best.win_rate)} against type {int(best.type)}), and count the types in 60-70 %")

def short_answer(res) -> str:
    """*In short*: the mean over the types (the spec's acceptance reading) beside the per-type count, the network's
    mean gain and the best responder, each from the rows the claims judge (a reader: lead with both readings)."""
    large, m, b = res.large, mean_over_types(res.large), band_verdicts(res.large)
    g, br, (lo, hi) = mean_gain(judged_gains(res)), res.br.iloc[0], printed.WIN_BAND
    where = "inside" if lo <= m.low and m.high <= hi else "outside" if m.high < lo or m.low > hi else "on an edge of"
    return (f"Averaged over the {len(large)} test programs random-guess wins {pc(m.value)} (95 % interval "
            f"{100 * m.low:.1f} to {pc(m.high)}; {where} 60-70 %: the spec's acceptance reading), but taken one by "
            f"one only {len(b['in'])} of {len(large)} are inside 60-70 %. The network's mean gain is "
            f"{points(g.value, g.low, g.high)} on average (the thesis: +5 to +10). Our test of the thesis's premise "
            "that random play \"ensures not losing\" (about 50 % against anyone): a responder that knows the "
            f"random-guess rules wins {pc(br.win_rate)} of {int(br.games):,} games against it.")

def gain_second_stage(res) -> bool:
    """Whether the pilot leaves the network-gain claim to fresh seeds (the plan is known before they run)."""
    plan = bbn_gain_plan(res.gains, cap=res.size("confirm_seeds_cap"))
    return plan is not None and not plan.undecidable

def on_fresh_seeds(res) -> bool:
    """Whether the claims row judges the network's gain on the confirmatory seeds (:func:`claims.gain_verdict`)."""
    return res.gain_plan is not None and res.gains_fresh is not None and not res.gain_plan.undecidable

def gain_quantity(res) -> str:
    """What the opening answer measures for the network's claim, on the sample the claims row judges (issue 50)."""
    gains = judged_gains(res)
    est, k = mean_gain(gains), gains.opponent.nunique()
    sample = (f"on the confirmatory seeds ({est.n} fresh seeded matches a type; the pilot had "
              f"{int(res.gains.groupby('opponent').rep.nunique().min())})" if on_fresh_seeds(res)
              else f"across {est.n} seeded matches a type")
    types = f"{k} types" if k == 32 else f"{k} types ({k} of the 32 run in this profile)"
    return (f"the network's mean gain over the {types} as {points(est.value, est.low, est.high)} {sample}, and the "
            "number of types whose own gain lies in +5 to +10 points")

def bbn_trend(curves: pd.DataFrame, types=("type1", "type8", "type11")) -> str:
    """Figs 5.9-5.11 as differences: where each type's mean cumulative difference ends, and which of the run's
    types are left to the grid (a reader missed type 25)."""
    last = [c.loc[c.game.idxmax()] for c in (curves[curves.opponent == o] for o in types) if len(c)]
    ends = [f"{type_words(r.opponent)} {r.cum_bbn - r.cum_plain:+.1f}" for r in last]
    rest = sorted((o for o in set(curves.opponent) if o not in set(types)), key=lambda o: int(str(o)[4:]))
    named = (unit_list([int(str(o)[4:]) for o in rest]) + " of this run" if len(rest) <= 4
             else f"the other {len(rest)} types of this run")
    left = (f" The figure draws only the types the thesis plots; {named} {'is' if len(rest) == 1 else 'are'} in the "
            "next figure.") if rest else ""
    return (f"{NOTICE} the thesis's Figs 5.9-5.11 draw two cumulative-win curves almost on top of each other; drawn as "
            f"their difference (mean over the seeded matches), they end at {', '.join(ends)} wins. A real edge builds "
            "up steadily once the gate opens; a curve within a few wins of zero is noise." + left)

def type_words(name) -> str:
    """"type21" -> "type 21" (other names as they are)."""
    text = str(name)
    return f"type {text[4:]}" if text.startswith("type") and text[4:].isdigit() else text

def bbn_grid(curves: pd.DataFrame) -> str:
    """The 32-panel network trend grid: final mean differences, said to be means without intervals."""
    last = curves.loc[curves.groupby("opponent").game.idxmax()]
    d, names = (last.cum_bbn - last.cum_plain).to_numpy(), last.opponent.to_numpy()
    return (f"{NOTICE} per type, the mean cumulative difference in wins (network player minus plain random-guess), "
            f"blue where it ends above zero, red below (means only: the gain figure above counts the types); "
            f"the highest is {type_words(names[d.argmax()])} ({d.max():+.1f} wins), the lowest "
            f"{type_words(names[d.argmin()])} ({d.min():+.1f} wins).")

def calibration(cal: pd.DataFrame) -> str:
    """Fig 01_bbn_calibration: per probability, the bins (30 events or more) whose interval misses the diagonal."""
    if cal.empty:
        return ""
    parts = [f"{t} misses it in {int(((g.ci_low > g.p_mean) | (g.ci_high < g.p_mean)).sum())} of {len(g)} bins "
             f"(farthest: {w.p_mean:.2f} said, {w.observed:.2f} revealed)"
             for t, g in cal[cal.n >= 30].groupby("target", sort=False)
             for w in [g.loc[(g.observed - g.p_mean).abs().idxmax()]]]
    return (f"{NOTICE} a bin whose 95 % interval misses the grey diagonal is a probability the revealed hands do not "
            f"bear out: {'; '.join(parts) or 'no bin has 30 events'}. Bins with fewer than 30 events are hollow; the "
            "lower panel counts events. B has no parent in the thesis's network: the table by count below gives P(B) "
            "against the revealed share at each of our counts.")

def challenge_share(decisions: pd.DataFrame, group: str, player: str, count: int, column: str) -> float:
    """A share of the challenge-decisions table (one group, player and count of ours); NaN when absent."""
    r = decisions[(decisions.group == group) & (decisions.player == player) & (decisions["count"] == count)]
    return float(r[column].iloc[0]) if len(r) else float("nan")

def liar_challenges(decisions: pd.DataFrame, liars: str, honest: str) -> str:
    """Fig 01_bbn_liar_challenges: count-2 challenge shares of both players against both groups."""
    at = partial(challenge_share, decisions)
    return (f"{NOTICE} against the liars (right) the network (red) challenges a count-2 bid "
            f"{at(liars, 'network', 2, 'share_challenged'):.2f} of the time against plain random-guess's "
            f"{at(liars, 'plain', 2, 'share_challenged'):.2f}, although such a bid is false only "
            f"{at(liars, 'plain', 2, 'share_false'):.2f} of the time (dashed), while their count-3 and count-4 bids "
            f"are false {at(liars, 'plain', 3, 'share_false'):.2f} and {at(liars, 'plain', 4, 'share_false'):.2f} of "
            f"the time. Against the honest programs (left): {at(honest, 'network', 2, 'share_challenged'):.2f} against "
            f"{at(honest, 'plain', 2, 'share_challenged'):.2f}. Only points with at least 30 bids are drawn.")

def game_lengths(lengths: pd.DataFrame) -> str:
    """E11 histograms split by starter: mean actions and mean final count per starter."""
    parts = []
    for starter, g in lengths.groupby("starter", sort=False):
        pooled = g.groupby(["measure", "value"]).games.sum()
        turns, final = pooled.loc["turns"], pooled.loc["final_quantity"]
        parts.append(f"{starter}: mean {np.average(turns.index, weights=turns):.2f} actions, mean count at the "
                     f"challenge {np.average(final.index, weights=final):.2f}")
    return (f"{NOTICE} bot-against-bot games are short and end at low counts, far from the thesis's remarks about "
            f"people (green bands), whoever opens ({'; '.join(parts)}). Bot play is a substitute, not a test.")

def summary(res, liar_text: str | None = None, readings_text: str | None = None,
            extensions_text: str | None = None) -> str:
    """*What the numbers say*, every number from the run's tables (the gains and per-type verdicts the claims table
    judges); a text left None is the run's own."""
    large, gains, trait_effect, wide = res.large, judged_gains(res), res.trait_effect, res.wide
    if liar_text is None:
        liar_text = (liar_loss(res)["summary"] if res.liar_readings is not None
                     else "(Not in this profile's network run.)")
    readings_text = network_readings(res) if readings_text is None else readings_text
    extensions_text = extensions(res) if extensions_text is None else extensions_text
    g, mg, fresh = gain_verdicts(gains), mean_gain(gains), on_fresh_seeds(res)
    hard, easy = (trait_effect.sort_values("effect").iloc[i] for i in (0, -1))
    rank = large.set_index("type").win_rate.rank(method="min")
    worst, best = large.loc[large.win_rate.idxmin()], large.loc[large.win_rate.idxmax()]
    br, n_games = res.br.iloc[0], res.params["n_games"]
    lines = [
        f"* **Random-guess against the 32 programs (§5.2).** Averaged over the types it wins "
        f"{pc(large.win_rate.mean())}, and it beats every type. But \"60-70 % against **every** type\" does not "
        f"hold: the rates run from {pc(worst.win_rate)} (type {int(worst.type)}) to {pc(best.win_rate)} (type "
        f"{int(best.type)}). {band_sentence(band_verdicts(large))} The strongest trait effect is {_trait(easy.trait)} "
        f"({points(easy.effect)}), the most protective {_trait(hard.trait)} ({points(hard.effect)}). The thesis's "
        f"example types 1, 5 and 23 rank {', '.join(str(int(rank.loc[t])) for t in (1, 5, 23))} of {len(large)} from "
        "the hardest.",
        f"* **Noise.** One match per type, the thesis's design ({printed.MATCH_GAMES} games; {n_games} in this run), "
        f"moves a type's rate by several points: across {res.params['n_seeds']} seeded matches of {n_games} games the "
        f"per-type range averages {100 * (res.seeded.seed_max - res.seeded.seed_min).mean():.1f} points.",
        f"* **Opening seat.** Random-guess wins {pc(res.self_open.win_rate)} of self-play games it opens; against the "
        f"types it wins {pc(wide['random_guess'].mean())} when it opens every game and {pc(wide['opponent'].mean())} "
        f"when it always responds.",
        f"* **The network (§5.2: +5 to +10 points against most types).** Learning after every game, as the thesis's "
        f"network does, its mean gain over the {gains.opponent.nunique()} types is {points(mg.value, mg.low, mg.high)}"
        f"{' on the confirmatory seeds' if fresh else ''}. {gain_sentence(g, ' on them' if fresh else '')}.",
        *(f"* **{head}.** {text}" for head, text in (
            ("Liars that prefer to bid (types 25-32; our diagnosis, not a claim of the thesis)", liar_text),
            ("Readings of the network", readings_text), ("Extensions", extensions_text)) if text),
        f"* **Best-response lower bound.** A responder that knows the rules and looks one exchange ahead wins "
        f"{pc(br.win_rate)} (95 % interval {100 * br.ci_low:.1f} to {pc(br.ci_high)}) against random-guess: the premise that "
        "random-guess \"ensures not losing\" fails against a modelling opponent, and a full best response would win "
        "at least as much."]
    return "\n".join(lines)

def _trait(name) -> str:
    return str(name).replace("_", " ")   # "low_cap" -> "low cap"

_BOTH = "ablation: no probability 4, no L limits"
_SHUT = "ablation: gate always shut"

def liar_loss(res) -> dict:
    """Our diagnosis of the network's loss to types 25-32 from the run's replays over them, the loss shares, the
    verdicts, hand errors and challenge decisions: ``pooled`` (a sentence), ``summary``, ``text``."""
    lr, shares, liar_gain = res.liar_readings.set_index("variant"), res.loss_shares, res.liar_gain
    rev, hands, base = res.liar_verdicts.set_index("count"), res.liar_hands, lr.loc["thesis reading"]
    top = bbnx.top_loss_change(shares)
    ids = sorted(int(str(o)[4:]) for o in liar_gain.opponent) if "opponent" in liar_gain else []
    which = ("types 25–32" if len(ids) == 8 or not ids else
             f"the liar, prefers-bid program{'s' if len(ids) > 1 else ''} in this run ({unit_list(ids)})")
    below = int((liar_gain.diff_ci_high < 0).sum())
    # the replays draw their own seeded matches, not E7's: said, so opposite signs do not read as a contradiction
    pooled = (f"{'Against' if len(ids) == 1 else 'Pooled over'} {which}, in the readings' own seeded matches "
              f"({int(base.seeds)} per type, not E7's), the network changes the win rate by "
              f"{points(base['diff'], base.diff_ci_low, base.diff_ci_high)}; in the E7 table {below} of "
              f"{len(liar_gain)} {'has' if len(liar_gain) == 1 else 'have'} an interval below zero.")
    if base["diff"] >= 0:   # the diagnosis is of a measured loss: said only then
        return {"pooled": pooled, "summary": f"{pooled} No loss to take apart in this run.",
                "text": f"**No loss in this run, so no diagnosis.** {pooled} The folded tables above are as measured."}
    share = partial(challenge_share, res.liar_decisions, bbnx.LIARS)
    both = shares.set_index("change").loc[_BOTH] if _BOTH in set(shares.change) else None
    most = "most of the loss" if top.share_of_loss_removed > 0.5 else "the largest share of the loss"
    text = (f"**What accounts for the loss.** {pooled} Replayed on the same dice with one change at a time (the folded "
            f"table above, change by change), **the change that removes {most} is `{top.change}`**: it removes "
            f"{top.share_of_loss_removed:.0%} of it ({points(top.gain_thesis_reading)} → "
            f"{points(top.gain_after_change)}, a change of "
            f"{points(top.vs_thesis, top.vs_thesis_ci_low, top.vs_thesis_ci_high)} across seeds). "
            "Probability 4 (that our opening is challenged) keeps an opening the opponent \"would challenge\", true or "
            "not, and counts never opened keep the prior 0.5, so our openings drift up."
            + (f" Without probability 4 and the limits in L together, the gain is {points(both.gain_after_change)} "
               f"({both.share_of_loss_removed:.0%} of the loss removed)" if both is not None else "")
            + (f"; with the gate always shut the network player is plain random-guess (gain "
               f"{points(lr.loc[_SHUT, 'diff'])})." if _SHUT in lr.index else ".")
            + "\n\n**The verdicts do not agree with the revealed hands.** At our count 2 the liars' answers get a mean "
            f"P(lie) of {rev.loc[2, 'network_p_lie']:.2f} ({rev.loc[2, 'revealed_lie']:.2f} revealed); P(B) (\"their "
            f"hand supports our bid\") is {rev.loc[4, 'network_p_supports']:.2f} "
            f"({rev.loc[4, 'revealed_supports']:.2f}) at our count 4 and {rev.loc[5, 'network_p_supports']:.2f} "
            f"({rev.loc[5, 'revealed_supports']:.2f}) at 5: B has no parent, so it cannot learn that support falls "
            f"with our count (P(B|A) adds that edge). The gate adopts {rev.loc[2, 'gate_adopted']:.2f} of the verdicts "
            f"at count 2; the limits set hold in {1 - hands.share_limits_wrong.mean():.3f} of cases and the imagined "
            f"dice H are wrong {hands.share_H_dice_wrong.mean():.2f} of the time. With limits set, the guessed count g "
            f"shrinks and the player challenges a liar's count-2 bid {share('network', 2, 'share_challenged'):.2f} of "
            f"the time instead of {share('plain', 2, 'share_challenged'):.2f}, though only "
            f"{share('plain', 2, 'share_false'):.2f} of those bids are false (counts 3 and 4: the challenge figure "
            "above)."
            "\n\n**A property of the readings, not a defect.** Each part does what Ch. 4 §3 and the spec describe "
            "(tested); the loss comes from probability 4 and the limits meeting the random-guess rules, which never "
            "ask whether a later bid would be easier to catch.")
    summary = (f"{pooled} {top.share_of_loss_removed:.0%} of it goes when the spec's reading of probability 4 is "
               f"dropped (`{top.change}`)" + (f"; without the limits in L as well, {both.share_of_loss_removed:.0%}"
                                              if both is not None else "") + "; see the section on types 25-32.")
    return {"pooled": pooled, "summary": summary, "text": text}

# ============================================================================ texts read from the results object

def _stage(plan, fresh, decided: str, sample: str = "", unit: str = "games", judged: str = "") -> str:
    """The second stage in words (issue 50: played or not, with its size and unit): ``confirmation_text``, headed."""
    played = plan is not None and fresh is not None and not plan.undecidable
    return (f"**Second stage: {'run' if played else 'not run'}.** "
            + confirmation_text(plan, fresh if played else None, decided, sample, unit, judged))

def win_rate_confirmation(res) -> str:
    """The per-type win-rate claims' second stage: played or not, which claims the pilot left to it and which it
    decided."""
    plan, large = res.win_plan, res.large
    if plan is None or res.large_fresh is None or plan.undecidable:
        return _stage(plan, None, "The pilot decides every per-type win-rate claim; the claims table judges them on "
                      "it.")
    band, beaten = win_rate_judgements(large)
    claims = {"60-70 % against every type": band, "beats every type": beaten,
              "beats each of types 1, 5 and 23": trend_judged(large)[1]}
    again = [k for k, j in claims.items() if goes_to_second_stage(j)]
    kept = [f"\"{k}\" ({claims[k].verdict.replace('inconclusive', 'undecided')})" for k in claims if k not in again]
    left = " and ".join(f"\"{k}\"" for k in again) or "no claim"
    return (_stage(plan, res.large_fresh, "", f"The pilot ({int(large.games.min()):,} games a type) leaves {left} to a "
                   "second stage, judged on its confirmatory sample")
            + (f" The pilot decides {' and '.join(kept)}: {'it is' if len(kept) == 1 else 'they are'} not judged "
               "again, and the first screen's counts are the pilot's." if kept else ""))

def bbn_gain_confirmation(res) -> str:
    """The network-gain claim's second stage in words, labelled pilot and confirmatory (issue 50)."""
    plan, fresh = res.gain_plan, res.gains_fresh
    if plan is None or fresh is None or plan.undecidable:
        return _stage(plan, None, "The pilot's seeded matches decide the network-gain claim; the claims table judges "
                      "it on them.")
    return _stage(plan, fresh, "", f"The pilot ({int(res.gains.groupby('opponent').rep.nunique().min())} seeded "
                  "matches a type) leaves the network-gain claim undecided; confirmatory sample", "seeded matches",
                  f"{gain_count(gain_verdicts(judged_gains(res)))}, the count of the claims table and of the first "
                  "screen (the figure above counts the pilot's)")

def win_rate_views(params) -> str:
    """E5's three views with this run's sizes, the thesis's own size said as the thesis's (issue 50)."""
    n, r, big = int(params["n_games"]), int(params["n_seeds"]), int(params["n_large"])
    design = ("exactly the thesis's design" if n == printed.MATCH_GAMES
              else f"the thesis's design at {n:,} games (the thesis played {printed.MATCH_GAMES})")
    return (f"Three views: (a) **one {n:,}-game match per type** with the reference Python agents, {design}; (b) "
            f"**{r} seeded matches × {n:,} games** per type in the compiled simulator, showing how much a single match "
            f"varies; (c) a **large sample** of {big:,} games per type with Wilson 95 % intervals. Openers alternate "
            "game by game.")

def timing_ratio(vs_thesis: pd.DataFrame, bbn_time: pd.DataFrame | None = None) -> str:
    """The slow-down with the network beside the thesis's, to one decimal; with ``bbn_time``, the two times it
    divides as the table above shows them (a reader divided two times from separate runs)."""
    row = vs_thesis[vs_thesis.measure.str.startswith("slow-down")]
    if not len(row):
        return ""
    r = row.iloc[0]
    engine = r.measure.split("both on the ")[-1].split(" in the")[0]
    times = ""
    if bbn_time is not None:
        t = ex.like_for_like_timing(bbn_time)
        per500 = [ex.significant(x * 500 / t.games) for x in (t.seconds_bbn, t.seconds_random_only)]
        times = (f" ({per500[0]:.4f} s with it against {per500[1]:.4f} s without it per 500 games, as in the table "
                 "above)")
    return (f"**Slow-down with the network:** {float(r.ours):.1f} times the time without it{times}, both on the "
            f"{engine} (the thesis: {float(r.paper):g} times). *Numba batch* is our compiled simulator, which plays "
            "many games at once; only the ratio is comparable with the thesis's Java timings.")

def vs_types_of(res) -> str:
    """:func:`vs_types` for the run."""
    large = res.e5.rename(columns={"large_sample": "win_rate"}).assign(wins=res.large.wins.to_numpy(),
                                                                        games=res.large.games.to_numpy())
    return vs_types(large, res.params["n_games"], res.params["n_seeds"])

def x3_limit(res) -> str:
    """How often the reading "not-support limit x-3" took effect, from the run's tables."""
    differ, x3 = res.support_events.loc[res.support_events.limits_differ], res.x3_reading
    return (f"In the recorded E7 runs ({len(res.bbn_run.games):,} games, {len(res.params['bbn_types'])} types) an "
            f"adopted \"does not support\" verdict on our bids of 3 dice or more happened "
            f"{int(differ['adopted_not_support'].sum()):,} times in {int(differ['answers'].sum()):,} answers, and the "
            f"variant changed the result of {int(x3.games_with_other_result):,} of {int(x3.games):,} games on the "
            f"same dice: it takes effect but barely matters here (against the thesis reading: "
            f"{points_to_width(x3.vs_thesis, x3.vs_thesis_ci_low, x3.vs_thesis_ci_high)}).")

def x2_positions(mixture: pd.DataFrame) -> str:
    """Why the X2 sweep is flat, read from the worked positions facing "three 1s"."""
    at = mixture[mixture.position == "facing three 1s"].set_index("lambda")
    return f"""
Facing "three 1s" with two 1s, the challenge check fires with probability {at.loc[1.0, 'challenge_draw_p_c']:.2f} at λ = 1
and {at.loc[0.0, 'challenge_draw_p_c']:.2f} at λ = 0, but the player finally challenges {at.loc[1.0, 'final_share_challenge']:.3f}
and {at.loc[0.0, 'final_share_challenge']:.3f} of the time ({int(at.decisions.iloc[0]):,} decisions each): the loop divides the two
checks' shifts by each other, and at the opening the bids barely move. That is why the sweep's win rates stay
within noise.
"""

def network_readings(res) -> str:
    """The pooled gains' range over the network's readings (point estimates) and the games the x-3 limit changed."""
    net_all, x3 = bbnx.pooled_readings(res.bbn_readings), res.x3_reading
    return (f"Over all types the pooled gain ranges from {100 * net_all['diff'].min():+.1f} to "
            f"{100 * net_all['diff'].max():+.1f} points across the readings; "
            + ("no reading reaches" if net_all['diff'].max() < printed.BBN_GAIN_BAND[0] else "some readings reach")
            + f" +5 points. The x-3 limit changed the result of {int(x3.games_with_other_result):,} of "
            f"{int(x3.games):,} games on the same dice.")

def extensions(res) -> str:
    """The Ch. 6 extensions in one sentence: the lambda mixture's range and real-valued guessing's rates."""
    lam, x1 = res.lambda_rows, res.x1
    return (f"The lambda mixture barely matters (mean {pc(lam.mean_win_rate.min())} to {pc(lam.mean_win_rate.max())} "
            "across lambda): the guess shifts both checks of the four-case loop and the shifts cancel; real-valued "
            f"guessing (X1) is worse ({pc(x1.mean_win_rate)} mean, worst type {pc(x1.min_win_rate)}).")

def bid_draw(fig44: pd.DataFrame) -> str:
    """Fig 4.4's bid draw: the candidates never returned, and how close the simulation is to the exact shares."""
    shown = fig44.dropna(subset=["weight"]).head(20)
    never = shown[shown.p_returned <= 0]
    faces = sorted({int(f) for _, f in never.bid})
    one = len(never) == 1
    never_text = (f"{len(never)} of the {len(shown)} candidates shown, every one on "
                  f"{'face' if len(faces) == 1 else 'faces'} {', '.join(map(str, faces))}, {'is' if one else 'are'} "
                  f"never returned although {'it has' if one else 'they have'} a weight" if len(never)
                  else "every candidate shown is returned sometimes")
    big = shown[(shown.bid.map(lambda b: b[0]) >= 4) & (shown.p_returned > 0)]   # the near-empty slots (a reader)
    rare = (f" Bids of {min(b[0] for b in big.bid)} dice or more on faces we hold barely show: each is returned at most "
            f"{big.p_returned.max():.4f} a draw (it must be true on the sampled deal and still look false to the "
            "opponent)." if len(big) else "")
    return (f"{NOTICE} {never_text}: the player keeps a bid only when the opponent's guess of our count plus its "
            "sampled count falls short, which never happens on a face we do not hold." + rare + " The simulated "
            f"shares (orange) lie within {float((shown.p_returned_sim - shown.p_returned).abs().max()):.4f} of the "
            "exact ones (blue).")

def e7_pooled(res):
    """E7's pooled gain over the pilot's types, t interval across seeded matches: the page's one interval for it."""
    return bbnx.gain_estimate(bbnx.seed_gains(res.bbn_run.games, by=()).set_index("rep").gain)

def schedule_note(res) -> str:
    """Under the learning-schedule table: its intervals are across games, and whether its every-game row is E7's."""
    p = res.params
    same = (ex.SEED_OFFSETS["bbn_schedules"] == ex.SEED_OFFSETS["bbn_matches"]
            and p.get("bbn_variant_seeds") == p.get("bbn_seeds") and res.bbn_run is not None)
    text = "The intervals in this table are across games (paired on the same dice), not across seeded matches. "
    if not same:
        return text + "Its matches are drawn apart from E7's, so its every-game row is a second measurement of E7's gain."
    e7 = e7_pooled(res)
    return text + (f"Its every-game row replays E7's own matches, so its gain is E7's pooled gain, which the page "
                   f"gives across seeded matches: {points(e7.value, e7.low, e7.high)}. The first screen's gain is the "
                   "claims row's, " + ("on the confirmatory seeds where the pilot left the claim undecided." if
                                       on_fresh_seeds(res) else "on these same pilot matches (no second stage ran)."))

def readings_vs_e7(res) -> str:
    """Why the readings table's "thesis reading" row is not E7's pooled gain: E12 replays its own seeded matches."""
    allt = res.bbn_readings[res.bbn_readings.group == "all types"].set_index("variant")
    if "thesis reading" not in allt.index or res.bbn_run is None:
        return ""
    t, e7, off = allt.loc["thesis reading"], e7_pooled(res), ex.SEED_OFFSETS
    overlap = not (t.diff_ci_high < e7.low or e7.high < t.diff_ci_low)
    return ((
        "This table replays E7's own seeded matches, " if off["bbn_variants"] == off["bbn_matches"] else
        f"The rows share one set of seeded matches, drawn from their own seed (offset {off['bbn_variants']} against "
        f"E7's {off['bbn_matches']}): the thesis-reading row is a second measurement of E7's pooled gain, ")
        + f"with the same {int(t.types)} types x {int(t.seeds)} seeds x {int(t.games // (t.types * t.seeds))} games: "
        f"here the network wins {t.win_rate_bbn:.3f} of its games and gains "
        f"{points(t['diff'], t.diff_ci_low, t.diff_ci_high)}; in E7 it wins "
        f"{float(res.bbn_run.games.win_bbn.mean()):.3f} and gains {points(e7.value, e7.low, e7.high)}. "
        + ("The two intervals overlap: sampling noise between two sets of dice. " if overlap
           else "The two intervals do not overlap, which sampling noise alone would rarely give. ")
        + "Every *vs thesis* change is measured against this table's own thesis-reading row, on the same dice.")
