"""`python -m cabinet.math par GAME --out DIR`: the PAR sheet (Markdown + JSON + PNGs).

Content per bet mode, from the shipped library (exact weights): cost, RTP, hit rate,
standard deviation and 90% volatility index, the RTP by source, the 90% RTP band
after 10^3..10^7 rounds, how far the optimizer moved the hit and feature rates from
the natural (importance-weighted) books; and beside each library figure the rules'
own: every feature's rate (the rates the builder held, `games/<id>/rates.json`, and
this sheet's own live check) with the ratio library / rules, the odds of a win of at
least X for the top payout bands, and the natural RTP with its 99% interval from a
live run of the vectorised engine (`--sim-rounds`, default 10^7 a spin mode, 1/200
of that for buys and side libraries, whose rules' rates come from rates.json).

Game hooks (optional GameSpec fields):
- `par_info()` -> {"reel_strips": {set name: [[symbol, ...] per reel]}, "notes": [str],
  optional "live_chunk": {mode: rounds}: the live run's chunk size for those modes (sim's
  CHUNK otherwise; a batch engine whose rare features play in the chunk's lockstep runs
  them faster in bigger chunks);
- `payout_sources(round)` -> {source: payout_x100}: with it, the RTP by source is exact
  over every regenerated book; without it, the sheet gives the exact RTP of rounds
  with no feature and of rounds in which each feature occurs;
- `batch_sources(seeds, mode)` -> {source: int64 array}: payout_sources of many natural
  rounds at once (the game's seed-exact lockstep engine); with it the natural books
  (no force, no hints) are split BATCH_CHUNK at a time, each book's parts checked to
  sum to its stored payout, and only the forced ones are regenerated one by one;
- `tail_odds(mode, thresholds_x100, seed, sims)` -> {threshold: (probability, lo, hi[,
  method])}: the rules' odds of a win of at least each threshold, estimated by the game
  (exact parts, splitting, conditional Monte Carlo from exact trigger odds: rare wins the
  plain live run cannot reach). Without it the live run's own counts are given, and a
  band it never reached says so;
- `live_rtp(mode, sims, seed, workers)` -> {"rtp", "ci99", "rounds", "method"} or None:
  an unbiased variance-reduced estimate of the mode's RTP (control variates with exact
  expectations, conditional Monte Carlo of the features, splitting), printed beside the
  plain live run's. Both hooks get `sims`, the plain live run's figures of every mode,
  with the additive "sums" the game's simulate() returned.

The RTP by source regenerates every paying book that lists a feature (minutes for a
large library without batch_sources, seconds with it; a book with none pays only the game's `plain_source`, checked on a
sample, so it is counted without being played); it is
kept in `<out>/<id>_sources.json` keyed by a digest of the libraries (`library_key`)
and read back from there or from games/<id>/par/ when the libraries are the same
(`--fresh-sources` recomputes). The command prints its wall and CPU time, and the wall
and CPU time (with the pools' workers) of each phase (libraries, plain live runs, each mode's live_rtp, RTP by source,
each mode's sheet with its tail_odds, plots) to show where it goes.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks

from . import pool
from .books import cached_library, strata
from .weight_figures import sampling_se
from .pool import Clock, Progress, cpu_seconds
from .rates import TAIL_FROM_X, _tail_band, load_rates
from .report import band_check, feature_table, library_figures
from .sim import simulate_modes
from .stats import BAND_EDGES, BAND_LABELS, Z90, Z99, band_counts, rate_ci

BAND_ROUNDS = (10**3, 10**4, 10**5, 10**6, 10**7)
SOURCE_CHUNK = 5_000
BATCH_CHUNK = 25_000      # natural books per batch_sources call (a lockstep engine is faster on more rows)
PLAIN_CHECK = 200         # books with no feature per mode played to check GameSpec.math.plain_source
TOP_FROM_X = 50           # the top-award table starts at wins of 50x the cost
BUY_SHARE = 200           # a buy's live check plays this many times fewer rounds (its rates come from rates.json)


def _source_chunk(task: tuple) -> dict[str, int]:
    """Sum of weight * payout by source over the given books of one mode. With `plain`
    set, the books list no feature and are only checked: each must pay from that one
    source (GameSpec.math.plain_source), as rtp_sources counts the rest of them unplayed."""
    ref, books_dir, mode, ids, plain = task
    lib = cached_library(ref, books_dir, mode)
    split = lib.spec.math.payout_sources
    weight = lib.books(mode).weight
    sums: Counter = Counter()
    for book in ids:
        parts = {k: v for k, v in split(lib.round(mode, book)).items() if v}
        if plain:
            if set(parts) - {plain}:
                raise RuntimeError(f"{lib.spec.id} {mode} book {book} lists no feature but pays from {parts}: "
                                   f"GameSpec.math.plain_source ({plain!r}) is wrong")
            continue
        w = int(weight[book])
        for src, pay in parts.items():
            sums[src] += w * pay
    return dict(sums)


def _batch_chunk(task: tuple) -> dict[str, int]:
    """`_source_chunk` of natural books (no force, no hints) by the game's batch_sources:
    their seeds in one array, every book's split at once. Each book's parts must sum to
    its stored payout (else the libraries or the hook are wrong: the error names the book)."""
    ref, books_dir, mode, ids = task
    lib = cached_library(ref, books_dir, mode)
    mb = lib.books(mode)
    ids = np.asarray(ids, dtype=np.int64)
    seeds = mb.seeds(int(ids[0]), int(ids[-1] - ids[0]) + 1)[ids - ids[0]]
    parts = {k: np.asarray(v, dtype=np.int64) for k, v in lib.spec.math.batch_sources(seeds, mode).items()}
    paid = sum(parts.values())
    bad = np.flatnonzero(paid != mb.payout_x100[ids])
    if len(bad):
        b = int(ids[bad[0]])
        raise RuntimeError(f"{lib.spec.id} {mode} book {b}: batch_sources gives "
                           f"{ {k: int(v[bad[0]]) for k, v in parts.items()} }, which does not split its payout "
                           f"{int(mb.payout_x100[b])} (a stale library, or a batch_sources that is not seed-exact)")
    weight = mb.weight[ids]
    return {k: _dot(weight, v) for k, v in parts.items() if v.any()}


def library_key(lib: B.Library) -> str:
    """A digest of what the RTP by source depends on: the math fingerprint and, per mode,
    the books' seeds, strata, hints, payouts and weights."""
    h = hashlib.sha256(B.fingerprint(lib.spec).encode())
    for mode in sorted(lib.modes):
        mb = lib.modes[mode]
        h.update(json.dumps([mode, mb.meta.get("seeds")], sort_keys=True, default=str).encode())
        for a in (mb.force, mb.payout_x100, mb.weight, mb.hint_count, mb.hints):
            if a is not None:
                h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()


def cached_sources(lib: B.Library, dirs: list[Path], workers: int = 2, progress: bool = False,
                   fresh: bool = False) -> tuple[dict[str, dict[str, Any]], str]:
    """`rtp_sources`, read from `<id>_sources.json` in the first of `dirs` that holds one
    for these very libraries (library_key), else computed and written to dirs[0].
    Returns (sources, where they came from)."""
    key = library_key(lib)
    name = f"{lib.spec.id}_sources.json"
    if not fresh:
        for d in dirs:
            try:
                saved = json.loads((d / name).read_text())
                if saved.get("library_key") == key:
                    return saved["sources"], f"read from {name} (same libraries: key {key[:12]})"
            except (OSError, ValueError, KeyError, AttributeError):
                continue                   # absent, unreadable or another library's: computed below
    out = rtp_sources(lib, workers, progress)
    (dirs[0] / name).write_text(json.dumps({"library_key": key, "command": f"python -m cabinet.math par "
                                            f"{lib.spec.id} --out DIR", "sources": out}, indent=1))
    return out, f"computed (written to {name})"


def rtp_sources(lib: B.Library, workers: int = 2, progress: bool = False) -> dict[str, dict[str, Any]]:
    """{mode: RTP by source}: exact over every book with `payout_sources`, else by feature."""
    spec = lib.spec
    out: dict[str, dict[str, Any]] = {}
    if spec.math.payout_sources is None:
        for mode, mb in lib.modes.items():
            total, cost = sum(mb.weight.tolist()), int(mb.meta["cost_x100"])
            src = {"rounds without features": _paid(mb, mb.features == 0) / total / cost}
            for i, name in enumerate(mb.meta["feature_names"]):
                sel = ((mb.features >> np.uint64(i)) & np.uint64(1)) == 1
                src[f"rounds with {name}"] = _paid(mb, sel) / total / cost
            out[mode] = {"method": "exact, by the features a round lists (rounds with several features count "
                                   "in each)", "sources": src}
        return out
    ref = B.game_ref(spec)
    plain = spec.math.plain_source
    tasks: list[tuple[Callable[[tuple[Any, ...]], dict[str, int]], tuple[Any, ...]]] = []   # (chunk, its task)
    counted, checked = {}, {}
    for mode, mb in lib.modes.items():          # a book that pays nothing adds nothing to any source
        pays = mb.payout_x100 != 0
        direct = pays & (mb.features == 0) if plain else np.zeros_like(pays)
        counted[mode] = _paid(mb, direct)
        batched = np.zeros_like(pays)
        if spec.math.batch_sources is not None:      # natural books without hints: the game's lockstep engine
            batched = pays & ~direct & (mb.force < 0)
            if mb.hint_count is not None:
                batched &= mb.hint_count == 0
            ids = np.flatnonzero(batched)
            tasks += [(_batch_chunk, (ref, lib.path, mode, ids[a:a + BATCH_CHUNK]))
                      for a in range(0, len(ids), BATCH_CHUNK)]
        paying = np.flatnonzero(pays & ~direct & ~batched).tolist()
        tasks += [(_source_chunk, (ref, lib.path, mode, paying[a:a + SOURCE_CHUNK], None))
                  for a in range(0, len(paying), SOURCE_CHUNK)]
        ids = np.flatnonzero(direct)
        sample = ids[::max(1, len(ids) // PLAIN_CHECK)][:PLAIN_CHECK].tolist()
        checked[mode] = len(sample)
        if sample:                              # a spread sample of them, played to check the claim
            tasks.append((_source_chunk, (ref, lib.path, mode, sample, plain)))
    sizes = [len(t[1][3]) for t in tasks]
    with Progress(sum(sizes), "books", f"sources of {spec.id}'s books", progress) as bar:
        parts = pool.run(_task, tasks, workers, on_done=lambda i, r: bar.done(sizes[i], sizes[i]))
    for mode, mb in lib.modes.items():
        sums: Counter = Counter()
        if counted[mode]:
            sums[plain] += counted[mode]
        for t, part in zip(tasks, parts):
            if t[1][2] == mode:
                sums.update(part)
        total, cost = sum(mb.weight.tolist()), int(mb.meta["cost_x100"])
        via = "" if spec.math.batch_sources is None else " (the natural ones by batch_sources(), the same split)"
        method = f"payout_sources() over every book that pays{via}, exact"
        if counted[mode]:
            method = (f"exact: payout_sources() over every book with a feature that pays{via}; a book with none "
                      f"pays only {plain} (checked on {checked[mode]:,} of them)")
        out[mode] = {"method": method,
                     "sources": {k: float(Fraction(v, total * cost)) for k, v in sums.items()}}
    return out


def _task(task: tuple) -> dict[str, int]:
    fn, args = task
    return fn(args)


def _paid(mb: ModeBooks, sel: np.ndarray) -> int:
    return _dot(mb.weight[sel], mb.payout_x100[sel])


def _dot(a: np.ndarray, b: np.ndarray) -> int:
    """sum(a * b) of two integer arrays as an exact Python int (no int64 overflow)."""
    return sum(map(int.__mul__, a.tolist(), b.tolist()))


def top_awards(lib: B.Library, mode: str, sim: dict[str, Any] | None, seed: int = 1,
               sims: dict[str, Any] | None = None, rates: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """P(win >= X) for the top bands: the library's (exact from the weights) beside the
    rules' (the game's `tail_odds` hook for a spin mode; for a buy, the tail estimate
    the rates file keeps from the same hook, so the sheet does not play it again; else
    the live run's counts)."""
    mb = lib.books(mode)
    cost = int(mb.meta["cost_x100"])
    top = int(mb.payout_x100.max())
    edges = [int(e * cost) for e in BAND_EDGES[1:-1] if e >= TOP_FROM_X and e * cost <= top]
    thresholds = sorted(set(edges + [top]))
    w = mb.weight.astype(np.float64) / float(mb.weight.sum())
    if lib.spec.mode(mode).kind == "spin":
        tails = lib.spec.math.tail_odds
        hook = tails(mode, thresholds, seed, sims or {}) if tails is not None else None
    else:
        kept = ((rates or {}).get("modes", {}).get(mode, {}).get("tails") or {}).get("at_least", {})
        hook = {int(x): (v["p"], *v["ci99"], f"{v['method']} (rates.json)") for x, v in kept.items()}
    rows = []
    for x in thresholds:
        p_lib = float(w[mb.payout_x100 >= x].sum())
        row: dict[str, Any] = {"at_least_x": x / cost, "library": p_lib, "rules": None, "rules_ci99": None,
                               "rules_method": None}
        if hook is not None and x in hook:
            odds = hook[x]
            p, lo, hi = odds[:3]
            how = odds[3] if len(odds) == 4 else "the game's estimate (tail_odds)"
            row.update(rules=p, rules_ci99=[lo, hi], rules_method=how)
        elif sim is not None and x in edges:
            k = sum(c for label, c in sim["bands"].items() if BAND_EDGES[BAND_LABELS.index(label)] * cost >= x)
            p, lo, hi = rate_ci(k, sim["rounds"])
            row.update(rules=p, rules_ci99=[lo, hi], rules_method=f"live run, {k:,} in {sim['rounds']:,} rounds")
        rows.append(row)
    return rows


def mode_sheet(lib: B.Library, mode: str, fig: dict[str, Any], sim: dict[str, Any] | None,
               sources: dict[str, Any], rates: dict[str, Any] | None,
               sims: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every figure of one mode's section."""
    mb = lib.books(mode)
    w = mb.weight.astype(np.float64) / float(mb.weight.sum())
    cost = int(mb.meta["cost_x100"])
    y = mb.payout_x100 / cost
    sd = float(math.sqrt(max(0.0, float(w @ (y - w @ y) ** 2))))
    opt = mb.meta["optimizer"]
    cats = mb.meta["categories"]
    se = sampling_se(mb.payout_x100, strata(mb.force, mb.features, mb.meta["feature_names"], cats),
                     [mb.meta["category_targets"][c] for c in cats], cost)
    lib_bands = band_counts(mb.payout_x100, cost, w)
    rules_bands = (rates or {}).get("modes", {}).get(mode, {}).get("bands") or (sim or {}).get("bands")
    n_rules = (rates or {}).get("modes", {}).get(mode, {}).get("rounds") if (rates or {}).get("modes", {}).get(mode) \
        else (sim or {}).get("rounds")
    # the payout-band check of verify and rtp (report.band_check), on the rules' counts the
    # sheet shows: a band seen 3+ times with no book is missing; one seen only once or twice
    # (its mass not known within two orders of magnitude) is listed apart, not judged
    tails = (rates or {}).get("modes", {}).get(mode, {}).get("tails")
    tail_bands = {}
    for k, label in enumerate(BAND_LABELS):     # the bands the rates' tail estimate covers (plotted beside the counts)
        t = _tail_band(tails, k) if tails and BAND_EDGES[k] >= float(tails.get("from_x", TAIL_FROM_X)) else None
        if t is not None:
            tail_bands[label] = [t["rate"], max(0.0, t["rate"] - Z99 * t["sigma"]), t["rate"] + Z99 * t["sigma"]]
    rows = (
        band_check(
            mb, {"modes": {mode: {"rounds": n_rules, "bands": rules_bands} | ({"tails": tails} if tails else {})}}
        )
        if rules_bands
        else []
    )
    missing = [r["band"] for r in rows if r["kind"] == "missing"]
    unconfirmed = [r for r in rows if r["kind"] == "unconfirmed"]
    return {
        "cost": fig["cost"], "stated_rtp": float(B.rtp_fraction(mb.meta["rtp_target"])),
        "rtp": fig["rtp"], "rtp_exact": mb.meta["rtp"], "hit_rate": fig["hit_rate"], "sd": sd,
        "volatility_index_90": Z90 * sd, "max_win_x": fig["max_win_x"], "max_win_odds": fig["max_win_odds"],
        "top_awards": top_awards(lib, mode, sim, LIVE_SEED, sims, rates), "features": fig["features"],
        "feature_rates": feature_table(mb, fig["features"], rates, sim), "books": len(mb),
        "forced_books": mb.meta["build"]["forced_books"], "category_targets": mb.meta["category_targets"],
        "rtp_by_source": sources,
        "bands": {"library": dict(zip(BAND_LABELS, lib_bands.tolist())),
                  "rules": None if not rules_bands else {k: v / n_rules for k, v in rules_bands.items()},
                  "rules_rounds": n_rules, "missing_in_library": missing, "rules_tail": tail_bands,
                  "unconfirmed": [{"band": r["band"], "count": r["count"], "ci99": r["ci99"], "rules": r["rules"],
                                   "method": r.get("method")} for r in unconfirmed],
                  "missing_rows": [{"band": r["band"], "rules": r["rules"], "ci99": r["ci99"], "count": r["count"],
                                    "method": r.get("method")} for r in rows if r["kind"] == "missing"]},
        "rtp_band_90": {str(n): [fig["rtp"] - Z90 * sd / math.sqrt(n), fig["rtp"] + Z90 * sd / math.sqrt(n)]
                        for n in BAND_ROUNDS},
        "weights_moved": {"natural_rtp_of_books": opt["natural"]["rtp"], "natural_rtp_se": se,
                          "hit_rate": opt["moved"]["hit_rate"],
                          "features": opt["moved"]["features"], "kl_natural": opt["kl_natural"]},
        "live_sim": None if sim is None else {
            "rounds": sim["rounds"], "engine": sim["engine"], "seed": sim["seed"], "chunk": sim.get("chunk"),
            "rtp": sim["rtp"],
            "rtp_ci99": sim["rtp_ci99"], "rtp_ci99_half_pp": (sim["rtp_ci99"][1] - sim["rtp_ci99"][0]) * 50,
            "hit_rate": sim["hit_rate"], "features": {k: v["rate"] for k, v in sim["features"].items()},
            "variance_reduced": _reduced(sim.get("reduced"))},
    }


def _reduced(r: dict[str, Any] | None) -> dict[str, Any] | None:
    """The game's variance-reduced RTP estimate (GameSpec.math.live_rtp) with its half-width."""
    if r is None:
        return None
    lo, hi = r["ci99"]
    return {**r, "ci99": [lo, hi], "ci99_half_pp": (hi - lo) * 50}


def rtp_by_bet(lib: B.Library) -> dict[str, Any] | None:
    """For a game with a money win limit (spec.win_cap.max_cents): the exact
    RTP of every bet mode at every bet of its ladder once the limit holds, and the
    highest bet at which the limit cuts no book of the mode."""
    spec = lib.spec
    cap = spec.win_cap
    if cap is None or cap.max_cents is None:
        return None
    modes = [m.id for m in spec.modes if m.kind in ("spin", "buy") and m.id in lib.modes]
    table = {m: {str(b): float(lib.books(m).rtp_at(b, cap)) for b in spec.bet_ladder} for m in modes}
    uncut = {m: lib.books(m).last_uncut_bet(spec.bet_ladder, cap) for m in modes}
    uncut = {m: spec.bet_ladder[-1] if top is None else top for m, top in uncut.items()}
    return {"limit_cents": cap.max_cents, "ladder_cents": list(spec.bet_ladder), "rtp": table,
            "uncut_up_to_cents": uncut}


LIVE_SEED = 0x9A25_0001        # not the rates' seed: the sheet's live check is an independent run


def game_sheet(game: str, books_dir: str | None = None, sim_rounds: int = 10**7, workers: int = 2,
               progress: bool = False, source_dirs: list[Path] | None = None,
               fresh_sources: bool = False, timings: dict[str, float] | None = None,
               cpu_timings: dict[str, float] | None = None) -> tuple[B.Library, dict[str, Any]]:
    """The PAR sheet's data for a game (its libraries must load). The RTP by source is
    read from `<id>_sources.json` in one of `source_dirs` when it was computed for these
    very libraries (else computed and written to the first of them; `fresh_sources`
    always computes). `timings` receives the wall seconds of each phase, `cpu_timings`
    their CPU seconds (with the workers')."""
    clock = Clock(timings, cpu_timings)
    lib = B.load_library(game, books_dir)
    spec = lib.spec
    figs = library_figures(lib)["modes"]
    info = spec.math.par_info() if spec.math.par_info is not None else {}
    strips = info.get("reel_strips") or {}
    try:
        rates = load_rates(spec)
    except B.LibraryError:
        rates = None                      # stale: the sheet's own live check only
    clock.lap("libraries")
    sims: dict[str, Any] = {}
    if sim_rounds > 0 and spec.math.simulate is not None:
        rounds = {m.id: sim_rounds if m.kind == "spin" else max(1, sim_rounds // BUY_SHARE) for m in spec.modes}
        sims = simulate_modes(game if isinstance(game, str) else spec, rounds, workers, seed=LIVE_SEED,
                              engine="simulate", progress=progress, desc=f"live rules of {spec.id}",
                              chunk=info.get("live_chunk"))
        clock.lap(f"plain live runs ({len(rounds)} modes, {sum(rounds.values()):,} rounds)")
    if spec.math.live_rtp is not None:
        for mode in sims:
            sims[mode]["reduced"] = r = spec.math.live_rtp(mode, sims, LIVE_SEED, workers)
            took = clock.lap(f"live_rtp {mode}")
            if progress and r is not None:
                print(f"variance-reduced RTP of {spec.id}/{mode}: {r['rtp']:.6f} ± "
                      f"{(r['ci99'][1] - r['ci99'][0]) * 50:.3f} pp (99%), {took:.1f}s", flush=True)
    sources, sources_from = cached_sources(lib, source_dirs or [Path(".")], workers, progress, fresh_sources)
    clock.lap("RTP by source")
    if progress:
        print(f"RTP by source {sources_from}", flush=True)
    data: dict[str, Any] = {
        "game": spec.id, "name": spec.name, "version": spec.version, "fingerprint": B.fingerprint(spec),
        "max_win_x": spec.max_win_x, "paytable": spec.math.paytable() if spec.math.paytable else None,
        "reel_strips": strips, "rates": None if rates is None else {"command": rates["command"], "seed": rates["seed"]},
        "symbol_counts": {name: [dict(sorted(Counter(reel).items())) for reel in reels]
                          for name, reels in strips.items()},
        "notes": info.get("notes", []), "modes": {}}
    data["rtp_by_bet"] = rtp_by_bet(lib)
    for mode in lib.modes:
        data["modes"][mode] = mode_sheet(lib, mode, figs[mode], sims.get(mode), sources[mode], rates, sims)
        clock.lap(f"sheet {mode} (tail_odds, figures)")
    return lib, data


def par_command(game: str, out: str, books_dir: str | None, sim_rounds: int, workers: int = 2,
                fresh_sources: bool = False) -> None:
    """Write <out>/<id>_par.md, <id>_par.json and the PNG plots (and <id>_sources.json,
    the RTP by source of these libraries, which a later run reads back: see game_sheet)."""
    from .par_markdown import markdown
    from .par_plots import plots
    t0 = time.perf_counter()
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    spec = B.resolve_game(game)
    shipped = Path(spec.math_files[0]).parent / "par" if spec.math_files else out_dir
    timings: dict[str, float] = {}
    cpu: dict[str, float] = {}
    lib, data = game_sheet(game, books_dir, sim_rounds, workers, progress=True,
                           source_dirs=[out_dir, shipped], fresh_sources=fresh_sources, timings=timings,
                           cpu_timings=cpu)
    clock = Clock(timings, cpu)
    data["plots"] = plots(lib, data, out_dir)
    clock.lap("plots")
    gid = data["game"]
    (out_dir / f"{gid}_par.json").write_text(json.dumps(data, indent=2))
    (out_dir / f"{gid}_par.md").write_text(markdown(data))
    clock.lap("json, markdown")
    print("wall time by phase (CPU with the workers'): " + "; ".join(
        f"{k} {v:.1f}s ({cpu[k]:.0f}s)" for k, v in timings.items() if v >= 0.05), flush=True)
    print(f"PAR sheet of {gid} in {time.perf_counter() - t0:.0f}s wall, {cpu_seconds():.0f}s CPU (with its workers; "
          f"load average {os.getloadavg()[0]:.1f}): {out_dir / (gid + '_par.md')}, "
          f"{gid}_par.json, {', '.join(data['plots'])}")
