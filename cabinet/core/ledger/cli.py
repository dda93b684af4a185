"""`main.py --audit` and `main.py --meters`: the ledger from the command line
(`--export-report`: cabinet/core/reports.py, which prints with `say`).

--audit opens the ledger as a start does (read-only first), but audited in full (every
MAC from the first entry, where a start checks from its seal), and never creates one, and logs its result in the event log. --meters is a start without the
window (main.py): a cabinet that was never started is created as any first start
creates it; then the meters are printed. A missing, replaced or damaged ledger: one
line on stderr ("cabinet locked: ..."), exit 2, and the files are left as they were.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .errors import LedgerError
from .store import Ledger


def locked(reason: str) -> int:
    sys.stderr.write(f"cabinet locked: {reason}\n")
    return 2


def print_meters(led: Ledger) -> int:
    """The balance, what the start's audit checked, the chain head and the meters."""
    report = led.report
    return say(json.dumps({"balance": led.balance, "audit": "ok", "checked": report.summary(),
                            "chain_head": {"entry": report.entries, "link": report.head},
                            "meters": led.meters()}, indent=2))


def audit(path: Path) -> int:
    try:
        led = Ledger(path, create=False, full_audit=True)
    except LedgerError as exc:
        return locked(str(exc))
    try:
        report = led.report
        led.log_event("audit", {"result": "ok", "by": "command line", "checked": report.summary(),
                                "head": report.head})
        return say(f"ledger ok: {path} (key {led.key_path})\n"
                    f"checked {report.summary()}: every link, the balance chain, every checkpoint MAC, "
                    "the meters and the game states\n"
                    f"chain head: entry {report.entries} {report.head}\n"
                    f"balance: {report.balance} (minor units)")
    except LedgerError as exc:
        return locked(str(exc))
    finally:
        led.close()


def say(text: str) -> int:
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:                 # `--meters | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
