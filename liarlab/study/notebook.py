"""The setup every notebook runs right after its parameters cell: check every parameter, then configure the frame.

A notebook's setup cell names each of its own parameters with what it may be and its profile sizes::

    params = nb.setup(globals(), "05",
                      n_games=nb.Int(1, quick=1_000_000, full=100_000_000),
                      exact_max_faces=nb.Int(2, 8, quick=4, full=6),
                      bbn_types=nb.IntList(1, 32, quick=[1, 8, 11], full=list(range(1, 33))))

``setup`` checks the common parameters (:data:`COMMON`) and every named one, type and range, before any
work starts, and stops with a ``ValueError`` naming the parameter and its allowed values. A parameter
left at ``None`` gets its profile's size, written back into the notebook's namespace, so the
cell that follows sees ``n_games == 1_000_000`` in the quick profile.
"""
from __future__ import annotations

import ast
import numbers
from dataclasses import dataclass

from liarlab.core.validation import range_text
from liarlab.study import cache, outputs, parallel, plotting, profiles

_current = {"profile": "full"}


@dataclass(frozen=True)
class Param:
    """What one parameter may be. Subclasses define :meth:`convert` and :meth:`allowed`."""

    quick: object = None
    full: object = None
    optional: bool = False  # None is a valid value of its own (not a profile size)

    def has_sizes(self) -> bool:
        return self.quick is not None or self.full is not None

    def allowed(self) -> str:
        raise NotImplementedError

    def convert(self, value):
        """The value if allowed (possibly normalised), else raise ValueError."""
        raise NotImplementedError

    def check(self, name: str, value, profile: str):
        if value is None and self.has_sizes():
            value = profiles.pick(None, profile, quick=self.quick, full=self.full)
        if value is None and (self.optional or self.has_sizes()):
            return None
        try:
            return self.convert(value)
        except (ValueError, TypeError, SyntaxError):
            raise ValueError(f"{name} must be {self.describe()}, got {value!r}") from None

    def describe(self) -> str:
        text = self.allowed()
        if self.has_sizes():
            text += f" (or None for the profile's size: quick {_show(self.quick)}, full {_show(self.full)})"
        elif self.optional:
            text += " or None"
        return text


def _show(value) -> str:
    """A size as a reader would write it: [1..32] for a long run of consecutive integers."""
    if isinstance(value, (list, tuple, range)) and len(value) > 4 and list(value) == list(range(value[0], value[-1] + 1)):
        return f"[{value[0]}..{value[-1]}]"
    return repr(value)


def _range(low, high) -> str:
    text = range_text(low, high)
    return f" {text}" if text else ""


def _in_range(value, low, high):
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(value)
    return value


@dataclass(frozen=True)
class _Bounded(Param):
    """A parameter whose values lie in ``low..high`` (either bound may be None)."""

    low: object = None
    high: object = None

    def __init__(self, low=None, high=None, *, quick=None, full=None, optional=False):
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        Param.__init__(self, quick, full, optional)


@dataclass(frozen=True, init=False)
class Int(_Bounded):
    """An integer in ``low..high`` (either bound may be None)."""

    def allowed(self):
        return "an integer" + _range(self.low, self.high)

    def convert(self, value):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(value)
        return _in_range(int(value), self.low, self.high)


@dataclass(frozen=True, init=False)
class Float(_Bounded):
    """A real number in ``low..high``."""

    def allowed(self):
        return "a number" + _range(self.low, self.high)

    def convert(self, value):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(value)
        return _in_range(float(value), self.low, self.high)


@dataclass(frozen=True, init=False)
class IntList(_Bounded):
    """A non-empty list of integers, each in ``low..high`` (``-p name=[1,8]`` and ``-p name=8`` both work)."""

    def allowed(self):
        return "a non-empty list of integers" + _range(self.low, self.high)

    def convert(self, value):
        if isinstance(value, str):  # papermill's command line passes lists as text
            value = ast.literal_eval(value)
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, range):
            value = list(value)
        if not isinstance(value, (list, tuple)) or not value:
            raise TypeError(value)
        return [Int(self.low, self.high).convert(v) for v in value]


@dataclass(frozen=True)
class Choice(Param):
    """One of a fixed set of values."""

    options: tuple = ()

    def __init__(self, options, *, quick=None, full=None, optional=False):
        object.__setattr__(self, "options", tuple(options))
        Param.__init__(self, quick, full, optional)

    def allowed(self):
        return f"one of {list(self.options)}"

    def convert(self, value):
        if value not in self.options or isinstance(value, bool) != any(isinstance(o, bool) for o in self.options):
            raise ValueError(value)
        return value


@dataclass(frozen=True)
class Flag(Param):
    """True or False."""

    def allowed(self):
        return "True or False"

    def convert(self, value):
        if not isinstance(value, bool):
            raise TypeError(value)
        return value


@dataclass(frozen=True)
class Text(Param):
    """A string (``optional=True``: or None)."""

    def allowed(self):
        return "a string"

    def convert(self, value):
        if not isinstance(value, str):
            raise TypeError(value)
        return value


#: The parameters every notebook has, checked by :func:`setup` without being named.
COMMON = {
    "profile": Choice(profiles.PROFILES),
    "seed": Int(0),
    "n_jobs": Int(1),
    "scheduler": Text(optional=True),
    "out_dir": Text(optional=True),
    "progress_bar": Flag(),
    "force": Flag(),
}


def check_parameters(namespace: dict, specs: dict[str, Param], profile: str | None = None) -> dict:
    """Check ``namespace[name]`` against each spec; return the checked values (profile sizes filled in).

    Raises ValueError for the first bad parameter, naming it and its allowed values, and for a spec
    whose parameter is missing from the namespace (a parameters cell and a setup cell that disagree).
    """
    profile = profile if profile is not None else namespace.get("profile", "full")
    checked = {}
    for name, spec in specs.items():
        if name not in namespace:
            raise ValueError(f"setup names parameter {name!r}, but the parameters cell does not define it")
        checked[name] = spec.check(name, namespace[name], profile)
    return checked


def setup(namespace: dict, notebook: str, **specs: Param) -> dict:
    """Check every parameter, fill sizes from the profile, and configure outputs, executor, cache and plots.

    ``specs`` names the notebook's own parameters (:class:`Int`, :class:`IntList`, :class:`Float`,
    :class:`Choice`, :class:`Flag`, :class:`Text`); the common ones (:data:`COMMON`) are always checked.
    Each checked value is written back into ``namespace``. Returns the parameters for provenance.
    """
    if not (isinstance(notebook, str) and len(notebook) == 2 and notebook.isdigit()):
        raise ValueError(f"notebook must be a two-digit id like '05', got {notebook!r}")
    unknown_common = sorted(set(specs) & set(COMMON))
    if unknown_common:
        raise ValueError(f"{unknown_common} are common parameters, checked by setup itself")
    present = {k: v for k, v in COMMON.items() if k in namespace}
    profile = present["profile"].check("profile", namespace["profile"], "full") if "profile" in present else "full"
    checked = check_parameters(namespace, present, profile)
    checked.update(check_parameters(namespace, specs, profile))
    namespace.update(checked)
    params = {k: v for k, v in namespace.items()
              if not k.startswith("_") and isinstance(v, (int, float, str, bool, type(None), list, tuple))
              and k not in ("In", "Out", "exit", "quit")}
    params["notebook"] = notebook
    outputs.configure(namespace.get("out_dir"), params)
    parallel.configure(n_jobs=checked.get("n_jobs", 1), scheduler=namespace.get("scheduler"),
                       progress=bool(namespace.get("progress_bar", True)))
    cache.set_force(bool(namespace.get("force", False)))
    plotting.house_style()
    _current["profile"] = profile
    return params


def pick(value, *, quick, full):
    """A size from the current profile unless the user set ``value`` (prefer a spec in :func:`setup`)."""
    return profiles.pick(value, _current["profile"], quick=quick, full=full)


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
    cached = (f" ({prov['cached_seconds']:.0f} s of it served from the cache in this run)"
              if prov["cached_seconds"] >= 1 else "")
    return (f"**Rerun time:** a rerun of this notebook from scratch takes about {shown} of computation with "
            f"{workers} worker{'s' if workers != 1 else ''} in the {params.get('profile', 'full')} profile{cached}, "
            f"measured on this run's machine.")


def _cell(v) -> str:
    """A table cell for people: empty for missing, integers as integers, other numbers to 4 significant digits."""
    import math

    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, numbers.Number):
        x = float(v)
        if x.is_integer() and abs(x) < 1e15:
            return f"{int(x):,}"
        return f"{x:.4g}"
    return str(v)


_WRAP = [{"selector": "td, th", "props": [("white-space", "normal"), ("text-align", "left"),
                                          ("vertical-align", "top"), ("max-width", "34em")]}]


def claims_view(frame):
    """The whole claims table as people read it: every row, full text, what the paper says, what we
    measured (value, interval and what the interval is, sample, and a two-stage row's pilot), the rule applied,
    the verdict and, for a differing finding, its likeliest cause and the readings tried, wrapped in HTML."""
    import pandas as pd

    rows = []
    for _, r in frame.iterrows():
        ours = _cell(r.get("reproduced_value"))
        if _cell(r.get("ci_low")) and _cell(r.get("ci_high")) and r.get("ci_low") != r.get("ci_high"):
            label = _cell(r.get("interval"))
            ours += f" [{_cell(r['ci_low'])}, {_cell(r['ci_high'])}]" + (f" ({label})" if label else "")
        if _cell(r.get("n")):
            ours += f" ({_cell(r['n'])} {r.get('unit') or ''}".rstrip() + ")"
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
            why = f"cause: {_cell(r['cause'])}" + (f"; readings: {_cell(r.get('readings'))}"
                                                    if _cell(r.get("readings")) else "")
        rows.append({"family": _cell(r.get("family")), "claim": _cell(r.get("claim")), "kind": _cell(r.get("kind")),
                     "paper": _cell(r.get("paper_value")), "ours": ours, "verdict": _cell(r.get("verdict")),
                     "rule": _cell(r.get("rule")), "note": note, "why it differs": why})
    columns = ["family", "claim", "kind", "paper", "ours", "verdict", "rule", "note", "why it differs"]
    view = pd.DataFrame(rows, columns=columns)
    if not view["why it differs"].astype(bool).any():
        view = view.drop(columns=["why it differs"])
    view.index = range(1, len(view) + 1)
    return view.style.set_table_styles(_WRAP)


_ANSWER = {"handle": None}


def answer_placeholder() -> None:
    """Show where the notebook's answer goes (right after its setup); :func:`fill_answer` replaces it with the
    paragraph generated from the claims table once that table is built."""
    from IPython.display import Markdown, display

    _ANSWER["handle"] = display(Markdown("*The answer is generated from the claims table at the end of this "
                                         "run.*"), display_id=True)


def fill_answer(claims, question: str) -> str:
    """Fill the placeholder with :func:`liarlab.study.answer.answer_paragraph` (and show it here too, so a
    reader at the claims table sees it); returns the markdown."""
    from IPython.display import Markdown, display

    from liarlab.study.answer import answer_paragraph

    text = answer_paragraph(claims, question)
    handle = _ANSWER["handle"]
    if handle is not None:
        handle.update(Markdown(text))
    else:
        display(Markdown(text))
    return text


def show_claims(frame) -> None:
    """Display :func:`claims_view` (every row; nothing cut)."""
    from IPython.display import display

    display(claims_view(frame))


def show_table(frame) -> None:
    """Display any table whole (every row, every column, text wrapped, integers as integers)."""
    from IPython.display import display

    view = frame.reset_index(drop=True)
    view.index = range(1, len(view) + 1)
    display(view.style.format(_cell).set_table_styles(_WRAP))


def show_coverage(frame) -> None:
    """Display a coverage ledger (``study.coverage``) whole, wrapped, with its one-line count above it."""
    from IPython.display import Markdown, display

    from liarlab.study import coverage

    for line in coverage.summary(frame)["line"]:
        display(Markdown(f"**Coverage.** {line}."))
    show_table(frame.drop(columns=[c for c in ("notebook",) if c in frame.columns]))
