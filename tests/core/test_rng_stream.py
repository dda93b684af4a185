"""The project's stream (cabinet/core/rng_stream.py) against numpy's own Generator
(the numpy pinned in pyproject.toml): draw for draw and state for state, over
thousands of seeds and mixed call sequences: integers with n = 1, 2, 3, 7, 2**31+1
(half its words rejected), 2**32, 2**32+1, 2**63-1 and the full int64 span, scalar
and array bounds, size=, negative lows, random(); and the kept 32-bit word across
64-bit draws. Also: the Rng facade on it, resuming a stream in numpy and back, and
bad arguments refused as numpy refuses them."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.core import rng_stream
from cabinet.core.rng import Rng, weighted_indices
from cabinet.core.rng_stream import Stream

EDGE_SEEDS = [0, 1, 2, 2**32 - 1, 2**32, 2**62, 2**63 - 1, 2**64 - 1]
BOUNDS = [1, 2, 3, 7, 10, 1000, 100_003, 2**31 - 1, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32, 2**32 + 1,
          2**40 + 3, 2**62 + 5, 2**63 - 1]


def numpy_gen(seed) -> np.random.Generator:
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return np.random.Generator(np.random.PCG64DXSM(ss))


def state_of(st: dict) -> tuple:
    """A PCG64DXSM state dict, its kept word only when it has one (numpy leaves a
    stale `uinteger` behind once the word is used)."""
    return st["state"]["state"], st["state"]["inc"], st["has_uint32"], st["uinteger"] if st["has_uint32"] else 0


def call(plan: np.random.Generator) -> tuple[str, tuple, dict]:
    """One random call of the interface the rounds use, with its arguments."""
    kind = int(plan.integers(0, 10))
    n = BOUNDS[int(plan.integers(0, len(BOUNDS)))]
    if kind <= 2:
        return "integers", (0, n), {}
    if kind == 3:
        return "integers", (n,), {}                                      # high=None: [0, n)
    if kind == 4:
        lo = -int(plan.integers(0, 2**62))
        return "integers", (lo, lo + n), {}
    if kind == 5:  # as the mini-reel landings: int bounds, int size
        lo = 0 if plan.random() < 0.7 else -int(plan.integers(0, 2**40))
        return "integers", (lo, lo + n), {"size": int(plan.integers(0, 40))}
    if kind == 6:                                                        # array bounds, as Piggy Farm's stops
        k = int(plan.integers(1, 8))
        bounds = [BOUNDS[int(i)] for i in plan.integers(0, len(BOUNDS), k)]
        if plan.random() < 0.5:
            return "integers", (0, np.array(bounds, dtype=np.int64)), {}
        return "integers", (0, np.array(bounds, dtype=np.int64)), {"size": (int(plan.integers(0, 4)), k)}
    if kind == 7:                                                        # many small bounds: one random_raw call
        k = int(plan.integers(1, 120))
        if plan.random() < 0.5:
            return "integers", (0, plan.integers(1, 200, k)), {}
        return "integers", (0, int(plan.choice([1, 2, 6, 97, 2**31 + 1, 2**32]))), {"size": (k, 2)}
    if kind == 8:
        return "random", (), {}
    return "random", (), {"size": int(plan.integers(0, 5)) if plan.random() < 0.7 else (2, 3)}


def same(got, want) -> bool:
    if isinstance(want, np.ndarray):
        return isinstance(got, np.ndarray) and got.dtype == want.dtype and got.shape == want.shape \
            and got.tolist() == want.tolist()
    return type(got) is (int if isinstance(want, np.integer) else float) and got == want


@pytest.mark.slow
@pytest.mark.parametrize("vector_from", [rng_stream.VECTOR_FROM, 1, 10**9])
def test_stream_draws_what_numpys_generator_draws_over_thousands_of_seeds(vector_from, monkeypatch):
    # arrays drawn in numpy (from VECTOR_FROM elements) and element by element alike
    monkeypatch.setattr(rng_stream, "VECTOR_FROM", vector_from)
    plan = np.random.default_rng(2024 + vector_from)
    seeds = EDGE_SEEDS + plan.integers(0, 2**63 - 1, 3000 if vector_from == rng_stream.VECTOR_FROM else 600).tolist()
    calls = 0
    for seed in seeds:
        ours, ref = Stream(seed), numpy_gen(seed)
        for _ in range(int(plan.integers(1, 25))):
            name, args, kw = call(plan)
            got, want = getattr(ours, name)(*args, **kw), getattr(ref, name)(*args, **kw)
            assert same(got, want), (seed, name, args, kw, got, want)
            assert state_of(ours.state) == state_of(ref.bit_generator.state), (seed, name, args, kw)
            calls += 1
    assert calls > 30_000 * len(seeds) // 3008


@pytest.mark.parametrize("n", BOUNDS + [2**63, 2**64 - 1, 2**64])
def test_below_is_integers_zero_n_with_the_kept_word_around_64_bit_draws(n):
    for seed in range(40):
        ours, ref = Stream(seed), numpy_gen(seed)
        for lead in ([], [1000], [1000, 2**40]):             # no kept word, a kept word, kept across a 64-bit draw
            for m in lead:
                assert ours.below(m) == ref.integers(0, m)
            if n <= 2**63:
                assert ours.below(n) == ref.integers(0, n)
            else:                                            # beyond int64: the uint64 draws of the same rule
                assert ours.below(n) == ref.integers(0, n - 1, dtype=np.uint64, endpoint=True)
            assert state_of(ours.state) == state_of(ref.bit_generator.state)


def test_the_full_int64_span_and_single_value_ranges():
    for seed in range(50):
        ours, ref = Stream(seed), numpy_gen(seed)
        assert ours.integers(-2**63, 2**63) == ref.integers(-2**63, 2**63)        # 2**64 values: one raw output
        assert ours.integers(5, 6) == ref.integers(5, 6) == 5                   # n == 1: nothing drawn
        assert same(ours.integers(np.int64(-4), np.array(9)), ref.integers(np.int64(-4), np.array(9)))  # 0-d: a scalar
        assert same(ours.integers(0, [1, 1, 1]), ref.integers(0, [1, 1, 1]))
        assert same(ours.integers(-2**63, 2**63, size=3), ref.integers(-2**63, 2**63, size=3))
        assert same(ours.integers([-5, 0, -2**63], [2**63, 1, 0]), ref.integers([-5, 0, -2**63], [2**63, 1, 0]))
        assert same(
            ours.integers(0, np.array([3, 9], dtype=np.uint64)), ref.integers(0, np.array([3, 9], dtype=np.uint64))
        )
        assert state_of(ours.state) == state_of(ref.bit_generator.state)


@pytest.mark.parametrize("vector_from", [1, rng_stream.VECTOR_FROM])
def test_arrays_that_reject_words_are_drawn_element_by_element(vector_from, monkeypatch):
    # 2**31 + 1 rejects about half of its words: the one-call path steps back and the
    # element-by-element rule gives numpy's numbers and position
    monkeypatch.setattr(rng_stream, "VECTOR_FROM", vector_from)
    for seed in range(300):
        ours, ref = Stream(seed), numpy_gen(seed)
        for size in (1, 2, 5, 6, 13, 40, 101):
            if seed % 2:
                ours.below(10), ref.integers(0, 10)          # a kept word before the array
            assert same(ours.integers(0, 2**31 + 1, size=size), ref.integers(0, 2**31 + 1, size=size))
            b = np.array([7, 2**31 + 1, 1, 2**32, 3], dtype=np.int64)
            assert same(ours.integers(0, b), ref.integers(0, b))
            assert state_of(ours.state) == state_of(ref.bit_generator.state), (seed, size)


def test_a_stream_resumes_in_numpy_and_back():
    for seed in range(200):
        ours, ref = Stream(seed), numpy_gen(seed)
        for _ in range(seed % 5):
            ours.below(6), ref.integers(0, 6)
        g = np.random.Generator(np.random.PCG64DXSM(0))
        g.bit_generator.state = ours.state                    # ours -> numpy
        assert [g.integers(0, 97) for _ in range(7)] == [ref.integers(0, 97) for _ in range(7)]
        back = Stream(1)
        back.state = g.bit_generator.state                    # numpy -> ours
        assert [back.below(97) for _ in range(5)] + [back.integers(0, 2**40)] == \
            [int(g.integers(0, 97)) for _ in range(5)] + [int(g.integers(0, 2**40))]
        assert back.random() == g.random()


def test_rng_draws_on_the_stream_as_before():
    for seed in range(300):
        rng, ref = Rng.for_book(seed), numpy_gen(seed)
        assert isinstance(rng.gen, Stream)
        assert rng.seed64() == ref.integers(0, 2**63 - 1)
        assert rng.below(37) == ref.integers(0, 37)
        assert rng.between(-3, 3) == -3 + ref.integers(0, 7)
        assert rng.chance(1, 3) == (ref.integers(0, 3) < 1)
        cum = np.cumsum([5, 0, 12, 1])
        assert rng.weighted([5, 0, 12, 1]) == int(np.searchsorted(cum, ref.integers(0, 18), side="right"))
        items, want = list(range(9)), list(range(9))
        rng.shuffle(items)
        for i in range(8, 0, -1):
            j = int(ref.integers(0, i + 1))
            want[i], want[j] = want[j], want[i]
        assert items == want
    sub = np.random.SeedSequence(77, spawn_key=(5,))
    assert Rng(sub).below(1000) == numpy_gen(np.random.SeedSequence(77, spawn_key=(5,))).integers(0, 1000)


def test_bad_arguments_are_refused():
    s = Stream(3)
    for bad in (0, -1, 2**64 + 1):
        with pytest.raises(ValueError):
            s.below(bad)
    for args in ((5, 5), (6, 5), (0, 2**63 + 1), (-2**63 - 1, 0)):
        with pytest.raises(ValueError):
            s.integers(*args)
        with pytest.raises(ValueError):
            numpy_gen(3).integers(*args)
    with pytest.raises(ValueError):
        s.integers(0, [3, 0])
    with pytest.raises(ValueError):
        s.integers(0, 5, size=-1)
    with pytest.raises(TypeError):
        s.integers(0, 2.5)
    with pytest.raises(TypeError):
        s.integers(0, np.array([2.5]))
    with pytest.raises(ValueError):
        s.state = np.random.PCG64(0).state
    before = state_of(s.state)
    with pytest.raises(ValueError):
        s.integers(0, [3, -1])
    assert state_of(s.state) == before                        # a refused call draws nothing


@pytest.mark.parametrize("weights", [[5, 0, 3, 0, 0, 9], [1], [0, 0, 7], [2**40, 1, 2**40 - 3], [3, 3, 3, 0]])
def test_weighted_cum_maps_each_draw_to_the_index_weighted_indices_gives(weights):
    # a list, a tuple or an array of cumulative weights (zero weights repeat a value:
    # the draw goes past them, as searchsorted's right side does), one below(total) each
    cum = np.cumsum(np.array(weights, dtype=np.int64))
    for seed in range(40):
        ref, as_list, as_tuple, as_array = (Rng.for_book(seed) for _ in range(4))
        for _ in range(25):
            want = int(weighted_indices(cum, ref.below(int(cum[-1]))))
            got = (as_list.weighted_cum(cum.tolist()), as_tuple.weighted_cum(tuple(cum.tolist())),
                   as_array.weighted_cum(cum))
            assert got == (want, want, want) and all(type(g) is int for g in got)
            assert weights[want] > 0


@pytest.mark.parametrize("n", [1, 2, 7, 1000, 10_000, 2**31 + 1, 3 * 2**30, 2**32, 2**32 + 1, 2**40 + 3])
def test_below_list_is_integers_zero_n_with_size_draw_for_draw(n):
    # from a kept word or none, any count up to past LIST_BELOW (lists of Python ints
    # from one random_raw call, or the array path), with 2**31 + 1 rejecting half its words
    for seed in range(60):
        ours, ref = Stream(seed), numpy_gen(seed)
        for count in (0, 1, 2, 3, 5, 22, rng_stream.LIST_BELOW - 1, rng_stream.LIST_BELOW, 70):
            if seed % 2:
                assert ours.below(3) == int(ref.integers(0, 3))          # leave a kept 32-bit word
            got = ours.below_list(n, count)
            assert type(got) is list and all(type(x) is int for x in got)
            assert got == ref.integers(0, n, size=count).tolist(), (seed, n, count)
            assert state_of(ours.state) == state_of(ref.bit_generator.state), (seed, n, count)


def test_below_list_refuses_a_bound_or_count_out_of_range():
    st = Stream(1)
    for n, count in ((0, 3), (-5, 3), (7, -1)):
        with pytest.raises(ValueError):
            st.below_list(n, count)
