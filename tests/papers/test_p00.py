"""Notebook 00's paper module: tables, printed values and claims (liarlab.papers.p00)."""
import numpy as np

from liarlab.core import dice
from liarlab.papers.p00 import claims as claims00
from liarlab.papers.p00 import printed as printed00
from liarlab.papers.p00 import tables as dice_tables


def test_hand_classes_match_classifying_every_hand():
    assert dice.hand_class_counts() == dice_tables.brute_force_classes()


def test_claims_flag_exactly_the_misprints():
    rows = claims00.claims_rows()
    differs = {(r["source"], r["paper_value"]) for r in rows if r["verdict"] == "differs"}
    assert differs == {("paper 01 §4.2 text", 4561), ("paper 01 §4.2 text", 0.5),
                       ("paper 02 Table 4-4", 141053200)}


def test_monte_carlo_interval_covers_exact_value():
    mc = dice_tables.monte_carlo_at_least(200_000, np.random.default_rng(7))
    assert mc["exact_inside_ci"].sum() >= 5



def test_every_paper_value_in_the_claims_comes_from_printed():
    printed_values = set()
    for name in dir(printed00):
        value = getattr(printed00, name)
        if name.startswith("PAPER_"):
            items = value.values() if isinstance(value, dict) else [value]
            for v in items:
                printed_values.update(v if isinstance(v, tuple) else (v,))
    rows = claims00.claims_rows(dice_tables.monte_carlo_at_least(1000, np.random.default_rng(0)))
    paper = {r["paper_value"] for r in rows if r["paper_value"] is not None and r["verdict"] != "extension"}
    assert paper - printed_values == set()
