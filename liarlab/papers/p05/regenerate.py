"""Notebook 05's certificates made again offline, or checked: what ``python -m liarlab solve KIND`` runs.

The store itself (reading, writing and verifying one certificate) is :mod:`liarlab.bluff.certificates`; this
module stands above it and above :mod:`liarlab.bluff.endgame_store`, whose cells it stores and verifies.
"""
from __future__ import annotations

from liarlab.bluff import certificates, endgame_store
from liarlab.papers.p05 import endgame
from liarlab.papers.p05.params import PARAMS

__all__ = ["KINDS", "declared", "store", "verify_all", "rules_of_label", "is_open", "resume_open", "import_open"]

KINDS = ("one-die", "end-game", "bluff2")


def declared(kind: str) -> list:
    """The results of ``kind`` the chain verifies from stored certificates (the full profile's): one die each N,
    end-game cells (a, b, N, convention; an open cell, one stored only as a bracket, among them), Bluff-2 grids
    (label, faces, max_dice, max_total)."""
    if kind == "one-die":
        return [N for N in certificates.ONE_DIE_STORED if N <= PARAMS.size("one_die_exact_max_faces", "full")]
    if kind == "end-game":
        return [c for c in endgame.cells_for("full") if endgame_store.verified_from_store(*c)
                and (endgame_store.plans_path(*c).exists() or c in endgame_store.STORED_THREE_DICE or is_open(c))]
    if kind == "bluff2":
        return list(certificates.STORED_GRIDS)
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def store(kind: str, *, force: bool = False, log=print) -> list:
    """Solve and store (offline, under ``nice``: minutes to hours) every declared result of ``kind`` whose file is
    missing (``force``: every one). What ``python -m liarlab solve KIND`` runs; returns the paths written."""
    written = []
    for item in declared(kind):
        if kind == "one-die":
            path = certificates.one_die_path(item)
            if force or not path.exists():
                certificates.store_one_die(item, log=log)
        elif kind == "end-game" and is_open(item):
            path = endgame_store.open_path(*item)      # its solve takes hours: resumed by resume_open, never from scratch
        elif kind == "end-game":
            path = endgame_store.plans_path(*item)
            if force or not path.exists():
                endgame_store.store_cell(*item)
        else:
            label, faces, max_dice, max_total = item
            path = certificates.grid_path(label, faces, max_dice, max_total)
            if force or not path.exists():
                certificates.store_grid(rules_of_label(label), faces, max_dice, max_total, log=log)
        if log is not None:
            log(f"{kind} {item}: {path}")
        written.append(path)
    return written


def rules_of_label(label: str):
    """The BluffRules whose label is ``label`` (every counting variant of the search)."""
    from liarlab.bluff.rules import all_rule_variants

    for rules in all_rule_variants(countings=(("top", "quantity"), ("top", "star"), ("none", "quantity"))):
        if rules.label == label:
            return rules
    raise ValueError(f"no rule variant is labelled {label!r}")


def verify_all(kind: str) -> list:
    """Verify every declared result of ``kind`` (raises
    :class:`~liarlab.bluff.certificates.CertificateError` on the first that fails)."""
    out = []
    for item in declared(kind):
        if kind == "one-die":
            out.append(certificates.verify_one_die(item))
        elif kind == "end-game":
            out.append(endgame_store.verify_open_cell(*item) if is_open(item) else endgame_store.verify_cell(*item))
        else:
            label, faces, max_dice, max_total = item
            out.append(certificates.verify_grid(rules_of_label(label), faces, max_dice, max_total))
    return out


def is_open(cell) -> bool:
    """Is this end-game cell stored only as an open bracket (no solved certificate beside it)?"""
    return not endgame_store.plans_path(*cell).exists() and endgame_store.open_path(*cell).exists()


def resume_open(time_limit: float | None = endgame_store.OPEN_TIME_LIMIT, *, log=print) -> list:
    """Resume every open end-game cell from its stored checkpoint for ``time_limit`` seconds each (offline, under
    ``nice``) and store what it reached (``python -m liarlab solve end-game --open``); returns the new rows."""
    rows = []
    for cell in declared("end-game"):
        if is_open(cell):
            rows.append(endgame_store.resume_open_cell(*cell, time_limit=time_limit))
            if log is not None:
                r = rows[-1]
                log(f"end-game {cell}: {r['status']}, [{r['lower']!r}, {r['upper']!r}] (width {r['width']:.2e})")
    return rows


def import_open(source_root, *, log=print) -> list:
    """Import the offline checkpoints ``source_root/<a>v<b>_N<N>_<convention>/state.npz`` of the open cells,
    verified, into the store (``python -m liarlab solve end-game --import FOLDER``); returns their rows."""
    return endgame_store.import_open_cells(source_root, log=log)
