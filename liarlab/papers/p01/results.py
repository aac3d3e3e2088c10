"""Notebook 01's results: :class:`Results01`, one field per table, filled by ``run_*`` methods in the notebook's
order; the runs are ``experiments.Runs`` and ``bbn_experiments.NetworkRuns``, the judged steps are added here."""
from __future__ import annotations

from dataclasses import field, make_dataclass

import pandas as pd

from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import claims
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01 import readings as readings01
from liarlab.study import tables

#: Notebook 01's tables (each None until its ``run_*`` section ran).
TABLES = """traits side checks fig44 fig51 freq51 behaviour ref_games ref seeded seeded_raw large large_raw e5
    e5_views win_plan large_fresh trait_effect curves ref_curves final lengths success length_stats bbn_run e7 gains
    gain_plan gains_fresh adoption calibration hand_errors bbn_readings bbn_rule_readings liar_readings loss_shares
    liar_hands liar_verdicts liar_decisions liar_gain substitutes gain_readings support_events bbn_curves first
    self_open wide swap sweep variants vs_plain mixture x3_ext x4 x4_summary readings_by_type readings band_readings
    br br2 br_uniform br_retry br_min_count br_readings timing bbn_time timing_vs_thesis schedules""".split()
_Tables = make_dataclass("_Tables", [("params", dict)] + [(name, object, None) for name in TABLES]
                         + [(name, list, field(default_factory=list)) for name in ("bbn_trend_types", "panels")])
BR_READING_HEADERS = {"random_guess_win_rate": "random-guess win rate", "ci_low": ex.BR_HEADERS["ci_low"],
                      "ci_high": ex.BR_HEADERS["ci_high"]}

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

    @property
    def best_response_readings_table(self) -> pd.DataFrame:
        """:attr:`br_readings` rounded as the claims summary rounds, rates to 3 decimals (issue 50)."""
        shown = claims.undecided_worded(ex.rounded(self.br_readings, 3).rename(columns=BR_READING_HEADERS))
        return tables.with_decimals(shown, dict.fromkeys(BR_READING_HEADERS.values(), 3))
