"""Notebook 04's experiments: functions from parameters to tidy DataFrames.

Independent runs go through :func:`liarlab.study.parallel.run_tasks` (task i always gets child i of
``SeedSequence(seed)``), so tables do not depend on the number of workers.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.cheat import fast
from liarlab.cheat import policies as pol
from liarlab.cheat.game import CheatRules, CheatState, play_with_events, traditional_rules
from liarlab.cheat.positions import N_POSITIONS, PERSONALITIES
from liarlab.core.stats import Z95, wilson_interval
from liarlab.core.validation import check_int

STAGE2_TYPES = ("a", "b", "c", "d", "e", "f")
RUNS_PER_TASK = 10


def _t_interval(x) -> tuple[float, float, float]:
    """Mean and 95% t-interval over independent runs (seeds)."""
    from scipy import stats

    x = np.asarray(x, dtype=float)
    m = float(x.mean())
    if len(x) < 2:
        return m, float("nan"), float("nan")
    half = float(stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x)))
    return m, m - half, m + half


def _run_tasks(func, tasks, seed, desc, n_jobs=None):
    from liarlab.study.parallel import run_tasks

    return run_tasks(func, tasks, seed, desc=desc, n_jobs=n_jobs)


# ============================================================================ stage 1

def _lies_task(rng, name, n_games):
    return name, fast.personality_lies(name, n_games, rng)


def personality_lie_rates(n_games: int = 10_000, seed: int = 0) -> pd.DataFrame:
    """E1: realised lie rate per position of each personality (Wilson 95%) over ``n_games`` deals."""
    check_int("n_games", n_games, 1)
    rows = []
    # a second of work: inline, so no worker processes start for it
    for name, res in _run_tasks(_lies_task, [{"name": n, "n_games": n_games} for n in PERSONALITIES], seed,
                                "stage-1 lie rates", n_jobs=1):
        low, high = wilson_interval(res["lie_counts"], n_games)
        for i in range(N_POSITIONS):
            rows.append({"personality": name, "position": i + 1, "lies": int(res["lie_counts"][i]),
                         "games": n_games, "lie_rate": res["lie_counts"][i] / n_games,
                         "ci_low": low[i], "ci_high": high[i]})
    return pd.DataFrame(rows)


def _spread_task(rng, name, n_runs, n_games, position):
    return name, [int(fast.personality_lies(name, n_games, rng)["lie_counts"][position - 1]) for _ in range(n_runs)]


def lie_count_spread(n_runs: int = 1000, n_games: int = 500, position: int = 6, seed: int = 1) -> pd.DataFrame:
    """How many lies each personality tells at ``position`` in ``n_games`` games, over ``n_runs`` runs."""
    tasks = [{"name": n, "n_runs": n_runs, "n_games": n_games, "position": position} for n in PERSONALITIES]
    rows = []
    for name, counts in _run_tasks(_spread_task, tasks, seed, "lie counts", n_jobs=1):
        rows.extend({"personality": name, "position": position, "games": n_games, "lies": c} for c in counts)
    return pd.DataFrame(rows)


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


def summarise_runs(runs: pd.DataFrame, by=("personality", "games")) -> pd.DataFrame:
    """Mean cumulative win rate with its 95% t-interval over runs, plus pooled wins/draws and mean p, k."""
    rows = []
    for key, g in runs.groupby(list(by), sort=False):
        m, lo, hi = _t_interval(g.win_rate)
        pm, plo, phi = _t_interval(g.p)
        km, klo, khi = _t_interval(g.k)
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

def _round_robin_task(rng, first, second, n_games):
    res = fast.play_cheat([first, second], n_games, rng)
    w, c = res["winners"], res["counters"]
    return {"agent": first, "opponent": second, "games": n_games, "wins": int((w == 0).sum()),
            "losses": int((w == 1).sum()), "cap_draws": int((w == -1).sum()),
            "mean_plays": float(res["plays"].mean()),
            "first_player_wins": int((w == res["first_players"]).sum()),
            "lie_share": c[0, fast.LIES] / max(1, c[0, fast.PLAYS]),
            "challenges_per_game": c[0, fast.CHALLENGES] / n_games,
            "challenge_success": c[0, fast.CHALLENGES_RIGHT] / max(1, c[0, fast.CHALLENGES])}


def round_robin(n_games: int = 20_000, seed: int = 3, types=STAGE2_TYPES + ("random",)) -> pd.DataFrame:
    """E6: every ordered pair of scripted agents (row agent in seat 0), ``n_games`` games each."""
    tasks = [{"first": a, "second": b, "n_games": n_games} for a in types for b in types]
    frame = pd.DataFrame(_run_tasks(_round_robin_task, tasks, seed, "round robin"))
    frame["win_rate"] = frame.wins / frame.games
    frame["ci_low"], frame["ci_high"] = wilson_interval(frame.wins, frame.games)
    frame["first_player_win_rate"] = frame.first_player_wins / frame.games
    return frame


LEARNER_OPTIONS = ("three_actions", "caught_lie", "encoding", "history")  # variant keys that change the learner, not the rules


def _train_task(rng, opponent, n_train_list, n_seeds, n_test, feature_set, rules_kwargs, label):
    learner = {k: v for k, v in rules_kwargs.items() if k in LEARNER_OPTIONS}
    rules = CheatRules(**{k: v for k, v in rules_kwargs.items() if k not in LEARNER_OPTIONS})
    out = []
    for s in range(n_seeds):
        for n_train in n_train_list:
            res = fast.train_and_test(opponent, n_train, n_test, rng, feature_set=feature_set, rules=rules,
                                      **learner)
            out.append({"opponent": opponent, "training_games": n_train, "feature_set": feature_set,
                        "variant": label, "seed_index": s, **{k: v for k, v in res.items()
                                                               if k not in ("weights", "q_actions")},
                        "weights": res["weights"], "q_actions": res["q_actions"]})
    return out


def q_learning_grid(training_games=(0, 50, 100, 300, 500, 1000), feature_sets=("F7",), n_seeds: int = 30,
                    n_test: int = 2000, seed: int = 4, opponents=STAGE2_TYPES, variants=None,
                    desc: str = "Q-learning") -> list[dict]:
    """E7/E8/E10: a fresh learner per (opponent, training size, feature set, variant, seed), tested frozen.

    ``variants`` maps a label to CheatRules keyword changes, or learner options (:data:`LEARNER_OPTIONS`)
    (default: the paper's rules and learner). Returns one
    dict per trained learner (test wins, draws, 20-game test wins, weights, test-time action counts).
    """
    variants = variants or {"paper": {}}
    tasks = [{"opponent": o, "n_train_list": tuple(training_games), "n_seeds": n_seeds, "n_test": n_test,
              "feature_set": fs, "rules_kwargs": kw, "label": label}
             for label, kw in variants.items() for fs in feature_sets for o in opponents]
    return [row for chunk in _run_tasks(_train_task, tasks, seed, desc) for row in chunk]


def win_rate_table(results: list[dict], by=("opponent", "training_games", "feature_set", "variant")) -> pd.DataFrame:
    """Per cell: mean test win rate over seeds with a 95% t-interval, pooled Wilson interval, 20-game spread."""
    frame = pd.DataFrame([{k: v for k, v in r.items() if k not in ("weights", "q_actions")} for r in results])
    frame["win_rate"] = frame.wins / frame.games
    frame["small_rate"] = frame.small_wins / frame.small_games
    rows = []
    for key, g in frame.groupby(list(by), sort=False):
        m, lo, hi = _t_interval(g.win_rate)
        plo, phi = wilson_interval(g.wins.sum(), g.games.sum())
        rows.append({**dict(zip(by, key)), "seeds": len(g), "test_games": int(g.games.iloc[0]),
                     "win_rate": m, "ci_low": lo, "ci_high": hi, "pooled_low": plo, "pooled_high": phi,
                     "draw_rate": g.draws.sum() / g.games.sum(),
                     "small_test_min": g.small_rate.min(), "small_test_max": g.small_rate.max(),
                     "small_test_sd": g.small_rate.std(ddof=1) if len(g) > 1 else float("nan")})
    return pd.DataFrame(rows)


def per_seed_frame(results: list[dict]) -> pd.DataFrame:
    frame = pd.DataFrame([{k: v for k, v in r.items() if k not in ("weights", "q_actions")} for r in results])
    frame["win_rate"] = frame.wins / frame.games
    frame["small_rate"] = frame.small_wins / frame.small_games
    return frame


def paired_difference(results: list[dict], column: str, a, b, by=("opponent",)) -> pd.DataFrame:
    """Mean of (win rate at column == a) - (win rate at column == b) per group, with a 95% t-interval.

    Learners are independent across cells, so the interval uses both cells' variances (Welch).
    """
    frame = per_seed_frame(results)
    rows = []
    for key, g in frame.groupby(list(by), sort=False):
        x = g.loc[g[column] == a, "win_rate"].to_numpy()
        y = g.loc[g[column] == b, "win_rate"].to_numpy()
        d = x.mean() - y.mean()
        se = np.sqrt(x.var(ddof=1) / len(x) + y.var(ddof=1) / len(y))
        rows.append({**dict(zip(by, key if isinstance(key, tuple) else (key,))), "difference": d,
                     "ci_low": d - Z95 * se, "ci_high": d + Z95 * se})
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
    low, high = wilson_interval(correct, len(X))
    return {"learners": len(X), "correct": int(correct), "accuracy": correct / len(X), "ci_low": low,
            "ci_high": high, "chance": 1 / len(labels)}


def action_shares(results: list[dict], max_play: int = 3) -> pd.DataFrame:
    """E9: test-time shares of challenge, truth and lie actions per opponent (pooled over seeds)."""
    rows = []
    by_opp: dict[str, np.ndarray] = {}
    for r in results:
        by_opp[r["opponent"]] = by_opp.get(r["opponent"], 0) + r["q_actions"]
    for opp, counts in by_opp.items():
        total = counts.sum()
        rows.append({"opponent": opp, "decisions": int(total), "challenge": counts[0] / total,
                     "truth": counts[1:max_play + 1].sum() / total, "lie": counts[max_play + 1:].sum() / total})
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


def traditional_table(n_games: int = 200, seed: int = 6, tables=("abdf", "bcde", "adaf")) -> pd.DataFrame:
    """The traditional 52-card game, 4 players, scripted agents (rules module; cap = draw)."""
    rows = []
    for res in _run_tasks(_traditional_task, [{"types": tuple(t), "n_games": n_games} for t in tables], seed,
                          "traditional Cheat"):
        for seat, t in enumerate(res["types"]):
            lo, hi = wilson_interval(res["wins"][seat], res["games"])
            rows.append({"table": res["types"], "seat": seat, "agent": t, "games": res["games"],
                         "wins": int(res["wins"][seat]), "win_rate": res["wins"][seat] / res["games"],
                         "ci_low": lo, "ci_high": hi, "cap_draws": res["draws"], "mean_plays": res["mean_plays"]})
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
    "k fixed at 0": {"search": "p-only"},
    "opponent catches c = 0.3": {"catch_probability": 0.3},
    "opponent catches c = 0.7": {"catch_probability": 0.7},
    "steps (0.02, 0.2)": {"dp": 0.02, "dk": 0.2},
    "steps (0.1, 1)": {"dp": 0.1, "dk": 1.0},
    "uniform hands": {"hand_distribution": "uniform"},
    "P5 lies 20%": {"p5_lie_probability": 0.2},
    "P5 lies 40%": {"p5_lie_probability": 0.4},
}


def stage1_settings_table(n_runs: int, settings=None, n_games: int = 500, seed: int = 5) -> pd.DataFrame:
    """E3/E5: the learner's cumulative win rate after ``n_games`` games under each setting (95% t-intervals)."""
    settings = settings or {k: v for k, v in STAGE1_SETTINGS.items() if k != "paper defaults"}
    tasks = _learning_tasks(settings, check_int("n_runs", n_runs, 2), n_games, (n_games,), PERSONALITIES)
    runs = _runs_frame(_run_tasks(_learning_task, tasks, seed, "stage-1 settings"), (n_games,))
    table = summarise_runs(runs, by=("setting", "personality", "games"))
    cols = ["setting", "personality", "games", "runs", "win_rate", "ci_low", "ci_high", "draw_rate", "p_mean",
            "k_mean"]
    return table[cols]


def multiplayer_table(n_seeds: int, n_test: int, players=(3, 4), n_train: int = 300, seed: int = 8) -> pd.DataFrame:
    """Extension: the learner (seat 0) against n - 1 copies of one type, modified rules with n players."""
    variants = {f"{n} players": {"n_players": n} for n in players}
    res = q_learning_grid((n_train,), ("F7",), n_seeds, n_test, seed=seed, variants=variants, desc="multi-player")
    table = win_rate_table(res)
    table["players"] = table.variant.str.split().str[0].astype(int)
    return table


RULE_VARIANTS = {"max_play 4": {"max_play": 4}, "max_play 5": {"max_play": 5},
                 "challenger leads": {"leader_after_challenge": "challenger"},
                 "3 actions (learner picks no count)": {"three_actions": True},
                 "caught lie: x = -P": {"caught_lie": "-P"},
                 "one-hot features": {"encoding": "one-hot"},
                 "feature 7 from revealed plays only": {"history": "revealed"}}


def rule_variant_table(n_seeds: int, n_test: int, n_train: int = 300, seed: int = 9) -> pd.DataFrame:
    """E10: the F7 learner after ``n_train`` games under rule and learner variants (does the ordering survive?)."""
    res = q_learning_grid((n_train,), ("F7",), n_seeds, n_test, seed=seed, variants=RULE_VARIANTS,
                          desc="rule variants")
    return win_rate_table(res)


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
