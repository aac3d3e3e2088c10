"""Notebook 05's coverage ledger, E1..E10: a row is ``full`` when the run used at least the full profile's size of
each parameter behind it (:data:`.params.PARAMS`) or the talk's own (the LD-2 games)."""
from __future__ import annotations

from liarlab.papers.p05 import printed
from liarlab.papers.p05.experiments import LD_EXPL_FACES
from liarlab.papers.p05.numbers import sci
from liarlab.papers.p05.params import PARAMS
from liarlab.study.coverage import indexed

QUICK = "quick profile"
full = PARAMS.size   # full(name): the full profile's size of a parameter (its default profile)


def run_sizes(params: dict, results) -> dict:
    """The keyword arguments of :func:`coverage_rows`: the run's sizes (``params``) and what ``results`` computed."""
    one_die, exact = results.one_die, results.bluff2_exact
    return dict(ld_max_faces=params["ld_max_faces"], n_games=params["n_games"],
                ld_expl_faces=list(results.ld_expl.faces), bluff1_max_faces=params["bluff1_max_faces"],
                exact_max_faces=params["exact_max_faces"], one_die_faces=list(one_die.dropna(subset=["cfr_win"]).faces),
                one_die_exact_faces=list(one_die.dropna(subset=["exact_win"]).faces),
                bluff2_max_dice=params["bluff2_max_dice"], bluff2_exact_cells=int((exact.status == "solved").sum()),
                bluff2_exact_width=float(exact.width.max()),
                variant_rows=int((results.counting.method == "per-turn").sum()),
                counting_exact_max_total=params["variants_exact_max_total"], r2_done=True,
                star_faces=list(results.star_one_die.faces),
                kept_cells={v: int((g.status == "solved").sum())
                            for v, g in results.kept_grids.groupby("variant", sort=False)})


def coverage_rows(*, ld_max_faces, n_games, ld_expl_faces, bluff1_max_faces, exact_max_faces, one_die_faces,
                  one_die_exact_faces, bluff2_max_dice, bluff2_exact_cells, bluff2_exact_width, variant_rows,
                  counting_exact_max_total, r2_done, star_faces, kept_cells: dict | None = None) -> list[dict]:
    """The ledger rows, E1..E10, from what the notebook computed (:func:`run_sizes`)."""
    kept_cells, cells = kept_cells or {}, full("bluff2_max_dice") ** 2   # a whole grid at the full profile's dice
    certified = max(one_die_exact_faces)
    rows = (  # (code, run size, full?, where, why when reduced)
        ("E1", f"N = 1..{ld_max_faces}", ld_max_faces >= full("ld_max_faces"), "Part 1", QUICK),
        ("E2", f"N = {min(ld_expl_faces)}..{max(ld_expl_faces)} ({len(ld_expl_faces)} values)",
         set(LD_EXPL_FACES) <= set(ld_expl_faces), "Part 1, NashConv table", "fewer N computed"),
        ("E3", f"{n_games:,} games per pairing", n_games >= printed.TALK_LD2_GAMES, "Part 1, LD-2",
         "fewer games (quick profile)"),
        ("E4", f"N = 2..{bluff1_max_faces}", bluff1_max_faces >= full("bluff1_max_faces"), "Part 2, Bluff-1", QUICK),
        ("E5", "N = 6", True, "Part 2, Bluff-3"),
        ("E6", f"LP N = 2..{exact_max_faces}; certified double oracle N = {min(one_die_exact_faces)}..{certified}; "
               f"CFR+ N = {min(one_die_faces)}..{max(one_die_faces)} (an independent cross-check of the certified "
               "values, run where it is cheap: under a second a game; no verdict rests on it beyond its own check row)",
         certified >= full("one_die_exact_max_faces"), "Part 2, one die each",
         f"certified exact values only up to N = {certified} in this profile (the full profile certifies N = "
         f"2..{full('one_die_exact_max_faces')}; N = 9 and 10 take minutes each and are served from the cache)"),
        ("E7", f"N = 2..{exact_max_faces}", exact_max_faces >= full("exact_max_faces"), "Part 2, exact vs per-turn",
         QUICK),
        ("E8", f"a, b in 1..{bluff2_max_dice}; {variant_rows} variants (penalties x openers x 3 counting conventions)",
         bluff2_max_dice >= full("bluff2_max_dice"), "Part 2, Bluff-2 rule search", QUICK),
        ("E9", f"{bluff2_exact_cells} cells certified (widest bracket {sci(bluff2_exact_width)}); all variants exact "
               f"on a + b <= {counting_exact_max_total}"
               + "".join(f"; kept variant {v}: {n} cells certified" for v, n in kept_cells.items()),
         bluff2_exact_cells >= cells and all(n >= cells for n in kept_cells.values()), "Part 2, Bluff-2 exact",
         "quick profile: fewer cells"),
        ("E10", f"R2: {'yes' if r2_done else 'no'}; star order solved for N = {min(star_faces)}..{max(star_faces)}",
         r2_done and max(star_faces) >= full("exact_max_faces"), "Part 2, sensitivity", QUICK))
    note = {"E3": "Ferguson's T is not in the talk: T* is a labelled substitute optimal vertex"}
    return [indexed("05", *row, note=note.get(row[0], "")) for row in rows]
