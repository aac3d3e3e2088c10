"""Each notebook's opening answer, generated from its claims table (never typed): the paper's question, our
answer in a sentence or two from the headline row, its number with the interval's label, why a differing or
undecided headline is so, and the count of the notebook's findings by verdict.

A notebook shows :func:`liarlab.study.notebook.answer_placeholder` right after its setup and fills it with
:func:`liarlab.study.notebook.fill_answer` once the claims table is built.
"""
from __future__ import annotations

import math
import re

import pandas as pd

from liarlab.core.verdicts import CAUSES

# A verdict as a clause a sentence can carry, the one way generated prose says a verdict in words ("(verdict:
# differs)" after a finding read as a form's field, issue 50): "The first player stays favoured for every N up to
# 100 (we reproduce this)".
VERDICT_CLAUSES = {
    "reproduced": "we reproduce this",
    "differs": "we do not reproduce this",
    "inconclusive": "our sample cannot decide this yet",
    "not-reproducible": "this cannot be reproduced here",
    "extension": "our own claim, which no paper makes",
}


def verdict_clause(verdict) -> str:
    """A verdict code in words, as a clause ("differs" -> "we do not reproduce this"); an unknown one as it is."""
    return VERDICT_CLAUSES.get(str(verdict), str(verdict))


def blank(v) -> bool:
    """A cell with no value: None, NaN, empty text (or the text 'nan' or 'None' a table may hold)."""
    return v is None or (isinstance(v, float) and math.isnan(v)) or str(v).strip() in ("", "nan", "None")


#: the verdicts as the pages say them: "undecided", not the CSV's "inconclusive" (issue 50)
_PAGE_VERDICTS = {"inconclusive": "undecided", "not-reproducible": "not reproducible here", "extension": "our extension"}
_SAID_OF_MANY = {"differs": "differ", "our extension": "our extensions"}


def verdict_word(verdict, many: bool = False) -> str:
    """A verdict as the page says it ("inconclusive" -> "undecided"); ``many``: said of several ("differ")."""
    word = _PAGE_VERDICTS.get(str(verdict), str(verdict))
    return _SAID_OF_MANY.get(word, word) if many else word


def number(v, digits: int = 3, decimals: int | None = None, missing: str = "") -> str:
    """A number for people, the one way the study writes one in prose (answers, the scorecard): integers as
    integers, with thousands separators (``1,400``, ``12,500``: the tables write them so, and a page that wrote
    "1800 boards" beside a table's "1,800" read as two styles, issue 50); other numbers to ``digits`` significant digits,
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
        return f"{int(x):,}"
    text = f"{x:.{digits}g}"
    if decimals is not None and "e" not in text:
        shown = len(text.split(".")[1]) if "." in text else 0
        if decimals > shown:
            text = f"{x:.{decimals}f}"
    return text


def plural(n, one: str, many: str | None = None) -> str:
    """``n`` and the word agreeing with it: "1 type", "3 types", "1 misprint" (``number`` writes ``n``)."""
    return f"{number(n)} {one if int(n) == 1 else (many or one + 's')}"


def _verb(n: int, one: str, many: str) -> str:
    """A count with a verb that agrees: "1 differs", "3 differ"."""
    return f"{number(n)} {one if n == 1 else many}"


# What each flag of a claims row means, said in words where it first appears in a paragraph.
FLAG_WORDS = {
    "same direction": "our value differs on the same side of the no-effect value as the paper's: a wrong size, "
                      "not a wrong sign",
    "weak": "it agrees only within a band wider than ±10 % of the quantity's range, which carries little evidence",
    "knife-edge": "the interval touches the edge of the allowed range, so a slightly different sample could flip "
                  "the verdict",
    "undecidable": "no sample size can decide it at this precision",
    "agrees by selection": "it was judged under a reading chosen for its agreement with the paper",
}
# The same flag on a row that does not reproduce: "Note: agrees by selection (it was judged under a reading chosen
# for its agreement with the paper)" beside an undecided verdict read as a contradiction (issue 50, a fresh reader
# of 02): the reading was chosen on the paper's other statements, and this row still does not agree.
FLAG_WORDS_NOT_AGREEING = {
    "agrees by selection": "it was judged under a reading chosen because it agrees with more of the paper's "
                           "statements; this row itself {verdict}",
}
_ROW_ITSELF = {"differs": "differs", "inconclusive": "is undecided"}


_PRINTED_SYMBOL = re.compile(r"[<>≤≥=~]")


def paper_says(printed: str) -> str:
    """The paper's value as prose gives it: "the paper gives 0.5", but a value printed with a symbol in quotation
    marks, as the paper prints it ("the paper prints “almost all > 50%”"): "the paper gives almost all > 50%" pasted
    a table's symbol into a sentence (issue 50)."""
    printed = str(printed).strip()
    if _PRINTED_SYMBOL.search(printed):
        return f"the paper prints “{printed}”"
    return f"the paper gives {printed}"


def _paper_value(v) -> str:
    """The paper's value as printed (text kept as the paper prints it; a float a table turned into 1.44e+02 or
    144.0 written by :func:`number`)."""
    if blank(v):
        return ""
    text = str(v).strip()
    try:
        x = float(text)
    except ValueError:
        return text
    if not isinstance(v, str) or "e" in text.lower() or (x.is_integer() and "." in text):
        return number(x)
    return text


#: The interval label of a share of cases (``verdicts.share``): its bounds count the undecided cases out and in.
SHARE_OF_CASES = "range over undecided cases"


def _every_case(row) -> str | None:
    """A paper's "all ..." finding measured exactly as the share 1 of its ``n`` cases, as the count it stands for:
    "3 of 3 types", not "1, exact" (01's Figs 5.6-5.8, issue 50); None for any other row."""
    try:
        value, lo, hi, n = (float(row.get(k)) for k in ("reproduced_value", "ci_low", "ci_high", "n"))
    except (TypeError, ValueError):
        return None
    unit = "" if blank(row.get("unit")) else str(row["unit"]).strip()
    if str(row.get("kind")) != "finding" or str(row.get("verdict")) == "extension" or unit in ("", "exact") \
            or not str(row.get("paper_value")).strip().lower().startswith("all") or not value == lo == hi == 1.0 \
            or n != int(n) or n < 2:
        return None
    return f"{number(int(n))} of {number(int(n))} {unit}"


def share_count(row) -> str | None:
    """A share of cases (``verdicts.share``) as the counts it stands for: "1 of 32 types (1 to 7 counting the 6
    undecided)", the decided cases first and the range the undecided ones leave; None for any other row. A share
    written 0.125 (range 0.0312 to 0.219) hid that it counts types (issue 50, notebook 01)."""
    every = _every_case(row)
    if every:
        return every
    if str(row.get("interval")) != SHARE_OF_CASES or blank(row.get("n")) or blank(row.get("ci_low")) \
            or blank(row.get("ci_high")):
        return None
    m = int(round(float(row["n"])))
    low, high = int(round(float(row["ci_low"]) * m)), int(round(float(row["ci_high"]) * m))
    unit = "" if blank(row.get("unit")) else f" {row['unit']}"
    text = f"{number(low)} of {number(m)}{unit}"
    return text + (f" ({number(low)} to {number(high)} counting the {number(high - low)} undecided)" if high > low
                   else "")


# A claims row whose number is a share of games but whose words count points (a difference of win rates: "5-10
# points", "(0.01 = 1 point)", "per personality (points)"): the page shows it in points, as the claim says it, not
# as the share 0.05 where "5 points" is meant (issue 50: 01's network rows, 04's baselines).
_POINTS_WORDS = re.compile(r"\bpoints?\b")
_POINT_SCALE = re.compile(r"\(0\.01 = 1 point\)|0\.01 is one (?:percentage )?point")
_DIFFERENCE_WORDS = re.compile(r"\b(?:minus|wins more|beats|gain|worth|difference)\b")


def in_points(row, quantity: str | None = None) -> bool:
    """Whether ``row``'s value is best said in points (hundredths of a share of games): the claim's own words or
    the paper's value count points, or the note (or ``quantity``) gives the point scale ("0.01 = 1 point"), or the
    note lists its cases in points and the claim is a difference ("the learner wins more than ..."); and the value
    and interval are shares (within -1..1). A count of cases (:func:`share_count`) says its counts instead; a note
    that merely mentions points ("a half-width of ±33 points") does not make its value a count of points."""
    if share_count(row) is not None:
        return False
    claim = " ".join(str(row.get(k) or "") for k in ("claim", "paper_value"))
    note = str(row.get("note") or "") + " " + str(quantity or "")
    if not (_POINTS_WORDS.search(claim) or _POINT_SCALE.search(note)
            or ("(points)" in note and _DIFFERENCE_WORDS.search(claim))):
        return False
    values = [row.get(k) for k in ("reproduced_value", "ci_low", "ci_high")]
    try:
        numbers_ = [float(v) for v in values if not blank(v)]
    except (TypeError, ValueError):
        return False
    return bool(numbers_) and not blank(values[0]) and all(abs(x) <= 1 for x in numbers_)


def points_text(value, lo=None, hi=None) -> str:
    """A share of games in points with a sign, its interval (if any) to the same decimals: "-5.3 [-5.7, -4.9]
    points", "+19.5 points"."""
    from liarlab.study import tables

    x = 100 * float(value)
    if blank(lo) or blank(hi) or float(lo) == float(hi):
        text = tables.plain(round(x, 1))
        return ("+" + text if x > 0 else text) + " points"
    text = tables.interval_text(x, 100 * float(lo), 100 * float(hi))
    # a difference shows its sign on every end: "-5.3 [-5.7, +1.2]"
    return re.sub(r"(?<![\d.,+-])(?=[1-9]|0\.\d*[1-9])", "+", text) + " points"


def without_point_scale(text: str) -> str:
    """A note's "what the value is" without the words that only said its scale (shown in points already)."""
    text = re.sub(r",?\s*as a share of games \(0\.01 = 1 point\)", "", text)
    return re.sub(r"\s*\((?:0\.01 = 1 point|0\.01 is one (?:percentage )?point)\)", "", text).strip()


_PERCENT_WORDS = re.compile(r"%")
_VALUE_IS_INDEX = re.compile(r"\bN\s?=\s?\d+ gives\b")   # "N=4 gives the smallest gap ... win %": its value is N


def in_percent(row) -> bool:
    """Whether ``row``'s value is a percentage (0-100) that the page should mark with "%": the claim, the paper's
    value or the note speaks in % ("first-player win %", "> 50%", "value is the minimum win % over N"), the value
    lies in (1, 100], and the claim does not name an index as its value ("N=4 gives the smallest gap ..."). "63.53,
    exact" beside a paper's "> 50%" left the unit to guess (issue 50, a fresh reader)."""
    if share_count(row) is not None or in_points(row):
        return False
    try:
        x = float(row.get("reproduced_value"))
    except (TypeError, ValueError):
        return False
    # the note only where it says the value is a win % (a note's "95 %" is about an interval, not the value)
    text = " ".join("" if blank(row.get(k)) else str(row.get(k)) for k in ("claim", "paper_value")) + (
        " %" if re.search(r"\bwin %", "" if blank(row.get("note")) else str(row.get("note"))) else "")
    return 1 < abs(x) <= 100 and bool(_PERCENT_WORDS.search(text)) and not _VALUE_IS_INDEX.search(
        str(row.get("claim") or ""))


def with_percent(text: str) -> str:
    """``text`` with "%" after its leading number: "63.53, exact" -> "63.53 %, exact", "61.2 [60.1, 62.3]" ->
    "61.2 % [60.1, 62.3]"."""
    return re.sub(r"^([-+]?[\d,]*\.?\d+)", r"\1 %", text, count=1)


def sample_words(row) -> str:
    """A claims row's sample in words after our value ("over 1,800 boards", "over 10 seeds", "for a single
    player"), or "" where it has none to say: no ``n``, a count of cases (the value says its count), or a unit
    "exact"."""
    n, unit = row.get("n"), row.get("unit")
    if blank(n) or blank(unit) or str(unit) == "exact" or share_count(row) is not None:
        return ""
    unit = str(unit)
    try:
        k = float(n)
    except (TypeError, ValueError):
        return ""
    if k == 1:   # "for a single player", not "over 1 player" (a count of one is no sample to average over)
        return f"for a single {unit[:-1] if unit.endswith('s') and not unit.endswith('ss') else unit}"
    return f"over {number(k)} {unit}"


def _interval_words(value, lo, hi) -> tuple[str, str, str]:
    """A value and its interval's ends to the same decimals, as the claims summary writes them
    (:func:`liarlab.study.tables.interval_text`), so the first screen and the summary show one number once ("0.84
    (0.8 to 0.88)" beside "0.840 [0.800, 0.880]" read as two precisions, issue 50)."""
    from liarlab.study import tables

    match = re.fullmatch(r"(.*) \[(.*), (.*)\]",
                         tables.interval_text(value, lo, hi, tables.rate_decimals(value, lo, hi)))
    if match is None:
        return number(value), number(lo), number(hi)
    return match.group(1), match.group(2), match.group(3)


def measured(row, quantity: str | None = None) -> str:
    """Our value of a claims row in words: value, interval with its label, sample. The value is written as the
    claims summary writes it (one precision on the page), a share of cases as its counts (:func:`share_count`); the
    interval's label is left out where ``quantity`` (what the number is) already says what its interval is, so the
    page does not announce it twice."""
    from liarlab.study import tables

    counts = share_count(row)
    if counts:
        return counts
    value = row.get("reproduced_value")
    text = tables.cell_text(value) if not blank(value) else ""
    lo, hi = row.get("ci_low"), row.get("ci_high")
    points = in_points(row, quantity)
    percent = in_percent(row)
    if points:
        text = points_text(value)
    if not blank(lo) and not blank(hi) and float(lo) != float(hi):
        label = row.get("interval") if not blank(row.get("interval")) else "interval"
        text, low, high = _interval_words(value, lo, hi)
        if points:
            text, low, high = re.fullmatch(r"(.*) \[(.*), (.*)\] points", points_text(value, lo, hi)).groups()
            text, high = text + " points", high
        text = with_percent(text) if percent else text
        said = quantity is not None and re.search(r"\binterval\b", str(quantity))
        # a level other than 95 % is said even where the quantity names its interval: "0.610 (0.488 to 0.732)"
        # left a reader guessing the 98.75 % (issue 50, notebook 02)
        level = re.match(r"((\d+(?:\.\d+)?) ?%[^:;(]*?)(?: for\b|$)", str(label))
        if said and level and float(level[2]) != 95:
            text += f" ({level[1].strip()}: {low} to {high})"
        else:
            text += f" ({low} to {high})" if said else f" ({label}: {low} to {high})"
        exact = False
    else:   # nothing sampled: the reader is told so, as the claims summary tells them
        text = with_percent(text) if percent else text
        exact = str(row.get("unit")) == "exact" or (not blank(lo) and not blank(hi))
    sample = sample_words(row)
    text += f" {sample}" if sample else ""
    return text + (" (exact)" if exact else "")


def headline(claims: pd.DataFrame) -> pd.Series | None:
    """The notebook's headline row (the one flagged ``headline``), or None."""
    if "headline" in claims.columns:
        flagged = claims[claims["headline"].fillna(False).astype(bool)]
        if len(flagged):
            return flagged.iloc[0]
    rows = claims.attrs.get("headline_rows") or []   # what outputs.save_claims returns
    return claims.iloc[rows[0]] if rows else None


def _causes(rows: pd.DataFrame) -> dict:
    causes = rows["cause"].fillna("").astype(str) if "cause" in rows.columns else pd.Series("", index=rows.index)
    return {c: int((causes == c).sum()) for c in CAUSES if (causes == c).any()}


def finding_counts(claims: pd.DataFrame) -> dict:
    """Rows of kind ``finding`` by verdict, differing ones by cause, weak agreements apart; ``extension`` counts
    the extension rows of every kind (ours: never a finding, whatever its kind), as notebook 99 counts them."""
    f = claims[claims["kind"] == "finding"]
    flags = f["flags"].fillna("").astype(str) if "flags" in f.columns else pd.Series("", index=f.index)
    differs = f[f["verdict"] == "differs"]
    return {
        "reproduced": int((f["verdict"] == "reproduced").sum()),
        "weak": int(((f["verdict"] == "reproduced") & flags.str.contains("weak")).sum()),
        "differs": int(len(differs)),
        "by_cause": _causes(differs),
        "inconclusive": int((f["verdict"] == "inconclusive").sum()),
        "not-reproducible": int((f["verdict"] == "not-reproducible").sum()),
        "extension": int((claims["verdict"] == "extension").sum()),
    }


# Each cause as a noun phrase a count can stand beside ("a misprint for 2").
_CAUSE_NOUNS = {"cause not given": "no cause given", "misprint": "a misprint", "reading": "a reading of the paper", "power": "too little power",
                "genuine": "a genuine difference", "untested": "a reading not yet run"}


def cause_words(cause) -> str:
    """A cause code in words, as a table cell or a sentence says it ("untested" -> "a reading not yet run"); an
    unknown one as it is."""
    return _CAUSE_NOUNS.get(str(cause), str(cause))


def causes_phrase(by_cause: dict) -> str:
    """The likeliest causes of some differing rows, as an author says them after their count: "likeliest cause a
    misprint" (one cause: its count is the count already said), "likeliest cause a genuine difference in 5 of them,
    a reading not yet run in 2 and too little power in 1" (commonest first); "" for none. "a misprint for 3" and "a
    reading not yet run for 1" read as a form filled in (issue 50, fresh readers)."""
    known = {c: int(n) for c, n in by_cause.items() if int(n)}
    if not known:
        return ""
    if len(known) == 1:
        return f"likeliest cause {cause_words(next(iter(known)))}"
    ranked = sorted(known.items(), key=lambda kv: -kv[1])
    said = [f"{cause_words(c)} in {number(n)}" + (" of them" if i == 0 else "") for i, (c, n) in enumerate(ranked)]
    return f"likeliest cause {and_list(said)}"


def _kind_sentence(rows: pd.DataFrame, what: tuple[str, str]) -> str:
    """"76 checks of the paper's own numbers (73 agree, 3 differ: 2 misprints, 1 reading)": every row of the kind
    that is not an extension is accounted for, whatever its verdict (extensions are counted apart, as notebook 99
    counts them)."""
    rows = rows[rows["verdict"].astype(str) != "extension"]
    verdicts = rows["verdict"].astype(str)
    parts = []
    agree = int((verdicts == "reproduced").sum())
    if agree:
        parts.append(_verb(agree, "agrees", "agree"))
    differ = rows[verdicts == "differs"]
    if len(differ):
        why = causes_phrase(_causes(differ))
        parts.append(_verb(len(differ), "differs", "differ") + (f", {why}" if why else ""))
    for verdict, word in (("inconclusive", "undecided"), ("not-reproducible", "not reproducible")):
        k = int((verdicts == verdict).sum())
        if k:
            parts.append(f"{number(k)} {word}")
    other = sorted(set(verdicts) - {"reproduced", "differs", "inconclusive", "not-reproducible"})
    parts += [f"{number(int((verdicts == v).sum()))} {v}" for v in other]
    return f"{plural(len(rows), *what)} (" + ", ".join(parts) + ")"


_KIND_WORDS = {"arithmetic": ("check of the paper's own numbers", "checks of the paper's own numbers"),
               "check": ("check of our code", "checks of our code")}


def _summary_rows(rows: pd.DataFrame) -> pd.Series:
    """Headline rows that sum up the other rows of their kind (their n is the count of the others, as 00's "72 of
    75 printed numbers" row): counted apart, so the page says one count of the printed numbers, not 72/75 beside
    73/76 (issue 50)."""
    judged = rows["verdict"].astype(str) != "extension"
    head = rows["headline"].astype(str).str.lower().eq("true") if "headline" in rows else judged & False
    n = pd.to_numeric(rows["n"], errors="coerce") if "n" in rows else pd.Series(float("nan"), index=rows.index)
    return judged & head & (n == int(judged.sum()) - 1)


#: What a row of kind ``check`` is (docs/VERDICTS.md, "Findings and what is not one"; issue 49): (key, one, many,
#: phrases its note or rule carries). A check row says what it is in words; the first kind whose phrase it carries
#: names it, and a row carrying none is a check of our code (a simulation against an exact value, a cross-check of
#: two engines).
CHECK_KINDS = (
    ("example", "paper's illustrative example", "paper's illustrative examples",
     ("paper's own illustrative example",)),
    ("restated", "restated fact", "restated facts", ("restates the finding",)),
    ("construction", "property true by construction", "properties true by construction",
     ("true by construction", "by symmetry", "any two optimal strategies")),
    ("code", "check of our code", "checks of our code", ()),
)


def check_kind(row) -> str:
    """The kind of a ``check`` row (:data:`CHECK_KINDS`): "example", "restated", "construction" or "code" (a blank
    note or rule reads as empty)."""
    note, rule = row.get("note"), row.get("rule")
    text = f"{'' if blank(note) else note} {'' if blank(rule) else rule}"
    return next(key for key, _, _, phrases in CHECK_KINDS if not phrases or any(p in text for p in phrases))


def check_kinds(rows: pd.DataFrame) -> pd.Series:
    """:func:`check_kind` of every row of ``rows``, on their index (the one way a table's check rows are sorted by
    what they are: the answer, the scorecard and its overview all call it)."""
    return pd.Series([check_kind(r) for r in rows[[c for c in ("note", "rule") if c in rows]].to_dict("records")],
                     index=rows.index, dtype=object)


def _check_groups(claims: pd.DataFrame):
    """The rows that are not findings, by what they are: ``(rows, (one, many), summed)`` for the paper's own numbers,
    then each kind of check row by what it is (a paper's illustrative example, a restated fact, a property true by
    construction, a check of our code: :func:`check_kind`), so that 04's 343-of-500 example is never "a check of our
    code" (issue 49). ``summed``: some of the kind's rows are summed up in the headline row (and left out here). A
    kind whose only rows are extensions is counted with the extensions, not here (04 said "0 checks of our code
    ()" for its one extension check)."""
    for kind, what in _KIND_WORDS.items():
        rows = claims[claims["kind"] == kind]
        if not (rows["verdict"] != "extension").any():
            continue
        summary = _summary_rows(rows)
        summed, rows = bool(summary.any()), rows[~summary]
        if kind != "check":
            yield rows, what, summed
            continue
        kinds = check_kinds(rows)
        judged = rows["verdict"] != "extension"
        for key, one, many, _ in CHECK_KINDS:
            if ((kinds == key) & judged).any():
                yield rows[kinds == key], ((one, many) if key != "code" else what), summed


def _checks_parts(claims: pd.DataFrame) -> list[str]:
    """:func:`_check_groups` counted, each as its count and verdicts."""
    parts = []
    for rows, what, summed in _check_groups(claims):
        if summed and what in _KIND_WORDS.values():   # the kind's own words (not a sub-kind of check) say it
            what = tuple(w + ", summed up in the headline row" for w in what)
        parts.append(_kind_sentence(rows, what))
    return parts


def _check_phrase(rows: pd.DataFrame, what: tuple[str, str]) -> str:
    """One kind of check row in a clause as an author writes it: "all 6 checks of the paper's own numbers agree",
    "one check of our code agrees", "the paper's illustrative example differs"; a mixed kind as its count and split
    ("of the 44 checks of the paper's own numbers, 41 agree and 3 differ (likeliest cause a misprint)")."""
    rows = rows[rows["verdict"].astype(str) != "extension"]
    n = len(rows)
    one, many = what
    if n == 1:
        named = f"the {one}" if one.startswith("paper's") else f"one {one}"
        verdict = str(rows["verdict"].iloc[0])
        verb = {"reproduced": "agrees", "differs": "differs", "inconclusive": "is undecided",
                "not-reproducible": "is not reproducible"}.get(verdict, verdict)
        why = causes_phrase(_causes(rows)) if verdict == "differs" else ""
        return f"{named} {verb}" + (f" ({why})" if why else "")
    if (rows["verdict"].astype(str) == "reproduced").all():
        of = "of the " if many.startswith("paper's") else ""   # "all 12 of the paper's illustrative examples"
        return f"both {of}{many} agree" if n == 2 else f"all {number(n)} {of}{many} agree"
    # "of the 44 checks of the paper's own numbers, 41 agree and 3 differ (likeliest cause a misprint)": no colon
    # of its own, so a sentence holding two such clauses has no stacked colons (issue 50, the lead's list)
    verdicts = rows["verdict"].astype(str)
    parts = []
    for verdict, one_word, many_word in (("reproduced", "agrees", "agree"), ("differs", "differs", "differ"),
                                         ("inconclusive", "is undecided", "are undecided"),
                                         ("not-reproducible", "is not reproducible", "are not reproducible")):
        k = int((verdicts == verdict).sum())
        if k:
            why = causes_phrase(_causes(rows[verdicts == verdict])) if verdict == "differs" else ""
            parts.append(_verb(k, one_word, many_word) + (f" ({why})" if why else ""))
    of = "" if many.startswith("paper's") else "the "   # "of the paper's 2 examples", "of the 44 checks"
    return f"of {of}{number(n)} {many}, {and_list(parts)}"


def _checks_clauses(claims: pd.DataFrame) -> list[str]:
    """:func:`_checks_parts` as clauses of a sentence (:func:`_check_phrase`), in the same order."""
    return [_check_phrase(rows, what) for rows, what, _ in _check_groups(claims)]


def _besides_sentences(claims: pd.DataFrame, not_reproducible: int) -> str:
    """What a findings notebook holds besides its judged findings, in sentences: "Nine further findings cannot be
    reproduced here, and our own extensions add 11 rows, counted apart. Beyond the findings, all 6 checks of the
    paper's own numbers agree and one check of our code agrees." ("Besides: 9 findings not reproducible; 11
    extension rows of ours (counted apart); ..." read as a form filled in, issue 50)."""
    n_ext = int((claims["verdict"] == "extension").sum())
    first = []
    if not_reproducible:
        first.append(f"{_capital(_count_word(not_reproducible))} further "
                     f"{'finding cannot' if not_reproducible == 1 else 'findings cannot'} be reproduced here")
    if n_ext:
        first.append(f"our own extensions add {plural(n_ext, 'row')}, counted apart")
    out = []
    if first:
        out.append(_capital(", and ".join(first)) + ".")
    clauses = _checks_clauses(claims[claims["kind"] != "finding"])
    if clauses:
        joined = "; ".join(clauses) if any(c.startswith("of ") for c in clauses) else and_list(clauses)
        out.append(f"Beyond the findings, {joined}.")
    return " ".join(out)


def _extension_part(claims: pd.DataFrame) -> str:
    n = int((claims["verdict"] == "extension").sum())
    return f"{plural(n, 'extension row')} of ours (counted apart)" if n else ""


def _checks_sentence(claims: pd.DataFrame) -> str:
    """For a notebook whose rows check the paper's arithmetic and our code, not findings."""
    n_ext = int((claims["verdict"] == "extension").sum())
    ext = f" Our own extensions add {plural(n_ext, 'row')}, counted apart." if n_ext else ""
    return ("This notebook has no experimental findings of a paper: its rows are "
            + " and ".join(_checks_parts(claims)) + "." + ext)


def counts_sentence(claims: pd.DataFrame) -> str:
    """Every row of the claims table counted once: the judged findings by verdict (differing ones by cause), the
    findings not reproducible, the extension rows of every kind (ours, counted apart as notebook 99 counts them),
    and the checks of the paper's numbers and of our code."""
    c = finding_counts(claims)
    judged = c["reproduced"] + c["differs"] + c["inconclusive"]
    if judged == 0 and c["not-reproducible"] == 0 and not (claims["kind"] == "finding").any():
        return _checks_sentence(claims)
    if judged == 0 and c["not-reproducible"] == 0:
        # a notebook of ours that no paper's claim stands behind (06): its rows are extensions and checks
        parts = [_extension_part(claims)] + _checks_parts(claims[claims["kind"] != "finding"])
        # "its rows are 36 extension rows of ours" said "rows" twice; the count of each kind reads alone
        return ("No paper makes these claims: the claims table holds " + "; ".join(p for p in parts if p)
                .replace(" of ours (counted apart)", " (our own measurements, counted apart from any paper's)") + ".")
    parts = [f"{number(c['reproduced'])} reproduced"
             + (f" ({number(c['weak'])} of them weakly: a band wider than ±10 %)" if c["weak"] else "")]
    if c["differs"]:
        why = causes_phrase(c["by_cause"])
        parts.append(_verb(c["differs"], "differs", "differ") + (f" ({why})" if why else ""))
    parts.append(f"{number(c['inconclusive'])} undecided")
    text = (f"Of its {plural(judged, 'judged finding')} (claims rows of the paper): " + ", ".join(parts) + ".")
    besides = _besides_sentences(claims, c["not-reproducible"])
    return text + (f" {besides}" if besides else "")


class _Flags:
    """Flags said in words the first time they appear in a paragraph, by name after that."""

    def __init__(self):
        self.seen: set[str] = set()
        self.extensions = 0   # our own claims said so far in this paragraph (the first says no paper makes it)

    def __call__(self, flags, verdict: str | None = None) -> str:
        names = [f.strip() for f in str(flags or "").split(";") if f.strip() and f.strip() != "nan"]
        if not names:
            return ""
        said = []
        for name in names:
            if name in FLAG_WORDS and name not in self.seen:
                words = (FLAG_WORDS_NOT_AGREEING.get(name, FLAG_WORDS[name]).format(verdict=_ROW_ITSELF[verdict])
                         if verdict in _ROW_ITSELF else FLAG_WORDS[name])
                said.append(f"{name} ({words})")
            else:
                said.append(name)
            self.seen.add(name)
        # "Note:", not the tables' word "Flag:", which read as machinery on a first screen (issue 50)
        return f" Note{'s' if len(names) != 1 else ''}: " + "; ".join(said) + "."


# A claims row's verdict as the answer says it: the verdict in words, the claim (in italics) inside the sentence,
# and nothing glued after the claim with a colon ("We do not reproduce the claim Stage 1: X: our result differs"
# read as three statements run together, issue 50).
_VERDICT_SENTENCES = {
    "reproduced": "We reproduce the claim {claim}.",
    "differs": "We do not reproduce the claim {claim}.",
    "inconclusive": "Our sample cannot decide the claim {claim} yet.",
    "not-reproducible": "The claim {claim} cannot be reproduced here.",
    "extension": "Our extension tests the claim {claim}.",
}
# The second and third of our own claims in one answer lean on the first, which says "our extension" once ("We test
# a claim that no paper makes: ...", "We test a second claim of our own: ...", "A third claim of ours: ..." read as
# a template with a colon before each claim, fresh readers of 04 and 06, issue 50).
_EXTENSION_AGAIN = ("We also test the claim {claim}.", "We further test the claim {claim}.",
                    "We further test the claim {claim}.")

# An undecided row that no sample size decides (flag "undecidable"): "yet" would promise a sample that decides it,
# and "No sample size decides the claim ..." read as "can never be decided" beside the sample that judged it (a
# fresh reader of 04): the verdict first, then why a larger sample would not settle it.
_UNDECIDABLE_SENTENCE = ("The claim {claim} stays undecided, and a larger sample could not settle it at the "
                         "precision the paper states.")

# A claim that opens with a short label ("Stage 1: the learner's win rates ...", "End game 1v1: the least
# exploitable family ...") is said with a dash after its label, so the sentence around it has no colon of the
# claim's own.
_LABEL = re.compile(r"^([A-Za-z0-9][^:;]{0,49}): (?=\S)")
# Our own measure appended to a claim's text ("...; ours: MC0's win rate against DD-ε"): the answer says what we
# measure in its own sentence, so the claim is shown as the paper makes it.
_OURS_TAIL = re.compile(r";\s*ours:.*$")


def claim_words(claim) -> str:
    """A claim's text as prose shows it: "+-1" written "±1", our own measure appended after "; ours:" left out
    (the answer says it in its own sentence), and a leading label moved behind the statement ("Stage 1: X" ->
    "X (stage 1)"), so that a sentence quoting the claim has no stacked colons."""
    text = _OURS_TAIL.sub("", str(claim).strip()).rstrip(".").strip()
    text = re.sub(r"\+-(?=\s?\d)", "±", text)
    labels = []
    while (match := _LABEL.match(text)) and len(labels) < 3:   # "Solver: Fig 3-19: ..." has two
        labels.append(match.group(1))
        text = text[match.end():]
    return " — ".join(labels + [text])


def claim_in_prose(claim) -> str:
    """A claim as a sentence of the answer quotes it: :func:`claim_words` with its labels moved behind the statement
    ("End game 1v1: the least exploitable family ..." -> "the least exploitable family ... (End game 1v1)"), so the
    sentence around it stacks no dash on its own words ("We test a claim that no paper makes: End game 1v1 — the
    least ..." read as generator boilerplate, a fresh reader of 06, issue 50). A statement already ending in a
    parenthesis takes the label inside it ("(judged by ...; Bluff)")."""
    parts = claim_words(claim).split(" — ")
    text, labels = parts[-1], parts[:-1]
    if not labels:
        return text
    label = "; ".join(labels)
    if text.endswith(")") and text.count("(") == text.count(")"):
        return f"{text[:-1]}; {label})"
    return f"{text} ({label})"


# A family's verdict by the family rule and its headline row's own, said as one statement where the two differ
# (04: the stage-1 chart's family is reproduced, 6 of 8 rows, while its headline row differs): "We reproduce the
# chart ... Its headline row differs: we do not reproduce ..." read as a contradiction (issue 50). The scorecard
# counts the family, so the family's verdict is said too.
_FAMILY_RULES = {   # said after the family's count, before the headline's clause
    "reproduced": "so the family counts as reproduced (the family rule needs at least three quarters of a family's "
                  "rows to reproduce)",
    "differs": "so the family counts as differing (the family rule needs at least half of a family's rows to "
               "differ)",
    "inconclusive": "The family rule leaves the family undecided.",
}
_HEAD_CLAUSE = {   # the headline row's verdict against the family's
    "reproduced": "its headline claim {claim} reproduces",
    "differs": "its headline claim {claim} does not reproduce",
    "inconclusive": "our sample cannot decide its headline claim {claim} yet",
}
_HEAD_CLAUSE_UNDECIDABLE = ("its headline claim {claim} stays undecided, and a larger sample could not settle it "
                            "at the precision the paper states")


def family_of(claims: pd.DataFrame, row) -> pd.DataFrame:
    """The judged rows of ``row``'s claim family (same family and kind; extensions apart, as the scorecard
    counts them); empty where the table names no families."""
    if "family" not in claims.columns or blank(row.get("family")):
        return claims.iloc[0:0]
    same = (claims["family"].astype(str) == str(row["family"])) & (claims["kind"] == row.get("kind"))
    return claims[same & claims["verdict"].isin(["reproduced", "differs", "inconclusive"])]


def _family_lead(claims: pd.DataFrame | None, row) -> str:
    """The family's verdict and the headline row's in one statement, where the two differ ("Of the 8 judged rows
    of the paper's *chart*, 6 reproduce, but its headline claim does not: ..."); "" where they agree or the family
    is the row alone."""
    from liarlab.core.verdicts import family_verdict

    if claims is None or str(row.get("verdict")) not in _HEAD_CLAUSE:
        return ""
    fam = family_of(claims, row)
    if len(fam) <= 1:
        return ""
    verdict = family_verdict(list(fam["verdict"]))
    if verdict == str(row["verdict"]) or verdict not in _FAMILY_RULES:
        return ""
    counts = fam["verdict"].value_counts()
    claim = f"*{claim_in_prose(row['claim'])}*"
    head = (_HEAD_CLAUSE_UNDECIDABLE if str(row["verdict"]) == "inconclusive"
            and "undecidable" in str(row.get("flags") or "") else _HEAD_CLAUSE[str(row["verdict"])])
    head = head.format(claim=claim)
    family = f"the paper's *{claim_words(row['family'])}*"
    if verdict in ("reproduced", "differs"):
        k = int(counts.get(verdict, 0))
        said = ("reproduce" if k != 1 else "reproduces") if verdict == "reproduced" else (
            "differ" if k != 1 else "differs")
        # "but" where the headline goes against the family, "and" where it is only undecided
        joint = "and" if str(row["verdict"]) == "inconclusive" else "but"
        # one statement: "Of the 8 judged rows ..., 6 reproduce, so the family counts as reproduced (...), but its
        # headline claim does not reproduce: ..." ("we do not reproduce X. The family counts as reproduced" read as
        # two verdicts, fresh readers on 04)
        return (f"Of the {number(len(fam))} judged rows of {family}, {number(k)} {said}, {_FAMILY_RULES[verdict]}, "
                f"{joint} {head}.")
    words = {"reproduced": "reproduced", "differs": "differ", "inconclusive": "undecided"}
    split = ", ".join(f"{number(counts[v])} {words[v]}" for v in words if v in counts)
    lead = f"Our sample cannot decide {family} yet (of its {number(len(fam))} judged rows, {split}); {head}."
    return lead + " " + _FAMILY_RULES[verdict]


def _row_sentence(row, label: str, flags: _Flags, quantity: str | None = None, paper: str | None = None,
                  claims: pd.DataFrame | None = None) -> str:
    """One claims row as the answer states it: the verdict in words around the claim (led by its family's verdict
    where ``claims`` is given and the family rule calls the family otherwise), our measure (what it is), the
    paper's (``paper``: the paper's value said on the same scale as ours, where the row's printed value is on
    another, e.g. "all 32 types, a share of 1" beside a share of types), why."""
    verdict = str(row.get("verdict"))
    claim = f"*{claim_in_prose(row['claim'])}*"
    template = _VERDICT_SENTENCES.get(verdict, "{claim}: " + verdict + ".")
    said = row.get("flags")
    if verdict == "extension":
        if flags.extensions:
            template = _EXTENSION_AGAIN[min(flags.extensions, len(_EXTENSION_AGAIN)) - 1]
        flags.extensions += 1
    if verdict == "inconclusive" and "undecidable" in str(said or ""):
        template = _UNDECIDABLE_SENTENCE   # not "cannot decide ... yet" beside "no sample size can decide it"
        # the sentence says it: the flag "undecidable" is not said a second time in its notes (issue 50)
        said = "; ".join(f.strip() for f in str(said).split(";") if f.strip() not in ("undecidable", ""))
    sentence = _family_lead(claims, row) or template.format(claim=claim)
    out = f"**{label}** {sentence[:1].upper() + sentence[1:]}"
    ours = measured(row, quantity)
    if quantity and in_points(row, quantity):   # the number is said in points: its scale note is said already
        quantity = without_point_scale(quantity)
    note = "" if blank(row.get("note")) else str(row["note"]).strip().rstrip(".")
    if ours and verdict == "not-reproducible" and number(row.get("reproduced_value")) in note:
        ours = ""   # the note says our value with what it measures: said once
    counted = _counted_clause(quantity, ours)
    if counted:   # "72 of the 75 printed numbers agree (the paper: all 75)", not "We measure the numbers that
        # agree as 72 of 75 printed numbers; the paper: all 75" (issue 50, notebook 00)
        printed = _paper_value(row.get("paper_value"))
        theirs, _, after = str(paper or printed or "").partition(". ")   # a sentence of its own stays one
        # "(the paper: all 75)" was cryptic and, on an answer covering two papers, ambiguous (a fresh reader of 00):
        # the papers are named where the row's source names them
        out += f" {counted}" + (f", where {_whose(row)} would have {theirs}" if theirs else "") + "." + (
            f" {after.rstrip('.')}." if after else "")
    elif ours:
        out += _measure_sentence(quantity, ours) if quantity else f" We measure {ours}"
        printed = _paper_value(row.get("paper_value"))
        if paper:
            out += f"; the paper: {paper}" if printed else f"; {paper}"
        elif printed:
            out += f"; {paper_says(printed)}"
        out += "."
    if verdict == "differs":
        cause = str(row.get("cause") or "")
        if cause in CAUSES:
            out += f" The likeliest cause is {CAUSES[cause]}."
        if not blank(row.get("readings")):
            out += f" {readings_in_brief(row['readings'])}"
    elif verdict == "not-reproducible" and note:
        # what we could measure first, the verdict after it: a page that opens with "cannot be reproduced here"
        # loses the reader before the number (issue 50, notebook 03)
        out = (f"**{label}** We measure what we can of the claim {claim}. {note[:1].upper() + note[1:]}. The "
               "paper's own test cannot be rerun in this study, so the claim as printed is not reproducible.")
    elif verdict == "inconclusive" and note and not ours:
        # an undecided row says our number and its interval (above) and why no sample decides it (its flags); its
        # note, a run of "; "-joined bookkeeping, is shown only when there is no number to say (issue 50: 02's first
        # screen read "One trained table (prediction interval); the report's main question; value: ...")
        out += f" {note[:1].upper() + note[1:]}."
    elif verdict == "extension":
        out += _own_test_sentence(note)
    return out + flags(said, verdict)


# A quantity with its own parentheses or colon, or this many words, is said in a sentence of its own and our value
# in the next: "We measure the family's mean exploitability ..., computed exactly (no sampling): what a best
# responder wins ... (0 is exact play; ...) as 0.2956 for a single player (exact)" lost the "as" among the quantity's
# clauses (issue 50 readers, notebooks 04 and 06).
_LONG_QUANTITY_WORDS = 16
_SAYS_EXACT = re.compile(r"\bexact(?:ly)?\b|\bno sampling\b")


def _measure_sentence(quantity: str, ours: str) -> str:
    """What we measure and our value (from :func:`measured`), as one sentence where the quantity is short ("We
    measure the share of games A wins as 0.620 (95 %: ...) over 1,000 games"), as two where it is long ("We
    measure <quantity>. We find 0.2956 for a single player"); a value's "(exact)" is left out where the quantity says
    it is computed exactly. The caller adds the paper's value and the full stop."""
    quantity = quantity.strip().rstrip(":")
    if ours.endswith(" (exact)") and _SAYS_EXACT.search(quantity):
        ours = ours[:-len(" (exact)")]
    # "the same scale as 0.9618" would read as a comparison with our own value (06's second result): split too
    if re.search(r"[(:]|\bsame\b", quantity) or len(quantity.split()) > _LONG_QUANTITY_WORDS:
        # a quantity written to run on into "as <value>" may end in a comma clause ("..., each against P1-P5,"):
        # its own sentence ends at a full stop, never ",." (04's second result, fresh readers)
        return f" We measure {quantity.rstrip(' ,;:.')}. We find {ours}"
    return f" We measure {quantity} as {ours}"


_PAPERS = re.compile(r"^(papers? \d+(?:(?:, | and )\d+)*)\b")


def _whose(row) -> str:
    """Who printed a row's numbers, as the answer names them: "papers 01 and 02" where the row's source names
    more than one paper, else "the paper"."""
    match = _PAPERS.match(str(row.get("source") or "").strip().lower())
    return match.group(1) if match and match.group(1).startswith("papers") else "the paper"


_COUNTED = re.compile(r"the (\w+) that (\w+)")
_COUNT_OF = re.compile(r"([\d,]+) of ([\d,]+) ([^()]+)")


def _counted_clause(quantity: str | None, ours: str) -> str:
    """A count of cases measured for a quantity "the <things> that <verb>" said as one clause: "72 of the 75
    printed numbers agree"; "" for any other quantity or value."""
    match = _COUNTED.fullmatch(str(quantity or "").strip().rstrip(":"))
    count = _COUNT_OF.fullmatch(ours or "")
    if match is None or count is None:
        return ""
    return f"{_capital(count.group(1))} of the {count.group(2)} {count.group(3).strip()} {match.group(2)}"


_OWN_TEST_WORDS = {"reproduced": "the claim holds", "differs": "the claim does not hold",
                   "inconclusive": "our sample cannot decide it yet"}


def _own_test_sentence(note: str) -> str:
    """An extension's verdict under our own test, in words (its note ends "...; under this rule: differs"): an
    extension has no paper value, but a reader still needs to know whether the claim held (issue 50)."""
    import re

    match = re.search(r"(?:^|; )([^;:]*); under this rule: ([a-z-]+)", note)
    words = _OWN_TEST_WORDS.get(match.group(2)) if match else None
    if not words:
        return ""
    why = match.group(1).strip()   # the note's finding just before its verdict ("the baseline wins more against P1")
    return f" By our own test (its rule is in the full claims table), {words}" + (f"; {why}." if why else ".")


def readings_in_brief(text: str) -> str:
    """A claims row's ``readings`` column (:func:`liarlab.core.readings.summary`: "N readings run (name: verdict;
    ...); cannot be run: ...; not built, bounded: ...; not built: ...") in one sentence for the answer: how many were
    run, which of them reproduce the print, how many cannot be run, how many were not built but are bounded away
    from the print, and how many were not built; the readings table under the claims has them all."""
    import re

    text = str(text).strip()
    match = re.match(r"(\d+) readings? run \((.*?)\)(?:; cannot be run: (.*?))?(?:; not built, bounded: (.*?))?"
                     r"(?:; not built: (.*))?$", text, re.S)
    if match is None:
        return f"Readings tried: {text.rstrip('.')}." if text.strip(" .") else ""
    n_run, items, skipped, moot, unbuilt = (int(match.group(1)), match.group(2), match.group(3), match.group(4),
                                            match.group(5))
    agreeing = [item.rsplit(":", 1)[0].strip() for item in _top_level_items(items)
                if item.rsplit(":", 1)[-1].strip() == "reproduced"]
    # said as an author would, not as a form filled in ("11 readings of the paper run; reproduced under 'x'; 1
    # reading cannot be run" read as a template, issue 50)
    shown = agreeing if len(agreeing) <= 3 else agreeing[:3]   # a long list is the folded table's to give
    quoted = and_list([_reading_name(a) for a in shown])
    among = f", among them {quoted}" if len(agreeing) > len(shown) else f": {quoted}"
    if not agreeing:
        out = ("We ran the one reading of the paper we built, and it does not agree with the paper" if n_run == 1
               else "Neither of the two readings of the paper we ran agrees with the paper" if n_run == 2
               else f"None of the {number(n_run)} readings of the paper we ran agrees with the paper")
    elif n_run == 1:
        out = f"The one reading of the paper we ran, {quoted}, agrees with the paper"
    elif len(agreeing) == n_run:
        out = (f"Both readings of the paper we ran agree with the paper{among}" if n_run == 2
               else f"All {number(n_run)} readings of the paper we ran agree with the paper{among}")
    elif len(agreeing) == 1:
        out = f"Of the {number(n_run)} readings of the paper we ran, only {quoted} agrees with the paper"
    else:
        out = f"Of the {number(n_run)} readings of the paper we ran, {number(len(agreeing))} agree with the paper{among}"
    rest = []   # (count, what is said of them): the first one names the noun, the others lean on it
    if skipped:
        rest.append((len(_top_level_items(skipped)), "more", "cannot be run"))
    if moot:
        rest.append((len(_top_level_items(moot)), "unbuilt", "could not reproduce it even if built"))
    if unbuilt:
        k = len(_top_level_items(unbuilt))
        rest.append((k, "more", ("is" if k == 1 else "are") + " not built yet"))
    said = [f"{_count_word(k)} {which} {'reading' if k == 1 else 'readings'} {what}" if i == 0
            else f"{_count_word(k)} {what}" if which == "more" else f"{_count_word(k)} {which} {what}"
            for i, (k, which, what) in enumerate(rest)]
    rest = said
    if rest:
        out += ". " + _capital(and_list(rest))
    return out + ". The readings table folded at the end lists them all."


def _reading_name(name: str) -> str:
    """A reading's name in quotation marks, its "(default)" said outside them: “as judged” (our default)."""
    name = name.strip()
    default = name.endswith("(default)")
    name = name[: -len("(default)")].strip() if default else name
    return f"“{name}”" + (" (our default)" if default else "")


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(n: int) -> str:
    """A small count in words ("one", "three"), as prose writes it; 11 and more in digits."""
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else number(n)


def and_list(items) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (any iterable, each item as text; ``""`` for none)."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _top_level_items(text: str) -> list[str]:
    """``"a (x; y); b (z)"`` -> ``["a (x; y)", "b (z)"]``: split at "; " outside parentheses."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith("; ", i):
            items.append(text[start:i])
            start = i + 2
    items.append(text[start:])
    return [item for item in items if item.strip()]


def second_row(claims: pd.DataFrame, second: str) -> pd.Series:
    """The claims row whose claim text is ``second`` (the notebook's second main result)."""
    rows = claims[claims["claim"].astype(str) == str(second)]
    if rows.empty:
        raise ValueError(f"the second main result {second!r} is not a claim of this claims table")
    return rows.iloc[0]


#: the heading above the answer's further paragraphs where the first screen holds only the short answer and a caveat
DETAIL_TITLE = "#### The answer in detail"


def answer_paragraph(claims: pd.DataFrame, question: str, *, quantity: str | None = None,
                     second: str | None = None, second_quantity: str | None = None, paper: str | None = None,
                     second_paper: str | None = None, third: str | None = None,
                     third_quantity: str | None = None, more: str | None = None,
                     short: str | None = None, caveat: str | None = None) -> str:
    """The opening answer in markdown, from the claims table alone. ``quantity`` names the headline's number
    ("the share of the 32 types whose win rate lies in 60-70 %"); ``second`` is the claim text of another claims
    row, reported as the second main result with its verdict and measure. ``paper`` and ``second_paper`` say the
    paper's value on the scale of ours where its printed value is on another (the printed value stays in the
    claims table). ``third`` and ``third_quantity``: a third result, for a question with a third part (06: what
    the equilibrium wins against the players). ``more``: the paper's own further results in markdown, computed
    from its run, said after the main results (02: seats are learned, the best responder). ``short``: the answer in one
    plain sentence, generated by the paper from the same rows, said first ("**In short.**"), for a question whose
    headline row alone does not answer it (04). ``caveat`` (with ``short``): the first screen is ``short`` and this one
    caveat ("" for none), and the rest follows under :data:`DETAIL_TITLE` (issue 50: 06's answer ran to seven
    paragraphs before its first table). Flags are explained in
    words where they first appear; the counts sentence accounts for every row of the table. ``question=None``
    leaves the question out (the notebook's first cell already asks it)."""
    lines = [f"**The question.** {question}"] if question else []
    if short:
        lines.append(f"**In short.** {short}")
    if caveat is not None:
        lines += [f"**Caveat.** {caveat}"] * bool(caveat) + [DETAIL_TITLE]
    flags = _Flags()
    row = headline(claims)
    if row is None:
        lines.append("**Our answer.** No headline claim is flagged in this notebook's claims table.")
    else:
        lines.append(_row_sentence(row, "Our answer.", flags, quantity, paper, claims))
    if second:
        lines.append(_row_sentence(second_row(claims, second), "Second main result.", flags, second_quantity,
                                   second_paper))
    if third:
        lines.append(_row_sentence(second_row(claims, third), "Third main result.", flags, third_quantity))
    if more:
        lines.append(more.strip())
    # the readings table's pointer once, after the last result that names readings ("The readings table folded at
    # the end lists them all." closed each of 01's three results, a fresh reader)
    pointer = " The readings table folded at the end lists them all."
    said = [i for i, line in enumerate(lines) if pointer in line]
    for i in said[:-1]:
        lines[i] = lines[i].replace(pointer, "")
    lines.append(counts_sentence(claims) + " The claims summary is at the end of this notebook, with the full claims table folded beneath it.")
    return "\n\n".join(lines)
