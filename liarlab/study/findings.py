"""The findings a claims table leaves open, in prose: each differing or undecided finding named with the paper's
value, ours, which sample carries the verdict, and why (its likeliest cause, or what would decide it); and the
finding rows counted in the page's words. Paper-independent: it reads only the claims table's columns (moved from
notebook 03's claims, issue 48).
"""
from __future__ import annotations

import re

import pandas as pd

from liarlab.core import verdicts as V
from liarlab.study import answer, tables
from liarlab.study.answer import _interval_words, _top_level_items, blank, claim_words, measured, number, share_count

__all__ = ["VERDICT_WORDS", "open_findings", "finding_counts_view", "measured_at"]

#: The verdicts as the page says them (:func:`liarlab.study.answer.verdict_word`; "differ" said of several findings).
VERDICT_WORDS = {v: answer.verdict_word(v, many=v == "differs")
                 for v in ("reproduced", "differs", "inconclusive", "not-reproducible", "extension")}

_CAPPED = re.compile(r"still undecided at the cap of ([\d,]+): no affordable sample decides it \(it would need "
                     r"about ([\d,]+) (\w+)\)")


def _why_undecided(note: str) -> str:
    """What would decide an undecided row, in a sentence, from its note's plan (the verdict protocol's words,
    "no sample decides it: the estimate sits on the band's edge: no sample size decides it", said it twice,
    issue 50)."""
    out = []
    for part in (p.strip() for p in _top_level_items(note)):
        if (m := _CAPPED.fullmatch(part)):
            out.append(f"Deciding it would take about {m.group(2)} {m.group(3)}, more than this profile's cap of "
                       f"{m.group(1)}")
        elif part.startswith("no sample decides it: "):
            reason = part.removeprefix("no sample decides it: ").removesuffix(": no sample size decides it")
            out.append(f"No sample size decides it: {reason}")
        elif part.startswith(("about ", "two-stage plan", "a fresh sample")):
            out.append(part[0].upper() + part[1:])
    return ". ".join(out)


def _fixed(v, decimals: int) -> str:
    text = f"{float(v):,.{decimals}f}"
    return text[1:] if text.startswith("-") and set(text[1:]) <= set("0.,") else text   # never "-0.00"


def measured_at(row, decimals: int | None = None) -> str:
    """:func:`liarlab.study.answer.measured`, its value and interval written at ``decimals`` decimals alike when
    given (a quantity a page writes at one precision wherever it stands, as notebook 03's r, issue 50)."""
    text = measured(row)
    if decimals is None or share_count(row) or blank(row.get("ci_low")) or blank(row.get("ci_high")) \
            or float(row["ci_low"]) == float(row["ci_high"]):
        return text
    value, low, high = _interval_words(row["reproduced_value"], row["ci_low"], row["ci_high"])
    x, lo, hi = (_fixed(row[k], decimals) for k in ("reproduced_value", "ci_low", "ci_high"))
    return x + text[len(value):].replace(f": {low} to {high})", f": {lo} to {hi})", 1).replace(
        f" ({low} to {high})", f" ({lo} to {hi})", 1)


def _pilot_words(r, decimals: int | None = None) -> str:
    """A two-stage row's pilot beside the confirmatory sample its verdict rests on (a page gave r(Est., DD) as
    0.752 here and 0.459 there without saying which one carried the verdict, issue 50)."""
    if pd.isna(r.get("pilot_value")):
        return ""
    pilot = tables.cell_text(r.pilot_value) if decimals is None else _fixed(r.pilot_value, decimals)
    if pd.notna(r.get("pilot_ci_low")) and pd.notna(r.get("pilot_ci_high")):
        cells = (r.pilot_value, r.pilot_ci_low, r.pilot_ci_high)
        m = re.fullmatch(r"(.*) \[(.*), (.*)\]", tables.interval_text(*cells, tables.rate_decimals(*cells)) if decimals is None
                         else "{} [{}, {}]".format(*(_fixed(v, decimals) for v in cells)))
        pilot = f"{m.group(1)} ({m.group(2)} to {m.group(3)})" if m else pilot   # as the value above is written
    unit = "" if pd.isna(r.get("unit")) else f" {r.unit}"
    size = f" on {number(r.pilot_n)}{unit}" if pd.notna(r.get("pilot_n")) else ""
    return (f"The verdict rests on a fresh confirmatory sample (the value above); the pilot gave {pilot}{size}, "
            "undecided too")


def open_findings(claims: pd.DataFrame, paper: str = "The paper", decimals: dict | None = None) -> str:
    """Markdown bullets naming every differing and every undecided finding of the claims table: the claim, the
    value ``paper`` printed ("The thesis"), ours as the answer writes it (value and interval at the same decimals,
    the interval's label, the sample), which sample carries the verdict, and why (the likeliest cause, or what
    would decide it). ``decimals``: claim text -> the decimals its numbers are written at (:func:`measured_at`)."""
    f = claims[claims.kind == "finding"]
    lines = []
    for verdict, word in (("differs", "Differs"), ("inconclusive", "Undecided")):
        for _, r in f[f.verdict == verdict].iterrows():
            places = (decimals or {}).get(r.claim)
            ours, printed = measured_at(r, places), tables.printed_text(r.paper_value)
            try:
                value = float(str(r.paper_value))   # a word ("rarely") raises: said as a word below
                printed = printed if places is None else _fixed(value, places)
                values = f"{paper} {printed}; ours {ours}."
            except ValueError:   # a word ("rarely"): say what our number measures beside it
                what = next((p.strip().removeprefix("value: ") for p in _top_level_items(str(r.note))
                             if p.strip().startswith("value: ")), "")
                values = f"{paper} says \"{printed}\"; " + (f"we measure {what}: {ours}." if what else f"ours {ours}.")
            if verdict == "differs":
                # a cause in words may itself hold a colon ("not settled: ..."): a verb keeps colons from stacking
                why = f"The likeliest cause is {V.CAUSES.get(r.cause, r.cause)}"
                if isinstance(r["flags"], str) and r["flags"]:
                    why += f" ({r['flags']})"
            else:
                why = ". ".join(x for x in (_pilot_words(r, places), _why_undecided(str(r.note))) if x)
            # the claim as prose quotes it (its label set off by a dash), then the values in their own sentence:
            # "Undecided: Fig 3-13 opening: E for C trump: the thesis 6.8, ..." ran four labels together (issue 50)
            lines.append(f"* **{word}.** {claim_words(r.claim)}. {values}" + (f" {why}." if why else ""))
    return "\n".join(lines) if lines else "* No finding differs or is undecided."


def finding_counts_view(claims: pd.DataFrame) -> pd.DataFrame:
    """The finding rows by verdict, in the page's words (a table beside the claims said "inconclusive" and
    "not-reproducible" where the answer says undecided, issue 50). Our extension rows are counted apart, as the
    answer counts them (02's table listed "extension 17" among its finding rows)."""
    counts = claims[(claims.kind == "finding") & (claims.verdict != "extension")].verdict.value_counts()
    words = {**VERDICT_WORDS, "differs": "differs"}
    return counts.rename(index=lambda v: words.get(v, v)).rename("finding rows").rename_axis("verdict").to_frame()
