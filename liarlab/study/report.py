"""The HTML report: one self-contained page per executed notebook and the study's front page.

``report/index.html`` opens with the study's title and the state of the study (the count notebook 99 prints:
finding families by verdict, differing ones by cause, weak agreements and extensions apart), then one entry per
notebook: its paper (authors, year, title), the question it answers, the headline finding taken from its claims
table, its coverage of the spec (counted as the notebook counts it), its verdict counts (claim families and
rows), its differing families with their causes and its rerun time, linking to the notebook's page. Pages load no
script from the network (no require.js, MathJax or mermaid: the notebooks use no TeX), so the report
reads the same offline and ``python -m liarlab.study.check_report`` can check it in a headless browser.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pandas as pd

from liarlab.study import outputs, scorecard

TITLE = "liarlab: AI for bluffing games, five papers reproduced"
INTRO = ("Each notebook rebuilds one paper's experiments as the paper did, then does what it could not (larger "
         "samples with 95 % intervals, exact solutions, missing baselines). Every number is computed by the "
         "<code>liarlab</code> package during the run; the papers' values appear only beside ours. One paper "
         "claim is one row of a claims table; a printed table is one claim family, and a family's verdict follows "
         "a declared rule over its rows (for example 11 of 12 reproduced), not its worst row. Verdicts follow one "
         "protocol (docs/VERDICTS.md): reproduced, differs (with its likeliest cause: a misprint in the paper, a "
         "reading of the paper other than ours, too little power, or a genuine difference), inconclusive (the data cannot "
         "decide yet; undecidable when no sample can), not-reproducible, extension. Only findings of the papers' "
         "experiments are counted as reproductions; weak agreements (a band wider than &plusmn;10 % of the "
         "quantity's range) are counted apart from the reproduced ones; extensions, checks of a paper's own "
         "arithmetic and checks of our code are counted apart. Verdicts are counted per paper and coverage of the "
         "specs per notebook, the same way as in notebook 99 and in each notebook.")

# A template without network scripts: the lab template minus require.js, MathJax and mermaid; each code cell's input
# folded under a one-line "code" (click to open), so the page reads as prose, tables and figures (issue 50).
_OFFLINE_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{% block input_group -%}
<details class="liarlab-code"><summary>code</summary>
{{ super() }}
</details>
{%- endblock input_group %}
"""


# Cells whose input the report leaves out (their outputs stay): the parameters and the setup, tagged
# ``remove-input`` in each notebook (JupyterLab shows them folded: ``metadata.jupyter.source_hidden``), and the cell
# papermill injects on every run (it carries only its own tag, so it is named here).
REMOVE_INPUT_TAGS = frozenset({"remove-input", "injected-parameters"})

# nbconvert's alt text when a notebook gives none; the report replaces it (and an empty alt) by the caption.
_DEFAULT_ALT = "No description has been provided for this image"
_IMG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_ALT = re.compile(r"""\salt\s*=\s*("[^"]*"|'[^']*')""", re.IGNORECASE)
_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
ALT_MAX = 400  # characters of a caption kept as alt text


def _caption_after(body: str, start: int) -> str:
    """The text of the first non-empty paragraph after ``start`` (the caption under a figure), in one line."""
    for match in _PARAGRAPH.finditer(body, start):
        text = " ".join(html.unescape(_TAG.sub(" ", match.group(1))).split())
        if text:
            if len(text) > ALT_MAX:
                text = text[:ALT_MAX].rsplit(" ", 1)[0] + " ..."
            return text
    return ""


def add_alt_text(body: str, fallback: str = "Figure") -> str:
    """Give every ``<img>`` without alt text of its own the caption under it (the first paragraph after it), or
    ``fallback`` where no paragraph follows."""
    out, last = [], 0
    for n, match in enumerate(_IMG.finditer(body), 1):
        tag = match.group(0)
        alt = _ALT.search(tag)
        value = html.unescape(alt.group(1)[1:-1]).strip() if alt else ""
        if not value or value == _DEFAULT_ALT:
            text = _caption_after(body, match.end()) or f"{fallback} {n}"
            attr = f' alt="{html.escape(text, quote=True)}"'
            tag = _ALT.sub(attr, tag, count=1) if alt else tag[:4] + attr + tag[4:]
        out += [body[last:match.start()], tag]
        last = match.end()
    return "".join(out) + body[last:]


def notebook_html(notebook: Path) -> str:
    """The executed notebook as one HTML page with its figures embedded and no script from the network: the
    inputs of the cells tagged in :data:`REMOVE_INPUT_TAGS` left out, and every figure given its caption as alt
    text (:func:`add_alt_text`)."""
    import jinja2
    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter = HTMLExporter(extra_loaders=[jinja2.DictLoader({"liarlab_offline.html.j2": _OFFLINE_TEMPLATE})],
                            template_file="liarlab_offline.html.j2",
                            # no "In [7]:" / "Out[23]:" prompts: a page for readers, not a kernel session (a cell
                            # whose last expression is a Markdown object showed "Out[23]:", a fresh reader of 04)
                            exclude_input_prompt=True, exclude_output_prompt=True)
    exporter.register_preprocessor(TagRemovePreprocessor(remove_input_tags=set(REMOVE_INPUT_TAGS), enabled=True),
                                   enabled=True)
    body, _ = exporter.from_notebook_node(nbformat.read(notebook, as_version=4))
    return add_alt_text(body, fallback=f"Figure of {Path(notebook).stem}")


def write_notebook_page(notebook: Path, folder: Path) -> Path:
    target = Path(folder) / f"{Path(notebook).stem}.html"
    outputs.atomic_write_text(target, notebook_html(notebook))
    return target


def _notebook_title(nb: dict, fallback: str) -> str:
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
            break
    return fallback


def _first_paragraph(nb: dict) -> str:
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            text = "".join(cell.get("source", ""))
            paragraphs = [p.strip() for p in text.split("\n\n") if p.strip() and not p.startswith("#")]
            return paragraphs[0] if paragraphs else ""
    return ""


def _seconds(nb: dict) -> float | None:
    duration = nb.get("metadata", {}).get("papermill", {}).get("duration")
    return float(duration) if duration is not None else None


def _inline_markdown(text: str) -> str:
    """Escape, then the two emphasis marks the scorecard's sentences use."""
    text = html.escape(str(text))
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"\*(.+?)\*", r"<em>\1</em>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


def _counts_text(claims: pd.DataFrame) -> str:
    """The scorecard's own sentence (plain text, escaped where it is shown)."""
    return scorecard.counts_sentence(claims)


def _differing_line(family) -> str:
    """One differing finding family for the front page: where, the family rule's evidence, cause, readings."""
    readings = f" Readings tried: {family['readings'].rstrip('.')}." if family["readings"] else ""
    return (f"[notebook {family['notebook']}] *{family['family']}*: {family['basis']}; cause: "
            f"**{family['cause']}**.{readings}")


def notebook_entries(notebook_dir: Path, data_dir: Path) -> list[dict]:
    """One entry per executed notebook: id, page, title, papers, question, headline sentences, counts, seconds."""
    claims = scorecard.gather_claims(Path(data_dir))
    entries = []
    for path in sorted(Path(notebook_dir).glob("[0-9][0-9]_*.ipynb")):
        if path.name.endswith((".failed.ipynb", ".running.ipynb")):
            continue
        nb_id = path.name[:2]
        nb = json.loads(path.read_text(encoding="utf-8"))
        info = scorecard.NOTEBOOKS.get(nb_id)
        own = claims[claims["notebook"] == nb_id] if not claims.empty else claims
        entry = {"id": nb_id, "page": f"{path.stem}.html", "title": _notebook_title(nb, path.stem),
                 "papers": [scorecard.PAPERS[p] for p in (info.papers if info else ()) if p in scorecard.PAPERS],
                 "question": info.question if info else _first_paragraph(nb), "seconds": _seconds(nb),
                 "headlines": [], "counts": ""}
        coverage = scorecard.coverage_summary(data_dir)
        if nb_id == "99":
            entry["question"] = "How many of the papers' claims did the study reproduce, paper by paper?"
            if not claims.empty:
                entry["counts"] = "All papers: " + _counts_text(claims)
                entry["headlines"] = [f"{scorecard.paper_label(p)}: {_counts_text(claims[claims.paper == p])}"
                                      for p in sorted(claims["paper"].unique())]
                entry["differing"] = [_differing_line(f) for _, f in scorecard.differing_families(claims).iterrows()]
            entry["coverage"] = list(coverage["line"])
        elif len(own):
            papers = info.papers if info else sorted(set(own["paper"]))
            if nb_id == "00":  # its rows count for the papers named in their sources
                entry["counts"] = (f"Its rows count for papers {' and '.join(papers)}: " + _counts_text(own))
            else:
                mine = claims[claims["paper"].isin(papers)]
                nbs = ", ".join(sorted(mine["notebook"].unique()))
                entry["counts"] = f"Paper {', '.join(papers)} (rows from notebooks {nbs}): " + _counts_text(mine)
                entry["differing"] = [_differing_line(f) for _, f in scorecard.differing_families(mine).iterrows()]
            entry["headlines"] = [scorecard.describe_row(row) for _, row in
                                  scorecard.headline_rows(claims, notebook=nb_id).iterrows()]
            entry["coverage"] = list(coverage.loc[coverage["notebook"] == nb_id, "line"])
        entries.append(entry)
    return entries


def _paper_line(paper) -> str:
    year = paper.year if paper.year else "n.d."
    return f"{html.escape(paper.authors)} ({year}). <em>{html.escape(paper.title)}</em>"


def front_page_html(entries: list[dict], profile: str | None = None, state: str = "") -> str:
    """The front page; ``state`` is the all-papers count sentence shown under the introduction."""
    items = []
    for e in entries:
        papers = "".join(f'<p class="paper">Paper {p.number}: {_paper_line(p)}</p>' for p in e["papers"])
        heads = "".join(f"<li>{_inline_markdown(h)}</li>" for h in e["headlines"])
        differing = "".join(f"<li>{_inline_markdown(d)}</li>" for d in e.get("differing", []))
        seconds = f" · executed in {e['seconds']:.0f} s in this run" if e["seconds"] is not None else ""
        items.append(
            f'<section class="entry" id="nb{e["id"]}">\n'
            f'<h2><a href="{html.escape(e["page"])}">{html.escape(e["title"])}</a></h2>\n{papers}\n'
            f'<p><strong>Question.</strong> {_inline_markdown(e["question"])}</p>\n'
            + (f"<p><strong>Headline finding{'s' if len(e['headlines']) > 1 else ''}.</strong></p><ul>{heads}</ul>\n"
               if heads else "")
            + "".join(f'<p class="counts"><strong>Coverage.</strong> {html.escape(c[0].upper() + c[1:])}.</p>\n'
                      for c in e.get("coverage", []))
            + (f'<p class="counts"><strong>Verdicts.</strong> {html.escape(e["counts"])}{seconds}</p>\n' if e["counts"]
               else f'<p class="counts">{seconds.strip(" ·")}</p>\n')
            + (f"<p><strong>Differing families, with their causes.</strong></p><ul>{differing}</ul>\n"
               if differing else "")
            + f'<p><a href="{html.escape(e["page"])}">Open notebook {e["id"]} &rarr;</a></p>\n</section>')
    profile_note = f" (profile: {html.escape(profile)})" if profile else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(TITLE)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45;
       color: #222; }}
h1 {{ font-size: 1.7rem; margin-bottom: 0.3rem; }}
h2 {{ font-size: 1.2rem; margin: 0 0 0.3rem 0; }}
.entry {{ border-top: 1px solid #ccc; padding: 1rem 0; }}
.paper {{ color: #555; margin: 0.2rem 0; }}
.counts {{ color: #333; font-size: 0.95rem; }}
.state {{ background: #f3f6f8; padding: 0.6rem 0.8rem; border-left: 4px solid #0072B2; }}
.v-reproduced {{ color: #027a5a; }} .v-differs {{ color: #b34700; }}
.v-not-reproducible {{ color: #666; }} .v-extension {{ color: #0160a0; }} .v-inconclusive {{ color: #8a6d00; }}
</style>
</head>
<body>
<h1>{html.escape(TITLE)}</h1>
<p>{INTRO}</p>
{f'<p class="state"><strong>State of the study.</strong> {html.escape(state)}</p>' if state else ""}
<p class="paper">{len(entries)} notebooks{profile_note}.</p>
{chr(10).join(items)}
</body>
</html>
"""


def write_front_page(root: Path, notebook_dir: Path | None = None, profile: str | None = None) -> Path:
    """Write ``<root>/report/index.html`` from the executed notebooks and ``<root>/data/*_claims.csv``."""
    root = Path(root)
    notebook_dir = Path(notebook_dir) if notebook_dir else root / "notebooks"
    entries = notebook_entries(notebook_dir, root / "data")
    claims = scorecard.gather_claims(root / "data")
    state = _counts_text(claims) if not claims.empty else ""
    target = root / "report" / "index.html"
    outputs.atomic_write_text(target, front_page_html(entries, profile, state))
    return target
