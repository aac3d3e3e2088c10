"""Every registered game through the same checks, reached only through the registry (liarlab.core.api).

For each game and each variant (named option set) it registers:

* random legal play through the one game loop, :func:`liarlab.core.api.play_game`, reaches the end from every
  seed (``N_SEEDS`` seeds, a guard on the number of actions);
* before the end the legal actions are never empty, and the loop asks the player to move (a seat) and shows it its
  own observation and the State's list; at the end there are none;
* an observation never shows another player's hidden dice or cards: at every position before the end (of the
  first ``N_PROBED`` seeds), for every player, a copy with everything that player cannot see redrawn (the probe
  below) gives the same observation; the probe must change something, or the check proves nothing;
* the returns keep the game's promise (``Game.zero_sum``, ``Game.one_winner``, at least one of them);
* every registered agent, made by the registry, speaks the one agent signature and plays legal actions to the end
  in every seat of a variant it was made for;
* the same seed gives the same game (actions, observations, returns), and :func:`liarlab.core.api.play_game`
  with the same seed ends with the same returns.

What each game promises and what it hides (the probes):

============== ================ ===========================================================================
game           end              hidden from a player (redrawn by the probe)
============== ================ ===========================================================================
liardice       one winner (+1), the other players' dice (each keeps its number of dice, which is public)
               one loser (-1),
               zero-sum
bluff          one winner,      the other player's dice (same number); dice shown at a challenge are public
               zero-sum
ferguson       one winner,      the other player's current roll
               zero-sum
honeymoon      one winner,      the other hand and the stock order: the cards the player cannot place are
               zero-sum         dealt again between them (face-up cards the other took stay in its hand)
cheat          zero-sum; a draw the other players' cards (same hand sizes) and the face-down pile (same size)
               at play_cap, so
               not always one
               winner
endgame        one winner,      the other player's roll (same number of dice)
               zero-sum
cheat-positions zero-sum (a tie the other player's hand (number of black cards), placement and catch masks;
               gives 0 to both) everything is turned over at the end, so only positions before the end count
============== ================ ===========================================================================

No game has more than one player with a positive return. Not checked here, by design of the paper: Cheat's
observation carries ``lie_record``, the engine's log of every player's lies including unchallenged ones (the
paper's features 6 and 7 read it, see :class:`liarlab.cheat.game.CheatObservation`); it holds no cards, but a
person at a real table could not see it.

Where a State has ``clone()``, playing the clone to the end must leave the original game as it was (Bluff's and
Ferguson's ``BluffState.clone`` once shared the Generator, so a clone that reached a new deal drew from the
original's stream; it copies it now).
"""
from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from liarlab import games as all_games_module
from liarlab.bluff import rules as _bluff_rules
from liarlab.core import api
from liarlab.core.dice import Hand

from .conftest import canon

N_SEEDS = 30          # random games per variant
N_PROBED = 6          # of which every position is probed for hidden information
MAX_ACTIONS = 200_000  # a game that does not end within this many actions fails


# ----------------------------------------------------------------------------- probes: redraw what `player` cannot see

def _liardice_probe(state, player, rng):
    twin = copy.deepcopy(state)
    faces = state.config.faces
    for q in range(state.config.n_players):
        if q != player:
            twin.hands[q] = np.bincount(rng.integers(0, faces, size=int(state.hands[q].sum())), minlength=faces)
    return twin


def _bluff_probe(state, player, rng):
    twin = state.clone()
    q = 1 - player
    if state.hands and state.hands[q] is not None:
        if state.rules.game == "ferguson":  # another face than the real roll (with 2 faces a redraw often repeats it)
            others = [f for f in range(1, state.rules.faces + 1) if f != state.hands[q]] or [state.hands[q]]
            twin.hands[q] = int(rng.choice(others))
        else:
            twin.hands[q] = Hand(rng.integers(1, state.rules.faces + 1, size=len(state.hands[q])))
    return twin


def _end_game_probe(state, player, rng):
    twin = state.clone()
    q = 1 - player
    rolls = list(state.rolls)
    faces = state.game.faces
    # another roll than the real one (with few faces a redraw often repeats it)
    others = [r for r in ((int(v) for v in rng.integers(1, faces + 1, size=len(rolls[q]))) for _ in range(20))]
    others = [tuple(r) for r in others]
    rolls[q] = next((r for r in others if r != tuple(rolls[q])), others[0])
    twin.rolls = tuple(rolls)
    return twin


def _honeymoon_probe(state, player, rng):
    twin = state.clone()
    q = 1 - player
    known = set(state.won_face_up[q])                 # face-up cards q took: public, they stay with q
    unknown_in_hand = [c for c in state.hands[q] if c not in known]
    pool = np.array(unknown_in_hand + list(state.stock))
    pool = [int(c) for c in rng.permutation(pool)] if len(pool) else []
    k = len(unknown_in_hand)
    twin.hands[q] = (state.hands[q] & known) | set(pool[:k])
    twin.stock = pool[k:]
    new_hidden = [c for c in twin.hands[q] if c not in known]
    twin.drawn[q] = [int(c) for c in rng.permutation(new_hidden)[:len(state.drawn[q])]] if new_hidden else []
    return twin


def _redistribute(counts, rng):
    n_ranks, total = len(counts), int(np.sum(counts))
    return np.bincount(rng.integers(0, n_ranks, size=total), minlength=n_ranks).astype(np.int64)


def _cheat_probe(state, player, rng):
    twin = state.clone()
    for q in range(state.rules.n_players):
        if q != player:
            twin.hands[q] = _redistribute(state.hands[q], rng)
    twin.pile = _redistribute(state.pile, rng)
    if state.last_counts is not None and state.last_player != player:
        twin.last_counts = _redistribute(state.last_counts, rng)
    return twin


def _cheat_positions_probe(state, player, rng):
    from liarlab.cheat import positions

    twin = state.clone()
    q = 1 - player
    n_black = list(state.n_black)
    n_black[q] = int(rng.integers(0, positions.N_POSITIONS + 1))
    twin.n_black = tuple(n_black)
    if state.lie_masks[q] is not None:
        twin.lie_masks[q] = int(rng.choice(positions.feasible_masks(n_black[q])))
    if state.catch_masks[q] is not None:
        twin.catch_masks[q] = int(rng.integers(positions.N_MASKS))
    return twin


#: one probe per registered game; a new game fails test_every_registered_game_has_a_probe until it has one
PROBES = {
    "liardice": _liardice_probe,
    "bluff": _bluff_probe,
    "ferguson": _bluff_probe,
    "honeymoon": _honeymoon_probe,
    "cheat": _cheat_probe,
    "cheat-positions": _cheat_positions_probe,
    "endgame": _end_game_probe,
}


# ----------------------------------------------------------------------------- helpers

def _hidden_changed(state, twin):
    """Whether the probe changed the state at all (else the check proved nothing)."""
    return canon(_snapshot(state)) != canon(_snapshot(twin))


def _snapshot(state):
    return {k: v for k, v in vars(state).items() if k != "rng"}


def _rngs(seed):
    game_ss, agent_ss, probe_ss = np.random.SeedSequence(seed).spawn(3)
    return (np.random.default_rng(game_ss), np.random.default_rng(agent_ss), np.random.default_rng(probe_ss))


class _Random:
    """Uniform over the legal actions (the registry's Agent protocol)."""

    def act(self, observation, legal_actions, rng):
        return legal_actions[int(rng.integers(len(legal_actions)))]


class _Checking(_Random):
    """Seat ``seat``'s random player, checking each position it is asked to act in before it chooses.

    It holds the State (an agent never does: only the test looks behind the observation) to check that the loop
    asks the player to move, shows it its own observation and a non-empty list, and to probe what it hides.
    """

    def __init__(self, game, options, seed, seat, state, probe, probe_rng, n_players, log):
        self.game, self.options, self.seed, self.seat, self.state = game, options, seed, seat, state
        self.probe, self.probe_rng, self.n_players, self.log = probe, probe_rng, n_players, log

    def act(self, observation, legal_actions, rng):
        state, where = self.state, f"{self.game.name} {self.options} (seed {self.seed}, action {len(self.log.trace)})"
        assert legal_actions, f"{where}: no legal action before the end (after {self.log.trace[-3:]})"
        assert list(legal_actions) == list(state.legal_actions()), f"{where}: the loop passed another list"
        assert state.current_player() == self.seat, f"{where}: seat {self.seat} asked, {state.current_player()} moves"
        assert canon(observation) == canon(state.observation(self.seat)), f"{where}: another seat's observation"
        if self.probe is not None:
            self.log.probe(state, self.probe, self.probe_rng, self.n_players, where)
        action = super().act(observation, legal_actions, rng)
        assert action in legal_actions
        self.log.trace.append((self.seat, canon(observation), canon(action)))
        return action


class _Log:
    def __init__(self):
        self.trace, self.changed, self.probed = [], 0, 0

    def probe(self, state, probe, probe_rng, n_players, where):
        for p in range(n_players):
            seen = canon(state.observation(p))
            twin = probe(state, p, probe_rng)
            self.probed += 1
            self.changed += _hidden_changed(state, twin)
            assert canon(twin.observation(p)) == seen, (
                f"{where}: player {p}'s observation changed when only what it cannot see was redrawn")


def _play(game, options, seed, probe=None):
    """Play one random legal game through the one loop, :func:`liarlab.core.api.play_game`, every seat checking
    the positions it acts in; return (trace, returns, probes that changed something, probes run)."""
    game_rng, agent_rng, probe_rng = _rngs(seed)
    state = game.new_game(game_rng, **options)
    assert isinstance(state, api.State), f"{game.name}: new_game must return a State"
    n_players, log = len(state.returns()), _Log()
    seats = [_Checking(game, options, seed, seat, state, probe, probe_rng, n_players, log) for seat in range(n_players)]
    try:
        returns = api.play_game(state, seats, agent_rng, max_actions=MAX_ACTIONS)
    except RuntimeError as err:
        pytest.fail(f"{game.name} {options}: no end within {MAX_ACTIONS} actions (seed {seed}): {err}")
    assert state.is_terminal() and state.legal_actions() == [], f"{game.name}: legal actions after the end"
    assert returns == state.returns()
    return log.trace, [float(r) for r in returns], log.changed, log.probed


def _cases():
    return [pytest.param(name, variant, id=f"{name}: {variant}")
            for name, game in all_games_module.all_games().items() for variant in game.variants]


# ----------------------------------------------------------------------------- the checks

def test_every_registered_game_has_a_probe_and_the_four_games_are_registered():
    registered = set(all_games_module.all_games())
    assert {"liardice", "bluff", "ferguson", "honeymoon", "cheat", "cheat-positions", "endgame"} <= registered
    assert registered == set(PROBES), f"games without a hidden-information probe: {registered - set(PROBES)}"
    assert len(api.game("liardice").variants) >= 2
    assert {options.get("config").n_players for options in api.game("liardice").variants.values()
            if "config" in options} >= {3}


@pytest.mark.parametrize("name, variant", _cases())
def test_random_legal_play_ends_keeps_its_promise_and_hides_what_it_should(name, variant):
    game = api.game(name)
    options = game.variants[variant]
    assert game.zero_sum or game.one_winner, f"{name}: a game promises one winner, returns summing to zero, or both"
    changed = probed = 0
    for seed in range(N_SEEDS):
        trace, returns, c, p = _play(game, options, seed, PROBES[name] if seed < N_PROBED else None)
        changed, probed = changed + c, probed + p
        if game.zero_sum:
            assert math.isclose(sum(returns), 0.0, abs_tol=1e-9), f"{name} {variant}: returns {returns} (seed {seed})"
        winners = sum(r > 0 for r in returns)
        assert winners <= 1, f"{name} {variant}: {winners} winners: {returns} (seed {seed})"
        if game.one_winner:
            assert winners == 1, f"{name} {variant}: no winner: {returns} (seed {seed})"
    assert probed and 4 * changed >= probed, f"{name} {variant}: the probe changed too little ({changed}/{probed})"


@pytest.mark.parametrize("name, variant", _cases())
def test_the_same_seed_gives_the_same_game(name, variant):
    game = api.game(name)
    options = game.variants[variant]
    traces = []
    for seed in (11, 11, 12, 13, 14):
        trace, returns, _, _ = _play(game, options, seed)
        traces.append((trace, returns))
        game_rng, agent_rng, _ = _rngs(seed)
        assert api.play_game(game.new_game(game_rng, **options), [_Random()] * len(returns), agent_rng,
                             max_actions=MAX_ACTIONS) == returns, f"{name} {variant}: play_game differs (seed {seed})"
    assert traces[0] == traces[1], f"{name} {variant}: seed 11 gave two different games"
    assert len({repr(t) for t in traces[1:]}) > 1, f"{name} {variant}: seeds 11..14 gave the same game"


#: BluffState.clone() shares the state's Generator (dataclasses.replace keeps the same rng object), so a clone
#: that reaches a new deal (Bluff: a challenge; Ferguson: an accept) draws from the original's stream
CLONE_SHARES_RNG: set[str] = set()  # BluffState.clone copies its Generator since the fix


def _clone_cases():
    out = []
    for name, game in all_games_module.all_games().items():
        if not hasattr(game.new_game(np.random.default_rng(0), **next(iter(game.variants.values()))), "clone"):
            continue
        marks = [pytest.mark.xfail(strict=True, reason="BluffState.clone shares the Generator (a rules fix, "
                                                       "reported)")] if name in CLONE_SHARES_RNG else []
        out.append(pytest.param(name, id=name, marks=marks))
    return out


@pytest.mark.parametrize("name", _clone_cases())
def test_playing_a_clone_to_the_end_leaves_the_original_game_unchanged(name):
    game = api.game(name)
    for variant, options in game.variants.items():
        for seed in range(4):
            reference, _, _, _ = _play(game, options, seed)
            game_rng, agent_rng, other_rng = _rngs(seed)
            state, trace = game.new_game(game_rng, **options), []
            while not state.is_terminal():
                if len(trace) in (0, 1, 2):
                    twin = state.clone()
                    while not twin.is_terminal():
                        twin.apply_action(_Random().act(None, twin.legal_actions(), other_rng))
                player = state.current_player()
                observation = state.observation(player)
                action = _Random().act(observation, state.legal_actions(), agent_rng)
                trace.append((player, canon(observation), canon(action)))
                state.apply_action(action)
            assert trace == reference, f"{name} {variant}: playing a clone changed the game (seed {seed})"


#: what an agent needs to be made beyond the registry's defaults (fewer sampled deals: the same code, faster)
AGENT_OPTIONS = {("liardice", "test-program"): {"type_id": 5}, ("honeymoon", "mca"): {"n_samples": 4},
                 ("honeymoon", "thesis"): {"n_samples": 4},
                 # Bluff's solving agents made for the small variant (3 faces): seconds, not the 6-face LP each seed
                 ("bluff", "exact"): {"rules": _bluff_rules.Rules(faces=3, dice=(2, 1))},
                 ("bluff", "per-turn"): {"rules": _bluff_rules.Rules(faces=3, dice=(2, 2))}}
def _agent_cases():
    return [pytest.param(name, agent, id=f"{name}: {agent}")
            for name, game in all_games_module.all_games().items() for agent in game.agents]


@pytest.mark.parametrize("name, agent", _agent_cases())
def test_every_registered_agent_speaks_the_one_signature_and_plays_legally_in_every_seat(name, agent):
    game, played, refused = api.game(name), [], {}
    for variant, options in game.variants.items():
        try:
            for seed in range(4):
                game_rng, agent_rng, _ = _rngs(seed)
                state = game.new_game(game_rng, **options)
                agents = [_Random()] * len(state.returns())
                agents[seed % len(agents)] = api.make_agent(name, agent, **AGENT_OPTIONS.get((name, agent), {}))
                api.play_game(state, agents, agent_rng, max_actions=MAX_ACTIONS)
        except ValueError as err:  # an agent made for other rules (paper 02's EXP2 opens with one die)
            assert str(err).startswith(f"player {seed % len(agents)} ("), f"{name} {agent}: {err}"
            refused[variant] = str(err)
        else:
            played.append(variant)
    assert played, f"{name}: agent {agent!r} played no variant to the end: {refused}"


class _LeakyLiarDice:
    """Liar Dice whose observation shows every hand: the hidden-information check must catch it."""

    def __init__(self, state):
        self.inner = state

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def clone(self):
        return _LeakyLiarDice(copy.deepcopy(self.inner))

    def observation(self, player):
        return (self.inner.observation(player), self.inner.hands.copy())


def test_the_checks_fail_on_a_game_that_leaks_or_never_ends():
    from liarlab.liardice import rules

    leaky = api.Game("leaky", lambda rng: _LeakyLiarDice(rules.new_game(rng)))
    probe = lambda state, p, rng: _LeakyLiarDice(_liardice_probe(state.inner, p, rng))
    with pytest.raises(AssertionError, match="observation changed"):
        _play(leaky, {}, 0, probe)
    endless = api.Game("endless", lambda rng: _Endless())
    with pytest.raises(pytest.fail.Exception, match="no end within"):
        _play(endless, {}, 0)


class _Endless:
    def current_player(self):
        return 0

    def legal_actions(self):
        return [0]

    def apply_action(self, action):
        pass

    def is_terminal(self):
        return False

    def returns(self):
        return [0.0]

    def observation(self, player):
        return 0


def test_the_registry_deals_through_new_game_and_offers_registered_agents():
    for name, game in all_games_module.all_games().items():
        assert isinstance(api.new_game(name, np.random.default_rng(0)), api.State)
        for agent in game.agents:
            assert api.agent_factory(name, agent) is not None
    assert api.make_agent("cheat-positions", "P2").act  # stage-1 agents under their own game as well
