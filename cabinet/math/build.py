"""`python -m cabinet.math build`: generate, weight and write a game's book libraries.

Books are generated in fixed chunks of `CHUNK` books. Chunk k of stratum s of mode m
takes its seeds from `SeedSequence(seed, spawn_key=(crc32(m), s + 1, k))`, so every
book's seed depends only on (build seed, mode, stratum, position), never on the
number of worker processes: the library is byte-identical for any --workers.
The natural stratum (s = -1) holds `--books` books; each forcing category holds
`forced_books(...)` more, each made with `play(rng, mode, force=category)`. Forced
books cost up to thousands of times a natural one, so their chunks are small
(`FORCED_CHUNK`) and every chunk is handed to the workers costliest first (forced
strata, then buys, then base modes); results are put back in library order, so the
order of work never changes a byte. `build_games` runs several games' chunks in one
pool (`python -m cabinet.math build all`).

A game may give `spec.play_batch(seeds, mode, force) -> (payout_x100[n],
[features of each round][, jackpot_x100[n]])`, a fast path that must give exactly what
`play(Rng.for_book(seed), mode, force)` gives for each seed (`verify` regenerates
books with `play` and compares). A library stores each book's jackpot part
(`Round.jackpot_x100`) when any book has one.
"""
from __future__ import annotations

import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from cabinet.core.game import GameSpec
from cabinet.core.rng import Rng

from cabinet.core import books as B

from .books import strata, write_mode_file
from .optimize import natural_weights, optimize, sampling_se
from .stats import weighted_figures

CHUNK = 2000
FORCED_CHUNK = 20
DEFAULT_SEED = 0x5EED_B00C
BASE_BOOKS = 100_000
BUY_BOOKS = 10_000


class BuildError(Exception):
    """A library cannot be built (a book above the cap, a force that fails, ...)."""


@dataclass(frozen=True)
class Task:
    game: Any          # importable reference (id or dotted module) or the GameSpec
    mode: str
    force: int         # category index, -1 natural
    category: str | None
    chunk: int
    count: int
    seed: int
    names: tuple[str, ...]


def default_books(spec: GameSpec, mode: str) -> int:
    """Natural books per mode: 100,000 for spins, 10,000 for buys; a game may set a
    mode's count in spec.book_counts[mode] (e.g. side libraries such as a gamble's
    bonus entries, which are not bet modes)."""
    override = spec.book_counts.get(mode)
    if override:
        return int(override)
    return BUY_BOOKS if spec.mode(mode).kind == "buy" else BASE_BOOKS


def forced_books(spec: GameSpec, mode: str, category: str, natural: int) -> int:
    """Forced books per category: spec.forced_books[mode][cat], else 1% of the
    natural count (at least 50)."""
    override = spec.forced_books.get(mode, {})
    return int(override.get(category, max(50, natural // 100)))


def book_seeds(seed: int, mode: str, force: int, chunk: int, count: int) -> np.ndarray:
    """The 63-bit seeds of one chunk's books."""
    ss = np.random.SeedSequence(seed, spawn_key=(zlib.crc32(mode.encode()), force + 1, chunk))
    return ss.generate_state(count, dtype=np.uint64) >> np.uint64(1)


def run_task(task: Task) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Generate one chunk: (seeds, payout_x100, feature bitmasks, jackpot_x100)."""
    spec = B.resolve_game(task.game)
    seeds = book_seeds(task.seed, task.mode, task.force, task.chunk, task.count)
    bit = {name: 1 << i for i, name in enumerate(task.names)}
    pay = np.empty(task.count, dtype=np.int64)
    feats = np.zeros(task.count, dtype=np.uint64)
    jack = np.zeros(task.count, dtype=np.int64)
    play, mode, force = spec.play, task.mode, task.category
    batch = spec.play_batch
    if batch is not None:   # the game's own fast path: same results as play, per seed
        out = batch(seeds, mode, force)
        jackpots = out[2] if len(out) > 2 else np.zeros(task.count, dtype=np.int64)
        rounds = zip(np.asarray(out[0], dtype=np.int64).tolist(), out[1],
                     np.asarray(jackpots, dtype=np.int64).tolist())
    else:
        rounds = ((r.payout_x100, r.features, r.jackpot_x100)
                  for r in (play(Rng(s), mode, force) for s in seeds.tolist()))
    for i, (payout, round_features, jackpot) in enumerate(rounds):
        s = int(seeds[i])
        pay[i] = payout
        jack[i] = jackpot
        mask = 0
        for f in round_features:
            try:
                mask |= bit[f]
            except KeyError:
                raise BuildError(f"{spec.id}/{mode}: a round lists feature {f!r}, which is not in "
                                 f"feature_names {list(task.names)}") from None
        if force is not None and not mask & bit[force]:
            raise BuildError(f"{spec.id}/{mode}: play(force={force!r}) returned a round without "
                             f"that category (seed {s})")
        feats[i] = mask
    return seeds, pay, feats, jack


def plan(spec: GameSpec, ref: Any, mode: str, natural: int, seed: int) -> list[Task]:
    """Every chunk task of one mode, in library order."""
    names = tuple(B.feature_names(spec))
    cats = list(spec.book_forces.get(mode, {}))
    tasks = []
    strata = [(-1, None, natural)] + [(c, cat, forced_books(spec, mode, cat, natural))
                                      for c, cat in enumerate(cats)]
    for force, cat, count in strata:
        size = CHUNK if force < 0 else FORCED_CHUNK
        for k, start in enumerate(range(0, count, size)):
            tasks.append(Task(ref, mode, force, cat, k, min(size, count - start), seed, names))
    return tasks


def cost_rank(spec: GameSpec, task: Task) -> tuple[int, int]:
    """Sort key, costliest chunk first: forced strata, then buys, then spins."""
    kind = spec.mode(task.mode).kind
    return (0 if task.force >= 0 else 1 if kind == "buy" else 2, -task.count)


def run_all(tasks: list[Task], workers: int, bar=None) -> list[tuple]:
    """Run chunk tasks, costliest first on `workers` processes; results in task order."""
    specs = {}
    def spec_of(t: Task) -> GameSpec:
        key = t.game if isinstance(t.game, str) else id(t.game)
        if key not in specs:
            specs[key] = B.resolve_game(t.game)
        return specs[key]
    order = sorted(range(len(tasks)), key=lambda i: cost_rank(spec_of(tasks[i]), tasks[i]))
    results: list[tuple | None] = [None] * len(tasks)
    if workers <= 1:
        for i in order:
            results[i] = run_task(tasks[i])
            if bar is not None:
                bar.update(tasks[i].count)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(run_task, tasks[i]): i for i in order}
        try:
            for fut in as_completed(futures):
                results[futures[fut]] = fut.result()
                if bar is not None:
                    bar.update(tasks[futures[fut]].count)
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
    return results


def assemble(spec: GameSpec, mode: str, tasks: list[Task], results: Iterable[tuple],
             seed: int, natural: int) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Arrays and metadata of one mode from its chunk results; runs the optimizer."""
    results = list(results)
    names = list(tasks[0].names)
    cats = list(spec.book_forces.get(mode, {}))
    targets = [float(spec.book_forces[mode][c]) for c in cats]
    seeds = np.concatenate([r[0] for r in results])
    pay = np.concatenate([r[1] for r in results])
    feats = np.concatenate([r[2] for r in results])
    jack = np.concatenate([r[3] for r in results])
    force = np.concatenate([np.full(t.count, t.force, dtype=np.int16) for t in tasks])
    cap = B.cap_x100(spec, mode)
    if cap is not None and int(pay.max()) > cap:
        i = int(np.argmax(pay))
        raise BuildError(f"{spec.id}/{mode}: book seed {int(seeds[i])} pays {pay[i] / 100:.2f}x, "
                         f"above the cap of {cap / 100:.2f}x")
    stratum = strata(force, feats, names, cats)
    cost = spec.mode(mode).cost_x100
    rtp = B.rtp_fraction(spec.rtp[mode])
    try:
        weight, report = optimize(pay, stratum, targets, cost, rtp)
    except Exception as exc:
        raise BuildError(f"{spec.id}/{mode}: optimizer failed: {exc}") from exc
    before = weighted_figures(natural_weights(stratum, targets), pay, feats, names, cost)
    after = weighted_figures(weight, pay, feats, names, cost)
    report["natural"] = before
    report["natural_rtp_se"] = sampling_se(pay, stratum, targets, cost)
    report["moved"] = {"rtp": after["rtp"] - before["rtp"],
                       "hit_rate": after["hit_rate"] - before["hit_rate"],
                       "features": {k: after["features"][k] - before["features"][k] for k in names}}
    report["natural_in_category"] = {c: int(((stratum == i) & (force == -1)).sum())
                                     for i, c in enumerate(cats)}
    meta = {"format": B.FORMAT, "game": spec.id, "mode": mode, "version": spec.version,
            "fingerprint": B.fingerprint(spec), "cost_x100": cost, "rtp_target": str(spec.rtp[mode]),
            "rtp": report["rtp"], "feature_names": names, "categories": cats,
            "category_targets": dict(zip(cats, targets)), "cap_x100": cap,
            "build": {"seed": seed, "books": len(pay), "natural_books": natural,
                      "forced_books": {c: int((force == i).sum()) for i, c in enumerate(cats)},
                      "chunk": CHUNK, "total_weight": sum(weight.tolist())},
            "optimizer": report}
    arrays = {"seed": seeds, "force": force, "payout_x100": pay, "weight": weight, "features": feats}
    if jack.any():
        arrays["jackpot_x100"] = jack
    return arrays, meta


def build(game: str | GameSpec, modes: list[str] | None = None, books: int | None = None,
          workers: int = 1, out: str | Path | None = None, seed: int = DEFAULT_SEED,
          progress: bool = False) -> dict[str, dict[str, Any]]:
    """Build (and write) the libraries of `modes` (default: all); returns {mode: meta}."""
    return build_games([game], modes, books, workers, out, seed, progress)[B.resolve_game(game).id]


def build_games(games: list[str | GameSpec], modes: list[str] | None = None, books: int | None = None,
                workers: int = 1, out: str | Path | None = None, seed: int = DEFAULT_SEED,
                progress: bool = False) -> dict[str, dict[str, dict[str, Any]]]:
    """Build the libraries of several games with one pool of workers; returns
    {game: {mode: meta}}. `out` is the directory of a single game's libraries; with
    several games each goes to `out/<game id>` (default: each game's books folder)."""
    jobs = []           # (spec, out_dir, mode, natural, tasks)
    for game in games:
        spec = B.resolve_game(game)
        ref = B.game_ref(game)
        if out is None:
            out_dir = B.default_books_dir(spec)
        else:
            out_dir = Path(out) if len(games) == 1 else Path(out) / spec.id
        for mode in modes or [m.id for m in spec.modes]:
            spec.mode(mode)
            if mode not in spec.rtp:
                raise BuildError(f"{spec.id}: no stated RTP for mode {mode!r}")
            natural = books or default_books(spec, mode)
            jobs.append((spec, out_dir, mode, natural, plan(spec, ref, mode, natural, seed)))
    all_tasks = [t for *_, ts in jobs for t in ts]
    t0 = time.perf_counter()
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=sum(t.count for t in all_tasks), unit="books", unit_scale=True, file=sys.stderr)
    try:
        results = run_all(all_tasks, workers, bar)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - t0
    metas: dict[str, dict[str, dict[str, Any]]] = {}
    pos = 0
    for spec, out_dir, mode, natural, tasks in jobs:
        arrays, meta = assemble(spec, mode, tasks, results[pos:pos + len(tasks)], seed, natural)
        pos += len(tasks)
        write_mode_file(out_dir / f"{mode}.npz", arrays, meta)
        metas.setdefault(spec.id, {})[mode] = meta
        if progress:
            report_mode(spec, meta)
    if progress:
        n = sum(t.count for t in all_tasks)
        where = ", ".join(sorted({str(j[1]) for j in jobs}))
        print(f"generated {n} books in {elapsed:.1f}s ({n / max(elapsed, 1e-9):,.0f} books/s, "
              f"{workers} worker(s)) -> {where}")
    return metas


def report_mode(spec: GameSpec, meta: dict[str, Any]) -> None:
    """One line per built mode, and a warning when the weights carry the RTP."""
    opt = meta["optimizer"]
    print(f"{spec.id}/{meta['mode']}: {meta['build']['books']} books, rtp {float(opt['natural']['rtp']):.6f} "
          f"natural -> {meta['rtp_target']} target (error {opt['rtp_error']:.1e}), "
          f"hit rate moved {opt['moved']['hit_rate']:+.5f}")
    gap = float(opt["natural"]["rtp"]) - float(B.rtp_fraction(meta["rtp_target"]))
    se = opt.get("natural_rtp_se") or 0.0
    if abs(gap) > 0.003:
        print(f"  the weights move RTP by {-gap * 100:+.2f} pp = {abs(gap) / se if se else float('inf'):.1f} "
              f"standard errors ({se * 100:.2f} pp) of this sample of books", file=sys.stderr)
        if abs(gap) > 3 * se:
            print("  warning: more than the sample's noise: check the rules' natural RTP with `sim` "
                  "(the rules, not the weights, must carry the RTP)", file=sys.stderr)
