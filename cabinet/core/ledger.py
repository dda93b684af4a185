"""The ledger: every cent and every round, in SQLite (WAL, synchronous=FULL).

One transaction debits a bet and records its round (with the outcome id that
regenerates it and the win it will pay) before anything is shown; presentation
progress is checkpointed; one transaction credits the win. Gamble and spin-chance
draws are recorded and applied in one transaction before they are shown.

Meters (all integers): balance, credits_in, credits_out, total_bet (round costs;
gamble stakes excluded), total_won, side_staked / side_won (gamble and spin chance),
games_played, games_won. The audit identity is
    balance == credits_in - credits_out - total_bet + total_won - side_staked + side_won
and the meters must agree with the rounds and side-draw tables they summarise.
"""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

METERS = ("balance", "credits_in", "credits_out", "total_bet", "total_won",
          "side_staked", "side_won", "games_played", "games_won")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL, mode TEXT NOT NULL,
    bet_cents INTEGER NOT NULL, cost_cents INTEGER NOT NULL,
    outcome TEXT NOT NULL, payout_x100 INTEGER NOT NULL, win_cents INTEGER NOT NULL,
    capped INTEGER NOT NULL, features TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'settled')),
    checkpoint INTEGER NOT NULL DEFAULT 0,
    balance_before INTEGER NOT NULL, balance_after INTEGER,
    started_at REAL NOT NULL, settled_at REAL,
    funded_by INTEGER
);
CREATE INDEX IF NOT EXISTS rounds_state ON rounds(state);
CREATE TABLE IF NOT EXISTS side_draws (
    id INTEGER PRIMARY KEY, round_id INTEGER, kind TEXT NOT NULL,
    stake_cents INTEGER NOT NULL, prize_cents INTEGER NOT NULL, won INTEGER NOT NULL,
    detail TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS cash (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('in', 'out')),
    cents INTEGER NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS game_state (game TEXT PRIMARY KEY, state TEXT NOT NULL);
"""


class LedgerError(RuntimeError):
    """The database cannot be trusted or read; the cabinet locks and leaves it untouched."""


class InsufficientCredit(ValueError):
    pass


@dataclass(frozen=True)
class RoundRecord:
    id: int
    game: str
    mode: str
    bet_cents: int
    cost_cents: int
    outcome: dict[str, Any]
    payout_x100: int
    win_cents: int
    capped: bool
    features: tuple[str, ...]
    state: str
    checkpoint: int
    balance_before: int
    balance_after: int | None
    started_at: float
    settled_at: float | None
    funded_by: int | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> "RoundRecord":
        d = dict(row)
        d["outcome"] = json.loads(d["outcome"])
        d["features"] = tuple(json.loads(d["features"]))
        d["capped"] = bool(d["capped"])
        return cls(**d)


class Ledger:
    """Owns the SQLite connection. Every public mutator is one transaction."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), isolation_level=None, timeout=10)
            self.db.row_factory = sqlite3.Row
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            ok = self.db.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise LedgerError(f"ledger {self.path} failed its integrity check: {ok}")
            self.db.executescript(SCHEMA)
            with self._tx():
                for m in METERS:
                    self.db.execute("INSERT OR IGNORE INTO meters VALUES (?, 0)", (m,))
        except sqlite3.DatabaseError as exc:
            raise LedgerError(f"ledger {self.path} cannot be read: {exc}") from None

    # -- plumbing ---------------------------------------------------------------
    class _Tx:
        def __init__(self, db: sqlite3.Connection):
            self.db = db

        def __enter__(self):
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type, exc, tb):
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")
            return False

    def _tx(self) -> "Ledger._Tx":
        return Ledger._Tx(self.db)

    def _add(self, **deltas: int) -> None:
        for name, delta in deltas.items():
            self.db.execute("UPDATE meters SET value = value + ? WHERE name = ?", (int(delta), name))

    def meter(self, name: str) -> int:
        return int(self.db.execute("SELECT value FROM meters WHERE name = ?", (name,)).fetchone()[0])

    @property
    def balance(self) -> int:
        return self.meter("balance")

    def close(self) -> None:
        self.db.close()

    # -- cash -----------------------------------------------------------------
    def deposit(self, cents: int) -> None:
        """Credits in (a demo top-up or a note accepted)."""
        if cents <= 0:
            raise ValueError("a deposit must be positive")
        with self._tx():
            self.db.execute("INSERT INTO cash (kind, cents, created_at) VALUES ('in', ?, ?)", (cents, time.time()))
            self._add(balance=cents, credits_in=cents)

    def cash_out(self, cents: int) -> None:
        if not 0 < cents <= self.balance:
            raise InsufficientCredit(f"cannot cash out {cents}: balance is {self.balance}")
        with self._tx():
            self.db.execute("INSERT INTO cash (kind, cents, created_at) VALUES ('out', ?, ?)", (cents, time.time()))
            self._add(balance=-cents, credits_out=cents)

    # -- rounds -----------------------------------------------------------------
    def open_round(self, game: str, mode: str, bet_cents: int, cost_cents: int, outcome: dict[str, Any],
                   payout_x100: int, win_cents: int, capped: bool, features: tuple[str, ...] | list[str],
                   funded_by: int | None = None) -> int:
        """Debit the cost and record the round with the win it will pay. Returns its id."""
        with self._tx():
            balance = self.balance
            if cost_cents > balance:
                raise InsufficientCredit(f"the round costs {cost_cents} and the balance is {balance}")
            cur = self.db.execute(
                "INSERT INTO rounds (game, mode, bet_cents, cost_cents, outcome, payout_x100, win_cents, capped,"
                " features, state, checkpoint, balance_before, started_at, funded_by)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?, ?)",
                (game, mode, bet_cents, cost_cents, json.dumps(outcome), payout_x100, win_cents, int(capped),
                 json.dumps(list(features)), balance, time.time(), funded_by))
            self._add(balance=-cost_cents, total_bet=cost_cents, games_played=1)
            return int(cur.lastrowid)

    def checkpoint(self, round_id: int, step: int) -> None:
        """Record how far the presentation got (only ever forward)."""
        with self._tx():
            self.db.execute("UPDATE rounds SET checkpoint = MAX(checkpoint, ?) WHERE id = ? AND state = 'open'",
                            (step, round_id))

    def settle_round(self, round_id: int, game_state: dict[str, Any] | None = None) -> int:
        """Credit the round's win once; a second call pays nothing. Returns the win paid now."""
        with self._tx():
            row = self.db.execute("SELECT game, state, win_cents FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise LedgerError(f"round {round_id} is not in the ledger")
            if row["state"] == "settled":
                return 0
            win = int(row["win_cents"])
            self._add(balance=win, total_won=win, games_won=1 if win > 0 else 0)
            self.db.execute("UPDATE rounds SET state = 'settled', settled_at = ?, balance_after = ? WHERE id = ?",
                            (time.time(), self.balance, round_id))
            if game_state is not None:
                self._put_state(row["game"], game_state)
            return win

    def open_rounds(self) -> list[RoundRecord]:
        rows = self.db.execute("SELECT * FROM rounds WHERE state = 'open' ORDER BY id").fetchall()
        return [RoundRecord.from_row(r) for r in rows]

    def round(self, round_id: int) -> RoundRecord:
        row = self.db.execute("SELECT * FROM rounds WHERE id = ?", (round_id,)).fetchone()
        if row is None:
            raise KeyError(f"round {round_id} is not in the ledger")
        return RoundRecord.from_row(row)

    def history(self, limit: int = 100, game: str | None = None) -> list[RoundRecord]:
        """Settled rounds, newest first."""
        q = "SELECT * FROM rounds WHERE state = 'settled'" + (" AND game = ?" if game else "") + " ORDER BY id DESC LIMIT ?"
        args = (game, limit) if game else (limit,)
        return [RoundRecord.from_row(r) for r in self.db.execute(q, args).fetchall()]

    # -- side draws (gamble, spin chance) ----------------------------------------
    def side_draw(self, kind: str, stake_cents: int, prize_cents: int, won: bool,
                  detail: dict[str, Any], round_id: int | None = None) -> int:
        """Record and apply a gamble / spin-chance draw in one transaction, before it is shown."""
        with self._tx():
            if stake_cents > self.balance or stake_cents < 0:
                raise InsufficientCredit(f"stake {stake_cents} exceeds the balance {self.balance}")
            cur = self.db.execute(
                "INSERT INTO side_draws (round_id, kind, stake_cents, prize_cents, won, detail, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (round_id, kind, stake_cents, prize_cents, int(won), json.dumps(detail), time.time()))
            paid = prize_cents if won else 0
            self._add(balance=paid - stake_cents, side_staked=stake_cents, side_won=paid)
            return int(cur.lastrowid)

    # -- persistent game state (e.g. feature pot levels) --------------------------
    def _put_state(self, game: str, state: dict[str, Any]) -> None:
        self.db.execute("INSERT INTO game_state VALUES (?, ?) ON CONFLICT(game) DO UPDATE SET state = excluded.state",
                        (game, json.dumps(state)))

    def game_state(self, game: str) -> dict[str, Any]:
        row = self.db.execute("SELECT state FROM game_state WHERE game = ?", (game,)).fetchone()
        return json.loads(row[0]) if row else {}

    def set_game_state(self, game: str, state: dict[str, Any]) -> None:
        with self._tx():
            self._put_state(game, state)

    # -- meters and audit -----------------------------------------------------------
    def meters(self) -> dict[str, Any]:
        out: dict[str, Any] = {r["name"]: int(r["value"]) for r in self.db.execute("SELECT * FROM meters")}
        per: dict[str, Any] = {}
        for r in self.db.execute("SELECT game, mode, COUNT(*) n, SUM(cost_cents) bet, SUM(CASE WHEN state='settled'"
                                 " THEN win_cents ELSE 0 END) won FROM rounds GROUP BY game, mode ORDER BY game, mode"):
            g = per.setdefault(r["game"], {"games_played": 0, "total_bet": 0, "total_won": 0, "modes": {}})
            g["games_played"] += r["n"]
            g["total_bet"] += r["bet"]
            g["total_won"] += r["won"]
            g["modes"][r["mode"]] = {"games_played": r["n"], "total_bet": r["bet"], "total_won": r["won"]}
        out["per_game"] = per
        out["open_rounds"] = len(self.open_rounds())
        return out

    def audit(self) -> tuple[bool, str]:
        """Check the balance identity and that the meters agree with the tables."""
        try:
            m = {r["name"]: int(r["value"]) for r in self.db.execute("SELECT * FROM meters")}
            expect = (m["credits_in"] - m["credits_out"] - m["total_bet"] + m["total_won"]
                      - m["side_staked"] + m["side_won"])
            if m["balance"] != expect:
                return False, f"balance {m['balance']} != credits in - out - bets + wins = {expect}"
            q = self.db.execute
            sums = {
                "total_bet": q("SELECT COALESCE(SUM(cost_cents),0) FROM rounds").fetchone()[0],
                "total_won": q("SELECT COALESCE(SUM(win_cents),0) FROM rounds WHERE state='settled'").fetchone()[0],
                "games_played": q("SELECT COUNT(*) FROM rounds").fetchone()[0],
                "credits_in": q("SELECT COALESCE(SUM(cents),0) FROM cash WHERE kind='in'").fetchone()[0],
                "credits_out": q("SELECT COALESCE(SUM(cents),0) FROM cash WHERE kind='out'").fetchone()[0],
                "side_staked": q("SELECT COALESCE(SUM(stake_cents),0) FROM side_draws").fetchone()[0],
                "side_won": q("SELECT COALESCE(SUM(prize_cents),0) FROM side_draws WHERE won=1").fetchone()[0],
            }
            for name, value in sums.items():
                if m[name] != value:
                    return False, f"meter {name} = {m[name]} but its records add up to {value}"
            if m["balance"] < 0:
                return False, f"balance is negative ({m['balance']})"
            return True, "ok"
        except (sqlite3.DatabaseError, KeyError) as exc:
            return False, f"ledger cannot be audited: {exc}"
