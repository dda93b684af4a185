"""The event vocabulary: the records a round's events are, defined once.

A Round's events are plain JSON dicts with a `type` key (see round.py). Every event
type is a record, a `TypedDict` naming its payload's fields and their types; a game's
closed vocabulary is its catalogue, {type: record}, in its `math/events.py`
(GameSpec.events). The events most games share are defined here with their
constructors, so their names and payloads do not drift between games:

    reel_stop(reel=, stop=, symbols=)      a reel comes to rest: its stop, its symbols top to bottom
    line_win(line=, symbol=, count=, positions=, pay_x100=)   one paying line
    cluster_win(symbol=, size=, cells=, pay_x100=, win_x100=) one paying cluster (pay before, win after multipliers)
    cap(cap_x100=)                         the round reached the max win and ends, paying it
    round_end(payout_x100=, ...)           the round's payout, with the game's split of it

A game adds fields of its own to a shared record by subclassing it (Grinning
Harvest's reel stop also shows its pumpkins) and passes them to the constructor as
keywords. Constructors take keywords and keep their order (so the JSON of a round is
what it was before the records existed); a missing shared field is a TypeError. `problems(event, record)` lists what does not match a record; the contract
test (tests/test_event_contract.py) runs it over rounds of every game's modes.
Cells are [row, reel] (or [row, col]); amounts are hundredths of the base bet.
"""
from __future__ import annotations

import types
import typing
from typing import Any, Literal, TypedDict, Union


class ReelStop(TypedDict):
    reel: int
    stop: int | None            # the strip position shown at the top row (None: a hand-built board)
    symbols: list[str]          # top to bottom
    type: Literal["reel_stop"]


class LineWin(TypedDict):
    line: int                   # 0-based line index
    symbol: str
    count: int
    positions: list[list[int]]  # [row, reel] of each symbol of the win
    pay_x100: int
    type: Literal["line_win"]


class ClusterWin(TypedDict):
    symbol: str
    size: int
    cells: list[list[int]]
    pay_x100: int               # the paytable's pay for the cluster
    win_x100: int               # what it pays, multipliers applied
    type: Literal["cluster_win"]


class Cap(TypedDict):
    cap_x100: int
    type: Literal["cap"]


class RoundEnd(TypedDict):
    payout_x100: int
    type: Literal["round_end"]


def _record(name: str, required: tuple[str, ...], fields: dict[str, Any]) -> dict[str, Any]:
    """The event dict: the fields in the caller's order, then its type (as every
    event has been written since the first books, so a round's JSON never changes)."""
    missing = [k for k in required if k not in fields]
    if missing:
        raise TypeError(f"a {name} event needs {missing}")
    fields["type"] = name
    return fields


def reel_stop(**fields: Any) -> dict[str, Any]:
    """reel, stop, symbols (top to bottom), and a game's own fields."""
    return _record("reel_stop", ("reel", "stop", "symbols"), fields)


def line_win(**fields: Any) -> dict[str, Any]:
    """line, symbol, count, positions, pay_x100, and a game's own fields."""
    return _record("line_win", ("line", "symbol", "count", "positions", "pay_x100"), fields)


def cluster_win(**fields: Any) -> dict[str, Any]:
    """symbol, size, cells, pay_x100, win_x100, and a game's own fields."""
    return _record("cluster_win", ("symbol", "size", "cells", "pay_x100", "win_x100"), fields)


def cap(**fields: Any) -> dict[str, Any]:
    """cap_x100."""
    return _record("cap", ("cap_x100",), fields)


def round_end(**fields: Any) -> dict[str, Any]:
    """payout_x100, and the game's split of it."""
    return _record("round_end", ("payout_x100",), fields)


def type_name(record: type) -> str:
    """The `type` a record's events carry (its `type: Literal[...]` field)."""
    return typing.get_args(typing.get_type_hints(record)["type"])[0]


def catalogue(*records: type) -> dict[str, type]:
    """{type name: record} for a game's GameSpec.events."""
    return {type_name(r): r for r in records}


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a type hint (shallow for containers' items)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin is Literal:
        return value in typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict:
        return isinstance(value, dict)
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and not problems(value, hint, typed=False)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, hint)


def problems(event: dict[str, Any], record: type, typed: bool = True) -> list[str]:
    """What is wrong with an event against its record: missing or unknown fields,
    values of the wrong type. [] when it matches."""
    hints = typing.get_type_hints(record)
    required = getattr(record, "__required_keys__", frozenset(hints))
    out = [f"missing {k!r}" for k in hints if k in required and k not in event]
    out += [f"unknown field {k!r}" for k in event if k not in hints]
    out += [f"{k!r} = {event[k]!r} is not {hints[k]}" for k in hints if k in event and not _fits(event[k], hints[k])]
    if typed and "type" not in hints:
        out.append("the record has no type field")
    return out
