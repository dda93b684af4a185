"""Forced searches decided in batches (cabinet/core/forcing.py `first_index`): the
attempts' generators and BookStreams, computed for many attempts at once, draw exactly
what the scalar sub-streams `substream(key, k)` draw; the batched search keeps the same
attempt as the scalar `search` over the same sub-streams."""
from __future__ import annotations

import json

import numpy as np
import pytest

from cabinet.core import forcing
from cabinet.core.forcing import ForceFailed, attempt_generators, attempt_streams, first_accepted, first_index, search
from cabinet.core.found_searches import FoundSearches
from cabinet.core.rng import Rng

KEYS = (0, 7, 2**32 - 1, 2**32, 0x1234_5678_9ABC_DEF0 >> 1, 2**63 - 2)


@pytest.mark.parametrize("key", KEYS)
def test_attempt_generators_draw_what_the_substreams_draw(key):
    gens = attempt_generators(key, 5, 40)
    try:
        for i, g in enumerate(gens):
            ref = forcing.substream(key, 5 + i).gen
            # 64-bit, bounded 32-bit, a half-used 32-bit word then 64-bit, doubles
            assert g.integers(0, 2**63 - 1) == ref.integers(0, 2**63 - 1)
            assert g.integers(0, 1000) == ref.integers(0, 1000)
            assert g.integers(0, 2**62) == ref.integers(0, 2**62)
            assert (g.random(3) == ref.random(3)).all()
            assert (g.integers(0, [3, 500, 70000]) == ref.integers(0, [3, 500, 70000])).all()
    finally:
        forcing._SPARE.extend(gens)


def test_spare_generators_are_reset_not_continued():
    first = attempt_generators(11, 0, 8)
    [g.random(100) for g in first]
    forcing._SPARE.extend(first)
    again = attempt_generators(11, 0, 8)
    assert [g.integers(0, 10**9) for g in again] == [forcing.substream(11, k).gen.integers(0, 10**9) for k in range(8)]
    forcing._SPARE.extend(again)


def test_attempt_streams_draw_what_the_substreams_draw():
    key = 424242424242
    st = attempt_streams(key, 300, 64)
    rows = np.arange(64)
    got = np.stack([st.below(rows, 6), st.below(rows, 1_000_003), st.below(rows, 2)], axis=1)
    subs = [forcing.substream(key, 300 + i) for i in range(64)]
    want = [[sub.below(n) for n in (6, 1_000_003, 2)] for sub in subs]
    assert got.tolist() == want


def _six_then_odd(gen_or_rng_draws):
    """A hand-set category: a die shows six and then a second die shows an odd number."""
    a, b = gen_or_rng_draws
    return (a == 5) & (b % 2 == 1)


@pytest.mark.parametrize("streams", [False, True])
def test_the_batched_search_keeps_the_scalar_searchs_attempt(streams):
    def scalar(sub: Rng):
        a, b = sub.below(6), sub.below(6)
        return (a, b) if _six_then_odd((a, b)) else None

    def by_gens(gens):
        return np.array([bool(_six_then_odd((g.integers(0, 6), g.integers(0, 6)))) for g in gens])

    def by_streams(st):
        rows = np.arange(len(st))
        a = st.below(rows, 6)
        return _six_then_odd((a, st.below(rows, 6)))

    for seed in range(20):
        rec = Rng.recording(seed)
        want = search(rec, scalar, 10_000, "a six then odd")
        batched = Rng.recording(seed)
        sub = first_accepted(batched, by_streams if streams else by_gens, 10_000, "a six then odd", streams=streams)
        assert batched.trace.values == rec.trace.values
        assert scalar(sub) == want                            # the kept attempt plays the same round
        assert batched.below(10**9) == rec.below(10**9)       # and the outer stream goes on alike
        replay = Rng.for_book(seed, rec.trace.values)
        assert scalar(first_accepted(replay, by_gens, 10_000, "a six then odd")) == want


def test_a_late_first_acceptance_spans_the_growing_batches():
    key = 99
    target = 256 + 512 + 17                                   # in the third batch
    seen = []

    def accepts(gens):
        seen.append(len(gens))
        start = sum(seen[:-1])
        return np.arange(start, start + len(gens)) == target
    assert first_index(key, accepts, 100_000, "attempt 785") == target
    assert seen == [256, 512, 1024]
    with pytest.raises(ForceFailed, match="could not force nothing in 300 attempts"):
        first_index(key, lambda gens: np.zeros(len(gens), dtype=bool), 300, "nothing")


@pytest.mark.parametrize("streams", [False, True])
def test_a_recorded_first_attempt_is_checked_and_used_instead_of_searching(streams, tmp_path):
    """first_accepted(found=a record holding {key: k}): the search plays only attempt k, after checking
    the category takes it; the book's hint and its round are the searched ones. A record
    whose attempt the category refuses (stale or altered) stops with the search named."""
    def by_gens(gens):
        return np.array([bool(_six_then_odd((g.integers(0, 6), g.integers(0, 6)))) for g in gens])

    def by_streams(st):
        rows = np.arange(len(st))
        return _six_then_odd((st.below(rows, 6), st.below(rows, 6)))
    accepts = by_streams if streams else by_gens

    def record(attempts: dict[int, int]) -> FoundSearches:
        path = tmp_path / "found.json"
        path.write_text(json.dumps({"attempts": {str(k): v for k, v in attempts.items()}}))
        return FoundSearches(path)
    for seed in range(6):
        rec = Rng.recording(seed)
        sub = first_accepted(rec, accepts, 10_000, "a six then odd", streams=streams)
        want, k = (sub.below(6), sub.below(6)), rec.trace.values[0]
        key = Rng(seed).seed64()
        sizes = []

        def counting(x):
            sizes.append(len(x))
            return accepts(x)
        again = Rng.recording(seed)
        got = first_accepted(again, counting, 10_000, "a six then odd", streams=streams, found=record({key: k}))
        assert sizes == [1] and again.trace.values == [k] and (got.below(6), got.below(6)) == want
        wrong = next(j for j in range(100) if not accepts(attempt_streams(key, j, 1) if streams
                                                              else attempt_generators(key, j, 1))[0])
        with pytest.raises(ForceFailed, match=f"recorded attempt {wrong} of the search for a six then odd keyed {key}"):
            first_accepted(Rng.recording(seed), accepts, 10_000, "a six then odd", streams=streams,
                           found=record({key: wrong}))
