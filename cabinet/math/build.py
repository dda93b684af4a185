"""`python -m cabinet.math build`: generate, weight, verify and install book libraries.

Books are generated in tasks of up to `CHUNK` natural or `FORCED_CHUNK` forced books.
Book j of stratum s (-1 natural, else the forcing category's index) of mode m has the
seed `stratum_seeds(seed, m, s, j, 1)` (cabinet/core/book_format.py), so every book
depends only on (build seed, mode, stratum, position), never on the number of
workers or where they run: the library is byte-identical for any --workers, and on a
Dask cluster (`--scheduler`). The natural stratum holds `--books` books; each forcing
category holds `forced_books(...)` more, each made with `play(rng, mode,
force=category)` on a recording stream, so the book stores the hints that replay its
forced searches directly (cabinet/core/forcing.py). Tasks go to the workers costliest
first; results are put back in library order.

A game may give `spec.math.play_batch(seeds, mode, force) -> (payout_x100[n], [features of
each round][, jackpot_x100[n]])`, a fast path for natural books that must give
exactly what `play(Rng.for_book(seed), mode)` gives for each seed (`verify` checks).

Weights (cabinet/math/optimize.py) hold the stated RTP, every feature at the rules'
rate and every payout band the rules saw often enough at the rules' mass
(cabinet/math/rates.py); each mode is weighed as a task of the same pool. Each
game's libraries are written into a new directory beside the target, verified there
(`verify`: manifest, RTP, every forced book and a sample of natural ones
regenerated; every game's checks in one pool), and only then installed in one
rename (cabinet/math/install_library.py): the target is never half overwritten, and a
library that fails stays out of it. With `progress`, the CPU seconds of each stratum and the wall seconds of each
phase are printed (cabinet/math/build_costs.py; `build --plan` prints the expected
ones without building), and each mode's tilt (how far the weights moved from the
natural ones: optimize.tilt_figures).

The weights and every figure of the metadata are reproducible arithmetic (exact sums,
no BLAS or libm: cabinet/math/optimize.py), so the same source builds the same bytes
on any machine, thread count or --workers. `build --check` rebuilds into a temporary
folder and compares every array of every mode file and the manifest with the
installed library (books.compare_library), installing nothing: a lab's check that
what it was given is what the source builds.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from cabinet.core import books as B
from cabinet.core.book_format import SEED_BLOCK, pack_round
from cabinet.core.game import GameSpec
from cabinet.core.rng import Rng

from . import pool
from .build_costs import (cost_key, costs_file, makespan, print_strata, read_costs, stratum_cpu, task_cost,
                          write_costs)
from .books import mode_file_bytes, strata
from .install_library import check_against, verify_and_install
from .optimize import optimize
from .weight_figures import exact_figures, sampling_se
from .pool import Progress
from .rates import band_targets, category_targets, load_rates, mode_targets, nested_follow
from .stats import BAND_LABELS, band_of

CHUNK = 2000
FORCED_CHUNK = 10
DEFAULT_SEED = 0x5EED_B00C
BASE_BOOKS = 300_000
BUY_BOOKS = 10_000


class BuildError(Exception):
    """A library cannot be built (a book above the cap, a force that fails, ...)."""


@dataclass(frozen=True)
class Task:
    game: Any          # importable reference (id or dotted module) or the GameSpec
    mode: str
    force: int         # category index, -1 natural
    category: str | None
    start: int         # first book's position in its stratum
    count: int
    seed: int
    names: tuple[str, ...]


def book_seeds(seed: int, mode: str, force: int, start: int, count: int) -> np.ndarray:
    """The 63-bit seeds of books start .. start+count-1 of one stratum."""
    return B.stratum_seeds(seed, mode, force, start, count)


def default_books(spec: GameSpec, mode: str) -> int:
    """Natural books per mode: spec.math.book_counts[mode], else 300,000 for spins and
    10,000 for buys and side libraries."""
    override = spec.math.book_counts.get(mode)
    if override:
        return int(override)
    return BASE_BOOKS if spec.mode(mode).kind == "spin" else BUY_BOOKS


def forced_books(spec: GameSpec, mode: str, category: str, natural: int) -> int:
    """Forced books per category: spec.math.forced_books[mode][cat], else 1% of the
    natural count (at least 50)."""
    override = spec.math.forced_books.get(mode, {})
    return int(override.get(category, max(50, natural // 100)))


def run_task(task: Task) -> tuple[np.ndarray, ...]:
    """Generate one task's books: (seeds, payout_x100, feature bitmasks, jackpot_x100,
    hint_count, hints, stored round lengths (0: not stored), stored round bytes). A
    stratum of `spec.math.stored_rounds` stores each book's Round (book_format.pack_round)."""
    spec = B.resolve_game(task.game)
    seeds = book_seeds(task.seed, task.mode, task.force, task.start, task.count)
    bit = {name: 1 << i for i, name in enumerate(task.names)}
    pay = np.empty(task.count, dtype=np.int64)
    feats = np.zeros(task.count, dtype=np.uint64)
    jack = np.zeros(task.count, dtype=np.int64)
    counts = np.zeros(task.count, dtype=np.uint16)
    stored_len = np.zeros(task.count, dtype=np.int64)
    hints: list[int] = []
    stored: list[bytes] = []
    mode, force = task.mode, task.category
    if spec.math.play_batch is not None and force is None:   # the game's own fast path, natural books
        out = spec.math.play_batch(seeds, mode, None)
        jackpots = out[2] if len(out) > 2 else np.zeros(task.count, dtype=np.int64)
        rounds = zip(np.asarray(out[0], dtype=np.int64).tolist(), out[1],
                     np.asarray(jackpots, dtype=np.int64).tolist(), [None] * task.count)
    else:
        keep = force is not None and force in spec.math.stored_rounds.get(mode, ())
        rounds = _played(spec, seeds, mode, force, counts, hints, keep)
    for i, (payout, round_features, jackpot, packed) in enumerate(rounds):
        pay[i], jack[i] = payout, jackpot
        if packed is not None:
            stored_len[i] = len(packed)
            stored.append(packed)
        mask = 0
        for f in round_features:
            try:
                mask |= bit[f]
            except KeyError:
                raise BuildError(f"{spec.id}/{mode}: a round lists feature {f!r}, which is not in "
                                 f"feature_names {list(task.names)}") from None
        if force is not None and not mask & bit[force]:
            raise BuildError(f"{spec.id}/{mode}: play(force={force!r}) returned a round without "
                             f"that category (seed {int(seeds[i])})")
        feats[i] = mask
    return (seeds, pay, feats, jack, counts, np.asarray(hints, dtype=np.uint32), stored_len,
            np.frombuffer(b"".join(stored), dtype=np.uint8))


def _played(spec: GameSpec, seeds: np.ndarray, mode: str, force: str | None, counts: np.ndarray, hints: list[int],
            keep: bool):
    """(payout, features, jackpot, the packed Round or None) of each seed by `play` on a
    recording stream (`keep`: pack every Round); the hints of each book go to `counts`
    / `hints`."""
    for i, s in enumerate(seeds.tolist()):
        rng = Rng.recording(s)
        try:
            r = spec.play(rng, mode, force)
        except RuntimeError as exc:
            raise BuildError(f"{spec.id}/{mode}: play(force={force!r}) failed for seed {s}: {exc}") from None
        got = rng.trace.values if rng.trace is not None else []
        if len(got) > 65535 or any(not 0 <= v < 2**32 for v in got):
            raise BuildError(f"{spec.id}/{mode}: seed {s}: forced searches give hints out of range")
        counts[i] = len(got)
        hints += got
        yield r.payout_x100, r.features, r.jackpot_x100, pack_round(r) if keep else None


def _timed(task: Task) -> tuple[tuple[np.ndarray, ...], float]:
    t0 = time.process_time()
    out = run_task(task)
    return out, time.process_time() - t0


def _weigh(job: tuple) -> tuple[tuple[bytes, dict[str, Any]], dict[str, Any]]:
    """One mode's weights and file (a task of the pool, so the modes are weighed in
    parallel): ((file bytes, manifest entry), meta)."""
    ref, mode, tasks, results, seed, natural, rates = job
    spec = B.resolve_game(ref)
    arrays, meta = assemble(spec, mode, tasks, results, seed, natural, rates)
    return mode_file_bytes(arrays, meta), meta


def check_stored_rounds(spec: GameSpec) -> None:
    """`spec.math.stored_rounds` names modes of the game and, for each, distinct forced
    categories of that mode; BuildError otherwise."""
    for m, listed in spec.math.stored_rounds.items():
        if m not in {bm.id for bm in spec.modes}:
            raise BuildError(f"{spec.id}: stored_rounds names mode {m!r}, which is not a mode of the game")
        if not isinstance(listed, (tuple, list)) or not all(isinstance(c, str) for c in listed) \
                or len(set(listed)) != len(listed):
            raise BuildError(f"{spec.id}: stored_rounds[{m!r}] must be a tuple of distinct category names, "
                             f"got {listed!r}")
        unknown = sorted(set(listed) - set(spec.math.book_forces.get(m, {})))
        if unknown:
            raise BuildError(f"{spec.id}: stored_rounds lists {m}/{', '.join(unknown)}, not a forced category "
                             f"of that mode (its categories: {', '.join(spec.math.book_forces.get(m, {})) or 'none'})")


def plan(spec: GameSpec, ref: Any, mode: str, natural: int, seed: int) -> list[Task]:
    """Every task of one mode, in library order."""
    names = tuple(B.feature_names(spec))
    cats = list(spec.math.book_forces.get(mode, {}))
    tasks = []
    strata_ = [(-1, None, natural)] + [(c, cat, forced_books(spec, mode, cat, natural))
                                       for c, cat in enumerate(cats)]
    for force, cat, count in strata_:
        size = CHUNK if force < 0 else FORCED_CHUNK
        for start in range(0, count, size):
            tasks.append(Task(ref, mode, force, cat, start, min(size, count - start), seed, names))
    return tasks


def release_categories(held: dict[str, dict[str, Any]], cats: list[str]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """(the held rates without the measured rates of the mode's own forcing categories,
    the names released). A category's rounds lie in its own stratum, whose share is
    fixed, and in the strata of categories listed before it; so holding its measured
    rate can only move weight inside those earlier strata, by whatever the measurement's
    noise puts between the rate and the share (a bought max win's share with the GRAND
    pushed from the rules' 45% to 0.04%: issue #32). Their books are the rules' rounds
    given their category, so they keep that composition at natural weights. An exact
    rate (sigma 0: exact odds, or set by the game) agrees with the shares and stays."""
    released = [f for f in cats if f in held and held[f].get("sigma", 0.0) > 0]
    return {k: v for k, v in held.items() if k not in released}, released


def assemble(spec: GameSpec, mode: str, tasks: list[Task], results: list[tuple], seed: int, natural: int,
             rates: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Arrays and metadata of one mode from its task results; runs the optimizer."""
    names = list(tasks[0].names)
    cats = list(spec.math.book_forces.get(mode, {}))
    targets, target_notes = category_targets(spec, mode, rates)
    pay, feats, jack, counts, hints, stored_len, stored = (np.concatenate([r[k] for r in results])
                                                          for k in range(1, 8))
    force = np.concatenate([np.full(t.count, t.force, dtype=np.int16) for t in tasks])
    cap = B.cap_x100(spec, mode)
    if cap is not None and int(pay.max()) > cap:
        i = int(np.argmax(pay))
        raise BuildError(f"{spec.id}/{mode}: book {i} pays {pay[i] / 100:.2f}x, above the cap of {cap / 100:.2f}x")
    stratum = strata(force, feats, names, cats)
    cost = spec.mode(mode).cost_x100
    rtp = B.rtp_fraction(spec.rtp[mode])
    bits = np.array([(feats >> np.uint64(i)) & np.uint64(1) for i in range(len(names))], dtype=bool).T
    held = nested_follow({k: v for k, v in mode_targets(spec, rates, mode).items() if k in names}, rates, mode,
                          bits, names)
    held, released = release_categories(held, cats)
    # the payout bands the rules saw often enough are held too, as moments like the
    # features (their indicator columns after the features'), so the library's win
    # distribution keeps the rules' band masses, not its sample's
    bands = band_targets(rates, mode)
    band_col = band_of(pay, cost)
    columns = names + [f"band {label}" for label in bands]
    cols = np.column_stack([bits] + [band_col == BAND_LABELS.index(label) for label in bands]) if bands else bits
    goals = {**{names.index(k): v for k, v in held.items()},
             **{len(names) + j: t for j, t in enumerate(bands.values())}}
    try:
        weight, report = optimize(pay, stratum, targets, cost, rtp, features=cols,
                                  rates={i: v["rate"] for i, v in goals.items()},
                                  rate_sigma={i: v.get("sigma", 0.0) for i, v in goals.items()},
                                  fixed_strata=spec.math.forced_natural,
                                  rtp_tilt=spec.math.rtp_tilt.get(mode, "body"))
    except Exception as exc:
        raise BuildError(f"{spec.id}/{mode}: optimizer failed: {exc}") from exc
    shifts = report["tilt"].get("held_mean_shift_se")
    if shifts is not None:           # rtp_tilt "noise": {held column: its mean's move in standard errors}
        report["tilt"]["held_mean_shift_se"] = {columns[i]: z for i, z in zip(report["held_features"], shifts)}
    report["held_bands"] = [columns[i][5:] for i in report["held_features"] if i >= len(names)]
    report["held_features"] = [columns[i] for i in report["held_features"] if i < len(names)]
    report["free_features"] = [columns[i] for i in report["free_features"]]
    report["mu"] = {columns[int(i)]: v for i, v in report["mu"].items()}
    report["feature_miss"] = {columns[int(i)]: v for i, v in report["feature_miss"].items()}
    before = exact_figures(pay, feats, names, cost, stratum=stratum, targets=targets)
    after = exact_figures(pay, feats, names, cost, weight=weight)
    report["natural"] = before
    report["natural_rtp_se"] = sampling_se(pay, stratum, targets, cost)
    report["moved"] = {"rtp": after["rtp"] - before["rtp"], "hit_rate": after["hit_rate"] - before["hit_rate"],
                       "features": {k: after["features"][k] - before["features"][k] for k in names}}
    report["natural_in_category"] = {c: int(((stratum == i) & (force == -1)).sum()) for i, c in enumerate(cats)}
    report["category_target_notes"] = target_notes
    report["released_categories"] = released
    meta = {"format": B.FORMAT, "game": spec.id, "mode": mode, "version": spec.version,
            "fingerprint": B.fingerprint(spec), "cost_x100": cost, "rtp_target": str(spec.rtp[mode]),
            "rtp": report["rtp"], "feature_names": names, "categories": cats,
            "category_targets": dict(zip(cats, targets)), "rate_targets": held, "band_targets": bands,
            "cap_x100": cap,
            "seeds": {"seed": seed, "block": SEED_BLOCK},
            "build": {"books": len(pay), "natural_books": natural,
                      "forced_books": {c: int((force == i).sum()) for i, c in enumerate(cats)},
                      "total_weight": sum(weight.tolist())},
            "optimizer": report}
    arrays = {"force": force, "payout_x100": pay, "weight": weight, "features": feats}
    if jack.any():
        arrays["jackpot_x100"] = jack
    if counts.any():
        arrays["hint_count"], arrays["hints"] = counts, hints
    if stored_len.any():
        book = np.flatnonzero(stored_len).astype(np.int64)
        arrays.update(stored_book=book, stored_end=np.cumsum(stored_len[book]), stored_rounds=stored)
    return arrays, meta


def build(game: str | GameSpec, modes: list[str] | None = None, books: int | None = None,
          workers: int = 1, out: str | Path | None = None, seed: int = DEFAULT_SEED,
          progress: bool = False, scheduler: str | None = None) -> dict[str, dict[str, Any]]:
    """Build, verify and install the libraries of `modes` (default: all); returns {mode: meta}."""
    return build_games([game], modes, books, workers, out, seed, progress, scheduler)[B.resolve_game(game).id]


def build_games(games: Sequence[str | GameSpec], modes: list[str] | None = None, books: int | None = None,
                workers: int = 1, out: str | Path | None = None, seed: int = DEFAULT_SEED,
                progress: bool = False, scheduler: str | None = None,
                plan_only: bool = False, check: list[str] | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """Build the libraries of several games with one pool of workers; returns
    {game: {mode: meta}}. `out` is the directory of a single game's libraries; with
    several games each goes to `out/<game id>` (default: each game's books folder).
    `plan_only`: print each stratum's expected CPU seconds (the last builds' cost a
    book times the plan's books) and build nothing. `check` (a list): build into a
    temporary folder, compare every array of every mode file and the manifest with
    the target's (`books.compare_library`), print one line a mode and add each
    difference found to the list; nothing is verified or installed."""
    jobs = []           # (spec, target dir, mode, natural, tasks)
    rates: dict[str, Any] = {}
    for game in games:
        spec = B.resolve_game(game)
        ref = B.game_ref(game)
        target = B.default_books_dir(spec) if out is None else Path(out) if len(games) == 1 else Path(out) / spec.id
        rates[spec.id] = None if plan_only else load_rates(spec)
        check_stored_rounds(spec)
        for mode in modes or [m.id for m in spec.modes]:
            spec.mode(mode)
            if mode not in spec.rtp:
                raise BuildError(f"{spec.id}: no stated RTP for mode {mode!r}")
            natural = books or default_books(spec, mode)
            jobs.append((spec, target, mode, natural, plan(spec, ref, mode, natural, seed)))
    tasks = [t for *_, ts in jobs for t in ts]
    owner = [spec.id for spec, *_, ts in jobs for _ in ts]
    previous = read_costs()
    cost = [task_cost(o, t, previous) for t, o in zip(tasks, owner)]
    keys = [cost_key(o, t) for t, o in zip(tasks, owner)]
    if plan_only:
        print_strata(stratum_cpu(keys, [t.count for t in tasks], previous),
                     f"planned (the CPU seconds a book of the last builds, {costs_file()})", top=40)
        print(f"generation on {max(1, workers)} idle core(s), costliest task first: about "
              f"{makespan(cost, workers) / 60:.1f} min (weights, writing and the verification come after it)",
              file=sys.stderr)
        return {}
    t0 = time.perf_counter()
    with Progress(sum(cost), "books", "building", progress) as bar:
        results = pool.run(_timed, tasks, workers, scheduler, order=sorted(range(len(tasks)), key=lambda i: -cost[i]),
                           on_done=lambda i, r: bar.done(cost[i], tasks[i].count))
    elapsed = time.perf_counter() - t0
    seconds: dict[str, float] = {}
    counts: dict[str, int] = {}
    for t, o, (_, secs) in zip(tasks, owner, results):
        key = cost_key(o, t)
        seconds[key] = seconds.get(key, 0.0) + secs
        counts[key] = counts.get(key, 0) + t.count
    write_costs({k: seconds[k] / counts[k] for k in seconds})
    if progress:
        print_strata(
            stratum_cpu(list(seconds), [counts[k] for k in seconds], {k: seconds[k] / counts[k] for k in seconds}),
            "this build",
        )
    t1 = time.perf_counter()
    metas: dict[str, dict[str, dict[str, Any]]] = {}
    files: dict[str, dict[str, tuple[bytes, dict[str, Any]]]] = {}
    pos, weigh = 0, []
    for spec, target, mode, natural, ts in jobs:
        weigh.append((ts[0].game, mode, ts, [r for r, _ in results[pos:pos + len(ts)]], seed, natural, rates[spec.id]))
        pos += len(ts)
    size = [sum(t.count for t in w[2]) for w in weigh]
    weighed_files = pool.run(_weigh, weigh, workers, scheduler, order=sorted(range(len(weigh)), key=lambda i: -size[i]))
    for (spec, target, mode, *_), (data, meta) in zip(jobs, weighed_files):
        files.setdefault(spec.id, {})[f"{mode}.npz"] = data
        metas.setdefault(spec.id, {})[mode] = meta
        if progress:
            report_mode(spec, meta)
    weighed = time.perf_counter() - t1
    if progress:
        n = sum(t.count for t in tasks)
        print(f"generated {n:,} books in {elapsed:.1f}s ({n / max(elapsed, 1e-9):,.0f} books/s, "
              f"{workers} worker(s){', on ' + scheduler if scheduler else ''}); weights of {len(jobs)} mode(s) "
              f"in {weighed:.1f}s", file=sys.stderr)
    targets = {spec.id: (spec, target) for spec, target, *_ in jobs}
    if check is not None:
        for gid, (spec, target) in targets.items():
            check += check_against(spec, target, files[gid])
        return metas
    phases = {"generate": elapsed, "weights": weighed, "write": 0.0, "verify": 0.0, "install": 0.0}
    failures = verify_and_install([(spec, target, files[gid]) for gid, (spec, target) in targets.items()], workers,
                                  progress, phases)
    if failures:
        raise BuildError("; ".join(failures))
    if progress:
        print("build phases (wall s): " + ", ".join(f"{k} {v:.1f}" for k, v in phases.items())
              + f"; total {sum(phases.values()):.1f}", file=sys.stderr)
    return metas


def report_mode(spec: GameSpec, meta: dict[str, Any]) -> None:
    """One line per built mode, and a warning when the weights carry the RTP."""
    opt = meta["optimizer"]
    print(f"{spec.id}/{meta['mode']}: {meta['build']['books']:,} books, rtp {float(opt['natural']['rtp']):.6f} "
          f"natural -> {meta['rtp_target']} target, {len(opt['held_features'])} feature rates held, "
          f"hit rate moved {opt['moved']['hit_rate']:+.5f}", file=sys.stderr)
    tilt = opt.get("tilt")
    if tilt:
        least = tilt.get("kl_least")
        print(f"  tilt: KL(w || w0) {tilt['kl']:.3e} nats"
              + (f" (the least-KL weights with the same RTP and rates: {least:.3e})" if least is not None else "")
              + f", max |log w/w0| {tilt['max_log_ratio']:.3f}", file=sys.stderr)
        shifts = tilt.get("held_mean_shift_se")
        if shifts:
            worst = max(shifts, key=lambda k: abs(shifts[k]))
            print(f"  rtp tilt {opt.get('rtp_tilt')}: the largest move of a mean given a held feature or band is "
                  f"{shifts[worst]:+.2f} standard errors ({worst})", file=sys.stderr)
    for cat, note in opt.get("category_target_notes", {}).items():
        print(f"  {cat}: {note}", file=sys.stderr)
    for name, miss in opt.get("feature_miss", {}).items():
        target = meta["band_targets"].get(name[5:]) if name.startswith("band ") else meta["rate_targets"][name]
        rate = target["rate"]
        if abs(miss) > 0.01 * rate:
            print(f"  {name}: held at {rate + miss:.4g} for the rules' {rate:.4g} ({miss / rate:+.1%}): the "
                  f"measured rates disagree with an identity the books obey", file=sys.stderr)
    gap = float(opt["natural"]["rtp"]) - float(B.rtp_fraction(meta["rtp_target"]))
    se = opt.get("natural_rtp_se") or 0.0
    if abs(gap) > 0.003 and abs(gap) > 3 * se:
        print(f"  warning: the weights move RTP by {-gap * 100:+.2f} pp = {abs(gap) / se if se else float('inf'):.1f} "
              f"standard errors ({se * 100:.2f} pp) of this sample of books: check the rules' natural RTP "
              f"with `sim` (the rules, not the weights, must carry the RTP)", file=sys.stderr)
