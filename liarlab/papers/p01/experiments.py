"""Experiments of notebook 01 (random-guess Liar Dice, Huang 2009): parameters in, DataFrames out.

Large samples run in the numba simulator (:mod:`liarlab.liardice.fast`); the thesis-style
500-game matches, the worked checks and the best responder use the reference Python agents.
Every parallel run goes through :func:`liarlab.study.parallel.run_tasks` (task i gets child i of
``SeedSequence(seed)``), so results do not depend on the number of workers. The Bayesian-network
experiments live in :mod:`liarlab.liardice.bbn`.
"""
from __future__ import annotations

import re
import sys
import time
from functools import partial

import numpy as np
import pandas as pd

from liarlab.core import dice
from liarlab.core.stats import wilson_interval, win_rate_frame
from liarlab.core.validation import check_int
from liarlab.liardice import fast
from liarlab.liardice import rules as ld
from liarlab.liardice.agents import (
    TRAIT_NAMES,
    BestResponseAgent,
    RandomGuessAgent,
    TestProgram,
    bid_weight,
    random_guess_action_probabilities,
    random_guess_bid_probabilities,
    random_guess_challenge_probability,
    traits_of,
    traits_table,
)
from liarlab.liardice.exp_agents import RandAgent
from liarlab.papers.p01 import printed
from liarlab.study.parallel import run_tasks

TYPES = tuple(range(1, 33))
THESIS_BAND = printed.WIN_BAND          # the thesis's 60-70 % (printed in §5.2)


# ============================================================================ agents from specs

def make_agent(spec):
    """Picklable agent specs: a test type (int), ``(type, {TestProgram options})``, ``"random_guess"``,
    ``"best_response"`` or a dict of RandomGuessAgent options."""
    if isinstance(spec, tuple):
        return TestProgram(spec[0], **spec[1])
    if isinstance(spec, dict):
        return RandomGuessAgent(**spec)
    if spec == "random_guess":
        return RandomGuessAgent()
    if spec == "best_response":
        return BestResponseAgent()
    return TestProgram(spec)


def spec_label(spec) -> str:
    if isinstance(spec, dict):
        return "random_guess(" + ", ".join(f"{k}={v}" for k, v in sorted(spec.items())) + ")" if spec else "random_guess"
    if isinstance(spec, tuple):
        return f"type{spec[0]}"
    return spec if isinstance(spec, str) else f"type{spec}"


# ============================================================================ E3 / E4: worked checks

WORKED_SITUATIONS = (
    # name, own counts (faces 1..6), opponent's bid, paper's challenge value
    ("Figs 4.2/4.3: 'three 5s', one 5 held", (0, 0, 0, 1, 1, 0), (3, 5), printed.CHALLENGE_DRAW["Figs 4.2/4.3"]),
    ("Fig 4.5: 'four 3s', no 3s, four 4s", (0, 0, 0, 4, 0, 1), (4, 3), printed.CHALLENGE_DRAW["Fig 4.5"]),
    ("Fig 4.6: 'six 4s', five 6s", (0, 0, 0, 0, 0, 5), (6, 4), printed.CHALLENGE_DRAW["Fig 4.6"]),
)


def worked_checks(n_calls: int, rng: np.random.Generator) -> pd.DataFrame:
    """E3: the challenge draw p_c, one bid draw p_b, and the final action of the §2.2 situations.

    Exact values come from enumerating the sampled opponent hand; empirical ones from ``n_calls`` calls:
    the challenge draw of the reference agent, the final action (the whole four-case loop) from the
    compiled decision (``fast.decide_many``, tested against the reference agent).
    """
    n_calls = check_int("n_calls", n_calls, 1)
    agent, rows = RandomGuessAgent(), []
    for name, own, bid, paper in WORKED_SITUATIONS:
        own = np.array(own)
        challenges = sum(agent.decide_challenge(own, bid, rng) for _ in range(n_calls))
        finals = int(fast.decide_many(agent, own, bid, n_calls, rng)[-1])
        exact = random_guess_action_probabilities(own, bid)
        lo, hi = wilson_interval(challenges, n_calls)
        rows.append({"situation": name, "own": hand_text(own), "bid": bid_words(bid), "paper_challenge_draw": paper, "calls": n_calls, "challenge_draws": int(challenges),
                     "p_challenge_draw": random_guess_challenge_probability(own, bid),
                     "p_challenge_draw_sim": challenges / n_calls, "ci_low": lo, "ci_high": hi,
                     "p_bid_draw": float(random_guess_bid_probabilities(own, bid).sum()),
                     "p_final_challenge": float(exact[-1]), "p_final_challenge_sim": finals / n_calls})
    return pd.DataFrame(rows)


def worked_checks_view(checks: pd.DataFrame) -> pd.DataFrame:
    """:func:`worked_checks` as the page shows it: headed in words ("p challenge draw sim", "ci low" read like
    code, issue 50), each simulated share beside its 95 % interval in one cell, and every probability of ours to
    4 decimals (:func:`~liarlab.study.tables.with_decimals`; a column read "0.333" above "1.0000"), the paper's
    fractions (1/3, 2/3, 1) too."""
    from liarlab.study.tables import fixed_text, with_decimals

    def four(x) -> str:
        return fixed_text(float(x), 4)

    exact = {"chance of the challenge draw, exact": "p_challenge_draw", "chance of the bid draw, exact": "p_bid_draw",
             "chance the final action is a challenge, exact": "p_final_challenge",
             "share of calls ending in a challenge": "p_final_challenge_sim"}
    view = pd.DataFrame({
        "situation": checks["situation"],
        "own dice": checks["own"],
        "opponent's bid": checks["bid"],
        "paper: chance of the challenge draw": checks["paper_challenge_draw"].astype(float),   # 1/3, 2/3 and 1
        "chance of the challenge draw, exact": checks["p_challenge_draw"].astype(float),
        "share of calls drawing the challenge [95 % interval]": [
            f"{four(x)} [{four(lo)}, {four(hi)}]"
            for x, lo, hi in zip(checks["p_challenge_draw_sim"], checks["ci_low"], checks["ci_high"])],
        **{name: checks[column].astype(float) for name, column in list(exact.items())[1:]},
    })
    return with_decimals(view, dict.fromkeys(["paper: chance of the challenge draw", *exact], 4))


def worked_checks_counts(checks: pd.DataFrame) -> pd.DataFrame:
    """The simulated decisions behind :func:`worked_checks_view`'s shares, folded apart (eleven columns were too
    wide, issue 50): per situation, the calls and the challenge draws among them."""
    return pd.DataFrame({"situation": checks["situation"], "calls": checks["calls"].astype(int),
                         "challenge draws": checks["challenge_draws"].astype(int)})


FIG_4_4_OWN = (1, 1, 1, 1, 1, 0)    # one 5 and no 6, as the figure's weights imply


def fig_4_4_candidates(n_calls: int, rng: np.random.Generator, own=FIG_4_4_OWN, last_bid=(2, 3)) -> pd.DataFrame:
    """E3 (Fig 4.4): weight of every bid above "two 3s" and how often one bid draw returns it."""
    own = np.array(own)
    q = random_guess_bid_probabilities(own, last_bid)
    agent, counts = RandomGuessAgent(), {}
    for _ in range(n_calls):
        bid = agent.decide_bid(own, last_bid, rng)
        counts[bid] = counts.get(bid, 0) + 1
    rows = []
    for bid in ld.higher_bids(last_bid):
        needed = max(bid[0] - own[bid[1] - 1], 0)
        if needed > 5:
            continue
        rows.append({"bid": bid, "needed_from_opponent": needed, "weight": bid_weight(own, bid),
                     "p_true_given_own": bid_weight(own, bid) / 7776, "p_returned": q[ld.bid_index(bid)],
                     "p_returned_sim": counts.get(bid, 0) / n_calls})
    rows.append({"bid": None, "needed_from_opponent": None, "weight": None, "p_true_given_own": None,
                 "p_returned": 1 - q.sum(), "p_returned_sim": counts.get(None, 0) / n_calls})
    return pd.DataFrame(rows)


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def hand_text(counts) -> str:
    """A hand given as counts per face (faces 1-6) written as its dice, "4 4 4 4 6": a reader's hand, not a
    number ("44446" read as 44,446 in a table, issue 50)."""
    return " ".join(str(face) for face, c in enumerate(counts, 1) for _ in range(int(c)))


def bid_words(bid) -> str:
    """A bid (count, face) as the thesis writes it: "three 5s"."""
    count, face = int(bid[0]), int(bid[1])
    return f"{_COUNT_WORDS[count] if count < len(_COUNT_WORDS) else count} {face}s"


def fig_5_1_table(example: dict) -> pd.DataFrame:
    """:func:`fig_5_1_example` as a one-row table for people: the hand as dice, bids in words."""
    action = example["action"]
    move = "challenge" if action == ld.CHALLENGE or action[0] != "bid" else f"bid {bid_words(action[1])}"
    return pd.DataFrame([{"type": example["type"], "traits": example["traits"], "hand": hand_text(example["own"]),
                          "cap": example["cap"], "facing": bid_words(example["facing"]), "action": move}])


def fig_5_1_example() -> dict:
    """E4: type7 holding two 5s with cap 4 facing "three 5s", with the figure's draws (x-2, honest)."""
    agent = TestProgram(7)
    agent.cap = 4
    own = np.array([0, 1, 1, 1, 2, 0])
    draws = _ScriptedDraws(integers=[2, 0], randoms=[0.1])
    action = agent.decide(own, (3, 5), draws)
    return {"type": 7, "traits": agent.traits.label(), "own": own.tolist(), "cap": 4, "facing": (3, 5),
            "action": action}


def fig_5_1_frequencies(n_calls: int, rng: np.random.Generator) -> pd.DataFrame:
    """E4: the distribution of type7's action in the Fig 5.1 position over all its random draws."""
    agent = TestProgram(7)
    agent.cap = 4
    own = np.array([0, 1, 1, 1, 2, 0])
    counts = {}
    for _ in range(check_int("n_calls", n_calls, 1)):
        a = agent.decide(own, (3, 5), rng)
        counts[a] = counts.get(a, 0) + 1
    frame = pd.DataFrame([{"action": a if a == ld.CHALLENGE else a[1], "share": c / n_calls}
                          for a, c in counts.items()])
    return frame.sort_values("share", ascending=False, ignore_index=True)


class _ScriptedDraws:
    """Replays the draws of a worked example (integers/random in call order)."""

    def __init__(self, integers, randoms):
        self._ints, self._floats = list(integers), list(randoms)

    def integers(self, *args, **kwargs):
        return self._ints.pop(0)

    def random(self, *args, **kwargs):
        return self._floats.pop(0)


def test_program_behaviour(n_positions: int, rng: np.random.Generator) -> pd.DataFrame:
    """E4: per type, behaviour over random positions (own hand and a standing bid of 2..6 dice).

    Columns: challenge rate when facing a bid, share of bids on the own most-held face, jump
    rate (quantity above the minimal raise), mean bid quantity.
    """
    n_positions = check_int("n_positions", n_positions, 1)
    positions = []
    for _ in range(n_positions):
        own = ld.roll_hand(rng, 5)
        last = None if rng.random() < 0.25 else (int(rng.integers(2, 7)), int(rng.integers(1, 7)))
        positions.append((own, last))
    rows = []
    for t in TYPES:
        agent = TestProgram(t)
        challenges = facing = bids = most = jumps = quantity = 0
        for own, last in positions:
            agent.new_game(0, 0, ld.THESIS, rng)
            action = agent.decide(own, last, rng)
            facing += last is not None
            if action == ld.CHALLENGE:
                challenges += 1
                continue
            (x, y), bids = action[1], bids + 1
            most += own[y - 1] == own.max()
            minimal = agent.config.min_count if last is None else (last[0] if y > last[1] else last[0] + 1)
            jumps += x > minimal
            quantity += x
        rows.append({"type": t, "label": traits_of(t).label(), "challenge_rate": challenges / max(facing, 1),
                     "most_held_share": most / max(bids, 1), "jump_rate": jumps / max(bids, 1),
                     "mean_bid_quantity": quantity / max(bids, 1)})
    return pd.DataFrame(rows)


# ============================================================================ E5/E6/E11: matches

def _fast_match_task(rng, agent, opponent, n_games, starters="alternate", seat=0, keep_games=False, **labels):
    """One match in the numba simulator; aggregates stay small, per-game results only on request."""
    me, other = make_agent(agent), make_agent(opponent)
    seats = (me, other) if seat == 0 else (other, me)
    sim = fast.simulate_match(*seats, n_games, rng, starters=starters)
    won = sim["winner"] == seat
    started = sim["starter"] == seat
    i_challenged = sim["challenger"] == seat
    challenge_won = sim["winner"] == sim["challenger"]
    out = {**labels, "wins": int(won.sum()), "games": n_games,
           "wins_as_starter": int(won[started].sum()), "games_as_starter": int(started.sum()),
           "my_challenges": int(i_challenged.sum()), "my_challenges_won": int((i_challenged & challenge_won).sum()),
           "opp_challenges": int((~i_challenged).sum()), "opp_challenges_won": int((~i_challenged & challenge_won).sum()),
           "turns_sum": int(sim["turns"].sum()),
           "turns_hist": np.bincount(sim["turns"], minlength=56)[:56],
           "final_quantity_hist": np.bincount(sim["final_quantity"], minlength=11)[:11],
           "turns_hist_opener": np.bincount(sim["turns"][started], minlength=56)[:56],
           "final_quantity_hist_opener": np.bincount(sim["final_quantity"][started], minlength=11)[:11],
           "my_challenges_opener": int((i_challenged & started).sum()),
           "my_challenges_won_opener": int((i_challenged & challenge_won & started).sum()),
           "opp_challenges_opener": int((~i_challenged & started).sum()),
           "opp_challenges_won_opener": int((~i_challenged & challenge_won & started).sum())}
    if keep_games:
        out["won"] = won
    return out


def run_matches(agent, opponents, n_games: int, n_seeds: int, seed: int, *, starters="alternate", seat: int = 0,
                keep_games: bool = False, desc: str | None = None) -> list[dict]:
    """``n_seeds`` fast matches of ``agent`` against each opponent spec (task order: opponent, rep)."""
    n_games = check_int("n_games", n_games, 1)
    n_seeds = check_int("n_seeds", n_seeds, 1)
    tasks = [{"agent": agent, "opponent": opp, "n_games": n_games, "starters": starters, "seat": seat,
              "keep_games": keep_games, "opponent_label": spec_label(opp), "rep": rep}
             for opp in opponents for rep in range(n_seeds)]
    # the compiled simulator is compiled (or loaded) once here, not by every worker at once
    return run_tasks(_fast_match_task, tasks, seed, desc=desc, first_here=True)


def match_table(results: list[dict]) -> pd.DataFrame:
    """One row per match (no histograms or per-game arrays)."""
    drop = {"turns_hist", "final_quantity_hist", "won", "turns_hist_opener", "final_quantity_hist_opener"}
    return pd.DataFrame([{k: v for k, v in r.items() if k not in drop} for r in results])


def summarize_matches(results: list[dict], by: str = "opponent_label") -> pd.DataFrame:
    """Pooled win rate per opponent with Wilson 95% intervals, the spread of the per-seed rates,
    the rates as opener and as responder, and the challengers' success."""
    matches = match_table(results)
    matches["rate"] = matches["wins"] / matches["games"]
    g = matches.groupby(by, sort=False)
    pooled = g[["wins", "games", "wins_as_starter", "games_as_starter", "my_challenges", "my_challenges_won",
                "opp_challenges", "opp_challenges_won", "turns_sum"]].sum()
    frame = win_rate_frame(pooled["wins"].to_numpy(), pooled["games"].to_numpy(), **{by: pooled.index})
    frame["seeds"] = g.size().to_numpy()
    frame["seed_min"] = g["rate"].min().to_numpy()
    frame["seed_max"] = g["rate"].max().to_numpy()
    frame["as_starter"] = (pooled["wins_as_starter"] / pooled["games_as_starter"]).to_numpy()
    responder = pooled["games"] - pooled["games_as_starter"]
    frame["as_responder"] = ((pooled["wins"] - pooled["wins_as_starter"]) / responder.where(responder > 0)).to_numpy()
    frame["my_challenge_success"] = (pooled["my_challenges_won"] / pooled["my_challenges"]).to_numpy()
    frame["opp_challenge_success"] = (pooled["opp_challenges_won"] / pooled["opp_challenges"]).to_numpy()
    frame["mean_turns"] = (pooled["turns_sum"] / pooled["games"]).to_numpy()
    return frame


def vs_types(n_games: int, n_seeds: int, seed: int, *, agent=None, types=TYPES, starters="alternate",
             seat: int = 0, keep_games: bool = False) -> tuple[pd.DataFrame, list[dict]]:
    """E5: random-guess (or a variant, ``agent`` = RandomGuessAgent options) against each test type.

    Returns (summary per type with traits, raw task results for plots).
    """
    agent = {} if agent is None else dict(agent)
    results = run_matches(agent, list(types), n_games, n_seeds, seed, starters=starters, seat=seat,
                          keep_games=keep_games, desc=f"{spec_label(agent)} vs types")
    summary = summarize_matches(results)
    summary.insert(0, "type", [int(s[4:]) for s in summary["opponent_label"]])
    summary.insert(1, "traits", [traits_of(t).label() for t in summary["type"]])
    return summary.drop(columns="opponent_label"), results


def cumulative_wins(results: list[dict]) -> pd.DataFrame:
    """E6: cumulative wins vs game index for every match kept with ``keep_games=True`` (long format)."""
    frames = []
    for r in results:
        won = r["won"]
        frames.append(pd.DataFrame({"opponent": r["opponent_label"], "rep": r["rep"],
                                    "game": np.arange(1, len(won) + 1), "cum_wins": np.cumsum(won)}))
    return pd.concat(frames, ignore_index=True)


STARTERS = ("random-guess opens", "test program opens")


def game_length_table(results: list[dict], split_starter: bool = False) -> pd.DataFrame:
    """E11: distribution of turns per game and of the quantity at the challenge, pooled per opponent
    (``split_starter``: also per starting player, column ``starter``)."""
    rows = []
    for label in dict.fromkeys(r["opponent_label"] for r in results):
        sub = [r for r in results if r["opponent_label"] == label]
        parts = {"all games": (sum(r["turns_hist"] for r in sub), sum(r["final_quantity_hist"] for r in sub))}
        if split_starter:
            t_open = sum(r["turns_hist_opener"] for r in sub)
            f_open = sum(r["final_quantity_hist_opener"] for r in sub)
            parts[STARTERS[0]] = (t_open, f_open)
            parts[STARTERS[1]] = (parts["all games"][0] - t_open, parts["all games"][1] - f_open)
        for starter, (turns, final) in parts.items():
            for k in np.flatnonzero(turns):
                rows.append({"opponent": label, "starter": starter, "measure": "turns", "value": int(k),
                             "games": int(turns[k]), "share": turns[k] / turns.sum()})
            for k in np.flatnonzero(final):
                rows.append({"opponent": label, "starter": starter, "measure": "final_quantity", "value": int(k),
                             "games": int(final[k]), "share": final[k] / final.sum()})
    frame = pd.DataFrame(rows)
    return frame if split_starter else frame.drop(columns="starter")


def challenge_success_by_starter(results: list[dict]) -> pd.DataFrame:
    """E11: how often each side's challenges succeed, pooled over every match, split by who opened."""
    m = match_table(results)
    rows = []
    for starter, suffix in ((STARTERS[0], "_opener"), (STARTERS[1], None)):
        for side, key in (("random-guess", "my"), ("test program", "opp")):
            made = m[f"{key}_challenges_opener"].sum()
            won = m[f"{key}_challenges_won_opener"].sum()
            if suffix is None:
                made = m[f"{key}_challenges"].sum() - made
                won = m[f"{key}_challenges_won"].sum() - won
            lo, hi = wilson_interval(won, made)
            rows.append({"starter": starter, "challenger": side, "challenges": int(made), "succeeded": int(won),
                         "success": won / made if made else np.nan, "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)


def _reference_match_task(rng, opponent, n_games, agent=None):
    """A thesis-style match with the reference Python agents; per-game rows and wall time."""
    me, other = make_agent({} if agent is None else agent), make_agent(opponent)
    start = time.perf_counter()
    records = ld.play_match([me, other], n_games, rng)
    seconds = time.perf_counter() - start
    return pd.DataFrame({"opponent": spec_label(opponent), "game": np.arange(1, n_games + 1),
                         "won": [r.winner == 0 for r in records], "started": [r.starter == 0 for r in records],
                         "turns": [r.n_turns for r in records],
                         "final_quantity": [r.final_bid[0] for r in records],
                         "i_challenged": [r.challenger == 0 for r in records],
                         "challenge_won": [r.challenge_succeeded for r in records],
                         "seconds": seconds})


def reference_matches(n_games: int, seed: int, *, opponents=TYPES, agent=None) -> pd.DataFrame:
    """E5/E6 as in the thesis: one match of ``n_games`` (500) alternating-starter games per opponent,
    played by the reference Python agents. One row per game."""
    tasks = [{"opponent": o, "n_games": check_int("n_games", n_games, 1), "agent": agent} for o in opponents]
    return pd.concat(run_tasks(_reference_match_task, tasks, seed, desc="reference matches"), ignore_index=True)


def summarize_reference(games: pd.DataFrame) -> pd.DataFrame:
    g = games.groupby("opponent", sort=False)
    frame = win_rate_frame(g["won"].sum().to_numpy(), g.size().to_numpy(), opponent=list(g.groups))
    frame["mean_turns"] = g["turns"].mean().to_numpy()
    frame["seconds"] = g["seconds"].first().to_numpy()
    return frame


# ============================================================================ E10a / first mover

def first_mover(n_games: int, n_seeds: int, seed: int, types=TYPES) -> pd.DataFrame:
    """Random-guess against itself and against every type with the opener fixed.

    Rows: ``opens`` = "random_guess" (random-guess opens every game) or "opponent"; the
    self-play row reports the opener's (seat 0's) win rate.
    """
    frames = []
    for starters, opens in ((0, "random_guess"), (1, "opponent")):
        results = run_matches({}, ["random_guess", *types], n_games, n_seeds, seed + starters, starters=starters,
                              desc=f"first mover ({opens} opens)")
        summary = summarize_matches(results)
        summary.insert(1, "opens", opens)
        frames.append(summary)
    return pd.concat(frames, ignore_index=True)


def seat_swap(n_games: int, n_seeds: int, seed: int, types=TYPES) -> pd.DataFrame:
    """Sanity check: random-guess in seat 1 instead of seat 0 (alternating openers) changes nothing."""
    summary, _ = vs_types(n_games, n_seeds, seed, types=types, seat=1)
    return summary


# ============================================================================ Ch. 6 extensions

#: X2: the mixing weights of the uniform guess (1 = the thesis).
X2_LAMBDAS = (0.0, 0.25, 0.5, 0.75, 1.0)


def extension_sweep(n_games: int, n_seeds: int, seed: int, *, lambdas=X2_LAMBDAS,
                    real=True, types=TYPES) -> pd.DataFrame:
    """X2 (lambda mixture of uniform and Binomial(5, 1/6) guesses) and X1 (real-valued guessing).

    One row per (variant, type). ``lambda = 1`` is the thesis strategy. Each variant uses the same
    task seeds (the same per-match generator streams; draws diverge once the strategies differ).
    """
    variants = [("X2 lambda=%g" % lam, {"mix_lambda": float(lam)}) for lam in lambdas]
    if real:
        variants.append(("X1 real-valued", {"guess": "real"}))
    frames = []
    for name, options in variants:
        summary, _ = vs_types(n_games, n_seeds, seed, agent=options, types=types)
        summary.insert(0, "variant", name)
        summary.insert(1, "lambda", options.get("mix_lambda", np.nan))
        frames.append(summary)
    return pd.concat(frames, ignore_index=True)


def variant_summary(sweep: pd.DataFrame) -> pd.DataFrame:
    """Mean, minimum and maximum win rate over the 32 types per variant."""
    g = sweep.groupby("variant", sort=False)["win_rate"]
    out = pd.DataFrame({"mean_win_rate": g.mean(), "min_win_rate": g.min(), "max_win_rate": g.max(),
                        "types_below_half": sweep.groupby("variant", sort=False)["ci_high"].apply(lambda s: int((s < 0.5).sum())),
                        "types_in_thesis_band": g.apply(lambda s: int(((s >= 0.6) & (s <= 0.7)).sum()))})
    out["worst_type"] = sweep.loc[g.idxmin(), "type"].to_numpy()
    return out.reset_index()


def variant_self_play(n_games: int, n_seeds: int, seed: int, lambdas=(0.0, 0.5), real=True) -> pd.DataFrame:
    """Each extension against the thesis's random-guess player (alternating openers)."""
    opponents = [{"mix_lambda": float(lam)} for lam in lambdas] + ([{"guess": "real"}] if real else [])
    rows = []
    for i, agent in enumerate(opponents):
        results = run_matches(agent, ["random_guess"], n_games, n_seeds, seed + i, desc="variant vs random guess")
        s = summarize_matches(results)
        s.insert(0, "variant", spec_label(agent))
        rows.append(s)
    return pd.concat(rows, ignore_index=True)


# ============================================================================ E12: alternative readings

READINGS = (
    ("baseline (spec readings)", {}, {}, "alternate"),
    ("random opener each game", {}, {}, "random"),
    ("random-guess retries candidates within a bid draw", {"retry_bid": True}, {}, "alternate"),
    ("cap triggers at x > cap", {}, {"cap_rule": ">"}, "alternate"),
    ("cap also limits the program's own bids", {}, {"cap_limits_bids": True}, "alternate"),
    # spec open points 5 and 4: the cap does not force a prefers-bid program to challenge; the programs open with
    # count 3 (the spec names no other opening count; 2 is the lowest legal one, so 3 is the next)
    ("the cap does not override 'prefers bid'", {}, {"cap_overrides": False}, "alternate"),
    ("test programs open with count 3", {}, {"opening_count": 3}, "alternate"),
)


def sensitivity_by_type(n_games: int, seed: int, types=TYPES, readings=READINGS) -> pd.DataFrame:
    """E12: random-guess vs the 32 types under the alternative readings of §2.3/§3.4, one row per (reading,
    type) with wins and games (fixed agents: the games are the replicates)."""
    frames = []
    for name, agent, program, starters in readings:
        opponents = [(t, program) for t in types]
        results = run_matches(agent, opponents, n_games, 1, seed, starters=starters, desc=name)
        s = summarize_matches(results)
        frames.append(pd.DataFrame({"reading": name, "type": [int(o[4:]) for o in s["opponent_label"]],
                                    "wins": s["wins"].astype(int), "games": s["games"].astype(int),
                                    "win_rate": s["win_rate"]}))
    return pd.concat(frames, ignore_index=True)


# ============================================================================ X4: extended rules

X4_RULES = ("wild ones", "dice loss")


class _TableBound:
    """An agent under the dice-loss rule: a bid above the dice on the table becomes a challenge (at the opening,
    the lowest bid). The thesis's players do not know the rule; this is the least change that keeps them legal."""

    def __init__(self, agent):
        self.agent = agent
        self.needs_legal_actions = ld.needs_legal_actions(agent)

    def new_game(self, player, starter, config=ld.THESIS, rng=None):
        self.agent.new_game(player, starter, config, rng)

    def end_game(self, record, player, rng):
        self.agent.end_game(record, player, rng)

    def act(self, obs, legal_actions, rng):
        action = self.agent.act(obs, legal_actions, rng)
        if action[0] == "bid" and action[1][0] > sum(obs.n_dice):
            return ("bid", obs.config.ladder.bid(0)) if obs.last_bid is None else ld.CHALLENGE
        return action


def _x4_task(rng, type_id, n_games, rules):
    """Random-guess (unchanged) against one test type under an extended rule: ``wild ones`` (n_games games,
    alternating openers) or ``dice loss`` (n_games matches, each until a player has no dice; the first opener
    alternates)."""
    agents = [make_agent({}), make_agent(type_id)]
    if rules == "wild ones":
        records = ld.play_match(agents, n_games, rng, ld.LiarDiceConfig(wild_ones=True))
        wins = sum(r.winner == 0 for r in records)
        return {"rules": rules, "type": type_id, "wins": int(wins), "games": n_games, "rounds": n_games}
    wins = rounds = 0
    agents = [_TableBound(a) for a in agents]
    for i in range(n_games):
        winner, records = ld.play_dice_loss_match(agents, rng, ld.LiarDiceConfig(dice_loss=True), starter=i % 2)
        wins += winner == 0
        rounds += len(records)
    return {"rules": rules, "type": type_id, "wins": int(wins), "games": n_games, "rounds": rounds}


def extended_rules(n_games: int, seed: int, types=TYPES, rules=X4_RULES) -> pd.DataFrame:
    """X4: random-guess vs every type under each extended rule (reference agents; the players do not adapt to the
    rule). One row per (rule, type) with wins, games (games or matches) and Wilson intervals."""
    tasks = [{"type_id": int(t), "n_games": check_int("n_games", n_games, 1), "rules": r} for r in rules for t in types]
    frame = pd.DataFrame(run_tasks(_x4_task, tasks, seed, desc="extended rules"))
    frame["win_rate"] = frame.wins / frame.games
    frame["ci_low"], frame["ci_high"] = wilson_interval(frame.wins, frame.games)
    return frame


def extended_rules_summary(x4: pd.DataFrame) -> pd.DataFrame:
    """X4 per rule: mean and worst win rate over the types, and the mean rounds per match."""
    g = x4.groupby("rules", sort=False)
    out = g.agg(mean_win_rate=("win_rate", "mean"), min_win_rate=("win_rate", "min"), games_per_type=("games", "first"),
                rounds=("rounds", "sum"), games=("games", "sum")).reset_index()
    out["worst_type"] = [int(x4.loc[x4[x4.rules == r].win_rate.idxmin(), "type"]) for r in out.rules]
    out["rounds_per_match"] = out.rounds / out.games
    return out.drop(columns=["rounds", "games"])


# ============================================================================ best response

#: The opponents a best responder is played against: random-guess, random-guess that retries candidates within a
#: bid draw (spec §7.3's other reading of ``decide_bid``; the responder still models the thesis reading), and the
#: uniformly random mixed strategy over the whole strategy matrix (thesis Ch. 4 §1, 「在所有的策略中隨機挑選」),
#: which is uniform over the legal actions.
BR_OPPONENTS = {"random_guess": RandomGuessAgent, "random_guess_retry": partial(RandomGuessAgent, retry_bid=True),
                "uniform": RandAgent}


def _best_response_task(rng, n_games, starter_offset=0, depth=1, opponent="random_guess", min_count=2):
    config = ld.LiarDiceConfig(min_count=min_count)
    agents = [BestResponseAgent(config=config, depth=depth), BR_OPPONENTS[opponent]()]
    records = [ld.play_game(agents, rng, config=config, starter=(i + starter_offset) % 2) for i in range(n_games)]
    won = np.array([r.winner == 0 for r in records])
    started = np.array([r.starter == 0 for r in records])
    return {"wins": int(won.sum()), "games": n_games, "wins_as_starter": int(won[started].sum()),
            "games_as_starter": int(started.sum()),
            "turns": float(np.mean([r.n_turns for r in records])),
            "br_challenges": int(sum(r.challenger == 0 for r in records)),
            "br_challenges_won": int(sum(r.challenger == 0 and r.winner == 0 for r in records))}


def best_response(n_games: int, n_tasks: int, seed: int, depth: int = 1, opponent: str = "random_guess",
                  min_count: int = 2) -> pd.DataFrame:
    """Exploitability: the best responder (seat 0) against random-guess, alternating openers. ``opponent="uniform"``
    plays the same responder (which models random-guess) against the uniformly random player instead: any fixed
    strategy's win rate against it is a lower bound on a best response to it; ``"random_guess_retry"`` against
    random-guess that retries candidates within a bid draw. ``min_count``: the smallest legal quantity (spec §7.2:
    2 inferred for two players; 1 is the other reading), for both players.

    Returns one row: pooled win rate with a Wilson interval, split by opener, and how often the
    best responder wins the showdowns it calls.
    """
    if opponent not in BR_OPPONENTS:
        raise ValueError(f"opponent is one of {sorted(BR_OPPONENTS)}, got {opponent!r}")
    per_task = check_int("n_games", n_games, 2) // check_int("n_tasks", n_tasks, 1)
    tasks = [{"n_games": per_task, "starter_offset": i % 2, "depth": depth, "opponent": opponent,
              "min_count": min_count} for i in range(n_tasks)]
    results = pd.DataFrame(run_tasks(_best_response_task, tasks, seed, desc="best response"))
    total = results.sum()
    lo, hi = wilson_interval(total["wins"], total["games"])
    as_responder = total["games"] - total["games_as_starter"]
    return pd.DataFrame([{"agent": f"best response to random-guess (depth {depth})", "opponent": opponent,
                          "wins": int(total["wins"]), "games": int(total["games"]),
                          "win_rate": total["wins"] / total["games"], "ci_low": lo, "ci_high": hi,
                          "as_starter": total["wins_as_starter"] / total["games_as_starter"],
                          "as_responder": (total["wins"] - total["wins_as_starter"]) / as_responder,
                          "br_challenge_success": total["br_challenges_won"] / max(total["br_challenges"], 1),
                          "mean_turns": float(results["turns"].mean())}])


# ============================================================================ E9: timing

def timing(n_games: int, rng: np.random.Generator, type_id: int = 1, throughput_games: int = 200_000) -> pd.DataFrame:
    """Wall time of one ``n_games`` match (random-guess vs ``type_id``), reference Python vs numba,
    and the numba simulator's one-core throughput (random-guess vs a type, and type vs type)."""
    fast.warm_up()
    rows = []
    start = time.perf_counter()
    ld.play_match([RandomGuessAgent(), TestProgram(type_id)], n_games, rng)
    t = time.perf_counter() - start
    rows.append({"implementation": "reference Python", "matchup": f"random-guess vs type{type_id}",
                 "games": n_games, "seconds": t, "games_per_second": n_games / t})
    for label, a, b, n in ((f"random-guess vs type{type_id}", RandomGuessAgent(), TestProgram(type_id), n_games),
                           (f"random-guess vs type{type_id}", RandomGuessAgent(), TestProgram(type_id), throughput_games),
                           ("type3 vs type20", TestProgram(3), TestProgram(20), throughput_games)):
        start = time.perf_counter()
        fast.simulate_match(a, b, n, rng)
        t = time.perf_counter() - start
        rows.append({"implementation": "numba batch", "matchup": label, "games": n, "seconds": t,
                     "games_per_second": n / t})
    return pd.DataFrame(rows)


def traits_frame() -> pd.DataFrame:
    return traits_table()


# ============================================================================ X2 at a worked position

MIXTURE_POSITIONS = ((None, "opening"), ((3, 1), "facing three 1s"), ((3, 6), "facing three 6s"),
                     ((4, 2), "facing four 2s"))


def guess_mixture_at_positions(own, lambdas=(0.0, 0.5, 1.0), positions=MIXTURE_POSITIONS, n_calls: int = 100_000,
                               seed: int = 0) -> pd.DataFrame:
    """X2 at worked positions: for each mixing weight lambda, the guess's mean, the two guess-based
    checks (challenge draw p_c at the standing bid; share of candidate bids kept), and what the player
    finally does (share of challenges, mean count of its bids), from ``n_calls`` compiled decisions.

    The two checks use the same guess distribution and both say "go" more often when the guess is
    lower; the four-case loop then divides one by the other, so most of the shift cancels.
    """
    own = np.asarray(own, dtype=np.int64)
    ladder = ld.THESIS.ladder
    rows = []
    for lam in lambdas:
        weights = lam * np.full(6, 1 / 6) + (1 - lam) * np.array([binomial_guess_pmf(k) for k in range(6)])
        guess_mean = float(np.dot(np.arange(6), weights))
        for i, (last_bid, label) in enumerate(positions):
            agent = RandomGuessAgent(mix_lambda=float(lam))
            counts = fast.decide_many(agent, own, last_bid, n_calls, np.random.default_rng([seed, i]))
            share = counts / counts.sum()
            bids = share[:-1]
            p_c = np.nan
            if last_bid is not None:
                quantity, face = last_bid
                p_c = float(weights[: max(quantity - int(own[face - 1]), 0)].sum())   # P(g + own < x)
            rows.append({"lambda": float(lam), "guess_mean": guess_mean, "position": label,
                         "challenge_draw_p_c": p_c, "final_share_challenge": float(share[-1]),
                         "mean_bid_count": float(np.dot(bids, ladder.quantities) / bids.sum()) if bids.sum() else np.nan,
                         "decisions": int(n_calls)})
    return pd.DataFrame(rows)


def binomial_guess_pmf(k: int, n: int = 5, p: float = 1 / 6) -> float:
    """Binomial(5, 1/6) probability of k (the X2 guess's second component)."""
    from math import comb

    return comb(n, k) * p**k * (1 - p) ** (n - k)


# ============================================================================ the notebook's derived tables

#: E4: random positions per type (at most): enough to read each type's behaviour.
BEHAVIOUR_POSITIONS = 5_000


def behaviour_positions(n_calls: int) -> int:
    """E4: random positions per type for ``n_calls`` calls per worked check."""
    return min(n_calls, BEHAVIOUR_POSITIONS)


def rain_given_dry() -> float:
    """§4.3, Tables 4.8/4.9: P(rain | ground dry), with the printed denominator "(18+45)/100" read as (8+45)/100."""
    return (8 / 37) * 0.37 / ((8 + 45) / 100)


def side_numbers() -> pd.DataFrame:
    """E2: the search space for five players, the legal bids, and the rain example, beside the thesis's values."""
    space = (6**5) ** 5 * (30**5) ** 2
    return pd.DataFrame([
        {"item": "5-player search space (6^5)^5 x (30^5)^2", "paper": printed.SEARCH_SPACE_5P, "ours": float(space)},
        {"item": "legal bids, 5 players", "paper": printed.LEGAL_BIDS_5P, "ours": dice.legal_bid_count(5)},
        {"item": "legal bids, 2 players", "paper": None, "ours": ld.THESIS.n_bids},
        {"item": "P(rain | ground dry)", "paper": printed.RAIN_GIVEN_DRY, "ours": rain_given_dry()},
    ])


def vs_types_table(large: pd.DataFrame, ref: pd.DataFrame, seeded: pd.DataFrame) -> pd.DataFrame:
    """E5 per type: the thesis-style match, the seeded matches (mean and range) and the large sample."""
    return pd.DataFrame({"type": large.type, "traits": large.traits,
                         "thesis_style_500": ref.win_rate.to_numpy(),
                         "seeds_mean": seeded.win_rate.to_numpy(), "seed_min": seeded.seed_min.to_numpy(),
                         "seed_max": seeded.seed_max.to_numpy(),
                         "large_sample": large.win_rate.to_numpy(), "ci_low": large.ci_low.to_numpy(),
                         "ci_high": large.ci_high.to_numpy(),
                         "as_opener": large.as_starter.to_numpy(), "as_responder": large.as_responder.to_numpy()})


def vs_types_view(e5: pd.DataFrame, n_games: int) -> pd.DataFrame:
    """The E5 table as the page shows it: the thesis-style column named by this run's match size (the saved
    column's name, ``thesis_style_500``, is the thesis's size; a quick run plays fewer games, issue 50)."""
    return e5.rename(columns={"thesis_style_500": f"one {n_games}-game match"})


def win_rate_views(ref: pd.DataFrame, seeded: pd.DataFrame, large: pd.DataFrame, n_games: int, n_seeds: int,
                   n_large: int) -> pd.DataFrame:
    """E5's three views side by side: mean, range and how many types lie in or below the thesis's band."""
    lo, hi = THESIS_BAND
    views = (ref, seeded, large)
    return pd.DataFrame({
        "view": [f"one {n_games:,}-game match (reference)", f"{n_seeds:,} seeds x {n_games:,} games", f"{n_large:,} games"],
        "mean": [d.win_rate.mean() for d in views],
        "min": [d.win_rate.min() for d in views],
        "max": [d.win_rate.max() for d in views],
        f"types in {100 * lo:.0f}-{100 * hi:.0f} %": [int(((d.win_rate >= lo) & (d.win_rate <= hi)).sum())
                                                     for d in views],
        f"types below {100 * lo:.0f} %": [int((d.win_rate < lo).sum()) for d in views],
        "types whose 95 % interval lies below 50 %": [int((d.ci_high < .5).sum()) for d in views],
    })


def trait_effects(large: pd.DataFrame, traits: pd.DataFrame) -> pd.DataFrame:
    """Mean large-sample win rate over the types with and without each trait, and the difference."""
    merged = large.merge(traits, on="type")
    effect = pd.DataFrame([{"trait": t, "without": merged[~merged[t]].win_rate.mean(),
                            "with": merged[merged[t]].win_rate.mean()} for t in TRAIT_NAMES])
    effect["effect"] = effect["with"] - effect["without"]
    return effect


def reference_cumulative_wins(ref_games: pd.DataFrame) -> pd.DataFrame:
    """E6: the reference matches' per-game rows with the cumulative wins against each opponent."""
    return ref_games.assign(cum_wins=ref_games.groupby("opponent").won.cumsum())


def length_summary(lengths: pd.DataFrame) -> pd.DataFrame:
    """E11 pooled over the types (all games): mean actions per game, the share with the thesis's typical 4-5
    actions, the mean count at the challenge and the share ending at the typical 5-6 dice (one row)."""
    pooled = (lengths[lengths.starter == "all games"].groupby(["measure", "value"]).share.mean().unstack(0).fillna(0))
    (t_lo, t_hi), (f_lo, f_hi) = printed.TURNS_TYPICAL, printed.FINAL_COUNT_TYPICAL
    return pd.DataFrame({
        "mean actions per game": [float((pooled.index * pooled["turns"]).sum())],
        "share with 4-5 actions": [float(pooled["turns"].reindex(list(range(t_lo, t_hi + 1))).sum())],
        "mean count at challenge": [float((pooled.index * pooled["final_quantity"]).sum())],
        "share ending at 5-6 dice": [float(pooled["final_quantity"].reindex(list(range(f_lo, f_hi + 1))).sum())]})


def opening_runs(first: pd.DataFrame, opens: str) -> pd.DataFrame:
    """The first-mover runs against the types when ``opens`` opens every game, one row per type (with its number)."""
    f = first[(first.opens == opens) & (first.opponent_label != "random_guess")]
    return f.assign(type=[int(str(o)[4:]) for o in f.opponent_label])


def opener_table(first: pd.DataFrame) -> pd.DataFrame:
    """The first-mover runs against the types as one row per type (type1..type32), one column per opener."""
    wide = first[first.opponent_label != "random_guess"].pivot(index="opponent_label", columns="opens",
                                                               values="win_rate")
    return wide.loc[[f"type{t}" for t in TYPES]]


def opener_summary(wide: pd.DataFrame) -> pd.DataFrame:
    """The opening seat's worth against the types, in one row."""
    return pd.DataFrame({"mean when random-guess opens": [wide["random_guess"].mean()],
                         "mean when the program opens": [wide["opponent"].mean()],
                         "types where responding wins < 0.5": [int((wide["opponent"] < 0.5).sum())]})


def seat_swap_gap(swap: pd.DataFrame, large: pd.DataFrame) -> pd.DataFrame:
    """The largest per-type change (points) when random-guess sits in seat 1 instead of seat 0."""
    return pd.DataFrame({"max |seat 1 - seat 0| (pp)": [
        100 * float(np.abs(swap.win_rate.to_numpy() - large.win_rate.to_numpy()).max())]})


def extended_rules_table(large: pd.DataFrame, x4_summary: pd.DataFrame, n_large: int,
                         x4: pd.DataFrame | None = None) -> pd.DataFrame:
    """X4 beside the thesis rules' large sample: mean and worst win rate per rule; with the per-type rows ``x4``,
    the 95 % interval of each (the mean's MOVER-Wilson, the worst type's Wilson: a reader found them bare)."""
    thesis = pd.DataFrame([{"rules": "thesis rules (large sample)", "mean_win_rate": large.win_rate.mean(),
                            "min_win_rate": large.win_rate.min(), "games_per_type": n_large,
                            "worst_type": int(large.loc[large.win_rate.idxmin(), "type"]),
                            "rounds_per_match": 1.0}])
    out = pd.concat([thesis, x4_summary], ignore_index=True)
    if x4 is None:
        return out
    from liarlab.core import verdicts as V

    rows = [large.assign(rules=out.rules.iloc[0]), x4.assign(wins=x4.wins.astype(int))]
    per = {r: g for frame in rows for r, g in frame.groupby("rules", sort=False)}
    mean = [V.combination_of_proportions([(1 / len(g), int(w), int(n)) for w, n in zip(g.wins, g.games)])
            for g in (per[r] for r in out.rules)]
    worst = [V.proportion(int(g.loc[g.win_rate.idxmin(), "wins"]), int(g.loc[g.win_rate.idxmin(), "games"]))
             for g in (per[r] for r in out.rules)]
    return out.assign(**{"mean: 95 % interval": [f"{e.low:.3f} to {e.high:.3f}" for e in mean],
                         "worst type: 95 % interval": [f"{e.low:.3f} to {e.high:.3f}" for e in worst]})


def timing_with_paper(timing_table: pd.DataFrame) -> pd.DataFrame:
    """The timing table with the thesis's seconds per 500 games beside the reference Python row."""
    out = timing_table.copy()
    out["paper_seconds_500"] = np.where(out.implementation == "reference Python", printed.SECONDS_PER_500, np.nan)
    return out


#: The engines of the network's timing rows, as the tables write them.
ENGINE_WORDS = {"fast": "compiled engine", "python": "reference Python engine"}


def significant(x: float, digits: int = 3) -> float:
    """``x`` rounded to ``digits`` significant digits (a timing table printed "0.001767" beside "746.199")."""
    if x == 0 or not np.isfinite(x):
        return x
    return float(f"{x:.{digits}g}")


def schedule_words(refit_every) -> str:
    """A learning schedule in words: "learning after every game", "refitted every 250 games"."""
    return "learning after every game" if int(refit_every) == 1 else f"refitted every {int(refit_every):,} games"


def seconds_per_500(timing_table: pd.DataFrame, bbn_time: pd.DataFrame) -> pd.DataFrame:
    """E9: seconds per 500 games of each configuration beside the thesis's (random-guess only; with the network),
    to 3 significant digits."""
    rows = [{"configuration": f"random-guess only, {r.implementation}", "paper_seconds_per_500": printed.SECONDS_PER_500,
             "seconds_per_500": significant(r.seconds * 500 / r.games)} for r in timing_table.iloc[:2].itertuples()]
    rows += [{"configuration": f"with the network, {ENGINE_WORDS.get(r.engine, r.engine)}, "
                               f"{schedule_words(r.refit_every)}",
              "paper_seconds_per_500": printed.SECONDS_PER_500_BBN,
              "seconds_per_500": significant(r.seconds_bbn * 500 / r.games)}
             for r in bbn_time.itertuples() if hasattr(r, "engine") and hasattr(r, "seconds_bbn")]
    if {"engine", "seconds_random_only"} <= set(bbn_time.columns):
        # the slow-down divides the network's time by this run's own time without it, not by the first row's
        # (a separate run): shown, so the ratio can be read from the table (a reader found 1.16, not 1.3)
        t = like_for_like_timing(bbn_time)
        rows.append({"configuration": f"random-guess only, {ENGINE_WORDS.get(t.engine, t.engine)}, in the network's "
                                      "timing run", "paper_seconds_per_500": printed.SECONDS_PER_500,
                     "seconds_per_500": significant(t.seconds_random_only * 500 / t.games)})
    return pd.DataFrame(rows)


def like_for_like_timing(bbn_time: pd.DataFrame) -> pd.Series:
    """The network's timing row whose slow-down compares like with like: the reference Python engine learning after
    every game, whose time without the network is the same Python loop (the compiled engine's time without the
    network is a numba batch, so its ratio, 746 in one run, divides two different engines; issue 50); else
    :func:`thesis_schedule_timing`."""
    if {"engine", "refit_every"} <= set(bbn_time.columns):
        same = bbn_time[(bbn_time.engine == "python") & (bbn_time.refit_every == 1)]
        if len(same):
            return same.iloc[0]
    return thesis_schedule_timing(bbn_time)


def thesis_schedule_timing(bbn_time: pd.DataFrame) -> pd.Series:
    """The network's timing row with the thesis's schedule (learning after every game), else the first row."""
    thesis_schedule = bbn_time[bbn_time.refit_every == 1] if "refit_every" in bbn_time else bbn_time
    return (thesis_schedule if len(thesis_schedule) else bbn_time).iloc[0]


def rounded(frame: pd.DataFrame, digits: int) -> pd.DataFrame:
    """``frame`` with every float rounded by Python's correctly rounded ``round``, as the claims summary formats
    its numbers: pandas' ``round`` scales first and gave 0.238 for the 0.2375 the summary printed as 0.237."""
    out = frame.copy()
    for column in out.columns:
        if pd.api.types.is_float_dtype(out[column]):
            out[column] = [x if pd.isna(x) else round(float(x), digits) for x in out[column]]
    return out



def timing_table(timing: pd.DataFrame, timing_row, n_games: int, bbn_games: int, ratio_row=None) -> pd.DataFrame:
    """E9: run times beside the thesis's (a timing table, not claims: only the ratio compares across
    implementations); ``ratio_row``: the like-for-like slow-down (default ``timing_row``). 3 significant digits."""
    ratio_row = timing_row if ratio_row is None else ratio_row
    engine, ratio_engine = (ENGINE_WORDS.get(str(r.engine), str(r.engine)) for r in (timing_row, ratio_row))
    per500 = "seconds per 500 games, random-guess only"
    rows = [(f"{per500} (reference Python agents)", printed.SECONDS_PER_500, float(timing.seconds.iloc[0]) * 500 / n_games),
            (f"{per500} (numba batch)", printed.SECONDS_PER_500, float(timing.seconds.iloc[1]) * 500 / n_games),
            (f"seconds per 500 games with the network ({engine}, learning after every game)",
             printed.SECONDS_PER_500_BBN, float(timing_row.seconds_bbn) * 500 / bbn_games),
            (f"slow-down with the network: time with it / time without it, both on the {ratio_engine} in the "
             "network's timing run", printed.BBN_SLOWDOWN, float(ratio_row.ratio))]
    return pd.DataFrame([{"measure": m, "paper": p, "ours": significant(x)} for m, p, x in rows])

def lambda_words(variant: str) -> str:
    """"X2 lambda=1" (the CSVs' label) as "λ = 1" (issue 50); any other variant as it is."""
    match = re.fullmatch(r"X2 lambda=(\S+)", str(variant))
    return f"λ = {match.group(1)}" if match else str(variant)


# ============================================================================ running notebook 01's sections
#: Each computation's offset from the run's seed (its random streams are children of seed + offset), so a
#: section's tables do not depend on which other sections ran.
SEED_OFFSETS = {
    "worked_checks": 0, "fig_4_4": 1, "fig_5_1": 2, "behaviour": 3, "reference_matches": 0, "vs_types_seeds": 10,
    "vs_types_large": 20, "vs_types_confirm": 21, "worked_example_belief": 25, "worked_example_games": 26,
    "bbn_matches": 30, "bbn_schedules": 30, "bbn_matches_confirm": 31, "bbn_liar_decisions": 37,
    "bbn_substitutes": 40, "bbn_variants": 45, "first_mover": 50, "seat_swap": 60, "extensions": 70,
    "x2_positions": 75, "extensions_vs_plain": 80, "sensitivity": 85, "best_response": 90, "best_response_2": 95,
    "best_response_uniform": 96, "best_response_retry": 97, "best_response_min_count": 98,
    "timing": 100, "bbn_timing": 110, "x3": 120, "x4": 130,
}
X2_HAND = (2, 1, 0, 1, 1, 0)        # X2 at worked positions: our hand (counts of faces 1..6)
X2_DECISIONS_PER_CALL = 5           # ... and the compiled decisions per call of the checks
THROUGHPUT_PER_SWEEP_GAME = 5       # E9: throughput measured on this many games per game of the sweep size
BEST_RESPONSE_TASKS = 8             # the best responder's games are split over this many tasks
#: The best responders' runs: (field, size, seed and cache name, keywords of :func:`best_response`, the player it
#: faces when not random-guess): depth 1 and 2, then depth 1 against the readings' players (the uniform mixed
#: strategy, Ch. 4 §1; retrying within a bid draw, spec §7.3; minimum count 1, spec §7.2).
RESPONDERS = (
    ("br", "n_best_response", "best_response", {}, None),
    ("br2", "n_best_response_2", "best_response_2", {"depth": 2}, None),
    ("br_uniform", "n_best_response", "best_response_uniform", {"opponent": "uniform"}, "uniformly random player"),
    ("br_retry", "n_best_response", "best_response_retry", {"opponent": "random_guess_retry"},
     "random-guess retrying within a bid draw"),
    ("br_min_count", "n_best_response", "best_response_min_count", {"min_count": 1},
     "random-guess under minimum count 1"),
)

#: The best-response tables' headers in words (issue 50); the CSV keeps the code names.
BR_HEADERS = {"win_rate": "best responder's win rate", "ci_low": "95 % interval, low", "ci_high": "95 % interval, "
              "high", "as_starter": "win rate when it opens", "as_responder": "win rate when it responds",
              "br_challenge_success": "share of its challenges that succeed", "mean_turns": "mean turns a game"}


class Runs:
    """The runs of notebook 01's sections without the network (E2-E6, E11, X1, X2, X4's rules, E12's rules, the
    best responders), in the notebook's order: each ``run_*`` fills fields of ``self`` (the results object, whose
    ``params`` are the run's). Expensive runs are cached as ``01_<name>`` under the run's seed and sizes, keyed to
    their module's source."""

    def seed(self, name: str) -> int:
        return self.params["seed"] + SEED_OFFSETS[name]

    def _cached(self, name: str, compute, module, **sizes):
        from liarlab.study import cache

        return cache.cached(f"01_{name}", {"seed": self.params["seed"], **sizes}, compute, depends=[module])

    def _run(self, name: str, compute, module, **sizes):
        """``compute(seed)`` with computation ``name``'s seed, cached (:meth:`_cached`)."""
        seed = self.seed(name)
        return self._cached(name, lambda: compute(seed), module, **sizes)

    def size(self, name: str):
        return self.params[name]

    def run_test_programs(self) -> None:
        self.traits = traits_frame()

    def run_side_numbers(self) -> None:
        self.side = side_numbers()

    def run_worked_checks(self) -> None:
        n = self.size("n_calls")
        self.checks = self._run("worked_checks", lambda s: worked_checks(n, np.random.default_rng(s)), _THIS, n=n)

    def run_bid_draw(self) -> None:
        n = self.size("n_calls")
        self.fig44 = self._run("fig_4_4", lambda s: fig_4_4_candidates(n, np.random.default_rng(s)), _THIS, n=n)

    def run_test_program_behaviour(self) -> None:
        n = self.size("n_calls")
        self.fig51 = fig_5_1_example()
        self.freq51 = fig_5_1_frequencies(n, np.random.default_rng(self.seed("fig_5_1")))
        positions = behaviour_positions(n)
        self.behaviour = self._run(
            "behaviour", lambda s: test_program_behaviour(positions, np.random.default_rng(s)), _THIS, n=positions)

    def run_win_rates(self) -> None:
        """E5's three views: one reference match per type, seeded matches, and the large sample."""
        from liarlab.study.tables import with_decimals

        n_games, n_seeds, n_large = self.size("n_games"), self.size("n_seeds"), self.size("n_large")
        self.ref_games = self._run("reference_matches", lambda s: reference_matches(n_games, s), _THIS, n=n_games)
        self.ref = summarize_reference(self.ref_games)
        self.ref.insert(0, "type", [int(o[4:]) for o in self.ref.opponent])
        self.seeded, self.seeded_raw = self._run(
            "vs_types_seeds", lambda s: vs_types(n_games, n_seeds, s, keep_games=True), _THIS, n=n_games, r=n_seeds)
        self.large, self.large_raw = self._run("vs_types_large", lambda s: vs_types(n_large, 1, s), _THIS, n=n_large)
        # every win rate to 3 decimals, one count per column (issue 50)
        e5 = vs_types_table(self.large, self.ref, self.seeded)
        self.e5 = with_decimals(e5, dict.fromkeys(e5.columns.drop(["type", "traits"]), 3))
        self.e5_views = with_decimals(win_rate_views(self.ref, self.seeded, self.large, n_games, n_seeds, n_large),
                                      dict.fromkeys(("mean", "min", "max"), 3))

    def run_trait_effects(self) -> None:
        from liarlab.study.tables import with_decimals

        self.trait_effect = with_decimals(trait_effects(self.large, self.traits),
                                          dict.fromkeys(("without", "with", "effect"), 3))

    def run_trends(self) -> None:
        self.curves = cumulative_wins(self.seeded_raw)
        self.ref_curves = reference_cumulative_wins(self.ref_games)
        self.final = self.curves[self.curves.game == self.size("n_games")]

    def run_game_lengths(self) -> None:
        self.lengths = game_length_table(self.large_raw, split_starter=True)
        self.success = challenge_success_by_starter(self.large_raw)
        self.length_stats = length_summary(self.lengths)

    def run_first_mover(self) -> None:
        n = self.size("n_sweep")
        self.first = self._run("first_mover", lambda s: first_mover(n, 1, s), _THIS, n=n)
        self.self_open = self.first[(self.first.opponent_label == "random_guess")
                                    & (self.first.opens == "random_guess")].iloc[0]
        self.wide = opener_table(self.first)
        self.swap = self._run("seat_swap", lambda s: seat_swap(n, 1, s), _THIS, n=n)

    def run_extensions(self) -> None:
        """X2 (the lambda mixture) and X1 (real-valued guesses) against every type and against the thesis player."""
        n = self.size("n_sweep")
        self.sweep = self._run("extensions", lambda s: extension_sweep(n, 1, s), _THIS, n=n)
        self.variants = variant_summary(self.sweep)
        self.vs_plain = self._run("extensions_vs_plain", lambda s: variant_self_play(n, 1, s), _THIS, n=n)

    def run_x2_positions(self) -> None:
        n = self.size("n_calls")
        self.mixture = self._run("x2_positions", lambda s: guess_mixture_at_positions(
            list(X2_HAND), n_calls=n * X2_DECISIONS_PER_CALL, seed=s), _THIS, n=n)

    def run_sensitivity(self) -> None:
        n = self.size("n_sweep")
        self.readings_by_type = self._run("sensitivity", lambda s: sensitivity_by_type(n, s), _THIS, n=n)

    def run_best_response(self) -> None:
        for name, size, seed, kw, _ in RESPONDERS:
            n = self.size(size)
            setattr(self, name, self._run(seed, lambda s, n=n, kw=kw: best_response(n, BEST_RESPONSE_TASKS, s, **kw),
                                          _THIS, n=n))

    # the tables' views (rows of the runs' tables, nothing judged)
    @property
    def weight_two_sixes(self) -> int:
        """The Fig 4.4 bid weight of "two 6s" our bid draw uses (the claims' two-sixes readings run on it)."""
        return int(self.fig44.loc[self.fig44.bid == (2, 6), "weight"].item())

    @property
    def best_responses(self) -> pd.DataFrame:
        """The responders' runs (``data/01_best_response.csv``), each labelled by the player it faces."""
        runs = [(getattr(self, name), who) for name, *_, who in RESPONDERS]
        return pd.concat([f if who is None else f.assign(opponent=who) for f, who in runs if f is not None],
                         ignore_index=True)

    @property
    def lambda_rows(self) -> pd.DataFrame:
        return self.variants[self.variants.variant.str.startswith("X2")]

    @property
    def lambda_values(self) -> pd.Series:
        return self.sweep.groupby("variant", sort=False)["lambda"].first().loc[self.lambda_rows.variant]

    @property
    def x1(self) -> pd.Series:
        return self.variants[self.variants.variant == "X1 real-valued"].iloc[0]

    @property
    def thesis_guess(self) -> pd.Series:
        return self.variants[self.variants.variant == "X2 lambda=1"].iloc[0]

    @property
    def best_response_table(self) -> pd.DataFrame:
        """:attr:`best_responses` headed in words, rates to 3 decimals, the mean turns to 2."""
        shown = self.best_responses.replace({"opponent": {"random_guess": "random-guess"}}).rename(columns=BR_HEADERS)
        rates = [BR_HEADERS[c] for c in ("win_rate", "ci_low", "ci_high", "as_starter", "as_responder",
                                         "br_challenge_success")]
        from liarlab.study.tables import with_decimals

        return with_decimals(shown, {**dict.fromkeys(rates, 3), BR_HEADERS["mean_turns"]: 2})


_THIS = sys.modules[__name__]
