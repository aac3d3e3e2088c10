"""The two protocols every game and agent of liarlab speaks, and the agent registry.

A game is one rules module whose State follows :class:`State` (OpenSpiel's shape): the
current player, the legal actions, applying one, the end, the returns, and what one player may
see. An agent follows :class:`Agent`: it sees only its own player's observation and the legal
actions, and draws randomness only from the Generator it is given. With these two, a match
runner, a learner or a terminal front end needs nothing game-specific.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence, runtime_checkable

import numpy as np


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
    """A player: chooses one of ``legal_actions`` from what its player may see."""

    def act(self, observation, legal_actions: Sequence, rng: np.random.Generator): ...


def play_game(state: State, agents: Sequence[Agent], rng: np.random.Generator,
              max_actions: int = 1_000_000) -> list[float]:
    """Play ``state`` to the end with one agent per seat; return the returns.

    Each agent is shown only ``state.observation(player)``. ``max_actions`` guards against a
    game that never ends (a rules bug), raising instead of hanging.
    """
    for _ in range(max_actions):
        if state.is_terminal():
            return state.returns()
        player = state.current_player()
        legal = state.legal_actions()
        action = agents[player].act(state.observation(player), legal, rng)
        state.apply_action(action)
    raise RuntimeError(f"game did not end within {max_actions} actions")


# ----------------------------------------------------------------------------- registry

_REGISTRY: dict[tuple[str, str], Callable[..., Agent]] = {}


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
    """The registered agent names of ``game``, sorted."""
    _import_game(game)
    return sorted(name for g, name in _REGISTRY if g == game)


def make_agent(game: str, name: str, **kwargs) -> Agent:
    """A new agent ``name`` of ``game``; an unknown name raises ValueError listing the known ones."""
    _import_game(game)
    try:
        factory = _REGISTRY[(game, name)]
    except KeyError:
        raise ValueError(f"unknown agent {name!r} for game {game!r}; known: {agent_names(game)}") from None
    return factory(**kwargs)


GAMES = ("liardice", "bluff", "honeymoon", "cheat")


def _import_game(game: str) -> None:
    """Registering happens when a game package is imported; import it on first use."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {list(GAMES)}")
    import importlib

    importlib.import_module(f"liarlab.{game}")
