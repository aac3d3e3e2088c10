"""A notebook's parameters, declared once: type, range, quick and full sizes, and what each one is.

Each paper's ``liarlab/papers/pNN/params.py`` holds one :class:`Parameters`::

    PARAMS = Parameters("05",
        n_games=Int(1, quick=1_000_000, full=100_000_000, help="simulated games per cell"),
        bbn_types=IntList(1, 32, quick=[1, 8, 11], full=list(range(1, 33)), help="opponent types"))

The notebook's setup cell passes it to :func:`liarlab.study.notebook.setup`; the chain checks ``-p`` values by
importing it (``liarlab.chain.PARAMETERS``); each ledger reads its sizes from it (:meth:`Parameters.size`). The common
parameters every notebook has (:data:`COMMON`) are checked without being named. A parameter left at ``None``
gets its profile's size.
"""
from __future__ import annotations

import ast
import numbers
from dataclasses import dataclass

from liarlab.core.validation import range_text
from liarlab.study import profiles


@dataclass(frozen=True)
class Param:
    """What one parameter may be. Subclasses define :meth:`convert` and :meth:`allowed`."""

    quick: object = None
    full: object = None
    optional: bool = False  # None is a valid value of its own (not a profile size)
    help: str = ""  # what it is, as the notebook's parameters cell says it

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

    def __init__(self, low=None, high=None, *, quick=None, full=None, optional=False, help=""):  # noqa: A002
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        Param.__init__(self, quick, full, optional, help)


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
class ChoiceList(Param):
    """A non-empty list of values, each one of a fixed set (for a parameter whose range has holes: notebook 06's
    end games are 11, 12, 21 and 22, not every integer between)."""

    options: tuple = ()

    def __init__(self, options, *, quick=None, full=None, optional=False, help=""):  # noqa: A002
        object.__setattr__(self, "options", tuple(options))
        Param.__init__(self, quick, full, optional, help)

    def allowed(self):
        return f"a non-empty list of values from {list(self.options)}"

    def convert(self, value):
        if isinstance(value, str):  # papermill's command line passes lists as text
            value = ast.literal_eval(value)
        if not isinstance(value, (list, tuple, range)):
            value = [value]
        if not value:
            raise TypeError(value)
        return [Choice(self.options).convert(v) for v in value]


@dataclass(frozen=True)
class Choice(Param):
    """One of a fixed set of values."""

    options: tuple = ()

    def __init__(self, options, *, quick=None, full=None, optional=False, help=""):  # noqa: A002
        object.__setattr__(self, "options", tuple(options))
        Param.__init__(self, quick, full, optional, help)

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


class Parameters:
    """One notebook's own parameters (the common ones apart), in the order of its parameters cell."""

    def __init__(self, notebook: str, **specs: Param):
        if not (isinstance(notebook, str) and len(notebook) == 2 and notebook.isdigit()):
            raise ValueError(f"notebook must be a two-digit id like '05', got {notebook!r}")
        clash = sorted(set(specs) & set(COMMON))
        if clash:
            raise ValueError(f"{clash} are common parameters, checked by setup itself")
        bad = [name for name, spec in specs.items() if not isinstance(spec, Param)]
        if bad:
            raise TypeError(f"{bad} must be declared with Int, Float, IntList, Choice, ChoiceList, Flag or Text")
        self.notebook = notebook
        self.specs: dict[str, Param] = dict(specs)

    def __iter__(self):
        return iter(self.specs)

    def __getitem__(self, name: str) -> Param:
        return self.specs[name]

    def __repr__(self) -> str:
        return f"Parameters({self.notebook!r}, {', '.join(self.specs)})"

    def size(self, name: str, profile: str = "full"):
        """The profile's size of parameter ``name`` (what a run that leaves it at None uses)."""
        spec = self.specs[name]
        return profiles.pick(None, profile, quick=spec.quick, full=spec.full)

    def sizes(self, profile: str = "full") -> dict:
        """Every sized parameter's size in ``profile``."""
        return {name: self.size(name, profile) for name, spec in self.specs.items() if spec.has_sizes()}

    def check(self, values: dict, profile: str | None = None) -> dict:
        """``values`` (common and own parameters) checked and filled from the profile; ValueError on the first bad
        one, naming it and what it may be. Names that are neither common nor declared are refused too."""
        unknown = sorted(set(values) - set(COMMON) - set(self.specs))
        if unknown:
            raise ValueError(f"notebook {self.notebook} has no parameter {unknown[0]!r}; it has "
                             f"{sorted(set(COMMON) | set(self.specs))}")
        namespace = {name: None for name in self.specs} | dict(values)
        present = {k: v for k, v in COMMON.items() if k in namespace}
        if profile is None:
            profile = COMMON["profile"].check("profile", namespace.get("profile", "full"), "full")
        checked = check_parameters(namespace, present, profile)
        checked.update(check_parameters(namespace, self.specs, profile))
        return checked

