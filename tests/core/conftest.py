"""What the core tests share: a comparable, repr-stable form of what games show and record."""
import dataclasses

import numpy as np

#: Fields added to a dataclass after the frozen digests were taken, with their defaults: at its default such a
#: field is left out of the comparable form, so a game that plays as before digests as before (a field set to
#: anything else still shows). CheatRules' two readings of spec §8.5-§8.6 (issue 49) are in every Cheat
#: observation, which carries its rules.
ADDED_AT_DEFAULT = {("CheatRules", "first_player"): None, ("CheatRules", "rank_after_challenge"): "continue"}


def _added_at_default(obj, name: str) -> bool:
    key = (type(obj).__name__, name)
    return key in ADDED_AT_DEFAULT and getattr(obj, name) == ADDED_AT_DEFAULT[key]


def canon(obj):
    """A comparable form of an observation, action, record or event (dataclasses, dicts, numpy arrays, sets,
    tuples, scalars) whose repr does not depend on the run (sets and dict keys sorted by repr)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,) + tuple((f.name, canon(getattr(obj, f.name))) for f in dataclasses.fields(obj)
                                             if not _added_at_default(obj, f.name))
    if isinstance(obj, dict):
        return ("dict",) + tuple(sorted((repr(k), canon(v)) for k, v in obj.items()))
    if isinstance(obj, np.ndarray):
        return ("array", obj.shape, tuple(obj.ravel().tolist()))
    if isinstance(obj, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(canon(x)) for x in obj))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__,) + tuple(canon(x) for x in obj)
    if isinstance(obj, np.generic):
        return obj.item()
    return obj
