"""`python -m cabinet.math.report_bench`: how long the operator's report export takes
with a long history. Figures, not a test.

A ledger of `--rounds` settled rounds (the history of `cabinet.math.ledger_bench`: a
gamble draw every 50 rounds, a deposit every 2,000), or the one kept in `--keep DIR`.
Then the report set is exported `--repeat` times into a temporary folder, as EXPORT
REPORT and `main.py --export-report` do (the full audit, the meters, every row to
CSV, the summary, the logged event), and the full audit is timed alone beside it.
Printed: the seconds of each, and each file's rows and size.

    python -m cabinet.math.report_bench [--rounds 100000] [--repeat 2] [--keep DIR]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cabinet.core import reports
from cabinet.core.game import discover
from cabinet.core.ledger import Ledger
from cabinet.core.money import Currency
from cabinet.math.ledger_bench import fill


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=2)
    p.add_argument("--keep", type=Path, help="a folder to keep the filled ledger in (reused when present)")
    p.add_argument("--game", default="happy_money_hens")
    args = p.parse_args(argv)
    specs = discover()
    with tempfile.TemporaryDirectory(prefix="report-bench-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "ledger.sqlite"
        if not path.exists():
            print(f"filling {args.rounds:,} rounds: {fill(path, args.rounds, args.game, 'base'):.1f} s", flush=True)
        led = Ledger(path)
        rounds = led.db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
        print(f"ledger: {rounds:,} rounds, {path.stat().st_size / 2**20:.1f} MiB", flush=True)
        runs, written = [], []
        for i in range(args.repeat):
            t0 = time.perf_counter()
            written = reports.export(led, Path(tmp) / f"out{i}", Currency(), specs, by="bench")
            runs.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        led.verify()
        alone = time.perf_counter() - t0
        led.close()
        print(f"export: median {statistics.median(runs):.2f} s (runs: {', '.join(f'{s:.2f}' for s in runs)}); "
              f"the full audit alone {alone:.2f} s")
        for w in written:
            print(f"  {w.path.name:<44} {w.rows:>9,} rows {w.size / 2**20:8.2f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
