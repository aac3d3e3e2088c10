"""Notebook 02's tables as the page shows them: one precision per column, headers and labels in words (issue 50:
a fresh reader found "0.970" above "0.9860" in one column, "margin ci_low", config "n=1" and "0.001282" % of keys).

Each function takes a frame the notebook computes (named in its docstring) and returns a copy for display only;
the saved CSVs keep every column and full precision. A value and its interval become one text cell,
"0.902 [0.823, 0.981]", at :data:`DECIMALS` decimals for every row of the column.
"""
from __future__ import annotations

import math

import pandas as pd

DECIMALS = 3   # win rates and their differences: every row of a column to the same decimals

#: a state record's code name (the ``config`` column) as the page says it
CONFIG_WORDS = {"n=1": "history 1", "n=2": "history 2", "n=3": "history 3", "full, n=1": "full hand, history 1",
                "full, n=2": "full hand, history 2", "full, n=3": "full hand, history 3",
                "Q-learning": "Q-learning (history 1)", "SARSA": "SARSA (history 1)"}


def config_words(config: str) -> str:
    """``"full, n=2"`` -> ``"full hand, history 2"``; a name it does not know stays as it is."""
    return CONFIG_WORDS.get(str(config), str(config))


def model_words(model: str) -> str:
    """A best-responder target's name, its state record in words: ``"RL0 (full, n=1)"`` -> ``"RL0 (full hand,
    history 1)"``."""
    text = str(model)
    for code in sorted(CONFIG_WORDS, key=len, reverse=True):
        if code.startswith(("Q-", "SARSA")):
            continue
        text = text.replace(f"({code}", f"({CONFIG_WORDS[code]}")
    return text


def _fixed(x: float, decimals: int = DECIMALS) -> str:
    text = f"{x:,.{decimals}f}"
    return text[1:] if text.startswith("-") and set(text[1:]) <= set("0.,") else text   # never "-0.000"


def interval(value, low, high, decimals: int = DECIMALS) -> str:
    """"0.902 [0.823, 0.981]": a value and its interval at one fixed precision; the value alone where the
    interval is missing or has no width."""
    if pd.isna(value):
        return ""
    if pd.isna(low) or pd.isna(high) or float(low) == float(high):
        return _fixed(float(value), decimals)
    return f"{_fixed(float(value), decimals)} [{_fixed(float(low), decimals)}, {_fixed(float(high), decimals)}]"


def two_significant(x: float) -> str:
    """A small share as two significant digits, never e-notation ("0.0013", "5.9")."""
    if pd.isna(x):
        return ""
    if x == 0:
        return "0"
    decimals = max(0, 1 - math.floor(math.log10(abs(x))))
    return f"{x:,.{decimals}f}"


def _sample(n, unit) -> str:
    if pd.isna(n):
        return ""
    unit = "tables" if str(unit) == "seeds" else str(unit)
    return f"{int(n):,} {unit}"


def rates(summary: pd.DataFrame, value: str = "win_rate", label: str = "win rate") -> pd.DataFrame:
    """A :func:`experiments.summarize`-style frame (value, ``ci_low``, ``ci_high``, ``n``, ``unit``, ``seed_min``,
    ``seed_max``) with the value and its 95 % interval in one column, the sample in words and the seed range in
    one column ("0.896 to 0.908", blank for a fixed pairing)."""
    out = summary.copy()
    out[f"{label} [95 % interval]"] = [interval(v, lo, hi) for v, lo, hi in zip(out[value], out.ci_low, out.ci_high)]
    if "n" in out:
        out["sample"] = [_sample(n, u) for n, u in zip(out.n, out.unit)]
    else:   # a learning-curve summary counts its tables in n_seeds
        out["sample"] = [_sample(n, "tables") for n in out.n_seeds]
    out["range across tables"] = ["" if pd.isna(a) else f"{_fixed(a)} to {_fixed(b)}"
                                  for a, b in zip(out.seed_min, out.seed_max)]
    if "config" in out:
        out["config"] = out.config.map(config_words)
    if "model" in out:
        out["model"] = out.model.map(model_words)
    if "entries" in out:    # a mean over tables: one decimal in every row ("656.5" above "1,677", issue 50)
        out["entries"] = [f"{x:,.1f}" for x in out.entries]
    keep = [c for c in out.columns
            if c not in {value, "ci_low", "ci_high", "n", "n_seeds", "unit", "seed_min", "seed_max"}]
    return out[keep].rename(columns={"config": "state record"}).rename(columns=lambda c: str(c).replace("_", " "))


def curves_last(last_point: pd.DataFrame) -> pd.DataFrame:
    """The learning curves' last point (:func:`experiments.summarize_curves` at the last checkpoint): the rate
    with its interval, the sample, table size in entries and as a share of the report's key space."""
    out = rates(last_point.drop(columns=["seconds"], errors="ignore"))
    # two significant digits, as the text says them (issue 50, fresh reader: "5.9466" beside the text's "5.9%")
    out["explored (% of the key space)"] = [two_significant(100 * x) for x in last_point.explored_share]
    out["training win rate"] = [_fixed(x) for x in last_point.training_win_rate]
    out["mean actions per game"] = [f"{x:.2f}" for x in last_point.mean_actions]
    out["actions scanned per game"] = [f"{x:.1f}" for x in last_point.scanned_per_game]
    # :func:`rates` writes the raw columns' names with spaces: each is dropped for its formatted column above (the
    # page showed "mean actions" 3.441 and 2.12 beside "mean actions per game" 3.44, issue 50)
    out = out.drop(columns=["explored share", "mean actions", "scanned per game"], errors="ignore")
    out["entries"] = [f"{x:,.1f}" for x in last_point.entries]
    return out.rename(columns={"entries": "entries (mean over tables)"})


def timing(timing_summary: pd.DataFrame) -> pd.DataFrame:
    """Fig 5-13's per-record means (:func:`experiments.timing_summary`): milliseconds, not a fraction of a second,
    and one precision a column."""
    return pd.DataFrame({
        "state record": timing_summary.config.map(config_words),
        "milliseconds per 10,000 games": [f"{1000 * x:.1f}" for x in timing_summary.seconds_per_10000_games],
        "mean actions per game": [f"{x:.2f}" for x in timing_summary.mean_actions_per_game],
        "actions scanned per game": [f"{x:.1f}" for x in timing_summary.actions_scanned_per_game]})


def training_timing(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`claims.timing_table` in milliseconds per 10,000 training games, two decimals in every row of a
    column (it showed seconds as "0.02083" beside "-0.0006679", issue 50)."""
    from liarlab.study.tables import with_decimals

    sec = [c for c in table.columns if str(c).endswith("_seconds")]
    names = {c: c.removesuffix("_seconds").replace("_", " ").replace("ci", "interval") + " (ms per 10,000 games)"
             for c in sec}
    out = table.assign(**{c: 1000 * table[c] for c in sec}).rename(columns=names)
    return with_decimals(out, dict.fromkeys(names.values(), 2))


def baselines(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`claims.baseline_table` as one table that fits the page: the learned rate with its interval, the best
    baseline with its rate (issue 50, fresh reader: three baseline columns made 12 columns with wrapped headers; the
    saved table keeps every baseline's rate), and learned minus the best baseline with its interval, whose level
    (the same on every row) is said once, in the header."""
    level = str(table["interval"].iloc[0]).split(" (")[0] if len(table) else "95 %"
    out = pd.DataFrame({
        "learned agent": table["learned agent"], "opponent": table["opponent"], "players": table["players"],
        "learned win rate [95 % interval]": [interval(v, lo, hi) for v, lo, hi in
                                             zip(table["learned win rate"], table.ci_low, table.ci_high)],
        "tables": table["seeds"]})
    out["best baseline (rate)"] = [f"{b} ({_fixed(r[b])})" for b, (_, r) in zip(table["best baseline"], table.iterrows())]
    out[f"learned minus best [{level} interval, Bonferroni]"] = [
        interval(v, lo, hi) for v, lo, hi in zip(table["learned minus best"], table["margin ci_low"],
                                                 table["margin ci_high"])]
    out["learning beats every baseline"] = table["learning beats every baseline"]
    return out


def pivot_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """A pivot of win rates (rows by columns) at one precision, its axis names in words ("tested as")."""
    out = frame.map(lambda x: "" if pd.isna(x) else _fixed(x))
    words = [str(n).replace("_", " ") if n is not None else None for n in out.index.names]
    return out.rename_axis(index=words)


def table_4_3(slice43: pd.DataFrame) -> pd.DataFrame:
    """Table 4-3's slice of our RL0 (:func:`experiments.table_4_3`): the learned value of each legal key, "not
    learned" where the table never updated it (it reads 0), "not legal" where the bid is no raise."""
    view = slice43.pivot_table(index=["games", "bid_fives"], columns="previous_bid", values="value", dropna=False)
    seen = slice43.pivot_table(index=["games", "bid_fives"], columns="previous_bid", values="seen", dropna=False)
    out = view.copy().astype(object)
    for r in range(view.shape[0]):
        for c in range(view.shape[1]):
            v, s = view.iat[r, c], seen.iat[r, c]
            out.iat[r, c] = ("not legal" if pd.isna(v) else f"{v:.3f}" if (not pd.isna(s) and bool(s))
                             else "not learned")
    out.index = out.index.set_names(["games", "bid c fives"])
    out.columns = [f"after {c}" for c in out.columns]
    return out


def styled(frame: pd.DataFrame):
    """A frame of text cells as the notebook displays it, its fixed decimals kept: a table cell that is a number
    written as text is rewritten by :func:`liarlab.study.tables.cell_text` ("0.510" -> "0.51", so one column
    showed 0.51 beside 0.488); a ``Styler`` is shown as written (:func:`liarlab.study.tables.styler_html`), rows
    counted from 1 and the index and column names left as they are."""
    from liarlab.study import tables

    out = frame.copy()
    if isinstance(out.index, pd.RangeIndex) and out.index.start == 0:
        out.index = pd.RangeIndex(1, len(out) + 1)
    # text as written; a number (a count, an integer) as every table cell writes it ("5,000", never "5000")
    return out.style.set_table_styles(tables.WRAP).format(lambda v: v if isinstance(v, str) else tables.cell_text(v))


#: Table 5-1's counts are means over independently trained tables, said once in the first header, not on every column
TOP30_FIRST = "state record (mean count among a table's top 30)"


def top30_kinds(kinds: pd.DataFrame) -> pd.DataFrame:
    """Table 5-1's counts by kind (:func:`experiments.top30_kinds`), the state records in words, each count a mean
    over the tables at one decimal: every header ended "(mean over tables)" and the cells read "1", "0.8", "29.2"
    (issue 50, a fresh reader); the state record is a column, not an index name on a header row of its own."""
    out = kinds.rename(index=config_words).rename(columns=lambda c: str(c).removesuffix(" (mean over tables)"))
    out = out.round(1)   # shown to one decimal in every cell (the table format pads a column to one count)
    out = out.rename_axis(index=TOP30_FIRST, columns=None).reset_index()
    out.index = pd.RangeIndex(1, len(out) + 1)
    return out


def values_fixed(frame: pd.DataFrame) -> pd.DataFrame:
    """The honestAction readings table (:func:`claims.honest_reading`): every column whose name starts "value" at
    :data:`DECIMALS` decimals (it printed "0.00925" beside "0.131" and "1"), and every value and verdict headed as
    the pilot's, which it is: the EXP-only games before the two stages (issue 50)."""
    out = frame.copy()
    for c in out.columns:
        if str(c).startswith("value"):
            out[c] = [_fixed(float(x)) if not pd.isna(x) else "" for x in out[c]]
    return out.rename(columns=lambda c: f"pilot {c}" if str(c).startswith(("value", "verdict")) else c)


def roles(by_role: pd.DataFrame) -> pd.DataFrame:
    """The three-player games pooled by role (:func:`experiments.three_roles`): the win rate and its 95 % interval
    in one column."""
    out = by_role.copy()
    out["win rate [95 % interval]"] = [interval(v, lo, hi) for v, lo, hi in zip(out.win_rate, out.ci_low,
                                                                                out.ci_high)]
    return out.drop(columns=["win_rate", "ci_low", "ci_high"])


def two_stage(stages: pd.DataFrame) -> pd.DataFrame:
    """The two-stage rows (:func:`confirm.two_stage`'s table) as the page shows them: each stage's value with its
    interval in one column and its sample in words ("4,000 games"), headers in words (the page showed "pilot
    ci_low" and "confirm n", issue 50); a confirmatory sample not drawn is left blank."""
    out = pd.DataFrame({"family": stages["family"], "claim": stages["claim"]})
    for stage, words in (("pilot", "pilot"), ("confirm", "confirmatory")):
        out[f"{words} value [interval]"] = [interval(v, lo, hi) for v, lo, hi in
                                            zip(stages[f"{stage} value"], stages[f"{stage} ci_low"],
                                                stages[f"{stage} ci_high"])]
        out[f"{words} sample"] = [_sample(n, u) for n, u in zip(stages[f"{stage} n"], stages["unit"])]
        if stage == "pilot":
            out["pilot verdict"] = stages["pilot verdict"]
            out["plan"] = stages["plan"]
            out["confirmatory budget"] = stages["confirmatory sample"]
    out["verdict"] = stages["verdict"]
    return out


def reading_view(reading) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The honest-bid readings (:func:`claims.honest_reading`) at margin 3, with what each value is, and the
    margin-2 verdicts apart (shown folded): "pilot value" mixed differences and shares unsaid (a fresh reader)."""
    import re

    from liarlab.study.answer import without_point_scale

    table = values_fixed(reading_headers(reading.table))
    what = {}   # one gloss a row, or each reading's in the columns' order where they name different cases
    for rows in (reading.by_reading or {"chosen": reading.rows}).values():
        for r in rows:
            m = re.search(r"value: ([^;,]+)", str(r.get("note") or ""))
            gloss = without_point_scale(m.group(1)) if m else f"share of {r.get('unit')}"
            said = what.setdefault((r["family"], r["claim"]), [])
            said += [gloss] if gloss not in said else []
    table.insert(2, "value is", [" / ".join(what.get(k, [])) for k in zip(table.family, table.claim)])
    margin2 = [c for c in table if "margin 2" in c]
    return table.drop(columns=margin2), table[["family", "claim", *margin2]]


def reading_headers(table: pd.DataFrame) -> pd.DataFrame:
    """The saved honest-bid reading table (:func:`claims.reading_table`) with the readings' page names in its
    headers (:data:`experiments.READING_NAMES`; issue 50, fresh reader: one name a reading on the whole page)."""
    from liarlab.papers.p02 import claims
    from liarlab.papers.p02 import experiments as ex

    def header(column: str) -> str:
        for code, saved in claims.TABLE_READINGS.items():
            column = column.replace(f"({saved})", f"({ex.READING_NAMES[code]})")
        return column

    return table.rename(columns=header)
