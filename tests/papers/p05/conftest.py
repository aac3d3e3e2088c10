"""Tampering helpers shared by the certificate tests: a stored file rewritten with one part changed."""
import json

import numpy as np


def rewrite(path, *, array=None, meta=None):
    """Rewrite a stored file with one array (``(name, function)``) or its meta (a function of the dict) changed."""
    with np.load(path) as f:
        arrays = {k: f[k] for k in f.files}
    if array is not None:
        name, change = array
        arrays[name] = change(arrays[name].copy())
    if meta is not None:
        arrays["meta"] = np.array(json.dumps(meta(json.loads(str(arrays["meta"])))))
    np.savez_compressed(path, **arrays)


def nudge_mixed(X):
    """Move one mixed probability of a plan (a weight strictly between 0 and 1) by 0.05."""
    d, i = np.argwhere((X > 0.1) & (X < 0.9))[0]
    X[d, i] += 0.05
    return X
