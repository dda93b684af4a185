"""Grinning Harvest's hooks for the review tools (never reachable with real play): a
hand-built board of the 3x3 reels and what each event adds to the round's win (the
math overlay). No pygame; read-only use of math/."""
from __future__ import annotations

from typing import Any

from cabinet.core.hand_board import reel_stops

from ..math.tables import ROWS, load


def board_draws(doc: dict[str, Any], mode: str) -> list[int]:
    """The base game's first draws are the three reel stops (rules._base); the
    pumpkins' values, a collect and the Hold-n-Win bonus follow from the seed."""
    m = load()
    strips = [[m.symbols[int(i)] for i in strip] for strip in m.strips]
    return reel_stops(doc, strips, ROWS)


def event_adds(ev: dict[str, Any]) -> int:
    """What one event adds (x100): a line's pay, a base game vault's collect, the
    bonus's total when it ends (its collects and jackpots are inside it); the cap
    event takes the rest (cabinet.core.review_math)."""
    kind = ev["type"]
    if kind == "line_win":
        return int(ev["pay_x100"])
    if kind == "collect" and ev["phase"] == "base":
        return int(ev["amount_x100"])
    if kind == "bonus_end":
        return int(ev["total_x100"])
    return 0
