"""Notebook 99 and the report's front page: every paper's claims gathered into one honest scorecard.

One paper claim is one row of one notebook's ``data/NN_claims.csv``. The rows of one printed table form
a *family* (column ``family``); the scorecard counts families and rows separately, so a 25-cell table
does not outweigh a paper's one headline claim. Counts are grouped by *paper* (notebook 00 checks the
dice numbers of papers 01 and 02; its rows count for the paper named in their ``source``).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pandas as pd

from liarlab.study import outputs


@dataclass(frozen=True)
class Paper:
    number: str
    short: str      # a label for figures: "01 · Huang 2009: Liar Dice"
    authors: str
    year: int | None
    title: str


PAPERS = {
    "01": Paper("01", "Huang 2009: Liar Dice, random guess + network", "Hsin-Han Huang", 2009,
                "On the Study of Artificial Intelligence in Liar Dice (M.Sc. thesis, NTNU)"),
    "02": Paper("02", "Macronix SA22-239: Liar's Dice Q-learning", "Macronix Science Award entry SA22-239", None,
                "Implementing reinforcement learning in multiplayer Liar's Dice (22nd Macronix Science Award)"),
    "03": Paper("03", "Yeh 2009: Honeymoon Bridge", "Chun-Ting Yeh", 2009,
                "On the Study of an Imperfect Information Game: Honeymoon Bridge (M.Sc. thesis, NTNU)"),
    "04": Paper("04", "Term paper: Cheat", "three students (term paper)", None, "Implementation of Cheat"),
    "05": Paper("05", "Kayanuma 2016: N-face Liar's Dice and Bluff", "R. Kayanuma", 2016,
                "Algorithms that derive optimal strategies for Liar's Dice and Bluff with N-faced dice (talk)"),
}


@dataclass(frozen=True)
class NotebookInfo:
    papers: tuple[str, ...]
    question: str
    headline_hints: tuple[str, ...] = ()  # claim texts to show when no row is flagged headline=True


NOTEBOOKS = {
    "00": NotebookInfo(("01", "02"), "Are the dice counts and probabilities that papers 01 and 02 print right?"),
    "01": NotebookInfo(("01",), "Does a random-guess Liar Dice player win 60-70 % against 32 rule-based programs, "
                                "and does a Bayesian network opponent model add 5-10 points?",
                       ("random-guess mean win rate", "BBN adds about")),
    "02": NotebookInfo(("02",), "Does a Q-learning agent learn to beat fixed Liar's Dice strategies with two and "
                                "three players?"),
    "03": NotebookInfo(("03",), "How strong is a Honeymoon Bridge program built on an exact two-hand solver, "
                                "Monte Carlo bidding and a greedy exchange?"),
    "04": NotebookInfo(("04",), "Can a learner find and exploit scripted liars in Cheat, and what is lie history "
                                "worth?"),
    "05": NotebookInfo(("05",), "Does solving Liar's Dice and Bluff one turn at a time give optimal strategies, "
                                "and what do they say about the first player's chance for N-faced dice?"),
}

# A family's verdict: the most serious verdict among its rows.
_FAMILY_ORDER = ("differs", "not-reproducible", "reproduced", "extension")
_PAPER_IN_SOURCE = re.compile(r"\bpaper\s*(\d\d)\b", re.IGNORECASE)


def paper_label(number: str) -> str:
    paper = PAPERS.get(number)
    return f"{number} · {paper.short}" if paper else number


def paper_of(notebook: str, source) -> str:
    """The paper a claims row belongs to: the one its ``source`` names ("paper 02 Table 6-1"), else the
    notebook's own paper."""
    match = _PAPER_IN_SOURCE.search(str(source)) if isinstance(source, str) else None
    if match:
        return match.group(1)
    info = NOTEBOOKS.get(notebook)
    return info.papers[0] if info else notebook


def _read_claims(path) -> pd.DataFrame:
    frame = pd.read_csv(path, dtype={"paper_value": str, "reproduced_value": str})
    if "family" not in frame.columns:  # a table written before families existed: each row its own family
        frame.insert(1, "family", frame["claim"])
    frame["family"] = frame["family"].fillna(frame["claim"])
    sidecar = path.with_suffix(".json")
    meta = json.loads(sidecar.read_text()) if sidecar.exists() else {}
    frame["measured"] = frame.index.isin(meta.get("measured_rows", []))
    frame["headline"] = frame.index.isin(meta.get("headline_rows", []))
    return frame


def gather_claims(folder=None) -> pd.DataFrame:
    """All ``NN_claims.csv`` tables of the data folder: the notebook id and the paper in front, flags
    ``measured`` (a speed measurement) and ``headline`` (the paper's main claim) at the end."""
    folder = folder or outputs.data_dir()
    frames = []
    for path in sorted(folder.glob("[0-9][0-9]_claims.csv")):
        nb = path.name[:2]
        if nb == "99":
            continue
        frame = _read_claims(path)
        frame.insert(0, "notebook", nb)
        frame.insert(1, "paper", [paper_of(nb, s) for s in frame["source"]])
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=["notebook", "paper"] + outputs.CLAIM_COLUMNS + ["measured", "headline"])
    return pd.concat(frames, ignore_index=True)


def families(claims: pd.DataFrame) -> pd.DataFrame:
    """One row per claim family: its paper, notebook, number of rows, the rows' verdicts and the family's
    verdict (the most serious among its rows: differs, then not-reproducible, reproduced, extension)."""
    rows = []
    for (paper, nb, family), group in claims.groupby(["paper", "notebook", "family"], sort=False):
        counts = group["verdict"].value_counts()
        verdict = next(v for v in _FAMILY_ORDER if v in counts.index)
        rows.append({"paper": paper, "notebook": nb, "family": family, "rows": int(len(group)), "verdict": verdict,
                     "row_verdicts": ", ".join(f"{int(counts[v])} {v}" for v in outputs.VERDICTS if v in counts.index),
                     "first_row": int(group.index[0])})
    columns = ["paper", "notebook", "family", "rows", "verdict", "row_verdicts", "first_row"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["paper", "first_row"], kind="stable").reset_index(drop=True)


def verdict_counts(claims: pd.DataFrame, by: str = "paper") -> pd.DataFrame:
    """Families and rows per verdict, grouped ``by`` paper (default) or notebook; a group 'all' last.

    Two lines per group: ``unit`` = 'families' and 'rows'.
    """
    if by not in ("paper", "notebook"):
        raise ValueError(f"by must be 'paper' or 'notebook', got {by!r}")
    fams = families(claims)
    out = []
    for unit, frame in (("families", fams), ("rows", claims)):
        table = pd.crosstab(frame[by], frame["verdict"]).reindex(columns=list(outputs.VERDICTS), fill_value=0)
        table.loc["all"] = table.sum()
        table["total"] = table.sum(axis=1)
        table = table.rename_axis(index=by, columns=None).reset_index()
        table.insert(1, "unit", unit)
        out.append(table)
    counts = pd.concat(out, ignore_index=True)
    order = {key: i for i, key in enumerate(sorted(set(counts[by]) - {"all"}) + ["all"])}
    counts = counts.sort_values([by, "unit"], key=lambda s: s.map(order) if s.name == by else s, kind="stable")
    if by == "paper":
        counts.insert(1, "paper_name", [PAPERS[p].short if p in PAPERS else "" for p in counts["paper"]])
    return counts.reset_index(drop=True)


def headline_rows(claims: pd.DataFrame, notebook: str | None = None, paper: str | None = None) -> pd.DataFrame:
    """The rows flagged ``headline``; where a notebook flags none, the rows its registry hints name; else its
    first row that is not an extension."""
    picked = []
    for nb, group in claims.groupby("notebook", sort=True):
        if notebook is not None and nb != notebook:
            continue
        rows = group[group["headline"]] if "headline" in group else group.iloc[:0]
        if rows.empty and nb in NOTEBOOKS and NOTEBOOKS[nb].headline_hints:
            hints = NOTEBOOKS[nb].headline_hints
            rows = group[group["claim"].map(lambda c: any(h.lower() in str(c).lower() for h in hints))]
        if rows.empty:
            rows = group[group["verdict"] != "extension"].head(1)
        picked.append(rows)
    frame = pd.concat(picked) if picked else claims.iloc[:0]
    if paper is not None:
        frame = frame[frame["paper"] == paper]
    return frame


def format_value(v) -> str:
    """A claims cell for prose: integers as integers, long floats to 6 significant digits, text as is."""
    if v is None or (isinstance(v, float) and pd.isna(v)) or str(v) == "nan":
        return "none"
    try:
        x = float(v)
    except (TypeError, ValueError):
        return str(v)
    if x.is_integer() and abs(x) < 1e15:
        return f"{int(x):,}" if abs(x) >= 10_000 else str(int(x))
    return f"{x:.6g}"


def describe_row(row) -> str:
    """One claims row as a sentence: the claim, the paper's value, ours (with interval), verdict and note."""
    ci = ""
    if not pd.isna(row.get("ci_low")) and not pd.isna(row.get("ci_high")):
        ci = f" (95 % interval {float(row['ci_low']):.4g} to {float(row['ci_high']):.4g})"
    note = f" {str(row['note']).rstrip('.')}." if isinstance(row.get("note"), str) and row["note"] else ""
    return (f"*{row['claim']}* ({row['source']}): paper {format_value(row['paper_value'])}, "
            f"ours {format_value(row['reproduced_value'])}{ci}: **{row['verdict']}**.{note}")


def summary_markdown(claims: pd.DataFrame, max_disagreements: int = 12, max_extensions: int = 10) -> str:
    """Notebook 99's prose, computed from the claims tables: each paper's headline findings and counts,
    the most important disagreements (headline rows first, then one line per family that differs), and
    the extensions (one line per family)."""
    if claims.empty:
        return "No claims tables were found."
    fams = families(claims)
    lines = ["### Headline findings, paper by paper", ""]
    for paper in sorted(claims["paper"].unique()):
        fp, rp = fams[fams.paper == paper], claims[claims.paper == paper]
        nbs = ", ".join(sorted(rp["notebook"].unique()))
        counts = "; ".join(f"{int((fp.verdict == v).sum())} {v}" for v in outputs.VERDICTS if (fp.verdict == v).any())
        lines.append(f"**{paper_label(paper)}** (notebook {nbs}): {len(fp)} claim families, {len(rp)} rows "
                     f"(families: {counts}).")
        for _, row in headline_rows(claims, paper=paper).iterrows():
            lines.append(f"* Headline: {describe_row(row)}")
        lines.append("")
    lines += ["### The most important disagreements", ""]
    differ = fams[fams.verdict == "differs"]
    head = headline_rows(claims)
    head = head[head.verdict == "differs"]
    shown, count = set(), 0
    for _, row in head.iterrows():
        shown.add((row["notebook"], row["family"]))
        lines.append(f"* [{paper_label(row['paper'])}, headline] {describe_row(row)}")
        count += 1
    # then the largest differing families (a table that differs in many cells before a single remark)
    for _, fam in differ.sort_values(["rows", "paper"], ascending=[False, True], kind="stable").iterrows():
        if count >= max_disagreements:
            break
        if (fam.notebook, fam.family) in shown:
            continue
        members = claims[(claims.notebook == fam.notebook) & (claims.family == fam.family)]
        example = members[members.verdict == "differs"].iloc[0]
        prefix = f"{fam.family} ({fam.row_verdicts}); e.g. " if fam.rows > 1 else ""
        lines.append(f"* [{paper_label(fam.paper)}] {prefix}{describe_row(example)}")
        count += 1
    if len(differ) > count:
        lines.append(f"* ... and {len(differ) - count} more families that differ (table below).")
    if differ.empty:
        lines.append("* None: no claim family differs.")
    lines += ["", "### What we added (extensions)", ""]
    ext = fams[fams.verdict == "extension"]
    for _, fam in ext.head(max_extensions).iterrows():
        row = claims[(claims.notebook == fam.notebook) & (claims.family == fam.family)].iloc[0]
        rows = f" ({fam.rows} rows)" if fam.rows > 1 else ""
        lines.append(f"* [{paper_label(fam.paper)}] *{fam.family}*{rows}: {format_value(row['reproduced_value'])}"
                     + (f". {str(row['note']).rstrip('.')}." if isinstance(row["note"], str) and row["note"] else "."))
    if len(ext) > max_extensions:
        lines.append(f"* ... and {len(ext) - max_extensions} more extension families (table below).")
    if ext.empty:
        lines.append("* None.")
    return "\n".join(lines)


def verdict_figure(counts: pd.DataFrame):
    """Families and rows per verdict for each paper, two panels; the legend sits below the panels."""
    from liarlab.study import plotting

    colors = ["#029e73", "#d55e00", "#949494", "#0173b2"]
    body = counts[counts["paper"] != "all"]
    labels = [paper_label(p) for p in body.loc[body.unit == "families", "paper"]]
    fig, axes = plotting.figure(1, 2, width=5.2, height=0.55 * max(len(labels), 2) + 1.2, sharey=True)
    for ax, unit in zip(axes, ("families", "rows")):
        part = body[body.unit == unit].set_index("paper")[list(outputs.VERDICTS)]
        part.index = labels
        part.plot.barh(stacked=True, ax=ax, color=colors, legend=False, width=0.7)
        ax.invert_yaxis()
        ax.set(xlabel=f"claim {unit}", ylabel="", title=f"Verdicts per paper: {unit}")
    axes[0].set_ylabel("paper")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, title="verdict", loc="outside lower center", ncol=len(names))
    return fig
