"""The worked-example transcript of notebook 01."""
import re

import numpy as np

from liarlab.liardice import bbn
from liarlab.liardice.agents import RandomGuessAgent, TestProgram
from liarlab.liardice.rules import THESIS, play_game
from liarlab.liardice.transcript import TracingBelief, game_transcript, hand_text, imagined_text


def test_hand_and_imagined_text():
    assert hand_text([2, 0, 1, 0, 0, 2]) == "1 1 3 6 6"
    assert imagined_text([0, 1, 0, 0, 0, 0], [-1, -1, 2, -1, -1, -1]) == "H = 1 x 2s; L: 3s <= 2"
    assert imagined_text([0] * 6, [-1] * 6) == "H = nothing; L: none"


def test_transcript_of_a_network_game_tells_the_whole_game():
    belief = bbn.BayesNetBelief(np.random.default_rng(0), record=True, refit_every=1)
    tracer = TracingBelief(belief)
    agents = [RandomGuessAgent(belief=tracer), TestProgram(25)]
    rng = np.random.default_rng(4)
    for g in range(30):                                  # let the network learn first
        record = play_game(agents, rng, THESIS, starter=g % 2)
    lines = game_transcript(record, names=("network", "type 25"), notes=tracer.notes)
    text = "\n".join(lines)
    assert lines[0].startswith("network hold") and lines[1].startswith("type 25 hold")
    assert sum(1 for line in lines if re.match(r"^\s*\d+\. \S.* bid \d", line)) == len(record.bids)
    assert "challenge" in lines[-1] and ("stands" in lines[-1] or "fails" in lines[-1])
    winner = ("network", "type 25")[record.winner]
    assert lines[-1].endswith(f"{winner} win.")
    opponent_bids = sum(1 for seat, _ in record.bids if seat == 1)
    assert text.count("-> ") == opponent_bids          # every opponent bid has a note


def test_worked_example_plays_a_game_with_enough_bids():
    from liarlab.liardice.transcript import worked_example

    belief = bbn.BayesNetBelief(np.random.default_rng(1), record=True)
    record, notes = worked_example(belief, TestProgram(25), np.random.default_rng(2), learn_games=20, min_bids=3)
    assert len(record.bids) >= 3 and belief.games >= 21
    assert len(notes) == sum(1 for seat, _ in record.bids if seat == 1)
