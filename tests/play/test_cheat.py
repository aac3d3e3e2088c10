"""Cheat at the terminal, driven through scripted standard input."""
import numpy as np
import pytest

from liarlab.cheat.game import ACCEPT, Challenge, CheatState, Play, modified_rules
from liarlab.play.cheat import CheatAdapter


def test_a_full_game_with_bad_input_first(person, play):
    who = person(["dance", "play K", "play 4 4 4 4", "play", "play A 2 3 4 5"], games=1, seed=1)
    session = play(CheatAdapter(), "d", who, seed=3)
    text = who.text
    assert "cannot play 'dance': unknown command" in text
    assert "cannot play 'play K': not a move: K is not a rank of this deck" in text
    assert "cannot play 'play 4 4 4 4': card not in your hand" in text
    assert "cannot play 'play': name the cards" in text
    assert "every play turned over" in text and "final score after 1 game" in text
    assert session.score.games == 1
    assert "Traceback" not in text


def test_too_many_cards_and_an_empty_pile_challenge():
    adapter = CheatAdapter()
    state = CheatState(np.random.default_rng(0), modified_rules(), hands=[[2, 2, 1, 0, 0], [0, 0, 1, 2, 2]],
                       first_player=0)
    obs, legal = state.observation(0), state.legal_actions()
    with pytest.raises(ValueError, match="a play is 1 to 3 cards, you named 4"):
        adapter.parse("play A A 2 2", obs, legal)
    with pytest.raises(ValueError, match="nothing to challenge: the pile is empty"):
        adapter.parse("c", obs, legal)
    assert adapter.parse("play a 2", obs, legal) == Play((1, 1, 0, 0, 0))
    assert adapter.parse("AA", obs, legal) == Play((2, 0, 0, 0, 0))
    state.apply_action(Play((0, 1, 0, 0, 0)))       # a lie: a 2 claimed as an ace
    assert adapter.parse("challenge", state.observation(1), state.legal_actions()) == Challenge(0)


def test_the_view_hides_the_opponents_cards_and_what_was_really_played():
    adapter = CheatAdapter()
    views = []
    for other, played in (([0, 0, 1, 2, 2], (0, 0, 1, 1, 0)), ([5, 0, 0, 0, 0], (2, 0, 0, 0, 0))):
        s = CheatState(np.random.default_rng(0), modified_rules(), hands=[[2, 2, 1, 0, 0], other], first_player=1)
        s.apply_action(Play(played))
        views.append(adapter.show(s.observation(0), s.legal_actions()))
        assert "puts down 2 card(s) claiming A" in adapter.describe(s, 1, Play(played), 0)
    assert views[0] == views[1]


@pytest.mark.parametrize("agent", ["a", "b", "c", "e", "f", "random", "q"])
def test_every_stage2_agent_plays_two_games(person, play, agent):
    who = person(games=2, seed=5)
    session = play(CheatAdapter(), agent, who, seed=6)
    assert session.score.games == 2
    assert who.text.count("every play turned over") == 2


def test_stage1_agents_are_not_offered():
    offered = CheatAdapter().agents()
    assert set(offered) == {"a", "b", "c", "d", "e", "f", "x", "random", "q"}


def test_end_of_input_mid_game(person, play):
    who = person(["moves"], auto=False)
    session = play(CheatAdapter(), "d", who, seed=3)
    assert "end of input: game 1 abandoned, not scored" in who.text
    assert session.score.games == 0


# ----------------------------------------------------------------------------- issue 19: what a person noticed

def test_type_d_is_described_as_it_plays():
    """Type d was offered as "always honest"; with no card of the required rank and an empty pile it lies."""
    from liarlab.core.api import make_agent

    d = make_agent("cheat", "d")
    rng = np.random.default_rng(0)
    empty_pile = CheatState(rng, modified_rules(), hands=[[0, 2, 1, 0, 0], [1, 1, 1, 1, 1]], first_player=0)
    move = d.act(empty_pile.observation(0), empty_pile.legal_actions(), rng)
    assert isinstance(move, Play) and sum(move.counts) == 1 and move.counts[0] == 0      # one card, not an ace: a lie
    with_pile = CheatState(rng, modified_rules(), hands=[[1, 1, 1, 1, 1], [0, 2, 1, 0, 0]], first_player=0)
    with_pile.apply_action(Play((1, 0, 0, 0, 0)))                                          # now a 2 is required
    assert isinstance(d.act(with_pile.observation(1), with_pile.legal_actions(), rng), Play)   # holds a 2: honest
    with_pile.apply_action(Play((0, 1, 0, 0, 0)))
    with_pile.apply_action(Play((0, 0, 1, 0, 0)))                                          # a 4 is required
    assert d.act(with_pile.observation(1), with_pile.legal_actions(), rng) == Challenge(0)
    said = CheatAdapter().agents()["d"]
    assert "always honest" not in said and "empty" in said and "lies with one card" in said


def test_the_hands_at_the_end_show_cards_not_counts():
    adapter = CheatAdapter()
    state = CheatState(np.random.default_rng(0), modified_rules(), hands=[[1, 0, 0, 0, 0], [0, 0, 0, 0, 1]],
                       first_player=0)
    state.apply_action(Play((1, 0, 0, 0, 0)))             # the person empties the hand with an ace
    end = adapter.reveal(state, 0).splitlines()[-1]
    assert end == "hands at the end: you 0 cards | opponent 1 card: 5"


def test_help_says_whether_the_last_play_can_be_challenged_as_the_rules_module_does():
    for adapter in (CheatAdapter(), CheatAdapter(rules="traditional", players=3)):
        challengeable = adapter.rules.last_play_challengeable
        text = adapter.move_help
        assert ("can still be challenged" in text) == challengeable
        assert ("cannot be challenged" in text) == (not challengeable)
    # and the rules module does what the help says: a hand-emptying play ends the modified game at once
    state = CheatState(np.random.default_rng(0), modified_rules(), hands=[[1, 0, 0, 0, 0], [0, 1, 0, 0, 0]],
                       first_player=0)
    state.apply_action(Play((1, 0, 0, 0, 0)))
    assert state.is_terminal() and state.legal_actions() == []


def _answers_at_the_prompt(who, answers):
    """The person plays on by reading the screen, and types ``answers`` at each 'another game?' prompt."""
    answers = list(answers)
    own = who._next

    def next_line():
        if who.out and who.out[-1].startswith("another game?") and answers:
            return answers.pop(0)
        return own()
    who._next = next_line
    return who


@pytest.mark.parametrize("leave", ["quit", "q", "n"])
def test_help_score_and_quit_at_the_another_game_prompt(person, play, leave):
    who = _answers_at_the_prompt(person(games=5, seed=2), ["help", "score", "maybe", leave])
    session = play(CheatAdapter(), "d", who, seed=4)
    text = who.text
    assert session.score.games == 1 and session.score.abandoned == 0
    after = text.split("another game? [Y/n]", 1)[1]
    assert "How to type a move" in after and "n, quit or q ends the session" in after
    assert "score after 1 game" in after
    assert "answer y or n (or help, score, quit)" in after
    assert text.count("another game? [Y/n]") == 4            # asked again after help, score and a bad answer
    assert text.rstrip().splitlines()[-1].startswith("final score after 1 game")


# ----------------------------------------------------------------------------- issue 16: traditional, 2 to 6 players

@pytest.mark.parametrize("players, seat, agent", [(2, 2, "d"), (3, 2, "a"), (4, 1, "random"), (6, 6, "e")])
def test_a_full_traditional_game_at_any_table_size_and_seat(person, play, players, seat, agent):
    adapter = CheatAdapter(rules="traditional", players=players, seat=seat)
    who = person(["dance", "play Z", "accept"], games=1, seed=players)
    session = play(adapter, agent, who, seed=players + 10)
    text = who.text
    assert session.score.games == 1 and "Traceback" not in text
    assert "cannot play 'dance': unknown command" in text
    assert "cannot play 'play Z': not a move: Z is not a rank" in text
    assert "cannot play 'accept': 'accept' is only for a play that emptied the previous player's hand" in text
    seats = {p for game, p, action in session.transcript}
    assert seats == set(range(players))                       # everybody played
    assert len(session.agents) == players - 1
    names = [f"player {p + 1}" for p in range(players) if p != seat - 1] if players > 2 else ["opponent"]
    for name in names:
        assert f"{name} holds" in text and name in text.split("hands at the end:")[1]
    assert "every play turned over" in text and "final score after 1 game" in text
    assert f"seat {seat}" in text


def test_traditional_accept_and_challenge_of_a_hand_emptying_play():
    adapter = CheatAdapter(rules="traditional", players=3, seat=2)
    hands = np.zeros((3, 13), dtype=int)
    hands[0, 0], hands[1, 3], hands[2, 5] = 1, 2, 2
    state = CheatState(np.random.default_rng(0), adapter.rules, hands=hands, first_player=0)
    state.apply_action(Play(tuple(hands[0])))                 # player 1 empties the hand with an ace: honest
    obs, legal = state.observation(1), state.legal_actions()
    assert "player 1's last play emptied their hand" in adapter.show(obs, legal)
    with pytest.raises(ValueError, match="emptied their hand: 'c' to challenge it or 'accept'"):
        adapter.parse("play 4", obs, legal)
    assert adapter.parse("accept", obs, legal) == ACCEPT
    assert adapter.parse("c", obs, legal) == Challenge(0)
    state.apply_action(Challenge(0))
    line = adapter.describe(state, 1, Challenge(0), 1)
    assert "you challenge player 1: the cards were A, honest; you take the pile of 1" in line
    assert "player 1 emptied a hand honestly and wins" in line and state.winner == 0


@pytest.mark.parametrize("options, message", [
    ({"rules": "modified", "players": 3}, "the modified rules are for 2 players"),
    ({"rules": "traditional", "players": 7}, "players must be"),
    ({"rules": "traditional", "players": 1}, "players must be"),
    ({"rules": "traditional", "players": 4, "seat": 5}, "seat must be"),
    ({"rules": "traditional", "players": 4, "seat": 0}, "seat must be"),
    ({"rules": "house"}, "rules must be one of"),
])
def test_bad_table_settings_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        CheatAdapter(**options)


def test_the_q_learner_is_offered_only_under_the_rules_it_learned():
    assert "q" in CheatAdapter().agents() and "q" not in CheatAdapter(rules="traditional").agents()


def test_cli_traditional_table_and_bad_options(capsys):
    import io

    from liarlab.play.cli import main

    assert main(["cheat", "--rules", "traditional", "--players", "3", "--seat", "2", "--seed", "1", "--games", "1"],
                stdin=io.StringIO("xyzzy\n")) == 0
    out = capsys.readouterr().out
    assert "traditional rules: 3 players" in out and "seat 2" in out and "player 1 holds" in out
    assert main(["cheat", "--players", "9", "--rules", "traditional"]) == 2
    assert "players must be" in capsys.readouterr().err
    assert main(["liardice", "--players", "3"]) == 2
    assert "--players applies to cheat only" in capsys.readouterr().err
