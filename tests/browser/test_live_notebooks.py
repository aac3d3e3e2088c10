"""The study as a person uses it: JupyterLab in a real browser (Debian's chromium, driven by Playwright).

For every notebook with an Explore section (00-05): open it, run its parameters cells and its Explore section,
check the controls appear, change one control, and check the figure is redrawn, with no error or traceback in
the notebook and no error on the page's console. A screenshot of each Explore section goes to build/browser/.
Notebook 00 is also run whole after a person's edit of its parameters cell (quick sizes).
"""
from __future__ import annotations

import json
import re
import time

import nbformat
import pytest

from liarlab.study.check_report import watch_page

pytestmark = [pytest.mark.slow]

KERNEL_START = 240_000     # ms: a kernel importing numba and pgmpy on a busy two-core machine
CELL_RUN = 180_000
REDRAW = 180_000

EXPLORE = {"00": "00_dice_combinatorics.ipynb", "01": "01_liar_dice_random_bbn.ipynb",
           "02": "02_liar_dice_q_learning.ipynb", "03": "03_honeymoon_bridge.ipynb",
           "04": "04_cheat.ipynb", "05": "05_nface_liars_dice_bluff.ipynb",
           "06": "06_agents_vs_exact_play.ipynb"}


class NotebookPage:
    """One notebook open in JupyterLab, its cells run one by one as a person would (click, Ctrl+Enter)."""

    def __init__(self, chromium, lab, name: str):
        self.lab, self.name = lab, name
        self.book = nbformat.read(lab.root / name, as_version=4)
        self.context = chromium.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.problems = watch_page(self.page)
        self.runs = 0
        self.page.goto(lab.url(f"lab/tree/{name}?reset"), timeout=120_000)
        self.cells = self.page.locator(".jp-NotebookPanel .jp-Notebook .jp-Notebook-cell")
        self.cells.nth(len(self.book.cells) - 1).wait_for(state="attached", timeout=120_000)
        assert self.cells.count() == len(self.book.cells), "JupyterLab shows a different number of cells"
        # a fresh start, as a person clearing the committed outputs: every prompt reads [ ]: until its cell runs
        self.menu("Edit", "Clear Outputs of All Cells")
        # the chain folds its machinery cells (parameters, imports); a person unfolds them to edit or run them
        self.menu("View", "Expand All Code")
        code = [i for i, c in enumerate(self.book.cells) if c.cell_type == "code"]
        assert {self.cells.nth(i).locator(".jp-InputArea-prompt").inner_text().strip() for i in code} == {"[ ]:"}

    # ------------------------------------------------------------------ the notebook's structure
    def tagged(self, tag: str) -> list[int]:
        return [i for i, c in enumerate(self.book.cells) if tag in c.metadata.get("tags", [])]

    def explore_cells(self) -> tuple[int, list[int]]:
        heading = next(i for i, c in enumerate(self.book.cells)
                       if c.cell_type == "markdown" and c.source.lstrip().startswith("## Explore"))
        end = next((i for i in range(heading + 1, len(self.book.cells)) if self.book.cells[i].cell_type == "markdown"
                    and re.match(r"#{1,2} ", self.book.cells[i].source.lstrip())), len(self.book.cells))
        code = [i for i in range(heading, end) if self.book.cells[i].cell_type == "code"]
        assert code, f"{self.name}: the Explore section has no code cell"
        return heading, code

    # ------------------------------------------------------------------ a person's actions
    def wait_for_kernel(self) -> None:
        """The status bar says the notebook's kernel (liarlab) is started and idle."""
        self.page.locator(".jp-StatusBar-Widget", has_text=re.compile(r"Python \(liarlab\) \| Idle")).first.wait_for(
            timeout=KERNEL_START)

    def run(self, index: int, timeout: int = CELL_RUN) -> None:
        if self.runs == 0:
            self.wait_for_kernel()
        cell = self.cells.nth(index)
        cell.scroll_into_view_if_needed()
        prompt = cell.locator(".jp-InputArea-prompt")
        before = prompt.inner_text().strip()
        for _ in range(3):                 # a key press can be lost while the page settles: press again only then
            cell.locator(".jp-InputArea-editor").click()
            self.page.keyboard.press("Control+Enter")
            waited = time.monotonic() + 10
            while prompt.inner_text().strip() == before and time.monotonic() < waited:
                self.page.wait_for_timeout(100)
            if prompt.inner_text().strip() != before:
                break
        self.runs += 1
        expected = f"[{self.runs}]:"
        deadline = time.monotonic() + timeout / 1000
        while prompt.inner_text().strip() != expected:
            assert time.monotonic() < deadline, (f"{self.name} cell {index} did not finish: prompt "
                                                 f"{prompt.inner_text()!r}, expected {expected}")
            self.page.wait_for_timeout(200)

    def set_source(self, index: int, text: str) -> None:
        cell = self.cells.nth(index)
        cell.scroll_into_view_if_needed()
        cell.locator(".jp-InputArea-editor .cm-content").click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.insert_text(text)          # as pasted: no auto-closed quotes or brackets
        self.page.keyboard.press("Escape")

    def menu(self, top: str, item: str) -> None:
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{top}$")).click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).first.click()

    # ------------------------------------------------------------------ what a person sees
    def errors_in(self, indices) -> list[str]:
        found = []
        for i in indices:
            outputs = self.cells.nth(i).locator(".jp-OutputArea-output")
            for k in range(outputs.count()):
                out = outputs.nth(k)
                text = out.inner_text()
                mime = out.get_attribute("data-mime-type") or ""
                if "stderr" in mime or "Traceback" in text or "Error" in text or "not drawn:" in text:
                    found.append(f"cell {i}: {mime}: {text[:500]}")
        return found

    def close(self) -> None:
        self.context.close()


def _figure_source(cell) -> str:
    image = cell.locator(".widget-output img, .jupyter-widgets-output-area img").first
    image.wait_for(timeout=REDRAW)
    return image.get_attribute("src") or ""


def _change_one_control(page, cell) -> str:
    """Move the first control a person would reach for; returns what was done."""
    select = cell.locator(".widget-dropdown select")
    if select.count():
        options = select.first.locator("option").all_inner_texts()
        current = select.first.evaluate("s => s.options[s.selectedIndex].text")
        choice = next(o for o in options if o != current)
        select.first.select_option(label=choice)
        return f"dropdown {current!r} -> {choice!r}"
    checkbox = cell.locator(".widget-checkbox input[type=checkbox]")
    if checkbox.count():
        checkbox.first.click()
        return "checkbox switched"
    readout = cell.locator(".widget-readout").first
    handle = cell.locator(".noUi-handle").first
    low, high, now = (float(handle.get_attribute(a)) for a in ("aria-valuemin", "aria-valuemax", "aria-valuenow"))
    step = 1.0 if float(now).is_integer() and float(low).is_integer() else (high - low) / 10
    new = now + step if now + step <= high else now - step
    text = str(int(new)) if float(new).is_integer() else f"{new:.2f}"
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    return f"slider {now:g} -> {text}"


@pytest.mark.parametrize("nb_id", sorted(EXPLORE))
def test_explore_controls_redraw_the_figure_in_jupyterlab(lab, chromium, screenshots, nb_id):
    book = NotebookPage(chromium, lab, EXPLORE[nb_id])
    try:
        setup = book.tagged("parameters") + book.tagged("injected-parameters")
        heading, explore = book.explore_cells()
        for index in setup + explore:
            book.run(index)
        cell = book.cells.nth(explore[-1])
        assert cell.locator(".widget-vbox, .jupyter-widgets.widget-container").count(), \
            "no controls: " + cell.inner_text()[:500]
        before = _figure_source(cell)
        assert before.startswith("data:image/png"), before[:80]
        done = _change_one_control(book.page, cell)
        deadline = time.monotonic() + REDRAW / 1000
        while _figure_source(cell) == before:
            assert time.monotonic() < deadline, f"{nb_id}: the figure did not change after {done}"
            book.page.wait_for_timeout(250)
        book.page.wait_for_timeout(500)
        assert not book.errors_in(setup + explore), book.errors_in(setup + explore)
        assert "Traceback" not in book.page.locator(".jp-NotebookPanel").inner_text()
        book.cells.nth(heading).scroll_into_view_if_needed()
        cell.screenshot(path=str(screenshots / f"{nb_id}_explore.png"))
        assert not book.problems, book.problems
    finally:
        book.close()
        lab.shutdown_kernels()


def test_notebook_00_runs_whole_after_editing_its_parameters_cell(lab, chromium, screenshots):
    book = NotebookPage(chromium, lab, EXPLORE["00"])
    try:
        (parameters,) = book.tagged("parameters")
        source = book.book.cells[parameters].source
        edited = re.sub(r"^n_monte_carlo: int = None", "n_monte_carlo: int = 200_000", source, flags=re.M)
        edited = re.sub(r"^n_monte_carlo_generator: int = None", "n_monte_carlo_generator: int = 20_000", edited,
                        flags=re.M)
        assert edited != source
        book.set_source(parameters, edited)
        book.menu("Run", "Run All Cells")
        code = [i for i, c in enumerate(book.book.cells) if c.cell_type == "code"]
        last = book.cells.nth(code[-1]).locator(".jp-InputArea-prompt")
        deadline = time.monotonic() + (KERNEL_START + 10 * CELL_RUN) / 1000
        while last.inner_text().strip() != f"[{len(code)}]:":
            assert "Traceback" not in book.page.locator(".jp-NotebookPanel").inner_text(), book.errors_in(code)
            assert time.monotonic() < deadline, f"notebook 00 did not complete: last prompt {last.inner_text()!r}"
            book.page.wait_for_timeout(500)
        prompts = [book.cells.nth(i).locator(".jp-InputArea-prompt").inner_text().strip() for i in code]
        assert prompts == [f"[{k}]:" for k in range(1, len(code) + 1)], prompts
        assert not book.errors_in(code), book.errors_in(code)
        # the edited sizes reached the run, and its tables went to the test's output root, not the repository
        sidecar = json.loads((lab.out / "data" / "00_monte_carlo_at_least_k.json").read_text())
        assert sidecar["parameters"]["n_monte_carlo"] == 200_000
        book.page.screenshot(path=str(screenshots / "00_run_all_end.png"))
        book.cells.nth(parameters).scroll_into_view_if_needed()
        book.cells.nth(parameters).screenshot(path=str(screenshots / "00_parameters_edited.png"))
        assert not book.problems, book.problems
    finally:
        book.close()
        lab.shutdown_kernels()
