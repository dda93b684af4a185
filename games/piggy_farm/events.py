"""Piggy Farm's closed set of event names and their payloads (what scenes switch on).

Cells are [row, col] with row 0 at the top; symbols are math-file ids ("GP", "WD"...);
amounts are integer hundredths of the total bet (x100).
"""
from __future__ import annotations

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

EVENTS: dict[str, str] = {
    BOARD: "{phase: 'base'|'free_spins'|'hog_wild'|'growing_season', strips: set name, "
           "tops: [7 strip positions of the top row], board: [[sym x7] x7]}",
    WILD_SPAWN: "{cells: [[r, c], ...], board: [[sym]]} - the wilds that appeared and the board after",
    CLUSTER_WIN: "{symbol, size, band: '5'|'6-7'|..., cells: [[r, c]], pay_x100: paytable pay, "
                 "grid_sum: summed charge of its cells read before the bump (0 if none), "
                 "multiplier: total multiplier applied (grid x start x spin), win_x100}",
    TUMBLE: "{removed: [[r, c]], falls: [[col, from_row, to_row]], refills: [[col, row, sym]], "
            "tops: [new strip positions], board: [[sym]] after the drop}",
    STICKY_GRID: "{values: [[int x7] x7]} - 0 uncharged, else the cell's charge",
    SPIN_END: "{win_x100: this spin's chain total, total_x100: round total so far, scatters: count, "
              "scatter_cells: [[r, c]]}",
    WHEEL_TRIGGER: "{scatters: n, tier: 'bronze'|'silver'|'gold'}",
    WHEEL_SPIN: "{tier, index: slice index on that tier's wheel, slice_kind: 'coin'|'upgrade'|'free_spins', "
                "value, label, upgrade: bool (the spin moves on to the next tier)}",
    COIN_PRIZE: "{tier, win_x100}",
    FREE_SPINS_START: "{feature: 'free_spins'|'hog_wild'|'growing_season', spins, start_multiplier, "
                      "sticky: bool, strips}",
    FREE_SPIN: "{index: 1-based, of: spins in the round now, multiplier: start x spin-number factor}",
    RETRIGGER: "{added: 5, of: new spin total, scatters}",
    FREE_SPINS_END: "{win_x100: free-spins total (before the cap)}",
    HUNT_START: "{nests: 12, min_prizes, ladder_x100: [prizes]}",
    HUNT_REVEAL: "{pick: 1-based, nest: 0-based nest index, prize_x100 (null for the rooster), "
                 "rooster: bool, total_x100}",
    HUNT_END: "{prizes: n, total_x100}",
    RISK_DRAW: "{won: bool, win_x100: 400000 or 0}",
    CAP: "{cap_x100: 5000000}",
    ROUND_END: "{payout_x100, capped: bool}",
}
