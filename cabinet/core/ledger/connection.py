"""The ledger's files and SQLite connection: opening, verifying, closing.

Opening verifies before anything can be written: the files are checked (fresh,
present, or missing/replaced), then a read-only connection runs SQLite's integrity
check, compares the tables with the schema, checks the identity against the key and
checks the chain: from the seal the last start left (seal.py), or in full when asked
(`full_audit`: `main.py --audit`) or when there is no seal or it differs. Only a ledger
that passes gets a read-write connection; its first write (the power-up event) seals
the chain the start checked, so a start that then refuses (a round it cannot decode)
leaves the files as they were.

Opening also compares the database with its witnesses (witness.py: rolled back,
replaced, or a WAL lost), and a cabinet's ledger (`exclusive`) holds the data folder's
single-instance lock (instance.py). Anything a damaged file makes SQLite or Python
raise while opening is a LedgerError.

`LedgerConnection` is the part of store.Ledger that owns the files and the
connection; store.py adds the transactions and every write.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Callable, TypeVar

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.instance as instance
import cabinet.core.ledger.seal as seal
import cabinet.core.ledger.tables as tables
import cabinet.core.ledger.witness as witness
import cabinet.core.ledger.writer as writer
from .history import LedgerReads
from .errors import LedgerError, StorageError

T = TypeVar("T")
C = TypeVar("C", bound="LedgerConnection")


class LedgerConnection(LedgerReads):
    """Opens and verifies the ledger, owns its SQLite connection (WAL,
    synchronous=FULL) and its witnesses, and closes it (store.Ledger writes)."""


    _instance: str | None
    witness_folder: Path | None

    def __init__(self, path: str | Path, key_path: str | Path | None = None, *, create: bool = True,
                 full_audit: bool = False, witness: str | Path | None = None, protect_key: bool = False,
                 exclusive: bool = False, read_only: bool = False, cleared: bool = False):
        """Open and verify the ledger (the start's check, or in full) and compare it with
        its witnesses, or create it when nothing of a ledger exists (and `create`).
        LedgerError: missing, replaced, rolled back, unreadable or altered.

        `key_path`: the key (None for both it and `witness`: those the folder's cabinet
        ledger was opened with in this process, else <folder>/cabinet.key); `witness`:
        the folder of the second witness (None: none); `protect_key`: refuse a key file
        that others could replace (real play); `exclusive`: a cabinet's ledger: hold the
        data folder's single-instance lock (instance.py) and register the key and
        witness for the folder (files.remember); `read_only`: write nothing, not even a -shm file
        (--audit of an evidence copy in a read-only folder); `cleared`: a RAM CLEAR's
        fresh ledger (the old witnesses are overwritten, not traces)."""
        self.path = Path(path)
        given = key_path is not None or witness is not None
        known_key, known_witness = files.trust_of(self.path.parent) if not given else (None, None)
        self.key_path = Path(key_path) if key_path else (known_key or self.path.with_name(files.KEY_NAME))
        self.witness_folder = Path(witness) if witness is not None else known_witness
        if exclusive:                   # a cabinet's: its checkpoint writer and pending events use the same
            files.remember(self.path.parent, self.key_path, self.witness_folder)
        self._setup(read_only)
        if exclusive and not read_only:
            self._instance = instance.acquire(self.path.parent)
        try:
            self._open(create, full_audit, protect_key, cleared)
        except BaseException:
            self._release()
            raise

    def _setup(self, read_only: bool) -> None:
        self.witnesses = [witness.local_path(self.path)]
        if self.witness_folder is not None:
            self.witnesses.append(witness.external_path(self.witness_folder))
        self.read_only = read_only
        self.broken: str | None = None
        self.created = False
        self.cabinet = ""
        self.previous_keys: list[bytes] = []     # a RAM CLEAR's old key: its pending events still verify
        self._instance = None
        self._closed = False
        self._copy: Path | None = None            # read-only: a temporary copy SQLite can open
        self._last: tuple[int, str] | None = None  # the head this connection last saw (for the clean witness)
        self._seal: chain.Seal | None = None
        self._balance: int | None = None          # the balance meter as last read (None: read it again)

    def _open(self, create: bool, full_audit: bool, protect_key: bool, cleared: bool) -> None:
        folder = self.witness_folder
        if folder is not None and not folder.is_dir():
            raise LedgerError(f"ledger witness folder {folder} is not there (a disk not mounted?); config "
                              "ledger_witness must name an existing folder")
        if protect_key:
            problem = files.key_protection_problem(self.key_path)
            if problem:
                raise LedgerError(f"ledger key {self.key_path} is not protected: {problem}; {files.KEY_RULE}")
        found = files.state(self.path, self.key_path, self.witnesses, cleared)
        if found == "fresh":
            if not create or self.read_only:
                raise LedgerError(f"no ledger at {self.path}: this cabinet has not been started yet")
            self._create()
            self.created = True
        elif found == "resume":                     # the database was built, its rename did not happen
            if self.read_only:
                raise LedgerError(f"ledger {self.path} was being created ({self.path.name}.new is there): a start "
                                  "finishes it")
            os.replace(files.sidecar(self.path, ".new"), self.path)
        self.key = files.read_key(self.key_path)
        ro = self._connect("ro")
        try:
            self.identity, self.report, new_seal = self._guard(lambda: self._verify(ro, full_audit))
            need, head, self.cabinet = self._guard(lambda: witness.check(ro, self.key, self.identity, self.path,
                                                                         self.witnesses))
        except BaseException:
            ro.close()
            raise
        self._last = (head.seq, head.link)
        if self.read_only:
            self.db = ro
            return
        ro.close()
        self.db = self._connect("rw")
        self._seal = new_seal            # put on the head by the first write (the next start walks from there)
        if need:                         # a new or older ledger's first witness, or one transaction behind
            self._witness(witness.RUNNING, need)

    @classmethod
    def attach(cls: type[C], path: str | Path, key_path: str | Path | None = None) -> C:
        """A second connection to a ledger another Ledger verified (the checkpoint writer)."""
        self = cls.__new__(cls)
        self.path = Path(path)
        known_key, self.witness_folder = files.trust_of(self.path.parent)
        self.key_path = Path(key_path) if key_path else (known_key or self.path.with_name(files.KEY_NAME))
        self._setup(False)
        self.report = audit.Report()          # nothing verified on this connection: the first one did
        self.key = files.read_key(self.key_path)
        self.db = self._connect("rw")
        self.identity = self._read(lambda: audit.read_identity(self.db, self.key, str(self.path),
                                                                str(self.key_path)), "opening the ledger")
        self.cabinet = self._read(lambda: str(self.db.execute("SELECT cabinet FROM identity").fetchone()[0]),
                                  "opening the ledger")
        return self

    # -- files and connections ---------------------------------------------------
    def _guard(self, fn: Callable[[], T]) -> T:
        """Opening and verifying: whatever a damaged file makes SQLite or Python raise
        (a flipped byte in the schema text is a UnicodeDecodeError) is a LedgerError."""
        try:
            return fn()
        except LedgerError:
            raise
        except sqlite3.Error as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {one_line(exc)}") from None
        except Exception as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {type(exc).__name__}: {one_line(exc)}") from None

    def _writable(self) -> bool:
        return os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK)

    def _source(self) -> tuple[Path, str]:
        """(the file to open, extra URI parameters) for a read-only open: in a folder
        this process cannot write, SQLite cannot make the -shm file, so a ledger closed
        cleanly (no WAL) is opened immutable, one whose WAL and -shm are there as they
        are, and one with a WAL but no -shm from a temporary copy of both."""
        if not self.read_only or self._writable():
            return self.path, ""
        wal, shm = files.sidecar(self.path, "-wal"), files.sidecar(self.path, "-shm")
        if not wal.exists() or wal.stat().st_size == 0:
            return self.path, "&immutable=1"
        if shm.exists():
            return self.path, ""
        if self._copy is None:
            self._copy = Path(tempfile.mkdtemp(prefix="ledger-audit-"))
            for f in (self.path, wal):
                shutil.copyfile(f, self._copy / f.name)
        return self._copy / self.path.name, ""

    def _connect(self, mode: str) -> sqlite3.Connection:
        try:
            source, extra = self._source() if mode == "ro" else (self.path, "")
        except OSError as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {exc.strerror or exc}") from None
        uri = f"file:{urllib.parse.quote(str(source.resolve()))}?mode={mode}{extra}"
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10)
            db.row_factory = sqlite3.Row
            if mode == "ro":
                journal = _journal(source) if "immutable" in extra else db.execute("PRAGMA journal_mode").fetchone()[0]
                if journal != "wal":
                    db.close()
                    raise LedgerError(f"ledger missing or replaced: {self.path} is in {journal} mode, not the WAL "
                                      "mode this cabinet writes")
            else:
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            return db
        except sqlite3.Error as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {one_line(exc)}") from None
        except (ValueError, OSError) as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {type(exc).__name__}: {one_line(exc)}") from None

    def _verify(self, db: sqlite3.Connection, full_audit: bool) -> tuple[str, audit.Report, chain.Seal | None]:
        problems = [r[0] for r in db.execute("PRAGMA integrity_check(4)") if not str(r[0]).startswith("***")]
        if problems != ["ok"]:
            said = "; ".join(" ".join(str(p).split()) for p in problems[:2]) or "no answer"
            raise LedgerError(f"ledger {self.path} failed SQLite's integrity check: {said}")
        tables.check(db, str(self.path))
        identity = audit.read_identity(db, self.key, str(self.path), str(self.key_path))
        report, new_seal = seal.start(db, self.key, identity, full_audit)
        return identity, report, new_seal

    def _create(self) -> None:
        """Build the database beside its final name, write the key (unless the
        operator's is there) and the witnesses, then rename: a crash leaves either no
        database, or a complete one with its key."""
        tmp = files.sidecar(self.path, ".new")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            given = not files.own_key(self.path, self.key_path) and self.key_path.exists()
            key = files.read_key(self.key_path) if given else files.new_key()
            self.cabinet, identity, head = writer.create(tmp, key)
            if not given:
                files.write_key(self.key_path, key)
            made = witness.Record(1, self.cabinet, identity, head.seq, head.link, witness.RUNNING, time.time())
            for w in self.witnesses:
                witness.create(w, key, made)
            os.replace(tmp, self.path)
        except (OSError, sqlite3.Error) as exc:
            raise LedgerError(
                f"ledger {self.path} cannot be created: {getattr(exc, 'strerror', None) or exc}"
            ) from None
        files.sync_dir(self.path.parent)

    def _witness(self, state: str, paths: list[Path] | None = None) -> None:
        """Record the head this connection last wrote (or opened) in the witnesses."""
        if self._last is None:
            return
        try:
            for w in self.witnesses if paths is None else paths:
                witness.write(w, self.key, self.cabinet, self.identity, *self._last, state)
        except OSError as exc:
            raise self._fail(StorageError("writing the ledger's witness", exc)) from None
        except LedgerError as exc:
            raise self._fail(exc) from None

    def close(self) -> None:
        """Close the connection; a ledger that closed without a WAL left behind (the main
        file holds every entry) is witnessed as stopped cleanly."""
        if getattr(self, "_closed", False):
            return
        self._closed = True
        if not self.read_only and self.broken is None and self._last is not None:
            try:        # the newest head: another connection of this process (the writer) may have written since
                head = audit.read_head(self.db, self.key)
                if head.seq >= self._last[0]:
                    self._last = (head.seq, head.link)
            except (sqlite3.Error, LedgerError):
                pass
        try:
            self.db.close()
        except sqlite3.Error:
            pass
        if not self.read_only and self.broken is None:
            wal = files.sidecar(self.path, "-wal")
            if not wal.exists() or wal.stat().st_size == 0:
                try:
                    self._witness(witness.CLEAN)
                except LedgerError:
                    pass
        self._release()

    def _release(self) -> None:
        instance.release(self._instance)
        self._instance = None
        if self._copy is not None:
            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception's text on one line (SQLite quotes schema text, newlines included)."""
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _journal(path: Path) -> str:
    """The journal mode a database file's header records (bytes 18-19: 1 rollback, 2 WAL)."""
    with open(path, "rb") as f:
        header = f.read(20)
    if len(header) < 20 or header[:16] != b"SQLite format 3\x00":
        raise ValueError("not an SQLite database")
    return "wal" if header[18] == 2 and header[19] == 2 else "delete"
