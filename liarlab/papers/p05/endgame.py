"""Notebook 05, "Beyond the talk: the end game with several dice" (issue 27): the end game of Liar's Dice
solved exactly, beside the public LP study (thomasahle/snyd), its blanks filled, and four dice in all.

Each cell (a, b, N, convention) is solved by the sparse double oracle (:mod:`liarlab.bluff.sparse_oracle`),
certified by best responses, and given as an exact fraction when the rational certificate
(:mod:`liarlab.bluff.rational`) holds. Every cell is one ``cache.cached_call`` of :func:`solve_cell`, so a
chain pays for each once.

Conventions in the tables: ``normal``, ``joker`` and ``stairs`` as the public study computed it (its
stairs test is the ordered tuple 1, 2, ..., k, and outside a run its 1s are *not* wild, although its README
describes stairs as the joker rule plus runs); the README's description (``stairs+jokers``) and the
any-order run (``stairs-any``) are readings of our own, for the tables' extension rows.
"""
from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pandas as pd
from matplotlib.ticker import MaxNLocator

from liarlab.bluff import rational
from liarlab.bluff import sparse_oracle as so
from liarlab.bluff.endgame import EndGame
from liarlab.core import verdicts as V
from liarlab.core.resources import PeakMemory
from liarlab.papers.p05.printed import SNYD, SNYD_SOURCE

__all__ = ["READINGS", "game_for", "solve_cell", "end_game_table", "public_comparison", "end_game_claims",
           "value_figure", "scaling_figure", "PUBLIC_CELLS", "FOUR_DICE_CELLS", "CHAIN_FOUR_DICE_CELLS", "cells_for"]

#: convention key -> (EndGame convention, stairs reading, jokers outside a run)
READINGS = {"normal": ("normal", "ordered", True), "joker": ("joker", "ordered", True),
            "stairs": ("stairs", "ordered", False), "stairs+jokers": ("stairs", "ordered", True),
            "stairs-any": ("stairs", "any", False)}
PUBLIC_CELLS = [(a, b, N, c) for (a, b) in ((1, 1), (2, 1), (1, 2)) for c in ("normal", "joker", "stairs")
                for N in range(1, 7)]
FOUR_DICE_CELLS = [(a, b, N, c) for (a, b) in ((2, 2), (3, 1), (1, 3)) for c in ("normal", "joker", "stairs")
                   for N in range(2, 7)]


def game_for(a: int, b: int, faces: int, convention: str) -> EndGame:
    conv, reading, jokers = READINGS[convention]
    return EndGame(faces, (a, b), conv, reading, jokers)


def solve_cell(a: int, b: int, faces: int, convention: str, *, method: str = "highs-ds",
               target: float = 1e-10) -> dict:
    """One end game solved, certified and (where the rational certificate holds) given as a fraction."""
    row = dict(a=a, b=b, faces=faces, convention=convention, value=np.nan, lower=np.nan, upper=np.nan,
               width=np.nan, fraction="", certified=False, n_bids=0, histories=0, restricted_histories=0,
               visited=0, iterations=0, seconds=0.0, certificate_seconds=0.0, peak_gb=np.nan, status="solved")
    if READINGS[convention][0] != "normal" and faces < 2:
        row["status"] = "no bid: face 1 may not be named"
        return row
    game = game_for(a, b, faces, convention)
    probs = [game.hands(p)[1] for p in (0, 1)]
    tree = so.Tree(game.n_bids, tuple(np.array([float(x) for x in pr]) for pr in probs), game.payoffs())
    with PeakMemory() as memory:
        sol = so.solve_certified(tree, method=method, target=target, threads=False)
        t0 = time.perf_counter()
        cert = rational.rational_certificate(tree, sol.plans, probs)
        cert_seconds = time.perf_counter() - t0
    row.update(value=sol.value, lower=sol.lower, upper=sol.upper, width=sol.width,
               fraction=str(cert.fraction) if cert.holds else "", certified=cert.holds, n_bids=game.n_bids,
               histories=sol.histories, restricted_histories=sol.restricted_histories, visited=sol.visited,
               iterations=sol.iterations, seconds=sol.seconds, certificate_seconds=cert_seconds,
               peak_gb=memory.peak_gb)
    return row


def end_game_table(cells, progress=None) -> pd.DataFrame:
    """One row per cell, each solved once through the study's cache."""
    from liarlab.study import cache

    rows = []
    for a, b, faces, convention in cells:
        rows.append(cache.cached_call(solve_cell, a, b, faces, convention))
        if progress is not None:
            progress(a, b, faces, convention)
    return pd.DataFrame(rows)


def public_comparison(table: pd.DataFrame) -> pd.DataFrame:
    """The public study's values beside ours, one row per cell of its three tables (blank cells included)."""
    out = []
    for r in table.itertuples():
        printed = SNYD.get((r.a, r.b, r.convention), {}).get(r.faces)
        if r.status != "solved":
            ours = "-"
        else:
            ours = r.fraction or f"{r.value:.12f}"
        agrees = None if printed is None or r.status != "solved" else (
            r.certified and Fraction(r.fraction) == Fraction(printed))
        out.append(dict(game=f"{r.a}v{r.b}", faces=r.faces, convention=r.convention,
                        public=printed if printed is not None else ("-" if r.status != "solved" else "blank"),
                        ours=ours, agrees={None: "", True: "yes", False: "NO"}[agrees]))
    return pd.DataFrame(out)


def end_game_claims(table: pd.DataFrame) -> list[dict]:
    """Claims rows: one ``check`` row per public table (our solver against its printed cells) and one
    ``extension`` row per new group of values (its blanks, four dice)."""
    from liarlab.study.outputs import claim

    rows = []
    for (a, b), g in table.groupby(["a", "b"], sort=False):
        printed = [(r, SNYD[(a, b, r.convention)][r.faces]) for r in g.itertuples()
                   if r.faces in SNYD.get((a, b, r.convention), {}) and r.status == "solved"]
        if printed:
            same = sum(bool(r.certified) and Fraction(r.fraction) == Fraction(p) for r, p in printed)
            j = V.stated("reproduced" if same == len(printed) else "differs",
                         "check: every printed value equals our certified fraction exactly",
                         f"{same} of {len(printed)} printed cells agree exactly")
            rows.append(claim(f"End game {a}v{b}: the public LP study's values (normal, joker, stairs)",
                              SNYD_SOURCE, f"{len(printed)} values", f"{same} of {len(printed)} exact", j,
                              kind="check", family="end game: public tables"))
        blanks = [r for r in g.itertuples() if r.status == "solved"
                  and r.faces not in SNYD.get((a, b, r.convention), {})]
        if blanks:
            cert = sum(bool(r.certified) for r in blanks)
            worst = max(r.width for r in blanks)
            text = ", ".join(f"{r.convention} N={r.faces}: {r.fraction or round(r.value, 9)}" for r in blanks)
            rows.append(claim(f"End game {a}v{b}: values the public study did not print", SNYD_SOURCE, None,
                              f"{cert} of {len(blanks)} certified fractions",
                              V.stated("extension", "exact: best-response bracket and rational certificate",
                                       f"{text}; widest float bracket {worst:.1e}"),
                              kind="finding", family="end game: new values"))
    return rows


def value_figure(table: pd.DataFrame):
    """The first mover's value against N, one panel per convention, one line per (a, b)."""
    from liarlab.study import plotting

    convs = [c for c in ("normal", "joker", "stairs") if c in set(table.convention)]
    fig, axes = plotting.figure(1, len(convs), 3.6, 3.2, sharey=True)
    axes = np.atleast_1d(axes)
    for ax, conv in zip(axes, convs):
        sub = table[(table.convention == conv) & (table.status == "solved")]
        for (a, b), g in sub.groupby(["a", "b"]):
            g = g.sort_values("faces")
            ax.plot(g.faces, g.value, marker="o", label=f"{a}v{b}")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("faces per die, N")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(conv)
    axes[0].set_ylabel("first mover's value (+-1 units)")
    axes[-1].legend(loc="best", fontsize=8, title="dice")
    return fig


def scaling_figure(table: pd.DataFrame):
    """Time and peak memory of each solved cell against its number of bid histories (log-log)."""
    from liarlab.study import plotting

    sub = table[(table.status == "solved") & (table.histories > 0)]
    fig, axes = plotting.figure(1, 2, 4.2, 3.2)
    for ax, col, label in ((axes[0], "seconds", "solve time (s)"), (axes[1], "restricted_histories",
                                                                     "histories in H")):
        for conv, g in sub.groupby("convention"):
            ax.scatter(g.histories, np.maximum(g[col], 1e-3), s=14, label=conv)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("bid histories of the whole game, 2^n")
        ax.set_ylabel(label)
    axes[0].legend(loc="upper left", fontsize=8)
    return fig


#: the four-dice cells cheap enough for the chain (N = 2, 3); the rest are computed once offline (issue 27)
CHAIN_FOUR_DICE_CELLS = [c for c in FOUR_DICE_CELLS if c[2] <= 3]


def cells_for(profile: str) -> list:
    """The section's cells: the public tables and the cheap four-dice cells in the full profile; one die each
    at N <= 4 and two dice against one at N <= 3 in the quick profile."""
    if profile == "full":
        return PUBLIC_CELLS + CHAIN_FOUR_DICE_CELLS
    return [c for c in PUBLIC_CELLS if c[2] <= (4 if c[:2] == (1, 1) else 3)]
