"""The closed set of Happy Money Hens event types, in the order a round emits them.

reel_stop, line_win and round_end are the shared records of cabinet/core/events.py;
the rest are this game's own, typed below (the catalogue is GameSpec.events).

Cells of the base board are (row, reel) with row 0 at the TOP; cells of the bonus
are (row, reel) with row 0 at the BOTTOM (rows 0-2 start active, 3-6 inactive).
Values are integer hundredths of the base bet (`*_x100`).

Base game (spin modes and the delivering board of a buy):
- reel_stop {reel, stop, symbols: [top, middle, bottom]}
- line_win {line, symbol, count, positions: [[row, reel], ...], pay_x100}
- feature_symbol {symbol: BLUE|RED|GOLD, pot: BLUE|RED|GOLD, feature, reel, row,
  triggered: bool (this addition triggered its pot), grows: bool (the pot grows one
  level, to at most 4; the cabinet applies it with pots.advance_levels)}
- pot_trigger {pots: [colours triggered], combination: [features], code: "DC+PF",
  added_by_fortune: [features the 1.5x / 2x fortune bet added]}
- pot_levels_reset {level: 1}: a bonus was awarded in the base game / fortune bet

Bonus (after pot_trigger; alone in the gamble's bonus_* modes):
- bonus_start {combination, code, rows: 7, reels: 5, active_rows: [0, 1, 2],
  row_counts: {"3": 10, "4": 14, "5": 18, "6": 22}, lives: 3, stuck: [coin, ...]}
- bonus_spin {spin, landed: [coin, ...]}: coins that landed this spin (all rows)
- lives {lives, reset: bool}
- letters {row, reel, pot, letters: ["M", ...], before, after, completed: bool}
- pot_award {row, reel, pot, value_x100}: the completing coin now holds the pot
- coin_convert {row, reel, double, value_x100}: a pot-fill coin turned into cash
- row_count {decrement, counts: {"row": count, ...}} (inactive rows only)
- row_activate {row}: followed by that row's pot-fill coins (letters ...)
- boost {boosts: [{row, reel, add_x100, value_x100}, ...]}
- bonus_end {total_x100, spins, paying: [coin, ...], full_board: bool, pots_won: [...]}

Every round:
- round_end {line_x100, payout_x100} (the rules cap nothing: the sheet's $250,000.00
  limit is money, applied by the cabinet at the bet played)

A coin is {row, reel, kind: "cash"|"pot_fill", double: bool, value_x100 (cash) or
pot: MINI|MINOR|MAJOR|GRAND (pot fill)}; a double coin shows two coins of that value.
"""
from __future__ import annotations

from typing import Literal, TypedDict

from cabinet.core.events import LineWin, ReelStop, RoundEnd, catalogue


class FeatureSymbol(TypedDict):
    symbol: str
    pot: str
    feature: str
    reel: int
    row: int
    triggered: bool
    grows: bool
    type: Literal["feature_symbol"]


class PotTrigger(TypedDict):
    pots: list[str]
    combination: list[str]
    code: str
    added_by_fortune: list[str]
    type: Literal["pot_trigger"]


class PotLevelsReset(TypedDict):
    level: int
    type: Literal["pot_levels_reset"]


class BonusStart(TypedDict):
    combination: list[str]
    code: str
    rows: int
    reels: int
    active_rows: list[int]
    row_counts: dict[str, int]
    lives: int
    stuck: list[dict]
    type: Literal["bonus_start"]


class BonusSpin(TypedDict):
    spin: int
    landed: list[dict]
    type: Literal["bonus_spin"]


class Lives(TypedDict):
    lives: int
    reset: bool
    type: Literal["lives"]


class Letters(TypedDict):
    row: int
    reel: int
    pot: str
    letters: list[str]
    before: int
    after: int
    completed: bool
    type: Literal["letters"]


class PotAward(TypedDict):
    row: int
    reel: int
    pot: str
    value_x100: int
    type: Literal["pot_award"]


class CoinConvert(TypedDict):
    row: int
    reel: int
    double: bool
    value_x100: int
    type: Literal["coin_convert"]


class RowCount(TypedDict):
    decrement: int
    counts: dict[str, int]
    type: Literal["row_count"]


class RowActivate(TypedDict):
    row: int
    type: Literal["row_activate"]


class Boost(TypedDict):
    boosts: list[dict]
    type: Literal["boost"]


class BonusEnd(TypedDict):
    total_x100: int
    spins: int
    paying: list[dict]
    full_board: bool
    pots_won: list[str]
    type: Literal["bonus_end"]


class HensRoundEnd(RoundEnd):
    line_x100: int


CATALOGUE = catalogue(ReelStop, LineWin, FeatureSymbol, PotTrigger, PotLevelsReset, BonusStart, BonusSpin,
                      Lives, Letters, PotAward, CoinConvert, RowCount, RowActivate, Boost, BonusEnd,
                      HensRoundEnd)
# the bonus's events, in the order of the types above (a gamble's bonus_* round has only these)
BONUS_TYPES = ("bonus_start", "bonus_spin", "lives", "letters", "pot_award", "coin_convert",
               "row_count", "row_activate", "boost", "bonus_end")
