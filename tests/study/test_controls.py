"""Explore controls: checked values, the widget callbacks without a browser, where they appear (decided by the
front end, never by a parameter), the static fallback, and each paper's figure."""
import pytest
from matplotlib.figure import Figure

from liarlab.study import controls
from liarlab.study.controls import Choice, Explorer, Slider, Toggle

# ----------------------------------------------------------------------------- a stand-in for ipywidgets

class _Widget:
    def __init__(self, value=None, **kwargs):
        self._value = value
        self.kwargs = kwargs
        self._observers = []

    def observe(self, callback, names="value"):
        self._observers.append(callback)

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, new):                    # like traitlets: callbacks fire synchronously on a change
        old, self._value = self._value, new
        if new != old:
            for cb in self._observers:
                cb({"name": "value", "old": old, "new": new, "owner": self})


class _Output:
    def __init__(self):
        self.cleared = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def clear_output(self, wait=False):
        self.cleared += 1


class FakeWidgets:
    IntSlider = FloatSlider = Dropdown = Checkbox = _Widget
    Output = _Output

    @staticmethod
    def VBox(children):
        return ("VBox", children)

    @staticmethod
    def HTML(text):
        return ("HTML", text)


def _explorer(calls):
    def draw(n, kind, flag):
        calls.append((n, kind, flag))
        fig = Figure()
        fig.add_subplot().set_title(f"{n} {kind} {flag}")
        return fig
    return Explorer(draw, {"n": Slider(1, 10, 3), "kind": Choice({"A": "a", "B": "b"}, "a"), "flag": Toggle(False)},
                    title="test")


def test_values_are_checked_and_a_bad_change_changes_nothing():
    calls = []
    ex = _explorer(calls)
    ex.figure(n=5, kind="b")
    assert calls[-1] == (5, "b", False)
    for bad, message in (({"n": 11}, "n must be in 1..10"), ({"n": 2.5}, "n must be an integer"),
                         ({"kind": "c"}, "kind must be one of"), ({"flag": "yes"}, "flag must be True or False"),
                         ({"size": 1}, "unknown control 'size'")):
        with pytest.raises(ValueError, match=message):
            ex.figure(**bad)
    assert ex.values == {"n": 5, "kind": "b", "flag": False}


def test_widget_callbacks_redraw_without_a_browser(capsys):
    calls = []
    ex = _explorer(calls)
    box = ex.widget(FakeWidgets)
    assert box[0] == "VBox" and len(box[1]) == 5          # title, three controls, the output
    assert calls == [(3, "a", False)]                       # the default figure is drawn at once
    ex.widgets["n"].value = 7
    ex.widgets["flag"].value = True
    ex.widgets["kind"].value = "b"
    assert calls[-3:] == [(7, "a", False), (7, "a", True), (7, "b", True)]
    assert ex.output.cleared == 4
    ex.widgets["n"].value = 99                              # out of range: reported, previous values kept
    assert "n must be in 1..10" in ex.last_error and ex.values["n"] == 7
    assert "not drawn: n must be in 1..10" in capsys.readouterr().out


def test_static_figure_outside_jupyter_or_without_ipywidgets(monkeypatch, capsys):
    shown = []
    ex = _explorer([])
    for where in ("chain", "batch", "no-kernel"):
        # the old notebooks pass interactive=progress_bar: it decides nothing either way
        assert ex.show(interactive=True, display=shown.append, widgets=FakeWidgets, where=where) is None
        assert isinstance(shown[-1], Figure)
    assert len(shown) == 3
    monkeypatch.setattr(controls, "ipywidgets_module", lambda: None)
    ex.show(interactive=False, display=shown.append, where="jupyter")
    assert isinstance(shown[-1], Figure)
    assert "pip install 'liarlab[explore]'" in capsys.readouterr().out
    ex.show(interactive=False, display=shown.append, widgets=FakeWidgets, where="jupyter")
    assert shown[-1][0] == "VBox"


def test_front_end_is_decided_by_what_is_there():
    jupyter_lab = "/x/.venv/bin/python /x/.venv/bin/jupyter-lab --no-browser"
    assert controls.front_end({}, jupyter_lab, in_kernel=True) == "jupyter"
    assert controls.front_end({"LIARLAB_CHAIN": "1"}, jupyter_lab, in_kernel=True) == "chain"
    assert controls.front_end({"LIARLAB_CHAIN": "0"}, jupyter_lab, in_kernel=True) == "jupyter"
    assert controls.front_end({}, "/x/bin/python /x/bin/papermill a.ipynb b.ipynb", in_kernel=True) == "batch"
    assert controls.front_end({}, "python -m jupyter nbconvert --execute a.ipynb", in_kernel=True) == "batch"
    assert controls.front_end({}, jupyter_lab, in_kernel=False) == "no-kernel"
    assert controls.front_end() == "no-kernel"              # pytest is no kernel


def test_the_chain_marks_its_kernels(tmp_path, monkeypatch):
    """``liarlab run`` sets LIARLAB_CHAIN for the kernels it starts, and only while they run."""
    from liarlab import chain

    seen = {}

    def fake_execute_notebook(*args, **kwargs):
        import os
        seen["env"] = os.environ.get(controls.CHAIN_ENV)
        raise RuntimeError("stop here")

    import papermill
    monkeypatch.delenv(controls.CHAIN_ENV, raising=False)
    monkeypatch.setattr(papermill, "execute_notebook", fake_execute_notebook)
    with pytest.raises(RuntimeError, match="stop here"):
        chain._execute(tmp_path / "a.ipynb", tmp_path / "b.ipynb", {}, "liarlab", tmp_path)
    import os
    assert seen["env"] == "1" and controls.CHAIN_ENV not in os.environ


def test_real_ipywidgets_if_installed():
    widgets = pytest.importorskip("ipywidgets")
    calls = []
    ex = _explorer(calls)
    box = ex.widget(widgets)
    assert isinstance(box, widgets.VBox)
    ex.widgets["n"].value = 4
    ex.widgets["kind"].value = "b"
    assert calls[-2:] == [(4, "a", False), (4, "b", False)]


# ----------------------------------------------------------------------------- the papers' figures

def _labelled(fig):
    axes = [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]
    assert axes and all(ax.get_xlabel() and ax.get_ylabel() for ax in axes)


def test_p01_trend_by_traits():
    from liarlab.papers.p01 import explore

    assert explore.type_of() == 1 and explore.type_of(prefers_bid=True, strong=True) == 18
    frame = explore.trend_frame(10, n_games=50, n_seeds=2)
    assert len(frame) == 100 and frame.cum_wins.max() <= 50
    ex = explorer_figure(explore.explorer(), liar=True, n_games=100, n_seeds=2)
    assert "type 9" in ex.axes[0].get_title()


def explorer_figure(ex, **changes):
    fig = ex.figure(**changes)
    _labelled(fig)
    return fig


def test_p02_learning_curve():
    from liarlab.papers.p02 import explore

    curve = explore.learning_curve(epsilon=0.2, history=2, n_train=2_000, n_points=2, n_eval=200, seed=1)
    assert list(curve.games_trained) == [0, 1_000, 2_000]
    assert (curve.ci_low <= curve.rate).all() and (curve.rate <= curve.ci_high).all()
    with pytest.raises(ValueError, match="history"):
        explore.learning_curve(history=4)
    explorer_figure(explore.explorer(), n_train=10_000, opponent="EXP0")


def test_p03_bidding_estimate_extends_its_deals():
    from liarlab.papers.p03 import explore

    first = explore.tricks("random-1", 3)
    again = explore.tricks("random-1", 5)
    assert first.shape == (3, 4) and (again[:3] == first).all()
    assert ((0 <= again) & (again <= 13)).all()
    fig = explorer_figure(explore.explorer(), n_samples=10)
    assert "opening call" in fig.axes[0].get_title()


def test_p04_training_curve():
    from liarlab.papers.p04 import explore

    curve = explore.training_curve("a", max_training=25, n_seeds=2, n_test=50)
    assert list(curve.training_games) == [0, 25] and (curve.games == 100).all()
    explorer_figure(explore.explorer(), opponent="f", max_training=50)


def test_p05_heat_map_for_each_n():
    from liarlab.papers.p05 import explore

    tables = explore.strategy_tables(2)
    assert 0 < tables["first_player_win"] < 1
    assert tables["opening"].shape == (2, 4)          # two hands x bids 1x1 1x2 2x1 2x2
    fig = explore.explorer(cached=False).figure(faces=3)
    assert "N = 3" in fig._suptitle.get_text()
    with pytest.raises(ValueError, match="faces must be in 2..6"):
        explore.explorer(cached=False).figure(faces=9)


def test_p00_at_least_chances():
    from fractions import Fraction

    from liarlab.papers.p00 import explore

    p = explore.at_least_chances(5, 6)
    assert p[0] == 1.0 and p[1] == float(1 - Fraction(5, 6) ** 5)
    assert (p[:-1] >= p[1:]).all()
    fig = explorer_figure(explore.explorer(), n_dice=10, chance=0.25)
    assert "10 unseen dice" in fig.axes[0].get_title()
