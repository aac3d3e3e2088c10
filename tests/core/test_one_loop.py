"""One game loop: every way of playing a game goes through :func:`liarlab.core.api.play_game`, and the games it
plays are the games the four loops it replaced played, byte for byte.

The digests below were computed from the old loops (``core.api.play_game``, ``liardice.rules.play_game`` with its
two agent signatures, ``cheat.game.play_with_events`` and the terminal's ``Session.play_one``) before they became
one: a few hundred games per game, each transcript (every action, the record or events, the returns), what the
learners learned, and the state of the Generator after the last game (so the random stream was consumed in the
same order, not only to the same games). A change of any of them fails here: results would no longer be
byte-identical.
"""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

import liarlab.games
from liarlab.cheat.agents import QLearner, ScriptedAgent
from liarlab.cheat.game import CheatState, modified_rules, play_with_events, traditional_rules, transcript
from liarlab.core import api
from liarlab.liardice import rules as ld
from liarlab.liardice.agents import BestResponseAgent, RandomGuessAgent, TestProgram
from liarlab.liardice.exp_agents import ExpAgent, ExpRandAgent, RandAgent, play_paper_game
from liarlab.liardice.qtable import QTableAgent
from liarlab.play.cli import adapter_for
from liarlab.play.terminal import Session

from .conftest import canon

assert liarlab.games  # every game registered


def _digest(*parts) -> str:
    return hashlib.sha256(repr(canon(parts)).encode()).hexdigest()[:16]


def _rng_state(rng) -> dict:
    return rng.bit_generator.state


class _Recording:
    """Uniform over the legal actions, keeping what it saw and chose (the core protocol)."""

    def __init__(self, log):
        self.log = log

    def act(self, observation, legal_actions, rng):
        action = legal_actions[int(rng.integers(len(legal_actions)))]
        self.log.append((canon(observation), canon(action)))
        return action


# ----------------------------------------------------------------------------- the games, as the papers play them

def liardice_thesis() -> str:
    """Paper 01's players (``act(observation, rng)`` with new_game/end_game hooks), openers alternating or drawn."""
    rng = np.random.default_rng(2601)
    records = []
    for t in (1, 7, 19, 32):
        records += ld.play_match([TestProgram(t), RandomGuessAgent()], 40, rng)
    records += ld.play_match([RandomGuessAgent(), TestProgram(12)], 40, rng, starters="random")
    records += [ld.play_game([BestResponseAgent(), RandomGuessAgent()], rng, starter=g % 2) for g in range(20)]
    return _digest([r.to_dict() for r in records], _rng_state(rng))


def liardice_dice_loss() -> str:
    """Dice-loss matches under wild ones: rounds with fewer dice, players sitting out."""
    rng = np.random.default_rng(2602)
    config = ld.LiarDiceConfig(wild_ones=True, dice_loss=True)
    matches = [ld.play_dice_loss_match([RandAgent(), ExpAgent(1)], rng, config, starter=m % 2) for m in range(15)]
    return _digest([(w, [r.to_dict() for r in rs]) for w, rs in matches], _rng_state(rng))


def liardice_report() -> str:
    """Paper 02's players (``act(observation, legal_actions, rng)``): three players, a learning Q-table."""
    rng = np.random.default_rng(2603)
    learner = QTableAgent(n_players=3, epsilon=0.2)
    seats = [learner, ExpRandAgent(per="game"), ExpAgent(0)]
    records = [play_paper_game(seats[g % 3:] + seats[:g % 3], rng) for g in range(200)]
    table = sorted((repr(k), v) for k, v in learner.table.values.items())
    return _digest([r.to_dict() for r in records], table, _rng_state(rng))


def cheat_events() -> str:
    """Paper 04's games through play_with_events: scripted types, a learner, the traditional game without lists."""
    rng = np.random.default_rng(2604)
    lines = []
    kinds = "abcdefx"
    for g in range(140):
        state = CheatState(rng)
        returns = play_with_events(state, [ScriptedAgent(kinds[g % 7]), ScriptedAgent(kinds[g // 7 % 7])], rng)
        lines.append((transcript(state), returns))
    learner = QLearner()
    for g in range(50):
        state = CheatState(rng, modified_rules(n_players=3, leader_after_challenge="challenger"))
        returns = play_with_events(state, [learner, ScriptedAgent("b"), ScriptedAgent("e")], rng)
        lines.append((transcript(state), returns))
    for g in range(10):
        state = CheatState(rng, traditional_rules(4))
        returns = play_with_events(state, [ScriptedAgent(k) for k in "abcd"], rng, list_legal=False)
        lines.append((transcript(state), returns))
    return _digest(lines, learner.weights, _rng_state(rng))


#: the games registered when the four loops became one
ONE_LOOP_GAMES = ("bluff", "cheat", "cheat-positions", "ferguson", "honeymoon", "liardice")


def registry_games() -> str:
    """Every game registered when the loops became one, and each variant, through core.api.play_game with uniform
    random agents (games registered later, such as the end game, are the conformance test's)."""
    rng = np.random.default_rng(2605)
    out = []
    for name, game in sorted(liarlab.games.all_games().items()):
        if name not in ONE_LOOP_GAMES:
            continue
        for variant, options in game.variants.items():
            for _ in range(25):
                log = []
                state = game.new_game(rng, **options)
                returns = api.play_game(state, [_Recording(log)] * len(state.returns()), rng)
                out.append((name, variant, log, returns))
    return _digest(out, _rng_state(rng))


class _FirstMove:
    """A person at the terminal who asks for the moves and types the first one listed, for ``games`` games."""

    def __init__(self, games):
        self.games, self.out, self.ended = games, [], 0

    def write(self, text):
        self.out.append(text)
        self.ended += text.startswith("another game?")

    def read_line(self):
        last = self.out[-1] if self.out else ""
        if last.startswith("another game?"):
            return "y" if self.ended < self.games else "n"
        if last.startswith("moves: "):
            return last[len("moves: "):].split(", ")[0]
        return "moves"


def terminal_sessions() -> str:
    """The terminal's games: a person against an agent of each game (agents with start/finish hooks included)."""
    out = []
    for game, agent, options in (("liardice", "type5", {}), ("liardice", "EXP1", {}), ("honeymoon", "random", {}),
                                 ("cheat", "b", {}), ("ferguson", "random", {}),
                                 ("bluff", "random", {})):
        person = _FirstMove(3)
        session = Session(adapter_for(game, **options), agent, 7, person.read_line, person.write)
        session.run()
        out.append((game, agent, session.transcript, person.out, _rng_state(session.rng)))
    return _digest(out)


#: computed from the four loops before they became one (see the module docstring)
FROZEN = {
    'liardice_thesis': '9598a55b9a5b4717',
    'liardice_dice_loss': '876b81d7ffda336a',
    'liardice_report': '4633b42574485958',
    'cheat_events': 'd3d46dc811f0047d',
    'registry_games': '200b8cae80e8889d',
    'terminal_sessions': '9f417ff5e7ff7548',   # the game's name 'liar-dice' became the registry's 'liardice'
}

CASES = {f.__name__: f for f in (liardice_thesis, liardice_dice_loss, liardice_report, cheat_events, registry_games,
                                 terminal_sessions)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_one_loop_plays_the_games_the_old_loops_played(name):
    digest = CASES[name]()
    assert digest == FROZEN[name], (f"{name}: the games changed (or the random stream is read in another order): "
                                    f"digest {digest!r}")


def test_every_way_of_playing_goes_through_the_one_loop(monkeypatch):
    """The game's wrappers, the terminal and stage 1 of Cheat call core.api.play_game, not a loop of their own."""
    from liarlab.cheat import positions

    calls = []
    loop = api.play_game

    def spy(state, agents, rng, *args, **kwargs):
        calls.append(type(state).__name__)
        return loop(state, agents, rng, *args, **kwargs)

    monkeypatch.setattr(api, "play_game", spy)
    rng = np.random.default_rng(0)
    ld.play_game([TestProgram(3), RandomGuessAgent()], rng)
    play_paper_game([ExpAgent(1), RandAgent()], rng)
    play_with_events(CheatState(rng), [ScriptedAgent("a"), QLearner()], rng)
    positions.play_learning_run("P1", 1, rng)
    person = _FirstMove(1)
    Session(adapter_for("honeymoon"), "random", 1, person.read_line, person.write).run()
    # stage 1 plays one real game and many simulated ones, all through the loop
    assert list(dict.fromkeys(calls)) == ["LiarDiceState", "CheatState", "PositionGameState", "HoneymoonState"]
    assert calls[:2] == ["LiarDiceState", "LiarDiceState"] and calls[-1] == "HoneymoonState"


class _Overbid:
    def act(self, observation, legal_actions, rng):
        return ("bid", (99, 6))


class _Noting(RandAgent):
    """RAND, noting whether it was given the list."""

    def __init__(self, listed):
        super().__init__()
        self.listed = listed

    def act(self, observation, legal_actions, rng):
        self.listed.append(legal_actions is not None)
        return super().act(observation, legal_actions, rng)


def test_the_loop_tells_each_action_lists_per_seat_and_names_the_seat_of_an_illegal_action():
    told, listed = [], []
    state = ld.new_game(np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"^player 1 \(_Overbid\): bid quantity must be"):
        api.play_game(state, [RandAgent(), _Overbid()], np.random.default_rng(0),
                      on_action=lambda state, player, action: told.append((player, action, len(state.bids))))
    assert told == [(0, ("bid", state.bids[0][1]), 1)]
    api.play_game(ld.new_game(np.random.default_rng(1)), [_Noting(listed), _Noting(listed)], np.random.default_rng(1),
                  list_legal=[True, False])
    assert len(listed) >= 2 and listed[0::2] == [True] * len(listed[0::2]) and not any(listed[1::2])
