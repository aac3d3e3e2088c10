"""``python -m liarlab play GAME [--agent NAME] [--seed S]``: a terminal game against the study's agents."""
from __future__ import annotations

import argparse
import sys
import textwrap

import numpy as np

from liarlab.core.api import game as registered_game

from . import bluff, cheat, ferguson, honeymoon, liardice
from .terminal import Session, line_reader

#: the terminal's adapter (text in, text out) of each registered game, under the registry's name
ADAPTERS = {module.ADAPTER.name: module.ADAPTER for module in (liardice, bluff, cheat, honeymoon, ferguson)}
for _name in ADAPTERS:
    registered_game(_name)       # one name per game: the registry's (ValueError at import if a name drifts)

#: the games one can play, by their registered names
GAMES = tuple(ADAPTERS)


#: options only some games take (``--faces``, ``--dice``, ``--rules``, ``--players``, ``--seat``)
GAME_OPTIONS = {"bluff": ("faces", "dice"), "ferguson": ("faces",), "cheat": ("rules", "players", "seat")}


def adapter_for(game: str, **options):
    """A fresh adapter of ``game``; ValueError naming the games for an unknown one, or an option it lacks."""
    if game not in ADAPTERS:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    extra = sorted(set(options) - set(GAME_OPTIONS.get(game, ())))
    if extra:
        raise ValueError(f"--{extra[0]} applies to {', '.join(g for g, o in GAME_OPTIONS.items() if extra[0] in o)} "
                         f"only, not to {game}")
    return ADAPTERS[game](**options)


def games_help() -> str:
    """Agents and move syntax of every game, for ``--help``."""
    blocks = []
    for game, make in ADAPTERS.items():
        adapter = make()
        lines = [f"{game}: {adapter.title}", f"  agents (default {adapter.default_agent}):"]
        for name, what in adapter.agents().items():
            lines.append(textwrap.fill(what, width=110, initial_indent=f"    {name:<14}",
                                       subsequent_indent=" " * 18))
        lines.append("  moves:")
        lines += ["  " + line for line in adapter.move_help.splitlines()]
        blocks.append("\n".join(lines))
    blocks.append("At any move: help, moves (the legal ones), show, score, quit. After a game: another? [Y/n] "
                  "(help, score and quit work there too).\n"
                  "cheat: --rules traditional --players 2-6 --seat K for the traditional game at a larger table.\n"
                  "The running score is kept until you quit or the input ends.")
    return "\n\n".join(blocks)


class _OneLineParser(argparse.ArgumentParser):
    """argparse's parser, whose errors are one line (its usage lines only with --help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} ('{self.prog} --help' lists the games, agents and moves)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="liarlab play", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play a game of the study in the terminal against one of its agents. You see only your own "
                    "dice or cards; everything is turned over at the end of each game.",
        epilog=games_help())
    parser.add_argument("game", choices=list(GAMES), metavar="GAME", help=f"one of: {', '.join(GAMES)}")
    parser.add_argument("--agent", default=None, metavar="NAME", help="the opponent (default: the game's own)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the deals and the agent's choices (default: a fresh one, printed)")
    parser.add_argument("--games", type=int, default=None, metavar="N", help="stop after N games")
    parser.add_argument("--faces", type=int, default=None, metavar="N",
                        help="bluff, ferguson: faces per die (default 6)")
    parser.add_argument("--dice", type=int, default=None, metavar="D", help="bluff: dice each (default 1)")
    parser.add_argument("--rules", default=None, metavar="R",
                        help="cheat: 'modified' (the paper's two-player game, default) or 'traditional'")
    parser.add_argument("--players", type=int, default=None, metavar="P",
                        help="cheat --rules traditional: players at the table, 2-6 (default 4)")
    parser.add_argument("--seat", type=int, default=None, metavar="K", help="cheat: your seat, 1..players (default 1)")
    return parser


def main(argv=None, stdin=None, stdout=None) -> int:
    """Run a session; exit status 0 after a normal end (quit or end of input), 2 for bad arguments."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    args = build_parser().parse_args(argv)

    def write(text: str) -> None:
        print(text, file=stdout, flush=True)

    try:
        options = {k: v for k, v in (("faces", args.faces), ("dice", args.dice), ("rules", args.rules),
                                     ("players", args.players), ("seat", args.seat)) if v is not None}
        adapter = adapter_for(args.game, **options)
        agent = adapter.default_agent if args.agent is None else args.agent
        if agent not in adapter.agents():
            raise ValueError(f"unknown agent {agent!r} for {args.game}; choose one of "
                             f"{', '.join(adapter.agents())}")
        if args.games is not None and args.games < 1:
            raise ValueError(f"--games must be >= 1, got {args.games}")
        if args.seed is not None and args.seed < 0:
            raise ValueError(f"--seed must be an integer >= 0, got {args.seed}")
        seed = args.seed
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % 10**9)
        session = Session(adapter, agent, seed, line_reader(stdin), write, max_games=args.games)
    except ImportError as err:
        print(f"liarlab play: {args.game} is not playable in this checkout yet ({err})", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"liarlab play: {err}", file=sys.stderr)
        return 2
    try:
        session.run()
    except KeyboardInterrupt:
        write("\ninterrupted: " + session.score.text(agent))
    except Exception as err:  # a bug in a game or agent: say so in one line and keep the score
        write(f"liarlab play: internal error, the session stops ({type(err).__name__}: {err}). "
              + session.score.text(agent))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
