"""Notebook 02's experiments: the report's figures and tables as tidy frames, one row per measurement.

Everything runs on the compiled engine :mod:`liarlab.liardice.qfast` (tested against the rules module and the
reference players). Trained Q-tables are cached as checksummed ``.npz`` files under ``data/cache``.

**Replication.** A learned agent is replicated by independently trained tables: every Q-table quantity is
measured once per training seed (``Setup.seeds``, at least ten in the full profile) and the claims take their
intervals from the spread across seeds (:func:`liarlab.core.verdicts.across_seeds`). Fixed agents (EXP0-3,
RAND) are replicated by games (Wilson intervals). Per-seed frames carry a ``seed`` column; fixed-agent rows
have ``seed = -1``.

**Measured once.** Every evaluation of a trained table goes through :func:`evaluate`, memoised on the
:class:`Setup`: the same table against the same opponent under the same evaluation settings is one
measurement wherever it appears (Fig 5-4's RL0-vs-EXP0 cell, the last point of Fig 5-10/5-12's curve, the
rotating-seat reference of Fig 5-8 and the partial-hand reference of Fig 5-11 are one and the same).
A balanced evaluation plays ``eval_games`` games per seat arrangement.

Model names follow the report: ``RL0`` is trained 100,000 games against EXP0, ``RL01`` then 100,000 more
against EXP1 on the same table, ``RL-random`` 400,000 games against EXPRAND (a new EXP rule at every decision).
"""
from __future__ import annotations

import functools
import json
import time
import zlib
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from liarlab.core import verdicts as V
from liarlab.liardice.exp_agents import EXP0_WINDOW
from liarlab.liardice.qfast import FastTable, Player, play, train
from liarlab.liardice.qtable import CorruptQTableError, QTable

EXPS = ("EXP0", "EXP1", "EXP2", "EXP3")
#: the two readings of the unshown honestAction (what EXP1-EXP3 bid when no bid is honest), one short name each
#: on the whole page: prose, tables and figure titles (issue 50, fresh reader: five names for two readings)
READING_NAMES = {"smallest": "smallest legal bid", "best_face_plus_one": "most-held face + 1"}
FIXED = -1          # the seed column of a fixed-agent row
MAX_LENGTH = 92     # actions per game are at most 30k + 1


@dataclass
class Setup:
    """Sizes and readings shared by the experiments (profiles change sizes only)."""

    stage_games: int = 100_000
    eval_games: int = 10_000          # per seat arrangement, for a trained table (its seeds replicate it)
    fixed_games: int = 50_000         # per seat arrangement, for fixed agents (the games replicate them)
    seeds: tuple = tuple(range(10))
    fallback: str = "smallest"        # honestAction reading for EXP1-3
    epsilon_eval: float = 0.1
    seed: int = 0
    stream: str = ""                  # "" for the pilot run; a confirmatory sample's games get their own streams
    cache: bool = True
    models: dict = field(default_factory=dict)
    evals: dict = field(default_factory=dict)
    fresh: set = field(default_factory=set)       # cache files written in this run (valid under --force)

    @property
    def marks(self) -> tuple:
        """Checkpoints of every one-stage model: every tenth of a stage (the report logs every 10,000 games)."""
        step = max(self.stage_games // 10, 1)
        return tuple(range(step, self.stage_games + 1, step))

    def exp(self, name: str, same: int = 0, margin: int | None = None) -> Player:
        return Player(name, honest_fallback=self.fallback, same=same, margin=margin)

    def rl(self, table: FastTable, same: int = 0, epsilon: float | None = None) -> Player:
        return Player(table, epsilon=self.epsilon_eval if epsilon is None else epsilon, same=same)

    def rng(self, *labels, fresh: bool = True) -> np.random.Generator:
        """A stream fixed by the run's seed and the experiment's labels (independent of call order). A
        confirmatory setup (``stream`` set) plays fresh games: its label enters every stream except a trained
        table's (``fresh=False``: a table is fixed by its name, options and training seed, which is new anyway)."""
        if self.stream and fresh:
            labels = (self.stream,) + labels
        return np.random.default_rng([self.seed, zlib.crc32(json.dumps(labels, default=str).encode())])


# ============================================================================ estimates from tidy frames

def rate_frame(rows) -> pd.DataFrame:
    """Rows with ``wins`` and ``games`` (and ``seed``: -1 for fixed agents) -> win_rate with its 95% interval.

    A frame with one row per training seed is summarised per group by :func:`summarize`; this gives each row
    its own Wilson interval (the games of one table or one fixed pairing)."""
    frame = pd.DataFrame(rows)
    ests = [V.proportion(w, g) for w, g in zip(frame["wins"], frame["games"])]
    frame["win_rate"] = frame["wins"] / frame["games"]
    frame["ci_low"] = [e.low for e in ests]
    frame["ci_high"] = [e.high for e in ests]
    return frame


def estimate(rows: pd.DataFrame, level: float = V.LEVEL, value: str = "win_rate") -> V.Estimate:
    """The estimate of one group: across seeds for trained tables (one value per seed), Wilson for a fixed
    pairing (the pooled games of the ``seed = -1`` rows). ``value`` names a per-seed column (default: wins/games)."""
    if len(rows) == 0:
        raise KeyError("no rows to estimate from")
    seeds = rows["seed"].to_numpy() if "seed" in rows else np.full(len(rows), FIXED)
    if (seeds == FIXED).all():
        return V.proportion(int(rows["wins"].sum()), int(rows["games"].sum()), level)
    per_seed = rows.groupby("seed").apply(
        lambda g: g[value].mean() if value != "win_rate" else g["wins"].sum() / g["games"].sum(),
        include_groups=False)
    lo, hi = (0.0, 1.0) if value in ("win_rate", "explored_share", "share") else (-np.inf, np.inf)
    return V.across_seeds(per_seed.to_numpy(), lo, hi, level)


def per_seed(rows: pd.DataFrame, value: str = "win_rate") -> pd.Series:
    """One value per training seed (wins over games for ``win_rate``)."""
    if value == "win_rate":
        return rows.groupby("seed").apply(lambda g: g["wins"].sum() / g["games"].sum(), include_groups=False)
    return rows.groupby("seed")[value].mean()


def summarize(frame: pd.DataFrame, by: list[str], value: str = "win_rate") -> pd.DataFrame:
    """Per group: the estimate (mean across seeds or pooled Wilson), its 95% interval, n and unit, seed range."""
    out = []
    for key, g in frame.groupby(by, sort=False):
        key = key if isinstance(key, tuple) else (key,)
        e = estimate(g, value=value)
        out.append({**dict(zip(by, key)), value: e.value, "ci_low": e.low, "ci_high": e.high, "n": e.n,
                    "unit": e.unit, "seed_min": e.seed_min, "seed_max": e.seed_max})
    return pd.DataFrame(out)


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

    At a checkpoint: entries learned (``len(Q)`` of the report), the share of the report's key space, the win
    rate over the training block since the last checkpoint (a windowed rate, exploring), a frozen evaluation
    (balanced seats, ``setup.eval_games`` per seat) against ``eval_opponent`` (default: the current stage's
    opponent) except at the end of training, where :func:`evaluate` measures the finished table once for every
    figure, and the wall-clock seconds the training block took (measured, machine-dependent).
    """
    table = FastTable.new(n_players, history, hand)
    marks = sorted(set(int(c) for c in checkpoints))
    total = sum(g for _, g in stages)
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
                row = {"games": done, "entries": len(table), "explored_share": table.explored_share(),
                       "training_wins": result.wins(0), "training_games": block, "eval_opponent": target,
                       "wins": np.nan, "eval_games": np.nan, "mean_actions": float(result.length.mean()),
                       "scanned_per_game": float(result.scanned.mean()), "seconds": seconds}
                if done < total:
                    ev = play([setup.rl(table)] + [setup.exp(target) for _ in range(n_players - 1)],
                              n_players * setup.eval_games, rng)
                    row.update(wins=ev.wins(0), eval_games=n_players * setup.eval_games)
                rows.append(row)
    curve = pd.DataFrame(rows)
    if len(curve):
        curve["training_win_rate"] = curve["training_wins"] / curve["training_games"]
    return table, curve


def model_kwargs(setup: Setup, name: str, kwargs: dict) -> dict:
    """RL0 in the two-player, rotating-seat setting is always trained with the curve's checkpoints, so Fig 5-12's
    RL0 is Fig 5-4's RL0 (and each state record of Fig 5-10 is the table of Table 5-1)."""
    kwargs = dict(kwargs)
    if name == "RL0" and "checkpoints" not in kwargs and kwargs.get("seats", "rotate") == "rotate" \
            and kwargs.get("n_players", 2) == 2 and not kwargs.get("do_shuffle", False):
        kwargs["checkpoints"] = setup.marks
    return kwargs


def model(setup: Setup, name: str, seed: int = 0, *, stages=None, **kwargs) -> tuple[FastTable, pd.DataFrame]:
    """A trained table (and its curve), from the cache when the same settings ran before."""
    from liarlab.study import cache as study_cache
    from liarlab.study import context, outputs

    kwargs = model_kwargs(setup, name, kwargs) if stages is None else kwargs
    stages = schedule(name, setup.stage_games) if stages is None else stages
    kwargs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in kwargs.items()}
    params = {"cache_format": 3, "name": name, "seed": seed, "stages": stages, "fallback": setup.fallback,
              "run_seed": setup.seed, "eval_games": setup.eval_games, "epsilon_eval": setup.epsilon_eval, **kwargs}
    memo = json.dumps(params, sort_keys=True, default=str)
    if memo in setup.models:
        return setup.models[memo]
    # keyed by the training code's source too (this module and every liarlab module it imports): edited code
    # never serves a table trained by older code
    fingerprint = training_fingerprint()
    path = outputs.cache_dir() / f"02_{name}-{study_cache.cache_key('02_model', params, fingerprint)}.npz"
    result = None
    if setup.cache and path.exists() and (not context.current().force or str(path) in setup.fresh):
        try:
            table = FastTable.load(path)
            curve = pd.DataFrame(table.extra.get("curve", []))
            result = (table, curve[table.extra.get("curve_columns", list(curve.columns))])
            if str(path) not in setup.fresh:    # trained by an earlier run: the rerun time counts its training
                outputs.credit_seconds(float(table.extra.get("train_seconds", 0.0)))
        except CorruptQTableError:
            result = None          # damaged: retrain below and overwrite
    if result is None:
        rng = setup.rng("model", memo, fresh=False)
        start = time.perf_counter()
        result = train_model(setup, stages, rng, **kwargs)
        if setup.cache:
            setup.fresh.add(str(path))
            # plain Python floats keep every digit through JSON, so a cached run writes the same tables
            records = [{k: (None if isinstance(v, float) and np.isnan(v) else (v.item() if hasattr(v, "item") else v))
                        for k, v in row.items()} for row in result[1].to_dict("records")]
            result[0].save(path, extra={"curve": records, "curve_columns": [str(c) for c in result[1].columns],
                                        "train_seconds": time.perf_counter() - start})
    setup.models[memo] = result
    return result


@functools.lru_cache(maxsize=1)
def training_fingerprint() -> str:
    """The source fingerprint of :func:`train_model` (its module and every liarlab module it imports), read once
    per process: the code a process runs is the code it imported, and hashing some thirty source files again for
    each of the run's ~1,500 tables cost milliseconds each, in the kernel and in every worker."""
    from liarlab.study import cache as study_cache

    return study_cache.fingerprint_for(train_model)[0]


def models(setup: Setup, names, **kwargs) -> dict[str, list[FastTable]]:
    """Each name trained once per seed of the setup."""
    return {name: [model(setup, name, s, **kwargs)[0] for s in setup.seeds] for name in names}


def _train_task(rng, setup, name, seed, options):
    """A worker's share of :func:`pretrain`: train (or find) one table in the run's cache (the worker runs under
    the caller's run context: its output root and ``force``); returns the files it wrote, by name and content,
    so they travel back through the executor (a Dask worker's disk need not be the client's)."""
    from pathlib import Path

    model(setup, name, seed, **options)
    return [(Path(path).name, Path(path).read_bytes()) for path in sorted(setup.fresh)]


def pretrain(setup: Setup, trainings: list[tuple[str, dict]]) -> None:
    """Train every (model name, options) in ``trainings`` for every seed of ``setup`` in worker processes into the
    cache, so that later :func:`model` calls load them. The tables are the same as trained in place: each one's
    random stream is fixed by its own settings, not by the worker or the order."""
    from dataclasses import replace

    from liarlab.core.files import atomic_write_bytes
    from liarlab.study import outputs
    from liarlab.study.parallel import run_tasks

    if not setup.cache:
        return
    tasks = [{"setup": replace(setup, models={}, evals={}, fresh=set()), "name": name, "seed": s,
              "options": dict(options)} for name, options in trainings for s in setup.seeds]
    # longest first, so that the workers finish together
    tasks.sort(key=lambda t: -sum(g for _, g in (t["options"].get("stages") or schedule(t["name"], 1))))
    for written in run_tasks(_train_task, tasks, setup.seed, desc="training"):
        for name, content in written:
            path = outputs.cache_dir() / name
            if not path.exists():      # a worker on another disk: the table arrives here through the executor
                atomic_write_bytes(path, content)
            setup.fresh.add(str(path))


def full_hand_every(setup: Setup, full_hand_games: int) -> int:
    """Checkpoint step of the long full-hand run: a thirtieth of it, and never finer than a tenth of a stage."""
    return max(full_hand_games // 30, max(setup.stage_games // 10, 1))


def trainings(setup: Setup, full_hand_games: int, full_every: int) -> list[tuple[str, dict]]:
    """Every table the notebook trains, as (model name, options)."""
    out = [(f"RL{i}", {}) for i in range(4)] + [(n, {}) for n in sequential_names() + ["RL-random-game"]]
    out += [("RL0", opts) for label, opts in CURVE_CONFIGS.items() if label != "n=1"]
    out += [("RL0", {"seats": seats, "do_shuffle": shuffle}) for _, seats, shuffle in FIXED2_VARIANTS
            if seats != "rotate"]
    out += [("RL0", {"n_players": 3})] + [("RL0", {"n_players": 3, "seats": s}) for s in (0, 1, 2)]
    out += [("RL0", full_long_options(setup, full_hand_games, full_every))]
    out += [("RL0", {"stages": [("EXP0", TABLE_4_3_GAMES)]})]
    return out


# ============================================================================ the one evaluation

def evaluate(setup: Setup, name: str, seed: int, opponent: str = "EXP0", *, epsilon: float | None = None,
             seats="rotate", same: int = 0, opponent_same: int = 0, model_options: dict | None = None) -> dict:
    """Trained table ``name`` (training seed ``seed``, :func:`model` keywords ``model_options``) against
    ``opponent`` (a rule, or ``"self"``: a frozen copy of the same table), measured once per setup.

    ``seats="rotate"`` plays ``eval_games`` games per seat arrangement; an int fixes the table's seat.
    Returns wins and games per seat of the table and the histogram of actions per game.
    """
    eps = setup.epsilon_eval if epsilon is None else epsilon
    options = dict(model_options or {})
    key = json.dumps([name, seed, options, opponent, eps, seats, same, opponent_same], sort_keys=True, default=str)
    if key in setup.evals:
        return setup.evals[key]
    table, _ = model(setup, name, seed, **options)
    n_players = table.layout.n_players
    shuffle = bool(options.get("do_shuffle", False))      # a table trained with shuffled ties also plays with them
    rl = Player(table, epsilon=eps, same=same, do_shuffle=shuffle)
    others = [Player(table, epsilon=setup.epsilon_eval, same=opponent_same, do_shuffle=shuffle) if opponent == "self" else
              setup.exp(opponent, same=opponent_same) if opponent != "RAND" else Player("RAND")
              for _ in range(n_players - 1)]
    n = setup.eval_games * (n_players if seats == "rotate" else 1)
    r = play([rl] + others, n, setup.rng("eval", key), seats=seats)
    wins, games = r.wins_by_seat(0)
    out = {"wins": int(wins.sum()), "games": int(n), "seat_wins": wins, "seat_games": games,
           "lengths": np.bincount(r.length, minlength=MAX_LENGTH)[:MAX_LENGTH]}
    setup.evals[key] = out
    return out


def _eval_rows(setup, names, opponents, **kw) -> list[dict]:
    rows = []
    for name in names:
        for opp in opponents:
            for s in setup.seeds:
                e = evaluate(setup, name, s, opp, **kw)
                rows.append({"model": name, "opponent": opp, "seed": s, "wins": e["wins"], "games": e["games"],
                             "p1_wins": int(e["seat_wins"][0]), "p1_games": int(e["seat_games"][0])})
    return rows


def vs_rand(setup: Setup, rl_names=("RL0", "RL1", "RL2", "RL3")) -> pd.DataFrame:
    """Fig 5-1: EXP0-3 and RL0-3 against RAND, balanced seats (one row per EXP, one per RL and seed)."""
    rows = []
    for name in EXPS:
        r = play([setup.exp(name), Player("RAND")], 2 * setup.fixed_games, setup.rng("rand", name))
        rows.append({"player": name, "seed": FIXED, "wins": r.wins(0), "games": 2 * setup.fixed_games})
    for r in _eval_rows(setup, rl_names, ["RAND"]):
        rows.append({"player": r["model"], "seed": r["seed"], "wins": r["wins"], "games": r["games"]})
    return rate_frame(rows)


def exp_pairs(setup: Setup, fallbacks=("smallest", "best_face_plus_one"), only=None) -> pd.DataFrame:
    """Figs 5-2 and 5-5 (EXP part): EXPi as P1 against EXPj as P2, every pair (or the (P1, P2) pairs in
    ``only``), both honestAction readings, ``fixed_games`` games each."""
    rows = []
    for fb in fallbacks:
        for a in EXPS:
            for b in EXPS:
                if only is not None and (a, b) not in only:
                    continue
                r = play([Player(a, honest_fallback=fb), Player(b, honest_fallback=fb)], setup.fixed_games,
                         setup.rng("pairs", fb, a, b), seats=0)
                rows.append({"fallback": fb, "p1": a, "p2": b, "seed": FIXED, "wins": r.wins(0),
                             "games": setup.fixed_games, "mean_actions": float(r.length.mean())})
    return rate_frame(rows)


def three_player(setup: Setup, fallbacks=("smallest", "best_face_plus_one"), margins=(3, 2),
                 only=None, window: int = EXP0_WINDOW) -> pd.DataFrame:
    """Figs 5-3 and 5-6: three EXPs, every seating (rotation) of {A, A, B} (and A, A, A); win rate per seat.

    The rotations separate the seat from the type: ``seat`` is the absolute seat, ``player`` the type and
    ``preceded_by`` the type of the player just before (relative seating). ``only``: the (A, B) type pairs to
    play (default all); ``fixed_games`` games per seating; ``window``: EXP0's smallest legal actions (a reading of
    spec 7.1; the same streams for every window, so a reading is paired with the report's six)."""
    rows = []
    for fb in fallbacks:
        for margin in margins:
            for a in EXPS:
                for b in EXPS:
                    if only is not None and (a, b) not in only:
                        continue
                    positions = [0] if a == b else [0, 1, 2]
                    for b_seat in positions:
                        names = [a, a, a]
                        names[b_seat] = b
                        lineup = [Player(n, honest_fallback=fb, margin=margin, window=window) for n in names]
                        r = play(lineup, setup.fixed_games, setup.rng("three", fb, margin, a, b, b_seat), seats=0)
                        wins = np.bincount(r.winner, minlength=3)
                        for seat in range(3):
                            rows.append({"fallback": fb, "margin": margin, "a": a, "b": b,
                                         "b_seat": b_seat + 1 if a != b else 0, "seat": seat + 1,
                                         "player": names[seat], "preceded_by": names[seat - 1], "seed": FIXED,
                                         "wins": int(wins[seat]), "games": setup.fixed_games})
    return rate_frame(rows)


def rl_vs_exp(setup: Setup, names, epsilons=(0.1, 0.0)) -> pd.DataFrame:
    """Figs 5-4 and 5-7: each model against each EXP, balanced seats, one row per training seed."""
    rows = []
    for eps in epsilons:
        rows += [{"epsilon": eps, **r} for r in _eval_rows(setup, names, EXPS, epsilon=eps)]
    return rate_frame(rows)


def self_play(setup: Setup, pairs: pd.DataFrame | None, rl_names=("RL0", "RL1", "RL2", "RL3")) -> pd.DataFrame:
    """Fig 5-5: identical pairs, P1's win rate (two frozen copies of the same table for RL; ``pairs=None``:
    the tables only)."""
    rows = []
    if pairs is not None:
        same = pairs[(pairs.p1 == pairs.p2) & (pairs.fallback == setup.fallback)]
        rows = [{"player": r.p1, "seed": FIXED, "wins": r.wins, "games": r.games} for r in same.itertuples()]
    for r in _eval_rows(setup, rl_names, ["self"], seats=0):
        rows.append({"player": r["model"], "seed": r["seed"], "wins": r["wins"], "games": r["games"]})
    return rate_frame(rows)


FIXED2_VARIANTS = (("rotating", "rotate", False), ("P1 only", 0, False), ("P2 only", 1, False),
                   ("P2 only, shuffled ties", 1, True))


def fixed_seat_two(setup: Setup, epsilons=(0.1, 0.0)) -> pd.DataFrame:
    """Fig 5-8: RL0 trained only as P1, only as P2, or rotating; tested against EXP0 as P1 and as P2.

    The rotating-seat rows are the seat halves of RL0's one balanced evaluation (Fig 5-4's cell).
    ``epsilon`` is the evaluation exploration (0.1 canonical, 0 the greedy sensitivity)."""
    rows = []
    for eps in epsilons:
        for label, seats, shuffle in FIXED2_VARIANTS:
            options = {} if seats == "rotate" else {"seats": seats, "do_shuffle": shuffle}
            for s in setup.seeds:
                e = evaluate(setup, "RL0", s, "EXP0", epsilon=eps, model_options=options)
                for test_seat in (0, 1):
                    rows.append({"epsilon": eps, "trained": label, "seed": s, "tested_as": f"P{test_seat + 1}",
                                 "wins": int(e["seat_wins"][test_seat]), "games": int(e["seat_games"][test_seat])})
    return rate_frame(rows)


def fixed_seat_three(setup: Setup) -> pd.DataFrame:
    """Fig 5-9: three players, RL0 trained against two EXP0 at P1, P2, P3 or rotating; tested at each seat."""
    rows = []
    for label, seats in (("rotating", "rotate"), ("P1 only", 0), ("P2 only", 1), ("P3 only", 2)):
        options = {"n_players": 3} if seats == "rotate" else {"n_players": 3, "seats": seats}
        for s in setup.seeds:
            e = evaluate(setup, "RL0", s, "EXP0", model_options=options)
            for test_seat in range(3):
                rows.append({"trained": label, "seed": s, "tested_as": f"P{test_seat + 1}",
                             "wins": int(e["seat_wins"][test_seat]), "games": int(e["seat_games"][test_seat])})
    return rate_frame(rows)


#: the report's state records (Figs 5-10, 5-13, Table 5-1) and the textbook update rules (extension)
CURVE_CONFIGS = {"n=1": {}, "n=2": {"history": 2}, "n=3": {"history": 3},
                 "full, n=1": {"hand": "full"}, "full, n=2": {"hand": "full", "history": 2},
                 "full, n=3": {"hand": "full", "history": 3},
                 "Q-learning": {"rule": "q_learning"}, "SARSA": {"rule": "sarsa"}}


def curves(setup: Setup, configs: dict | None = None) -> pd.DataFrame:
    """Figs 5-10, 5-12, 5-13 and the update-rule extension: RL0 variants logged every tenth of a stage, one row
    per configuration, seed and checkpoint. The last point of each curve is :func:`evaluate`'s measurement."""
    frames = []
    for label, options in (configs or CURVE_CONFIGS).items():
        for s in setup.seeds:
            _, curve = model(setup, "RL0", s, **options)
            curve = curve.copy()
            e = evaluate(setup, "RL0", s, "EXP0", model_options=options)
            last = curve.games == curve.games.max()
            curve.loc[last, "wins"] = e["wins"]
            curve.loc[last, "eval_games"] = e["games"]
            frames.append(curve.assign(config=label, seed=s))
    frame = pd.concat(frames, ignore_index=True)
    frame["wins"] = frame["wins"].astype(int)
    frame["eval_games"] = frame["eval_games"].astype(int)
    frame = frame.rename(columns={"eval_games": "games_eval"})
    frame["win_rate"] = frame["wins"] / frame["games_eval"]
    return frame


def summarize_curves(curve: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and checkpoint: mean frozen win rate across seeds with its t interval and seed range,
    mean entries, explored share, training-block win rate, game length and scanned actions."""
    g = curve.rename(columns={"games_eval": "games_e"}).assign(games_=curve["games"])
    rows = []
    for (config, games), grp in g.groupby(["config", "games"], sort=False):
        e = V.across_seeds(grp["win_rate"].to_numpy()) if len(grp) > 1 else V.proportion(grp.wins.sum(),
                                                                                             grp.games_e.sum())
        rows.append({"config": config, "games": games, "win_rate": e.value, "ci_low": e.low, "ci_high": e.high,
                     "n_seeds": len(grp), "seed_min": grp.win_rate.min(), "seed_max": grp.win_rate.max(),
                     "entries": grp.entries.mean(), "explored_share": grp.explored_share.mean(),
                     "training_win_rate": grp.training_win_rate.mean(), "mean_actions": grp.mean_actions.mean(),
                     "scanned_per_game": grp.scanned_per_game.mean(), "seconds": grp.seconds.mean()})
    return pd.DataFrame(rows)


def timing(curve: pd.DataFrame, configs=("n=1", "n=2", "n=3", "full, n=1", "full, n=2", "full, n=3")) -> pd.DataFrame:
    """Fig 5-13: wall-clock seconds per 10,000 training games after each checkpoint, per configuration and seed
    (measured on this machine), with the mechanism's counts (actions per game, actions scanned per game)."""
    c = curve[curve.config.isin(configs)].sort_values(["config", "seed", "games"])
    c = c.assign(block=c.groupby(["config", "seed"]).games.diff().fillna(c.games))
    c = c.assign(seconds_per_10000_games=10_000 * c.seconds / c.block)
    return c[["config", "seed", "games", "seconds_per_10000_games", "mean_actions", "scanned_per_game"]]


FULL_CONFIG = {"hand": "full"}


def full_hand_marks(total: int, log_every: int, fine_until: int, fine_every: int) -> tuple:
    """Checkpoints of the long full-hand run: every ``fine_every`` up to ``fine_until``, then every ``log_every``."""
    marks = set(range(fine_every, fine_until + 1, fine_every)) | set(range(log_every, total + 1, log_every)) | {total}
    return tuple(sorted(m for m in marks if m <= total))


def full_hand(setup: Setup, total: int, log_every: int) -> pd.DataFrame:
    """Fig 5-11: the full-hand RL0 (n=1) trained to ``total`` games, one row per seed and checkpoint; the
    100,000-game point is the same measurement as the one-stage full-hand table (a separate run with the same
    checkpoints up to one stage would be a second measurement, so the long run logs frozen rates itself)."""
    marks = full_hand_marks(total, log_every, setup.stage_games, max(setup.stage_games // 10, 1))
    frames = []
    for s in setup.seeds:
        _, curve = model(setup, "RL0", s, stages=[("EXP0", total)], checkpoints=marks, hand="full")
        curve = curve.copy()
        e = evaluate(setup, "RL0", s, "EXP0", model_options=full_long_options(setup, total, log_every))
        last = curve.games == curve.games.max()
        curve.loc[last, "wins"] = e["wins"]
        curve.loc[last, "eval_games"] = e["games"]
        frames.append(curve.assign(config="full hand", seed=s))
    frame = pd.concat(frames, ignore_index=True).rename(columns={"eval_games": "games_eval"})
    frame["wins"] = frame["wins"].astype(int)
    frame["games_eval"] = frame["games_eval"].astype(int)
    frame["win_rate"] = frame["wins"] / frame["games_eval"]
    return frame


def full_long_options(setup: Setup, total: int, log_every: int) -> dict:
    marks = full_hand_marks(total, log_every, setup.stage_games, max(setup.stage_games // 10, 1))
    return {"stages": [("EXP0", total)], "checkpoints": marks, "hand": "full"}


# ============================================================================ table contents

def classify_key(key: tuple, history: int, hand: str, *, any_opening: bool = False, slack: int = 0) -> str:
    """The report's four kinds of strategy: opening honest, mid-game honest, slight lie, challenge. Readings of
    Table 5-1's classes: ``any_opening`` puts every opening bid in the opening class; a bid up to ``slack`` above
    the dice held is honest."""
    head, rest = key[:2 * history], key[2 * history:]
    if rest[-1] == -1:
        return "challenge"
    if hand == "full":
        face, count = rest[6], rest[7]
        held = rest[face - 1]
    else:
        face, held, count = rest
    opening = all(x == 0 for x in head)
    if count > held + slack and not (any_opening and opening):
        return "slight lie"
    return "opening honest" if opening else "mid-game honest"


def top_entries(table: FastTable, n: int = 30) -> pd.DataFrame:
    """The ``n`` largest Q values with their keys and kind (ties by key order; the report leaves them open)."""
    q: QTable = table.to_qtable()
    rows = []
    for rank, (key, value) in enumerate(q.top(n), start=1):
        rows.append({"rank": rank, "key": " ".join(str(x) for x in key), "value": value,
                     "kind": classify_key(key, q.history, q.hand)})
    return pd.DataFrame(rows)


TOP30_CONFIGS = ("n=1", "n=2", "n=3", "full, n=1", "full, n=2", "full, n=3")


def top30(setup: Setup, configs=TOP30_CONFIGS) -> pd.DataFrame:
    """Table 5-1 and the text after it: top-30 entries of RL0 after one stage for each state record, every seed
    (the very tables of the curves)."""
    frames = []
    for label in configs:
        for s in setup.seeds:
            t, _ = model(setup, "RL0", s, **CURVE_CONFIGS[label])
            frames.append(top_entries(t).assign(config=label, seed=s))
    return pd.concat(frames, ignore_index=True)


#: Table 4-3 shows a table "after 1,000 games"
TABLE_4_3_GAMES = 1_000


def table_4_3(setup: Setup, games=(TABLE_4_3_GAMES, None)) -> pd.DataFrame:
    """Table 4-3's slice (hold four 5s, bid c fives after [2,1], [3,3], [6,4]) of RL0 (seed 0) after 1,000 games
    and after one stage (``None``: the one-stage RL0 itself)."""
    rows = []
    for n in games:
        t, _ = model(setup, "RL0", setup.seeds[0]) if n is None else \
            model(setup, "RL0", setup.seeds[0], stages=[("EXP0", n)])
        q = t.to_qtable()
        for prev in ((2, 1), (3, 3), (6, 4)):
            for c in range(1, 6):
                legal = c > prev[1] or (c == prev[1] and 5 > prev[0])
                key = prev + (5, 4, c)
                rows.append({"games": t.games_trained, "previous_bid": f"[{prev[0]},{prev[1]}]", "bid_fives": c,
                             "value": q.values.get(key, 0.0) if legal else np.nan, "seen": key in q.values})
    return pd.DataFrame(rows)


# ============================================================================ forced hands

def forced_exp(setup: Setup, names=EXPS) -> pd.DataFrame:
    """Figs 5-14, 5-15: EXPi with a forced largest multiplicity s against EXPi with fair dice, balanced seats."""
    rows = []
    for name in names:
        for s in range(1, 6):
            r = play([setup.exp(name, same=s), setup.exp(name)], 2 * setup.fixed_games, setup.rng("forced", name, s))
            w, g = r.wins_by_seat(0)
            rows.append({"player": name, "same": s, "seed": FIXED, "wins": int(w.sum()), "games": int(g.sum()),
                         "p1_win_rate": w[0] / g[0], "p2_win_rate": w[1] / g[1]})
    return rate_frame(rows)


def forced_rl(setup: Setup, rl_names=("RL0", "RL1", "RL2", "RL3")) -> pd.DataFrame:
    """Fig 5-16: RLi (forced s) against a frozen copy of itself with fair dice, balanced seats, per seed."""
    rows = []
    for name in rl_names:
        for s in range(1, 6):
            for seed in setup.seeds:
                e = evaluate(setup, name, seed, "self", same=s)
                rows.append({"player": name, "same": s, "seed": seed, "wins": e["wins"], "games": e["games"]})
    return rate_frame(rows)


def forced_grid(setup: Setup, rl_names=("RL0", "RL1"), exp_names=("EXP0", "EXP1")) -> pd.DataFrame:
    """Figs 5-17, 5-18: both sides forced, P1 with s1 and P2 with s2; P1's win rate (per seed for tables)."""
    rows = []
    for name in exp_names:
        for s1 in range(1, 6):
            for s2 in range(1, 6):
                r = play([setup.exp(name, same=s1), setup.exp(name, same=s2)], setup.fixed_games,
                         setup.rng("grid", name, s1, s2), seats=0)
                rows.append({"player": name, "s1": s1, "s2": s2, "seed": FIXED, "wins": r.wins(0),
                             "games": setup.fixed_games})
    for name in rl_names:
        for s1 in range(1, 6):
            for s2 in range(1, 6):
                for seed in setup.seeds:
                    e = evaluate(setup, name, seed, "self", seats=0, same=s1, opponent_same=s2)
                    rows.append({"player": name, "s1": s1, "s2": s2, "seed": seed, "wins": e["wins"],
                                 "games": e["games"]})
    return rate_frame(rows)


# ============================================================================ trivial baselines

#: players that learn nothing, beside every learned table: their win rates are the floor learning must clear
BASELINES = {"ALWAYS-CHALLENGE": "always challenge", "NEVER-CHALLENGE": "never challenge", "RAND": "random"}


def baselines(setup: Setup, opponents=EXPS + ("RAND",)) -> pd.DataFrame:
    """The trivial baselines (always challenge, never challenge, a uniformly random legal action) against each
    opponent a learned table is measured against: balanced seats, ``fixed_games`` games per seat arrangement;
    and in the three-player game against two EXP0 (seats rotating), as the three-player table is trained."""
    rows = []
    for opp in opponents:
        for b in BASELINES:
            other = Player("RAND") if opp == "RAND" else setup.exp(opp)
            r = play([Player(b), other], 2 * setup.fixed_games, setup.rng("baseline", b, opp))
            rows.append({"players": 2, "baseline": b, "opponent": opp, "seed": FIXED, "wins": r.wins(0),
                         "games": 2 * setup.fixed_games})
    for b in BASELINES:
        r = play([Player(b), setup.exp("EXP0"), setup.exp("EXP0")], 3 * setup.fixed_games, setup.rng("baseline3", b))
        rows.append({"players": 3, "baseline": b, "opponent": "EXP0", "seed": FIXED, "wins": r.wins(0),
                     "games": 3 * setup.fixed_games})
    frame = rate_frame(rows)
    frame.insert(2, "label", frame.baseline.map(BASELINES))
    return frame


# ============================================================================ game lengths

def game_lengths(setup: Setup) -> pd.DataFrame:
    """Fig 6-1: actions per game including the challenge (``len(record)/2``): RL0 vs EXP0 per seed (the games of
    RL0's one balanced evaluation) and EXP pairs for context (``seed = -1``)."""
    rows = []
    for s in setup.seeds:
        c = evaluate(setup, "RL0", s, "EXP0")["lengths"]
        rows += [{"matchup": "RL0 vs EXP0", "seed": s, "actions": int(n), "games": int(c[n])} for n in np.flatnonzero(c)]
    for a in EXPS:
        r = play([setup.exp(a), setup.exp(a)], 2 * setup.fixed_games, setup.rng("lengths", a))
        c = np.bincount(r.length, minlength=MAX_LENGTH)
        rows += [{"matchup": f"{a} vs {a}", "seed": FIXED, "actions": int(n), "games": int(c[n])}
                 for n in np.flatnonzero(c)]
    frame = pd.DataFrame(rows)
    frame["share"] = frame["games"] / frame.groupby(["matchup", "seed"])["games"].transform("sum")
    return frame


def honest_fallback_choice(counts: dict) -> str:
    """The reading with more reproduced EXP claims (Figs 5-2, 5-3, 5-5, 5-6); a tie keeps the text's reading."""
    best = max(counts.values())
    return "smallest" if counts.get("smallest", 0) == best else max(counts, key=counts.get)


# ============================================================================ views of the tables the notebook shows

def three_mix(three: pd.DataFrame, fallback: str) -> pd.DataFrame:
    """Fig 5-3's games: two EXP0 and one EXP1, or two EXP1 and one EXP0, margin 3, under reading ``fallback``."""
    t = three[(three.fallback == fallback) & (three.margin == 3) & (three.a != three.b)]
    return t[((t.a == "EXP0") & (t.b == "EXP1")) | ((t.a == "EXP1") & (t.b == "EXP0"))]


def three_roles(mix: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Fig 5-3's games pooled two ways: by role (the single player, and each copy of the doubled rule by who sits
    before it; the type-and-relative-seat effect) and by absolute seat over the three rotations (the seat effect)."""
    role = np.where(mix.player == mix.b, "the single " + mix.b, mix.player + " after " + mix.preceded_by)
    by_role = (mix.assign(role=role).groupby(["a", "b", "role"])
               .agg(wins=("wins", "sum"), games=("games", "sum")).reset_index())
    by_seat = mix.groupby(["a", "b", "seat"]).agg(wins=("wins", "sum"), games=("games", "sum")).reset_index()
    # the line-up in words: ``a`` is the rule seated twice, ``b`` the single one (the page showed "a" and "b")
    words = {"a": "doubled rule", "b": "single rule"}
    return (rate_frame(by_role.to_dict("records")).rename(columns=words),
            rate_frame(by_seat.to_dict("records")).rename(columns=words))


def three_identical_table(three: pd.DataFrame, fallback: str) -> pd.DataFrame:
    """Fig 5-6: three identical rules, each seat's win rate, margins 3 and 2 (under reading ``fallback``)."""
    t = three[(three.fallback == fallback) & (three.a == three.b)]
    table = t.pivot_table(index=["margin", "player"], columns="seat", values="win_rate")
    table.columns = [f"P{c}" for c in table.columns]
    return table


def fixed_two_table(fixed2_summary: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-8's win rates with one column per evaluation exploration."""
    return (fixed2_summary.pivot_table(index=["trained", "tested_as"], columns="epsilon", values="win_rate", sort=False)
            .rename(columns=lambda e: f"win rate, ε = {e:g}"))


def timing_summary(timing_frame: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-13 per state record: mean seconds per 10,000 training games, actions and actions scanned per game."""
    return timing_frame.groupby("config", sort=False).agg(
        seconds_per_10000_games=("seconds_per_10000_games", "mean"), mean_actions_per_game=("mean_actions", "mean"),
        actions_scanned_per_game=("scanned_per_game", "mean")).reset_index()


def top30_kinds(top: pd.DataFrame, classes) -> pd.DataFrame:
    """Table 5-1: the mean count of each kind of entry among a table's top 30, per state record."""
    kinds = (top.groupby(["config", "seed"]).kind.value_counts().unstack(fill_value=0)
             .reindex(columns=list(classes), fill_value=0))
    return kinds.groupby("config", sort=False).mean().rename(columns=lambda c: f"{c} (mean over tables)")


def length_shares(lengths: pd.DataFrame) -> pd.DataFrame:
    """Fig 6-1: the share of each matchup's games (seeds pooled) by actions per game."""
    pooled = lengths.groupby(["matchup", "actions"], sort=False).games.sum().reset_index()
    pooled["share"] = pooled.games / pooled.groupby("matchup").games.transform("sum")
    return pooled


RL_NAMES = ("RL0", "RL1", "RL2", "RL3")
