"""Notebook 05's Bluff-2 rule search over every opener and counting convention, the talk's game it finds, and the
claims judged on it (issue 23)."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from liarlab.bluff import rules as br
from liarlab.bluff.api import is_dyadic
from liarlab.bluff.per_turn import bluff2_per_turn_table, compare_with_printed_grid
from liarlab.papers.p05 import claims as claims05
from liarlab.papers.p05 import experiments as p05x
from liarlab.papers.p05.printed import TALK_BLUFF2

TALK_GAME = br.BluffRules(challenger_penalty="difference", bidder_penalty="difference", next_opener="challenger",
                          wild="top", bid_order="star")


def test_the_search_covers_every_opener_and_every_counting_convention():
    grids, summary = p05x.counting_variant_search(2, max_dice=1, exact_max_total=2, printed=TALK_BLUFF2)
    for method in ("per-turn", "exact"):
        part = summary[summary.method == method]
        assert len(part) == 72 and part.variant.is_unique
        combos = set(zip(part.next_opener, part.wild, part.bid_order))
        assert combos == {(o, w, b) for o in br.NEXT_OPENERS for w, b in br.COUNTINGS}
    assert set(grids.method) == {"per-turn", "exact"}


def test_the_talks_game_gives_every_printed_cell_per_turn():
    grid = bluff2_per_turn_table(2, 5, TALK_GAME)
    match = compare_with_printed_grid(grid, TALK_BLUFF2)
    assert match["cells"] == 25 and match["truncated_matches"] == 25
    assert match["max_abs_gap_pct"] < 1
    gaps = p05x.cell_gaps(grid, TALK_BLUFF2)
    assert gaps.truncates_to_print.all() and (gaps.gap_pct >= 0).all()   # the talk truncates
    # hand-checked corners: one die each is the talk's Bluff-1 N = 2 value; (2, 1) prints 89
    pct = grid.set_index(["first_dice", "second_dice"]).win_pct
    assert pct[(1, 1)] == pytest.approx(75.0)
    assert 89 <= pct[(2, 1)] < 90


def test_talk_game_picks_the_variant_that_gives_every_cell_and_says_its_rules():
    summary = pd.DataFrame({
        "method": ["per-turn", "per-turn", "per-turn", "exact"],
        "variant": ["a", "star-order:difference/difference/challenger", "c", "d"],
        "wild": ["top"] * 4, "bid_order": ["quantity", "star", "star", "quantity"],
        "challenger_penalty": ["difference"] * 4, "bidder_penalty": ["difference"] * 4,
        "next_opener": ["loser", "challenger", "opener", "loser"],
        "cells": [25] * 4, "truncated_matches": [9, 25, 25, 25], "mean_abs_gap_pct": [3.0, 0.52, 0.9, 0.0]})
    talk = p05x.talk_game(summary)
    assert talk.variant == "star-order:difference/difference/challenger"   # smaller mean gap; exact rows ignored
    words = p05x.rules_in_words(talk)
    assert "called Bluff" in words and "star order" in words and "Borg" in words
    assert p05x.talk_game(summary.assign(truncated_matches=[9, 24, 20, 25])) is None
    assert p05x.rules_of(talk) == TALK_GAME


@pytest.mark.slow
def test_no_variant_with_the_old_openers_gives_the_table():
    best = max(compare_with_printed_grid(bluff2_per_turn_table(2, 5, r), TALK_BLUFF2)["truncated_matches"]
               for r in br.all_rule_variants(countings=br.COUNTINGS, next_openers=claims05.OLD_OPENERS))
    assert best < 25


def test_the_talks_game_exact_grid_agrees_with_per_turn_where_it_must():
    exact = p05x.bluff2_certified_table(2, 2, TALK_GAME)
    per = bluff2_per_turn_table(2, 2, TALK_GAME).set_index(["first_dice", "second_dice"]).win_pct
    got = exact.set_index(["first_dice", "second_dice"])
    # one die each, N = 2: no information to carry, so per-turn is exact (75 %); certified brackets
    assert got.win_pct[(1, 1)] == pytest.approx(per[(1, 1)], abs=1e-9)
    assert (got.width <= 1e-9).all()
    # the value as a fraction and the win probability as a fraction agree
    for r in exact.itertuples():
        if r.value_fraction:
            from fractions import Fraction
            assert float(Fraction(r.win_fraction)) == pytest.approx((1 + float(Fraction(r.value_fraction))) / 2)
    assert exact.value_fraction.iloc[0] == "1/2" and exact.win_fraction.iloc[0] == "3/4"
    # not a race: the star order breaks the always-true top bid, so (2, 2) is not a power of 1/2
    from fractions import Fraction
    f22 = Fraction(got.value_fraction[(2, 2)])
    assert not is_dyadic(f22)


def _grid(values):
    return pd.DataFrame([{"first_dice": a, "second_dice": b, "win_pct": v} for (a, b), v in values.items()])


def test_bluff2_claims_judge_the_talks_game_and_keep_the_default_as_another_reading():
    printed = {k: TALK_BLUFF2[k] for k in ((1, 1), (1, 2), (2, 1), (2, 2))}
    talk_pt = _grid({k: v + 0.5 for k, v in printed.items()})
    talk_ex = _grid({(1, 1): 75.0, (1, 2): 21.9, (2, 1): 90.6, (2, 2): 69.4}).assign(width=0.0)
    default = _grid({(1, 1): 75.0, (1, 2): 25.0, (2, 1): 96.875, (2, 2): 75.0})
    search = pd.DataFrame({"method": ["per-turn", "per-turn"], "variant": ["difference/difference/loser", "t"],
                           "wild": ["top", "top"], "bid_order": ["quantity", "star"],
                           "challenger_penalty": ["difference"] * 2, "bidder_penalty": ["difference"] * 2,
                           "next_opener": ["loser", "challenger"], "cells": [4, 4], "truncated_matches": [2, 4],
                           "mean_abs_gap_pct": [3.0, 0.5]})
    run = SimpleNamespace(bluff2_per_turn=default, bluff2_exact=default.assign(width=0.0),
                          bluff2_variants=search.iloc[:1], counting=search, uniform_variants=None,
                          talk_per_turn=talk_pt, talk_exact=talk_ex, talk=pd.Series({"variant": "t"}),
                          talk_found=True, talk_race=False, counting_grids=None, kept_grids=None)
    rows = claims05.bluff2_claims(run)
    by = {r["claim"]: r for r in rows}
    cells = [r for r in rows if r["claim"].startswith("Bluff-2 N=2 first")]
    assert len(cells) == 4 and all(r["verdict"] == "reproduced" and "agrees by selection" in r["flags"] for r in cells)
    more = by["Bluff-2: holding more dice is an advantage (exact, the talk's game)"]
    fewer = by["Bluff-2: with equal dice, fewer dice favour the first player more (exact, the talk's game)"]
    assert more["kind"] == fewer["kind"] == "finding" and "agrees by selection" in fewer["flags"]
    assert fewer["verdict"] == "reproduced"
    other = [r for r in rows if "default reading" in r["claim"] and "favour" in r["claim"]]
    assert other and all(r["verdict"] == "extension" for r in other)
    assert any("would say differs" in r["note"] for r in other)   # the flat diagonal of the race
    values = by["Bluff-2 (the talk's game): the printed win % are the real game's values"]
    assert values["verdict"] == "differs" and values["cause"] == "genuine" and values["readings"]
    changes = claims05.verdict_changes(run)
    changed = set(changes.claim)
    assert "Bluff-2: some reading of the rules gives the printed table (rule search)" in changed
    assert "Bluff-2 N=2 first 2 dice vs second 1: first-player win %" in changed   # 96.9 -> 89.5
    assert "Bluff-2 N=2 first 1 dice vs second 1: first-player win %" not in changed
    assert np.all(changes["old verdict"] != changes["new verdict"])
