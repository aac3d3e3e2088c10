"""The two protocols every game and agent of liarlab speaks, and the registry of games and agents.

A game is one rules module whose State follows :class:`State` (OpenSpiel's shape): the
current player, the legal actions, applying one, the end, the returns, and what one player may
see. An agent follows :class:`Agent`: it sees only its own player's observation and the legal
actions, and draws randomness only from the Generator it is given. With these two, a match
runner, a learner or a terminal front end needs nothing game-specific. :func:`play_game` is the one game
loop: each game's own way of playing (``liardice.rules.play_game``, ``cheat.game.play_with_events``, the
terminal's sessions) is a wrapper over it, and the compiled engines are tested against it.

Games register themselves: a game package calls :func:`register_game` (and its agents
:func:`register_agent`) when it is imported, so this module, the bottom layer, names no game. A caller
reaches a game through :func:`game`, :func:`new_game`, :func:`make_agent` once its package is imported;
``liarlab.games`` imports every game package, for callers that need them all.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

import numpy as np

from liarlab.core.seeds import generator
from liarlab.core.validation import check_int


@runtime_checkable
class State(Protocol):
    """One position of a game, changed in place by :meth:`apply_action`."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list: ...
    def apply_action(self, action) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def observation(self, player: int) -> Any: ...


@runtime_checkable
class Agent(Protocol):
    """A player: chooses one of ``legal_actions`` from what its player may see.

    This is the one agent signature of liarlab: :func:`play_game`, every game's own entry points (which are
    wrappers over it) and the terminal front end call ``act(observation, legal_actions, rng)`` and nothing else
    each turn. ``legal_actions`` is ``None`` when the caller asked :func:`play_game` not to list them
    (``list_legal=False``). Hooks before and after a game (a learner's update) are the game's own and are called
    by its wrapper, never by the loop.
    """

    def act(self, observation, legal_actions: Sequence | None, rng: np.random.Generator): ...


#: ``on_action(state, player, action)``: called by :func:`play_game` after each action is applied
ActionHook = Callable[[State, int, Any], None]


def play_game(state: State, agents: Sequence[Agent], rng: np.random.Generator,
              max_actions: int = 1_000_000, *, on_action: ActionHook | None = None,
              list_legal: bool | Sequence[bool] = True) -> list[float]:
    """Play ``state`` to the end with one agent per seat; return the returns. The one game loop of liarlab.

    Each turn the player to move is shown only ``state.observation(player)`` and its legal actions, and its
    agent's ``act(observation, legal_actions, rng)`` returns the action applied. The loop draws nothing from
    ``rng`` itself: the agents draw from it in the order they act, so the same seed gives the same game.

    ``on_action(state, player, action)`` is called after each action is applied: what a caller needs between
    turns (Cheat's learners hear each event, the terminal prints each move, a logger keeps a transcript).
    ``list_legal=False`` passes ``None`` instead of the list, for agents that do not need it where listing is
    costly (the traditional Cheat hand has thousands of sub-multisets; a Liar Dice player that reads only its
    observation), or one flag per seat; the State still rejects an illegal action. An action the State rejects, or
    an agent's own ValueError (one that refuses a game of other rules), raises ValueError naming the seat and its
    agent. ``max_actions`` guards against a game that never ends (a rules bug), raising RuntimeError instead of
    hanging.
    """
    rng = generator(rng)
    if not isinstance(state, State):
        raise TypeError(f"state must be a game state (liarlab.core.api.State: new_game(...)), got {type(state).__name__}")
    max_actions = check_int("max_actions", max_actions, 1)
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence) or not all(
            isinstance(a, Agent) for a in agents):
        raise TypeError("agents must be a sequence of agents, one per seat (liarlab.core.api.make_agent), got "
                        f"{type(agents).__name__}")
    listed = list_legal if isinstance(list_legal, Sequence) else None
    for _ in range(max_actions):
        if state.is_terminal():
            return state.returns()
        player = state.current_player()
        legal = state.legal_actions() if (list_legal if listed is None else listed[player]) else None
        agent = agents[player]
        try:
            action = agent.act(state.observation(player), legal, rng)
        except ValueError as err:  # an agent that refuses the game (made for other rules): name its seat too
            raise ValueError(f"player {player} ({agent_label(agent)}): {err}") from err
        try:
            state.apply_action(action)
        except ValueError as err:
            raise ValueError(f"player {player} ({agent_label(agent)}): {err}") from None
        if on_action is not None:
            on_action(state, player, action)
    raise RuntimeError(f"game did not end within {max_actions} actions")


def agent_label(agent) -> str:
    """The class name of ``agent``, or of the agent it wraps (``__wrapped__``), for messages."""
    return type(getattr(agent, "__wrapped__", agent)).__name__


# ----------------------------------------------------------------------------- registry

@dataclass(frozen=True)
class Game:
    """A registered game: how to deal one, who plays it, and what its end promises.

    ``new_game(rng, **options)`` deals a fresh :class:`State` from ``rng`` (every chance event of the game
    comes from it); the options are the game's own (rules, number of players, who opens). ``variants``
    names option sets the game supports, each one checked by the conformance test
    (``tests/core/test_game_conformance.py``). ``agents`` are the names ``make_agent(name, agent)``
    offers for this game. At the end the returns sum to zero when ``zero_sum``, and exactly one player
    has a positive return when ``one_winner`` (false for a game that can end in a draw or a tie).
    """

    name: str
    new_game: Callable[..., State]
    agents: tuple[str, ...] = ()
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"default": {}})
    zero_sum: bool = True
    one_winner: bool = True
    title: str = ""


_GAMES: dict[str, Game] = {}
_REGISTRY: dict[tuple[str, str], Callable[..., Agent]] = {}


def register_game(name: str, new_game: Callable[..., State], *, agents: Sequence[str] | None = None,
                  variants: Mapping[str, Mapping[str, Any]] | None = None, zero_sum: bool = True,
                  one_winner: bool = True, title: str = "") -> Game:
    """Register game ``name`` (called by the game's package when it is imported) and return its entry.

    ``agents`` defaults to every agent registered under ``name`` so far; each name given must be registered
    (``register_agent(name, ...)``) first. Registering the same name again with the same ``new_game`` replaces
    the entry; another factory under a taken name raises ValueError.
    """
    registered = sorted(a for g, a in _REGISTRY if g == name)
    offered = tuple(registered if agents is None else agents)
    missing = [a for a in offered if (name, a) not in _REGISTRY]
    if missing:
        raise ValueError(f"game {name!r} offers unregistered agents {missing}; registered: {registered}")
    entry = Game(name, new_game, offered, dict(variants or {"default": {}}), zero_sum, one_winner, title)
    old = _GAMES.get(name)
    if old is not None and old.new_game is not new_game:
        raise ValueError(f"game {name!r} is already registered")
    _GAMES[name] = entry
    return entry


def games() -> dict[str, Game]:
    """Every registered game by name, sorted (only the games whose package has been imported)."""
    return {name: _GAMES[name] for name in sorted(_GAMES)}


def game(name: str) -> Game:
    """The registered game ``name``; an unknown name raises ValueError listing the registered ones."""
    try:
        return _GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {sorted(_GAMES)} (a game registers itself when its "
                         f"package is imported; liarlab.games imports them all)") from None


def new_game(name: str, rng: np.random.Generator, **options) -> State:
    """A fresh game ``name`` dealt from ``rng``: ``game(name).new_game(rng, **options)``."""
    rng = generator(rng)
    return game(name).new_game(rng, **options)


def register_agent(game: str, name: str):
    """Decorator: make an agent class or factory available as ``make_agent(game, name)``."""
    def decorate(factory):
        key = (game, name)
        if key in _REGISTRY and _REGISTRY[key] is not factory:
            raise ValueError(f"agent {name!r} is already registered for game {game!r}")
        _REGISTRY[key] = factory
        return factory
    return decorate


def agent_names(game: str) -> list[str]:
    """Every agent name registered under ``game``, sorted (``Game.agents`` are the ones it offers)."""
    _known(game)
    return sorted(name for g, name in _REGISTRY if g == game)


def agent_factory(game: str, name: str) -> Callable[..., Agent]:
    """The class or factory registered as agent ``name`` of ``game`` (ValueError listing the known ones)."""
    _known(game)
    try:
        return _REGISTRY[(game, name)]
    except KeyError:
        raise ValueError(f"unknown agent {name!r} for game {game!r}; known: {agent_names(game)}") from None


def make_agent(game: str, name: str, **kwargs) -> Agent:
    """A new agent ``name`` of ``game``; an unknown name raises ValueError listing the known ones."""
    return agent_factory(game, name)(**kwargs)


def _known(name: str) -> None:
    game(name)  # raises ValueError for a game not registered
