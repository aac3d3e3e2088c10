"""Explore controls for the notebooks: a few parameters that redraw one figure, with ipywidgets.

A paper's ``explore.py`` gives a pure ``draw(**values) -> matplotlib Figure`` and the controls it takes
(:class:`Slider`, :class:`Choice`, :class:`Toggle`). :class:`Explorer` keeps the current values, checks
every change (ValueError naming the control and its allowed values) and redraws.

:meth:`Explorer.show` decides by where the cell runs, never by a notebook parameter (the chain injects
its parameters into every notebook it executes, so a parameter would also be False when a person later
opens the committed notebook): :func:`front_end` says

- ``"chain"`` when the environment variable ``LIARLAB_CHAIN`` is set (``liarlab run`` sets it for the
  kernels it starts), ``"batch"`` when the kernel was started by papermill or nbconvert without the chain
  (its parent process), ``"no-kernel"`` outside an IPython kernel (plain Python, the tests):
  the static figure of the default values, once, and nothing waits;
- ``"jupyter"`` otherwise (JupyterLab, Notebook, VS Code): controls above the figure, redrawn on every
  change, when ipywidgets is installed (it is in ``make setup``); without it one line says how to get it.

Nothing here needs a browser: the widget callbacks are :meth:`Explorer.on_change`, which the tests call
directly or through any object with ipywidgets' ``observe`` interface; tests/browser drives the real ones.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

INSTALL_HINT = "interactive controls need ipywidgets: pip install 'liarlab[explore]'"
#: set (to anything but "" or "0") for the kernels of ``python -m liarlab run``: figures stay static. The chain
#: sets it to the number of notebooks it runs at once (:func:`notebooks_at_once`).
CHAIN_ENV = "LIARLAB_CHAIN"


def notebooks_at_once(environ=None) -> int:
    """How many notebooks the chain runs at once beside this kernel (1 outside the chain, or for an unreadable
    value): a notebook's measured time shares the cores with the others'."""
    import os

    value = (os.environ if environ is None else environ).get(CHAIN_ENV, "")
    return int(value) if value.isdigit() and int(value) > 0 else 1


#: programs that execute a notebook with no person and no widget front end
BATCH_RUNNERS = ("papermill", "nbconvert", "nbclient")


@dataclass(frozen=True)
class Slider:
    """A number from ``low`` to ``high`` in steps of ``step`` (ints stay ints)."""

    low: float
    high: float
    default: float
    step: float = 1
    label: str = ""

    @property
    def integer(self) -> bool:
        return all(isinstance(v, int) and not isinstance(v, bool) for v in (self.low, self.high, self.step))

    def check(self, name: str, value):
        try:
            number = int(value) if self.integer and float(value) == int(value) else float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a number in {self.low}..{self.high}, got {value!r}") from None
        if self.integer and not isinstance(number, int):
            raise ValueError(f"{name} must be an integer in {self.low}..{self.high}, got {value!r}")
        if not self.low <= number <= self.high:
            raise ValueError(f"{name} must be in {self.low}..{self.high}, got {value!r}")
        return number

    def widget(self, widgets, name: str):
        kind = widgets.IntSlider if self.integer else widgets.FloatSlider
        return kind(value=self.default, min=self.low, max=self.high, step=self.step,
                    description=self.label or name, continuous_update=False)


@dataclass(frozen=True)
class Choice:
    """One of ``options`` (a sequence of values, or a mapping label -> value)."""

    options: Sequence | Mapping
    default: Any
    label: str = ""

    def values(self) -> list:
        return list(self.options.values()) if isinstance(self.options, Mapping) else list(self.options)

    def check(self, name: str, value):
        if value not in self.values():
            raise ValueError(f"{name} must be one of {self.values()}, got {value!r}")
        return value

    def widget(self, widgets, name: str):
        options = list(self.options.items()) if isinstance(self.options, Mapping) else list(self.options)
        return widgets.Dropdown(options=options, value=self.default, description=self.label or name)


@dataclass(frozen=True)
class Toggle:
    """On or off."""

    default: bool
    label: str = ""

    def check(self, name: str, value):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {value!r}")
        return value

    def widget(self, widgets, name: str):
        return widgets.Checkbox(value=self.default, description=self.label or name)


def ipywidgets_module():
    """The ipywidgets module, or None when it is not installed (it is an optional dependency)."""
    try:
        import ipywidgets
    except ImportError:
        return None
    return ipywidgets


class Explorer:
    """Controls over the arguments of ``draw`` and the one figure it draws (see the module docstring)."""

    def __init__(self, draw: Callable[..., Any], controls: Mapping[str, Slider | Choice | Toggle], title: str = ""):
        self.draw = draw
        self.controls = dict(controls)
        self.title = title
        self.values = {name: c.check(name, c.default) for name, c in self.controls.items()}
        self.output = None          # the ipywidgets Output the figure is redrawn into, once shown interactively
        self.widgets: dict = {}
        self.redraws = 0
        self.last_error: str | None = None

    def figure(self, **changes):
        """The figure for the current values updated by ``changes`` (each checked first; nothing changes on error)."""
        unknown = sorted(set(changes) - set(self.controls))
        if unknown:
            raise ValueError(f"unknown control {unknown[0]!r}; the controls are {list(self.controls)}")
        checked = {name: self.controls[name].check(name, value) for name, value in changes.items()}
        self.values.update(checked)
        self.redraws += 1
        fig = self.draw(**self.values)
        if hasattr(fig, "findobj"):       # a matplotlib figure: every text readable at the page's size (issue 50)
            from liarlab.study.plotting import readable
            readable(fig)
        return fig

    # ------------------------------------------------------------------ widgets
    def on_change(self, change: Mapping) -> None:
        """ipywidgets' ``observe`` callback: ``change["owner"]`` is one of our widgets, ``change["new"]`` its value.

        A bad value (or a failing draw) leaves the previous figure and shows the reason in the output.
        """
        name = next((n for n, w in self.widgets.items() if w is change["owner"]), None)
        if name is None:
            return
        try:
            fig = self.figure(**{name: change["new"]})
        except ValueError as err:
            self.last_error = str(err)
            self._print(f"not drawn: {err}")
            return
        self.last_error = None
        self._show_figure(fig)

    def widget(self, widgets=None):
        """A VBox of the controls above an Output holding the figure (``widgets``: the ipywidgets module)."""
        widgets = widgets or ipywidgets_module()
        if widgets is None:
            raise ImportError(INSTALL_HINT)
        self.widgets = {name: c.widget(widgets, name) for name, c in self.controls.items()}
        for w in self.widgets.values():
            w.observe(self.on_change, names="value")
        self.output = widgets.Output()
        self._show_figure(self.figure())
        children = list(self.widgets.values()) + [self.output]
        if self.title:
            children.insert(0, widgets.HTML(f"<b>{self.title}</b>"))
        return widgets.VBox(children)

    def show(self, interactive: bool | None = None, display: Callable | None = None, widgets=None,
             where: str | None = None):
        """Controls and figure in a Jupyter front end with ipywidgets; else the default figure, static.

        ``where`` (default :func:`front_end`) decides; ``interactive`` is accepted and ignored: the notebooks
        used to pass their ``progress_bar`` parameter, which the chain's injected cell leaves False in every
        committed notebook. ``display`` and ``widgets`` stand in for IPython's and ipywidgets' in tests.
        """
        where = where or front_end()
        display = display or _ipython_display()
        if where == "jupyter":
            widgets = widgets or ipywidgets_module()
            if widgets is not None:
                display(self.widget(widgets))
                return None
            print(INSTALL_HINT + "; showing the default figure")
        fig = self.figure()
        display(fig)
        _close(fig)
        return None

    def _show_figure(self, fig) -> None:
        if self.output is None:
            return
        with self.output:
            self.output.clear_output(wait=True)
            _ipython_display()(fig)
        _close(fig)

    def _print(self, text: str) -> None:
        if self.output is None:
            return
        with self.output:
            print(text)


def front_end(environ: Mapping[str, str] | None = None, parent_command: str | None = None,
              in_kernel: bool | None = None) -> str:
    """Where this code runs: ``"chain"``, ``"batch"``, ``"no-kernel"`` or ``"jupyter"`` (see the module docstring).

    The arguments stand in for ``os.environ``, the parent process's command line and "inside an IPython
    kernel" in tests.
    """
    environ = os.environ if environ is None else environ
    if environ.get(CHAIN_ENV, "") not in ("", "0"):
        return "chain"
    if in_kernel is None:
        in_kernel = _in_kernel()
    if not in_kernel:
        return "no-kernel"
    command = _parent_command() if parent_command is None else parent_command
    if any(runner in command for runner in BATCH_RUNNERS):
        return "batch"
    return "jupyter"


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def _parent_command() -> str:
    """The command line of the process that started this one (the kernel's launcher), or "" if unknown."""
    try:
        raw = Path(f"/proc/{os.getppid()}/cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace").lower()


def _ipython_display():
    from IPython.display import display

    return display


def _close(fig) -> None:
    """Close a pyplot figure once shown, so the inline backend does not show it a second time."""
    try:
        import matplotlib.pyplot as plt

        plt.close(fig)
    except Exception:  # not a pyplot figure: nothing to close
        pass
