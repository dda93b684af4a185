"""The witness of the chain head: where the ledger stood after its last transaction,
outside the database, so that an older or another database is seen.

After every committed transaction the ledger writes (seq, link) of its head, with its
identity and whether it is running or was closed cleanly, MAC'd with the ledger's key,
to `<data_dir>/ledger.head` and, when configured, to `<ledger_witness>/ledger.head`
(a folder on another disk). At every open (a start, --audit, --meters) each witness
is compared with the database:

- its MAC must verify with the key and its identity be this ledger's (another cabinet's
  database and key, or a ledger from before a RAM CLEAR, is refused);
- the database's chain must hold the witness's link at the witness's seq (an older copy
  that was then played on forks the chain);
- the database may be ahead of the witness by the entries of its last transaction only
  (a stop between the COMMIT and the witness write; the head records where that
  transaction began), and never behind it (an older copy restored; a main file whose
  WAL was lost after an unclean stop: the witness says the cabinet was running);
- a witness may be missing only for a ledger that was just created (its first entry)
  or that was written before witnesses existed (its head has no transaction mark and
  no witness exists at all).

The file: two fixed 4096-byte slots, each a JSON record with a counter and its MAC,
written alternately in place (pwrite + fdatasync: one sync per commit and witness), so
a torn write spoils at most the slot being written and the other keeps the last good
head. The newest valid slot is the witness. Writers from several processes (a running
cabinet and `--audit`) take an flock around the read-modify-write, and a witness never
moves backwards. A reader takes a shared flock while it compares.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
from .chain import Head
from .errors import LedgerError

try:
    import fcntl
except ImportError:                  # not a POSIX system: no flock between writers
    fcntl = None  # type: ignore[assignment]

NAME = "ledger.head"
SLOT = 4096
FORMAT = 1
RUNNING, CLEAN = "running", "clean"
ROLLED = "ledger rolled back or replaced"


def local_path(ledger: Path) -> Path:
    """The witness in the ledger's own folder: ledger.sqlite -> ledger.head."""
    return ledger.with_suffix(".head")


def external_path(folder: Path) -> Path:
    return Path(folder) / NAME


@dataclass(frozen=True)
class Record:
    counter: int
    cabinet: str
    identity: str        # the ledger's identity MAC (its chain's link 0)
    seq: int
    link: str
    state: str           # RUNNING after a commit, CLEAN after a close
    at: float

    def body(self) -> bytes:
        return chain.canonical("witness", [FORMAT, self.counter, self.cabinet, self.identity, self.seq, self.link,
                                           self.state, self.at])

    def encode(self, key: bytes) -> bytes:
        d = {"format": FORMAT, "counter": self.counter, "cabinet": self.cabinet, "identity": self.identity,
             "seq": self.seq, "link": self.link, "state": self.state, "at": self.at,
             "mac": chain.mac(key, self.body())}
        text = json.dumps(d, separators=(",", ":")).encode("ascii")
        return text.ljust(SLOT - 1, b" ") + b"\n"

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.at))


BLANK = b" " * (SLOT - 1) + b"\n"


def _parse(raw: bytes, key: bytes) -> Record | None:
    """A slot's record, or None (blank, torn, or not MAC'd with this key)."""
    try:
        d = json.loads(raw.decode("ascii"))
        rec = Record(d["counter"], d["cabinet"], d["identity"], d["seq"], d["link"], d["state"], d["at"])
        if d["format"] != FORMAT or type(rec.counter) is not int or type(rec.seq) is not int or rec.seq < 0 \
                or rec.state not in (RUNNING, CLEAN) or not all(type(v) is str for v in (rec.cabinet, rec.identity,
                                                                                      rec.link)):
            return None
        if not chain.same(d["mac"], chain.mac(key, rec.body())):
            return None
    except (ValueError, KeyError, TypeError):
        return None
    return rec


def _newest(raw: bytes, key: bytes) -> tuple[int, Record] | None:
    found = [(i, r) for i in (0, 1) if (r := _parse(raw[i * SLOT:(i + 1) * SLOT], key)) is not None]
    return max(found, key=lambda f: f[1].counter) if found else None


def _lock(fd: int, shared: bool) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)


def read(path: Path, key: bytes, fd: int | None = None) -> Record | None:
    """The newest valid record (None: no file). LedgerError: a file no slot of which
    is valid with this key (another cabinet's witness, or altered)."""
    try:
        if fd is None:
            own = files.open_plain(path, os.O_RDONLY)
            try:
                raw = os.pread(own, 2 * SLOT, 0)
            finally:
                os.close(own)
        else:
            raw = os.pread(fd, 2 * SLOT, 0)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LedgerError(f"ledger witness {path} cannot be read: {exc.strerror or exc}") from None
    newest = _newest(raw, key)
    if newest is None:
        names = sorted({_named(raw[i * SLOT:(i + 1) * SLOT]) for i in (0, 1)} - {""})
        said = f" (it names ledger {', '.join(names)})" if names else ""
        raise LedgerError(f"{ROLLED}: the witness {path} was not written with this ledger's key{said}: another "
                          "cabinet's ledger and key are in its place, or the witness was altered")
    return newest[1]


def _named(raw: bytes) -> str:
    """The ledger a slot names, unverified (for the message only)."""
    try:
        name = json.loads(raw.decode("ascii"))["cabinet"]
    except (ValueError, KeyError, TypeError):
        return ""
    return name if isinstance(name, str) and name.isalnum() and len(name) <= 32 else ""


def create(path: Path, key: bytes, rec: Record) -> None:
    """A new witness file (a new ledger, a RAM CLEAR): written beside, synced, renamed."""
    tmp = files.sidecar(path, ".new")
    tmp.unlink(missing_ok=True)                          # never written through a planted link
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        os.write(fd, rec.encode(key) + BLANK)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    files.sync_dir(path.parent)


def write(path: Path, key: bytes, cabinet: str, identity: str, seq: int, link: str, state: str) -> None:
    """Record the head in the slot that does not hold the newest record (one fdatasync).
    A witness of this ledger already further on is left as it is (another process
    wrote it); one of another ledger is a LedgerError. A missing file is made again."""
    try:
        fd = files.open_plain(path, os.O_RDWR)
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise LedgerError(f"ledger witness folder {path.parent} is not there (a disk not mounted?)") from None
        create(path, key, Record(1, cabinet, identity, seq, link, state, time.time()))
        return
    try:
        _lock(fd, shared=False)
        newest = _newest(os.pread(fd, 2 * SLOT, 0), key)
        slot, counter = 0, 1
        if newest is not None:
            at, rec = newest
            if not chain.same(rec.identity, identity):
                raise LedgerError(f"{ROLLED}: the witness {path} now records another ledger ({rec.cabinet})")
            if rec.seq > seq or (rec.seq == seq and rec.link == link and rec.state == state):
                return
            slot, counter = 1 - at, rec.counter + 1
        os.pwrite(fd, Record(counter, cabinet, identity, seq, link, state, time.time()).encode(key), slot * SLOT)
        getattr(os, "fdatasync", os.fsync)(fd)
    finally:
        os.close(fd)


def check(db: sqlite3.Connection, key: bytes, identity: str, ledger: Path,
          paths: list[Path]) -> tuple[list[Path], Head, str]:
    """Compare every witness with the database (see the module's text). Returns the
    witnesses to write now (missing where allowed, or one transaction behind), the
    head compared and the cabinet id. LedgerError 'ledger rolled back or replaced:
    ...' naming what differs."""
    with ExitStack() as held:
        records: dict[Path, Record] = {}
        missing = []
        for p in paths:
            try:
                fd = files.open_plain(p, os.O_RDONLY)
            except FileNotFoundError:
                missing.append(p)
                continue
            except OSError as exc:
                raise LedgerError(f"ledger witness {p} cannot be read: {exc.strerror or exc}") from None
            held.callback(os.close, fd)
            _lock(fd, shared=True)
            rec = read(p, key, fd)
            if rec is None:
                missing.append(p)
            else:
                records[p] = rec
        db.execute("BEGIN")            # one picture of the database, taken after the witnesses were read
        try:
            head = audit.read_head(db, key)
            cabinet = str(db.execute("SELECT cabinet FROM identity WHERE id = 1").fetchone()[0])
            need = [p for p, rec in records.items() if _compare(db, rec, p, identity, cabinet, head, ledger)]
        finally:
            db.execute("COMMIT")
    if missing:
        just_made = head.seq == 1 and head.tx == 0
        before_witnesses = head.tx is None and not records
        if not (just_made or before_witnesses):
            raise LedgerError(f"{ROLLED}: the witness {missing[0]} of {ledger} is missing (it is written at every "
                              "commit; a witness folder set for an existing ledger takes effect at a RAM CLEAR)")
        need += missing
    return need, head, cabinet


def _compare(db: sqlite3.Connection, rec: Record, path: Path, identity: str, cabinet: str, head: Head,
             ledger: Path) -> bool:
    """One witness against the database; True: the database is one transaction ahead."""
    if not chain.same(rec.identity, identity):
        raise LedgerError(f"{ROLLED}: {ledger} is ledger {cabinet} but its witness {path} records ledger "
                          f"{rec.cabinet} (another cabinet's ledger, or one from before a RAM CLEAR)")
    if head.seq < rec.seq:
        wal = files.sidecar(ledger, "-wal")
        if rec.state == RUNNING and (not wal.exists() or wal.stat().st_size == 0):
            why = (f"its WAL file {wal.name} is missing after an unclean stop (the main file alone lacks the "
                   f"last {rec.seq - head.seq} entries)")
        else:
            why = "an older copy of the ledger was put in its place"
        raise LedgerError(f"{ROLLED}: {ledger} ends at chain entry {head.seq} but its witness {path} records entry "
                          f"{rec.seq} (written {rec.when()}): {why}")
    if not chain.same(audit.link_at(db, rec.seq, identity), rec.link):
        raise LedgerError(f"{ROLLED}: chain entry {rec.seq} of {ledger} is not the one its witness {path} records "
                          "(an older copy that was played on)")
    if head.seq > rec.seq and not (head.tx is not None and rec.seq == head.tx):
        raise LedgerError(f"{ROLLED}: {ledger} is {head.seq - rec.seq} entries ahead of its witness {path} (entry "
                          f"{rec.seq}); only its last transaction may be (a stop between its commit and the witness)")
    return head.seq > rec.seq
