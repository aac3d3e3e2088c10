"""Cheat at the terminal: the term paper's modified game (two players, ranks A 2 3 4 5, five cards each).

Opponents are the registered stage-2 agents of :mod:`liarlab.cheat.agents`: the personality types a..f, the
random player, and the linear-Q learner ``q``, trained here before the first game (300 games against each of
a..f in turn, the paper's training length per opponent, then frozen and greedy). The deal, the plays, the
challenges and the end are :mod:`liarlab.cheat.game`; this module only reads and writes text.
"""
from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from liarlab.cheat import agents as cheat_agents
from liarlab.cheat import fast
from liarlab.cheat.game import ACCEPT, RANK_NAMES, Challenge, CheatState, Play, modified_rules, transcript
from liarlab.core.api import agent_names, make_agent

from .terminal import MoveError

TRAINING_GAMES_PER_TYPE = 300
TRAINING_TYPES = ("a", "b", "c", "d", "e", "f")
_CHALLENGE = ("c", "challenge", "cheat", "doubt", "liar")


@lru_cache(maxsize=2)
def trained_q_weights(seed: int = 0, n_games: int = TRAINING_GAMES_PER_TYPE) -> np.ndarray:
    """Weights of a Q-learner (seat 0) trained for ``n_games`` against each of a..f in turn."""
    rules = modified_rules()
    rng = np.random.default_rng(seed)
    weights = np.zeros((rules.n_players, 1 + 2 * rules.max_play, fast.pol.N_FEATURES))
    learn = np.array([True] + [False] * (rules.n_players - 1))
    for opponent in TRAINING_TYPES:
        fast.play_cheat(["q", opponent], n_games, rng, rules=rules, weights=weights, learn=learn)
    return weights[0].copy()


class CheatAdapter:
    name = "cheat"
    title = "Cheat (the paper's modified rules: 2 players, ranks A 2 3 4 5, 5 cards each, 1-3 cards a play)"
    default_agent = "d"
    move_help = """\
  play A A   put down two aces face down; the claim is always the rank required now (also 'p AA', 'AA')
  play 3 5   put down a 3 and a 5: a lie unless 3 and 5 are both the required rank
  c          challenge the last play (also 'challenge', 'doubt'): a lie sends the pile to the liar,
             an honest play sends it to you
The required rank cycles A 2 3 4 5 A ...; the winner of a challenge leads next. Emptying your hand wins."""

    def __init__(self):
        self.rules = modified_rules()
        self.ranks = RANK_NAMES[:self.rules.n_ranks]

    def agents(self) -> dict[str, str]:
        names = [n for n in agent_names("cheat") if n in cheat_agents.DESCRIPTIONS]
        out = {n: f"type {n}: {cheat_agents.DESCRIPTIONS[n]}" for n in names if n != "q"}
        out["random"] = f"random: {cheat_agents.DESCRIPTIONS['random']}"
        if "q" in names:
            out["q"] = (f"linear Q-learner (seven features), trained {TRAINING_GAMES_PER_TYPE} games against each "
                        "of a..f, then frozen and greedy")
        return out

    def preparing(self, name: str) -> str | None:
        if name == "q":
            return (f"(training the Q-learner: {TRAINING_GAMES_PER_TYPE} games against each of "
                    f"{', '.join(TRAINING_TYPES)})")
        return None

    def make_agent(self, name: str, rng: np.random.Generator):
        if name == "q":
            return make_agent("cheat", "q", weights=trained_q_weights(), learning=False)
        return make_agent("cheat", name)

    def new_game(self, index: int, rng: np.random.Generator):
        return CheatState(rng, self.rules), 0

    # ------------------------------------------------------------------ text
    def cards(self, counts) -> str:
        return " ".join(self.ranks[k] for k, c in enumerate(counts) for _ in range(int(c))) or "(none)"

    def show(self, obs, legal) -> str:
        other = 1 - obs.player
        lines = [f"your hand: {self.cards(obs.hand)}    opponent holds {obs.hand_sizes[other]} card(s)    "
                 f"pile: {obs.pile_size} card(s) face down"]
        if obs.final_pending:
            lines.append("the opponent's last play emptied their hand: 'c' to challenge it or 'accept'")
        else:
            if obs.last_player >= 0:
                claimed = self.ranks[(obs.required_rank - 1) % self.rules.n_ranks]
                who = "you" if obs.last_player == obs.player else "opponent"
                lines.append(f"last play: {who} put down {obs.last_count} card(s) claiming {claimed}")
            rank = self.ranks[obs.required_rank]
            lines.append(f"required rank now: {rank}. Your move: 'play' 1-{self.rules.max_play} cards "
                         f"(e.g. '{self.move_text(legal[-1], obs)}')"
                         + (" or 'c' to challenge" if obs.last_player >= 0 else "") + "; 'help' for more")
        return "\n".join(lines)

    def move_text(self, action, obs) -> str:
        if isinstance(action, Challenge):
            return "c"
        if action == ACCEPT:
            return "accept"
        return "play " + self.cards(action.counts)

    def parse(self, text: str, obs, legal):
        word = text.strip()
        low = word.lower()
        if low in _CHALLENGE:
            if obs.last_player < 0:
                raise MoveError("there is nothing to challenge: the pile is empty")
            return Challenge(obs.last_player)
        if low == "accept":
            if not obs.final_pending:
                raise MoveError("'accept' is only for a play that emptied the opponent's hand")
            return ACCEPT
        body = re.sub(r"^(play\b|p\s)", "", low).strip()
        if body == low.strip() and not re.fullmatch(r"[\s,%s]+" % re.escape(self.ranks.lower()), low):
            raise MoveError("unknown command: type 'play' and your cards (e.g. 'play A A'), or 'c' to challenge; "
                            "'help' lists the commands")
        letters = [ch.upper() for ch in body if ch not in " ,"]
        if not letters:
            raise MoveError("name the cards to put down, e.g. 'play A A'")
        unknown = sorted({ch for ch in letters if ch not in self.ranks})
        if unknown:
            raise MoveError(f"not a move: {' '.join(unknown)} is not a rank of this deck (ranks "
                            f"{' '.join(self.ranks)}); type 'play' and your cards (e.g. 'play A A'), or 'c'; "
                            "'help' for more")
        counts = [letters.count(r) for r in self.ranks]
        missing = [f"{self.ranks[k]}" for k, c in enumerate(counts) if c > obs.hand[k]]
        if missing:
            raise MoveError(f"card not in your hand: {' '.join(missing)} (your hand: {self.cards(obs.hand)})")
        if obs.final_pending:
            raise MoveError("the opponent's last play emptied their hand: 'c' to challenge it or 'accept'")
        if len(letters) > self.rules.max_play:
            raise MoveError(f"a play is 1 to {self.rules.max_play} cards, you named {len(letters)}")
        return Play(tuple(counts))

    def describe(self, state, player: int, action, human: int) -> str:
        event = state.history[-1]
        who = "you" if player == human else "opponent"
        other = "you" if player != human else "opponent"
        if event.kind == "play":
            what = (f"put down {self.cards(event.counts)} claiming {self.ranks[event.claim]}"
                    + (" (a lie)" if event.lie else "") if player == human
                    else f"puts down {event.n_cards} card(s) claiming {self.ranks[event.claim]}")
            line = f"{who} {what}"
            if event.winner >= 0:
                line += f" and {'empty your' if player == human else 'empties their'} hand"
            if event.draw:
                line += f" (the play cap of {self.rules.play_cap} is reached: a draw)"
            return line
        if event.kind == "challenge":
            taker = "you take" if event.loser == human else "opponent takes"
            truth = "a lie" if event.lie else "honest"
            return (f"{who} challenge{'s' * (player != human)} {other}: the cards were "
                    f"{self.cards(event.counts)}, {truth}; {taker} the pile of {event.pile_size}")
        return f"{who} accept{'s' * (player != human)}"

    def reveal(self, state, human: int) -> str:
        lines = ["every play turned over (player 0 is you):"] + [f"  {line}" for line in transcript(state)]
        lines.append(f"hands at the end: you {self.cards(state.hands[human])} | "
                     f"opponent {self.cards(state.hands[1 - human])}")
        return "\n".join(lines)


ADAPTER = CheatAdapter
