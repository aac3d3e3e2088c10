"""Cheat at the terminal: the term paper's modified game (two players, ranks A 2 3 4 5, five cards each), or the
traditional game (``--rules traditional``: 2 to 6 players, the whole deck, ``--seat`` chooses the person's seat).

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
from liarlab.cheat.game import (
    ACCEPT,
    RANK_NAMES,
    Challenge,
    CheatState,
    Play,
    modified_rules,
    traditional_rules,
    transcript,
)
from liarlab.core.api import agent_names, make_agent
from liarlab.core.validation import check_choice, check_int

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


VARIANTS = ("modified", "traditional")


class CheatAdapter:
    name = "cheat"
    default_agent = "d"

    def __init__(self, rules: str = "modified", players: int | None = None, seat: int | None = None):
        self.variant = check_choice("rules", rules, VARIANTS)
        if self.variant == "modified":
            if players not in (None, 2):
                raise ValueError(f"the modified rules are for 2 players, got --players {players}; "
                                 "--rules traditional plays 2 to 6")
            self.rules = modified_rules()
        else:
            self.rules = traditional_rules(n_players=check_int("players", 4 if players is None else players, 2, 6))
        self.n_players = self.rules.n_players
        self.seat = check_int("seat", 1 if seat is None else seat, 1, self.n_players) - 1   # the person's seat
        self.ranks = RANK_NAMES[:self.rules.n_ranks]
        r = self.rules
        if self.variant == "modified":
            self.title = (f"Cheat (the paper's modified rules: 2 players, ranks {' '.join(self.ranks)}, "
                          f"{r.hand_size} cards each, 1-{r.max_play} cards a play)")
            ending = ("The play that empties a hand wins at once: it cannot be challenged. Only the next player may "
                      "challenge a play.")
        else:
            self.title = (f"Cheat (traditional rules: {r.n_players} players, 52 cards dealt round the table, ranks "
                          f"A 2 ... K in turn, 1-{r.max_play} cards a play; you sit in seat {self.seat + 1})")
            ending = ("The play that empties a hand can still be challenged: the next player challenges ('c') or "
                      "accepts ('accept');\nit wins if accepted or found honest, and a caught lie takes the pile. "
                      "Only the next player may challenge a play.")
        self.move_help = (
            """  play A A   put down two aces face down; the claim is always the rank required now (also 'p AA', 'AA')
  play 3 5   put down a 3 and a 5: a lie unless 3 and 5 are both the required rank
  c          challenge the last play (also 'challenge', 'doubt'): a lie sends the pile to the liar,
             an honest play sends it to you
"""
            + ("  accept     let a play that emptied the previous player's hand stand (it wins)\n"
               if r.last_play_challengeable else "")
            + f"The required rank cycles {' '.join(self.ranks)} {self.ranks[0]} ...; the winner of a challenge leads "
            f"next.\n{ending}")

    def agents(self) -> dict[str, str]:
        names = [n for n in agent_names("cheat") if n in cheat_agents.DESCRIPTIONS]
        out = {n: f"type {n}: {cheat_agents.DESCRIPTIONS[n]}" for n in names
               if n not in ("q", "random")}
        out["random"] = f"random: {cheat_agents.DESCRIPTIONS['random']}"
        if "q" in names and self.variant == "modified":
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
        return CheatState(rng, self.rules), self.seat

    # ------------------------------------------------------------------ text
    def cards(self, counts) -> str:
        return " ".join(self.ranks[k] for k, c in enumerate(counts) for _ in range(int(c))) or "(none)"

    def who(self, player: int, me: int) -> str:
        """A seat as the person reads it: "you", "opponent" in a two-player game, else "player N" (1-based)."""
        if player == me:
            return "you"
        return "opponent" if self.n_players == 2 else f"player {player + 1}"

    def show(self, obs, legal) -> str:
        me = obs.player
        others = "    ".join(f"{self.who(p, me)} holds {obs.hand_sizes[p]} card(s)"
                               for p in range(self.n_players) if p != me)
        lines = [f"your hand: {self.cards(obs.hand)}    {others}    pile: {obs.pile_size} card(s) face down"]
        if obs.final_pending:
            lines.append(f"{self.who(obs.last_player, me)}'s last play emptied their hand: 'c' to challenge it or "
                         "'accept'")
        else:
            if obs.last_player >= 0:
                claimed = self.ranks[(obs.required_rank - 1) % self.rules.n_ranks]
                lines.append(f"last play: {self.who(obs.last_player, me)} put down {obs.last_count} card(s) "
                             f"claiming {claimed}")
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
                raise MoveError("'accept' is only for a play that emptied the previous player's hand"
                                + ("" if self.rules.last_play_challengeable
                                   else " (traditional rules; here such a play wins at once)"))
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
            raise MoveError(f"{self.who(obs.last_player, obs.player)}'s last play emptied their hand: 'c' to "
                            "challenge it or 'accept'")
        if len(letters) > self.rules.max_play:
            raise MoveError(f"a play is 1 to {self.rules.max_play} cards, you named {len(letters)}")
        return Play(tuple(counts))

    def describe(self, state, player: int, action, human: int) -> str:
        event = state.history[-1]
        who = self.who(player, human)
        s = "s" * (player != human)
        if event.kind == "play":
            what = (f"put down {self.cards(event.counts)} claiming {self.ranks[event.claim]}"
                    + (" (a lie)" if event.lie else "") if player == human
                    else f"puts down {event.n_cards} card(s) claiming {self.ranks[event.claim]}")
            line = f"{who} {what}"
            if event.winner >= 0:
                line += f" and {'empty your' if player == human else 'empties their'} hand: {who} win{s}"
            elif state.final_pending:
                line += f" and {'empty your' if player == human else 'empties their'} hand (it can be challenged)"
            if event.draw:
                line += f" (the play cap of {self.rules.play_cap} is reached: a draw)"
            return line
        if event.kind == "challenge":
            loser = self.who(event.loser, human)
            truth = "a lie" if event.lie else "honest"
            line = (f"{who} challenge{s} {self.who(event.target, human)}: the cards were "
                    f"{self.cards(event.counts)}, {truth}; {loser} take{'s' * (event.loser != human)} the pile of "
                    f"{event.pile_size}")
            if event.winner >= 0:
                line += f"; {self.who(event.winner, human)} emptied a hand honestly and win" \
                        f"{'s' * (event.winner != human)}"
            return line
        return f"{who} accept{s}: {self.who(event.winner, human)} win{'s' * (event.winner != human)}"

    def reveal(self, state, human: int) -> str:
        def named(line: str) -> str:
            return re.sub(r"\bplayer (\d+)\b", lambda m: self.who(int(m.group(1)), human), line)

        lines = ["every play turned over:"] + [f"  {named(line)}" for line in transcript(state)]
        hands = []
        for p in [human] + [q for q in range(self.n_players) if q != human]:
            n = int(state.hands[p].sum())
            held = f": {self.cards(state.hands[p])}" if n else ""
            hands.append(f"{self.who(p, human)} {n} card{'s' * (n != 1)}{held}")
        lines.append("hands at the end: " + " | ".join(hands))
        return "\n".join(lines)


ADAPTER = CheatAdapter
