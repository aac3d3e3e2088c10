"""Notebook 04's readings: the open points behind each claim family, each run by the claims row's own rule on
results the chain computed, or not run with why (:mod:`liarlab.core.readings`); the causes follow from them.

Listed from the spec's "Open questions and ambiguities" (§8) and the paper's wording before any verdict was seen:
stage 1 (§8.2-8.4, §8.10): how the personalities catch, P5's lie rate, the hand distribution, the search steps and
(added after a referee found it undeclared) its starting values (issue 49), simulating the program or a model,
cumulative or windowed rate, draws as non-wins, and which opponent the 343/500 example came from; stage 2 (§8.5-8.9,
§7 E10): the rules, the learner, the training size the ordering is read at, "about 10%" as points or relative, and
the open points outside the E10 grid (issue 36, :func:`stage2_open_points`). The stage-1 sentence of seed 003 l.65
is judged jointly (:data:`S1_SENTENCE`). Every builder reads tables the notebook already computed.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V

Reading = R.Reading

# ============================================================================ stage 1

S1_DEFAULT = Reading("spec defaults", "the spec's lie profiles (P5 lies 30 %), personalities catch each position "
                     "with probability 0.5, Binomial hands, steps (0.05, 0.5), simulated games against the "
                     "personality's program, draws count as non-wins", "spec §2.1-2.3 (interp.)", default=True)
C03, C07 = (Reading(f"personalities catch c = {c}", f"the personalities catch each position with probability {c}",
                    "spec §8.2: the paper does not say how the personalities catch") for c in (0.3, 0.7))
P5_20, P5_40 = (Reading(f"P5 lies {q} %", f"P5 lies at each position with probability {q / 100}",
                        "spec §8.3: the paper says only that P5 is mostly honest") for q in (20, 40))
UNIFORM = Reading("uniform hands", "the number of black cards is uniform on 0..10",
                  "spec §2.1 variant and §8.3: the hand distribution is unspecified")
STEPS_SMALL, STEPS_LARGE = (Reading(f"steps ({p}, {k})", f"the search steps p by {p} and k by {k}",
                                    "spec §8.4: steps of p and k are unspecified") for p, k in ((0.02, 0.2), (0.1, 1)))
MODEL = Reading("simulates a model", "the learner's simulated games are played against independent lies at the "
                "observed rates n_i/G instead of the personality's program", "spec §8.4")
WINDOWED = Reading("windowed rate", "the win rate is the share of games won in the last window (games 301-500), "
                   "not the cumulative share", "spec §8.4: cumulative vs windowed win rate")
DRAWS_HALF = Reading("draws count half", "a draw counts as half a win",
                     "spec §2.5: draws counted as non-wins is an interpretation")
FROM_FIRST = Reading("from the first point", "the chart's rise is read from its first point (20 games) to 500",
                     "the paper: \"rising, especially from 100 to 300 and 500 games\" (§2.5)")
LATER_WINDOWS = Reading("later windows", "learning is read from games 101-300 to games 301-500",
                        "the paper: \"especially from 100 to 300 and 500 games\" (§2.5)")
START_P0 = Reading("starts at p = 0", "the learner's search starts from (p, k) = (0, 0) instead of (0.5, 0): it "
                   "never catches at first, so it may still be moving after game 50",
                   "spec §8.4: the initial values of p and k are unspecified")
START_P1 = Reading("starts at p = 1", "the learner's search starts from (p, k) = (1, 0) instead of (0.5, 0): it "
                   "always catches at first", "spec §8.4: the initial values of p and k are unspecified")
START_K10 = Reading("starts at k = 10", "the learner's search starts from (p, k) = (0.5, 10) instead of (0.5, 0): "
                    "half the bound of k, so the lie profile weighs in from the first game",
                    "spec §8.4: the initial values of p and k are unspecified")
#: Spec §8.4's starting values of (p, k), each one more settings run (the learner's ``p0``/``k0``). Complete for the
#: open point: p0 spans [0, 1] and its two ends bound how far the search must travel from its start; k0 = 10 is half
#: k's bound (20), the default k0 = 0 its other end.
START_SETTINGS = {START_P0: "starts at p = 0", START_P1: "starts at p = 1", START_K10: "starts at k = 10"}

#: The settings-table readings of the stage-1 game and learner, by setting label (p04x.STAGE1_SETTINGS).
GAME_SETTINGS = {C03: "opponent catches c = 0.3", C07: "opponent catches c = 0.7", UNIFORM: "uniform hands",
                 STEPS_SMALL: "steps (0.02, 0.2)", STEPS_LARGE: "steps (0.1, 1)",
                 MODEL: "simulates a model of the personality"}
P5_SETTINGS = {P5_20: "P5 lies 20%", P5_40: "P5 lies 40%"}

EXAMPLE_DEFAULT = Reading("closest personality", "the example's opponent is the personality whose realised rate "
                          "at position 6 is closest to 343/500", "the paper does not name the opponent (§2.4)",
                          default=True)
K_DEFAULT = Reading("spec defaults", "the search over (p, k) against the same search with k fixed at 0, under the "
                    "spec's defaults", "spec §7 E3", default=True)

#: The stage-1 sentence of seed 003 l.65 (spec §2.5): 「勝率幾乎都超過五成且往上提升，尤其是 100 場到 300 場、500
#: 場時。這表示「抓」的機率公式設定合理(勝率超過五成)，且參數的學習機制是對的(勝率提升)」. Its claims (almost all
#: above 50 %, the chart's rise, the learning works) are one statement: judged jointly (core.readings.in_sentence).
S1_SENTENCE = "§2.5 (seed 003 l.65): almost all above 50 % and rising; the catch formula and the learning work"


def of_sentence(rows: list[dict]) -> list[dict]:
    """Readings rows of a claim of the stage-1 sentence (:data:`S1_SENTENCE`), marked so they are judged jointly."""
    return R.in_sentence(S1_SENTENCE, rows)


# ============================================================================ stage 2

S2_DEFAULT = Reading("spec rules and learner", "modified rules, MAX_PLAY 3, the challenge's winner leads; 7 actions, "
                     "ordinal features, true lie history; the chart read at the largest training size",
                     "spec §3-5 (interp.)", default=True)
FEATURE_DEFAULT = Reading("spec rules and learner", "modified rules and the spec's learner, 300 training games, "
                          "\"about 10%\" read as percentage points", "spec §5.5 and §6 (interp.)", default=True)
WEIGHTS_DEFAULT = Reading("naming the opponent", "weights differ strongly when a learner's weights name its "
                          "opponent (leave-one-out nearest centroid) better than chance", "paper §1.3",
                          default=True)
RANK_RESTART = Reading("rank cycle restarts after a challenge", "the required rank restarts at A after each "
                       "challenge instead of continuing", "spec §8.5 and §3.2: \"never reset\" is an interpretation")
DECK_UNDEALT = Reading("per-rank totals drawn first", "each rank's total count is drawn first and the hands dealt from "
                       "that deck, cards left undealt", "spec §8.6 and §3.2: the deck is an interpretation of "
                       "\"random per-rank totals\"")
STARTER = Reading("fixed first player", "the learner always plays first, in training and test, instead of a random "
                  "first player (the opponent first, the mirror case, is not run)",
                  "spec §8.6 and §3.2: who starts is an interpretation")
HONEST_REWARD = Reading("honest plays rewarded 0", "a play that tells the truth earns reward 0 instead of x",
                        "spec §8.8 and §5.3: the paper does not list the honest play's reward")
NEXT_STATE = Reading("another s' under the delayed update", "the buffered transition a challenge settles last takes "
                     "as s' the state right after the challenge (the reply) rather than the learner's next decision",
                     "spec §8.8 and §5.4 (interp.)")
EPSILON_FORM = Reading("decaying ε", "exploration decays linearly from 0.5 towards 0 over training instead of a "
                       "constant ε = 0.5",
                       "spec §8.8: the form of ε is unspecified")
MIXED_POOL = Reading("one learner for all opponents", "one learner trained against a pool of all six personalities "
                     "and tested against each, instead of one learner retrained per opponent",
                     "spec §8.8 and §5.5: retraining per opponent is an interpretation")
CAP_DRAWS_OUT = Reading("cap draws left out", "games stopped at the 1,000-play cap are left out of the win rate's "
                        "denominator instead of counting as non-wins", "spec §8.10 and §3.2: scoring the cap as a "
                        "draw that is no win is an interpretation")

RELATIVE = Reading("10 % relative", "\"about 10%\" is a relative gain: F7's win rate is about 1.1 times F5's",
                   "spec §6 and §8.1: \"10%\" read as points is an interpretation")


VARIANTS = Reading("rule and learner variants", "the spec's rules or learner changed in one respect (the E10 grid)",
                   "spec §7 E10 and §8.5-8.9")
#: The training size of the rule-variant grid (E10): its learners are trained this many games.
GRID_GAMES = 300
#: Variants of the grid that are not readings of the paper: they contradict a rule the paper states. They stay in
#: the grid and its extension tables, never in a claim's readings.
NOT_THE_PAPERS = {"last play challengeable": "the paper's modified rule 1 says the play that empties a hand cannot "
                                             "be challenged (spec §3.1)"}


def at_training(games: int) -> Reading:
    return Reading(f"{games:,} training games", f"the chart's statement is read at {games:,} training games",
                   "the paper states the ordering for its chart as a whole, not at one training size (§3.4)")


def variant(label: str, games: int = GRID_GAMES) -> Reading:
    return Reading(label, f"the spec's rules and learner changed in one respect: {label}, at {games:,} training "
                   "games",
                   "spec §7 E10 and §8.5-8.9 (rule and learner variants)")


# ============================================================================ building the rows

def build(family: str, claim: str, default: Reading, est, judgement, others) -> list[dict]:
    """The readings rows of one claim: the default (the row's own estimate and judgement), then each (reading, what)
    of ``others``: ``what`` returns (estimate, judgement[, note]), or is a sentence why it cannot be run (``str``)
    or what it would need (:class:`~liarlab.core.readings.Unbuilt`)."""
    rows = [R.run(family, claim, default, est if est is not None and not _nan(est) else None, judgement)]
    for reading, what in others:
        if isinstance(what, str):
            rows.append(R.skipped(family, claim, reading, what))
            continue
        out = what()
        if isinstance(out, str):
            rows.append(R.skipped(family, claim, reading, out))
        else:
            e, j = out[:2]
            rows.append(R.run(family, claim, reading, e, j, note=out[2] if len(out) > 2 else ""))
    return rows


def _nan(x) -> bool:
    return isinstance(x, float) and x != x


def setting_runs(settings_runs: pd.DataFrame | None, setting: str, default_runs: pd.DataFrame | None = None):
    """The stage-1 runs of one setting (None: not run); one played against some personalities only (P5's lie rate)
    takes the default runs for the others."""
    if settings_runs is None or "setting" not in settings_runs.columns:
        return None
    g = settings_runs[settings_runs.setting == setting].drop(columns="setting")
    if g.empty:
        return None
    if default_runs is not None:
        others = default_runs[~default_runs.personality.isin(set(g.personality))]
        g = pd.concat([others[[c for c in g.columns if c in others.columns]], g], ignore_index=True)
    return g


def draws_half(runs: pd.DataFrame) -> pd.DataFrame:
    """Runs with draws counted as half a win (wins and win_rate replaced)."""
    out = runs.copy()
    out["wins"] = out.wins + 0.5 * out.draws
    out["win_rate"] = out.wins / out.games
    return out


NO_SETTINGS = "the stage-1 settings runs were not given to this call"
NO_GRID = "the rule-variant grid was not given to this call"


def grid_row(label: str, name: str, est, judgement: V.Judgement, note: str) -> dict:
    """One row of the variant grid: statement ``name`` under variant ``label`` (no estimate: NaN)."""
    none = est is None
    return {"variant": label, "ordering": name, "value": np.nan if none else est.value,
            "ci_low": np.nan if none else est.low, "ci_high": np.nan if none else est.high,
            "level": np.nan if none else est.level, "n": np.nan if none or est.n is None else est.n,
            "verdict": judgement.verdict, "leans": judgement.leans or "", "note": note}


def grid_reading(grid: pd.DataFrame | None, label: str, statement: str):
    """A variant's verdict of one E7/E8 statement, read back from the grid (:func:`grid_row`)."""
    if grid is None:
        return NO_GRID
    g = grid[(grid.variant == label) & (grid.ordering == statement)]
    if g.empty:
        return f"the variant grid has no row for {label}"
    r = g.iloc[0]
    # the judgement as the grid's rule gave it (the same rule as the claims row): its verdict and, undecided,
    # where its estimate leans
    judgement = V.Judgement(r.verdict, "", leans=r.get("leans") or None if isinstance(r.get("leans"), str) else None)
    if pd.isna(r.value):
        return (None, judgement, r.note)
    level = float(r.level) if "level" in r and pd.notna(r.level) else V.LEVEL
    n = int(r.n) if "n" in r and pd.notna(r.n) else None
    est = V.Estimate(float(r.value), float(r.ci_low), float(r.ci_high), n, "seeds", level=level)
    return (est, judgement, r.note if isinstance(r.note, str) else "")


def variant_labels(grid: pd.DataFrame | None) -> list[str]:
    """The grid's variants that are readings of the paper: all but "paper" and :data:`NOT_THE_PAPERS`."""
    from liarlab.papers.p04.experiments import RULE_VARIANTS

    labels = list(RULE_VARIANTS) if grid is None else [v for v in grid.variant.unique() if v != "paper"]
    return [v for v in labels if v not in NOT_THE_PAPERS]


def other_size(games: int) -> R.Unbuilt:
    """Why a grid variant is not a reading of a claim judged at ``games`` training games."""
    return R.Unbuilt(f"the variant grid trains {GRID_GAMES} games and this claim is judged at {games:,}: its verdict "
                     f"at {GRID_GAMES} games would mix the variant with the training size, so it needs the variant's "
                     f"learners trained {games:,} games (a switch the code has: about 10 CPU seconds at full size, 8 "
                     f"variants x 6 opponents x 30 learners at about 0.005 s each; run by the notebook, "
                     f"claims.variant_orderings_at)")


#: The stage-2 readings outside the E10 grid, each with what builds it where a call is not given its learners: a
#: switch of the engine or the learner (:data:`liarlab.papers.p04.experiments.OPEN_POINT_SWITCHES`, all six built
#: in issue 49) and the learners of every cell the claim compares retrained under it, or the pooled learners.
STAGE2_UNBUILT = {
    RANK_RESTART: "the rules switch rank_after_challenge='restart'",
    DECK_UNDEALT: "the rules switch deck='totals first'",
    STARTER: "the rules switch first_player=0",
    HONEST_REWARD: "the learner switch honest_reward='0'",
    NEXT_STATE: "the learner switch next_state='after reply'",
    EPSILON_FORM: "the learner switch epsilon_schedule='linear' (training in blocks, no engine change)",
    MIXED_POOL: "a learner trained against a pool of opponents (built where the call is given the pooled learners: "
                "p04.experiments.pooled_learners, about 0.07 CPU s a learner at full size)",
}
#: The cost of a switched reading of :data:`STAGE2_UNBUILT` when the call is not given its learners. Measured at
#: full size: the six switches' 9,720 learners (trained up to 1,000 games, tested 5,000) took 76 CPU s.
SWITCH_COST = ("the switch exists; its learners were not given to this call (p04.experiments.open_point_learners, "
               "about 13 CPU s a switch at full size)")


#: how the pooled learners of the §8.8 reading were trained (:func:`liarlab.papers.p04.experiments.pooled_learners`)
POOLED_NOTE = ("one learner per seed trained against all six opponents in turn (10-game blocks, the claim's training "
               "size against each), tested frozen against each; the same seeds per cell as the grid")


def cap_draws_out(per_seed: pd.DataFrame) -> pd.DataFrame:
    """The §8.10 reading: cap-stopped games left out of the win rate's denominator (all capped: NaN)."""
    if "draws" not in per_seed.columns:
        raise ValueError(f"the learners' table has no draws column (columns {list(per_seed.columns)})")
    out = per_seed.copy()
    decided = out.games - out.draws
    out["win_rate"] = (out.wins / decided.where(decided > 0)).astype(float)
    return out


#: How each switched reading's learners were trained (:data:`liarlab.papers.p04.experiments.OPEN_POINT_SWITCHES`,
#: :func:`liarlab.papers.p04.experiments.open_point_learners`): the claim's own design under one switch.
SWITCH_NOTES = {
    EPSILON_FORM: "ε falls linearly from the spec's 0.5 towards 0 over training, lowered every 10 games (block b of B "
                  "plays at 0.5 (1 - b/B)), the test greedy as by default: the seed names only the constant \"noise\" "
                  "0.5, and a straight fall from it to the greedy test is the plainest decaying form",
    STARTER: "the learner plays first in every training and test game (the first player is still drawn, so the deals "
             "are the default's)",
    HONEST_REWARD: "a TRUTH play earns 0, challenged or not; lies, challenges and the ±100 of a game's end keep "
                   "their rewards",
    RANK_RESTART: "after every challenge the next play must claim A, in training and test",
    NEXT_STATE: "the transition a challenge settles last takes as s' the table right after the challenge (empty "
                "pile, the next required rank), not the learner's next decision; the other transitions keep "
                "s' = the next buffered state",
    DECK_UNDEALT: "each rank's total is drawn uniform on 0..8 (mean 4, the traditional deck's count the seed "
                  "contrasts it with: \"not 4 but random\"), again until the deck holds 10 cards; the two hands "
                  "of 5 are dealt from it and the rest stays undealt",
}


def stage2_open_points(per_seed: pd.DataFrame | None, judge: Callable, seeds_per_cell: str,
                       pooled: pd.DataFrame | None = None, switched: pd.DataFrame | None = None) -> list:
    """(reading, what) pairs of the stage-2 open points outside the E10 grid for a claim judged by ``judge(frame)``:
    cap draws left out on ``per_seed``, one learner for all opponents on ``pooled``, a switched reading on its rows
    of ``switched``, when given; else not built, saying what it needs (``seeds_per_cell``: the claim's learners)."""
    out = []
    if per_seed is None or "draws" not in per_seed.columns:
        out.append((CAP_DRAWS_OUT, R.Unbuilt("the learners' table given here records no draws")))
    else:
        out.append((CAP_DRAWS_OUT, lambda: judge(cap_draws_out(per_seed))))
    built = set() if switched is None else set(switched.variant)
    for reading, need in STAGE2_UNBUILT.items():
        if reading is MIXED_POOL and pooled is not None:
            continue
        if reading.name in built:
            out.append((reading, lambda r=reading: (*judge(switched[switched.variant == r.name])[:2],
                                                    SWITCH_NOTES[r])))
        else:
            out.append((reading, R.Unbuilt(need if reading is MIXED_POOL else
                                           f"{need}, and {seeds_per_cell} retrained under it: {SWITCH_COST}")))
    if pooled is not None:      # built from existing calls (issue 49): p04.experiments.pooled_learners
        out.append((MIXED_POOL, lambda: (*judge(pooled)[:2], POOLED_NOTE)))
    return out
