"""Notebook 05's coverage ledger: one row per experiment E1..E10 of spec 05, with the sizes the run resolved."""
from __future__ import annotations


def coverage_rows(*, ld_max_faces, n_games, ld_expl_faces, bluff1_max_faces, exact_max_faces, one_die_faces,
                  one_die_exact_faces, bluff2_max_dice, bluff2_exact_cells, bluff2_exact_width, variant_rows,
                  counting_exact_max_total, r2_done, star_faces, kept_cells: dict | None = None) -> list[dict]:
    """The ledger rows; every size argument is what the notebook actually computed."""
    from liarlab.study.coverage import experiment

    def status(ok):
        return "full" if ok else "reduced"

    rows = [
        experiment("05", "E1", "Liar's Dice per-turn LP (LD-1)", "N = 1..100", f"N = 1..{ld_max_faces}",
                   status(ld_max_faces >= 100), "Part 1", "" if ld_max_faces >= 100 else "quick profile"),
        experiment("05", "E2", "Exactness of the Liar's Dice solution", "N = 2..10, 20",
                   f"N = {min(ld_expl_faces)}..{max(ld_expl_faces)} ({len(ld_expl_faces)} values)",
                   status(set(range(2, 11)) | {20} <= set(ld_expl_faces)), "Part 1, NashConv table",
                   "" if set(range(2, 11)) | {20} <= set(ld_expl_faces) else "fewer N computed"),
        experiment("05", "E3", "LD-2: strategy K vs T (exact and simulated)", "10^8 games per pairing",
                   f"{n_games:,} games per pairing", status(n_games >= 10**8), "Part 1, LD-2",
                   ("Ferguson's T is not in the talk: T* is a labelled substitute optimal vertex"
                    + ("" if n_games >= 10**8 else "; fewer games (quick profile)"))),
        experiment("05", "E4", "Bluff-1 per-turn", "N = 2..20", f"N = 2..{bluff1_max_faces}",
                   status(bluff1_max_faces >= 20), "Part 2, Bluff-1", "" if bluff1_max_faces >= 20 else "quick profile"),
        experiment("05", "E5", "Bluff-3 per-turn", "N = 6", "N = 6", "full", "Part 2, Bluff-3"),
        experiment("05", "E6", "Bluff-1 exact with CFR+ cross-check", "N = 2..6, 7-8 practical, CFR+ optional",
                   f"LP N = 2..{exact_max_faces}; certified double oracle N = {min(one_die_exact_faces)}.."
                   f"{max(one_die_exact_faces)}; CFR+ N = {min(one_die_faces)}..{max(one_die_faces)}",
                   status(max(one_die_exact_faces) >= 8), "Part 2, one die each",
                   "" if max(one_die_exact_faces) >= 8 else
                   f"certified exact values only up to N = {max(one_die_exact_faces)} in this profile (the full "
                   "profile certifies N = 2..10; N = 9 and 10 take minutes each and are served from the cache)"),
        experiment("05", "E7", "The per-turn profile played in the real game", "as E6",
                   f"N = 2..{exact_max_faces}", status(exact_max_faces >= 6), "Part 2, exact vs per-turn",
                   "" if exact_max_faces >= 6 else "quick profile"),
        experiment("05", "E8", "Bluff-2 per-turn, rule variants", "N = 2, a, b in 1..5; penalties x openers",
                   f"a, b in 1..{bluff2_max_dice}; {variant_rows} variants (penalties x openers x 3 counting "
                   "conventions)", status(bluff2_max_dice >= 5), "Part 2, Bluff-2 rule search",
                   "" if bluff2_max_dice >= 5 else "quick profile"),
        experiment("05", "E9", "Bluff-2 exact", "every feasible cell, with exploitability checks",
                   f"{bluff2_exact_cells} cells certified (widest bracket {bluff2_exact_width:.1e}); all variants exact "
                   f"on a + b <= {counting_exact_max_total}"
                   + "".join(f"; kept variant {v}: {n} cells certified" for v, n in (kept_cells or {}).items()),
                   status(bluff2_exact_cells >= 25 and all(n >= 25 for n in (kept_cells or {}).values())),
                   "Part 2, Bluff-2 exact",
                   "" if bluff2_exact_cells >= 25 and all(n >= 25 for n in (kept_cells or {}).values())
                   else "quick profile: fewer cells"),
        experiment("05", "E10", "Sensitivity: R2, star order", "R2 for E4, E5; star order N = 6 per-turn and exact",
                   f"R2: {'yes' if r2_done else 'no'}; star order solved for N = {min(star_faces)}..{max(star_faces)}",
                   status(r2_done and max(star_faces) >= 6), "Part 2, sensitivity",
                   "" if r2_done and max(star_faces) >= 6 else "quick profile"),
    ]
    return rows
