"""Happy Money Hens' hooks for the review tools (never reachable with real play):
a hand-built board of the 5x3 reels, the win that opens the gamble, and what each
event adds to the round's win (the math overlay). No pygame; read-only use of math/."""
from __future__ import annotations

from typing import Any

from cabinet.core.config import Config
from cabinet.core.hand_board import reel_stops
from cabinet.core.review_draws import PayoutBand
from cabinet.core.win_tiers import tier_multiples

from ..math.tables import load

ROWS = 3


def board_draws(doc: dict[str, Any], mode: str) -> list[int]:
    """A spin mode's first draws are the five reel stops (rules.draw_board); the
    feature symbols' trigger draws, the pots and the bonus follow from the seed."""
    m = load()
    strips = [[m.symbols[int(i)] for i in strip] for strip in m.strips]
    return reel_stops(doc, strips, ROWS)


def payout_forces(config: Config) -> dict[str, PayoutBand]:
    """A win that opens the gamble (config `gamble`: any win with 'on', at least
    entry_x times the base bet with 'on_5x'; none when 'off'), below the big-win tier
    so the gamble follows the round directly."""
    setting = config.gamble
    if setting == "off":
        return {}
    entry = int(load().raw["gamble"]["entry_x"])
    lo = 1 if setting == "on" else entry * 100
    big = tier_multiples(config)["big"]
    return {"gamble": PayoutBand(f"Win that opens the gamble ({lo / 100:g}x to {big}x)", lo, big * 100,
                                 below_limit=True)}


def event_adds(ev: dict[str, Any]) -> int:
    """What one event adds to the round's win (x100): a line's pay, and the bonus's
    total when it ends (coins on rows not yet open pay only if their row opens, so the
    coins' sum is known at the end); win_cap takes off what the cap cuts."""
    kind = ev["type"]
    if kind == "line_win":
        return int(ev["pay_x100"])
    if kind == "bonus_end":
        return int(ev["total_x100"])
    if kind == "win_cap":
        return int(ev["payout_x100"]) - int(ev["uncapped_x100"])
    return 0
