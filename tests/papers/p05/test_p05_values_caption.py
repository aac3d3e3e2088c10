"""The caption under 05's end-game value figure (issue 50): the open games are counted apart from the games with
a value, and the best game's value is said in words."""
from __future__ import annotations

import numpy as np
import pandas as pd

from liarlab.papers.p05 import endgame


def _table() -> pd.DataFrame:
    rows = [dict(a=1, b=1, faces=1, convention="normal", value=np.nan, width=np.nan, fraction=None, certified=False,
                 status="no bid: face 1 may not be named"),
            dict(a=1, b=1, faces=2, convention="joker", value=1.0, width=0.0, fraction="1", certified=True,
                 status="solved"),
            dict(a=2, b=1, faces=3, convention="normal", value=0.25, width=1e-12, fraction="1/4", certified=True,
                 status="verified"),
            dict(a=2, b=2, faces=6, convention="joker", value=np.nan, width=0.14, fraction=None, certified=False,
                 status=endgame.OPEN_STATUS + " (open: round 0, |H| = 3,596)")]
    return pd.DataFrame(rows)


def test_the_open_games_are_counted_apart_from_the_games_with_a_value():
    text = endgame.values_caption(_table())
    assert "2 games have a value (1 solved in this run, 1 verified from stored plans), each a certified fraction" in text
    assert "1 more game is open: no value, only a certified bracket" in text
    assert "open games given as certified brackets" not in text


def test_the_best_game_says_its_value_in_words():
    text = endgame.values_caption(_table())
    assert "does best in 1v1 at N = 2 under joker, a value of 1: it wins every game." in text
    assert "(1)" not in text
    table = _table()
    table.loc[1, ["value", "fraction"]] = [0.125, "1/8"]
    assert "does best in 2v1 at N = 3 under normal, a value of 1/4 (±1 units)." in endgame.values_caption(table)


def test_the_caption_says_what_to_notice_counted_from_the_games():
    """Issue 50: the end-game figures' captions had no "What to notice"; this one counts the games where the
    first mover with more dice is ahead and with fewer behind."""
    table = pd.concat([_table(), pd.DataFrame([dict(a=1, b=2, faces=3, convention="normal", value=-0.3, width=0.0,
                                                    fraction="-3/10", certified=True, status="solved")])],
                      ignore_index=True)
    text = endgame.values_caption(table)
    assert text.startswith("Figure: ")
    assert ("What to notice: beyond one face, the first mover holding more dice has a positive value in 1 of 1 "
            "games, and holding fewer a negative one in 1 of 1.") in text
    assert "+-1" not in text


def test_the_one_die_tables_give_each_column_of_ours_one_count_of_decimals():
    """Issue 50: "75" above "56.0185" and "74.9999" beside "[75.000, 75.000]" (rounded cell by cell)."""
    import re

    from liarlab.papers.p05 import figures as figures05
    from liarlab.study import tables

    one_die = pd.DataFrame({"faces": [2, 3], "histories": [16, 64], "talk_pct": [75.0, 56.01],
                            "per_turn_win": [0.75, 0.560185], "exact_win": [0.75, 0.555556], "width": [0.0, 0.0],
                            "cfr_win": [0.749999, 0.555513], "cfr_lower": [0.75, 0.55549],
                            "cfr_upper": [0.75, 0.55556], "oracle_seconds": [0.5, 0.03], "cfr_seconds": [3.66, 0.01]})
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", tables.table_html(figures05.one_die_view(one_die)))
    assert "75.000" in cells and "56.019" in cells and "74.9999" not in cells, cells


def test_the_first_screen_answers_how_the_first_players_chance_moves_with_the_faces():
    """Issue 50: the question's second half was answered for Liar's Dice alone on the first screen."""
    from liarlab.papers.p05 import figures as figures05

    ld1 = pd.DataFrame({"faces": [1, 2, 6, 100], "first_player_win": [1.0, 0.75, 41 / 60, 0.6353]})
    bluff1 = pd.DataFrame({"faces": [2, 4, 20], "win_pct": [75.0, 53.84, 61.98]})
    one_die = pd.DataFrame({"faces": [2, 5, 6, 10], "exact_win": [0.75, 0.504, 0.4864, 0.4758]})
    text = figures05.first_screen(ld1, bluff1, one_die)
    assert "from 75.00 % at N = 2 to 63.53 % at N = 100, above 50 % for every N." in text
    assert "falls to 53.84 % at N = 4 and rises again to 61.98 % at N = 20" in text
    assert "47.58 % at N = 10, below 50 % from N = 6 on: in the real game the second player is favoured" in text
    # a larger N back above 50 % is not "below from N = 6 on"
    back = pd.concat([one_die, pd.DataFrame({"faces": [11], "exact_win": [0.51]})], ignore_index=True)
    assert "below 50 % from" not in figures05.first_screen(ld1, bluff1, back)


def test_the_bluff1_table_shows_our_utility_and_win_at_one_count_of_decimals_each():
    import re

    from liarlab.papers.p05 import figures as figures05
    from liarlab.study import tables

    bluff1 = pd.DataFrame({"faces": [3, 4], "utility": [0.1203703704, 0.07688], "win_pct": [56.01851852, 53.84],
                           "utility_trunc": [0.12, 0.07], "win_pct_trunc": [56.01, 53.84]})
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", tables.table_html(figures05.bluff1_view(bluff1)))
    assert cells[:5] == ["3", "0.1204", "56.02", "0.12", "56.01"], cells
    assert "0.0769" in cells and "0.07688" not in cells
