"""The ledger's reads of what happened: rounds (open, one by id, the history pages),
the side draws recorded against them, and the event log.

`LedgerReads` is the part of `store.Ledger` that only reads: every row is verified
against its links (audit.verify_row) before records.py decodes it, so an altered row
raises LedgerError naming it instead of reaching a screen. A storage error while
reading (`_read`) is a StorageError, a value a damaged file makes Python refuse (text
that is not UTF-8) a LedgerError, and like any LedgerError either leaves the ledger
refusing writes (`_fail`).
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Callable, TypeVar

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.records as records
from .chain import EVENT, ROUND, SETTLE, SIDE_DRAW, VOID
from .errors import LedgerError, StorageError
from .records import RoundRecord

T = TypeVar("T")
Event = tuple[int, str, dict[str, Any], float]      # (id, kind, detail, time)


def side_draw(row: sqlite3.Row) -> dict[str, Any]:
    """A side draws row as the pages and games read it (decoded, not verified here)."""
    return {"id": row["id"], "kind": row["kind"], "stake_cents": row["stake_cents"],
            "prize_cents": row["prize_cents"], "won": bool(row["won"]),
            "detail": records.detail(row, "side_draws"), "created_at": row["created_at"],
            "round_id": row["round_id"], "balance_before": row["balance_before"],
            "balance_after": row["balance_after"]}


class LedgerReads:
    """The reads of store.Ledger (connection.LedgerConnection owns the connection, store.Ledger every write)."""

    db: sqlite3.Connection
    path: Path
    key: bytes
    identity: str
    broken: str | None

    def _fail(self, exc: LedgerError) -> LedgerError:
        self.broken = self.broken or str(exc)
        return exc

    def _read(self, fn: Callable[[], T], doing: str) -> T:
        try:
            return fn()
        except sqlite3.Error as exc:
            raise self._fail(StorageError(doing, exc)) from None
        except LedgerError:
            raise
        except (ValueError, TypeError, OverflowError) as exc:     # a damaged file: text that is not UTF-8...
            said = " ".join(str(exc).split())[:300]
            raise self._fail(LedgerError(f"ledger {self.path} cannot be read: {doing} failed "
                                         f"({type(exc).__name__}: {said})")) from None

    # -- rounds ---------------------------------------------------------------------
    def _rounds(self, where: str, args: tuple = ()) -> list[RoundRecord]:
        """Rounds read back: each verified against its links, then decoded."""
        def read() -> list[RoundRecord]:
            out = []
            for row in self.db.execute(f"SELECT * FROM rounds {where}", args).fetchall():
                audit.verify_row(self.db, self.key, self.identity, ROUND, row)
                if row["settle_seq"] is not None:
                    audit.verify_row(self.db, self.key, self.identity, VOID if row["state"] == "voided" else SETTLE,
                                     row)
                out.append(records.round_record(row))
            return out
        return self._read(read, "reading rounds")

    def open_rounds(self) -> list[RoundRecord]:
        return self._rounds("WHERE state = 'open' ORDER BY id")

    def round(self, round_id: int) -> RoundRecord:
        found = self._rounds("WHERE id = ?", (round_id,))
        if not found:
            raise KeyError(f"round {round_id} is not in the ledger")
        return found[0]

    def history(self, limit: int = 100, game: str | None = None, since_seq: int = 0,
                before_id: int | None = None, closed: tuple[str, ...] = ("settled",)) -> list[RoundRecord]:
        """Closed rounds (settled; `closed` may add 'voided'), newest first: of one game,
        started after chain entry `since_seq` (a player session), older than `before_id`
        (the next page)."""
        where = [f"state IN ({', '.join('?' * len(closed))})", "seq > ?"]
        args: list[Any] = [*closed, since_seq]
        if game:
            where.append("game = ?")
            args.append(game)
        if before_id is not None:
            where.append("id < ?")
            args.append(before_id)
        return self._rounds(f"WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT ?", (*args, limit))

    def last_round(self) -> RoundRecord | None:
        """The newest round, whatever its state."""
        found = self._rounds("WHERE id = (SELECT MAX(id) FROM rounds)")
        return found[0] if found else None

    # -- side draws -------------------------------------------------------------------
    def _side_draws(self, where: str, args: tuple) -> list[sqlite3.Row]:
        """Side draws rows, each verified against its link."""
        def read() -> list[sqlite3.Row]:
            rows = self.db.execute(f"SELECT * FROM side_draws {where}", args).fetchall()
            for row in rows:
                audit.verify_row(self.db, self.key, self.identity, SIDE_DRAW, row)
            return rows
        return self._read(read, "reading side draws")

    def side_draws_of(self, round_id: int) -> list[dict[str, Any]]:
        """The gamble / spin-chance draws recorded against a round, oldest first."""
        return [side_draw(row) for row in self._side_draws("WHERE round_id = ? ORDER BY id", (round_id,))]

    def unfunded_side_draws(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        """Won side draws of `kind` that no round names as `funded_by` yet: (id, detail)."""
        rows = self._side_draws("WHERE kind = ? AND won = 1 AND id NOT IN (SELECT funded_by FROM rounds WHERE "
                                "funded_by IS NOT NULL) ORDER BY id", (kind,))
        return [(row["id"], records.detail(row, "side_draws")) for row in rows]

    def recent_side_draws(self, kinds: tuple[str, ...], limit: int = 10) -> list[dict[str, Any]]:
        """The last `limit` side draws of these kinds, newest first, each row verified:
        id, kind, stake_cents, prize_cents, won, detail (a game's record of results)."""
        if not kinds:
            return []
        marks = ", ".join("?" * len(kinds))
        return [side_draw(row) for row in self._side_draws(f"WHERE kind IN ({marks}) ORDER BY id DESC LIMIT ?",
                                                            (*kinds, int(limit)))]

    # -- the event log --------------------------------------------------------------------
    def events(self, limit: int = 100, kind: str | tuple[str, ...] | None = None,
               before_id: int | None = None) -> list[Event]:
        """(id, kind, detail, time) of the newest events (of a kind or kinds, older than
        `before_id`: the next page), newest first; each verified before it is decoded."""
        kinds = (kind,) if isinstance(kind, str) else tuple(kind or ())
        where: list[str] = []
        args: list[Any] = []
        if kinds:
            where.append(f"kind IN ({', '.join('?' * len(kinds))})")
            args += kinds
        if before_id is not None:
            where.append("id < ?")
            args.append(before_id)
        q = "SELECT * FROM events" + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY id DESC LIMIT ?"

        def read() -> list[Event]:
            out = []
            for row in self.db.execute(q, (*args, limit)).fetchall():
                audit.verify_row(self.db, self.key, self.identity, EVENT, row)
                out.append(event(row))
            return out
        return self._read(read, "reading events")


def event(row: sqlite3.Row) -> Event:
    """An events row decoded (not verified here)."""
    return row["id"], row["kind"], records.detail(row, "events"), row["created_at"]
