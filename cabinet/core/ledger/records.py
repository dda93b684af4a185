"""The one place where stored ledger data is decoded into Python values.

A row that does not decode (JSON that does not parse, an outcome without its source,
a count that is not an integer, a renamed column) raises LedgerError naming the row,
which locks the cabinet; a KeyError or ValueError never reaches the caller.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from .errors import LedgerError


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


class _Bad(ValueError):
    pass


@contextmanager
def decoding(where: str) -> Iterator[None]:
    """Any decode error inside becomes 'ledger damaged: <where> cannot be decoded: ...'."""
    try:
        yield
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        what = str(exc) if isinstance(exc, _Bad) else f"{type(exc).__name__}: {exc}"
        raise LedgerError(f"ledger damaged: {where} cannot be decoded: {what}") from None


def _json(row: sqlite3.Row, column: str, kind: type) -> Any:
    text = row[column]
    if type(text) is not str:
        raise _Bad(f"{column} is not text")
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise _Bad(f"{column} is not valid JSON ({exc})") from None
    if type(value) is not kind:
        raise _Bad(f"{column} is not a JSON {kind.__name__}")
    return value


def _int(row: sqlite3.Row, column: str) -> int:
    v = row[column]
    if type(v) is int:
        return v
    raise _Bad(f"{column} = {v!r:.40} is not an integer")


def _int_or_none(row: sqlite3.Row, column: str) -> int | None:
    return None if row[column] is None else _int(row, column)


def _text(row: sqlite3.Row, column: str) -> str:
    v = row[column]
    if type(v) is not str or not v:
        raise _Bad(f"{column} = {v!r:.40} is not a name")
    return v


def outcome(value: dict[str, Any]) -> dict[str, Any]:
    """An outcome id as round_commit.draw writes it: a book of the mode's library, or a live seed."""
    source = value.get("source")
    force = value.get("force")
    if force is not None and type(force) is not str:
        raise _Bad(f"outcome force {force!r:.40} is not a category name")
    if source == "books":
        if type(value.get("book")) is not int or value["book"] < 0:
            raise _Bad(f"outcome book {value.get('book')!r:.40} is not a book number")
    elif source == "live":
        if type(value.get("seed")) is not int or not 0 <= value["seed"] < 2**64:
            raise _Bad(f"outcome seed {value.get('seed')!r:.40} is not a 64-bit seed")
    else:
        raise _Bad(f"outcome source {source!r:.40} is neither books nor live")
    return value


def round_record(row: sqlite3.Row) -> RoundRecord:
    with decoding(f"rounds row {row['id']}"):
        features = _json(row, "features", list)
        if not all(type(f) is str for f in features):
            raise _Bad("features are not names")
        started, settled = row["started_at"], row["settled_at"]
        if type(started) is not float or (settled is not None and type(settled) is not float):
            raise _Bad("a time is not a number")
        return RoundRecord(
            id=_int(row, "id"), game=_text(row, "game"), mode=_text(row, "mode"),
            bet_cents=_int(row, "bet_cents"), cost_cents=_int(row, "cost_cents"),
            outcome=outcome(_json(row, "outcome", dict)), payout_x100=_int(row, "payout_x100"),
            win_cents=_int(row, "win_cents"), capped=bool(_int(row, "capped")), features=tuple(features),
            state=_text(row, "state"), checkpoint=_int(row, "checkpoint"),
            balance_before=_int(row, "balance_before"), balance_after=_int_or_none(row, "balance_after"),
            started_at=started, settled_at=settled, funded_by=_int_or_none(row, "funded_by"))


def detail(row: sqlite3.Row, table: str, column: str = "detail") -> dict[str, Any]:
    """A side draw's or an event's detail (a JSON object)."""
    with decoding(f"{table} row {row['id']}"):
        return _json(row, column, dict)


def game_state(row: sqlite3.Row | None) -> dict[str, Any]:
    if row is None:
        return {}
    with decoding(f"game_state row {row['game']!r}"):
        return _json(row, "state", dict)
