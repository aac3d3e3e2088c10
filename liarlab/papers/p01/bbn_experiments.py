"""Notebook 01's network experiments: many matches over the executor, and the tables they give.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from liarlab.core import verdicts
from liarlab.core.stats import mean_interval, wilson_interval
from liarlab.core.validation import check_choice, check_int
from liarlab.liardice.bbn import DEFAULT_REFIT_EVERY
from liarlab.liardice.bbn_play import (
    FAST_AGENT_OPTIONS,
    opponent_label,
    paired_match_wins_fast,
    play_paired_match,
    play_paired_match_fast,
)


def _match_task(rng, opponent_spec, rep, n_games, baseline, record, belief_options, engine="python",
                agent_options=None, time_refits=False):
    """Module-level worker for :func:`liarlab.study.parallel.run_tasks`."""
    if engine == "fast":
        out = play_paired_match_fast(opponent_spec, n_games, rng, baseline=baseline, record=record,
                                     time_refits=time_refits, agent_options=agent_options, **belief_options)
    else:
        out = play_paired_match(opponent_spec, n_games, rng, baseline=baseline, record=record,
                                agent_options=agent_options, **belief_options)
    for key in ("games", "observations", "hands"):
        out[key].insert(0, "rep", rep)
        if "opponent" not in out[key]:
            out[key].insert(0, "opponent", opponent_label(opponent_spec))
    out["timing"].update(opponent=opponent_label(opponent_spec), rep=rep, games=n_games)
    return out


@dataclass
class BBNRun:
    """Per-game results, network records and timings of a set of paired matches."""

    games: pd.DataFrame
    observations: pd.DataFrame
    hands: pd.DataFrame
    timing: pd.DataFrame
    params: dict = field(default_factory=dict)


def run_bbn_matches(opponents, n_games: int = 500, n_seeds: int = 20, seed: int = 0, *,
                    refit_every: int = DEFAULT_REFIT_EVERY, baseline: bool = True, record: bool = False,
                    engine: str = "fast", agent_options: dict | None = None, time_refits: bool = False,
                    **belief_options) -> BBNRun:
    """``n_seeds`` paired matches (BBN and plain random-guess, common random numbers) per opponent.

    ``opponents``: test type ids and/or opponent specs (see :func:`make_opponent`). Task order is
    opponent-major, so a run is fixed by ``seed`` whatever the number of workers.
    ``engine="fast"`` plays compiled games; ``engine="python"`` plays the reference agents. Both keep the E8
    records with ``record=True`` (gate, verdicts and imagined hand against the revealed hands).
    The fast engine times its refits only with ``time_refits`` (the timing's refit seconds are NaN otherwise).
    """
    from liarlab.study.parallel import run_tasks

    n_games = check_int("n_games", n_games, 1)
    n_seeds = check_int("n_seeds", n_seeds, 1)
    engine = check_choice("engine", engine, ("fast", "python"))
    if agent_options and engine == "fast" and set(agent_options) - set(FAST_AGENT_OPTIONS):
        raise ValueError(f"agent_options other than {list(FAST_AGENT_OPTIONS)} (X1/X3 players) need engine='python'")
    specs = [("type", int(o)) if np.isscalar(o) else tuple(o) for o in opponents]
    options = dict(belief_options, refit_every=refit_every)
    tasks = [dict(opponent_spec=s, rep=r, n_games=n_games, baseline=baseline, record=record,
                  belief_options=options, engine=engine, agent_options=agent_options, time_refits=time_refits)
             for s in specs for r in range(n_seeds)]
    # the compiled engine is compiled (or loaded) once here, not by every worker at once
    results = run_tasks(_match_task, tasks, seed, desc="BBN matches", first_here=engine == "fast")
    return BBNRun(games=pd.concat([r["games"] for r in results], ignore_index=True),
                  observations=pd.concat([r["observations"] for r in results], ignore_index=True),
                  hands=pd.concat([r["hands"] for r in results], ignore_index=True),
                  timing=pd.DataFrame([r["timing"] for r in results]),
                  params=dict(n_games=n_games, n_seeds=n_seeds, seed=seed, engine=engine, **options))


# ============================================================================ E7 summaries

def paired_difference(win_bbn, win_plain) -> tuple[float, float, float]:
    """Mean per-game difference (BBN - plain) with a normal 95 % interval (games paired by dice)."""
    return mean_interval(np.asarray(win_bbn, dtype=float) - np.asarray(win_plain, dtype=float))


def seed_gains(games: pd.DataFrame, by=("opponent",), relative: bool = False) -> pd.DataFrame:
    """One paired gain (network - plain win rate; ``relative``: divided by the plain rate) per independently
    seeded match (``rep``): the unit of replication of a learned agent. Grouped by ``by`` plus ``rep``."""
    keys = [*by, "rep"]
    g = games.groupby(keys, sort=False)[["win_bbn", "win_plain"]].mean().reset_index()
    g["gain"] = (g.win_bbn - g.win_plain) / (g.win_plain if relative else 1.0)
    return g


def gain_estimate(gains, level: float = verdicts.LEVEL) -> verdicts.Estimate:
    """The mean paired gain over seeds with its t interval across seeds (``verdicts.across_seeds``)."""
    return verdicts.across_seeds(np.asarray(gains, dtype=float), -1.0, 1.0, level)


def summarize_vs_types(run: BBNRun, level: float = verdicts.LEVEL) -> pd.DataFrame:
    """E7 table: per opponent, both win rates with Wilson intervals and the paired difference.

    The difference's interval is across the independently seeded matches (t, ``verdicts.across_seeds``) when
    there are at least two; with one match it falls back to the games (a normal interval, marked in
    ``diff_unit``)."""
    rows = []
    n_reps = run.games.groupby("opponent", sort=False).rep.nunique() if "rep" in run.games else None
    for opponent, g in run.games.groupby("opponent", sort=False):
        n = len(g)
        lo_b, hi_b = wilson_interval(g.win_bbn.sum(), n)
        row = {"opponent": opponent, "games": n, "wins_bbn": int(g.win_bbn.sum()),
               "win_rate_bbn": g.win_bbn.mean(), "ci_low_bbn": lo_b, "ci_high_bbn": hi_b}
        if "win_plain" in g:
            lo_p, hi_p = wilson_interval(g.win_plain.sum(), n)
            if n_reps is not None and n_reps[opponent] >= 2:
                est = gain_estimate(seed_gains(g).gain, level)
                diff, d_lo, d_hi, unit = est.value, est.low, est.high, "seeds"
                s_min, s_max = est.seed_min, est.seed_max
            else:
                (diff, d_lo, d_hi), unit, s_min, s_max = paired_difference(g.win_bbn, g.win_plain), "games", np.nan, np.nan
            row.update(wins_plain=int(g.win_plain.sum()), win_rate_plain=g.win_plain.mean(),
                       ci_low_plain=lo_p, ci_high_plain=hi_p, diff=diff, diff_ci_low=d_lo, diff_ci_high=d_hi,
                       seeds=int(n_reps[opponent]) if n_reps is not None else 1, diff_unit=unit,
                       diff_seed_min=s_min, diff_seed_max=s_max)
        rows.append(row)
    return pd.DataFrame(rows)


def bbn_vs_types(n_games: int = 500, types=range(1, 33), n_seeds: int = 20, seed: int = 0, *,
                 refit_every: int = DEFAULT_REFIT_EVERY, engine: str = "fast", **belief_options) -> pd.DataFrame:
    """E7 in one call: paired matches against each test type, summarised per type."""
    run = run_bbn_matches(list(types), n_games, n_seeds, seed, refit_every=refit_every, record=False, engine=engine, **belief_options)
    return summarize_vs_types(run)


def cumulative_wins(run: BBNRun, opponents=None) -> pd.DataFrame:
    """Figs 5.9-5.11: mean cumulative wins vs game index, BBN and plain, per opponent."""
    games = run.games if opponents is None else run.games[run.games.opponent.isin(opponents)]
    games = games.sort_values(["opponent", "rep", "game"])
    cols = [c for c in ("win_bbn", "win_plain") if c in games]
    cum = games.groupby(["opponent", "rep"])[cols].cumsum()
    cum.columns = ["cum_" + c[4:] for c in cols]
    out = pd.concat([games[["opponent", "rep", "game"]], cum], axis=1)
    return out.groupby(["opponent", "game"], as_index=False)[list(cum.columns)].mean()


# ============================================================================ E8 diagnostics

def gate_adoption_curve(run: BBNRun, bins: int = 10) -> pd.DataFrame:
    """Adoption rate of the network outputs vs game index, with the mean n/(n+10) it should follow."""
    obs = run.observations
    if obs.empty:
        return pd.DataFrame(columns=["kind", "game_bin", "adopted", "expected", "events"])
    edges = np.linspace(0, obs.game.max() + 1, bins + 1)
    binned = obs.assign(game_bin=pd.cut(obs.game, edges, right=False, labels=edges[:-1].astype(int)))
    out = binned.groupby(["kind", "game_bin"], observed=True).agg(
        adopted=("adopted", "mean"), expected=("gate", "mean"), events=("adopted", "size")).reset_index()
    lo, hi = wilson_interval(np.round(out.adopted * out.events), out.events)
    return out.assign(ci_low=lo, ci_high=hi)


def calibration_table(run: BBNRun, n_bins: int = 10) -> pd.DataFrame:
    """Reliability diagram data: predicted P(B = supports), P(C = lie), P(opening lie) vs revealed truth."""
    obs = run.observations
    parts = []
    if not obs.empty:
        resp = obs[obs.kind == "response"]
        parts.append(pd.DataFrame({"target": "P(B) supports", "p": resp.p_supports, "truth": resp.supports}))
        parts.append(pd.DataFrame({"target": "P(C) lie", "p": resp.p_lie, "truth": resp.lie}))
        opening = obs[obs.kind == "opening"]
        parts.append(pd.DataFrame({"target": "P(opening lie)", "p": opening.p_lie, "truth": opening.lie}))
    if not parts:
        return pd.DataFrame(columns=["target", "bin", "p_mean", "observed", "n", "ci_low", "ci_high"])
    data = pd.concat(parts, ignore_index=True).dropna()
    data["truth"] = data.truth.astype(float)
    data["bin"] = np.minimum((data.p * n_bins).astype(int), n_bins - 1) / n_bins
    out = data.groupby(["target", "bin"]).agg(p_mean=("p", "mean"), observed=("truth", "mean"),
                                             n=("truth", "size")).reset_index()
    lo, hi = wilson_interval(np.round(out.observed * out.n), out.n)
    return out.assign(ci_low=lo, ci_high=hi)


def imagined_hand_errors(run: BBNRun) -> pd.DataFrame:
    """How often H overstated the opponent's dice and how often a limit in L was broken."""
    h = run.hands
    if h.empty:
        return pd.DataFrame()
    rows = []
    for opponent, g in h.groupby("opponent", sort=False):
        with_h = g[g.h_dice > 0]
        with_l = g[g.n_limits > 0]
        rows.append({
            "opponent": opponent, "games": len(g),
            "share_games_with_H": len(with_h) / len(g),
            "mean_H_dice": g.h_dice.mean(),
            "share_H_dice_wrong": g.h_dice_wrong.sum() / max(g.h_dice.sum(), 1),
            "share_games_H_wrong": (with_h.h_dice_wrong > 0).mean() if len(with_h) else np.nan,
            "share_games_with_L": len(with_l) / len(g),
            "mean_limits": g.n_limits.mean(),
            "share_limits_wrong": g.n_limits_wrong.sum() / max(g.n_limits.sum(), 1),
            "share_games_L_wrong": (with_l.n_limits_wrong > 0).mean() if len(with_l) else np.nan,
        })
    return pd.DataFrame(rows)


# ============================================================================ E9, E10, refit interval

BATCHED_REFIT_EVERY = 250
#: (engine, refit_every, refit_doubling[, fitter]): the thesis's schedule (refit after every game) on both
#: engines, and the batched schedule as the measured alternative.
TIMING_CONFIGS = (("fast", 1, True), ("fast", BATCHED_REFIT_EVERY, True), ("python", 1, True))


def bbn_timing(n_games: int = 500, type_id: int = 1, seed: int = 0, configs=TIMING_CONFIGS,
               **belief_options) -> pd.DataFrame:
    """E9: wall and CPU time of one ``n_games`` match, random-only vs BBN, one row per
    (engine, refit_every, refit_doubling[, fitter]) in ``configs``; refit_every = 1 is the thesis's
    schedule (the network learns after every game); fitter "counts" (default) or "pgmpy".

    Runs in this process (no workers); call :func:`warm_up` first so compilation is not timed.
    The thesis's Java program: 500 games in ~10 s random-only and ~30 s with the BBN.
    """
    rows = []
    for config in configs:
        engine, refit_every, doubling = config[:3]
        fitter = config[3] if len(config) > 3 else "counts"
        play = play_paired_match_fast if engine == "fast" else play_paired_match
        timed = {"time_refits": True} if engine == "fast" else {}
        out = play(("type", type_id), n_games, np.random.default_rng(seed), record=False,
                   refit_every=refit_every, refit_doubling=doubling, fitter=fitter, **timed, **belief_options)
        t = out["timing"]
        rows.append({"schedule": "after every game (thesis)" if refit_every == 1 else f"batched (every {refit_every})",
                     "engine": engine, "fitter": fitter, "refit_every": refit_every, "doubling": doubling,
                     "games": n_games, "seconds_random_only": t["seconds_plain"], "seconds_bbn": t["seconds_bbn"],
                     "ratio": t["seconds_bbn"] / t["seconds_plain"],
                     "bbn_games_per_s": n_games / t["seconds_bbn"],
                     "bbn_games_per_cpu_s": n_games / t["cpu_seconds_bbn"], "refits": t["refits"],
                     "refit_ms": 1000 * t["refit_seconds"] / max(t["refits"], 1),
                     "refit_cpu_ms": 1000 * t["refit_cpu_seconds"] / max(t["refits"], 1)})
    return pd.DataFrame(rows)


#: E10 substitutes: the deceivers (type t, then 33 - t) and the drifting opponent's block of games per type.
DECEIVERS = (1, 8, 11)
DRIFT_BLOCK = 50


def substitute_opponents(deceivers=DECEIVERS, drift_block: int = DRIFT_BLOCK) -> list[tuple]:
    """The opponents of the E10 substitute table, one row each: plain random-guess, two drifting opponents and
    the deceivers."""
    return [("random_guess",), ("drifting", drift_block), ("drifting", 1)] + [("deceiver", t) for t in deceivers]


def bbn_substitutes(n_games: int = 500, n_seeds: int = 20, seed: int = 0, *, deceivers=DECEIVERS,
                    drift_block: int = DRIFT_BLOCK, refit_every: int = DEFAULT_REFIT_EVERY, engine: str = "fast", **belief_options) -> pd.DataFrame:
    """E10 substitutes for the human study, in the layout of Table 5.1.

    Rows: (a)/(b) plain random-guess as the opponent (the plain column is random-guess self-play,
    expected ~50 %; the BBN column is the BBN version against it); (c) drifting opponents (new
    type every ``drift_block`` games, and every game); (d) deceivers (type t, then 33 - t).
    """
    run = run_bbn_matches(substitute_opponents(deceivers, drift_block), n_games, n_seeds, seed, refit_every=refit_every,
                          record=False, engine=engine,
                          **belief_options)
    table = summarize_vs_types(run)
    return table.rename(columns={"opponent": "player", "win_rate_plain": "random_guess",
                                 "win_rate_bbn": "with_bbn", "diff": "difference"})


def refit_sensitivity(types=(1, 8, 11, 23), refit_values=(1, DEFAULT_REFIT_EVERY), n_games: int = 500,
                      n_seeds: int = 2, seed: int = 0, *, engine: str = "fast", **belief_options) -> pd.DataFrame:
    """BBN win rate per refit schedule on the same seeds, with the paired gains vs plain and vs the first.

    ``refit_values`` items are ``refit_every`` or ``(refit_every, refit_doubling)``. The same ``seed``
    gives every schedule the same per-game dice, so each row is paired with the first (put the
    thesis's schedule, 1, first). The plain player does not depend on the schedule, so its games are played with
    the first schedule only and paired with every schedule's.
    """
    rows, reference, plain = [], None, None
    for value in refit_values:
        refit_every, doubling = value if isinstance(value, tuple) else (value, True)
        run = run_bbn_matches(list(types), n_games, n_seeds, seed, refit_every=refit_every,
                              refit_doubling=doubling, baseline=plain is None, record=False, engine=engine,
                              time_refits=True, **belief_options)
        g = run.games
        plain = g.win_plain.to_numpy() if plain is None else plain
        g = g.assign(win_plain=plain)
        reference = g.win_bbn.to_numpy() if reference is None else reference
        lo, hi = wilson_interval(g.win_bbn.sum(), len(g))
        diff, d_lo, d_hi = paired_difference(g.win_bbn, g.win_plain)
        ref, r_lo, r_hi = paired_difference(g.win_bbn, reference) if len(rows) else (0.0, 0.0, 0.0)
        t = run.timing
        rows.append({"refit_every": refit_every, "doubling": doubling,
                     "refits_per_match": t.refits.mean(), "games": len(g), "win_rate_bbn": g.win_bbn.mean(),
                     "ci_low": lo, "ci_high": hi, "win_rate_plain": g.win_plain.mean(), "diff_vs_plain": diff,
                     "diff_vs_plain_ci_low": d_lo, "diff_vs_plain_ci_high": d_hi, "diff_vs_first": ref,
                     "diff_vs_first_ci_low": r_lo, "diff_vs_first_ci_high": r_hi,
                     "bbn_games_per_s": t.games.sum() / t.seconds_bbn.sum(),
                     "refit_ms": 1000 * t.refit_seconds.sum() / t.refits.sum()})
    return pd.DataFrame(rows)




BBN_VARIANTS = {
    "thesis reading": {},
    "Bernoulli verdicts": {"verdict": "sample"},
    "not-support limit x-3": {"not_support_offset": 3},
    "P(B|A) (edge A->B)": {"b_depends_on_a": True},
    "credible opening fills to x-1": {"opening_fill": "to_count"},
    "no probability 4 at our opening": {"use_opening_probability": False},
    "Laplace (add-one) smoothing": {"prior": "laplace"},
    "challenge guess from a sampled hand": {"challenge_guess": "sampled"},
    "ablation: no H fills": {"h_updates": False},
    "ablation: no L limits": {"l_updates": False},
    "ablation: gate always shut": {"gate": "shut"},
    "ablation: no probability 4, no L limits": {"use_opening_probability": False, "l_updates": False},
}
#: The groups of types each reading is pooled over: all 32, and the liar, prefers-bid programs.
VARIANT_GROUPS = {"all types": tuple(range(1, 33)), "types 25-32": tuple(range(25, 33))}
#: The readings of the network's gain (01 row 18) outside E12's network table: the spec's rule readings of the game
#: (E12, as :data:`liarlab.papers.p01.experiments.READINGS` plays them for random-guess alone; the test programs'
#: cap override and opening count 3, spec open points 5 and 4, among them), as switches of the
#: paired matches (:func:`liarlab.liardice.bbn_play.play_paired_match`'s ``opener``, ``agent_options`` and
#: ``program_options``; they change the plain player's games too, so each is played with its own baseline), and
#: the network switches built for it (the plain games shared): the thesis's own normaliser (spec §4.2, open point
#: 8), the two gate readings (open point 10) and node D read as "every bid supports the previous call" (open point
#: 9: D = 1 on every bid, so the network learns nothing from it).
BBN_RULE_READINGS = {
    "thesis reading": {},
    "random opener each game": {"opener": "random"},
    "random-guess retries candidates within a bid draw": {"agent_options": {"retry_bid": True}},
    "cap triggers at x > cap": {"program_options": {"cap_rule": ">"}},
    "cap also limits the program's own bids": {"program_options": {"cap_limits_bids": True}},
    "the cap does not override 'prefers bid'": {"program_options": {"cap_overrides": False}},
    "test programs open with count 3": {"program_options": {"opening_count": 3}},
    "the thesis's normaliser P(D|A)P(E|A)": {"normaliser": "thesis"},
    "a gate per update": {"gate_draws": "per_update"},
    "the gate's n counted after the event": {"gate_count": "after"},
    "node D: every bid supports the previous call": {"node_d": "every_bid"},
}
#: The options of a variant that change the game itself, not the network: a variant with one replays the baseline.
GAME_OPTIONS = ("opener", "agent_options", "program_options")


def _variants_task(rng, type_id, rep, n_games, variants, refit_every):
    """One seeded match replayed under every variant: the same generator state for each, so the same per-game
    dice, opponent caps and network seed. Returns compact win arrays per variant.

    The plain player is played once, with the first network variant: it reads no network option and its games
    depend on the generator state only (the per-game seeds and the opponent schedule are drawn before any play), so
    every network variant's plain games are these. A variant that changes the game (:data:`GAME_OPTIONS`: the
    openers, random-guess's bid draw, the programs' cap) changes the plain player's games too and plays its own."""
    state = rng.bit_generator.state
    out, plain = {}, None
    for name, options in variants.items():
        rng.bit_generator.state = state
        game = any(key in options for key in GAME_OPTIONS)
        wins, own_plain = paired_match_wins_fast(("type", type_id), n_games, rng, refit_every=refit_every,
                                                 baseline=game or plain is None, **options)
        plain = own_plain if (plain is None and not game) else plain
        out[name] = (wins, own_plain if game else plain)
    return {"type": type_id, "rep": rep, "wins": out}


def _in_band_counts(games: pd.DataFrame) -> dict:
    """The per-type gains of one reading judged as the claim "about 5-10 points against most test programs" judges
    them (per type across seeds at the Bonferroni level against +5 to +10 points,
    :func:`liarlab.papers.p01.claims.per_type_gains`): how many types lie in the band, outside it, or are
    undecided (issue 49: kept, so the claim's own statistic can be judged under each network reading). The same
    rule as the claims row's (a test checks it), written here so that this module imports no claims builder."""
    from liarlab.papers.p01 import printed

    if games.rep.nunique() < 2:
        return {"types_in_band": np.nan, "types_out_band": np.nan, "types_undecided": np.nan}
    groups = list(seed_gains(games).groupby("opponent", sort=False))
    level = verdicts.simultaneous_level(len(groups))
    verdicts_ = [verdicts.magnitude(verdicts.across_seeds(g.gain.to_numpy(), -1.0, 1.0, level),
                                    *printed.BBN_GAIN_BAND, "gain in +5 to +10 points", span=2.0,
                                    reference=0.0).verdict for _, g in groups]
    return {"types_in_band": verdicts_.count("reproduced"), "types_out_band": verdicts_.count("differs"),
            "types_undecided": verdicts_.count("inconclusive")}


def bbn_variants(variants: dict | None = None, types=range(1, 33), n_games: int = 500, n_seeds: int = 10,
                 seed: int = 0, *, groups: dict | None = None, refit_every: int = DEFAULT_REFIT_EVERY,
                 engine: str = "fast") -> pd.DataFrame:
    """E12 for the network's readings and ablations, one row per (variant, group of types).

    Every variant replays the same matches (same seed: the same per-game dice, opponent caps and network
    seeds). A seed's gain is its paired gain (network - plain) pooled over the group's types; ``diff`` is the
    mean over seeds with its t interval across seeds (``verdicts.across_seeds``), ``vs_thesis`` the same for
    the per-seed change against the thesis reading (the first variant), and ``games_with_other_result``
    counts the games whose result differs from the thesis reading's on the same dice (0 = the reading never
    changed a game). ``types_in_band``, ``types_out_band`` and ``types_undecided`` are the group's types judged as
    the claim "about 5-10 points against most test programs" judges them (:func:`_in_band_counts`)."""
    from liarlab.study.parallel import run_tasks

    groups = VARIANT_GROUPS if groups is None else groups
    types = [int(t) for t in types]
    rows, first, first_gain = [], None, {}
    variants = BBN_VARIANTS if variants is None else variants
    thesis = next(iter(variants))
    check_choice("engine", engine, ("fast",))
    tasks = [dict(type_id=t, rep=r, n_games=check_int("n_games", n_games, 1), variants=variants,
                  refit_every=refit_every) for t in types for r in range(check_int("n_seeds", n_seeds, 1))]
    results = run_tasks(_variants_task, tasks, seed,
                        desc="network readings")
    for name in variants:
        g = pd.concat([pd.DataFrame({"opponent": f"type{r['type']}", "rep": r["rep"], "game": np.arange(n_games),
                                     "win_bbn": r["wins"][name][0], "win_plain": r["wins"][name][1]})
                       for r in results], ignore_index=True)
        first = g.win_bbn.to_numpy() if first is None else first
        changed = g.win_bbn.to_numpy() != first
        for group, members in groups.items():
            labels = [f"type{t}" for t in members if t in types]
            if not labels:
                continue
            mask = g.opponent.isin(labels).to_numpy()
            per_seed = seed_gains(g[mask], by=()).set_index("rep").gain
            per_type = summarize_vs_types(BBNRun(g[mask], pd.DataFrame(), pd.DataFrame(), pd.DataFrame()))
            first_gain.setdefault(group, per_seed)
            row = {"variant": name, "group": group, "types": len(labels), "seeds": int(per_seed.size),
                   "games": int(mask.sum()), "win_rate_plain": g.win_plain[mask].mean(),
                   "win_rate_bbn": g.win_bbn[mask].mean()}
            if per_seed.size >= 2:
                est = gain_estimate(per_seed)
                ref = gain_estimate(per_seed - first_gain[group]) if name != thesis else None
                row.update(diff=est.value, diff_ci_low=est.low, diff_ci_high=est.high, seed_min=est.seed_min,
                           seed_max=est.seed_max)
                if ref is not None and ref.high > ref.low:
                    row.update(vs_thesis=ref.value, vs_thesis_ci_low=ref.low, vs_thesis_ci_high=ref.high,
                               vs_thesis_seed_min=ref.seed_min, vs_thesis_seed_max=ref.seed_max)
                else:
                    row.update(vs_thesis=float((per_seed - first_gain[group]).mean()), vs_thesis_ci_low=np.nan,
                               vs_thesis_ci_high=np.nan, vs_thesis_seed_min=np.nan, vs_thesis_seed_max=np.nan)
            else:
                diff, lo, hi = paired_difference(g.win_bbn[mask], g.win_plain[mask])
                row.update(diff=diff, diff_ci_low=lo, diff_ci_high=hi, seed_min=np.nan, seed_max=np.nan,
                           vs_thesis=float((per_seed - first_gain[group]).mean()), vs_thesis_ci_low=np.nan,
                           vs_thesis_ci_high=np.nan, vs_thesis_seed_min=np.nan, vs_thesis_seed_max=np.nan)
            row.update(types_gain=int((per_type.diff_ci_low > 0).sum()),
                       types_loss=int((per_type.diff_ci_high < 0).sum()),
                       min_type_diff=per_type["diff"].min(), max_type_diff=per_type["diff"].max(),
                       games_with_other_result=int(changed[mask].sum()), **_in_band_counts(g[mask]))
            rows.append(row)
    return pd.DataFrame(rows)


def bbn_rule_readings(types=range(1, 33), n_games: int = 500, n_seeds: int = 20, seed: int = 0, *,
                      refit_every: int = DEFAULT_REFIT_EVERY) -> pd.DataFrame:
    """E12's rule readings of the game for the network's paired matches (:data:`BBN_RULE_READINGS`), at E7's design:
    every type, ``n_seeds`` seeded matches of ``n_games`` games, each reading with its own plain player on the same
    dice. :func:`bbn_variants`'s table (group "all types"): with E7's seed and sizes its "thesis reading" row replays
    E7's own matches, and each reading's ``types_in_band`` / ``types_out_band`` / ``types_undecided`` judge the claim
    "about 5-10 points against most test programs" under it. At full size (32 types x 20 seeds x 500 games, the
    thesis's refit schedule) a replay costs about 5-6 CPU seconds on the compiled engine (measured)."""
    return bbn_variants(BBN_RULE_READINGS, types=types, n_games=n_games, n_seeds=n_seeds, seed=seed,
                        groups={"all types": VARIANT_GROUPS["all types"]}, refit_every=refit_every)


def liar_loss_shares(readings: pd.DataFrame, group: str = "types 25-32",
                     ablations=("no probability 4 at our opening", "ablation: no L limits", "ablation: no H fills",
                                "ablation: no probability 4, no L limits", "Laplace (add-one) smoothing",
                                "ablation: gate always shut")) -> pd.DataFrame:
    """How much of the network's loss against ``group`` each part accounts for: the loss under the thesis
    reading, and for each ablation the part of it that disappears when that part is removed
    (1 - gain without the part / gain with it; 1 = the part accounts for the whole loss)."""
    g = readings[readings.group == group].set_index("variant")
    base = float(g.loc["thesis reading", "diff"])
    rows = []
    for name in ablations:
        if name not in g.index:
            continue
        gain = float(g.loc[name, "diff"])
        rows.append({"change": name, "gain_thesis_reading": base, "gain_after_change": gain,
                     "share_of_loss_removed": (1 - gain / base) if base < 0 else np.nan,
                     "seeds": int(g.loc[name, "seeds"]),
                     "vs_thesis": g.loc[name, "vs_thesis"], "vs_thesis_ci_low": g.loc[name, "vs_thesis_ci_low"],
                     "vs_thesis_ci_high": g.loc[name, "vs_thesis_ci_high"],
                     "vs_thesis_seed_min": g.loc[name].get("vs_thesis_seed_min", np.nan),
                     "vs_thesis_seed_max": g.loc[name].get("vs_thesis_seed_max", np.nan)})
    return pd.DataFrame(rows)


def top_loss_change(shares: pd.DataFrame) -> pd.Series:
    """The single change (no gate ablation, no combination) that removes the largest share of the loss; the first
    change when no share is defined (no loss to explain)."""
    single = shares[~shares.change.str.contains("gate|, no ")]
    if single.share_of_loss_removed.notna().any():
        return single.loc[single.share_of_loss_removed.idxmax()]
    return single.iloc[0]


def not_support_events(run: BBNRun) -> pd.DataFrame:
    """Per count of our bid: the opponent's answers, how many the gate adopted, and how many of those
    carried a 'does not support' verdict (P(B) <= 0.5), the only case where the limit x-2 or x-3
    applies; at count 2 both limits are 0 dice."""
    obs = run.observations
    resp = obs[obs.kind == "response"]
    not_support = resp.p_supports <= 0.5
    out = resp.assign(not_support=not_support, adopted_not_support=not_support & resp.adopted).groupby("count").agg(
        answers=("adopted", "size"), adopted=("adopted", "sum"), adopted_not_support=("adopted_not_support", "sum"),
        mean_p_supports=("p_supports", "mean"), true_share_supports=("supports", "mean")).reset_index()
    out["limits_differ"] = out["count"] >= 3
    return out.astype({"answers": int, "adopted": int, "adopted_not_support": int})


# ============================================================================ why the network loses to liars

def _decisions_task(rng, type_id, rep, n_games, skip_games, belief_options):
    """One paired match (network and plain random-guess on the same per-game dice) with the reference
    agents; one row per opponent bid: its count, whether it was false on the table, whether we
    challenged it; and per game the opponent's bids that the network's gate let through."""
    from liarlab.liardice.agents import RandomGuessAgent, TestProgram
    from liarlab.liardice.bbn import BayesNetBelief
    from liarlab.liardice.rules import THESIS, play_game

    belief_seed, games_seed = rng.integers(0, 2**63, size=2)
    game_seeds = np.random.SeedSequence(int(games_seed)).spawn(n_games)
    rows = []
    for player in ("network", "plain"):
        belief = BayesNetBelief(np.random.default_rng(int(belief_seed)), **belief_options) if player == "network" else None
        agents = [RandomGuessAgent(belief=belief), TestProgram(type_id)]
        for g in range(n_games):
            record = play_game(agents, np.random.default_rng(game_seeds[g]), THESIS, starter=g % 2)
            if g < skip_games:
                continue
            for i, (seat, (quantity, face)) in enumerate(record.bids):
                if seat != 1:
                    continue
                last = i == len(record.bids) - 1
                rows.append({"opponent": f"type{type_id}", "rep": rep, "player": player, "game": g,
                             "count": quantity, "false": bool(record.hands[:, face - 1].sum() < quantity),
                             "challenged": bool(last and record.challenger == 0), "won": record.winner == 0})
    return pd.DataFrame(rows)


def challenge_decisions(types=range(25, 33), n_games: int = 500, n_seeds: int = 2, seed: int = 0, *,
                        skip_games: int = 100,
                        **belief_options) -> pd.DataFrame:
    """Per opponent type, player (network / plain) and the count of the opponent's bid: how many such
    bids, the share that were false on the table, and the share we challenged (with 95 % intervals).

    Reference agents, paired on the same dice; the first ``skip_games`` games of a match (while the
    network is still learning) are left out.
    """
    from liarlab.study.parallel import run_tasks

    tasks = [dict(type_id=int(t), rep=r, n_games=check_int("n_games", n_games, 1), skip_games=skip_games,
                  belief_options=belief_options) for t in types for r in range(check_int("n_seeds", n_seeds, 1))]
    rows = pd.concat(run_tasks(_decisions_task, tasks, seed,
                               desc="network decisions"), ignore_index=True)
    return rows


def challenge_by_count(rows: pd.DataFrame, by=("player", "count")) -> pd.DataFrame:
    """The table of :func:`challenge_decisions` rows grouped by ``by``: bids, share false, share challenged,
    and the share of our challenges that caught a false bid, each with its Wilson interval."""
    out = rows.groupby(list(by)).agg(bids=("false", "size"), false=("false", "sum"), challenged=("challenged", "sum"),
                                     caught=("false", lambda s: int((s & rows.loc[s.index, "challenged"]).sum())))
    out = out.reset_index()
    out["share_false"] = out["false"] / out.bids
    out["share_false_ci_low"], out["share_false_ci_high"] = wilson_interval(out["false"], out.bids)
    out["share_challenged"] = out.challenged / out.bids
    out["share_challenged_ci_low"], out["share_challenged_ci_high"] = wilson_interval(out.challenged, out.bids)
    denom = out.challenged.where(out.challenged > 0, 1)
    out["challenge_success"] = np.where(out.challenged > 0, out.caught / denom, np.nan)
    return out


# ============================================================================ X3

def x3_weighted_hand(types=(1, 8, 11, 25), n_games: int = 500, n_seeds: int = 10, seed: int = 0) -> pd.DataFrame:
    """X3 (Ch. 6): the network's verdicts added to the imagined hand as real-valued weights (probability times the
    dice the thesis would add), played with real-valued guessing (X1), paired on the same dice with the
    real-valued player without a network. One row per seeded match: its paired gain."""
    run = run_bbn_matches(list(types), n_games, n_seeds, seed, engine="python", agent_options={"guess": "real"}, weighted_hand=True)
    return seed_gains(run.games)


def pooled_readings(readings: pd.DataFrame) -> pd.DataFrame:
    """E12's network readings pooled over all types, the ablations left out."""
    return readings[(readings.group == "all types") & ~readings.variant.str.startswith("ablation")]


def subset(run: BBNRun, opponents) -> BBNRun:
    """The part of ``run`` against ``opponents`` (labels such as "type25")."""
    def part(frame):
        return frame[frame.opponent.isin(list(opponents))] if len(frame) and "opponent" in frame else frame
    return BBNRun(part(run.games), part(run.observations), part(run.hands), run.timing, dict(run.params))


# ============================================================================ the notebook's derived tables

#: The liar, prefers-bid programs against which the network loses, and the honest programs they are set against.
LIAR_TYPES = VARIANT_GROUPS["types 25-32"]
CONTRAST_TYPES = (1, 17)
HONEST, LIARS = "honest (types 1, 17)", "liar, prefers bid (types 25-32)"


def worked_example_text(belief_rng: np.random.Generator, game_rng: np.random.Generator, opponent: int = 25,
                        learn_games: int = 200) -> str:
    """One game of the network player against ``opponent`` after ``learn_games`` games of learning, as text: the
    hands, every bid, what the network made of each opponent bid, and the showdown."""
    from liarlab.liardice.agents import TestProgram
    from liarlab.liardice.bbn import BayesNetBelief
    from liarlab.liardice.transcript import game_transcript, worked_example

    example, notes = worked_example(BayesNetBelief(belief_rng, record=True), TestProgram(opponent), game_rng,
                                    learn_games=learn_games, min_bids=3)
    return "\n".join(game_transcript(example, names=("network", f"type {opponent}"), notes=notes))


def verdicts_by_count(run: BBNRun) -> pd.DataFrame:
    """Per count of our bid: the opponent's answers, the share the gate adopted, and the network's mean P(lie) and
    P(supports) beside the shares the revealed hands show."""
    obs = run.observations
    return (obs[obs.kind == "response"]
            .groupby("count").agg(answers=("lie", "size"), gate_adopted=("adopted", "mean"),
                                  network_p_lie=("p_lie", "mean"), revealed_lie=("lie", "mean"),
                                  network_p_supports=("p_supports", "mean"), revealed_supports=("supports", "mean"))
            .reset_index())


def liar_decisions_by_count(rows: pd.DataFrame) -> pd.DataFrame:
    """:func:`challenge_decisions` rows against the liars and the honest contrast, grouped by (group, player,
    count) with :func:`challenge_by_count`."""
    rows = rows.assign(group=np.where(rows.opponent.isin([f"type{t}" for t in CONTRAST_TYPES]), HONEST, LIARS))
    return challenge_by_count(rows, ("group", "player", "count"))


def x3_by_type(x3: pd.DataFrame) -> pd.DataFrame:
    """X3 per type ("type 1", not "type1"): seeded matches, both players' mean win rates and the mean paired gain in
    points (one point = 0.01 of the games), as the page gives every gain (issue 50)."""
    table = x3.groupby("opponent", sort=False).agg(seeded_matches=("gain", "size"), win_rate_x3=("win_bbn", "mean"),
                                                   win_rate_x1=("win_plain", "mean"), gain=("gain", "mean"))
    table.index = [f"type {str(o)[4:]}" if str(o).startswith("type") else str(o) for o in table.index]
    table.index.name = "test program"
    # headed in words ("win rate x3" read like code, issue 50): X3 is the network adding its probabilities as
    # real-valued dice, on X1's real-valued guessing alone
    words = {"seeded_matches": "seeded matches", "win_rate_x3": "win rate with the network's weighted dice (X3)",
             "win_rate_x1": "win rate of real-valued guessing alone (X1)",
             "gain": "gain (points, 95 % interval across seeded matches)"}
    # the gain with its t interval across seeds, as the page gives every gain (a reader found it bare, issue 50)
    ests = [(e.value, e.low, e.high) if len(g) > 1 else (g.gain.mean(), np.nan, np.nan)   # one seed: no interval
            for _, g in x3.groupby("opponent", sort=False) for e in [len(g) > 1 and gain_estimate(g.gain)]]
    return table.assign(gain=points_interval(*zip(*ests))).rename(columns=words)


def points_interval(value, low, high) -> list[str]:
    """Gains (shares of games) with their 95 % intervals, in points, one cell each as the claims summary writes an
    interval ("1 [-52, 54]": the three numbers to one count of decimals); separate value and bound columns changed
    their decimals from row to row ("4" under "-5.6", issue 50)."""
    from liarlab.study.tables import fixed_text

    rows = [(100 * float(v), 100 * float(lo), 100 * float(hi)) for v, lo, hi in zip(value, low, high)]
    # one count of decimals for the column (at least one: points, issue 50), two significant digits of its narrowest interval: each row's own
    # count put "-0.8 [-5.6, 4.0]" above "1 [-52, 54]"; a point (a schedule against itself) is its value alone,
    # never "0 [0, 0]" (issue 50)
    widths = [hi - lo for v, lo, hi in rows if np.isfinite([v, lo, hi]).all() and hi > lo]
    decimals = min(max(1, 1 - int(np.floor(np.log10(min(widths))))), 6) if widths else 1
    cells = []
    for v, lo, hi in rows:
        if not np.isfinite(v):
            cells.append("")
        elif not np.isfinite([lo, hi]).all() or hi <= lo:
            cells.append(fixed_text(v, decimals))
        else:
            cells.append(f"{fixed_text(v, decimals)} [{fixed_text(lo, decimals)}, {fixed_text(hi, decimals)}]")
    return cells


def gain_table(e7: pd.DataFrame) -> pd.DataFrame:
    """The E7 table as the page shows it: one row a test program ("type 1", not the code name "type1"), each
    player's wins and win rate, and the network's paired gain in points (one point = 0.01 of the games) with its
    95 % interval and the range over the seeded matches. The page says every gain in points: a table that printed
    "diff 0.0 [-0.5, 0.5]" beside a first screen in points mixed two units (issue 50)."""
    table = pd.DataFrame({
        "test program": [f"type {str(o)[4:]}" if str(o).startswith("type") else str(o) for o in e7.opponent],
        "games": e7.games.astype(int),
        "network wins": e7.wins_bbn.astype(int), "network win rate": e7.win_rate_bbn.round(3),
        "plain wins": e7.wins_plain.astype(int), "plain win rate": e7.win_rate_plain.round(3),
        "gain in points [95 % interval]": points_interval(e7["diff"], e7.diff_ci_low, e7.diff_ci_high),
        "seeded matches": e7.seeds.astype(int),
        "gain over the seeded matches (points)": [
            "" if pd.isna(lo) else f"{100 * lo:.1f} to {100 * hi:.1f}".replace("-0.0", "0.0")
            for lo, hi in zip(e7.diff_seed_min, e7.diff_seed_max)],
    })
    if "diff_unit" in e7 and (e7.diff_unit != "seeds").any():   # one seeded match: the interval is across games
        table["gain interval across"] = e7.diff_unit.map({"seeds": "seeded matches", "games": "games"}).to_numpy()
    return table


def schedule_table(schedules: pd.DataFrame) -> pd.DataFrame:
    """The learning-schedule comparison as the page shows it: the schedule in words, the network's win rate, and
    its gain over plain random-guess and the batched schedule's difference from learning after every game, both in
    points (one point = 0.01 of the games) with 95 % intervals, as the page gives every gain (issue 50)."""
    from liarlab.study.tables import with_decimals

    every = schedules.refit_every.astype(int) == 1
    words = ["learning after every game" if e else f"refitted every {int(r):,} games"
             for e, r in zip(every, schedules.refit_every)]
    # the reference schedule's difference from itself is no measurement: said so, not "0 [0, 0]" (issue 50)
    against_first = points_interval(schedules.diff_vs_first[~every], schedules.diff_vs_first_ci_low[~every],
                                    schedules.diff_vs_first_ci_high[~every])
    iterator = iter(against_first)
    return with_decimals(pd.DataFrame({
        "learning schedule": words, "refits per match": schedules.refits_per_match.astype(int),
        "games": schedules.games.astype(int), "network win rate": schedules.win_rate_bbn.round(3),
        "gain over plain, points [95 % interval]": points_interval(
            schedules.diff_vs_plain, schedules.diff_vs_plain_ci_low, schedules.diff_vs_plain_ci_high),
        "difference from learning after every game, points [95 % interval]": [
            "the reference" if e else next(iterator) for e in every],
    }), {"network win rate": 3})


# ============================================================================ running notebook 01's network sections

class NetworkRuns:
    """The runs of notebook 01's network sections (E7-E10, E12's network readings, X3, E9's timings, the
    learning schedule), mixed into the results object beside ``experiments.Runs`` (whose seeds and cache they
    use)."""

    def _net(self, seeds: str = "bbn_seeds"):
        return self.size("bbn_types"), self.size("bbn_games"), self.size(seeds)

    def worked_example(self) -> str:
        """One game of the network player against type 25 after 200 games of learning, as text."""
        return worked_example_text(np.random.default_rng(self.seed("worked_example_belief")),
                                   np.random.default_rng(self.seed("worked_example_games")))

    def run_bbn_matches(self) -> None:
        """E7: paired matches (network and plain random-guess on the same dice), with the E8 records."""
        types, n, r = self._net()
        self.bbn_run = self._run("bbn_matches", lambda s: run_bbn_matches(types, n_games=n, n_seeds=r, seed=s,
                                                                          record=True), _THIS, n=n, r=r, types=types)
        self.e7 = summarize_vs_types(self.bbn_run)
        self.gains = seed_gains(self.bbn_run.games)      # one paired gain per seeded match: the replication unit

    def run_bbn_curves(self) -> None:
        self.bbn_curves = cumulative_wins(self.bbn_run)
        self.bbn_trend_types = [o for o in ("type1", "type8", "type11") if o in set(self.bbn_curves.opponent)]
        self.panels = sorted(set(self.bbn_curves.opponent), key=lambda o: int(o[4:]))      # type1 .. type32

    def run_bbn_diagnostics(self) -> None:
        """E8 reads the E7 runs: every type, every seeded match."""
        self.adoption = gate_adoption_curve(self.bbn_run)
        self.calibration = calibration_table(self.bbn_run)
        self.hand_errors = imagined_hand_errors(self.bbn_run)

    def run_bbn_readings(self) -> None:
        """E12 for the network on the same matches, the loss over types 25-32 taken apart (when the profile has
        them), and E7's matches replayed under the game's rule readings (01 row 18)."""
        types, n, r = self._net("bbn_variant_seeds")
        self.bbn_readings = self._run(
            "bbn_variants", lambda s: bbn_variants(types=types, n_games=n, n_seeds=r, seed=s), _THIS,
            n=n, r=r, types=types)
        if (self.bbn_readings.group == "types 25-32").any():
            self.liar_readings = self.bbn_readings[self.bbn_readings.group == "types 25-32"]
            self.loss_shares = liar_loss_shares(self.bbn_readings)
        r7, seed7 = self.size("bbn_seeds"), self.seed("bbn_matches")
        self.bbn_rule_readings = self._cached(
            "bbn_rule_readings", lambda: bbn_rule_readings(types=types, n_games=n, n_seeds=r7, seed=seed7), _THIS,
            n=n, r=r7, types=types)

    def run_liar_diagnosis(self) -> None:
        """Beliefs and decisions against types 25-32, types 1 and 17 beside them (first fifth of a match left out)."""
        liars = [f"type{t}" for t in LIAR_TYPES]
        liar_run = subset(self.bbn_run, liars)
        self.liar_hands = imagined_hand_errors(liar_run)
        self.liar_verdicts = verdicts_by_count(liar_run)
        types = list(LIAR_TYPES) + list(CONTRAST_TYPES)
        n, r = self.size("bbn_games"), self.size("decision_seeds")
        rows = self._run("bbn_liar_decisions", lambda s: challenge_decisions(types, n_games=n, n_seeds=r, seed=s,
                                                                             skip_games=n // 5),
                         _THIS, n=n, r=r, types=types)
        self.liar_decisions = liar_decisions_by_count(rows)
        self.liar_gain = self.e7[self.e7.opponent.isin(liars)]

    def run_substitutes(self) -> None:
        _, n, r = self._net()
        self.substitutes = self._run("bbn_substitutes", lambda s: bbn_substitutes(n_games=n, n_seeds=r, seed=s),
                                     _THIS, n=n, r=r)

    def run_support_events(self) -> None:
        from liarlab.study.tables import with_decimals

        self.support_events = with_decimals(not_support_events(self.bbn_run),
                                            dict.fromkeys(("mean_p_supports", "true_share_supports"), 3))

    def run_x3_x4(self) -> None:
        """X3 (a confidence-weighted imagined hand, reference engine) and X4 (extended rules)."""
        from liarlab.papers.p01 import experiments as ex

        types, n, r = self.size("x3_types"), self.size("bbn_games"), self.size("x3_seeds")
        self.x3_ext = self._run("x3", lambda s: x3_weighted_hand(types=types, n_games=n, n_seeds=r, seed=s),
                                _THIS, n=n, r=r, types=types)
        n4 = self.size("x4_games")
        self.x4 = self._run("x4", lambda s: ex.extended_rules(n4, s), ex, n=n4)
        self.x4_summary = ex.extended_rules_summary(self.x4)

    def run_timing(self) -> None:
        """E9: wall times (measured each run, never cached) of random-guess alone and with the network."""
        from liarlab.liardice import bbn_play
        from liarlab.papers.p01 import experiments as ex

        n_games = self.size("n_games")
        self.timing = ex.timing_with_paper(ex.timing(
            n_games, np.random.default_rng(self.seed("timing")),
            throughput_games=self.size("n_sweep") * ex.THROUGHPUT_PER_SWEEP_GAME))
        bbn_play.warm_up()
        self.bbn_time = bbn_timing(self.size("bbn_games"), type_id=1, seed=self.seed("bbn_timing"))
        self.timing_vs_thesis = ex.timing_table(
            self.timing, ex.thesis_schedule_timing(self.bbn_time), n_games, self.size("bbn_games"),
            ratio_row=ex.like_for_like_timing(self.bbn_time))

    def run_schedules(self) -> None:
        types, n, r = self._net("bbn_variant_seeds")
        self.schedules = self._run("bbn_schedules", lambda s: refit_sensitivity(
            types=types, refit_values=[1, BATCHED_REFIT_EVERY], n_games=n, n_seeds=r, seed=s),
            _THIS, n=n, r=r, types=types)

    @property
    def x3_reading(self) -> pd.Series:
        """The network reading "not-support limit x-3" pooled over all types."""
        return self.bbn_readings[self.bbn_readings.group == "all types"].set_index("variant").loc["not-support limit x-3"]


_THIS = sys.modules[__name__]
