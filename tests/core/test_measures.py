"""Distances from equilibrium (liarlab.core.measures)."""
from liarlab.core.measures import mean_gain, nash_conv


def test_nash_conv_is_the_sum_and_mean_gain_the_mean_of_both_gains():
    assert nash_conv(0.25, 0.5) == 0.75
    assert mean_gain(0.25, 0.5) == 0.375
