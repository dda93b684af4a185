"""Writing chain entries: one transaction's appends and its new audit head, and the
creation of a new database (schema, identity, genesis head, the first event)."""
from __future__ import annotations

import json
import secrets
import sqlite3
import time
from pathlib import Path
from typing import Any

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.tables as tables
from .chain import CLOSING, EVENT, Head, Kind
from .errors import LedgerError


class Writer:
    """Inside one write transaction: appends entries and keeps the head up to date."""

    def __init__(self, db: sqlite3.Connection, key: bytes, head: Head):
        self.db, self.key, self.head = db, key, head
        self.verified = (head.seq, head.link, dict(head.sums))   # the tail check just verified up to here
        self.began = head.seq                                     # where this transaction's entries start

    @property
    def balance(self) -> int:
        return self.head.sums["balance"]

    def next_id(self, table: str) -> int:
        return int(self.db.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}").fetchone()[0])

    def append(self, kind: Kind, row: dict[str, Any]) -> None:
        head = self.head
        seq = head.seq + 1
        moved = chain.movement(kind, row)
        if moved is not None and (moved[0] != self.balance or moved[1] != moved[0] + moved[2]["balance"]):
            raise LedgerError(f"ledger refused {kind.describe(row, seq)}: its balances do not follow the chain")
        row[kind.seq], row[kind.link] = seq, chain.link(self.key, head.link, kind, seq, row)
        if kind in CLOSING:         # a settlement or a void closes its round, in the round's own row
            done = self.db.execute("UPDATE rounds SET state = ?, balance_after = ?, settled_at = ?, settle_seq = ?,"
                                   " settle_link = ? WHERE id = ? AND state = 'open'",
                                   (row["state"], row["balance_after"], row["settled_at"], seq, row[kind.link],
                                    row["id"])).rowcount
            if done != 1:
                raise LedgerError(f"ledger refused {kind.describe(row, seq)}: the round is not open")
        else:
            names = list(row)
            self.db.execute(f"INSERT INTO {kind.table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                            [row[n] for n in names])
        if moved is not None:
            for name, delta in moved[2].items():
                if delta:
                    self.db.execute("UPDATE meters SET value = value + ? WHERE name = ?", (delta, name))
            head.sums = chain.add(head.sums, moved[2])
        head.seq, head.link = seq, row[kind.link]

    def set_state(self, game: str, state: dict[str, Any]) -> None:
        self.db.execute("INSERT INTO game_state VALUES (?, ?) ON CONFLICT(game) DO UPDATE SET state = excluded.state",
                        (game, json.dumps(state, sort_keys=True)))
        self.head.states = chain.states_digest(audit.game_states(self.db))

    def finish(self) -> None:
        self.head.vseq, self.head.vlink, self.head.vsums = self.verified
        if self.head.seq != self.began:        # the witness may lag the head by this transaction only
            self.head.tx = self.began
        self.db.execute("UPDATE audit_head SET body = ?, mac = ? WHERE id = 1",
                        (self.head.body(), self.head.mac(self.key)))


def create(path: Path, key: bytes) -> tuple[str, str, Head]:
    """A complete new database at `path` (any leftover there is removed first).
    Returns its cabinet id, its identity MAC and its head."""
    for f in (path, *(files.sidecar(path, s) for s in files.SIDECARS)):
        f.unlink(missing_ok=True)
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("BEGIN IMMEDIATE")
        for statement in tables.SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        cabinet, created = secrets.token_hex(8), time.time()
        identity = chain.identity_mac(key, cabinet, created, tables.VERSION)
        db.execute("INSERT INTO identity VALUES (1, ?, ?, ?, ?)", (cabinet, created, tables.VERSION, identity))
        db.executemany("INSERT INTO meters VALUES (?, 0)", [(m,) for m in tables.METERS])
        head = Head.genesis(identity, chain.states_digest([]))
        db.execute("INSERT INTO audit_head VALUES (1, ?, ?)", (head.body(), head.mac(key)))
        w = Writer(db, key, head)
        w.append(EVENT, {"id": 1, "kind": "ledger_created", "created_at": created,
                         "detail": json.dumps({"cabinet": cabinet, "version": tables.VERSION})})
        w.finish()
        db.execute("COMMIT")
    finally:
        db.close()
    return cabinet, identity, w.head
