"""The Ledger: the SQLite connection, its transactions, and every read and write.

Opening verifies before anything can be written: the files are checked (fresh,
present, or missing/replaced), then a read-only connection runs SQLite's integrity
check, compares the tables with the schema, checks the identity against the key and
checks the chain: from the seal the last start left (seal.py), or in full when asked
(`full_audit`: `main.py --audit`) or when there is no seal or it differs. Only a ledger
that passes gets a read-write connection; its first write (the power-up event) seals
the chain the start checked, so a start that then refuses (a round it cannot decode)
leaves the files as they were.

Every money movement is one transaction that first runs the incremental check (the
entries since the last one verified, the meters and the game states against the
MAC'd audit head), then appends its entry and advances the head. A failed check or a
storage error rolls the transaction back and leaves the ledger refusing all writes.
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.meters as meters
import cabinet.core.ledger.records as records
import cabinet.core.ledger.seal as seal
import cabinet.core.ledger.tables as tables
import cabinet.core.ledger.writer as writer
from .chain import CASH, EVENT, ROUND, SETTLE, SIDE_DRAW
from .history import LedgerReads
from .tables import RESULT_SHOWN
from .errors import InsufficientCredit, LedgerError, StorageError

EVENT_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")


class Ledger(LedgerReads):
    """Owns the SQLite connection (WAL, synchronous=FULL). Every mutator is one transaction;
    the reads of rounds, side draws and events are history.LedgerReads."""

    def __init__(self, path: str | Path, key_path: str | Path | None = None, *, create: bool = True,
                 full_audit: bool = False):
        """Open and verify the ledger (the start's check, or in full), or create it when
        neither it nor the key exists (and `create`). LedgerError: missing, replaced,
        unreadable or altered."""
        self.path = Path(path)
        self.key_path = Path(key_path) if key_path else self.path.with_name(files.KEY_NAME)
        self.broken: str | None = None
        self.created = False
        found = files.state(self.path, self.key_path)
        if found == "fresh":
            if not create:
                raise LedgerError(f"no ledger at {self.path}: this cabinet has not been started yet")
            self._create()
            self.created = True
        elif found == "resume":                     # the key was written, the rename was not
            os.replace(files.sidecar(self.path, ".new"), self.path)
        self.key = files.read_key(self.key_path)
        ro = self._connect("ro")
        try:
            self.identity, self.report, new_seal = self._verify(ro, full_audit)
        finally:
            ro.close()
        self.db = self._connect("rw")
        self._seal = new_seal            # put on the head by the first write (the next start walks from there)

    @classmethod
    def attach(cls, path: str | Path, key_path: str | Path | None = None) -> "Ledger":
        """A second connection to a ledger another Ledger verified (the checkpoint writer)."""
        self = cls.__new__(cls)
        self.path = Path(path)
        self.key_path = Path(key_path) if key_path else self.path.with_name(files.KEY_NAME)
        self.broken, self.created, self._seal = None, False, None
        self.report = audit.Report()          # nothing verified on this connection: the first one did
        self.key = files.read_key(self.key_path)
        self.db = self._connect("rw")
        self.identity = self._read(lambda: audit.read_identity(self.db, self.key, str(self.path),
                                                                str(self.key_path)), "opening the ledger")
        return self

    # -- files and connections ---------------------------------------------------
    def _connect(self, mode: str) -> sqlite3.Connection:
        uri = f"file:{urllib.parse.quote(str(self.path.resolve()))}?mode={mode}"
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10)
            db.row_factory = sqlite3.Row
            if mode == "ro":
                journal = db.execute("PRAGMA journal_mode").fetchone()[0]
                if journal != "wal":
                    db.close()
                    raise LedgerError(f"ledger missing or replaced: {self.path} is in {journal} mode, not the WAL "
                                      "mode this cabinet writes")
            else:
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            return db
        except sqlite3.Error as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {exc}") from None

    def _verify(self, db: sqlite3.Connection, full_audit: bool) -> tuple[str, audit.Report, chain.Seal | None]:
        try:
            problems = [r[0] for r in db.execute("PRAGMA integrity_check(4)") if not str(r[0]).startswith("***")]
            if problems != ["ok"]:
                said = "; ".join(" ".join(str(p).split()) for p in problems[:2]) or "no answer"
                raise LedgerError(f"ledger {self.path} failed SQLite's integrity check: {said}")
            tables.check(db, str(self.path))
            identity = audit.read_identity(db, self.key, str(self.path), str(self.key_path))
            report, new_seal = seal.start(db, self.key, identity, full_audit)
            return identity, report, new_seal
        except sqlite3.Error as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {exc}") from None

    def _create(self) -> None:
        """Build the database beside its final name, write the key, then rename: a
        crash leaves either nothing, or a complete database and key."""
        tmp = files.sidecar(self.path, ".new")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        key = files.new_key()
        writer.create(tmp, key)
        files.write_key(self.key_path, key)
        os.replace(tmp, self.path)
        files.sync_dir(self.path.parent)

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    # -- transactions -------------------------------------------------------------
    @contextmanager
    def _writing(self, doing: str) -> Iterator[writer.Writer]:
        """One transaction: the incremental check, the caller's entries, the head."""
        if self.broken:
            raise LedgerError(self.broken)
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
        """Move the events kept outside the ledger (files.add_pending) into the log."""
        moved = 0
        for item in files.pending(data_dir):
            detail = {**item["detail"], "recorded_outside_ledger_at": item.get("at"), "pending_id": item.get("id")}
            text = json.dumps(detail, sort_keys=True, default=str)
            seen = self._read(lambda: self.db.execute("SELECT 1 FROM events WHERE kind = ? AND detail = ?",
                                                      (item["kind"], text)).fetchone(), "reading events")
            if seen is None and EVENT_KIND.fullmatch(item["kind"]):
                self.log_event(item["kind"], detail)
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
        return self.meter("balance")

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
                  detail: dict[str, Any] | None = None) -> tuple["Ledger", Path]:
        """The operator's RAM CLEAR: move the old files (untouched) into a ramclear-<time>
        folder, create a fresh ledger and key, and log the clear in it. Close every
        connection to the old ledger first."""
        path = Path(path)
        key_path = Path(key_path) if key_path else path.with_name(files.KEY_NAME)
        folder = files.back_up(path, key_path)
        fresh = Ledger(path, key_path)
        fresh.log_event("ram_clear", {"backup": folder.name, **(detail or {})})
        return fresh, folder
