"""Paper 02: Q-learning in two- and three-player common-hand Liar Dice (science-fair report, seed 001)."""
