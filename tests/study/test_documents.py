"""What the documents state and a test can check, checked: a document that drifts from the code fails here."""
import re

from liarlab.study import outputs

ROOT = outputs.REPO_ROOT


def _target(name: str) -> str:
    text = (ROOT / "Makefile").read_text()
    match = re.search(rf"^{name}:(.*)$", text, flags=re.M)
    assert match, f"the Makefile has no {name} target"
    return match.group(1)


def test_make_test_runs_lint_as_the_readme_says():
    assert "make lint" in (ROOT / "README.md").read_text() and "part of `make test`" in (ROOT / "README.md").read_text()
    assert "lint" in _target("test").split()


def test_readme_lists_every_core_module():
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index("  core/"):readme.index("  liardice/")]
    for path in sorted((ROOT / "liarlab" / "core").glob("*.py")):
        if path.stem != "__init__":
            assert path.stem in block, f"README's layout omits liarlab/core/{path.name}"


def test_explore_cells_doc_shows_the_calls_the_notebooks_make():
    doc = (ROOT / "docs" / "EXPLORE_CELLS.md").read_text()
    calls = set(re.findall(r"explore\d\d\.show\([^)]*\)", doc))
    for nb in sorted((ROOT / "notebooks").glob("0[0-5]_*.ipynb")):
        text = nb.read_text()
        for call in re.findall(r"explore\d\d\.show\([^)]*\)", text):
            assert call in calls, f"{nb.name} calls {call}, which docs/EXPLORE_CELLS.md does not show"


def test_architecture_names_each_games_rules_module():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    for game in ("liardice", "bluff", "honeymoon"):
        assert (ROOT / "liarlab" / game / "rules.py").exists()
    assert (ROOT / "liarlab" / "cheat" / "game.py").exists() and "Cheat's card game is game.py" in doc
    assert (ROOT / "liarlab" / "bluff" / "endgame.py").exists() and "bluff's end game is endgame.py" in doc
