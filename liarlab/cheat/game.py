"""Stage 2 of the Cheat paper: the card game Cheat, with the paper's modified rules or the traditional ones.

Cards only matter by rank, so a hand is a vector of counts per rank. Ranks are numbered in the order
they are required: the required rank of play ``t`` (plays so far) is ``t mod n_ranks``. With the
traditional 52-card deck rank 0 is the ace, 1 is the two, ..., 12 the king (the cycle A, 2, ..., K).

**Modified rules (the paper's default, :func:`modified_rules`).** Two players, 5 ranks, 5 cards each
from a 10-card deck whose ranks are drawn i.i.d. (so per-rank totals are random); a play is 1 to
``max_play`` cards face down, claimed to be the required rank; the next player either challenges it
or plays. A challenge turns the cards over: a lie sends the pile to the liar, an honest play sends it
to the challenger; the winner of the challenge leads next and the rank cycle continues. The play that
empties a hand wins at once (it cannot be challenged). After ``play_cap`` plays the game is a draw.

**Readings of the modified rules (spec §8.5-§8.6, issue 49).** ``first_player`` fixes who starts,
``rank_after_challenge="restart"`` restarts the rank cycle at A after each challenge, and ``deck="totals first"``
draws each rank's total first (uniform on 0..:data:`TOTAL_MAX`, again until the deck can fill every hand) and deals
the hands from it, the rest undealt. The compiled engine plays all three.

**Traditional rules (:func:`traditional_rules`).** All 52 cards dealt round-robin to any number of
players, ``max_play`` 4, and the play that empties a hand can still be challenged: the next player
challenges it or accepts it (:data:`ACCEPT`), and the player wins only if it survives. As in the modified
game only the next player may challenge (the traditional "anyone may call" is not modelled).

Actions: :class:`Play` (counts per rank; the claim is always the required rank), :class:`Challenge`
(naming the previous player; any other target raises), :data:`ACCEPT`. Illegal actions raise ValueError.

Randomness comes only from the passed Generator; the random deal draws ``rng.random(n_players * hand_size)``
(ranks) and then ``rng.random()`` (first player), the order the compiled engine replays.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from liarlab.core import api
from liarlab.core.cards import N_CARDS, rank_of, shuffled_deck
from liarlab.core.seeds import generator
from liarlab.core.validation import check_choice, check_int

DECKS = ("random", "traditional", "totals first")
RANK_CYCLES = ("continue", "restart")  # the required rank after a challenge: the cycle goes on, or restarts at A
#: the "totals first" deck (spec §8.6 reading): each rank's total is uniform on 0..TOTAL_MAX (mean 4, the count of
#: a traditional deck the seed contrasts it with), drawn again until the deck can fill every hand
TOTAL_MAX = 8
LEADERS = ("winner", "challenger")
TERMINAL_PLAYER = -4
RANK_NAMES = "A23456789TJQK"  # rank k in the order required
LIE_HISTORY = 8  # lie outcomes kept per player (features use the last 3 or 5)


@dataclass(frozen=True)
class CheatRules:
    """Parameters of one Cheat variant (see module docstring)."""

    n_players: int = 2
    n_ranks: int = 5
    hand_size: int = 5
    max_play: int = 3
    play_cap: int = 1000
    deck: str = "random"
    last_play_challengeable: bool = False
    leader_after_challenge: str = "winner"
    #: who plays first: None draws the first player (the default; the draw is made either way, so a fixed first
    #: player keeps the deal's random stream), else that seat (spec §8.6: who starts is an interpretation)
    first_player: int | None = None
    #: whether the rank cycle continues after a challenge (the default, spec §3.2) or restarts at A (§8.5 reading)
    rank_after_challenge: str = "continue"

    def __post_init__(self):
        check_int("n_players", self.n_players, 2, 8)
        check_int("n_ranks", self.n_ranks, 2, 13)
        check_int("hand_size", self.hand_size, 1, 52)
        check_int("max_play", self.max_play, 1, 8)
        check_int("play_cap", self.play_cap, 1)
        check_choice("deck", self.deck, DECKS)
        check_choice("leader_after_challenge", self.leader_after_challenge, LEADERS)
        check_choice("rank_after_challenge", self.rank_after_challenge, RANK_CYCLES)
        if self.first_player is not None:
            check_int("first_player", self.first_player, 0, self.n_players - 1)
        if self.deck == "traditional" and self.n_ranks != 13:
            raise ValueError(f"n_ranks must be 13 with the traditional deck, got {self.n_ranks}")


def modified_rules(**changes) -> CheatRules:
    """The paper's modified game (spec §3.2); keyword arguments change single parameters."""
    return CheatRules(**changes)


def traditional_rules(n_players: int = 4, max_play: int = 4, play_cap: int = 10_000) -> CheatRules:
    """The traditional game: 52 cards dealt to all players, ranks A..K in turn, the last play can be challenged."""
    return CheatRules(n_players=n_players, n_ranks=13, hand_size=N_CARDS // n_players, max_play=max_play,
                      play_cap=play_cap, deck="traditional", last_play_challengeable=True)


class Play(NamedTuple):
    """Put ``counts[k]`` cards of rank k face down, claiming the required rank."""

    counts: tuple


class Challenge(NamedTuple):
    """Turn over the last play of ``target`` (only the previous player may be challenged)."""

    target: int


class _Accept(NamedTuple):
    pass


ACCEPT = _Accept()  # let the previous player's hand-emptying play stand (traditional rules)


@dataclass(frozen=True)
class CheatObservation:
    """What one player may see.

    ``lie_record[p]`` lists player p's resolved lies, oldest first (1 caught, 0 not challenged). An
    unchallenged lie is invisible at a real table; the paper's features 6 and 7 use this record all the
    same (spec §5.1: the engine's ground-truth log), so it is part of the observation.
    ``revealed_record[p]`` is what anyone at the table saw of player p: each of its plays that was turned
    over, oldest first (1 a lie, 0 honest).
    """

    player: int
    hand: tuple
    hand_sizes: tuple
    pile_size: int
    required_rank: int
    last_player: int          # -1 when the pile is empty
    last_count: int           # cards in the last play, 0 when the pile is empty
    plays: int
    final_pending: bool       # the previous play emptied a hand and may be challenged or accepted
    lie_record: tuple
    rules: CheatRules
    revealed_record: tuple = ()


@dataclass
class CheatEvent:
    """What the last action did, for transcripts and learners (all public once it happened)."""

    kind: str                 # "play", "challenge", "accept"
    player: int
    n_cards: int = 0
    claim: int = -1
    lie: bool = False
    target: int = -1
    pile_size: int = 0        # cards in the pile at a challenge, the challenged ones included
    loser: int = -1
    winner: int = -1          # set when the action ended the game (-1 otherwise)
    draw: bool = False
    counts: tuple = field(default_factory=tuple)


class CheatState:
    """One game of Cheat, OpenSpiel-style (see the module docstring for the rules)."""

    def __init__(self, rng: np.random.Generator, rules: CheatRules | None = None, hands=None, first_player=None):
        self.rules = rules = rules or CheatRules()
        n, R = rules.n_players, rules.n_ranks
        if hands is None:
            hands = self._deal(rng)
        hands = np.array(hands, dtype=np.int64)
        if hands.shape != (n, R) or (hands < 0).any():
            raise ValueError(f"hands must be {n} rows of {R} non-negative counts per rank, got {hands.tolist()}")
        self.hands = hands
        if first_player is None:
            first_player = min(int(rng.random() * n), n - 1)
            if rules.first_player is not None:  # drawn anyway: the stream stays the default's
                first_player = rules.first_player
        self.current = check_int("first_player", first_player, 0, n - 1)
        self.pile = np.zeros(R, dtype=np.int64)
        self.last_player, self.last_counts, self.last_claim = -1, None, -1
        self.plays = 0
        self.rank_start = 0  # plays before the rank cycle's last restart (rank_after_challenge="restart")
        self.winner = -1
        self.draw = False
        self.final_pending = False
        self.lie_record: list[list[int]] = [[] for _ in range(n)]
        self.revealed_record: list[list[int]] = [[] for _ in range(n)]
        self.history: list[CheatEvent] = []

    def _deal(self, rng) -> np.ndarray:
        r = self.rules
        hands = np.zeros((r.n_players, r.n_ranks), dtype=np.int64)
        if r.deck == "random":
            u = rng.random(r.n_players * r.hand_size)
            for i, x in enumerate(u):
                hands[i // r.hand_size, min(int(x * r.n_ranks), r.n_ranks - 1)] += 1
        elif r.deck == "totals first":   # each rank's total first, then the hands dealt from it, the rest undealt
            while True:
                deck = np.array([min(int(x * (TOTAL_MAX + 1)), TOTAL_MAX) for x in rng.random(r.n_ranks)])
                if deck.sum() >= r.n_players * r.hand_size:
                    break
            for i in range(r.n_players * r.hand_size):
                left = int(deck.sum())
                k = int(np.searchsorted(np.cumsum(deck), min(int(rng.random() * left), left - 1), side="right"))
                deck[k] -= 1
                hands[i // r.hand_size, k] += 1
        else:
            for i, c in enumerate(shuffled_deck(rng)):
                hands[i % r.n_players, (rank_of(int(c)) + 1) % 13] += 1  # ace first in the cycle
        return hands

    # -------------------------------------------------------------- queries
    def required_rank(self) -> int:
        return (self.plays - self.rank_start) % self.rules.n_ranks

    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.is_terminal() else self.current

    def is_terminal(self) -> bool:
        return self.winner >= 0 or self.draw

    def hand_sizes(self) -> tuple:
        return tuple(int(x) for x in self.hands.sum(axis=1))

    def n_cards(self) -> int:
        """All cards in hands and pile (conserved by every action)."""
        return int(self.hands.sum() + self.pile.sum())

    def last_play_was_lie(self) -> bool:
        return self.last_counts is not None and int(self.last_counts.sum() - self.last_counts[self.last_claim]) > 0

    def legal_actions(self) -> list:
        if self.is_terminal():
            return []
        if self.final_pending:
            return [Challenge(self.last_player), ACCEPT]
        out: list = []
        if self.last_player >= 0:
            out.append(Challenge(self.last_player))
        hand = self.hands[self.current]
        limit = min(self.rules.max_play, int(hand.sum()))
        out.extend(Play(c) for c in _sub_multisets(tuple(int(x) for x in hand), limit))
        return out

    def returns(self) -> list[float]:
        n = self.rules.n_players
        if self.winner < 0:
            return [0.0] * n
        return [1.0 if p == self.winner else -1.0 / (n - 1) for p in range(n)]

    def observation(self, player: int) -> CheatObservation:
        check_int("player", player, 0, self.rules.n_players - 1)
        return CheatObservation(
            player=player, hand=tuple(int(x) for x in self.hands[player]), hand_sizes=self.hand_sizes(),
            pile_size=int(self.pile.sum()), required_rank=self.required_rank(), last_player=self.last_player,
            last_count=0 if self.last_counts is None else int(self.last_counts.sum()), plays=self.plays,
            final_pending=self.final_pending, lie_record=tuple(tuple(x) for x in self.lie_record),
            rules=self.rules, revealed_record=tuple(tuple(x) for x in self.revealed_record))

    def clone(self) -> "CheatState":
        new = CheatState.__new__(CheatState)
        new.__dict__.update(self.__dict__)
        new.hands, new.pile = self.hands.copy(), self.pile.copy()
        new.last_counts = None if self.last_counts is None else self.last_counts.copy()
        new.lie_record = [list(x) for x in self.lie_record]
        new.revealed_record = [list(x) for x in self.revealed_record]
        new.history = list(self.history)
        return new

    # -------------------------------------------------------------- actions
    def apply_action(self, action) -> None:
        if self.is_terminal():
            raise ValueError("the game is over; no more actions")
        if isinstance(action, Challenge):
            self._challenge(action)
        elif isinstance(action, _Accept):
            if not self.final_pending:
                raise ValueError("ACCEPT is only legal right after a play that emptied a hand (traditional rules)")
            self.winner = self.last_player
            self.history.append(CheatEvent("accept", self.current, target=self.last_player, winner=self.winner))
        elif isinstance(action, Play):
            self._play(action)
        else:
            raise ValueError(f"an action must be Play(counts), Challenge(target) or ACCEPT, got {action!r}")

    def _challenge(self, action: Challenge) -> None:
        p = self.current
        if self.last_player < 0:
            raise ValueError(f"player {p} cannot challenge: the pile is empty")
        if action.target != self.last_player:
            raise ValueError(f"player {p} may challenge only the previous player {self.last_player}, "
                             f"not player {action.target}")
        target, lie = self.last_player, self.last_play_was_lie()
        pile_size = int(self.pile.sum())
        loser, winner = (target, p) if lie else (p, target)
        self.hands[loser] += self.pile
        self.pile[:] = 0
        if lie:
            self.lie_record[target].append(1)
        self.revealed_record[target].append(int(lie))
        event = CheatEvent("challenge", p, target=target, lie=lie, pile_size=pile_size, loser=loser,
                           counts=tuple(int(x) for x in self.last_counts), claim=self.last_claim)
        self.last_player, self.last_counts, self.last_claim = -1, None, -1
        if self.rules.rank_after_challenge == "restart":
            self.rank_start = self.plays
        if self.final_pending:
            self.final_pending = False
            if not lie:  # the emptied hand survived the challenge
                self.winner = target
                event.winner = target
                self.history.append(event)
                return
        self.current = winner if self.rules.leader_after_challenge == "winner" else p
        self.history.append(event)

    def _play(self, action: Play) -> None:
        p, rules = self.current, self.rules
        if self.final_pending:
            raise ValueError(f"player {p} must challenge or ACCEPT the play that emptied player "
                             f"{self.last_player}'s hand")
        counts = np.asarray(action.counts, dtype=np.int64)
        if counts.shape != (rules.n_ranks,) or (counts < 0).any():
            raise ValueError(f"a play needs {rules.n_ranks} non-negative counts per rank, got {action.counts!r}")
        n = int(counts.sum())
        if not 1 <= n <= rules.max_play:
            raise ValueError(f"a play must have 1..{rules.max_play} cards (max_play), got {n}")
        if (counts > self.hands[p]).any():
            raise ValueError(f"player {p} plays cards not in hand: play {counts.tolist()}, "
                             f"hand {self.hands[p].tolist()}")
        if self.last_player >= 0 and self.last_play_was_lie():
            self.lie_record[self.last_player].append(0)  # the next player played: the lie went through
        claim = self.required_rank()
        self.hands[p] -= counts
        self.pile += counts
        self.last_player, self.last_counts, self.last_claim = p, counts, claim
        self.plays += 1
        event = CheatEvent("play", p, n_cards=n, claim=claim, lie=self.last_play_was_lie(),
                           counts=tuple(int(x) for x in counts))
        self.history.append(event)
        if self.hands[p].sum() == 0:
            if rules.last_play_challengeable:
                self.final_pending = True
            else:
                self.winner = event.winner = p
                return
        elif self.plays >= rules.play_cap:
            self.draw = event.draw = True
            return
        self.current = (p + 1) % rules.n_players


def _sub_multisets(hand: tuple, limit: int) -> list[tuple]:
    """All count vectors c with 0 <= c <= hand and 1 <= sum(c) <= limit, in lexicographic order."""
    out: list[tuple] = []

    def extend(prefix: list, k: int, left: int):
        if k == len(hand):
            if sum(prefix) >= 1:
                out.append(tuple(prefix))
            return
        for c in range(min(hand[k], left) + 1):
            extend(prefix + [c], k + 1, left - c)

    extend([], 0, limit)
    return out


def play_with_events(state: CheatState, agents, rng: np.random.Generator, max_actions: int = 1_000_000,
                     list_legal: bool = True):
    """Play to the end through :func:`liarlab.core.api.play_game`, telling agents with ``observe`` each event.

    Learners need what happened between their own turns (challenges, the end of the game); every event
    is public at the table, so this shows them nothing a player could not see. After each action every
    agent with ``observe(event, seat)`` hears the event (one with ``sees_table`` set also gets the state after it,
    as ``observe(event, seat, state)``: what is public at the table); at the end every agent with ``end_game(state, seat)``
    is told. ``list_legal=False`` passes ``None`` as the legal actions (for agents that do not need the list:
    the traditional game's hands have thousands of sub-multisets); ``apply_action`` still rejects an illegal
    choice. Returns the returns.
    """
    rng = generator(rng)
    listeners = [(seat, agent) for seat, agent in enumerate(agents) if hasattr(agent, "observe")]

    def tell(state, player, action):
        event = state.history[-1]
        for seat, agent in listeners:
            if getattr(agent, "sees_table", False):  # a learner whose s' can be the table after an event
                agent.observe(event, seat, state)
            else:
                agent.observe(event, seat)

    returns = api.play_game(state, agents, rng, max_actions, on_action=tell if listeners else None,
                            list_legal=list_legal)
    for seat, agent in enumerate(agents):
        if hasattr(agent, "end_game"):
            agent.end_game(state, seat)
    return returns


def transcript(state: CheatState) -> list[str]:
    """The game's events as lines of text (a worked example for the notebook)."""
    names = RANK_NAMES[:state.rules.n_ranks]

    def cards(counts):
        return "".join(names[k] * c for k, c in enumerate(counts))

    lines = []
    for e in state.history:
        if e.kind == "play":
            truth = "lie" if e.lie else "honest"
            end = " and empties the hand: wins" if e.winner >= 0 else " (play cap: draw)" if e.draw else ""
            lines.append(f"player {e.player} plays {e.n_cards} card(s) claiming {names[e.claim]} "
                         f"[really {cards(e.counts)}: {truth}]{end}")
        elif e.kind == "challenge":
            what = "a lie" if e.lie else "honest"
            lines.append(f"player {e.player} challenges player {e.target}: {cards(e.counts)} was {what}; "
                         f"player {e.loser} takes the pile of {e.pile_size}")
        else:
            lines.append(f"player {e.player} accepts; player {e.winner} wins")
    return lines
