"""Notebook 01's results: :class:`Results01` holds the run's parameters and one field per table. Its ``run_*``
methods run the sections in the notebook's order: the experiments' runs are ``experiments.Runs`` and
``bbn_experiments.NetworkRuns`` (seeds, caching); this module adds the judged steps (the two-stage confirmations,
the readings tables) and the tables' views."""
from __future__ import annotations

from dataclasses import field, make_dataclass

import pandas as pd

from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import claims
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01 import readings as readings01
from liarlab.study import tables

SEED_OFFSETS = ex.SEED_OFFSETS
#: Notebook 01's tables (each None until its ``run_*`` section ran).
TABLES = """traits side checks fig44 fig51 freq51 behaviour ref_games ref seeded seeded_raw large large_raw e5
    e5_views win_plan large_fresh trait_effect curves ref_curves final lengths success length_stats bbn_run e7 gains
    gain_plan gains_fresh adoption calibration hand_errors bbn_readings bbn_rule_readings liar_readings loss_shares
    liar_hands liar_verdicts liar_decisions liar_gain substitutes gain_readings support_events bbn_curves first
    self_open wide swap sweep variants vs_plain mixture x3_ext x4 x4_summary readings_by_type readings band_readings
    br br2 br_uniform br_retry br_min_count br_readings timing bbn_time timing_vs_thesis schedules""".split()
_Tables = make_dataclass("_Tables", [("params", dict)] + [(name, object, None) for name in TABLES]
                         + [(name, list, field(default_factory=list)) for name in ("bbn_trend_types", "panels")])
#: The best-response tables' headers in words (issue 50); the CSV keeps the code names.
_CI = {"ci_low": "95 % interval, low", "ci_high": "95 % interval, high"}
BR_HEADERS = {"win_rate": "best responder's win rate", **_CI, "as_starter": "win rate when it opens",
              "as_responder": "win rate when it responds", "br_challenge_success": "share of its challenges that "
              "succeed", "mean_turns": "mean turns a game"}
BR_READING_HEADERS = {"random_guess_win_rate": "random-guess win rate", **_CI}

class Results01(_Tables, bbnx.NetworkRuns, ex.Runs):
    """Notebook 01's tables (:data:`TABLES`; ``params``: the run's parameters), filled by the ``run_*`` methods."""

    def run_win_rate_confirmation(self) -> None:
        """Two stages: fresh games per type when the pilot leaves a per-type claim to a second stage."""
        self.win_plan = plan = claims.win_rate_plan(self.large, cap=self.size("confirm_games_cap"))
        if plan is not None and not plan.undecidable:
            self.large_fresh = self._run("vs_types_confirm", lambda s: ex.vs_types(plan.n, 1, s)[0], ex, n=plan.n)

    def run_bbn_gain_confirmation(self) -> None:
        """Two stages for the network's gain: new seeds when the pilot leaves it undecided."""
        self.gain_plan = plan = claims.bbn_gain_plan(self.gains, cap=self.size("confirm_seeds_cap"))
        types, n, _ = self._net()
        if plan is not None and not plan.undecidable:
            self.gains_fresh = self._run(
                "bbn_matches_confirm",
                lambda s: bbnx.seed_gains(bbnx.run_bbn_matches(types, n_games=n, n_seeds=plan.n, seed=s).games),
                bbnx, n=n, r=plan.n, types=types)

    def run_bbn_gain_readings(self) -> None:
        self.gain_readings = readings01.bbn_gain_readings(self.bbn_run.games, self.bbn_readings)

    def run_sensitivity(self) -> None:
        super().run_sensitivity()
        self.readings = claims.reading_robustness(self.readings_by_type)

    def run_win_band_readings(self) -> None:
        self.band_readings = readings01.win_band_readings(self.large, self.first, self.ref, self.readings_by_type)

    def run_best_response(self) -> None:
        super().run_best_response()
        self.br_readings = readings01.best_response_readings(self.br, self.br2)

    def run_timing(self) -> None:
        super().run_timing()
        self.timing_vs_thesis = claims.timing_table(
            self.timing, ex.thesis_schedule_timing(self.bbn_time), self.size("n_games"), self.size("bbn_games"),
            ratio_row=ex.like_for_like_timing(self.bbn_time))

    @property
    def x3_reading(self) -> pd.Series:
        """The network reading "not-support limit x-3" pooled over all types."""
        return self.bbn_readings[self.bbn_readings.group == "all types"].set_index("variant").loc["not-support limit x-3"]

    @property
    def lambda_rows(self) -> pd.DataFrame:
        return self.variants[self.variants.variant.str.startswith("X2")]

    @property
    def lambda_values(self) -> pd.Series:
        return self.sweep.groupby("variant", sort=False)["lambda"].first().loc[self.lambda_rows.variant]

    @property
    def x1(self) -> pd.Series:
        return self.variants[self.variants.variant == "X1 real-valued"].iloc[0]

    @property
    def thesis_guess(self) -> pd.Series:
        return self.variants[self.variants.variant == "X2 lambda=1"].iloc[0]

    @property
    def weight_two_sixes(self) -> int:
        """The Fig 4.4 bid weight of "two 6s" our bid draw uses (the claims' two-sixes readings run on it)."""
        return int(self.fig44.loc[self.fig44.bid == (2, 6), "weight"].item())

    @property
    def best_responses(self) -> pd.DataFrame:
        """The responders' runs (``data/01_best_response.csv``), each labelled by the player it faces."""
        runs = [(getattr(self, name), who) for name, *_, who in ex.RESPONDERS]
        return pd.concat([f if who is None else f.assign(opponent=who) for f, who in runs if f is not None],
                         ignore_index=True)

    @property
    def best_response_table(self) -> pd.DataFrame:
        """:attr:`best_responses` headed in words, rates to 3 decimals, the mean turns to 2."""
        shown = self.best_responses.replace({"opponent": {"random_guess": "random-guess"}}).rename(columns=BR_HEADERS)
        rates = [BR_HEADERS[c] for c in ("win_rate", "ci_low", "ci_high", "as_starter", "as_responder",
                                         "br_challenge_success")]
        return tables.with_decimals(shown, {**dict.fromkeys(rates, 3), BR_HEADERS["mean_turns"]: 2})

    @property
    def best_response_readings_table(self) -> pd.DataFrame:
        """:attr:`br_readings` rounded as the claims summary rounds, rates to 3 decimals (issue 50)."""
        shown = ex.rounded(self.br_readings, 3).rename(columns=BR_READING_HEADERS)
        return tables.with_decimals(shown, dict.fromkeys(BR_READING_HEADERS.values(), 3))
