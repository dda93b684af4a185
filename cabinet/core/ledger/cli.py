"""`main.py --audit` and `main.py --meters`: the ledger from the command line
(`--export-report`: cabinet/core/reports.py, which prints with `say`).

--audit opens the ledger as a start does (read-only first), but audited in full (every
MAC from the first entry, where a start checks from its seal), compares it with its
witnesses, never creates one, takes no single-instance lock (a cabinet may be running)
and logs its result in the event log; an evidence copy in a folder it cannot write is
audited read-only and nothing is written (not even SQLite's -shm file).

--meters is a start without the window (main.py): a cabinet that was never started is
created as any first start creates it; then the meters are printed. A missing, replaced or damaged ledger: one
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


def audit(path: Path, key_path: Path | None = None, witness: Path | None = None) -> int:
    """The full audit from the command line. In a folder (or of a file) this process
    cannot write, an evidence copy: opened read-only (immutable when it has no WAL),
    nothing written, the audit not logged."""
    read_only = not (os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK)))
    try:
        led = Ledger(path, key_path, witness=witness, create=False, full_audit=True, read_only=read_only)
    except LedgerError as exc:
        return locked(str(exc))
    try:
        report = led.report
        if not read_only:
            led.log_event("audit", {"result": "ok", "by": "command line", "checked": report.summary(),
                                    "head": report.head})
        copy = "\n(a read-only copy: nothing was written, this audit is not logged)" if read_only else ""
        return say(f"ledger ok: {path} (key {led.key_path})\n"
                   f"checked {report.summary()!s}: every link, the balance chain, every checkpoint MAC, "
                   "the meters and the game states\n"
                   f"chain head: entry {report.entries} {report.head}\n"
                   f"witnesses agree: {', '.join(str(w) for w in led.witnesses)}\n"
                   f"balance: {report.balance} (minor units){copy}")
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
