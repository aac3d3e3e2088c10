"""Every registered liarlab game as an OpenSpiel game: ``pyspiel.load_game("liarlab_<game>", {...})`` (issue 52).

Importing this module (it needs the optional extra ``openspiel``: ``pip install liarlab[openspiel]``) registers
one OpenSpiel Python game per game of :mod:`liarlab.games` with ``pyspiel.register_game``, named ``liarlab_`` and
the registry's name with ``-`` read as ``_`` (``liarlab_cheat_positions``). Each wrapped state holds one liarlab
:class:`~liarlab.core.api.State` and asks it only what the protocol offers (the player to move, the legal
actions, applying one, the end, the returns, what a player sees); the wrapper adds nothing to the games.

What OpenSpiel needs and how each piece is read:

* **The game type.** Sequential, imperfect information, explicit chance, terminal rewards; zero-sum where the
  registry says so (``Game.zero_sum``: every game of liarlab today). Returns are the State's, in [-1, 1].
* **Parameters, one to one.** Every keyword option of the game's ``new_game`` with a default is a parameter of
  the same name; an option that is a rules object (Liar Dice's ``config``, Bluff's and Cheat's ``rules``) gives
  one parameter per field (``n_players``, ``dice_per_player``, ``wild_ones``, ``faces``, ``bid_order``, ...).
  A pair of dice is the string ``"avb"`` (``"2v1"``: the first mover's dice, then the second's); Cheat's
  ``first_player=None`` (drawn) is ``-1``.
  :func:`variant_params` gives the parameters of every variant the registry names.
* **Chance.** The State protocol has no chance player: every game deals from the Generator given to
  ``new_game``, and Liar Dice's, Bluff's, Ferguson's and Cheat's States draw again from their own Generator
  during play. So the wrapper has two chance models, stated by :func:`chance_model`:

  - ``"dice"`` (the end game, ``liarlab_endgame``): exact. Each die is one chance node, faces 1..N with
    probability 1/N each, first mover's dice then the second's, in the order they fall (the ordered stairs
    reading needs the order); the dealt State is the rules module's own ``EndGameState(EndGame(...), rolls)``.
  - ``"deals"`` (every other game): one chance node picks one of ``deals`` seeds, probability 1/``deals``
    each, and the State is ``new_game(numpy.random.default_rng([seed, k]))``; every later draw comes from that
    State's Generator, so it is fixed by the seed. This is the liarlab game over a sample of ``deals`` deals,
    exact only as ``deals`` grows: good for simulation, MCTS and sampled learning, not for exact solving. An
    exact model for these games needs one addition to the State protocol (a chance player, ``current_player()
    == -1``, with ``chance_outcomes() -> [(outcome, probability)]``), in every game's rules: not made here.
* **Actions.** Integers in ``[0, num_distinct_actions)``. Games whose actions are integers keep them (Bluff,
  Ferguson, the end game, Honeymoon Bridge, Cheat's position game); Liar Dice's and Cheat's actions are
  numbered in a fixed catalogue of every action the rules allow (:class:`Catalogue`). Action strings name
  the rules' own actions (``"call"``, ``"bid 2x5"``, ``"Play(counts=(0, 1, 0, 0, 0))"``).
* **Information states and observations.** The observation string is the State's ``observation(player)`` in
  a canonical text. The information-state string is perfect recall: the player's observation after the deal
  and after every action since, joined; the end game's observation already holds the player's roll and the
  whole bid history, so there it is the observation itself. Tensors only in the end game (the player, its dice,
  the bids made, the call); elsewhere an observation is a rules object, not a vector, and OpenSpiel's
  algorithms that need tensors do not run on those games.

OpenSpiel's IS-MCTS bot against liarlab's agents: :func:`ismcts_match` (its determinization, :class:`DealResampler`,
draws among the wrapped game's deals consistent with what the player has seen). The cross-checks against
OpenSpiel's algorithms are ``tests/interop/test_openspiel.py``; the page for users is ``docs/OPENSPIEL.md``.
"""
from __future__ import annotations

import copy
import dataclasses
import inspect
import time

import numpy as np
import pyspiel

import liarlab.games  # noqa: F401  (registers every game)
from liarlab.bluff.endgame import EndGame, EndGameState
from liarlab.cheat.game import ACCEPT, Challenge, CheatRules, Play
from liarlab.core import api
from liarlab.honeymoon.rules import action_name as honeymoon_action_name
from liarlab.liardice.rules import CHALLENGE

__all__ = ["PREFIX", "Catalogue", "DealResampler", "EFGExport", "LiarlabGame", "LiarlabState", "chance_model",
           "dealt_state", "default_params", "efg_export", "game_name", "ismcts_bot", "ismcts_match", "liarlab_state",
           "load", "observation_string", "options_of", "play_out", "register_all", "variant_params"]

PREFIX = "liarlab_"
#: seeded deals of a "deals" game unless the parameter says otherwise
DEFAULT_DEALS = 1000
#: options whose default is None but that are rules options all the same (Cheat's): their value when unset
NONE_DEFAULTS = {"cheat": {"rules": CheatRules(), "first_player": -1}}
#: options of new_game that are not parameters (a deal given in full)
NOT_PARAMETERS = {"hands", "deal", "n_black"}


def game_name(name: str) -> str:
    """The OpenSpiel name of liarlab game ``name``: ``liarlab_`` + name, ``-`` read as ``_``."""
    return PREFIX + name.replace("-", "_")


def chance_model(name: str) -> str:
    """``"dice"`` (exact chance, one node per die: the end game) or ``"deals"`` (one node over seeded deals)."""
    return "dice" if name == "endgame" else "deals"


# ----------------------------------------------------------------------------- parameters

def _scalar(value) -> bool:
    return isinstance(value, (bool, int, float, str)) and not isinstance(value, np.generic)


def _int_pair(value) -> bool:
    return isinstance(value, tuple) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _options(name: str) -> list:
    """``[(option, default)]`` of the game's new_game (after the Generator), the None defaults read as stated."""
    sig = inspect.signature(api.game(name).new_game)
    out = []
    for p in list(sig.parameters.values())[1:]:
        if p.name in NOT_PARAMETERS or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        default = NONE_DEFAULTS.get(name, {}).get(p.name, p.default)
        if default is inspect.Parameter.empty or default is None:
            continue
        out.append((p.name, default))
    return out


def _flat(value, into: dict, key: str) -> None:
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if _scalar(v) or _int_pair(v):
                _flat(v, into, f.name)
    elif _int_pair(value):
        into[key] = "v".join(str(v) for v in value)
    else:
        into[key] = value


def default_params(name: str) -> dict:
    """The OpenSpiel parameters of liarlab game ``name`` and their defaults (the game's own)."""
    out = {}
    for option, default in _options(name):
        _flat(default, out, option)
    if chance_model(name) == "deals":
        out.update(deals=DEFAULT_DEALS, seed=0)
    return out


def variant_params(name: str, variant: str) -> dict:
    """The parameters of a variant the registry names (``api.game(name).variants[variant]``), defaults filled."""
    params = default_params(name)
    for option, value in api.game(name).variants[variant].items():
        _flat(value, params, option)
    return params


def _read(value, like):
    if _int_pair(like):
        return tuple(int(v) for v in str(value).split("v"))
    return type(like)(value)


def options_of(name: str, params: dict) -> dict:
    """The ``new_game`` options of liarlab game ``name`` from OpenSpiel parameters (missing ones: defaults)."""
    params = {**default_params(name), **dict(params)}
    options = {}
    for option, default in _options(name):
        if dataclasses.is_dataclass(default):
            # only the fields the parameters carry (:func:`_flat`: scalars and integer pairs); a field whose default
            # is None (CheatRules.first_player) is no parameter, and a game option of the same name is not its value
            changes = {f.name: _read(params[f.name], getattr(default, f.name)) for f in dataclasses.fields(default)
                       if f.name in params and (_scalar(getattr(default, f.name)) or _int_pair(getattr(default, f.name)))}
            options[option] = dataclasses.replace(default, **changes)
        else:
            value = _read(params[option], default)
            options[option] = None if (option in NONE_DEFAULTS.get(name, {}) and value == -1) else value
    return options


# ----------------------------------------------------------------------------- actions

class Catalogue:
    """A numbering of every action the rules allow: ``code(action)`` and ``action(code)``, with their strings."""

    def __init__(self, actions, describe=repr):
        self.actions = list(actions)
        self.index = {a: k for k, a in enumerate(self.actions)}
        self.describe = describe

    @classmethod
    def integers(cls, n: int, describe=str) -> "Catalogue":
        return cls(range(n), describe)

    def __len__(self) -> int:
        return len(self.actions)

    def code(self, action) -> int:
        return self.index[action]

    def action(self, code: int):
        return self.actions[code]

    def string(self, code: int) -> str:
        return self.describe(self.actions[code])


def _endgame_catalogue(options) -> Catalogue:
    bids = _end_game(options).bids
    return Catalogue.integers(len(bids) + 1, lambda a: "call" if a == 0 else "bid {}x{}".format(*bids[a - 1]))


def _bluff_catalogue(options) -> Catalogue:
    rules = options["rules"]
    bids = rules.ladder.bids   # bid k is bids[k - 1] in the first round (later rounds: the same numbers, fewer dice)
    return Catalogue.integers(rules.n_bids + 1, lambda a: "call" if a == 0 else "bid {}x{}".format(*bids[a - 1]))


def _ferguson_catalogue(options) -> Catalogue:
    faces = options["faces"]
    return Catalogue.integers(faces + 2, lambda a: "call" if a == 0 else "accept" if a == faces + 1 else f"say {a}")


def _liardice_catalogue(options) -> Catalogue:
    c = options["config"]
    bids = [("bid", (q, f)) for q in range(c.min_count, c.max_count + 1) for f in range(1, c.faces + 1)]
    return Catalogue([CHALLENGE] + bids, lambda a: "challenge" if a == CHALLENGE else "bid {}x{}".format(*a[1]))


def _compositions(n_ranks: int, most: int):
    """Every tuple of ``n_ranks`` counts >= 0 summing to at most ``most``, in lexicographic order."""
    if n_ranks == 0:
        yield ()
        return
    for first in range(most + 1):
        for rest in _compositions(n_ranks - 1, most - first):
            yield (first,) + rest


def _cheat_catalogue(options) -> Catalogue:
    rules = options["rules"]
    plays = [Play(c) for c in _compositions(rules.n_ranks, rules.max_play) if sum(c)]
    return Catalogue([ACCEPT] + [Challenge(t) for t in range(rules.n_players)] + plays,
                     lambda a: "accept" if a == ACCEPT else repr(a))


CATALOGUES = {
    "endgame": _endgame_catalogue,
    "bluff": _bluff_catalogue,
    "ferguson": _ferguson_catalogue,
    "honeymoon": lambda options: Catalogue.integers(81, honeymoon_action_name),
    "cheat-positions": lambda options: Catalogue.integers(1024),
    "liardice": _liardice_catalogue,
    "cheat": _cheat_catalogue,
}


def _max_length(name: str, options, catalogue: Catalogue) -> int:
    """A bound on the number of player actions in one game (OpenSpiel's ``max_game_length``)."""
    if name == "bluff":
        return (options["rules"].n_bids + 1) * sum(options["rules"].dice)
    if name == "cheat":
        return 2 * options["rules"].play_cap + 2 * options["rules"].n_players
    if name == "honeymoon":
        return 200
    return len(catalogue) + 1


def _end_game(options) -> EndGame:
    return EndGame(options["faces"], tuple(options["dice"]), options["convention"], options["stairs"],
                   options["stairs_jokers"])


# ----------------------------------------------------------------------------- strings

_FIELDS: dict = {}


def _fields(kind) -> tuple | None:
    """The field names of a dataclass type, or None (kept per type: this is the hot path of every string)."""
    if kind not in _FIELDS:
        _FIELDS[kind] = (tuple(f.name for f in dataclasses.fields(kind))
                         if dataclasses.is_dataclass(kind) else None)
    return _FIELDS[kind]


def _canon(obj) -> str:
    """A text of what a player sees that does not depend on the run (sets and dict keys sorted)."""
    kind = type(obj)
    if kind in (int, str, float, bool) or obj is None:
        return repr(obj)
    if kind is tuple:
        return "(" + ", ".join(_canon(x) for x in obj) + ("," if len(obj) == 1 else "") + ")"
    if kind is list:
        return "[" + ", ".join(_canon(x) for x in obj) + "]"
    if kind is dict:
        return "{" + ", ".join(f"{k}: {_canon(v)}" for k, v in sorted(obj.items(), key=lambda kv: repr(kv[0]))) + "}"
    if isinstance(obj, np.ndarray):
        return _canon(obj.tolist())
    if isinstance(obj, np.generic):
        return repr(obj.item())
    if isinstance(obj, (set, frozenset)):
        return "{" + ", ".join(sorted(_canon(x) for x in obj)) + "}"
    names = _fields(kind)
    if names is not None:
        return f"{kind.__name__}(" + ", ".join(f"{n}={_canon(getattr(obj, n))}" for n in names) + ")"
    return repr(obj)


# ----------------------------------------------------------------------------- the game and its states

class LiarlabGame(pyspiel.Game):
    """One liarlab game with given parameters, as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    liarlab_name = ""   # set on each registered subclass

    def __init__(self, params=None):
        name = self.liarlab_name
        self.params = {**default_params(name), **dict(params or {})}
        self.options = options_of(name, self.params)
        self.entry = api.game(name)
        self.catalogue = CATALOGUES[name](self.options)
        self.chance = chance_model(name)
        probe = self.entry.new_game(np.random.default_rng(0), **self.options)
        n_players = len(probe.returns())
        if self.chance == "dice":
            self.end_game = _end_game(self.options)
            chance_outcomes, chance_nodes = self.end_game.faces, sum(self.end_game.dice)
        else:
            self.deals, self.seed = int(self.params["deals"]), int(self.params["seed"])
            if self.deals < 1:
                raise ValueError(f"deals must be >= 1, got {self.deals}")
            chance_outcomes, chance_nodes = self.deals, 1
        self.n_players = n_players
        info = pyspiel.GameInfo(num_distinct_actions=len(self.catalogue), max_chance_outcomes=chance_outcomes,
                                num_players=n_players, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0 if self.entry.zero_sum else None,
                                max_game_length=_max_length(name, self.options, self.catalogue) + chance_nodes)
        super().__init__(_game_type(name), info, self.params)
        _LOADED[str(self)] = self

    def new_initial_state(self):
        return LiarlabState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self, iig_obs_type, params)


class _Core:
    """What a position holds: its game, the liarlab State once dealt, the dice rolled so far (the end game) and each
    player's observations so far (the other games). OpenSpiel copies a Python state by ``copy.deepcopy`` of each
    attribute: the game is shared, the end game's State (immutable but for its history) is copied by its own
    ``clone()``, any other State is deep-copied, Generator included, so the copy's later draws are the original's."""

    __slots__ = ("game", "inner", "rolled", "seen")

    def __init__(self, game, inner=None, rolled=(), seen=()):
        self.game, self.inner, self.rolled, self.seen = game, inner, list(rolled), [list(x) for x in seen]

    def __deepcopy__(self, memo):
        inner = self.inner
        if inner is not None:
            inner = inner.clone() if isinstance(inner, EndGameState) else copy.deepcopy(inner, memo)
        return _Core(self.game, inner, self.rolled, self.seen)

    def __getstate__(self):        # a serialized state names its game by its OpenSpiel string
        return str(self.game), self.inner, self.rolled, self.seen

    def __setstate__(self, saved):
        key, self.inner, self.rolled, self.seen = saved
        self.game = _LOADED.get(key) or pyspiel.load_game(key)


#: every loaded game by its OpenSpiel string (a deserialized state finds its game here)
_LOADED: dict = {}


class LiarlabState(pyspiel.State):
    """One position: before the deal, the chance nodes; after it, the liarlab State it holds."""

    def __init__(self, game: LiarlabGame):
        super().__init__(game)
        self._core = _Core(game, seen=[[] for _ in range(game.n_players)] if game.chance == "deals" else ())

    @property
    def liarlab_state(self):
        """The liarlab State this position holds (None before the deal is complete)."""
        return self._core.inner

    # --- the deal
    def _deal(self, outcome: int) -> None:
        core, g = self._core, self._core.game
        if g.chance == "dice":
            core.rolled.append(outcome + 1)
            a, b = g.end_game.dice
            if len(core.rolled) == a + b:
                core.inner = EndGameState(g.end_game, (tuple(core.rolled[:a]), tuple(core.rolled[a:])))
            return
        core.inner = g.entry.new_game(np.random.default_rng([g.seed, outcome]), **g.options)
        self._record()

    def _record(self) -> None:
        core = self._core
        for p, seen in enumerate(core.seen):    # empty in the end game: its observation is its information state
            seen.append(_canon(core.inner.observation(p)))

    # --- OpenSpiel's State
    def current_player(self):
        inner = self._core.inner
        if inner is None:
            return pyspiel.PlayerId.CHANCE
        if inner.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return int(inner.current_player())

    def _legal_actions(self, player):
        code = self._core.game.catalogue.code
        return sorted(code(a) for a in self._core.inner.legal_actions())

    def chance_outcomes(self):
        g = self._core.game
        if g.chance == "dice":
            return [(f, 1.0 / g.end_game.faces) for f in range(g.end_game.faces)]
        return [(k, 1.0 / g.deals) for k in range(g.deals)]

    def _apply_action(self, action):
        core = self._core
        if core.inner is None:
            self._deal(int(action))
            return
        core.inner.apply_action(core.game.catalogue.action(int(action)))
        if core.seen:
            self._record()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"die {action + 1}" if self._core.game.chance == "dice" else f"deal {action}"
        return self._core.game.catalogue.string(int(action))

    def is_terminal(self):
        inner = self._core.inner
        return inner is not None and inner.is_terminal()

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._core.game.n_players
        return [float(r) for r in self._core.inner.returns()]

    def __str__(self):
        core = self._core
        if core.inner is None:
            return f"dealing {core.rolled}" if core.game.chance == "dice" else "dealing"
        return " ".join(str(a) for a in self.history())

    # --- what a player sees
    def observation_text(self, player: int) -> str:
        """The observation string of ``player`` (also before the deal is complete)."""
        if self._core.inner is None:
            return self._partial(player)
        return _canon(self._core.inner.observation(player))

    def information_text(self, player: int) -> str:
        """The information-state string of ``player``: perfect recall."""
        core = self._core
        if core.inner is None:
            return self._partial(player)
        if core.game.chance == "dice":
            return _canon(core.inner.observation(player))
        return " | ".join(core.seen[player])

    def first_observation(self, player: int) -> str:
        """A "deals" game: the text of ``player``'s observation right after the deal (what the player saw first)."""
        return self._core.seen[player][0]

    def _partial(self, player: int) -> str:
        g = self._core.game
        if g.chance != "dice":
            return f"player {player}, before the deal"
        a = g.end_game.dice[0]
        own = self._core.rolled[:a] if player == 0 else self._core.rolled[a:]
        return f"player {player}, dealt {tuple(own)}"


class _Observer:
    """OpenSpiel's observer of a liarlab state: the observation or information-state string, and in the end game a
    tensor (its observation is its information state, so both are the same): the player (one-hot, 2), each of its
    dice (one-hot over the faces, as many slots as the larger hand), the bids made (one bit per bid) and the call."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is None or iig_obs_type.perfect_recall)
        self.tensor, self.dict = None, {}
        if game.chance == "dice":
            end = game.end_game
            shape = {"player": (2,), "dice": (max(end.dice), end.faces), "bids": (end.n_bids,), "called": (1,)}
            self.tensor = np.zeros(sum(int(np.prod(v)) for v in shape.values()), np.float32)
            at = 0
            for key, dims in shape.items():
                size = int(np.prod(dims))
                self.dict[key] = self.tensor[at:at + size].reshape(dims)
                at += size

    def set_from(self, state, player):
        if self.tensor is None:
            return
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        core = state._core
        a = core.game.end_game.dice[0]
        own = core.rolled[:a] if player == 0 else core.rolled[a:]
        for slot, face in enumerate(own):
            self.dict["dice"][slot, face - 1] = 1
        if core.inner is not None:
            for action in core.inner.history:
                if action:
                    self.dict["bids"][action - 1] = 1
                else:
                    self.dict["called"][0] = 1

    def string_from(self, state, player):
        return state.information_text(player) if self.perfect_recall else state.observation_text(player)


def _game_type(name: str) -> pyspiel.GameType:
    entry = api.game(name)
    return pyspiel.GameType(
        short_name=game_name(name), long_name=f"liarlab {entry.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if entry.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=chance_model(name) == "dice",
        provides_observation_string=True, provides_observation_tensor=chance_model(name) == "dice",
        parameter_specification=default_params(name))


def register_all() -> dict:
    """Register every liarlab game with OpenSpiel (again: nothing new); return {OpenSpiel name: liarlab name}."""
    registered = set(pyspiel.registered_names())
    out = {}
    for name in api.games():
        short = game_name(name)
        out[short] = name
        if short not in registered:
            cls = type(f"LiarlabGame_{name.replace('-', '_')}", (LiarlabGame,), {"liarlab_name": name})
            pyspiel.register_game(_game_type(name), cls)
    return out


def load(name: str, params: dict | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of liarlab game ``name`` (the registry's name) with OpenSpiel ``params``."""
    register_all()
    return pyspiel.load_game(game_name(name), dict(params or {}))


def observation_string(state, player: int) -> str:
    """The text of liarlab State ``state``'s ``observation(player)`` as the wrapped game shows it: its observation
    string, and the end game's information-state string (a solver's policy table is keyed by it)."""
    return _canon(state.observation(player))


class EFGExport:
    """The wrapped game's tree as OpenSpiel's extensive-form game (:func:`efg_export`), with the way back: each
    information-state string of the wrapped game to the EFG game's, and each of its actions to the EFG game's
    (read off the EFG game itself: its action numbers are its own)."""

    def __init__(self, text: str, infosets: dict, paths: dict, listings: dict):
        self.text = text
        self.infosets = infosets    # wrapped information-state string -> the EFG game's
        self._paths = paths         # ... -> the child indices from the root to its first node
        self._listings = listings   # ... -> its actions (wrapped), in the order the file lists them
        self._game = self._actions = None

    def game(self) -> pyspiel.Game:
        if self._game is None:
            self._game = pyspiel.load_efg_game(self.text)
        return self._game

    @property
    def actions(self) -> dict:
        """{wrapped information-state string: {wrapped action: the EFG game's action}}."""
        if self._actions is None:
            out = {}
            for key, path in self._paths.items():
                state = self.game().new_initial_state()
                for index in path:
                    state.apply_action(state.legal_actions()[index])
                if state.information_state_string() != self.infosets[key]:
                    raise RuntimeError(f"the EFG game does not reach {key!r} where the export put it")
                out[key] = dict(zip(self._listings[key], state.legal_actions()))
            self._actions = out
        return self._actions

    def policy_table(self, table: dict) -> dict:
        """A tabular policy of the wrapped game ({information-state string: [(action, probability)]}) as one of
        the EFG game (information sets the tree never reaches are left out)."""
        actions = self.actions
        return {self.infosets[key]: [(actions[key][a], p) for a, p in row]
                for key, row in table.items() if key in self.infosets}


def efg_export(game) -> EFGExport:
    """The wrapped game's whole tree in Gambit's EFG format, for ``pyspiel.load_efg_game``: OpenSpiel's C++
    algorithms then run on it without calling Python (one walk of the wrapper instead of one per iteration).

    Unlike ``open_spiel.python.algorithms.gambit.export_gambit``, each information set is named by the wrapper's
    information-state string (the EFG game shows ``"<player>-<player>-<number>-<name>"``) and the mapping back is
    kept (:class:`EFGExport`); chance probabilities keep every digit of their double."""
    lines = [f'EFG 2 R "{game}" {{ ' + " ".join(f'"Player {p}"' for p in range(game.num_players())) + " }"]
    numbers = [{} for _ in range(game.num_players())]
    infosets, paths, listings, path = {}, {}, {}, []
    counters = {"terminal": 0, "chance": 0}

    def quote(text: str) -> str:
        return '"' + text.replace('"', "'") + '"'

    def walk(state) -> None:
        if state.is_terminal():
            counters["terminal"] += 1
            lines.append(f't "" {counters["terminal"]} "" {{ ' + " ".join(repr(float(r)) for r in state.returns())
                         + " }")
            return
        if state.is_chance_node():
            counters["chance"] += 1
            outcomes = state.chance_outcomes()
            lines.append(f'c "" {counters["chance"]} "" {{ ' + " ".join(
                f"{quote(state.action_to_string(pyspiel.PlayerId.CHANCE, a))} {p!r}" for a, p in outcomes) + " } 0")
            legal = [a for a, _ in outcomes]
        else:
            player = state.current_player()
            name = state.information_state_string(player)
            legal = state.legal_actions()
            if name not in numbers[player]:
                numbers[player][name] = number = len(numbers[player]) + 1
                infosets[name] = f"{player}-{player}-{number}-{name.replace(chr(34), chr(39))}"
                paths[name], listings[name] = tuple(path), list(legal)
            lines.append(f'p "" {player + 1} {numbers[player][name]} {quote(name)} {{ '
                         + " ".join(quote(state.action_to_string(player, a)) for a in legal) + " } 0")
        for index, action in enumerate(legal):
            path.append(index)
            walk(state.child(action))
            path.pop()

    walk(game.new_initial_state())
    return EFGExport("\n".join(lines) + "\n", infosets, paths, listings)


def liarlab_state(state):
    """The liarlab State held by an OpenSpiel state of a wrapped game (None before the deal is complete)."""
    return state.liarlab_state


def dealt_state(game: LiarlabGame, inner) -> LiarlabState:
    """A position of "deals" game ``game`` that holds liarlab State ``inner``, as just dealt (no action applied to
    it yet): a deal made outside the wrapper's seeded deals, e.g. a duplicate board, or a determinization that
    redraws what a player cannot see. Its history starts with the chance outcome 0 (a placeholder for the deal);
    apply the game's actions to it through the wrapper so that the information-state strings follow them."""
    if game.chance != "deals":
        raise ValueError("dealt_state needs a 'deals' game (the end game deals its dice one by one)")
    state = game.new_initial_state()
    state.apply_action(0)
    state._core.inner = inner
    state._core.seen = [[_canon(inner.observation(p))] for p in range(game.n_players)]
    return state


# ----------------------------------------------------------------------------- IS-MCTS against liarlab's players

class DealResampler:
    """IS-MCTS's determinization on a "deals" game: ``resampler(state, player)`` is a position of the same game
    that ``player`` cannot tell from ``state`` (the same information-state string), drawn uniformly among the
    wrapped game's deals that are consistent with it.

    The wrapped game is the liarlab game over ``deals`` seeded deals, so this is exact within it: the deals are
    indexed once by each player's first observation, and a candidate deal counts when the game's actions replay
    on it and end at the same information state. OpenSpiel's own ``resample_from_infostate`` needs the rules to
    redraw what a player cannot see, which the State protocol does not offer."""

    def __init__(self, game: LiarlabGame, rng: np.random.Generator):
        if game.chance != "deals":
            raise ValueError("DealResampler needs a 'deals' game (the end game deals its dice one by one)")
        self.game, self.rng = game, rng
        self._index = None

    def _build(self) -> dict:
        index = {}
        for k in range(self.game.deals):
            state = self.game.new_initial_state()
            state.apply_action(k)
            for p in range(self.game.n_players):
                index.setdefault((p, state.first_observation(p)), []).append(k)
        return index

    def index(self) -> dict:
        """{(player, first observation): [deal]}, built on first use (one deal of every index: seconds for 10^4)."""
        if self._index is None:
            self._index = self._build()
        return self._index

    def __call__(self, state, player: int):
        history = state.history()
        target = state.information_state_string(player)
        candidates = self.index()[(player, state.first_observation(player))]
        for k in self.rng.permutation(len(candidates)):
            twin = self.game.new_initial_state()
            twin.apply_action(candidates[k])
            for action in history[1:]:
                if action not in twin.legal_actions():
                    break
                twin.apply_action(action)
            else:
                if twin.information_state_string(player) == target:
                    return twin
        raise RuntimeError("no deal is consistent with the information state (its own deal should be)")


def ismcts_bot(game: LiarlabGame, simulations: int, seed: int, uct_c: float = 2.0, rollouts: int = 1,
               resampler=None):
    """OpenSpiel's IS-MCTS bot (``open_spiel.python.algorithms.ismcts``) on a wrapped "deals" game: ``simulations``
    simulations a move, each from a determinization by ``resampler(game, rng)`` (:class:`DealResampler` unless
    given; kept as ``bot.resampler``), leaves valued by ``rollouts`` random rollouts, UCT constant ``uct_c``, the
    most visited move played."""
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(rollouts, random_state), uct_c, simulations,
                           random_state=random_state)
    bot.resampler = (resampler or DealResampler)(game, np.random.default_rng(seed))
    bot.set_resampler(bot.resampler)
    return bot


def play_out(state, bot, seat: int, other_action, clock=time.process_time) -> tuple[int, float]:
    """Play the wrapped ``state`` to its end in place: ``bot`` (an OpenSpiel bot: ``bot.step(state)``) moves for
    ``seat``, ``other_action(state)`` gives the other player's action code. Returns the bot's moves and the
    ``clock`` seconds they took (the one game loop of every bot-against-player match)."""
    moves, seconds = 0, 0.0
    while not state.is_terminal():
        if state.current_player() == seat:
            t0 = clock()
            action = int(bot.step(state))
            seconds += clock() - t0
            moves += 1
        else:
            action = int(other_action(state))
        state.apply_action(action)
    return moves, seconds


def ismcts_match(agent: str = "random-guess", *, games: int, simulations: int, seed: int, name: str = "liardice",
                 params: dict | None = None, agent_options: dict | None = None, deals: int = 10_000) -> dict:
    """IS-MCTS (:func:`ismcts_bot`, ``simulations`` a move) against liarlab's registered agent ``agent`` of game
    ``name`` (default: paper 01's random-guess player in common-hand Liar Dice, two players, five dice each),
    ``games`` games of two players, the bot in seat 0 in even games and seat 1 in odd ones; each game's deal is
    drawn uniformly from the wrapped game's ``deals`` deals. The agent sees only its own observation and the
    legal actions (the registry's Agent protocol). Returns the bot's wins and win rate with its Wilson 95%
    interval, its wins per seat, the seconds the deals' index took (once), and the seconds a game and a bot move
    took after it."""
    from liarlab.core.stats import wilson_interval

    game = load(name, {**(params or {}), "deals": deals, "seed": seed})
    if game.num_players() != 2:
        raise ValueError(f"ismcts_match plays two players, the game has {game.num_players()}")
    rng = np.random.default_rng([seed, 1])
    bot = ismcts_bot(game, simulations, seed)
    opponent = api.make_agent(api.game(game.liarlab_name).name, agent, **(agent_options or {}))
    wins, seat_wins, bot_moves = 0.0, [0.0, 0.0], 0
    start = time.perf_counter()
    bot.resampler.index()
    index_seconds = time.perf_counter() - start
    def agent_action(state):
        inner = state.liarlab_state
        player = inner.current_player()
        return game.catalogue.code(opponent.act(inner.observation(player), inner.legal_actions(), rng))

    start = time.perf_counter()
    bot_seconds = 0.0
    for g in range(games):
        seat = g % 2
        state = game.new_initial_state()
        state.apply_action(int(rng.integers(game.deals)))


        moves, seconds = play_out(state, bot, seat, agent_action, clock=time.perf_counter)
        bot_moves += moves
        bot_seconds += seconds
        won = state.returns()[seat] > 0
        wins += won
        seat_wins[seat] += won
    seconds = time.perf_counter() - start
    low, high = wilson_interval(wins, games)
    return dict(game=name, agent=agent, simulations=simulations, games=games, seed=seed, deals=deals,
                wins=int(wins), win_rate=wins / games, ci_low=low, ci_high=high,
                wins_first=int(seat_wins[0]), wins_second=int(seat_wins[1]),
                index_seconds=index_seconds, seconds_per_game=seconds / games,
                seconds_per_move=bot_seconds / max(bot_moves, 1))


REGISTERED = register_all()
