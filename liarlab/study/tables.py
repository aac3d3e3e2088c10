"""How a notebook shows a table: one cell format for every number, and no table wider than the page (issue 50).

:func:`cell_text` is the one way a table cell is written: plain decimals (never e-notation), "< 10⁻¹⁵" for a
round-off-sized value, thousands separators, a fraction beside its decimal, an empty cell for a missing value
(never ``NaN`` or ``<NA>``), and a tuple or list written out as words, never as a repr. :func:`table_html` writes a
whole frame that way and splits (or transposes) one that would be wider than :data:`MAX_WIDTH` pixels.
:func:`register` makes every ``display(frame)`` of a notebook kernel go through it, so a notebook's own
``display(table.round(3))`` follows the same rules as :func:`liarlab.study.notebook.show_table`.
"""
from __future__ import annotations

import html
import math
import numbers
import re
from fractions import Fraction

import pandas as pd

MAX_WIDTH = 1300        # px: the widest table a 1400-px page shows without a scroll bar
ROUNDOFF = 1e-15        # below this a nonzero value is floating-point round-off, not a measured quantity
DIGITS = 4              # significant digits of a non-integer cell
CHAR_PX = 7.0           # px per character of the report's table font (13 px; digits about 7.2, letters about 6.5)
HEADER_CHAR_PX = 8.4    # px per character of a bold header ("share_games_with_H" is one unbreakable word)
CELL_PAD_PX = 14        # px of padding (0.5em a side) and border per column
CELL_MAX_PX = 442       # px: a wrapped cell's widest (max-width 34em at 13 px)
WRAP_CHARS = 32        # a long text cell wraps to about this many characters a line when the page is narrow
MAX_DECIMALS = 4        # a value with at most this many decimals is shown as it is (68.333, not 68.33)
FOLD_ROWS = 24          # a longer table is shown folded (its rows are in the notebook's CSV and one click away)
FRACTION_DIGITS = 4     # a fraction with a longer denominator is shown as its decimal alone

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
ROUNDOFF_TEXT = "< 10" + f"{int(round(math.log10(ROUNDOFF)))}".translate(_SUPERSCRIPT)
_E_NUMBER = re.compile(r"(?<![\w.])([-+]?\d+(?:\.\d+)?[eE][-+]?\d+)(?![\w.])")
_LONG_DECIMAL = re.compile(r"(?<![\w.])(-?\d+\.\d{7,})(?![\w.])")
_FRACTION_TEXT = re.compile(r"^\s*(-?\d+)\s*/\s*(\d+)\s*$")
_NUMBER_TEXT = re.compile(r"^\s*[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\s*$")
#: a claims row's rule that prints its allowed range ("word 'almost all' (share): allowed [0.9, 1]; reproduced if
#: ..."), as :func:`liarlab.core.verdicts` writes it: the reading, and the range's bounds (read by the claims summary
#: and the scorecard's worked example)
ALLOWED_RANGE = re.compile(r"^(?P<reading>.*?): allowed \[(?P<low>[-+0-9.eE]+), (?P<high>[-+0-9.eE]+)\]")
_NAN_WORD = re.compile(r"(?<![\w<])(?:nan|NaN|<NA>)(?![\w>])")
_MISSING_TEXT = {"", "nan", "NaN", "<NA>", "None", "NaT", "<NaT>"}

WRAP = [{"selector": "td, th", "props": [("white-space", "normal"), ("text-align", "left"),
                                         ("vertical-align", "top"), ("max-width", "34em")]}]


def is_missing(v) -> bool:
    """None, NaN, ``pd.NA``, ``NaT``, or a text that only says "missing" ("nan", "<NA>", "None")."""
    if v is None or v is pd.NA or v is pd.NaT:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    if isinstance(v, numbers.Number) and not isinstance(v, numbers.Integral):
        try:
            return math.isnan(float(v))
        except (TypeError, ValueError):
            return False
    return isinstance(v, str) and v.strip() in _MISSING_TEXT


def plain(x: float, digits: int = DIGITS) -> str:
    """A float as a plain decimal: integers with separators, ``digits`` significant digits otherwise (trailing
    zeros dropped), "< 10⁻¹⁵" for a nonzero round-off value, never e-notation."""
    x = float(x)
    if math.isnan(x):
        return ""
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    if abs(x) < ROUNDOFF:
        return ROUNDOFF_TEXT
    if abs(x) >= 1e15:  # past a float's exact integers: digits times a power of ten, never e-notation
        exponent = math.floor(math.log10(abs(x)))
        mantissa = plain(x / 10 ** exponent, digits)
        return f"{mantissa} × 10" + str(exponent).translate(_SUPERSCRIPT)
    if x.is_integer():
        return f"{int(x):,}"
    if abs(x) >= 10 ** (digits - 1):
        return f"{x:,.0f}"
    shortest = repr(x)   # a value already rounded to a few decimals (a notebook's .round(3)) keeps them all
    if "e" not in shortest and len(shortest.partition(".")[2]) <= MAX_DECIMALS:
        return shortest
    decimals = digits - 1 - math.floor(math.log10(abs(x)))
    text = f"{x:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


SMALL_PLAIN = 1e-5      # a small quantity at least this large is a plain decimal ("0.14", "0.0034", "0.000012")


def small_text(x, digits: int = 2) -> str:
    """A small quantity (a bracket's width, a best-response gain, a NashConv), the one rule the study writes them
    by: 0 as ``0``; a round-off-sized one (below :data:`ROUNDOFF`) as "< 10⁻¹⁵"; a plain decimal to ``digits``
    significant digits where it fits in a few decimals ("0.14", never "1.4 × 10⁻¹"); a power of ten only for one
    too small for that ("2.6 × 10⁻¹⁵", "10⁻¹²"); blank for a missing value."""
    if is_missing(x):
        return ""
    x = float(x)
    if x == 0:
        return "0"
    if not math.isfinite(x):
        return plain(x)
    if abs(x) < ROUNDOFF:
        return ROUNDOFF_TEXT
    if abs(x) >= SMALL_PLAIN:
        return plain(float(f"{x:.{digits - 1}e}"), digits)   # rounded first: 0.1372 -> 0.14
    exponent = math.floor(math.log10(abs(x)))
    mantissa = f"{x / 10 ** exponent:.{digits - 1}f}"
    power = "10" + str(exponent).translate(_SUPERSCRIPT)
    return power if mantissa in ("1.0", "1") else f"{mantissa} × {power}"


#: a rate, share or difference of rates (value and interval within [-1, 1]) is written to this many decimals in
#: the claims summary and the first screen: one rule for every such row ("0.1357 [0.1320, 0.1393]" beside "0.10
#: [0.00, 0.19]" read as two precisions, issue 50)
RATE_DECIMALS = 3


def rate_decimals(value, low, high) -> int | None:
    """:data:`RATE_DECIMALS` for a rate or a difference of rates whose interval is wider than the last of those
    decimals shows, else None (the interval's own width decides, :func:`interval_text`)."""
    try:
        x, lo, hi = float(value), float(low), float(high)
    except (TypeError, ValueError):
        return None
    if not all(math.isfinite(v) and -1 <= v <= 1 for v in (x, lo, hi)):
        return None
    if fixed_text(lo, RATE_DECIMALS) == fixed_text(hi, RATE_DECIMALS):   # too narrow to show at 3 decimals
        return None
    return RATE_DECIMALS


def interval_text(value, low, high, decimals: int | None = None) -> str:
    """A value with its interval, "0.610 [0.574, 0.647]": all three to the same decimals, ``decimals`` if given,
    else two significant digits of the interval's width (a cell that printed "0.09589 [0.001825, 0.19]" or
    "-0.003672 [-0.005168, -0.002176]" gave each number its own digits, issue 50); integers and text as
    :func:`cell_text` writes them."""
    try:
        x, lo, hi = float(value), float(low), float(high)
    except (TypeError, ValueError):
        return f"{cell_text(value)} [{cell_text(low)}, {cell_text(high)}]"
    if not (math.isfinite(lo) and math.isfinite(hi) and math.isfinite(x)) or hi <= lo:
        return f"{cell_text(value)} [{cell_text(low)}, {cell_text(high)}]"
    if decimals is None:
        decimals = min(max(0, 1 - math.floor(math.log10(hi - lo))), 6)
    return f"{fixed_text(x, decimals)} [{fixed_text(lo, decimals)}, {fixed_text(hi, decimals)}]"


def fixed_text(v: float, decimals: int) -> str:
    """``v`` to exactly ``decimals`` decimals, with separators, never "-0.00"."""
    text = f"{v:,.{decimals}f}"
    return text[1:] if text.startswith("-") and set(text[1:]) <= set("0.,") else text


def fraction_text(value, denominator: int | None = None, decimals: int | None = None) -> str:
    """A fraction beside its decimal ("0.3333 (1/3)"); a long one as its decimal alone (the CSV keeps it exact).
    With ``decimals``, a cell of a column of ratios at one count of decimals (issue 50: "0.0001286 (1/7,776)" above
    "0.1962 (763/3,888)" in one column): the ratio always beside it, ``value / denominator`` as given, unreduced
    ("1.0000 (7,776/7,776)"), a text :func:`cell_text` leaves as it is."""
    num, den = ((int(value), int(denominator)) if denominator is not None else
                (Fraction(value).numerator, Fraction(value).denominator))
    if decimals is not None:
        return f"{fixed_text(num / den, decimals)} ({num:,}/{den:,})"
    if den == 1:
        return plain(num)
    if len(str(den)) <= FRACTION_DIGITS:
        return f"{plain(float(Fraction(num, den)))} ({num:,}/{den:,})"   # "4,651/7,776", as the page writes 7,776
    return plain(float(Fraction(num, den)))


def printed_text(v) -> str:
    """A paper's value as printed: its own digits kept ("9.26", "0.5981"), with separators ("4,561"); a float a
    table turned into e-notation, "144.0" or 16 digits written as :func:`plain` writes it."""
    if is_missing(v):
        return ""
    text = str(v).strip()
    if not _NUMBER_TEXT.match(text):
        return cell_text(v)
    if "e" in text.lower() or not isinstance(v, str):
        return cell_text(v if isinstance(v, numbers.Integral) else float(text))
    whole, _, decimals = text.partition(".")
    if decimals and (len(decimals) > 6 or set(decimals) == {"0"}):
        return plain(float(text))
    sign = "-" if whole.startswith("-") else ""
    whole = f"{int(whole.lstrip('+-')):,}"
    return f"{sign}{whole}.{decimals}" if decimals else f"{sign}{whole}"


def tidy_text(text: str) -> str:
    """A text cell with its numbers written as cells are: e-notation and 7-or-more-decimal floats as plain
    decimals ("allowed [5e-05, 0.00015]" -> "allowed [0.00005, 0.00015]", "printed 0.3333333333333333" ->
    "printed 0.3333")."""
    text = _E_NUMBER.sub(lambda m: plain(float(m.group(1))), text)
    text = _NAN_WORD.sub("n/a", text)   # "p = nan" in a note: a value that could not be computed
    return _LONG_DECIMAL.sub(lambda m: plain(float(m.group(1))), text)


def _sequence_text(items) -> str:
    parts = []
    for item in items:
        if isinstance(item, (tuple, list)):
            parts.append(" ".join(cell_text(x) for x in item))
        else:
            parts.append(cell_text(item))
    return ", ".join(parts)


def cell_text(v, digits: int = DIGITS) -> str:
    """One table cell for people (see the module's rules)."""
    import numpy as np

    if isinstance(v, (tuple, list, np.ndarray)):
        return _sequence_text(list(v))
    if is_missing(v):
        return ""
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, Fraction):
        return fraction_text(v)
    if isinstance(v, numbers.Integral):
        return f"{int(v):,}"
    if isinstance(v, numbers.Number):
        try:
            return plain(float(v), digits)
        except (TypeError, ValueError):
            return str(v)
    if isinstance(v, str):
        match = _FRACTION_TEXT.match(v)
        if match and int(match.group(2)) > 0:
            return fraction_text(Fraction(int(match.group(1)), int(match.group(2))))
        if re.fullmatch(r"\s*0\d+\s*", v):   # a code with a leading zero ("06", "003") names, it does not count:
            return v.strip()                     # "6" in 99's coverage table lost notebook 06 (issue 50)
        if _NUMBER_TEXT.match(v):  # a number a table holds as text (a CSV column read as str)
            return f"{int(v):,}" if re.fullmatch(r"\s*[-+]?\d+\s*", v) else plain(float(v), digits)
        return tidy_text(v)
    return tidy_text(str(v))


def _index_text(index: pd.Index) -> pd.Index:
    if isinstance(index, pd.MultiIndex):
        return pd.MultiIndex.from_tuples([tuple(cell_text(x) for x in t) for t in index], names=index.names)
    return pd.Index([cell_text(x) for x in index], name=index.name)


def frame_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell, index label and column label as :func:`cell_text` writes it."""
    out = frame.copy()
    out = out.astype(object).map(cell_text) if len(out.columns) else out
    out.index = _index_text(out.index)
    out.columns = _index_text(out.columns)
    return out


def _cell_chars(text: str) -> int:
    """The characters a cell needs on one line: all of a short cell, a long text wrapped to about
    :data:`WRAP_CHARS` characters a line (or its longest word, if longer)."""
    text = str(text)
    if len(text) <= WRAP_CHARS:
        return len(text)
    return max(WRAP_CHARS, max((len(w) for w in text.split()), default=0))


def _column_px(header, cells) -> float:
    """The width a wrapped column takes: its widest cell (:func:`_cell_chars`) or its header's longest word."""
    longest_cell = max((_cell_chars(c) for c in cells), default=0)
    words = str(header).split() or [""]
    longest_word = max(len(w) for w in words)
    return min(max(longest_cell * CHAR_PX, longest_word * HEADER_CHAR_PX), CELL_MAX_PX) + CELL_PAD_PX


def estimated_width(frame: pd.DataFrame) -> float:
    """The px a table of text cells (:func:`frame_text`) takes at the report's table font, index included: a
    heuristic (characters times a mean glyph width, wrapped cells capped at 34em), enough to tell a table that fits
    a 1400-px page from one that does not."""
    width = 0.0
    index = frame.index
    levels = ([index.get_level_values(i) for i in range(index.nlevels)] if isinstance(index, pd.MultiIndex)
              else [index])
    for i, values in enumerate(levels):
        width += _column_px(index.names[i] or "", [str(v) for v in values])
    for j, column in enumerate(frame.columns):
        header = " ".join(map(str, column)) if isinstance(column, tuple) else column
        width += _column_px(header, frame.iloc[:, j])
    return width


def _chunks(frame: pd.DataFrame, max_width: float) -> list[pd.DataFrame]:
    """Column groups of ``frame``, each with the index, each at most ``max_width`` wide where a column allows."""
    base = estimated_width(frame.iloc[:, :0])
    groups, current, used = [], [], base
    for j in range(len(frame.columns)):
        w = estimated_width(frame.iloc[:, [j]]) - base
        if current and used + w > max_width:
            groups.append(current)
            current, used = [], base
        current.append(j)
        used += w
    if current:
        groups.append(current)
    return [frame.iloc[:, g] for g in groups]


def fitted(frame: pd.DataFrame, max_width: float = MAX_WIDTH) -> list[pd.DataFrame]:
    """A table of text cells made to fit the page: as it is, or transposed (a wide table with few rows, types as
    columns, say), or split into column groups that each repeat the index."""
    if estimated_width(frame) <= max_width:
        return [frame]
    if len(frame) < len(frame.columns) and estimated_width(frame.T) <= max_width:
        return [frame.T]
    return _chunks(frame, max_width)


def _styled(frame: pd.DataFrame) -> str:
    """A frame of text cells as an HTML table, every cell and label escaped ("< 10⁻¹⁵" is text, not a tag)."""
    styler = frame.style.set_table_styles(WRAP).format(escape="html")
    styler = styler.format_index(escape="html", axis=0).format_index(escape="html", axis=1)
    return styler.to_html()


_CODE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$")


def header_words(label):
    """A column label as a reader reads it: a code name's underscores as spaces ("p_at_least_exact" -> "p at
    least exact"; a fresh reader marked every page down for snake_case headers, issue 50); other labels as they
    are. The CSVs keep the code names."""
    if not (isinstance(label, str) and _CODE_NAME.match(label)):
        return label
    # "seconds_per_10000_games" -> "seconds per 10,000 games": a count in a header gets its separator too
    return re.sub(r"\b\d{5,}\b", lambda m: f"{int(m.group()):,}", label.replace("_", " "))


def _for_reader(frame: pd.DataFrame) -> pd.DataFrame:
    """Headers in words (:func:`header_words`) and pandas' default 0-based row labels counted from 1, as
    :func:`liarlab.study.notebook.show_table` counts them."""
    out = frame
    for axis in (0, 1):   # a transposed table's columns are row labels and its rows headers
        labels = out.axes[axis]
        if isinstance(labels, pd.MultiIndex):
            words = pd.MultiIndex.from_tuples([tuple(header_words(x) for x in t) for t in labels], names=labels.names)
            out = out.set_axis(words, axis=axis)
            continue
        if labels.name is None and pd.api.types.is_integer_dtype(labels) and list(labels) == list(range(len(labels))):
            out = out.set_axis(pd.RangeIndex(1, len(labels) + 1), axis=axis)
        else:
            out = out.set_axis(pd.Index([header_words(x) for x in labels], name=labels.name), axis=axis)
    # a pivot's axis names ("first_dice" over its rows, "second_dice" over its columns) are headers too
    out = out.rename_axis(index=[header_words(n) for n in out.index.names],
                          columns=[header_words(n) for n in out.columns.names])
    return out


# Bound columns beside a value column, as tables name them: "x", "x_low", "x_high" (or " low"/"_ci_low"/"_lo"...),
# or a generic pair ("ci_low", "ci_high"; "low", "high") whose value is the column just before it.
_BOUND_SUFFIXES = (("_low", "_high"), (" low", " high"), ("_ci_low", "_ci_high"), (" ci low", " ci high"),
                   ("_lo", "_hi"), ("_lower", "_upper"))
_GENERIC_BOUNDS = (("ci_low", "ci_high"), ("ci low", "ci high"), ("low", "high"), ("lo", "hi"), ("lower", "upper"))


def interval_columns(frame: pd.DataFrame) -> list[tuple[int, int, int]]:
    """The (value, low, high) column positions of ``frame`` whose three cells are one value and its interval."""
    names = [c if isinstance(c, str) else None for c in frame.columns]
    where = {n: i for i, n in enumerate(names) if n is not None}
    found = []
    for i, n in enumerate(names):
        if n is None:
            continue
        for lo_s, hi_s in _BOUND_SUFFIXES:
            if n + lo_s in where and n + hi_s in where:
                found.append((i, where[n + lo_s], where[n + hi_s]))
                break
    taken = {j for t in found for j in t[1:]}
    for lo_n, hi_n in _GENERIC_BOUNDS:
        if lo_n in where and hi_n in where and where[lo_n] > 0 and where[lo_n] not in taken:
            found.append((where[lo_n] - 1, where[lo_n], where[hi_n]))
    return found


def _aligned_interval(value, low, high) -> tuple[str, str, str] | None:
    """The three cells of :func:`interval_text` ("0.1963 | 0.1960 | 0.1965": one count of decimals), or None
    when they are not three finite numbers with low <= value <= high, low < high."""
    try:
        x, lo, hi = float(value), float(low), float(high)
    except (TypeError, ValueError):
        return None
    if isinstance(value, bool) or not all(math.isfinite(v) for v in (x, lo, hi)) or not lo <= x <= hi or hi <= lo:
        return None   # a value outside its bounds is another quantity beside them: each cell as it is
    text = interval_text(x, lo, hi)
    head, _, rest = text.partition(" [")
    low_text, _, high_text = rest.rstrip("]").partition(", ")
    return head, low_text, high_text


# A p-value column ("p", "sign test p", "p_value"): a p rounded to 0 is shown as "< 0.001" (a sign test p of
# exactly 0 cannot be; the table rounded it)
_P_COLUMN = re.compile(r"^(?:.*[ _])?p(?:[ _]value)?$")


def _display_cells(frame: pd.DataFrame, text: pd.DataFrame) -> pd.DataFrame:
    """``text`` (the cells as :func:`frame_text` writes them) with each value and its interval to the same
    decimals (:func:`interval_columns`) and each p-value of 0 as "< 0.001"; ``frame`` holds the numbers."""
    out = text.copy()
    fixed = dict(frame.attrs.get("decimals", {}))
    for v, lo, hi in interval_columns(frame):
        if frame.columns[v] in fixed:    # a declared count of decimals holds for the value's bounds too
            fixed.setdefault(frame.columns[lo], fixed[frame.columns[v]])
            fixed.setdefault(frame.columns[hi], fixed[frame.columns[v]])
            continue
        for r in range(len(frame)):
            cells = _aligned_interval(frame.iat[r, v], frame.iat[r, lo], frame.iat[r, hi])
            if cells is not None:
                out.iat[r, v], out.iat[r, lo], out.iat[r, hi] = cells
    for c, name in enumerate(frame.columns):
        for r in range(len(frame)) if name in fixed else ():
            x = frame.iat[r, c]
            if isinstance(x, numbers.Real) and not isinstance(x, (bool, numbers.Integral)) and math.isfinite(x):
                out.iat[r, c] = fixed_text(float(x), fixed[name])
    in_interval = {j for t in interval_columns(frame) for j in t}
    for c, name in enumerate(frame.columns):
        if name in fixed or c in in_interval or (isinstance(name, str) and _P_COLUMN.match(name.strip().lower())) \
                or printed_column(name):
            continue
        decimals = column_decimals(frame.iloc[:, c], out.iloc[:, c])
        if decimals:
            for r in range(len(frame)):
                x = frame.iat[r, c]
                if _plain_number(x):
                    out.iat[r, c] = fixed_text(float(x), decimals)
    for c, name in enumerate(frame.columns):
        if isinstance(name, str) and _P_COLUMN.match(name.strip().lower()):
            for r in range(len(frame)):
                x = frame.iat[r, c]
                if isinstance(x, numbers.Number) and not isinstance(x, bool) and x == 0:
                    out.iat[r, c] = "< 0.001"
    return out


#: a column is padded to one count of decimals (:func:`column_decimals`) only up to this many: beyond it the column
#: holds quantities of very different sizes ("0.153" beside "0.00185"), each shown to its significant digits. Four,
#: the digits a non-integer cell shows (:data:`DIGITS`): at three, every column of four-decimal values ("0.5" above
#: "0.4444", "1" above "0.6667") kept two precisions in one column (issue 50, the lead's list)
COLUMN_DECIMALS = 4


# A column of the paper's own printed values ("thesis", "paper, Table 4.5: P(at least k)", "printed"): each value
# keeps the precision the paper printed it with; padding the thesis's "-7.5" to "-7.5000" claimed digits it never
# printed
_PRINTED_COLUMN = re.compile(r"\b(?:paper|thesis|printed|talk|report)\b", re.IGNORECASE)


def printed_column(name) -> bool:
    """Whether a column holds the paper's printed values (named for the paper, the thesis, the talk or the print):
    :func:`column_decimals` leaves it as printed."""
    label = " ".join(str(x) for x in name) if isinstance(name, tuple) else str(name)
    return bool(_PRINTED_COLUMN.search(label))


def _plain_number(x) -> bool:
    """A finite real number a cell shows as a plain decimal (not a bool, not a missing value)."""
    return (isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(float(x))
            and (x == 0 or abs(float(x)) >= ROUNDOFF))


def column_decimals(values: pd.Series, texts: pd.Series) -> int:
    """The decimals every number of a column is shown to: the most any of its cells shows (``texts``, as
    :func:`cell_text` wrote them), so that a column reads "0.030" under "0.031" and "1.610" beside "1.606", not
    "0.03" and "1.61" (trailing zeros dropped cell by cell read as two precisions in one column, issue 50, a fresh
    reader of 03); 0 (leave the column as it is) for a column that is not all numbers, holds whole numbers only, or
    would need more than :data:`COLUMN_DECIMALS`."""
    numbers_seen = [x for x in values if not is_missing(x)]
    if not numbers_seen or not all(_plain_number(x) for x in numbers_seen):
        return 0
    shown = [str(t).partition(".")[2] for x, t in zip(values, texts) if not is_missing(x)]
    if not all(d.isdigit() or d == "" for d in shown):   # "< 10⁻¹⁵", a fraction beside its decimal: as written
        return 0
    decimals = max(len(d) for d in shown)
    return decimals if decimals <= COLUMN_DECIMALS else 0


def _index_as_column(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame whose rows are labelled by a named index ("state record", "verdict") with that index as its first
    column: pandas writes an index name on a header row of its own, under the column names, with empty cells beside
    it ("finding rows" over "verdict" read as two header rows, issue 50, a fresh reader). Rows are then counted
    from 1 as every table counts them. A two-level index or header is left as it is."""
    index = frame.index
    if (isinstance(index, pd.MultiIndex) or isinstance(frame.columns, pd.MultiIndex) or index.name is None
            or frame.columns.name is not None or index.name in frame.columns):
        return frame
    out = frame.reset_index()
    out.index = pd.RangeIndex(1, len(out) + 1)
    out.attrs = dict(frame.attrs)
    return out


def table_html(frame: pd.DataFrame, max_width: float = MAX_WIDTH, fold_rows: int | None = None) -> str:
    """A frame as the notebook shows it: every cell by :func:`cell_text`, every row (nothing cut with "…"),
    headers in words and rows counted from 1 (:func:`_for_reader`), text wrapped, and split or transposed to fit
    :data:`MAX_WIDTH` (:func:`fitted`). A table of more than ``fold_rows`` rows (default :data:`FOLD_ROWS`) is
    shown folded under a line naming its size and columns: a reader opens it, the page stays short."""
    raw = _index_as_column(frame)
    frame = _for_reader(raw)
    text = frame_text(frame)
    if not isinstance(raw.columns, pd.MultiIndex) and raw.columns.is_unique:
        text = _display_cells(raw, text)
    parts = fitted(text, max_width)
    note = ""
    if len(parts) > 1:
        note = (f"<p><em>A wide table, shown in {len(parts)} parts, each with the same rows.</em></p>")
    body = note + "".join(_styled(p) for p in parts)
    limit = FOLD_ROWS if fold_rows is None else fold_rows
    if len(frame) > limit:
        # a column of a two-level header is named by its levels ("width / quantity"), never a raw tuple
        names = [" / ".join(str(x) for x in c) if isinstance(c, tuple) else str(c) for c in list(frame.columns)[:6]]
        columns = ", ".join(names) + (", ..." if len(frame.columns) > 6 else "")
        return folded(f"A table of {len(frame):,} rows ({columns}): folded, click to open", body)
    return body


def folded(summary: str, body_html: str) -> str:
    """An HTML section shown folded (closed until the reader opens it), with ``summary`` as its one line."""
    return f"<details><summary>{html.escape(summary)}</summary>\n{body_html}\n</details>"


_STYLE_BLOCK = re.compile(r"(<style\b.*?</style>)", re.DOTALL | re.IGNORECASE)
_TEXT_NODE = re.compile(r">([^<]+)<")
_TABLE = re.compile(r"<table\b.*?</table>", re.DOTALL | re.IGNORECASE)
_ROW = re.compile(r"<tr\b.*?</tr>", re.DOTALL | re.IGNORECASE)
_CELL = re.compile(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def html_width(html_text: str) -> float:
    """The widest table of an HTML text, by :func:`estimated_width` of its cells' text (first row as header)."""
    widest = 0.0
    for table in _TABLE.findall(html_text):
        rows = [[html.unescape(_TAG.sub("", c)).strip() for c in _CELL.findall(r)] for r in _ROW.findall(table)]
        rows = [r for r in rows if r]
        if not rows:
            continue
        n = max(len(r) for r in rows)
        body = pd.DataFrame([r + [""] * (n - len(r)) for r in rows[1:]], columns=range(n))
        header = rows[0] + [""] * (n - len(rows[0]))
        body.columns = [h or f"_{i}" for i, h in enumerate(header)]
        body.index = pd.RangeIndex(len(body))
        widest = max(widest, estimated_width(body.set_index(body.columns[0])) if n > 1 else estimated_width(body))
    return widest


def tidy_html(html_text: str) -> str:
    """The text of an HTML table written as cells are (:func:`tidy_text`; "nan" and "<NA>" cells empty), its
    style block left alone."""
    def node(match):
        raw = html.unescape(match.group(1))
        text = "" if raw.strip() in _MISSING_TEXT else tidy_text(raw)
        return ">" + (html.escape(text, quote=False) if text != raw else match.group(1)) + "<"

    parts = _STYLE_BLOCK.split(html_text)
    return "".join(part if _STYLE_BLOCK.fullmatch(part) else _TEXT_NODE.sub(node, part) for part in parts)


def styler_html(styler) -> str:
    """A pandas ``Styler`` a notebook displays: its own rendering with numbers written as cells are
    (:func:`tidy_html`), or, when that is wider than the page, its data through :func:`table_html` (split or
    transposed to fit)."""
    text = tidy_html(styler.to_html())
    if html_width(text) > MAX_WIDTH:
        return table_html(styler.data)
    return text


def register() -> None:
    """Make every ``display(frame)`` (and a frame left as a cell's value) in this IPython kernel render through
    :func:`table_html`; nothing outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency of the notebooks
        return
    shell = get_ipython()
    if shell is None:
        return
    from pandas.io.formats.style import Styler

    formatter = shell.display_formatter.formatters["text/html"]
    formatter.for_type(pd.DataFrame, table_html)
    formatter.for_type(Styler, styler_html)


def with_decimals(frame: pd.DataFrame, decimals: dict) -> pd.DataFrame:
    """``frame`` shown (:func:`table_html`) with one count of decimals per column, ``decimals`` mapping a column
    to its count: every number of the column to that count, and a value's bounds (:func:`interval_columns`) to the
    value's. A table that rounded each cell to its own digits showed "0.79" above "0.735" and "0.72 [0.57, 0.84]"
    below "0.762 [0.718, 0.802]" (issue 50). The counts travel in the frame's ``attrs``."""
    out = frame.copy()
    out.attrs["decimals"] = dict(decimals)
    return out
