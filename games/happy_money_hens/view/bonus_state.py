"""The bonus board as the player sees it, after each bonus event (no pygame).

`bonus_snapshots(events)` replays a round's bonus events (events.py) into one
`BonusSnapshot` per event: every presentation step SETS the scene's board to its
snapshot, so skipping and crash-resume show exactly the same picture as watching.
Nothing here decides an outcome; it only reads the events.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..math.events import BONUS_TYPES

POT_LETTERS = {"MINI": "MINI", "MINOR": "MINOR", "MAJOR": "MAJOR", "GRAND": "GRAND"}


def _no_letters() -> dict[str, int]:
    """Each pot's name, no letter of it collected yet."""
    return {p: 0 for p in POT_LETTERS}


@dataclass
class BonusSnapshot:
    """The 7x5 board (row 0 at the bottom), counts, lives and pot names at one moment."""

    rows: int = 7
    reels: int = 5
    combination: list[str] = field(default_factory=list)
    cells: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    active: list[bool] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)
    lives: int = 3
    lives_reset: bool = False
    names: dict[str, int] = field(default_factory=_no_letters)
    spins: int = 0
    landed: list[tuple[int, int]] = field(default_factory=list)    # coins of the current spin
    focus: dict[str, Any] = field(default_factory=dict)             # what the current event highlights
    pots_won: list[str] = field(default_factory=list)
    ended: bool = False
    total_x100: int = 0

    def active_total(self) -> int:
        """Sum of the coins on active rows (what the bonus pays if it ended now)."""
        return sum(c.get("value_x100", 0) for (r, _), c in self.cells.items() if self.active[r])

    def copy(self) -> "BonusSnapshot":
        """A copy sharing nothing `apply` changes: the coins are flat dicts of numbers and
        names, the lists hold numbers, names and cell tuples, and `apply` gives each
        snapshot a new `focus`. copy.deepcopy of 38 snapshots made a bought bonus's
        press frame 14-20 ms (timeline_start builds them all)."""
        return replace(self, combination=list(self.combination), cells={k: dict(v) for k, v in self.cells.items()},
                       active=list(self.active), counts=dict(self.counts), names=dict(self.names),
                       landed=list(self.landed), focus=dict(self.focus), pots_won=list(self.pots_won))


def _coin(view: dict[str, Any]) -> dict[str, Any]:
    coin = {"kind": view["kind"], "double": bool(view.get("double")), "boost_x100": 0}
    if view["kind"] == "pot_fill":
        coin["pot"] = view["pot"]
        coin["value_x100"] = 0
    else:
        coin["value_x100"] = int(view["value_x100"])
    return coin


def apply(snap: BonusSnapshot, e: dict[str, Any]) -> BonusSnapshot:
    """The snapshot after bonus event `e` (a new object; `snap` is left as it was)."""
    s = snap.copy()
    kind = e["type"]
    s.focus = {"type": kind}
    if kind == "bonus_start":
        s.rows, s.reels = int(e["rows"]), int(e["reels"])
        s.combination = list(e["combination"])
        s.active = [r in e["active_rows"] for r in range(s.rows)]
        s.counts = {int(r): int(c) for r, c in e["row_counts"].items()}
        s.lives = int(e["lives"])
        s.cells = {(c["row"], c["reel"]): _coin(c) for c in e["stuck"]}
        s.landed = sorted(s.cells)
    elif kind == "bonus_spin":
        s.spins = int(e["spin"])
        s.landed = [(c["row"], c["reel"]) for c in e["landed"]]
        for c in e["landed"]:
            s.cells[(c["row"], c["reel"])] = _coin(c)
        s.lives_reset = False
    elif kind == "lives":
        s.lives, s.lives_reset = int(e["lives"]), bool(e["reset"])
    elif kind == "letters":
        s.names[e["pot"]] = int(e["after"])
        s.focus.update(cell=(e["row"], e["reel"]), pot=e["pot"], letters=list(e["letters"]),
                       before=int(e["before"]), completed=bool(e["completed"]))
    elif kind == "pot_award":
        coin = s.cells[(e["row"], e["reel"])]
        coin.update(kind="cash", value_x100=int(e["value_x100"]), pot_award=e["pot"])
        s.pots_won.append(e["pot"])
        s.focus.update(cell=(e["row"], e["reel"]), pot=e["pot"], value_x100=int(e["value_x100"]))
    elif kind == "coin_convert":
        coin = s.cells[(e["row"], e["reel"])]
        coin.update(kind="cash", value_x100=int(e["value_x100"]), converted_from=coin.get("pot"))
        s.focus.update(cell=(e["row"], e["reel"]))
    elif kind == "row_count":
        s.counts.update({int(r): int(c) for r, c in e["counts"].items()})
        s.focus.update(decrement=int(e["decrement"]))
    elif kind == "row_activate":
        s.active[int(e["row"])] = True
        s.focus.update(row=int(e["row"]))
    elif kind == "boost":
        cells = []
        for b in e["boosts"]:
            coin = s.cells[(b["row"], b["reel"])]
            coin["value_x100"] = int(b["value_x100"])
            coin["boost_x100"] = int(b["add_x100"])
            cells.append(((b["row"], b["reel"]), int(b["add_x100"])))
        s.focus.update(boosts=cells)
    elif kind == "bonus_end":
        s.ended = True
        s.total_x100 = int(e["total_x100"])
        s.focus.update(paying=[(c["row"], c["reel"], int(c["value_x100"])) for c in e["paying"]],
                       full_board=bool(e["full_board"]))
    return s


def bonus_snapshots(events: list[dict[str, Any]]) -> list[tuple[dict[str, Any], BonusSnapshot]]:
    """(event, snapshot after it) for every bonus event of a round, in order."""
    out = []
    snap = BonusSnapshot()
    for e in events:
        if e["type"] in BONUS_TYPES:
            snap = apply(snap, e)
            out.append((e, snap))
    return out
