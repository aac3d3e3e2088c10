"""The report's Q-table player for Liar Dice (paper 02), as plain Python: the reference for :mod:`qfast`.

Terms
-----
* **Afterstate key**: the report stores one value per (position, own action) pair, as a tuple of ints:
  the last ``history`` bids of the game (newest first, each as ``(face, count)``, padded with ``(0, 0)``)
  followed by the action and what the agent knows of its hand.
* **Partial hand** (the report's type ``RL``): a bid adds ``(face, own count of that face, count)``, a
  challenge adds ``(-1, -1, -1)`` whatever the hand. **Full hand** (type ``RLnew``): the whole hand
  ``own[0..5]`` then ``(face, count)`` or ``(-1, -1)``.
* **Action choice**: with probability ``epsilon`` a uniform legal action, otherwise the action whose key
  has the largest value, missing keys reading 0, ties going to the *last* action in list order (the
  code's ``>=``). So an unseen position is answered by the challenge, or by the top bid at the opening.
* **The report's update** (``feedReward``, ``rule="paper"``): at the end of a game, walk the agent's own
  keys backwards; the last is moved toward ``gamma * R`` (R = 1 win, 0 otherwise) and each earlier one
  toward ``gamma *`` the freshly updated value of the next one. Not textbook Q-learning: there is no
  max over next actions and exploratory moves are backed up too.
* ``rule="q_learning"``: textbook one-step Q-learning on the same keys (target ``gamma * max`` over the
  next own position, ``R`` at the end); ``rule="sarsa"``: the same with the action actually chosen next.

Q-tables are :class:`QTable` objects (a dict of key tuples) that save to ``.npz`` with a SHA-256
checksum; a damaged or edited file raises :class:`CorruptQTableError` instead of loading.
"""
from __future__ import annotations

import hashlib
import io as _io
import json
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np

from liarlab.core.api import register_agent
from liarlab.core.bids import bid_ladder
from liarlab.core.files import atomic_write_bytes
from liarlab.core.reprs import compact_repr
from liarlab.core.validation import check_choice, check_int, check_probability
from liarlab.liardice.exp_agents import legal_from_observation

HANDS = ("partial", "full")
RULES = ("paper", "q_learning", "sarsa")
FORMAT_VERSION = 1
FACES = 6
N_HANDS = comb(5 + FACES - 1, 5)   # 252 unordered five-dice hands
#: One training stage of the report's learners (games against one opponent rule), as papers 02 and 06 train them:
#: the report's 100,000 games (their full profile), and the short stage of their quick profile. Both papers'
#: params.py read them here, so the two cannot drift apart.
STAGE_GAMES = 100_000
SHORT_STAGE_GAMES = 5_000
#: The report's bid ladder (bids from one die up; 30k bids with k players, so 15 dice cover three players).
LADDER = bid_ladder(FACES, 1, 15)


class CorruptQTableError(ValueError):
    """A saved Q-table whose checksum or layout does not match: rebuild it, never use it."""


# ============================================================================ keys

def paper_record(bids) -> list[tuple[int, int]]:
    """The report's bid record, newest first, as ``(face, count)`` pairs, from engine bids ``(seat, (q, f))``."""
    return [(face, quantity) for _, (quantity, face) in reversed(bids)]


def history_part(record: list[tuple[int, int]], history: int) -> tuple:
    """``record[0:2n]`` of the report, padded with (0, 0): the last ``history`` bids, newest first."""
    out = []
    for i in range(history):
        out.extend(record[i] if i < len(record) else (0, 0))
    return tuple(out)


def afterstate_key(record, own, action, history: int = 1, hand: str = "partial") -> tuple:
    """The report's key for taking ``action`` (engine format) holding ``own`` after ``record``."""
    head = history_part(record, history)
    if hand == "full":
        own_part = tuple(int(c) for c in own)
        if action[0] == "challenge":
            return head + own_part + (-1, -1)
        quantity, face = action[1]
        return head + own_part + (face, quantity)
    if action[0] == "challenge":
        return head + (-1, -1, -1)
    quantity, face = action[1]
    return head + (face, int(own[face - 1]), quantity)


# ============================================================================ table

@dataclass
class QTable:
    """A Q-table: ``values[key] = value`` for the keys this table has learned (missing keys read 0).

    ``n_players``, ``history`` and ``hand`` say how keys were built; a table is only used by agents
    with the same settings.
    """

    __repr__ = compact_repr   # the shapes of its arrays and plans, not their contents

    n_players: int = 2
    history: int = 1
    hand: str = "partial"
    values: dict | None = None

    def __post_init__(self):
        check_int("n_players", self.n_players, 2, 3)
        check_int("history", self.history, 1)
        check_choice("hand", self.hand, HANDS)
        if self.values is None:
            self.values = {}

    def __len__(self) -> int:
        return len(self.values)

    def get(self, key, default: float = 0.0) -> float:
        return self.values.get(key, default)

    @property
    def key_length(self) -> int:
        return 2 * self.history + (8 if self.hand == "full" else 3)

    def meta(self) -> dict:
        return {"format": FORMAT_VERSION, "n_players": self.n_players, "history": self.history, "hand": self.hand,
                "entries": len(self.values)}

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Keys as an int16 matrix (sorted) and their values."""
        items = sorted(self.values.items())
        keys = np.array([k for k, _ in items], dtype=np.int16).reshape(len(items), self.key_length)
        vals = np.array([v for _, v in items], dtype=np.float64)
        return keys, vals

    @classmethod
    def from_arrays(cls, keys: np.ndarray, values: np.ndarray, n_players: int, history: int, hand: str) -> "QTable":
        # tolist() yields the same Python ints and floats as int()/float() per element, in one C pass (a hashed
        # table of 150,000 entries is read this way by every best-responder task)
        keys = np.asarray(keys)
        rows = keys.reshape(len(keys), -1).tolist() if len(keys) else []
        return cls(n_players, history, hand, dict(zip(map(tuple, rows), np.asarray(values, dtype=np.float64).tolist())))

    def top(self, n: int = 30) -> list[tuple[tuple, float]]:
        """The ``n`` largest entries, ties broken by key order (the report leaves ties open)."""
        return sorted(self.values.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    # -------------------------------------------------------------- save / load
    def save(self, path) -> Path:
        keys, vals = self.arrays()
        return save_arrays(path, keys, vals, self.meta())

    @classmethod
    def load(cls, path) -> "QTable":
        keys, vals, meta = load_arrays(path)
        return cls.from_arrays(keys, vals, meta["n_players"], meta["history"], meta["hand"])


def _checksum(meta_text: str, keys: np.ndarray, vals: np.ndarray) -> str:
    digest = hashlib.sha256(meta_text.encode())
    digest.update(np.ascontiguousarray(keys, dtype=np.int16).tobytes())
    digest.update(np.ascontiguousarray(vals, dtype=np.float64).tobytes())
    return digest.hexdigest()


def save_arrays(path, keys: np.ndarray, vals: np.ndarray, meta: dict) -> Path:
    """Write a table (key matrix, values, metadata) with its checksum; atomic (temporary file, then rename)."""

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta_text = json.dumps(meta, sort_keys=True)
    buffer = _io.BytesIO()
    np.savez_compressed(buffer, keys=np.asarray(keys, dtype=np.int16), values=np.asarray(vals, dtype=np.float64),
                        meta=np.array(meta_text), checksum=np.array(_checksum(meta_text, keys, vals)))
    atomic_write_bytes(path, buffer.getvalue())
    return path


def load_arrays(path) -> tuple[np.ndarray, np.ndarray, dict]:
    """Read a saved table; raise :class:`CorruptQTableError` naming the file if anything does not check out."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, vals = data["keys"], data["values"]
            meta_text, checksum = str(data["meta"]), str(data["checksum"])
    except FileNotFoundError:
        raise
    except Exception as err:  # a truncated zip, a missing member, garbage bytes
        raise CorruptQTableError(f"Q-table file {path.name} is unreadable ({type(err).__name__}: {err})") from None
    if _checksum(meta_text, keys, vals) != checksum:
        raise CorruptQTableError(f"Q-table file {path.name} fails its checksum: it was damaged or edited")
    meta = json.loads(meta_text)
    if meta.get("format") != FORMAT_VERSION:
        raise CorruptQTableError(f"Q-table file {path.name} has format {meta.get('format')}, expected {FORMAT_VERSION}")
    expected = 2 * meta["history"] + (8 if meta["hand"] == "full" else 3)
    if keys.ndim != 2 or keys.shape[1] != expected or len(vals) != len(keys):
        raise CorruptQTableError(f"Q-table file {path.name}: keys of shape {keys.shape} do not fit its settings")
    return keys, vals, meta


# ============================================================================ dense layout (shared with qfast)

#: the report's settings that a :class:`Layout` (and the compiled engine of :mod:`liarlab.liardice.qfast`) can
#: hold: two or three players, the last one to three bids
MAX_PLAYERS = 3
MAX_HISTORY = 3


@lru_cache(maxsize=None)
def hand_ranks() -> tuple[np.ndarray, np.ndarray]:
    """Every unordered five-dice hand (252 x 6 counts, sorted) and a lookup code -> rank (code = sum c_f 6^f)."""
    hands = []
    for combo in combinations(range(5 + FACES - 1), 5):   # stars and bars
        counts = np.zeros(FACES, dtype=np.int64)
        for i, c in enumerate(combo):
            counts[c - i] += 1
        hands.append(counts)
    hands = np.array(sorted(hands, key=tuple), dtype=np.int64)
    lookup = np.full(FACES**FACES, -1, dtype=np.int32)
    powers = FACES ** np.arange(FACES)
    lookup[hands @ powers] = np.arange(len(hands))
    return hands, lookup


@dataclass(frozen=True)
class Layout:
    """A bijection between the keys of one (players, history, hand) setting and 0..size-1.

    A history (the last n bids) is a strictly decreasing run of ladder indices, so it is ranked with
    the combinatorial number system: histories with j bids take ``C(n_bids, j)`` consecutive ranks.
    Partial hand: ``(rank * A + action) * 6 + held`` (held = 0 for the challenge); full hand:
    ``(rank * 252 + hand) * A + action``; A = n_bids + 1 actions, the last being the challenge.
    """

    n_players: int = 2
    history: int = 1
    hand: str = "partial"

    def __post_init__(self):
        # the compiled engines index arrays by these: a value outside them would read or write out of bounds
        check_int("Layout: n_players", self.n_players, 2, MAX_PLAYERS)
        check_int("Layout: history", self.history, 1, MAX_HISTORY)
        check_choice("Layout: hand", self.hand, HANDS)

    @property
    def n_bids(self) -> int:
        return 30 * self.n_players

    @property
    def n_actions(self) -> int:
        return self.n_bids + 1

    @property
    def n_histories(self) -> int:
        return sum(comb(self.n_bids, j) for j in range(self.history + 1))

    @property
    def size(self) -> int:
        inner = N_HANDS if self.hand == "full" else FACES
        return self.n_histories * self.n_actions * inner

    @property
    def report_space_size(self) -> int:
        """The report's count of possible keys (spec section 4): 6 N_act - 5 N_chal partial, 252 N_act full."""
        n, a = self.history, self.n_bids
        n_act = sum(comb(a + 1, n + 1 - m) for m in range(n + 1)) - 1
        n_chal = sum(comb(a, n - m) for m in range(n + 1)) - 1
        return N_HANDS * n_act if self.hand == "full" else FACES * n_act - 5 * n_chal

    def binomials(self) -> np.ndarray:
        """``C(x, j)`` for x in 0..n_bids, j in 0..history (int64)."""
        table = np.zeros((self.n_bids + 1, self.history + 2), dtype=np.int64)
        for x in range(self.n_bids + 1):
            for j in range(self.history + 2):
                table[x, j] = comb(x, j)
        return table

    def offsets(self) -> np.ndarray:
        """First rank of the histories with j bids, j = 0..history + 1 (read-only, built once per layout)."""
        return _layout_offsets(self)

    def history_rank(self, bids_newest_first) -> int:
        j = len(bids_newest_first)
        return int(self.offsets()[j]) + sum(comb(b, j - i) for i, b in enumerate(bids_newest_first))

    def histories(self) -> np.ndarray:
        """``(n_histories, history)`` ladder indices newest first, -1 = padding, row = rank (read-only: built once
        per layout, as every table saved or loaded asks for it)."""
        return _layout_histories(self)

    def index_of_key(self, key) -> int:
        """Dense index of a report key (a tuple as built by :func:`afterstate_key`)."""
        n = self.history
        bids = []
        for i in range(n):
            face, count = key[2 * i], key[2 * i + 1]
            if count == 0:
                break
            bids.append(int(LADDER.index_table[count, face - 1]))
        rank = self.history_rank(bids)
        rest = key[2 * n:]
        if self.hand == "full":
            hand = rank_of_hand(rest[:FACES])
            face, count = rest[FACES:]
            action = self.n_bids if face == -1 else int(LADDER.index_table[count, face - 1])
            return (rank * N_HANDS + hand) * self.n_actions + action
        face, held, count = rest
        if face == -1:
            return (rank * self.n_actions + self.n_bids) * FACES
        return (rank * self.n_actions + int(LADDER.index_table[count, face - 1])) * FACES + held

    def indices_of_keys(self, keys) -> np.ndarray:
        """Dense indices of a matrix of report keys (one key per row), vectorised :meth:`index_of_key`."""
        keys = np.asarray(keys, dtype=np.int64).reshape(-1, self.key_length)
        n, a_n = self.history, self.n_actions
        table = LADDER.index_table
        bids = np.full((len(keys), n), -1, dtype=np.int64)
        for i in range(n):
            face, count = keys[:, 2 * i], keys[:, 2 * i + 1]
            ok = count > 0
            bids[ok, i] = table[count[ok], face[ok] - 1]
        j = (bids >= 0).sum(axis=1)
        binom = self.binomials()
        rank = self.offsets()[j]
        for i in range(n):
            use = i < j
            rank = rank + np.where(use, binom[np.maximum(bids[:, i], 0), np.maximum(j - i, 0)], 0)
        rest = keys[:, 2 * n:]
        if self.hand == "full":
            _, lookup = hand_ranks()
            hand = lookup[rest[:, :FACES] @ (FACES ** np.arange(FACES))].astype(np.int64)
            face, count = rest[:, FACES], rest[:, FACES + 1]
            action = np.where(face == -1, self.n_bids, table[np.maximum(count, 0), np.maximum(face, 1) - 1])
            return (rank * N_HANDS + hand) * a_n + action
        face, held, count = rest[:, 0], rest[:, 1], rest[:, 2]
        challenge = face == -1
        action = np.where(challenge, self.n_bids, table[np.maximum(count, 0), np.maximum(face, 1) - 1])
        return (rank * a_n + action) * FACES + np.where(challenge, 0, held)

    def keys_of_indices(self, indices) -> np.ndarray:
        """Report keys (int16 matrix) of dense indices, vectorised."""
        idx = np.asarray(indices, dtype=np.int64)
        hist_rows = self.histories()
        a_n = self.n_actions
        if self.hand == "full":
            action = idx % a_n
            hand = (idx // a_n) % N_HANDS
            rank = idx // (a_n * N_HANDS)
        else:
            held = idx % FACES
            action = (idx // FACES) % a_n
            rank = idx // (FACES * a_n)
        hist = hist_rows[rank]                                            # (m, n)
        cols = []
        for i in range(self.history):
            b = hist[:, i]
            cols.append(np.where(b >= 0, LADDER.face_indices[b] + 1, 0))
            cols.append(np.where(b >= 0, LADDER.quantities[b], 0))
        challenge = action == self.n_bids
        bid = np.where(challenge, 0, action)
        face = np.where(challenge, -1, LADDER.face_indices[bid] + 1)
        count = np.where(challenge, -1, LADDER.quantities[bid])
        if self.hand == "full":
            hands, _ = hand_ranks()
            cols.extend(hands[hand].T)
            cols.extend([face, count])
        else:
            cols.extend([face, np.where(challenge, -1, held), count])
        return np.stack(cols, axis=1).astype(np.int16) if len(idx) else np.zeros((0, self.key_length), np.int16)

    @property
    def key_length(self) -> int:
        return 2 * self.history + (8 if self.hand == "full" else 3)


def rank_of_hand(hand) -> int:
    _, lookup = hand_ranks()
    code = sum(int(c) * FACES**f for f, c in enumerate(hand))
    rank = int(lookup[code])
    if rank < 0:
        raise ValueError(f"not a five-dice hand: {tuple(hand)}")
    return rank


# ============================================================================ agent

@register_agent("liardice", "QTABLE")
class QTableAgent:
    """The report's RL player (plain Python reference). Engine hooks: ``new_game``, ``act``, ``end_game``.

    ``learning=False`` freezes the table (the report's "non-learning main program"); ``epsilon`` still
    applies unless set to 0. ``reward``/``penalty`` are what the winner / every other player receives.
    """

    def __init__(self, table: QTable | None = None, *, n_players: int = 2, history: int = 1, hand: str = "partial",
                 epsilon: float = 0.1, alpha: float = 0.2, gamma: float = 0.9, rule: str = "paper",
                 learning: bool = True, do_shuffle: bool = False, reward: float = 1.0, penalty: float = 0.0):
        if table is None:
            table = QTable(n_players, check_int("history", history, 1), check_choice("hand", hand, HANDS))
        self.table = table
        self.epsilon = check_probability("epsilon", epsilon)
        self.alpha = check_probability("alpha", alpha)
        self.gamma = check_probability("gamma", gamma)
        self.rule = check_choice("rule", rule, RULES)
        self.learning = bool(learning)
        self.do_shuffle = bool(do_shuffle)
        self.reward, self.penalty = float(reward), float(penalty)
        self.visited: list[tuple] = []
        self._pending = None
        self.name = "RL"

    def key(self, obs, action) -> tuple:
        return afterstate_key(paper_record(obs.bids), obs.own, action, self.table.history, self.table.hand)

    def new_game(self, player, starter, config, rng=None) -> None:
        if config.n_players != self.table.n_players:
            raise ValueError(f"this Q-table is for {self.table.n_players} players, the game has {config.n_players}")
        self.visited = []
        self._pending = None

    def greedy(self, obs, actions: list, rng=None):
        """The highest-valued action, ties to the last in list order (shuffled first if ``do_shuffle``)."""
        if self.do_shuffle:
            actions = [actions[i] for i in rng.permutation(len(actions))]
        best, vmax = None, -999.0
        for a in actions:
            v = self.table.get(self.key(obs, a))
            if v >= vmax:
                vmax, best = v, a
        return best

    def act(self, observation, legal_actions, rng):
        actions = list(legal_actions) if legal_actions is not None else legal_from_observation(observation)
        if self.learning and self.rule == "q_learning" and self._pending is not None:
            best = max(self.table.get(self.key(observation, a)) for a in actions)
            self._move(self._pending, self.gamma * best)
        if rng.random() <= self.epsilon:
            action = actions[int(rng.integers(len(actions)))]
        else:
            action = self.greedy(observation, actions, rng)
        key = self.key(observation, action)
        if self.learning and self.rule == "sarsa" and self._pending is not None:
            self._move(self._pending, self.gamma * self.table.get(key))
        self.visited.append(key)
        self._pending = key
        return action

    def _move(self, key, target: float) -> None:
        old = self.table.get(key)
        self.table.values[key] = old + self.alpha * (target - old)

    def end_game(self, record, player, rng=None) -> None:
        if self.learning:
            r = self.reward if record.winner == player else self.penalty
            self.feed_reward(r)
        self.visited = []
        self._pending = None

    def feed_reward(self, r: float) -> None:
        """The update at the end of a game (the report's ``feedReward`` for ``rule="paper"``)."""
        if self.rule == "paper":
            for key in reversed(self.visited):
                old = self.table.get(key)
                self.table.values[key] = old + self.alpha * (self.gamma * r - old)
                r = self.table.values[key]    # the fresh value feeds the next-earlier afterstate
        elif self._pending is not None:
            self._move(self._pending, r)      # one-step rules: the last afterstate's target is the reward


@lru_cache(maxsize=None)
def _layout_offsets(layout: Layout) -> np.ndarray:
    """:meth:`Layout.offsets`, built once per layout."""
    out = np.cumsum([0] + [comb(layout.n_bids, j) for j in range(layout.history + 1)]).astype(np.int64)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=None)
def _layout_histories(layout: Layout) -> np.ndarray:
    """:meth:`Layout.histories`, built once per layout."""
    out = np.full((layout.n_histories, layout.history), -1, dtype=np.int64)
    for j in range(layout.history + 1):
        for combo in combinations(range(layout.n_bids), j):
            h = tuple(reversed(combo))
            out[layout.history_rank(h), :j] = h
    out.flags.writeable = False
    return out
