"""docs/ARCHITECTURE.md names every module of the package (issue 38, and the papers' by family, issue 48), and
every module outside papers/ has a test file named after it (issue 48)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "liarlab"
TESTS = ROOT / "tests"

#: modules outside papers/ whose tests live under another name, each with why. Empty is the aim: a module here
#: is tested, but a reader looking for tests/<package>/test_<module>.py will not find them.
MIRROR_EXCEPTIONS: dict[str, str] = {}


def _modules(papers: bool) -> list[Path]:
    """The package's modules (no ``__init__``), relative to the package: those under papers/ or those outside."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)   # relative: the checkout's own folder names must not count
        if path.name != "__init__.py" and "__pycache__" not in rel.parts and (rel.parts[0] == "papers") == papers:
            out.append(rel)
    return out


def mirror_of(module: Path) -> Path:
    """The test file named after a module: liarlab/<package>/<name>.py is tested in tests/<package>/test_<name>.py,
    a top-level liarlab/<name>.py in tests/test_<name>.py (``__main__`` as ``main``)."""
    return TESTS.joinpath(*module.parts[:-1], f"test_{module.stem.strip('_')}.py")


def test_architecture_names_every_module():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    missing = [f"liarlab/{m.as_posix()}" for m in _modules(papers=False) if f"`liarlab/{m.as_posix()}`" not in text]
    assert not missing, f"docs/ARCHITECTURE.md does not name: {missing}"


def test_architecture_names_every_paper_module():
    """Each paper's modules, by family: ``liarlab/papers/pNN/`` followed by the module's file name."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    modules = _modules(papers=True)
    assert len(modules) > 50
    missing = [m.as_posix() for m in modules if f"`{m.name}`" not in _paper_paragraph(text, m.parts[1])]
    assert not missing, f"docs/ARCHITECTURE.md's paper paragraphs do not name: {missing}"


def _paper_paragraph(text: str, paper: str) -> str:
    """The item of ARCHITECTURE.md's list of the papers' modules that starts with ``liarlab/papers/pNN/``, with its
    indented continuation lines."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(f"- `liarlab/papers/{paper}/`")]
    assert len(starts) == 1, f"docs/ARCHITECTURE.md has no one item for liarlab/papers/{paper}/ ({len(starts)})"
    item = [lines[starts[0]]]
    for line in lines[starts[0] + 1:]:
        if not line.startswith("  "):
            break
        item.append(line)
    return "\n".join(item)


def test_every_module_outside_the_papers_has_a_test_file_named_after_it():
    modules = _modules(papers=False)
    assert len(modules) > 60
    missing = [f"liarlab/{m.as_posix()} -> {mirror_of(m).relative_to(ROOT).as_posix()}" for m in modules
               if not mirror_of(m).is_file() and f"liarlab/{m.as_posix()}" not in MIRROR_EXCEPTIONS]
    assert not missing, "modules without a test file named after them:\n" + "\n".join(missing)


def test_the_mirror_exceptions_are_still_needed_and_say_why():
    for name, why in MIRROR_EXCEPTIONS.items():
        module = Path(name).relative_to("liarlab")
        assert (PACKAGE / module).is_file(), f"{name} is no module: drop its exception"
        assert not mirror_of(module).is_file(), f"{name} now has {mirror_of(module).name}: drop its exception"
        assert len(why) > 20, f"{name}: say why its tests live elsewhere"


def test_the_mirror_rule_names_the_file_a_reader_would_look_for():
    assert mirror_of(Path("bluff/rounds.py")) == TESTS / "bluff" / "test_rounds.py"
    assert mirror_of(Path("__main__.py")) == TESTS / "test_main.py"
    assert mirror_of(Path("chain.py")) == TESTS / "test_chain.py"


def test_no_test_file_of_a_game_the_ground_or_the_terminal_game_tests_a_paper():
    """A test sits beside what it tests: a test under tests/<game>/, tests/core/ or tests/play/ that imports a paper
    module belongs under tests/papers/ (a paper's printed values, read as the expected numbers, are allowed). The
    run frame's tests may drive a paper's module, as the study's cache or controls meet one in a run."""
    misplaced = []
    for folder in ("core", "liardice", "bluff", "honeymoon", "cheat", "play"):
        for path in sorted((TESTS / folder).glob("test_*.py")):
            for line in path.read_text().splitlines():
                if line.lstrip().startswith(("from liarlab.papers", "import liarlab.papers")) and ".printed" not in line:
                    misplaced.append(f"{path.relative_to(ROOT).as_posix()}: {line.strip()}")
    assert not misplaced, "tests of a paper outside tests/papers/:\n" + "\n".join(misplaced)
