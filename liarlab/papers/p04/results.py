"""Notebook 04's results: one frozen dataclass per section, gathered in :class:`Results`. Nothing here judges."""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from liarlab.cheat.positions import PERSONALITIES
from liarlab.papers.p04 import experiments as p04x
from liarlab.study import unit_judges as U

FIRST_WINDOW, LATE_WINDOW = (f"{a}-{b}" for a, b in (p04x.STAGE1_WINDOWS[0], p04x.STAGE1_WINDOWS[-1]))
MODIFIED, VARIANT = tuple(p04x.RULES_VARIANTS)  # the paper's modified rules; the last play challengeable
AF_POOL, RANDOM_POOL = "a-f only", "random agent's cells"  # the pools of p04x.hand_emptying_by_pool
in_points, _cells = U.in_points, U.interval_cells


def exploiter_view(exploit: pd.DataFrame) -> pd.DataFrame:
    """The exploiter table for display: rates in percent, the gain in points, with 95 % intervals."""
    f = exploit.set_index(["rules", "opponent"])
    return pd.DataFrame({"exploiter x's win rate (%, 95 %)": _cells(f.x_win_rate, f.x_low, f.x_high, suffix=" %"),
                         "type b's win rate (%)": [f"{100 * v:.1f} %" for v in f.b_win_rate],
                         "x minus b (points, 95 %)": _cells(f.gain, f.gain_low, f.gain_high, "+")}, index=f.index)


def multiplayer_view(multi: pd.DataFrame) -> pd.DataFrame:
    """The more-players table in percent, one column per table size with its fair share (issue 50)."""
    cols = {}
    for n, g in multi.groupby("players", sort=True):
        g = g.set_index("opponent")
        cols[f"{n} players (%, 95 %; fair share {100 / n:.0f} %)"] = pd.Series(
            _cells(g.win_rate, g.ci_low, g.ci_high, suffix=" %"), index=g.index)
    return pd.DataFrame(cols)


@dataclass(frozen=True)
class Stage1:
    """E2/E4: the learner against the five personalities."""
    runs: pd.DataFrame          # one row per run and checkpoint (p04x.learning_runs)
    windows: pd.DataFrame       # each run's windowed win rates (p04x.windowed_rates)
    summary: pd.DataFrame       # cumulative win rate per personality and checkpoint, over runs
    window_table: pd.DataFrame  # windowed win rate per personality and window, over runs

    @classmethod
    def from_runs(cls, runs: pd.DataFrame) -> Stage1:
        windows = p04x.windowed_rates(runs)
        return cls(runs, windows, p04x.summarise_runs(runs), p04x.summarise_windows(windows))

    @property
    def final(self) -> pd.DataFrame:
        s = self.summary
        return s[s.games == s.games.max()][["personality", "runs", "win_rate", "ci_low", "ci_high", "draw_rate",
                                             "loss_rate", "p_mean", "k_mean"]]

    @property
    def late_window(self) -> pd.DataFrame:
        return self.windows[self.windows.window == LATE_WINDOW]

    def window_grid(self) -> pd.DataFrame:
        return self.window_table.pivot(index="window", columns="personality", values="win_rate").loc[
            [f"{a}-{b}" for a, b in p04x.STAGE1_WINDOWS]]

    def gains(self) -> dict:
        w = self.window_table.set_index(["personality", "window"]).win_rate
        return {n: w[(n, LATE_WINDOW)] - w[(n, FIRST_WINDOW)] for n in PERSONALITIES}


@dataclass(frozen=True)
class Settings:
    """E3/E5: the learner's settings (baselines, k fixed at 0, sensitivity, the model variant) beside the paper's."""
    runs: pd.DataFrame       # every other setting, one row per run and checkpoint (p04x.stage1_settings_runs)
    table: pd.DataFrame      # per setting and personality: cumulative rate after 500 games, windowed late rate
    late: pd.DataFrame       # each run's windowed rate in games 301-500, per setting
    learner_late: pd.Series  # the paper's learner (the Stage1 runs): mean windowed late rate per personality

    @classmethod
    def from_runs(cls, runs: pd.DataFrame, stage1: Stage1) -> Settings:
        others = p04x.stage1_settings_table(runs)
        default_late = stage1.window_table[stage1.window_table.window == LATE_WINDOW].set_index("personality")
        default_row = stage1.final.assign(setting="paper defaults", games=int(stage1.summary.games.max())).merge(
            default_late[["win_rate", "ci_low", "ci_high"]].rename(
                columns={"win_rate": "late_rate", "ci_low": "late_low", "ci_high": "late_high"}),
            left_on="personality", right_index=True)
        table = pd.concat([default_row[others.columns], others], ignore_index=True)
        late = p04x.windowed_rates(runs, (p04x.STAGE1_WINDOWS[-1],), by=("setting", "personality"))
        return cls(runs, table, late, stage1.late_window.groupby("personality").win_rate.mean())

    def grid(self, column: str = "win_rate") -> pd.DataFrame:
        return self.table.pivot_table(index="setting", columns="personality", values=column, sort=False)

    def late_mean(self, setting: str) -> pd.Series:
        return self.late.groupby(["setting", "personality"]).win_rate.mean().unstack().loc[setting]

    def model_gain(self) -> pd.Series:
        model = self.late[self.late.setting.str.startswith("simulates")]
        return model.groupby("personality").win_rate.mean() - self.learner_late

    def runs_of(self, setting: str) -> pd.DataFrame:
        return p04x.windowed_rates(self.runs[self.runs.setting.str.startswith(setting)], (p04x.STAGE1_WINDOWS[-1],))


@dataclass(frozen=True)
class RoundRobin:
    """E6: every ordered pair of scripted agents, and how the modified game is decided."""
    games: pd.DataFrame        # one row per rules variant and ordered pair (p04x.round_robin)
    frequencies: pd.DataFrame  # each agent's lie and challenge frequencies
    audit: pd.DataFrame        # the hand-emptying audit, pooled over all pairs
    pool_audit: pd.DataFrame   # the same for a-f alone and for the random agent's cells
    standing: pd.DataFrame     # each of a-f's win rate against the other five, and its rank

    @classmethod
    def from_games(cls, rr: pd.DataFrame) -> RoundRobin:
        return cls(rr, p04x.agent_frequencies(rr), p04x.hand_emptying_audit(rr), p04x.hand_emptying_by_pool(rr),
                   p04x.standing(rr))

    @property
    def agents(self) -> list:
        return list(p04x.STAGE2_TYPES) + ["random"]

    def frequencies_view(self) -> pd.DataFrame:
        """One row per rule set and agent (not a nine-column pivot), noting an agent that never challenges."""
        cols = ["lie_share", "challenge_share", "challenge_accuracy", "opportunities_taken"]
        f = self.frequencies.set_index(["rules", "agent"])[cols]
        f = f.reindex(pd.MultiIndex.from_product([list(p04x.RULES_VARIANTS), self.agents], names=["rules", "agent"]))
        return f.assign(note=np.where(f.challenge_share.fillna(0) == 0, "never challenges: no accuracy", ""))

    def first_player_share(self, pool: str, rules: str, column: str = "first_player_wins_share") -> float:
        return float(self.pool_audit.set_index(["pool", "rules"])[column][(pool, rules)])

    def rank_changes(self) -> list[tuple[str, int, int]]:
        rank = self.standing.set_index(["rules", "agent"])["rank"]
        return [(t, int(rank[(MODIFIED, t)]), int(rank[(VARIANT, t)])) for t in p04x.STAGE2_TYPES
                if rank[(MODIFIED, t)] != rank[(VARIANT, t)]]


@dataclass(frozen=True)
class Training:
    """E7: test win rate against training games, under the modified rules and under the variant."""
    per_seed: pd.DataFrame       # one row per trained learner, modified rules
    per_seed_var: pd.DataFrame   # the same with the last play challengeable
    table: pd.DataFrame          # per opponent and training size: mean over learners, interval, ceiling flag
    table_var: pd.DataFrame
    learner_audit: pd.DataFrame  # the hand-emptying line in the test games of the longest-trained learners

    @classmethod
    def from_grids(cls, grid: list[dict], grid_var: list[dict]) -> Training:
        per_seed, per_seed_var = p04x.per_seed_frame(grid), p04x.per_seed_frame(grid_var)
        top = per_seed.training_games.max()
        audit = p04x.learner_audit(pd.concat([per_seed[per_seed.training_games == top],
                                              per_seed_var[per_seed_var.training_games == top]]))
        return cls(per_seed, per_seed_var, p04x.win_rate_table(per_seed), p04x.win_rate_table(per_seed_var), audit)

    @property
    def top(self) -> int:
        return int(self.table.training_games.max())

    @property
    def curves(self) -> pd.DataFrame:
        return pd.concat([self.table, self.table_var], ignore_index=True)

    def grid(self) -> pd.DataFrame:
        return pd.concat([self.table, self.table_var]).pivot_table(
            index="training_games", columns=["variant", "opponent"], values="win_rate")

    def at_top(self) -> pd.Series:
        return self.table[self.table.training_games == self.top].set_index("opponent").win_rate

    def ceiling(self) -> pd.DataFrame:
        return self.table[self.table.at_ceiling]


@dataclass(frozen=True)
class Baselines:
    """Stage 2: the trivial baselines beside the trained learner, and the cross-rules test."""
    table: pd.DataFrame       # each baseline against each type (p04x.stage2_baselines)
    side: pd.DataFrame        # the trained learner's rate beside each baseline's, per opponent
    cross_table: pd.DataFrame  # learners trained under each rule set, tested under both (p04x.cross_rules_summary)
    challenges: pd.DataFrame  # what those learners challenged while they trained
    effects: dict             # against a: training effect, test-time effect, challenge share (verdicts.Estimate)

    @classmethod
    def from_runs(cls, baselines: pd.DataFrame, cross: pd.DataFrame, training: Training) -> Baselines:
        side = baselines.pivot(index="opponent", columns="baseline", values="win_rate")
        side.insert(0, f"learner ({training.top:,} games)", training.at_top())
        return cls(baselines, side, p04x.cross_rules_summary(cross), p04x.training_challenges(cross),
                   p04x.cross_rules_effects(cross, "a"))

    def beaten(self) -> dict:
        """Per baseline, the types against which its mean beats the trained learner's."""
        learner = self.side.iloc[:, 0]
        return {b: [o for o in self.side.index if self.side.loc[o, b] > learner[o]] for b in p04x.STAGE2_BASELINES}

    def trained_against_a(self) -> pd.Series:
        return self.challenges.set_index(["opponent", "trained_under"]).loc[("a", VARIANT)]


@dataclass(frozen=True)
class Features:
    """E8: the feature sets F5, F7, F7-H5 (300 training games), and lie history under one-hot features."""
    learners: list              # one dict per trained learner, with weights and action counts (for E9)
    per_seed: pd.DataFrame
    table: pd.DataFrame         # per opponent and feature set, over learners
    history_gain: pd.DataFrame  # F7 - F5 per opponent, paired by seed
    memory_gain: pd.DataFrame   # F7-H5 - F7 per opponent
    history_gain_hot: pd.DataFrame | None = None  # F7 - F5 with one-hot features (:meth:`with_one_hot`)

    @classmethod
    def from_grid(cls, grid: list[dict]) -> Features:
        per_seed = p04x.per_seed_frame(grid)
        return cls(grid, per_seed, p04x.win_rate_table(per_seed),
                   p04x.paired_difference(per_seed, "feature_set", "F7", "F5"),
                   p04x.paired_difference(per_seed, "feature_set", "F7-H5", "F7"))

    def with_one_hot(self, hot: list[dict]) -> Features:
        return replace(self, history_gain_hot=p04x.paired_difference(hot, "feature_set", "F7", "F5"))

    def differences(self) -> pd.DataFrame:
        hist = self.history_gain.rename(columns={"difference": "F7 - F5", "ci_low": "low", "ci_high": "high"})
        mem = self.memory_gain.rename(columns={"difference": "H5 - H3", "ci_low": "H5 low", "ci_high": "H5 high"})
        return hist[["opponent", "F7 - F5", "low", "high", "at_ceiling"]].merge(
            mem[["opponent", "H5 - H3", "H5 low", "H5 high"]], on="opponent")

    def differences_view(self) -> pd.DataFrame:
        d = self.differences().set_index("opponent")
        return pd.DataFrame({
            "lie history, F7 − F5 (points, 95 %)": _cells(d["F7 - F5"], d["low"], d["high"], "+"),
            "5 lies remembered, F7-H5 − F7 (points, 95 %)": _cells(d["H5 - H3"], d["H5 low"], d["H5 high"], "+"),
            "at the ceiling": d.at_ceiling.map({True: "yes", False: "no"}).to_list()}, index=d.index)

    def by_encoding(self) -> pd.DataFrame:
        return pd.concat([self.history_gain.assign(encoding="ordinal"),
                          self.history_gain_hot.assign(encoding="one-hot")])

    def kept(self, hot: bool = False) -> pd.DataFrame:
        g = self.history_gain_hot if hot else self.history_gain
        return g[~g.at_ceiling]

    def f7(self) -> list[dict]:
        return [r for r in self.learners if r["feature_set"] == "F7"]


@dataclass(frozen=True)
class Weights:
    """E9: what the F7 learners learned."""
    table: pd.DataFrame   # seed-averaged weights per opponent, action and feature
    separability: dict    # leave-one-out nearest-centroid naming of the opponent from a learner's weights
    shares: pd.DataFrame  # test-time shares of challenge, truth and lie decisions per opponent

    @classmethod
    def from_learners(cls, f7: list[dict]) -> Weights:
        return cls(p04x.weight_table(f7), p04x.weight_separability(f7), p04x.action_shares(f7))


@dataclass(frozen=True)
class Variants:
    """E10: learners under each rule and learner variant (300 training games, F5 / F7 / F7-H5)."""
    per_seed: pd.DataFrame
    table: pd.DataFrame

    @classmethod
    def from_grid(cls, grid: list[dict]) -> Variants:
        per_seed = p04x.per_seed_frame(grid)
        return cls(per_seed, p04x.win_rate_table(per_seed))

    def f7_cells(self, features: Features) -> pd.DataFrame:
        both = pd.concat([features.table, self.table], ignore_index=True)
        f7 = both[both.feature_set == "F7"].assign(
            cell=lambda d: [f"{w:.3f} [{lo:.3f}, {hi:.3f}]" for w, lo, hi in zip(d.win_rate, d.ci_low, d.ci_high)])
        grid = f7.pivot(index="variant", columns="opponent", values="cell")
        return grid.loc[["paper"] + [v for v in grid.index if v != "paper"]].rename(
            index={"paper": "modified rules (spec's reading)"})  # as the page names it (issue 50)


@dataclass(frozen=True)
class Traditional:
    """Extension: the traditional 52-card game, every distinct seating of each table."""
    games: pd.DataFrame     # one row per table, seating and seat (p04x.traditional_table)
    by_agent: pd.DataFrame  # win shares pooled over seatings, per type
    by_seat: pd.DataFrame   # per seat

    @classmethod
    def from_games(cls, trad: pd.DataFrame) -> Traditional:
        return cls(trad, p04x.traditional_summary(trad, "agent"), p04x.traditional_summary(trad, "seat"))


@dataclass(frozen=True)
class Results:
    """Every table of notebook 04 that a claim, a summary or the ledger reads."""
    lies: pd.DataFrame         # E1: realised lie rates (p04x.personality_lie_rates)
    spread: pd.DataFrame       # E1: lie counts in 500-game runs (p04x.lie_count_spread)
    stage1: Stage1
    settings: Settings
    robin: RoundRobin
    exploit: pd.DataFrame      # the exploiter x against type b (p04x.exploiter_table)
    training: Training
    baselines: Baselines
    features: Features
    weights: Weights
    variants: Variants
    orderings: pd.DataFrame    # the E7 and E8 statements judged under every variant (claims.variant_orderings)
    multiplayer: pd.DataFrame  # extension: 3 and 4 players (p04x.multiplayer_table)
    lies_uniform: pd.DataFrame | None = None   # E1 under uniform hands (the 343/500 example's uniform reading)
    orderings_top: pd.DataFrame | None = None  # E7's orderings under every variant at 1,000 training games
    pooled: dict | None = None    # §8.8's one learner for all opponents (p04x.pooled_learners), "training"/"features"
    switched: dict | None = None  # the open points' switched learners (p04x.open_point_learners), keyed as pooled
