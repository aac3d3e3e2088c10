"""The game-agnostic terminal front end (liarlab.play.terminal): a session refuses an unknown agent, and in every
game survives an unknown command and the end of input."""
import pytest

from liarlab.play.cli import adapter_for


def test_unknown_agent_is_refused_with_the_names():
    from liarlab.play.terminal import Session

    with pytest.raises(ValueError, match="unknown agent 'nobody' for liardice; known:"):
        Session(adapter_for("liardice"), "nobody", 1, lambda: None, print)


@pytest.mark.parametrize("game, agent", [("liardice", "type1"), ("bluff", "random"), ("cheat", "a"),
                                         ("honeymoon", "random")])
def test_every_game_survives_an_unknown_command_and_the_end_of_input(person, play, game, agent):
    who = person(["xyzzy", "help", "show", "score"], auto=False)
    session = play(adapter_for(game), agent, who, seed=3)
    text = who.text
    assert "end of input" in text and "final score after 0 games" in text
    assert session.score.abandoned == 1 and session.score.games == 0
    assert "Traceback" not in text
    # no game ends before the person's first move, so every line reached the prompt
    assert "cannot play 'xyzzy'" in text and "How to type a move" in text and "score after 0 games" in text
