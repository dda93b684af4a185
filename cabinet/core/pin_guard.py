"""Wrong operator PINs in a row, kept in the witness folder (config ledger_witness).

While the ledger is locked its event log is the pending file, in the data folder,
which anyone who can write there could empty to get three fresh guesses per
restart. So every wrong PIN and every login is also counted in
`<ledger_witness>/pin_guard.json`, a folder the data folder's writer cannot reach;
the lockout (cash_desk.pin_state) is at least that count. Without a witness (demo
play) there is no such copy.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import cabinet.core.ledger.files as files
from .config import Config
from .ledger.errors import LedgerError

GUARD_NAME = "pin_guard.json"


def _path(config: Config) -> Path | None:
    folder = config.ledger_witness_path
    return None if folder is None else Path(folder) / GUARD_NAME


def kept(config: Config) -> tuple[int, float | None]:
    """(wrong PINs in a row, time of the last) as the witness folder keeps them."""
    path = _path(config)
    if path is None:
        return 0, None
    try:
        fd = files.open_plain(path, os.O_RDONLY)
    except (OSError, LedgerError):
        return 0, None
    try:
        data = json.loads(os.pread(fd, 4096, 0).decode("ascii"))
        failures, last = int(data["failures"]), data.get("last")
        return max(0, min(failures, 10**6)), (float(last) if isinstance(last, (int, float)) else None)
    except (OSError, ValueError, KeyError, TypeError):
        return 0, None
    finally:
        os.close(fd)


def note(config: Config, kind: str, at: float) -> None:
    """Count a wrong PIN (`pin_failure`) or start again (`operator_login`)."""
    path = _path(config)
    if path is None or kind not in ("pin_failure", "operator_login"):
        return
    failures, _ = kept(config)
    data = {"failures": failures + 1, "last": at} if kind == "pin_failure" else {"failures": 0, "last": None}
    try:
        files.write_plain(path, json.dumps(data).encode("ascii"))
    except (OSError, LedgerError):
        pass
