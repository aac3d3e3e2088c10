"""Notebook 99 at a glance (issue 50): a bold answer, one row per paper, and what differs grouped by cause.

Everything is computed from the claims tables (:func:`liarlab.study.scorecard.gather_claims`) with the scorecard's
own family rule and statuses, so the numbers here are the ones the full tables (shown folded under them) hold.
Only the papers of :data:`liarlab.study.scorecard.PAPERS` have findings; a notebook of ours (06) is counted apart.
"""
from __future__ import annotations

import pandas as pd

from liarlab.study import scorecard as sc
from liarlab.study.answer import claim_words, number, plural

# A family's likeliest cause as a phrase that reads after a count ("6 differ genuinely").
CAUSE_PHRASES = {"misprint": "from a misprint in the paper", "reading": "under a reading of the paper we cannot pin "
                 "down", "power": "for lack of power", "genuine": "genuinely",
                 "untested": "with a reading the paper allows not yet run", sc.NO_CAUSE: "with no cause given"}
CAUSE_HEADINGS = {"genuine": "A genuine difference", "reading": "A reading of the paper we cannot pin down",
                  "untested": "A reading of the paper not yet run", "power": "Too little power",
                  "misprint": "A misprint in the paper", sc.NO_CAUSE: "No cause given"}


# A cause as a short label in the one-row-per-paper table's "differ (cause)" column ("3 (1 genuine, 1 reading,
# 1 reading not yet run)"): the code word "untested" read as jargon beside the answer's words (issue 50).
CAUSE_LABELS = {"untested": "reading not yet run", "power": "too little power", sc.NO_CAUSE: "no cause given"}


def _papers(claims: pd.DataFrame) -> list[str]:
    return [p for p in sorted(claims["paper"].unique()) if p in sc.PAPERS]


def _tally(fams: pd.DataFrame) -> dict:
    """Finding families by status: reproduced (weak ones apart), differing by cause, undecided, not reproducible."""
    status = fams["status"].astype(str)
    causes = {}
    for s in status[status.str.startswith("differs")]:
        cause = s.split(": ", 1)[1] if ": " in s else sc.NO_CAUSE
        causes[cause] = causes.get(cause, 0) + 1
    return {"families": len(fams), "reproduced": int((status == sc.REPRODUCED).sum()),
            "weak": int((status == sc.WEAK_AGREEMENT).sum()), "differs": sum(causes.values()),
            "causes": dict(sorted(causes.items(), key=lambda kv: -kv[1])),
            "undecided": int(status.isin(["inconclusive", sc.UNDECIDABLE]).sum()),
            "undecidable": int((status == sc.UNDECIDABLE).sum()),
            "not-reproducible": int((status == "not-reproducible").sum())}


# A row the two-stage design left undecided at its budget's cap says so in its note (core.verdicts.confirmed): a
# larger budget could decide it, unlike a row no sample size decides (a prediction interval for one trained table,
# a cell at a ceiling, a share of a fixed set of cases). Both carry the flag "undecidable".
BUDGET_CAPPED = "still undecided at the cap of"


def capped_families(claims: pd.DataFrame, fams: pd.DataFrame) -> int:
    """How many of ``fams``' undecidable families are undecided only within our budget: every undecidable finding
    row of the family says it stopped at its budget's cap (so a larger sample could decide it)."""
    flagged = claims[(claims["kind"] == "finding") & sc.has_flag(claims, sc.UNDECIDABLE)]
    capped = flagged["note"].astype(str).str.contains(BUDGET_CAPPED, regex=False)
    n = 0
    for _, f in fams[fams["status"].astype(str) == sc.UNDECIDABLE].iterrows():
        mine = (flagged["notebook"] == f["notebook"]) & (flagged["family"] == f["family"])
        if mine.any() and capped[mine].all():
            n += 1
    return n


def undecided_text(t: dict) -> str:
    """ "11 are undecided within our budget (8 of them undecidable at any sample size)": a family only capped by
    the budget is not called undecidable (a fresh reader found capped rows said to be undecidable at any size)."""
    verb = "is" if t["undecided"] == 1 else "are"
    at_any = t["undecidable"] - t["capped"]
    if t["capped"] + (t["undecided"] - t["undecidable"]) == 0:
        return f"{number(t['undecided'])} {verb} undecided" + (
            " (all of them undecidable at any sample size)" if t["undecided"] else "")
    text = f"{number(t['undecided'])} {verb} undecided within our budget"
    if at_any:
        text += f" ({number(at_any)} of them undecidable at any sample size)"
    return text


def _causes_text(causes: dict) -> str:
    return ", ".join(f"{n} {CAUSE_PHRASES.get(c, c)}" for c, n in causes.items())


def answer_markdown(claims: pd.DataFrame) -> str:
    """The bold answer: the papers' finding families by verdict, then what is counted apart, in two sentences."""
    papers = _papers(claims)
    mine = claims[claims["paper"].isin(papers)]
    fams = sc.finding_families(mine)
    t = _tally(fams) | {"capped": capped_families(mine, fams)}
    head = (f"**Of the {number(t['families'])} finding families of the {len(papers)} papers' experiments, we "
            f"reproduce {number(t['reproduced'])}"
            + (f" (and {number(t['weak'])} more only within a weak band)" if t["weak"] else "")
            + f"; {number(t['differs'])} differ ({_causes_text(t['causes'])}); {undecided_text(t)}"
            + f", and {number(t['not-reproducible'])} cannot be reproduced here.**")
    ext = len(sc.extension_families(claims))
    arithmetic = claims[(claims["kind"] == "arithmetic") & (claims["verdict"] != "extension")]
    misprints = int((arithmetic["verdict"].eq("differs") & arithmetic["cause"].astype(str).eq("misprint")).sum())
    checks = claims[(claims["kind"] == "check") & (claims["verdict"] != "extension")]
    ours = sorted(set(claims["paper"]) - set(papers))
    apart = (f"Counted apart, and never as reproductions: {plural(ext, 'family', 'families')} of extensions (our "
             f"additions), {plural(len(arithmetic), 'check')} of the papers' own arithmetic "
             f"({plural(misprints, 'misprint')} found) and {plural(len(checks), 'check')} of our code"
             + (f"; notebook {', '.join(ours)} is a study of ours that no paper's claim stands behind" if ours else "")
             + ".")
    # the notebooks' first screens count claims rows, this page counts families (issue 50: 03's page says "1
    # differs" where its row here says 0 differing families); one sentence tells the reader which is which
    rows = ("Every count on this page is of families (a printed table or figure is one family, judged by the "
            "family rule); each notebook's own first screen counts its rows, so a notebook can show a differing "
            "row inside a family that is counted here as reproduced or undecided.")
    return head + " " + apart + " " + rows


def _headline(claims: pd.DataFrame, paper: str):
    head = sc.headline_rows(claims, paper=paper)
    head = head[head["kind"] == "finding"]
    return head.iloc[0] if len(head) else None


def paper_table(claims: pd.DataFrame) -> pd.DataFrame:
    """One row per paper: its headline claim, the headline family's verdict by the family rule (and the headline
    row's own where the two differ), the cause of a difference, and its finding families by verdict."""
    rows = []
    for paper in _papers(claims):
        part = claims[claims["paper"] == paper]
        t = _tally(sc.finding_families(part))
        row = _headline(claims, paper)
        claim, verdict = "", ""
        if row is not None:
            claim = claim_words(row["claim"])
            fam = sc.family_line(claims, row)
            if fam is not None and fam["rows"] > 1:
                verdict = _family_words(fam)
                if fam["verdict"] != row["verdict"]:
                    # the family's verdict first (it is what the counts beside it count), then the headline row's,
                    # as the notebook's own answer says them (04: "reproduced, 6 of 8 rows; its headline row
                    # differs", issue 50)
                    verdict += f"; its headline row {_VERDICT_WORDS.get(row['verdict'], row['verdict'])}"
                    if row["verdict"] == "differs" and not sc.blank(row.get("cause")):
                        verdict += f" (cause: {row['cause']})"
            else:
                verdict = _VERDICT_WORDS.get(row["verdict"], row["verdict"])
                if row["verdict"] == "differs" and not sc.blank(row.get("cause")):
                    verdict += f", cause: {row['cause']}"
        differ = str(t["differs"]) + (f" ({', '.join(f'{n} {CAUSE_LABELS.get(c, c)}' for c, n in t['causes'].items())})"
                                      if t["differs"] else "")
        rows.append({"paper": f"{paper} · {sc.PAPERS[paper].short.split(':')[0]}", "headline claim": claim,
                     "its verdict": verdict,
                     "reproduced": str(t["reproduced"]) + (f" (+{t['weak']} weakly)" if t["weak"] else ""),
                     "differ (cause)": differ, "undecided": t["undecided"],
                     "not reproducible": t["not-reproducible"]})
    return pd.DataFrame(rows)


_VERDICT_WORDS = {"reproduced": "reproduced", "differs": "differs", "inconclusive": "undecided",
                  "not-reproducible": "not reproducible here", "extension": "our extension"}


def _family_words(fam) -> str:
    """A family's verdict with the rule's evidence: "reproduced, 6 of 8 rows", "differs, 1 of 2 rows (cause:
    reading)", "not reproducible here"."""
    verdict = str(fam["verdict"])
    word = _VERDICT_WORDS.get(verdict, verdict)
    basis = str(fam["basis"])
    if verdict in ("reproduced", "differs"):
        text = f"{word}, {basis.split(' ')[0]} of {basis.split(' ')[2]} rows"
        return text + (f" (cause: {fam['cause']})" if verdict == "differs" and fam["cause"] else "")
    if verdict == "inconclusive":
        return f"{word} ({basis.replace('inconclusive', 'undecided')})"
    return word


def family_claim_words(claims: pd.DataFrame, fam) -> str:
    """ " (a player whose preceding player is EXP0 wins more)": a family named only by its figure ("Fig 5-10") gets
    the claim of its first differing finding in words; a family whose name already says its claim gets nothing."""
    if any(ch.isalpha() for ch in str(fam["family"]).replace("Fig", "").replace("Table", "")):
        return ""
    rows = claims[(claims["notebook"] == fam["notebook"]) & (claims["family"] == fam["family"])
                  & (claims["kind"] == "finding") & (claims["verdict"] == "differs")]
    if not len(rows):
        return ""
    claim = str(rows["claim"].iloc[0])
    label = f"{fam['family']}: "
    return f" ({claim_words(claim[len(label):] if claim.startswith(label) else claim)})"


def differing_by_cause_markdown(claims: pd.DataFrame) -> str:
    """Every differing finding family, grouped by its likeliest cause (commonest first): one short line each,
    the paper, the family and the family rule's evidence."""
    fams = sc.differing_families(claims[claims["paper"].isin(_papers(claims))])
    if fams.empty:
        return "No finding family differs."
    lines = []
    order = fams["cause"].replace("", sc.NO_CAUSE).value_counts()
    for cause, n in order.items():
        lines.append(f"**{CAUSE_HEADINGS.get(cause, cause)}** ({plural(n, 'family', 'families')})")
        lines.append("")
        group = fams[fams["cause"].replace("", sc.NO_CAUSE) == cause]
        for _, f in group.iterrows():
            evidence = f", {f['basis']}" if f["rows"] > 1 else ""
            lines.append(f"* Paper {f['paper']} (notebook {f['notebook']}): *{f['family']}*"
                         f"{family_claim_words(claims, f)}{evidence}")
        lines.append("")
    return "\n".join(lines).rstrip()
