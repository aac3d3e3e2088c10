"""Notebook 05's experiments: tables built from the Bluff and Liar's Dice solvers, run over the study's executor.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.bluff import best_response, solve
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
        exact = solve(N, method="lp", **rules.exact_options()).detail
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




# ---------------------------------------------------------------------------------------------
# Issue 18: certified exact Bluff by the double oracle, counting conventions, one die each
# ---------------------------------------------------------------------------------------------
def bluff2_certified_table(faces: int = 2, max_dice: int = 5, rules: BluffRules | None = None,
                           max_total: int | None = None, *, resolve: bool = False) -> pd.DataFrame:
    """E9: every cell (a, b), a, b <= max_dice, solved by the double oracle with its certified bracket.

    Columns: first_dice, second_dice, value (the first player's game value in +-1 units: +1 a sure win, -1 a
    sure loss), lower, upper, width (the bracket on the real game's value, +-1 units, smaller rounds' widths
    included), round_width, win_pct, value_fraction (the simplest fraction in the value's bracket, when one
    exists), win_fraction (the first player's win probability (1 + value) / 2 as a fraction, when
    value_fraction exists), histories, restricted_histories, iterations, seconds, status. Cells with
    a + b > max_total are left unsolved (status says so).

    A grid of :data:`liarlab.bluff.certificates.STORED_GRIDS` (minutes to solve) is verified from its
    stored certificate instead (:func:`liarlab.bluff.certificates.verify_grid`: the same rows, every bracket
    recomputed from the plans; it raises when the file is missing or does not verify); ``resolve``: solve it.
    """
    from liarlab.bluff import certificates
    from liarlab.bluff.api import simple_fraction
    from liarlab.bluff.oracle import certified_grid

    rules = rules if rules is not None else BluffRules()
    cells = certificates.cells_up_to_total(max_dice, max_total)
    if not resolve and certificates.has_grid(rules.label, faces, max_dice, max_total):
        rows = certificates.verify_grid(rules, faces, max_dice, max_total)
    else:
        rows = certified_grid(faces, max_dice, cells=cells, **rules.exact_options())
    frame = pd.DataFrame(rows).rename(columns={"a": "first_dice", "b": "second_dice"})
    frame["win_pct"] = 100 * frame["opener_win"]
    fractions = [simple_fraction(r.value, r.lower, r.upper) for r in frame.itertuples()]
    frame["value_fraction"] = [str(f) if f is not None else "" for f in fractions]
    frame["win_fraction"] = [str((1 + f) / 2) if f is not None else "" for f in fractions]
    frame["status"] = "solved"
    full = pd.DataFrame([(a, b) for a in range(1, max_dice + 1) for b in range(1, max_dice + 1)],
                        columns=["first_dice", "second_dice"])
    frame = full.merge(frame, on=["first_dice", "second_dice"], how="left")
    frame["status"] = frame["status"].fillna(f"not solved: a + b > {max_total}")
    return frame


def kept_variants(counting: pd.DataFrame) -> pd.DataFrame:
    """The variants the counting search keeps: for each counting convention (wild face, bid order), the
    variant whose per-turn grid (the talk's own method, on all printed cells) matches the most printed cells,
    ties broken by the smaller mean gap. The first row is the closest variant overall."""
    per_turn = counting[counting.method == "per-turn"]
    ranked = per_turn.sort_values(["truncated_matches", "mean_abs_gap_pct"], ascending=[False, True], kind="stable")
    return ranked.groupby(["wild", "bid_order"], sort=False).head(1).reset_index(drop=True)


def talk_game(counting: pd.DataFrame) -> pd.Series | None:
    """The talk's Bluff-2 game: the variant whose per-turn grid (the talk's own method) reproduces every printed
    cell (truncated, as the talk prints), the smallest mean gap first; None when no variant does."""
    per_turn = counting[(counting.method == "per-turn") & (counting.truncated_matches == counting.cells)]
    if per_turn.empty:
        return None
    return per_turn.sort_values("mean_abs_gap_pct", kind="stable").iloc[0]


_OPENER_WORDS = {"loser": "the player who lost dice", "winner": "the player who won the challenge",
                 "bidder": "the player who made the challenged bid", "challenger": "the player who called Bluff",
                 "opener": "the same player as before (the round's opener opens again)",
                 "alternate": "the other player than the round's opener"}


def rules_in_words(row) -> str:
    """A variant's rules in a sentence (counting, bid order, penalties, next opener)."""
    wild = ("face 2 is wild (it counts for face 1 too)" if row.wild == "top" else "no face is wild")
    order = ("bids ordered by quantity, then face (the talk's ladder)" if row.bid_order == "quantity" else
             "bids in the published board's star order (k wild 'star' dice rank between 2k - 1 and 2k dice of a "
             "face)")
    challenger = ("loses 1 die for an exact count and the excess otherwise (Borg)"
                  if row.challenger_penalty == "difference" else "loses 1 die")
    bidder = "loses the shortfall" if row.bidder_penalty == "difference" else "loses 1 die"
    return (f"{wild}; {order}; when the bid holds the challenger {challenger}, when it fails the bidder "
            f"{bidder}; the next round is opened by {_OPENER_WORDS[row.next_opener]}")


_OPENER_SHORT = {"loser": "the loser", "winner": "the winner", "bidder": "the bidder", "challenger": "the challenger",
                 "opener": "the same opener", "alternate": "the other player"}
_COUNTING_WORDS = {"star-order": "star bid order", "no-wild": "no wild face"}


def variant_words(label: str) -> str:
    """A rule variant's code label in words (issue 50: "star-order:difference/difference/challenger" read as code):
    "star bid order; the challenger loses the difference, the bidder 1 die; the challenger opens next" (no colon
    inside: the words sit after one in a sentence, issue 50). The code stays in the data."""
    label = str(label)
    counting, _, rest = label.rpartition(":")
    parts = rest.strip().split("/")
    if len(parts) < 3:
        return label
    pen = {"difference": "the difference", "one": "1 die"}
    bits = [" and ".join(_COUNTING_WORDS.get(c, c) for c in counting.split(",") if c)] if counting else []
    bits.append(f"the challenger loses {pen.get(parts[0], parts[0])}, the bidder {pen.get(parts[1], parts[1])}")
    bits.append(f"{_OPENER_SHORT.get(parts[2], parts[2])} opens next")
    if len(parts) > 3 and parts[3] not in ("R1", "uniform-hands"):
        bits.append(f"accept payoff {parts[3]}")
    if "uniform-hands" in parts:
        bits.append("every sorted hand weighted equally")
    return "; ".join(b for b in bits if b)


def cell_gaps(per_turn_grid: pd.DataFrame, printed: dict) -> pd.DataFrame:
    """Each printed cell beside a per-turn grid: our win %, the printed integer, the gap (ours - printed) and
    whether ours truncates to the print."""
    rows = []
    for r in per_turn_grid.itertuples():
        key = (int(r.first_dice), int(r.second_dice))
        if key in printed:
            rows.append({"first_dice": key[0], "second_dice": key[1], "win_pct": float(r.win_pct),
                         "printed": printed[key], "gap_pct": float(r.win_pct) - printed[key],
                         "truncates_to_print": int(np.floor(float(r.win_pct) + 1e-9)) == printed[key]})
    return pd.DataFrame(rows)


def rules_of(row) -> BluffRules:
    """The BluffRules of one row of the counting search."""
    return BluffRules(challenger_penalty=row.challenger_penalty, bidder_penalty=row.bidder_penalty,
                      next_opener=row.next_opener, wild=row.wild, bid_order=row.bid_order)


def kept_variant_grids(kept: pd.DataFrame, faces: int = 2, max_dice: int = 5, progress: bool = False, *,
                       resolve: bool = False) -> pd.DataFrame:
    """Every kept variant's whole grid solved by the double oracle (:func:`bluff2_certified_table`: a stored
    grid verified from its certificate unless ``resolve``), with columns variant, wild, bid_order."""
    from liarlab.study.parallel import progress_bar as tqdm

    grids = [bluff2_certified_table(faces, max_dice, rules_of(row), resolve=resolve).assign(
                 variant=row.variant, wild=row.wild, bid_order=row.bid_order)
             for row in tqdm(list(kept.itertuples()), desc="kept variants, exact", disable=not progress)]
    return pd.concat(grids, ignore_index=True)


def race_diagnostic(grid: pd.DataFrame) -> pd.DataFrame:
    """Spec 6.7: for cells a < b, does P(a, b) ~ 100 - P(b - 1, a)? (the pattern of a round the player with
    fewer dice wins for certain, after which the loser of a die opens); ``grid`` has first_dice, second_dice,
    win_pct."""
    pct = {(int(r.first_dice), int(r.second_dice)): float(r.win_pct) for r in grid.itertuples()}
    rows = []
    for (a, b), p in sorted(pct.items()):
        if a < b and (b - 1, a) in pct:
            rows.append({"first_dice": a, "second_dice": b, "win_pct": p, "mirror_cell": f"({b - 1},{a})",
                         "100_minus_mirror": 100 - pct[(b - 1, a)], "gap": p - (100 - pct[(b - 1, a)])})
    return pd.DataFrame(rows)


def counting_variant_search(faces: int = 2, max_dice: int = 5, exact_max_total: int = 6, printed: dict | None = None,
                            countings=(("top", "quantity"), ("top", "star"), ("none", "quantity")),
                            progress: bool = False, *, resolve: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """E8/E9 extended (issue 18): penalties x next opener x counting conventions, per-turn on the whole grid
    and exact (double oracle) on the cells with a + b <= exact_max_total. Returns (grids, summary); the
    summary has one row per (method, variant) with the printed-table agreement on the cells computed and
    the spec 6.7 race diagnostic (cells a < b with |P(a, b) - (100 - P(b - 1, a))| < 1 point). The exact grids
    of :data:`liarlab.bluff.certificates.STORED_GRIDS` are verified from their certificates (``resolve``:
    solved)."""
    from liarlab.bluff.per_turn import bluff2_per_turn_table, compare_with_printed_grid
    from liarlab.bluff.rules import all_rule_variants
    from liarlab.study.parallel import progress_bar as tqdm

    grids, summary = [], []
    for rules in tqdm(all_rule_variants(countings=countings), desc="Bluff-2 counting variants", disable=not progress):
        for method in ("per-turn", "exact"):
            if method == "per-turn":
                grid = bluff2_per_turn_table(faces, max_dice, rules)
            else:
                grid = bluff2_certified_table(faces, max_dice, rules, exact_max_total, resolve=resolve)
                grid = grid[grid.status == "solved"][["first_dice", "second_dice", "win_pct", "width"]]
            grid = grid.assign(method=method, variant=rules.label[:-3], wild=rules.wild, bid_order=rules.bid_order)
            grids.append(grid)
            row = {"method": method, "variant": rules.label[:-3], "wild": rules.wild, "bid_order": rules.bid_order,
                   "challenger_penalty": rules.challenger_penalty, "bidder_penalty": rules.bidder_penalty,
                   "next_opener": rules.next_opener}
            if printed is not None:
                row.update(compare_with_printed_grid(grid, printed))
            diag = race_diagnostic(grid)
            row["race_pattern_cells"] = int((diag.gap.abs() < 1).sum()) if len(diag) else 0
            row["race_pattern_of"] = len(diag)
            summary.append(row)
    return pd.concat(grids, ignore_index=True), pd.DataFrame(summary)


def one_die_table(faces_list=range(2, 8), cfr_iterations: int = 2000, lp_max_faces: int = 6,
                  oracle_max_faces: int = 7) -> pd.DataFrame:
    """E6 extended (issue 16/18): Bluff with one die each, N in ``faces_list``: the exact value certified by
    the fringe-aware double oracle of :mod:`liarlab.bluff.oracle` (N <= oracle_max_faces), the old whole-tree
    LP beside it (N <= lp_max_faces), a CFR+ cross-check (its average strategy's value and mean best-response
    gain) and the talk's per-turn value."""
    import time

    from liarlab.bluff.cfr import cfr_plus
    from liarlab.bluff.rounds import Round, self_play_value, zero_sum_payoffs
    from liarlab.bluff.rules import make_rules

    rows = []
    for N in faces_list:
        rules = make_rules(N, (1, 1))
        row = {"faces": N, "histories": 2 ** (2 * N),
               "per_turn_win": per_turn_bluff(N, (1, 1), BluffRules(), values_only=True).first_player_win}
        if N <= oracle_max_faces:
            sol = solve(N, method="oracle").detail
            row.update(exact_win=sol.opener_win, lower=sol.lower, upper=sol.upper, width=sol.width,
                       restricted_histories=sol.restricted_histories, iterations=sol.iterations,
                       oracle_seconds=sol.seconds)
        if N <= lp_max_faces:
            t0 = time.perf_counter()
            lp = solve(N, method="lp").detail
            row.update(lp_win=lp.first_player_win, lp_mean_gain=lp.mean_gain,
                       lp_seconds=time.perf_counter() - t0)
        t0 = time.perf_counter()
        rnd = Round(rules)
        U = zero_sum_payoffs(rnd, None)
        X0, X1 = cfr_plus(rnd, U, cfr_iterations)
        br1 = best_response(rnd, X1, 0, exact=False)
        br2 = best_response(rnd, X0, 1, exact=False)
        v = self_play_value(rnd, U, X0, X1)
        row.update(cfr_win=(1 + v) / 2, cfr_lower=(1 - br2) / 2, cfr_upper=(1 + br1) / 2,
                   cfr_mean_gain=((br1 - v) + (br2 + v)) / 2, cfr_iterations=cfr_iterations,
                   cfr_seconds=time.perf_counter() - t0)
        rows.append(row)
    return pd.DataFrame(rows)


def star_order_one_die(faces_list=range(2, 7)) -> pd.DataFrame:
    """E10: the published star bid order solved separately (per-turn and exact LP) beside the talk's order."""
    rows = []
    for N in faces_list:
        for method in ("per-turn", "exact"):
            out = {"faces": N, "method": method}
            for order in ("quantity", "star"):
                if method == "per-turn":
                    win = per_turn_bluff(N, (1, 1), BluffRules(bid_order=order), values_only=True).first_player_win
                else:
                    win = solve(N, method="lp", bid_order=order).detail.first_player_win
                out[f"{order}_win"] = win
            rows.append(out)
    return pd.DataFrame(rows)


def _scaling_task(rng, faces, a, b, solver, below, options):
    import time

    from liarlab.core.resources import PeakMemory

    # warm up on the smallest round (imports, numba's compiled kernels), so the timing is the round's own
    solve(faces, (1, 1), method="lp", max_bytes=2**30, **options)
    solve(faces, (1, 1), method="oracle", **options)
    with PeakMemory() as memory:
        t0 = time.perf_counter()
        # the smaller rounds' values come from the grid (continuation); .detail is the method's own result
        if solver == "old LP":
            value = solve(faces, (a, b), method="lp", max_bytes=64 * 2**30, continuation=below, **options).detail.value
        else:
            value = solve(faces, (a, b), method="oracle", continuation=below, **options).detail.value
        seconds = time.perf_counter() - t0
    return {"faces": faces, "first_dice": a, "second_dice": b, "solver": solver, "histories": 2 ** (faces * (a + b)),
            "value": value, "seconds": seconds, "peak_rss_gb": memory.peak_gb, "rss_growth_gb": memory.growth_gb}


def scaling_table(grid: pd.DataFrame, cells=((1, 1), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)),
                  old_lp_max_total: int = 7, faces: int = 2, rules: BluffRules | None = None) -> pd.DataFrame:
    """Time and memory of one round vs its number of histories, the old whole-tree LP and the double oracle
    side by side, under ``rules`` (column ``rules``: :func:`rule_set_name`). Each round runs in a freshly
    started interpreter, with the smaller rounds' values taken from ``grid`` (the certified table);
    ``rss_growth_gb`` is the round's resident peak above the warmed-up interpreter's (the peak is reset just
    before the round), ``peak_rss_gb`` that peak with the interpreter's baseline."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    rules = rules if rules is not None else BluffRules()
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter for every round
    below = {(int(r.first_dice), int(r.second_dice)): float(r.value) for r in grid.itertuples()
             if np.isfinite(r.value)}
    rows = []
    for a, b in cells:
        for solver in ("old LP", "double oracle"):
            if solver == "old LP" and a + b > old_lp_max_total:
                continue
            with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
                rows.append(pool.submit(_scaling_task, None, faces, a, b, solver, below,
                                        rules.exact_options()).result())
    return pd.DataFrame(rows).assign(rules=rule_set_name(rules))


DEFAULT_READING = "default reading (loser opens, quantity order)"   # BluffRules(): the spec's defaults


def rule_set_name(rules: BluffRules, talk_variant: str | None = None) -> str:
    """The one name notebook 05 gives a rule set everywhere: "default reading (loser opens, quantity order)" for
    the spec's defaults (:data:`DEFAULT_READING`), "the talk's game (<variant>)" for the variant the rule search
    found (``talk_variant``), else the variant's label."""
    label = rules.label[:-3]
    if rules.label == BluffRules().label:
        return DEFAULT_READING
    return f"the talk's game ({label})" if talk_variant is not None and label == talk_variant else label


def one_die_with_certified(certified: list[dict], cross_check: pd.DataFrame | None = None) -> pd.DataFrame:
    """One die each: the certified exact rows (:func:`liarlab.papers.p05.one_die.certified_one_die`, one per N)
    beside the talk's per-turn value and, where computed, the CFR+ cross-check of :func:`one_die_table`."""
    frame = pd.DataFrame(certified).sort_values("faces", ignore_index=True)
    frame["per_turn_win"] = [per_turn_bluff(int(N), (1, 1), BluffRules(), values_only=True).first_player_win for N in frame.faces]
    if cross_check is not None and len(cross_check):
        extra = cross_check.drop(columns=[c for c in cross_check.columns if c in frame.columns and c != "faces"])
        frame = frame.merge(extra, on="faces", how="outer").sort_values("faces", ignore_index=True)
    return frame


# ---------------------------------------------------------------------------------------------
# The notebook's sizes and compositions of the tables above
# ---------------------------------------------------------------------------------------------
LD_EXPL_FACES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 20)   # E2: the N whose whole multi-turn game is checked (NashConv)
SCALING_CELLS = ((1, 1), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5))   # timed rounds (dice each)


def certified_one_die_rows(max_faces: int, *, resolve: bool = False) -> list[dict]:
    """One die each, N = 2..max_faces: :func:`liarlab.papers.p05.one_die.certified_one_die` for each N not in
    :data:`liarlab.bluff.certificates.ONE_DIE_STORED`, one cached call per N (so a larger ``max_faces``
    reuses the smaller N); each N of ``ONE_DIE_STORED`` verified in every run from its stored certificate
    (:func:`liarlab.bluff.certificates.verify_one_die`: it raises when the file is missing or does not
    verify). ``resolve``: solve every N in the run instead (minutes at N = 9, 10)."""
    from liarlab.bluff import certificates
    from liarlab.papers.p05.one_die import certified_one_die
    from liarlab.study import cache

    return [cache.cached_call(certified_one_die, N) if resolve or N not in certificates.ONE_DIE_STORED
            else certificates.verify_one_die(N) for N in range(2, max_faces + 1)]


def certificates_note(resolve: bool = False) -> str:
    """The line under the rerun time: the run verifies the results stored in data/05_certificates rather than
    solving them, and what a ``--resolve`` run solves instead, timed by the stored solves (each file records its own
    solve's seconds; an open cell's solve stopped before its bracket closed)."""
    import json

    from liarlab.bluff import certificates

    closed, stopped = [], []
    for path in sorted(certificates.CERTIFICATES_DIR.rglob("*.npz")):
        with np.load(path, allow_pickle=False) as f:
            meta = json.loads(str(f["meta"]))
        solve = meta.get("solve", meta)
        seconds = (sum(x["seconds"] for x in meta["solves"].values()) if "solves" in meta
                   else solve.get("seconds", solve.get("oracle_seconds", 0.0)))
        (stopped if "end_game_open" in path.parts else closed).append(float(seconds))
    if resolve:
        return "This run solved the exact results stored in data/05_certificates (--resolve) instead of verifying them."
    return (f"The run verifies the {len(closed)} exact results and {len(stopped)} open cells' brackets stored in "
            f"data/05_certificates (the quick profile: those it reaches) instead of solving them; a run with --resolve "
            f"solves them again, which took {sum(closed) / 3600:.1f} hours when they were stored (the open cells' "
            f"solves ran {sum(stopped) / 3600:.1f} hours without closing).")


def one_die_sources(max_faces: int, *, resolve: bool = False) -> str:
    """The printed line under the one-die table: which N were solved in this run, which verified from stored
    certificates (as :func:`certified_one_die_rows` does it)."""
    from liarlab.bluff import certificates

    faces = range(2, max_faces + 1)
    stored = () if resolve else certificates.ONE_DIE_STORED
    return certificates.sources_note("one die each, certified exact values (N)", [N for N in faces if N not in stored],
                                     [N for N in faces if N in stored], "data/05_certificates/one_die")


def counting_sources(max_dice: int = 5, exact_max_total: int = 6, faces: int = 2, *, resolve: bool = False,
                     countings=(("top", "quantity"), ("top", "star"), ("none", "quantity"))) -> str:
    """The printed line under the counting search: how many exact grids were solved in this run, how many verified
    from stored certificates (as :func:`counting_variant_search` does it)."""
    from liarlab.bluff import certificates
    from liarlab.bluff.rules import all_rule_variants

    stored = [not resolve and certificates.has_grid(r.label, faces, max_dice, exact_max_total)
              for r in all_rule_variants(countings=countings)]
    return certificates.sources_note("counting search, exact grids (a + b <= "
                                     f"{exact_max_total})", [f"{stored.count(False)} variants"],
                                     [f"{stored.count(True)} variants (no face wild)"] if any(stored) else [],
                                     "data/05_certificates/bluff2")


def kept_sources(kept: pd.DataFrame, faces: int = 2, max_dice: int = 5, *, resolve: bool = False) -> str:
    """The printed line under the kept variants' grids: which were solved in this run, which verified from
    stored certificates (as :func:`kept_variant_grids` does it)."""
    from liarlab.bluff import certificates

    stored = [not resolve and certificates.has_grid(rules_of(r).label, faces, max_dice) for r in kept.itertuples()]
    return certificates.sources_note("kept variants' exact grids",
                                     [f"({variant_words(v)})" for v, s in zip(kept.variant, stored) if not s],
                                     [f"({variant_words(v)})" for v, s in zip(kept.variant, stored) if s],
                                     "data/05_certificates/bluff2")


def talk_game_or_closest(counting: pd.DataFrame) -> pd.Series:
    """The talk's game (:func:`talk_game`), or, when no variant gives every printed cell, the closest variant
    (the first of :func:`kept_variants`), which then stands in for it."""
    talk = talk_game(counting)
    return kept_variants(counting).iloc[0] if talk is None else talk


def kept_summary(kept: pd.DataFrame, kept_grids: pd.DataFrame) -> pd.DataFrame:
    """Each kept variant's per-turn agreement with the print beside its exact grid's cells solved, widest bracket,
    time, memory and largest restricted game."""
    summary = kept_grids.groupby("variant", sort=False).agg(
        cells_solved=("status", lambda s: int((s == "solved").sum())), widest_bracket=("width", "max"),
        seconds=("seconds", "sum"), slowest_round_s=("seconds", "max"), largest_memory_gb=("memory_gb", "max"),
        largest_H=("restricted_histories", "max"))
    return kept[["variant", "wild", "bid_order", "truncated_matches", "cells", "mean_abs_gap_pct"]].merge(
        summary, left_on="variant", right_index=True)


def scaling_cells(max_dice: int) -> list[tuple[int, int]]:
    """The timed rounds of :data:`SCALING_CELLS` with at most ``max_dice`` dice each."""
    return [(a, b) for a, b in SCALING_CELLS if max(a, b) <= max_dice]


def scaling_runs(grids, cells, old_lp_max_total: int, talk_variant: str | None = None) -> pd.DataFrame:
    """:func:`scaling_table` for each (rules, certified grid) of ``grids``, each cached, in one frame; column
    ``rules`` names each rule set by :func:`rule_set_name` (whatever name a cached table was stored with)."""
    from liarlab.study import cache

    return pd.concat([cache.cached("05_bluff2_scaling", {"cells": cells, "max_total": old_lp_max_total,
                                                         "rules": rules.label},
                                   lambda: scaling_table(grid, cells, old_lp_max_total, rules=rules))
                      .assign(rules=rule_set_name(rules, talk_variant))
                      for rules, grid in grids], ignore_index=True)


def r2_sensitivity(bluff1: pd.DataFrame, bluff1_r2: pd.DataFrame, exact_vs_per_turn: pd.DataFrame) -> pd.DataFrame:
    """Per N: the per-turn first player's win % under accept payoff R1 and R2, their difference, and the exact
    equilibrium's win % where solved."""
    sens = bluff1[["faces", "win_pct"]].rename(columns={"win_pct": "R1_win_pct"}).merge(
        bluff1_r2[["faces", "win_pct"]].rename(columns={"win_pct": "R2_win_pct"}), on="faces")
    sens["R2_minus_R1"] = sens.R2_win_pct - sens.R1_win_pct
    exact = exact_vs_per_turn[["faces", "exact_win"]].assign(exact_pct=lambda d: 100 * d.exact_win)
    return sens.merge(exact.drop(columns="exact_win"), on="faces", how="left")


def default_reading_grid(counting_grids: pd.DataFrame) -> pd.DataFrame:
    """The per-turn grid of the default reading (loser opens, Borg penalties, face 2 wild, quantity order) from
    the counting search's grids."""
    g = counting_grids
    per_turn = g[(g.method == "per-turn") & (g.wild == "top") & (g.bid_order == "quantity")]
    return per_turn[per_turn.variant == BluffRules().label[:-3]]


def per_turn_profile_table(faces_list=range(2, 7)) -> pd.DataFrame:
    """One die each: the per-turn profile under accept payoff R2 and under the star order, played in the real
    round (its self-play win and each seat's best-response gain, ±1 units). Seconds in all for N = 2..6."""
    from liarlab.bluff.exact import evaluate_profile
    from liarlab.papers.p05.numbers import zero_below

    rows = []
    for name, rules in (("R2", BluffRules(accept_payoff="R2")), ("star", BluffRules(bid_order="star"))):
        for N in faces_list:
            per_turn = per_turn_bluff(N, (1, 1), rules)
            played = evaluate_profile(N, (1, 1), per_turn_policy(per_turn, 1), per_turn_policy(per_turn, 2),
                                      **rules.exact_options())
            rows.append({"reading": name, "faces": int(N), "per_turn_claimed_win": per_turn.first_player_win,
                         "per_turn_self_play_win": played["opener_win"],
                         "gain_first": zero_below(played["gain_1"]), "gain_second": zero_below(played["gain_2"]),
                         "mean_gain": zero_below(played["mean_gain"])})
    return pd.DataFrame(rows)


def win_rate_gap(first_player_win):
    """The gap between the first and the second player's win rates, |p - (1 - p)| = |2p - 1| (p a fraction)."""
    return abs(2 * first_player_win - 1)


def smallest_gap_table(bluff1: pd.DataFrame, exact_vs_per_turn: pd.DataFrame) -> pd.DataFrame:
    """Per N (one die each): the first player's win % and the gap |2p - 1| in points, per-turn and exact."""
    exact = exact_vs_per_turn.set_index("faces").exact_win
    table = pd.DataFrame({"faces": bluff1.faces.astype(int).to_numpy(), "per_turn_win_pct": bluff1.win_pct.to_numpy()})
    table["per_turn_gap_pct"] = [100 * win_rate_gap(p / 100) for p in table.per_turn_win_pct]
    table["exact_win_pct"] = [100 * exact[n] if n in exact.index else np.nan for n in table.faces]
    table["exact_gap_pct"] = [100 * win_rate_gap(exact[n]) if n in exact.index else np.nan for n in table.faces]
    return table


def race_table(printed_grid: pd.DataFrame, bluff2_exact: pd.DataFrame, talk_exact: pd.DataFrame) -> pd.DataFrame:
    """The race diagnostic's gap per cell a < b: the printed grid, the default reading's and the talk's exact."""
    race = pd.concat([race_diagnostic(g).assign(grid=name) for name, g in
                      (("printed", printed_grid.stack().rename("win_pct").reset_index()),
                       ("exact, default reading", bluff2_exact),
                       ("exact, the talk's game", talk_exact.dropna(subset=["win_pct"])))])
    return race.pivot(index=["first_dice", "second_dice"], columns="grid", values="gap")
