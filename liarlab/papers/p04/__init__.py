"""Notebook 04: the Cheat term paper (lie-profile learning and approximate Q-learning)."""
