"""Profiles change sizes only: ``quick`` for tests and CI, ``full`` for the committed report."""
from __future__ import annotations

from liarlab.core.validation import check_choice

PROFILES = ("quick", "full")


def pick(value, profile: str, *, quick, full):
    """``value`` if the user set it, else the profile's size (parameters cells default to None)."""
    check_choice("profile", profile, PROFILES)
    if value is not None:
        return value
    return quick if profile == "quick" else full
