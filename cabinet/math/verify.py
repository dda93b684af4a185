"""`python -m cabinet.math verify GAME`: prove a shipped library against the live rules.

Loads every mode (fingerprint, format), checks the exact RTP against the stated one
(within 1e-6) and the cap, then regenerates every book (or a random sample) from its
seed and force and compares payout, features and jackpot part with what the library
stores.
"""
from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any

import numpy as np

from cabinet.core import books as B

CHUNK = 5_000
_LIBS: dict = {}


def _check_chunk(task: tuple) -> list[dict[str, Any]]:
    """Regenerate the given books; returns the mismatches (at most 20)."""
    ref, books_dir, mode, ids = task
    key = (ref if isinstance(ref, str) else id(ref), str(books_dir))
    if key not in _LIBS:
        _LIBS[key] = B.load_library(ref, books_dir)
    lib = _LIBS[key]
    bad = []
    jack = lib.books(mode).jackpot_x100
    for book in ids:
        r = lib.round(mode, int(book))
        stored, feats = lib.payout_x100(mode, int(book)), lib.features(mode, int(book))
        jp = 0 if jack is None else int(jack[int(book)])
        if r.payout_x100 != stored or set(r.features) != set(feats) or r.jackpot_x100 != jp:
            bad.append({"book": int(book), "library": [stored, list(feats), jp],
                        "regenerated": [r.payout_x100, list(r.features), r.jackpot_x100]})
            if len(bad) >= 20:
                break
    return bad


def verify_library(game: str | Any, books_dir: str | None = None, sample: int | None = None,
                   workers: int = 1, seed: int = 0) -> dict[str, Any]:
    """{"ok": bool, "modes": {mode: {books, checked, rtp, rtp_ok, cap_ok, mismatches}}, "seconds"}.

    Raises LibraryError when a file is missing, corrupt or from other math."""
    t0 = time.perf_counter()
    lib = B.load_library(game, books_dir)
    ref = B.game_ref(game if isinstance(game, str) else lib.spec)
    rng = np.random.default_rng(seed)
    report: dict[str, Any] = {"game": lib.spec.id, "modes": {}}
    tasks, owners = [], []
    for mode, mb in lib.modes.items():
        ids = np.arange(len(mb)) if sample is None or sample >= len(mb) else \
            np.sort(rng.choice(len(mb), sample, replace=False))
        target = B.rtp_fraction(lib.spec.rtp[mode])
        rtp = mb.rtp()
        cap = B.cap_x100(lib.spec, mode)
        report["modes"][mode] = {"books": len(mb), "checked": len(ids), "rtp": float(rtp),
                                 "rtp_ok": abs(rtp - target) <= Fraction(1, 10**6),
                                 "cap_ok": cap is None or int(mb.payout_x100.max()) <= cap,
                                 "mismatches": []}
        for a in range(0, len(ids), CHUNK):
            tasks.append((ref, lib.path, mode, ids[a:a + CHUNK].tolist()))
            owners.append(mode)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_check_chunk, tasks))
    else:
        results = [_check_chunk(t) for t in tasks]
    for mode, bad in zip(owners, results):
        report["modes"][mode]["mismatches"] += bad
    report["ok"] = all(m["rtp_ok"] and m["cap_ok"] and not m["mismatches"] for m in report["modes"].values())
    report["seconds"] = time.perf_counter() - t0
    return report


def verify_command(game: str, books_dir: str | None, sample: int | None, workers: int) -> int:
    """Print the verification; exit status 1 when anything fails."""
    rep = verify_library(game, books_dir, sample, workers)
    for mode, m in rep["modes"].items():
        state = "ok" if m["rtp_ok"] and m["cap_ok"] and not m["mismatches"] else "FAILED"
        print(f"{rep['game']}/{mode}: {m['checked']:,} of {m['books']:,} books regenerated, "
              f"RTP {m['rtp']:.6f} {'ok' if m['rtp_ok'] else 'OFF TARGET'}, "
              f"cap {'ok' if m['cap_ok'] else 'EXCEEDED'}, {len(m['mismatches'])} mismatches: {state}")
        for bad in m["mismatches"][:5]:
            print(f"    book {bad['book']}: library {bad['library']} regenerated {bad['regenerated']}")
    print(f"verified in {rep['seconds']:.1f}s: {'OK' if rep['ok'] else 'FAILED'}")
    return 0 if rep["ok"] else 1
