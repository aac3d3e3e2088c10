"""The quick and full profiles (liarlab.study.profiles): a size is the profile's unless set."""
from liarlab.study import profiles


def test_profiles_pick_sizes_unless_set():
    assert profiles.pick(None, "quick", quick=1, full=2) == 1
    assert profiles.pick(None, "full", quick=1, full=2) == 2
    assert profiles.pick(7, "quick", quick=1, full=2) == 7
