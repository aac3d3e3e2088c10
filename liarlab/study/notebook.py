"""The setup every notebook runs right after its parameters cell: check every parameter, then start the run context.

A notebook's parameters are declared once, in its paper's ``params.py`` (:mod:`liarlab.study.params`); the
setup cell passes them here::

    from liarlab.papers.p05 import params as params05
    params = nb.setup(globals(), params05.PARAMS)

``setup`` checks the common parameters (:data:`COMMON`) and every declared one, type and range, before any
work starts, and stops with a ``ValueError`` naming the parameter and its allowed values. A parameter
left at ``None`` gets its profile's size, written back into the notebook's namespace, so the
cell that follows sees ``n_games == 1_000_000`` in the quick profile.
"""
from __future__ import annotations

import html
import re

from liarlab.core.verdicts import FAMILY_DIFFERS, FAMILY_REPRODUCED
from liarlab.study import context, controls, outputs, plotting, tables
from liarlab.study.answer import verdict_word
from liarlab.study.params import COMMON, Choice, Flag, Float, Int, IntList, Param, Parameters, Text, check_parameters  # noqa: F401


def setup(namespace: dict, declared: Parameters | str, **specs) -> dict:
    """Check every parameter, fill sizes from the profile, start the run's context (:mod:`liarlab.study.context`:
    profile, seed, workers, scheduler, output root, force, progress, notebook and parameters, read by outputs,
    executor and cache) and set the plot style.

    ``declared`` is the notebook's :class:`~liarlab.study.params.Parameters` (its paper's ``params.PARAMS``), or
    a bare two-digit id for a notebook with only the common parameters (:data:`COMMON`), which are always
    checked. Each checked value is written back into ``namespace``. Returns the parameters for provenance.
    """
    if specs:
        raise ValueError("declare a notebook's parameters in its params.py, not in the setup call")
    if isinstance(declared, str):
        declared = Parameters(declared)
    present = {k: v for k, v in COMMON.items() if k in namespace}
    profile = present["profile"].check("profile", namespace["profile"], "full") if "profile" in present else "full"
    checked = check_parameters(namespace, present, profile)
    checked.update(check_parameters(namespace, declared.specs, profile))
    namespace.update(checked)
    notebook = declared.notebook
    params = {k: v for k, v in namespace.items()
              if not k.startswith("_") and isinstance(v, (int, float, str, bool, type(None), list, tuple))
              and k not in ("In", "Out", "exit", "quit")}
    params["notebook"] = notebook
    context.start(profile=profile, seed=checked.get("seed", 0), n_jobs=checked.get("n_jobs", 1),
                  scheduler=namespace.get("scheduler"), out_dir=namespace.get("out_dir"),
                  force=bool(namespace.get("force", False)), progress=bool(namespace.get("progress_bar", True)),
                  notebook=notebook, params=params)
    plotting.house_style()
    tables.register()
    return params


def rerun_time() -> str:
    """One markdown line: how long a rerun of this notebook takes, computed from this run.

    The time is the computation's own (this run's wall time plus the original compute time of every result
    served from the cache), so it says what a rerun from scratch costs even when this run was fast.
    """
    prov = outputs.provenance()
    seconds = prov["seconds"]
    params = prov["parameters"]
    workers = params.get("n_jobs") or 1
    shown = f"{seconds / 60:.1f} minutes" if seconds >= 90 else f"{seconds:.0f} seconds"
    # said after the machine, not in a parenthesis beside the profile's gloss (two in a row read as clutter)
    cached = (f"; {prov['cached_seconds']:.0f} s of it served from the cache in this run"
              if prov["cached_seconds"] >= 1 else "")
    at_once = controls.notebooks_at_once()
    beside = (f", while the chain ran {at_once} notebooks at once on it (so an upper bound: the others shared "
              f"its cores)" if at_once > 1 else "")
    profile = params.get("profile", "full")
    return (f"**Rerun time:** a rerun of this notebook from scratch takes about {shown} of computation with "
            f"{workers} worker{'s' if workers != 1 else ''} in the {profile} profile "
            f"({PROFILE_WORDS.get(profile, 'its run sizes')}), measured on this run's machine{beside}{cached}.")


# What a profile is, said where a page names one ("in the quick profile" was never defined on the page, fresh
# readers of 00 and 04, issue 50): one gloss, the same on every page
PROFILE_WORDS = {"quick": "reduced run sizes for a fast check; the full profile runs the sizes the report is "
                          "committed at",
                 "full": "the sizes the report is committed at; the quick profile reduces them for a fast check"}


def _cell(v) -> str:
    """A table cell for people: the study's one table format (:func:`liarlab.study.tables.cell_text`)."""
    return tables.cell_text(v)


_WRAP = tables.WRAP

# The boilerplate a rule ends with, said once in the protocol paragraph (:func:`protocol_text`), not on every row.
_TAIL = re.compile(r";?\s*(reproduced if .*)$", re.DOTALL)
_POINT = re.compile(r"allowed \[([-+0-9.eE]+), ([-+0-9.eE]+)\]")
_CASES = re.compile(r"each of (\d+) cases judged at a Bonferroni-adjusted level")


def rule_head(rule) -> str:
    """A rule without its boilerplate (the part :func:`protocol_text` says once), numbers written as cells are:
    "value: printed 0.0001 (4 decimals, rounded): allowed [5e-05, 0.00015]; reproduced if the point interval lies
    inside, ..." -> "value: printed 0.0001 (4 decimals, rounded): allowed [0.00005, 0.00015]"."""
    if tables.is_missing(rule):
        return ""
    head = _TAIL.sub("", str(rule)).strip().rstrip(";:").strip()
    head = _CASES.sub(r"each of \1 cases", head)
    head = _POINT.sub(lambda m: f"allowed exactly {m.group(1)}" if float(m.group(1)) == float(m.group(2))
                      else m.group(0), head)
    return tables.tidy_text(head)


def _tail_kind(rule: str) -> str | None:
    """Which of the protocol's rule kinds a rule's boilerplate is (None for a rule with none)."""
    text = str(rule)
    if "Bonferroni-adjusted level" in text:
        return "cases"
    if "excludes" in text and "on that side" in text:
        return "direction"
    if "lies inside, differs if it lies outside" in text:
        return "range"
    if text.startswith("check:"):
        return "check"
    if text.startswith("family rule:"):
        return "family"
    return None


_TAIL_WORDS = {
    "range": ("a value is reproduced if our interval (for an exact value, the point) lies inside the range the "
              "paper's print allows, differs if outside it, else is inconclusive; a printed number allows what its "
              "rounding or truncation covers (46.03 to 2 decimals, rounded: 46.025 to 46.035), a word such as 'most' "
              "the range the protocol fixed"),
    "cases": ("a claim about several cases (every type, each cell) judges each at a Bonferroni-adjusted level: "
              "reproduced if all are, differs if any differs"),
    "direction": ("a direction (A beats B) is reproduced if the 95 % interval excludes the no-effect value on the "
                  "paper's side (some rules call it differing inside a stated no-meaningful-difference band or on "
                  "the other side)"),
    "check": "a check of our code passes if its 95 % interval covers the exact value",
    "family": "a family of printed numbers is reproduced when at least 75 % of them are, differs when at least half "
              "differ",
}


#: the page that says every rule in full (:func:`protocol_full`, beside its own "How to read this scorecard"); each
#: notebook says it in one line linking there (:func:`protocol_line`; issue 50: every page repeated one paragraph)
PROTOCOL_PAGE, PROTOCOL_ANCHOR = "99_scorecard", "how-to-read-the-summary"


def protocol_full() -> str:
    """What a line of a notebook's claims summary shows and every kind of rule, said once (on :data:`PROTOCOL_PAGE`)."""
    words = list(_TAIL_WORDS.values())
    words[0] += "; a paper's value that is itself a sampled estimate widens it by its own error"
    return (f'<a id="{PROTOCOL_ANCHOR}"></a>**How to read a notebook\'s claims summary.** A notebook\'s claims table '
            "groups its rows in families (a printed table or figure is one family). Its summary shows one line per "
            "family, the headline family first: one of its claims in words, the paper's value and ours (with its "
            "interval, or \"exact\" where nothing was sampled), and the family's verdict by its declared rule over its "
            "rows (for example 11 of 12 reproduced), with the likeliest cause of a difference. An extension (a "
            f"question no paper answers) has no paper's value and reads \"{verdict_word('extension')}\". The rules, "
            "said here rather than on every row: " + "; ".join(words) + ".")


def protocol_line(table) -> str:
    """The protocol paragraph of every page but :data:`PROTOCOL_PAGE`: the table's size, what a line shows, and a
    link to the full paragraph."""
    families = table["family"].fillna(table["claim"]).nunique() if "family" in table else len(table)
    ours = ("every finding here is our extension (no paper's value; the verdict reads "
            f"\"{verdict_word('extension')}\"), " if only_extensions(table) else "")
    return (f"**How to read the summary.** The claims table has {answer_number(len(table))} rows in "
            f"{answer_number(families)} families; the summary shows one line per family, the headline family first; "
            f"{ours}[page 99](../report/{PROTOCOL_PAGE}.html#{PROTOCOL_ANCHOR}) says how a line is judged.")


def protocol_text(table) -> str:
    """A protocol paragraph for one claims table: what a row of the summary is, and each kind of rule the table uses
    (docs/VERDICTS.md has the protocol; the pages say :func:`protocol_line`)."""
    kinds = [k for k in _TAIL_WORDS if any(_tail_kind(r) == k for r in table["rule"].astype(str))]
    families = table["family"].fillna(table["claim"]).nunique() if "family" in table else len(table)
    head = f"**How to read the summary.** The claims table has {answer_number(len(table))} rows in "
    if only_extensions(table):
        # 06's rows are all our own questions: "the paper's value and ours ... (for example 11 of 12 reproduced) ...
        # the likeliest cause of a difference" described lines the page does not have (a reader, fifth session)
        checks = (table["kind"].astype(str) == "check").any()
        text = (f"{head}{answer_number(families)} families. The summary shows one line per family: one of its "
                "claims in words and our value (with its interval, or \"exact\" where nothing was sampled). Every "
                "finding here is our extension, a question no paper answers, so its line gives no paper's value "
                f"and its verdict reads \"{verdict_word('extension')}\""
                + ("; only the checks of our code are judged" + (", by the rule below" if "check" in kinds else "")
                   if checks else "")
                + ". The headline family comes first.")
    else:
        text = (f"{head}{answer_number(families)} families (a printed table or figure is one family). The summary "
                "shows one line per family, the headline family first: one of its claims in words, the paper's value "
                "and ours (with its interval, or \"exact\" where nothing was sampled), and the family's verdict by "
                "its declared rule over its rows (for example 11 of 12 reproduced), with the likeliest cause of a "
                "difference.")
    if kinds:
        words = [_TAIL_WORDS[k] for k in kinds]
        widened = _widened_example(table["rule"])
        if "range" in kinds and widened:
            # 03's "5.6 | 5.46 [5.38, 5.55] | reproduced" looked wrong beside the rounding range alone (issue 50, a
            # fresh reader): the rule widens it because the printed value is a sample estimate itself
            words[kinds.index("range")] += ("; a paper's value that is itself a sampled estimate widens it by its "
                                            f"own error ({widened})")
        text += " The rules, said here rather than on every row: " + "; ".join(words) + "."
    return text


def only_extensions(table) -> bool:
    """Whether every row of a claims table other than the checks of our code is our extension (no paper's value
    to compare with); False for a table without ``verdict`` and ``kind`` columns or without such rows."""
    if not {"verdict", "kind"} <= set(table.columns):
        return False
    rows = table[table["kind"].astype(str) != "check"]
    return len(rows) > 0 and bool((rows["verdict"].astype(str) == "extension").all())


_WIDENED = re.compile(r"printed ([-+0-9.,/]+) \([^()]*?, \+-([0-9.]+)\): allowed \[([-+0-9.eE]+), ([-+0-9.eE]+)\]")


def _widened_example(rules) -> str:
    """The first rule of a table whose printed value carries a tolerance ("printed 5.6 (2 decimals, rounded,
    +-0.365): allowed [5.23036, 5.96964]"), said as an example ("printed 5.6 ± 0.365: 5.230 to 5.970"); "" if
    none has one."""
    for rule in rules.astype(str):
        match = _WIDENED.search(rule)
        if match:
            tolerance = match.group(2)
            decimals = len(tolerance.partition(".")[2])
            low, high = (f"{float(match.group(i)):,.{decimals}f}" for i in (3, 4))
            return f"printed {match.group(1)} ± {tolerance}: {low} to {high}"
    return ""


def answer_number(n) -> str:
    from liarlab.study.answer import number

    return number(n)


def _with_ids(table):
    """The claims table with the ``notebook`` and ``paper`` columns :mod:`liarlab.study.scorecard` groups by."""
    from liarlab.study import scorecard

    nb_id = table.attrs.get("notebook") or context.current().notebook or ""
    out = table.copy()
    if "notebook" not in out.columns:
        out.insert(0, "notebook", nb_id)
    if "paper" not in out.columns:
        out.insert(1, "paper", [scorecard.paper_of(str(n), s) for n, s in zip(out["notebook"], out["source"])])
    out["family"] = out["family"].where(out["family"].notna() & (out["family"].astype(str) != ""), out["claim"])
    return out


def _big_integer(v) -> bool:
    """An exact integer past a float's exact range (00's 94,496,161,939,200,000 game-size count)."""
    text = str(v).strip()
    return bool(re.fullmatch(r"[-+]?\d{16,}", text)) or (isinstance(v, int) and abs(v) >= 10**15)


def _ours(r) -> str:
    """Our value with its interval in brackets, or "exact"; a share of cases as its counts; an integer of 16 digits
    or more in the form the paper prints such a count ("9.45 × 10¹⁶, exact" beside the paper's "9.449 × 10¹⁶", not
    94,496,161,939,200,000: the exact integer stays in the CSV and the folded full table, issue 50)."""
    from liarlab.study.answer import in_points, points_text, share_count

    counts = share_count(r)
    if counts:
        return counts
    if in_points(r) or _win_rate_difference(r):
        # the claim counts points: "-3.39 [-3.67, -3.11] points", not the share "-0.0339" (issue 50); a difference
        # of win rates too, so one summary column does not mix "0.004 [-0.017, 0.025]" with "-3.6 points" (a fresh
        # reader of 04)
        lo, hi = r.get("ci_low"), r.get("ci_high")
        return points_text(r.get("reproduced_value"), lo, hi) + (
            "" if not (tables.is_missing(lo) or tables.is_missing(hi)) and float(lo) != float(hi) else ", exact"
            if str(r.get("unit")) == "exact" else "")
    value = _cell(r.get("reproduced_value"))
    if value and _big_integer(r.get("reproduced_value")):
        return f"{tables.plain(float(int(str(r.get('reproduced_value')).strip())))}, exact"
    if not value:
        return ""
    lo, hi = r.get("ci_low"), r.get("ci_high")
    if not tables.is_missing(lo) and not tables.is_missing(hi) and float(lo) != float(hi):
        value = r.get("reproduced_value")
        return tables.interval_text(value, lo, hi, tables.rate_decimals(value, lo, hi))
    if str(r.get("unit")) == "exact" or (not tables.is_missing(lo) and not tables.is_missing(hi)) \
            or _recomputed(r):
        return f"{value}, exact"
    return value


# A row whose note says its value is one win rate minus another ("windowed win rate, games 301-500: search ...
# minus search with k fixed at 0"): a difference of shares of games, said in points like the rows that count them
_WIN_RATE_MINUS = re.compile(r"\bwin rates?\b[^;]*\bminus\b")


def _win_rate_difference(r) -> bool:
    """Whether ``r``'s value is a difference of win rates (its note says "... win rate ... minus ...") on the share
    scale (value and interval within -1..1), to be said in points."""
    note = "" if tables.is_missing(r.get("note")) else str(r.get("note"))
    if not _WIN_RATE_MINUS.search(note):
        return False
    try:
        values = [float(r.get(k)) for k in ("reproduced_value", "ci_low", "ci_high") if not tables.is_missing(r.get(k))]
    except (TypeError, ValueError):
        return False
    return bool(values) and not tables.is_missing(r.get("reproduced_value")) and all(abs(x) <= 1 for x in values)


def _recomputed(r) -> bool:
    """A check of the paper's arithmetic with a number and no interval: recomputed exactly (enumeration or the
    paper's own formula), so its summary line says "exact" like every other exact line (00 said it on one line
    of 14, issue 50)."""
    if str(r.get("kind")) != "arithmetic" or not (tables.is_missing(r.get("ci_low"))
                                                   and tables.is_missing(r.get("ci_high"))):
        return False
    # a number, possibly as the paper writes a large one ("4.9381 × 10¹³")
    return bool(re.fullmatch(r"[-+]?[\d,]*\.?\d+(?:[eE][-+]?\d+| × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?",
                             str(r.get("reproduced_value")).strip()))


_KIND_SHORT = {"finding": "finding", "arithmetic": "the paper's arithmetic", "check": "our code"}
#: a check row named by what it is (:func:`liarlab.study.answer.check_kind`): a paper's example is no check of
#: our code (issue 49)
_CHECK_SHORT = {"example": "the paper's example", "restated": "a restated fact", "construction": "true by construction",
                "code": "our code"}


def _kind_short(kind: str, row) -> str:
    """What a summary line that is not a finding is, in a few words."""
    if kind != "check":
        return _KIND_SHORT[kind]
    from liarlab.study.answer import check_kind

    return _CHECK_SHORT[check_kind(row)]


_WHAT_VALUE = re.compile(r"(?:^|;\s*)value: ([^;]+)")


def ours_said(r) -> str:
    """:func:`_ours`, and what the number is where the row's note says it ("value: the largest seat-to-seat
    difference"): a bare "0.017 [0.001, 0.032]" beside the paper's "slightly > 50%" left the reader to guess what
    was measured (issue 50)."""
    from liarlab.study.answer import in_percent, in_points, sample_words, share_count, with_percent, without_point_scale

    ours = _ours(r)
    # the value's unit and its sample, as the answer says them ("63.53 %, exact", "0.657 [0.633, 0.682] over
    # 1,800 boards"): a bare "63.53, exact" left the reader to guess both (issue 50)
    if ours and in_percent(r):
        ours = with_percent(ours)
    sample = sample_words(r) if ours else ""
    if sample:
        exact = ours.endswith(", exact")
        ours = (ours[:-len(", exact")] if exact else ours) + f" {sample}" + (", exact" if exact else "")
    note = "" if tables.is_missing(r.get("note")) else str(r.get("note"))
    what = _WHAT_VALUE.search(note)
    label = "" if tables.is_missing(r.get("interval")) else str(r.get("interval")).strip()
    # a prediction interval (where one more trained agent would fall) is wider than the confidence interval the
    # page's tables give for the same mean: said, or 02's "0.096 [0.002, 0.190]" beside the table's "0.596 [0.568,
    # 0.624]" looked like two measurements (issue 50, a fresh reader)
    predicted = label if "prediction" in label and "[" in ours and not share_count(r) else ""
    if ours and what is None and str(r.get("verdict")) == "not-reproducible" and note and "[" not in ours \
            and ours.replace(",", "").replace(".", "", 1).lstrip("-").isdigit():
        # a bare number beside a claim we cannot test ("3.059" under "a game usually ends after 4-5 turns", 01) said
        # nothing of what it measures: the row's note says it (issue 50, a fresh reader)
        return tables.tidy_text(note.split("; ")[0].strip().rstrip("."))
    if not ours or what is None or share_count(r):   # a count of cases says what it counts
        return f"{ours} ({predicted})" if predicted else ours
    said = what.group(1).strip().rstrip(".")
    said = without_point_scale(said) if in_points(r) else said
    return f"{ours} ({said}; {predicted})" if predicted else f"{ours} ({said})"
_KIND_PLURAL = {"finding": "findings", "arithmetic": "checks of the paper's arithmetic",
                "check": "checks of our code"}


_ROW_WORDS = {"reproduced": ("reproduces", "reproduce"), "differs": ("differs", "differ"),
              "inconclusive": ("undecided", "undecided")}


def _row_counts(line) -> dict:
    """The family's rows by verdict, from its ``row_verdicts`` ("1 reproduced, 1 differs")."""
    counts = {}
    for part in str(line.get("row_verdicts", "") or "").split(", "):
        n, _, verdict = part.partition(" ")
        if n.isdigit():
            counts[verdict] = int(n)
    return counts


def _family_verdict(line) -> str:
    """The family's verdict with how its rows split, said so each count has its direction: "differs (1 row; the
    other reproduces)", "undecided (both rows)", "undecided (2 judged rows: 1 reproduced, 1 undecided; 1 not
    reproducible here)" ("differs: 1 of 2 rows" gave no direction for the other row, and "(3 rows)" beside "of 2"
    left the third unexplained, issue 50)."""
    verdict = str(line["verdict"])
    word = verdict_word(verdict)
    if line["rows"] <= 1 or verdict in ("extension", "not-reproducible"):
        return word
    counts = _row_counts(line)
    judged = {v: counts.get(v, 0) for v in _ROW_WORDS if counts.get(v, 0)}
    n_judged = sum(judged.values())
    unjudged = sum(n for v, n in counts.items() if v not in _ROW_WORDS)
    if not n_judged:
        return word
    tail = f"; {unjudged} not reproducible here" if unjudged else ""
    rows = "judged rows" if unjudged else "rows"
    if n_judged == 1:
        # "reproduced (1 judged row; 3 not reproducible here)" read as a contradiction (a fresh reader of 01): the
        # verdict is the one row's, the others are rows of another kind
        other = "the other row" if unjudged == 1 else f"the other {unjudged} rows"
        return f"{word} (by its one judged row; {other} not reproducible here)" if unjudged else word
    if len(judged) == 1:   # every judged row says the family's verdict
        return f"{word} ({'both' if n_judged == 2 else f'all {n_judged}'} {rows}{tail})"
    if verdict in ("reproduced", "differs"):
        main = judged[verdict]
        others = [(v, n) for v, n in judged.items() if v != verdict]
        if n_judged == 2:   # one row each way
            v = others[0][0]
            return f"{word} (1 {rows[:-1]}; the other {_ROW_WORDS[v][0]}{tail})"
        said = ", ".join(f"{n} {_ROW_WORDS[v][0] if n == 1 else _ROW_WORDS[v][1]}" for v, n in others)
        return f"{word} ({main} of {n_judged} {rows}; {said}{tail})"
    said = ", ".join(f"{n} {verdict_word(v, many=v == 'differs' and n > 1)}" for v, n in judged.items())
    # an undecided family with a differing row read as a contradiction ("undecided (3 rows: 1 differs, 2
    # undecided)" beside "a claim differs if any case differs", a fresh reader of 04): the family rule, in words
    why = f"; {_FAMILY_RULE_WORDS}" if verdict == "inconclusive" and judged.get("differs") else ""
    return f"{word} ({n_judged} {rows}: {said}{tail}{why})"


# Why a family with a differing row can still be undecided, said where the summary shows one
# (:func:`liarlab.core.verdicts.family_verdict`'s thresholds)
_FAMILY_RULE_WORDS = (f"undecided by the family rule, which needs {FAMILY_REPRODUCED * 100:.0f} % of the rows to "
                      f"reproduce or {FAMILY_DIFFERS * 100:.0f} % to differ")


_WORD = re.compile(r"[\w§.=+-]+")
# a label whose rest starts with one of these words says what it compares, not what it is ("Stage 1 vs P1 — ..."):
# without its first words it would open on the comparison ("vs P1 — ...")
_EXACT = {"fig", "figs", "table", "tables"}
# a claim that opens like a sentence continues its family's label in lower case after the colon ("Results against
# people (§4) (4 rows): The program plays ..." read as two sentences run together, issue 50); only these common
# openers, so a name ("Ferguson's T", "OpenSpiel") keeps its capital
_SENTENCE_OPENERS = {"The", "A", "An", "Every", "Each", "All", "Some", "Most", "No", "Our", "Seats", "Players"}
_LINKS = {"vs", "against", "at", "of", "for", "in", "on", "with", "and", "or", "to", "by"}


def _words_of(text: str) -> set[str]:
    """The words of a label, compared as people read them: case, hyphens and a plural s aside ("Stage-1" and
    "Stage 1", "matches" and "match")."""
    words = set()
    for w in _WORD.findall(text.replace("-", " ").lower()):
        w = w.strip(".")
        if w in _EXACT:   # "Figs 3-7 to 3-19" names a range: its "Fig 3-19" is one figure of it, kept
            words.add(w)
            continue
        words.update({w, w[:-2] if w.endswith("es") else w, w[:-1] if w.endswith("s") else w})
    return words


def _without_family_words(claim: str, family: str) -> str:
    """A claim whose own label ("Simulation count — 50 simulations rarely change the bid") starts with words its
    family's name already says, without them: the summary line puts the family first, so "Simulation-count table
    (§4) (3 rows): Simulation count — 50 simulations ..." said one label twice (issue 50, a fresh reader of 03).
    What the label adds stays ("Bluff-1 N=2 — first-player win %" under "Bluff-1 table" keeps "N=2 — ..."; a
    parenthesis left alone moves behind the claim); a label whose rest opens on a comparison ("Stage 1 vs P1") is
    kept whole."""
    label, dash, rest = claim.partition(" — ")
    if not dash or not rest:
        return claim
    known = _words_of(family)
    words = label.split()
    k = 0
    while k < len(words) and words[k].lower() not in _LINKS and all(w in known for w in _words_of(words[k]) if w):
        k += 1
    if k == 0:
        return claim
    left = " ".join(words[k:])
    if not left:
        return rest
    if left.split()[0].lower() in _LINKS:
        return claim
    if left.startswith("(") and left.endswith(")"):
        return f"{rest} {left}"
    return f"{left} — {rest}"


def _line_cause(line) -> str:
    """The likeliest cause of a summary line's differing rows, in words, whatever the family's verdict (a family
    of mixed verdicts or mixed causes showed none, and 03's summary had no cause column for its three misprints,
    issue 50): "a misprint", or the commonest cause with its share where the rows' causes are mixed ("a genuine
    difference in 2 of the 3 differing rows, a reading of the paper in 1"); "" for an extension or where no
    differing row names a cause."""
    from liarlab.study.answer import and_list, cause_words

    if str(line["verdict"]) == "extension":
        return ""
    counts = [(int(n), cause) for n, _, cause in (part.partition(" ") for part in
                                                  str(line.get("causes") or "").split(", ")) if n.isdigit()]
    if not counts:
        return ""
    total = sum(n for n, _ in counts)
    if str(line["verdict"]) != "differs":
        # an undecided or reproduced family given "a genuine difference" as its cause read as a contradiction
        # (two fresh readers, 04 and 02): the cause is its differing rows', and says so
        rows = "the differing row" if total == 1 else f"the {total} differing rows"
        return f"for {rows}: " + and_list([f"{cause_words(c)}" + (f" ({n})" if len(counts) > 1 else "")
                                           for n, c in counts])
    if len(counts) == 1:
        return cause_words(counts[0][1])
    (n0, c0), rest = counts[0], counts[1:]
    return and_list([f"{cause_words(c0)} in {n0} of the {total} differing rows"]
                    + [f"{cause_words(c)} in {n}" for n, c in rest])


def paper_said(r) -> str:
    """The paper's value as printed, with the range its rule allows where our interval excludes the printed value
    yet the row does not differ: "5.6 (allowed 5.23 to 5.97)" beside "5.46 [5.38, 5.55]: reproduced" read as a
    contradiction (a fresh reader of 03), since the rule widens a printed value by its own sampling error. The
    range is given to one decimal more than the print."""
    printed = tables.printed_text(r.get("paper_value"))
    match = tables.ALLOWED_RANGE.match("" if tables.is_missing(r.get("rule")) else str(r.get("rule")))
    lo, hi = r.get("ci_low"), r.get("ci_high")
    if match is None or str(r.get("verdict")) == "differs" or tables.is_missing(lo) or tables.is_missing(hi):
        return printed
    try:
        value = float(str(r.get("paper_value")).replace(",", ""))
    except ValueError:
        return printed
    low, high = float(match["low"]), float(match["high"])
    if float(lo) <= value <= float(hi) or low == high:
        return printed
    digits = len(printed.partition(".")[2]) + 1
    return f"{printed} (allowed {low:,.{digits}f} to {high:,.{digits}f})"


def claims_summary(table, limit: int = 15):
    """The claims table in at most ``limit`` lines, one per claim family (its extension rows a line of their
    own): the headline family first, then the findings, extensions, checks of the paper's arithmetic and of our
    code in table order. Each line has the family, one of its claims in words (the headline row, else the first
    row whose verdict is the family's, or a differing one of an undecided family), the paper's value and ours with
    its interval or "exact", the family's verdict by its rule ("reproduced: 11 of 12 rows") and the likeliest cause
    of a difference. Where there are more
    families than lines, the differing and undecided findings are kept and the last line counts the rest."""
    import pandas as pd

    from liarlab.study import scorecard
    from liarlab.study.answer import claim_words, headline

    full = _with_ids(table)
    fams = scorecard.families(full)
    head = headline(table)
    head_family = None if head is None else (str(head["family"]) if not tables.is_missing(head.get("family"))
                                             else str(head["claim"]))
    kind_order = {"finding": 0, "arithmetic": 2, "check": 4}
    fams = fams.assign(
        _head=[str(f) == head_family and v != "extension" and (head is None or k == head["kind"])
               for f, v, k in zip(fams["family"], fams["verdict"], fams["kind"])],
        _order=[kind_order.get(k, 6) + (v == "extension") for k, v in zip(fams["kind"], fams["verdict"])])
    fams = fams.sort_values(["_head", "_order", "first_row"], ascending=[False, True, True], kind="stable")
    fams = fams.reset_index(drop=True)
    keep = list(fams.index)
    rest = []
    if len(fams) > limit:
        urgent = [i for i in fams.index if fams.at[i, "_head"] or (
            fams.at[i, "kind"] == "finding" and fams.at[i, "verdict"] in ("differs", "inconclusive"))]
        # among the rest, a family with a differing row (a misprint in a table that otherwise agrees) before one
        # whose every row agrees: 03's three misprints sat in "7 more families" and its summary named no cause
        # (issue 50, the lead's list)
        others = sorted((i for i in fams.index if i not in urgent),
                        key=lambda i: "differs" not in str(fams.at[i, "row_verdicts"]))
        room = max(limit - 1 - len(urgent), 0)
        keep = sorted(urgent[:limit - 1] + others[:room])
        rest = [i for i in fams.index if i not in keep]
    mixed = (fams["kind"] == "finding").any()   # name a family's kind only beside findings of the paper
    lines = []
    for i in keep:
        line = fams.loc[i]
        group = full[(full["family"].astype(str) == str(line["family"])) & (full["kind"] == line["kind"])
                     & ((full["verdict"] == "extension") == (line["verdict"] == "extension"))]
        if line["_head"] and head is not None:
            rep = head
        else:
            # the row that decides the family's verdict: an undecided family with a differing row is shown by it,
            # not by an undecided or reproducing one (04's features family, issue 50, a fresh reader)
            order = [line["verdict"]] if line["verdict"] == "reproduced" else ["differs", line["verdict"]]
            rep = next((group[group["verdict"] == v] for v in order if (group["verdict"] == v).any()), group).iloc[0]
        about = ([f"{line['rows']} rows"] if line["rows"] > 1 else []) + (
            [_kind_short(line["kind"], rep)] if line["kind"] in ("arithmetic", "check") and mixed else [])
        name, claim = tables.tidy_text(str(line["family"])), tables.tidy_text(claim_words(rep["claim"]))
        raw = tables.tidy_text(str(rep["claim"]))
        suffix = f" ({'; '.join(about)})" if about else ""
        base = name.split(" (")[0].rstrip(" .")
        if claim.startswith(base + " — ") and base != name:
            # "Solver (§3.1, Figs 3-7 to 3-19) — Solver — the endgame-table line ..." said the label twice
            claim = claim[len(base) + 3:]
        if raw == name or raw.startswith(name.rstrip(" .")):   # the claim already says the family's name
            text = claim + suffix
        else:   # the family's own label set off by a dash too ("Extension — exchange ablation (E13) (8 rows): ...")
            claim = _without_family_words(claim, name)
            joint = " — " if ":" in claim else ": "
            first, _, after = claim.partition(" ")
            if joint == ": " and first in _SENTENCE_OPENERS:   # "Results against people (§4): the program ..."
                claim = f"{first.lower()} {after}"   # a claim with a colon of its own: not a second one before it
            text = tables.tidy_text(claim_words(name)) + suffix + joint + claim
        verdict = _family_verdict(line)
        if line["_head"] and head is not None and str(head["verdict"]) != str(line["verdict"]):
            # the family's verdict first, as the answer and the scorecard give it, then the headline row's own
            # (04: "reproduced: 6 of 8 rows; its headline row differs", issue 50)
            verdict = f"{verdict}; its headline row {verdict_word(head['verdict'])}"
        lines.append({"claim": text, "paper": paper_said(rep), "ours": ours_said(rep), "verdict": verdict,
                      "cause": _line_cause(line)})
    if rest:
        others = fams.loc[rest]
        counts = others["verdict"].map(verdict_word).value_counts()
        kinds = others["kind"].map(lambda k: _KIND_PLURAL.get(k, k)).value_counts()
        lines.append({"claim": f"{len(rest)} more families ({others['rows'].sum()} rows; "
                               f"{', '.join(dict.fromkeys(kinds.index))}), listed in the full claims table below",
                      "paper": "", "ours": "",
                      # a count of families agrees with its noun: "2 our extensions", "2 differ" ("2 our
                      # extension" on 00's last line, issue 50, a fresh reader)
                      "verdict": ", ".join(f"{n} {verdict_word(v, many=n != 1)}" for v, n in counts.items()),
                      "cause": ""})
    view = pd.DataFrame(lines, columns=["claim", "paper", "ours", "verdict", "cause"])
    # a count of cases with nothing undecided ("72 of 75 printed numbers") in a table whose every number is exact
    # is exact too, and says so like the other lines (00 said "exact" on all lines but its first, issue 50)
    counts = view["ours"].str.fullmatch(r"[\d,]+ of [\d,]+ [^()]*")
    said = view["ours"].astype(bool) & ~counts
    if counts.any() and said.any() and view.loc[said, "ours"].str.endswith(", exact").all():
        view.loc[counts, "ours"] = view.loc[counts, "ours"] + ", exact"
    if not view["cause"].astype(bool).any():
        view = view.drop(columns=["cause"])
    view.index = range(1, len(view) + 1)
    return view


def claims_view(frame):
    """The whole claims table as people read it (shown folded under the summary): every row, full text, what the
    paper says, what we measured (value, interval and what the interval is, sample, and a two-stage row's pilot),
    the rule without its boilerplate (:func:`rule_head`), the verdict and, for a differing finding, its likeliest
    cause and the readings tried; a frame of text."""
    import pandas as pd

    from liarlab.study.answer import cause_words

    rows = []
    for _, r in frame.iterrows():
        ours = _cell(r.get("reproduced_value"))
        if _cell(r.get("ci_low")) and _cell(r.get("ci_high")) and r.get("ci_low") != r.get("ci_high"):
            label = _cell(r.get("interval"))
            ours += f" [{_cell(r['ci_low'])}, {_cell(r['ci_high'])}]" + (f" ({label})" if label else "")
        if _cell(r.get("n")):   # "(1 player)", not "(1 players)" (issue 50, a fresh reader of 06)
            ours += f" ({_cell(r['n'])} {_unit_for(r.get('n'), _cell(r.get('unit')))}".rstrip() + ")"
        if _cell(r.get("seed_min")) and _cell(r.get("seed_max")):
            ours += f"; seeds {_cell(r['seed_min'])} to {_cell(r['seed_max'])}"
        if _cell(r.get("pilot_value")):
            pilot = _cell(r["pilot_value"])
            if _cell(r.get("pilot_ci_low")) and _cell(r.get("pilot_ci_high")):
                pilot += f" [{_cell(r['pilot_ci_low'])}, {_cell(r['pilot_ci_high'])}]"
            if _cell(r.get("pilot_n")):
                pilot += f" ({_cell(r['pilot_n'])})"
            ours += f"; pilot {pilot}: {_cell(r.get('pilot_verdict'))}"
        note = "; ".join(x for x in (_cell(r.get("flags")), _cell(r.get("note"))) if x)
        why = ""
        if _cell(r.get("cause")):
            why = f"likeliest cause: {cause_words(r['cause'])}" + (f"; readings: {_cell(r.get('readings'))}"
                                                    if _cell(r.get("readings")) else "")
        rows.append({"family": _cell(r.get("family")), "claim": _cell(r.get("claim")), "kind": _cell(r.get("kind")),
                     "paper": _cell(r.get("paper_value")), "ours": ours, "verdict": _cell(r.get("verdict")),
                     "rule": rule_head(r.get("rule")), "note": note, "why it differs": why})
    columns = ["family", "claim", "kind", "paper", "ours", "verdict", "rule", "note", "why it differs"]
    view = pd.DataFrame(rows, columns=columns)
    if not view["why it differs"].astype(bool).any():
        view = view.drop(columns=["why it differs"])
    view.index = range(1, len(view) + 1)
    return view


def _unit_for(n, unit: str) -> str:
    """A sample's unit as its count takes it: "player" for 1, "players" otherwise (the claims table stores the
    plural)."""
    try:
        one = float(n) == 1
    except (TypeError, ValueError):
        one = False
    return unit[:-1] if one and unit.endswith("s") and not unit.endswith("ss") else unit


def _data_link(name: str) -> str:
    """A link to ``data/<name>`` from a page one folder below the root (``notebooks/``, ``report/``)."""
    return f'<a href="../data/{html.escape(name)}">data/{html.escape(name)}</a>'


# The answer placeholder's display handle in this kernel (output the notebook shows, not a run setting: nothing
# reads it but fill_answer)
_ANSWER = {"handle": None}


def answer_placeholder() -> None:
    """Show where the notebook's answer goes (right after its setup); :func:`fill_answer` replaces it with the
    paragraph generated from the claims table once that table is built."""
    from IPython.display import Markdown, display

    _ANSWER["handle"] = display(Markdown("*The answer is generated from the claims table at the end of this "
                                         "run.*"), display_id=True)


def fill_answer(claims, question: str, *, quantity: str | None = None, second: str | None = None,
                second_quantity: str | None = None, paper: str | None = None,
                second_paper: str | None = None, third: str | None = None,
                third_quantity: str | None = None, more: str | None = None, short: str | None = None,
                caveat: str | None = None) -> str:
    """Fill the placeholder with :func:`liarlab.study.answer.answer_paragraph` (shown here instead when this
    kernel showed no placeholder); returns the markdown. ``quantity`` names what the headline's number is ("the
    share of the 32 types whose win rate lies in 60-70 %"); ``second`` is the claim text of another claims row
    reported as the notebook's second main result, ``second_quantity`` what its number is; ``paper`` and
    ``second_paper`` the paper's value on the same scale as ours (a share of types beside a share); ``third`` and
    ``third_quantity`` a third result where the question has a third part (06); ``more`` the paper's own further
    results in markdown (02); ``short`` the answer in one plain sentence, said first (04), ``caveat`` its one caveat, the rest under a
    title (06). The answer is shown
    once, at the top: a page that repeated it at its claims would be a screen longer."""
    from IPython.display import Markdown, display

    from liarlab.study.answer import answer_paragraph

    words = dict(quantity=quantity, second=second, second_quantity=second_quantity, paper=paper,
                 second_paper=second_paper, third=third, third_quantity=third_quantity, more=more,
                 short=short, caveat=caveat)
    text = answer_paragraph(claims, question, **words)
    handle = _ANSWER["handle"]
    if handle is not None:
        # the first cell asks the question right above the placeholder: the answer there starts with the answer
        handle.update(Markdown(answer_paragraph(claims, None, **words)))
    else:
        display(Markdown(text))
    return text


def show_claims(frame, readings=None) -> None:
    """Show the claims as a reader takes them in: the protocol line (:func:`protocol_line`), the claims
    summary (:func:`claims_summary`, at most 15 lines) and the full claims table folded (an HTML ``<details>``
    section, closed until opened), linked to ``data/NN_claims.csv``; with ``readings``, the readings table folded
    too (:func:`show_readings`)."""
    from IPython.display import HTML, Markdown, display

    nb_id = frame.attrs.get("notebook") or context.current().notebook or "NN"
    display(Markdown(protocol_line(frame)))
    display(HTML(tables.table_html(claims_summary(frame))))
    body = f"<p>Every row, as saved in {_data_link(f'{nb_id}_claims.csv')}.</p>" + tables.table_html(claims_view(frame), fold_rows=10**9)
    display(HTML(tables.folded(f"The full claims table: {len(frame):,} rows (folded; click to open)", body)))
    if readings is not None:
        show_readings(readings)


def show_readings(table) -> None:
    """The readings table (:func:`liarlab.study.readings.view`), folded and linked to ``data/NN_readings.csv``."""
    from IPython.display import HTML, display

    from liarlab.study import readings as study_readings

    nb_id = context.current().notebook or "NN"
    body = (f"<p>Every reading tried for the claims, as saved in {_data_link(f'{nb_id}_readings.csv')}.</p>"
            + tables.table_html(study_readings.view(table), fold_rows=10**9))
    display(HTML(tables.folded(f"The readings table: {len(table):,} readings of the paper (folded; click to open)",
                               body)))


def show_table(frame) -> None:
    """Display any table whole (every row, text wrapped, every cell by :func:`liarlab.study.tables.cell_text`),
    split or transposed where it would be wider than the page."""
    from IPython.display import HTML, display

    view = frame.reset_index(drop=True)
    view.index = range(1, len(view) + 1)
    display(HTML(tables.table_html(view)))


def show_folded(content, summary: str) -> None:
    """Show a table (every cell by :func:`liarlab.study.tables.cell_text`) or a markdown text folded: an HTML
    ``<details>`` section with ``summary`` as its one line, closed until the reader opens it."""
    from IPython.display import HTML, display

    if isinstance(content, str):
        import mistune

        body = mistune.html(content)
    else:
        import pandas as pd

        # a labelled index (a pivot's rows, a set_index) is part of the table: kept as columns, not dropped
        plain = isinstance(content.index, pd.RangeIndex) and content.index.name is None
        view = content.reset_index(drop=plain)
        view.index = range(1, len(view) + 1)
        body = tables.table_html(view, fold_rows=10**9)
    display(HTML(tables.folded(summary, body)))


def show_figure(fig, name: str, caption: str) -> None:
    """Save ``fig`` as ``figures/<name>`` (:func:`liarlab.study.outputs.save_figure`), show it, then its caption
    under it in italics (a printed caption would sit above the figure, which the inline backend shows at the end
    of the cell, and wrap mid-number)."""
    import matplotlib.pyplot as plt
    from IPython.display import Markdown, display

    outputs.save_figure(fig, name)
    display(fig)
    plt.close(fig)
    text = " ".join(str(caption).split())
    display(Markdown(text if "*" in text else f"*{text}*"))   # a caption with its own emphasis stays as it is


def show_coverage(frame) -> None:
    """Display a coverage ledger (``study.coverage``): its one-line count, and the ledger itself folded (linked to
    ``data/NN_coverage.csv``)."""
    from IPython.display import Markdown, display

    from liarlab.study import coverage

    # one paragraph, the specs' lines joined: 00 showed "Coverage. 01: ..." and "Coverage. 02: ..." as two
    # outputs one above the other (issue 50, a fresh reader)
    lines = list(coverage.summary(frame)["line"])
    if lines:
        display(Markdown("**Coverage.** " + "; ".join(lines) + "."))
    nb_id = context.current().notebook or "NN"
    show_folded(frame.drop(columns=[c for c in ("notebook",) if c in frame.columns]),
                f"The coverage ledger: {len(frame):,} experiments of the spec, each with its size and status "
                f"(data/{nb_id}_coverage.csv; folded, click to open)")
