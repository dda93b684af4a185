"""book_rngs(seeds) gives, seed by seed, the very streams of Rng.for_book(seed): the
prefetched words (scalar draws, and array draws served from them while they last), then
past them (scalar and array draws, a step back, the state read
and set) the real generator the stream hands over to."""
import numpy as np
import pytest

from cabinet.core.rng import Rng
from cabinet.core.rng_prefetch import book_rngs, seed_array

EDGE = [0, 1, 2, 2**32 - 1, 2**32, 2**62, 2**63 - 1, 2**64 - 1]


def seeds(n: int, salt: int = 5) -> np.ndarray:
    rnd = np.random.default_rng(salt).integers(0, 2**63 - 1, n, dtype=np.uint64)
    return np.concatenate([np.array(EDGE, dtype=np.uint64), rnd])


@pytest.mark.parametrize("words", [0, 1, 3, 8, 20, 40])
def test_every_draw_is_rng_for_book(words):
    s = seeds(120)
    plan = np.random.default_rng(words)
    for seed, got in zip(s.tolist(), book_rngs(s, words)):
        want = Rng.for_book(seed)
        for step in range(30):                    # runs past the prefetched words for every `words`
            kind = int(plan.integers(0, 6))
            if kind == 0:
                n = int(plan.choice([2, 3, 7, 1000, 2**31 + 1, 2**32, 2**40, 2**64]))
                assert got.below(n) == want.below(n), (seed, step, n)
            elif kind == 1:
                assert got.gen.random() == want.gen.random()
            elif kind == 2:                       # an array draw: numpy's path, with its step back on a rejection
                size = int(plan.choice([1, 5, 24, 40]))
                hi = int(plan.choice([9, 3 * 2**30, 2**32]))
                assert got.gen.integers(0, hi, size=size).tolist() == want.gen.integers(0, hi, size=size).tolist()
            elif kind == 3:
                assert got.gen.random(3).tolist() == want.gen.random(3).tolist()
            elif kind == 4:
                assert got.weighted([1, 5, 0, 7]) == want.weighted([1, 5, 0, 7])
            else:
                assert got.gen.next_uint32() == want.gen.next_uint32()
        assert got.gen.state == want.gen.state


def test_state_read_and_set_before_any_draw():
    s = seeds(10)
    for seed, got in zip(s.tolist(), book_rngs(s)):
        want = Rng.for_book(seed)
        assert got.gen.state == want.gen.state     # read at position 0: the hand-over steps back over every word
        assert got.below(100) == want.below(100)   # and it draws on from there
        other = Rng.for_book(seed + 1 if seed < 2**64 - 1 else 0)
        got.gen.state = other.gen.state
        assert [got.below(77) for _ in range(12)] == [other.below(77) for _ in range(12)]


def test_rngs_are_natural_streams_without_hints():
    rngs = book_rngs([3, 4])
    assert [r.trace for r in rngs] == [None, None]
    assert book_rngs([]) == []


@pytest.mark.parametrize("bad, kind", [([-1, 3], ValueError), ([1.5], TypeError), (["7"], TypeError)])
def test_a_seed_numpy_would_wrap_is_refused(bad, kind):
    with pytest.raises(kind, match="seeds"):
        seed_array(bad)
    with pytest.raises(kind):
        book_rngs(bad)
