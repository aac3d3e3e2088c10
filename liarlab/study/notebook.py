"""The setup every notebook runs right after its parameters cell: check every parameter, then start the run context.

A notebook's parameters are declared once, in its paper's ``params.py`` (:mod:`liarlab.study.params`); the
setup cell passes them here::

    from liarlab.papers.p05 import params as params05
    params = nb.setup(globals(), params05.PARAMS)

``setup`` checks the common parameters (:data:`COMMON`) and every declared one, type and range, before any
work starts, and stops with a ``ValueError`` naming the parameter and its allowed values. A parameter
left at ``None`` gets its profile's size, written back into the notebook's namespace, so the
cell that follows sees ``n_games == 1_000_000`` in the quick profile.
"""
from __future__ import annotations

import numbers

from liarlab.study import context, controls, outputs, plotting
from liarlab.study.params import COMMON, Choice, Flag, Float, Int, IntList, Param, Parameters, Text, check_parameters  # noqa: F401


def setup(namespace: dict, declared: Parameters | str, **specs) -> dict:
    """Check every parameter, fill sizes from the profile, start the run's context (:mod:`liarlab.study.context`:
    profile, seed, workers, scheduler, output root, force, progress, notebook and parameters, read by outputs,
    executor and cache) and set the plot style.

    ``declared`` is the notebook's :class:`~liarlab.study.params.Parameters` (its paper's ``params.PARAMS``), or
    a bare two-digit id for a notebook with only the common parameters (:data:`COMMON`), which are always
    checked. Each checked value is written back into ``namespace``. Returns the parameters for provenance.
    """
    if specs:
        raise ValueError("declare a notebook's parameters in its params.py, not in the setup call")
    if isinstance(declared, str):
        declared = Parameters(declared)
    present = {k: v for k, v in COMMON.items() if k in namespace}
    profile = present["profile"].check("profile", namespace["profile"], "full") if "profile" in present else "full"
    checked = check_parameters(namespace, present, profile)
    checked.update(check_parameters(namespace, declared.specs, profile))
    namespace.update(checked)
    notebook = declared.notebook
    params = {k: v for k, v in namespace.items()
              if not k.startswith("_") and isinstance(v, (int, float, str, bool, type(None), list, tuple))
              and k not in ("In", "Out", "exit", "quit")}
    params["notebook"] = notebook
    context.start(profile=profile, seed=checked.get("seed", 0), n_jobs=checked.get("n_jobs", 1),
                  scheduler=namespace.get("scheduler"), out_dir=namespace.get("out_dir"),
                  force=bool(namespace.get("force", False)), progress=bool(namespace.get("progress_bar", True)),
                  notebook=notebook, params=params)
    plotting.house_style()
    return params


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
    at_once = controls.notebooks_at_once()
    beside = (f", while the chain ran {at_once} notebooks at once on it (so an upper bound: the others shared "
              f"its cores)" if at_once > 1 else "")
    return (f"**Rerun time:** a rerun of this notebook from scratch takes about {shown} of computation with "
            f"{workers} worker{'s' if workers != 1 else ''} in the {params.get('profile', 'full')} profile{cached}, "
            f"measured on this run's machine{beside}.")


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
        if 1e4 <= abs(x) < 1e15:
            return f"{x:,.0f}"      # 4 significant digits or more, without e-notation (14,781, not 1.478e+04)
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


# The answer placeholder's display handle in this kernel (output the notebook shows, not a run setting: nothing
# reads it but fill_answer)
_ANSWER = {"handle": None}


def answer_placeholder() -> None:
    """Show where the notebook's answer goes (right after its setup); :func:`fill_answer` replaces it with the
    paragraph generated from the claims table once that table is built."""
    from IPython.display import Markdown, display

    _ANSWER["handle"] = display(Markdown("*The answer is generated from the claims table at the end of this "
                                         "run.*"), display_id=True)


def fill_answer(claims, question: str, *, quantity: str | None = None, second: str | None = None) -> str:
    """Fill the placeholder with :func:`liarlab.study.answer.answer_paragraph` (and show it here too, so a
    reader at the claims table sees it); returns the markdown. ``quantity`` names what the headline's number is
    ("the share of the 32 types whose win rate lies in 60-70 %"); ``second`` is the claim text of another claims
    row reported as the notebook's second main result."""
    from IPython.display import Markdown, display

    from liarlab.study.answer import answer_paragraph

    text = answer_paragraph(claims, question, quantity=quantity, second=second)
    handle = _ANSWER["handle"]
    if handle is not None:
        # the first cell asks the question right above the placeholder: the answer there starts with the answer
        handle.update(Markdown(answer_paragraph(claims, None, quantity=quantity, second=second)))
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
