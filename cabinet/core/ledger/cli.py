"""`main.py --meters` and `main.py --audit`: the ledger from the command line.

Both open the ledger as a start does (verified in full, read-only first) but never
create one. A missing, replaced or damaged ledger: one line on stderr, exit 2, and
the files are left as they were. --audit logs its result in the event log.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .errors import LedgerError
from .store import Ledger


def run(data_dir: Path, what: str, ledger_name: str = "ledger.sqlite") -> int:
    path = Path(data_dir) / ledger_name
    try:
        led = Ledger(path, create=False)
    except LedgerError as exc:
        sys.stderr.write(f"cabinet locked: {exc}\n")
        return 2
    try:
        report = led.report
        if what == "meters":
            print(json.dumps({"balance": led.balance, "audit": "ok", "checked": report.summary(),
                              "chain_head": {"entry": report.entries, "link": report.head},
                              "meters": led.meters()}, indent=2))
            return 0
        led.log_event("audit", {"result": "ok", "by": "command line", "checked": report.summary(),
                                "head": report.head})
        print(f"ledger ok: {path} (key {led.key_path})")
        print(f"checked {report.summary()}: every link, the balance chain, every checkpoint MAC, "
              "the meters and the game states")
        print(f"chain head: entry {report.entries} {report.head}")
        print(f"balance: {report.balance} (minor units)")
        return 0
    except LedgerError as exc:
        sys.stderr.write(f"cabinet locked: {exc}\n")
        return 2
    except BrokenPipeError:                 # `--meters | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    finally:
        led.close()
