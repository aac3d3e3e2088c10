"""Notebook 06 makes no paper's claim: papers 01 and 02 never measured their players against exact play. There are
no printed numbers to compare with; every claims row of notebook 06 is an extension. The sources below name
where the players' rules come from."""

SOURCE = "an extension of ours: papers 01 and 02's players in the exact end game"
#: the source of the IS-MCTS baseline's rows (OpenSpiel's bot against the papers' players)
ISMCTS_SOURCE = "an extension of ours: OpenSpiel's IS-MCTS against papers 01 and 02's players"
PAPER01_RULES = "paper 01 (Huang 2009), Ch. 4 §2 and Ch. 5 §1"
PAPER02_RULES = "paper 02 (SA22-239), EXP0-EXP3"
PRINTED: dict = {}
