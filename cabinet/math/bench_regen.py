"""`python -m cabinet.math bench --regen [GAME ...]`: what `Library.round` costs per
book, the cost the cabinet pays on the UI thread when it shows a round.

For every mode and stratum (natural books, and the books forced into each category)
it times the regeneration of every forced book (or `--regen-sample` of them) and of
a sample of natural books, and prints the median and the worst in milliseconds of CPU
time (the process's own time: what the round costs, whatever else loads the machine)
and of wall time, and the worst against the worst natural round of the same mode (a
regenerated book should cost about what playing that round costs: at most about
twice a natural one), and the median CPU time per event of the round (a 50,000x
round shows hundreds of tumbles: a round is as quick as a natural one when each of its
events is). Forced books are the rare big rounds, so they are also set
beside the natural rounds most like them: the TOP_NATURAL highest-paying natural
books of the mode ("natural_top"), the long bonus rounds a player meets naturally.
Once the library is loaded, the objects alive are collected and frozen out of the
cyclic garbage collector's reach, as the cabinet does after every scene change (App.
_settle_memory): a full collection walking them (about 10 ms) is not a round's cost.
Then the library is warmed as the cabinet warms it when a game opens (`Library.warm`:
the first book of every stratum, which pays what a game computes once per process,
the tables it caches on first use); that warm-up's cost is printed apart, and the
first book timed of each stratum after it ("first").
"""
from __future__ import annotations

import gc
import sys
import time
from typing import Any

import numpy as np

from cabinet.core import books as B

NATURAL_SAMPLE = 2_000
TOP_NATURAL = 200


def _time_books(lib: B.Library, mode: str, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(CPU ms, wall ms, events) of Library.round for each book."""
    cpu, wall, events = np.empty(len(ids)), np.empty(len(ids)), np.empty(len(ids))
    for k, book in enumerate(ids.tolist()):
        t0, c0 = time.perf_counter(), time.thread_time()
        rnd = lib.round(mode, book)
        cpu[k], wall[k] = time.thread_time() - c0, time.perf_counter() - t0
        events[k] = max(1, len(rnd.events))
    return cpu * 1e3, wall * 1e3, events


def regen_figures(game: str, books_dir: str | None = None, forced_sample: int | None = None,
                  natural_sample: int | None = None, seed: int = 0, progress: bool = True) -> dict[str, Any]:
    """{"warm": {books, cpu_ms, wall_ms}, "modes": {mode: {stratum: {books, timed,
    first_ms, median_ms, worst_ms, worst_book, worst_wall_ms}}}} of one game (CPU
    milliseconds; wall time beside)."""
    natural_sample = NATURAL_SAMPLE if natural_sample is None else natural_sample
    lib = B.load_library(game, books_dir)
    gc.collect()
    gc.freeze()
    t0, c0 = time.perf_counter(), time.thread_time()
    warmed = lib.warm()
    warm = {"books": warmed, "cpu_ms": (time.thread_time() - c0) * 1e3, "wall_ms": (time.perf_counter() - t0) * 1e3}
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {}
    plan: list[tuple[str, str, np.ndarray, int]] = []      # (mode, stratum, book ids, stratum size)
    for mode, mb in lib.modes.items():
        cats = mb.meta["categories"]
        for f in range(-1, len(cats)):
            stratum = ids = np.flatnonzero(mb.force == f)
            if not len(ids):
                continue
            size = natural_sample if f < 0 else forced_sample
            if size is not None and size < len(ids):
                ids = np.sort(rng.choice(ids, size, replace=False))
            plan.append((mode, "natural" if f < 0 else cats[f], ids, len(stratum)))
            if f < 0:
                top = stratum[np.argsort(mb.payout_x100[stratum], kind="stable")[-TOP_NATURAL:]]
                plan.append((mode, "natural_top", np.sort(top), len(top)))
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=sum(len(p[2]) for p in plan), unit="books", file=sys.stderr, desc=lib.spec.id)
    try:
        for mode, name, ids, count in plan:
            first, first_wall, first_events = _time_books(lib, mode, ids[:1])
            ms, wall, events = _time_books(lib, mode, ids[1:]) if len(ids) > 1 else (first, first_wall, first_events)
            worst = int(np.argmax(ms))
            rest = ids[1:] if len(ids) > 1 else ids
            out.setdefault(mode, {})[name] = {
                "books": count,
                "timed": len(ids),
                "first_ms": float(first[0]),
                "median_ms": float(np.median(ms)),
                "worst_ms": float(ms[worst]),
                "worst_book": int(rest[worst]),
                "median_wall_ms": float(np.median(wall)),
                "worst_wall_ms": float(wall.max()),
                "worst_events": int(events[worst]),
                "us_per_event": float(np.median(ms / events) * 1e3),
            }
            if bar is not None:
                bar.update(len(ids))
    finally:
        if bar is not None:
            bar.close()
    return {"warm": warm, "modes": out}


def regen_command(games: list[str], books_dir: str | None, forced_sample: int | None, as_json: bool) -> dict:
    """Print one line per mode and stratum; returns the figures."""
    from cabinet.core.game import discover
    names = games or list(discover())
    res = {g: regen_figures(g, books_dir if len(names) == 1 else None, forced_sample) for g in names}
    if as_json:
        import json
        json.dump(res, sys.stdout, indent=2)
        print()
        return res
    worst_all = worst_wall = 0.0
    for g, figures in res.items():
        w = figures["warm"]
        print(f"{g}: warm-up at game open (Library.warm): {w['books']} books, {w['cpu_ms']:.1f} ms CPU "
              f"({w['wall_ms']:.1f} wall)")
        print(f"{g}: Library.round per book after it, ms of CPU (wall)")
        for mode, strata in figures["modes"].items():
            nat = strata.get("natural", {}).get("worst_ms")
            top = strata.get("natural_top", {}).get("worst_ms")
            for stratum, f in strata.items():
                ratio = ""
                if nat and stratum not in ("natural", "natural_top"):
                    ratio = f" {f['worst_ms'] / nat:5.2f}x the worst natural, {f['worst_ms'] / top:5.2f}x natural_top's"
                print(f"  {mode:<16} {stratum:<16} {f['timed']:>6,}/{f['books']:<8,} first {f['first_ms']:6.2f}  "
                      f"median {f['median_ms']:6.2f}  worst {f['worst_ms']:6.2f} ({f['worst_wall_ms']:7.2f}) "
                      f"book {f['worst_book']} ({f['worst_events']:,} events), {f['us_per_event']:5.1f} us an event"
                      f"{ratio}")
                worst_all = max(worst_all, f["worst_ms"])
                worst_wall = max(worst_wall, f["worst_wall_ms"])
    first = max(f["first_ms"] for figures in res.values() for strata in figures["modes"].values()
                for f in strata.values())
    print(f"worst regeneration of any book: {worst_all:.2f} ms CPU, {worst_wall:.2f} ms wall "
          f"(first of a stratum after the warm-up: up to {first:.2f} ms CPU)")
    return res
