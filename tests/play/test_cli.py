"""The terminal game's command line (liarlab.play.cli, python -m liarlab play): help, bad arguments, end of input,
play from a stream, and one adapter per game dealing a core State whose typed moves read back."""
import subprocess
import sys

import numpy as np
import pytest

from liarlab.play.cli import adapter_for, main


def _cli(args, stdin_text):
    return subprocess.run([sys.executable, "-m", "liarlab", "play", *args], input=stdin_text, text=True,
                          capture_output=True, timeout=120)


def test_cli_end_of_input_and_unknown_command():
    done = _cli(["liardice", "--seed", "3"], "hello\n2 2\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "cannot play 'hello'" in done.stdout
    assert "end of input" in done.stdout and "final score" in done.stdout


def test_cli_help_lists_agents_and_moves_and_refuses_bad_arguments(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    helped = capsys.readouterr().out
    for word in ("liardice", "random-guess", "bbn", "QTABLE", "type32", "3 5", "challenge",
                 "bluff", "exact", "per-turn", "cheat", "play A A", "honeymoon", "thesis", "2H"):
        assert word in helped
    assert main(["liardice", "--agent", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'nobody'" in err and "Traceback" not in err
    assert main(["cheat", "--games", "0"]) == 2
    assert "--games must be >= 1" in capsys.readouterr().err


def test_cli_in_process_plays_from_a_stream(capsys):
    import io

    assert main(["cheat", "--seed", "1", "--games", "1"], stdin=io.StringIO("play A\n")) == 0
    out = capsys.readouterr().out
    assert "seed 1" in out and "final score" in out


@pytest.mark.parametrize("game", ["liardice", "bluff", "cheat", "honeymoon"])
def test_every_adapter_deals_a_core_state_and_names_its_default_agent(game):
    from liarlab.core.api import State

    adapter = adapter_for(game)
    state, seat = adapter.new_game(0, np.random.default_rng(0))
    assert isinstance(state, State) and seat in (0, 1)
    assert adapter.default_agent in adapter.agents()
    checked = 0
    for _ in range(6):            # every legal move, typed as 'moves' lists it, reads back as itself
        legal = state.legal_actions()
        if state.current_player() == seat:
            obs = state.observation(seat)
            assert all(adapter.parse(adapter.move_text(a, obs), obs, legal) == a for a in legal)
            checked += 1
        state.apply_action(legal[-1] if state.current_player() == seat else legal[0])
        if state.is_terminal():
            break
    assert checked >= 1
