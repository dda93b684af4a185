"""`python -m cabinet.math fidelity GAME`: is the shipped library the rules, figure by figure?

The optimizer holds each library's RTP, every feature rate and the payout bands at the
rules' figures; what those do not pin (a feature's routes, the pay given a feature,
the mass inside a held band, the tail past the library's top) can drift from the
rules without `rtp` seeing it. This plays a fresh run of the rules per mode (its own
seeds, never the library's: chunk k of mode m plays the seeds of
`SeedSequence(seed, spawn_key=(FRESH_KEY, crc32(m), k))`, through the game's seed-exact
`play_batch` when it has one, else `play`) in fixed chunks, merged in chunk order, so
the figures are the same for any --workers. Both samples become cells
(cabinet/math/fidelity_stats.py): fine payout bins (0, under the library's smallest
win, LOG_BINS log-spaced bins of the cost up to the cap, or the library's top where
the mode has no cap, and the bin from there up), the held bands (stats.BAND_LABELS),
above-the-library's-top and the feature bitmask; every comparison is read off them.
Routes are derived generically: for every ordered pair of features (A, B), the share
of A's rounds that have B, and the mean payout of A with B and of A without B.

The report, `<id>_fidelity.md` beside the PAR sheet (cabinet/math/fidelity_report.py),
is stamped with the library's fingerprint; exit status 1 when anything is flagged.
"""
from __future__ import annotations

import hashlib
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks
from cabinet.core.book_format import read_manifest
from cabinet.core.resources import code_root
from cabinet.core.rng import Rng

from . import pool
from .fidelity_stats import Cells, compare, summary
from .pool import Progress
from .stats import band_of

DEFAULT_SEED = 0xF1DE_2024
FRESH_KEY = 0xF1DE            # first spawn-key word: never a seed any library's stratum_seeds gives
LOG_BINS = 48
CHUNK = {"play_batch": 20_000, "play": 2_000}


@dataclass(frozen=True)
class Layout:
    """How one mode's payouts go to cells: cost, the log bins' edges (multiples of the
    cost, LOG_BINS + 1 of them), the library's top payout and the feature names."""

    cost: int
    edges: tuple[float, ...]
    top: int
    names: tuple[str, ...]

    def labels(self) -> list[str]:
        e = self.edges
        return (["0", f"(0, {_x(e[0])})"] + [f"[{_x(a)}, {_x(b)})" for a, b in zip(e, e[1:])] + [f">= {_x(e[-1])}"])

    def cells(self, pay: np.ndarray) -> np.ndarray:
        ratio = pay / self.cost
        log = np.searchsorted(np.asarray(self.edges), ratio, side="right") + 1     # 1: under, 2..: log bins
        bins = np.where(pay == 0, 0, log)
        return (bins << 5) | (band_of(pay, self.cost) << 1) | (pay > self.top)


def _x(v: float) -> str:
    return f"{v:,.3g}x" if v < 1000 else f"{v:,.0f}x"


def layout(spec, mb: ModeBooks) -> Layout:
    cost = int(mb.meta["cost_x100"])
    live = mb.payout_x100[mb.weight > 0]
    top = int(live.max())
    won = live[live > 0]
    lo = float(won.min()) / cost if len(won) else 0.01
    cap = B.cap_x100(spec, mb.mode)
    hi = (cap if cap is not None else top) / cost
    hi = hi if hi > lo else lo * 10
    edges = np.geomspace(lo, hi, LOG_BINS + 1)
    edges[0], edges[-1] = lo, hi
    names = list(mb.meta["feature_names"])
    names += [n for n in B.feature_names(spec) if n not in names]
    return Layout(cost, tuple(float(v) for v in edges), top, tuple(names))


def to_cells(cell: np.ndarray, mask: np.ndarray, w: np.ndarray, y: np.ndarray) -> Cells:
    """Sum w, w^2, w y, w y^2 per distinct (cell, mask)."""
    keys = np.stack([cell.astype(np.uint64), mask.astype(np.uint64)], axis=1)
    uniq, inv = np.unique(keys, axis=0, return_inverse=True)
    inv = inv.reshape(-1)
    n = len(uniq)

    def s(v: np.ndarray) -> np.ndarray:
        return np.bincount(inv, weights=v, minlength=n)
    wf = w.astype(np.float64)
    return Cells(uniq[:, 0].astype(np.int64), uniq[:, 1], s(wf), s(wf * wf), s(wf * y), s(wf * y * y))


def library_cells(mb: ModeBooks, lay: Layout) -> Cells:
    pay = mb.payout_x100
    return to_cells(lay.cells(pay), mb.features, mb.weight, pay / lay.cost)


@dataclass(frozen=True)
class Chunk:
    game: Any
    mode: str
    index: int
    count: int
    seed: int
    engine: str
    layout: Layout


def chunk_seeds(seed: int, mode: str, index: int, count: int) -> np.ndarray:
    ss = np.random.SeedSequence(seed, spawn_key=(FRESH_KEY, zlib.crc32(mode.encode()), index))
    return ss.generate_state(count, dtype=np.uint64) >> np.uint64(1)


def run_chunk(task: Chunk) -> dict[str, Any]:
    """One chunk of fresh rules rounds as cells: {cell, mask, n, sum y, sum y^2, max}."""
    spec = B.resolve_game(task.game)
    seeds = chunk_seeds(task.seed, task.mode, task.index, task.count)
    if task.engine == "play_batch":
        assert spec.math.play_batch is not None, f"{spec.id} has no play_batch engine"
        out = spec.math.play_batch(seeds, task.mode, None)
        pay, feats = np.asarray(out[0], dtype=np.int64), out[1]
    else:
        rounds = [spec.play(Rng.for_book(s), task.mode) for s in seeds.tolist()]
        pay, feats = np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds]
    bit = {n: 1 << i for i, n in enumerate(task.layout.names)}
    seen: dict[tuple[str, ...], int] = {}
    for f in set(map(tuple, feats)):
        try:
            seen[f] = sum(bit[x] for x in set(f))
        except KeyError as exc:
            raise B.LibraryError(f"{spec.id}/{task.mode}: a round lists feature {exc.args[0]!r}, not among the "
                                 f"feature names {list(task.layout.names)}") from None
    mask = np.fromiter((seen[tuple(f)] for f in feats), dtype=np.uint64, count=len(pay))
    c = to_cells(task.layout.cells(pay), mask, np.ones(len(pay)), pay / task.layout.cost)
    return {"cell": c.cell, "mask": c.mask, "n": c.w, "sy": c.wy, "sy2": c.wy2, "max": int(pay.max())}


def merge(parts: list[dict[str, Any]]) -> tuple[Cells, int]:
    """The chunks' cells summed (in chunk order), and the rules' max payout."""
    cell = np.concatenate([p["cell"] for p in parts])
    mask = np.concatenate([p["mask"] for p in parts])
    keys = np.stack([cell.astype(np.uint64), mask], axis=1)
    uniq, inv = np.unique(keys, axis=0, return_inverse=True)
    inv = inv.reshape(-1)

    def s(name: str) -> np.ndarray:
        return np.bincount(inv, weights=np.concatenate([p[name] for p in parts]), minlength=len(uniq))
    n = s("n")
    return (Cells(uniq[:, 0].astype(np.int64), uniq[:, 1], n, n.copy(), s("sy"), s("sy2")),
            max(p["max"] for p in parts))


def run(game: Any, modes: list[str] | None = None, rounds: int = 1_000_000, buy_rounds: int = 300_000,
        workers: int = 1, seed: int = DEFAULT_SEED, books_dir: str | Path | None = None,
        lib: B.Library | None = None, progress: bool = False) -> dict[str, Any]:
    """Compare the library (loaded from `books_dir`, or `lib` as given) with a fresh
    run of the rules: {"game", "fingerprint", "seed", "seconds", "modes": {mode:
    {"rounds", "engine", "books", "kish", "rows", "summary"}}}."""
    spec = B.resolve_game(game)
    t0 = time.perf_counter()
    asked = list(modes or [])
    if lib is None:
        lib = B.load_library(spec, books_dir, modes)
    where = Path(lib.path)
    fp = read_manifest(where, spec.id).get("fingerprint") if (where / B.MANIFEST).exists() else None
    modes = modes or list(lib.modes)
    engine = "play_batch" if spec.math.play_batch is not None else "play"
    ref = B.game_ref(game)
    lays = {m: layout(spec, lib.books(m)) for m in modes}
    count = {m: rounds if spec.mode(m).kind == "spin" else buy_rounds for m in modes}
    tasks = [Chunk(ref, m, k, min(CHUNK[engine], count[m] - a), seed, engine, lays[m])
             for m in modes for k, a in enumerate(range(0, count[m], CHUNK[engine]))]
    cost = {m.id: 1.0 if m.kind == "spin" else 6.0 for m in spec.modes}
    with Progress(sum(t.count * cost[t.mode] for t in tasks), "rounds", f"fidelity {spec.id}", progress) as bar:
        parts = pool.run(run_chunk, tasks, workers, order=sorted(range(len(tasks)), key=lambda i: -cost[tasks[i].mode]),
                         on_done=lambda i, r: bar.done(tasks[i].count * cost[tasks[i].mode], tasks[i].count))
    out: dict[str, Any] = {}
    for m in modes:
        mb, lay = lib.books(m), lays[m]
        rules, rmax = merge([p for t, p in zip(tasks, parts) if t.mode == m])
        cells = library_cells(mb, lay)
        rows = compare(cells, rules, list(lay.names), lay.labels(), lay.top / lay.cost, rmax / lay.cost, lay.cost / 100)
        for r in rows:
            r["mode"] = m
        w = mb.weight.astype(np.float64)
        out[m] = {"rounds": count[m], "engine": engine, "books": len(mb), "kish": float(w.sum() ** 2 / (w @ w)),
                  "cost": lay.cost / 100, "top_x": lay.top / lay.cost, "rows": rows, "summary": summary(rows)}
    return {"game": spec.id, "name": spec.name, "fingerprint": fp, "seed": seed, "workers": workers,
            "args": {"rounds": rounds, "buy_rounds": buy_rounds, "modes": asked},
            "seconds": time.perf_counter() - t0, "modes": out, "library": _shown(where / B.MANIFEST),
            "manifest_sha256": hashlib.sha256((where / B.MANIFEST).read_bytes()).hexdigest()}


def _shown(path: Path) -> str:
    """A path as the report shows it: from the repository's root (or site-packages) when inside it."""
    root = code_root()
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path.resolve())


def _line(r: dict[str, Any]) -> str:
    z = "   n/a" if r["z"] is None else f"{r['z']:+7.2f}"
    p = "n/a" if r["p"] is None else f"{r['p']:.2e}"
    return (f"{r['mode']:<15} {r['section']:<12} {r['name']:<44} library {r['library']:<12.6g} "
            f"rules {r['rules']:<12.6g} z {z} p {p:<8}{'  FLAG' if r['flag'] else ''}"
            + (f"  ({r['note']})" if r["note"] and r["section"] == "tail" else ""))


def fidelity_command(args) -> int:
    """Run, write the report, print every row; 1 when anything is flagged."""
    from .fidelity_report import report_path, write_report
    spec = B.resolve_game(args.game)
    out_dir = Path(args.out) if args.out else report_path(spec).parent       # --out: checked by the command line
    seed = DEFAULT_SEED if args.seed is None else args.seed
    res = run(args.game, args.mode, args.rounds, args.buy_rounds, args.workers, seed, args.books_dir, progress=True)
    path = write_report(res, out_dir / f"{spec.id}_fidelity.md")
    flagged = 0
    for m, r in res["modes"].items():
        s = r["summary"]
        flagged += s["flagged"]
        print(f"{spec.id}/{m}: {r['rounds']:,} rules rounds ({r['engine']}) vs {r['books']:,} books (Kish "
              f"{r['kish']:,.0f}): {s['comparisons']} comparisons, {s['flagged']} flagged, worst |z| "
              f"{abs(s['worst_z'] or 0):.2f} ({s['worst']})", flush=True)
        for row in r["rows"]:
            print("  " + _line(row))
    print(f"{flagged} flagged in {res['seconds']:.0f}s; report: {path}", flush=True)
    sys.stdout.flush()
    return 1 if flagged else 0
