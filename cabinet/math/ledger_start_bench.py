"""`python -m cabinet.math.ledger_start_bench`: how long a start spends opening the
ledger, with a long history. Figures, not a test.

A ledger of `--rounds` settled rounds is filled through the Ledger API (the same
history as `cabinet.math.ledger_bench`: a gamble draw every 50 rounds, a deposit every
2,000, an event every 10,000), or reused from `--keep DIR` when one is there. Then it
is started once (its power-up seals the chain), then opened `--repeat` times as a start
opens it (seal.py: the digest of the sealed entries, the walk of the rest), and
audited in full as RUN AUDIT and `main.py --audit` do (and as every start did before
the seal). Printed: the seconds of each, the parts of an open (SQLite's integrity
check, the schema check, the chain check, the digests), and the chain entries. With
`--export`, the operator's report export too (EXPORT REPORT, `main.py --export-report`:
the full audit, the meters, every row to CSV, the summary, the logged event), with each
file's rows and size.

    python -m cabinet.math.ledger_start_bench [--rounds 100000] [--repeat 3] [--keep DIR] [--export]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cabinet.core.ledger import Ledger
from cabinet.math.ledger_bench import fill


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def opened(path: Path) -> float:
    def run():
        Ledger(path).close()
    return timed(run)


def parts(path: Path) -> dict[str, float]:
    """The open's parts, each timed on its own read-only connection."""
    import cabinet.core.ledger.audit as audit
    import cabinet.core.ledger.seal as seal
    import cabinet.core.ledger.tables as tables
    led = Ledger(path)
    ro = led._connect("ro")
    out = {"integrity check": timed(lambda: list(ro.execute("PRAGMA integrity_check(4)"))),
           "schema check": timed(lambda: tables.check(ro, str(path))),
           "chain check (seal + walk)": timed(lambda: seal.start(ro, led.key, led.identity)),
           "  of it, the digests": timed(lambda: seal.digests(ro, led.report.entries, led.report.entries)),
           "full audit (RUN AUDIT)": timed(lambda: audit.full(ro, led.key, led.identity))}
    ro.close()
    led.close()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--keep", type=Path, help="a folder to keep the filled ledger in (reused when present)")
    p.add_argument("--game", default="happy_money_hens")
    p.add_argument("--export", action="store_true", help="time the operator's report export as well")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ledger-start-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "ledger.sqlite"
        if not path.exists():
            print(f"filling {args.rounds:,} rounds: {fill(path, args.rounds, args.game, 'base'):.1f} s", flush=True)
        led = Ledger(path)                  # the first start: its power-up seals what it checked
        led.log_event("bench_start", {})
        entries = led.verify().entries
        rounds = led.db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
        led.close()
        size = path.stat().st_size / 2**20
        print(f"ledger: {rounds:,} rounds, {entries:,} chain entries, {size:.1f} MiB")
        starts = [opened(path) for _ in range(args.repeat)]
        print(f"open as a start opens it: median {statistics.median(starts):.3f} s "
              f"(runs: {', '.join(f'{s:.3f}' for s in starts)})")
        for name, seconds in parts(path).items():
            print(f"  {name:<24} {seconds:7.3f} s")
        if args.export:
            exported(path, Path(tmp) / "reports")
    return 0


def exported(path: Path, out: Path) -> None:
    """The report export of this ledger into `out`, timed, with its files."""
    from cabinet.core import reports
    from cabinet.core.game import discover
    from cabinet.core.money import Currency
    specs = discover()
    led = Ledger(path)
    written: list[reports.Written] = []
    seconds = timed(lambda: written.extend(reports.export(led, out, Currency(), specs, by="bench")))
    led.close()
    print(f"report export (full audit, meters, every row to CSV, summary, logged): {seconds:.2f} s")
    for w in written:
        print(f"  {w.path.name:<44} {w.rows:>9,} rows {w.size / 2**20:8.2f} MiB")


if __name__ == "__main__":
    raise SystemExit(main())
