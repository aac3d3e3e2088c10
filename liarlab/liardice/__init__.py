"""Common-hand Liar Dice (papers 01 and 02): the rules, agents, the compiled engine and the network belief."""
