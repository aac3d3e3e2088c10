"""Shared fixtures: every test starts from, and leaves behind, the same run-frame state."""
import copy

import pytest

from liarlab.study import cache, notebook, outputs, parallel


@pytest.fixture(autouse=True)
def restore_frame_state():
    """Put back the frame's module-level settings (output root, parameters, executor, --force, profile)
    after each test, so a test that calls ``outputs.configure`` or ``notebook.setup`` cannot leak
    into the next one."""
    saved = (copy.deepcopy(outputs._state), dict(parallel._DEFAULTS), dict(cache._FORCE), dict(notebook._current))
    yield
    outputs._state.clear()
    outputs._state.update(saved[0])
    for live, old in zip((parallel._DEFAULTS, cache._FORCE, notebook._current), saved[1:]):
        live.clear()
        live.update(old)
