"""Explore controls for the notebooks: a few parameters that redraw one figure, with ipywidgets optional.

A paper's ``explore.py`` gives a pure ``draw(**values) -> matplotlib Figure`` and the controls it takes
(:class:`Slider`, :class:`Choice`, :class:`Toggle`). :class:`Explorer` keeps the current values, checks
every change (ValueError naming the control and its allowed values) and redraws. :meth:`Explorer.show`
puts controls above the figure when asked for an interactive view and ipywidgets is installed
(``pip install 'liarlab[explore]'``); otherwise, and always under the chain (papermill has no front end),
it shows the static figure of the default values and never waits for anything.

Nothing here needs a browser: the widget callbacks are :meth:`Explorer.on_change`, which the tests call
directly or through any object with ipywidgets' ``observe`` interface.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

INSTALL_HINT = "interactive controls need ipywidgets: pip install 'liarlab[explore]'"


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
        return self.draw(**self.values)

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

    def show(self, interactive: bool = False, display: Callable | None = None, widgets=None):
        """Controls and figure when ``interactive`` and ipywidgets is there; else the default figure, static.

        Pass ``interactive=False`` under the chain (the notebooks pass their ``progress_bar`` flag, which the
        chain sets False): papermill has no front end, and a static figure keeps the report self-contained.
        """
        display = display or _ipython_display()
        widgets = widgets or (ipywidgets_module() if interactive else None)
        if interactive and widgets is not None:
            display(self.widget(widgets))
            return None
        if interactive:
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
