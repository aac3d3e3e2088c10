"""Notebook 06's section prose that states a size: every size is this run's, read from the run's parameters, with
the full profile's beside it when the run used another (a reader never sees a size the run did not use)."""
from liarlab.papers.p06.params import PARAMS
from liarlab.study.answer import and_list


def _number(value) -> str:
    if isinstance(value, (list, tuple)):
        if len(value) > 4 and list(value) == list(range(min(value), max(value) + 1)):
            return f"{_number(min(value))} to {_number(max(value))}"
        return and_list(_number(v) for v in value)
    return f"{value:,}"


def sized(params: dict, name: str, words: str = "{}") -> str:
    """``words`` with this run's value of parameter ``name`` in it, and the full profile's in parentheses when it
    differs: sized(p, "league_games", "{} games a pair") -> '40 games a pair in this run (200 in the full profile)'."""
    run, full = params[name], PARAMS.size(name, "full")
    text = words.format(_number(run))
    return text if run == full else f"{text} in this run ({_number(full)} in the full profile)"


def measures_words(params: dict) -> str:
    """The Measures paragraph (its float threshold is this run's)."""
    return (
        "**Measures.** For a player in one seat, a *best responder* knows its strategy exactly and plays the other "
        "seat as well as possible. The player's *exploitability* in that seat is the game value of the seat minus "
        "what it guarantees (its result against the best responder): 0 exactly for an equilibrium strategy. We also "
        "let the certified equilibrium play the other seat: its *edge* is what it wins beyond the game value. It "
        "does not aim at the player, so its edge lies between 0 and the exploitability. Everything is computed by "
        "walking the game tree, in fractions where a plan has at most "
        + sized(params, "exact_max_sequences", "{} sequences") + ". A larger plan is walked in floating point; when the player is deterministic its exact value is still "
        "recovered, because every denominator divides the product of the two hands' probability denominators, "
        "so its exploitability keeps its fraction.")


def learner_words(params: dict) -> str:
    """How the end games' Q-learners are trained (this run's stage length and seeds)."""
    return (
        "Paper 02's Q-learners are retrained in each game by paper 02's own procedure: *RLk* plays one stage of "
        + sized(params, "learner_games", "{} games") + " against the rule player EXPk (paper 02's epsilon, alpha "
        "and gamma, its partial-hand keys and backward update, seats alternating) and is then evaluated greedy, "
        "like every player. A greedy player is deterministic, so its exploitability is an exact fraction even when "
        "its plan is walked in floats. Each learner is trained with "
        + sized(params, "learner_seeds", "{} seeds") + ", each seed one row (\"RL0 (seed 1)\" is RL0 of training "
        "seed 1), so the seeds show how much a learner's exploitability owes to its training run: a family mean over the "
        "Q-learners is a mean over these seeds too.")


def league_words(params: dict) -> str:
    """The league section's introduction (this run's games a pair, stage length and training seeds)."""
    return (
        "The two papers' players have never met, though they play the same game. Here the rule players of both "
        "(random guess and the test programs of paper 01; EXP0-EXP3, RAND and EXPRAND of paper 02), paper 01's "
        "Bayesian-network player and paper 02's Q-learners RL0-RL3 play every other under paper 02's rules: two "
        "players, five six-sided dice each, bids from one die up (paper 01's thesis starts at two dice; its players "
        "read the bid ladder from the rules they are told). Every pair plays "
        + sized(params, "league_games", "{} games") + ", with fresh players and the first mover alternating. The "
        "ratings are a Bradley-Terry model fitted by maximum likelihood (strengths of mean 0, log-odds: a difference "
        "of 1 is odds of e to 1), with 95% Wald intervals.\n\n"
        "The network player learns its opponent over the pair's games, fresh for each opponent, so its rating is "
        "that of a player given that many games to learn each one. Each Q-learner RLk is trained as paper 02 trains "
        "its one-stage models, one stage of " + sized(params, "league_learner_games", "{} games") + " against EXPk, "
        + sized(params, "league_learner_seeds", "{} training seeds") + ", each seed a player of its own, and plays "
        "frozen and greedy, as in the end games (paper 02 measures its tables while they still explore).\n\n"
        "No equilibrium player is in the league: none of its states is an end game solved exactly (two dice each at "
        "most). The pairs are in `data/06_league_pairs.csv`, the ratings in `data/06_league.csv`.")


def league_details() -> str:
    """Method details of the league a reader may skip (folded on the page)."""
    return (
        "A bid of one die, which paper 01's game does not have, is outside the network player's network: it neither "
        "reads nor learns from it. Players are added to the league in a fixed order (rule players, then the network "
        "player, then the Q-learners), each new player's pairs after the earlier ones', so adding one leaves every "
        "earlier pair's games as they were. The Q-learners train against the league's EXP rules (an EXP rule's "
        "honest bid read as the smallest legal bid), where paper 02's run trains against the reading its EXP "
        "figures select. A table plays with ties going to the last action, as paper 02's greedy choice.")


def games_words(params: dict) -> str:
    """Which end games this run plays and which of the declared ones it leaves out (issue 50: the page described
    2v2 results the run never computed)."""
    from liarlab.papers.p06.experiments import dice_of, label_of

    played = [label_of(dice_of(g)) for g in params["games"]]
    left = [label_of(dice_of(g)) for g in PARAMS["games"].options if g not in params["games"]]
    if not left:
        return f"This run plays every end game: {and_list(played)}."
    return (f"This run plays {and_list(played)} only; {and_list(left)} {'is' if len(left) == 1 else 'are'} left out "
            "(the coverage ledger at the end says why).")


def test_programs_words(params: dict) -> str:
    """Which of paper 01's test programs this run plays, and (for at most four) each one's five traits (issue 50:
    "test program 16" was a number with no meaning on the page)."""
    from liarlab.liardice.agents import traits_of

    one_die = list(params["test_types"])
    text = (f"Test programs played: in the one-die game {sized(params, 'test_types', '{}')}, in the three-dice "
            f"games {sized(params, 'test_types_larger', '{}')}.")
    if len(one_die) <= 4:
        text += " Their traits: " + "; ".join(f"program {t}: {traits_of(int(t)).label()}" for t in one_die) + "."
    return text
