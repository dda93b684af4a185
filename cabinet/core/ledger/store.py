"""The Ledger: its transactions and every write (the files, the connection and the
checks on opening are connection.py's LedgerConnection; the reads history.py's).

Every money movement is one transaction that first runs the incremental check (the
entries since the last one verified, the meters and the game states against the
MAC'd audit head), then appends its entry and advances the head; once committed, the
new head is written to the witnesses. A failed check or a storage error rolls the
transaction back and leaves the ledger refusing all writes.
"""
from __future__ import annotations

import json
import re
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
from cabinet.core.i18n import N_, Message
import cabinet.core.ledger.instance as instance
import cabinet.core.ledger.meters as meters
import cabinet.core.ledger.records as records
import cabinet.core.ledger.seal as seal
import cabinet.core.ledger.witness as witness
import cabinet.core.ledger.witness as _witness
import cabinet.core.ledger.writer as writer
from .chain import CASH, EVENT, ROUND, SETTLE, SIDE_DRAW
from .connection import LedgerConnection
from .tables import RESULT_SHOWN
from .errors import InsufficientCredit, LedgerError, StorageError

EVENT_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")


class Ledger(LedgerConnection):
    """Every mutator is one transaction; opening, the connection and closing are
    connection.LedgerConnection's, the reads of rounds, side draws and events
    history.LedgerReads'."""

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
        """The full audit, on this connection (nothing is written), of one picture of the
        database: a read transaction, so a commit another connection (the app's ledger
        writer) makes meanwhile cannot put an entry between the head it read and the chain
        it walks (a false "altered" lock). LedgerError if it fails."""
        def snapshot() -> audit.Report:
            if self.db.in_transaction:
                return audit.full(self.db, self.key, self.identity)
            self.db.execute("BEGIN")
            try:
                return audit.full(self.db, self.key, self.identity)
            finally:
                self.db.execute("ROLLBACK")
        try:
            self.report = self._read(snapshot, "auditing the ledger")
        except LedgerError as exc:
            raise self._fail(exc) from None
        return self.report

    def audit(self) -> tuple[bool, str]:
        """The full audit as (ok, message naming the first bad row)."""
        try:
            return True, Message(N_("ok: {summary}"), summary=self.verify().summary())
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
