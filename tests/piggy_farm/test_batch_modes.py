"""play_batch (batch.py) draws every mode's books from BookStreams, not from one numpy
Generator per book: seed for seed it still gives play's payout and features, in
every mode, on the wheel's every path (each tier, upgrades, coins, every free-spins
multiplier) and in long retriggered rounds, mid-round caps included. A math file
with the wheel triggering on 1+ windmills and retriggers on 2+ makes those paths
common enough to test on a few hundred books."""
from __future__ import annotations

import copy
import dataclasses

import numpy as np
import pytest

import games.piggy_farm.math.batch as batch
import games.piggy_farm.math.rules as rules
from cabinet.core.rng import Rng
from cabinet.core.rng_batch import BookStreams
from cabinet.math.build import book_seeds
from games.piggy_farm import GAME
from games.piggy_farm.math.events import FREE_SPIN
from games.piggy_farm.math.streams import HogWildStream, StopStream
from games.piggy_farm.math.tables import load, parse

MODES = [m.id for m in GAME.modes]


def compare(seeds, mode):
    """play_batch against play on `seeds`: (payouts, feature sets, free spins played per round)."""
    pay, feats = batch.play_batch(seeds, mode)
    rounds = [rules.play(Rng.for_book(s), mode) for s in np.asarray(seeds).tolist()]
    bad = [(s, int(p), sorted(f), r.payout_x100, sorted(r.features))
           for s, p, f, r in zip(np.asarray(seeds).tolist(), pay, feats, rounds)
           if p != r.payout_x100 or set(f) != set(r.features)]
    assert not bad, f"{mode}: {len(bad)} of {len(seeds)} rounds differ from play, first: {bad[:3]}"
    spins = [sum(e["type"] == FREE_SPIN for e in r.events) for r in rounds]
    return pay, [set(f) for f in feats], np.array(spins)


def use(monkeypatch, pm):
    monkeypatch.setattr(rules, "load", lambda: pm)
    monkeypatch.setattr(batch, "load", lambda: pm)


def hot_math(cap_x100: int | None = None):
    """The shipped math with the wheel on 1 / 2 / 3+ windmills, five times the bronze and
    silver upgrade and free-spins weights, retriggers on 2+ windmills (and a lower cap)."""
    raw = copy.deepcopy(load().raw)
    raw["wheel"]["tier_by_scatters"] = {1: "bronze", 2: "silver", 3: "gold"}
    for tier in ("bronze", "silver"):
        for s in raw["wheel"]["slices"][tier]:
            if s["kind"] in ("upgrade", "free_spins"):
                s["weight"] *= 5
    raw["free_spins"]["retrigger_scatters"] = 2
    if cap_x100 is not None:
        raw["cap_x100"] = cap_x100
    return parse(raw)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_equals_play_seed_for_seed(mode):
    compare(book_seeds(0x5EED_B00C, mode, -1, 2, 300), mode)


def test_every_mode_is_vectorised():
    # a mode left to play would still pass the comparison above; the batch path must not call it
    for mode in MODES:
        assert batch.play_batch(book_seeds(1, mode, -1, 0, 20), mode, None)[0].shape == (20,)
    calls = []
    orig = batch.play
    batch.play = lambda *a: calls.append(a) or orig(*a)
    try:
        for mode in MODES:
            batch.play_batch(book_seeds(1, mode, -1, 0, 20), mode, None)
    finally:
        batch.play = orig
    assert calls == []


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["base", "ante", "wheel_buy"])
def test_every_wheel_path_equals_play(mode, monkeypatch):
    use(monkeypatch, hot_math(cap_x100=400_000))
    pay, feats, spins = compare(book_seeds(21, mode, -1, 0, 250), mode)
    seen = set().union(*feats)
    assert {"wheel", "upgrade", "coin_prize", "free_spins", "retrigger", "capped"} <= seen
    if mode != "wheel_buy":       # the buy's tier mix is the shipped one (gold 15 in 10,000)
        assert {"wheel_bronze", "wheel_silver", "wheel_gold"} <= seen
        assert {"free_spins_x1", "free_spins_x2", "free_spins_x3", "free_spins_x5"} <= seen
    capped = np.array(["capped" in f for f in feats])
    assert (pay[capped] == 400_000).all() and (pay[~capped] < 400_000).all()
    assert (spins >= 8 + 3 * 5).sum() >= 5                  # rounds retriggered three times or more


@pytest.mark.parametrize("mode", ["free_spins", "hog_wild"])
def test_long_retriggered_rounds_equal_play(mode, monkeypatch):
    use(monkeypatch, hot_math())
    pay, feats, spins = compare(book_seeds(8, mode, -1, 0, 120), mode)
    assert sum("retrigger" in f for f in feats) >= 20
    assert spins.max() >= int(load().mode(mode)["spins"]) + 4 * 5    # four retriggers and more


@pytest.mark.parametrize("mode,cap", [("golden_egg_hunt", 5700), ("egg_hunt", 7650), ("risk_the_farm", 3000),
                                      ("base", 250)])
def test_capped_hunts_and_spins_equal_play(mode, cap, monkeypatch):
    # a cap about each mode's median (10% of base books): many hunts stop at the reveal
    # that reaches it (the later reveals unseen), base spins mid tumble chain
    use(monkeypatch, dataclasses.replace(load(), cap_x100=cap))
    pay, feats, _ = compare(book_seeds(4, mode, -1, 0, 300), mode)
    capped = np.array(["capped" in f for f in feats])
    if mode == "risk_the_farm":                              # exempt from the cap
        assert not capped.any() and (pay > cap).any()
    else:
        assert capped.sum() >= 20 and (~capped).sum() >= 100
        assert (pay[capped] == cap).all() and (pay[~capped] < cap).all()


class GeneratorRows:
    """One numpy Generator per row (numpy's own draws), called as BookStreams is."""

    def __init__(self, gens: list[np.random.Generator]):
        self.gens = list(gens)

    def __len__(self) -> int:
        return len(self.gens)

    def below(self, rows: np.ndarray, n: np.ndarray | int) -> np.ndarray:
        bound = np.broadcast_to(np.asarray(n, dtype=np.int64), np.shape(rows))
        return np.array([self.gens[r].integers(0, b) for r, b in zip(np.asarray(rows).tolist(), bound.tolist())],
                        dtype=np.int64)

    def below_many(self, rows: np.ndarray, n: np.ndarray | int, count: np.ndarray) -> np.ndarray:
        count = np.asarray(count, dtype=np.int64)
        width = int(count.max()) if len(count) else 0
        bound = np.broadcast_to(np.asarray(n, dtype=np.int64), (width,))
        out = np.zeros((len(count), width), dtype=np.int64)
        for i, (r, c) in enumerate(zip(np.asarray(rows).tolist(), count.tolist())):
            out[i, :c] = self.gens[r].integers(0, bound[:c])
        return out


def test_streams_draw_alike_from_generators_and_from_book_streams():
    # StopStream and HogWildStream on BookStreams draw what numpy's own Generators draw:
    # the same seeds give the same stops and spawns, spin after spin, as rows drop out
    pm = load()
    seeds = book_seeds(12, "hog_wild", -1, 0, 60)
    lengths = pm.strip_sets["free_spins"].lengths
    pairs = [(StopStream(GeneratorRows([Rng.for_book(s).gen for s in seeds.tolist()]), lengths, 8, 5),
              StopStream(BookStreams(seeds), lengths, 8, 5)),
             (HogWildStream(pm, GeneratorRows([Rng.for_book(s).gen for s in seeds.tolist()]), "hog_wild"),
              HogWildStream(pm, BookStreams(seeds), "hog_wild"))]
    for gens, books in pairs:
        alive = np.arange(len(seeds))
        for spin in range(20):                  # past the first 8 spins: drawn 5 at a time
            (a, sa), (b, sb) = gens(alive), books(alive)
            assert (a == b).all() and (sa is None if sb is None else (sa == sb).all()), spin
            alive = alive[np.arange(len(alive)) % 7 != spin % 7]
