"""Notebook 99 and the report's front page: every paper's claims gathered into one honest scorecard.

One paper claim is one row of one notebook's ``data/NN_claims.csv``. The rows of one printed table form
a *family* (column ``family``); the scorecard counts families and rows separately, so a 25-cell table
does not outweigh a paper's one headline claim. Verdicts are counted by *paper* (notebook 00 checks the
dice numbers of papers 01 and 02; its rows count for the paper named in their ``source``), on the front
page and in notebook 99 alike; coverage of the specs is counted by *notebook*, exactly as each notebook
counts its own ledger (:func:`coverage_summary`).

What is counted (docs/VERDICTS.md, "What the scorecard counts"):

* only rows of kind ``finding`` are reproductions; checks of the papers' own arithmetic (misprints included)
  and checks of our code are counted and listed apart;
* ``extension`` rows (ours, no paper value) are never findings: they are counted apart, also when they sit
  in a family with judged rows, and whatever their kind (a check of ours with no paper value is an extension, as
  each notebook counts it: :func:`liarlab.study.answer.finding_counts`);
* verdicts are counted by paper and by notebook (:func:`verdict_counts`); notebook 00's rows count for the papers
  their sources name, and the dashboard says so (:func:`folded_notebooks`);
* a check of a paper's arithmetic that differs is a misprint only when its cause is ``misprint`` (its readings
  give no reading that reproduces the print): a ``reading`` is counted as such;
* a family's verdict follows the declared rule :func:`liarlab.core.verdicts.family_verdict` over its judged
  findings ("11 of 12 reproduced"), not its worst row;
* each finding family gets one *status* for the dashboard: ``reproduced``; ``weak agreement`` (reproduced,
  but at least half of its reproduced rows carry the ``weak`` flag); ``differs: <cause>`` (the commonest
  cause among its differing rows, :data:`liarlab.core.verdicts.CAUSES`, ties broken by that order and shown as
  ties in the ``causes`` column); ``inconclusive``; ``undecidable``
  (inconclusive, and at least half of its inconclusive rows are flagged ``undecidable``); ``not-reproducible``;
* rows judged under a reading chosen by its agreement with the paper carry ``agrees by selection`` and are
  counted apart;
* where a notebook wrote ``data/NN_readings.csv``, each differing family shows how its cause followed from its
  readings: how many were run and their verdicts, and how many could not be run (:func:`readings_basis`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pandas as pd

from liarlab.core.verdicts import CAUSES, VERDICTS, family_verdict
from liarlab.study import outputs
from liarlab.study.answer import CHECK_KINDS, and_list, blank, causes_phrase, check_kinds, number, plural

JUDGED = ("reproduced", "differs", "inconclusive")


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
    "04": Paper("04", "Three students, undated: Cheat term paper", "three students (term paper)", None, "Implementation of Cheat"),
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
    # an extension of ours (issue 41): its rows are extensions and count for no paper ("06" is not in PAPERS)
    "06": NotebookInfo(("06",), "How far from exact play are the Liar Dice players of papers 01 and 02, measured "
                                "in the small end games that can be solved exactly?"),
}

KIND_LABELS = {"finding": "findings", "arithmetic": "checks of the paper's arithmetic", "check": "checks of our code"}
SELECTED = "agrees by selection"
WEAK = "weak"
UNDECIDABLE = "undecidable"
SAME_DIRECTION = "same direction"
NO_CAUSE = "cause not given"
_PAPER_IN_SOURCE = re.compile(r"\bpaper\s*(\d\d)\b", re.IGNORECASE)

# The dashboard's statuses of a finding family (or row), in the order of the figure's bars and the tables.
# "differs: cause not given" appears only for tables written before every differing finding named a cause.
REPRODUCED, WEAK_AGREEMENT = "reproduced", "weak agreement"
DIFFERS = tuple(f"differs: {cause}" for cause in CAUSES) + (f"differs: {NO_CAUSE}",)
STATUSES = (REPRODUCED, WEAK_AGREEMENT) + DIFFERS + ("inconclusive", UNDECIDABLE, "not-reproducible")
EXTENSION = "extension"

# One colour and one hatch per status (Okabe-Ito, colour-blind safe; the hatches tell the differing causes
# apart in grey print too). Extensions are drawn in their own panel, never stacked with the verdicts.
STYLE = {
    REPRODUCED: ("#009E73", ""),
    WEAK_AGREEMENT: ("#A8DCCB", "///"),
    "differs: misprint": ("#F0E442", "xx"),
    "differs: reading": ("#CC79A7", "\\\\\\"),
    "differs: power": ("#E69F00", ".."),
    "differs: genuine": ("#D55E00", ""),
    "differs: untested": ("#F5C28A", "++"),
    f"differs: {NO_CAUSE}": ("#FFFFFF", "oo"),
    "inconclusive": ("#56B4E9", ""),
    UNDECIDABLE: ("#0072B2", "--"),
    "not-reproducible": ("#999999", ""),
    EXTENSION: ("#444444", ""),
}


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
    frame = pd.read_csv(path, dtype={"paper_value": str, "reproduced_value": str, "flags": str, "cause": str,
                                     "readings": str, "interval": str, "pilot_verdict": str})
    if "family" not in frame.columns:  # a table written before families existed: each row its own family
        frame.insert(1, "family", frame["claim"])
    frame["family"] = frame["family"].fillna(frame["claim"])
    for column, default in (("kind", "finding"), ("flags", ""), ("rule", ""), ("cause", ""), ("readings", ""),
                            ("interval", "")):
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


def gather_readings(folder=None) -> pd.DataFrame:
    """All ``NN_readings.csv`` tables of the data folder (:mod:`liarlab.study.readings`), the notebook id in front;
    an empty table with the readings columns where no notebook wrote one."""
    from liarlab.core.readings import COLUMNS

    folder = folder or outputs.data_dir()
    frames = []
    for path in sorted(folder.glob("[0-9][0-9]_readings.csv")):
        frame = pd.read_csv(path, dtype={"family": str, "claim": str, "reading": str, "verdict": str, "note": str})
        frame.insert(0, "notebook", path.name[:2])
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=["notebook", *COLUMNS])
    out = pd.concat(frames, ignore_index=True)
    out["is_default"] = out["is_default"].astype(str).str.lower().isin(("true", "1"))
    return out


def readings_basis(readings: pd.DataFrame, cause: str = "") -> str:
    """How a differing family's cause followed from its readings, in one sentence: "6 readings run on 2
    differing rows (4 differ, 2 reproduce), 1 not run (each with why): a reading other than the default reproduces
    the print, so the cause is 'reading'"; '' without readings rows."""
    from liarlab.core.readings import BOUNDED, NOT_BUILT, NOT_RUN

    if readings is None or readings.empty:
        return ""
    ran = readings[~readings["verdict"].isin((NOT_RUN, BOUNDED, NOT_BUILT))]
    skipped = readings[readings["verdict"] == NOT_RUN]
    moot = readings[readings["verdict"] == BOUNDED]
    unbuilt = readings[readings["verdict"] == NOT_BUILT]
    verdicts = ran["verdict"].value_counts()
    words_ = {"reproduced": ("reproduces", "reproduce"), "differs": ("differs", "differ"),
              "inconclusive": ("is inconclusive", "are inconclusive")}
    parts = [f"{number(k)} {words_.get(v, (v, v))[0 if k == 1 else 1]}" for v, k in verdicts.items()]
    text = (f"{plural(len(ran), 'reading')} run on {plural(readings['claim'].nunique(), 'differing row')}"
            + (f" ({', '.join(parts)})" if parts else ""))
    if len(skipped):
        text += f", {number(len(skipped))} cannot be run (each with why)"
    if len(moot):
        text += f", {number(len(moot))} not built but bounded away from the print (each with what bounds it)"
    if len(unbuilt):
        text += f", {number(len(unbuilt))} not built (each with what it needs)"
    rule = {"reading": "a reading other than the default reproduces the print (without making another claim of "
                       "its sentence differ)",
            "misprint": "an arithmetic check that no reading reproduces",
            "genuine": "every reading run differs or leans to differ, or makes another claim of its sentence differ "
                       "(or the others cannot be run, or could not reproduce the print if built, and a sentence says "
                       "why)",
            "power": "no reading reproduces and another is inconclusive with its estimate inside the allowed range",
            "untested": "no reading run reproduces, and a reading the paper allows was not built"}
    if cause in rule:
        text += f": {rule[cause]}, so the cause is '{cause}'"
    return text


def findings(claims: pd.DataFrame) -> pd.DataFrame:
    """The rows that count as reproductions or disagreements: kind ``finding``."""
    return claims[claims["kind"] == "finding"]


def by_selection(claims: pd.DataFrame) -> pd.DataFrame:
    """The rows that agree with the paper under a reading chosen for that agreement."""
    return claims[claims["flags"].astype(str).str.contains(SELECTED, regex=False)]


def _text(frame: pd.DataFrame, column: str) -> pd.Series:
    """A text column of a claims frame, '' where missing (older tables lack the newer columns)."""
    if column not in frame.columns:
        return pd.Series("", index=frame.index, dtype=str)
    return frame[column].fillna("").astype(str).replace("nan", "")


def has_flag(frame: pd.DataFrame, flag: str) -> pd.Series:
    """Rows whose ``flags`` (a "; "-joined list) include ``flag``."""
    return _text(frame, "flags").map(lambda s: flag in [f.strip() for f in s.split(";")])


def row_status(claims: pd.DataFrame) -> pd.Series:
    """Each row's dashboard status (see :data:`STATUSES`); 'extension' for extensions of any kind; '' for the
    other rows that are not findings (arithmetic and code checks)."""
    verdict, cause = claims["verdict"].astype(str), _text(claims, "cause")
    weak, undecidable = has_flag(claims, WEAK), has_flag(claims, UNDECIDABLE)
    out = []
    for i in claims.index:
        v = verdict[i]
        if v == "extension":
            out.append(EXTENSION)
        elif claims.at[i, "kind"] != "finding":
            out.append("")
        elif v == "reproduced":
            out.append(WEAK_AGREEMENT if weak[i] else REPRODUCED)
        elif v == "differs":
            out.append(f"differs: {cause[i] if cause[i] in CAUSES else NO_CAUSE}")
        elif v == "inconclusive":
            out.append(UNDECIDABLE if undecidable[i] else "inconclusive")
        else:
            out.append(v)
    return pd.Series(out, index=claims.index, dtype=str)


def _commonest_cause(causes: list[str]) -> str:
    """The commonest cause among a family's differing rows (ties: the order of ``CAUSES``)."""
    known = [c for c in causes if c in CAUSES]
    if not known:
        return NO_CAUSE
    return max(CAUSES, key=lambda c: (known.count(c), -list(CAUSES).index(c)))


def cause_counts(causes: list[str]) -> str:
    """The causes of a family's differing rows, commonest first ("2 reading, 2 genuine"); ties read as ties."""
    known = [c for c in causes if c in CAUSES]
    ranked = sorted(CAUSES, key=lambda c: (-known.count(c), list(CAUSES).index(c)))
    return ", ".join(f"{known.count(c)} {c}" for c in ranked if known.count(c))


def family_basis(verdict: str, counts: dict) -> str:
    """The family rule's evidence in words: "11 of 12 reproduced", "3 of 4 differ", or, for an inconclusive
    family, how its judged rows split ("of 5: 2 reproduced, 2 differ, 1 inconclusive")."""
    judged = sum(counts.get(v, 0) for v in JUDGED)
    if verdict == "reproduced":
        return f"{counts['reproduced']} of {judged} reproduced"
    if verdict == "differs":
        return f"{counts['differs']} of {judged} differ"
    if verdict == "inconclusive":
        return f"of {judged}: " + ", ".join(f"{counts[v]} {('differs' if counts[v] == 1 else 'differ') if v == 'differs' else v}"
                                             for v in JUDGED if counts.get(v))
    total = sum(counts.values())
    return f"{total} {verdict}" if total != 1 else verdict


def families(claims: pd.DataFrame) -> pd.DataFrame:
    """One line per claim family and kind (a family's extension rows form a line of their own, verdict
    ``extension``): its paper, notebook, rows, the verdict by the declared family rule
    (:func:`liarlab.core.verdicts.family_verdict`), the rule's evidence (``basis``: "11 of 12 reproduced"), the
    rows' verdicts, the dashboard ``status`` (findings only), the ``cause`` of a differing family (the commonest;
    ``causes`` counts every differing row's, so a tie shows), the ``readings`` its differing rows tried, and how many rows are weak, undecidable or agree by selection."""
    columns = ["paper", "notebook", "family", "kind", "rows", "verdict", "basis", "status", "cause", "causes",
               "readings", "row_verdicts", "weak_rows", "undecidable_rows", "selected_rows", "first_row"]
    if claims.empty:
        return pd.DataFrame(columns=columns)
    frame = claims.assign(_ext=claims["verdict"] == "extension", _cause=_text(claims, "cause"),
                          _readings=_text(claims, "readings"), _weak=has_flag(claims, WEAK),
                          _undecidable=has_flag(claims, UNDECIDABLE), _selected=has_flag(claims, SELECTED))
    rows = []
    for (paper, nb, family, kind, _), group in frame.groupby(["paper", "notebook", "family", "kind", "_ext"],
                                                             sort=False):
        counts = {v: int(n) for v, n in group["verdict"].value_counts().items()}
        verdict = family_verdict(list(group["verdict"]))
        status, cause, readings = "", "", ""
        differing = group[group["verdict"] == "differs"]
        causes = cause_counts(list(differing["_cause"]))
        if verdict == "differs":
            cause = _commonest_cause(list(differing["_cause"]))
            readings = " | ".join(dict.fromkeys(r for r in differing["_readings"] if r))
        if kind == "finding":
            if verdict == "reproduced":
                agreeing = group[group["verdict"] == "reproduced"]
                status = WEAK_AGREEMENT if 2 * agreeing["_weak"].sum() >= len(agreeing) else REPRODUCED
            elif verdict == "differs":
                status = f"differs: {cause}"
            elif verdict == "inconclusive":
                undecided = group[group["verdict"] == "inconclusive"]
                status = UNDECIDABLE if len(undecided) and 2 * undecided["_undecidable"].sum() >= len(undecided) \
                    else "inconclusive"
            else:
                status = verdict
        rows.append({"paper": paper, "notebook": nb, "family": family, "kind": kind, "rows": int(len(group)),
                     "verdict": verdict, "basis": family_basis(verdict, counts), "status": status, "cause": cause,
                     "causes": causes, "readings": readings,
                     "row_verdicts": ", ".join(f"{counts[v]} {v}" for v in VERDICTS if v in counts),
                     "weak_rows": int(group["_weak"].sum()), "undecidable_rows": int(group["_undecidable"].sum()),
                     "selected_rows": int(group["_selected"].sum()), "first_row": int(group.index[0])})
    out = pd.DataFrame(rows, columns=columns)
    return out.sort_values(["paper", "first_row"], kind="stable").reset_index(drop=True)


def finding_families(claims: pd.DataFrame) -> pd.DataFrame:
    """The families that count: kind ``finding``, extensions left out (they are counted apart)."""
    fams = families(findings(claims))
    return fams[fams["verdict"] != "extension"].reset_index(drop=True)


def extension_families(claims: pd.DataFrame) -> pd.DataFrame:
    """The families of extension rows, of every kind (ours: never findings, never checks of a paper)."""
    fams = families(claims[claims["verdict"] == "extension"])
    return fams[fams["verdict"] == "extension"].reset_index(drop=True)


def counted(claims: pd.DataFrame) -> pd.DataFrame:
    """The rows the verdict counts hold: the findings and the extension rows of every kind."""
    return claims[(claims["kind"] == "finding") | (claims["verdict"] == "extension")]


def _present(statuses) -> list[str]:
    """The statuses to show: every one but 'differs: cause not given', which shows only when it occurs."""
    seen = set(statuses)
    return [s for s in STATUSES if s != f"differs: {NO_CAUSE}" or s in seen]


def verdict_counts(claims: pd.DataFrame, by: str = "paper") -> pd.DataFrame:
    """Finding families and rows per dashboard status (:data:`STATUSES`), grouped ``by`` paper (default) or
    notebook, with a group 'all' last. Two lines per group (``unit`` 'families' and 'rows'); the column
    ``findings`` is their total, and ``extension`` counts the extension families or rows of every kind apart
    (never among the findings). Arithmetic and code checks are counted by :func:`kind_counts`, never here."""
    if by not in ("paper", "notebook"):
        raise ValueError(f"by must be 'paper' or 'notebook', got {by!r}")
    found = counted(claims)
    fams = families(found)
    fams = fams.assign(status=fams["status"].where(fams["verdict"] != "extension", EXTENSION))
    rows = found.assign(status=row_status(found))
    statuses = _present(list(fams["status"]) + list(rows["status"]))
    out = []
    for unit, frame in (("families", fams), ("rows", rows)):
        table = pd.crosstab(frame[by], frame["status"]) if len(frame) else pd.DataFrame()
        table = table.reindex(index=sorted(claims[by].unique()), columns=statuses + [EXTENSION], fill_value=0)
        table.loc["all"] = table.sum()
        table.insert(len(statuses), "findings", table[statuses].sum(axis=1))
        table = table.rename_axis(index=by, columns=None).reset_index()
        table.insert(1, "unit", unit)
        out.append(table)
    counts = pd.concat(out, ignore_index=True)
    order = {key: i for i, key in enumerate(sorted(set(counts[by]) - {"all"}) + ["all"])}
    counts = counts.sort_values([by, "unit"], key=lambda s: s.map(order) if s.name == by else s, kind="stable")
    if by == "paper":
        counts.insert(1, "paper_name", [PAPERS[p].short if p in PAPERS else "" for p in counts["paper"]])
    return counts.reset_index(drop=True)


def family_line(claims: pd.DataFrame, row) -> pd.Series | None:
    """The :func:`families` line of a claims row's family (its notebook, family and kind; extensions apart)."""
    same = claims[(claims["notebook"] == row["notebook"]) & (claims["family"] == row["family"])
                  & (claims["kind"] == row["kind"]) & ((claims["verdict"] == "extension") == (row["verdict"] == "extension"))]
    fams = families(same)
    return fams.iloc[0] if len(fams) else None


def headline_text(claims: pd.DataFrame, row) -> str:
    """A headline row beside its family, both labelled: "*claim*: row verdict **differs** (cause: genuine); its
    family *Fig 3* (8 rows): family verdict **inconclusive** (of 8: 3 reproduced, 2 differ, 3 inconclusive)". A
    headline can differ in a family the family rule calls inconclusive, and the two verdicts are not the same
    statement."""
    text = f"*{row['claim']}*: {_row_and_family(claims, row)}"
    return text


# A row's and a family's verdict as verbs ("the row differs; its family ... is undecided by the family rule"), not
# as code words after labels ("row verdict **not-reproducible**", "family verdict: **inconclusive**", issue 50)
_ROW_VERBS = {"reproduced": "reproduces", "differs": "differs", "inconclusive": "is undecided",
              "not-reproducible": "is not reproducible here", "extension": "is our extension"}
_FAMILY_VERBS = {"reproduced": "is reproduced", "differs": "differs", "inconclusive": "is undecided",
                 "not-reproducible": "is not reproducible here", "extension": "is our extension"}


def _row_and_family(claims: pd.DataFrame, row) -> str:
    """ "the row **differs** (likeliest cause a genuine difference); its family *Fig 6* (4 rows) **is undecided**
    by the family rule (of 4: 2 reproduced, 1 differs, 1 inconclusive)"."""
    from liarlab.study.answer import cause_words

    verdict = str(row["verdict"])
    text = f"the row **{_ROW_VERBS.get(verdict, verdict)}**"
    if verdict == "differs" and not blank(row.get("cause")):
        text += f" (likeliest cause {cause_words(row['cause'])})"
    fam = family_line(claims, row)
    if fam is not None and fam["rows"] > 1:
        text += (f"; its family *{fam['family']}* ({fam['rows']} rows) **{_FAMILY_VERBS.get(fam['verdict'], fam['verdict'])}**"
                 f" by the family rule ({fam['basis']})")
    return text


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




def _decimals(text) -> int | None:
    """Decimals a printed number shows ("0.5981" -> 4, "60" -> 0); None for text."""
    s = str(text).strip().replace(",", "")
    if not re.fullmatch(r"[-+]?\d+(\.\d+)?", s):
        return None
    return len(s.split(".")[1]) if "." in s else 0


def format_value(v, digits: int = 3, decimals: int | None = None) -> str:
    """A claims cell for people (:func:`liarlab.study.answer.number`, the study's one number format), 'none' when
    missing."""
    return number(v, digits, decimals, missing="none")


_LONG_DECIMAL = re.compile(r"(?<![\w.])(-?\d+\.\d{4,})(?![\w.])")
_COUNT_DICT = re.compile(r"\{((?:\s*['\"][^'\"]+['\"]\s*:\s*-?\d+(?:\.\d+)?\s*,?)+)\}")
_COUNT_ITEM = re.compile(r"['\"]([^'\"]+)['\"]\s*:\s*(-?\d+(?:\.\d+)?)")


def _counts_in_words(match) -> str:
    """``{'reproduced': 4, 'inconclusive': 1}`` -> ``4 reproduced, 1 inconclusive``."""
    return ", ".join(f"{number(v)} {k}" for k, v in _COUNT_ITEM.findall(match.group(1)))


def words(text) -> str:
    """A rule or note for people: the protocol's short-hands in words and long decimals to 3 significant
    digits ("Wilson at 0.9984 per type (Bonferroni for 32)" -> "a 99.84 % Wilson interval per type
    (Bonferroni-adjusted for 32 comparisons)"), and a dict of counts as words ("{'differs': 5}" -> "5 differs")."""
    if blank(text):
        return ""
    s = str(text)
    s = re.sub(r"\bWilson at (0\.\d+)", lambda m: f"a {100 * float(m.group(1)):.4g} % Wilson interval", s)
    s = re.sub(r"\bt at (0\.\d+)", lambda m: f"a {100 * float(m.group(1)):.4g} % t interval", s)
    s = re.sub(r"\(Bonferroni for (\d+)\)", r"(Bonferroni-adjusted for \1 comparisons)", s)
    s = re.sub(r"(\d)%", r"\1 %", s)
    s = s.replace("+-", "±").replace(" pp", " points")
    s = _COUNT_DICT.sub(_counts_in_words, s)
    return _LONG_DECIMAL.sub(lambda m: f"{float(m.group(1)):.3g}", s)


def ours_text(row) -> str:
    """Our value with its interval (and what the interval is) and the sample, rounded for reading."""
    decimals = _decimals(row.get("paper_value"))
    text = format_value(row.get("reproduced_value"), decimals=decimals)
    lo, hi = row.get("ci_low"), row.get("ci_high")
    if not blank(lo) and not blank(hi) and float(lo) != float(hi):
        from liarlab.study import tables

        label = "" if blank(row.get("interval")) else str(row.get("interval"))
        low, high = format_value(lo, decimals=decimals), format_value(hi, decimals=decimals)
        # the value and its interval to the same decimals, as every summary table writes them ("0.0959 (0.00183 to
        # 0.19)" gave each number its own digits, issue 50)
        same = re.fullmatch(r"(.*) \[(.*), (.*)\]", tables.interval_text(row.get("reproduced_value"), lo, hi))
        if same and not _is_share_text(text):
            text, low, high = same.groups()
            if decimals and decimals > len(text.partition(".")[2]):   # the paper's precision, if it shows more
                text, low, high = (f"{float(v):,.{decimals}f}" for v in (row.get("reproduced_value"), lo, hi))
        text += f" ({label + ': ' if label else ''}{low} to {high})"
    if not blank(row.get("n")) and not blank(row.get("unit")) and row.get("unit") != "exact":
        text += f" over {format_value(row['n'])} {row['unit']}"
    if not blank(row.get("pilot_value")):
        text += (f"; pilot {format_value(row['pilot_value'])}"
                 + (f" over {format_value(row['pilot_n'])}" if not blank(row.get("pilot_n")) else "")
                 + (f": {row['pilot_verdict']}" if not blank(row.get("pilot_verdict")) else ""))
    return text


def _is_share_text(text: str) -> bool:
    """A value format_value wrote as words or a count, not a plain number (kept as it is)."""
    return not re.fullmatch(r"[-+]?[\d,]*\.?\d+", text.strip())


def describe_row(row) -> str:
    """One claims row as a sentence: the claim, the paper's value, ours (with interval), verdict, flags, the
    cause of a difference and the note, numbers rounded for reading."""
    note = words(row.get("note"))
    note = f" {note.rstrip('.')}." if note else ""
    flags = f" ({row['flags']})" if not blank(row.get("flags")) else ""
    cause = ""
    if row.get("verdict") == "differs" and not blank(row.get("cause")):
        cause = f" The likeliest cause is {CAUSES.get(str(row['cause']), row['cause'])}."
    return (f"*{row['claim']}* ({row['source']}): paper {format_value(row['paper_value'])}, "
            f"ours {ours_text(row)}: **{row['verdict']}**{flags}.{cause}{note}")


# A verdict as the pages say it: the protocol's "inconclusive" (the CSVs' value) is "undecided" on every page, the
# word the answers and the terms use (one word for one thing on a page, issue 50).
VERDICT_LABELS = {"inconclusive": "undecided"}


def verdict_label(verdict) -> str:
    """A verdict or status as the pages say it ("inconclusive" -> "undecided")."""
    return VERDICT_LABELS.get(str(verdict), str(verdict))


def families_view(fams: pd.DataFrame) -> pd.DataFrame:
    """:func:`families` as notebook 99 shows it: verdicts and statuses in the page's words (the CSV keeps the
    protocol's)."""
    out = fams.copy()
    for column in ("verdict", "status"):
        if column in out.columns:
            out[column] = out[column].map(verdict_label)
    if "basis" in out.columns:
        out["basis"] = out["basis"].astype(str).str.replace("inconclusive", "undecided")
    return out


def counts_view(counts: pd.DataFrame) -> pd.DataFrame:
    """:func:`verdict_counts` as notebook 99 shows it: the status columns in the page's words."""
    return counts.rename(columns=VERDICT_LABELS)


def table_view(frame: pd.DataFrame) -> pd.DataFrame:
    """Claims rows as notebook 99's tables show them: the full claim text, the paper's value as printed, ours
    rounded (3 significant digits, or the paper's printed precision) with the interval's label and the sample,
    the verdict with its flags, and the cause, readings and note in words; every cell is text, so nothing is
    cut or reformatted by the display."""
    rows = []
    for _, r in frame.iterrows():
        verdict = verdict_label(r["verdict"]) + (f" ({r['flags']})" if not blank(r.get("flags")) else "")
        why = []
        if r.get("verdict") == "differs" and not blank(r.get("cause")):
            why.append(f"cause: {r['cause']}")
        if not blank(r.get("readings")):
            why.append(f"readings tried: {r['readings']}")
        if words(r.get("note")):
            why.append(words(r.get("note")))
        rows.append({"paper": paper_label(r["paper"]), "notebook": r["notebook"], "family": r["family"],
                     "claim": r["claim"], "the paper": "" if blank(r.get("paper_value")) else r["paper_value"],
                     "ours": ours_text(r), "verdict": verdict, "why, and notes": "; ".join(why)})
    return pd.DataFrame(rows, columns=["paper", "notebook", "family", "claim", "the paper", "ours", "verdict",
                                       "why, and notes"])


def kind_counts(claims: pd.DataFrame, by: str = "paper") -> pd.DataFrame:
    """Rows per paper (or notebook) and kind: how many, in how many families, how many differ, how many of those
    are misprints (cause ``misprint``: a differing arithmetic check whose cause is a reading is no misprint), how
    many are extensions of ours (counted apart, whatever their kind) and how many agree by selection."""
    rows = []
    for key, group in claims.groupby(by, sort=True):
        for kind in KIND_LABELS:
            part = group[group["kind"] == kind]
            differ = part[part["verdict"] == "differs"]
            rows.append({by: key, "kind": kind, "rows": int(len(part)),
                         "families": int(part["family"].nunique()),
                         "differ": int(len(differ)),
                         "misprints": int((_text(differ, "cause") == "misprint").sum()),
                         "extension": int((part["verdict"] == "extension").sum()),
                         "by_selection": int(len(by_selection(part)))})
    return pd.DataFrame(rows, columns=[by, "kind", "rows", "families", "differ", "misprints", "extension",
                                       "by_selection"])


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _status_parts(counts: dict, capped: int = 0) -> tuple[str, int]:
    """('a reproduced, b differ (causes: reading 2, genuine 1), c undecided (u that more data could decide, k
    stopped at our budget's cap, m that no sample size decides), d not reproducible', w weak agreements) from a
    status -> count mapping; ``capped`` of the undecidable ones stopped only at our budget's cap
    (:func:`capped_families`), split as the answer splits them ("11 undecided (11 of them undecidable)" beside
    the answer's "4 stopped at our budget's cap, 7 that no sample size decides" read as two counts, issue 50). A
    cause is named before its count ("reading 2", not "2 reading": the cause is no countable noun)."""
    differ = sum(counts.get(s, 0) for s in DIFFERS)
    causes = ", ".join(f"{s.split(': ', 1)[1]} {counts[s]}" for s in DIFFERS if counts.get(s))
    undecided = counts.get("inconclusive", 0) + counts.get(UNDECIDABLE, 0)
    split = undecided_parts(counts.get("inconclusive", 0), capped, counts.get(UNDECIDABLE, 0) - capped) \
        if counts.get(UNDECIDABLE) else ""
    parts = [f"{counts.get(REPRODUCED, 0)} reproduced",
             f"{differ} {'differs' if differ == 1 else 'differ'}" + (f" (causes: {causes})" if causes else ""),
             f"{undecided} undecided" + (f" ({split})" if split else "")]
    if counts.get("not-reproducible"):
        parts.append(f"{counts['not-reproducible']} not reproducible")
    return ", ".join(parts), int(counts.get(WEAK_AGREEMENT, 0))


def counts_sentence(claims: pd.DataFrame) -> str:
    """The one plain-text count the front page and notebook 99 both print for a set of rows: "Findings: N
    families (a reproduced, b differ (by cause: ...), c inconclusive); weak agreements: w; extensions: e
    (counted apart)", then the finding rows the same way, the rows that agree by selection, and the arithmetic
    and code checks apart. N counts every finding family, weak agreements included (they are not among the a
    reproduced); extensions are never among the N."""
    found = findings(claims)
    fams = finding_families(claims)
    judged = found[found["verdict"] != "extension"]
    n_ext_fams, n_ext = len(extension_families(claims)), int((claims["verdict"] == "extension").sum())
    extensions = (f"extensions, our additions counted apart: {_plural(n_ext_fams, 'family', 'families')} "
                  f"({_plural(n_ext, 'row')})")
    if len(judged):
        # one colon per sentence, each count said once (issue 50: no "Findings: N families (...); weak agreements:")
        counts = fams["status"].value_counts().to_dict()
        parts, weak = _status_parts(counts, capped_families(claims, fams))
        text = (f"Findings, in {_plural(len(fams), 'family', 'families')}: {parts}"
                + (f"; {weak} more {'agrees' if weak == 1 else 'agree'} only weakly (reproduced only within a band "
                   f"wider than ±10 % of the quantity's range, so not among the {counts.get(REPRODUCED, 0)} "
                   "reproduced)" if weak else "") + f". {extensions[0].upper()}{extensions[1:]}")
        statuses = row_status(judged)
        capped = int(((statuses == UNDECIDABLE)
                      & _text(judged, "note").str.contains(BUDGET_CAPPED, regex=False)).sum())
        row_parts, row_weak = _status_parts(statuses.value_counts().to_dict(), capped)
        text += (f". By finding row ({len(judged):,} in all): {row_parts}"
                 + (f"; {row_weak} more {'agrees' if row_weak == 1 else 'agree'} only weakly" if row_weak else ""))
    elif n_ext:
        text = f"No findings (no row of a paper's claim is judged); {extensions}"
    else:
        text = "No findings: every row is a check of a paper's arithmetic or of our code"
    selected = by_selection(judged[judged["verdict"] == "reproduced"])
    if len(selected):
        text += f"; {len(selected)} reproduced rows agree by selection of a reading"
    extras = [checks_text(claims, kind) for kind in ("arithmetic", "check")
              if ((claims["kind"] == kind) & (claims["verdict"] != "extension")).any()]
    return text + (". Not counted as findings: " + "; ".join(extras) if extras else "") + "."


KIND_ONE = {"finding": "finding", "arithmetic": "check of the paper's arithmetic", "check": "check of our code"}

def checks_text(claims: pd.DataFrame, kind: str) -> str:
    """The checks of one kind (extensions apart) in words, every verdict accounted for: "40 checks of the paper's
    arithmetic (37 agree; 2 misprints; 1 differs (cause: reading))", "8 checks of our code (0 failing)". A differing
    arithmetic check is a misprint only when its cause is ``misprint``."""
    part = claims[(claims["kind"] == kind) & (claims["verdict"] != "extension")]
    if kind == "check" and len(part):
        # a check row is named by what it is: a paper's example is no check of our code (issue 49)
        kinds = check_kinds(part)
        return "; ".join(_check_text(part[kinds == key], one, many, key)
                         for key, one, many, _ in CHECK_KINDS if (kinds == key).any())
    verdict = part["verdict"].astype(str)
    differ = part[verdict == "differs"]
    causes = _text(differ, "cause")
    bits = [f"{number(int((verdict == 'reproduced').sum()))} agree"]
    if kind == "arithmetic":
        bits.append(plural(int((causes == "misprint").sum()), "misprint"))
        for cause in [c for c in CAUSES if c != "misprint"] + [""]:
            k = int((causes == cause).sum())
            if k:
                bits.append(f"{number(k)} {'differs' if k == 1 else 'differ'} (cause: {cause or NO_CAUSE})")
    else:
        bits.append(f"{number(len(differ))} failing")
    for v, word in (("inconclusive", "undecided"), ("not-reproducible", "not reproducible")):
        if (verdict == v).any():
            bits.append(f"{number(int((verdict == v).sum()))} {word}")
    return f"{plural(len(part), KIND_ONE[kind], KIND_LABELS[kind])} ({'; '.join(bits)})"


def _check_text(part: pd.DataFrame, one: str, many: str, key: str) -> str:
    """One kind of check rows in words: "8 checks of our code (8 agree; 0 failing)"; a paper's example that does
    not agree "differs" (it is no failure of ours), restated facts are "counted once, as their findings"."""
    verdict = part["verdict"].astype(str)
    bits = [f"{number(int((verdict == 'reproduced').sum()))} agree"]
    n_diff = int((verdict == "differs").sum())
    bits.append(f"{number(n_diff)} failing" if key in ("code", "construction")
                else f"{number(n_diff)} {'differs' if n_diff == 1 else 'differ'}")
    for v, word in (("inconclusive", "undecided"), ("not-reproducible", "not reproducible")):
        if (verdict == v).any():
            bits.append(f"{number(int((verdict == v).sum()))} {word}")
    if key == "restated":
        bits.append("counted once, as their findings")
    return f"{plural(len(part), one, many)} ({'; '.join(bits)})"


def coverage_summary(data_dir=None) -> pd.DataFrame:
    """Coverage of the specs counted per notebook, exactly as each notebook counts its own ledger: the one
    counting function :func:`liarlab.study.coverage.summary`, applied to each ``data/NN_coverage.csv`` alone
    (a notebook's ledger may list experiments of two specs: notebook 00 runs experiments of specs 01 and 02,
    which are therefore never added to notebook 01's count). One line per notebook and spec."""
    from liarlab.study import coverage

    ledgers = coverage.read_ledgers(data_dir)
    frames = []
    for nb, ledger in ledgers.groupby("notebook", sort=True):
        part = coverage.summary(ledger.drop(columns="notebook"))
        part.insert(0, "notebook", nb)
        part["line"] = [notebook_line(line, nb) for line in part["line"]]
        frames.append(part)
    if not frames:
        return pd.DataFrame(columns=["notebook", "spec", "experiments", *coverage.STATUSES, "line"])
    return pd.concat(frames, ignore_index=True).rename_axis(columns=None)


def notebook_line(line: str, nb: str) -> str:
    """A notebook's own coverage line (:func:`liarlab.study.coverage.summary`) as notebook 99 lists it, the notebook
    named beside its spec: "14 of 15 experiments at full size, 1 reduced (spec 01)" -> "... (spec 01, notebook
    01)"."""
    return f"{line[:-1]}, notebook {nb})" if line.endswith(")") else f"{line} (notebook {nb})"


def coverage_lines(data_dir=None) -> list[str]:
    """One line per notebook and spec ("14 of 15 experiments at full size, 1 reduced (spec 01, notebook 01)"),
    the same count each notebook prints above its own ledger."""
    return list(coverage_summary(data_dir)["line"])


def differing_families(claims: pd.DataFrame, readings: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every finding family whose verdict (by the family rule) is ``differs``: paper, notebook, family, the
    rule's evidence, its cause (in words too; ``causes`` counts its differing rows' causes, so a tie shows), the
    readings its differing rows tried and, from ``data/NN_readings.csv`` (:func:`gather_readings`), how the cause
    followed from them (``readings_basis``: readings run and their verdicts)."""
    fams = finding_families(claims)
    fams = fams[fams["verdict"] == "differs"].copy()
    fams["cause_in_words"] = [CAUSES.get(c, "no cause given in the claims table") for c in fams["cause"]]
    basis = []
    for _, f in fams.iterrows():
        mine = pd.DataFrame()
        if readings is not None and len(readings):
            rows = claims[(claims["notebook"] == f["notebook"]) & (claims["family"] == f["family"])
                          & (claims["kind"] == "finding") & (claims["verdict"] == "differs")]
            mine = readings[(readings["notebook"] == f["notebook"]) & (readings["family"] == f["family"])
                            & readings["claim"].isin(set(rows["claim"]))]
        basis.append(readings_basis(mine, f["cause"]))
    fams["readings_basis"] = basis
    return fams[["paper", "notebook", "family", "basis", "cause", "causes", "cause_in_words", "readings",
                 "readings_basis", "rows", "first_row"]].reset_index(drop=True)


def differing_families_markdown(claims: pd.DataFrame, readings: pd.DataFrame | None = None) -> str:
    """The list of every differing finding family with its cause, how the cause followed from its readings
    (where ``data/NN_readings.csv`` holds them) and the readings tried; then the families that hold differing rows
    but that the family rule does not call differing."""
    fams = differing_families(claims, readings)
    if fams.empty:
        lines = ["* None: no finding family differs."]
    else:
        lines = []
        for _, f in fams.iterrows():
            readings = f["readings"] or "no readings named"
            tie = f" Its differing rows' causes: {f['causes']}." if "," in str(f["causes"]) else ""
            how = f" How the cause follows from the readings: {f['readings_basis']}." if f["readings_basis"] else ""
            lines.append(f"* [{paper_label(f['paper'])}, notebook {f['notebook']}] *{f['family']}*: {f['basis']}. "
                         f"**Cause: {f['cause']}** ({f['cause_in_words']}).{tie}{how} Readings tried: "
                         f"{readings.rstrip('.')}.")
    allfams = finding_families(claims)
    mixed = allfams[(allfams["verdict"] != "differs") & allfams["row_verdicts"].str.contains("differs")]
    if len(mixed):
        lines += ["", "Families with some differing rows that the family rule does not call differing:", ""]
        lines += [f"* [{paper_label(f['paper'])}, notebook {f['notebook']}] *{f['family']}*: {f['verdict']} "
                  f"({f['basis']}; rows: {f['row_verdicts']})" for _, f in mixed.iterrows()]
    return "\n".join(lines)


def dashboard_markdown(claims: pd.DataFrame, data_dir=None) -> str:
    """Notebook 99's opening: the state of the study in a few lines, computed from the claims tables and the
    coverage ledgers: the count over all papers, one line per paper, and the coverage per notebook."""
    if claims.empty:
        return "No claims tables were found."
    lines = [f"**All papers.** {counts_sentence(claims)}", ""]
    folded = folded_notebooks(claims)
    if folded:
        lines += [f"**Counted by paper.** {folded}", ""]
    for paper in sorted(claims["paper"].unique()):
        part = claims[claims["paper"] == paper]
        fams = finding_families(part)
        counts = fams["status"].value_counts().to_dict()
        parts, weak = _status_parts(counts, capped_families(part, fams))
        ext = len(extension_families(part))
        text = (f"{_plural(len(fams), 'finding family', 'finding families')}: {parts}; weak agreements: {weak}; "
                f"extensions: {ext}") if len(fams) else f"no findings (checks only); extensions: {ext}"
        head = headline_rows(claims, paper=paper)
        head = head[head["kind"] == "finding"]
        if len(head):
            text += f". Headline: {headline_text(claims, head.iloc[0])}"
        lines.append(f"* **{paper_label(paper)}**: {text}.")
    lines += ["", "**By notebook** (each notebook's own rows, as it counts them):", ""]
    for nb in sorted(claims["notebook"].unique()):
        part = claims[claims["notebook"] == nb]
        fams = finding_families(part)
        ext = int((part["verdict"] == "extension").sum())
        if len(fams):
            parts, weak = _status_parts(fams["status"].value_counts().to_dict(), capped_families(part, fams))
            text = (f"{_plural(len(fams), 'finding family', 'finding families')}: {parts}; weak agreements: "
                    f"{weak}; extension rows: {ext}")
        else:
            text = f"no findings; extension rows: {ext}"
        checks = [checks_text(part, k) for k in ("arithmetic", "check")
                  if ((part["kind"] == k) & (part["verdict"] != "extension")).any()]
        text += "".join(f"; {c}" for c in checks)
        papers = sorted(part["paper"].unique())
        lines.append(f"* **Notebook {nb}** (rows for paper{'s' if len(papers) > 1 else ''} "
                     f"{' and '.join(papers)}): {text}.")
    cov = coverage_lines(data_dir)
    if cov:
        lines += ["", "**Coverage of the specs** (per notebook, as each notebook counts its own ledger): "
                  + "; ".join(cov) + "."]
    return "\n".join(lines)


def folded_notebooks(claims: pd.DataFrame) -> str:
    """The sentence that says which notebooks' rows are counted under other papers ("Notebook 00's 91 rows count
    for the papers their sources name: 40 for paper 01, 51 for paper 02."); '' when every notebook's rows are its
    own paper's."""
    out = []
    for nb in sorted(claims["notebook"].unique()):
        part = claims[claims["notebook"] == nb]
        papers = part["paper"].value_counts().sort_index()
        if list(papers.index) != [nb]:
            split = ", ".join(f"{number(k)} for paper {p}" for p, k in papers.items())
            out.append(f"Notebook {nb}'s {plural(len(part), 'row')} count for the papers their sources name: "
                       f"{split}.")
    return " ".join(out)


def _ranked_disagreements(claims: pd.DataFrame, limit: int) -> list[str]:
    lines, shown = [], set()
    found = findings(claims)
    head = headline_rows(claims)
    head = head[(head.verdict == "differs") & (head.kind == "finding")]
    for _, row in head.iterrows():
        shown.add((row["notebook"], row["family"]))
        lines.append(f"* [{paper_label(row['paper'])}, headline] {describe_row(row)}")
    differ = differing_families(claims)
    # then the largest differing families (a table that differs in many cells before a single remark)
    for _, fam in differ.sort_values(["rows", "paper"], ascending=[False, True], kind="stable").iterrows():
        if len(lines) >= limit:
            break
        if (fam.notebook, fam.family) in shown:
            continue
        members = found[(found.notebook == fam.notebook) & (found.family == fam.family)]
        example = members[members.verdict == "differs"].iloc[0]
        prefix = f"{fam.family} ({fam.basis}); e.g. " if fam.rows > 1 else ""
        lines.append(f"* [{paper_label(fam.paper)}] {prefix}{describe_row(example)}")
        shown.add((fam.notebook, fam.family))
    rest = len(differ) - len([k for k in shown if k in set(zip(differ.notebook, differ.family))])
    if rest > 0:
        lines.append(f"* ... and {rest} more finding families that differ (listed above with their causes).")
    if differ.empty:
        lines.append("* None: no finding family differs.")
    return lines


def summary_markdown(claims: pd.DataFrame, max_disagreements: int = 12, max_extensions: int = 10,
                     data_dir=None) -> str:
    """Notebook 99's prose, computed from the claims tables: each paper's counts (findings only) and headline
    findings, the most important disagreements among findings, the misprints apart, the inconclusive
    findings (undecidable ones apart), the weak agreements and the extensions."""
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
            fam = family_line(claims, row)
            if fam is not None and fam["rows"] > 1:
                said = _row_and_family(claims, row)
                lines.append(f"  {said[:1].upper() + said[1:]}.")
        lines.append("")
    lines += ["### The most important disagreements (findings)", ""]
    lines += _ranked_disagreements(claims, max_disagreements)
    lines += ["", "### Misprints and arithmetic slips in the papers (a reading explains those of cause 'reading')",
              ""]
    slips = claims[(claims.kind == "arithmetic") & (claims.verdict == "differs")]
    lines += [f"* [{paper_label(r['paper'])}] {describe_row(r)}" for _, r in slips.iterrows()] or ["* None."]
    found = findings(claims)
    for title, mask in (("Findings the data cannot decide yet (inconclusive)",
                         (found.verdict == "inconclusive") & ~has_flag(found, UNDECIDABLE)),
                        ("Findings no sample can decide (undecidable)",
                         (found.verdict == "inconclusive") & has_flag(found, UNDECIDABLE)),
                        ("Weak agreements (reproduced within a band wider than ±10 % of the range)",
                         (found.verdict == "reproduced") & has_flag(found, WEAK))):
        part = found[mask]
        lines += ["", f"### {title}", ""]
        lines += [f"* [{paper_label(r['paper'])}] {describe_row(r)}" for _, r in part.head(max_disagreements).iterrows()]
        if len(part) > max_disagreements:
            lines.append(f"* ... and {len(part) - max_disagreements} more (table below).")
        if part.empty:
            lines.append("* None.")
    lines += ["", "### What we added (extensions, counted apart)", ""]
    ext = extension_families(claims)
    for _, fam in ext.head(max_extensions).iterrows():
        row = claims.loc[fam.first_row]
        rows = f" ({fam.rows} rows)" if fam.rows > 1 else ""
        note = words(row["note"])
        lines.append(f"* [{paper_label(fam.paper)}] *{fam.family}*{rows}: {ours_text(row)}"
                     + (f". {note.rstrip('.')}." if note else "."))
    if len(ext) > max_extensions:
        lines.append(f"* ... and {len(ext) - max_extensions} more extension families (table below).")
    if ext.empty:
        lines.append("* None.")
    return "\n".join(lines)


def _family_table(counts: pd.DataFrame) -> pd.DataFrame:
    """The 'families' lines of :func:`verdict_counts` per paper (no 'all'), indexed by paper."""
    body = counts[(counts["unit"] == "families") & (counts["paper"] != "all")]
    return body.set_index("paper")


# A row the two-stage design left undecided at its budget's cap says so in its note (core.verdicts.confirmed): a
# larger budget could decide it, unlike a row no sample size decides (a prediction interval for one trained table,
# a cell at a ceiling, a share of a fixed set of cases). Both carry the flag "undecidable".
BUDGET_CAPPED = "still undecided at the cap of"


def capped_families(claims: pd.DataFrame, fams: pd.DataFrame) -> int:
    """How many of ``fams``' undecidable families are undecided only within our budget: every undecidable finding
    row of the family says it stopped at its budget's cap (so a larger sample could decide it)."""
    flagged = claims[(claims["kind"] == "finding") & has_flag(claims, UNDECIDABLE)]
    capped = flagged["note"].astype(str).str.contains(BUDGET_CAPPED, regex=False)
    n = 0
    for _, f in fams[fams["status"].astype(str) == UNDECIDABLE].iterrows():
        mine = (flagged["notebook"] == f["notebook"]) & (flagged["family"] == f["family"])
        if mine.any() and capped[mine].all():
            n += 1
    return n


def undecided_parts(more_data: int, capped: int, at_any: int, *, zeros: bool = False) -> str:
    """The undecided families in their three parts, the zero ones left out: "2 that more data could decide, 11
    stopped at our budget's cap, 9 that no sample size decides" (the answer and the figure caption say the same).
    ``zeros``: all three parts, a zero one too, where the page promises three ("0 that more data could decide";
    issue 50: 99's Terms named three and its answer reported two)."""
    parts = [(more_data, "that more data could decide"), (capped, "stopped at our budget's cap"),
             (at_any, "that no sample size decides")]
    if zeros and any(n for n, _ in parts):
        return ", ".join(f"{number(n)} {words}" for n, words in parts)
    shown = [f"{number(n)} {words}" for n, words in parts if n]
    if len(shown) == 1:
        n = next(n for n, _ in parts if n)
        # "both stopped at our budget's cap", not "all 2 stopped ..."
        return "both" + shown[0][1:] if n == 2 and "stopped" in shown[0] else "all " + shown[0]
    return ", ".join(shown)


# A status as the figure's legend says it: words, not the protocol's codes ("not-reproducible", "differs:
# untested" read as machinery to a fresh reader, issue 50)
# "undecidable" rows include budget-capped ones (capped_families): the legend names both
_STATUS_WORDS = {"inconclusive": "undecided: more data could decide",
                 UNDECIDABLE: "undecided: at our budget's cap, or no sample decides",
                 "not-reproducible": "not reproducible here", WEAK_AGREEMENT: "reproduced weakly (wide band)"}
_CAUSE_WORDS = {"untested": "a reading not yet run", "reading": "a reading of the paper", "genuine": "genuinely",
                "misprint": "a misprint", "power": "too little power"}


# A cause as a sentence of the caption says it ("a genuine difference for 6"), the page's words for the codes
_CAPTION_CAUSES = {"genuine": "a genuine difference", "reading": "a reading of the paper",
                   "untested": "a reading not yet run", "misprint": "a misprint", "power": "too little power",
                   NO_CAUSE: "no cause given"}


def status_words(status: str) -> str:
    """A family status in words: "differs: untested" -> "differs: a reading not yet run"."""
    if status.startswith("differs: "):
        cause = status.split(": ", 1)[1]
        return f"differs: {_CAUSE_WORDS.get(cause, cause)}"
    return _STATUS_WORDS.get(status, status)


def verdict_figure(counts: pd.DataFrame):
    """Finding families per paper by status (stacked: reproduced, weak agreements, differing by cause,
    inconclusive, undecidable, not reproducible) in the wide left panel; extension families per paper in
    their own narrow panel on the right, never stacked as a verdict. One legend below both panels."""
    from matplotlib.patches import Patch

    from liarlab.study import plotting

    body = _family_table(counts)
    # a notebook of ours (06) has no findings but has extension families: its row stays (the right panel would
    # otherwise count fewer extension families than the text, issue 50), and its left side says why it is empty
    ours = [p for p in body.index if p not in PAPERS]
    statuses = [s for s in STATUSES if s in body.columns and body[s].sum() > 0]
    labels = [paper_label(p) if p in PAPERS else f"{p} · our own study (no paper)" for p in body.index]
    fig, axes = plotting.figure(1, 2, width=4.6, height=0.6 * max(len(labels), 2) + 1.6, sharey=True,
                                gridspec_kw={"width_ratios": [3.2, 1]})
    ax, ax_ext = axes
    y = list(range(len(labels)))
    left = [0] * len(labels)
    for status in statuses:
        values = [int(v) for v in body[status]]
        color, hatch = STYLE[status]
        ax.barh(y, values, left=left, height=0.7, color=color, hatch=hatch, edgecolor="#333333", linewidth=0.6,
                label=status)
        left = [a + b for a, b in zip(left, values)]
    for yi, total, p in zip(y, left, body.index):
        if p in ours:   # no bar to read: say why
            ax.text(0.3, yi, "no paper's findings: our own extensions", va="center", ha="left", fontsize=9,
                    style="italic", color="#555555")
        else:
            ax.text(total + 0.2, yi, str(total), va="center", ha="left", fontsize=9)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set(xlabel="finding families (count)", ylabel="paper", title="Findings by verdict")
    ax.set_xlim(0, max(left + [1]) * 1.12 + 0.5)
    ext = [int(v) for v in body[EXTENSION]] if EXTENSION in body else [0] * len(labels)
    ax_ext.barh(y, ext, height=0.7, color=STYLE[EXTENSION][0], edgecolor="#333333", linewidth=0.6)
    for yi, n in zip(y, ext):
        ax_ext.text(n + 0.2, yi, str(n), va="center", ha="left", fontsize=9)
    ax_ext.set(xlabel="extension families (count)", title="Extensions, apart")
    ax_ext.set_xlim(0, max(ext + [1]) * 1.25 + 0.5)
    ax_ext.tick_params(axis="y", left=False)
    handles = [Patch(facecolor=STYLE[s][0], hatch=STYLE[s][1], edgecolor="#333333", label=status_words(s))
               for s in statuses]
    handles.append(Patch(facecolor=STYLE[EXTENSION][0], edgecolor="#333333", label="extension (ours, no verdict)"))
    fig.legend(handles=handles, title="verdict of the family", loc="outside lower center", ncol=3)
    return fig


def figure_caption(counts: pd.DataFrame, claims: pd.DataFrame | None = None) -> str:
    """What to notice in :func:`verdict_figure`, computed from the same counts; given the claims, the undecided
    families are split as the page's answer splits them (more data could decide, capped, no sample decides)."""
    body = _family_table(counts)
    total = counts[(counts["unit"] == "families") & (counts["paper"] == "all")].iloc[0]
    n = int(total["findings"])
    get = lambda s: int(total[s]) if s in total.index else 0  # noqa: E731
    differ = sum(get(s) for s in DIFFERS)
    # "claim families of kind finding" read as the code's column (issue 50): the kind said in words
    text = (f"*Figure: each paper's finding families (claims about its experiments; left), coloured by the "
            f"family's verdict under the declared family rule, and the extension families (right), which are our "
            f"additions and no verdict on the papers. Of {n} finding families, {get(REPRODUCED)} are reproduced")
    if get(WEAK_AGREEMENT):
        k = get(WEAK_AGREEMENT)
        text += f" and {k} more {'agrees' if k == 1 else 'agree'} only within a weak band (hatched green)"
    text += f"; {differ} differ"
    if differ:   # the causes in words, as the legend says them ("1 untested" was a code word, issue 50)
        causes = sorted(((get(s), s.split(": ", 1)[1]) for s in DIFFERS if get(s)), reverse=True)
        text += f" ({causes_phrase({c: k for k, c in causes})})"
    undecided = get("inconclusive") + get(UNDECIDABLE)
    text += f"; {undecided} are undecided"
    if undecided and claims is not None:
        mine = claims[claims["paper"].isin(list(PAPERS))]
        capped = capped_families(mine, finding_families(mine))
        text += f" ({undecided_parts(get('inconclusive'), capped, get(UNDECIDABLE) - capped)})"
    elif get(UNDECIDABLE):
        parts = [f"{get('inconclusive')} that more data could decide"] if get("inconclusive") else []
        text += f" ({', '.join(parts + [f'{get(UNDECIDABLE)} at our budget cap or that no sample size decides'])})"
    if get("not-reproducible"):
        text += f"; {get('not-reproducible')} are not reproducible"
    text += "."
    if len(body) and n:
        diff_by_paper = body[[s for s in DIFFERS if s in body.columns]].sum(axis=1)
        share = (body.get(REPRODUCED, 0) / body["findings"].where(body["findings"] > 0)).fillna(0)
        best = share.idxmax()
        # every paper tied for the most differing families is named ("paper 01 the most differing ones (3 of 6)"
        # while 02 and 05 had 3 too, issue 50)
        worst = [p for p in diff_by_paper.index if diff_by_paper[p] == diff_by_paper.max()]
        good = f"({int(body.loc[best, REPRODUCED])} of {int(body.loc[best, 'findings'])})"
        most = int(diff_by_paper.max())
        if most > 0 and worst == [best]:
            text += (f" What to notice: paper {best} has both the largest share of reproduced families {good} and "
                     f"the most differing ones ({most} of {int(body.loc[best, 'findings'])})")
        else:
            text += f" What to notice: paper {best} has the largest share of reproduced families {good}"
            if most > 0 and len(worst) == 1:
                text += f", paper {worst[0]} the most differing ones ({most} of {int(body.loc[worst[0], 'findings'])})"
            elif most > 0:
                of = and_list(f"{int(body.loc[p, 'findings'])}" for p in worst)
                text += (f"; papers {and_list(worst)} tie for the most differing ones, {most} each (of {of} "
                         "finding families)")
        if differ:
            best = max(get(s) for s in DIFFERS)
            tops = [s.split(": ", 1)[1] for s in DIFFERS if get(s) == best]
            if tops == [NO_CAUSE]:
                text += f"; {best} of the {differ} differing families name no cause yet"
            elif len(tops) == 1:
                text += f"; the commonest cause is {_CAPTION_CAUSES.get(tops[0], tops[0])} ({best} of {differ})"
            else:
                said = [_CAPTION_CAUSES.get(t, t) for t in tops]
                names = ", ".join(said[:-1]) + f" and {said[-1]}"
                text += f"; the commonest causes tie: {names} ({best} of {differ} each)"
        text += (f". Extensions ({_plural(int(total[EXTENSION]), 'family', 'families')}) are drawn apart: a long extension bar is work we "
                 f"added, not support for a paper.")
    return text + "*"
