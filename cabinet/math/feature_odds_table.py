"""The rules' feature rates a game estimates itself (GameSpec.math.feature_odds) beside the
plain run's counts (games/<id>/rates.json) and the shipped library's rates (from its
weights), with the seconds the estimate took: a markdown table per mode.

    .venv/bin/python -m cabinet.math.feature_odds_table GAME [--seed S] [--modes M ...]

The plain run's figures are not re-made: `sims` is empty except for what rates.json
keeps, so estimates that need the plain run's own sums (Piggy Farm's cap) are left out.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from cabinet.core.books import default_books_dir, load_library
from cabinet.core.game import discover


def _fmt(x: float | None) -> str:
    return "" if x is None else f"{x:.4g}"


def table(spec, mode: str, seed: int, counts: dict, library) -> list[str]:
    t0 = time.perf_counter()
    odds = spec.math.feature_odds(mode, {}, seed)
    secs = time.perf_counter() - t0
    lib = None
    if library is not None and mode in library.modes:
        from .stats import feature_rates
        books = library.books(mode)
        lib = feature_rates(books.weight, books.features, list(books.meta["feature_names"]))
    rows = [f"### {spec.id} `{mode}` ({secs:.1f} s)", "",
            "| feature | estimate [99%] | rates.json count | library | library / estimate | method |",
            "|---|---|---|---|---|---|"]
    for f, (p, lo, hi, how) in odds.items():
        c = counts.get(f)
        count = f"{_fmt(c['rate'])} ({c['count']:,})" if c else ""
        lr = None if lib is None else lib.get(f)
        ratio = f"{lr / p:.3f}" if lr is not None and p > 0 else ""
        rows.append(f"| {f} | {_fmt(p)} [{_fmt(lo)}, {_fmt(hi)}] | {count} | {_fmt(lr)} | {ratio} | {how} |")
    return rows + [""]


def main(argv: list[str] | None = None) -> int:
    games = discover()
    ap = argparse.ArgumentParser(prog="python -m cabinet.math.feature_odds_table",
                                 description="the game's own feature-rate estimates beside rates.json and the library")
    ap.add_argument("game", choices=sorted(games), help="game id")
    ap.add_argument("--seed", type=int, default=1, help="simulation seed of the estimates (default 1)")
    ap.add_argument("--modes", nargs="*", default=None, help="modes (default: every mode of the game)")
    a = ap.parse_args(argv)
    spec = games[a.game]
    if spec.math.feature_odds is None:
        print(f"{spec.id} has no feature_odds estimates", file=sys.stderr)
        return 2
    known = [m.id for m in spec.modes]
    bad = [m for m in a.modes or [] if m not in known]
    if bad:
        ap.error(f"unknown mode {bad[0]!r}; allowed: {', '.join(known)}")
    rates_path = Path(default_books_dir(spec)).parent / "rates.json"
    rates = json.loads(rates_path.read_text())["modes"] if rates_path.exists() else {}
    try:
        library = load_library(spec)
    except Exception as exc:                      # a missing or stale library: the estimates alone
        print(f"library not loaded ({exc}); its column is empty", file=sys.stderr)
        library = None
    for mode in a.modes or known:
        print("\n".join(table(spec, mode, a.seed, rates.get(mode, {}).get("features", {}), library)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
