"""The libraries' RTP is re-derived on load with exact integer sums (book_format.exact_dot):
every path (one int64 dot, k-bit limbs of one side, 16-bit limbs of both) equals
Python's exact sum of products."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.core.book_format import exact_dot


@pytest.mark.parametrize("abits, bbits", [(10, 10), (40, 1), (50, 23), (62, 23), (62, 62), (1, 62), (63, 40)])
def test_exact_dot_is_the_exact_sum_of_products(abits, bbits):
    rng = np.random.default_rng(abits * 100 + bbits)
    for n in (1, 7, 3000):
        a = rng.integers(0, 2**abits, size=n, dtype=np.int64)
        b = rng.integers(0, 2**bbits, size=n, dtype=np.int64)
        a[0], b[0] = 2**abits - 1, 2**bbits - 1          # the largest values each side may hold
        assert exact_dot(a, b) == sum(int(x) * int(y) for x, y in zip(a.tolist(), b.tolist()))


def test_exact_dot_of_empty_and_zero_arrays_is_zero():
    z = np.zeros(5, dtype=np.int64)
    assert exact_dot(z[:0], z[:0]) == 0 and exact_dot(z, z + 7) == 0
