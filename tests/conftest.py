"""Shared fixtures: every test starts from, and leaves behind, the same run context."""
import pytest

from liarlab.study import context


@pytest.fixture(autouse=True)
def restore_run_context():
    """Put back the run context (output root, parameters, workers, --force, profile, clock) after each test, so a
    test that calls ``context.start`` or ``notebook.setup`` cannot leak into the next one."""
    run, blocks = context._RUN[0], list(context._blocks())
    yield
    context._RUN[0] = run
    context._blocks()[:] = blocks
