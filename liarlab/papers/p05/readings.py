"""Notebook 05's readings (issue 36): every open point behind a family that can differ, listed from spec 05 §6 and
the talk's wording before any verdict was looked at. The families of :mod:`.claims` run them or say why not."""
from __future__ import annotations

from liarlab.core.readings import Reading

STAR = "spec §6.4: on the published board k wild faces rank between 2k − 1 and 2k dice"
R2_IS = "accepting a bid is worth the next turn's expected payoff given both hands (not one number per bid)"
R2 = Reading("accept payoff R2", R2_IS, "spec §2.2 and §6.3")
ONE_DIE_RULES_WHY = "with one die each the first die lost ends the game: penalties and next opener never enter"
R2_EXACT_WHY = "R1 and R2 read the per-turn LP's accept payoff; the real game's exact equilibrium has none to read"
PLAY_WHY = ("the per-turn LP after bid t holds both the reply to each bid s and the raise after it, so the profile is "
            "played one way only: the reply to s from the turn at t, the raise from the turn at s")
UNIFORM_WHY = ("equal weights for sorted hands are a hypothesis about the talk's program, not a rule of the real game "
               "(its deal is multinomial): there is no exact game to solve under it")
PRIOR_RULES_WHY = ("the talk does not state Lanctot & Long's rules and their game is not available to us; their "
                   "likeliest difference, the star order, is run as its own reading")
RULES_ONE_DIE = Reading("penalties and next opener", "the penalties and the next round's opener, as the rule search "
                        "varies them", "spec §6.5, §6.6")

GAP = Reading("gap |2p − 1|", "the gap between the win rates is |2p − 1|, whoever is ahead, over every N computed",
              "seed: 先手と後手の勝率の差が小さくなる (the two players' win rates' difference)", True)
GAP_LOWEST = Reading("lowest first-player win %", "the gap is the first player's signed advantage 2p − 1",
                     "spec: 'N = 4 gives the smallest first-player advantage'")
GAP_RANGE = Reading("N = 2..6 only", "the gap is sought over the talk's comparison table's N",
                    "the talk's Bluff-1 comparison table prints N = 2..6")
GAP_STAR = Reading("star bid order", "bids ranked as on the published board; solved for N = 2..6", STAR)

ROUNDED = Reading("the table rounds", "the comparison table rounds to 2 decimals (N = 3: 56.02 here, 56.01 in the data "
                  "table)", "spec §3, note under the comparison table", True)
TRUNCATED = Reading("the table truncates", "the comparison table truncates, as the data table does", "spec §6.2")
CMP_STAR = Reading("star bid order", "bids ranked as on the published board", STAR)
GAMBIT_PER_TURN = Reading("Gambit given the per-turn model", "Gambit was given the talk's per-turn model (accept "
                          "payoff R1), not the whole round", "spec §6.10: Gambit's input is not stated")
GAMBIT_PER_TURN_R2 = Reading("Gambit given the per-turn model under R2", "Gambit was given the per-turn model "
                             "with accept payoff R2", "spec §6.10 and §6.3")
GAMBIT_WHOLE = Reading("Gambit given the whole round", "Gambit solved the whole round as an extensive-form game",
                       "spec §3 and §6.10", True)
PRIOR_RULES = Reading("the prior work's own rules", "Lanctot & Long's bid order, wild-face counting and terminal "
                      "bid", "spec §6.10")
PRIOR_DEFAULT = Reading("exact equilibrium, quantity order, rounded", "the exact equilibrium of the real round (face N "
                        "wild, quantity order)", "spec §4 and the comparison table", True)

OPT_R1 = Reading("accept payoff R1, mean gain", "the per-turn LP with accept payoff R1 (one number per bid); "
                 "exploitability the two seats' mean best-response gain", "spec §2.2 (R1 primary) and §4.3", True)
OPT_R2 = Reading("accept payoff R2", R2_IS + "; mean gain", "spec §2.2 and §6.3")
OPT_STAR = Reading("star bid order", "the per-turn LP on the published board's bid order; mean gain", STAR)
OPT_NASHCONV = Reading("NashConv", "exploitability is the sum of the two seats' gains (NashConv)", "spec §4.3")
OPT_SEAT = Reading("the better seat's gain", "optimal if either seat's strategy cannot be exploited",
                   "spec §4.4: the exploitability of each side's strategy")
OPT_PLAY = Reading("another way to play the per-turn strategies", "the per-turn strategies played otherwise in "
                   "the real round", "spec §4.4")

B2_ROUNDED = Reading("the table rounds", "the Bluff-2 table rounds to integers instead of truncating", "spec §6.2")
B2_UNIFORM = Reading("every sorted hand weighted equally", "the talk's program weighted sorted hands equally",
                     "our hypothesis for the printed grid (the notebook's uniform-weights search)")
OTHER_VARIANTS = Reading("other rule variants", "another reading of the open rules", "spec §6.5-6.7")
SEARCH = "spec §6.5-6.7 and the notebook's rule search"
DEFAULT_RULES = ("default reading (loser opens, quantity order)", "the loser opens the next round, Borg penalties, "
                 "face 2 wild, quantity order", "spec §2.1, §6.5, §6.6 (defaults)")


def variant(name: str, what: str) -> Reading:   # a rule-search variant as a reading of the open Bluff rules
    return Reading(f"variant {name}", f"the rules of variant {name} ({what})", SEARCH)
