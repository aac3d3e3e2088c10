"""What no notebook may show (issue 37): a repr (``<Flags(...)>``, ``object at 0x``), a dict literal, a count in
e-notation (``1.440000e+02``), the ``LegendCoversData`` warning, and TeX (``$...$``: the offline report has no
MathJax). The detectors are unit-tested on small strings, then run over every committed notebook."""
from __future__ import annotations

import html
import re

import nbformat
import pytest

from liarlab.study.outputs import REPO_ROOT

REPR = re.compile(r"<[A-Z][A-Za-z0-9_.]*\(")                       # <Flags(...)>, <Verdict.X: ...> is not this
OBJECT = re.compile(r"\bobject at 0x[0-9a-fA-F]+")
DICT = re.compile(r"""\{\s*(?:'[^'\n]*'|"[^"\n]*"|\d+)\s*:\s*[^\s}]""")  # {'differs': 5}, {"a": 1}, {1: 2}
E_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d+(?![\w.])")
LEGEND = re.compile(r"LegendCoversData")
TEX = re.compile(r"(?<![\\$\w])\$(?!\s)([^$\n]+?)(?<![\s\\])\$(?!\w)|\$\$[^$]+\$\$|\\\(.+?\\\)|\\begin\{")
_TAG = re.compile(r"<[^>]+>")
_STYLE = re.compile(r"<style\b.*?</style>", re.DOTALL | re.IGNORECASE)


def e_counts(text: str) -> list[str]:
    """Numbers in e-notation whose value is a whole number (a count, as 1.440000e+02 is 144)."""
    out = []
    for match in E_NUMBER.finditer(text):
        try:
            value = float(match.group(0))
        except ValueError:
            continue
        # from 10^15 on, a float holds no exact integer and e-notation is the honest way to write it
        if value.is_integer() and 1 <= abs(value) < 1e15:
            out.append(match.group(0))
    return out


def raw_output(text: str) -> list[str]:
    """What a reader must never see in an output: reprs, dict literals, counts in e-notation, legend warnings."""
    found = []
    for name, pattern in (("repr", REPR), ("object at", OBJECT), ("dict literal", DICT), ("warning", LEGEND)):
        found += [f"{name}: {text[max(0, m.start() - 30):m.end() + 30]!r}" for m in pattern.finditer(text)]
    found += [f"count in e-notation: {x}" for x in e_counts(text)]
    return found


def tex(text: str) -> list[str]:
    """TeX a page without MathJax would show raw: $...$, $$...$$, \\(...\\), \\begin{...}."""
    return [m.group(0) for m in TEX.finditer(text)]


def shown(output: dict) -> tuple[str, str]:
    """(kind, text) of what the report shows of one output: the richest representation it renders (markdown,
    then HTML as text, then plain text), a stream's text, or an error's name and value."""
    kind = output.get("output_type")
    if kind == "stream":
        return "stream", "".join(output.get("text", ""))
    if kind == "error":
        return "error", f"{output.get('ename')}: {output.get('evalue')}"
    data = output.get("data", {})
    for mime in ("text/markdown", "text/html", "text/plain"):
        if mime in data:
            text = "".join(data[mime]) if isinstance(data[mime], list) else str(data[mime])
            if mime == "text/html":
                text = html.unescape(_TAG.sub(" ", _STYLE.sub(" ", text)))
            return mime, text
    return "", ""


def notebook_texts(nb) -> list[tuple[str, str]]:
    """(where, text) for every markdown cell and every shown output of a notebook (an nbformat node or dict)."""
    out = []
    for i, cell in enumerate(nb["cells"]):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            out.append((f"cell {i} (markdown)", source))
        for j, output in enumerate(cell.get("outputs", [])):
            kind, text = shown(output)
            if text:
                out.append((f"cell {i}, output {j} ({kind})", text))
    return out


# ---- the detectors, on small strings

@pytest.mark.parametrize("text", ["flags: <Flags(allows_duplicate_labels=True)>", "<liarlab.X object at 0x7f3a2c>",
                                  "over 5 readings: {'differs': 5}", 'counts {"reproduced": 4, "x": 1}',
                                  "n = 1.440000e+02 games", "1.5e+06 hands",
                                  "LegendCoversData: the legend of 'fig3' covers 4 markers"])
def test_raw_output_is_found(text):
    assert raw_output(text), text


@pytest.mark.parametrize("text", ["144 games (95 %: 0.59 to 0.65)", "p = 1.2e-05", "a set {1, 2}",
                                  "<Figure size 640x480 with 2 Axes>", "style { vertical-align: top; }",
                                  "f(x) = {x: x > 0}", "costs $5 and $10", "12,500 hands"])
def test_clean_output_passes(text):
    assert not raw_output(text), raw_output(text)


def test_tex_is_found_and_plain_unicode_passes():
    assert tex("with $u$ lies") == ["$u$"] and tex(r"$p + (n_i/N - 0.1)\,k$ and more")
    assert tex("$$x^2$$") and tex(r"\(a + b\)") and tex(r"\begin{align}")
    assert not tex("p + (nᵢ/N − 0.1)·k, costs $5 and $10, a $ sign")


def test_shown_takes_what_the_report_renders():
    html_out = {"output_type": "display_data", "data": {"text/html": "<style>td {x: 1}</style><td>1.440000e+02</td>",
                                                         "text/plain": "fine"}}
    assert shown(html_out)[0] == "text/html" and raw_output(shown(html_out)[1])
    md = {"output_type": "display_data", "data": {"text/markdown": "ok", "text/plain": "<Markdown object at 0x1>"}}
    assert shown(md) == ("text/markdown", "ok")
    warning = {"output_type": "stream", "name": "stderr", "text": ["UserWarning: LegendCoversData ...\n"]}
    assert raw_output(shown(warning)[1])


# ---- the committed notebooks

NOTEBOOKS = sorted(p for p in (REPO_ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")
                   if not p.name.endswith((".failed.ipynb", ".running.ipynb")))
# Known exceptions, each fixed by the next full rerun (then removed from this table); every other notebook is held
# to the test. Empty since the rerun of 2026-11-28 (00's rule bands and 02's table numbers now read in full).
PENDING_RERUN: dict[str, str] = {}


def _read(path):
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_markdown_cell_relies_on_tex(path):
    bad = [(where, x) for where, text in notebook_texts(_read(path)) if where.endswith("(markdown)")
           for x in tex(text)]
    assert not bad, bad[:10]


def _outputs(path):
    return [(where, text) for where, text in notebook_texts(_read(path)) if "output" in where]


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.xfail(
    p.name[:2] in PENDING_RERUN, reason=PENDING_RERUN.get(p.name[:2], ""), strict=True))
    for p in NOTEBOOKS], ids=lambda p: p.stem)
def test_no_output_shows_a_repr_a_dict_an_e_count_a_legend_warning_or_tex(path):
    bad = [(where, x) for where, text in _outputs(path) for x in raw_output(text) + tex(text)]
    assert not bad, bad[:10]
