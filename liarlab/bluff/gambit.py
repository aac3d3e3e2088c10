"""Export a Bluff round to Gambit's .efg format and solve it with pygambit, as an independent cross-check.
"""
from __future__ import annotations

from liarlab.bluff.exact import DEFAULT_MAX_BYTES, _round_and_payoffs, check_fits

# --------------------------------------------------------------------------- Gambit cross-check

def to_efg(faces: int, dice=(1, 1), *, continuation: dict | None = None, **rules) -> str:
    """The round as a Gambit .efg game tree (chance deals hands, then bids), for cross-checks.

    Information sets are (player, own hand, bid history), so the tree has perfect recall. Meant for
    small rounds: the tree has deals x 2**n nodes.
    """
    check_fits(faces, dice, DEFAULT_MAX_BYTES)
    rnd, U = _round_and_payoffs(faces, dice, continuation, rules)
    infosets = [{}, {}]
    lines = [f'EFG 2 R "Bluff N={rnd.faces} dice={rnd.dice}" {{ "opener" "responder" }}', '""', ""]
    deals = [(d0, d1) for d0 in range(len(rnd.hands[0])) for d1 in range(len(rnd.hands[1]))]
    # Hand probabilities are multinomial counts over faces**dice: exact as rationals.
    denominator = rnd.faces ** (rnd.dice[0] + rnd.dice[1])
    probs = " ".join(
        f'"{rnd.hands[0][d0]}|{rnd.hands[1][d1]}" '
        f'{round(rnd.probs[0][d0] * rnd.probs[1][d1] * denominator)}/{denominator}'
        for d0, d1 in deals)
    lines.append(f'c "deal" 1 "deal" {{ {probs} }} 0')
    outcome_ids = {}

    def outcome(payoff):
        key = float(payoff)
        if key not in outcome_ids:
            outcome_ids[key] = len(outcome_ids) + 1
        return outcome_ids[key]

    def walk(mask, d0, d1):
        player = int(rnd.mover[mask])
        hand = (d0, d1)[player]
        info = infosets[player].setdefault((hand, mask), len(infosets[player]) + 1)
        last = int(rnd.top[mask])
        actions = (['"bluff"'] if mask else []) + [f'"bid{k}"' for k in range(last + 1, rnd.n + 1)]
        lines.append(f'p "" {player + 1} {info} "" {{ {" ".join(actions)} }} 0')
        if mask:
            payoff = float(U[last, 1 - player, d0, d1])
            lines.append(f't "" {outcome(payoff)} "" {{ {payoff!r}, {-payoff!r} }}')
        for k in range(last + 1, rnd.n + 1):
            walk(mask | (1 << (k - 1)), d0, d1)

    for d0, d1 in deals:
        walk(0, d0, d1)
    return "\n".join(lines) + "\n"


def gambit_value(faces: int, dice=(1, 1), **kwargs) -> float:
    """Opener's value of the round from pygambit's sequence-form LP (floating point)."""
    import os
    import tempfile

    import pygambit

    text = to_efg(faces, dice, **kwargs)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bluff.efg")
        with open(path, "w") as handle:
            handle.write(text)
        game = pygambit.read_efg(path)
    result = pygambit.nash.lp_solve(game, rational=False)
    # pygambit 17 returns one equilibrium; older versions a list of them.
    profile = result.equilibrium if hasattr(result, "equilibrium") else result.equilibria[0]
    if hasattr(profile, "payoffs"):
        return float(profile.payoffs["opener"])
    return float(profile.payoff(game.players[0]))
