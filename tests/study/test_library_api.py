"""The library examples: README.md's "Use liarlab in your own code" section and the API modules' docstrings
run as doctests, so the documented calls and their printed results stay true."""
import doctest
import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def readme_section(title: str = "Use liarlab in your own code") -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.MULTILINE | re.DOTALL)
    assert match, f"README.md has no section {title!r}"
    return match.group(1)


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", markdown, re.MULTILINE | re.DOTALL)


def run_doctest(text: str, name: str) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(REPO / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_the_readme_shows_five_examples_one_per_engine():
    blocks = python_blocks(readme_section())
    assert len(blocks) == 5
    assert all(">>> " in b for b in blocks)
    joined = "\n".join(blocks)
    for entry in ("from liarlab.bluff import solve", "double_dummy_tricks", "play_match", "train_q", "verdicts."):
        assert entry in joined


def test_the_readme_examples_run():
    examples = "\n\n".join(python_blocks(readme_section()))   # one namespace, in order, as a reader runs them
    results = run_doctest(examples, "README.md: Use liarlab in your own code")
    assert results.attempted >= 15 and results.failed == 0


def test_a_wrong_printed_result_fails():
    results = run_doctest(">>> 1 + 1\n3\n", "a wrong example")
    assert results.failed == 1


@pytest.mark.parametrize("module", ["liarlab.bluff.api", "liarlab.study.coverage"])
def test_module_docstring_examples_run(module):
    results = doctest.testmod(importlib.import_module(module), optionflags=FLAGS, report=False)
    assert results.attempted > 0 and results.failed == 0
