"""Notebook 05's seven open end-game cells and how each stored solve was seeded (issue 53): one table and its
caption, read from the verified end-game table and from each certificate's own record (its meta's ``seed``)."""
from __future__ import annotations

import math

import pandas as pd

from liarlab.bluff import certificates
from liarlab.bluff import endgame_store as store
from liarlab.papers.p05 import endgame as eg
from liarlab.papers.p05 import numbers

__all__ = ["stored_seed", "bracket_digits", "open_cells_view", "open_cells_caption"]


def stored_seed(a: int, b: int, faces: int, convention: str) -> dict:
    """The seed a stored four-dice solve started from, as its certificate records it ({}: from the single bids)."""
    closed_file, open_file = store.plans_path(a, b, faces, convention), store.open_path(a, b, faces, convention)
    meta = certificates.read(closed_file)[2] if closed_file.exists() else certificates.read_open(open_file)[1]
    return meta.get("seed") or {}


def bracket_digits(width: float, most: int = 12) -> int:
    """Decimals for an open cell's bracket beside its width: one more than the width's two significant digits
    (:func:`~liarlab.papers.p05.numbers.width_text` writes 0.14 and 0.016), so the outward rounding moves each end
    by under a tenth of the width and no decimal is printed that the width says is noise ("[-0.037077, 0.102325]"
    beside "0.14", issue 50 readers); at most ``most`` (a closed value's decimals)."""
    if not math.isfinite(width) or width <= 0:
        return most
    return max(1, min(most, 2 - math.floor(math.log10(width))))


def open_cells_view(table: pd.DataFrame) -> pd.DataFrame:
    """One row for each of :data:`~liarlab.papers.p05.endgame.OPEN_CELLS` present in the end-game table: its value
    (when it has closed) or certified bracket, width, round, |H| and solve seconds, and the seed of its stored solve."""
    seven = table[[(r.a, r.b, r.faces, r.convention) in store.OPEN_CELLS for r in table.itertuples()]]
    seeds = [stored_seed(r.a, r.b, r.faces, r.convention) for r in seven.itertuples()]
    still_open = eg.is_open(seven).to_numpy()
    return pd.DataFrame({
        "game": [f"{r.a}v{r.b} N={r.faces} {r.convention}" for r in seven.itertuples()],
        "value or bracket": [eg.bracket_text(r.lower, r.upper, bracket_digits(r.width)) if o else
                             (r.fraction or f"{r.value:.12f}")
                             for r, o in zip(seven.itertuples(), still_open)],
        "open": still_open, "width": seven.width.to_numpy(), "round": seven.iterations.to_numpy(),
        "histories in H": seven.restricted_histories.to_numpy(), "solve seconds": seven.seconds.round(0).to_numpy(),
        "seed": [s.get("method", "") for s in seeds], "seed histories": [s.get("histories", "") for s in seeds]})


def open_cells_caption(view: pd.DataFrame) -> str:
    """What the open cells' table says, in sentences: how many have closed, how many solves were seeded, the
    widest bracket still open."""
    closed, seeded = int((~view.open).sum()), int((view.seed != "").sum())
    closed_text = (f"None of these {len(view)} cells has closed to an exact value yet" if closed == 0 else
                   f"{closed} of these {len(view)} cells {'has' if closed == 1 else 'have'} closed to an exact value")
    seeded_text = ("no stored solve was seeded" if seeded == 0 else
                   f"{seeded} of their stored solves {'was' if seeded == 1 else 'were'} seeded")
    widest = (f"The widest bracket still open is {numbers.width_text(view[view.open].width.max())} wide."
              if view.open.any() else "No bracket is still open.")
    return f"*{closed_text}; {seeded_text}. {widest}*"
