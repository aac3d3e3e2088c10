"""Notebook 01's results: :class:`Results01` holds the run's parameters and one field per table; each ``run_*``
method runs one section, in the notebook's order. Expensive runs are cached as ``01_<name>`` under the run's seed
and sizes, keyed to their module's source; each section draws from its own seed offset (:data:`SEED_OFFSETS`),
so a section's tables do not depend on which other sections ran."""
from __future__ import annotations

from dataclasses import field, make_dataclass

import numpy as np
import pandas as pd

from liarlab.liardice import bbn_play
from liarlab.papers.p01 import bbn_experiments as bbnx
from liarlab.papers.p01 import claims
from liarlab.papers.p01 import experiments as ex
from liarlab.papers.p01 import readings as readings01
from liarlab.study import cache, tables

#: Each computation's offset from the run's seed (its random streams are children of seed + offset).
SEED_OFFSETS = {
    "worked_checks": 0, "fig_4_4": 1, "fig_5_1": 2, "behaviour": 3, "reference_matches": 0, "vs_types_seeds": 10,
    "vs_types_large": 20, "vs_types_confirm": 21, "worked_example_belief": 25, "worked_example_games": 26,
    "bbn_matches": 30, "bbn_schedules": 30, "bbn_matches_confirm": 31, "bbn_liar_decisions": 37,
    "bbn_substitutes": 40, "bbn_variants": 45, "first_mover": 50, "seat_swap": 60, "extensions": 70,
    "x2_positions": 75, "extensions_vs_plain": 80, "sensitivity": 85, "best_response": 90, "best_response_2": 95,
    "best_response_uniform": 96, "best_response_retry": 97, "best_response_min_count": 98,
    "timing": 100, "bbn_timing": 110, "x3": 120, "x4": 130,
}
X2_HAND = (2, 1, 0, 1, 1, 0)        # X2 at worked positions: our hand (counts of faces 1..6)
X2_DECISIONS_PER_CALL = 5           # ... and the compiled decisions per call of the checks
THROUGHPUT_PER_SWEEP_GAME = 5       # E9: throughput measured on this many games per game of the sweep size
BEST_RESPONSE_TASKS = 8             # the best responder's games are split over this many tasks
#: The best responders' runs: (field, size, seed and cache name, keywords of ``experiments.best_response``, the
#: player it faces when not random-guess): depth 1 and 2, then depth 1 against the readings' players (the uniform
#: mixed strategy, Ch. 4 §1; retrying within a bid draw, spec §7.3; minimum count 1, spec §7.2).
RESPONDERS = (
    ("br", "n_best_response", "best_response", {}, None),
    ("br2", "n_best_response_2", "best_response_2", {"depth": 2}, None),
    ("br_uniform", "n_best_response", "best_response_uniform", {"opponent": "uniform"}, "uniformly random player"),
    ("br_retry", "n_best_response", "best_response_retry", {"opponent": "random_guess_retry"},
     "random-guess retrying within a bid draw"),
    ("br_min_count", "n_best_response", "best_response_min_count", {"min_count": 1},
     "random-guess under minimum count 1"),
)
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

class Results01(_Tables):
    """Notebook 01's tables (:data:`TABLES`; ``params``: the run's parameters), filled by the ``run_*`` methods."""

    def seed(self, name: str) -> int:
        return self.params["seed"] + SEED_OFFSETS[name]

    def _cached(self, name: str, compute, module, **sizes):
        """``compute()``, cached as ``01_<name>`` under the run's seed and ``sizes``, keyed to ``module``'s source."""
        return cache.cached(f"01_{name}", {"seed": self.params["seed"], **sizes}, compute, depends=[module])

    def _run(self, name: str, compute, module, **sizes):
        """``compute(seed)`` with computation ``name``'s seed, cached (:meth:`_cached`)."""
        seed = self.seed(name)
        return self._cached(name, lambda: compute(seed), module, **sizes)

    def size(self, name: str):
        return self.params[name]

    def _net(self, seeds: str = "bbn_seeds"):
        return self.size("bbn_types"), self.size("bbn_games"), self.size(seeds)

    # E2-E4
    def run_test_programs(self) -> None:
        self.traits = ex.traits_frame()

    def run_side_numbers(self) -> None:
        self.side = ex.side_numbers()

    def run_worked_checks(self) -> None:
        n = self.size("n_calls")
        self.checks = self._run("worked_checks", lambda s: ex.worked_checks(n, np.random.default_rng(s)), ex, n=n)

    def run_bid_draw(self) -> None:
        n = self.size("n_calls")
        self.fig44 = self._run("fig_4_4", lambda s: ex.fig_4_4_candidates(n, np.random.default_rng(s)), ex, n=n)

    def run_test_program_behaviour(self) -> None:
        n = self.size("n_calls")
        self.fig51 = ex.fig_5_1_example()
        self.freq51 = ex.fig_5_1_frequencies(n, np.random.default_rng(self.seed("fig_5_1")))
        positions = ex.behaviour_positions(n)
        self.behaviour = self._run(
            "behaviour", lambda s: ex.test_program_behaviour(positions, np.random.default_rng(s)), ex, n=positions)

    # E5, E6, E11
    def run_win_rates(self) -> None:
        """E5's three views: one reference match per type, seeded matches, and the large sample."""
        n_games, n_seeds, n_large = self.size("n_games"), self.size("n_seeds"), self.size("n_large")
        self.ref_games = self._run("reference_matches", lambda s: ex.reference_matches(n_games, s), ex, n=n_games)
        self.ref = ex.summarize_reference(self.ref_games)
        self.ref.insert(0, "type", [int(o[4:]) for o in self.ref.opponent])
        self.seeded, self.seeded_raw = self._run(
            "vs_types_seeds", lambda s: ex.vs_types(n_games, n_seeds, s, keep_games=True), ex, n=n_games, r=n_seeds)
        self.large, self.large_raw = self._run("vs_types_large", lambda s: ex.vs_types(n_large, 1, s), ex, n=n_large)
        # every win rate to 3 decimals, one count per column (issue 50)
        e5 = ex.vs_types_table(self.large, self.ref, self.seeded)
        self.e5 = tables.with_decimals(e5, dict.fromkeys(e5.columns.drop(["type", "traits"]), 3))
        self.e5_views = tables.with_decimals(
            ex.win_rate_views(self.ref, self.seeded, self.large, n_games, n_seeds, n_large),
            dict.fromkeys(("mean", "min", "max"), 3))

    def run_win_rate_confirmation(self) -> None:
        """Two stages: fresh games per type when the pilot leaves a per-type claim to a second stage."""
        self.win_plan = plan = claims.win_rate_plan(self.large, cap=self.size("confirm_games_cap"))
        if plan is not None and not plan.undecidable:
            self.large_fresh = self._run("vs_types_confirm", lambda s: ex.vs_types(plan.n, 1, s)[0], ex, n=plan.n)

    def run_trait_effects(self) -> None:
        self.trait_effect = tables.with_decimals(ex.trait_effects(self.large, self.traits),
                                                 dict.fromkeys(("without", "with", "effect"), 3))

    def run_trends(self) -> None:
        self.curves = ex.cumulative_wins(self.seeded_raw)
        self.ref_curves = ex.reference_cumulative_wins(self.ref_games)
        self.final = self.curves[self.curves.game == self.size("n_games")]

    def run_game_lengths(self) -> None:
        self.lengths = ex.game_length_table(self.large_raw, split_starter=True)
        self.success = ex.challenge_success_by_starter(self.large_raw)
        self.length_stats = ex.length_summary(self.lengths)

    # E7-E10: the network
    def worked_example(self) -> str:
        """One game of the network player against type 25 after 200 games of learning, as text."""
        return bbnx.worked_example_text(np.random.default_rng(self.seed("worked_example_belief")),
                                        np.random.default_rng(self.seed("worked_example_games")))

    def run_bbn_matches(self) -> None:
        """E7: paired matches (network and plain random-guess on the same dice), with the E8 records."""
        types, n, r = self._net()
        self.bbn_run = self._run("bbn_matches", lambda s: bbnx.run_bbn_matches(types, n_games=n, n_seeds=r, seed=s,
                                                                              record=True), bbnx, n=n, r=r, types=types)
        self.e7 = bbnx.summarize_vs_types(self.bbn_run)
        self.gains = bbnx.seed_gains(self.bbn_run.games)      # one paired gain per seeded match: the replication unit

    def run_bbn_curves(self) -> None:
        self.bbn_curves = bbnx.cumulative_wins(self.bbn_run)
        self.bbn_trend_types = [o for o in ("type1", "type8", "type11") if o in set(self.bbn_curves.opponent)]
        self.panels = sorted(set(self.bbn_curves.opponent), key=lambda o: int(o[4:]))      # type1 .. type32

    def run_bbn_gain_confirmation(self) -> None:
        """Two stages for the network's gain: new seeds when the pilot leaves it undecided."""
        self.gain_plan = plan = claims.bbn_gain_plan(self.gains, cap=self.size("confirm_seeds_cap"))
        types, n, _ = self._net()
        if plan is not None and not plan.undecidable:
            self.gains_fresh = self._run(
                "bbn_matches_confirm",
                lambda s: bbnx.seed_gains(bbnx.run_bbn_matches(types, n_games=n, n_seeds=plan.n, seed=s).games),
                bbnx, n=n, r=plan.n, types=types)

    def run_bbn_diagnostics(self) -> None:
        """E8 reads the E7 runs: every type, every seeded match."""
        self.adoption = bbnx.gate_adoption_curve(self.bbn_run)
        self.calibration = bbnx.calibration_table(self.bbn_run)
        self.hand_errors = bbnx.imagined_hand_errors(self.bbn_run)

    def run_bbn_readings(self) -> None:
        """E12 for the network on the same matches, the loss over types 25-32 taken apart (when the profile has
        them), and E7's matches replayed under the game's rule readings (01 row 18)."""
        types, n, r = self._net("bbn_variant_seeds")
        self.bbn_readings = self._run(
            "bbn_variants", lambda s: bbnx.bbn_variants(types=types, n_games=n, n_seeds=r, seed=s), bbnx,
            n=n, r=r, types=types)
        if (self.bbn_readings.group == "types 25-32").any():
            self.liar_readings = self.bbn_readings[self.bbn_readings.group == "types 25-32"]
            self.loss_shares = bbnx.liar_loss_shares(self.bbn_readings)
        r7, seed7 = self.size("bbn_seeds"), self.seed("bbn_matches")
        self.bbn_rule_readings = self._cached(
            "bbn_rule_readings", lambda: bbnx.bbn_rule_readings(types=types, n_games=n, n_seeds=r7, seed=seed7), bbnx,
            n=n, r=r7, types=types)

    def run_liar_diagnosis(self) -> None:
        """Beliefs and decisions against types 25-32, types 1 and 17 beside them (first fifth of a match left out)."""
        liars = [f"type{t}" for t in bbnx.LIAR_TYPES]
        liar_run = bbnx.subset(self.bbn_run, liars)
        self.liar_hands = bbnx.imagined_hand_errors(liar_run)
        self.liar_verdicts = bbnx.verdicts_by_count(liar_run)
        types = list(bbnx.LIAR_TYPES) + list(bbnx.CONTRAST_TYPES)
        n, r = self.size("bbn_games"), self.size("decision_seeds")
        rows = self._run("bbn_liar_decisions", lambda s: bbnx.challenge_decisions(types, n_games=n, n_seeds=r, seed=s,
                                                                                  skip_games=n // 5),
                         bbnx, n=n, r=r, types=types)
        self.liar_decisions = bbnx.liar_decisions_by_count(rows)
        self.liar_gain = self.e7[self.e7.opponent.isin(liars)]

    def run_substitutes(self) -> None:
        _, n, r = self._net()
        self.substitutes = self._run("bbn_substitutes", lambda s: bbnx.bbn_substitutes(n_games=n, n_seeds=r, seed=s),
                                     bbnx, n=n, r=r)

    def run_bbn_gain_readings(self) -> None:
        self.gain_readings = readings01.bbn_gain_readings(self.bbn_run.games, self.bbn_readings)

    def run_support_events(self) -> None:
        self.support_events = tables.with_decimals(bbnx.not_support_events(self.bbn_run),
                                                   dict.fromkeys(("mean_p_supports", "true_share_supports"), 3))

    @property
    def x3_reading(self) -> pd.Series:
        """The network reading "not-support limit x-3" pooled over all types."""
        return self.bbn_readings[self.bbn_readings.group == "all types"].set_index("variant").loc["not-support limit x-3"]

    # the opening seat, Ch. 6, E12, best response
    def run_first_mover(self) -> None:
        n = self.size("n_sweep")
        self.first = self._run("first_mover", lambda s: ex.first_mover(n, 1, s), ex, n=n)
        self.self_open = self.first[(self.first.opponent_label == "random_guess")
                                    & (self.first.opens == "random_guess")].iloc[0]
        self.wide = ex.opener_table(self.first)
        self.swap = self._run("seat_swap", lambda s: ex.seat_swap(n, 1, s), ex, n=n)

    def run_extensions(self) -> None:
        """X2 (the lambda mixture) and X1 (real-valued guesses) against every type and against the thesis player."""
        n = self.size("n_sweep")
        self.sweep = self._run("extensions", lambda s: ex.extension_sweep(n, 1, s), ex, n=n)
        self.variants = ex.variant_summary(self.sweep)
        self.vs_plain = self._run("extensions_vs_plain", lambda s: ex.variant_self_play(n, 1, s), ex, n=n)

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

    def run_x2_positions(self) -> None:
        n = self.size("n_calls")
        self.mixture = self._run("x2_positions", lambda s: ex.guess_mixture_at_positions(
            list(X2_HAND), n_calls=n * X2_DECISIONS_PER_CALL, seed=s), ex, n=n)

    def run_x3_x4(self) -> None:
        """X3 (a confidence-weighted imagined hand, reference engine) and X4 (extended rules)."""
        types, n, r = self.size("x3_types"), self.size("bbn_games"), self.size("x3_seeds")
        self.x3_ext = self._run("x3", lambda s: bbnx.x3_weighted_hand(types=types, n_games=n, n_seeds=r, seed=s),
                                bbnx, n=n, r=r, types=types)
        n4 = self.size("x4_games")
        self.x4 = self._run("x4", lambda s: ex.extended_rules(n4, s), ex, n=n4)
        self.x4_summary = ex.extended_rules_summary(self.x4)

    def run_sensitivity(self) -> None:
        n = self.size("n_sweep")
        self.readings_by_type = self._run("sensitivity", lambda s: ex.sensitivity_by_type(n, s), ex, n=n)
        self.readings = claims.reading_robustness(self.readings_by_type)

    def run_win_band_readings(self) -> None:
        self.band_readings = readings01.win_band_readings(self.large, self.first, self.ref, self.readings_by_type)

    def run_best_response(self) -> None:
        for name, size, seed, kw, _ in RESPONDERS:
            n = self.size(size)
            setattr(self, name, self._run(seed, lambda s, n=n, kw=kw: ex.best_response(n, BEST_RESPONSE_TASKS, s, **kw),
                                          ex, n=n))
        self.br_readings = readings01.best_response_readings(self.br, self.br2)

    @property
    def weight_two_sixes(self) -> int:
        """The Fig 4.4 bid weight of "two 6s" our bid draw uses (the claims' two-sixes readings run on it)."""
        return int(self.fig44.loc[self.fig44.bid == (2, 6), "weight"].item())

    @property
    def best_responses(self) -> pd.DataFrame:
        """The responders' runs (``data/01_best_response.csv``), each labelled by the player it faces."""
        runs = [(getattr(self, name), who) for name, *_, who in RESPONDERS]
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

    # E9 and the learning schedule
    def run_timing(self) -> None:
        """E9: wall times (measured each run, never cached) of random-guess alone and with the network."""
        n_games, n_bbn = self.size("n_games"), self.size("bbn_games")
        self.timing = ex.timing_with_paper(ex.timing(n_games, np.random.default_rng(self.seed("timing")),
                                                     throughput_games=self.size("n_sweep") * THROUGHPUT_PER_SWEEP_GAME))
        bbn_play.warm_up()
        self.bbn_time = bbnx.bbn_timing(n_bbn, type_id=1, seed=self.seed("bbn_timing"))
        self.timing_vs_thesis = claims.timing_table(self.timing, ex.thesis_schedule_timing(self.bbn_time), n_games,
                                                    n_bbn, ratio_row=ex.like_for_like_timing(self.bbn_time))

    def run_schedules(self) -> None:
        types, n, r = self._net("bbn_variant_seeds")
        self.schedules = self._run("bbn_schedules", lambda s: bbnx.refit_sensitivity(
            types=types, refit_values=[1, bbnx.BATCHED_REFIT_EVERY], n_games=n, n_seeds=r, seed=s),
            bbnx, n=n, r=r, types=types)
