"""Short reprs for result objects: a solver's result holds plans and tables of thousands of numbers, and its repr
(what a notebook or a terminal prints) shows their shapes, not their contents."""
from __future__ import annotations

import dataclasses

import numpy as np

#: the longest text a field's value may take in a compact repr
FIELD_LIMIT = 80


def summary(value, limit: int = FIELD_LIMIT) -> str:
    """A value in at most about ``limit`` characters: an array as its shape and dtype, a long container as its
    length, a dataclass as its own (short) repr, anything else its repr cut short."""
    if isinstance(value, np.ndarray):
        return f"<array {'x'.join(map(str, value.shape)) or 'scalar'} {value.dtype}>"
    if hasattr(value, "shape") and hasattr(value, "nnz"):          # a scipy sparse matrix
        return f"<sparse {'x'.join(map(str, value.shape))}, {value.nnz:,} nonzeros>"
    if isinstance(value, (tuple, list)) and any(isinstance(v, (np.ndarray, dict, tuple, list)) for v in value):
        inner = ", ".join(summary(v, limit // 2) for v in value[:3]) + (", ..." if len(value) > 3 else "")
        text = f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
        if len(text) <= limit:
            return text
        return f"<{type(value).__name__} of {len(value):,}>"
    text = " ".join(repr(value).split())
    if len(text) <= limit:
        return text
    if isinstance(value, (dict, tuple, list, set)):
        return f"<{type(value).__name__} of {len(value):,}>"
    return text[: limit - 3] + "..."


def compact_repr(self) -> str:
    """``Name(field=value, ...)`` over the dataclass's repr fields, each value by :func:`summary`: assign it as a
    result dataclass's ``__repr__``."""
    parts = [f"{f.name}={summary(getattr(self, f.name))}" for f in dataclasses.fields(self) if f.repr]
    return f"{type(self).__name__}({', '.join(parts)})"
