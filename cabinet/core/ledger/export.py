"""One consistent, audited view of the ledger for a report export.

    with export.snapshot(led) as snap:
        snap.report, snap.lifetime, snap.period     # the full audit and the meters
        for rec in snap.rounds(): ...                # every round, oldest first
        for row in snap.side_draws(): ...            # every gamble / spin-chance draw
        for ev in snap.events(): ...                 # the whole event log

Inside one read transaction (SQLite's WAL gives it a fixed picture of the file), the
full audit walks every chain entry from the first, as RUN AUDIT does; the meters are
summed from the same rows (the lifetime sums cross-checked with the meters table) and
every row the report lists is read from that same picture. So every figure and row in
a report is one the audit verified a moment before, and none is verified twice (a
100,000-round ledger is walked once). A failed audit raises LedgerError naming the
first bad row, and the ledger refuses writes from then on, as after RUN AUDIT.

    with export.forensic(path, reason) as snap: ...   # a ledger that failed its audit

`forensic` is the same picture of a ledger that failed its audit, for an operator or a
lab: its rows exactly as they are, read without the audit (nothing verified, `report`
None, `unverified` the reason) from a read-only connection that writes nothing to the
ledger; the meters are summed from those rows, not checked against the meters table.
"""
from __future__ import annotations

import sqlite3
import time
import urllib.parse
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.meters as meters
import cabinet.core.ledger.records as records
from .errors import LedgerError, StorageError
from .history import Event, event, side_draw
from .records import RoundRecord
from .store import Ledger

BATCH = 2000            # rows fetched at a time: a long history is streamed, never held whole


@dataclass
class Snapshot:
    """What a report holds, as one audited picture of the ledger (valid inside `snapshot`)."""

    db: sqlite3.Connection
    report: audit.Report | None      # None: a forensic picture (nothing verified)
    cabinet: str                     # the ledger's identity: this cabinet's id
    created_at: float                # when the ledger was made (its first entry)
    version: int                     # the ledger format
    taken_at: float                  # wall time of the picture
    lifetime: dict[str, Any]
    period: dict[str, Any]           # since the last period reset; "since": its time (None: never reset)
    unverified: str | None = None    # a forensic picture: why the ledger failed its audit

    def _rows(self, sql: str) -> Iterator[sqlite3.Row]:
        cur = self.db.execute(sql)
        while rows := cur.fetchmany(BATCH):
            yield from rows

    def rounds(self) -> Iterator[RoundRecord]:
        for row in self._rows("SELECT * FROM rounds ORDER BY id"):
            yield records.round_record(row)

    def side_draws(self) -> Iterator[dict[str, Any]]:
        for row in self._rows("SELECT * FROM side_draws ORDER BY id"):
            yield side_draw(row)

    def events(self) -> Iterator[Event]:
        for row in self._rows("SELECT * FROM events ORDER BY id"):
            yield event(row)


@contextmanager
def snapshot(led: Ledger) -> Iterator[Snapshot]:
    """The audited picture; LedgerError (the ledger then refuses writes) if the audit
    fails or the file cannot be read."""
    if led.broken:
        raise LedgerError(led.broken)
    db = led.db
    try:
        db.execute("BEGIN")
        try:
            report = audit.full(db, led.key, led.identity)
            ident = db.execute("SELECT cabinet, created_at, version FROM identity WHERE id = 1").fetchone()
            yield Snapshot(db, report, str(ident["cabinet"]), float(ident["created_at"]), int(ident["version"]),
                           time.time(), meters.lifetime(led), meters.period(led))
        finally:
            db.execute("ROLLBACK")      # nothing was written: the read transaction ends
    except sqlite3.Error as exc:
        raise led._fail(StorageError("exporting a report", exc)) from None
    except LedgerError as exc:
        raise led._fail(exc) from None
    except UnicodeDecodeError as exc:                         # a damaged file: text that is not UTF-8
        raise led._fail(LedgerError(f"ledger {led.path} cannot be read: exporting a report failed "
                                    f"({type(exc).__name__}: {exc})")) from None


@contextmanager
def forensic(path: Path, reason: str) -> Iterator[Snapshot]:
    """The rows of a ledger that failed its audit (`reason`), exactly as they are: read
    from a read-only connection (immutable when the file has no WAL beside it), nothing
    verified, nothing written. LedgerError (one line) when the file cannot be read at all."""
    path = Path(path)
    if not path.is_file():
        raise LedgerError(f"no ledger at {path}: nothing to export")
    wal = path.with_name(path.name + "-wal")
    extra = "" if wal.exists() and wal.stat().st_size else "&immutable=1"
    try:
        db = sqlite3.connect(f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro{extra}", uri=True,
                             isolation_level=None, timeout=10)
    except sqlite3.Error as exc:
        raise LedgerError(f"ledger {path} cannot be read: {' '.join(str(exc).split())}") from None
    try:
        db.row_factory = sqlite3.Row
        db.execute("BEGIN")
        try:
            ident = db.execute("SELECT cabinet, created_at, version FROM identity WHERE id = 1").fetchone()
            lifetime = meters.summed(db, 0)
            lifetime["balance"] = int(audit.meters(db).get("balance", 0))     # as the meters table records it
            reset = db.execute("SELECT seq, created_at FROM events WHERE kind = 'period_reset' "
                               "ORDER BY id DESC LIMIT 1").fetchone()
            period = meters.summed(db, int(reset["seq"]) if reset is not None else 0)
            period["since"] = float(reset["created_at"]) if reset is not None else None
            yield Snapshot(db, None, str(ident["cabinet"]) if ident else "unknown",
                           float(ident["created_at"]) if ident else 0.0, int(ident["version"]) if ident else 0,
                           time.time(), lifetime, period, unverified=reason)
        finally:
            db.execute("ROLLBACK")
    except sqlite3.Error as exc:
        raise LedgerError(f"ledger {path} cannot be read: {' '.join(str(exc).split())}") from None
    except (UnicodeDecodeError, ValueError, TypeError) as exc:
        raise LedgerError(f"ledger {path} cannot be read: {type(exc).__name__}: {' '.join(str(exc).split())}") \
            from None
    finally:
        db.close()
