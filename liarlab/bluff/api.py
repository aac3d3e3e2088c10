"""One entry point for a certified Bluff solve: :func:`solve_bluff` picks the method that can do it.

Two exact methods solve a round of Bluff (``dice = (opener's, responder's)``, ``faces`` faces, the rules of
:func:`liarlab.bluff.rules.make_rules`):

* the **whole-tree LP** (:func:`liarlab.bluff.exact.solve_lp`): the sequence-form LP over every history and
  deal. Fast for small rounds, and it gives the equilibrium as behaviour tables (``detail.policy``); its memory
  grows with histories x deals, so it cannot build one die each at N = 10 (2^20 histories x 100 deals).
* the **certified double oracle** (:func:`liarlab.bluff.oracle.solve_round_certified`): LPs on a growing set of
  histories, each bound certified by an exact best response in the whole round. It solves rounds the LP cannot
  (one die each at N = 10 in about ten minutes and 3.3 GB on two cores), but it still keeps a few arrays over
  every history, so it too has a size limit.

``method="auto"`` (the default) uses the LP for small rounds (where it is as fast and gives behaviour tables)
and the double oracle otherwise; when neither fits in ``max_bytes`` it raises ValueError saying what each would
need. Rounds with more dice than (1, 1) first solve the smaller rounds they continue into (backward induction
over the dice counts, as in the study); the bracket then includes the smaller rounds' uncertainty.

>>> result = solve_bluff(4)                 # one die each, four faces, the talk's rules
>>> result.method, result.likely_fraction, result.width < 1e-9
('whole-tree LP', Fraction(1, 16), True)
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from liarlab.bluff import exact, oracle
from liarlab.bluff.rounds import backward_induction, cached_round, plan_from_behaviour, rounds_below
from liarlab.bluff.rules import DEFAULT_MAX_BYTES, make_rules, round_size
from liarlab.bluff.sparse_oracle import DEFAULT_ORACLE, Bracketed
from liarlab.core.reprs import compact_repr

__all__ = ["BluffResult", "EndGameResult", "METHODS", "choose_method", "solve_bluff", "solve_end_game",
           "simplest_fraction", "simple_fraction", "is_dyadic", "certify_end_game"]

METHODS = ("auto", "lp", "oracle")
#: ``auto`` uses the whole-tree LP up to this many LP nonzeros (N = 6 one die each: 344,000, about 2 s);
#: beyond it the double oracle is faster (N = 7: 1.7 M nonzeros) as well as leaner.
LP_AUTO_NONZEROS = 500_000
#: the double oracle's resident peak per (history x deal) of the round: one die each at N = 8, 9, 10 grew the
#: process by 1.0, 1.8 and 3.3 GB for 6.6 M, 21 M and 105 M history-deals (bench bluff), and a whole process
#: solving N = 10 through solve_bluff peaked at 5.0 GiB resident (about 51 bytes each); budgeted at 56.
_ORACLE_BYTES_PER_HISTORY_DEAL = 56
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


def _gib(n_bytes: int) -> str:
    """A byte count in GiB, computed in integers so that no size can overflow a float."""
    n_bytes = int(n_bytes)
    if n_bytes < 10**5 * 2**30:
        return f"{n_bytes / 2**30:.1f} GiB"
    digits = len(str(n_bytes // 2**30)) - 1 if n_bytes.bit_length() < 10_000 else int(n_bytes.bit_length() * 0.30103)
    return f"10^{digits} GiB"


#: The most bids a round may have: every history is a set of bids (a bitmask), and beyond this many no method
#: can hold even the histories' count (2^62 of them).
MAX_BIDS = 62


#: the narrowest bracket a solve may be asked for: HiGHS refuses tolerances below 1e-10, and the double oracle's
#: float best responses cannot certify a bracket much narrower than that (it would grow to the whole tree).
MIN_TARGET = 1e-10
MAX_TARGET = 1.0


def check_solver_options(*, target=None, threads=None, oracle=None, lean=None, stairs_jokers=None,
                         max_iterations=None) -> None:
    """The one check of the solvers' numeric and switch arguments, run by every door of this module before
    any work: ``target`` a finite bracket width in [MIN_TARGET, MAX_TARGET] (NaN would never close the bracket,
    0 makes HiGHS warn), ``threads``/``lean`` True, False or None, ``stairs_jokers`` True or False, ``oracle``
    a form of :func:`~liarlab.bluff.sparse_oracle.solve_certified`. Arguments left at None are not checked."""
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


def _check_size(faces, dice, bids_per_face: int, max_bytes: int, what: str) -> None:
    """Refuse at once, in integer arithmetic, a round whose histories no method can hold: more than
    :data:`MAX_BIDS` bids (faces x ``bids_per_face``). Names the most faces that pass for these dice."""
    from liarlab.core.validation import check_int

    faces = check_int("faces", faces, 1)
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"dice is a pair (first player's, second player's), got {dice!r}")
    check_int("dice[0]", dice[0], 1)
    check_int("dice[1]", dice[1], 1)
    check_int("max_bytes", max_bytes, 1)
    if faces * bids_per_face > MAX_BIDS:
        raise ValueError(f"{what} with faces={faces}, dice={tuple(dice)} has {faces * bids_per_face:,} bids, so "
                         f"2^{faces * bids_per_face:,} histories: no method can hold them. "
                         + _largest_that_fits(tuple(dice), max_bytes))


def _bids_per_face(dice) -> int:
    """Bids per face of a round with ``dice`` (one per die in play), or 1 for dice that _check_size refuses."""
    ok = isinstance(dice, (tuple, list)) and len(dice) == 2 and all(isinstance(d, int) for d in dice)
    return sum(dice) if ok else 1


def _largest_that_fits(dice, max_bytes: int) -> str:
    """The sentence naming the most faces with these dice whose round one of the methods can hold in
    ``max_bytes`` (sizes from :func:`round_size`, which allocates nothing)."""
    largest = None
    for faces in range(2, MAX_BIDS // sum(dice) + 1):
        size = round_size(faces, dice)
        if min(size["estimated_bytes"], size["histories"] * size["deals"] * _ORACLE_BYTES_PER_HISTORY_DEAL) > max_bytes:
            break
        largest = faces
    if largest is None:
        return f"No number of faces fits in max_bytes={_gib(max_bytes)} with dice={dice}."
    return f"The most faces that fit in max_bytes={_gib(max_bytes)} with dice={dice}: {largest}."


def choose_method(faces: int, dice=(1, 1), *, method: str = "auto", max_bytes: int = DEFAULT_MAX_BYTES,
                  **rules) -> tuple[str, str]:
    """Which method :func:`solve_bluff` would use, and why: ``("lp" | "oracle", reason)``, computed without
    allocating anything. Raises ValueError when the method asked for, or every method, cannot fit.

    >>> choose_method(10)[0]
    'oracle'
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    _check_size(faces, dice, _bids_per_face(dice), max_bytes, "Bluff")
    r = make_rules(faces, dice, **rules)
    size = round_size(r.faces, r.dice)
    lp_bytes = size["estimated_bytes"]
    oracle_bytes = size["histories"] * size["deals"] * _ORACLE_BYTES_PER_HISTORY_DEAL
    what = (f"Bluff with faces={r.faces}, dice={r.dice}: {size['histories']:,} histories x {size['deals']:,} deals "
            f"per round")
    lp_fits, oracle_fits = lp_bytes <= max_bytes, oracle_bytes <= max_bytes
    need = (f"the whole-tree LP needs about {_gib(lp_bytes)} and the double oracle about {_gib(oracle_bytes)} "
            f"(limit max_bytes={_gib(max_bytes)})")
    if method == "lp" and not lp_fits:
        raise ValueError(f"{what}: too large for the whole-tree LP: {need}; method='oracle' or 'auto' may fit")
    if method == "oracle" and not oracle_fits:
        raise ValueError(f"{what}: too large for the double oracle: {need}")
    if method != "auto":
        return method, f"asked for ({need})"
    if lp_fits and size["lp_nonzeros"] <= LP_AUTO_NONZEROS:
        return "lp", f"small: {size['lp_nonzeros']:,} LP nonzeros"
    if oracle_fits:
        return "oracle", f"{size['lp_nonzeros']:,} LP nonzeros: the double oracle is faster and leaner"
    raise ValueError(f"no method can solve {what}: {need}. {_largest_that_fits(r.dice, max_bytes)}")


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
    chosen, _ = choose_method(r.faces, r.dice, method=method, max_bytes=max_bytes, **r.options())
    t0 = time.perf_counter()
    if chosen == "lp":
        sol = exact.solve_round_lp(r, values, max_bytes, min(target, 1e-9))
        # the opener's plan guarantees (self-play value - the responder's best-response gain), and the
        # responder's concedes at most (self-play value + the opener's gain)
        lower = sol.self_play_value - sol.best_response_gains[1]
        upper = sol.self_play_value + sol.best_response_gains[0]
        rnd = cached_round(r.faces, r.dice, tuple(sorted(r.options().items())))
        plans = tuple(plan_from_behaviour(rnd, sol.behaviour[p], p) for p in (0, 1))
        name, detail = "whole-tree LP", sol
    else:
        cert = oracle.solve_round_certified(r, values, target=target, threads=threads)
        lower, upper, plans, name, detail = cert.lower, cert.upper, cert.plans, "double oracle", cert
    lower, upper = min(lower, upper) - inherited, max(lower, upper) + inherited
    value = (lower + upper) / 2
    return BluffResult(faces=r.faces, dice=r.dice, rules=r.options(), method=name, value=value, lower=lower,
                       upper=upper, plans=plans, seconds=time.perf_counter() - t0, likely_fraction=_fraction(lower, upper),
                       continuation=dict(values), detail=detail)


def solve_bluff(faces: int, dice=(1, 1), *, method: str = "auto", target: float = 1e-9,
                max_bytes: int = DEFAULT_MAX_BYTES, threads: bool | None = None, **rules) -> BluffResult:
    """Solve one round of Bluff exactly and certify it: value, bracket, both plans and the fraction.

    ``faces`` >= 2; ``dice = (opener's, responder's)``; ``rules`` are those of
    :func:`liarlab.bluff.rules.make_rules` (``bid_order``, ``bidder_penalty``, ``challenger_penalty``,
    ``next_opener``, ``wild``). ``method``: ``"auto"`` (see :func:`choose_method`), ``"lp"`` or ``"oracle"``.
    ``target``: the widest bracket the double oracle may stop at. ``threads``: the oracle's two bounds in two
    threads (None: when two cores are free to this process). Raises ValueError, before any allocation, for bad
    input or a round no method can hold in ``max_bytes``.

    >>> r = solve_bluff(6, method="oracle")
    >>> r.method, r.likely_fraction, round(r.opener_win, 4)
    ('double oracle', Fraction(-7, 258), 0.4864)
    """
    check_solver_options(target=target, threads=threads)
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    _check_size(faces, dice, _bids_per_face(dice), max_bytes, "Bluff")
    r = make_rules(faces, dice, **rules)
    choose_method(r.faces, r.dice, method=method, max_bytes=max_bytes, **r.options())   # fail before any work
    t0 = time.perf_counter()
    values, inherited = _smaller_rounds(r, method, target, max_bytes, threads)
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


def solve_end_game(faces: int, dice=(1, 1), convention: str = "normal", *, stairs: str = "ordered",
                   stairs_jokers: bool = True, oracle: str = DEFAULT_ORACLE, target: float = 1e-10,
                   **options) -> EndGameResult:
    """Solve the end game of Liar's Dice exactly: one round, the winner of the call wins.

    ``dice = (first mover's, second mover's)``; ``convention``: ``"normal"``, ``"joker"`` or ``"stairs"`` (with
    ``stairs`` the run's reading and ``stairs_jokers`` whether 1s are wild outside a run; see
    :class:`~liarlab.bluff.endgame.EndGame`). ``oracle``: the double oracle's form
    (:func:`liarlab.bluff.sparse_oracle.solve_certified`): ``"classic"`` (warm-started LPs; the faster on most
    games) or ``"fringe"`` (faster where the classic one's bracket closes slowly, as under stairs). ``target``
    and ``options`` go to :func:`certify_end_game`.

    >>> solve_end_game(6, (2, 1)).fraction          # two dice against one, six faces
    Fraction(212027, 771552)
    """
    from liarlab.bluff.endgame import EndGame

    check_solver_options(target=target, oracle=oracle, stairs_jokers=stairs_jokers, lean=options.get("lean"),
                         max_iterations=options.get("max_iterations"))
    _check_end_game_size(faces, dice, convention)
    return certify_end_game(EndGame(faces, dice, convention, stairs, stairs_jokers), oracle=oracle, target=target,
                            **options)


#: The most deals (first mover's hands x second mover's) an end game may have: the double oracle keeps a payoff
#: per deal for every restricted history, and the largest games this study solved have 1,296 deals.
MAX_END_GAME_DEALS = 100_000


def _check_end_game_size(faces, dice, convention: str) -> None:
    """Refuse at once, before the tree is built, an end game with more than :data:`MAX_BIDS` bids or more than
    :data:`MAX_END_GAME_DEALS` deals (counted in integers), naming the most faces that pass for these dice."""
    from math import comb

    from liarlab.core.validation import check_int

    faces = check_int("faces", faces, 1)
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise ValueError(f"dice is a pair (first mover's, second mover's), got {dice!r}")
    a, b = check_int("dice[0]", dice[0], 1), check_int("dice[1]", dice[1], 1)

    def sizes(n):
        per_face = a + b + (2 if convention == "stairs" else 0)
        hands = [comb(n + d - 1, d) + (n if convention == "stairs" else 0) for d in (a, b)]
        return n * per_face, hands[0] * hands[1]

    bids, deals = sizes(faces)
    if bids <= MAX_BIDS and deals <= MAX_END_GAME_DEALS:
        return
    largest = 1
    while largest < faces and all(x <= y for x, y in zip(sizes(largest + 1), (MAX_BIDS, MAX_END_GAME_DEALS))):
        largest += 1
    raise ValueError(f"the end game with faces={faces}, dice={(a, b)} has {bids:,} bids and {deals:,} deals: too "
                     f"large to solve here (at most {MAX_BIDS} bids and {MAX_END_GAME_DEALS:,} deals). The most faces "
                     f"that pass with these dice: {largest}")


def certify_end_game(game, *, oracle: str = DEFAULT_ORACLE, target: float = 1e-10, lean: bool | None = None,
                     **options) -> EndGameResult:
    """The end game ``game`` (:class:`~liarlab.bluff.endgame.EndGame`) solved by the double oracle and given its
    rational certificate. ``lean``: the fringe oracle's lean restricted games (default: with the fringe oracle);
    ``options`` go to :func:`~liarlab.bluff.sparse_oracle.solve_certified` (``method``, ``max_iterations``, ``log``)."""
    from liarlab.bluff import rational, sparse_oracle
    from liarlab.bluff.endgame import EndGame

    if not isinstance(game, EndGame):
        raise TypeError(f"game must be an EndGame (liarlab.bluff.endgame), got {type(game).__name__}")
    check_solver_options(target=target, oracle=oracle, lean=lean, max_iterations=options.get("max_iterations"))
    tree = sparse_oracle.Tree.of_game(game)
    t0 = time.perf_counter()
    sol = sparse_oracle.solve_certified(tree, target=target, threads=False, oracle=oracle,
                                        lean=oracle == "fringe" if lean is None else lean, **options)
    t1 = time.perf_counter()
    cert = rational.rational_certificate(tree, sol.plans, [game.hands(p)[1] for p in (0, 1)])
    return EndGameResult(game=game, value=sol.value, lower=sol.lower, upper=sol.upper, fraction=cert.fraction,
                         certificate=cert.method if cert.holds else None,
                         restricted_histories=sol.restricted_histories, seconds=time.perf_counter() - t0,
                         plans=sol.plans, solution=sol, rational=cert, certificate_seconds=time.perf_counter() - t1)
