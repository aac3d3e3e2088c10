"""Notebook 05's claims builder under the verdict protocol: degenerate grids, truncation, the race diagnostic."""

import pandas as pd

from liarlab.papers.p05 import claims as claims05
from liarlab.papers.p05 import experiments as p05x
from liarlab.papers.p05 import ledger as ledger05


def _grid(values):
    return pd.DataFrame([{"first_dice": a, "second_dice": b, "win_pct": v} for (a, b), v in values.items()])


def test_no_cause_is_typed_anywhere_in_p05():
    """Issue 36: every cause follows from readings rows; no p05 module or notebook-05 cell types one."""
    import json
    import re
    from pathlib import Path

    package = Path(claims05.__file__).parent
    typed = re.compile(r"\bcause\s*=|[\"']cause[\"']\s*:")
    for path in sorted(package.glob("*.py")):
        assert not typed.search(path.read_text()), f"{path.name} types a cause"
    notebook = package.parents[2] / "notebooks" / "05_nface_liars_dice_bluff.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code":
            assert not typed.search(source), "a notebook 05 cell types a cause"


def test_trend_claims_on_a_degenerate_grid():
    grid = _grid({(1, 1): 75, (1, 2): 25, (2, 1): 90, (2, 2): 72})
    more, diagonal = claims05.bluff2_trend_claims(grid, "test", degenerate=True)
    # "more dice" cannot fail in a race: a check, not evidence; the diagonal can fail, so it stays a finding
    assert more["kind"] == "check" and "not evidence" in more["note"] and more["verdict"] == "reproduced"
    assert diagonal["kind"] == "finding" and "race" in diagonal["note"] and diagonal["verdict"] == "reproduced"
    tie = claims05.bluff2_trend_claims(_grid({(1, 1): 75, (1, 2): 25, (2, 1): 90, (2, 2): 75}), "t", True)[1]
    assert tie["verdict"] == "differs"  # an exact tie is not a fall
    rows = claims05.bluff2_trend_claims(_grid({(1, 1): 75, (1, 2): 80, (2, 1): 90, (2, 2): 76}), "t")
    assert rows[0]["kind"] == "finding" and rows[0]["verdict"] == "differs" and rows[1]["verdict"] == "differs"


def test_race_diagnostic_on_the_printed_table():
    from liarlab.papers.p05.printed import TALK_BLUFF2

    diag = p05x.race_diagnostic(_grid(TALK_BLUFF2)).set_index(["first_dice", "second_dice"])
    assert diag.loc[(1, 2), "gap"] == 0           # 25 = 100 - 75
    assert diag.loc[(3, 4), "gap"] == 0           # 31 = 100 - 69
    assert diag.loc[(4, 5), "gap"] == 1           # 33 vs 100 - 68: off the race pattern


def test_ledger_has_every_spec_code_and_says_why_when_reduced():
    rows = ledger05.coverage_rows(ld_max_faces=20, n_games=1000, ld_expl_faces=list(range(2, 11)) + [20],
                                  bluff1_max_faces=20, exact_max_faces=6, one_die_faces=[2, 3, 4, 5, 6, 7, 8],
                                  one_die_exact_faces=[2, 3, 4, 5, 6], bluff2_max_dice=5, bluff2_exact_cells=25,
                                  bluff2_exact_width=0.0, variant_rows=48, counting_exact_max_total=5, r2_done=True,
                                  star_faces=[2, 3, 4, 5, 6])
    assert [r["code"] for r in rows] == [f"E{i}" for i in range(1, 11)]
    status = {r["code"]: r["status"] for r in rows}
    assert status["E1"] == "reduced" and status["E9"] == "full" and status["E6"] == "reduced"
    assert all(r["why"] for r in rows if r["status"] != "full")
    kept = dict(ld_max_faces=100, n_games=10**8, ld_expl_faces=list(range(2, 11)) + [20], bluff1_max_faces=20,
                exact_max_faces=6, one_die_faces=[2, 3], one_die_exact_faces=[2, 3, 4, 5, 6, 7, 8], bluff2_max_dice=5,
                bluff2_exact_cells=25, bluff2_exact_width=0.0, variant_rows=48, counting_exact_max_total=6,
                r2_done=True, star_faces=[2, 3, 4, 5, 6])
    e9 = {r["code"]: r for r in ledger05.coverage_rows(**kept, kept_cells={"star-order:one/one/bidder": 25})}["E9"]
    assert e9["status"] == "full" and "star-order:one/one/bidder: 25 cells" in e9["run_size"]
    e9 = {r["code"]: r for r in ledger05.coverage_rows(**kept, kept_cells={"no-wild:one/one/loser": 15})}["E9"]
    assert e9["status"] == "reduced" and e9["why"]


def test_one_fact_is_one_finding_utility_and_the_comparisons_talk_value_restate_the_win_percent():
    """Issue 49: the Bluff-1 utility is 2 x the win fraction - 1 and the comparison table's 'this talk's win %' is
    the table's own per-turn value again: each pair is one finding (the win % row); the restating rows stay visible
    as checks that name it, and the scorecard counts them as restated facts."""
    from liarlab.study import answer

    faces = [n for n in claims05.TALK_BLUFF1 if n <= 4]
    util = {n: 2 * claims05.TALK_BLUFF1[n][1] / 100 - 1 for n in faces}
    frame = pd.DataFrame({"faces": faces, "utility": [util[n] for n in faces],
                          "win_pct": [claims05.TALK_BLUFF1[n][1] for n in faces]})
    rows = claims05.bluff1_claims(frame)
    findings = [r for r in rows if r["kind"] == "finding"]
    checks = [r for r in rows if r["kind"] == "check"]
    assert [r["claim"] for r in findings] == [claims05.win_pct_claim(n) for n in faces]
    assert len(checks) == len(faces) and all("utility" in r["claim"] for r in checks)
    for n, r in zip(faces, checks):
        assert f"restates the finding '{claims05.win_pct_claim(n)}'" in r["note"]
        assert answer.check_kind(r) == "restated"


def test_the_comparison_tables_talk_value_is_a_restated_check():
    from types import SimpleNamespace

    from liarlab.study import answer

    r = SimpleNamespace(faces=3, per_turn_claimed_win=0.5601851851851851, exact_win=0.5526, per_turn_self_play_win=0.55,
                        per_turn_mean_gain=0.01, exact_mean_gain=0.0)
    rows = {x["claim"]: x for x in claims05._comparison_rows(r)}
    talk = rows["Bluff-1 comparison N=3: this talk's win % (per-turn)"]
    assert talk["kind"] == "check" and answer.check_kind(talk) == "restated"
    assert claims05.win_pct_claim(3) in talk["note"]
    assert rows["Bluff-1 comparison N=3: prior work (Lanctot & Long 2007) win %"]["kind"] == "finding"
