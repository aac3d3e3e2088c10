"""The doors of the exact solvers: :func:`solve` answers "what is this game worth, certified?"
(:func:`liarlab.bluff.exploit.best_response` and :func:`liarlab.bluff.exploit.exploitability` answer "what does a
player concede?"). Every method behind them is private; docs/ARCHITECTURE.md's solver table lists them.

``solve(faces, dice, game="bluff", ...)`` solves one round of Bluff (``dice = (opener's, responder's)``,
``faces`` faces, the rules of :func:`liarlab.bluff.rules.make_rules`) by one of two exact methods:

* the **whole-tree LP** (``method="lp"``, :mod:`liarlab.bluff.exact`): the sequence-form LP over every history and
  deal. Fast for small rounds, and it gives the equilibrium as behaviour tables (``detail.policy``); its memory
  grows with histories x deals, so it cannot build one die each at N = 10 (2^20 histories x 100 deals).
* the **certified double oracle** (``method="oracle"``, :mod:`liarlab.bluff.oracle`): LPs on a growing set of
  histories, each bound certified by an exact best response in the whole round. It solves rounds the LP cannot
  (one die each at N = 10 in about ten minutes and 3.3 GB on two cores), but it still keeps a few arrays over
  every history, so it too has a size limit.

``method="auto"`` (the default) uses the LP for small rounds (where it is as fast and gives behaviour tables)
and the double oracle otherwise; when neither fits in ``max_bytes`` it raises ValueError saying what each would
need (the one size check, :func:`liarlab.bluff.rules.check_fits`). Rounds with more dice than (1, 1) first solve
the smaller rounds they continue into (backward induction over the dice counts, as in the study); the bracket then
includes the smaller rounds' uncertainty.

``solve(faces, dice, game="endgame", ...)``, or ``solve(game=EndGame(...))`` for a game already built, solves the
end game of Liar's Dice (one round, the winner of the call wins) by the sparse double oracle
(:mod:`liarlab.bluff.sparse_oracle`) and certifies its exact value as a fraction (:mod:`liarlab.bluff.rational`).
``solve(faces, game="ferguson")`` solves Ferguson's Liar's Dice by its per-turn LPs (:mod:`liarlab.bluff.ferguson`).

>>> result = solve(4)                 # one die each, four faces, the talk's rules
>>> result.method, result.likely_fraction, result.width < 1e-9
('whole-tree LP', Fraction(1, 16), True)
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from liarlab.bluff import exact, oracle
from liarlab.bluff.rounds import backward_induction, cached_round, plan_from_behaviour, rounds_below
from liarlab.bluff.rules import (  # noqa: F401  (the size limits and round_size, read here by callers)
    DEFAULT_MAX_BYTES,
    LP_AUTO_NONZEROS,
    MAX_BIDS,
    MAX_END_GAME_DEALS,
    check_fits,
    make_rules,
    round_size,
)
from liarlab.bluff.sparse_oracle import DEFAULT_ORACLE, Bracketed
from liarlab.core.reprs import compact_repr

__all__ = ["BluffResult", "EndGameResult", "METHODS", "GAMES", "choose_method", "solve", "simplest_fraction",
           "simple_fraction", "is_dyadic"]

METHODS = ("auto", "lp", "oracle")
#: what :func:`solve` solves: a round of Bluff, the end game of Liar's Dice, Ferguson's Liar's Dice (the names they
#: are registered under)
GAMES = ("bluff", "endgame", "ferguson")
#: the fraction reported is the simplest one within the bracket widened by this, if its denominator is at most
#: MAX_DENOMINATOR (two such fractions differ by at least 1e-12, so at most one lies in a window this narrow
#: around a certified bracket). One die each at N = 10: -8753/180800.
FRACTION_SLACK = 1e-13
MAX_DENOMINATOR = 1_000_000


@dataclass
class BluffResult(Bracketed):
    """A certified value of one Bluff round, from the opener's side in +-1 units (win = 1, loss = -1).

    ``lower <= value of the round <= upper`` is certified by exact best responses: ``lower`` is what the
    opener's plan guarantees against every responder, ``upper`` what the responder's plan concedes at most.
    ``plans`` are the two realization plans (hands x 2^n histories, see :mod:`liarlab.bluff.exact`),
    ``likely_fraction`` the simplest fraction inside the certified bracket (denominator at most 10^6, else None):
    a guess at the exact value, which it is when the value is such a fraction, but not a certificate (the name
    ``fraction`` is kept for certified rationals, :class:`EndGameResult`'s), ``detail``
    the method's own result (:class:`~liarlab.bluff.exact.BluffSolution` with ``.policy(player)``, or
    :class:`~liarlab.bluff.oracle.CertifiedRound`), ``continuation`` the values of the smaller rounds used.
    """

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    faces: int
    dice: tuple[int, int]
    rules: dict
    method: str                    # "whole-tree LP" or "double oracle"
    value: float
    lower: float
    upper: float
    plans: tuple
    seconds: float
    likely_fraction: Fraction | None = None
    continuation: dict = field(default_factory=dict)
    detail: object = None


def simplest_fraction(lower: float, upper: float, max_denominator: int = MAX_DENOMINATOR) -> Fraction | None:
    """The fraction with the smallest denominator in [lower, upper], or None if that denominator exceeds
    ``max_denominator``.

    >>> simplest_fraction(0.33333333333, 0.33333333334)
    Fraction(1, 3)
    """
    lo, hi = Fraction(lower), Fraction(upper)
    if lo > hi:
        raise ValueError(f"lower {lower} is above upper {upper}")
    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        f = simplest_fraction(-upper, -lower, max_denominator)
        return None if f is None else -f
    # Stern-Brocot descent on continued fractions: the simplest rational in [lo, hi] for 0 < lo <= hi.
    p0, q0, p1, q1 = 0, 1, 1, 0
    a, b = lo, hi
    while True:
        n = a.numerator // a.denominator
        if Fraction(n) == a or n + 1 <= b:         # an integer (n or n + 1) lies in [a, b]
            k = n if Fraction(n) == a else n + 1
            p, q = k * p1 + p0, k * q1 + q0
            break
        p0, q0, p1, q1 = p1, q1, n * p1 + p0, n * q1 + q0
        if q1 > max_denominator:
            return None
        a, b = 1 / (b - n), 1 / (a - n)
    return Fraction(p, q) if q <= max_denominator else None


def simple_fraction(value: float, lower: float, upper: float, max_power: int = 40):
    """A simple fraction inside [lower, upper]: the closest to ``value`` with denominator at most 10,000, or a
    power of two up to 2**max_power (the race values of Bluff-2, notebook 05's grids); None when there is none.
    Unlike :func:`simplest_fraction` it starts from ``value``, so it need not be the simplest in the bracket.

    >>> simple_fraction(0.51953125, 0.51953125 - 1e-12, 0.51953125 + 1e-12)
    Fraction(133, 256)
    """
    f = Fraction(value).limit_denominator(10_000)
    if lower - 1e-15 <= float(f) <= upper + 1e-15:
        return f
    for k in range(max_power + 1):
        f = Fraction(round(value * 2**k), 2**k)
        if lower - 1e-15 <= float(f) <= upper + 1e-15:
            return f
    return None


def is_dyadic(f: Fraction | None) -> bool:
    """True when ``f`` is a fraction whose denominator is a power of two."""
    return f is not None and (f.denominator & (f.denominator - 1)) == 0


def _fraction(lower: float, upper: float) -> Fraction | None:
    return simplest_fraction(lower - FRACTION_SLACK, upper + FRACTION_SLACK)


#: the narrowest bracket a solve may be asked for: HiGHS refuses tolerances below 1e-10, and the double oracle's
#: float best responses cannot certify a bracket much narrower than that (it would grow to the whole tree).
MIN_TARGET = 1e-10
MAX_TARGET = 1.0


def check_solver_options(*, target=None, threads=None, oracle=None, lean=None, stairs_jokers=None,
                         max_iterations=None) -> None:
    """The one check of the solvers' numeric and switch arguments, run by every door of this module before
    any work: ``target`` a finite bracket width in [MIN_TARGET, MAX_TARGET] (NaN would never close the bracket,
    0 makes HiGHS warn), ``threads``/``lean`` True, False or None, ``stairs_jokers`` True or False, ``oracle``
    a form of :func:`~liarlab.bluff.sparse_oracle._solve_certified`. Arguments left at None are not checked."""
    from liarlab.bluff.sparse_oracle import ORACLES
    from liarlab.core.validation import check_bool, check_choice, check_int, check_real

    if target is not None:
        check_real("target", target, MIN_TARGET, MAX_TARGET)
    check_bool("threads", threads, allow_none=True)
    check_bool("lean", lean, allow_none=True)
    if stairs_jokers is not None:
        check_bool("stairs_jokers", stairs_jokers)
    if oracle is not None:
        check_choice("oracle", oracle, ORACLES)
    if max_iterations is not None:
        check_int("max_iterations", max_iterations, 1, 100_000)


def choose_method(faces: int, dice=(1, 1), *, method: str = "auto", max_bytes: int = DEFAULT_MAX_BYTES,
                  **rules) -> tuple[str, str]:
    """Which method :func:`solve` would use for a round of Bluff, and why: ``("lp" | "oracle", reason)``, computed without
    allocating anything (:func:`~liarlab.bluff.rules.check_fits`). Raises ValueError when the method asked for,
    or every method, cannot fit.

    >>> choose_method(10)[0]
    'oracle'
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    fit = check_fits(faces, dice, max_bytes, method=method, **rules)
    return fit["method"], fit["reason"]


def _smaller_rounds(r, method: str, target: float, max_bytes: int, threads) -> tuple[dict, float]:
    """Values of the rounds (x, y) that a round with ``r.dice`` continues into, solved smallest first (each by
    the method that suits it), and the largest half-width among them (value +- half-width holds the real
    value)."""
    def solve(cell, values, inherited):
        res = _solve_one(r.with_dice(cell), values, inherited, method, target, max_bytes, threads)
        return res.value, res.width / 2, res
    below = backward_induction(rounds_below(*r.dice), solve)
    return {c: res.value for c, res in below.items()}, max((res.width / 2 for res in below.values()), default=0.0)


def _solve_one(r, values: dict, inherited: float, method: str, target: float, max_bytes: int,
               threads) -> BluffResult:
    chosen = check_fits(r.faces, r.dice, max_bytes, method=method, **r.options())["method"]
    t0 = time.perf_counter()
    if chosen == "lp":
        sol = exact._solve_round_lp(r, values, max_bytes, min(target, 1e-9))
        # the opener's plan guarantees (self-play value - the responder's best-response gain), and the
        # responder's concedes at most (self-play value + the opener's gain)
        lower = sol.self_play_value - sol.best_response_gains[1]
        upper = sol.self_play_value + sol.best_response_gains[0]
        rnd = cached_round(r.faces, r.dice, tuple(sorted(r.options().items())))
        plans = tuple(plan_from_behaviour(rnd, sol.behaviour[p], p) for p in (0, 1))
        name, detail = "whole-tree LP", sol
    else:
        cert = oracle._solve_round_certified(r, values, target=target, threads=threads)
        lower, upper, plans, name, detail = cert.lower, cert.upper, cert.plans, "double oracle", cert
    lower, upper = min(lower, upper) - inherited, max(lower, upper) + inherited
    value = (lower + upper) / 2
    return BluffResult(faces=r.faces, dice=r.dice, rules=r.options(), method=name, value=value, lower=lower,
                       upper=upper, plans=plans, seconds=time.perf_counter() - t0, likely_fraction=_fraction(lower, upper),
                       continuation=dict(values), detail=detail)


def solve(faces: int | None = None, dice=None, *, game="bluff", **options):
    """Solve a game exactly and certify its value: the one solve door of :mod:`liarlab.bluff`.

    ``game="bluff"`` (the default): one round of Bluff with ``faces`` faces (>= 2) and ``dice = (opener's,
    responder's)`` (default one each), returning a :class:`BluffResult`. ``options``: ``method`` (``"auto"``,
    the default, see :func:`choose_method`; ``"lp"`` the whole-tree LP; ``"oracle"`` the certified double oracle),
    ``target`` (the widest bracket the double oracle may stop at, default 1e-9), ``max_bytes`` (the memory the
    round may take), ``threads`` (the oracle's two bounds in two threads; None: when two cores are free to this
    process), ``continuation`` (the values ``{(x, y): value}`` of the smaller rounds this one continues into,
    taken as exact instead of solved first), and the rules of :func:`liarlab.bluff.rules.make_rules`
    (``bid_order``, ``bidder_penalty``, ``challenger_penalty``, ``next_opener``, ``wild``).

    ``game="endgame"``: the end game of Liar's Dice (one round, the winner of the call wins) with ``faces`` faces
    and ``dice = (first mover's, second mover's)``, returning an :class:`EndGameResult` with the exact value as a
    fraction where the rational certificate holds. ``options``: ``convention`` (``"normal"``, ``"joker"`` or
    ``"stairs"``), ``stairs`` (the run's reading) and ``stairs_jokers`` (whether 1s are wild outside a run; see
    :class:`~liarlab.bluff.endgame.EndGame`), ``oracle`` (the double oracle's form: ``"classic"``, warm-started
    LPs, the faster on most games; or ``"fringe"``, faster where the classic one's bracket closes slowly, as
    under stairs), ``target`` (default 1e-10), ``lean`` (the fringe oracle's lean restricted games; default: with
    the fringe oracle), ``method`` (the LP's HiGHS method), ``max_iterations``, ``log`` (a progress callback) and
    ``checkpoint`` (a folder the oracle saves to and resumes from). ``game=EndGame(...)``: an end game already
    built (``faces`` and ``dice`` not given), with the same options but its own rules.

    ``game="ferguson"``: Ferguson's Liar's Dice with ``faces`` faces (one die each; ``dice`` not given), by the
    per-turn LPs' backward induction (:func:`liarlab.bluff.ferguson.ferguson_solution`; ``variant``: ``"K"``,
    the talk's strategy, or ``"T*"``), a :class:`~liarlab.bluff.ferguson.LiarsDiceSolution` (``values``,
    ``strategy``, ``first_player_win``).

    Raises ValueError, before any allocation, for bad input or a game too large to hold
    (:func:`liarlab.bluff.rules.check_fits`).

    >>> r = solve(6, method="oracle")
    >>> r.method, r.likely_fraction, round(r.opener_win, 4)
    ('double oracle', Fraction(-7, 258), 0.4864)
    >>> solve(6, (2, 1), game="endgame").fraction          # two dice against one, six faces
    Fraction(212027, 771552)
    >>> round(solve(6, game="ferguson").first_player_win, 6)      # 41/60
    0.683333
    """
    from liarlab.bluff.endgame import EndGame

    if isinstance(game, EndGame):
        if faces is not None or dice is not None:
            raise ValueError("solve(game=EndGame(...)) takes its faces and dice from the game: give neither")
        check_fits(game.faces, game.dice, game="endgame", convention=game.convention)
        return _certify_end_game(game, **options)
    if game == "bluff":
        return _solve_bluff(faces, (1, 1) if dice is None else dice, **options)
    if game == "endgame":
        return _solve_end_game(faces, (1, 1) if dice is None else dice, **options)
    if game == "ferguson":
        from liarlab.bluff.ferguson import ferguson_solution

        if dice is not None and tuple(dice) != (1, 1):
            raise ValueError(f"Ferguson's game has one die each, got dice={dice!r}")
        return ferguson_solution(faces, **options)
    raise ValueError(f"game must be one of {GAMES} or an EndGame (liarlab.bluff.endgame), got {game!r}")


def _solve_bluff(faces: int, dice=(1, 1), *, method: str = "auto", target: float = 1e-9,
                 max_bytes: int = DEFAULT_MAX_BYTES, threads: bool | None = None, continuation: dict | None = None,
                 **rules) -> BluffResult:
    """(:func:`solve`, ``game="bluff"``) One round of Bluff solved exactly and certified: value, bracket, both
    plans and the fraction."""
    check_solver_options(target=target, threads=threads)
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    check_fits(faces, dice, max_bytes, method=method, **rules)   # fail before any work
    r = make_rules(faces, dice, **rules)
    t0 = time.perf_counter()
    if continuation is None:
        values, inherited = _smaller_rounds(r, method, target, max_bytes, threads)
    else:
        values, inherited = dict(continuation), 0.0
    result = _solve_one(r, values, inherited, method, target, max_bytes, threads)
    result.seconds = time.perf_counter() - t0
    return result


# --------------------------------------------------------------------------- the end game of Liar's Dice

@dataclass
class EndGameResult(Bracketed):
    """A certified value of the end game of Liar's Dice (:mod:`liarlab.bluff.endgame`), to the first mover in +-1
    units. ``lower <= value <= upper`` is certified by best responses; ``fraction`` is the exact value when the
    rational certificate holds (rational plans whose exact best responses meet; else None), ``certificate`` how
    it was found (``"rounding"`` or ``"support"``, :mod:`liarlab.bluff.rational`). ``plans``: both final plans
    (:class:`~liarlab.bluff.sparse_oracle.SparsePlan`) over the histories they reach; ``solution`` the oracle's own
    result (:class:`~liarlab.bluff.sparse_oracle.SparseCertified`), ``rational`` the certificate
    (:class:`~liarlab.bluff.rational.RationalCertificate`) and ``certificate_seconds`` its time."""

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    game: object
    value: float
    lower: float
    upper: float
    fraction: Fraction | None
    certificate: str | None
    restricted_histories: int
    seconds: float
    plans: tuple = field(repr=False, default=())
    solution: object = field(repr=False, default=None)
    rational: object = field(repr=False, default=None)
    certificate_seconds: float = 0.0


def _solve_end_game(faces: int, dice=(1, 1), *, convention: str = "normal", stairs: str = "ordered",
                    stairs_jokers: bool = True, oracle: str = DEFAULT_ORACLE, target: float = 1e-10,
                    **options) -> EndGameResult:
    """(:func:`solve`, ``game="endgame"``) The end game of Liar's Dice solved exactly: one round, the winner of the
    call wins. ``target`` and ``options`` go to :func:`_certify_end_game`."""
    from liarlab.bluff.endgame import EndGame

    check_solver_options(target=target, oracle=oracle, stairs_jokers=stairs_jokers, lean=options.get("lean"),
                         max_iterations=options.get("max_iterations"))
    check_fits(faces, dice, game="endgame", convention=convention)
    return _certify_end_game(EndGame(faces, dice, convention, stairs, stairs_jokers), oracle=oracle, target=target,
                             **options)


def _certify_end_game(game, *, oracle: str = DEFAULT_ORACLE, target: float = 1e-10, lean: bool | None = None,
                      **options) -> EndGameResult:
    """(:func:`solve`, ``game=EndGame(...)``) The end game ``game`` (:class:`~liarlab.bluff.endgame.EndGame`)
    solved by the double oracle and given its rational certificate. ``lean``: the fringe oracle's lean restricted games (default: with the fringe oracle);
    ``options`` go to :func:`~liarlab.bluff.sparse_oracle._solve_certified` (``method``, ``max_iterations``, ``log``)."""
    from liarlab.bluff import rational, sparse_oracle
    from liarlab.bluff.endgame import EndGame

    if not isinstance(game, EndGame):
        raise TypeError(f"game must be an EndGame (liarlab.bluff.endgame), got {type(game).__name__}")
    check_solver_options(target=target, oracle=oracle, lean=lean, max_iterations=options.get("max_iterations"))
    tree = sparse_oracle.Tree.of_game(game)
    t0 = time.perf_counter()
    sol = sparse_oracle._solve_certified(tree, target=target, threads=False, oracle=oracle,
                                        lean=oracle == "fringe" if lean is None else lean, **options)
    t1 = time.perf_counter()
    cert = rational.rational_certificate(tree, sol.plans, [game.hands(p)[1] for p in (0, 1)])
    return EndGameResult(game=game, value=sol.value, lower=sol.lower, upper=sol.upper, fraction=cert.fraction,
                         certificate=cert.method if cert.holds else None,
                         restricted_histories=sol.restricted_histories, seconds=time.perf_counter() - t0,
                         plans=sol.plans, solution=sol, rational=cert, certificate_seconds=time.perf_counter() - t1)
