"""Build the API reference (``make api``): pdoc over the modules of docs/api_modules.txt into build/api (or the
folder given as the first argument). Any warning pdoc raises (a module that does not import, a docstring or
annotation it cannot read) fails the build, listed one a line.

The docstrings are written with Sphinx's roles (``:func:`solve```, ``:class:`~liarlab.bluff.endgame.EndGame```),
which pdoc's reStructuredText reading leaves as text: each is turned into plain backticks first, which pdoc links
to the named object when it is documented.
"""
from __future__ import annotations

import re
import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.docstrings
import pdoc.render

HERE = Path(__file__).resolve().parent
ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const):`~?([^`]+)`")


def modules() -> list[str]:
    """The module specs of docs/api_modules.txt (``!regex`` excludes)."""
    lines = (HERE / "api_modules.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "build/api")
    convert = pdoc.docstrings.convert

    def with_plain_roles(docstring, docformat, source_file):
        return convert(ROLE.sub(r"`\1`", docstring), docformat, source_file)

    pdoc.docstrings.convert = with_plain_roles
    pdoc.render.configure(docformat="restructuredtext", search=True, show_source=False,
                          footer_text="liarlab: the library's public doors")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*modules(), output_directory=out)
    problems = sorted({f"{w.category.__name__}: {' '.join(str(w.message).split())}" for w in caught})
    if problems:
        print(f"make api: {len(problems)} warning(s), the reference is not clean:", *problems, sep="\n", file=sys.stderr)
        return 1
    print(f"API reference: {out}/index.html ({len(list(out.rglob('*.html')))} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
