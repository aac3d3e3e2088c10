"""Notebook 04's experiments: functions from parameters to tidy DataFrames.

Independent runs go through :func:`liarlab.study.parallel.run_tasks` (task i always gets child i of
``SeedSequence(seed)``), so tables do not depend on the number of workers.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.cheat import fast
from liarlab.cheat import policies as pol
from liarlab.cheat.agents import DESCRIPTIONS
from liarlab.cheat.game import CheatRules, CheatState, play_with_events, traditional_rules, transcript
from liarlab.cheat.positions import N_POSITIONS, PERSONALITIES, PERSONALITY_LIE_PROBABILITIES
from liarlab.core import verdicts
from liarlab.core.stats import wilson_interval
from liarlab.core.validation import check_int

STAGE2_TYPES = ("a", "b", "c", "d", "e", "f")
FEATURE_SETS = tuple(pol.FEATURE_SETS)  # F5, F7, F7-H5 (E8)
RUNS_PER_TASK = 10
STAGE1_WINDOWS = ((51, 100), (101, 300), (301, 500))  # windowed win rates for every "rises / learns" claim


def _interval(x, low: float = 0.0, high: float = 1.0) -> tuple[float, float, float]:
    """Mean and 95% t-interval over independent runs (seeds), kept inside [low, high]; the point alone
    when there is a single run."""
    x = np.asarray(x, dtype=float)
    if len(x) < 2:
        m = float(x.mean())
        return m, float("nan"), float("nan")
    est = verdicts.across_seeds(x, low, high)
    return est.value, est.low, est.high


def _run_tasks(func, tasks, seed, desc):
    """:func:`liarlab.study.parallel.run_tasks` with the run context's workers, scheduler and progress: task i
    gets the i-th child of ``SeedSequence(seed)`` however many workers run, so no table depends on them. The first
    task runs here (``first_here``): it compiles the engine it needs once, and the workers load numba's cache
    instead of each compiling it at once (stage 1's engine is never compiled in the notebook's own process)."""
    from liarlab.study.parallel import run_tasks

    return run_tasks(func, tasks, seed, desc=desc, first_here=True)


# ============================================================================ stage 1

def _lies_task(rng, name, n_games, hand_distribution="binomial"):
    return name, fast.personality_lies(name, n_games, rng, hand_distribution=hand_distribution)


def personality_lie_rates(n_games: int = 10_000, seed: int = 0, hand_distribution: str = "binomial") -> pd.DataFrame:
    """E1: realised lie rate per position of each personality (Wilson 95%) over ``n_games`` deals, the number of
    black cards drawn from ``hand_distribution`` ("binomial", the spec's; "uniform", the variant of spec §2.1)."""
    check_int("n_games", n_games, 1)
    rows = []
    tasks = [{"name": n, "n_games": n_games, "hand_distribution": hand_distribution} for n in PERSONALITIES]
    for name, res in _run_tasks(_lies_task, tasks, seed, "stage-1 lie rates"):
        low, high = wilson_interval(res["lie_counts"], n_games)
        for i in range(N_POSITIONS):
            rows.append({"personality": name, "position": i + 1, "lies": int(res["lie_counts"][i]),
                         "games": n_games, "lie_rate": res["lie_counts"][i] / n_games,
                         "ci_low": low[i], "ci_high": high[i]})
    return pd.DataFrame(rows)


def _spread_task(rng, name, n_runs, n_games):
    return name, [fast.personality_lies(name, n_games, rng)["lie_counts"].copy() for _ in range(n_runs)]


def lie_count_spread(n_runs: int = 1000, n_games: int = 500, seed: int = 1) -> pd.DataFrame:
    """E1: how many lies each personality tells at every position in ``n_games`` games, over ``n_runs`` runs
    (the learner's counts n_i after that many games). One row per personality, run and position."""
    tasks = [{"name": n, "n_runs": check_int("n_runs", n_runs, 1), "n_games": n_games} for n in PERSONALITIES]
    rows = []
    for name, runs in _run_tasks(_spread_task, tasks, seed, "lie counts"):
        for run, counts in enumerate(runs):
            rows.extend({"personality": name, "run": run, "position": i + 1, "games": n_games,
                         "lies": int(counts[i])} for i in range(N_POSITIONS))
    return pd.DataFrame(rows)


def lie_rate_table(lies: pd.DataFrame) -> pd.DataFrame:
    """Realised lie rate per personality (rows) and position (columns), with each personality's mean rate."""
    wide = lies.pivot(index="personality", columns="position", values="lie_rate")
    return wide.assign(overall=wide.mean(axis=1))


def pair_steps(lies: pd.DataFrame) -> tuple[float, float]:
    """P2 and P3: the largest realised gap within a pair of positions (1-2, 3-4, ...) and the smallest given one
    (a hand's colour count ties lies on black and white targets together: realised profiles step in twos)."""
    pairs = lie_rate_table(lies).drop(columns="overall").loc[["P2", "P3"]]
    given = pd.DataFrame(PERSONALITY_LIE_PROBABILITIES, index=range(1, 11)).T.loc[["P2", "P3"]]
    odd, even = [1, 3, 5, 7, 9], [2, 4, 6, 8, 10]
    return (float(np.abs(pairs[odd].to_numpy() - pairs[even].to_numpy()).max()),
            float(np.abs(given[odd].to_numpy() - given[even].to_numpy()).min()))


def lie_count_ranges(spread: pd.DataFrame) -> pd.DataFrame:
    """The central 95 % range of each personality's lie count at each position over the runs."""
    return (spread.groupby(["personality", "position"]).lies.quantile([0.025, 0.975]).unstack()
            .rename(columns={0.025: "2.5%", 0.975: "97.5%"}))


def _learning_task(rng, opponent, n_runs, n_games, checkpoints, setting="", **kwargs):
    out = []
    for _ in range(n_runs):
        res = fast.learning_run(opponent, n_games, rng, **kwargs)
        at = np.array(checkpoints) - 1
        out.append({"wins": np.cumsum(res["outcomes"] == 1)[at], "draws": np.cumsum(res["outcomes"] == 0)[at],
                    "p": res["p"][at], "k": res["k"][at]})
    return setting, opponent, out


def _learning_tasks(settings: dict, n_runs, n_games, checkpoints, personalities) -> list[dict]:
    tasks = []
    for label, kwargs in settings.items():
        names = ("P5",) if "P5 lies" in label else personalities
        for name in names:
            for start in range(0, n_runs, RUNS_PER_TASK):
                tasks.append({"opponent": name, "n_runs": min(RUNS_PER_TASK, n_runs - start), "n_games": n_games,
                              "checkpoints": tuple(checkpoints), "setting": label, **kwargs})
    return tasks


def _runs_frame(results, checkpoints) -> pd.DataFrame:
    rows = []
    run_of: dict = {}
    for setting, name, runs in results:
        for res in runs:
            run = run_of.get((setting, name), 0)
            run_of[(setting, name)] = run + 1
            for j, c in enumerate(checkpoints):
                rows.append({"setting": setting, "personality": name, "run": run, "games": c,
                             "wins": int(res["wins"][j]), "draws": int(res["draws"][j]),
                             "win_rate": res["wins"][j] / c, "p": float(res["p"][j]), "k": float(res["k"][j])})
    return pd.DataFrame(rows)


def learning_runs(n_runs: int = 200, n_games: int = 500, checkpoints=(20, 50, 100, 300, 500), seed: int = 2,
                  personalities=PERSONALITIES, desc: str = "stage-1 learner", **learner_kwargs) -> pd.DataFrame:
    """E2/E4: ``n_runs`` independent learners per personality; one row per run and checkpoint.

    Columns: personality, run, games (the checkpoint), wins, draws, win_rate (cumulative, draws count as
    non-wins), p, k (after that game).
    """
    check_int("n_runs", n_runs, 1)
    checkpoints = [c for c in checkpoints if c <= n_games]
    tasks = _learning_tasks({"": learner_kwargs}, n_runs, n_games, checkpoints, personalities)
    return _runs_frame(_run_tasks(_learning_task, tasks, seed, desc), checkpoints).drop(columns="setting")


def windowed_rates(runs: pd.DataFrame, windows=STAGE1_WINDOWS, by=("personality",)) -> pd.DataFrame:
    """Each run's win rate inside game windows (first, last), from its cumulative wins at the checkpoints.

    Cumulative rates keep rising after learning stops; every "rises / learns" claim uses these instead.
    Needs checkpoints at first - 1 and last for each window.
    """
    keys = list(by) + ["run"]
    wide = runs.pivot_table(index=keys, columns="games", values="wins", aggfunc="first")
    rows = []
    for first, last in windows:
        if first - 1 not in wide.columns or last not in wide.columns:
            raise ValueError(f"window {first}-{last} needs checkpoints {first - 1} and {last}")
        rate = (wide[last] - wide[first - 1]) / (last - first + 1)
        for idx, r in rate.items():
            rows.append({**dict(zip(keys, idx if isinstance(idx, tuple) else (idx,))), "window": f"{first}-{last}",
                         "first": first, "last": last, "win_rate": float(r)})
    return pd.DataFrame(rows)


def summarise_windows(windows: pd.DataFrame, by=("personality", "window")) -> pd.DataFrame:
    """Mean windowed win rate over runs with its 95% t-interval (kept in [0, 1]) and the run range."""
    rows = []
    for key, g in windows.groupby(list(by), sort=False):
        m, lo, hi = _interval(g.win_rate)
        rows.append({**dict(zip(by, key)), "runs": len(g), "win_rate": m, "ci_low": lo, "ci_high": hi,
                     "run_min": g.win_rate.min(), "run_max": g.win_rate.max()})
    return pd.DataFrame(rows)


def summarise_runs(runs: pd.DataFrame, by=("personality", "games")) -> pd.DataFrame:
    """Mean cumulative win rate with its 95% t-interval over runs (kept in [0, 1]), pooled draws, mean p, k."""
    rows = []
    for key, g in runs.groupby(list(by), sort=False):
        m, lo, hi = _interval(g.win_rate)
        pm, plo, phi = _interval(g.p)
        km, klo, khi = _interval(g.k, 0.0, 20.0)
        games = int(g.games.iloc[0])
        rows.append({**dict(zip(by, key)), "runs": len(g), "win_rate": m, "ci_low": lo, "ci_high": hi,
                     "draw_rate": g.draws.sum() / (games * len(g)),
                     "loss_rate": 1 - m - g.draws.sum() / (games * len(g)),
                     "p_mean": pm, "p_low": plo, "p_high": phi, "k_mean": km, "k_low": klo, "k_high": khi})
    return pd.DataFrame(rows)


def stage1_expected_difference(c: float, q: float, r: float) -> float:
    """Spec §2.4: expected score difference (learner - opponent) per position."""
    return (1 - c) + r * (4 * q - 1) - 2 * q


# ============================================================================ stage 2

def analytic_table() -> pd.DataFrame:
    """Spec §2.4: the expected score difference per position at the opponent's catch rate 0.5."""
    return pd.DataFrame([{"opponent lie rate q": q, "catch rate r": r,
                          "expected difference per position": stage1_expected_difference(0.5, q, r)}
                         for q in (0.3, 0.5) for r in (0.0, 0.5, 1.0)])


RULES_VARIANTS = {"modified rules": {}, "last play challengeable": {"last_play_challengeable": True}}


def _round_robin_task(rng, first, second, n_games, rules_label):
    res = fast.play_cheat([first, second], n_games, rng, rules=CheatRules(**RULES_VARIANTS[rules_label]))
    w, c = res["winners"], res["counters"]
    decided = w >= 0
    row = {"rules": rules_label, "agent": first, "opponent": second, "games": n_games, "wins": int((w == 0).sum()),
           "losses": int((w == 1).sum()), "cap_draws": int((w == -1).sum()),
           "mean_plays": float(res["plays"].mean()), "decided": int(decided.sum()),
           "first_player_wins": int((decided & (w == res["first_players"])).sum()),
           "first_opportunity_wins": int((decided & (w == res["first_opportunity"])).sum()),
           "lying_final_plays": int((decided & res["final_lie"]).sum())}
    for seat, who in ((0, "agent"), (1, "opponent")):
        for k, name in enumerate(fast.COUNTER_NAMES):
            row[f"{who}_{name}"] = int(c[seat, k])
    return row


def round_robin(n_games: int = 20_000, seed: int = 3, types=STAGE2_TYPES + ("random",),
                rules=tuple(RULES_VARIANTS)) -> pd.DataFrame:
    """E6: every ordered pair of scripted agents (row agent in seat 0; the first player is drawn at random),
    ``n_games`` games each, under the modified rules and the variant whose hand-emptying play can be
    challenged. Each row keeps both seats' counters (:data:`liarlab.cheat.fast.COUNTER_NAMES`)."""
    tasks = [{"first": a, "second": b, "n_games": n_games, "rules_label": r} for r in rules for a in types
             for b in types]
    frame = pd.DataFrame(_run_tasks(_round_robin_task, tasks, seed, "round robin"))
    frame["win_rate"] = frame.wins / frame.games
    frame["ci_low"], frame["ci_high"] = wilson_interval(frame.wins, frame.games)
    frame["lie_share"] = frame.agent_lies / frame.agent_plays.clip(lower=1)
    frame["challenge_share"] = frame.agent_challenges / frame.agent_decisions.clip(lower=1)
    return frame


def agent_frequencies(rr: pd.DataFrame) -> pd.DataFrame:
    """E6: each scripted agent's lie and challenge frequencies, pooled over its games against every opponent
    (both seats), per rules variant: lies per play, challenges per decision, share of its challenges that
    caught a lie, share of its lies caught, and how often it empties its hand when it can."""
    rows = []
    for (rules, agent), g in rr.groupby(["rules", "agent"], sort=False):
        h = rr[(rr.rules == rules) & (rr.opponent == agent)]
        tot = {n: int(g[f"agent_{n}"].sum() + h[f"opponent_{n}"].sum()) for n in fast.COUNTER_NAMES}
        row = {"rules": rules, "agent": agent, "plays": tot["plays"], "decisions": tot["decisions"]}
        for name, num, den in (("lie_share", "lies", "plays"), ("challenge_share", "challenges", "decisions"),
                               ("challenge_accuracy", "challenges_right", "challenges"),
                               ("lies_caught_share", "lies_caught", "lies"),
                               ("opportunities_taken", "dumps", "opportunities")):
            row[name] = tot[num] / tot[den] if tot[den] else float("nan")
            lo, hi = wilson_interval(tot[num], max(1, tot[den]))
            row[f"{name}_low"], row[f"{name}_high"] = (lo, hi) if tot[den] else (float("nan"), float("nan"))
        rows.append(row)
    return pd.DataFrame(rows)


def hand_emptying_audit(rr: pd.DataFrame) -> pd.DataFrame:
    """How the game is decided, per rules variant, pooled over all ordered pairs of scripted agents: share of
    decided games won by the first player, by the first player to start a turn with at most ``max_play``
    cards (the one who could empty its hand in one play), and share won with a lie (Wilson 95%, fixed agents)."""
    rows = []
    for rules, g in rr.groupby("rules", sort=False):
        n = int(g.decided.sum())
        row = {"rules": rules, "games": int(g.games.sum()), "decided": n,
               "cap_draw_share": g.cap_draws.sum() / g.games.sum()}
        for col in ("first_player_wins", "first_opportunity_wins", "lying_final_plays"):
            k = int(g[col].sum())
            lo, hi = wilson_interval(k, n)
            row.update({col: k, f"{col}_share": k / n, f"{col}_low": lo, f"{col}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


# variant keys that change the learner, not the rules
LEARNER_OPTIONS = ("three_actions", "caught_lie", "encoding", "history", "honest_reward", "epsilon_schedule",
                   "next_state")


def _train_task(rng, opponent, n_train_list, n_seeds, n_test, feature_set, rules_kwargs, label, rotate_seats=False):
    learner = {k: v for k, v in rules_kwargs.items() if k in LEARNER_OPTIONS}
    rules = CheatRules(**{k: v for k, v in rules_kwargs.items() if k not in LEARNER_OPTIONS})
    out = []
    for s in range(n_seeds):
        for n_train in n_train_list:
            seat = s % rules.n_players if rotate_seats else 0
            res = fast.train_and_test(opponent, n_train, n_test, rng, feature_set=feature_set, rules=rules,
                                      seat=seat, **learner)
            out.append({"opponent": opponent, "training_games": n_train, "feature_set": feature_set,
                        "variant": label, "seed_index": s, **{k: v for k, v in res.items()
                                                               if k not in ("weights", "q_actions")},
                        "weights": res["weights"], "q_actions": res["q_actions"]})
    return out


def q_learning_grid(training_games=(0, 50, 100, 300, 500, 1000), feature_sets=("F7",), n_seeds: int = 30,
                    n_test: int = 2000, seed: int = 4, opponents=STAGE2_TYPES, variants=None,
                    desc: str = "Q-learning", rotate_seats: bool = False) -> list[dict]:
    """E7/E8/E10: a fresh learner per (opponent, training size, feature set, variant, seed), tested frozen.

    ``variants`` maps a label to CheatRules keyword changes, or learner options (:data:`LEARNER_OPTIONS`)
    (default: the paper's rules and learner). ``rotate_seats`` puts learner ``s`` in seat ``s mod n_players``
    (with more than two players). Returns one dict per trained learner (test wins, draws, 20-game test wins,
    weights, test-time action counts, the audit of the hand-emptying line).
    """
    variants = variants or {"paper": {}}
    tasks = [{"opponent": o, "n_train_list": tuple(training_games), "n_seeds": n_seeds, "n_test": n_test,
              "feature_set": fs, "rules_kwargs": kw, "label": label, "rotate_seats": rotate_seats}
             for label, kw in variants.items() for fs in feature_sets for o in opponents]
    return [row for chunk in _run_tasks(_train_task, tasks, seed, desc) for row in chunk]


#: games a pooled learner plays against one opponent before the next takes its turn (spec §8.8 reading)
POOL_BLOCK = 10


def _pooled_task(rng, n_train, n_seeds, n_test, feature_set, opponents, n_small=20):
    out = []
    for s in range(n_seeds):
        weights = np.zeros((2, 7, pol.phi_size("ordinal")))
        learn = np.array([True, False])
        done = 0
        while done < n_train:       # the opponents in turn, POOL_BLOCK games each, n_train games against each
            block = min(POOL_BLOCK, n_train - done)
            for o in opponents:
                fast.play_cheat(["q", o], block, rng, weights=weights, learn=learn, feature_set=feature_set)
            done += block
        for o in opponents:
            w = fast.play_cheat(["q", o], n_test, rng, weights=weights.copy(), feature_set=feature_set)["winners"]
            out.append({"opponent": o, "training_games": n_train, "feature_set": feature_set, "variant": "pooled",
                        "seed_index": s, "wins": int((w == 0).sum()), "draws": int((w == -1).sum()),
                        "games": int(n_test), "small_wins": int((w[:n_small] == 0).sum()),
                        "small_games": int(min(n_small, n_test))})
    return out


def pooled_learners(training_games=(0, 50, 100, 300, 500, 1000), feature_sets=("F7",), n_seeds: int = 30,
                    n_test: int = 2000, seed: int = 16, opponents=STAGE2_TYPES) -> pd.DataFrame:
    """Spec §8.8's other reading, "one learner for all opponents" (issue 49): per (feature set, training size,
    seed) ONE learner (seat 0, the paper's rules and learner), trained ``n`` games against each opponent, the
    opponents taking turns in blocks of :data:`POOL_BLOCK` games (one weight vector, updated in place by
    :func:`liarlab.cheat.fast.play_cheat`), then tested frozen against each opponent ``n_test`` games. Returns
    :func:`per_seed_frame`'s columns, one row per (learner, opponent), so a claim's own rule reads it as it reads
    the per-opponent grid."""
    tasks = [{"n_train": int(n), "n_seeds": n_seeds, "n_test": n_test, "feature_set": fs, "opponents": tuple(opponents)}
             for fs in feature_sets for n in training_games]
    frame = pd.DataFrame([row for chunk in _run_tasks(_pooled_task, tasks, seed, "pooled learner") for row in chunk])
    frame["win_rate"] = frame.wins / frame.games
    frame["small_rate"] = frame.small_wins / frame.small_games
    return frame


#: Spec §8.5-§8.8's stage-2 open points outside the E10 grid that the engine and learner can switch (issue 49), by
#: the name of their reading (:mod:`liarlab.papers.p04.claims`): rules or learner keywords, as the grid's
#: variants. Decaying ε: linear from the spec's 0.5 towards 0, lowered every 10 games (the seed speaks of "noise"
#: 0.5 and nothing else, so the simplest decay from the printed value to pure exploitation; the test is greedy,
#: ε = 0, so the schedule ends where the test starts). Fixed first player: the learner (seat 0) always starts. The
#: rank cycle restarting and the totals-first deck are rules switches of the engine (:class:`CheatRules`).
OPEN_POINT_SWITCHES = {"decaying ε": {"epsilon_schedule": "linear"},
                       "fixed first player": {"first_player": 0},
                       "honest plays rewarded 0": {"honest_reward": "0"},
                       "rank cycle restarts after a challenge": {"rank_after_challenge": "restart"},
                       "per-rank totals drawn first": {"deck": "totals first"},
                       "another s' under the delayed update": {"next_state": "after reply"}}


def open_point_learners(training_games=(0, 50, 100, 300, 500, 1000), feature_sets=("F7",), n_seeds: int = 30,
                        n_test: int = 2000, seed: int = 23, opponents=STAGE2_TYPES,
                        switches=tuple(OPEN_POINT_SWITCHES)) -> pd.DataFrame:
    """The stage-2 open points' learners (issue 49): per switch of :data:`OPEN_POINT_SWITCHES` (``switches``: their
    names), a fresh learner per (opponent, training size, feature set, seed) trained and tested under it, as the
    default grid's (:func:`q_learning_grid`). Returns :func:`per_seed_frame`'s columns; ``variant`` names the
    switch, so a claim's own rule reads one switch's rows as it reads the default grid."""
    grid = q_learning_grid(training_games, feature_sets, n_seeds=n_seeds, n_test=n_test, seed=seed,
                           opponents=opponents, variants={k: OPEN_POINT_SWITCHES[k] for k in switches},
                           desc="open-point learners")
    return per_seed_frame(grid)


def win_rate_table(results, by=("opponent", "training_games", "feature_set", "variant")) -> pd.DataFrame:
    """Per cell: mean test win rate over independently trained learners (seeds) with a 95% t-interval kept
    inside [0, 1], the seed range, whether the cell is at a ceiling/floor (>= 99.5 % or <= 0.5 %), and the
    spread of the paper's 20-game test. ``results``: learner dicts or :func:`per_seed_frame`."""
    frame = results if isinstance(results, pd.DataFrame) else per_seed_frame(results)
    rows = []
    for key, g in frame.groupby(list(by), sort=False):
        m, lo, hi = _interval(g.win_rate)
        rows.append({**dict(zip(by, key)), "seeds": len(g), "test_games": int(g.games.iloc[0]),
                     "win_rate": m, "ci_low": lo, "ci_high": hi, "seed_min": g.win_rate.min(),
                     "seed_max": g.win_rate.max(), "at_ceiling": bool(m >= verdicts.CEILING or m <= 1 - verdicts.CEILING),
                     "draw_rate": g.draws.sum() / g.games.sum(),
                     "small_test_min": g.small_rate.min(), "small_test_max": g.small_rate.max(),
                     "small_test_sd": g.small_rate.std(ddof=1) if len(g) > 1 else float("nan")})
    return pd.DataFrame(rows)


def per_seed_frame(results: list[dict]) -> pd.DataFrame:
    """One row per trained learner: its test win rate and 20-game rate (weights and action counts dropped)."""
    frame = pd.DataFrame([{k: v for k, v in r.items() if k not in ("weights", "q_actions")} for r in results])
    frame["win_rate"] = frame.wins / frame.games
    frame["small_rate"] = frame.small_wins / frame.small_games
    return frame


def paired_difference(results, column: str, a, b, by=("opponent",)) -> pd.DataFrame:
    """Mean of (win rate at column == a) - (win rate at column == b) per group over learners paired by seed
    index (independently trained, so the pairs are independent), with the protocol's interval.

    A group where either cell is at a ceiling or floor keeps its difference but is flagged ``at_ceiling``:
    such cells are left out of comparisons of gains."""
    frame = results if isinstance(results, pd.DataFrame) else per_seed_frame(results)
    rows = []
    for key, g in frame.groupby(list(by), sort=False):
        x = g[g[column] == a].set_index("seed_index").win_rate
        y = g[g[column] == b].set_index("seed_index").win_rate
        idx = x.index.intersection(y.index)
        est = verdicts.paired_difference(x[idx].to_numpy(), y[idx].to_numpy())
        ceiling = any(v >= verdicts.CEILING or v <= 1 - verdicts.CEILING for v in (x.mean(), y.mean()))
        rows.append({**dict(zip(by, key if isinstance(key, tuple) else (key,))), "difference": est.value,
                     "ci_low": est.low, "ci_high": est.high, "seeds": est.n, "seed_min": est.seed_min,
                     "seed_max": est.seed_max, "at_ceiling": ceiling})
    return pd.DataFrame(rows)


def weight_table(results: list[dict], max_play: int = 3) -> pd.DataFrame:
    """Seed-averaged weights theta[action, feature] per opponent (long format)."""
    from liarlab.cheat.agents import q_action_names

    names = q_action_names(max_play)
    rows = []
    by_opp: dict[str, list] = {}
    for r in results:
        by_opp.setdefault(r["opponent"], []).append(r["weights"])
    for opp, ws in by_opp.items():
        mean = np.mean(ws, axis=0)
        for a, an in enumerate(names):
            for j, fn in enumerate(pol.FEATURE_NAMES):
                rows.append({"opponent": opp, "action": an, "feature": fn, "weight": mean[a, j]})
    return pd.DataFrame(rows)


def weight_separability(results: list[dict]) -> dict:
    """Do the learned weights tell the personalities apart? Leave-one-out nearest-centroid accuracy.

    Each trained learner's weight vector (actions x features, flattened) is assigned to the opponent whose
    centroid (mean over the other learners) is nearest. Chance is 1 / number of opponents.
    """
    X = np.array([r["weights"].ravel() for r in results])
    y = np.array([r["opponent"] for r in results])
    labels = sorted(set(y))
    correct = 0
    for i in range(len(X)):
        mask = np.ones(len(X), dtype=bool)
        mask[i] = False
        cents = [X[mask & (y == lab)].mean(axis=0) for lab in labels]
        guess = labels[int(np.argmin([np.linalg.norm(X[i] - c) for c in cents]))]
        correct += guess == y[i]
    est = verdicts.proportion(int(correct), len(X), unit="learners")
    return {"learners": len(X), "correct": int(correct), "accuracy": correct / len(X), "ci_low": est.low,
            "ci_high": est.high, "chance": 1 / len(labels)}


def action_shares(results: list[dict], max_play: int = 3) -> pd.DataFrame:
    """E9: test-time shares of challenge, truth and lie actions per opponent: each learner's shares, then the
    mean over learners with a 95% t-interval (kept in [0, 1])."""
    rows = []
    by_opp: dict[str, list] = {}
    for r in results:
        c = np.asarray(r["q_actions"], dtype=float)
        t = max(c.sum(), 1.0)
        by_opp.setdefault(r["opponent"], []).append((c[0] / t, c[1:max_play + 1].sum() / t, c[max_play + 1:].sum() / t,
                                                     c.sum()))
    for opp, vals in by_opp.items():
        v = np.array(vals)
        row = {"opponent": opp, "learners": len(v), "decisions": int(v[:, 3].sum())}
        for j, name in enumerate(("challenge", "truth", "lie")):
            m, lo, hi = _interval(v[:, j])
            row.update({name: m, f"{name}_low": lo, f"{name}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def learner_audit(per_seed: pd.DataFrame, by=("variant", "opponent")) -> pd.DataFrame:
    """The hand-emptying line in the learners' test games: per cell, the mean over learners of the share of
    decided games won by the first player, by the first to reach a turn with <= max_play cards, with a lie,
    and of the learner's opportunities at which its actions could empty its hand (TRUTH_n / LIE_n only
    play one kind of card) and at which it did."""
    rows = []
    for key, g in per_seed.groupby(list(by), sort=False):
        row = {**dict(zip(by, key)), "learners": len(g)}
        dec = g.decided.clip(lower=1)
        opp = g.opportunities.clip(lower=1)
        for name, x in (("first_player_wins", g.first_player_wins / dec),
                        ("first_opportunity_wins", g.first_opportunity_wins / dec),
                        ("lying_final_plays", g.lying_final_plays / dec),
                        ("expressible", g.expressible / opp), ("dumps", g.dumps / opp)):
            m, lo, hi = _interval(x)
            row.update({name: m, f"{name}_low": lo, f"{name}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def _traditional_task(rng, types, n_games):
    from liarlab.cheat.agents import ScriptedAgent

    rules = traditional_rules(n_players=len(types))
    wins = np.zeros(len(types), dtype=np.int64)
    draws, plays = 0, []
    for _ in range(n_games):
        state = CheatState(rng, rules)
        play_with_events(state, [ScriptedAgent(t) for t in types], rng, list_legal=False)
        if state.draw:
            draws += 1
        else:
            wins[state.winner] += 1
        plays.append(state.plays)
    return {"types": "".join(types), "games": n_games, "wins": wins, "draws": draws,
            "mean_plays": float(np.mean(plays))}


def seatings(table: str) -> list[str]:
    """Every distinct seating of a table's agents (all permutations, repeated types once): each type sits in
    every seat and after every other type equally often, so seat effects and type effects separate."""
    from itertools import permutations

    return sorted({"".join(p) for p in permutations(table)})


def traditional_table(n_games: int = 24, seed: int = 6, tables=("abdf", "bcde", "adaf")) -> pd.DataFrame:
    """The traditional 52-card game, 4 players, scripted agents (rules module; cap = draw), ``n_games`` games
    in every distinct seating of each table (:func:`seatings`). One row per table, seating and seat."""
    tasks = [{"types": tuple(s), "n_games": n_games} for t in tables for s in seatings(t)]
    table_of = [t for t in tables for _ in seatings(t)]
    rows = []
    for table, res in zip(table_of, _run_tasks(_traditional_task, tasks, seed, "traditional Cheat")):
        for seat, t in enumerate(res["types"]):
            rows.append({"table": table, "seating": res["types"], "seat": seat, "agent": t, "games": res["games"],
                         "wins": int(res["wins"][seat]), "cap_draws": res["draws"], "mean_plays": res["mean_plays"]})
    return pd.DataFrame(rows)


def traditional_summary(trad: pd.DataFrame, by: str = "agent") -> pd.DataFrame:
    """Win shares pooled over seatings, per table and ``by`` ("agent": type effect; "seat": seat effect);
    Wilson 95% (fixed agents). A type that appears twice at a table counts both copies' games."""
    rows = []
    for (table, key), g in trad.groupby(["table", by], sort=False):
        games = int(g.games.sum())
        wins = int(g.wins.sum())
        lo, hi = wilson_interval(wins, games)
        rows.append({"table": table, by: key, "games": games, "wins": wins, "win_rate": wins / games,
                     "ci_low": lo, "ci_high": hi, "fair_share": 1 / trad[trad.table == table].seat.nunique()})
    return pd.DataFrame(rows)


def worked_stage2_game(seed: int = 7, types=("q", "d"), min_events: int = 8):
    """A game of the modified rules, learner (trained 300 games vs d) against d, with at least one challenge.

    Tries seed, seed + 1, ... until the game has ``min_events`` events and a challenge, so the example
    shows the whole turn loop. Returns the dealt hands and the finished state.
    """
    from liarlab.cheat.agents import QLearner, ScriptedAgent

    rng = np.random.default_rng(seed)
    trained = fast.train_and_test(types[1], 300, 1, rng)
    for attempt in range(1000):
        rng = np.random.default_rng([seed, attempt])
        agents = [QLearner(weights=trained["weights"], learning=False), ScriptedAgent(types[1])]
        state = CheatState(rng)
        start = state.hands.copy()
        play_with_events(state, agents, rng)
        if len(state.history) >= min_events and any(e.kind == "challenge" for e in state.history):
            break
    return start, state


STAGE1_SETTINGS = {  # label: learner keyword changes (spec §7, E3 and E5)
    "paper defaults": {},
    "frozen (p, k) = (0.5, 0)": {"search": "none"},
    "always catch (1, 0)": {"search": "none", "p0": 1.0},
    "never catch (0, 0)": {"search": "none", "p0": 0.0},
    "k fixed at 0": {"search": "p-only"},
    "opponent catches c = 0.3": {"catch_probability": 0.3},
    "opponent catches c = 0.7": {"catch_probability": 0.7},
    "steps (0.02, 0.2)": {"dp": 0.02, "dk": 0.2},
    "steps (0.1, 1)": {"dp": 0.1, "dk": 1.0},
    "uniform hands": {"hand_distribution": "uniform"},
    "P5 lies 20%": {"p5_lie_probability": 0.2},
    "P5 lies 40%": {"p5_lie_probability": 0.4},
    "simulates a model of the personality": {"simulate": "model"},
    # spec §8.4's starting values of (p, k) (issue 49); appended, so the settings above keep their task streams
    "starts at p = 0": {"p0": 0.0},
    "starts at p = 1": {"p0": 1.0},
    "starts at k = 10": {"k0": 10.0},
}
#: The windows 51-100, 101-300, 301-500 need 50, 100, 300, 500; 20 is the chart's first point, so a setting is
#: judged on the same 25 cells as the default ("almost all above 50%"). Checkpoints only read the cumulative
#: counts of the same runs (they draw nothing), so adding one changes no other number.
SETTINGS_CHECKPOINTS = (20, 50, 100, 300, 500)


def stage1_settings_runs(n_runs: int, settings=None, n_games: int = 500, seed: int = 5) -> pd.DataFrame:
    """E3/E5 and the spec's §8.4 model variant: ``n_runs`` independent learners per personality and setting
    (the "P5 lies" settings only against P5); one row per run and checkpoint (:data:`SETTINGS_CHECKPOINTS`)."""
    settings = settings or {k: v for k, v in STAGE1_SETTINGS.items() if k != "paper defaults"}
    checkpoints = [c for c in SETTINGS_CHECKPOINTS if c <= n_games]
    tasks = _learning_tasks(settings, check_int("n_runs", n_runs, 2), n_games, checkpoints, PERSONALITIES)
    return _runs_frame(_run_tasks(_learning_task, tasks, seed, "stage-1 settings"), checkpoints)


def stage1_settings_table(runs: pd.DataFrame, n_games: int = 500) -> pd.DataFrame:
    """Per setting and personality: cumulative win rate after ``n_games`` and the windowed rate of the last
    window (games 301-500), each a mean over runs with a 95% t-interval kept in [0, 1]."""
    final = summarise_runs(runs[runs.games == n_games], by=("setting", "personality", "games"))
    late = summarise_windows(windowed_rates(runs, (STAGE1_WINDOWS[-1],), by=("setting", "personality")),
                             by=("setting", "personality"))
    late = late.rename(columns={"win_rate": "late_rate", "ci_low": "late_low", "ci_high": "late_high"})
    cols = ["setting", "personality", "games", "runs", "win_rate", "ci_low", "ci_high", "draw_rate", "p_mean",
            "k_mean"]
    return final[cols].merge(late[["setting", "personality", "late_rate", "late_low", "late_high"]],
                             on=["setting", "personality"])


def multiplayer_table(n_seeds: int, n_test: int, players=(3, 4), n_train: int = 300, seed: int = 8) -> pd.DataFrame:
    """Extension: the learner against n - 1 copies of one type, modified rules with n players; learner s sits
    in seat s mod n (seats rotate across learners)."""
    variants = {f"{n} players": {"n_players": n} for n in players}
    res = q_learning_grid((n_train,), ("F7",), n_seeds, n_test, seed=seed, variants=variants, desc="multi-player",
                          rotate_seats=True)
    table = win_rate_table(res)
    table["players"] = table.variant.str.split().str[0].astype(int)
    return table


RULE_VARIANTS = {"last play challengeable": {"last_play_challengeable": True},
                 "plays of up to 4 cards": {"max_play": 4}, "plays of up to 5 cards": {"max_play": 5},
                 "challenger leads": {"leader_after_challenge": "challenger"},
                 "3 actions (learner picks no count)": {"three_actions": True},
                 "caught lie: x = -P": {"caught_lie": "-P"},
                 "one-hot features": {"encoding": "one-hot"},
                 "feature 7 from revealed plays only": {"history": "revealed"}}


def rule_variant_grid(n_seeds: int, n_test: int, n_train: int = 300, seed: int = 9,
                      feature_sets=("F5", "F7", "F7-H5")) -> list[dict]:
    """E10: learners trained ``n_train`` games with each feature set under each rule and learner variant, so
    the E7 and E8 orderings can be rechecked under every variant (one learner dict per seed and cell)."""
    return q_learning_grid((n_train,), tuple(feature_sets), n_seeds, n_test, seed=seed, variants=RULE_VARIANTS,
                           desc="rule variants")


def worked_position_game(seed: int = 11, opponent: str = "P2"):
    """One stage-1 game, learner with (p, k) = (0.5, 0) against ``opponent``: the finished state."""
    from liarlab.cheat.positions import LieProfileLearner, PositionGameState
    from liarlab.core.api import play_game

    rng = np.random.default_rng(seed)
    learner = LieProfileLearner(opponent)
    state = PositionGameState(rng)
    play_game(state, [learner, learner.opponent], rng)
    return state


def position_game_frame(state) -> pd.DataFrame:
    """The per-position record of a finished stage-1 game (for the worked example)."""
    from liarlab.cheat.positions import TARGET_BLACK, colours_of

    rows = []
    colour = {1: "B", 0: "W"}
    for i in range(N_POSITIONS):
        row = {"position": i + 1, "target": colour[int(TARGET_BLACK[i])]}
        for p, who in ((0, "learner"), (1, "opponent")):
            lies = (state.lie_masks[p] >> i) & 1
            row[f"{who}_card"] = colour[int(colours_of(state.lie_masks[p])[i])]
            row[f"{who}_lies"] = bool(lies)
            row[f"{who}_catches"] = bool((state.catch_masks[p] >> i) & 1)
        rows.append(row)
    return pd.DataFrame(rows)


# ============================================================================ the rules variant, read cleanly

def personality_table() -> pd.DataFrame:
    """The six stage-2 personalities and how each plays (spec §4)."""
    return pd.DataFrame({"type": list(DESCRIPTIONS), "plays": list(DESCRIPTIONS.values())}).set_index("type")


def position_game_line(state, opponent: str = "P2") -> str:
    """Who had how many black cards in the worked stage-1 game, the scores and who won."""
    s_learner, s_opponent = state.scores()
    result = "learner wins" if s_learner > s_opponent else f"{opponent} wins" if s_opponent > s_learner else "draw"
    return (f"learner has {state.n_black[0]} black cards, {opponent} has {state.n_black[1]}; "
            f"score learner {s_learner}, {opponent} {s_opponent}: {result}")


def stage2_game_text(start, state, opponent: str = "d") -> str:
    """The dealt hands and the transcript of the worked stage-2 game, the learner in seat 0."""
    counts = [" ".join(str(int(n)) for n in hand) for hand in start[:2]]   # numbers, not a list's repr
    lines = [f"hands dealt (counts of A 2 3 4 5): learner {counts[0]};  {opponent} {counts[1]}"]
    lines += ["  " + line.replace("player 0", "learner").replace("player 1", opponent) for line in transcript(state)]
    return "\n".join(lines)


def _pool(agent: str, opponent: str) -> str:
    return "random agent's cells" if "random" in (agent, opponent) else "a-f only"


def hand_emptying_by_pool(rr: pd.DataFrame) -> pd.DataFrame:
    """:func:`hand_emptying_audit` for the pairs of a-f alone and, apart, the cells with the random agent (which
    challenges half of all plays, the emptying play included), per rules variant."""
    parts = []
    for pool, g in rr.assign(pool=[_pool(a, o) for a, o in zip(rr.agent, rr.opponent)]).groupby("pool", sort=False):
        parts.append(hand_emptying_audit(g).assign(pool=pool))
    out = pd.concat(parts, ignore_index=True)
    return out[["pool"] + [c for c in out.columns if c != "pool"]]


def standing(rr: pd.DataFrame, types=STAGE2_TYPES) -> pd.DataFrame:
    """Each of ``types``' win rate against the others of ``types`` (self-play left out), pooled over both seats,
    per rules variant (Wilson 95 %, fixed agents), and its rank (1 = highest) within the variant."""
    rows = []
    for rules, g in rr.groupby("rules", sort=False):
        sub = g[g.agent.isin(types) & g.opponent.isin(types) & (g.agent != g.opponent)]
        for t in types:
            row_wins = int(sub[sub.agent == t].wins.sum()) + int(sub[sub.opponent == t].losses.sum())
            games = int(sub[sub.agent == t].games.sum()) + int(sub[sub.opponent == t].games.sum())
            lo, hi = wilson_interval(row_wins, games)
            rows.append({"rules": rules, "agent": t, "games": games, "wins": row_wins, "win_rate": row_wins / games,
                         "ci_low": lo, "ci_high": hi})
    out = pd.DataFrame(rows)
    out["rank"] = out.groupby("rules").win_rate.rank(ascending=False, method="min").astype(int)
    return out


def _exploiter_task(rng, agent, opponent, seat, n_games, rules_label):
    seats = [opponent, opponent]
    seats[seat] = agent
    res = fast.play_cheat(seats, n_games, rng, rules=CheatRules(**RULES_VARIANTS[rules_label]))
    w = res["winners"]
    c = res["counters"][seat]
    return {"rules": rules_label, "agent": agent, "opponent": opponent, "seat": seat, "games": n_games,
            "wins": int((w == seat).sum()), "losses": int(((w >= 0) & (w != seat)).sum()),
            "cap_draws": int((w == -1).sum()), "dumps": int(c[fast.DUMPS]),
            "opportunities": int(c[fast.OPPORTUNITIES]), "challenges": int(c[fast.CHALLENGES]),
            "challenges_right": int(c[fast.CHALLENGES_RIGHT])}


def exploiter_games(n_games: int = 50_000, seed: int = 13, agents=("x", "b"), opponents=STAGE2_TYPES,
                    rules=tuple(RULES_VARIANTS)) -> pd.DataFrame:
    """The exploiter x (type b that takes the hand-emptying line) and type b itself against each of a-f, under
    each rules variant, ``n_games`` games in each seat (seats rotated; the first player is drawn at random).
    One row per rules, agent, opponent and seat."""
    check_int("n_games", n_games, 1)
    tasks = [{"agent": a, "opponent": o, "seat": s, "n_games": n_games, "rules_label": r}
             for r in rules for a in agents for o in opponents for s in (0, 1)]
    return pd.DataFrame(_run_tasks(_exploiter_task, tasks, seed, "exploiter"))


def exploiter_table(games: pd.DataFrame, agent: str = "x", baseline: str = "b") -> pd.DataFrame:
    """Per rules and opponent: the exploiter's and the baseline's win rates pooled over both seats (Wilson 95 %,
    fixed agents) and what knowing the line is worth, exploiter minus baseline (Newcombe 95 %; independent
    games)."""
    rows = []
    pooled = games.groupby(["rules", "agent", "opponent"], sort=False)[["games", "wins"]].sum()
    for (rules, opponent), _ in games.groupby(["rules", "opponent"], sort=False):
        x, b = pooled.loc[(rules, agent, opponent)], pooled.loc[(rules, baseline, opponent)]
        ex = verdicts.proportion(int(x.wins), int(x.games))
        bs = verdicts.proportion(int(b.wins), int(b.games))
        d = verdicts.difference_of_proportions(int(x.wins), int(x.games), int(b.wins), int(b.games))
        rows.append({"rules": rules, "opponent": opponent, "games": int(x.games), f"{agent}_win_rate": ex.value,
                     f"{agent}_low": ex.low, f"{agent}_high": ex.high, f"{baseline}_win_rate": bs.value,
                     f"{baseline}_low": bs.low, f"{baseline}_high": bs.high, "gain": d.value, "gain_low": d.low,
                     "gain_high": d.high})
    return pd.DataFrame(rows)


def _cross_task(rng, opponent, n_train, n_seeds, n_test, train_label):
    rules = {k: CheatRules(**v) for k, v in RULES_VARIANTS.items()}
    out = []
    for s in range(n_seeds):
        # one learner, trained once (its training counters kept), tested under both rules: the same weights
        weights = np.zeros((2, 7, pol.phi_size()))
        train = fast.play_cheat(["q", opponent], n_train, rng, rules=rules[train_label], weights=weights,
                                learn=[True, False])["counters"][0]
        weights[1] = 0.0
        trained = {"train_decisions": int(train[fast.DECISIONS]), "train_challenges": int(train[fast.CHALLENGES]),
                   "train_challenges_right": int(train[fast.CHALLENGES_RIGHT]),
                   "train_final_challenges": int(train[fast.FINAL_CHALLENGES]),
                   "train_final_challenges_right": int(train[fast.FINAL_CHALLENGES_RIGHT])}
        for test_label, test_rules in rules.items():
            test = fast.play_cheat(["q", opponent], n_test, rng, rules=test_rules, weights=weights.copy())
            w, c, q = test["winners"], test["counters"][0], test["q_actions"][0]
            out.append({"opponent": opponent, "trained_under": train_label, "tested_under": test_label,
                        "seed_index": s, "games": n_test, "wins": int((w == 0).sum()), "decisions": int(c[fast.DECISIONS]),
                        "challenges": int(c[fast.CHALLENGES]), "challenges_right": int(c[fast.CHALLENGES_RIGHT]),
                        "lies": int(c[fast.LIES]), "plays": int(c[fast.PLAYS]), "dumps": int(c[fast.DUMPS]),
                        "opportunities": int(c[fast.OPPORTUNITIES]), "q_actions": q.copy(), **trained})
    return out


def cross_rules_test(n_train: int = 1000, n_seeds: int = 30, n_test: int = 5000, seed: int = 14,
                     opponents=STAGE2_TYPES) -> pd.DataFrame:
    """Why the learner trained under the variant does worse: ``n_seeds`` learners per opponent are trained
    ``n_train`` games under each rules variant, and each is tested frozen under BOTH variants (learner in
    seat 0, first player drawn at random). Training effect: trained under the variant vs under the modified
    rules, same test rules (independent learners). Test-time effect: the same learner under both test rules.
    One row per learner and test rules, with the learner's test counters (challenges per decision, share of
    its challenges that caught a lie, lies per play)."""
    tasks = [{"opponent": o, "n_train": n_train, "n_seeds": check_int("n_seeds", n_seeds, 2), "n_test": n_test,
              "train_label": t} for t in RULES_VARIANTS for o in opponents]
    frame = pd.DataFrame([row for chunk in _run_tasks(_cross_task, tasks, seed, "cross-rules test")
                          for row in chunk]).drop(columns="q_actions")
    frame["win_rate"] = frame.wins / frame.games
    frame["challenge_share"] = frame.challenges / frame.decisions.clip(lower=1)
    frame["challenge_accuracy"] = frame.challenges_right / frame.challenges.clip(lower=1)
    frame["lie_share"] = frame.lies / frame.plays.clip(lower=1)
    return frame


def cross_rules_summary(cross: pd.DataFrame) -> pd.DataFrame:
    """Per opponent, training rules and test rules: means over learners (95 % t-intervals across seeds) of the
    test win rate, challenges per decision, share of challenges that caught a lie, and lies per play."""
    rows = []
    for key, g in cross.groupby(["opponent", "trained_under", "tested_under"], sort=False):
        row = dict(zip(("opponent", "trained_under", "tested_under"), key), learners=len(g))
        for col in ("win_rate", "challenge_share", "challenge_accuracy", "lie_share"):
            m, lo, hi = _interval(g[col])
            row.update({col: m, f"{col}_low": lo, f"{col}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def training_challenges(cross: pd.DataFrame) -> pd.DataFrame:
    """What the learners of :func:`cross_rules_test` did while they trained, per opponent and training rules (one
    row per learner counted once): challenges per decision, the share of those challenges aimed at a play that
    emptied the opponent's hand (possible under the variant only) and the share of each kind that caught a lie;
    means over learners with 95 % t-intervals."""
    first = cross[cross.tested_under == cross.tested_under.iloc[0]]
    rows = []
    for key, g in first.groupby(["opponent", "trained_under"], sort=False):
        other = (g.train_challenges - g.train_final_challenges).clip(lower=0)
        shares = {"challenge_share": g.train_challenges / g.train_decisions.clip(lower=1),
                  "final_share": g.train_final_challenges / g.train_challenges.clip(lower=1),
                  "final_accuracy": g.train_final_challenges_right / g.train_final_challenges.clip(lower=1),
                  "other_accuracy": (g.train_challenges_right - g.train_final_challenges_right) / other.clip(lower=1)}
        row = dict(zip(("opponent", "trained_under"), key), learners=len(g))
        for col, x in shares.items():
            m, lo, hi = _interval(x)
            row.update({col: m, f"{col}_low": lo, f"{col}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def cross_rules_effects(cross: pd.DataFrame, opponent: str = "a") -> dict:
    """The learner's drop against ``opponent`` split in two: the training effect (trained under the variant
    minus trained under the modified rules, both tested under the modified rules; independent learners, Welch)
    and the test-time effect (the variant-trained learners tested under the variant minus the same learners
    under the modified rules; paired by learner). Estimates of :mod:`liarlab.core.verdicts`."""
    g = cross[cross.opponent == opponent]
    mod, var = tuple(RULES_VARIANTS)

    def rates(train, test, col="win_rate"):
        return g[(g.trained_under == train) & (g.tested_under == test)].sort_values("seed_index")[col].to_numpy()

    training = _difference_of_means(rates(var, mod), rates(mod, mod))
    test_time = verdicts.paired_difference(rates(var, var), rates(var, mod))
    challenges = _difference_of_means(rates(var, mod, "challenge_share"), rates(mod, mod, "challenge_share"))
    return {"training": training, "test_time": test_time, "challenge_share": challenges}


def _difference_of_means(a, b) -> "verdicts.Estimate":
    """Welch interval of mean(a) - mean(b) (independent learners), inside [-1, 1]."""
    return verdicts.difference_of_means(a, b, unit="seeds", bound=1.0)


# ============================================================================ trivial baselines (stage 2)

def baseline_weights(name: str, max_play: int = 3, encoding: str = "ordinal") -> np.ndarray:
    """Frozen Q weights that make the learner a trivial policy in its own action set (feature 5 is constant, so a
    weight on it alone ranks the actions the same in every state): "always challenge" (challenge whenever there
    is a pile, else the most cards of the required rank, else the fewest lie cards), "never challenge" (the most
    cards of the required rank, else the most lie cards; never challenges) or "random" (all weights zero: every
    legal action equally likely, the untrained learner)."""
    n_actions = 1 + 2 * max_play
    w = np.zeros((n_actions, pol.phi_size(encoding)))
    col = 3 * 4 + 2 if encoding == "one-hot" else 4  # feature 5 (active players), always at level 2
    truth = list(range(max_play, 0, -1))
    if name == "always challenge":
        order = [0] + truth + list(range(max_play + 1, 2 * max_play + 1))
    elif name == "never challenge":
        order = truth + list(range(2 * max_play, max_play, -1)) + [0]
    elif name == "random":
        return w
    else:
        raise ValueError(f"baseline must be 'always challenge', 'never challenge' or 'random', got {name!r}")
    for rank, a in enumerate(order):
        w[a, col] = float(n_actions - rank)
    return w


STAGE2_BASELINES = ("always challenge", "never challenge", "random")


def _baseline_task(rng, baseline, opponent, seat, n_games):
    weights = np.zeros((2, 7, pol.phi_size()))
    weights[seat] = baseline_weights(baseline)
    seats = [opponent, opponent]
    seats[seat] = "q"
    w = fast.play_cheat(seats, n_games, rng, weights=weights)["winners"]
    return {"baseline": baseline, "opponent": opponent, "seat": seat, "games": n_games, "wins": int((w == seat).sum())}


def stage2_baselines(n_games: int = 50_000, seed: int = 15, opponents=STAGE2_TYPES,
                     baselines=STAGE2_BASELINES) -> pd.DataFrame:
    """The trivial baselines (:func:`baseline_weights`) against each of a-f under the modified rules, ``n_games``
    games in each seat (fixed agents: Wilson 95 % over both seats' games). One row per baseline and opponent."""
    tasks = [{"baseline": b, "opponent": o, "seat": s, "n_games": check_int("n_games", n_games, 1)}
             for b in baselines for o in opponents for s in (0, 1)]
    raw = pd.DataFrame(_run_tasks(_baseline_task, tasks, seed, "stage-2 baselines"))
    out = raw.groupby(["baseline", "opponent"], sort=False)[["games", "wins"]].sum().reset_index()
    out["win_rate"] = out.wins / out.games
    out["ci_low"], out["ci_high"] = wilson_interval(out.wins, out.games)
    return out


# ============================================================================ confirmatory samples (two-stage design)

def confirmation_runs(sizes: dict, seed: int, n_test: int = 5000) -> dict:
    """Fresh, independent samples for the rows the pilot left undecided, sized before they are drawn
    (``sizes`` from :func:`liarlab.papers.p04.claims.confirmation_sizes`; 0 or absent: nothing to confirm):
    "stage1" -> new stage-1 runs against the personalities in ``sizes["stage1_who"]`` (500 games, the paper's
    checkpoints), "settings" -> new runs of the settings in ``sizes["settings_who"]`` (the paper's learner, the
    trivial catchers, k fixed at 0; windowed rate, games 301-500), "training" -> new learners
    at 50, 100 and 1,000 training games (F7), "features" -> new learners with F5, F7 and F7-H5 at 300 games.
    Seeds are spawned from ``seed``, which must differ from every pilot seed."""
    out = {}
    if sizes.get("stage1"):
        out["stage1"] = learning_runs(n_runs=int(sizes["stage1"]), n_games=500, checkpoints=(20, 50, 100, 300, 500),
                                      seed=seed, desc="stage-1 confirmation",
                                      personalities=tuple(sizes.get("stage1_who") or PERSONALITIES))
    if sizes.get("settings"):
        labels = tuple(sizes.get("settings_who") or ("paper defaults", "always catch (1, 0)", "never catch (0, 0)",
                                                     "frozen (p, k) = (0.5, 0)", "k fixed at 0"))
        runs = stage1_settings_runs(int(sizes["settings"]), {k: STAGE1_SETTINGS[k] for k in labels}, seed=seed + 3)
        out["settings"] = windowed_rates(runs, (STAGE1_WINDOWS[-1],), by=("setting", "personality"))
    if sizes.get("training"):
        out["training"] = per_seed_frame(q_learning_grid((50, 100, 1000), ("F7",), int(sizes["training"]), n_test,
                                                         seed=seed + 1, desc="training confirmation"))
    if sizes.get("features"):
        out["features"] = per_seed_frame(q_learning_grid((300,), ("F5", "F7", "F7-H5"), int(sizes["features"]),
                                                         n_test, seed=seed + 2, desc="feature confirmation"))
    return out
