"""Notebook 06's section prose (issue 50): a size on the page is this run's, with the full profile's beside it."""
from __future__ import annotations

from liarlab.papers.p06 import prose
from liarlab.papers.p06.params import PARAMS


def test_a_size_is_the_runs_own_with_the_full_profiles_beside_it():
    quick, full = PARAMS.sizes("quick"), PARAMS.sizes("full")
    assert prose.sized(quick, "league_games", "{} games") == "40 games in this run (200 in the full profile)"
    assert prose.sized(full, "league_games", "{} games") == "200 games"
    assert prose.sized(quick, "ismcts_budgets", "{}") == "10 and 30 in this run (10, 30, 100 and 300 in the full profile)"


def test_the_sections_never_state_a_size_the_run_did_not_use():
    quick = PARAMS.sizes("quick")
    text = prose.league_words(quick) + prose.learner_words(quick)
    assert "Every pair plays 40 games in this run (200 in the full profile)" in text
    assert "200 games" not in text


def test_the_games_left_out_are_named():
    assert prose.games_words(PARAMS.sizes("quick")) == ("This run plays 1v1 and 2v1 only; 1v2 and 2v2 are left out "
                                                        "(the coverage ledger at the end says why).")
    assert prose.games_words(PARAMS.sizes("full")) == "This run plays every end game: 1v1, 2v1, 1v2 and 2v2."


def test_the_missing_experiments_are_named_outside_the_folded_ledger():
    import pandas as pd

    from liarlab.papers.p06 import ledger

    frame = pd.DataFrame(dict(code=["A1", "A3"], title=["End game 1v1", "End game 2v2 at six faces"],
                              status=["reduced", "missing"],
                              why=["", "not among this run's games (the quick profile plays one die)"]))
    # a fresh reader: the codes (A5, A9) were never defined on the page; the line says what they are
    assert ledger.missing_words(frame) == ("**Missing (1)** of the coverage ledger's experiments (codes such as A3: the "
                                           "experiments this extension set itself, one a ledger row): A3, end game "
                                           "2v2 at six faces (not among this run's games).")
    assert ledger.missing_words(frame.head(1)) == ""


def test_the_test_programs_played_are_named_with_their_traits():
    text = prose.test_programs_words(PARAMS.sizes("quick"))
    assert text.startswith("Test programs played: in the one-die game 1, 16, 17 and 32 in this run (1 to 32 in the "
                           "full profile)")
    assert "program 16: liar, suspicious, low cap, strong, prefers challenge" in text
    assert "Their traits" not in prose.test_programs_words(PARAMS.sizes("full"))  # 32 programs: no list
