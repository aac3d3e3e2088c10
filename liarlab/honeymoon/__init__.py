"""Honeymoon Bridge (paper 03): rules, the exact two-hand solver, bidding, exchange and bots."""
from . import agents  # noqa: F401  (registers the bots)
from .rules import HoneymoonState
from .solver import DoubleDummy, double_dummy_tricks, double_dummy_tricks_reference

__all__ = ["DoubleDummy", "HoneymoonState", "double_dummy_tricks", "double_dummy_tricks_reference"]
