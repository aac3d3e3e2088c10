"""Every public function of the API reference (docs/api_modules.txt), fuzzed with hypothesis (issue 51).

Random and hostile arguments (NaN, the infinities, negatives, huge ints, wrong types, empty strings) give either a
result or a one-line ValueError or TypeError: never a crash, a hang, a warning, another exception or a NaN where a
number was asked for. Each call runs in a worker process (a segfault in compiled code kills the worker, not the
test run) under a timeout (a bracket that never closes is a hang), and warnings are errors there.

Most functions get the generic fuzz: every required argument drawn from :data:`HOSTILE` values, sometimes one
optional argument too. The doors that run solvers or compiled engines get a neighbourhood instead
(:data:`DOORS`): small valid arguments with at most one of them replaced by a hostile value, so that a valid
draw stays cheap and each hostile value reaches the check it must meet. :func:`test_every_public_function_is_fuzzed`
enumerates the reference's functions the way pdoc does, so a new public function without a case fails it (or
goes in :data:`EXCLUDED` with the reason).
"""
from __future__ import annotations

import importlib
import inspect
import math
import os
import pickle
import pkgutil
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0   # seconds for one call: far above any valid case drawn here (the first call compiles numba's code)
# no shrinking: each example that fails is reported as drawn (shrinking a hang would rerun it for minutes)
PHASES = [Phase.explicit, Phase.generate]


# ----------------------------------------------------------------------------------------------- the functions

def _module_specs() -> tuple[list[str], list[re.Pattern]]:
    lines = (REPO / "docs" / "api_modules.txt").read_text(encoding="utf-8").splitlines()
    specs = [s.strip() for s in lines if s.strip() and not s.startswith("#")]
    return [s for s in specs if not s.startswith("!")], [re.compile(s[1:]) for s in specs if s.startswith("!")]


def _walk(name: str, excluded):
    module = importlib.import_module(name)
    yield module
    if hasattr(module, "__path__") and not hasattr(module, "__all__"):   # pdoc: a package without __all__ shows all
        for sub in pkgutil.iter_modules(module.__path__):
            full = f"{name}.{sub.name}"
            if not sub.name.startswith("_") and not any(r.fullmatch(full) for r in excluded):
                yield from _walk(full, excluded)


def public_functions() -> dict[str, object]:
    """``module.name -> function`` for every public function of the API reference's modules: a package's
    ``__all__``, else the functions a module defines and does not name with an underscore."""
    included, excluded = _module_specs()
    out = {}
    for spec in included:
        for module in _walk(spec, excluded):
            names = getattr(module, "__all__", None) or [
                n for n, o in vars(module).items()
                if not n.startswith("_") and getattr(o, "__module__", None) == module.__name__]
            for n in names:
                obj = getattr(module, n)
                if inspect.isfunction(obj):
                    out[f"{module.__name__}.{n}"] = obj
    return out


# ----------------------------------------------------------------------------------------------- the values

class Code:
    """An argument built in the worker from an expression (a Q-table, an agent, a policy: values that are costly
    or impossible to pickle)."""

    def __init__(self, expr: str):
        self.expr = expr

    def __repr__(self) -> str:
        return f"Code({self.expr!r})"


class Opaque:
    """An object of no type any function expects."""

    def __repr__(self) -> str:
        return "Opaque()"


HOSTILE_VALUES = [math.nan, math.inf, -math.inf, -1, 0, -(2**63), 2**64, 10**400, 1.5, -0.5, "", "x", " ", "nan",
                  None, True, False, [], (), {}, [math.nan], [1, "a"], b"", Opaque(), float("1e308")]
HOSTILE = st.one_of(st.sampled_from(HOSTILE_VALUES), st.floats(allow_nan=True, allow_infinity=True),
                    st.integers(min_value=-(2**70), max_value=2**70), st.text(max_size=4))

# -- the worker: reads (function, args, kwargs), answers (outcome, detail); outcome "ok", "refused" (ValueError or
# TypeError in one line), or anything else, which fails the test
WORKER = r'''
import math, os, pickle, struct, sys, warnings, importlib
sys.setrecursionlimit(10_000)
import numpy as np
env = {}
def build(x):
    if type(x).__name__ == "Code":
        return eval(x.expr, env)
    if type(x).__name__ == "Opaque":
        return object()
    if isinstance(x, list):
        return [build(v) for v in x]
    if isinstance(x, tuple):
        return tuple(build(v) for v in x)
    if isinstance(x, dict):
        return {k: build(v) for k, v in x.items()}
    return x
def has_nan(r):
    if isinstance(r, float):
        return math.isnan(r)
    if type(r).__name__ == "Estimate":
        return any(isinstance(v, float) and math.isnan(v) for v in (r.value, r.low, r.high))
    if isinstance(r, tuple) and len(r) <= 4:
        return any(has_nan(v) for v in r)
    return False
def read():
    head = sys.stdin.buffer.read(4)
    if len(head) < 4:
        return None
    return pickle.loads(sys.stdin.buffer.read(struct.unpack("<I", head)[0]))
def write(obj):
    data = pickle.dumps(obj)
    sys.stdout.buffer.write(struct.pack("<I", len(data)) + data)
    sys.stdout.buffer.flush()
import liarlab.games, liarlab.study.context
exec("from liarlab.bluff.endgame import EndGame\nfrom liarlab.liardice import FastTable, Layout, QPlayer\n"
     "from liarlab.core.api import make_agent, new_game\nfrom fractions import Fraction\nimport liarlab", env)
while True:
    job = read()
    if job is None:
        break
    module, name, args, kwargs = job
    try:
        f = getattr(importlib.import_module(module), name)
        args, kwargs = build(args), build(kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            r = f(*args, **kwargs)
        write(("nan result", repr(r)[:200]) if has_nan(r) else ("ok", ""))
    except (ValueError, TypeError) as e:
        text = str(e)
        write(("refused", text) if text.strip() and "\n" not in text.strip() and len(text) < 2000
              else ("refused in more than one line" if text.strip() else "refused without a message", text[:500]))
    except Warning as e:
        write(("warning", f"{type(e).__name__}: {e}"[:500]))
    except BaseException as e:
        write((type(e).__name__, str(e)[:500]))
'''


class Worker:
    """A python process that runs calls; restarted after a crash or a timeout."""

    def __init__(self, tmp: Path):
        self.tmp, self.proc, self.timeout = tmp, None, TIMEOUT

    def start(self):
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=self.tmp, env=env)

    def call(self, module: str, name: str, args=(), kwargs=None) -> tuple[str, str]:
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        data = pickle.dumps((module, name, tuple(args), dict(kwargs or {})))
        try:
            self.proc.stdin.write(struct.pack("<I", len(data)) + data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            return self._dead()
        import selectors
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        if not sel.select(self.timeout):
            self.stop()
            return "hang", f"no answer within {self.timeout:.0f} s"
        head = self.proc.stdout.read(4)
        if len(head) < 4:
            return self._dead()
        return pickle.loads(self.proc.stdout.read(struct.unpack("<I", head)[0]))

    def _dead(self):
        code = self.proc.wait()
        self.proc = None
        return "crash", f"the worker died (exit {code})"

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@pytest.fixture(scope="module")
def worker(tmp_path_factory):
    w = Worker(tmp_path_factory.mktemp("fuzz-cwd"))
    yield w
    w.stop()


def check(worker, qualname: str, args=(), kwargs=None):
    module, name = qualname.rsplit(".", 1)
    outcome, detail = worker.call(module, name, args, kwargs)
    assert outcome in ("ok", "refused"), f"{qualname}(*{args!r}, **{kwargs!r}): {outcome}: {detail}"


# ----------------------------------------------------------------------------------------------- the doors

ALWAYS_CALL = Code("lambda counts, prev: {0: Fraction(1)} if prev else {1: Fraction(1)}")
TABLE = Code("FastTable.new()")
LIARDICE_AGENTS = Code("[make_agent('liardice', 'random-guess'), make_agent('liardice', 'test-program', type_id=5)]")


#: a door's hostile values: HOSTILE's, but its ints either not positive or beyond every size a door takes (a valid
#: but large size, Ferguson's game at N = 1,500, is a long computation, not a hang)
DOOR_HOSTILE = st.one_of(st.sampled_from(HOSTILE_VALUES), st.floats(allow_nan=True, allow_infinity=True),
                         st.integers(max_value=0), st.integers(min_value=10**9, max_value=2**70), st.text(max_size=4))


def neighbourhood(**fields):
    """Arguments with each field drawn from its valid values, and at most one field replaced by a hostile value.
    A field named ``_0``, ``_1``, ... is positional."""
    @st.composite
    def draw(d):
        chosen = {k: d(st.sampled_from(v)) for k, v in fields.items()}
        bad = d(st.sampled_from([None, *fields]))
        if bad is not None:
            chosen[bad] = d(DOOR_HOSTILE)
        args = [chosen.pop(f"_{i}") for i in range(len(fields)) if f"_{i}" in chosen]
        return args, chosen
    return draw()


#: the solvers' and engines' doors: small valid arguments, one replaced at a time (a valid draw must stay cheap)
DOORS = {
    "liarlab.bluff.solve": neighbourhood(
        _0=[2, 3, None], dice=[(1, 1), None], game=["bluff", "endgame", "ferguson", Code("EndGame(3, (1, 1))")],
        target=[1e-9, 1e-6]),
    "liarlab.bluff.choose_method": neighbourhood(_0=[2, 6, 10], dice=[(1, 1), (2, 1)], method=["auto", "lp"],
                                                 max_bytes=[10**9]),
    "liarlab.bluff.best_response": neighbourhood(
        _0=[Code("EndGame(2, (1, 1))")], _1=[Code("liarlab.bluff.exploit.plan_of_policy(EndGame(2, (1, 1)), "
                                                  "lambda counts, prev: {0: Fraction(1)} if prev else "
                                                  "{1: Fraction(1)}, 0)")], _2=[1], exact=[True, False]),
    "liarlab.bluff.exploitability": neighbourhood(_0=[(1, 1), Code("EndGame(2, (1, 1))")], _1=[ALWAYS_CALL],
                                                  faces=[2, 3], equilibrium=[None], exact_max_sequences=[0, 10_000]),
    "liarlab.liardice.train_q": neighbourhood(
        _0=[TABLE], _1=["EXP0", ["EXP1"]], _2=[0, 20], _3=[0, 1], epsilon=[0.1], seats=["rotate", 1],
        rule=["paper"], alpha=[0.2], gamma=[0.9], do_shuffle=[False]),
    "liarlab.liardice.play_q": neighbourhood(
        _0=[[TABLE, "EXP0"], ["EXP0", "RAND"]], _1=[0, 20], _2=[0, 3], rule=["paper"], alpha=[0.2], gamma=[0.9],
        reward=[1.0], penalty=[0.0], seats=["rotate", 0]),
    "liarlab.liardice.simulate_match": neighbourhood(
        _0=[Code("make_agent('liardice', 'random-guess')")], _1=[Code("make_agent('liardice', 'test-program', "
                                                                      "type_id=3)")],
        _2=[0, 20], _3=[0, 5], starters=["alternate", "random", 0], max_iterations=[10_000]),
    "liarlab.liardice.play_match": neighbourhood(_0=[LIARDICE_AGENTS], _1=[0, 5], _2=[0, 7],
                                                 starters=["alternate", "random"]),
    "liarlab.honeymoon.double_dummy_tricks": neighbourhood(
        _0=[["SA", "SK", "H2"], []], _1=[["SQ", "S2", "HA"], []], _2=["S", None, "N"]),
    "liarlab.honeymoon.double_dummy_tricks_reference": neighbourhood(
        _0=[["SA", "H2"], []], _1=[["SQ", "HA"], []], _2=["S", None]),
    "liarlab.core.api.play_game": neighbourhood(
        _0=[Code("new_game('liardice', 0)")], _1=[LIARDICE_AGENTS], _2=[0, 1], max_actions=[1_000_000]),
    "liarlab.core.api.new_game": neighbourhood(_0=["liardice", "bluff", "endgame", "cheat", "honeymoon"], _1=[0, 3]),
    "liarlab.core.api.make_agent": neighbourhood(_0=["liardice", "bluff", "cheat"], _1=["random", "random-guess"]),
    "liarlab.games.all_games": neighbourhood(),
    "liarlab.study.context.current": neighbourhood(),
}

#: functions the fuzz leaves alone, and why
EXCLUDED = {
    "liarlab.core.api.register_game": "registers a game for the whole process: a fuzzed name would stay registered",
    "liarlab.core.api.register_agent": "registers an agent for the whole process, as register_game",
    "liarlab.study.context.start": "sets the process's run context (its force, out_dir and scheduler are checked "
                                   "by the run frame's own tests, tests/study/test_context.py)",
    "liarlab.core.files.atomic_write_bytes": "writes a file where it is told: fuzzing it would write into the tree",
}

SLOW = {"liarlab.bluff.solve", "liarlab.bluff.exploitability", "liarlab.liardice.train_q", "liarlab.liardice.play_q",
        "liarlab.liardice.simulate_match", "liarlab.honeymoon.double_dummy_tricks_reference"}


def _generic_arguments(function):
    """Every required argument hostile; sometimes one optional keyword argument hostile too."""
    sig = inspect.signature(function)
    required = [p for p in sig.parameters.values() if p.default is p.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    optional = [p.name for p in sig.parameters.values() if p.default is not p.empty
                and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]

    @st.composite
    def draw(d):
        args = [d(HOSTILE) for _ in required]
        kwargs = {}
        if optional and d(st.booleans()):
            kwargs[d(st.sampled_from(optional))] = d(HOSTILE)
        return args, kwargs
    return draw()


FUNCTIONS = public_functions()
GENERIC = sorted(set(FUNCTIONS) - set(DOORS) - set(EXCLUDED))


def test_every_public_function_is_fuzzed():
    """A public function of the reference is fuzzed (a door, or the generic fuzz) or excluded with a reason; a
    door or an exclusion names a function that exists."""
    assert len(FUNCTIONS) > 80
    stale = sorted((set(DOORS) | set(EXCLUDED)) - set(FUNCTIONS))
    assert not stale, f"cases for functions the API reference does not list: {stale}"
    assert set(GENERIC) | set(DOORS) | set(EXCLUDED) == set(FUNCTIONS)
    for name in GENERIC:   # the generic fuzz can reach each: no *args-only signature it cannot fill
        assert inspect.signature(FUNCTIONS[name]) is not None


@pytest.mark.parametrize("qualname", GENERIC)
def test_hostile_arguments_give_a_result_or_a_one_line_error(worker, qualname):
    @settings(max_examples=25, deadline=None, derandomize=True, database=None, phases=PHASES,
              suppress_health_check=list(HealthCheck))
    @given(_generic_arguments(FUNCTIONS[qualname]))
    def run(call):
        args, kwargs = call
        check(worker, qualname, args, kwargs)
    run()


@pytest.mark.parametrize("qualname", sorted(DOORS))
def test_the_solvers_doors_give_a_result_or_a_one_line_error(worker, qualname):
    @settings(max_examples=8 if qualname in SLOW else 25, deadline=None, derandomize=True, database=None,
              phases=PHASES, suppress_health_check=list(HealthCheck))
    @given(DOORS[qualname])
    def run(call):
        args, kwargs = call
        check(worker, qualname, args, kwargs)
    run()


# ----------------------------------------------------------------------------------------------- the harness

def test_the_harness_reports_a_crash_a_hang_and_a_warning(worker):
    """The worker tells a segfault, a hang and a warning apart from a refusal (else the fuzz could not fail)."""
    assert worker.call("ctypes", "string_at", (0,))[0] == "crash"
    assert worker.call("warnings", "warn", ("careful",))[0] == "warning"
    worker.timeout = 2.0
    try:
        assert worker.call("time", "sleep", (30,))[0] == "hang"
    finally:
        worker.timeout = TIMEOUT
    assert worker.call("math", "sqrt", (-1,))[0] == "refused"
    assert worker.call("math", "sqrt", (4,))[0] == "ok"
