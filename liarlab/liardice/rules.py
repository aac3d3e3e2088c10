"""Common-hand Liar Dice: pure rules (papers 01 and 02).

Every player rolls ``dice_per_player`` dice under a cup and sees only their own. A bid
``(quantity, face)`` claims that all hands together hold at least ``quantity`` dice showing
``face``. Each bid must be higher than the last: a larger quantity with any face, or the same
quantity with a larger face (faces ordered 1 < 2 < ... < ``faces``). After the opening bid a
player either bids higher or challenges the last bid. On a challenge the cups are lifted: the
bid stands iff the count is >= quantity, in which case the challenger loses; otherwise the
bidder loses. One game = one round; ``dice_loss`` matches chain rounds in which the loser gives
up a die (:func:`play_dice_loss_match`).

Thesis setting (Huang 2009): 2 players, 5 dice each, 6 faces, ``min_count=2`` (54 legal bids),
faces 1 not wild. Options ``wild_ones`` (ones count as any face until someone bids on face 1) and
``dice_loss`` are off by default.

Actions are plain tuples, the same format the agents and the belief interface use:
``("bid", (quantity, face))`` and ``("challenge",)``. Bids also have an integer index in the
bid ladder (:class:`liarlab.core.bids.BidLadder`, ``config.ladder``), the order of :func:`all_bids`.

Randomness comes only from a passed ``numpy.random.Generator``. Finished games are kept as a
:class:`GameRecord` (plain data) so that opponent models can learn from revealed hands.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from liarlab.core import api
from liarlab.core.bids import BidLadder, bid_ladder
from liarlab.core.seeds import generator
from liarlab.core.validation import check_int

CHALLENGE = ("challenge",)


@dataclass(frozen=True)
class LiarDiceConfig:
    """Rules of one game. Defaults are the thesis's two-player setting."""

    n_players: int = 2
    dice_per_player: int = 5
    faces: int = 6
    min_count: int = 2
    wild_ones: bool = False
    dice_loss: bool = False

    def __post_init__(self):
        check_int("n_players", self.n_players, 2)
        check_int("dice_per_player", self.dice_per_player, 1)
        check_int("faces", self.faces, 2)
        check_int("min_count", self.min_count, 1, self.n_players * self.dice_per_player)

    @property
    def max_count(self) -> int:
        """The largest quantity anyone can bid: every die on the table."""
        return self.n_players * self.dice_per_player

    @property
    def ladder(self) -> BidLadder:
        """The bid ladder of these rules (quantity order, quantities min_count..max_count)."""
        return bid_ladder(self.faces, self.min_count, self.max_count)

    @property
    def n_bids(self) -> int:
        return self.ladder.n_bids


THESIS = LiarDiceConfig()


# ----------------------------------------------------------------------------- bids
# The ladder itself is liarlab.core.bids.BidLadder (quantity order); these read like the rules.

def bid_is_higher(new: tuple[int, int], old: tuple[int, int] | None, config: LiarDiceConfig = THESIS) -> bool:
    """The thesis's order: more dice with any face, or as many dice with a higher face."""
    return config.ladder.bid_is_higher(new, old)


def bid_index(bid: tuple[int, int], config: LiarDiceConfig = THESIS) -> int:
    """Position of ``bid`` on the ladder (0 = lowest bid), consistent with :func:`bid_is_higher`."""
    return config.ladder.index(bid)


def bid_from_index(index: int, config: LiarDiceConfig = THESIS) -> tuple[int, int]:
    return config.ladder.bid(index)


def all_bids(config: LiarDiceConfig = THESIS) -> list[tuple[int, int]]:
    """Every legal bid from lowest to highest (54 in the thesis setting)."""
    return list(config.ladder.bids)


def check_bid(bid, config: LiarDiceConfig = THESIS) -> tuple[int, int]:
    """Return ``bid`` as a tuple of ints or raise ValueError saying what is wrong with it."""
    try:
        quantity, face = bid
    except (TypeError, ValueError):
        raise ValueError(f"a bid must be a pair (quantity, face), got {bid!r}") from None
    quantity = check_int("bid quantity", quantity, config.min_count, config.max_count)
    face = check_int("bid face", face, 1, config.faces)
    return (quantity, face)


def higher_bids(last: tuple[int, int] | None, config: LiarDiceConfig = THESIS) -> list[tuple[int, int]]:
    return config.ladder.higher_bids(last)


# ----------------------------------------------------------------------------- dice

def roll_hand(rng: np.random.Generator, n_dice: int, faces: int = 6) -> np.ndarray:
    """Counts per face (index 0 = face 1) of ``n_dice`` fair dice."""
    return np.bincount(rng.integers(0, faces, size=n_dice), minlength=faces).astype(np.int64)


def count_on_table(hands: np.ndarray, face: int, wild_ones: bool = False) -> int:
    """How many dice on the table show ``face`` (ones count too when they are wild).

    ``hands`` are counts per face, one row per player (unlike :func:`liarlab.core.dice.count_matching`,
    which counts within one :class:`~liarlab.core.dice.Hand`).
    """
    hands = np.atleast_2d(np.asarray(hands))
    total = int(hands[:, face - 1].sum())
    if wild_ones and face != 1:
        total += int(hands[:, 0].sum())
    return total


def bid_stands(hands: np.ndarray, bid: tuple[int, int], wild_ones: bool = False) -> bool:
    """True iff the table holds at least ``bid``'s quantity of its face."""
    return count_on_table(hands, bid[1], wild_ones) >= bid[0]


# ----------------------------------------------------------------------------- records

@dataclass
class GameRecord:
    """A finished game with everything revealed at the showdown.

    ``hands[p]`` holds player p's counts per face (index 0 = face 1); ``bids`` lists
    ``(player, (quantity, face))`` in order; the last bid is the one ``challenger`` disputed.
    """

    hands: np.ndarray
    starter: int
    bids: list[tuple[int, tuple[int, int]]]
    challenger: int
    winner: int
    loser: int
    wild_ones_active: bool = False

    @property
    def n_turns(self) -> int:
        """Actions in the game: every bid plus the closing challenge."""
        return len(self.bids) + 1

    @property
    def final_bid(self) -> tuple[int, int]:
        return self.bids[-1][1]

    @property
    def challenge_succeeded(self) -> bool:
        return self.winner == self.challenger

    def to_dict(self) -> dict:
        return {"hands": self.hands.tolist(), "starter": self.starter,
                "bids": [(p, tuple(b)) for p, b in self.bids], "challenger": self.challenger,
                "winner": self.winner, "loser": self.loser, "wild_ones_active": self.wild_ones_active}


@dataclass(frozen=True)
class Observation:
    """What ``player`` may see: their own dice and the public bid history."""

    player: int
    own: np.ndarray                       # counts per face, index 0 = face 1
    bids: tuple                           # ((player, (quantity, face)), ...)
    n_dice: tuple                         # dice per player (public)
    config: LiarDiceConfig

    @property
    def last_bid(self) -> tuple[int, int] | None:
        return self.bids[-1][1] if self.bids else None

    @property
    def is_opening(self) -> bool:
        return not self.bids


# ----------------------------------------------------------------------------- state

@dataclass
class LiarDiceState:
    """One game in progress (OpenSpiel-like: legal_actions / apply_action / is_terminal / returns)."""

    config: LiarDiceConfig
    hands: np.ndarray
    starter: int
    current: int
    bids: list = field(default_factory=list)
    challenger: int | None = None

    def n_dice(self) -> tuple:
        return tuple(int(h.sum()) for h in self.hands)

    def last_bid(self) -> tuple[int, int] | None:
        return self.bids[-1][1] if self.bids else None

    def is_terminal(self) -> bool:
        return self.challenger is not None

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.current

    def legal_actions(self) -> list:
        """Higher bids, plus a challenge once somebody has bid; nothing after the challenge."""
        if self.is_terminal():
            return []
        dice = self._dice_on_table()       # counted once, not once per bid
        actions = [("bid", b) for b in higher_bids(self.last_bid(), self.config) if b[0] <= dice]
        if self.bids:
            actions.append(CHALLENGE)
        return actions

    def _dice_on_table(self) -> int:
        return int(self.hands.sum())

    def observation(self, player: int) -> Observation:
        own = self.hands[player].copy()
        own.setflags(write=False)
        return Observation(player, own, tuple(self.bids), self.n_dice(), self.config)

    def check_action(self, action) -> tuple:
        """Return ``action`` normalised or raise ValueError saying why it is illegal here."""
        if self.is_terminal():
            raise ValueError("the game is over: no action is legal after the challenge")
        if not isinstance(action, tuple) or not action or action[0] not in ("bid", "challenge"):
            raise ValueError(f"an action must be ('bid', (quantity, face)) or ('challenge',), got {action!r}")
        if action[0] == "challenge":
            if not self.bids:
                raise ValueError("illegal challenge: the opening player must bid")
            return CHALLENGE
        if len(action) != 2:
            raise ValueError(f"a bid action must be ('bid', (quantity, face)), got {action!r}")
        bid = check_bid(action[1], self.config)
        if bid[0] > self._dice_on_table():
            raise ValueError(f"illegal bid {bid}: only {self._dice_on_table()} dice are on the table")
        if not bid_is_higher(bid, self.last_bid(), self.config):
            raise ValueError(f"illegal bid {bid}: it must be higher than the standing bid {self.last_bid()}")
        return ("bid", bid)

    def apply_action(self, action) -> None:
        action = self.check_action(action)
        if action[0] == "challenge":
            self.challenger = self.current
        else:
            self.bids.append((self.current, action[1]))
            self.current = self._next_player(self.current)

    def _next_player(self, player: int) -> int:
        """Next player still holding dice (players without dice sit out in dice-loss matches)."""
        n = self.config.n_players
        for step in range(1, n + 1):
            candidate = (player + step) % n
            if self.hands[candidate].sum() > 0:
                return candidate
        return player

    def wild_ones_active(self) -> bool:
        """Ones are wild (if the option is on) until someone bids on face 1."""
        return self.config.wild_ones and all(b[1] != 1 for _, b in self.bids)

    def last_bidder(self) -> int:
        return self.bids[-1][0]

    def loser(self) -> int:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        if bid_stands(self.hands, self.last_bid(), self.wild_ones_active()):
            return self.challenger
        return self.last_bidder()

    def winner(self) -> int:
        """The other party of the showdown (the challenger or the last bidder)."""
        loser = self.loser()
        return self.last_bidder() if loser == self.challenger else self.challenger

    def returns(self) -> list[float]:
        """+1 to the showdown's winner, -1 to its loser, 0 to bystanders (zero-sum)."""
        out = [0.0] * self.config.n_players
        if self.is_terminal():
            out[self.winner()] = 1.0
            out[self.loser()] = -1.0
        return out

    def record(self) -> GameRecord:
        return GameRecord(self.hands.copy(), self.starter, list(self.bids), self.challenger,
                          self.winner(), self.loser(), self.wild_ones_active())


def new_game(rng: np.random.Generator, config: LiarDiceConfig = THESIS, starter: int = 0,
             dice: Sequence[int] | None = None) -> LiarDiceState:
    """Roll every hand and hand the opening to ``starter``.

    ``dice`` gives the dice per player (dice-loss matches); default ``dice_per_player`` each.
    """
    rng = generator(rng)
    check_int("starter", starter, 0, config.n_players - 1)
    dice = [config.dice_per_player] * config.n_players if dice is None else list(dice)
    if len(dice) != config.n_players:
        raise ValueError(f"dice must list {config.n_players} players, got {len(dice)}")
    hands = np.stack([roll_hand(rng, check_int("dice", d, 0, config.dice_per_player), config.faces)
                      for d in dice])
    return LiarDiceState(config, hands, starter, starter)


def new_game_from_hands(hands, config: LiarDiceConfig = THESIS, starter: int = 0) -> LiarDiceState:
    """A game with fixed hands (counts per face), for tests and worked examples."""
    hands = np.asarray(hands, dtype=np.int64)
    if hands.shape != (config.n_players, config.faces):
        raise ValueError(f"hands must have shape {(config.n_players, config.faces)}, got {hands.shape}")
    return LiarDiceState(config, hands.copy(), starter, starter)


# ----------------------------------------------------------------------------- playing

def play_game(agents: Sequence, rng: np.random.Generator, config: LiarDiceConfig = THESIS,
              starter: int = 0, dice: Sequence[int] | None = None, max_turns: int = 10_000) -> GameRecord:
    """Deal one game from ``rng`` and play it between ``agents`` (one per seat); return its record.

    A wrapper over the one game loop, :func:`liarlab.core.api.play_game` (see :func:`play_state`).
    """
    rng = generator(rng)
    if len(agents) != config.n_players:
        raise ValueError(f"need {config.n_players} agents, got {len(agents)}")
    return play_state(new_game(rng, config, starter, dice), agents, rng, max_turns)


def play_state(state: LiarDiceState, agents: Sequence, rng: np.random.Generator,
               max_turns: int = 10_000) -> GameRecord:
    """Play a dealt game ``state`` to its end through :func:`liarlab.core.api.play_game`; return its record.

    An agent has the core protocol's ``act(observation, legal_actions, rng)``; the game's own hooks
    ``new_game(player, starter, config, rng)`` and ``end_game(record, player, rng)`` are called before and after
    the loop when present. An agent with ``needs_legal_actions = False`` (paper 01's players, which know the bid
    ladder) is passed ``None`` instead of the list: listing the bids costs more than their decisions. An illegal
    action raises ValueError naming the seat; agents are told nothing about a game that did not finish.
    """
    rng = generator(rng)
    for seat, agent in enumerate(agents):
        if hasattr(agent, "new_game"):
            agent.new_game(seat, state.starter, state.config, rng)
    api.play_game(state, list(agents), rng, max_turns, list_legal=[needs_legal_actions(agent) for agent in agents])
    record = state.record()
    for seat, agent in enumerate(agents):
        if hasattr(agent, "end_game"):
            agent.end_game(record, seat, rng)
    return record


def needs_legal_actions(agent) -> bool:
    """Whether :func:`play_state` lists the legal actions for ``agent``: unless it says ``needs_legal_actions =
    False``."""
    return getattr(agent, "needs_legal_actions", True)


#: the most games one :func:`play_match` plays: each is played in Python and kept as a GameRecord (the compiled
#: simulators, liarlab.liardice.simulate_match and play_q, take far more)
MAX_RECORDED_GAMES = 10_000_000


def play_match(agents: Sequence, n_games: int, rng: np.random.Generator, config: LiarDiceConfig = THESIS,
               starters: str = "alternate") -> list[GameRecord]:
    """``n_games`` independent games; starters ``alternate`` (game i starts with seat i mod n) or ``random``."""
    rng = generator(rng)
    check_int("n_games", n_games, 0, MAX_RECORDED_GAMES)
    if starters not in ("alternate", "random") and not isinstance(starters, int):
        raise ValueError(f"starters must be 'alternate', 'random' or a seat number, got {starters!r}")
    records = []
    for i in range(n_games):
        if starters == "alternate":
            starter = i % config.n_players
        elif starters == "random":
            starter = int(rng.integers(config.n_players))
        else:
            starter = starters
        records.append(play_game(agents, rng, config, starter))
    return records


def play_dice_loss_match(agents: Sequence, rng: np.random.Generator, config: LiarDiceConfig = THESIS,
                         starter: int = 0, max_rounds: int = 10_000) -> tuple[int, list[GameRecord]]:
    """Rounds until one player holds dice; each round's loser gives up one die and opens the next.

    Returns ``(match winner, round records)``.
    """
    rng = generator(rng)
    dice = [config.dice_per_player] * config.n_players
    records = []
    for _ in range(max_rounds):
        alive = [p for p, d in enumerate(dice) if d > 0]
        if len(alive) == 1:
            return alive[0], records
        record = play_game(agents, rng, config, starter, dice)
        records.append(record)
        dice[record.loser] -= 1
        starter = record.loser if dice[record.loser] > 0 else _next_alive(record.loser, dice)
    raise RuntimeError(f"dice-loss match did not end within {max_rounds} rounds")


def _next_alive(player: int, dice: list[int]) -> int:
    n = len(dice)
    for step in range(1, n + 1):
        if dice[(player + step) % n] > 0:
            return (player + step) % n
    return player
