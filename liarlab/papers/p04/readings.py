"""Notebook 04's readings: the open points of the Cheat paper behind each claim family, each run (judged by the
claims row's own rule on results the chain computed) or not run with one sentence why
(:mod:`liarlab.core.readings`; docs/VERDICTS.md, "Causes"). No cause is typed anywhere: the claims rows derive
theirs from these rows by the protocol's one rule.

The open points were listed from the spec's "Open questions and ambiguities" (§8) and the paper's wording before
any reading's verdict was seen:

* stage 1 (§8.2-8.4, §8.10): how the personalities catch (c), P5's lie rate (the paper gives none), the hand
  distribution, the search steps, simulating against the program or a model of it, cumulative or windowed win
  rate, and whether draws count as non-wins; for the 343/500 example, which opponent it came from;
* stage 2 (§8.5-8.9, §7 E10): the rules (MAX_PLAY, who leads after a challenge, the hand-emptying play), the
  learner (3 or 7 actions, ordinal or one-hot features, the caught-lie reward, revealed or true lie history),
  the training size at which the chart's ordering is read, and whether "about 10%" is points or relative.

Every builder here is cheap: it reads tables the notebook already computed (the stage-1 settings runs, the
training sweep, the rule-variant grid).
"""
from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from liarlab.core import readings as R
from liarlab.core import verdicts as V

Reading = R.Reading

# ============================================================================ stage 1

S1_DEFAULT = Reading("spec defaults", "the spec's lie profiles (P5 lies 30 %), personalities catch each position "
                     "with probability 0.5, Binomial hands, steps (0.05, 0.5), simulated games against the "
                     "personality's program, draws count as non-wins", "spec §2.1-2.3 (interp.)", default=True)
C03 = Reading("personalities catch c = 0.3", "the personalities catch each position with probability 0.3",
              "spec §8.2: the paper does not say how the personalities catch")
C07 = Reading("personalities catch c = 0.7", "the personalities catch each position with probability 0.7",
              "spec §8.2: the paper does not say how the personalities catch")
P5_20 = Reading("P5 lies 20 %", "P5 lies at each position with probability 0.2",
                "spec §8.3: the paper says only that P5 is mostly honest")
P5_40 = Reading("P5 lies 40 %", "P5 lies at each position with probability 0.4",
                "spec §8.3: the paper says only that P5 is mostly honest")
UNIFORM = Reading("uniform hands", "the number of black cards is uniform on 0..10",
                  "spec §2.1 variant and §8.3: the hand distribution is unspecified")
STEPS_SMALL = Reading("steps (0.02, 0.2)", "the search steps p by 0.02 and k by 0.2",
                      "spec §8.4: steps of p and k are unspecified")
STEPS_LARGE = Reading("steps (0.1, 1)", "the search steps p by 0.1 and k by 1",
                      "spec §8.4: steps of p and k are unspecified")
MODEL = Reading("simulates a model", "the learner's simulated games are played against independent lies at the "
                "observed rates n_i/G instead of the personality's program", "spec §8.4")
WINDOWED = Reading("windowed rate", "the win rate is the share of games won in the last window (games 301-500), "
                   "not the cumulative share", "spec §8.4: cumulative vs windowed win rate")
DRAWS_HALF = Reading("draws count half", "a draw counts as half a win", "spec §8.10: draws are not described")
CUMULATIVE_500 = Reading("cumulative after 500 games", "the learner and the baseline are compared on the "
                         "cumulative win rate after 500 games", "spec §8.4: cumulative vs windowed win rate")
FROM_FIRST = Reading("from the first point", "the chart's rise is read from its first point (20 games) to 500",
                     "the paper: \"rising, especially from 100 to 300 and 500 games\" (§2.5)")
LATER_WINDOWS = Reading("later windows", "learning is read from games 101-300 to games 301-500",
                        "the paper: \"especially from 100 to 300 and 500 games\" (§2.5)")
K_ONLY = Reading("k fixed at 0 (learner)", "the learner searches p only", "spec §7 E3")

#: The settings-table readings of the stage-1 game and learner, by setting label (p04x.STAGE1_SETTINGS).
GAME_SETTINGS = {C03: "opponent catches c = 0.3", C07: "opponent catches c = 0.7", UNIFORM: "uniform hands",
                 STEPS_SMALL: "steps (0.02, 0.2)", STEPS_LARGE: "steps (0.1, 1)",
                 MODEL: "simulates a model of the personality"}
P5_SETTINGS = {P5_20: "P5 lies 20%", P5_40: "P5 lies 40%"}
LEARNER_SETTINGS = {STEPS_SMALL: "steps (0.02, 0.2)", STEPS_LARGE: "steps (0.1, 1)", K_ONLY: "k fixed at 0",
                    MODEL: "simulates a model of the personality"}

EXAMPLE_DEFAULT = Reading("closest personality", "the example's opponent is the personality whose realised rate "
                          "at position 6 is closest to 343/500", "the paper does not name the opponent (§2.4)",
                          default=True)
K_DEFAULT = Reading("spec defaults", "the search over (p, k) against the same search with k fixed at 0, under the "
                    "spec's defaults", "spec §7 E3", default=True)

# ============================================================================ stage 2

S2_DEFAULT = Reading("spec rules and learner", "modified rules, MAX_PLAY 3, the challenge's winner leads; 7 actions, "
                     "ordinal features, true lie history; the chart read at the largest training size",
                     "spec §3-5 (interp.)", default=True)
FEATURE_DEFAULT = Reading("spec rules and learner", "modified rules and the spec's learner, 300 training games, "
                          "\"about 10%\" read as percentage points", "spec §5.5 and §6 (interp.)", default=True)
WEIGHTS_DEFAULT = Reading("naming the opponent", "weights differ strongly when a learner's weights name its "
                          "opponent (leave-one-out nearest centroid) better than chance", "paper §1.3",
                          default=True)
RELATIVE = Reading("10 % relative", "\"about 10%\" is a relative gain: F7's win rate is about 1.1 times F5's",
                   "spec §6 and §8.1: \"10%\" read as points is an interpretation")


VARIANTS = Reading("rule and learner variants", "the spec's rules or learner changed in one respect (the E10 grid)",
                   "spec §7 E10 and §8.5-8.9")
#: The grid's variants that change the learner only (the game and the scripted agents are the spec's).
LEARNER_VARIANTS = ("3 actions (learner picks no count)", "caught lie: x = -P", "one-hot features",
                    "feature 7 from revealed plays only")


#: The training size of the rule-variant grid (E10): its learners are trained this many games.
GRID_GAMES = 300
#: Variants of the grid that are not readings of the paper: they contradict a rule the paper states. They stay in
#: the grid and its extension tables, never in a claim's readings.
NOT_THE_PAPERS = {"last play challengeable": "the paper's modified rule 1 says the play that empties a hand cannot "
                                             "be challenged (spec §3.1)"}


def at_training(games: int) -> Reading:
    return Reading(f"{games:,} training games", f"the chart's statement is read at {games:,} training games",
                   "the paper states the ordering for its chart as a whole, not at one training size (§3.4)")


def variant(label: str) -> Reading:
    return Reading(label, f"the spec's rules and learner changed in one respect: {label}, at {GRID_GAMES} training "
                   "games",
                   "spec §7 E10 and §8.5-8.9 (rule and learner variants)")


# ============================================================================ building the rows

Judge = Callable[[], tuple]


def build(family: str, claim: str, default: Reading, est, judgement, others) -> list[dict]:
    """The readings rows of one claim: the default (the claims row's own estimate and judgement) and each other
    reading of ``others``, a list of (reading, what) where ``what`` is a function returning (estimate,
    judgement) under that reading, or a sentence saying why the reading cannot be run (a plain ``str``) or what it
    would need (an :class:`liarlab.core.readings.Unbuilt` sentence: a reading we could run but did not build)."""
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
    """The stage-1 runs of one setting (one row per run and checkpoint); a setting played against some
    personalities only (P5's lie rate) takes the default runs for the others. None when it was not run."""
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


def grid_reading(grid: pd.DataFrame | None, label: str, statement: str):
    """A rule or learner variant's verdict of one E7/E8 statement from the variant grid
    (:func:`liarlab.papers.p04.claims.variant_orderings`, same rule as the claims row)."""
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
    """The grid's variants that are readings of the paper: every rule and learner variant but the spec's own
    ("paper") and those that contradict a rule the paper states (:data:`NOT_THE_PAPERS`)."""
    from liarlab.papers.p04.experiments import RULE_VARIANTS

    labels = list(RULE_VARIANTS) if grid is None else [v for v in grid.variant.unique() if v != "paper"]
    return [v for v in labels if v not in NOT_THE_PAPERS]


def other_size(games: int) -> R.Unbuilt:
    """Why a grid variant is not a reading of a claim judged at ``games`` training games: the grid trains
    :data:`GRID_GAMES`, and a variant's verdict there mixes the variant with the training size."""
    return R.Unbuilt(f"the variant grid trains {GRID_GAMES} games and this claim is judged at {games:,}: its verdict "
                     f"at {GRID_GAMES} games would mix the variant with the training size, so it needs the variant's "
                     f"learners trained {games:,} games")


def check_family(rows: list[dict]) -> None:
    """Every differing claim of ``rows`` has readings and a cause derived from them (for tests)."""
    for r in rows:
        if r["verdict"] == "differs" and r["kind"] in ("finding", "arithmetic"):
            mine = R.of_claim(r.get("_readings", []), r["claim"])
            assert mine and R.cause(mine, arithmetic=r["kind"] == "arithmetic") == r["cause"]
