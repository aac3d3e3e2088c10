"""Notebook 02's experiments: the report's figures and tables as tidy frames with 95% Wilson intervals.

Everything runs on the compiled engine :mod:`liarlab.liardice.qfast` (tested against the rules module
and the reference players). Trained Q-tables are cached as checksummed ``.npz`` files under
``data/cache`` (a damaged file is detected and retrained). A model is named like the report: ``RL0``
is trained 100,000 games against EXP0, ``RL01`` then 100,000 more against EXP1 on the same table,
``RL-random`` 400,000 games against EXPRAND (a new EXP rule drawn at every decision).
"""
from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from liarlab.core.stats import wilson_interval
from liarlab.liardice.qfast import FastTable, Player, play, train
from liarlab.liardice.qtable import CorruptQTableError, QTable

EXPS = ("EXP0", "EXP1", "EXP2", "EXP3")


@dataclass
class Setup:
    """Sizes and readings shared by the experiments (profiles change sizes only)."""

    stage_games: int = 100_000
    eval_games: int = 50_000          # per seat arrangement
    seeds: tuple = (0, 1, 2)
    fallback: str = "smallest"        # honestAction reading for EXP1-3
    epsilon_eval: float = 0.1
    seed: int = 0
    cache: bool = True
    models: dict = field(default_factory=dict)

    def exp(self, name: str, same: int = 0, margin: int | None = None) -> Player:
        return Player(name, honest_fallback=self.fallback, same=same, margin=margin)

    def rl(self, table: FastTable, same: int = 0, epsilon: float | None = None) -> Player:
        return Player(table, epsilon=self.epsilon_eval if epsilon is None else epsilon, same=same)

    def rng(self, *labels) -> np.random.Generator:
        """A stream fixed by the run's seed and the experiment's labels (independent of call order)."""
        return np.random.default_rng([self.seed, zlib.crc32(json.dumps(labels, default=str).encode())])


def rate_frame(rows: list[dict]) -> pd.DataFrame:
    """Rows with ``wins`` and ``games`` -> a frame with win_rate and its 95% Wilson interval."""
    frame = pd.DataFrame(rows)
    low, high = wilson_interval(frame["wins"].to_numpy(), frame["games"].to_numpy())
    frame["win_rate"] = frame["wins"] / frame["games"]
    # rounding can put a Wilson bound a hair past the rate when it is 0 or 1
    frame["ci_low"], frame["ci_high"] = np.minimum(low, frame.win_rate), np.maximum(high, frame.win_rate)
    return frame


# ============================================================================ training and the model zoo

def schedule(name: str, stage: int) -> list[tuple[str, int]]:
    """Training stages of a report model name: RL0, RL01, RL012, RL0123, RL3210, RL-random."""
    if name == "RL-random":
        return [("EXPRAND", 4 * stage)]
    if name == "RL-random-game":           # ablation: one EXP rule per game instead of per decision
        return [("EXPRAND-game", 4 * stage)]
    digits = name.removeprefix("RL")
    if not digits.isdigit() or any(d not in "0123" for d in digits):
        raise ValueError(f"model name must be RL followed by EXP numbers or RL-random, got {name!r}")
    return [(f"EXP{d}", stage) for d in digits]


def sequential_names() -> list[str]:
    """The report's 22 sequence models (12 pairs, 4 triples up and down, 0123, 3210) plus RL-random."""
    pairs = [f"RL{i}{j}" for i in range(4) for j in range(4) if i != j]
    triples = []
    for t in ("012", "013", "023", "123"):
        triples += [f"RL{t}", f"RL{t[::-1]}"]
    return pairs + triples + ["RL0123", "RL3210", "RL-random"]


def train_model(setup: Setup, stages, rng, *, n_players: int = 2, history: int = 1, hand: str = "partial",
                seats="rotate", rule: str = "paper", checkpoints=(), eval_opponent: str | None = None,
                do_shuffle: bool = False) -> tuple[FastTable, pd.DataFrame]:
    """Train one table through ``stages`` [(opponent, games)]; log at the cumulative game counts in ``checkpoints``.

    At a checkpoint: entries learned (``len(Q)`` of the report), the share of the report's key space,
    the win rate over the games since the last checkpoint (training, exploring), a frozen evaluation
    (epsilon 0.1, balanced seats, ``setup.eval_games``) against ``eval_opponent`` (default: the
    current stage's opponent), and the seconds the training block took.
    """
    table = FastTable.new(n_players, history, hand)
    marks = sorted(set(int(c) for c in checkpoints))
    rows, done = [], 0
    for opponent, games in stages:
        end = done + games
        cuts = [c for c in marks if done < c < end] + [end]
        for cut in cuts:
            block = cut - done
            opponents = [setup.exp(opponent) for _ in range(n_players - 1)]
            start = time.perf_counter()
            result = train(table, opponents, block, rng, seats=seats, rule=rule, do_shuffle=do_shuffle)
            seconds = time.perf_counter() - start
            done = cut
            if cut in marks:
                target = eval_opponent or opponent
                ev = play([setup.rl(table)] + [setup.exp(target) for _ in range(n_players - 1)],
                          setup.eval_games, rng)
                rows.append({"games": done, "entries": len(table), "explored_share": table.explored_share(),
                             "training_wins": result.wins(0), "training_games": block,
                             "eval_opponent": target, "wins": ev.wins(0), "eval_games": setup.eval_games,
                             "mean_actions": float(result.length.mean()),
                             "scanned_per_game": float(result.scanned.mean()), "seconds": seconds})
    curve = pd.DataFrame(rows)
    if len(curve):
        low, high = wilson_interval(curve["wins"].to_numpy(), curve["eval_games"].to_numpy())
        curve["win_rate"] = curve["wins"] / curve["eval_games"]
        curve["ci_low"], curve["ci_high"] = np.minimum(low, curve.win_rate), np.maximum(high, curve.win_rate)
        curve["training_win_rate"] = curve["training_wins"] / curve["training_games"]
    return table, curve


def model(setup: Setup, name: str, seed: int = 0, *, stages=None, **kwargs) -> tuple[FastTable, pd.DataFrame]:
    """A trained table (and its curve), from the cache when the same settings ran before."""
    from liarlab.study import cache as study_cache
    from liarlab.study import outputs

    stages = schedule(name, setup.stage_games) if stages is None else stages
    kwargs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in kwargs.items()}
    params = {"cache_format": 2, "name": name, "seed": seed, "stages": stages, "fallback": setup.fallback,
              "run_seed": setup.seed,
              "eval_games": setup.eval_games, "epsilon_eval": setup.epsilon_eval, **kwargs}
    memo = json.dumps(params, sort_keys=True, default=str)
    if memo in setup.models:
        return setup.models[memo]
    # keyed by the training code's source too (this module and every liarlab module it imports): edited code
    # never serves a table trained by older code
    fingerprint, _ = study_cache.fingerprint_for(train_model)
    path = outputs.cache_dir() / f"02_{name}-{study_cache.cache_key('02_model', params, fingerprint)}.npz"
    result = None
    if setup.cache and path.exists() and not study_cache._FORCE["value"]:
        try:
            table = FastTable.load(path)
            curve = pd.DataFrame(table.extra.get("curve", []))
            result = (table, curve[table.extra.get("curve_columns", list(curve.columns))])
            outputs.credit_seconds(float(table.extra.get("train_seconds", 0.0)))   # rerun time counts it
        except CorruptQTableError:
            result = None          # damaged: retrain below and overwrite
    if result is None:
        rng = setup.rng("model", memo)
        start = time.perf_counter()
        result = train_model(setup, stages, rng, **kwargs)
        if setup.cache:
            # plain Python floats keep every digit through JSON, so a cached run writes the same tables
            records = [{k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}
                       for row in result[1].to_dict("records")]
            result[0].save(path, extra={"curve": records, "curve_columns": [str(c) for c in result[1].columns],
                                        "train_seconds": time.perf_counter() - start})
    setup.models[memo] = result
    return result


def models(setup: Setup, names, **kwargs) -> dict[str, list[FastTable]]:
    """Each name trained once per seed of the setup."""
    return {name: [model(setup, name, s, **kwargs)[0] for s in setup.seeds] for name in names}


# ============================================================================ evaluations

def _pooled(rows_by_seed: list[tuple[int, int]]) -> dict:
    wins = sum(w for w, _ in rows_by_seed)
    games = sum(g for _, g in rows_by_seed)
    rates = [w / g for w, g in rows_by_seed]
    return {"wins": wins, "games": games, "seed_min": min(rates), "seed_max": max(rates), "n_seeds": len(rates)}


def balanced(setup: Setup, a: Player, b: Player, rng) -> tuple[int, int, np.ndarray, np.ndarray]:
    """a against b, each seat equally often: a's wins, games, and its wins/games by seat."""
    result = play([a, b], setup.eval_games, rng)
    wins, games = result.wins_by_seat(0)
    return result.wins(0), setup.eval_games, wins, games


def vs_rand(setup: Setup, rl_models: dict) -> pd.DataFrame:
    """Fig 5-1: EXP0-3 and RL0-3 against RAND, balanced seats."""
    rows = []
    for name in EXPS:
        w, g, _, _ = balanced(setup, setup.exp(name), Player("RAND"), setup.rng("rand", name))
        rows.append({"player": name, "wins": w, "games": g})
    for name, tables in rl_models.items():
        per_seed = [balanced(setup, setup.rl(t), Player("RAND"), setup.rng("rand", name, i))[:2]
                    for i, t in enumerate(tables)]
        rows.append({"player": name, **_pooled(per_seed)})
    return rate_frame(rows)


def exp_pairs(setup: Setup, fallbacks=("smallest", "best_face_plus_one")) -> pd.DataFrame:
    """Figs 5-2 and 5-5 (EXP part): EXPi as P1 against EXPj as P2, every pair, both honestAction readings."""
    rows = []
    for fb in fallbacks:
        for a in EXPS:
            for b in EXPS:
                r = play([Player(a, honest_fallback=fb), Player(b, honest_fallback=fb)], setup.eval_games,
                         setup.rng("pairs", fb, a, b), seats=0)
                rows.append({"fallback": fb, "p1": a, "p2": b, "wins": r.wins(0), "games": setup.eval_games,
                             "mean_actions": float(r.length.mean())})
    return rate_frame(rows)


def three_player(setup: Setup, fallbacks=("smallest", "best_face_plus_one"), margins=(3, 2)) -> pd.DataFrame:
    """Figs 5-3 and 5-6: three EXPs, every seating of {A, A, B} (and A, A, A); win rate per seat."""
    rows = []
    for fb in fallbacks:
        for margin in margins:
            for a in EXPS:
                for b in EXPS:
                    positions = [0] if a == b else [0, 1, 2]
                    for b_seat in positions:
                        lineup_names = [a, a, a]
                        lineup_names[b_seat] = b
                        lineup = [Player(n, honest_fallback=fb, margin=margin) for n in lineup_names]
                        r = play(lineup, setup.eval_games, setup.rng("three", fb, margin, a, b, b_seat), seats=0)
                        wins = np.bincount(r.winner, minlength=3)
                        for seat in range(3):
                            rows.append({"fallback": fb, "margin": margin, "a": a, "b": b,
                                         "b_seat": b_seat + 1 if a != b else 0, "seat": seat + 1,
                                         "player": lineup_names[seat], "preceded_by": lineup_names[seat - 1],
                                         "wins": int(wins[seat]), "games": setup.eval_games})
    return rate_frame(rows)


def rl_vs_exp(setup: Setup, rl_models: dict, epsilons=(0.1, 0.0)) -> pd.DataFrame:
    """Figs 5-4 and 5-7: each model against each EXP, balanced seats, pooled over training seeds."""
    rows = []
    for eps in epsilons:
        for name, tables in rl_models.items():
            for opp in EXPS:
                per_seed, seat_w, seat_g = [], np.zeros(2, int), np.zeros(2, int)
                for i, t in enumerate(tables):
                    w, g, sw, sg = balanced(setup, setup.rl(t, epsilon=eps), setup.exp(opp),
                                            setup.rng("rlexp", eps, name, opp, i))
                    per_seed.append((w, g))
                    seat_w += sw
                    seat_g += sg
                rows.append({"epsilon": eps, "model": name, "opponent": opp, **_pooled(per_seed),
                             "p1_win_rate": seat_w[0] / seat_g[0], "p2_win_rate": seat_w[1] / seat_g[1]})
    return rate_frame(rows)


def self_play(setup: Setup, rl_models: dict, exp_pairs_frame: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-5: identical pairs, P1's win rate (two frozen copies of the same table for RL)."""
    rows = []
    same = exp_pairs_frame[(exp_pairs_frame.p1 == exp_pairs_frame.p2) & (exp_pairs_frame.fallback == setup.fallback)]
    for r in same.itertuples():
        rows.append({"player": r.p1, "wins": r.wins, "games": r.games, "n_seeds": 1})
    for name, tables in rl_models.items():
        per_seed = []
        for i, t in enumerate(tables):
            res = play([setup.rl(t), setup.rl(t)], setup.eval_games, setup.rng("self", name, i), seats=0)
            per_seed.append((res.wins(0), setup.eval_games))
        rows.append({"player": name, **_pooled(per_seed)})
    return rate_frame(rows)


def fixed_seat_two(setup: Setup, epsilons=(0.1, 0.0)) -> pd.DataFrame:
    """Fig 5-8: RL0 trained only as P1, only as P2, or rotating; tested vs EXP0 as P1 and as P2.

    ``epsilon`` is the evaluation exploration (0.1 canonical, 0 the greedy sensitivity).
    """
    rows = []
    variants = [("rotating", "rotate", False), ("P1 only", 0, False), ("P2 only", 1, False),
                ("P2 only, shuffled ties", 1, True)]
    for eps in epsilons:
        for label, seats, shuffle in variants:
            for i in setup.seeds:
                t, _ = model(setup, "RL0", i, seats=seats, do_shuffle=shuffle)
                for test_seat in (0, 1):
                    r = play([Player(t, epsilon=eps, do_shuffle=shuffle), setup.exp("EXP0")],
                             setup.eval_games, setup.rng("fixed2", eps, label, i, test_seat), seats=test_seat)
                    rows.append({"epsilon": eps, "trained": label, "seed": i, "tested_as": f"P{test_seat + 1}",
                                 "wins": r.wins(0), "games": setup.eval_games})
    frame = pd.DataFrame(rows).groupby(["epsilon", "trained", "tested_as"], sort=False).agg(
        wins=("wins", "sum"), games=("games", "sum")).reset_index()
    return rate_frame(frame.to_dict("records"))


def fixed_seat_three(setup: Setup) -> pd.DataFrame:
    """Fig 5-9: three players, RL0 trained against two EXP0 at P1, P2, P3 or rotating; tested at each seat."""
    rows = []
    for label, seats in (("rotating", "rotate"), ("P1 only", 0), ("P2 only", 1), ("P3 only", 2)):
        for i in setup.seeds:
            t, _ = model(setup, "RL0", i, n_players=3, seats=seats)
            for test_seat in range(3):
                r = play([setup.rl(t), setup.exp("EXP0"), setup.exp("EXP0")], setup.eval_games,
                         setup.rng("fixed3", label, i, test_seat), seats=test_seat)
                rows.append({"trained": label, "tested_as": f"P{test_seat + 1}", "wins": r.wins(0),
                             "games": setup.eval_games})
    frame = pd.DataFrame(rows).groupby(["trained", "tested_as"], sort=False).agg(
        wins=("wins", "sum"), games=("games", "sum")).reset_index()
    return rate_frame(frame.to_dict("records"))


def curves(setup: Setup, configs: dict, log_every: int, total: int) -> pd.DataFrame:
    """Figs 5-10, 5-12, 5-13 and the textbook-rule extension: RL0 variants logged every ``log_every`` games."""
    frames = []
    marks = range(log_every, total + 1, log_every)
    for label, kwargs in configs.items():
        for i in setup.seeds:
            _, curve = model(setup, "RL0", i, stages=[("EXP0", total)], checkpoints=tuple(marks), **kwargs)
            frames.append(curve.assign(config=label, seed=i))
    return pd.concat(frames, ignore_index=True)


def summarize_curves(curve: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and checkpoint: pooled frozen win rate over seeds, mean entries and share."""
    grouped = curve.groupby(["config", "games"], sort=False).agg(
        wins=("wins", "sum"), games_eval=("eval_games", "sum"), entries=("entries", "mean"),
        explored_share=("explored_share", "mean"), training_win_rate=("training_win_rate", "mean"),
        seed_min=("win_rate", "min"), seed_max=("win_rate", "max"), mean_actions=("mean_actions", "mean"),
        scanned_per_game=("scanned_per_game", "mean"), seconds=("seconds", "mean")).reset_index()
    low, high = wilson_interval(grouped["wins"].to_numpy(), grouped["games_eval"].to_numpy())
    grouped["win_rate"] = grouped["wins"] / grouped["games_eval"]
    grouped["ci_low"], grouped["ci_high"] = np.minimum(low, grouped.win_rate), np.maximum(high, grouped.win_rate)
    return grouped


def full_hand_marks(total: int, log_every: int, fine_until: int, fine_every: int) -> tuple:
    """Checkpoints of the full-hand run: every ``fine_every`` up to ``fine_until``, then every ``log_every``."""
    marks = set(range(fine_every, fine_until + 1, fine_every)) | set(range(log_every, total + 1, log_every)) | {total}
    return tuple(sorted(marks))


def full_hand(setup: Setup, total: int, log_every: int, fine_until: int, fine_every: int) -> pd.DataFrame:
    """Fig 5-11: the full-hand RL0 (n=1) to ``total`` games, and the partial-hand RL0 for reference."""
    marks = full_hand_marks(total, log_every, fine_until, fine_every)
    frames = []
    for i in setup.seeds:
        _, curve = model(setup, "RL0", i, stages=[("EXP0", total)], checkpoints=marks, hand="full")
        frames.append(curve.assign(config="full hand", seed=i))
        _, curve = model(setup, "RL0", i, stages=[("EXP0", setup.stage_games)],
                         checkpoints=(setup.stage_games,))
        frames.append(curve.assign(config="partial hand", seed=i))
    return pd.concat(frames, ignore_index=True)


# ============================================================================ table contents

def classify_key(key: tuple, history: int, hand: str) -> str:
    """The report's four kinds of strategy: opening honest, mid-game honest, slight lie, challenge."""
    head, rest = key[:2 * history], key[2 * history:]
    if rest[-1] == -1:
        return "challenge"
    if hand == "full":
        face, count = rest[6], rest[7]
        held = rest[face - 1]
    else:
        face, held, count = rest
    if count > held:
        return "slight lie"
    return "opening honest" if all(x == 0 for x in head) else "mid-game honest"


def top_entries(table: FastTable, n: int = 30) -> pd.DataFrame:
    """The ``n`` largest Q values with their keys and kind (ties by key order; the report leaves them open)."""
    q: QTable = table.to_qtable()
    rows = []
    for rank, (key, value) in enumerate(q.top(n), start=1):
        rows.append({"rank": rank, "key": " ".join(str(x) for x in key), "value": value,
                     "kind": classify_key(key, q.history, q.hand)})
    return pd.DataFrame(rows)


def top30(setup: Setup, configs: dict) -> pd.DataFrame:
    """Table 5-1 and the text after it: top-30 entries of RL0 for each state record, every training seed.

    ``configs[label]`` holds ``games`` (training length, default one stage) and the :func:`model` keywords
    (pass the same ``checkpoints`` as the curves to reuse those very tables).
    """
    frames = []
    for label, config in configs.items():
        kwargs = dict(config)
        games = kwargs.pop("games", setup.stage_games)
        for i in setup.seeds:
            t, _ = model(setup, "RL0", i, stages=[("EXP0", games)], **kwargs)
            frames.append(top_entries(t).assign(config=label, seed=i))
    return pd.concat(frames, ignore_index=True)


def table_4_3(setup: Setup, games=(1_000, 100_000)) -> pd.DataFrame:
    """Table 4-3's slice (hold four 5s, bid c fives after [2,1], [3,3], [6,4]) of RL0 after few and many games."""
    rows = []
    for n in games:
        t, _ = model(setup, "RL0", setup.seeds[0], stages=[("EXP0", n)])
        q = t.to_qtable()
        for prev in ((2, 1), (3, 3), (6, 4)):
            for c in range(1, 6):
                legal = c > prev[1] or (c == prev[1] and 5 > prev[0])
                key = prev + (5, 4, c)
                rows.append({"games": n, "previous_bid": f"[{prev[0]},{prev[1]}]", "bid_fives": c,
                             "value": q.values.get(key, 0.0) if legal else np.nan, "seen": key in q.values})
    return pd.DataFrame(rows)


# ============================================================================ forced hands

def forced_exp(setup: Setup) -> pd.DataFrame:
    """Figs 5-14, 5-15: EXPi with a forced largest multiplicity s against EXPi with fair dice, balanced seats."""
    rows = []
    for name in EXPS:
        for s in range(1, 6):
            w, g, sw, sg = balanced(setup, setup.exp(name, same=s), setup.exp(name), setup.rng("forced", name, s))
            rows.append({"player": name, "same": s, "wins": w, "games": g, "p1_win_rate": sw[0] / sg[0],
                         "p2_win_rate": sw[1] / sg[1]})
    return rate_frame(rows)


def forced_rl(setup: Setup, rl_models: dict) -> pd.DataFrame:
    """Fig 5-16: RLi (forced s) against a frozen copy of itself with fair dice, balanced seats."""
    rows = []
    for name, tables in rl_models.items():
        for s in range(1, 6):
            per_seed = [balanced(setup, setup.rl(t, same=s), setup.rl(t), setup.rng("forcedrl", name, s, i))[:2]
                        for i, t in enumerate(tables)]
            rows.append({"player": name, "same": s, **_pooled(per_seed)})
    return rate_frame(rows)


def forced_grid(setup: Setup, rl_models: dict) -> pd.DataFrame:
    """Figs 5-17, 5-18: both sides forced, P1 with s1 and P2 with s2; P1's win rate."""
    rows = []
    players = [(n, None) for n in ("EXP0", "EXP1")] + [(n, rl_models[n]) for n in ("RL0", "RL1") if n in rl_models]
    for name, tables in players:
        for s1 in range(1, 6):
            for s2 in range(1, 6):
                if tables is None:
                    r = play([setup.exp(name, same=s1), setup.exp(name, same=s2)], setup.eval_games,
                             setup.rng("grid", name, s1, s2), seats=0)
                    per_seed = [(r.wins(0), setup.eval_games)]
                else:
                    per_seed = []
                    for i, t in enumerate(tables):
                        r = play([setup.rl(t, same=s1), setup.rl(t, same=s2)], setup.eval_games,
                                 setup.rng("grid", name, s1, s2, i), seats=0)
                        per_seed.append((r.wins(0), setup.eval_games))
                rows.append({"player": name, "s1": s1, "s2": s2, **_pooled(per_seed)})
    return rate_frame(rows)


# ============================================================================ game lengths

def game_lengths(setup: Setup, rl0: list[FastTable]) -> pd.DataFrame:
    """Fig 6-1: actions per game including the challenge (``len(record)/2``), RL0 vs EXP0 and EXP pairs."""
    rows = []
    matchups = [("RL0 vs EXP0", [setup.rl(t), setup.exp("EXP0")]) for t in rl0]
    matchups += [(f"{a} vs {a}", [setup.exp(a), setup.exp(a)]) for a in EXPS]
    counts: dict[str, np.ndarray] = {}
    for i, (label, lineup) in enumerate(matchups):
        r = play(lineup, setup.eval_games, setup.rng("lengths", label, i))
        counts[label] = counts.get(label, 0) + np.bincount(r.length, minlength=62)[:62]
    for label, c in counts.items():
        for length in np.flatnonzero(c):
            rows.append({"matchup": label, "actions": int(length), "games": int(c[length])})
    frame = pd.DataFrame(rows)
    frame["share"] = frame["games"] / frame.groupby("matchup")["games"].transform("sum")
    return frame


# ============================================================================ exploitability (extension)

def policy_table(table: FastTable, hands: np.ndarray, epsilon: float) -> np.ndarray:
    """``p[m, s, a]``: probability that the epsilon-greedy table plays ``a`` holding ``hands[m]`` with standing
    bid index ``s - 1`` (``s = 0`` = opening). Only history 1 makes the policy a function of (hand, standing)."""
    layout = table.layout
    if layout.history != 1 or layout.n_players != 2:
        raise ValueError("the exact policy table needs a two-player table with history 1")
    from liarlab.liardice.qtable import rank_of_hand

    n_bids, a_n = layout.n_bids, layout.n_actions
    out = np.zeros((len(hands), a_n, a_n))
    actions = np.arange(a_n)
    for m, hand in enumerate(hands):
        if layout.hand == "full":
            h = rank_of_hand(hand)
            vals = table.values.reshape(a_n, -1, a_n)[:, h, :]                    # (s, a)
        else:
            held = np.where(actions == n_bids, 0, hand[actions % 6])
            vals = table.values.reshape(a_n, a_n, 6)[:, actions, held]           # (s, a)
        for s in range(a_n):
            lo = s
            hi = n_bids if s > 0 else n_bids - 1
            legal = np.arange(lo, hi + 1)
            v = vals[s, legal]
            greedy = legal[len(v) - 1 - int(np.argmax(v[::-1]))]                # ties go to the last action
            out[m, s, legal] = epsilon / len(legal)
            out[m, s, greedy] += 1.0 - epsilon
    return out


def exploitability(setup: Setup, tables: dict, n_games: int, depth: int = 1) -> pd.DataFrame:
    """Notebook 01's best responder, told the trained table's exact policy, against that table (frozen, epsilon
    0.1), balanced seats; the table's own win rate is one minus the responder's."""
    from liarlab.liardice.agents import BestResponseAgent
    from liarlab.liardice.exp_agents import paper_config, play_paper_game
    from liarlab.liardice.qtable import QTableAgent

    config = paper_config(2)
    rows = []
    for name, table in tables.items():
        responder = BestResponseAgent(config, depth=depth)
        responder.table = policy_table(table, responder.hands, setup.epsilon_eval)   # replace its opponent model
        agent = QTableAgent(table.to_qtable(), epsilon=setup.epsilon_eval, learning=False)
        rng = setup.rng("exploit", name)
        wins = 0
        for g in range(n_games):
            seat = g % 2                 # the responder's seat; player 1 always opens
            rec = play_paper_game([responder, agent] if seat == 0 else [agent, responder], rng)
            wins += int(rec.winner == seat)
        rows.append({"model": name, "wins": wins, "games": n_games})
    return rate_frame(rows)


def honest_fallback_choice(counts: dict) -> str:
    """The reading with more reproduced EXP claims (Figs 5-2, 5-3, 5-5, 5-6); a tie keeps the text's reading."""
    best = max(counts.values())
    return "smallest" if counts.get("smallest", 0) == best else max(counts, key=counts.get)
