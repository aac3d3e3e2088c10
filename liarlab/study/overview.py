"""Notebook 99 at a glance (issue 50): a bold answer, one row per paper, and what differs grouped by cause.

Everything is computed from the claims tables (:func:`liarlab.study.scorecard.gather_claims`) with the scorecard's
own family rule and statuses, so the numbers here are the ones the full tables (shown folded under them) hold.
Only the papers of :data:`liarlab.study.scorecard.PAPERS` have findings; a notebook of ours (06) is counted apart.
"""
from __future__ import annotations

import re

import pandas as pd

from liarlab.study import answer, tables
from liarlab.study import scorecard as sc
from liarlab.study.answer import claim_words, number, plural, verdict_word

# A family's likeliest cause as a phrase that reads after a count ("6 differ genuinely").
CAUSE_PHRASES = {"misprint": "from a misprint in the paper", "reading": "under a reading of the paper other than "
                 "ours", "power": "for lack of power", "genuine": "genuinely",
                 "untested": "with a reading the paper allows not yet run", sc.NO_CAUSE: "with no cause given"}
CAUSE_HEADINGS = {"genuine": "A genuine difference", "reading": "A reading of the paper other than ours",
                  "untested": "A reading of the paper not yet run", "power": "Too little power",
                  "misprint": "A misprint in the paper", sc.NO_CAUSE: "No cause given"}


# A cause as a short label in the one-row-per-paper table's "differ (cause)" column ("3 (1 genuine, 1 reading,
# 1 reading not yet run)"): the code word "untested" read as jargon beside the answer's words (issue 50).
CAUSE_LABELS = {"untested": "reading not yet run", "power": "too little power", sc.NO_CAUSE: "no cause given"}


# A cause said inside a verdict cell or a count ("likeliest cause a reading of the paper"), not as its code word
# ("cause: reading", which the page's terms define but a reader should not need to decode, issue 50)
_CAUSE_SAID = {"genuine": "a genuine difference", "reading": "a reading of the paper", "misprint": "a misprint",
               "untested": "a reading not yet run", "power": "too little power"}


def _cause_said(cause) -> str:
    return f"likeliest cause {_CAUSE_SAID.get(str(cause), str(cause))}"


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


def undecided_text(t: dict) -> str:
    """ "22 are undecided (2 that more data could decide, 11 stopped at our budget's cap, 9 that no sample size
    decides)": every undecided family in one of three parts, so no part reads as the whole (a fresh reader took
    "undecided within our budget (9 of them undecidable)" to call all 22 capped, issue 50)."""
    verb = "is" if t["undecided"] == 1 else "are"
    text = f"{number(t['undecided'])} {verb} undecided"
    parts = sc.undecided_parts(t["undecided"] - t["undecidable"], t["capped"], t["undecidable"] - t["capped"],
                               zeros=True)
    return text + (f" ({parts})" if parts else "")


def _causes_text(causes: dict) -> str:
    return ", ".join(f"{n} {CAUSE_PHRASES.get(c, c)}" for c, n in causes.items())


def answer_markdown(claims: pd.DataFrame) -> str:
    """The bold answer: the papers' finding families by verdict, then what is counted apart, in two sentences."""
    papers = _papers(claims)
    mine = claims[claims["paper"].isin(papers)]
    fams = sc.finding_families(mine)
    t = _tally(fams) | {"capped": sc.capped_families(mine, fams)}
    # labelled as every notebook's first screen labels its answer (a fresh reader looked for "Our answer.")
    head = (f"**Our answer. Of the {number(t['families'])} finding families of the {len(papers)} papers' experiments, we "
            f"reproduce {number(t['reproduced'])}"
            # a fresh reader: families that agree only under a reading chosen for agreeing were not said in the answer
            + (f" ({number(sel)} only under a reading chosen because it agrees)" if (sel := int(
                ((fams["status"].astype(str) == sc.REPRODUCED) & (fams["selected_rows"] > 0)).sum())) else "")
            + (f" (and {number(t['weak'])} more only within a weak band)" if t["weak"] else "")
            + f"; {number(t['differs'])} differ ({_causes_text(t['causes'])}); {undecided_text(t)}"
            + f", and {number(t['not-reproducible'])} cannot be reproduced here.**")
    ext = len(sc.extension_families(claims))
    ours = sorted(set(claims["paper"]) - set(papers))
    # arithmetic and code checks are counted as rows (a fresh reader found row counts under "every count on this
    # page is of families", and the failing check unsaid, issue 50): each kind in words, every verdict counted
    # extensions and checks in short sentences of their own: one 90-word sentence of nested parentheses lost a
    # fresh reader right under the answer (issue 50)
    apart = (f"Counted apart, and never as reproductions: {plural(ext, 'family', 'families')} of extensions (our "
             f"additions). {_checks_sentence(claims)}"
             + (f" Notebook {', '.join(ours)} is a study of ours that no paper's claim stands behind." if ours else ""))
    rows = ("Every other count on this page is of families (a printed table or figure is one family, judged by the "
            "family rule); each notebook's own first screen counts its rows, so a notebook can show a differing "
            "row inside a family that is counted here as reproduced or undecided.")
    return head + " " + apart + " " + rows


def _checks_sentence(claims: pd.DataFrame) -> str:
    """ "Checks are counted as rows: 126 checks of the papers' own arithmetic, which find 5 misprints (1 more differs, likeliest
    cause a reading of the paper), and 60 other checks (1 paper's illustrative example, 24 restated facts, 7
    properties true by construction and 28 of our code); only one of them differs, the paper's illustrative example.": every
    check row counted once, each differing one named, in sentences a reader can follow (issue 50)."""
    judged = claims[claims["verdict"] != "extension"]
    arith = judged[judged["kind"] == "arithmetic"]
    differ = arith[arith["verdict"] == "differs"]
    causes = differ["cause"].astype(str)
    misprints = int((causes == "misprint").sum())
    others = [f"{number(n)} more {'differs' if n == 1 else 'differ'}, {_cause_said(c) if c else sc.NO_CAUSE}"
              for c, n in causes[causes != "misprint"].value_counts().items()]
    text = (f"Checks are counted as rows: {plural(len(arith), 'check')} of the papers' own arithmetic, which find "
            f"{plural(misprints, 'misprint')}" + (f" ({'; '.join(others)})" if others else ""))
    checks = judged[judged["kind"] == "check"]
    if not len(checks):
        return text + "."
    kinds = answer.check_kinds(checks)
    words = {key: (one, many) for key, one, many, _ in answer.CHECK_KINDS}
    split = [f"{number(int((kinds == key).sum()))} "
             + ("of our code" if key == "code" else words[key][0] if (kinds == key).sum() == 1 else words[key][1])
             for key, *_ in answer.CHECK_KINDS if (kinds == key).any()]
    split = ", ".join(split[:-1]) + (" and " if len(split) > 1 else "") + split[-1]
    bad = kinds[checks["verdict"] == "differs"]
    if bad.empty:
        fails = "none differs"
    else:
        named = ", ".join(f"{plural(int((bad == key).sum()), *words[key])}" for key, *_ in answer.CHECK_KINDS
                          if (bad == key).any())
        # "; only one of them differs, the paper's illustrative example", not "of which 1 differs: the ...", a
        # second colon in the sentence (issue 50, the lead's list)
        fails = (f"only one of them differs, the {words[bad.iloc[0]][0]}" if len(bad) == 1
                 else f"{number(len(bad))} of them differ ({named})")
        return text + f", and {plural(len(checks), 'other check')} ({split}); {fails}."
    return text + f", and {plural(len(checks), 'other check')} ({split}), {fails}."


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
                verdict = family_words(pd.concat([fam, pd.Series({"split": _split(claims, row)})]))
                if fam["verdict"] != row["verdict"]:
                    # the family's verdict first (it is what the counts beside it count), then the headline row's,
                    # as the notebook's own answer says them (04: "reproduced, 6 of 8 rows; its headline row
                    # differs", issue 50)
                    verdict += f"; its headline row {verdict_word(row['verdict'])}"
                    if row["verdict"] == "differs" and not sc.blank(row.get("cause")):
                        verdict += f" ({_cause_said(row['cause'])})"
            else:
                verdict = verdict_word(row["verdict"])
                if row["verdict"] == "differs" and not sc.blank(row.get("cause")):
                    verdict += f", {_cause_said(row['cause'])}"
        differ = str(t["differs"]) + (f" ({', '.join(f'{n} {CAUSE_LABELS.get(c, c)}' for c, n in t['causes'].items())})"
                                      if t["differs"] else "")
        # the verdict column judges the headline's family by its rows, the count columns count the paper's finding
        # families: each header says which (a fresh reader read "of 8 rows" and "3" as one count, issue 50)
        rows.append({"paper": _paper_label(paper), "headline claim": claim,
                     VERDICT_COLUMN: verdict,
                     "families reproduced": str(t["reproduced"]) + (f" (+{t['weak']} weakly)" if t["weak"] else ""),
                     "families differing (cause)": differ, "families undecided": t["undecided"],
                     "families not reproducible": t["not-reproducible"]})
    return pd.DataFrame(rows)


VERDICT_COLUMN = "its family's verdict (by its rows)"



def family_words(fam) -> str:
    """A family's verdict with the rule's evidence, in one format for every verdict and the one the notebooks'
    claims summaries use (a fresh reader found "undecided (of 2 rows: 2 undecided)" and row counts read as family
    counts beside them, issue 50): "differs (both rows; likeliest cause a genuine difference)", "reproduced (6 of
    8 rows; 2 differ)", "differs (1 of 2 rows; 1 reproduced; likeliest cause a reading of the paper)"."""
    verdict = str(fam["verdict"])
    word = verdict_word(verdict)
    split = fam.get("split") or {}
    judged = sum(split.values())
    if verdict not in ("reproduced", "differs", "inconclusive") or not judged:
        return word
    lead = split.get(verdict, 0)
    said = lambda v, n: verdict_word(v, many=n != 1 and v == "differs")  # noqa: E731
    if lead == judged:
        bits = ["both rows" if judged == 2 else f"all {judged} rows"]
    else:
        bits = [f"{lead} of {judged} rows"] if lead else [f"of {judged} rows"]
        bits.append(", ".join(f"{n} {said(v, n)}" for v, n in split.items() if n and v != verdict))
    if verdict == "differs" and fam["cause"]:
        bits.append(_cause_said(fam["cause"]))
    return f"{word} ({'; '.join(bits)})"


def _split(claims: pd.DataFrame, row) -> dict:
    """The judged rows of ``row``'s family (the rows :func:`liarlab.study.scorecard.family_line` judges) by
    verdict, in the order reproduced, differs, undecided."""
    same = claims[(claims["notebook"] == row["notebook"]) & (claims["family"] == row["family"])
                  & (claims["kind"] == row["kind"]) & (claims["verdict"] != "extension")]
    verdicts = same["verdict"].astype(str)
    return {v: int((verdicts == v).sum()) for v in sc.JUDGED}


def _paper_label(paper: str) -> str:
    """ "01 · Huang 2009", "04 · Three students, undated": who wrote the paper and when, for every paper (issue
    50: "04 · Term paper" named neither)."""
    return f"{paper} · {sc.PAPERS[paper].short.split(':')[0]}"


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


def rows_evidence(basis: str) -> str:
    """The family rule's evidence with its noun: "1 of 2 differ" -> "1 of 2 rows differ", "2 of 2 differ" ->
    "both rows differ", "5 of 5 reproduced" -> "all 5 rows reproduced"."""
    parts = str(basis).split(" ", 3)
    if len(parts) < 4 or parts[1] != "of" or not (parts[0].isdigit() and parts[2].isdigit()):
        return str(basis)
    k, n, rest = int(parts[0]), int(parts[2]), parts[3]
    if k == n:
        return f"both rows {rest}" if n == 2 else f"all {n} rows {rest}"
    return f"{k} of {n} rows {rest}"


def _first_difference(claims: pd.DataFrame, fam) -> str:
    """ "; the paper says “0.6”, we measure 0.52 [0.50, 0.54] over 40 seeds": the numbers of a differing family's
    first differing finding (a list of family names with no number left the reader to open every notebook, a fresh reader of 99)."""
    from liarlab.study.notebook import ours_said, paper_said

    rows = claims[(claims["notebook"] == fam["notebook"]) & (claims["family"] == fam["family"])
                  & (claims["kind"] == "finding") & (claims["verdict"] == "differs")]
    if not len(rows):
        return ""
    row = rows.iloc[0]
    paper, ours = paper_said(row), ours_said(row)
    if not paper or not ours:
        return ""
    first = "" if len(rows) == 1 else "first differing row: "
    return f"; {first}the paper says “{paper}”, we measure {ours}"


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
            # the paper by its label, the notebook only where it is not the paper's own (notebook 00's rows), and
            # the rule's evidence in rows ("Paper 02 (notebook 02): ..., 1 of 2 differ" repeated both numbers
            # and left "of 2" without its noun, issue 50)
            where = f" (checked in notebook {f['notebook']})" if str(f["notebook"]) != str(f["paper"]) else ""
            # a dash and a semicolon, not colons: a family named "Bluff: ..." stacked three of them (scan_text)
            evidence = f"; {rows_evidence(f['basis'])}" if f["rows"] > 1 else ""
            lines.append(f"* {_paper_label(f['paper'])}{where} — *{f['family']}*"
                         f"{family_claim_words(claims, f)}{evidence}{_first_difference(claims, f)}")
        lines.append("")
    return "\n".join(lines).rstrip()


def _recomputed_verdict(low: float, high: float, lo: float, hi: float) -> str:
    """The protocol's interval rule, computed here: inside the allowed range reproduces, outside it differs."""
    if low <= lo and hi <= high:
        return "reproduced"
    if hi < low or lo > high:
        return "differs"
    return "inconclusive"


def worked_example_row(claims: pd.DataFrame):
    """The claim the worked example follows: a finding of a paper whose rule prints its allowed range and whose
    verdict the interval rule recomputes to the same answer; a headline row first, a differing one before an
    agreeing one (it shows the rule at work). None where no row qualifies."""
    papers = _papers(claims)
    rows = claims[claims["paper"].isin(papers) & (claims["kind"] == "finding")
                  & claims["verdict"].isin(["differs", "reproduced"])]
    picked = []
    for i, r in rows.iterrows():
        match = tables.ALLOWED_RANGE.match(str(r.get("rule") or ""))
        if match is None or sc.blank(r.get("ci_low")) or sc.blank(r.get("ci_high")) or sc.blank(r.get("n")):
            continue
        try:
            low, high, lo, hi = (float(x) for x in (match["low"], match["high"], r["ci_low"], r["ci_high"]))
        except (TypeError, ValueError):
            continue
        if _recomputed_verdict(low, high, lo, hi) != r["verdict"]:
            continue
        head = str(r.get("headline")).lower() == "true"
        picked.append((not head, r["verdict"] != "differs", i))
    return claims.loc[min(picked)[2]] if picked else None


def worked_example_markdown(claims: pd.DataFrame) -> str:
    """One claim followed from the paper's printed value to our verdict, every step computed from its claims row:
    the print, the allowed range the protocol reads it as, our measurement, the interval rule applied (recomputed
    here), the likeliest cause from its readings, and its family's verdict, which is what this page counts."""
    from liarlab.core.verdicts import CAUSES

    r = worked_example_row(claims)
    if r is None:
        return ""
    match = tables.ALLOWED_RANGE.match(str(r["rule"]))
    low, high, lo, hi = (float(x) for x in (match["low"], match["high"], r["ci_low"], r["ci_high"]))
    verdict = _recomputed_verdict(low, high, lo, hi)
    # the rule's own reading in words: "word 'almost all' (share)" -> "the word “almost all”, said of a share"
    reading = re.sub(r"^word '(.+)' \((\w+)\)$", r"the word “\1”, said of a \2", match["reading"].strip())
    reading = reading.replace("+-", "±")
    label = "interval" if sc.blank(r.get("interval")) else str(r["interval"])
    decimals = tables.rate_decimals(r["reproduced_value"], lo, hi)
    value, low_t, high_t = re.fullmatch(r"(.*) \[(.*), (.*)\]", tables.interval_text(
        r["reproduced_value"], lo, hi, decimals)).groups()
    said = answer.measured(r)
    if answer.share_count(r):   # a count of cases: its share and interval too, the numbers the rule compares
        # the range is what the rule compares; a point value printed alone (0.840 beside "20 of 25") read as an
        # arithmetic error (issue 50)
        mid = abs(float(r["reproduced_value"]) - (lo + hi) / 2) < 1e-9 if not sc.blank(r.get("reproduced_value")) \
            else False
        said += (f"; as a share, {low_t} to {high_t}, the {label} that the rule compares"
                 + (f" (the claims table prints its middle, {value})" if mid else ""))
    where = "lies inside" if verdict == "reproduced" else f"lies {'below' if hi < low else 'above'}"
    printed = answer.paper_says(tables.printed_text(r["paper_value"]))
    steps = [
        f"1. **The print.** {printed[:1].upper() + printed[1:]}, in paper {r['paper']} "
        f"({re.sub(r' [(]seed [0-9]+[)]', '', str(r['source']))}).",
        f"2. **The allowed range.** The protocol reads it as {reading}: any value from {number(low, 4)} to "
        f"{number(high, 4)} agrees with the paper (`docs/VERDICTS.md` fixes these ranges before any run).",
        f"3. **Our measurement.** {said[:1].upper() + said[1:]}.",
        f"4. **The rule.** Our whole interval, {low_t} to {high_t}, {where} the allowed range ({number(low, 4)} to "
        f"{number(high, 4)}), so the row **{verdict_word(verdict)}** (recomputed here from the row's numbers; "
        "the claims table says the same).",
    ]
    if verdict == "differs" and not sc.blank(r.get("cause")):
        tried = "" if sc.blank(r.get("readings")) else answer.readings_in_brief(r["readings"]).split(". The readings")[0] + ". "
        steps.append(f"5. **Why.** {tried}So the likeliest cause is {CAUSES.get(str(r['cause']), r['cause'])}.")
    fam = sc.family_line(claims, r)
    if fam is not None and fam["rows"] > 1:
        steps.append(f"{len(steps) + 1}. **What this page counts.** The row is one of the {fam['rows']} rows of the "
                     f"family *{claim_words(fam['family'])}*, judged together by the family rule: "
                     f"{family_words(pd.concat([fam, pd.Series({'split': _split(claims, r)})]))}. The counts "
                     "above count that family once.")
    head = (f"**A worked example: one claim from the paper's print to our verdict.** {_paper_label(r['paper'])}, "
            f"*{claim_words(r['claim'])}*.")
    return head + "\n\n" + "\n".join(steps)
