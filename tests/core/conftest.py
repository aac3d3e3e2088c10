"""What the core tests share: a comparable, repr-stable form of what games show and record."""
import dataclasses

import numpy as np


def canon(obj):
    """A comparable form of an observation, action, record or event (dataclasses, dicts, numpy arrays, sets,
    tuples, scalars) whose repr does not depend on the run (sets and dict keys sorted by repr)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,) + tuple((f.name, canon(getattr(obj, f.name))) for f in dataclasses.fields(obj))
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
