"""Piggy Farm's book fast path: play_batch(seeds, mode, force) -> (payout_x100, features).

For every seed it gives exactly what `forced.play(Rng.for_book(seed), mode, force)`
gives (payout and feature set), so the book builder may use it instead of `play`
(`python -m cabinet.math verify` still regenerates every book with `play`).

How: every book's stream is a row of `BookStreams(seeds)` (cabinet/core/rng_batch.py:
the draws of `Rng.for_book(seed)` computed in arrays, without one Stream object per
book), and every draw `play` makes is made for all the books at that point at once,
each row in exactly play's order; the vectorised engine of sim.py plays the rounds in
lockstep with those draws (`spin_batch(..., tops=...)`, `free_spins_batch(..., draw=...)`):
the rules are the same, now the random numbers are too.

- BASE / ANTE: the first board (seven stops, rules.drop), the tumble chains, then for
  the books whose final board triggers THE FARM WHEEL the wheel spins tier by tier
  (a weighted draw per stop, upgrades spun on the next tier) and the free spins it awards.
- FARM WHEEL BUY: the tier (a weighted draw), then the same wheel and free spins.
- FREE SPINS / GROWING SEASON: a round's only draws are 7 stops per spin, so the first
  `spins` spins are one draw per book; a retrigger (+5 spins) draws 5 more spins' stops
  when the book gets there (streams.StopStream).
- HOG WILD: per spin the 7 stops, the spawn count, then one cell per spawned wild among
  the free cells (which depend on the board) (streams.HogWildStream).
- EGG HUNTS: the prize count, then the prizes (the nests drawn after them change
  neither payout nor features). RISK THE FARM: one `chance` draw.
- Any `force`: `play` per seed.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from cabinet.core.rng import Rng, weighted_indices
from cabinet.core.rng_batch import BookStreams

from . import rules
from .forced import play
from .sim import free_spins_batch, spin_batch, tier_index, wheel_chain
from .streams import HogWildStream, StopStream, first_stops
from .tables import PiggyMath, load

BUYS = ("free_spins", "hog_wild", "growing_season")


def _with_win_levels(pm: PiggyMath, mode: str, pay: np.ndarray,
                     feats: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`feats` with each win level (big_win, huge_win) added where the payout reaches
    it (rules.finish)."""
    for level, x in pm.win_levels(mode).items():
        feats = [tuple(sorted(f + (level,))) if hit else f for f, hit in zip(feats, (pay >= x).tolist())]
    return feats


def _features(sets: list[set[str]], capped: np.ndarray) -> list[tuple[str, ...]]:
    out = []
    for f, cp in zip(sets, capped.tolist()):
        if cp:
            f.update(("capped", "max_win"))
        out.append(tuple(sorted(f)))
    return out


def _wheel_rounds(pm: PiggyMath, st: BookStreams, tiers: np.ndarray, pay: np.ndarray,
                  room: np.ndarray, feats: list[set[str]], capped: np.ndarray) -> None:
    """THE FARM WHEEL for every row of `st` (rules.farm_wheel from tier index `tiers`,
    drawn from the row's stream where its round stands), then every free-spins round
    they award in lockstep (StopStream on the same streams). Adds to `pay`, `feats`
    and `capped` in place; `room` is what each round may still win before the cap."""
    names = list(pm.wheel.tiers)
    tier, idx, upgraded = wheel_chain(pm, tiers, st.weighted_cum)
    go, start = [], []
    for i, (t0, t, j, up) in enumerate(zip(np.asarray(tiers).tolist(), tier.tolist(), idx.tolist(),
                                           upgraded.tolist())):
        last = pm.wheel.tiers[names[t]][j]
        feats[i].update(("wheel", f"wheel_{names[t0]}"))
        if up:
            feats[i].add("upgrade")
        if last.kind == "coin":
            feats[i].add("coin_prize")
            pay[i] += int(last.value)
            capped[i] |= pay[i] >= room[i]
        elif last.kind == "free_spins":
            feats[i].update((f"free_spins_x{int(last.value)}", "free_spins"))
            go.append(i)
            start.append(int(last.value))
        else:
            raise ValueError(f"unknown wheel slice kind {last.kind!r}")
    if not go:
        return
    fs = pm.raw["free_spins"]
    spins, strips = int(fs["spins"]), fs["strips"]
    rows = np.array(go)
    draw = StopStream(st.subset(rows), pm.strip_sets[strips].lengths, spins, int(fs["retrigger_spins"]))
    won, retrig, cp = free_spins_batch(pm, None, "free_spins", np.full(len(go), spins), strips,
                                       np.array(start, dtype=np.int64), room[rows] - pay[rows], draw=draw)
    pay[rows] += won
    capped[rows] |= cp
    for i, rt in zip(go, retrig.tolist()):
        if rt:
            feats[i].add("retrigger")


def _spin_batch(pm: PiggyMath, seeds: np.ndarray, mode: str) -> tuple[np.ndarray, list[tuple[str, ...]],
                                                                          np.ndarray]:
    """Base / ante books: every book's first board (one draw per reel, as rules.drop),
    the spins and tumble chains in lockstep, then the wheel books' wheels and free
    spins (`_wheel_rounds`) from where each stream stands. Returns (payout, features,
    the base spin's own win: its tumble chain's, before any wheel; at least the cap in
    a round the chain capped)."""
    strips = pm.mode(mode)["strips"]
    n = len(seeds)
    st = BookStreams(seeds)
    tops = first_stops(st, pm.strip_sets[strips].lengths)
    room = np.full(n, pm.cap_x100, dtype=np.int64)
    pay, scat, capped = spin_batch(pm, None, strips, n, np.ones(n, dtype=np.int64), room, tops=tops)
    tier = tier_index(pm)[scat]
    wheel = np.flatnonzero((tier >= 0) & ~capped)
    feats: list[set[str]] = [set() for _ in range(n)]
    base = pay.copy()
    if len(wheel):
        sub_pay, sub_cap = pay[wheel], capped[wheel]
        sub_feats = [feats[i] for i in wheel.tolist()]
        _wheel_rounds(pm, st.subset(wheel), tier[wheel], sub_pay, room[wheel], sub_feats, sub_cap)
        pay[wheel], capped[wheel] = sub_pay, sub_cap
    return np.minimum(pay, pm.cap_x100), _features(feats, capped), base


def _wheel_buy_batch(pm: PiggyMath, seeds: Sequence[int]) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """FARM WHEEL BUY books: each book's tier drawn as play draws it, then `_wheel_rounds`."""
    tw = pm.mode("wheel_buy")["tier_weights"]
    names = list(pm.wheel.tiers)
    n = len(seeds)
    st = BookStreams(seeds)
    drawn = st.weighted_cum(np.arange(n), np.cumsum([int(v) for v in tw.values()]))
    tiers = np.array([names.index(t) for t in tw], dtype=np.int64)[drawn]
    pay = np.zeros(n, dtype=np.int64)
    capped = np.zeros(n, dtype=bool)
    feats: list[set[str]] = [set() for _ in range(n)]
    _wheel_rounds(pm, st, tiers, pay, np.full(n, pm.cap_x100, dtype=np.int64), feats, capped)
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
    n = len(seeds)
    st = BookStreams(seeds)
    everyone = np.arange(n)
    k = counts[st.weighted_cum(everyone, ccum)]
    draws = st.below_many(everyone, int(lcum[-1]), k)
    shown = np.arange(draws.shape[1])[None, :] < k[:, None]
    prizes = np.where(shown, values[weighted_indices(lcum, draws)], 0)
    run = np.cumsum(prizes, axis=1)
    total = run[:, -1] if run.shape[1] else np.zeros(n, dtype=np.int64)
    # the reveal that reaches the cap, if any: the reveals after it are never shown
    reached = (run >= cap) & shown
    stop = np.where(reached.any(axis=1), reached.argmax(axis=1), k)
    seen = np.arange(draws.shape[1])[None, :] <= stop[:, None]
    top = ((prizes >= rules.TOP_EGG_X100) & shown & seen).any(axis=1)
    hit = stop < k
    pay = np.minimum(total, cap).astype(np.int64)
    feats = [("hunt_prizes",) + (("capped", "max_win") if c else ()) for c in hit.tolist()]
    feats = [tuple(sorted(f + (("hunt_5000x",) if t else ()))) for f, t in zip(feats, top.tolist())]
    return pay, feats


def _risk_batch(pm: PiggyMath, seeds: Sequence[int]) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """RISK THE FARM books: one `chance` draw each, as play draws it."""
    m = pm.mode("risk_the_farm")
    num, den = (int(x) for x in m["chance"])
    won = BookStreams(seeds).chance(np.arange(len(seeds)), num, den)
    return np.where(won, int(m["prize_x100"]), 0).astype(np.int64), [("risk_win",) if w else () for w in won.tolist()]


def _buy_batch(pm: PiggyMath, seeds: Sequence[int], mode: str) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    m = pm.mode(mode)
    n = len(seeds)
    st = BookStreams(seeds)
    spins, strips = int(m["spins"]), m["strips"]
    draw: HogWildStream | StopStream
    if mode == "hog_wild":
        draw = HogWildStream(pm, st, strips)
    else:
        draw = StopStream(st, pm.strip_sets[strips].lengths, spins, int(pm.raw["free_spins"]["retrigger_spins"]))
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


def spin_parts(seeds, mode: str) -> tuple[np.ndarray, list[tuple[str, ...]], np.ndarray]:
    """(payout_x100, features, the base spin's own win) of natural base / ante rounds:
    play_batch's, with the win of each round's tumble chain before its wheel."""
    return _spin_batch(load(), np.asarray(seeds, dtype=np.uint64).reshape(-1), mode)


def play_batch(seeds, mode: str, force: str | None = None) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """(payout_x100 int64[n], features of each round): exactly `play(Rng.for_book(seed),
    mode, force)` for each seed (every mode vectorised on BookStreams; a `force` by `play`)."""
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    if force is None and len(seeds):
        pm = load()
        if mode in BUYS:
            pay, feats = _buy_batch(pm, seeds, mode)
        elif mode in ("base", "ante"):
            pay, feats = _spin_batch(pm, seeds, mode)[:2]
        elif mode == "wheel_buy":
            pay, feats = _wheel_buy_batch(pm, seeds)
        elif mode == "risk_the_farm":
            pay, feats = _risk_batch(pm, seeds)
        elif mode in ("golden_egg_hunt", "egg_hunt"):
            pay, feats = _hunt_batch(pm, seeds, mode)
        else:
            raise KeyError(f"piggy_farm has no mode {mode!r}")
        return pay, _with_win_levels(pm, mode, pay, feats)
    rounds = [play(Rng.for_book(s), mode, force) for s in seeds.tolist()]
    return np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds]
