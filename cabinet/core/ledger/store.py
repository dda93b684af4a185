"""The Ledger: the SQLite connection, its transactions, and every read and write.

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

Every money movement is one transaction that first runs the incremental check (the
entries since the last one verified, the meters and the game states against the
MAC'd audit head), then appends its entry and advances the head; once committed, the
new head is written to the witnesses. A failed check or a storage error rolls the
transaction back and leaves the ledger refusing all writes.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import tempfile
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.instance as instance
import cabinet.core.ledger.meters as meters
import cabinet.core.ledger.records as records
import cabinet.core.ledger.seal as seal
import cabinet.core.ledger.tables as tables
import cabinet.core.ledger.witness as witness
import cabinet.core.ledger.witness as _witness
import cabinet.core.ledger.writer as writer
from .chain import CASH, EVENT, ROUND, SETTLE, SIDE_DRAW
from .history import LedgerReads
from .tables import RESULT_SHOWN
from .errors import InsufficientCredit, LedgerError, StorageError

EVENT_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
T = TypeVar("T")


class Ledger(LedgerReads):
    """Owns the SQLite connection (WAL, synchronous=FULL). Every mutator is one transaction;
    the reads of rounds, side draws and events are history.LedgerReads."""

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
    def attach(cls, path: str | Path, key_path: str | Path | None = None) -> "Ledger":
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

    # -- transactions -------------------------------------------------------------
    @contextmanager
    def _writing(self, doing: str) -> Iterator[writer.Writer]:
        """One transaction: the incremental check, the caller's entries, the head."""
        if self.broken:
            raise LedgerError(self.broken)
        self._balance = None
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._fail(StorageError(doing, exc)) from None
        try:
            head = audit.read_head(self.db, self.key)
            audit.tail(self.db, self.key, head)
            if self._seal is not None:                # the start's check, sealed with its first write
                seal.reseal(head, self._seal)
                self._seal = None
            appending = writer.Writer(self.db, self.key, head)
            yield appending
            appending.finish()
            self.db.execute("COMMIT")
        except BaseException as exc:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(exc, sqlite3.Error):
                raise self._fail(StorageError(doing, exc)) from None
            if isinstance(exc, LedgerError):
                self._fail(exc)
            raise
        finally:
            self._balance = None         # read again after this transaction (committed or not)
        if appending.head.seq != appending.began:     # committed: now the witnesses (one sync each)
            self._last = (appending.head.seq, appending.head.link)
            self._witness(witness.RUNNING)

    # -- cash -------------------------------------------------------------------
    def deposit(self, cents: int) -> None:
        """Credits in (a demo top-up or a note accepted)."""
        if type(cents) is not int or cents <= 0:
            raise ValueError("a deposit must be a positive whole number of cents")
        self._cash("in", cents)

    def cash_out(self, cents: int) -> None:
        self._cash("out", cents)

    def _cash(self, kind: str, cents: int, event: tuple[str, dict[str, Any]] | None = None) -> tuple[int, int]:
        """One cash movement ('in', 'out' or 'handpay'), with an event naming it (its
        detail gets the cash row's id) in the same transaction. Returns (cash id,
        event id or 0)."""
        with self._writing(f"recording cash {kind}") as w:
            if kind != "in" and not 0 < cents <= w.balance:
                raise InsufficientCredit(f"cannot pay out {cents}: balance is {w.balance}")
            after = w.balance + (cents if kind == "in" else -cents)
            cid = w.next_id("cash")
            w.append(CASH, {"id": cid, "kind": kind, "cents": cents, "created_at": time.time(),
                            "balance_before": w.balance, "balance_after": after})
            eid = self._append_event(w, event[0], {**event[1], "cash_id": cid}) if event else 0
            return cid, eid

    # -- rounds -------------------------------------------------------------------
    def open_round(self, game: str, mode: str, bet_cents: int, cost_cents: int, outcome: dict[str, Any],
                   payout_x100: int, win_cents: int, capped: bool, features: tuple[str, ...] | list[str],
                   funded_by: int | None = None) -> int:
        """Debit the cost and record the round with the win it will pay. Returns its id."""
        with self._writing("starting a round") as w:
            if cost_cents > w.balance:
                raise InsufficientCredit(f"the round costs {cost_cents} and the balance is {w.balance}")
            rid = w.next_id("rounds")
            w.append(ROUND, {
                "id": rid, "game": game, "mode": mode, "bet_cents": int(bet_cents), "cost_cents": int(cost_cents),
                "outcome": json.dumps(outcome), "payout_x100": int(payout_x100), "win_cents": int(win_cents),
                "capped": int(bool(capped)), "features": json.dumps(list(features)), "state": "open",
                "checkpoint": 0, "checkpoint_mac": chain.checkpoint_mac(self.key, rid, 0),
                "balance_before": w.balance, "started_at": time.time(),
                "funded_by": None if funded_by is None else int(funded_by)})
            return rid

    def checkpoint(self, round_id: int, step: int) -> None:
        """Record how far the presentation got (only ever forward). Not a chain entry:
        the step carries its own MAC (see chain.checkpoint_mac). After the settlement
        only RESULT_SHOWN is recorded: the player has seen the result (celebration
        included), so a restart need not show it again."""
        if self.broken:
            raise LedgerError(self.broken)
        step = int(step)
        self._read(lambda: self.db.execute(
            "UPDATE rounds SET checkpoint = ?, checkpoint_mac = ? WHERE id = ? AND checkpoint < ? AND "
            "(state = 'open' OR (state = 'settled' AND ? = ?))",
            (step, chain.checkpoint_mac(self.key, int(round_id), step), round_id, step, step, RESULT_SHOWN)),
            "saving a checkpoint")

    def settle_round(self, round_id: int, game_state: dict[str, Any] | None = None) -> int:
        """Credit the round's win once; a second call pays nothing. Returns the win paid now."""
        with self._writing(f"settling round {round_id}") as w:
            row = self.db.execute("SELECT * FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise LedgerError(f"{audit.FAILED}: round {round_id} is not in the ledger")
            if row["state"] != "open":          # settled (paid once) or voided (refunded): nothing more
                return 0
            audit.verify_row(self.db, self.key, self.identity, ROUND, row)   # pays the win recorded at the start
            win = row["win_cents"]
            w.append(SETTLE, {**dict(row), "state": "settled", "balance_after": w.balance + win,
                              "settled_at": time.time()})
            if game_state is not None:
                w.set_state(row["game"], game_state)
            return win

    # -- side draws (gamble, spin chance) -------------------------------------------
    def side_draw(self, kind: str, stake_cents: int, prize_cents: int, won: bool,
                  detail: dict[str, Any], round_id: int | None = None) -> int:
        """Record and apply a gamble / spin-chance draw in one transaction, before it is shown."""
        with self._writing(f"recording a {kind} draw") as w:
            if stake_cents > w.balance or stake_cents < 0:
                raise InsufficientCredit(f"stake {stake_cents} exceeds the balance {w.balance}")
            sid = w.next_id("side_draws")
            paid = prize_cents if won else 0
            w.append(SIDE_DRAW, {"id": sid, "round_id": round_id, "kind": kind, "stake_cents": int(stake_cents),
                                 "prize_cents": int(prize_cents), "won": int(bool(won)), "detail": json.dumps(detail),
                                 "created_at": time.time(), "balance_before": w.balance,
                                 "balance_after": w.balance - stake_cents + paid})
            return sid

    # -- the event log ------------------------------------------------------------------
    def log_event(self, kind: str, detail: dict[str, Any] | None = None) -> int:
        """Append an event (power_up, recovery, audit, lock, ram_clear, ...) to the
        chain. `kind`: lower-case letters, digits, _; `detail`: a JSON object."""
        if type(kind) is not str or not EVENT_KIND.fullmatch(kind):
            raise ValueError(f"event kind {kind!r} must be 1-40 lower-case letters, digits or _")
        json.dumps(detail or {}, sort_keys=True, default=str)       # not JSON: refused before the transaction
        with self._writing(f"logging {kind}") as w:
            return self._append_event(w, kind, detail or {})

    def _append_event(self, w: writer.Writer, kind: str, detail: dict[str, Any]) -> int:
        """An event entry inside a transaction already open (with the money it names)."""
        if type(kind) is not str or not EVENT_KIND.fullmatch(kind):
            raise ValueError(f"event kind {kind!r} must be 1-40 lower-case letters, digits or _")
        eid = w.next_id("events")
        w.append(EVENT, {"id": eid, "kind": kind, "detail": json.dumps(detail, sort_keys=True, default=str),
                         "created_at": time.time()})
        return eid

    def import_pending(self, data_dir: Path) -> int:
        """Move the events kept outside the ledger (files.add_pending) into the log, each
        as its MAC allows (files.pending: a line without a valid MAC is logged as
        `pending_forged`, never as the kind it claims); a line imported before (the same
        kind and detail, its id included) is not imported again."""
        moved = 0
        for kind, detail in files.pending(data_dir, [self.key, *self.previous_keys]):
            text = json.dumps(detail, sort_keys=True, default=str)
            seen = self._read(lambda: self.db.execute("SELECT 1 FROM events WHERE kind = ? AND detail = ?",
                                                      (kind, text)).fetchone(), "reading events")
            if seen is None and EVENT_KIND.fullmatch(kind):
                self.log_event(kind, detail)
                moved += 1
        files.clear_pending(data_dir)
        return moved

    # -- persistent game state (e.g. feature pot levels) --------------------------
    def game_state(self, game: str) -> dict[str, Any]:
        def read():
            audit.check_states(self.db, audit.read_head(self.db, self.key).states)
            return records.game_state(self.db.execute("SELECT * FROM game_state WHERE game = ?", (game,)).fetchone())
        try:
            return self._read(read, "reading game state")
        except LedgerError as exc:
            raise self._fail(exc) from None

    def set_game_state(self, game: str, state: dict[str, Any]) -> None:
        with self._writing(f"saving {game}'s state") as w:
            w.set_state(game, state)

    # -- meters and audit ----------------------------------------------------------------
    def meter(self, name: str) -> int:
        row = self._read(lambda: self.db.execute("SELECT value FROM meters WHERE name = ?", (name,)).fetchone(),
                         "reading the meters")
        if row is None or type(row[0]) is not int:
            raise self._fail(LedgerError(f"{audit.FAILED}: meter {name} is missing or not a whole number"))
        return row[0]

    @property
    def balance(self) -> int:
        """The balance meter; read from the database once after each transaction of this
        connection (`forget_balance` after another connection's), not at every frame."""
        if self._balance is None:
            self._balance = self.meter("balance")
        return self._balance

    def forget_balance(self) -> None:
        """Another connection of this process (the writer thread's) moved money."""
        self._balance = None

    def meter_table(self) -> dict[str, int]:
        """The meters table as it stands (held to the audit head at every movement)."""
        return self._read(lambda: dict(audit.meters(self.db)), "reading the meters")

    def meters(self) -> dict[str, Any]:
        """The lifetime meters, per game and mode too (cabinet/core/ledger/meters.py)."""
        return meters.lifetime(self)

    def verify(self) -> audit.Report:
        """The full audit, on this connection (nothing is written). LedgerError if it fails."""
        try:
            self.report = self._read(lambda: audit.full(self.db, self.key, self.identity), "auditing the ledger")
        except LedgerError as exc:
            raise self._fail(exc) from None
        return self.report

    def audit(self) -> tuple[bool, str]:
        """The full audit as (ok, message naming the first bad row)."""
        try:
            return True, f"ok: {self.verify().summary()}"
        except LedgerError as exc:
            return False, str(exc)

    @staticmethod
    def ram_clear(path: str | Path, key_path: str | Path | None = None,
                  detail: dict[str, Any] | None = None, *, witness: str | Path | None = None,
                  protect_key: bool = False, exclusive: bool = False) -> tuple["Ledger", Path]:
        """The operator's RAM CLEAR: move the old files (untouched) into a ramclear-<time>
        folder, create a fresh ledger (and key, unless it is the operator's, which is
        kept) with new witnesses, and log the clear in it. Close every connection to the
        old ledger first."""
        path = Path(path)
        given = key_path is not None or witness is not None
        known_key, known_witness = files.trust_of(path.parent) if not given else (None, None)
        key_path = Path(key_path) if key_path else (known_key or path.with_name(files.KEY_NAME))
        known_witness = Path(witness) if witness is not None else known_witness
        if known_witness is not None and not known_witness.is_dir():     # before anything is moved
            raise LedgerError(f"ledger witness folder {known_witness} is not there (a disk not mounted?); config "
                              "ledger_witness must name an existing folder")
        problem = files.key_protection_problem(key_path) if protect_key else None
        if problem:
            raise LedgerError(f"ledger key {key_path} is not protected: {problem}; {files.KEY_RULE}")
        old_keys = []
        try:
            old_keys.append(files.read_key(key_path))
        except LedgerError:
            pass
        handle = instance.acquire(path.parent) if exclusive else None
        try:
            witnesses = [_witness.local_path(path)]
            if known_witness is not None:
                witnesses.append(_witness.external_path(known_witness))
            folder = files.back_up(path, key_path if files.own_key(path, key_path) else None, witnesses)
            fresh = Ledger(path, key_path, witness=known_witness, protect_key=protect_key, exclusive=exclusive,
                           cleared=True)
        finally:
            instance.release(handle)
        fresh.previous_keys = [k for k in old_keys if k != fresh.key]
        fresh.log_event("ram_clear", {"backup": folder.name, **(detail or {})})
        return fresh, folder


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
