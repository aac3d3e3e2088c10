"""Notebook 05's experiments: tables built from the Bluff and Liar's Dice solvers, run over the study's executor.
"""
from __future__ import annotations

import pandas as pd

from liarlab.bluff.exact import solve_bluff
from liarlab.bluff.ferguson import ferguson_solution, ferguson_values, simulate_liars_dice
from liarlab.bluff.per_turn import compare_with_printed_grid, per_turn_bluff, per_turn_policy
from liarlab.bluff.rules import BluffRules, all_rule_variants
from liarlab.core.validation import check_int


def _ld1_task(rng, faces):
    u0 = float(ferguson_values(faces)[0])
    return {"faces": faces, "first_player_utility": u0, "first_player_win": (1.0 + u0) / 2.0}


def ld_first_player_table(max_faces: int = 100, **run_kwargs) -> pd.DataFrame:
    """E1 / LD-1: P1(N) for N = 1..max_faces (one task per N through liarlab.study.parallel; no randomness)."""
    from liarlab.study.parallel import run_tasks

    max_faces = check_int("max_faces", max_faces, 1, 2000)
    tasks = [{"faces": N} for N in range(max_faces, 0, -1)]  # largest first balances the workers
    rows = run_tasks(_ld1_task, tasks, 0, desc="LD-1 faces", **run_kwargs)
    return pd.DataFrame(rows).sort_values("faces", ignore_index=True)




def _ld2_task(rng, faces, first, second, n_games):
    strategies = {"K": ferguson_solution(faces, "K").strategy, "T*": ferguson_solution(faces, "T*").strategy}
    return simulate_liars_dice(strategies[first], strategies[second], n_games, rng)


def ld2_monte_carlo_table(faces: int = 6, n_games: int = 1_000_000, seed: int = 0,
                          tasks_per_pairing: int = 4, **run_kwargs) -> pd.DataFrame:
    """E3 / LD-2, simulated part: ``n_games`` per pairing split in tasks run by liarlab.study.parallel."""
    from liarlab.core.stats import win_rate_frame
    from liarlab.study.parallel import run_tasks

    pairs = [(a, b) for a in ("K", "T*") for b in ("K", "T*")]
    per = [n_games // tasks_per_pairing + (i < n_games % tasks_per_pairing) for i in range(tasks_per_pairing)]
    tasks = [{"faces": faces, "first": a, "second": b, "n_games": m} for a, b in pairs for m in per if m > 0]
    wins = run_tasks(_ld2_task, tasks, seed, desc="LD-2 games", **run_kwargs)
    totals = {p: 0 for p in pairs}
    for t, w in zip(tasks, wins):
        totals[(t["first"], t["second"])] += w
    frame = win_rate_frame([totals[p] for p in pairs], n_games,
                           first=[p[0] for p in pairs], second=[p[1] for p in pairs])
    return frame




# ---------------------------------------------------------------------------------------------
# Exact versus per-turn (E6, E7, E9), using liarlab.bluff.exact
# ---------------------------------------------------------------------------------------------
def bluff1_exact_vs_per_turn(faces_list=range(2, 7), rules: BluffRules | None = None,
                             progress: bool = False) -> pd.DataFrame:
    """E6/E7, one die each: the per-turn claim, the per-turn profile played in the real round,
    and the exact sequence-form equilibrium (first-player win probabilities, mean best-response gain)."""
    import time

    from liarlab.bluff.exact import evaluate_profile
    from liarlab.study.parallel import progress_bar as tqdm

    rules = rules if rules is not None else BluffRules()
    rows = []
    for N in tqdm(list(faces_list), desc="Bluff-1 exact", disable=not progress):
        per_turn = per_turn_bluff(N, (1, 1), rules)
        played = evaluate_profile(N, (1, 1), per_turn_policy(per_turn, 1), per_turn_policy(per_turn, 2),
                                  **rules.exact_options())
        t0 = time.perf_counter()
        exact = solve_bluff(N, (1, 1), **rules.exact_options())
        rows.append({
            "faces": N,
            "per_turn_claimed_win": per_turn.first_player_win,
            "per_turn_self_play_win": played["opener_win"],
            "per_turn_gain_first": played["gain_1"],
            "per_turn_gain_second": played["gain_2"],
            "per_turn_mean_gain": played["mean_gain"],
            "exact_win": exact.first_player_win,
            "exact_mean_gain": exact.mean_gain,
            "exact_seconds": time.perf_counter() - t0,
        })
    return pd.DataFrame(rows)


def bluff2_exact_table(faces: int = 2, max_dice: int = 5, max_total: int | None = None,
                       rules: BluffRules | None = None) -> pd.DataFrame:
    """E9: exact first-player win % for every (a, b) the round LP can hold (others marked omitted)."""
    from liarlab.bluff.exact import bluff_game_values

    rules = rules if rules is not None else BluffRules()
    frame = bluff_game_values(faces, max_dice, max_total=max_total, **rules.exact_options())
    frame = frame.rename(columns={"a": "first_dice", "b": "second_dice"})
    frame["win_pct"] = 100 * frame["opener_win"]
    return frame


def bluff2_exact_variant_search(faces: int = 2, max_dice: int = 5, max_total: int = 6, printed: dict | None = None,
                                progress: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """E9 extension: every rule variant solved exactly on the cells with a + b <= max_total."""
    from liarlab.study.parallel import progress_bar as tqdm

    grids, summary = [], []
    for rules in tqdm(all_rule_variants(), desc="Bluff-2 exact variants", disable=not progress):
        grid = bluff2_exact_table(faces, max_dice, max_total, rules)
        grid = grid[grid["status"] == "solved"]
        grid.insert(0, "variant", rules.label[:-3])
        grids.append(grid[["variant", "first_dice", "second_dice", "win_pct", "mean_gain"]])
        row = {"variant": rules.label[:-3], "challenger_penalty": rules.challenger_penalty,
               "bidder_penalty": rules.bidder_penalty, "next_opener": rules.next_opener}
        if printed is not None:
            cells = {(r.first_dice, r.second_dice) for r in grid.itertuples()}
            row.update(compare_with_printed_grid(grid, {k: v for k, v in printed.items() if k in cells}))
        summary.append(row)
    return pd.concat(grids, ignore_index=True), pd.DataFrame(summary)


