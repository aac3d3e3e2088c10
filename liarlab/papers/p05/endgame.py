"""Notebook 05, "Beyond the talk: the end game with several dice" (issue 27): the end game of Liar's Dice
solved exactly, beside the public LP study (thomasahle/snyd), its blanks filled, and four dice in all.

The cells are solved, stored and verified by :mod:`liarlab.bluff.endgame_store` (the sparse double oracle, best
responses and the rational certificate; the heavy cells' plans committed under ``data/05_certificates/end_game``
and verified in each run, the open cells' brackets under ``end_game_open``). Here: the notebook's cells
(:func:`cells_for`), its table with every cell one ``cache.cached_call`` (:func:`end_game_table`, so a chain pays
for each once), the comparison with the public study's printed values, the four-dice view, the claims rows and
the figures.

Conventions in the tables (:data:`liarlab.bluff.endgame_store.READINGS`): ``normal``, ``joker`` and ``stairs`` as
the public study computed it; ``stairs+jokers`` and ``stairs-any`` are readings of our own, for the tables'
extension rows.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
from matplotlib.ticker import MaxNLocator

from liarlab.bluff import certificates
from liarlab.bluff import endgame_store as store
from liarlab.bluff.endgame_store import FOUR_DICE_SOLVE_MAX_FACES, OPEN_STATUS
from liarlab.core import verdicts as V
from liarlab.papers.p05.printed import SNYD, SNYD_SOURCE

__all__ = ["end_game_table", "public_comparison", "four_dice_view", "end_game_claims", "value_figure",
           "scaling_figure", "PUBLIC_CELLS", "FOUR_DICE_CELLS", "cells_for", "solved", "sources_note", "is_open",
           "bracket_text", "values_caption"]

PUBLIC_CELLS = [(a, b, N, c) for (a, b) in ((1, 1), (2, 1), (1, 2)) for c in ("normal", "joker", "stairs")
                for N in range(1, 7)]
FOUR_DICE_CELLS = [(a, b, N, c) for (a, b) in ((2, 2), (3, 1), (1, 3)) for c in ("normal", "joker", "stairs")
                   for N in range(1, 7)]


def is_open(table: pd.DataFrame) -> pd.Series:
    """Which rows are open cells: a certified bracket, no value."""
    return table.status.str.startswith(OPEN_STATUS)


def end_game_table(cells, progress=None, *, solve_max_faces: int = FOUR_DICE_SOLVE_MAX_FACES,
                   folder=None, resolve: bool = False) -> pd.DataFrame:
    """One row per cell, each computed once through the study's cache. A light cell is solved; a heavy one
    (:func:`~liarlab.bluff.endgame_store.verified_from_store`: four dice with more than ``solve_max_faces`` faces, and
    :data:`~liarlab.bluff.endgame_store.STORED_THREE_DICE`) is verified from its stored plans
    (:func:`~liarlab.bluff.endgame_store.verify_cell`: its bracket and fraction
    computed here by best responses, without an LP; status ``"verified"``). A stored certificate that does not
    verify raises :class:`liarlab.bluff.certificates.CertificateError`, as does a missing file of
    ``STORED_THREE_DICE``; a four-dice cell with no stored plans but a stored open solve
    (``OPEN_CELLS``) is shown as the bracket its plans certify (:func:`~liarlab.bluff.endgame_store.verify_open_cell`: value NaN, status
    ``"bracket verified (open: round R, |H| = K)"``); a four-dice cell never solved is left without a value
    (status ``"not solved in the chain: no stored plans"``). ``folder``: the store of both (default
    ``store.PLANS_DIR`` and ``store.OPEN_DIR``). ``resolve``: solve the stored cells in the run instead (hours for
    the four-dice ones)."""
    from liarlab.study import cache

    rows = []
    for a, b, faces, convention in cells:
        stored = store.plans_path(a, b, faces, convention, folder)
        if resolve or not store.verified_from_store(a, b, faces, convention, solve_max_faces):
            rows.append(cache.cached_call(store.cell_row, a, b, faces, convention))
        elif not stored.exists() and store.open_path(a, b, faces, convention, folder).exists():
            bracket = store.open_path(a, b, faces, convention, folder)
            rows.append(cache.cached_call(store.verify_open_cell, a, b, faces, convention,
                                          folder=None if folder is None else str(folder),
                                          digest=certificates.digest_of(bracket)))
        elif stored.exists() or (a, b, faces, convention) in store.STORED_THREE_DICE:
            # the file's digest is an argument, so a changed certificate is never served from the cache
            digest = certificates.digest_of(stored) if stored.exists() else None
            rows.append(cache.cached_call(store.verify_cell, a, b, faces, convention, folder=str(stored.parent),
                                          digest=digest))
        else:
            rows.append(store.blank_row(a, b, faces, convention) | {"status": "not solved in the chain: no stored plans"})
        if progress is not None:
            progress(a, b, faces, convention)
    return pd.DataFrame(rows)


def sources_note(table: pd.DataFrame) -> str:
    """The printed line under the end game's tables: how many cells were solved in this run, verified from stored
    certificates, and left open as a certified bracket (counts by state: a list of every cell ran to ~50 items
    on the page, issue 50; ``data/05_end_game.csv`` gives each cell's status)."""
    from liarlab.study.answer import plural

    solved_here = int((table.status == "solved").sum())
    verified = int((table.status == "verified").sum())
    brackets = int(is_open(table).sum())
    parts = [f"{plural(solved_here, 'cell')} solved in this run",
             f"{verified:,} verified from stored certificates (data/05_certificates/end_game)"]
    if brackets:
        parts.append(f"{brackets:,} open: a certified bracket, no value (data/05_certificates/"
                     "end_game_open)")
    return "End game cells: " + "; ".join(parts) + ". Each cell's state is in data/05_end_game.csv (column status)."


#: the statuses of rows with a value: solved in this run, or verified from stored plans
HAS_VALUE = ("solved", "verified")


def bracket_text(lower: float, upper: float, digits: int = 6) -> str:
    """An open cell's bracket as printed, rounded outward (so the printed bracket still holds the value)."""
    scale = 10.0 ** digits
    return f"[{np.floor(lower * scale) / scale:.{digits}f}, {np.ceil(upper * scale) / scale:.{digits}f}]"


def solved(table: pd.DataFrame) -> pd.DataFrame:
    """The rows with a value: solved in this run, or verified from stored plans."""
    return table[table.status.isin(HAS_VALUE)]


def _value_words(value: float, fraction) -> str:
    """A first mover's value as words: a sure win or loss said so, else its fraction (or decimal) in ±1 units."""
    if value == 1:
        return "a value of 1: it wins every game"
    if value == -1:
        return "a value of -1: it loses every game"
    return f"a value of {fraction} (±1 units)" if fraction else f"a value of {round(float(value), 6)} (±1 units)"


def values_caption(table: pd.DataFrame) -> str:
    """The caption of the end game's value figure, from the end-game table: how many games have a value and how
    they got it, and the open games counted apart (issue 50: "89 games have a value (..., 7 open games given as
    certified brackets)" counted the 7, which have no value, inside the 89); the best game for the first mover
    beyond one face with its value in words (it read "under joker (1)")."""
    from liarlab.papers.p05.numbers import sci

    valued = solved(table)
    verified = int((valued.status == "verified").sum())
    here = len(valued) - verified
    certified = int(valued.certified.sum())
    unsolved = int(table.status.str.startswith("not solved").sum())
    opened = int(is_open(table).sum())
    how = ", ".join(part for part in (f"{here} solved in this run" if here else "",
                                      f"{verified} verified from stored plans" if verified else "") if part)
    fractions = ("each a certified fraction" if certified == len(valued)
                 else f"{certified} of them a certified fraction")
    text = (f"Figure: the first mover's value against the number of faces, per convention and dice. {len(valued)} "
            f"games have a value ({how}), {fractions}; the widest float bracket among them is "
            f"{sci(valued.width.max())}.")
    if opened:
        text += (f" {opened} more {'game is' if opened == 1 else 'games are'} open: no value, only a certified "
                 "bracket its stored plans prove.")
    if unsolved:
        text += f" {unsolved} four-dice {'game is' if unsolved == 1 else 'games are'} not yet solved."
    beyond = valued[valued.faces >= 2]
    if len(beyond):
        best = beyond.loc[beyond.value.idxmax()]
        fraction = None if pd.isna(best.fraction) or str(best.fraction) == "" else str(best.fraction)
        text += (f" Beyond one face, the first mover does best in {best.a}v{best.b} at N = {best.faces} under "
                 f"{best.convention}, {_value_words(float(best.value), fraction)}.")
        text += " " + dice_notice(beyond)
    return text


def dice_notice(valued: pd.DataFrame) -> str:
    """What to notice in the value figure, counted from the games with a value beyond one face: how often the
    first mover holding more dice is ahead and holding fewer behind (a caption without it left the reader to find
    the figure's point, issue 50)."""
    more, fewer = valued[valued.a > valued.b], valued[valued.a < valued.b]
    return (f"What to notice: beyond one face, the first mover holding more dice has a positive value in "
            f"{int((more.value > 0).sum())} of {len(more)} games, and holding fewer a negative one in "
            f"{int((fewer.value < 0).sum())} of {len(fewer)}.")


def public_comparison(table: pd.DataFrame) -> pd.DataFrame:
    """The public study's values beside ours, one row per cell of its three tables (blank cells included)."""
    out = []
    for r in table.itertuples():
        printed = SNYD.get((r.a, r.b, r.convention), {}).get(r.faces)
        if r.status.startswith(OPEN_STATUS):
            ours = bracket_text(r.lower, r.upper)
        elif r.status not in HAS_VALUE:
            ours = "-"
        else:
            ours = r.fraction or f"{r.value:.12f}"
        agrees = None if printed is None or r.status not in HAS_VALUE else (
            r.certified and Fraction(r.fraction) == Fraction(printed))
        out.append(dict(game=f"{r.a}v{r.b}", faces=r.faces, convention=r.convention,
                        public=printed if printed is not None else ("-" if r.status not in HAS_VALUE else "blank"),
                        ours=ours, agrees={None: "", True: "yes", False: "NO"}[agrees]))
    return pd.DataFrame(out)


def four_dice_view(table: pd.DataFrame) -> pd.DataFrame:
    """The four-dice games, one row each: the value (the fraction where certified; an open cell's certified
    bracket, ``[lower, upper]``, never a single number), how it was found and checked, the restricted set's size
    and the solve's time."""
    four = table[table.a + table.b == 4]
    has = four.status.isin(HAS_VALUE)
    value = np.where(four.fraction != "", four.fraction, four.value.map(lambda v: f"{v:.12f}"))
    bracket = [bracket_text(lo, up) for lo, up in zip(four.lower, four.upper)]
    return pd.DataFrame({"game": [f"{a}v{b}" for a, b in zip(four.a, four.b)], "faces": four.faces,
                         "convention": four.convention,
                         "value": np.where(has, value, np.where(is_open(four), bracket, "-")),
                         "status": four.status, "oracle": four.oracle, "certificate": four.certificate,
                         "histories in H": four.restricted_histories,
                         "solve seconds": four.seconds.round(1)}).reset_index(drop=True)


def end_game_claims(table: pd.DataFrame) -> list[dict]:
    """Claims rows: one ``check`` row per public table (our solver against its printed cells) and one
    ``extension`` row per new group of values (its blanks, four dice)."""
    from liarlab.study.outputs import claim

    rows = []
    for (a, b), g in table.groupby(["a", "b"], sort=False):
        printed = [(r, SNYD[(a, b, r.convention)][r.faces]) for r in g.itertuples()
                   if r.faces in SNYD.get((a, b, r.convention), {}) and r.status in HAS_VALUE]
        if printed:
            same = sum(bool(r.certified) and Fraction(r.fraction) == Fraction(p) for r, p in printed)
            j = V.stated("reproduced" if same == len(printed) else "differs",
                         "check: every printed value equals our certified fraction exactly",
                         f"{same} of {len(printed)} printed cells agree exactly")
            rows.append(claim(f"End game {a}v{b}: the public LP study's values (normal, joker, stairs)",
                              SNYD_SOURCE, f"{len(printed)} values", f"{same} of {len(printed)} exact", j,
                              kind="check", family="end game: public tables"))
        blanks = [r for r in g.itertuples() if r.status in HAS_VALUE
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
        brackets = [r for r in g.itertuples() if r.status.startswith(OPEN_STATUS)]
        if brackets:
            text = ", ".join(f"{r.convention} N={r.faces}: {bracket_text(r.lower, r.upper)} (round {r.iterations})"
                             for r in brackets)
            rows.append(claim(f"End game {a}v{b}: values bracketed by a solve that did not close", SNYD_SOURCE, None,
                              f"{len(brackets)} certified brackets, no value",
                              V.stated("extension", "bracket: exact best responses to the stored plans of an open "
                                                    "solve (no exact value)",
                                       f"{text}; widest bracket {max(r.width for r in brackets):.1e}"),
                              kind="finding", family="end game: open brackets"))
    return rows


def value_figure(table: pd.DataFrame):
    """The first mover's value against N, one panel per convention, one line per (a, b)."""
    from liarlab.study import plotting

    convs = [c for c in ("normal", "joker", "stairs") if c in set(table.convention)]
    fig, axes = plotting.figure(1, len(convs), 3.6, 3.2, sharey=True)
    axes = np.atleast_1d(axes)
    for ax, conv in zip(axes, convs):
        sub = solved(table)[lambda t: t.convention == conv]
        open_cells = table[is_open(table) & (table.convention == conv)]
        for k, ((a, b), g) in enumerate(sub.groupby(["a", "b"])):
            g = g.sort_values("faces")
            ax.plot(g.faces, g.value, marker="o", color=f"C{k}", label=f"{a}v{b}")
            # an open cell has no value, only its certified bracket: drawn as a bracket, not dropped
            o = open_cells[(open_cells.a == a) & (open_cells.b == b)]
            if not o.empty:
                mid = (o.lower + o.upper) / 2
                ax.errorbar(o.faces, mid, yerr=[mid - o.lower, o.upper - mid], fmt="none", ecolor=f"C{k}",
                            capsize=4, lw=1.5)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("faces per die, N")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(conv)
    axes[0].set_ylabel("first mover's value (±1 units)")
    handles, labels = axes[0].get_legend_handles_labels()
    if table.pipe(is_open).any():
        from matplotlib.lines import Line2D
        handles.append(Line2D([], [], color="grey", marker="_", markersize=10, ls="none"))
        labels.append("open cell: certified bracket")
    fig.legend(handles, labels, loc="outside right center", title="dice (first v second)")  # clear of the lines
    return fig


def scaling_figure(table: pd.DataFrame):
    """Time and peak memory of each solved cell against its number of bid histories (log-log)."""
    from liarlab.study import plotting

    sub = solved(table)[lambda t: t.histories > 0]
    fig, axes = plotting.figure(1, 2, 4.2, 3.2)
    for ax, col, label in ((axes[0], "seconds", "solve time (s)"), (axes[1], "restricted_histories",
                                                                     "histories the double oracle kept")):
        for conv, g in sub.groupby("convention"):
            ax.scatter(g.histories, np.maximum(g[col], 1e-3), s=14, label=conv)
        if col == "restricted_histories":        # the whole-tree LP holds every history (times the hands)
            span = np.array([sub.histories.min(), sub.histories.max()], dtype=float)
            ax.plot(span, span, color="grey", ls="--", lw=1, label="whole tree")
            ax.legend(loc="upper left", fontsize=9)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("bid histories of the game")   # short: two long labels ran into each other (issue 50 reader)
        ax.set_ylabel(label)
    axes[0].legend(loc="upper left", fontsize=9)
    return fig


def cells_for(profile: str) -> list:
    """The section's cells: the public tables and every four-dice cell in the full profile (those with more than
    :data:`FOUR_DICE_SOLVE_MAX_FACES` faces verified from their stored plans); one die each at N <= 4 and two dice
    against one at N <= 3 in the quick profile, and there too the one-die cell stored as a certificate (one die
    each, N = 6, stairs: verified in about 0.1 s), so that a quick run checks the certificate store."""
    if profile == "full":
        return PUBLIC_CELLS + FOUR_DICE_CELLS
    return ([c for c in PUBLIC_CELLS if c[2] <= (4 if c[:2] == (1, 1) else 3)]
            + [c for c in store.STORED_THREE_DICE if c[:2] == (1, 1)])
