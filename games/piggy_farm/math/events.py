"""Piggy Farm's closed set of event names and their payloads (what scenes switch on).

cluster_win, cap and round_end are the shared records of cabinet/core/events.py (with
this game's fields added); the rest are this game's own. `E.cluster_win`, `E.cap` and
`E.round_end` are the shared constructors; the catalogue is GameSpec.events.

Cells are [row, col] with row 0 at the top; symbols are math-file ids ("GP", "WD"...);
amounts are integer hundredths of the total bet (x100).
"""
from __future__ import annotations

from typing import Literal, TypedDict

from cabinet.core.events import Cap, ClusterWin, RoundEnd, catalogue, cap, cluster_win, round_end

__all__ = ["CATALOGUE", "cap", "cluster_win", "round_end"]

BOARD = "board"                  # a fresh board drops in
WILD_SPAWN = "wild_spawn"        # HOG WILD: extra wilds land on the board
CLUSTER_WIN = "cluster_win"      # one winning cluster of a drop
TUMBLE = "tumble"                # winners explode, survivors fall, refills drop in
STICKY_GRID = "sticky_grid"      # the sticky grid after the bumps of one drop
SPIN_END = "spin_end"            # a spin's tumble chain has ended
WHEEL_TRIGGER = "wheel_trigger"  # 3+ windmills on the final board
WHEEL_SPIN = "wheel_spin"        # one stop of THE FARM WHEEL (upgrades chain stops)
COIN_PRIZE = "coin_prize"        # a coin slice pays
FREE_SPINS_START = "free_spins_start"
FREE_SPIN = "free_spin"          # one free spin begins
RETRIGGER = "retrigger"          # 3+ windmills in free spins: +5 spins
FREE_SPINS_END = "free_spins_end"
HUNT_START = "hunt_start"
HUNT_REVEAL = "hunt_reveal"      # one nest opens (a prize, or the rooster)
HUNT_END = "hunt_end"
RISK_DRAW = "risk_draw"
CAP = "cap"                      # the round reached 50,000x and ends, cap paid
ROUND_END = "round_end"



class Board(TypedDict):
    """A fresh board drops in (this game's board stop)."""
    phase: str
    strips: str
    tops: list[int]
    board: list[list[str]]
    type: Literal["board"]


class WildSpawn(TypedDict):
    cells: list[list[int]]
    board: list[list[str]]
    type: Literal["wild_spawn"]


class FarmClusterWin(ClusterWin):
    band: str                   # the paytable's size band: '5', '6-7', ...
    grid_sum: int               # summed charge of its cells, read before the bump (0: none)
    multiplier: int             # grid x start x spin-number factor


class Tumble(TypedDict):
    removed: list[list[int]]
    falls: list[list[int]]
    refills: list[list]
    tops: list[int]
    board: list[list[str]]
    type: Literal["tumble"]


class StickyGrid(TypedDict):
    values: list[list[int]]
    type: Literal["sticky_grid"]


class SpinEnd(TypedDict):
    win_x100: int
    total_x100: int
    scatters: int
    scatter_cells: list[list[int]]
    type: Literal["spin_end"]


class WheelTrigger(TypedDict):
    scatters: int
    tier: str
    type: Literal["wheel_trigger"]


class WheelSpin(TypedDict):
    tier: str
    index: int
    slice_kind: str
    value: int | None
    label: str
    upgrade: bool
    type: Literal["wheel_spin"]


class CoinPrize(TypedDict):
    tier: str
    win_x100: int
    type: Literal["coin_prize"]


class FreeSpinsStart(TypedDict):
    feature: str
    spins: int
    start_multiplier: int
    sticky: bool
    strips: str
    type: Literal["free_spins_start"]


class FreeSpin(TypedDict):
    index: int
    of: int
    multiplier: int
    type: Literal["free_spin"]


class Retrigger(TypedDict):
    added: int
    of: int
    scatters: int
    type: Literal["retrigger"]


class FreeSpinsEnd(TypedDict):
    win_x100: int
    type: Literal["free_spins_end"]


class HuntStart(TypedDict):
    nests: int
    min_prizes: int
    ladder_x100: list[int]
    type: Literal["hunt_start"]


class HuntReveal(TypedDict):
    pick: int
    nest: int
    prize_x100: int | None
    rooster: bool
    total_x100: int
    type: Literal["hunt_reveal"]


class HuntEnd(TypedDict):
    prizes: int
    total_x100: int
    type: Literal["hunt_end"]


class RiskDraw(TypedDict):
    won: bool
    win_x100: int
    type: Literal["risk_draw"]


class FarmRoundEnd(RoundEnd):
    capped: bool


CATALOGUE = catalogue(Board, WildSpawn, FarmClusterWin, Tumble, StickyGrid, SpinEnd, WheelTrigger, WheelSpin,
                      CoinPrize, FreeSpinsStart, FreeSpin, Retrigger, FreeSpinsEnd, HuntStart, HuntReveal, HuntEnd,
                      RiskDraw, Cap, FarmRoundEnd)
