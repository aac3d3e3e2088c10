import numpy as np
import pytest


class ReplayRng:
    """A stand-in Generator that hands out a fixed array of uniforms in order (to replay the compiled engines)."""

    def __init__(self, uniforms):
        self.u = np.asarray(uniforms, dtype=float)
        self.i = 0

    def random(self, size=None):
        if size is None:
            x = float(self.u[self.i])
            self.i += 1
            return x
        x = self.u[self.i:self.i + size].copy()
        self.i += size
        return x


@pytest.fixture
def uniforms():
    return np.random.default_rng(12345).random(400_000)
