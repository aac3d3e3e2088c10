"""Each notebook's opening answer, generated from its claims table (never typed): the paper's question, our
answer in a sentence or two from the headline row, its number with the interval's label, why a differing or
undecided headline is so, and the count of the notebook's findings by verdict.

A notebook shows :func:`liarlab.study.notebook.answer_placeholder` right after its setup and fills it with
:func:`liarlab.study.notebook.fill_answer` once the claims table is built.
"""
from __future__ import annotations

import math

import pandas as pd

from liarlab.core.verdicts import CAUSES

_VERDICT_WORDS = {
    "reproduced": "reproduced",
    "differs": "not reproduced: our result differs",
    "inconclusive": "undecided: our sample cannot decide it",
    "not-reproducible": "not reproducible here",
    "extension": "our extension (the paper gives no value)",
}


def blank(v) -> bool:
    """A cell with no value: None, NaN, empty text (or the text 'nan' or 'None' a table may hold)."""
    return v is None or (isinstance(v, float) and math.isnan(v)) or str(v).strip() in ("", "nan", "None")


def number(v, digits: int = 3, decimals: int | None = None, missing: str = "") -> str:
    """A number for people, the one way the study writes one in prose (answers, the scorecard): integers as
    integers, with separators from 10,000 (``1400``, ``12,500``); other numbers to ``digits`` significant digits,
    or to ``decimals`` decimals when that shows more (a paper value printed to 4 decimals is compared at 4);
    infinity in words; text as is; ``missing`` for a blank."""
    if blank(v):
        return missing
    try:
        x = float(v)
    except (TypeError, ValueError):
        return str(v)
    if math.isinf(x):
        return "infinity" if x > 0 else "-infinity"
    if x.is_integer() and abs(x) < 1e15:
        return f"{int(x):,}" if abs(x) >= 10_000 else str(int(x))
    text = f"{x:.{digits}g}"
    if decimals is not None and "e" not in text:
        shown = len(text.split(".")[1]) if "." in text else 0
        if decimals > shown:
            text = f"{x:.{decimals}f}"
    return text


def measured(row) -> str:
    """Our value of a claims row in words: value, interval with its label, sample."""
    text = number(row.get("reproduced_value"))
    lo, hi = row.get("ci_low"), row.get("ci_high")
    if not blank(lo) and not blank(hi) and float(lo) != float(hi):
        label = row.get("interval") if not blank(row.get("interval")) else "interval"
        text += f" ({label}: {number(lo)} to {number(hi)})"
    if not blank(row.get("n")):
        text += f", {number(row.get('n'))} {row.get('unit') or ''}".rstrip()
    return text


def headline(claims: pd.DataFrame) -> pd.Series | None:
    """The notebook's headline row (the one flagged ``headline``), or None."""
    if "headline" in claims.columns:
        flagged = claims[claims["headline"].fillna(False).astype(bool)]
        if len(flagged):
            return flagged.iloc[0]
    rows = claims.attrs.get("headline_rows") or []   # what outputs.save_claims returns
    return claims.iloc[rows[0]] if rows else None


def finding_counts(claims: pd.DataFrame) -> dict:
    """Rows of kind ``finding`` by verdict, differing ones by cause, weak agreements and extensions apart."""
    f = claims[claims["kind"] == "finding"]
    flags = f["flags"].fillna("").astype(str) if "flags" in f.columns else pd.Series("", index=f.index)
    differs = f[f["verdict"] == "differs"]
    causes = differs["cause"].fillna("").astype(str) if "cause" in differs.columns else pd.Series(dtype=str)
    return {
        "reproduced": int((f["verdict"] == "reproduced").sum()),
        "weak": int(((f["verdict"] == "reproduced") & flags.str.contains("weak")).sum()),
        "differs": int(len(differs)),
        "by_cause": {c: int((causes == c).sum()) for c in CAUSES if (causes == c).any()},
        "inconclusive": int((f["verdict"] == "inconclusive").sum()),
        "not-reproducible": int((f["verdict"] == "not-reproducible").sum()),
        "extension": int((claims["verdict"] == "extension").sum()),
    }


def _checks_sentence(claims: pd.DataFrame) -> str:
    """For a notebook whose rows check the paper's arithmetic and our code, not findings."""
    parts = []
    for kind, what in (("arithmetic", "checks of the paper's own numbers"), ("check", "checks of our code")):
        rows = claims[claims["kind"] == kind]
        if len(rows):
            agree, differ = int((rows["verdict"] == "reproduced").sum()), int((rows["verdict"] == "differs").sum())
            parts.append(f"{len(rows)} {what} ({agree} agree, {differ} differ)")
    return "This notebook has no experimental findings of a paper: its rows are " + " and ".join(parts) + "."


def counts_sentence(claims: pd.DataFrame) -> str:
    c = finding_counts(claims)
    judged = c["reproduced"] + c["differs"] + c["inconclusive"]
    if judged == 0 and c["not-reproducible"] == 0:
        return _checks_sentence(claims)
    parts = [f"{c['reproduced']} reproduced" + (f" ({c['weak']} of them weakly: a band wider than +-10 %)"
                                                 if c["weak"] else "")]
    if c["differs"]:
        why = ", ".join(f"{n} {cause}" for cause, n in c["by_cause"].items())
        parts.append(f"{c['differs']} differ" + (f" (likeliest cause: {why})" if why else ""))
    parts.append(f"{c['inconclusive']} undecided")
    text = f"Of its {judged} judged findings (claims rows of the paper): " + ", ".join(parts) + "."
    extra = []
    if c["not-reproducible"]:
        extra.append(f"{c['not-reproducible']} not reproducible")
    if c["extension"]:
        extra.append(f"{c['extension']} extension rows of ours (counted apart)")
    if extra:
        text += " Besides: " + "; ".join(extra) + "."
    return text


def answer_paragraph(claims: pd.DataFrame, question: str, *, quantity: str | None = None,
                     second: str | None = None) -> str:
    """The opening answer in markdown, from the claims table alone. ``quantity`` names the headline's number;
    ``second`` is the claim text of the row reported as the second main result."""
    lines = [f"**The question.** {question}"]
    row = headline(claims)
    if row is None:
        lines.append("**Our answer.** No headline claim is flagged in this notebook's claims table.")
    else:
        verdict = str(row.get("verdict"))
        text = str(row["claim"])
        answer = f"**Our answer.** {text[:1].upper() + text[1:]}: {_VERDICT_WORDS.get(verdict, verdict)}."
        ours = measured(row)
        if ours:
            answer += f" We measure {ours}"
            if not blank(row.get("paper_value")):
                answer += f"; the paper: {row['paper_value']}"
            answer += "."
        if verdict == "differs":
            cause = str(row.get("cause") or "")
            if cause in CAUSES:
                answer += f" Likeliest cause: {CAUSES[cause]}."
            if not blank(row.get("readings")):
                answer += f" Readings tried: {row['readings']}"
                answer += "" if str(row["readings"]).rstrip().endswith(".") else "."
        elif verdict in ("inconclusive", "not-reproducible") and not blank(row.get("note")):
            answer += f" Why: {str(row['note']).rstrip('.')}."
        flags = str(row.get("flags") or "")
        if flags:
            answer += f" Flags: {flags}."
        lines.append(answer)
    lines.append(counts_sentence(claims) + " The whole claims table and its rules are at the end of this notebook.")
    return "\n\n".join(lines)
