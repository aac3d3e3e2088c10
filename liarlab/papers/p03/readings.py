"""Notebook 03's readings (issue 36): every open point of the thesis behind a claims family that can differ, as a
reading that is run (judged by the claims row's own rule) or not run with one sentence why.

The open points were listed from the spec's "Open questions and ambiguities" (§8) and the thesis's wording before
any verdict was looked at; a reading is never chosen or dropped because of its verdict. Each family's readings are
declared here (:class:`liarlab.core.readings.Reading`: name, what it assumes, where the thesis or the spec supports
it); :mod:`liarlab.papers.p03.claims` runs them on the notebook's results and passes the rows to each claims row, so
a differing row's cause is derived by :func:`liarlab.core.verdicts.cause`, never typed.

The exchange reading of Example 3.1 (the face-up card counted as unknown) is recomputed here from the thesis's own
position; the endgame-table readings recount the inferred file; every other run reading reuses results the notebook
already computed.
"""
from __future__ import annotations

from dataclasses import replace

from liarlab.core import readings as R
from liarlab.core import verdicts as V
from liarlab.core.cards import parse_cards
from liarlab.honeymoon import exchange as ex
from liarlab.papers.p03 import experiments

Reading = R.Reading

# ----------------------------------------------------------------------------- the solver and the endgame table

SOLVER_EXACT = Reading("the printed position, solved exactly",
                       "The printed line (or figure) fixes the position, and our exact search gives its value.",
                       "thesis §3.1; spec §2", default=True)
SOLVER_OTHER = Reading("another reading of the printed position",
                       "The printed line or figure could describe another position.",
                       "spec §2 (Fig 3-19: two readings, both 4 branches saved)")
SOLVER_WHY = ("the printed sequence and side-suit lengths fix the position and the value is exact; Fig 3-19's two "
              "readings in the spec both give 3 distinct spade leads, so no second reading can give another value")

TABLE_FORMAT = Reading("CRLF lines, every length vector, binary units",
                       "One text line 'order l1 l2 l3 tricks' with CRLF per entry, every length vector including "
                       "impossible suits longer than 13, sizes in binary units truncated.",
                       "spec §2 'Inferred, matches all eight sizes'; Open question 7", default=True)
TABLE_VALID = Reading("suits of at most 13 only",
                      "The same lines, but only length vectors whose suits are all at most 13 cards.",
                      "spec §2 table row 'Entries, suits <= 13 only'; Open question 7")
TABLE_LF = Reading("LF line ends", "The same entries with one-byte LF line ends.",
                   "spec Open question 7 (the format is inferred from the sizes)")
TABLE_DECIMAL = Reading("decimal units", "The same bytes, printed in decimal units (1 KB = 1,000 B), truncated.",
                        "spec Open question 7 (the units are inferred from the sizes)")
TABLE_CANONICAL = Reading("fully canonical entries",
                          "Only fully canonical positions (equal-length side suits tie-broken).",
                          "spec §2 table row 'Fully canonical (ties broken)'")
TABLE_CANONICAL_WHY = R.Unbuilt("the thesis says it leaves equal-length ties unbroken and accepts the duplicates, "
                                "and the spec's canonical counts are not an enumeration this notebook writes out line "
                                "by line")

# ----------------------------------------------------------------------------- bidding (E5-E7)

CALLS_RULE = Reading("largest margin, ties to pass then the higher suit",
                     "The call with the largest margin E - needed, even if negative; ties go to pass, then the higher "
                     "suit.", "spec §3 'Decision rule (reconstructed from Fig 3-13)'", default=True)
CALLS_TIES = Reading("another tie rule", "Ties between equal margins broken another way.",
                     "spec Open question 5 (tie-breaks unspecified)")
CALLS_TIES_WHY = "no two printed margins of Fig 3-13 tie, so no tie rule can change a call or a requirement"

LEAD_OPPONENT = Reading("opponent leads",
                        "In the bidding simulations the opponent leads (the real lead at the opening, where com "
                        "would declare).", "spec §3 'Interpretation (primary)': the real lead; Open question 2",
                        default=True)
LEAD_COM = Reading("com leads", "In the bidding simulations com always leads.",
                   "spec §3 'Ablate with the program always leading'; Open question 2")
OTHER_N = Reading("another N", "The printed opening row is an estimate of some N other than 50.",
                  "spec Open question 4 (three printed Est. values are not multiples of 1/50)")
OTHER_N_WHY = ("every printed Fig 3-13 value is a multiple of 1/50, so nothing in the thesis points to another N "
               "for this hand")

ADJ_SPEC = Reading("the spec's adjustment (α 2, β 0.25, γ 1, ρ 1)",
                   "After the opponent's spade bids the sampled opponent hands get better spades, with the spec's "
                   "parameterised trust.", "spec §3 'Opponent-bid adjustment', Interpretation (parameterised)",
                   default=True)
ADJ_OTHER = Reading("other adjustment parameters", "The same adjustment with other α or ρ.",
                    "spec Open question 3 (the adjustment's form and parameters are missing)")
ADJ_OTHER_WHY = R.Unbuilt("the Fig 3-13 replay is run at the spec's parameters only; the other (α, ρ) cells are "
                          "calibrated on whole games in E14, not replayed on this hand")

SIMCOUNT_REF = Reading("an independent reference estimate",
                       "A call 'changes' when an N = 50 estimate's opening call differs from that of an independent "
                       "estimate of as many deals as the pool; |E50 - E200| from the measured SDs.",
                       "thesis §4 (50 simulations differ little from 100 or 200 and rarely change the bid); spec E6",
                       default=True)
SIMCOUNT_200 = Reading("against N = 200", "A call 'changes' when the N = 50 call differs from an N = 200 call.",
                       "the thesis's table compares N = 50 with 100 and 200")
SIMCOUNT_200_WHY = R.Unbuilt("the convergence run keeps each N = 50 call against the reference call only, not "
                             "paired with an N = 200 estimate of the same hand")
SIMCOUNT_DEALS = Reading("the thesis's four deals", "The thesis's own four deals, recomputed.",
                         "thesis §4 simulation-count table")
SIMCOUNT_DEALS_WHY = "the four deals behind the thesis's table are not printed (spec Open question 10)"

# ----------------------------------------------------------------------------- the exchange (E8)

FACE_SEEN = Reading("face-up card seen (U = 30)",
                    "The face-up card counts as seen, so U = 30 unknown cards and p = 11/30.",
                    "thesis Example 3.1 (p = 11/30); spec Open question 6", default=True)
FACE_UNKNOWN = Reading("face-up card unknown (U = 31)",
                       "The face-up card counts among the unknown cards, so U = 31 and p = 11/31.",
                       "spec Open question 6 (the face-up card's status)")
TIES_LOWER = Reading("ties to the lower rank", "Equal-cost cards go to the lower rank.",
                     "thesis Example 3.3 (♦6 before ♦7)", default=True)
TIES_OTHER = Reading("another tie rule or other unprinted cards",
                     "Another tie rule, or other cards in the unprinted rest of the hand.",
                     "spec Open question 5; Examples 3.2 and 3.3 print only part of the hand")
TIES_OTHER_WHY = ("the thesis states the lower-rank choice in Example 3.3 itself, and the rest of each hand is not "
                  "printed, so no other reading can be built from what it gives")

# ----------------------------------------------------------------------------- the 19-game table (E9)

PRINTED_COLUMNS = Reading("the printed columns",
                          "Recomputed from the printed Est., DD, Actual and Winner columns, the error as DD - Est.",
                          "thesis §4 19-game table", default=True)
ERROR_COLUMN = Reading("the printed Error column",
                       "The thesis's own Error column as printed (game 18: 0.92), not DD - Est.",
                       "spec Open question 4 (game 18's error printed 0.92, the columns give 0.82)")
ACTUAL_COLUMN = Reading("against Actual", "The same statistic with Actual (the tricks com took) in place of DD.",
                        "thesis §4: the table prints both DD and Actual")
NO_OTHER_COUNT = Reading("another count", "Another way of counting the printed column.",
                         "thesis §4 19-game table")
NO_OTHER_COUNT_WHY = "a count of one printed column has no second reading"

# ----------------------------------------------------------------------------- estimation error (E11)

TARGET_AFTER = Reading("DD after the exchange",
                       "The error is measured against the DD tricks after the exchange.",
                       "thesis §4, the paragraph under its 19-game table (換牌結束後的磴數)", default=True)
#: Not a reading of the E11 claims: the thesis defines its error against the tricks after the exchange (seed 002
#: l.997, 「換牌結束後的磴數」), and a variant that contradicts the paper's own text is no reading of it
#: (docs/VERDICTS.md, "What counts as a reading"). It stays a diagnostic of the estimator, which never sees the
#: exchange (the E11 figure and the notebook's text; :data:`NOT_THE_THESIS`).
TARGET_DEALT = Reading("DD of the dealt hands",
                       "The error is measured against the DD tricks of the dealt hands, on which the estimate is "
                       "made.", "a diagnostic only: spec §6 (b) measures 'the final E against the DD result after a "
                                "simulated exchange', and the estimate never sees the exchange")
#: Why :data:`TARGET_DEALT` is shown beside the E11 claims but never among their readings.
NOT_THE_THESIS = ("the thesis measures its error against the tricks after the exchange (換牌結束後的磴數), so the "
                  "dealt hands are a diagnostic of the estimator, not a reading of the claim")
BOT_MCA = Reading("adjusted estimates (MCA)",
                  "The 19 games used the opponent-bid adjustment, so the estimates are MCA's.",
                  "spec Open question 3 (unknown whether the 19 games used the adjustment)")
FIRST_CALL = Reading("estimate at the first call", "Est. is com's E at its first call, not its last.",
                     "spec Open question 3 (which E is reported)")
FIRST_CALL_WHY = R.Unbuilt("the logged games keep each bot's estimate at its last call only: logger work (keep E at "
                           "the first call too), then the 1,400 self-play boards replayed, about 5 CPU minutes at "
                           "full size (0.22 s a deal)")
#: spec §8.2 for the 19 games: our bots simulate with the "real" lead (the opponent leads when com would declare,
#: com leads when it defends; :func:`liarlab.honeymoon.bidding.lead_flags`); the two fixed conventions are readings
E11_LEAD_COM = Reading("com leads in the simulations", "The 19 games' estimates were made with com always leading "
                       "in its simulated deals.", "spec Open question 2 (the lead in the bidding simulations is "
                       "unstated); spec §3 'Ablate with the program always leading'")
E11_LEAD_OPP = Reading("opponent leads in the simulations", "The 19 games' estimates were made with the opponent "
                       "always leading in com's simulated deals.", "spec Open question 2 (the lead in the bidding "
                       "simulations is unstated)")
#: spec §8.4: three printed Est. of the 19-game table (9.25, 2.95, 4.15) are not multiples of 1/50
E11_OTHER_N = Reading("another N in the 19 games", "The 19 games' estimates come from another number of simulated "
                      "deals than 50 (the thesis compares 50 with 100 and 200).", "spec Open question 4 (Est. "
                      "values 9.25, 2.95 and 4.15 are not multiples of 1/50)")
E11_REPLAY_COST = ("the 1,400 self-play and duplicate boards replayed with MC0 {what}: the chain keeps each "
                   "estimate, not the simulated deals behind it, so no estimate can be recomputed without its game "
                   "(about 5 CPU minutes at full size at N = 50, 0.22 s a deal{more}), beyond the CPU minute a cheap "
                   "reading may cost")
E11_LEAD_WHY = R.Unbuilt(E11_REPLAY_COST.format(what="under that lead convention (bidding.LEADS has the switch)",
                                                more=""))
E11_OTHER_N_WHY = R.Unbuilt(E11_REPLAY_COST.format(what="at N = 100 or 200 (the simulation count is a parameter "
                                                        "of the bot)",
                                                   more="; about 10 and 20 CPU minutes at N = 100 and 200"))
#: the E11 readings of spec §8.2 and §8.4, not built (History 2026-12-07, second session)
E11_UNBUILT = ((E11_LEAD_COM, E11_LEAD_WHY), (E11_LEAD_OPP, E11_LEAD_WHY), (E11_OTHER_N, E11_OTHER_N_WHY))
HUMAN = Reading("against a person", "The opponent is the author, a person.", "thesis §4 (19 games against the "
                                                                             "author)")
HUMAN_WHY = "the author cannot be replayed; our opponents are RULE and MC0"


def rows(family: str, claim: str, default: Reading, estimate, judgement, *, runs=(), skipped=()) -> list[dict]:
    """The readings rows of one claim: the default reading (the row's own estimate and verdict), each other
    reading that was run as (reading, estimate, judgement, note), and each not run as (reading, why). The
    ``default`` reading is the one this row is judged under (marked so here, whatever its declaration says: a
    family's rows may be computed under different readings); the others are marked not default."""
    out = [R.run(family, claim, replace(default, default=True), _value(estimate), judgement)]
    for reading, e, j, note in runs:
        out.append(R.run(family, claim, replace(reading, default=False), _value(e), j, note))
    out += [R.skipped(family, claim, replace(reading, default=False), why) for reading, why in skipped]
    return out


def _value(estimate):
    """An estimate as a readings row takes it: an Estimate, a number, or None for a value in words (a card, a
    call)."""
    if estimate is None or isinstance(estimate, V.Estimate):
        return estimate
    try:
        return float(estimate)
    except (TypeError, ValueError):
        return None


def table_bytes(n: int, *, valid_only: bool = False, line_end: int = 2) -> int:
    """The inferred endgame file's bytes at ``n`` cards a hand (the formula of
    :func:`liarlab.papers.p03.experiments.table_sizes`), only over length vectors with suits of at most 13 cards
    when ``valid_only``, with ``line_end`` bytes per line end."""
    from math import comb

    seqs = comb(2 * n, n)
    digits = experiments._sequence_digit_total(n)
    total = 0
    for t, a, b, c in experiments.length_vectors(n):
        if valid_only and max(t, a, b, c) > 13:
            continue
        total += digits + (len(str(a)) + len(str(b)) + len(str(c)) + 1 + 4 + line_end) * seqs
    return total


def example_scores_face_unknown() -> dict:
    """Example 3.1's scores with the face-up ♣2 counted as unknown (U = 31): {(case digit, card code): score}."""
    from liarlab.core.cards import card_code

    hand = parse_cards(["S3", "HA", "HQ", "HJ", "H8", "DA", "DJ", "D7", "CK", "CT", "C9", "C7", "C5"])
    opp_known = set(parse_cards(["SA", "S2"]))
    seen = set(parse_cards(["S9", "S8", "CQ", "CJ", "C8", "C6"]))   # the face-up C2 left out of the seen cards
    p, unknown = ex.in_opponent_probability(set(hand), opp_known, seen)
    out = {}
    for case, face, trump in (("1", 3.0, 1), ("2", 24.5, 3)):
        for c, v in ex.lead_scores(hand, opp_known, unknown, p, face, trump).items():
            out[(case, card_code(c))] = float(v)
    return out


def judged(judge, est: V.Estimate):
    """(estimate, judgement) of a reading under the row's rule ``judge``."""
    return est, judge(est)
