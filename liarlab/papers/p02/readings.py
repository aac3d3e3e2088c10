"""Notebook 02's readings: every open point of the report behind a claim family, run as code (issue 36).

Each family that can differ (Figs 5-1 to 5-18, Fig 6-1, Table 5-1) declares its readings here: a name, what it
assumes in one sentence, and where the report or its spec supports it (:class:`liarlab.core.readings.Reading`).
The open points were listed from the spec's "Open questions and ambiguities" (section 7) and the report's own
wording before any verdict was read; each is either *run* (the claim judged by the claims row's own rule, on
results the notebook computed) or *not run* with the one sentence that says why. :func:`rows` returns them all;
:func:`liarlab.papers.p02.claims.with_readings` attaches them to the claims rows, whose causes then follow from
them by the protocol's one rule (:func:`liarlab.core.verdicts.cause`): nothing here names a cause.

Some readings need games the notebook does not otherwise play: EXP1-EXP3's forced-hand games under the other
honestAction reading (Figs 5-15 and 5-17), which :func:`other_fallback_games` plays once, cached (a few seconds at
full size); and the three-player games with EXP0 under a wider window (spec 7.1, Figs 5-3 and 5-6), which
:func:`exp0_window_games` plays once, cached (about a second). Readings of the trained tables under the other
honestAction reading would retrain every table trained against EXP1-EXP3; they are not run (see
:data:`TABLES_OTHER`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.papers.p02 import claims as C
from liarlab.papers.p02 import experiments as ex
from liarlab.papers.p02 import table_readings as TR
from liarlab.papers.p02.results import Results

#: the families whose rows are findings that can differ
FAMILIES = ("Fig 5-1", "Fig 5-2", "Fig 5-3", "Fig 5-4", "Fig 5-5", "Fig 5-6", "Fig 5-7", "Fig 5-8", "Fig 5-9",
            "Fig 5-10", "Fig 5-11", "Fig 5-12", "Fig 5-14", "Fig 5-15", "Fig 5-16", "Fig 5-17", "Fig 5-18",
            "Fig 6-1", "Table 5-1")

SPEC = "spec section 7"


def _other(fallback: str) -> str:
    return next(fb for fb in C.READINGS if fb != fallback)


def _honest(fallback: str, margin: int | None = 3, default: bool = False) -> R.Reading:
    what = {"smallest": "the smallest honest bid, else the smallest legal bid",
            "best_face_plus_one": "the smallest honest bid, else [mf, m+1] when legal"}[fallback]
    name = f"honestAction {fallback}" + (f", margin {margin}" if margin else "")
    return R.Reading(name, f"EXP1-EXP3's unshown honestAction is {what}"
                     + (f"; three players challenge with a margin of {margin}" if margin else ""),
                     "spec 7.3 (honestAction not shown)" + ("; 7.2 (margin 3 from the text, 2 from the code)"
                                                            if margin else ""), default)


AS_JUDGED = R.Reading("as judged", "the claims row's own reading: the report's rule and sizes as the spec sets "
                      "them (canonical choices of spec section 7)", "the spec's canonical choices", default=True)

TABLES_OTHER = R.Reading(
    "tables under the other honestAction", "every table trained against EXP1-EXP3 retrained, and the rules "
    "evaluated, under the other honestAction reading", "spec 7.3")
TABLES_OTHER_WHY = R.Unbuilt("it needs this family's tables trained against EXP1-EXP3 retrained and re-evaluated "
                            "under the other reading (about 0.1 s a table at full size; built for Fig 5-5's RL rows, "
                            "Fig 5-7's RL03, RL0123 and RL-random rows: p02.table_readings), not yet for this "
                            "family; the tables use the reading the EXP-only games chose")
UNIFORM_FORCED = R.Reading(
    "forced hand uniform over its class", "a forced side draws uniformly among all hands whose largest "
    "multiplicity is s (s = 3 may be a full house)", "spec 7.13")
UNIFORM_WHY = R.Unbuilt("the engine deals only the report's pattern (s of one face, the rest all different): engine "
                        "work (a dealer uniform over the class in the compiled forced-hand games), then the forced "
                        "games replayed, about a CPU minute at full size")
GREEDY = R.Reading("greedy evaluation", "frozen tables evaluated without exploration (epsilon 0)", "spec 7.6")
HALVES = R.Reading("seat halves in training", "training seats in two equal halves instead of rotating every "
                   "game", "spec 7.5")
HALVES_WHY = R.Unbuilt("built for two-player tables only (p02.table_readings, about 0.15 CPU s a table: Figs 5-5, "
                       "5-7, 5-8, Table 5-1); Fig 5-9's tables are three-player, so seat thirds need a three-player "
                       "variant of table_readings.train_variant and the four three-player tables of every seed "
                       "retrained (a few CPU seconds at full size)")


# The three-player game's open points (spec 7.1: the report does not show its three-player code, "大同小異", much
# the same as the two-player code). Each is a reading of every three-player family it touches: Figs 5-3 and 5-6
# (three EXP rules) and Fig 5-9 (RL0 trained and tested against two EXP0).
THREE_TURNS = R.Reading("turns other than P1, P2, P3 with P1 opening", "the three-player game runs its turns in "
                        "another order or another player opens", "spec 7.1 (cyclic turns with P1 opening assumed)")
THREE_TURNS_WHY = ("the report numbers the players by their place in the turn (順位) and has the first to play open "
                   "(第一位輪到的玩家 A 必須執行「叫牌」; A, B, C play in turn), so P1 opens and P2, P3 follow by "
                   "definition: another order only renames the seats")
THREE_SETTLE = R.Reading("a challenge settled between other players", "a three-player challenge is decided between "
                         "other players than the challenger and the bidder just before", "spec 7.1 (settled "
                         "between the challenger and the immediately preceding bidder assumed)")
THREE_SETTLE_WHY = ("only the standing bid can be challenged and it is always the preceding player's (turns cycle "
                    "and every bid raises the last); the report settles it between the challenger and that bidder "
                    "(若不符合玩家 A 所猜測，則玩家 A 落敗): no second reading exists")
THREE_NOT_LOST = R.Reading("games not lost count as won", "a three-player game has one loser and both other players "
                           "count it as won", "spec 7.1 (reward 1 for the winner and 0 for both others assumed); the "
                           "report's rules name only a loser (落敗)")
THREE_NOT_LOST_WHY = ("the report's three-player baseline is 33.33 % (三人賽局為 33.33%), one winner a game; counting "
                      "games not lost would put it at two thirds, so its win rates are not such counts")
THREE_HANDS = R.Reading("another three-player hand generator", "the third player's hand is dealt otherwise than by "
                        "the report's generator with same_p3", "spec 7.1 (hand generation with same_p3 assumed)")
THREE_HANDS_WHY = ("these games deal every player five independent uniform dice (same_p = 0, the generator's normal "
                   "game), and the report names no other three-player deal: no second reading exists")
THREE_UPDATE = R.Reading("no update for the third player", "a learning table that neither made nor challenged the "
                         "last bid gets no reward update (only the two in the showdown learn)",
                         "spec 7.1 (reward 1 for the winner and 0 for both others assumed: the third player's "
                         "entries are pulled toward 0)")
THREE_UPDATE_WHY = R.Unbuilt("the compiled engine gives the learner the penalty whenever it does not win; another "
                             "update for the third player needs a switch in the engine and the four three-player "
                             "tables of every seed retrained")
#: EXP0's window read with the bid ladder: the two-player code's six of 60 bids is nine of the three-player 90
THREE_WINDOW = 9
EXP0_WINDOW = R.Reading(f"EXP0 window of {THREE_WINDOW} actions (six scaled with the ladder)",
                        f"with three players EXP0 draws its bid from the {THREE_WINDOW} smallest legal actions, the "
                        "two-player code's six of 60 bids scaled to the 90 of three players",
                        "spec 7.1 (EXP0 still using the 6-action window assumed); the report: 從此狀況下個數較小的幾種"
                        "喊牌裡隨機選擇一種 (one of a few bids of the smallest counts)")
EXP0_WINDOW_WHY = R.Unbuilt("the three-player games under this window were not played in this call")
EXP0_WINDOW_TABLES = R.Unbuilt("Fig 5-9's tables were trained against EXP0 with the six-action window; the wider "
                               "window would retrain the four three-player tables of every seed")
#: the three-player families
THREE_FAMILIES = ("Fig 5-3", "Fig 5-6", "Fig 5-9")


def three_player_rows(fam: str, claim: str, window_games: pd.DataFrame | None = None,
                      fallback: str = "smallest") -> list[dict]:
    """The readings of spec 7.1's three-player assumptions for one claim of a three-player family (none for
    another family): cannot be run (the report fixes them or no second reading exists), run, or not built (a switch
    the engine lacks). EXP0's window is a reading only where EXP0 plays (Fig 5-3's mixes, Fig 5-6's EXP0 rows, Fig
    5-9): run on ``window_games`` (:func:`exp0_window_games`, margin 3 under honestAction ``fallback``) for Figs 5-3
    and 5-6, not built for Fig 5-9's trained tables; the third player's update only where a table learns (Fig
    5-9)."""
    if fam not in THREE_FAMILIES:
        return []
    out = [R.not_run(fam, claim, THREE_TURNS, THREE_TURNS_WHY), R.not_run(fam, claim, THREE_SETTLE, THREE_SETTLE_WHY),
           R.not_run(fam, claim, THREE_NOT_LOST, THREE_NOT_LOST_WHY),
           R.not_run(fam, claim, THREE_HANDS, THREE_HANDS_WHY)]
    if fam == "Fig 5-9":
        out += [R.skipped(fam, claim, THREE_UPDATE, THREE_UPDATE_WHY),
                R.skipped(fam, claim, EXP0_WINDOW, EXP0_WINDOW_TABLES)]
    elif fam == "Fig 5-3" or claim.startswith("EXP0"):
        r = None
        if window_games is not None:
            built = (C.fig_5_3 if fam == "Fig 5-3" else C.fig_5_6)(window_games, fallback)
            r = _run_from(fam, claim, EXP0_WINDOW, built, "games of the pilot size, on the same streams as the "
                          "six-action games")
        out.append(r if r is not None else R.skipped(fam, claim, EXP0_WINDOW, EXP0_WINDOW_WHY))
    return out


#: the type pairs of the three-player games EXP0 plays in: Fig 5-3's two mixes and Fig 5-6's three EXP0
EXP0_THREE_PAIRS = (("EXP0", "EXP1"), ("EXP1", "EXP0"), ("EXP0", "EXP0"))


def exp0_window_games(fixed_games: int, seed: int, fallback: str, window: int = THREE_WINDOW) -> pd.DataFrame:
    """Figs 5-3 and 5-6's games with EXP0 (:data:`EXP0_THREE_PAIRS`) under an EXP0 window of ``window`` actions:
    fixed agents, margin 3, honestAction ``fallback``, the notebook's own game size and streams."""
    setup = ex.Setup(fixed_games=fixed_games, seed=seed, fallback=fallback)
    return ex.three_player(setup, fallbacks=(fallback,), margins=(3,), only=EXP0_THREE_PAIRS, window=window)


@dataclass
class Inputs:
    """What the readings are computed from: the honestAction choice (every EXP statement under both readings
    and both margins), the notebook's results, and the extra games of :func:`other_fallback_games`,
    :func:`greedy_sequences` and :func:`exp0_window_games` (None: not played)."""
    reading: C.Reading
    results: Results
    other: dict | None = None
    greedy_seq: pd.DataFrame | None = None
    window_three: pd.DataFrame | None = None
    setup: ex.Setup | None = None     # the run's sizes: the retrained-table readings (:mod:`.table_readings`)


def other_fallback_games(stage_games: int, eval_games: int, fixed_games: int, seed: int, fallback: str) -> dict:
    """EXP1-EXP3's forced-hand games (Fig 5-15) and EXP1's forced grid (Fig 5-17) under honestAction reading
    ``fallback``: fixed agents, the sizes of the notebook's own games."""
    setup = ex.Setup(stage_games=stage_games, eval_games=eval_games, fixed_games=fixed_games, seed=seed,
                     fallback=fallback)
    return {"forced_exp": ex.forced_exp(setup), "grid": ex.forced_grid(setup, rl_names=(), exp_names=("EXP1",))}


def play_other(setup: ex.Setup, fallback: str) -> dict:
    """:func:`other_fallback_games` for the setup's sizes, from the run's cache when it ran before."""
    from liarlab.study import cache

    return cache.cached_call(other_fallback_games, setup.stage_games, setup.eval_games, setup.fixed_games,
                             setup.seed, _other(fallback))


#: the trained tables of Fig 5-7 whose rows name them: evaluated greedily for the "greedy evaluation" reading
NAMED_SEQUENCES = ("RL03", "RL0123", "RL-random", "RL-random-game")


def greedy_sequences(setup: ex.Setup) -> pd.DataFrame:
    """Fig 5-7's named models against every rule with epsilon 0 (tables from the run's cache)."""
    return ex.rl_vs_exp(setup, list(NAMED_SEQUENCES), epsilons=(0.0,))


# ----------------------------------------------------------------------------------------------------- helpers

def _by_claim(rows) -> dict:
    return {r["claim"]: r for r in rows}


def _run_row(family, claim, reading, row) -> dict:
    return R.run(family, claim, reading, row.est, row.judgement)


def _run_from(family, claim, reading, built: list, note: str = "") -> dict | None:
    """The run row of ``claim`` among rows ``built`` under a reading (None when that reading has no such row)."""
    r = _by_claim(built).get(claim)
    if r is None or r.judgement is None or r.judgement.verdict not in R.RUN:
        return None
    return R.run(family, claim, reading, r.est, r.judgement, note)


# ---------------------------------------------------------------------------------------------------- families

def _exp(row, inp: Inputs) -> list[dict]:
    """Figs 5-2, 5-3, 5-5 (EXP rows), 5-6: both honestAction readings; three-player rows also at margin 2 and
    under spec 7.1's three-player assumptions (:func:`three_player_rows`)."""
    fam, claim = row["family"], row["claim"]
    chosen = inp.reading.fallback
    three = fam in ("Fig 5-3", "Fig 5-6")
    out = [_run_row(fam, claim, _honest(chosen, 3 if three else None, True), row)]
    readings = [(fb, 3) for fb in C.READINGS if fb != chosen]
    if three:
        readings += [(fb, 2) for fb in C.READINGS]
    for fb, margin in readings:
        built = inp.reading.by_reading[fb] if margin == 3 else inp.reading.margin2[fb]
        r = _run_from(fam, claim, _honest(fb, margin if three else None), built,
                      "games of the pilot size (the claims row may rest on a confirmatory sample)")
        if r is not None:
            out.append(r)
    return out + three_player_rows(fam, claim, inp.window_three, chosen)


def _fig_5_1(row, inp):
    fam, claim = row["family"], row["claim"]
    vs = inp.results.vs_rand
    players = list(dict.fromkeys(vs.player))
    lvl = C._lvl(len(players))
    js = [V.direction(C.est(vs, lvl, player=p), ">", 0.5) for p in players]
    j = V.all_of(js, "each of EXP0-3 and RL0-3 above 50%")
    low = min((C.est(vs, lvl, player=p) for p in players), key=lambda e: e.low)
    better = R.Reading("'far better' as better", "'far better' read as any edge over 50 % (not a large one)",
                       "the report's wording, 遠優於 (far better) without a size")
    return [_run_row(fam, claim, R.Reading("'far better' as large", "'far better' read as the word 'large': an edge "
                                           "of at least 10 points over 50 %", "the study's word table", True), row),
            R.run(fam, claim, better, low, j),
            R.not_built(fam, claim, TABLES_OTHER, TABLES_OTHER_WHY)]


def _fig_5_4(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    r = _run_from(fam, claim, GREEDY, C.fig_5_4(inp.results.rl_exp, 0.0))
    return out + ([r] if r else []) + [R.not_built(fam, claim, TABLES_OTHER, TABLES_OTHER_WHY)]


def _fig_5_5_rl(row, inp):
    """Fig 5-5's RL self-play rows: greedy copies and the three retrained-table readings (issue 49), each judged on
    the tables the row rests on (its pilot's seeds, or its confirmatory sample's)."""
    fam, claim = row["family"], row["claim"]
    name = claim.split(":")[0]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    if inp.setup is None:
        return out + [R.not_built(fam, claim, GREEDY, NO_SETUP), R.not_built(fam, claim, TABLES_OTHER, NO_SETUP),
                      R.not_built(fam, claim, SHUFFLED, NO_SETUP), R.not_built(fam, claim, HALVES, NO_SETUP)]
    seeds = TR.seeds_of(row, inp.setup)
    note = f"{len(seeds)} tables, the training seeds of the claims row"
    for reading, variant in ((GREEDY, TR.GREEDY), (TABLES_OTHER, TR.OTHER), (SHUFFLED, TR.SHUFFLED),
                             (HALVES, TR.HALVES)):
        frame = TR.cached_frames(inp.setup, "self_play", (name,), seeds, variant)
        r = _run_from(fam, claim, reading, C.fig_5_5_rl(frame), note)
        out.append(r if r is not None else R.not_built(fam, claim, reading, "the reading's self-play rows give no "
                                                                            "row for this claim"))
    return out


#: why a retrained-table reading was not run: the call gave no setup (tests, or a notebook that passes none)
NO_SETUP = R.Unbuilt("this call was given no setup to retrain the tables with (p02.readings.inputs gives one)")
#: Fig 5-7's claims whose tables the retrained-table readings rebuild (the sentence of seed 001 l.470)
RETRAINED_5_7 = ("RL03", "RL0123", "RL-random")


def _fig_5_7_retrained(row, inp) -> list[dict]:
    """The three retrained-table readings of a Fig 5-7 claim about RL03, RL0123 or RL-random (run on the seeds the
    row rests on), not built for the other Fig 5-7 claims (they range over all 23 models)."""
    fam, claim = row["family"], row["claim"]
    named = [m for m in RETRAINED_5_7 if claim.startswith(m + " ")]
    readings = ((TABLES_OTHER, TR.OTHER), (SHUFFLED, TR.SHUFFLED), (HALVES, TR.HALVES))
    if not named or inp.setup is None:
        why = NO_SETUP if named else R.Unbuilt("the claim ranges over all 23 sequence models, each retrained under "
                                               "the reading (about 40 CPU s a reading at full size)")
        return [R.not_built(fam, claim, reading, why) for reading, _ in readings]
    out = []
    seeds = TR.seeds_of(row, inp.setup)
    for reading, variant in readings:
        frame = TR.cached_frames(inp.setup, "vs_exp", (named[0],), seeds, variant)
        r = _run_from(fam, claim, reading, C.fig_5_7(frame), f"{len(seeds)} tables of each model, retrained")
        out.append(r if r is not None else R.not_built(fam, claim, reading, "the reading's games give no row for "
                                                                            "this claim"))
    return out


SIMILAR = R.Reading("EXP1-EXP3 alike", "an earlier EXP counts as 'earlier' only when it is not of the same kind as "
                    "the last one (EXP0 against EXP1-EXP3), since the report says EXP1-EXP3 give similar results",
                    "the report: 因 EXP1~EXP3 性質接近，故勝率會呈現相近的結果 (EXP1-EXP3 are alike, so their win rates "
                    "are alike)")
PER_GAME = R.Reading("RL-random per game", "RL-random draws one EXP rule per game instead of per decision",
                     "spec 7.8; the report: 以相等機率隨機選取 EXP (an EXP chosen at random with equal probability)")


def _earlier_alike(seq: pd.DataFrame, epsilon: float = 0.1):
    s = seq[seq.epsilon == epsilon]
    multi = [m for m in dict.fromkeys(s.model) if m.removeprefix("RL").isdigit() and len(m) > 3]
    cells = [(m, d) for m in multi for d in sorted(set(m[2:-1]) - {m[-1]}) if (d == "0") != (m[-1] == "0")]
    lvl = C._lvl(len(cells))
    # judged as the claims row is: one trained table per model (C.ONE_TABLE, issue 49 item 4)
    js = [C._one_table(V.direction(C.est_one(s, lvl, model=m, opponent=f"EXP{d}"), "<", 0.5)) for m, d in cells]
    sh = V.share(js)
    return sh, V.word("mostly", sh), len(cells)


def _fig_5_7(row, inp):
    fam, claim = row["family"], row["claim"]
    seq = inp.results.sequential
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    if claim == "and disadvantaged against EXPs it trained on earlier":
        sh, j, n = _earlier_alike(seq)
        out.append(R.run(fam, claim, SIMILAR, sh, j, f"{C.ONE_TABLE} of each model; share of the {n} (model, "
                         "earlier EXP) cells of the other kind than the last EXP that lie below 50%"))
    if claim == "RL-random is advantaged against all four EXPs" and (seq.model == "RL-random-game").any():
        swapped = seq[seq.model != "RL-random"].replace({"model": {"RL-random-game": "RL-random"}})
        r = _run_from(fam, claim, PER_GAME, C.fig_5_7(swapped))
        out += [r] if r else []
    if inp.greedy_seq is not None and any(m in claim for m in ("RL03", "RL0123", "RL-random")):
        g = inp.greedy_seq.assign(epsilon=0.1)      # fig_5_7 reads the rows it is given
        r = _run_from(fam, claim, GREEDY, C.fig_5_7(g[g.model != "RL-random-game"]))
        out += [r] if r else []
    return out + _fig_5_7_retrained(row, inp)


SHUFFLED = R.Reading("ties shuffled", "the table breaks ties between equal values at random (the code's do_shuffle "
                     "option) instead of taking the last action", "the report's code (do_shuffle)")
SHUFFLED_ONLY_P2 = ("the shuffled-ties table was trained only as P2 against EXP0 (Fig 5-8); no other table was "
                    "trained with shuffled ties")


def _trained_elsewhere(fam, claim) -> list[dict]:
    """The two training readings every claim on a trained table shares with Fig 5-8 (spec section 3 and 7.5):
    shuffled ties and seat halves, not built for tables other than Fig 5-8's (issue 36: siblings declare the
    same readings)."""
    return [R.not_built(fam, claim, SHUFFLED, SHUFFLED_ONLY_P2), R.not_built(fam, claim, HALVES, HALVES_WHY)]


NOT_LARGE = R.Reading("'差距不大' as not a large difference", "the report's 差距不大 (the gap is not large) read as "
                      "the complement of the word 'large': a difference within ±10 points, not the ±2 points of "
                      "'barely changes'", "the report's wording for Fig 5-8 (固定後手訓練的 RL0 作為後手的勝率差距不大); "
                      "the protocol's word 'large'")
#: Fig 5-8's two claims the report words 差距不大 (the seat the table was trained in)
NOT_LARGE_CLAIMS = ("trained as P1: win rate as P1 barely changes", "trained as P2: win rate as P2 barely changes")


def not_large(est: V.Estimate) -> V.Judgement:
    """'Not a large difference': inside the complement of the word 'large' (|Δ| below its lower bound)."""
    large = V.WORDS["large"][1]
    return V.magnitude(est, -large, large, f"not a large difference (within ±{large:g}, the complement of the word "
                       "'large')", span=2.0, reference=0.0)


def _fig_5_8(row, inp):
    fam, claim = row["family"], row["claim"]
    f2 = inp.results.fixed2
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    if (f2.epsilon == 0.0).any():
        r = _run_from(fam, claim, GREEDY, C.fig_5_8(f2, 0.0))
        out += [r] if r else []
    if claim in NOT_LARGE_CLAIMS and getattr(row, "est", None) is not None:
        out.append(R.run(fam, claim, NOT_LARGE, row.est, not_large(row.est)))
    if "trained as P2" in claim and (f2.trained == "P2 only, shuffled ties").any():
        sh = f2[f2.trained != "P2 only"].replace({"trained": {"P2 only, shuffled ties": "P2 only"}})
        r = _run_from(fam, claim, SHUFFLED, C.fig_5_8(sh, inp.results.epsilon))
        out += [r] if r else []
    else:
        out.append(R.not_built(fam, claim, SHUFFLED, "the shuffled-ties table was trained only as P2"))
    return out + [_fig_5_8_halves(row, inp)]


def _fig_5_8_halves(row, inp) -> dict:
    """Seat halves for a Fig 5-8 claim (issue 49): the rotating-seat reference RL0 retrained in two halves (as P1,
    then as P2) on the seeds the row rests on, the one-seat tables the run's own, judged by the row's own rule."""
    fam, claim = row["family"], row["claim"]
    if inp.setup is None:
        return R.not_built(fam, claim, HALVES, NO_SETUP)
    seeds = TR.seeds_of(row, inp.setup)
    frame = TR.cached_frames(inp.setup, "fixed2", ("RL0",), seeds, TR.HALVES)
    r = _run_from(fam, claim, HALVES, C.fig_5_8(frame, inp.setup.epsilon_eval),
                  f"{len(seeds)} reference tables trained in halves, the training seeds of the claims row")
    return r if r is not None else R.not_built(fam, claim, HALVES, "the reading's games give no row for this claim")


def _fig_5_9(row, inp):
    fam, claim = row["family"], row["claim"]
    return [_run_row(fam, claim, AS_JUDGED, row),
            R.not_built(fam, claim, R.Reading("EXP0 margin 2", "the two EXP0 opponents challenge with the code's "
                                            "margin 2", "spec 7.2"),
                      "EXP0's three-player rule has no honestAction and its tables were trained with margin 3 only; "
                      "margin 2 would retrain the four three-player tables of every seed"),
            R.not_built(fam, claim, HALVES, HALVES_WHY)] + three_player_rows(fam, claim)


TRAINING_RATE = R.Reading("training-block win rate", "the win rate read from the training games of the last "
                          "tenth of the stage (with the table still learning), not from frozen evaluation games",
                          "spec 7.7")


def _training_rates(curves: pd.DataFrame, config: str, games: int | None = None) -> pd.Series:
    c = curves[curves.config == config]
    g = int(c.games.max()) if games is None else games
    return c[c.games == g].set_index("seed")["training_win_rate"].sort_index()


NOT_CLEAR = R.Reading("'不明顯' as not a clear difference", "the report's 影響不明顯 (the effect is not clear) read as "
                      "the complement of the word 'clear': each difference within ±5 points, not the ±2 points of "
                      "'no difference'", "the report's wording for Fig 5-10 (增加歷史對於 RL0 訓練的勝率影響不明顯); "
                      "the protocol's word 'clear'")


def not_clear(est: V.Estimate) -> V.Judgement:
    """'Not a clear difference': inside the complement of the word 'clear' (|Δ| below its lower bound), as
    :func:`not_large` reads 差距不大."""
    clear = V.WORDS["clear"][1]
    return V.magnitude(est, -clear, clear, f"not a clear difference (within ±{clear:g}, the complement of the word "
                       "'clear')", span=2.0, reference=0.0)


def _fig_5_10(row, inp):
    fam, claim = row["family"], row["claim"]
    cur = inp.results.curves
    lvl = C._lvl(2)
    base = _training_rates(cur, "n=1")
    ds = [V.paired_difference(_training_rates(cur, f"n={n}").to_numpy(), base.to_numpy(), level=lvl)
          for n in (2, 3)]
    j = V.all_of([V.word("no difference", d) for d in ds], "n=2 and n=3 against n=1")
    out = [_run_row(fam, claim, AS_JUDGED, row),
           R.run(fam, claim, TRAINING_RATE, max(ds, key=lambda z: abs(z.value)), j,
                 "training-block rate of the last tenth minus n=1's, seeds paired by index")]
    # the wording reading on the row's own cases (n=2 and n=3 against n=1, in the sample its verdict rests on)
    cases = getattr(row, "cases", ())
    if not cases:
        raise ValueError(f"{claim!r}: the claims row keeps no per-case estimates (C.fig_5_10_11 sets row.cases)")
    wide = max(cases, key=lambda z: abs(z.value))
    out.append(R.run(fam, claim, NOT_CLEAR, wide, V.all_of([not_clear(d) for d in cases], "n=2 and n=3 against n=1"),
                     "the claims row's own differences, value: the larger one"))
    return out + [R.not_built(fam, claim, GREEDY, "the curves' frozen win rates were measured with exploration 0.1 "
                                                  "only")]


def _fig_5_11(row, inp):
    fam, claim = row["family"], row["claim"]
    return [_run_row(fam, claim, AS_JUDGED, row),
            R.not_run(fam, claim, R.Reading("separate 3,000,000-game run", "the 3,000,000-game full-hand model is a "
                                            "run of its own, not the 100,000-game one continued", "spec 7.12"),
                      "one run with checkpoints is both readings: its table at 100,000 games is what a separate run "
                      "of that length would train with the same seed")]


def _fig_5_12(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    if claim == "the win rate rises with shrinking increments":
        cur = inp.results.curves.copy()
        cur["win_rate"] = cur["training_win_rate"]
        r = _run_from(fam, claim, TRAINING_RATE, C.fig_5_12(cur))
        out += [r] if r else []
    else:
        out.append(R.not_run(fam, claim, TRAINING_RATE, "the table's size and explored share are counted from the "
                             "table itself (keys ever updated), one way only"))
    return out


LIKELY_TRUE = R.Reading("honest as likely true", "a bid counts as honest when it is more likely true than not "
                        "given the hand (count at most one above the dice held, since one more matching die among "
                        "five unseen ones has probability 0.60), so only larger overbids are lies",
                        "spec 7.14 ('slight lie' undefined)")
ANY_OPENING = R.Reading("every opening bid", "the opening class holds every opening bid (no earlier bid), honest "
                        "or not", "spec 7.14; the report's class 開局喊牌")
TIES = R.Reading("ties at rank 30", "entries tied with the 30th value counted another way than by key order",
                 "spec 7.14 (ties at the 30th value unresolved)")
TIES_WHY = "the stored top-30 lists keep exactly 30 entries a table, so another tie-break cannot be recounted from them"


def _top30_config(claim: str) -> str | None:
    """The top-30 lists a Table 5-1 claim counts ("n=1", "full, n=2", ...); None for a claim on the largest value."""
    import re

    m = re.match(r"top-30 entries of RL0 \((full hand, )?n=(\d)\)", claim)
    return None if m is None else (f"full, n={m.group(2)}" if m.group(1) else f"n={m.group(2)}")


def _ties(fam, claim, top: pd.DataFrame) -> dict:
    """The tie-break reading of a Table 5-1 claim: bounded (moot) when it cannot change what the claim counts,
    not built otherwise (the stored lists keep 30 entries, so another tie-break cannot be recounted).

    - the largest value of a list does not depend on which entries tie at the 30th;
    - when no stored list of the claim's configuration repeats any value among its 30 (unrounded floats), no tie at
      the 30th value is in evidence, so another tie-break would count the same entries."""
    config = _top30_config(claim)
    if config is None:
        return R.bounded(fam, claim, TIES, "moot: the largest value of a list is the same whichever entries tie at "
                         "the 30th")
    lists = top[top.config == config]
    if len(lists) and not lists.groupby("seed").value.apply(lambda v: v.duplicated().any()).any():
        return R.bounded(fam, claim, TIES, f"moot: none of the {lists.seed.nunique()} stored {config} top-30 lists "
                         "repeats a value among its 30 (unrounded floats), so no tie at the 30th value is in "
                         "evidence and another tie-break counts the same entries")
    return R.not_built(fam, claim, TIES, TIES_WHY)


def _classify(key: str, reading: str) -> str:
    k = [int(x) for x in key.split()]
    head, rest = k[:2], k[2:]
    if rest[-1] == -1:
        return "challenge"
    face, held, count = rest
    opening = all(x == 0 for x in head)
    if reading == ANY_OPENING.name and opening:
        return "opening honest"
    lie = count > held + (1 if reading == LIKELY_TRUE.name else 0)
    if lie:
        return "slight lie"
    return "opening honest" if opening else "mid-game honest"


def _table_5_1(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    prefix = "top-30 entries of RL0 (n=1): "
    if claim.startswith(prefix) and row["kind"] == "finding":
        kind = claim.removeprefix(prefix)
        top = inp.results.top
        n1 = top[top.config == "n=1"]
        for reading in (ANY_OPENING, LIKELY_TRUE):
            kinds = n1.key.map(lambda k, r=reading.name: _classify(k, r))
            vals = (kinds == kind).groupby(n1.seed).sum().to_numpy()
            x, j = C._printed_count(C.TOP30_CLASSES[kind], vals, f"the {kind} count")
            out.append(R.run(fam, claim, reading, x, C._one_table(j)))
    elif "challenges" in claim:
        out.append(R.not_run(fam, claim, R.Reading("challenge counted otherwise", "another count of challenge "
                                                   "entries", "spec 7.14"),
                             "a challenge entry is its action (the challenge), so no second reading of the count "
                             "exists"))
    out.append(_ties(fam, claim, inp.results.top))
    out.append(R.bounded(fam, claim, TABLES_OTHER, "moot: Table 5-1's RL0 is trained and read against EXP0 alone, "
                         "whose rule has no honestAction, so the other reading trains the same tables"))
    return out + _table_5_1_retrained(row, inp)


def _table_5_1_retrained(row, inp) -> list[dict]:
    """Ties shuffled and seat halves for a Table 5-1 claim on the n=1 lists: RL0 retrained under each on the seeds
    the row rests on, its top-30 lists counted by the claims row's own rule (issue 49); not built for the lists of
    other state records (n=2, n=3, full hand), which would retrain those tables too."""
    fam, claim = row["family"], row["claim"]
    readings = ((SHUFFLED, TR.SHUFFLED), (HALVES, TR.HALVES))
    if _top30_config(claim) not in ("n=1", None) or inp.setup is None:
        why = NO_SETUP if inp.setup is None else R.Unbuilt(
            "RL0 was retrained under the reading for the n=1 lists only; this state record's tables would be "
            "retrained too (about 0.1-0.4 s a table at full size)")
        return [R.not_built(fam, claim, reading, why) for reading, _ in readings]
    seeds = TR.seeds_of(row, inp.setup)
    out = []
    for reading, variant in readings:
        top = TR.cached_frames(inp.setup, "top30", ("RL0",), seeds, variant)
        again = _by_claim(C._top_rows(top)).get(claim)
        if again is None or again.judgement is None:
            out.append(R.not_built(fam, claim, reading, "the reading's lists give no row for this claim"))
            continue
        out.append(R.run(fam, claim, reading, again.est, C._one_table(again.judgement),
                         f"{len(seeds)} tables retrained, the training seeds of the claims row"))
    return out


def _fig_5_14_15(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    if fam == "Fig 5-15" and inp.other is not None:
        other = inp.other["forced_exp"]
        frame = pd.concat([inp.results.forced_exp[inp.results.forced_exp.player == "EXP0"],
                           other[other.player != "EXP0"]], ignore_index=True)
        r = _run_from(fam, claim, _honest(_other(inp.reading.fallback), None), C.fig_5_14_15(frame))
        out += [r] if r else []
    elif fam == "Fig 5-14":
        out.append(R.not_run(fam, claim, _honest(_other(inp.reading.fallback), None), "EXP0 calls no honestAction, "
                             "so both readings play the same games"))
    out.append(R.not_built(fam, claim, UNIFORM_FORCED, UNIFORM_WHY))
    return out


RISE_FROM_3 = R.Reading("rising among the advantaged hands", "'the advantage growing with s' read over the hands "
                        "that are advantaged (s = 3 to 5), not from s = 2",
                        "the report: 其他皆為優勢手牌，且相同個數越高優勢越大 (the others are all advantaged, and the "
                        "larger the count the larger the advantage)")
OTHERS_ABOVE = R.Reading("others advantaged", "every s other than 2 is an advantaged hand, above 50 % (not merely "
                         "not below it)", "the report: 其他皆為優勢手牌 (the others are all advantaged hands)")
BOTH = R.Reading("others advantaged, rising from s = 3", "both readings above together",
                 "the report's sentence on RL2 and RL3 (Fig 5-16)")


def _fig_5_16(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    fr = inp.results.forced_rl
    if claim == C.RL23_TEXT and {"RL2", "RL3"} <= set(fr.player):
        for reading, rise, others in ((RISE_FROM_3, 3, "not lower"), (OTHERS_ABOVE, 2, "advantaged"),
                                      (BOTH, 3, "advantaged")):
            r = C._rl23_row(fr, rise, others)
            out.append(R.run(fam, claim, reading, r.est, r.judgement))
    out += [R.not_built(fam, claim, UNIFORM_FORCED, UNIFORM_WHY)]
    if row.get("flags") and "agrees by selection" in row["flags"]:
        out.append(R.not_built(fam, claim, TABLES_OTHER, TABLES_OTHER_WHY))
    return out


def _fig_5_17(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row)]
    other = _honest(_other(inp.reading.fallback), None)
    if "EXP1" in claim and inp.other is not None:
        grid = inp.results.grid
        frame = pd.concat([grid[grid.player == "EXP0"], inp.other["grid"]], ignore_index=True)
        r = _run_from(fam, claim, other, C.fig_5_17(frame))
        out += [r] if r else []
    elif "EXP1" not in claim:
        out.append(R.not_run(fam, claim, other, "EXP0 calls no honestAction, so both readings play the same games"))
    moot = _uniform_moot_pair(inp.results.grid, claim)
    out.append(R.not_built(fam, claim, UNIFORM_FORCED, UNIFORM_WHY) if moot is None else R.bounded(
        fam, claim, UNIFORM_FORCED, f"the pair {moot[0]} vs {moot[1]} differs, and a hand with four or five of a face "
        "is already dealt uniformly over its class (the report's pattern, s of one face and the rest all different, "
        "is the whole class for s >= 4), so the uniform reading deals the same hands there and the claim still "
        "differs"))
    return out


def _uniform_moot_pair(grid: pd.DataFrame, claim: str):
    """For Fig 5-17's "the side with the higher multiplicity is advantaged": a pair (s1, s2), both at least 4, whose
    seat-symmetrised difference differs (judged as the claim judges every pair), or None. Where one exists the
    uniform-over-its-class reading cannot reproduce the claim: it deals those hands exactly as the engine does."""
    if "higher multiplicity" not in claim:
        return None
    name = claim.split(":")[0]
    if not (grid.player == name).any():
        return None
    pairs = [(a, b) for a in range(1, 6) for b in range(1, 6) if a > b]
    level = C._lvl(len(pairs))
    for a, b in pairs:
        if b >= 4:
            z = C.diff(C._where(grid, player=name, s1=a, s2=b), C._where(grid, player=name, s1=b, s2=a), level)
            if V.direction(z, ">", 0.0).verdict == "differs":
                return a, b
    return None


def _fig_5_18(row, inp):
    fam, claim = row["family"], row["claim"]
    out = [_run_row(fam, claim, AS_JUDGED, row), R.not_built(fam, claim, UNIFORM_FORCED, UNIFORM_WHY)]
    if "RL1" in claim:
        out.append(R.not_built(fam, claim, TABLES_OTHER, TABLES_OTHER_WHY))
    return out


NO_CHALLENGE = R.Reading("actions without the challenge", "a game's length counts bids only, not the final "
                         "challenge", "spec 7.17; the report's len(record)/2 counts the challenge")


def _fig_6_1(row, inp):
    fam, claim = row["family"], row["claim"]
    lengths = inp.results.lengths
    lg = lengths[lengths.matchup == "RL0 vs EXP0"]
    lo, hi = C.GAME_LENGTH_RANGE
    per = lg.groupby("seed").apply(lambda g: g[(g.actions - 1 >= lo) & (g.actions - 1 <= hi)].games.sum()
                                   / g.games.sum(), include_groups=False)
    # judged as the row is: one trained table's prediction interval (History 2026-12-07, second session)
    x = V.prediction_across_seeds(per.to_numpy())
    return [_run_row(fam, claim, AS_JUDGED, row), R.run(fam, claim, NO_CHALLENGE, x, C._one_table(V.word("mostly", x)))]


BUILDERS = {"Fig 5-1": _fig_5_1, "Fig 5-2": _exp, "Fig 5-3": _exp, "Fig 5-6": _exp, "Fig 5-4": _fig_5_4,
            "Fig 5-7": _fig_5_7, "Fig 5-8": _fig_5_8, "Fig 5-9": _fig_5_9, "Fig 5-10": _fig_5_10,
            "Fig 5-11": _fig_5_11, "Fig 5-12": _fig_5_12, "Table 5-1": _table_5_1, "Fig 5-14": _fig_5_14_15,
            "Fig 5-15": _fig_5_14_15, "Fig 5-16": _fig_5_16, "Fig 5-17": _fig_5_17, "Fig 5-18": _fig_5_18,
            "Fig 6-1": _fig_6_1}


#: Claims taken from one sentence of the report (seed 001), by (family, claim): judged jointly
#: (:func:`liarlab.core.readings.in_sentence`; docs/VERDICTS.md, "Claims of one sentence are judged jointly"), since
#: a reading (a margin, greedy evaluation) is one property of the program behind the whole sentence.
SENTENCES = {
    "Fig 5-5": {
        "Fig 5-5 (1) (seed 001 l.438): EXP0 and EXP3 slight first-mover, EXP2 second-mover, EXP1 none":
            ("EXP0: slight first-mover advantage", "EXP1: about no seat advantage", "EXP2: second-mover advantage",
             "EXP3: slight first-mover advantage"),
        "Fig 5-5 (2) (seed 001 l.440): RL0 clear first-mover, the other RLs slight second-mover":
            ("RL0: clear first-mover advantage", "RL1: slight second-mover advantage",
             "RL2: slight second-mover advantage", "RL3: slight second-mover advantage")},
    "Fig 5-6": {
        "Fig 5-6 (1) (seed 001 l.451): EXP0 and EXP1 small spread, P2 and P1 ahead":
            ("EXP0: small spread across seats", "EXP0: P2 best", "EXP1: small spread across seats", "EXP1: P1 best"),
        "Fig 5-6 (2) (seed 001 l.453): EXP2 P3 clearly higher, EXP3 P1 clearly ahead":
            ("EXP2: P3 clearly highest", "EXP3: P1 clearly advantaged")},
    "Fig 5-7": {
        "Fig 5-7 (1) (seed 001 l.468): ahead of the last EXP trained on, behind earlier ones":
            ("a model is advantaged against the last EXP it trained on",
             "and disadvantaged against EXPs it trained on earlier"),
        "Fig 5-7 (2) (seed 001 l.470): RL03 and RL0123 still ahead of EXP0, RL-random ahead of every EXP":
            ("RL03 stays advantaged against EXP0", "RL0123 stays advantaged against EXP0",
             "RL-random is advantaged against all four EXPs")},
}


def sentence_of(family: str, claim: str) -> str:
    """The sentence key of a claim taken from one sentence with other claims (:data:`SENTENCES`), else ""."""
    return next((key for key, claims in SENTENCES.get(family, {}).items() if claim in claims), "")


def _builder(row):
    if row["family"] == "Fig 5-5":
        return _fig_5_5_rl if row["claim"].startswith("RL") else _exp
    return BUILDERS[row["family"]]


def rows(claims_rows: list, inp: Inputs) -> list[dict]:
    """The readings rows of every judged finding of the families that can differ: the claims row's own judgement
    as the default reading, then every other reading, run or not run with why."""
    out = []
    for row in claims_rows:
        if row.get("kind") != "finding" or row["family"] not in FAMILIES or getattr(row, "judgement", None) is None \
                or row["verdict"] not in R.RUN:
            continue
        built = _builder(row)(row, inp)
        key = sentence_of(row["family"], row["claim"])
        out += R.in_sentence(key, built) if key else built
    return out


def attach(claims_rows: list, inp: Inputs) -> tuple[list, list[dict]]:
    """(claims rows with their readings attached, readings rows); the causes of claims of one sentence are then
    re-derived jointly (:func:`liarlab.study.readings.jointly`), since a claims row is built before its siblings'
    readings exist."""
    from liarlab.study.readings import jointly

    rr = rows(claims_rows, inp)
    return jointly(C.with_readings(claims_rows, rr), rr), rr


def inputs(reading: C.Reading, results: Results, setup: ex.Setup) -> Inputs:
    """Play the readings' extra games (cached) and gather what :func:`rows` reads."""
    from liarlab.study import cache

    base = replace(setup, stream="", models={}, evals={})
    window = cache.cached_call(exp0_window_games, setup.fixed_games, setup.seed, reading.fallback)
    return Inputs(reading, results, other=play_other(base, reading.fallback), greedy_seq=greedy_sequences(base),
                  window_three=window, setup=replace(base, fallback=reading.fallback))
