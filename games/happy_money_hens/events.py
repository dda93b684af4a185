"""The closed set of Happy Money Hens event types, in the order a round emits them.

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
- win_cap {uncapped_x100, payout_x100}: the round hit the game's cap
- round_end {line_x100, payout_x100}

A coin is {row, reel, kind: "cash"|"pot_fill", double: bool, value_x100 (cash) or
pot: MINI|MINOR|MAJOR|GRAND (pot fill)}; a double coin shows two coins of that value.
"""
from __future__ import annotations

EVENT_TYPES = (
    "reel_stop", "line_win", "feature_symbol", "pot_trigger", "pot_levels_reset",
    "bonus_start", "bonus_spin", "lives", "letters", "pot_award", "coin_convert",
    "row_count", "row_activate", "boost", "bonus_end", "win_cap", "round_end",
)
