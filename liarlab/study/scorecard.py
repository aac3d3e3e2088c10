"""Notebook 99 and the report's front page: every paper's claims gathered into one honest scorecard.

One paper claim is one row of one notebook's ``data/NN_claims.csv``. The rows of one printed table form
a *family* (column ``family``); the scorecard counts families and rows separately, so a 25-cell table
does not outweigh a paper's one headline claim. Counts are grouped by *paper* (notebook 00 checks the
dice numbers of papers 01 and 02; its rows count for the paper named in their ``source``), on the front
page and in notebook 99 alike.

Only rows of kind ``finding`` are counted as reproductions (docs/VERDICTS.md): checks of the papers' own
arithmetic (misprints included) and checks of our code are counted and listed apart. Rows judged under a
reading chosen by its agreement with the paper carry the flag ``agrees by selection`` and are counted apart.
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
_FAMILY_ORDER = ("differs", "inconclusive", "not-reproducible", "reproduced", "extension")
KIND_LABELS = {"finding": "findings", "arithmetic": "checks of the paper's arithmetic", "check": "checks of our code"}
SELECTED = "agrees by selection"
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
    frame = pd.read_csv(path, dtype={"paper_value": str, "reproduced_value": str, "flags": str})
    if "family" not in frame.columns:  # a table written before families existed: each row its own family
        frame.insert(1, "family", frame["claim"])
    frame["family"] = frame["family"].fillna(frame["claim"])
    for column, default in (("kind", "finding"), ("flags", ""), ("rule", "")):
        if column not in frame.columns:
            frame[column] = default
        frame[column] = frame[column].fillna(default)
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


def findings(claims: pd.DataFrame) -> pd.DataFrame:
    """The rows that count as reproductions or disagreements: kind ``finding``."""
    return claims[claims["kind"] == "finding"]


def by_selection(claims: pd.DataFrame) -> pd.DataFrame:
    """The rows that agree with the paper under a reading chosen for that agreement."""
    return claims[claims["flags"].astype(str).str.contains(SELECTED, regex=False)]


def families(claims: pd.DataFrame) -> pd.DataFrame:
    """One row per claim family and kind: its paper, notebook, kind, number of rows, the rows' verdicts and
    the family's verdict (the most serious among its rows: differs, inconclusive, not-reproducible,
    reproduced, extension)."""
    rows = []
    for (paper, nb, family, kind), group in claims.groupby(["paper", "notebook", "family", "kind"], sort=False):
        counts = group["verdict"].value_counts()
        verdict = next(v for v in _FAMILY_ORDER if v in counts.index)
        rows.append({"paper": paper, "notebook": nb, "family": family, "kind": kind, "rows": int(len(group)),
                     "verdict": verdict,
                     "row_verdicts": ", ".join(f"{int(counts[v])} {v}" for v in outputs.VERDICTS if v in counts.index),
                     "first_row": int(group.index[0])})
    columns = ["paper", "notebook", "family", "kind", "rows", "verdict", "row_verdicts", "first_row"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["paper", "first_row"], kind="stable").reset_index(drop=True)


def verdict_counts(claims: pd.DataFrame, by: str = "paper") -> pd.DataFrame:
    """Families and rows of *findings* per verdict, grouped ``by`` paper (default) or notebook; a group 'all'
    last. Two lines per group: ``unit`` = 'families' and 'rows'. Arithmetic and code checks are counted by
    :func:`kind_counts`, never here.
    """
    if by not in ("paper", "notebook"):
        raise ValueError(f"by must be 'paper' or 'notebook', got {by!r}")
    claims = findings(claims)
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
    sample = ""
    if not pd.isna(row.get("n")) and isinstance(row.get("unit"), str) and row["unit"] != "exact":
        sample = f" over {format_value(row['n'])} {row['unit']}"
    note = f" {str(row['note']).rstrip('.')}." if isinstance(row.get("note"), str) and row["note"] else ""
    flags = f" ({row['flags']})" if isinstance(row.get("flags"), str) and row["flags"] else ""
    return (f"*{row['claim']}* ({row['source']}): paper {format_value(row['paper_value'])}, "
            f"ours {format_value(row['reproduced_value'])}{ci}{sample}: **{row['verdict']}**{flags}.{note}")


def kind_counts(claims: pd.DataFrame) -> pd.DataFrame:
    """Rows per paper and kind, with how many of them differ (for arithmetic: the misprints) and how many
    findings agree by selection."""
    rows = []
    for paper, group in claims.groupby("paper", sort=True):
        for kind in KIND_LABELS:
            part = group[group["kind"] == kind]
            rows.append({"paper": paper, "kind": kind, "rows": int(len(part)),
                         "families": int(part["family"].nunique()),
                         "differ": int((part["verdict"] == "differs").sum()),
                         "by_selection": int(len(by_selection(part)))})
    return pd.DataFrame(rows, columns=["paper", "kind", "rows", "families", "differ", "by_selection"])


def _verdict_list(frame: pd.DataFrame) -> str:
    counts = frame["verdict"].value_counts()
    return ", ".join(f"{int(counts[v])} {v}" for v in outputs.VERDICTS if v in counts.index) or "none"


def counts_sentence(claims: pd.DataFrame) -> str:
    """The one plain-text count the front page and notebook 99 both print for a set of rows: findings
    (families, then rows, per verdict), then the arithmetic and code checks apart."""
    found = findings(claims)
    fams = families(found)
    text = (f"Findings: {len(fams)} claim families ({_verdict_list(fams)}); {len(found)} rows "
            f"({_verdict_list(found)})") if len(found) else "No findings: every row is a check"
    selected = by_selection(found[found["verdict"] == "reproduced"])
    if len(selected):
        text += f", of which {len(selected)} reproduced rows agree by selection of a reading"
    extras = []
    for kind in ("arithmetic", "check"):
        part = claims[claims["kind"] == kind]
        if len(part):
            bad = int((part["verdict"] == "differs").sum())
            what = "misprints" if kind == "arithmetic" else "failing"
            extras.append(f"{len(part)} {KIND_LABELS[kind]} ({bad} {what})")
    return text + (". Not counted as findings: " + "; ".join(extras) if extras else "") + "."


def coverage_lines(data_dir=None) -> list[str]:
    """One line per paper from the notebooks' coverage ledgers ("03: 13 of 15 experiments at full size, ...")."""
    from liarlab.study import coverage

    return list(coverage.summary(coverage.read_ledgers(data_dir))["line"])


def _ranked_disagreements(claims: pd.DataFrame, limit: int) -> list[str]:
    lines, shown = [], set()
    found = findings(claims)
    head = headline_rows(claims)
    head = head[(head.verdict == "differs") & (head.kind == "finding")]
    for _, row in head.iterrows():
        shown.add((row["notebook"], row["family"]))
        lines.append(f"* [{paper_label(row['paper'])}, headline] {describe_row(row)}")
    differ = families(found)
    differ = differ[differ.verdict == "differs"]
    # then the largest differing families (a table that differs in many cells before a single remark)
    for _, fam in differ.sort_values(["rows", "paper"], ascending=[False, True], kind="stable").iterrows():
        if len(lines) >= limit:
            break
        if (fam.notebook, fam.family) in shown:
            continue
        members = found[(found.notebook == fam.notebook) & (found.family == fam.family)]
        example = members[members.verdict == "differs"].iloc[0]
        prefix = f"{fam.family} ({fam.row_verdicts}); e.g. " if fam.rows > 1 else ""
        lines.append(f"* [{paper_label(fam.paper)}] {prefix}{describe_row(example)}")
        shown.add((fam.notebook, fam.family))
    rest = len(differ) - len([k for k in shown if k in set(zip(differ.notebook, differ.family))])
    if rest > 0:
        lines.append(f"* ... and {rest} more finding families that differ (table below).")
    if differ.empty:
        lines.append("* None: no finding differs.")
    return lines


def summary_markdown(claims: pd.DataFrame, max_disagreements: int = 12, max_extensions: int = 10,
                     data_dir=None) -> str:
    """Notebook 99's prose, computed from the claims tables: each paper's counts (findings only) and headline
    findings, the coverage of the specs, the most important disagreements among findings, the misprints
    apart, the inconclusive findings and the extensions."""
    if claims.empty:
        return "No claims tables were found."
    lines = ["### Headline findings, paper by paper", ""]
    for paper in sorted(claims["paper"].unique()):
        rp = claims[claims.paper == paper]
        nbs = ", ".join(sorted(rp["notebook"].unique()))
        lines.append(f"**{paper_label(paper)}** (rows from notebook {nbs}). {counts_sentence(rp)}")
        heads = headline_rows(claims, paper=paper)
        for _, row in heads[heads["kind"] == "finding"].iterrows():  # a paper's headline is a finding
            lines.append(f"* Headline: {describe_row(row)}")
        lines.append("")
    coverage = coverage_lines(data_dir)
    if coverage:
        lines += ["### How much of each spec was run", ""] + [f"* {line}" for line in coverage] + [""]
    lines += ["### The most important disagreements (findings)", ""]
    lines += _ranked_disagreements(claims, max_disagreements)
    lines += ["", "### Misprints and arithmetic slips in the papers", ""]
    slips = claims[(claims.kind == "arithmetic") & (claims.verdict == "differs")]
    lines += [f"* [{paper_label(r['paper'])}] {describe_row(r)}" for _, r in slips.iterrows()] or ["* None."]
    lines += ["", "### Findings the data cannot decide yet (inconclusive)", ""]
    undecided = findings(claims)[findings(claims).verdict == "inconclusive"]
    lines += [f"* [{paper_label(r['paper'])}] {describe_row(r)}" for _, r in undecided.head(max_disagreements).iterrows()]
    if len(undecided) > max_disagreements:
        lines.append(f"* ... and {len(undecided) - max_disagreements} more (table below).")
    if undecided.empty:
        lines.append("* None.")
    lines += ["", "### What we added (extensions)", ""]
    fams = families(claims)
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
    """Families and rows of findings per verdict for each paper, two panels; the legend sits below."""
    from liarlab.study import plotting

    colors = ["#029e73", "#d55e00", "#de8f05", "#949494", "#0173b2"]  # one per verdict, in outputs.VERDICTS order
    body = counts[counts["paper"] != "all"]
    labels = [paper_label(p) for p in body.loc[body.unit == "families", "paper"]]
    fig, axes = plotting.figure(1, 2, width=5.2, height=0.55 * max(len(labels), 2) + 1.2, sharey=True)
    for ax, unit in zip(axes, ("families", "rows")):
        part = body[body.unit == unit].set_index("paper")[list(outputs.VERDICTS)]
        part.index = labels
        part.plot.barh(stacked=True, ax=ax, color=colors, legend=False, width=0.7)
        ax.invert_yaxis()
        ax.set(xlabel=f"finding {unit}", ylabel="", title=f"Verdicts of findings per paper: {unit}")
    axes[0].set_ylabel("paper")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, title="verdict", loc="outside lower center", ncol=len(names))
    return fig
