"""The start's check: incremental from the seal the last start left, at a cost that
grows with what was written since, not with the history.

A full audit (audit.full) recomputes every entry's MAC: ~30 us an entry in Python, 6 s
for 100,000 rounds. A start instead checks, against the MAC'd audit head:

- the seal: every entry up to the place the last start verified (Head.seal), each row
  rendered by SQLite (`quote()` of every covered column, its place and its link; a
  closed round's checkpoint and its MAC too) and hashed in one pass (sha256, C speed),
  must give the digest recorded then. A row altered, added or deleted among them, or
  moved out of its place, changes the digest;
- the walk: every entry after the seal, exactly as the full audit checks it (link,
  place, balance chain, round states), ending at the head; the meters and the game
  states as the head records them; every open round's state and checkpoint MAC.

A digest that differs runs the full audit, which names the first bad row (and locks);
when the full audit passes, nothing any MAC covers changed (a checkpoint moved on: a
result shown again after the start) and the seal is renewed. A head without a seal
(a ledger written before it, or a new one) gets the full audit too. After a check that
passed, the start's first write (its power-up event) seals the chain up to the head
checked (Ledger._writing), so the next start walks only what was written since.

A settled round's checkpoint is covered by the seal; the checkpoint of a round settled
after the seal is checked by the walk, and every round read (recall, history) is
checked again on read (audit.verify_row). RUN AUDIT and `main.py --audit` run the full
audit.
"""
from __future__ import annotations

import hashlib
import sqlite3

import cabinet.core.ledger.audit as audit
from .chain import CLOSING, KINDS, Head, Kind, Seal

_BATCH = 4096


def _columns(kind: Kind) -> tuple[str, ...]:
    extra = ("checkpoint", "checkpoint_mac") if kind in CLOSING else ()
    return (*kind.fields, kind.seq, kind.link, *extra)


def _rows_sql(kind: Kind, where: str) -> str:
    text = " || ',' || ".join(f"quote({c})" for c in _columns(kind))
    return f"SELECT {text} FROM {kind.table} WHERE ({kind.rows}) AND ({where}) ORDER BY {kind.seq}, id"


def _feed(h, cur: sqlite3.Cursor) -> None:
    while True:
        rows = cur.fetchmany(_BATCH)
        if not rows:
            return
        h.update("\n".join(r[0] for r in rows).encode("utf-8", "surrogatepass") + b"\n")


def digests(db: sqlite3.Connection, sealed: int, upto: int) -> tuple[str, str]:
    """(digest of the entries up to `sealed`, digest of those up to `upto`). The first
    takes in the rows whose place is missing too (they change it); places that are not
    numbers sort after every number, outside both (the walk names them)."""
    first, second = [], []
    for kind in KINDS:
        h = hashlib.sha256(kind.name.encode())
        _feed(h, db.execute(_rows_sql(kind, f"{kind.seq} IS NULL OR {kind.seq} <= ?"), (sealed,)))
        first.append(h.digest())
        _feed(h, db.execute(_rows_sql(kind, f"{kind.seq} > ? AND {kind.seq} <= ?"), (sealed, upto)))
        second.append(h.digest())
    return hashlib.sha256(b"".join(first)).hexdigest(), hashlib.sha256(b"".join(second)).hexdigest()


def _open_rounds(db: sqlite3.Connection, key: bytes) -> int:
    """Every round without a closing entry: open, and its checkpoint as MAC'd."""
    n = 0
    for row in db.execute("SELECT * FROM rounds WHERE settle_seq IS NULL"):
        audit.check_row(key, audit.ROUND, row)
        n += 1
    return n


def start(db: sqlite3.Connection, key: bytes, identity: str,
          full: bool = False) -> tuple[audit.Report, Seal | None]:
    """The start's check (`full`: the full audit instead). Returns what was checked and
    the seal to leave (the chain up to its head; None: the head's seal is that already).
    LedgerError naming the first bad row."""
    head = audit.read_head(db, key)
    old = head.seal
    if old is None or full:
        report = audit.full(db, key, identity)
        return report, Seal(head.seq, head.link, dict(head.sums), digests(db, 0, head.seq)[1])
    sealed, now = digests(db, old.seq, head.seq)
    renewed = Seal(head.seq, head.link, dict(head.sums), now)
    if sealed != old.digest:
        return audit.full(db, key, identity), renewed
    audit.walk_to_head(db, key, head, old.seq, old.link, old.sums)
    report = audit.Report(entries=head.seq, head=head.link, balance=head.sums["balance"],
                          open_rounds=_open_rounds(db, key), sealed=old.seq)
    return report, (None if renewed == old else renewed)


def reseal(head: Head, seal: Seal) -> bool:
    """Put the start's seal on the head it was computed for (False: the head moved on)."""
    if head.seq != seal.seq or head.link != seal.link:
        return False
    head.seal = seal
    return True

