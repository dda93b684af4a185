"""`python -m cabinet.math.pin_bench`: what checking the operator PIN costs, and what
an offline search of every PIN of a length would cost. Figures, not a test.

A cabinet's ledger is given `--events` events of history and a PIN changed in the
menu (a chained `pin_changed` record: scrypt n=2**14, r=8, p=1, then HMAC under the
ledger key, cabinet/core/pin.py); then `--checks` PIN checks are timed as the PIN pad
makes them (`pin.check`: the newest record read back verified, one scrypt, one HMAC).
Printed: CPU milliseconds per check (median and worst), and the CPU hours an offline
search of all 4-, 6- and 8-digit PINs would take on one core *with* the ledger key
(without it the record cannot be tested at all).

    python -m cabinet.math.pin_bench [--events 5000] [--checks 20]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cabinet.core import pin
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cabinet.math.pin_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=5000, help="events of history in the ledger (0-1,000,000)")
    p.add_argument("--checks", type=int, default=20, help="PIN checks timed (1-10,000)")
    args = p.parse_args(argv)
    if not 0 <= args.events <= 1_000_000 or not 1 <= args.checks <= 10_000:
        p.error("--events must be 0-1,000,000 and --checks 1-10,000")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "config.yaml").write_text("data_dir: .\nmath_source: live\n")
        cab = Cabinet(load_config(folder / "config.yaml"), games={})
        for i in range(args.events):
            cab.log("bench_fill", {"i": i})
        pin.set_pin(cab, "482193", by="operator")
        times = []
        for i in range(args.checks):
            t = time.process_time()
            pin.check("482193" if i % 2 else "000000", cab.config, cab)
            times.append(time.process_time() - t)
        cab.close()
    per = statistics.median(times)
    print(f"PIN check, {args.events:,} events of history: median {per * 1000:.1f} ms CPU, worst "
          f"{max(times) * 1000:.1f} ms ({args.checks} checks)")
    for digits in (4, 6, 8):
        hours = 10**digits * per / 3600
        print(f"  offline search of every {digits}-digit PIN with the ledger key, one core: {hours:,.1f} CPU hours")
    print("  without the ledger key: impossible (the record is an HMAC under it)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
