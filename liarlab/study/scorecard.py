"""Notebook 99: every paper's claims gathered into one scorecard."""
from __future__ import annotations

import json

import pandas as pd

from liarlab.study import outputs

PAPERS = {
    "00": "dice combinatorics (papers 01, 02)",
    "01": "Liar Dice: random guess + Bayesian network (2009)",
    "02": "multiplayer Liar Dice Q-learning",
    "03": "Honeymoon Bridge",
    "04": "Cheat",
    "05": "N-face Liar's Dice and Bluff (2016)",
}


def gather_claims(folder=None) -> pd.DataFrame:
    """All ``NN_claims.csv`` tables in the data folder, with the notebook id in front and a flag
    ``measured`` for rows that report a speed measurement."""
    folder = folder or outputs.data_dir()
    frames = []
    for path in sorted(folder.glob("[0-9][0-9]_claims.csv")):
        nb = path.name[:2]
        if nb == "99":
            continue
        frame = pd.read_csv(path, dtype={"paper_value": str, "reproduced_value": str})
        frame.insert(0, "notebook", nb)
        sidecar = path.with_suffix(".json")
        measured = json.loads(sidecar.read_text()).get("measured_rows", []) if sidecar.exists() else []
        frame["measured"] = frame.index.isin(measured)
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=["notebook"] + outputs.CLAIM_COLUMNS + ["measured"])
    return pd.concat(frames, ignore_index=True)


def verdict_counts(claims: pd.DataFrame) -> pd.DataFrame:
    """Claims per notebook and verdict, with the paper's name; a row 'all' at the bottom."""
    counts = pd.crosstab(claims["notebook"], claims["verdict"]).reindex(columns=list(outputs.VERDICTS), fill_value=0)
    counts["total"] = counts.sum(axis=1)
    counts.loc["all"] = counts.sum()
    counts.insert(0, "paper", [PAPERS.get(i, "") for i in counts.index])
    return counts.reset_index()
