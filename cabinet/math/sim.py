"""`python -m cabinet.math sim`: live Monte Carlo of a game's rules, without books.

Rounds run in fixed chunks (`chunk_size`); chunk k of mode m draws from
`SeedSequence(seed, spawn_key=(crc32(m), k))` and chunk results are merged in chunk
order, so the figures are identical for any number of workers, local or on a Dask
cluster (`--scheduler tcp://host:port`). The engine is the game's vectorised
`simulate` when it has one, else a loop over `play`. A `simulate` may also return
"sums": {name: number or list}, additive statistics of its rounds (the parts a game's
variance-reduced RTP estimate needs, GameSpec.math.live_rtp): summed over the chunks.
"""
from __future__ import annotations

import sys
import time
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from cabinet.core.rng import Rng

from cabinet.core import books as B

from . import pool
from .pool import Progress
from .stats import BAND_LABELS, Z99, band_counts, mean_ci, rate_ci

DEFAULT_SEED = 0x51A_0001
CHUNK = {"simulate": 50_000, "play": 5_000}
# Each round's return held to this multiple of its cost: the body of the distribution,
# measured at a fraction of the full RTP's variance (its heavy tail makes the full
# RTP a weak test of two engines' agreement).
HELD_X = 50


@dataclass(frozen=True)
class SimTask:
    game: Any
    mode: str
    engine: str
    chunk: int
    count: int
    seed: int


def chunk_seed(seed: int, mode: str, chunk: int) -> np.random.SeedSequence:
    return np.random.SeedSequence(seed, spawn_key=(zlib.crc32(mode.encode()), chunk))


def run_chunk(task: SimTask) -> dict[str, Any]:
    """One chunk's sums: n, paid, paid_sq, hits, max, feature counts, band counts."""
    spec = B.resolve_game(task.game)
    ss = chunk_seed(task.seed, task.mode, task.chunk)
    cats = list(spec.math.book_forces.get(task.mode, {}))
    sums: dict[str, Any] = {}
    if task.engine == "simulate":
        assert spec.math.simulate is not None, f"{spec.id} has no simulate engine"
        out = spec.math.simulate(ss, task.mode, task.count)
        pay = np.asarray(out["payout_x100"], dtype=np.int64)
        sums = {k: np.asarray(v).tolist() for k, v in out.get("sums", {}).items()}
        feats = {k: int(np.count_nonzero(v)) for k, v in out["features"].items()}
        taken = np.zeros(task.count, dtype=bool)
        strata = {}
        for cat in cats:                # each round in the first listed category it is in
            mine = np.asarray(out["features"].get(cat, taken), dtype=bool) & ~taken
            strata[cat] = int(mine.sum())
            taken |= mine
    else:
        rng = Rng(ss)
        pay = np.empty(task.count, dtype=np.int64)
        feats, strata = {}, {cat: 0 for cat in cats}
        for i in range(task.count):
            r = spec.play(rng, task.mode)
            pay[i] = r.payout_x100
            for f in r.features:
                feats[f] = feats.get(f, 0) + 1
            first = next((c for c in cats if c in r.features), None)
            if first is not None:
                strata[first] += 1
    cost = spec.mode(task.mode).cost_x100
    pf = pay.astype(np.float64)
    held = np.minimum(pf, HELD_X * cost)
    return {"n": len(pay), "paid": int(pay.sum()), "paid_sq": float(pf @ pf),
            "held": float(held.sum()), "held_sq": float(held @ held),
            "hits": int(np.count_nonzero(pay)), "max": int(pay.max()) if len(pay) else 0,
            "features": feats, "strata": strata, "bands": band_counts(pay, cost).tolist(), "sums": sums}


def add_sums(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Key-wise sums of the chunks' "sums": numbers, or lists of equal length added
    element-wise; a key starting "samples_" holds a list of values, concatenated (in
    chunk order). A key a chunk lacks counts as zero (or empty) there."""
    out: dict[str, Any] = {}
    for part in parts:
        for k, v in part.items():
            if k not in out:
                out[k] = v
            elif k.startswith("samples_"):
                out[k] = out[k] + v
            else:
                out[k] = np.add(out[k], v).tolist() if isinstance(v, list) else out[k] + v
    return out


def plan(game: Any, mode: str, rounds: int, engine: str, seed: int, size: int | None = None) -> list[SimTask]:
    size = size or CHUNK[engine]
    return [SimTask(game, mode, engine, k, min(size, rounds - start), seed)
            for k, start in enumerate(range(0, rounds, size))]


def _summary(spec, mode: str, engine: str, seed: int, results: list[dict], seconds: float) -> dict[str, Any]:
    """The figures of one mode from its chunks' sums."""
    cost = spec.mode(mode).cost_x100
    n = sum(r["n"] for r in results)
    paid = sum(r["paid"] for r in results)
    paid_sq = sum(r["paid_sq"] for r in results)
    hits = sum(r["hits"] for r in results)
    names = list(B.feature_names(spec))
    for r in results:
        names += [k for k in r["features"] if k not in names]
    mean, lo, hi = mean_ci(paid / cost, paid_sq / cost**2, n, Z99)
    held = sum(r["held"] for r in results) / cost
    held_sq = sum(r["held_sq"] for r in results) / cost**2
    hit, hlo, hhi = rate_ci(hits, n)
    feats = {}
    for name in names:
        k = sum(r["features"].get(name, 0) for r in results)
        rate, flo, fhi = rate_ci(k, n)
        feats[name] = {"rate": rate, "ci99": [flo, fhi], "count": k}
    bands = np.sum([r["bands"] for r in results], axis=0).astype(int).tolist()
    strata = {}
    for cat in spec.math.book_forces.get(mode, {}):
        k = sum(r["strata"].get(cat, 0) for r in results)
        rate, slo, shi = rate_ci(k, n)
        strata[cat] = {"rate": rate, "ci99": [slo, shi], "count": k}
    sd = float(np.sqrt(max(0.0, paid_sq / cost**2 / n - mean * mean)))
    return {
        "game": spec.id,
        "mode": mode,
        "engine": engine,
        "rounds": n,
        "seed": seed,
        "cost": cost / 100,
        "rtp": mean,
        "rtp_ci99": [lo, hi],
        "target_rtp": spec.rtp.get(mode),
        "hit_rate": hit,
        "hit_ci99": [hlo, hhi],
        "max_win_x": max(r["max"] for r in results) / 100,
        "sd": sd,
        f"rtp_held_{HELD_X}x": held / n,
        f"sd_held_{HELD_X}x": float(np.sqrt(max(0.0, held_sq / n - (held / n) ** 2))),
        "features": feats,
        "strata": strata,
        "bands": dict(zip(BAND_LABELS, bands)),
        "sums": add_sums([r.get("sums", {}) for r in results]),
        "seconds": seconds,
        "rounds_per_s": n / max(seconds, 1e-9),
    }


def simulate_modes(game: Any, rounds: dict[str, int], workers: int = 1, scheduler: str | None = None,
                   seed: int = DEFAULT_SEED, engine: str = "auto", progress: bool = False,
                   desc: str = "", chunk: dict[str, int] | None = None) -> dict[str, dict[str, Any]]:
    """Simulate several modes in one pool: {mode: figures} (as `simulate_mode`).
    `chunk` {mode: rounds a chunk} replaces CHUNK[engine] for those modes (another
    partition of the rounds, so other figures; a batch engine's rare features run in
    bigger batches)."""
    spec = B.resolve_game(game)
    ref = B.game_ref(game)
    if engine == "auto":
        engine = "simulate" if spec.math.simulate is not None else "play"
    if engine == "simulate" and spec.math.simulate is None:
        raise B.LibraryError(f"{spec.id} has no vectorised simulate()")
    for mode in rounds:
        spec.mode(mode)
    tasks = [t for mode, n in rounds.items() for t in plan(ref, mode, n, engine, seed, (chunk or {}).get(mode))]
    # a round's cost differs a lot between modes: weigh each chunk by its mode's cost
    weight = {m.id: (1.0 if m.kind == "spin" else 20.0) for m in spec.modes}
    t0 = time.perf_counter()
    with Progress(sum(t.count * weight[t.mode] for t in tasks), "rounds", desc or f"simulating {spec.id}",
                  progress) as bar:
        results = pool.run(run_chunk, tasks, workers, scheduler,
                           order=sorted(range(len(tasks)), key=lambda i: -weight[tasks[i].mode]),
                           on_done=lambda i, r: bar.done(tasks[i].count * weight[tasks[i].mode], r["n"]))
    seconds = time.perf_counter() - t0
    out = {}
    for mode in rounds:
        mine = [r for t, r in zip(tasks, results) if t.mode == mode]
        out[mode] = _summary(spec, mode, engine, seed, mine, seconds)
        if chunk and chunk.get(mode):    # another partition than CHUNK's: a sheet says which
            out[mode]["chunk"] = min(chunk[mode], rounds[mode])
    return out


def simulate_mode(game: Any, mode: str, rounds: int, workers: int = 1, scheduler: str | None = None,
                  seed: int = DEFAULT_SEED, engine: str = "auto", progress: bool = False) -> dict[str, Any]:
    """Simulate `rounds` rounds of one mode; returns RTP with its 99% CI, hit rate and
    feature rates (each with a 99% Wilson interval), payout band counts, max payout,
    sd, speed."""
    return simulate_modes(game, {mode: rounds}, workers, scheduler, seed, engine, progress)[mode]


def sim_command(args) -> None:
    """Print the figures of `sim` (text or --json)."""
    import json
    res = simulate_mode(args.game, args.mode, args.rounds, args.workers, args.scheduler,
                        DEFAULT_SEED if args.seed is None else args.seed, args.engine, progress=True)
    if args.json:
        json.dump(res, sys.stdout, indent=2)
        print()
        return
    lo, hi = res["rtp_ci99"]
    print(f"{res['game']}/{res['mode']}: {res['rounds']:,} rounds ({res['engine']}), "
          f"{res['rounds_per_s']:,.0f} rounds/s")
    tgt = res["target_rtp"]
    print(f"  RTP      {res['rtp']:.6f}  99% CI [{lo:.6f}, {hi:.6f}]"
          + (f"  stated {tgt:.6f} ({(res['rtp'] - tgt) * 100:+.3f} pp)" if tgt is not None else ""))
    print(f"  hit rate {res['hit_rate']:.6f}  99% CI [{res['hit_ci99'][0]:.6f}, {res['hit_ci99'][1]:.6f}]")
    print(f"  max win  {res['max_win_x']:,.2f}x   sd {res['sd']:.3f} (per unit cost)")
    for name, f in res["features"].items():
        odds = f"1 in {1 / f['rate']:,.1f}" if f["rate"] > 0 else "never"
        print(f"  {name:<22} {f['rate']:.6f}  99% CI [{f['ci99'][0]:.6f}, {f['ci99'][1]:.6f}]  ({odds})")
