"""The ledger's tables, and the check that an existing file still has exactly them.

The schema is created once, in a new file; an existing file is never given a table
or a column it lacks (a dropped table is evidence, not something to repair): it is
compared with this schema and refused, naming what differs. The round indexes whose
rows change state are partial (open rounds, funded rounds, settlements): a round then
writes as many pages with 100,000 rounds of history as with 100 (an index over every
round's state or NULL would put its changes on another leaf page than the new ones).
"""
from __future__ import annotations

import sqlite3
from typing import Any

from .errors import LedgerError

VERSION = 2          # 2: rounds can be voided (refunded), cash can be a handpay; their meters

METERS = ("balance", "credits_in", "credits_out", "total_bet", "total_won",
          "side_staked", "side_won", "games_played", "games_won", "refunded", "games_voided", "handpaid")

# A settled round's checkpoint once its result has been shown in full (the celebration
# included): a restart shows a winning round's result again until then (the sheets'
# GAME INTERRUPTED rule). Checkpoints only move forward, and this is their largest.
RESULT_SHOWN = 2**31 - 1

SCHEMA = """
CREATE TABLE identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    cabinet TEXT NOT NULL, created_at REAL NOT NULL, version INTEGER NOT NULL, mac TEXT NOT NULL
);
CREATE TABLE audit_head (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, mac TEXT NOT NULL);
CREATE TABLE meters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL, mode TEXT NOT NULL,
    bet_cents INTEGER NOT NULL, cost_cents INTEGER NOT NULL,
    outcome TEXT NOT NULL, payout_x100 INTEGER NOT NULL, win_cents INTEGER NOT NULL,
    capped INTEGER NOT NULL, features TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'settled', 'voided')),
    checkpoint INTEGER NOT NULL DEFAULT 0, checkpoint_mac TEXT NOT NULL,
    balance_before INTEGER NOT NULL, balance_after INTEGER,
    started_at REAL NOT NULL, settled_at REAL,
    funded_by INTEGER,
    seq INTEGER NOT NULL UNIQUE, link TEXT NOT NULL,
    settle_seq INTEGER, settle_link TEXT
);
CREATE UNIQUE INDEX rounds_settle_seq ON rounds(settle_seq) WHERE settle_seq IS NOT NULL;
CREATE INDEX rounds_open ON rounds(id) WHERE state = 'open';
CREATE INDEX rounds_funded_by ON rounds(funded_by) WHERE funded_by IS NOT NULL;
CREATE TABLE side_draws (
    id INTEGER PRIMARY KEY, round_id INTEGER, kind TEXT NOT NULL,
    stake_cents INTEGER NOT NULL, prize_cents INTEGER NOT NULL, won INTEGER NOT NULL,
    detail TEXT NOT NULL, created_at REAL NOT NULL,
    balance_before INTEGER NOT NULL, balance_after INTEGER NOT NULL,
    seq INTEGER NOT NULL UNIQUE, link TEXT NOT NULL
);
CREATE INDEX side_draws_kind ON side_draws(kind, won);
CREATE TABLE cash (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('in', 'out', 'handpay')),
    cents INTEGER NOT NULL, created_at REAL NOT NULL,
    balance_before INTEGER NOT NULL, balance_after INTEGER NOT NULL,
    seq INTEGER NOT NULL UNIQUE, link TEXT NOT NULL
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, detail TEXT NOT NULL, created_at REAL NOT NULL,
    seq INTEGER NOT NULL UNIQUE, link TEXT NOT NULL
);
CREATE INDEX events_kind ON events(kind);
CREATE TABLE game_state (game TEXT PRIMARY KEY, state TEXT NOT NULL);
"""

_expected: dict[str, dict[str, Any]] = {}


def expected() -> dict[str, dict[str, Any]]:
    """{'table': {name: [columns]}, 'index': {name: [table]}} as SCHEMA creates them."""
    if not _expected:
        mem = sqlite3.connect(":memory:")
        mem.executescript(SCHEMA)
        _expected.update(_layout(mem))
        mem.close()
    return _expected


def _layout(db: sqlite3.Connection) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {"table": {}, "index": {}, "trigger": {}, "view": {}, "sql": {}}
    for kind, name, table, sql in db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"
                                             " WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'"):
        if kind == "table":
            out["table"][name] = [r[1] for r in db.execute(f'PRAGMA table_info("{name}")')]
        else:
            out.setdefault(kind, {})[name] = [table]
        out["sql"][name] = sql
    return out


def _version(db: sqlite3.Connection) -> Any:
    """The format the identity row says the file was written in (None: no such row)."""
    try:
        row = db.execute("SELECT version FROM identity WHERE id = 1").fetchone()
    except sqlite3.Error:
        return None
    return None if row is None else row[0]


def check(db: sqlite3.Connection, path: str) -> None:
    """Refuse a file whose tables, columns or indexes differ from SCHEMA, or that has
    triggers or views (which could rewrite what the cabinet writes). A file of another
    format version is named as such (its identity MAC still guards the number)."""
    have = _layout(db)
    want = expected()
    if not have["table"]:
        raise LedgerError(f"ledger missing or replaced: {path} holds no tables (an empty or foreign file)")
    if "seq" not in have["table"].get("rounds", ["seq"]):
        raise LedgerError(f"ledger missing or replaced: {path} was written by an older version without a hash "
                          "chain; RAM CLEAR in the operator menu keeps it in a backup folder and starts fresh")
    version = _version(db) if "identity" in have["table"] else None
    if type(version) is int and version != VERSION:
        age = "an older" if version < VERSION else "a newer"
        raise LedgerError(f"ledger missing or replaced: {path} was written by {age} version of the cabinet "
                          f"(ledger format {version}; this one reads format {VERSION}); RAM CLEAR in the operator "
                          "menu keeps it in a backup folder and starts fresh")
    for name, columns in want["table"].items():
        if name not in have["table"]:
            raise LedgerError(f"ledger damaged: table {name} is missing from {path}")
        if have["table"][name] != columns:
            raise LedgerError(f"ledger damaged: table {name} in {path} has columns {have['table'][name]}; "
                              f"expected {columns}")
    for name, (table,) in want["index"].items():
        if have["index"].get(name) != [table]:
            raise LedgerError(f"ledger damaged: index {name} on {table} is missing from {path}")
    for name, sql in want["sql"].items():
        if have["sql"].get(name) != sql:
            raise LedgerError(f"ledger damaged: the definition of {name} in {path} differs from the schema")
    for kind in ("trigger", "view"):
        for name in have.get(kind, {}):
            raise LedgerError(f"ledger damaged: {path} has a {kind} {name!r} the cabinet never creates")
