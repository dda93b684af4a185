"""play_batch (batch.py), the book builder's fast path, gives exactly what play gives,
seed for seed: payout and feature set, for the vectorised free-spin buys (retriggers
and the 50,000x cap included) and for the forced books it hands to play
(test_batch_modes.py: every other mode and path)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import games.piggy_farm.math.batch as batch
import games.piggy_farm.math.forced as forced
import games.piggy_farm.math.rules as rules
from cabinet.core.rng import Rng
from cabinet.math.build import Task, book_seeds, run_task
from cabinet.core.books import feature_names
from games.piggy_farm import GAME
from games.piggy_farm.math.tables import load


def play_rounds(seeds, mode, force=None):
    rounds = [forced.play(Rng.for_book(s), mode, force) for s in np.asarray(seeds).tolist()]
    return [r.payout_x100 for r in rounds], [set(r.features) for r in rounds]


def assert_same(seeds, mode, force=None):
    pay, feats = batch.play_batch(seeds, mode, force)
    want_pay, want_feats = play_rounds(seeds, mode, force)
    assert isinstance(pay, np.ndarray) and pay.dtype == np.int64 and len(feats) == len(seeds)
    bad = [(int(s), int(p), sorted(f), wp, sorted(wf))
           for s, p, f, wp, wf in zip(np.asarray(seeds).tolist(), pay, feats, want_pay, want_feats)
           if p != wp or set(f) != wf]
    assert not bad, f"{mode}: {len(bad)} of {len(seeds)} rounds differ from play, first: {bad[:3]}"
    return pay, [set(f) for f in feats]


def test_the_game_registers_the_hook():
    assert GAME.math.play_batch is batch.play_batch


@pytest.mark.slow
@pytest.mark.parametrize("mode", batch.BUYS)
def test_buys_equal_play_seed_for_seed(mode):
    seeds = book_seeds(0x5EED_B00C, mode, -1, 0, 2000)       # a build's first chunk
    pay, feats = assert_same(seeds, mode)
    assert all(mode in f for f in feats)
    retriggers = sum("retrigger" in f for f in feats)
    if mode == "growing_season":
        assert retriggers == 0                  # windmills sleep: no retrigger by the rules
    else:
        assert retriggers >= 10                 # +5 spins drawn from the same generator
    assert (pay > 0).mean() > 0.5


@pytest.mark.parametrize("mode", batch.BUYS)
def test_capped_rounds_equal_play(mode, monkeypatch):
    # a 30x cap (instead of 50,000x) so that many rounds stop at the cap, mid tumble
    # chain and after retriggers; both generators read the cap from load()
    small = dataclasses.replace(load(), cap_x100=3000)
    monkeypatch.setattr(rules, "load", lambda: small)
    monkeypatch.setattr(batch, "load", lambda: small)
    seeds = book_seeds(7, mode, -1, 0, 400)
    pay, feats = assert_same(seeds, mode)
    capped = np.array(["capped" in f for f in feats])
    assert capped.sum() >= 100 and (~capped).sum() >= 20
    assert (pay[capped] == 3000).all() and (pay[~capped] < 3000).all()
    assert all("max_win" in f for f, c in zip(feats, capped) if c)
    if mode != "growing_season":
        assert any("retrigger" in f for f, c in zip(feats, capped) if c)


@pytest.mark.parametrize("mode,force,n", [("base", "wheel_bronze", 10), ("egg_hunt", "hunt_5000x", 5),
                                          ("risk_the_farm", "risk_win", 5)])
def test_forces_fall_back_to_play(mode, force, n):
    assert_same(book_seeds(3, mode, -1, 0, n), mode, force)


def test_a_build_chunk_is_the_same_with_and_without_the_hook():
    names = tuple(feature_names(GAME))
    plain = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, play_batch=None))
    task = Task(GAME, "hog_wild", -1, None, 3, 300, 0x5EED_B00C, names)
    fast = run_task(task)
    slow = run_task(dataclasses.replace(task, game=plain))
    for a, b in zip(fast, slow):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()


def test_a_search_reads_each_attempts_first_board_as_numpy_draws_it():
    """A forced search's batch of attempts (search.triggering on forcing.attempt_streams):
    each attempt's stops are exactly its own generator's `integers(0, reel lengths)`,
    for the shipped reels and for bounds near 2**32, where Lemire's method rejects words
    and redraws."""
    from cabinet.core.forcing import attempt_streams, substream
    huge = np.array([2**31 + 1, 3, 2**32 - 1, 5, 2**31 + 99], dtype=np.int64)
    for lengths in (load().strip_sets["base"].lengths, load().strip_sets["ante"].lengths, huge):
        want = np.array([substream(77, k).gen.integers(0, lengths) for k in range(3000)])
        got = attempt_streams(77, 0, 3000).below_many(np.arange(3000), lengths, np.full(3000, len(lengths)))
        assert (got == want).all()


def test_the_batched_trigger_search_keeps_the_one_at_a_time_searchs_attempt():
    """search.triggering decides attempts many at once; the first it accepts is the first
    whose own stream, played by the rules one attempt at a time, triggers the tier."""
    from cabinet.core.forcing import first_index, substream
    from games.piggy_farm.math import rules, search
    pm = load()
    k = first_index(5, search.triggering(pm, "base", "silver"), 200_000, "silver", streams=True)
    tiers = []
    for j in range(k + 1):
        sp = rules.Spin(pm, substream(5, j), "base")
        _, got = rules.spin_once(sp, "base", "base")
        tiers.append(pm.tier_for(got) if not sp.capped else None)
    assert tiers[k] == "silver" and "silver" not in tiers[:k]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["hog_wild", "free_spins"])
def test_the_batched_big_win_search_keeps_the_one_at_a_time_searchs_attempt(mode):
    """search.winning decides bought rounds many at once; at a threshold of 20x the price
    (about 1 in 1,700 rounds, so the test is quick) the first attempt it accepts is the
    first whose own stream, played by the rules, wins that much: the kept round is the
    natural round given the category."""
    from cabinet.core.forcing import first_index, substream
    from games.piggy_farm.math import search
    pm = load()
    need = 20 * int(pm.mode(mode)["cost_x100"])
    k = first_index(11, search.winning(pm, mode, need), 100_000, "a 20x win", streams=True)
    wins = [rules.play_once(pm, substream(11, j), mode).total for j in range(k + 1)]
    assert wins[k] >= need and max(wins[:k]) < need


@pytest.mark.slow
def test_a_forced_big_win_is_the_kept_attempt_played_and_reports_the_feature(monkeypatch):
    """forced.play(force='big_win') in HOG WILD at a lowered threshold: the round is the
    search's kept attempt played by the rules, its payout at least the big win, with
    'big_win' among its features (as play_batch reports it for natural rounds)."""
    pm = load()
    price = int(pm.mode("hog_wild")["cost_x100"])
    monkeypatch.setitem(pm.raw["big_win_x"], "hog_wild", 20)
    for seed in (1, 2):
        rnd = forced.play(Rng.for_book(seed), "hog_wild", "big_win")
        assert rnd.payout_x100 >= 20 * price and "big_win" in rnd.features
    pay, feats = batch.play_batch(np.arange(20_000), "hog_wild")
    assert ((pay >= 20 * price) == np.array(["big_win" in f for f in feats])).all() and (pay >= 20 * price).any()


@pytest.mark.slow
def test_win_levels_nest_a_big_win_books_stratum_leaves_out_the_huge_wins(monkeypatch):
    """HOG WILD's categories at lowered levels (a big win 20x, a huge win 30x the price):
    a huge-win book wins 30x or more and has both features; a big-win book's stratum is
    what the huge win (listed before it) leaves, 20x to 30x; play_batch reports both
    levels from the payout, as rules.finish does."""
    pm = load()
    price = int(pm.mode("hog_wild")["cost_x100"])
    monkeypatch.setitem(pm.raw["big_win_x"], "hog_wild", 20)
    monkeypatch.setitem(pm.raw["huge_win_x"], "hog_wild", 30)
    assert list(GAME.math.book_forces["hog_wild"]) == ["huge_win", "big_win"]
    for seed in (1, 2):
        huge = forced.play(Rng.for_book(seed), "hog_wild", "huge_win")
        assert huge.payout_x100 >= 30 * price and {"big_win", "huge_win"} <= set(huge.features)
        big = forced.play(Rng.for_book(seed), "hog_wild", "big_win")
        assert 20 * price <= big.payout_x100 < 30 * price
        assert "big_win" in big.features and "huge_win" not in big.features
    pay, feats = batch.play_batch(np.arange(20_000), "hog_wild")
    assert ((pay >= 30 * price) == np.array(["huge_win" in f for f in feats])).all() and (pay >= 30 * price).any()
    assert ((pay >= 20 * price) == np.array(["big_win" in f for f in feats])).all()


def test_the_huge_win_books_play_their_recorded_search_and_are_the_round_it_keeps():
    """A HUGE WIN book of a buy plays the attempt found.json records for its search
    (cabinet/core/found_searches.py; the build checks it), and that round is a huge win of
    200x the price or more; GROWING SEASON's big-win book is 6x its price or more."""
    from cabinet.core.forcing import checked_index
    from cabinet.math.build import DEFAULT_SEED, default_books, forced_books
    from games.piggy_farm.math.forced import level_search
    from games.piggy_farm.math.tables import FOUND
    pm = load()
    for mode, level, factor in (("free_spins", "huge_win", 200), ("hog_wild", "huge_win", 200),
                                ("growing_season", "big_win", 6)):
        c = list(GAME.math.book_forces[mode]).index(level)
        count = forced_books(GAME, mode, level, default_books(GAME, mode))
        seed = int(book_seeds(DEFAULT_SEED, mode, c, count - 1, 1)[0])   # the stratum's last book
        key = Rng(seed).seed64()
        accepts, _, what = level_search(pm, mode, level)
        assert checked_index(key, FOUND.attempts[key], accepts, what, streams=True) == FOUND.attempts[key]
        rec = Rng.recording(seed)
        rnd = forced.play(rec, mode, level)
        assert rec.trace.values == [FOUND.attempts[key]]
        assert rnd.payout_x100 >= factor * int(pm.mode(mode)["cost_x100"]) and level in rnd.features
