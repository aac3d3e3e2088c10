"""Liar Dice at the terminal: the person against paper 01's or paper 02's players.

Paper 01's players (the random-guess strategy, the same with the Bayesian-network opponent model, the 32
test programs) play the thesis's rules: two players, five dice each, bids from two dice up. Paper 02's
registered players (RAND, EXP0-EXP3, EXPRAND and the Q-table agent, trained here against EXPRAND before the
first game) play the report's rules: bids from one die up. Either way the opener alternates between games.

The dice, bids and showdown are :mod:`liarlab.liardice.rules`; this module only reads and writes text.
"""
from __future__ import annotations

import inspect
import re
from functools import lru_cache

import numpy as np

from liarlab.core.api import agent_names, make_agent
from liarlab.liardice import agents as ld_agents
from liarlab.liardice import qtable as _qtable  # noqa: F401  (registers QTABLE: the package does not import it)
from liarlab.liardice import rules
from liarlab.liardice.exp_agents import paper_config
from liarlab.liardice.transcript import hand_text

from .terminal import MoveError

#: games the Q-table agent trains against EXPRAND before it meets the person (report's setting, seats rotating)
Q_TRAINING_GAMES = 200_000

_BID = re.compile(r"^(?:bid\s+)?(\d+)\s*(?:x|\*|\s)\s*(\d+)'?s?$")
_CHALLENGE = ("c", "challenge", "liar", "call", "doubt")


#: paper 02's rule players and learner, in the words of its report (liarlab.liardice.exp_agents)
PAPER_02 = {
    "RAND": "RAND, uniform over the legal actions (it may challenge whenever that is legal)",
    "EXP0": "EXP0, challenges when its own dice of the bid face + 1 fall short of the bid, else one of the "
            "next few legal actions at random",
    "EXP1": "EXP1, challenges when its largest multiplicity + 1 falls short of the bid, else the honest action",
    "EXP2": "EXP2, opens with its largest honest bid, then plays like EXP1",
    "EXP3": "EXP3, opens with a slight lie (its largest multiplicity + 1), then plays like EXP1",
    "EXPRAND": "EXPRAND, one of EXP0-EXP3 drawn afresh at every decision",
    "QTABLE": f"the report's Q-table agent, trained against EXPRAND for {Q_TRAINING_GAMES:,} games, then frozen "
              "and greedy",
}


def bid_words(bid) -> str:
    quantity, face = int(bid[0]), int(bid[1])
    return f"{quantity} x {face}s"


class SeatedAgent:
    """An agent of the liar-dice engine (optional ``new_game``/``end_game`` hooks) with the session's start/finish
    calls."""

    def __init__(self, agent):
        self.agent = agent

    def start(self, state, seat, rng) -> None:
        if hasattr(self.agent, "new_game"):
            self.agent.new_game(seat, state.starter, state.config, rng)

    def act(self, observation, legal_actions, rng):
        return self.agent.act(observation, legal_actions, rng)

    def finish(self, state, seat, rng) -> None:
        if hasattr(self.agent, "end_game"):
            self.agent.end_game(state.record(), seat, rng)


@lru_cache(maxsize=2)
def trained_q_table(n_games: int = Q_TRAINING_GAMES, seed: int = 0):
    """A report-style Q-table (history 1, partial hand) trained against EXPRAND with seats rotating."""
    from liarlab.liardice import qfast

    table = qfast.FastTable.new(2, 1, "partial")
    qfast.train(table, "EXPRAND", n_games, np.random.default_rng(seed))
    return table.to_qtable()


def _first_line(obj) -> str:
    doc = inspect.getdoc(obj) or ""
    return doc.splitlines()[0] if doc else ""


class LiarDiceAdapter:
    name = "liardice"
    title = "Liar Dice (two players, five dice each)"
    default_agent = "random-guess"
    move_help = """\
  3 5        bid three 5s: at least three dice on the table show a 5 (also '3x5', 'bid 3 5')
  c          challenge the standing bid (also 'challenge', 'liar'); the cups are lifted
A bid must be higher than the standing one: more dice of any face, or as many dice of a higher face.
Paper 01's players bid from 2 dice up, paper 02's (RAND, EXP*, QTABLE) from 1 die up; ones are not wild."""

    def __init__(self):
        self.config = rules.THESIS      # the rules of the chosen opponent (set by make_agent)

    def agents(self) -> dict[str, str]:
        out = {"random-guess": "paper 01: the thesis's random-guess strategy (uniform opponent model)",
               "bbn": "paper 01: random guess with the Bayesian-network opponent model; learns from every "
                      "revealed hand of this session",
               "best-response": "paper 01: the exploiter of random-guess (it assumes you play random-guess)"}
        for t in range(1, 33):
            out[f"type{t}"] = f"paper 01 test program {t}: {ld_agents.traits_of(t).label()}"
        for name in agent_names("liardice"):
            if name in PAPER_01_REGISTERED:  # offered above under the thesis's names
                continue
            what = PAPER_02.get(name) or _first_line(_registered(name))
            out[name] = f"paper 02: {what}"
        return out

    def preparing(self, name: str) -> str | None:
        if name == "QTABLE":
            return f"(training the Q-table against EXPRAND for {Q_TRAINING_GAMES:,} games; a few seconds)"
        return None

    def make_agent(self, name: str, rng: np.random.Generator):
        if name == "random-guess":
            agent, config = ld_agents.RandomGuessAgent(), rules.THESIS
        elif name == "bbn":
            from liarlab.liardice.bbn import BayesNetBelief

            belief = BayesNetBelief(np.random.default_rng(rng.integers(2**32)))
            agent, config = ld_agents.RandomGuessAgent(belief=belief), rules.THESIS
        elif name == "best-response":
            agent, config = make_agent("liardice", "best-response"), rules.THESIS
        elif re.fullmatch(r"type\d+", name):
            agent, config = ld_agents.TestProgram(int(name[4:])), rules.THESIS
        elif name == "QTABLE":
            agent = make_agent("liardice", "QTABLE", table=trained_q_table(), learning=False, epsilon=0.0)
            config = paper_config(2)
        else:
            agent, config = make_agent("liardice", name), paper_config(2)
        self.config = config
        return SeatedAgent(agent)

    def new_game(self, index: int, rng: np.random.Generator):
        return rules.new_game(rng, self.config, starter=index % 2), 0

    # ------------------------------------------------------------------ text
    def show(self, obs, legal) -> str:
        lines = [f"your dice: {hand_text(obs.own)}    opponent: {obs.n_dice[1 - obs.player]} dice under the cup"]
        if obs.bids:
            said = ", ".join(f"{'you' if p == obs.player else 'opponent'} {bid_words(b)}" for p, b in obs.bids)
            lines.append(f"bids so far: {said}")
            lines.append(f"standing bid: {bid_words(obs.last_bid)}. Your move: a higher bid (e.g. "
                         f"'{self.move_text(legal[0], obs)}') or 'c' to challenge; 'help' for more")
        else:
            lowest = obs.config.min_count
            lines.append(f"you open: bid at least {lowest} dice of a face (e.g. '{lowest} 6'); 'help' for more")
        return "\n".join(lines)

    def move_text(self, action, obs) -> str:
        return "c" if action[0] == "challenge" else f"{action[1][0]} {action[1][1]}"

    def parse(self, text: str, obs, legal):
        word = text.strip().lower()
        if word in _CHALLENGE:
            if obs.is_opening:
                raise MoveError("there is no bid to challenge: you open, so you must bid")
            return rules.CHALLENGE
        match = _BID.match(word)
        if not match:
            raise MoveError("not a move: type a bid as QUANTITY FACE (e.g. '3 5' for three 5s) or 'c' to "
                            "challenge; 'help' lists the commands")
        quantity, face = int(match.group(1)), int(match.group(2))
        try:
            bid = rules.check_bid((quantity, face), obs.config)
        except ValueError as err:
            raise MoveError(f"illegal bid: {err}") from None
        if not rules.bid_is_higher(bid, obs.last_bid, obs.config):
            raise MoveError(f"illegal bid: {bid_words(bid)} is not higher than the standing bid "
                            f"{bid_words(obs.last_bid)} (bid more dice, or as many dice of a higher face)")
        return ("bid", bid)

    def describe(self, state, player: int, action, human: int) -> str:
        who = "you" if player == human else "opponent"
        if action[0] == "bid":
            return f"{who} bid{'s' * (player != human)} {bid_words(action[1])}"
        return f"{who} challenge{'s' * (player != human)} the bid {bid_words(state.last_bid())}"

    def reveal(self, state, human: int) -> str:
        bid = state.last_bid()
        wild = state.wild_ones_active()
        count = rules.count_on_table(state.hands, bid[1], wild)
        stands = rules.bid_stands(state.hands, bid, wild)
        lines = ["cups up:",
                 f"  your dice:     {hand_text(state.hands[human])}",
                 f"  opponent dice: {hand_text(state.hands[1 - human])}",
                 f"the table holds {count} x {bid[1]}s against the bid of {bid_words(bid)}: "
                 + ("the bid stands, the challenger loses" if stands else "the bid fails, the bidder loses")]
        return "\n".join(lines)


#: Paper 01's registered agents, offered above under the thesis's names (test-program as type1..type32).
PAPER_01_REGISTERED = {"random-guess", "test-program", "best-response"}


def _registered(name: str):
    """The class or factory behind a registered liar-dice agent (for its description)."""
    agent = make_agent("liardice", name)
    return type(agent)


ADAPTER = LiarDiceAdapter
