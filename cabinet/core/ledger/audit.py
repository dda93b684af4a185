"""Verifying the ledger: in full (RUN AUDIT, --audit, a start that finds no seal or a
seal that differs: seal.py), incrementally (before every money movement, at a cost
independent of the history), and one row on read.

Every failure raises LedgerError naming the first bad row; nothing here writes.
"""
from __future__ import annotations

import heapq
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Iterator

import cabinet.core.ledger.chain as chain
from .chain import CLOSING, KINDS, ROUND, Head, Kind
from .errors import LedgerError
from ..i18n import N_, Message, formats
from .tables import METERS

FAILED = "ledger audit failed"


def _sort_key(entry: tuple[Any, Kind, sqlite3.Row]) -> int:
    return entry[0] if type(entry[0]) is int else -1


def entries(db: sqlite3.Connection, after: int | None = None) -> Iterator[tuple[Any, Kind, sqlite3.Row]]:
    """(seq, kind, row) of every chain entry (after `after`), in chain order. With
    after=None, rows whose seq is missing or not a number are included (they sort
    first), so the walk names them."""
    streams = []
    for kind in KINDS:
        cond = kind.rows + (f" AND {kind.seq} > ?" if after is not None else "")
        cur = db.execute(f"SELECT * FROM {kind.table} WHERE {cond} ORDER BY {kind.seq}",
                         (after,) if after is not None else ())
        streams.append(_tagged(kind, cur))
    return heapq.merge(*streams, key=_sort_key)


def _tagged(kind: Kind, rows: Iterator[sqlite3.Row]) -> Iterator[tuple[Any, Kind, sqlite3.Row]]:
    for row in rows:
        yield row[kind.seq], kind, row


class _Bad(Exception):
    """A check failed; the text follows the row's name (named only then: the walk is hot)."""


class Walk:
    """Follows the chain from a known place: each entry's place, link and money."""

    def __init__(self, key: bytes, seq: int, link: str, sums: dict[str, int], from_start: bool = False):
        self.key, self.seq, self.link, self.sums = key, seq, link, dict(sums)
        # From the first entry every round row is met at its start entry: check it there
        # once; a walk from the middle checks it again at its settlement (or void).
        self.row_kinds = (ROUND,) if from_start else (ROUND, *CLOSING)

    def step(self, seq: Any, kind: Kind, row: sqlite3.Row) -> None:
        if type(seq) is not int or seq != self.seq + 1:
            where = kind.describe(row, seq)
            if type(seq) is not int or seq <= self.seq:
                raise LedgerError(f"{FAILED}: {where} is out of place: the chain is already at entry {self.seq}")
            raise LedgerError(f"{FAILED}: chain entry {self.seq + 1} is missing (the next one is {where}): "
                              "a row was deleted")
        try:
            verify_link(self.key, self.link, seq, kind, row)
            self._money(kind, row)
            if kind in self.row_kinds:
                check_round(self.key, row)
        except _Bad as exc:
            raise LedgerError(f"{FAILED}: {kind.describe(row, seq)}{exc}") from None
        self.seq, self.link = seq, row[kind.link]

    def _money(self, kind: Kind, row: sqlite3.Row) -> None:
        try:
            moved = chain.movement(kind, row)
        except (ValueError, TypeError) as exc:
            raise _Bad(f": {exc}") from None
        if moved is not None:
            before, after, deltas = moved
            if before != self.sums["balance"]:
                raise _Bad(f": the balance before it ({before}) is not the balance after the previous money "
                           f"movement ({self.sums['balance']})")
            if after != before + deltas["balance"] or after < 0:
                raise _Bad(f": the balance after it ({after}) is not {before} {deltas['balance']:+d}")
            self.sums = chain.add(self.sums, deltas)


def verify_link(key: bytes, prev: str, seq: int, kind: Kind, row: sqlite3.Row) -> None:
    try:
        expect = chain.link(key, prev, kind, seq, row)
    except (ValueError, TypeError) as exc:
        raise _Bad(f": a column {exc}") from None
    if not chain.same(row[kind.link], expect):
        raise _Bad(" does not match its MAC: it was altered")


def check_round(key: bytes, row: sqlite3.Row) -> None:
    """A round's state agrees with its closing entry (a settlement, or a void); its
    checkpoint with its MAC."""
    settled = row["settle_seq"] is not None
    if (row["state"] not in ("settled", "voided")) if settled else row["state"] != "open":
        raise _Bad(f": state {row['state']!r} does not agree with its settlement entry")
    if not settled and (row["settle_link"] is not None or row["balance_after"] is not None
                        or row["settled_at"] is not None):
        raise _Bad(": an open round carries settlement columns")
    try:
        expect = chain.checkpoint_mac(key, row["id"], row["checkpoint"])
    except ValueError as exc:
        raise _Bad(f": its checkpoint {exc}") from None
    if not chain.same(row["checkpoint_mac"], expect):
        raise _Bad(": its presentation checkpoint does not match its MAC")


def read_identity(db: sqlite3.Connection, key: bytes, path: str, key_path: str) -> str:
    """The identity MAC (link 0), or 'ledger missing or replaced' naming the files."""
    row = db.execute("SELECT * FROM identity WHERE id = 1").fetchone()
    try:
        expect = chain.identity_mac(key, row["cabinet"], row["created_at"], row["version"]) if row else None
    except ValueError:
        expect = None
    if expect is None or not chain.same(row["mac"], expect):
        raise LedgerError(f"ledger missing or replaced: {path} was not written with the key {key_path} "
                          "(another cabinet's ledger, or another key)")
    return expect


def read_head(db: sqlite3.Connection, key: bytes) -> Head:
    row = db.execute("SELECT body, mac FROM audit_head WHERE id = 1").fetchone()
    if row is None:
        raise LedgerError(f"{FAILED}: the audit head (table audit_head) has no row")
    try:
        head = Head.parse(row["body"])
    except (ValueError, KeyError, TypeError):
        raise LedgerError(f"{FAILED}: the audit head cannot be read: it was altered") from None
    if not chain.same(row["mac"], head.mac(key)):
        raise LedgerError(f"{FAILED}: the audit head does not match its MAC: it was altered")
    return head


def meters(db: sqlite3.Connection) -> dict[str, Any]:
    return {r[0]: r[1] for r in db.execute("SELECT name, value FROM meters")}


def check_meters(db: sqlite3.Connection, sums: dict[str, int]) -> None:
    have = meters(db)
    for name in METERS:
        if name not in have:
            raise LedgerError(f"{FAILED}: meter {name} is missing from table meters")
        if have[name] != sums[name]:
            raise LedgerError(f"{FAILED}: meter {name} = {have[name]} but the chain adds up to {sums[name]}")
    extra = sorted(set(have) - set(METERS), key=str)
    if extra:
        raise LedgerError(f"{FAILED}: table meters has a meter {extra[0]!r} the cabinet never writes")


def game_states(db: sqlite3.Connection) -> list[tuple[Any, Any]]:
    return [tuple(r) for r in db.execute("SELECT game, state FROM game_state")]


def check_states(db: sqlite3.Connection, digest: str) -> None:
    if chain.states_digest(game_states(db)) != digest:
        raise LedgerError(f"{FAILED}: table game_state (feature levels) differs from what the cabinet saved")


def _close(walk: Walk, head: Head) -> None:
    """The walk ended: it must end exactly at the audit head."""
    if walk.seq < head.seq:
        raise LedgerError(f"{FAILED}: chain entry {walk.seq + 1} is missing: the chain ends at entry {walk.seq} "
                          f"but the cabinet wrote {head.seq}; rows were deleted")
    if walk.link != head.link:
        raise LedgerError(f"{FAILED}: the last chain entry ({walk.seq}) is not the one the audit head records")
    for name in METERS:
        if walk.sums[name] != head.sums[name]:
            raise LedgerError(f"{FAILED}: the chain adds {name} up to {walk.sums[name]} but the audit head "
                              f"records {head.sums[name]}")


def tail(db: sqlite3.Connection, key: bytes, head: Head) -> None:
    """The incremental check: the entries written since the last one verified (normally
    the one before: a constant few), nothing beyond the head, the meters and the game
    states as the head records them."""
    walk_to_head(db, key, head, head.vseq, head.vlink, head.vsums)


def walk_to_head(db: sqlite3.Connection, key: bytes, head: Head, seq0: int, link0: str,
                 sums0: dict[str, int]) -> None:
    """Every entry after a verified place (seq0, its link and sums) up to the head,
    nothing beyond it; then the meters and the game states as the head records them."""
    walk = Walk(key, seq0, link0, sums0)
    for seq, kind, row in entries(db, after=seq0):
        if type(seq) is int and seq > head.seq:
            raise LedgerError(f"{FAILED}: {kind.describe(row, seq)} is beyond the last entry the cabinet wrote "
                              f"({head.seq}): it was added")
        walk.step(seq, kind, row)
    _close(walk, head)
    check_meters(db, head.sums)
    check_states(db, head.states)


def _none_of_each_kind() -> dict[str, int]:
    return {k.name: 0 for k in KINDS}


@dataclass
class Report:
    """What a full audit checked."""

    entries: int = 0
    counts: dict[str, int] = field(default_factory=_none_of_each_kind)
    head: str = ""
    balance: int = 0
    open_rounds: int = 0
    sealed: int | None = None      # a start's check (seal.py): entries up to here were digested, not walked

    def summary(self) -> Message:
        """What was checked, one line (a Message: English in the log, the reports and the
        command line; the AUDIT page may draw it in the player's language)."""
        if self.sealed is not None:
            return Message(N_("{entries} chain entries: 1-{sealed} by the seal the last start left (digest matched), "
                              "{walked} walked since; {open} open rounds"), entries=_count(self.entries),
                           sealed=self.sealed, walked=_count(self.entries - self.sealed), open=_count(self.open_rounds))
        c = self.counts
        counts = {"entries": _count(self.entries), "rounds": _count(c["round"]), "settled": _count(c["settle"]),
                  "open": _count(self.open_rounds), "cash": _count(c["cash"]), "draws": _count(c["side_draw"]),
                  "events": _count(c["event"])}
        if c["void"]:
            return Message(N_("{entries} chain entries: {rounds} rounds ({settled} settled, {voided} voided, {open} "
                              "open), {cash} cash, {draws} side draws, {events} events"), voided=_count(c["void"]),
                           **counts)
        return Message(N_("{entries} chain entries: {rounds} rounds ({settled} settled, {open} open), {cash} cash, "
                          "{draws} side draws, {events} events"), **counts)


def _count(n: int) -> Any:
    """A count in the locale's digits, written when the line is (an i18n.Message field)."""
    def written() -> str:
        return formats.number(n)
    return written


def full(db: sqlite3.Connection, key: bytes, identity: str) -> Report:
    """Every entry from the first, every round's state and checkpoint, then the head,
    the meters and the game states."""
    head = read_head(db, key)
    if head.vseq < 0 or head.vseq > head.seq:
        raise LedgerError(f"{FAILED}: the audit head's verified entry {head.vseq} is outside the chain")
    walk = Walk(key, 0, identity, chain.zero_sums(), from_start=True)
    report = Report()
    if head.vseq == 0 and (head.vlink != identity or head.vsums != walk.sums):
        raise LedgerError(f"{FAILED}: the audit head does not start at this ledger's identity")
    counts = report.counts
    for seq, kind, row in entries(db):
        walk.step(seq, kind, row)
        counts[kind.name] += 1
        if seq == head.vseq and (walk.link != head.vlink or walk.sums != head.vsums):
            raise LedgerError(f"{FAILED}: {kind.describe(row, seq)} is not the entry the audit head last verified")
    report.open_rounds = counts["round"] - counts["settle"] - counts["void"]
    _close(walk, head)
    check_meters(db, head.sums)
    check_states(db, head.states)
    report.entries, report.head, report.balance = walk.seq, walk.link, walk.sums["balance"]
    return report


def link_at(db: sqlite3.Connection, seq: int, identity: str) -> str:
    if seq == 0:
        return identity
    for kind in KINDS:
        row = db.execute(f"SELECT {kind.link} FROM {kind.table} WHERE {kind.seq} = ?", (seq,)).fetchone()
        if row is not None:
            return row[0]
    raise LedgerError(f"{FAILED}: chain entry {seq} is missing: a row was deleted")


def check_row(key: bytes, kind: Kind, row: sqlite3.Row) -> None:
    """A round row's state and checkpoint (check_round), a failure naming the row."""
    try:
        check_round(key, row)
    except _Bad as exc:
        raise LedgerError(f"{FAILED}: {kind.describe(row, row[kind.seq])}{exc}") from None


def verify_row(db: sqlite3.Connection, key: bytes, identity: str, kind: Kind, row: sqlite3.Row) -> None:
    """One entry on read, against the link before it (two lookups, one MAC)."""
    seq = row[kind.seq]
    if type(seq) is not int or seq < 1:
        raise LedgerError(f"{FAILED}: {kind.describe(row, seq)} has no place in the chain")
    prev = link_at(db, seq - 1, identity)
    try:
        verify_link(key, prev, seq, kind, row)
        if kind is ROUND or kind in CLOSING:
            check_round(key, row)
    except _Bad as exc:
        raise LedgerError(f"{FAILED}: {kind.describe(row, seq)}{exc}") from None
