"""Piggy Farm's book fast path: play_batch(seeds, mode, force) -> (payout_x100, features).

For every seed it gives exactly what `forced.play(Rng.for_book(seed), mode, force)`
gives (payout and feature set), so the book builder may use it instead of `play`
(`python -m cabinet.math verify` still regenerates every book with `play`).

How: the FREE SPINS / HOG WILD / GROWING SEASON buys draw nothing but strip stops
(and HOG WILD's spawns), all `below(n)` with n < 2**32; numpy's `integers(0, bounds)`
with an array of bounds yields the same values as the same scalar `below` calls in
turn. So each book's own generator (Rng.for_book(seed)) draws its stops in a few
array calls, in play's order, and the vectorised engine of sim.py plays the rounds
in lockstep with those stops (`free_spins_batch(..., draw=...)`): the rules are the
same, now the random numbers are too.

- FREE SPINS / GROWING SEASON: a round's only draws are 7 stops per spin, so the
  first `spins` spins are one call per book; a retrigger (+5 spins) draws 5 more
  spins' stops from the same generator when the book gets there.
- HOG WILD: per spin play draws the 7 stops, the spawn count (weighted), then one
  cell per spawned wild among the free cells (which depend on the board). Per book
  and spin one call draws this spin's cells together with the next spin's stops and
  spawn count (draws past a round's end are never used; the generator is the book's).
- Any other mode, or any `force`: `play` per seed.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from cabinet.core.rng import Rng, weighted_indices

from . import rules
from .forced import play
from .sim import free_spins_batch, spin_batch
from .streams import HogWildStream, StopStream, generators as _generators
from .tables import PiggyMath, load

BUYS = ("free_spins", "hog_wild", "growing_season")


def _rng(gen: np.random.Generator) -> Rng:
    """The book's Rng around its generator (the same stream `play` draws from)."""
    r = Rng.__new__(Rng)
    r.gen = gen
    return r


def _features(sets: list[set[str]], capped: np.ndarray) -> list[tuple[str, ...]]:
    out = []
    for f, cp in zip(sets, capped.tolist()):
        if cp:
            f.update(("capped", "max_win"))
        out.append(tuple(sorted(f)))
    return out


def _wheel_rounds(pm: PiggyMath, gens: list[np.random.Generator], tiers: list[str], pay: np.ndarray,
                  room: np.ndarray, feats: list[set[str]], capped: np.ndarray) -> None:
    """THE FARM WHEEL for the books of `gens` (a rules.farm_wheel each, drawn from the
    book's own generator where its round stands), then every free-spins round they
    award in lockstep (StopStream on the same generators). Adds to `pay`, `feats`
    and `capped` in place; `room` is what each round may still win before the cap."""
    go, start = [], []
    for i, (gen, tier) in enumerate(zip(gens, tiers)):
        stops = pm.wheel.spin(_rng(gen), tier)
        feats[i].update(("wheel", f"wheel_{tier}"))
        if len(stops) > 1:
            feats[i].add("upgrade")
        last = stops[-1].slice
        if last.kind == "coin":
            feats[i].add("coin_prize")
            pay[i] += int(last.value)
            capped[i] |= pay[i] >= room[i]
        else:
            feats[i].update((f"free_spins_x{int(last.value)}", "free_spins"))
            go.append(i)
            start.append(int(last.value))
    if not go:
        return
    fs = pm.raw["free_spins"]
    spins, strips = int(fs["spins"]), fs["strips"]
    rows = np.array(go)
    draw = StopStream([gens[i] for i in go], pm.strip_sets[strips].lengths, spins, int(fs["retrigger_spins"]))
    won, retrig, cp = free_spins_batch(pm, None, "free_spins", np.full(len(go), spins), strips,
                                       np.array(start, dtype=np.int64), room[rows] - pay[rows], draw=draw)
    pay[rows] += won
    capped[rows] |= cp
    for i, rt in zip(go, retrig.tolist()):
        if rt:
            feats[i].add("retrigger")


def _spin_batch(pm: PiggyMath, seeds: Sequence[int], mode: str) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """Base / ante books: every book's first board from its own generator (one draw,
    as rules.drop), the spins and tumble chains in lockstep, then the wheel books'
    wheels and free spins (`_wheel_rounds`) from where each generator stands."""
    strips = pm.mode(mode)["strips"]
    n = len(seeds)
    gens = _generators(seeds)
    lengths = pm.strip_sets[strips].lengths
    tops = np.array([g.integers(0, lengths) for g in gens], dtype=np.int64).reshape(n, -1)
    room = np.full(n, pm.cap_x100, dtype=np.int64)
    pay, scat, capped = spin_batch(pm, None, strips, n, np.ones(n, dtype=np.int64), room, tops=tops)
    feats: list[set[str]] = [set() for _ in range(n)]
    tier_of = [pm.tier_for(s) for s in range(pm.shape.cells + 1)]
    wheel = [i for i, (s, cp) in enumerate(zip(scat.tolist(), capped.tolist())) if tier_of[s] and not cp]
    if wheel:
        sub_pay, sub_cap = pay[wheel], capped[wheel]
        sub_feats = [feats[i] for i in wheel]
        _wheel_rounds(pm, [gens[i] for i in wheel], [tier_of[int(scat[i])] for i in wheel], sub_pay,
                      room[wheel], sub_feats, sub_cap)
        pay[wheel], capped[wheel] = sub_pay, sub_cap
    return np.minimum(pay, pm.cap_x100), _features(feats, capped)


def _wheel_buy_batch(pm: PiggyMath, seeds: Sequence[int]) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """FARM WHEEL BUY books: each book's tier drawn as play draws it, then `_wheel_rounds`."""
    tw = pm.mode("wheel_buy")["tier_weights"]
    names, weights = list(tw), [int(v) for v in tw.values()]
    n = len(seeds)
    gens = _generators(seeds)
    tiers = [names[_rng(g).weighted(weights)] for g in gens]
    pay = np.zeros(n, dtype=np.int64)
    capped = np.zeros(n, dtype=bool)
    feats: list[set[str]] = [set() for _ in range(n)]
    _wheel_rounds(pm, gens, tiers, pay, np.full(n, pm.cap_x100, dtype=np.int64), feats, capped)
    return np.minimum(pay, pm.cap_x100), _features(feats, capped)


def _hunt_batch(pm: PiggyMath, seeds: Sequence[int], mode: str) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """GOLDEN EGG HUNT / EGG HUNT books: the prize count and the prizes, drawn as
    PickGame.draw draws them (one weighted draw, then one per prize); which nest shows
    each reveal is drawn after them and changes neither payout nor features."""
    hunt = pm.hunt(mode)
    counts = np.array(list(hunt.prize_counts), dtype=np.int64)
    ccum = np.cumsum(list(hunt.prize_counts.values())).astype(np.int64)
    values = np.array(list(hunt.ladder), dtype=np.int64)
    lcum = np.cumsum(list(hunt.ladder.values())).astype(np.int64)
    cap = pm.cap_x100
    pay = np.zeros(len(seeds), dtype=np.int64)
    feats = []
    for i, g in enumerate(_generators(seeds)):
        k = int(counts[weighted_indices(ccum, g.integers(0, ccum[-1]))])
        prizes = values[weighted_indices(lcum, g.integers(0, lcum[-1], size=k))]
        run = np.cumsum(prizes)
        stop = int(np.searchsorted(run, cap, side="left"))       # the reveal that reaches the cap, if any
        shown = prizes[:stop + 1]
        pay[i] = min(int(run[-1]), cap)
        f = {"hunt_prizes"}
        if (shown >= rules.TOP_EGG_X100).any():
            f.add("hunt_5000x")
        if stop < k:
            f.update(("capped", "max_win"))
        feats.append(tuple(sorted(f)))
    return pay, feats


def _risk_batch(pm: PiggyMath, seeds: Sequence[int]) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """RISK THE FARM books: one `chance` draw each, as play draws it."""
    m = pm.mode("risk_the_farm")
    num, den = (int(x) for x in m["chance"])
    won = np.array([_rng(g).chance(num, den) for g in _generators(seeds)], dtype=bool)
    return np.where(won, int(m["prize_x100"]), 0).astype(np.int64), [("risk_win",) if w else () for w in won.tolist()]


def _buy_batch(pm: PiggyMath, seeds: Sequence[int], mode: str) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    m = pm.mode(mode)
    n = len(seeds)
    gens = _generators(seeds)
    spins, strips = int(m["spins"]), m["strips"]
    if mode == "hog_wild":
        draw = HogWildStream(pm, gens, strips)
    else:
        draw = StopStream(gens, pm.strip_sets[strips].lengths, spins,
                          int(pm.raw["free_spins"]["retrigger_spins"]))
    cap = None if m.get("cap_exempt") else pm.cap_x100
    room = np.full(n, cap if cap is not None else np.iinfo(np.int64).max // 4, dtype=np.int64)
    start = np.full(n, int(m.get("start_multiplier", 1)), dtype=np.int64)
    won, retrig, capped = free_spins_batch(pm, None, mode, np.full(n, spins), strips, start, room, draw=draw)
    if cap is not None:
        won = np.minimum(won, cap)
    else:
        capped = np.zeros(n, dtype=bool)
    feats = []
    for rt, cp in zip(retrig.tolist(), capped.tolist()):
        f = {mode}
        if rt:
            f.add("retrigger")
        if cp:
            f.update(("capped", "max_win"))
        feats.append(tuple(sorted(f)))
    return won, feats


def play_batch(seeds, mode: str, force: str | None = None) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """(payout_x100 int64[n], features of each round): exactly `play(Rng.for_book(seed),
    mode, force)` for each seed (the three free-spin buys vectorised, the rest by `play`)."""
    seeds = [int(s) for s in np.asarray(seeds, dtype=np.uint64).tolist()]
    if force is None and seeds:
        pm = load()
        if mode in BUYS:
            return _buy_batch(pm, seeds, mode)
        if mode in ("base", "ante"):
            return _spin_batch(pm, seeds, mode)
        if mode == "wheel_buy":
            return _wheel_buy_batch(pm, seeds)
        if mode == "risk_the_farm":
            return _risk_batch(pm, seeds)
        if mode in ("golden_egg_hunt", "egg_hunt"):
            return _hunt_batch(pm, seeds, mode)
    rounds = [play(Rng.for_book(s), mode, force) for s in seeds]
    return np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds]
