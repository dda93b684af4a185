"""Forced searches (cabinet/core/forcing.py): a recorded search and its replay give the
same round and the same stream after it; replay runs only the kept attempt; a wrong,
missing or extra hint is refused; an attempt that draws from the outer stream fails."""
from __future__ import annotations

import pytest

from cabinet.core import forcing
from cabinet.core.forcing import ForceFailed, best_of, search
from cabinet.core.rng import ReplayError, Rng


def first_six(sub: Rng):
    """An attempt: a die roll that is kept only on a six."""
    roll = sub.below(6) + 1
    return roll if roll == 6 else None


def nested(rng: Rng):
    """Two searches, the second inside the first's attempts, then a draw after both."""
    def outer(sub: Rng):
        inner = search(sub, first_six, 1000, "a six")
        coin = sub.below(2)
        return (inner, coin) if coin else None
    got = search(rng, outer, 1000, "heads after a six")
    return got, rng.below(10**9)


def test_replay_gives_the_same_result_and_stream_with_one_attempt_per_search(monkeypatch):
    rec = Rng.recording(12)
    want = nested(rec)
    hints = list(rec.trace.values)
    assert len(hints) == 2 and all(h >= 0 for h in hints)
    made = []
    real = forcing._sub
    monkeypatch.setattr(forcing, "_sub", lambda key, k, trace: made.append(k) or real(key, k, trace))
    again = Rng.for_book(12, hints)
    assert nested(again) == want
    again.trace.finish()
    assert made == hints                      # one sub-stream per search: the kept ones


def test_without_hints_the_search_finds_the_same_round():
    rec = Rng.recording(99)
    want = nested(rec)
    assert nested(Rng(99)) == want            # the hints only save time


def test_a_rejected_attempts_nested_hints_are_not_kept():
    for seed in range(30):
        rec = Rng.recording(seed)
        nested(rec)
        assert len(rec.trace.values) == 2     # one per search of the kept attempt only


def test_a_wrong_hint_is_refused():
    rec = Rng.recording(5)
    nested(rec)
    outer, inner = rec.trace.values
    rng = Rng.for_book(5, [outer, inner + 1])
    with pytest.raises(ReplayError, match="not an accepted attempt"):
        nested(rng)
    with pytest.raises(ReplayError, match="no hint left"):
        nested(Rng.for_book(5, [outer]))
    extra = Rng.for_book(5, [outer, inner, 3])
    nested(extra)
    with pytest.raises(ReplayError, match="unused"):
        extra.trace.finish()


def test_an_attempt_drawing_from_the_outer_stream_fails():
    rng = Rng(1)
    with pytest.raises(RuntimeError, match="outer stream"):
        search(rng, lambda sub: rng.below(6), 10, "a bad attempt")
    assert 0 <= rng.below(6) < 6              # the outer stream works again after


def test_a_search_that_finds_nothing_says_so():
    with pytest.raises(ForceFailed, match="could not force a seven in 50 attempts"):
        search(Rng(3), lambda sub: None, 50, "a seven")


def test_best_of_keeps_the_best_and_replays_it():
    rec = Rng.recording(8)
    scores = []

    def make(sub: Rng):
        return sub.below(1000)

    def score(x):
        scores.append(x)
        return x
    best = best_of(rec, 40, make, score, "the highest draw")
    assert best == max(scores) and len(scores) == 40
    scores.clear()
    again = Rng.for_book(8, rec.trace.values)
    assert best_of(again, 40, make, score, "the highest draw") == best
    assert scores == []                       # replaying scores nothing
