"""Grinning Harvest's closed set of event types and their payloads.

Cells are [row, reel], rows top to bottom, reels 0..2 = reels 1..3; values are
hundredths of the bet. reel_stop (with the pumpkins shown), line_win, cap and
round_end (with the payout's split) are the shared records of cabinet/core/events.py;
the rest are this game's own. The catalogue is GameSpec.events; the events come in
this order: reel_stop x3, line_win*, then collect / jackpot (base) or bonus_trigger,
collect*, then per bonus spin bonus_spin, collect*, jackpot*, counter, and bonus_end;
cap when the round reached the max win; round_end.
"""
from __future__ import annotations

from typing import Literal, TypedDict

from cabinet.core.events import Cap, LineWin, ReelStop, RoundEnd, catalogue


class PumpkinShown(TypedDict):
    row: int
    label: str                  # '2x'.. or a jackpot coin 'mini'|'minor'|'mega'|'grand'
    value_x100: int


class HarvestReelStop(ReelStop):
    pumpkins: list[PumpkinShown]


class Collect(TypedDict):
    phase: str                  # 'base' | 'bonus_start' | 'bonus'
    vault: list[int]
    pumpkins: list[dict]        # [{cell, label, value_x100}]
    amount_x100: int
    vault_value_x100: int
    type: Literal["collect"]


class Jackpot(TypedDict):
    name: str                   # 'mini' | 'minor' | 'mega' | 'grand'
    cell: list[int]
    value_x100: int
    type: Literal["jackpot"]


class BonusTrigger(TypedDict):
    source: str                 # 'base' | 'buy'
    option: str                 # the mode id
    vaults: list[list[int]]
    pumpkins: list[dict]        # [{cell, label, value_x100}]
    type: Literal["bonus_trigger"]


class BonusSpin(TypedDict):
    spin: int
    landed: list[dict]          # [{cell, kind, label?, value_x100}]
    row: list[str]              # per reel: web | x2 | x3 | x4 | x5 | skull
    great_skull: int | None     # 3..9 when the row shows three skulls
    multipliers: list[dict]     # [{cell, target 'vault'|'pumpkin', multiplier, before_x100, after_x100}]
    type: Literal["bonus_spin"]


class Counter(TypedDict):
    lives: int                  # after this spin
    reset: bool
    type: Literal["counter"]


class BonusEnd(TypedDict):
    total_x100: int
    spins: int
    vaults: int
    capped: bool
    type: Literal["bonus_end"]


class HarvestRoundEnd(RoundEnd):
    line_x100: int
    collect_x100: int
    bonus_x100: int


CATALOGUE = catalogue(HarvestReelStop, LineWin, Collect, Jackpot, BonusTrigger, BonusSpin, Counter, BonusEnd,
                      Cap, HarvestRoundEnd)
