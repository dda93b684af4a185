"""BookStreams draws exactly what Rng.for_book(seed) draws, seed by seed: the seeding
(SeedSequence + PCG64DXSM), the raw stream and numpy's unbiased integer scaling, for
any interleaving of rows, bounds and draws (including bounds that reject often)."""
import numpy as np
import pytest

from cabinet.core.rng import Rng
from cabinet.core.rng_batch import BookStreams, seed_words
from cabinet.core.batch import feature_tuples

EDGE = [0, 1, 2, 2**32 - 1, 2**32, 2**62, 2**63 - 1, 2**64 - 1]


def seeds(n: int, salt: int = 3) -> np.ndarray:
    rnd = np.random.default_rng(salt).integers(0, 2**63 - 1, n, dtype=np.uint64)
    return np.concatenate([np.array(EDGE, dtype=np.uint64), rnd])


def test_seed_words_are_seedsequence_generate_state():
    s = seeds(300)
    want = np.array([np.random.SeedSequence(int(x)).generate_state(4, np.uint64) for x in s])
    assert (seed_words(s) == want).all()


def test_below_matches_every_seed_under_any_interleaving():
    s = seeds(300)
    st, gens = BookStreams(s), [Rng.for_book(int(x)) for x in s]
    plan = np.random.default_rng(9)
    for step in range(400):
        rows = np.flatnonzero(plan.random(len(s)) < 0.6)
        n = int(plan.choice([1, 2, 3, 5, 60, 1000, 100_000, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32]))
        got = st.below(rows, n)
        assert got.tolist() == [gens[i].below(n) for i in rows], (step, n)


def test_per_row_bounds_chance_and_weighted_draws():
    s = seeds(200, salt=4)
    st, gens = BookStreams(s), [Rng.for_book(int(x)) for x in s]
    rows = np.arange(len(s))
    bounds = np.random.default_rng(2).integers(1, 2**32, len(s))
    assert st.below(rows, bounds).tolist() == [g.below(int(b)) for g, b in zip(gens, bounds)]
    assert st.chance(rows, 37, 100).tolist() == [g.chance(37, 100) for g in gens]
    cum = np.cumsum([3000, 2400, 1700, 5, 1])
    assert st.weighted_cum(rows, cum).tolist() == [g.weighted_cum(cum) for g in gens]


@pytest.mark.slow
def test_below_many_is_integers_with_size_and_sequential_below():
    s = seeds(200, salt=5)
    st, gens = BookStreams(s), [Rng.for_book(int(x)) for x in s]
    plan = np.random.default_rng(1)
    for step in range(150):
        rows = np.flatnonzero(plan.random(len(s)) < 0.7)
        width = int(plan.integers(1, 12))
        count = plan.integers(0, width + 1, len(rows))
        if step % 2:
            n = int(plan.choice([1000, 2**31 + 3]))             # one bound: integers(0, n, size=count)
            got = st.below_many(rows, n, count)
            want = [gens[i].gen.integers(0, n, size=int(c)).tolist() for i, c in zip(rows, count)]
        else:
            n = plan.choice([15, 1000, 2**31 + 1, 3 * 2**30 + 7], size=width)    # a bound per draw
            got = st.below_many(rows, n, count)
            want = [[gens[i].below(int(n[j])) for j in range(c)] for i, c in zip(rows, count)]
        assert [got[k, :c].tolist() for k, c in enumerate(count)] == want, step
        # the streams stay in step with single draws afterwards
        assert st.below(rows, 60).tolist() == [gens[i].below(60) for i in rows]


def test_a_subset_carries_on_each_stream():
    s = seeds(100, salt=6)
    st, gens = BookStreams(s), [Rng.for_book(int(x)) for x in s]
    everyone = np.arange(len(s))
    assert st.below(everyone, 97).tolist() == [g.below(97) for g in gens]
    keep = np.arange(0, len(s), 3)
    sub = st.subset(keep)
    for _ in range(50):                                     # past the first buffer: the subset extends
        assert sub.below(np.arange(len(keep)), 1000).tolist() == [gens[i].below(1000) for i in keep]


def test_bad_bounds_are_refused():
    st = BookStreams([1, 2])
    with pytest.raises(ValueError):
        st.below(np.array([0, 1]), np.array([0, 5]))
    with pytest.raises(ValueError):
        st.below_many(np.array([0]), 2**32, np.array([1]))


def test_feature_tuples_list_the_set_names_in_order():
    flags = np.array([[True, False, True], [False, False, False], [False, True, True]])
    assert feature_tuples(flags, ("a", "b", "c")) == [("a", "c"), (), ("b", "c")]
